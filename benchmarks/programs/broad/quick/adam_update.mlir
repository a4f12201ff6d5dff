module @jit_adam attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16384xf32>, %arg1: tensor<16384xf32>, %arg2: tensor<16384xf32>, %arg3: tensor<16384xf32>) -> (tensor<16384xf32> {jax.result_info = "result[0]"}, tensor<16384xf32> {jax.result_info = "result[1]"}, tensor<16384xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %1 = stablehlo.multiply %0, %arg2 : tensor<16384xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %3 = stablehlo.multiply %2, %arg1 : tensor<16384xf32>
    %4 = stablehlo.add %1, %3 : tensor<16384xf32>
    %cst_1 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %6 = stablehlo.multiply %5, %arg3 : tensor<16384xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %8 = stablehlo.multiply %7, %arg1 : tensor<16384xf32>
    %9 = stablehlo.multiply %8, %arg1 : tensor<16384xf32>
    %10 = stablehlo.add %6, %9 : tensor<16384xf32>
    %cst_3 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %12 = stablehlo.divide %4, %11 : tensor<16384xf32>
    %cst_4 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %14 = stablehlo.multiply %13, %12 : tensor<16384xf32>
    %cst_5 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %16 = stablehlo.divide %10, %15 : tensor<16384xf32>
    %17 = stablehlo.sqrt %16 : tensor<16384xf32>
    %cst_6 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %19 = stablehlo.add %17, %18 : tensor<16384xf32>
    %20 = stablehlo.divide %14, %19 : tensor<16384xf32>
    %21 = stablehlo.subtract %arg0, %20 : tensor<16384xf32>
    return %21, %4, %10 : tensor<16384xf32>, tensor<16384xf32>, tensor<16384xf32>
  }
}
