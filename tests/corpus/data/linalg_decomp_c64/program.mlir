module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<6x4xcomplex<f32>>, %arg2: tensor<4x4xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<5xi32> {jax.result_info = "result[1]"}, tensor<5xi32> {jax.result_info = "result[2]"}, tensor<6x4xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<4x4xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<6x6xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<6x4xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<4x4xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<4x6xcomplex<f32>> {jax.result_info = "result[8]"}) {
    %0:3 = stablehlo.custom_call @lapack_cgetrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<i32>)
    %c = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %2 = stablehlo.subtract %0#1, %1 : tensor<5xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<i32>
    %4 = stablehlo.compare GE, %0#2, %3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %8 = stablehlo.select %7, %0#0, %6 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %9 = stablehlo.iota dim = 0 : tensor<5xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %10:4 = stablehlo.while(%iterArg = %2, %iterArg_3 = %c_2, %iterArg_4 = %c_1, %iterArg_5 = %9) : tensor<5xi32>, tensor<i32>, tensor<i32>, tensor<5xi32>
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<i32>
      %16 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %16 : tensor<i1>
    } do {
      %16:2 = func.call @closed_call(%iterArg, %iterArg_4, %iterArg_5) : (tensor<5xi32>, tensor<i32>, tensor<5xi32>) -> (tensor<i32>, tensor<5xi32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %17 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %17, %16#0, %16#1 : tensor<5xi32>, tensor<i32>, tensor<i32>, tensor<5xi32>
    }
    %11:2 = call @qr(%arg1) : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>)
    %12:2 = call @qr_0(%arg1) : (tensor<6x4xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<6x4xcomplex<f32>>)
    %13 = call @cholesky(%arg2) : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %14 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<6x4xcomplex<f32>>) -> tensor<4x6xcomplex<f32>>
    %15 = call @qr_1(%14) : (tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f32>>
    return %8, %2, %10#3, %11#0, %11#1, %12#0, %12#1, %13, %15 : tensor<5x5xcomplex<f32>>, tensor<5xi32>, tensor<5xi32>, tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<6x6xcomplex<f32>>, tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<4x6xcomplex<f32>>
  }
  func.func private @closed_call(%arg0: tensor<5xi32>, %arg1: tensor<i32>, %arg2: tensor<5xi32>) -> (tensor<i32>, tensor<5xi32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %3 = stablehlo.add %2, %c_1 : tensor<i32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<5xi32>, tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %arg1, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %8 = stablehlo.convert %arg1 : tensor<i32>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %9 = stablehlo.add %8, %c_3 : tensor<i32>
    %10 = stablehlo.select %7, %9, %arg1 : tensor<i1>, tensor<i32>
    %11 = stablehlo.dynamic_slice %arg2, %10, sizes = [1] : (tensor<5xi32>, tensor<i32>) -> tensor<1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1xi32>) -> tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.compare LT, %6, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<5> : tensor<i32>
    %14 = stablehlo.add %6, %c_5 : tensor<i32>
    %15 = stablehlo.select %13, %14, %6 : tensor<i1>, tensor<i32>
    %16 = stablehlo.dynamic_slice %arg2, %15, sizes = [1] : (tensor<5xi32>, tensor<i32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.compare LT, %arg1, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_7 = stablehlo.constant dense<5> : tensor<i32>
    %19 = stablehlo.add %arg1, %c_7 : tensor<i32>
    %20 = stablehlo.select %18, %19, %arg1 : tensor<i1>, tensor<i32>
    %21 = stablehlo.convert %20 : tensor<i32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %23 = "stablehlo.scatter"(%arg2, %22, %17) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.compare LT, %6, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<5> : tensor<i32>
    %25 = stablehlo.add %6, %c_9 : tensor<i32>
    %26 = stablehlo.select %24, %25, %6 : tensor<i1>, tensor<i32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %28 = "stablehlo.scatter"(%23, %27, %12) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg3: tensor<i32>, %arg4: tensor<i32>):
      stablehlo.return %arg4 : tensor<i32>
    }) : (tensor<5xi32>, tensor<1xi32>, tensor<i32>) -> tensor<5xi32>
    return %0, %28 : tensor<i32>, tensor<5xi32>
  }
  func.func private @qr(%arg0: tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>) {
    %0:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=6, j=4, k=6, l=4, m=4}, custom>} : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xcomplex<f32>>)
    %1 = stablehlo.custom_call @lapack_cungqr_ffi(%0#0, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=4, k=4, l=6, m=4}, custom>} : (tensor<6x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    %2 = stablehlo.slice %0#0 [0:4, 0:4] : (tensor<6x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %3 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %5 = stablehlo.add %3, %4 : tensor<4x4xi32>
    %6 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %9 = stablehlo.select %7, %8, %2 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %1, %9 : tensor<6x4xcomplex<f32>>, tensor<4x4xcomplex<f32>>
  }
  func.func private @qr_0(%arg0: tensor<6x4xcomplex<f32>>) -> (tensor<6x6xcomplex<f32>>, tensor<6x4xcomplex<f32>>) {
    %0:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=6, j=4, k=6, l=4, m=4}, custom>} : (tensor<6x4xcomplex<f32>>) -> (tensor<6x4xcomplex<f32>>, tensor<4xcomplex<f32>>)
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %1 = stablehlo.pad %0#0, %cst, low = [0, 0], high = [0, 2], interior = [0, 0] : (tensor<6x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<6x6xcomplex<f32>>
    %2 = stablehlo.custom_call @lapack_cungqr_ffi(%1, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=6, j=6, k=4, l=6, m=6}, custom>} : (tensor<6x6xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<6x6xcomplex<f32>>
    %3 = stablehlo.iota dim = 0 : tensor<6x4xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x4xi32>
    %5 = stablehlo.add %3, %4 : tensor<6x4xi32>
    %6 = stablehlo.iota dim = 1 : tensor<6x4xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<6x4xi32>, tensor<6x4xi32>) -> tensor<6x4xi1>
    %cst_0 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<6x4xcomplex<f32>>
    %9 = stablehlo.select %7, %8, %0#0 : tensor<6x4xi1>, tensor<6x4xcomplex<f32>>
    return %2, %9 : tensor<6x6xcomplex<f32>>, tensor<6x4xcomplex<f32>>
  }
  func.func private @cholesky(%arg0: tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %2 = stablehlo.imag %0 : (tensor<4x4xcomplex<f32>>) -> tensor<4x4xf32>
    %3 = stablehlo.negate %2 : tensor<4x4xf32>
    %4 = stablehlo.complex %1, %3 : tensor<4x4xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<4x4xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<4x4xcomplex<f32>>
    %8:2 = stablehlo.custom_call @lapack_cpotrf_ffi(%7) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xcomplex<f32>>) -> (tensor<4x4xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#1, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    %15 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %17 = stablehlo.add %15, %16 : tensor<4x4xi32>
    %18 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %19 = stablehlo.compare GE, %17, %18, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst_2 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f32>>) -> tensor<4x4xcomplex<f32>>
    %21 = stablehlo.select %19, %14, %20 : tensor<4x4xi1>, tensor<4x4xcomplex<f32>>
    return %21 : tensor<4x4xcomplex<f32>>
  }
  func.func private @qr_1(%arg0: tensor<4x6xcomplex<f32>>) -> tensor<4x6xcomplex<f32>> {
    %0:2 = stablehlo.custom_call @lapack_cgeqrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=4, j=6, k=4, l=6, m=4}, custom>} : (tensor<4x6xcomplex<f32>>) -> (tensor<4x6xcomplex<f32>>, tensor<4xcomplex<f32>>)
    %1 = stablehlo.slice %0#0 [0:4, 0:4] : (tensor<4x6xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %2 = stablehlo.custom_call @lapack_cungqr_ffi(%1, %0#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xcomplex<f32>>, tensor<4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %3 = stablehlo.iota dim = 0 : tensor<4x6xi32>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %5 = stablehlo.add %3, %4 : tensor<4x6xi32>
    %6 = stablehlo.iota dim = 1 : tensor<4x6xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<4x6xcomplex<f32>>
    %9 = stablehlo.select %7, %8, %0#0 : tensor<4x6xi1>, tensor<4x6xcomplex<f32>>
    return %9 : tensor<4x6xcomplex<f32>>
  }
}
