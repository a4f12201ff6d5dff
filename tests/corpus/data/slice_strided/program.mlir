module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x10x6xf32>) -> (tensor<4x10x6xf32> {jax.result_info = "result[0]"}, tensor<8x4x6xf32> {jax.result_info = "result[1]"}, tensor<4x3x1xf32> {jax.result_info = "result[2]"}, tensor<10x6xf32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}, tensor<2x4x2xf32> {jax.result_info = "result[5]"}, tensor<8x10x6xf32> {jax.result_info = "result[6]"}, tensor<8x10x1xf32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.slice %arg0 [1:5, 0:10, 0:6] : (tensor<8x10x6xf32>) -> tensor<4x10x6xf32>
    %1 = stablehlo.slice %arg0 [0:8, 0:10:3, 0:6] : (tensor<8x10x6xf32>) -> tensor<8x4x6xf32>
    %2 = stablehlo.slice %arg0 [0:8:2, 1:10:4, 5:6] : (tensor<8x10x6xf32>) -> tensor<4x3x1xf32>
    %3 = stablehlo.slice %arg0 [7:8, 0:10, 0:6] : (tensor<8x10x6xf32>) -> tensor<1x10x6xf32>
    %4 = stablehlo.reshape %3 : (tensor<1x10x6xf32>) -> tensor<10x6xf32>
    %5 = stablehlo.slice %arg0 [3:4, 4:5, 5:6] : (tensor<8x10x6xf32>) -> tensor<1x1x1xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x1x1xf32>) -> tensor<f32>
    %7 = stablehlo.slice %arg0 [1:7:3, 2:9:2, 0:6:5] : (tensor<8x10x6xf32>) -> tensor<2x4x2xf32>
    %8 = stablehlo.reverse %arg0, dims = [1] : tensor<8x10x6xf32>
    %9 = stablehlo.slice %arg0 [0:8, 0:10, 2:3] : (tensor<8x10x6xf32>) -> tensor<8x10x1xf32>
    return %0, %1, %2, %4, %6, %7, %8, %9 : tensor<4x10x6xf32>, tensor<8x4x6xf32>, tensor<4x3x1xf32>, tensor<10x6xf32>, tensor<f32>, tensor<2x4x2xf32>, tensor<8x10x6xf32>, tensor<8x10x1xf32>
  }
}
