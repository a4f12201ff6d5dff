// The rules every PJRT entry point of our plugins obeys at the C ABI boundary: args checked
// for NULL and for a big-enough struct_size, every C++ exception caught and turned into a
// PJRT_Error (bad_alloc -> RESOURCE_EXHAUSTED), a Status converted without ever throwing.
// Nothing in here may abort the process.
#pragma once

#include <cstddef>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/plugin_adapter/pjrt_handles.h"
#include "runtime/support/status.h"

namespace jaxlib::plugin {

// nullptr for OK. Never throws: if even the error cannot be allocated, returns a shared
// static RESOURCE_EXHAUSTED error.
PJRT_Error* ToPjrtError(Status status) noexcept;
PJRT_Error* OutOfMemoryError() noexcept;

// "Unexpected <name>_Args size: expected N, got M. ..." in the wording of XLA's plugins, so
// users searching the message find the known version-skew explanation.
Status StructSizeError(std::string_view struct_name, size_t expected, size_t actual);

// The single try/catch of the adapter: runs `body` (returning Status) after the generic checks.
template <typename Args, typename Body>
PJRT_Error* RunEntry(const char* name, Args* args, size_t min_struct_size, Body&& body) noexcept {
  try {
    if (args == nullptr) {
      return ToPjrtError(InvalidArgument(std::string(name) + ": the args pointer is NULL"));
    }
    if (args->struct_size < min_struct_size) {
      return ToPjrtError(
          StructSizeError(std::string(name) + "_Args", min_struct_size, args->struct_size));
    }
    return ToPjrtError(body());
  } catch (const std::bad_alloc&) {
    return OutOfMemoryError();
  } catch (const std::exception& e) {
    return ToPjrtError(Internal(std::string(name) + ": unexpected C++ exception: " + e.what()));
  } catch (...) {
    return ToPjrtError(Internal(std::string(name) + ": unexpected non-standard C++ exception"));
  }
}

// Reads a C enum field as the int the caller stored. Loading an out-of-range value through the
// enum type itself is undefined behaviour, and bad callers send exactly such values.
template <typename Enum>
int RawEnumValue(const Enum& field) {
  static_assert(sizeof(Enum) == sizeof(int), "PJRT enums are int-sized");
  int value = 0;
  std::memcpy(&value, &field, sizeof(value));
  return value;
}

// PJRT_Buffer_Type value -> ElementType: the same numbers; only the types our backends support.
std::optional<ElementType> ElementTypeFromPjrt(int type);
inline PJRT_Buffer_Type ToPjrtBufferType(ElementType type) {
  return static_cast<PJRT_Buffer_Type>(static_cast<int>(type));
}
// "F32", "TOKEN", "F8E5M2", ... for messages about types we reject.
std::string PjrtBufferTypeName(int type);
// "f32[2,3]" for messages.
std::string ShapeToString(const ArrayShape& shape);

// Checks that a handle argument is not NULL: "<entry>: <what> is NULL".
template <typename T>
Status RequireHandle(const T* handle, const char* entry, const char* what) {
  if (handle != nullptr) return Status();
  return InvalidArgument(std::string(entry) + ": " + what + " is NULL");
}

#define JAXLIB_REQUIRE_HANDLE(handle, entry) \
  JAXLIB_RETURN_IF_ERROR(::jaxlib::plugin::RequireHandle(handle, entry, #handle))

}  // namespace jaxlib::plugin
