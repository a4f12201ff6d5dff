module @jit_transformer_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512x1536xf32>, %arg1: tensor<512x512xf32>, %arg2: tensor<512x2048xf32>, %arg3: tensor<2048x512xf32>, %arg4: tensor<4x128x512xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<512x1536xf32> {jax.result_info = "result[1][0]"}, tensor<512x512xf32> {jax.result_info = "result[1][1]"}, tensor<512x2048xf32> {jax.result_info = "result[1][2]"}, tensor<2048x512xf32> {jax.result_info = "result[1][3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg4 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_0 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %5 = stablehlo.subtract %arg4, %4 : tensor<4x128x512xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = call @_var(%arg4, %c) : (tensor<4x128x512xf32>, tensor<i32>) -> tensor<4x128x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %8 = stablehlo.add %6, %7 : tensor<4x128x1xf32>
    %9 = stablehlo.rsqrt %8 : tensor<4x128x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %11 = stablehlo.multiply %5, %10 : tensor<4x128x512xf32>
    %12 = stablehlo.dot_general %11, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<512x1536xf32>) -> tensor<4x128x1536xf32>
    %13 = stablehlo.slice %12 [0:4, 0:128, 0:512] : (tensor<4x128x1536xf32>) -> tensor<4x128x512xf32>
    %14 = stablehlo.slice %12 [0:4, 0:128, 512:1024] : (tensor<4x128x1536xf32>) -> tensor<4x128x512xf32>
    %15 = stablehlo.slice %12 [0:4, 0:128, 1024:1536] : (tensor<4x128x1536xf32>) -> tensor<4x128x512xf32>
    %16 = stablehlo.reshape %13 : (tensor<4x128x512xf32>) -> tensor<4x128x8x64xf32>
    %17 = stablehlo.reshape %14 : (tensor<4x128x512xf32>) -> tensor<4x128x8x64xf32>
    %18 = stablehlo.reshape %15 : (tensor<4x128x512xf32>) -> tensor<4x128x8x64xf32>
    %19 = stablehlo.dot_general %16, %17, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x128x8x64xf32>, tensor<4x128x8x64xf32>) -> tensor<4x8x128x128xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %21 = stablehlo.divide %19, %20 : tensor<4x8x128x128xf32>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %22 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %23 = call @tril(%22) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_4 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %24:2 = call @_where_0(%23, %21, %cst_4) : (tensor<128x128xi1>, tensor<4x8x128x128xf32>, tensor<f32>) -> (tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>)
    %cst_5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %25 = stablehlo.reduce(%24#0 init: %cst_5) applies stablehlo.maximum across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x8x128xf32>
    %27 = stablehlo.maximum %26, %25 : tensor<4x8x128xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %30 = stablehlo.subtract %24#0, %29 : tensor<4x8x128x128xf32>
    %31 = stablehlo.exponential %30 : tensor<4x8x128x128xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %35 = stablehlo.divide %31, %34 : tensor<4x8x128x128xf32>
    %36 = stablehlo.multiply %33, %33 : tensor<4x8x128x1xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x8x128x1xf32>
    %38 = stablehlo.divide %37, %36 : tensor<4x8x128x1xf32>
    %39 = stablehlo.dot_general %18, %35, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x128x8x64xf32>, tensor<4x8x128x128xf32>) -> tensor<4x8x64x128xf32>
    %40 = stablehlo.transpose %39, dims = [0, 3, 1, 2] : (tensor<4x8x64x128xf32>) -> tensor<4x128x8x64xf32>
    %41 = stablehlo.reshape %40 : (tensor<4x128x8x64xf32>) -> tensor<4x128x512xf32>
    %42 = stablehlo.dot_general %41, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<512x512xf32>) -> tensor<4x128x512xf32>
    %43 = stablehlo.add %arg4, %42 : tensor<4x128x512xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_10 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %47 = stablehlo.divide %45, %46 : tensor<4x128x1xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %49 = stablehlo.subtract %43, %48 : tensor<4x128x512xf32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %50:4 = call @_var_1(%43, %c_11) : (tensor<4x128x512xf32>, tensor<i32>) -> (tensor<4x128x1xf32>, tensor<4x128x512xf32>, tensor<f32>, tensor<i1>)
    %cst_12 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %52 = stablehlo.add %50#0, %51 : tensor<4x128x1xf32>
    %53 = stablehlo.rsqrt %52 : tensor<4x128x1xf32>
    %54 = stablehlo.divide %53, %52 : tensor<4x128x1xf32>
    %cst_13 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %56 = stablehlo.multiply %55, %54 : tensor<4x128x1xf32>
    %57 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %58 = stablehlo.multiply %49, %57 : tensor<4x128x512xf32>
    %59 = stablehlo.dot_general %58, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<512x2048xf32>) -> tensor<4x128x2048xf32>
    %60 = stablehlo.multiply %59, %59 : tensor<4x128x2048xf32>
    %61 = stablehlo.multiply %60, %59 : tensor<4x128x2048xf32>
    %62 = stablehlo.multiply %59, %59 : tensor<4x128x2048xf32>
    %cst_14 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %64 = stablehlo.multiply %63, %62 : tensor<4x128x2048xf32>
    %cst_15 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %66 = stablehlo.multiply %65, %61 : tensor<4x128x2048xf32>
    %67 = stablehlo.add %59, %66 : tensor<4x128x2048xf32>
    %cst_16 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %69 = stablehlo.multiply %68, %67 : tensor<4x128x2048xf32>
    %70 = stablehlo.tanh %69 : tensor<4x128x2048xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %72 = stablehlo.subtract %71, %70 : tensor<4x128x2048xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %74 = stablehlo.add %73, %70 : tensor<4x128x2048xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %76 = stablehlo.multiply %75, %74 : tensor<4x128x2048xf32>
    %77 = stablehlo.multiply %59, %76 : tensor<4x128x2048xf32>
    %78 = stablehlo.dot_general %77, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x128x2048xf32>, tensor<2048x512xf32>) -> tensor<4x128x512xf32>
    %79 = stablehlo.add %43, %78 : tensor<4x128x512xf32>
    %80 = stablehlo.multiply %79, %79 : tensor<4x128x512xf32>
    %cst_20 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4x128x512xf32>
    %82 = stablehlo.multiply %81, %79 : tensor<4x128x512xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.reduce(%80 init: %cst_21) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<f32>
    %cst_22 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %84 = stablehlo.divide %83, %cst_22 : tensor<f32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_24 = stablehlo.constant dense<2.621440e+05> : tensor<f32>
    %85 = stablehlo.divide %cst_23, %cst_24 : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %85, dims = [] : (tensor<f32>) -> tensor<4x128x512xf32>
    %87 = stablehlo.multiply %86, %82 : tensor<4x128x512xf32>
    %88 = stablehlo.dot_general %87, %77, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<4x128x2048xf32>) -> tensor<512x2048xf32>
    %89 = stablehlo.transpose %88, dims = [1, 0] : (tensor<512x2048xf32>) -> tensor<2048x512xf32>
    %90 = stablehlo.dot_general %87, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<2048x512xf32>) -> tensor<4x128x2048xf32>
    %91 = stablehlo.multiply %59, %90 : tensor<4x128x2048xf32>
    %92 = stablehlo.multiply %90, %76 : tensor<4x128x2048xf32>
    %cst_25 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %94 = stablehlo.multiply %93, %91 : tensor<4x128x2048xf32>
    %95 = stablehlo.multiply %94, %72 : tensor<4x128x2048xf32>
    %96 = stablehlo.multiply %95, %70 : tensor<4x128x2048xf32>
    %97 = stablehlo.add %95, %96 : tensor<4x128x2048xf32>
    %cst_26 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %99 = stablehlo.multiply %98, %97 : tensor<4x128x2048xf32>
    %100 = stablehlo.add %92, %99 : tensor<4x128x2048xf32>
    %cst_27 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<4x128x2048xf32>
    %102 = stablehlo.multiply %101, %99 : tensor<4x128x2048xf32>
    %103 = stablehlo.multiply %102, %64 : tensor<4x128x2048xf32>
    %104 = stablehlo.add %100, %103 : tensor<4x128x2048xf32>
    %105 = stablehlo.dot_general %104, %58, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x2048xf32>, tensor<4x128x512xf32>) -> tensor<2048x512xf32>
    %106 = stablehlo.transpose %105, dims = [1, 0] : (tensor<2048x512xf32>) -> tensor<512x2048xf32>
    %107 = stablehlo.dot_general %104, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x2048xf32>, tensor<512x2048xf32>) -> tensor<4x128x512xf32>
    %108 = stablehlo.multiply %49, %107 : tensor<4x128x512xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%108 init: %cst_28) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %110 = stablehlo.reshape %109 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %111 = stablehlo.broadcast_in_dim %53, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %112 = stablehlo.multiply %107, %111 : tensor<4x128x512xf32>
    %113 = stablehlo.multiply %110, %56 : tensor<4x128x1xf32>
    %114 = call @_var_3(%50#1, %50#2, %50#3, %113) : (tensor<4x128x512xf32>, tensor<f32>, tensor<i1>, tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %115 = stablehlo.add %87, %114 : tensor<4x128x512xf32>
    %116 = stablehlo.negate %112 : tensor<4x128x512xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%116 init: %cst_29) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %118 = stablehlo.reshape %117 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %119 = stablehlo.add %115, %112 : tensor<4x128x512xf32>
    %cst_30 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %121 = stablehlo.divide %118, %120 : tensor<4x128x1xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %122 = stablehlo.reduce(%121 init: %cst_31) applies stablehlo.add across dimensions = [2] : (tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128xf32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x512xf32>
    %124 = stablehlo.add %119, %123 : tensor<4x128x512xf32>
    %125 = stablehlo.dot_general %124, %41, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<4x128x512xf32>) -> tensor<512x512xf32>
    %126 = stablehlo.transpose %125, dims = [1, 0] : (tensor<512x512xf32>) -> tensor<512x512xf32>
    %127 = stablehlo.dot_general %124, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x512xf32>, tensor<512x512xf32>) -> tensor<4x128x512xf32>
    %128 = stablehlo.reshape %127 : (tensor<4x128x512xf32>) -> tensor<4x128x8x64xf32>
    %129 = stablehlo.transpose %128, dims = [0, 2, 3, 1] : (tensor<4x128x8x64xf32>) -> tensor<4x8x64x128xf32>
    %130 = stablehlo.dot_general %129, %18, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64x128xf32>, tensor<4x128x8x64xf32>) -> tensor<4x8x128x128xf32>
    %131 = stablehlo.dot_general %129, %35, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x8x64x128xf32>, tensor<4x8x128x128xf32>) -> tensor<4x8x64x128xf32>
    %132 = stablehlo.transpose %131, dims = [0, 3, 1, 2] : (tensor<4x8x64x128xf32>) -> tensor<4x128x8x64xf32>
    %133 = stablehlo.broadcast_in_dim %38, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %134 = stablehlo.multiply %130, %133 : tensor<4x8x128x128xf32>
    %135 = stablehlo.multiply %134, %31 : tensor<4x8x128x128xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %136 = stablehlo.reduce(%135 init: %cst_32) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x128xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %137 = stablehlo.reshape %136 : (tensor<4x8x128xf32>) -> tensor<4x8x128x1xf32>
    %138 = stablehlo.negate %137 : tensor<4x8x128x1xf32>
    %139 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2, 3] : (tensor<4x8x128x1xf32>) -> tensor<4x8x128x128xf32>
    %140 = stablehlo.divide %130, %139 : tensor<4x8x128x128xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %141 = stablehlo.reduce(%138 init: %cst_33) applies stablehlo.add across dimensions = [3] : (tensor<4x8x128x1xf32>, tensor<f32>) -> tensor<4x8x128xf32>
    %142 = stablehlo.broadcast_in_dim %141, dims = [0, 1, 2] : (tensor<4x8x128xf32>) -> tensor<4x8x128x128xf32>
    %143 = stablehlo.add %140, %142 : tensor<4x8x128x128xf32>
    %144 = stablehlo.multiply %143, %31 : tensor<4x8x128x128xf32>
    %145 = call @_where_5(%24#1, %144) : (tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>) -> tensor<4x8x128x128xf32>
    %cst_34 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %147 = stablehlo.divide %145, %146 : tensor<4x8x128x128xf32>
    %148 = stablehlo.dot_general %147, %16, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x128x128xf32>, tensor<4x128x8x64xf32>) -> tensor<4x8x128x64xf32>
    %149 = stablehlo.transpose %148, dims = [0, 2, 1, 3] : (tensor<4x8x128x64xf32>) -> tensor<4x128x8x64xf32>
    %150 = stablehlo.dot_general %147, %17, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x128x128xf32>, tensor<4x128x8x64xf32>) -> tensor<4x8x128x64xf32>
    %151 = stablehlo.transpose %150, dims = [0, 2, 1, 3] : (tensor<4x8x128x64xf32>) -> tensor<4x128x8x64xf32>
    %152 = stablehlo.reshape %132 : (tensor<4x128x8x64xf32>) -> tensor<4x128x512xf32>
    %153 = stablehlo.reshape %149 : (tensor<4x128x8x64xf32>) -> tensor<4x128x512xf32>
    %154 = stablehlo.reshape %151 : (tensor<4x128x8x64xf32>) -> tensor<4x128x512xf32>
    %155 = stablehlo.concatenate %154, %153, %152, dim = 2 : (tensor<4x128x512xf32>, tensor<4x128x512xf32>, tensor<4x128x512xf32>) -> tensor<4x128x1536xf32>
    %156 = stablehlo.dot_general %155, %11, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<4x128x1536xf32>, tensor<4x128x512xf32>) -> tensor<1536x512xf32>
    %157 = stablehlo.transpose %156, dims = [1, 0] : (tensor<1536x512xf32>) -> tensor<512x1536xf32>
    return %84, %157, %126, %106, %89 : tensor<f32>, tensor<512x1536xf32>, tensor<512x512xf32>, tensor<512x2048xf32>, tensor<2048x512xf32>
  }
  func.func private @_var(%arg0: tensor<4x128x512xf32>, %arg1: tensor<i32>) -> tensor<4x128x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_0 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x128x512xf32>
    %6 = chlo.square %5 : tensor<4x128x512xf32> -> tensor<4x128x512xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<4x128x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128x1xf32>
    return %14 : tensor<4x128x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<4x128x1xf32>, %arg2: tensor<f32>) -> tensor<4x128x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x128x1xf32>
    return %2 : tensor<4x128x1xf32>
  }
  func.func private @tril(%arg0: tensor<128x128xi1>) -> tensor<128x128xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<128x128xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<128x128xi32>
    %2 = stablehlo.add %0, %1 : tensor<128x128xi32>
    %3 = stablehlo.iota dim = 1 : tensor<128x128xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<128x128xi1>, tensor<128x128xi1>
    return %6 : tensor<128x128xi1>
  }
  func.func private @_where_0(%arg0: tensor<128x128xi1>, %arg1: tensor<4x8x128x128xf32>, %arg2: tensor<f32>) -> (tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<4x8x128x128xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>
    return %3, %1 : tensor<4x8x128x128xf32>, tensor<4x8x128x128xi1>
  }
  func.func private @_var_1(%arg0: tensor<4x128x512xf32>, %arg1: tensor<i32>) -> (tensor<4x128x1xf32>, tensor<4x128x512xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_0 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x128x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x128x1xf32>) -> tensor<4x128x512xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x128x512xf32>
    %6 = chlo.square %5 : tensor<4x128x512xf32> -> tensor<4x128x512xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x128x512xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<4x128x512xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<4x128x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = call @_where_2(%15, %14, %cst_5) : (tensor<i1>, tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128x1xf32>
    return %16, %8, %10, %15 : tensor<4x128x1xf32>, tensor<4x128x512xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<4x128x1xf32>, %arg2: tensor<f32>) -> tensor<4x128x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<4x128x1xf32>
    return %2 : tensor<4x128x1xf32>
  }
  func.func private @_var_3(%arg0: tensor<4x128x512xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<4x128x1xf32>) -> tensor<4x128x512xf32> {
    %0 = call @_where_4(%arg2, %arg3) : (tensor<i1>, tensor<4x128x1xf32>) -> tensor<4x128x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<4x128x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x512xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<4x128x512xf32>
    %6 = stablehlo.negate %5 : tensor<4x128x512xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<4x128x512xf32>, tensor<f32>) -> tensor<4x128xf32>
    %8 = stablehlo.reshape %7 : (tensor<4x128xf32>) -> tensor<4x128x1xf32>
    %cst_1 = stablehlo.constant dense<5.120000e+02> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x128x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<4x128x1xf32>, tensor<f32>) -> tensor<4x128xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<4x128xf32>) -> tensor<4x128x512xf32>
    %13 = stablehlo.add %5, %12 : tensor<4x128x512xf32>
    return %13 : tensor<4x128x512xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<4x128x1xf32>) -> tensor<4x128x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x128x1xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<4x128x1xf32>
    return %1 : tensor<4x128x1xf32>
  }
  func.func private @_where_5(%arg0: tensor<4x8x128x128xi1>, %arg1: tensor<4x8x128x128xf32>) -> tensor<4x8x128x128xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x128x128xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<4x8x128x128xi1>, tensor<4x8x128x128xf32>
    return %1 : tensor<4x8x128x128xf32>
  }
}
