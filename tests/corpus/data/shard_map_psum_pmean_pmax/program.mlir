module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4x5xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<2x3xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<2x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<2x3xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<1x5xi32> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<1x5xi32> {jax.result_info = "result[4]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0:5 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{}, {}]>] manual_axes={"x"} (%arg2: tensor<2x3xf32>, %arg3: tensor<1x5xi32>) {
      %1 = "stablehlo.all_reduce"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %8 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %2 = "stablehlo.all_reduce"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %8 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %8 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
      %4 = stablehlo.divide %2, %3 : tensor<2x3xf32>
      %5 = "stablehlo.all_reduce"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %8 = stablehlo.maximum %arg4, %arg5 : tensor<f32>
        stablehlo.return %8 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %6 = "stablehlo.all_reduce"(%arg3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
        %8 = stablehlo.minimum %arg4, %arg5 : tensor<i32>
        stablehlo.return %8 : tensor<i32>
      }) : (tensor<1x5xi32>) -> tensor<1x5xi32>
      %7 = "stablehlo.all_reduce"(%arg3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>):
        %8 = stablehlo.add %arg4, %arg5 : tensor<i32>
        stablehlo.return %8 : tensor<i32>
      }) : (tensor<1x5xi32>) -> tensor<1x5xi32>
      sdy.return %1, %4, %5, %6, %7 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x5xi32>, tensor<1x5xi32>
    } : (tensor<8x3xf32>, tensor<4x5xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x5xi32>, tensor<1x5xi32>)
    return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x5xi32>, tensor<1x5xi32>
  }
}
