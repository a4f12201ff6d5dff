module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x8xf32>, %arg1: tensor<6x2xi32>) -> (tensor<3x2xf32> {jax.result_info = "result[0]"}, tensor<3x2xf32> {jax.result_info = "result[1]"}, tensor<3x2xf32> {jax.result_info = "result[2]"}, tensor<3x2xf32> {jax.result_info = "result[3]"}, tensor<3x2xf32> {jax.result_info = "result[4]"}, tensor<3x2xf32> {jax.result_info = "result[5]"}, tensor<6x1xf32> {jax.result_info = "result[6]"}) {
    %0 = stablehlo.slice %arg1 [0:1, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %1 = stablehlo.reshape %0 : (tensor<1x1xi32>) -> tensor<i32>
    %2 = stablehlo.slice %arg1 [0:1, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %3 = stablehlo.reshape %2 : (tensor<1x1xi32>) -> tensor<i32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.compare LT, %1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<6> : tensor<i32>
    %5 = stablehlo.add %1, %c_0 : tensor<i32>
    %6 = stablehlo.select %4, %5, %1 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.compare LT, %3, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_2 = stablehlo.constant dense<8> : tensor<i32>
    %8 = stablehlo.add %3, %c_2 : tensor<i32>
    %9 = stablehlo.select %7, %8, %3 : tensor<i1>, tensor<i32>
    %10 = stablehlo.dynamic_slice %arg0, %6, %9, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %11 = stablehlo.slice %arg1 [1:2, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %12 = stablehlo.reshape %11 : (tensor<1x1xi32>) -> tensor<i32>
    %13 = stablehlo.slice %arg1 [1:2, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %14 = stablehlo.reshape %13 : (tensor<1x1xi32>) -> tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %15 = stablehlo.compare LT, %12, %c_3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_4 = stablehlo.constant dense<6> : tensor<i32>
    %16 = stablehlo.add %12, %c_4 : tensor<i32>
    %17 = stablehlo.select %15, %16, %12 : tensor<i1>, tensor<i32>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %18 = stablehlo.compare LT, %14, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_6 = stablehlo.constant dense<8> : tensor<i32>
    %19 = stablehlo.add %14, %c_6 : tensor<i32>
    %20 = stablehlo.select %18, %19, %14 : tensor<i1>, tensor<i32>
    %21 = stablehlo.dynamic_slice %arg0, %17, %20, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %22 = stablehlo.slice %arg1 [2:3, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %23 = stablehlo.reshape %22 : (tensor<1x1xi32>) -> tensor<i32>
    %24 = stablehlo.slice %arg1 [2:3, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %25 = stablehlo.reshape %24 : (tensor<1x1xi32>) -> tensor<i32>
    %c_7 = stablehlo.constant dense<0> : tensor<i32>
    %26 = stablehlo.compare LT, %23, %c_7, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_8 = stablehlo.constant dense<6> : tensor<i32>
    %27 = stablehlo.add %23, %c_8 : tensor<i32>
    %28 = stablehlo.select %26, %27, %23 : tensor<i1>, tensor<i32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %29 = stablehlo.compare LT, %25, %c_9, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_10 = stablehlo.constant dense<8> : tensor<i32>
    %30 = stablehlo.add %25, %c_10 : tensor<i32>
    %31 = stablehlo.select %29, %30, %25 : tensor<i1>, tensor<i32>
    %32 = stablehlo.dynamic_slice %arg0, %28, %31, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %33 = stablehlo.slice %arg1 [3:4, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %34 = stablehlo.reshape %33 : (tensor<1x1xi32>) -> tensor<i32>
    %35 = stablehlo.slice %arg1 [3:4, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %36 = stablehlo.reshape %35 : (tensor<1x1xi32>) -> tensor<i32>
    %c_11 = stablehlo.constant dense<0> : tensor<i32>
    %37 = stablehlo.compare LT, %34, %c_11, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_12 = stablehlo.constant dense<6> : tensor<i32>
    %38 = stablehlo.add %34, %c_12 : tensor<i32>
    %39 = stablehlo.select %37, %38, %34 : tensor<i1>, tensor<i32>
    %c_13 = stablehlo.constant dense<0> : tensor<i32>
    %40 = stablehlo.compare LT, %36, %c_13, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_14 = stablehlo.constant dense<8> : tensor<i32>
    %41 = stablehlo.add %36, %c_14 : tensor<i32>
    %42 = stablehlo.select %40, %41, %36 : tensor<i1>, tensor<i32>
    %43 = stablehlo.dynamic_slice %arg0, %39, %42, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %44 = stablehlo.slice %arg1 [4:5, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %45 = stablehlo.reshape %44 : (tensor<1x1xi32>) -> tensor<i32>
    %46 = stablehlo.slice %arg1 [4:5, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %47 = stablehlo.reshape %46 : (tensor<1x1xi32>) -> tensor<i32>
    %c_15 = stablehlo.constant dense<0> : tensor<i32>
    %48 = stablehlo.compare LT, %45, %c_15, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_16 = stablehlo.constant dense<6> : tensor<i32>
    %49 = stablehlo.add %45, %c_16 : tensor<i32>
    %50 = stablehlo.select %48, %49, %45 : tensor<i1>, tensor<i32>
    %c_17 = stablehlo.constant dense<0> : tensor<i32>
    %51 = stablehlo.compare LT, %47, %c_17, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_18 = stablehlo.constant dense<8> : tensor<i32>
    %52 = stablehlo.add %47, %c_18 : tensor<i32>
    %53 = stablehlo.select %51, %52, %47 : tensor<i1>, tensor<i32>
    %54 = stablehlo.dynamic_slice %arg0, %50, %53, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %55 = stablehlo.slice %arg1 [5:6, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %56 = stablehlo.reshape %55 : (tensor<1x1xi32>) -> tensor<i32>
    %57 = stablehlo.slice %arg1 [5:6, 1:2] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %58 = stablehlo.reshape %57 : (tensor<1x1xi32>) -> tensor<i32>
    %c_19 = stablehlo.constant dense<0> : tensor<i32>
    %59 = stablehlo.compare LT, %56, %c_19, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_20 = stablehlo.constant dense<6> : tensor<i32>
    %60 = stablehlo.add %56, %c_20 : tensor<i32>
    %61 = stablehlo.select %59, %60, %56 : tensor<i1>, tensor<i32>
    %c_21 = stablehlo.constant dense<0> : tensor<i32>
    %62 = stablehlo.compare LT, %58, %c_21, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_22 = stablehlo.constant dense<8> : tensor<i32>
    %63 = stablehlo.add %58, %c_22 : tensor<i32>
    %64 = stablehlo.select %62, %63, %58 : tensor<i1>, tensor<i32>
    %65 = stablehlo.dynamic_slice %arg0, %61, %64, sizes = [3, 2] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<3x2xf32>
    %66 = stablehlo.slice %arg1 [1:2, 0:1] : (tensor<6x2xi32>) -> tensor<1x1xi32>
    %67 = stablehlo.reshape %66 : (tensor<1x1xi32>) -> tensor<i32>
    %68 = call @dynamic_index_in_dim(%arg0, %67) : (tensor<6x8xf32>, tensor<i32>) -> tensor<6x1xf32>
    return %10, %21, %32, %43, %54, %65, %68 : tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<6x1xf32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<6x8xf32>, %arg1: tensor<i32>) -> tensor<6x1xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.compare LT, %arg1, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_0 = stablehlo.constant dense<8> : tensor<i32>
    %1 = stablehlo.add %arg1, %c_0 : tensor<i32>
    %2 = stablehlo.select %0, %1, %arg1 : tensor<i1>, tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.dynamic_slice %arg0, %c_1, %2, sizes = [6, 1] : (tensor<6x8xf32>, tensor<i32>, tensor<i32>) -> tensor<6x1xf32>
    return %3 : tensor<6x1xf32>
  }
}
