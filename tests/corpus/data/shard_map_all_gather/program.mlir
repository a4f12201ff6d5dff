module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x2xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<3x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8x2xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<4x2x2xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}, {}]>}, tensor<3x8xf32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0:3 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {"x"}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {}, {}]>, <@mesh, [{}, {}]>] manual_axes={"x"} (%arg2: tensor<2x2xf32>, %arg3: tensor<3x2xf32>) {
      %1 = "stablehlo.all_gather"(%arg2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<2x2xf32>) -> tensor<8x2xf32>
      %2 = stablehlo.broadcast_in_dim %arg2, dims = [1, 2] : (tensor<2x2xf32>) -> tensor<1x2x2xf32>
      %3 = "stablehlo.all_gather"(%2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<1x2x2xf32>) -> tensor<4x2x2xf32>
      %4 = "stablehlo.all_gather"(%arg3) <{all_gather_dim = 1 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<3x2xf32>) -> tensor<3x8xf32>
      sdy.return %1, %3, %4 : tensor<8x2xf32>, tensor<4x2x2xf32>, tensor<3x8xf32>
    } : (tensor<8x2xf32>, tensor<3x8xf32>) -> (tensor<8x2xf32>, tensor<4x2x2xf32>, tensor<3x8xf32>)
    return %0#0, %0#1, %0#2 : tensor<8x2xf32>, tensor<4x2x2xf32>, tensor<3x8xf32>
  }
}
