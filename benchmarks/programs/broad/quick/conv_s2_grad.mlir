module @jit_conv_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1x28x28x64xf32>, %arg1: tensor<3x3x64x128xf32>) -> (tensor<1x28x28x64xf32> {jax.result_info = "result[0]"}, tensor<3x3x64x128xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [2, 2], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x28x28x64xf32>, tensor<3x3x64x128xf32>) -> tensor<1x14x14x128xf32>
    %1 = stablehlo.tanh %0 : tensor<1x14x14x128xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<1x14x14x128xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<1x14x14x128xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x14x14x128xf32>
    %5 = stablehlo.multiply %4, %3 : tensor<1x14x14x128xf32>
    %6 = stablehlo.multiply %5, %1 : tensor<1x14x14x128xf32>
    %7 = stablehlo.add %5, %6 : tensor<1x14x14x128xf32>
    %8 = stablehlo.convolution(%arg0, %7) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[0, 1], [0, 1]], lhs_dilate = [1, 1], rhs_dilate = [2, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x28x28x64xf32>, tensor<1x14x14x128xf32>) -> tensor<3x3x64x128xf32>
    %9 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x64x128xf32>
    %10 = stablehlo.convolution(%7, %9) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[2, 1], [2, 1]], lhs_dilate = [2, 2], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x14x14x128xf32>, tensor<3x3x64x128xf32>) -> tensor<1x28x28x64xf32>
    return %10, %8 : tensor<1x28x28x64xf32>, tensor<3x3x64x128xf32>
  }
}
