module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17x17xi64>, %arg1: tensor<17x17xi64>) -> (tensor<17x17xi64> {jax.result_info = "result[0]"}, tensor<17x17xi64> {jax.result_info = "result[1]"}, tensor<17x17xi64> {jax.result_info = "result[2]"}) {
    %0 = call @floor_divide(%arg0, %arg1) : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    %1 = call @remainder(%arg0, %arg1) : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    %2 = call @fmod(%arg0, %arg1) : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    return %0, %1, %2 : tensor<17x17xi64>, tensor<17x17xi64>, tensor<17x17xi64>
  }
  func.func private @floor_divide(%arg0: tensor<17x17xi64>, %arg1: tensor<17x17xi64>) -> tensor<17x17xi64> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<17x17xi64>
    %1 = stablehlo.sign %arg0 : tensor<17x17xi64>
    %2 = stablehlo.sign %arg1 : tensor<17x17xi64>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<17x17xi64>
    %c = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %7 = stablehlo.and %3, %6 : tensor<17x17xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %8 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %9 = stablehlo.subtract %0, %8 : tensor<17x17xi64>
    %10 = call @_where(%7, %9, %0) : (tensor<17x17xi1>, tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    return %10 : tensor<17x17xi64>
  }
  func.func private @_where(%arg0: tensor<17x17xi1>, %arg1: tensor<17x17xi64>, %arg2: tensor<17x17xi64>) -> tensor<17x17xi64> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<17x17xi1>, tensor<17x17xi64>
    return %0 : tensor<17x17xi64>
  }
  func.func private @remainder(%arg0: tensor<17x17xi64>, %arg1: tensor<17x17xi64>) -> tensor<17x17xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %3 = call @_where(%1, %2, %arg1) : (tensor<17x17xi1>, tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<17x17xi64>
    %c_1 = stablehlo.constant dense<0> : tensor<i64>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i64>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i64>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<17x17xi1>, tensor<17x17xi1>) -> tensor<17x17xi1>
    %12 = stablehlo.and %11, %6 : tensor<17x17xi1>
    %13 = stablehlo.add %4, %3 : tensor<17x17xi64>
    %14 = stablehlo.select %12, %13, %4 : tensor<17x17xi1>, tensor<17x17xi64>
    return %14 : tensor<17x17xi64>
  }
  func.func private @fmod(%arg0: tensor<17x17xi64>, %arg1: tensor<17x17xi64>) -> tensor<17x17xi64> {
    %c = stablehlo.constant dense<0> : tensor<i64>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i64>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i64>) -> tensor<17x17xi64>
    %3 = call @_where(%1, %2, %arg1) : (tensor<17x17xi1>, tensor<17x17xi64>, tensor<17x17xi64>) -> tensor<17x17xi64>
    %4 = stablehlo.remainder %arg0, %3 : tensor<17x17xi64>
    return %4 : tensor<17x17xi64>
  }
}
