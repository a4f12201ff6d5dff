module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x5xcomplex<f64>>, %arg1: tensor<5x4xcomplex<f64>>, %arg2: tensor<6xcomplex<f64>>, %arg3: tensor<6xcomplex<f64>>, %arg4: tensor<6xcomplex<f64>>, %arg5: tensor<6x2xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<5xf64> {jax.result_info = "result[1]"}, tensor<4xf64> {jax.result_info = "result[2]"}, tensor<4xcomplex<f64>> {jax.result_info = "result[3]"}, tensor<5x4xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<4x4xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<4xi32> {jax.result_info = "result[6]"}, tensor<6x2xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<5x4xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<5x2xcomplex<f64>> {jax.result_info = "result[9]"}, tensor<5x4xcomplex<f64>> {jax.result_info = "result[10]"}, tensor<4xf64> {jax.result_info = "result[11]"}, tensor<4x4xcomplex<f64>> {jax.result_info = "result[12]"}) {
    %0:5 = stablehlo.custom_call @lapack_zhetrd_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n], [o], []) {i=5, j=5, k=5, l=5, m=5, n=4, o=4}, custom>} : (tensor<5x5xcomplex<f64>>) -> (tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %2 = stablehlo.compare EQ, %0#4, %1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<complex<f64>>) -> tensor<5x5xcomplex<f64>>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %5, %0#0, %4 : tensor<5x5xi1>, tensor<5x5xcomplex<f64>>
    %7 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_0 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<5xf64>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<1xi1>) -> tensor<5xi1>
    %10 = stablehlo.select %9, %0#1, %8 : tensor<5xi1>, tensor<5xf64>
    %11 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %14 = stablehlo.select %13, %0#2, %12 : tensor<4xi1>, tensor<4xf64>
    %15 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_2 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<complex<f64>>) -> tensor<4xcomplex<f64>>
    %17 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %18 = stablehlo.select %17, %0#3, %16 : tensor<4xi1>, tensor<4xcomplex<f64>>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %20:3 = stablehlo.custom_call @lapack_zgeqp3_ffi(%arg1, %19) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m], [n], [o]) {i=5, j=4, k=4, l=5, m=4, n=4, o=4}, custom>} : (tensor<5x4xcomplex<f64>>, tensor<4xi32>) -> (tensor<5x4xcomplex<f64>>, tensor<4xi32>, tensor<4xcomplex<f64>>)
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4xi32>
    %22 = stablehlo.subtract %20#1, %21 : tensor<4xi32>
    %23 = stablehlo.custom_call @lapack_zungqr_ffi(%20#0, %20#2) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=5, j=4, k=4, l=5, m=4}, custom>} : (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<5x4xcomplex<f64>>
    %24 = stablehlo.slice %20#0 [0:4, 0:4] : (tensor<5x4xcomplex<f64>>) -> tensor<4x4xcomplex<f64>>
    %25 = stablehlo.iota dim = 0 : tensor<4x4xi64>
    %c_5 = stablehlo.constant dense<-1> : tensor<i64>
    %26 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i64>) -> tensor<4x4xi64>
    %27 = stablehlo.add %25, %26 : tensor<4x4xi64>
    %28 = stablehlo.iota dim = 1 : tensor<4x4xi64>
    %29 = stablehlo.compare GE, %27, %28, SIGNED : (tensor<4x4xi64>, tensor<4x4xi64>) -> tensor<4x4xi1>
    %cst_6 = stablehlo.constant dense<(0.000000e+00,0.000000e+00)> : tensor<complex<f64>>
    %30 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<complex<f64>>) -> tensor<4x4xcomplex<f64>>
    %31 = stablehlo.select %29, %30, %24 : tensor<4x4xi1>, tensor<4x4xcomplex<f64>>
    %32:5 = stablehlo.custom_call @lapack_zgtsv_ffi(%arg2, %arg3, %arg4, %arg5) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [1], operand_index = 1, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [2], operand_index = 2, operand_tuple_indices = []>, #stablehlo.output_operand_alias<output_tuple_indices = [3], operand_index = 3, operand_tuple_indices = []>], result_layouts = [dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i], [j], [k], [l, m])->([n], [o], [p], [q, r], []) {i=6, j=6, k=6, l=6, m=2, n=6, o=6, p=6, q=6, r=2}, custom>} : (tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6x2xcomplex<f64>>) -> (tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6xcomplex<f64>>, tensor<6x2xcomplex<f64>>, tensor<i32>)
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<i32>
    %34 = stablehlo.compare EQ, %32#4, %33, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_8 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %36 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<complex<f64>>) -> tensor<6x2xcomplex<f64>>
    %37 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<6x2xi1>
    %38 = stablehlo.select %37, %32#3, %36 : tensor<6x2xi1>, tensor<6x2xcomplex<f64>>
    %39:2 = stablehlo.custom_call @lapack_zgeqrf_ffi(%arg1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m]) {i=5, j=4, k=5, l=4, m=4}, custom>} : (tensor<5x4xcomplex<f64>>) -> (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>)
    %40 = stablehlo.custom_call @lapack_zungqr_ffi(%39#0, %39#1) {backend_config = "", mhlo.backend_config = {}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k])->([l, m]) {i=5, j=4, k=4, l=5, m=4}, custom>} : (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>) -> tensor<5x4xcomplex<f64>>
    %41 = stablehlo.slice %arg5 [0:5, 0:2] : (tensor<6x2xcomplex<f64>>) -> tensor<5x2xcomplex<f64>>
    %42 = stablehlo.custom_call @lapack_zunmqr_ffi(%39#0, %39#1, %41) {backend_config = "", mhlo.backend_config = {left = true, transpose = true}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 2, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j], [k], [l, m])->([n, o]) {i=5, j=4, k=4, l=5, m=2, n=5, o=2}, custom>} : (tensor<5x4xcomplex<f64>>, tensor<4xcomplex<f64>>, tensor<5x2xcomplex<f64>>) -> tensor<5x2xcomplex<f64>>
    %43:5 = stablehlo.custom_call @lapack_zgesvd_ffi(%arg1) {backend_config = "", mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=4, k=5, l=4, m=4, n=5, o=4, p=4, q=4}, custom>} : (tensor<5x4xcomplex<f64>>) -> (tensor<5x4xcomplex<f64>>, tensor<4xf64>, tensor<5x4xcomplex<f64>>, tensor<4x4xcomplex<f64>>, tensor<i32>)
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %44 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<i32>
    %45 = stablehlo.compare EQ, %43#4, %44, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %46 = stablehlo.broadcast_in_dim %45, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_10 = stablehlo.constant dense<0x7FF8000000000000> : tensor<f64>
    %47 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f64>) -> tensor<4xf64>
    %48 = stablehlo.broadcast_in_dim %46, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %49 = stablehlo.select %48, %43#1, %47 : tensor<4xi1>, tensor<4xf64>
    %50 = stablehlo.broadcast_in_dim %45, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_11 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %51 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<complex<f64>>) -> tensor<5x4xcomplex<f64>>
    %52 = stablehlo.broadcast_in_dim %50, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<5x4xi1>
    %53 = stablehlo.select %52, %43#2, %51 : tensor<5x4xi1>, tensor<5x4xcomplex<f64>>
    %54 = stablehlo.broadcast_in_dim %45, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_12 = stablehlo.constant dense<(0x7FF8000000000000,0x7FF8000000000000)> : tensor<complex<f64>>
    %55 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<complex<f64>>) -> tensor<4x4xcomplex<f64>>
    %56 = stablehlo.broadcast_in_dim %54, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %57 = stablehlo.select %56, %43#3, %55 : tensor<4x4xi1>, tensor<4x4xcomplex<f64>>
    return %6, %10, %14, %18, %23, %31, %22, %38, %40, %42, %53, %49, %57 : tensor<5x5xcomplex<f64>>, tensor<5xf64>, tensor<4xf64>, tensor<4xcomplex<f64>>, tensor<5x4xcomplex<f64>>, tensor<4x4xcomplex<f64>>, tensor<4xi32>, tensor<6x2xcomplex<f64>>, tensor<5x4xcomplex<f64>>, tensor<5x2xcomplex<f64>>, tensor<5x4xcomplex<f64>>, tensor<4xf64>, tensor<4x4xcomplex<f64>>
  }
}
