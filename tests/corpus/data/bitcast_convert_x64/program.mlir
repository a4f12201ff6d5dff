module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xf64>, %arg1: tensor<8x2xui32>, %arg2: tensor<12xcomplex<f32>>) -> (tensor<28xi64> {jax.result_info = "result[0]"}, tensor<28x2xui32> {jax.result_info = "result[1]"}, tensor<8xf64> {jax.result_info = "result[2]"}, tensor<28xf64> {jax.result_info = "result[3]"}, tensor<12xi32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.bitcast_convert %arg0 : (tensor<28xf64>) -> tensor<28xi64>
    %1 = stablehlo.bitcast_convert %arg0 : (tensor<28xf64>) -> tensor<28x2xui32>
    %2 = stablehlo.bitcast_convert %arg1 : (tensor<8x2xui32>) -> tensor<8xf64>
    %3 = stablehlo.bitcast_convert %arg0 : (tensor<28xf64>) -> tensor<28xui64>
    %4 = stablehlo.bitcast_convert %3 : (tensor<28xui64>) -> tensor<28xf64>
    %5 = stablehlo.real %arg2 : (tensor<12xcomplex<f32>>) -> tensor<12xf32>
    %6 = stablehlo.bitcast_convert %5 : (tensor<12xf32>) -> tensor<12xi32>
    return %0, %1, %2, %4, %6 : tensor<28xi64>, tensor<28x2xui32>, tensor<8xf64>, tensor<28xf64>, tensor<12xi32>
  }
}
