// The one matrix-multiply entry point of the CPU backend. Everything that multiplies matrices
// (dot_general, convolution, LAPACK-free linear algebra) goes through Gemm so a tuned
// implementation (OpenBLAS, a micro-kernel) can replace it in one place.
#pragma once

#include <cstdint>

#include "runtime/support/element_type.h"

namespace jaxlib::cpu {

// C[M,N] (+)= A[M,K] * B[K,N], all row-major with leading dimensions lda, ldb, ldc, element
// type `t` (f32, f64, c64, c128, s32, s64, u32, u64). When `accumulate` is false C is
// overwritten. Returns false for an unsupported type.
bool Gemm(ElementType t, int64_t M, int64_t N, int64_t K, const void* A, int64_t lda, const void* B,
          int64_t ldb, void* C, int64_t ldc, bool accumulate);

}  // namespace jaxlib::cpu
