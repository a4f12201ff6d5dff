module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf64>, %arg1: tensor<28xf64>) -> (tensor<28xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<28xf64> {jax.result_info = "result[1]"}, tensor<28xf64> {jax.result_info = "result[2]"}, tensor<28xf64> {jax.result_info = "result[3]"}, tensor<28xcomplex<f64>> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<28xcomplex<f64>>
    %1 = stablehlo.real %0 : (tensor<28xcomplex<f64>>) -> tensor<28xf64>
    %2 = stablehlo.imag %0 : (tensor<28xcomplex<f64>>) -> tensor<28xf64>
    %3 = stablehlo.abs %0 : (tensor<28xcomplex<f64>>) -> tensor<28xf64>
    %4 = stablehlo.real %0 : (tensor<28xcomplex<f64>>) -> tensor<28xf64>
    %5 = stablehlo.imag %0 : (tensor<28xcomplex<f64>>) -> tensor<28xf64>
    %6 = stablehlo.negate %5 : tensor<28xf64>
    %7 = stablehlo.complex %4, %6 : tensor<28xcomplex<f64>>
    return %0, %1, %2, %3, %7 : tensor<28xcomplex<f64>>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xcomplex<f64>>
  }
}
