module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11xui32>) -> (tensor<11xi1> {jax.result_info = "result[0]"}, tensor<11xi8> {jax.result_info = "result[1]"}, tensor<11xi16> {jax.result_info = "result[2]"}, tensor<11xi32> {jax.result_info = "result[3]"}, tensor<11xui8> {jax.result_info = "result[4]"}, tensor<11xui16> {jax.result_info = "result[5]"}, tensor<11xf16> {jax.result_info = "result[6]"}, tensor<11xbf16> {jax.result_info = "result[7]"}, tensor<11xf32> {jax.result_info = "result[8]"}, tensor<11xcomplex<f32>> {jax.result_info = "result[9]"}) {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<11xui32>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<11xui32>, tensor<11xui32>) -> tensor<11xi1>
    %2 = stablehlo.convert %1 : tensor<11xi1>
    %3 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xi8>
    %4 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xi16>
    %5 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xi32>
    %6 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xui8>
    %7 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xui16>
    %8 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xf16>
    %9 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xbf16>
    %10 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xf32>
    %11 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xcomplex<f32>>
    return %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : tensor<11xi1>, tensor<11xi8>, tensor<11xi16>, tensor<11xi32>, tensor<11xui8>, tensor<11xui16>, tensor<11xf16>, tensor<11xbf16>, tensor<11xf32>, tensor<11xcomplex<f32>>
  }
}
