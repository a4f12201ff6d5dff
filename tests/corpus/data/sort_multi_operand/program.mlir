module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xi32>, %arg1: tensor<12xf32>, %arg2: tensor<12xi32>, %arg3: tensor<9xcomplex<f32>>) -> (tensor<12xi32> {jax.result_info = "result[0]"}, tensor<12xf32> {jax.result_info = "result[1]"}, tensor<12xi32> {jax.result_info = "result[2]"}, tensor<12xf32> {jax.result_info = "result[3]"}, tensor<12xi32> {jax.result_info = "result[4]"}, tensor<12xi32> {jax.result_info = "result[5]"}, tensor<9xcomplex<f32>> {jax.result_info = "result[6]"}) {
    %0:3 = "stablehlo.sort"(%arg0, %arg1, %arg2) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<i32>, %arg6: tensor<f32>, %arg7: tensor<f32>, %arg8: tensor<i32>, %arg9: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %4 = stablehlo.compare EQ, %arg6, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.select %4, %cst_0, %arg6 : tensor<i1>, tensor<f32>
      %6 = stablehlo.compare NE, %arg6, %arg6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %7 = stablehlo.select %6, %cst_1, %5 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.compare EQ, %arg7, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.select %8, %cst_3, %arg7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %arg7, %arg7, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %11 = stablehlo.select %10, %cst_4, %9 : tensor<i1>, tensor<f32>
      %12 = stablehlo.compare LT, %7, %11, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %13 = stablehlo.compare LT, %arg4, %arg5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %14 = stablehlo.compare EQ, %arg4, %arg5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %15 = stablehlo.and %14, %12 : tensor<i1>
      %16 = stablehlo.or %13, %15 : tensor<i1>
      stablehlo.return %16 : tensor<i1>
    }) : (tensor<12xi32>, tensor<12xf32>, tensor<12xi32>) -> (tensor<12xi32>, tensor<12xf32>, tensor<12xi32>)
    %1:2 = "stablehlo.sort"(%arg1, %arg2) <{dimension = 0 : i64, is_stable = false}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>, %arg6: tensor<i32>, %arg7: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %4 = stablehlo.compare EQ, %arg4, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %5 = stablehlo.select %4, %cst_0, %arg4 : tensor<i1>, tensor<f32>
      %6 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %7 = stablehlo.select %6, %cst_1, %5 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.compare EQ, %arg5, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %9 = stablehlo.select %8, %cst_3, %arg5 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare NE, %arg5, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %11 = stablehlo.select %10, %cst_4, %9 : tensor<i1>, tensor<f32>
      %12 = stablehlo.compare LT, %7, %11, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %12 : tensor<i1>
    }) : (tensor<12xf32>, tensor<12xi32>) -> (tensor<12xf32>, tensor<12xi32>)
    %2 = call @lexsort(%arg1, %arg0) : (tensor<12xf32>, tensor<12xi32>) -> tensor<12xi32>
    %3 = call @sort(%arg3) : (tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>>
    return %0#0, %0#1, %0#2, %1#0, %1#1, %2, %3 : tensor<12xi32>, tensor<12xf32>, tensor<12xi32>, tensor<12xf32>, tensor<12xi32>, tensor<12xi32>, tensor<9xcomplex<f32>>
  }
  func.func private @lexsort(%arg0: tensor<12xf32>, %arg1: tensor<12xi32>) -> tensor<12xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<12xi32>
    %1:3 = "stablehlo.sort"(%arg1, %arg0, %0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<i32>, %arg4: tensor<f32>, %arg5: tensor<f32>, %arg6: tensor<i32>, %arg7: tensor<i32>):
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %arg4, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %arg4 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %arg4, %arg4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %6 = stablehlo.compare EQ, %arg5, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.select %6, %cst_3, %arg5 : tensor<i1>, tensor<f32>
      %8 = stablehlo.compare NE, %arg5, %arg5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %9 = stablehlo.select %8, %cst_4, %7 : tensor<i1>, tensor<f32>
      %10 = stablehlo.compare LT, %5, %9, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %11 = stablehlo.compare LT, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %12 = stablehlo.compare EQ, %arg2, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %13 = stablehlo.and %12, %10 : tensor<i1>
      %14 = stablehlo.or %11, %13 : tensor<i1>
      stablehlo.return %14 : tensor<i1>
    }) : (tensor<12xi32>, tensor<12xf32>, tensor<12xi32>) -> (tensor<12xi32>, tensor<12xf32>, tensor<12xi32>)
    return %1#2 : tensor<12xi32>
  }
  func.func private @sort(%arg0: tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>> {
    %0 = "stablehlo.sort"(%arg0) <{dimension = 0 : i64, is_stable = true}> ({
    ^bb0(%arg1: tensor<complex<f32>>, %arg2: tensor<complex<f32>>):
      %1 = stablehlo.real %arg1 : (tensor<complex<f32>>) -> tensor<f32>
      %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %2 = stablehlo.compare EQ, %1, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %3 = stablehlo.select %2, %cst_0, %1 : tensor<i1>, tensor<f32>
      %4 = stablehlo.compare NE, %1, %1, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_1 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %5 = stablehlo.select %4, %cst_1, %3 : tensor<i1>, tensor<f32>
      %6 = stablehlo.imag %arg1 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %7 = stablehlo.compare EQ, %6, %cst_2, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %8 = stablehlo.select %7, %cst_3, %6 : tensor<i1>, tensor<f32>
      %9 = stablehlo.compare NE, %6, %6, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %10 = stablehlo.select %9, %cst_4, %8 : tensor<i1>, tensor<f32>
      %11 = stablehlo.real %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %12 = stablehlo.compare EQ, %11, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %13 = stablehlo.select %12, %cst_6, %11 : tensor<i1>, tensor<f32>
      %14 = stablehlo.compare NE, %11, %11, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_7 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %15 = stablehlo.select %14, %cst_7, %13 : tensor<i1>, tensor<f32>
      %16 = stablehlo.imag %arg2 : (tensor<complex<f32>>) -> tensor<f32>
      %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %17 = stablehlo.compare EQ, %16, %cst_8, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %18 = stablehlo.select %17, %cst_9, %16 : tensor<i1>, tensor<f32>
      %19 = stablehlo.compare NE, %16, %16, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %cst_10 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
      %20 = stablehlo.select %19, %cst_10, %18 : tensor<i1>, tensor<f32>
      %21 = stablehlo.compare LT, %10, %20, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %22 = stablehlo.compare LT, %5, %15, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %23 = stablehlo.compare EQ, %5, %15, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %24 = stablehlo.and %23, %21 : tensor<i1>
      %25 = stablehlo.or %22, %24 : tensor<i1>
      stablehlo.return %25 : tensor<i1>
    }) : (tensor<9xcomplex<f32>>) -> tensor<9xcomplex<f32>>
    return %0 : tensor<9xcomplex<f32>>
  }
}
