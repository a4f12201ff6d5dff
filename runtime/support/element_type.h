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
};

// Bytes per element on host and device (pred is one byte). 0 for kInvalid/unknown.
size_t ElementTypeByteSize(ElementType t);
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

}  // namespace jaxlib
