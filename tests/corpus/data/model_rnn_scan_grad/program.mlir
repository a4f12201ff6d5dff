module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>, %arg1: tensor<5x5xf32>, %arg2: tensor<5x1xf32>, %arg3: tensor<4x5xf32>, %arg4: tensor<7x3x4xf32>) -> (tensor<3x5xf32> {jax.result_info = "result[0]"}, tensor<7x3x1xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]['b']"}, tensor<5x5xf32> {jax.result_info = "result[2]['wh']"}, tensor<5x1xf32> {jax.result_info = "result[2]['wo']"}, tensor<4x5xf32> {jax.result_info = "result[2]['wx']"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<7x3x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2:8 = stablehlo.while(%iterArg = %arg4, %iterArg_15 = %arg3, %iterArg_16 = %arg1, %iterArg_17 = %arg0, %iterArg_18 = %arg2, %iterArg_19 = %c, %iterArg_20 = %0, %iterArg_21 = %1) : tensor<7x3x4xf32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<3x5xf32>, tensor<7x3x1xf32>
    cond {
      %c_22 = stablehlo.constant dense<7> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_19, %c_22, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %20 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_19) : (tensor<7x3x4xf32>, tensor<i32>) -> tensor<3x4xf32>
      %21:2 = func.call @closed_call(%iterArg_15, %iterArg_16, %iterArg_17, %iterArg_18, %iterArg_20, %20) : (tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>, tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x1xf32>)
      %22 = func.call @dynamic_update_index_in_dim(%iterArg_21, %21#1, %iterArg_19) : (tensor<7x3x1xf32>, tensor<3x1xf32>, tensor<i32>) -> tensor<7x3x1xf32>
      %c_22 = stablehlo.constant dense<1> : tensor<i32>
      %23 = stablehlo.add %iterArg_19, %c_22 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_15, %iterArg_16, %iterArg_17, %iterArg_18, %23, %21#0, %22 : tensor<7x3x4xf32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<3x5xf32>, tensor<7x3x1xf32>
    }
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<7x3x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<7x3x5xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<7x3x5xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<7x3x5xf32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %9:11 = stablehlo.while(%iterArg = %arg4, %iterArg_15 = %arg3, %iterArg_16 = %arg1, %iterArg_17 = %4, %iterArg_18 = %arg2, %iterArg_19 = %c_6, %iterArg_20 = %3, %iterArg_21 = %5, %iterArg_22 = %6, %iterArg_23 = %7, %iterArg_24 = %8) : tensor<7x3x4xf32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<1x5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<3x5xf32>, tensor<7x3x1xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>
    cond {
      %c_25 = stablehlo.constant dense<7> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_19, %c_25, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %20 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_19) : (tensor<7x3x4xf32>, tensor<i32>) -> tensor<3x4xf32>
      %21:5 = func.call @closed_call_0(%iterArg_15, %iterArg_16, %iterArg_17, %iterArg_18, %iterArg_20, %20) : (tensor<4x5xf32>, tensor<5x5xf32>, tensor<1x5xf32>, tensor<5x1xf32>, tensor<3x5xf32>, tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x1xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>)
      %22 = func.call @dynamic_update_index_in_dim(%iterArg_21, %21#1, %iterArg_19) : (tensor<7x3x1xf32>, tensor<3x1xf32>, tensor<i32>) -> tensor<7x3x1xf32>
      %23 = func.call @dynamic_update_index_in_dim_1(%iterArg_22, %21#2, %iterArg_19) : (tensor<7x3x5xf32>, tensor<3x5xf32>, tensor<i32>) -> tensor<7x3x5xf32>
      %24 = func.call @dynamic_update_index_in_dim_1(%iterArg_23, %21#3, %iterArg_19) : (tensor<7x3x5xf32>, tensor<3x5xf32>, tensor<i32>) -> tensor<7x3x5xf32>
      %25 = func.call @dynamic_update_index_in_dim_1(%iterArg_24, %21#4, %iterArg_19) : (tensor<7x3x5xf32>, tensor<3x5xf32>, tensor<i32>) -> tensor<7x3x5xf32>
      %c_25 = stablehlo.constant dense<1> : tensor<i32>
      %26 = stablehlo.add %iterArg_19, %c_25 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_15, %iterArg_16, %iterArg_17, %iterArg_18, %26, %21#0, %22, %23, %24, %25 : tensor<7x3x4xf32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<1x5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<3x5xf32>, tensor<7x3x1xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>
    }
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<7x3x1xf32>
    %11 = stablehlo.multiply %10, %9#7 : tensor<7x3x1xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<7x3x1xf32>
    %13 = stablehlo.multiply %12, %11 : tensor<7x3x1xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4x5xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<5x1xf32>
    %c_14 = stablehlo.constant dense<0> : tensor<i32>
    %19:13 = stablehlo.while(%iterArg = %13, %iterArg_15 = %arg4, %iterArg_16 = %9#8, %iterArg_17 = %9#9, %iterArg_18 = %9#10, %iterArg_19 = %arg1, %iterArg_20 = %arg2, %iterArg_21 = %c_14, %iterArg_22 = %15, %iterArg_23 = %16, %iterArg_24 = %17, %iterArg_25 = %18, %iterArg_26 = %14) : tensor<7x3x1xf32>, tensor<7x3x4xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<5x5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>
    cond {
      %c_27 = stablehlo.constant dense<7> : tensor<i32>
      %20 = stablehlo.compare LT, %iterArg_21, %c_27, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %20 : tensor<i1>
    } do {
      %c_27 = stablehlo.constant dense<7> : tensor<i32>
      %20 = stablehlo.subtract %c_27, %iterArg_21 : tensor<i32>
      %c_28 = stablehlo.constant dense<1> : tensor<i32>
      %21 = stablehlo.subtract %20, %c_28 : tensor<i32>
      %22 = func.call @dynamic_index_in_dim_2(%iterArg, %21) : (tensor<7x3x1xf32>, tensor<i32>) -> tensor<3x1xf32>
      %23 = func.call @dynamic_index_in_dim(%iterArg_15, %21) : (tensor<7x3x4xf32>, tensor<i32>) -> tensor<3x4xf32>
      %24 = func.call @dynamic_index_in_dim_3(%iterArg_16, %21) : (tensor<7x3x5xf32>, tensor<i32>) -> tensor<3x5xf32>
      %25 = func.call @dynamic_index_in_dim_3(%iterArg_17, %21) : (tensor<7x3x5xf32>, tensor<i32>) -> tensor<3x5xf32>
      %26 = func.call @dynamic_index_in_dim_3(%iterArg_18, %21) : (tensor<7x3x5xf32>, tensor<i32>) -> tensor<3x5xf32>
      %27:5 = func.call @closed_call_4(%iterArg_19, %iterArg_20, %iterArg_22, %iterArg_23, %iterArg_24, %iterArg_25, %iterArg_26, %22, %23, %24, %25, %26) : (tensor<5x5xf32>, tensor<5x1xf32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>, tensor<3x1xf32>, tensor<3x4xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> (tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>)
      %c_29 = stablehlo.constant dense<1> : tensor<i32>
      %28 = stablehlo.add %iterArg_21, %c_29 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_15, %iterArg_16, %iterArg_17, %iterArg_18, %iterArg_19, %iterArg_20, %28, %27#0, %27#1, %27#2, %27#3, %27#4 : tensor<7x3x1xf32>, tensor<7x3x4xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<7x3x5xf32>, tensor<5x5xf32>, tensor<5x1xf32>, tensor<i32>, tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>
    }
    return %2#6, %2#7, %19#10, %19#9, %19#11, %19#8 : tensor<3x5xf32>, tensor<7x3x1xf32>, tensor<5xf32>, tensor<5x5xf32>, tensor<5x1xf32>, tensor<4x5xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<7x3x4xf32>, %arg1: tensor<i32>) -> tensor<3x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 4] : (tensor<7x3x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x4xf32>) -> tensor<3x4xf32>
    return %1 : tensor<3x4xf32>
  }
  func.func private @closed_call(%arg0: tensor<4x5xf32>, %arg1: tensor<5x5xf32>, %arg2: tensor<5xf32>, %arg3: tensor<5x1xf32>, %arg4: tensor<3x5xf32>, %arg5: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x1xf32>) {
    %0 = stablehlo.dot_general %arg5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %1 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x5xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<3x5xf32>
    %5 = stablehlo.add %2, %4 : tensor<3x5xf32>
    %6 = stablehlo.tanh %5 : tensor<3x5xf32>
    %7 = stablehlo.dot_general %6, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x1xf32>) -> tensor<3x1xf32>
    return %6, %7 : tensor<3x5xf32>, tensor<3x1xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<7x3x1xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<i32>) -> tensor<7x3x1xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x1xf32>) -> tensor<1x3x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<7x3x1xf32>, tensor<1x3x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<7x3x1xf32>
    return %1 : tensor<7x3x1xf32>
  }
  func.func private @closed_call_0(%arg0: tensor<4x5xf32>, %arg1: tensor<5x5xf32>, %arg2: tensor<1x5xf32>, %arg3: tensor<5x1xf32>, %arg4: tensor<3x5xf32>, %arg5: tensor<3x4xf32>) -> (tensor<3x5xf32>, tensor<3x1xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) {
    %0 = stablehlo.dot_general %arg5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %1 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
    %2 = stablehlo.add %0, %1 : tensor<3x5xf32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<3x5xf32>
    %4 = stablehlo.add %2, %3 : tensor<3x5xf32>
    %5 = stablehlo.tanh %4 : tensor<3x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %7 = stablehlo.subtract %6, %5 : tensor<3x5xf32>
    %8 = stablehlo.dot_general %5, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x1xf32>) -> tensor<3x1xf32>
    return %5, %8, %arg4, %5, %7 : tensor<3x5xf32>, tensor<3x1xf32>, tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>
  }
  func.func private @dynamic_update_index_in_dim_1(%arg0: tensor<7x3x5xf32>, %arg1: tensor<3x5xf32>, %arg2: tensor<i32>) -> tensor<7x3x5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<3x5xf32>) -> tensor<1x3x5xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<7x3x5xf32>, tensor<1x3x5xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<7x3x5xf32>
    return %1 : tensor<7x3x5xf32>
  }
  func.func private @dynamic_index_in_dim_2(%arg0: tensor<7x3x1xf32>, %arg1: tensor<i32>) -> tensor<3x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 1] : (tensor<7x3x1xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x1xf32>) -> tensor<3x1xf32>
    return %1 : tensor<3x1xf32>
  }
  func.func private @dynamic_index_in_dim_3(%arg0: tensor<7x3x5xf32>, %arg1: tensor<i32>) -> tensor<3x5xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 3, 5] : (tensor<7x3x5xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x3x5xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x3x5xf32>) -> tensor<3x5xf32>
    return %1 : tensor<3x5xf32>
  }
  func.func private @closed_call_4(%arg0: tensor<5x5xf32>, %arg1: tensor<5x1xf32>, %arg2: tensor<4x5xf32>, %arg3: tensor<5x5xf32>, %arg4: tensor<5xf32>, %arg5: tensor<5x1xf32>, %arg6: tensor<3x5xf32>, %arg7: tensor<3x1xf32>, %arg8: tensor<3x4xf32>, %arg9: tensor<3x5xf32>, %arg10: tensor<3x5xf32>, %arg11: tensor<3x5xf32>) -> (tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>) {
    %0 = stablehlo.dot_general %arg7, %arg10, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x1xf32>, tensor<3x5xf32>) -> tensor<1x5xf32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<1x5xf32>) -> tensor<5x1xf32>
    %2 = stablehlo.add %arg5, %1 : tensor<5x1xf32>
    %3 = stablehlo.dot_general %arg7, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x1xf32>, tensor<5x1xf32>) -> tensor<3x5xf32>
    %4 = stablehlo.add %arg6, %3 : tensor<3x5xf32>
    %5 = stablehlo.multiply %4, %arg11 : tensor<3x5xf32>
    %6 = stablehlo.multiply %5, %arg10 : tensor<3x5xf32>
    %7 = stablehlo.add %5, %6 : tensor<3x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<3x5xf32>, tensor<f32>) -> tensor<5xf32>
    %9 = stablehlo.reshape %8 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_0) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %11 = stablehlo.add %arg4, %10 : tensor<5xf32>
    %12 = stablehlo.dot_general %7, %arg9, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<5x5xf32>
    %13 = stablehlo.transpose %12, dims = [1, 0] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %14 = stablehlo.add %arg3, %13 : tensor<5x5xf32>
    %15 = stablehlo.dot_general %7, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<5x5xf32>) -> tensor<3x5xf32>
    %16 = stablehlo.dot_general %7, %arg8, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<3x4xf32>) -> tensor<5x4xf32>
    %17 = stablehlo.transpose %16, dims = [1, 0] : (tensor<5x4xf32>) -> tensor<4x5xf32>
    %18 = stablehlo.add %arg2, %17 : tensor<4x5xf32>
    return %18, %14, %11, %2, %15 : tensor<4x5xf32>, tensor<5x5xf32>, tensor<5xf32>, tensor<5x1xf32>, tensor<3x5xf32>
  }
}
