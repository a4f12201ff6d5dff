module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<6x8xi32>) -> (tensor<6xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xi32> {jax.result_info = "result[2]"}, tensor<i32> {jax.result_info = "result[3]"}, tensor<6xi32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) across dimensions = [1] : (tensor<6x8xf32>, tensor<f32>) -> tensor<6xf32>
     reducer(%arg2: tensor<f32>, %arg3: tensor<f32>)  {
      %4 = stablehlo.multiply %arg2, %arg3 : tensor<f32>
      %cst_3 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
      %5 = stablehlo.add %4, %cst_3 : tensor<f32>
      stablehlo.return %5 : tensor<f32>
    }
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst_0), (%arg1 init: %c) across dimensions = [0] : (tensor<6x8xf32>, tensor<6x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
     reducer(%arg2: tensor<f32>, %arg4: tensor<f32>) (%arg3: tensor<i32>, %arg5: tensor<i32>)  {
      %4 = stablehlo.multiply %arg4, %arg4 : tensor<f32>
      %5 = stablehlo.add %arg2, %4 : tensor<f32>
      %6 = stablehlo.maximum %arg3, %arg5 : tensor<i32>
      stablehlo.return %5, %6 : tensor<f32>, tensor<i32>
    }
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.reduce(%arg1 init: %c_1) applies stablehlo.xor across dimensions = [0, 1] : (tensor<6x8xi32>, tensor<i32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.reduce(%arg1 init: %c_2) applies stablehlo.and across dimensions = [1] : (tensor<6x8xi32>, tensor<i32>) -> tensor<6xi32>
    return %0, %1#0, %1#1, %2, %3 : tensor<6xf32>, tensor<8xf32>, tensor<8xi32>, tensor<i32>, tensor<6xi32>
  }
}
