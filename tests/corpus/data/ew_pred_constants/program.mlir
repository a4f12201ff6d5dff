module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<17xf32>) -> (tensor<2xf32> {jax.result_info = "result[0]"}, tensor<2xf32> {jax.result_info = "result[1]"}, tensor<2xf32> {jax.result_info = "result[2]"}, tensor<3xf32> {jax.result_info = "result[3]"}, tensor<8xf32> {jax.result_info = "result[4]"}, tensor<8xf32> {jax.result_info = "result[5]"}, tensor<9xf32> {jax.result_info = "result[6]"}, tensor<9xf32> {jax.result_info = "result[7]"}, tensor<17xf32> {jax.result_info = "result[8]"}, tensor<f32> {jax.result_info = "result[9]"}, tensor<f32> {jax.result_info = "result[10]"}) {
    %c = stablehlo.constant dense<[true, false]> : tensor<2xi1>
    %c_0 = stablehlo.constant dense<true> : tensor<2xi1>
    %c_1 = stablehlo.constant dense<false> : tensor<2xi1>
    %c_2 = stablehlo.constant dense<[false, true, true]> : tensor<3xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<8xi1>
    %c_4 = stablehlo.constant dense<[false, false, false, false, false, false, false, true]> : tensor<8xi1>
    %c_5 = stablehlo.constant dense<true> : tensor<9xi1>
    %c_6 = stablehlo.constant dense<[false, false, false, false, false, false, false, false, true]> : tensor<9xi1>
    %c_7 = stablehlo.constant dense<[true, false, false, true, false, false, true, false, false, true, false, false, true, false, false, true, false]> : tensor<17xi1>
    %0 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %1 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %2 = stablehlo.negate %1 : tensor<2xf32>
    %3 = call @_where(%c, %0, %2) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %4 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %5 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %6 = stablehlo.negate %5 : tensor<2xf32>
    %7 = call @_where(%c_0, %4, %6) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %8 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %9 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %10 = stablehlo.negate %9 : tensor<2xf32>
    %11 = call @_where(%c_1, %8, %10) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %12 = stablehlo.slice %arg0 [0:3] : (tensor<17xf32>) -> tensor<3xf32>
    %13 = stablehlo.slice %arg0 [0:3] : (tensor<17xf32>) -> tensor<3xf32>
    %14 = stablehlo.negate %13 : tensor<3xf32>
    %15 = call @_where_0(%c_2, %12, %14) : (tensor<3xi1>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %16 = stablehlo.slice %arg0 [0:8] : (tensor<17xf32>) -> tensor<8xf32>
    %17 = stablehlo.slice %arg0 [0:8] : (tensor<17xf32>) -> tensor<8xf32>
    %18 = stablehlo.negate %17 : tensor<8xf32>
    %19 = call @_where_1(%c_3, %16, %18) : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %20 = stablehlo.slice %arg0 [0:8] : (tensor<17xf32>) -> tensor<8xf32>
    %21 = stablehlo.slice %arg0 [0:8] : (tensor<17xf32>) -> tensor<8xf32>
    %22 = stablehlo.negate %21 : tensor<8xf32>
    %23 = call @_where_1(%c_4, %20, %22) : (tensor<8xi1>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %24 = stablehlo.slice %arg0 [0:9] : (tensor<17xf32>) -> tensor<9xf32>
    %25 = stablehlo.slice %arg0 [0:9] : (tensor<17xf32>) -> tensor<9xf32>
    %26 = stablehlo.negate %25 : tensor<9xf32>
    %27 = call @_where_2(%c_5, %24, %26) : (tensor<9xi1>, tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
    %28 = stablehlo.slice %arg0 [0:9] : (tensor<17xf32>) -> tensor<9xf32>
    %29 = stablehlo.slice %arg0 [0:9] : (tensor<17xf32>) -> tensor<9xf32>
    %30 = stablehlo.negate %29 : tensor<9xf32>
    %31 = call @_where_2(%c_6, %28, %30) : (tensor<9xi1>, tensor<9xf32>, tensor<9xf32>) -> tensor<9xf32>
    %32 = stablehlo.negate %arg0 : tensor<17xf32>
    %33 = call @_where_3(%c_7, %arg0, %32) : (tensor<17xi1>, tensor<17xf32>, tensor<17xf32>) -> tensor<17xf32>
    %34 = stablehlo.slice %arg0 [0:8] : (tensor<17xf32>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = call @_where_4(%c_4, %34, %cst) : (tensor<8xi1>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%35 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
    %37 = stablehlo.slice %arg0 [0:2] : (tensor<17xf32>) -> tensor<2xf32>
    %cst_9 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %38 = call @_where_5(%c, %37, %cst_9) : (tensor<2xi1>, tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_10) applies stablehlo.maximum across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %cst_11 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %40 = stablehlo.maximum %cst_11, %39 : tensor<f32>
    return %3, %7, %11, %15, %19, %23, %27, %31, %33, %36, %40 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xf32>, tensor<8xf32>, tensor<8xf32>, tensor<9xf32>, tensor<9xf32>, tensor<17xf32>, tensor<f32>, tensor<f32>
  }
  func.func private @_where(%arg0: tensor<2xi1>, %arg1: tensor<2xf32>, %arg2: tensor<2xf32>) -> tensor<2xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<2xi1>, tensor<2xf32>
    return %0 : tensor<2xf32>
  }
  func.func private @_where_0(%arg0: tensor<3xi1>, %arg1: tensor<3xf32>, %arg2: tensor<3xf32>) -> tensor<3xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<3xi1>, tensor<3xf32>
    return %0 : tensor<3xf32>
  }
  func.func private @_where_1(%arg0: tensor<8xi1>, %arg1: tensor<8xf32>, %arg2: tensor<8xf32>) -> tensor<8xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<8xi1>, tensor<8xf32>
    return %0 : tensor<8xf32>
  }
  func.func private @_where_2(%arg0: tensor<9xi1>, %arg1: tensor<9xf32>, %arg2: tensor<9xf32>) -> tensor<9xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<9xi1>, tensor<9xf32>
    return %0 : tensor<9xf32>
  }
  func.func private @_where_3(%arg0: tensor<17xi1>, %arg1: tensor<17xf32>, %arg2: tensor<17xf32>) -> tensor<17xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<17xi1>, tensor<17xf32>
    return %0 : tensor<17xf32>
  }
  func.func private @_where_4(%arg0: tensor<8xi1>, %arg1: tensor<8xf32>, %arg2: tensor<f32>) -> tensor<8xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<8xi1>, tensor<8xf32>
    return %1 : tensor<8xf32>
  }
  func.func private @_where_5(%arg0: tensor<2xi1>, %arg1: tensor<2xf32>, %arg2: tensor<f32>) -> tensor<2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<2xi1>, tensor<2xf32>
    return %1 : tensor<2xf32>
  }
}
