module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x3xf32>, %arg1: tensor<16xf32>) -> (tensor<4xf32> {jax.result_info = "result[0]"}, tensor<f32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:7 = stablehlo.while(%iterArg = %arg0, %iterArg_3 = %arg1, %iterArg_4 = %c_0, %iterArg_5 = %c, %iterArg_6 = %0, %iterArg_7 = %0, %iterArg_8 = %0) : tensor<16x3xf32>, tensor<16xf32>, tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %c_9 = stablehlo.constant dense<25> : tensor<i32>
      %13 = stablehlo.compare LT, %iterArg_4, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %13 : tensor<i1>
    } do {
      %13:4 = func.call @closed_call(%iterArg, %iterArg_3, %iterArg_5, %iterArg_6, %iterArg_7, %iterArg_8) : (tensor<16x3xf32>, tensor<16xf32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>)
      %c_9 = stablehlo.constant dense<1> : tensor<i32>
      %14 = stablehlo.add %iterArg_4, %c_9 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_3, %14, %13#0, %13#1, %13#2, %13#3 : tensor<16x3xf32>, tensor<16xf32>, tensor<i32>, tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
    }
    %2 = stablehlo.slice %1#4 [0:3] : (tensor<4xf32>) -> tensor<3xf32>
    %3 = stablehlo.dot_general %arg0, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x3xf32>, tensor<3xf32>) -> tensor<16xf32>
    %4 = stablehlo.slice %1#4 [3:4] : (tensor<4xf32>) -> tensor<1xf32>
    %5 = stablehlo.reshape %4 : (tensor<1xf32>) -> tensor<f32>
    %6 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %7 = stablehlo.add %3, %6 : tensor<16xf32>
    %8 = call @softplus_1(%7) : (tensor<16xf32>) -> tensor<16xf32>
    %9 = stablehlo.multiply %arg1, %7 : tensor<16xf32>
    %10 = stablehlo.subtract %8, %9 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<16xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %12 = stablehlo.divide %11, %cst_2 : tensor<f32>
    return %1#4, %12 : tensor<4xf32>, tensor<f32>
  }
  func.func private @closed_call(%arg0: tensor<16x3xf32>, %arg1: tensor<16xf32>, %arg2: tensor<i32>, %arg3: tensor<4xf32>, %arg4: tensor<4xf32>, %arg5: tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %1 = stablehlo.slice %arg3 [0:3] : (tensor<4xf32>) -> tensor<3xf32>
    %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x3xf32>, tensor<3xf32>) -> tensor<16xf32>
    %3 = stablehlo.slice %arg3 [3:4] : (tensor<4xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.add %2, %5 : tensor<16xf32>
    %7 = call @softplus(%6) : (tensor<16xf32>) -> tensor<16xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.600000e+01> : tensor<f32>
    %8 = stablehlo.divide %cst, %cst_0 : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %10 = stablehlo.negate %9 : tensor<16xf32>
    %11 = stablehlo.multiply %arg1, %10 : tensor<16xf32>
    %12 = call @softplus_0(%7, %9) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
    %13 = stablehlo.add %11, %12 : tensor<16xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<16xf32>, tensor<f32>) -> tensor<f32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.pad %15, %cst_2, low = [3], high = [0], interior = [0] : (tensor<1xf32>, tensor<f32>) -> tensor<4xf32>
    %17 = stablehlo.dot_general %13, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16xf32>, tensor<16x3xf32>) -> tensor<3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.pad %17, %cst_3, low = [0], high = [1], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
    %19 = stablehlo.add %16, %18 : tensor<4xf32>
    %cst_4 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %21 = stablehlo.multiply %20, %arg4 : tensor<4xf32>
    %cst_5 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %23 = stablehlo.multiply %22, %19 : tensor<4xf32>
    %24 = stablehlo.add %21, %23 : tensor<4xf32>
    %cst_6 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %26 = stablehlo.multiply %25, %arg5 : tensor<4xf32>
    %cst_7 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %28 = stablehlo.multiply %27, %19 : tensor<4xf32>
    %29 = stablehlo.multiply %28, %19 : tensor<4xf32>
    %30 = stablehlo.add %26, %29 : tensor<4xf32>
    %c_8 = stablehlo.constant dense<1> : tensor<i32>
    %31 = stablehlo.add %arg2, %c_8 : tensor<i32>
    %32 = stablehlo.convert %31 : (tensor<i32>) -> tensor<f32>
    %cst_9 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %33 = stablehlo.power %cst_9, %32 : tensor<f32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.subtract %cst_10, %33 : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %34, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %36 = stablehlo.divide %24, %35 : tensor<4xf32>
    %cst_11 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %37 = stablehlo.power %cst_11, %32 : tensor<f32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.subtract %cst_12, %37 : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %40 = stablehlo.divide %30, %39 : tensor<4xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %42 = stablehlo.multiply %41, %36 : tensor<4xf32>
    %43 = stablehlo.sqrt %40 : tensor<4xf32>
    %cst_14 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %45 = stablehlo.add %43, %44 : tensor<4xf32>
    %46 = stablehlo.divide %42, %45 : tensor<4xf32>
    %47 = stablehlo.subtract %arg3, %46 : tensor<4xf32>
    return %0, %47, %24, %30 : tensor<i32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  func.func private @softplus(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<16xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<16xf32>
    %7 = stablehlo.abs %3 : tensor<16xf32>
    %8 = stablehlo.negate %7 : tensor<16xf32>
    %9 = stablehlo.exponential %8 : tensor<16xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<16xf32>
    %11 = stablehlo.add %1, %10 : tensor<16xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<16xi1>, tensor<16xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %14 = stablehlo.compare EQ, %arg0, %13, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %16 = stablehlo.select %14, %15, %arg0 : tensor<16xi1>, tensor<16xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %18 = stablehlo.compare EQ, %12, %17, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %20 = stablehlo.select %18, %19, %12 : tensor<16xi1>, tensor<16xf32>
    %21 = stablehlo.subtract %16, %20 : tensor<16xf32>
    %22 = stablehlo.exponential %21 : tensor<16xf32>
    return %22 : tensor<16xf32>
  }
  func.func private @softplus_0(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> tensor<16xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<16xf32>
    return %0 : tensor<16xf32>
  }
  func.func private @softplus_1(%arg0: tensor<16xf32>) -> tensor<16xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<16xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<16xf32>
    %7 = stablehlo.abs %3 : tensor<16xf32>
    %8 = stablehlo.negate %7 : tensor<16xf32>
    %9 = stablehlo.exponential %8 : tensor<16xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<16xf32>
    %11 = stablehlo.add %1, %10 : tensor<16xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<16xi1>, tensor<16xf32>
    return %12 : tensor<16xf32>
  }
}
