module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui64>, %arg1: tensor<4xui32>) -> (tensor<2xui64> {jax.result_info = "result[0]"}, tensor<4x3xui64> {jax.result_info = "result[1]"}, tensor<4xui32> {jax.result_info = "result[2]"}, tensor<5xui32> {jax.result_info = "result[3]"}, tensor<2xui64> {jax.result_info = "result[4]"}, tensor<6xui16> {jax.result_info = "result[5]"}) {
    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x3xui64>)
    %0 = stablehlo.reshape %arg1 : (tensor<4xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.bitcast_convert %0 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_0, %output_1 = stablehlo.rng_bit_generator %1, algorithm = PHILOX : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
    %2 = stablehlo.bitcast_convert %output_state_0 : (tensor<2xui64>) -> tensor<2x2xui32>
    %3 = stablehlo.reshape %2 : (tensor<2x2xui32>) -> tensor<4xui32>
    %output_state_2, %output_3 = stablehlo.rng_bit_generator %arg0, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui16>)
    return %output_state, %output, %3, %output_1, %output_state_2, %output_3 : tensor<2xui64>, tensor<4x3xui64>, tensor<4xui32>, tensor<5xui32>, tensor<2xui64>, tensor<6xui16>
  }
}
