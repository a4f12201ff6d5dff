// Error objects and type names for the ABI boundary. Allocation failure while reporting an
// error falls back to one static error instead of throwing out of a C function.
#include "runtime/plugin_adapter/abi_boundary.h"

#include <array>

namespace jaxlib::plugin {

PJRT_Error* OutOfMemoryError() noexcept {
  // Built once; its message was allocated while memory was still available.
  static PJRT_Error* const error = [] {
    try {
      return new PJRT_Error{ResourceExhausted("out of host memory in the PJRT plugin"), true};
    } catch (...) {
      static PJRT_Error fallback{Status(StatusCode::kResourceExhausted, std::string()), true};
      return &fallback;
    }
  }();
  return error;
}

PJRT_Error* ToPjrtError(Status status) noexcept {
  if (status.ok()) return nullptr;
  try {
    return new PJRT_Error{std::move(status), false};
  } catch (...) {
    return OutOfMemoryError();
  }
}

Status StructSizeError(std::string_view struct_name, size_t expected, size_t actual) {
  return InvalidArgument("Unexpected " + std::string(struct_name) + " size: expected " +
                         std::to_string(expected) + ", got " + std::to_string(actual) +
                         ". The plugin is likely built with a later version than the framework. "
                         "This plugin is built with PJRT API version " +
                         std::to_string(PJRT_API_MAJOR) + "." + std::to_string(PJRT_API_MINOR) +
                         ".");
}

std::optional<ElementType> ElementTypeFromPjrt(int value) {
  if (value <= 0 || value > static_cast<int>(ElementType::kF4E2M1FN)) return std::nullopt;
  ElementType element = static_cast<ElementType>(value);
  if (ElementTypeByteSize(element) == 0) return std::nullopt;
  return element;
}

std::string PjrtBufferTypeName(int type) {
  // Positional names of PJRT_Buffer_Type, for messages about types we do not support.
  static constexpr std::array<const char*, 34> kNames = {
      "INVALID", "PRED",        "S8",         "S16",      "S32",          "S64",
      "U8",      "U16",         "U32",        "U64",      "F16",          "F32",
      "F64",     "BF16",        "C64",        "C128",     "F8E5M2",       "F8E4M3FN",
      "F8E4M3B11FNUZ", "F8E5M2FNUZ", "F8E4M3FNUZ", "S4", "U4",          "TOKEN",
      "S2",      "U2",          "F8E4M3",     "F8E3M4",   "F8E8M0FNU",    "F4E2M1FN",
      "S1",      "U1",          "F6E2M3FN",   "F6E3M2FN"};
  if (type >= 0 && static_cast<size_t>(type) < kNames.size()) {
    return std::string(kNames[type]) + " (" + std::to_string(type) + ")";
  }
  return "unknown type " + std::to_string(type);
}

std::string ShapeToString(const ArrayShape& shape) {
  std::string out(ElementTypeShortName(shape.type));
  out += '[';
  for (size_t i = 0; i < shape.dims.size(); ++i) {
    if (i > 0) out += ',';
    out += std::to_string(shape.dims[i]);
  }
  out += ']';
  return out;
}

}  // namespace jaxlib::plugin
