module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10xf32>, %arg1: tensor<10xi32>) -> (tensor<8xf32> {jax.result_info = "result[0]"}, tensor<8xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = "stablehlo.reduce_window"(%arg0, %arg1, %cst, %c) <{base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 3>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<f32>, %arg5: tensor<i32>):
      %1 = stablehlo.compare GE, %arg2, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %2 = stablehlo.select %1, %arg2, %arg4 : tensor<i1>, tensor<f32>
      %3 = stablehlo.select %1, %arg3, %arg5 : tensor<i1>, tensor<i32>
      stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
    }) : (tensor<10xf32>, tensor<10xi32>, tensor<f32>, tensor<i32>) -> (tensor<8xf32>, tensor<8xi32>)
    return %0#0, %0#1 : tensor<8xf32>, tensor<8xi32>
  }
}
