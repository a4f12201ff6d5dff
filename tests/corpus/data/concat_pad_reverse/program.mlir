module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xf32>, %arg1: tensor<4x3xf32>, %arg2: tensor<3x5xi32>) -> (tensor<8x3xf32> {jax.result_info = "result[0]"}, tensor<3x7xi32> {jax.result_info = "result[1]"}, tensor<2x2x3xf32> {jax.result_info = "result[2]"}, tensor<5x8xf32> {jax.result_info = "result[3]"}, tensor<4x5xf32> {jax.result_info = "result[4]"}, tensor<6x6xi32> {jax.result_info = "result[5]"}, tensor<4x7xf32> {jax.result_info = "result[6]"}, tensor<4x4xf32> {jax.result_info = "result[7]"}, tensor<4x3xf32> {jax.result_info = "result[8]"}, tensor<3x5xi32> {jax.result_info = "result[9]"}, tensor<2x3xf32> {jax.result_info = "result[10]"}) {
    %0 = stablehlo.concatenate %arg0, %arg1, %arg0, dim = 0 : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<2x3xf32>) -> tensor<8x3xf32>
    %1 = stablehlo.slice %arg2 [0:3, 0:2] : (tensor<3x5xi32>) -> tensor<3x2xi32>
    %2 = stablehlo.concatenate %arg2, %1, dim = 1 : (tensor<3x5xi32>, tensor<3x2xi32>) -> tensor<3x7xi32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %4 = stablehlo.multiply %arg0, %3 : tensor<2x3xf32>
    %5 = stablehlo.broadcast_in_dim %arg0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
    %6 = stablehlo.broadcast_in_dim %4, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<1x2x3xf32>
    %7 = stablehlo.concatenate %5, %6, dim = 0 : (tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> tensor<2x2x3xf32>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %8 = stablehlo.pad %arg0, %cst_0, low = [1, 0], high = [2, 1], interior = [0, 2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x8xf32>
    %cst_1 = stablehlo.constant dense<9.000000e+00> : tensor<f32>
    %9 = stablehlo.pad %arg1, %cst_1, low = [-1, 2], high = [1, -2], interior = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<4x5xf32>
    %c = stablehlo.constant dense<7> : tensor<i32>
    %10 = stablehlo.pad %arg2, %c, low = [-2, 1], high = [-1, 0], interior = [3, 0] : (tensor<3x5xi32>, tensor<i32>) -> tensor<6x6xi32>
    %11 = call @_pad(%arg0) : (tensor<2x3xf32>) -> tensor<4x7xf32>
    %12 = call @_pad_1(%arg0) : (tensor<2x3xf32>) -> tensor<4x4xf32>
    %13 = stablehlo.reverse %arg1, dims = [0] : tensor<4x3xf32>
    %14 = stablehlo.reverse %arg2, dims = [0, 1] : tensor<3x5xi32>
    %15 = call @_flip_2(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    return %0, %2, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<8x3xf32>, tensor<3x7xi32>, tensor<2x2x3xf32>, tensor<5x8xf32>, tensor<4x5xf32>, tensor<6x6xi32>, tensor<4x7xf32>, tensor<4x4xf32>, tensor<4x3xf32>, tensor<3x5xi32>, tensor<2x3xf32>
  }
  func.func private @_pad(%arg0: tensor<2x3xf32>) -> tensor<4x7xf32> {
    %0 = stablehlo.slice %arg0 [1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %1 = call @_flip(%0) : (tensor<1x3xf32>) -> tensor<1x3xf32>
    %2 = stablehlo.concatenate %1, %arg0, dim = 0 : (tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>
    %3 = stablehlo.slice %2 [1:2, 0:3] : (tensor<3x3xf32>) -> tensor<1x3xf32>
    %4 = call @_flip(%3) : (tensor<1x3xf32>) -> tensor<1x3xf32>
    %5 = stablehlo.concatenate %2, %4, dim = 0 : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<4x3xf32>
    %6 = stablehlo.slice %5 [0:4, 1:3] : (tensor<4x3xf32>) -> tensor<4x2xf32>
    %7 = call @_flip_0(%6) : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %8 = stablehlo.concatenate %7, %5, dim = 1 : (tensor<4x2xf32>, tensor<4x3xf32>) -> tensor<4x5xf32>
    %9 = stablehlo.slice %8 [0:4, 2:4] : (tensor<4x5xf32>) -> tensor<4x2xf32>
    %10 = call @_flip_0(%9) : (tensor<4x2xf32>) -> tensor<4x2xf32>
    %11 = stablehlo.concatenate %8, %10, dim = 1 : (tensor<4x5xf32>, tensor<4x2xf32>) -> tensor<4x7xf32>
    return %11 : tensor<4x7xf32>
  }
  func.func private @_flip(%arg0: tensor<1x3xf32>) -> tensor<1x3xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0] : tensor<1x3xf32>
    return %0 : tensor<1x3xf32>
  }
  func.func private @_flip_0(%arg0: tensor<4x2xf32>) -> tensor<4x2xf32> {
    %0 = stablehlo.reverse %arg0, dims = [1] : tensor<4x2xf32>
    return %0 : tensor<4x2xf32>
  }
  func.func private @_pad_1(%arg0: tensor<2x3xf32>) -> tensor<4x4xf32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<1x0x3xf32>
    %2 = stablehlo.reshape %1 : (tensor<1x0x3xf32>) -> tensor<0x3xf32>
    %3 = stablehlo.slice %arg0 [1:2, 0:3] : (tensor<2x3xf32>) -> tensor<1x3xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 2] : (tensor<1x3xf32>) -> tensor<1x2x3xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
    %6 = stablehlo.concatenate %2, %arg0, %5, dim = 0 : (tensor<0x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<4x3xf32>
    %7 = stablehlo.slice %6 [0:4, 0:1] : (tensor<4x3xf32>) -> tensor<4x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1x1xf32>
    %9 = stablehlo.reshape %8 : (tensor<4x1x1xf32>) -> tensor<4x1xf32>
    %10 = stablehlo.slice %6 [0:4, 2:3] : (tensor<4x3xf32>) -> tensor<4x1xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<4x1xf32>) -> tensor<4x1x0xf32>
    %12 = stablehlo.reshape %11 : (tensor<4x1x0xf32>) -> tensor<4x0xf32>
    %13 = stablehlo.concatenate %9, %6, %12, dim = 1 : (tensor<4x1xf32>, tensor<4x3xf32>, tensor<4x0xf32>) -> tensor<4x4xf32>
    return %13 : tensor<4x4xf32>
  }
  func.func private @_flip_2(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
