// custom_call @jaxlib.softmax and @jaxlib.logsumexp (runtime/compiler/match_softmax.cc): softmax
// and logsumexp over the last dim of an f32 array, a block of rows at a time with the rows in
// cache. They use the row max and row sum reducers of the unrewritten program and the same
// subtract, exp, reciprocal, multiply, log and add (vector_kernels.h: SoftmaxRowFns), so
// results are bit-identical to that program; the memory traffic (softmax: one read of x and
// one write of y; logsumexp: one read of x) and softmax's second exp per element go away.
#include <algorithm>
#include <cmath>
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

// A loop over a row (register 0) and a scalar (register 1) whose last instruction's result is
// the output.
FusedLoopDesc RowLoop(std::vector<FusedLoopDesc::Instr> instrs) {
  FusedLoopDesc d;
  d.inputs = {{FusedLoopDesc::Input::Mode::kStream, 0, 0}, {FusedLoopDesc::Input::Mode::kScalar, 1, 0}};
  d.outputs = {instrs.back().out};
  d.num_regs = d.outputs[0] + 1;
  d.instrs = std::move(instrs);
  return d;
}

// exp(x - m) over a row as native code where the fused-loop JIT runs: several vectors in flight
// (the compiled row function waits on one exp's latency at a time). Same operations, same bits.
// The kernels go through x a block of rows at a time, first for the row maxima, which read
// memory: the loop asks for the x one block ahead (`block_bytes`) to be brought into L2 as it
// goes, so that the next block's memory traffic overlaps this block's exps.
FusedLoopDesc ExpShiftedLoop(int64_t block_bytes) {
  FusedLoopDesc d = RowLoop({{compiler::OpKind::kSubtract, 2, {0, 1, -1}, 2}, {compiler::OpKind::kExp, 3, {2, -1, -1}, 1}});
  if (block_bytes <= (int64_t{1} << 30)) d.inputs[0].prefetch_ahead = static_cast<int32_t>(block_bytes);
  return d;
}

// Rows per block: the block stays in L1/L2.
int64_t BlockRows(int64_t len) { return std::max<int64_t>(1, kBlockElements / std::max<int64_t>(len, 1)); }

// Runs `jit` (if any) on the leading whole iterations of the row `in` -> `out` of `len` elements
// with scalar `s`; returns how many elements it did (the compiled row function does the rest).
int64_t NativePrefix(const LazyFusedLoopJit& lazy, const float* in, const float* s, float* out, int64_t len, bool stream) {
  const FusedLoopJit* jit = lazy.Get();
  if (!jit) return 0;
  const void* ptrs[3] = {in, s, out};
  const int64_t iterations = len / jit->elements_per_iteration();
  jit->Run(ptrs, iterations, stream && reinterpret_cast<uintptr_t>(out) % 64 == 0);
  return iterations * jit->elements_per_iteration();
}

// Rows shorter than the JIT's 64-element step (rows of 33) go a block of rows per call through
// the compiled row functions (SoftmaxRowFns' *_rows); longer ones a row at a time, the JIT's
// prefix (several exps in flight; on AVX2 its 2^n by an exponent add) and the row functions' tail.
constexpr int64_t kMinJitRow = 64;
bool RowBlock(int64_t len) { return len < kMinJitRow; }

// The vector kernel an elementwise op of `kind` with `arity` operands of `like`'s type (and a
// result of it) selects: what the unrewritten program's ops run.
EwFn KernelLike(const compiler::Module& m, compiler::OpKind kind, size_t arity, compiler::ValueId like) {
  compiler::Op op;
  op.kind = kind;
  op.operands.assign(arity, like);
  op.results = {like};
  return SelectVectorKernel(m, op);
}

// y = exp(x - m) over one row of `len`: the JIT's prefix, then the compiled row function.
void ExpShiftedRow(const LazyFusedLoopJit& jit, const SoftmaxRowFns& row, const float* x, float m, float* y, int64_t len) {
  const int64_t done = NativePrefix(jit, x, &m, y, len, /*stream=*/false);
  if (done < len) row.exp_shifted(x + done, m, y + done, len - done);
}

class SoftmaxKernel final : public Kernel {
 public:
  // `scale`: a multiply (the program's f32 multiply kernel) of every element by the f32 `scale_by`
  // first, a block of rows at a time into a per-thread buffer (kSoftmaxScaleAttr).
  SoftmaxKernel(compiler::ValueId x, compiler::ValueId y, int64_t rows, int64_t len, EwFn scale, float scale_by)
      : x_(x), y_(y), rows_(rows), len_(len), scale_(scale), scale_by_(scale_by), max_(SelectF32Reduce(F32ReduceKind::kMax)),
        sum_(SelectF32Reduce(F32ReduceKind::kSum)), row_(SelectSoftmaxRowFns()), short_(SelectShortRowSoftmaxFns()),
        row_block_(RowBlock(len)) {
    // exp(x - m) and e * r as native code where the fused-loop JIT runs (ExpShiftedLoop), the
    // latter with one 64-byte streaming store per vector. Same operations, same bits.
    if (!row_block_) {
      exp_jit_.Set(ExpShiftedLoop(BlockRows(len_) * len_ * static_cast<int64_t>(sizeof(float))));
      scale_jit_.Set(RowLoop({{compiler::OpKind::kMultiply, 2, {0, 1, -1}, 2}}));
    }
  }

  Status Run(Frame& f, uint8_t*) const override {
    if (rows_ == 0 || len_ == 0) return Status::Ok();
    const float* x = static_cast<const float*>(f.Get(x_));
    float* y = static_cast<float*>(f.Get(y_));
    const int64_t block = BlockRows(len_);
    // Arrays far larger than the caches: exp goes to a per-thread block that stays in L1/L2, and
    // y is written once, with streaming stores (no read of y's old contents, no cache pollution).
    const bool stream = rows_ * len_ * static_cast<int64_t>(sizeof(float)) > kStreamBytes;
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / len_), [&](int64_t r0, int64_t r1) {
      thread_local std::vector<float> stat, staged, scaled, factor;
      if (stat.size() < static_cast<size_t>(block)) stat.resize(static_cast<size_t>(block));
      if (stream && staged.size() < static_cast<size_t>(block * len_)) staged.resize(static_cast<size_t>(block * len_));
      if (scale_) {
        scaled.resize(static_cast<size_t>(block * len_));
        factor.assign(static_cast<size_t>(block * len_), scale_by_);
      }
      for (int64_t b = r0; b < r1; b += block) {
        int64_t n = std::min(r1, b + block) - b;
        const float* xb = x + b * len_;
        float* yb = y + b * len_;
        if (scale_) {
          const void* in[2] = {xb, factor.data()};
          scale_(scaled.data(), in, n * len_, EwInstr{});
          xb = scaled.data();
        }
        // Rows under 16 elements: whole groups of rows as vector lanes; the block's last few
        // rows as below.
        const int64_t grouped = short_.softmax(xb, yb, n, len_);
        if (grouped == n) continue;
        xb += grouped * len_;
        yb += grouped * len_;
        n -= grouped;
        float* eb = stream ? staged.data() : yb;
        max_(xb, stat.data(), -__builtin_inff(), n, len_, 1);
        if (row_block_) {
          row_.exp_shifted_rows(xb, stat.data(), eb, n, len_);
        } else {
          for (int64_t i = 0; i < n; ++i) ExpShifted(xb + i * len_, stat[static_cast<size_t>(i)], eb + i * len_);
        }
        sum_(eb, stat.data(), 0.0f, n, len_, 1);
        // y = e * (1 / s), the reciprocal rounded once per row, as the rewritten program does.
        for (int64_t i = 0; i < n; ++i) stat[static_cast<size_t>(i)] = 1.0f / stat[static_cast<size_t>(i)];
        if (row_block_) {
          // Streaming stores only where every row starts a 64-byte line: a row's last vector
          // overlaps its line before, and a plain store into a line just streamed stalls.
          row_.scale_rows(eb, stat.data(), yb, n, len_, stream && len_ % 16 == 0);
        } else {
          for (int64_t i = 0; i < n; ++i) Scale(eb + i * len_, stat[static_cast<size_t>(i)], yb + i * len_, stream);
        }
      }
      if (stream) StreamFence();
    });
    return Status::Ok();
  }

  // y = exp(x - m) over one row.
  void ExpShifted(const float* x, float m, float* y) const { ExpShiftedRow(exp_jit_, row_, x, m, y, len_); }

  // y = e * r over one row.
  void Scale(const float* e, float r, float* y, bool stream) const {
    const int64_t done = NativePrefix(scale_jit_, e, &r, y, len_, stream);
    if (done < len_) row_.scale(e + done, r, y + done, len_ - done, stream);
  }

  compiler::ValueId x_, y_;
  int64_t rows_, len_;
  EwFn scale_;
  float scale_by_;
  F32ReduceFn max_, sum_;
  SoftmaxRowFns row_;
  ShortRowSoftmaxFns short_;
  bool row_block_;  // RowBlock(len_)
  LazyFusedLoopJit exp_jit_, scale_jit_;
};

// y[row] = log|sum exp(x - c)| + c with c the row max where it is finite, else 0 (JAX's
// logsumexp): per block of rows the max, exp(x - c) into a per-thread buffer, the row sums,
// then abs, log and add by the program's own vector kernels. Rows of whole 64-element steps
// skip the buffer where the fused-loop JIT runs: its sum mode adds each exp(x - c) vector into
// the row reducer's partials as it is made (the reducer's steps, so the reducer's bits), and
// the reducer folds them.
class LogSumExpKernel final : public Kernel {
 public:
  LogSumExpKernel(compiler::ValueId x, compiler::ValueId y, int64_t rows, int64_t len, EwFn log, EwFn add)
      : x_(x), y_(y), rows_(rows), len_(len), max_(SelectF32Reduce(F32ReduceKind::kMax)),
        sum_(SelectF32Reduce(F32ReduceKind::kSum)), sum_rows_(SelectF32RowState(F32ReduceKind::kSum)),
        row_(SelectSoftmaxRowFns()), short_(SelectShortRowSoftmaxFns()), log_(log), add_(add), row_block_(RowBlock(len)) {
    const int64_t block_bytes = BlockRows(len_) * len_ * static_cast<int64_t>(sizeof(float));
    if (!row_block_) exp_jit_.Set(ExpShiftedLoop(block_bytes));
    if (len_ >= kRowStateFloats && len_ % kRowStateFloats == 0) {
      FusedLoopDesc summed = ExpShiftedLoop(block_bytes);
      summed.sum_last_output = true;
      exp_sum_jit_.Set(std::move(summed));
    }
  }

  Status Run(Frame& f, uint8_t*) const override {
    if (rows_ == 0) return Status::Ok();
    const float* x = static_cast<const float*>(f.Get(x_));
    float* y = static_cast<float*>(f.Get(y_));
    const int64_t block = BlockRows(len_);
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(len_, 1)), [&](int64_t r0, int64_t r1) {
      thread_local std::vector<float> c, s, e;
      if (c.size() < static_cast<size_t>(block)) c.resize(static_cast<size_t>(block));
      if (s.size() < static_cast<size_t>(block)) s.resize(static_cast<size_t>(block));
      if (e.size() < static_cast<size_t>(block * len_)) e.resize(static_cast<size_t>(block * len_));
      EwInstr ins;
      for (int64_t b = r0; b < r1; b += block) {
        const int64_t n = std::min(r1, b + block) - b;
        const float* xb = x + b * len_;
        // Short rows: whole groups of rows as vector lanes, then the block's last few rows.
        const int64_t grouped = short_.max_sum_exp(xb, c.data(), s.data(), n, len_);
        if (grouped < n) {
          const int64_t m = n - grouped;
          const float* rest = xb + grouped * len_;
          float* cr = c.data() + grouped;
          float* sr = s.data() + grouped;
          max_(rest, cr, -__builtin_inff(), m, len_, 1);
          for (int64_t i = 0; i < m; ++i)
            if (!std::isfinite(cr[i])) cr[i] = 0.0f;  // select(is_finite(m), m, 0)
          if (row_block_) {
            row_.exp_shifted_rows(rest, cr, e.data(), m, len_);
            sum_(e.data(), sr, 0.0f, m, len_, 1);
          } else if (!SumExpShifted(rest, cr, e.data(), sr, m)) {
            for (int64_t i = 0; i < m; ++i) ExpShiftedRow(exp_jit_, row_, rest + i * len_, cr[i], e.data() + i * len_, len_);
            sum_(e.data(), sr, 0.0f, m, len_, 1);
          }
        }
        for (int64_t i = 0; i < n; ++i) s[static_cast<size_t>(i)] = std::fabs(s[static_cast<size_t>(i)]);
        const void* log_in[1] = {s.data()};
        log_(s.data(), log_in, n, ins);
        const void* add_in[2] = {s.data(), c.data()};
        add_(y + b, add_in, n, ins);
      }
    });
    return Status::Ok();
  }

 private:
  // s[i] = sum exp(x - c[i]) over the n rows at x by the JIT's sum mode, the rows' reducer states
  // in `states` (n * kRowStateFloats floats); false where it does not run.
  bool SumExpShifted(const float* x, const float* c, float* states, float* s, int64_t n) const {
    const FusedLoopJit* jit = exp_sum_jit_.Get();
    if (!jit || jit->elements_per_iteration() != kRowStateFloats) return false;
    sum_rows_.start(states, 0.0f, n);
    for (int64_t i = 0; i < n; ++i) {
      const void* ptrs[3] = {x + i * len_, c + i, states + i * kRowStateFloats};
      jit->Run(ptrs, len_ / kRowStateFloats, false);
    }
    sum_rows_.finish(states, s, 0.0f, n);
    return true;
  }

  compiler::ValueId x_, y_;
  int64_t rows_, len_;
  F32ReduceFn max_, sum_;
  F32RowStateFns sum_rows_;
  SoftmaxRowFns row_;
  ShortRowSoftmaxFns short_;
  EwFn log_, add_;
  bool row_block_;  // RowBlock(len_)
  LazyFusedLoopJit exp_jit_, exp_sum_jit_;
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
  EwFn scale = nullptr;
  float scale_by = 1.0f;
  if (const compiler::Attribute* a = op.attr(compiler::kSoftmaxScaleAttr)) {
    const uint32_t bits = static_cast<uint32_t>(op.IntAttr(compiler::kSoftmaxScaleAttr, 0));
    std::memcpy(&scale_by, &bits, sizeof scale_by);
    scale = KernelLike(b.module(), compiler::OpKind::kMultiply, 2, op.operands[0]);
    if (!a || !scale) return Internal("no f32 multiply vector kernel");
  }
  return std::unique_ptr<Kernel>(new SoftmaxKernel(op.operands[0], op.results[0], rows, len, scale, scale_by));
}

StatusOr<std::unique_ptr<Kernel>> MakeLogSumExpKernel(KernelBuilder& b, const compiler::Op& op) {
  if (op.operands.size() != 1 || op.results.size() != 1) {
    return InvalidArgument(std::string("custom_call @") + compiler::kLogSumExpTarget + " takes one operand and has one result");
  }
  const compiler::Type& x = b.type(op.operands[0]);
  const compiler::Type& y = b.type(op.results[0]);
  if (x.element != ElementType::kF32 || x.rank() < 1 || y.element != ElementType::kF32 ||
      y.element_count() * x.dims.back() != x.element_count()) {
    return InvalidArgument(std::string("custom_call @") + compiler::kLogSumExpTarget + " needs an f32 array operand of rank >= 1 "
                           "and its rows as the result, got " + x.ToString());
  }
  // The f32 log and add kernels the unrewritten program's elementwise ops would select.
  const EwFn log_fn = KernelLike(b.module(), compiler::OpKind::kLog, 1, op.results[0]),
             add_fn = KernelLike(b.module(), compiler::OpKind::kAdd, 2, op.results[0]);
  if (!log_fn || !add_fn) return Internal("no f32 log or add vector kernel");
  const int64_t len = x.dims.back();
  return std::unique_ptr<Kernel>(new LogSumExpKernel(op.operands[0], op.results[0], y.element_count(), len, log_fn,
                                                     add_fn));
}


}  // namespace jaxlib::cpu
