module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<37xf32>) -> (tensor<37xi8> {jax.result_info = "result[0]"}, tensor<37xui8> {jax.result_info = "result[1]"}, tensor<37xi1> {jax.result_info = "result[2]"}, tensor<37xf16> {jax.result_info = "result[3]"}, tensor<37xi16> {jax.result_info = "result[4]"}, tensor<37xf32> {jax.result_info = "result[5]"}, tensor<37xcomplex<f32>> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<37xf32>) -> tensor<37xi8>
    %1 = stablehlo.convert %arg0 : (tensor<37xf32>) -> tensor<37xui8>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<37xf32>
    %3 = stablehlo.compare NE, %arg0, %2, FLOAT : (tensor<37xf32>, tensor<37xf32>) -> tensor<37xi1>
    %4 = stablehlo.convert %3 : tensor<37xi1>
    %5 = stablehlo.convert %arg0 : (tensor<37xf32>) -> tensor<37xi32>
    %6 = stablehlo.convert %5 : (tensor<37xi32>) -> tensor<37xf16>
    %7 = call @round(%arg0) : (tensor<37xf32>) -> tensor<37xf32>
    %8 = stablehlo.convert %7 : (tensor<37xf32>) -> tensor<37xi16>
    %9 = stablehlo.convert %arg0 : (tensor<37xf32>) -> tensor<37xbf16>
    %10 = stablehlo.convert %9 : (tensor<37xbf16>) -> tensor<37xf32>
    %11 = stablehlo.convert %arg0 : (tensor<37xf32>) -> tensor<37xcomplex<f32>>
    return %0, %1, %4, %6, %8, %10, %11 : tensor<37xi8>, tensor<37xui8>, tensor<37xi1>, tensor<37xf16>, tensor<37xi16>, tensor<37xf32>, tensor<37xcomplex<f32>>
  }
  func.func private @round(%arg0: tensor<37xf32>) -> tensor<37xf32> {
    %0 = stablehlo.round_nearest_even %arg0 : tensor<37xf32>
    return %0 : tensor<37xf32>
  }
}
