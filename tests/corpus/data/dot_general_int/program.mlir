module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x6xi8>, %arg1: tensor<6x3xi8>, %arg2: tensor<4x6xui8>, %arg3: tensor<3x4x5xi32>, %arg4: tensor<3x5x2xi32>) -> (tensor<4x3xi32> {jax.result_info = "result[0]"}, tensor<4x3xi8> {jax.result_info = "result[1]"}, tensor<4x3xui32> {jax.result_info = "result[2]"}, tensor<3x4x2xi32> {jax.result_info = "result[3]"}, tensor<6x6xi16> {jax.result_info = "result[4]"}, tensor<4x3xi1> {jax.result_info = "result[5]"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xi8>, tensor<6x3xi8>) -> tensor<4x3xi32>
    %1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xi8>, tensor<6x3xi8>) -> tensor<4x3xi8>
    %2 = stablehlo.convert %arg1 : (tensor<6x3xi8>) -> tensor<6x3xui8>
    %3 = stablehlo.dot_general %arg2, %2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xui8>, tensor<6x3xui8>) -> tensor<4x3xui32>
    %4 = stablehlo.dot_general %arg3, %arg4, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x4x5xi32>, tensor<3x5x2xi32>) -> tensor<3x4x2xi32>
    %5 = stablehlo.convert %arg2 : (tensor<4x6xui8>) -> tensor<4x6xi16>
    %6 = stablehlo.convert %arg0 : (tensor<4x6xi8>) -> tensor<4x6xi16>
    %7 = stablehlo.dot_general %5, %6, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xi16>, tensor<4x6xi16>) -> tensor<6x6xi16>
    %c = stablehlo.constant dense<0> : tensor<i8>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i8>) -> tensor<4x6xi8>
    %9 = stablehlo.compare GT, %arg0, %8, SIGNED : (tensor<4x6xi8>, tensor<4x6xi8>) -> tensor<4x6xi1>
    %c_0 = stablehlo.constant dense<0> : tensor<i8>
    %10 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i8>) -> tensor<6x3xi8>
    %11 = stablehlo.compare GT, %arg1, %10, SIGNED : (tensor<6x3xi8>, tensor<6x3xi8>) -> tensor<6x3xi1>
    %12 = stablehlo.dot_general %9, %11, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x6xi1>, tensor<6x3xi1>) -> tensor<4x3xi1>
    return %0, %1, %3, %4, %7, %12 : tensor<4x3xi32>, tensor<4x3xi8>, tensor<4x3xui32>, tensor<3x4x2xi32>, tensor<6x6xi16>, tensor<4x3xi1>
  }
}
