module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xi1>) -> (tensor<5x6xi1> {jax.result_info = "result[0]"}, tensor<4xi1> {jax.result_info = "result[1]"}, tensor<i1> {jax.result_info = "result[2]"}, tensor<4x6xi32> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<true> : tensor<i1>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.and across dimensions = [0] : (tensor<4x5x6xi1>, tensor<i1>) -> tensor<5x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %1 = stablehlo.reduce(%arg0 init: %c_0) applies stablehlo.or across dimensions = [1, 2] : (tensor<4x5x6xi1>, tensor<i1>) -> tensor<4xi1>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %2 = stablehlo.reduce(%arg0 init: %c_1) applies stablehlo.and across dimensions = [0, 1, 2] : (tensor<4x5x6xi1>, tensor<i1>) -> tensor<i1>
    %3 = stablehlo.convert %arg0 : (tensor<4x5x6xi1>) -> tensor<4x5x6xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.reduce(%3 init: %c_2) applies stablehlo.add across dimensions = [1] : (tensor<4x5x6xi32>, tensor<i32>) -> tensor<4x6xi32>
    return %0, %1, %2, %4 : tensor<5x6xi1>, tensor<4xi1>, tensor<i1>, tensor<4x6xi32>
  }
}
