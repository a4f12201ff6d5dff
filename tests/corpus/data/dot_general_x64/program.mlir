module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf64>, %arg1: tensor<5x4xf64>, %arg2: tensor<2x3x3xcomplex<f64>>, %arg3: tensor<3x4xi64>, %arg4: tensor<4x2xi64>) -> (tensor<6x4xf64> {jax.result_info = "result[0]"}, tensor<2x3x3xcomplex<f64>> {jax.result_info = "result[1]"}, tensor<3x2xi64> {jax.result_info = "result[2]"}, tensor<6x6xf64> {jax.result_info = "result[3]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf64>, tensor<5x4xf64>) -> tensor<6x4xf64>
    %1 = stablehlo.dot_general %arg2, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x3xcomplex<f64>>, tensor<2x3x3xcomplex<f64>>) -> tensor<2x3x3xcomplex<f64>>
    %2 = stablehlo.dot_general %arg3, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x4xi64>, tensor<4x2xi64>) -> tensor<3x2xi64>
    %3 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf64>, tensor<6x5xf64>) -> tensor<6x6xf64>
    return %0, %1, %2, %3 : tensor<6x4xf64>, tensor<2x3x3xcomplex<f64>>, tensor<3x2xi64>, tensor<6x6xf64>
  }
}
