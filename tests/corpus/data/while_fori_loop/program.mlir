module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32>, %arg1: tensor<i32>) -> (tensor<4x3xf32> {jax.result_info = "result[0]"}, tensor<4x3xf32> {jax.result_info = "result[1]"}, tensor<3xf32> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %c_0, %iterArg_2 = %c, %iterArg_3 = %arg0) : tensor<i32>, tensor<i32>, tensor<4x3xf32>
    cond {
      %c_4 = stablehlo.constant dense<5> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call(%iterArg_2, %iterArg_3) : (tensor<i32>, tensor<4x3xf32>) -> (tensor<i32>, tensor<4x3xf32>)
      %c_4 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg, %c_4 : tensor<i32>
      stablehlo.return %5, %4#0, %4#1 : tensor<i32>, tensor<i32>, tensor<4x3xf32>
    }
    %1 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<4x3xf32>) -> tensor<1x3xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x3xf32>) -> tensor<3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3:4 = stablehlo.while(%iterArg = %c_1, %iterArg_2 = %arg1, %iterArg_3 = %arg0, %iterArg_4 = %2) : tensor<i32>, tensor<i32>, tensor<4x3xf32>, tensor<3xf32>
    cond {
      %4 = stablehlo.compare LT, %iterArg, %iterArg_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %4 = stablehlo.add %iterArg, %c_5 : tensor<i32>
      %5 = stablehlo.broadcast_in_dim %iterArg_4, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
      %6 = stablehlo.broadcast_in_dim %5, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
      %7 = stablehlo.add %iterArg_3, %6 : tensor<4x3xf32>
      %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
      %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %9 = stablehlo.multiply %iterArg_4, %8 : tensor<3xf32>
      stablehlo.return %4, %iterArg_2, %7, %9 : tensor<i32>, tensor<i32>, tensor<4x3xf32>, tensor<3xf32>
    }
    return %0#2, %3#2, %3#3 : tensor<4x3xf32>, tensor<4x3xf32>, tensor<3xf32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<4x3xf32>) -> (tensor<i32>, tensor<4x3xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %cst = stablehlo.constant dense<0.899999976> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %2 = stablehlo.multiply %arg1, %1 : tensor<4x3xf32>
    %3 = stablehlo.convert %arg0 : (tensor<i32>) -> tensor<f32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %5 = stablehlo.add %2, %4 : tensor<4x3xf32>
    return %0, %5 : tensor<i32>, tensor<4x3xf32>
  }
}
