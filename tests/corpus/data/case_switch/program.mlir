module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5xf32>, %arg1: tensor<5xi32>) -> (tensor<5xf32> {jax.result_info = "result[0]"}, tensor<5xf32> {jax.result_info = "result[1]"}, tensor<5xf32> {jax.result_info = "result[2]"}, tensor<5xf32> {jax.result_info = "result[3]"}, tensor<5xf32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.slice %arg1 [0:1] : (tensor<5xi32>) -> tensor<1xi32>
    %1 = stablehlo.reshape %0 : (tensor<1xi32>) -> tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %2 = stablehlo.clamp %c, %1, %c_0 : tensor<i32>
    %3 = "stablehlo.case"(%2) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %21 = stablehlo.add %arg0, %20 : tensor<5xf32>
      stablehlo.return %21 : tensor<5xf32>
    }, {
      %20 = stablehlo.multiply %arg0, %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %20 = stablehlo.negate %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %22 = stablehlo.multiply %21, %arg0 : tensor<5xf32>
      stablehlo.return %22 : tensor<5xf32>
    }) : (tensor<i32>) -> tensor<5xf32>
    %4 = stablehlo.slice %arg1 [1:2] : (tensor<5xi32>) -> tensor<1xi32>
    %5 = stablehlo.reshape %4 : (tensor<1xi32>) -> tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<3> : tensor<i32>
    %6 = stablehlo.clamp %c_1, %5, %c_2 : tensor<i32>
    %7 = "stablehlo.case"(%6) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %21 = stablehlo.add %arg0, %20 : tensor<5xf32>
      stablehlo.return %21 : tensor<5xf32>
    }, {
      %20 = stablehlo.multiply %arg0, %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %20 = stablehlo.negate %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %22 = stablehlo.multiply %21, %arg0 : tensor<5xf32>
      stablehlo.return %22 : tensor<5xf32>
    }) : (tensor<i32>) -> tensor<5xf32>
    %8 = stablehlo.slice %arg1 [2:3] : (tensor<5xi32>) -> tensor<1xi32>
    %9 = stablehlo.reshape %8 : (tensor<1xi32>) -> tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %c_4 = stablehlo.constant dense<3> : tensor<i32>
    %10 = stablehlo.clamp %c_3, %9, %c_4 : tensor<i32>
    %11 = "stablehlo.case"(%10) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %21 = stablehlo.add %arg0, %20 : tensor<5xf32>
      stablehlo.return %21 : tensor<5xf32>
    }, {
      %20 = stablehlo.multiply %arg0, %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %20 = stablehlo.negate %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %22 = stablehlo.multiply %21, %arg0 : tensor<5xf32>
      stablehlo.return %22 : tensor<5xf32>
    }) : (tensor<i32>) -> tensor<5xf32>
    %12 = stablehlo.slice %arg1 [3:4] : (tensor<5xi32>) -> tensor<1xi32>
    %13 = stablehlo.reshape %12 : (tensor<1xi32>) -> tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %c_6 = stablehlo.constant dense<3> : tensor<i32>
    %14 = stablehlo.clamp %c_5, %13, %c_6 : tensor<i32>
    %15 = "stablehlo.case"(%14) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %21 = stablehlo.add %arg0, %20 : tensor<5xf32>
      stablehlo.return %21 : tensor<5xf32>
    }, {
      %20 = stablehlo.multiply %arg0, %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %20 = stablehlo.negate %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %22 = stablehlo.multiply %21, %arg0 : tensor<5xf32>
      stablehlo.return %22 : tensor<5xf32>
    }) : (tensor<i32>) -> tensor<5xf32>
    %16 = stablehlo.slice %arg1 [4:5] : (tensor<5xi32>) -> tensor<1xi32>
    %17 = stablehlo.reshape %16 : (tensor<1xi32>) -> tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %c_8 = stablehlo.constant dense<3> : tensor<i32>
    %18 = stablehlo.clamp %c_7, %17, %c_8 : tensor<i32>
    %19 = "stablehlo.case"(%18) ({
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %21 = stablehlo.add %arg0, %20 : tensor<5xf32>
      stablehlo.return %21 : tensor<5xf32>
    }, {
      %20 = stablehlo.multiply %arg0, %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %20 = stablehlo.negate %arg0 : tensor<5xf32>
      stablehlo.return %20 : tensor<5xf32>
    }, {
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %20 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
      %21 = stablehlo.broadcast_in_dim %20, dims = [] : (tensor<f32>) -> tensor<5xf32>
      %22 = stablehlo.multiply %21, %arg0 : tensor<5xf32>
      stablehlo.return %22 : tensor<5xf32>
    }) : (tensor<i32>) -> tensor<5xf32>
    return %3, %7, %11, %15, %19 : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>
  }
}
