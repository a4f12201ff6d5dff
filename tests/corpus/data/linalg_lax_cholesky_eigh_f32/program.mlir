module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result[0]"}, tensor<4x4xf32> {jax.result_info = "result[1]"}, tensor<4x4xf32> {jax.result_info = "result[2]"}, tensor<4xf32> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<4x4xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x4xf32>
    %4:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%3) {backend_config = "", mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=4, j=4, k=4, l=4, m=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<i32>)
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %6 = stablehlo.compare EQ, %4#2, %5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %10 = stablehlo.select %9, %4#0, %8 : tensor<4x4xi1>, tensor<4x4xf32>
    %11 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<1xi1>) -> tensor<4xi1>
    %14 = stablehlo.select %13, %4#1, %12 : tensor<4xi1>, tensor<4xf32>
    %15 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %16 = stablehlo.add %arg0, %15 : tensor<4x4xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %18 = stablehlo.divide %16, %17 : tensor<4x4xf32>
    %19:2 = stablehlo.custom_call @lapack_spotrf_ffi(%18) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<i32>
    %21 = stablehlo.compare EQ, %19#1, %20, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %22 = stablehlo.broadcast_in_dim %21, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %25 = stablehlo.select %24, %19#0, %23 : tensor<4x4xi1>, tensor<4x4xf32>
    %26 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %28 = stablehlo.add %26, %27 : tensor<4x4xi32>
    %29 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %30 = stablehlo.compare GE, %28, %29, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %32 = stablehlo.select %30, %25, %31 : tensor<4x4xi1>, tensor<4x4xf32>
    %33:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {backend_config = "", mhlo.backend_config = {uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>], sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], []) {i=4, j=4, k=4, l=4}, custom>} : (tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<i32>)
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %34 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<i32>
    %35 = stablehlo.compare EQ, %33#1, %34, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %cst_8 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %37 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<1x1xi1>) -> tensor<4x4xi1>
    %39 = stablehlo.select %38, %33#0, %37 : tensor<4x4xi1>, tensor<4x4xf32>
    %40 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %41 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %42 = stablehlo.add %40, %41 : tensor<4x4xi32>
    %43 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %44 = stablehlo.compare GE, %42, %43, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x4xf32>
    %46 = stablehlo.select %44, %39, %45 : tensor<4x4xi1>, tensor<4x4xf32>
    return %32, %46, %10, %14 : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4xf32>
  }
}
