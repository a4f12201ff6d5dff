// f32 math on GCC vectors of any width: exp, expm1, log, log1p, tanh, logistic, erf, and the
// NaN-propagating max/min, written branch-free and lane by lane, so one body compiles to SSE,
// AVX2 or AVX-512 at the ISA's own width (vector_kernels.cc instantiates it per ISA; a width the
// target lacks would be lowered a lane at a time by GCC). Per lane the same IEEE operations in
// the same order at every width, so results do not depend on it. Accuracy: within 2 ulp of glibc
// on normal inputs (tests/unit/compiler/vector_math_test.cc); tanh and erf are XLA's own rational
// approximations (a few ulp), so they track XLA's results rather than glibc's.
// Runs under the executor's FTZ/DAZ mode: denormal inputs behave as zeros. Include only from
// vector_kernels.cc and tests: every function must be inlined into an ISA-specific body.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#include "backends/cpu/executor/elementwise/math_coefficients.h"

// Every function is always inlined into an ISA-specific body, so no 64-byte vector ever
// crosses a call boundary and the ABI note GCC gives for them does not apply.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jaxlib::cpu::vmath {

// Float, int and unsigned vectors of N lanes; VecTraits<V> maps a float vector to the others.
template <int N>
struct Vec {
  typedef float F __attribute__((vector_size(4 * N)));
  typedef int32_t I __attribute__((vector_size(4 * N)));
  typedef uint32_t U __attribute__((vector_size(4 * N)));
  typedef double D __attribute__((vector_size(8 * N)));
  typedef uint8_t B __attribute__((vector_size(N)));
  typedef uint8_t B4 __attribute__((vector_size(4 * N)));  // a 32-bit lane vector's bytes
};
template <class V> struct VecTraits;
#define JAXLIB_VM_TRAITS(N)                          \
  template <> struct VecTraits<Vec<N>::F> {          \
    using I = Vec<N>::I;                             \
    using U = Vec<N>::U;                             \
    static constexpr int kLanes = N;                 \
  };
JAXLIB_VM_TRAITS(4)
JAXLIB_VM_TRAITS(8)
JAXLIB_VM_TRAITS(16)
#undef JAXLIB_VM_TRAITS
template <class V> using IOf = typename VecTraits<V>::I;
template <class V> using UOf = typename VecTraits<V>::U;
template <class V> inline constexpr int kLanesOf = VecTraits<V>::kLanes;
// The signed view of an unsigned lane vector, and the f64 and byte vectors of as many lanes.
template <class U> using SignedOf = typename Vec<sizeof(U) / 4>::I;
template <class U> using F64Of = typename Vec<sizeof(U) / 4>::D;
template <class U> using BytesOf = typename Vec<sizeof(U) / 4>::B;

// The 16-lane vectors: the lane count of every ISA's reductions (the order of their partial
// results must not depend on the ISA) and of kernels that need no compares.
inline constexpr int kLanes = 16;
using VF = Vec<16>::F;
using VI = Vec<16>::I;
using VU = Vec<16>::U;

#define JAXLIB_VM_INLINE inline __attribute__((always_inline))

// The low byte of each 32-bit lane (compare results of 0 or 1 as predicate bytes). Below 16
// lanes GCC narrows with __builtin_convertvector one lane at a time; a byte shuffle of the same
// bits is one PSHUFB (and a permute) on AVX2. At 16 lanes the conversion is one VPMOVDB.
template <class W, size_t... K>
JAXLIB_VM_INLINE BytesOf<W> LowBytesOf(W v, std::index_sequence<K...>) {
  typename Vec<sizeof(W) / 4>::B4 b;
  std::memcpy(&b, &v, sizeof b);
  return __builtin_shufflevector(b, b, (4 * K)...);
}
template <class W>
JAXLIB_VM_INLINE BytesOf<W> LowBytes(W v) {
  constexpr size_t kN = sizeof(W) / 4;
  if constexpr (kN >= 16) return __builtin_convertvector(v, BytesOf<W>);
  else return LowBytesOf(v, std::make_index_sequence<kN>{});
}

// Every lane = v, bit for bit (not `VF{} + v`, which turns -0 into +0).
template <class V = VF>
JAXLIB_VM_INLINE V Splat(float v) {
  V r;
  for (int i = 0; i < kLanesOf<V>; ++i) r[i] = v;
  return r;
}
JAXLIB_VM_INLINE VI SplatI(int32_t v) { return VI{} + v; }
template <class V>
JAXLIB_VM_INLINE UOf<V> AsU(V v) {
  UOf<V> u;
  std::memcpy(&u, &v, sizeof(u));
  return u;
}
template <class U>
JAXLIB_VM_INLINE auto AsF(U u) {
  typename Vec<sizeof(U) / 4>::F v;
  std::memcpy(&v, &u, sizeof(v));
  return v;
}
// Lane-wise select on a comparison mask (all-ones / zero lanes).
// Bitwise, not `mask ? a : b`: GCC 12 scalarises that vector conditional in places.
template <class V>
JAXLIB_VM_INLINE V Select(IOf<V> mask, V a, V b) {
  return AsF((AsU(a) & UOf<V>(mask)) | (AsU(b) & ~UOf<V>(mask)));
}
template <class V> JAXLIB_VM_INLINE V Abs(V x) { return AsF(AsU(x) & 0x7fffffffu); }
template <class V> JAXLIB_VM_INLINE V CopySign(V mag, V sign) {
  return AsF((AsU(mag) & 0x7fffffffu) | (AsU(sign) & 0x80000000u));
}
#if defined(__aarch64__) && !defined(__clang__)
// GCC 12 for AArch64 compares integer vectors wider than 16 bytes (and floats by `!=`) one
// scalar lane at a time, though NEON has the instruction for each 16-byte quarter: there these
// masks are built a quarter at a time. Clang, and GCC for x86-64, vectorise the plain
// expression.
#define JAXLIB_VM_COMPARE_BY_QUARTER 1
template <class Q, class V, class Fn>
JAXLIB_VM_INLINE auto MaskByQuarter(V a, V b, Fn fn) {
  using QI = int32_t __attribute__((vector_size(16)));
  constexpr int kQuarters = static_cast<int>(sizeof(V) / 16);
  Q qa[kQuarters], qb[kQuarters];
  QI m[kQuarters];
  std::memcpy(qa, &a, sizeof(qa));
  std::memcpy(qb, &b, sizeof(qb));
#pragma GCC unroll 4
  for (int k = 0; k < kQuarters; ++k) m[k] = QI(fn(qa[k], qb[k]));
  typename Vec<sizeof(V) / 4>::I r;
  std::memcpy(&r, m, sizeof(r));
  return r;
}
#endif
// Lanes whose bits are all zero.
template <class U>
JAXLIB_VM_INLINE auto IsZeroBits(U u) {
  using I = typename Vec<sizeof(U) / 4>::I;
#ifdef JAXLIB_VM_COMPARE_BY_QUARTER
  using QU = uint32_t __attribute__((vector_size(16)));
  return I(MaskByQuarter<QU>(u, u, [](QU x, QU) { return x == 0; }));
#else
  return I(u == 0);
#endif
}
template <class V>
JAXLIB_VM_INLINE IOf<V> NotEqual(V a, V b) {
#ifdef JAXLIB_VM_COMPARE_BY_QUARTER
  using QF = float __attribute__((vector_size(16)));
  return IOf<V>(MaskByQuarter<QF>(a, b, [](QF x, QF y) { return x != y; }));
#else
  return IOf<V>(a != b);
#endif
}
template <class V> JAXLIB_VM_INLINE IOf<V> IsNan(V x) { return NotEqual(x, x); }
// Denormals to signed zero by their bits (comparisons would already see them as zero).
template <class V>
JAXLIB_VM_INLINE V Flush(V x) {
  UOf<V> u = AsU(x);
  UOf<V> denormal = UOf<V>(IsZeroBits(u & 0x7f800000u));
  return AsF((denormal & (u & 0x80000000u)) | (~denormal & u));
}
template <class V> JAXLIB_VM_INLINE V Min(V a, V b) { return a < b ? a : b; }
template <class V> JAXLIB_VM_INLINE V Max(V a, V b) { return a > b ? a : b; }
// Round to nearest integer value (|x| < 2^22).
template <class V>
JAXLIB_VM_INLINE V RoundNearest(V x) {
  const V magic = Splat<V>(12582912.0f);  // 1.5 * 2^23
  return (x + magic) - magic;
}
// 2^n for integer-valued n in [-252, 254], as two exact factors so neither leaves the normal range.
template <class V>
JAXLIB_VM_INLINE V Scale2(V p, V n) {
  using I = IOf<V>;
  I ni = __builtin_convertvector(n, I);
  I n1 = ni >> 1, n2 = ni - n1;
  V f1 = AsF(UOf<V>((n1 + 127) << 23)), f2 = AsF(UOf<V>((n2 + 127) << 23));
  return p * f1 * f2;
}

// NaN-propagating max/min of XLA (max(-0, +0) = +0; denormals flushed).
template <class V>
JAXLIB_VM_INLINE V NanMax(V a, V b) {
  a = Flush(a);
  b = Flush(b);
  V r = Select(IOf<V>(a > b), a, b);
  r = Select(IOf<V>(a == b), AsF(AsU(a) & AsU(b)), r);
  r = Select(IsNan(b), b, r);
  return Select(IsNan(a), a, r);
}
template <class V>
JAXLIB_VM_INLINE V NanMin(V a, V b) {
  a = Flush(a);
  b = Flush(b);
  V r = Select(IOf<V>(a < b), a, b);
  r = Select(IOf<V>(a == b), AsF(AsU(a) | AsU(b)), r);
  r = Select(IsNan(b), b, r);
  return Select(IsNan(a), a, r);
}

using namespace math_coefficients;  // NOLINT: the formulas' constants, shared with the JIT

// ((c[0] x + c[1]) x + c[2]) ...: Horner's rule without contraction.
template <class V, size_t N>
JAXLIB_VM_INLINE V Horner(V x, const float (&c)[N]) {
  V p = Splat<V>(c[0]);
#pragma GCC unroll 16
  for (size_t i = 1; i < N; ++i) p = p * x + c[i];
  return p;
}

// exp(r) - 1 - r over r^2 on [-ln2/2, ln2/2] (Cephes expf minimax).
template <class V>
JAXLIB_VM_INLINE V ExpPoly(V r) { return Horner(r, kExpPoly); }

// x = n ln2 + r, |r| <= ln2/2.
template <class V>
JAXLIB_VM_INLINE V ReduceLn2(V x, V* n) {
  *n = RoundNearest(x * kLog2e);
  return (x - *n * kLn2Hi) - *n * kLn2Lo;
}

// Clamps x to [lo, hi], keeping NaN (each comparison is false for NaN and selects x).
template <class V>
JAXLIB_VM_INLINE V ClampKeepNan(V x, float lo, float hi) {
  V y = Select(IOf<V>(x < lo), Splat<V>(lo), x);
  return Select(IOf<V>(y > hi), Splat<V>(hi), y);
}

// No special-case selects: past 88.8 the scaling overflows to inf, below -104 it underflows to
// zero (FTZ), and NaN flows through every step.
template <class V>
JAXLIB_VM_INLINE V Exp(V x) {
  V xc = ClampKeepNan(x, kExpLo, kExpHi);
  V n;
  V r = ReduceLn2(xc, &n);
  return Scale2(r * r * ExpPoly(r) + r + 1.0f, n);
}

template <class V>
JAXLIB_VM_INLINE V Expm1(V x) {
  V xc = Min(Max(x, Splat<V>(kExpLo)), Splat<V>(kExpHi));
  V n;
  V r = ReduceLn2(xc, &n);
  V u = r * r * ExpPoly(r) + r;              // expm1(r)
  V small = Scale2(u, n) + (Scale2(Splat<V>(1.0f), n) - 1.0f);  // 2^n u + (2^n - 1), exact terms
  V large = Scale2(u + 1.0f, n) - 1.0f;      // n > 24: the -1 only rounds
  V e = Select(IOf<V>(n > kExpm1Exact), large, small);
  e = Select(IOf<V>(n == 0.0f), u, e);
  e = Select(IOf<V>(x > kExpm1Overflow), Splat<V>(__builtin_inff()), e);
  e = Select(IOf<V>(x < kExpLo), Splat<V>(-1.0f), e);
  return Select(IsNan(x), x, e);
}

// log(1 + m) - m + m^2/2 over m^3 on [sqrt(0.5) - 1, sqrt(2) - 1] (Cephes logf).
template <class V>
JAXLIB_VM_INLINE V LogPoly(V m) { return Horner(m, kLogPoly); }

// log(1 + m) + e ln2 for the reduced mantissa m and exponent e.
template <class V>
JAXLIB_VM_INLINE V LogReduced(V m, V e) {
  V z = m * m;
  V y = m * z * LogPoly(m);
  y = y + e * kLn2Lo;
  y = y - 0.5f * z;
  return (m + y) + e * kLn2Hi;
}

template <class V>
JAXLIB_VM_INLINE V Log(V x) {
  UOf<V> u = AsU(x);
  IOf<V> e = IOf<V>((u >> 23) & 0xffu) - 126;
  V m = AsF((u & 0x807fffffu) | 0x3f000000u);  // [0.5, 1)
  IOf<V> lo = IOf<V>(m < kLogSqrtHalf);
  V ef = __builtin_convertvector(e + lo, V);  // lo lanes are -1
  m = Select(lo, m + m, m) - 1.0f;
  V r = LogReduced(m, ef);
  r = Select(IOf<V>(x == __builtin_inff()), x, r);
  r = Select(IOf<V>(x < 0.0f), Splat<V>(__builtin_nanf("")), r);
  r = Select(IOf<V>(x == 0.0f), Splat<V>(-__builtin_inff()), r);
  return Select(IsNan(x), x, r);
}

template <class V>
JAXLIB_VM_INLINE V Log1p(V x) {
  // log1p(x) = log(u) + (x - (u - 1)) / u with u = 1 + x rounded: the correction restores the
  // bits the rounding of 1 + x lost (Goldberg). Tiny x: the first-order result is x itself.
  V u = x + 1.0f;
  V corr = (x - (u - 1.0f)) / u;
  V r = Log(u) + corr;
  r = Select(IOf<V>(Abs(x) < kLog1pTiny), x - 0.5f * x * x + x * x * x * (1.0f / 3.0f), r);
  r = Select(IOf<V>(u == __builtin_inff()), u, r);
  r = Select(IOf<V>(x == -1.0f), Splat<V>(-__builtin_inff()), r);
  r = Select(IOf<V>(x < -1.0f), Splat<V>(__builtin_nanf("")), r);
  return Select(IsNan(x), x, r);
}

// XLA's f32 tanh (llvm_ir::EmitFastTanh, also Eigen's): a 13/6 odd rational approximation on
// x clamped to +-7.9053111, and x itself below 0.0004. Using XLA's own formula keeps results
// within rounding of XLA's (a few ulp from the true tanh); half the work of exp-based forms.
template <class V>
JAXLIB_VM_INLINE V Tanh(V x) {
  V c = Min(Max(x, Splat<V>(-kTanhClamp)), Splat<V>(kTanhClamp));
  V x2 = c * c;
  V r = c * Horner(x2, kTanhP) / Horner(x2, kTanhQ);
  r = Select(IOf<V>(Abs(x) < kTanhTiny), x, r);
  return Select(IsNan(x), x, r);
}

template <class V>
JAXLIB_VM_INLINE V Logistic(V x) { return 1.0f / (1.0f + Exp(-x)); }

// XLA's f32 erf: x * P(x^2) / Q(x^2) on x clamped to [-4, 4].
template <class V>
JAXLIB_VM_INLINE V Erf(V x) {
  V c = Min(Max(x, Splat<V>(-kErfClamp)), Splat<V>(kErfClamp));
  V x2 = c * c;
  V r = c * Horner(x2, kErfP) / Horner(x2, kErfQ);
  return Select(IsNan(x), x, r);
}

}  // namespace jaxlib::cpu::vmath

#pragma GCC diagnostic pop
