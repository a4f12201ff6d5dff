module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xi32>, %arg1: tensor<4x3xi32>, %arg2: tensor<4xi32>, %arg3: tensor<8xui8>, %arg4: tensor<4x1xi32>, %arg5: tensor<4xui8>) -> (tensor<5x3xi32> {jax.result_info = "result[0]"}, tensor<5x3xi32> {jax.result_info = "result[1]"}, tensor<5x3xi32> {jax.result_info = "result[2]"}, tensor<5x3xi32> {jax.result_info = "result[3]"}, tensor<8xui8> {jax.result_info = "result[4]"}, tensor<8xui8> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.compare LT, %arg2, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.add %arg2, %2 : tensor<4xi32>
    %4 = stablehlo.select %1, %3, %arg2 : tensor<4xi1>, tensor<4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %6 = "stablehlo.scatter"(%arg0, %5, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<i32>):
      %44 = stablehlo.add %arg6, %arg7 : tensor<i32>
      stablehlo.return %44 : tensor<i32>
    }) : (tensor<5x3xi32>, tensor<4x1xi32>, tensor<4x3xi32>) -> tensor<5x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.compare LT, %arg2, %7, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_2 = stablehlo.constant dense<5> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %10 = stablehlo.add %arg2, %9 : tensor<4xi32>
    %11 = stablehlo.select %8, %10, %arg2 : tensor<4xi1>, tensor<4xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %13 = "stablehlo.scatter"(%arg0, %12, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<i32>):
      %44 = stablehlo.maximum %arg6, %arg7 : tensor<i32>
      stablehlo.return %44 : tensor<i32>
    }) : (tensor<5x3xi32>, tensor<4x1xi32>, tensor<4x3xi32>) -> tensor<5x3xi32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %15 = stablehlo.compare LT, %arg2, %14, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_4 = stablehlo.constant dense<5> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %17 = stablehlo.add %arg2, %16 : tensor<4xi32>
    %18 = stablehlo.select %15, %17, %arg2 : tensor<4xi1>, tensor<4xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %20 = "stablehlo.scatter"(%arg0, %19, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<i32>):
      %44 = stablehlo.minimum %arg6, %arg7 : tensor<i32>
      stablehlo.return %44 : tensor<i32>
    }) : (tensor<5x3xi32>, tensor<4x1xi32>, tensor<4x3xi32>) -> tensor<5x3xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %22 = stablehlo.compare LT, %arg2, %21, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_6 = stablehlo.constant dense<5> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %24 = stablehlo.add %arg2, %23 : tensor<4xi32>
    %25 = stablehlo.select %22, %24, %arg2 : tensor<4xi1>, tensor<4xi32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %27 = "stablehlo.scatter"(%arg0, %26, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<i32>, %arg7: tensor<i32>):
      %44 = stablehlo.multiply %arg6, %arg7 : tensor<i32>
      stablehlo.return %44 : tensor<i32>
    }) : (tensor<5x3xi32>, tensor<4x1xi32>, tensor<4x3xi32>) -> tensor<5x3xi32>
    %28 = stablehlo.reshape %arg4 : (tensor<4x1xi32>) -> tensor<4xi32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %30 = stablehlo.compare LT, %28, %29, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_8 = stablehlo.constant dense<8> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %32 = stablehlo.add %28, %31 : tensor<4xi32>
    %33 = stablehlo.select %30, %32, %28 : tensor<4xi1>, tensor<4xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %35 = "stablehlo.scatter"(%arg3, %34, %arg5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<ui8>, %arg7: tensor<ui8>):
      %44 = stablehlo.add %arg6, %arg7 : tensor<ui8>
      stablehlo.return %44 : tensor<ui8>
    }) : (tensor<8xui8>, tensor<4x1xi32>, tensor<4xui8>) -> tensor<8xui8>
    %36 = stablehlo.reshape %arg4 : (tensor<4x1xi32>) -> tensor<4xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %38 = stablehlo.compare LT, %36, %37, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_10 = stablehlo.constant dense<8> : tensor<i32>
    %39 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %40 = stablehlo.add %36, %39 : tensor<4xi32>
    %41 = stablehlo.select %38, %40, %36 : tensor<4xi1>, tensor<4xi32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %43 = "stablehlo.scatter"(%arg3, %42, %arg5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<ui8>, %arg7: tensor<ui8>):
      %44 = stablehlo.maximum %arg6, %arg7 : tensor<ui8>
      stablehlo.return %44 : tensor<ui8>
    }) : (tensor<8xui8>, tensor<4x1xi32>, tensor<4xui8>) -> tensor<8xui8>
    return %6, %13, %20, %27, %35, %43 : tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<5x3xi32>, tensor<8xui8>, tensor<8xui8>
  }
}
