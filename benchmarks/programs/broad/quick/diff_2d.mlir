module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<256x256xf32>) -> (tensor<255x256xf32> {jax.result_info = "result"}) {
    %0 = call @diff(%arg0) : (tensor<256x256xf32>) -> tensor<255x256xf32>
    return %0 : tensor<255x256xf32>
  }
  func.func private @diff(%arg0: tensor<256x256xf32>) -> tensor<255x256xf32> {
    %0 = stablehlo.slice %arg0 [1:256, 0:256] : (tensor<256x256xf32>) -> tensor<255x256xf32>
    %1 = stablehlo.slice %arg0 [0:255, 0:256] : (tensor<256x256xf32>) -> tensor<255x256xf32>
    %2 = stablehlo.subtract %0, %1 : tensor<255x256xf32>
    return %2 : tensor<255x256xf32>
  }
}
