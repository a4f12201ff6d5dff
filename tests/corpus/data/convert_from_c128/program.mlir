module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xcomplex<f64>>) -> (tensor<12xi1> {jax.result_info = "result[0]"}, tensor<12xi8> {jax.result_info = "result[1]"}, tensor<12xi16> {jax.result_info = "result[2]"}, tensor<12xi32> {jax.result_info = "result[3]"}, tensor<12xui8> {jax.result_info = "result[4]"}, tensor<12xui16> {jax.result_info = "result[5]"}, tensor<12xui32> {jax.result_info = "result[6]"}, tensor<12xf16> {jax.result_info = "result[7]"}, tensor<12xbf16> {jax.result_info = "result[8]"}, tensor<12xf32> {jax.result_info = "result[9]"}, tensor<12xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<12xi64> {jax.result_info = "result[11]"}, tensor<12xui64> {jax.result_info = "result[12]"}, tensor<12xf64> {jax.result_info = "result[13]"}) {
    %0 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<12xf64>
    %2 = stablehlo.compare NE, %0, %1, FLOAT : (tensor<12xf64>, tensor<12xf64>) -> tensor<12xi1>
    %3 = stablehlo.convert %2 : tensor<12xi1>
    %4 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %5 = stablehlo.convert %4 : (tensor<12xf64>) -> tensor<12xi8>
    %6 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %7 = stablehlo.convert %6 : (tensor<12xf64>) -> tensor<12xi16>
    %8 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %9 = stablehlo.convert %8 : (tensor<12xf64>) -> tensor<12xi32>
    %10 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %11 = stablehlo.convert %10 : (tensor<12xf64>) -> tensor<12xui8>
    %12 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %13 = stablehlo.convert %12 : (tensor<12xf64>) -> tensor<12xui16>
    %14 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %15 = stablehlo.convert %14 : (tensor<12xf64>) -> tensor<12xui32>
    %16 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %17 = stablehlo.convert %16 : (tensor<12xf64>) -> tensor<12xf16>
    %18 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %19 = stablehlo.convert %18 : (tensor<12xf64>) -> tensor<12xbf16>
    %20 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %21 = stablehlo.convert %20 : (tensor<12xf64>) -> tensor<12xf32>
    %22 = stablehlo.convert %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xcomplex<f32>>
    %23 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %24 = stablehlo.convert %23 : (tensor<12xf64>) -> tensor<12xi64>
    %25 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %26 = stablehlo.convert %25 : (tensor<12xf64>) -> tensor<12xui64>
    %27 = stablehlo.real %arg0 : (tensor<12xcomplex<f64>>) -> tensor<12xf64>
    %28 = stablehlo.convert %27 : tensor<12xf64>
    return %3, %5, %7, %9, %11, %13, %15, %17, %19, %21, %22, %24, %26, %28 : tensor<12xi1>, tensor<12xi8>, tensor<12xi16>, tensor<12xi32>, tensor<12xui8>, tensor<12xui16>, tensor<12xui32>, tensor<12xf16>, tensor<12xbf16>, tensor<12xf32>, tensor<12xcomplex<f32>>, tensor<12xi64>, tensor<12xui64>, tensor<12xf64>
  }
}
