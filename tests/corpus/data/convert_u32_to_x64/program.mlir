module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11xui32>) -> (tensor<11xi64> {jax.result_info = "result[0]"}, tensor<11xui64> {jax.result_info = "result[1]"}, tensor<11xf64> {jax.result_info = "result[2]"}, tensor<11xcomplex<f64>> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xi64>
    %1 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xui64>
    %2 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xf64>
    %3 = stablehlo.convert %arg0 : (tensor<11xui32>) -> tensor<11xcomplex<f64>>
    return %0, %1, %2, %3 : tensor<11xi64>, tensor<11xui64>, tensor<11xf64>, tensor<11xcomplex<f64>>
  }
}
