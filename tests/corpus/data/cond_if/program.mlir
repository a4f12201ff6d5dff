module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xf32>, %arg1: tensor<i1>, %arg2: tensor<i1>) -> (tensor<3x4xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1][0]"}, tensor<3x4xf32> {jax.result_info = "result[1][1]"}, tensor<i32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.convert %arg1 : (tensor<i1>) -> tensor<i32>
    %1 = "stablehlo.case"(%0) ({
      %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
      %10 = stablehlo.subtract %arg0, %9 : tensor<3x4xf32>
      stablehlo.return %10 : tensor<3x4xf32>
    }, {
      %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
      %10 = stablehlo.multiply %arg0, %9 : tensor<3x4xf32>
      stablehlo.return %10 : tensor<3x4xf32>
    }) : (tensor<i32>) -> tensor<3x4xf32>
    %2 = stablehlo.convert %arg2 : (tensor<i1>) -> tensor<i32>
    %3:2 = "stablehlo.case"(%2) ({
      %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
      %9 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
      %10 = stablehlo.negate %arg0 : tensor<3x4xf32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<3x4xf32>
    }, {
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
      stablehlo.return %9, %arg0 : tensor<f32>, tensor<3x4xf32>
    }) : (tensor<i32>) -> (tensor<f32>, tensor<3x4xf32>)
    %4 = stablehlo.slice %arg0 [0:1, 0:1] : (tensor<3x4xf32>) -> tensor<1x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x1xf32>) -> tensor<f32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.compare GT, %5, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %7 = stablehlo.convert %6 : (tensor<i1>) -> tensor<i32>
    %8 = "stablehlo.case"(%7) ({
      %c = stablehlo.constant dense<-1> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }, {
      %c = stablehlo.constant dense<1> : tensor<i32>
      stablehlo.return %c : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    return %1, %3#0, %3#1, %8 : tensor<3x4xf32>, tensor<f32>, tensor<3x4xf32>, tensor<i32>
  }
}
