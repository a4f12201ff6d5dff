module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xi1>) -> (tensor<2xi8> {jax.result_info = "result[0]"}, tensor<2xi16> {jax.result_info = "result[1]"}, tensor<2xi32> {jax.result_info = "result[2]"}, tensor<2xui8> {jax.result_info = "result[3]"}, tensor<2xui16> {jax.result_info = "result[4]"}, tensor<2xui32> {jax.result_info = "result[5]"}, tensor<2xf16> {jax.result_info = "result[6]"}, tensor<2xbf16> {jax.result_info = "result[7]"}, tensor<2xf32> {jax.result_info = "result[8]"}, tensor<2xcomplex<f32>> {jax.result_info = "result[9]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xi8>
    %1 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xi16>
    %2 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xi32>
    %3 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xui8>
    %4 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xui16>
    %5 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xui32>
    %6 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xf16>
    %7 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xbf16>
    %8 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xf32>
    %9 = stablehlo.convert %arg0 : (tensor<2xi1>) -> tensor<2xcomplex<f32>>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2xi8>, tensor<2xi16>, tensor<2xi32>, tensor<2xui8>, tensor<2xui16>, tensor<2xui32>, tensor<2xf16>, tensor<2xbf16>, tensor<2xf32>, tensor<2xcomplex<f32>>
  }
}
