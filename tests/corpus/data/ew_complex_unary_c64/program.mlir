module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}, tensor<8xf32> {jax.result_info = "result[2]"}, tensor<8xf32> {jax.result_info = "result[3]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[4]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[5]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[6]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[7]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[8]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[9]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[10]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[11]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[12]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[13]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[14]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[15]"}, tensor<8xcomplex<f32>> {jax.result_info = "result[16]"}) {
    %0 = stablehlo.negate %arg0 : tensor<8xcomplex<f32>>
    %1 = stablehlo.abs %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %2 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %3 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %4 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %5 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %6 = stablehlo.negate %5 : tensor<8xf32>
    %7 = stablehlo.complex %4, %6 : tensor<8xcomplex<f32>>
    %8 = stablehlo.sign %arg0 : tensor<8xcomplex<f32>>
    %9 = stablehlo.exponential %arg0 : tensor<8xcomplex<f32>>
    %10 = stablehlo.log %arg0 : tensor<8xcomplex<f32>>
    %11 = stablehlo.sqrt %arg0 : tensor<8xcomplex<f32>>
    %12 = stablehlo.rsqrt %arg0 : tensor<8xcomplex<f32>>
    %13 = stablehlo.tanh %arg0 : tensor<8xcomplex<f32>>
    %14 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %15 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.compare EQ, %14, %16, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %18 = stablehlo.sine %14 : tensor<8xf32>
    %19 = stablehlo.cosine %14 : tensor<8xf32>
    %20 = stablehlo.exponential_minus_one %15 : tensor<8xf32>
    %21 = stablehlo.negate %15 : tensor<8xf32>
    %22 = stablehlo.exponential_minus_one %21 : tensor<8xf32>
    %23 = stablehlo.subtract %20, %22 : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %25 = stablehlo.divide %23, %24 : tensor<8xf32>
    %26 = stablehlo.add %20, %22 : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %28 = stablehlo.add %26, %27 : tensor<8xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %30 = stablehlo.divide %28, %29 : tensor<8xf32>
    %31 = stablehlo.multiply %18, %30 : tensor<8xf32>
    %32 = stablehlo.multiply %19, %25 : tensor<8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %34 = stablehlo.complex %33, %32 : tensor<8xcomplex<f32>>
    %35 = stablehlo.complex %31, %32 : tensor<8xcomplex<f32>>
    %36 = stablehlo.select %17, %34, %35 : tensor<8xi1>, tensor<8xcomplex<f32>>
    %37 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %38 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %40 = stablehlo.compare EQ, %37, %39, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %41 = stablehlo.sine %37 : tensor<8xf32>
    %42 = stablehlo.cosine %37 : tensor<8xf32>
    %43 = stablehlo.exponential_minus_one %38 : tensor<8xf32>
    %44 = stablehlo.negate %38 : tensor<8xf32>
    %45 = stablehlo.exponential_minus_one %44 : tensor<8xf32>
    %46 = stablehlo.subtract %43, %45 : tensor<8xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %48 = stablehlo.divide %46, %47 : tensor<8xf32>
    %49 = stablehlo.add %43, %45 : tensor<8xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %51 = stablehlo.add %49, %50 : tensor<8xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %53 = stablehlo.divide %51, %52 : tensor<8xf32>
    %54 = stablehlo.multiply %42, %53 : tensor<8xf32>
    %55 = stablehlo.negate %41 : tensor<8xf32>
    %56 = stablehlo.multiply %55, %48 : tensor<8xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %58 = stablehlo.complex %54, %57 : tensor<8xcomplex<f32>>
    %59 = stablehlo.complex %54, %56 : tensor<8xcomplex<f32>>
    %60 = stablehlo.select %40, %58, %59 : tensor<8xi1>, tensor<8xcomplex<f32>>
    %61 = stablehlo.exponential_minus_one %arg0 : tensor<8xcomplex<f32>>
    %62 = stablehlo.log_plus_one %arg0 : tensor<8xcomplex<f32>>
    %63 = stablehlo.imag %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %64 = stablehlo.real %arg0 : (tensor<8xcomplex<f32>>) -> tensor<8xf32>
    %65 = stablehlo.complex %63, %64 : tensor<8xcomplex<f32>>
    %66 = stablehlo.power %arg0, %arg0 : tensor<8xcomplex<f32>>
    return %0, %1, %2, %3, %7, %8, %9, %10, %11, %12, %13, %36, %60, %61, %62, %65, %66 : tensor<8xcomplex<f32>>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>
  }
}
