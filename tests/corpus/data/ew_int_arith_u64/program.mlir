module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x11xui64>, %arg1: tensor<11x11xui64>) -> (tensor<11x11xui64> {jax.result_info = "result[0]"}, tensor<11x11xui64> {jax.result_info = "result[1]"}, tensor<11x11xui64> {jax.result_info = "result[2]"}, tensor<11x11xui64> {jax.result_info = "result[3]"}, tensor<11x11xui64> {jax.result_info = "result[4]"}, tensor<11x11xui64> {jax.result_info = "result[5]"}, tensor<11x11xui64> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<11x11xui64>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<11x11xui64>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<11x11xui64>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<11x11xui64>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<11x11xui64>
    %5 = stablehlo.maximum %arg0, %arg1 : tensor<11x11xui64>
    %6 = stablehlo.minimum %arg0, %arg1 : tensor<11x11xui64>
    return %0, %1, %2, %3, %4, %5, %6 : tensor<11x11xui64>, tensor<11x11xui64>, tensor<11x11xui64>, tensor<11x11xui64>, tensor<11x11xui64>, tensor<11x11xui64>, tensor<11x11xui64>
  }
}
