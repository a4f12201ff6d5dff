"builtin.module"() <{sym_name = "jit_f"}> ({
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xui32>) -> (tensor<3x4xf32>, tensor<5xf32>, tensor<6xui32>, tensor<4xui32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]"}, {jax.result_info = "result[3]"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg38: tensor<4xui32>):
    %133 = "stablehlo.reshape"(%arg38) : (tensor<4xui32>) -> tensor<2x2xui32>
    %134 = "stablehlo.slice"(%133) <{limit_indices = array<i64: 2, 1>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %135 = "stablehlo.reshape"(%134) : (tensor<2x1xui32>) -> tensor<2xui32>
    %136 = "stablehlo.slice"(%133) <{limit_indices = array<i64: 2, 2>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 1>}> : (tensor<2x2xui32>) -> tensor<2x1xui32>
    %137 = "stablehlo.reshape"(%136) : (tensor<2x1xui32>) -> tensor<2xui32>
    %138 = "stablehlo.iota"() <{iota_dimension = 0 : i64}> : () -> tensor<2xui64>
    %139 = "stablehlo.constant"() <{value = dense<1> : tensor<ui64>}> : () -> tensor<ui64>
    %140 = "stablehlo.broadcast_in_dim"(%139) <{broadcast_dimensions = array<i64>}> : (tensor<ui64>) -> tensor<2xui64>
    %141 = "stablehlo.multiply"(%140, %138) : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xui64>
    %142 = "stablehlo.constant"() <{value = dense<32> : tensor<ui64>}> : () -> tensor<ui64>
    %143 = "stablehlo.broadcast_in_dim"(%142) <{broadcast_dimensions = array<i64>}> : (tensor<ui64>) -> tensor<2xui64>
    %144 = "stablehlo.shift_right_logical"(%141, %143) : (tensor<2xui64>, tensor<2xui64>) -> tensor<2xui64>
    %145 = "stablehlo.convert"(%141) : (tensor<2xui64>) -> tensor<2xui32>
    %146 = "stablehlo.convert"(%144) : (tensor<2xui64>) -> tensor<2xui32>
    %147 = "stablehlo.broadcast_in_dim"(%146) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1x2xui32>
    %148 = "stablehlo.broadcast_in_dim"(%145) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2xui32>) -> tensor<1x2xui32>
    %149 = "stablehlo.broadcast_in_dim"(%135) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xui32>) -> tensor<2x1xui32>
    %150 = "stablehlo.broadcast_in_dim"(%137) <{broadcast_dimensions = array<i64: 0>}> : (tensor<2xui32>) -> tensor<2x1xui32>
    %151:2 = "func.call"(%149, %150, %147, %148) <{callee = @threefry2x32}> : (tensor<2x1xui32>, tensor<2x1xui32>, tensor<1x2xui32>, tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>)
    %152 = "stablehlo.broadcast_in_dim"(%151#0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %153 = "stablehlo.broadcast_in_dim"(%151#1) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x2xui32>) -> tensor<2x2x1xui32>
    %154 = "stablehlo.concatenate"(%152, %153) <{dimension = 2 : i64}> : (tensor<2x2x1xui32>, tensor<2x2x1xui32>) -> tensor<2x2x2xui32>
    %155 = "stablehlo.transpose"(%154) <{permutation = array<i64: 1, 0, 2>}> : (tensor<2x2x2xui32>) -> tensor<2x2x2xui32>
    %156 = "stablehlo.reshape"(%155) : (tensor<2x2x2xui32>) -> tensor<2x4xui32>
    %157 = "stablehlo.slice"(%156) <{limit_indices = array<i64: 1, 4>, start_indices = array<i64: 0, 0>, strides = array<i64: 1, 1>}> : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %158 = "stablehlo.reshape"(%157) : (tensor<1x4xui32>) -> tensor<4xui32>
    %159 = "stablehlo.slice"(%156) <{limit_indices = array<i64: 2, 4>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 1>}> : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %160 = "stablehlo.reshape"(%159) : (tensor<1x4xui32>) -> tensor<4xui32>
    %161 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %162 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %163 = "func.call"(%158, %161, %162) <{callee = @_uniform}> : (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
    %164 = "func.call"(%160) <{callee = @_normal}> : (tensor<4xui32>) -> tensor<5xf32>
    %165 = "stablehlo.reshape"(%158) : (tensor<4xui32>) -> tensor<2x2xui32>
    %166 = "stablehlo.bitcast_convert"(%165) : (tensor<2x2xui32>) -> tensor<2xui64>
    %167:2 = "stablehlo.rng_bit_generator"(%166) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<6xui32>)
    %168 = "stablehlo.bitcast_convert"(%167#0) : (tensor<2xui64>) -> tensor<2x2xui32>
    %169 = "stablehlo.reshape"(%168) : (tensor<2x2xui32>) -> tensor<4xui32>
    "func.return"(%163, %164, %167#1, %160) : (tensor<3x4xf32>, tensor<5xf32>, tensor<6xui32>, tensor<4xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x1xui32>, tensor<2x1xui32>, tensor<1x2xui32>, tensor<1x2xui32>) -> (tensor<2x2xui32>, tensor<2x2xui32>), sym_name = "threefry2x32", sym_visibility = "private"}> ({
  ^bb0(%arg16: tensor<2x1xui32>, %arg17: tensor<2x1xui32>, %arg18: tensor<1x2xui32>, %arg19: tensor<1x2xui32>):
    %113 = "stablehlo.constant"() <{value = dense<[13, 15, 26, 6]> : tensor<4xui32>}> : () -> tensor<4xui32>
    %114 = "stablehlo.constant"() <{value = dense<[17, 29, 16, 24]> : tensor<4xui32>}> : () -> tensor<4xui32>
    %115 = "stablehlo.xor"(%arg16, %arg17) : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x1xui32>
    %116 = "stablehlo.constant"() <{value = dense<466688986> : tensor<ui32>}> : () -> tensor<ui32>
    %117 = "stablehlo.broadcast_in_dim"(%116) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x1xui32>
    %118 = "stablehlo.xor"(%115, %117) : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x1xui32>
    %119 = "stablehlo.broadcast_in_dim"(%arg18) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %120 = "stablehlo.broadcast_in_dim"(%arg16) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %121 = "stablehlo.add"(%119, %120) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %122 = "stablehlo.broadcast_in_dim"(%arg19) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xui32>) -> tensor<2x2xui32>
    %123 = "stablehlo.broadcast_in_dim"(%arg17) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %124 = "stablehlo.add"(%122, %123) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %125 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %126 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %127:9 = "stablehlo.while"(%126, %125, %121, %124, %arg17, %118, %arg16, %113, %114) ({
    ^bb0(%arg29: tensor<i32>, %arg30: tensor<i32>, %arg31: tensor<2x2xui32>, %arg32: tensor<2x2xui32>, %arg33: tensor<2x1xui32>, %arg34: tensor<2x1xui32>, %arg35: tensor<2x1xui32>, %arg36: tensor<4xui32>, %arg37: tensor<4xui32>):
      %131 = "stablehlo.constant"() <{value = dense<5> : tensor<i32>}> : () -> tensor<i32>
      %132 = "stablehlo.compare"(%arg29, %131) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "stablehlo.return"(%132) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg20: tensor<i32>, %arg21: tensor<i32>, %arg22: tensor<2x2xui32>, %arg23: tensor<2x2xui32>, %arg24: tensor<2x1xui32>, %arg25: tensor<2x1xui32>, %arg26: tensor<2x1xui32>, %arg27: tensor<4xui32>, %arg28: tensor<4xui32>):
      %128:8 = "func.call"(%arg21, %arg22, %arg23, %arg24, %arg25, %arg26, %arg27, %arg28) <{callee = @closed_call}> : (tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %129 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %130 = "stablehlo.add"(%arg20, %129) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "stablehlo.return"(%130, %128#0, %128#1, %128#2, %128#3, %128#4, %128#5, %128#6, %128#7) : (tensor<i32>, tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> ()
    }) : (tensor<i32>, tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>)
    "func.return"(%127#2, %127#3) : (tensor<2x2xui32>, tensor<2x2xui32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>), res_attrs = [{}, {}, {}, {}, {}, {}, {}, {}], sym_name = "closed_call", sym_visibility = "private"}> ({
  ^bb0(%arg8: tensor<i32>, %arg9: tensor<2x2xui32>, %arg10: tensor<2x2xui32>, %arg11: tensor<2x1xui32>, %arg12: tensor<2x1xui32>, %arg13: tensor<2x1xui32>, %arg14: tensor<4xui32>, %arg15: tensor<4xui32>):
    %58 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %59 = "stablehlo.add"(%arg8, %58) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %60 = "stablehlo.slice"(%arg14) <{limit_indices = array<i64: 1>, start_indices = array<i64: 0>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %61 = "stablehlo.reshape"(%60) : (tensor<1xui32>) -> tensor<ui32>
    %62 = "stablehlo.add"(%arg9, %arg10) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %63 = "stablehlo.broadcast_in_dim"(%61) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %64 = "stablehlo.shift_left"(%arg10, %63) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %65 = "stablehlo.constant"() <{value = dense<32> : tensor<ui32>}> : () -> tensor<ui32>
    %66 = "stablehlo.subtract"(%65, %61) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    %67 = "stablehlo.broadcast_in_dim"(%66) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %68 = "stablehlo.shift_right_logical"(%arg10, %67) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %69 = "stablehlo.or"(%64, %68) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %70 = "stablehlo.xor"(%62, %69) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %71 = "stablehlo.slice"(%arg14) <{limit_indices = array<i64: 2>, start_indices = array<i64: 1>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %72 = "stablehlo.reshape"(%71) : (tensor<1xui32>) -> tensor<ui32>
    %73 = "stablehlo.add"(%62, %70) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %74 = "stablehlo.broadcast_in_dim"(%72) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %75 = "stablehlo.shift_left"(%70, %74) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %76 = "stablehlo.constant"() <{value = dense<32> : tensor<ui32>}> : () -> tensor<ui32>
    %77 = "stablehlo.subtract"(%76, %72) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    %78 = "stablehlo.broadcast_in_dim"(%77) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %79 = "stablehlo.shift_right_logical"(%70, %78) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %80 = "stablehlo.or"(%75, %79) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %81 = "stablehlo.xor"(%73, %80) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %82 = "stablehlo.slice"(%arg14) <{limit_indices = array<i64: 3>, start_indices = array<i64: 2>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %83 = "stablehlo.reshape"(%82) : (tensor<1xui32>) -> tensor<ui32>
    %84 = "stablehlo.add"(%73, %81) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %85 = "stablehlo.broadcast_in_dim"(%83) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %86 = "stablehlo.shift_left"(%81, %85) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %87 = "stablehlo.constant"() <{value = dense<32> : tensor<ui32>}> : () -> tensor<ui32>
    %88 = "stablehlo.subtract"(%87, %83) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    %89 = "stablehlo.broadcast_in_dim"(%88) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %90 = "stablehlo.shift_right_logical"(%81, %89) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %91 = "stablehlo.or"(%86, %90) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %92 = "stablehlo.xor"(%84, %91) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %93 = "stablehlo.slice"(%arg14) <{limit_indices = array<i64: 4>, start_indices = array<i64: 3>, strides = array<i64: 1>}> : (tensor<4xui32>) -> tensor<1xui32>
    %94 = "stablehlo.reshape"(%93) : (tensor<1xui32>) -> tensor<ui32>
    %95 = "stablehlo.add"(%84, %92) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %96 = "stablehlo.broadcast_in_dim"(%94) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %97 = "stablehlo.shift_left"(%92, %96) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %98 = "stablehlo.constant"() <{value = dense<32> : tensor<ui32>}> : () -> tensor<ui32>
    %99 = "stablehlo.subtract"(%98, %94) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    %100 = "stablehlo.broadcast_in_dim"(%99) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %101 = "stablehlo.shift_right_logical"(%92, %100) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %102 = "stablehlo.or"(%97, %101) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %103 = "stablehlo.xor"(%95, %102) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %104 = "stablehlo.broadcast_in_dim"(%arg11) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %105 = "stablehlo.add"(%95, %104) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %106 = "stablehlo.broadcast_in_dim"(%arg12) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<2x1xui32>) -> tensor<2x2xui32>
    %107 = "stablehlo.add"(%103, %106) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    %108 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
    %109 = "stablehlo.add"(%arg8, %108) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %110 = "stablehlo.convert"(%109) : (tensor<i32>) -> tensor<ui32>
    %111 = "stablehlo.broadcast_in_dim"(%110) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<2x2xui32>
    %112 = "stablehlo.add"(%107, %111) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
    "func.return"(%59, %105, %112, %arg12, %arg13, %arg11, %arg15, %arg14) : (tensor<i32>, tensor<2x2xui32>, tensor<2x2xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<2x1xui32>, tensor<4xui32>, tensor<4xui32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>, res_attrs = [{}], sym_name = "_uniform", sym_visibility = "private"}> ({
  ^bb0(%arg5: tensor<4xui32>, %arg6: tensor<f32>, %arg7: tensor<f32>):
    %32 = "stablehlo.convert"(%arg6) : (tensor<f32>) -> tensor<f32>
    %33 = "stablehlo.convert"(%arg7) : (tensor<f32>) -> tensor<f32>
    %34 = "stablehlo.broadcast_in_dim"(%32) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1xf32>
    %35 = "stablehlo.broadcast_in_dim"(%33) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1xf32>
    %36 = "stablehlo.reshape"(%arg5) : (tensor<4xui32>) -> tensor<2x2xui32>
    %37 = "stablehlo.bitcast_convert"(%36) : (tensor<2x2xui32>) -> tensor<2xui64>
    %38:2 = "stablehlo.rng_bit_generator"(%37) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4xui32>)
    %39 = "stablehlo.bitcast_convert"(%38#0) : (tensor<2xui64>) -> tensor<2x2xui32>
    %40 = "stablehlo.reshape"(%39) : (tensor<2x2xui32>) -> tensor<4xui32>
    %41 = "stablehlo.constant"() <{value = dense<9> : tensor<ui32>}> : () -> tensor<ui32>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<3x4xui32>
    %43 = "stablehlo.shift_right_logical"(%38#1, %42) : (tensor<3x4xui32>, tensor<3x4xui32>) -> tensor<3x4xui32>
    %44 = "stablehlo.constant"() <{value = dense<1065353216> : tensor<ui32>}> : () -> tensor<ui32>
    %45 = "stablehlo.broadcast_in_dim"(%44) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<3x4xui32>
    %46 = "stablehlo.or"(%43, %45) : (tensor<3x4xui32>, tensor<3x4xui32>) -> tensor<3x4xui32>
    %47 = "stablehlo.bitcast_convert"(%46) : (tensor<3x4xui32>) -> tensor<3x4xf32>
    %48 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %49 = "stablehlo.broadcast_in_dim"(%48) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<3x4xf32>
    %50 = "stablehlo.subtract"(%47, %49) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %51 = "stablehlo.subtract"(%35, %34) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
    %52 = "stablehlo.broadcast_in_dim"(%51) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xf32>) -> tensor<3x4xf32>
    %53 = "stablehlo.multiply"(%50, %52) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %54 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xf32>) -> tensor<3x4xf32>
    %55 = "stablehlo.add"(%53, %54) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %56 = "stablehlo.broadcast_in_dim"(%34) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x1xf32>) -> tensor<3x4xf32>
    %57 = "stablehlo.maximum"(%56, %55) : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    "func.return"(%57) : (tensor<3x4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xui32>) -> tensor<5xf32>, res_attrs = [{}], sym_name = "_normal", sym_visibility = "private"}> ({
  ^bb0(%arg4: tensor<4xui32>):
    %31 = "func.call"(%arg4) <{callee = @_normal_real}> : (tensor<4xui32>) -> tensor<5xf32>
    "func.return"(%31) : (tensor<5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4xui32>) -> tensor<5xf32>, res_attrs = [{}], sym_name = "_normal_real", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<4xui32>):
    %24 = "stablehlo.constant"() <{value = dense<-0.99999994> : tensor<f32>}> : () -> tensor<f32>
    %25 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %26 = "func.call"(%arg3, %24, %25) <{callee = @_uniform_0}> : (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %27 = "chlo.erf_inv"(%26) : (tensor<5xf32>) -> tensor<5xf32>
    %28 = "stablehlo.constant"() <{value = dense<1.41421354> : tensor<f32>}> : () -> tensor<f32>
    %29 = "stablehlo.broadcast_in_dim"(%28) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
    %30 = "stablehlo.multiply"(%29, %27) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    "func.return"(%30) : (tensor<5xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>, res_attrs = [{}], sym_name = "_uniform_0", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<4xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>):
    %0 = "stablehlo.broadcast_in_dim"(%arg1) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %1 = "stablehlo.broadcast_in_dim"(%arg2) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1xf32>
    %2 = "stablehlo.reshape"(%arg0) : (tensor<4xui32>) -> tensor<2x2xui32>
    %3 = "stablehlo.bitcast_convert"(%2) : (tensor<2x2xui32>) -> tensor<2xui64>
    %4:2 = "stablehlo.rng_bit_generator"(%3) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<5xui32>)
    %5 = "stablehlo.bitcast_convert"(%4#0) : (tensor<2xui64>) -> tensor<2x2xui32>
    %6 = "stablehlo.reshape"(%5) : (tensor<2x2xui32>) -> tensor<4xui32>
    %7 = "stablehlo.constant"() <{value = dense<9> : tensor<ui32>}> : () -> tensor<ui32>
    %8 = "stablehlo.broadcast_in_dim"(%7) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<5xui32>
    %9 = "stablehlo.shift_right_logical"(%4#1, %8) : (tensor<5xui32>, tensor<5xui32>) -> tensor<5xui32>
    %10 = "stablehlo.constant"() <{value = dense<1065353216> : tensor<ui32>}> : () -> tensor<ui32>
    %11 = "stablehlo.broadcast_in_dim"(%10) <{broadcast_dimensions = array<i64>}> : (tensor<ui32>) -> tensor<5xui32>
    %12 = "stablehlo.or"(%9, %11) : (tensor<5xui32>, tensor<5xui32>) -> tensor<5xui32>
    %13 = "stablehlo.bitcast_convert"(%12) : (tensor<5xui32>) -> tensor<5xf32>
    %14 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %15 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<5xf32>
    %16 = "stablehlo.subtract"(%13, %15) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %17 = "stablehlo.subtract"(%1, %0) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
    %18 = "stablehlo.broadcast_in_dim"(%17) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<5xf32>
    %19 = "stablehlo.multiply"(%16, %18) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %20 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<5xf32>
    %21 = "stablehlo.add"(%19, %20) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    %22 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64: 0>}> : (tensor<1xf32>) -> tensor<5xf32>
    %23 = "stablehlo.maximum"(%22, %21) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
    "func.return"(%23) : (tensor<5xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
