// Inlining of func.call (JAX's private helper functions) into one entry function, forwarding
// ops that are identities for execution (sharding annotations, optimization barriers).
#include <unordered_map>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

// Custom-call targets that only annotate sharding or placement: identities for execution
// (xla.sdy.FuncResultSharding is Shardy's export form of a result sharding).
bool IsIdentityCustomCall(const Op& op) {
  return op.kind == OpKind::kCustomCall && op.operands.size() == 1 && op.results.size() == 1 &&
         (op.callee == "Sharding" || op.callee == "xla.sdy.FuncResultSharding" || op.callee == "SPMDFullToShardShape" ||
          op.callee == "SPMDShardToFullShape" || op.callee == "annotate_device_placement" ||
          op.callee == "MoveToHost" || op.callee == "MoveToDevice" || op.callee == "mhlo.sharding") ;
}

class Inliner {
 public:
  explicit Inliner(Module* m) : m_(m) {}

  Status Run() {
    Function* entry = m_->main();
    if (!entry) return InvalidArgument("program has no public entry function (expected @main)");
    auto f = std::make_unique<Function>();
    f->name = entry->name;
    f->is_public = true;
    f->loc = entry->loc;
    f->result_types = entry->result_types;
    f->arg_attrs = entry->arg_attrs;
    f->result_attrs = entry->result_attrs;
    f->body = std::make_unique<Region>();
    f->body->loc = entry->body->loc;
    Remap map;
    for (ValueId a : entry->body->args) {
      ValueId n = m_->NewValue(m_->type(a), nullptr, f->body.get(), static_cast<int>(f->body->args.size()));
      f->body->args.push_back(n);
      map[a] = n;
    }
    JAXLIB_RETURN_IF_ERROR(CloneOps(*entry->body, f->body.get(), &map, 0));
    for (ValueId r : entry->body->results) f->body->results.push_back(Map(map, r));
    m_->functions.clear();
    m_->functions.push_back(std::move(f));
    return Status::Ok();
  }

 private:
  using Remap = std::unordered_map<ValueId, ValueId>;

  static ValueId Map(const Remap& map, ValueId v) {
    auto it = map.find(v);
    return it == map.end() ? v : it->second;
  }

  Status CloneOps(const Region& src, Region* dst, Remap* map, int depth) {
    if (depth > 64) return InvalidArgument("func.call nesting deeper than 64 (recursive functions are not supported)");
    for (const auto& op : src.ops) {
      if (op->kind == OpKind::kCall) {
        Function* callee = m_->FindFunction(op->callee);
        if (!callee)
          return InvalidArgument(op->loc.ToString() + ": op 'func.call': unknown function @" + op->callee);
        if (callee->body->args.size() != op->operands.size())
          return InvalidArgument(op->loc.ToString() + ": op 'func.call': @" + op->callee + " takes " +
                                 std::to_string(callee->body->args.size()) + " arguments, got " +
                                 std::to_string(op->operands.size()));
        if (callee->result_types.size() != op->results.size())
          return InvalidArgument(op->loc.ToString() + ": op 'func.call': @" + op->callee + " returns " +
                                 std::to_string(callee->result_types.size()) + " values, call expects " +
                                 std::to_string(op->results.size()));
        Remap inner;
        for (size_t k = 0; k < op->operands.size(); ++k) {
          ValueId actual = Map(*map, op->operands[k]);
          if (m_->type(actual) != m_->type(callee->body->args[k]))
            return InvalidArgument(op->loc.ToString() + ": op 'func.call': argument #" + std::to_string(k) +
                                   " of @" + op->callee + " has type " + m_->type(actual).ToString() +
                                   ", expected " + m_->type(callee->body->args[k]).ToString());
          inner[callee->body->args[k]] = actual;
        }
        JAXLIB_RETURN_IF_ERROR(CloneOps(*callee->body, dst, &inner, depth + 1));
        for (size_t k = 0; k < op->results.size(); ++k) {
          ValueId r = Map(inner, callee->body->results[k]);
          if (m_->type(r) != m_->type(op->results[k]))
            return InvalidArgument(op->loc.ToString() + ": op 'func.call': result #" + std::to_string(k) +
                                   " of @" + op->callee + " has type " + m_->type(r).ToString() +
                                   ", call expects " + m_->type(op->results[k]).ToString());
          (*map)[op->results[k]] = r;
        }
        continue;
      }
      bool forward = op->kind == OpKind::kIdentity || op->kind == OpKind::kReshard ||
                     op->kind == OpKind::kOptimizationBarrier || IsIdentityCustomCall(*op);
      if (forward && op->operands.size() == op->results.size()) {
        bool types_ok = true;
        for (size_t k = 0; k < op->operands.size(); ++k)
          types_ok = types_ok && m_->type(op->operands[k]) == m_->type(op->results[k]);
        if (types_ok) {
          for (size_t k = 0; k < op->results.size(); ++k) (*map)[op->results[k]] = Map(*map, op->operands[k]);
          continue;
        }
      }
      if (op->kind == OpKind::kGetTupleElement) {
        ValueId t = Map(*map, op->operands[0]);
        const Op* def = m_->values[static_cast<size_t>(t)].def;
        int64_t i = op->IntAttr("index", -1);
        if (def && def->kind == OpKind::kTuple && i >= 0 && i < static_cast<int64_t>(def->operands.size())) {
          (*map)[op->results[0]] = def->operands[static_cast<size_t>(i)];
          continue;
        }
      }
      auto copy = std::make_unique<Op>();
      copy->kind = op->kind;
      copy->attrs = op->attrs;
      copy->callee = op->callee;
      copy->loc = op->loc;
      for (ValueId v : op->operands) copy->operands.push_back(Map(*map, v));
      for (const auto& r : op->regions) {
        auto nr = std::make_unique<Region>();
        nr->loc = r->loc;
        for (ValueId a : r->args) {
          ValueId n = m_->NewValue(m_->type(a), nullptr, nr.get(), static_cast<int>(nr->args.size()));
          nr->args.push_back(n);
          (*map)[a] = n;
        }
        JAXLIB_RETURN_IF_ERROR(CloneOps(*r, nr.get(), map, depth));
        for (ValueId v : r->results) nr->results.push_back(Map(*map, v));
        copy->regions.push_back(std::move(nr));
      }
      for (size_t k = 0; k < op->results.size(); ++k) {
        ValueId n = m_->NewValue(m_->type(op->results[k]), copy.get(), nullptr, static_cast<int>(k));
        copy->results.push_back(n);
        (*map)[op->results[k]] = n;
      }
      dst->ops.push_back(std::move(copy));
    }
    return Status::Ok();
  }

  Module* m_;
};

}  // namespace

Status InlineCalls(Module* module) { return Inliner(module).Run(); }

ValueId AppendOp(Module* m, std::vector<std::unique_ptr<Op>>* ops, OpKind kind, std::vector<ValueId> operands,
                 Type result, std::vector<NamedAttr> attrs, const Location& loc) {
  auto op = std::make_unique<Op>();
  op->kind = kind;
  op->operands = std::move(operands);
  op->attrs = std::move(attrs);
  op->loc = loc;
  ValueId v = m->NewValue(std::move(result), op.get(), nullptr, 0);
  op->results.push_back(v);
  ops->push_back(std::move(op));
  return v;
}

void ReplaceUses(Region* region, ValueId from, ValueId to) {
  for (auto& op : region->ops) {
    for (ValueId& v : op->operands)
      if (v == from) v = to;
    for (auto& r : op->regions) ReplaceUses(r.get(), from, to);
  }
  for (ValueId& v : region->results)
    if (v == from) v = to;
}

}  // namespace jaxlib::compiler
