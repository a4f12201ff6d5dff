module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20x8xf32>, %arg1: tensor<3x5xi32>, %arg2: tensor<3x5xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<20x8xf32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_0 = stablehlo.constant dense<20> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x5xi1>, tensor<3x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x5xi32>) -> tensor<3x5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<20x8xf32>, tensor<3x5x1xi32>) -> tensor<3x5x8xf32>
    %7 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<20x8xf32>) -> tensor<8x20xf32>
    %8 = stablehlo.dot_general %6, %7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x8xf32>, tensor<8x20xf32>) -> tensor<3x5x20xf32>
    %9:3 = call @log_softmax(%8) : (tensor<3x5x20xf32>) -> (tensor<3x5x20xf32>, tensor<3x5x20xf32>, tensor<3x5x1xf32>)
    %10 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<3x5xi32>) -> tensor<3x5x1xi32>
    %11:2 = call @take_along_axis(%9#0, %10) : (tensor<3x5x20xf32>, tensor<3x5x1xi32>) -> (tensor<3x5x1xf32>, tensor<3x5x1x1xi32>)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.reduce(%11#0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x5x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.500000e+01> : tensor<f32>
    %13 = stablehlo.divide %12, %cst_1 : tensor<f32>
    %14 = stablehlo.negate %13 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.negate %cst_2 : tensor<f32>
    %cst_3 = stablehlo.constant dense<1.500000e+01> : tensor<f32>
    %16 = stablehlo.divide %15, %cst_3 : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %18 = call @take_along_axis_0(%11#1, %17) : (tensor<3x5x1x1xi32>, tensor<3x5x1xf32>) -> tensor<3x5x20xf32>
    %19 = call @log_softmax_1(%9#1, %9#2, %18) : (tensor<3x5x20xf32>, tensor<3x5x1xf32>, tensor<3x5x20xf32>) -> tensor<3x5x20xf32>
    %20 = stablehlo.dot_general %19, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x20xf32>, tensor<3x5x8xf32>) -> tensor<20x8xf32>
    %21 = stablehlo.transpose %20, dims = [1, 0] : (tensor<20x8xf32>) -> tensor<8x20xf32>
    %22 = stablehlo.dot_general %19, %7, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x20xf32>, tensor<8x20xf32>) -> tensor<3x5x8xf32>
    %23 = stablehlo.transpose %21, dims = [1, 0] : (tensor<8x20xf32>) -> tensor<20x8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<20x8xf32>
    %25 = "stablehlo.scatter"(%24, %5, %22) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg3: tensor<f32>, %arg4: tensor<f32>):
      %27 = stablehlo.add %arg3, %arg4 : tensor<f32>
      stablehlo.return %27 : tensor<f32>
    }) : (tensor<20x8xf32>, tensor<3x5x1xi32>, tensor<3x5x8xf32>) -> tensor<20x8xf32>
    %26 = stablehlo.add %23, %25 : tensor<20x8xf32>
    return %14, %26 : tensor<f32>, tensor<20x8xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x5x20xf32>) -> (tensor<3x5x20xf32>, tensor<3x5x20xf32>, tensor<3x5x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<3x5x20xf32>, tensor<f32>) -> tensor<3x5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3x5xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x20xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x5x20xf32>
    %6 = stablehlo.exponential %5 : tensor<3x5x20xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<3x5x20xf32>, tensor<f32>) -> tensor<3x5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %9 = stablehlo.log %8 : tensor<3x5x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x20xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x5x20xf32>
    return %11, %6, %8 : tensor<3x5x20xf32>, tensor<3x5x20xf32>, tensor<3x5x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<3x5x20xf32>, %arg1: tensor<3x5x1xi32>) -> (tensor<3x5x1xf32>, tensor<3x5x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x5x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3x5x1xi32>, tensor<3x5x1xi32>) -> tensor<3x5x1xi1>
    %c_0 = stablehlo.constant dense<20> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x5x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3x5x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3x5x1xi1>, tensor<3x5x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<3x5x1xi32>) -> tensor<3x5x1x1xi32>
    %c_1 = stablehlo.constant dense<19> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3x5x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<3x5x1x1xi32>, tensor<3x5x1x1xi32>) -> tensor<3x5x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<3x5x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<3x5x1x1xi32>, tensor<3x5x1x1xi32>) -> tensor<3x5x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<3x5x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<3x5x1x1xi1>, tensor<i1>) -> tensor<3x5x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<3x5x20xf32>, tensor<3x5x1x1xi32>) -> tensor<3x5x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<3x5x1xi1>, tensor<3x5x1xf32>
    return %15, %5 : tensor<3x5x1xf32>, tensor<3x5x1x1xi32>
  }
  func.func private @take_along_axis_0(%arg0: tensor<3x5x1x1xi32>, %arg1: tensor<3x5x1xf32>) -> tensor<3x5x20xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5x20xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<3x5x20xf32>, tensor<3x5x1x1xi32>, tensor<3x5x1xf32>) -> tensor<3x5x20xf32>
    return %1 : tensor<3x5x20xf32>
  }
  func.func private @log_softmax_1(%arg0: tensor<3x5x20xf32>, %arg1: tensor<3x5x1xf32>, %arg2: tensor<3x5x20xf32>) -> tensor<3x5x20xf32> {
    %0 = stablehlo.negate %arg2 : tensor<3x5x20xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<3x5x20xf32>, tensor<f32>) -> tensor<3x5xf32>
    %2 = stablehlo.reshape %1 : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<3x5x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<3x5x1xf32>, tensor<f32>) -> tensor<3x5xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x20xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<3x5x20xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x5x20xf32>
    return %7 : tensor<3x5x20xf32>
  }
}
