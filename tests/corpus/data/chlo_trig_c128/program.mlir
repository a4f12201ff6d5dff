module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xcomplex<f64>>) -> (tensor<24xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[2]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<24xcomplex<f64>> {jax.result_info = "result[9]"}) {
    %0 = chlo.acos %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %1 = chlo.asin %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %2 = chlo.atan %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %3 = chlo.acosh %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %4 = chlo.asinh %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %5 = chlo.atanh %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %6 = chlo.cosh %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %7 = chlo.sinh %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    %8 = stablehlo.tan %arg0 : tensor<24xcomplex<f64>>
    %9 = chlo.square %arg0 : tensor<24xcomplex<f64>> -> tensor<24xcomplex<f64>>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>, tensor<24xcomplex<f64>>
  }
}
