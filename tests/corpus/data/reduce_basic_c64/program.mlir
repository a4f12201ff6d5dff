module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xcomplex<f32>>) -> (tensor<5x6xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<4x5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<complex<f32>> {jax.result_info = "result[2]"}, tensor<5xcomplex<f32>> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x5x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5x6xcomplex<f32>>
    %cst_0 = stablehlo.constant dense<(1.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.multiply across dimensions = [2] : (tensor<4x5x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4x5xcomplex<f32>>
    %cst_1 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %3 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.add across dimensions = [0, 2] : (tensor<4x5x6xcomplex<f32>>, tensor<complex<f32>>) -> tensor<5xcomplex<f32>>
    %cst_3 = stablehlo.constant dense<(2.400000e+01,0.000000e+00)> : tensor<complex<f32>>
    %4 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<complex<f32>>) -> tensor<5xcomplex<f32>>
    %5 = stablehlo.divide %3, %4 : tensor<5xcomplex<f32>>
    return %0, %1, %2, %5 : tensor<5x6xcomplex<f32>>, tensor<4x5xcomplex<f32>>, tensor<complex<f32>>, tensor<5xcomplex<f32>>
  }
}
