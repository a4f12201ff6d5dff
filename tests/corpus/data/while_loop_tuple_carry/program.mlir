module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<i32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}, tensor<f32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1, %iterArg_1 = %cst) : tensor<4xf32>, tensor<i32>, tensor<f32>
    cond {
      %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %1 = stablehlo.reduce(%iterArg init: %cst_2) applies stablehlo.maximum across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %2 = stablehlo.compare GT, %1, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c = stablehlo.constant dense<50> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.and %2, %3 : tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %1 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %2 = stablehlo.compare GT, %iterArg, %1, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %cst_3 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %4 = stablehlo.multiply %iterArg, %3 : tensor<4xf32>
      %5 = stablehlo.select %2, %4, %iterArg : tensor<4xi1>, tensor<4xf32>
      %c = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_0, %c : tensor<i32>
      %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.reduce(%5 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
      %8 = stablehlo.add %iterArg_1, %7 : tensor<f32>
      stablehlo.return %5, %6, %8 : tensor<4xf32>, tensor<i32>, tensor<f32>
    }
    return %0#0, %0#1, %0#2 : tensor<4xf32>, tensor<i32>, tensor<f32>
  }
}
