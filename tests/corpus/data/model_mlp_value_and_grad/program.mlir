module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xf32>, %arg1: tensor<12x24xf32>, %arg2: tensor<5xf32>, %arg3: tensor<24x5xf32>, %arg4: tensor<6x12xf32>, %arg5: tensor<6xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<24xf32> {jax.result_info = "result[1][0]['b']"}, tensor<12x24xf32> {jax.result_info = "result[1][0]['w']"}, tensor<5xf32> {jax.result_info = "result[1][1]['b']"}, tensor<24x5xf32> {jax.result_info = "result[1][1]['w']"}, tensor<24xf32> {jax.result_info = "result[2][0]['b']"}, tensor<12x24xf32> {jax.result_info = "result[2][0]['w']"}, tensor<5xf32> {jax.result_info = "result[2][1]['b']"}, tensor<24x5xf32> {jax.result_info = "result[2][1]['w']"}) {
    %c = stablehlo.constant dense<[0, 1, 2, 3, 4, 5]> : tensor<6xi32>
    %c_0 = stablehlo.constant dense<false> : tensor<6xi1>
    %0 = stablehlo.dot_general %arg4, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x12xf32>, tensor<12x24xf32>) -> tensor<6x24xf32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<24xf32>) -> tensor<1x24xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x24xf32>) -> tensor<6x24xf32>
    %3 = stablehlo.add %0, %2 : tensor<6x24xf32>
    %4 = call @relu(%3) : (tensor<6x24xf32>) -> tensor<6x24xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x24xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<6x24xf32>, tensor<6x24xf32>) -> tensor<6x24xi1>
    %7 = stablehlo.dot_general %4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x24xf32>, tensor<24x5xf32>) -> tensor<6x5xf32>
    %8 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<6x5xf32>
    %10 = stablehlo.add %7, %9 : tensor<6x5xf32>
    %11:3 = call @log_softmax(%10) : (tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x1xf32>)
    %c_1 = stablehlo.constant dense<6> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %13 = stablehlo.add %c, %12 : tensor<6xi32>
    %14 = stablehlo.select %c_0, %13, %c : tensor<6xi1>, tensor<6xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %16 = stablehlo.compare LT, %arg5, %15, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_3 = stablehlo.constant dense<5> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %18 = stablehlo.add %arg5, %17 : tensor<6xi32>
    %19 = stablehlo.select %16, %18, %arg5 : tensor<6xi1>, tensor<6xi32>
    %20 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %21 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %22 = stablehlo.concatenate %20, %21, dim = 1 : (tensor<6x1xi32>, tensor<6x1xi32>) -> tensor<6x2xi32>
    %23 = "stablehlo.gather"(%11#0, %22) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x5xf32>, tensor<6x2xi32>) -> tensor<6xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_4) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %25 = stablehlo.divide %24, %cst_5 : tensor<f32>
    %26 = stablehlo.negate %25 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.negate %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %28 = stablehlo.divide %27, %cst_7 : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %31 = "stablehlo.scatter"(%30, %22, %29) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
      %58 = stablehlo.add %arg6, %arg7 : tensor<f32>
      stablehlo.return %58 : tensor<f32>
    }) : (tensor<6x5xf32>, tensor<6x2xi32>, tensor<6xf32>) -> tensor<6x5xf32>
    %32 = call @log_softmax_0(%11#1, %11#2, %31) : (tensor<6x5xf32>, tensor<6x1xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<6x5xf32>, tensor<f32>) -> tensor<5xf32>
    %34 = stablehlo.reshape %33 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %36 = stablehlo.dot_general %32, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf32>, tensor<6x24xf32>) -> tensor<5x24xf32>
    %37 = stablehlo.transpose %36, dims = [1, 0] : (tensor<5x24xf32>) -> tensor<24x5xf32>
    %38 = stablehlo.dot_general %32, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf32>, tensor<24x5xf32>) -> tensor<6x24xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6x24xf32>
    %40 = stablehlo.select %6, %38, %39 : tensor<6x24xi1>, tensor<6x24xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_12) applies stablehlo.add across dimensions = [0] : (tensor<6x24xf32>, tensor<f32>) -> tensor<24xf32>
    %42 = stablehlo.reshape %41 : (tensor<24xf32>) -> tensor<1x24xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<1x24xf32>, tensor<f32>) -> tensor<24xf32>
    %44 = stablehlo.dot_general %40, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x24xf32>, tensor<6x12xf32>) -> tensor<24x12xf32>
    %45 = stablehlo.transpose %44, dims = [1, 0] : (tensor<24x12xf32>) -> tensor<12x24xf32>
    %cst_14 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %47 = stablehlo.multiply %46, %43 : tensor<24xf32>
    %48 = stablehlo.subtract %arg0, %47 : tensor<24xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<12x24xf32>
    %50 = stablehlo.multiply %49, %45 : tensor<12x24xf32>
    %51 = stablehlo.subtract %arg1, %50 : tensor<12x24xf32>
    %cst_16 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %53 = stablehlo.multiply %52, %35 : tensor<5xf32>
    %54 = stablehlo.subtract %arg2, %53 : tensor<5xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<24x5xf32>
    %56 = stablehlo.multiply %55, %37 : tensor<24x5xf32>
    %57 = stablehlo.subtract %arg3, %56 : tensor<24x5xf32>
    return %26, %43, %45, %35, %37, %48, %51, %54, %57 : tensor<f32>, tensor<24xf32>, tensor<12x24xf32>, tensor<5xf32>, tensor<24x5xf32>, tensor<24xf32>, tensor<12x24xf32>, tensor<5xf32>, tensor<24x5xf32>
  }
  func.func private @relu(%arg0: tensor<6x24xf32>) -> tensor<6x24xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x24xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x24xf32>
    return %1 : tensor<6x24xf32>
  }
  func.func private @log_softmax(%arg0: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<6x5xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x5xf32>
    %6 = stablehlo.exponential %5 : tensor<6x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x5xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %9 = stablehlo.log %8 : tensor<6x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<6x5xf32>
    return %11, %6, %8 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<6x5xf32>, %arg1: tensor<6x1xf32>, %arg2: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<6x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x5xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.reshape %1 : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<6x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<6xf32>) -> tensor<6x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<6x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<6x5xf32>
    return %7 : tensor<6x5xf32>
  }
}
