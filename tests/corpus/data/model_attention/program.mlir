module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x6x2x4xf32>, %arg1: tensor<2x6x2x4xf32>, %arg2: tensor<2x6x2x4xf32>) -> (tensor<2x6x2x4xf32> {jax.result_info = "result[0]"}, tensor<2x6x2x4xf32> {jax.result_info = "result[1]"}, tensor<2x2x6x6xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x4xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x6xf32>
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %1 = stablehlo.sqrt %cst : tensor<f32>
    %2 = stablehlo.convert %1 : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %4 = stablehlo.divide %0, %3 : tensor<2x2x6x6xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = call @tril(%5) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %7 = call @_where(%6, %4, %cst_0) : (tensor<6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6x6xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x2x6xf32>
    %10 = stablehlo.maximum %9, %8 : tensor<2x2x6xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %13 = stablehlo.subtract %7, %12 : tensor<2x2x6x6xf32>
    %14 = stablehlo.exponential %13 : tensor<2x2x6x6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %18 = stablehlo.divide %14, %17 : tensor<2x2x6x6xf32>
    %19 = stablehlo.dot_general %arg2, %18, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x4xf32>, tensor<2x2x6x6xf32>) -> tensor<2x2x4x6xf32>
    %20 = stablehlo.transpose %19, dims = [0, 3, 1, 2] : (tensor<2x2x4x6xf32>) -> tensor<2x6x2x4xf32>
    %21 = stablehlo.reshape %arg0 : (tensor<2x6x2x4xf32>) -> tensor<2x6x2x1x4xf32>
    %22 = stablehlo.dot_general %21, %arg1, batching_dims = [0, 2] x [0, 2], contracting_dims = [4] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x1x4xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x1x6xf32>
    %cst_4 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x2x6x1x6xf32>
    %24 = stablehlo.multiply %22, %23 : tensor<2x2x6x1x6xf32>
    %c_5 = stablehlo.constant dense<true> : tensor<i1>
    %25 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i1>) -> tensor<2x2x6x6xi1>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %26 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %27 = call @tril_0(%26) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %28 = stablehlo.broadcast_in_dim %27, dims = [2, 3] : (tensor<6x6xi1>) -> tensor<1x1x6x6xi1>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2, 3] : (tensor<1x1x6x6xi1>) -> tensor<2x2x6x6xi1>
    %30 = stablehlo.and %25, %29 : tensor<2x2x6x6xi1>
    %cst_7 = stablehlo.constant dense<-2.38197633E+38> : tensor<f32>
    %31 = call @_where_1(%30, %24, %cst_7) : (tensor<2x2x6x6xi1>, tensor<2x2x6x1x6xf32>, tensor<f32>) -> tensor<1x2x2x6x6xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_8) applies stablehlo.maximum across dimensions = [4] : (tensor<1x2x2x6x6xf32>, tensor<f32>) -> tensor<1x2x2x6xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<1x2x2x6xf32>
    %34 = stablehlo.maximum %33, %32 : tensor<1x2x2x6xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2, 3] : (tensor<1x2x2x6xf32>) -> tensor<1x2x2x6x1xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1, 2, 3, 4] : (tensor<1x2x2x6x1xf32>) -> tensor<1x2x2x6x6xf32>
    %37 = stablehlo.subtract %31, %36 : tensor<1x2x2x6x6xf32>
    %38 = stablehlo.exponential %37 : tensor<1x2x2x6x6xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_10) applies stablehlo.add across dimensions = [4] : (tensor<1x2x2x6x6xf32>, tensor<f32>) -> tensor<1x2x2x6xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x2x2x6xf32>) -> tensor<1x2x2x6x1xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1, 2, 3, 4] : (tensor<1x2x2x6x1xf32>) -> tensor<1x2x2x6x6xf32>
    %42 = stablehlo.divide %38, %41 : tensor<1x2x2x6x6xf32>
    %43 = stablehlo.dot_general %arg2, %42, batching_dims = [0, 2] x [1, 2], contracting_dims = [1] x [4], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x4xf32>, tensor<1x2x2x6x6xf32>) -> tensor<2x2x4x1x6xf32>
    %44 = stablehlo.transpose %43, dims = [3, 0, 4, 1, 2] : (tensor<2x2x4x1x6xf32>) -> tensor<1x2x6x2x4xf32>
    %45 = stablehlo.transpose %44, dims = [1, 2, 3, 0, 4] : (tensor<1x2x6x2x4xf32>) -> tensor<2x6x2x1x4xf32>
    %46 = stablehlo.reshape %45 : (tensor<2x6x2x1x4xf32>) -> tensor<2x6x2x4xf32>
    return %20, %46, %18 : tensor<2x6x2x4xf32>, tensor<2x6x2x4xf32>, tensor<2x2x6x6xf32>
  }
  func.func private @tril(%arg0: tensor<6x6xi1>) -> tensor<6x6xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xi1>
    return %6 : tensor<6x6xi1>
  }
  func.func private @_where(%arg0: tensor<6x6xi1>, %arg1: tensor<2x2x6x6xf32>, %arg2: tensor<f32>) -> tensor<2x2x6x6xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<6x6xi1>) -> tensor<2x2x6x6xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x2x6x6xi1>, tensor<2x2x6x6xf32>
    return %3 : tensor<2x2x6x6xf32>
  }
  func.func private @tril_0(%arg0: tensor<6x6xi1>) -> tensor<6x6xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xi1>
    return %6 : tensor<6x6xi1>
  }
  func.func private @_where_1(%arg0: tensor<2x2x6x6xi1>, %arg1: tensor<2x2x6x1x6xf32>, %arg2: tensor<f32>) -> tensor<1x2x2x6x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2, 3, 4] : (tensor<2x2x6x6xi1>) -> tensor<1x2x2x6x6xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [1, 2, 3, 4] : (tensor<2x2x6x6xf32>) -> tensor<1x2x2x6x6xf32>
    %3 = stablehlo.transpose %arg1, dims = [3, 0, 1, 2, 4] : (tensor<2x2x6x1x6xf32>) -> tensor<1x2x2x6x6xf32>
    %4 = stablehlo.select %1, %3, %2 : tensor<1x2x2x6x6xi1>, tensor<1x2x2x6x6xf32>
    return %4 : tensor<1x2x2x6x6xf32>
  }
}
