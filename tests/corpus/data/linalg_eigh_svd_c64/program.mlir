module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f32>>, %arg1: tensor<5x3xcomplex<f32>>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<5x3xcomplex<f32>> {jax.result_info = "result[3]"}, tensor<3xf32> {jax.result_info = "result[4]"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<5x5xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<3xf32> {jax.result_info = "result[7]"}, tensor<3x3xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<3xf32> {jax.result_info = "result[9]"}, tensor<f32> {jax.result_info = "result[10]"}, tensor<i32> {jax.result_info = "result[11]"}, tensor<f32> {jax.result_info = "result[12]"}) {
    %0:2 = call @eigh(%arg0) : (tensor<5x5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5x5xcomplex<f32>>)
    %1:3 = call @svd(%arg1) : (tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>)
    %2:3 = call @svd_0(%arg1) : (tensor<5x3xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>)
    %3 = call @eigvalsh(%arg0) : (tensor<5x5xcomplex<f32>>) -> tensor<5xf32>
    %4 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<5x3xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %5 = call @svd_2(%4) : (tensor<3x5xcomplex<f32>>) -> tensor<3xf32>
    %6 = call @norm(%arg1) : (tensor<5x3xcomplex<f32>>) -> tensor<f32>
    %7 = call @matrix_rank(%arg1) : (tensor<5x3xcomplex<f32>>) -> tensor<i32>
    %8 = call @cond(%arg0) : (tensor<5x5xcomplex<f32>>) -> tensor<f32>
    return %0#0, %0#1, %3, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2, %5, %6, %7, %8 : tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5xf32>, tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<5x5xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<3xf32>, tensor<f32>, tensor<i32>, tensor<f32>
  }
  func.func private @eigh(%arg0: tensor<5x5xcomplex<f32>>) -> (tensor<5xf32>, tensor<5x5xcomplex<f32>>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %2 = stablehlo.imag %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %3 = stablehlo.negate %2 : tensor<5x5xf32>
    %4 = stablehlo.complex %1, %3 : tensor<5x5xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<5x5xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<5x5xcomplex<f32>>
    %8:3 = stablehlo.custom_call @lapack_cheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<5xi1>, tensor<5xf32>
    return %18, %14 : tensor<5xf32>, tensor<5x5xcomplex<f32>>
  }
  func.func private @svd(%arg0: tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<5x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<5x3xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<5x3xi1>, tensor<5x3xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xcomplex<f32>>
    return %10, %6, %14 : tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
  }
  func.func private @svd_0(%arg0: tensor<5x3xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>) {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 65 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<5x5xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f32>>) -> tensor<3x3xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xcomplex<f32>>
    return %10, %6, %14 : tensor<5x5xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>
  }
  func.func private @eigvalsh(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5xf32> {
    %0 = call @eigh_1(%arg0) : (tensor<5x5xcomplex<f32>>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
  func.func private @eigh_1(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5xf32> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xcomplex<f32>>
    %1 = stablehlo.real %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %2 = stablehlo.imag %0 : (tensor<5x5xcomplex<f32>>) -> tensor<5x5xf32>
    %3 = stablehlo.negate %2 : tensor<5x5xf32>
    %4 = stablehlo.complex %1, %3 : tensor<5x5xcomplex<f32>>
    %5 = stablehlo.add %arg0, %4 : tensor<5x5xcomplex<f32>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f32>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %7 = stablehlo.divide %5, %6 : tensor<5x5xcomplex<f32>>
    %8:3 = stablehlo.custom_call @lapack_cheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FC00000,0x7FC00000)> : tensor<complex<f32>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f32>>) -> tensor<5x5xcomplex<f32>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<5x5xi1>, tensor<5x5xcomplex<f32>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<5xi1>, tensor<5xf32>
    return %18 : tensor<5xf32>
  }
  func.func private @svd_2(%arg0: tensor<3x5xcomplex<f32>>) -> tensor<3xf32> {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=3, j=5, k=3, l=5, m=3, n=3, o=3, p=5, q=5}, custom>} : (tensor<3x5xcomplex<f32>>) -> (tensor<3x5xcomplex<f32>>, tensor<3xf32>, tensor<3x3xcomplex<f32>>, tensor<5x5xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    return %6 : tensor<3xf32>
  }
  func.func private @norm(%arg0: tensor<5x3xcomplex<f32>>) -> tensor<f32> {
    %0 = call @svd_3(%arg0) : (tensor<5x3xcomplex<f32>>) -> tensor<3xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.maximum %cst_0, %1 : tensor<f32>
    return %2 : tensor<f32>
  }
  func.func private @svd_3(%arg0: tensor<5x3xcomplex<f32>>) -> tensor<3xf32> {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<5x5xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    return %6 : tensor<3xf32>
  }
  func.func private @matrix_rank(%arg0: tensor<5x3xcomplex<f32>>) -> tensor<i32> {
    %0 = call @svd_4(%arg0) : (tensor<5x3xcomplex<f32>>) -> tensor<3xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %2 = stablehlo.multiply %1, %cst_0 : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
    %3 = stablehlo.multiply %2, %cst_1 : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xf32>) -> tensor<3xf32>
    %6 = stablehlo.compare GT, %0, %5, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
    %7 = stablehlo.convert %6 : (tensor<3xi1>) -> tensor<3xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.reduce(%7 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<i32>
    return %8 : tensor<i32>
  }
  func.func private @svd_4(%arg0: tensor<5x3xcomplex<f32>>) -> tensor<3xf32> {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f32>>) -> (tensor<5x3xcomplex<f32>>, tensor<3xf32>, tensor<5x3xcomplex<f32>>, tensor<3x3xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf32>
    return %6 : tensor<3xf32>
  }
  func.func private @cond(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<f32> {
    %0 = call @svd_5(%arg0) : (tensor<5x5xcomplex<f32>>) -> tensor<5xf32>
    %1 = stablehlo.slice %0 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %2 = stablehlo.reshape %1 : (tensor<1xf32>) -> tensor<f32>
    %3 = stablehlo.slice %0 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = stablehlo.divide %2, %4 : tensor<f32>
    return %5 : tensor<f32>
  }
  func.func private @svd_5(%arg0: tensor<5x5xcomplex<f32>>) -> tensor<5xf32> {
    %0:5 = stablehlo.custom_call @lapack_cgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5, q=5}, custom>} : (tensor<5x5xcomplex<f32>>) -> (tensor<5x5xcomplex<f32>>, tensor<5xf32>, tensor<5x5xcomplex<f32>>, tensor<5x5xcomplex<f32>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<5xi1>, tensor<5xf32>
    return %6 : tensor<5xf32>
  }
}
