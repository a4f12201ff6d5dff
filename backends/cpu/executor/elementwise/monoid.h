// Single-op binary bodies (add, mul, max, min, and, or, xor) recognised in reduce, scan and
// scatter regions, and their scalar combine with XLA's numerics. Matching only: no loops here.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "runtime/compiler/ir.h"

namespace jaxlib::cpu {

enum class Monoid { kNone, kAdd, kMul, kMax, kMin, kAnd, kOr, kXor };

// Recognises a body that applies one commutative binary op to its two arguments, in either
// order (the ops are commutative bit for bit, NaN payloads aside).
inline Monoid MatchMonoid(const compiler::Region& r) {
  using compiler::OpKind;
  if (r.args.size() != 2 || r.ops.size() != 1 || r.results.size() != 1) return Monoid::kNone;
  const compiler::Op& op = *r.ops[0];
  if (op.results[0] != r.results[0] || op.operands.size() != 2) return Monoid::kNone;
  bool args = (op.operands[0] == r.args[0] && op.operands[1] == r.args[1]) ||
              (op.operands[0] == r.args[1] && op.operands[1] == r.args[0]);
  if (!args) return Monoid::kNone;
  switch (op.kind) {
    case OpKind::kAdd: return Monoid::kAdd;
    case OpKind::kMultiply: return Monoid::kMul;
    case OpKind::kMaximum: return Monoid::kMax;
    case OpKind::kMinimum: return Monoid::kMin;
    case OpKind::kAnd: return Monoid::kAnd;
    case OpKind::kOr: return Monoid::kOr;
    case OpKind::kXor: return Monoid::kXor;
    default: return Monoid::kNone;
  }
}

// The body's op on compute-type values (half types round after each step at the caller).
template <Monoid M, class C> inline C Combine(C a, C b) {
  if constexpr (M == Monoid::kAdd) {
    if constexpr (std::is_same_v<C, bool>) return a || b;
    else if constexpr (std::is_integral_v<C>) return WrapAdd(a, b);
    else return a + b;
  } else if constexpr (M == Monoid::kMul) {
    if constexpr (std::is_same_v<C, bool>) return a && b;
    else if constexpr (std::is_integral_v<C>) return WrapMul(a, b);
    else return a * b;
  } else if constexpr (M == Monoid::kMax) {
    if constexpr (std::is_floating_point_v<C>) return NanPropMax(a, b);
    else return a > b ? a : b;
  } else if constexpr (M == Monoid::kMin) {
    if constexpr (std::is_floating_point_v<C>) return NanPropMin(a, b);
    else return a < b ? a : b;
  } else if constexpr (M == Monoid::kAnd) {
    if constexpr (std::is_same_v<C, bool>) return a && b;
    else return static_cast<C>(a & b);
  } else if constexpr (M == Monoid::kOr) {
    if constexpr (std::is_same_v<C, bool>) return a || b;
    else return static_cast<C>(a | b);
  } else {
    if constexpr (std::is_same_v<C, bool>) return a != b;
    else return static_cast<C>(a ^ b);
  }
}

// acc[i] = op(acc[i], x[i]) (op(x[i], acc[i]) when kSwapped) over a row, for storage type T:
// f32 max/min through the elementwise maximum/minimum vector kernels (XLA's NaN, signed zero
// and denormal rules, NanPropMax/NanPropMin), everything else through Combine.
template <Monoid M, class T, bool kSwapped> inline void CombineRow(T* acc, const T* x, int64_t n) {
  if constexpr (std::is_same_v<T, float> && (M == Monoid::kMax || M == Monoid::kMin)) {
    F32MaxMinRow(acc, x, n, M == Monoid::kMax, kSwapped);
  } else {
    using C = Compute<T>;
    for (int64_t i = 0; i < n; ++i)
      acc[i] = Down<T>(kSwapped ? Combine<M, C>(Up(x[i]), Up(acc[i])) : Combine<M, C>(Up(acc[i]), Up(x[i])));
  }
}

// f32 max/min of a and b on their bits with integer selects only (no float compares, which
// compilers turn into branches that mispredict on random updates: scatter max, segment_max).
// XLA's rules as NanPropMax/NanPropMin: denormals flushed to signed zero, a NaN operand wins (a
// first), -0 < +0. Non-NaN values compare by their total-order keys, which order -0 below +0 as
// the rules do.
template <Monoid M> inline uint32_t MaxMinBits(uint32_t ua, uint32_t ub) {
  ua = (ua & 0x7f800000u) == 0 ? (ua & 0x80000000u) : ua;
  ub = (ub & 0x7f800000u) == 0 ? (ub & 0x80000000u) : ub;
  const int32_t ka = static_cast<int32_t>(ua ^ (static_cast<uint32_t>(static_cast<int32_t>(ua) >> 31) >> 1));
  const int32_t kb = static_cast<int32_t>(ub ^ (static_cast<uint32_t>(static_cast<int32_t>(ub) >> 31) >> 1));
  uint32_t r = (M == Monoid::kMax ? ka >= kb : ka <= kb) ? ua : ub;
  r = (ub & 0x7fffffffu) > 0x7f800000u ? ub : r;
  return (ua & 0x7fffffffu) > 0x7f800000u ? ua : r;
}

// f32 bits as a signed integer in the values' total order (negative values' magnitude bits
// flipped), and back (the map is its own inverse). On bits with denormals flushed to signed zero
// and no NaN, integer max/min of keys is MaxMinBits: the scatter folds of segment_max run on keys.
inline int32_t OrderKeyBits(uint32_t v) {
  return static_cast<int32_t>(v ^ (static_cast<uint32_t>(static_cast<int32_t>(v) >> 31) >> 1));
}
inline uint32_t FlushDenormalBits(uint32_t v) { return (v & 0x7f800000u) == 0 ? (v & 0x80000000u) : v; }

// Whether monoid M is defined on storage type T (bitwise ops on integers and pred only;
// complex only for add and mul).
template <Monoid M, class T> inline constexpr bool kMonoidSupports =
    std::is_integral_v<T> || std::is_same_v<T, bool> ||
    ((M == Monoid::kAdd || M == Monoid::kMul || M == Monoid::kMax || M == Monoid::kMin) &&
     (std::is_floating_point_v<T> || kIsHalf<T>)) ||
    ((M == Monoid::kAdd || M == Monoid::kMul) && kIsComplex<T>);

// Calls fn.template operator()<M, T>() for the runtime (monoid, element type) pair and returns
// its result, or `fallback` where the pair is not supported.
template <class R, class Fn> R VisitMonoid(Monoid m, ElementType t, R fallback, Fn&& fn) {
  auto by_type = [&]<Monoid M>() -> R {
    auto call = [&]<class T>() -> R {
      if constexpr (kMonoidSupports<M, T>) return fn.template operator()<M, T>();
      else return fallback;
    };
    switch (t) {
      case ElementType::kPred: return call.template operator()<bool>();
      case ElementType::kS8: return call.template operator()<int8_t>();
      case ElementType::kS16: return call.template operator()<int16_t>();
      case ElementType::kS32: return call.template operator()<int32_t>();
      case ElementType::kS64: return call.template operator()<int64_t>();
      case ElementType::kU8: return call.template operator()<uint8_t>();
      case ElementType::kU16: return call.template operator()<uint16_t>();
      case ElementType::kU32: return call.template operator()<uint32_t>();
      case ElementType::kU64: return call.template operator()<uint64_t>();
      case ElementType::kF16: return call.template operator()<f16>();
      case ElementType::kBF16: return call.template operator()<bf16>();
      case ElementType::kF32: return call.template operator()<float>();
      case ElementType::kF64: return call.template operator()<double>();
      case ElementType::kC64: return call.template operator()<c64>();
      case ElementType::kC128: return call.template operator()<c128>();
      default: return fallback;
    }
  };
  switch (m) {
    case Monoid::kAdd: return by_type.template operator()<Monoid::kAdd>();
    case Monoid::kMul: return by_type.template operator()<Monoid::kMul>();
    case Monoid::kMax: return by_type.template operator()<Monoid::kMax>();
    case Monoid::kMin: return by_type.template operator()<Monoid::kMin>();
    case Monoid::kAnd: return by_type.template operator()<Monoid::kAnd>();
    case Monoid::kOr: return by_type.template operator()<Monoid::kOr>();
    case Monoid::kXor: return by_type.template operator()<Monoid::kXor>();
    default: return fallback;
  }
}

}  // namespace jaxlib::cpu
