module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> (tensor<4x6xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}, tensor<4x6xf32> {jax.result_info = "result[2]"}, tensor<4x6xf32> {jax.result_info = "result[3]"}, tensor<4x6xf32> {jax.result_info = "result[4]"}, tensor<4x6xf32> {jax.result_info = "result[5]"}, tensor<4x6xf32> {jax.result_info = "result[6]"}, tensor<4x6xf32> {jax.result_info = "result[7]"}, tensor<4x6xf32> {jax.result_info = "result[8]"}, tensor<4x6xf32> {jax.result_info = "result[9]"}, tensor<4x6xf32> {jax.result_info = "result[10]"}, tensor<4x6xf32> {jax.result_info = "result[11]"}, tensor<4x6xf32> {jax.result_info = "result[12]"}, tensor<4x6xf32> {jax.result_info = "result[13]"}, tensor<4x6xf32> {jax.result_info = "result[14]"}) {
    %0 = call @hypot(%arg0, %arg1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %1 = stablehlo.maximum %arg0, %arg1 : tensor<4x6xf32>
    %2 = stablehlo.subtract %arg0, %arg1 : tensor<4x6xf32>
    %3 = stablehlo.compare NE, %2, %2, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %4 = stablehlo.add %arg0, %arg1 : tensor<4x6xf32>
    %5 = stablehlo.abs %2 : tensor<4x6xf32>
    %6 = stablehlo.negate %5 : tensor<4x6xf32>
    %7 = stablehlo.exponential %6 : tensor<4x6xf32>
    %8 = stablehlo.log_plus_one %7 : tensor<4x6xf32>
    %9 = stablehlo.add %1, %8 : tensor<4x6xf32>
    %10 = stablehlo.select %3, %4, %9 : tensor<4x6xi1>, tensor<4x6xf32>
    %11 = call @heaviside(%arg0, %arg1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %12 = call @copysign(%arg1, %arg0) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %13 = call @fmod(%arg0, %arg1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %14 = call @remainder(%arg0, %arg1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %15 = call @floor_divide(%arg0, %arg1) : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %16 = call @sinc(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.0174532924> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %18 = stablehlo.multiply %arg0, %17 : tensor<4x6xf32>
    %19 = stablehlo.log %arg0 : tensor<4x6xf32>
    %20 = call @nan_to_num(%19) : (tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %22 = stablehlo.compare GT, %arg0, %21, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %24 = stablehlo.multiply %arg1, %23 : tensor<4x6xf32>
    %25 = call @_where(%22, %arg0, %24) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %26 = stablehlo.power %arg1, %arg0 : tensor<4x6xf32>
    %c = stablehlo.constant dense<3> : tensor<i32>
    %27 = call @ldexp(%arg1, %c) : (tensor<4x6xf32>, tensor<i32>) -> tensor<4x6xf32>
    %28 = stablehlo.log %arg1 : tensor<4x6xf32>
    %cst_2 = stablehlo.constant dense<0.434294492> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %30 = stablehlo.multiply %28, %29 : tensor<4x6xf32>
    %31 = stablehlo.log %arg1 : tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %32 = stablehlo.log %cst_3 : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %34 = stablehlo.divide %31, %33 : tensor<4x6xf32>
    return %0, %10, %11, %12, %13, %14, %15, %16, %18, %20, %25, %26, %27, %30, %34 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>, tensor<4x6xf32>
  }
  func.func private @hypot(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %1 = stablehlo.abs %arg1 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %3 = stablehlo.compare EQ, %0, %2, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %5 = stablehlo.compare EQ, %1, %4, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %6 = stablehlo.or %3, %5 : tensor<4x6xi1>
    %7 = stablehlo.maximum %0, %1 : tensor<4x6xf32>
    %8 = stablehlo.minimum %0, %1 : tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %10 = stablehlo.compare EQ, %7, %9, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %12 = stablehlo.compare EQ, %7, %11, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %14 = call @_where(%12, %13, %7) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %15 = stablehlo.divide %8, %14 : tensor<4x6xf32>
    %16 = chlo.square %15 : tensor<4x6xf32> -> tensor<4x6xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %18 = stablehlo.add %17, %16 : tensor<4x6xf32>
    %19 = stablehlo.sqrt %18 : tensor<4x6xf32>
    %20 = stablehlo.multiply %7, %19 : tensor<4x6xf32>
    %21 = call @_where(%10, %7, %20) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_5 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %22 = call @_where_0(%6, %cst_5, %21) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %22 : tensor<4x6xf32>
  }
  func.func private @_where(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xf32>, %arg2: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
  func.func private @_where_0(%arg0: tensor<4x6xi1>, %arg1: tensor<f32>, %arg2: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %1 = stablehlo.select %arg0, %0, %arg2 : tensor<4x6xi1>, tensor<4x6xf32>
    return %1 : tensor<4x6xf32>
  }
  func.func private @heaviside(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %1 = stablehlo.compare LT, %arg0, %0, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %3 = stablehlo.compare GT, %arg0, %2, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %4 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %5 = call @_where(%4, %arg0, %arg1) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = call @_where_0(%3, %cst_1, %5) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = call @_where_0(%1, %cst_2, %6) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %7 : tensor<4x6xf32>
  }
  func.func private @copysign(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = call @signbit(%arg1) : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %1 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %2 = stablehlo.negate %1 : tensor<4x6xf32>
    %3 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %4 = call @_where(%0, %2, %3) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %4 : tensor<4x6xf32>
  }
  func.func private @signbit(%arg0: tensor<4x6xf32>) -> tensor<4x6xi1> {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<4x6xf32>) -> tensor<4x6xi32>
    %c = stablehlo.constant dense<31> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.shift_right_arithmetic %0, %1 : tensor<4x6xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %4 = stablehlo.compare NE, %2, %3, SIGNED : (tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi1>
    %5 = stablehlo.convert %4 : tensor<4x6xi1>
    return %5 : tensor<4x6xi1>
  }
  func.func private @fmod(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<4x6xf32>
    return %0 : tensor<4x6xf32>
  }
  func.func private @remainder(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.compare NE, %0, %1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %4 = stablehlo.compare LT, %0, %3, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.compare LT, %arg1, %5, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %7 = stablehlo.compare NE, %4, %6, UNSIGNED : (tensor<4x6xi1>, tensor<4x6xi1>) -> tensor<4x6xi1>
    %8 = stablehlo.and %7, %2 : tensor<4x6xi1>
    %9 = stablehlo.add %0, %arg1 : tensor<4x6xf32>
    %10 = stablehlo.select %8, %9, %0 : tensor<4x6xi1>, tensor<4x6xf32>
    return %10 : tensor<4x6xf32>
  }
  func.func private @floor_divide(%arg0: tensor<4x6xf32>, %arg1: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.remainder %arg0, %arg1 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.compare EQ, %arg1, %1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %3 = stablehlo.subtract %arg0, %0 : tensor<4x6xf32>
    %4 = call @_where(%2, %arg0, %3) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %5 = stablehlo.divide %4, %arg1 : tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %7 = stablehlo.compare NE, %0, %6, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %8 = stablehlo.sign %arg1 : tensor<4x6xf32>
    %9 = stablehlo.sign %0 : tensor<4x6xf32>
    %10 = stablehlo.compare NE, %8, %9, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %11 = stablehlo.and %7, %10 : tensor<4x6xi1>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %13 = stablehlo.subtract %5, %12 : tensor<4x6xf32>
    %14 = stablehlo.select %11, %13, %5 : tensor<4x6xi1>, tensor<4x6xf32>
    %15 = stablehlo.round_nearest_afz %14 : tensor<4x6xf32>
    return %15 : tensor<4x6xf32>
  }
  func.func private @sinc(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %1 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<3.14159274> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %3 = stablehlo.multiply %2, %arg0 : tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = call @_where_0(%1, %cst_1, %3) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.multiply %3, %5 : tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %8 = stablehlo.add %6, %7 : tensor<4x6xf32>
    %9 = stablehlo.sine %4 : tensor<4x6xf32>
    %10 = stablehlo.divide %9, %4 : tensor<4x6xf32>
    %11 = call @_where(%1, %8, %10) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %11 : tensor<4x6xf32>
  }
  func.func private @nan_to_num(%arg0: tensor<4x6xf32>) -> tensor<4x6xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = call @_where_0(%0, %cst, %arg0) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %3 = stablehlo.compare EQ, %1, %2, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_1 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %4 = call @_where_0(%3, %cst_1, %1) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.compare EQ, %4, %5, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_3 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %7 = call @_where_0(%6, %cst_3, %4) : (tensor<4x6xi1>, tensor<f32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %7 : tensor<4x6xf32>
  }
  func.func private @ldexp(%arg0: tensor<4x6xf32>, %arg1: tensor<i32>) -> tensor<4x6xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1:2 = call @frexp(%arg0) : (tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xi32>)
    %2 = stablehlo.convert %1#1 : (tensor<4x6xi32>) -> tensor<4x6xf32>
    %3 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %4 = stablehlo.add %2, %3 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %6 = stablehlo.compare GT, %4, %5, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %8 = stablehlo.multiply %1#0, %7 : tensor<4x6xf32>
    %9 = call @_where(%6, %8, %1#0) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %11 = stablehlo.compare GT, %4, %10, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %13 = stablehlo.subtract %4, %12 : tensor<4x6xf32>
    %14 = call @_where(%11, %13, %4) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %16 = stablehlo.power %15, %14 : tensor<4x6xf32>
    %17 = stablehlo.multiply %9, %16 : tensor<4x6xf32>
    %18 = call @isinf(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %20 = stablehlo.compare EQ, %arg0, %19, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %21 = stablehlo.or %18, %20 : tensor<4x6xi1>
    %22 = call @_where(%21, %arg0, %17) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %22 : tensor<4x6xf32>
  }
  func.func private @frexp(%arg0: tensor<4x6xf32>) -> (tensor<4x6xf32>, tensor<4x6xi32>) {
    %0 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<1.17549435E-38> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.compare LT, %0, %1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %cst_0 = stablehlo.constant dense<0x4B000000> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %4 = stablehlo.multiply %arg0, %3 : tensor<4x6xf32>
    %5 = call @_where(%2, %4, %arg0) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    %c = stablehlo.constant dense<-23> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %6 = call @_where_1(%2, %c, %c_1) : (tensor<4x6xi1>, tensor<i32>, tensor<i32>) -> tensor<4x6xi32>
    %7 = stablehlo.bitcast_convert %5 : (tensor<4x6xf32>) -> tensor<4x6xi32>
    %c_2 = stablehlo.constant dense<23> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %9 = stablehlo.shift_right_arithmetic %7, %8 : tensor<4x6xi32>
    %c_3 = stablehlo.constant dense<255> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %11 = stablehlo.and %9, %10 : tensor<4x6xi32>
    %c_4 = stablehlo.constant dense<127> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %13 = stablehlo.subtract %11, %12 : tensor<4x6xi32>
    %c_5 = stablehlo.constant dense<1> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %15 = stablehlo.add %13, %14 : tensor<4x6xi32>
    %16 = stablehlo.add %6, %15 : tensor<4x6xi32>
    %c_6 = stablehlo.constant dense<-2139095041> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %18 = stablehlo.and %7, %17 : tensor<4x6xi32>
    %c_7 = stablehlo.constant dense<1056964608> : tensor<i32>
    %19 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %20 = stablehlo.or %18, %19 : tensor<4x6xi32>
    %21 = stablehlo.bitcast_convert %20 : (tensor<4x6xi32>) -> tensor<4x6xf32>
    %22 = call @isinf(%arg0) : (tensor<4x6xf32>) -> tensor<4x6xi1>
    %23 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %24 = stablehlo.or %22, %23 : tensor<4x6xi1>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %26 = stablehlo.compare EQ, %arg0, %25, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    %27 = stablehlo.or %24, %26 : tensor<4x6xi1>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %29 = call @_where_2(%27, %28, %16) : (tensor<4x6xi1>, tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x6xi32>
    %30 = call @_where(%27, %arg0, %21) : (tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
    return %30, %29 : tensor<4x6xf32>, tensor<4x6xi32>
  }
  func.func private @_where_1(%arg0: tensor<4x6xi1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x6xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<i32>) -> tensor<4x6xi32>
    %2 = stablehlo.select %arg0, %0, %1 : tensor<4x6xi1>, tensor<4x6xi32>
    return %2 : tensor<4x6xi32>
  }
  func.func private @isinf(%arg0: tensor<4x6xf32>) -> tensor<4x6xi1> {
    %0 = stablehlo.abs %arg0 : tensor<4x6xf32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x6xf32>
    %2 = stablehlo.compare EQ, %0, %1, FLOAT : (tensor<4x6xf32>, tensor<4x6xf32>) -> tensor<4x6xi1>
    return %2 : tensor<4x6xi1>
  }
  func.func private @_where_2(%arg0: tensor<4x6xi1>, %arg1: tensor<4x6xi32>, %arg2: tensor<4x6xi32>) -> tensor<4x6xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4x6xi1>, tensor<4x6xi32>
    return %0 : tensor<4x6xi32>
  }
}
