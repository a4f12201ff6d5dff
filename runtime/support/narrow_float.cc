// Narrow float formats and their scalar codec (see narrow_float.h).
#include "runtime/support/narrow_float.h"

#include <cmath>

namespace jaxlib {
namespace {

using S = NarrowFloatFormat::Specials;

constexpr NarrowFloatFormat kE5M2{8, 5, 2, 15, S::kIeee};
constexpr NarrowFloatFormat kE4M3FN{8, 4, 3, 7, S::kFiniteNan};
constexpr NarrowFloatFormat kE4M3B11FNUZ{8, 4, 3, 11, S::kFnuz};
constexpr NarrowFloatFormat kE5M2FNUZ{8, 5, 2, 16, S::kFnuz};
constexpr NarrowFloatFormat kE4M3FNUZ{8, 4, 3, 8, S::kFnuz};
constexpr NarrowFloatFormat kE4M3{8, 4, 3, 7, S::kIeee};
constexpr NarrowFloatFormat kE3M4{8, 3, 4, 3, S::kIeee};
constexpr NarrowFloatFormat kE8M0FNU{8, 8, 0, 127, S::kE8M0};
constexpr NarrowFloatFormat kE2M1FN{4, 2, 1, 1, S::kNone};

// Exponent field all ones, mantissa zero: where IEEE-style formats keep infinity.
uint32_t InfinityField(const NarrowFloatFormat& f) {
  return ((1u << f.exponent_bits) - 1) << f.mantissa_bits;
}

}  // namespace

uint32_t NarrowFloatFormat::max_finite_code() const {
  switch (specials) {
    case S::kIeee: return InfinityField(*this) - 1;
    case S::kFiniteNan: return abs_mask() - 1;
    case S::kFnuz:
    case S::kNone: return abs_mask();
    case S::kE8M0: return abs_mask() - 1;
  }
  return 0;
}

uint32_t NarrowFloatFormat::OverflowCode(uint32_t sign) const {
  const uint32_t s = sign ? sign_bit() : 0;
  switch (specials) {
    case S::kIeee: return InfinityField(*this) | s;
    case S::kFiniteNan: return abs_mask() | s;
    case S::kFnuz: return sign_bit();
    case S::kE8M0: return abs_mask();
    case S::kNone: return abs_mask() | s;  // saturates
  }
  return 0;
}

uint32_t NarrowFloatFormat::NanCode(uint32_t sign) const {
  const uint32_t s = sign ? sign_bit() : 0;
  switch (specials) {
    case S::kIeee: return InfinityField(*this) | (1u << (mantissa_bits - 1)) | s;  // quiet NaN
    case S::kFiniteNan: return abs_mask() | s;
    case S::kFnuz: return sign_bit();
    case S::kE8M0: return abs_mask();
    // No NaN to give: ml_dtypes yields a zero whose sign is the opposite of the NaN's.
    case S::kNone: return sign ? 0 : sign_bit();
  }
  return 0;
}

const NarrowFloatFormat* NarrowFloatFormatOf(ElementType t) {
  switch (t) {
    case ElementType::kF8E5M2: return &kE5M2;
    case ElementType::kF8E4M3FN: return &kE4M3FN;
    case ElementType::kF8E4M3B11FNUZ: return &kE4M3B11FNUZ;
    case ElementType::kF8E5M2FNUZ: return &kE5M2FNUZ;
    case ElementType::kF8E4M3FNUZ: return &kE4M3FNUZ;
    case ElementType::kF8E4M3: return &kE4M3;
    case ElementType::kF8E3M4: return &kE3M4;
    case ElementType::kF8E8M0FNU: return &kE8M0FNU;
    case ElementType::kF4E2M1FN: return &kE2M1FN;
    default: return nullptr;
  }
}

uint32_t EncodeNarrowFloat(double x, const NarrowFloatFormat& f) {
  const uint32_t sign = std::signbit(x) ? 1 : 0;
  if (std::isnan(x)) return f.NanCode(sign);
  if (f.specials == S::kE8M0 && (sign || x == 0)) return f.NanCode(0);
  const double a = std::fabs(x);
  if (std::isinf(a)) return f.OverflowCode(sign);
  uint32_t code = 0;
  if (a != 0) {
    // Scale |x| so the format's mantissa (with its implicit bit) is the integer part, at the
    // exponent x has or the smallest normal one, and round that integer to even. A round-up to
    // 2^(M+1) carries into the exponent field, which is the next binade's code.
    const int e = std::ilogb(a);
    const int ec = e > f.min_exponent() ? e : f.min_exponent();
    const double q = std::nearbyint(std::ldexp(a, f.mantissa_bits - ec));
    const double full = std::ldexp(static_cast<double>(ec - f.min_exponent()), f.mantissa_bits) + q;
    if (full > static_cast<double>(f.max_finite_code())) return f.OverflowCode(sign);
    code = static_cast<uint32_t>(full);
  }
  if (code == 0 && f.specials == S::kFnuz) return 0;  // no negative zero
  return code | (sign ? f.sign_bit() : 0);
}

double DecodeNarrowFloat(uint32_t code, const NarrowFloatFormat& f) {
  code &= (1u << f.bits) - 1;
  const bool negative = (code & f.sign_bit()) != 0;
  const uint32_t a = code & f.abs_mask();
  const int exponent_field = static_cast<int>(a >> f.mantissa_bits);
  const uint32_t mantissa = a & ((1u << f.mantissa_bits) - 1);
  switch (f.specials) {
    case S::kIeee:
      if (exponent_field == (1 << f.exponent_bits) - 1)
        return mantissa == 0 ? (negative ? -INFINITY : INFINITY) : std::nan("");
      break;
    case S::kFiniteNan:
      if (a == f.abs_mask()) return std::nan("");
      break;
    case S::kFnuz:
      if (code == f.sign_bit()) return std::nan("");
      break;
    case S::kE8M0:
      if (code == f.abs_mask()) return std::nan("");
      return std::ldexp(1.0, exponent_field - f.bias);
    case S::kNone:
      break;
  }
  const double v = exponent_field == 0
                       ? std::ldexp(static_cast<double>(mantissa), f.min_exponent() - f.mantissa_bits)
                       : std::ldexp(static_cast<double>(mantissa + (1u << f.mantissa_bits)),
                                    exponent_field - f.bias - f.mantissa_bits);
  return negative ? -v : v;
}

}  // namespace jaxlib
