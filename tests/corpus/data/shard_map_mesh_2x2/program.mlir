module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=2, "y"=2]> {stablehlo.mesh = {axes = [{name = "x", size = 2 : i64}, {name = "y", size = 2 : i64}]}}
  func.func public @main(%arg0: tensor<4x6xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) -> (tensor<2x6xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {"y"}]>}, tensor<4x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<2x3xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x6xf32> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4x6xf32> {jax.result_info = "result[4]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}) {
    %0:5 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{}, {"y"}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {"y"}]>] manual_axes={"x", "y"} (%arg1: tensor<2x3xf32>) {
      %1 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 2], [1, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %2 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %3 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %4 = "stablehlo.all_gather"(%arg1) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> : (tensor<2x3xf32>) -> tensor<2x6xf32>
      %5 = "stablehlo.collective_permute"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2], [2, 0], [1, 3], [3, 1]]> : tensor<4x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      sdy.return %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x6xf32>, tensor<2x3xf32>
    } : (tensor<4x6xf32>) -> (tensor<2x6xf32>, tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<4x6xf32>)
    return %0#0, %0#1, %0#2, %0#3, %0#4 : tensor<2x6xf32>, tensor<4x3xf32>, tensor<2x3xf32>, tensor<4x6xf32>, tensor<4x6xf32>
  }
}
