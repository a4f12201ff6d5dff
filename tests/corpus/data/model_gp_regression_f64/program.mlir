module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x1xf64>, %arg1: tensor<8xf64>, %arg2: tensor<5x1xf64>) -> (tensor<5xf64> {jax.result_info = "result[0]"}, tensor<5xf64> {jax.result_info = "result[1]"}, tensor<f64> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x1xf64>) -> tensor<1x8xf64>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<8x1xf64>) -> tensor<8x8xf64>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x8xf64>) -> tensor<8x8xf64>
    %3 = stablehlo.subtract %1, %2 : tensor<8x8xf64>
    %4 = stablehlo.multiply %3, %3 : tensor<8x8xf64>
    %cst = stablehlo.constant dense<-5.000000e-01> : tensor<f64>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8x8xf64>
    %6 = stablehlo.multiply %5, %4 : tensor<8x8xf64>
    %cst_0 = stablehlo.constant dense<3.000000e-01> : tensor<f64>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<8x8xf64>
    %8 = stablehlo.divide %6, %7 : tensor<8x8xf64>
    %9 = stablehlo.exponential %8 : tensor<8x8xf64>
    %10 = stablehlo.iota dim = 0 : tensor<8x8xi64>
    %11 = stablehlo.iota dim = 1 : tensor<8x8xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %12 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<8x8xi64>
    %13 = stablehlo.add %10, %12 : tensor<8x8xi64>
    %14 = stablehlo.compare EQ, %13, %11, SIGNED : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
    %15 = stablehlo.convert %14 : (tensor<8x8xi1>) -> tensor<8x8xf64>
    %cst_1 = stablehlo.constant dense<1.000000e-02> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<8x8xf64>
    %17 = stablehlo.multiply %16, %15 : tensor<8x8xf64>
    %18 = stablehlo.add %9, %17 : tensor<8x8xf64>
    %19 = call @_cholesky(%18) : (tensor<8x8xf64>) -> tensor<8x8xf64>
    %20 = call @_cho_solve(%19, %arg1) : (tensor<8x8xf64>, tensor<8xf64>) -> tensor<8xf64>
    %21 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<8x1xf64>) -> tensor<1x8xf64>
    %22 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<5x1xf64>) -> tensor<5x8xf64>
    %23 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<1x8xf64>) -> tensor<5x8xf64>
    %24 = stablehlo.subtract %22, %23 : tensor<5x8xf64>
    %25 = stablehlo.multiply %24, %24 : tensor<5x8xf64>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f64>
    %26 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<5x8xf64>
    %27 = stablehlo.multiply %26, %25 : tensor<5x8xf64>
    %cst_3 = stablehlo.constant dense<3.000000e-01> : tensor<f64>
    %28 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<5x8xf64>
    %29 = stablehlo.divide %27, %28 : tensor<5x8xf64>
    %30 = stablehlo.exponential %29 : tensor<5x8xf64>
    %31 = stablehlo.dot_general %30, %20, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf64>, tensor<8xf64>) -> tensor<5xf64>
    %32 = stablehlo.transpose %30, dims = [1, 0] : (tensor<5x8xf64>) -> tensor<8x5xf64>
    %33 = call @_solve_triangular(%19, %32) : (tensor<8x8xf64>, tensor<8x5xf64>) -> tensor<8x5xf64>
    %34 = stablehlo.multiply %33, %33 : tensor<8x5xf64>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %35 = stablehlo.reduce(%34 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<8x5xf64>, tensor<f64>) -> tensor<5xf64>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f64>
    %36 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %37 = stablehlo.subtract %36, %35 : tensor<5xf64>
    %cst_6 = stablehlo.constant dense<-5.000000e-01> : tensor<f64>
    %38 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %39 = stablehlo.multiply %38, %arg1 : tensor<8xf64>
    %40 = stablehlo.dot_general %39, %20, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8xf64>, tensor<8xf64>) -> tensor<f64>
    %41 = call @_diag(%19) : (tensor<8x8xf64>) -> tensor<8xf64>
    %42 = stablehlo.log %41 : tensor<8xf64>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %43 = stablehlo.reduce(%42 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<8xf64>, tensor<f64>) -> tensor<f64>
    %44 = stablehlo.subtract %40, %43 : tensor<f64>
    %cst_8 = stablehlo.constant dense<6.2831853071795862> : tensor<f64>
    %45 = stablehlo.log %cst_8 : tensor<f64>
    %cst_9 = stablehlo.constant dense<4.000000e+00> : tensor<f64>
    %46 = stablehlo.multiply %cst_9, %45 : tensor<f64>
    %47 = stablehlo.convert %46 : tensor<f64>
    %48 = stablehlo.subtract %44, %47 : tensor<f64>
    return %31, %37, %48 : tensor<5xf64>, tensor<5xf64>, tensor<f64>
  }
  func.func private @_cholesky(%arg0: tensor<8x8xf64>) -> tensor<8x8xf64> {
    %0:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=8, j=8, k=8, l=8}, custom>} : (tensor<8x8xf64>) -> (tensor<8x8xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#1, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8x8xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<8x8xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<8x8xi1>, tensor<8x8xf64>
    %7 = stablehlo.iota dim = 0 : tensor<8x8xi64>
    %c_0 = stablehlo.constant dense<0> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<8x8xi64>
    %9 = stablehlo.add %7, %8 : tensor<8x8xi64>
    %10 = stablehlo.iota dim = 1 : tensor<8x8xi64>
    %11 = stablehlo.compare GE, %9, %10, SIGNED : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<8x8xf64>
    %13 = stablehlo.select %11, %6, %12 : tensor<8x8xi1>, tensor<8x8xf64>
    return %13 : tensor<8x8xf64>
  }
  func.func private @_cho_solve(%arg0: tensor<8x8xf64>, %arg1: tensor<8xf64>) -> tensor<8xf64> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<8xf64>) -> tensor<8x1xf64>
    %1 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=8, j=8, k=8, l=1, m=8, n=1}, custom>} : (tensor<8x8xf64>, tensor<8x1xf64>) -> tensor<8x1xf64>
    %2 = stablehlo.reshape %1 : (tensor<8x1xf64>) -> tensor<8xf64>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<8xf64>) -> tensor<8x1xf64>
    %4 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %3) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=8, j=8, k=8, l=1, m=8, n=1}, custom>} : (tensor<8x8xf64>, tensor<8x1xf64>) -> tensor<8x1xf64>
    %5 = stablehlo.reshape %4 : (tensor<8x1xf64>) -> tensor<8xf64>
    return %5 : tensor<8xf64>
  }
  func.func private @_solve_triangular(%arg0: tensor<8x8xf64>, %arg1: tensor<8x5xf64>) -> tensor<8x5xf64> {
    %0 = stablehlo.custom_call @lapack_dtrsm_ffi(%arg0, %arg1) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=8, j=8, k=8, l=5, m=8, n=5}, custom>} : (tensor<8x8xf64>, tensor<8x5xf64>) -> tensor<8x5xf64>
    return %0 : tensor<8x5xf64>
  }
  func.func private @_diag(%arg0: tensor<8x8xf64>) -> tensor<8xf64> {
    %0 = call @diagonal(%arg0) : (tensor<8x8xf64>) -> tensor<8xf64>
    return %0 : tensor<8xf64>
  }
  func.func private @diagonal(%arg0: tensor<8x8xf64>) -> tensor<8xf64> {
    %0 = stablehlo.iota dim = 0 : tensor<8x8xi64>
    %1 = stablehlo.iota dim = 1 : tensor<8x8xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<8x8xi64>
    %3 = stablehlo.add %0, %2 : tensor<8x8xi64>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<8x8xi64>, tensor<8x8xi64>) -> tensor<8x8xi1>
    %5 = stablehlo.convert %4 : (tensor<8x8xi1>) -> tensor<8x8xf64>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<8xi64>
      %9 = stablehlo.iota dim = 0 : tensor<8xi64>
      %c_1 = stablehlo.constant dense<0> : tensor<i64>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<8xi64>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
      %c_2 = stablehlo.constant dense<8> : tensor<i64>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<8xi64>
      %13 = stablehlo.add %8, %12 : tensor<8xi64>
      %14 = stablehlo.select %11, %13, %8 : tensor<8xi1>, tensor<8xi64>
      %c_3 = stablehlo.constant dense<0> : tensor<i64>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<8xi64>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi1>
      %c_4 = stablehlo.constant dense<8> : tensor<i64>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i64>) -> tensor<8xi64>
      %18 = stablehlo.add %9, %17 : tensor<8xi64>
      %19 = stablehlo.select %16, %18, %9 : tensor<8xi1>, tensor<8xi64>
      %20 = stablehlo.convert %14 : (tensor<8xi64>) -> tensor<8xi32>
      %21 = stablehlo.convert %19 : (tensor<8xi64>) -> tensor<8xi32>
      %22 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
      %23 = stablehlo.broadcast_in_dim %21, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
      %24 = stablehlo.concatenate %22, %23, dim = 1 : (tensor<8x1xi32>, tensor<8x1xi32>) -> tensor<8x2xi32>
      %25 = "stablehlo.gather"(%arg0, %24) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<8x8xf64>, tensor<8x2xi32>) -> tensor<8xf64>
      stablehlo.return %25 : tensor<8xf64>
    }) : (tensor<i32>) -> tensor<8xf64>
    return %7 : tensor<8xf64>
  }
}
