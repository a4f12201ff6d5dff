module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32> {jax.result_info = "result[0]"}, tensor<3x3xf32> {jax.result_info = "result[1]"}, tensor<3x3xf32> {jax.result_info = "result[2]"}) {
    %0 = call @middle(%arg0) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %1 = call @inner(%arg0, %arg0) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %2 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
    %3 = call @middle(%2) : (tensor<3x3xf32>) -> tensor<3x3xf32>
    return %0, %1, %3 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x3xf32>
  }
  func.func private @middle(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = call @inner(%arg0, %arg0) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %2 = stablehlo.multiply %1, %arg0 : tensor<3x3xf32>
    %3 = call @inner(%arg0, %2) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %4 = stablehlo.subtract %0, %3 : tensor<3x3xf32>
    return %4 : tensor<3x3xf32>
  }
  func.func private @inner(%arg0: tensor<3x3xf32>, %arg1: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.multiply %arg0, %arg1 : tensor<3x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x3xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x3xf32>
    return %2 : tensor<3x3xf32>
  }
}
