module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x32x32x64xf32>) -> (tensor<2x64x32x32xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.transpose %arg0, dims = [0, 3, 1, 2] : (tensor<2x32x32x64xf32>) -> tensor<2x64x32x32xf32>
    return %0 : tensor<2x64x32x32xf32>
  }
}
