module @jit_attention attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x128x8x64xf32>, %arg1: tensor<1x128x8x64xf32>, %arg2: tensor<1x128x8x64xf32>) -> (tensor<1x128x8x64xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x128x8x64xf32>, tensor<1x128x8x64xf32>) -> tensor<1x8x128x128xf32>
    %cst = stablehlo.constant dense<6.400000e+01> : tensor<f32>
    %1 = stablehlo.sqrt %cst : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1x8x128x128xf32>
    %3 = stablehlo.divide %0, %2 : tensor<1x8x128x128xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %5 = call @tril(%4) : (tensor<128x128xi1>) -> tensor<128x128xi1>
    %cst_0 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %6 = call @_where(%5, %3, %cst_0) : (tensor<128x128xi1>, tensor<1x8x128x128xf32>, tensor<f32>) -> tensor<1x8x128x128xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<1x8x128x128xf32>, tensor<f32>) -> tensor<1x8x128xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<1x8x128xf32>
    %9 = stablehlo.maximum %8, %7 : tensor<1x8x128xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<1x8x128xf32>) -> tensor<1x8x128x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x8x128x1xf32>) -> tensor<1x8x128x128xf32>
    %12 = stablehlo.subtract %6, %11 : tensor<1x8x128x128xf32>
    %13 = stablehlo.exponential %12 : tensor<1x8x128x128xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<1x8x128x128xf32>, tensor<f32>) -> tensor<1x8x128xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<1x8x128xf32>) -> tensor<1x8x128x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2, 3] : (tensor<1x8x128x1xf32>) -> tensor<1x8x128x128xf32>
    %17 = stablehlo.divide %13, %16 : tensor<1x8x128x128xf32>
    %18 = stablehlo.dot_general %arg2, %17, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<1x128x8x64xf32>, tensor<1x8x128x128xf32>) -> tensor<1x8x64x128xf32>
    %19 = stablehlo.transpose %18, dims = [0, 3, 1, 2] : (tensor<1x8x64x128xf32>) -> tensor<1x128x8x64xf32>
    return %19 : tensor<1x128x8x64xf32>
  }
  func.func private @tril(%arg0: tensor<128x128xi1>) -> tensor<128x128xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<128x128xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<128x128xi32>
    %2 = stablehlo.add %0, %1 : tensor<128x128xi32>
    %3 = stablehlo.iota dim = 1 : tensor<128x128xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<128x128xi32>, tensor<128x128xi32>) -> tensor<128x128xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<128x128xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<128x128xi1>, tensor<128x128xi1>
    return %6 : tensor<128x128xi1>
  }
  func.func private @_where(%arg0: tensor<128x128xi1>, %arg1: tensor<1x8x128x128xf32>, %arg2: tensor<f32>) -> tensor<1x8x128x128xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<128x128xi1>) -> tensor<1x8x128x128xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x8x128x128xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<1x8x128x128xi1>, tensor<1x8x128x128xf32>
    return %2 : tensor<1x8x128x128xf32>
  }
}
