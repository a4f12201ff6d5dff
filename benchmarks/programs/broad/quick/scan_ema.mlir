module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<100x64xf32>) -> (tensor<100x64xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<100x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:4 = stablehlo.while(%iterArg = %arg0, %iterArg_1 = %c, %iterArg_2 = %0, %iterArg_3 = %1) : tensor<100x64xf32>, tensor<i32>, tensor<64xf32>, tensor<100x64xf32>
    cond {
      %c_4 = stablehlo.constant dense<100> : tensor<i32>
      %3 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %3 : tensor<i1>
    } do {
      %3 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<100x64xf32>, tensor<i32>) -> tensor<64xf32>
      %4:2 = func.call @closed_call(%iterArg_2, %3) : (tensor<64xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>)
      %5 = func.call @dynamic_update_index_in_dim(%iterArg_3, %4#1, %iterArg_1) : (tensor<100x64xf32>, tensor<64xf32>, tensor<i32>) -> tensor<100x64xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %6 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %6, %4#0, %5 : tensor<100x64xf32>, tensor<i32>, tensor<64xf32>, tensor<100x64xf32>
    }
    return %2#3 : tensor<100x64xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<100x64xf32>, %arg1: tensor<i32>) -> tensor<64xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 64] : (tensor<100x64xf32>, tensor<i32>, tensor<i32>) -> tensor<1x64xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x64xf32>) -> tensor<64xf32>
    return %1 : tensor<64xf32>
  }
  func.func private @closed_call(%arg0: tensor<64xf32>, %arg1: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<64xf32>
    %cst_0 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %3 = stablehlo.multiply %arg1, %2 : tensor<64xf32>
    %4 = stablehlo.add %1, %3 : tensor<64xf32>
    %cst_1 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<64xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<64xf32>
    %8 = stablehlo.multiply %arg1, %7 : tensor<64xf32>
    %9 = stablehlo.add %6, %8 : tensor<64xf32>
    return %4, %9 : tensor<64xf32>, tensor<64xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<100x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<i32>) -> tensor<100x64xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<64xf32>) -> tensor<1x64xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<100x64xf32>, tensor<1x64xf32>, tensor<i32>, tensor<i32>) -> tensor<100x64xf32>
    return %1 : tensor<100x64xf32>
  }
}
