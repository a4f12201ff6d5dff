// The f32 elementwise kernels of vector_kernels.h. One always-inlined body per op shape (unary,
// binary, compare, select) over 16-lane vectors, instantiated three times with GCC target
// attributes; nothing here may be called without going through the ISA check. Off x86-64
// (AArch64: NEON, whose 128-bit registers GCC and clang give each 16-lane vector as four) the
// baseline body is the only one, and the x86 names below alias it.
#include "backends/cpu/executor/elementwise/vector_kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string_view>
#include <type_traits>

#include "backends/cpu/executor/elementwise/exp_f64_table.h"
#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/elementwise/vector_math.h"

#if defined(JAXLIB_X86_64)
#include <immintrin.h>
#endif
#include "backends/cpu/executor/elementwise/neon_kernels.h"  // empty off AArch64

#pragma GCC diagnostic ignored "-Wpsabi"
// No fused multiply-add contraction: -mavx512f brings FMA with it, and every ISA variant must
// round identically (tests/unit/compiler/vector_math_test.cc checks bit identity).
#if defined(__clang__)
// clang has no optimize pragma; its own says the same for the whole file.
#pragma clang fp contract(off)
#else
#pragma GCC optimize("fp-contract=off")
#endif

namespace jaxlib::cpu {
namespace {

using compiler::Op;
using compiler::OpKind;
using namespace vmath;  // NOLINT: the vector vocabulary of this file

// ---------------------------------------------------------------- op functors
#define JAXLIB_VUNARY(Name, expr) \
  struct Name {                   \
    template <class V> static JAXLIB_VM_INLINE V Apply(V x) { return expr; } \
  };
JAXLIB_VUNARY(ExpV, Exp(x))
JAXLIB_VUNARY(Expm1V, Expm1(x))
JAXLIB_VUNARY(LogV, Log(x))
JAXLIB_VUNARY(Log1pV, Log1p(x))
JAXLIB_VUNARY(TanhV, Tanh(x))
JAXLIB_VUNARY(LogisticV, Logistic(x))
JAXLIB_VUNARY(ErfV, Erf(x))
JAXLIB_VUNARY(NegV, -x)
// erf^-1 (scalar_math.h ErfInvF32: Giles' single-precision form) with this file's Log. The
// central branch (w < 5, |x| below about 0.9966) runs on the vector; lanes in the tails, at
// +-1 and beyond take the scalar function, whose square root branch is rare.
struct ErfInvV {
  template <class V>
  static JAXLIB_VM_INLINE V Apply(V x) {
    const V w = -Log((1.0f - x) * (1.0f + x));
    const IOf<V> central = IOf<V>(w < 5.0f);
    const V t = w - 2.5f;
    V p = Splat<V>(2.81022636e-08f);
    for (float c : {3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f, -0.00125372503f,
                    -0.00417768164f, 0.246640727f, 1.50140941f})
      p = c + p * t;
    V r = p * x;
    const BytesOf<IOf<V>> tail = LowBytes(~central & 1);
    uint64_t words[2] = {0, 0};
    std::memcpy(words, &tail, sizeof(tail));
    if (words[0] | words[1])
      for (int i = 0; i < kLanesOf<V>; ++i)
        if (tail[i]) r[i] = ErfInvF32(x[i]);
    return Select(IsNan(x), x, r);  // NaN in, NaN out: the input's own (which NaN a product picks varies)
  }
};
JAXLIB_VUNARY(AbsV, Abs(x))
// log|Gamma(x)| of f32 (chlo.lgamma), within 4 ulp of the true value for x in [FLT_MIN, 1e30)
// (median half an ulp; tests/unit/compiler/test_vector_math.py): on [0.5, 3.5] as
// (x - 1)(x - 2) * Q(x), Q a degree-22 least-squares fit of lgamma(x) / ((x - 1)(x - 2)) in
// u = (x - 2) / 1.5, its even and odd halves in u^2 evaluated side by side (the two zeros are
// exact factors, so the result stays relatively accurate beside them); below 0.5 as
// lgamma(x + 1) - log x; on [3.5, 8) shifted down by k = 1..5 steps (exact subtractions),
// lgamma(x) = lgamma(x - k) + log((x - 1)...(x - k)); from 8 by Stirling's series to 1/x^5.
// Other lanes (x below FLT_MIN: zero, negatives and denormals read as zero; from 1e30,
// infinities, NaN) take the scalar function.
struct LgammaV {
  static constexpr float kQEven[] = {0.422784328f,   0.0741712973f,  0.0253034774f,  0.0104652736f,
                                     0.00432289438f, 0.00411938829f, -0.00540826051f, 0.0146535868f,
                                     -0.0197252687f, 0.0179668609f,  -0.00914432947f, 0.002197186f};
  static constexpr float kQOdd[] = {-0.150475964f,   -0.0417959094f, -0.0160271563f, -0.00671881018f,
                                    -0.00454292865f, 0.00362135819f, -0.0131511791f, 0.0186791997f,
                                    -0.0184160136f,  0.00991987716f, -0.00253929175f};
  template <class V, size_t N>
  static JAXLIB_VM_INLINE V Poly(V v, const float (&c)[N]) {
    V p = Splat<V>(c[N - 1]);
    for (size_t k = N - 1; k-- > 0;) p = p * v + c[k];
    return p;
  }
  // Shift step k (x >= 2.5 + k, below 8): z becomes x - k; returns the factor x - k, else 1.
  template <class V>
  static JAXLIB_VM_INLINE V Step(V x, IOf<V> big, float k, V* z) {
    const IOf<V> taken = ~IOf<V>(x < k + 2.5f) & ~big;
    const V shifted = x - k;
    *z = Select(taken, shifted, *z);
    return Select(taken, shifted, Splat<V>(1.0f));
  }
  template <class V>
  static JAXLIB_VM_INLINE V Apply(V x) {
    const IOf<V> small = IOf<V>(x < 0.5f), big = ~IOf<V>(x < 8.0f);  // (only `<` compiles to one compare at 16 lanes)
    // The shift onto [2.5, 3.5): step k is taken where x >= 2.5 + k (below 8).
    V z = Select(small, x + 1.0f, x);
    const V t1 = Step(x, big, 1.0f, &z), t2 = Step(x, big, 2.0f, &z), t3 = Step(x, big, 3.0f, &z);
    const V t4 = Step(x, big, 4.0f, &z), t5 = Step(x, big, 5.0f, &z);
    const V prod = ((t1 * t2) * (t3 * t4)) * t5;
    z = Select(big, Splat<V>(2.0f), z);
    const V u = (z - 2.0f) * 0.666666687f, u2 = u * u;
    const V q = Poly(u2, kQEven) + u * Poly(u2, kQOdd);
    V r = ((z - 1.0f) * (z - 2.0f)) * q;
    const V log_term = Log(Select(small, x, prod));
    r = Select(small, r - log_term, r + log_term);
    // Stirling from 8: (x - 1/2) log x - x + log(2 pi) / 2 + 1/(12x) - 1/(360x^3) + 1/(1260x^5).
    const V xb = Select(big, x, Splat<V>(8.0f));
    const V inv = 1.0f / xb, inv2 = inv * inv;
    const V series = ((0.000793650805f * inv2 - 0.00277777785f) * inv2 + 0.0833333358f) * inv;
    const V stirling = (((xb - 0.5f) * Log(xb) - xb) + 0.918938518f) + series;
    r = Select(big, stirling, r);
    // Positive normal below 1e30 (0x7149f2ca), by the bits as signed integers: NaN, infinities,
    // negatives and denormals all fall outside.
    const IOf<V> bits = IOf<V>(AsU(x));
    const IOf<V> vector_lane = IOf<V>(bits > 0x007fffff) & IOf<V>(bits < 0x7149f2ca);
    const BytesOf<IOf<V>> tail = LowBytes(~vector_lane & 1);
    uint64_t words[2] = {0, 0};
    std::memcpy(words, &tail, sizeof(tail));
    if (words[0] | words[1])
      for (int i = 0; i < kLanesOf<V>; ++i)
        if (tail[i]) {
          int sign;
          r[i] = lgammaf_r(FlushDenormal(static_cast<float>(x[i])), &sign);
        }
    return r;
  }
};
JAXLIB_VUNARY(SquareV, x * x)
#undef JAXLIB_VUNARY

// Rounding to integers as the scalar kernels do (denormals flushed to signed zero first, then
// nearbyint / floor / ceil / round): below 2^23 in magnitude (x + 2^23) - 2^23 is x rounded to
// nearest even (the add rounds at the units place), its sign restored; from 2^23 on, and for
// inf and NaN, x itself. Floor and ceil step the nearest integer by one where it lies past x
// (ceil then takes x's sign back); round-half-away moves an exact half away from zero instead
// (x - t is exact there).
template <class V>
JAXLIB_VM_INLINE V NearestEvenOf(V x) {
  const V ax = Abs(x);
  const V two23 = Splat<V>(8388608.0f);
  const V t = CopySign((ax + two23) - two23, x);
  return Select(IOf<V>(ax < two23), t, x);
}
struct RoundEvenV {
  template <class V> static JAXLIB_VM_INLINE V Apply(V x) { return NearestEvenOf(Flush(x)); }
};
struct FloorV {
  template <class V> static JAXLIB_VM_INLINE V Apply(V x) {
    x = Flush(x);
    const V t = NearestEvenOf(x);
    return Select(IOf<V>(t > x), t - Splat<V>(1.0f), t);
  }
};
struct CeilV {
  template <class V> static JAXLIB_VM_INLINE V Apply(V x) {
    x = Flush(x);
    const V t = NearestEvenOf(x);
    // ceil keeps x's sign (-0.6 -> -0: -1 + 1 alone would give +0).
    return CopySign(Select(IOf<V>(t < x), t + Splat<V>(1.0f), t), x);
  }
};
struct RoundAfzV {
  template <class V> static JAXLIB_VM_INLINE V Apply(V x) {
    x = Flush(x);
    const V t = NearestEvenOf(x);
    return Select(IOf<V>(Abs(x - t) == Splat<V>(0.5f)), x + CopySign(Splat<V>(0.5f), x), t);
  }
};

#define JAXLIB_VBINARY(Name, expr) \
  struct Name {                    \
    template <class V> static JAXLIB_VM_INLINE V Apply(V a, V b) { return expr; } \
  };
JAXLIB_VBINARY(AddV, a + b)
JAXLIB_VBINARY(SubV, a - b)
JAXLIB_VBINARY(MulV, a * b)
JAXLIB_VBINARY(DivV, a / b)
JAXLIB_VBINARY(MaxV, NanMax(a, b))
JAXLIB_VBINARY(MinV, NanMin(a, b))
#undef JAXLIB_VBINARY

#define JAXLIB_VCOMPARE(Name, op) \
  struct Name {                   \
    template <class V> static JAXLIB_VM_INLINE IOf<V> Apply(V a, V b) { return a op b; } \
  };
JAXLIB_VCOMPARE(EqV, ==)
struct NeV {
  template <class V> static JAXLIB_VM_INLINE IOf<V> Apply(V a, V b) { return NotEqual(a, b); }
};
JAXLIB_VCOMPARE(LtV, <)
JAXLIB_VCOMPARE(LeV, <=)
JAXLIB_VCOMPARE(GtV, >)
JAXLIB_VCOMPARE(GeV, >=)
#undef JAXLIB_VCOMPARE

using VB = uint8_t __attribute__((vector_size(16)));

// ---------------------------------------------------------------- bodies (one per op shape)
// Elementwise bodies run at the ISA's own vector width V (4, 8 or 16 lanes): GCC lowers a
// comparison wider than the target's vectors one lane at a time. Reductions keep 16 lanes, the
// order of partial results that every ISA shares.
template <class V = VF>
JAXLIB_VM_INLINE V Load(const float* p, int64_t n) {
  V v = {};
  std::memcpy(&v, p, static_cast<size_t>(n) * sizeof(float));
  return v;
}
template <class V>
JAXLIB_VM_INLINE void Store(float* p, V v, int64_t n) { std::memcpy(p, &v, static_cast<size_t>(n) * sizeof(float)); }

template <class F, class V>
JAXLIB_VM_INLINE void UnaryBody(void* out, const void* const* in, int64_t n) {
  constexpr int64_t L = kLanesOf<V>;
  const float* a = static_cast<const float*>(in[0]);
  float* o = static_cast<float*>(out);
  int64_t i = 0;
  for (; i + L <= n; i += L) Store(o + i, F::Apply(Load<V>(a + i, L)), L);
  if (i < n) Store(o + i, F::Apply(Load<V>(a + i, n - i)), n - i);
}

template <class F, class V>
JAXLIB_VM_INLINE void BinaryBody(void* out, const void* const* in, int64_t n) {
  constexpr int64_t L = kLanesOf<V>;
  const float* a = static_cast<const float*>(in[0]);
  const float* b = static_cast<const float*>(in[1]);
  float* o = static_cast<float*>(out);
  int64_t i = 0;
  for (; i + L <= n; i += L) Store(o + i, F::Apply(Load<V>(a + i, L), Load<V>(b + i, L)), L);
  if (i < n) Store(o + i, F::Apply(Load<V>(a + i, n - i), Load<V>(b + i, n - i)), n - i);
}

template <class F, class V>
JAXLIB_VM_INLINE void CompareBody(void* out, const void* const* in, int64_t n) {
  constexpr int64_t L = kLanesOf<V>;
  using B = BytesOf<IOf<V>>;
  const float* a = static_cast<const float*>(in[0]);
  const float* b = static_cast<const float*>(in[1]);
  uint8_t* o = static_cast<uint8_t*>(out);
  int64_t i = 0;
  // Full vectors with fixed-size loads and stores (a variable size would go byte by byte).
  for (; i + L <= n; i += L) {
    B r = LowBytes(F::Apply(Load<V>(a + i, L), Load<V>(b + i, L)) & 1);
    std::memcpy(o + i, &r, L);
  }
  if (i < n) {
    int64_t m = n - i;
    B r = LowBytes(F::Apply(Load<V>(a + i, m), Load<V>(b + i, m)) & 1);
    std::memcpy(o + i, &r, static_cast<size_t>(m));
  }
}

// Predicate bytes (0/1) to lane masks. GCC widens a byte vector element by element, so the
// AVX2 / AVX-512 bodies use the zero-extending loads directly.
JAXLIB_VM_INLINE VI PredMaskBase(const uint8_t* p) {
#if defined(__aarch64__) && !defined(__clang__)
  return neon::PredMask(p);  // GCC widens bytes lane by lane there too
#else
  VB pb;
  std::memcpy(&pb, p, kLanes);
  return VI(__builtin_convertvector(pb, VI) != 0);
#endif
}
#if defined(JAXLIB_X86_64)
__attribute__((always_inline)) JAXLIB_TARGET_AVX2 inline VI PredMaskAvx2(const uint8_t* p) {
  __m256i lo = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  __m256i hi = _mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p + 8)));
  // Compared per 8-lane half: a 16-lane compare would be lowered lane by lane on AVX2.
  lo = _mm256_cmpgt_epi32(lo, _mm256_setzero_si256());
  hi = _mm256_cmpgt_epi32(hi, _mm256_setzero_si256());
  VI w;
  std::memcpy(&w, &lo, 32);
  std::memcpy(reinterpret_cast<uint8_t*>(&w) + 32, &hi, 32);
  return w;
}
__attribute__((always_inline, target("avx512f"))) inline VI PredMaskAvx512(const uint8_t* p) {
  // The zero-masked form: the plain one trips a GCC 12 -Wmaybe-uninitialized false positive.
  __m512i x = _mm512_maskz_cvtepu8_epi32(0xffff, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  VI w;
  std::memcpy(&w, &x, 64);
  return VI(w != 0);
}
#endif

// A macro, not a template: the ISA-specific mask loaders may only be inlined into functions
// compiled for their ISA. Besides the mask loader it calls nothing that takes or returns a
// vector: clang rejects such a call from an AVX-512 function to one compiled without AVX-512
// even when it is always inlined (their vector ABIs differ), so the select is spelled out on
// the bits here, as vmath::Select computes it.
#define JAXLIB_SELECT_BODY(kMask)                                                                         \
  const uint8_t* p = static_cast<const uint8_t*>(in[0]);                                                  \
  const float* a = static_cast<const float*>(in[1]);                                                      \
  const float* b = static_cast<const float*>(in[2]);                                                      \
  float* o = static_cast<float*>(out);                                                                    \
  int64_t i = 0;                                                                                          \
  for (; i + kLanes <= n; i += kLanes) {                                                                  \
    const VU m = VU(kMask(p + i));                                                                        \
    VU x, y;                                                                                              \
    std::memcpy(&x, a + i, sizeof(x));                                                                    \
    std::memcpy(&y, b + i, sizeof(y));                                                                    \
    const VU r = (x & m) | (y & ~m);                                                                      \
    std::memcpy(o + i, &r, sizeof(r));                                                                    \
  }                                                                                                       \
  if (i < n) {                                                                                            \
    const size_t bytes = static_cast<size_t>(n - i) * sizeof(float);                                      \
    uint8_t tail[kLanes] = {};                                                                            \
    std::memcpy(tail, p + i, static_cast<size_t>(n - i));                                                 \
    const VU m = VU(kMask(tail));                                                                         \
    VU x = {}, y = {};                                                                                    \
    std::memcpy(&x, a + i, bytes);                                                                        \
    std::memcpy(&y, b + i, bytes);                                                                        \
    const VU r = (x & m) | (y & ~m);                                                                      \
    std::memcpy(o + i, &r, bytes);                                                                        \
  }

// A row reducer's four 16-lane partial results, the order of partial results every ISA shares,
// held as the ISA's own vectors V: lanes [p * L, p * L + L) of partial k are a[k * Q + p]. (GCC
// keeps a 16-lane value wider than the target's registers in memory, a store and a load per
// add; held this way the partials stay in registers.)
template <class F, class V>
struct Partials {
  static constexpr int L = kLanesOf<V>, Q = kLanes / L, N = 4 * Q;
  V a[N];
  JAXLIB_VM_INLINE explicit Partials(V fill) {
    for (int j = 0; j < N; ++j) a[j] = fill;
  }
  JAXLIB_VM_INLINE explicit Partials(const float* state) {
    for (int j = 0; j < N; ++j) a[j] = Load<V>(state + j * L, L);
  }
  JAXLIB_VM_INLINE void StoreTo(float* state) const {
    for (int j = 0; j < N; ++j) Store(state + j * L, a[j], L);
  }
  // One 64-element step: partial k takes x[16k, 16k + 16).
  JAXLIB_VM_INLINE void Step(const float* x) {
    for (int j = 0; j < N; ++j) a[j] = F::Apply(a[j], Load<V>(x + j * L, L));
  }
  // Partial 0 takes 16 lanes: x[0, n) and `spare` in the lanes past n.
  JAXLIB_VM_INLINE void StepFirst(const float* x, int64_t n, V spare) {
    for (int p = 0; p < Q; ++p) {
      const int64_t m = n - p * L;
      V v = spare;
      if (m >= L)  // a whole vector: a fixed-size load (a variable-length copy costs far more)
        v = Load<V>(x + p * L, L);
      else if (m > 0)
        std::memcpy(&v, x + p * L, static_cast<size_t>(m) * sizeof(float));
      a[p] = F::Apply(a[p], v);
    }
  }
  // StepFirst(end - t, t, zeros) for 0 < t < 16 where the 16 elements before `end` may be read
  // (a row's tail after whole steps): those 16 loaded whole, the last t moved down to lanes
  // [0, t) and the others zeroed, instead of a copy of a runtime length. Sums only (a lane
  // taking +0 keeps its bits: partials never hold -0, as SumReduceBody's tail relies on); one
  // vector of 16 lanes only (AVX-512), StepFirst otherwise.
  JAXLIB_VM_INLINE void StepFirstTail(const float* end, int64_t t) {
    if constexpr (Q == 1 && std::is_same_v<F, AddV>) {
      IOf<V> lane, from;
      for (int k = 0; k < L; ++k) lane[k] = k;
      from = (lane + static_cast<int32_t>(L - t)) & (L - 1);
      const V v = __builtin_shuffle(Load<V>(end - L, L), from);
      a[0] = F::Apply(a[0], Select(IOf<V>(lane < static_cast<int32_t>(t)), v, V{}));
    } else {
      StepFirst(end - t, t, V{});
    }
  }
  // (p0 . p1) . (p2 . p3) into partial 0.
  JAXLIB_VM_INLINE void FoldIntoFirst() {
    for (int p = 0; p < Q; ++p) a[p] = F::Apply(F::Apply(a[p], a[Q + p]), F::Apply(a[2 * Q + p], a[3 * Q + p]));
  }
  // Partial 0's lanes folded to one value: sums pairwise as a tree (lane k takes lane k + w for
  // w = 8, 4, 2, 1), max/min in lane order from lane 0.
  // The sum's tree runs on whole vectors: a step w >= L adds sub-vector p + w / L to p, a step
  // w < L adds the vector shifted down by w lanes (lane k takes lane k + w; lanes past the
  // step's width carry values never read), the same additions as lane by lane.
  JAXLIB_VM_INLINE float FoldFirstLanes() const {
    if constexpr (std::is_same_v<F, AddV>) {
      V v[Q];
      for (int p = 0; p < Q; ++p) v[p] = a[p];
      for (int w = kLanes / 2; w >= L; w /= 2)
        for (int p = 0; p < w / L; ++p) v[p] = v[p] + v[p + w / L];
      for (int w = L / 2; w >= 1; w /= 2) {
        IOf<V> down;
        for (int k = 0; k < L; ++k) down[k] = (k + w) % L;
        v[0] = v[0] + __builtin_shuffle(v[0], down);
      }
      return v[0][0];
    } else {
      float l[kLanes];
      for (int p = 0; p < Q; ++p) Store(l + p * L, a[p], L);
      V v = Splat<V>(l[0]);
      for (int k = 1; k < kLanes; ++k) v = F::Apply(v, Splat<V>(l[k]));
      return v[0];
    }
  }
};

// Whether every one of n results has a nonzero exponent field.
bool NonzeroExponents(const float* results, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, results + i, sizeof(bits));
    if ((bits & 0x7f800000u) == 0) return false;
  }
  return true;
}

// The larger of `seen` and v's magnitudes as integers (above 0x7f800000 only for a NaN): an
// integer max, where GCC compiles a compare into a mask vector a lane at a time.
template <class V>
JAXLIB_VM_INLINE IOf<V> PlainMagnitudes(IOf<V> seen, V v) {
  return Max(seen, IOf<V>(AsU(v) & 0x7fffffffu));
}

template <class F, class V>
JAXLIB_VM_INLINE V PlainPick(V a, V b) {
  if constexpr (std::is_same_v<F, MaxV>) return Max(a, b);
  else return Min(a, b);
}
// Folds R rows into acc[0, w) by plain compares, with ColumnsBody's loop shape; false when a
// NaN was read (the result is then not the NaN-aware fold's).
template <class F, class V>
JAXLIB_VM_INLINE bool PlainColumnsResumeBody(const float* x, float* acc, int64_t R, int64_t w, int64_t stride) {
  constexpr int64_t L = kLanesOf<V>;
  IOf<V> nan{};
  const int64_t full = w / L * L;
  // The last w - full columns stay in a register for all the rows (acc holds exactly w).
  V tail = full < w ? Load<V>(acc + full, w - full) : V{};
  int64_t r = 0;
  for (; r + 4 <= R; r += 4) {
    const float* row = x + r * stride;
    for (int64_t i = 0; i < full; i += L) {
      V a = Load<V>(acc + i, L);
      for (int64_t k = 0; k < 4; ++k) {
        const V v = Load<V>(row + k * stride + i, L);
        nan = PlainMagnitudes(nan, v);
        a = PlainPick<F>(a, v);
      }
      Store(acc + i, a, L);
    }
    if (full < w) {  // whole-vector loads inside x, as ColumnsBody's tail (lanes past w: scratch)
      const int64_t n = (r + 3) * stride + full + L <= (R - 1) * stride + w ? L : w - full;
      for (int64_t k = 0; k < 4; ++k) {
        const V v = Load<V>(row + k * stride + full, n);
        nan = PlainMagnitudes(nan, v);
        tail = PlainPick<F>(tail, v);
      }
    }
  }
  for (; r < R; ++r) {
    for (int64_t i = 0; i < full; i += L) {
      const V v = Load<V>(x + r * stride + i, L);
      nan = PlainMagnitudes(nan, v);
      Store(acc + i, PlainPick<F>(Load<V>(acc + i, L), v), L);
    }
    if (full < w) {
      const V v = Load<V>(x + r * stride + full, w - full);
      nan = PlainMagnitudes(nan, v);
      tail = PlainPick<F>(tail, v);
    }
  }
  if (full < w) Store(acc + full, tail, w - full);
  for (int64_t l = 0; l < L; ++l)
    if (nan[l] > 0x7f800000) return false;
  return true;
}

// A block of columns' max (min) by plain compares (Max/Min: a compare and a blend a vector
// instead of NanMax's dozen instructions), into acc[0, w) from init, with ColumnsBody's loop
// shape. Exact by FastRowMaxMin's argument below when no NaN was read and every result has a
// nonzero exponent field (one bit pattern per value: the order cannot matter, and zeros,
// signed or flushed, never win); false otherwise, and the caller folds the block exactly.
template <class F, class V>
JAXLIB_VM_INLINE bool PlainColumnsBlock(const float* x, float* acc, float init, int64_t R, int64_t w, int64_t stride) {
  constexpr int64_t L = kLanesOf<V>;
  if (init != init) return false;  // a NaN init wins every column, which plain compares lose
  for (int64_t i = 0; i < w; i += L) Store(acc + i, Splat<V>(init), L);  // acc has room past w
  return PlainColumnsResumeBody<F, V>(x, acc, R, w, stride) && NonzeroExponents(acc, w);
}

// Columns of a row-major block (row stride `stride`): out[i] folds x[r * stride + i] over r in
// order from init with F::Apply (a binary op functor above), for i < width; with kResume the
// fold goes on from out[i] instead (init unused), so rows may come in several calls with the
// bits of one. Columns go a block of up to 64 vectors at a time whose accumulators stay in L1
// while the rows stream through contiguously (a column at a time would walk memory at the row
// stride, a page per load).
template <class F, class V, bool kResume = false>
JAXLIB_VM_INLINE void ColumnsBody(const float* x, float* out, float init, int64_t R, int64_t width, int64_t stride) {
  constexpr int64_t L = kLanesOf<V>;
  constexpr int64_t kBlock = 64 * kLanes;
  alignas(64) float acc[kBlock];
  for (int64_t i0 = 0; i0 < width; i0 += kBlock) {
    const int64_t w = width - i0 < kBlock ? width - i0 : kBlock;
    // acc is set to a whole vector past w: the tail's whole-vector folds read those lanes.
    if constexpr (kResume) {
      std::memcpy(acc, out + i0, static_cast<size_t>(w) * sizeof(float));
      std::memset(acc + w, 0, static_cast<size_t>((w + L - 1) / L * L - w) * sizeof(float));
    } else if constexpr (std::is_same_v<F, MaxV> || std::is_same_v<F, MinV>) {
      if (PlainColumnsBlock<F, V>(x + i0, acc, init, R, w, stride)) {
        std::memcpy(out + i0, acc, static_cast<size_t>(w) * sizeof(float));
        continue;
      }
      for (int64_t i = 0; i < w; i += L) Store(acc + i, Splat<V>(init), L);
    } else {
      for (int64_t i = 0; i < w; i += L) Store(acc + i, Splat<V>(init), L);
    }
    // Four rows per pass over the accumulators (still folded one row after another): a quarter
    // of the accumulator loads and stores, and four streams for the prefetcher.
    int64_t r = 0;
    for (; r + 4 <= R; r += 4) {
      const float* row = x + r * stride + i0;
      int64_t i = 0;
      for (; i + L <= w; i += L) {
        V a = Load<V>(acc + i, L);
        for (int64_t k = 0; k < 4; ++k) a = F::Apply(a, Load<V>(row + k * stride + i, L));
        Store(acc + i, a, L);
      }
      if (i < w) {
        // The last w - i columns: whole-vector loads while they stay inside x (the lanes past w
        // fold whatever follows and are never stored out; acc has room for them), which for
        // narrow blocks (x[:, :3] summed over a million rows) is every row but the last few.
        V a = Load<V>(acc + i, L);
        if ((r + 3) * stride + i + L <= (R - 1) * stride + w) {
          for (int64_t k = 0; k < 4; ++k) a = F::Apply(a, Load<V>(row + k * stride + i, L));
        } else {
          for (int64_t k = 0; k < 4; ++k) a = F::Apply(a, Load<V>(row + k * stride + i, w - i));
        }
        Store(acc + i, a, L);
      }
    }
    for (; r < R; ++r) {
      const float* row = x + r * stride + i0;
      int64_t i = 0;
      for (; i + L <= w; i += L) Store(acc + i, F::Apply(Load<V>(acc + i, L), Load<V>(row + i, L)), L);
      if (i < w) Store(acc + i, F::Apply(Load<V>(acc + i, L), Load<V>(row + i, w - i)), L);
    }
    std::memcpy(out + i0, acc, static_cast<size_t>(w) * sizeof(float));
  }
}

// [outer, R, inner] with inner > 1: each column folded sequentially over R from init.
template <class F, class V>
JAXLIB_VM_INLINE void ColumnReduceBody(const float* x, float* out, float init, int64_t outer, int64_t R, int64_t inner) {
  for (int64_t o = 0; o < outer; ++o) ColumnsBody<F, V>(x + o * R * inner, out + o * inner, init, R, inner, inner);
}

// Rows (inner == 1): lane-parallel partial results, then the lanes; else across inner.
// A row's max (min) by plain VMAXPS (VMINPS), which is exact whenever no NaN is present and the
// result has a nonzero exponent field: a number other than zero or a denormal has one bit
// pattern, so the order of comparisons cannot matter, and denormals (zero under DAZ) cannot win
// over it. Returns false otherwise (NaNs, signed zeros and flushed denormals), and the caller
// runs the NaN-aware loop. Three instructions per vector instead of about twenty.
using FastRowFn = bool (*)(const float* x, int64_t n, float init, float* out);

#if defined(JAXLIB_X86_64)
// GCC 12's _mm512_reduce_* start from _mm512_undefined_*, which -Wmaybe-uninitialized flags.
#pragma GCC diagnostic push
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <bool kMax>
__attribute__((target("avx512f"))) bool FastRowMaxMinAvx512(const float* x, int64_t n, float init, float* out) {
  const __m512i abs_mask = _mm512_set1_epi32(0x7fffffff);
  auto pick = [](__m512 a, __m512 b) JAXLIB_LAMBDA_TARGET_AVX512F { return kMax ? _mm512_max_ps(a, b) : _mm512_min_ps(a, b); };
  auto magnitude = [&](__m512 v) JAXLIB_LAMBDA_TARGET_AVX512F { return _mm512_and_si512(_mm512_castps_si512(v), abs_mask); };
  __m512 a0 = _mm512_set1_ps(init), a1 = a0, a2 = a0, a3 = a0;
  // The largest |bits| seen: above 0x7f800000 only for a NaN.
  __m512i m0 = magnitude(a0), m1 = m0, m2 = m0, m3 = m0;
  int64_t i = 0;
  for (; i + 64 <= n; i += 64) {
    const __m512 v0 = _mm512_loadu_ps(x + i), v1 = _mm512_loadu_ps(x + i + 16);
    const __m512 v2 = _mm512_loadu_ps(x + i + 32), v3 = _mm512_loadu_ps(x + i + 48);
    a0 = pick(a0, v0);
    a1 = pick(a1, v1);
    a2 = pick(a2, v2);
    a3 = pick(a3, v3);
    m0 = _mm512_max_epu32(m0, magnitude(v0));
    m1 = _mm512_max_epu32(m1, magnitude(v1));
    m2 = _mm512_max_epu32(m2, magnitude(v2));
    m3 = _mm512_max_epu32(m3, magnitude(v3));
  }
  for (; i + 16 <= n; i += 16) {
    const __m512 v = _mm512_loadu_ps(x + i);
    a0 = pick(a0, v);
    m0 = _mm512_max_epu32(m0, magnitude(v));
  }
  if (i < n) {
    const __m512 v = _mm512_mask_loadu_ps(a0, static_cast<__mmask16>((1u << (n - i)) - 1), x + i);
    a0 = pick(a0, v);
    m0 = _mm512_max_epu32(m0, magnitude(v));
  }
  const __m512i m = _mm512_max_epu32(_mm512_max_epu32(m0, m1), _mm512_max_epu32(m2, m3));
  if (_mm512_reduce_max_epu32(m) > 0x7f800000u) return false;
  const __m512 a = pick(pick(a0, a1), pick(a2, a3));
  const float r = kMax ? _mm512_reduce_max_ps(a) : _mm512_reduce_min_ps(a);
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  if ((bits & 0x7f800000u) == 0) return false;
  *out = r;
  return true;
}
#pragma GCC diagnostic pop

// The same exactness argument at 8 lanes.
template <bool kMax>
__attribute__((target("avx2"))) bool FastRowMaxMinAvx2(const float* x, int64_t n, float init, float* out) {
  const __m256i abs_mask = _mm256_set1_epi32(0x7fffffff);
  auto pick = [](__m256 a, __m256 b) JAXLIB_LAMBDA_TARGET_AVX2 { return kMax ? _mm256_max_ps(a, b) : _mm256_min_ps(a, b); };
  auto magnitude = [&](__m256 v) JAXLIB_LAMBDA_TARGET_AVX2 { return _mm256_and_si256(_mm256_castps_si256(v), abs_mask); };
  __m256 a0 = _mm256_set1_ps(init), a1 = a0, a2 = a0, a3 = a0;
  __m256i m0 = magnitude(a0), m1 = m0, m2 = m0, m3 = m0;
  int64_t i = 0;
  for (; i + 32 <= n; i += 32) {
    const __m256 v0 = _mm256_loadu_ps(x + i), v1 = _mm256_loadu_ps(x + i + 8);
    const __m256 v2 = _mm256_loadu_ps(x + i + 16), v3 = _mm256_loadu_ps(x + i + 24);
    a0 = pick(a0, v0);
    a1 = pick(a1, v1);
    a2 = pick(a2, v2);
    a3 = pick(a3, v3);
    m0 = _mm256_max_epu32(m0, magnitude(v0));
    m1 = _mm256_max_epu32(m1, magnitude(v1));
    m2 = _mm256_max_epu32(m2, magnitude(v2));
    m3 = _mm256_max_epu32(m3, magnitude(v3));
  }
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    a0 = pick(a0, v);
    m0 = _mm256_max_epu32(m0, magnitude(v));
  }
  if (i < n && n >= 8) {
    // The last 8 elements, over some already taken: max and min are idempotent.
    const __m256 v = _mm256_loadu_ps(x + n - 8);
    a0 = pick(a0, v);
    m0 = _mm256_max_epu32(m0, magnitude(v));
  } else if (i < n) {
    alignas(32) float tail[8] = {init, init, init, init, init, init, init, init};
    std::memcpy(tail, x + i, static_cast<size_t>(n - i) * sizeof(float));
    const __m256 v = _mm256_load_ps(tail);
    a0 = pick(a0, v);
    m0 = _mm256_max_epu32(m0, magnitude(v));
  }
  alignas(32) uint32_t mags[8];
  _mm256_store_si256(reinterpret_cast<__m256i*>(mags), _mm256_max_epu32(_mm256_max_epu32(m0, m1), _mm256_max_epu32(m2, m3)));
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, pick(pick(a0, a1), pick(a2, a3)));
  float r = lanes[0];
  for (int k = 0; k < 8; ++k) {
    if (mags[k] > 0x7f800000u) return false;
    r = kMax ? (lanes[k] > r ? lanes[k] : r) : (lanes[k] < r ? lanes[k] : r);
  }
  uint32_t bits;
  std::memcpy(&bits, &r, 4);
  if ((bits & 0x7f800000u) == 0) return false;
  *out = r;
  return true;
}
#endif

// col[j] = column j < R of kLanesOf<V> consecutive rows of R elements at `rows`: row i's element
// j in lane i. One gather per column at AVX2 and AVX-512 (overloads of the ISA's own width; a
// scalar copy per element otherwise, which for rows of 10 took a third of a row max).
template <class V>
void GatherColumns(const float* rows, int64_t R, V* col) {
  for (int64_t j = 0; j < R; ++j)
    for (int i = 0; i < kLanesOf<V>; ++i) col[j][i] = rows[i * R + j];
}
#if defined(JAXLIB_X86_64)
JAXLIB_TARGET_AVX512_WIDE("avx512f") inline void GatherColumns(const float* rows, int64_t R, Vec<16>::F* col) {
  const __m512i index = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                           _mm512_set1_epi32(static_cast<int32_t>(R)));
  for (int64_t j = 0; j < R; ++j) col[j] = (Vec<16>::F)_mm512_i32gather_ps(index, rows + j, 4);
}
JAXLIB_TARGET_AVX2 inline void GatherColumns(const float* rows, int64_t R, Vec<8>::F* col) {
  const __m256i index = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(static_cast<int32_t>(R)));
  for (int64_t j = 0; j < R; ++j) col[j] = (Vec<8>::F)_mm256_i32gather_ps(rows + j, index, 4);
}
#endif

// The inverse of GatherColumns: row i's element j < R at rows + i * R from lane i of col[j]. A
// scatter per column at AVX-512; a copy per element otherwise.
template <class V>
void ScatterColumns(const V* col, int64_t R, float* rows) {
  for (int64_t j = 0; j < R; ++j)
    for (int i = 0; i < kLanesOf<V>; ++i) rows[i * R + j] = col[j][i];
}
#if defined(JAXLIB_X86_64)
JAXLIB_TARGET_AVX512_WIDE("avx512f") inline void ScatterColumns(const Vec<16>::F* col, int64_t R, float* rows) {
  const __m512i index = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                           _mm512_set1_epi32(static_cast<int32_t>(R)));
  for (int64_t j = 0; j < R; ++j) _mm512_i32scatter_ps(rows + j, index, (__m512)col[j], 4);
}
#endif

// Rows shorter than the 16 logical lanes, kLanesOf<V> rows at a time: column j of the rows is one
// vector (GatherColumns), and the lane operations the per-row loops below run on one row
// (partials started, the row's values and spare lanes applied to partial 0, the partials folded
// into it, its lanes folded as a tree (sums) or in lane order (max/min)) run on the columns, lane
// for lane: each row gets the same values through the same operations, so the same bits, without
// a horizontal fold per row. A sum's lanes past the row hold +0 throughout and every other lane is
// 0 + x summed, never -0: adding +0 to such a value returns it bit for bit (NaN included), so
// those adds are skipped. Max and min take the rows by plain compares first, kept where
// FastRowMaxMin's argument makes them exact (no NaN read, every result with a nonzero exponent
// field), NaN-aware otherwise.
template <class F, class V>
struct ShortRowsFold {
  static constexpr int N = kLanesOf<V>;
  static constexpr bool kSum = std::is_same_v<F, AddV>;
  float init;
  V folded_first, spare_lane;
  bool spare_is_identity = !kSum;
  bool plain;  // a NaN init wins every row, which plain compares lose
  explicit ShortRowsFold(float init_value) : init(init_value), plain(!kSum && init_value == init_value) {
    const V start = kSum ? V{} : Splat<V>(init);   // every partial's start, and the spare lanes
    const V folded_rest = F::Apply(start, start);  // partials 2 and 3 folded (still at the start)
    // Max/min: partial 0 with the others folded in, before the row; a lane past the row then
    // holds spare_lane, and folding it in changes nothing when it is -inf for a max (+inf for a
    // min): max(r, -inf) is r, NaN included.
    folded_first = F::Apply(F::Apply(start, start), folded_rest);
    spare_lane = F::Apply(folded_first, start);
    const float identity = std::is_same_v<F, MaxV> ? -__builtin_inff() : __builtin_inff();
    for (int i = 0; i < N; ++i) spare_is_identity = spare_is_identity && spare_lane[i] == identity;
  }
  // The rows' results from their columns col[0, R) (which it overwrites), lane i row i's.
  JAXLIB_VM_INLINE V operator()(V* col, int64_t R) const {
    if constexpr (kSum) {
      for (int64_t j = 0; j < R; ++j) col[j] = V{} + col[j];
      int64_t live = R;
      for (int w = kLanes / 2; w >= 1; w /= 2) {
        for (int64_t k = 0; k + w < live; ++k) col[k] = col[k] + col[k + w];
        live = std::min<int64_t>(live, w);
      }
      return Splat<V>(init) + col[0];
    } else {
      if (plain) {
        V r = Splat<V>(init);
        IOf<V> seen{};
        for (int64_t j = 0; j < R; ++j) {
          seen = PlainMagnitudes(seen, col[j]);
          r = PlainPick<F>(r, col[j]);
        }
        // Exact: no NaN read (|bits| above the infinity's) and every result's exponent nonzero.
        const IOf<V> inexact = IOf<V>(seen > 0x7f800000) | IOf<V>((AsU(r) & 0x7f800000u) == 0u);
        bool exact = true;
        for (int i = 0; i < N; ++i) exact = exact && inexact[i] == 0;
        if (exact) return r;
      }
      // Max/min fold the partials first (MaxMinReduceBody's order), then take the row.
      for (int64_t j = 0; j < R; ++j) col[j] = F::Apply(folded_first, col[j]);
      V r = col[0];
      for (int64_t k = 1; k < R; ++k) r = F::Apply(r, col[k]);
      if (!spare_is_identity)
        for (int64_t k = R; k < kLanes; ++k) r = F::Apply(r, spare_lane);
      return r;
    }
  }
};

// kR > 0 fixes the row length at compile time (R otherwise). Returns the rows done (whole
// groups); the caller does the rest.
#pragma GCC diagnostic push
#if !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <class F, class V, int kR>
JAXLIB_VM_INLINE int64_t ShortRowsOf(const float* x, float* out, float init, int64_t outer, int64_t R) {
  constexpr int N = kLanesOf<V>;
  if constexpr (kR > 0) R = kR;
  const ShortRowsFold<F, V> fold(init);
  int64_t o = 0;
  for (; o + N <= outer; o += N) {
    V col[kLanes];  // [0, R) set, and only those read
    GatherColumns(x + o * R, R, col);
    Store(out + o, fold(col, R), N);
  }
  return o;
}

// Softmax and logsumexp over rows shorter than the 16 logical lanes (kernels/softmax.cc),
// kLanesOf<V> rows at a time with the rows as lanes: one group's row max m as the row reducer takes
// it (with kFiniteShift 0 where it is not finite: logsumexp's shift), e[j] = exp(x_j - m) as the
// subtract and exp of the row kernels, and s = the sum of the e's as the row reducer takes it
// (ShortRowsFold), lane for lane: the same bits, without a broadcast of each row's values or a
// pass over memory per op.
template <class V, bool kFiniteShift>
struct ShortRowsExpSum {
  const ShortRowsFold<MaxV, V> max{-__builtin_inff()};
  const ShortRowsFold<AddV, V> sum{0.0f};
  JAXLIB_VM_INLINE void operator()(const float* rows, int64_t R, V* e, V* m, V* s) const {
    V col[kLanes], t[kLanes];  // [0, R) set, and only those read
    GatherColumns(rows, R, col);
    for (int64_t j = 0; j < R; ++j) t[j] = col[j];
    *m = max(t, R);
    if constexpr (kFiniteShift) *m = Select(IOf<V>(Abs(*m) < Splat<V>(__builtin_inff())), *m, V{});
    for (int64_t j = 0; j < R; ++j) t[j] = e[j] = Exp(col[j] - *m);
    *s = sum(t, R);
  }
};

// Softmax: y = e * (1 / s), the reciprocal and multiply of the row kernels. Returns the rows done
// (whole groups).
template <class V>
JAXLIB_VM_INLINE int64_t SoftmaxShortRowsBody(const float* x, float* y, int64_t rows, int64_t R) {
  constexpr int N = kLanesOf<V>;
  if (R < 1 || R >= kLanes) return 0;
  const ShortRowsExpSum<V, false> exp_sum;
  int64_t o = 0;
  for (; o + N <= rows; o += N) {
    V e[kLanes], m, s;
    exp_sum(x + o * R, R, e, &m, &s);
    const V r = Splat<V>(1.0f) / s;
    for (int64_t j = 0; j < R; ++j) e[j] = e[j] * r;
    ScatterColumns(e, R, y + o * R);
  }
  return o;
}

// Logsumexp's parts: c[i] = the row max where it is finite, else 0, and s[i] = the sum of
// exp(x - c[i]) (the caller takes the log of |s| and adds c). Returns the rows done.
template <class V>
JAXLIB_VM_INLINE int64_t MaxSumExpShortRowsBody(const float* x, float* c, float* s, int64_t rows, int64_t R) {
  constexpr int N = kLanesOf<V>;
  if (R < 1 || R >= kLanes) return 0;
  const ShortRowsExpSum<V, true> exp_sum;
  int64_t o = 0;
  for (; o + N <= rows; o += N) {
    V e[kLanes], m, sum;
    exp_sum(x + o * R, R, e, &m, &sum);
    Store(c + o, m, N);
    Store(s + o, sum, N);
  }
  return o;
}
#pragma GCC diagnostic pop

template <class F, class V>
JAXLIB_VM_INLINE int64_t ShortRowsBody(const float* x, float* out, float init, int64_t outer, int64_t R) {
  if (R < 1) return 0;  // empty rows: the per-row loop's init
  switch (R) {  // the common short rows (coordinates, small heads) unrolled
    case 2: return ShortRowsOf<F, V, 2>(x, out, init, outer, R);
    case 3: return ShortRowsOf<F, V, 3>(x, out, init, outer, R);
    case 4: return ShortRowsOf<F, V, 4>(x, out, init, outer, R);
    default: return ShortRowsOf<F, V, 0>(x, out, init, outer, R);
  }
}

template <bool kMax, class V>
JAXLIB_VM_INLINE void MaxMinReduceBody(const float* x, float* out, float init, int64_t outer, int64_t R,
                                       int64_t inner, FastRowFn fast_row) {
  using F = std::conditional_t<kMax, MaxV, MinV>;
  if (inner == 1) {
    for (int64_t o = R < kLanes ? ShortRowsBody<F, V>(x, out, init, outer, R) : 0; o < outer; ++o) {
      const float* row = x + o * R;
      if (fast_row && fast_row(row, R, init, &out[o])) continue;
      // Four independent partials: one chain of NaN-aware max/min is latency-bound.
      Partials<F, V> acc(Splat<V>(init));
      int64_t r = 0;
      for (; r + 4 * kLanes <= R; r += 4 * kLanes) acc.Step(row + r);
      acc.FoldIntoFirst();
      for (; r + kLanes <= R; r += kLanes) acc.StepFirst(row + r, kLanes, V{});
      // max/min are idempotent: spare lanes may repeat init
      if (r < R) acc.StepFirst(row + r, R - r, Splat<V>(init));
      out[o] = acc.FoldFirstLanes();
    }
    return;
  }
  ColumnReduceBody<F, V>(x, out, init, outer, R, inner);
}

template <class V>
JAXLIB_VM_INLINE void SumReduceBody(const float* x, float* out, float init, int64_t outer, int64_t R, int64_t inner) {
  if (inner == 1) {
    for (int64_t o = R < kLanes ? ShortRowsBody<AddV, V>(x, out, init, outer, R) : 0; o < outer; ++o) {
      const float* row = x + o * R;
      Partials<AddV, V> acc(V{});
      int64_t r = 0;
      for (; r + 4 * kLanes <= R; r += 4 * kLanes) acc.Step(row + r);
      for (; r + kLanes <= R; r += kLanes) acc.StepFirst(row + r, kLanes, V{});
      if (r < R && R >= kLanes) acc.StepFirstTail(row + R, R - r);
      else if (r < R) acc.StepFirst(row + r, R - r, V{});
      acc.FoldIntoFirst();
      out[o] = init + acc.FoldFirstLanes();
    }
    return;
  }
  ColumnReduceBody<AddV, V>(x, out, init, outer, R, inner);
}

// Rows fed in pieces (F32RowStateFns): a row's state is the row reducer's four 16-lane partial
// results, 64 floats. A piece whose length is a multiple of 64 starts at partial 0 like the
// reducer's 64-element steps, so a row fed in such pieces, then finished, has the bits of the
// whole-row reducer (whose row length is then a multiple of 64 as well: no tail step).
template <class F, class V>
JAXLIB_VM_INLINE void RowStateFeedBody(float* states, const float* x, int64_t rows, int64_t n, int64_t stride) {
  for (int64_t k = 0; k < rows; ++k) {
    float* s = states + 4 * kLanes * k;
    const float* row = x + k * stride;
    Partials<F, V> acc(s);
    int64_t r = 0;
    for (; r + 4 * kLanes <= n; r += 4 * kLanes) acc.Step(row + r);
    // A sum's last piece may end in a tail: 16 at a time into partial 0, as SumReduceBody's.
    if constexpr (std::is_same_v<F, AddV>)
      for (; r < n; r += kLanes) acc.StepFirst(row + r, n - r < kLanes ? n - r : kLanes, V{});
    acc.StoreTo(s);
  }
}
// Sums start from zero partials and add init last (SumReduceBody); max/min start every partial
// at init and fold the lanes pairwise from lane 0 (MaxMinReduceBody's NaN-aware loop, whose
// value the fast row path reproduces whenever it answers).
template <class F, class V>
JAXLIB_VM_INLINE void RowStateStartBody(float* states, float init, int64_t rows) {
  const Partials<F, V> start(std::is_same_v<F, AddV> ? V{} : Splat<V>(init));
  for (int64_t k = 0; k < rows; ++k) start.StoreTo(states + 4 * kLanes * k);
}
// The state's partials are folded as they are loaded (FoldIntoFirst's order): loading them into
// a Partials first had GCC copy the state to the stack in 16-byte pieces and read it back in
// whole vectors, a failed store-to-load forwarding (a stall) per vector.
template <class F, class V>
JAXLIB_VM_INLINE void RowStateFinishBody(const float* states, float* out, float init, int64_t rows) {
  using P = Partials<F, V>;
  for (int64_t k = 0; k < rows; ++k) {
    const float* s = states + 4 * kLanes * k;
    P acc(V{});
    for (int p = 0; p < P::Q; ++p)
      acc.a[p] = F::Apply(F::Apply(Load<V>(s + p * P::L, P::L), Load<V>(s + (P::Q + p) * P::L, P::L)),
                          F::Apply(Load<V>(s + (2 * P::Q + p) * P::L, P::L), Load<V>(s + (3 * P::Q + p) * P::L, P::L)));
    const float r = acc.FoldFirstLanes();
    out[k] = std::is_same_v<F, AddV> ? init + r : r;
  }
}

// Softmax rows (kernels/softmax.cc): y = exp(x - m) and y = e * r with the row's m or r held in
// a register. The same IEEE subtract, Exp and multiply as SubV, ExpV and MulV, element for element.
// A row of at least a vector that ends inside one: its last whole vector (n - L, over part of
// the one before) is computed from the inputs before anything is stored (y may be x) and stored
// last, rewriting those elements with the same values: no partial vector, whose loads and stores
// of a runtime length went through memcpy and a stalled store forwarding (rows of 33: a third of
// the time).
template <class V>
JAXLIB_VM_INLINE void ExpShiftedBody(const float* x, float m, float* y, int64_t n) {
  constexpr int64_t L = kLanesOf<V>;
  const V mv = Splat<V>(m);
  const bool overlap = n > L && n % L != 0;
  const V last = overlap ? Exp(Load<V>(x + n - L, L) - mv) : V{};
  int64_t i = 0;
  for (; i + L <= n; i += L) Store(y + i, Exp(Load<V>(x + i, L) - mv), L);
  if (overlap) Store(y + n - L, last, L);
  else if (i < n) Store(y + i, Exp(Load<V>(x + i, n - i) - mv), n - i);
}
template <class V>
JAXLIB_VM_INLINE void ScaleBody(const float* e, float r, float* y, int64_t n, bool stream) {
  constexpr int64_t L = kLanesOf<V>;
  const V rv = Splat<V>(r);
  const bool overlap = n > L && n % L != 0;  // as ExpShiftedBody's
  const V last = overlap ? Load<V>(e + n - L, L) * rv : V{};
  int64_t i = 0;
#if defined(JAXLIB_X86_64)
  if (stream && reinterpret_cast<uintptr_t>(y) % 64 == 0) {
    for (; i + kLanes <= n; i += kLanes) {
      // SSE streaming stores exist on every x86-64; the compiler fuses the four into one
      // 64-byte write-combining line.
      alignas(64) float q[kLanes];
      for (int k = 0; k < kLanes; k += L) Store(q + k, Load<V>(e + i + k, L) * rv, L);
      for (int k = 0; k < kLanes; k += 4) _mm_stream_ps(y + i + k, _mm_load_ps(q + k));
    }
  }
#else
  (void)stream;
#endif
  for (; i + L <= n; i += L) Store(y + i, Load<V>(e + i, L) * rv, L);
  if (overlap) Store(y + n - L, last, L);
  else if (i < n) Store(y + i, Load<V>(e + i, n - i) * rv, n - i);
}

using VU64 = uint64_t __attribute__((vector_size(64)));
JAXLIB_VM_INLINE void FillPatternBody(void* dst, uint64_t pattern, int64_t bytes) {
  VU64 block = VU64{} + pattern;
  uint8_t* d = static_cast<uint8_t*>(dst);
  int64_t off = 0;
  for (; off + 64 <= bytes; off += 64) std::memcpy(d + off, &block, 64);
  for (; off < bytes; off += 8) std::memcpy(d + off, &pattern, 8);
}

// ---------------------------------------------------------------- 32-bit integer kernels
// The same arithmetic as elementwise_kernels.cc's scalar functors for s32/u32 (wrapping add,
// sub and mul, bitwise ops, XLA's shifts past the width, compares by the compare type), on
// explicit 16-lane vectors: GCC's -O2 cost model leaves plain loops of these scalar.
template <class U>
JAXLIB_VM_INLINE U LoadU(const uint32_t* p, int64_t n) {
  U v = {};
  std::memcpy(&v, p, static_cast<size_t>(n) * sizeof(uint32_t));
  return v;
}
template <class U>
JAXLIB_VM_INLINE void StoreU(uint32_t* p, U v, int64_t n) { std::memcpy(p, &v, static_cast<size_t>(n) * sizeof(uint32_t)); }

// Functors over unsigned lane vectors U of any width.
#define JAXLIB_IBINARY(Name, expr) \
  struct Name {                    \
    template <class U> static JAXLIB_VM_INLINE U Apply(U a, U b) { using S = SignedOf<U>; (void)sizeof(S); return expr; } \
  };
JAXLIB_IBINARY(IAddV, a + b)
JAXLIB_IBINARY(ISubV, a - b)
JAXLIB_IBINARY(IMulV, a * b)
JAXLIB_IBINARY(IAndV, a & b)
JAXLIB_IBINARY(IOrV, a | b)
JAXLIB_IBINARY(IXorV, a ^ b)
// Shift counts are the unsigned bits of b: 32 and above (negative counts included) shift
// everything out, or fill with the sign for the arithmetic right shift.
JAXLIB_IBINARY(IShlV, (a << (b & 31u)) & U(b < 32u))
JAXLIB_IBINARY(IShrLV, (a >> (b & 31u)) & U(b < 32u))
JAXLIB_IBINARY(IShrAV, U(S(a) >> S((b & 31u) | (U(b >= 32u) & 31u))))
// Selects by bitwise masks: GCC scalarises vector ?: on these types.
JAXLIB_IBINARY(IMaxSV, (U(S(a) > S(b)) & a) | (~U(S(a) > S(b)) & b))
JAXLIB_IBINARY(IMinSV, (U(S(a) < S(b)) & a) | (~U(S(a) < S(b)) & b))
JAXLIB_IBINARY(IMaxUV, (U(a > b) & a) | (~U(a > b) & b))
JAXLIB_IBINARY(IMinUV, (U(a < b) & a) | (~U(a < b) & b))
#undef JAXLIB_IBINARY

// Bit counts of 32-bit lanes as unary functors over the same bodies (the second operand is the
// first again and unused): ones counted in pairs, nibbles and bytes, the bytes summed by a
// multiply (elementwise_kernels.cc PopcntF's steps); leading zeros as the ones of the
// complement of the value smeared right from its highest one (32 for a zero).
template <class U>
JAXLIB_VM_INLINE U PopcountLanes(U v) {
  v = v - ((v >> 1) & 0x55555555u);
  v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
  v = (v + (v >> 4)) & 0x0f0f0f0fu;
  return (v * 0x01010101u) >> 24;
}
struct IPopcntV {
  template <class U> static JAXLIB_VM_INLINE U Apply(U a, U) { return PopcountLanes(a); }
};
struct IClzV {
  template <class U> static JAXLIB_VM_INLINE U Apply(U a, U) {
    a |= a >> 1;
    a |= a >> 2;
    a |= a >> 4;
    a |= a >> 8;
    a |= a >> 16;
    return PopcountLanes(~a);
  }
};

// s32 division and remainder through f64: both operands are exact doubles, and the rounded
// quotient can never cross an integer (|a/b - fl(a/b)| <= 2^-53 |a/b| <= 2^-22 / |b| < 1 / |b|,
// the least distance from a/b to an integer it is not), so truncating it gives C's quotient.
// Lanes the scalar kernels special-case (b == 0: quotient -1, remainder a; INT_MIN / -1:
// quotient INT_MIN, remainder 0) divide by 1 and are patched after.
template <bool kRem>
struct IDivRemSV {
  template <class U>
  static JAXLIB_VM_INLINE U Apply(U ua, U ub) {
    using S = SignedOf<U>;
    using D = F64Of<U>;
    const S a = S(ua), b = S(ub);
    // INT_MIN / -1 tested as one compare against zero: GCC 12 runs `a == INT32_MIN` on 16 lanes
    // one lane at a time.
    const U zero = U(b == 0), overflow = U(((ua ^ 0x80000000u) | ~ub) == 0u), special = zero | overflow;
    const U safe_b = (ub & ~special) | (special & 1u);
    const U q = U(__builtin_convertvector(__builtin_convertvector(a, D) / __builtin_convertvector(S(safe_b), D), S));
    if constexpr (kRem) return ((ua - q * safe_b) & ~special) | (ua & zero);
    else return q | zero;
  }
};

// s32 division and remainder by a divisor that is the same for every element (a constant or a
// broadcast scalar): a multiply by the f64 reciprocal instead of a divide per element. With
// |a| <= 2^31, fl(1/b) and the product each off by at most 2^-53 relative, a * fl(1/b) is within
// 2^-21 / |b| of a/b; a non-integer a/b is at least 1 / |b| from every integer, so truncation
// gives C's quotient, and an integer a/b = k can only come out as k - sgn(k), which leaves the
// remainder at +-b: that one case steps the quotient and zeroes the remainder. Exactly
// IDivRemSV's results. b == 0 and b == -1 (the special lanes) keep the general kernel.
template <bool kRem, class V>
JAXLIB_VM_INLINE void IntDivRemByInvariantBody(void* out, const void* const* in, int64_t n, EwFn general) {
  using U = UOf<V>;
  using S = SignedOf<U>;
  using D = F64Of<U>;
  constexpr int64_t L = kLanesOf<V>;
  if (n <= 0) return;
  const uint32_t* a = static_cast<const uint32_t*>(in[0]);
  const int32_t b = static_cast<int32_t>(static_cast<const uint32_t*>(in[1])[0]);
  if (b == 0 || b == -1) return general(out, in, n, EwInstr{});
  uint32_t* o = static_cast<uint32_t*>(out);
  const D recip = D{} + 1.0 / static_cast<double>(b);
  const U ub = U{} + static_cast<uint32_t>(b), neg_b = U{} - static_cast<uint32_t>(b);
  auto apply = [&](U ua) {
    U q = U(__builtin_convertvector(__builtin_convertvector(S(ua), D) * recip, S));
    const U r = ua - q * ub;
    const U up = U(r == ub), down = U(r == neg_b);
    if constexpr (kRem) return r & ~(up | down);
    else return q - up + down;  // the masks are all ones: -1 steps up, +1 steps down
  };
  int64_t i = 0;
  for (; i + L <= n; i += L) StoreU(o + i, apply(LoadU<U>(a + i, L)), L);
  if (i < n) StoreU(o + i, apply(LoadU<U>(a + i, n - i)), n - i);
}

template <class F, class V>
JAXLIB_VM_INLINE void IntBinaryBody(void* out, const void* const* in, int64_t n) {
  using U = UOf<V>;
  constexpr int64_t L = kLanesOf<V>;
  const uint32_t* a = static_cast<const uint32_t*>(in[0]);
  const uint32_t* b = static_cast<const uint32_t*>(in[1]);
  uint32_t* o = static_cast<uint32_t*>(out);
  int64_t i = 0;
  for (; i + L <= n; i += L) StoreU(o + i, F::Apply(LoadU<U>(a + i, L), LoadU<U>(b + i, L)), L);
  if (i < n) StoreU(o + i, F::Apply(LoadU<U>(a + i, n - i), LoadU<U>(b + i, n - i)), n - i);
}

// kDir: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE; kSigned: the bits read as int32.
template <int kDir, bool kSigned, class U>
JAXLIB_VM_INLINE SignedOf<U> IntCompareLanes(U ua, U ub) {
  using S = SignedOf<U>;
  using T = std::conditional_t<kSigned, S, U>;
  const T a = T(ua), b = T(ub);
  if constexpr (kDir == 0) return S(a == b);
  else if constexpr (kDir == 1) return S(a != b);
  else if constexpr (kDir == 2) return S(a < b);
  else if constexpr (kDir == 3) return S(a <= b);
  else if constexpr (kDir == 4) return S(a > b);
  else return S(a >= b);
}
template <int kDir, bool kSigned, class V>
JAXLIB_VM_INLINE void IntCompareBody(void* out, const void* const* in, int64_t n) {
  using U = UOf<V>;
  using B = BytesOf<U>;
  constexpr int64_t L = kLanesOf<V>;
  const uint32_t* a = static_cast<const uint32_t*>(in[0]);
  const uint32_t* b = static_cast<const uint32_t*>(in[1]);
  uint8_t* o = static_cast<uint8_t*>(out);
  int64_t i = 0;
  for (; i + L <= n; i += L) {
    B r = LowBytes(IntCompareLanes<kDir, kSigned>(LoadU<U>(a + i, L), LoadU<U>(b + i, L)) & 1);
    std::memcpy(o + i, &r, L);
  }
  if (i < n) {
    B r = LowBytes(IntCompareLanes<kDir, kSigned>(LoadU<U>(a + i, n - i), LoadU<U>(b + i, n - i)) & 1);
    std::memcpy(o + i, &r, static_cast<size_t>(n - i));
  }
}

// ---------------------------------------------------------------- strided rows
// out row r = init folded with every tap's row r in tap order (F(acc, x), or F(x, acc) when
// swapped), tap t's row r at taps[t] + r * x_stride: a whole window per output (channels-last
// pooling), held in registers (blocks of 8, 4 and 1 vectors: 16 ymm hold 8 accumulators and
// the loads), so the output is written once instead of once per tap. Each element sees the
// same operations in the same order as BinaryBody applied tap by tap.
// One fold step acc = F(acc, v) (F(v, acc) when swapped). Max and min on x86-64 take the
// hardware max/min: with the accumulator already flushed (a flushed init, then NanMax/NanMin
// results) it is NanMax/NanMin's exact function at a quarter of the operations. maxps(a, b) is
// a > b ? a : b; both operand orders agree except on equal values, where AND (max: +0 over -0)
// or OR (min: -0) of the two is NanMax's a & b (NanMin's a | b); a NaN operand is put back
// after (a's first, as there).
#if defined(JAXLIB_X86_64)
// Plain `inline` with the ISA's target (an always_inline one would be refused inside the
// untargeted fold body); they are inlined once that body is, so the ABI note does not apply
// (GCC reports it at the end of the file: ignored from here on).
#pragma GCC diagnostic ignored "-Wpsabi"
template <bool kMax> inline Vec<4>::F HwMaxMin(Vec<4>::F a, Vec<4>::F b) {
  return kMax ? (Vec<4>::F)_mm_max_ps((__m128)a, (__m128)b) : (Vec<4>::F)_mm_min_ps((__m128)a, (__m128)b);
}
template <bool kMax> JAXLIB_TARGET_AVX2 inline Vec<8>::F HwMaxMin(Vec<8>::F a, Vec<8>::F b) {
  return kMax ? (Vec<8>::F)_mm256_max_ps((__m256)a, (__m256)b) : (Vec<8>::F)_mm256_min_ps((__m256)a, (__m256)b);
}
template <bool kMax> __attribute__((target("avx512f"))) inline Vec<16>::F HwMaxMin(Vec<16>::F a, Vec<16>::F b) {
  // The zero-masked forms: GCC 12 warns that the unmasked ones' undefined pass-through is unset.
  const __mmask16 all = 0xffff;
  return kMax ? (Vec<16>::F)_mm512_maskz_max_ps(all, (__m512)a, (__m512)b)
              : (Vec<16>::F)_mm512_maskz_min_ps(all, (__m512)a, (__m512)b);
}
#endif
template <class F> constexpr bool kFoldIsMax = std::is_same_v<F, MaxV>;
template <class F> constexpr bool kFoldIsMaxMin = std::is_same_v<F, MaxV> || std::is_same_v<F, MinV>;
template <class F, class V>
JAXLIB_VM_INLINE V FoldStart(float init) {
  if constexpr (kFoldIsMaxMin<F>) return Flush(Splat<V>(init));  // what NanMax/NanMin see of it
  return Splat<V>(init);
}
template <class F, bool kSwapped, class V>
JAXLIB_VM_INLINE V FoldStep(V acc, V v) {
#if defined(JAXLIB_X86_64)
  if constexpr (kFoldIsMaxMin<F>) {
    const V a = kSwapped ? Flush(v) : acc, b = kSwapped ? acc : Flush(v);
    const V m1 = HwMaxMin<kFoldIsMax<F>>(a, b), m2 = HwMaxMin<kFoldIsMax<F>>(b, a);
    V r = kFoldIsMax<F> ? AsF(AsU(m1) & AsU(m2)) : AsF(AsU(m1) | AsU(m2));
    r = Select(IsNan(b), b, r);
    return Select(IsNan(a), a, r);
  }
#endif
  return kSwapped ? F::Apply(v, acc) : F::Apply(acc, v);
}

// kB vectors of outputs; a kTail block (kB == 1) has m < L lanes, read and written through
// partial loads and stores (a runtime-length copy: whole vectors never take it).
template <class F, class V, int kB, bool kSwapped, bool kTail = false>
JAXLIB_VM_INLINE void TapsBlock(float* o, const float* const* taps, int64_t ntaps, int64_t off, float init,
                                int64_t m) {
  constexpr int64_t L = kLanesOf<V>;
  V acc[kB];
#pragma GCC unroll 8
  for (int k = 0; k < kB; ++k) acc[k] = FoldStart<F, V>(init);
  for (int64_t t = 0; t < ntaps; ++t) {
    const float* x = taps[t] + off;
#pragma GCC unroll 8
    for (int k = 0; k < kB; ++k) acc[k] = FoldStep<F, kSwapped>(acc[k], Load<V>(x + k * L, kTail ? m : L));
  }
#pragma GCC unroll 8
  for (int k = 0; k < kB; ++k) Store(o + k * L, acc[k], kTail ? m : L);
}
template <class F, class V, bool kSwapped>
JAXLIB_VM_INLINE void CombineTapsRows(float* out, const float* const* taps, int64_t ntaps, float init, int64_t n,
                                      int64_t rows, int64_t out_stride, int64_t x_stride) {
  constexpr int64_t L = kLanesOf<V>;
  for (int64_t r = 0; r < rows; ++r) {
    float* o = out + r * out_stride;
    const int64_t base = r * x_stride;
    int64_t i = 0;
    for (; i + 8 * L <= n; i += 8 * L) TapsBlock<F, V, 8, kSwapped>(o + i, taps, ntaps, base + i, init, L);
    for (; i + 4 * L <= n; i += 4 * L) TapsBlock<F, V, 4, kSwapped>(o + i, taps, ntaps, base + i, init, L);
    for (; i + L <= n; i += L) TapsBlock<F, V, 1, kSwapped>(o + i, taps, ntaps, base + i, init, L);
    if (i < n) TapsBlock<F, V, 1, kSwapped, true>(o + i, taps, ntaps, base + i, init, n - i);
  }
}
template <class F, class V>
JAXLIB_VM_INLINE void CombineTapsBody(float* out, const float* const* taps, int64_t ntaps, float init, int64_t n,
                                      int64_t rows, int64_t out_stride, int64_t x_stride, bool swapped) {
  if (swapped)
    CombineTapsRows<F, V, true>(out, taps, ntaps, init, n, rows, out_stride, x_stride);
  else
    CombineTapsRows<F, V, false>(out, taps, ntaps, init, n, rows, out_stride, x_stride);
}

// ---------------------------------------------------------------- f64 arithmetic and exp
#define JAXLIB_VM_LAMBDA_INLINE __attribute__((always_inline))
// y[i] = apply({x0[i], x1[i], ...}) one register of doubles at a time (wider ones compare lane
// by lane), whole registers first, then the tail once, its missing lanes zero.
template <class V, class Apply, class... In>
JAXLIB_VM_INLINE void MapF64(double* y, int64_t n, Apply apply, const In*... in) {
  constexpr int kN = kLanesOf<V> / 2;
  using D = typename Vec<kN>::D;
  const double* x[] = {in...};
  D v[sizeof...(In)];
  int64_t i = 0;
  for (; i + kN <= n; i += kN) {  // fixed-size copies become plain loads and stores
    for (size_t k = 0; k < sizeof...(In); ++k) std::memcpy(&v[k], x[k] + i, sizeof(D));
    const D r = apply(v);
    std::memcpy(y + i, &r, sizeof(r));
  }
  if (i < n) {
    const size_t bytes = static_cast<size_t>(n - i) * sizeof(double);
    for (size_t k = 0; k < sizeof...(In); ++k) {
      v[k] = D{};
      std::memcpy(&v[k], x[k] + i, bytes);
    }
    const D r = apply(v);
    std::memcpy(y + i, &r, bytes);
  }
}

// Table entries for each lane's index (0 <= j < 128) of kN lanes: one gather instruction at
// AVX2 and AVX-512, lane by lane elsewhere. The same entries whichever way they are read.
#if defined(JAXLIB_X86_64)
typedef int64_t I64x4 __attribute__((vector_size(32)));
typedef int64_t I64x8 __attribute__((vector_size(64)));
JAXLIB_TARGET_AVX2 inline Vec<4>::D GatherF64x4(const double* table, I64x4 j) {
  return (Vec<4>::D)_mm256_i64gather_pd(table, (__m256i)j, 8);
}
__attribute__((target("avx512f"))) inline Vec<8>::D GatherF64x8(const double* table, I64x8 j) {
  // The masked form with a zero pass-through: GCC 12 warns that the plain one's is unset.
  return (Vec<8>::D)_mm512_mask_i64gather_pd(_mm512_setzero_pd(), 0xff, (__m512i)j, table, 8);
}
#endif
template <int kN, class I>
JAXLIB_VM_INLINE typename Vec<kN>::D GatherF64(const double* table, I j) {
#if defined(JAXLIB_X86_64)
  if constexpr (kN == 4) return GatherF64x4(table, j);
  if constexpr (kN == 8) return GatherF64x8(table, j);
#endif
  typename Vec<kN>::D r;
  for (int k = 0; k < kN; ++k) r[k] = table[j[k]];
  return r;
}

// Whether any of kN 64-bit lanes of a compare result is set: one test instruction at AVX2 and
// AVX-512, lane by lane elsewhere.
#if defined(JAXLIB_X86_64)
typedef uint64_t U64x4 __attribute__((vector_size(32)));
typedef uint64_t U64x8 __attribute__((vector_size(64)));
JAXLIB_TARGET_AVX2 inline bool AnyLaneF64x4(U64x4 m) { return !_mm256_testz_si256((__m256i)m, (__m256i)m); }
__attribute__((target("avx512f"))) inline bool AnyLaneF64x8(U64x8 m) {
  return _mm512_test_epi64_mask((__m512i)m, (__m512i)m) != 0;
}
#endif
template <int kN, class U>
JAXLIB_VM_INLINE bool AnyLaneF64(U m) {
#if defined(JAXLIB_X86_64)
  if constexpr (kN == 4) return AnyLaneF64x4(m);
  if constexpr (kN == 8) return AnyLaneF64x8(m);
#endif
  uint64_t any = 0;
  for (int k = 0; k < kN; ++k) any |= m[k];
  return any != 0;
}

// exp over doubles, one register of them at a time (Tang's table method): x = (128 k + j)
// ln2/128 + r with |r| <= ln2/256 (ln2/128 split so k * hi is exact), e^r - 1 by its Taylor
// series to r^5 (truncation below 2^-60 relative), times 2^(j/128) from a table as hi + lo,
// then 2^k as two exact power-of-two factors built from k's bits (no packed f64 -> int64
// conversion below AVX-512). Separate multiplies and adds (no FMA), so every ISA gives the same
// bits; within 1 ulp of glibc. Clamping to [-746, 710] keeps k in range: overflow comes out as
// inf, underflow as 0 (flushed); NaN lanes read a table entry like any other (their index is
// masked too) and get the input back.
template <class V>
JAXLIB_VM_INLINE void ExpF64Body(void* out, const void* const* in, int64_t n) {
  constexpr int kN = kLanesOf<V> / 2;  // one register of doubles (wider ones compare lane by lane)
  using D = typename Vec<kN>::D;
  typedef uint64_t U64 __attribute__((vector_size(8 * kN)));
  typedef int64_t I64 __attribute__((vector_size(8 * kN)));
  const double* x = static_cast<const double*>(in[0]);
  double* y = static_cast<double*>(out);
  auto AsU64 = [](D v) {
    U64 w;
    std::memcpy(&w, &v, sizeof(w));
    return w;
  };
  auto AsD = [](U64 w) {
    D v;
    std::memcpy(&v, &w, sizeof(v));
    return v;
  };
  // Always inlined, so that the gathers (ISA target functions) inline into the ISA's body.
  // 2^(j/128) e^r for x = (128 k + j) ln2/128 + r, in [0.997, 1.995]; *kji = 128 k + j.
  auto reduced = [&](D c, U64* kji) JAXLIB_VM_LAMBDA_INLINE {
    const D magic = D{} + 6755399441055744.0;  // 1.5 * 2^52: adding it rounds to an integer
    const D shifted = c * exp_f64::kInvStep + magic;
    const D kj = shifted - magic;
    *kji = AsU64(shifted) - AsU64(magic);  // two's complement
    const D r = (c - kj * exp_f64::kStepHi) - kj * exp_f64::kStepLo;
    D q = D{} + 1.0 / 120.0;
    for (double coef : {1.0 / 24.0, 1.0 / 6.0, 0.5}) q = q * r + coef;
    const D p = (r * r) * q + r;  // e^r - 1
    const I64 j = I64(*kji & static_cast<uint64_t>(exp_f64::kTableSize - 1));
    const D th = GatherF64<kN>(exp_f64::kTwoToJHi, j), tl = GatherF64<kN>(exp_f64::kTwoToJLo, j);
    return th + (th * p + tl);
  };
  auto apply = [&](D v) JAXLIB_VM_LAMBDA_INLINE {
    U64 kji;
    D res;
    // On [-708, 709] (and NaN) every result is normal: 2^k is added to the exponent bits. Past
    // that, a register clamps and scales by two exact power-of-two factors, which give the same
    // bits wherever the result is normal, so the path taken never shows in a result.
    if (!AnyLaneF64<kN>(U64(v < -708.0) | U64(v > 709.0))) {
      const D e = reduced(v, &kji);
      res = AsD(AsU64(e) + ((kji & ~static_cast<uint64_t>(exp_f64::kTableSize - 1)) << (52 - exp_f64::kTableBits)));
    } else {
      const D lo = D{} - 746.0, hi = D{} + 710.0;
      D c = v < lo ? lo : v;  // NaN stays NaN
      c = c > hi ? hi : c;
      const D e = reduced(c, &kji);
      // k = floor(kji / 128) in [-1077, 1024] = k1 + k2, each in [-539, 512].
      const U64 k = ((kji + (U64{} + (uint64_t{1} << 20))) >> exp_f64::kTableBits) - (uint64_t{1} << 13);
      const U64 k1 = ((k + 2048) >> 1) - 1024, k2 = k - k1;
      const D f1 = AsD((k1 + 1023) << 52), f2 = AsD((k2 + 1023) << 52);
      res = e * f1 * f2;
    }
    return v != v ? v : res;
  };
  MapF64<V>(y, n, [&](D* v) JAXLIB_VM_LAMBDA_INLINE { return apply(v[0]); }, x);
}

// RowMaxMinF64Fn over kN lanes of 64-bit keys, two registers of them in flight. A key is the
// flushed value's bits with a negative value's magnitude bits flipped: integer order is the
// values' order, -0 (key -1) just below +0 (key 0); the map is its own inverse.
template <int kN>
struct Lanes64 {  // (a typedef whose vector_size depends on a template parameter loses it)
  typedef int64_t I __attribute__((vector_size(8 * kN)));
  typedef uint64_t U __attribute__((vector_size(8 * kN)));
};
template <int kN, bool kMax>
JAXLIB_VM_INLINE bool RowMaxMinF64Body(const double* x, int64_t n, double init, double* out) {
  using I = typename Lanes64<kN>::I;
  using U = typename Lanes64<kN>::U;
  constexpr uint64_t kAbs = 0x7fffffffffffffffull, kExp = 0x7ff0000000000000ull;
  auto key = [](U b) JAXLIB_VM_LAMBDA_INLINE {
    b &= ~(U((b & kExp) == 0) & kAbs);  // a denormal (or zero) keeps its sign alone
    return I(b ^ (U(I(b) >> 63) & kAbs));
  };
  auto key1 = [](uint64_t b) JAXLIB_VM_LAMBDA_INLINE {
    if ((b & kExp) == 0) b &= ~kAbs;
    return static_cast<int64_t>(b ^ (static_cast<uint64_t>(static_cast<int64_t>(b) >> 63) & kAbs));
  };
  auto pick = [](auto a, auto b) JAXLIB_VM_LAMBDA_INLINE { return kMax ? (a > b ? a : b) : (a < b ? a : b); };
  uint64_t ib;
  std::memcpy(&ib, &init, 8);
  if ((ib & kAbs) > kExp) return false;
  const int64_t k0 = key1(ib);
  I acc0 = I{} + k0, acc1 = acc0;
  U nan = U{};
  int64_t i = 0;
  for (; i + 2 * kN <= n; i += 2 * kN) {
    U b0, b1;
    std::memcpy(&b0, x + i, sizeof(U));
    std::memcpy(&b1, x + i + kN, sizeof(U));
    nan |= U((b0 & kAbs) > kExp) | U((b1 & kAbs) > kExp);
    acc0 = pick(key(b0), acc0);
    acc1 = pick(key(b1), acc1);
  }
  acc0 = pick(acc0, acc1);
  int64_t m = k0;
  uint64_t any_nan = 0;
  for (int k = 0; k < kN; ++k) {
    m = pick(acc0[k], m);
    any_nan |= nan[k];
  }
  for (; i < n; ++i) {
    uint64_t b;
    std::memcpy(&b, x + i, 8);
    any_nan |= (b & kAbs) > kExp;
    m = pick(key1(b), m);
  }
  if (any_nan) return false;
  const uint64_t bits = static_cast<uint64_t>(m) ^ (static_cast<uint64_t>(m >> 63) & kAbs);  // the key's value
  std::memcpy(out, &bits, 8);
  return true;
}

// f64 add, subtract, multiply, divide (F: AddV...) and negate at one register of doubles:
// IEEE-rounded lane by lane, the scalar kernels' bits at every ISA.
template <class F, class V>
JAXLIB_VM_INLINE void BinaryF64Body(void* out, const void* const* in, int64_t n) {
  using D = typename Vec<kLanesOf<V> / 2>::D;
  MapF64<V>(static_cast<double*>(out), n, [](D* v) { return F::Apply(v[0], v[1]); },
            static_cast<const double*>(in[0]), static_cast<const double*>(in[1]));
}
template <class V>
JAXLIB_VM_INLINE void NegateF64Body(void* out, const void* const* in, int64_t n) {
  using D = typename Vec<kLanesOf<V> / 2>::D;
  MapF64<V>(static_cast<double*>(out), n, [](D* v) { return -v[0]; }, static_cast<const double*>(in[0]));
}

// 8- and 16-bit integers to f32 (exact): images and token ids. GCC 12 widens narrow integer
// vectors lane by lane, so the x86 ISAs widen with their own instructions; elsewhere one value
// at a time (the compiler vectorises that where it can).
template <class T>
void IntToF32Scalar(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const T* a = static_cast<const T*>(in[0]);
  float* o = static_cast<float*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = static_cast<float>(a[i]);
}
#if defined(JAXLIB_X86_64)
template <class T>
JAXLIB_TARGET_AVX2 void IntToF32Avx2(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const T* a = static_cast<const T*>(in[0]);
  float* o = static_cast<float*>(out);
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    __m256i w;
    if constexpr (sizeof(T) == 1) {
      const __m128i b = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(a + i));
      w = std::is_signed_v<T> ? _mm256_cvtepi8_epi32(b) : _mm256_cvtepu8_epi32(b);
    } else {
      const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
      w = std::is_signed_v<T> ? _mm256_cvtepi16_epi32(h) : _mm256_cvtepu16_epi32(h);
    }
    _mm256_storeu_ps(o + i, _mm256_cvtepi32_ps(w));
  }
  const void* rest[1] = {a + i};
  IntToF32Scalar<T>(o + i, rest, n - i, ins);
}
template <class T>
__attribute__((target("avx512f"))) void IntToF32Avx512(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const T* a = static_cast<const T*>(in[0]);
  float* o = static_cast<float*>(out);
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m512i w;
    if constexpr (sizeof(T) == 1) {
      const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a + i));
      w = std::is_signed_v<T> ? _mm512_cvtepi8_epi32(b) : _mm512_cvtepu8_epi32(b);
    } else {
      const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a + i));
      w = std::is_signed_v<T> ? _mm512_cvtepi16_epi32(h) : _mm512_cvtepu16_epi32(h);
    }
    _mm512_storeu_ps(o + i, _mm512_cvtepi32_ps(w));
  }
  const void* rest[1] = {a + i};
  IntToF32Scalar<T>(o + i, rest, n - i, ins);
}
#endif

// ---------------------------------------------------------------- per-ISA instantiations
#define JAXLIB_ISA_KERNELS(Suffix, Attr, V)                                                            \
  template <class F> Attr void Unary##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) { \
    UnaryBody<F, V>(o, in, n);                                                                             \
  }                                                                                                   \
  template <class F> Attr void Binary##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) { \
    BinaryBody<F, V>(o, in, n);                                                                            \
  }                                                                                                   \
  template <class F> Attr void Compare##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) { \
    CompareBody<F, V>(o, in, n);                                                                           \
  }                                                                                                   \
  Attr void Select##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {                          \
    JAXLIB_SELECT_BODY(PredMask##Suffix)                                                                            \
  }                                                                                                                 \
  template <bool kMax> Attr void MaxMin##Suffix(const float* x, float* out, float init, int64_t outer, int64_t R,  \
                                                int64_t inner) {                                                    \
    MaxMinReduceBody<kMax, V>(x, out, init, outer, R, inner, JAXLIB_FAST_ROW_##Suffix(kMax));                          \
  }                                                                                                                 \
  Attr void Fill##Suffix(void* dst, uint64_t pattern, int64_t bytes) { FillPatternBody(dst, pattern, bytes); }     \
  Attr void ExpShifted##Suffix(const float* x, float m, float* y, int64_t n) { ExpShiftedBody<V>(x, m, y, n); }       \
  Attr int64_t SoftmaxShort##Suffix(const float* x, float* y, int64_t rows, int64_t R) {                            \
    return SoftmaxShortRowsBody<V>(x, y, rows, R);                                                                  \
  }                                                                                                                 \
  Attr int64_t MaxSumExpShort##Suffix(const float* x, float* c, float* s, int64_t rows, int64_t R) {                \
    return MaxSumExpShortRowsBody<V>(x, c, s, rows, R);                                                             \
  }                                                                                                                 \
  Attr void Scale##Suffix(const float* e, float r, float* y, int64_t n, bool stream) { ScaleBody<V>(e, r, y, n, stream); } \
  Attr void ExpShiftedRows##Suffix(const float* x, const float* m, float* y, int64_t rows, int64_t n) {             \
    for (int64_t i = 0; i < rows; ++i) ExpShiftedBody<V>(x + i * n, m[i], y + i * n, n);                           \
  }                                                                                                                 \
  Attr void ScaleRows##Suffix(const float* e, const float* r, float* y, int64_t rows, int64_t n, bool stream) {     \
    for (int64_t i = 0; i < rows; ++i) ScaleBody<V>(e + i * n, r[i], y + i * n, n, stream);                        \
  }                                                                                                                 \
  Attr void Sum##Suffix(const float* x, float* out, float init, int64_t outer, int64_t R, int64_t inner) {           \
    SumReduceBody<V>(x, out, init, outer, R, inner);                                                                   \
  }                                                                                                                 \
  Attr void ExpF64##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) { ExpF64Body<V>(o, in, n); } \
  template <class F> Attr void BinaryF64##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) {      \
    BinaryF64Body<F, V>(o, in, n);                                                                                  \
  }                                                                                                                 \
  Attr void NegateF64##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) { NegateF64Body<V>(o, in, n); } \
  template <class F> Attr void CombineTaps##Suffix(float* o, const float* const* t, int64_t nt, float init,       \
                                                   int64_t n, int64_t rows, int64_t os, int64_t xs, bool swapped) { \
    CombineTapsBody<F, V>(o, t, nt, init, n, rows, os, xs, swapped);                                                 \
  }                                                                                                                 \
  template <class F> Attr void Columns##Suffix(const float* x, float* out, float init, int64_t R, int64_t width,     \
                                               int64_t stride) {                                                    \
    ColumnsBody<F, V>(x, out, init, R, width, stride);                                                              \
  }                                                                                                                 \
  template <class F> Attr bool PlainColumns##Suffix(const float* x, float* acc, int64_t R, int64_t width,        \
                                                    int64_t stride) {                                               \
    return PlainColumnsResumeBody<F, V>(x, acc, R, width, stride);                                                  \
  }                                                                                                                 \
  template <class F> Attr void ColumnsResume##Suffix(const float* x, float* out, float init, int64_t R,            \
                                                     int64_t width, int64_t stride) {                               \
    ColumnsBody<F, V, true>(x, out, init, R, width, stride);                                                        \
  }                                                                                                                 \
  template <class F> Attr void RowStart##Suffix(float* states, float init, int64_t rows) {                          \
    RowStateStartBody<F, V>(states, init, rows);                                                                       \
  }                                                                                                                 \
  template <class F> Attr void RowFeed##Suffix(float* states, const float* x, int64_t rows, int64_t n,              \
                                               int64_t stride) {                                                    \
    RowStateFeedBody<F, V>(states, x, rows, n, stride);                                                                \
  }                                                                                                                 \
  template <class F> Attr void RowFinish##Suffix(const float* states, float* out, float init, int64_t rows) {       \
    RowStateFinishBody<F, V>(states, out, init, rows);                                                                 \
  }                                                                                                                 \
  template <class F> Attr void IntBinary##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) {       \
    IntBinaryBody<F, V>(o, in, n);                                                                                       \
  }                                                                                                                 \
  template <class F> Attr void IntUnary##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) {        \
    const void* const both[2] = {in[0], in[0]};                                                                     \
    IntBinaryBody<F, V>(o, both, n);                                                                                \
  }                                                                                                                 \
  template <bool kRem> Attr void IntDivRemByInvariant##Suffix(void* o, const void* const* in, int64_t n,          \
                                                            const EwInstr&) {                                     \
    IntDivRemByInvariantBody<kRem, V>(o, in, n, &IntBinary##Suffix<IDivRemSV<kRem>>);                                \
  }                                                                                                                 \
  template <int kDir, bool kSigned>                                                                                 \
  Attr void IntCompare##Suffix(void* o, const void* const* in, int64_t n, const EwInstr&) {                         \
    IntCompareBody<kDir, kSigned, V>(o, in, n);                                                                        \
  }

// Off x86-64 the AVX names are references to the baseline functions, so the dispatch below
// compiles unchanged (DetectedVectorIsa never answers an AVX level there) and adds no code.
#define JAXLIB_ISA_ALIASES(Suffix)                                                                  \
  template <class F> constexpr auto& Unary##Suffix = UnaryBase<F>;                                  \
  template <class F> constexpr auto& Binary##Suffix = BinaryBase<F>;                                \
  template <class F> constexpr auto& Compare##Suffix = CompareBase<F>;                              \
  constexpr auto& Select##Suffix = SelectBase;                                                      \
  template <bool kMax> constexpr auto& MaxMin##Suffix = MaxMinBase<kMax>;                           \
  constexpr auto& Fill##Suffix = FillBase;                                                          \
  constexpr auto& ExpShifted##Suffix = ExpShiftedBase;                                              \
  constexpr auto& SoftmaxShort##Suffix = SoftmaxShortBase;                                          \
  constexpr auto& MaxSumExpShort##Suffix = MaxSumExpShortBase;                                      \
  constexpr auto& Scale##Suffix = ScaleBase;                                                        \
  constexpr auto& ExpShiftedRows##Suffix = ExpShiftedRowsBase;                                      \
  constexpr auto& ScaleRows##Suffix = ScaleRowsBase;                                                \
  constexpr auto& Sum##Suffix = SumBase;                                                            \
  constexpr auto& ExpF64##Suffix = ExpF64Base;                                                      \
  template <class F> constexpr auto& BinaryF64##Suffix = BinaryF64Base<F>;                          \
  constexpr auto& NegateF64##Suffix = NegateF64Base;                                                \
  template <class F> constexpr auto& CombineTaps##Suffix = CombineTapsBase<F>;                      \
  template <class F> constexpr auto& Columns##Suffix = ColumnsBase<F>;                              \
  template <class F> constexpr auto& ColumnsResume##Suffix = ColumnsResumeBase<F>;                  \
  template <class F> constexpr auto& PlainColumns##Suffix = PlainColumnsBase<F>;                    \
  template <class F> constexpr auto& RowStart##Suffix = RowStartBase<F>;                            \
  template <class F> constexpr auto& RowFeed##Suffix = RowFeedBase<F>;                              \
  template <class F> constexpr auto& RowFinish##Suffix = RowFinishBase<F>;                          \
  template <class F> constexpr auto& IntBinary##Suffix = IntBinaryBase<F>;                          \
  template <class F> constexpr auto& IntUnary##Suffix = IntUnaryBase<F>;                            \
  template <bool kRem> constexpr auto& IntDivRemByInvariant##Suffix = IntDivRemByInvariantBase<kRem>; \
  template <int kDir, bool kSigned> constexpr auto& IntCompare##Suffix = IntCompareBase<kDir, kSigned>;

#if defined(__aarch64__)
#define JAXLIB_FAST_ROW_Base(kMax) (&neon::FastRowMaxMin<kMax>)
#else
#define JAXLIB_FAST_ROW_Base(kMax) nullptr
#endif
// The baseline runs 4-lane vectors: SSE2 on x86-64, one NEON register on AArch64.
JAXLIB_ISA_KERNELS(Base, , Vec<4>::F)
#if defined(JAXLIB_X86_64)
#define JAXLIB_FAST_ROW_Avx2(kMax) (&FastRowMaxMinAvx2<kMax>)
#define JAXLIB_FAST_ROW_Avx512(kMax) (&FastRowMaxMinAvx512<kMax>)
JAXLIB_ISA_KERNELS(Avx2, JAXLIB_TARGET_AVX2, Vec<8>::F)
JAXLIB_ISA_KERNELS(Avx512, JAXLIB_TARGET_AVX512_WIDE("avx512f,avx512bw,avx512vl,avx512dq"), Vec<16>::F)
#else
JAXLIB_ISA_ALIASES(Avx2)
JAXLIB_ISA_ALIASES(Avx512)
#endif
#undef JAXLIB_ISA_KERNELS
#undef JAXLIB_ISA_ALIASES
#undef JAXLIB_FAST_ROW_Base
#undef JAXLIB_FAST_ROW_Avx2
#undef JAXLIB_FAST_ROW_Avx512

template <class F> EwFn UnaryFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &UnaryAvx512<F>;
    case VectorIsa::kAvx2: return &UnaryAvx2<F>;
    default: return &UnaryBase<F>;
  }
}
template <class F> EwFn BinaryFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &BinaryAvx512<F>;
    case VectorIsa::kAvx2: return &BinaryAvx2<F>;
    default: return &BinaryBase<F>;
  }
}
template <class F> EwFn CompareFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &CompareAvx512<F>;
    case VectorIsa::kAvx2: return &CompareAvx2<F>;
    default: return &CompareBase<F>;
  }
}
EwFn SelectFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &SelectAvx512;
    case VectorIsa::kAvx2: return &SelectAvx2;
    default: return &SelectBase;
  }
}

template <class F> EwFn IntBinaryFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &IntBinaryAvx512<F>;
    case VectorIsa::kAvx2: return &IntBinaryAvx2<F>;
    default: return &IntBinaryBase<F>;
  }
}
template <class F> EwFn IntUnaryFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &IntUnaryAvx512<F>;
    case VectorIsa::kAvx2: return &IntUnaryAvx2<F>;
    default: return &IntUnaryBase<F>;
  }
}
template <int kDir, bool kSigned> EwFn IntCompareFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &IntCompareAvx512<kDir, kSigned>;
    case VectorIsa::kAvx2: return &IntCompareAvx2<kDir, kSigned>;
    default: return &IntCompareBase<kDir, kSigned>;
  }
}
template <bool kSigned> EwFn IntCompareDir(VectorIsa isa, const std::string& dir) {
  if (dir == "EQ") return IntCompareFor<0, kSigned>(isa);
  if (dir == "NE") return IntCompareFor<1, kSigned>(isa);
  if (dir == "LT") return IntCompareFor<2, kSigned>(isa);
  if (dir == "LE") return IntCompareFor<3, kSigned>(isa);
  if (dir == "GT") return IntCompareFor<4, kSigned>(isa);
  if (dir == "GE") return IntCompareFor<5, kSigned>(isa);
  return nullptr;
}

// pred and, or, xor and EQ/NE compares on 0/1 bytes as 16-byte vectors (native to every x86-64
// and AArch64 target, so one generic body serves all): a & b, a | b, a ^ b and (a ^ b) ^ 1 are
// the scalar kernels' &&, ||, != and == on those bytes.
using VB16 = uint8_t __attribute__((vector_size(16)));
template <int kOp>  // 0 and, 1 or, 2 xor (NE), 3 EQ
void PredBinaryKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const uint8_t* a = static_cast<const uint8_t*>(in[0]);
  const uint8_t* b = static_cast<const uint8_t*>(in[1]);
  uint8_t* o = static_cast<uint8_t*>(out);
  auto apply = [](VB16 x, VB16 y) {
    if constexpr (kOp == 0) return x & y;
    else if constexpr (kOp == 1) return x | y;
    else if constexpr (kOp == 2) return x ^ y;
    else return (x ^ y) ^ 1;
  };
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    VB16 x, y;
    std::memcpy(&x, a + i, 16);
    std::memcpy(&y, b + i, 16);
    const VB16 r = apply(x, y);
    std::memcpy(o + i, &r, 16);
  }
  if (i < n) {
    VB16 x = {}, y = {};
    std::memcpy(&x, a + i, static_cast<size_t>(n - i));
    std::memcpy(&y, b + i, static_cast<size_t>(n - i));
    const VB16 r = apply(x, y);
    std::memcpy(o + i, &r, static_cast<size_t>(n - i));
  }
}
EwFn PredVectorKernel(const compiler::Module& m, const Op& op) {
  if (op.results.size() != 1 || op.operands.size() != 2) return nullptr;
  for (compiler::ValueId v : op.operands)
    if (m.type(v).element != ElementType::kPred) return nullptr;
  if (m.type(op.results[0]).element != ElementType::kPred) return nullptr;
  switch (op.kind) {
    case OpKind::kAnd: return &PredBinaryKernel<0>;
    case OpKind::kOr: return &PredBinaryKernel<1>;
    case OpKind::kXor: return &PredBinaryKernel<2>;
    case OpKind::kCompare: {
      const std::string dir = op.EnumAttr("comparison_direction");
      return dir == "NE" ? &PredBinaryKernel<2> : dir == "EQ" ? &PredBinaryKernel<3> : nullptr;
    }
    default: return nullptr;
  }
}

// s32/u32 ops (and a select of 32-bit values, which moves bits like the f32 one).
EwFn IntVectorKernel(const compiler::Module& m, const Op& op, VectorIsa isa) {
  if (op.results.size() != 1 || op.operands.empty()) return nullptr;
  const ElementType t = m.type(op.operands[0]).element;
  if (t == ElementType::kPred && op.kind != OpKind::kSelect) return PredVectorKernel(m, op);
  if (op.kind == OpKind::kSelect) {
    if (op.operands.size() != 3 || t != ElementType::kPred) return nullptr;
    const ElementType v = m.type(op.operands[1]).element;
    return v == ElementType::kS32 || v == ElementType::kU32 ? SelectFor(isa) : nullptr;
  }
  if (t != ElementType::kS32 && t != ElementType::kU32) return nullptr;
  for (compiler::ValueId v : op.operands)
    if (m.type(v).element != t) return nullptr;
  const bool is_signed = t == ElementType::kS32;
  if (op.kind == OpKind::kCompare) {
    const std::string dir = op.EnumAttr("comparison_direction"), type = op.EnumAttr("compare_type");
    const bool cmp_signed = is_signed ? type != "UNSIGNED" : type == "SIGNED";
    return cmp_signed ? IntCompareDir<true>(isa, dir) : IntCompareDir<false>(isa, dir);
  }
  if (m.type(op.results[0]).element != t) return nullptr;
  if (op.operands.size() == 1) {
    if (op.kind == OpKind::kPopcnt) return IntUnaryFor<IPopcntV>(isa);
    if (op.kind == OpKind::kClz) return IntUnaryFor<IClzV>(isa);
    return nullptr;
  }
  if (op.operands.size() != 2) return nullptr;
  switch (op.kind) {
    case OpKind::kAdd: return IntBinaryFor<IAddV>(isa);
    case OpKind::kSubtract: return IntBinaryFor<ISubV>(isa);
    case OpKind::kMultiply: return IntBinaryFor<IMulV>(isa);
    case OpKind::kAnd: return IntBinaryFor<IAndV>(isa);
    case OpKind::kOr: return IntBinaryFor<IOrV>(isa);
    case OpKind::kXor: return IntBinaryFor<IXorV>(isa);
    case OpKind::kShiftLeft: return IntBinaryFor<IShlV>(isa);
    case OpKind::kShiftRightLogical: return IntBinaryFor<IShrLV>(isa);
    case OpKind::kShiftRightArithmetic: return IntBinaryFor<IShrAV>(isa);
    case OpKind::kMaximum: return is_signed ? IntBinaryFor<IMaxSV>(isa) : IntBinaryFor<IMaxUV>(isa);
    case OpKind::kMinimum: return is_signed ? IntBinaryFor<IMinSV>(isa) : IntBinaryFor<IMinUV>(isa);
    case OpKind::kDivide: return is_signed ? IntBinaryFor<IDivRemSV<false>>(isa) : nullptr;
    case OpKind::kRemainder: return is_signed ? IntBinaryFor<IDivRemSV<true>>(isa) : nullptr;
    default: return nullptr;
  }
}

template <bool kMax> F32ReduceFn MaxMinFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &MaxMinAvx512<kMax>;
    case VectorIsa::kAvx2: return &MaxMinAvx2<kMax>;
    default: return &MaxMinBase<kMax>;
  }
}

VectorIsa Detect() {
  VectorIsa isa = VectorIsa::kBaseline;
#if defined(JAXLIB_X86_64)
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2")) isa = VectorIsa::kAvx2;
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
      __builtin_cpu_supports("avx512dq"))
    isa = VectorIsa::kAvx512;
#endif
  if (const char* env = std::getenv("JAXLIB_CPU_ISA"); env && *env) {
    std::string_view want(env);
    VectorIsa cap = want == "baseline" ? VectorIsa::kBaseline : want == "avx2" ? VectorIsa::kAvx2 : VectorIsa::kAvx512;
    if (static_cast<int>(cap) < static_cast<int>(isa)) isa = cap;
  }
  return isa;
}

EwFn UnaryByKind(OpKind k, VectorIsa isa) {
  switch (k) {
    case OpKind::kExp: return UnaryFor<ExpV>(isa);
    case OpKind::kRoundEven: return UnaryFor<RoundEvenV>(isa);
    case OpKind::kRoundAfz: return UnaryFor<RoundAfzV>(isa);
    case OpKind::kFloor: return UnaryFor<FloorV>(isa);
    case OpKind::kCeil: return UnaryFor<CeilV>(isa);
    case OpKind::kExpm1: return UnaryFor<Expm1V>(isa);
    case OpKind::kLog: return UnaryFor<LogV>(isa);
    case OpKind::kLog1p: return UnaryFor<Log1pV>(isa);
    case OpKind::kTanh: return UnaryFor<TanhV>(isa);
    case OpKind::kLogistic: return UnaryFor<LogisticV>(isa);
    case OpKind::kErf: return UnaryFor<ErfV>(isa);
    case OpKind::kErfInv: return UnaryFor<ErfInvV>(isa);
    case OpKind::kLgamma: return UnaryFor<LgammaV>(isa);
    case OpKind::kNegate: return UnaryFor<NegV>(isa);
    case OpKind::kAbs: return UnaryFor<AbsV>(isa);
    case OpKind::kSquare: return UnaryFor<SquareV>(isa);
    default: return nullptr;
  }
}

}  // namespace

VectorIsa DetectedVectorIsa() {
  static const VectorIsa isa = Detect();
  return isa;
}

EwFn SelectVectorKernel(const compiler::Module& m, const Op& op) {
  if (op.results.size() != 1 || op.operands.empty()) return nullptr;
  const VectorIsa isa = DetectedVectorIsa();
  for (compiler::ValueId v : op.operands)
    if (op.kind != OpKind::kSelect || v != op.operands[0])
      if (m.type(v).element != ElementType::kF32) return nullptr;
  ElementType r = m.type(op.results[0]).element;
  switch (op.kind) {
    case OpKind::kAdd: return BinaryFor<AddV>(isa);
    case OpKind::kSubtract: return BinaryFor<SubV>(isa);
    case OpKind::kMultiply: return BinaryFor<MulV>(isa);
    case OpKind::kDivide: return BinaryFor<DivV>(isa);
    case OpKind::kMaximum: return BinaryFor<MaxV>(isa);
    case OpKind::kMinimum: return BinaryFor<MinV>(isa);
    case OpKind::kCompare: {
      if (r != ElementType::kPred || op.EnumAttr("compare_type") == "TOTALORDER") return nullptr;
      std::string dir = op.EnumAttr("comparison_direction");
      if (dir == "EQ") return CompareFor<EqV>(isa);
      if (dir == "NE") return CompareFor<NeV>(isa);
      if (dir == "LT") return CompareFor<LtV>(isa);
      if (dir == "LE") return CompareFor<LeV>(isa);
      if (dir == "GT") return CompareFor<GtV>(isa);
      if (dir == "GE") return CompareFor<GeV>(isa);
      return nullptr;
    }
    case OpKind::kSelect:
      if (op.operands.size() != 3 || m.type(op.operands[0]).element != ElementType::kPred || r != ElementType::kF32)
        return nullptr;
      return SelectFor(isa);
    default:
      if (r != ElementType::kF32 || op.operands.size() != 1) return nullptr;
      return UnaryByKind(op.kind, isa);
  }
}

EwFn SelectIntVectorKernel(const compiler::Module& m, const Op& op) { return IntVectorKernel(m, op, DetectedVectorIsa()); }

void F32MaxMinRow(float* acc, const float* x, int64_t n, bool max, bool swapped) {
  static const EwFn max_fn = BinaryFor<MaxV>(DetectedVectorIsa()), min_fn = BinaryFor<MinV>(DetectedVectorIsa());
  const void* in[2] = {swapped ? x : acc, swapped ? acc : x};
  (max ? max_fn : min_fn)(acc, in, n, EwInstr{});  // vector by vector: each load before its store
}

template <class F> F32TapsFn CombineTapsFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &CombineTapsAvx512<F>;
    case VectorIsa::kAvx2: return &CombineTapsAvx2<F>;
    default: return &CombineTapsBase<F>;
  }
}

F32TapsFn SelectF32TapsKernel(const compiler::Module& m, const Op& op) {
  if (op.operands.size() != 2 || op.results.size() != 1 || m.type(op.results[0]).element != ElementType::kF32) return nullptr;
  for (compiler::ValueId v : op.operands)
    if (m.type(v).element != ElementType::kF32) return nullptr;
  const VectorIsa isa = DetectedVectorIsa();
  switch (op.kind) {
    case OpKind::kAdd: return CombineTapsFor<AddV>(isa);
    case OpKind::kMultiply: return CombineTapsFor<MulV>(isa);
    case OpKind::kMaximum: return CombineTapsFor<MaxV>(isa);
    case OpKind::kMinimum: return CombineTapsFor<MinV>(isa);
    default: return nullptr;
  }
}

template <class F> EwFn BinaryF64For(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return &BinaryF64Avx512<F>;
    case VectorIsa::kAvx2: return &BinaryF64Avx2<F>;
    default: return &BinaryF64Base<F>;
  }
}

EwFn SelectF64VectorKernel(const compiler::Module& m, const Op& op) {
  if (op.operands.empty() || op.operands.size() > 2 || op.results.size() != 1) return nullptr;
  for (compiler::ValueId v : op.operands)
    if (m.type(v).element != ElementType::kF64) return nullptr;
  if (m.type(op.results[0]).element != ElementType::kF64) return nullptr;
  const VectorIsa isa = DetectedVectorIsa();
  switch (op.kind) {
    case OpKind::kAdd: return BinaryF64For<AddV>(isa);
    case OpKind::kSubtract: return BinaryF64For<SubV>(isa);
    case OpKind::kMultiply: return BinaryF64For<MulV>(isa);
    case OpKind::kDivide: return BinaryF64For<DivV>(isa);
    case OpKind::kNegate:
      return isa == VectorIsa::kAvx512 ? &NegateF64Avx512 : isa == VectorIsa::kAvx2 ? &NegateF64Avx2 : &NegateF64Base;
    case OpKind::kExp:
      return isa == VectorIsa::kAvx512 ? &ExpF64Avx512 : isa == VectorIsa::kAvx2 ? &ExpF64Avx2 : &ExpF64Base;
    default: return nullptr;
  }
}

template <class T> EwFn IntToF32For(VectorIsa isa) {
#if defined(JAXLIB_X86_64)
  if (isa == VectorIsa::kAvx512) return &IntToF32Avx512<T>;
  if (isa == VectorIsa::kAvx2) return &IntToF32Avx2<T>;
#endif
  (void)isa;
  return &IntToF32Scalar<T>;
}

EwFn SelectIntToF32Kernel(const compiler::Module& m, const Op& op) {
  if (op.kind != OpKind::kConvert || op.operands.size() != 1 || op.results.size() != 1) return nullptr;
  if (m.type(op.results[0]).element != ElementType::kF32) return nullptr;
  const VectorIsa isa = DetectedVectorIsa();
  switch (m.type(op.operands[0]).element) {
    case ElementType::kU8: return IntToF32For<uint8_t>(isa);
    case ElementType::kS8: return IntToF32For<int8_t>(isa);
    case ElementType::kU16: return IntToF32For<uint16_t>(isa);
    case ElementType::kS16: return IntToF32For<int16_t>(isa);
    default: return nullptr;
  }
}

EwFn SelectIntDivRemByInvariantKernel(OpKind kind, ElementType type) {
  if (type != ElementType::kS32 || (kind != OpKind::kDivide && kind != OpKind::kRemainder)) return nullptr;
  const bool rem = kind == OpKind::kRemainder;
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return rem ? &IntDivRemByInvariantAvx512<true> : &IntDivRemByInvariantAvx512<false>;
    case VectorIsa::kAvx2: return rem ? &IntDivRemByInvariantAvx2<true> : &IntDivRemByInvariantAvx2<false>;
    default: return rem ? &IntDivRemByInvariantBase<true> : &IntDivRemByInvariantBase<false>;
  }
}

SoftmaxRowFns SelectSoftmaxRowFns() {
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return {&ExpShiftedAvx512, &ScaleAvx512, &ExpShiftedRowsAvx512, &ScaleRowsAvx512};
    case VectorIsa::kAvx2: return {&ExpShiftedAvx2, &ScaleAvx2, &ExpShiftedRowsAvx2, &ScaleRowsAvx2};
    default: return {&ExpShiftedBase, &ScaleBase, &ExpShiftedRowsBase, &ScaleRowsBase};
  }
}

ShortRowSoftmaxFns SelectShortRowSoftmaxFns() {
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return {&SoftmaxShortAvx512, &MaxSumExpShortAvx512};
    case VectorIsa::kAvx2: return {&SoftmaxShortAvx2, &MaxSumExpShortAvx2};
    default: return {&SoftmaxShortBase, &MaxSumExpShortBase};
  }
}

F32ReduceFn SelectF32Reduce(F32ReduceKind kind) {
  const VectorIsa isa = DetectedVectorIsa();
  switch (kind) {
    case F32ReduceKind::kMax: return MaxMinFor<true>(isa);
    case F32ReduceKind::kMin: return MaxMinFor<false>(isa);
    default:
      return isa == VectorIsa::kAvx512 ? &SumAvx512 : isa == VectorIsa::kAvx2 ? &SumAvx2 : &SumBase;
  }
}

namespace {
template <class F> F32ColumnsFn ColumnsFor(VectorIsa isa, bool resume) {
  switch (isa) {
    case VectorIsa::kAvx512: return resume ? &ColumnsResumeAvx512<F> : &ColumnsAvx512<F>;
    case VectorIsa::kAvx2: return resume ? &ColumnsResumeAvx2<F> : &ColumnsAvx2<F>;
    default: return resume ? &ColumnsResumeBase<F> : &ColumnsBase<F>;
  }
}
template <class F> F32RowStateFns RowStateFor(VectorIsa isa) {
  switch (isa) {
    case VectorIsa::kAvx512: return {&RowStartAvx512<F>, &RowFeedAvx512<F>, &RowFinishAvx512<F>};
    case VectorIsa::kAvx2: return {&RowStartAvx2<F>, &RowFeedAvx2<F>, &RowFinishAvx2<F>};
    default: return {&RowStartBase<F>, &RowFeedBase<F>, &RowFinishBase<F>};
  }
}
}  // namespace

bool PlainMaxMinExact(const float* results, int64_t n) { return NonzeroExponents(results, n); }

F32PlainColumnsFn SelectF32PlainColumns(F32ReduceKind kind) {
  const VectorIsa isa = DetectedVectorIsa();
  switch (kind) {
    case F32ReduceKind::kMax:
      return isa == VectorIsa::kAvx512 ? &PlainColumnsAvx512<MaxV> : isa == VectorIsa::kAvx2 ? &PlainColumnsAvx2<MaxV> : &PlainColumnsBase<MaxV>;
    case F32ReduceKind::kMin:
      return isa == VectorIsa::kAvx512 ? &PlainColumnsAvx512<MinV> : isa == VectorIsa::kAvx2 ? &PlainColumnsAvx2<MinV> : &PlainColumnsBase<MinV>;
    default: return nullptr;
  }
}

F32ColumnsFn SelectF32Columns(F32ReduceKind kind, bool resume) {
  const VectorIsa isa = DetectedVectorIsa();
  switch (kind) {
    case F32ReduceKind::kMax: return ColumnsFor<MaxV>(isa, resume);
    case F32ReduceKind::kMin: return ColumnsFor<MinV>(isa, resume);
    default: return ColumnsFor<AddV>(isa, resume);
  }
}

F32RowStateFns SelectF32RowState(F32ReduceKind kind) {
  const VectorIsa isa = DetectedVectorIsa();
  switch (kind) {
    case F32ReduceKind::kMax: return RowStateFor<MaxV>(isa);
    case F32ReduceKind::kMin: return RowStateFor<MinV>(isa);
    default: return RowStateFor<AddV>(isa);
  }
}

namespace {
// From a table larger than the second-level TLB maps (about 1.5K 4 KiB pages, 6 MiB, on current
// x86 cores) random row gathers wait on page walks and memory, and one gather instruction's loads
// leave too few of them in flight: the elements kGatherAhead positions on are asked for
// (prefetches, which never fault) while a vector loads. 1M points from a 16 MiB table: 2.6 ->
// 2.1 ms; from a 4 MiB table the prefetches only cost (1.0 -> 1.3 ms), so smaller tables skip them.
constexpr int64_t kGatherAhead = 64;
inline bool FarTable(int64_t n, int32_t hi, int32_t stride, int32_t lane_step) {
  const int64_t extent = (int64_t{hi} * stride + (n > 0 ? n - 1 : 0) * int64_t{lane_step} + 1) * 4;
  return extent > (int64_t{8} << 20);
}
// Always inlined: GCC deems a function of prefetches pure and drops calls to it.
inline __attribute__((always_inline)) void PrefetchGathered(const uint32_t* base, const int32_t* idx, int64_t from,
                                                            int64_t count, int32_t hi, int32_t stride,
                                                            int32_t lane_step, bool index_unsigned) {
  for (int64_t q = from; q < from + count; ++q) {
    const int64_t s = index_unsigned ? std::min(static_cast<uint32_t>(idx[q]), static_cast<uint32_t>(hi))
                                     : std::clamp(idx[q], int32_t{0}, hi);
    __builtin_prefetch(base + q * lane_step + s * stride);
  }
}

void GatherRow32Base(const uint32_t* base, const int32_t* idx, int64_t n, int32_t hi, int32_t stride,
                     int32_t lane_step, uint32_t* out, bool index_unsigned) {
  if (index_unsigned) {
    const auto* u = reinterpret_cast<const uint32_t*>(idx);
    const uint32_t top = static_cast<uint32_t>(hi);
    for (int64_t j = 0; j < n; ++j) out[j] = base[j * lane_step + static_cast<int64_t>(u[j] > top ? top : u[j]) * stride];
    return;
  }
  for (int64_t j = 0; j < n; ++j) {
    const int32_t s = idx[j] < 0 ? 0 : (idx[j] > hi ? hi : idx[j]);
    out[j] = base[j * lane_step + static_cast<int64_t>(s) * stride];
  }
}
#if defined(JAXLIB_X86_64)
__attribute__((target("avx512f"))) void GatherRow32Avx512(const uint32_t* base, const int32_t* idx, int64_t n,
                                                          int32_t hi, int32_t stride, int32_t lane_step, uint32_t* out,
                                                          bool index_unsigned) {
  const bool far = FarTable(n, hi, stride, lane_step);
  const __m512i lo = _mm512_setzero_si512(), top = _mm512_set1_epi32(hi), step = _mm512_set1_epi32(stride);
  const __m512i lane_advance = _mm512_set1_epi32(16 * lane_step);
  __m512i lane = _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                    _mm512_set1_epi32(lane_step));
  int64_t j = 0;
  for (; j + 16 <= n; j += 16) {
    if (far && j + kGatherAhead + 16 <= n)
      PrefetchGathered(base, idx, j + kGatherAhead, 16, hi, stride, lane_step, index_unsigned);
    __m512i i = _mm512_loadu_si512(idx + j);
    // Unsigned: one unsigned min (hi >= 0); signed: clamp below at 0 too.
    i = index_unsigned ? _mm512_min_epu32(i, top) : _mm512_min_epi32(_mm512_max_epi32(i, lo), top);
    if (stride != 1) i = _mm512_mullo_epi32(i, step);
    if (lane_step != 0) {
      i = _mm512_add_epi32(i, lane);
      lane = _mm512_add_epi32(lane, lane_advance);
    }
    _mm512_storeu_si512(out + j, _mm512_i32gather_epi32(i, base, 4));
  }
  GatherRow32Base(base + j * lane_step, idx + j, n - j, hi, stride, lane_step, out + j, index_unsigned);
}
__attribute__((target("avx2"))) void GatherRow32Avx2(const uint32_t* base, const int32_t* idx, int64_t n, int32_t hi,
                                                     int32_t stride, int32_t lane_step, uint32_t* out,
                                                     bool index_unsigned) {
  const bool far = FarTable(n, hi, stride, lane_step);
  const __m256i lo = _mm256_setzero_si256(), top = _mm256_set1_epi32(hi), step = _mm256_set1_epi32(stride);
  const __m256i lane_advance = _mm256_set1_epi32(8 * lane_step);
  __m256i lane = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32(lane_step));
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    if (far && j + kGatherAhead + 8 <= n)
      PrefetchGathered(base, idx, j + kGatherAhead, 8, hi, stride, lane_step, index_unsigned);
    __m256i i = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + j));
    i = index_unsigned ? _mm256_min_epu32(i, top) : _mm256_min_epi32(_mm256_max_epi32(i, lo), top);
    if (stride != 1) i = _mm256_mullo_epi32(i, step);
    if (lane_step != 0) {
      i = _mm256_add_epi32(i, lane);
      lane = _mm256_add_epi32(lane, lane_advance);
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + j),
                        _mm256_i32gather_epi32(reinterpret_cast<const int*>(base), i, 4));
  }
  GatherRow32Base(base + j * lane_step, idx + j, n - j, hi, stride, lane_step, out + j, index_unsigned);
}
#endif
}  // namespace

GatherRow32Fn SelectGatherRow32() {
#if defined(JAXLIB_X86_64)
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return &GatherRow32Avx512;
    case VectorIsa::kAvx2: return &GatherRow32Avx2;
    default: break;
  }
#endif
  return &GatherRow32Base;
}

namespace {
template <Monoid M>
void ScatterMaxMinOne(uint32_t* x, int32_t s, uint32_t u, int32_t hi, bool swapped) {
  if (s < 0 || s > hi) return;
  x[s] = swapped ? MaxMinBits<M>(u, x[s]) : MaxMinBits<M>(x[s], u);
}
#if defined(JAXLIB_X86_64)
template <Monoid M>
__attribute__((target("avx512f,avx512cd"))) void ScatterMaxMinBlocks(uint32_t* x, const int32_t* idx,
                                                                      const uint32_t* u, int64_t n, int32_t hi,
                                                                      bool swapped) {
  const __m512i zero = _mm512_setzero_si512(), top = _mm512_set1_epi32(hi);
  const __m512i exp = _mm512_set1_epi32(0x7f800000), sign = _mm512_set1_epi32(static_cast<int32_t>(0x80000000u)),
                abs = _mm512_set1_epi32(0x7fffffff);
  auto flush = [&](__m512i v) {  // denormals to signed zero
    return _mm512_mask_and_epi32(v, _mm512_testn_epi32_mask(v, exp), v, sign);
  };
  auto key = [](__m512i v) { return _mm512_xor_si512(v, _mm512_srli_epi32(_mm512_srai_epi32(v, 31), 1)); };
  auto is_nan = [&](__m512i v) { return _mm512_cmpgt_epi32_mask(_mm512_and_si512(v, abs), exp); };
  int64_t b = 0;
  for (; b + 16 <= n; b += 16) {
    const __m512i i = _mm512_loadu_si512(idx + b);
    const __mmask16 valid = _mm512_cmpge_epi32_mask(i, zero) & _mm512_cmple_epi32_mask(i, top);
    // Lanes equal to an earlier in-range lane: the block must run in order.
    const __m512i conflicts = _mm512_maskz_conflict_epi32(valid, _mm512_mask_mov_epi32(_mm512_set1_epi32(-1), valid, i));
    if (_mm512_mask_test_epi32_mask(valid, conflicts, conflicts)) {
      for (int64_t j = b; j < b + 16; ++j) ScatterMaxMinOne<M>(x, idx[j], u[j], hi, swapped);
      continue;
    }
    const __m512i xv = _mm512_mask_i32gather_epi32(zero, valid, i, x, 4);
    const __m512i uv = _mm512_loadu_si512(u + b);
    const __m512i a = flush(swapped ? uv : xv), c = flush(swapped ? xv : uv);  // op(a, c)
    const __mmask16 a_wins = M == Monoid::kMax ? _mm512_cmpge_epi32_mask(key(a), key(c))
                                               : _mm512_cmple_epi32_mask(key(a), key(c));
    __m512i r = _mm512_mask_blend_epi32(a_wins, c, a);
    r = _mm512_mask_blend_epi32(is_nan(c), r, c);
    r = _mm512_mask_blend_epi32(is_nan(a), r, a);
    _mm512_mask_i32scatter_epi32(x, valid, i, r, 4);
  }
  for (; b < n; ++b) ScatterMaxMinOne<M>(x, idx[b], u[b], hi, swapped);
}
void ScatterMaxMinF32Avx512(uint32_t* x, const int32_t* idx, const uint32_t* u, int64_t n, int32_t hi, bool is_max,
                            bool swapped) {
  if (is_max) ScatterMaxMinBlocks<Monoid::kMax>(x, idx, u, n, hi, swapped);
  else ScatterMaxMinBlocks<Monoid::kMin>(x, idx, u, n, hi, swapped);
}

// AVX2 has neither conflict detection nor scatter stores: a block of 8 is checked for repeated
// in-range indices by comparing it with its rotations (4 cover every pair), gathered and
// combined in registers, and stored lane by lane.
template <Monoid M>
__attribute__((target("avx2"))) void ScatterMaxMinBlocks8(uint32_t* x, const int32_t* idx, const uint32_t* u,
                                                          int64_t n, int32_t hi, bool swapped) {
  const __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi32(hi);
  const __m256i exp = _mm256_set1_epi32(0x7f800000), sign = _mm256_set1_epi32(static_cast<int32_t>(0x80000000u)),
                abs = _mm256_set1_epi32(0x7fffffff);
  const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  const __m256i sentinel = _mm256_sub_epi32(_mm256_set1_epi32(-1), lane);  // distinct negatives
  auto flush = [&](__m256i v) {
    return _mm256_blendv_epi8(v, _mm256_and_si256(v, sign), _mm256_cmpeq_epi32(_mm256_and_si256(v, exp), zero));
  };
  auto key = [](__m256i v) { return _mm256_xor_si256(v, _mm256_srli_epi32(_mm256_srai_epi32(v, 31), 1)); };
  auto is_nan = [&](__m256i v) { return _mm256_cmpgt_epi32(_mm256_and_si256(v, abs), exp); };
  alignas(32) uint32_t out[8];
  int64_t b = 0;
  for (; b + 8 <= n; b += 8) {
    const __m256i i = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + b));
    const __m256i valid = _mm256_andnot_si256(_mm256_or_si256(_mm256_cmpgt_epi32(zero, i), _mm256_cmpgt_epi32(i, top)),
                                              _mm256_set1_epi32(-1));
    const __m256i k = _mm256_blendv_epi8(sentinel, i, valid);
    __m256i same = _mm256_setzero_si256();
    for (int r = 1; r <= 4; ++r)
      same = _mm256_or_si256(
          same, _mm256_cmpeq_epi32(k, _mm256_permutevar8x32_epi32(k, _mm256_and_si256(_mm256_add_epi32(lane, _mm256_set1_epi32(r)), _mm256_set1_epi32(7)))));
    if (!_mm256_testz_si256(same, same)) {
      for (int64_t j = b; j < b + 8; ++j) ScatterMaxMinOne<M>(x, idx[j], u[j], hi, swapped);
      continue;
    }
    const __m256i xv = _mm256_mask_i32gather_epi32(zero, reinterpret_cast<const int*>(x), k, valid, 4);
    const __m256i uv = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(u + b));
    const __m256i a = flush(swapped ? uv : xv), c = flush(swapped ? xv : uv);  // op(a, c)
    const __m256i c_wins = M == Monoid::kMax ? _mm256_cmpgt_epi32(key(c), key(a)) : _mm256_cmpgt_epi32(key(a), key(c));
    __m256i r = _mm256_blendv_epi8(a, c, c_wins);
    r = _mm256_blendv_epi8(r, c, is_nan(c));
    r = _mm256_blendv_epi8(r, a, is_nan(a));
    _mm256_store_si256(reinterpret_cast<__m256i*>(out), r);
    for (int mask = _mm256_movemask_ps(_mm256_castsi256_ps(valid)); mask; mask &= mask - 1) {
      const int j = __builtin_ctz(static_cast<unsigned>(mask));
      x[idx[b + j]] = out[j];
    }
  }
  for (; b < n; ++b) ScatterMaxMinOne<M>(x, idx[b], u[b], hi, swapped);
}
void ScatterMaxMinF32Avx2(uint32_t* x, const int32_t* idx, const uint32_t* u, int64_t n, int32_t hi, bool is_max,
                          bool swapped) {
  if (is_max) ScatterMaxMinBlocks8<Monoid::kMax>(x, idx, u, n, hi, swapped);
  else ScatterMaxMinBlocks8<Monoid::kMin>(x, idx, u, n, hi, swapped);
}
#endif
}  // namespace

namespace {
#if defined(JAXLIB_X86_64)
template <bool kMax>
__attribute__((target("avx512f"))) bool ScatterKeysBlocks(int32_t* keys, const int32_t* idx, const uint32_t* u,
                                                           int64_t count, int32_t n) {
  auto key_of = [](uint32_t v) { return OrderKeyBits(FlushDenormalBits(v)); };
  const int32_t identity = key_of(kMax ? 0xff800000u : 0x7f800000u);
  std::fill(keys, keys + 16 * static_cast<int64_t>(n), identity);
  const __m512i lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  const __m512i top = _mm512_set1_epi32(n), zero = _mm512_setzero_si512();
  const __m512i exp = _mm512_set1_epi32(0x7f800000), sign = _mm512_set1_epi32(static_cast<int32_t>(0x80000000u)),
                abs = _mm512_set1_epi32(0x7fffffff);
  __mmask16 nan = 0;
  int64_t b = 0;
  for (; b + 16 <= count; b += 16) {
    const __m512i i = _mm512_loadu_si512(idx + b);
    const __mmask16 valid = _mm512_cmplt_epu32_mask(i, top);
    const __m512i at = _mm512_or_si512(_mm512_slli_epi32(i, 4), lane);
    __m512i v = _mm512_loadu_si512(u + b);
    v = _mm512_mask_and_epi32(v, _mm512_testn_epi32_mask(v, exp), v, sign);
    nan |= _mm512_mask_cmpgt_epi32_mask(valid, _mm512_and_si512(v, abs), exp);
    const __m512i k = _mm512_xor_si512(v, _mm512_srli_epi32(_mm512_srai_epi32(v, 31), 1));
    const __m512i old = _mm512_mask_i32gather_epi32(zero, valid, at, keys, 4);
    _mm512_mask_i32scatter_epi32(keys, valid, at, kMax ? _mm512_max_epi32(old, k) : _mm512_min_epi32(old, k), 4);
  }
  for (; b < count; ++b) {  // the tail in lane 0
    if (static_cast<uint32_t>(idx[b]) >= static_cast<uint32_t>(n)) continue;
    if ((u[b] & 0x7fffffffu) > 0x7f800000u) return false;
    int32_t& slot = keys[16 * static_cast<int64_t>(idx[b])];
    slot = kMax ? std::max(slot, key_of(u[b])) : std::min(slot, key_of(u[b]));
  }
  if (nan) return false;
  // Fold the lanes: block s is read before keys[s] (s <= 16 s) is written.
  for (int64_t s = 0; s < n; ++s) {
    const __m512i row = _mm512_loadu_si512(keys + 16 * s);
    keys[s] = kMax ? _mm512_reduce_max_epi32(row) : _mm512_reduce_min_epi32(row);
  }
  return true;
}
bool ScatterKeysF32Avx512(int32_t* keys, const int32_t* idx, const uint32_t* u, int64_t count, int32_t n, bool is_max) {
  return is_max ? ScatterKeysBlocks<true>(keys, idx, u, count, n) : ScatterKeysBlocks<false>(keys, idx, u, count, n);
}
#endif
}  // namespace

ScatterKeysF32Fn SelectScatterKeysF32() {
#if defined(JAXLIB_X86_64)
  if (DetectedVectorIsa() == VectorIsa::kAvx512) return &ScatterKeysF32Avx512;
#endif
  return nullptr;
}

ScatterMaxMinF32Fn SelectScatterMaxMinF32() {
#if defined(JAXLIB_X86_64)
  static const bool cd = __builtin_cpu_supports("avx512cd");
  if (DetectedVectorIsa() == VectorIsa::kAvx512 && cd) return &ScatterMaxMinF32Avx512;
  if (DetectedVectorIsa() >= VectorIsa::kAvx2) return &ScatterMaxMinF32Avx2;
#endif
  return nullptr;
}

void StreamFence() {
#if defined(JAXLIB_X86_64)
  _mm_sfence();
#endif
}

bool RowMaxMinF64Base(const double* x, int64_t n, double init, bool is_max, double* out) {
  return is_max ? RowMaxMinF64Body<2, true>(x, n, init, out) : RowMaxMinF64Body<2, false>(x, n, init, out);
}
#if defined(JAXLIB_X86_64)
JAXLIB_TARGET_AVX2 bool RowMaxMinF64Avx2(const double* x, int64_t n, double init, bool is_max, double* out) {
  return is_max ? RowMaxMinF64Body<4, true>(x, n, init, out) : RowMaxMinF64Body<4, false>(x, n, init, out);
}
JAXLIB_TARGET_AVX512_WIDE("avx512f") bool RowMaxMinF64Avx512(const double* x, int64_t n, double init, bool is_max,
                                                            double* out) {
  return is_max ? RowMaxMinF64Body<8, true>(x, n, init, out) : RowMaxMinF64Body<8, false>(x, n, init, out);
}
#endif

RowMaxMinF64Fn SelectRowMaxMinF64() {
#if defined(JAXLIB_X86_64)
  if (DetectedVectorIsa() == VectorIsa::kAvx512) return &RowMaxMinF64Avx512;
  if (DetectedVectorIsa() == VectorIsa::kAvx2) return &RowMaxMinF64Avx2;
#endif
  return &RowMaxMinF64Base;
}

FillPatternFn SelectFillPattern() {
  const VectorIsa isa = DetectedVectorIsa();
  return isa == VectorIsa::kAvx512 ? &FillAvx512 : isa == VectorIsa::kAvx2 ? &FillAvx2 : &FillBase;
}

EwFn VectorUnaryKernelForTest(const std::string& name, VectorIsa isa) {
  if (static_cast<int>(isa) > static_cast<int>(DetectedVectorIsa())) return nullptr;
  if (name == "exp") return UnaryByKind(OpKind::kExp, isa);
  if (name == "expm1") return UnaryByKind(OpKind::kExpm1, isa);
  if (name == "log") return UnaryByKind(OpKind::kLog, isa);
  if (name == "erf_inv") return UnaryByKind(OpKind::kErfInv, isa);
  if (name == "lgamma") return UnaryByKind(OpKind::kLgamma, isa);
  if (name == "log1p") return UnaryByKind(OpKind::kLog1p, isa);
  if (name == "tanh") return UnaryByKind(OpKind::kTanh, isa);
  if (name == "logistic") return UnaryByKind(OpKind::kLogistic, isa);
  if (name == "erf") return UnaryByKind(OpKind::kErf, isa);
  return nullptr;
}

}  // namespace jaxlib::cpu
