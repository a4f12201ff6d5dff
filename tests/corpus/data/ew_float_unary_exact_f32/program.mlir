module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf32>) -> (tensor<28xf32> {jax.result_info = "result[0]"}, tensor<28xf32> {jax.result_info = "result[1]"}, tensor<28xf32> {jax.result_info = "result[2]"}, tensor<28xf32> {jax.result_info = "result[3]"}, tensor<28xf32> {jax.result_info = "result[4]"}, tensor<28xf32> {jax.result_info = "result[5]"}, tensor<28xf32> {jax.result_info = "result[6]"}, tensor<28xi1> {jax.result_info = "result[7]"}, tensor<28xf32> {jax.result_info = "result[8]"}) {
    %0 = stablehlo.negate %arg0 : tensor<28xf32>
    %1 = stablehlo.abs %arg0 : tensor<28xf32>
    %2 = stablehlo.sign %arg0 : tensor<28xf32>
    %3 = stablehlo.floor %arg0 : tensor<28xf32>
    %4 = stablehlo.ceil %arg0 : tensor<28xf32>
    %5 = stablehlo.round_nearest_afz %arg0 : tensor<28xf32>
    %6 = stablehlo.round_nearest_even %arg0 : tensor<28xf32>
    %7 = stablehlo.is_finite %arg0 : (tensor<28xf32>) -> tensor<28xi1>
    %8 = stablehlo.sqrt %arg0 : tensor<28xf32>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xi1>, tensor<28xf32>
  }
}
