"builtin.module"() <{sym_name = "jit_f"}> ({
  "func.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}], function_type = (tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x8xf32>, tensor<8xf32>, tensor<8x10xf32>, tensor<4x12x12x3xf32>, tensor<4xi32>) -> (tensor<4x10xf32>, tensor<f32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x8xf32>, tensor<8xf32>, tensor<8x10xf32>), res_attrs = [{jax.result_info = "result[0]"}, {jax.result_info = "result[1]"}, {jax.result_info = "result[2]['b']"}, {jax.result_info = "result[2]['c1']"}, {jax.result_info = "result[2]['c2']"}, {jax.result_info = "result[2]['g']"}, {jax.result_info = "result[2]['w']"}], sym_name = "main", sym_visibility = "public"}> ({
  ^bb0(%arg50: tensor<8xf32>, %arg51: tensor<3x3x3x8xf32>, %arg52: tensor<3x3x8x8xf32>, %arg53: tensor<8xf32>, %arg54: tensor<8x10xf32>, %arg55: tensor<4x12x12x3xf32>, %arg56: tensor<4xi32>):
    %136 = "stablehlo.convolution"(%arg55, %arg51) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x12x12x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x12x12x8xf32>
    %137 = "func.call"(%136) <{callee = @relu}> : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %138 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %139 = "stablehlo.broadcast_in_dim"(%138) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %140 = "stablehlo.compare"(%136, %139) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x12x12x8xf32>, tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xi1>
    %141 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %142 = "stablehlo.broadcast_in_dim"(%141) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %143 = "stablehlo.reduce_window"(%137, %142) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg95: tensor<f32>, %arg96: tensor<f32>):
      %335 = "stablehlo.maximum"(%arg95, %arg96) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%335) : (tensor<f32>) -> ()
    }) : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %144 = "stablehlo.convolution"(%143, %arg52) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %145 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %146 = "stablehlo.reduce"(%144, %145) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg93: tensor<f32>, %arg94: tensor<f32>):
      %334 = "stablehlo.add"(%arg93, %arg94) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%334) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %147 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %148 = "stablehlo.broadcast_in_dim"(%147) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %149 = "stablehlo.divide"(%146, %148) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %150 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %151:4 = "func.call"(%144, %150) <{callee = @_var}> : (tensor<4x6x6x8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>)
    %152 = "stablehlo.broadcast_in_dim"(%149) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %153 = "stablehlo.broadcast_in_dim"(%152) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %154 = "stablehlo.subtract"(%144, %153) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %155 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %156 = "stablehlo.broadcast_in_dim"(%155) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %157 = "stablehlo.add"(%151#0, %156) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %158 = "stablehlo.sqrt"(%157) : (tensor<8xf32>) -> tensor<8xf32>
    %159 = "stablehlo.constant"() <{value = dense<5.000000e-01> : tensor<f32>}> : () -> tensor<f32>
    %160 = "stablehlo.broadcast_in_dim"(%159) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %161 = "stablehlo.divide"(%160, %158) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %162 = "stablehlo.broadcast_in_dim"(%158) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %163 = "stablehlo.broadcast_in_dim"(%162) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %164 = "stablehlo.divide"(%154, %163) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %165 = "stablehlo.multiply"(%162, %162) : (tensor<1x1x1x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %166 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %167 = "stablehlo.broadcast_in_dim"(%166) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %168 = "stablehlo.divide"(%167, %165) : (tensor<1x1x1x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %169 = "stablehlo.broadcast_in_dim"(%arg53) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %170 = "stablehlo.broadcast_in_dim"(%169) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %171 = "stablehlo.multiply"(%164, %170) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %172 = "stablehlo.broadcast_in_dim"(%arg50) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %173 = "stablehlo.broadcast_in_dim"(%172) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %174 = "stablehlo.add"(%171, %173) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %175 = "func.call"(%174) <{callee = @relu_0}> : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %176 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %177 = "stablehlo.broadcast_in_dim"(%176) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %178 = "stablehlo.compare"(%174, %177) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xi1>
    %179 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %180 = "stablehlo.broadcast_in_dim"(%179) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %181 = "stablehlo.reduce_window"(%175, %180) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg91: tensor<f32>, %arg92: tensor<f32>):
      %333 = "stablehlo.add"(%arg91, %arg92) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%333) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x3x3x8xf32>
    %182 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %183 = "stablehlo.broadcast_in_dim"(%182) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %184 = "stablehlo.divide"(%181, %183) : (tensor<4x3x3x8xf32>, tensor<4x3x3x8xf32>) -> tensor<4x3x3x8xf32>
    %185 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %186 = "stablehlo.reduce"(%184, %185) <{dimensions = array<i64: 1, 2>}> ({
    ^bb0(%arg89: tensor<f32>, %arg90: tensor<f32>):
      %332 = "stablehlo.add"(%arg89, %arg90) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%332) : (tensor<f32>) -> ()
    }) : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %187 = "stablehlo.constant"() <{value = dense<9.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %188 = "stablehlo.broadcast_in_dim"(%187) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %189 = "stablehlo.divide"(%186, %188) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %190 = "stablehlo.dot_general"(%189, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x8xf32>, tensor<8x10xf32>) -> tensor<4x10xf32>
    %191:3 = "func.call"(%190) <{callee = @log_softmax}> : (tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>)
    %192 = "stablehlo.broadcast_in_dim"(%arg56) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xi32>) -> tensor<4x1xi32>
    %193:2 = "func.call"(%191#0, %192) <{callee = @take_along_axis}> : (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>)
    %194 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %195 = "stablehlo.reduce"(%193#0, %194) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg87: tensor<f32>, %arg88: tensor<f32>):
      %331 = "stablehlo.add"(%arg87, %arg88) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%331) : (tensor<f32>) -> ()
    }) : (tensor<4x1xf32>, tensor<f32>) -> tensor<f32>
    %196 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %197 = "stablehlo.divide"(%195, %196) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %198 = "stablehlo.negate"(%197) : (tensor<f32>) -> tensor<f32>
    %199 = "stablehlo.constant"() <{value = dense<1.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %200 = "stablehlo.negate"(%199) : (tensor<f32>) -> tensor<f32>
    %201 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %202 = "stablehlo.divide"(%200, %201) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %203 = "stablehlo.broadcast_in_dim"(%202) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1xf32>
    %204 = "func.call"(%193#1, %203) <{callee = @take_along_axis_1}> : (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %205 = "func.call"(%191#1, %191#2, %204) <{callee = @log_softmax_2}> : (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %206 = "stablehlo.dot_general"(%205, %189) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf32>, tensor<4x8xf32>) -> tensor<10x8xf32>
    %207 = "stablehlo.transpose"(%206) <{permutation = array<i64: 1, 0>}> : (tensor<10x8xf32>) -> tensor<8x10xf32>
    %208 = "stablehlo.dot_general"(%205, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x10xf32>, tensor<8x10xf32>) -> tensor<4x8xf32>
    %209 = "stablehlo.constant"() <{value = dense<9.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %210 = "stablehlo.broadcast_in_dim"(%209) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %211 = "stablehlo.divide"(%208, %210) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %212 = "stablehlo.broadcast_in_dim"(%211) <{broadcast_dimensions = array<i64: 0, 3>}> : (tensor<4x8xf32>) -> tensor<4x3x3x8xf32>
    %213 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %214 = "stablehlo.broadcast_in_dim"(%213) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %215 = "stablehlo.divide"(%212, %214) : (tensor<4x3x3x8xf32>, tensor<4x3x3x8xf32>) -> tensor<4x3x3x8xf32>
    %216 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %217 = "stablehlo.pad"(%215, %216) <{edge_padding_high = array<i64: 0, 1, 1, 0>, edge_padding_low = array<i64: 0, 1, 1, 0>, interior_padding = array<i64: 0, 1, 1, 0>}> : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x7x7x8xf32>
    %218 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %219 = "stablehlo.broadcast_in_dim"(%218) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %220 = "stablehlo.reduce_window"(%217, %219) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 1, 1, 1>}> ({
    ^bb0(%arg85: tensor<f32>, %arg86: tensor<f32>):
      %330 = "stablehlo.add"(%arg85, %arg86) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%330) : (tensor<f32>) -> ()
    }) : (tensor<4x7x7x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %221 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %222 = "stablehlo.broadcast_in_dim"(%221) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %223 = "stablehlo.select"(%178, %220, %222) : (tensor<4x6x6x8xi1>, tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %224 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %225 = "stablehlo.reduce"(%223, %224) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg83: tensor<f32>, %arg84: tensor<f32>):
      %329 = "stablehlo.add"(%arg83, %arg84) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%329) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %226 = "stablehlo.reshape"(%225) : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %227 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %228 = "stablehlo.reduce"(%226, %227) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg81: tensor<f32>, %arg82: tensor<f32>):
      %328 = "stablehlo.add"(%arg81, %arg82) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%328) : (tensor<f32>) -> ()
    }) : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %229 = "stablehlo.multiply"(%164, %223) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %230 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %231 = "stablehlo.reduce"(%229, %230) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg79: tensor<f32>, %arg80: tensor<f32>):
      %327 = "stablehlo.add"(%arg79, %arg80) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%327) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %232 = "stablehlo.reshape"(%231) : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %233 = "stablehlo.broadcast_in_dim"(%169) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %234 = "stablehlo.multiply"(%223, %233) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %235 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %236 = "stablehlo.reduce"(%232, %235) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg77: tensor<f32>, %arg78: tensor<f32>):
      %326 = "stablehlo.add"(%arg77, %arg78) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%326) : (tensor<f32>) -> ()
    }) : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %237 = "stablehlo.broadcast_in_dim"(%168) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %238 = "stablehlo.multiply"(%234, %237) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %239 = "stablehlo.multiply"(%238, %154) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %240 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %241 = "stablehlo.reduce"(%239, %240) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg75: tensor<f32>, %arg76: tensor<f32>):
      %325 = "stablehlo.add"(%arg75, %arg76) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%325) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %242 = "stablehlo.reshape"(%241) : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %243 = "stablehlo.negate"(%242) : (tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %244 = "stablehlo.broadcast_in_dim"(%162) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %245 = "stablehlo.divide"(%234, %244) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %246 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %247 = "stablehlo.reduce"(%243, %246) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg73: tensor<f32>, %arg74: tensor<f32>):
      %324 = "stablehlo.add"(%arg73, %arg74) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%324) : (tensor<f32>) -> ()
    }) : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %248 = "stablehlo.multiply"(%247, %161) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %249 = "stablehlo.negate"(%245) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %250 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %251 = "stablehlo.reduce"(%249, %250) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg71: tensor<f32>, %arg72: tensor<f32>):
      %323 = "stablehlo.add"(%arg71, %arg72) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%323) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %252 = "stablehlo.reshape"(%251) : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %253 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %254 = "stablehlo.reduce"(%252, %253) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg69: tensor<f32>, %arg70: tensor<f32>):
      %322 = "stablehlo.add"(%arg69, %arg70) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%322) : (tensor<f32>) -> ()
    }) : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %255 = "func.call"(%151#1, %151#2, %151#3, %248) <{callee = @_var_3}> : (tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %256 = "stablehlo.add"(%245, %255) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %257 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %258 = "stablehlo.broadcast_in_dim"(%257) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %259 = "stablehlo.divide"(%254, %258) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %260 = "stablehlo.broadcast_in_dim"(%259) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %261 = "stablehlo.add"(%256, %260) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %262 = "stablehlo.convolution"(%143, %261) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<3x3x8x8xf32>
    %263 = "stablehlo.reverse"(%arg52) <{dimensions = array<i64: 0, 1>}> : (tensor<3x3x8x8xf32>) -> tensor<3x3x8x8xf32>
    %264 = "stablehlo.convolution"(%261, %263) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %265 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %266 = "stablehlo.pad"(%137, %265) <{edge_padding_high = array<i64: 0, 0, 0, 0>, edge_padding_low = array<i64: 0, 0, 0, 0>, interior_padding = array<i64: 0, 0, 0, 0>}> : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x12x12x8xf32>
    %267 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %268 = "stablehlo.select_and_scatter"(%266, %264, %267) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg67: tensor<f32>, %arg68: tensor<f32>):
      %321 = "stablehlo.compare"(%arg67, %arg68) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
      "stablehlo.return"(%321) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg65: tensor<f32>, %arg66: tensor<f32>):
      %320 = "stablehlo.add"(%arg65, %arg66) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%320) : (tensor<f32>) -> ()
    }) : (tensor<4x12x12x8xf32>, tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x12x12x8xf32>
    %269 = "stablehlo.slice"(%268) <{limit_indices = array<i64: 4, 12, 12, 8>, start_indices = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1, 1, 1>}> : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %270 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %271 = "stablehlo.broadcast_in_dim"(%270) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %272 = "stablehlo.select"(%140, %269, %271) : (tensor<4x12x12x8xi1>, tensor<4x12x12x8xf32>, tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %273 = "stablehlo.convolution"(%arg55, %272) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x12x12x3xf32>, tensor<4x12x12x8xf32>) -> tensor<3x3x3x8xf32>
    %274 = "stablehlo.convolution"(%arg55, %arg51) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x12x12x3xf32>, tensor<3x3x3x8xf32>) -> tensor<4x12x12x8xf32>
    %275 = "func.call"(%274) <{callee = @relu}> : (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    %276 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %277 = "stablehlo.broadcast_in_dim"(%276) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %278 = "stablehlo.reduce_window"(%275, %277) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg63: tensor<f32>, %arg64: tensor<f32>):
      %319 = "stablehlo.maximum"(%arg63, %arg64) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%319) : (tensor<f32>) -> ()
    }) : (tensor<4x12x12x8xf32>, tensor<f32>) -> tensor<4x6x6x8xf32>
    %279 = "stablehlo.convolution"(%278, %arg52) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<1> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 1>, window_reversal = array<i1: false, false>, window_strides = array<i64: 1, 1>}> : (tensor<4x6x6x8xf32>, tensor<3x3x8x8xf32>) -> tensor<4x6x6x8xf32>
    %280 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %281 = "stablehlo.reduce"(%279, %280) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg61: tensor<f32>, %arg62: tensor<f32>):
      %318 = "stablehlo.add"(%arg61, %arg62) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%318) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %282 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %283 = "stablehlo.broadcast_in_dim"(%282) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %284 = "stablehlo.divide"(%281, %283) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %285 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %286 = "func.call"(%279, %285) <{callee = @_var_5}> : (tensor<4x6x6x8xf32>, tensor<i32>) -> tensor<8xf32>
    %287 = "stablehlo.broadcast_in_dim"(%284) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %288 = "stablehlo.broadcast_in_dim"(%287) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %289 = "stablehlo.subtract"(%279, %288) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %290 = "stablehlo.constant"() <{value = dense<9.99999974E-6> : tensor<f32>}> : () -> tensor<f32>
    %291 = "stablehlo.broadcast_in_dim"(%290) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %292 = "stablehlo.add"(%286, %291) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %293 = "stablehlo.sqrt"(%292) : (tensor<8xf32>) -> tensor<8xf32>
    %294 = "stablehlo.broadcast_in_dim"(%293) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %295 = "stablehlo.broadcast_in_dim"(%294) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %296 = "stablehlo.divide"(%289, %295) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %297 = "stablehlo.broadcast_in_dim"(%arg53) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %298 = "stablehlo.broadcast_in_dim"(%297) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %299 = "stablehlo.multiply"(%296, %298) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %300 = "stablehlo.broadcast_in_dim"(%arg50) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %301 = "stablehlo.broadcast_in_dim"(%300) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %302 = "stablehlo.add"(%299, %301) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %303 = "func.call"(%302) <{callee = @relu_0}> : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %304 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %305 = "stablehlo.broadcast_in_dim"(%304) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<f32>
    %306 = "stablehlo.reduce_window"(%303, %305) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
    ^bb0(%arg59: tensor<f32>, %arg60: tensor<f32>):
      %317 = "stablehlo.add"(%arg59, %arg60) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%317) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<4x3x3x8xf32>
    %307 = "stablehlo.constant"() <{value = dense<4.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %308 = "stablehlo.broadcast_in_dim"(%307) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x3x3x8xf32>
    %309 = "stablehlo.divide"(%306, %308) : (tensor<4x3x3x8xf32>, tensor<4x3x3x8xf32>) -> tensor<4x3x3x8xf32>
    %310 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %311 = "stablehlo.reduce"(%309, %310) <{dimensions = array<i64: 1, 2>}> ({
    ^bb0(%arg57: tensor<f32>, %arg58: tensor<f32>):
      %316 = "stablehlo.add"(%arg57, %arg58) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%316) : (tensor<f32>) -> ()
    }) : (tensor<4x3x3x8xf32>, tensor<f32>) -> tensor<4x8xf32>
    %312 = "stablehlo.constant"() <{value = dense<9.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %313 = "stablehlo.broadcast_in_dim"(%312) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x8xf32>
    %314 = "stablehlo.divide"(%311, %313) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %315 = "stablehlo.dot_general"(%314, %arg54) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]}> : (tensor<4x8xf32>, tensor<8x10xf32>) -> tensor<4x10xf32>
    "func.return"(%315, %198, %228, %273, %262, %236, %207) : (tensor<4x10xf32>, tensor<f32>, tensor<8xf32>, tensor<3x3x3x8xf32>, tensor<3x3x8x8xf32>, tensor<8xf32>, tensor<8x10xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>, res_attrs = [{}], sym_name = "relu", sym_visibility = "private"}> ({
  ^bb0(%arg49: tensor<4x12x12x8xf32>):
    %133 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %134 = "stablehlo.broadcast_in_dim"(%133) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x12x12x8xf32>
    %135 = "stablehlo.maximum"(%arg49, %134) : (tensor<4x12x12x8xf32>, tensor<4x12x12x8xf32>) -> tensor<4x12x12x8xf32>
    "func.return"(%135) : (tensor<4x12x12x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x6x6x8xf32>, tensor<i32>) -> (tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>), res_attrs = [{}, {}, {}, {}], sym_name = "_var", sym_visibility = "private"}> ({
  ^bb0(%arg43: tensor<4x6x6x8xf32>, %arg44: tensor<i32>):
    %108 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %109 = "stablehlo.reduce"(%arg43, %108) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg47: tensor<f32>, %arg48: tensor<f32>):
      %132 = "stablehlo.add"(%arg47, %arg48) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%132) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %110 = "stablehlo.broadcast_in_dim"(%109) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %111 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %112 = "stablehlo.broadcast_in_dim"(%111) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %113 = "stablehlo.divide"(%110, %112) : (tensor<1x1x1x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %114 = "stablehlo.broadcast_in_dim"(%113) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %115 = "stablehlo.subtract"(%arg43, %114) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %116 = "chlo.square"(%115) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %117 = "stablehlo.constant"() <{value = dense<2.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %118 = "stablehlo.broadcast_in_dim"(%117) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %119 = "stablehlo.multiply"(%118, %115) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %120 = "stablehlo.convert"(%arg44) : (tensor<i32>) -> tensor<f32>
    %121 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %122 = "stablehlo.subtract"(%121, %120) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %123 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %124 = "stablehlo.reduce"(%116, %123) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg45: tensor<f32>, %arg46: tensor<f32>):
      %131 = "stablehlo.add"(%arg45, %arg46) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%131) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %125 = "stablehlo.broadcast_in_dim"(%122) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %126 = "stablehlo.divide"(%124, %125) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %127 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %128 = "stablehlo.compare"(%122, %127) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %129 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %130 = "func.call"(%128, %126, %129) <{callee = @_where}> : (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    "func.return"(%130, %119, %122, %128) : (tensor<8xf32>, tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>, res_attrs = [{}], sym_name = "_where", sym_visibility = "private"}> ({
  ^bb0(%arg40: tensor<i1>, %arg41: tensor<8xf32>, %arg42: tensor<f32>):
    %105 = "stablehlo.convert"(%arg42) : (tensor<f32>) -> tensor<f32>
    %106 = "stablehlo.broadcast_in_dim"(%105) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %107 = "stablehlo.select"(%arg40, %arg41, %106) : (tensor<i1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%107) : (tensor<8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>, res_attrs = [{}], sym_name = "relu_0", sym_visibility = "private"}> ({
  ^bb0(%arg39: tensor<4x6x6x8xf32>):
    %102 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %103 = "stablehlo.broadcast_in_dim"(%102) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x6x6x8xf32>
    %104 = "stablehlo.maximum"(%arg39, %103) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    "func.return"(%104) : (tensor<4x6x6x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}], function_type = (tensor<4x10xf32>) -> (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>), res_attrs = [{}, {}, {}], sym_name = "log_softmax", sym_visibility = "private"}> ({
  ^bb0(%arg34: tensor<4x10xf32>):
    %85 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %86 = "stablehlo.reduce"(%arg34, %85) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg37: tensor<f32>, %arg38: tensor<f32>):
      %101 = "stablehlo.maximum"(%arg37, %arg38) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%101) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %87 = "stablehlo.constant"() <{value = dense<0xFF800000> : tensor<f32>}> : () -> tensor<f32>
    %88 = "stablehlo.broadcast_in_dim"(%87) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4xf32>
    %89 = "stablehlo.maximum"(%88, %86) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %90 = "stablehlo.broadcast_in_dim"(%89) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %91 = "stablehlo.broadcast_in_dim"(%90) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %92 = "stablehlo.subtract"(%arg34, %91) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %93 = "stablehlo.exponential"(%92) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %94 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %95 = "stablehlo.reduce"(%93, %94) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg35: tensor<f32>, %arg36: tensor<f32>):
      %100 = "stablehlo.add"(%arg35, %arg36) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%100) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %96 = "stablehlo.broadcast_in_dim"(%95) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x1xf32>
    %97 = "stablehlo.log"(%96) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %98 = "stablehlo.broadcast_in_dim"(%97) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<4x1xf32>) -> tensor<4x10xf32>
    %99 = "stablehlo.subtract"(%92, %98) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    "func.return"(%99, %93, %96) : (tensor<4x10xf32>, tensor<4x10xf32>, tensor<4x1xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x10xf32>, tensor<4x1xi32>) -> (tensor<4x1xf32>, tensor<4x1x1xi32>), res_attrs = [{}, {}], sym_name = "take_along_axis", sym_visibility = "private"}> ({
  ^bb0(%arg30: tensor<4x10xf32>, %arg31: tensor<4x1xi32>):
    %62 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %63 = "stablehlo.broadcast_in_dim"(%62) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x1xi32>
    %64 = "stablehlo.compare"(%arg31, %63) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LT>}> : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi1>
    %65 = "stablehlo.constant"() <{value = dense<10> : tensor<i32>}> : () -> tensor<i32>
    %66 = "stablehlo.broadcast_in_dim"(%65) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x1xi32>
    %67 = "stablehlo.add"(%arg31, %66) : (tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %68 = "stablehlo.select"(%64, %67, %arg31) : (tensor<4x1xi1>, tensor<4x1xi32>, tensor<4x1xi32>) -> tensor<4x1xi32>
    %69 = "stablehlo.reshape"(%68) : (tensor<4x1xi32>) -> tensor<4x1x1xi32>
    %70 = "stablehlo.constant"() <{value = dense<9> : tensor<1xi32>}> : () -> tensor<1xi32>
    %71 = "stablehlo.constant"() <{value = dense<0> : tensor<i32>}> : () -> tensor<i32>
    %72 = "stablehlo.broadcast_in_dim"(%71) <{broadcast_dimensions = array<i64>}> : (tensor<i32>) -> tensor<4x1x1xi32>
    %73 = "stablehlo.compare"(%69, %72) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %74 = "stablehlo.broadcast_in_dim"(%70) <{broadcast_dimensions = array<i64: 2>}> : (tensor<1xi32>) -> tensor<1x1x1xi32>
    %75 = "stablehlo.broadcast_in_dim"(%74) <{broadcast_dimensions = array<i64: 0, 1, 2>}> : (tensor<1x1x1xi32>) -> tensor<4x1x1xi32>
    %76 = "stablehlo.compare"(%69, %75) <{compare_type = #stablehlo<comparison_type SIGNED>, comparison_direction = #stablehlo<comparison_direction LE>}> : (tensor<4x1x1xi32>, tensor<4x1x1xi32>) -> tensor<4x1x1xi1>
    %77 = "stablehlo.and"(%73, %76) : (tensor<4x1x1xi1>, tensor<4x1x1xi1>) -> tensor<4x1x1xi1>
    %78 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1>
    %79 = "stablehlo.reduce"(%77, %78) <{dimensions = array<i64: 2>}> ({
    ^bb0(%arg32: tensor<i1>, %arg33: tensor<i1>):
      %84 = "stablehlo.and"(%arg32, %arg33) : (tensor<i1>, tensor<i1>) -> tensor<i1>
      "stablehlo.return"(%84) : (tensor<i1>) -> ()
    }) : (tensor<4x1x1xi1>, tensor<i1>) -> tensor<4x1xi1>
    %80 = "stablehlo.gather"(%arg30, %69) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<4x10xf32>, tensor<4x1x1xi32>) -> tensor<4x1xf32>
    %81 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %82 = "stablehlo.broadcast_in_dim"(%81) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x1xf32>
    %83 = "stablehlo.select"(%79, %80, %82) : (tensor<4x1xi1>, tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    "func.return"(%83, %69) : (tensor<4x1xf32>, tensor<4x1x1xi32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>, res_attrs = [{}], sym_name = "take_along_axis_1", sym_visibility = "private"}> ({
  ^bb0(%arg26: tensor<4x1x1xi32>, %arg27: tensor<4x1xf32>):
    %58 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %59 = "stablehlo.broadcast_in_dim"(%58) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<4x10xf32>
    %60 = "stablehlo.scatter"(%59, %arg26, %arg27) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg28: tensor<f32>, %arg29: tensor<f32>):
      %61 = "stablehlo.add"(%arg28, %arg29) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%61) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<4x1x1xi32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    "func.return"(%60) : (tensor<4x10xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<4x10xf32>, tensor<4x1xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>, res_attrs = [{}], sym_name = "log_softmax_2", sym_visibility = "private"}> ({
  ^bb0(%arg19: tensor<4x10xf32>, %arg20: tensor<4x1xf32>, %arg21: tensor<4x10xf32>):
    %46 = "stablehlo.negate"(%arg21) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %47 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %48 = "stablehlo.reduce"(%46, %47) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg24: tensor<f32>, %arg25: tensor<f32>):
      %57 = "stablehlo.add"(%arg24, %arg25) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%57) : (tensor<f32>) -> ()
    }) : (tensor<4x10xf32>, tensor<f32>) -> tensor<4xf32>
    %49 = "stablehlo.reshape"(%48) : (tensor<4xf32>) -> tensor<4x1xf32>
    %50 = "stablehlo.divide"(%49, %arg20) : (tensor<4x1xf32>, tensor<4x1xf32>) -> tensor<4x1xf32>
    %51 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %52 = "stablehlo.reduce"(%50, %51) <{dimensions = array<i64: 1>}> ({
    ^bb0(%arg22: tensor<f32>, %arg23: tensor<f32>):
      %56 = "stablehlo.add"(%arg22, %arg23) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%56) : (tensor<f32>) -> ()
    }) : (tensor<4x1xf32>, tensor<f32>) -> tensor<4xf32>
    %53 = "stablehlo.broadcast_in_dim"(%52) <{broadcast_dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4x10xf32>
    %54 = "stablehlo.multiply"(%53, %arg19) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    %55 = "stablehlo.add"(%arg21, %54) : (tensor<4x10xf32>, tensor<4x10xf32>) -> tensor<4x10xf32>
    "func.return"(%55) : (tensor<4x10xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}, {}], function_type = (tensor<4x6x6x8xf32>, tensor<f32>, tensor<i1>, tensor<8xf32>) -> tensor<4x6x6x8xf32>, res_attrs = [{}], sym_name = "_var_3", sym_visibility = "private"}> ({
  ^bb0(%arg11: tensor<4x6x6x8xf32>, %arg12: tensor<f32>, %arg13: tensor<i1>, %arg14: tensor<8xf32>):
    %28 = "func.call"(%arg13, %arg14) <{callee = @_where_4}> : (tensor<i1>, tensor<8xf32>) -> tensor<8xf32>
    %29 = "stablehlo.broadcast_in_dim"(%arg12) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %30 = "stablehlo.divide"(%28, %29) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %31 = "stablehlo.broadcast_in_dim"(%30) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %32 = "stablehlo.multiply"(%31, %arg11) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %33 = "stablehlo.negate"(%32) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %34 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %35 = "stablehlo.reduce"(%33, %34) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg17: tensor<f32>, %arg18: tensor<f32>):
      %45 = "stablehlo.add"(%arg17, %arg18) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%45) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %36 = "stablehlo.reshape"(%35) : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %37 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %38 = "stablehlo.broadcast_in_dim"(%37) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %39 = "stablehlo.divide"(%36, %38) : (tensor<1x1x1x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %40 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %41 = "stablehlo.reduce"(%39, %40) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg15: tensor<f32>, %arg16: tensor<f32>):
      %44 = "stablehlo.add"(%arg15, %arg16) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%44) : (tensor<f32>) -> ()
    }) : (tensor<1x1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %42 = "stablehlo.broadcast_in_dim"(%41) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<4x6x6x8xf32>
    %43 = "stablehlo.add"(%32, %42) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    "func.return"(%43) : (tensor<4x6x6x8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<i1>, tensor<8xf32>) -> tensor<8xf32>, res_attrs = [{}], sym_name = "_where_4", sym_visibility = "private"}> ({
  ^bb0(%arg9: tensor<i1>, %arg10: tensor<8xf32>):
    %25 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %26 = "stablehlo.broadcast_in_dim"(%25) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %27 = "stablehlo.select"(%arg9, %arg10, %26) : (tensor<i1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%27) : (tensor<8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}], function_type = (tensor<4x6x6x8xf32>, tensor<i32>) -> tensor<8xf32>, res_attrs = [{}], sym_name = "_var_5", sym_visibility = "private"}> ({
  ^bb0(%arg3: tensor<4x6x6x8xf32>, %arg4: tensor<i32>):
    %3 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "stablehlo.reduce"(%arg3, %3) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %24 = "stablehlo.add"(%arg7, %arg8) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%24) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %5 = "stablehlo.broadcast_in_dim"(%4) <{broadcast_dimensions = array<i64: 3>}> : (tensor<8xf32>) -> tensor<1x1x1x8xf32>
    %6 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %7 = "stablehlo.broadcast_in_dim"(%6) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<1x1x1x8xf32>
    %8 = "stablehlo.divide"(%5, %7) : (tensor<1x1x1x8xf32>, tensor<1x1x1x8xf32>) -> tensor<1x1x1x8xf32>
    %9 = "stablehlo.broadcast_in_dim"(%8) <{broadcast_dimensions = array<i64: 0, 1, 2, 3>}> : (tensor<1x1x1x8xf32>) -> tensor<4x6x6x8xf32>
    %10 = "stablehlo.subtract"(%arg3, %9) : (tensor<4x6x6x8xf32>, tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %11 = "chlo.square"(%10) : (tensor<4x6x6x8xf32>) -> tensor<4x6x6x8xf32>
    %12 = "stablehlo.convert"(%arg4) : (tensor<i32>) -> tensor<f32>
    %13 = "stablehlo.constant"() <{value = dense<1.440000e+02> : tensor<f32>}> : () -> tensor<f32>
    %14 = "stablehlo.subtract"(%13, %12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
    %15 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %16 = "stablehlo.reduce"(%11, %15) <{dimensions = array<i64: 0, 1, 2>}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %23 = "stablehlo.add"(%arg5, %arg6) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      "stablehlo.return"(%23) : (tensor<f32>) -> ()
    }) : (tensor<4x6x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %17 = "stablehlo.broadcast_in_dim"(%14) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %18 = "stablehlo.divide"(%16, %17) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %19 = "stablehlo.constant"() <{value = dense<0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %20 = "stablehlo.compare"(%14, %19) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %21 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
    %22 = "func.call"(%20, %18, %21) <{callee = @_where_6}> : (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    "func.return"(%22) : (tensor<8xf32>) -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{}, {}, {}], function_type = (tensor<i1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>, res_attrs = [{}], sym_name = "_where_6", sym_visibility = "private"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>):
    %0 = "stablehlo.convert"(%arg2) : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.broadcast_in_dim"(%0) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<8xf32>
    %2 = "stablehlo.select"(%arg0, %arg1, %1) : (tensor<i1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"(%2) : (tensor<8xf32>) -> ()
  }) : () -> ()
}) {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} : () -> ()
