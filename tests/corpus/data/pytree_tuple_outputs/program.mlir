module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4xi32>, %arg2: tensor<i32>) -> (tensor<4xi32> {jax.result_info = "result['list'][0]"}, tensor<3x2xf32> {jax.result_info = "result['list'][1]"}, tensor<2x3xf32> {jax.result_info = "result['pair'][0]"}, tensor<4xi32> {jax.result_info = "result['pair'][1]"}, tensor<f32> {jax.result_info = "result['sum']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %2 = stablehlo.multiply %arg0, %1 : tensor<2x3xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4xi32>
    %5 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    return %arg1, %5, %2, %4, %0 : tensor<4xi32>, tensor<3x2xf32>, tensor<2x3xf32>, tensor<4xi32>, tensor<f32>
  }
}
