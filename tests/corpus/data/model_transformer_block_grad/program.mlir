module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x16xf32>, %arg1: tensor<16x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x24xf32>, %arg4: tensor<2x5x8xf32>) -> (tensor<2x5x8xf32> {jax.result_info = "result[0]"}, tensor<8x16xf32> {jax.result_info = "result[1]['f1']"}, tensor<16x8xf32> {jax.result_info = "result[1]['f2']"}, tensor<8x8xf32> {jax.result_info = "result[1]['o']"}, tensor<8x24xf32> {jax.result_info = "result[1]['qkv']"}) {
    %0 = call @standardize(%arg4) : (tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %1 = stablehlo.dot_general %0, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x24xf32>) -> tensor<2x5x24xf32>
    %2 = stablehlo.slice %1 [0:2, 0:5, 0:8] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %3 = stablehlo.slice %1 [0:2, 0:5, 8:16] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %4 = stablehlo.slice %1 [0:2, 0:5, 16:24] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %5 = stablehlo.transpose %3, dims = [0, 2, 1] : (tensor<2x5x8xf32>) -> tensor<2x8x5xf32>
    %6 = stablehlo.dot_general %2, %5, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x8x5xf32>) -> tensor<2x5x5xf32>
    %cst = stablehlo.constant dense<2.82842708> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x5xf32>
    %8 = stablehlo.divide %6, %7 : tensor<2x5x5xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_0) applies stablehlo.maximum across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %11 = stablehlo.maximum %10, %9 : tensor<2x5xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %14 = stablehlo.subtract %8, %13 : tensor<2x5x5xf32>
    %15 = stablehlo.exponential %14 : tensor<2x5x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.reduce(%15 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %19 = stablehlo.divide %15, %18 : tensor<2x5x5xf32>
    %20 = stablehlo.dot_general %19, %4, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %21 = stablehlo.dot_general %20, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %22 = stablehlo.add %arg4, %21 : tensor<2x5x8xf32>
    %23 = call @standardize(%22) : (tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %24 = stablehlo.dot_general %23, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x16xf32>) -> tensor<2x5x16xf32>
    %25 = stablehlo.multiply %24, %24 : tensor<2x5x16xf32>
    %26 = stablehlo.multiply %25, %24 : tensor<2x5x16xf32>
    %cst_3 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %28 = stablehlo.multiply %27, %26 : tensor<2x5x16xf32>
    %29 = stablehlo.add %24, %28 : tensor<2x5x16xf32>
    %cst_4 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %31 = stablehlo.multiply %30, %29 : tensor<2x5x16xf32>
    %32 = stablehlo.tanh %31 : tensor<2x5x16xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %34 = stablehlo.add %33, %32 : tensor<2x5x16xf32>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %36 = stablehlo.multiply %35, %34 : tensor<2x5x16xf32>
    %37 = stablehlo.multiply %24, %36 : tensor<2x5x16xf32>
    %38 = stablehlo.dot_general %37, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<16x8xf32>) -> tensor<2x5x8xf32>
    %39 = stablehlo.add %22, %38 : tensor<2x5x8xf32>
    %40 = call @standardize(%arg4) : (tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %41 = stablehlo.dot_general %40, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x24xf32>) -> tensor<2x5x24xf32>
    %42 = stablehlo.slice %41 [0:2, 0:5, 0:8] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %43 = stablehlo.slice %41 [0:2, 0:5, 8:16] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %44 = stablehlo.slice %41 [0:2, 0:5, 16:24] : (tensor<2x5x24xf32>) -> tensor<2x5x8xf32>
    %45 = stablehlo.transpose %43, dims = [0, 2, 1] : (tensor<2x5x8xf32>) -> tensor<2x8x5xf32>
    %46 = stablehlo.dot_general %42, %45, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x8x5xf32>) -> tensor<2x5x5xf32>
    %cst_7 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x5x5xf32>
    %48 = stablehlo.divide %46, %47 : tensor<2x5x5xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.reduce(%48 init: %cst_8) applies stablehlo.maximum across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %51 = stablehlo.maximum %50, %49 : tensor<2x5xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %54 = stablehlo.subtract %48, %53 : tensor<2x5x5xf32>
    %55 = stablehlo.exponential %54 : tensor<2x5x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.reduce(%55 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %59 = stablehlo.divide %55, %58 : tensor<2x5x5xf32>
    %60 = stablehlo.multiply %57, %57 : tensor<2x5x1xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %62 = stablehlo.divide %61, %60 : tensor<2x5x1xf32>
    %63 = stablehlo.dot_general %59, %44, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %64 = stablehlo.dot_general %63, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %65 = stablehlo.add %arg4, %64 : tensor<2x5x8xf32>
    %66:7 = call @standardize_0(%65) : (tensor<2x5x8xf32>) -> (tensor<2x5x8xf32>, tensor<2x5x8xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x8xf32>)
    %67 = stablehlo.dot_general %66#0, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x16xf32>) -> tensor<2x5x16xf32>
    %68 = stablehlo.multiply %67, %67 : tensor<2x5x16xf32>
    %69 = stablehlo.multiply %68, %67 : tensor<2x5x16xf32>
    %70 = stablehlo.multiply %67, %67 : tensor<2x5x16xf32>
    %cst_12 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %71 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %72 = stablehlo.multiply %71, %70 : tensor<2x5x16xf32>
    %cst_13 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %74 = stablehlo.multiply %73, %69 : tensor<2x5x16xf32>
    %75 = stablehlo.add %67, %74 : tensor<2x5x16xf32>
    %cst_14 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %77 = stablehlo.multiply %76, %75 : tensor<2x5x16xf32>
    %78 = stablehlo.tanh %77 : tensor<2x5x16xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %80 = stablehlo.subtract %79, %78 : tensor<2x5x16xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %81 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %82 = stablehlo.add %81, %78 : tensor<2x5x16xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %84 = stablehlo.multiply %83, %82 : tensor<2x5x16xf32>
    %85 = stablehlo.multiply %67, %84 : tensor<2x5x16xf32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x5x8xf32>
    %87 = stablehlo.dot_general %86, %85, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x16xf32>) -> tensor<8x16xf32>
    %88 = stablehlo.transpose %87, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %89 = stablehlo.dot_general %86, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<16x8xf32>) -> tensor<2x5x16xf32>
    %90 = stablehlo.multiply %67, %89 : tensor<2x5x16xf32>
    %91 = stablehlo.multiply %89, %84 : tensor<2x5x16xf32>
    %cst_19 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %92 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %93 = stablehlo.multiply %92, %90 : tensor<2x5x16xf32>
    %94 = stablehlo.multiply %93, %80 : tensor<2x5x16xf32>
    %95 = stablehlo.multiply %94, %78 : tensor<2x5x16xf32>
    %96 = stablehlo.add %94, %95 : tensor<2x5x16xf32>
    %cst_20 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %98 = stablehlo.multiply %97, %96 : tensor<2x5x16xf32>
    %99 = stablehlo.add %91, %98 : tensor<2x5x16xf32>
    %cst_21 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x5x16xf32>
    %101 = stablehlo.multiply %100, %98 : tensor<2x5x16xf32>
    %102 = stablehlo.multiply %101, %72 : tensor<2x5x16xf32>
    %103 = stablehlo.add %99, %102 : tensor<2x5x16xf32>
    %104 = stablehlo.dot_general %103, %66#0, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<2x5x8xf32>) -> tensor<16x8xf32>
    %105 = stablehlo.transpose %104, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %106 = stablehlo.dot_general %103, %arg0, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x16xf32>, tensor<8x16xf32>) -> tensor<2x5x8xf32>
    %107 = call @standardize_2(%66#1, %66#2, %66#3, %66#4, %66#5, %66#6, %106) : (tensor<2x5x8xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %108 = stablehlo.add %86, %107 : tensor<2x5x8xf32>
    %109 = stablehlo.dot_general %108, %63, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %110 = stablehlo.transpose %109, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %111 = stablehlo.dot_general %108, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %112 = stablehlo.dot_general %111, %59, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x5xf32>) -> tensor<2x8x5xf32>
    %113 = stablehlo.transpose %112, dims = [0, 2, 1] : (tensor<2x8x5xf32>) -> tensor<2x5x8xf32>
    %114 = stablehlo.dot_general %111, %44, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x5xf32>
    %115 = stablehlo.broadcast_in_dim %62, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %116 = stablehlo.multiply %114, %115 : tensor<2x5x5xf32>
    %117 = stablehlo.multiply %116, %55 : tensor<2x5x5xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%117 init: %cst_22) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %119 = stablehlo.reshape %118 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %120 = stablehlo.negate %119 : tensor<2x5x1xf32>
    %121 = stablehlo.broadcast_in_dim %57, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %122 = stablehlo.divide %114, %121 : tensor<2x5x5xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.reduce(%120 init: %cst_23) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
    %125 = stablehlo.add %122, %124 : tensor<2x5x5xf32>
    %126 = stablehlo.multiply %125, %55 : tensor<2x5x5xf32>
    %cst_24 = stablehlo.constant dense<2.82842708> : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x5x5xf32>
    %128 = stablehlo.divide %126, %127 : tensor<2x5x5xf32>
    %129 = stablehlo.dot_general %128, %42, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %130 = stablehlo.transpose %129, dims = [0, 2, 1] : (tensor<2x5x8xf32>) -> tensor<2x8x5xf32>
    %131 = stablehlo.dot_general %128, %45, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x8x5xf32>) -> tensor<2x5x8xf32>
    %132 = stablehlo.transpose %130, dims = [0, 2, 1] : (tensor<2x8x5xf32>) -> tensor<2x5x8xf32>
    %133 = stablehlo.concatenate %131, %132, %113, dim = 2 : (tensor<2x5x8xf32>, tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x24xf32>
    %134 = stablehlo.dot_general %133, %40, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x24xf32>, tensor<2x5x8xf32>) -> tensor<24x8xf32>
    %135 = stablehlo.transpose %134, dims = [1, 0] : (tensor<24x8xf32>) -> tensor<8x24xf32>
    return %39, %105, %88, %110, %135 : tensor<2x5x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8x8xf32>, tensor<8x24xf32>
  }
  func.func private @standardize(%arg0: tensor<2x5x8xf32>) -> tensor<2x5x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x5x1xf32>
    %4 = chlo.square %arg0 : tensor<2x5x8xf32> -> tensor<2x5x8xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_2 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %8 = stablehlo.divide %6, %7 : tensor<2x5x1xf32>
    %9 = chlo.square %3 : tensor<2x5x1xf32> -> tensor<2x5x1xf32>
    %10 = stablehlo.subtract %8, %9 : tensor<2x5x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %11 = call @clip(%10, %c) : (tensor<2x5x1xf32>, tensor<i32>) -> tensor<2x5x1xf32>
    %12 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x8xf32>
    %13 = stablehlo.subtract %arg0, %12 : tensor<2x5x8xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %15 = stablehlo.add %11, %14 : tensor<2x5x1xf32>
    %16 = stablehlo.rsqrt %15 : tensor<2x5x1xf32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x8xf32>
    %18 = stablehlo.multiply %13, %17 : tensor<2x5x8xf32>
    return %18 : tensor<2x5x8xf32>
  }
  func.func private @clip(%arg0: tensor<2x5x1xf32>, %arg1: tensor<i32>) -> tensor<2x5x1xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<2x5x1xf32>
    return %2 : tensor<2x5x1xf32>
  }
  func.func private @standardize_0(%arg0: tensor<2x5x8xf32>) -> (tensor<2x5x8xf32>, tensor<2x5x8xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x8xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x5x1xf32>
    %4 = chlo.square %arg0 : tensor<2x5x8xf32> -> tensor<2x5x8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x8xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x5x8xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%4 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_3 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x5x1xf32>
    %11 = chlo.square %3 : tensor<2x5x1xf32> -> tensor<2x5x1xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %13 = stablehlo.multiply %12, %3 : tensor<2x5x1xf32>
    %14 = stablehlo.subtract %10, %11 : tensor<2x5x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %15:2 = call @clip_1(%14, %c) : (tensor<2x5x1xf32>, tensor<i32>) -> (tensor<2x5x1xf32>, tensor<2x5x1xf32>)
    %16 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x8xf32>
    %17 = stablehlo.subtract %arg0, %16 : tensor<2x5x8xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %19 = stablehlo.add %15#0, %18 : tensor<2x5x1xf32>
    %20 = stablehlo.rsqrt %19 : tensor<2x5x1xf32>
    %21 = stablehlo.divide %20, %19 : tensor<2x5x1xf32>
    %cst_6 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<2x5x1xf32>
    %24 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x8xf32>
    %25 = stablehlo.multiply %17, %24 : tensor<2x5x8xf32>
    return %25, %6, %13, %15#1, %23, %20, %17 : tensor<2x5x8xf32>, tensor<2x5x8xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x1xf32>, tensor<2x5x8xf32>
  }
  func.func private @clip_1(%arg0: tensor<2x5x1xf32>, %arg1: tensor<i32>) -> (tensor<2x5x1xf32>, tensor<2x5x1xf32>) {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<2x5x1xf32>
    %3 = stablehlo.compare EQ, %arg0, %2, FLOAT : (tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x1xi1>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %6 = stablehlo.select %3, %4, %5 : tensor<2x5x1xi1>, tensor<2x5x1xf32>
    %7 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %8 = stablehlo.compare EQ, %7, %2, FLOAT : (tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x1xi1>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %11 = stablehlo.select %8, %9, %10 : tensor<2x5x1xi1>, tensor<2x5x1xf32>
    %12 = stablehlo.divide %6, %11 : tensor<2x5x1xf32>
    return %2, %12 : tensor<2x5x1xf32>, tensor<2x5x1xf32>
  }
  func.func private @standardize_2(%arg0: tensor<2x5x8xf32>, %arg1: tensor<2x5x1xf32>, %arg2: tensor<2x5x1xf32>, %arg3: tensor<2x5x1xf32>, %arg4: tensor<2x5x1xf32>, %arg5: tensor<2x5x8xf32>, %arg6: tensor<2x5x8xf32>) -> tensor<2x5x8xf32> {
    %0 = stablehlo.multiply %arg5, %arg6 : tensor<2x5x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %3 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x8xf32>
    %4 = stablehlo.multiply %arg6, %3 : tensor<2x5x8xf32>
    %5 = stablehlo.multiply %2, %arg3 : tensor<2x5x1xf32>
    %6 = stablehlo.negate %4 : tensor<2x5x8xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x5xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %9 = call @clip_3(%arg2, %5) : (tensor<2x5x1xf32>, tensor<2x5x1xf32>) -> tensor<2x5x1xf32>
    %10 = stablehlo.negate %9 : tensor<2x5x1xf32>
    %11 = stablehlo.multiply %10, %arg1 : tensor<2x5x1xf32>
    %12 = stablehlo.add %8, %11 : tensor<2x5x1xf32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %14 = stablehlo.divide %9, %13 : tensor<2x5x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %17 = stablehlo.multiply %16, %arg0 : tensor<2x5x8xf32>
    %18 = stablehlo.add %4, %17 : tensor<2x5x8xf32>
    %cst_3 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %20 = stablehlo.divide %12, %19 : tensor<2x5x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.reduce(%20 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %22 = stablehlo.broadcast_in_dim %21, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x8xf32>
    %23 = stablehlo.add %18, %22 : tensor<2x5x8xf32>
    return %23 : tensor<2x5x8xf32>
  }
  func.func private @clip_3(%arg0: tensor<2x5x1xf32>, %arg1: tensor<2x5x1xf32>) -> tensor<2x5x1xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<2x5x1xf32>
    return %0 : tensor<2x5x1xf32>
  }
}
