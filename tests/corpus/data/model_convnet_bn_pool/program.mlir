module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xf32>, %arg1: tensor<3x3x3x8xf32>, %arg2: tensor<3x3x8x8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8x10xf32>, %arg5: tensor<4x12x12x3xf32>, %arg6: tensor<4xi32>) -> (tensor<4x10xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]['b']"}, tensor<3x3x3x8xf32> {jax.result_info = "result[2]['c1']"}, tensor<3x3x8x8xf32> {jax.result_info = "result[2]['c2']"}, tensor<8xf32> {jax.result_info = "result[2]['g']"}, tensor<8x10xf32> {jax.result_info = "result[2]['w']"}) {
    %0 = stablehlo.convolution(%arg5, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x12x12x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x12x12x8xf32>
    %1 = call @relu(%0) : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %3 = stablehlo.compare GT, %0, %2, FLOAT : (tensor<4x12x12x8xf32>, tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xi1>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<f32>
    %5 = "stablehlo.reduce_window"(%1, %4) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.maximum %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %6 = stablehlo.convolution(%5, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_2 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %9 = stablehlo.divide %7, %8 : tensor<8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = call @_var(%6, %c) : (tensor<4x6x6x8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>)
    %11 = stablehlo.broadcast_in_dim %9, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %13 = stablehlo.subtract %6, %12 : tensor<4x6x6x8xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %15 = stablehlo.add %10#0, %14 : tensor<8xf32>
    %16 = stablehlo.sqrt %15 : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %18 = stablehlo.divide %17, %16 : tensor<8xf32>
    %19 = stablehlo.broadcast_in_dim %16, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %21 = stablehlo.divide %13, %20 : tensor<4x6x6x8xf32>
    %22 = stablehlo.multiply %19, %19 : tensor<1x1x1x8xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %24 = stablehlo.divide %23, %22 : tensor<1x1x1x8xf32>
    %25 = stablehlo.broadcast_in_dim %arg3, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %27 = stablehlo.multiply %21, %26 : tensor<4x6x6x8xf32>
    %28 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %30 = stablehlo.add %27, %29 : tensor<4x6x6x8xf32>
    %31 = call @relu_0(%30) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %33 = stablehlo.compare GT, %30, %32, FLOAT : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<f32>
    %35 = "stablehlo.reduce_window"(%31, %34) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x3x3x8xf32>
    %cst_8 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %37 = stablehlo.divide %35, %36 : tensor<4x3x3x8xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %38 = stablehlo.reduce(%37 init: %cst_9) applies stablehlo.add across dimensions = [1, 2] : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_10 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %40 = stablehlo.divide %38, %39 : tensor<4x8xf32>
    %41 = stablehlo.dot_general %40, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x10xf32>) -> tensor<4x10xf32>
    %42:3 = call @log_softmax(%41) : (tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>)
    %43 = stablehlo.broadcast_in_dim %arg6, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %44:2 = call @take_along_axis(%42#0, %43) : (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.reduce(%44#0 init: %cst_11) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %46 = stablehlo.divide %45, %cst_12 : tensor<f32>
    %47 = stablehlo.negate %46 : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.negate %cst_13 : tensor<f32>
    %cst_14 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %49 = stablehlo.divide %48, %cst_14 : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %51 = call @take_along_axis_1(%44#1, %50) : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %52 = call @log_softmax_2(%42#1, %42#2, %51) : (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %53 = stablehlo.dot_general %52, %40, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<4x8xf32>) -> tensor<10x8xf32>
    %54 = stablehlo.transpose %53, dims = [1, 0] : (tensor<10x8xf32>) -> tensor<8x10xf32>
    %55 = stablehlo.dot_general %52, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x10xf32>, tensor<8x10xf32>) -> tensor<4x8xf32>
    %cst_15 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %57 = stablehlo.divide %55, %56 : tensor<4x8xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 3] : (tensor<4x8xf32>) -> tensor<4x3x3x8xf32>
    %cst_16 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %60 = stablehlo.divide %58, %59 : tensor<4x3x3x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.pad %60, %cst_17, low = [0, 1, 1, 0], high = [0, 1, 1, 0], interior = [0, 1, 1, 0] : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x7x7x8xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<f32>
    %63 = "stablehlo.reduce_window"(%61, %62) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x7x7x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %65 = stablehlo.select %33, %63, %64 : tensor<4x6x6x8xi1>, tensor<4x6x6x8xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_20) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %67 = stablehlo.reshape %66 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%67 init: %cst_21) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %69 = stablehlo.multiply %21, %65 : tensor<4x6x6x8xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %70 = stablehlo.reduce(%69 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %71 = stablehlo.reshape %70 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %72 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %73 = stablehlo.multiply %65, %72 : tensor<4x6x6x8xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.reduce(%71 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %75 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %76 = stablehlo.multiply %73, %75 : tensor<4x6x6x8xf32>
    %77 = stablehlo.multiply %76, %13 : tensor<4x6x6x8xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%77 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %79 = stablehlo.reshape %78 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %80 = stablehlo.negate %79 : tensor<1x1x1x8xf32>
    %81 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %82 = stablehlo.divide %73, %81 : tensor<4x6x6x8xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.reduce(%80 init: %cst_25) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %84 = stablehlo.multiply %83, %18 : tensor<8xf32>
    %85 = stablehlo.negate %82 : tensor<4x6x6x8xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.reduce(%85 init: %cst_26) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %87 = stablehlo.reshape %86 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.reduce(%87 init: %cst_27) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %89 = call @_var_3(%10#1, %10#2, %10#3, %84) : (tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %90 = stablehlo.add %82, %89 : tensor<4x6x6x8xf32>
    %cst_28 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %92 = stablehlo.divide %88, %91 : tensor<8xf32>
    %93 = stablehlo.broadcast_in_dim %92, dims = [3] : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %94 = stablehlo.add %90, %93 : tensor<4x6x6x8xf32>
    %95 = stablehlo.convolution(%5, %94) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<3x3x8x8xf32>
    %96 = stablehlo.reverse %arg2, dims = [0, 1] : tensor<3x3x8x8xf32>
    %97 = stablehlo.convolution(%94, %96) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %cst_29 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %98 = stablehlo.pad %1, %cst_29, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x12x12x8xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %99 = "stablehlo.select_and_scatter"(%98, %97, %cst_30) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.compare GE, %arg7, %arg8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %137 : tensor<i1>
    }, {
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x12x12x8xf32>, tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x12x12x8xf32>
    %100 = stablehlo.slice %99 [0:4, 0:12, 0:12, 0:8] : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %102 = stablehlo.select %3, %100, %101 : tensor<4x12x12x8xi1>, tensor<4x12x12x8xf32>
    %103 = stablehlo.convolution(%arg5, %102) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x12x12x3xf32>, tensor<4x12x12x8xf32>) -> tensor<3x3x3x8xf32>
    %104 = stablehlo.convolution(%arg5, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x12x12x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x12x12x8xf32>
    %105 = call @relu(%104) : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %cst_32 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<f32>
    %107 = "stablehlo.reduce_window"(%105, %106) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.maximum %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %108 = stablehlo.convolution(%107, %arg2) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%108 init: %cst_33) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_34 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %111 = stablehlo.divide %109, %110 : tensor<8xf32>
    %c_35 = stablehlo.constant dense<0> : tensor<i32>
    %112 = call @_var_5(%108, %c_35) : (tensor<4x6x6x8xf32>, tensor<i32>) -> tensor<8xf32>
    %113 = stablehlo.broadcast_in_dim %111, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %115 = stablehlo.subtract %108, %114 : tensor<4x6x6x8xf32>
    %cst_36 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %117 = stablehlo.add %112, %116 : tensor<8xf32>
    %118 = stablehlo.sqrt %117 : tensor<8xf32>
    %119 = stablehlo.broadcast_in_dim %118, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %121 = stablehlo.divide %115, %120 : tensor<4x6x6x8xf32>
    %122 = stablehlo.broadcast_in_dim %arg3, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %124 = stablehlo.multiply %121, %123 : tensor<4x6x6x8xf32>
    %125 = stablehlo.broadcast_in_dim %arg0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %127 = stablehlo.add %124, %126 : tensor<4x6x6x8xf32>
    %128 = call @relu_0(%127) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<f32>
    %130 = "stablehlo.reduce_window"(%128, %129) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %137 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %137 : tensor<f32>
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x3x3x8xf32>
    %cst_38 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %132 = stablehlo.divide %130, %131 : tensor<4x3x3x8xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %133 = stablehlo.reduce(%132 init: %cst_39) applies stablehlo.add across dimensions = [1, 2] : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %cst_40 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x8xf32>
    %135 = stablehlo.divide %133, %134 : tensor<4x8xf32>
    %136 = stablehlo.dot_general %135, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x8xf32>, tensor<8x10xf32>) -> tensor<4x10xf32>
    return %136, %47, %68, %103, %95, %74, %54 : tensor<4x10xf32>, tensor<f32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x8xf32>, tensor<8xf32>, tensor<8x10xf32>
  }
  func.func private @relu(%arg0: tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x12x12x8xf32>
    return %1 : tensor<4x12x12x8xf32>
  }
  func.func private @_var(%arg0: tensor<4x6x6x8xf32>, %arg1: tensor<i32>) -> (tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_0 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x6x6x8xf32>
    %6 = chlo.square %5 : tensor<4x6x6x8xf32> -> tensor<4x6x6x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<4x6x6x8xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %13 = stablehlo.divide %11, %12 : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    return %15, %8, %10, %14 : tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>) -> tensor<8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<8xf32>
    return %2 : tensor<8xf32>
  }
  func.func private @relu_0(%arg0: tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x6x6x8xf32>
    return %1 : tensor<4x6x6x8xf32>
  }
  func.func private @log_softmax(%arg0: tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<4xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x10xf32>
    %6 = stablehlo.exponential %5 : tensor<4x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.log %8 : tensor<4x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<4x10xf32>
    return %11, %6, %8 : tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x1xi1>, tensor<4x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %c_1 = stablehlo.constant dense<9> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [2] : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2] : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [2] : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x1xi1>, tensor<4x1xf32>
    return %15, %5 : tensor<4x1xf32>, tensor<4x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<4x1x1xi32>, %arg1: tensor<4x1xf32>) -> tensor<4x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x10xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<4x10xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    return %1 : tensor<4x10xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<4x10xf32>, %arg1: tensor<4x1xf32>, %arg2: tensor<4x10xf32>) -> tensor<4x10xf32> {
    %0 = stablehlo.negate %arg2 : tensor<4x10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %1 : (tensor<4xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<4x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xf32>) -> tensor<4x10xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<4x10xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<4x10xf32>
    return %7 : tensor<4x10xf32>
  }
  func.func private @_var_3(%arg0: tensor<4x6x6x8xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<8xf32>) -> tensor<4x6x6x8xf32> {
    %0 = call @_where_4(%arg2, %arg3) : (tensor<i1>, tensor<8xf32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.divide %0, %1 : tensor<8xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<4x6x6x8xf32>
    %5 = stablehlo.negate %4 : tensor<4x6x6x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %7 = stablehlo.reshape %6 : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_0 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %12 = stablehlo.add %4, %11 : tensor<4x6x6x8xf32>
    return %12 : tensor<4x6x6x8xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @_var_5(%arg0: tensor<4x6x6x8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %cst_0 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x8xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x6x6x8xf32>
    %6 = chlo.square %5 : tensor<4x6x6x8xf32> -> tensor<4x6x6x8xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.440000e+02> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %11 = stablehlo.divide %9, %10 : tensor<8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %13 = call @_where_6(%12, %11, %cst_4) : (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    return %13 : tensor<8xf32>
  }
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>) -> tensor<8xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
