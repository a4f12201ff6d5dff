module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3x7x7xf64>, %arg1: tensor<4x3x3x3xf64>, %arg2: tensor<1x2x5xcomplex<f64>>, %arg3: tensor<2x2x3xcomplex<f64>>) -> (tensor<2x4x7x4xf64> {jax.result_info = "result[0]"}, tensor<1x2x5xcomplex<f64>> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1], window = {stride = [1, 2], pad = [[1, 1], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [1, 2], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x3x7x7xf64>, tensor<4x3x3x3xf64>) -> tensor<2x4x7x4xf64>
    %1 = stablehlo.real %arg2 : (tensor<1x2x5xcomplex<f64>>) -> tensor<1x2x5xf64>
    %2 = stablehlo.imag %arg2 : (tensor<1x2x5xcomplex<f64>>) -> tensor<1x2x5xf64>
    %3 = stablehlo.real %arg3 : (tensor<2x2x3xcomplex<f64>>) -> tensor<2x2x3xf64>
    %4 = stablehlo.imag %arg3 : (tensor<2x2x3xcomplex<f64>>) -> tensor<2x2x3xf64>
    %5 = stablehlo.add %1, %2 : tensor<1x2x5xf64>
    %6 = stablehlo.convolution(%5, %3) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x5xf64>, tensor<2x2x3xf64>) -> tensor<1x2x5xf64>
    %7 = stablehlo.subtract %4, %3 : tensor<2x2x3xf64>
    %8 = stablehlo.convolution(%1, %7) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x5xf64>, tensor<2x2x3xf64>) -> tensor<1x2x5xf64>
    %9 = stablehlo.add %3, %4 : tensor<2x2x3xf64>
    %10 = stablehlo.convolution(%2, %9) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [1], pad = [[1, 1]], lhs_dilate = [1], rhs_dilate = [1], reverse = [false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x2x5xf64>, tensor<2x2x3xf64>) -> tensor<1x2x5xf64>
    %11 = stablehlo.subtract %6, %10 : tensor<1x2x5xf64>
    %12 = stablehlo.add %6, %8 : tensor<1x2x5xf64>
    %13 = stablehlo.complex %11, %12 : tensor<1x2x5xcomplex<f64>>
    return %0, %13 : tensor<2x4x7x4xf64>, tensor<1x2x5xcomplex<f64>>
  }
}
