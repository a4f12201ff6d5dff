module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xf32>, %arg1: tensor<7x3xf32>, %arg2: tensor<7xf32>, %arg3: tensor<2x4x5x6xf32>, %arg4: tensor<2x6x4x3xf32>) -> (tensor<5x3xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<f32> {jax.result_info = "result[2]"}, tensor<7x7xf32> {jax.result_info = "result[3]"}, tensor<3x5xf32> {jax.result_info = "result[4]"}, tensor<2x4x5x3xf32> {jax.result_info = "result[5]"}, tensor<7x7xf32> {jax.result_info = "result[6]"}, tensor<2x5x3xf32> {jax.result_info = "result[7]"}, tensor<2x6xf32> {jax.result_info = "result[8]"}, tensor<2x5x2x3xf32> {jax.result_info = "result[9]"}, tensor<5x3xf32> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
    %1 = stablehlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7xf32>) -> tensor<5xf32>
    %2 = stablehlo.dot_general %arg2, %arg2, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<7xf32>, tensor<7xf32>) -> tensor<f32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<7xf32>) -> tensor<7x1xf32>
    %4 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<7xf32>) -> tensor<1x7xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<7x1xf32>) -> tensor<7x7xf32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x7xf32>) -> tensor<7x7xf32>
    %7 = stablehlo.multiply %5, %6 : tensor<7x7xf32>
    %8 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<7x3xf32>) -> tensor<3x7xf32>
    %9 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x7xf32>) -> tensor<7x5xf32>
    %10 = stablehlo.dot_general %8, %9, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x7xf32>, tensor<7x5xf32>) -> tensor<3x5xf32>
    %11 = stablehlo.dot_general %arg3, %arg4, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5x6xf32>, tensor<2x6x4x3xf32>) -> tensor<2x4x5x3xf32>
    %12 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<7x7xf32>
    %13 = stablehlo.dot_general %arg3, %arg4, batching_dims = [0] x [0], contracting_dims = [3, 1] x [1, 2], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5x6xf32>, tensor<2x6x4x3xf32>) -> tensor<2x5x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%arg3 init: %cst) applies stablehlo.add across dimensions = [1, 2] : (tensor<2x4x5x6xf32>, tensor<f32>) -> tensor<2x6xf32>
    %15 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1, 3] x [2, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5x6xf32>, tensor<2x6x4x3xf32>) -> tensor<2x5x2x3xf32>
    %16 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
    return %0, %1, %2, %7, %10, %11, %12, %13, %14, %15, %16 : tensor<5x3xf32>, tensor<5xf32>, tensor<f32>, tensor<7x7xf32>, tensor<3x5xf32>, tensor<2x4x5x3xf32>, tensor<7x7xf32>, tensor<2x5x3xf32>, tensor<2x6xf32>, tensor<2x5x2x3xf32>, tensor<5x3xf32>
  }
}
