module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<2x3xi16>) -> (tensor<7xi32> {jax.result_info = "result[0]"}, tensor<3x4x5xf32> {jax.result_info = "result[1]"}, tensor<300xui8> {jax.result_info = "result[2]"}, tensor<2x3xi16> {jax.result_info = "result[3]"}, tensor<4x5xf16> {jax.result_info = "result[4]"}, tensor<2x200xi8> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.iota dim = 0 : tensor<7xi32>
    %1 = stablehlo.iota dim = 1 : tensor<3x4x5xf32>
    %2 = stablehlo.iota dim = 0 : tensor<300xui8>
    %3 = stablehlo.iota dim = 0 : tensor<2x3xi16>
    %4 = stablehlo.add %3, %arg0 : tensor<2x3xi16>
    %5 = stablehlo.iota dim = 1 : tensor<4x2100xf16>
    %6 = stablehlo.slice %5 [0:4, 2095:2100] : (tensor<4x2100xf16>) -> tensor<4x5xf16>
    %7 = stablehlo.iota dim = 1 : tensor<2x200xi8>
    return %0, %1, %2, %4, %6, %7 : tensor<7xi32>, tensor<3x4x5xf32>, tensor<300xui8>, tensor<2x3xi16>, tensor<4x5xf16>, tensor<2x200xi8>
  }
}
