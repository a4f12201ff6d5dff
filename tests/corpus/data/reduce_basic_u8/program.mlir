module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x5x6xui8>) -> (tensor<5x6xui32> {jax.result_info = "result[0]"}, tensor<4x5xui32> {jax.result_info = "result[1]"}, tensor<5xui8> {jax.result_info = "result[2]"}, tensor<4x6xui8> {jax.result_info = "result[3]"}, tensor<ui32> {jax.result_info = "result[4]"}, tensor<ui8> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<4x5x6xui8>) -> tensor<4x5x6xui32>
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4x5x6xui32>, tensor<ui32>) -> tensor<5x6xui32>
    %2 = stablehlo.convert %arg0 : (tensor<4x5x6xui8>) -> tensor<4x5x6xui32>
    %c_0 = stablehlo.constant dense<1> : tensor<ui32>
    %3 = stablehlo.reduce(%2 init: %c_0) applies stablehlo.multiply across dimensions = [2] : (tensor<4x5x6xui32>, tensor<ui32>) -> tensor<4x5xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<ui8>
    %4 = stablehlo.reduce(%arg0 init: %c_1) applies stablehlo.maximum across dimensions = [0, 2] : (tensor<4x5x6xui8>, tensor<ui8>) -> tensor<5xui8>
    %c_2 = stablehlo.constant dense<255> : tensor<ui8>
    %5 = stablehlo.reduce(%arg0 init: %c_2) applies stablehlo.minimum across dimensions = [1] : (tensor<4x5x6xui8>, tensor<ui8>) -> tensor<4x6xui8>
    %6 = stablehlo.convert %arg0 : (tensor<4x5x6xui8>) -> tensor<4x5x6xui32>
    %c_3 = stablehlo.constant dense<0> : tensor<ui32>
    %7 = stablehlo.reduce(%6 init: %c_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<4x5x6xui32>, tensor<ui32>) -> tensor<ui32>
    %c_4 = stablehlo.constant dense<0> : tensor<ui8>
    %8 = stablehlo.reduce(%arg0 init: %c_4) applies stablehlo.maximum across dimensions = [0, 1, 2] : (tensor<4x5x6xui8>, tensor<ui8>) -> tensor<ui8>
    return %1, %3, %4, %5, %7, %8 : tensor<5x6xui32>, tensor<4x5xui32>, tensor<5xui8>, tensor<4x6xui8>, tensor<ui32>, tensor<ui8>
  }
}
