// A fusion whose region ends with a row reduction (PipelineOptions::fuse_reductions): blocks of
// rows are computed by the elementwise program into a small per-thread buffer and reduced
// straight from it, so the reduce input never goes to memory. The other fusion results are
// written as usual. Row sums use the same vector reducer as the unfused reduce, row by row, so
// results do not depend on fusion or on the number of threads.
#include <algorithm>
#include <vector>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::ValueId;

namespace {

// Elements per block of rows: the block's reduce input stays in L1/L2.
constexpr int64_t kBlockElements = 8192;
constexpr int64_t kParallelElements = 32768;

class FusedReduceKernel final : public Kernel {
 public:
  FusedReduceKernel(std::shared_ptr<EwProgram> program, std::vector<ValueId> inputs, std::vector<ValueId> outputs,
                    ValueId reduce_out, ValueId init, int64_t rows, int64_t row_len, F32ReduceFn reduce)
      : program_(std::move(program)), inputs_(std::move(inputs)), outputs_(std::move(outputs)),
        reduce_out_(reduce_out), init_(init), rows_(rows), row_len_(row_len), reduce_(reduce) {}

  Status Run(Frame& f, uint8_t*) const override {
    const size_t nin = inputs_.size(), nout = outputs_.size() + 1;
    if (nin > 64 || nout > 64) return Internal("fused reduction with too many operands");
    const void* in[64];
    void* out_base[64];
    for (size_t k = 0; k < nin; ++k) in[k] = f.Get(inputs_[k]);
    for (size_t k = 0; k + 1 < nout; ++k) out_base[k] = f.Get(outputs_[k]);
    float* result = static_cast<float*>(f.Get(reduce_out_));
    const float init = *static_cast<const float*>(f.Get(init_));
    const int64_t block_rows = std::max<int64_t>(1, kBlockElements / std::max<int64_t>(row_len_, 1));
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row_len_, 1)),
                [&](int64_t r0, int64_t r1) {
                  thread_local std::vector<float> buffer;
                  if (buffer.size() < static_cast<size_t>(block_rows * row_len_))
                    buffer.resize(static_cast<size_t>(block_rows * row_len_));
                  void* out[64];
                  for (size_t k = 0; k + 1 < nout; ++k) out[k] = out_base[k];
                  for (int64_t b = r0; b < r1; b += block_rows) {
                    const int64_t e = std::min(r1, b + block_rows);
                    // The program writes element i of its last output at out + i: aim it at the buffer.
                    out[nout - 1] = reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(buffer.data()) -
                                                            static_cast<uintptr_t>(b * row_len_) * sizeof(float));
                    program_->Run(in, out, b * row_len_, e * row_len_);
                    reduce_(buffer.data(), result + b, init, e - b, row_len_, 1);
                  }
                });
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> program_;
  std::vector<ValueId> inputs_;   // fusion operands, then captured values
  std::vector<ValueId> outputs_;  // fusion results other than the reduction's
  ValueId reduce_out_, init_;
  int64_t rows_, row_len_;
  F32ReduceFn reduce_;
};

}  // namespace

// The kernel of a fusion whose region ends with a reduce (see fuse_elementwise.cc).
StatusOr<std::unique_ptr<Kernel>> MakeFusedReduceKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const Region& region = *op.regions[0];
  const Op& reduce = *region.ops.back();
  if (reduce.kind != OpKind::kReduce || reduce.operands.size() != 2 || reduce.regions.size() != 1)
    return Internal("fused reduction without a final reduce");
  const compiler::Type& x = m.type(reduce.operands[0]);
  const int64_t rows = m.type(reduce.results[0]).element_count();
  const int64_t row_len = rows == 0 ? 0 : x.element_count() / rows;
  const Op& body = *reduce.regions[0]->ops[0];
  F32ReduceFn fn = SelectF32Reduce(body.kind == OpKind::kAdd       ? F32ReduceKind::kSum
                                   : body.kind == OpKind::kMaximum ? F32ReduceKind::kMax
                                                                   : F32ReduceKind::kMin);
  // Program outputs: the region's other results, then the reduce input.
  std::vector<ValueId> results, outputs;
  ValueId reduce_out = -1;
  for (size_t k = 0; k < region.results.size(); ++k) {
    if (region.results[k] == reduce.results[0]) {
      reduce_out = op.results[k];
      continue;
    }
    results.push_back(region.results[k]);
    outputs.push_back(op.results[k]);
  }
  if (reduce_out < 0) return Internal("fused reduction whose result is unused");
  results.push_back(reduce.operands[0]);
  // The init is a region argument (a fusion operand) by construction.
  ValueId init = -1;
  for (size_t k = 0; k < region.args.size(); ++k)
    if (region.args[k] == reduce.operands[1]) init = op.operands[k];
  if (init < 0) return Internal("fused reduction whose init is not an operand");
  std::vector<ValueId> outer;
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> program,
                          EwProgram::Compile(m, region, x.dims, &outer, /*args_are_arrays=*/false, &results));
  std::vector<ValueId> inputs = op.operands;
  inputs.insert(inputs.end(), outer.begin(), outer.end());
  return std::unique_ptr<Kernel>(new FusedReduceKernel(std::move(program), std::move(inputs), std::move(outputs),
                                                       reduce_out, init, rows, row_len, fn));
}

}  // namespace jaxlib::cpu
