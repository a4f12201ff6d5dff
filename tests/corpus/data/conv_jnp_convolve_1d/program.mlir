module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> (tensor<24xf32> {jax.result_info = "result[0]"}, tensor<20xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}) {
    %0 = call @convolve(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<24xf32>
    %1 = call @convolve_0(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<20xf32>
    %2 = call @correlate(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<16xf32>
    return %0, %1, %2 : tensor<24xf32>, tensor<20xf32>, tensor<16xf32>
  }
  func.func private @convolve(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<24xf32> {
    %0 = call @_conv(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<24xf32>
    return %0 : tensor<24xf32>
  }
  func.func private @_conv(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<24xf32> {
    %0 = call @_flip(%arg1) : (tensor<5xf32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<20xf32>) -> tensor<1x1x20xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [2] : (tensor<5xf32>) -> tensor<1x1x5xf32>
    %3 = stablehlo.convolution(%1, %2) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[4, 4]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x20xf32>, tensor<1x1x5xf32>) -> tensor<1x1x24xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x1x24xf32>) -> tensor<24xf32>
    return %4 : tensor<24xf32>
  }
  func.func private @_flip(%arg0: tensor<5xf32>) -> tensor<5xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<5xf32>
    return %0 : tensor<5xf32>
  }
  func.func private @convolve_0(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<20xf32> {
    %0 = call @_conv_1(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<20xf32>
    return %0 : tensor<20xf32>
  }
  func.func private @_conv_1(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<20xf32> {
    %0 = call @_flip(%arg1) : (tensor<5xf32>) -> tensor<5xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<20xf32>) -> tensor<1x1x20xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [2] : (tensor<5xf32>) -> tensor<1x1x5xf32>
    %3 = stablehlo.convolution(%1, %2) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[2, 2]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x20xf32>, tensor<1x1x5xf32>) -> tensor<1x1x20xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x1x20xf32>) -> tensor<20xf32>
    return %4 : tensor<20xf32>
  }
  func.func private @correlate(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<16xf32> {
    %0 = call @_conv_2(%arg0, %arg1) : (tensor<20xf32>, tensor<5xf32>) -> tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @_conv_2(%arg0: tensor<20xf32>, %arg1: tensor<5xf32>) -> tensor<16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<20xf32>) -> tensor<1x1x20xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<5xf32>) -> tensor<1x1x5xf32>
    %2 = stablehlo.convolution(%0, %1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[0, 0]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x1x20xf32>, tensor<1x1x5xf32>) -> tensor<1x1x16xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x1x16xf32>) -> tensor<16xf32>
    return %3 : tensor<16xf32>
  }
}
