module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xi32>, %arg1: tensor<5x7xf32>) -> (tensor<8xi32> {jax.result_info = "result[0]"}, tensor<8xi32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<7xf32> {jax.result_info = "result[3]"}, tensor<f32> {jax.result_info = "result[4]"}) {
    %0:2 = call @_unique_sorted_mask(%arg0) : (tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi1>)
    %1 = call @cumsum(%0#1) : (tensor<16xi1>) -> tensor<16xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %3 = call @clip(%1, %c_0) : (tensor<16xi32>, tensor<i32>) -> tensor<16xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %7 = stablehlo.add %3, %6 : tensor<16xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<16xi1>, tensor<16xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %10 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %11 = "stablehlo.scatter"(%2, %9, %10) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %51 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %51 : tensor<i32>
    }) : (tensor<8xi32>, tensor<16x1xi32>, tensor<16xi32>) -> tensor<8xi32>
    %12 = call @cumsum_1(%11) : (tensor<8xi32>) -> tensor<8xi32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %13 = call @floor_divide(%12, %c_4) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_5 = stablehlo.constant dense<16> : tensor<i32>
    %14 = call @remainder(%13, %c_5) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %16 = stablehlo.compare LT, %14, %15, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_7 = stablehlo.constant dense<16> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %18 = stablehlo.add %14, %17 : tensor<8xi32>
    %19 = stablehlo.select %16, %18, %14 : tensor<8xi1>, tensor<8xi32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0] : (tensor<8xi32>) -> tensor<8x1xi32>
    %21 = "stablehlo.gather"(%0#0, %20) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<16xi32>, tensor<8x1xi32>) -> tensor<8xi32>
    %22 = stablehlo.iota dim = 0 : tensor<8xi32>
    %23 = stablehlo.convert %0#1 : (tensor<16xi1>) -> tensor<16xi32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %24 = stablehlo.reduce(%23 init: %c_8) applies stablehlo.add across dimensions = [0] : (tensor<16xi32>, tensor<i32>) -> tensor<i32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %26 = stablehlo.compare LT, %22, %25, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_9 = stablehlo.constant dense<-1> : tensor<i32>
    %27 = call @_where_4(%26, %21, %c_9) : (tensor<8xi1>, tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %28 = call @cumsum(%0#1) : (tensor<16xi1>) -> tensor<16xi32>
    %c_10 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %30 = call @clip(%28, %c_11) : (tensor<16xi32>, tensor<i32>) -> tensor<16xi32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %32 = stablehlo.compare LT, %30, %31, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_13 = stablehlo.constant dense<9> : tensor<i32>
    %33 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %34 = stablehlo.add %30, %33 : tensor<16xi32>
    %35 = stablehlo.select %32, %34, %30 : tensor<16xi1>, tensor<16xi32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %c_14 = stablehlo.constant dense<1> : tensor<i32>
    %37 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %38 = "stablehlo.scatter"(%29, %36, %37) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      %51 = stablehlo.add %arg2, %arg3 : tensor<i32>
      stablehlo.return %51 : tensor<i32>
    }) : (tensor<9xi32>, tensor<16x1xi32>, tensor<16xi32>) -> tensor<9xi32>
    %39 = call @cumsum_5(%38) : (tensor<9xi32>) -> tensor<9xi32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %40 = call @floor_divide_7(%39, %c_15) : (tensor<9xi32>, tensor<i32>) -> tensor<9xi32>
    %c_16 = stablehlo.constant dense<16> : tensor<i32>
    %41 = call @remainder_9(%40, %c_16) : (tensor<9xi32>, tensor<i32>) -> tensor<9xi32>
    %42 = stablehlo.slice %41 [1:9] : (tensor<9xi32>) -> tensor<8xi32>
    %43 = stablehlo.slice %41 [1:9] : (tensor<9xi32>) -> tensor<8xi32>
    %c_17 = stablehlo.constant dense<16> : tensor<i32>
    %44 = call @_where_10(%42, %43, %c_17) : (tensor<8xi32>, tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    %c_18 = stablehlo.constant dense<1> : tensor<i32>
    %45 = stablehlo.broadcast_in_dim %c_18, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %46 = "stablehlo.scatter"(%41, %45, %44) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>):
      stablehlo.return %arg3 : tensor<i32>
    }) : (tensor<9xi32>, tensor<1xi32>, tensor<8xi32>) -> tensor<9xi32>
    %47 = call @diff(%46) : (tensor<9xi32>) -> tensor<8xi32>
    %48 = call @median(%arg1) : (tensor<5x7xf32>) -> tensor<5xf32>
    %cst = stablehlo.constant dense<3.000000e+01> : tensor<f32>
    %49 = call @percentile(%arg1, %cst) : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    %cst_19 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %50 = call @quantile_14(%arg1, %cst_19) : (tensor<5x7xf32>, tensor<f32>) -> tensor<f32>
    return %27, %47, %48, %49, %50 : tensor<8xi32>, tensor<8xi32>, tensor<5xf32>, tensor<7xf32>, tensor<f32>
  }
  func.func private @_unique_sorted_mask(%arg0: tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi1>) {
    %0 = stablehlo.reshape %arg0 : (tensor<16xi32>) -> tensor<16x1xi32>
    %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<16x1xi32>) -> tensor<1x16xi32>
    %2 = stablehlo.reverse %1, dims = [0] : tensor<1x16xi32>
    %3 = call @lexsort(%2) : (tensor<1x16xi32>) -> tensor<16xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %5 = stablehlo.compare LT, %3, %4, SIGNED : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi1>
    %c_0 = stablehlo.constant dense<16> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %7 = stablehlo.add %3, %6 : tensor<16xi32>
    %8 = stablehlo.select %5, %7, %3 : tensor<16xi1>, tensor<16xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<16xi32>) -> tensor<16x1xi32>
    %10 = "stablehlo.gather"(%arg0, %9) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<16xi32>, tensor<16x1xi32>) -> tensor<16xi32>
    %c_1 = stablehlo.constant dense<true> : tensor<i1>
    %11 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<16xi1>
    %12 = stablehlo.slice %10 [1:16] : (tensor<16xi32>) -> tensor<15xi32>
    %13 = stablehlo.slice %10 [0:15] : (tensor<16xi32>) -> tensor<15xi32>
    %14 = stablehlo.compare NE, %12, %13, SIGNED : (tensor<15xi32>, tensor<15xi32>) -> tensor<15xi1>
    %c_2 = stablehlo.constant dense<false> : tensor<i1>
    %15 = stablehlo.reduce(%14 init: %c_2) applies stablehlo.or across dimensions = [] : (tensor<15xi1>, tensor<i1>) -> tensor<15xi1>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %17 = "stablehlo.scatter"(%11, %16, %15) <{indices_are_sorted = true, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [0], scatter_dims_to_operand_dims = [0]>, unique_indices = true}> ({
    ^bb0(%arg1: tensor<i1>, %arg2: tensor<i1>):
      stablehlo.return %arg2 : tensor<i1>
    }) : (tensor<16xi1>, tensor<1xi32>, tensor<15xi1>) -> tensor<16xi1>
    return %10, %17 : tensor<16xi32>, tensor<16xi1>
  }
  func.func private @lexsort(%arg0: tensor<1x16xi32>) -> tensor<16xi32> {
    %0 = stablehlo.slice %arg0 [0:1, 0:16] : (tensor<1x16xi32>) -> tensor<1x16xi32>
    %1 = stablehlo.reshape %0 : (tensor<1x16xi32>) -> tensor<16xi32>
    %2 = stablehlo.iota dim = 0 : tensor<16xi32>
    %3:2 = "stablehlo.sort"(%1, %2) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
      %4 = stablehlo.compare LT, %arg1, %arg2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %4 : tensor<i1>
    }) : (tensor<16xi32>, tensor<16xi32>) -> (tensor<16xi32>, tensor<16xi32>)
    return %3#1 : tensor<16xi32>
  }
  func.func private @cumsum(%arg0: tensor<16xi1>) -> tensor<16xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<16xi1>) -> tensor<16xi32>
    %1 = call @cumsum_0(%0) : (tensor<16xi32>) -> tensor<16xi32>
    return %1 : tensor<16xi32>
  }
  func.func private @cumsum_0(%arg0: tensor<16xi32>) -> tensor<16xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[15, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 16>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<16xi32>, tensor<i32>) -> tensor<16xi32>
    return %1 : tensor<16xi32>
  }
  func.func private @clip(%arg0: tensor<16xi32>, %arg1: tensor<i32>) -> tensor<16xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<i32>) -> tensor<16xi32>
    %2 = stablehlo.maximum %1, %arg0 : tensor<16xi32>
    return %2 : tensor<16xi32>
  }
  func.func private @cumsum_1(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %0 = call @cumsum_2(%arg0) : (tensor<8xi32>) -> tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<8xi32>) -> tensor<8xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[7, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 8>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<8xi32>, tensor<i32>) -> tensor<8xi32>
    return %1 : tensor<8xi32>
  }
  func.func private @floor_divide(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<8xi32>
    %2 = stablehlo.sign %arg0 : tensor<8xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<8xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %10 = stablehlo.and %5, %9 : tensor<8xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<8xi32>
    %13 = call @_where(%10, %12, %1) : (tensor<8xi1>, tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
    return %13 : tensor<8xi32>
  }
  func.func private @_where(%arg0: tensor<8xi1>, %arg1: tensor<8xi32>, %arg2: tensor<8xi32>) -> tensor<8xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xi32>
    return %0 : tensor<8xi32>
  }
  func.func private @remainder(%arg0: tensor<8xi32>, %arg1: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<8xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<8xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<8xi1>, tensor<8xi1>) -> tensor<8xi1>
    %12 = stablehlo.and %11, %6 : tensor<8xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %14 = stablehlo.add %4, %13 : tensor<8xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<8xi1>, tensor<8xi32>
    return %15 : tensor<8xi32>
  }
  func.func private @_where_3(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
  func.func private @_where_4(%arg0: tensor<8xi1>, %arg1: tensor<8xi32>, %arg2: tensor<i32>) -> tensor<8xi32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<8xi1>, tensor<8xi32>
    return %1 : tensor<8xi32>
  }
  func.func private @cumsum_5(%arg0: tensor<9xi32>) -> tensor<9xi32> {
    %0 = call @cumsum_6(%arg0) : (tensor<9xi32>) -> tensor<9xi32>
    return %0 : tensor<9xi32>
  }
  func.func private @cumsum_6(%arg0: tensor<9xi32>) -> tensor<9xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1>, padding = dense<[[8, 0]]> : tensor<1x2xi64>, window_dilations = array<i64: 1>, window_dimensions = array<i64: 9>, window_strides = array<i64: 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<9xi32>, tensor<i32>) -> tensor<9xi32>
    return %1 : tensor<9xi32>
  }
  func.func private @floor_divide_7(%arg0: tensor<9xi32>, %arg1: tensor<i32>) -> tensor<9xi32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %1 = stablehlo.divide %arg0, %0 : tensor<9xi32>
    %2 = stablehlo.sign %arg0 : tensor<9xi32>
    %3 = stablehlo.sign %arg1 : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %5 = stablehlo.compare NE, %2, %4, SIGNED : (tensor<9xi32>, tensor<9xi32>) -> tensor<9xi1>
    %6 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %7 = stablehlo.remainder %arg0, %6 : tensor<9xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %9 = stablehlo.compare NE, %7, %8, SIGNED : (tensor<9xi32>, tensor<9xi32>) -> tensor<9xi1>
    %10 = stablehlo.and %5, %9 : tensor<9xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %12 = stablehlo.subtract %1, %11 : tensor<9xi32>
    %13 = call @_where_8(%10, %12, %1) : (tensor<9xi1>, tensor<9xi32>, tensor<9xi32>) -> tensor<9xi32>
    return %13 : tensor<9xi32>
  }
  func.func private @_where_8(%arg0: tensor<9xi1>, %arg1: tensor<9xi32>, %arg2: tensor<9xi32>) -> tensor<9xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<9xi1>, tensor<9xi32>
    return %0 : tensor<9xi32>
  }
  func.func private @remainder_9(%arg0: tensor<9xi32>, %arg1: tensor<i32>) -> tensor<9xi32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_3(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<9xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<9xi32>, tensor<9xi32>) -> tensor<9xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<9xi32>, tensor<9xi32>) -> tensor<9xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<i1>) -> tensor<9xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<9xi1>, tensor<9xi1>) -> tensor<9xi1>
    %12 = stablehlo.and %11, %6 : tensor<9xi1>
    %13 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<9xi32>
    %14 = stablehlo.add %4, %13 : tensor<9xi32>
    %15 = stablehlo.select %12, %14, %4 : tensor<9xi1>, tensor<9xi32>
    return %15 : tensor<9xi32>
  }
  func.func private @_where_10(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>, %arg2: tensor<i32>) -> tensor<8xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %1 = stablehlo.compare NE, %arg0, %0, SIGNED : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi1>
    %2 = stablehlo.convert %arg2 : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i32>) -> tensor<8xi32>
    %4 = stablehlo.select %1, %arg1, %3 : tensor<8xi1>, tensor<8xi32>
    return %4 : tensor<8xi32>
  }
  func.func private @diff(%arg0: tensor<9xi32>) -> tensor<8xi32> {
    %0 = stablehlo.slice %arg0 [1:9] : (tensor<9xi32>) -> tensor<8xi32>
    %1 = stablehlo.slice %arg0 [0:8] : (tensor<9xi32>) -> tensor<8xi32>
    %2 = stablehlo.subtract %0, %1 : tensor<8xi32>
    return %2 : tensor<8xi32>
  }
  func.func private @median(%arg0: tensor<5x7xf32>) -> tensor<5xf32> {
    %cst = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %0 = call @quantile(%arg0, %cst) : (tensor<5x7xf32>, tensor<f32>) -> tensor<5xf32>
    return %0 : tensor<5xf32>
  }
  func.func private @quantile(%arg0: tensor<5x7xf32>, %arg1: tensor<f32>) -> tensor<5xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.or across dimensions = [1] : (tensor<5x7xi1>, tensor<i1>) -> tensor<5xi1>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0] : (tensor<5xi1>) -> tensor<5x1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = call @_where_11(%2, %cst, %arg0) : (tensor<5x1xi1>, tensor<f32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %4 = "stablehlo.sort"(%3) <{dimension = 1 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %22 = stablehlo.compare EQ, %arg2, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %23 = stablehlo.select %22, %cst_10, %arg2 : tensor<i1>, tensor<f32>
      %24 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %25 = stablehlo.select %24, %cst_11, %23 : tensor<i1>, tensor<f32>
      %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.compare EQ, %arg3, %cst_12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %27 = stablehlo.select %26, %cst_13, %arg3 : tensor<i1>, tensor<f32>
      %28 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_14 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %29 = stablehlo.select %28, %cst_14, %27 : tensor<i1>, tensor<f32>
      %30 = stablehlo.compare LT, %25, %29, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %30 : tensor<i1>
    }) : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_0 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.subtract %cst_0, %cst_1 : tensor<f32>
    %6 = stablehlo.multiply %arg1, %5 : tensor<f32>
    %7 = stablehlo.floor %6 : tensor<f32>
    %8 = stablehlo.ceil %6 : tensor<f32>
    %cst_2 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %9 = stablehlo.subtract %cst_2, %cst_3 : tensor<f32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.clamp %cst_4, %7, %9 : tensor<f32>
    %cst_5 = stablehlo.constant dense<7.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.subtract %cst_5, %cst_6 : tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.clamp %cst_7, %8, %11 : tensor<f32>
    %13 = stablehlo.convert %10 : (tensor<f32>) -> tensor<i32>
    %14 = stablehlo.convert %12 : (tensor<f32>) -> tensor<i32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %16 = "stablehlo.gather"(%4, %15) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 5, 1>}> : (tensor<5x7xf32>, tensor<1xi32>) -> tensor<5xf32>
    %17 = stablehlo.broadcast_in_dim %14, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.gather"(%4, %17) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1]>, indices_are_sorted = false, slice_sizes = array<i64: 5, 1>}> : (tensor<5x7xf32>, tensor<1xi32>) -> tensor<5xf32>
    %19 = stablehlo.add %16, %18 : tensor<5xf32>
    %cst_8 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %21 = stablehlo.multiply %19, %20 : tensor<5xf32>
    return %21 : tensor<5xf32>
  }
  func.func private @_where_11(%arg0: tensor<5x1xi1>, %arg1: tensor<f32>, %arg2: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<5x1xi1>) -> tensor<5x7xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %3 = stablehlo.select %1, %2, %arg2 : tensor<5x7xi1>, tensor<5x7xf32>
    return %3 : tensor<5x7xf32>
  }
  func.func private @percentile(%arg0: tensor<5x7xf32>, %arg1: tensor<f32>) -> tensor<7xf32> {
    %cst = stablehlo.constant dense<1.000000e+02> : tensor<f32>
    %0 = stablehlo.divide %arg1, %cst : tensor<f32>
    %1 = call @quantile_12(%arg0, %0) : (tensor<5x7xf32>, tensor<f32>) -> tensor<7xf32>
    return %1 : tensor<7xf32>
  }
  func.func private @quantile_12(%arg0: tensor<5x7xf32>, %arg1: tensor<f32>) -> tensor<7xf32> {
    %0 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<5x7xi1>, tensor<i1>) -> tensor<7xi1>
    %2 = stablehlo.broadcast_in_dim %1, dims = [1] : (tensor<7xi1>) -> tensor<1x7xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %3 = call @_where_13(%2, %cst, %arg0) : (tensor<1x7xi1>, tensor<f32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %4 = "stablehlo.sort"(%3) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.compare EQ, %arg2, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %27 = stablehlo.select %26, %cst_10, %arg2 : tensor<i1>, tensor<f32>
      %28 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %29 = stablehlo.select %28, %cst_11, %27 : tensor<i1>, tensor<f32>
      %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = stablehlo.compare EQ, %arg3, %cst_12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %31 = stablehlo.select %30, %cst_13, %arg3 : tensor<i1>, tensor<f32>
      %32 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_14 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %33 = stablehlo.select %32, %cst_14, %31 : tensor<i1>, tensor<f32>
      %34 = stablehlo.compare LT, %29, %33, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %34 : tensor<i1>
    }) : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %cst_0 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.subtract %cst_0, %cst_1 : tensor<f32>
    %6 = stablehlo.multiply %arg1, %5 : tensor<f32>
    %7 = stablehlo.floor %6 : tensor<f32>
    %8 = stablehlo.ceil %6 : tensor<f32>
    %9 = stablehlo.subtract %6, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.subtract %cst_3, %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.clamp %cst_5, %7, %11 : tensor<f32>
    %cst_6 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %13 = stablehlo.subtract %cst_6, %cst_7 : tensor<f32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.clamp %cst_8, %8, %13 : tensor<f32>
    %15 = stablehlo.convert %12 : (tensor<f32>) -> tensor<i32>
    %16 = stablehlo.convert %14 : (tensor<f32>) -> tensor<i32>
    %17 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %18 = "stablehlo.gather"(%4, %17) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7>}> : (tensor<5x7xf32>, tensor<1xi32>) -> tensor<7xf32>
    %19 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %20 = "stablehlo.gather"(%4, %19) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7>}> : (tensor<5x7xf32>, tensor<1xi32>) -> tensor<7xf32>
    %21 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %22 = stablehlo.multiply %18, %21 : tensor<7xf32>
    %23 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %24 = stablehlo.multiply %20, %23 : tensor<7xf32>
    %25 = stablehlo.add %22, %24 : tensor<7xf32>
    return %25 : tensor<7xf32>
  }
  func.func private @_where_13(%arg0: tensor<1x7xi1>, %arg1: tensor<f32>, %arg2: tensor<5x7xf32>) -> tensor<5x7xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x7xi1>) -> tensor<5x7xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %3 = stablehlo.select %1, %2, %arg2 : tensor<5x7xi1>, tensor<5x7xf32>
    return %3 : tensor<5x7xf32>
  }
  func.func private @quantile_14(%arg0: tensor<5x7xf32>, %arg1: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.reshape %arg0 : (tensor<5x7xf32>) -> tensor<35xf32>
    %1 = stablehlo.compare NE, %0, %0, FLOAT : (tensor<35xf32>, tensor<35xf32>) -> tensor<35xi1>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %2 = stablehlo.reduce(%1 init: %c) applies stablehlo.or across dimensions = [0] : (tensor<35xi1>, tensor<i1>) -> tensor<i1>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %4 = call @_where_15(%3, %cst, %0) : (tensor<1xi1>, tensor<f32>, tensor<35xf32>) -> tensor<35xf32>
    %5 = "stablehlo.sort"(%4) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %25 = stablehlo.compare EQ, %arg2, %cst_9, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %26 = stablehlo.select %25, %cst_10, %arg2 : tensor<i1>, tensor<f32>
      %27 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_11 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %28 = stablehlo.select %27, %cst_11, %26 : tensor<i1>, tensor<f32>
      %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %29 = stablehlo.compare EQ, %arg3, %cst_12, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %30 = stablehlo.select %29, %cst_13, %arg3 : tensor<i1>, tensor<f32>
      %31 = stablehlo.compare NE, %arg3, %arg3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_14 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %32 = stablehlo.select %31, %cst_14, %30 : tensor<i1>, tensor<f32>
      %33 = stablehlo.compare LT, %28, %32, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %33 : tensor<i1>
    }) : (tensor<35xf32>) -> tensor<35xf32>
    %cst_0 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.subtract %cst_0, %cst_1 : tensor<f32>
    %7 = stablehlo.multiply %arg1, %6 : tensor<f32>
    %8 = stablehlo.floor %7 : tensor<f32>
    %9 = stablehlo.ceil %7 : tensor<f32>
    %10 = stablehlo.subtract %7, %8 : tensor<f32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.subtract %cst_2, %10 : tensor<f32>
    %cst_3 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.subtract %cst_3, %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.clamp %cst_5, %8, %12 : tensor<f32>
    %cst_6 = stablehlo.constant dense<3.500000e+01> : tensor<f32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.subtract %cst_6, %cst_7 : tensor<f32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.clamp %cst_8, %9, %14 : tensor<f32>
    %16 = stablehlo.convert %13 : (tensor<f32>) -> tensor<i32>
    %17 = stablehlo.convert %15 : (tensor<f32>) -> tensor<i32>
    %18 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %19 = "stablehlo.gather"(%5, %18) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<35xf32>, tensor<1xi32>) -> tensor<f32>
    %20 = stablehlo.broadcast_in_dim %17, dims = [] : (tensor<i32>) -> tensor<1xi32>
    %21 = "stablehlo.gather"(%5, %20) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0], start_index_map = [0]>, indices_are_sorted = false, slice_sizes = array<i64: 1>}> : (tensor<35xf32>, tensor<1xi32>) -> tensor<f32>
    %22 = stablehlo.multiply %19, %11 : tensor<f32>
    %23 = stablehlo.multiply %21, %10 : tensor<f32>
    %24 = stablehlo.add %22, %23 : tensor<f32>
    return %24 : tensor<f32>
  }
  func.func private @_where_15(%arg0: tensor<1xi1>, %arg1: tensor<f32>, %arg2: tensor<35xf32>) -> tensor<35xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0] : (tensor<1xi1>) -> tensor<35xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<35xf32>
    %3 = stablehlo.select %1, %2, %arg2 : tensor<35xi1>, tensor<35xf32>
    return %3 : tensor<35xf32>
  }
}
