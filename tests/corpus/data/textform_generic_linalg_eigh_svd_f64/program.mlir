"builtin.module"() <{sym_name = "jit_f"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<5x5xf64>, tensor<5x3xf64>) -> (tensor<5xf64>, tensor<5x5xf64>, tensor<5xf64>, tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<5x5xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<f64>, tensor<i64>, tensor<f64>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}, {jax.result_info = "result[6]"}, {jax.result_info = "result[7]"}, {jax.result_info = "result[8]"}, {jax.result_info = "result[9]"}, {jax.result_info = "result[10]"}, {jax.result_info = "result[11]"}, {jax.result_info = "result[12]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg18: tensor<5x5xf64>, %arg19: tensor<5x3xf64>):
    %141:2 = "func.call"(%arg18) <{callee = @eigh}> : (tensor<5x5xf64>) -> (tensor<5xf64>, tensor<5x5xf64>)
    %142:3 = "func.call"(%arg19) <{callee = @svd}> : (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>)
    %143:3 = "func.call"(%arg19) <{callee = @svd_0}> : (tensor<5x3xf64>) -> (tensor<5x5xf64>, tensor<3xf64>, tensor<3x3xf64>)
    %144 = "func.call"(%arg18) <{callee = @eigvalsh}> : (tensor<5x5xf64>) -> tensor<5xf64>
    %145 = "stablehlo.transpose"(%arg19) <{permutation = array<i64: 1, 0>}> : (tensor<5x3xf64>) -> tensor<3x5xf64>
    %146 = "func.call"(%145) <{callee = @svd_2}> : (tensor<3x5xf64>) -> tensor<3xf64>
    %147 = "func.call"(%arg19) <{callee = @norm}> : (tensor<5x3xf64>) -> tensor<f64>
    %148 = "func.call"(%arg19) <{callee = @matrix_rank}> : (tensor<5x3xf64>) -> tensor<i64>
    %149 = "func.call"(%arg18) <{callee = @cond}> : (tensor<5x5xf64>) -> tensor<f64>
    "func.return"(%141#0, %141#1, %144, %142#0, %142#1, %142#2, %143#0, %143#1, %143#2, %146, %147, %148, %149) : (tensor<5xf64>, tensor<5x5xf64>, tensor<5xf64>, tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<5x5xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<3xf64>, tensor<f64>, tensor<i64>, tensor<f64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x5xf64>) -> (tensor<5xf64>, tensor<5x5xf64>), res_attrs = [{}, {}], sym_name = "eigh", sym_visibility = "private"}> ({
  ^bb0(%arg17: tensor<5x5xf64>):
    %122 = "stablehlo.transpose"(%arg17) <{permutation = array<i64: 1, 0>}> : (tensor<5x5xf64>) -> tensor<5x5xf64>
    %123 = "stablehlo.add"(%arg17, %122) : (tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %124 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %125 = "stablehlo.broadcast_in_dim"(%124) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x5xf64>
    %126 = "stablehlo.divide"(%123, %125) : (tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %127:3 = "stablehlo.custom_call"(%126) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dsyevd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 86 : ui8, uplo = 76 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<i32>)
    %128 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %129 = "stablehlo.broadcast_in_dim"(%128) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %130 = "stablehlo.compare"(%127#2, %129) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %131 = "stablehlo.broadcast_in_dim"(%130) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %132 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %133 = "stablehlo.broadcast_in_dim"(%132) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x5xf64>
    %134 = "stablehlo.broadcast_in_dim"(%131) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %135 = "stablehlo.select"(%134, %127#0, %133) : (tensor<5x5xi1>, tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %136 = "stablehlo.broadcast_in_dim"(%130) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %137 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %138 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5xf64>
    %139 = "stablehlo.broadcast_in_dim"(%136) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<5xi1>
    %140 = "stablehlo.select"(%139, %127#1, %138) : (tensor<5xi1>, tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
    "func.return"(%140, %135) : (tensor<5xf64>, tensor<5x5xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>), res_attrs = [{}, {}, {}], sym_name = "svd", sym_visibility = "private"}> ({
  ^bb0(%arg16: tensor<5x3xf64>):
    %103:5 = "stablehlo.custom_call"(%arg16) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 83 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>, tensor<i32>)
    %104 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %105 = "stablehlo.broadcast_in_dim"(%104) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %106 = "stablehlo.compare"(%103#4, %105) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %107 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %108 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %109 = "stablehlo.broadcast_in_dim"(%108) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3xf64>
    %110 = "stablehlo.broadcast_in_dim"(%107) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<3xi1>
    %111 = "stablehlo.select"(%110, %103#1, %109) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    %112 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %113 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %114 = "stablehlo.broadcast_in_dim"(%113) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x3xf64>
    %115 = "stablehlo.broadcast_in_dim"(%112) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<5x3xi1>
    %116 = "stablehlo.select"(%115, %103#2, %114) : (tensor<5x3xi1>, tensor<5x3xf64>, tensor<5x3xf64>) -> tensor<5x3xf64>
    %117 = "stablehlo.broadcast_in_dim"(%106) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %118 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %119 = "stablehlo.broadcast_in_dim"(%118) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x3xf64>
    %120 = "stablehlo.broadcast_in_dim"(%117) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %121 = "stablehlo.select"(%120, %103#3, %119) : (tensor<3x3xi1>, tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
    "func.return"(%116, %111, %121) : (tensor<5x3xf64>, tensor<3xf64>, tensor<3x3xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> (tensor<5x5xf64>, tensor<3xf64>, tensor<3x3xf64>), res_attrs = [{}, {}, {}], sym_name = "svd_0", sym_visibility = "private"}> ({
  ^bb0(%arg15: tensor<5x3xf64>):
    %84:5 = "stablehlo.custom_call"(%arg15) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 65 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<3x3xf64>, tensor<i32>)
    %85 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %86 = "stablehlo.broadcast_in_dim"(%85) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %87 = "stablehlo.compare"(%84#4, %86) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %88 = "stablehlo.broadcast_in_dim"(%87) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %89 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %90 = "stablehlo.broadcast_in_dim"(%89) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3xf64>
    %91 = "stablehlo.broadcast_in_dim"(%88) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<3xi1>
    %92 = "stablehlo.select"(%91, %84#1, %90) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    %93 = "stablehlo.broadcast_in_dim"(%87) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %94 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %95 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x5xf64>
    %96 = "stablehlo.broadcast_in_dim"(%93) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %97 = "stablehlo.select"(%96, %84#2, %95) : (tensor<5x5xi1>, tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %98 = "stablehlo.broadcast_in_dim"(%87) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %99 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %100 = "stablehlo.broadcast_in_dim"(%99) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3x3xf64>
    %101 = "stablehlo.broadcast_in_dim"(%98) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<3x3xi1>
    %102 = "stablehlo.select"(%101, %84#3, %100) : (tensor<3x3xi1>, tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
    "func.return"(%97, %92, %102) : (tensor<5x5xf64>, tensor<3xf64>, tensor<3x3xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x5xf64>) -> tensor<5xf64>, res_attrs = [{}], sym_name = "eigvalsh", sym_visibility = "private"}> ({
  ^bb0(%arg14: tensor<5x5xf64>):
    %83 = "func.call"(%arg14) <{callee = @eigh_1}> : (tensor<5x5xf64>) -> tensor<5xf64>
    "func.return"(%83) : (tensor<5xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x5xf64>) -> tensor<5xf64>, res_attrs = [{}], sym_name = "eigh_1", sym_visibility = "private"}> ({
  ^bb0(%arg13: tensor<5x5xf64>):
    %64 = "stablehlo.transpose"(%arg13) <{permutation = array<i64: 1, 0>}> : (tensor<5x5xf64>) -> tensor<5x5xf64>
    %65 = "stablehlo.add"(%arg13, %64) : (tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %66 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x5xf64>
    %68 = "stablehlo.divide"(%65, %67) : (tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %69:3 = "stablehlo.custom_call"(%68) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dsyevd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 86 : ui8, uplo = 85 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], []) {i=5, j=5, k=5, l=5, m=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<i32>)
    %70 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %71 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %72 = "stablehlo.compare"(%69#2, %71) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %73 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1x1xi1>
    %74 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %75 = "stablehlo.broadcast_in_dim"(%74) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5x5xf64>
    %76 = "stablehlo.broadcast_in_dim"(%73) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xi1>) -> tensor<5x5xi1>
    %77 = "stablehlo.select"(%76, %69#0, %75) : (tensor<5x5xi1>, tensor<5x5xf64>, tensor<5x5xf64>) -> tensor<5x5xf64>
    %78 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %79 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %80 = "stablehlo.broadcast_in_dim"(%79) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5xf64>
    %81 = "stablehlo.broadcast_in_dim"(%78) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<5xi1>
    %82 = "stablehlo.select"(%81, %69#1, %80) : (tensor<5xi1>, tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
    "func.return"(%82) : (tensor<5xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<3x5xf64>) -> tensor<3xf64>, res_attrs = [{}], sym_name = "svd_2", sym_visibility = "private"}> ({
  ^bb0(%arg12: tensor<3x5xf64>):
    %55:5 = "stablehlo.custom_call"(%arg12) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=3, j=5, k=3, l=5, m=3, n=3, o=3, p=5, q=5}, custom>} : (tensor<3x5xf64>) -> (tensor<3x5xf64>, tensor<3xf64>, tensor<3x3xf64>, tensor<5x5xf64>, tensor<i32>)
    %56 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %57 = "stablehlo.broadcast_in_dim"(%56) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %58 = "stablehlo.compare"(%55#4, %57) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %60 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %61 = "stablehlo.broadcast_in_dim"(%60) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3xf64>
    %62 = "stablehlo.broadcast_in_dim"(%59) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<3xi1>
    %63 = "stablehlo.select"(%62, %55#1, %61) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    "func.return"(%63) : (tensor<3xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> tensor<f64>, res_attrs = [{}], sym_name = "norm", sym_visibility = "private"}> ({
  ^bb0(%arg9: tensor<5x3xf64>):
    %49 = "func.call"(%arg9) <{callee = @svd_3}> : (tensor<5x3xf64>) -> tensor<3xf64>
    %50 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %51 = "stablehlo.reduce"(%49, %50) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg10: tensor<f64>, %arg11: tensor<f64>):
      %54 = "stablehlo.maximum"(%arg10, %arg11) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%54) : (tensor<f64>) -> ()
    }) : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %52 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %53 = "stablehlo.maximum"(%52, %51) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "func.return"(%53) : (tensor<f64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> tensor<3xf64>, res_attrs = [{}], sym_name = "svd_3", sym_visibility = "private"}> ({
  ^bb0(%arg8: tensor<5x3xf64>):
    %40:5 = "stablehlo.custom_call"(%arg8) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=5, p=3, q=3}, custom>} : (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<5x5xf64>, tensor<3x3xf64>, tensor<i32>)
    %41 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %43 = "stablehlo.compare"(%40#4, %42) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %44 = "stablehlo.broadcast_in_dim"(%43) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %45 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %46 = "stablehlo.broadcast_in_dim"(%45) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3xf64>
    %47 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<3xi1>
    %48 = "stablehlo.select"(%47, %40#1, %46) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    "func.return"(%48) : (tensor<3xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> tensor<i64>, res_attrs = [{}], sym_name = "matrix_rank", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<5x3xf64>):
    %24 = "func.call"(%arg3) <{callee = @svd_4}> : (tensor<5x3xf64>) -> tensor<3xf64>
    %25 = "stablehlo.constant"() <{value = dense<0xFFF0000000000000> : tensor<f64>}> : () -> tensor<f64>
    %26 = "stablehlo.reduce"(%24, %25) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg6: tensor<f64>, %arg7: tensor<f64>):
      %39 = "stablehlo.maximum"(%arg6, %arg7) : (tensor<f64>, tensor<f64>) -> tensor<f64>
      "stablehlo.return"(%39) : (tensor<f64>) -> ()
    }) : (tensor<3xf64>, tensor<f64>) -> tensor<f64>
    %27 = "stablehlo.constant"() <{value = dense<5.000000e+00> : tensor<f64>}> : () -> tensor<f64>
    %28 = "stablehlo.multiply"(%26, %27) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %29 = "stablehlo.constant"() <{value = dense<2.2204460492503131E-16> : tensor<f64>}> : () -> tensor<f64>
    %30 = "stablehlo.multiply"(%28, %29) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<1xf64>
    %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf64>) -> tensor<3xf64>
    %33 = "stablehlo.compare"(%24, %32) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xi1>
    %34 = "stablehlo.convert"(%33) : (tensor<3xi1>) -> tensor<3xi32>
    %35 = "stablehlo.convert"(%34) : (tensor<3xi32>) -> tensor<3xi64>
    %36 = "stablehlo.constant"() <{value = dense<0> : tensor<i64>}> : () -> tensor<i64>
    %37 = "stablehlo.reduce"(%35, %36) <{dimensions = array<i64: 0>}> ({
    ^bb0(%arg4: tensor<i64>, %arg5: tensor<i64>):
      %38 = "stablehlo.add"(%arg4, %arg5) : (tensor<i64>, tensor<i64>) -> tensor<i64>
      "stablehlo.return"(%38) : (tensor<i64>) -> ()
    }) : (tensor<3xi64>, tensor<i64>) -> tensor<i64>
    "func.return"(%37) : (tensor<i64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x3xf64>) -> tensor<3xf64>, res_attrs = [{}], sym_name = "svd_4", sym_visibility = "private"}> ({
  ^bb0(%arg2: tensor<5x3xf64>):
    %15:5 = "stablehlo.custom_call"(%arg2) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=3, k=5, l=3, m=3, n=5, o=3, p=3, q=3}, custom>} : (tensor<5x3xf64>) -> (tensor<5x3xf64>, tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>, tensor<i32>)
    %16 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %17 = "stablehlo.broadcast_in_dim"(%16) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %18 = "stablehlo.compare"(%15#4, %17) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %19 = "stablehlo.broadcast_in_dim"(%18) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %20 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %21 = "stablehlo.broadcast_in_dim"(%20) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<3xf64>
    %22 = "stablehlo.broadcast_in_dim"(%19) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<3xi1>
    %23 = "stablehlo.select"(%22, %15#1, %21) : (tensor<3xi1>, tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    "func.return"(%23) : (tensor<3xf64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x5xf64>) -> tensor<f64>, res_attrs = [{}], sym_name = "cond", sym_visibility = "private"}> ({
  ^bb0(%arg1: tensor<5x5xf64>):
    %9 = "func.call"(%arg1) <{callee = @svd_5}> : (tensor<5x5xf64>) -> tensor<5xf64>
    %10 = "stablehlo.slice"(%9) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (tensor<5xf64>) -> tensor<1xf64>
    %11 = "stablehlo.reshape"(%10) : (tensor<1xf64>) -> tensor<f64>
    %12 = "stablehlo.slice"(%9) <{limit_indices = array<i64: 5>, start_indices = array<i64: 4>, strides = array<i64: 1>}> : (tensor<5xf64>) -> tensor<1xf64>
    %13 = "stablehlo.reshape"(%12) : (tensor<1xf64>) -> tensor<f64>
    %14 = "stablehlo.divide"(%11, %13) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "func.return"(%14) : (tensor<f64>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<5x5xf64>) -> tensor<5xf64>, res_attrs = [{}], sym_name = "svd_5", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<5x5xf64>):
    %0:5 = "stablehlo.custom_call"(%arg0) <{api_version = 1 : i32, backend_config = "", call_target_name = "lapack_dgesdd_ffi", called_computations = [], has_side_effect = false, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [0], operand_index = 0, operand_tuple_indices = []>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>, dense<[0, 1]> : tensor<2xindex>, dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]}> {mhlo.backend_config = {mode = 78 : ui8}, mhlo.frontend_attributes = {num_batch_dims = "0"}, sdy.sharding_rule = #sdy.op_sharding_rule<([i, j])->([k, l], [m], [n, o], [p, q], []) {i=5, j=5, k=5, l=5, m=5, n=5, o=5, p=5, q=5}, custom>} : (tensor<5x5xf64>) -> (tensor<5x5xf64>, tensor<5xf64>, tensor<5x5xf64>, tensor<5x5xf64>, tensor<i32>)
    %1 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<i32>
    %3 = "stablehlo.compare"(%0#4, %2) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %4 = "stablehlo.broadcast_in_dim"(%3) <{broadcast_dimensions = array<i64>}> : (tensor<i1>) -> tensor<1xi1>
    %5 = "stablehlo.constant"() <{value = dense<0x7FF8000000000000> : tensor<f64>}> : () -> tensor<f64>
    %6 = "stablehlo.broadcast_in_dim"(%5) <{broadcast_dimensions = array<i64>}> : (tensor<f64>) -> tensor<5xf64>
    %7 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xi1>) -> tensor<5xi1>
    %8 = "stablehlo.select"(%7, %0#1, %6) : (tensor<5xi1>, tensor<5xf64>, tensor<5xf64>) -> tensor<5xf64>
    "func.return"(%8) : (tensor<5xf64>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
