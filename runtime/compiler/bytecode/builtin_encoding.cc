// The builtin dialect's bytecode encoding: each attribute or type entry starts with a kind
// code, then its fields. In StableHLO artifacts builtin carries the module's attributes,
// locations, strings and, in plain (non-VHLO) MLIR, the tensor types and dense constants.
#include "runtime/compiler/bytecode/dialect_encodings.h"

namespace jaxlib::compiler::bytecode {
namespace {

enum BuiltinAttributeCode : uint64_t {
  kArrayAttr = 0,
  kDictionaryAttr = 1,
  kStringAttr = 2,
  kStringAttrWithType = 3,
  kFlatSymbolRefAttr = 4,
  kSymbolRefAttr = 5,
  kTypeAttr = 6,
  kUnitAttr = 7,
  kIntegerAttr = 8,
  kFloatAttr = 9,
  kCallSiteLoc = 10,
  kFileLineColLoc = 11,
  kFusedLoc = 12,
  kFusedLocWithMetadata = 13,
  kNameLoc = 14,
  kUnknownLoc = 15,
  kDenseResourceElementsAttr = 16,
  kDenseArrayAttr = 17,
  kDenseIntOrFPElementsAttr = 18,
  kDenseStringElementsAttr = 19,
  kSparseElementsAttr = 20,
  kDistinctAttr = 21,
};

enum BuiltinTypeCode : uint64_t {
  kIntegerType = 0,
  kIndexType = 1,
  kFunctionType = 2,
  kBFloat16Type = 3,
  kFloat16Type = 4,
  kFloat32Type = 5,
  kFloat64Type = 6,
  kFloat80Type = 7,
  kFloat128Type = 8,
  kComplexType = 9,
  kMemRefType = 10,
  kMemRefTypeWithMemSpace = 11,
  kNoneType = 12,
  kRankedTensorType = 13,
  kRankedTensorTypeWithEncoding = 14,
  kTupleType = 15,
  kUnrankedMemRefType = 16,
  kUnrankedMemRefTypeWithMemSpace = 17,
  kUnrankedTensorType = 18,
  kVectorType = 19,
  kVectorTypeWithScalableDims = 20,
};

std::shared_ptr<Attribute> Make(Attribute::Kind kind) {
  auto a = std::make_shared<Attribute>();
  a->kind = kind;
  return a;
}

bool IsLocation(const AttrPtr& a) { return a && a->kind == Attribute::Kind::kOpaque && a->name == kLocationMarker; }

AttrPtr ReadLocation(EntryReader& r, uint64_t code) {
  switch (code) {
    case kCallSiteLoc: {
      AttrPtr callee, caller;
      if (!r.ReadAttribute(&callee) || !r.ReadAttribute(&caller)) return nullptr;
      return LocationAttribute(IsLocation(callee) && !callee->s.empty() ? callee->s : IsLocation(caller) ? caller->s : "");
    }
    case kFileLineColLoc: {
      AttrPtr file;
      uint64_t line, col;
      if (!r.ReadAttribute(&file) || !r.ReadVarInt(&line) || !r.ReadVarInt(&col)) return nullptr;
      return LocationAttribute((file->kind == Attribute::Kind::kString ? file->s : std::string("?")) + ":" +
                               std::to_string(line) + ":" + std::to_string(col));
    }
    case kFusedLoc:
    case kFusedLocWithMetadata: {
      std::vector<AttrPtr> locs;
      if (!r.ReadAttributes(&locs)) return nullptr;
      if (code == kFusedLocWithMetadata) {
        AttrPtr metadata;
        if (!r.ReadAttribute(&metadata)) return nullptr;
      }
      for (const AttrPtr& l : locs)
        if (IsLocation(l) && !l->s.empty()) return LocationAttribute(l->s);
      return LocationAttribute("");
    }
    case kNameLoc: {
      AttrPtr name, child;
      if (!r.ReadAttribute(&name) || !r.ReadAttribute(&child)) return nullptr;
      if (IsLocation(child) && !child->s.empty()) return LocationAttribute(child->s);
      return LocationAttribute(name->kind == Attribute::Kind::kString ? name->s : "");
    }
    default:  // kUnknownLoc
      return LocationAttribute("");
  }
}

// DenseArrayAttr (array<i64: 1, 2>): the element type, the count, then the packed values.
AttrPtr ReadDenseArray(EntryReader& r) {
  const TypeValue* elem;
  uint64_t count;
  std::string_view blob;
  if (!r.ReadType(&elem) || !r.ReadVarInt(&count) || !r.ReadBlob(&blob)) return nullptr;
  auto a = Make(Attribute::Kind::kArray);
  if (elem->kind != TypeValue::Kind::kElement) {
    a->kind = Attribute::Kind::kOpaque;
    a->s = "array of " + elem->name;
    return a;
  }
  ElementType et = elem->type.element;
  size_t es = et == ElementType::kPred ? 1 : ElementTypeByteSize(et);
  bool packed_bits = et == ElementType::kPred && blob.size() != count;
  if (!packed_bits && blob.size() != es * count) {
    r.Fail("dense array holds " + std::to_string(blob.size()) + " bytes for " + std::to_string(count) + " elements");
    return nullptr;
  }
  if (packed_bits && blob.size() != (count + 7) / 8) {
    r.Fail("dense i1 array holds " + std::to_string(blob.size()) + " bytes for " + std::to_string(count) + " elements");
    return nullptr;
  }
  Type one = Type::Tensor(et, {static_cast<int64_t>(count)});
  DenseData d;
  d.type = one;
  if (packed_bits) {
    d.bytes.resize(count);
    for (uint64_t k = 0; k < count; ++k) d.bytes[k] = (static_cast<uint8_t>(blob[k / 8]) >> (k % 8)) & 1;
  } else {
    d.bytes.assign(blob.begin(), blob.end());
  }
  for (uint64_t k = 0; k < count; ++k) {
    std::shared_ptr<Attribute> e;
    if (et == ElementType::kPred) {
      e = Make(Attribute::Kind::kBool);
      e->b = d.bytes[k] != 0;
    } else if (IsFloat(et)) {
      e = Make(Attribute::Kind::kFloat);
      e->f = d.GetDouble(static_cast<int64_t>(k));
    } else {
      e = Make(Attribute::Kind::kInt);
      e->i = d.GetInt(static_cast<int64_t>(k));
    }
    a->array.push_back(std::move(e));
  }
  return a;
}

}  // namespace

AttrPtr DecodeBuiltinAttribute(EntryReader& r) {
  uint64_t code;
  if (!r.ReadVarInt(&code)) return nullptr;
  switch (code) {
    case kArrayAttr: {
      auto a = Make(Attribute::Kind::kArray);
      if (!r.ReadAttributes(&a->array)) return nullptr;
      return a;
    }
    case kDictionaryAttr: return ReadDictionary(r);
    case kStringAttr:
    case kStringAttrWithType: {
      std::string_view s;
      if (!r.ReadString(&s)) return nullptr;
      if (code == kStringAttrWithType) {
        const TypeValue* ignored;
        if (!r.ReadType(&ignored)) return nullptr;
      }
      auto a = Make(Attribute::Kind::kString);
      a->s = std::string(s);
      return a;
    }
    case kFlatSymbolRefAttr:
    case kSymbolRefAttr: {
      AttrPtr root;
      if (!r.ReadAttribute(&root)) return nullptr;
      auto a = Make(Attribute::Kind::kSymbol);
      a->s = root->s;
      if (code == kSymbolRefAttr) {
        std::vector<AttrPtr> nested;
        if (!r.ReadAttributes(&nested)) return nullptr;
        for (const AttrPtr& n : nested) a->s += "::" + n->s;
      }
      return a;
    }
    case kTypeAttr: {
      const TypeValue* t;
      if (!r.ReadType(&t)) return nullptr;
      return TypeAttribute(*t);
    }
    case kUnitAttr: return Make(Attribute::Kind::kUnit);
    case kIntegerAttr:
    case kFloatAttr: {
      const TypeValue* t;
      if (!r.ReadType(&t)) return nullptr;
      unsigned width = ElementBitWidth(*t);
      if (width == 0) {
        r.Fail("integer or float attribute of a non-scalar type");
        return nullptr;
      }
      std::vector<uint64_t> words;
      if (!r.ReadAPInt(width, &words)) return nullptr;
      return code == kIntegerAttr ? MakeIntegerAttribute(r, *t, width, words) : MakeFloatAttribute(r, *t, words);
    }
    case kCallSiteLoc:
    case kFileLineColLoc:
    case kFusedLoc:
    case kFusedLocWithMetadata:
    case kNameLoc:
    case kUnknownLoc: return ReadLocation(r, code);
    case kDenseResourceElementsAttr: {
      const TypeValue* t;
      std::string_view blob;
      if (!r.ReadType(&t) || !r.ReadResourceHandle(&blob)) return nullptr;
      return MakeDenseAttribute(r, *t, blob);
    }
    case kDenseArrayAttr: return ReadDenseArray(r);
    case kDenseIntOrFPElementsAttr: {
      const TypeValue* t;
      std::string_view blob;
      if (!r.ReadType(&t) || !r.ReadBlob(&blob)) return nullptr;
      return MakeDenseAttribute(r, *t, blob);
    }
    case kDistinctAttr: {
      AttrPtr inner;
      if (!r.ReadAttribute(&inner)) return nullptr;
      return inner;
    }
    case kDenseStringElementsAttr:
    case kSparseElementsAttr:
    default: {
      // Well-formed kinds our compiler has no use for (string and sparse tensors, and codes
      // newer than this reader): opaque, so an op that needs one fails by name.
      auto a = Make(Attribute::Kind::kOpaque);
      a->s = "builtin attribute #" + std::to_string(code);
      r.SkipRest();
      return a;
    }
  }
}

bool DecodeBuiltinType(EntryReader& r, TypeValue* out) {
  uint64_t code;
  if (!r.ReadVarInt(&code)) return false;
  auto element = [&](ElementType e, unsigned bits, bool is_float) { return SetElementType(e, bits, is_float, out); };
  auto unsupported = [&](std::string name, unsigned bits = 0) {
    out->kind = TypeValue::Kind::kUnsupported;
    out->name = std::move(name);
    out->bit_width = bits;
    r.SkipRest();
    return true;
  };
  switch (code) {
    case kIntegerType: {
      uint64_t w;
      if (!r.ReadVarInt(&w)) return false;
      uint64_t width = w >> 2, signedness = w & 3;  // 0 signless, 1 signed, 2 unsigned
      std::string name = std::string(signedness == 2 ? "ui" : signedness == 1 ? "si" : "i") + std::to_string(width);
      if (width == 1 && signedness == 0) return element(ElementType::kPred, 1, false);
      ElementType e = ElementType::kInvalid;
      bool is_unsigned = signedness == 2;
      switch (width) {
        case 2: e = is_unsigned ? ElementType::kU2 : ElementType::kS2; break;
        case 4: e = is_unsigned ? ElementType::kU4 : ElementType::kS4; break;
        case 8: e = is_unsigned ? ElementType::kU8 : ElementType::kS8; break;
        case 16: e = is_unsigned ? ElementType::kU16 : ElementType::kS16; break;
        case 32: e = is_unsigned ? ElementType::kU32 : ElementType::kS32; break;
        case 64: e = is_unsigned ? ElementType::kU64 : ElementType::kS64; break;
        default: break;
      }
      if (e == ElementType::kInvalid) return unsupported(name, static_cast<unsigned>(width));
      return element(e, static_cast<unsigned>(width), false);
    }
    case kIndexType: return element(ElementType::kS64, 64, false);
    case kFunctionType: {
      std::vector<const TypeValue*> ins, outs;
      return r.ReadTypes(&ins) && r.ReadTypes(&outs) && SetFunctionType(ins, outs, out);
    }
    case kBFloat16Type: return element(ElementType::kBF16, 16, true);
    case kFloat16Type: return element(ElementType::kF16, 16, true);
    case kFloat32Type: return element(ElementType::kF32, 32, true);
    case kFloat64Type: return element(ElementType::kF64, 64, true);
    case kFloat80Type: return unsupported("f80", 80);
    case kFloat128Type: return unsupported("f128", 128);
    case kComplexType: {
      const TypeValue* inner;
      return r.ReadType(&inner) && SetComplexType(*inner, out);
    }
    case kNoneType:
      out->kind = TypeValue::Kind::kNone;
      out->name = "none";
      return true;
    case kRankedTensorType:
    case kRankedTensorTypeWithEncoding: {
      if (code == kRankedTensorTypeWithEncoding) {
        AttrPtr encoding;  // bounds or sparsity: not part of the static shape we compile
        if (!r.ReadAttribute(&encoding)) return false;
      }
      std::vector<int64_t> shape;
      const TypeValue* elem;
      return r.ReadSignedVarInts(&shape) && r.ReadType(&elem) && SetRankedTensorType(r, std::move(shape), *elem, out);
    }
    case kTupleType: {
      std::vector<const TypeValue*> elems;
      return r.ReadTypes(&elems) && SetTupleType(elems, out);
    }
    case kUnrankedTensorType: return unsupported("unranked tensor");
    default: return unsupported("builtin type #" + std::to_string(code));
  }
}

}  // namespace jaxlib::compiler::bytecode
