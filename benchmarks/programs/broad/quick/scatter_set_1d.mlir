module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16384xf32>, %arg1: tensor<4096xf32>) -> (tensor<16384xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4096xi32>
    %c = stablehlo.constant dense<7919> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %2 = stablehlo.multiply %0, %1 : tensor<4096xi32>
    %c_0 = stablehlo.constant dense<16384> : tensor<i32>
    %3 = call @remainder(%2, %c_0) : (tensor<4096xi32>, tensor<i32>) -> tensor<4096xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %c_2 = stablehlo.constant dense<16384> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %7 = stablehlo.add %3, %6 : tensor<4096xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<4096xi1>, tensor<4096xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<4096xi32>) -> tensor<4096x1xi32>
    %10 = "stablehlo.scatter"(%arg0, %9, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      stablehlo.return %arg3 : tensor<f32>
    }) : (tensor<16384xf32>, tensor<4096x1xi32>, tensor<4096xf32>) -> tensor<16384xf32>
    return %10 : tensor<16384xf32>
  }
  func.func private @remainder(%arg0: tensor<4096xi32>, %arg1: tensor<i32>) -> tensor<4096xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<4096xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<4096xi32>, tensor<4096xi32>) -> tensor<4096xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<4096xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<4096xi1>, tensor<4096xi1>) -> tensor<4096xi1>
    %12 = stablehlo.and %11, %6 : tensor<4096xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<4096xi32>
    %14 = stablehlo.add %4, %13 : tensor<4096xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<4096xi1>, tensor<4096xi32>
    return %15 : tensor<4096xi32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
