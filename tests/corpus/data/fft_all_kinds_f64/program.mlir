module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x16xcomplex<f64>>, %arg1: tensor<2x15xf64>, %arg2: tensor<4x6x8xcomplex<f64>>, %arg3: tensor<2x4x6x5xf64>) -> (tensor<3x16xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<3x16xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<2x8xcomplex<f64>> {jax.result_info = "result[2]"}, tensor<2x15xf64> {jax.result_info = "result[3]"}, tensor<3x30xf64> {jax.result_info = "result[4]"}, tensor<4x6x8xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<4x6x8xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<4x6x3xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<4x6x8xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<4x6x8xcomplex<f64>> {jax.result_info = "result[9]"}, tensor<2x4x6x3xcomplex<f64>> {jax.result_info = "result[10]"}, tensor<2x4x6x5xf64> {jax.result_info = "result[11]"}, tensor<2x20xcomplex<f64>> {jax.result_info = "result[12]"}, tensor<8xf64> {jax.result_info = "result[13]"}) {
    %0 = call @fft(%arg0) : (tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>>
    %1 = call @fft_0(%arg0) : (tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>>
    %2 = call @fft_1(%arg1) : (tensor<2x15xf64>) -> tensor<2x8xcomplex<f64>>
    %3 = call @fft_1(%arg1) : (tensor<2x15xf64>) -> tensor<2x8xcomplex<f64>>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %4 = call @_pad(%3, %c) : (tensor<2x8xcomplex<f64>>, tensor<i64>) -> tensor<2x8xcomplex<f64>>
    %5 = call @fft_2(%4) : (tensor<2x8xcomplex<f64>>) -> tensor<2x15xf64>
    %6 = call @fft_3(%arg0) : (tensor<3x16xcomplex<f64>>) -> tensor<3x30xf64>
    %7 = call @fft_4(%arg2) : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    %8 = call @fft_5(%arg2) : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    %9 = stablehlo.slice %arg3 [0:1, 0:4, 0:6, 0:5] : (tensor<2x4x6x5xf64>) -> tensor<1x4x6x5xf64>
    %10 = stablehlo.reshape %9 : (tensor<1x4x6x5xf64>) -> tensor<4x6x5xf64>
    %11 = call @fft_6(%10) : (tensor<4x6x5xf64>) -> tensor<4x6x3xcomplex<f64>>
    %12 = call @fft_7(%arg2) : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    %13 = call @fft_8(%arg2) : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    %14 = call @fft_9(%arg3) : (tensor<2x4x6x5xf64>) -> tensor<2x4x6x3xcomplex<f64>>
    %15 = call @fft_9(%arg3) : (tensor<2x4x6x5xf64>) -> tensor<2x4x6x3xcomplex<f64>>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %16 = call @_pad_10(%15, %c_0) : (tensor<2x4x6x3xcomplex<f64>>, tensor<i64>) -> tensor<2x4x6x3xcomplex<f64>>
    %17 = call @fft_11(%16) : (tensor<2x4x6x3xcomplex<f64>>) -> tensor<2x4x6x5xf64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %18 = call @_pad_12(%arg1, %c_1) : (tensor<2x15xf64>, tensor<i64>) -> tensor<2x20xf64>
    %19 = call @fft_13(%18) : (tensor<2x20xf64>) -> tensor<2x20xcomplex<f64>>
    %20 = stablehlo.iota dim = 0 : tensor<8xf64>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f64>
    %21 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %22 = stablehlo.add %20, %21 : tensor<8xf64>
    %c_2 = stablehlo.constant dense<8> : tensor<i64>
    %23 = call @remainder(%22, %c_2) : (tensor<8xf64>, tensor<i64>) -> tensor<8xf64>
    %cst_3 = stablehlo.constant dense<4.000000e+00> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %25 = stablehlo.subtract %23, %24 : tensor<8xf64>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f64>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %27 = stablehlo.divide %25, %26 : tensor<8xf64>
    %28 = call @_roll_static(%27) : (tensor<8xf64>) -> tensor<8xf64>
    return %0, %1, %2, %5, %6, %7, %8, %11, %12, %13, %14, %17, %19, %28 : tensor<3x16xcomplex<f64>>, tensor<3x16xcomplex<f64>>, tensor<2x8xcomplex<f64>>, tensor<2x15xf64>, tensor<3x30xf64>, tensor<4x6x8xcomplex<f64>>, tensor<4x6x8xcomplex<f64>>, tensor<4x6x3xcomplex<f64>>, tensor<4x6x8xcomplex<f64>>, tensor<4x6x8xcomplex<f64>>, tensor<2x4x6x3xcomplex<f64>>, tensor<2x4x6x5xf64>, tensor<2x20xcomplex<f64>>, tensor<8xf64>
  }
  func.func private @fft(%arg0: tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [16] : (tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>>
    return %0 : tensor<3x16xcomplex<f64>>
  }
  func.func private @fft_0(%arg0: tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [16] : (tensor<3x16xcomplex<f64>>) -> tensor<3x16xcomplex<f64>>
    return %0 : tensor<3x16xcomplex<f64>>
  }
  func.func private @fft_1(%arg0: tensor<2x15xf64>) -> tensor<2x8xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [15] : (tensor<2x15xf64>) -> tensor<2x8xcomplex<f64>>
    return %0 : tensor<2x8xcomplex<f64>>
  }
  func.func private @_pad(%arg0: tensor<2x8xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<2x8xcomplex<f64>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f64>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x8xcomplex<f64>>, tensor<complex<f64>>) -> tensor<2x8xcomplex<f64>>
    return %1 : tensor<2x8xcomplex<f64>>
  }
  func.func private @fft_2(%arg0: tensor<2x8xcomplex<f64>>) -> tensor<2x15xf64> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [15] : (tensor<2x8xcomplex<f64>>) -> tensor<2x15xf64>
    return %0 : tensor<2x15xf64>
  }
  func.func private @fft_3(%arg0: tensor<3x16xcomplex<f64>>) -> tensor<3x30xf64> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [30] : (tensor<3x16xcomplex<f64>>) -> tensor<3x30xf64>
    return %0 : tensor<3x30xf64>
  }
  func.func private @fft_4(%arg0: tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [6, 8] : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    return %0 : tensor<4x6x8xcomplex<f64>>
  }
  func.func private @fft_5(%arg0: tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [6, 8] : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    return %0 : tensor<4x6x8xcomplex<f64>>
  }
  func.func private @fft_6(%arg0: tensor<4x6x5xf64>) -> tensor<4x6x3xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [6, 5] : (tensor<4x6x5xf64>) -> tensor<4x6x3xcomplex<f64>>
    return %0 : tensor<4x6x3xcomplex<f64>>
  }
  func.func private @fft_7(%arg0: tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = FFT, length = [4, 6, 8] : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    return %0 : tensor<4x6x8xcomplex<f64>>
  }
  func.func private @fft_8(%arg0: tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = IFFT, length = [4, 6, 8] : (tensor<4x6x8xcomplex<f64>>) -> tensor<4x6x8xcomplex<f64>>
    return %0 : tensor<4x6x8xcomplex<f64>>
  }
  func.func private @fft_9(%arg0: tensor<2x4x6x5xf64>) -> tensor<2x4x6x3xcomplex<f64>> {
    %0 = stablehlo.fft %arg0, type = RFFT, length = [4, 6, 5] : (tensor<2x4x6x5xf64>) -> tensor<2x4x6x3xcomplex<f64>>
    return %0 : tensor<2x4x6x3xcomplex<f64>>
  }
  func.func private @_pad_10(%arg0: tensor<2x4x6x3xcomplex<f64>>, %arg1: tensor<i64>) -> tensor<2x4x6x3xcomplex<f64>> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<complex<f64>>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0, 0, 0], high = [0, 0, 0, 0], interior = [0, 0, 0, 0] : (tensor<2x4x6x3xcomplex<f64>>, tensor<complex<f64>>) -> tensor<2x4x6x3xcomplex<f64>>
    return %1 : tensor<2x4x6x3xcomplex<f64>>
  }
  func.func private @fft_11(%arg0: tensor<2x4x6x3xcomplex<f64>>) -> tensor<2x4x6x5xf64> {
    %0 = stablehlo.fft %arg0, type = IRFFT, length = [4, 6, 5] : (tensor<2x4x6x3xcomplex<f64>>) -> tensor<2x4x6x5xf64>
    return %0 : tensor<2x4x6x5xf64>
  }
  func.func private @_pad_12(%arg0: tensor<2x15xf64>, %arg1: tensor<i64>) -> tensor<2x20xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.pad %arg0, %0, low = [0, 0], high = [0, 5], interior = [0, 0] : (tensor<2x15xf64>, tensor<f64>) -> tensor<2x20xf64>
    return %1 : tensor<2x20xf64>
  }
  func.func private @fft_13(%arg0: tensor<2x20xf64>) -> tensor<2x20xcomplex<f64>> {
    %0 = stablehlo.convert %arg0 : (tensor<2x20xf64>) -> tensor<2x20xcomplex<f64>>
    %1 = stablehlo.fft %0, type = FFT, length = [20] : (tensor<2x20xcomplex<f64>>) -> tensor<2x20xcomplex<f64>>
    return %1 : tensor<2x20xcomplex<f64>>
  }
  func.func private @remainder(%arg0: tensor<8xf64>, %arg1: tensor<i64>) -> tensor<8xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %2 = stablehlo.remainder %arg0, %1 : tensor<8xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %4 = stablehlo.compare NE, %2, %3, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %6 = stablehlo.compare LT, %2, %5, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %7 = stablehlo.compare LT, %0, %cst_1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %9 = stablehlo.compare NE, %6, %8, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %10 = stablehlo.and %9, %4 : tensor<8xi1>
    %11 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %12 = stablehlo.add %2, %11 : tensor<8xf64>
    %13 = stablehlo.select %10, %12, %2 : tensor<8xi1>, tensor<8xf64>
    return %13 : tensor<8xf64>
  }
  func.func private @_roll_static(%arg0: tensor<8xf64>) -> tensor<8xf64> {
    %0 = stablehlo.slice %arg0 [4:8] : (tensor<8xf64>) -> tensor<4xf64>
    %1 = stablehlo.slice %arg0 [0:4] : (tensor<8xf64>) -> tensor<4xf64>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<4xf64>, tensor<4xf64>) -> tensor<8xf64>
    return %2 : tensor<8xf64>
  }
}
