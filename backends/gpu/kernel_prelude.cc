// The device-side support code every generated module starts with: element types, the per-op
// scalar semantics (XLA's conventions, as backends/cpu/executor/elementwise/scalar_math.h has them) and the
// kernel parameter block. Plain CUDA C++ that NVRTC, hipRTC and g++ (through the host model of
// the built-ins the tests use) all compile; it may include no header.
#include "backends/gpu/kernel_emitter.h"

namespace jaxlib::gpu {

const char* KernelPrelude() {
  return R"JX(#ifndef JX_PRELUDE
#define JX_PRELUDE
#define JX_FN static __host__ __device__ inline
struct jx_params { unsigned long long p[64]; long long i[16]; };
struct jx_f16 { unsigned short bits; };
struct jx_bf16 { unsigned short bits; };
#ifndef JX_HOST_ENTRY
#define JX_HOST_ENTRY(name)
#endif

/* ---- bits */
JX_FN unsigned int jx_fbits(float f) { return __float_as_uint(f); }
JX_FN float jx_ffrom(unsigned int u) { return __uint_as_float(u); }
JX_FN unsigned long long jx_dbits(double d) { return (unsigned long long)__double_as_longlong(d); }
JX_FN double jx_dfrom(unsigned long long u) { return __longlong_as_double((long long)u); }

/* ---- half floats: stored as bits, computed in float, rounded after every op */
JX_FN float jx_up(jx_f16 h) {
  unsigned int sign = ((unsigned int)h.bits & 0x8000u) << 16;
  unsigned int e = ((unsigned int)h.bits >> 10) & 0x1fu;
  unsigned int m = (unsigned int)h.bits & 0x3ffu;
  unsigned int bits;
  if (e == 0x1fu) bits = sign | 0x7f800000u | (m << 13);
  else if (e != 0u) bits = sign | ((e + 112u) << 23) | (m << 13);
  else if (m == 0u) bits = sign;
  else {
    e = 113u;
    while ((m & 0x400u) == 0u) { m <<= 1; e -= 1u; }
    bits = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  return jx_ffrom(bits);
}
JX_FN float jx_up(jx_bf16 h) { return jx_ffrom((unsigned int)h.bits << 16); }
JX_FN float jx_up(float f) { return f; }
JX_FN double jx_up(double d) { return d; }
/* Round to nearest even; overflow to inf; NaN stays a quiet NaN. Denormal float inputs are
   converted exactly (no flush): XLA converts bits, not values. */
JX_FN jx_f16 jx_to_f16(float f) {
  unsigned int x = jx_fbits(f);
  unsigned int sign = (x >> 16) & 0x8000u;
  unsigned int ax = x & 0x7fffffffu;
  jx_f16 r;
  if (ax >= 0x7f800000u) { r.bits = (unsigned short)(sign | 0x7c00u | (ax > 0x7f800000u ? (0x200u | ((ax >> 13) & 0x3ffu)) : 0u)); return r; }
  if (ax >= 0x477ff000u) { r.bits = (unsigned short)(sign | 0x7c00u); return r; }
  if (ax >= 0x38800000u) { ax += 0xc8000fffu + ((ax >> 13) & 1u); r.bits = (unsigned short)(sign | (ax >> 13)); return r; }
  if (ax <= 0x33000000u) { r.bits = (unsigned short)sign; return r; }
  unsigned int e = ax >> 23;
  unsigned int m = (ax & 0x7fffffu) | 0x800000u;
  unsigned int shift = 126u - e;
  unsigned int q = m >> shift;
  unsigned int rem = m & ((1u << shift) - 1u);
  unsigned int half = 1u << (shift - 1u);
  if (rem > half || (rem == half && (q & 1u))) q += 1u;
  r.bits = (unsigned short)(sign | q);
  return r;
}
JX_FN jx_bf16 jx_to_bf16(float f) {
  unsigned int x = jx_fbits(f);
  jx_bf16 r;
  if ((x & 0x7fffffffu) > 0x7f800000u) { r.bits = (unsigned short)((x >> 16) | 0x40u); return r; }
  x += 0x7fffu + ((x >> 16) & 1u);
  r.bits = (unsigned short)(x >> 16);
  return r;
}
template <class T> struct jx_half_of { };
template <> struct jx_half_of<jx_f16> { JX_FN jx_f16 down(float f) { return jx_to_f16(f); } };
template <> struct jx_half_of<jx_bf16> { JX_FN jx_bf16 down(float f) { return jx_to_bf16(f); } };
#define JX_DOWN(T, f) jx_half_of<T>::down(f)

/* ---- flush-to-zero of denormal operands, as XLA's CPU and GPU code sees them */
JX_FN float jx_ftz(float x) { unsigned int u = jx_fbits(x); return (u & 0x7f800000u) == 0u ? jx_ffrom(u & 0x80000000u) : x; }
JX_FN double jx_ftz(double x) { unsigned long long u = jx_dbits(x); return (u & 0x7ff0000000000000ull) == 0ull ? jx_dfrom(u & 0x8000000000000000ull) : x; }
JX_FN bool jx_isnan(float x) { return (jx_fbits(x) & 0x7fffffffu) > 0x7f800000u; }
JX_FN bool jx_isnan(double x) { return (jx_dbits(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
JX_FN bool jx_isinf(float x) { return (jx_fbits(x) & 0x7fffffffu) == 0x7f800000u; }
JX_FN bool jx_isinf(double x) { return (jx_dbits(x) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull; }
JX_FN bool jx_signbit(float x) { return (jx_fbits(x) >> 31) != 0u; }
JX_FN bool jx_signbit(double x) { return (jx_dbits(x) >> 63) != 0ull; }

/* ---- integer traits */
template <class T> struct jx_int { };
#define JX_INT_TRAIT(T, U, S, BITS, SIGNED) \
  template <> struct jx_int<T> { typedef U u; typedef S s; static const int bits = BITS; static const bool is_signed = SIGNED; };
JX_INT_TRAIT(signed char, unsigned char, signed char, 8, true)
JX_INT_TRAIT(short, unsigned short, short, 16, true)
JX_INT_TRAIT(int, unsigned int, int, 32, true)
JX_INT_TRAIT(long long, unsigned long long, long long, 64, true)
JX_INT_TRAIT(unsigned char, unsigned char, signed char, 8, false)
JX_INT_TRAIT(unsigned short, unsigned short, short, 16, false)
JX_INT_TRAIT(unsigned int, unsigned int, int, 32, false)
JX_INT_TRAIT(unsigned long long, unsigned long long, long long, 64, false)

/* ---- arithmetic: integers wrap (two's complement), bools are logical */
template <class T> JX_FN T jx_add(T a, T b) { typedef typename jx_int<T>::u U; return (T)(U)((unsigned long long)(U)a + (unsigned long long)(U)b); }
template <class T> JX_FN T jx_sub(T a, T b) { typedef typename jx_int<T>::u U; return (T)(U)((unsigned long long)(U)a - (unsigned long long)(U)b); }
template <class T> JX_FN T jx_mul(T a, T b) { typedef typename jx_int<T>::u U; return (T)(U)((unsigned long long)(U)a * (unsigned long long)(U)b); }
template <class T> JX_FN T jx_neg(T a) { typedef typename jx_int<T>::u U; return (T)(U)(0ull - (unsigned long long)(U)a); }
template <class T> JX_FN T jx_min_value() { typedef typename jx_int<T>::u U; return jx_int<T>::is_signed ? (T)(U)((U)1 << (jx_int<T>::bits - 1)) : (T)0; }
template <class T> JX_FN T jx_div(T a, T b) {
  if (b == (T)0) return (T)-1;  /* all ones, signed or unsigned */
  if (jx_int<T>::is_signed && a == jx_min_value<T>() && b == (T)-1) return a;
  return (T)(a / b);
}
template <class T> JX_FN T jx_rem(T a, T b) {
  if (b == (T)0) return a;
  if (jx_int<T>::is_signed && a == jx_min_value<T>() && b == (T)-1) return (T)0;
  return (T)(a % b);
}
template <class T> JX_FN T jx_max(T a, T b) { return a > b ? a : b; }
template <class T> JX_FN T jx_min(T a, T b) { return a < b ? a : b; }
template <class T> JX_FN T jx_abs(T a) { return (jx_int<T>::is_signed && a < (T)0) ? jx_neg(a) : a; }
template <class T> JX_FN T jx_sign(T a) { return jx_int<T>::is_signed ? (T)((a > (T)0) - (a < (T)0)) : (T)(a > (T)0); }
template <class T> JX_FN T jx_square(T a) { return jx_mul(a, a); }
template <class T> JX_FN T jx_not(T a) { return (T)~a; }
template <class T> JX_FN T jx_and(T a, T b) { return (T)(a & b); }
template <class T> JX_FN T jx_or(T a, T b) { return (T)(a | b); }
template <class T> JX_FN T jx_xor(T a, T b) { return (T)(a ^ b); }
template <class T> JX_FN T jx_shl(T a, T b) {
  typedef typename jx_int<T>::u U; U s = (U)b;
  if ((unsigned long long)s >= (unsigned long long)jx_int<T>::bits) return (T)0;
  return (T)(U)((unsigned long long)(U)a << s);
}
template <class T> JX_FN T jx_shrl(T a, T b) {
  typedef typename jx_int<T>::u U; U s = (U)b;
  if ((unsigned long long)s >= (unsigned long long)jx_int<T>::bits) return (T)0;
  return (T)(U)((U)a >> s);
}
template <class T> JX_FN T jx_shra(T a, T b) {
  typedef typename jx_int<T>::u U; typedef typename jx_int<T>::s S; U s = (U)b; S sa = (S)a;
  if ((unsigned long long)s >= (unsigned long long)jx_int<T>::bits) return (T)(sa < (S)0 ? (S)-1 : (S)0);
  return (T)(S)(sa >> s);
}
template <class T> JX_FN T jx_popcnt(T a) {
  typedef typename jx_int<T>::u U; U u = (U)a; int n = 0;
  for (int k = 0; k < jx_int<T>::bits; ++k) n += (int)((u >> k) & (U)1);
  return (T)n;
}
template <class T> JX_FN T jx_clz(T a) {
  typedef typename jx_int<T>::u U; U u = (U)a; int n = 0;
  for (int k = jx_int<T>::bits - 1; k >= 0 && ((u >> k) & (U)1) == (U)0; --k) ++n;
  return (T)n;
}
template <class T> JX_FN T jx_pow(T a, T b) {
  typedef typename jx_int<T>::u U;
  if (jx_int<T>::is_signed && b < (T)0) return a == (T)1 ? (T)1 : a == (T)-1 ? (((U)b & (U)1) ? (T)-1 : (T)1) : (T)0;
  T r = (T)1, base = a; U e = (U)b;
  while (e) { if (e & (U)1) r = jx_mul(r, base); base = jx_mul(base, base); e = (U)(e >> 1); }
  return r;
}
JX_FN bool jx_add(bool a, bool b) { return a || b; }
JX_FN bool jx_sub(bool a, bool b) { return a != b; }
JX_FN bool jx_mul(bool a, bool b) { return a && b; }
JX_FN bool jx_and(bool a, bool b) { return a && b; }
JX_FN bool jx_or(bool a, bool b) { return a || b; }
JX_FN bool jx_xor(bool a, bool b) { return a != b; }
JX_FN bool jx_not(bool a) { return !a; }
JX_FN bool jx_max(bool a, bool b) { return a || b; }
JX_FN bool jx_min(bool a, bool b) { return a && b; }

/* ---- floating point (f32 / f64; half types go through float below) */
#define JX_FLOAT_OPS(F, SFX)                                                                         \
  JX_FN F jx_add(F a, F b) { return a + b; }                                                          \
  JX_FN F jx_sub(F a, F b) { return a - b; }                                                          \
  JX_FN F jx_mul(F a, F b) { return a * b; }                                                          \
  JX_FN F jx_div(F a, F b) { return a / b; }                                                          \
  JX_FN F jx_rem(F a, F b) { return fmod##SFX(a, b); }                                                \
  JX_FN F jx_neg(F a) { return -a; }                                                                  \
  JX_FN F jx_abs(F a) { return fabs##SFX(a); }                                                        \
  JX_FN F jx_square(F a) { return a * a; }                                                            \
  JX_FN F jx_max(F a, F b) {                                                                          \
    a = jx_ftz(a); b = jx_ftz(b);                                                                     \
    if (jx_isnan(a)) return a;                                                                        \
    if (jx_isnan(b)) return b;                                                                        \
    if (a == b) return jx_signbit(a) ? b : a;                                                         \
    return a > b ? a : b;                                                                             \
  }                                                                                                   \
  JX_FN F jx_min(F a, F b) {                                                                          \
    a = jx_ftz(a); b = jx_ftz(b);                                                                     \
    if (jx_isnan(a)) return a;                                                                        \
    if (jx_isnan(b)) return b;                                                                        \
    if (a == b) return jx_signbit(a) ? a : b;                                                         \
    return a < b ? a : b;                                                                             \
  }                                                                                                   \
  JX_FN F jx_sign(F x) { x = jx_ftz(x); if (jx_isnan(x) || x == (F)0) return x; return copysign##SFX((F)1, x); } \
  JX_FN F jx_exp(F x) { return exp##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_expm1(F x) { return expm1##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_log(F x) { return log##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_log1p(F x) { return log1p##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_tanh(F x) { return tanh##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_sqrt(F x) { return sqrt##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_rsqrt(F x) { return (F)1 / sqrt##SFX(jx_ftz(x)); }                                      \
  JX_FN F jx_cbrt(F x) { return cbrt##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_sin(F x) { return sin##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_cos(F x) { return cos##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_tan(F x) { return tan##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_acos(F x) { return acos##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_acosh(F x) { return acosh##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_asin(F x) { return asin##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_asinh(F x) { return asinh##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_atan(F x) { return atan##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_atanh(F x) { return atanh##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_cosh(F x) { return cosh##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_sinh(F x) { return sinh##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_erf(F x) { return erf##SFX(jx_ftz(x)); }                                                 \
  JX_FN F jx_erfc(F x) { return erfc##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_lgamma(F x) { return lgamma##SFX(jx_ftz(x)); }                                           \
  JX_FN F jx_floor(F x) { return floor##SFX(jx_ftz(x)); }                                             \
  JX_FN F jx_ceil(F x) { return ceil##SFX(jx_ftz(x)); }                                               \
  JX_FN F jx_round_afz(F x) { return round##SFX(jx_ftz(x)); }                                         \
  JX_FN F jx_round_even(F x) { return rint##SFX(jx_ftz(x)); }                                         \
  JX_FN F jx_logistic(F x) { x = jx_ftz(x); return (F)1 / ((F)1 + exp##SFX(-x)); }                   \
  JX_FN F jx_atan2(F a, F b) { return atan2##SFX(a, b); }                                             \
  JX_FN F jx_pow(F a, F b) { return pow##SFX(a, b); }                                                 \
  JX_FN bool jx_is_finite(F x) { return !jx_isnan(x) && !jx_isinf(x); }                               \
  JX_FN bool jx_is_inf(F x) { return jx_isinf(x); }                                                    \
  JX_FN bool jx_is_pos_inf(F x) { return jx_isinf(x) && x > (F)0; }                                   \
  JX_FN bool jx_is_neg_inf(F x) { return jx_isinf(x) && x < (F)0; }
JX_FLOAT_OPS(float, f)
JX_FLOAT_OPS(double, )

/* Half floats: every op on float values, rounded back to the half type once. */
#define JX_HALF_UN(name) \
  JX_FN jx_f16 name(jx_f16 a) { return jx_to_f16(name(jx_up(a))); } \
  JX_FN jx_bf16 name(jx_bf16 a) { return jx_to_bf16(name(jx_up(a))); }
#define JX_HALF_BIN(name) \
  JX_FN jx_f16 name(jx_f16 a, jx_f16 b) { return jx_to_f16(name(jx_up(a), jx_up(b))); } \
  JX_FN jx_bf16 name(jx_bf16 a, jx_bf16 b) { return jx_to_bf16(name(jx_up(a), jx_up(b))); }
#define JX_HALF_PRED(name) \
  JX_FN bool name(jx_f16 a) { return name(jx_up(a)); } \
  JX_FN bool name(jx_bf16 a) { return name(jx_up(a)); }
JX_HALF_BIN(jx_add) JX_HALF_BIN(jx_sub) JX_HALF_BIN(jx_mul) JX_HALF_BIN(jx_div) JX_HALF_BIN(jx_rem)
JX_HALF_BIN(jx_atan2) JX_HALF_BIN(jx_pow)
JX_HALF_UN(jx_neg) JX_HALF_UN(jx_abs) JX_HALF_UN(jx_square) JX_HALF_UN(jx_sign) JX_HALF_UN(jx_exp)
JX_HALF_UN(jx_expm1) JX_HALF_UN(jx_log) JX_HALF_UN(jx_log1p) JX_HALF_UN(jx_tanh) JX_HALF_UN(jx_sqrt)
JX_HALF_UN(jx_rsqrt) JX_HALF_UN(jx_cbrt) JX_HALF_UN(jx_sin) JX_HALF_UN(jx_cos) JX_HALF_UN(jx_tan)
JX_HALF_UN(jx_acos) JX_HALF_UN(jx_acosh) JX_HALF_UN(jx_asin) JX_HALF_UN(jx_asinh) JX_HALF_UN(jx_atan)
JX_HALF_UN(jx_atanh) JX_HALF_UN(jx_cosh) JX_HALF_UN(jx_sinh) JX_HALF_UN(jx_erf) JX_HALF_UN(jx_erfc)
JX_HALF_UN(jx_lgamma) JX_HALF_UN(jx_floor) JX_HALF_UN(jx_ceil) JX_HALF_UN(jx_round_afz)
JX_HALF_UN(jx_round_even) JX_HALF_UN(jx_logistic)
JX_HALF_PRED(jx_is_finite) JX_HALF_PRED(jx_is_inf) JX_HALF_PRED(jx_is_pos_inf) JX_HALF_PRED(jx_is_neg_inf)
/* max/min of half values go through float's NaN-propagating max/min, whose denormal flush then
   applies to bf16 denormals (normal floats for f16), as on XLA's CPU. */
JX_HALF_BIN(jx_max) JX_HALF_BIN(jx_min)

/* erf^-1 in single precision (Giles' approximation, the form XLA uses). */
JX_FN float jx_erf_inv(float x) {
  x = jx_ftz(x);
  if (fabsf(x) > 1.f) return jx_ffrom(0x7fc00000u);
  if (x == 1.f) return jx_ffrom(0x7f800000u);
  if (x == -1.f) return jx_ffrom(0xff800000u);
  float w = -logf((1.0f - x) * (1.0f + x));
  float p;
  if (w < 5.0f) {
    w = w - 2.5f;
    p = 2.81022636e-08f; p = 3.43273939e-07f + p * w; p = -3.5233877e-06f + p * w;
    p = -4.39150654e-06f + p * w; p = 0.00021858087f + p * w; p = -0.00125372503f + p * w;
    p = -0.00417768164f + p * w; p = 0.246640727f + p * w; p = 1.50140941f + p * w;
  } else {
    w = sqrtf(w) - 3.0f;
    p = -0.000200214257f; p = 0.000100950558f + p * w; p = 0.00134934322f + p * w;
    p = -0.00367342844f + p * w; p = 0.00573950773f + p * w; p = -0.0076224613f + p * w;
    p = 0.00943887047f + p * w; p = 1.00167406f + p * w; p = 2.83297682f + p * w;
  }
  return p * x;
}
JX_HALF_UN(jx_erf_inv)

/* reduce_precision: round the mantissa to m bits, clamp the exponent to e bits. */
JX_FN float jx_reduce_precision(float v, int ebits, int mbits) {
  if (jx_isnan(v)) return v;
  unsigned int u = jx_fbits(v);
  if (mbits < 23) {
    unsigned int shift = (unsigned int)(23 - mbits);
    unsigned int last = (u >> shift) & 1u;
    unsigned int bias = ((1u << (shift - 1u)) - 1u) + last;
    u = (u + bias) & ~((1u << shift) - 1u);
  }
  if (ebits < 8) {
    int max_exp = (1 << (ebits - 1)) - 1, min_exp = 1 - max_exp;
    int e = (int)((u >> 23) & 0xffu) - 127;
    unsigned int sign = u & 0x80000000u;
    if (e > max_exp) u = sign | 0x7f800000u; else if (e < min_exp) u = sign;
  }
  return jx_ffrom(u);
}
JX_FN double jx_reduce_precision(double v, int ebits, int mbits) {
  if (jx_isnan(v)) return v;
  unsigned long long u = jx_dbits(v);
  if (mbits < 52) {
    unsigned long long shift = (unsigned long long)(52 - mbits);
    unsigned long long last = (u >> shift) & 1ull;
    unsigned long long bias = ((1ull << (shift - 1ull)) - 1ull) + last;
    u = (u + bias) & ~((1ull << shift) - 1ull);
  }
  if (ebits < 11) {
    long long max_exp = (1ll << (ebits - 1)) - 1, min_exp = 1 - max_exp;
    long long e = (long long)((u >> 52) & 0x7ffull) - 1023;
    unsigned long long sign = u & 0x8000000000000000ull;
    if (e > max_exp) u = sign | 0x7ff0000000000000ull; else if (e < min_exp) u = sign;
  }
  return jx_dfrom(u);
}
JX_FN jx_f16 jx_reduce_precision(jx_f16 v, int e, int m) { return jx_to_f16(jx_reduce_precision(jx_up(v), e, m)); }
JX_FN jx_bf16 jx_reduce_precision(jx_bf16 v, int e, int m) { return jx_to_bf16(jx_reduce_precision(jx_up(v), e, m)); }

/* next_after on the encoding, as XLA lowers chlo.next_after. */
#define JX_NEXT_AFTER(T, B, SIGN, NAN_BITS, GETB, UPX)                                     \
  JX_FN T jx_next_after(T a, T b) {                                                       \
    B xb = GETB(a), yb = GETB(b); B r;                                                    \
    float xf = (float)UPX(a), yf = (float)UPX(b);                                         \
    if (xf != xf || yf != yf) r = NAN_BITS;                                               \
    else if (UPX(a) == UPX(b)) r = yb;                                                    \
    else {                                                                                \
      B xabs = xb & (B)~SIGN, yabs = yb & (B)~SIGN;                                       \
      if (xabs == (B)0) r = yabs == (B)0 ? yb : (B)((yb & SIGN) | (B)1);                 \
      else { bool smaller = xabs > yabs || (xb & SIGN) != (yb & SIGN);                    \
             r = (B)(smaller ? xb - (B)1 : xb + (B)1); }                                  \
    }                                                                                     \
    T out; jx_set_bits(&out, r); return out;                                              \
  }
JX_FN unsigned int jx_get_bits(float v) { return jx_fbits(v); }
JX_FN unsigned long long jx_get_bits(double v) { return jx_dbits(v); }
JX_FN unsigned short jx_get_bits(jx_f16 v) { return v.bits; }
JX_FN unsigned short jx_get_bits(jx_bf16 v) { return v.bits; }
JX_FN void jx_set_bits(float* v, unsigned int b) { *v = jx_ffrom(b); }
JX_FN void jx_set_bits(double* v, unsigned long long b) { *v = jx_dfrom(b); }
JX_FN void jx_set_bits(jx_f16* v, unsigned short b) { v->bits = b; }
JX_FN void jx_set_bits(jx_bf16* v, unsigned short b) { v->bits = b; }
JX_NEXT_AFTER(float, unsigned int, 0x80000000u, 0x7fc00000u, jx_get_bits, jx_up)
JX_NEXT_AFTER(double, unsigned long long, 0x8000000000000000ull, 0x7ff8000000000000ull, jx_get_bits, jx_up)
JX_NEXT_AFTER(jx_f16, unsigned short, (unsigned short)0x8000u, (unsigned short)0x7e00u, jx_get_bits, jx_up)
JX_NEXT_AFTER(jx_bf16, unsigned short, (unsigned short)0x8000u, (unsigned short)0x7fc0u, jx_get_bits, jx_up)

/* ---- complex numbers, with XLA's arithmetic (not C99 Annex G): naive product, Smith's quotient
   with explicit zero and infinity cases, overflow-safe magnitude */
struct jx_c64 { float re, im; };
struct jx_c128 { double re, im; };
#define JX_COMPLEX_OPS(C, P, SFX)                                                                   \
  JX_FN C jx_add(C a, C b) { return C{a.re + b.re, a.im + b.im}; }                                  \
  JX_FN C jx_sub(C a, C b) { return C{a.re - b.re, a.im - b.im}; }                                  \
  JX_FN C jx_mul(C x, C y) { return C{x.re * y.re - x.im * y.im, x.re * y.im + x.im * y.re}; }      \
  JX_FN C jx_neg(C a) { return C{-a.re, -a.im}; }                                                   \
  JX_FN C jx_conj(C a) { return C{a.re, -a.im}; }                                                   \
  JX_FN C jx_square(C a) { return jx_mul(a, a); }                                                   \
  JX_FN C jx_div(C x, C y) {                                                                        \
    P ar = x.re, ai = x.im, br = y.re, bi = y.im, cr, ci;                                           \
    if (fabs##SFX(br) < fabs##SFX(bi)) {                                                            \
      P ratio = br / bi, denom = bi + br * ratio;                                                   \
      cr = (ar * ratio + ai) / denom; ci = (ai * ratio - ar) / denom;                               \
    } else {                                                                                        \
      P ratio = bi / br, denom = br + bi * ratio;                                                   \
      cr = (ar + ai * ratio) / denom; ci = (ai - ar * ratio) / denom;                               \
    }                                                                                               \
    const P inf = (P)1 / (P)0;                                                                      \
    if (br == (P)0 && bi == (P)0 && (!jx_isnan(ar) || !jx_isnan(ai))) {                             \
      P s = copysign##SFX(inf, br); return C{s * ar, s * ai};                                       \
    }                                                                                               \
    if ((jx_isinf(ar) || jx_isinf(ai)) && !jx_isinf(br) && !jx_isnan(br) && !jx_isinf(bi) && !jx_isnan(bi)) { \
      P xr = copysign##SFX(jx_isinf(ar) ? (P)1 : (P)0, ar), xi = copysign##SFX(jx_isinf(ai) ? (P)1 : (P)0, ai); \
      return C{inf * (xr * br + xi * bi), inf * (xi * br - xr * bi)};                               \
    }                                                                                               \
    if ((jx_isinf(br) || jx_isinf(bi)) && !jx_isinf(ar) && !jx_isnan(ar) && !jx_isinf(ai) && !jx_isnan(ai)) { \
      P yr = copysign##SFX(jx_isinf(br) ? (P)1 : (P)0, br), yi = copysign##SFX(jx_isinf(bi) ? (P)1 : (P)0, bi); \
      return C{(P)0 * (ar * yr + ai * yi), (P)0 * (ai * yr - ar * yi)};                             \
    }                                                                                               \
    return C{cr, ci};                                                                               \
  }                                                                                                 \
  JX_FN P jx_cabs(C x) {                                                                            \
    P a = fabs##SFX(x.re), b = fabs##SFX(x.im);                                                     \
    P mx = jx_max(a, b), mn = jx_min(a, b);                                                         \
    if (mx == (P)0) return mx;                                                                      \
    if (mn == mx) return mx * sqrt##SFX((P)2);                                                      \
    P r = mn / mx;                                                                                  \
    return mx * sqrt##SFX((P)1 + r * r);                                                            \
  }
JX_COMPLEX_OPS(jx_c64, float, f)
JX_COMPLEX_OPS(jx_c128, double, )

/* ---- compare keys: TOTALORDER orders -NaN < -inf < ... < -0 < +0 < ... < +NaN */
JX_FN int jx_total_key(float v) { int i = (int)jx_fbits(v); return i < 0 ? (i ^ 0x7fffffff) : i; }
JX_FN long long jx_total_key(double v) { long long i = (long long)jx_dbits(v); return i < 0 ? (i ^ 0x7fffffffffffffffll) : i; }
JX_FN int jx_total_key(jx_f16 v) { short i = (short)v.bits; return i < 0 ? (int)(short)(i ^ 0x7fff) : (int)i; }
JX_FN int jx_total_key(jx_bf16 v) { short i = (short)v.bits; return i < 0 ? (int)(short)(i ^ 0x7fff) : (int)i; }

/* ---- conversions (stablehlo.convert) */
template <class To> JX_FN To jx_f2i(double d) {
  /* float -> integer saturates; NaN becomes 0 */
  typedef typename jx_int<To>::u U;
  if (d != d) return (To)0;
  double lo = jx_int<To>::is_signed ? -(double)((U)1 << (jx_int<To>::bits - 1)) : 0.0;
  double hi_excl = jx_int<To>::is_signed ? -lo : 2.0 * (double)((U)1 << (jx_int<To>::bits - 1));
  if (d <= lo) return jx_min_value<To>();
  if (d >= hi_excl) return (To)(U)~(U)(jx_int<To>::is_signed ? ((U)1 << (jx_int<To>::bits - 1)) : (U)0);
  return (To)d;
}

/* ---- loads of broadcast / iota inputs */
JX_FN long long jx_coord(long long i, long long inner, long long extent) { return (i / inner) % extent; }
#endif  /* JX_PRELUDE */
)JX";
}

}  // namespace jaxlib::gpu
