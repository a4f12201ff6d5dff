// The element types our compiler, executors and plugins understand: one table, numbered
// exactly like PJRT_Buffer_Type so values cross the C ABI with a cast. No PJRT header here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace jaxlib {

enum class ElementType : int32_t {
  kInvalid = 0,
  kPred = 1,
  kS8 = 2,
  kS16 = 3,
  kS32 = 4,
  kS64 = 5,
  kU8 = 6,
  kU16 = 7,
  kU32 = 8,
  kU64 = 9,
  kF16 = 10,
  kF32 = 11,
  kF64 = 12,
  kBF16 = 13,
  kC64 = 14,
  kC128 = 15,
  // Narrow types: held one element per byte (the low bits, the rest zero), as ml_dtypes and
  // XLA's CPU client hold them on the host. The compiler lowers every op on them to ops on
  // wider types (LowerNarrowTypes), so executors only ever move their bytes.
  kF8E5M2 = 16,
  kF8E4M3FN = 17,
  kF8E4M3B11FNUZ = 18,
  kF8E5M2FNUZ = 19,
  kF8E4M3FNUZ = 20,
  kS4 = 21,
  kU4 = 22,
  // 23 is PJRT's token type, which is not an element type.
  kS2 = 24,
  kU2 = 25,
  kF8E4M3 = 26,
  kF8E3M4 = 27,
  kF8E8M0FNU = 28,
  kF4E2M1FN = 29,
};

// Bytes per element on host and device (pred and the narrow types are one byte). 0 for
// kInvalid/unknown. Inline: executors ask per tile and per kernel call (element_type.cc checks
// the table against the dtype table).
inline constexpr uint8_t kElementTypeBytes[30] = {0, 1, 1, 2, 4, 8, 1, 2, 4, 8, 2, 4, 8, 2, 8,
                                                  16, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1};
inline size_t ElementTypeByteSize(ElementType t) {
  const auto v = static_cast<uint32_t>(t);
  return v < sizeof(kElementTypeBytes) ? kElementTypeBytes[v] : 0;
}
// Bits of a value: 1 for pred, 4 for s4, 8 for f8E4M3FN, 32 for f32, 64 for c64, ...
int ElementTypeBitWidth(ElementType t);
// MLIR spelling: "i1", "i8", "ui32", "f32", "bf16", "complex<f32>", ...
std::string_view ElementTypeMlirName(ElementType t);
// Lower-case short name used in messages and Python ("pred", "s32", "f32", "c64", ...).
std::string_view ElementTypeShortName(ElementType t);
// Parses an MLIR element type spelling; nullopt for anything we do not support.
std::optional<ElementType> ElementTypeFromMlirName(std::string_view name);

inline bool IsFloat(ElementType t) {
  return t == ElementType::kF16 || t == ElementType::kF32 || t == ElementType::kF64 ||
         t == ElementType::kBF16;
}
inline bool IsComplex(ElementType t) { return t == ElementType::kC64 || t == ElementType::kC128; }
inline bool IsSignedInt(ElementType t) {
  return t == ElementType::kS8 || t == ElementType::kS16 || t == ElementType::kS32 ||
         t == ElementType::kS64;
}
inline bool IsUnsignedInt(ElementType t) {
  return t == ElementType::kU8 || t == ElementType::kU16 || t == ElementType::kU32 ||
         t == ElementType::kU64;
}
inline bool IsInteger(ElementType t) { return IsSignedInt(t) || IsUnsignedInt(t); }

// Narrow types (see above). IsFloat/IsInteger above do not include them: kernels never see them.
inline bool IsNarrowInt(ElementType t) {
  return t == ElementType::kS4 || t == ElementType::kU4 || t == ElementType::kS2 || t == ElementType::kU2;
}
inline bool IsNarrowFloat(ElementType t) {
  switch (t) {
    case ElementType::kF8E5M2:
    case ElementType::kF8E4M3FN:
    case ElementType::kF8E4M3B11FNUZ:
    case ElementType::kF8E5M2FNUZ:
    case ElementType::kF8E4M3FNUZ:
    case ElementType::kF8E4M3:
    case ElementType::kF8E3M4:
    case ElementType::kF8E8M0FNU:
    case ElementType::kF4E2M1FN:
      return true;
    default:
      return false;
  }
}
inline bool IsNarrow(ElementType t) { return IsNarrowInt(t) || IsNarrowFloat(t); }
// Type classes as the IR sees them (narrow types included), for verification.
inline bool IsAnyFloat(ElementType t) { return IsFloat(t) || IsNarrowFloat(t); }
inline bool IsAnySignedInt(ElementType t) {
  return IsSignedInt(t) || t == ElementType::kS4 || t == ElementType::kS2;
}
inline bool IsAnyUnsignedInt(ElementType t) {
  return IsUnsignedInt(t) || t == ElementType::kU4 || t == ElementType::kU2;
}
inline bool IsAnyInteger(ElementType t) { return IsAnySignedInt(t) || IsAnyUnsignedInt(t); }

}  // namespace jaxlib
