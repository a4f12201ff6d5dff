// Debug printing of the IR (generic-ish syntax with value ids) and of the buffer plan; used by
// tests and by JAXLIB_DUMP_PLAN, never parsed back.
#include <sstream>

#include "runtime/compiler/execution_plan.h"

namespace jaxlib::compiler {
namespace {

void PrintRegion(const Module& m, const ExecutionPlan* plan, const Region& r, int indent, std::ostringstream& os) {
  std::string pad(static_cast<size_t>(indent), ' ');
  auto storage = [&](ValueId v) -> std::string {
    if (!plan) return "";
    const ValueStorage& s = plan->storage(v);
    switch (s.kind) {
      case ValueStorage::Kind::kArena: return "@" + std::to_string(s.offset);
      case ValueStorage::Kind::kParameter: return "@param" + std::to_string(s.index);
      case ValueStorage::Kind::kOutput: return "@out" + std::to_string(s.index);
      case ValueStorage::Kind::kAlias: return "@alias%" + std::to_string(s.index);
      case ValueStorage::Kind::kConstant: return "@const";
      case ValueStorage::Kind::kRegionArgument: return "@arg";
      default: return "";
    }
  };
  if (!r.args.empty()) {
    os << pad << "^(";
    for (size_t k = 0; k < r.args.size(); ++k) os << (k ? ", " : "") << "%" << r.args[k] << ": " << m.type(r.args[k]).ToString();
    os << ")\n";
  }
  for (const auto& op : r.ops) {
    os << pad;
    for (size_t k = 0; k < op->results.size(); ++k)
      os << (k ? ", " : "") << "%" << op->results[k] << storage(op->results[k]);
    if (!op->results.empty()) os << " = ";
    os << OpName(op->kind) << "(";
    for (size_t k = 0; k < op->operands.size(); ++k) os << (k ? ", " : "") << "%" << op->operands[k];
    os << ")";
    if (plan) {
      auto it = plan->scratch.find(op.get());
      if (it != plan->scratch.end()) os << " scratch@" << it->second.offset << "+" << it->second.bytes;
    }
    os << " : ";
    for (size_t k = 0; k < op->results.size(); ++k) os << (k ? ", " : "") << m.type(op->results[k]).ToString();
    os << "\n";
    for (const auto& sub : op->regions) {
      os << pad << "  {\n";
      PrintRegion(m, plan, *sub, indent + 4, os);
      os << pad << "  }\n";
    }
  }
  os << pad << "return";
  for (size_t k = 0; k < r.results.size(); ++k) os << (k ? ", " : " ") << "%" << r.results[k];
  os << "\n";
}

}  // namespace

std::string PrintPlan(const ExecutionPlan& plan) {
  std::ostringstream os;
  os << "arena " << plan.arena_bytes << " bytes\n";
  PrintRegion(*plan.module, &plan, *plan.entry->body, 0, os);
  return os.str();
}

std::string PrintModule(const Module& m) {
  std::ostringstream os;
  for (const auto& f : m.functions) {
    os << "func @" << f->name << "\n";
    PrintRegion(m, nullptr, *f->body, 2, os);
  }
  return os.str();
}

}  // namespace jaxlib::compiler
