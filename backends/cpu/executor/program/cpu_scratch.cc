// Scratch sizes the CPU kernels need, reported to the device-independent buffer planner.
// Kept next to the kernels' own size functions so each family owns its arithmetic.
#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

int64_t ReduceScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t DotScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t WhileScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t IndexingScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t SortScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t WindowScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t ConvolutionScratchBytes(const compiler::Module& m, const compiler::Op& op);
int64_t MiscScratchBytes(const compiler::Module& m, const compiler::Op& op);

int64_t CpuScratchBytes(const compiler::Module& m, const compiler::Op& op) {
  using compiler::OpKind;
  switch (op.kind) {
    case OpKind::kReduce: return ReduceScratchBytes(m, op);
    case OpKind::kDotGeneral:
    case OpKind::kDot: return DotScratchBytes(m, op);
    case OpKind::kWhile: return WhileScratchBytes(m, op);
    case OpKind::kGather:
    case OpKind::kScatter: return IndexingScratchBytes(m, op);
    case OpKind::kSort:
    case OpKind::kTopK: return SortScratchBytes(m, op);
    case OpKind::kReduceWindow:
    case OpKind::kSelectAndScatter: return WindowScratchBytes(m, op);
    case OpKind::kConvolution: return ConvolutionScratchBytes(m, op);
    default: return MiscScratchBytes(m, op);
  }
}

}  // namespace jaxlib::cpu
