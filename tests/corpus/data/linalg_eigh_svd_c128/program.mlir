module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f64>>, %arg1: tensor<5x3xcomplex<f64>>) -> (tensor<5xf64> {jax.result_info = "result[0]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<5xf64> {jax.result_info = "result[2]"}, tensor<5x3xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<3xf64> {jax.result_info = "result[4]"}, tensor<3x3xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<5x5xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<3xf64> {jax.result_info = "result[7]"}, tensor<3x3xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<3xf64> {jax.result_info = "result[9]"}, tensor<f64> {jax.result_info = "result[10]"}, tensor<i64> {jax.result_info = "result[11]"}, tensor<f64> {jax.result_info = "result[12]"}) {
    %0:2 = call @eigh(%arg0) : (tensor<5x5xcomplex<f64>>) -> (tensor<5xf64>, tensor<5x5xcomplex<f64>>)
    %1:3 = call @svd(%arg1) : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>)
    %2:3 = call @svd_0(%arg1) : (tensor<5x3xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>)
    %3 = call @eigvalsh(%arg0) : (tensor<5x5xcomplex<f64>>) -> tensor<5xf64>
    %4 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<5x3xcomplex<f64>>) -> tensor<3x5xcomplex<f64>>
    %5 = call @svd_2(%4) : (tensor<3x5xcomplex<f64>>) -> tensor<3xf64>
    %6 = call @norm(%arg1) : (tensor<5x3xcomplex<f64>>) -> tensor<f64>
    %7 = call @matrix_rank(%arg1) : (tensor<5x3xcomplex<f64>>) -> tensor<i64>
    %8 = call @cond(%arg0) : (tensor<5x5xcomplex<f64>>) -> tensor<f64>
    return %0#0, %0#1, %3, %1#0, %1#1, %1#2, %2#0, %2#1, %2#2, %5, %6, %7, %8 : tensor<5xf64>, tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>, tensor<3xf64>, tensor<f64>, tensor<i64>, tensor<f64>
  }
  func.func private @eigh(%arg0: tensor<5x5xcomplex<f64>>) -> (tensor<5xf64>, tensor<5x5xcomplex<f64>>) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %1 = stablehlo.real %0 : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xf64>
    %2 = stablehlo.imag %0 : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xf64>
    %3 = stablehlo.negate %2 : tensor<5x5xf64>
    %4 = stablehlo.complex %1, %3 : tensor<5x5xcomplex<f64>>
    %5 = stablehlo.add %arg0, %4 : tensor<5x5xcomplex<f64>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %7 = stablehlo.divide %5, %6 : tensor<5x5xcomplex<f64>>
    %8:3 = stablehlo.custom_call @lapack_zheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<5xi1>, tensor<5xf64>
    return %18, %14 : tensor<5xf64>, tensor<5x5xcomplex<f64>>
  }
  func.func private @svd(%arg0: tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>) {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<5x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<5x3xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x3xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<5x3xi1>, tensor<5x3xcomplex<f64>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f64>>) -> tensor<3x3xcomplex<f64>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xcomplex<f64>>
    return %10, %6, %14 : tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>
  }
  func.func private @svd_0(%arg0: tensor<5x3xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>) {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 65 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<5x5xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %10 = stablehlo.select %9, %0#2, %8 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_1 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<complex<f64>>) -> tensor<3x3xcomplex<f64>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %14 = stablehlo.select %13, %0#3, %12 : tensor<3x3xi1>, tensor<3x3xcomplex<f64>>
    return %10, %6, %14 : tensor<5x5xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>
  }
  func.func private @eigvalsh(%arg0: tensor<5x5xcomplex<f64>>) -> tensor<5xf64> {
    %0 = call @eigh_1(%arg0) : (tensor<5x5xcomplex<f64>>) -> tensor<5xf64>
    return %0 : tensor<5xf64>
  }
  func.func private @eigh_1(%arg0: tensor<5x5xcomplex<f64>>) -> tensor<5xf64> {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xcomplex<f64>>
    %1 = stablehlo.real %0 : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xf64>
    %2 = stablehlo.imag %0 : (tensor<5x5xcomplex<f64>>) -> tensor<5x5xf64>
    %3 = stablehlo.negate %2 : tensor<5x5xf64>
    %4 = stablehlo.complex %1, %3 : tensor<5x5xcomplex<f64>>
    %5 = stablehlo.add %arg0, %4 : tensor<5x5xcomplex<f64>>
    %cst = stablehlo.constant dense<(2.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %7 = stablehlo.divide %5, %6 : tensor<5x5xcomplex<f64>>
    %8:3 = stablehlo.custom_call @lapack_zheevd_ffi(%7) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %10 = stablehlo.compare EQ, %8#2, %9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %14 = stablehlo.select %13, %8#0, %12 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %15 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %18 = stablehlo.select %17, %8#1, %16 : tensor<5xi1>, tensor<5xf64>
    return %18 : tensor<5xf64>
  }
  func.func private @svd_2(%arg0: tensor<3x5xcomplex<f64>>) -> tensor<3xf64> {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=3, j=5, k=3, l=5, m=3, n=3, o=3, p=5, q=5}, custom>} : (tensor<3x5xcomplex<f64>>) -> (tensor<3x5xcomplex<f64>>, tensor<3xf64>, tensor<3x3xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    return %6 : tensor<3xf64>
  }
  func.func private @norm(%arg0: tensor<5x3xcomplex<f64>>) -> tensor<f64> {
    %0 = call @svd_3(%arg0) : (tensor<5x3xcomplex<f64>>) -> tensor<3xf64>
    %cst = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %2 = stablehlo.maximum %cst_0, %1 : tensor<f64>
    return %2 : tensor<f64>
  }
  func.func private @svd_3(%arg0: tensor<5x3xcomplex<f64>>) -> tensor<3xf64> {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<5x5xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    return %6 : tensor<3xf64>
  }
  func.func private @matrix_rank(%arg0: tensor<5x3xcomplex<f64>>) -> tensor<i64> {
    %0 = call @svd_4(%arg0) : (tensor<5x3xcomplex<f64>>) -> tensor<3xf64>
    %cst = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %cst_0 = stablehlo.constant dense<5.000000e+00> : tensor<f64>
    %2 = stablehlo.multiply %1, %cst_0 : tensor<f64>
    %cst_1 = stablehlo.constant dense<2.2204460492503131E-16> : tensor<f64>
    %3 = stablehlo.multiply %2, %cst_1 : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f64>) -> tensor<1xf64>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<1xf64>) -> tensor<3xf64>
    %6 = stablehlo.compare GT, %0, %5, FLOAT : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
    %7 = stablehlo.convert %6 : (tensor<3xi1>) -> tensor<3xi32>
    %8 = stablehlo.convert %7 : (tensor<3xi32>) -> tensor<3xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.reduce(%8 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    return %9 : tensor<i64>
  }
  func.func private @svd_4(%arg0: tensor<5x3xcomplex<f64>>) -> tensor<3xf64> {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xcomplex<f64>>) -> (tensor<5x3xcomplex<f64>>, tensor<3xf64>, tensor<5x3xcomplex<f64>>, tensor<3x3xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<3xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<3xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<3xi1>, tensor<3xf64>
    return %6 : tensor<3xf64>
  }
  func.func private @cond(%arg0: tensor<5x5xcomplex<f64>>) -> tensor<f64> {
    %0 = call @svd_5(%arg0) : (tensor<5x5xcomplex<f64>>) -> tensor<5xf64>
    %1 = stablehlo.slice %0 [0:1] : (tensor<5xf64>) -> tensor<1xf64>
    %2 = stablehlo.reshape %1 : (tensor<1xf64>) -> tensor<f64>
    %3 = stablehlo.slice %0 [4:5] : (tensor<5xf64>) -> tensor<1xf64>
    %4 = stablehlo.reshape %3 : (tensor<1xf64>) -> tensor<f64>
    %5 = stablehlo.divide %2, %4 : tensor<f64>
    return %5 : tensor<f64>
  }
  func.func private @svd_5(%arg0: tensor<5x5xcomplex<f64>>) -> tensor<5xf64> {
    %0:5 = stablehlo.custom_call @lapack_zgesdd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5, q=5}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<5x5xcomplex<f64>>, tensor<5x5xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %6 = stablehlo.select %5, %0#1, %4 : tensor<5xi1>, tensor<5xf64>
    return %6 : tensor<5xf64>
  }
}
