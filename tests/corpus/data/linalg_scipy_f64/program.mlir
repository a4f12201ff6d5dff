module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf64>, %arg1: tensor<4x4xf64>, %arg2: tensor<4x2xf64>, %arg3: tensor<3x3xf64>) -> (tensor<4x2xf64> {jax.result_info = "result[0]"}, tensor<4x2xf64> {jax.result_info = "result[1]"}, tensor<4x4xf64> {jax.result_info = "result[2]"}, tensor<4x4xf64> {jax.result_info = "result[3]"}, tensor<4x4xf64> {jax.result_info = "result[4]"}, tensor<4x2xf64> {jax.result_info = "result[5]"}, tensor<3x3xf64> {jax.result_info = "result[6]"}, tensor<4x4xf64> {jax.result_info = "result[7]"}, tensor<4x4xf64> {jax.result_info = "result[8]"}, tensor<4x2xf64> {jax.result_info = "result[9]"}, tensor<4x4xf64> {jax.result_info = "result[10]"}, tensor<4x4xf64> {jax.result_info = "result[11]"}, tensor<f64> {jax.result_info = "result[12]"}, tensor<4xf64> {jax.result_info = "result[13]"}) {
    %0:2 = call @lu_factor(%arg0) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>)
    %1 = call @_cholesky(%arg1) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %2:3 = call @lu(%arg0) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>)
    %3:2 = call @hessenberg(%arg0) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>)
    %4:2 = call @_schur(%arg0) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>)
    %5 = call @lu_solve(%0#0, %0#1, %arg2) : (tensor<4x4xf64>, tensor<4xi32>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %6 = call @_cho_solve(%1, %arg2) : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %7 = call @_solve_triangular(%arg0, %arg2) : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %8 = call @expm(%arg3) : (tensor<3x3xf64>) -> tensor<3x3xf64>
    %9 = call @_solve(%arg1, %arg2) : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %10 = call @det(%arg0) : (tensor<4x4xf64>) -> tensor<f64>
    %11 = call @_eigh(%arg1) : (tensor<4x4xf64>) -> tensor<4xf64>
    return %5, %6, %2#0, %2#1, %2#2, %7, %8, %3#0, %3#1, %9, %4#0, %4#1, %10, %11 : tensor<4x2xf64>, tensor<4x2xf64>, tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x2xf64>, tensor<3x3xf64>, tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x2xf64>, tensor<4x4xf64>, tensor<4x4xf64>, tensor<f64>, tensor<4xf64>
  }
  func.func private @lu_factor(%arg0: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xi32>) {
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
      %11 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %11 : tensor<i1>
    } do {
      %11:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %12 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %12, %11#0, %11#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    return %8, %2 : tensor<4x4xf64>, tensor<4xi32>
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
  func.func private @_cholesky(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %1:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %3 = stablehlo.compare EQ, %1#1, %2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %6 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %7 = stablehlo.select %6, %1#0, %5 : tensor<4x4xi1>, tensor<4x4xf64>
    %8 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %10 = stablehlo.add %8, %9 : tensor<4x4xi64>
    %11 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %12 = stablehlo.compare GE, %10, %11, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %14 = stablehlo.select %12, %7, %13 : tensor<4x4xi1>, tensor<4x4xf64>
    %15 = stablehlo.transpose %14, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>
    return %15 : tensor<4x4xf64>
  }
  func.func private @lu(%arg0: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>) {
    %0:3 = call @_lu(%arg0) : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>)
    return %0#0, %0#1, %0#2 : tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>
  }
  func.func private @_lu(%arg0: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>) {
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
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_4 = %c_2, %iterArg_5 = %c_1, %iterArg_6 = %9) : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    cond {
      %c_7 = stablehlo.constant dense<4> : tensor<i64>
      %27 = stablehlo.compare LT, %iterArg_4, %c_7, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %27 : tensor<i1>
    } do {
      %27:2 = func.call @closed_call(%iterArg, %iterArg_5, %iterArg_6) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_7 = stablehlo.constant dense<1> : tensor<i64>
      %28 = stablehlo.add %iterArg_4, %c_7 : tensor<i64>
      stablehlo.return %iterArg, %28, %27#0, %27#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    %11 = stablehlo.broadcast_in_dim %10#3, dims = [1] : (tensor<4xi32>) -> tensor<1x4xi32>
    %12 = stablehlo.iota dim = 0 : tensor<4xi32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %14 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x4xi32>) -> tensor<4x4xi32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<4x1xi32>) -> tensor<4x4xi32>
    %16 = stablehlo.compare EQ, %14, %15, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %17 = stablehlo.convert %16 : (tensor<4x4xi1>) -> tensor<4x4xf64>
    %18 = call @tril(%8) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %19 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %20 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %22 = stablehlo.add %19, %21 : tensor<4x4xi64>
    %23 = stablehlo.compare EQ, %22, %20, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %24 = stablehlo.convert %23 : (tensor<4x4xi1>) -> tensor<4x4xf64>
    %25 = stablehlo.add %18, %24 : tensor<4x4xf64>
    %26 = call @triu(%8) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    return %17, %25, %26 : tensor<4x4xf64>, tensor<4x4xf64>, tensor<4x4xf64>
  }
  func.func private @tril(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<4x4xi1>, tensor<4x4xf64>
    return %6 : tensor<4x4xf64>
  }
  func.func private @triu(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<4x4xi1>, tensor<4x4xf64>
    return %6 : tensor<4x4xf64>
  }
  func.func private @hessenberg(%arg0: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {
    %0:3 = stablehlo.custom_call @lapack_dgehrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {high = 4 : i32, low = 1 : i32}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=3}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<3xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#2, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<4x4xi1>, tensor<4x4xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<3xi1>, tensor<3xf64>
    %11 = call @triu_0(%6) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %12 = stablehlo.slice %6 [1:4, 0:3] : (tensor<4x4xf64>) -> tensor<3x3xf64>
    %13 = stablehlo.custom_call @lapack_dorgqr_ffi(%12, %10) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=3, j=3, k=3, l=3, m=3}, custom>} : (tensor<3x3xf64>, tensor<3xf64>) -> tensor<3x3xf64>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %14 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<1x1xf64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %15 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<1x3xf64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<3x1xf64>
    %17 = call @block(%14, %15, %16, %13) : (tensor<1x1xf64>, tensor<1x3xf64>, tensor<3x1xf64>, tensor<3x3xf64>) -> tensor<4x4xf64>
    return %11, %17 : tensor<4x4xf64>, tensor<4x4xf64>
  }
  func.func private @triu_0(%arg0: tensor<4x4xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c = stablehlo.constant dense<-2> : tensor<i64>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %2 = stablehlo.add %0, %1 : tensor<4x4xi64>
    %3 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<4x4xi1>, tensor<4x4xf64>
    return %6 : tensor<4x4xf64>
  }
  func.func private @block(%arg0: tensor<1x1xf64>, %arg1: tensor<1x3xf64>, %arg2: tensor<3x1xf64>, %arg3: tensor<3x3xf64>) -> tensor<4x4xf64> {
    %0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<1x1xf64>, tensor<1x3xf64>) -> tensor<1x4xf64>
    %1 = stablehlo.concatenate %arg2, %arg3, dim = 1 : (tensor<3x1xf64>, tensor<3x3xf64>) -> tensor<3x4xf64>
    %2 = stablehlo.concatenate %0, %1, dim = 0 : (tensor<1x4xf64>, tensor<3x4xf64>) -> tensor<4x4xf64>
    return %2 : tensor<4x4xf64>
  }
  func.func private @_schur(%arg0: tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>) {
    %0:6 = stablehlo.custom_call @lapack_dgees_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, sort = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m, n], [o], [p], [], []) {i=4, j=4, k=4, l=4, m=4, n=4, o=4, p=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4x4xf64>, tensor<4xf64>, tensor<4xf64>, tensor<i32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#5, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<4x4xi1>, tensor<4x4xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<4x4xi1>, tensor<4x4xf64>
    return %6, %10 : tensor<4x4xf64>, tensor<4x4xf64>
  }
  func.func private @lu_solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4xi32>, %arg2: tensor<4x2xf64>) -> tensor<4x2xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1:4 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %c_0, %iterArg_2 = %c, %iterArg_3 = %0) : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    cond {
      %c_4 = stablehlo.constant dense<4> : tensor<i64>
      %3 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_3) : (tensor<4xi32>, tensor<i64>, tensor<4xi32>) -> (tensor<i64>, tensor<4xi32>)
      %c_4 = stablehlo.constant dense<1> : tensor<i64>
      %4 = stablehlo.add %iterArg_1, %c_4 : tensor<i64>
      stablehlo.return %iterArg, %4, %3#0, %3#1 : tensor<4xi32>, tensor<i64>, tensor<i64>, tensor<4xi32>
    }
    %2 = call @_lu_solve(%arg0, %1#3, %arg2) : (tensor<4x4xf64>, tensor<4xi32>, tensor<4x2xf64>) -> tensor<4x2xf64>
    return %2 : tensor<4x2xf64>
  }
  func.func private @_lu_solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4xi32>, %arg2: tensor<4x2xf64>) -> tensor<4x2xf64> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<4xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<4xi1>, tensor<4xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %6 = "stablehlo.gather"(%arg2, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>}> : (tensor<4x2xf64>, tensor<4x1xi32>) -> tensor<4x2xf64>
    %7 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %6) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %8 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %7) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    return %8 : tensor<4x2xf64>
  }
  func.func private @_cho_solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4x2xf64>) -> tensor<4x2xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %1 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    return %1 : tensor<4x2xf64>
  }
  func.func private @_solve_triangular(%arg0: tensor<4x4xf64>, %arg1: tensor<4x2xf64>) -> tensor<4x2xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    return %0 : tensor<4x2xf64>
  }
  func.func private @expm(%arg0: tensor<3x3xf64>) -> tensor<3x3xf64> {
    %0:3 = call @_calc_P_Q(%arg0) : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<f64>)
    %cst = stablehlo.constant dense<1.600000e+01> : tensor<f64>
    %1 = stablehlo.compare GT, %0#2, %cst, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %2 = stablehlo.convert %1 : (tensor<i1>) -> tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %4 = func.call @solve(%0#1, %0#0) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %5 = func.call @_squaring(%4, %0#2) : (tensor<3x3xf64>, tensor<f64>) -> tensor<3x3xf64>
      stablehlo.return %5 : tensor<3x3xf64>
    }, {
      %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
      %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      stablehlo.return %4 : tensor<3x3xf64>
    }) : (tensor<i32>) -> tensor<3x3xf64>
    return %3 : tensor<3x3xf64>
  }
  func.func private @_calc_P_Q(%arg0: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3x3xf64>, tensor<f64>) {
    %cst = stablehlo.constant dense<[0.01495585217958292, 0.253939833006323, 0.95041789961629319, 2.097847961257068]> : tensor<4xf64>
    %0 = call @norm(%arg0) : (tensor<3x3xf64>) -> tensor<f64>
    %cst_0 = stablehlo.constant dense<5.3719203511481517> : tensor<f64>
    %1 = stablehlo.divide %0, %cst_0 : tensor<f64>
    %2 = stablehlo.log %1 : tensor<f64>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %3 = stablehlo.log %cst_1 : tensor<f64>
    %4 = stablehlo.divide %2, %3 : tensor<f64>
    %5 = stablehlo.floor %4 : tensor<f64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %6 = stablehlo.maximum %cst_2, %5 : tensor<f64>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %7 = stablehlo.power %cst_3, %6 : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %9 = stablehlo.divide %arg0, %8 : tensor<3x3xf64>
    %10 = call @digitize(%0, %cst) : (tensor<f64>, tensor<4xf64>) -> tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<4> : tensor<i32>
    %11 = stablehlo.clamp %c, %10, %c_4 : tensor<i32>
    %12:2 = "stablehlo.case"(%11) ({
      %16 = stablehlo.iota dim = 0 : tensor<3x3xi64>
      %17 = stablehlo.iota dim = 1 : tensor<3x3xi64>
      %c_5 = stablehlo.constant dense<0> : tensor<i64>
      %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
      %19 = stablehlo.add %16, %18 : tensor<3x3xi64>
      %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
      %21 = stablehlo.convert %20 : (tensor<3x3xi1>) -> tensor<3x3xf64>
      %22 = stablehlo.dot_general %9, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
      %23 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %24 = stablehlo.multiply %23, %22 : tensor<3x3xf64>
      %cst_7 = stablehlo.constant dense<6.000000e+01> : tensor<f64>
      %25 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %26 = stablehlo.multiply %25, %21 : tensor<3x3xf64>
      %27 = stablehlo.add %24, %26 : tensor<3x3xf64>
      %28 = stablehlo.dot_general %9, %27, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_8 = stablehlo.constant dense<1.200000e+01> : tensor<f64>
      %29 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %30 = stablehlo.multiply %29, %22 : tensor<3x3xf64>
      %cst_9 = stablehlo.constant dense<1.200000e+02> : tensor<f64>
      %31 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %32 = stablehlo.multiply %31, %21 : tensor<3x3xf64>
      %33 = stablehlo.add %30, %32 : tensor<3x3xf64>
      stablehlo.return %28, %33 : tensor<3x3xf64>, tensor<3x3xf64>
    }, {
      %16 = stablehlo.iota dim = 0 : tensor<3x3xi64>
      %17 = stablehlo.iota dim = 1 : tensor<3x3xi64>
      %c_5 = stablehlo.constant dense<0> : tensor<i64>
      %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
      %19 = stablehlo.add %16, %18 : tensor<3x3xi64>
      %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
      %21 = stablehlo.convert %20 : (tensor<3x3xi1>) -> tensor<3x3xf64>
      %22 = stablehlo.dot_general %9, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %23 = stablehlo.dot_general %22, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
      %24 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %25 = stablehlo.multiply %24, %23 : tensor<3x3xf64>
      %cst_7 = stablehlo.constant dense<4.200000e+02> : tensor<f64>
      %26 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %27 = stablehlo.multiply %26, %22 : tensor<3x3xf64>
      %28 = stablehlo.add %25, %27 : tensor<3x3xf64>
      %cst_8 = stablehlo.constant dense<1.512000e+04> : tensor<f64>
      %29 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %30 = stablehlo.multiply %29, %21 : tensor<3x3xf64>
      %31 = stablehlo.add %28, %30 : tensor<3x3xf64>
      %32 = stablehlo.dot_general %9, %31, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_9 = stablehlo.constant dense<3.000000e+01> : tensor<f64>
      %33 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %34 = stablehlo.multiply %33, %23 : tensor<3x3xf64>
      %cst_10 = stablehlo.constant dense<3.360000e+03> : tensor<f64>
      %35 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %36 = stablehlo.multiply %35, %22 : tensor<3x3xf64>
      %37 = stablehlo.add %34, %36 : tensor<3x3xf64>
      %cst_11 = stablehlo.constant dense<3.024000e+04> : tensor<f64>
      %38 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %39 = stablehlo.multiply %38, %21 : tensor<3x3xf64>
      %40 = stablehlo.add %37, %39 : tensor<3x3xf64>
      stablehlo.return %32, %40 : tensor<3x3xf64>, tensor<3x3xf64>
    }, {
      %16 = stablehlo.iota dim = 0 : tensor<3x3xi64>
      %17 = stablehlo.iota dim = 1 : tensor<3x3xi64>
      %c_5 = stablehlo.constant dense<0> : tensor<i64>
      %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
      %19 = stablehlo.add %16, %18 : tensor<3x3xi64>
      %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
      %21 = stablehlo.convert %20 : (tensor<3x3xi1>) -> tensor<3x3xf64>
      %22 = stablehlo.dot_general %9, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %23 = stablehlo.dot_general %22, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %24 = stablehlo.dot_general %23, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
      %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %26 = stablehlo.multiply %25, %24 : tensor<3x3xf64>
      %cst_7 = stablehlo.constant dense<1.512000e+03> : tensor<f64>
      %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %28 = stablehlo.multiply %27, %23 : tensor<3x3xf64>
      %29 = stablehlo.add %26, %28 : tensor<3x3xf64>
      %cst_8 = stablehlo.constant dense<2.772000e+05> : tensor<f64>
      %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %31 = stablehlo.multiply %30, %22 : tensor<3x3xf64>
      %32 = stablehlo.add %29, %31 : tensor<3x3xf64>
      %cst_9 = stablehlo.constant dense<8.648640e+06> : tensor<f64>
      %33 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %34 = stablehlo.multiply %33, %21 : tensor<3x3xf64>
      %35 = stablehlo.add %32, %34 : tensor<3x3xf64>
      %36 = stablehlo.dot_general %9, %35, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_10 = stablehlo.constant dense<5.600000e+01> : tensor<f64>
      %37 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %38 = stablehlo.multiply %37, %24 : tensor<3x3xf64>
      %cst_11 = stablehlo.constant dense<2.520000e+04> : tensor<f64>
      %39 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %40 = stablehlo.multiply %39, %23 : tensor<3x3xf64>
      %41 = stablehlo.add %38, %40 : tensor<3x3xf64>
      %cst_12 = stablehlo.constant dense<1.995840e+06> : tensor<f64>
      %42 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %43 = stablehlo.multiply %42, %22 : tensor<3x3xf64>
      %44 = stablehlo.add %41, %43 : tensor<3x3xf64>
      %cst_13 = stablehlo.constant dense<0x41707EF800000000> : tensor<f64>
      %45 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %46 = stablehlo.multiply %45, %21 : tensor<3x3xf64>
      %47 = stablehlo.add %44, %46 : tensor<3x3xf64>
      stablehlo.return %36, %47 : tensor<3x3xf64>, tensor<3x3xf64>
    }, {
      %16 = stablehlo.iota dim = 0 : tensor<3x3xi64>
      %17 = stablehlo.iota dim = 1 : tensor<3x3xi64>
      %c_5 = stablehlo.constant dense<0> : tensor<i64>
      %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
      %19 = stablehlo.add %16, %18 : tensor<3x3xi64>
      %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
      %21 = stablehlo.convert %20 : (tensor<3x3xi1>) -> tensor<3x3xf64>
      %22 = stablehlo.dot_general %9, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %23 = stablehlo.dot_general %22, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %24 = stablehlo.dot_general %23, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %25 = stablehlo.dot_general %24, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
      %26 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %27 = stablehlo.multiply %26, %25 : tensor<3x3xf64>
      %cst_7 = stablehlo.constant dense<3.960000e+03> : tensor<f64>
      %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %29 = stablehlo.multiply %28, %24 : tensor<3x3xf64>
      %30 = stablehlo.add %27, %29 : tensor<3x3xf64>
      %cst_8 = stablehlo.constant dense<2.162160e+06> : tensor<f64>
      %31 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %32 = stablehlo.multiply %31, %23 : tensor<3x3xf64>
      %33 = stablehlo.add %30, %32 : tensor<3x3xf64>
      %cst_9 = stablehlo.constant dense<0x41B20ADF40000000> : tensor<f64>
      %34 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %35 = stablehlo.multiply %34, %22 : tensor<3x3xf64>
      %36 = stablehlo.add %33, %35 : tensor<3x3xf64>
      %cst_10 = stablehlo.constant dense<0x42006E7908000000> : tensor<f64>
      %37 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %38 = stablehlo.multiply %37, %21 : tensor<3x3xf64>
      %39 = stablehlo.add %36, %38 : tensor<3x3xf64>
      %40 = stablehlo.dot_general %9, %39, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_11 = stablehlo.constant dense<9.000000e+01> : tensor<f64>
      %41 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %42 = stablehlo.multiply %41, %25 : tensor<3x3xf64>
      %cst_12 = stablehlo.constant dense<1.108800e+05> : tensor<f64>
      %43 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %44 = stablehlo.multiply %43, %24 : tensor<3x3xf64>
      %45 = stablehlo.add %42, %44 : tensor<3x3xf64>
      %cst_13 = stablehlo.constant dense<0x417CDE3200000000> : tensor<f64>
      %46 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %47 = stablehlo.multiply %46, %23 : tensor<3x3xf64>
      %48 = stablehlo.add %45, %47 : tensor<3x3xf64>
      %cst_14 = stablehlo.constant dense<0x41DEEE1100000000> : tensor<f64>
      %49 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %50 = stablehlo.multiply %49, %22 : tensor<3x3xf64>
      %51 = stablehlo.add %48, %50 : tensor<3x3xf64>
      %cst_15 = stablehlo.constant dense<0x42106E7908000000> : tensor<f64>
      %52 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %53 = stablehlo.multiply %52, %21 : tensor<3x3xf64>
      %54 = stablehlo.add %51, %53 : tensor<3x3xf64>
      stablehlo.return %40, %54 : tensor<3x3xf64>, tensor<3x3xf64>
    }, {
      %16 = stablehlo.iota dim = 0 : tensor<3x3xi64>
      %17 = stablehlo.iota dim = 1 : tensor<3x3xi64>
      %c_5 = stablehlo.constant dense<0> : tensor<i64>
      %18 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<3x3xi64>
      %19 = stablehlo.add %16, %18 : tensor<3x3xi64>
      %20 = stablehlo.compare EQ, %19, %17, SIGNED : (tensor<3x3xi64>, tensor<3x3xi64>) -> tensor<3x3xi1>
      %21 = stablehlo.convert %20 : (tensor<3x3xi1>) -> tensor<3x3xf64>
      %22 = stablehlo.dot_general %9, %9, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %23 = stablehlo.dot_general %22, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %24 = stablehlo.dot_general %23, %22, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
      %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %26 = stablehlo.multiply %25, %24 : tensor<3x3xf64>
      %cst_7 = stablehlo.constant dense<1.638000e+04> : tensor<f64>
      %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %28 = stablehlo.multiply %27, %23 : tensor<3x3xf64>
      %29 = stablehlo.add %26, %28 : tensor<3x3xf64>
      %cst_8 = stablehlo.constant dense<4.084080e+07> : tensor<f64>
      %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %31 = stablehlo.multiply %30, %22 : tensor<3x3xf64>
      %32 = stablehlo.add %29, %31 : tensor<3x3xf64>
      %33 = stablehlo.dot_general %24, %32, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_9 = stablehlo.constant dense<0x421F384C5C000000> : tensor<f64>
      %34 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %35 = stablehlo.multiply %34, %24 : tensor<3x3xf64>
      %36 = stablehlo.add %33, %35 : tensor<3x3xf64>
      %cst_10 = stablehlo.constant dense<0x42A33522FA9A0000> : tensor<f64>
      %37 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %38 = stablehlo.multiply %37, %23 : tensor<3x3xf64>
      %39 = stablehlo.add %36, %38 : tensor<3x3xf64>
      %cst_11 = stablehlo.constant dense<0x4310DF9165091000> : tensor<f64>
      %40 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %41 = stablehlo.multiply %40, %22 : tensor<3x3xf64>
      %42 = stablehlo.add %39, %41 : tensor<3x3xf64>
      %cst_12 = stablehlo.constant dense<3.238237626624E+16> : tensor<f64>
      %43 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %44 = stablehlo.multiply %43, %21 : tensor<3x3xf64>
      %45 = stablehlo.add %42, %44 : tensor<3x3xf64>
      %46 = stablehlo.dot_general %9, %45, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_13 = stablehlo.constant dense<1.820000e+02> : tensor<f64>
      %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %48 = stablehlo.multiply %47, %24 : tensor<3x3xf64>
      %cst_14 = stablehlo.constant dense<9.609600e+05> : tensor<f64>
      %49 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %50 = stablehlo.multiply %49, %23 : tensor<3x3xf64>
      %51 = stablehlo.add %48, %50 : tensor<3x3xf64>
      %cst_15 = stablehlo.constant dense<0x41D3B7C470000000> : tensor<f64>
      %52 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %53 = stablehlo.multiply %52, %22 : tensor<3x3xf64>
      %54 = stablehlo.add %51, %53 : tensor<3x3xf64>
      %55 = stablehlo.dot_general %24, %54, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      %cst_16 = stablehlo.constant dense<0x4263832FB9800000> : tensor<f64>
      %56 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %57 = stablehlo.multiply %56, %24 : tensor<3x3xf64>
      %58 = stablehlo.add %55, %57 : tensor<3x3xf64>
      %cst_17 = stablehlo.constant dense<0x42DD584AC5F98000> : tensor<f64>
      %59 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %60 = stablehlo.multiply %59, %23 : tensor<3x3xf64>
      %61 = stablehlo.add %58, %60 : tensor<3x3xf64>
      %cst_18 = stablehlo.constant dense<0x433B9C62483D6000> : tensor<f64>
      %62 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %63 = stablehlo.multiply %62, %22 : tensor<3x3xf64>
      %64 = stablehlo.add %61, %63 : tensor<3x3xf64>
      %cst_19 = stablehlo.constant dense<6.476475253248E+16> : tensor<f64>
      %65 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
      %66 = stablehlo.multiply %65, %21 : tensor<3x3xf64>
      %67 = stablehlo.add %64, %66 : tensor<3x3xf64>
      stablehlo.return %46, %67 : tensor<3x3xf64>, tensor<3x3xf64>
    }) : (tensor<i32>) -> (tensor<3x3xf64>, tensor<3x3xf64>)
    %13 = stablehlo.add %12#0, %12#1 : tensor<3x3xf64>
    %14 = stablehlo.negate %12#0 : tensor<3x3xf64>
    %15 = stablehlo.add %14, %12#1 : tensor<3x3xf64>
    return %13, %15, %6 : tensor<3x3xf64>, tensor<3x3xf64>, tensor<f64>
  }
  func.func private @norm(%arg0: tensor<3x3xf64>) -> tensor<f64> {
    %0 = stablehlo.abs %arg0 : tensor<3x3xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3x3xf64>, tensor<f64>) -> tensor<3xf64>
    %cst_0 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %2 = stablehlo.reduce(%1 init: %cst_0) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %3 = stablehlo.maximum %cst_1, %2 : tensor<f64>
    return %3 : tensor<f64>
  }
  func.func private @digitize(%arg0: tensor<f64>, %arg1: tensor<4xf64>) -> tensor<i32> {
    %0 = stablehlo.slice %arg1 [3:4] : (tensor<4xf64>) -> tensor<1xf64>
    %1 = stablehlo.reshape %0 : (tensor<1xf64>) -> tensor<f64>
    %2 = stablehlo.slice %arg1 [0:1] : (tensor<4xf64>) -> tensor<1xf64>
    %3 = stablehlo.reshape %2 : (tensor<1xf64>) -> tensor<f64>
    %4 = stablehlo.compare GE, %1, %3, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %5 = call @searchsorted(%arg1, %arg0) : (tensor<4xf64>, tensor<f64>) -> tensor<i32>
    %6 = stablehlo.reverse %arg1, dims = [0] : tensor<4xf64>
    %7 = call @searchsorted(%6, %arg0) : (tensor<4xf64>, tensor<f64>) -> tensor<i32>
    %c = stablehlo.constant dense<4> : tensor<i32>
    %8 = stablehlo.subtract %c, %7 : tensor<i32>
    %9 = call @_where(%4, %5, %8) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    return %9 : tensor<i32>
  }
  func.func private @searchsorted(%arg0: tensor<4xf64>, %arg1: tensor<f64>) -> tensor<i32> {
    %0 = call @_searchsorted_scan_impl(%arg0, %arg1) : (tensor<4xf64>, tensor<f64>) -> tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_searchsorted_scan_impl(%arg0: tensor<4xf64>, %arg1: tensor<f64>) -> tensor<i32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %c_0 = stablehlo.constant dense<4> : tensor<ui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %0:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %c, %iterArg_5 = %c_0) : tensor<4xf64>, tensor<f64>, tensor<i64>, tensor<ui32>, tensor<ui32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i64>
      %2 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2:2 = func.call @closed_call_1(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<4xf64>, tensor<f64>, tensor<ui32>, tensor<ui32>) -> (tensor<ui32>, tensor<ui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %3 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %iterArg_2, %3, %2#0, %2#1 : tensor<4xf64>, tensor<f64>, tensor<i64>, tensor<ui32>, tensor<ui32>
    }
    %1 = stablehlo.convert %0#4 : (tensor<ui32>) -> tensor<i32>
    return %1 : tensor<i32>
  }
  func.func private @closed_call_1(%arg0: tensor<4xf64>, %arg1: tensor<f64>, %arg2: tensor<ui32>, %arg3: tensor<ui32>) -> (tensor<ui32>, tensor<ui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<ui32>
    %c = stablehlo.constant dense<2> : tensor<i64>
    %1 = call @floor_divide(%0, %c) : (tensor<ui32>, tensor<i64>) -> tensor<ui32>
    %2 = stablehlo.add %arg2, %1 : tensor<ui32>
    %3 = stablehlo.dynamic_slice %arg0, %2, sizes = [1] : (tensor<4xf64>, tensor<ui32>) -> tensor<1xf64>
    %4 = stablehlo.reshape %3 : (tensor<1xf64>) -> tensor<f64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %5 = stablehlo.compare EQ, %arg1, %cst, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %6 = stablehlo.select %5, %cst_0, %arg1 : tensor<i1>, tensor<f64>
    %7 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.select %7, %cst_1, %6 : tensor<i1>, tensor<f64>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %9 = stablehlo.compare EQ, %4, %cst_2, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %10 = stablehlo.select %9, %cst_3, %4 : tensor<i1>, tensor<f64>
    %11 = stablehlo.compare NE, %4, %4, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.select %11, %cst_4, %10 : tensor<i1>, tensor<f64>
    %13 = stablehlo.compare LT, %8, %12, TOTALORDER : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %14 = stablehlo.select %13, %arg2, %2 : tensor<i1>, tensor<ui32>
    %15 = stablehlo.select %13, %2, %arg3 : tensor<i1>, tensor<ui32>
    return %14, %15 : tensor<ui32>, tensor<ui32>
  }
  func.func private @floor_divide(%arg0: tensor<ui32>, %arg1: tensor<i64>) -> tensor<ui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<ui32>
    %1 = stablehlo.divide %arg0, %0 : tensor<ui32>
    return %1 : tensor<ui32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @solve(%arg0: tensor<3x3xf64>, %arg1: tensor<3x3xf64>) -> tensor<3x3xf64> {
    %0:3 = stablehlo.custom_call @lapack_dgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=3, j=3, k=3, l=3, m=3}, custom>} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<3xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<3xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3x3xf64>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<3x3xi1>, tensor<3x3xf64>
    %9 = stablehlo.iota dim = 0 : tensor<3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<3xi32>, tensor<i64>, tensor<i64>, tensor<3xi32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i64>
      %14 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %14 : tensor<i1>
    } do {
      %14:2 = func.call @closed_call_2(%iterArg, %iterArg_4, %iterArg_5) : (tensor<3xi32>, tensor<i64>, tensor<3xi32>) -> (tensor<i64>, tensor<3xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i64>
      %15 = stablehlo.add %iterArg_3, %c_6 : tensor<i64>
      stablehlo.return %iterArg, %15, %14#0, %14#1 : tensor<3xi32>, tensor<i64>, tensor<i64>, tensor<3xi32>
    }
    %11 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<3x3xf64>) -> tensor<3x3xf64>
    %12 = call @_lu_solve_3(%8, %10#3, %11) : (tensor<3x3xf64>, tensor<3xi32>, tensor<3x3xf64>) -> tensor<3x3xf64>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<3x3xf64>) -> tensor<3x3xf64>
    return %13 : tensor<3x3xf64>
  }
  func.func private @closed_call_2(%arg0: tensor<3xi32>, %arg1: tensor<i64>, %arg2: tensor<3xi32>) -> (tensor<i64>, tensor<3xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i64>
    %0 = stablehlo.add %arg1, %c : tensor<i64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i64>
    %c_1 = stablehlo.constant dense<3> : tensor<i64>
    %3 = stablehlo.add %2, %c_1 : tensor<i64>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i64>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<3xi32>, tensor<i64>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i64>
    %c_3 = stablehlo.constant dense<3> : tensor<i64>
    %9 = stablehlo.add %8, %c_3 : tensor<i64>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i64>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<3xi32>, tensor<i64>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<3> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i64>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<3> : tensor<i64>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i64>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i64>
    %21 = stablehlo.convert %20 : (tensor<i64>) -> tensor<i32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.scatter"(%arg2, %22, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<3> : tensor<i32>
    %25 = stablehlo.add %6, %c_9 : tensor<i32>
    %26 = stablehlo.select %24, %25, %6 : tensor<i1>, tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%23, %27, %12) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<3xi32>, tensor<1xi32>, tensor<i32>) -> tensor<3xi32>
    return %0, %28 : tensor<i64>, tensor<3xi32>
  }
  func.func private @_lu_solve_3(%arg0: tensor<3x3xf64>, %arg1: tensor<3xi32>, %arg2: tensor<3x3xf64>) -> tensor<3x3xf64> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<3x3xf64>) -> tensor<3x3x1xf64>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<3xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<3xi1>, tensor<3xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 3, 1, 1>}> : (tensor<3x3x1xf64>, tensor<3x1xi32>) -> tensor<3x3x1xf64>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<3x3x1xf64>) -> tensor<3x1x3xf64>
    %9 = stablehlo.reshape %8 : (tensor<3x1x3xf64>) -> tensor<3x3xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
    %11 = stablehlo.reshape %10 : (tensor<3x3xf64>) -> tensor<3x1x3xf64>
    %12 = stablehlo.reshape %11 : (tensor<3x1x3xf64>) -> tensor<3x3xf64>
    %13 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %12) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=3, j=3, k=3, l=3, m=3, n=3}, custom>} : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
    %14 = stablehlo.reshape %13 : (tensor<3x3xf64>) -> tensor<3x1x3xf64>
    %15 = stablehlo.transpose %14, dims = [2, 0, 1] : (tensor<3x1x3xf64>) -> tensor<3x3x1xf64>
    %16 = stablehlo.reshape %15 : (tensor<3x3x1xf64>) -> tensor<3x3xf64>
    return %16 : tensor<3x3xf64>
  }
  func.func private @_squaring(%arg0: tensor<3x3xf64>, %arg1: tensor<f64>) -> tensor<3x3xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<16xf64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %1:4 = stablehlo.while(%iterArg = %0, %iterArg_0 = %arg1, %iterArg_1 = %c, %iterArg_2 = %arg0) : tensor<16xf64>, tensor<f64>, tensor<i64>, tensor<3x3xf64>
    cond {
      %c_3 = stablehlo.constant dense<16> : tensor<i64>
      %2 = stablehlo.compare LT, %iterArg_1, %c_3, SIGNED : (tensor<i64>, tensor<i64>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<16xf64>, tensor<i64>) -> tensor<f64>
      %3 = func.call @closed_call_4(%iterArg_0, %iterArg_2, %2) : (tensor<f64>, tensor<3x3xf64>, tensor<f64>) -> tensor<3x3xf64>
      %c_3 = stablehlo.constant dense<1> : tensor<i64>
      %4 = stablehlo.add %iterArg_1, %c_3 : tensor<i64>
      stablehlo.return %iterArg, %iterArg_0, %4, %3 : tensor<16xf64>, tensor<f64>, tensor<i64>, tensor<3x3xf64>
    }
    return %1#3 : tensor<3x3xf64>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<16xf64>, %arg1: tensor<i64>) -> tensor<f64> {
    %0 = stablehlo.dynamic_slice %arg0, %arg1, sizes = [1] : (tensor<16xf64>, tensor<i64>) -> tensor<1xf64>
    %1 = stablehlo.reshape %0 : (tensor<1xf64>) -> tensor<f64>
    return %1 : tensor<f64>
  }
  func.func private @closed_call_4(%arg0: tensor<f64>, %arg1: tensor<3x3xf64>, %arg2: tensor<f64>) -> tensor<3x3xf64> {
    %0 = stablehlo.compare LT, %arg2, %arg0, FLOAT : (tensor<f64>, tensor<f64>) -> tensor<i1>
    %1 = stablehlo.convert %0 : (tensor<i1>) -> tensor<i32>
    %2 = "stablehlo.case"(%1) ({
      stablehlo.return %arg1 : tensor<3x3xf64>
    }, {
      %3 = stablehlo.dot_general %arg1, %arg1, contracting_dims = [1] x [0], precision = [HIGHEST, HIGHEST] : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
      stablehlo.return %3 : tensor<3x3xf64>
    }) : (tensor<i32>) -> tensor<3x3xf64>
    return %2 : tensor<3x3xf64>
  }
  func.func private @_solve(%arg0: tensor<4x4xf64>, %arg1: tensor<4x2xf64>) -> tensor<4x2xf64> {
    %0 = call @_cholesky(%arg0) : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %1 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<4x2xf64>) -> tensor<2x4xf64>
    %2 = call @_cho_solve_5(%0, %1) : (tensor<4x4xf64>, tensor<2x4xf64>) -> tensor<2x4xf64>
    %3 = stablehlo.transpose %2, dims = [1, 0] : (tensor<2x4xf64>) -> tensor<4x2xf64>
    return %3 : tensor<4x2xf64>
  }
  func.func private @_cho_solve_5(%arg0: tensor<4x4xf64>, %arg1: tensor<2x4xf64>) -> tensor<2x4xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<2x4xf64>) -> tensor<2x4x1xf64>
    %1 = stablehlo.transpose %0, dims = [1, 2, 0] : (tensor<2x4x1xf64>) -> tensor<4x1x2xf64>
    %2 = stablehlo.reshape %1 : (tensor<4x1x2xf64>) -> tensor<4x2xf64>
    %3 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %2) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %4 = stablehlo.reshape %3 : (tensor<4x2xf64>) -> tensor<4x1x2xf64>
    %5 = stablehlo.transpose %4, dims = [2, 0, 1] : (tensor<4x1x2xf64>) -> tensor<2x4x1xf64>
    %6 = stablehlo.reshape %5 : (tensor<2x4x1xf64>) -> tensor<2x4xf64>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<2x4xf64>) -> tensor<2x4x1xf64>
    %8 = stablehlo.transpose %7, dims = [1, 2, 0] : (tensor<2x4x1xf64>) -> tensor<4x1x2xf64>
    %9 = stablehlo.reshape %8 : (tensor<4x1x2xf64>) -> tensor<4x2xf64>
    %10 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %9) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=2, m=4, n=2}, custom>} : (tensor<4x4xf64>, tensor<4x2xf64>) -> tensor<4x2xf64>
    %11 = stablehlo.reshape %10 : (tensor<4x2xf64>) -> tensor<4x1x2xf64>
    %12 = stablehlo.transpose %11, dims = [2, 0, 1] : (tensor<4x1x2xf64>) -> tensor<2x4x1xf64>
    %13 = stablehlo.reshape %12 : (tensor<2x4x1xf64>) -> tensor<2x4xf64>
    return %13 : tensor<2x4xf64>
  }
  func.func private @det(%arg0: tensor<4x4xf64>) -> tensor<f64> {
    %0:2 = call @slogdet(%arg0) : (tensor<4x4xf64>) -> (tensor<f64>, tensor<f64>)
    %1 = stablehlo.exponential %0#1 : tensor<f64>
    %2 = stablehlo.multiply %0#0, %1 : tensor<f64>
    return %2 : tensor<f64>
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
    %27 = call @_where_7(%14, %cst_10, %26) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
    %28 = stablehlo.abs %11 : tensor<4xf64>
    %29 = stablehlo.log %28 : tensor<4xf64>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %30 = stablehlo.reduce(%29 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<4xf64>, tensor<f64>) -> tensor<f64>
    %cst_12 = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %31 = call @_where_7(%14, %cst_12, %30) : (tensor<i1>, tensor<f64>, tensor<f64>) -> tensor<f64>
    return %27, %31 : tensor<f64>, tensor<f64>
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
    %2 = call @_where_6(%1, %c_0, %0) : (tensor<i1>, tensor<i64>, tensor<i64>) -> tensor<i64>
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
  func.func private @_where_6(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<i64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
    return %0 : tensor<i64>
  }
  func.func private @_where_7(%arg0: tensor<i1>, %arg1: tensor<f64>, %arg2: tensor<f64>) -> tensor<f64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f64>
    return %0 : tensor<f64>
  }
  func.func private @_eigh(%arg0: tensor<4x4xf64>) -> tensor<4xf64> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x4xf64>) -> tensor<4x4xf64>
    %1 = stablehlo.add %arg0, %0 : tensor<4x4xf64>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %3 = stablehlo.divide %1, %2 : tensor<4x4xf64>
    %4:3 = stablehlo.custom_call @lapack_dsyevd_ffi(%3) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf64>) -> (tensor<4x4xf64>, tensor<4xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %6 = stablehlo.compare EQ, %4#2, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<4x4xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<4x4xi1>, tensor<4x4xf64>
    %11 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %14 = stablehlo.select %13, %4#1, %12 : tensor<4xi1>, tensor<4xf64>
    return %14 : tensor<4xf64>
  }
}
