module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x7x16xf32>, %arg1: tensor<16xf32>, %arg2: tensor<16xf32>) -> (tensor<4x7x16xf32> {jax.result_info = "result[0]"}, tensor<4x7x16xf32> {jax.result_info = "result[1]"}, tensor<16xf32> {jax.result_info = "result[2]"}, tensor<16xf32> {jax.result_info = "result[3]"}, tensor<4x7x16xf32> {jax.result_info = "result[4]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x7x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<4x7x16xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<4x7x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<4x7x1xf32>
    %11 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %12 = stablehlo.subtract %arg0, %11 : tensor<4x7x16xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %14 = stablehlo.add %10, %13 : tensor<4x7x1xf32>
    %15 = stablehlo.rsqrt %14 : tensor<4x7x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %17 = stablehlo.multiply %12, %16 : tensor<4x7x16xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x7x16xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<4x7x16xf32>
    %21 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x7x16xf32>
    %23 = stablehlo.add %20, %22 : tensor<4x7x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_5 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %27 = stablehlo.divide %25, %26 : tensor<4x7x1xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %29 = stablehlo.subtract %arg0, %28 : tensor<4x7x16xf32>
    %30 = stablehlo.multiply %29, %29 : tensor<4x7x16xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4x7x16xf32>
    %32 = stablehlo.multiply %31, %29 : tensor<4x7x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%30 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_8 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %36 = stablehlo.divide %34, %35 : tensor<4x7x1xf32>
    %37 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %38 = stablehlo.subtract %arg0, %37 : tensor<4x7x16xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %40 = stablehlo.add %36, %39 : tensor<4x7x1xf32>
    %41 = stablehlo.rsqrt %40 : tensor<4x7x1xf32>
    %42 = stablehlo.divide %41, %40 : tensor<4x7x1xf32>
    %cst_10 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %44 = stablehlo.multiply %43, %42 : tensor<4x7x1xf32>
    %45 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %46 = stablehlo.multiply %38, %45 : tensor<4x7x16xf32>
    %47 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x7x16xf32>
    %49 = stablehlo.multiply %46, %48 : tensor<4x7x16xf32>
    %50 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x7x16xf32>
    %52 = stablehlo.add %49, %51 : tensor<4x7x16xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<4x7x16xf32>
    %54 = stablehlo.multiply %53, %52 : tensor<4x7x16xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<4x7x16xf32>
    %56 = stablehlo.multiply %55, %54 : tensor<4x7x16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.reduce(%56 init: %cst_13) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<16xf32>
    %58 = stablehlo.reshape %57 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.reduce(%58 init: %cst_14) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %60 = stablehlo.multiply %46, %56 : tensor<4x7x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %61 = stablehlo.reduce(%60 init: %cst_15) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<16xf32>
    %62 = stablehlo.reshape %61 : (tensor<16xf32>) -> tensor<1x1x16xf32>
    %63 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2] : (tensor<1x1x16xf32>) -> tensor<4x7x16xf32>
    %64 = stablehlo.multiply %56, %63 : tensor<4x7x16xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %65 = stablehlo.reduce(%62 init: %cst_16) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x16xf32>, tensor<f32>) -> tensor<16xf32>
    %66 = stablehlo.multiply %38, %64 : tensor<4x7x16xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.reduce(%66 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %68 = stablehlo.reshape %67 : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %69 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %70 = stablehlo.multiply %64, %69 : tensor<4x7x16xf32>
    %71 = stablehlo.multiply %68, %44 : tensor<4x7x1xf32>
    %72 = stablehlo.negate %70 : tensor<4x7x16xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %73 = stablehlo.reduce(%72 init: %cst_18) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %74 = stablehlo.reshape %73 : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_19 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %76 = stablehlo.divide %71, %75 : tensor<4x7x1xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%76 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<4x7x1xf32>, tensor<f32>) -> tensor<4x7xf32>
    %78 = stablehlo.broadcast_in_dim %77, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x16xf32>
    %79 = stablehlo.multiply %78, %32 : tensor<4x7x16xf32>
    %80 = stablehlo.negate %79 : tensor<4x7x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %81 = stablehlo.reduce(%80 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %82 = stablehlo.reshape %81 : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %83 = stablehlo.add %70, %79 : tensor<4x7x16xf32>
    %84 = stablehlo.add %74, %82 : tensor<4x7x1xf32>
    %cst_22 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %86 = stablehlo.divide %84, %85 : tensor<4x7x1xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %87 = stablehlo.reduce(%86 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<4x7x1xf32>, tensor<f32>) -> tensor<4x7xf32>
    %88 = stablehlo.broadcast_in_dim %87, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x16xf32>
    %89 = stablehlo.add %83, %88 : tensor<4x7x16xf32>
    %90 = call @standardize(%arg0) : (tensor<4x7x16xf32>) -> tensor<4x7x16xf32>
    return %23, %89, %65, %59, %90 : tensor<4x7x16xf32>, tensor<4x7x16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<4x7x16xf32>
  }
  func.func private @standardize(%arg0: tensor<4x7x16xf32>) -> tensor<4x7x16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<4x7x1xf32>
    %4 = chlo.square %arg0 : tensor<4x7x16xf32> -> tensor<4x7x16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<4x7x16xf32>, tensor<f32>) -> tensor<4x7xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<4x7xf32>) -> tensor<4x7x1xf32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %8 = stablehlo.divide %6, %7 : tensor<4x7x1xf32>
    %9 = chlo.square %3 : tensor<4x7x1xf32> -> tensor<4x7x1xf32>
    %10 = stablehlo.subtract %8, %9 : tensor<4x7x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %11 = call @clip(%10, %c) : (tensor<4x7x1xf32>, tensor<i32>) -> tensor<4x7x1xf32>
    %12 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %13 = stablehlo.subtract %arg0, %12 : tensor<4x7x16xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %15 = stablehlo.add %11, %14 : tensor<4x7x1xf32>
    %16 = stablehlo.rsqrt %15 : tensor<4x7x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<4x7x1xf32>) -> tensor<4x7x16xf32>
    %18 = stablehlo.multiply %13, %17 : tensor<4x7x16xf32>
    return %18 : tensor<4x7x16xf32>
  }
  func.func private @clip(%arg0: tensor<4x7x1xf32>, %arg1: tensor<i32>) -> tensor<4x7x1xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x7x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<4x7x1xf32>
    return %2 : tensor<4x7x1xf32>
  }
}
