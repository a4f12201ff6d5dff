module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20x2xf32>, %arg1: tensor<2x2xf32>) -> (tensor<2x2xf32> {jax.result_info = "result[0]"}, tensor<20xi32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c, %iterArg_1 = %arg1) : tensor<20x2xf32>, tensor<i32>, tensor<2x2xf32>
    cond {
      %c_2 = stablehlo.constant dense<5> : tensor<i32>
      %9 = stablehlo.compare LT, %iterArg_0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %9 : tensor<i1>
    } do {
      %9 = func.call @closed_call(%iterArg, %iterArg_1) : (tensor<20x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %10 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %iterArg, %10, %9 : tensor<20x2xf32>, tensor<i32>, tensor<2x2xf32>
    }
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<20x2xf32>) -> tensor<20x1x2xf32>
    %2 = stablehlo.broadcast_in_dim %0#2, dims = [1, 2] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<20x1x2xf32>) -> tensor<20x2x2xf32>
    %4 = stablehlo.broadcast_in_dim %2, dims = [0, 1, 2] : (tensor<1x2x2xf32>) -> tensor<20x2x2xf32>
    %5 = stablehlo.subtract %3, %4 : tensor<20x2x2xf32>
    %6 = stablehlo.multiply %5, %5 : tensor<20x2x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<20x2x2xf32>, tensor<f32>) -> tensor<20x2xf32>
    %8 = call @argmin(%7) : (tensor<20x2xf32>) -> tensor<20xi32>
    return %0#2, %8 : tensor<2x2xf32>, tensor<20xi32>
  }
  func.func private @closed_call(%arg0: tensor<20x2xf32>, %arg1: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<20x2xf32>) -> tensor<20x1x2xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<20x1x2xf32>) -> tensor<20x2x2xf32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x2x2xf32>) -> tensor<20x2x2xf32>
    %4 = stablehlo.subtract %2, %3 : tensor<20x2x2xf32>
    %5 = stablehlo.multiply %4, %4 : tensor<20x2x2xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<20x2x2xf32>, tensor<f32>) -> tensor<20x2xf32>
    %7 = call @argmin(%6) : (tensor<20x2xf32>) -> tensor<20xi32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x2xf32>
    %9 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<20xi32>) -> tensor<20x1xi32>
    %10 = "stablehlo.scatter"(%8, %9, %arg0) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %18 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %18 : tensor<f32>
    }) : (tensor<2x2xf32>, tensor<20x1xi32>, tensor<20x2xf32>) -> tensor<2x2xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %13 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<20xi32>) -> tensor<20x1xi32>
    %14 = "stablehlo.scatter"(%12, %13, %11) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %18 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %18 : tensor<f32>
    }) : (tensor<2xf32>, tensor<20x1xi32>, tensor<20xf32>) -> tensor<2xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x2xf32>
    %17 = stablehlo.divide %10, %16 : tensor<2x2xf32>
    return %17 : tensor<2x2xf32>
  }
  func.func private @argmin(%arg0: tensor<20x2xf32>) -> tensor<20xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<20x2xi32>
    %cst = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %cst), (%0 init: %c) across dimensions = [1] : (tensor<20x2xf32>, tensor<20x2xi32>, tensor<f32>, tensor<i32>) -> (tensor<20xf32>, tensor<20xi32>)
     reducer(%arg1: tensor<f32>, %arg3: tensor<f32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare LT, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<f32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<f32>, tensor<i32>
    }
    return %1#1 : tensor<20xi32>
  }
}
