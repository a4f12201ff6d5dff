module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xbf16>) -> (tensor<5x6xbf16> {jax.result_info = "result[0]"}, tensor<4x5xbf16> {jax.result_info = "result[1]"}, tensor<5xbf16> {jax.result_info = "result[2]"}, tensor<4x6xbf16> {jax.result_info = "result[3]"}, tensor<bf16> {jax.result_info = "result[4]"}, tensor<bf16> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x5x6xbf16>) -> tensor<4x5x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4x5x6xf32>, tensor<f32>) -> tensor<5x6xf32>
    %2 = stablehlo.convert %1 : (tensor<5x6xf32>) -> tensor<5x6xbf16>
    %3 = stablehlo.convert %arg0 : (tensor<4x5x6xbf16>) -> tensor<4x5x6xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.multiply across dimensions = [2] : (tensor<4x5x6xf32>, tensor<f32>) -> tensor<4x5xf32>
    %5 = stablehlo.convert %4 : (tensor<4x5xf32>) -> tensor<4x5xbf16>
    %cst_1 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %6 = stablehlo.reduce(%arg0 init: %cst_1) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<4x5x6xbf16>, tensor<bf16>) -> tensor<5xbf16>
    %cst_2 = stablehlo.constant dense<0x7F80> : tensor<bf16>
    %7 = stablehlo.reduce(%arg0 init: %cst_2) applies stablehlo.minimum across dimensions = [1] : (tensor<4x5x6xbf16>, tensor<bf16>) -> tensor<4x6xbf16>
    %8 = stablehlo.convert %arg0 : (tensor<4x5x6xbf16>) -> tensor<4x5x6xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%8 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x6xf32>, tensor<f32>) -> tensor<f32>
    %10 = stablehlo.convert %9 : (tensor<f32>) -> tensor<bf16>
    %cst_4 = stablehlo.constant dense<0xFF80> : tensor<bf16>
    %11 = stablehlo.reduce(%arg0 init: %cst_4) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<4x5x6xbf16>, tensor<bf16>) -> tensor<bf16>
    return %2, %5, %6, %7, %10, %11 : tensor<5x6xbf16>, tensor<4x5xbf16>, tensor<5xbf16>, tensor<4x6xbf16>, tensor<bf16>, tensor<bf16>
  }
}
