module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf64>) -> (tensor<28xi1> {jax.result_info = "result[0]"}, tensor<28xi8> {jax.result_info = "result[1]"}, tensor<28xi16> {jax.result_info = "result[2]"}, tensor<28xi32> {jax.result_info = "result[3]"}, tensor<28xui8> {jax.result_info = "result[4]"}, tensor<28xui16> {jax.result_info = "result[5]"}, tensor<28xui32> {jax.result_info = "result[6]"}, tensor<28xf16> {jax.result_info = "result[7]"}, tensor<28xbf16> {jax.result_info = "result[8]"}, tensor<28xf32> {jax.result_info = "result[9]"}, tensor<28xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<28xi64> {jax.result_info = "result[11]"}, tensor<28xui64> {jax.result_info = "result[12]"}, tensor<28xcomplex<f64>> {jax.result_info = "result[13]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %1 = stablehlo.compare NE, %arg0, %0, FLOAT : (tensor<28xf64>, tensor<28xf64>) -> tensor<28xi1>
    %2 = stablehlo.convert %1 : tensor<28xi1>
    %3 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xi8>
    %4 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xi16>
    %5 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xi32>
    %6 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xui8>
    %7 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xui16>
    %8 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xui32>
    %9 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xf16>
    %10 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xbf16>
    %11 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xf32>
    %12 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xcomplex<f32>>
    %13 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xi64>
    %14 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xui64>
    %15 = stablehlo.convert %arg0 : (tensor<28xf64>) -> tensor<28xcomplex<f64>>
    return %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<28xi1>, tensor<28xi8>, tensor<28xi16>, tensor<28xi32>, tensor<28xui8>, tensor<28xui16>, tensor<28xui32>, tensor<28xf16>, tensor<28xbf16>, tensor<28xf32>, tensor<28xcomplex<f32>>, tensor<28xi64>, tensor<28xui64>, tensor<28xcomplex<f64>>
  }
}
