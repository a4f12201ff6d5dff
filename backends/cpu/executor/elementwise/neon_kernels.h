// AArch64 NEON pieces of vector_kernels.cc, where the portable 16-lane bodies (which GCC and
// clang already compile to NEON, four 128-bit registers per vector) leave speed behind.
// Include only from vector_kernels.cc; each function states the exact-result condition it
// checks, and answers false where the portable body must run instead.
#pragma once

#if defined(__aarch64__)
#include <arm_neon.h>

#include <cstdint>
#include <cstring>

#include "backends/cpu/executor/elementwise/vector_math.h"

namespace jaxlib::cpu::neon {

// 16 predicate bytes to lane masks (all ones where the byte is nonzero), by NEON's test and
// widening moves: GCC's generic byte-to-int32 conversion goes a lane at a time.
inline vmath::VI PredMask(const uint8_t* p) {
  const int8x16_t m = vreinterpretq_s8_u8(vtstq_u8(vld1q_u8(p), vdupq_n_u8(0xff)));
  const int16x8_t lo = vmovl_s8(vget_low_s8(m)), hi = vmovl_high_s8(m);
  const int32x4_t q[4] = {vmovl_s16(vget_low_s16(lo)), vmovl_high_s16(lo), vmovl_s16(vget_low_s16(hi)),
                          vmovl_high_s16(hi)};
  vmath::VI r;
  std::memcpy(&r, q, sizeof(r));
  return r;
}

// A row's max (min) by FMAXV/FMINV-style folding, the counterpart of FastRowMaxMinAvx512.
// AArch64's FMAX/FMIN return a NaN whenever an operand is one, so a NaN anywhere shows in the
// result, and then the NaN-aware loop runs (it picks the payload XLA picks). Otherwise the
// result is exact whenever its exponent field is nonzero: such a number has one bit pattern,
// so the order of comparisons cannot matter, and denormals (zero under FPCR.FZ) cannot win
// over it. Zeros and flushed denormals also go back to the NaN-aware loop (signed zeros).
template <bool kMax>
inline bool FastRowMaxMin(const float* x, int64_t n, float init, float* out) {
  auto pick = [](float32x4_t a, float32x4_t b) { return kMax ? vmaxq_f32(a, b) : vminq_f32(a, b); };
  float32x4_t a0 = vdupq_n_f32(init), a1 = a0, a2 = a0, a3 = a0;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    a0 = pick(a0, vld1q_f32(x + i));
    a1 = pick(a1, vld1q_f32(x + i + 4));
    a2 = pick(a2, vld1q_f32(x + i + 8));
    a3 = pick(a3, vld1q_f32(x + i + 12));
  }
  for (; i + 4 <= n; i += 4) a0 = pick(a0, vld1q_f32(x + i));
  if (i < n) {
    float tail[4] = {init, init, init, init};  // max/min are idempotent: spare lanes repeat init
    std::memcpy(tail, x + i, static_cast<size_t>(n - i) * sizeof(float));
    a0 = pick(a0, vld1q_f32(tail));
  }
  const float32x4_t a = pick(pick(a0, a1), pick(a2, a3));
  const float r = kMax ? vmaxvq_f32(a) : vminvq_f32(a);
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  if ((bits & 0x7f800000u) == 0 || r != r) return false;
  *out = r;
  return true;
}

}  // namespace jaxlib::cpu::neon
#endif  // __aarch64__
