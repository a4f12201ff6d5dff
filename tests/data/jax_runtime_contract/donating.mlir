// Contract test program (test_jax_runtime_contract.py): donation as JAX marks it, tf.aliasing_output and jax.buffer_donor.
module @jit_donating attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<4xf32>,
                         %arg2: tensor<2xf32> {jax.buffer_donor = true}, %arg3: tensor<4xf32> {jax.buffer_donor = true})
      -> (tensor<4xf32> {jax.result_info = "result"}, tensor<2xf32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
    %1 = stablehlo.add %0, %arg3 : tensor<4xf32>
    %2 = stablehlo.negate %arg2 : tensor<2xf32>
    return %1, %2 : tensor<4xf32>, tensor<2xf32>
  }
}
