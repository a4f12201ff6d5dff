module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<5xi32>) -> (tensor<4x6xf32> {jax.result_info = "result[0]"}, tensor<4x18xf32> {jax.result_info = "result[1]"}, tensor<15xi32> {jax.result_info = "result[2]"}, tensor<4x6xf32> {jax.result_info = "result[3]"}, tensor<4x6xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}, tensor<3x5xf32> {jax.result_info = "result[6]"}, tensor<5x5xi32> {jax.result_info = "result[7]"}, tensor<4x4xf32> {jax.result_info = "result[8]"}, tensor<3x5xi32> {jax.result_info = "result[9]"}, tensor<4xf32> {jax.result_info = "result[10]"}, tensor<f32> {jax.result_info = "result[11]"}) {
    %0 = call @_roll_static(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %1 = stablehlo.slice %arg0 [0:2, 0:6] : (tensor<4x6xf32>) -> tensor<2x6xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x6xf32>) -> tensor<1x2x1x6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x2x1x6xf32>) -> tensor<2x2x3x6xf32>
    %4 = stablehlo.reshape %3 : (tensor<2x2x3x6xf32>) -> tensor<4x18xf32>
    %5 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<5xi32>) -> tensor<5x3xi32>
    %6 = stablehlo.reshape %5 : (tensor<5x3xi32>) -> tensor<15xi32>
    %7 = call @triu(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %8 = call @tril(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %9 = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<4x6xf32>) -> tensor<4x4xf32>
    %10 = call @_diag(%9) : (tensor<4x4xf32>) -> tensor<4xf32>
    %11 = stablehlo.iota dim = 0 : tensor<3x5xi32>
    %12 = stablehlo.iota dim = 1 : tensor<3x5xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %14 = stablehlo.add %11, %13 : tensor<3x5xi32>
    %15 = stablehlo.compare EQ, %14, %12, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %16 = stablehlo.convert %15 : (tensor<3x5xi1>) -> tensor<3x5xf32>
    %17 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xi32>) -> tensor<1x5xi32>
    %19 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<5x1xi32>) -> tensor<5x5xi32>
    %20 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<5x5xi32>
    %21 = stablehlo.multiply %19, %20 : tensor<5x5xi32>
    %22 = stablehlo.slice %arg0 [0:2, 0:2] : (tensor<4x6xf32>) -> tensor<2x2xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %24 = call @kron(%22, %23) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x4xf32>
    %25 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xi32>) -> tensor<3x5xi32>
    %26 = call @diagonal_0(%arg0) : (tensor<4x6xf32>) -> tensor<4xf32>
    %27 = call @trace(%arg0) : (tensor<4x6xf32>) -> tensor<f32>
    return %0, %4, %6, %7, %8, %10, %16, %21, %24, %25, %26, %27 : tensor<4x6xf32>, tensor<4x18xf32>, tensor<15xi32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4xf32>, tensor<3x5xf32>, tensor<5x5xi32>, tensor<4x4xf32>, tensor<3x5xi32>, tensor<4xf32>, tensor<f32>
  }
  func.func private @_roll_static(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.slice %arg0 [0:4, 4:6] : (tensor<4x6xf32>) -> tensor<4x2xf32>
    %1 = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<4x6xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.concatenate %0, %1, dim = 1 : (tensor<4x2xf32>, tensor<4x4xf32>) -> tensor<4x6xf32>
    return %2 : tensor<4x6xf32>
  }
  func.func private @triu(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x6xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<4x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<4x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<4x6xi1>, tensor<4x6xf32>
    return %6 : tensor<4x6xf32>
  }
  func.func private @tril(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x6xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<4x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<4x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<4x6xi1>, tensor<4x6xf32>
    return %6 : tensor<4x6xf32>
  }
  func.func private @_diag(%arg0: tensor<4x4xf32>) -> tensor<4xf32> {
    %0 = call @diagonal(%arg0) : (tensor<4x4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @diagonal(%arg0: tensor<4x4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<4xi32>
      %9 = stablehlo.iota dim = 0 : tensor<4xi32>
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_2 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %13 = stablehlo.add %8, %12 : tensor<4xi32>
      %14 = stablehlo.select %11, %13, %8 : tensor<4xi1>, tensor<4xi32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_4 = stablehlo.constant dense<4> : tensor<i32>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %18 = stablehlo.add %9, %17 : tensor<4xi32>
      %19 = stablehlo.select %16, %18, %9 : tensor<4xi1>, tensor<4xi32>
      %20 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %21 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
      %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<4x2xi32>) -> tensor<4xf32>
      stablehlo.return %23 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    return %7 : tensor<4xf32>
  }
  func.func private @kron(%arg0: tensor<2x2xf32>, %arg1: tensor<2x2xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<2x2xf32>) -> tensor<2x1x2x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1, 3] : (tensor<2x2xf32>) -> tensor<1x2x1x2xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : (tensor<2x1x2x1xf32>) -> tensor<2x2x2x2xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2, 3] : (tensor<1x2x1x2xf32>) -> tensor<2x2x2x2xf32>
    %4 = stablehlo.multiply %2, %3 : tensor<2x2x2x2xf32>
    %5 = stablehlo.reshape %4 : (tensor<2x2x2x2xf32>) -> tensor<4x4xf32>
    return %5 : tensor<4x4xf32>
  }
  func.func private @diagonal_0(%arg0: tensor<4x6xf32>) -> tensor<4xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
    %1 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.compare LT, %0, %2, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %5 = stablehlo.add %0, %4 : tensor<4xi32>
    %6 = stablehlo.select %3, %5, %0 : tensor<4xi1>, tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %1, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %10 = stablehlo.add %1, %9 : tensor<4xi32>
    %11 = stablehlo.select %8, %10, %1 : tensor<4xi1>, tensor<4xi32>
    %12 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
    %15 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x6xf32>, tensor<4x2xi32>) -> tensor<4xf32>
    return %15 : tensor<4xf32>
  }
  func.func private @trace(%arg0: tensor<4x6xf32>) -> tensor<f32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x6xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x6xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = call @_where(%4, %arg0, %5) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x6xf32>, tensor<f32>) -> tensor<f32>
    return %7 : tensor<f32>
  }
  func.func private @_where(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
}
