// Temporary home of the kernel families not implemented yet; each reports UNIMPLEMENTED with
// the op's name so programs using them fail cleanly at compile time.
#include "backends/cpu/executor/kernel.h"

namespace jaxlib::cpu {

StatusOr<std::unique_ptr<Kernel>> MakeMiscKernel(KernelBuilder&, const compiler::Op& op) {
  std::string name(compiler::OpName(op.kind));
  if (op.kind == compiler::OpKind::kCustomCall) name += " @" + op.callee;
  return Unimplemented("op '" + name + "' is not supported by the CPU backend yet");
}
int64_t MiscScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }

}  // namespace jaxlib::cpu
