module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> (tensor<18xi32> {jax.result_info = "result[0]"}, tensor<18xi32> {jax.result_info = "result[1]"}, tensor<18xi32> {jax.result_info = "result[2]"}, tensor<18xi32> {jax.result_info = "result[3]"}, tensor<18xi32> {jax.result_info = "result[4]"}) {
    %0 = call @searchsorted(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    %1 = call @searchsorted_1(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    %2 = call @searchsorted_5(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    %3 = call @searchsorted_6(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    %4 = stablehlo.slice %arg0 [0:20:4] : (tensor<20xf32>) -> tensor<5xf32>
    %5 = call @digitize(%arg1, %4) : (tensor<18xf32>, tensor<5xf32>) -> tensor<18xi32>
    return %0, %1, %2, %3, %5 : tensor<18xi32>, tensor<18xi32>, tensor<18xi32>, tensor<18xi32>, tensor<18xi32>
  }
  func.func private @searchsorted(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl_0(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl_0(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_0 = stablehlo.constant dense<20> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<20xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<20xf32>, tensor<18xf32>, tensor<18xui32>, tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<20xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<18xui32>) -> tensor<18xi32>
    return %3 : tensor<18xi32>
  }
  func.func private @closed_call(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>, %arg2: tensor<18xui32>, %arg3: tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<18xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<18xui32>, tensor<i32>) -> tensor<18xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<18xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<18xui32>) -> tensor<18x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<20xf32>, tensor<18x1xui32>) -> tensor<18x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<18x1xf32>) -> tensor<18xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<18xi1>, tensor<18xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<18xi1>, tensor<18xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<18xi1>, tensor<18xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<18xi1>, tensor<18xf32>
    %20 = stablehlo.compare LE, %12, %19, TOTALORDER : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<18xi1>, tensor<18xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<18xi1>, tensor<18xui32>
    return %21, %22 : tensor<18xui32>, tensor<18xui32>
  }
  func.func private @floor_divide(%arg0: tensor<18xui32>, %arg1: tensor<i32>) -> tensor<18xui32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %2 = stablehlo.divide %arg0, %1 : tensor<18xui32>
    return %2 : tensor<18xui32>
  }
  func.func private @searchsorted_1(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl_2(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl_2(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl_3(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl_3(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_0 = stablehlo.constant dense<20> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<20xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    cond {
      %c_6 = stablehlo.constant dense<5> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_4(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<20xf32>, tensor<18xf32>, tensor<18xui32>, tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<20xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<18xui32>) -> tensor<18xi32>
    return %3 : tensor<18xi32>
  }
  func.func private @closed_call_4(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>, %arg2: tensor<18xui32>, %arg3: tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<18xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<18xui32>, tensor<i32>) -> tensor<18xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<18xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<18xui32>) -> tensor<18x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<20xf32>, tensor<18x1xui32>) -> tensor<18x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<18x1xf32>) -> tensor<18xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<18xi1>, tensor<18xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<18xi1>, tensor<18xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<18xi1>, tensor<18xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<18xi1>, tensor<18xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<18xi1>, tensor<18xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<18xi1>, tensor<18xui32>
    return %21, %22 : tensor<18xui32>, tensor<18xui32>
  }
  func.func private @searchsorted_5(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_sort_impl(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_sort_impl(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = stablehlo.concatenate %arg1, %arg0, dim = 0 : (tensor<18xf32>, tensor<20xf32>) -> tensor<38xf32>
    %1 = stablehlo.iota dim = 0 : tensor<38xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<38xi32>
    %3:2 = "stablehlo.sort"(%0, %1) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %23 = stablehlo.compare EQ, %arg2, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %24 = stablehlo.select %23, %cst_5, %arg2 : tensor<i1>, tensor<f32>
      %25 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %26 = stablehlo.select %25, %cst_6, %24 : tensor<i1>, tensor<f32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %27 = stablehlo.compare EQ, %arg3, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %28 = stablehlo.select %27, %cst_8, %arg3 : tensor<i1>, tensor<f32>
      %29 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %30 = stablehlo.select %29, %cst_9, %28 : tensor<i1>, tensor<f32>
      %31 = stablehlo.compare LT, %26, %30, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %31 : tensor<i1>
    }) : (tensor<38xf32>, tensor<38xi32>) -> (tensor<38xf32>, tensor<38xi32>)
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<38xi32>
    %5 = stablehlo.compare LT, %3#1, %4, SIGNED : (tensor<38xi32>, tensor<38xi32>) -> tensor<38xi1>
    %c_1 = stablehlo.constant dense<38> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<38xi32>
    %7 = stablehlo.add %3#1, %6 : tensor<38xi32>
    %8 = stablehlo.select %5, %7, %3#1 : tensor<38xi1>, tensor<38xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<38xi32>) -> tensor<38x1xi32>
    %10 = "stablehlo.scatter"(%2, %9, %1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<38xi32>, tensor<38x1xi32>, tensor<38xi32>) -> tensor<38xi32>
    %11 = stablehlo.slice %10 [0:18] : (tensor<38xi32>) -> tensor<18xi32>
    %12 = stablehlo.iota dim = 0 : tensor<18xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %14:2 = "stablehlo.sort"(%arg1, %12) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %23 = stablehlo.compare EQ, %arg2, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %24 = stablehlo.select %23, %cst_5, %arg2 : tensor<i1>, tensor<f32>
      %25 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %26 = stablehlo.select %25, %cst_6, %24 : tensor<i1>, tensor<f32>
      %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %27 = stablehlo.compare EQ, %arg3, %cst_7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %28 = stablehlo.select %27, %cst_8, %arg3 : tensor<i1>, tensor<f32>
      %29 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %30 = stablehlo.select %29, %cst_9, %28 : tensor<i1>, tensor<f32>
      %31 = stablehlo.compare LT, %26, %30, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %31 : tensor<i1>
    }) : (tensor<18xf32>, tensor<18xi32>) -> (tensor<18xf32>, tensor<18xi32>)
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %16 = stablehlo.compare LT, %14#1, %15, SIGNED : (tensor<18xi32>, tensor<18xi32>) -> tensor<18xi1>
    %c_4 = stablehlo.constant dense<18> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %18 = stablehlo.add %14#1, %17 : tensor<18xi32>
    %19 = stablehlo.select %16, %18, %14#1 : tensor<18xi1>, tensor<18xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<18xi32>) -> tensor<18x1xi32>
    %21 = "stablehlo.scatter"(%13, %20, %12) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<18xi32>, tensor<18x1xi32>, tensor<18xi32>) -> tensor<18xi32>
    %22 = stablehlo.subtract %11, %21 : tensor<18xi32>
    return %22 : tensor<18xi32>
  }
  func.func private @searchsorted_6(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_compare_all_impl(%arg0, %arg1) : (tensor<20xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_compare_all_impl(%arg0: tensor<20xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %1 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %3 = stablehlo.select %1, %2, %arg0 : tensor<20xi1>, tensor<20xf32>
    %4 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<20xf32>, tensor<20xf32>) -> tensor<20xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<20xf32>
    %6 = stablehlo.select %4, %5, %3 : tensor<20xi1>, tensor<20xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %8 = stablehlo.compare EQ, %arg1, %7, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %10 = stablehlo.select %8, %9, %arg1 : tensor<18xi1>, tensor<18xf32>
    %11 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %13 = stablehlo.select %11, %12, %10 : tensor<18xi1>, tensor<18xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [1] : (tensor<18xf32>) -> tensor<1x18xf32>
    %15 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<20xf32>) -> tensor<20x1xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1] : (tensor<20x1xf32>) -> tensor<20x18xf32>
    %17 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<1x18xf32>) -> tensor<20x18xf32>
    %18 = stablehlo.compare LT, %16, %17, TOTALORDER : (tensor<20x18xf32>, tensor<20x18xf32>) -> tensor<20x18xi1>
    %19 = stablehlo.convert %18 : (tensor<20x18xi1>) -> tensor<20x18xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.reduce(%19 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<20x18xi32>, tensor<i32>) -> tensor<18xi32>
    return %20 : tensor<18xi32>
  }
  func.func private @digitize(%arg0: tensor<18xf32>, %arg1: tensor<5xf32>) -> tensor<18xi32> {
    %0 = stablehlo.slice %arg1 [4:5] : (tensor<5xf32>) -> tensor<1xf32>
    %1 = stablehlo.reshape %0 : (tensor<1xf32>) -> tensor<f32>
    %2 = stablehlo.slice %arg1 [0:1] : (tensor<5xf32>) -> tensor<1xf32>
    %3 = stablehlo.reshape %2 : (tensor<1xf32>) -> tensor<f32>
    %4 = stablehlo.compare GE, %1, %3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %5 = call @searchsorted_7(%arg1, %arg0) : (tensor<5xf32>, tensor<18xf32>) -> tensor<18xi32>
    %6 = stablehlo.reverse %arg1, dims = [0] : tensor<5xf32>
    %7 = call @searchsorted_7(%6, %arg0) : (tensor<5xf32>, tensor<18xf32>) -> tensor<18xi32>
    %c = stablehlo.constant dense<5> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<18xi32>
    %9 = stablehlo.subtract %8, %7 : tensor<18xi32>
    %10 = call @_where(%4, %5, %9) : (tensor<i1>, tensor<18xi32>, tensor<18xi32>) -> tensor<18xi32>
    return %10 : tensor<18xi32>
  }
  func.func private @searchsorted_7(%arg0: tensor<5xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl_8(%arg0, %arg1) : (tensor<5xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl_8(%arg0: tensor<5xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %0 = call @_searchsorted_scan_impl_9(%arg0, %arg1) : (tensor<5xf32>, tensor<18xf32>) -> tensor<18xi32>
    return %0 : tensor<18xi32>
  }
  func.func private @_searchsorted_scan_impl_9(%arg0: tensor<5xf32>, %arg1: tensor<18xf32>) -> tensor<18xi32> {
    %c = stablehlo.constant dense<0> : tensor<ui32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_0 = stablehlo.constant dense<5> : tensor<ui32>
    %1 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui32>) -> tensor<18xui32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %2:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %arg1, %iterArg_3 = %c_1, %iterArg_4 = %0, %iterArg_5 = %1) : tensor<5xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %4 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    } do {
      %4:2 = func.call @closed_call_10(%iterArg, %iterArg_2, %iterArg_4, %iterArg_5) : (tensor<5xf32>, tensor<18xf32>, tensor<18xui32>, tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>)
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %5 = stablehlo.add %iterArg_3, %c_6 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %5, %4#0, %4#1 : tensor<5xf32>, tensor<18xf32>, tensor<i32>, tensor<18xui32>, tensor<18xui32>
    }
    %3 = stablehlo.convert %2#4 : (tensor<18xui32>) -> tensor<18xi32>
    return %3 : tensor<18xi32>
  }
  func.func private @closed_call_10(%arg0: tensor<5xf32>, %arg1: tensor<18xf32>, %arg2: tensor<18xui32>, %arg3: tensor<18xui32>) -> (tensor<18xui32>, tensor<18xui32>) {
    %0 = stablehlo.subtract %arg3, %arg2 : tensor<18xui32>
    %c = stablehlo.constant dense<2> : tensor<i32>
    %1 = call @floor_divide(%0, %c) : (tensor<18xui32>, tensor<i32>) -> tensor<18xui32>
    %2 = stablehlo.add %arg2, %1 : tensor<18xui32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<18xui32>) -> tensor<18x1xui32>
    %4 = "stablehlo.gather"(%arg0, %3) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<5xf32>, tensor<18x1xui32>) -> tensor<18x1xf32>
    %5 = stablehlo.reshape %4 : (tensor<18x1xf32>) -> tensor<18xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %7 = stablehlo.compare EQ, %arg1, %6, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %9 = stablehlo.select %7, %8, %arg1 : tensor<18xi1>, tensor<18xf32>
    %10 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %12 = stablehlo.select %10, %11, %9 : tensor<18xi1>, tensor<18xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %14 = stablehlo.compare EQ, %5, %13, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %16 = stablehlo.select %14, %15, %5 : tensor<18xi1>, tensor<18xf32>
    %17 = stablehlo.compare NE, %5, %5, FLOAT : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<18xf32>
    %19 = stablehlo.select %17, %18, %16 : tensor<18xi1>, tensor<18xf32>
    %20 = stablehlo.compare LT, %12, %19, TOTALORDER : (tensor<18xf32>, tensor<18xf32>) -> tensor<18xi1>
    %21 = stablehlo.select %20, %arg2, %2 : tensor<18xi1>, tensor<18xui32>
    %22 = stablehlo.select %20, %2, %arg3 : tensor<18xi1>, tensor<18xui32>
    return %21, %22 : tensor<18xui32>, tensor<18xui32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<18xi32>, %arg2: tensor<18xi32>) -> tensor<18xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<18xi32>
    return %0 : tensor<18xi32>
  }
}
