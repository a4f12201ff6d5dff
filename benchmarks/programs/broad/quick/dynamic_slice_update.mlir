module @jit_dyn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<1024x1024xf32>, %arg1: tensor<1xi32>, %arg2: tensor<1xi32>) -> (tensor<1024x1024xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.reshape %arg1 : (tensor<1xi32>) -> tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1024> : tensor<i32>
    %2 = stablehlo.add %0, %c_0 : tensor<i32>
    %3 = stablehlo.select %1, %2, %0 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.dynamic_slice %arg0, %3, %c_1, sizes = [256, 1024] : (tensor<1024x1024xf32>, tensor<i32>, tensor<i32>) -> tensor<256x1024xf32>
    %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<256x1024xf32>
    %6 = stablehlo.multiply %4, %5 : tensor<256x1024xf32>
    %7 = stablehlo.reshape %arg2 : (tensor<1xi32>) -> tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.compare LT, %7, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<1024> : tensor<i32>
    %9 = stablehlo.add %7, %c_3 : tensor<i32>
    %10 = stablehlo.select %8, %9, %7 : tensor<i1>, tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %11 = stablehlo.dynamic_update_slice %arg0, %6, %10, %c_4 : (tensor<1024x1024xf32>, tensor<256x1024xf32>, tensor<i32>, tensor<i32>) -> tensor<1024x1024xf32>
    return %11 : tensor<1024x1024xf32>
  }
}
