module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<4x8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) -> (tensor<8x3xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<1x8x3xf32>) {
      %1 = stablehlo.reshape %arg1 : (tensor<1x8x3xf32>) -> tensor<8x3xf32>
      %2 = "stablehlo.reduce_scatter"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<8x3xf32>) -> tensor<2x3xf32>
      %3 = stablehlo.reshape %1 : (tensor<8x3xf32>) -> tensor<4x2x3xf32>
      %4 = "stablehlo.reduce_scatter"(%3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, scatter_dimension = 0 : i64, use_global_device_ids}> ({
      ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
        %6 = stablehlo.add %arg2, %arg3 : tensor<f32>
        stablehlo.return %6 : tensor<f32>
      }) : (tensor<4x2x3xf32>) -> tensor<1x2x3xf32>
      %5 = stablehlo.reshape %4 : (tensor<1x2x3xf32>) -> tensor<2x3xf32>
      sdy.return %2, %5 : tensor<2x3xf32>, tensor<2x3xf32>
    } : (tensor<4x8x3xf32>) -> (tensor<8x3xf32>, tensor<8x3xf32>)
    return %0#0, %0#1 : tensor<8x3xf32>, tensor<8x3xf32>
  }
}
