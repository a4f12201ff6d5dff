module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xui8>, %arg1: tensor<8x8xui8>) -> (tensor<8x8xui8> {jax.result_info = "result[0]"}, tensor<8x8xui8> {jax.result_info = "result[1]"}, tensor<8x8xui8> {jax.result_info = "result[2]"}) {
    %c = stablehlo.constant dense<0> : tensor<ui8>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %1 = stablehlo.compare EQ, %arg0, %0, UNSIGNED : (tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xi1>
    %c_0 = stablehlo.constant dense<0> : tensor<ui8>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %3 = stablehlo.compare NE, %arg1, %2, UNSIGNED : (tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xi1>
    %4 = stablehlo.and %1, %3 : tensor<8x8xi1>
    %c_1 = stablehlo.constant dense<0> : tensor<ui8>
    %c_2 = stablehlo.constant dense<1> : tensor<ui8>
    %5 = call @_where(%4, %c_1, %c_2) : (tensor<8x8xi1>, tensor<ui8>, tensor<ui8>) -> tensor<8x8xui8>
    %c_3 = stablehlo.constant dense<1> : tensor<ui8>
    %6 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %7 = stablehlo.and %arg1, %6 : tensor<8x8xui8>
    %8 = stablehlo.multiply %5, %arg0 : tensor<8x8xui8>
    %9 = call @_where_0(%7, %8, %5) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %10 = stablehlo.multiply %arg0, %arg0 : tensor<8x8xui8>
    %c_4 = stablehlo.constant dense<1> : tensor<ui8>
    %11 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %12 = stablehlo.shift_right_logical %arg1, %11 : tensor<8x8xui8>
    %c_5 = stablehlo.constant dense<1> : tensor<ui8>
    %13 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %14 = stablehlo.and %12, %13 : tensor<8x8xui8>
    %15 = stablehlo.multiply %9, %10 : tensor<8x8xui8>
    %16 = call @_where_0(%14, %15, %9) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %17 = stablehlo.multiply %10, %10 : tensor<8x8xui8>
    %c_6 = stablehlo.constant dense<1> : tensor<ui8>
    %18 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %19 = stablehlo.shift_right_logical %12, %18 : tensor<8x8xui8>
    %c_7 = stablehlo.constant dense<1> : tensor<ui8>
    %20 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %21 = stablehlo.and %19, %20 : tensor<8x8xui8>
    %22 = stablehlo.multiply %16, %17 : tensor<8x8xui8>
    %23 = call @_where_0(%21, %22, %16) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %24 = stablehlo.multiply %17, %17 : tensor<8x8xui8>
    %c_8 = stablehlo.constant dense<1> : tensor<ui8>
    %25 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %26 = stablehlo.shift_right_logical %19, %25 : tensor<8x8xui8>
    %c_9 = stablehlo.constant dense<1> : tensor<ui8>
    %27 = stablehlo.broadcast_in_dim %c_9, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %28 = stablehlo.and %26, %27 : tensor<8x8xui8>
    %29 = stablehlo.multiply %23, %24 : tensor<8x8xui8>
    %30 = call @_where_0(%28, %29, %23) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %31 = stablehlo.multiply %24, %24 : tensor<8x8xui8>
    %c_10 = stablehlo.constant dense<1> : tensor<ui8>
    %32 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %33 = stablehlo.shift_right_logical %26, %32 : tensor<8x8xui8>
    %c_11 = stablehlo.constant dense<1> : tensor<ui8>
    %34 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %35 = stablehlo.and %33, %34 : tensor<8x8xui8>
    %36 = stablehlo.multiply %30, %31 : tensor<8x8xui8>
    %37 = call @_where_0(%35, %36, %30) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %38 = stablehlo.multiply %31, %31 : tensor<8x8xui8>
    %c_12 = stablehlo.constant dense<1> : tensor<ui8>
    %39 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %40 = stablehlo.shift_right_logical %33, %39 : tensor<8x8xui8>
    %c_13 = stablehlo.constant dense<1> : tensor<ui8>
    %41 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %42 = stablehlo.and %40, %41 : tensor<8x8xui8>
    %43 = stablehlo.multiply %37, %38 : tensor<8x8xui8>
    %44 = call @_where_0(%42, %43, %37) : (tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xui8>
    %45 = stablehlo.multiply %arg0, %arg0 : tensor<8x8xui8>
    %46 = stablehlo.multiply %45, %arg0 : tensor<8x8xui8>
    %47 = stablehlo.multiply %arg0, %arg0 : tensor<8x8xui8>
    return %44, %46, %47 : tensor<8x8xui8>, tensor<8x8xui8>, tensor<8x8xui8>
  }
  func.func private @_where(%arg0: tensor<8x8xi1>, %arg1: tensor<ui8>, %arg2: tensor<ui8>) -> tensor<8x8xui8> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %2 = stablehlo.select %arg0, %0, %1 : tensor<8x8xi1>, tensor<8x8xui8>
    return %2 : tensor<8x8xui8>
  }
  func.func private @_where_0(%arg0: tensor<8x8xui8>, %arg1: tensor<8x8xui8>, %arg2: tensor<8x8xui8>) -> tensor<8x8xui8> {
    %c = stablehlo.constant dense<0> : tensor<ui8>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui8>) -> tensor<8x8xui8>
    %1 = stablehlo.compare NE, %arg0, %0, UNSIGNED : (tensor<8x8xui8>, tensor<8x8xui8>) -> tensor<8x8xi1>
    %2 = stablehlo.select %1, %arg1, %arg2 : tensor<8x8xi1>, tensor<8x8xui8>
    return %2 : tensor<8x8xui8>
  }
}
