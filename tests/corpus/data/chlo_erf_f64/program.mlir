module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<87xf64>) -> (tensor<87xf64> {jax.result_info = "result[0]"}, tensor<87xf64> {jax.result_info = "result[1]"}, tensor<87xf64> {jax.result_info = "result[2]"}, tensor<87xf64> {jax.result_info = "result[3]"}) {
    %0 = chlo.erf %arg0 : tensor<87xf64> -> tensor<87xf64>
    %1 = chlo.erfc %arg0 : tensor<87xf64> -> tensor<87xf64>
    %cst = stablehlo.constant dense<7.000000e+00> : tensor<f64>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<87xf64>
    %3 = stablehlo.divide %arg0, %2 : tensor<87xf64>
    %c = stablehlo.constant dense<-1> : tensor<i64>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %4 = call @clip(%3, %c, %c_0) : (tensor<87xf64>, tensor<i64>, tensor<i64>) -> tensor<87xf64>
    %5 = chlo.erf_inv %4 : tensor<87xf64> -> tensor<87xf64>
    %6 = chlo.erf_inv %arg0 : tensor<87xf64> -> tensor<87xf64>
    return %0, %1, %5, %6 : tensor<87xf64>, tensor<87xf64>, tensor<87xf64>, tensor<87xf64>
  }
  func.func private @clip(%arg0: tensor<87xf64>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<87xf64> {
    %0 = stablehlo.convert %arg1 : (tensor<i64>) -> tensor<f64>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f64>) -> tensor<87xf64>
    %2 = stablehlo.maximum %1, %arg0 : tensor<87xf64>
    %3 = stablehlo.convert %arg2 : (tensor<i64>) -> tensor<f64>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<f64>) -> tensor<87xf64>
    %5 = stablehlo.minimum %4, %2 : tensor<87xf64>
    return %5 : tensor<87xf64>
  }
}
