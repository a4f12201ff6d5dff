module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x64xf32>) -> (tensor<512x128xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg0 : (tensor<256x64xf32>) -> tensor<1x256x1x64xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<1x256x1x64xf32>) -> tensor<2x256x1x64xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x256x1x64xf32>) -> tensor<512x64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<512x64xf32>) -> tensor<512x64x2xf32>
    %4 = stablehlo.reshape %3 : (tensor<512x64x2xf32>) -> tensor<512x128xf32>
    return %4 : tensor<512x128xf32>
  }
}
