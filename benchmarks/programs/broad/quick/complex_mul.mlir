module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16384xf32>, %arg1: tensor<16384xf32>) -> (tensor<16384xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<16384xcomplex<f32>>
    %1 = stablehlo.complex %arg1, %arg0 : tensor<16384xcomplex<f32>>
    %2 = stablehlo.multiply %0, %1 : tensor<16384xcomplex<f32>>
    %3 = stablehlo.abs %2 : (tensor<16384xcomplex<f32>>) -> tensor<16384xf32>
    return %3 : tensor<16384xf32>
  }
}
