module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> (tensor<32xf32> {jax.result_info = "result[0]"}, tensor<32xf32> {jax.result_info = "result[1]"}, tensor<32xf32> {jax.result_info = "result[2]"}, tensor<32xf32> {jax.result_info = "result[3]"}, tensor<32xf32> {jax.result_info = "result[4]"}, tensor<32xf32> {jax.result_info = "result[5]"}, tensor<32xf32> {jax.result_info = "result[6]"}, tensor<32xf32> {jax.result_info = "result[7]"}, tensor<32xf32> {jax.result_info = "result[8]"}, tensor<32xf32> {jax.result_info = "result[9]"}, tensor<32xf32> {jax.result_info = "result[10]"}, tensor<32xf32> {jax.result_info = "result[11]"}, tensor<32xf32> {jax.result_info = "result[12]"}, tensor<32xf32> {jax.result_info = "result[13]"}, tensor<32xf32> {jax.result_info = "result[14]"}, tensor<32xf32> {jax.result_info = "result[15]"}, tensor<32xf32> {jax.result_info = "result[16]"}, tensor<32xf32> {jax.result_info = "result[17]"}) {
    %cst = stablehlo.constant dense<[-59.9633484, 98.0010757, -56.6762848, 13.9312611, -1.23916578]> : tensor<5xf32>
    %cst_0 = stablehlo.constant dense<[1.000000e+00, 1.95448864, 4.67627907, 86.3602447, -225.462692, 200.260208, -82.0372238, 15.9056225, -1.18331623]> : tensor<9xf32>
    %cst_1 = stablehlo.constant dense<[3.23774886, 6.91522884, 3.93881035, 1.33303463, 0.201485395, 0.0123716639, 3.01581546E-4, 2.65806966E-6, 6.23974561E-9]> : tensor<9xf32>
    %cst_2 = stablehlo.constant dense<[1.000000e+00, 6.02427053, 3.67983556, 1.37702096, 2.162370e-01, 1.342040e-02, 3.28014459E-4, 2.89247873E-6, 6.79019418E-9]> : tensor<9xf32>
    %cst_3 = stablehlo.constant dense<[4.05544901, 31.5251102, 57.1628189, 44.0805092, 14.6849566, 2.18663311, -0.140256077, -0.035042461, -8.57456762E-4]> : tensor<9xf32>
    %cst_4 = stablehlo.constant dense<[1.000000e+00, 15.7799883, 45.3907623, 41.3172035, 15.0425386, 2.5046494, -0.142182916, -0.0380806401, -9.33259492E-4]> : tensor<9xf32>
    %0 = chlo.lgamma %arg0 : tensor<32xf32> -> tensor<32xf32>
    %1 = chlo.digamma %arg0 : tensor<32xf32> -> tensor<32xf32>
    %cst_5 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<32xf32>
    %4 = chlo.erf %3 : tensor<32xf32> -> tensor<32xf32>
    %cst_6 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.subtract %arg0, %5 : tensor<32xf32>
    %7 = chlo.erfc %6 : tensor<32xf32> -> tensor<32xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.multiply %8, %arg2 : tensor<32xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %11 = stablehlo.subtract %9, %10 : tensor<32xf32>
    %12 = chlo.erf_inv %11 : tensor<32xf32> -> tensor<32xf32>
    %cst_9 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %14 = stablehlo.subtract %arg0, %13 : tensor<32xf32>
    %cst_10 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %16 = stablehlo.multiply %14, %15 : tensor<32xf32>
    %17 = stablehlo.abs %16 : tensor<32xf32>
    %cst_11 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %19 = stablehlo.compare LT, %17, %18, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %20 = chlo.erf %16 : tensor<32xf32> -> tensor<32xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %22 = stablehlo.add %21, %20 : tensor<32xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %24 = stablehlo.compare GT, %16, %23, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %25 = chlo.erfc %17 : tensor<32xf32> -> tensor<32xf32>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %27 = stablehlo.subtract %26, %25 : tensor<32xf32>
    %28 = chlo.erfc %17 : tensor<32xf32> -> tensor<32xf32>
    %29 = stablehlo.select %24, %27, %28 : tensor<32xi1>, tensor<32xf32>
    %30 = stablehlo.select %19, %22, %29 : tensor<32xi1>, tensor<32xf32>
    %cst_15 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %32 = stablehlo.multiply %31, %30 : tensor<32xf32>
    %cst_16 = stablehlo.constant dense<0.864664733> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %34 = stablehlo.compare GT, %arg2, %33, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %36 = stablehlo.subtract %35, %arg2 : tensor<32xf32>
    %37 = call @_where(%34, %36, %arg2) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %39 = stablehlo.compare EQ, %37, %38, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %41 = call @_where(%39, %40, %37) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_20 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %43 = stablehlo.subtract %41, %42 : tensor<32xf32>
    %44 = chlo.square %43 : tensor<32xf32> -> tensor<32xf32>
    %45 = stablehlo.multiply %43, %44 : tensor<32xf32>
    %46 = call @polyval(%cst, %44) : (tensor<5xf32>, tensor<32xf32>) -> tensor<32xf32>
    %47 = call @polyval_0(%cst_0, %44) : (tensor<9xf32>, tensor<32xf32>) -> tensor<32xf32>
    %48 = stablehlo.divide %46, %47 : tensor<32xf32>
    %49 = stablehlo.multiply %45, %48 : tensor<32xf32>
    %50 = stablehlo.add %43, %49 : tensor<32xf32>
    %cst_21 = stablehlo.constant dense<-2.50662827> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %52 = stablehlo.multiply %50, %51 : tensor<32xf32>
    %53 = stablehlo.log %41 : tensor<32xf32>
    %cst_22 = stablehlo.constant dense<-2.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %55 = stablehlo.multiply %54, %53 : tensor<32xf32>
    %56 = stablehlo.sqrt %55 : tensor<32xf32>
    %57 = stablehlo.log %56 : tensor<32xf32>
    %58 = stablehlo.divide %57, %56 : tensor<32xf32>
    %59 = stablehlo.subtract %56, %58 : tensor<32xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %61 = stablehlo.divide %60, %56 : tensor<32xf32>
    %62 = call @polyval_0(%cst_1, %61) : (tensor<9xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %64 = stablehlo.divide %63, %56 : tensor<32xf32>
    %65 = call @polyval_0(%cst_2, %64) : (tensor<9xf32>, tensor<32xf32>) -> tensor<32xf32>
    %66 = stablehlo.divide %62, %65 : tensor<32xf32>
    %67 = stablehlo.divide %66, %56 : tensor<32xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %69 = stablehlo.divide %68, %56 : tensor<32xf32>
    %70 = call @polyval_0(%cst_3, %69) : (tensor<9xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %72 = stablehlo.divide %71, %56 : tensor<32xf32>
    %73 = call @polyval_0(%cst_4, %72) : (tensor<9xf32>, tensor<32xf32>) -> tensor<32xf32>
    %74 = stablehlo.divide %70, %73 : tensor<32xf32>
    %75 = stablehlo.divide %74, %56 : tensor<32xf32>
    %76 = stablehlo.subtract %59, %67 : tensor<32xf32>
    %77 = stablehlo.subtract %59, %75 : tensor<32xf32>
    %cst_27 = stablehlo.constant dense<0.135335281> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %79 = stablehlo.compare GT, %41, %78, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_28 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %81 = stablehlo.compare GE, %56, %80, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %82 = call @_where(%81, %76, %77) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %83 = call @_where(%79, %52, %82) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_29 = stablehlo.constant dense<0.864664733> : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %85 = stablehlo.compare GT, %arg2, %84, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %86 = stablehlo.negate %83 : tensor<32xf32>
    %87 = call @_where(%85, %83, %86) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_30 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %89 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %90 = stablehlo.compare EQ, %arg2, %89, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %91 = stablehlo.negate %88 : tensor<32xf32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %93 = stablehlo.compare EQ, %arg2, %92, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %94 = call @_where(%93, %88, %87) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %95 = call @_where(%90, %91, %94) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_33 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %97 = stablehlo.subtract %arg0, %96 : tensor<32xf32>
    %cst_34 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %99 = stablehlo.compare GT, %97, %98, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %100 = stablehlo.negate %97 : tensor<32xf32>
    %cst_35 = stablehlo.constant dense<-1.000000e+01> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %102 = stablehlo.maximum %97, %101 : tensor<32xf32>
    %103 = call @_where(%99, %100, %102) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_36 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %105 = stablehlo.multiply %103, %104 : tensor<32xf32>
    %106 = stablehlo.abs %105 : tensor<32xf32>
    %cst_37 = stablehlo.constant dense<0.707106769> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %108 = stablehlo.compare LT, %106, %107, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %109 = chlo.erf %105 : tensor<32xf32> -> tensor<32xf32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %111 = stablehlo.add %110, %109 : tensor<32xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %113 = stablehlo.compare GT, %105, %112, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %114 = chlo.erfc %106 : tensor<32xf32> -> tensor<32xf32>
    %cst_40 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %116 = stablehlo.subtract %115, %114 : tensor<32xf32>
    %117 = chlo.erfc %106 : tensor<32xf32> -> tensor<32xf32>
    %118 = stablehlo.select %113, %116, %117 : tensor<32xi1>, tensor<32xf32>
    %119 = stablehlo.select %108, %111, %118 : tensor<32xi1>, tensor<32xf32>
    %cst_41 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %121 = stablehlo.multiply %120, %119 : tensor<32xf32>
    %122 = stablehlo.negate %121 : tensor<32xf32>
    %cst_42 = stablehlo.constant dense<-1.000000e+01> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %124 = stablehlo.compare GT, %97, %123, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %125 = stablehlo.log %121 : tensor<32xf32>
    %cst_43 = stablehlo.constant dense<-1.000000e+01> : tensor<f32>
    %126 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %127 = stablehlo.minimum %97, %126 : tensor<32xf32>
    %128 = chlo.square %127 : tensor<32xf32> -> tensor<32xf32>
    %cst_44 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %130 = stablehlo.multiply %129, %128 : tensor<32xf32>
    %131 = stablehlo.negate %127 : tensor<32xf32>
    %132 = stablehlo.log %131 : tensor<32xf32>
    %133 = stablehlo.subtract %130, %132 : tensor<32xf32>
    %cst_45 = stablehlo.constant dense<0.918938517> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %135 = stablehlo.subtract %133, %134 : tensor<32xf32>
    %136 = chlo.square %127 : tensor<32xf32> -> tensor<32xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_48 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %140 = stablehlo.divide %139, %136 : tensor<32xf32>
    %141 = stablehlo.add %138, %140 : tensor<32xf32>
    %142 = stablehlo.multiply %136, %136 : tensor<32xf32>
    %cst_49 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %144 = stablehlo.divide %143, %142 : tensor<32xf32>
    %145 = stablehlo.add %137, %144 : tensor<32xf32>
    %146 = stablehlo.multiply %142, %136 : tensor<32xf32>
    %cst_50 = stablehlo.constant dense<1.500000e+01> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %148 = stablehlo.divide %147, %146 : tensor<32xf32>
    %149 = stablehlo.add %141, %148 : tensor<32xf32>
    %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %150 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %151 = stablehlo.add %150, %145 : tensor<32xf32>
    %152 = stablehlo.subtract %151, %149 : tensor<32xf32>
    %153 = stablehlo.log %152 : tensor<32xf32>
    %154 = stablehlo.add %135, %153 : tensor<32xf32>
    %155 = call @_where(%124, %125, %154) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %156 = call @_where(%99, %122, %155) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_52 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %157 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %158 = stablehlo.subtract %arg0, %157 : tensor<32xf32>
    %159 = stablehlo.negate %158 : tensor<32xf32>
    %160 = stablehlo.exponential %159 : tensor<32xf32>
    %cst_53 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %162 = stablehlo.add %161, %160 : tensor<32xf32>
    %cst_54 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %164 = stablehlo.divide %163, %162 : tensor<32xf32>
    %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %165 = stablehlo.broadcast_in_dim %cst_55, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %166 = stablehlo.subtract %165, %arg2 : tensor<32xf32>
    %167 = stablehlo.divide %arg2, %166 : tensor<32xf32>
    %168 = stablehlo.log %167 : tensor<32xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %170 = stablehlo.compare NE, %arg0, %169, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %171 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %172 = stablehlo.or %170, %171 : tensor<32xi1>
    %173 = stablehlo.log %arg1 : tensor<32xf32>
    %174 = stablehlo.multiply %arg0, %173 : tensor<32xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %175 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %176 = call @_where(%172, %174, %175) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_58 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %177 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %178 = stablehlo.subtract %arg1, %177 : tensor<32xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %180 = stablehlo.compare NE, %arg0, %179, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %181 = stablehlo.compare NE, %178, %178, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %182 = stablehlo.or %180, %181 : tensor<32xi1>
    %183 = stablehlo.log_plus_one %178 : tensor<32xf32>
    %184 = stablehlo.multiply %arg0, %183 : tensor<32xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %185 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %186 = call @_where(%182, %184, %185) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %187 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %188 = stablehlo.compare LT, %arg2, %187, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_62 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %189 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %191 = stablehlo.compare NE, %arg2, %190, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %192 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %193 = stablehlo.or %191, %192 : tensor<32xi1>
    %194 = stablehlo.log %arg2 : tensor<32xf32>
    %195 = stablehlo.multiply %arg2, %194 : tensor<32xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %196 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %197 = call @_where(%193, %195, %196) : (tensor<32xi1>, tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
    %198 = stablehlo.negate %197 : tensor<32xf32>
    %199 = stablehlo.select %188, %189, %198 : tensor<32xi1>, tensor<32xf32>
    %200 = call @gammasgn(%arg0) : (tensor<32xf32>) -> tensor<32xf32>
    %201 = chlo.lgamma %arg0 : tensor<32xf32> -> tensor<32xf32>
    %202 = stablehlo.exponential %201 : tensor<32xf32>
    %203 = stablehlo.multiply %200, %202 : tensor<32xf32>
    %204 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst_65 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_66 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %206 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_67 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %207 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %208 = stablehlo.multiply %205, %204 : tensor<32xf32>
    %209 = stablehlo.subtract %208, %206 : tensor<32xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %213 = stablehlo.multiply %209, %210 : tensor<32xf32>
    %214 = stablehlo.subtract %213, %211 : tensor<32xf32>
    %cst_71 = stablehlo.constant dense<-1.30002498E-8> : tensor<f32>
    %215 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %216 = stablehlo.add %214, %215 : tensor<32xf32>
    %217 = stablehlo.multiply %209, %216 : tensor<32xf32>
    %218 = stablehlo.subtract %217, %210 : tensor<32xf32>
    %cst_72 = stablehlo.constant dense<6.04699508E-8> : tensor<f32>
    %219 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %220 = stablehlo.add %218, %219 : tensor<32xf32>
    %221 = stablehlo.multiply %209, %220 : tensor<32xf32>
    %222 = stablehlo.subtract %221, %216 : tensor<32xf32>
    %cst_73 = stablehlo.constant dense<-2.67079372E-7> : tensor<f32>
    %223 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %224 = stablehlo.add %222, %223 : tensor<32xf32>
    %225 = stablehlo.multiply %209, %224 : tensor<32xf32>
    %226 = stablehlo.subtract %225, %220 : tensor<32xf32>
    %cst_74 = stablehlo.constant dense<1.11738757E-6> : tensor<f32>
    %227 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %228 = stablehlo.add %226, %227 : tensor<32xf32>
    %229 = stablehlo.multiply %209, %228 : tensor<32xf32>
    %230 = stablehlo.subtract %229, %224 : tensor<32xf32>
    %cst_75 = stablehlo.constant dense<-4.41673819E-6> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %232 = stablehlo.add %230, %231 : tensor<32xf32>
    %233 = stablehlo.multiply %209, %232 : tensor<32xf32>
    %234 = stablehlo.subtract %233, %228 : tensor<32xf32>
    %cst_76 = stablehlo.constant dense<1.64484482E-5> : tensor<f32>
    %235 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %236 = stablehlo.add %234, %235 : tensor<32xf32>
    %237 = stablehlo.multiply %209, %236 : tensor<32xf32>
    %238 = stablehlo.subtract %237, %232 : tensor<32xf32>
    %cst_77 = stablehlo.constant dense<-5.75419508E-5> : tensor<f32>
    %239 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %240 = stablehlo.add %238, %239 : tensor<32xf32>
    %241 = stablehlo.multiply %209, %240 : tensor<32xf32>
    %242 = stablehlo.subtract %241, %236 : tensor<32xf32>
    %cst_78 = stablehlo.constant dense<1.88502891E-4> : tensor<f32>
    %243 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %244 = stablehlo.add %242, %243 : tensor<32xf32>
    %245 = stablehlo.multiply %209, %244 : tensor<32xf32>
    %246 = stablehlo.subtract %245, %240 : tensor<32xf32>
    %cst_79 = stablehlo.constant dense<-5.76375576E-4> : tensor<f32>
    %247 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %248 = stablehlo.add %246, %247 : tensor<32xf32>
    %249 = stablehlo.multiply %209, %248 : tensor<32xf32>
    %250 = stablehlo.subtract %249, %244 : tensor<32xf32>
    %cst_80 = stablehlo.constant dense<0.00163947558> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %252 = stablehlo.add %250, %251 : tensor<32xf32>
    %253 = stablehlo.multiply %209, %252 : tensor<32xf32>
    %254 = stablehlo.subtract %253, %248 : tensor<32xf32>
    %cst_81 = stablehlo.constant dense<-4.324310e-03> : tensor<f32>
    %255 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %256 = stablehlo.add %254, %255 : tensor<32xf32>
    %257 = stablehlo.multiply %209, %256 : tensor<32xf32>
    %258 = stablehlo.subtract %257, %252 : tensor<32xf32>
    %cst_82 = stablehlo.constant dense<0.0105464607> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %260 = stablehlo.add %258, %259 : tensor<32xf32>
    %261 = stablehlo.multiply %209, %260 : tensor<32xf32>
    %262 = stablehlo.subtract %261, %256 : tensor<32xf32>
    %cst_83 = stablehlo.constant dense<-0.0237374157> : tensor<f32>
    %263 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %264 = stablehlo.add %262, %263 : tensor<32xf32>
    %265 = stablehlo.multiply %209, %264 : tensor<32xf32>
    %266 = stablehlo.subtract %265, %260 : tensor<32xf32>
    %cst_84 = stablehlo.constant dense<0.0493052825> : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %268 = stablehlo.add %266, %267 : tensor<32xf32>
    %269 = stablehlo.multiply %209, %268 : tensor<32xf32>
    %270 = stablehlo.subtract %269, %264 : tensor<32xf32>
    %cst_85 = stablehlo.constant dense<-9.490110e-02> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %272 = stablehlo.add %270, %271 : tensor<32xf32>
    %273 = stablehlo.multiply %209, %272 : tensor<32xf32>
    %274 = stablehlo.subtract %273, %268 : tensor<32xf32>
    %cst_86 = stablehlo.constant dense<0.171620905> : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %276 = stablehlo.add %274, %275 : tensor<32xf32>
    %277 = stablehlo.multiply %209, %276 : tensor<32xf32>
    %278 = stablehlo.subtract %277, %272 : tensor<32xf32>
    %cst_87 = stablehlo.constant dense<-0.304682672> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %280 = stablehlo.add %278, %279 : tensor<32xf32>
    %281 = stablehlo.multiply %209, %280 : tensor<32xf32>
    %282 = stablehlo.subtract %281, %276 : tensor<32xf32>
    %cst_88 = stablehlo.constant dense<0.676795303> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %284 = stablehlo.add %282, %283 : tensor<32xf32>
    %285 = stablehlo.subtract %284, %276 : tensor<32xf32>
    %cst_89 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %286 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %287 = stablehlo.multiply %286, %285 : tensor<32xf32>
    %288 = stablehlo.divide %207, %204 : tensor<32xf32>
    %289 = stablehlo.subtract %288, %206 : tensor<32xf32>
    %cst_90 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %290 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_91 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_92 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %292 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %293 = stablehlo.multiply %289, %290 : tensor<32xf32>
    %294 = stablehlo.subtract %293, %291 : tensor<32xf32>
    %cst_93 = stablehlo.constant dense<3.39623196E-9> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %296 = stablehlo.add %294, %295 : tensor<32xf32>
    %297 = stablehlo.multiply %289, %296 : tensor<32xf32>
    %298 = stablehlo.subtract %297, %290 : tensor<32xf32>
    %cst_94 = stablehlo.constant dense<2.26666899E-8> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %300 = stablehlo.add %298, %299 : tensor<32xf32>
    %301 = stablehlo.multiply %289, %300 : tensor<32xf32>
    %302 = stablehlo.subtract %301, %296 : tensor<32xf32>
    %cst_95 = stablehlo.constant dense<2.04891862E-7> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_95, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %304 = stablehlo.add %302, %303 : tensor<32xf32>
    %305 = stablehlo.multiply %289, %304 : tensor<32xf32>
    %306 = stablehlo.subtract %305, %300 : tensor<32xf32>
    %cst_96 = stablehlo.constant dense<2.89137051E-6> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %308 = stablehlo.add %306, %307 : tensor<32xf32>
    %309 = stablehlo.multiply %289, %308 : tensor<32xf32>
    %310 = stablehlo.subtract %309, %304 : tensor<32xf32>
    %cst_97 = stablehlo.constant dense<6.88975852E-5> : tensor<f32>
    %311 = stablehlo.broadcast_in_dim %cst_97, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %312 = stablehlo.add %310, %311 : tensor<32xf32>
    %313 = stablehlo.multiply %289, %312 : tensor<32xf32>
    %314 = stablehlo.subtract %313, %308 : tensor<32xf32>
    %cst_98 = stablehlo.constant dense<0.00336911646> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_98, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %316 = stablehlo.add %314, %315 : tensor<32xf32>
    %317 = stablehlo.multiply %289, %316 : tensor<32xf32>
    %318 = stablehlo.subtract %317, %312 : tensor<32xf32>
    %cst_99 = stablehlo.constant dense<0.804490387> : tensor<f32>
    %319 = stablehlo.broadcast_in_dim %cst_99, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %320 = stablehlo.add %318, %319 : tensor<32xf32>
    %321 = stablehlo.subtract %320, %312 : tensor<32xf32>
    %cst_100 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %322 = stablehlo.broadcast_in_dim %cst_100, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %323 = stablehlo.multiply %322, %321 : tensor<32xf32>
    %324 = stablehlo.sqrt %204 : tensor<32xf32>
    %325 = stablehlo.divide %323, %324 : tensor<32xf32>
    %cst_101 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %326 = stablehlo.broadcast_in_dim %cst_101, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %327 = stablehlo.compare LE, %204, %326, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %328 = stablehlo.select %327, %287, %325 : tensor<32xi1>, tensor<32xf32>
    %329 = chlo.bessel_i1e %arg0 : tensor<32xf32> -> tensor<32xf32>
    %330 = stablehlo.abs %arg0 : tensor<32xf32>
    %331 = stablehlo.exponential %330 : tensor<32xf32>
    %332 = stablehlo.abs %arg0 : tensor<32xf32>
    %cst_102 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_102, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_103 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %cst_103, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_104 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %335 = stablehlo.broadcast_in_dim %cst_104, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %336 = stablehlo.multiply %333, %332 : tensor<32xf32>
    %337 = stablehlo.subtract %336, %334 : tensor<32xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %338 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_106 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %339 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %341 = stablehlo.multiply %337, %338 : tensor<32xf32>
    %342 = stablehlo.subtract %341, %339 : tensor<32xf32>
    %cst_108 = stablehlo.constant dense<-1.30002498E-8> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_108, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %344 = stablehlo.add %342, %343 : tensor<32xf32>
    %345 = stablehlo.multiply %337, %344 : tensor<32xf32>
    %346 = stablehlo.subtract %345, %338 : tensor<32xf32>
    %cst_109 = stablehlo.constant dense<6.04699508E-8> : tensor<f32>
    %347 = stablehlo.broadcast_in_dim %cst_109, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %348 = stablehlo.add %346, %347 : tensor<32xf32>
    %349 = stablehlo.multiply %337, %348 : tensor<32xf32>
    %350 = stablehlo.subtract %349, %344 : tensor<32xf32>
    %cst_110 = stablehlo.constant dense<-2.67079372E-7> : tensor<f32>
    %351 = stablehlo.broadcast_in_dim %cst_110, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %352 = stablehlo.add %350, %351 : tensor<32xf32>
    %353 = stablehlo.multiply %337, %352 : tensor<32xf32>
    %354 = stablehlo.subtract %353, %348 : tensor<32xf32>
    %cst_111 = stablehlo.constant dense<1.11738757E-6> : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %cst_111, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %356 = stablehlo.add %354, %355 : tensor<32xf32>
    %357 = stablehlo.multiply %337, %356 : tensor<32xf32>
    %358 = stablehlo.subtract %357, %352 : tensor<32xf32>
    %cst_112 = stablehlo.constant dense<-4.41673819E-6> : tensor<f32>
    %359 = stablehlo.broadcast_in_dim %cst_112, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %360 = stablehlo.add %358, %359 : tensor<32xf32>
    %361 = stablehlo.multiply %337, %360 : tensor<32xf32>
    %362 = stablehlo.subtract %361, %356 : tensor<32xf32>
    %cst_113 = stablehlo.constant dense<1.64484482E-5> : tensor<f32>
    %363 = stablehlo.broadcast_in_dim %cst_113, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %364 = stablehlo.add %362, %363 : tensor<32xf32>
    %365 = stablehlo.multiply %337, %364 : tensor<32xf32>
    %366 = stablehlo.subtract %365, %360 : tensor<32xf32>
    %cst_114 = stablehlo.constant dense<-5.75419508E-5> : tensor<f32>
    %367 = stablehlo.broadcast_in_dim %cst_114, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %368 = stablehlo.add %366, %367 : tensor<32xf32>
    %369 = stablehlo.multiply %337, %368 : tensor<32xf32>
    %370 = stablehlo.subtract %369, %364 : tensor<32xf32>
    %cst_115 = stablehlo.constant dense<1.88502891E-4> : tensor<f32>
    %371 = stablehlo.broadcast_in_dim %cst_115, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %372 = stablehlo.add %370, %371 : tensor<32xf32>
    %373 = stablehlo.multiply %337, %372 : tensor<32xf32>
    %374 = stablehlo.subtract %373, %368 : tensor<32xf32>
    %cst_116 = stablehlo.constant dense<-5.76375576E-4> : tensor<f32>
    %375 = stablehlo.broadcast_in_dim %cst_116, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %376 = stablehlo.add %374, %375 : tensor<32xf32>
    %377 = stablehlo.multiply %337, %376 : tensor<32xf32>
    %378 = stablehlo.subtract %377, %372 : tensor<32xf32>
    %cst_117 = stablehlo.constant dense<0.00163947558> : tensor<f32>
    %379 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %380 = stablehlo.add %378, %379 : tensor<32xf32>
    %381 = stablehlo.multiply %337, %380 : tensor<32xf32>
    %382 = stablehlo.subtract %381, %376 : tensor<32xf32>
    %cst_118 = stablehlo.constant dense<-4.324310e-03> : tensor<f32>
    %383 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %384 = stablehlo.add %382, %383 : tensor<32xf32>
    %385 = stablehlo.multiply %337, %384 : tensor<32xf32>
    %386 = stablehlo.subtract %385, %380 : tensor<32xf32>
    %cst_119 = stablehlo.constant dense<0.0105464607> : tensor<f32>
    %387 = stablehlo.broadcast_in_dim %cst_119, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %388 = stablehlo.add %386, %387 : tensor<32xf32>
    %389 = stablehlo.multiply %337, %388 : tensor<32xf32>
    %390 = stablehlo.subtract %389, %384 : tensor<32xf32>
    %cst_120 = stablehlo.constant dense<-0.0237374157> : tensor<f32>
    %391 = stablehlo.broadcast_in_dim %cst_120, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %392 = stablehlo.add %390, %391 : tensor<32xf32>
    %393 = stablehlo.multiply %337, %392 : tensor<32xf32>
    %394 = stablehlo.subtract %393, %388 : tensor<32xf32>
    %cst_121 = stablehlo.constant dense<0.0493052825> : tensor<f32>
    %395 = stablehlo.broadcast_in_dim %cst_121, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %396 = stablehlo.add %394, %395 : tensor<32xf32>
    %397 = stablehlo.multiply %337, %396 : tensor<32xf32>
    %398 = stablehlo.subtract %397, %392 : tensor<32xf32>
    %cst_122 = stablehlo.constant dense<-9.490110e-02> : tensor<f32>
    %399 = stablehlo.broadcast_in_dim %cst_122, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %400 = stablehlo.add %398, %399 : tensor<32xf32>
    %401 = stablehlo.multiply %337, %400 : tensor<32xf32>
    %402 = stablehlo.subtract %401, %396 : tensor<32xf32>
    %cst_123 = stablehlo.constant dense<0.171620905> : tensor<f32>
    %403 = stablehlo.broadcast_in_dim %cst_123, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %404 = stablehlo.add %402, %403 : tensor<32xf32>
    %405 = stablehlo.multiply %337, %404 : tensor<32xf32>
    %406 = stablehlo.subtract %405, %400 : tensor<32xf32>
    %cst_124 = stablehlo.constant dense<-0.304682672> : tensor<f32>
    %407 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %408 = stablehlo.add %406, %407 : tensor<32xf32>
    %409 = stablehlo.multiply %337, %408 : tensor<32xf32>
    %410 = stablehlo.subtract %409, %404 : tensor<32xf32>
    %cst_125 = stablehlo.constant dense<0.676795303> : tensor<f32>
    %411 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %412 = stablehlo.add %410, %411 : tensor<32xf32>
    %413 = stablehlo.subtract %412, %404 : tensor<32xf32>
    %cst_126 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %414 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %415 = stablehlo.multiply %414, %413 : tensor<32xf32>
    %416 = stablehlo.divide %335, %332 : tensor<32xf32>
    %417 = stablehlo.subtract %416, %334 : tensor<32xf32>
    %cst_127 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %418 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %419 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_129 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %420 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %421 = stablehlo.multiply %417, %418 : tensor<32xf32>
    %422 = stablehlo.subtract %421, %419 : tensor<32xf32>
    %cst_130 = stablehlo.constant dense<3.39623196E-9> : tensor<f32>
    %423 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %424 = stablehlo.add %422, %423 : tensor<32xf32>
    %425 = stablehlo.multiply %417, %424 : tensor<32xf32>
    %426 = stablehlo.subtract %425, %418 : tensor<32xf32>
    %cst_131 = stablehlo.constant dense<2.26666899E-8> : tensor<f32>
    %427 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %428 = stablehlo.add %426, %427 : tensor<32xf32>
    %429 = stablehlo.multiply %417, %428 : tensor<32xf32>
    %430 = stablehlo.subtract %429, %424 : tensor<32xf32>
    %cst_132 = stablehlo.constant dense<2.04891862E-7> : tensor<f32>
    %431 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %432 = stablehlo.add %430, %431 : tensor<32xf32>
    %433 = stablehlo.multiply %417, %432 : tensor<32xf32>
    %434 = stablehlo.subtract %433, %428 : tensor<32xf32>
    %cst_133 = stablehlo.constant dense<2.89137051E-6> : tensor<f32>
    %435 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %436 = stablehlo.add %434, %435 : tensor<32xf32>
    %437 = stablehlo.multiply %417, %436 : tensor<32xf32>
    %438 = stablehlo.subtract %437, %432 : tensor<32xf32>
    %cst_134 = stablehlo.constant dense<6.88975852E-5> : tensor<f32>
    %439 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %440 = stablehlo.add %438, %439 : tensor<32xf32>
    %441 = stablehlo.multiply %417, %440 : tensor<32xf32>
    %442 = stablehlo.subtract %441, %436 : tensor<32xf32>
    %cst_135 = stablehlo.constant dense<0.00336911646> : tensor<f32>
    %443 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %444 = stablehlo.add %442, %443 : tensor<32xf32>
    %445 = stablehlo.multiply %417, %444 : tensor<32xf32>
    %446 = stablehlo.subtract %445, %440 : tensor<32xf32>
    %cst_136 = stablehlo.constant dense<0.804490387> : tensor<f32>
    %447 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %448 = stablehlo.add %446, %447 : tensor<32xf32>
    %449 = stablehlo.subtract %448, %440 : tensor<32xf32>
    %cst_137 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %450 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %451 = stablehlo.multiply %450, %449 : tensor<32xf32>
    %452 = stablehlo.sqrt %332 : tensor<32xf32>
    %453 = stablehlo.divide %451, %452 : tensor<32xf32>
    %cst_138 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %454 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %455 = stablehlo.compare LE, %332, %454, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %456 = stablehlo.select %455, %415, %453 : tensor<32xi1>, tensor<32xf32>
    %457 = stablehlo.multiply %331, %456 : tensor<32xf32>
    %458 = stablehlo.abs %arg0 : tensor<32xf32>
    %459 = stablehlo.exponential %458 : tensor<32xf32>
    %460 = chlo.bessel_i1e %arg0 : tensor<32xf32> -> tensor<32xf32>
    %461 = stablehlo.multiply %459, %460 : tensor<32xf32>
    return %0, %1, %4, %7, %12, %32, %95, %156, %164, %168, %176, %186, %199, %203, %328, %329, %457, %461 : tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>
  }
  func.func private @_where(%arg0: tensor<32xi1>, %arg1: tensor<32xf32>, %arg2: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<32xi1>, tensor<32xf32>
    return %0 : tensor<32xf32>
  }
  func.func private @polyval(%arg0: tensor<5xf32>, %arg1: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<5xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:5] : (tensor<5xf32>) -> tensor<5xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call(%arg1, %0, %4) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<5xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call(%arg1, %5, %7) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<5xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call(%arg1, %8, %10) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<5xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call(%arg1, %11, %13) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %15 = stablehlo.slice %2 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %16 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %17 = call @closed_call(%arg1, %14, %16) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    return %17 : tensor<32xf32>
  }
  func.func private @closed_call(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<f32>) -> tensor<32xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.add %0, %1 : tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @polyval_0(%arg0: tensor<9xf32>, %arg1: tensor<32xf32>) -> tensor<32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<9xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:9] : (tensor<9xf32>) -> tensor<9xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<9xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call_1(%arg1, %0, %4) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<9xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call_1(%arg1, %5, %7) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<9xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call_1(%arg1, %8, %10) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<9xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call_1(%arg1, %11, %13) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %15 = stablehlo.slice %2 [4:5] : (tensor<9xf32>) -> tensor<1xf32>
    %16 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %17 = call @closed_call_1(%arg1, %14, %16) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %18 = stablehlo.slice %2 [5:6] : (tensor<9xf32>) -> tensor<1xf32>
    %19 = stablehlo.reshape %18 : (tensor<1xf32>) -> tensor<f32>
    %20 = call @closed_call_1(%arg1, %17, %19) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %21 = stablehlo.slice %2 [6:7] : (tensor<9xf32>) -> tensor<1xf32>
    %22 = stablehlo.reshape %21 : (tensor<1xf32>) -> tensor<f32>
    %23 = call @closed_call_1(%arg1, %20, %22) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %24 = stablehlo.slice %2 [7:8] : (tensor<9xf32>) -> tensor<1xf32>
    %25 = stablehlo.reshape %24 : (tensor<1xf32>) -> tensor<f32>
    %26 = call @closed_call_1(%arg1, %23, %25) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    %27 = stablehlo.slice %2 [8:9] : (tensor<9xf32>) -> tensor<1xf32>
    %28 = stablehlo.reshape %27 : (tensor<1xf32>) -> tensor<f32>
    %29 = call @closed_call_1(%arg1, %26, %28) : (tensor<32xf32>, tensor<32xf32>, tensor<f32>) -> tensor<32xf32>
    return %29 : tensor<32xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<32xf32>, %arg1: tensor<32xf32>, %arg2: tensor<f32>) -> tensor<32xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<32xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.add %0, %1 : tensor<32xf32>
    return %2 : tensor<32xf32>
  }
  func.func private @gammasgn(%arg0: tensor<32xf32>) -> tensor<32xf32> {
    %0 = stablehlo.floor %arg0 : tensor<32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.compare LT, %arg0, %1, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %3 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %4 = stablehlo.and %2, %3 : tensor<32xi1>
    %5 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %6 = stablehlo.or %4, %5 : tensor<32xi1>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %7 = call @remainder(%0, %c) : (tensor<32xf32>, tensor<i32>) -> tensor<32xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %9 = stablehlo.compare NE, %7, %8, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %10 = stablehlo.and %2, %9 : tensor<32xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.compare EQ, %arg0, %11, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %13 = call @signbit(%arg0) : (tensor<32xf32>) -> tensor<32xi1>
    %14 = stablehlo.and %12, %13 : tensor<32xi1>
    %15 = stablehlo.or %10, %14 : tensor<32xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %16 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i1>) -> tensor<32xi1>
    %17 = stablehlo.broadcast_in_dim %16, dims = [1] : (tensor<32xi1>) -> tensor<1x32xi1>
    %18 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<32xi1>) -> tensor<1x32xi1>
    %19 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<32xi1>) -> tensor<1x32xi1>
    %20 = stablehlo.concatenate %17, %18, %19, dim = 0 : (tensor<1x32xi1>, tensor<1x32xi1>, tensor<1x32xi1>) -> tensor<3x32xi1>
    %21 = call @argmax(%20) : (tensor<3x32xi1>) -> tensor<32xi32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %c_6 = stablehlo.constant dense<1> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %26 = stablehlo.compare LT, %21, %25, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %c_7 = stablehlo.constant dense<2> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %28 = stablehlo.compare LT, %21, %27, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %29 = stablehlo.select %28, %23, %24 : tensor<32xi1>, tensor<32xf32>
    %30 = stablehlo.select %26, %22, %29 : tensor<32xi1>, tensor<32xf32>
    return %30 : tensor<32xf32>
  }
  func.func private @remainder(%arg0: tensor<32xf32>, %arg1: tensor<i32>) -> tensor<32xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<32xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<32xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<32xi1>, tensor<32xi1>) -> tensor<32xi1>
    %10 = stablehlo.and %9, %4 : tensor<32xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<32xf32>
    %12 = stablehlo.add %2, %11 : tensor<32xf32>
    %13 = stablehlo.select %10, %12, %2 : tensor<32xi1>, tensor<32xf32>
    return %13 : tensor<32xf32>
  }
  func.func private @signbit(%arg0: tensor<32xf32>) -> tensor<32xi1> {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<32xf32>) -> tensor<32xi32>
    %c = stablehlo.constant dense<31> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %2 = stablehlo.shift_right_arithmetic %0, %1 : tensor<32xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<32xi32>
    %4 = stablehlo.compare NE, %2, %3, SIGNED : (tensor<32xi32>, tensor<32xi32>) -> tensor<32xi1>
    %5 = stablehlo.convert %4 : tensor<32xi1>
    return %5 : tensor<32xi1>
  }
  func.func private @argmax(%arg0: tensor<3x32xi1>) -> tensor<32xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<3x32xi32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<3x32xi1>, tensor<3x32xi32>, tensor<i1>, tensor<i32>) -> (tensor<32xi1>, tensor<32xi32>)
     reducer(%arg1: tensor<i1>, %arg3: tensor<i1>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i1>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i1>, tensor<i32>
    }
    return %1#1 : tensor<32xi32>
  }
}
