// Turns a Shardy program whose entry is one sdy.manual_computation (what shard_map lowers to)
// into the per-device program: the entry takes and returns the manual region's local shapes,
// which is what every device of execute_sharded is fed and must produce. Operations outside
// the manual region would need SPMD partitioning, which we do not do: they are rejected.
#include "runtime/compiler/passes.h"
#include "runtime/compiler/sharding.h"

namespace jaxlib::compiler {

Status LocalizeManualComputation(Module* module) {
  Function* entry = module->functions.empty() ? nullptr : module->functions.front().get();
  if (!entry) return Status::Ok();
  Region& body = *entry->body;
  Op* manual = nullptr;
  for (const auto& op : body.ops) {
    if (op->kind != OpKind::kManualComputation) continue;
    if (manual)
      return Unimplemented(OpDescription(*op) +
                           ": programs with several sdy.manual_computation ops are not supported");
    manual = op.get();
  }
  if (!manual) return Status::Ok();
  for (const auto& op : body.ops) {
    if (op.get() == manual) continue;
    return Unimplemented(OpDescription(*op) +
                         ": operations outside sdy.manual_computation need SPMD partitioning, which the CPU "
                         "backend does not do; put the whole computation inside shard_map");
  }
  if (manual->regions.size() != 1) return InvalidArgument(OpDescription(*manual) + ": expected one region");
  Region& region = *manual->regions[0];
  if (region.args.size() != manual->operands.size() || region.results.size() != manual->results.size())
    return InvalidArgument(OpDescription(*manual) + ": region arguments/results do not match operands/results");

  // How the host sees the program, before the entry turns local: global types, and shardings
  // from @main's attributes or else from the manual computation's own.
  Module::GlobalSignature global;
  const Attribute* in_shardings = manual->attr("in_shardings");
  const Attribute* out_shardings = manual->attr("out_shardings");
  for (size_t j = 0; j < body.args.size(); ++j) {
    global.params.push_back(module->type(body.args[j]));
    const Attribute* s = j < entry->arg_attrs.size() ? FindShardingAttribute(entry->arg_attrs[j]) : nullptr;
    for (size_t k = 0; !s && in_shardings && k < manual->operands.size() && k < in_shardings->array.size(); ++k)
      if (manual->operands[k] == body.args[j]) s = in_shardings->array[k].get();
    global.param_shardings.push_back(s ? std::make_shared<Attribute>(*s) : nullptr);
  }
  for (size_t j = 0; j < body.results.size(); ++j) {
    ValueId r = body.results[j];
    global.results.push_back(module->type(r));
    const Attribute* s = j < entry->result_attrs.size() ? FindShardingAttribute(entry->result_attrs[j]) : nullptr;
    const ValueInfo& info = module->values[static_cast<size_t>(r)];
    if (!s && out_shardings && info.def == manual && info.index < static_cast<int>(out_shardings->array.size()))
      s = out_shardings->array[static_cast<size_t>(info.index)].get();
    global.result_shardings.push_back(s ? std::make_shared<Attribute>(*s) : nullptr);
  }

  // Entry argument j becomes the local value its region argument(s) stand for.
  for (size_t j = 0; j < body.args.size(); ++j) {
    ValueId arg = body.args[j];
    bool retyped = false;
    for (size_t k = 0; k < manual->operands.size(); ++k) {
      if (manual->operands[k] != arg) continue;
      const Type& local = module->type(region.args[k]);
      if (retyped && module->type(arg) != local)
        return InvalidArgument(OpDescription(*manual) + ": argument #" + std::to_string(j) +
                               " is passed twice with different local types");
      module->values[static_cast<size_t>(arg)].type = local;
      retyped = true;
      ReplaceUses(&region, region.args[k], arg);
    }
  }
  for (size_t k = 0; k < manual->operands.size(); ++k) {
    ValueInfo& info = module->values[static_cast<size_t>(manual->operands[k])];
    if (info.def != nullptr || info.owner != &body)
      return Unimplemented(OpDescription(*manual) + ": operand #" + std::to_string(k) +
                           " is not an argument of the entry function");
  }
  // Entry results: the manual computation's results become the region's local results.
  std::vector<ValueId> results;
  std::vector<Type> result_types;
  for (ValueId r : body.results) {
    const ValueInfo& info = module->values[static_cast<size_t>(r)];
    if (info.def == manual) {
      ValueId local = region.results[static_cast<size_t>(info.index)];
      results.push_back(local);
      result_types.push_back(module->type(local));
    } else if (info.def == nullptr && info.owner == &body) {
      results.push_back(r);  // an argument returned as is: its local value
      result_types.push_back(module->type(r));
    } else {
      return Unimplemented("entry result not produced by sdy.manual_computation");
    }
  }
  // Replacing the entry's ops destroys the manual computation together with its region.
  std::vector<std::unique_ptr<Op>> ops = std::move(region.ops);
  body.ops = std::move(ops);
  body.results = std::move(results);
  entry->result_types = std::move(result_types);
  module->per_partition_entry = std::move(global);
  return Status::Ok();
}

}  // namespace jaxlib::compiler
