module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4194304xf32>) -> (tensor<4194304xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4194304xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<4194304xf32>, tensor<4194304xf32>) -> tensor<4194304xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4194304xf32>
    %3 = stablehlo.compare GT, %arg0, %2, FLOAT : (tensor<4194304xf32>, tensor<4194304xf32>) -> tensor<4194304xi1>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4194304xf32>
    %5 = stablehlo.multiply %arg0, %4 : tensor<4194304xf32>
    %6 = stablehlo.multiply %arg0, %arg0 : tensor<4194304xf32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<4194304xi1>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<4194304xi1>) -> tensor<1x4194304xi1>
    %9 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<4194304xi1>) -> tensor<1x4194304xi1>
    %10 = stablehlo.broadcast_in_dim %3, dims = [1] : (tensor<4194304xi1>) -> tensor<1x4194304xi1>
    %11 = stablehlo.concatenate %8, %9, %10, dim = 0 : (tensor<1x4194304xi1>, tensor<1x4194304xi1>, tensor<1x4194304xi1>) -> tensor<3x4194304xi1>
    %12 = call @argmax(%11) : (tensor<3x4194304xi1>) -> tensor<4194304xi32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4194304xi32>
    %14 = stablehlo.compare LT, %12, %13, SIGNED : (tensor<4194304xi32>, tensor<4194304xi32>) -> tensor<4194304xi1>
    %c_3 = stablehlo.constant dense<2> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4194304xi32>
    %16 = stablehlo.compare LT, %12, %15, SIGNED : (tensor<4194304xi32>, tensor<4194304xi32>) -> tensor<4194304xi1>
    %17 = stablehlo.select %16, %5, %6 : tensor<4194304xi1>, tensor<4194304xf32>
    %18 = stablehlo.select %14, %arg0, %17 : tensor<4194304xi1>, tensor<4194304xf32>
    return %18 : tensor<4194304xf32>
  }
  func.func private @argmax(%arg0: tensor<3x4194304xi1>) -> tensor<4194304xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<3x4194304xi32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<3x4194304xi1>, tensor<3x4194304xi32>, tensor<i1>, tensor<i32>) -> (tensor<4194304xi1>, tensor<4194304xi32>)
     reducer(%arg1: tensor<i1>, %arg3: tensor<i1>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i1>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i1>, tensor<i32>
    }
    return %1#1 : tensor<4194304xi32>
  }
}
