module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xf32>, %arg1: tensor<3xi32>, %arg2: tensor<6xi32>, %arg3: tensor<3x4xf32>, %arg4: tensor<6x4xf32>) -> (tensor<6x4xf32> {jax.result_info = "result[0]"}, tensor<6x4xf32> {jax.result_info = "result[1]"}, tensor<6x4xf32> {jax.result_info = "result[2]"}, tensor<6x4xf32> {jax.result_info = "result[3]"}, tensor<6x4xf32> {jax.result_info = "result[4]"}, tensor<6x4xf32> {jax.result_info = "result[5]"}, tensor<6x4xf32> {jax.result_info = "result[6]"}, tensor<6x4xf32> {jax.result_info = "result[7]"}, tensor<6x4xf32> {jax.result_info = "result[8]"}, tensor<6x4xf32> {jax.result_info = "result[9]"}, tensor<6x4xf32> {jax.result_info = "result[10]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<3xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<3xi1>, tensor<3xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %6 = "stablehlo.scatter"(%arg0, %5, %arg3) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<6x4xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %8 = stablehlo.compare LT, %arg2, %7, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_2 = stablehlo.constant dense<6> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %10 = stablehlo.add %arg2, %9 : tensor<6xi32>
    %11 = stablehlo.select %8, %10, %arg2 : tensor<6xi1>, tensor<6xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %13 = "stablehlo.scatter"(%arg0, %12, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<6x4xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %15 = stablehlo.compare LT, %arg2, %14, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %17 = stablehlo.add %arg2, %16 : tensor<6xi32>
    %18 = stablehlo.select %15, %17, %arg2 : tensor<6xi1>, tensor<6xi32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %20 = "stablehlo.scatter"(%arg0, %19, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.multiply %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<6x4xf32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %22 = stablehlo.compare LT, %arg2, %21, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_6 = stablehlo.constant dense<6> : tensor<i32>
    %23 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %24 = stablehlo.add %arg2, %23 : tensor<6xi32>
    %25 = stablehlo.select %22, %24, %arg2 : tensor<6xi1>, tensor<6xi32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %27 = "stablehlo.scatter"(%arg0, %26, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.minimum %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<6x4xf32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %28 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %29 = stablehlo.compare LT, %arg2, %28, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_8 = stablehlo.constant dense<6> : tensor<i32>
    %30 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %31 = stablehlo.add %arg2, %30 : tensor<6xi32>
    %32 = stablehlo.select %29, %31, %arg2 : tensor<6xi1>, tensor<6xi32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %34 = "stablehlo.scatter"(%arg0, %33, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.maximum %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<6x4xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %35 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %36 = stablehlo.compare LT, %arg1, %35, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_10 = stablehlo.constant dense<6> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %38 = stablehlo.add %arg1, %37 : tensor<3xi32>
    %39 = stablehlo.select %36, %38, %arg1 : tensor<3xi1>, tensor<3xi32>
    %c_11 = stablehlo.constant dense<2> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %41 = stablehlo.convert %40 : tensor<3xi32>
    %42 = stablehlo.broadcast_in_dim %39, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %43 = stablehlo.broadcast_in_dim %41, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %44 = stablehlo.concatenate %42, %43, dim = 1 : (tensor<3x1xi32>, tensor<3x1xi32>) -> tensor<3x2xi32>
    %cst = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %46 = "stablehlo.scatter"(%arg0, %44, %45) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<3x2xi32>, tensor<3xf32>) -> tensor<6x4xf32>
    %47 = stablehlo.slice %arg1 [1:2] : (tensor<3xi32>) -> tensor<1xi32>
    %48 = stablehlo.reshape %47 : (tensor<1xi32>) -> tensor<i32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %49 = stablehlo.compare LT, %48, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_13 = stablehlo.constant dense<4> : tensor<i32>
    %50 = stablehlo.add %48, %c_13 : tensor<i32>
    %51 = stablehlo.select %49, %50, %48 : tensor<i1>, tensor<i32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %cst_14 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %54 = "stablehlo.scatter"(%arg0, %52, %53) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<1xi32>, tensor<6xf32>) -> tensor<6x4xf32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %55 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %56 = stablehlo.compare LT, %arg1, %55, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_16 = stablehlo.constant dense<6> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_16, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %58 = stablehlo.add %arg1, %57 : tensor<3xi32>
    %59 = stablehlo.select %56, %58, %arg1 : tensor<3xi1>, tensor<3xi32>
    %60 = stablehlo.broadcast_in_dim %59, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %61 = "stablehlo.scatter"(%arg0, %60, %arg3) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<6x4xf32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %62 = stablehlo.broadcast_in_dim %c_17, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %63 = stablehlo.compare LT, %arg2, %62, SIGNED : (tensor<6xi32>, tensor<6xi32>) -> tensor<6xi1>
    %c_18 = stablehlo.constant dense<6> : tensor<i32>
    %64 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<6xi32>
    %65 = stablehlo.add %arg2, %64 : tensor<6xi32>
    %66 = stablehlo.select %63, %65, %arg2 : tensor<6xi1>, tensor<6xi32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0] : (tensor<6xi32>) -> tensor<6x1xi32>
    %c_19 = stablehlo.constant dense<5> : tensor<1xi32>
    %c_20 = stablehlo.constant dense<2147483647> : tensor<i32>
    %68 = stablehlo.broadcast_in_dim %c_20, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %69 = stablehlo.minimum %c_19, %68 : tensor<1xi32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [1] : (tensor<1xi32>) -> tensor<6x1xi32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.broadcast_in_dim %c_21, dims = [] : (tensor<i32>) -> tensor<6x1xi32>
    %72 = stablehlo.clamp %71, %67, %70 : tensor<6x1xi32>
    %73 = "stablehlo.scatter"(%arg0, %72, %arg4) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %85 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<6x1xi32>, tensor<6x4xf32>) -> tensor<6x4xf32>
    %c_22 = stablehlo.constant dense<2> : tensor<i32>
    %74 = stablehlo.broadcast_in_dim %c_22, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x4xf32>
    %76 = "stablehlo.scatter"(%arg0, %74, %75) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0, 1], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      stablehlo.return %arg6 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<1xi32>, tensor<2x4xf32>) -> tensor<6x4xf32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %77 = stablehlo.broadcast_in_dim %c_24, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %78 = stablehlo.compare LT, %arg1, %77, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %c_25 = stablehlo.constant dense<6> : tensor<i32>
    %79 = stablehlo.broadcast_in_dim %c_25, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %80 = stablehlo.add %arg1, %79 : tensor<3xi32>
    %81 = stablehlo.select %78, %80, %arg1 : tensor<3xi1>, tensor<3xi32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %83 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
    %84 = "stablehlo.scatter"(%arg0, %82, %83) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %85 = stablehlo.multiply %arg5, %arg5 : tensor<f32>
      %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %86 = stablehlo.add %85, %cst_27 : tensor<f32>
      stablehlo.return %86 : tensor<f32>
    }) : (tensor<6x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<6x4xf32>
    return %6, %13, %20, %27, %34, %46, %54, %61, %73, %76, %84 : tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>, tensor<6x4xf32>
  }
}
