module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<512x512xf32>, %arg1: tensor<512xf32>, %arg2: tensor<1000x512xf32>) -> (tensor<512xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg2, %iterArg_0 = %arg0, %iterArg_1 = %c, %iterArg_2 = %arg1) : tensor<1000x512xf32>, tensor<512x512xf32>, tensor<i32>, tensor<512xf32>
    cond {
      %c_3 = stablehlo.constant dense<1000> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_1, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<1000x512xf32>, tensor<i32>) -> tensor<512xf32>
      %2 = func.call @closed_call(%iterArg_0, %iterArg_2, %1) : (tensor<512x512xf32>, tensor<512xf32>, tensor<512xf32>) -> tensor<512xf32>
      %c_3 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_1, %c_3 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_0, %3, %2 : tensor<1000x512xf32>, tensor<512x512xf32>, tensor<i32>, tensor<512xf32>
    }
    return %0#3 : tensor<512xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<1000x512xf32>, %arg1: tensor<i32>) -> tensor<512xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 512] : (tensor<1000x512xf32>, tensor<i32>, tensor<i32>) -> tensor<1x512xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x512xf32>) -> tensor<512xf32>
    return %1 : tensor<512xf32>
  }
  func.func private @closed_call(%arg0: tensor<512x512xf32>, %arg1: tensor<512xf32>, %arg2: tensor<512xf32>) -> tensor<512xf32> {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<512x512xf32>, tensor<512xf32>) -> tensor<512xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<512xf32>
    %2 = stablehlo.tanh %1 : tensor<512xf32>
    return %2 : tensor<512xf32>
  }
}
