module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xi32>) -> (tensor<i32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %0:4 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %c_1, %iterArg_3 = %c, %iterArg_4 = %c_0) : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<i32>
    cond {
      %c_5 = stablehlo.constant dense<4> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_3, %iterArg_4) : (tensor<4xi32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %2, %1#0, %1#1 : tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<i32>
    }
    return %0#3 : tensor<i32>
  }
  func.func private @closed_call(%arg0: tensor<4xi32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<i32>, tensor<i32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg1, %c : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg1, %c_0, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %2 = stablehlo.convert %arg1 : tensor<i32>
    %c_1 = stablehlo.constant dense<4> : tensor<i32>
    %3 = stablehlo.add %2, %c_1 : tensor<i32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<i1>, tensor<i32>
    %5 = stablehlo.dynamic_slice %arg0, %4, sizes = [1] : (tensor<4xi32>, tensor<i32>) -> tensor<1xi32>
    %6 = stablehlo.reshape %5 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7:4 = stablehlo.while(%iterArg = %arg1, %iterArg_3 = %c_2, %iterArg_4 = %6, %iterArg_5 = %arg2) : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
    cond {
      %8 = stablehlo.compare LT, %iterArg_3, %iterArg_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      %9 = stablehlo.multiply %iterArg, %iterArg_3 : tensor<i32>
      %10 = stablehlo.convert %9 : tensor<i32>
      %11 = stablehlo.add %iterArg_5, %10 : tensor<i32>
      stablehlo.return %iterArg, %8, %iterArg_4, %11 : tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>
    }
    return %0, %7#3 : tensor<i32>, tensor<i32>
  }
}
