// Shardy's (sdy) bytecode encoding of its attributes: a kind code, then the fields, nested
// attributes by reference. Meshes and tensor shardings become the IR spelling sharding.h
// describes; the kinds only propagation needs (sharding rules, collective parameters) stay
// opaque.
#include "runtime/compiler/bytecode/dialect_encodings.h"

namespace jaxlib::compiler::bytecode {
namespace {

enum SdyAttributeCode : uint64_t {
  kManualAxes = 0,
  kMeshAxis = 1,
  kMesh = 2,
  kSubAxisInfo = 3,
  kAxisRef = 4,
  kDimensionSharding = 5,
  kTensorShardingV1 = 6,
  kTensorShardingPerValueV1 = 7,
  kTensorShardingV2 = 15,
  kTensorShardingPerValueV2 = 16,
  kTensorShardingV3 = 17,
};

std::shared_ptr<Attribute> Make(Attribute::Kind kind, std::string name = "") {
  auto a = std::make_shared<Attribute>();
  a->kind = kind;
  a->name = std::move(name);
  return a;
}

AttrPtr ListOf(EntryReader& r) {
  auto list = Make(Attribute::Kind::kArray);
  if (!r.ReadAttributes(&list->array)) return nullptr;
  return list;
}

}  // namespace

AttrPtr DecodeSdyAttribute(EntryReader& r) {
  uint64_t code;
  if (!r.ReadVarInt(&code)) return nullptr;
  switch (code) {
    case kManualAxes: return ListOf(r);
    case kMeshAxis: {
      std::string_view name;
      int64_t size;
      if (!r.ReadString(&name) || !r.ReadSignedVarInt(&size)) return nullptr;
      auto axis = Make(Attribute::Kind::kDict);
      auto n = Make(Attribute::Kind::kString);
      n->s = std::string(name);
      axis->dict.emplace_back("name", std::move(n));
      axis->dict.emplace_back("size", MakeIntAttr(size));
      return axis;
    }
    case kMesh: {
      AttrPtr axes = ListOf(r);
      std::vector<int64_t> ids;
      if (!axes || !r.ReadSignedVarInts(&ids)) return nullptr;
      auto mesh = Make(Attribute::Kind::kDict, "sdy.mesh");
      mesh->dict.emplace_back("axes", std::move(axes));
      if (!ids.empty()) mesh->dict.emplace_back("device_ids", MakeIntListAttr(ids));
      return mesh;
    }
    case kSubAxisInfo: {
      int64_t pre, size;
      if (!r.ReadSignedVarInt(&pre) || !r.ReadSignedVarInt(&size)) return nullptr;
      auto info = Make(Attribute::Kind::kDict, "sdy.sub_axis_info");
      info->dict.emplace_back("pre_size", MakeIntAttr(pre));
      info->dict.emplace_back("size", MakeIntAttr(size));
      return info;
    }
    case kAxisRef: {
      std::string_view name;
      AttrPtr sub;
      if (!r.ReadString(&name) || !r.ReadOptionalAttribute(&sub)) return nullptr;
      // A whole axis is its name; a sub-axis a dict that sharding.cc refuses by name.
      auto axis = Make(sub ? Attribute::Kind::kDict : Attribute::Kind::kString, sub ? "sdy.sub_axis" : "");
      axis->s = std::string(name);
      return axis;
    }
    case kDimensionSharding: {
      AttrPtr axes = ListOf(r);
      uint8_t closed;
      uint64_t priority;
      if (!axes || !r.ReadByte(&closed) || !r.ReadVarInt(&priority)) return nullptr;
      return axes;  // open/closed and priority steer propagation only
    }
    case kTensorShardingV1:
    case kTensorShardingV2:
    case kTensorShardingV3: {
      AttrPtr mesh, dims, replicated, unreduced;
      if (!r.ReadAttribute(&mesh) || !(dims = ListOf(r)) || !(replicated = ListOf(r))) return nullptr;
      auto sharding = Make(Attribute::Kind::kDict, "sdy.sharding");
      sharding->dict.emplace_back("mesh", std::move(mesh));
      sharding->dict.emplace_back("dims", std::move(dims));
      sharding->dict.emplace_back("replicated", std::move(replicated));
      if (code != kTensorShardingV1) {
        if (!(unreduced = ListOf(r))) return nullptr;
        sharding->dict.emplace_back("unreduced", std::move(unreduced));
        if (code == kTensorShardingV3) {
          int64_t reduction;
          if (!r.ReadSignedVarInt(&reduction)) return nullptr;
        }
      }
      return sharding;
    }
    case kTensorShardingPerValueV1:
    case kTensorShardingPerValueV2: return ListOf(r);
    default: {
      auto a = Make(Attribute::Kind::kOpaque);
      a->s = "#sdy attribute #" + std::to_string(code);
      r.SkipRest();
      return a;
    }
  }
}

}  // namespace jaxlib::compiler::bytecode
