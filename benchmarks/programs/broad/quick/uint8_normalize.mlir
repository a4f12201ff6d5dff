module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x64x64x3xui8>) -> (tensor<8x64x64x3xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<[4.850000e-01, 4.560000e-01, 4.060000e-01]> : tensor<3xf32>
    %cst_0 = stablehlo.constant dense<[2.290000e-01, 2.240000e-01, 2.250000e-01]> : tensor<3xf32>
    %0 = stablehlo.convert %arg0 : (tensor<8x64x64x3xui8>) -> tensor<8x64x64x3xf32>
    %cst_1 = stablehlo.constant dense<2.550000e+02> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x64x64x3xf32>
    %2 = stablehlo.divide %0, %1 : tensor<8x64x64x3xf32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [3] : (tensor<3xf32>) -> tensor<1x1x1x3xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x3xf32>) -> tensor<8x64x64x3xf32>
    %5 = stablehlo.subtract %2, %4 : tensor<8x64x64x3xf32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [3] : (tensor<3xf32>) -> tensor<1x1x1x3xf32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1, 2, 3] : (tensor<1x1x1x3xf32>) -> tensor<8x64x64x3xf32>
    %8 = stablehlo.divide %5, %7 : tensor<8x64x64x3xf32>
    return %8 : tensor<8x64x64x3xf32>
  }
}
