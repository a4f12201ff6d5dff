module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xi1>, %arg1: tensor<17xi8>, %arg2: tensor<17xi8>, %arg3: tensor<i8>, %arg4: tensor<i8>) -> (tensor<17xi8> {jax.result_info = "result[0]"}, tensor<17xi8> {jax.result_info = "result[1]"}, tensor<17xi8> {jax.result_info = "result[2]"}, tensor<17xi8> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<17xi1>, tensor<17xi8>
    %1 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<i8>) -> tensor<17xi8>
    %2 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<i8>) -> tensor<17xi8>
    %3 = stablehlo.clamp %1, %arg1, %2 : tensor<17xi8>
    %4 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<i8>) -> tensor<17xi8>
    %5 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<i8>) -> tensor<17xi8>
    %6 = stablehlo.clamp %4, %arg1, %5 : tensor<17xi8>
    %7 = stablehlo.clamp %arg1, %arg2, %arg1 : tensor<17xi8>
    return %0, %3, %6, %7 : tensor<17xi8>, tensor<17xi8>, tensor<17xi8>, tensor<17xi8>
  }
}
