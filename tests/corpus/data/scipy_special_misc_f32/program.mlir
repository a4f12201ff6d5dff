module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20xf32>, %arg1: tensor<20xi32>) -> (tensor<7xf32> {jax.result_info = "result[0]"}, tensor<20xf32> {jax.result_info = "result[1]"}, tensor<20xf32> {jax.result_info = "result[2]"}, tensor<20xf32> {jax.result_info = "result[3]"}, tensor<20xf32> {jax.result_info = "result[4]"}, tensor<20xf32> {jax.result_info = "result[5]"}, tensor<20xf32> {jax.result_info = "result[6]"}, tensor<20xf32> {jax.result_info = "result[7]"}, tensor<20xf32> {jax.result_info = "result[8]"}) {
    %cst = stablehlo.constant dense<[1.000000e+00, -5.000000e-01, 0.166666672]> : tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %2 = "stablehlo.scatter"(%0, %1, %cst) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<7xf32>, tensor<1xi32>, tensor<3xf32>) -> tensor<7xf32>
    %3 = stablehlo.iota dim = 0 : tensor<2xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<2xf32>
    %cst_2 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %7 = stablehlo.add %6, %5 : tensor<2xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %9 = stablehlo.subtract %7, %8 : tensor<2xf32>
    %10 = stablehlo.negate %9 : tensor<2xf32>
    %11 = stablehlo.multiply %10, %7 : tensor<2xf32>
    %cst_4 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %13 = stablehlo.divide %11, %12 : tensor<2xf32>
    %cst_5 = stablehlo.constant dense<9.86960411> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %15 = stablehlo.divide %13, %14 : tensor<2xf32>
    %16 = call @cumprod(%15) : (tensor<2xf32>) -> tensor<2xf32>
    %cst_6 = stablehlo.constant dense<0.101321183> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %18 = stablehlo.multiply %17, %16 : tensor<2xf32>
    %19 = stablehlo.iota dim = 0 : tensor<48xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %21 = stablehlo.add %20, %19 : tensor<48xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<48xf32>) -> tensor<48x1xf32>
    %23 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %24 = stablehlo.negate %23 : tensor<1x2xf32>
    %25 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<48x1xf32>) -> tensor<48x2xf32>
    %26 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<48x2xf32>
    %27 = stablehlo.power %25, %26 : tensor<48x2xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.reduce(%27 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<48x2xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %30 = stablehlo.add %29, %28 : tensor<2xf32>
    %31 = stablehlo.multiply %18, %30 : tensor<2xf32>
    %32 = stablehlo.iota dim = 0 : tensor<2xi32>
    %c_10 = stablehlo.constant dense<2> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %34 = stablehlo.multiply %33, %32 : tensor<2xi32>
    %c_11 = stablehlo.constant dense<4> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %36 = stablehlo.add %35, %34 : tensor<2xi32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %38 = "stablehlo.scatter"(%2, %37, %31) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<7xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<7xf32>
    %39 = stablehlo.convert %arg1 : (tensor<20xi32>) -> tensor<20xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %41 = stablehlo.compare EQ, %39, %40, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %42 = stablehlo.add %arg0, %39 : tensor<20xf32>
    %43 = call @gammasgn(%42) : (tensor<20xf32>) -> tensor<20xf32>
    %44 = chlo.lgamma %42 : tensor<20xf32> -> tensor<20xf32>
    %45 = stablehlo.exponential %44 : tensor<20xf32>
    %46 = stablehlo.multiply %43, %45 : tensor<20xf32>
    %47 = call @gammasgn(%arg0) : (tensor<20xf32>) -> tensor<20xf32>
    %48 = chlo.lgamma %arg0 : tensor<20xf32> -> tensor<20xf32>
    %49 = stablehlo.exponential %48 : tensor<20xf32>
    %50 = stablehlo.multiply %47, %49 : tensor<20xf32>
    %51 = stablehlo.divide %46, %50 : tensor<20xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %52 = call @_where(%41, %cst_13, %51) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
    %c_14 = stablehlo.constant dense<1> : tensor<i32>
    %53 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %54 = stablehlo.add %arg1, %53 : tensor<20xi32>
    %55 = call @expn(%54, %arg0) : (tensor<20xi32>, tensor<20xf32>) -> tensor<20xf32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %56 = call @expn_9(%c_15, %arg0) : (tensor<i32>, tensor<20xf32>) -> tensor<20xf32>
    %57 = call @expi(%arg0) : (tensor<20xf32>) -> tensor<20xf32>
    %58 = stablehlo.convert %arg1 : (tensor<20xi32>) -> tensor<20xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %60 = stablehlo.compare LT, %58, %59, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %62 = stablehlo.add %58, %61 : tensor<20xf32>
    %63 = chlo.lgamma %62 : tensor<20xf32> -> tensor<20xf32>
    %64 = stablehlo.exponential %63 : tensor<20xf32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %65 = call @_where_26(%60, %c_18, %64) : (tensor<20xi1>, tensor<i32>, tensor<20xf32>) -> tensor<20xf32>
    %66 = stablehlo.reverse %arg0, dims = [0] : tensor<20xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %68 = stablehlo.compare GT, %arg0, %67, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %70 = stablehlo.compare GT, %66, %69, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %71 = stablehlo.and %68, %70 : tensor<20xi1>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %73 = stablehlo.compare EQ, %arg0, %72, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %75 = stablehlo.compare GE, %66, %74, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %76 = stablehlo.and %73, %75 : tensor<20xi1>
    %c_23 = stablehlo.constant dense<1> : tensor<i32>
    %77 = call @_where_27(%71, %arg0, %c_23) : (tensor<20xi1>, tensor<20xf32>, tensor<i32>) -> tensor<20xf32>
    %c_24 = stablehlo.constant dense<1> : tensor<i32>
    %78 = call @_where_27(%71, %66, %c_24) : (tensor<20xi1>, tensor<20xf32>, tensor<i32>) -> tensor<20xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %80 = stablehlo.compare NE, %77, %79, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %81 = stablehlo.compare NE, %77, %77, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %82 = stablehlo.or %80, %81 : tensor<20xi1>
    %83 = stablehlo.log %77 : tensor<20xf32>
    %84 = stablehlo.multiply %77, %83 : tensor<20xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %86 = call @_where_28(%82, %84, %85) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %88 = stablehlo.compare NE, %77, %87, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %89 = stablehlo.compare NE, %78, %78, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %90 = stablehlo.or %88, %89 : tensor<20xi1>
    %91 = stablehlo.log %78 : tensor<20xf32>
    %92 = stablehlo.multiply %77, %91 : tensor<20xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %94 = call @_where_28(%90, %92, %93) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %95 = stablehlo.subtract %86, %94 : tensor<20xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_30 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %96 = call @_where_29(%76, %cst_29, %cst_30) : (tensor<20xi1>, tensor<f32>, tensor<f32>) -> tensor<20xf32>
    %97 = call @_where_28(%71, %95, %96) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %98 = stablehlo.reverse %arg0, dims = [0] : tensor<20xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %100 = stablehlo.compare GT, %arg0, %99, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %102 = stablehlo.compare GT, %98, %101, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %103 = stablehlo.and %100, %102 : tensor<20xi1>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %105 = stablehlo.compare EQ, %arg0, %104, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %107 = stablehlo.compare GE, %98, %106, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %108 = stablehlo.and %105, %107 : tensor<20xi1>
    %c_35 = stablehlo.constant dense<1> : tensor<i32>
    %109 = call @_where_27(%103, %arg0, %c_35) : (tensor<20xi1>, tensor<20xf32>, tensor<i32>) -> tensor<20xf32>
    %c_36 = stablehlo.constant dense<1> : tensor<i32>
    %110 = call @_where_27(%103, %98, %c_36) : (tensor<20xi1>, tensor<20xf32>, tensor<i32>) -> tensor<20xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %111 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %112 = stablehlo.compare NE, %109, %111, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %113 = stablehlo.compare NE, %109, %109, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %114 = stablehlo.or %112, %113 : tensor<20xi1>
    %115 = stablehlo.log %109 : tensor<20xf32>
    %116 = stablehlo.multiply %109, %115 : tensor<20xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %118 = call @_where_28(%114, %116, %117) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %120 = stablehlo.compare NE, %109, %119, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %121 = stablehlo.compare NE, %110, %110, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %122 = stablehlo.or %120, %121 : tensor<20xi1>
    %123 = stablehlo.log %110 : tensor<20xf32>
    %124 = stablehlo.multiply %109, %123 : tensor<20xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %126 = call @_where_28(%122, %124, %125) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %127 = stablehlo.subtract %118, %126 : tensor<20xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_42 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %128 = call @_where_29(%108, %cst_41, %cst_42) : (tensor<20xi1>, tensor<f32>, tensor<f32>) -> tensor<20xf32>
    %129 = call @_where_28(%103, %127, %128) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %130 = stablehlo.subtract %129, %arg0 : tensor<20xf32>
    %131 = stablehlo.add %130, %98 : tensor<20xf32>
    %132 = call @log_softmax(%arg0) : (tensor<20xf32>) -> tensor<20xf32>
    return %38, %52, %55, %56, %57, %65, %97, %131, %132 : tensor<7xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
  }
  func.func private @cumprod(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = call @cumprod_0(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @cumprod_0(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1>, padding = dense<[[1, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 2>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @gammasgn(%arg0: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.floor %arg0 : tensor<20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.compare LT, %arg0, %1, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %3 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %4 = stablehlo.and %2, %3 : tensor<20xi1>
    %5 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %6 = stablehlo.or %4, %5 : tensor<20xi1>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %7 = call @remainder(%0, %c) : (tensor<20xf32>, tensor<i32>) -> tensor<20xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %9 = stablehlo.compare NE, %7, %8, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %10 = stablehlo.and %2, %9 : tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %12 = stablehlo.compare EQ, %arg0, %11, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %13 = call @signbit(%arg0) : (tensor<20xf32>) -> tensor<20xi1>
    %14 = stablehlo.and %12, %13 : tensor<20xi1>
    %15 = stablehlo.or %10, %14 : tensor<20xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %16 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %17 = stablehlo.broadcast_in_dim %16, dims = [1] : (tensor<20xi1>) -> tensor<1x20xi1>
    %18 = stablehlo.broadcast_in_dim %6, dims = [1] : (tensor<20xi1>) -> tensor<1x20xi1>
    %19 = stablehlo.broadcast_in_dim %15, dims = [1] : (tensor<20xi1>) -> tensor<1x20xi1>
    %20 = stablehlo.concatenate %17, %18, %19, dim = 0 : (tensor<1x20xi1>, tensor<1x20xi1>, tensor<1x20xi1>) -> tensor<3x20xi1>
    %21 = call @argmax(%20) : (tensor<3x20xi1>) -> tensor<20xi32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_5 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %c_6 = stablehlo.constant dense<1> : tensor<i32>
    %25 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %26 = stablehlo.compare LT, %21, %25, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_7 = stablehlo.constant dense<2> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %28 = stablehlo.compare LT, %21, %27, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %29 = stablehlo.select %28, %23, %24 : tensor<20xi1>, tensor<20xf32>
    %30 = stablehlo.select %26, %22, %29 : tensor<20xi1>, tensor<20xf32>
    return %30 : tensor<20xf32>
  }
  func.func private @remainder(%arg0: tensor<20xf32>, %arg1: tensor<i32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<20xi1>, tensor<20xi1>) -> tensor<20xi1>
    %10 = stablehlo.and %9, %4 : tensor<20xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %12 = stablehlo.add %2, %11 : tensor<20xf32>
    %13 = stablehlo.select %10, %12, %2 : tensor<20xi1>, tensor<20xf32>
    return %13 : tensor<20xf32>
  }
  func.func private @signbit(%arg0: tensor<20xf32>) -> tensor<20xi1> {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<20xf32>) -> tensor<20xi32>
    %c = stablehlo.constant dense<31> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %2 = stablehlo.shift_right_arithmetic %0, %1 : tensor<20xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %4 = stablehlo.compare NE, %2, %3, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %5 = stablehlo.convert %4 : tensor<20xi1>
    return %5 : tensor<20xi1>
  }
  func.func private @argmax(%arg0: tensor<3x20xi1>) -> tensor<20xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<3x20xi32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<3x20xi1>, tensor<3x20xi32>, tensor<i1>, tensor<i32>) -> (tensor<20xi1>, tensor<20xi32>)
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
    return %1#1 : tensor<20xi32>
  }
  func.func private @_where(%arg0: tensor<20xi1>, %arg1: tensor<f32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @expn(%arg0: tensor<20xi32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<20xi32>) -> tensor<20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.compare LT, %0, %1, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %4 = stablehlo.compare LT, %arg1, %3, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %5 = stablehlo.or %2, %4 : tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %9 = stablehlo.compare LT, %0, %8, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %10 = stablehlo.and %7, %9 : tensor<20xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %12 = stablehlo.compare EQ, %arg1, %11, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %14 = stablehlo.compare GE, %0, %13, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %15 = stablehlo.and %12, %14 : tensor<20xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %17 = stablehlo.compare EQ, %0, %16, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %19 = stablehlo.compare GE, %arg1, %18, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %20 = stablehlo.and %17, %19 : tensor<20xi1>
    %cst_7 = stablehlo.constant dense<5.000000e+03> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %22 = stablehlo.compare GE, %0, %21, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %24 = stablehlo.compare GT, %arg1, %23, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %26 = stablehlo.compare EQ, %0, %25, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %27 = stablehlo.add %0, %0 : tensor<20xf32>
    %28 = call @_where_1(%26, %27, %0) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %30 = stablehlo.divide %29, %28 : tensor<20xf32>
    %31 = stablehlo.negate %arg1 : tensor<20xf32>
    %32 = stablehlo.exponential %31 : tensor<20xf32>
    %33 = stablehlo.divide %32, %arg1 : tensor<20xf32>
    %34 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %35 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %36 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %37 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %38 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %39 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %40 = stablehlo.concatenate %34, %35, %36, %37, %38, %39, dim = 1 : (tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>) -> tensor<20x6xi1>
    %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_12 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %41 = call @_piecewise(%arg1, %40, %cst_11, %cst_12, %30, %33, %0) : (tensor<20xf32>, tensor<20x6xi1>, tensor<f32>, tensor<f32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %41 : tensor<20xf32>
  }
  func.func private @_where_1(%arg0: tensor<20xi1>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %0 : tensor<20xf32>
  }
  func.func private @_piecewise(%arg0: tensor<20xf32>, %arg1: tensor<20x6xi1>, %arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<20xf32>, %arg5: tensor<20xf32>, %arg6: tensor<20xf32>) -> tensor<20xf32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<1xi1>) -> tensor<20x1xi1>
    %2 = stablehlo.concatenate %1, %arg1, dim = 1 : (tensor<20x1xi1>, tensor<20x6xi1>) -> tensor<20x7xi1>
    %3 = call @cumsum(%2) : (tensor<20x7xi1>) -> tensor<20x7xi32>
    %4 = call @argmax_3(%3) : (tensor<20x7xi32>) -> tensor<20xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %7 = stablehlo.clamp %5, %4, %6 : tensor<20xi32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %11 = stablehlo.compare EQ, %7, %10, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %12 = stablehlo.select %11, %arg6, %arg6 : tensor<20xi1>, tensor<20xf32>
    %13 = stablehlo.select %11, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %14 = stablehlo.log %13 : tensor<20xf32>
    %cst = stablehlo.constant dense<-0.577215672> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %16 = stablehlo.subtract %15, %14 : tensor<20xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %18:3 = stablehlo.while(%iterArg = %17, %iterArg_38 = %12, %iterArg_39 = %16) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %126 = stablehlo.compare LT, %iterArg, %iterArg_38, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %c_40 = stablehlo.constant dense<false> : tensor<i1>
      %127 = stablehlo.reduce(%126 init: %c_40) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %127 : tensor<i1>
    } do {
      %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %127 = stablehlo.add %iterArg, %126 : tensor<20xf32>
      %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.divide %128, %iterArg : tensor<20xf32>
      %130 = stablehlo.add %iterArg_39, %129 : tensor<20xf32>
      %131 = stablehlo.compare LT, %iterArg, %iterArg_38, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %132 = stablehlo.broadcast_in_dim %131, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %133 = stablehlo.select %132, %127, %iterArg : tensor<20xi1>, tensor<20xf32>
      %134 = stablehlo.broadcast_in_dim %131, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %135 = stablehlo.select %134, %iterArg_38, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %136 = stablehlo.broadcast_in_dim %131, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %137 = stablehlo.select %136, %130, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %133, %135, %137 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %20 = stablehlo.compare EQ, %12, %19, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %21 = call @_where_4(%20, %cst_5, %12) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
    %22 = stablehlo.negate %13 : tensor<20xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %24 = stablehlo.subtract %23, %12 : tensor<20xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %26 = stablehlo.compare EQ, %12, %25, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %28 = stablehlo.subtract %27, %21 : tensor<20xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %30 = stablehlo.divide %29, %28 : tensor<20xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = call @_where_4(%26, %cst_10, %30) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
    %cst_11 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %35:7 = stablehlo.while(%iterArg = %22, %iterArg_38 = %31, %iterArg_39 = %24, %iterArg_40 = %32, %iterArg_41 = %13, %iterArg_42 = %33, %iterArg_43 = %34) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %127 = stablehlo.compare GT, %iterArg_41, %126, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %128 = stablehlo.convert %iterArg_40 : tensor<20xf32>
      %cst_45 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %129 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %130 = stablehlo.compare GT, %128, %129, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %131 = stablehlo.and %127, %130 : tensor<20xi1>
      %c_46 = stablehlo.constant dense<false> : tensor<i1>
      %132 = stablehlo.reduce(%131 init: %c_46) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %132 : tensor<i1>
    } do {
      %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %127 = stablehlo.add %iterArg_42, %126 : tensor<20xf32>
      %128 = stablehlo.divide %iterArg, %127 : tensor<20xf32>
      %129 = stablehlo.multiply %iterArg_43, %128 : tensor<20xf32>
      %cst_45 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %130 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %131 = stablehlo.add %iterArg_39, %130 : tensor<20xf32>
      %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %132 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %133 = stablehlo.compare NE, %131, %132, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %134 = stablehlo.divide %129, %131 : tensor<20xf32>
      %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %135 = func.call @_where_5(%133, %134, %cst_47) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %136 = stablehlo.add %iterArg_38, %135 : tensor<20xf32>
      %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %137 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %138 = stablehlo.compare NE, %136, %137, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %139 = stablehlo.divide %129, %136 : tensor<20xf32>
      %140 = stablehlo.abs %139 : tensor<20xf32>
      %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %141 = func.call @_where_5(%138, %140, %cst_49) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %142 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %143 = stablehlo.compare GT, %iterArg_41, %142, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %144 = stablehlo.convert %iterArg_40 : tensor<20xf32>
      %cst_51 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %145 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %146 = stablehlo.compare GT, %144, %145, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %147 = stablehlo.and %143, %146 : tensor<20xi1>
      %148 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %149 = stablehlo.select %148, %136, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %150 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %151 = stablehlo.select %150, %131, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      %152 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %153 = stablehlo.select %152, %141, %iterArg_40 : tensor<20xi1>, tensor<20xf32>
      %154 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %155 = stablehlo.select %154, %iterArg_41, %iterArg_41 : tensor<20xi1>, tensor<20xf32>
      %156 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %157 = stablehlo.select %156, %127, %iterArg_42 : tensor<20xi1>, tensor<20xf32>
      %158 = stablehlo.broadcast_in_dim %147, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %159 = stablehlo.select %158, %129, %iterArg_43 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %iterArg, %149, %151, %153, %155, %157, %159 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %37 = stablehlo.subtract %12, %36 : tensor<20xf32>
    %38 = stablehlo.power %22, %37 : tensor<20xf32>
    %39 = stablehlo.multiply %38, %18#2 : tensor<20xf32>
    %40 = chlo.lgamma %12 : tensor<20xf32> -> tensor<20xf32>
    %41 = stablehlo.exponential %40 : tensor<20xf32>
    %42 = stablehlo.divide %39, %41 : tensor<20xf32>
    %43 = stablehlo.subtract %42, %35#1 : tensor<20xf32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %44 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %45 = stablehlo.compare EQ, %7, %44, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %46 = stablehlo.select %45, %8, %8 : tensor<20xi1>, tensor<20xf32>
    %47 = stablehlo.convert %46 : tensor<20xf32>
    %c_16 = stablehlo.constant dense<2> : tensor<i32>
    %48 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %49 = stablehlo.compare EQ, %7, %48, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %50 = stablehlo.select %49, %9, %9 : tensor<20xi1>, tensor<20xf32>
    %51 = stablehlo.convert %50 : tensor<20xf32>
    %c_17 = stablehlo.constant dense<3> : tensor<i32>
    %52 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %53 = stablehlo.compare EQ, %7, %52, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %54 = stablehlo.select %53, %arg4, %arg4 : tensor<20xi1>, tensor<20xf32>
    %c_18 = stablehlo.constant dense<4> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %56 = stablehlo.compare EQ, %7, %55, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %57 = stablehlo.select %56, %arg5, %arg5 : tensor<20xi1>, tensor<20xf32>
    %c_19 = stablehlo.constant dense<5> : tensor<i32>
    %58 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %59 = stablehlo.compare EQ, %7, %58, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %60 = stablehlo.select %59, %arg6, %arg6 : tensor<20xi1>, tensor<20xf32>
    %61 = stablehlo.select %59, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %62 = stablehlo.add %61, %60 : tensor<20xf32>
    %63 = stablehlo.multiply %62, %62 : tensor<20xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %65 = stablehlo.divide %64, %63 : tensor<20xf32>
    %66 = stablehlo.multiply %65, %60 : tensor<20xf32>
    %cst_21 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %68 = stablehlo.multiply %67, %61 : tensor<20xf32>
    %69 = stablehlo.multiply %68, %61 : tensor<20xf32>
    %cst_22 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %71 = stablehlo.multiply %70, %60 : tensor<20xf32>
    %72 = stablehlo.multiply %71, %61 : tensor<20xf32>
    %73 = stablehlo.subtract %69, %72 : tensor<20xf32>
    %74 = stablehlo.multiply %60, %60 : tensor<20xf32>
    %75 = stablehlo.add %73, %74 : tensor<20xf32>
    %76 = stablehlo.multiply %66, %75 : tensor<20xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %77 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %78 = stablehlo.multiply %77, %61 : tensor<20xf32>
    %79 = stablehlo.subtract %60, %78 : tensor<20xf32>
    %80 = stablehlo.multiply %60, %79 : tensor<20xf32>
    %81 = stablehlo.add %76, %80 : tensor<20xf32>
    %82 = stablehlo.multiply %65, %81 : tensor<20xf32>
    %83 = stablehlo.add %82, %60 : tensor<20xf32>
    %84 = stablehlo.multiply %65, %83 : tensor<20xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %86 = stablehlo.add %84, %85 : tensor<20xf32>
    %87 = stablehlo.negate %61 : tensor<20xf32>
    %88 = stablehlo.exponential %87 : tensor<20xf32>
    %89 = stablehlo.multiply %86, %88 : tensor<20xf32>
    %90 = stablehlo.divide %89, %62 : tensor<20xf32>
    %c_25 = stablehlo.constant dense<6> : tensor<i32>
    %91 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %92 = stablehlo.compare EQ, %7, %91, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %93 = stablehlo.select %92, %arg6, %arg6 : tensor<20xi1>, tensor<20xf32>
    %94 = stablehlo.select %92, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %95 = stablehlo.add %94, %93 : tensor<20xf32>
    %96 = stablehlo.add %94, %93 : tensor<20xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %98 = stablehlo.divide %97, %96 : tensor<20xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_31 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %104:10 = stablehlo.while(%iterArg = %93, %iterArg_38 = %98, %iterArg_39 = %99, %iterArg_40 = %100, %iterArg_41 = %101, %iterArg_42 = %95, %iterArg_43 = %94, %iterArg_44 = %102, %iterArg_45 = %103, %iterArg_46 = %94) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %127 = stablehlo.compare GT, %iterArg_46, %126, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_48 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.compare GT, %iterArg_45, %128, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %130 = stablehlo.and %127, %129 : tensor<20xi1>
      %c_49 = stablehlo.constant dense<false> : tensor<i1>
      %131 = stablehlo.reduce(%130 init: %c_49) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %131 : tensor<i1>
    } do {
      %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %126 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %127 = stablehlo.add %iterArg_39, %126 : tensor<20xf32>
      %cst_48 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %128 = func.call @remainder_6(%127, %cst_48) : (tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %129 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %130 = stablehlo.compare EQ, %128, %129, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %131 = func.call @_where_7(%130, %cst_50, %iterArg_46) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %132 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %133 = stablehlo.subtract %127, %132 : tensor<20xf32>
      %cst_52 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %134 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %135 = stablehlo.divide %133, %134 : tensor<20xf32>
      %136 = stablehlo.add %iterArg, %135 : tensor<20xf32>
      %cst_53 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %137 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %138 = stablehlo.divide %127, %137 : tensor<20xf32>
      %139 = func.call @_where_8(%130, %136, %138) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %140 = stablehlo.multiply %iterArg_40, %131 : tensor<20xf32>
      %141 = stablehlo.multiply %iterArg_41, %139 : tensor<20xf32>
      %142 = stablehlo.add %140, %141 : tensor<20xf32>
      %143 = stablehlo.multiply %iterArg_42, %131 : tensor<20xf32>
      %144 = stablehlo.multiply %iterArg_43, %139 : tensor<20xf32>
      %145 = stablehlo.add %143, %144 : tensor<20xf32>
      %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %146 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %147 = stablehlo.compare NE, %145, %146, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %148 = stablehlo.divide %142, %145 : tensor<20xf32>
      %149 = func.call @_where_8(%147, %148, %iterArg_44) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %150 = stablehlo.subtract %iterArg_38, %149 : tensor<20xf32>
      %151 = stablehlo.divide %150, %149 : tensor<20xf32>
      %152 = stablehlo.abs %151 : tensor<20xf32>
      %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %153 = func.call @_where_5(%147, %152, %cst_55) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %154 = func.call @_where_8(%147, %149, %iterArg_38) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %155 = stablehlo.abs %142 : tensor<20xf32>
      %cst_56 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %156 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %157 = stablehlo.compare GT, %155, %156, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_57 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %158 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %159 = stablehlo.divide %142, %158 : tensor<20xf32>
      %160 = func.call @_where_8(%157, %159, %142) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_58 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %161 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %162 = stablehlo.divide %iterArg_40, %161 : tensor<20xf32>
      %163 = func.call @_where_8(%157, %162, %iterArg_40) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_59 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %164 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %165 = stablehlo.divide %145, %164 : tensor<20xf32>
      %166 = func.call @_where_8(%157, %165, %145) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_60 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %167 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %168 = stablehlo.divide %iterArg_42, %167 : tensor<20xf32>
      %169 = func.call @_where_8(%157, %168, %iterArg_42) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %170 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %171 = stablehlo.compare GT, %iterArg_46, %170, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_62 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %172 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %173 = stablehlo.compare GT, %iterArg_45, %172, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %174 = stablehlo.and %171, %173 : tensor<20xi1>
      %175 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %176 = stablehlo.select %175, %154, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %177 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %178 = stablehlo.select %177, %127, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      %179 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %180 = stablehlo.select %179, %160, %iterArg_40 : tensor<20xi1>, tensor<20xf32>
      %181 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %182 = stablehlo.select %181, %163, %iterArg_41 : tensor<20xi1>, tensor<20xf32>
      %183 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %184 = stablehlo.select %183, %166, %iterArg_42 : tensor<20xi1>, tensor<20xf32>
      %185 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %186 = stablehlo.select %185, %169, %iterArg_43 : tensor<20xi1>, tensor<20xf32>
      %187 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %188 = stablehlo.select %187, %149, %iterArg_44 : tensor<20xi1>, tensor<20xf32>
      %189 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %190 = stablehlo.select %189, %153, %iterArg_45 : tensor<20xi1>, tensor<20xf32>
      %191 = stablehlo.broadcast_in_dim %174, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %192 = stablehlo.select %191, %iterArg_46, %iterArg_46 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %iterArg, %176, %178, %180, %182, %184, %186, %188, %190, %192 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %105 = stablehlo.negate %94 : tensor<20xf32>
    %106 = stablehlo.exponential %105 : tensor<20xf32>
    %107 = stablehlo.multiply %104#1, %106 : tensor<20xf32>
    %c_32 = stablehlo.constant dense<3> : tensor<i32>
    %108 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %109 = stablehlo.compare LT, %7, %108, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_33 = stablehlo.constant dense<1> : tensor<i32>
    %110 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %111 = stablehlo.compare LT, %7, %110, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_34 = stablehlo.constant dense<2> : tensor<i32>
    %112 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %113 = stablehlo.compare LT, %7, %112, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %114 = stablehlo.select %113, %47, %51 : tensor<20xi1>, tensor<20xf32>
    %115 = stablehlo.select %111, %43, %114 : tensor<20xi1>, tensor<20xf32>
    %c_35 = stablehlo.constant dense<5> : tensor<i32>
    %116 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %117 = stablehlo.compare LT, %7, %116, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_36 = stablehlo.constant dense<4> : tensor<i32>
    %118 = stablehlo.broadcast_in_dim %c_36, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %119 = stablehlo.compare LT, %7, %118, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %120 = stablehlo.select %119, %54, %57 : tensor<20xi1>, tensor<20xf32>
    %c_37 = stablehlo.constant dense<6> : tensor<i32>
    %121 = stablehlo.broadcast_in_dim %c_37, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %122 = stablehlo.compare LT, %7, %121, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %123 = stablehlo.select %122, %90, %107 : tensor<20xi1>, tensor<20xf32>
    %124 = stablehlo.select %117, %120, %123 : tensor<20xi1>, tensor<20xf32>
    %125 = stablehlo.select %109, %115, %124 : tensor<20xi1>, tensor<20xf32>
    return %125 : tensor<20xf32>
  }
  func.func private @cumsum(%arg0: tensor<20x7xi1>) -> tensor<20x7xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<20x7xi1>) -> tensor<20x7xi32>
    %1 = call @cumsum_2(%0) : (tensor<20x7xi32>) -> tensor<20x7xi32>
    return %1 : tensor<20x7xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<20x7xi32>) -> tensor<20x7xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [6, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 7>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<20x7xi32>, tensor<i32>) -> tensor<20x7xi32>
    return %1 : tensor<20x7xi32>
  }
  func.func private @argmax_3(%arg0: tensor<20x7xi32>) -> tensor<20xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<20x7xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<20x7xi32>, tensor<20x7xi32>, tensor<i32>, tensor<i32>) -> (tensor<20xi32>, tensor<20xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<20xi32>
  }
  func.func private @_where_4(%arg0: tensor<20xi1>, %arg1: tensor<f32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @_where_5(%arg0: tensor<20xi1>, %arg1: tensor<20xf32>, %arg2: tensor<f32>) -> tensor<20xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<20xi1>, tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @remainder_6(%arg0: tensor<20xf32>, %arg1: tensor<f32>) -> tensor<20xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.remainder %arg0, %0 : tensor<20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %3 = stablehlo.compare NE, %1, %2, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %5 = stablehlo.compare LT, %1, %4, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.compare LT, %arg1, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %8 = stablehlo.compare NE, %5, %7, UNSIGNED : (tensor<20xi1>, tensor<20xi1>) -> tensor<20xi1>
    %9 = stablehlo.and %8, %3 : tensor<20xi1>
    %10 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %11 = stablehlo.add %1, %10 : tensor<20xf32>
    %12 = stablehlo.select %9, %11, %1 : tensor<20xi1>, tensor<20xf32>
    return %12 : tensor<20xf32>
  }
  func.func private @_where_7(%arg0: tensor<20xi1>, %arg1: tensor<f32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @_where_8(%arg0: tensor<20xi1>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %0 : tensor<20xf32>
  }
  func.func private @expn_9(%arg0: tensor<i32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare LT, %0, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %3 = stablehlo.compare LT, %arg1, %2, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %4 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %5 = stablehlo.or %4, %3 : tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.compare LT, %0, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %10 = stablehlo.and %7, %9 : tensor<20xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %12 = stablehlo.compare EQ, %arg1, %11, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GE, %0, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %15 = stablehlo.and %12, %14 : tensor<20xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.compare EQ, %0, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %18 = stablehlo.compare GE, %arg1, %17, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %19 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %20 = stablehlo.and %19, %18 : tensor<20xi1>
    %cst_7 = stablehlo.constant dense<5.000000e+03> : tensor<f32>
    %21 = stablehlo.compare GE, %0, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %23 = stablehlo.compare GT, %arg1, %22, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.compare EQ, %0, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %25 = stablehlo.add %0, %0 : tensor<f32>
    %26 = call @_where_10(%24, %25, %0) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.divide %cst_10, %26 : tensor<f32>
    %28 = stablehlo.negate %arg1 : tensor<20xf32>
    %29 = stablehlo.exponential %28 : tensor<20xf32>
    %30 = stablehlo.divide %29, %arg1 : tensor<20xf32>
    %31 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %32 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %33 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %34 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %35 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %36 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %37 = stablehlo.broadcast_in_dim %35, dims = [1] : (tensor<1xi1>) -> tensor<20x1xi1>
    %38 = stablehlo.concatenate %31, %32, %33, %34, %37, %36, dim = 1 : (tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>) -> tensor<20x6xi1>
    %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_12 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %39 = call @_piecewise_11(%arg1, %38, %cst_11, %cst_12, %27, %30, %0) : (tensor<20xf32>, tensor<20x6xi1>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
    return %39 : tensor<20xf32>
  }
  func.func private @_where_10(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
    return %0 : tensor<f32>
  }
  func.func private @_piecewise_11(%arg0: tensor<20xf32>, %arg1: tensor<20x6xi1>, %arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<f32>, %arg5: tensor<20xf32>, %arg6: tensor<f32>) -> tensor<20xf32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<1xi1>) -> tensor<20x1xi1>
    %2 = stablehlo.concatenate %1, %arg1, dim = 1 : (tensor<20x1xi1>, tensor<20x6xi1>) -> tensor<20x7xi1>
    %3 = call @cumsum(%2) : (tensor<20x7xi1>) -> tensor<20x7xi32>
    %4 = call @argmax_3(%3) : (tensor<20x7xi32>) -> tensor<20xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %7 = stablehlo.clamp %5, %4, %6 : tensor<20xi32>
    %8 = stablehlo.broadcast_in_dim %arg6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %9 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %10 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %11 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %13 = stablehlo.compare EQ, %7, %12, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %14 = stablehlo.select %13, %8, %8 : tensor<20xi1>, tensor<20xf32>
    %15 = stablehlo.select %13, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %16 = stablehlo.log %15 : tensor<20xf32>
    %cst = stablehlo.constant dense<-0.577215672> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %18 = stablehlo.subtract %17, %16 : tensor<20xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %20:3 = stablehlo.while(%iterArg = %19, %iterArg_38 = %14, %iterArg_39 = %18) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %128 = stablehlo.compare LT, %iterArg, %iterArg_38, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %c_40 = stablehlo.constant dense<false> : tensor<i1>
      %129 = stablehlo.reduce(%128 init: %c_40) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %129 : tensor<i1>
    } do {
      %cst_40 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.add %iterArg, %128 : tensor<20xf32>
      %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %130 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %131 = stablehlo.divide %130, %iterArg : tensor<20xf32>
      %132 = stablehlo.add %iterArg_39, %131 : tensor<20xf32>
      %133 = stablehlo.compare LT, %iterArg, %iterArg_38, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %134 = stablehlo.broadcast_in_dim %133, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %135 = stablehlo.select %134, %129, %iterArg : tensor<20xi1>, tensor<20xf32>
      %136 = stablehlo.broadcast_in_dim %133, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %137 = stablehlo.select %136, %iterArg_38, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %138 = stablehlo.broadcast_in_dim %133, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %139 = stablehlo.select %138, %132, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %135, %137, %139 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %22 = stablehlo.compare EQ, %14, %21, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %23 = call @_where_4(%22, %cst_5, %14) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
    %24 = stablehlo.negate %15 : tensor<20xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %26 = stablehlo.subtract %25, %14 : tensor<20xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %28 = stablehlo.compare EQ, %14, %27, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %30 = stablehlo.subtract %29, %23 : tensor<20xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %32 = stablehlo.divide %31, %30 : tensor<20xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = call @_where_4(%28, %cst_10, %32) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
    %cst_11 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %37:7 = stablehlo.while(%iterArg = %24, %iterArg_38 = %33, %iterArg_39 = %26, %iterArg_40 = %34, %iterArg_41 = %15, %iterArg_42 = %35, %iterArg_43 = %36) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.compare GT, %iterArg_41, %128, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %130 = stablehlo.convert %iterArg_40 : tensor<20xf32>
      %cst_45 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %131 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %132 = stablehlo.compare GT, %130, %131, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %133 = stablehlo.and %129, %132 : tensor<20xi1>
      %c_46 = stablehlo.constant dense<false> : tensor<i1>
      %134 = stablehlo.reduce(%133 init: %c_46) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %134 : tensor<i1>
    } do {
      %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.add %iterArg_42, %128 : tensor<20xf32>
      %130 = stablehlo.divide %iterArg, %129 : tensor<20xf32>
      %131 = stablehlo.multiply %iterArg_43, %130 : tensor<20xf32>
      %cst_45 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %132 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %133 = stablehlo.add %iterArg_39, %132 : tensor<20xf32>
      %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %134 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %135 = stablehlo.compare NE, %133, %134, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %136 = stablehlo.divide %131, %133 : tensor<20xf32>
      %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %137 = func.call @_where_5(%135, %136, %cst_47) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %138 = stablehlo.add %iterArg_38, %137 : tensor<20xf32>
      %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %139 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %140 = stablehlo.compare NE, %138, %139, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %141 = stablehlo.divide %131, %138 : tensor<20xf32>
      %142 = stablehlo.abs %141 : tensor<20xf32>
      %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %143 = func.call @_where_5(%140, %142, %cst_49) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %144 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %145 = stablehlo.compare GT, %iterArg_41, %144, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %146 = stablehlo.convert %iterArg_40 : tensor<20xf32>
      %cst_51 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %147 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %148 = stablehlo.compare GT, %146, %147, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %149 = stablehlo.and %145, %148 : tensor<20xi1>
      %150 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %151 = stablehlo.select %150, %138, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %152 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %153 = stablehlo.select %152, %133, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      %154 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %155 = stablehlo.select %154, %143, %iterArg_40 : tensor<20xi1>, tensor<20xf32>
      %156 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %157 = stablehlo.select %156, %iterArg_41, %iterArg_41 : tensor<20xi1>, tensor<20xf32>
      %158 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %159 = stablehlo.select %158, %129, %iterArg_42 : tensor<20xi1>, tensor<20xf32>
      %160 = stablehlo.broadcast_in_dim %149, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %161 = stablehlo.select %160, %131, %iterArg_43 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %iterArg, %151, %153, %155, %157, %159, %161 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %39 = stablehlo.subtract %14, %38 : tensor<20xf32>
    %40 = stablehlo.power %24, %39 : tensor<20xf32>
    %41 = stablehlo.multiply %40, %20#2 : tensor<20xf32>
    %42 = chlo.lgamma %14 : tensor<20xf32> -> tensor<20xf32>
    %43 = stablehlo.exponential %42 : tensor<20xf32>
    %44 = stablehlo.divide %41, %43 : tensor<20xf32>
    %45 = stablehlo.subtract %44, %37#1 : tensor<20xf32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %46 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %47 = stablehlo.compare EQ, %7, %46, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %48 = stablehlo.select %47, %9, %9 : tensor<20xi1>, tensor<20xf32>
    %49 = stablehlo.convert %48 : tensor<20xf32>
    %c_16 = stablehlo.constant dense<2> : tensor<i32>
    %50 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %51 = stablehlo.compare EQ, %7, %50, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %52 = stablehlo.select %51, %10, %10 : tensor<20xi1>, tensor<20xf32>
    %53 = stablehlo.convert %52 : tensor<20xf32>
    %c_17 = stablehlo.constant dense<3> : tensor<i32>
    %54 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %55 = stablehlo.compare EQ, %7, %54, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %56 = stablehlo.select %55, %11, %11 : tensor<20xi1>, tensor<20xf32>
    %c_18 = stablehlo.constant dense<4> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %58 = stablehlo.compare EQ, %7, %57, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %59 = stablehlo.select %58, %arg5, %arg5 : tensor<20xi1>, tensor<20xf32>
    %c_19 = stablehlo.constant dense<5> : tensor<i32>
    %60 = stablehlo.broadcast_in_dim %c_19, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %61 = stablehlo.compare EQ, %7, %60, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %62 = stablehlo.select %61, %8, %8 : tensor<20xi1>, tensor<20xf32>
    %63 = stablehlo.select %61, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %64 = stablehlo.add %63, %62 : tensor<20xf32>
    %65 = stablehlo.multiply %64, %64 : tensor<20xf32>
    %cst_20 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %67 = stablehlo.divide %66, %65 : tensor<20xf32>
    %68 = stablehlo.multiply %67, %62 : tensor<20xf32>
    %cst_21 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %70 = stablehlo.multiply %69, %63 : tensor<20xf32>
    %71 = stablehlo.multiply %70, %63 : tensor<20xf32>
    %cst_22 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %73 = stablehlo.multiply %72, %62 : tensor<20xf32>
    %74 = stablehlo.multiply %73, %63 : tensor<20xf32>
    %75 = stablehlo.subtract %71, %74 : tensor<20xf32>
    %76 = stablehlo.multiply %62, %62 : tensor<20xf32>
    %77 = stablehlo.add %75, %76 : tensor<20xf32>
    %78 = stablehlo.multiply %68, %77 : tensor<20xf32>
    %cst_23 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %80 = stablehlo.multiply %79, %63 : tensor<20xf32>
    %81 = stablehlo.subtract %62, %80 : tensor<20xf32>
    %82 = stablehlo.multiply %62, %81 : tensor<20xf32>
    %83 = stablehlo.add %78, %82 : tensor<20xf32>
    %84 = stablehlo.multiply %67, %83 : tensor<20xf32>
    %85 = stablehlo.add %84, %62 : tensor<20xf32>
    %86 = stablehlo.multiply %67, %85 : tensor<20xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %88 = stablehlo.add %86, %87 : tensor<20xf32>
    %89 = stablehlo.negate %63 : tensor<20xf32>
    %90 = stablehlo.exponential %89 : tensor<20xf32>
    %91 = stablehlo.multiply %88, %90 : tensor<20xf32>
    %92 = stablehlo.divide %91, %64 : tensor<20xf32>
    %c_25 = stablehlo.constant dense<6> : tensor<i32>
    %93 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %94 = stablehlo.compare EQ, %7, %93, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %95 = stablehlo.select %94, %8, %8 : tensor<20xi1>, tensor<20xf32>
    %96 = stablehlo.select %94, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %97 = stablehlo.add %96, %95 : tensor<20xf32>
    %98 = stablehlo.add %96, %95 : tensor<20xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %100 = stablehlo.divide %99, %98 : tensor<20xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_31 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %106:10 = stablehlo.while(%iterArg = %95, %iterArg_38 = %100, %iterArg_39 = %101, %iterArg_40 = %102, %iterArg_41 = %103, %iterArg_42 = %97, %iterArg_43 = %96, %iterArg_44 = %104, %iterArg_45 = %105, %iterArg_46 = %96) : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    cond {
      %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.compare GT, %iterArg_46, %128, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_48 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %130 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %131 = stablehlo.compare GT, %iterArg_45, %130, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %132 = stablehlo.and %129, %131 : tensor<20xi1>
      %c_49 = stablehlo.constant dense<false> : tensor<i1>
      %133 = stablehlo.reduce(%132 init: %c_49) applies stablehlo.or across dimensions = [0] : (tensor<20xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %133 : tensor<i1>
    } do {
      %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %128 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %129 = stablehlo.add %iterArg_39, %128 : tensor<20xf32>
      %cst_48 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %130 = func.call @remainder_6(%129, %cst_48) : (tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %cst_49 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %131 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %132 = stablehlo.compare EQ, %130, %131, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %133 = func.call @_where_7(%132, %cst_50, %iterArg_46) : (tensor<20xi1>, tensor<f32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_51 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %134 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %135 = stablehlo.subtract %129, %134 : tensor<20xf32>
      %cst_52 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %136 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %137 = stablehlo.divide %135, %136 : tensor<20xf32>
      %138 = stablehlo.add %iterArg, %137 : tensor<20xf32>
      %cst_53 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %139 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %140 = stablehlo.divide %129, %139 : tensor<20xf32>
      %141 = func.call @_where_8(%132, %138, %140) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %142 = stablehlo.multiply %iterArg_40, %133 : tensor<20xf32>
      %143 = stablehlo.multiply %iterArg_41, %141 : tensor<20xf32>
      %144 = stablehlo.add %142, %143 : tensor<20xf32>
      %145 = stablehlo.multiply %iterArg_42, %133 : tensor<20xf32>
      %146 = stablehlo.multiply %iterArg_43, %141 : tensor<20xf32>
      %147 = stablehlo.add %145, %146 : tensor<20xf32>
      %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %148 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %149 = stablehlo.compare NE, %147, %148, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %150 = stablehlo.divide %144, %147 : tensor<20xf32>
      %151 = func.call @_where_8(%149, %150, %iterArg_44) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %152 = stablehlo.subtract %iterArg_38, %151 : tensor<20xf32>
      %153 = stablehlo.divide %152, %151 : tensor<20xf32>
      %154 = stablehlo.abs %153 : tensor<20xf32>
      %cst_55 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %155 = func.call @_where_5(%149, %154, %cst_55) : (tensor<20xi1>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
      %156 = func.call @_where_8(%149, %151, %iterArg_38) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %157 = stablehlo.abs %144 : tensor<20xf32>
      %cst_56 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %158 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %159 = stablehlo.compare GT, %157, %158, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_57 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %160 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %161 = stablehlo.divide %144, %160 : tensor<20xf32>
      %162 = func.call @_where_8(%159, %161, %144) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_58 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %163 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %164 = stablehlo.divide %iterArg_40, %163 : tensor<20xf32>
      %165 = func.call @_where_8(%159, %164, %iterArg_40) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_59 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %166 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %167 = stablehlo.divide %147, %166 : tensor<20xf32>
      %168 = func.call @_where_8(%159, %167, %147) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_60 = stablehlo.constant dense<1.44115188E+17> : tensor<f32>
      %169 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %170 = stablehlo.divide %iterArg_42, %169 : tensor<20xf32>
      %171 = func.call @_where_8(%159, %170, %iterArg_42) : (tensor<20xi1>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
      %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %172 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %173 = stablehlo.compare GT, %iterArg_46, %172, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %cst_62 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %174 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<20xf32>
      %175 = stablehlo.compare GT, %iterArg_45, %174, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
      %176 = stablehlo.and %173, %175 : tensor<20xi1>
      %177 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %178 = stablehlo.select %177, %156, %iterArg_38 : tensor<20xi1>, tensor<20xf32>
      %179 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %180 = stablehlo.select %179, %129, %iterArg_39 : tensor<20xi1>, tensor<20xf32>
      %181 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %182 = stablehlo.select %181, %162, %iterArg_40 : tensor<20xi1>, tensor<20xf32>
      %183 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %184 = stablehlo.select %183, %165, %iterArg_41 : tensor<20xi1>, tensor<20xf32>
      %185 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %186 = stablehlo.select %185, %168, %iterArg_42 : tensor<20xi1>, tensor<20xf32>
      %187 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %188 = stablehlo.select %187, %171, %iterArg_43 : tensor<20xi1>, tensor<20xf32>
      %189 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %190 = stablehlo.select %189, %151, %iterArg_44 : tensor<20xi1>, tensor<20xf32>
      %191 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %192 = stablehlo.select %191, %155, %iterArg_45 : tensor<20xi1>, tensor<20xf32>
      %193 = stablehlo.broadcast_in_dim %176, dims = [0] : (tensor<20xi1>) -> tensor<20xi1>
      %194 = stablehlo.select %193, %iterArg_46, %iterArg_46 : tensor<20xi1>, tensor<20xf32>
      stablehlo.return %iterArg, %178, %180, %182, %184, %186, %188, %190, %192, %194 : tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>, tensor<20xf32>
    }
    %107 = stablehlo.negate %96 : tensor<20xf32>
    %108 = stablehlo.exponential %107 : tensor<20xf32>
    %109 = stablehlo.multiply %106#1, %108 : tensor<20xf32>
    %c_32 = stablehlo.constant dense<3> : tensor<i32>
    %110 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %111 = stablehlo.compare LT, %7, %110, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_33 = stablehlo.constant dense<1> : tensor<i32>
    %112 = stablehlo.broadcast_in_dim %c_33, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %113 = stablehlo.compare LT, %7, %112, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_34 = stablehlo.constant dense<2> : tensor<i32>
    %114 = stablehlo.broadcast_in_dim %c_34, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %115 = stablehlo.compare LT, %7, %114, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %116 = stablehlo.select %115, %49, %53 : tensor<20xi1>, tensor<20xf32>
    %117 = stablehlo.select %113, %45, %116 : tensor<20xi1>, tensor<20xf32>
    %c_35 = stablehlo.constant dense<5> : tensor<i32>
    %118 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %119 = stablehlo.compare LT, %7, %118, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_36 = stablehlo.constant dense<4> : tensor<i32>
    %120 = stablehlo.broadcast_in_dim %c_36, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %121 = stablehlo.compare LT, %7, %120, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %122 = stablehlo.select %121, %56, %59 : tensor<20xi1>, tensor<20xf32>
    %c_37 = stablehlo.constant dense<6> : tensor<i32>
    %123 = stablehlo.broadcast_in_dim %c_37, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %124 = stablehlo.compare LT, %7, %123, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %125 = stablehlo.select %124, %92, %109 : tensor<20xi1>, tensor<20xf32>
    %126 = stablehlo.select %119, %122, %125 : tensor<20xi1>, tensor<20xf32>
    %127 = stablehlo.select %111, %117, %126 : tensor<20xi1>, tensor<20xf32>
    return %127 : tensor<20xf32>
  }
  func.func private @expi(%arg0: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<20xi1>) -> tensor<1x20xi1>
    %3 = call @_piecewise_12(%arg0, %2) : (tensor<20xf32>, tensor<1x20xi1>) -> tensor<20xf32>
    return %3 : tensor<20xf32>
  }
  func.func private @_piecewise_12(%arg0: tensor<20xf32>, %arg1: tensor<1x20xi1>) -> tensor<20xf32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1x20xi1>
    %1 = stablehlo.concatenate %0, %arg1, dim = 0 : (tensor<1x20xi1>, tensor<1x20xi1>) -> tensor<2x20xi1>
    %2 = call @cumsum_13(%1) : (tensor<2x20xi1>) -> tensor<2x20xi32>
    %3 = call @argmax_15(%2) : (tensor<2x20xi32>) -> tensor<20xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %6 = stablehlo.clamp %4, %3, %5 : tensor<20xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %8 = stablehlo.compare EQ, %6, %7, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %9 = stablehlo.select %8, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %11 = stablehlo.compare GT, %9, %10, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %13 = stablehlo.compare LE, %9, %12, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %14 = stablehlo.and %11, %13 : tensor<20xi1>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %16 = stablehlo.compare GT, %9, %15, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %18 = stablehlo.compare LE, %9, %17, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %19 = stablehlo.and %16, %18 : tensor<20xi1>
    %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %21 = stablehlo.compare GT, %9, %20, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_7 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %23 = stablehlo.compare LE, %9, %22, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %24 = stablehlo.and %21, %23 : tensor<20xi1>
    %cst_8 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %26 = stablehlo.compare GT, %9, %25, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_9 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %28 = stablehlo.compare LE, %9, %27, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %29 = stablehlo.and %26, %28 : tensor<20xi1>
    %cst_10 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %31 = stablehlo.compare GT, %9, %30, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_11 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %33 = stablehlo.compare LE, %9, %32, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %34 = stablehlo.and %31, %33 : tensor<20xi1>
    %cst_12 = stablehlo.constant dense<3.200000e+01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %36 = stablehlo.compare GT, %9, %35, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_13 = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %38 = stablehlo.compare LE, %9, %37, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %39 = stablehlo.and %36, %38 : tensor<20xi1>
    %40 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %41 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %42 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %43 = stablehlo.broadcast_in_dim %29, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %44 = stablehlo.broadcast_in_dim %34, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %45 = stablehlo.broadcast_in_dim %39, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %46 = stablehlo.concatenate %40, %41, %42, %43, %44, %45, dim = 1 : (tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>) -> tensor<20x6xi1>
    %47 = call @_piecewise_16(%9, %46) : (tensor<20xf32>, tensor<20x6xi1>) -> tensor<20xf32>
    %c_14 = stablehlo.constant dense<1> : tensor<i32>
    %48 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %49 = stablehlo.compare EQ, %6, %48, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %50 = stablehlo.select %49, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %51 = stablehlo.negate %50 : tensor<20xf32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %52 = call @expn_25(%c_15, %51) : (tensor<i32>, tensor<20xf32>) -> tensor<20xf32>
    %53 = stablehlo.negate %52 : tensor<20xf32>
    %c_16 = stablehlo.constant dense<1> : tensor<i32>
    %54 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %55 = stablehlo.compare LT, %6, %54, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %56 = stablehlo.select %55, %47, %53 : tensor<20xi1>, tensor<20xf32>
    return %56 : tensor<20xf32>
  }
  func.func private @cumsum_13(%arg0: tensor<2x20xi1>) -> tensor<2x20xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<2x20xi1>) -> tensor<2x20xi32>
    %1 = call @cumsum_14(%0) : (tensor<2x20xi32>) -> tensor<2x20xi32>
    return %1 : tensor<2x20xi32>
  }
  func.func private @cumsum_14(%arg0: tensor<2x20xi32>) -> tensor<2x20xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<2x20xi32>, tensor<i32>) -> tensor<2x20xi32>
    return %1 : tensor<2x20xi32>
  }
  func.func private @argmax_15(%arg0: tensor<2x20xi32>) -> tensor<20xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<2x20xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<2x20xi32>, tensor<2x20xi32>, tensor<i32>, tensor<i32>) -> (tensor<20xi32>, tensor<20xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<20xi32>
  }
  func.func private @_piecewise_16(%arg0: tensor<20xf32>, %arg1: tensor<20x6xi1>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<[-0.76578468, 0.688619256, -0.213259816, 0.0334610753, -0.00307654147, 1.74711939E-4, -6.10371171E-6, 1.21803282E-7, -1.08607612E-9]> : tensor<9xf32>
    %cst_0 = stablehlo.constant dense<[1.000000e+00, -1.88880289, 1.06669164, -0.275191605, 0.0393085256, -0.00341468467, 1.8668444E-4, -6.34514618E-6, 1.23975425E-7, -1.08607612E-9]> : tensor<10xf32>
    %cst_1 = stablehlo.constant dense<[-5.35044718, 218.504913, -4176.57227, 55411.7656, -331338.125, 1592627.13]> : tensor<6xf32>
    %cst_2 = stablehlo.constant dense<[1.000000e+00, -52.5054779, 1259.61621, -17565.4961, 149306.219, -729494.938, 1592627.13]> : tensor<7xf32>
    %cst_3 = stablehlo.constant dense<[0.0198180843, -1.27164567, -2.08816028, 2.75554442, -0.440950692, 0.0466562398, -0.00154504273, 7.059980e-05]> : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<[1.000000e+00, 1.47649872, 0.562917709, 0.169901788, 0.0229164716, 0.0044501503, 1.72743967E-4, 3.95316711E-5]> : tensor<8xf32>
    %cst_5 = stablehlo.constant dense<[-1.37321532, -0.70845592, 1.58080685, -0.260150045, 0.0299467463, -0.00103808602, 4.37106428E-5, 2.14178363E-6]> : tensor<8xf32>
    %cst_6 = stablehlo.constant dense<[1.000000e+00, 0.85852313, 0.448328584, 0.0768793225, 0.0244986825, 8.8321662E-4, 4.5909523E-4, -4.72984857E-6, 2.66519555E-6]> : tensor<9xf32>
    %cst_7 = stablehlo.constant dense<[-2.10693455, 1.73273385, -0.242361918, 0.0232272409, 2.37288041E-4, -8.34321981E-5, 1.36340877E-5, -3.6554124E-7, 1.46494177E-8, 6.17640772E-10]> : tensor<10xf32>
    %cst_8 = stablehlo.constant dense<[1.000000e+00, -0.229806229, 0.110507704, -0.0156654306, 0.00276110694, -2.08914804E-4, 1.70852891E-5, -4.45931192E-7, 1.3946349E-8, 6.15086593E-10]> : tensor<10xf32>
    %cst_9 = stablehlo.constant dense<[-0.245811939, -0.148338228, 0.0724829212, -0.0134831565, 0.00134277507, -7.94246589E-5, 2.64417963E-6, -4.23947348E-8]> : tensor<8xf32>
    %cst_10 = stablehlo.constant dense<[1.000000e+00, -0.104422592, -0.267645299, 9.695000e-02, -0.0160174575, 0.00149641489, -8.46245238E-5, 2.7289384E-6, -4.23946247E-8]> : tensor<9xf32>
    %cst_11 = stablehlo.constant dense<[0.121256113, -0.582313299, 0.234888732, -0.0304003432, 0.00151008216, -2.52313712E-5]> : tensor<6xf32>
    %cst_12 = stablehlo.constant dense<[1.000000e+00, -1.0022521, 0.292870969, -0.0333700441, 0.00156054483, -2.52313712E-5]> : tensor<6xf32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<1xi1>) -> tensor<20x1xi1>
    %2 = stablehlo.concatenate %1, %arg1, dim = 1 : (tensor<20x1xi1>, tensor<20x6xi1>) -> tensor<20x7xi1>
    %3 = call @cumsum(%2) : (tensor<20x7xi1>) -> tensor<20x7xi32>
    %4 = call @argmax_3(%3) : (tensor<20x7xi32>) -> tensor<20xi32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %c_14 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %6 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %7 = stablehlo.clamp %5, %4, %6 : tensor<20xi32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<9xf32>) -> tensor<20x9xf32>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<10xf32>) -> tensor<20x10xf32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [1] : (tensor<6xf32>) -> tensor<20x6xf32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [1] : (tensor<7xf32>) -> tensor<20x7xf32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [1] : (tensor<8xf32>) -> tensor<20x8xf32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [1] : (tensor<8xf32>) -> tensor<20x8xf32>
    %14 = stablehlo.broadcast_in_dim %cst_5, dims = [1] : (tensor<8xf32>) -> tensor<20x8xf32>
    %15 = stablehlo.broadcast_in_dim %cst_6, dims = [1] : (tensor<9xf32>) -> tensor<20x9xf32>
    %16 = stablehlo.broadcast_in_dim %cst_7, dims = [1] : (tensor<10xf32>) -> tensor<20x10xf32>
    %17 = stablehlo.broadcast_in_dim %cst_8, dims = [1] : (tensor<10xf32>) -> tensor<20x10xf32>
    %18 = stablehlo.broadcast_in_dim %cst_9, dims = [1] : (tensor<8xf32>) -> tensor<20x8xf32>
    %19 = stablehlo.broadcast_in_dim %cst_10, dims = [1] : (tensor<9xf32>) -> tensor<20x9xf32>
    %20 = stablehlo.broadcast_in_dim %cst_11, dims = [1] : (tensor<6xf32>) -> tensor<20x6xf32>
    %21 = stablehlo.broadcast_in_dim %cst_12, dims = [1] : (tensor<6xf32>) -> tensor<20x6xf32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %23 = stablehlo.compare EQ, %7, %22, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<20xi1>) -> tensor<20x9xi1>
    %25 = stablehlo.select %24, %8, %8 : tensor<20x9xi1>, tensor<20x9xf32>
    %26 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<20xi1>) -> tensor<20x10xi1>
    %27 = stablehlo.select %26, %9, %9 : tensor<20x10xi1>, tensor<20x10xf32>
    %28 = stablehlo.select %23, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %30 = stablehlo.divide %29, %28 : tensor<20xf32>
    %31 = call @polyval(%25, %30) : (tensor<20x9xf32>, tensor<20xf32>) -> tensor<20xf32>
    %32 = call @polyval_17(%27, %30) : (tensor<20x10xf32>, tensor<20xf32>) -> tensor<20xf32>
    %33 = stablehlo.divide %31, %32 : tensor<20xf32>
    %34 = stablehlo.multiply %30, %33 : tensor<20xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %36 = stablehlo.add %34, %35 : tensor<20xf32>
    %37 = stablehlo.exponential %28 : tensor<20xf32>
    %38 = stablehlo.multiply %37, %30 : tensor<20xf32>
    %39 = stablehlo.multiply %38, %36 : tensor<20xf32>
    %c_18 = stablehlo.constant dense<1> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %41 = stablehlo.compare EQ, %7, %40, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<20xi1>) -> tensor<20x6xi1>
    %43 = stablehlo.select %42, %10, %10 : tensor<20x6xi1>, tensor<20x6xf32>
    %44 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<20xi1>) -> tensor<20x7xi1>
    %45 = stablehlo.select %44, %11, %11 : tensor<20x7xi1>, tensor<20x7xf32>
    %46 = stablehlo.select %41, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %47 = call @polyval_19(%43, %46) : (tensor<20x6xf32>, tensor<20xf32>) -> tensor<20xf32>
    %48 = call @polyval_21(%45, %46) : (tensor<20x7xf32>, tensor<20xf32>) -> tensor<20xf32>
    %49 = stablehlo.divide %47, %48 : tensor<20xf32>
    %50 = stablehlo.multiply %46, %49 : tensor<20xf32>
    %cst_19 = stablehlo.constant dense<0.577215672> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %52 = stablehlo.add %50, %51 : tensor<20xf32>
    %53 = stablehlo.log %46 : tensor<20xf32>
    %54 = stablehlo.add %52, %53 : tensor<20xf32>
    %c_20 = stablehlo.constant dense<2> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %56 = stablehlo.compare EQ, %7, %55, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0] : (tensor<20xi1>) -> tensor<20x8xi1>
    %58 = stablehlo.select %57, %12, %12 : tensor<20x8xi1>, tensor<20x8xf32>
    %59 = stablehlo.broadcast_in_dim %56, dims = [0] : (tensor<20xi1>) -> tensor<20x8xi1>
    %60 = stablehlo.select %59, %13, %13 : tensor<20x8xi1>, tensor<20x8xf32>
    %61 = stablehlo.select %56, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %63 = stablehlo.divide %62, %61 : tensor<20xf32>
    %64 = call @polyval_23(%58, %63) : (tensor<20x8xf32>, tensor<20xf32>) -> tensor<20xf32>
    %65 = call @polyval_23(%60, %63) : (tensor<20x8xf32>, tensor<20xf32>) -> tensor<20xf32>
    %66 = stablehlo.divide %64, %65 : tensor<20xf32>
    %67 = stablehlo.multiply %63, %66 : tensor<20xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %69 = stablehlo.add %67, %68 : tensor<20xf32>
    %70 = stablehlo.exponential %61 : tensor<20xf32>
    %71 = stablehlo.multiply %70, %63 : tensor<20xf32>
    %72 = stablehlo.multiply %71, %69 : tensor<20xf32>
    %c_23 = stablehlo.constant dense<3> : tensor<i32>
    %73 = stablehlo.broadcast_in_dim %c_23, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %74 = stablehlo.compare EQ, %7, %73, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0] : (tensor<20xi1>) -> tensor<20x8xi1>
    %76 = stablehlo.select %75, %14, %14 : tensor<20x8xi1>, tensor<20x8xf32>
    %77 = stablehlo.broadcast_in_dim %74, dims = [0] : (tensor<20xi1>) -> tensor<20x9xi1>
    %78 = stablehlo.select %77, %15, %15 : tensor<20x9xi1>, tensor<20x9xf32>
    %79 = stablehlo.select %74, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %80 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %81 = stablehlo.divide %80, %79 : tensor<20xf32>
    %82 = call @polyval_23(%76, %81) : (tensor<20x8xf32>, tensor<20xf32>) -> tensor<20xf32>
    %83 = call @polyval(%78, %81) : (tensor<20x9xf32>, tensor<20xf32>) -> tensor<20xf32>
    %84 = stablehlo.divide %82, %83 : tensor<20xf32>
    %85 = stablehlo.multiply %81, %84 : tensor<20xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %87 = stablehlo.add %85, %86 : tensor<20xf32>
    %88 = stablehlo.exponential %79 : tensor<20xf32>
    %89 = stablehlo.multiply %88, %81 : tensor<20xf32>
    %90 = stablehlo.multiply %89, %87 : tensor<20xf32>
    %c_26 = stablehlo.constant dense<4> : tensor<i32>
    %91 = stablehlo.broadcast_in_dim %c_26, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %92 = stablehlo.compare EQ, %7, %91, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %93 = stablehlo.broadcast_in_dim %92, dims = [0] : (tensor<20xi1>) -> tensor<20x10xi1>
    %94 = stablehlo.select %93, %16, %16 : tensor<20x10xi1>, tensor<20x10xf32>
    %95 = stablehlo.broadcast_in_dim %92, dims = [0] : (tensor<20xi1>) -> tensor<20x10xi1>
    %96 = stablehlo.select %95, %17, %17 : tensor<20x10xi1>, tensor<20x10xf32>
    %97 = stablehlo.select %92, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %99 = stablehlo.divide %98, %97 : tensor<20xf32>
    %100 = call @polyval_17(%94, %99) : (tensor<20x10xf32>, tensor<20xf32>) -> tensor<20xf32>
    %101 = call @polyval_17(%96, %99) : (tensor<20x10xf32>, tensor<20xf32>) -> tensor<20xf32>
    %102 = stablehlo.divide %100, %101 : tensor<20xf32>
    %103 = stablehlo.multiply %99, %102 : tensor<20xf32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %105 = stablehlo.add %103, %104 : tensor<20xf32>
    %106 = stablehlo.exponential %97 : tensor<20xf32>
    %107 = stablehlo.multiply %106, %99 : tensor<20xf32>
    %108 = stablehlo.multiply %107, %105 : tensor<20xf32>
    %c_29 = stablehlo.constant dense<5> : tensor<i32>
    %109 = stablehlo.broadcast_in_dim %c_29, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %110 = stablehlo.compare EQ, %7, %109, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %111 = stablehlo.broadcast_in_dim %110, dims = [0] : (tensor<20xi1>) -> tensor<20x8xi1>
    %112 = stablehlo.select %111, %18, %18 : tensor<20x8xi1>, tensor<20x8xf32>
    %113 = stablehlo.broadcast_in_dim %110, dims = [0] : (tensor<20xi1>) -> tensor<20x9xi1>
    %114 = stablehlo.select %113, %19, %19 : tensor<20x9xi1>, tensor<20x9xf32>
    %115 = stablehlo.select %110, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %117 = stablehlo.divide %116, %115 : tensor<20xf32>
    %118 = call @polyval_23(%112, %117) : (tensor<20x8xf32>, tensor<20xf32>) -> tensor<20xf32>
    %119 = call @polyval(%114, %117) : (tensor<20x9xf32>, tensor<20xf32>) -> tensor<20xf32>
    %120 = stablehlo.divide %118, %119 : tensor<20xf32>
    %121 = stablehlo.multiply %117, %120 : tensor<20xf32>
    %cst_31 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %123 = stablehlo.add %121, %122 : tensor<20xf32>
    %124 = stablehlo.exponential %115 : tensor<20xf32>
    %125 = stablehlo.multiply %124, %117 : tensor<20xf32>
    %126 = stablehlo.multiply %125, %123 : tensor<20xf32>
    %c_32 = stablehlo.constant dense<6> : tensor<i32>
    %127 = stablehlo.broadcast_in_dim %c_32, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %128 = stablehlo.compare EQ, %7, %127, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %129 = stablehlo.broadcast_in_dim %128, dims = [0] : (tensor<20xi1>) -> tensor<20x6xi1>
    %130 = stablehlo.select %129, %20, %20 : tensor<20x6xi1>, tensor<20x6xf32>
    %131 = stablehlo.broadcast_in_dim %128, dims = [0] : (tensor<20xi1>) -> tensor<20x6xi1>
    %132 = stablehlo.select %131, %21, %21 : tensor<20x6xi1>, tensor<20x6xf32>
    %133 = stablehlo.select %128, %arg0, %arg0 : tensor<20xi1>, tensor<20xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %135 = stablehlo.divide %134, %133 : tensor<20xf32>
    %136 = call @polyval_19(%130, %135) : (tensor<20x6xf32>, tensor<20xf32>) -> tensor<20xf32>
    %137 = call @polyval_19(%132, %135) : (tensor<20x6xf32>, tensor<20xf32>) -> tensor<20xf32>
    %138 = stablehlo.divide %136, %137 : tensor<20xf32>
    %139 = stablehlo.multiply %135, %138 : tensor<20xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %141 = stablehlo.add %139, %140 : tensor<20xf32>
    %142 = stablehlo.exponential %133 : tensor<20xf32>
    %143 = stablehlo.multiply %142, %135 : tensor<20xf32>
    %144 = stablehlo.multiply %143, %141 : tensor<20xf32>
    %c_35 = stablehlo.constant dense<3> : tensor<i32>
    %145 = stablehlo.broadcast_in_dim %c_35, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %146 = stablehlo.compare LT, %7, %145, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_36 = stablehlo.constant dense<1> : tensor<i32>
    %147 = stablehlo.broadcast_in_dim %c_36, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %148 = stablehlo.compare LT, %7, %147, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_37 = stablehlo.constant dense<2> : tensor<i32>
    %149 = stablehlo.broadcast_in_dim %c_37, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %150 = stablehlo.compare LT, %7, %149, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %151 = stablehlo.select %150, %54, %72 : tensor<20xi1>, tensor<20xf32>
    %152 = stablehlo.select %148, %39, %151 : tensor<20xi1>, tensor<20xf32>
    %c_38 = stablehlo.constant dense<5> : tensor<i32>
    %153 = stablehlo.broadcast_in_dim %c_38, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %154 = stablehlo.compare LT, %7, %153, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %c_39 = stablehlo.constant dense<4> : tensor<i32>
    %155 = stablehlo.broadcast_in_dim %c_39, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %156 = stablehlo.compare LT, %7, %155, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %157 = stablehlo.select %156, %90, %108 : tensor<20xi1>, tensor<20xf32>
    %c_40 = stablehlo.constant dense<6> : tensor<i32>
    %158 = stablehlo.broadcast_in_dim %c_40, dims = [] : (tensor<i32>) -> tensor<20xi32>
    %159 = stablehlo.compare LT, %7, %158, SIGNED : (tensor<20xi32>, tensor<20xi32>) -> tensor<20xi1>
    %160 = stablehlo.select %159, %126, %144 : tensor<20xi1>, tensor<20xf32>
    %161 = stablehlo.select %154, %157, %160 : tensor<20xi1>, tensor<20xf32>
    %162 = stablehlo.select %146, %152, %161 : tensor<20xi1>, tensor<20xf32>
    return %162 : tensor<20xf32>
  }
  func.func private @polyval(%arg0: tensor<20x9xf32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x9xf32>) -> tensor<9x20xf32>
    %2 = stablehlo.slice %1 [0:0, 0:20] : (tensor<9x20xf32>) -> tensor<0x20xf32>
    %3 = stablehlo.slice %1 [0:9, 0:20] : (tensor<9x20xf32>) -> tensor<9x20xf32>
    %4 = stablehlo.slice %3 [0:1, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x20xf32>) -> tensor<20xf32>
    %6 = call @closed_call(%arg1, %0, %5) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %7 = stablehlo.slice %3 [1:2, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x20xf32>) -> tensor<20xf32>
    %9 = call @closed_call(%arg1, %6, %8) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %10 = stablehlo.slice %3 [2:3, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x20xf32>) -> tensor<20xf32>
    %12 = call @closed_call(%arg1, %9, %11) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %13 = stablehlo.slice %3 [3:4, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x20xf32>) -> tensor<20xf32>
    %15 = call @closed_call(%arg1, %12, %14) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %16 = stablehlo.slice %3 [4:5, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x20xf32>) -> tensor<20xf32>
    %18 = call @closed_call(%arg1, %15, %17) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %19 = stablehlo.slice %3 [5:6, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x20xf32>) -> tensor<20xf32>
    %21 = call @closed_call(%arg1, %18, %20) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %22 = stablehlo.slice %3 [6:7, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x20xf32>) -> tensor<20xf32>
    %24 = call @closed_call(%arg1, %21, %23) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %25 = stablehlo.slice %3 [7:8, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %26 = stablehlo.reshape %25 : (tensor<1x20xf32>) -> tensor<20xf32>
    %27 = call @closed_call(%arg1, %24, %26) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %28 = stablehlo.slice %3 [8:9, 0:20] : (tensor<9x20xf32>) -> tensor<1x20xf32>
    %29 = stablehlo.reshape %28 : (tensor<1x20xf32>) -> tensor<20xf32>
    %30 = call @closed_call(%arg1, %27, %29) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %30 : tensor<20xf32>
  }
  func.func private @closed_call(%arg0: tensor<20xf32>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<20xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @polyval_17(%arg0: tensor<20x10xf32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x10xf32>) -> tensor<10x20xf32>
    %2 = stablehlo.slice %1 [0:0, 0:20] : (tensor<10x20xf32>) -> tensor<0x20xf32>
    %3 = stablehlo.slice %1 [0:10, 0:20] : (tensor<10x20xf32>) -> tensor<10x20xf32>
    %4 = stablehlo.slice %3 [0:1, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x20xf32>) -> tensor<20xf32>
    %6 = call @closed_call_18(%arg1, %0, %5) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %7 = stablehlo.slice %3 [1:2, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x20xf32>) -> tensor<20xf32>
    %9 = call @closed_call_18(%arg1, %6, %8) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %10 = stablehlo.slice %3 [2:3, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x20xf32>) -> tensor<20xf32>
    %12 = call @closed_call_18(%arg1, %9, %11) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %13 = stablehlo.slice %3 [3:4, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x20xf32>) -> tensor<20xf32>
    %15 = call @closed_call_18(%arg1, %12, %14) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %16 = stablehlo.slice %3 [4:5, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x20xf32>) -> tensor<20xf32>
    %18 = call @closed_call_18(%arg1, %15, %17) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %19 = stablehlo.slice %3 [5:6, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x20xf32>) -> tensor<20xf32>
    %21 = call @closed_call_18(%arg1, %18, %20) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %22 = stablehlo.slice %3 [6:7, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x20xf32>) -> tensor<20xf32>
    %24 = call @closed_call_18(%arg1, %21, %23) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %25 = stablehlo.slice %3 [7:8, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %26 = stablehlo.reshape %25 : (tensor<1x20xf32>) -> tensor<20xf32>
    %27 = call @closed_call_18(%arg1, %24, %26) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %28 = stablehlo.slice %3 [8:9, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %29 = stablehlo.reshape %28 : (tensor<1x20xf32>) -> tensor<20xf32>
    %30 = call @closed_call_18(%arg1, %27, %29) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %31 = stablehlo.slice %3 [9:10, 0:20] : (tensor<10x20xf32>) -> tensor<1x20xf32>
    %32 = stablehlo.reshape %31 : (tensor<1x20xf32>) -> tensor<20xf32>
    %33 = call @closed_call_18(%arg1, %30, %32) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %33 : tensor<20xf32>
  }
  func.func private @closed_call_18(%arg0: tensor<20xf32>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<20xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @polyval_19(%arg0: tensor<20x6xf32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x6xf32>) -> tensor<6x20xf32>
    %2 = stablehlo.slice %1 [0:0, 0:20] : (tensor<6x20xf32>) -> tensor<0x20xf32>
    %3 = stablehlo.slice %1 [0:6, 0:20] : (tensor<6x20xf32>) -> tensor<6x20xf32>
    %4 = stablehlo.slice %3 [0:1, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x20xf32>) -> tensor<20xf32>
    %6 = call @closed_call_20(%arg1, %0, %5) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %7 = stablehlo.slice %3 [1:2, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x20xf32>) -> tensor<20xf32>
    %9 = call @closed_call_20(%arg1, %6, %8) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %10 = stablehlo.slice %3 [2:3, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x20xf32>) -> tensor<20xf32>
    %12 = call @closed_call_20(%arg1, %9, %11) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %13 = stablehlo.slice %3 [3:4, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x20xf32>) -> tensor<20xf32>
    %15 = call @closed_call_20(%arg1, %12, %14) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %16 = stablehlo.slice %3 [4:5, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x20xf32>) -> tensor<20xf32>
    %18 = call @closed_call_20(%arg1, %15, %17) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %19 = stablehlo.slice %3 [5:6, 0:20] : (tensor<6x20xf32>) -> tensor<1x20xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x20xf32>) -> tensor<20xf32>
    %21 = call @closed_call_20(%arg1, %18, %20) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %21 : tensor<20xf32>
  }
  func.func private @closed_call_20(%arg0: tensor<20xf32>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<20xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @polyval_21(%arg0: tensor<20x7xf32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x7xf32>) -> tensor<7x20xf32>
    %2 = stablehlo.slice %1 [0:0, 0:20] : (tensor<7x20xf32>) -> tensor<0x20xf32>
    %3 = stablehlo.slice %1 [0:7, 0:20] : (tensor<7x20xf32>) -> tensor<7x20xf32>
    %4 = stablehlo.slice %3 [0:1, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x20xf32>) -> tensor<20xf32>
    %6 = call @closed_call_22(%arg1, %0, %5) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %7 = stablehlo.slice %3 [1:2, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x20xf32>) -> tensor<20xf32>
    %9 = call @closed_call_22(%arg1, %6, %8) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %10 = stablehlo.slice %3 [2:3, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x20xf32>) -> tensor<20xf32>
    %12 = call @closed_call_22(%arg1, %9, %11) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %13 = stablehlo.slice %3 [3:4, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x20xf32>) -> tensor<20xf32>
    %15 = call @closed_call_22(%arg1, %12, %14) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %16 = stablehlo.slice %3 [4:5, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x20xf32>) -> tensor<20xf32>
    %18 = call @closed_call_22(%arg1, %15, %17) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %19 = stablehlo.slice %3 [5:6, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x20xf32>) -> tensor<20xf32>
    %21 = call @closed_call_22(%arg1, %18, %20) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %22 = stablehlo.slice %3 [6:7, 0:20] : (tensor<7x20xf32>) -> tensor<1x20xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x20xf32>) -> tensor<20xf32>
    %24 = call @closed_call_22(%arg1, %21, %23) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %24 : tensor<20xf32>
  }
  func.func private @closed_call_22(%arg0: tensor<20xf32>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<20xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @polyval_23(%arg0: tensor<20x8xf32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x8xf32>) -> tensor<8x20xf32>
    %2 = stablehlo.slice %1 [0:0, 0:20] : (tensor<8x20xf32>) -> tensor<0x20xf32>
    %3 = stablehlo.slice %1 [0:8, 0:20] : (tensor<8x20xf32>) -> tensor<8x20xf32>
    %4 = stablehlo.slice %3 [0:1, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x20xf32>) -> tensor<20xf32>
    %6 = call @closed_call_24(%arg1, %0, %5) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %7 = stablehlo.slice %3 [1:2, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x20xf32>) -> tensor<20xf32>
    %9 = call @closed_call_24(%arg1, %6, %8) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %10 = stablehlo.slice %3 [2:3, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x20xf32>) -> tensor<20xf32>
    %12 = call @closed_call_24(%arg1, %9, %11) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %13 = stablehlo.slice %3 [3:4, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x20xf32>) -> tensor<20xf32>
    %15 = call @closed_call_24(%arg1, %12, %14) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %16 = stablehlo.slice %3 [4:5, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x20xf32>) -> tensor<20xf32>
    %18 = call @closed_call_24(%arg1, %15, %17) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %19 = stablehlo.slice %3 [5:6, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x20xf32>) -> tensor<20xf32>
    %21 = call @closed_call_24(%arg1, %18, %20) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %22 = stablehlo.slice %3 [6:7, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x20xf32>) -> tensor<20xf32>
    %24 = call @closed_call_24(%arg1, %21, %23) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    %25 = stablehlo.slice %3 [7:8, 0:20] : (tensor<8x20xf32>) -> tensor<1x20xf32>
    %26 = stablehlo.reshape %25 : (tensor<1x20xf32>) -> tensor<20xf32>
    %27 = call @closed_call_24(%arg1, %24, %26) : (tensor<20xf32>, tensor<20xf32>, tensor<20xf32>) -> tensor<20xf32>
    return %27 : tensor<20xf32>
  }
  func.func private @closed_call_24(%arg0: tensor<20xf32>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<20xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<20xf32>
    return %1 : tensor<20xf32>
  }
  func.func private @expn_25(%arg0: tensor<i32>, %arg1: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.compare LT, %0, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %3 = stablehlo.compare LT, %arg1, %2, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %4 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %5 = stablehlo.or %4, %3 : tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %8 = stablehlo.compare LT, %0, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %10 = stablehlo.and %7, %9 : tensor<20xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %12 = stablehlo.compare EQ, %arg1, %11, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GE, %0, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %15 = stablehlo.and %12, %14 : tensor<20xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.compare EQ, %0, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %18 = stablehlo.compare GE, %arg1, %17, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %19 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i1>) -> tensor<20xi1>
    %20 = stablehlo.and %19, %18 : tensor<20xi1>
    %cst_7 = stablehlo.constant dense<5.000000e+03> : tensor<f32>
    %21 = stablehlo.compare GE, %0, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %23 = stablehlo.compare GT, %arg1, %22, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.compare EQ, %0, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %25 = stablehlo.add %0, %0 : tensor<f32>
    %26 = call @_where_10(%24, %25, %0) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.divide %cst_10, %26 : tensor<f32>
    %28 = stablehlo.negate %arg1 : tensor<20xf32>
    %29 = stablehlo.exponential %28 : tensor<20xf32>
    %30 = stablehlo.divide %29, %arg1 : tensor<20xf32>
    %31 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %32 = stablehlo.broadcast_in_dim %10, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %33 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %34 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %35 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %36 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<20xi1>) -> tensor<20x1xi1>
    %37 = stablehlo.broadcast_in_dim %35, dims = [1] : (tensor<1xi1>) -> tensor<20x1xi1>
    %38 = stablehlo.concatenate %31, %32, %33, %34, %37, %36, dim = 1 : (tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>, tensor<20x1xi1>) -> tensor<20x6xi1>
    %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %cst_12 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %39 = call @_piecewise_11(%arg1, %38, %cst_11, %cst_12, %27, %30, %0) : (tensor<20xf32>, tensor<20x6xi1>, tensor<f32>, tensor<f32>, tensor<f32>, tensor<20xf32>, tensor<f32>) -> tensor<20xf32>
    return %39 : tensor<20xf32>
  }
  func.func private @_where_26(%arg0: tensor<20xi1>, %arg1: tensor<i32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %2 : tensor<20xf32>
  }
  func.func private @_where_27(%arg0: tensor<20xi1>, %arg1: tensor<20xf32>, %arg2: tensor<i32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<20xi1>, tensor<20xf32>
    return %2 : tensor<20xf32>
  }
  func.func private @_where_28(%arg0: tensor<20xi1>, %arg1: tensor<20xf32>, %arg2: tensor<20xf32>) -> tensor<20xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<20xi1>, tensor<20xf32>
    return %0 : tensor<20xf32>
  }
  func.func private @_where_29(%arg0: tensor<20xi1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<20xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %3 = stablehlo.select %arg0, %1, %2 : tensor<20xi1>, tensor<20xf32>
    return %3 : tensor<20xf32>
  }
  func.func private @log_softmax(%arg0: tensor<20xf32>) -> tensor<20xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<20xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.maximum %cst_0, %0 : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<1xf32>) -> tensor<20xf32>
    %4 = stablehlo.subtract %arg0, %3 : tensor<20xf32>
    %5 = stablehlo.exponential %4 : tensor<20xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<20xf32>, tensor<f32>) -> tensor<f32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %8 = stablehlo.log %7 : tensor<1xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<1xf32>) -> tensor<20xf32>
    %10 = stablehlo.subtract %4, %9 : tensor<20xf32>
    return %10 : tensor<20xf32>
  }
}
