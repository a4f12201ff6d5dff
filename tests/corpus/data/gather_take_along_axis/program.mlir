module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6x5xf32>, %arg1: tensor<4x3x5xi32>, %arg2: tensor<4x6x1xi32>) -> (tensor<4x3x5xf32> {jax.result_info = "result[0]"}, tensor<4x6x1xf32> {jax.result_info = "result[1]"}, tensor<4x6x5xf32> {jax.result_info = "result[2]"}) {
    %0 = call @take_along_axis(%arg0, %arg1) : (tensor<4x6x5xf32>, tensor<4x3x5xi32>) -> tensor<4x3x5xf32>
    %1 = call @take_along_axis_0(%arg0, %arg2) : (tensor<4x6x5xf32>, tensor<4x6x1xi32>) -> tensor<4x6x1xf32>
    %2 = call @argsort(%arg0) : (tensor<4x6x5xf32>) -> tensor<4x6x5xi32>
    %3 = call @take_along_axis_1(%arg0, %2) : (tensor<4x6x5xf32>, tensor<4x6x5xi32>) -> tensor<4x6x5xf32>
    return %0, %1, %3 : tensor<4x3x5xf32>, tensor<4x6x1xf32>, tensor<4x6x5xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<4x6x5xf32>, %arg1: tensor<4x3x5xi32>) -> tensor<4x3x5xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x3x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x3x5xi32>, tensor<4x3x5xi32>) -> tensor<4x3x5xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x3x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x3x5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x3x5xi1>, tensor<4x3x5xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x3x5xi32>) -> tensor<4x3x5x1xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x3x5x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x3x5x1xi32>, tensor<4x3x5x1xi32>) -> tensor<4x3x5x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<4x3x5x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x3x5x1xi32>, tensor<4x3x5x1xi32>) -> tensor<4x3x5x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x3x5x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<4x3x5x1xi1>, tensor<i1>) -> tensor<4x3x5xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0, 2], start_indices_batching_dims = [0, 2], start_index_map = [1], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<4x6x5xf32>, tensor<4x3x5x1xi32>) -> tensor<4x3x5xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3x5xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x3x5xi1>, tensor<4x3x5xf32>
    return %15 : tensor<4x3x5xf32>
  }
  func.func private @take_along_axis_0(%arg0: tensor<4x6x5xf32>, %arg1: tensor<4x6x1xi32>) -> tensor<4x6x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x6x1xi32>, tensor<4x6x1xi32>) -> tensor<4x6x1xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x6x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x6x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x6x1xi1>, tensor<4x6x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x6x1xi32>) -> tensor<4x6x1x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x6x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x6x1x1xi32>, tensor<4x6x1x1xi32>) -> tensor<4x6x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<4x6x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x6x1x1xi32>, tensor<4x6x1x1xi32>) -> tensor<4x6x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x6x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<4x6x1x1xi1>, tensor<i1>) -> tensor<4x6x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<4x6x5xf32>, tensor<4x6x1x1xi32>) -> tensor<4x6x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x6x1xi1>, tensor<4x6x1xf32>
    return %15 : tensor<4x6x1xf32>
  }
  func.func private @argsort(%arg0: tensor<4x6x5xf32>) -> tensor<4x6x5xi32> {
    %0 = stablehlo.iota dim = 2 : tensor<4x6x5xi32>
    %1:2 = "stablehlo.sort"(%arg0, %0) <{dimension = 2 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg1 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg2, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg2 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    }) : (tensor<4x6x5xf32>, tensor<4x6x5xi32>) -> (tensor<4x6x5xf32>, tensor<4x6x5xi32>)
    return %1#1 : tensor<4x6x5xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<4x6x5xf32>, %arg1: tensor<4x6x5xi32>) -> tensor<4x6x5xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4x6x5xi32>, tensor<4x6x5xi32>) -> tensor<4x6x5xi1>
    %c_0 = stablehlo.constant dense<5> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x6x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4x6x5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4x6x5xi1>, tensor<4x6x5xi32>
    %5 = stablehlo.reshape %4 : (tensor<4x6x5xi32>) -> tensor<4x6x5x1xi32>
    %c_1 = stablehlo.constant dense<4> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x6x5x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x6x5x1xi32>, tensor<4x6x5x1xi32>) -> tensor<4x6x5x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<4x6x5x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<4x6x5x1xi32>, tensor<4x6x5x1xi32>) -> tensor<4x6x5x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x6x5x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<4x6x5x1xi1>, tensor<i1>) -> tensor<4x6x5xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<4x6x5xf32>, tensor<4x6x5x1xi32>) -> tensor<4x6x5xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6x5xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<4x6x5xi1>, tensor<4x6x5xf32>
    return %15 : tensor<4x6x5xf32>
  }
}
