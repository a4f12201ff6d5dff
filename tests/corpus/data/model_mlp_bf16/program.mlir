module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xbf16>, %arg1: tensor<8x16xbf16>, %arg2: tensor<4xbf16>, %arg3: tensor<16x4xbf16>, %arg4: tensor<5x8xbf16>) -> (tensor<5x16xbf16> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xbf16>, tensor<8x16xbf16>) -> tensor<5x16xbf16>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<16xbf16>) -> tensor<1x16xbf16>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x16xbf16>) -> tensor<5x16xbf16>
    %3 = stablehlo.add %0, %2 : tensor<5x16xbf16>
    %4 = stablehlo.multiply %3, %3 : tensor<5x16xbf16>
    %5 = stablehlo.multiply %4, %3 : tensor<5x16xbf16>
    %cst = stablehlo.constant dense<4.467770e-02> : tensor<bf16>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<5x16xbf16>
    %7 = stablehlo.multiply %6, %5 : tensor<5x16xbf16>
    %8 = stablehlo.add %3, %7 : tensor<5x16xbf16>
    %cst_0 = stablehlo.constant dense<7.968750e-01> : tensor<bf16>
    %9 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<bf16>) -> tensor<5x16xbf16>
    %10 = stablehlo.multiply %9, %8 : tensor<5x16xbf16>
    %11 = stablehlo.tanh %10 : tensor<5x16xbf16>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<bf16>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<bf16>) -> tensor<5x16xbf16>
    %13 = stablehlo.add %12, %11 : tensor<5x16xbf16>
    %cst_2 = stablehlo.constant dense<5.000000e-01> : tensor<bf16>
    %14 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<bf16>) -> tensor<5x16xbf16>
    %15 = stablehlo.multiply %14, %13 : tensor<5x16xbf16>
    %16 = stablehlo.multiply %3, %15 : tensor<5x16xbf16>
    %17 = stablehlo.dot_general %16, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x16xbf16>, tensor<16x4xbf16>) -> tensor<5x4xf32>
    %18 = stablehlo.convert %arg2 : (tensor<4xbf16>) -> tensor<4xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<5x4xf32>
    %21 = stablehlo.add %17, %20 : tensor<5x4xf32>
    return %16, %21 : tensor<5x16xbf16>, tensor<5x4xf32>
  }
}
