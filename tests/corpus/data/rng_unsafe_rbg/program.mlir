module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xui32>) -> (tensor<10xf32> {jax.result_info = "result[0]"}, tensor<4x2xi32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = call @_uniform(%arg0, %cst, %cst_0) : (tensor<4xui32>, tensor<f32>, tensor<f32>) -> tensor<10xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<100> : tensor<i32>
    %1 = call @_randint(%arg0, %c, %c_1) : (tensor<4xui32>, tensor<i32>, tensor<i32>) -> tensor<4x2xi32>
    return %0, %1 : tensor<10xf32>, tensor<4x2xi32>
  }
  func.func private @_uniform(%arg0: tensor<4xui32>, %arg1: tensor<f32>, %arg2: tensor<f32>) -> tensor<10xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.convert %arg2 : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %5 = stablehlo.bitcast_convert %4 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %5, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<10xui32>)
    %6 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %7 = stablehlo.reshape %6 : (tensor<2x2xui32>) -> tensor<4xui32>
    %c = stablehlo.constant dense<9> : tensor<ui32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %9 = stablehlo.shift_right_logical %output, %8 : tensor<10xui32>
    %c_0 = stablehlo.constant dense<1065353216> : tensor<ui32>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<10xui32>
    %11 = stablehlo.or %9, %10 : tensor<10xui32>
    %12 = stablehlo.bitcast_convert %11 : (tensor<10xui32>) -> tensor<10xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %14 = stablehlo.subtract %12, %13 : tensor<10xf32>
    %15 = stablehlo.subtract %3, %2 : tensor<1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0] : (tensor<1xf32>) -> tensor<10xf32>
    %17 = stablehlo.multiply %14, %16 : tensor<10xf32>
    %18 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<1xf32>) -> tensor<10xf32>
    %19 = stablehlo.add %17, %18 : tensor<10xf32>
    %20 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<1xf32>) -> tensor<10xf32>
    %21 = stablehlo.maximum %20, %19 : tensor<10xf32>
    return %21 : tensor<10xf32>
  }
  func.func private @_randint(%arg0: tensor<4xui32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<4x2xi32> {
    %c = stablehlo.constant dense<2147483647> : tensor<i32>
    %c_0 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_1 = stablehlo.constant dense<2147483647> : tensor<i32>
    %0 = call @clip(%c, %c_0, %c_1) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %1 = stablehlo.compare GT, %arg2, %0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_3 = stablehlo.constant dense<2147483647> : tensor<i32>
    %2 = call @clip_0(%arg1, %c_2, %c_3) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.convert %2 : tensor<i32>
    %c_4 = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_5 = stablehlo.constant dense<2147483647> : tensor<i32>
    %4 = call @clip_0(%arg2, %c_4, %c_5) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %5 = stablehlo.convert %4 : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<1x1xi32>
    %7 = stablehlo.broadcast_in_dim %5, dims = [] : (tensor<i32>) -> tensor<1x1xi32>
    %8 = stablehlo.reshape %arg0 : (tensor<4xui32>) -> tensor<2x2xui32>
    %9 = stablehlo.bitcast_convert %8 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state, %output = stablehlo.rng_bit_generator %9, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<20x4xui32>)
    %10 = stablehlo.bitcast_convert %output_state : (tensor<2xui64>) -> tensor<2x2xui32>
    %11 = stablehlo.reshape %10 : (tensor<2x2xui32>) -> tensor<4xui32>
    %12 = stablehlo.slice %output [0:20:10, 0:4] : (tensor<20x4xui32>) -> tensor<2x4xui32>
    %13 = stablehlo.slice %12 [0:1, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %14 = stablehlo.reshape %13 : (tensor<1x4xui32>) -> tensor<4xui32>
    %15 = stablehlo.slice %12 [1:2, 0:4] : (tensor<2x4xui32>) -> tensor<1x4xui32>
    %16 = stablehlo.reshape %15 : (tensor<1x4xui32>) -> tensor<4xui32>
    %17 = stablehlo.reshape %14 : (tensor<4xui32>) -> tensor<2x2xui32>
    %18 = stablehlo.bitcast_convert %17 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_6, %output_7 = stablehlo.rng_bit_generator %18, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x2xui32>)
    %19 = stablehlo.bitcast_convert %output_state_6 : (tensor<2xui64>) -> tensor<2x2xui32>
    %20 = stablehlo.reshape %19 : (tensor<2x2xui32>) -> tensor<4xui32>
    %21 = stablehlo.reshape %16 : (tensor<4xui32>) -> tensor<2x2xui32>
    %22 = stablehlo.bitcast_convert %21 : (tensor<2x2xui32>) -> tensor<2xui64>
    %output_state_8, %output_9 = stablehlo.rng_bit_generator %22, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x2xui32>)
    %23 = stablehlo.bitcast_convert %output_state_8 : (tensor<2xui64>) -> tensor<2x2xui32>
    %24 = stablehlo.reshape %23 : (tensor<2x2xui32>) -> tensor<4xui32>
    %25 = stablehlo.subtract %7, %6 : tensor<1x1xi32>
    %26 = stablehlo.convert %25 : (tensor<1x1xi32>) -> tensor<1x1xui32>
    %27 = stablehlo.compare LE, %7, %6, SIGNED : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi1>
    %c_10 = stablehlo.constant dense<1> : tensor<ui32>
    %28 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui32>) -> tensor<1x1xui32>
    %29 = stablehlo.select %27, %28, %26 : tensor<1x1xi1>, tensor<1x1xui32>
    %30 = stablehlo.compare GT, %7, %6, SIGNED : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi1>
    %31 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<i1>) -> tensor<1x1xi1>
    %32 = stablehlo.and %31, %30 : tensor<1x1xi1>
    %c_11 = stablehlo.constant dense<1> : tensor<ui32>
    %33 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<ui32>) -> tensor<1x1xui32>
    %34 = stablehlo.add %29, %33 : tensor<1x1xui32>
    %35 = stablehlo.select %32, %34, %29 : tensor<1x1xi1>, tensor<1x1xui32>
    %c_12 = stablehlo.constant dense<65536> : tensor<ui32>
    %36 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui32>) -> tensor<1x1xui32>
    %37 = stablehlo.remainder %36, %35 : tensor<1x1xui32>
    %38 = stablehlo.multiply %37, %37 : tensor<1x1xui32>
    %39 = stablehlo.remainder %38, %35 : tensor<1x1xui32>
    %40 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<4x2xui32>
    %41 = stablehlo.remainder %output_7, %40 : tensor<4x2xui32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<4x2xui32>
    %43 = stablehlo.multiply %41, %42 : tensor<4x2xui32>
    %44 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<4x2xui32>
    %45 = stablehlo.remainder %output_9, %44 : tensor<4x2xui32>
    %46 = stablehlo.add %43, %45 : tensor<4x2xui32>
    %47 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<1x1xui32>) -> tensor<4x2xui32>
    %48 = stablehlo.remainder %46, %47 : tensor<4x2xui32>
    %49 = stablehlo.convert %48 : (tensor<4x2xui32>) -> tensor<4x2xi32>
    %50 = stablehlo.broadcast_in_dim %6, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<4x2xi32>
    %51 = stablehlo.add %50, %49 : tensor<4x2xi32>
    return %51 : tensor<4x2xi32>
  }
  func.func private @clip(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i32>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i32>
    return %1 : tensor<i32>
  }
  func.func private @clip_0(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.maximum %arg1, %arg0 : tensor<i32>
    %1 = stablehlo.minimum %arg2, %0 : tensor<i32>
    return %1 : tensor<i32>
  }
}
