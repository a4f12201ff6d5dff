// The compiler pipeline: text → verified IR → one inlined, simplified, fused entry function →
// execution plan. Every stage reports errors as Status; nothing here throws.
#include <cstdio>
#include <cstdlib>

#include "runtime/compiler/execution_plan.h"
#include "runtime/compiler/mlir_parser.h"
#include "runtime/compiler/passes.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::compiler {

StatusOr<std::unique_ptr<ExecutionPlan>> CompileToPlan(std::string_view mlir_text, const PipelineOptions& options) {
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Module> module, ParseModule(mlir_text));
  JAXLIB_RETURN_IF_ERROR(VerifyModule(*module));
  JAXLIB_RETURN_IF_ERROR(InlineCalls(module.get()));
  EliminateCommonSubexpressions(module.get());
  FoldConstants(module.get());
  EliminateCommonSubexpressions(module.get());
  EliminateDeadCode(module.get());
  if (options.fuse_elementwise) {
    FuseElementwise(module.get());
    EliminateDeadCode(module.get());
  }
  auto plan = std::make_unique<ExecutionPlan>();
  plan->entry = module->functions.front().get();
  for (ValueId a : plan->entry->body->args) plan->parameter_types.push_back(module->type(a));
  plan->result_types = plan->entry->result_types;
  for (const Type& t : plan->parameter_types)
    if (!t.is_tensor()) return Unimplemented("entry parameters of type " + t.ToString() + " are not supported");
  for (const Type& t : plan->result_types)
    if (!t.is_tensor()) return Unimplemented("entry results of type " + t.ToString() + " are not supported");
  plan->module = std::move(module);
  JAXLIB_RETURN_IF_ERROR(PlanBuffers(plan.get(), options));
  if (const char* dump = std::getenv("JAXLIB_DUMP_PLAN"); dump && *dump) std::fputs(PrintPlan(*plan).c_str(), stderr);
  return plan;
}

}  // namespace jaxlib::compiler
