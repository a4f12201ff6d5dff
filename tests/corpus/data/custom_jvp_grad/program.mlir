module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11xf32>) -> (tensor<11xf32> {jax.result_info = "result[0]"}, tensor<11xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<11xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<11xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<11xf32>, tensor<11xf32>) -> tensor<11xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<11xf32>
    %7 = stablehlo.abs %3 : tensor<11xf32>
    %8 = stablehlo.negate %7 : tensor<11xf32>
    %9 = stablehlo.exponential %8 : tensor<11xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<11xf32>
    %11 = stablehlo.add %1, %10 : tensor<11xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<11xi1>, tensor<11xf32>
    %13 = stablehlo.negate %arg0 : tensor<11xf32>
    %14 = stablehlo.exponential %13 : tensor<11xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %16 = stablehlo.add %15, %14 : tensor<11xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %18 = stablehlo.divide %17, %16 : tensor<11xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %20 = stablehlo.multiply %19, %18 : tensor<11xf32>
    return %12, %20 : tensor<11xf32>, tensor<11xf32>
  }
}
