// The VHLO dialect's bytecode encoding (StableHLO portable artifacts): a kind code, then the
// fields. Codes are append-only across StableHLO versions, so one table reads every version.
// Attributes land in our IR's Attribute exactly as the text parser would spell them.
#include "runtime/compiler/bytecode/dialect_encodings.h"

namespace jaxlib::compiler::bytecode {
namespace {

enum VhloAttributeCode : uint64_t {
  kArrayV1 = 1,
  kBooleanV1 = 2,
  kComparisonDirectionV1 = 3,
  kComparisonTypeV1 = 4,
  kCustomCallApiVersionV1 = 5,
  kDictionaryV1 = 6,
  kFftTypeV1 = 7,
  kFloatV1 = 8,
  kIntegerV1 = 9,
  kOutputOperandAliasV1 = 10,
  kPrecisionV1 = 11,
  kRngAlgorithmV1 = 12,
  kRngDistributionV1 = 13,
  kStringV1 = 14,
  kTensorV1 = 15,
  kTransposeV1 = 16,
  kTypeV1 = 17,
  kTypeExtensionsV1 = 18,
  kResultAccuracyModeV1 = 19,
  kResultAccuracyV1 = 20,
  kSubAxisInfoV1 = 21,
  kAxisRefV1 = 22,
  kReplicaGroupMeshAxesV1 = 23,
  kMeshAxisV1 = 24,
  kMeshV1 = 25,
};

enum VhloTypeCode : uint64_t {
  kBooleanV1Type = 0,
  kComplexV1Type = 1,
  kBF16V1Type = 2,
  kF16V1Type = 3,
  kF32V1Type = 4,
  kF64V1Type = 5,
  kF8E4M3FNV1Type = 6,
  kF8E5M2V1Type = 7,
  kFunctionV1Type = 8,
  kIndexV1Type = 9,
  kSI4V1Type = 10,
  kSI8V1Type = 11,
  kSI16V1Type = 12,
  kSI32V1Type = 13,
  kSI64V1Type = 14,
  kUI4V1Type = 15,
  kUI8V1Type = 16,
  kUI16V1Type = 17,
  kUI32V1Type = 18,
  kUI64V1Type = 19,
  kRankedTensorV1Type = 20,
  kRankedTensorWithEncodingV1Type = 21,
  kTokenV1Type = 22,
  kTupleV1Type = 23,
  kUniformQuantizedV1Type = 24,
  kUnrankedTensorV1Type = 25,
  kWitnessV1Type = 26,
  kF8E4M3FNUZV1Type = 27,
  kF8E5M2FNUZV1Type = 28,
  kF8E4M3B11FNUZV1Type = 29,
  kUniformQuantizedPerAxisV1Type = 30,
  kSI2V1Type = 31,
  kUI2V1Type = 32,
  kNoneV1Type = 33,
  kTF32V1Type = 34,
  kF8E4M3V1Type = 35,
  kF8E3M4V1Type = 36,
  kF4E2M1FNV1Type = 37,
  kF6E2M3FNV1Type = 38,
  kF6E3M2FNV1Type = 39,
  kF8E8M0FNUV1Type = 40,
  kRankedBufferV1Type = 41,
  kFutureV1Type = 42,
};

std::shared_ptr<Attribute> Make(Attribute::Kind kind) {
  auto a = std::make_shared<Attribute>();
  a->kind = kind;
  return a;
}

// Enumerations carry their value as a varint; the words are StableHLO's spellings.
AttrPtr ReadEnum(EntryReader& r, const char* name, std::initializer_list<const char*> words, int first = 0) {
  uint64_t v;
  if (!r.ReadVarInt(&v)) return nullptr;
  if (v < static_cast<uint64_t>(first) || v - static_cast<uint64_t>(first) >= words.size()) {
    r.Fail(std::string("unknown ") + name + " value " + std::to_string(v));
    return nullptr;
  }
  auto a = Make(Attribute::Kind::kEnum);
  a->name = name;
  a->s = *(words.begin() + (v - static_cast<uint64_t>(first)));
  a->i = static_cast<int64_t>(v);
  return a;
}

// Sharding-related attributes (meshes, axes): our compiler only needs to know they exist.
AttrPtr Opaque(EntryReader& r, const char* what) {
  auto a = Make(Attribute::Kind::kOpaque);
  a->s = what;
  r.SkipRest();
  return a;
}

}  // namespace

AttrPtr DecodeVhloAttribute(EntryReader& r) {
  uint64_t code;
  if (!r.ReadVarInt(&code)) return nullptr;
  switch (code) {
    case kArrayV1: {
      auto a = Make(Attribute::Kind::kArray);
      if (!r.ReadAttributes(&a->array)) return nullptr;
      return a;
    }
    case kBooleanV1: {
      uint64_t v;
      if (!r.ReadVarInt(&v)) return nullptr;
      if (v > 1) {
        r.Fail("boolean value " + std::to_string(v));
        return nullptr;
      }
      auto a = Make(Attribute::Kind::kBool);
      a->b = v == 1;
      return a;
    }
    case kComparisonDirectionV1:
      return ReadEnum(r, "comparison_direction", {"EQ", "NE", "GE", "GT", "LE", "LT"});
    case kComparisonTypeV1:
      return ReadEnum(r, "comparison_type", {"NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"});
    case kCustomCallApiVersionV1:
      return ReadEnum(r, "api_version",
                      {"API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
                       "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"});
    case kDictionaryV1: return ReadDictionary(r);
    case kFftTypeV1: return ReadEnum(r, "fft_type", {"FFT", "IFFT", "RFFT", "IRFFT"});
    case kFloatV1:
    case kIntegerV1: {
      const TypeValue* t;
      if (!r.ReadType(&t)) return nullptr;
      unsigned width = ElementBitWidth(*t);
      if (width == 0) {
        r.Fail("integer or float attribute of a non-scalar type");
        return nullptr;
      }
      std::vector<uint64_t> words;
      if (!r.ReadAPInt(width, &words)) return nullptr;
      return code == kIntegerV1 ? MakeIntegerAttribute(r, *t, width, words) : MakeFloatAttribute(r, *t, words);
    }
    case kOutputOperandAliasV1: {
      std::vector<int64_t> output_tuple, operand_tuple;
      int64_t operand;
      if (!r.ReadSignedVarInts(&output_tuple) || !r.ReadSignedVarInt(&operand) || !r.ReadSignedVarInts(&operand_tuple))
        return nullptr;
      auto a = Make(Attribute::Kind::kDict);
      a->name = "stablehlo.output_operand_alias";
      a->dict.emplace_back("output_tuple_indices", MakeIntListAttr(output_tuple));
      a->dict.emplace_back("operand_index", MakeIntAttr(operand));
      a->dict.emplace_back("operand_tuple_indices", MakeIntListAttr(operand_tuple));
      return a;
    }
    case kPrecisionV1: return ReadEnum(r, "precision", {"DEFAULT", "HIGH", "HIGHEST"});
    case kRngAlgorithmV1: return ReadEnum(r, "rng_algorithm", {"DEFAULT", "THREE_FRY", "PHILOX"});
    case kRngDistributionV1: return ReadEnum(r, "rng_distribution", {"UNIFORM", "NORMAL"}, 1);
    case kStringV1: {
      std::string_view s;
      if (!r.ReadString(&s)) return nullptr;
      auto a = Make(Attribute::Kind::kString);
      a->s = std::string(s);
      return a;
    }
    case kTensorV1: {
      const TypeValue* t;
      std::string_view blob;
      if (!r.ReadType(&t) || !r.ReadBlob(&blob)) return nullptr;
      return MakeDenseAttribute(r, *t, blob);
    }
    case kTransposeV1: return ReadEnum(r, "transpose", {"TRANSPOSE_INVALID", "NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"});
    case kTypeV1: {
      const TypeValue* t;
      if (!r.ReadType(&t)) return nullptr;
      return TypeAttribute(*t);
    }
    case kTypeExtensionsV1: return Opaque(r, "#vhlo.type_extensions");
    case kResultAccuracyModeV1: return ReadEnum(r, "result_accuracy_mode", {"DEFAULT", "HIGHEST", "TOLERANCE"});
    case kResultAccuracyV1: {
      std::vector<uint64_t> atol, rtol;
      int64_t ulps;
      AttrPtr mode;
      if (!r.ReadAPInt(64, &atol) || !r.ReadAPInt(64, &rtol) || !r.ReadSignedVarInt(&ulps) || !r.ReadAttribute(&mode))
        return nullptr;
      auto a = Make(Attribute::Kind::kDict);
      a->name = "stablehlo.result_accuracy";
      a->dict.emplace_back("ulps", MakeIntAttr(ulps));
      a->dict.emplace_back("mode", mode);
      return a;
    }
    case kSubAxisInfoV1: return Opaque(r, "#vhlo.sub_axis_info");
    case kAxisRefV1: return Opaque(r, "#vhlo.axis_ref");
    case kReplicaGroupMeshAxesV1: return Opaque(r, "#vhlo.replica_group_mesh_axes");
    case kMeshAxisV1: return Opaque(r, "#vhlo.mesh_axis");
    case kMeshV1: return Opaque(r, "#vhlo.mesh");
    default:
      r.Fail("unknown VHLO attribute code " + std::to_string(code) + " (from a StableHLO newer than this reader?)");
      return nullptr;
  }
}

bool DecodeVhloType(EntryReader& r, TypeValue* out) {
  uint64_t code;
  if (!r.ReadVarInt(&code)) return false;
  auto element = [&](ElementType e, unsigned bits, bool is_float) { return SetElementType(e, bits, is_float, out); };
  // Element types our executors do not implement: known by name and width, so attributes of
  // those types still decode and the error, if an op needs them, names the type.
  auto unsupported_element = [&](const char* name, unsigned bits, bool is_float) {
    out->kind = TypeValue::Kind::kUnsupported;
    out->name = name;
    out->bit_width = bits;
    out->is_float = is_float;
    return true;
  };
  auto unsupported = [&](const char* name) {
    out->kind = TypeValue::Kind::kUnsupported;
    out->name = name;
    r.SkipRest();
    return true;
  };
  switch (code) {
    case kBooleanV1Type: return element(ElementType::kPred, 1, false);
    case kComplexV1Type: {
      const TypeValue* inner;
      return r.ReadType(&inner) && SetComplexType(*inner, out);
    }
    case kBF16V1Type: return element(ElementType::kBF16, 16, true);
    case kF16V1Type: return element(ElementType::kF16, 16, true);
    case kF32V1Type: return element(ElementType::kF32, 32, true);
    case kF64V1Type: return element(ElementType::kF64, 64, true);
    case kF8E4M3FNV1Type: return element(ElementType::kF8E4M3FN, 8, true);
    case kF8E5M2V1Type: return element(ElementType::kF8E5M2, 8, true);
    case kF8E4M3FNUZV1Type: return element(ElementType::kF8E4M3FNUZ, 8, true);
    case kF8E5M2FNUZV1Type: return element(ElementType::kF8E5M2FNUZ, 8, true);
    case kF8E4M3B11FNUZV1Type: return element(ElementType::kF8E4M3B11FNUZ, 8, true);
    case kF8E4M3V1Type: return element(ElementType::kF8E4M3, 8, true);
    case kF8E3M4V1Type: return element(ElementType::kF8E3M4, 8, true);
    case kF8E8M0FNUV1Type: return element(ElementType::kF8E8M0FNU, 8, true);
    case kF4E2M1FNV1Type: return element(ElementType::kF4E2M1FN, 4, true);
    case kF6E2M3FNV1Type: return unsupported_element("f6E2M3FN", 6, true);
    case kF6E3M2FNV1Type: return unsupported_element("f6E3M2FN", 6, true);
    case kTF32V1Type: return unsupported_element("tf32", 19, true);
    case kFunctionV1Type: {
      std::vector<const TypeValue*> ins, outs;
      return r.ReadTypes(&ins) && r.ReadTypes(&outs) && SetFunctionType(ins, outs, out);
    }
    case kIndexV1Type: return element(ElementType::kS64, 64, false);
    case kSI2V1Type: return element(ElementType::kS2, 2, false);
    case kSI4V1Type: return element(ElementType::kS4, 4, false);
    case kSI8V1Type: return element(ElementType::kS8, 8, false);
    case kSI16V1Type: return element(ElementType::kS16, 16, false);
    case kSI32V1Type: return element(ElementType::kS32, 32, false);
    case kSI64V1Type: return element(ElementType::kS64, 64, false);
    case kUI2V1Type: return element(ElementType::kU2, 2, false);
    case kUI4V1Type: return element(ElementType::kU4, 4, false);
    case kUI8V1Type: return element(ElementType::kU8, 8, false);
    case kUI16V1Type: return element(ElementType::kU16, 16, false);
    case kUI32V1Type: return element(ElementType::kU32, 32, false);
    case kUI64V1Type: return element(ElementType::kU64, 64, false);
    case kRankedTensorV1Type:
    case kRankedTensorWithEncodingV1Type: {
      if (code == kRankedTensorWithEncodingV1Type) {
        AttrPtr encoding;  // bounds of dynamic dimensions: not part of a static shape
        if (!r.ReadAttribute(&encoding)) return false;
      }
      std::vector<int64_t> shape;
      const TypeValue* elem;
      return r.ReadSignedVarInts(&shape) && r.ReadType(&elem) && SetRankedTensorType(r, std::move(shape), *elem, out);
    }
    case kTokenV1Type:
      out->kind = TypeValue::Kind::kValue;
      out->type = Type();
      out->type.kind = Type::Kind::kToken;
      out->name = "!stablehlo.token";
      return true;
    case kTupleV1Type: {
      std::vector<const TypeValue*> elems;
      return r.ReadTypes(&elems) && SetTupleType(elems, out);
    }
    case kNoneV1Type:
      out->kind = TypeValue::Kind::kNone;
      out->name = "none";
      return true;
    case kUniformQuantizedV1Type:
    case kUniformQuantizedPerAxisV1Type: return unsupported("quantized type");
    case kUnrankedTensorV1Type: return unsupported("unranked tensor");
    case kWitnessV1Type: return unsupported("!shape.witness");
    case kRankedBufferV1Type: return unsupported("buffer type");
    case kFutureV1Type: return unsupported("future type");
    default:
      return r.Fail("unknown VHLO type code " + std::to_string(code) + " (from a StableHLO newer than this reader?)");
  }
}

}  // namespace jaxlib::compiler::bytecode
