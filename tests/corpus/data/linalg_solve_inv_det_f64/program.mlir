module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>, %arg2: tensor<2x3x3xf64>) -> (tensor<4x3xf64> {jax.result_info = "result[0]"}, tensor<4x4xf64> {jax.result_info = "result[1]"}, tensor<f64> {jax.result_info = "result[2]"}, tensor<f64> {jax.result_info = "result[3]"}, tensor<f64> {jax.result_info = "result[4]"}, tensor<2x3x3xf64> {jax.result_info = "result[5]"}, tensor<2xf64> {jax.result_info = "result[6]"}, tensor<3x4xf64> {jax.result_info = "result[7]"}, tensor<3x2xf64> {jax.result_info = "result[8]"}, tensor<4x4xf64> {jax.result_info = "result[9]"}, tensor<4x4xf64> {jax.result_info = "result[10]"}) {
    %0:2 = call @slogdet(%arg0) : (tensor<4x4xf64>) -> (tensor<f64>, tensor<f64>)
    %1 = call @solve(%arg0, %arg1) : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %2 = call @inv(%arg0) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %3 = call @det(%arg0) : (tensor<4x4xf64>) -> tensor<f64>
    %4 = call @inv_3(%arg2) : (tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    %5 = call @det_7(%arg2) : (tensor<2x3x3xf64>) -> tensor<2xf64>
    %6 = call @_pinv(%arg1) : (tensor<4x3xf64>) -> tensor<3x4xf64>
    %7 = stablehlo.slice %arg0 [0:4, 0:2] : (tensor<4x4xf64>) -> tensor<4x2xf64>
    %8 = call @_lstsq(%arg1, %7) : (tensor<4x3xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
    %9 = call @matrix_power(%arg0) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %10 = call @matrix_power_11(%arg0) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    return %1, %2, %3, %0#0, %0#1, %4, %5, %6, %8, %9, %10 : tensor<4x3xf64>, tensor<4x4xf64>, tensor<f64>, tensor<f64>, tensor<f64>, tensor<2x3x3xf64>, tensor<2xf64>, tensor<3x4xf64>, tensor<3x2xf64>, tensor<4x4xf64>, tensor<4x4xf64>
  }
  func.func private @slogdet(%arg0: tensor<4x4xf64>) -> (tensor<f64>, tensor<f64>) {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf64>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_13 = %c_2, %iterArg_14 = %c_1, %iterArg_15 = %9) : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    cond {
      %c_16 = stablehlo.constant dense<4> : tensor<i64>
      %32 = stablehlo.compare LT, %iterArg_13, %c_16, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %32 : tensor<i1>
    } do {
      %32:2 = func.call @closed_call(%iterArg, %iterArg_14, %iterArg_15) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_16 = stablehlo.constant dense<1> : tensor<i64>
      %33 = stablehlo.add %iterArg_13, %c_16 : tensor<i64>
      stablehlo.return %iterArg, %33, %32#0, %32#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    %11 = call @diagonal(%8) : (tensor<4x4xf64>) -> tensor<4xf64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
    %15 = stablehlo.iota dim = 0 : tensor<4xi32>
    %16 = stablehlo.compare NE, %2, %15, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %17 = call @count_nonzero(%16) : (tensor<4xi1>) -> tensor<i64>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %19 = stablehlo.compare LT, %11, %18, FLOAT : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xi1>
    %20 = call @count_nonzero(%19) : (tensor<4xi1>) -> tensor<i64>
    %21 = stablehlo.add %17, %20 : tensor<i64>
    %c_6 = stablehlo.constant dense<2> : tensor<i64>
    %22 = call @remainder(%21, %c_6) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %c_7 = stablehlo.constant dense<-2> : tensor<i64>
    %23 = stablehlo.multiply %c_7, %22 : tensor<i64>
    %c_8 = stablehlo.constant dense<1> : tensor<i64>
    %24 = stablehlo.add %23, %c_8 : tensor<i64>
    %25 = stablehlo.convert %24 : (tensor<i64>) -> tensor<f64>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %26 = stablehlo.multiply %cst_9, %25 : tensor<f64>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %27 = call @_where_0(%14, %cst_10, %26) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
    %28 = stablehlo.abs %11 : tensor<4xf64>
    %29 = stablehlo.log %28 : tensor<4xf64>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %30 = stablehlo.reduce(%29 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<4xf64>, tensor<f64>) -> tensor<f64>
    %cst_12 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %31 = call @_where_0(%14, %cst_12, %30) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
    return %27, %31 : tensor<f64>, tensor<f64>
  }
  func.func private @closed_call(%arg0: tensor<4xi32>, %arg1: tensor<i64>, %arg2: tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<4> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<4xi32>, tensor<i64>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<4> : tensor<i64>
    %9 = stablehlo.add %8, %c_3 : tensor<i64>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i64>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<4xi32>, tensor<i64>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<4> : tensor<i64>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i64>
    %21 = stablehlo.convert %20 : (tensor<i64>) -> tensor<i32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.scatter"(%arg2, %22, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %25 = stablehlo.add %6, %c_9 : tensor<i32>
    %26 = stablehlo.select %24, %25, %6 : tensor<i1>, tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%23, %27, %12) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<4xi32>, tensor<1xi32>, tensor<i32>) -> tensor<4xi32>
    return %0, %28 : tensor<i64>, tensor<4xi32>
  }
  func.func private @diagonal(%arg0: tensor<4x4xf64>) -> tensor<4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xf64>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<4xi64>
      %9 = stablehlo.iota dim = 0 : tensor<4xi64>
      %c_1 = stablehlo.constant dense<0> : tensor<i64>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<4xi64>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
      %c_2 = stablehlo.constant dense<4> : tensor<i64>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<4xi64>
      %13 = stablehlo.add %8, %12 : tensor<4xi64>
      %14 = stablehlo.select %11, %13, %8 : tensor<4xi1>, tensor<4xi64>
      %c_3 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<4xi64>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
      %c_4 = stablehlo.constant dense<4> : tensor<i64>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<4xi64>
      %18 = stablehlo.add %9, %17 : tensor<4xi64>
      %19 = stablehlo.select %16, %18, %9 : tensor<4xi1>, tensor<4xi64>
      %20 = stablehlo.convert %14 : (tensor<4xi64>) -> tensor<4xi32>
      %21 = stablehlo.convert %19 : (tensor<4xi64>) -> tensor<4xi32>
      %22 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %23 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %24 = stablehlo.concatenate %22, %23, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
      %25 = "stablehlo.gather"(%arg0, %24) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x4xf64>, tensor<4x2xi32>) -> tensor<4xf64>
      stablehlo.return %25 : tensor<4xf64>
    }) : (tensor<i32>) -> tensor<4xf64>
    return %7 : tensor<4xf64>
  }
  func.func private @count_nonzero(%arg0: tensor<4xi1>) -> tensor<i64> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<4xi1>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
    %2 = stablehlo.convert %1 : (tensor<4xi1>) -> tensor<4xi32>
    %3 = stablehlo.convert %2 : (tensor<4xi32>) -> tensor<4xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.reduce(%3 init: %c_0) applies stablehlo.add across dimensions = [0] : (tensor<4xi64>, tensor<i64>) -> tensor<i64>
    return %4 : tensor<i64>
  }
  func.func private @remainder(%arg0: tensor<i64>, %arg1: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.convert %arg1 : tensor<i64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = call @_where(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i64>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i64>
    return %10 : tensor<i64>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<f64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f64>
    return %0 : tensor<f64>
  }
  func.func private @solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4x3xf64>) -> tensor<4x3xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf64>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x3xf64>) -> tensor<3x4xf64>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<4x4xf64>, tensor<4xi32>, tensor<3x4xf64>) -> tensor<3x4xf64>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<3x4xf64>) -> tensor<4x3xf64>
    return %13 : tensor<4x3xf64>
  }
  func.func private @_lu_solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4xi32>, %arg2: tensor<3x4xf64>) -> tensor<3x4xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<3x4xf64>) -> tensor<3x4x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<4xi1>, tensor<4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1, 1>}> : (tensor<3x4x1xf64>, tensor<4x1xi32>) -> tensor<3x4x1xf64>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<3x4x1xf64>) -> tensor<4x1x3xf64>
    %9 = stablehlo.reshape %8 : (tensor<4x1x3xf64>) -> tensor<4x3xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %11 = stablehlo.reshape %10 : (tensor<4x3xf64>) -> tensor<4x1x3xf64>
    %12 = stablehlo.reshape %11 : (tensor<4x1x3xf64>) -> tensor<4x3xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=3, m=4, n=3}, custom>} : (tensor<4x4xf64>, tensor<4x3xf64>) -> tensor<4x3xf64>
    %14 = stablehlo.reshape %13 : (tensor<4x3xf64>) -> tensor<4x1x3xf64>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<4x1x3xf64>) -> tensor<3x4x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<3x4x1xf64>) -> tensor<3x4xf64>
    return %16 : tensor<3x4xf64>
  }
  func.func private @inv(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xf64>
    %6 = call @solve_1(%arg0, %5) : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    return %6 : tensor<4x4xf64>
  }
  func.func private @solve_1(%arg0: tensor<4x4xf64>, %arg1: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf64>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %12 = call @_lu_solve_2(%8, %10#3, %11) : (tensor<4x4xf64>, tensor<4xi32>, tensor<4x4xf64>) -> tensor<4x4xf64>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>
    return %13 : tensor<4x4xf64>
  }
  func.func private @_lu_solve_2(%arg0: tensor<4x4xf64>, %arg1: tensor<4xi32>, %arg2: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<4x4xf64>) -> tensor<4x4x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<4xi1>, tensor<4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 4, 1, 1>}> : (tensor<4x4x1xf64>, tensor<4x1xi32>) -> tensor<4x4x1xf64>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<4x4x1xf64>) -> tensor<4x1x4xf64>
    %9 = stablehlo.reshape %8 : (tensor<4x1x4xf64>) -> tensor<4x4xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    %11 = stablehlo.reshape %10 : (tensor<4x4xf64>) -> tensor<4x1x4xf64>
    %12 = stablehlo.reshape %11 : (tensor<4x1x4xf64>) -> tensor<4x4xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=4, m=4, n=4}, custom>} : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    %14 = stablehlo.reshape %13 : (tensor<4x4xf64>) -> tensor<4x1x4xf64>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<4x1x4xf64>) -> tensor<4x4x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<4x4x1xf64>) -> tensor<4x4xf64>
    return %16 : tensor<4x4xf64>
  }
  func.func private @det(%arg0: tensor<4x4xf64>) -> tensor<f64> {
    %0:2 = call @slogdet(%arg0) : (tensor<4x4xf64>) -> (tensor<f64>, tensor<f64>)
    %1 = stablehlo.exponential %0#1 : tensor<f64>
    %2 = stablehlo.multiply %0#0, %1 : tensor<f64>
    return %2 : tensor<f64>
  }
  func.func private @inv_3(%arg0: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %1 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %3 = stablehlo.add %0, %2 : tensor<3x3xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %5 = stablehlo.convert %4 : (tensor<3x3xi1>) -> tensor<3x3xf64>
    %6 = stablehlo.broadcast_in_dim %5, dims = [1, 2] : (tensor<3x3xf64>) -> tensor<2x3x3xf64>
    %7 = call @solve_4(%arg0, %6) : (tensor<2x3x3xf64>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    return %7 : tensor<2x3x3xf64>
  }
  func.func private @solve_4(%arg0: tensor<2x3x3xf64>, %arg1: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=2, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<2x3x3xf64>) -> (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<2x3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xi1>) -> tensor<2x1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<2x3x3xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<2x1x1xi1>) -> tensor<2x3x3xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<2x3x3xi1>, tensor<2x3x3xf64>
    %9 = stablehlo.iota dim = 1 : tensor<2x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<2x3xi32>, tensor<i64>, tensor<i64>, tensor<2x3xi32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call_5(%iterArg, %iterArg_4, %iterArg_5) : (tensor<2x3xi32>, tensor<i64>, tensor<2x3xi32>) -> (tensor<i64>, tensor<2x3xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<2x3xi32>, tensor<i64>, tensor<i64>, tensor<2x3xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    %12 = call @_lu_solve_6(%8, %10#3, %11) : (tensor<2x3x3xf64>, tensor<2x3xi32>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1] : (tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    return %13 : tensor<2x3x3xf64>
  }
  func.func private @closed_call_5(%arg0: tensor<2x3xi32>, %arg1: tensor<i64>, %arg2: tensor<2x3xi32>) -> (tensor<i64>, tensor<2x3xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<3> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<2x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %9 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %10 = stablehlo.add %9, %c_3 : tensor<i64>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<i1>, tensor<i64>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %13 = "stablehlo.gather"(%arg2, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 2, 1>}> : (tensor<2x3xi32>, tensor<1xi64>) -> tensor<2x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %16 = stablehlo.compare LT, %7, %15, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %18 = stablehlo.add %7, %17 : tensor<2xi32>
    %19 = stablehlo.select %16, %18, %7 : tensor<2xi1>, tensor<2xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %21 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<2x1xi32>) -> tensor<2xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %23 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<3> : tensor<i64>
    %24 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %25 = stablehlo.select %23, %24, %arg1 : tensor<i1>, tensor<i64>
    %26 = stablehlo.convert %25 : (tensor<i64>) -> tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%arg2, %27, %22) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x3xi32>, tensor<1xi32>, tensor<2xi32>) -> tensor<2x3xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %30 = stablehlo.compare LT, %7, %29, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_9 = stablehlo.constant dense<3> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %32 = stablehlo.add %7, %31 : tensor<2xi32>
    %33 = stablehlo.select %30, %32, %7 : tensor<2xi1>, tensor<2xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %35 = "stablehlo.scatter"(%28, %34, %14) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<2x3xi32>, tensor<2x1xi32>, tensor<2xi32>) -> tensor<2x3xi32>
    return %0, %35 : tensor<i64>, tensor<2x3xi32>
  }
  func.func private @_lu_solve_6(%arg0: tensor<2x3x3xf64>, %arg1: tensor<2x3xi32>, %arg2: tensor<2x3x3xf64>) -> tensor<2x3x3xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<2x3x3xf64>) -> tensor<2x3x3x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<2x3xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<2x3xi1>, tensor<2x3xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x3xi32>) -> tensor<2x3x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 1, 1>}> : (tensor<2x3x3x1xf64>, tensor<2x3x1xi32>) -> tensor<2x3x3x1xf64>
    %8 = stablehlo.transpose %7, dims = [0, 2, 3, 1] : (tensor<2x3x3x1xf64>) -> tensor<2x3x1x3xf64>
    %9 = stablehlo.reshape %8 : (tensor<2x3x1x3xf64>) -> tensor<2x3x3xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=3, k=3, l=3, m=3, n=3, o=3}, custom>} : (tensor<2x3x3xf64>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    %11 = stablehlo.reshape %10 : (tensor<2x3x3xf64>) -> tensor<2x3x1x3xf64>
    %12 = stablehlo.reshape %11 : (tensor<2x3x1x3xf64>) -> tensor<2x3x3xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=2, j=3, k=3, l=3, m=3, n=3, o=3}, custom>} : (tensor<2x3x3xf64>, tensor<2x3x3xf64>) -> tensor<2x3x3xf64>
    %14 = stablehlo.reshape %13 : (tensor<2x3x3xf64>) -> tensor<2x3x1x3xf64>
    %15 = stablehlo.transpose %14, dims = [0, 3, 1, 2] : (tensor<2x3x1x3xf64>) -> tensor<2x3x3x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<2x3x3x1xf64>) -> tensor<2x3x3xf64>
    return %16 : tensor<2x3x3xf64>
  }
  func.func private @det_7(%arg0: tensor<2x3x3xf64>) -> tensor<2xf64> {
    %0 = stablehlo.slice %arg0 [0:2, 0:1, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %1 = stablehlo.reshape %0 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %2 = stablehlo.slice %arg0 [0:2, 1:2, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %3 = stablehlo.reshape %2 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %4 = stablehlo.multiply %1, %3 : tensor<2xf64>
    %5 = stablehlo.slice %arg0 [0:2, 2:3, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %6 = stablehlo.reshape %5 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %7 = stablehlo.multiply %4, %6 : tensor<2xf64>
    %8 = stablehlo.slice %arg0 [0:2, 0:1, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %9 = stablehlo.reshape %8 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %10 = stablehlo.slice %arg0 [0:2, 1:2, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %11 = stablehlo.reshape %10 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %12 = stablehlo.multiply %9, %11 : tensor<2xf64>
    %13 = stablehlo.slice %arg0 [0:2, 2:3, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %14 = stablehlo.reshape %13 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %15 = stablehlo.multiply %12, %14 : tensor<2xf64>
    %16 = stablehlo.add %7, %15 : tensor<2xf64>
    %17 = stablehlo.slice %arg0 [0:2, 0:1, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %18 = stablehlo.reshape %17 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %19 = stablehlo.slice %arg0 [0:2, 1:2, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %20 = stablehlo.reshape %19 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %21 = stablehlo.multiply %18, %20 : tensor<2xf64>
    %22 = stablehlo.slice %arg0 [0:2, 2:3, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %23 = stablehlo.reshape %22 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %24 = stablehlo.multiply %21, %23 : tensor<2xf64>
    %25 = stablehlo.add %16, %24 : tensor<2xf64>
    %26 = stablehlo.slice %arg0 [0:2, 0:1, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %27 = stablehlo.reshape %26 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %28 = stablehlo.slice %arg0 [0:2, 1:2, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %29 = stablehlo.reshape %28 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %30 = stablehlo.multiply %27, %29 : tensor<2xf64>
    %31 = stablehlo.slice %arg0 [0:2, 2:3, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %32 = stablehlo.reshape %31 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %33 = stablehlo.multiply %30, %32 : tensor<2xf64>
    %34 = stablehlo.subtract %25, %33 : tensor<2xf64>
    %35 = stablehlo.slice %arg0 [0:2, 0:1, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %36 = stablehlo.reshape %35 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %37 = stablehlo.slice %arg0 [0:2, 1:2, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %38 = stablehlo.reshape %37 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %39 = stablehlo.multiply %36, %38 : tensor<2xf64>
    %40 = stablehlo.slice %arg0 [0:2, 2:3, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %41 = stablehlo.reshape %40 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %42 = stablehlo.multiply %39, %41 : tensor<2xf64>
    %43 = stablehlo.subtract %34, %42 : tensor<2xf64>
    %44 = stablehlo.slice %arg0 [0:2, 0:1, 1:2] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %45 = stablehlo.reshape %44 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %46 = stablehlo.slice %arg0 [0:2, 1:2, 0:1] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %47 = stablehlo.reshape %46 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %48 = stablehlo.multiply %45, %47 : tensor<2xf64>
    %49 = stablehlo.slice %arg0 [0:2, 2:3, 2:3] : (tensor<2x3x3xf64>) -> tensor<2x1x1xf64>
    %50 = stablehlo.reshape %49 : (tensor<2x1x1xf64>) -> tensor<2xf64>
    %51 = stablehlo.multiply %48, %50 : tensor<2xf64>
    %52 = stablehlo.subtract %43, %51 : tensor<2xf64>
    return %52 : tensor<2xf64>
  }
  func.func private @_pinv(%arg0: tensor<4x3xf64>) -> tensor<3x4xf64> {
    %cst = stablehlo.constant dense<4.000000e+01> : tensor<f64>
    %cst_0 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %0 = stablehlo.multiply %cst, %cst_0 : tensor<f64>
    %1:3 = call @svd(%arg0) : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %3 = stablehlo.slice %1#1 [0:1] : (tensor<3xf64>) -> tensor<1xf64>
    %4 = stablehlo.multiply %2, %3 : tensor<1xf64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xf64>) -> tensor<3xf64>
    %6 = stablehlo.compare GT, %1#1, %5, FLOAT : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
    %cst_1 = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
    %7 = call @_where_8(%6, %1#1, %cst_1) : (tensor<3xi1>, tensor<3xf64>, tensor<f64>) -> tensor<3xf64>
    %8 = stablehlo.transpose %1#2, dims = [1, 0] : (tensor<3x3xf64>) -> tensor<3x3xf64>
    %9 = stablehlo.transpose %1#0, dims = [1, 0] : (tensor<4x3xf64>) -> tensor<3x4xf64>
    %10 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf64>) -> tensor<3x1xf64>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<3x1xf64>) -> tensor<3x4xf64>
    %12 = stablehlo.divide %9, %11 : tensor<3x4xf64>
    %13 = stablehlo.dot_general %8, %12, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x4xf64>) -> tensor<3x4xf64>
    return %13 : tensor<3x4xf64>
  }
  func.func private @svd(%arg0: tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>) {
    %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=4, j=3, k=4, l=3, m=3, n=4, o=3, p=3, q=3}, custom>} : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<4x3xf64>, tensor<3x3xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4x3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<4x3xi1>, tensor<4x3xf64>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xf64>
    return %10, %6, %14 : tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>
  }
  func.func private @_where_8(%arg0: tensor<3xi1>, %arg1: tensor<3xf64>, %arg2: tensor<f64>) -> tensor<3xf64> {
    %0 = stablehlo.convert %arg2 : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3xi1>, tensor<3xf64>
    return %2 : tensor<3xf64>
  }
  func.func private @_lstsq(%arg0: tensor<4x3xf64>, %arg1: tensor<4x2xf64>) -> tensor<3x2xf64> {
    %0:3 = call @svd_9(%arg0) : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %2 = stablehlo.compare GT, %0#1, %1, FLOAT : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
    %3 = stablehlo.slice %0#1 [0:1] : (tensor<3xf64>) -> tensor<1xf64>
    %4 = stablehlo.reshape %3 : (tensor<1xf64>) -> tensor<f64>
    %cst_0 = stablehlo.constant dense<8.8817841970012523E-16> : tensor<f64>
    %5 = stablehlo.multiply %cst_0, %4 : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %7 = stablehlo.compare GE, %0#1, %6, FLOAT : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
    %8 = stablehlo.and %2, %7 : tensor<3xi1>
    %c = stablehlo.constant dense<1> : tensor<i64>
    %9 = call @_where_10(%8, %0#1, %c) : (tensor<3xi1>, tensor<3xf64>, tensor<i64>) -> tensor<3xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %11 = stablehlo.divide %10, %9 : tensor<3xf64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %12 = call @_where_10(%8, %11, %c_2) : (tensor<3xi1>, tensor<3xf64>, tensor<i64>) -> tensor<3xf64>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<3xf64>) -> tensor<3x1xf64>
    %14 = stablehlo.transpose %0#0, dims = [1, 0] : (tensor<4x3xf64>) -> tensor<3x4xf64>
    %15 = stablehlo.dot_general %14, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x4xf64>, tensor<4x2xf64>) -> tensor<3x2xf64>
    %16 = stablehlo.transpose %0#2, dims = [1, 0] : (tensor<3x3xf64>) -> tensor<3x3xf64>
    %17 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<3x1xf64>) -> tensor<3x2xf64>
    %18 = stablehlo.multiply %17, %15 : tensor<3x2xf64>
    %19 = stablehlo.dot_general %16, %18, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
    return %19 : tensor<3x2xf64>
  }
  func.func private @svd_9(%arg0: tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>) {
    %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=4, j=3, k=4, l=3, m=3, n=4, o=3, p=3, q=3}, custom>} : (tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<3xf64>, tensor<4x3xf64>, tensor<3x3xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4x3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<4x3xi1>, tensor<4x3xf64>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xf64>
    return %10, %6, %14 : tensor<4x3xf64>, tensor<3xf64>, tensor<3x3xf64>
  }
  func.func private @_where_10(%arg0: tensor<3xi1>, %arg1: tensor<3xf64>, %arg2: tensor<i64>) -> tensor<3xf64> {
    %0 = stablehlo.convert %arg2 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<3xi1>, tensor<3xf64>
    return %2 : tensor<3xf64>
  }
  func.func private @matrix_power(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    return %1 : tensor<4x4xf64>
  }
  func.func private @matrix_power_11(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = call @inv(%arg0) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %1 = stablehlo.dot_general %0, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
    return %1 : tensor<4x4xf64>
  }
}
