// The formats of the narrow floating-point types (f8E4M3FN, f8E5M2, ..., f4E2M1FN) and a
// scalar codec for them: one description per type that the compiler's lowering (which emits the
// same rules as ops) and the constant readers share. Conversions round to nearest even and
// treat out-of-range values, infinities and NaNs as ml_dtypes does, which is what JAX's
// reference results use.
#pragma once

#include <cstdint>

#include "runtime/support/element_type.h"

namespace jaxlib {

struct NarrowFloatFormat {
  // How a format spends its top codes.
  enum class Specials : uint8_t {
    kIeee,      // exponent all ones: infinity (mantissa 0) or NaN (f8E5M2, f8E4M3, f8E3M4)
    kFiniteNan, // no infinity; the all-ones code is NaN (f8E4M3FN)
    kFnuz,      // no infinity, no negative zero; the code of -0 is the one NaN (..FNUZ)
    kE8M0,      // unsigned powers of two, no zero; all ones is NaN (f8E8M0FNU)
    kNone,      // no infinity and no NaN: out-of-range values saturate (f4E2M1FN)
  };
  int bits;           // 8, or 4 for f4E2M1FN
  int exponent_bits;
  int mantissa_bits;
  int bias;
  Specials specials;

  bool has_sign() const { return specials != Specials::kE8M0; }
  // Codes without the sign bit.
  uint32_t abs_mask() const { return has_sign() ? (1u << (bits - 1)) - 1 : (1u << bits) - 1; }
  uint32_t sign_bit() const { return has_sign() ? 1u << (bits - 1) : 0; }
  // The largest finite magnitude's code.
  uint32_t max_finite_code() const;
  // The smallest normal exponent (unbiased); values below it are subnormal (except E8M0,
  // which has no subnormals and whose code 0 is 2^-127).
  int min_exponent() const { return 1 - bias; }
  // Codes for x out of range, +-infinity and NaN, given x's sign (0 or 1).
  uint32_t OverflowCode(uint32_t sign) const;
  uint32_t NanCode(uint32_t sign) const;
};

// The format of a narrow float type; nullptr for any other type.
const NarrowFloatFormat* NarrowFloatFormatOf(ElementType t);

// Rounds x to the nearest code of `f` (ties to even).
uint32_t EncodeNarrowFloat(double x, const NarrowFloatFormat& f);
// The value of a code (exact in a double).
double DecodeNarrowFloat(uint32_t code, const NarrowFloatFormat& f);

}  // namespace jaxlib
