module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xbf16>) -> (tensor<28xbf16> {jax.result_info = "result[0]"}, tensor<28xbf16> {jax.result_info = "result[1]"}, tensor<28xbf16> {jax.result_info = "result[2]"}, tensor<28xbf16> {jax.result_info = "result[3]"}, tensor<28xbf16> {jax.result_info = "result[4]"}, tensor<28xbf16> {jax.result_info = "result[5]"}, tensor<28xbf16> {jax.result_info = "result[6]"}, tensor<28xbf16> {jax.result_info = "result[7]"}, tensor<28xbf16> {jax.result_info = "result[8]"}, tensor<28xbf16> {jax.result_info = "result[9]"}, tensor<28xbf16> {jax.result_info = "result[10]"}, tensor<28xbf16> {jax.result_info = "result[11]"}) {
    %0 = stablehlo.exponential %arg0 : tensor<28xbf16>
    %cst = stablehlo.constant dense<6.914060e-01> : tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<28xbf16>
    %2 = stablehlo.multiply %1, %arg0 : tensor<28xbf16>
    %3 = stablehlo.exponential %2 : tensor<28xbf16>
    %4 = stablehlo.log %arg0 : tensor<28xbf16>
    %5 = stablehlo.log_plus_one %arg0 : tensor<28xbf16>
    %6 = stablehlo.exponential_minus_one %arg0 : tensor<28xbf16>
    %7 = stablehlo.negate %arg0 : tensor<28xbf16>
    %8 = stablehlo.exponential %7 : tensor<28xbf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<28xbf16>
    %10 = stablehlo.add %9, %8 : tensor<28xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<28xbf16>
    %12 = stablehlo.divide %11, %10 : tensor<28xbf16>
    %13 = stablehlo.tanh %arg0 : tensor<28xbf16>
    %14 = stablehlo.sine %arg0 : tensor<28xbf16>
    %15 = stablehlo.cosine %arg0 : tensor<28xbf16>
    %16 = stablehlo.tan %arg0 : tensor<28xbf16>
    %17 = stablehlo.rsqrt %arg0 : tensor<28xbf16>
    %18 = stablehlo.cbrt %arg0 : tensor<28xbf16>
    return %0, %3, %4, %5, %6, %12, %13, %14, %15, %16, %17, %18 : tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>
  }
}
