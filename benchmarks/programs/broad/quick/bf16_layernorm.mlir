module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x1024xbf16>) -> (tensor<256x1024xbf16> {jax.result_info = "result"}) {
    %0 = stablehlo.convert %arg0 : (tensor<256x1024xbf16>) -> tensor<256x1024xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_0 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<256x1xf32>
    %5 = stablehlo.convert %4 : (tensor<256x1xf32>) -> tensor<256x1xbf16>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<256x1xbf16>) -> tensor<256x1024xbf16>
    %7 = stablehlo.subtract %arg0, %6 : tensor<256x1024xbf16>
    %8 = stablehlo.convert %arg0 : (tensor<256x1024xbf16>) -> tensor<256x1024xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = call @_var(%8, %c) : (tensor<256x1024xf32>, tensor<i32>) -> tensor<256x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %11 = stablehlo.add %9, %10 : tensor<256x1xf32>
    %12 = stablehlo.rsqrt %11 : tensor<256x1xf32>
    %13 = stablehlo.convert %12 : (tensor<256x1xf32>) -> tensor<256x1xbf16>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<256x1xbf16>) -> tensor<256x1024xbf16>
    %15 = stablehlo.multiply %7, %14 : tensor<256x1024xbf16>
    return %15 : tensor<256x1024xbf16>
  }
  func.func private @_var(%arg0: tensor<256x1024xf32>, %arg1: tensor<i32>) -> tensor<256x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %cst_0 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<256x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<256x1xf32>) -> tensor<256x1024xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<256x1024xf32>
    %6 = chlo.square %5 : tensor<256x1024xf32> -> tensor<256x1024xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.024000e+03> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [1] : (tensor<256x1024xf32>, tensor<f32>) -> tensor<256xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<256xf32>) -> tensor<256x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<256x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<256x1xf32>, tensor<f32>) -> tensor<256x1xf32>
    return %14 : tensor<256x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<256x1xf32>, %arg2: tensor<f32>) -> tensor<256x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<256x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<256x1xf32>
    return %2 : tensor<256x1xf32>
  }
}
