module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xcomplex<f32>>) -> (tensor<12xi64> {jax.result_info = "result[0]"}, tensor<12xui64> {jax.result_info = "result[1]"}, tensor<12xf64> {jax.result_info = "result[2]"}, tensor<12xcomplex<f64>> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.real %arg0 : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
    %1 = stablehlo.convert %0 : (tensor<12xf32>) -> tensor<12xi64>
    %2 = stablehlo.real %arg0 : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
    %3 = stablehlo.convert %2 : (tensor<12xf32>) -> tensor<12xui64>
    %4 = stablehlo.real %arg0 : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
    %5 = stablehlo.convert %4 : (tensor<12xf32>) -> tensor<12xf64>
    %6 = stablehlo.convert %arg0 : (tensor<12xcomplex<f32>>) -> tensor<12xcomplex<f64>>
    return %1, %3, %5, %6 : tensor<12xi64>, tensor<12xui64>, tensor<12xf64>, tensor<12xcomplex<f64>>
  }
}
