module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>) -> (tensor<16xf32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<16xf32> {jax.result_info = "result[4]"}, tensor<16xf32> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %1 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %2 = stablehlo.multiply %1, %arg0 : tensor<16xf32>
    %3 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %5 = stablehlo.divide %4, %3 : tensor<16xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %7 = stablehlo.power %arg0, %6 : tensor<16xf32>
    %8 = stablehlo.multiply %arg0, %arg0 : tensor<16xf32>
    %9 = stablehlo.multiply %arg0, %8 : tensor<16xf32>
    %10 = stablehlo.multiply %8, %8 : tensor<16xf32>
    %11 = stablehlo.multiply %9, %10 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %13 = stablehlo.divide %12, %arg0 : tensor<16xf32>
    return %0, %2, %5, %7, %11, %13 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
  }
}
