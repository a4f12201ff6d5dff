module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16384xf32>) -> (tensor<16384xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<11xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %2 = stablehlo.add %1, %0 : tensor<11xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %4 = stablehlo.divide %2, %3 : tensor<11xf32>
    %5 = call @polyval(%4, %arg0) : (tensor<11xf32>, tensor<16384xf32>) -> tensor<16384xf32>
    return %5 : tensor<16384xf32>
  }
  func.func private @polyval(%arg0: tensor<11xf32>, %arg1: tensor<16384xf32>) -> tensor<16384xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %1 = stablehlo.slice %arg0 [0:0] : (tensor<11xf32>) -> tensor<0xf32>
    %2 = stablehlo.slice %arg0 [0:11] : (tensor<11xf32>) -> tensor<11xf32>
    %3 = stablehlo.slice %2 [0:1] : (tensor<11xf32>) -> tensor<1xf32>
    %4 = stablehlo.reshape %3 : (tensor<1xf32>) -> tensor<f32>
    %5 = call @closed_call(%arg1, %0, %4) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %6 = stablehlo.slice %2 [1:2] : (tensor<11xf32>) -> tensor<1xf32>
    %7 = stablehlo.reshape %6 : (tensor<1xf32>) -> tensor<f32>
    %8 = call @closed_call(%arg1, %5, %7) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %9 = stablehlo.slice %2 [2:3] : (tensor<11xf32>) -> tensor<1xf32>
    %10 = stablehlo.reshape %9 : (tensor<1xf32>) -> tensor<f32>
    %11 = call @closed_call(%arg1, %8, %10) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %12 = stablehlo.slice %2 [3:4] : (tensor<11xf32>) -> tensor<1xf32>
    %13 = stablehlo.reshape %12 : (tensor<1xf32>) -> tensor<f32>
    %14 = call @closed_call(%arg1, %11, %13) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %15 = stablehlo.slice %2 [4:5] : (tensor<11xf32>) -> tensor<1xf32>
    %16 = stablehlo.reshape %15 : (tensor<1xf32>) -> tensor<f32>
    %17 = call @closed_call(%arg1, %14, %16) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %18 = stablehlo.slice %2 [5:6] : (tensor<11xf32>) -> tensor<1xf32>
    %19 = stablehlo.reshape %18 : (tensor<1xf32>) -> tensor<f32>
    %20 = call @closed_call(%arg1, %17, %19) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %21 = stablehlo.slice %2 [6:7] : (tensor<11xf32>) -> tensor<1xf32>
    %22 = stablehlo.reshape %21 : (tensor<1xf32>) -> tensor<f32>
    %23 = call @closed_call(%arg1, %20, %22) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %24 = stablehlo.slice %2 [7:8] : (tensor<11xf32>) -> tensor<1xf32>
    %25 = stablehlo.reshape %24 : (tensor<1xf32>) -> tensor<f32>
    %26 = call @closed_call(%arg1, %23, %25) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %27 = stablehlo.slice %2 [8:9] : (tensor<11xf32>) -> tensor<1xf32>
    %28 = stablehlo.reshape %27 : (tensor<1xf32>) -> tensor<f32>
    %29 = call @closed_call(%arg1, %26, %28) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %30 = stablehlo.slice %2 [9:10] : (tensor<11xf32>) -> tensor<1xf32>
    %31 = stablehlo.reshape %30 : (tensor<1xf32>) -> tensor<f32>
    %32 = call @closed_call(%arg1, %29, %31) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    %33 = stablehlo.slice %2 [10:11] : (tensor<11xf32>) -> tensor<1xf32>
    %34 = stablehlo.reshape %33 : (tensor<1xf32>) -> tensor<f32>
    %35 = call @closed_call(%arg1, %32, %34) : (tensor<16384xf32>, tensor<16384xf32>, tensor<f32>) -> tensor<16384xf32>
    return %35 : tensor<16384xf32>
  }
  func.func private @closed_call(%arg0: tensor<16384xf32>, %arg1: tensor<16384xf32>, %arg2: tensor<f32>) -> tensor<16384xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<16384xf32>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<16384xf32>
    %2 = stablehlo.add %0, %1 : tensor<16384xf32>
    return %2 : tensor<16384xf32>
  }
}
