// custom_call @jaxlib.softmax (runtime/compiler/match_softmax.cc): softmax over the last dim of
// an f32 array, a block of rows at a time with the rows in cache. It uses the row max and row
// sum reducers of the unrewritten program and the same subtract, exp, reciprocal and multiply
// (vector_kernels.h: SoftmaxRowFns), so results are bit-identical to that program; the memory
// traffic (one read of x, one write of y) and the second exp per element go away.
#include <algorithm>
#include <cstring>
#include <vector>

#include "backends/cpu/executor/jit/fused_loop_jit.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "runtime/compiler/passes.h"

namespace jaxlib::cpu {
namespace {

constexpr int64_t kBlockElements = 8192;      // rows per block: the block stays in L1/L2
constexpr int64_t kParallelElements = 32768;  // below this the loop stays on one thread
constexpr int64_t kStreamBytes = int64_t{8} << 20;  // as fused loops: streaming stores above 8 MiB

class SoftmaxKernel final : public Kernel {
 public:
  SoftmaxKernel(compiler::ValueId x, compiler::ValueId y, int64_t rows, int64_t len)
      : x_(x), y_(y), rows_(rows), len_(len), max_(SelectF32Reduce(F32ReduceKind::kMax)),
        sum_(SelectF32Reduce(F32ReduceKind::kSum)), row_(SelectSoftmaxRowFns()) {
    // exp(x - m) and e * r as native code where the fused-loop JIT runs: several vectors in
    // flight (the compiled row function waits on one exp's latency at a time), and one 64-byte
    // streaming store per vector. Same operations, same bits.
    if (len_ >= 64) {
      exp_jit_.Set(RowLoop({{compiler::OpKind::kSubtract, 2, {0, 1, -1}, 2}, {compiler::OpKind::kExp, 3, {2, -1, -1}, 1}}));
      scale_jit_.Set(RowLoop({{compiler::OpKind::kMultiply, 2, {0, 1, -1}, 2}}));
    }
  }

  Status Run(Frame& f, uint8_t*) const override {
    if (rows_ == 0 || len_ == 0) return Status::Ok();
    const float* x = static_cast<const float*>(f.Get(x_));
    float* y = static_cast<float*>(f.Get(y_));
    const int64_t block = std::max<int64_t>(1, kBlockElements / len_);
    // Arrays far larger than the caches: exp goes to a per-thread block that stays in L1/L2, and
    // y is written once, with streaming stores (no read of y's old contents, no cache pollution).
    const bool stream = rows_ * len_ * static_cast<int64_t>(sizeof(float)) > kStreamBytes;
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / len_), [&](int64_t r0, int64_t r1) {
      thread_local std::vector<float> stat, staged;
      if (stat.size() < static_cast<size_t>(block)) stat.resize(static_cast<size_t>(block));
      if (stream && staged.size() < static_cast<size_t>(block * len_)) staged.resize(static_cast<size_t>(block * len_));
      for (int64_t b = r0; b < r1; b += block) {
        const int64_t n = std::min(r1, b + block) - b;
        const float* xb = x + b * len_;
        float* yb = y + b * len_;
        float* eb = stream ? staged.data() : yb;
        max_(xb, stat.data(), -__builtin_inff(), n, len_, 1);
        for (int64_t i = 0; i < n; ++i) ExpShifted(xb + i * len_, stat[static_cast<size_t>(i)], eb + i * len_);
        sum_(eb, stat.data(), 0.0f, n, len_, 1);
        // y = e * (1 / s), the reciprocal rounded once per row, as the rewritten program does.
        for (int64_t i = 0; i < n; ++i) Scale(eb + i * len_, 1.0f / stat[static_cast<size_t>(i)], yb + i * len_, stream);
      }
      if (stream) StreamFence();
    });
    return Status::Ok();
  }

  // A loop over a row (register 0) and a scalar (register 1) whose last instruction's result is
  // the output.
  static FusedLoopDesc RowLoop(std::vector<FusedLoopDesc::Instr> instrs) {
    FusedLoopDesc d;
    d.inputs = {{FusedLoopDesc::Input::Mode::kStream, 0, 0}, {FusedLoopDesc::Input::Mode::kScalar, 1, 0}};
    d.outputs = {instrs.back().out};
    d.num_regs = d.outputs[0] + 1;
    d.instrs = std::move(instrs);
    return d;
  }

  // Runs `jit` (if any) on the leading whole iterations of the row `in` -> `out` with scalar `s`;
  // returns how many elements it did (the compiled row function does the rest).
  int64_t NativePrefix(const LazyFusedLoopJit& lazy, const float* in, const float* s, float* out, bool stream) const {
    const FusedLoopJit* jit = lazy.Get();
    if (!jit) return 0;
    const void* ptrs[3] = {in, s, out};
    const int64_t iterations = len_ / jit->elements_per_iteration();
    jit->Run(ptrs, iterations, stream && reinterpret_cast<uintptr_t>(out) % 64 == 0);
    return iterations * jit->elements_per_iteration();
  }

  // y = exp(x - m) over one row.
  void ExpShifted(const float* x, float m, float* y) const {
    const int64_t done = NativePrefix(exp_jit_, x, &m, y, /*stream=*/false);
    if (done < len_) row_.exp_shifted(x + done, m, y + done, len_ - done);
  }

  // y = e * r over one row.
  void Scale(const float* e, float r, float* y, bool stream) const {
    const int64_t done = NativePrefix(scale_jit_, e, &r, y, stream);
    if (done < len_) row_.scale(e + done, r, y + done, len_ - done, stream);
  }

  compiler::ValueId x_, y_;
  int64_t rows_, len_;
  F32ReduceFn max_, sum_;
  SoftmaxRowFns row_;
  LazyFusedLoopJit exp_jit_, scale_jit_;
};

}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeSoftmaxKernel(KernelBuilder& b, const compiler::Op& op) {
  if (op.operands.size() != 1 || op.results.size() != 1) {
    return InvalidArgument(std::string("custom_call @") + compiler::kSoftmaxTarget + " takes one operand and has one result");
  }
  const compiler::Type& x = b.type(op.operands[0]);
  if (x.element != ElementType::kF32 || x.rank() < 1 || b.type(op.results[0]) != x) {
    return InvalidArgument(std::string("custom_call @") + compiler::kSoftmaxTarget + " needs an f32 array operand of rank >= 1 "
                           "and a result of the same type, got " + x.ToString());
  }
  const int64_t len = x.dims.back();
  const int64_t rows = len == 0 ? 0 : x.element_count() / len;
  return std::unique_ptr<Kernel>(new SoftmaxKernel(op.operands[0], op.results[0], rows, len));
}

}  // namespace jaxlib::cpu
