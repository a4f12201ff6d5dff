module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x4xf32>, %arg1: tensor<8xi32>) -> (tensor<8x4xf32> {jax.result_info = "result[0]"}, tensor<8x4xf32> {jax.result_info = "result[1]"}, tensor<5x8xf32> {jax.result_info = "result[2]"}, tensor<8x4xf32> {jax.result_info = "result[3]"}, tensor<8x4xf32> {jax.result_info = "result[4]"}, tensor<8xf32> {jax.result_info = "result[5]"}) {
    %0 = call @_take(%arg0, %arg1) : (tensor<5x4xf32>, tensor<8xi32>) -> tensor<8x4xf32>
    %1 = call @_take_0(%arg0, %arg1) : (tensor<5x4xf32>, tensor<8xi32>) -> tensor<8x4xf32>
    %2 = call @_take_1(%arg0, %arg1) : (tensor<5x4xf32>, tensor<8xi32>) -> tensor<5x8xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %4 = stablehlo.compare LT, %arg1, %3, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %6 = stablehlo.add %arg1, %5 : tensor<8xi32>
    %7 = stablehlo.select %4, %6, %arg1 : tensor<8xi1>, tensor<8xi32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %9 = "stablehlo.gather"(%arg0, %8) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<8x1xi32>) -> tensor<8x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %11 = stablehlo.compare LT, %arg1, %10, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %13 = stablehlo.add %arg1, %12 : tensor<8xi32>
    %14 = stablehlo.select %11, %13, %arg1 : tensor<8xi1>, tensor<8xi32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %c_3 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %17 = stablehlo.compare GE, %15, %16, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %18 = stablehlo.broadcast_in_dim %c_3, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<8x1xi32>
    %20 = stablehlo.compare LE, %15, %19, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %21 = stablehlo.and %17, %20 : tensor<8x1xi1>
    %c_5 = stablehlo.constant dense<true> : tensor<i1>
    %22 = stablehlo.reduce(%21 init: %c_5) applies stablehlo.and across dimensions = [1] : (tensor<8x1xi1>, tensor<i1>) -> tensor<8xi1>
    %23 = "stablehlo.gather"(%arg0, %15) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<8x1xi32>) -> tensor<8x4xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<8xi1>) -> tensor<8x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %26 = stablehlo.select %24, %23, %25 : tensor<8x4xi1>, tensor<8x4xf32>
    %27 = stablehlo.reshape %arg0 : (tensor<5x4xf32>) -> tensor<20xf32>
    %28 = call @_take_2(%27, %arg1) : (tensor<20xf32>, tensor<8xi32>) -> tensor<8xf32>
    return %0, %1, %2, %9, %26, %28 : tensor<8x4xf32>, tensor<8x4xf32>, tensor<5x8xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<8xf32>
  }
  func.func private @_take(%arg0: tensor<5x4xf32>, %arg1: tensor<8xi32>) -> tensor<8x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %1 = "stablehlo.gather"(%arg0, %0) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<8x1xi32>) -> tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
  func.func private @_take_0(%arg0: tensor<5x4xf32>, %arg1: tensor<8xi32>) -> tensor<8x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<8x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<8x1xi1>, tensor<i1>) -> tensor<8xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<5x4xf32>, tensor<8x1xi32>) -> tensor<8x4xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<8xi1>) -> tensor<8x4xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<8x4xi1>, tensor<8x4xf32>
    return %16 : tensor<8x4xf32>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<8xi32>, %arg2: tensor<8xi32>) -> tensor<8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @_take_1(%arg0: tensor<5x4xf32>, %arg1: tensor<8xi32>) -> tensor<5x8xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<8xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %c_1 = stablehlo.constant dense<3> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<8x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<8x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<8x1xi1>, tensor<i1>) -> tensor<8xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 5, 1>}> : (tensor<5x4xf32>, tensor<8x1xi32>) -> tensor<5x8xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<8xi1>) -> tensor<5x8xi1>
    %cst = stablehlo.constant dense<-3.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x8xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<5x8xi1>, tensor<5x8xf32>
    return %16 : tensor<5x8xf32>
  }
  func.func private @_take_2(%arg0: tensor<20xf32>, %arg1: tensor<8xi32>) -> tensor<8xf32> {
    %c = stablehlo.constant dense<20> : tensor<i32>
    %0 = call @remainder(%arg1, %c) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %2 = "stablehlo.gather"(%arg0, %1) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<20xf32>, tensor<8x1xi32>) -> tensor<8xf32>
    return %2 : tensor<8xf32>
  }
  func.func private @remainder(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare EQ, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %1 = call @_where_3(%0, %c_0, %arg1) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %3 = stablehlo.remainder %arg0, %2 : tensor<8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %5 = stablehlo.compare NE, %3, %4, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %7 = stablehlo.compare LT, %3, %6, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %1, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %10 = stablehlo.compare NE, %7, %9, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %11 = stablehlo.and %10, %5 : tensor<8xi1>
    %12 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %13 = stablehlo.add %3, %12 : tensor<8xi32>
    %14 = stablehlo.select %11, %13, %3 : tensor<8xi1>, tensor<8xi32>
    return %14 : tensor<8xi32>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
