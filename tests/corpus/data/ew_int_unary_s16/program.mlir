module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xi16>) -> (tensor<17xi16> {jax.result_info = "result[0]"}, tensor<17xi16> {jax.result_info = "result[1]"}, tensor<17xi16> {jax.result_info = "result[2]"}, tensor<17xi16> {jax.result_info = "result[3]"}, tensor<17xi16> {jax.result_info = "result[4]"}, tensor<17xi16> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.negate %arg0 : tensor<17xi16>
    %1 = stablehlo.not %arg0 : tensor<17xi16>
    %2 = stablehlo.popcnt %arg0 : tensor<17xi16>
    %3 = stablehlo.count_leading_zeros %arg0 : tensor<17xi16>
    %4 = stablehlo.sign %arg0 : tensor<17xi16>
    %5 = stablehlo.abs %arg0 : tensor<17xi16>
    return %0, %1, %2, %3, %4, %5 : tensor<17xi16>, tensor<17xi16>, tensor<17xi16>, tensor<17xi16>, tensor<17xi16>, tensor<17xi16>
  }
}
