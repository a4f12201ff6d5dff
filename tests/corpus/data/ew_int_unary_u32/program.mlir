module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11xui32>) -> (tensor<11xui32> {jax.result_info = "result[0]"}, tensor<11xui32> {jax.result_info = "result[1]"}, tensor<11xui32> {jax.result_info = "result[2]"}, tensor<11xui32> {jax.result_info = "result[3]"}, tensor<11xui32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.negate %arg0 : tensor<11xui32>
    %1 = stablehlo.not %arg0 : tensor<11xui32>
    %2 = stablehlo.popcnt %arg0 : tensor<11xui32>
    %3 = stablehlo.count_leading_zeros %arg0 : tensor<11xui32>
    %4 = stablehlo.maximum %arg0, %arg0 : tensor<11xui32>
    return %0, %1, %2, %3, %4 : tensor<11xui32>, tensor<11xui32>, tensor<11xui32>, tensor<11xui32>, tensor<11xui32>
  }
}
