module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xi8>, %arg1: tensor<6x4xbf16>, %arg2: tensor<6x4xcomplex<f32>>, %arg3: tensor<6x4xi1>, %arg4: tensor<3xi32>) -> (tensor<3x4xi8> {jax.result_info = "result[0]"}, tensor<3x4xbf16> {jax.result_info = "result[1]"}, tensor<6xcomplex<f32>> {jax.result_info = "result[2]"}, tensor<3x4xi1> {jax.result_info = "result[3]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %1 = stablehlo.compare LT, %arg4, %0, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %3 = stablehlo.add %arg4, %2 : tensor<3xi32>
    %4 = stablehlo.select %1, %3, %arg4 : tensor<3xi1>, tensor<3xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xi8>, tensor<3x1xi32>) -> tensor<3x4xi8>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %8 = stablehlo.compare LT, %arg4, %7, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %10 = stablehlo.add %arg4, %9 : tensor<3xi32>
    %11 = stablehlo.select %8, %10, %arg4 : tensor<3xi1>, tensor<3xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %13 = "stablehlo.gather"(%arg1, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xbf16>, tensor<3x1xi32>) -> tensor<3x4xbf16>
    %14 = stablehlo.slice %arg4 [2:3] : (tensor<3xi32>) -> tensor<1xi32>
    %15 = stablehlo.reshape %14 : (tensor<1xi32>) -> tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.compare LT, %c_3, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<6> : tensor<i32>
    %17 = stablehlo.add %c_5, %c_6 : tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.select %16, %17, %c_7 : tensor<i1>, tensor<i32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %19 = stablehlo.compare LT, %15, %c_8, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_9 = stablehlo.constant dense<4> : tensor<i32>
    %20 = stablehlo.add %15, %c_9 : tensor<i32>
    %21 = stablehlo.select %19, %20, %15 : tensor<i1>, tensor<i32>
    %22 = stablehlo.dynamic_slice %arg2, %18, %21, sizes = [6, 1] : (tensor<6x4xcomplex<f32>>, tensor<i32>, tensor<i32>) -> tensor<6x1xcomplex<f32>>
    %23 = stablehlo.reshape %22 : (tensor<6x1xcomplex<f32>>) -> tensor<6xcomplex<f32>>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %25 = stablehlo.compare LT, %arg4, %24, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_11 = stablehlo.constant dense<6> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %27 = stablehlo.add %arg4, %26 : tensor<3xi32>
    %28 = stablehlo.select %25, %27, %arg4 : tensor<3xi1>, tensor<3xi32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %30 = "stablehlo.gather"(%arg3, %29) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<6x4xi1>, tensor<3x1xi32>) -> tensor<3x4xi1>
    return %6, %13, %23, %30 : tensor<3x4xi8>, tensor<3x4xbf16>, tensor<6xcomplex<f32>>, tensor<3x4xi1>
  }
}
