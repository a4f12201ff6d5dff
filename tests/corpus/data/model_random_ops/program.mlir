module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2xui32>, %arg1: tensor<6x10xf32>) -> (tensor<6x10xf32> {jax.result_info = "result[0]"}, tensor<10x3xf32> {jax.result_info = "result[1]"}, tensor<6xi32> {jax.result_info = "result[2]"}, tensor<5xf32> {jax.result_info = "result[3]"}, tensor<6x10xf32> {jax.result_info = "result[4]"}, tensor<4xf32> {jax.result_info = "result[5]"}, tensor<3xi32> {jax.result_info = "result[6]"}) {
    %0 = call @_threefry_split(%arg0) : (tensor<2xui32>) -> tensor<5x2xui32>
    %1 = stablehlo.slice %0 [0:1, 0:2] : (tensor<5x2xui32>) -> tensor<1x2xui32>
    %2 = stablehlo.reshape %1 : (tensor<1x2xui32>) -> tensor<2xui32>
    %3 = stablehlo.slice %0 [1:2, 0:2] : (tensor<5x2xui32>) -> tensor<1x2xui32>
    %4 = stablehlo.reshape %3 : (tensor<1x2xui32>) -> tensor<2xui32>
    %5 = stablehlo.slice %0 [2:3, 0:2] : (tensor<5x2xui32>) -> tensor<1x2xui32>
    %6 = stablehlo.reshape %5 : (tensor<1x2xui32>) -> tensor<2xui32>
    %7 = stablehlo.slice %0 [3:4, 0:2] : (tensor<5x2xui32>) -> tensor<1x2xui32>
    %8 = stablehlo.reshape %7 : (tensor<1x2xui32>) -> tensor<2xui32>
    %9 = stablehlo.slice %0 [4:5, 0:2] : (tensor<5x2xui32>) -> tensor<1x2xui32>
    %10 = stablehlo.reshape %9 : (tensor<1x2xui32>) -> tensor<2xui32>
    %cst = stablehlo.constant dense<8.000000e-01> : tensor<f32>
    %11 = call @_bernoulli(%2, %cst) : (tensor<2xui32>, tensor<f32>) -> tensor<6x10xi1>
    %cst_0 = stablehlo.constant dense<8.000000e-01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %13 = stablehlo.divide %arg1, %12 : tensor<6x10xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = call @_where(%11, %13, %cst_1) : (tensor<6x10xi1>, tensor<6x10xf32>, tensor<f32>) -> tensor<6x10xf32>
    %cst_2 = stablehlo.constant dense<0.15384616> : tensor<f32>
    %15 = stablehlo.sqrt %cst_2 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.879625678> : tensor<f32>
    %16 = stablehlo.divide %15, %cst_3 : tensor<f32>
    %c = stablehlo.constant dense<-2> : tensor<i32>
    %c_4 = stablehlo.constant dense<2> : tensor<i32>
    %17 = call @_truncated_normal(%4, %c, %c_4) : (tensor<2xui32>, tensor<i32>, tensor<i32>) -> tensor<10x3xf32>
    %18 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %19 = stablehlo.multiply %17, %18 : tensor<10x3xf32>
    %20 = call @_gumbel(%6) : (tensor<2xui32>) -> tensor<6x10xf32>
    %21 = stablehlo.add %20, %arg1 : tensor<6x10xf32>
    %22 = call @argmax(%21) : (tensor<6x10xf32>) -> tensor<6xi32>
    %cst_5 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %23 = call @_truncated_normal_6(%8, %cst_5, %cst_6) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %24 = stablehlo.iota dim = 0 : tensor<6xi32>
    %25 = call @_shuffle(%10, %24) : (tensor<2xui32>, tensor<6xi32>) -> tensor<6xi32>
    %26 = call @_take(%arg1, %25) : (tensor<6x10xf32>, tensor<6xi32>) -> tensor<6x10xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = call @_gamma(%2, %cst_7) : (tensor<2xui32>, tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.iota dim = 0 : tensor<10xi32>
    %29 = call @_shuffle_28(%4, %28) : (tensor<2xui32>, tensor<10xi32>) -> tensor<10xi32>
    %30 = stablehlo.slice %29 [0:3] : (tensor<10xi32>) -> tensor<3xi32>
    return %14, %19, %22, %23, %26, %27, %30 : tensor<6x10xf32>, tensor<10x3xf32>, tensor<6xi32>, tensor<5xf32>, tensor<6x10xf32>, tensor<4xf32>, tensor<3xi32>
  }
  func.func private @_threefry_split(%arg0: tensor<2xui32>) -> tensor<5x2xui32> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = stablehlo.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.iota dim = 0 : tensor<5xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<5xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<5xui64>
    %9 = stablehlo.convert %6 : (tensor<5xui64>) -> tensor<5xui32>
    %10 = stablehlo.convert %8 : (tensor<5xui64>) -> tensor<5xui32>
    %11:2 = call @threefry2x32(%1, %3, %10, %9) : (tensor<ui32>, tensor<ui32>, tensor<5xui32>, tensor<5xui32>) -> (tensor<5xui32>, tensor<5xui32>)
    %12 = stablehlo.broadcast_in_dim %11#0, dims = [0] : (tensor<5xui32>) -> tensor<5x1xui32>
    %13 = stablehlo.broadcast_in_dim %11#1, dims = [0] : (tensor<5xui32>) -> tensor<5x1xui32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<5x1xui32>, tensor<5x1xui32>) -> tensor<5x2xui32>
    return %14 : tensor<5x2xui32>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<5xui32>, %arg3: tensor<5xui32>) -> (tensor<5xui32>, tensor<5xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<5xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<5xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<5xui32>, tensor<5xui32>
  }
  func.func private @closed_call(%arg0: tensor<i32>, %arg1: tensor<5xui32>, %arg2: tensor<5xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<5xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<5xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<5xui32>
    %9 = stablehlo.or %5, %8 : tensor<5xui32>
    %10 = stablehlo.xor %3, %9 : tensor<5xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<5xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<5xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<5xui32>
    %19 = stablehlo.or %15, %18 : tensor<5xui32>
    %20 = stablehlo.xor %13, %19 : tensor<5xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<5xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<5xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<5xui32>
    %29 = stablehlo.or %25, %28 : tensor<5xui32>
    %30 = stablehlo.xor %23, %29 : tensor<5xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<5xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<5xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<5xui32>
    %39 = stablehlo.or %35, %38 : tensor<5xui32>
    %40 = stablehlo.xor %33, %39 : tensor<5xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %42 = stablehlo.add %33, %41 : tensor<5xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %44 = stablehlo.add %40, %43 : tensor<5xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %48 = stablehlo.add %44, %47 : tensor<5xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<5xui32>, tensor<5xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_bernoulli(%arg0: tensor<2xui32>, %arg1: tensor<f32>) -> tensor<6x10xi1> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<6x10xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %2 = stablehlo.compare LT, %0, %1, FLOAT : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xi1>
    return %2 : tensor<6x10xi1>
  }
  func.func private @_uniform(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<6x10xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.convert %arg2 : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %4 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %7 = stablehlo.reshape %6 : (tensor<1xui32>) -> tensor<ui32>
    %8 = stablehlo.iota dim = 0 : tensor<6x10xui64>
    %9 = stablehlo.iota dim = 1 : tensor<6x10xui64>
    %c = stablehlo.constant dense<10> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %11 = stablehlo.multiply %10, %8 : tensor<6x10xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %12 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %13 = stablehlo.multiply %12, %9 : tensor<6x10xui64>
    %14 = stablehlo.add %11, %13 : tensor<6x10xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %15 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %16 = stablehlo.shift_right_logical %14, %15 : tensor<6x10xui64>
    %17 = stablehlo.convert %14 : (tensor<6x10xui64>) -> tensor<6x10xui32>
    %18 = stablehlo.convert %16 : (tensor<6x10xui64>) -> tensor<6x10xui32>
    %19:2 = call @threefry2x32_0(%5, %7, %18, %17) : (tensor<ui32>, tensor<ui32>, tensor<6x10xui32>, tensor<6x10xui32>) -> (tensor<6x10xui32>, tensor<6x10xui32>)
    %20 = stablehlo.xor %19#0, %19#1 : tensor<6x10xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %21 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %22 = stablehlo.shift_right_logical %20, %21 : tensor<6x10xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %23 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %24 = stablehlo.or %22, %23 : tensor<6x10xui32>
    %25 = stablehlo.bitcast_convert %24 : (tensor<6x10xui32>) -> tensor<6x10xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %27 = stablehlo.subtract %25, %26 : tensor<6x10xf32>
    %28 = stablehlo.subtract %3, %2 : tensor<1x1xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %30 = stablehlo.multiply %27, %29 : tensor<6x10xf32>
    %31 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %32 = stablehlo.add %30, %31 : tensor<6x10xf32>
    %33 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %34 = stablehlo.maximum %33, %32 : tensor<6x10xf32>
    return %34 : tensor<6x10xf32>
  }
  func.func private @threefry2x32_0(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<6x10xui32>, %arg3: tensor<6x10xui32>) -> (tensor<6x10xui32>, tensor<6x10xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<6x10xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<6x10xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call_1(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<6x10xui32>, tensor<6x10xui32>
  }
  func.func private @closed_call_1(%arg0: tensor<i32>, %arg1: tensor<6x10xui32>, %arg2: tensor<6x10xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<6x10xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<6x10xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<6x10xui32>
    %9 = stablehlo.or %5, %8 : tensor<6x10xui32>
    %10 = stablehlo.xor %3, %9 : tensor<6x10xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<6x10xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<6x10xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<6x10xui32>
    %19 = stablehlo.or %15, %18 : tensor<6x10xui32>
    %20 = stablehlo.xor %13, %19 : tensor<6x10xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<6x10xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<6x10xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<6x10xui32>
    %29 = stablehlo.or %25, %28 : tensor<6x10xui32>
    %30 = stablehlo.xor %23, %29 : tensor<6x10xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<6x10xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<6x10xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<6x10xui32>
    %39 = stablehlo.or %35, %38 : tensor<6x10xui32>
    %40 = stablehlo.xor %33, %39 : tensor<6x10xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %42 = stablehlo.add %33, %41 : tensor<6x10xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %44 = stablehlo.add %40, %43 : tensor<6x10xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %48 = stablehlo.add %44, %47 : tensor<6x10xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<6x10xui32>, tensor<6x10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_where(%arg0: tensor<6x10xi1>, %arg1: tensor<6x10xf32>, %arg2: tensor<f32>) -> tensor<6x10xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<6x10xi1>, tensor<6x10xf32>
    return %2 : tensor<6x10xf32>
  }
  func.func private @_truncated_normal(%arg0: tensor<2xui32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<10x3xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
    %cst = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.divide %0, %cst : tensor<f32>
    %3 = chlo.erf %2 : tensor<f32> -> tensor<f32>
    %cst_0 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %4 = stablehlo.divide %1, %cst_0 : tensor<f32>
    %5 = chlo.erf %4 : tensor<f32> -> tensor<f32>
    %6 = call @_uniform_2(%arg0, %3, %5) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<10x3xf32>
    %7 = chlo.erf_inv %6 : tensor<10x3xf32> -> tensor<10x3xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<10x3xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %10 = chlo.next_after %0, %cst_2 : tensor<f32>, tensor<f32> -> tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %11 = chlo.next_after %1, %cst_3 : tensor<f32>, tensor<f32> -> tensor<f32>
    %12 = call @clip(%9, %10, %11) : (tensor<10x3xf32>, tensor<f32>, tensor<f32>) -> tensor<10x3xf32>
    return %12 : tensor<10x3xf32>
  }
  func.func private @_uniform_2(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<10x3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<10x3xui64>
    %7 = stablehlo.iota dim = 1 : tensor<10x3xui64>
    %c = stablehlo.constant dense<3> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<10x3xui64>
    %9 = stablehlo.multiply %8, %6 : tensor<10x3xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<10x3xui64>
    %11 = stablehlo.multiply %10, %7 : tensor<10x3xui64>
    %12 = stablehlo.add %9, %11 : tensor<10x3xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %13 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<10x3xui64>
    %14 = stablehlo.shift_right_logical %12, %13 : tensor<10x3xui64>
    %15 = stablehlo.convert %12 : (tensor<10x3xui64>) -> tensor<10x3xui32>
    %16 = stablehlo.convert %14 : (tensor<10x3xui64>) -> tensor<10x3xui32>
    %17:2 = call @threefry2x32_3(%3, %5, %16, %15) : (tensor<ui32>, tensor<ui32>, tensor<10x3xui32>, tensor<10x3xui32>) -> (tensor<10x3xui32>, tensor<10x3xui32>)
    %18 = stablehlo.xor %17#0, %17#1 : tensor<10x3xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %19 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %20 = stablehlo.shift_right_logical %18, %19 : tensor<10x3xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %21 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %22 = stablehlo.or %20, %21 : tensor<10x3xui32>
    %23 = stablehlo.bitcast_convert %22 : (tensor<10x3xui32>) -> tensor<10x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %25 = stablehlo.subtract %23, %24 : tensor<10x3xf32>
    %26 = stablehlo.subtract %1, %0 : tensor<1x1xf32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<10x3xf32>
    %28 = stablehlo.multiply %25, %27 : tensor<10x3xf32>
    %29 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<10x3xf32>
    %30 = stablehlo.add %28, %29 : tensor<10x3xf32>
    %31 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<10x3xf32>
    %32 = stablehlo.maximum %31, %30 : tensor<10x3xf32>
    return %32 : tensor<10x3xf32>
  }
  func.func private @threefry2x32_3(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<10x3xui32>, %arg3: tensor<10x3xui32>) -> (tensor<10x3xui32>, tensor<10x3xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<10x3xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<10x3xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call_4(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<10x3xui32>, tensor<10x3xui32>
  }
  func.func private @closed_call_4(%arg0: tensor<i32>, %arg1: tensor<10x3xui32>, %arg2: tensor<10x3xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<10x3xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<10x3xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<10x3xui32>
    %9 = stablehlo.or %5, %8 : tensor<10x3xui32>
    %10 = stablehlo.xor %3, %9 : tensor<10x3xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<10x3xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<10x3xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<10x3xui32>
    %19 = stablehlo.or %15, %18 : tensor<10x3xui32>
    %20 = stablehlo.xor %13, %19 : tensor<10x3xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<10x3xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<10x3xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<10x3xui32>
    %29 = stablehlo.or %25, %28 : tensor<10x3xui32>
    %30 = stablehlo.xor %23, %29 : tensor<10x3xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<10x3xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<10x3xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<10x3xui32>
    %39 = stablehlo.or %35, %38 : tensor<10x3xui32>
    %40 = stablehlo.xor %33, %39 : tensor<10x3xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %42 = stablehlo.add %33, %41 : tensor<10x3xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %44 = stablehlo.add %40, %43 : tensor<10x3xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<10x3xui32>
    %48 = stablehlo.add %44, %47 : tensor<10x3xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<10x3xui32>, tensor<10x3xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @clip(%arg0: tensor<10x3xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<10x3xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<10x3xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<10x3xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<10x3xf32>
    return %3 : tensor<10x3xf32>
  }
  func.func private @_gumbel(%arg0: tensor<2xui32>) -> tensor<6x10xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.17549435E-38> : tensor<f32>
    %0 = call @_uniform_5(%arg0, %cst, %cst_0) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<6x10xf32>
    %1 = stablehlo.log %0 : tensor<6x10xf32>
    %2 = stablehlo.negate %1 : tensor<6x10xf32>
    %3 = stablehlo.log %2 : tensor<6x10xf32>
    %4 = stablehlo.negate %3 : tensor<6x10xf32>
    return %4 : tensor<6x10xf32>
  }
  func.func private @_uniform_5(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<6x10xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1x1xf32>
    %3 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %4 = stablehlo.reshape %3 : (tensor<1xui32>) -> tensor<ui32>
    %5 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %6 = stablehlo.reshape %5 : (tensor<1xui32>) -> tensor<ui32>
    %7 = stablehlo.iota dim = 0 : tensor<6x10xui64>
    %8 = stablehlo.iota dim = 1 : tensor<6x10xui64>
    %c = stablehlo.constant dense<10> : tensor<ui64>
    %9 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %10 = stablehlo.multiply %9, %7 : tensor<6x10xui64>
    %c_0 = stablehlo.constant dense<1> : tensor<ui64>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %12 = stablehlo.multiply %11, %8 : tensor<6x10xui64>
    %13 = stablehlo.add %10, %12 : tensor<6x10xui64>
    %c_1 = stablehlo.constant dense<32> : tensor<ui64>
    %14 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui64>) -> tensor<6x10xui64>
    %15 = stablehlo.shift_right_logical %13, %14 : tensor<6x10xui64>
    %16 = stablehlo.convert %13 : (tensor<6x10xui64>) -> tensor<6x10xui32>
    %17 = stablehlo.convert %15 : (tensor<6x10xui64>) -> tensor<6x10xui32>
    %18:2 = call @threefry2x32_0(%4, %6, %17, %16) : (tensor<ui32>, tensor<ui32>, tensor<6x10xui32>, tensor<6x10xui32>) -> (tensor<6x10xui32>, tensor<6x10xui32>)
    %19 = stablehlo.xor %18#0, %18#1 : tensor<6x10xui32>
    %c_2 = stablehlo.constant dense<9> : tensor<ui32>
    %20 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %21 = stablehlo.shift_right_logical %19, %20 : tensor<6x10xui32>
    %c_3 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %22 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui32>) -> tensor<6x10xui32>
    %23 = stablehlo.or %21, %22 : tensor<6x10xui32>
    %24 = stablehlo.bitcast_convert %23 : (tensor<6x10xui32>) -> tensor<6x10xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %26 = stablehlo.subtract %24, %25 : tensor<6x10xf32>
    %27 = stablehlo.subtract %2, %1 : tensor<1x1xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %29 = stablehlo.multiply %26, %28 : tensor<6x10xf32>
    %30 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %31 = stablehlo.add %29, %30 : tensor<6x10xf32>
    %32 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x1xf32>) -> tensor<6x10xf32>
    %33 = stablehlo.maximum %32, %31 : tensor<6x10xf32>
    return %33 : tensor<6x10xf32>
  }
  func.func private @argmax(%arg0: tensor<6x10xf32>) -> tensor<6xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<6x10xi32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<6x10xf32>, tensor<6x10xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<6xi32>
  }
  func.func private @_truncated_normal_6(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.convert %arg2 : tensor<f32>
    %cst = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.divide %0, %cst : tensor<f32>
    %3 = chlo.erf %2 : tensor<f32> -> tensor<f32>
    %cst_0 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %4 = stablehlo.divide %1, %cst_0 : tensor<f32>
    %5 = chlo.erf %4 : tensor<f32> -> tensor<f32>
    %6 = call @_uniform_7(%arg0, %3, %5) : (tensor<2xui32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
    %7 = chlo.erf_inv %6 : tensor<5xf32> -> tensor<5xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %9 = stablehlo.multiply %8, %7 : tensor<5xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %10 = chlo.next_after %0, %cst_2 : tensor<f32>, tensor<f32> -> tensor<f32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %11 = chlo.next_after %1, %cst_3 : tensor<f32>, tensor<f32> -> tensor<f32>
    %12 = call @clip_8(%9, %10, %11) : (tensor<5xf32>, tensor<f32>, tensor<f32>) -> tensor<5xf32>
    return %12 : tensor<5xf32>
  }
  func.func private @_uniform_7(%arg0: tensor<2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %2 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %5 = stablehlo.reshape %4 : (tensor<1xui32>) -> tensor<ui32>
    %6 = stablehlo.iota dim = 0 : tensor<5xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %8 = stablehlo.multiply %7, %6 : tensor<5xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %9 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<5xui64>
    %10 = stablehlo.shift_right_logical %8, %9 : tensor<5xui64>
    %11 = stablehlo.convert %8 : (tensor<5xui64>) -> tensor<5xui32>
    %12 = stablehlo.convert %10 : (tensor<5xui64>) -> tensor<5xui32>
    %13:2 = call @threefry2x32(%3, %5, %12, %11) : (tensor<ui32>, tensor<ui32>, tensor<5xui32>, tensor<5xui32>) -> (tensor<5xui32>, tensor<5xui32>)
    %14 = stablehlo.xor %13#0, %13#1 : tensor<5xui32>
    %c_1 = stablehlo.constant dense<9> : tensor<ui32>
    %15 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %16 = stablehlo.shift_right_logical %14, %15 : tensor<5xui32>
    %c_2 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<5xui32>
    %18 = stablehlo.or %16, %17 : tensor<5xui32>
    %19 = stablehlo.bitcast_convert %18 : (tensor<5xui32>) -> tensor<5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %21 = stablehlo.subtract %19, %20 : tensor<5xf32>
    %22 = stablehlo.subtract %1, %0 : tensor<1xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<5xf32>
    %25 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %26 = stablehlo.add %24, %25 : tensor<5xf32>
    %27 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<1xf32>) -> tensor<5xf32>
    %28 = stablehlo.maximum %27, %26 : tensor<5xf32>
    return %28 : tensor<5xf32>
  }
  func.func private @clip_8(%arg0: tensor<5xf32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %1 = stablehlo.maximum %0, %arg0 : tensor<5xf32>
    %2 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %3 = stablehlo.minimum %2, %1 : tensor<5xf32>
    return %3 : tensor<5xf32>
  }
  func.func private @_shuffle(%arg0: tensor<2xui32>, %arg1: tensor<6xi32>) -> tensor<6xi32> {
    %0 = call @_threefry_split_9(%arg0) : (tensor<2xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.slice %0 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %2 = stablehlo.reshape %1 : (tensor<1x2xui32>) -> tensor<2xui32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %4 = stablehlo.reshape %3 : (tensor<1xui32>) -> tensor<ui32>
    %5 = stablehlo.slice %2 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %6 = stablehlo.reshape %5 : (tensor<1xui32>) -> tensor<ui32>
    %7 = stablehlo.iota dim = 0 : tensor<6xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %9 = stablehlo.multiply %8, %7 : tensor<6xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<6xui64>
    %11 = stablehlo.shift_right_logical %9, %10 : tensor<6xui64>
    %12 = stablehlo.convert %9 : (tensor<6xui64>) -> tensor<6xui32>
    %13 = stablehlo.convert %11 : (tensor<6xui64>) -> tensor<6xui32>
    %14:2 = call @threefry2x32_12(%4, %6, %13, %12) : (tensor<ui32>, tensor<ui32>, tensor<6xui32>, tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>)
    %15 = stablehlo.xor %14#0, %14#1 : tensor<6xui32>
    %16:2 = "stablehlo.sort"(%15, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<ui32>, %arg3: tensor<ui32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %17 = stablehlo.compare LT, %arg2, %arg3, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %17 : tensor<i1>
    }) : (tensor<6xui32>, tensor<6xi32>) -> (tensor<6xui32>, tensor<6xi32>)
    return %16#1 : tensor<6xi32>
  }
  func.func private @_threefry_split_9(%arg0: tensor<2xui32>) -> tensor<2x2xui32> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = stablehlo.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<2xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2xui64>
    %9 = stablehlo.convert %6 : (tensor<2xui64>) -> tensor<2xui32>
    %10 = stablehlo.convert %8 : (tensor<2xui64>) -> tensor<2xui32>
    %11:2 = call @threefry2x32_10(%1, %3, %10, %9) : (tensor<ui32>, tensor<ui32>, tensor<2xui32>, tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>)
    %12 = stablehlo.broadcast_in_dim %11#0, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %13 = stablehlo.broadcast_in_dim %11#1, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x2xui32>
    return %14 : tensor<2x2xui32>
  }
  func.func private @threefry2x32_10(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<2xui32>, %arg3: tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<2xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call_11(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<2xui32>, tensor<2xui32>
  }
  func.func private @closed_call_11(%arg0: tensor<i32>, %arg1: tensor<2xui32>, %arg2: tensor<2xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<2xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<2xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<2xui32>
    %9 = stablehlo.or %5, %8 : tensor<2xui32>
    %10 = stablehlo.xor %3, %9 : tensor<2xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<2xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<2xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<2xui32>
    %19 = stablehlo.or %15, %18 : tensor<2xui32>
    %20 = stablehlo.xor %13, %19 : tensor<2xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<2xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<2xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<2xui32>
    %29 = stablehlo.or %25, %28 : tensor<2xui32>
    %30 = stablehlo.xor %23, %29 : tensor<2xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<2xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<2xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<2xui32>
    %39 = stablehlo.or %35, %38 : tensor<2xui32>
    %40 = stablehlo.xor %33, %39 : tensor<2xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %42 = stablehlo.add %33, %41 : tensor<2xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %44 = stablehlo.add %40, %43 : tensor<2xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %48 = stablehlo.add %44, %47 : tensor<2xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @threefry2x32_12(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<6xui32>, %arg3: tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<6xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<6xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call_13(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<6xui32>, tensor<6xui32>
  }
  func.func private @closed_call_13(%arg0: tensor<i32>, %arg1: tensor<6xui32>, %arg2: tensor<6xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<6xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<6xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<6xui32>
    %9 = stablehlo.or %5, %8 : tensor<6xui32>
    %10 = stablehlo.xor %3, %9 : tensor<6xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<6xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<6xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<6xui32>
    %19 = stablehlo.or %15, %18 : tensor<6xui32>
    %20 = stablehlo.xor %13, %19 : tensor<6xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<6xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<6xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<6xui32>
    %29 = stablehlo.or %25, %28 : tensor<6xui32>
    %30 = stablehlo.xor %23, %29 : tensor<6xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<6xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<6xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<6xui32>
    %39 = stablehlo.or %35, %38 : tensor<6xui32>
    %40 = stablehlo.xor %33, %39 : tensor<6xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %42 = stablehlo.add %33, %41 : tensor<6xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %44 = stablehlo.add %40, %43 : tensor<6xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<6xui32>
    %48 = stablehlo.add %44, %47 : tensor<6xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<6xui32>, tensor<6xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_take(%arg0: tensor<6x10xf32>, %arg1: tensor<6xi32>) -> tensor<6x10xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<6xi32>
    %4 = call @_where_14(%1, %3, %arg1) : (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>) -> tensor<6xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_1 = stablehlo.constant dense<5> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<6x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<6x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<6x1xi1>, tensor<i1>) -> tensor<6xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 10>}> : (tensor<6x10xf32>, tensor<6x1xi32>) -> tensor<6x10xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [0] : (tensor<6xi1>) -> tensor<6x10xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x10xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<6x10xi1>, tensor<6x10xf32>
    return %16 : tensor<6x10xf32>
  }
  func.func private @_where_14(%arg0: tensor<6xi1>, %arg1: tensor<6xi32>, %arg2: tensor<6xi32>) -> tensor<6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6xi1>, tensor<6xi32>
    return %0 : tensor<6xi32>
  }
  func.func private @_gamma(%arg0: tensor<2xui32>, %arg1: tensor<f32>) -> tensor<4xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %2 = stablehlo.reshape %arg0 : (tensor<2xui32>) -> tensor<1x2xui32>
    %3 = call @_threefry_split_15(%2) : (tensor<1x2xui32>) -> tensor<1x4x2xui32>
    %4 = stablehlo.reshape %3 : (tensor<1x4x2xui32>) -> tensor<4x2xui32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %6 = stablehlo.compare GE, %1, %5, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %8 = stablehlo.add %1, %7 : tensor<4xf32>
    %9 = stablehlo.select %6, %1, %8 : tensor<4xi1>, tensor<4xf32>
    %cst_1 = stablehlo.constant dense<0.333333343> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %11 = stablehlo.subtract %9, %10 : tensor<4xf32>
    %12 = stablehlo.sqrt %11 : tensor<4xf32>
    %cst_2 = stablehlo.constant dense<0.333333343> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %14 = stablehlo.divide %13, %12 : tensor<4xf32>
    %15 = call @_threefry_split_18(%4) : (tensor<4x2xui32>) -> tensor<4x2x2xui32>
    %16 = stablehlo.slice %15 [0:4, 0:1, 0:2] : (tensor<4x2x2xui32>) -> tensor<4x1x2xui32>
    %17 = stablehlo.reshape %16 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
    %18 = stablehlo.slice %15 [0:4, 1:2, 0:2] : (tensor<4x2x2xui32>) -> tensor<4x1x2xui32>
    %19 = stablehlo.reshape %18 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %23:6 = stablehlo.while(%iterArg = %11, %iterArg_11 = %14, %iterArg_12 = %17, %iterArg_13 = %20, %iterArg_14 = %21, %iterArg_15 = %22) : tensor<4xf32>, tensor<4xf32>, tensor<4x2xui32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %34 = stablehlo.multiply %iterArg_13, %iterArg_13 : tensor<4xf32>
      %cst_16 = stablehlo.constant dense<3.310000e-02> : tensor<f32>
      %35 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %36 = stablehlo.multiply %35, %34 : tensor<4xf32>
      %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %37 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %38 = stablehlo.subtract %37, %36 : tensor<4xf32>
      %39 = stablehlo.compare GE, %iterArg_15, %38, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %40 = stablehlo.log %iterArg_15 : tensor<4xf32>
      %cst_18 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %41 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %42 = stablehlo.multiply %iterArg_13, %41 : tensor<4xf32>
      %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %43 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %44 = stablehlo.subtract %43, %iterArg_14 : tensor<4xf32>
      %45 = stablehlo.log %iterArg_14 : tensor<4xf32>
      %46 = stablehlo.add %44, %45 : tensor<4xf32>
      %47 = stablehlo.multiply %iterArg, %46 : tensor<4xf32>
      %48 = stablehlo.add %42, %47 : tensor<4xf32>
      %49 = stablehlo.compare GE, %40, %48, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %50 = stablehlo.and %39, %49 : tensor<4xi1>
      %c = stablehlo.constant dense<false> : tensor<i1>
      %51 = stablehlo.reduce(%50 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %51 : tensor<i1>
    } do {
      %34 = func.call @_threefry_split_21(%iterArg_12) : (tensor<4x2xui32>) -> tensor<4x3x2xui32>
      %35 = stablehlo.slice %34 [0:4, 0:1, 0:2] : (tensor<4x3x2xui32>) -> tensor<4x1x2xui32>
      %36 = stablehlo.reshape %35 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
      %37 = stablehlo.slice %34 [0:4, 1:2, 0:2] : (tensor<4x3x2xui32>) -> tensor<4x1x2xui32>
      %38 = stablehlo.reshape %37 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
      %39 = stablehlo.slice %34 [0:4, 2:3, 0:2] : (tensor<4x3x2xui32>) -> tensor<4x1x2xui32>
      %40 = stablehlo.reshape %39 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
      %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %41 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %cst_17 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
      %42 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %43:4 = stablehlo.while(%iterArg_24 = %iterArg_11, %iterArg_25 = %38, %iterArg_26 = %41, %iterArg_27 = %42) : tensor<4xf32>, tensor<4x2xui32>, tensor<4xf32>, tensor<4xf32>
      cond {
        %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %73 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %74 = stablehlo.compare LE, %iterArg_27, %73, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %c = stablehlo.constant dense<false> : tensor<i1>
        %75 = stablehlo.reduce(%74 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<4xi1>, tensor<i1>) -> tensor<i1>
        stablehlo.return %75 : tensor<i1>
      } do {
        %73 = func.call @_threefry_split_18(%iterArg_25) : (tensor<4x2xui32>) -> tensor<4x2x2xui32>
        %74 = stablehlo.slice %73 [0:4, 0:1, 0:2] : (tensor<4x2x2xui32>) -> tensor<4x1x2xui32>
        %75 = stablehlo.reshape %74 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
        %76 = stablehlo.slice %73 [0:4, 1:2, 0:2] : (tensor<4x2x2xui32>) -> tensor<4x1x2xui32>
        %77 = stablehlo.reshape %76 : (tensor<4x1x2xui32>) -> tensor<4x2xui32>
        %78 = func.call @_normal(%77) : (tensor<4x2xui32>) -> tensor<4xf32>
        %79 = stablehlo.multiply %78, %iterArg_24 : tensor<4xf32>
        %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
        %80 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %81 = stablehlo.add %80, %79 : tensor<4xf32>
        %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        %82 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4xf32>
        %83 = stablehlo.compare LE, %iterArg_27, %82, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
        %84 = stablehlo.broadcast_in_dim %83, dims = [0] : (tensor<4xi1>) -> tensor<4x2xi1>
        %85 = stablehlo.select %84, %75, %iterArg_25 : tensor<4x2xi1>, tensor<4x2xui32>
        %86 = stablehlo.broadcast_in_dim %83, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
        %87 = stablehlo.select %86, %78, %iterArg_26 : tensor<4xi1>, tensor<4xf32>
        %88 = stablehlo.broadcast_in_dim %83, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
        %89 = stablehlo.select %88, %81, %iterArg_27 : tensor<4xi1>, tensor<4xf32>
        stablehlo.return %iterArg_24, %85, %87, %89 : tensor<4xf32>, tensor<4x2xui32>, tensor<4xf32>, tensor<4xf32>
      }
      %44 = stablehlo.multiply %43#2, %43#2 : tensor<4xf32>
      %45 = stablehlo.multiply %43#3, %43#3 : tensor<4xf32>
      %46 = stablehlo.multiply %45, %43#3 : tensor<4xf32>
      %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %47 = func.call @_uniform_27(%40, %cst_18, %cst_19) : (tensor<4x2xui32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
      %48 = stablehlo.multiply %iterArg_13, %iterArg_13 : tensor<4xf32>
      %cst_20 = stablehlo.constant dense<3.310000e-02> : tensor<f32>
      %49 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %50 = stablehlo.multiply %49, %48 : tensor<4xf32>
      %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %51 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %52 = stablehlo.subtract %51, %50 : tensor<4xf32>
      %53 = stablehlo.compare GE, %iterArg_15, %52, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %54 = stablehlo.log %iterArg_15 : tensor<4xf32>
      %cst_22 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %55 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %56 = stablehlo.multiply %iterArg_13, %55 : tensor<4xf32>
      %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %57 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %58 = stablehlo.subtract %57, %iterArg_14 : tensor<4xf32>
      %59 = stablehlo.log %iterArg_14 : tensor<4xf32>
      %60 = stablehlo.add %58, %59 : tensor<4xf32>
      %61 = stablehlo.multiply %iterArg, %60 : tensor<4xf32>
      %62 = stablehlo.add %56, %61 : tensor<4xf32>
      %63 = stablehlo.compare GE, %54, %62, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
      %64 = stablehlo.and %53, %63 : tensor<4xi1>
      %65 = stablehlo.broadcast_in_dim %64, dims = [0] : (tensor<4xi1>) -> tensor<4x2xi1>
      %66 = stablehlo.select %65, %36, %iterArg_12 : tensor<4x2xi1>, tensor<4x2xui32>
      %67 = stablehlo.broadcast_in_dim %64, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
      %68 = stablehlo.select %67, %44, %iterArg_13 : tensor<4xi1>, tensor<4xf32>
      %69 = stablehlo.broadcast_in_dim %64, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
      %70 = stablehlo.select %69, %46, %iterArg_14 : tensor<4xi1>, tensor<4xf32>
      %71 = stablehlo.broadcast_in_dim %64, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
      %72 = stablehlo.select %71, %47, %iterArg_15 : tensor<4xi1>, tensor<4xf32>
      stablehlo.return %iterArg, %iterArg_11, %66, %68, %70, %72 : tensor<4xf32>, tensor<4xf32>, tensor<4x2xui32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = call @_uniform_27(%19, %cst_6, %cst_7) : (tensor<4x2xui32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %26 = stablehlo.subtract %25, %24 : tensor<4xf32>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.divide %27, %1 : tensor<4xf32>
    %29 = stablehlo.power %26, %28 : tensor<4xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %31 = stablehlo.select %6, %30, %29 : tensor<4xi1>, tensor<4xf32>
    %32 = stablehlo.multiply %11, %23#4 : tensor<4xf32>
    %33 = stablehlo.multiply %32, %31 : tensor<4xf32>
    return %33 : tensor<4xf32>
  }
  func.func private @_threefry_split_15(%arg0: tensor<1x2xui32>) -> tensor<1x4x2xui32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:1] : (tensor<1x2xui32>) -> tensor<1x1xui32>
    %1 = stablehlo.reshape %0 : (tensor<1x1xui32>) -> tensor<1xui32>
    %2 = stablehlo.slice %arg0 [0:1, 1:2] : (tensor<1x2xui32>) -> tensor<1x1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1x1xui32>) -> tensor<1xui32>
    %4 = stablehlo.iota dim = 0 : tensor<4xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<4xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<4xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<4xui64>
    %9 = stablehlo.convert %6 : (tensor<4xui64>) -> tensor<4xui32>
    %10 = stablehlo.convert %8 : (tensor<4xui64>) -> tensor<4xui32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<4xui32>) -> tensor<1x4xui32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<4xui32>) -> tensor<1x4xui32>
    %13 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<1xui32>) -> tensor<1x1xui32>
    %14 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<1xui32>) -> tensor<1x1xui32>
    %15:2 = call @threefry2x32_16(%13, %14, %11, %12) : (tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x4xui32>, tensor<1x4xui32>) -> (tensor<1x4xui32>, tensor<1x4xui32>)
    %16 = stablehlo.broadcast_in_dim %15#0, dims = [0, 1] : (tensor<1x4xui32>) -> tensor<1x4x1xui32>
    %17 = stablehlo.broadcast_in_dim %15#1, dims = [0, 1] : (tensor<1x4xui32>) -> tensor<1x4x1xui32>
    %18 = stablehlo.concatenate %16, %17, dim = 2 : (tensor<1x4x1xui32>, tensor<1x4x1xui32>) -> tensor<1x4x2xui32>
    return %18 : tensor<1x4x2xui32>
  }
  func.func private @threefry2x32_16(%arg0: tensor<1x1xui32>, %arg1: tensor<1x1xui32>, %arg2: tensor<1x4xui32>, %arg3: tensor<1x4xui32>) -> (tensor<1x4xui32>, tensor<1x4xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<1x1xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<1x1xui32>
    %2 = stablehlo.xor %0, %1 : tensor<1x1xui32>
    %3 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<1x4xui32>
    %4 = stablehlo.add %arg2, %3 : tensor<1x4xui32>
    %5 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<1x4xui32>
    %6 = stablehlo.add %arg3, %5 : tensor<1x4xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %4, %iterArg_6 = %6, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %8:8 = func.call @closed_call_17(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %9, %8#0, %8#1, %8#2, %8#3, %8#4, %8#5, %8#6, %8#7 : tensor<i32>, tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %7#2, %7#3 : tensor<1x4xui32>, tensor<1x4xui32>
  }
  func.func private @closed_call_17(%arg0: tensor<i32>, %arg1: tensor<1x4xui32>, %arg2: tensor<1x4xui32>, %arg3: tensor<1x1xui32>, %arg4: tensor<1x1xui32>, %arg5: tensor<1x1xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<1x4xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<1x4xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<1x4xui32>
    %9 = stablehlo.or %5, %8 : tensor<1x4xui32>
    %10 = stablehlo.xor %3, %9 : tensor<1x4xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<1x4xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<1x4xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<1x4xui32>
    %19 = stablehlo.or %15, %18 : tensor<1x4xui32>
    %20 = stablehlo.xor %13, %19 : tensor<1x4xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<1x4xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<1x4xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<1x4xui32>
    %29 = stablehlo.or %25, %28 : tensor<1x4xui32>
    %30 = stablehlo.xor %23, %29 : tensor<1x4xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<1x4xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<1x4xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<1x4xui32>
    %39 = stablehlo.or %35, %38 : tensor<1x4xui32>
    %40 = stablehlo.xor %33, %39 : tensor<1x4xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<1x4xui32>
    %42 = stablehlo.add %33, %41 : tensor<1x4xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<1x4xui32>
    %44 = stablehlo.add %40, %43 : tensor<1x4xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<1x4xui32>
    %48 = stablehlo.add %44, %47 : tensor<1x4xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<1x4xui32>, tensor<1x4xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<1x1xui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_threefry_split_18(%arg0: tensor<4x2xui32>) -> tensor<4x2x2xui32> {
    %0 = stablehlo.slice %arg0 [0:4, 0:1] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %1 = stablehlo.reshape %0 : (tensor<4x1xui32>) -> tensor<4xui32>
    %2 = stablehlo.slice %arg0 [0:4, 1:2] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %3 = stablehlo.reshape %2 : (tensor<4x1xui32>) -> tensor<4xui32>
    %4 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<2xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2xui64>
    %9 = stablehlo.convert %6 : (tensor<2xui64>) -> tensor<2xui32>
    %10 = stablehlo.convert %8 : (tensor<2xui64>) -> tensor<2xui32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<2xui32>) -> tensor<1x2xui32>
    %13 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xui32>) -> tensor<4x1xui32>
    %14 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xui32>) -> tensor<4x1xui32>
    %15:2 = call @threefry2x32_19(%13, %14, %11, %12) : (tensor<4x1xui32>, tensor<4x1xui32>, tensor<1x2xui32>, tensor<1x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>)
    %16 = stablehlo.broadcast_in_dim %15#0, dims = [0, 1] : (tensor<4x2xui32>) -> tensor<4x2x1xui32>
    %17 = stablehlo.broadcast_in_dim %15#1, dims = [0, 1] : (tensor<4x2xui32>) -> tensor<4x2x1xui32>
    %18 = stablehlo.concatenate %16, %17, dim = 2 : (tensor<4x2x1xui32>, tensor<4x2x1xui32>) -> tensor<4x2x2xui32>
    return %18 : tensor<4x2x2xui32>
  }
  func.func private @threefry2x32_19(%arg0: tensor<4x1xui32>, %arg1: tensor<4x1xui32>, %arg2: tensor<1x2xui32>, %arg3: tensor<1x2xui32>) -> (tensor<4x2xui32>, tensor<4x2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<4x1xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<4x1xui32>
    %2 = stablehlo.xor %0, %1 : tensor<4x1xui32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<4x2xui32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x2xui32>
    %5 = stablehlo.add %3, %4 : tensor<4x2xui32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x2xui32>) -> tensor<4x2xui32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x2xui32>
    %8 = stablehlo.add %6, %7 : tensor<4x2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %5, %iterArg_6 = %8, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10:8 = func.call @closed_call_20(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %11, %10#0, %10#1, %10#2, %10#3, %10#4, %10#5, %10#6, %10#7 : tensor<i32>, tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %9#2, %9#3 : tensor<4x2xui32>, tensor<4x2xui32>
  }
  func.func private @closed_call_20(%arg0: tensor<i32>, %arg1: tensor<4x2xui32>, %arg2: tensor<4x2xui32>, %arg3: tensor<4x1xui32>, %arg4: tensor<4x1xui32>, %arg5: tensor<4x1xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<4x2xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<4x2xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<4x2xui32>
    %9 = stablehlo.or %5, %8 : tensor<4x2xui32>
    %10 = stablehlo.xor %3, %9 : tensor<4x2xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<4x2xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<4x2xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<4x2xui32>
    %19 = stablehlo.or %15, %18 : tensor<4x2xui32>
    %20 = stablehlo.xor %13, %19 : tensor<4x2xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<4x2xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<4x2xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<4x2xui32>
    %29 = stablehlo.or %25, %28 : tensor<4x2xui32>
    %30 = stablehlo.xor %23, %29 : tensor<4x2xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<4x2xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<4x2xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<4x2xui32>
    %39 = stablehlo.or %35, %38 : tensor<4x2xui32>
    %40 = stablehlo.xor %33, %39 : tensor<4x2xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x2xui32>
    %42 = stablehlo.add %33, %41 : tensor<4x2xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x2xui32>
    %44 = stablehlo.add %40, %43 : tensor<4x2xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<4x2xui32>
    %48 = stablehlo.add %44, %47 : tensor<4x2xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<4x2xui32>, tensor<4x2xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_threefry_split_21(%arg0: tensor<4x2xui32>) -> tensor<4x3x2xui32> {
    %0 = stablehlo.slice %arg0 [0:4, 0:1] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %1 = stablehlo.reshape %0 : (tensor<4x1xui32>) -> tensor<4xui32>
    %2 = stablehlo.slice %arg0 [0:4, 1:2] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %3 = stablehlo.reshape %2 : (tensor<4x1xui32>) -> tensor<4xui32>
    %4 = stablehlo.iota dim = 0 : tensor<3xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<3xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<3xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<3xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<3xui64>
    %9 = stablehlo.convert %6 : (tensor<3xui64>) -> tensor<3xui32>
    %10 = stablehlo.convert %8 : (tensor<3xui64>) -> tensor<3xui32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [1] : (tensor<3xui32>) -> tensor<1x3xui32>
    %12 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<3xui32>) -> tensor<1x3xui32>
    %13 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<4xui32>) -> tensor<4x1xui32>
    %14 = stablehlo.broadcast_in_dim %3, dims = [0] : (tensor<4xui32>) -> tensor<4x1xui32>
    %15:2 = call @threefry2x32_22(%13, %14, %11, %12) : (tensor<4x1xui32>, tensor<4x1xui32>, tensor<1x3xui32>, tensor<1x3xui32>) -> (tensor<4x3xui32>, tensor<4x3xui32>)
    %16 = stablehlo.broadcast_in_dim %15#0, dims = [0, 1] : (tensor<4x3xui32>) -> tensor<4x3x1xui32>
    %17 = stablehlo.broadcast_in_dim %15#1, dims = [0, 1] : (tensor<4x3xui32>) -> tensor<4x3x1xui32>
    %18 = stablehlo.concatenate %16, %17, dim = 2 : (tensor<4x3x1xui32>, tensor<4x3x1xui32>) -> tensor<4x3x2xui32>
    return %18 : tensor<4x3x2xui32>
  }
  func.func private @threefry2x32_22(%arg0: tensor<4x1xui32>, %arg1: tensor<4x1xui32>, %arg2: tensor<1x3xui32>, %arg3: tensor<1x3xui32>) -> (tensor<4x3xui32>, tensor<4x3xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<4x1xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<4x1xui32>
    %2 = stablehlo.xor %0, %1 : tensor<4x1xui32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [0, 1] : (tensor<1x3xui32>) -> tensor<4x3xui32>
    %4 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x3xui32>
    %5 = stablehlo.add %3, %4 : tensor<4x3xui32>
    %6 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<1x3xui32>) -> tensor<4x3xui32>
    %7 = stablehlo.broadcast_in_dim %arg1, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x3xui32>
    %8 = stablehlo.add %6, %7 : tensor<4x3xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %5, %iterArg_6 = %8, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %10 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %10 : tensor<i1>
    } do {
      %10:8 = func.call @closed_call_23(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %11 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %11, %10#0, %10#1, %10#2, %10#3, %10#4, %10#5, %10#6, %10#7 : tensor<i32>, tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %9#2, %9#3 : tensor<4x3xui32>, tensor<4x3xui32>
  }
  func.func private @closed_call_23(%arg0: tensor<i32>, %arg1: tensor<4x3xui32>, %arg2: tensor<4x3xui32>, %arg3: tensor<4x1xui32>, %arg4: tensor<4x1xui32>, %arg5: tensor<4x1xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<4x3xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<4x3xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<4x3xui32>
    %9 = stablehlo.or %5, %8 : tensor<4x3xui32>
    %10 = stablehlo.xor %3, %9 : tensor<4x3xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<4x3xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<4x3xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<4x3xui32>
    %19 = stablehlo.or %15, %18 : tensor<4x3xui32>
    %20 = stablehlo.xor %13, %19 : tensor<4x3xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<4x3xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<4x3xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<4x3xui32>
    %29 = stablehlo.or %25, %28 : tensor<4x3xui32>
    %30 = stablehlo.xor %23, %29 : tensor<4x3xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<4x3xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<4x3xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<4x3xui32>
    %39 = stablehlo.or %35, %38 : tensor<4x3xui32>
    %40 = stablehlo.xor %33, %39 : tensor<4x3xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x3xui32>
    %42 = stablehlo.add %33, %41 : tensor<4x3xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [0, 1] : (tensor<4x1xui32>) -> tensor<4x3xui32>
    %44 = stablehlo.add %40, %43 : tensor<4x3xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<4x3xui32>
    %48 = stablehlo.add %44, %47 : tensor<4x3xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<4x3xui32>, tensor<4x3xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4x1xui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_normal(%arg0: tensor<4x2xui32>) -> tensor<4xf32> {
    %0 = call @_normal_real(%arg0) : (tensor<4x2xui32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
  func.func private @_normal_real(%arg0: tensor<4x2xui32>) -> tensor<4xf32> {
    %cst = stablehlo.constant dense<-0.99999994> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform_24(%arg0, %cst, %cst_0) : (tensor<4x2xui32>, tensor<f32>, tensor<f32>) -> tensor<4xf32>
    %1 = chlo.erf_inv %0 : tensor<4xf32> -> tensor<4xf32>
    %cst_1 = stablehlo.constant dense<1.41421354> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %3 = stablehlo.multiply %2, %1 : tensor<4xf32>
    return %3 : tensor<4xf32>
  }
  func.func private @_uniform_24(%arg0: tensor<4x2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4xf32> {
    %0 = stablehlo.slice %arg0 [0:4, 0:1] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %1 = stablehlo.reshape %0 : (tensor<4x1xui32>) -> tensor<4xui32>
    %2 = stablehlo.slice %arg0 [0:4, 1:2] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %3 = stablehlo.reshape %2 : (tensor<4x1xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %c_0 = stablehlo.constant dense<0> : tensor<ui32>
    %4:2 = call @threefry2x32_25(%1, %3, %c, %c_0) : (tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>) -> (tensor<4xui32>, tensor<4xui32>)
    %5 = stablehlo.xor %4#0, %4#1 : tensor<4xui32>
    %c_1 = stablehlo.constant dense<9> : tensor<ui32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %7 = stablehlo.shift_right_logical %5, %6 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %9 = stablehlo.or %7, %8 : tensor<4xui32>
    %10 = stablehlo.bitcast_convert %9 : (tensor<4xui32>) -> tensor<4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %12 = stablehlo.subtract %10, %11 : tensor<4xf32>
    %13 = stablehlo.subtract %arg2, %arg1 : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %15 = stablehlo.multiply %12, %14 : tensor<4xf32>
    %16 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %17 = stablehlo.add %15, %16 : tensor<4xf32>
    %18 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<4xf32>
    return %19 : tensor<4xf32>
  }
  func.func private @threefry2x32_25(%arg0: tensor<4xui32>, %arg1: tensor<4xui32>, %arg2: tensor<ui32>, %arg3: tensor<ui32>) -> (tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<4xui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %2 = stablehlo.xor %0, %1 : tensor<4xui32>
    %3 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %4 = stablehlo.add %3, %arg0 : tensor<4xui32>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %6 = stablehlo.add %5, %arg1 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %7:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %4, %iterArg_6 = %6, %iterArg_7 = %arg1, %iterArg_8 = %2, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %8:8 = func.call @closed_call_26(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %9 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %9, %8#0, %8#1, %8#2, %8#3, %8#4, %8#5, %8#6, %8#7 : tensor<i32>, tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %7#2, %7#3 : tensor<4xui32>, tensor<4xui32>
  }
  func.func private @closed_call_26(%arg0: tensor<i32>, %arg1: tensor<4xui32>, %arg2: tensor<4xui32>, %arg3: tensor<4xui32>, %arg4: tensor<4xui32>, %arg5: tensor<4xui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<4xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<4xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<4xui32>
    %9 = stablehlo.or %5, %8 : tensor<4xui32>
    %10 = stablehlo.xor %3, %9 : tensor<4xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<4xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<4xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<4xui32>
    %19 = stablehlo.or %15, %18 : tensor<4xui32>
    %20 = stablehlo.xor %13, %19 : tensor<4xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<4xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<4xui32>
    %29 = stablehlo.or %25, %28 : tensor<4xui32>
    %30 = stablehlo.xor %23, %29 : tensor<4xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<4xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<4xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<4xui32>
    %39 = stablehlo.or %35, %38 : tensor<4xui32>
    %40 = stablehlo.xor %33, %39 : tensor<4xui32>
    %41 = stablehlo.add %33, %arg3 : tensor<4xui32>
    %42 = stablehlo.add %40, %arg4 : tensor<4xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %43 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %44 = stablehlo.convert %43 : (tensor<i32>) -> tensor<ui32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %46 = stablehlo.add %42, %45 : tensor<4xui32>
    return %0, %41, %46, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>, tensor<4xui32>
  }
  func.func private @_uniform_27(%arg0: tensor<4x2xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<4xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.convert %arg2 : tensor<f32>
    %2 = stablehlo.slice %arg0 [0:4, 0:1] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %3 = stablehlo.reshape %2 : (tensor<4x1xui32>) -> tensor<4xui32>
    %4 = stablehlo.slice %arg0 [0:4, 1:2] : (tensor<4x2xui32>) -> tensor<4x1xui32>
    %5 = stablehlo.reshape %4 : (tensor<4x1xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %c_0 = stablehlo.constant dense<0> : tensor<ui32>
    %6:2 = call @threefry2x32_25(%3, %5, %c, %c_0) : (tensor<4xui32>, tensor<4xui32>, tensor<ui32>, tensor<ui32>) -> (tensor<4xui32>, tensor<4xui32>)
    %7 = stablehlo.xor %6#0, %6#1 : tensor<4xui32>
    %c_1 = stablehlo.constant dense<9> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %9 = stablehlo.shift_right_logical %7, %8 : tensor<4xui32>
    %c_2 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<ui32>) -> tensor<4xui32>
    %11 = stablehlo.or %9, %10 : tensor<4xui32>
    %12 = stablehlo.bitcast_convert %11 : (tensor<4xui32>) -> tensor<4xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %14 = stablehlo.subtract %12, %13 : tensor<4xf32>
    %15 = stablehlo.subtract %1, %0 : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %17 = stablehlo.multiply %14, %16 : tensor<4xf32>
    %18 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %19 = stablehlo.add %17, %18 : tensor<4xf32>
    %20 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %21 = stablehlo.maximum %20, %19 : tensor<4xf32>
    return %21 : tensor<4xf32>
  }
  func.func private @_shuffle_28(%arg0: tensor<2xui32>, %arg1: tensor<10xi32>) -> tensor<10xi32> {
    %0 = call @_threefry_split_9(%arg0) : (tensor<2xui32>) -> tensor<2x2xui32>
    %1 = stablehlo.slice %0 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %2 = stablehlo.reshape %1 : (tensor<1x2xui32>) -> tensor<2xui32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %4 = stablehlo.reshape %3 : (tensor<1xui32>) -> tensor<ui32>
    %5 = stablehlo.slice %2 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %6 = stablehlo.reshape %5 : (tensor<1xui32>) -> tensor<ui32>
    %7 = stablehlo.iota dim = 0 : tensor<10xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<10xui64>
    %9 = stablehlo.multiply %8, %7 : tensor<10xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<10xui64>
    %11 = stablehlo.shift_right_logical %9, %10 : tensor<10xui64>
    %12 = stablehlo.convert %9 : (tensor<10xui64>) -> tensor<10xui32>
    %13 = stablehlo.convert %11 : (tensor<10xui64>) -> tensor<10xui32>
    %14:2 = call @threefry2x32_29(%4, %6, %13, %12) : (tensor<ui32>, tensor<ui32>, tensor<10xui32>, tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>)
    %15 = stablehlo.xor %14#0, %14#1 : tensor<10xui32>
    %16:2 = "stablehlo.sort"(%15, %arg1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<ui32>, %arg3: tensor<ui32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %17 = stablehlo.compare LT, %arg2, %arg3, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %17 : tensor<i1>
    }) : (tensor<10xui32>, tensor<10xi32>) -> (tensor<10xui32>, tensor<10xi32>)
    return %16#1 : tensor<10xi32>
  }
  func.func private @threefry2x32_29(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<10xui32>, %arg3: tensor<10xui32>) -> (tensor<10xui32>, tensor<10xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<10xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<10xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %7:8 = func.call @closed_call_30(%iterArg_4, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8, %iterArg_9, %iterArg_10, %iterArg_11) : (tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) -> (tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>)
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg, %c_12 : tensor<i32>
      stablehlo.return %8, %7#0, %7#1, %7#2, %7#3, %7#4, %7#5, %7#6, %7#7 : tensor<i32>, tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<10xui32>, tensor<10xui32>
  }
  func.func private @closed_call_30(%arg0: tensor<i32>, %arg1: tensor<10xui32>, %arg2: tensor<10xui32>, %arg3: tensor<ui32>, %arg4: tensor<ui32>, %arg5: tensor<ui32>, %arg6: tensor<4xui32>, %arg7: tensor<4xui32>) -> (tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg0, %c : tensor<i32>
    %1 = stablehlo.slice %arg6 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
    %2 = stablehlo.reshape %1 : (tensor<1xui32>) -> tensor<ui32>
    %3 = stablehlo.add %arg1, %arg2 : tensor<10xui32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %5 = stablehlo.shift_left %arg2, %4 : tensor<10xui32>
    %c_0 = stablehlo.constant dense<32> : tensor<ui32>
    %6 = stablehlo.subtract %c_0, %2 : tensor<ui32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %8 = stablehlo.shift_right_logical %arg2, %7 : tensor<10xui32>
    %9 = stablehlo.or %5, %8 : tensor<10xui32>
    %10 = stablehlo.xor %3, %9 : tensor<10xui32>
    %11 = stablehlo.slice %arg6 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
    %12 = stablehlo.reshape %11 : (tensor<1xui32>) -> tensor<ui32>
    %13 = stablehlo.add %3, %10 : tensor<10xui32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %15 = stablehlo.shift_left %10, %14 : tensor<10xui32>
    %c_1 = stablehlo.constant dense<32> : tensor<ui32>
    %16 = stablehlo.subtract %c_1, %12 : tensor<ui32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %18 = stablehlo.shift_right_logical %10, %17 : tensor<10xui32>
    %19 = stablehlo.or %15, %18 : tensor<10xui32>
    %20 = stablehlo.xor %13, %19 : tensor<10xui32>
    %21 = stablehlo.slice %arg6 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
    %22 = stablehlo.reshape %21 : (tensor<1xui32>) -> tensor<ui32>
    %23 = stablehlo.add %13, %20 : tensor<10xui32>
    %24 = stablehlo.broadcast_in_dim %22, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %25 = stablehlo.shift_left %20, %24 : tensor<10xui32>
    %c_2 = stablehlo.constant dense<32> : tensor<ui32>
    %26 = stablehlo.subtract %c_2, %22 : tensor<ui32>
    %27 = stablehlo.broadcast_in_dim %26, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %28 = stablehlo.shift_right_logical %20, %27 : tensor<10xui32>
    %29 = stablehlo.or %25, %28 : tensor<10xui32>
    %30 = stablehlo.xor %23, %29 : tensor<10xui32>
    %31 = stablehlo.slice %arg6 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
    %32 = stablehlo.reshape %31 : (tensor<1xui32>) -> tensor<ui32>
    %33 = stablehlo.add %23, %30 : tensor<10xui32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %35 = stablehlo.shift_left %30, %34 : tensor<10xui32>
    %c_3 = stablehlo.constant dense<32> : tensor<ui32>
    %36 = stablehlo.subtract %c_3, %32 : tensor<ui32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %38 = stablehlo.shift_right_logical %30, %37 : tensor<10xui32>
    %39 = stablehlo.or %35, %38 : tensor<10xui32>
    %40 = stablehlo.xor %33, %39 : tensor<10xui32>
    %41 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %42 = stablehlo.add %33, %41 : tensor<10xui32>
    %43 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %44 = stablehlo.add %40, %43 : tensor<10xui32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.add %arg0, %c_4 : tensor<i32>
    %46 = stablehlo.convert %45 : (tensor<i32>) -> tensor<ui32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %48 = stablehlo.add %44, %47 : tensor<10xui32>
    return %0, %42, %48, %arg4, %arg5, %arg3, %arg7, %arg6 : tensor<i32>, tensor<10xui32>, tensor<10xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
  }
}
