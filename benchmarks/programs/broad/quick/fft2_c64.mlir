module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x64x64xf32>, %arg1: tensor<2x64x64xf32>) -> (tensor<2x64x64xcomplex<f32>> {jax.result_info = "result"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<2x64x64xcomplex<f32>>
    %1 = call @fft(%0) : (tensor<2x64x64xcomplex<f32>>) -> tensor<2x64x64xcomplex<f32>>
    return %1 : tensor<2x64x64xcomplex<f32>>
  }
  func.func private @fft(%arg0: tensor<2x64x64xcomplex<f32>>) -> tensor<2x64x64xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [64, 64] : (tensor<2x64x64xcomplex<f32>>) -> tensor<2x64x64xcomplex<f32>>
    return %0 : tensor<2x64x64xcomplex<f32>>
  }
}
