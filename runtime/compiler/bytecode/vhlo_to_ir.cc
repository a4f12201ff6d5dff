// From the generic op tree of a StableHLO portable artifact to our IR (see vhlo_to_ir.h).
// Attribute names and value kinds end up as the text parser leaves them for the same program,
// so verify.cc, the passes and the executors cannot tell which front end ran.
#include "runtime/compiler/bytecode/vhlo_to_ir.h"

#include <cstdio>

#include "runtime/compiler/bytecode/vhlo_ops.h"

namespace jaxlib::compiler::bytecode {
namespace {

std::shared_ptr<Attribute> NewAttr(Attribute::Kind kind) {
  auto a = std::make_shared<Attribute>();
  a->kind = kind;
  return a;
}

// "StableHLO_v1.13.3" -> 1.13.3; false for other producers (plain MLIR bytecode).
bool ParseProducerVersion(std::string_view producer, StablehloVersion* out) {
  constexpr std::string_view kPrefix = "StableHLO_v";
  if (producer.substr(0, kPrefix.size()) != kPrefix) return false;
  std::string rest(producer.substr(kPrefix.size()));
  int major, minor, patch;
  char tail;
  if (std::sscanf(rest.c_str(), "%d.%d.%d%c", &major, &minor, &patch, &tail) != 3) return false;
  *out = StablehloVersion{major, minor, patch};
  return true;
}

std::string VersionString(const StablehloVersion& v) {
  return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

class Converter {
 public:
  explicit Converter(const GenericModule& file) : file_(file), values_(file.value_types.size(), kNoValue) {}

  StatusOr<std::unique_ptr<Module>> Run() {
    module_ = std::make_unique<Module>();
    const GenericOp* top = nullptr;
    for (const GenericOp& op : file_.top_level) {
      if (op.dialect == "builtin" && op.name == "module") {
        if (top) return InvalidArgument("MLIR bytecode holds more than one module");
        top = &op;
      } else {
        return Error(op, "unexpected top-level op '" + FullName(op) + "'");
      }
    }
    if (!top) return InvalidArgument("MLIR bytecode holds no module");
    ReadModuleAttributes(*top);
    if (top->regions.size() != 1 || top->regions[0].blocks.size() != 1) return Error(*top, "module must have one block");
    for (const GenericOp& op : top->regions[0].blocks[0].ops) {
      if (op.dialect == "vhlo" && op.name == "func_v1") {
        JAXLIB_RETURN_IF_ERROR(ConvertFunction(op));
      } else if (op.dialect == "sdy" && op.name == "mesh") {
        const Attribute* name = op.attr("sym_name");
        const Attribute* mesh = op.attr("mesh");
        if (!name || name->kind != Attribute::Kind::kString || !mesh || mesh->name != "sdy.mesh")
          return Error(op, "sdy.mesh needs sym_name and a mesh");
        for (const auto& [key, value] : op.attrs)
          if (key == "mesh") module_->meshes.emplace_back(name->s, value);
      } else if (op.dialect == "func" || op.dialect == "stablehlo" || op.dialect == "chlo") {
        return Error(op, "this MLIR bytecode holds '" + FullName(op) +
                             "', not a StableHLO portable artifact (VHLO); serialize the module with "
                             "stablehlo.serialize_portable_artifact, or send it as text");
      } else {
        return Error(op, "unknown op '" + FullName(op) + "' at module level");
      }
    }
    if (module_->functions.empty()) return InvalidArgument("program has no func.func");
    return std::move(module_);
  }

 private:
  static std::string FullName(const GenericOp& op) { return op.dialect + "." + op.name; }

  Status Error(const GenericOp& op, const std::string& message) const {
    std::string where = file_.LocationOf(op);
    return InvalidArgument("MLIR bytecode: " + message + (where.empty() ? "" : " (at " + where + ")"));
  }

  void ReadModuleAttributes(const GenericOp& op) {
    for (const auto& [name, value] : op.attrs) {
      if (name == "mhlo.num_replicas" && value->kind == Attribute::Kind::kInt) module_->num_replicas = static_cast<int>(value->i);
      if (name == "mhlo.num_partitions" && value->kind == Attribute::Kind::kInt) module_->num_partitions = static_cast<int>(value->i);
      if (name == "sym_name" && value->kind == Attribute::Kind::kString) module_->name = value->s;
    }
  }

  StatusOr<Type> ValueType(const GenericOp& op, uint32_t value, const char* what) const {
    const TypeValue* t = file_.value_types[value];
    if (t->kind == TypeValue::Kind::kValue) return t->type;
    if (t->kind == TypeValue::Kind::kElement) return t->type;  // a bare element type: a scalar
    std::string name = t->name.empty() ? "?" : t->name;
    return Error(op, "op '" + FullName(op) + "' " + what + " has unsupported element type or type '" + name + "'");
  }

  StatusOr<ValueId> Use(const GenericOp& op, uint32_t value) const {
    ValueId v = values_[value];
    if (v == kNoValue) return Error(op, "op '" + FullName(op) + "' uses a value that has no definition in the program");
    return v;
  }

  Status ConvertFunction(const GenericOp& op) {
    auto f = std::make_unique<Function>();
    const Attribute* name = op.attr("sym_name");
    const Attribute* type = op.attr("function_type");
    if (!name || name->kind != Attribute::Kind::kString) return Error(op, "func_v1 without a sym_name");
    if (type && type->kind == Attribute::Kind::kOpaque)
      return Error(op, "function @" + name->s + " has an unsupported element type or type in its signature (" +
                           type->s + ")");
    if (!type || type->kind != Attribute::Kind::kDict || type->name != "function_type")
      return Error(op, "function @" + name->s + " has no function_type");
    f->name = name->s;
    if (const Attribute* vis = op.attr("sym_visibility"); vis && vis->kind == Attribute::Kind::kString)
      f->is_public = vis->s != "private";
    for (const AttrPtr& t : type->Get("results")->array) f->result_types.push_back(t->type);
    if (op.regions.size() != 1) return Error(op, "function @" + f->name + " must have one body region");
    f->body = std::make_unique<Region>();
    JAXLIB_RETURN_IF_ERROR(ConvertRegion(op, op.regions[0], f->body.get()));
    const Attribute* inputs = type->Get("inputs");
    if (inputs->array.size() != f->body->args.size()) return Error(op, "function @" + f->name + " argument count mismatch");
    for (size_t k = 0; k < f->body->args.size(); ++k)
      if (module_->type(f->body->args[k]) != inputs->array[k]->type)
        return Error(op, "function @" + f->name + " argument #" + std::to_string(k) + " type mismatch");
    if (f->body->results.size() != f->result_types.size())
      return Error(op, "function @" + f->name + " returns " + std::to_string(f->body->results.size()) +
                           " values but declares " + std::to_string(f->result_types.size()));
    for (size_t k = 0; k < f->result_types.size(); ++k)
      if (module_->type(f->body->results[k]) != f->result_types[k])
        return Error(op, "function @" + f->name + " result #" + std::to_string(k) + " has type " +
                             module_->type(f->body->results[k]).ToString() + " but declares " +
                             f->result_types[k].ToString());
    JAXLIB_RETURN_IF_ERROR(ReadSignatureAttrs(op, "arg_attrs", f->body->args.size(), &f->arg_attrs));
    JAXLIB_RETURN_IF_ERROR(ReadSignatureAttrs(op, "res_attrs", f->result_types.size(), &f->result_attrs));
    if (module_->FindFunction(f->name)) return Error(op, "redefinition of function @" + f->name);
    module_->functions.push_back(std::move(f));
    return Status();
  }

  // func_v1's arg_attrs / res_attrs: an array with one dictionary per argument / result (or
  // absent). Kept on the Function as the text parser keeps them (donation, memory kinds).
  Status ReadSignatureAttrs(const GenericOp& op, const char* key, size_t count,
                            std::vector<std::vector<NamedAttr>>* out) const {
    out->assign(count, {});
    const Attribute* list = op.attr(key);
    if (list == nullptr || (list->kind == Attribute::Kind::kArray && list->array.empty())) return Status();
    if (list->kind != Attribute::Kind::kArray || list->array.size() != count)
      return Error(op, std::string(key) + " must be an array with one dictionary per entry (" + std::to_string(count) + ")");
    for (size_t k = 0; k < count; ++k) {
      const AttrPtr& d = list->array[k];
      if (!d || d->kind != Attribute::Kind::kDict) return Error(op, std::string(key) + " entry " + std::to_string(k) + " is not a dictionary");
      for (const auto& [name, value] : d->dict) (*out)[k].push_back(NamedAttr{name, value});
    }
    return Status();
  }

  Status ConvertRegion(const GenericOp& owner, const GenericRegion& in, Region* out) {
    if (in.blocks.size() != 1)
      return Error(owner, "op '" + FullName(owner) + "' has a region with " + std::to_string(in.blocks.size()) +
                              " blocks (only single-block regions are supported)");
    const GenericBlock& block = in.blocks[0];
    for (size_t k = 0; k < block.args.size(); ++k) {
      JAXLIB_ASSIGN_OR_RETURN(Type t, ValueType(owner, block.args[k], "region argument"));
      values_[block.args[k]] = module_->NewValue(std::move(t), nullptr, out, static_cast<int>(k));
      out->args.push_back(values_[block.args[k]]);
    }
    bool terminated = false;
    for (const GenericOp& op : block.ops) {
      if (terminated) return Error(op, "op '" + FullName(op) + "' after the region's terminator");
      if ((op.dialect == "vhlo" && op.name == "return_v1") || (op.dialect == "sdy" && op.name == "return")) {
        for (uint32_t v : op.operands) {
          JAXLIB_ASSIGN_OR_RETURN(ValueId id, Use(op, v));
          out->results.push_back(id);
        }
        terminated = true;
        continue;
      }
      JAXLIB_RETURN_IF_ERROR(ConvertOp(op, out));
    }
    if (!terminated) return Error(owner, "a region of '" + FullName(owner) + "' has no terminator");
    return Status();
  }

  Status ConvertOp(const GenericOp& op, Region* block) {
    if (op.dialect == "builtin" && op.name == "unrealized_conversion_cast") {
      // The serializer's bridge between VHLO values and natively typed sdy regions: both
      // sides are the same tensor, so the result simply is the operand.
      if (op.operands.size() != 1 || op.results.size() != 1)
        return Error(op, "unrealized_conversion_cast must have one operand and one result");
      JAXLIB_ASSIGN_OR_RETURN(ValueId in, Use(op, op.operands[0]));
      JAXLIB_ASSIGN_OR_RETURN(Type t, ValueType(op, op.results[0], "result"));
      if (module_->type(in) != t)
        return Error(op, "unrealized_conversion_cast changes type " + module_->type(in).ToString() + " to " + t.ToString());
      values_[op.results[0]] = in;
      return Status();
    }
    auto ir = std::make_unique<Op>();
    std::string target;
    if (op.dialect == "vhlo") {
      const VhloOpInfo* info = FindVhloOp(op.name);
      if (!info) return Error(op, "unknown op 'vhlo." + op.name + "' (from a StableHLO newer than this reader?)");
      target = std::string(info->target);
    } else if (op.dialect == "sdy") {
      target = "sdy." + op.name;
    } else {
      return Error(op, "unknown op '" + FullName(op) + "'");
    }
    if (target == "stablehlo.composite") {
      ir->kind = OpKind::kCall;
    } else if (target == "func.func" || target == "func.return") {
      return Error(op, "op '" + FullName(op) + "' is not allowed inside a region");
    } else if (auto kind = OpKindFromName(target)) {
      ir->kind = *kind;
    } else {
      return Error(op, "unknown op '" + target + "'");
    }
    for (uint32_t v : op.operands) {
      JAXLIB_ASSIGN_OR_RETURN(ValueId id, Use(op, v));
      ir->operands.push_back(id);
    }
    ConvertAttributes(op, ir.get());
    if (ir->kind == OpKind::kCall) {
      const Attribute* callee = op.attr(target == "stablehlo.composite" ? "decomposition" : "callee");
      if (!callee || (callee->kind != Attribute::Kind::kString && callee->kind != Attribute::Kind::kSymbol))
        return Error(op, "op '" + FullName(op) + "' names no callee");
      ir->callee = callee->s;
    } else if (ir->kind == OpKind::kCustomCall) {
      const Attribute* name = op.attr("call_target_name");
      if (!name || name->kind != Attribute::Kind::kString) return Error(op, "custom_call without call_target_name");
      ir->callee = name->s;
    }
    for (const GenericRegion& r : op.regions) {
      auto region = std::make_unique<Region>();
      JAXLIB_RETURN_IF_ERROR(ConvertRegion(op, r, region.get()));
      ir->regions.push_back(std::move(region));
    }
    for (size_t k = 0; k < op.results.size(); ++k) {
      JAXLIB_ASSIGN_OR_RETURN(Type t, ValueType(op, op.results[k], "result"));
      values_[op.results[k]] = module_->NewValue(std::move(t), ir.get(), nullptr, static_cast<int>(k));
      ir->results.push_back(values_[op.results[k]]);
    }
    block->ops.push_back(std::move(ir));
    return Status();
  }

  // VHLO states every attribute, defaults included; the text form leaves defaults out and
  // spells a few differently. Both become what the text parser produces.
  static void ConvertAttributes(const GenericOp& op, Op* ir) {
    for (const auto& [name, value] : op.attrs) {
      const Attribute& v = *value;
      if (v.kind == Attribute::Kind::kUnit && v.name == "none") continue;  // an absent optional type
      if (name == "compare_type" && v.kind == Attribute::Kind::kEnum && v.s == "NOTYPE") continue;
      if (name == "result_accuracy") continue;  // accuracy requests: we always compute exactly
      if (name == "api_version" && v.kind == Attribute::Kind::kEnum) {
        ir->attrs.push_back({name, MakeIntAttr(v.i)});
        continue;
      }
      if (name == "channel_id" && v.kind == Attribute::Kind::kInt) {
        if (v.i <= 0) continue;
        auto handle = NewAttr(Attribute::Kind::kDict);
        handle->name = "stablehlo.channel_handle";
        handle->dict.emplace_back("handle", MakeIntAttr(v.i));
        const Attribute* type = op.attr("channel_type");
        handle->dict.emplace_back("type", MakeIntAttr(type && type->kind == Attribute::Kind::kInt ? type->i : 1));
        ir->attrs.push_back({"channel_handle", std::move(handle)});
        continue;
      }
      if (name == "called_computations" && v.kind == Attribute::Kind::kArray) {
        auto refs = NewAttr(Attribute::Kind::kArray);
        for (const AttrPtr& e : v.array) {
          auto ref = NewAttr(Attribute::Kind::kSymbol);
          ref->s = e->s;
          refs->array.push_back(std::move(ref));
        }
        ir->attrs.push_back({name, std::move(refs)});
        continue;
      }
      if (name == "backend_config" && v.kind == Attribute::Kind::kString && v.s.empty()) continue;
      ir->attrs.push_back({name, value});
    }
  }

  const GenericModule& file_;
  std::vector<ValueId> values_;  // generic value number -> our value
  std::unique_ptr<Module> module_;
};

}  // namespace

StatusOr<std::unique_ptr<Module>> ConvertToIr(const GenericModule& file) { return Converter(file).Run(); }

StatusOr<std::unique_ptr<Module>> ReadBytecodeModule(std::string_view bytes) {
  JAXLIB_ASSIGN_OR_RETURN(GenericModule file, ReadBytecode(bytes));
  StablehloVersion version;
  if (ParseProducerVersion(file.producer, &version)) {
    if (version < kMinimumStablehloVersion || kCurrentStablehloVersion < version) {
      return Unimplemented("StableHLO portable artifact version " + VersionString(version) +
                           " is outside the versions this plugin reads (" + VersionString(kMinimumStablehloVersion) +
                           " to " + VersionString(kCurrentStablehloVersion) + ")");
    }
  }
  return ConvertToIr(file);
}

}  // namespace jaxlib::compiler::bytecode
