module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xbf16>) -> (tensor<28xbf16> {jax.result_info = "result[0]"}, tensor<28xbf16> {jax.result_info = "result[1]"}, tensor<28xbf16> {jax.result_info = "result[2]"}, tensor<28xbf16> {jax.result_info = "result[3]"}, tensor<28xbf16> {jax.result_info = "result[4]"}, tensor<28xbf16> {jax.result_info = "result[5]"}, tensor<28xbf16> {jax.result_info = "result[6]"}, tensor<28xi1> {jax.result_info = "result[7]"}, tensor<28xbf16> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.negate %arg0 : tensor<28xbf16>
    %1 = stablehlo.abs %arg0 : tensor<28xbf16>
    %2 = stablehlo.sign %arg0 : tensor<28xbf16>
    %3 = stablehlo.floor %arg0 : tensor<28xbf16>
    %4 = stablehlo.ceil %arg0 : tensor<28xbf16>
    %5 = stablehlo.round_nearest_afz %arg0 : tensor<28xbf16>
    %6 = stablehlo.round_nearest_even %arg0 : tensor<28xbf16>
    %7 = stablehlo.is_finite %arg0 : (tensor<28xbf16>) -> tensor<28xi1>
    %8 = stablehlo.sqrt %arg0 : tensor<28xbf16>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xi1>, tensor<28xbf16>
  }
}
