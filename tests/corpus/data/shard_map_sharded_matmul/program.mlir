module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x12xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}, %arg1: tensor<12x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<8x4xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}, tensor<32x4xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{}, {"x"}]>, <@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{}, {}]>, <@mesh, [{}, {}]>] manual_axes={"x"} (%arg2: tensor<8x3xf32>, %arg3: tensor<3x4xf32>) {
      %1 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x3xf32>, tensor<3x4xf32>) -> tensor<8x4xf32>
      %2 = "stablehlo.all_reduce"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
      ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
        %5 = stablehlo.add %arg4, %arg5 : tensor<f32>
        stablehlo.return %5 : tensor<f32>
      }) : (tensor<8x4xf32>) -> tensor<8x4xf32>
      %3 = "stablehlo.all_gather"(%1) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> : (tensor<8x4xf32>) -> tensor<32x4xf32>
      %4 = stablehlo.tanh %3 : tensor<32x4xf32>
      sdy.return %2, %4 : tensor<8x4xf32>, tensor<32x4xf32>
    } : (tensor<8x12xf32>, tensor<12x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
    return %0#0, %0#1 : tensor<8x4xf32>, tensor<32x4xf32>
  }
}
