module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}, tensor<4x4xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<4x4xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %3 = stablehlo.add %arg0, %2 : tensor<4x4xf32>
    %4:2 = stablehlo.optimization_barrier %1, %3 : tensor<4x4xf32>, tensor<4x4xf32>
    %5 = stablehlo.sine %arg0 : tensor<4x4xf32>
    %6 = stablehlo.dot_general %5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7:2 = stablehlo.optimization_barrier %arg0, %cst_1 : tensor<4x4xf32>, tensor<f32>
    %8 = stablehlo.tanh %7#0 : tensor<4x4xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %10 = stablehlo.subtract %9, %8 : tensor<4x4xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %12 = stablehlo.multiply %11, %8 : tensor<4x4xf32>
    %13 = stablehlo.broadcast_in_dim %7#1, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<4x4xf32>
    %15 = stablehlo.multiply %14, %10 : tensor<4x4xf32>
    %16 = stablehlo.multiply %15, %8 : tensor<4x4xf32>
    %17 = stablehlo.add %15, %16 : tensor<4x4xf32>
    %18 = stablehlo.subtract %4#0, %4#1 : tensor<4x4xf32>
    return %18, %6, %17 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
  }
}
