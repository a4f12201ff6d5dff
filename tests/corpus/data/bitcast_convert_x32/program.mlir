module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf32>, %arg1: tensor<28xf16>, %arg2: tensor<28xbf16>, %arg3: tensor<8x4xui8>) -> (tensor<28xi32> {jax.result_info = "result[0]"}, tensor<28xui32> {jax.result_info = "result[1]"}, tensor<28xi16> {jax.result_info = "result[2]"}, tensor<28xui16> {jax.result_info = "result[3]"}, tensor<28xbf16> {jax.result_info = "result[4]"}, tensor<28x4xui8> {jax.result_info = "result[5]"}, tensor<8xf32> {jax.result_info = "result[6]"}, tensor<28xf32> {jax.result_info = "result[7]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<28xf32>) -> tensor<28xi32>
    %1 = stablehlo.bitcast_convert %arg0 : (tensor<28xf32>) -> tensor<28xui32>
    %2 = stablehlo.bitcast_convert %arg1 : (tensor<28xf16>) -> tensor<28xi16>
    %3 = stablehlo.bitcast_convert %arg2 : (tensor<28xbf16>) -> tensor<28xui16>
    %4 = stablehlo.bitcast_convert %arg1 : (tensor<28xf16>) -> tensor<28xbf16>
    %5 = stablehlo.bitcast_convert %arg0 : (tensor<28xf32>) -> tensor<28x4xui8>
    %6 = stablehlo.bitcast_convert %arg3 : (tensor<8x4xui8>) -> tensor<8xf32>
    %7 = stablehlo.bitcast_convert %arg0 : (tensor<28xf32>) -> tensor<28xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<28xi32>
    %9 = stablehlo.add %7, %8 : tensor<28xi32>
    %10 = stablehlo.bitcast_convert %9 : (tensor<28xi32>) -> tensor<28xf32>
    return %0, %1, %2, %3, %4, %5, %6, %10 : tensor<28xi32>, tensor<28xui32>, tensor<28xi16>, tensor<28xui16>, tensor<28xbf16>, tensor<28x4xui8>, tensor<8xf32>, tensor<28xf32>
  }
}
