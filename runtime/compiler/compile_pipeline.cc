// The compiler pipeline: text → verified IR → one inlined, simplified, fused entry function →
// execution plan. Every stage reports errors as Status; nothing here throws.
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <unordered_set>
#include <vector>

#include "runtime/compiler/bytecode/bytecode_file.h"
#include "runtime/compiler/bytecode/vhlo_to_ir.h"
#include "runtime/compiler/execution_plan.h"
#include "runtime/compiler/mlir_parser.h"
#include "runtime/compiler/passes.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::compiler {

namespace {

// Every value a region's ops read (nested regions included) that an op of the region defines is
// defined by an earlier op: what the rewriting passes must keep (a fusion placed after a reader
// of its results would run on stale bytes). An Internal error names the op otherwise.
Status CheckDefinedBeforeRead(const Region& r) {
  std::unordered_set<ValueId> defined_here, seen;
  for (const auto& op : r.ops)
    for (ValueId v : op->results) defined_here.insert(v);
  for (const auto& op : r.ops) {
    std::vector<ValueId> reads = op->operands;
    for (const auto& sub : op->regions) CollectUsedValues(*sub, &reads);
    for (ValueId v : reads)
      if (defined_here.count(v) && !seen.count(v))
        return Internal("compiler pass left " + OpDescription(*op) + " reading a value defined after it");
    for (ValueId v : op->results) seen.insert(v);
    for (const auto& sub : op->regions) JAXLIB_RETURN_IF_ERROR(CheckDefinedBeforeRead(*sub));
  }
  return Status::Ok();
}

}  // namespace

std::string ValidUtf8(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  static const char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < s.size();) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) >> 6) == 0x2;
    if (ok && len == 2) ok = c >= 0xc2;  // no overlong encodings
    if (ok && len == 3) {
      unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
      ok = !(c == 0xe0 && c1 < 0xa0) && !(c == 0xed && c1 >= 0xa0);  // overlong, surrogates
    }
    if (ok && len == 4) {
      unsigned char c1 = static_cast<unsigned char>(s[i + 1]);
      ok = c <= 0xf4 && !(c == 0xf0 && c1 < 0x90) && !(c == 0xf4 && c1 >= 0x90);
    }
    if (ok && (c >= 0x20 || c == '\n' || c == '\t')) {
      out.append(s, i, len);
      i += len;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
      ++i;
    }
  }
  return out;
}

namespace {
StatusOr<std::unique_ptr<ExecutionPlan>> CompileToPlanImpl(std::string_view mlir_text, const PipelineOptions& options);

}  // namespace

// JAXLIB_DUMP_PROGRAMS=<dir>: every program handed to the compiler is written there unchanged
// (text as .mlir, bytecode as .mlirbc), named by a hash of its bytes, so a user can attach
// exactly what their host sent to a bug report.
void DumpProgram(std::string_view program) {
  const char* dir = std::getenv("JAXLIB_DUMP_PROGRAMS");
  if (dir == nullptr || *dir == 0) return;
  bool bytecode = program.size() >= 4 && program.substr(0, 4) == std::string_view("ML\xefR", 4);
  char name[32];
  std::snprintf(name, sizeof(name), "%016zx", std::hash<std::string_view>{}(program));
  std::string path = std::string(dir) + "/" + name + (bytecode ? ".mlirbc" : ".mlir");
  if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
    std::fwrite(program.data(), 1, program.size(), f);
    std::fclose(f);
  }
}

StatusOr<std::unique_ptr<ExecutionPlan>> CompileToPlan(std::string_view mlir_text, const PipelineOptions& options) {
  DumpProgram(mlir_text);
  StatusOr<std::unique_ptr<ExecutionPlan>> plan = CompileToPlanImpl(mlir_text, options);
  if (!plan.ok()) return Status(plan.status().code(), ValidUtf8(plan.status().message()));
  return plan;
}

Status PlanFusedLoops(ExecutionPlan* plan) {
  const Module& m = *plan->module;
  std::vector<const Region*> stack = {plan->entry->body.get()};
  while (!stack.empty()) {
    const Region* r = stack.back();
    stack.pop_back();
    for (const auto& op : r->ops) {
      if (op->kind != OpKind::kFusion) {
        for (const auto& sub : op->regions) stack.push_back(sub.get());
        continue;
      }
      if (!IsPlainFusedLoop(*op)) continue;
      const Region& body = *op->regions[0];
      StatusOr<std::shared_ptr<const FusedLoopProgram>> program =
          BuildFusedLoopProgram(m, body, m.type(body.results[0]).dims);
      if (!program.ok()) {
        const Status& st = program.status();
        if (st.message().find(" at ") == std::string::npos && op->loc.line > 0)
          return Status(st.code(), OpDescription(*op) + ": " + st.message());
        return st;
      }
      plan->fused_loops.emplace(op.get(), std::move(program).value());
    }
  }
  return Status::Ok();
}

namespace {

StatusOr<std::unique_ptr<ExecutionPlan>> CompileToPlanImpl(std::string_view mlir_text, const PipelineOptions& options) {
  // Two front ends, one IR: MLIR bytecode (StableHLO portable artifacts, what JAX sends) or text.
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Module> module, bytecode::IsBytecode(mlir_text)
                                                              ? bytecode::ReadBytecodeModule(mlir_text)
                                                              : ParseModule(mlir_text));
  JAXLIB_RETURN_IF_ERROR(VerifyModule(*module));
  JAXLIB_RETURN_IF_ERROR(RaiseShardyRoundTrip(module.get()));
  JAXLIB_RETURN_IF_ERROR(InlineCalls(module.get()));
  JAXLIB_RETURN_IF_ERROR(LocalizeManualComputation(module.get()));
  // The host sees the entry's types as written; narrow ones are stored as bytes from here on.
  std::vector<Type> host_params, host_results = module->functions.front()->result_types;
  for (ValueId a : module->functions.front()->body->args) host_params.push_back(module->type(a));
  JAXLIB_RETURN_IF_ERROR(LowerNarrowTypes(module.get()));
  EliminateCommonSubexpressions(module.get());
  FoldConstants(module.get());
  NarrowWideIntegers(module.get());
  SplitComplexArithmetic(module.get());
  FoldConstants(module.get());
  EliminateCommonSubexpressions(module.get());
  EliminateDeadCode(module.get());
  if (options.match_softmax) {
    MatchSoftmax(module.get());
    EliminateDeadCode(module.get());
  }
  ElementwiseUnitReductions(module.get());
  ReshapeUnitBroadcasts(module.get());
  if (UnrollStackedReductions(module.get())) {
    // Rows of constants (the init, a stack's constant pieces) fold, so the first unrolled steps
    // do not start a loop of their own.
    FoldConstants(module.get());
    EliminateCommonSubexpressions(module.get());
  }
  ComposeDataMovement(module.get());
  ReshapeUnitBroadcasts(module.get());  // composed chains that only add unit dims
  LinearizePointGathers(module.get());
  HoistLoopProducts(module.get());
  EliminateDeadCode(module.get());
  if (options.fuse_elementwise) {
    FuseElementwise(module.get(), options.fuse_reductions);
    EliminateDeadCode(module.get());
  }
  JAXLIB_RETURN_IF_ERROR(CheckDefinedBeforeRead(*module->functions.front()->body));
  auto plan = std::make_unique<ExecutionPlan>();
  plan->entry = module->functions.front().get();
  plan->parameter_types = std::move(host_params);
  plan->result_types = std::move(host_results);
  // Entry tokens cross the PJRT boundary as empty pred arrays (tensor<0xi1>): what JAX passes
  // for a `jax.token` parameter and keeps as the next call's token. They carry no bytes.
  for (std::vector<Type>* types : {&plan->parameter_types, &plan->result_types}) {
    for (Type& t : *types) {
      if (t.kind == Type::Kind::kToken) t = Type::Tensor(ElementType::kPred, {0});
      if (!t.is_tensor()) return Unimplemented("entry parameters and results of type " + t.ToString() + " are not supported");
    }
  }
  plan->module = std::move(module);
  JAXLIB_RETURN_IF_ERROR(PlanBuffers(plan.get(), options));
  JAXLIB_RETURN_IF_ERROR(PlanFusedLoops(plan.get()));
  if (const char* dump = std::getenv("JAXLIB_DUMP_PLAN"); dump && *dump) std::fputs(PrintPlan(*plan).c_str(), stderr);
  return plan;
}

}  // namespace

}  // namespace jaxlib::compiler
