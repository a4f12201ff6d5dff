module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x7x3xf32>, %arg1: tensor<5xi32>, %arg2: tensor<2x2xi32>) -> (tensor<5x7x3xf32> {jax.result_info = "result[0]"}, tensor<6x5x3xf32> {jax.result_info = "result[1]"}, tensor<5x3xf32> {jax.result_info = "result[2]"}, tensor<2x2x7x3xf32> {jax.result_info = "result[3]"}, tensor<2x3xf32> {jax.result_info = "result[4]"}, tensor<6x2x2xf32> {jax.result_info = "result[5]"}, tensor<6x5x3xf32> {jax.result_info = "result[6]"}, tensor<7x3xf32> {jax.result_info = "result[7]"}, tensor<6x7xf32> {jax.result_info = "result[8]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<5xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<5xi1>, tensor<5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7, 3>}> : (tensor<6x7x3xf32>, tensor<5x1xi32>) -> tensor<5x7x3xf32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %8 = stablehlo.compare LT, %arg1, %7, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_2 = stablehlo.constant dense<7> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %10 = stablehlo.add %arg1, %9 : tensor<5xi32>
    %11 = stablehlo.select %8, %10, %arg1 : tensor<5xi1>, tensor<5xi32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %13 = "stablehlo.gather"(%arg0, %12) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 6, 1, 3>}> : (tensor<6x7x3xf32>, tensor<5x1xi32>) -> tensor<6x5x3xf32>
    %14 = stablehlo.slice %arg2 [0:1, 0:1] : (tensor<2x2xi32>) -> tensor<1x1xi32>
    %15 = stablehlo.reshape %14 : (tensor<1x1xi32>) -> tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %17 = stablehlo.compare LT, %arg1, %16, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %18 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %19 = stablehlo.add %arg1, %18 : tensor<5xi32>
    %20 = stablehlo.select %17, %19, %arg1 : tensor<5xi1>, tensor<5xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %21 = stablehlo.compare LT, %15, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_6 = stablehlo.constant dense<7> : tensor<i32>
    %22 = stablehlo.add %15, %c_6 : tensor<i32>
    %23 = stablehlo.select %21, %22, %15 : tensor<i1>, tensor<i32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %25 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %26 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %27 = stablehlo.concatenate %25, %26, dim = 1 : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x2xi32>
    %28 = "stablehlo.gather"(%arg0, %27) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<6x7x3xf32>, tensor<5x2xi32>) -> tensor<5x3xf32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %30 = stablehlo.compare LT, %arg2, %29, SIGNED : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi1>
    %c_8 = stablehlo.constant dense<6> : tensor<i32>
    %31 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %32 = stablehlo.add %arg2, %31 : tensor<2x2xi32>
    %33 = stablehlo.select %30, %32, %arg2 : tensor<2x2xi1>, tensor<2x2xi32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<2x2xi32>) -> tensor<2x2x1xi32>
    %35 = "stablehlo.gather"(%arg0, %34) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 3], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 7, 3>}> : (tensor<6x7x3xf32>, tensor<2x2x1xi32>) -> tensor<2x2x7x3xf32>
    %36 = stablehlo.slice %arg1 [0:2] : (tensor<5xi32>) -> tensor<2xi32>
    %37 = stablehlo.slice %arg1 [2:4] : (tensor<5xi32>) -> tensor<2xi32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %38 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %39 = stablehlo.compare LT, %36, %38, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_10 = stablehlo.constant dense<6> : tensor<i32>
    %40 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %41 = stablehlo.add %36, %40 : tensor<2xi32>
    %42 = stablehlo.select %39, %41, %36 : tensor<2xi1>, tensor<2xi32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %43 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %44 = stablehlo.compare LT, %37, %43, SIGNED : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
    %c_12 = stablehlo.constant dense<7> : tensor<i32>
    %45 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<2xi32>
    %46 = stablehlo.add %37, %45 : tensor<2xi32>
    %47 = stablehlo.select %44, %46, %37 : tensor<2xi1>, tensor<2xi32>
    %48 = stablehlo.broadcast_in_dim %42, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %49 = stablehlo.broadcast_in_dim %47, dims = [0] : (tensor<2xi32>) -> tensor<2x1xi32>
    %50 = stablehlo.concatenate %48, %49, dim = 1 : (tensor<2x1xi32>, tensor<2x1xi32>) -> tensor<2x2xi32>
    %51 = "stablehlo.gather"(%arg0, %50) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>}> : (tensor<6x7x3xf32>, tensor<2x2xi32>) -> tensor<2x3xf32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %52 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %53 = stablehlo.compare LT, %arg2, %52, SIGNED : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi1>
    %c_14 = stablehlo.constant dense<7> : tensor<i32>
    %54 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %55 = stablehlo.add %arg2, %54 : tensor<2x2xi32>
    %56 = stablehlo.select %53, %55, %arg2 : tensor<2x2xi1>, tensor<2x2xi32>
    %c_15 = stablehlo.constant dense<1> : tensor<i32>
    %57 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<2x2xi32>
    %58 = stablehlo.convert %57 : tensor<2x2xi32>
    %59 = stablehlo.broadcast_in_dim %56, dims = [0, 1] : (tensor<2x2xi32>) -> tensor<2x2x1xi32>
    %60 = stablehlo.broadcast_in_dim %58, dims = [0, 1] : (tensor<2x2xi32>) -> tensor<2x2x1xi32>
    %61 = stablehlo.concatenate %59, %60, dim = 2 : (tensor<2x2x1xi32>, tensor<2x2x1xi32>) -> tensor<2x2x2xi32>
    %62 = "stablehlo.gather"(%arg0, %61) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1, 2], start_index_map = [1, 2], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 6, 1, 1>}> : (tensor<6x7x3xf32>, tensor<2x2x2xi32>) -> tensor<6x2x2xf32>
    %63 = call @_take(%arg0, %arg1) : (tensor<6x7x3xf32>, tensor<5xi32>) -> tensor<6x5x3xf32>
    %64 = stablehlo.slice %arg1 [0:1] : (tensor<5xi32>) -> tensor<1xi32>
    %65 = stablehlo.reshape %64 : (tensor<1xi32>) -> tensor<i32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %66 = stablehlo.compare LT, %65, %c_16, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_17 = stablehlo.constant dense<6> : tensor<i32>
    %67 = stablehlo.add %65, %c_17 : tensor<i32>
    %68 = stablehlo.select %66, %67, %65 : tensor<i1>, tensor<i32>
    %c_18 = stablehlo.constant dense<0> : tensor<i32>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %69 = stablehlo.compare LT, %c_18, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %c_21 = stablehlo.constant dense<7> : tensor<i32>
    %70 = stablehlo.add %c_20, %c_21 : tensor<i32>
    %c_22 = stablehlo.constant dense<0> : tensor<i32>
    %71 = stablehlo.select %69, %70, %c_22 : tensor<i1>, tensor<i32>
    %c_23 = stablehlo.constant dense<0> : tensor<i32>
    %c_24 = stablehlo.constant dense<0> : tensor<i32>
    %72 = stablehlo.compare LT, %c_23, %c_24, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_25 = stablehlo.constant dense<0> : tensor<i32>
    %c_26 = stablehlo.constant dense<3> : tensor<i32>
    %73 = stablehlo.add %c_25, %c_26 : tensor<i32>
    %c_27 = stablehlo.constant dense<0> : tensor<i32>
    %74 = stablehlo.select %72, %73, %c_27 : tensor<i1>, tensor<i32>
    %75 = stablehlo.dynamic_slice %arg0, %68, %71, %74, sizes = [1, 7, 3] : (tensor<6x7x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x7x3xf32>
    %76 = stablehlo.reshape %75 : (tensor<1x7x3xf32>) -> tensor<7x3xf32>
    %77 = stablehlo.slice %arg1 [1:2] : (tensor<5xi32>) -> tensor<1xi32>
    %78 = stablehlo.reshape %77 : (tensor<1xi32>) -> tensor<i32>
    %c_28 = stablehlo.constant dense<3> : tensor<i32>
    %79 = call @remainder(%78, %c_28) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    %c_29 = stablehlo.constant dense<0> : tensor<i32>
    %c_30 = stablehlo.constant dense<0> : tensor<i32>
    %80 = stablehlo.compare LT, %c_29, %c_30, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_31 = stablehlo.constant dense<0> : tensor<i32>
    %c_32 = stablehlo.constant dense<6> : tensor<i32>
    %81 = stablehlo.add %c_31, %c_32 : tensor<i32>
    %c_33 = stablehlo.constant dense<0> : tensor<i32>
    %82 = stablehlo.select %80, %81, %c_33 : tensor<i1>, tensor<i32>
    %c_34 = stablehlo.constant dense<0> : tensor<i32>
    %c_35 = stablehlo.constant dense<0> : tensor<i32>
    %83 = stablehlo.compare LT, %c_34, %c_35, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_36 = stablehlo.constant dense<0> : tensor<i32>
    %c_37 = stablehlo.constant dense<7> : tensor<i32>
    %84 = stablehlo.add %c_36, %c_37 : tensor<i32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %85 = stablehlo.select %83, %84, %c_38 : tensor<i1>, tensor<i32>
    %c_39 = stablehlo.constant dense<0> : tensor<i32>
    %86 = stablehlo.compare LT, %79, %c_39, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_40 = stablehlo.constant dense<3> : tensor<i32>
    %87 = stablehlo.add %79, %c_40 : tensor<i32>
    %88 = stablehlo.select %86, %87, %79 : tensor<i1>, tensor<i32>
    %89 = stablehlo.dynamic_slice %arg0, %82, %85, %88, sizes = [6, 7, 1] : (tensor<6x7x3xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<6x7x1xf32>
    %90 = stablehlo.reshape %89 : (tensor<6x7x1xf32>) -> tensor<6x7xf32>
    return %6, %13, %28, %35, %51, %62, %63, %76, %90 : tensor<5x7x3xf32>, tensor<6x5x3xf32>, tensor<5x3xf32>, tensor<2x2x7x3xf32>, tensor<2x3xf32>, tensor<6x2x2xf32>, tensor<6x5x3xf32>, tensor<7x3xf32>, tensor<6x7xf32>
  }
  func.func private @_take(%arg0: tensor<6x7x3xf32>, %arg1: tensor<5xi32>) -> tensor<6x5x3xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
    %c_0 = stablehlo.constant dense<7> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<5xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<5xi32>
    %4 = call @_where(%1, %3, %arg1) : (tensor<5xi1>, tensor<5xi32>, tensor<5xi32>) -> tensor<5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<5xi32>) -> tensor<5x1xi32>
    %c_1 = stablehlo.constant dense<6> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<5x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [1] : (tensor<1xi32>) -> tensor<1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x1xi32>) -> tensor<5x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<5x1xi32>, tensor<5x1xi32>) -> tensor<5x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<5x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [1] : (tensor<5x1xi1>, tensor<i1>) -> tensor<5xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [0, 2], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 6, 1, 3>}> : (tensor<6x7x3xf32>, tensor<5x1xi32>) -> tensor<6x5x3xf32>
    %14 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<5xi1>) -> tensor<6x5x3xi1>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5x3xf32>
    %16 = stablehlo.select %14, %13, %15 : tensor<6x5x3xi1>, tensor<6x5x3xf32>
    return %16 : tensor<6x5x3xf32>
  }
  func.func private @_where(%arg0: tensor<5xi1>, %arg1: tensor<5xi32>, %arg2: tensor<5xi32>) -> tensor<5xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<5xi1>, tensor<5xi32>
    return %0 : tensor<5xi32>
  }
  func.func private @remainder(%arg0: tensor<i32>, %arg1: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.convert %arg1 : tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare EQ, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = call @_where_0(%1, %c_0, %0) : (tensor<i1>, tensor<i32>, tensor<i32>) -> tensor<i32>
    %3 = stablehlo.remainder %arg0, %2 : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare NE, %3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.compare LT, %3, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.compare LT, %2, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %7 = stablehlo.compare NE, %5, %6, UNSIGNED : (tensor<i1>, tensor<i1>) -> tensor<i1>
    %8 = stablehlo.and %7, %4 : tensor<i1>
    %9 = stablehlo.add %3, %2 : tensor<i32>
    %10 = stablehlo.select %8, %9, %3 : tensor<i1>, tensor<i32>
    return %10 : tensor<i32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> tensor<i32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
    return %0 : tensor<i32>
  }
}
