module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x16xcomplex<f32>>, %arg1: tensor<2x15xf32>, %arg2: tensor<4x6x8xcomplex<f32>>, %arg3: tensor<2x4x6x5xf32>) -> (tensor<3x16xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<3x16xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<2x8xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<2x15xf32> {jax.result_info = "result[3]"}, tensor<3x30xf32> {jax.result_info = "result[4]"}, tensor<4x6x8xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<4x6x8xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<4x6x3xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<4x6x8xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<4x6x8xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<2x4x6x3xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<2x4x6x5xf32> {jax.result_info = "result[11]"}, tensor<2x20xcomplex<f32>> {jax.result_info = "result[12]"}, tensor<8xf32> {jax.result_info = "result[13]"}) {
    %0 = call @fft(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %1 = call @fft_0(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    %2 = call @fft_1(%arg1) : (tensor<2x15xf32>) -> tensor<2x8xcomplex<f32>>
    %3 = call @fft_1(%arg1) : (tensor<2x15xf32>) -> tensor<2x8xcomplex<f32>>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_pad(%3, %c) : (tensor<2x8xcomplex<f32>>, tensor<i32>) -> tensor<2x8xcomplex<f32>>
    %5 = call @fft_2(%4) : (tensor<2x8xcomplex<f32>>) -> tensor<2x15xf32>
    %6 = call @fft_3(%arg0) : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    %7 = call @fft_4(%arg2) : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    %8 = call @fft_5(%arg2) : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    %9 = stablehlo.slice %arg3 [0:1, 0:4, 0:6, 0:5] : (tensor<2x4x6x5xf32>) -> tensor<1x4x6x5xf32>
    %10 = stablehlo.reshape %9 : (tensor<1x4x6x5xf32>) -> tensor<4x6x5xf32>
    %11 = call @fft_6(%10) : (tensor<4x6x5xf32>) -> tensor<4x6x3xcomplex<f32>>
    %12 = call @fft_7(%arg2) : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    %13 = call @fft_8(%arg2) : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    %14 = call @fft_9(%arg3) : (tensor<2x4x6x5xf32>) -> tensor<2x4x6x3xcomplex<f32>>
    %15 = call @fft_9(%arg3) : (tensor<2x4x6x5xf32>) -> tensor<2x4x6x3xcomplex<f32>>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %16 = call @_pad_10(%15, %c_0) : (tensor<2x4x6x3xcomplex<f32>>, tensor<i32>) -> tensor<2x4x6x3xcomplex<f32>>
    %17 = call @fft_11(%16) : (tensor<2x4x6x3xcomplex<f32>>) -> tensor<2x4x6x5xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %18 = call @_pad_12(%arg1, %c_1) : (tensor<2x15xf32>, tensor<i32>) -> tensor<2x20xf32>
    %19 = call @fft_13(%18) : (tensor<2x20xf32>) -> tensor<2x20xcomplex<f32>>
    %20 = stablehlo.iota dim = 0 : tensor<8xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %22 = stablehlo.add %20, %21 : tensor<8xf32>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %23 = call @remainder(%22, %c_2) : (tensor<8xf32>, tensor<i32>) -> tensor<8xf32>
    %cst_3 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.subtract %23, %24 : tensor<8xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %27 = stablehlo.divide %25, %26 : tensor<8xf32>
    %28 = call @_roll_static(%27) : (tensor<8xf32>) -> tensor<8xf32>
    return %0, %1, %2, %5, %6, %7, %8, %11, %12, %13, %14, %17, %19, %28 : tensor<3x16xcomplex<f32>>, tensor<3x16xcomplex<f32>>, tensor<2x8xcomplex<f32>>, tensor<2x15xf32>, tensor<3x30xf32>, tensor<4x6x8xcomplex<f32>>, tensor<4x6x8xcomplex<f32>>, tensor<4x6x3xcomplex<f32>>, tensor<4x6x8xcomplex<f32>>, tensor<4x6x8xcomplex<f32>>, tensor<2x4x6x3xcomplex<f32>>, tensor<2x4x6x5xf32>, tensor<2x20xcomplex<f32>>, tensor<8xf32>
  }
  func.func private @fft(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_0(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<3x16xcomplex<f32>>) -> tensor<3x16xcomplex<f32>>
    return %0 : tensor<3x16xcomplex<f32>>
  }
  func.func private @fft_1(%arg0: tensor<2x15xf32>) -> tensor<2x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [15] : (tensor<2x15xf32>) -> tensor<2x8xcomplex<f32>>
    return %0 : tensor<2x8xcomplex<f32>>
  }
  func.func private @_pad(%arg0: tensor<2x8xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<2x8xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x8xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x8xcomplex<f32>>
    return %1 : tensor<2x8xcomplex<f32>>
  }
  func.func private @fft_2(%arg0: tensor<2x8xcomplex<f32>>) -> tensor<2x15xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [15] : (tensor<2x8xcomplex<f32>>) -> tensor<2x15xf32>
    return %0 : tensor<2x15xf32>
  }
  func.func private @fft_3(%arg0: tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [30] : (tensor<3x16xcomplex<f32>>) -> tensor<3x30xf32>
    return %0 : tensor<3x30xf32>
  }
  func.func private @fft_4(%arg0: tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [6, 8] : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    return %0 : tensor<4x6x8xcomplex<f32>>
  }
  func.func private @fft_5(%arg0: tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [6, 8] : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    return %0 : tensor<4x6x8xcomplex<f32>>
  }
  func.func private @fft_6(%arg0: tensor<4x6x5xf32>) -> tensor<4x6x3xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [6, 5] : (tensor<4x6x5xf32>) -> tensor<4x6x3xcomplex<f32>>
    return %0 : tensor<4x6x3xcomplex<f32>>
  }
  func.func private @fft_7(%arg0: tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [4, 6, 8] : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    return %0 : tensor<4x6x8xcomplex<f32>>
  }
  func.func private @fft_8(%arg0: tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [4, 6, 8] : (tensor<4x6x8xcomplex<f32>>) -> tensor<4x6x8xcomplex<f32>>
    return %0 : tensor<4x6x8xcomplex<f32>>
  }
  func.func private @fft_9(%arg0: tensor<2x4x6x5xf32>) -> tensor<2x4x6x3xcomplex<f32>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [4, 6, 5] : (tensor<2x4x6x5xf32>) -> tensor<2x4x6x3xcomplex<f32>>
    return %0 : tensor<2x4x6x3xcomplex<f32>>
  }
  func.func private @_pad_10(%arg0: tensor<2x4x6x3xcomplex<f32>>, %arg1: tensor<i32>) -> tensor<2x4x6x3xcomplex<f32>> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<complex<f32>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x4x6x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x4x6x3xcomplex<f32>>
    return %1 : tensor<2x4x6x3xcomplex<f32>>
  }
  func.func private @fft_11(%arg0: tensor<2x4x6x3xcomplex<f32>>) -> tensor<2x4x6x5xf32> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [4, 6, 5] : (tensor<2x4x6x3xcomplex<f32>>) -> tensor<2x4x6x5xf32>
    return %0 : tensor<2x4x6x5xf32>
  }
  func.func private @_pad_12(%arg0: tensor<2x15xf32>, %arg1: tensor<i32>) -> tensor<2x20xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 5], interior = [0, 0] : (tensor<2x15xf32>, tensor<f32>) -> tensor<2x20xf32>
    return %1 : tensor<2x20xf32>
  }
  func.func private @fft_13(%arg0: tensor<2x20xf32>) -> tensor<2x20xcomplex<f32>> {
    %0 = stablehlo.convert %arg0 : (tensor<2x20xf32>) -> tensor<2x20xcomplex<f32>>
    %1 = stablehlo.fft %0, type = FFT, length = [20] : (tensor<2x20xcomplex<f32>>) -> tensor<2x20xcomplex<f32>>
    return %1 : tensor<2x20xcomplex<f32>>
  }
  func.func private @remainder(%arg0: tensor<8xf32>, %arg1: tensor<i32>) -> tensor<8xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.remainder %arg0, %1 : tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %10 = stablehlo.and %9, %4 : tensor<8xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.add %2, %11 : tensor<8xf32>
    %13 = stablehlo.select %10, %12, %2 : tensor<8xi1>, tensor<8xf32>
    return %13 : tensor<8xf32>
  }
  func.func private @_roll_static(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.slice %arg0 [4:8] : (tensor<8xf32>) -> tensor<4xf32>
    %1 = stablehlo.slice %arg0 [0:4] : (tensor<8xf32>) -> tensor<4xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    return %2 : tensor<8xf32>
  }
}
