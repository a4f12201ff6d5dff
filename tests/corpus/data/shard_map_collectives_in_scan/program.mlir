module @jit_body attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @mesh = <["x"=4]> {stablehlo.mesh = {axes = [{name = "x", size = 4 : i64}]}}
  func.func public @main(%arg0: tensor<5x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) -> (tensor<8xf32> {jax.result_info = "result[0]", sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}, tensor<5x8xf32> {jax.result_info = "result[1]", sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}]>}) {
    %0:2 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{}, {"x"}]>] out_shardings=[<@mesh, [{"x"}]>, <@mesh, [{}, {"x"}]>] manual_axes={"x"} (%arg1: tensor<5x2xf32>) {
      %1 = stablehlo.slice %arg1 [0:1, 0:2] : (tensor<5x2xf32>) -> tensor<1x2xf32>
      %2 = stablehlo.reshape %1 : (tensor<1x2xf32>) -> tensor<2xf32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
      %4 = stablehlo.multiply %2, %3 : tensor<2xf32>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x2xf32>
      %c = stablehlo.constant dense<0> : tensor<i32>
      %6:4 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %c, %iterArg_2 = %4, %iterArg_3 = %5) : tensor<5x2xf32>, tensor<i32>, tensor<2xf32>, tensor<5x2xf32>
      cond {
        %c_4 = stablehlo.constant dense<5> : tensor<i32>
        %7 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %7 : tensor<i1>
      } do {
        %7 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_1) : (tensor<5x2xf32>, tensor<i32>) -> tensor<2xf32>
        %8:2 = func.call @closed_call(%iterArg_2, %7) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
        %9 = func.call @dynamic_update_index_in_dim(%iterArg_3, %8#1, %iterArg_1) : (tensor<5x2xf32>, tensor<2xf32>, tensor<i32>) -> tensor<5x2xf32>
        %c_4 = stablehlo.constant dense<1> : tensor<i32>
        %10 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
        stablehlo.return %iterArg, %10, %8#0, %9 : tensor<5x2xf32>, tensor<i32>, tensor<2xf32>, tensor<5x2xf32>
      }
      sdy.return %6#2, %6#3 : tensor<2xf32>, tensor<5x2xf32>
    } : (tensor<5x8xf32>) -> (tensor<8xf32>, tensor<5x8xf32>)
    return %0#0, %0#1 : tensor<8xf32>, tensor<5x8xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<5x2xf32>, %arg1: tensor<i32>) -> tensor<2xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, sizes = [1, 2] : (tensor<5x2xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2xf32>) -> tensor<2xf32>
    return %1 : tensor<2xf32>
  }
  func.func private @closed_call(%arg0: tensor<2xf32>, %arg1: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
    %0 = "stablehlo.all_reduce"(%arg1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>, use_global_device_ids}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %3 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %3 : tensor<f32>
    }) : (tensor<2xf32>) -> tensor<2xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<2xf32>
    %2 = "stablehlo.collective_permute"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}> : (tensor<2xf32>) -> tensor<2xf32>
    return %1, %2 : tensor<2xf32>, tensor<2xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<5x2xf32>, %arg1: tensor<2xf32>, %arg2: tensor<i32>) -> tensor<5x2xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c : (tensor<5x2xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x2xf32>
    return %1 : tensor<5x2xf32>
  }
}
