module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x2x6x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> (tensor<4x3x4x2xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [0, b, 1, f]x[0, i, 1, o]->[f, 0, 1, b], window = {stride = [1, 1], pad = [[0, 0], [0, 0]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<5x2x6x3xf32>, tensor<3x3x3x4xf32>) -> tensor<4x3x4x2xf32>
    return %0 : tensor<4x3x4x2xf32>
  }
}
