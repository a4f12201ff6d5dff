// f16 and bf16 add, subtract, multiply and divide as vector loops (halves widened to f32, one
// IEEE f32 operation, rounded back to nearest-even) and their conversions to and from f32.
// Bit for bit the scalar kernels' Up / op / Down and ConvertValue.
// Nothing here may approximate: any op whose f32 result is not the scalar path's stays scalar.
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

namespace jaxlib::cpu {
namespace {

using compiler::Op;
using compiler::OpKind;

// The ops, for any GCC vector of floats (__m256, __m512): one IEEE operation per lane.
struct HAddV { template <class V> static V Apply(V a, V b) { return a + b; } };
struct HSubV { template <class V> static V Apply(V a, V b) { return a - b; } };
struct HMulV { template <class V> static V Apply(V a, V b) { return a * b; } };
struct HDivV { template <class V> static V Apply(V a, V b) { return a / b; } };

#if defined(__x86_64__)
// Each ISA's converters between W halves and W f32 lanes. IEEE half goes through F16C:
// VCVTPH2PS is exact, VCVTPS2PH with immediate 0 rounds to nearest even whatever MXCSR says,
// keeps half denormals (FTZ does not apply to it) and quiets NaNs keeping the top payload bits:
// f16::FromFloat exactly. f16 values widen to normal f32s, so DAZ cannot touch the operands, and
// a sum, difference, product or quotient of two halves is never an f32 denormal, so FTZ cannot
// touch the result. bf16 is the top half of an f32: widening is a shift; narrowing is
// bf16::FromFloat (round to nearest even, a NaN quieted by setting bit 6) in integer lanes.
#define JAXLIB_AVX2 __attribute__((always_inline, target("avx2,f16c"))) inline
#define JAXLIB_AVX512 \
  __attribute__((always_inline)) JAXLIB_TARGET_AVX512_WIDE("avx512f,avx512bw,avx512vl,avx512dq,f16c") inline
struct F16Avx2 {
  static constexpr int kW = 8;
  static JAXLIB_AVX2 __m256 Up(const uint16_t* p) { return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))); }
  static JAXLIB_AVX2 void Down(uint16_t* p, __m256 f) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm256_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT));
  }
  static JAXLIB_AVX2 void DownOfArithmetic(uint16_t* p, __m256 f) { Down(p, f); }
};
// A conversion must keep a signaling NaN signaling (f16::ToFloat does), where VCVTPH2PS quiets
// it: those lanes get the f32 quiet bit cleared again. Arithmetic quiets either way.
struct F16ExactAvx2 : F16Avx2 {
  static JAXLIB_AVX2 __m256 Up(const uint16_t* p) {
    const __m256i h = _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
    const __m256i snan = _mm256_and_si256(
        _mm256_cmpeq_epi32(_mm256_and_si256(h, _mm256_set1_epi32(0x7e00)), _mm256_set1_epi32(0x7c00)),
        _mm256_xor_si256(_mm256_cmpeq_epi32(_mm256_and_si256(h, _mm256_set1_epi32(0x1ff)), _mm256_setzero_si256()),
                         _mm256_set1_epi32(-1)));
    const __m256i f = _mm256_castps_si256(F16Avx2::Up(p));
    return _mm256_castsi256_ps(_mm256_andnot_si256(_mm256_and_si256(snan, _mm256_set1_epi32(0x400000)), f));
  }
};
struct Bf16Avx2 {
  static constexpr int kW = 8;
  static JAXLIB_AVX2 __m256 Up(const uint16_t* p) {
    return _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))), 16));
  }
  // To nearest even by adding 0x7fff plus the kept lowest bit; a NaN lane (unordered with
  // itself) gets no increment and its quiet bit set instead, so one add and one shift serve
  // both kinds of lane without a blend (VPBLENDVB is several uops a ymm on recent cores).
  static JAXLIB_AVX2 void Down(uint16_t* p, __m256 f) {
    const __m256i u = _mm256_castps_si256(f);
    const __m256i nan = _mm256_castps_si256(_mm256_cmp_ps(f, f, _CMP_UNORD_Q));
    const __m256i inc = _mm256_add_epi32(_mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1)),
                                         _mm256_set1_epi32(0x7fff));
    const __m256i quieted = _mm256_or_si256(u, _mm256_and_si256(nan, _mm256_set1_epi32(0x400000)));
    const __m256i r = _mm256_srli_epi32(_mm256_add_epi32(quieted, _mm256_andnot_si256(nan, inc)), 16);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1)));
  }
  // Down for the result of an IEEE add, subtract, multiply or divide of two bf16 values: its NaN
  // is quiet and its low 16 bits are zero (an operand's payload, or the default NaN), so the
  // rounding alone gives Down's bits (fused_loop_jit.cc RoundBf16OfArithmetic).
  static JAXLIB_AVX2 void DownOfArithmetic(uint16_t* p, __m256 f) {
    const __m256i u = _mm256_castps_si256(f);
    const __m256i lsb = _mm256_and_si256(_mm256_srli_epi32(u, 16), _mm256_set1_epi32(1));
    const __m256i r = _mm256_srli_epi32(_mm256_add_epi32(u, _mm256_add_epi32(lsb, _mm256_set1_epi32(0x7fff))), 16);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1)));
  }
};
struct F16Avx512 {
  static constexpr int kW = 16;
  static JAXLIB_AVX512 __m512 Up(const uint16_t* p) { return _mm512_cvtph_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))); }
  static JAXLIB_AVX512 void Down(uint16_t* p, __m512 f) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtps_ph(f, _MM_FROUND_TO_NEAREST_INT));
  }
  static JAXLIB_AVX512 void DownOfArithmetic(uint16_t* p, __m512 f) { Down(p, f); }
};
struct F16ExactAvx512 : F16Avx512 {
  static JAXLIB_AVX512 __m512 Up(const uint16_t* p) {
    const __m512i h = _mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
    const __mmask16 snan =
        _mm512_cmpeq_epi32_mask(_mm512_and_si512(h, _mm512_set1_epi32(0x7e00)), _mm512_set1_epi32(0x7c00)) &
        _mm512_test_epi32_mask(h, _mm512_set1_epi32(0x1ff));
    const __m512i f = _mm512_castps_si512(F16Avx512::Up(p));
    return _mm512_castsi512_ps(_mm512_mask_andnot_epi32(f, snan, _mm512_set1_epi32(0x400000), f));
  }
};
struct Bf16Avx512 {
  static constexpr int kW = 16;
  static JAXLIB_AVX512 __m512 Up(const uint16_t* p) {
    return _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p))), 16));
  }
  static JAXLIB_AVX512 void Down(uint16_t* p, __m512 f) {
    const __m512i u = _mm512_castps_si512(f);
    const __mmask16 nan = _mm512_cmpgt_epu32_mask(_mm512_and_si512(u, _mm512_set1_epi32(0x7fffffff)), _mm512_set1_epi32(0x7f800000));
    const __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    __m512i r = _mm512_srli_epi32(_mm512_add_epi32(_mm512_add_epi32(u, _mm512_set1_epi32(0x7fff)), lsb), 16);
    r = _mm512_mask_or_epi32(r, nan, _mm512_srli_epi32(u, 16), _mm512_set1_epi32(0x40));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtepi32_epi16(r));
  }
  // As Bf16Avx2::DownOfArithmetic.
  static JAXLIB_AVX512 void DownOfArithmetic(uint16_t* p, __m512 f) {
    const __m512i u = _mm512_castps_si512(f);
    const __m512i lsb = _mm512_and_si512(_mm512_srli_epi32(u, 16), _mm512_set1_epi32(1));
    const __m512i r = _mm512_srli_epi32(_mm512_add_epi32(u, _mm512_add_epi32(lsb, _mm512_set1_epi32(0x7fff))), 16);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtepi32_epi16(r));
  }
};
#undef JAXLIB_AVX2
#undef JAXLIB_AVX512

// The op F on two W-lane vectors. Clang refuses to pass vectors wider than the baseline's to
// any function not compiled for the caller's ISA, inlined or not, so there the op is written
// out in the caller (a statement expression). GCC keeps the call: with two NaN operands, which
// payload an add or a multiply returns follows the operand order the compiler picks, and this
// is the order the bit-for-bit tests check against the scalar kernels.
#if defined(__clang__)
#define JAXLIB_HALF_APPLY(X, Y)                                \
  ({                                                           \
    auto x_ = (X), y_ = (Y), r_ = x_;                          \
    if constexpr (std::is_same_v<F, HAddV>) r_ = x_ + y_;      \
    else if constexpr (std::is_same_v<F, HSubV>) r_ = x_ - y_; \
    else if constexpr (std::is_same_v<F, HMulV>) r_ = x_ * y_; \
    else r_ = x_ / y_;                                         \
    r_;                                                        \
  })
#else
#define JAXLIB_HALF_APPLY(X, Y) F::Apply(X, Y)
#endif

// A macro, not a template: the converters may only be inlined into functions compiled for their
// ISA. The tail goes through zeroed W-element buffers.
#define JAXLIB_HALF_BINARY_BODY(Conv)                                                     \
  const uint16_t* a = static_cast<const uint16_t*>(in[0]);                                \
  const uint16_t* b = static_cast<const uint16_t*>(in[1]);                                \
  uint16_t* o = static_cast<uint16_t*>(out);                                              \
  constexpr int kW = Conv::kW;                                                            \
  int64_t i = 0;                                                                          \
  for (; i + kW <= n; i += kW) Conv::DownOfArithmetic(o + i, JAXLIB_HALF_APPLY(Conv::Up(a + i), Conv::Up(b + i))); \
  if (i < n) {                                                                            \
    uint16_t ta[kW] = {}, tb[kW] = {}, to[kW];                                            \
    const size_t bytes = static_cast<size_t>(n - i) * sizeof(uint16_t);                   \
    std::memcpy(ta, a + i, bytes);                                                        \
    std::memcpy(tb, b + i, bytes);                                                        \
    Conv::DownOfArithmetic(to, JAXLIB_HALF_APPLY(Conv::Up(ta), Conv::Up(tb)));                     \
    std::memcpy(o + i, to, bytes);                                                        \
  }

// Conversions between halves and f32: the same converters, one direction each.
#define JAXLIB_HALF_WIDEN_BODY(Conv)                                        \
  const uint16_t* a = static_cast<const uint16_t*>(in[0]);                  \
  float* o = static_cast<float*>(out);                                      \
  constexpr int kW = Conv::kW;                                              \
  int64_t i = 0;                                                            \
  for (; i + kW <= n; i += kW) {                                            \
    const auto v = Conv::Up(a + i);                                         \
    std::memcpy(o + i, &v, sizeof(v));                                      \
  }                                                                         \
  if (i < n) {                                                              \
    uint16_t ta[kW] = {};                                                   \
    float to[kW];                                                           \
    std::memcpy(ta, a + i, static_cast<size_t>(n - i) * sizeof(uint16_t));  \
    const auto v = Conv::Up(ta);                                            \
    std::memcpy(to, &v, sizeof(v));                                         \
    std::memcpy(o + i, to, static_cast<size_t>(n - i) * sizeof(float));     \
  }
#define JAXLIB_HALF_NARROW_BODY(Conv)                                       \
  const float* a = static_cast<const float*>(in[0]);                        \
  uint16_t* o = static_cast<uint16_t*>(out);                                \
  constexpr int kW = Conv::kW;                                              \
  using VW = decltype(Conv::Up(nullptr));                                   \
  int64_t i = 0;                                                            \
  for (; i + kW <= n; i += kW) {                                            \
    VW v;                                                                   \
    std::memcpy(&v, a + i, sizeof(v));                                      \
    Conv::Down(o + i, v);                                                   \
  }                                                                         \
  if (i < n) {                                                              \
    float ta[kW] = {};                                                      \
    uint16_t to[kW];                                                        \
    std::memcpy(ta, a + i, static_cast<size_t>(n - i) * sizeof(float));     \
    VW v;                                                                   \
    std::memcpy(&v, ta, sizeof(v));                                         \
    Conv::Down(to, v);                                                      \
    std::memcpy(o + i, to, static_cast<size_t>(n - i) * sizeof(uint16_t));  \
  }

#define JAXLIB_HALF_KERNELS(Suffix, Attr)                                                                        \
  template <class F> Attr void F16Binary##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {  \
    JAXLIB_HALF_BINARY_BODY(F16##Suffix)                                                                         \
  }                                                                                                              \
  template <class F> Attr void Bf16Binary##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) { \
    JAXLIB_HALF_BINARY_BODY(Bf16##Suffix)                                                                        \
  }                                                                                                              \
  Attr void F16ToF32##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {                      \
    JAXLIB_HALF_WIDEN_BODY(F16Exact##Suffix)                                                                          \
  }                                                                                                              \
  Attr void Bf16ToF32##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {                     \
    JAXLIB_HALF_WIDEN_BODY(Bf16##Suffix)                                                                         \
  }                                                                                                              \
  Attr void F32ToF16##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {                      \
    JAXLIB_HALF_NARROW_BODY(F16##Suffix)                                                                         \
  }                                                                                                              \
  Attr void F32ToBf16##Suffix(void* out, const void* const* in, int64_t n, const EwInstr&) {                     \
    JAXLIB_HALF_NARROW_BODY(Bf16##Suffix)                                                                        \
  }
JAXLIB_HALF_KERNELS(Avx2, __attribute__((target("avx2,f16c"))))
JAXLIB_HALF_KERNELS(Avx512, JAXLIB_TARGET_AVX512_WIDE("avx512f,avx512bw,avx512vl,avx512dq,f16c"))
#undef JAXLIB_HALF_KERNELS
#undef JAXLIB_HALF_BINARY_BODY
#undef JAXLIB_HALF_APPLY
#undef JAXLIB_HALF_WIDEN_BODY
#undef JAXLIB_HALF_NARROW_BODY

// CPUID leaf 1, ECX bit 29 (clang 14's __builtin_cpu_supports does not know "f16c").
bool HasF16c() {
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 29)) != 0;
  }();
  return has;
}

template <class F> EwFn HalfBinaryFor(ElementType t, VectorIsa isa) {
  if (isa == VectorIsa::kBaseline || !HasF16c()) return nullptr;  // F16C comes with every AVX2 CPU
  const bool wide = isa == VectorIsa::kAvx512;
  if (t == ElementType::kF16) return wide ? &F16BinaryAvx512<F> : &F16BinaryAvx2<F>;
  return wide ? &Bf16BinaryAvx512<F> : &Bf16BinaryAvx2<F>;
}
EwFn HalfConvertFor(ElementType from, ElementType to, VectorIsa isa) {
  if (isa == VectorIsa::kBaseline || !HasF16c()) return nullptr;
  const bool wide = isa == VectorIsa::kAvx512;
  if (from == ElementType::kF16 && to == ElementType::kF32) return wide ? &F16ToF32Avx512 : &F16ToF32Avx2;
  if (from == ElementType::kBF16 && to == ElementType::kF32) return wide ? &Bf16ToF32Avx512 : &Bf16ToF32Avx2;
  if (from == ElementType::kF32 && to == ElementType::kF16) return wide ? &F32ToF16Avx512 : &F32ToF16Avx2;
  if (from == ElementType::kF32 && to == ElementType::kBF16) return wide ? &F32ToBf16Avx512 : &F32ToBf16Avx2;
  return nullptr;
}

#else
EwFn HalfConvertFor(ElementType, ElementType, VectorIsa) { return nullptr; }
template <class F> EwFn HalfBinaryFor(ElementType, VectorIsa) { return nullptr; }
#endif

}  // namespace

EwFn SelectConvertArrayKernel(ElementType from, ElementType to) {
  if (EwFn fn = HalfConvertFor(from, to, DetectedVectorIsa())) return fn;
  return GetConvertKernel(from, to);
}

EwFn SelectHalfVectorKernel(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kConvert && op.results.size() == 1 && op.operands.size() == 1)
    return HalfConvertFor(m.type(op.operands[0]).element, m.type(op.results[0]).element, DetectedVectorIsa());
  if (op.results.size() != 1 || op.operands.size() != 2) return nullptr;
  const ElementType t = m.type(op.results[0]).element;
  if (t != ElementType::kF16 && t != ElementType::kBF16) return nullptr;
  for (compiler::ValueId v : op.operands)
    if (m.type(v).element != t) return nullptr;
  const VectorIsa isa = DetectedVectorIsa();
  switch (op.kind) {
    case OpKind::kAdd: return HalfBinaryFor<HAddV>(t, isa);
    case OpKind::kSubtract: return HalfBinaryFor<HSubV>(t, isa);
    case OpKind::kMultiply: return HalfBinaryFor<HMulV>(t, isa);
    case OpKind::kDivide: return HalfBinaryFor<HDivV>(t, isa);
    default: return nullptr;
  }
}

}  // namespace jaxlib::cpu
