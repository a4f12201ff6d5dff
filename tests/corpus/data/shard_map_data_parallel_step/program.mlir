module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<5x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, %arg1: tensor<16x5xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg2: tensor<16x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<f32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, []>}, tensor<5x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0, %arg1, %arg2) in_shardings=[<@mesh, [{}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, []>, <@mesh, [{}, {}]>] manual_axes={"x"} (%arg3: tensor<5x3xf32>, %arg4: tensor<4x5xf32>, %arg5: tensor<4x3xf32>) {
      %1 = stablehlo.dot_general %arg4, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
      %2 = stablehlo.tanh %1 : tensor<4x3xf32>
      %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
      %4 = stablehlo.subtract %3, %2 : tensor<4x3xf32>
      %5 = stablehlo.subtract %2, %arg5 : tensor<4x3xf32>
      %6 = stablehlo.multiply %5, %5 : tensor<4x3xf32>
      %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
      %8 = stablehlo.multiply %7, %5 : tensor<4x3xf32>
      %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
      %cst_2 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
      %10 = stablehlo.divide %9, %cst_2 : tensor<f32>
      %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %cst_4 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
      %11 = stablehlo.divide %cst_3, %cst_4 : tensor<f32>
      %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
      %13 = stablehlo.multiply %12, %8 : tensor<4x3xf32>
      %14 = stablehlo.multiply %13, %4 : tensor<4x3xf32>
      %15 = stablehlo.multiply %14, %2 : tensor<4x3xf32>
      %16 = stablehlo.add %14, %15 : tensor<4x3xf32>
      %17 = stablehlo.dot_general %16, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
      %18 = stablehlo.transpose %17, dims = [1, 0] : (tensor<3x5xf32>) -> tensor<5x3xf32>
      %19 = "stablehlo.all_reduce"(%18) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
        %27 = stablehlo.add %arg6, %arg7 : tensor<f32>
        stablehlo.return %27 : tensor<f32>
      }) : (tensor<5x3xf32>) -> tensor<5x3xf32>
      %cst_5 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %20 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
      %21 = stablehlo.divide %19, %20 : tensor<5x3xf32>
      %22 = "stablehlo.all_reduce"(%10) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg6: tensor<f32>, %arg7: tensor<f32>):
        %27 = stablehlo.add %arg6, %arg7 : tensor<f32>
        stablehlo.return %27 : tensor<f32>
      }) : (tensor<f32>) -> tensor<f32>
      %cst_6 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %23 = stablehlo.divide %22, %cst_6 : tensor<f32>
      %cst_7 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
      %24 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
      %25 = stablehlo.multiply %24, %21 : tensor<5x3xf32>
      %26 = stablehlo.subtract %arg3, %25 : tensor<5x3xf32>
      sdy.return %23, %26 : tensor<f32>, tensor<5x3xf32>
    } : (tensor<5x3xf32>, tensor<16x5xf32>, tensor<16x3xf32>) -> (tensor<f32>, tensor<5x3xf32>)
    return %0#0, %0#1 : tensor<f32>, tensor<5x3xf32>
  }
}
