// f32 math on 16-lane GCC vectors: exp, expm1, log, log1p, tanh, logistic, erf, and the
// NaN-propagating max/min, written branch-free so one body compiles to SSE, AVX2 or AVX-512
// (vector_kernels.cc instantiates it per ISA). Accuracy: within 2 ulp of glibc on normal
// inputs (tests/unit/compiler/vector_math_test.cc); tanh and erf are XLA's own rational
// approximations (a few ulp), so they track XLA's results rather than glibc's.
// Runs under the executor's FTZ/DAZ mode: denormal inputs behave as zeros. Include only from
// vector_kernels.cc and tests: every function must be inlined into an ISA-specific body.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/cpu/executor/elementwise/math_coefficients.h"

// Every function is always inlined into an ISA-specific body, so no 64-byte vector ever
// crosses a call boundary and the ABI note GCC gives for them does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jaxlib::cpu::vmath {

inline constexpr int kLanes = 16;
using VF = float __attribute__((vector_size(64)));
using VI = int32_t __attribute__((vector_size(64)));
using VU = uint32_t __attribute__((vector_size(64)));

#define JAXLIB_VM_INLINE inline __attribute__((always_inline))

// Every lane = v, bit for bit (not `VF{} + v`, which turns -0 into +0).
JAXLIB_VM_INLINE VF Splat(float v) {
  VF r;
  for (int i = 0; i < kLanes; ++i) r[i] = v;
  return r;
}
JAXLIB_VM_INLINE VI SplatI(int32_t v) { return VI{} + v; }
JAXLIB_VM_INLINE VU AsU(VF v) {
  VU u;
  std::memcpy(&u, &v, sizeof(u));
  return u;
}
JAXLIB_VM_INLINE VF AsF(VU u) {
  VF v;
  std::memcpy(&v, &u, sizeof(v));
  return v;
}
JAXLIB_VM_INLINE VF AsF(VI u) {
  VF v;
  std::memcpy(&v, &u, sizeof(v));
  return v;
}
// Lane-wise select on a comparison mask (all-ones / zero lanes).
// Bitwise, not `mask ? a : b`: GCC 12 scalarises that vector conditional in places.
JAXLIB_VM_INLINE VF Select(VI mask, VF a, VF b) { return AsF((AsU(a) & VU(mask)) | (AsU(b) & ~VU(mask))); }
JAXLIB_VM_INLINE VF Abs(VF x) { return AsF(AsU(x) & 0x7fffffffu); }
JAXLIB_VM_INLINE VF CopySign(VF mag, VF sign) { return AsF((AsU(mag) & 0x7fffffffu) | (AsU(sign) & 0x80000000u)); }
#if defined(__aarch64__) && !defined(__clang__)
// GCC 12 for AArch64 compares 64-byte integer vectors (and floats by `!=`) one scalar lane at
// a time, though NEON has the instruction for each 16-byte quarter: there these masks are
// built a quarter at a time. Clang, and GCC for x86-64, vectorise the plain expression.
#define JAXLIB_VM_COMPARE_BY_QUARTER 1
template <class Q, class V, class Fn>
JAXLIB_VM_INLINE VI MaskByQuarter(V a, V b, Fn fn) {
  using QI = int32_t __attribute__((vector_size(16)));
  Q qa[4], qb[4];
  QI m[4];
  std::memcpy(qa, &a, sizeof(qa));
  std::memcpy(qb, &b, sizeof(qb));
#pragma GCC unroll 4
  for (int k = 0; k < 4; ++k) m[k] = QI(fn(qa[k], qb[k]));
  VI r;
  std::memcpy(&r, m, sizeof(r));
  return r;
}
#endif
// Lanes whose bits are all zero.
JAXLIB_VM_INLINE VI IsZeroBits(VU u) {
#ifdef JAXLIB_VM_COMPARE_BY_QUARTER
  using QU = uint32_t __attribute__((vector_size(16)));
  return MaskByQuarter<QU>(u, u, [](QU x, QU) { return x == 0; });
#else
  return VI(u == 0);
#endif
}
JAXLIB_VM_INLINE VI NotEqual(VF a, VF b) {
#ifdef JAXLIB_VM_COMPARE_BY_QUARTER
  using QF = float __attribute__((vector_size(16)));
  return MaskByQuarter<QF>(a, b, [](QF x, QF y) { return x != y; });
#else
  return VI(a != b);
#endif
}
JAXLIB_VM_INLINE VI IsNan(VF x) { return NotEqual(x, x); }
// Denormals to signed zero by their bits (comparisons would already see them as zero).
JAXLIB_VM_INLINE VF Flush(VF x) {
  VU u = AsU(x);
  VU denormal = VU(IsZeroBits(u & 0x7f800000u));
  return AsF((denormal & (u & 0x80000000u)) | (~denormal & u));
}
JAXLIB_VM_INLINE VF Min(VF a, VF b) { return a < b ? a : b; }
JAXLIB_VM_INLINE VF Max(VF a, VF b) { return a > b ? a : b; }
// Round to nearest integer value (|x| < 2^22).
JAXLIB_VM_INLINE VF RoundNearest(VF x) {
  const VF magic = Splat(12582912.0f);  // 1.5 * 2^23
  return (x + magic) - magic;
}
// 2^n for integer-valued n in [-252, 254], as two exact factors so neither leaves the normal range.
JAXLIB_VM_INLINE VF Scale2(VF p, VF n) {
  VI ni = __builtin_convertvector(n, VI);
  VI n1 = ni >> 1, n2 = ni - n1;
  VF f1 = AsF(VU((n1 + 127) << 23)), f2 = AsF(VU((n2 + 127) << 23));
  return p * f1 * f2;
}

// NaN-propagating max/min of XLA (max(-0, +0) = +0; denormals flushed).
JAXLIB_VM_INLINE VF NanMax(VF a, VF b) {
  a = Flush(a);
  b = Flush(b);
  VF r = Select(VI(a > b), a, b);
  r = Select(VI(a == b), AsF(AsU(a) & AsU(b)), r);
  r = Select(IsNan(b), b, r);
  return Select(IsNan(a), a, r);
}
JAXLIB_VM_INLINE VF NanMin(VF a, VF b) {
  a = Flush(a);
  b = Flush(b);
  VF r = Select(VI(a < b), a, b);
  r = Select(VI(a == b), AsF(AsU(a) | AsU(b)), r);
  r = Select(IsNan(b), b, r);
  return Select(IsNan(a), a, r);
}

using namespace math_coefficients;  // NOLINT: the formulas' constants, shared with the JIT

// ((c[0] x + c[1]) x + c[2]) ...: Horner's rule without contraction.
template <size_t N>
JAXLIB_VM_INLINE VF Horner(VF x, const float (&c)[N]) {
  VF p = Splat(c[0]);
#pragma GCC unroll 16
  for (size_t i = 1; i < N; ++i) p = p * x + c[i];
  return p;
}

// exp(r) - 1 - r over r^2 on [-ln2/2, ln2/2] (Cephes expf minimax).
JAXLIB_VM_INLINE VF ExpPoly(VF r) { return Horner(r, kExpPoly); }

// x = n ln2 + r, |r| <= ln2/2.
JAXLIB_VM_INLINE VF ReduceLn2(VF x, VF* n) {
  *n = RoundNearest(x * kLog2e);
  return (x - *n * kLn2Hi) - *n * kLn2Lo;
}

// Clamps x to [lo, hi], keeping NaN (each comparison is false for NaN and selects x).
JAXLIB_VM_INLINE VF ClampKeepNan(VF x, float lo, float hi) {
  VF y = Select(VI(x < lo), Splat(lo), x);
  return Select(VI(y > hi), Splat(hi), y);
}

// No special-case selects: past 88.8 the scaling overflows to inf, below -104 it underflows to
// zero (FTZ), and NaN flows through every step.
JAXLIB_VM_INLINE VF Exp(VF x) {
  VF xc = ClampKeepNan(x, kExpLo, kExpHi);
  VF n;
  VF r = ReduceLn2(xc, &n);
  return Scale2(r * r * ExpPoly(r) + r + 1.0f, n);
}

JAXLIB_VM_INLINE VF Expm1(VF x) {
  VF xc = Min(Max(x, Splat(kExpLo)), Splat(kExpHi));
  VF n;
  VF r = ReduceLn2(xc, &n);
  VF u = r * r * ExpPoly(r) + r;              // expm1(r)
  VF small = Scale2(u, n) + (Scale2(Splat(1.0f), n) - 1.0f);  // 2^n u + (2^n - 1), exact terms
  VF large = Scale2(u + 1.0f, n) - 1.0f;      // n > 24: the -1 only rounds
  VF e = Select(VI(n > 24.0f), large, small);
  e = Select(VI(n == 0.0f), u, e);
  e = Select(VI(x > 88.72283935546875f), Splat(__builtin_inff()), e);
  e = Select(VI(x < kExpLo), Splat(-1.0f), e);
  return Select(IsNan(x), x, e);
}

// log(1 + m) - m + m^2/2 over m^3 on [sqrt(0.5) - 1, sqrt(2) - 1] (Cephes logf).
JAXLIB_VM_INLINE VF LogPoly(VF m) {
  VF p = Splat(7.0376836292e-2f);
  p = p * m - 1.1514610310e-1f;
  p = p * m + 1.1676998740e-1f;
  p = p * m - 1.2420140846e-1f;
  p = p * m + 1.4249322787e-1f;
  p = p * m - 1.6668057665e-1f;
  p = p * m + 2.0000714765e-1f;
  p = p * m - 2.4999993993e-1f;
  p = p * m + 3.3333331174e-1f;
  return p;
}

// log(1 + m) + e ln2 for the reduced mantissa m and exponent e.
JAXLIB_VM_INLINE VF LogReduced(VF m, VF e) {
  VF z = m * m;
  VF y = m * z * LogPoly(m);
  y = y + e * kLn2Lo;
  y = y - 0.5f * z;
  return (m + y) + e * kLn2Hi;
}

JAXLIB_VM_INLINE VF Log(VF x) {
  VU u = AsU(x);
  VI e = VI((u >> 23) & 0xffu) - 126;
  VF m = AsF((u & 0x807fffffu) | 0x3f000000u);  // [0.5, 1)
  VI lo = VI(m < 0.70710678118654752f);
  VF ef = __builtin_convertvector(e + lo, VF);  // lo lanes are -1
  m = Select(lo, m + m, m) - 1.0f;
  VF r = LogReduced(m, ef);
  r = Select(VI(x == __builtin_inff()), x, r);
  r = Select(VI(x < 0.0f), Splat(__builtin_nanf("")), r);
  r = Select(VI(x == 0.0f), Splat(-__builtin_inff()), r);
  return Select(IsNan(x), x, r);
}

JAXLIB_VM_INLINE VF Log1p(VF x) {
  // log1p(x) = log(u) + (x - (u - 1)) / u with u = 1 + x rounded: the correction restores the
  // bits the rounding of 1 + x lost (Goldberg). Tiny x: the first-order result is x itself.
  VF u = x + 1.0f;
  VF corr = (x - (u - 1.0f)) / u;
  VF r = Log(u) + corr;
  r = Select(VI(Abs(x) < 1e-4f), x - 0.5f * x * x + x * x * x * (1.0f / 3.0f), r);
  r = Select(VI(u == __builtin_inff()), u, r);
  r = Select(VI(x == -1.0f), Splat(-__builtin_inff()), r);
  r = Select(VI(x < -1.0f), Splat(__builtin_nanf("")), r);
  return Select(IsNan(x), x, r);
}

// XLA's f32 tanh (llvm_ir::EmitFastTanh, also Eigen's): a 13/6 odd rational approximation on
// x clamped to +-7.9053111, and x itself below 0.0004. Using XLA's own formula keeps results
// within rounding of XLA's (a few ulp from the true tanh); half the work of exp-based forms.
JAXLIB_VM_INLINE VF Tanh(VF x) {
  VF c = Min(Max(x, Splat(-kTanhClamp)), Splat(kTanhClamp));
  VF x2 = c * c;
  VF r = c * Horner(x2, kTanhP) / Horner(x2, kTanhQ);
  r = Select(VI(Abs(x) < kTanhTiny), x, r);
  return Select(IsNan(x), x, r);
}

JAXLIB_VM_INLINE VF Logistic(VF x) { return 1.0f / (1.0f + Exp(-x)); }

// XLA's f32 erf: x * P(x^2) / Q(x^2) on x clamped to [-4, 4].
JAXLIB_VM_INLINE VF Erf(VF x) {
  VF c = Min(Max(x, Splat(-kErfClamp)), Splat(kErfClamp));
  VF x2 = c * c;
  VF r = c * Horner(x2, kErfP) / Horner(x2, kErfQ);
  return Select(IsNan(x), x, r);
}

}  // namespace jaxlib::cpu::vmath

#pragma GCC diagnostic pop
