module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf64>, %arg1: tensor<3xi64>, %arg2: tensor<3x3xf64>, %arg3: tensor<8xi64>, %arg4: tensor<3xi64>) -> (tensor<4x3xf64> {jax.result_info = "result[0]"}, tensor<3x3xf64> {jax.result_info = "result[1]"}, tensor<8xi64> {jax.result_info = "result[2]"}, tensor<3xi64> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %3 = stablehlo.add %arg1, %2 : tensor<3xi64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3xi1>, tensor<3xi64>
    %5 = stablehlo.convert %4 : (tensor<3xi64>) -> tensor<3xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %7 = "stablehlo.scatter"(%arg0, %6, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f64>, %arg6: tensor<f64>):
      %33 = stablehlo.add %arg5, %arg6 : tensor<f64>
      stablehlo.return %33 : tensor<f64>
    }) : (tensor<4x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<4x3xf64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %9 = stablehlo.compare LT, %arg1, %8, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_2 = stablehlo.constant dense<4> : tensor<i64>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %11 = stablehlo.add %arg1, %10 : tensor<3xi64>
    %12 = stablehlo.select %9, %11, %arg1 : tensor<3xi1>, tensor<3xi64>
    %13 = stablehlo.convert %12 : (tensor<3xi64>) -> tensor<3xi32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %15 = "stablehlo.gather"(%arg0, %14) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf64>, tensor<3x1xi32>) -> tensor<3x3xf64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %17 = stablehlo.compare LT, %arg4, %16, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_4 = stablehlo.constant dense<8> : tensor<i64>
    %18 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %19 = stablehlo.add %arg4, %18 : tensor<3xi64>
    %20 = stablehlo.select %17, %19, %arg4 : tensor<3xi1>, tensor<3xi64>
    %21 = stablehlo.convert %20 : (tensor<3xi64>) -> tensor<3xi32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %c_5 = stablehlo.constant dense<4611686018427387904> : tensor<i64>
    %23 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %24 = "stablehlo.scatter"(%arg3, %22, %23) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<i64>, %arg6: tensor<i64>):
      %33 = stablehlo.add %arg5, %arg6 : tensor<i64>
      stablehlo.return %33 : tensor<i64>
    }) : (tensor<8xi64>, tensor<3x1xi32>, tensor<3xi64>) -> tensor<8xi64>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %25 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %26 = stablehlo.compare LT, %arg4, %25, SIGNED : (tensor<3xi64>, tensor<3xi64>) -> tensor<3xi1>
    %c_7 = stablehlo.constant dense<8> : tensor<i64>
    %27 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i64>) -> tensor<3xi64>
    %28 = stablehlo.add %arg4, %27 : tensor<3xi64>
    %29 = stablehlo.select %26, %28, %arg4 : tensor<3xi1>, tensor<3xi64>
    %30 = stablehlo.convert %29 : (tensor<3xi64>) -> tensor<3xi32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %32 = "stablehlo.gather"(%arg3, %31) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<8xi64>, tensor<3x1xi32>) -> tensor<3xi64>
    return %7, %15, %24, %32 : tensor<4x3xf64>, tensor<3x3xf64>, tensor<8xi64>, tensor<3xi64>
  }
}
