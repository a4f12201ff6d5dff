module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf32>, %arg1: tensor<28xf32>) -> (tensor<28xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<28xf32> {jax.result_info = "result[1]"}, tensor<28xf32> {jax.result_info = "result[2]"}, tensor<28xf32> {jax.result_info = "result[3]"}, tensor<28xcomplex<f32>> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.complex %arg0, %arg1 : tensor<28xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<28xcomplex<f32>>) -> tensor<28xf32>
    %2 = stablehlo.imag %0 : (tensor<28xcomplex<f32>>) -> tensor<28xf32>
    %3 = stablehlo.abs %0 : (tensor<28xcomplex<f32>>) -> tensor<28xf32>
    %4 = stablehlo.real %0 : (tensor<28xcomplex<f32>>) -> tensor<28xf32>
    %5 = stablehlo.imag %0 : (tensor<28xcomplex<f32>>) -> tensor<28xf32>
    %6 = stablehlo.negate %5 : tensor<28xf32>
    %7 = stablehlo.complex %4, %6 : tensor<28xcomplex<f32>>
    return %0, %1, %2, %3, %7 : tensor<28xcomplex<f32>>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xcomplex<f32>>
  }
}
