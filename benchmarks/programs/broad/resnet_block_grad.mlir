module @jit_resnet_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x64x64xf32>, %arg1: tensor<3x3x64x64xf32>, %arg2: tensor<8x56x56x64xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[1][0]"}, tensor<3x3x64x64xf32> {jax.result_info = "result[1][1]"}) {
    %0 = stablehlo.convolution(%arg2, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %cst_0 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4:4 = call @_var(%0, %c) : (tensor<8x56x56x64xf32>, tensor<i32>) -> (tensor<64xf32>, tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>)
    %5 = stablehlo.broadcast_in_dim %3, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %7 = stablehlo.subtract %0, %6 : tensor<8x56x56x64xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %9 = stablehlo.add %4#0, %8 : tensor<64xf32>
    %10 = stablehlo.rsqrt %9 : tensor<64xf32>
    %11 = stablehlo.divide %10, %9 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<64xf32>
    %14 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %16 = stablehlo.multiply %7, %15 : tensor<8x56x56x64xf32>
    %17 = call @relu(%16) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %19 = stablehlo.compare GT, %16, %18, FLOAT : (tensor<8x56x56x64xf32>, tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xi1>
    %20 = stablehlo.convolution(%17, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %cst_5 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %23 = stablehlo.divide %21, %22 : tensor<64xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %24:4 = call @_var(%20, %c_6) : (tensor<8x56x56x64xf32>, tensor<i32>) -> (tensor<64xf32>, tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>)
    %25 = stablehlo.broadcast_in_dim %23, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %27 = stablehlo.subtract %20, %26 : tensor<8x56x56x64xf32>
    %cst_7 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %29 = stablehlo.add %24#0, %28 : tensor<64xf32>
    %30 = stablehlo.rsqrt %29 : tensor<64xf32>
    %31 = stablehlo.divide %30, %29 : tensor<64xf32>
    %cst_8 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %33 = stablehlo.multiply %32, %31 : tensor<64xf32>
    %34 = stablehlo.broadcast_in_dim %30, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %36 = stablehlo.multiply %27, %35 : tensor<8x56x56x64xf32>
    %37 = stablehlo.add %36, %arg2 : tensor<8x56x56x64xf32>
    %38 = call @relu(%37) : (tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %40 = stablehlo.compare GT, %37, %39, FLOAT : (tensor<8x56x56x64xf32>, tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xi1>
    %41 = stablehlo.multiply %38, %38 : tensor<8x56x56x64xf32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %43 = stablehlo.multiply %42, %38 : tensor<8x56x56x64xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %44 = stablehlo.reduce(%41 init: %cst_11) applies stablehlo.add across dimensions = [0, 1, 2, 3] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<f32>
    %cst_12 = stablehlo.constant dense<0x49C40000> : tensor<f32>
    %45 = stablehlo.divide %44, %cst_12 : tensor<f32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_14 = stablehlo.constant dense<0x49C40000> : tensor<f32>
    %46 = stablehlo.divide %cst_13, %cst_14 : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %48 = stablehlo.multiply %47, %43 : tensor<8x56x56x64xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %50 = stablehlo.select %40, %48, %49 : tensor<8x56x56x64xi1>, tensor<8x56x56x64xf32>
    %51 = stablehlo.multiply %27, %50 : tensor<8x56x56x64xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_16) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %53 = stablehlo.reshape %52 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %54 = stablehlo.broadcast_in_dim %34, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %55 = stablehlo.multiply %50, %54 : tensor<8x56x56x64xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%53 init: %cst_17) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %57 = stablehlo.multiply %56, %33 : tensor<64xf32>
    %58 = stablehlo.negate %55 : tensor<8x56x56x64xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_18) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %60 = stablehlo.reshape %59 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_19 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.reduce(%60 init: %cst_19) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %62 = call @_var_0(%24#1, %24#2, %24#3, %57) : (tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>, tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %63 = stablehlo.add %55, %62 : tensor<8x56x56x64xf32>
    %cst_20 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %65 = stablehlo.divide %61, %64 : tensor<64xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [3] : (tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %67 = stablehlo.add %63, %66 : tensor<8x56x56x64xf32>
    %68 = stablehlo.convolution(%17, %67) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<8x56x56x64xf32>) -> tensor<3x3x64x64xf32>
    %69 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x64x64xf32>
    %70 = stablehlo.convolution(%67, %69) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<3x3x64x64xf32>) -> tensor<8x56x56x64xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %72 = stablehlo.select %19, %70, %71 : tensor<8x56x56x64xi1>, tensor<8x56x56x64xf32>
    %73 = stablehlo.multiply %7, %72 : tensor<8x56x56x64xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %74 = stablehlo.reduce(%73 init: %cst_22) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %75 = stablehlo.reshape %74 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %76 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %77 = stablehlo.multiply %72, %76 : tensor<8x56x56x64xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%75 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %79 = stablehlo.multiply %78, %13 : tensor<64xf32>
    %80 = stablehlo.negate %77 : tensor<8x56x56x64xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %82 = stablehlo.reshape %81 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.reduce(%82 init: %cst_25) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %84 = call @_var_0(%4#1, %4#2, %4#3, %79) : (tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>, tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %85 = stablehlo.add %77, %84 : tensor<8x56x56x64xf32>
    %cst_26 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %87 = stablehlo.divide %83, %86 : tensor<64xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [3] : (tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %89 = stablehlo.add %85, %88 : tensor<8x56x56x64xf32>
    %90 = stablehlo.convolution(%arg2, %89) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<8x56x56x64xf32>, tensor<8x56x56x64xf32>) -> tensor<3x3x64x64xf32>
    return %45, %90, %68 : tensor<f32>, tensor<3x3x64x64xf32>, tensor<3x3x64x64xf32>
  }
  func.func private @_var(%arg0: tensor<8x56x56x64xf32>, %arg1: tensor<i32>) -> (tensor<64xf32>, tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x64xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x64xf32>) -> tensor<8x56x56x64xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<8x56x56x64xf32>
    %6 = chlo.square %5 : tensor<8x56x56x64xf32> -> tensor<8x56x56x64xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<8x56x56x64xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %13 = stablehlo.divide %11, %12 : tensor<64xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<64xf32>, tensor<f32>) -> tensor<64xf32>
    return %15, %8, %10, %14 : tensor<64xf32>, tensor<8x56x56x64xf32>, tensor<f32>, tensor<i1>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<64xf32>, %arg2: tensor<f32>) -> tensor<64xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<64xf32>
    return %2 : tensor<64xf32>
  }
  func.func private @relu(%arg0: tensor<8x56x56x64xf32>) -> tensor<8x56x56x64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x56x56x64xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x56x56x64xf32>
    return %1 : tensor<8x56x56x64xf32>
  }
  func.func private @_var_0(%arg0: tensor<8x56x56x64xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<64xf32>) -> tensor<8x56x56x64xf32> {
    %0 = call @_where_1(%arg2, %arg3) : (tensor<i1>, tensor<64xf32>) -> tensor<64xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %2 = stablehlo.divide %0, %1 : tensor<64xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<8x56x56x64xf32>
    %5 = stablehlo.negate %4 : tensor<8x56x56x64xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<8x56x56x64xf32>, tensor<f32>) -> tensor<64xf32>
    %7 = stablehlo.reshape %6 : (tensor<64xf32>) -> tensor<1x1x1x64xf32>
    %cst_0 = stablehlo.constant dense<2.508800e+04> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x64xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x64xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x64xf32>, tensor<f32>) -> tensor<64xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<64xf32>) -> tensor<8x56x56x64xf32>
    %12 = stablehlo.add %4, %11 : tensor<8x56x56x64xf32>
    return %12 : tensor<8x56x56x64xf32>
  }
  func.func private @_where_1(%arg0: tensor<i1>, %arg1: tensor<64xf32>) -> tensor<64xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<i1>, tensor<64xf32>
    return %1 : tensor<64xf32>
  }
}
