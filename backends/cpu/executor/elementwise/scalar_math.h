// Scalar numerics of every elementwise op, matching XLA's CPU conventions (NaN-propagating
// max/min, integer division by zero, saturating float->int conversion, shifts past the bit
// width). Kernels instantiate these inside whole-array loops; nothing here loops over arrays.
#pragma once

#include <bit>
#include <cmath>
#include <complex>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "runtime/compiler/half_float.h"

namespace jaxlib::cpu {

using c64 = std::complex<float>;
using c128 = std::complex<double>;

template <class T> struct IsComplexT : std::false_type {};
template <class T> struct IsComplexT<std::complex<T>> : std::true_type {};
template <class T> inline constexpr bool kIsComplex = IsComplexT<T>::value;
template <class T> inline constexpr bool kIsHalf = std::is_same_v<T, bf16> || std::is_same_v<T, f16>;

// Arithmetic type of a storage type: half floats compute in float and round per op.
template <class T> struct ComputeOf { using type = T; };
template <> struct ComputeOf<bf16> { using type = float; };
template <> struct ComputeOf<f16> { using type = float; };
template <class T> using Compute = typename ComputeOf<T>::type;

template <class T> inline Compute<T> Up(T v) { return static_cast<Compute<T>>(v); }
template <class T> inline T Down(Compute<T> v) {
  if constexpr (kIsHalf<T>) return T(v);
  else return v;
}

template <class T> inline constexpr bool kIsFloatingT = std::is_floating_point_v<T>;

// ---------------------------------------------------------------- integer helpers
template <class T> inline T WrapAdd(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
}
template <class T> inline T WrapSub(T a, T b) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(static_cast<U>(a) - static_cast<U>(b));
}
template <class T> inline T WrapMul(T a, T b) {
  using U = std::make_unsigned_t<T>;
  using W = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;  // avoid int promotion UB
  return static_cast<T>(static_cast<U>(static_cast<W>(static_cast<U>(a)) * static_cast<W>(static_cast<U>(b))));
}
template <class T> inline T WrapNeg(T a) {
  using U = std::make_unsigned_t<T>;
  return static_cast<T>(U{0} - static_cast<U>(a));
}

// ---------------------------------------------------------------- float helpers
// XLA runs with denormals-are-zero: ops it implements with FP instructions see denormal inputs
// as signed zeros. Kernels that compute through libm or bit logic apply this explicitly.
// Bit tests, not fpclassify: under DAZ the FP comparisons inside fpclassify see zero.
template <class C> inline C FlushDenormal(C x) {
  if constexpr (std::is_same_v<C, float>) {
    uint32_t u = std::bit_cast<uint32_t>(x);
    return (u & 0x7f800000u) == 0 ? std::bit_cast<float>(u & 0x80000000u) : x;
  } else if constexpr (std::is_same_v<C, double>) {
    uint64_t u = std::bit_cast<uint64_t>(x);
    return (u & 0x7ff0000000000000ull) == 0 ? std::bit_cast<double>(u & 0x8000000000000000ull) : x;
  } else if constexpr (kIsComplex<C>) {
    return C(FlushDenormal(x.real()), FlushDenormal(x.imag()));
  } else {
    return x;
  }
}

template <class C> inline C NanPropMax(C a, C b) {
  a = FlushDenormal(a);
  b = FlushDenormal(b);
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? b : a;  // max(-0, +0) = +0
  return a > b ? a : b;
}
template <class C> inline C NanPropMin(C a, C b) {
  a = FlushDenormal(a);
  b = FlushDenormal(b);
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  if (a == b) return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

// Complex arithmetic as XLA emits it (not C99 Annex G): naive multiply, Smith's division with
// explicit zero/inf cases, and overflow-safe magnitude that propagates NaN.
template <class P> inline std::complex<P> XlaComplexMul(std::complex<P> x, std::complex<P> y) {
  P a = x.real(), b = x.imag(), c = y.real(), d = y.imag();
  return {a * c - b * d, a * d + b * c};
}
template <class P> inline std::complex<P> XlaComplexDiv(std::complex<P> x, std::complex<P> y) {
  P a_r = x.real(), a_i = x.imag(), b_r = y.real(), b_i = y.imag();
  P c_r, c_i;
  if (std::fabs(b_r) < std::fabs(b_i)) {
    P ratio = b_r / b_i;
    P denom = b_i + b_r * ratio;
    c_r = (a_r * ratio + a_i) / denom;
    c_i = (a_i * ratio - a_r) / denom;
  } else {
    P ratio = b_i / b_r;
    P denom = b_r + b_i * ratio;
    c_r = (a_r + a_i * ratio) / denom;
    c_i = (a_i - a_r * ratio) / denom;
  }
  const P inf = std::numeric_limits<P>::infinity();
  if (b_r == 0 && b_i == 0 && (!std::isnan(a_r) || !std::isnan(a_i))) {
    P s = std::copysign(inf, b_r);
    return {s * a_r, s * a_i};
  }
  if ((std::isinf(a_r) || std::isinf(a_i)) && std::isfinite(b_r) && std::isfinite(b_i)) {
    P ar = std::copysign(std::isinf(a_r) ? P(1) : P(0), a_r);
    P ai = std::copysign(std::isinf(a_i) ? P(1) : P(0), a_i);
    return {inf * (ar * b_r + ai * b_i), inf * (ai * b_r - ar * b_i)};
  }
  if ((std::isinf(b_r) || std::isinf(b_i)) && std::isfinite(a_r) && std::isfinite(a_i)) {
    P br = std::copysign(std::isinf(b_r) ? P(1) : P(0), b_r);
    P bi = std::copysign(std::isinf(b_i) ? P(1) : P(0), b_i);
    return {P(0) * (a_r * br + a_i * bi), P(0) * (a_i * br - a_r * bi)};
  }
  return {c_r, c_i};
}
template <class P> inline P XlaComplexAbs(std::complex<P> x) {
  P a = std::fabs(x.real()), b = std::fabs(x.imag());
  P mx = NanPropMax(a, b), mn = NanPropMin(a, b);
  if (mx == 0) return mx;
  if (mn == mx) return mx * std::sqrt(P(2));
  P r = mn / mx;
  return mx * std::sqrt(P(1) + r * r);
}

// Total-order key of a float (for compare_type TOTALORDER): -NaN < -inf < ... < -0 < +0 < ... < NaN.
template <class T> inline auto TotalOrderKey(T v) {
  if constexpr (std::is_same_v<T, float>) {
    int32_t i = std::bit_cast<int32_t>(v);
    return i < 0 ? static_cast<int32_t>(i ^ 0x7fffffff) : i;
  } else if constexpr (std::is_same_v<T, double>) {
    int64_t i = std::bit_cast<int64_t>(v);
    return i < 0 ? static_cast<int64_t>(i ^ 0x7fffffffffffffffLL) : i;
  } else {
    int16_t i = static_cast<int16_t>(v.bits);
    return i < 0 ? static_cast<int16_t>(i ^ 0x7fff) : i;
  }
}

// erf^-1 (Giles, "Approximating the erfinv function"; the single-precision form XLA uses).
inline float ErfInvF32(float x) {
  if (std::fabs(x) > 1.f) return std::numeric_limits<float>::quiet_NaN();
  if (x == 1.f) return std::numeric_limits<float>::infinity();
  if (x == -1.f) return -std::numeric_limits<float>::infinity();
  float w = -std::log((1.0f - x) * (1.0f + x));
  float p;
  if (w < 5.0f) {
    w = w - 2.5f;
    p = 2.81022636e-08f;
    p = 3.43273939e-07f + p * w;
    p = -3.5233877e-06f + p * w;
    p = -4.39150654e-06f + p * w;
    p = 0.00021858087f + p * w;
    p = -0.00125372503f + p * w;
    p = -0.00417768164f + p * w;
    p = 0.246640727f + p * w;
    p = 1.50140941f + p * w;
  } else {
    w = std::sqrt(w) - 3.0f;
    p = -0.000200214257f;
    p = 0.000100950558f + p * w;
    p = 0.00134934322f + p * w;
    p = -0.00367342844f + p * w;
    p = 0.00573950773f + p * w;
    p = -0.0076224613f + p * w;
    p = 0.00943887047f + p * w;
    p = 1.00167406f + p * w;
    p = 2.83297682f + p * w;
  }
  return p * x;
}

inline double ErfInvF64(double x) {
  if (std::fabs(x) > 1.0) return std::numeric_limits<double>::quiet_NaN();
  if (x == 1.0) return std::numeric_limits<double>::infinity();
  if (x == -1.0) return -std::numeric_limits<double>::infinity();
  double y = ErfInvF32(static_cast<float>(x));
  // Two Newton steps on erf(y) = x bring the float estimate to double precision.
  for (int k = 0; k < 2; ++k) {
    double err = std::erf(y) - x;
    y -= err / (1.1283791670955126 * std::exp(-y * y));
  }
  return y;
}

inline double Digamma(double x) {
  constexpr double kPi = 3.14159265358979323846;
  if (std::isnan(x) || x == -std::numeric_limits<double>::infinity()) return std::numeric_limits<double>::quiet_NaN();
  if (x <= 0 && x == std::floor(x)) return std::numeric_limits<double>::quiet_NaN();
  double result = 0;
  if (x < 0.5) {
    // Reflection: psi(1 - x) - psi(x) = pi / tan(pi x)
    result -= kPi / std::tan(kPi * x);
    x = 1 - x;
  }
  while (x < 6) {
    result -= 1 / x;
    x += 1;
  }
  double f = 1 / (x * x);
  double t = f * (-1.0 / 12 + f * (1.0 / 120 + f * (-1.0 / 252 + f * (1.0 / 240 + f * (-1.0 / 132 + f * (691.0 / 32760 + f * (-1.0 / 12)))))));
  return result + std::log(x) - 0.5 / x + t;
}

// Hurwitz zeta(s, q) by Euler-Maclaurin summation (Cephes' method).
inline double Zeta(double s, double q) {
  static const double kA[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                              7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                              -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18};
  if (s == 1) return std::numeric_limits<double>::infinity();
  if (s < 1) return std::numeric_limits<double>::quiet_NaN();
  if (q <= 0) {
    if (q == std::floor(q)) return std::numeric_limits<double>::infinity();
    if (s != std::floor(s)) return std::numeric_limits<double>::quiet_NaN();
  }
  double sum = std::pow(q, -s);
  double a = q;
  int i = 0;
  double b = 0;
  while (i < 9 || a <= 9) {
    ++i;
    a += 1;
    b = std::pow(a, -s);
    sum += b;
    if (std::fabs(b / sum) < 1e-17) return sum;
  }
  double w = a;
  sum += b * w / (s - 1);
  sum -= 0.5 * b;
  double fac = 1;
  double k = 0;
  for (int j = 0; j < 12; ++j) {
    fac *= s + k;
    b /= w;
    double t = fac * b / kA[j];
    sum += t;
    if (std::fabs(t / sum) < 1e-17) break;
    k += 1;
    fac *= s + k;
    b /= w;
    k += 1;
  }
  return sum;
}

inline double Polygamma(double n, double x) {
  if (n != std::floor(n) || n < 0) return std::numeric_limits<double>::quiet_NaN();
  if (n == 0) return Digamma(x);
  double fact = std::tgamma(n + 1);
  double sign = (static_cast<int64_t>(n) % 2 == 0) ? -1.0 : 1.0;
  return sign * fact * Zeta(n + 1, x);
}

// exp(-|x|) * I1(x).
inline double BesselI1e(double x) {
  double ax = std::fabs(x);
  double r;
  if (ax <= 20) {
    double half = ax / 2, term = half, sum = half;
    for (int k = 1; k < 200; ++k) {
      term *= half * half / (k * (k + 1.0));
      sum += term;
      if (term < sum * 1e-17) break;
    }
    r = sum * std::exp(-ax);
  } else {
    // Asymptotic: e^-x I1(x) ~ 1/sqrt(2 pi x) * sum_k (-1)^k prod_{j<=k} (4 - (2j-1)^2) / (k! (8x)^k)
    double sum = 1, term = 1;
    for (int k = 1; k < 30; ++k) {
      double m = 2.0 * k - 1;
      term *= -(4.0 - m * m) / (k * 8.0 * ax);
      double next = sum + term;
      if (std::fabs(term) < 1e-17 * std::fabs(sum)) break;
      sum = next;
    }
    r = sum / std::sqrt(2 * 3.14159265358979323846 * ax);
  }
  return x < 0 ? -r : r;
}

// StableHLO reduce_precision: round the mantissa to `mbits` and clamp the exponent range to
// `ebits`, in the source format.
template <class C> inline C ReducePrecision(C v, int ebits, int mbits) {
  if constexpr (std::is_same_v<C, float>) {
    uint32_t u = std::bit_cast<uint32_t>(v);
    if (std::isnan(v)) return v;
    if (mbits < 23) {
      uint32_t shift = static_cast<uint32_t>(23 - mbits);
      uint32_t last = (u >> shift) & 1u;
      uint32_t bias = ((1u << (shift - 1)) - 1) + last;
      u = (u + bias) & ~((1u << shift) - 1);
    }
    if (ebits < 8) {
      int32_t max_exp = (1 << (ebits - 1)) - 1;
      int32_t min_exp = 1 - max_exp;
      int32_t e = static_cast<int32_t>((u >> 23) & 0xff) - 127;
      uint32_t sign = u & 0x80000000u;
      if (e > max_exp) u = sign | 0x7f800000u;
      else if (e < min_exp) u = sign;
    }
    return std::bit_cast<float>(u);
  } else {
    uint64_t u = std::bit_cast<uint64_t>(v);
    if (std::isnan(v)) return v;
    if (mbits < 52) {
      uint64_t shift = static_cast<uint64_t>(52 - mbits);
      uint64_t last = (u >> shift) & 1u;
      uint64_t bias = ((uint64_t{1} << (shift - 1)) - 1) + last;
      u = (u + bias) & ~((uint64_t{1} << shift) - 1);
    }
    if (ebits < 11) {
      int64_t max_exp = (int64_t{1} << (ebits - 1)) - 1;
      int64_t min_exp = 1 - max_exp;
      int64_t e = static_cast<int64_t>((u >> 52) & 0x7ff) - 1023;
      uint64_t sign = u & 0x8000000000000000ull;
      if (e > max_exp) u = sign | 0x7ff0000000000000ull;
      else if (e < min_exp) u = sign;
    }
    return std::bit_cast<double>(u);
  }
}

// ---------------------------------------------------------------- conversion
template <class To, class From> inline To ConvertValue(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    if constexpr (kIsComplex<From>) return v.real() != 0 || v.imag() != 0;
    else if constexpr (kIsHalf<From>) return (v.bits & 0x7fff) != 0;  // bit test, no DAZ
    else return static_cast<Compute<From>>(v) != 0;
  } else if constexpr (kIsComplex<To>) {
    using P = typename To::value_type;
    if constexpr (kIsComplex<From>) return To(static_cast<P>(v.real()), static_cast<P>(v.imag()));
    else return To(static_cast<P>(static_cast<Compute<From>>(v)), P(0));
  } else if constexpr (kIsComplex<From>) {
    return ConvertValue<To>(v.real());
  } else if constexpr (kIsHalf<To>) {
    if constexpr (std::is_same_v<From, double>) return To(static_cast<float>(v));
    else return To(static_cast<float>(static_cast<Compute<From>>(v)));
  } else if constexpr (std::is_floating_point_v<To>) {
    return static_cast<To>(static_cast<Compute<From>>(v));
  } else if constexpr (kIsHalf<From> || std::is_floating_point_v<From>) {
    // Float to integer saturates; NaN becomes 0 (XLA's convention).
    double d = static_cast<double>(static_cast<Compute<From>>(v));
    if (std::isnan(d)) return To(0);
    constexpr double lo = static_cast<double>(std::numeric_limits<To>::min());
    // 2^bits (or 2^(bits-1)) is exact in double; anything at or above it saturates.
    constexpr double hi_excl = std::is_signed_v<To> ? -lo : 2.0 * (static_cast<double>(std::numeric_limits<To>::max() / 2) + 1);
    if (d <= lo) return std::numeric_limits<To>::min();
    if (d >= hi_excl) return std::numeric_limits<To>::max();
    return static_cast<To>(d);
  } else if constexpr (std::is_same_v<From, bool>) {
    return static_cast<To>(v ? 1 : 0);
  } else {
    // Integer to integer wraps (two's complement truncation or extension).
    return static_cast<To>(v);
  }
}

}  // namespace jaxlib::cpu
