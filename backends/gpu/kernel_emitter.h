// The CUDA/HIP lowering of the execution plan: CUDA C++ source for fused-loop programs (the same
// device-neutral programs the CPU interpreter and JIT lower), reductions, data movement and dot.
// Pure string generation: no driver, no compiler, no device; an op it cannot express is
// UNIMPLEMENTED with the reason, and the executor runs that op on the host instead.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/compiler/fused_loop_program.h"
#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::gpu {

// The support code every module starts with (kernel_prelude.cc).
const char* KernelPrelude();

// One generated kernel: `extern "C" __global__ void name(jx_params a)`. a.p[k] is the device
// address of args[k]; a.i[0] is the number of work items, spread over a grid-stride loop, so any
// launch shape computes the same result.
struct KernelLaunchPlan {
  std::string name;
  std::vector<compiler::ValueId> args;
  int64_t work_items = 0;
};

// Whether a dot_general is a plain row-major batched GEMM C[b] = A[b] * B[b] (batch dims
// leading on both sides, lhs [b, m, k], rhs [b, k, n]); fills the sizes when it is.
bool IsRowMajorGemm(const compiler::Module& m, const compiler::Op& op, int64_t* batch, int64_t* rows, int64_t* cols,
                    int64_t* depth);

// Collects the kernels of one program into one translation unit.
class ModuleEmitter {
 public:
  // A fused elementwise loop: args are the fusion's operands, its outer inputs, then its results.
  StatusOr<KernelLaunchPlan> AddFusedLoop(const compiler::Module& m, const compiler::Op& fusion,
                                          const compiler::FusedLoopProgram& p);
  // Data movement, iota, reduce and dot: args are the op's operands (plus values its body
  // captures), then its results.
  StatusOr<KernelLaunchPlan> AddOp(const compiler::Module& m, const compiler::Op& op);

  bool empty() const { return kernels_ == 0; }
  // The translation unit: prelude, every kernel, and the unit's own text as a device array
  // (`jaxlib_kernel_source`), which error reports and the emulated drivers of the tests read.
  std::string Source() const;

 private:
  std::string NewName();
  std::string body_;
  int kernels_ = 0;
};

}  // namespace jaxlib::gpu
