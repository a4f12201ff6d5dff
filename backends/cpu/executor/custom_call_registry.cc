// stablehlo.custom_call dispatch: targets the CPU backend implements natively. Unknown targets
// fail at compile time with the target's name. (LAPACK targets arrive with the LAPACK loader.)
#include "backends/cpu/executor/kernel.h"

namespace jaxlib::cpu {

int64_t CustomCallScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }

StatusOr<std::unique_ptr<Kernel>> MakeCustomCallKernel(KernelBuilder&, const compiler::Op& op) {
  return Unimplemented("custom_call target '" + op.callee + "' is not supported by the CPU backend");
}

}  // namespace jaxlib::cpu
