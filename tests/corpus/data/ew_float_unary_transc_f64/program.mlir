module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf64>) -> (tensor<28xf64> {jax.result_info = "result[0]"}, tensor<28xf64> {jax.result_info = "result[1]"}, tensor<28xf64> {jax.result_info = "result[2]"}, tensor<28xf64> {jax.result_info = "result[3]"}, tensor<28xf64> {jax.result_info = "result[4]"}, tensor<28xf64> {jax.result_info = "result[5]"}, tensor<28xf64> {jax.result_info = "result[6]"}, tensor<28xf64> {jax.result_info = "result[7]"}, tensor<28xf64> {jax.result_info = "result[8]"}, tensor<28xf64> {jax.result_info = "result[9]"}, tensor<28xf64> {jax.result_info = "result[10]"}, tensor<28xf64> {jax.result_info = "result[11]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<28xf64>
    %cst = stablehlo.constant dense<0.69314718055994529> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %2 = stablehlo.multiply %1, %arg0 : tensor<28xf64>
    %3 = stablehlo.exponential %2 : tensor<28xf64>
    %4 = stablehlo.log %arg0 : tensor<28xf64>
    %5 = stablehlo.log_plus_one %arg0 : tensor<28xf64>
    %6 = stablehlo.exponential_minus_one %arg0 : tensor<28xf64>
    %7 = stablehlo.negate %arg0 : tensor<28xf64>
    %8 = stablehlo.exponential %7 : tensor<28xf64>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %10 = stablehlo.add %9, %8 : tensor<28xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %12 = stablehlo.divide %11, %10 : tensor<28xf64>
    %13 = stablehlo.tanh %arg0 : tensor<28xf64>
    %14 = stablehlo.sine %arg0 : tensor<28xf64>
    %15 = stablehlo.cosine %arg0 : tensor<28xf64>
    %16 = stablehlo.tan %arg0 : tensor<28xf64>
    %17 = stablehlo.rsqrt %arg0 : tensor<28xf64>
    %18 = stablehlo.cbrt %arg0 : tensor<28xf64>
    return %0, %3, %4, %5, %6, %12, %13, %14, %15, %16, %17, %18 : tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>
  }
}
