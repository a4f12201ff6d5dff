module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<87xbf16>) -> (tensor<87xbf16> {jax.result_info = "result[0]"}, tensor<87xbf16> {jax.result_info = "result[1]"}, tensor<87xbf16> {jax.result_info = "result[2]"}, tensor<87xbf16> {jax.result_info = "result[3]"}) {
    %0 = chlo.erf %arg0 : tensor<87xbf16> -> tensor<87xbf16>
    %1 = chlo.erfc %arg0 : tensor<87xbf16> -> tensor<87xbf16>
    %cst = stablehlo.constant dense<7.000000e+00> : tensor<bf16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<bf16>) -> tensor<87xbf16>
    %3 = stablehlo.divide %arg0, %2 : tensor<87xbf16>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %4 = call @clip(%3, %c, %c_0) : (tensor<87xbf16>, tensor<i32>, tensor<i32>) -> tensor<87xbf16>
    %5 = chlo.erf_inv %4 : tensor<87xbf16> -> tensor<87xbf16>
    %6 = chlo.erf_inv %arg0 : tensor<87xbf16> -> tensor<87xbf16>
    return %0, %1, %5, %6 : tensor<87xbf16>, tensor<87xbf16>, tensor<87xbf16>, tensor<87xbf16>
  }
  func.func private @clip(%arg0: tensor<87xbf16>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<87xbf16> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<bf16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<bf16>) -> tensor<87xbf16>
    %2 = stablehlo.maximum %1, %arg0 : tensor<87xbf16>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<bf16>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<bf16>) -> tensor<87xbf16>
    %5 = stablehlo.minimum %4, %2 : tensor<87xbf16>
    return %5 : tensor<87xbf16>
  }
}
