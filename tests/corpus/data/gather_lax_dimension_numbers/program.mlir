module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6x7xf32>, %arg1: tensor<4x2xi32>) -> (tensor<4x3x7xf32> {jax.result_info = "result[0]"}, tensor<4x6xf32> {jax.result_info = "result[1]"}, tensor<4x2x4xf32> {jax.result_info = "result[2]"}) {
    %0 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 3, 7>}> : (tensor<5x6x7xf32>, tensor<4x2xi32>) -> tensor<4x3x7xf32>
    %1 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 2], start_index_map = [0, 2], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6, 1>}> : (tensor<5x6x7xf32>, tensor<4x2xi32>) -> tensor<4x6xf32>
    %c = stablehlo.constant dense<4> : tensor<2xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<4x2xi32>
    %3 = stablehlo.compare GE, %arg1, %2, SIGNED : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %4 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<2xi32>) -> tensor<1x2xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<1x2xi32>) -> tensor<4x2xi32>
    %6 = stablehlo.compare LE, %arg1, %5, SIGNED : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi1>
    %7 = stablehlo.and %3, %6 : tensor<4x2xi1>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %8 = stablehlo.reduce(%7 init: %c_1) applies stablehlo.and across dimensions = [1] : (tensor<4x2xi1>, tensor<i1>) -> tensor<4xi1>
    %9 = "stablehlo.gather"(%arg0, %arg1) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 4>}> : (tensor<5x6x7xf32>, tensor<4x2xi32>) -> tensor<4x2x4xf32>
    %10 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<4xi1>) -> tensor<4x2x4xi1>
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x2x4xf32>
    %12 = stablehlo.select %10, %9, %11 : tensor<4x2x4xi1>, tensor<4x2x4xf32>
    return %0, %1, %12 : tensor<4x3x7xf32>, tensor<4x6xf32>, tensor<4x2x4xf32>
  }
}
