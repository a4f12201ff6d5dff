module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x2x3xf32>, %arg1: tensor<7x16xf32>) -> (tensor<2x4xf32> {jax.result_info = "result[0]"}, tensor<2x4xf32> {jax.result_info = "result[1]"}, tensor<5x2x4xf32> {jax.result_info = "result[2]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x2x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3:6 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c, %iterArg_4 = %0, %iterArg_5 = %1, %iterArg_6 = %2) : tensor<5x2x3xf32>, tensor<7x16xf32>, tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<5x2x4xf32>
    cond {
      %c_7 = stablehlo.constant dense<5> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_3) : (tensor<5x2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
      %5:3 = func.call @closed_call(%iterArg_2, %iterArg_4, %iterArg_5, %4) : (tensor<7x16xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
      %6 = func.call @dynamic_update_index_in_dim(%iterArg_6, %5#2, %iterArg_3) : (tensor<5x2x4xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<5x2x4xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_3, %c_7 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %7, %5#0, %5#1, %6 : tensor<5x2x3xf32>, tensor<7x16xf32>, tensor<i32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<5x2x4xf32>
    }
    return %3#3, %3#4, %3#5 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<5x2x4xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2x3xf32>, %arg1: tensor<i32>) -> tensor<2x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 3] : (tensor<5x2x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x3xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    return %1 : tensor<2x3xf32>
  }
  func.func private @closed_call(%arg0: tensor<7x16xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<2x4xf32>, %arg3: tensor<2x3xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
    %0 = stablehlo.concatenate %arg3, %arg1, dim = 1 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<2x7xf32>
    %1 = stablehlo.dot_general %0, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7xf32>, tensor<7x16xf32>) -> tensor<2x16xf32>
    %2 = stablehlo.slice %1 [0:2, 0:4] : (tensor<2x16xf32>) -> tensor<2x4xf32>
    %3 = stablehlo.slice %1 [0:2, 4:8] : (tensor<2x16xf32>) -> tensor<2x4xf32>
    %4 = stablehlo.slice %1 [0:2, 8:12] : (tensor<2x16xf32>) -> tensor<2x4xf32>
    %5 = stablehlo.slice %1 [0:2, 12:16] : (tensor<2x16xf32>) -> tensor<2x4xf32>
    %6 = stablehlo.negate %3 : tensor<2x4xf32>
    %7 = stablehlo.exponential %6 : tensor<2x4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %9 = stablehlo.add %8, %7 : tensor<2x4xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %11 = stablehlo.divide %10, %9 : tensor<2x4xf32>
    %12 = stablehlo.multiply %11, %arg2 : tensor<2x4xf32>
    %13 = stablehlo.negate %2 : tensor<2x4xf32>
    %14 = stablehlo.exponential %13 : tensor<2x4xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %16 = stablehlo.add %15, %14 : tensor<2x4xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %18 = stablehlo.divide %17, %16 : tensor<2x4xf32>
    %19 = stablehlo.tanh %5 : tensor<2x4xf32>
    %20 = stablehlo.multiply %18, %19 : tensor<2x4xf32>
    %21 = stablehlo.add %12, %20 : tensor<2x4xf32>
    %22 = stablehlo.negate %4 : tensor<2x4xf32>
    %23 = stablehlo.exponential %22 : tensor<2x4xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %25 = stablehlo.add %24, %23 : tensor<2x4xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %27 = stablehlo.divide %26, %25 : tensor<2x4xf32>
    %28 = stablehlo.tanh %21 : tensor<2x4xf32>
    %29 = stablehlo.multiply %27, %28 : tensor<2x4xf32>
    return %29, %21, %29 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2x4xf32>, %arg1: tensor<2x4xf32>, %arg2: tensor<i32>) -> tensor<5x2x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x4xf32>) -> tensor<1x2x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<5x2x4xf32>, tensor<1x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<5x2x4xf32>
    return %1 : tensor<5x2x4xf32>
  }
}
