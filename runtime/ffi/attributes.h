// Custom-call attributes as a typed FFI handler receives them: a device-neutral value tree
// (scalars, dense arrays, strings, dictionaries) encoded once per call site into the sorted
// XLA_FFI_Attrs layout XLA uses. The encoding owns every byte the handler's pointers reach.
#pragma once

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/ffi/xla_ffi_abi.h"
#include "runtime/support/status.h"

namespace jaxlib::ffi {

// One named attribute. A struct of its own rather than std::pair: a dictionary value holds a
// list of them, and a pair of a still-incomplete type is not portable C++ (clang rejects it).
struct AttrEntry;
using AttrList = std::vector<AttrEntry>;

struct AttrValue {
  enum class Kind { kScalar, kArray, kString, kDictionary };
  Kind kind = Kind::kScalar;
  XLA_FFI_DataType dtype = XLA_FFI_DataType_INVALID;  // scalars and arrays
  std::vector<uint8_t> bytes;                          // scalar value or array elements
  size_t count = 0;                                    // array elements
  std::string text;                                    // strings
  AttrList entries;                                    // dictionaries

  // The factories are defined below, once AttrEntry is complete: their bodies construct an
  // AttrList.
  template <typename T>
  static AttrValue Scalar(XLA_FFI_DataType dtype, T value);
  template <typename T>
  static AttrValue Array(XLA_FFI_DataType dtype, const std::vector<T>& values);
  static AttrValue String(std::string s);
  static AttrValue Dictionary(AttrList entries);
};

struct AttrEntry {
  AttrEntry(std::string name, AttrValue value) : first(std::move(name)), second(std::move(value)) {}
  std::string first;  // the name
  AttrValue second;   // the value
};

template <typename T>
AttrValue AttrValue::Scalar(XLA_FFI_DataType dtype, T value) {
  AttrValue v;
  v.kind = Kind::kScalar;
  v.dtype = dtype;
  v.bytes.resize(sizeof(T));
  std::memcpy(v.bytes.data(), &value, sizeof(T));
  return v;
}

template <typename T>
AttrValue AttrValue::Array(XLA_FFI_DataType dtype, const std::vector<T>& values) {
  AttrValue v;
  v.kind = Kind::kArray;
  v.dtype = dtype;
  v.count = values.size();
  v.bytes.resize(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(v.bytes.data(), values.data(), v.bytes.size());
  return v;
}

inline AttrValue AttrValue::String(std::string s) {
  AttrValue v;
  v.kind = Kind::kString;
  v.text = std::move(s);
  return v;
}

inline AttrValue AttrValue::Dictionary(AttrList entries) {
  AttrValue v;
  v.kind = Kind::kDictionary;
  v.entries = std::move(entries);
  return v;
}

class EncodedAttributes {
 public:
  // Sorts by name (recursively) and lays the tree out; duplicate names are INVALID_ARGUMENT.
  static StatusOr<std::unique_ptr<EncodedAttributes>> Encode(AttrList attrs);

  const XLA_FFI_Attrs& attrs() const { return root_->attrs; }
  XLA_FFI_Attrs* mutable_attrs() { return &root_->attrs; }

 private:
  // One dictionary level: the XLA_FFI_Attrs and the arrays it points into.
  struct Level {
    XLA_FFI_Attrs attrs{};
    std::vector<XLA_FFI_AttrType> types;
    std::vector<XLA_FFI_ByteSpan*> name_ptrs;
    std::vector<void*> values;
  };
  // Everything a pointer in a Level may reach; unique_ptr keeps addresses stable.
  struct Storage {
    std::vector<std::unique_ptr<std::string>> strings;
    std::vector<std::unique_ptr<XLA_FFI_ByteSpan>> spans;
    std::vector<std::unique_ptr<std::vector<uint8_t>>> blobs;
    std::vector<std::unique_ptr<XLA_FFI_Scalar>> scalars;
    std::vector<std::unique_ptr<XLA_FFI_Array>> arrays;
    std::vector<std::unique_ptr<Level>> levels;
  };

  StatusOr<Level*> Build(AttrList attrs, const std::string& path);

  Storage storage_;
  Level* root_ = nullptr;
};

}  // namespace jaxlib::ffi
