module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xi16>) -> (tensor<17xi1> {jax.result_info = "result[0]"}, tensor<17xi8> {jax.result_info = "result[1]"}, tensor<17xi32> {jax.result_info = "result[2]"}, tensor<17xui8> {jax.result_info = "result[3]"}, tensor<17xui16> {jax.result_info = "result[4]"}, tensor<17xui32> {jax.result_info = "result[5]"}, tensor<17xf16> {jax.result_info = "result[6]"}, tensor<17xbf16> {jax.result_info = "result[7]"}, tensor<17xf32> {jax.result_info = "result[8]"}, tensor<17xcomplex<f32>> {jax.result_info = "result[9]"}) {
    %c = stablehlo.constant dense<0> : tensor<i16>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i16>) -> tensor<17xi16>
    %1 = stablehlo.compare NE, %arg0, %0, SIGNED : (tensor<17xi16>, tensor<17xi16>) -> tensor<17xi1>
    %2 = stablehlo.convert %1 : tensor<17xi1>
    %3 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xi8>
    %4 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xi32>
    %5 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xui8>
    %6 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xui16>
    %7 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xui32>
    %8 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xf16>
    %9 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xbf16>
    %10 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xf32>
    %11 = stablehlo.convert %arg0 : (tensor<17xi16>) -> tensor<17xcomplex<f32>>
    return %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<17xi1>, tensor<17xi8>, tensor<17xi32>, tensor<17xui8>, tensor<17xui16>, tensor<17xui32>, tensor<17xf16>, tensor<17xbf16>, tensor<17xf32>, tensor<17xcomplex<f32>>
  }
}
