module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3xf32>, %arg1: tensor<6x3xf32>) -> (tensor<3xf32> {jax.result_info = "result[0]"}, tensor<6xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}, tensor<6xf32> {jax.result_info = "result[3]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:4 = stablehlo.while(%iterArg = %arg1, %iterArg_2 = %c, %iterArg_3 = %arg0, %iterArg_4 = %0) : tensor<6x3xf32>, tensor<i32>, tensor<3xf32>, tensor<6xf32>
    cond {
      %c_5 = stablehlo.constant dense<6> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %6 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_2) : (tensor<6x3xf32>, tensor<i32>) -> tensor<3xf32>
      %7:2 = func.call @closed_call(%iterArg_3, %6) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
      %8 = func.call @dynamic_update_index_in_dim(%iterArg_4, %7#1, %iterArg_2) : (tensor<6xf32>, tensor<f32>, tensor<i32>) -> tensor<6xf32>
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %9, %7#0, %8 : tensor<6x3xf32>, tensor<i32>, tensor<3xf32>, tensor<6xf32>
    }
    %2 = stablehlo.reshape %arg1 : (tensor<6x3xf32>) -> tensor<3x2x3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x2xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4:4 = stablehlo.while(%iterArg = %2, %iterArg_2 = %c_1, %iterArg_3 = %arg0, %iterArg_4 = %3) : tensor<3x2x3xf32>, tensor<i32>, tensor<3xf32>, tensor<3x2xf32>
    cond {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %6 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %6 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %6 = stablehlo.subtract %c_5, %iterArg_2 : tensor<i32>
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.subtract %6, %c_6 : tensor<i32>
      %8 = func.call @dynamic_index_in_dim_0(%iterArg, %7) : (tensor<3x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %9 = stablehlo.slice %8 [1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
      %10 = stablehlo.reshape %9 : (tensor<1x3xf32>) -> tensor<3xf32>
      %11:2 = func.call @closed_call(%iterArg_3, %10) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
      %12 = stablehlo.slice %8 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
      %13 = stablehlo.reshape %12 : (tensor<1x3xf32>) -> tensor<3xf32>
      %14:2 = func.call @closed_call(%11#0, %13) : (tensor<3xf32>, tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>)
      %15 = stablehlo.broadcast_in_dim %14#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
      %16 = stablehlo.broadcast_in_dim %11#1, dims = [] : (tensor<f32>) -> tensor<1xf32>
      %17 = stablehlo.concatenate %15, %16, dim = 0 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
      %18 = func.call @dynamic_update_index_in_dim_1(%iterArg_4, %17, %7) : (tensor<3x2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<3x2xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %19 = stablehlo.add %iterArg_2, %c_7 : tensor<i32>
      stablehlo.return %iterArg, %19, %14#0, %18 : tensor<3x2x3xf32>, tensor<i32>, tensor<3xf32>, tensor<3x2xf32>
    }
    %5 = stablehlo.reshape %4#3 : (tensor<3x2xf32>) -> tensor<6xf32>
    return %1#2, %1#3, %4#2, %5 : tensor<3xf32>, tensor<6xf32>, tensor<3xf32>, tensor<6xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<6x3xf32>, %arg1: tensor<i32>) -> tensor<3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 3] : (tensor<6x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3xf32>) -> tensor<3xf32>
    return %1 : tensor<3xf32>
  }
  func.func private @closed_call(%arg0: tensor<3xf32>, %arg1: tensor<3xf32>) -> (tensor<3xf32>, tensor<f32>) {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<3xf32>
    %2 = stablehlo.add %1, %arg1 : tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    return %2, %3 : tensor<3xf32>, tensor<f32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<6xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2 : (tensor<6xf32>, tensor<1xf32>, tensor<i32>) -> tensor<6xf32>
    return %1 : tensor<6xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<3x2x3xf32>, %arg1: tensor<i32>) -> tensor<2x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 3] : (tensor<3x2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
  func.func private @dynamic_update_index_in_dim_1(%arg0: tensor<3x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> tensor<3x2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<3x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    return %1 : tensor<3x2xf32>
  }
}
