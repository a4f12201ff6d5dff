module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2048x2048xf32>) -> (tensor<2047x2048xf32> {jax.result_info = "result"}) {
    %0 = call @diff(%arg0) : (tensor<2048x2048xf32>) -> tensor<2047x2048xf32>
    return %0 : tensor<2047x2048xf32>
  }
  func.func private @diff(%arg0: tensor<2048x2048xf32>) -> tensor<2047x2048xf32> {
    %0 = stablehlo.slice %arg0 [1:2048, 0:2048] : (tensor<2048x2048xf32>) -> tensor<2047x2048xf32>
    %1 = stablehlo.slice %arg0 [0:2047, 0:2048] : (tensor<2048x2048xf32>) -> tensor<2047x2048xf32>
    %2 = stablehlo.subtract %0, %1 : tensor<2047x2048xf32>
    return %2 : tensor<2047x2048xf32>
  }
}
