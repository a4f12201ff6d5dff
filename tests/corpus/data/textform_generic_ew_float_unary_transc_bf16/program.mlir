"builtin.module"() <{sym_name = "jit_f"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<28xbf16>) -> (tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}, {jax.result_info = "result[5]"}, {jax.result_info = "result[6]"}, {jax.result_info = "result[7]"}, {jax.result_info = "result[8]"}, {jax.result_info = "result[9]"}, {jax.result_info = "result[10]"}, {jax.result_info = "result[11]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<28xbf16>):
    %0 = "stablehlo.exponential"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %1 = "stablehlo.constant"() <{value = dense<6.914060e-01> : tensor<bf16>}> : () -> tensor<bf16>
    %2 = "stablehlo.broadcast_in_dim"(%1) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<28xbf16>
    %3 = "stablehlo.multiply"(%2, %arg0) : (tensor<28xbf16>, tensor<28xbf16>) -> tensor<28xbf16>
    %4 = "stablehlo.exponential"(%3) : (tensor<28xbf16>) -> tensor<28xbf16>
    %5 = "stablehlo.log"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %6 = "stablehlo.log_plus_one"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %7 = "stablehlo.exponential_minus_one"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %8 = "stablehlo.negate"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %9 = "stablehlo.exponential"(%8) : (tensor<28xbf16>) -> tensor<28xbf16>
    %10 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<28xbf16>
    %12 = "stablehlo.add"(%11, %9) : (tensor<28xbf16>, tensor<28xbf16>) -> tensor<28xbf16>
    %13 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<bf16>}> : () -> tensor<bf16>
    %14 = "stablehlo.broadcast_in_dim"(%13) <{broadcast_dimensions = array<i64>}> : (tensor<bf16>) -> tensor<28xbf16>
    %15 = "stablehlo.divide"(%14, %12) : (tensor<28xbf16>, tensor<28xbf16>) -> tensor<28xbf16>
    %16 = "stablehlo.tanh"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %17 = "stablehlo.sine"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %18 = "stablehlo.cosine"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %19 = "stablehlo.tan"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %20 = "stablehlo.rsqrt"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    %21 = "stablehlo.cbrt"(%arg0) : (tensor<28xbf16>) -> tensor<28xbf16>
    "func.return"(%0, %4, %5, %6, %7, %15, %16, %17, %18, %19, %20, %21) : (tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
