// Our own f32 GEMM for products whose operands fit in L2 (gemm.cc picks it over the run-time
// BLAS by shape): op(B) packed once into vector-wide column panels, op(A) read in place by
// broadcasts, C written directly. It must give the BLAS's bits: see PanelGemmF32.
#pragma once

#include <cstdint>

#include "backends/cpu/executor/linalg/gemm.h"

namespace jaxlib::cpu {

// Whether PanelGemmF32 runs on this CPU (AVX-512, unless $JAXLIB_CPU_ISA caps it lower or
// $JAXLIB_CPU_DISABLE_PANEL_GEMM=1) and is measured to beat OpenBLAS's SkylakeX sgemm for an
// M x N x K product (op(B) transposed or not).
bool PanelGemmF32Suits(int64_t M, int64_t N, int64_t K, bool b_transposed);

// C[M, N] = (accumulate ? C : 0) + op(A)[M, K] op(B)[K, N] on the calling thread. Every C element
// is the sum of OpenBLAS's SkylakeX sgemm: K split into chunks by its rule (GEMM_Q = 448), each
// chunk one chain of fused multiply-adds in increasing k from zero, the chunks' sums added to C
// in order. So it may stand in for that BLAS (only that one) without changing a bit. Only after
// PanelGemmF32Suits has returned true.
void PanelGemmF32(int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, float* C, int64_t ldc,
                  bool accumulate);

}  // namespace jaxlib::cpu
