module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17x17xi32>, %arg1: tensor<17x17xi32>) -> (tensor<17x17xi32> {jax.result_info = "result[0]"}, tensor<17x17xi32> {jax.result_info = "result[1]"}, tensor<17x17xi32> {jax.result_info = "result[2]"}, tensor<17x17xi32> {jax.result_info = "result[3]"}, tensor<17x17xi32> {jax.result_info = "result[4]"}, tensor<17x17xi32> {jax.result_info = "result[5]"}, tensor<17x17xi32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<17x17xi32>
    %1 = stablehlo.subtract %arg0, %arg1 : tensor<17x17xi32>
    %2 = stablehlo.multiply %arg0, %arg1 : tensor<17x17xi32>
    %3 = stablehlo.divide %arg0, %arg1 : tensor<17x17xi32>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<17x17xi32>
    %5 = stablehlo.maximum %arg0, %arg1 : tensor<17x17xi32>
    %6 = stablehlo.minimum %arg0, %arg1 : tensor<17x17xi32>
    return %0, %1, %2, %3, %4, %5, %6 : tensor<17x17xi32>, tensor<17x17xi32>, tensor<17x17xi32>, tensor<17x17xi32>, tensor<17x17xi32>, tensor<17x17xi32>, tensor<17x17xi32>
  }
}
