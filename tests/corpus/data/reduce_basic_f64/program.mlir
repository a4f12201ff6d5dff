module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xf64>) -> (tensor<5x6xf64> {jax.result_info = "result[0]"}, tensor<4x5xf64> {jax.result_info = "result[1]"}, tensor<5xf64> {jax.result_info = "result[2]"}, tensor<4x6xf64> {jax.result_info = "result[3]"}, tensor<f64> {jax.result_info = "result[4]"}, tensor<f64> {jax.result_info = "result[5]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<5x6xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.multiply across dimensions = [2] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<4x5xf64>
    %cst_1 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<5xf64>
    %cst_2 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %3 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.minimum across dimensions = [1] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<4x6xf64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %4 = stablehlo.reduce(%arg0 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<f64>
    %cst_4 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %5 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<4x5x6xf64>, tensor<f64>) -> tensor<f64>
    return %0, %1, %2, %3, %4, %5 : tensor<5x6xf64>, tensor<4x5xf64>, tensor<5xf64>, tensor<4x6xf64>, tensor<f64>, tensor<f64>
  }
}
