module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28x28xf16>, %arg1: tensor<28x28xf16>) -> (tensor<28x28xf16> {jax.result_info = "result[0]"}, tensor<28x28xf16> {jax.result_info = "result[1]"}, tensor<28x28xf16> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.power %arg0, %arg1 : tensor<28x28xf16>
    %1 = stablehlo.atan2 %arg0, %arg1 : tensor<28x28xf16>
    %2 = chlo.next_after %arg0, %arg1 : tensor<28x28xf16>, tensor<28x28xf16> -> tensor<28x28xf16>
    return %0, %1, %2 : tensor<28x28xf16>, tensor<28x28xf16>, tensor<28x28xf16>
  }
}
