module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x3xf32>, %arg1: tensor<4x5xf32>, %arg2: tensor<4x3xf32>) -> (tensor<4x5x3xf32> {jax.result_info = "result[0]"}, tensor<5x5xf32> {jax.result_info = "result[1]"}, tensor<3x5xf32> {jax.result_info = "result[2]"}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x5xf32>, tensor<5x3xf32>) -> tensor<4x3xf32>
    %1 = stablehlo.tanh %0 : tensor<4x3xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<4x3xf32>
    %4 = stablehlo.subtract %1, %arg2 : tensor<4x3xf32>
    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<4x3xf32>
    %6 = stablehlo.multiply %5, %4 : tensor<4x3xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<4x3xf32>
    %10 = stablehlo.multiply %9, %6 : tensor<4x3xf32>
    %11 = stablehlo.multiply %10, %3 : tensor<4x3xf32>
    %12 = stablehlo.multiply %11, %1 : tensor<4x3xf32>
    %13 = stablehlo.add %11, %12 : tensor<4x3xf32>
    %14 = stablehlo.dot_general %13, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<4x3x5xf32>
    %15 = stablehlo.transpose %14, dims = [0, 2, 1] : (tensor<4x3x5xf32>) -> tensor<4x5x3xf32>
    %16 = stablehlo.slice %arg1 [0:1, 0:5] : (tensor<4x5xf32>) -> tensor<1x5xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x5xf32>) -> tensor<5xf32>
    %18 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %19 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %21 = stablehlo.add %18, %20 : tensor<5x5xi32>
    %22 = stablehlo.compare EQ, %21, %19, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %23 = stablehlo.convert %22 : (tensor<5x5xi1>) -> tensor<5x5xf32>
    %24 = stablehlo.slice %23 [0:5, 0:5] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %25 = stablehlo.convert %24 : tensor<5x5xf32>
    %26 = stablehlo.sine %17 : tensor<5xf32>
    %27 = stablehlo.cosine %17 : tensor<5xf32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<5x5xf32>
    %30 = stablehlo.multiply %25, %29 : tensor<5x5xf32>
    %31 = stablehlo.cosine %17 : tensor<5xf32>
    %32 = stablehlo.sine %17 : tensor<5xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<5x5xf32>
    %35 = stablehlo.multiply %25, %34 : tensor<5x5xf32>
    %36 = stablehlo.negate %35 : tensor<5x5xf32>
    %37 = stablehlo.multiply %17, %17 : tensor<5xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %39 = stablehlo.multiply %38, %17 : tensor<5xf32>
    %40 = stablehlo.broadcast_in_dim %39, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %41 = stablehlo.broadcast_in_dim %40, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<5x5xf32>
    %42 = stablehlo.multiply %25, %41 : tensor<5x5xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %44 = stablehlo.multiply %43, %17 : tensor<5xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x5xf32>
    %46 = stablehlo.multiply %45, %25 : tensor<5x5xf32>
    %47 = stablehlo.iota dim = 0 : tensor<1x1xi32>
    %48 = stablehlo.iota dim = 1 : tensor<1x1xi32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %49 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<1x1xi32>
    %50 = stablehlo.add %47, %49 : tensor<1x1xi32>
    %51 = stablehlo.compare EQ, %50, %48, SIGNED : (tensor<1x1xi32>, tensor<1x1xi32>) -> tensor<1x1xi1>
    %52 = stablehlo.convert %51 : (tensor<1x1xi1>) -> tensor<1x1xf32>
    %53 = stablehlo.slice %52 [0:1, 0:1] : (tensor<1x1xf32>) -> tensor<1x1xf32>
    %54 = stablehlo.reshape %53 : (tensor<1x1xf32>) -> tensor<1xf32>
    %55 = stablehlo.convert %54 : tensor<1xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0] : (tensor<1xf32>) -> tensor<1x5xf32>
    %57 = stablehlo.broadcast_in_dim %26, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %58 = stablehlo.broadcast_in_dim %30, dims = [0, 2] : (tensor<5x5xf32>) -> tensor<5x1x5xf32>
    %59 = stablehlo.multiply %57, %56 : tensor<1x5xf32>
    %60 = stablehlo.broadcast_in_dim %56, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %62 = stablehlo.multiply %58, %61 : tensor<5x1x5xf32>
    %63 = stablehlo.broadcast_in_dim %37, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %64 = stablehlo.broadcast_in_dim %42, dims = [0, 2] : (tensor<5x5xf32>) -> tensor<5x1x5xf32>
    %65 = stablehlo.multiply %56, %63 : tensor<1x5xf32>
    %66 = stablehlo.broadcast_in_dim %56, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %67 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %68 = stablehlo.multiply %67, %64 : tensor<5x1x5xf32>
    %69 = stablehlo.broadcast_in_dim %44, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %70 = stablehlo.broadcast_in_dim %46, dims = [0, 2] : (tensor<5x5xf32>) -> tensor<5x1x5xf32>
    %71 = stablehlo.broadcast_in_dim %69, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %73 = stablehlo.multiply %62, %72 : tensor<5x1x5xf32>
    %74 = stablehlo.broadcast_in_dim %59, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %75 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %76 = stablehlo.multiply %75, %70 : tensor<5x1x5xf32>
    %77 = stablehlo.add %73, %76 : tensor<5x1x5xf32>
    %78 = stablehlo.broadcast_in_dim %31, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %79 = stablehlo.broadcast_in_dim %36, dims = [0, 2] : (tensor<5x5xf32>) -> tensor<5x1x5xf32>
    %80 = stablehlo.broadcast_in_dim %78, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %82 = stablehlo.multiply %68, %81 : tensor<5x1x5xf32>
    %83 = stablehlo.broadcast_in_dim %65, dims = [1, 2] : (tensor<1x5xf32>) -> tensor<1x1x5xf32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2] : (tensor<1x1x5xf32>) -> tensor<5x1x5xf32>
    %85 = stablehlo.multiply %84, %79 : tensor<5x1x5xf32>
    %86 = stablehlo.add %82, %85 : tensor<5x1x5xf32>
    %87 = stablehlo.add %77, %86 : tensor<5x1x5xf32>
    %88 = stablehlo.slice %87 [0:5, 0:1, 0:5] : (tensor<5x1x5xf32>) -> tensor<5x1x5xf32>
    %89 = stablehlo.reshape %88 : (tensor<5x1x5xf32>) -> tensor<5x5xf32>
    %90 = stablehlo.transpose %89, dims = [1, 0] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %91 = stablehlo.slice %90 [0:5, 0:5] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %92 = stablehlo.slice %arg1 [1:2, 0:5] : (tensor<4x5xf32>) -> tensor<1x5xf32>
    %93 = stablehlo.reshape %92 : (tensor<1x5xf32>) -> tensor<5xf32>
    %94 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %95 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %c_6 = stablehlo.constant dense<0> : tensor<i32>
    %96 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %97 = stablehlo.add %94, %96 : tensor<5x5xi32>
    %98 = stablehlo.compare EQ, %97, %95, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %99 = stablehlo.convert %98 : (tensor<5x5xi1>) -> tensor<5x5xf32>
    %100 = stablehlo.slice %99 [0:5, 0:5] : (tensor<5x5xf32>) -> tensor<5x5xf32>
    %101 = stablehlo.convert %100 : tensor<5x5xf32>
    %102 = stablehlo.dot_general %93, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5xf32>, tensor<5x3xf32>) -> tensor<3xf32>
    %103 = stablehlo.dot_general %101, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x5xf32>, tensor<5x3xf32>) -> tensor<5x3xf32>
    %104 = stablehlo.tanh %102 : tensor<3xf32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %106 = stablehlo.broadcast_in_dim %105, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %107 = stablehlo.multiply %103, %106 : tensor<5x3xf32>
    %108 = stablehlo.add %103, %107 : tensor<5x3xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %110 = stablehlo.subtract %109, %104 : tensor<3xf32>
    %111 = stablehlo.broadcast_in_dim %110, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %112 = stablehlo.broadcast_in_dim %111, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %113 = stablehlo.multiply %108, %112 : tensor<5x3xf32>
    %114 = stablehlo.transpose %113, dims = [1, 0] : (tensor<5x3xf32>) -> tensor<3x5xf32>
    %115 = stablehlo.slice %114 [0:3, 0:5] : (tensor<3x5xf32>) -> tensor<3x5xf32>
    return %15, %91, %115 : tensor<4x5x3xf32>, tensor<5x5xf32>, tensor<3x5xf32>
  }
}
