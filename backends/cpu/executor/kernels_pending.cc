// Temporary home of the kernel families not implemented yet; each reports UNIMPLEMENTED with
// the op's name so programs using them fail cleanly at compile time.
#include "backends/cpu/executor/kernel.h"

namespace jaxlib::cpu {

namespace {
Status NotYet(const compiler::Op& op) {
  return Unimplemented("op '" + std::string(compiler::OpName(op.kind)) + "' is not supported by the CPU backend yet");
}
}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeIndexingKernel(KernelBuilder&, const compiler::Op& op) { return NotYet(op); }
StatusOr<std::unique_ptr<Kernel>> MakeSortKernel(KernelBuilder&, const compiler::Op& op) { return NotYet(op); }
StatusOr<std::unique_ptr<Kernel>> MakeWindowKernel(KernelBuilder&, const compiler::Op& op) { return NotYet(op); }
StatusOr<std::unique_ptr<Kernel>> MakeConvolutionKernel(KernelBuilder&, const compiler::Op& op) { return NotYet(op); }
StatusOr<std::unique_ptr<Kernel>> MakeMiscKernel(KernelBuilder&, const compiler::Op& op) { return NotYet(op); }
int64_t IndexingScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }
int64_t SortScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }
int64_t WindowScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }
int64_t ConvolutionScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }
int64_t MiscScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }

}  // namespace jaxlib::cpu
