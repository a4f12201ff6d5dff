module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x4xcomplex<f32>>, %arg1: tensor<4x5xcomplex<f32>>) -> (tensor<3x5xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<4x4xcomplex<f32>> {jax.result_info = "result[1]"}, tensor<3x5xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xcomplex<f32>>, tensor<4x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %1 = stablehlo.real %arg0 : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
    %2 = stablehlo.imag %arg0 : (tensor<3x4xcomplex<f32>>) -> tensor<3x4xf32>
    %3 = stablehlo.negate %2 : tensor<3x4xf32>
    %4 = stablehlo.complex %1, %3 : tensor<3x4xcomplex<f32>>
    %5 = stablehlo.transpose %4, dims = [1, 0] : (tensor<3x4xcomplex<f32>>) -> tensor<4x3xcomplex<f32>>
    %6 = stablehlo.dot_general %5, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x3xcomplex<f32>>, tensor<3x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
    %7 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xcomplex<f32>>, tensor<4x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
    %8 = stablehlo.real %7 : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
    return %0, %6, %8 : tensor<3x5xcomplex<f32>>, tensor<4x4xcomplex<f32>>, tensor<3x5xf32>
  }
}
