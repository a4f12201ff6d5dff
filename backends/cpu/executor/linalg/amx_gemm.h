// Matrix multiply on the x86 AMX tile unit, for dot_general with two bf16 operands (TDPBF16PS,
// f32 sums) or two 8-bit integer operands (TDPB[SU][SU]D, 32-bit integer sums). Only the product
// lives here: which dots use it is dot.cc's choice, and the result is converted to the dot's
// result type by the caller, once.
#pragma once

#include <cstdint>

#include "backends/cpu/executor/linalg/gemm.h"

namespace jaxlib::cpu {

// The element types of one product: bf16 x bf16 -> f32, or 8-bit integers (s: signed, u:
// unsigned; left operand first) -> 32-bit integer sums that wrap as GemmBlocked's do.
enum class AmxProduct : uint8_t { kBf16, kS8S8, kS8U8, kU8S8, kU8U8 };

// Whether `p` runs here: the CPU has AMX-TILE and AMX-BF16 (and, for the integer products,
// AMX-INT8 and AVX-512 VBMI, which packs them), Linux granted this process the tile-data state
// (arch_prctl ARCH_REQ_XCOMP_PERM, asked once), and $JAXLIB_CPU_DISABLE_AMX is unset or 0. A
// matrix unit, not a vector ISA: $JAXLIB_CPU_ISA does not turn it off (XLA's max-ISA cap leaves
// its AMX path on too). Always false off x86-64 Linux.
bool AmxAvailable(AmxProduct p);

// Scratch bytes AmxGemm needs for `batches` products of [M,K] x [K,N].
int64_t AmxScratchBytes(AmxProduct p, int64_t batches, int64_t M, int64_t N, int64_t K);

// Batch `b`'s operands: op(A) [M,K] and op(B) [K,N] (GemmOperand's layout rules).
using AmxOperandsFn = void (*)(const void* ctx, int64_t b, GemmOperand* a, GemmOperand* bm);

// Told that elements [offset, offset + n) of C (flattened over the batches) are final, on the
// thread that computed them while they are still in its cache (e.g. to round them to bf16).
using AmxDoneFn = void (*)(const void* ctx, int64_t offset, int64_t n);

// C[b] = op(A[b]) * op(B[b]) for b in [0, batches): C[b] is row-major [M,N] of 4-byte sums (f32
// for kBf16, 32-bit integers otherwise) at C + b * M * N elements. bf16 sums accumulate in f32
// (pairs of products per step, as the tile unit does; bf16 and f32 denormals flush to zero);
// integer sums are exact modulo 2^32. Packs both operands into `scratch` (AmxScratchBytes) and
// splits the products over the thread pool; `done` (optional) hears of every element of C once.
// Call only when AmxAvailable(p).
void AmxGemm(AmxProduct p, int64_t batches, int64_t M, int64_t N, int64_t K, AmxOperandsFn operands, const void* ctx,
             void* C, uint8_t* scratch, AmxDoneFn done = nullptr, const void* done_ctx = nullptr);

}  // namespace jaxlib::cpu
