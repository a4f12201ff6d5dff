// Lays an AttrList out as XLA does for typed FFI handlers: each level sorted by name, names as
// XLA_FFI_ByteSpan*, values as XLA_FFI_Scalar* / XLA_FFI_Array* / XLA_FFI_ByteSpan* (strings)
// / XLA_FFI_Attrs* (dictionaries).
#include "runtime/ffi/attributes.h"

#include <algorithm>

namespace jaxlib::ffi {

StatusOr<std::unique_ptr<EncodedAttributes>> EncodedAttributes::Encode(AttrList attrs) {
  auto encoded = std::unique_ptr<EncodedAttributes>(new EncodedAttributes());
  JAXLIB_ASSIGN_OR_RETURN(encoded->root_, encoded->Build(std::move(attrs), ""));
  return encoded;
}

StatusOr<EncodedAttributes::Level*> EncodedAttributes::Build(AttrList attrs, const std::string& path) {
  std::stable_sort(attrs.begin(), attrs.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (size_t i = 1; i < attrs.size(); ++i) {
    if (attrs[i].first == attrs[i - 1].first)
      return InvalidArgument("custom call attribute '" + path + attrs[i].first + "' appears twice");
  }
  auto level = std::make_unique<Level>();
  Level* out = level.get();
  storage_.levels.push_back(std::move(level));
  for (auto& [name, value] : attrs) {
    const std::string& stored_name = *storage_.strings.emplace_back(std::make_unique<std::string>(name));
    XLA_FFI_ByteSpan* name_span =
        storage_.spans.emplace_back(std::make_unique<XLA_FFI_ByteSpan>(XLA_FFI_ByteSpan{stored_name.data(), stored_name.size()}))
            .get();
    out->name_ptrs.push_back(name_span);
    switch (value.kind) {
      case AttrValue::Kind::kScalar: {
        std::vector<uint8_t>& blob = *storage_.blobs.emplace_back(std::make_unique<std::vector<uint8_t>>(std::move(value.bytes)));
        auto scalar = std::make_unique<XLA_FFI_Scalar>(XLA_FFI_Scalar{value.dtype, blob.data()});
        out->types.push_back(XLA_FFI_AttrType_SCALAR);
        out->values.push_back(storage_.scalars.emplace_back(std::move(scalar)).get());
        break;
      }
      case AttrValue::Kind::kArray: {
        std::vector<uint8_t>& blob = *storage_.blobs.emplace_back(std::make_unique<std::vector<uint8_t>>(std::move(value.bytes)));
        // An empty array still gets a non-null data pointer, as a std::vector's would be.
        if (blob.empty()) blob.reserve(8);
        auto array = std::make_unique<XLA_FFI_Array>(XLA_FFI_Array{value.dtype, value.count, blob.data()});
        out->types.push_back(XLA_FFI_AttrType_ARRAY);
        out->values.push_back(storage_.arrays.emplace_back(std::move(array)).get());
        break;
      }
      case AttrValue::Kind::kString: {
        const std::string& text = *storage_.strings.emplace_back(std::make_unique<std::string>(std::move(value.text)));
        auto span = std::make_unique<XLA_FFI_ByteSpan>(XLA_FFI_ByteSpan{text.data(), text.size()});
        out->types.push_back(XLA_FFI_AttrType_STRING);
        out->values.push_back(storage_.spans.emplace_back(std::move(span)).get());
        break;
      }
      case AttrValue::Kind::kDictionary: {
        JAXLIB_ASSIGN_OR_RETURN(Level * child, Build(std::move(value.entries), path + name + "."));
        out->types.push_back(XLA_FFI_AttrType_DICTIONARY);
        out->values.push_back(&child->attrs);
        break;
      }
    }
  }
  out->attrs.struct_size = XLA_FFI_Attrs_STRUCT_SIZE;
  out->attrs.extension_start = nullptr;
  out->attrs.size = static_cast<int64_t>(out->types.size());
  out->attrs.types = out->types.data();
  out->attrs.names = out->name_ptrs.data();
  out->attrs.attrs = out->values.data();
  return out;
}

}  // namespace jaxlib::ffi
