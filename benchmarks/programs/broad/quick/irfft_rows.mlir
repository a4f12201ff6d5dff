module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64x129xf32>, %arg1: tensor<64x129xf32>) -> (tensor<64x256xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<64x129xcomplex<f32>>
    %1 = call @fft(%0) : (tensor<64x129xcomplex<f32>>) -> tensor<64x256xf32>
    return %1 : tensor<64x256xf32>
  }
  func.func private @fft(%arg0: tensor<64x129xcomplex<f32>>) -> tensor<64x256xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [256] : (tensor<64x129xcomplex<f32>>) -> tensor<64x256xf32>
    return %0 : tensor<64x256xf32>
  }
}
