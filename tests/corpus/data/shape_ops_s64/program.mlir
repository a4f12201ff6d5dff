module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4x5xi64>) -> (tensor<12x5xi64> {jax.result_info = "result[0]"}, tensor<3x4x5xi64> {jax.result_info = "result[1]"}, tensor<3x2x3xi64> {jax.result_info = "result[2]"}, tensor<6x5x5xi64> {jax.result_info = "result[3]"}, tensor<3x8x5xi64> {jax.result_info = "result[4]"}, tensor<2x5x3xi64> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<3x4x5xi64>) -> tensor<5x12xi64>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<5x12xi64>) -> tensor<12x5xi64>
    %2 = stablehlo.reverse %arg0, dims = [2] : tensor<3x4x5xi64>
    %3 = stablehlo.slice %arg0 [0:3, 1:3, 0:5:2] : (tensor<3x4x5xi64>) -> tensor<3x2x3xi64>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %4 = stablehlo.pad %arg0, %c, low = [0, 1, 0], high = [1, 0, 0], interior = [1, 0, 0] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<6x5x5xi64>
    %5 = stablehlo.concatenate %arg0, %arg0, dim = 1 : (tensor<3x4x5xi64>, tensor<3x4x5xi64>) -> tensor<3x8x5xi64>
    %6 = stablehlo.slice %arg0 [0:1, 0:1, 0:5] : (tensor<3x4x5xi64>) -> tensor<1x1x5xi64>
    %7 = stablehlo.reshape %6 : (tensor<1x1x5xi64>) -> tensor<5xi64>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<5xi64>) -> tensor<2x5x3xi64>
    return %1, %2, %3, %4, %5, %8 : tensor<12x5xi64>, tensor<3x4x5xi64>, tensor<3x2x3xi64>, tensor<6x5x5xi64>, tensor<3x8x5xi64>, tensor<2x5x3xi64>
  }
}
