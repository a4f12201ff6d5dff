// bf16 x bf16 -> f32 matrix multiply on the x86 AMX tile unit (TDPBF16PS), for dot_general with
// two bf16 operands. Only the product lives here: which dots use it is dot.cc's choice, and the
// f32 result is rounded to the dot's result type by the caller, once.
#pragma once

#include <cstdint>

#include "backends/cpu/executor/linalg/gemm.h"

namespace jaxlib::cpu {

// Whether the AMX bf16 path runs here: the CPU has AMX-TILE, AMX-BF16 and AVX-512BW, Linux
// granted this process the tile-data state (arch_prctl ARCH_REQ_XCOMP_PERM, asked once), and
// $JAXLIB_CPU_DISABLE_AMX is unset or 0. A matrix unit, not a vector ISA: $JAXLIB_CPU_ISA does
// not turn it off (XLA's max-ISA cap leaves its AMX path on too). Always false off x86-64 Linux.
bool AmxBf16Available();

// Scratch bytes AmxBf16Gemm needs for `batches` products of [M,K] x [K,N].
int64_t AmxBf16ScratchBytes(int64_t batches, int64_t M, int64_t N, int64_t K);

// Batch `b`'s operands: op(A) [M,K] and op(B) [K,N] of bf16 (GemmOperand's layout rules).
using Bf16OperandsFn = void (*)(const void* ctx, int64_t b, GemmOperand* a, GemmOperand* bm);

// Told that elements [offset, offset + n) of C (flattened over the batches) are final, on the
// thread that computed them while they are still in its cache (e.g. to round them to bf16).
using Bf16DoneFn = void (*)(const void* ctx, int64_t offset, int64_t n);

// C[b] = op(A[b]) * op(B[b]) for b in [0, batches): C[b] is row-major [M,N] f32 at
// C + b * M * N, sums of products accumulated in f32 (pairs of products per step, as the tile
// unit does; bf16 and f32 denormals flush to zero). Packs both operands into `scratch`
// (AmxBf16ScratchBytes) and splits the products over the thread pool; `done` (optional) hears
// of every element of C once. Call only when AmxBf16Available().
void AmxBf16Gemm(int64_t batches, int64_t M, int64_t N, int64_t K, Bf16OperandsFn operands, const void* ctx,
                 float* C, uint8_t* scratch, Bf16DoneFn done = nullptr, const void* done_ctx = nullptr);

}  // namespace jaxlib::cpu
