// Typed whole-array kernels of every elementwise op and the table that picks one per op and
// element type. Each kernel is a plain loop the compiler can vectorise.
#include <bit>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

namespace jaxlib::cpu {
namespace {

using compiler::Op;
using compiler::OpKind;

// ---------------------------------------------------------------- kernel shapes
template <class F, class T>
void Unary(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const T* a = static_cast<const T*>(in[0]);
  T* o = static_cast<T*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = Down<T>(F::template apply<Compute<T>>(Up(a[i]), ins));
}

template <class F, class T, class R>
void UnaryTo(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const T* a = static_cast<const T*>(in[0]);
  R* o = static_cast<R*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = F::template apply<T, R>(a[i], ins);
}

template <class F, class T>
void Binary(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const T* a = static_cast<const T*>(in[0]);
  const T* b = static_cast<const T*>(in[1]);
  T* o = static_cast<T*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = Down<T>(F::template apply<Compute<T>>(Up(a[i]), Up(b[i])));
}

template <class From, class To>
void ConvertKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const From* a = static_cast<const From*>(in[0]);
  To* o = static_cast<To*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = ConvertValue<To, From>(a[i]);
}

template <class T>
void SelectKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const bool* p = static_cast<const bool*>(in[0]);
  const T* a = static_cast<const T*>(in[1]);
  const T* b = static_cast<const T*>(in[2]);
  T* o = static_cast<T*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = p[i] ? a[i] : b[i];
}

// ---------------------------------------------------------------- unary functors
// Math through libm sees denormal inputs as zero, like XLA's FP-instruction implementations.
#define JAXLIB_UNARY(Name, expr)                                   \
  struct Name {                                                    \
    template <class C>                                             \
    static C apply(C x, const EwInstr& ins) {                      \
      (void)ins;                                                   \
      x = FlushDenormal(x);                                        \
      return expr;                                                 \
    }                                                              \
  };

JAXLIB_UNARY(CeilF, std::ceil(x))
JAXLIB_UNARY(FloorF, std::floor(x))
JAXLIB_UNARY(RoundAfzF, std::round(x))
JAXLIB_UNARY(RoundEvenF, std::nearbyint(x))
JAXLIB_UNARY(CbrtF, std::cbrt(x))
JAXLIB_UNARY(CosF, std::cos(x))
JAXLIB_UNARY(SinF, std::sin(x))
// Complex special values where XLA's formulas (exp-based cosh/sinh, tanh and tan as quotients
// of exp-based parts) produce NaN + NaN i and C's Annex G functions keep one part: cosh and
// sinh of an infinite real part with a non-finite imaginary part; tanh of a zero real part
// with a non-finite imaginary part; tan (= -i tanh(iz)) of an infinite real part with a finite
// imaginary part, or of a NaN real part with a zero imaginary part.
template <class C> C ComplexNaN() {
  using P = typename C::value_type;
  return C(std::numeric_limits<P>::quiet_NaN(), std::numeric_limits<P>::quiet_NaN());
}

struct TanF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      if ((std::isinf(x.real()) && std::isfinite(x.imag())) || (std::isnan(x.real()) && x.imag() == 0)) {
        return ComplexNaN<C>();
      }
    }
    return std::tan(x);
  }
};
struct TanhF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      if (x.real() == 0 && !std::isfinite(x.imag())) return ComplexNaN<C>();
    }
    return std::tanh(x);
  }
};
template <bool kCosh> struct HyperbolicF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      if (std::isinf(x.real()) && !std::isfinite(x.imag())) return ComplexNaN<C>();
    }
    return kCosh ? std::cosh(x) : std::sinh(x);
  }
};
using CoshF = HyperbolicF<true>;
using SinhF = HyperbolicF<false>;
JAXLIB_UNARY(ExpF, std::exp(x))
JAXLIB_UNARY(LogF, std::log(x))
JAXLIB_UNARY(SqrtF, std::sqrt(x))
JAXLIB_UNARY(AcosF, std::acos(x))
JAXLIB_UNARY(AcoshF, std::acosh(x))
JAXLIB_UNARY(AsinF, std::asin(x))
JAXLIB_UNARY(AsinhF, std::asinh(x))
JAXLIB_UNARY(AtanF, std::atan(x))
JAXLIB_UNARY(AtanhF, std::atanh(x))
JAXLIB_UNARY(ErfF, std::erf(x))
JAXLIB_UNARY(ErfcF, std::erfc(x))
JAXLIB_UNARY(DigammaF, static_cast<C>(Digamma(static_cast<double>(x))))
JAXLIB_UNARY(BesselI1eF, static_cast<C>(BesselI1e(static_cast<double>(x))))
JAXLIB_UNARY(ConjF, std::conj(x))

struct ErfInvF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (std::is_same_v<C, float>) return ErfInvF32(x);
    else return ErfInvF64(x);
  }
};
struct LgammaF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    int sign;
    if constexpr (std::is_same_v<C, float>) return lgammaf_r(x, &sign);
    else return lgamma_r(x, &sign);
  }
};
struct Expm1F {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      // expm1(a+bi) = expm1(a)cos(b) - 2 sin^2(b/2) + i e^a sin(b), accurate near 0.
      using P = typename C::value_type;
      P a = x.real(), b = x.imag();
      P s = std::sin(b / 2);
      // A real argument stays real: e^a sin(0) would be inf * 0 = NaN once e^a overflows.
      return C(std::expm1(a) * std::cos(b) - 2 * s * s, b == 0 ? b : std::exp(a) * std::sin(b));
    } else {
      return std::expm1(x);
    }
  }
};
struct Log1pF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      using P = typename C::value_type;
      P re = x.real(), im = x.imag();
      // log|1+x| = 0.5 log1p(2re + re^2 + im^2), accurate for small x.
      return C(P(0.5) * std::log1p(re * (2 + re) + im * im), std::atan2(im, 1 + re));
    } else {
      return std::log1p(x);
    }
  }
};
struct LogisticF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x); return C(1) / (C(1) + std::exp(-x)); }
};
struct RsqrtF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x); return C(1) / std::sqrt(x); }
};
struct NegF {
  template <class C> static C apply(C x, const EwInstr&) {
    if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>) return WrapNeg(x);
    else return -x;
  }
};
struct AbsF {
  template <class C> static C apply(C x, const EwInstr&) {
    if constexpr (std::is_integral_v<C>) {
      if constexpr (std::is_signed_v<C>) return x < 0 ? WrapNeg(x) : x;
      else return x;
    } else {
      return std::fabs(x);
    }
  }
};
struct SignF {
  template <class C> static C apply(C x, const EwInstr&) {
    x = FlushDenormal(x);
    if constexpr (kIsComplex<C>) {
      auto a = XlaComplexAbs(x);
      if (a == 0) return C(0);
      if (std::isnan(x.real()) || std::isnan(x.imag())) return C(NAN, NAN);
      return x / a;
    } else if constexpr (std::is_floating_point_v<C>) {
      if (std::isnan(x) || x == 0) return x;
      return std::copysign(C(1), x);
    } else if constexpr (std::is_signed_v<C>) {
      return static_cast<C>((x > 0) - (x < 0));
    } else {
      return static_cast<C>(x > 0);
    }
  }
};
struct NotF {
  template <class C> static C apply(C x, const EwInstr&) {
    if constexpr (std::is_same_v<C, bool>) return !x;
    else return static_cast<C>(~x);
  }
};
struct ClzF {
  template <class C> static C apply(C x, const EwInstr&) {
    return static_cast<C>(std::countl_zero(static_cast<std::make_unsigned_t<C>>(x)));
  }
};
// Bits counted in parallel within the word (pairs, nibbles, then bytes summed by a multiply), not
// std::popcount: without POPCNT in the baseline ISA that is a libgcc call per element, and this
// form vectorises.
struct PopcntF {
  template <class C> static C apply(C x, const EwInstr&) {
    using U = std::make_unsigned_t<C>;
    using W = std::conditional_t<(sizeof(U) < 4), uint32_t, U>;
    constexpr W k55 = static_cast<W>(0x5555555555555555ull), k33 = static_cast<W>(0x3333333333333333ull),
                k0f = static_cast<W>(0x0f0f0f0f0f0f0f0full), k01 = static_cast<W>(0x0101010101010101ull);
    W v = static_cast<U>(x);
    v = v - ((v >> 1) & k55);
    v = (v & k33) + ((v >> 2) & k33);
    v = (v + (v >> 4)) & k0f;
    return static_cast<C>(static_cast<W>(v * k01) >> (8 * sizeof(W) - 8));
  }
};
struct SquareF {
  template <class C> static C apply(C x, const EwInstr&) {
    if constexpr (std::is_integral_v<C>) return WrapMul(x, x);
    else return x * x;
  }
};
struct ReducePrecisionF {
  template <class C> static C apply(C x, const EwInstr& ins) {
    return ReducePrecision(x, static_cast<int>(ins.aux0), static_cast<int>(ins.aux1));
  }
};

// Ops whose result type differs from the operand type.
struct IsFiniteF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return std::isfinite(Up(x)); }
};
struct IsInfF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return std::isinf(Up(x)); }
};
struct IsPosInfF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return std::isinf(Up(x)) && Up(x) > 0; }
};
struct IsNegInfF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return std::isinf(Up(x)) && Up(x) < 0; }
};
struct RealF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return x.real(); }
};
struct ImagF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return x.imag(); }
};
struct CAbsF {
  template <class T, class R> static R apply(T x, const EwInstr&) { return XlaComplexAbs(x); }
};

// ---------------------------------------------------------------- binary functors
struct AddF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a || b;
    else if constexpr (std::is_integral_v<C>) return WrapAdd(a, b);
    else return a + b;
  }
};
struct SubF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a != b;
    else if constexpr (std::is_integral_v<C>) return WrapSub(a, b);
    else return a - b;
  }
};
struct MulF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a && b;
    else if constexpr (std::is_integral_v<C>) return WrapMul(a, b);
    else if constexpr (kIsComplex<C>) return XlaComplexMul(a, b);
    else return a * b;
  }
};
struct DivF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      if (b == 0) return static_cast<C>(-1);  // all ones, signed or unsigned
      if constexpr (std::is_signed_v<C>) {
        if (a == std::numeric_limits<C>::min() && b == -1) return a;
      }
      return static_cast<C>(a / b);
    } else if constexpr (kIsComplex<C>) {
      return XlaComplexDiv(a, b);
    } else {
      return a / b;
    }
  }
};
struct RemF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      if (b == 0) return a;
      if constexpr (std::is_signed_v<C>) {
        if (a == std::numeric_limits<C>::min() && b == -1) return 0;
      }
      return static_cast<C>(a % b);
    } else {
      return std::fmod(a, b);  // XLA's fmod keeps denormal operands
    }
  }
};
struct MaxF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_floating_point_v<C>) return NanPropMax(a, b);
    else return a > b ? a : b;
  }
};
struct MinF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_floating_point_v<C>) return NanPropMin(a, b);
    else return a < b ? a : b;
  }
};
struct PowF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_integral_v<C>) {
      if constexpr (std::is_signed_v<C>) {
        if (b < 0) return a == 1 ? C(1) : a == -1 ? ((b & 1) ? C(-1) : C(1)) : C(0);
      }
      C r = 1;
      C base = a;
      auto e = static_cast<std::make_unsigned_t<C>>(b);
      while (e) {
        if (e & 1) r = WrapMul(r, base);
        base = WrapMul(base, base);
        e >>= 1;
      }
      return r;
    } else if constexpr (kIsComplex<C>) {
      if (b == C(0)) return C(1);  // XLA: x^0 = 1 for every x, including 0
      return std::pow(a, b);
    } else {
      return std::pow(a, b);
    }
  }
};
struct Atan2F {
  template <class C> static C apply(C a, C b) { return std::atan2(a, b); }
};
struct AndF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a && b;
    else return static_cast<C>(a & b);
  }
};
struct OrF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a || b;
    else return static_cast<C>(a | b);
  }
};
struct XorF {
  template <class C> static C apply(C a, C b) {
    if constexpr (std::is_same_v<C, bool>) return a != b;
    else return static_cast<C>(a ^ b);
  }
};
struct ShlF {
  template <class C> static C apply(C a, C b) {
    using U = std::make_unsigned_t<C>;
    U s = static_cast<U>(b);
    if (s >= sizeof(C) * 8) return 0;
    return static_cast<C>(static_cast<U>(a) << s);
  }
};
struct ShrLF {
  template <class C> static C apply(C a, C b) {
    using U = std::make_unsigned_t<C>;
    U s = static_cast<U>(b);
    if (s >= sizeof(C) * 8) return 0;
    return static_cast<C>(static_cast<U>(a) >> s);
  }
};
struct ShrAF {
  template <class C> static C apply(C a, C b) {
    using S = std::make_signed_t<C>;
    using U = std::make_unsigned_t<C>;
    U s = static_cast<U>(b);
    S sa = static_cast<S>(a);
    if (s >= sizeof(C) * 8) return static_cast<C>(sa < 0 ? S(-1) : S(0));
    return static_cast<C>(sa >> s);
  }
};
struct PolygammaF {
  template <class C> static C apply(C a, C b) {
    return static_cast<C>(Polygamma(static_cast<double>(FlushDenormal(a)), static_cast<double>(FlushDenormal(b))));
  }
};
struct ZetaF {
  template <class C> static C apply(C a, C b) {
    return static_cast<C>(Zeta(static_cast<double>(FlushDenormal(a)), static_cast<double>(FlushDenormal(b))));
  }
};

// next_after exactly as XLA lowers chlo.next_after: integer steps on the encoding; "x == y"
// is a float compare (so under DAZ, f32/bf16 denormals equal zero) while "x is zero" tests the
// magnitude bits. Matches XLA bit for bit on denormal inputs (tests/corpus chlo_next_after_*).
template <class T, class Bits>
void NextAfterKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const T* a = static_cast<const T*>(in[0]);
  const T* b = static_cast<const T*>(in[1]);
  T* o = static_cast<T*>(out);
  constexpr Bits kSign = Bits(1) << (sizeof(Bits) * 8 - 1);
  for (int64_t i = 0; i < n; ++i) {
    Bits xb, yb;
    std::memcpy(&xb, static_cast<const void*>(&a[i]), sizeof(Bits));
    std::memcpy(&yb, static_cast<const void*>(&b[i]), sizeof(Bits));
    Compute<T> x = Up(a[i]), y = Up(b[i]);
    Bits r;
    if (x != x || y != y) {
      T nan = Down<T>(std::numeric_limits<Compute<T>>::quiet_NaN());
      std::memcpy(&r, static_cast<const void*>(&nan), sizeof(Bits));
    } else if (x == y) {
      r = yb;
    } else {
      Bits xabs = xb & ~kSign, yabs = yb & ~kSign;
      if (xabs == 0) {
        r = yabs == 0 ? yb : static_cast<Bits>((yb & kSign) | 1);
      } else {
        bool smaller = xabs > yabs || (xb & kSign) != (yb & kSign);
        r = static_cast<Bits>(smaller ? xb - 1 : xb + 1);
      }
    }
    std::memcpy(static_cast<void*>(&o[i]), &r, sizeof(Bits));
  }
}

// bf16 EQ/NE against a constant zero: XLA's LLVM pipeline folds the compare of the widened
// encoding into a magnitude-bits test, so denormals are nonzero there (and only there; the
// ordered compares, compares of two variables and compares in sort comparators see them as
// zero under DAZ: tests/corpus convert_from_bf16 and sort_dtypes pin both behaviours).
template <bool kEq>
void Bf16ZeroTestKernel(void* out, const void* const* in, int64_t n, const EwInstr& ins) {
  const bf16* x = static_cast<const bf16*>(in[ins.aux0]);
  bool* o = static_cast<bool*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = ((x[i].bits & 0x7fff) == 0) == kEq;
}

template <class T>
void ComplexKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const T* a = static_cast<const T*>(in[0]);
  const T* b = static_cast<const T*>(in[1]);
  std::complex<T>* o = static_cast<std::complex<T>*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = std::complex<T>(a[i], b[i]);
}

// ---------------------------------------------------------------- compare
enum class Dir { kEq, kNe, kLt, kLe, kGt, kGe };

template <Dir D, class K> inline bool Cmp(K a, K b) {
  if constexpr (D == Dir::kEq) return a == b;
  else if constexpr (D == Dir::kNe) return a != b;
  else if constexpr (D == Dir::kLt) return a < b;
  else if constexpr (D == Dir::kLe) return a <= b;
  else if constexpr (D == Dir::kGt) return a > b;
  else return a >= b;
}

// Sign-magnitude key of a half float with -0 == +0 (ordering by integers avoids DAZ, which XLA
// does not apply to 16-bit floats).
template <class T> inline int32_t HalfKey(T v) {
  int32_t mag = v.bits & 0x7fff;
  return (v.bits & 0x8000) ? -mag : mag;
}
template <class T> inline bool HalfIsNan(T v) {
  if constexpr (std::is_same_v<T, bf16>) return (v.bits & 0x7fff) > 0x7f80;
  else return (v.bits & 0x7fff) > 0x7c00;
}

template <Dir D, class T, bool kTotal>
void CompareKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const T* a = static_cast<const T*>(in[0]);
  const T* b = static_cast<const T*>(in[1]);
  bool* o = static_cast<bool*>(out);
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (kTotal) o[i] = Cmp<D>(TotalOrderKey(a[i]), TotalOrderKey(b[i]));
    else if constexpr (kIsComplex<T>) {
      if constexpr (D == Dir::kEq) o[i] = a[i] == b[i];
      else if constexpr (D == Dir::kNe) o[i] = a[i] != b[i];
      else o[i] = Cmp<D>(a[i].real(), b[i].real());  // only EQ/NE are valid; keep defined
    } else {
      o[i] = Cmp<D>(Up(a[i]), Up(b[i]));
    }
  }
}

// Signed and unsigned compare types reinterpret the integer bits.
template <class T> using SignedOf = std::make_signed_t<T>;
template <class T> using UnsignedOf = std::make_unsigned_t<T>;

template <Dir D>
EwFn PickCompareDir(ElementType t, const std::string& type) {
  bool total = type == "TOTALORDER";
  switch (t) {
    case ElementType::kPred: return &CompareKernel<D, bool, false>;
    case ElementType::kS8: return type == "UNSIGNED" ? &CompareKernel<D, uint8_t, false> : &CompareKernel<D, int8_t, false>;
    case ElementType::kS16: return type == "UNSIGNED" ? &CompareKernel<D, uint16_t, false> : &CompareKernel<D, int16_t, false>;
    case ElementType::kS32: return type == "UNSIGNED" ? &CompareKernel<D, uint32_t, false> : &CompareKernel<D, int32_t, false>;
    case ElementType::kS64: return type == "UNSIGNED" ? &CompareKernel<D, uint64_t, false> : &CompareKernel<D, int64_t, false>;
    case ElementType::kU8: return type == "SIGNED" ? &CompareKernel<D, int8_t, false> : &CompareKernel<D, uint8_t, false>;
    case ElementType::kU16: return type == "SIGNED" ? &CompareKernel<D, int16_t, false> : &CompareKernel<D, uint16_t, false>;
    case ElementType::kU32: return type == "SIGNED" ? &CompareKernel<D, int32_t, false> : &CompareKernel<D, uint32_t, false>;
    case ElementType::kU64: return type == "SIGNED" ? &CompareKernel<D, int64_t, false> : &CompareKernel<D, uint64_t, false>;
    case ElementType::kF16: return total ? &CompareKernel<D, f16, true> : &CompareKernel<D, f16, false>;
    case ElementType::kBF16: return total ? &CompareKernel<D, bf16, true> : &CompareKernel<D, bf16, false>;
    case ElementType::kF32: return total ? &CompareKernel<D, float, true> : &CompareKernel<D, float, false>;
    case ElementType::kF64: return total ? &CompareKernel<D, double, true> : &CompareKernel<D, double, false>;
    case ElementType::kC64: return &CompareKernel<D, c64, false>;
    case ElementType::kC128: return &CompareKernel<D, c128, false>;
    default: return nullptr;
  }
}

EwFn PickCompare(ElementType t, const std::string& dir, const std::string& type) {
  if (dir == "EQ") return PickCompareDir<Dir::kEq>(t, type);
  if (dir == "NE") return PickCompareDir<Dir::kNe>(t, type);
  if (dir == "LT") return PickCompareDir<Dir::kLt>(t, type);
  if (dir == "LE") return PickCompareDir<Dir::kLe>(t, type);
  if (dir == "GT") return PickCompareDir<Dir::kGt>(t, type);
  if (dir == "GE") return PickCompareDir<Dir::kGe>(t, type);
  return nullptr;
}

// ---------------------------------------------------------------- type-set dispatch
enum TypeSet : unsigned {
  kSetPred = 1, kSetSigned = 2, kSetUnsigned = 4, kSetFloat = 8, kSetComplex = 16,
  kSetInt = kSetSigned | kSetUnsigned, kSetNumeric = kSetInt | kSetFloat,
  kSetFloatComplex = kSetFloat | kSetComplex, kSetAll = kSetPred | kSetInt | kSetFloat | kSetComplex,
  kSetIntPred = kSetInt | kSetPred,
};

template <template <class> class K>
EwFn PickTyped(ElementType t, unsigned set) {
  switch (t) {
    case ElementType::kPred: if (set & kSetPred) return K<bool>::fn(); break;
    case ElementType::kS8: if (set & kSetSigned) return K<int8_t>::fn(); break;
    case ElementType::kS16: if (set & kSetSigned) return K<int16_t>::fn(); break;
    case ElementType::kS32: if (set & kSetSigned) return K<int32_t>::fn(); break;
    case ElementType::kS64: if (set & kSetSigned) return K<int64_t>::fn(); break;
    case ElementType::kU8: if (set & kSetUnsigned) return K<uint8_t>::fn(); break;
    case ElementType::kU16: if (set & kSetUnsigned) return K<uint16_t>::fn(); break;
    case ElementType::kU32: if (set & kSetUnsigned) return K<uint32_t>::fn(); break;
    case ElementType::kU64: if (set & kSetUnsigned) return K<uint64_t>::fn(); break;
    case ElementType::kF16: if (set & kSetFloat) return K<f16>::fn(); break;
    case ElementType::kBF16: if (set & kSetFloat) return K<bf16>::fn(); break;
    case ElementType::kF32: if (set & kSetFloat) return K<float>::fn(); break;
    case ElementType::kF64: if (set & kSetFloat) return K<double>::fn(); break;
    case ElementType::kC64: if (set & kSetComplex) return K<c64>::fn(); break;
    case ElementType::kC128: if (set & kSetComplex) return K<c128>::fn(); break;
    default: break;
  }
  return nullptr;
}

// Half-float unary ops by table: a half has 65536 bit patterns, so the scalar kernel's result for
// each is computed once per process (on first use) and every element after that is one load. Bit
// for bit the scalar loop, which spends ~20 ns an element in libm's tanh/exp/erf and the software
// half conversions. Built under the executor's FTZ/DAZ mode, the mode every kernel runs in.
template <class F, class T>
const uint16_t* HalfUnaryTable() {
  static const std::unique_ptr<uint16_t[]> table = [] {
#if defined(__x86_64__)
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040u);
#endif
    auto t = std::make_unique<uint16_t[]>(65536);
    const EwInstr ins;
    for (uint32_t b = 0; b < 65536; ++b)
      t[b] = Down<T>(F::template apply<Compute<T>>(Up(T::FromBits(static_cast<uint16_t>(b))), ins)).bits;
#if defined(__x86_64__)
    _mm_setcsr(saved);
#endif
    return t;
  }();
  return table.get();
}
// Which table each selected HalfTableUnary kernel reads (HalfUnaryTableGetter), so native code can
// read the same one.
struct HalfTableRegistry {
  std::mutex mu;
  std::vector<std::pair<EwFn, const uint16_t* (*)()>> entries;
};
HalfTableRegistry& HalfTables() {
  static HalfTableRegistry* r = new HalfTableRegistry();  // never destroyed: read by any thread
  return *r;
}
void RegisterHalfTable(EwFn fn, const uint16_t* (*table)()) {
  std::lock_guard<std::mutex> lock(HalfTables().mu);
  HalfTables().entries.emplace_back(fn, table);
}

template <class F, class T>
void HalfTableUnary(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const uint16_t* table = HalfUnaryTable<F, T>();
  const uint16_t* a = static_cast<const uint16_t*>(in[0]);
  uint16_t* o = static_cast<uint16_t*>(out);
  for (int64_t i = 0; i < n; ++i) o[i] = table[a[i]];
}

// Adapters so one PickTyped serves unary and binary functors while keeping only the
// instantiations a type set allows (SFINAE-free: each set only names valid types).
template <class F, unsigned Set>
struct UnaryAdapter {
  template <class T> struct K {
    static EwFn fn() {
      if constexpr ((std::is_same_v<T, bool> && (Set & kSetPred)) ||
                    (std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T> && (Set & kSetSigned)) ||
                    (std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_unsigned_v<T> && (Set & kSetUnsigned)) ||
                    ((kIsHalf<T> || std::is_floating_point_v<T>) && (Set & kSetFloat)) ||
                    (kIsComplex<T> && (Set & kSetComplex))) {
        // ReducePrecision reads its format from the instruction: the one op a table cannot hold.
        if constexpr (kIsHalf<T> && !std::is_same_v<F, ReducePrecisionF>) {
          static const bool registered = (RegisterHalfTable(&HalfTableUnary<F, T>, &HalfUnaryTable<F, T>), true);
          (void)registered;
          return &HalfTableUnary<F, T>;
        }
        else return &Unary<F, T>;
      }
      else
        return nullptr;
    }
  };
};
template <class F, unsigned Set>
struct BinaryAdapter {
  template <class T> struct K {
    static EwFn fn() {
      if constexpr ((std::is_same_v<T, bool> && (Set & kSetPred)) ||
                    (std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_signed_v<T> && (Set & kSetSigned)) ||
                    (std::is_integral_v<T> && !std::is_same_v<T, bool> && std::is_unsigned_v<T> && (Set & kSetUnsigned)) ||
                    ((kIsHalf<T> || std::is_floating_point_v<T>) && (Set & kSetFloat)) ||
                    (kIsComplex<T> && (Set & kSetComplex)))
        return &Binary<F, T>;
      else
        return nullptr;
    }
  };
};

template <class F, unsigned Set> EwFn U(ElementType t) { return PickTyped<UnaryAdapter<F, Set>::template K>(t, Set); }
template <class F, unsigned Set> EwFn B(ElementType t) { return PickTyped<BinaryAdapter<F, Set>::template K>(t, Set); }

template <class T> struct SelectK {
  static EwFn fn() { return &SelectKernel<T>; }
};

template <class From> EwFn ConvertFrom(ElementType to) {
  switch (to) {
    case ElementType::kPred: return &ConvertKernel<From, bool>;
    case ElementType::kS8: return &ConvertKernel<From, int8_t>;
    case ElementType::kS16: return &ConvertKernel<From, int16_t>;
    case ElementType::kS32: return &ConvertKernel<From, int32_t>;
    case ElementType::kS64: return &ConvertKernel<From, int64_t>;
    case ElementType::kU8: return &ConvertKernel<From, uint8_t>;
    case ElementType::kU16: return &ConvertKernel<From, uint16_t>;
    case ElementType::kU32: return &ConvertKernel<From, uint32_t>;
    case ElementType::kU64: return &ConvertKernel<From, uint64_t>;
    case ElementType::kF16: return &ConvertKernel<From, f16>;
    case ElementType::kBF16: return &ConvertKernel<From, bf16>;
    case ElementType::kF32: return &ConvertKernel<From, float>;
    case ElementType::kF64: return &ConvertKernel<From, double>;
    case ElementType::kC64: return &ConvertKernel<From, c64>;
    case ElementType::kC128: return &ConvertKernel<From, c128>;
    default: return nullptr;
  }
}

EwFn PickConvert(ElementType from, ElementType to) {
  switch (from) {
    case ElementType::kPred: return ConvertFrom<bool>(to);
    case ElementType::kS8: return ConvertFrom<int8_t>(to);
    case ElementType::kS16: return ConvertFrom<int16_t>(to);
    case ElementType::kS32: return ConvertFrom<int32_t>(to);
    case ElementType::kS64: return ConvertFrom<int64_t>(to);
    case ElementType::kU8: return ConvertFrom<uint8_t>(to);
    case ElementType::kU16: return ConvertFrom<uint16_t>(to);
    case ElementType::kU32: return ConvertFrom<uint32_t>(to);
    case ElementType::kU64: return ConvertFrom<uint64_t>(to);
    case ElementType::kF16: return ConvertFrom<f16>(to);
    case ElementType::kBF16: return ConvertFrom<bf16>(to);
    case ElementType::kF32: return ConvertFrom<float>(to);
    case ElementType::kF64: return ConvertFrom<double>(to);
    case ElementType::kC64: return ConvertFrom<c64>(to);
    case ElementType::kC128: return ConvertFrom<c128>(to);
    default: return nullptr;
  }
}

template <class F> EwFn FloatPredicate(ElementType t) {
  switch (t) {
    case ElementType::kF16: return &UnaryTo<F, f16, bool>;
    case ElementType::kBF16: return &UnaryTo<F, bf16, bool>;
    case ElementType::kF32: return &UnaryTo<F, float, bool>;
    case ElementType::kF64: return &UnaryTo<F, double, bool>;
    default: return nullptr;
  }
}
template <class F> EwFn ComplexPart(ElementType t) {
  switch (t) {
    case ElementType::kC64: return &UnaryTo<F, c64, float>;
    case ElementType::kC128: return &UnaryTo<F, c128, double>;
    default: return nullptr;
  }
}

// Clamp(min, x, max) = min(max(x, lo), hi) with the NaN-propagating max/min.
template <class T>
void ClampKernel(void* out, const void* const* in, int64_t n, const EwInstr&) {
  const T* lo = static_cast<const T*>(in[0]);
  const T* x = static_cast<const T*>(in[1]);
  const T* hi = static_cast<const T*>(in[2]);
  T* o = static_cast<T*>(out);
  for (int64_t i = 0; i < n; ++i)
    o[i] = Down<T>(MinF::apply(MaxF::apply(Up(x[i]), Up(lo[i])), Up(hi[i])));
}
template <class T> struct ClampK {
  static EwFn fn() {
    if constexpr (kIsComplex<T>) return nullptr;
    else return &ClampKernel<T>;
  }
};

}  // namespace

EwFn GetConvertKernel(ElementType from, ElementType to) { return PickConvert(from, to); }

namespace {

// True when `v` is a constant whose every element is zero (seen through broadcasts/reshapes).
bool IsZeroConstant(const compiler::Module& m, compiler::ValueId v) {
  for (int depth = 0; depth < 8; ++depth) {
    const Op* def = m.values[static_cast<size_t>(v)].def;
    if (!def) return false;
    if (def->kind == OpKind::kBroadcastInDim || def->kind == OpKind::kBroadcast || def->kind == OpKind::kReshape) {
      v = def->operands[0];
      continue;
    }
    if (def->kind != OpKind::kConstant) return false;
    const compiler::Attribute* a = def->attr("value");
    if (!a || !a->dense) return false;
    const compiler::DenseData& d = *a->dense;
    int64_t count = d.splat ? 1 : d.type.element_count();
    for (int64_t i = 0; i < count; ++i)
      if (d.GetDouble(i) != 0) return false;
    return true;
  }
  return false;
}

}  // namespace


namespace {
// One value through a unary functor, as Unary<F, T>'s loop computes each element.
template <class F, class T> T ScalarUnaryOf(T x) { return Down<T>(F::template apply<Compute<T>>(Up(x), EwInstr{})); }
template <class F> void AddScalarForms(std::vector<std::pair<EwFn, void*>>* table) {
  table->push_back({&Unary<F, float>, reinterpret_cast<void*>(&ScalarUnaryOf<F, float>)});
  table->push_back({&Unary<F, double>, reinterpret_cast<void*>(&ScalarUnaryOf<F, double>)});
}
}  // namespace

void* ScalarUnaryFunction(EwFn kernel) {
  // The functors below never read their instruction (no attributes: the op is the function).
  static const std::vector<std::pair<EwFn, void*>> table = [] {
    std::vector<std::pair<EwFn, void*>> t;
    AddScalarForms<SinF>(&t); AddScalarForms<CosF>(&t); AddScalarForms<TanF>(&t); AddScalarForms<TanhF>(&t);
    AddScalarForms<ExpF>(&t); AddScalarForms<Expm1F>(&t); AddScalarForms<LogF>(&t); AddScalarForms<Log1pF>(&t);
    AddScalarForms<LogisticF>(&t); AddScalarForms<CbrtF>(&t); AddScalarForms<AtanF>(&t);
    return t;
  }();
  for (const auto& [fn, scalar] : table)
    if (fn == kernel) return scalar;
  return nullptr;
}

EwFn SelectElementwiseKernel(const compiler::Module& m, const Op& op, std::string* error, int64_t* aux0,
                             int64_t* aux1, bool fused_loop) {
  // f32 arithmetic and transcendentals: the ISA-dispatched vector kernels.
  if (EwFn vec = SelectVectorKernel(m, op)) return vec;
  if (EwFn vec = SelectIntVectorKernel(m, op)) return vec;
  if (EwFn vec = SelectHalfVectorKernel(m, op)) return vec;
  if (EwFn vec = SelectF64VectorKernel(m, op)) return vec;
  if (EwFn vec = SelectIntToF32Kernel(m, op)) return vec;
  ElementType t = m.type(op.operands[0]).element;
  ElementType r = m.type(op.results[0]).element;
  EwFn fn = nullptr;
  switch (op.kind) {
    case OpKind::kAbs:
      fn = IsComplex(t) ? ComplexPart<CAbsF>(t) : U<AbsF, kSetNumeric>(t);
      break;
    case OpKind::kCbrt: fn = U<CbrtF, kSetFloat>(t); break;
    case OpKind::kCeil: fn = U<CeilF, kSetFloat>(t); break;
    case OpKind::kFloor: fn = U<FloorF, kSetFloat>(t); break;
    case OpKind::kClz: fn = U<ClzF, kSetInt>(t); break;
    case OpKind::kPopcnt: fn = U<PopcntF, kSetInt>(t); break;
    case OpKind::kCosine: fn = U<CosF, kSetFloatComplex>(t); break;
    case OpKind::kSine: fn = U<SinF, kSetFloatComplex>(t); break;
    case OpKind::kTan:
    case OpKind::kChloTan: fn = U<TanF, kSetFloatComplex>(t); break;
    case OpKind::kTanh: fn = U<TanhF, kSetFloatComplex>(t); break;
    case OpKind::kExp: fn = U<ExpF, kSetFloatComplex>(t); break;
    case OpKind::kExpm1: fn = U<Expm1F, kSetFloatComplex>(t); break;
    case OpKind::kLog: fn = U<LogF, kSetFloatComplex>(t); break;
    case OpKind::kLog1p: fn = U<Log1pF, kSetFloatComplex>(t); break;
    case OpKind::kLogistic: fn = U<LogisticF, kSetFloatComplex>(t); break;
    case OpKind::kRsqrt: fn = U<RsqrtF, kSetFloatComplex>(t); break;
    case OpKind::kSqrt: fn = U<SqrtF, kSetFloatComplex>(t); break;
    case OpKind::kNegate: fn = U<NegF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kNot: fn = U<NotF, kSetIntPred>(t); break;
    case OpKind::kRoundAfz: fn = U<RoundAfzF, kSetFloat>(t); break;
    case OpKind::kRoundEven: fn = U<RoundEvenF, kSetFloat>(t); break;
    case OpKind::kSign: fn = U<SignF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kIsFinite: fn = FloatPredicate<IsFiniteF>(t); break;
    case OpKind::kIsInf: fn = FloatPredicate<IsInfF>(t); break;
    case OpKind::kIsPosInf: fn = FloatPredicate<IsPosInfF>(t); break;
    case OpKind::kIsNegInf: fn = FloatPredicate<IsNegInfF>(t); break;
    case OpKind::kReal:
      fn = IsComplex(t) ? ComplexPart<RealF>(t) : PickConvert(t, r);
      break;
    case OpKind::kImag:
      if (IsComplex(t)) fn = ComplexPart<ImagF>(t);
      break;
    case OpKind::kConvert: fn = PickConvert(t, r); break;
    case OpKind::kReducePrecision: {
      *aux0 = op.IntAttr("exponent_bits", 8);
      *aux1 = op.IntAttr("mantissa_bits", 23);
      if (*aux0 < 1 || *aux1 < 0) {
        *error = "invalid reduce_precision format";
        return nullptr;
      }
      if (t == ElementType::kF32 || t == ElementType::kF64) fn = U<ReducePrecisionF, kSetFloat>(t);
      if (t == ElementType::kF16 || t == ElementType::kBF16) fn = U<ReducePrecisionF, kSetFloat>(t);
      break;
    }
    case OpKind::kErf: fn = U<ErfF, kSetFloat>(t); break;
    case OpKind::kErfc: fn = U<ErfcF, kSetFloat>(t); break;
    case OpKind::kErfInv: fn = U<ErfInvF, kSetFloat>(t); break;
    case OpKind::kLgamma: fn = U<LgammaF, kSetFloat>(t); break;
    case OpKind::kDigamma: fn = U<DigammaF, kSetFloat>(t); break;
    case OpKind::kAcos: fn = U<AcosF, kSetFloatComplex>(t); break;
    case OpKind::kAcosh: fn = U<AcoshF, kSetFloatComplex>(t); break;
    case OpKind::kAsin: fn = U<AsinF, kSetFloatComplex>(t); break;
    case OpKind::kAsinh: fn = U<AsinhF, kSetFloatComplex>(t); break;
    case OpKind::kAtan: fn = U<AtanF, kSetFloatComplex>(t); break;
    case OpKind::kAtanh: fn = U<AtanhF, kSetFloatComplex>(t); break;
    case OpKind::kCosh: fn = U<CoshF, kSetFloatComplex>(t); break;
    case OpKind::kSinh: fn = U<SinhF, kSetFloatComplex>(t); break;
    case OpKind::kSquare: fn = U<SquareF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kConj: fn = U<ConjF, kSetComplex>(t); break;
    case OpKind::kBesselI1e: fn = U<BesselI1eF, kSetFloat>(t); break;
    case OpKind::kAdd: fn = B<AddF, kSetAll>(t); break;
    case OpKind::kSubtract: fn = B<SubF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kMultiply: fn = B<MulF, kSetAll>(t); break;
    case OpKind::kDivide: fn = B<DivF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kRemainder: fn = B<RemF, kSetNumeric>(t); break;
    case OpKind::kMaximum: fn = B<MaxF, kSetNumeric | kSetPred>(t); break;
    case OpKind::kMinimum: fn = B<MinF, kSetNumeric | kSetPred>(t); break;
    case OpKind::kPower: fn = B<PowF, kSetNumeric | kSetComplex>(t); break;
    case OpKind::kAtan2: fn = B<Atan2F, kSetFloat>(t); break;
    case OpKind::kAnd: fn = B<AndF, kSetIntPred>(t); break;
    case OpKind::kOr: fn = B<OrF, kSetIntPred>(t); break;
    case OpKind::kXor: fn = B<XorF, kSetIntPred>(t); break;
    case OpKind::kShiftLeft: fn = B<ShlF, kSetInt>(t); break;
    case OpKind::kShiftRightLogical: fn = B<ShrLF, kSetInt>(t); break;
    case OpKind::kShiftRightArithmetic: fn = B<ShrAF, kSetInt>(t); break;
    case OpKind::kNextAfter:
      if (t == ElementType::kF32) fn = &NextAfterKernel<float, uint32_t>;
      else if (t == ElementType::kF64) fn = &NextAfterKernel<double, uint64_t>;
      else if (t == ElementType::kF16) fn = &NextAfterKernel<f16, uint16_t>;
      else if (t == ElementType::kBF16) fn = &NextAfterKernel<bf16, uint16_t>;
      break;
    case OpKind::kPolygamma: fn = B<PolygammaF, kSetFloat>(t); break;
    case OpKind::kZeta: fn = B<ZetaF, kSetFloat>(t); break;
    case OpKind::kComplex:
      if (t == ElementType::kF32) fn = &ComplexKernel<float>;
      else if (t == ElementType::kF64) fn = &ComplexKernel<double>;
      break;
    case OpKind::kCompare: {
      std::string dir = op.EnumAttr("comparison_direction");
      if (fused_loop && t == ElementType::kBF16 && (dir == "EQ" || dir == "NE") && op.EnumAttr("compare_type") != "TOTALORDER") {
        int zero_side = IsZeroConstant(m, op.operands[1]) ? 1 : IsZeroConstant(m, op.operands[0]) ? 0 : -1;
        if (zero_side >= 0) {
          *aux0 = 1 - zero_side;  // the input that is not the constant
          fn = dir == "EQ" ? &Bf16ZeroTestKernel<true> : &Bf16ZeroTestKernel<false>;
          break;
        }
      }
      fn = PickCompare(t, op.EnumAttr("comparison_direction"), op.EnumAttr("compare_type"));
      break;
    }
    case OpKind::kSelect:
      fn = PickTyped<SelectK>(m.type(op.operands[1]).element, kSetAll);
      break;
    case OpKind::kClamp:
      fn = PickTyped<ClampK>(m.type(op.operands[1]).element, kSetNumeric | kSetPred);
      break;
    default:
      *error = "not an elementwise op";
      return nullptr;
  }
  if (!fn) {
    *error = "element type " + std::string(ElementTypeMlirName(t)) + " is not supported";
    if (op.kind == OpKind::kConvert) *error += " (to " + std::string(ElementTypeMlirName(r)) + ")";
  }
  return fn;
}

const uint16_t* (*HalfUnaryTableGetter(EwFn fn))() {
  std::lock_guard<std::mutex> lock(HalfTables().mu);
  for (const auto& [f, table] : HalfTables().entries)
    if (f == fn) return table;
  return nullptr;
}

}  // namespace jaxlib::cpu
