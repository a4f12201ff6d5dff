// Shardy's "round-trip" export form back into the ops it stands for. Producers that serialize
// sharded programs through XLA's export pipeline (stablehlo.serialize_portable_artifact,
// jax.export) replace sdy.manual_computation by
//   %l = custom_call @xla.sdy.GlobalToLocalShape(%g...)
//   %r = call @<body>(%l...)
//   %o = custom_call @xla.sdy.LocalToGlobalShape(%r...)
// (function results are marked with custom_call @xla.sdy.FuncResultSharding, which InlineCalls
// forwards). We rebuild the manual computation (its region calls the body), so both forms reach
// LocalizeManualComputation as the same IR. Front-end neutral: text and bytecode alike.
#include <algorithm>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

constexpr char kGlobalToLocal[] = "xla.sdy.GlobalToLocalShape";
constexpr char kLocalToGlobal[] = "xla.sdy.LocalToGlobalShape";

bool IsCustomCall(const Op& op, std::string_view target) {
  return op.kind == OpKind::kCustomCall && op.callee == target;
}

Status RaiseRegion(Module* module, Region* region) {
  for (auto& op : region->ops)
    for (auto& sub : op->regions) JAXLIB_RETURN_IF_ERROR(RaiseRegion(module, sub.get()));
  auto& ops = region->ops;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (!IsCustomCall(*ops[i], kGlobalToLocal)) continue;
    Op* to_local = ops[i].get();
    // The body call consumes exactly the local values, in order; its results go global.
    size_t call_at = i + 1;
    while (call_at < ops.size() && !(ops[call_at]->kind == OpKind::kCall && ops[call_at]->operands == to_local->results))
      ++call_at;
    if (call_at == ops.size())
      return InvalidArgument(OpDescription(*to_local) + ": no call of a manual computation body takes its results");
    Op* call = ops[call_at].get();
    size_t to_global_at = call_at + 1;
    while (to_global_at < ops.size() &&
           !(IsCustomCall(*ops[to_global_at], kLocalToGlobal) && ops[to_global_at]->operands == call->results))
      ++to_global_at;
    if (to_global_at == ops.size() && !call->results.empty())
      return InvalidArgument(OpDescription(*call) + ": the manual computation's results are not made global again");

    auto manual = std::make_unique<Op>();
    manual->kind = OpKind::kManualComputation;
    manual->loc = to_local->loc;
    manual->operands = to_local->operands;
    auto body = std::make_unique<Region>();
    for (size_t k = 0; k < to_local->results.size(); ++k) {
      ValueId arg = module->NewValue(module->type(to_local->results[k]), nullptr, body.get(), static_cast<int>(k));
      body->args.push_back(arg);
    }
    call->operands = body->args;
    body->results = call->results;
    if (to_global_at < ops.size()) {
      Op* to_global = ops[to_global_at].get();
      for (size_t k = 0; k < to_global->results.size(); ++k) {
        ValueId r = module->NewValue(module->type(to_global->results[k]), manual.get(), nullptr, static_cast<int>(k));
        manual->results.push_back(r);
      }
      // Uses of the global results sit later in this region or in enclosing function results.
      for (size_t k = 0; k < to_global->results.size(); ++k) ReplaceUses(region, to_global->results[k], manual->results[k]);
      ops.erase(ops.begin() + static_cast<std::ptrdiff_t>(to_global_at));
    }
    body->ops.push_back(std::move(ops[call_at]));
    ops.erase(ops.begin() + static_cast<std::ptrdiff_t>(call_at));
    manual->regions.push_back(std::move(body));
    ops[i] = std::move(manual);  // replaces GlobalToLocalShape, whose results now have no uses
  }
  return Status::Ok();
}

}  // namespace

Status RaiseShardyRoundTrip(Module* module) {
  for (auto& f : module->functions) JAXLIB_RETURN_IF_ERROR(RaiseRegion(module, f->body.get()));
  return Status::Ok();
}

}  // namespace jaxlib::compiler
