module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<64xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16x16xf32>) -> (tensor<64xf32> {jax.result_info = "result[0]"}, tensor<33xf32> {jax.result_info = "result[1]"}, tensor<16x16xf32> {jax.result_info = "result[2]"}) {
    %0 = call @fft(%arg0) : (tensor<64xf32>) -> tensor<33xcomplex<f32>>
    %1 = stablehlo.iota dim = 0 : tensor<33xi32>
    %c = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<33xi32>
    %3 = stablehlo.compare LT, %1, %2, SIGNED : (tensor<33xi32>, tensor<33xi32>) -> tensor<33xi1>
    %4 = stablehlo.convert %3 : (tensor<33xi1>) -> tensor<33xcomplex<f32>>
    %5 = stablehlo.multiply %0, %4 : tensor<33xcomplex<f32>>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %6 = call @_pad(%5, %c_0) : (tensor<33xcomplex<f32>>, tensor<i32>) -> tensor<33xcomplex<f32>>
    %7 = call @fft_0(%6) : (tensor<33xcomplex<f32>>) -> tensor<64xf32>
    %8 = stablehlo.abs %0 : (tensor<33xcomplex<f32>>) -> tensor<33xf32>
    %9 = stablehlo.multiply %8, %8 : tensor<33xf32>
    %10 = call @fft_1(%arg1) : (tensor<16x16xf32>) -> tensor<16x9xcomplex<f32>>
    %11 = call @fft_1(%arg2) : (tensor<16x16xf32>) -> tensor<16x9xcomplex<f32>>
    %12 = stablehlo.multiply %10, %11 : tensor<16x9xcomplex<f32>>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %13 = call @_pad_2(%12, %c_1) : (tensor<16x9xcomplex<f32>>, tensor<i32>) -> tensor<16x9xcomplex<f32>>
    %14 = call @fft_3(%13) : (tensor<16x9xcomplex<f32>>) -> tensor<16x16xf32>
    return %7, %9, %14 : tensor<64xf32>, tensor<33xf32>, tensor<16x16xf32>
  }
  func.func private @fft(%arg0: tensor<64xf32>) -> tensor<33xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [64] : (tensor<64xf32>) -> tensor<33xcomplex<f32>>
    return %0 : tensor<33xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<33xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<33xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0], high = [0], interior = [0] : (tensor<33xcomplex<f32>>, tensor<complex<f32>>) -> tensor<33xcomplex<f32>>
    return %1 : tensor<33xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<33xcomplex<f32>>) -> tensor<64xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [64] : (tensor<33xcomplex<f32>>) -> tensor<64xf32>
    return %0 : tensor<64xf32>
  }
  func.func private @fft_1(%arg0: tensor<16x16xf32>) -> tensor<16x9xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [16, 16] : (tensor<16x16xf32>) -> tensor<16x9xcomplex<f32>>
    return %0 : tensor<16x9xcomplex<f32>>
  }
  func.func private @_pad_2(%arg0: tensor<16x9xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<16x9xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<16x9xcomplex<f32>>, tensor<complex<f32>>) -> tensor<16x9xcomplex<f32>>
    return %1 : tensor<16x9xcomplex<f32>>
  }
  func.func private @fft_3(%arg0: tensor<16x9xcomplex<f32>>) -> tensor<16x16xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [16, 16] : (tensor<16x9xcomplex<f32>>) -> tensor<16x16xf32>
    return %0 : tensor<16x16xf32>
  }
}
