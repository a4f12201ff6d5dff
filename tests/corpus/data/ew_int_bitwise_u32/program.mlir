module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x7xui32>, %arg1: tensor<11x7xui32>) -> (tensor<11x7xui32> {jax.result_info = "result[0]"}, tensor<11x7xui32> {jax.result_info = "result[1]"}, tensor<11x7xui32> {jax.result_info = "result[2]"}, tensor<11x7xui32> {jax.result_info = "result[3]"}, tensor<11x7xui32> {jax.result_info = "result[4]"}, tensor<11x7xui32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.and %arg0, %arg1 : tensor<11x7xui32>
    %1 = stablehlo.or %arg0, %arg1 : tensor<11x7xui32>
    %2 = stablehlo.xor %arg0, %arg1 : tensor<11x7xui32>
    %3 = stablehlo.shift_left %arg0, %arg1 : tensor<11x7xui32>
    %4 = stablehlo.shift_right_logical %arg0, %arg1 : tensor<11x7xui32>
    %5 = stablehlo.shift_right_arithmetic %arg0, %arg1 : tensor<11x7xui32>
    return %0, %1, %2, %3, %4, %5 : tensor<11x7xui32>, tensor<11x7xui32>, tensor<11x7xui32>, tensor<11x7xui32>, tensor<11x7xui32>, tensor<11x7xui32>
  }
}
