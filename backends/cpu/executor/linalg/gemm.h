// The one matrix-multiply entry point of the CPU backend. Everything that multiplies matrices
// (dot_general, convolution, LAPACK-free linear algebra) goes through Gemm: f32/f64/c64/c128 go
// to the run-time BLAS (OpenBLAS from scipy-openblas32, loaded by lapack_library.h) when one is
// configured (f32 products that fit in L2 to our own kernel in its place, with its sums), every
// other type and the no-library case to the built-in blocked GEMM. All split large products
// over the thread pool.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/support/element_type.h"

namespace jaxlib::cpu {

// ?gemm routines of a loaded BLAS. Opaque to callers.
struct BlasGemm;

// The BLAS of the LAPACK library at `configured_path` (or $JAXLIB_CPU_LAPACK_LIBRARY), or nullptr
// when none is configured or it has no ?gemm: callers then use the built-in GEMM, slower but
// correct. Resolved once per path; the first successful load sets OpenBLAS to one thread per
// call, because Gemm itself splits the work over this backend's thread pool.
const BlasGemm* ResolveBlasGemm(const std::string& configured_path);

// A row-major matrix operand: element (r, c) of op(X) is data[r * ld + c], or data[c * ld + r]
// when `transposed`.
struct GemmOperand {
  const void* data = nullptr;
  int64_t ld = 0;
  bool transposed = false;
};

// C[M,N] (+)= op(A)[M,K] * op(B)[K,N]; C row-major with leading dimension ldc, element type `t`
// (f32, f64, c64, c128, s32, s64, u32, u64). When `accumulate` is false C is overwritten.
// `blas` may be nullptr. Returns false for an unsupported type.
bool Gemm(const BlasGemm* blas, ElementType t, int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B,
          void* C, int64_t ldc, bool accumulate);

// Whether Gemm runs an f32 product of M x N x K (unsplit; op(B) transposed or not) on its own
// L2-sized kernel (panel_gemm.h) instead of `blas`: only where that BLAS is OpenBLAS's SkylakeX
// build, whose sums the kernel reproduces bit for bit.
bool GemmTakesPanel(const BlasGemm* blas, int64_t M, int64_t N, int64_t K, bool b_transposed);

// `batches` products on the built-in GEMM on the calling thread, f32 and f64 (false for other
// types): C_b[M, N] (leading dimension N, `c_stride` elements after C_{b-1}) = op(A_b) op(B_b),
// batch b's operands `a_stride` / `b_stride` elements after batch b - 1's; the sums of Gemm
// without a BLAS. For many tiny products, where a BLAS call (or the split across threads)
// costs more than the product.
bool GemmBuiltinBatched(ElementType t, int64_t batches, int64_t M, int64_t N, int64_t K, GemmOperand A,
                        int64_t a_stride, GemmOperand B, int64_t b_stride, void* C, int64_t c_stride);

// Untransposed operands, built-in GEMM only (kept for callers without a BLAS handle).
inline bool Gemm(ElementType t, int64_t M, int64_t N, int64_t K, const void* A, int64_t lda, const void* B,
                 int64_t ldb, void* C, int64_t ldc, bool accumulate) {
  return Gemm(nullptr, t, M, N, K, GemmOperand{A, lda, false}, GemmOperand{B, ldb, false}, C, ldc, accumulate);
}

}  // namespace jaxlib::cpu
