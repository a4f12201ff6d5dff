module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x4xf32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5x4xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:3 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c, %iterArg_3 = %0) : tensor<5x4xf32>, tensor<i32>, tensor<5xf32>
    cond {
      %c_4 = stablehlo.constant dense<5> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg_2, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<5x4xf32>, tensor<i32>) -> tensor<4xf32>
      %11 = func.call @closed_call(%10) : (tensor<4xf32>) -> tensor<f32>
      %12 = func.call @dynamic_update_index_in_dim(%iterArg_3, %11, %iterArg_2) : (tensor<5xf32>, tensor<f32>, tensor<i32>) -> tensor<5xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_2, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %13, %12 : tensor<5x4xf32>, tensor<i32>, tensor<5xf32>
    }
    %2 = stablehlo.slice %arg0 [0:4, 0:4] : (tensor<5x4xf32>) -> tensor<4x4xf32>
    %3 = stablehlo.reshape %2 : (tensor<4x4xf32>) -> tensor<2x2x4xf32>
    %4 = stablehlo.slice %arg0 [4:5, 0:4] : (tensor<5x4xf32>) -> tensor<1x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x2x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %6:3 = stablehlo.while(%iterArg = %3, %iterArg_2 = %c_1, %iterArg_3 = %5) : tensor<2x2x4xf32>, tensor<i32>, tensor<2x2x4xf32>
    cond {
      %c_4 = stablehlo.constant dense<2> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg_2, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10 = func.call @dynamic_index_in_dim_0(%iterArg, %iterArg_2) : (tensor<2x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %11 = func.call @closed_call_1(%10) : (tensor<2x4xf32>) -> tensor<2x4xf32>
      %12 = func.call @dynamic_update_index_in_dim_2(%iterArg_3, %11, %iterArg_2) : (tensor<2x2x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<2x2x4xf32>
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %13 = stablehlo.add %iterArg_2, %c_4 : tensor<i32>
      stablehlo.return %iterArg, %13, %12 : tensor<2x2x4xf32>, tensor<i32>, tensor<2x2x4xf32>
    }
    %7 = stablehlo.reverse %4, dims = [1] : tensor<1x4xf32>
    %8 = stablehlo.reshape %6#2 : (tensor<2x2x4xf32>) -> tensor<4x4xf32>
    %9 = stablehlo.concatenate %8, %7, dim = 0 : (tensor<4x4xf32>, tensor<1x4xf32>) -> tensor<5x4xf32>
    return %1#2, %9 : tensor<5xf32>, tensor<5x4xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x4xf32>, %arg1: tensor<i32>) -> tensor<4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 4] : (tensor<5x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x4xf32>) -> tensor<4xf32>
    return %1 : tensor<4xf32>
  }
  func.func private @closed_call(%arg0: tensor<4xf32>) -> tensor<f32> {
    %0 = stablehlo.multiply %arg0, %arg0 : tensor<4xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    return %1 : tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<5xf32>, tensor<1xf32>, tensor<i32>) -> tensor<5xf32>
    return %1 : tensor<5xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<2x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 4] : (tensor<2x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func private @closed_call_1(%arg0: tensor<2x4xf32>) -> tensor<2x4xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<2x4xf32>
    return %0 : tensor<2x4xf32>
  }
  func.func private @dynamic_update_index_in_dim_2(%arg0: tensor<2x2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<i32>) -> tensor<2x2x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<2x2x4xf32>, tensor<1x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2x2x4xf32>
    return %1 : tensor<2x2x4xf32>
  }
}
