module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xcomplex<f64>>) -> (tensor<8xcomplex<f64>> {jax.result_info = "result[0]"}, tensor<8xf64> {jax.result_info = "result[1]"}, tensor<8xf64> {jax.result_info = "result[2]"}, tensor<8xf64> {jax.result_info = "result[3]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[4]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[5]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[6]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[7]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[8]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[9]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[10]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[11]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[12]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[13]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[14]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[15]"}, tensor<8xcomplex<f64>> {jax.result_info = "result[16]"}) {
    %0 = stablehlo.negate %arg0 : tensor<8xcomplex<f64>>
    %1 = stablehlo.abs %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %2 = stablehlo.real %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %3 = stablehlo.imag %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %4 = stablehlo.real %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %5 = stablehlo.imag %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %6 = stablehlo.negate %5 : tensor<8xf64>
    %7 = stablehlo.complex %4, %6 : tensor<8xcomplex<f64>>
    %8 = stablehlo.sign %arg0 : tensor<8xcomplex<f64>>
    %9 = stablehlo.exponential %arg0 : tensor<8xcomplex<f64>>
    %10 = stablehlo.log %arg0 : tensor<8xcomplex<f64>>
    %11 = stablehlo.sqrt %arg0 : tensor<8xcomplex<f64>>
    %12 = stablehlo.rsqrt %arg0 : tensor<8xcomplex<f64>>
    %13 = stablehlo.tanh %arg0 : tensor<8xcomplex<f64>>
    %14 = stablehlo.real %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %15 = stablehlo.imag %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %16 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %17 = stablehlo.compare EQ, %14, %16, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
    %18 = stablehlo.sine %14 : tensor<8xf64>
    %19 = stablehlo.cosine %14 : tensor<8xf64>
    %20 = stablehlo.exponential_minus_one %15 : tensor<8xf64>
    %21 = stablehlo.negate %15 : tensor<8xf64>
    %22 = stablehlo.exponential_minus_one %21 : tensor<8xf64>
    %23 = stablehlo.subtract %20, %22 : tensor<8xf64>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %24 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %25 = stablehlo.divide %23, %24 : tensor<8xf64>
    %26 = stablehlo.add %20, %22 : tensor<8xf64>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %27 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %28 = stablehlo.add %26, %27 : tensor<8xf64>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %30 = stablehlo.divide %28, %29 : tensor<8xf64>
    %31 = stablehlo.multiply %18, %30 : tensor<8xf64>
    %32 = stablehlo.multiply %19, %25 : tensor<8xf64>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %33 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %34 = stablehlo.complex %33, %32 : tensor<8xcomplex<f64>>
    %35 = stablehlo.complex %31, %32 : tensor<8xcomplex<f64>>
    %36 = stablehlo.select %17, %34, %35 : tensor<8xi1>, tensor<8xcomplex<f64>>
    %37 = stablehlo.real %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %38 = stablehlo.imag %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %39 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %40 = stablehlo.compare EQ, %37, %39, FLOAT : (tensor<8xf64>, tensor<8xf64>) -> tensor<8xi1>
    %41 = stablehlo.sine %37 : tensor<8xf64>
    %42 = stablehlo.cosine %37 : tensor<8xf64>
    %43 = stablehlo.exponential_minus_one %38 : tensor<8xf64>
    %44 = stablehlo.negate %38 : tensor<8xf64>
    %45 = stablehlo.exponential_minus_one %44 : tensor<8xf64>
    %46 = stablehlo.subtract %43, %45 : tensor<8xf64>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %47 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %48 = stablehlo.divide %46, %47 : tensor<8xf64>
    %49 = stablehlo.add %43, %45 : tensor<8xf64>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %50 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %51 = stablehlo.add %49, %50 : tensor<8xf64>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f64>
    %52 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %53 = stablehlo.divide %51, %52 : tensor<8xf64>
    %54 = stablehlo.multiply %42, %53 : tensor<8xf64>
    %55 = stablehlo.negate %41 : tensor<8xf64>
    %56 = stablehlo.multiply %55, %48 : tensor<8xf64>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f64>
    %57 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f64>) -> tensor<8xf64>
    %58 = stablehlo.complex %54, %57 : tensor<8xcomplex<f64>>
    %59 = stablehlo.complex %54, %56 : tensor<8xcomplex<f64>>
    %60 = stablehlo.select %40, %58, %59 : tensor<8xi1>, tensor<8xcomplex<f64>>
    %61 = stablehlo.exponential_minus_one %arg0 : tensor<8xcomplex<f64>>
    %62 = stablehlo.log_plus_one %arg0 : tensor<8xcomplex<f64>>
    %63 = stablehlo.imag %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %64 = stablehlo.real %arg0 : (tensor<8xcomplex<f64>>) -> tensor<8xf64>
    %65 = stablehlo.complex %63, %64 : tensor<8xcomplex<f64>>
    %66 = stablehlo.power %arg0, %arg0 : tensor<8xcomplex<f64>>
    return %0, %1, %2, %3, %7, %8, %9, %10, %11, %12, %13, %36, %60, %61, %62, %65, %66 : tensor<8xcomplex<f64>>, tensor<8xf64>, tensor<8xf64>, tensor<8xf64>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>, tensor<8xcomplex<f64>>
  }
}
