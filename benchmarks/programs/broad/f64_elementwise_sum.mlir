module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2097152xf64>, %arg1: tensor<2097152xf64>) -> (tensor<f64> {jax.result_info = "result"}) {
    %0 = stablehlo.negate %arg0 : tensor<2097152xf64>
    %1 = stablehlo.multiply %0, %arg0 : tensor<2097152xf64>
    %2 = stablehlo.exponential %1 : tensor<2097152xf64>
    %3 = stablehlo.multiply %2, %arg1 : tensor<2097152xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %4 = stablehlo.reduce(%3 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<2097152xf64>, tensor<f64>) -> tensor<f64>
    return %4 : tensor<f64>
  }
}
