// Sizes and spellings of ElementType: the single dtype table of the C++ side.
#include "runtime/support/element_type.h"

#include <array>

namespace jaxlib {
namespace {

struct Row {
  ElementType type;
  size_t bytes;
  std::string_view mlir;
  std::string_view short_name;
};

constexpr std::array<Row, 15> kRows = {{
    {ElementType::kPred, 1, "i1", "pred"},
    {ElementType::kS8, 1, "i8", "s8"},
    {ElementType::kS16, 2, "i16", "s16"},
    {ElementType::kS32, 4, "i32", "s32"},
    {ElementType::kS64, 8, "i64", "s64"},
    {ElementType::kU8, 1, "ui8", "u8"},
    {ElementType::kU16, 2, "ui16", "u16"},
    {ElementType::kU32, 4, "ui32", "u32"},
    {ElementType::kU64, 8, "ui64", "u64"},
    {ElementType::kF16, 2, "f16", "f16"},
    {ElementType::kF32, 4, "f32", "f32"},
    {ElementType::kF64, 8, "f64", "f64"},
    {ElementType::kBF16, 2, "bf16", "bf16"},
    {ElementType::kC64, 8, "complex<f32>", "c64"},
    {ElementType::kC128, 16, "complex<f64>", "c128"},
}};

const Row* Find(ElementType t) {
  for (const Row& r : kRows)
    if (r.type == t) return &r;
  return nullptr;
}

}  // namespace

size_t ElementTypeByteSize(ElementType t) {
  const Row* r = Find(t);
  return r ? r->bytes : 0;
}

std::string_view ElementTypeMlirName(ElementType t) {
  const Row* r = Find(t);
  return r ? r->mlir : std::string_view("invalid");
}

std::string_view ElementTypeShortName(ElementType t) {
  const Row* r = Find(t);
  return r ? r->short_name : std::string_view("invalid");
}

std::optional<ElementType> ElementTypeFromMlirName(std::string_view name) {
  for (const Row& r : kRows)
    if (r.mlir == name) return r.type;
  // MLIR spells signless and signed integers alike for our purposes.
  if (name == "si8") return ElementType::kS8;
  if (name == "si16") return ElementType::kS16;
  if (name == "si32") return ElementType::kS32;
  if (name == "si64") return ElementType::kS64;
  return std::nullopt;
}

}  // namespace jaxlib
