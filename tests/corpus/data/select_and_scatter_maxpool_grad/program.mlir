module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x8x8x3xf32>) -> (tensor<2x8x8x3xf32> {jax.result_info = "result[0]"}, tensor<2x8x8x3xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<48xf32>
    %1 = stablehlo.reshape %0 : (tensor<48xf32>) -> tensor<1x4x4x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4x4x3xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x4x4x3xf32>) -> tensor<2x4x4x3xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<2x4x4x3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.pad %arg0, %cst_0, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = "stablehlo.select_and_scatter"(%5, %4, %cst_1) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %16 : tensor<f32>
    }) : (tensor<2x8x8x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32>
    %7 = stablehlo.slice %6 [0:2, 0:8, 0:8, 0:3] : (tensor<2x8x8x3xf32>) -> tensor<2x8x8x3xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<f32>
    %9 = "stablehlo.reduce_window"(%arg0, %8) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<[[0, 0], [0, 1], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %16 : tensor<f32>
    }) : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x4x4x3xf32>
    %10 = stablehlo.cosine %9 : tensor<2x4x4x3xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x4x4x3xf32>
    %12 = stablehlo.multiply %11, %10 : tensor<2x4x4x3xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.pad %arg0, %cst_4, low = [0, 0, 0, 0], high = [0, 1, 1, 0], interior = [0, 0, 0, 0] : (tensor<2x8x8x3xf32>, tensor<f32>) -> tensor<2x9x9x3xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = "stablehlo.select_and_scatter"(%13, %12, %cst_5) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.compare GE, %arg1, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    }, {
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %16 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %16 : tensor<f32>
    }) : (tensor<2x9x9x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x9x9x3xf32>
    %15 = stablehlo.slice %14 [0:2, 0:8, 0:8, 0:3] : (tensor<2x9x9x3xf32>) -> tensor<2x8x8x3xf32>
    return %7, %15 : tensor<2x8x8x3xf32>, tensor<2x8x8x3xf32>
  }
}
