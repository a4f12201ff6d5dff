module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<8x3xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, %arg1: tensor<4xi32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> (tensor<8x3xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<8x3xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}, tensor<4xi32> {jax.result_info = "result[2]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<4xi32> {jax.result_info = "result[3]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) {
    %0:4 = sdy.manual_computation(%arg0, %arg1) in_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}, {}]>, <@mesh, [{"x"}, {}]>, <@mesh, [{"x"}]>, <@mesh, [{"x"}]>] manual_axes={"x"} (%arg2: tensor<2x3xf32>, %arg3: tensor<1xi32>) {
      %1 = "stablehlo.collective_permute"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %2 = "stablehlo.collective_permute"(%arg2) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2], [2, 0]]> : tensor<2x2xi64>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %3 = "stablehlo.collective_permute"(%arg3) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 3], [1, 2], [2, 1], [3, 0]]> : tensor<4x2xi64>}> : (tensor<1xi32>) -> tensor<1xi32>
      %c = stablehlo.constant dense<1> : tensor<ui32>
      %c_0 = stablehlo.constant dense<4> : tensor<ui32>
      %4 = stablehlo.partition_id : tensor<ui32>
      %5 = stablehlo.divide %4, %c : tensor<ui32>
      %6 = stablehlo.remainder %5, %c_0 : tensor<ui32>
      %7 = stablehlo.convert %6 : (tensor<ui32>) -> tensor<i32>
      %8 = stablehlo.reshape %7 : (tensor<i32>) -> tensor<1xi32>
      sdy.return %1, %2, %3, %8 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xi32>, tensor<1xi32>
    } : (tensor<8x3xf32>, tensor<4xi32>) -> (tensor<8x3xf32>, tensor<8x3xf32>, tensor<4xi32>, tensor<4xi32>)
    return %0#0, %0#1, %0#2, %0#3 : tensor<8x3xf32>, tensor<8x3xf32>, tensor<4xi32>, tensor<4xi32>
  }
}
