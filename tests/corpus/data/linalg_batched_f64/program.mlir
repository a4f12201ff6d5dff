module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x2x3x3xf64>, %arg1: tensor<3x3x3xf64>) -> (tensor<2x2x3x3xf64> {jax.result_info = "result[0]"}, tensor<2x2x3xf64> {jax.result_info = "result[1]"}, tensor<3x3x1xf64> {jax.result_info = "result[2]"}, tensor<3x3xf64> {jax.result_info = "result[3]"}, tensor<3x3x3xf64> {jax.result_info = "result[4]"}) {
    %0 = call @eigh(%arg0) : (tensor<2x2x3x3xf64>) -> tensor<2x2x3xf64>
    %1 = call @cholesky(%arg0) : (tensor<2x2x3x3xf64>) -> tensor<2x2x3x3xf64>
    %2 = stablehlo.slice %arg1 [0:3, 0:3, 0:1] : (tensor<3x3x3xf64>) -> tensor<3x3x1xf64>
    %3 = call @solve(%arg1, %2) : (tensor<3x3x3xf64>, tensor<3x3x1xf64>) -> tensor<3x3x1xf64>
    %4 = call @svd(%arg1) : (tensor<3x3x3xf64>) -> tensor<3x3xf64>
    %5 = call @qr(%arg1) : (tensor<3x3x3xf64>) -> tensor<3x3x3xf64>
    return %1, %0, %3, %4, %5 : tensor<2x2x3x3xf64>, tensor<2x2x3xf64>, tensor<3x3x1xf64>, tensor<3x3xf64>, tensor<3x3x3xf64>
  }
  func.func private @eigh(%arg0: tensor<2x2x3x3xf64>) -> tensor<2x2x3xf64> {
    %0 = stablehlo.transpose %arg0, dims = [0, 1, 3, 2] : (tensor<2x2x3x3xf64>) -> tensor<2x2x3x3xf64>
    %1 = stablehlo.add %arg0, %0 : tensor<2x2x3x3xf64>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<2x2x3x3xf64>
    %3 = stablehlo.divide %1, %2 : tensor<2x2x3x3xf64>
    %4:3 = stablehlo.custom_call @lapack_dsyevd_ffi(%3) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[2, 1, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j, o], [i, j]) {i=2, j=2, k=3, l=3, m=3, n=3, o=3}, custom>} : (tensor<2x2x3x3xf64>) -> (tensor<2x2x3x3xf64>, tensor<2x2x3xf64>, tensor<2x2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %6 = stablehlo.compare EQ, %4#2, %5, SIGNED : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x2xi1>) -> tensor<2x2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<2x2x3x3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<2x2x1x1xi1>) -> tensor<2x2x3x3xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x2x3x3xi1>, tensor<2x2x3x3xf64>
    %11 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x2xi1>) -> tensor<2x2x1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<2x2x3xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1, 2] : (tensor<2x2x1xi1>) -> tensor<2x2x3xi1>
    %14 = stablehlo.select %13, %4#1, %12 : tensor<2x2x3xi1>, tensor<2x2x3xf64>
    return %14 : tensor<2x2x3xf64>
  }
  func.func private @cholesky(%arg0: tensor<2x2x3x3xf64>) -> tensor<2x2x3x3xf64> {
    %0 = stablehlo.transpose %arg0, dims = [0, 1, 3, 2] : (tensor<2x2x3x3xf64>) -> tensor<2x2x3x3xf64>
    %1 = stablehlo.add %arg0, %0 : tensor<2x2x3x3xf64>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<2x2x3x3xf64>
    %3 = stablehlo.divide %1, %2 : tensor<2x2x3x3xf64>
    %4:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%3) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "2"}, operand_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[2, 3, 1, 0]> : tensor<4xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k, l])->([i, j, m, n], [i, j]) {i=2, j=2, k=3, l=3, m=3, n=3}, custom>} : (tensor<2x2x3x3xf64>) -> (tensor<2x2x3x3xf64>, tensor<2x2xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %6 = stablehlo.compare EQ, %4#1, %5, SIGNED : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x2xi1>) -> tensor<2x2x1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<2x2x3x3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2, 3] : (tensor<2x2x1x1xi1>) -> tensor<2x2x3x3xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<2x2x3x3xi1>, tensor<2x2x3x3xf64>
    %11 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %13 = stablehlo.add %11, %12 : tensor<3x3xi64>
    %14 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %15 = stablehlo.compare GE, %13, %14, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %16 = stablehlo.broadcast_in_dim %15, dims = [2, 3] : (tensor<3x3xi1>) -> tensor<2x2x3x3xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<2x2x3x3xf64>
    %18 = stablehlo.select %16, %10, %17 : tensor<2x2x3x3xi1>, tensor<2x2x3x3xf64>
    return %18 : tensor<2x2x3x3xf64>
  }
  func.func private @solve(%arg0: tensor<3x3x3xf64>, %arg1: tensor<3x3x1xf64>) -> tensor<3x3x1xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3x3xf64>) -> (tensor<3x3x3xf64>, tensor<3x3xi32>, tensor<3xi32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3x3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi1>) -> tensor<3x1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x3x3xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2] : (tensor<3x1x1xi1>) -> tensor<3x3x3xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x3x3xi1>, tensor<3x3x3xf64>
    %9 = stablehlo.iota dim = 1 : tensor<3x3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<3x3xi32>, tensor<i64>, tensor<i64>, tensor<3x3xi32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<3x3xi32>, tensor<i64>, tensor<3x3xi32>) -> (tensor<i64>, tensor<3x3xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<3x3xi32>, tensor<i64>, tensor<i64>, tensor<3x3xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [0, 2, 1] : (tensor<3x3x1xf64>) -> tensor<3x1x3xf64>
    %12 = call @_lu_solve(%8, %10#3, %11) : (tensor<3x3x3xf64>, tensor<3x3xi32>, tensor<3x1x3xf64>) -> tensor<3x1x3xf64>
    %13 = stablehlo.transpose %12, dims = [0, 2, 1] : (tensor<3x1x3xf64>) -> tensor<3x3x1xf64>
    return %13 : tensor<3x3x1xf64>
  }
  func.func private @closed_call(%arg0: tensor<3x3xi32>, %arg1: tensor<i64>, %arg2: tensor<3x3xi32>) -> (tensor<i64>, tensor<3x3xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<3> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 3, 1>}> : (tensor<3x3xi32>, tensor<1xi64>) -> tensor<3x1xi32>
    %7 = stablehlo.reshape %6 : (tensor<3x1xi32>) -> tensor<3xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %9 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %10 = stablehlo.add %9, %c_3 : tensor<i64>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<i1>, tensor<i64>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<i64>) -> tensor<1xi64>
    %13 = "stablehlo.gather"(%arg2, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 1], start_index_map = [1]>, indices_are_sorted = true, slice_sizes = array<i64: 3, 1>}> : (tensor<3x3xi32>, tensor<1xi64>) -> tensor<3x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<3x1xi32>) -> tensor<3xi32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %16 = stablehlo.compare LT, %7, %15, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %18 = stablehlo.add %7, %17 : tensor<3xi32>
    %19 = stablehlo.select %16, %18, %7 : tensor<3xi1>, tensor<3xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %21 = "stablehlo.gather"(%arg2, %20) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = true, slice_sizes = array<i64: 1, 1>}> : (tensor<3x3xi32>, tensor<3x1xi32>) -> tensor<3x1xi32>
    %22 = stablehlo.reshape %21 : (tensor<3x1xi32>) -> tensor<3xi32>
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
    }) : (tensor<3x3xi32>, tensor<1xi32>, tensor<3xi32>) -> tensor<3x3xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %30 = stablehlo.compare LT, %7, %29, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_9 = stablehlo.constant dense<3> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %32 = stablehlo.add %7, %31 : tensor<3xi32>
    %33 = stablehlo.select %30, %32, %7 : tensor<3xi1>, tensor<3xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %35 = "stablehlo.scatter"(%28, %34, %14) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3x3xi32>, tensor<3x1xi32>, tensor<3xi32>) -> tensor<3x3xi32>
    return %0, %35 : tensor<i64>, tensor<3x3xi32>
  }
  func.func private @_lu_solve(%arg0: tensor<3x3x3xf64>, %arg1: tensor<3x3xi32>, %arg2: tensor<3x1x3xf64>) -> tensor<3x1x3xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1, 2] : (tensor<3x1x3xf64>) -> tensor<3x1x3x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3x3xi32>, tensor<3x3xi32>) -> tensor<3x3xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x3xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<3x3xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<3x3xi1>, tensor<3x3xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<3x3xi32>) -> tensor<3x3x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 3], collapsed_slice_dims = [2], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1, 1>}> : (tensor<3x1x3x1xf64>, tensor<3x3x1xi32>) -> tensor<3x1x3x1xf64>
    %8 = stablehlo.transpose %7, dims = [0, 2, 3, 1] : (tensor<3x1x3x1xf64>) -> tensor<3x3x1x1xf64>
    %9 = stablehlo.reshape %8 : (tensor<3x3x1x1xf64>) -> tensor<3x3x1xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=3, j=3, k=3, l=3, m=1, n=3, o=1}, custom>} : (tensor<3x3x3xf64>, tensor<3x3x1xf64>) -> tensor<3x3x1xf64>
    %11 = stablehlo.reshape %10 : (tensor<3x3x1xf64>) -> tensor<3x3x1x1xf64>
    %12 = stablehlo.reshape %11 : (tensor<3x3x1x1xf64>) -> tensor<3x3x1xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l, m])->([i, n, o]) {i=3, j=3, k=3, l=3, m=1, n=3, o=1}, custom>} : (tensor<3x3x3xf64>, tensor<3x3x1xf64>) -> tensor<3x3x1xf64>
    %14 = stablehlo.reshape %13 : (tensor<3x3x1xf64>) -> tensor<3x3x1x1xf64>
    %15 = stablehlo.transpose %14, dims = [0, 3, 1, 2] : (tensor<3x3x1x1xf64>) -> tensor<3x1x3x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<3x1x3x1xf64>) -> tensor<3x1x3xf64>
    return %16 : tensor<3x1x3xf64>
  }
  func.func private @svd(%arg0: tensor<3x3x3xf64>) -> tensor<3x3xf64> {
    %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 2, 0]> : tensor<3xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n], [i, o, p], [i, q, r], [i]) {i=3, j=3, k=3, l=3, m=3, n=3, o=3, p=3, q=3, r=3}, custom>} : (tensor<3x3x3xf64>) -> (tensor<3x3x3xf64>, tensor<3x3xf64>, tensor<3x3x3xf64>, tensor<3x3x3xf64>, tensor<3xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xi1>) -> tensor<3x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xi1>) -> tensor<3x3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3x3xi1>, tensor<3x3xf64>
    return %6 : tensor<3x3xf64>
  }
  func.func private @qr(%arg0: tensor<3x3x3xf64>) -> tensor<3x3x3xf64> {
    %0:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k])->([i, l, m], [i, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3x3xf64>) -> (tensor<3x3x3xf64>, tensor<3x3xf64>)
    %1 = stablehlo.custom_call @lapack_dorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "1"}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>, dense<[1, 0]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j, k], [i, l])->([i, m, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3x3xf64>, tensor<3x3xf64>) -> tensor<3x3x3xf64>
    %2 = stablehlo.iota dim = 0 : tensor<3x3xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
    %4 = stablehlo.add %2, %3 : tensor<3x3xi64>
    %5 = stablehlo.iota dim = 1 : tensor<3x3xi64>
    %6 = stablehlo.compare GE, %4, %5, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [1, 2] : (tensor<3x3xi1>) -> tensor<3x3x3xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x3x3xf64>
    %9 = stablehlo.select %7, %8, %0#0 : tensor<3x3x3xi1>, tensor<3x3x3xf64>
    return %9 : tensor<3x3x3xf64>
  }
}
