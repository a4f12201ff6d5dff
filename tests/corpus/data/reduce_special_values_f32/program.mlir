module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x28xf32>) -> (tensor<28xf32> {jax.result_info = "result[0]"}, tensor<28xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<3xf32> {jax.result_info = "result[3]"}, tensor<28xf32> {jax.result_info = "result[4]"}, tensor<3xf32> {jax.result_info = "result[5]"}, tensor<3xi32> {jax.result_info = "result[6]"}, tensor<3xi32> {jax.result_info = "result[7]"}, tensor<28xi32> {jax.result_info = "result[8]"}) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3x28xf32>, tensor<f32>) -> tensor<28xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.reduce(%arg0 init: %cst_0) applies stablehlo.minimum across dimensions = [0] : (tensor<3x28xf32>, tensor<f32>) -> tensor<28xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x28xf32>, tensor<f32>) -> tensor<3xf32>
    %3 = call @nanmax(%arg0) : (tensor<3x28xf32>) -> tensor<3xf32>
    %4 = call @nansum(%arg0) : (tensor<3x28xf32>) -> tensor<28xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.maximum across dimensions = [1] : (tensor<3x28xf32>, tensor<f32>) -> tensor<3xf32>
    %6 = call @argmax(%arg0) : (tensor<3x28xf32>) -> tensor<3xi32>
    %7 = call @argmin(%arg0) : (tensor<3x28xf32>) -> tensor<3xi32>
    %8 = call @argmax_1(%arg0) : (tensor<3x28xf32>) -> tensor<28xi32>
    return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<28xf32>, tensor<28xf32>, tensor<3xf32>, tensor<3xf32>, tensor<28xf32>, tensor<3xf32>, tensor<3xi32>, tensor<3xi32>, tensor<28xi32>
  }
  func.func private @nanmax(%arg0: tensor<3x28xf32>) -> tensor<3xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xi1>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<3x28xi1>, tensor<f32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [1] : (tensor<3x28xf32>, tensor<f32>) -> tensor<3xf32>
    %3 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xi1>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %4 = stablehlo.reduce(%3 init: %c) applies stablehlo.and across dimensions = [1] : (tensor<3x28xi1>, tensor<i1>) -> tensor<3xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %5 = call @_where_0(%4, %cst_1, %2) : (tensor<3xi1>, tensor<f32>, tensor<3xf32>) -> tensor<3xf32>
    return %5 : tensor<3xf32>
  }
  func.func private @_where(%arg0: tensor<3x28xi1>, %arg1: tensor<f32>, %arg2: tensor<3x28xf32>) -> tensor<3x28xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3x28xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<3x28xi1>, tensor<3x28xf32>
    return %1 : tensor<3x28xf32>
  }
  func.func private @_where_0(%arg0: tensor<3xi1>, %arg1: tensor<f32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<3xi1>, tensor<3xf32>
    return %1 : tensor<3xf32>
  }
  func.func private @nansum(%arg0: tensor<3x28xf32>) -> tensor<28xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where(%0, %cst, %arg0) : (tensor<3x28xi1>, tensor<f32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<3x28xf32>, tensor<f32>) -> tensor<28xf32>
    return %2 : tensor<28xf32>
  }
  func.func private @argmax(%arg0: tensor<3x28xf32>) -> tensor<3xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<3x28xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<3x28xf32>, tensor<3x28xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<3xi32>
  }
  func.func private @argmin(%arg0: tensor<3x28xf32>) -> tensor<3xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<3x28xi32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<3x28xf32>, tensor<3x28xi32>, tensor<f32>, tensor<i32>) -> (tensor<3xf32>, tensor<3xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare LT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<3xi32>
  }
  func.func private @argmax_1(%arg0: tensor<3x28xf32>) -> tensor<28xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<3x28xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [0] : (tensor<3x28xf32>, tensor<3x28xi32>, tensor<f32>, tensor<i32>) -> (tensor<28xf32>, tensor<28xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<28xi32>
  }
}
