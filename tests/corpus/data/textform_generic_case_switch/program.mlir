"builtin.module"() <{sym_name = "jit_f"}> ({
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<5xf32>, tensor<5xi32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}, {jax.result_info = "result[4]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg0: tensor<5xf32>, %arg1: tensor<5xi32>):
    %0 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (tensor<5xi32>) -> tensor<1xi32>
    %1 = "stablehlo.reshape"(%0) : (tensor<1xi32>) -> tensor<i32>
    %2 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %3 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %4 = "stablehlo.clamp"(%2, %1, %3) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = "stablehlo.case"(%4) ({
      %77 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %79 = "stablehlo.add"(%arg0, %78) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%79) : (tensor<5xf32>) -> ()
    }, {
      %76 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%76) : (tensor<5xf32>) -> ()
    }, {
      %75 = "stablehlo.negate"(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%75) : (tensor<5xf32>) -> ()
    }, {
      %70 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %71 = "stablehlo.reduce"(%arg0, %70) <{dimensions = array<i64: 0>}> ({
      ^bb0(%arg10: tensor<f32>, %arg11: tensor<f32>):
        %74 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%74) : (tensor<f32>) -> ()
      }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %72 = "stablehlo.broadcast_in_dim"(%71) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %73 = "stablehlo.multiply"(%72, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%73) : (tensor<5xf32>) -> ()
    }) : (tensor<i32>) -> tensor<5xf32>
    %6 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<5xi32>) -> tensor<1xi32>
    %7 = "stablehlo.reshape"(%6) : (tensor<1xi32>) -> tensor<i32>
    %8 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %9 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %10 = "stablehlo.clamp"(%8, %7, %9) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %11 = "stablehlo.case"(%10) ({
      %67 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %68 = "stablehlo.broadcast_in_dim"(%67) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %69 = "stablehlo.add"(%arg0, %68) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%69) : (tensor<5xf32>) -> ()
    }, {
      %66 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%66) : (tensor<5xf32>) -> ()
    }, {
      %65 = "stablehlo.negate"(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%65) : (tensor<5xf32>) -> ()
    }, {
      %60 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %61 = "stablehlo.reduce"(%arg0, %60) <{dimensions = array<i64: 0>}> ({
      ^bb0(%arg8: tensor<f32>, %arg9: tensor<f32>):
        %64 = "stablehlo.add"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%64) : (tensor<f32>) -> ()
      }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %62 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %63 = "stablehlo.multiply"(%62, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%63) : (tensor<5xf32>) -> ()
    }) : (tensor<i32>) -> tensor<5xf32>
    %12 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64: 3>, start_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<5xi32>) -> tensor<1xi32>
    %13 = "stablehlo.reshape"(%12) : (tensor<1xi32>) -> tensor<i32>
    %14 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %15 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %16 = "stablehlo.clamp"(%14, %13, %15) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %17 = "stablehlo.case"(%16) ({
      %57 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %58 = "stablehlo.broadcast_in_dim"(%57) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %59 = "stablehlo.add"(%arg0, %58) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%59) : (tensor<5xf32>) -> ()
    }, {
      %56 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%56) : (tensor<5xf32>) -> ()
    }, {
      %55 = "stablehlo.negate"(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%55) : (tensor<5xf32>) -> ()
    }, {
      %50 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %51 = "stablehlo.reduce"(%arg0, %50) <{dimensions = array<i64: 0>}> ({
      ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
        %54 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%54) : (tensor<f32>) -> ()
      }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %53 = "stablehlo.multiply"(%52, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%53) : (tensor<5xf32>) -> ()
    }) : (tensor<i32>) -> tensor<5xf32>
    %18 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64: 4>, start_indices = array<i64: 3>, strides = array<i64: 1>}> : (tensor<5xi32>) -> tensor<1xi32>
    %19 = "stablehlo.reshape"(%18) : (tensor<1xi32>) -> tensor<i32>
    %20 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %21 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %22 = "stablehlo.clamp"(%20, %19, %21) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %23 = "stablehlo.case"(%22) ({
      %47 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %48 = "stablehlo.broadcast_in_dim"(%47) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %49 = "stablehlo.add"(%arg0, %48) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%49) : (tensor<5xf32>) -> ()
    }, {
      %46 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%46) : (tensor<5xf32>) -> ()
    }, {
      %45 = "stablehlo.negate"(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%45) : (tensor<5xf32>) -> ()
    }, {
      %40 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %41 = "stablehlo.reduce"(%arg0, %40) <{dimensions = array<i64: 0>}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %44 = "stablehlo.add"(%arg4, %arg5) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%44) : (tensor<f32>) -> ()
      }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %43 = "stablehlo.multiply"(%42, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%43) : (tensor<5xf32>) -> ()
    }) : (tensor<i32>) -> tensor<5xf32>
    %24 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64: 5>, start_indices = array<i64: 4>, strides = array<i64: 1>}> : (tensor<5xi32>) -> tensor<1xi32>
    %25 = "stablehlo.reshape"(%24) : (tensor<1xi32>) -> tensor<i32>
    %26 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %27 = "stablehlo.constant"() <{value = dense<3> : tensor<i32>}> : () -> tensor<i32>
    %28 = "stablehlo.clamp"(%26, %25, %27) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %29 = "stablehlo.case"(%28) ({
      %37 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %38 = "stablehlo.broadcast_in_dim"(%37) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %39 = "stablehlo.add"(%arg0, %38) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%39) : (tensor<5xf32>) -> ()
    }, {
      %36 = "stablehlo.multiply"(%arg0, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%36) : (tensor<5xf32>) -> ()
    }, {
      %35 = "stablehlo.negate"(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%35) : (tensor<5xf32>) -> ()
    }, {
      %30 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
      %31 = "stablehlo.reduce"(%arg0, %30) <{dimensions = array<i64: 0>}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %34 = "stablehlo.add"(%arg2, %arg3) : (tensor<f32>, tensor<f32>) -> tensor<f32>
        "stablehlo.return"(%34) : (tensor<f32>) -> ()
      }) : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %32 = "stablehlo.broadcast_in_dim"(%31) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
      %33 = "stablehlo.multiply"(%32, %arg0) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
      "stablehlo.return"(%33) : (tensor<5xf32>) -> ()
    }) : (tensor<i32>) -> tensor<5xf32>
    "func.return"(%5, %11, %17, %23, %29) : (tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
