module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>, %arg1: tensor<0x3xf32>, %arg2: tensor<i32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<0x3xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<3x0xf32> {jax.result_info = "result[3]"}, tensor<0x3xf32> {jax.result_info = "result[4]"}, tensor<i32> {jax.result_info = "result[5]"}, tensor<f32> {jax.result_info = "result[6]"}, tensor<3x3xf32> {jax.result_info = "result[7]"}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.multiply %arg0, %cst : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<0x3xf32>
    %2 = stablehlo.add %arg1, %1 : tensor<0x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%arg1 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
    %4 = stablehlo.reshape %arg1 : (tensor<0x3xf32>) -> tensor<3x0xf32>
    %5 = stablehlo.concatenate %arg1, %arg1, dim = 0 : (tensor<0x3xf32>, tensor<0x3xf32>) -> tensor<0x3xf32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %6 = call @floor_divide(%arg2, %c) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %7 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %8 = stablehlo.maximum %arg0, %7 : tensor<f32>
    %9 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<0x3xf32>) -> tensor<3x0xf32>
    %10 = stablehlo.dot_general %9, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x0xf32>, tensor<0x3xf32>) -> tensor<3x3xf32>
    return %0, %2, %3, %4, %5, %6, %8, %10 : tensor<f32>, tensor<0x3xf32>, tensor<3xf32>, tensor<3x0xf32>, tensor<0x3xf32>, tensor<i32>, tensor<f32>, tensor<3x3xf32>
  }
  func.func private @floor_divide(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.divide %arg0, %0 : tensor<i32>
    %2 = stablehlo.sign %arg0 : tensor<i32>
    %3 = stablehlo.sign %0 : tensor<i32>
    %4 = stablehlo.compare NE, %2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.remainder %arg0, %0 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare NE, %5, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.and %4, %6 : tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %8 = stablehlo.subtract %1, %c_0 : tensor<i32>
    %9 = call @_where(%7, %8, %1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %9 : tensor<i32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
