module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x7xi8>, %arg1: tensor<3x4x5xf16>, %arg2: tensor<2x3x4xbf16>, %arg3: tensor<4x6xcomplex<f32>>) -> (tensor<7x5xi8> {jax.result_info = "result[0]"}, tensor<4x3x5xf16> {jax.result_info = "result[1]"}, tensor<4x3x2xbf16> {jax.result_info = "result[2]"}, tensor<6x4xcomplex<f32>> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<5x7xi8>) -> tensor<7x5xi8>
    %1 = stablehlo.transpose %arg1, dims = [1, 0, 2] : (tensor<3x4x5xf16>) -> tensor<4x3x5xf16>
    %2 = stablehlo.transpose %arg2, dims = [2, 1, 0] : (tensor<2x3x4xbf16>) -> tensor<4x3x2xbf16>
    %3 = stablehlo.transpose %arg3, dims = [1, 0] : (tensor<4x6xcomplex<f32>>) -> tensor<6x4xcomplex<f32>>
    return %0, %1, %2, %3 : tensor<7x5xi8>, tensor<4x3x5xf16>, tensor<4x3x2xbf16>, tensor<6x4xcomplex<f32>>
  }
}
