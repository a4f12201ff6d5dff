module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xf32>, %arg1: tensor<3x2xi32>, %arg2: tensor<3x6xf32>) -> (tensor<4x5x6xf32> {jax.result_info = "result[0]"}, tensor<4x5x6xf32> {jax.result_info = "result[1]"}, tensor<4x5x6xf32> {jax.result_info = "result[2]"}, tensor<4x5x6xf32> {jax.result_info = "result[3]"}, tensor<4x5x6xf32> {jax.result_info = "result[4]"}, tensor<4x5x6xf32> {jax.result_info = "result[5]"}) {
    %0 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %7 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    %1 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      stablehlo.return %arg4 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    %2 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %7 = stablehlo.multiply %arg3, %arg4 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    %3 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %7 = stablehlo.minimum %arg3, %arg4 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    %4 = "stablehlo.scatter"(%arg0, %arg1, %arg2) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %7 = stablehlo.maximum %arg3, %arg4 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %6 = "stablehlo.scatter"(%arg0, %arg1, %5) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %7 = stablehlo.negate %arg3 : tensor<f32>
      stablehlo.return %7 : tensor<f32>
    }) : (tensor<4x5x6xf32>, tensor<3x2xi32>, tensor<3x6xf32>) -> tensor<4x5x6xf32>
    return %0, %1, %2, %3, %4, %6 : tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>, tensor<4x5x6xf32>
  }
}
