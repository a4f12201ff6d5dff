module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xi64>) -> (tensor<5x6xi64> {jax.result_info = "result[0]"}, tensor<4x5xi64> {jax.result_info = "result[1]"}, tensor<5xi64> {jax.result_info = "result[2]"}, tensor<4x6xi64> {jax.result_info = "result[3]"}, tensor<i64> {jax.result_info = "result[4]"}, tensor<i64> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.reduce(%arg0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<5x6xi64>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %1 = stablehlo.reduce(%arg0 init: %c_0) applies stablehlo.multiply across dimensions = [2] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<4x5xi64>
    %c_1 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %2 = stablehlo.reduce(%arg0 init: %c_1) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<5xi64>
    %c_2 = stablehlo.constant dense<9223372036854775807> : tensor<i64>
    %3 = stablehlo.reduce(%arg0 init: %c_2) applies stablehlo.minimum across dimensions = [1] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<4x6xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.reduce(%arg0 init: %c_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<i64>
    %c_4 = stablehlo.constant dense<-9223372036854775808> : tensor<i64>
    %5 = stablehlo.reduce(%arg0 init: %c_4) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<4x5x6xi64>, tensor<i64>) -> tensor<i64>
    return %0, %1, %2, %3, %4, %5 : tensor<5x6xi64>, tensor<4x5xi64>, tensor<5xi64>, tensor<4x6xi64>, tensor<i64>, tensor<i64>
  }
}
