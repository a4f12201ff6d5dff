module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<28xi1>, %arg1: tensor<28xf64>, %arg2: tensor<28xf64>, %arg3: tensor<f64>, %arg4: tensor<f64>) -> (tensor<28xf64> {jax.result_info = "result[0]"}, tensor<28xf64> {jax.result_info = "result[1]"}, tensor<28xf64> {jax.result_info = "result[2]"}, tensor<28xf64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<28xi1>, tensor<28xf64>
    %1 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %2 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %3 = stablehlo.clamp %1, %arg1, %2 : tensor<28xf64>
    %4 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<f64>) -> tensor<28xf64>
    %6 = stablehlo.clamp %4, %arg1, %5 : tensor<28xf64>
    %7 = stablehlo.clamp %arg1, %arg2, %arg1 : tensor<28xf64>
    return %0, %3, %6, %7 : tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>
  }
}
