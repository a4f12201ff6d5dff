// Values both dialect encodings produce the same way: dense element data, scalar integers and
// floats from their bit patterns, types as attributes, locations (see dialect_encodings.h).
#include <cstring>

#include "runtime/compiler/bytecode/dialect_encodings.h"
#include "runtime/compiler/half_float.h"
#include "runtime/support/narrow_float.h"

namespace jaxlib::compiler::bytecode {

unsigned ElementBitWidth(const TypeValue& type) {
  if (type.kind != TypeValue::Kind::kElement && type.kind != TypeValue::Kind::kUnsupported) return 0;
  return type.bit_width;
}

AttrPtr MakeDenseAttribute(EntryReader& r, const TypeValue& type, std::string_view raw) {
  if (type.kind != TypeValue::Kind::kValue || !type.type.is_tensor()) {
    auto a = std::make_shared<Attribute>();
    a->kind = Attribute::Kind::kOpaque;
    a->s = type.kind == TypeValue::Kind::kUnsupported ? type.name : "dense elements of a non-tensor type";
    return a;
  }
  const Type& t = type.type;
  auto d = std::make_shared<DenseData>();
  d->type = t;
  int64_t n = t.element_count();
  size_t es = ElementTypeByteSize(t.element);
  if (t.element == ElementType::kPred) {
    // i1 data comes one byte per element, or packed eight to a byte; a splat is one byte,
    // 0xff for true. One byte is ambiguous for up to 8 elements: 0xff is a true splat, any
    // other byte is the packed bits (0x00 means all false either way).
    size_t packed = static_cast<size_t>((n + 7) / 8);
    if (raw.size() == 1 && n != 1 && (static_cast<uint8_t>(raw[0]) == 0xff || packed != 1)) {
      d->splat = true;
      d->bytes = {static_cast<uint8_t>(raw[0] != 0)};
    } else if (raw.size() == static_cast<size_t>(n)) {
      d->bytes.resize(raw.size());
      for (size_t k = 0; k < raw.size(); ++k) d->bytes[k] = raw[k] != 0;
    } else if (raw.size() == packed) {
      d->bytes.resize(static_cast<size_t>(n));
      for (int64_t k = 0; k < n; ++k) d->bytes[static_cast<size_t>(k)] = (static_cast<uint8_t>(raw[static_cast<size_t>(k / 8)]) >> (k % 8)) & 1;
    } else {
      r.Fail("dense i1 data has " + std::to_string(raw.size()) + " bytes for " + std::to_string(n) + " elements");
      return nullptr;
    }
    return MakeDenseAttr(std::move(d));
  }
  if (raw.size() == es * static_cast<size_t>(n)) {
    d->bytes.assign(raw.begin(), raw.end());
  } else if (raw.size() == es && n != 1) {
    d->splat = true;
    d->bytes.assign(raw.begin(), raw.end());
  } else {
    r.Fail("dense data has " + std::to_string(raw.size()) + " bytes, type " + t.ToString() + " needs " +
           std::to_string(es * static_cast<size_t>(n)));
    return nullptr;
  }
  if (IsNarrow(t.element))  // one element per byte; only its low bits count
    for (uint8_t& b : d->bytes) b &= static_cast<uint8_t>((1u << ElementTypeBitWidth(t.element)) - 1);
  return MakeDenseAttr(std::move(d));
}

AttrPtr MakeIntegerAttribute(EntryReader& r, const TypeValue& type, unsigned width, const std::vector<uint64_t>& words) {
  auto a = std::make_shared<Attribute>();
  uint64_t u = words.empty() ? 0 : words[0];
  if (width == 1) {
    a->kind = Attribute::Kind::kBool;
    a->b = (u & 1) != 0;
  } else {
    a->kind = Attribute::Kind::kInt;
    bool is_unsigned = type.kind == TypeValue::Kind::kElement && IsAnyUnsignedInt(type.type.element);
    if (width < 64) {
      u &= (uint64_t{1} << width) - 1;
      if (!is_unsigned && (u >> (width - 1)) & 1) u |= ~((uint64_t{1} << width) - 1);  // sign-extend
    }
    a->i = static_cast<int64_t>(u);
  }
  if (type.kind == TypeValue::Kind::kElement) a->type = type.type;
  (void)r;
  return a;
}

AttrPtr MakeFloatAttribute(EntryReader& r, const TypeValue& type, const std::vector<uint64_t>& bits) {
  auto a = std::make_shared<Attribute>();
  uint64_t b = bits.empty() ? 0 : bits[0];
  if (type.kind != TypeValue::Kind::kElement || !IsAnyFloat(type.type.element)) {
    a->kind = Attribute::Kind::kOpaque;
    a->s = "float of type " + (type.name.empty() ? std::string("?") : type.name);
    return a;
  }
  a->kind = Attribute::Kind::kFloat;
  a->type = type.type;
  switch (type.type.element) {
    case ElementType::kF16: a->f = f16::ToFloat(static_cast<uint16_t>(b)); break;
    case ElementType::kBF16: a->f = static_cast<float>(bf16::FromBits(static_cast<uint16_t>(b))); break;
    case ElementType::kF32: a->f = BitsToFloat(static_cast<uint32_t>(b)); break;
    case ElementType::kF64: std::memcpy(&a->f, &b, 8); break;
    default: a->f = DecodeNarrowFloat(static_cast<uint32_t>(b), *NarrowFloatFormatOf(type.type.element)); break;
  }
  (void)r;
  return a;
}

AttrPtr TypeAttribute(const TypeValue& type) {
  auto a = std::make_shared<Attribute>();
  switch (type.kind) {
    case TypeValue::Kind::kValue:
    case TypeValue::Kind::kElement:
      a->kind = Attribute::Kind::kType;
      a->type = type.type;
      break;
    case TypeValue::Kind::kFunction: {
      a->kind = Attribute::Kind::kDict;
      a->name = "function_type";
      for (const auto* list : {&type.inputs, &type.results}) {
        auto arr = std::make_shared<Attribute>();
        arr->kind = Attribute::Kind::kArray;
        for (const Type& t : *list) {
          auto e = std::make_shared<Attribute>();
          e->kind = Attribute::Kind::kType;
          e->type = t;
          arr->array.push_back(std::move(e));
        }
        a->dict.emplace_back(list == &type.inputs ? "inputs" : "results", std::move(arr));
      }
      break;
    }
    case TypeValue::Kind::kNone:
      a->kind = Attribute::Kind::kUnit;
      a->name = "none";
      break;
    default:
      a->kind = Attribute::Kind::kOpaque;
      a->s = type.name;
      break;
  }
  return a;
}

AttrPtr LocationAttribute(std::string where) {
  auto a = std::make_shared<Attribute>();
  a->kind = Attribute::Kind::kOpaque;
  a->name = kLocationMarker;
  a->s = std::move(where);
  return a;
}

bool SetElementType(ElementType e, unsigned bits, bool is_float, TypeValue* out) {
  out->kind = TypeValue::Kind::kElement;
  out->type = Type::Scalar(e);
  out->bit_width = bits;
  out->is_float = is_float;
  out->name = std::string(ElementTypeMlirName(e));
  return true;
}

bool SetComplexType(const TypeValue& inner, TypeValue* out) {
  if (inner.kind == TypeValue::Kind::kElement && inner.type.element == ElementType::kF32)
    return SetElementType(ElementType::kC64, 64, false, out);
  if (inner.kind == TypeValue::Kind::kElement && inner.type.element == ElementType::kF64)
    return SetElementType(ElementType::kC128, 128, false, out);
  out->kind = TypeValue::Kind::kUnsupported;
  out->name = "complex<" + inner.name + ">";
  return true;
}

bool SetFunctionType(const std::vector<const TypeValue*>& inputs, const std::vector<const TypeValue*>& results,
                     TypeValue* out) {
  out->kind = TypeValue::Kind::kFunction;
  for (const auto* list : {&inputs, &results}) {
    for (const TypeValue* t : *list) {
      if (t->kind != TypeValue::Kind::kValue) {
        out->kind = TypeValue::Kind::kUnsupported;
        out->name = "function over " + t->name;
        return true;
      }
      (list == &inputs ? out->inputs : out->results).push_back(t->type);
    }
  }
  return true;
}

bool SetTupleType(const std::vector<const TypeValue*>& elements, TypeValue* out) {
  out->kind = TypeValue::Kind::kValue;
  out->type = Type();
  out->type.kind = Type::Kind::kTuple;
  for (const TypeValue* t : elements) {
    if (t->kind != TypeValue::Kind::kValue) {
      out->kind = TypeValue::Kind::kUnsupported;
      out->name = "tuple of " + t->name;
      return true;
    }
    out->type.tuple.push_back(t->type);
  }
  out->name = out->type.ToString();
  return true;
}

bool SetRankedTensorType(EntryReader& r, std::vector<int64_t> shape, const TypeValue& element, TypeValue* out) {
  std::string dims;
  for (int64_t d : shape) dims += (d < 0 ? std::string("?") : std::to_string(d)) + "x";
  for (int64_t d : shape) {
    if (d < 0) {
      out->kind = TypeValue::Kind::kUnsupported;
      out->name = "tensor<" + dims + element.name + "> (dynamic dimensions are not supported)";
      return true;
    }
    if (d > (int64_t{1} << 40)) return r.Fail("dimension too large");
  }
  if (element.kind != TypeValue::Kind::kElement) {
    out->kind = TypeValue::Kind::kUnsupported;
    out->name = "tensor<" + dims + element.name + ">";
    return true;
  }
  out->kind = TypeValue::Kind::kValue;
  out->type = Type::Tensor(element.type.element, std::move(shape));
  out->name = out->type.ToString();
  return true;
}

AttrPtr ReadDictionary(EntryReader& r) {
  uint64_t n;
  if (!r.ReadVarInt(&n)) return nullptr;
  auto dict = std::make_shared<Attribute>();
  dict->kind = Attribute::Kind::kDict;
  for (uint64_t k = 0; k < n; ++k) {
    AttrPtr name, value;
    if (!r.ReadAttribute(&name) || !r.ReadAttribute(&value)) return nullptr;
    if (name->kind != Attribute::Kind::kString) {
      r.Fail("dictionary key is not a string");
      return nullptr;
    }
    dict->dict.emplace_back(name->s, std::move(value));
  }
  return dict;
}

}  // namespace jaxlib::compiler::bytecode
