module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xi32>, %arg1: tensor<12xui8>) -> (tensor<4x8xi32> {jax.result_info = "result[0]"}, tensor<5xui8> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %4 = stablehlo.maximum %arg2, %arg3 : tensor<i32>
      stablehlo.return %4 : tensor<i32>
    }) : (tensor<8x8xi32>, tensor<i32>) -> tensor<4x8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<ui8>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<ui8>
    %3 = "stablehlo.reduce_window"(%arg1, %2) <{base_dilations = array<i64: 1>, padding = dense<0> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 4>, window_strides = array<i64: 2>}> ({
    ^bb0(%arg2: tensor<ui8>, %arg3: tensor<ui8>):
      %4 = stablehlo.add %arg2, %arg3 : tensor<ui8>
      stablehlo.return %4 : tensor<ui8>
    }) : (tensor<12xui8>, tensor<ui8>) -> tensor<5xui8>
    return %1, %3 : tensor<4x8xi32>, tensor<5xui8>
  }
}
