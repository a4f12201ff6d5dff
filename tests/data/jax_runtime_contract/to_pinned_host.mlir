// Contract test program (test_jax_runtime_contract.py): memory kinds as JAX 0.10.2 writes them for pinned_host outputs and inputs.
module @jit_g attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @empty_mesh = <[]> {stablehlo.mesh = {axes = []}}
  func.func public @main(%arg0: tensor<4xf32> {mhlo.memory_kind = "pinned_host", sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}) -> (tensor<4xf32> {jax.result_info = "result", mhlo.memory_kind = "pinned_host", sdy.sharding = #sdy.sharding<@empty_mesh, [{}]>}, tensor<4xf32> {jax.result_info = "other", mhlo.memory_kind = "device"}) {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<4xf32>
    %2 = stablehlo.custom_call @annotate_device_placement(%1) {backend_config = "", has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<4xf32>) -> tensor<4xf32>
    return %2, %1 : tensor<4xf32>, tensor<4xf32>
  }
}
