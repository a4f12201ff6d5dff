module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x12xf32>, %arg1: tensor<5x12xi32>) -> (tensor<5x12xf32> {jax.result_info = "result[0]"}, tensor<5x12xf32> {jax.result_info = "result[1]"}, tensor<5x12xf32> {jax.result_info = "result[2]"}, tensor<5x12xi32> {jax.result_info = "result[3]"}, tensor<5x12xi32> {jax.result_info = "result[4]"}, tensor<5x12xf32> {jax.result_info = "result[5]"}) {
    %0 = call @cumsum(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    %1 = call @cumprod(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    %2 = call @cummax(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    %3 = call @cummin(%arg1) : (tensor<5x12xi32>) -> tensor<5x12xi32>
    %4 = call @cumsum_2(%arg1) : (tensor<5x12xi32>) -> tensor<5x12xi32>
    %5 = call @cumlogsumexp(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0, %1, %2, %3, %4, %5 : tensor<5x12xf32>, tensor<5x12xf32>, tensor<5x12xf32>, tensor<5x12xi32>, tensor<5x12xi32>, tensor<5x12xf32>
  }
  func.func private @cumsum(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 12>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<5x12xf32>, tensor<f32>) -> tensor<5x12xf32>
    return %1 : tensor<5x12xf32>
  }
  func.func private @cumprod(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %0 = call @cumprod_1(%arg0) : (tensor<5x12xf32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
  func.func private @cumprod_1(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[4, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 5, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.multiply %arg1, %arg2 : tensor<f32>
      stablehlo.return %1 : tensor<f32>
    }) : (tensor<5x12xf32>, tensor<f32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
  func.func private @cummax(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 12>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<5x12xf32>, tensor<f32>) -> tensor<5x12xf32>
    return %1 : tensor<5x12xf32>
  }
  func.func private @cummin(%arg0: tensor<5x12xi32>) -> tensor<5x12xi32> {
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [0, 11]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 12>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.minimum %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<5x12xi32>, tensor<i32>) -> tensor<5x12xi32>
    return %1 : tensor<5x12xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<5x12xi32>) -> tensor<5x12xi32> {
    %0 = call @cumsum_3(%arg0) : (tensor<5x12xi32>) -> tensor<5x12xi32>
    return %0 : tensor<5x12xi32>
  }
  func.func private @cumsum_3(%arg0: tensor<5x12xi32>) -> tensor<5x12xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[4, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 5, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<5x12xi32>, tensor<i32>) -> tensor<5x12xi32>
    return %1 : tensor<5x12xi32>
  }
  func.func private @cumlogsumexp(%arg0: tensor<5x12xf32>) -> tensor<5x12xf32> {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = "stablehlo.reduce_window"(%arg0, %cst) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [11, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 12>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %1 = stablehlo.maximum %arg1, %arg2 : tensor<f32>
      %2 = stablehlo.subtract %arg1, %arg2 : tensor<f32>
      %3 = stablehlo.compare NE, %2, %2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.add %arg1, %arg2 : tensor<f32>
      %5 = stablehlo.abs %2 : tensor<f32>
      %6 = stablehlo.negate %5 : tensor<f32>
      %7 = stablehlo.exponential %6 : tensor<f32>
      %8 = stablehlo.log_plus_one %7 : tensor<f32>
      %9 = stablehlo.add %1, %8 : tensor<f32>
      %10 = stablehlo.select %3, %4, %9 : tensor<i1>, tensor<f32>
      stablehlo.return %10 : tensor<f32>
    }) : (tensor<5x12xf32>, tensor<f32>) -> tensor<5x12xf32>
    return %0 : tensor<5x12xf32>
  }
}
