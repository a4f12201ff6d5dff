module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<3xf32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<2x3x5xf32> {jax.result_info = "result[1]"}, tensor<5x2x3x1x4xf32> {jax.result_info = "result[2]"}, tensor<4x6xf32> {jax.result_info = "result[3]"}, tensor<24xf32> {jax.result_info = "result[4]"}, tensor<1x2x1x12x1xf32> {jax.result_info = "result[5]"}, tensor<1x1xf32> {jax.result_info = "result[6]"}, tensor<4x2x3xf32> {jax.result_info = "result[7]"}, tensor<3x8xf32> {jax.result_info = "result[8]"}, tensor<1x3x1xf32> {jax.result_info = "result[9]"}, tensor<2x3x4xf32> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<2x3x5xf32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2, 4] : (tensor<2x3x4xf32>) -> tensor<5x2x3x1x4xf32>
    %3 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<24xf32>
    %5 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<1x2x1x12x1xf32>
    %6 = stablehlo.reshape %arg1 : (tensor<f32>) -> tensor<1x1xf32>
    %7 = stablehlo.transpose %arg0, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
    %8 = stablehlo.transpose %arg0, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
    %9 = stablehlo.reshape %8 : (tensor<3x4x2xf32>) -> tensor<3x8xf32>
    %10 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<3xf32>) -> tensor<1x3x1xf32>
    %11 = stablehlo.reshape %arg0 : (tensor<2x3x4xf32>) -> tensor<1x2x3x1x4xf32>
    %12 = stablehlo.reshape %11 : (tensor<1x2x3x1x4xf32>) -> tensor<2x3x4xf32>
    return %0, %1, %2, %3, %4, %5, %6, %7, %9, %10, %12 : tensor<2x2xf32>, tensor<2x3x5xf32>, tensor<5x2x3x1x4xf32>, tensor<4x6xf32>, tensor<24xf32>, tensor<1x2x1x12x1xf32>, tensor<1x1xf32>, tensor<4x2x3xf32>, tensor<3x8xf32>, tensor<1x3x1xf32>, tensor<2x3x4xf32>
  }
}
