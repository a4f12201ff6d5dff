module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12x4xf32>, %arg1: tensor<12xf32>, %arg2: tensor<4x4xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<4xf32> {jax.result_info = "result[1]"}, tensor<4x4xf32> {jax.result_info = "result[2]"}, tensor<f32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<12x4xf32>) -> tensor<4x12xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x12xf32>, tensor<12x4xf32>) -> tensor<4x4xf32>
    %2 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<12x4xf32>) -> tensor<4x12xf32>
    %3 = stablehlo.dot_general %2, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x12xf32>, tensor<12xf32>) -> tensor<4xf32>
    %4 = call @solve(%1, %3) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %5:2 = call @qr(%arg0) : (tensor<12x4xf32>) -> (tensor<12x4xf32>, tensor<4x4xf32>)
    %6 = stablehlo.transpose %5#0, dims = [1, 0] : (tensor<12x4xf32>) -> tensor<4x12xf32>
    %7 = stablehlo.dot_general %6, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x12xf32>, tensor<12xf32>) -> tensor<4xf32>
    %8 = call @_solve_triangular(%5#1, %7) : (tensor<4x4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %9 = stablehlo.slice %arg1 [0:4] : (tensor<12xf32>) -> tensor<4xf32>
    %10:3 = call @solve_0(%arg2, %9) : (tensor<4x4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>, tensor<4xi32>)
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %12 = call @solve_1(%10#0, %arg2, %10#1, %10#2, %11) : (tensor<4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xi32>, tensor<4xf32>) -> tensor<4x4xf32>
    %13 = call @slogdet(%arg2) : (tensor<4x4xf32>) -> tensor<f32>
    return %4, %8, %12, %13 : tensor<4xf32>, tensor<4xf32>, tensor<4x4xf32>, tensor<f32>
  }
  func.func private @solve(%arg0: tensor<4x4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf32>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %12:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4xi32>, tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %13, %12#0, %12#1 : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    }
    %11 = call @_lu_solve(%8, %10#3, %arg1) : (tensor<4x4xf32>, tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
    return %11 : tensor<4xf32>
  }
  func.func private @closed_call(%arg0: tensor<4xi32>, %arg1: tensor<i32>, %arg2: tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.add %2, %c_1 : tensor<i32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i32>
    %c_3 = stablehlo.constant dense<4> : tensor<i32>
    %9 = stablehlo.add %8, %c_3 : tensor<i32>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i32>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<4> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<4> : tensor<i32>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i32>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i32>
    %21 = stablehlo.convert %20 : tensor<i32>
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
    return %0, %28 : tensor<i32>, tensor<4xi32>
  }
  func.func private @_lu_solve(%arg0: tensor<4x4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.compare LT, %arg1, %1, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %4 = stablehlo.add %arg1, %3 : tensor<4xi32>
    %5 = stablehlo.select %2, %4, %arg1 : tensor<4xi1>, tensor<4xi32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %7 = "stablehlo.gather"(%0, %6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x1xf32>, tensor<4x1xi32>) -> tensor<4x1xf32>
    %8 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %7) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=1, m=4, n=1}, custom>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %9 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %8) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=1, m=4, n=1}, custom>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %10 = stablehlo.reshape %9 : (tensor<4x1xf32>) -> tensor<4xf32>
    return %10 : tensor<4xf32>
  }
  func.func private @qr(%arg0: tensor<12x4xf32>) -> (tensor<12x4xf32>, tensor<4x4xf32>) {
    %0:2 = stablehlo.custom_call @lapack_sgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=12, j=4, k=12, l=4, m=4}, custom>} : (tensor<12x4xf32>) -> (tensor<12x4xf32>, tensor<4xf32>)
    %1 = stablehlo.custom_call @lapack_sorgqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=12, j=4, k=4, l=12, m=4}, custom>} : (tensor<12x4xf32>, tensor<4xf32>) -> tensor<12x4xf32>
    %2 = stablehlo.slice %0#0 [0:4, 0:4] : (tensor<12x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %5 = stablehlo.add %3, %4 : tensor<4x4xi32>
    %6 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %9 = stablehlo.select %7, %8, %2 : tensor<4x4xi1>, tensor<4x4xf32>
    return %1, %9 : tensor<12x4xf32>, tensor<4x4xf32>
  }
  func.func private @_solve_triangular(%arg0: tensor<4x4xf32>, %arg1: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %1 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 78 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=1, m=4, n=1}, custom>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %2 = stablehlo.reshape %1 : (tensor<4x1xf32>) -> tensor<4xf32>
    return %2 : tensor<4xf32>
  }
  func.func private @solve_0(%arg0: tensor<4x4xf32>, %arg1: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>, tensor<4xi32>) {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf32>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    cond {
      %c_6 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    } do {
      %12:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<4xi32>, tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %13, %12#0, %12#1 : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    }
    %11 = call @_lu_solve(%8, %10#3, %arg1) : (tensor<4x4xf32>, tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
    return %11, %8, %10#3 : tensor<4xf32>, tensor<4x4xf32>, tensor<4xi32>
  }
  func.func private @solve_1(%arg0: tensor<4xf32>, %arg1: tensor<4x4xf32>, %arg2: tensor<4x4xf32>, %arg3: tensor<4xi32>, %arg4: tensor<4xf32>) -> tensor<4x4xf32> {
    %0 = call @_lu_solve_2(%arg2, %arg3, %arg4) : (tensor<4x4xf32>, tensor<4xi32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.negate %0 : tensor<4xf32>
    %2 = stablehlo.dot_general %1, %arg0, contracting_dims = [] x [], precision = [HIGHEST, HIGHEST] : (tensor<4xf32>, tensor<4xf32>) -> tensor<4x4xf32>
    return %2 : tensor<4x4xf32>
  }
  func.func private @_lu_solve_2(%arg0: tensor<4x4xf32>, %arg1: tensor<4xi32>, %arg2: tensor<4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [0] : (tensor<4xf32>) -> tensor<4x1xf32>
    %1 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %0) {backend_config = "", mhlo.backend_config = {diag = 78 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=1, m=4, n=1}, custom>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %2 = stablehlo.custom_call @lapack_strsm_ffi(%arg0, %1) {backend_config = "", mhlo.backend_config = {diag = 85 : ui8, side = 76 : ui8, trans_x = 84 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k, l])->([m, n]) {i=4, j=4, k=4, l=1, m=4, n=1}, custom>} : (tensor<4x4xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %3 = stablehlo.iota dim = 0 : tensor<4xi32>
    %4:2 = "stablehlo.sort"(%arg1, %3) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<i32>):
      %13 = stablehlo.compare LT, %arg3, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    }) : (tensor<4xi32>, tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %6 = stablehlo.compare LT, %4#1, %5, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
    %c_0 = stablehlo.constant dense<4> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %8 = stablehlo.add %4#1, %7 : tensor<4xi32>
    %9 = stablehlo.select %6, %8, %4#1 : tensor<4xi1>, tensor<4xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
    %11 = "stablehlo.gather"(%2, %10) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x1xf32>, tensor<4x1xi32>) -> tensor<4x1xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x1xf32>) -> tensor<4xf32>
    return %12 : tensor<4xf32>
  }
  func.func private @slogdet(%arg0: tensor<4x4xf32>) -> tensor<f32> {
    %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<4xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<4x4xi1>, tensor<4x4xf32>
    %9 = stablehlo.iota dim = 0 : tensor<4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_7 = %c_2, %iterArg_8 = %c_1, %iterArg_9 = %9) : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    cond {
      %c_10 = stablehlo.constant dense<4> : tensor<i32>
      %19 = stablehlo.compare LT, %iterArg_7, %c_10, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %19 : tensor<i1>
    } do {
      %19:2 = func.call @closed_call(%iterArg, %iterArg_8, %iterArg_9) : (tensor<4xi32>, tensor<i32>, tensor<4xi32>) -> (tensor<i32>, tensor<4xi32>)
      %c_10 = stablehlo.constant dense<1> : tensor<i32>
      %20 = stablehlo.add %iterArg_7, %c_10 : tensor<i32>
      stablehlo.return %iterArg, %20, %19#0, %19#1 : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<4xi32>
    }
    %11 = call @diagonal(%8) : (tensor<4x4xf32>) -> tensor<4xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.compare EQ, %11, %12, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %c_4 = stablehlo.constant dense<false> : tensor<i1>
    %14 = stablehlo.reduce(%13 init: %c_4) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
    %15 = stablehlo.abs %11 : tensor<4xf32>
    %16 = stablehlo.log %15 : tensor<4xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_5) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = call @_where(%14, %cst_6, %17) : (tensor<i1>, tensor<f32>, tensor<f32>) -> tensor<f32>
    return %18 : tensor<f32>
  }
  func.func private @diagonal(%arg0: tensor<4x4xf32>) -> tensor<4xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %1 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %3 = stablehlo.add %0, %2 : tensor<4x4xi32>
    %4 = stablehlo.compare EQ, %3, %1, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %5 = stablehlo.convert %4 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %6 = "stablehlo.case"(%c_0) ({
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }, {
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      stablehlo.return %c_1 : tensor<i32>
    }) : (tensor<i32>) -> tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %8 = stablehlo.iota dim = 0 : tensor<4xi32>
      %9 = stablehlo.iota dim = 0 : tensor<4xi32>
      %c_1 = stablehlo.constant dense<0> : tensor<i32>
      %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %11 = stablehlo.compare LT, %8, %10, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_2 = stablehlo.constant dense<4> : tensor<i32>
      %12 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %13 = stablehlo.add %8, %12 : tensor<4xi32>
      %14 = stablehlo.select %11, %13, %8 : tensor<4xi1>, tensor<4xi32>
      %c_3 = stablehlo.constant dense<0> : tensor<i32>
      %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %16 = stablehlo.compare LT, %9, %15, SIGNED : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
      %c_4 = stablehlo.constant dense<4> : tensor<i32>
      %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
      %18 = stablehlo.add %9, %17 : tensor<4xi32>
      %19 = stablehlo.select %16, %18, %9 : tensor<4xi1>, tensor<4xi32>
      %20 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %21 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<4xi32>) -> tensor<4x1xi32>
      %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x2xi32>
      %23 = "stablehlo.gather"(%arg0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x4xf32>, tensor<4x2xi32>) -> tensor<4xf32>
      stablehlo.return %23 : tensor<4xf32>
    }) : (tensor<i32>) -> tensor<4xf32>
    return %7 : tensor<4xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
    return %0 : tensor<f32>
  }
}
