module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<24xf32>, %arg1: tensor<24xf32>, %arg2: tensor<24xf32>, %arg3: tensor<24xi32>) -> (tensor<24xf32> {jax.result_info = "result[0]"}, tensor<24xf32> {jax.result_info = "result[1]"}, tensor<24xf32> {jax.result_info = "result[2]"}, tensor<24xf32> {jax.result_info = "result[3]"}, tensor<24xf32> {jax.result_info = "result[4]"}, tensor<24xf32> {jax.result_info = "result[5]"}, tensor<24xf32> {jax.result_info = "result[6]"}, tensor<f32> {jax.result_info = "result[7]"}, tensor<24xf32> {jax.result_info = "result[8]"}, tensor<24xf32> {jax.result_info = "result[9]"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %1 = stablehlo.compare EQ, %arg0, %0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %3 = stablehlo.compare EQ, %arg1, %2, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %4 = stablehlo.or %1, %3 : tensor<24xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %6 = stablehlo.compare EQ, %arg1, %5, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %8 = stablehlo.compare EQ, %arg0, %7, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %9 = stablehlo.or %6, %8 : tensor<24xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %11 = stablehlo.compare EQ, %arg2, %10, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %13 = stablehlo.compare EQ, %arg2, %12, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %14 = stablehlo.not %11 : tensor<24xi1>
    %15 = stablehlo.not %13 : tensor<24xi1>
    %16 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %17 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %18 = stablehlo.or %16, %17 : tensor<24xi1>
    %19 = stablehlo.compare NE, %arg2, %arg2, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %20 = stablehlo.or %18, %19 : tensor<24xi1>
    %21 = stablehlo.and %9, %15 : tensor<24xi1>
    %22 = stablehlo.and %4, %11 : tensor<24xi1>
    %23 = stablehlo.or %21, %22 : tensor<24xi1>
    %24 = stablehlo.and %4, %14 : tensor<24xi1>
    %25 = stablehlo.and %9, %13 : tensor<24xi1>
    %26 = stablehlo.or %24, %25 : tensor<24xi1>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %28 = stablehlo.compare LT, %arg0, %27, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %30 = stablehlo.compare LT, %arg1, %29, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %31 = stablehlo.or %28, %30 : tensor<24xi1>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %33 = stablehlo.compare LT, %arg2, %32, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %34 = stablehlo.or %31, %33 : tensor<24xi1>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %36 = stablehlo.compare GT, %arg2, %35, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %37 = stablehlo.or %34, %36 : tensor<24xi1>
    %38 = stablehlo.and %4, %9 : tensor<24xi1>
    %39 = stablehlo.or %38, %20 : tensor<24xi1>
    %40 = stablehlo.or %37, %39 : tensor<24xi1>
    %cst_9 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %42 = stablehlo.add %arg0, %41 : tensor<24xf32>
    %43 = stablehlo.add %arg0, %arg1 : tensor<24xf32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %45 = stablehlo.add %43, %44 : tensor<24xf32>
    %46 = stablehlo.divide %42, %45 : tensor<24xf32>
    %47 = stablehlo.compare LT, %arg2, %46, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %48 = stablehlo.select %47, %arg0, %arg1 : tensor<24xi1>, tensor<24xf32>
    %49 = stablehlo.select %47, %arg1, %arg0 : tensor<24xi1>, tensor<24xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %51 = stablehlo.subtract %50, %arg2 : tensor<24xf32>
    %52 = stablehlo.select %47, %arg2, %51 : tensor<24xi1>, tensor<24xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %53 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %54 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %55 = stablehlo.compare EQ, %53, %54, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_14 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %58 = stablehlo.select %55, %56, %57 : tensor<24xi1>, tensor<24xf32>
    %59 = stablehlo.abs %58 : tensor<24xf32>
    %cst_15 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %61 = stablehlo.compare LT, %59, %60, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_16 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %63 = stablehlo.select %61, %62, %58 : tensor<24xi1>, tensor<24xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %c_18 = stablehlo.constant dense<1> : tensor<i32>
    %c_19 = stablehlo.constant dense<true> : tensor<i1>
    %65:8 = stablehlo.while(%iterArg = %48, %iterArg_111 = %49, %iterArg_112 = %52, %iterArg_113 = %c_18, %iterArg_114 = %c_19, %iterArg_115 = %63, %iterArg_116 = %64, %iterArg_117 = %63) : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<i32>, tensor<i1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    cond {
      %c_118 = stablehlo.constant dense<200> : tensor<i32>
      %387 = stablehlo.compare LT, %iterArg_113, %c_118, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %388 = stablehlo.and %387, %iterArg_114 : tensor<i1>
      stablehlo.return %388 : tensor<i1>
    } do {
      %387 = stablehlo.broadcast_in_dim %iterArg_113, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %c_118 = stablehlo.constant dense<2> : tensor<i32>
      %388 = stablehlo.broadcast_in_dim %c_118, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %389 = func.call @remainder(%387, %388) : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi32>
      %c_119 = stablehlo.constant dense<0> : tensor<i32>
      %390 = stablehlo.broadcast_in_dim %c_119, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %391 = stablehlo.compare EQ, %389, %390, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
      %c_120 = stablehlo.constant dense<1> : tensor<i32>
      %392 = stablehlo.broadcast_in_dim %c_120, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %393 = stablehlo.compare EQ, %387, %392, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
      %c_121 = stablehlo.constant dense<1> : tensor<i32>
      %394 = stablehlo.broadcast_in_dim %c_121, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %395 = stablehlo.subtract %387, %394 : tensor<24xi32>
      %c_122 = stablehlo.constant dense<2> : tensor<i32>
      %396 = stablehlo.broadcast_in_dim %c_122, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %397 = func.call @floor_divide(%395, %396) : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi32>
      %c_123 = stablehlo.constant dense<0> : tensor<i32>
      %398 = stablehlo.broadcast_in_dim %c_123, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %399 = stablehlo.compare EQ, %397, %398, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
      %400 = stablehlo.convert %397 : (tensor<24xi32>) -> tensor<24xf32>
      %cst_124 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %401 = stablehlo.broadcast_in_dim %cst_124, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %cst_125 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %402 = stablehlo.broadcast_in_dim %cst_125, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %403 = stablehlo.add %iterArg, %iterArg_111 : tensor<24xf32>
      %404 = stablehlo.negate %403 : tensor<24xf32>
      %405 = stablehlo.multiply %404, %iterArg_112 : tensor<24xf32>
      %406 = stablehlo.add %iterArg, %401 : tensor<24xf32>
      %407 = stablehlo.divide %405, %406 : tensor<24xf32>
      %408 = stablehlo.add %iterArg, %400 : tensor<24xf32>
      %409 = stablehlo.negate %408 : tensor<24xf32>
      %410 = stablehlo.add %iterArg, %iterArg_111 : tensor<24xf32>
      %411 = stablehlo.add %410, %400 : tensor<24xf32>
      %412 = stablehlo.multiply %409, %411 : tensor<24xf32>
      %413 = stablehlo.multiply %412, %iterArg_112 : tensor<24xf32>
      %414 = stablehlo.multiply %402, %400 : tensor<24xf32>
      %415 = stablehlo.add %iterArg, %414 : tensor<24xf32>
      %416 = stablehlo.multiply %402, %400 : tensor<24xf32>
      %417 = stablehlo.add %iterArg, %416 : tensor<24xf32>
      %418 = stablehlo.add %417, %401 : tensor<24xf32>
      %419 = stablehlo.multiply %415, %418 : tensor<24xf32>
      %420 = stablehlo.divide %413, %419 : tensor<24xf32>
      %421 = stablehlo.select %399, %407, %420 : tensor<24xi1>, tensor<24xf32>
      %422 = stablehlo.subtract %iterArg_111, %400 : tensor<24xf32>
      %423 = stablehlo.multiply %400, %422 : tensor<24xf32>
      %424 = stablehlo.multiply %423, %iterArg_112 : tensor<24xf32>
      %425 = stablehlo.multiply %402, %400 : tensor<24xf32>
      %426 = stablehlo.add %iterArg, %425 : tensor<24xf32>
      %427 = stablehlo.subtract %426, %401 : tensor<24xf32>
      %428 = stablehlo.multiply %402, %400 : tensor<24xf32>
      %429 = stablehlo.add %iterArg, %428 : tensor<24xf32>
      %430 = stablehlo.multiply %427, %429 : tensor<24xf32>
      %431 = stablehlo.divide %424, %430 : tensor<24xf32>
      %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %432 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %433 = stablehlo.select %391, %421, %431 : tensor<24xi1>, tensor<24xf32>
      %434 = stablehlo.select %393, %432, %433 : tensor<24xi1>, tensor<24xf32>
      %435 = stablehlo.broadcast_in_dim %iterArg_113, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %c_127 = stablehlo.constant dense<0> : tensor<i32>
      %436 = stablehlo.broadcast_in_dim %c_127, dims = [] : (tensor<i32>) -> tensor<24xi32>
      %437 = stablehlo.compare EQ, %435, %436, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
      %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %438 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %cst_129 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %439 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %440 = stablehlo.select %437, %438, %439 : tensor<24xi1>, tensor<24xf32>
      %441 = stablehlo.divide %434, %iterArg_115 : tensor<24xf32>
      %442 = stablehlo.add %440, %441 : tensor<24xf32>
      %cst_130 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
      %443 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %444 = stablehlo.abs %442 : tensor<24xf32>
      %445 = stablehlo.compare LT, %444, %443, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %446 = stablehlo.select %445, %443, %442 : tensor<24xi1>, tensor<24xf32>
      %447 = stablehlo.multiply %434, %iterArg_116 : tensor<24xf32>
      %448 = stablehlo.add %440, %447 : tensor<24xf32>
      %449 = stablehlo.abs %448 : tensor<24xf32>
      %450 = stablehlo.compare LT, %449, %443, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %451 = stablehlo.select %450, %443, %448 : tensor<24xi1>, tensor<24xf32>
      %cst_131 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %452 = stablehlo.broadcast_in_dim %cst_131, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %453 = stablehlo.divide %452, %451 : tensor<24xf32>
      %454 = stablehlo.multiply %446, %453 : tensor<24xf32>
      %455 = stablehlo.multiply %iterArg_117, %454 : tensor<24xf32>
      %c_132 = stablehlo.constant dense<1> : tensor<i32>
      %456 = stablehlo.add %iterArg_113, %c_132 : tensor<i32>
      %cst_133 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %457 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %458 = stablehlo.subtract %454, %457 : tensor<24xf32>
      %459 = stablehlo.abs %458 : tensor<24xf32>
      %cst_134 = stablehlo.constant dense<5.96046448E-8> : tensor<f32>
      %460 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %461 = stablehlo.compare GE, %459, %460, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %c_135 = stablehlo.constant dense<false> : tensor<i1>
      %462 = stablehlo.reduce(%461 init: %c_135) applies stablehlo.or across dimensions = [0] : (tensor<24xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %iterArg, %iterArg_111, %iterArg_112, %456, %462, %446, %453, %455 : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<i32>, tensor<i1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    }
    %66 = chlo.lgamma %49 : tensor<24xf32> -> tensor<24xf32>
    %67 = stablehlo.add %48, %49 : tensor<24xf32>
    %68 = chlo.lgamma %67 : tensor<24xf32> -> tensor<24xf32>
    %69 = stablehlo.subtract %66, %68 : tensor<24xf32>
    %70 = chlo.lgamma %48 : tensor<24xf32> -> tensor<24xf32>
    %71 = stablehlo.add %70, %69 : tensor<24xf32>
    %cst_20 = stablehlo.constant dense<2.3509887E-38> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %73 = stablehlo.compare LT, %48, %72, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %74 = stablehlo.negate %52 : tensor<24xf32>
    %75 = stablehlo.log_plus_one %74 : tensor<24xf32>
    %76 = stablehlo.multiply %75, %49 : tensor<24xf32>
    %77 = stablehlo.subtract %76, %69 : tensor<24xf32>
    %78 = stablehlo.exponential %77 : tensor<24xf32>
    %79 = stablehlo.log %52 : tensor<24xf32>
    %80 = stablehlo.multiply %79, %48 : tensor<24xf32>
    %81 = stablehlo.negate %52 : tensor<24xf32>
    %82 = stablehlo.log_plus_one %81 : tensor<24xf32>
    %83 = stablehlo.multiply %82, %49 : tensor<24xf32>
    %84 = stablehlo.add %80, %83 : tensor<24xf32>
    %85 = stablehlo.subtract %84, %71 : tensor<24xf32>
    %86 = stablehlo.exponential %85 : tensor<24xf32>
    %87 = stablehlo.divide %86, %48 : tensor<24xf32>
    %88 = stablehlo.select %73, %78, %87 : tensor<24xi1>, tensor<24xf32>
    %89 = stablehlo.multiply %65#7, %88 : tensor<24xf32>
    %cst_21 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %91 = stablehlo.subtract %90, %89 : tensor<24xf32>
    %92 = stablehlo.select %47, %89, %91 : tensor<24xi1>, tensor<24xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %94 = stablehlo.select %23, %93, %92 : tensor<24xi1>, tensor<24xf32>
    %cst_23 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %96 = stablehlo.select %26, %95, %94 : tensor<24xi1>, tensor<24xf32>
    %cst_24 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %98 = stablehlo.select %40, %97, %96 : tensor<24xi1>, tensor<24xf32>
    %99 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %100 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %101 = stablehlo.or %99, %100 : tensor<24xi1>
    %cst_25 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %103 = stablehlo.compare EQ, %arg1, %102, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %105 = stablehlo.compare EQ, %arg0, %104, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %107 = stablehlo.compare EQ, %arg1, %106, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %109 = stablehlo.compare LT, %arg1, %108, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %111 = stablehlo.compare LT, %arg0, %110, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %112 = stablehlo.and %105, %107 : tensor<24xi1>
    %113 = stablehlo.or %109, %111 : tensor<24xi1>
    %114 = stablehlo.or %113, %112 : tensor<24xi1>
    %115 = stablehlo.or %114, %101 : tensor<24xi1>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %117 = stablehlo.compare GE, %arg1, %116, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %118 = stablehlo.compare GT, %arg1, %arg0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %119 = stablehlo.and %117, %118 : tensor<24xi1>
    %120 = stablehlo.log %arg1 : tensor<24xf32>
    %121 = stablehlo.multiply %arg0, %120 : tensor<24xf32>
    %122 = stablehlo.subtract %121, %arg1 : tensor<24xf32>
    %123 = chlo.lgamma %arg0 : tensor<24xf32> -> tensor<24xf32>
    %124 = stablehlo.subtract %122, %123 : tensor<24xf32>
    %cst_31 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %125 = stablehlo.log %cst_31 : tensor<f32>
    %126 = stablehlo.negate %125 : tensor<f32>
    %127 = stablehlo.broadcast_in_dim %126, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %128 = stablehlo.compare LT, %124, %127, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %129 = stablehlo.exponential %124 : tensor<24xf32>
    %130 = stablehlo.or %107, %115 : tensor<24xi1>
    %131 = stablehlo.or %130, %128 : tensor<24xi1>
    %132 = stablehlo.or %131, %103 : tensor<24xi1>
    %133 = stablehlo.not %132 : tensor<24xi1>
    %134 = stablehlo.and %133, %119 : tensor<24xi1>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %136 = stablehlo.subtract %135, %arg0 : tensor<24xf32>
    %137 = stablehlo.add %arg1, %136 : tensor<24xf32>
    %cst_33 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %139 = stablehlo.add %137, %138 : tensor<24xf32>
    %cst_34 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %140 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %141 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %142 = stablehlo.add %arg1, %141 : tensor<24xf32>
    %143 = stablehlo.multiply %139, %arg1 : tensor<24xf32>
    %144 = stablehlo.divide %142, %143 : tensor<24xf32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %145 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %147 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %148 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %149 = stablehlo.negate %arg1 : tensor<24xf32>
    %150 = stablehlo.multiply %144, %149 : tensor<24xf32>
    %151 = stablehlo.subtract %148, %150 : tensor<24xf32>
    %152 = stablehlo.divide %151, %143 : tensor<24xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %153:15 = stablehlo.while(%iterArg = %134, %iterArg_111 = %144, %iterArg_112 = %145, %iterArg_113 = %136, %iterArg_114 = %139, %iterArg_115 = %cst_40, %iterArg_116 = %142, %iterArg_117 = %143, %iterArg_118 = %140, %iterArg_119 = %arg1, %iterArg_120 = %146, %iterArg_121 = %147, %iterArg_122 = %148, %iterArg_123 = %149, %iterArg_124 = %152) : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<f32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    cond {
      %cst_125 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %387 = stablehlo.compare LT, %iterArg_115, %cst_125, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_126 = stablehlo.constant dense<false> : tensor<i1>
      %388 = stablehlo.reduce(%iterArg init: %c_126) applies stablehlo.or across dimensions = [0] : (tensor<24xi1>, tensor<i1>) -> tensor<i1>
      %389 = stablehlo.and %387, %388 : tensor<i1>
      stablehlo.return %389 : tensor<i1>
    } do {
      %cst_125 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %387 = stablehlo.add %iterArg_115, %cst_125 : tensor<f32>
      %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %388 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %389 = stablehlo.add %iterArg_113, %388 : tensor<24xf32>
      %cst_127 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %390 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %391 = stablehlo.add %iterArg_114, %390 : tensor<24xf32>
      %392 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %393 = stablehlo.multiply %389, %392 : tensor<24xf32>
      %394 = stablehlo.multiply %iterArg_116, %391 : tensor<24xf32>
      %395 = stablehlo.multiply %iterArg_118, %393 : tensor<24xf32>
      %396 = stablehlo.subtract %394, %395 : tensor<24xf32>
      %397 = stablehlo.multiply %iterArg_117, %391 : tensor<24xf32>
      %398 = stablehlo.multiply %iterArg_119, %393 : tensor<24xf32>
      %399 = stablehlo.subtract %397, %398 : tensor<24xf32>
      %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %401 = stablehlo.compare NE, %399, %400, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %402 = stablehlo.divide %396, %399 : tensor<24xf32>
      %403 = stablehlo.subtract %iterArg_111, %402 : tensor<24xf32>
      %404 = stablehlo.divide %403, %402 : tensor<24xf32>
      %405 = stablehlo.abs %404 : tensor<24xf32>
      %cst_129 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %406 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %407 = stablehlo.select %401, %405, %406 : tensor<24xi1>, tensor<24xf32>
      %408 = stablehlo.select %401, %402, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %409 = stablehlo.multiply %iterArg_122, %391 : tensor<24xf32>
      %410 = stablehlo.subtract %409, %iterArg_116 : tensor<24xf32>
      %411 = stablehlo.multiply %iterArg_120, %393 : tensor<24xf32>
      %412 = stablehlo.subtract %410, %411 : tensor<24xf32>
      %413 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %414 = stablehlo.multiply %iterArg_118, %413 : tensor<24xf32>
      %415 = stablehlo.add %412, %414 : tensor<24xf32>
      %416 = stablehlo.multiply %iterArg_123, %391 : tensor<24xf32>
      %417 = stablehlo.subtract %416, %iterArg_117 : tensor<24xf32>
      %418 = stablehlo.multiply %iterArg_121, %393 : tensor<24xf32>
      %419 = stablehlo.subtract %417, %418 : tensor<24xf32>
      %420 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %421 = stablehlo.multiply %iterArg_119, %420 : tensor<24xf32>
      %422 = stablehlo.add %419, %421 : tensor<24xf32>
      %423 = stablehlo.multiply %408, %422 : tensor<24xf32>
      %424 = stablehlo.subtract %415, %423 : tensor<24xf32>
      %425 = stablehlo.divide %424, %399 : tensor<24xf32>
      %426 = stablehlo.select %401, %425, %iterArg_124 : tensor<24xi1>, tensor<24xf32>
      %427 = stablehlo.subtract %426, %iterArg_124 : tensor<24xf32>
      %428 = stablehlo.abs %427 : tensor<24xf32>
      %cst_130 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %429 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %430 = stablehlo.select %401, %428, %429 : tensor<24xi1>, tensor<24xf32>
      %431 = stablehlo.abs %396 : tensor<24xf32>
      %cst_131 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_132 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %432 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<f32>
      %433 = stablehlo.divide %432, %cst_131 : tensor<f32>
      %434 = stablehlo.broadcast_in_dim %433, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %435 = stablehlo.compare GT, %431, %434, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %cst_133 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %436 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %437 = stablehlo.multiply %iterArg_116, %436 : tensor<24xf32>
      %438 = stablehlo.select %435, %437, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      %cst_134 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %439 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %440 = stablehlo.multiply %396, %439 : tensor<24xf32>
      %441 = stablehlo.select %435, %440, %396 : tensor<24xi1>, tensor<24xf32>
      %cst_135 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %442 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %443 = stablehlo.multiply %iterArg_117, %442 : tensor<24xf32>
      %444 = stablehlo.select %435, %443, %iterArg_117 : tensor<24xi1>, tensor<24xf32>
      %cst_136 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %445 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %446 = stablehlo.multiply %399, %445 : tensor<24xf32>
      %447 = stablehlo.select %435, %446, %399 : tensor<24xi1>, tensor<24xf32>
      %cst_137 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %448 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %449 = stablehlo.multiply %iterArg_122, %448 : tensor<24xf32>
      %450 = stablehlo.select %435, %449, %iterArg_122 : tensor<24xi1>, tensor<24xf32>
      %cst_138 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %451 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %452 = stablehlo.multiply %iterArg_123, %451 : tensor<24xf32>
      %453 = stablehlo.select %435, %452, %iterArg_123 : tensor<24xi1>, tensor<24xf32>
      %cst_139 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %454 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %455 = stablehlo.multiply %415, %454 : tensor<24xf32>
      %456 = stablehlo.select %435, %455, %415 : tensor<24xi1>, tensor<24xf32>
      %cst_140 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %457 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %458 = stablehlo.multiply %422, %457 : tensor<24xf32>
      %459 = stablehlo.select %435, %458, %422 : tensor<24xi1>, tensor<24xf32>
      %cst_141 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %460 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %461 = stablehlo.compare GT, %407, %460, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %462 = stablehlo.and %iterArg, %461 : tensor<24xi1>
      %463 = stablehlo.select %iterArg, %408, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %464 = stablehlo.select %iterArg, %407, %iterArg_112 : tensor<24xi1>, tensor<24xf32>
      %465 = stablehlo.select %iterArg, %389, %iterArg_113 : tensor<24xi1>, tensor<24xf32>
      %466 = stablehlo.select %iterArg, %391, %iterArg_114 : tensor<24xi1>, tensor<24xf32>
      %467 = stablehlo.select %iterArg, %441, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      %468 = stablehlo.select %iterArg, %447, %iterArg_117 : tensor<24xi1>, tensor<24xf32>
      %469 = stablehlo.select %iterArg, %438, %iterArg_118 : tensor<24xi1>, tensor<24xf32>
      %470 = stablehlo.select %iterArg, %444, %iterArg_119 : tensor<24xi1>, tensor<24xf32>
      %471 = stablehlo.select %iterArg, %450, %iterArg_120 : tensor<24xi1>, tensor<24xf32>
      %472 = stablehlo.select %iterArg, %453, %iterArg_121 : tensor<24xi1>, tensor<24xf32>
      %473 = stablehlo.select %iterArg, %456, %iterArg_122 : tensor<24xi1>, tensor<24xf32>
      %474 = stablehlo.select %iterArg, %459, %iterArg_123 : tensor<24xi1>, tensor<24xf32>
      %475 = stablehlo.select %iterArg, %426, %iterArg_124 : tensor<24xi1>, tensor<24xf32>
      stablehlo.return %462, %463, %464, %465, %466, %387, %467, %468, %469, %470, %471, %472, %473, %474, %475 : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<f32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    }
    %154 = stablehlo.multiply %153#1, %129 : tensor<24xf32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %155 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %156 = stablehlo.subtract %155, %154 : tensor<24xf32>
    %157 = stablehlo.not %119 : tensor<24xi1>
    %158 = stablehlo.and %133, %157 : tensor<24xi1>
    %cst_42 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %159 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_43 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %161 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %162 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %163:7 = stablehlo.while(%iterArg = %158, %iterArg_111 = %arg0, %iterArg_112 = %159, %iterArg_113 = %160, %iterArg_114 = %arg1, %iterArg_115 = %161, %iterArg_116 = %162) : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    cond {
      %c_117 = stablehlo.constant dense<false> : tensor<i1>
      %387 = stablehlo.reduce(%iterArg init: %c_117) applies stablehlo.or across dimensions = [0] : (tensor<24xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %387 : tensor<i1>
    } do {
      %cst_117 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %387 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %388 = stablehlo.add %iterArg_111, %387 : tensor<24xf32>
      %389 = stablehlo.divide %iterArg_114, %388 : tensor<24xf32>
      %390 = stablehlo.multiply %iterArg_115, %389 : tensor<24xf32>
      %391 = stablehlo.multiply %iterArg_112, %iterArg_114 : tensor<24xf32>
      %392 = stablehlo.multiply %388, %388 : tensor<24xf32>
      %393 = stablehlo.divide %391, %392 : tensor<24xf32>
      %394 = stablehlo.subtract %390, %393 : tensor<24xf32>
      %395 = stablehlo.add %iterArg_116, %394 : tensor<24xf32>
      %396 = stablehlo.divide %iterArg_114, %388 : tensor<24xf32>
      %397 = stablehlo.multiply %iterArg_112, %396 : tensor<24xf32>
      %398 = stablehlo.add %iterArg_113, %397 : tensor<24xf32>
      %399 = stablehlo.divide %397, %398 : tensor<24xf32>
      %cst_118 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %401 = stablehlo.compare GT, %399, %400, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %402 = stablehlo.and %iterArg, %401 : tensor<24xi1>
      %403 = stablehlo.select %iterArg, %388, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %404 = stablehlo.select %iterArg, %397, %iterArg_112 : tensor<24xi1>, tensor<24xf32>
      %405 = stablehlo.select %iterArg, %398, %iterArg_113 : tensor<24xi1>, tensor<24xf32>
      %406 = stablehlo.select %iterArg, %iterArg_114, %iterArg_114 : tensor<24xi1>, tensor<24xf32>
      %407 = stablehlo.select %iterArg, %394, %iterArg_115 : tensor<24xi1>, tensor<24xf32>
      %408 = stablehlo.select %iterArg, %395, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      stablehlo.return %402, %403, %404, %405, %406, %407, %408 : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    }
    %164 = stablehlo.multiply %163#3, %129 : tensor<24xf32>
    %165 = stablehlo.divide %164, %arg0 : tensor<24xf32>
    %166 = stablehlo.select %119, %156, %165 : tensor<24xi1>, tensor<24xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %167 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %168 = stablehlo.select %107, %167, %166 : tensor<24xi1>, tensor<24xf32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %170 = stablehlo.select %103, %169, %168 : tensor<24xi1>, tensor<24xf32>
    %cst_48 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %171 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %172 = stablehlo.select %115, %171, %170 : tensor<24xi1>, tensor<24xf32>
    %173 = stablehlo.compare NE, %arg0, %arg0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %174 = stablehlo.compare NE, %arg1, %arg1, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %175 = stablehlo.or %173, %174 : tensor<24xi1>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %176 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %177 = stablehlo.compare EQ, %arg0, %176, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %178 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %179 = stablehlo.compare EQ, %arg1, %178, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_51 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %180 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %181 = stablehlo.compare EQ, %arg1, %180, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %182 = stablehlo.broadcast_in_dim %cst_52, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %183 = stablehlo.compare LT, %arg1, %182, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %184 = stablehlo.broadcast_in_dim %cst_53, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %185 = stablehlo.compare LT, %arg0, %184, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %186 = stablehlo.and %177, %179 : tensor<24xi1>
    %187 = stablehlo.or %183, %185 : tensor<24xi1>
    %188 = stablehlo.or %187, %186 : tensor<24xi1>
    %189 = stablehlo.or %188, %175 : tensor<24xi1>
    %cst_54 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %191 = stablehlo.compare LT, %arg1, %190, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %192 = stablehlo.compare LT, %arg1, %arg0, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %193 = stablehlo.or %191, %192 : tensor<24xi1>
    %194 = stablehlo.log %arg1 : tensor<24xf32>
    %195 = stablehlo.multiply %arg0, %194 : tensor<24xf32>
    %196 = stablehlo.subtract %195, %arg1 : tensor<24xf32>
    %197 = chlo.lgamma %arg0 : tensor<24xf32> -> tensor<24xf32>
    %198 = stablehlo.subtract %196, %197 : tensor<24xf32>
    %cst_55 = stablehlo.constant dense<3.40282347E+38> : tensor<f32>
    %199 = stablehlo.log %cst_55 : tensor<f32>
    %200 = stablehlo.negate %199 : tensor<f32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %202 = stablehlo.compare LT, %198, %201, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %203 = stablehlo.or %189, %202 : tensor<24xi1>
    %204 = stablehlo.or %203, %181 : tensor<24xi1>
    %205 = stablehlo.or %204, %177 : tensor<24xi1>
    %206 = stablehlo.not %205 : tensor<24xi1>
    %207 = stablehlo.exponential %198 : tensor<24xf32>
    %208 = stablehlo.and %206, %193 : tensor<24xi1>
    %cst_56 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %209 = stablehlo.broadcast_in_dim %cst_56, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_57 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %210 = stablehlo.broadcast_in_dim %cst_57, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_59 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %212 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %213:7 = stablehlo.while(%iterArg = %208, %iterArg_111 = %arg0, %iterArg_112 = %209, %iterArg_113 = %210, %iterArg_114 = %arg1, %iterArg_115 = %211, %iterArg_116 = %212) : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    cond {
      %c_117 = stablehlo.constant dense<false> : tensor<i1>
      %387 = stablehlo.reduce(%iterArg init: %c_117) applies stablehlo.or across dimensions = [0] : (tensor<24xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %387 : tensor<i1>
    } do {
      %cst_117 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %387 = stablehlo.broadcast_in_dim %cst_117, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %388 = stablehlo.add %iterArg_111, %387 : tensor<24xf32>
      %389 = stablehlo.divide %iterArg_114, %388 : tensor<24xf32>
      %390 = stablehlo.multiply %iterArg_115, %389 : tensor<24xf32>
      %391 = stablehlo.multiply %iterArg_112, %iterArg_114 : tensor<24xf32>
      %392 = stablehlo.multiply %388, %388 : tensor<24xf32>
      %393 = stablehlo.divide %391, %392 : tensor<24xf32>
      %394 = stablehlo.subtract %390, %393 : tensor<24xf32>
      %395 = stablehlo.add %iterArg_116, %394 : tensor<24xf32>
      %396 = stablehlo.divide %iterArg_114, %388 : tensor<24xf32>
      %397 = stablehlo.multiply %iterArg_112, %396 : tensor<24xf32>
      %398 = stablehlo.add %iterArg_113, %397 : tensor<24xf32>
      %399 = stablehlo.divide %397, %398 : tensor<24xf32>
      %cst_118 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_118, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %401 = stablehlo.compare GT, %399, %400, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %402 = stablehlo.and %iterArg, %401 : tensor<24xi1>
      %403 = stablehlo.select %iterArg, %388, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %404 = stablehlo.select %iterArg, %397, %iterArg_112 : tensor<24xi1>, tensor<24xf32>
      %405 = stablehlo.select %iterArg, %398, %iterArg_113 : tensor<24xi1>, tensor<24xf32>
      %406 = stablehlo.select %iterArg, %iterArg_114, %iterArg_114 : tensor<24xi1>, tensor<24xf32>
      %407 = stablehlo.select %iterArg, %394, %iterArg_115 : tensor<24xi1>, tensor<24xf32>
      %408 = stablehlo.select %iterArg, %395, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      stablehlo.return %402, %403, %404, %405, %406, %407, %408 : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    }
    %214 = stablehlo.multiply %213#3, %207 : tensor<24xf32>
    %215 = stablehlo.divide %214, %arg0 : tensor<24xf32>
    %216 = stablehlo.not %193 : tensor<24xi1>
    %217 = stablehlo.and %206, %216 : tensor<24xi1>
    %cst_60 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %218 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %219 = stablehlo.subtract %218, %arg0 : tensor<24xf32>
    %220 = stablehlo.add %arg1, %219 : tensor<24xf32>
    %cst_61 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %221 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %222 = stablehlo.add %220, %221 : tensor<24xf32>
    %cst_62 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %223 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_63 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %224 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %225 = stablehlo.add %arg1, %224 : tensor<24xf32>
    %226 = stablehlo.multiply %222, %arg1 : tensor<24xf32>
    %227 = stablehlo.divide %225, %226 : tensor<24xf32>
    %cst_64 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %228 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_65 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %229 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %230 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %231 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %232 = stablehlo.negate %arg1 : tensor<24xf32>
    %233 = stablehlo.multiply %227, %232 : tensor<24xf32>
    %234 = stablehlo.subtract %231, %233 : tensor<24xf32>
    %235 = stablehlo.divide %234, %226 : tensor<24xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %236:15 = stablehlo.while(%iterArg = %217, %iterArg_111 = %227, %iterArg_112 = %228, %iterArg_113 = %219, %iterArg_114 = %222, %iterArg_115 = %cst_68, %iterArg_116 = %225, %iterArg_117 = %226, %iterArg_118 = %223, %iterArg_119 = %arg1, %iterArg_120 = %229, %iterArg_121 = %230, %iterArg_122 = %231, %iterArg_123 = %232, %iterArg_124 = %235) : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<f32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    cond {
      %cst_125 = stablehlo.constant dense<2.000000e+03> : tensor<f32>
      %387 = stablehlo.compare LT, %iterArg_115, %cst_125, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %c_126 = stablehlo.constant dense<false> : tensor<i1>
      %388 = stablehlo.reduce(%iterArg init: %c_126) applies stablehlo.or across dimensions = [0] : (tensor<24xi1>, tensor<i1>) -> tensor<i1>
      %389 = stablehlo.and %387, %388 : tensor<i1>
      stablehlo.return %389 : tensor<i1>
    } do {
      %cst_125 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %387 = stablehlo.add %iterArg_115, %cst_125 : tensor<f32>
      %cst_126 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %388 = stablehlo.broadcast_in_dim %cst_126, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %389 = stablehlo.add %iterArg_113, %388 : tensor<24xf32>
      %cst_127 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %390 = stablehlo.broadcast_in_dim %cst_127, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %391 = stablehlo.add %iterArg_114, %390 : tensor<24xf32>
      %392 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %393 = stablehlo.multiply %389, %392 : tensor<24xf32>
      %394 = stablehlo.multiply %iterArg_116, %391 : tensor<24xf32>
      %395 = stablehlo.multiply %iterArg_118, %393 : tensor<24xf32>
      %396 = stablehlo.subtract %394, %395 : tensor<24xf32>
      %397 = stablehlo.multiply %iterArg_117, %391 : tensor<24xf32>
      %398 = stablehlo.multiply %iterArg_119, %393 : tensor<24xf32>
      %399 = stablehlo.subtract %397, %398 : tensor<24xf32>
      %cst_128 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %400 = stablehlo.broadcast_in_dim %cst_128, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %401 = stablehlo.compare NE, %399, %400, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %402 = stablehlo.divide %396, %399 : tensor<24xf32>
      %403 = stablehlo.subtract %iterArg_111, %402 : tensor<24xf32>
      %404 = stablehlo.divide %403, %402 : tensor<24xf32>
      %405 = stablehlo.abs %404 : tensor<24xf32>
      %cst_129 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %406 = stablehlo.broadcast_in_dim %cst_129, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %407 = stablehlo.select %401, %405, %406 : tensor<24xi1>, tensor<24xf32>
      %408 = stablehlo.select %401, %402, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %409 = stablehlo.multiply %iterArg_122, %391 : tensor<24xf32>
      %410 = stablehlo.subtract %409, %iterArg_116 : tensor<24xf32>
      %411 = stablehlo.multiply %iterArg_120, %393 : tensor<24xf32>
      %412 = stablehlo.subtract %410, %411 : tensor<24xf32>
      %413 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %414 = stablehlo.multiply %iterArg_118, %413 : tensor<24xf32>
      %415 = stablehlo.add %412, %414 : tensor<24xf32>
      %416 = stablehlo.multiply %iterArg_123, %391 : tensor<24xf32>
      %417 = stablehlo.subtract %416, %iterArg_117 : tensor<24xf32>
      %418 = stablehlo.multiply %iterArg_121, %393 : tensor<24xf32>
      %419 = stablehlo.subtract %417, %418 : tensor<24xf32>
      %420 = stablehlo.broadcast_in_dim %387, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %421 = stablehlo.multiply %iterArg_119, %420 : tensor<24xf32>
      %422 = stablehlo.add %419, %421 : tensor<24xf32>
      %423 = stablehlo.multiply %408, %422 : tensor<24xf32>
      %424 = stablehlo.subtract %415, %423 : tensor<24xf32>
      %425 = stablehlo.divide %424, %399 : tensor<24xf32>
      %426 = stablehlo.select %401, %425, %iterArg_124 : tensor<24xi1>, tensor<24xf32>
      %427 = stablehlo.subtract %426, %iterArg_124 : tensor<24xf32>
      %428 = stablehlo.abs %427 : tensor<24xf32>
      %cst_130 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %429 = stablehlo.broadcast_in_dim %cst_130, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %430 = stablehlo.select %401, %428, %429 : tensor<24xi1>, tensor<24xf32>
      %431 = stablehlo.abs %396 : tensor<24xf32>
      %cst_131 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %cst_132 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %432 = stablehlo.broadcast_in_dim %cst_132, dims = [] : (tensor<f32>) -> tensor<f32>
      %433 = stablehlo.divide %432, %cst_131 : tensor<f32>
      %434 = stablehlo.broadcast_in_dim %433, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %435 = stablehlo.compare GT, %431, %434, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %cst_133 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %436 = stablehlo.broadcast_in_dim %cst_133, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %437 = stablehlo.multiply %iterArg_116, %436 : tensor<24xf32>
      %438 = stablehlo.select %435, %437, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      %cst_134 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %439 = stablehlo.broadcast_in_dim %cst_134, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %440 = stablehlo.multiply %396, %439 : tensor<24xf32>
      %441 = stablehlo.select %435, %440, %396 : tensor<24xi1>, tensor<24xf32>
      %cst_135 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %442 = stablehlo.broadcast_in_dim %cst_135, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %443 = stablehlo.multiply %iterArg_117, %442 : tensor<24xf32>
      %444 = stablehlo.select %435, %443, %iterArg_117 : tensor<24xi1>, tensor<24xf32>
      %cst_136 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %445 = stablehlo.broadcast_in_dim %cst_136, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %446 = stablehlo.multiply %399, %445 : tensor<24xf32>
      %447 = stablehlo.select %435, %446, %399 : tensor<24xi1>, tensor<24xf32>
      %cst_137 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %448 = stablehlo.broadcast_in_dim %cst_137, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %449 = stablehlo.multiply %iterArg_122, %448 : tensor<24xf32>
      %450 = stablehlo.select %435, %449, %iterArg_122 : tensor<24xi1>, tensor<24xf32>
      %cst_138 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %451 = stablehlo.broadcast_in_dim %cst_138, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %452 = stablehlo.multiply %iterArg_123, %451 : tensor<24xf32>
      %453 = stablehlo.select %435, %452, %iterArg_123 : tensor<24xi1>, tensor<24xf32>
      %cst_139 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %454 = stablehlo.broadcast_in_dim %cst_139, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %455 = stablehlo.multiply %415, %454 : tensor<24xf32>
      %456 = stablehlo.select %435, %455, %415 : tensor<24xi1>, tensor<24xf32>
      %cst_140 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %457 = stablehlo.broadcast_in_dim %cst_140, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %458 = stablehlo.multiply %422, %457 : tensor<24xf32>
      %459 = stablehlo.select %435, %458, %422 : tensor<24xi1>, tensor<24xf32>
      %cst_141 = stablehlo.constant dense<1.1920929E-7> : tensor<f32>
      %460 = stablehlo.broadcast_in_dim %cst_141, dims = [] : (tensor<f32>) -> tensor<24xf32>
      %461 = stablehlo.compare GT, %407, %460, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
      %462 = stablehlo.and %iterArg, %461 : tensor<24xi1>
      %463 = stablehlo.select %iterArg, %408, %iterArg_111 : tensor<24xi1>, tensor<24xf32>
      %464 = stablehlo.select %iterArg, %407, %iterArg_112 : tensor<24xi1>, tensor<24xf32>
      %465 = stablehlo.select %iterArg, %389, %iterArg_113 : tensor<24xi1>, tensor<24xf32>
      %466 = stablehlo.select %iterArg, %391, %iterArg_114 : tensor<24xi1>, tensor<24xf32>
      %467 = stablehlo.select %iterArg, %441, %iterArg_116 : tensor<24xi1>, tensor<24xf32>
      %468 = stablehlo.select %iterArg, %447, %iterArg_117 : tensor<24xi1>, tensor<24xf32>
      %469 = stablehlo.select %iterArg, %438, %iterArg_118 : tensor<24xi1>, tensor<24xf32>
      %470 = stablehlo.select %iterArg, %444, %iterArg_119 : tensor<24xi1>, tensor<24xf32>
      %471 = stablehlo.select %iterArg, %450, %iterArg_120 : tensor<24xi1>, tensor<24xf32>
      %472 = stablehlo.select %iterArg, %453, %iterArg_121 : tensor<24xi1>, tensor<24xf32>
      %473 = stablehlo.select %iterArg, %456, %iterArg_122 : tensor<24xi1>, tensor<24xf32>
      %474 = stablehlo.select %iterArg, %459, %iterArg_123 : tensor<24xi1>, tensor<24xf32>
      %475 = stablehlo.select %iterArg, %426, %iterArg_124 : tensor<24xi1>, tensor<24xf32>
      stablehlo.return %462, %463, %464, %465, %466, %387, %467, %468, %469, %470, %471, %472, %473, %474, %475 : tensor<24xi1>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<f32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>
    }
    %237 = stablehlo.multiply %236#1, %207 : tensor<24xf32>
    %cst_69 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %238 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %239 = stablehlo.subtract %238, %215 : tensor<24xf32>
    %240 = stablehlo.select %193, %239, %237 : tensor<24xi1>, tensor<24xf32>
    %241 = stablehlo.or %181, %177 : tensor<24xi1>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %243 = stablehlo.select %241, %242, %240 : tensor<24xi1>, tensor<24xf32>
    %cst_71 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %244 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %245 = stablehlo.select %189, %244, %243 : tensor<24xi1>, tensor<24xf32>
    %246 = stablehlo.minimum %arg0, %arg1 : tensor<24xf32>
    %247 = stablehlo.maximum %arg0, %arg1 : tensor<24xf32>
    %248 = chlo.lgamma %246 : tensor<24xf32> -> tensor<24xf32>
    %249 = chlo.lgamma %247 : tensor<24xf32> -> tensor<24xf32>
    %250 = stablehlo.add %246, %247 : tensor<24xf32>
    %251 = chlo.lgamma %250 : tensor<24xf32> -> tensor<24xf32>
    %252 = stablehlo.subtract %249, %251 : tensor<24xf32>
    %253 = stablehlo.add %248, %252 : tensor<24xf32>
    %254 = chlo.lgamma %246 : tensor<24xf32> -> tensor<24xf32>
    %255 = stablehlo.divide %246, %247 : tensor<24xf32>
    %cst_72 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %256 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %257 = stablehlo.add %256, %255 : tensor<24xf32>
    %258 = stablehlo.divide %255, %257 : tensor<24xf32>
    %cst_73 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %260 = stablehlo.add %259, %255 : tensor<24xf32>
    %261 = stablehlo.divide %255, %260 : tensor<24xf32>
    %cst_74 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %263 = stablehlo.subtract %246, %262 : tensor<24xf32>
    %264 = stablehlo.add %247, %263 : tensor<24xf32>
    %265 = stablehlo.multiply %261, %261 : tensor<24xf32>
    %266 = stablehlo.add %261, %265 : tensor<24xf32>
    %cst_75 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %267 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %268 = stablehlo.add %267, %266 : tensor<24xf32>
    %269 = stablehlo.multiply %265, %268 : tensor<24xf32>
    %270 = stablehlo.add %261, %269 : tensor<24xf32>
    %cst_76 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %272 = stablehlo.add %271, %270 : tensor<24xf32>
    %273 = stablehlo.multiply %265, %272 : tensor<24xf32>
    %274 = stablehlo.add %261, %273 : tensor<24xf32>
    %cst_77 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %275 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %276 = stablehlo.add %275, %274 : tensor<24xf32>
    %277 = stablehlo.multiply %265, %276 : tensor<24xf32>
    %278 = stablehlo.add %261, %277 : tensor<24xf32>
    %cst_78 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %279 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %280 = stablehlo.add %279, %278 : tensor<24xf32>
    %281 = stablehlo.multiply %265, %280 : tensor<24xf32>
    %282 = stablehlo.add %261, %281 : tensor<24xf32>
    %cst_79 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %284 = stablehlo.add %283, %282 : tensor<24xf32>
    %cst_80 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %285 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %286 = stablehlo.divide %285, %247 : tensor<24xf32>
    %287 = stablehlo.multiply %286, %286 : tensor<24xf32>
    %cst_81 = stablehlo.constant dense<-0.00165322958> : tensor<f32>
    %288 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %289 = stablehlo.multiply %288, %284 : tensor<24xf32>
    %290 = stablehlo.multiply %289, %287 : tensor<24xf32>
    %cst_82 = stablehlo.constant dense<8.373080e-04> : tensor<f32>
    %291 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %292 = stablehlo.multiply %291, %280 : tensor<24xf32>
    %293 = stablehlo.add %290, %292 : tensor<24xf32>
    %294 = stablehlo.multiply %293, %287 : tensor<24xf32>
    %cst_83 = stablehlo.constant dense<-5.95202902E-4> : tensor<f32>
    %295 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %296 = stablehlo.multiply %295, %276 : tensor<24xf32>
    %297 = stablehlo.add %294, %296 : tensor<24xf32>
    %298 = stablehlo.multiply %297, %287 : tensor<24xf32>
    %cst_84 = stablehlo.constant dense<7.93650688E-4> : tensor<f32>
    %299 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %300 = stablehlo.multiply %299, %272 : tensor<24xf32>
    %301 = stablehlo.add %298, %300 : tensor<24xf32>
    %302 = stablehlo.multiply %301, %287 : tensor<24xf32>
    %cst_85 = stablehlo.constant dense<-0.00277777785> : tensor<f32>
    %303 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %304 = stablehlo.multiply %303, %268 : tensor<24xf32>
    %305 = stablehlo.add %302, %304 : tensor<24xf32>
    %306 = stablehlo.multiply %305, %287 : tensor<24xf32>
    %cst_86 = stablehlo.constant dense<0.0833333358> : tensor<f32>
    %307 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %308 = stablehlo.add %306, %307 : tensor<24xf32>
    %309 = stablehlo.divide %258, %247 : tensor<24xf32>
    %310 = stablehlo.multiply %308, %309 : tensor<24xf32>
    %311 = stablehlo.divide %246, %247 : tensor<24xf32>
    %312 = stablehlo.log_plus_one %311 : tensor<24xf32>
    %313 = stablehlo.multiply %264, %312 : tensor<24xf32>
    %314 = stablehlo.log %247 : tensor<24xf32>
    %cst_87 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %315 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %316 = stablehlo.subtract %314, %315 : tensor<24xf32>
    %317 = stablehlo.multiply %246, %316 : tensor<24xf32>
    %318 = stablehlo.compare LE, %313, %317, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %319 = stablehlo.subtract %310, %317 : tensor<24xf32>
    %320 = stablehlo.subtract %319, %313 : tensor<24xf32>
    %321 = stablehlo.subtract %310, %313 : tensor<24xf32>
    %322 = stablehlo.subtract %321, %317 : tensor<24xf32>
    %323 = call @_where_1(%318, %320, %322) : (tensor<24xi1>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %324 = stablehlo.add %254, %323 : tensor<24xf32>
    %cst_88 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %325 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %326 = stablehlo.compare LT, %247, %325, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %327 = call @_where_1(%326, %253, %324) : (tensor<24xi1>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %328 = stablehlo.convert %arg3 : (tensor<24xi32>) -> tensor<24xf32>
    %329 = chlo.polygamma %328, %arg0 : tensor<24xf32>, tensor<24xf32> -> tensor<24xf32>
    %cst_89 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %330 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %331 = stablehlo.add %arg0, %330 : tensor<24xf32>
    %332 = chlo.zeta %331, %arg1 : tensor<24xf32>, tensor<24xf32> -> tensor<24xf32>
    %cst_90 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %333 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %334 = stablehlo.add %arg0, %333 : tensor<24xf32>
    %cst_91 = stablehlo.constant dense<2.500000e-01> : tensor<f32>
    %cst_92 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %335 = stablehlo.multiply %cst_91, %cst_92 : tensor<f32>
    %cst_93 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %cst_94 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %336 = stablehlo.subtract %cst_93, %cst_94 : tensor<f32>
    %337 = stablehlo.multiply %335, %336 : tensor<f32>
    %cst_95 = stablehlo.constant dense<3.14159274> : tensor<f32>
    %338 = stablehlo.log %cst_95 : tensor<f32>
    %339 = stablehlo.multiply %337, %338 : tensor<f32>
    %340 = stablehlo.iota dim = 0 : tensor<2xf32>
    %cst_96 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %341 = stablehlo.broadcast_in_dim %cst_96, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %342 = stablehlo.divide %340, %341 : tensor<2xf32>
    %343 = stablehlo.broadcast_in_dim %334, dims = [0] : (tensor<24xf32>) -> tensor<24x1xf32>
    %344 = stablehlo.broadcast_in_dim %342, dims = [1] : (tensor<2xf32>) -> tensor<1x2xf32>
    %345 = stablehlo.broadcast_in_dim %343, dims = [0, 1] : (tensor<24x1xf32>) -> tensor<24x2xf32>
    %346 = stablehlo.broadcast_in_dim %344, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<24x2xf32>
    %347 = stablehlo.subtract %345, %346 : tensor<24x2xf32>
    %348 = chlo.lgamma %347 : tensor<24x2xf32> -> tensor<24x2xf32>
    %cst_97 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %349 = stablehlo.reduce(%348 init: %cst_97) applies stablehlo.add across dimensions = [1] : (tensor<24x2xf32>, tensor<f32>) -> tensor<24xf32>
    %350 = stablehlo.broadcast_in_dim %339, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %351 = stablehlo.add %349, %350 : tensor<24xf32>
    %352 = stablehlo.multiply %arg0, %arg2 : tensor<24xf32>
    %cst_98 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %353 = stablehlo.reduce(%352 init: %cst_98) applies stablehlo.maximum across dimensions = [0] : (tensor<24xf32>, tensor<f32>) -> tensor<f32>
    %cst_99 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %354 = stablehlo.maximum %cst_99, %353 : tensor<f32>
    %355 = stablehlo.is_finite %354 : (tensor<f32>) -> tensor<i1>
    %cst_100 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %356 = stablehlo.select %355, %354, %cst_100 : tensor<i1>, tensor<f32>
    %357 = stablehlo.broadcast_in_dim %356, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %358 = stablehlo.broadcast_in_dim %357, dims = [0] : (tensor<1xf32>) -> tensor<24xf32>
    %359 = stablehlo.subtract %352, %358 : tensor<24xf32>
    %360 = stablehlo.exponential %359 : tensor<24xf32>
    %cst_101 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %361 = stablehlo.reduce(%360 init: %cst_101) applies stablehlo.add across dimensions = [0] : (tensor<24xf32>, tensor<f32>) -> tensor<f32>
    %362 = stablehlo.abs %361 : tensor<f32>
    %363 = stablehlo.log %362 : tensor<f32>
    %364 = stablehlo.add %363, %356 : tensor<f32>
    %365 = stablehlo.multiply %arg0, %arg2 : tensor<24xf32>
    %cst_102 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %366 = stablehlo.reduce(%365 init: %cst_102) applies stablehlo.maximum across dimensions = [0] : (tensor<24xf32>, tensor<f32>) -> tensor<f32>
    %cst_103 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %367 = stablehlo.maximum %cst_103, %366 : tensor<f32>
    %368 = stablehlo.broadcast_in_dim %367, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %369 = stablehlo.broadcast_in_dim %368, dims = [0] : (tensor<1xf32>) -> tensor<24xf32>
    %370 = stablehlo.subtract %365, %369 : tensor<24xf32>
    %371 = stablehlo.exponential %370 : tensor<24xf32>
    %cst_104 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %372 = stablehlo.reduce(%371 init: %cst_104) applies stablehlo.add across dimensions = [0] : (tensor<24xf32>, tensor<f32>) -> tensor<f32>
    %373 = stablehlo.broadcast_in_dim %372, dims = [] : (tensor<f32>) -> tensor<1xf32>
    %374 = stablehlo.broadcast_in_dim %373, dims = [0] : (tensor<1xf32>) -> tensor<24xf32>
    %375 = stablehlo.divide %371, %374 : tensor<24xf32>
    %cst_105 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %376 = stablehlo.broadcast_in_dim %cst_105, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %377 = stablehlo.compare LT, %arg0, %376, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_106 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %378 = stablehlo.broadcast_in_dim %cst_106, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %379 = stablehlo.compare EQ, %arg0, %378, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_107 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %380 = stablehlo.broadcast_in_dim %cst_107, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %381 = stablehlo.compare EQ, %arg0, %380, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %382 = stablehlo.broadcast_in_dim %377, dims = [1] : (tensor<24xi1>) -> tensor<1x24xi1>
    %383 = stablehlo.broadcast_in_dim %379, dims = [1] : (tensor<24xi1>) -> tensor<1x24xi1>
    %384 = stablehlo.broadcast_in_dim %381, dims = [1] : (tensor<24xi1>) -> tensor<1x24xi1>
    %385 = stablehlo.concatenate %382, %383, %384, dim = 0 : (tensor<1x24xi1>, tensor<1x24xi1>, tensor<1x24xi1>) -> tensor<3x24xi1>
    %cst_108 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %c_109 = stablehlo.constant dense<0> : tensor<i32>
    %cst_110 = stablehlo.constant dense<1.64493406> : tensor<f32>
    %386 = call @_piecewise(%arg0, %385, %cst_108, %c_109, %cst_110) : (tensor<24xf32>, tensor<3x24xi1>, tensor<f32>, tensor<i32>, tensor<f32>) -> tensor<24xf32>
    return %98, %172, %245, %327, %329, %332, %351, %364, %375, %386 : tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<24xf32>, tensor<f32>, tensor<24xf32>, tensor<24xf32>
  }
  func.func private @remainder(%arg0: tensor<24xi32>, %arg1: tensor<24xi32>) -> tensor<24xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %1 = stablehlo.compare EQ, %arg1, %0, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_0 = stablehlo.constant dense<1> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %3 = call @_where(%1, %2, %arg1) : (tensor<24xi1>, tensor<24xi32>, tensor<24xi32>) -> tensor<24xi32>
    %4 = stablehlo.remainder %arg0, %3 : tensor<24xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %7 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %8 = stablehlo.compare LT, %4, %7, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %9 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %10 = stablehlo.compare LT, %3, %9, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %11 = stablehlo.compare NE, %8, %10, UNSIGNED : (tensor<24xi1>, tensor<24xi1>) -> tensor<24xi1>
    %12 = stablehlo.and %11, %6 : tensor<24xi1>
    %13 = stablehlo.add %4, %3 : tensor<24xi32>
    %14 = stablehlo.select %12, %13, %4 : tensor<24xi1>, tensor<24xi32>
    return %14 : tensor<24xi32>
  }
  func.func private @_where(%arg0: tensor<24xi1>, %arg1: tensor<24xi32>, %arg2: tensor<24xi32>) -> tensor<24xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<24xi1>, tensor<24xi32>
    return %0 : tensor<24xi32>
  }
  func.func private @floor_divide(%arg0: tensor<24xi32>, %arg1: tensor<24xi32>) -> tensor<24xi32> {
    %0 = stablehlo.divide %arg0, %arg1 : tensor<24xi32>
    %1 = stablehlo.sign %arg0 : tensor<24xi32>
    %2 = stablehlo.sign %arg1 : tensor<24xi32>
    %3 = stablehlo.compare NE, %1, %2, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %4 = stablehlo.remainder %arg0, %arg1 : tensor<24xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %6 = stablehlo.compare NE, %4, %5, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<24xi1>
    %8 = stablehlo.compare NE, %3, %7, UNSIGNED : (tensor<24xi1>, tensor<24xi1>) -> tensor<24xi1>
    %9 = stablehlo.convert %8 : tensor<24xi1>
    %c_1 = stablehlo.constant dense<false> : tensor<i1>
    %10 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i1>) -> tensor<24xi1>
    %11 = stablehlo.compare NE, %6, %10, UNSIGNED : (tensor<24xi1>, tensor<24xi1>) -> tensor<24xi1>
    %12 = stablehlo.convert %11 : tensor<24xi1>
    %13 = stablehlo.and %9, %12 : tensor<24xi1>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %14 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %15 = stablehlo.subtract %0, %14 : tensor<24xi32>
    %16 = call @_where_0(%13, %15, %0) : (tensor<24xi1>, tensor<24xi32>, tensor<24xi32>) -> tensor<24xi32>
    return %16 : tensor<24xi32>
  }
  func.func private @_where_0(%arg0: tensor<24xi1>, %arg1: tensor<24xi32>, %arg2: tensor<24xi32>) -> tensor<24xi32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<24xi1>, tensor<24xi32>
    return %0 : tensor<24xi32>
  }
  func.func private @_where_1(%arg0: tensor<24xi1>, %arg1: tensor<24xf32>, %arg2: tensor<24xf32>) -> tensor<24xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<24xi1>, tensor<24xf32>
    return %0 : tensor<24xf32>
  }
  func.func private @_piecewise(%arg0: tensor<24xf32>, %arg1: tensor<3x24xi1>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<f32>) -> tensor<24xf32> {
    %cst = stablehlo.constant dense<[4.65128578E-5, 0.0073158904, 0.133847639, 0.879691302, 2.7114985, 4.25697136, 3.29771352, 1.000000e+00]> : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<[6.90990476E-4, 0.0254043769, 0.282974869, 1.411726, 3.63800526, 5.03278875, 3.54771352, 1.000000e+00]> : tensor<8xf32>
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1x24xi1>
    %1 = stablehlo.concatenate %0, %arg1, dim = 0 : (tensor<1x24xi1>, tensor<3x24xi1>) -> tensor<4x24xi1>
    %2 = call @cumsum(%1) : (tensor<4x24xi1>) -> tensor<4x24xi32>
    %3 = call @argmax(%2) : (tensor<4x24xi32>) -> tensor<24xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %c_2 = stablehlo.constant dense<3> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %5 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %6 = stablehlo.clamp %4, %3, %5 : tensor<24xi32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [1] : (tensor<8xf32>) -> tensor<24x8xf32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [1] : (tensor<8xf32>) -> tensor<24x8xf32>
    %9 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %10 = stablehlo.broadcast_in_dim %arg3, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %11 = stablehlo.broadcast_in_dim %arg4, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %12 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %13 = stablehlo.compare EQ, %6, %12, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<24xi1>) -> tensor<24x8xi1>
    %15 = stablehlo.select %14, %7, %7 : tensor<24x8xi1>, tensor<24x8xf32>
    %16 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<24xi1>) -> tensor<24x8xi1>
    %17 = stablehlo.select %16, %8, %8 : tensor<24x8xi1>, tensor<24x8xf32>
    %18 = stablehlo.select %13, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %20 = stablehlo.compare GT, %18, %19, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<24xi1>) -> tensor<24x1xi1>
    %22 = call @_piecewise_3(%18, %21) : (tensor<24xf32>, tensor<24x1xi1>) -> tensor<24xf32>
    %cst_5 = stablehlo.constant dense<1.500000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %24 = stablehlo.compare GT, %22, %23, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %cst_6 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %26 = stablehlo.compare LT, %22, %25, FLOAT : (tensor<24xf32>, tensor<24xf32>) -> tensor<24xi1>
    %27 = stablehlo.or %20, %24 : tensor<24xi1>
    %28 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<24xi1>) -> tensor<24x1xi1>
    %29 = stablehlo.broadcast_in_dim %26, dims = [0] : (tensor<24xi1>) -> tensor<24x1xi1>
    %30 = stablehlo.concatenate %28, %29, dim = 1 : (tensor<24x1xi1>, tensor<24x1xi1>) -> tensor<24x2xi1>
    %31 = call @_piecewise_7(%22, %30) : (tensor<24xf32>, tensor<24x2xi1>) -> tensor<24xf32>
    %32 = stablehlo.negate %31 : tensor<24xf32>
    %33 = call @polyval(%15, %31) : (tensor<24x8xf32>, tensor<24xf32>) -> tensor<24xf32>
    %34 = stablehlo.multiply %32, %33 : tensor<24xf32>
    %35 = call @polyval(%17, %31) : (tensor<24x8xf32>, tensor<24xf32>) -> tensor<24xf32>
    %36 = stablehlo.divide %34, %35 : tensor<24xf32>
    %37 = stablehlo.log %22 : tensor<24xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %39 = stablehlo.subtract %38, %22 : tensor<24xf32>
    %40 = stablehlo.log %39 : tensor<24xf32>
    %41 = stablehlo.multiply %37, %40 : tensor<24xf32>
    %cst_8 = stablehlo.constant dense<1.64493406> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %43 = stablehlo.subtract %42, %41 : tensor<24xf32>
    %44 = stablehlo.subtract %43, %36 : tensor<24xf32>
    %45 = call @_where_11(%26, %44, %36) : (tensor<24xi1>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %46 = stablehlo.log %22 : tensor<24xf32>
    %47 = stablehlo.multiply %46, %46 : tensor<24xf32>
    %cst_9 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %49 = stablehlo.multiply %48, %47 : tensor<24xf32>
    %50 = stablehlo.subtract %49, %45 : tensor<24xf32>
    %51 = call @_where_11(%27, %50, %45) : (tensor<24xi1>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %c_10 = stablehlo.constant dense<1> : tensor<i32>
    %52 = stablehlo.broadcast_in_dim %c_10, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %53 = stablehlo.compare EQ, %6, %52, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %54 = stablehlo.select %53, %9, %9 : tensor<24xi1>, tensor<24xf32>
    %55 = stablehlo.convert %54 : tensor<24xf32>
    %c_11 = stablehlo.constant dense<2> : tensor<i32>
    %56 = stablehlo.broadcast_in_dim %c_11, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %57 = stablehlo.compare EQ, %6, %56, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %58 = stablehlo.select %57, %10, %10 : tensor<24xi1>, tensor<24xi32>
    %59 = stablehlo.convert %58 : (tensor<24xi32>) -> tensor<24xf32>
    %c_12 = stablehlo.constant dense<3> : tensor<i32>
    %60 = stablehlo.broadcast_in_dim %c_12, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %61 = stablehlo.compare EQ, %6, %60, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %62 = stablehlo.select %61, %11, %11 : tensor<24xi1>, tensor<24xf32>
    %63 = stablehlo.convert %62 : tensor<24xf32>
    %c_13 = stablehlo.constant dense<2> : tensor<i32>
    %64 = stablehlo.broadcast_in_dim %c_13, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %65 = stablehlo.compare LT, %6, %64, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_14 = stablehlo.constant dense<1> : tensor<i32>
    %66 = stablehlo.broadcast_in_dim %c_14, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %67 = stablehlo.compare LT, %6, %66, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %68 = stablehlo.select %67, %51, %55 : tensor<24xi1>, tensor<24xf32>
    %c_15 = stablehlo.constant dense<3> : tensor<i32>
    %69 = stablehlo.broadcast_in_dim %c_15, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %70 = stablehlo.compare LT, %6, %69, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %71 = stablehlo.select %70, %59, %63 : tensor<24xi1>, tensor<24xf32>
    %72 = stablehlo.select %65, %68, %71 : tensor<24xi1>, tensor<24xf32>
    return %72 : tensor<24xf32>
  }
  func.func private @cumsum(%arg0: tensor<4x24xi1>) -> tensor<4x24xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<4x24xi1>) -> tensor<4x24xi32>
    %1 = call @cumsum_2(%0) : (tensor<4x24xi32>) -> tensor<4x24xi32>
    return %1 : tensor<4x24xi32>
  }
  func.func private @cumsum_2(%arg0: tensor<4x24xi32>) -> tensor<4x24xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[3, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 4, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<4x24xi32>, tensor<i32>) -> tensor<4x24xi32>
    return %1 : tensor<4x24xi32>
  }
  func.func private @argmax(%arg0: tensor<4x24xi32>) -> tensor<24xi32> {
    %0 = stablehlo.iota dim = 0 : tensor<4x24xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [0] : (tensor<4x24xi32>, tensor<4x24xi32>, tensor<i32>, tensor<i32>) -> (tensor<24xi32>, tensor<24xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<24xi32>
  }
  func.func private @_piecewise_3(%arg0: tensor<24xf32>, %arg1: tensor<24x1xi1>) -> tensor<24xf32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<1xi1>) -> tensor<24x1xi1>
    %2 = stablehlo.concatenate %1, %arg1, dim = 1 : (tensor<24x1xi1>, tensor<24x1xi1>) -> tensor<24x2xi1>
    %3 = call @cumsum_4(%2) : (tensor<24x2xi1>) -> tensor<24x2xi32>
    %4 = call @argmax_6(%3) : (tensor<24x2xi32>) -> tensor<24xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %7 = stablehlo.clamp %5, %4, %6 : tensor<24xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %9 = stablehlo.compare EQ, %7, %8, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %10 = stablehlo.select %9, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %11 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %12 = stablehlo.compare EQ, %7, %11, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %13 = stablehlo.select %12, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %15 = stablehlo.divide %14, %13 : tensor<24xf32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %16 = stablehlo.broadcast_in_dim %c_4, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %17 = stablehlo.compare LT, %7, %16, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %18 = stablehlo.select %17, %10, %15 : tensor<24xi1>, tensor<24xf32>
    return %18 : tensor<24xf32>
  }
  func.func private @cumsum_4(%arg0: tensor<24x2xi1>) -> tensor<24x2xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<24x2xi1>) -> tensor<24x2xi32>
    %1 = call @cumsum_5(%0) : (tensor<24x2xi32>) -> tensor<24x2xi32>
    return %1 : tensor<24x2xi32>
  }
  func.func private @cumsum_5(%arg0: tensor<24x2xi32>) -> tensor<24x2xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 2>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<24x2xi32>, tensor<i32>) -> tensor<24x2xi32>
    return %1 : tensor<24x2xi32>
  }
  func.func private @argmax_6(%arg0: tensor<24x2xi32>) -> tensor<24xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<24x2xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<24x2xi32>, tensor<24x2xi32>, tensor<i32>, tensor<i32>) -> (tensor<24xi32>, tensor<24xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<24xi32>
  }
  func.func private @_piecewise_7(%arg0: tensor<24xf32>, %arg1: tensor<24x2xi1>) -> tensor<24xf32> {
    %c = stablehlo.constant dense<false> : tensor<i1>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<1xi1>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<1xi1>) -> tensor<24x1xi1>
    %2 = stablehlo.concatenate %1, %arg1, dim = 1 : (tensor<24x1xi1>, tensor<24x2xi1>) -> tensor<24x3xi1>
    %3 = call @cumsum_8(%2) : (tensor<24x3xi1>) -> tensor<24x3xi32>
    %4 = call @argmax_10(%3) : (tensor<24x3xi32>) -> tensor<24xi32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<2> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %6 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %7 = stablehlo.clamp %5, %4, %6 : tensor<24xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %9 = stablehlo.compare EQ, %7, %8, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %10 = stablehlo.select %9, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %12 = stablehlo.subtract %10, %11 : tensor<24xf32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %13 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %14 = stablehlo.compare EQ, %7, %13, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %15 = stablehlo.select %14, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %17 = stablehlo.divide %16, %15 : tensor<24xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %19 = stablehlo.subtract %17, %18 : tensor<24xf32>
    %c_6 = stablehlo.constant dense<2> : tensor<i32>
    %20 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %21 = stablehlo.compare EQ, %7, %20, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %22 = stablehlo.select %21, %arg0, %arg0 : tensor<24xi1>, tensor<24xf32>
    %23 = stablehlo.negate %22 : tensor<24xf32>
    %c_7 = stablehlo.constant dense<1> : tensor<i32>
    %24 = stablehlo.broadcast_in_dim %c_7, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %25 = stablehlo.compare LT, %7, %24, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %c_8 = stablehlo.constant dense<2> : tensor<i32>
    %26 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i32>) -> tensor<24xi32>
    %27 = stablehlo.compare LT, %7, %26, SIGNED : (tensor<24xi32>, tensor<24xi32>) -> tensor<24xi1>
    %28 = stablehlo.select %27, %19, %23 : tensor<24xi1>, tensor<24xf32>
    %29 = stablehlo.select %25, %12, %28 : tensor<24xi1>, tensor<24xf32>
    return %29 : tensor<24xf32>
  }
  func.func private @cumsum_8(%arg0: tensor<24x3xi1>) -> tensor<24x3xi32> {
    %0 = stablehlo.convert %arg0 : (tensor<24x3xi1>) -> tensor<24x3xi32>
    %1 = call @cumsum_9(%0) : (tensor<24x3xi32>) -> tensor<24x3xi32>
    return %1 : tensor<24x3xi32>
  }
  func.func private @cumsum_9(%arg0: tensor<24x3xi32>) -> tensor<24x3xi32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<i32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [2, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 3>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<i32>, %arg2: tensor<i32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<i32>
      stablehlo.return %2 : tensor<i32>
    }) : (tensor<24x3xi32>, tensor<i32>) -> tensor<24x3xi32>
    return %1 : tensor<24x3xi32>
  }
  func.func private @argmax_10(%arg0: tensor<24x3xi32>) -> tensor<24xi32> {
    %0 = stablehlo.iota dim = 1 : tensor<24x3xi32>
    %c = stablehlo.constant dense<-2147483648> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1:2 = stablehlo.reduce(%arg0 init: %c), (%0 init: %c_0) across dimensions = [1] : (tensor<24x3xi32>, tensor<24x3xi32>, tensor<i32>, tensor<i32>) -> (tensor<24xi32>, tensor<24xi32>)
     reducer(%arg1: tensor<i32>, %arg3: tensor<i32>) (%arg2: tensor<i32>, %arg4: tensor<i32>)  {
      %2 = stablehlo.compare GT, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %3 = stablehlo.compare NE, %arg1, %arg1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %4 = stablehlo.or %2, %3 : tensor<i1>
      %5 = stablehlo.compare EQ, %arg1, %arg3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %6 = stablehlo.compare LT, %arg2, %arg4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      %7 = stablehlo.and %5, %6 : tensor<i1>
      %8 = stablehlo.or %4, %7 : tensor<i1>
      %9 = stablehlo.select %4, %arg1, %arg3 : tensor<i1>, tensor<i32>
      %10 = stablehlo.select %8, %arg2, %arg4 : tensor<i1>, tensor<i32>
      stablehlo.return %9, %10 : tensor<i32>, tensor<i32>
    }
    return %1#1 : tensor<24xi32>
  }
  func.func private @polyval(%arg0: tensor<24x8xf32>, %arg1: tensor<24xf32>) -> tensor<24xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<24xf32>
    %1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<24x8xf32>) -> tensor<8x24xf32>
    %2 = stablehlo.slice %1 [0:0, 0:24] : (tensor<8x24xf32>) -> tensor<0x24xf32>
    %3 = stablehlo.slice %1 [0:8, 0:24] : (tensor<8x24xf32>) -> tensor<8x24xf32>
    %4 = stablehlo.slice %3 [0:1, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %5 = stablehlo.reshape %4 : (tensor<1x24xf32>) -> tensor<24xf32>
    %6 = call @closed_call(%arg1, %0, %5) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %7 = stablehlo.slice %3 [1:2, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %8 = stablehlo.reshape %7 : (tensor<1x24xf32>) -> tensor<24xf32>
    %9 = call @closed_call(%arg1, %6, %8) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %10 = stablehlo.slice %3 [2:3, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %11 = stablehlo.reshape %10 : (tensor<1x24xf32>) -> tensor<24xf32>
    %12 = call @closed_call(%arg1, %9, %11) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %13 = stablehlo.slice %3 [3:4, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %14 = stablehlo.reshape %13 : (tensor<1x24xf32>) -> tensor<24xf32>
    %15 = call @closed_call(%arg1, %12, %14) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %16 = stablehlo.slice %3 [4:5, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %17 = stablehlo.reshape %16 : (tensor<1x24xf32>) -> tensor<24xf32>
    %18 = call @closed_call(%arg1, %15, %17) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %19 = stablehlo.slice %3 [5:6, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %20 = stablehlo.reshape %19 : (tensor<1x24xf32>) -> tensor<24xf32>
    %21 = call @closed_call(%arg1, %18, %20) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %22 = stablehlo.slice %3 [6:7, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %23 = stablehlo.reshape %22 : (tensor<1x24xf32>) -> tensor<24xf32>
    %24 = call @closed_call(%arg1, %21, %23) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    %25 = stablehlo.slice %3 [7:8, 0:24] : (tensor<8x24xf32>) -> tensor<1x24xf32>
    %26 = stablehlo.reshape %25 : (tensor<1x24xf32>) -> tensor<24xf32>
    %27 = call @closed_call(%arg1, %24, %26) : (tensor<24xf32>, tensor<24xf32>, tensor<24xf32>) -> tensor<24xf32>
    return %27 : tensor<24xf32>
  }
  func.func private @closed_call(%arg0: tensor<24xf32>, %arg1: tensor<24xf32>, %arg2: tensor<24xf32>) -> tensor<24xf32> {
    %0 = stablehlo.multiply %arg1, %arg0 : tensor<24xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<24xf32>
    return %1 : tensor<24xf32>
  }
  func.func private @_where_11(%arg0: tensor<24xi1>, %arg1: tensor<24xf32>, %arg2: tensor<24xf32>) -> tensor<24xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<24xi1>, tensor<24xf32>
    return %0 : tensor<24xf32>
  }
}
