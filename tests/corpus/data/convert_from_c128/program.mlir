module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xcomplex<f64>>) -> (tensor<12xcomplex<f32>> {jax.result_info = "result[0]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xcomplex<f32>>
    return %0 : tensor<12xcomplex<f32>>
  }
}
