// Sizes and spellings of ElementType: the single dtype table of the C++ side.
#include "runtime/support/element_type.h"

#include <array>
#include <cstdint>

namespace jaxlib {
namespace {

struct Row {
  ElementType type;
  size_t bytes;
  int bits;
  std::string_view mlir;
  std::string_view short_name;
};

constexpr std::array<Row, 28> kRows = {{
    {ElementType::kPred, 1, 1, "i1", "pred"},
    {ElementType::kS8, 1, 8, "i8", "s8"},
    {ElementType::kS16, 2, 16, "i16", "s16"},
    {ElementType::kS32, 4, 32, "i32", "s32"},
    {ElementType::kS64, 8, 64, "i64", "s64"},
    {ElementType::kU8, 1, 8, "ui8", "u8"},
    {ElementType::kU16, 2, 16, "ui16", "u16"},
    {ElementType::kU32, 4, 32, "ui32", "u32"},
    {ElementType::kU64, 8, 64, "ui64", "u64"},
    {ElementType::kF16, 2, 16, "f16", "f16"},
    {ElementType::kF32, 4, 32, "f32", "f32"},
    {ElementType::kF64, 8, 64, "f64", "f64"},
    {ElementType::kBF16, 2, 16, "bf16", "bf16"},
    {ElementType::kC64, 8, 64, "complex<f32>", "c64"},
    {ElementType::kC128, 16, 128, "complex<f64>", "c128"},
    {ElementType::kF8E5M2, 1, 8, "f8E5M2", "f8e5m2"},
    {ElementType::kF8E4M3FN, 1, 8, "f8E4M3FN", "f8e4m3fn"},
    {ElementType::kF8E4M3B11FNUZ, 1, 8, "f8E4M3B11FNUZ", "f8e4m3b11fnuz"},
    {ElementType::kF8E5M2FNUZ, 1, 8, "f8E5M2FNUZ", "f8e5m2fnuz"},
    {ElementType::kF8E4M3FNUZ, 1, 8, "f8E4M3FNUZ", "f8e4m3fnuz"},
    {ElementType::kS4, 1, 4, "i4", "s4"},
    {ElementType::kU4, 1, 4, "ui4", "u4"},
    {ElementType::kS2, 1, 2, "i2", "s2"},
    {ElementType::kU2, 1, 2, "ui2", "u2"},
    {ElementType::kF8E4M3, 1, 8, "f8E4M3", "f8e4m3"},
    {ElementType::kF8E3M4, 1, 8, "f8E3M4", "f8e3m4"},
    {ElementType::kF8E8M0FNU, 1, 8, "f8E8M0FNU", "f8e8m0fnu"},
    {ElementType::kF4E2M1FN, 1, 4, "f4E2M1FN", "f4e2m1fn"},
}};

// Row of each enum value (-1: none), so a lookup is one load: sizes are asked for per tile
// and per kernel call on the executors' hot paths.
constexpr int kMaxType = static_cast<int>(ElementType::kF4E2M1FN);
constexpr std::array<int8_t, kMaxType + 1> kRowOf = [] {
  std::array<int8_t, kMaxType + 1> a{};
  for (int8_t& x : a) x = -1;
  for (size_t i = 0; i < kRows.size(); ++i) a[static_cast<size_t>(kRows[i].type)] = static_cast<int8_t>(i);
  return a;
}();

const Row* Find(ElementType t) {
  const int v = static_cast<int>(t);
  if (v < 0 || v > kMaxType || kRowOf[static_cast<size_t>(v)] < 0) return nullptr;
  return &kRows[static_cast<size_t>(kRowOf[static_cast<size_t>(v)])];
}

}  // namespace

static_assert([] {
  for (const Row& r : kRows)
    if (kElementTypeBytes[static_cast<size_t>(r.type)] != r.bytes) return false;
  return kElementTypeBytes[23] == 0 && sizeof(kElementTypeBytes) == kMaxType + 1;
}(), "kElementTypeBytes must agree with the dtype table");

int ElementTypeBitWidth(ElementType t) {
  const Row* r = Find(t);
  return r ? r->bits : 0;
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
  if (name == "si4") return ElementType::kS4;
  if (name == "si2") return ElementType::kS2;
  return std::nullopt;
}

}  // namespace jaxlib
