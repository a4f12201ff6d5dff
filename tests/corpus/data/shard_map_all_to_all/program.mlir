module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<16x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<4x16xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<16x1x4xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}, {}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}, {}]>] manual_axes={"x"} (%arg1: tensor<4x4xf32>) {
      %1 = "stablehlo.all_to_all"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 1 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<1x16xf32>
      %2 = stablehlo.reshape %arg1 : (tensor<4x4xf32>) -> tensor<4x1x4xf32>
      %3 = "stablehlo.all_to_all"(%2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, concat_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, split_count = 4 : i64, split_dimension = 0 : i64}> : (tensor<4x1x4xf32>) -> tensor<4x1x4xf32>
      sdy.return %1, %3 : tensor<1x16xf32>, tensor<4x1x4xf32>
    } : (tensor<16x4xf32>) -> (tensor<4x16xf32>, tensor<16x1x4xf32>)
    return %0#0, %0#1 : tensor<4x16xf32>, tensor<16x1x4xf32>
  }
}
