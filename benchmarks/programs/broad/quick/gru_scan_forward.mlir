module @jit_gru attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<32x192xf32>, %arg1: tensor<64x192xf32>, %arg2: tensor<192xf32>, %arg3: tensor<8x64xf32>, %arg4: tensor<16x8x32xf32>) -> (tensor<16x8x64xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x8x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:7 = stablehlo.while(%iterArg = %arg4, %iterArg_0 = %arg0, %iterArg_1 = %arg2, %iterArg_2 = %arg1, %iterArg_3 = %c, %iterArg_4 = %arg3, %iterArg_5 = %0) : tensor<16x8x32xf32>, tensor<32x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<i32>, tensor<8x64xf32>, tensor<16x8x64xf32>
    cond {
      %c_6 = stablehlo.constant dense<16> : tensor<i32>
      %2 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %2 : tensor<i1>
    } do {
      %2 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_3) : (tensor<16x8x32xf32>, tensor<i32>) -> tensor<8x32xf32>
      %3:2 = func.call @closed_call(%iterArg_0, %iterArg_1, %iterArg_2, %iterArg_4, %2) : (tensor<32x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<8x64xf32>, tensor<8x32xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>)
      %4 = func.call @dynamic_update_index_in_dim(%iterArg_5, %3#1, %iterArg_3) : (tensor<16x8x64xf32>, tensor<8x64xf32>, tensor<i32>) -> tensor<16x8x64xf32>
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %iterArg_1, %iterArg_2, %5, %3#0, %4 : tensor<16x8x32xf32>, tensor<32x192xf32>, tensor<192xf32>, tensor<64x192xf32>, tensor<i32>, tensor<8x64xf32>, tensor<16x8x64xf32>
    }
    return %1#6 : tensor<16x8x64xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<16x8x32xf32>, %arg1: tensor<i32>) -> tensor<8x32xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 8, 32] : (tensor<16x8x32xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x8x32xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x8x32xf32>) -> tensor<8x32xf32>
    return %1 : tensor<8x32xf32>
  }
  func.func private @closed_call(%arg0: tensor<32x192xf32>, %arg1: tensor<192xf32>, %arg2: tensor<64x192xf32>, %arg3: tensor<8x64xf32>, %arg4: tensor<8x32xf32>) -> (tensor<8x64xf32>, tensor<8x64xf32>) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x192xf32>) -> tensor<8x192xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<192xf32>) -> tensor<1x192xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x192xf32>) -> tensor<8x192xf32>
    %3 = stablehlo.add %0, %2 : tensor<8x192xf32>
    %4 = stablehlo.dot_general %arg3, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x64xf32>, tensor<64x192xf32>) -> tensor<8x192xf32>
    %5 = stablehlo.slice %3 [0:8, 0:64] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %6 = stablehlo.slice %4 [0:8, 0:64] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %7 = stablehlo.add %5, %6 : tensor<8x64xf32>
    %8 = stablehlo.negate %7 : tensor<8x64xf32>
    %9 = stablehlo.exponential %8 : tensor<8x64xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %11 = stablehlo.add %10, %9 : tensor<8x64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %13 = stablehlo.divide %12, %11 : tensor<8x64xf32>
    %14 = stablehlo.slice %3 [0:8, 64:128] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %15 = stablehlo.slice %4 [0:8, 64:128] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %16 = stablehlo.add %14, %15 : tensor<8x64xf32>
    %17 = stablehlo.negate %16 : tensor<8x64xf32>
    %18 = stablehlo.exponential %17 : tensor<8x64xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %20 = stablehlo.add %19, %18 : tensor<8x64xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %22 = stablehlo.divide %21, %20 : tensor<8x64xf32>
    %23 = stablehlo.slice %3 [0:8, 128:192] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %24 = stablehlo.slice %4 [0:8, 128:192] : (tensor<8x192xf32>) -> tensor<8x64xf32>
    %25 = stablehlo.multiply %13, %24 : tensor<8x64xf32>
    %26 = stablehlo.add %23, %25 : tensor<8x64xf32>
    %27 = stablehlo.tanh %26 : tensor<8x64xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x64xf32>
    %29 = stablehlo.subtract %28, %22 : tensor<8x64xf32>
    %30 = stablehlo.multiply %29, %27 : tensor<8x64xf32>
    %31 = stablehlo.multiply %22, %arg3 : tensor<8x64xf32>
    %32 = stablehlo.add %30, %31 : tensor<8x64xf32>
    return %32, %32 : tensor<8x64xf32>, tensor<8x64xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<16x8x64xf32>, %arg1: tensor<8x64xf32>, %arg2: tensor<i32>) -> tensor<16x8x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<8x64xf32>) -> tensor<1x8x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<16x8x64xf32>, tensor<1x8x64xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<16x8x64xf32>
    return %1 : tensor<16x8x64xf32>
  }
}
