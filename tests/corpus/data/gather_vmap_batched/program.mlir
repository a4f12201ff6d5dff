module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x8x4xf32>, %arg1: tensor<3x5xi32>) -> (tensor<3x5x4xf32> {jax.result_info = "result[0]"}, tensor<3x8x5xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x5xi1>, tensor<3x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x5xi32>) -> tensor<3x5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 4>}> : (tensor<3x8x4xf32>, tensor<3x5x1xi32>) -> tensor<3x5x4xf32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %7 = call @remainder(%arg1, %c_1) : (tensor<3x5xi32>, tensor<i32>) -> tensor<3x5xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %9 = stablehlo.compare LT, %7, %8, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_3 = stablehlo.constant dense<4> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %11 = stablehlo.add %7, %10 : tensor<3x5xi32>
    %12 = stablehlo.select %9, %11, %7 : tensor<3x5xi1>, tensor<3x5xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1] : (tensor<3x5xi32>) -> tensor<3x5x1xi32>
    %14 = "stablehlo.gather"(%arg0, %13) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8, 1>}> : (tensor<3x8x4xf32>, tensor<3x5x1xi32>) -> tensor<3x8x5xf32>
    return %6, %14 : tensor<3x5x4xf32>, tensor<3x8x5xf32>
  }
  func.func private @remainder(%arg0: tensor<3x5xi32>, %arg1: tensor<i32>) -> tensor<3x5xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<3x5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<3x5xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<3x5xi1>, tensor<3x5xi1>) -> tensor<3x5xi1>
    %12 = stablehlo.and %11, %6 : tensor<3x5xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %14 = stablehlo.add %4, %13 : tensor<3x5xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<3x5xi1>, tensor<3x5xi32>
    return %15 : tensor<3x5xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
