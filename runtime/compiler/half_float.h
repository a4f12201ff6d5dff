// bfloat16 and IEEE half storage types with round-to-nearest-even conversion from float.
// Header-only so the parser (constants) and every executor share one definition of rounding.
#pragma once

#include <cstdint>
#include <cstring>

namespace jaxlib {

inline uint32_t FloatBits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline float BitsToFloat(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

struct bf16 {
  uint16_t bits = 0;
  bf16() = default;
  explicit bf16(float f) : bits(FromFloat(f)) {}
  operator float() const { return BitsToFloat(static_cast<uint32_t>(bits) << 16); }  // NOLINT
  static uint16_t FromFloat(float f) {
    uint32_t u = FloatBits(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((u >> 16) | 0x40);  // quiet NaN
    uint32_t lsb = (u >> 16) & 1u;
    u += 0x7fffu + lsb;
    return static_cast<uint16_t>(u >> 16);
  }
  static bf16 FromBits(uint16_t b) {
    bf16 h;
    h.bits = b;
    return h;
  }
};

struct f16 {
  uint16_t bits = 0;
  f16() = default;
  explicit f16(float f) : bits(FromFloat(f)) {}
  operator float() const { return ToFloat(bits); }  // NOLINT
  static f16 FromBits(uint16_t b) {
    f16 h;
    h.bits = b;
    return h;
  }
  static float ToFloat(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    uint32_t out;
    if (exp == 0x1f) {
      out = sign | 0x7f800000u | (man << 13);
    } else if (exp != 0) {
      out = sign | ((exp + 112) << 23) | (man << 13);
    } else if (man == 0) {
      out = sign;
    } else {
      // Subnormal half: normalise into a float.
      int e = -1;
      do {
        ++e;
        man <<= 1;
      } while ((man & 0x400u) == 0);
      out = sign | (static_cast<uint32_t>(112 - e) << 23) | ((man & 0x3ffu) << 13);
    }
    return BitsToFloat(out);
  }
  static uint16_t FromFloat(float f) {
    uint32_t u = FloatBits(f);
    uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
    uint32_t a = u & 0x7fffffffu;
    if (a > 0x7f800000u) return static_cast<uint16_t>(sign | 0x7e00u | ((a >> 13) & 0x3ffu));
    if (a >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // rounds to inf
    if (a < 0x38800000u) {
      // Result is subnormal or zero: shift mantissa (with implicit bit) and round to even.
      if (a < 0x33000000u) return sign;  // below half the smallest subnormal
      uint32_t e = a >> 23;
      uint32_t m = (a & 0x7fffffu) | 0x800000u;
      uint32_t shift = 126 - e;  // 14 + (113 - e) - 1
      uint32_t rounded = m >> shift;
      uint32_t rem = m & ((1u << shift) - 1);
      uint32_t half = 1u << (shift - 1);
      if (rem > half || (rem == half && (rounded & 1u))) ++rounded;
      return static_cast<uint16_t>(sign | rounded);
    }
    uint32_t lsb = (a >> 13) & 1u;
    a += 0xfffu + lsb;
    a -= 112u << 23;
    return static_cast<uint16_t>(sign | (a >> 13));
  }
};

}  // namespace jaxlib
