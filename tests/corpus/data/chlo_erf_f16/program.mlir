module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<87xf16>) -> (tensor<87xf16> {jax.result_info = "result[0]"}, tensor<87xf16> {jax.result_info = "result[1]"}, tensor<87xf16> {jax.result_info = "result[2]"}, tensor<87xf16> {jax.result_info = "result[3]"}) {
    %0 = chlo.erf %arg0 : tensor<87xf16> -> tensor<87xf16>
    %1 = chlo.erfc %arg0 : tensor<87xf16> -> tensor<87xf16>
    %cst = stablehlo.constant dense<7.000000e+00> : tensor<f16>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<87xf16>
    %3 = stablehlo.divide %arg0, %2 : tensor<87xf16>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %4 = call @clip(%3, %c, %c_0) : (tensor<87xf16>, tensor<i32>, tensor<i32>) -> tensor<87xf16>
    %5 = chlo.erf_inv %4 : tensor<87xf16> -> tensor<87xf16>
    %6 = chlo.erf_inv %arg0 : tensor<87xf16> -> tensor<87xf16>
    return %0, %1, %5, %6 : tensor<87xf16>, tensor<87xf16>, tensor<87xf16>, tensor<87xf16>
  }
  func.func private @clip(%arg0: tensor<87xf16>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<87xf16> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f16>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f16>) -> tensor<87xf16>
    %2 = stablehlo.maximum %1, %arg0 : tensor<87xf16>
    %3 = stablehlo.convert %arg2 : (tensor<i32>) -> tensor<f16>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f16>) -> tensor<87xf16>
    %5 = stablehlo.minimum %4, %2 : tensor<87xf16>
    return %5 : tensor<87xf16>
  }
}
