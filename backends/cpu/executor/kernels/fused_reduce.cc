// A fusion whose region ends with a reduction (PipelineOptions::fuse_reductions): blocks of the
// reduce input are computed by the elementwise program into a small per-thread buffer and
// reduced straight from it, so the reduce input never goes to memory (f32 sums of rows of whole
// 64-element steps skip the buffer where the JIT runs: the loop's native code adds each step
// into the row reducer's partials, EwProgram::SumRows, and the reducer folds them). The other
// fusion results are written as usual. Rows are folded by the same vector reducers as the unfused reduce, in
// the same order, so results do not depend on fusion or on the number of threads.
#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/kernels/monoid_reduce.h"
#include "backends/cpu/executor/kernels/reduce_segments.h"
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

// What every fused-reduce kernel holds: the program and where its operands and results live.
struct FusedReduceParts {
  std::shared_ptr<EwProgram> program;
  std::vector<ValueId> inputs;   // fusion operands, then captured values
  std::vector<ValueId> outputs;  // fusion results other than the reduction's
  ValueId reduce_out = -1, init = -1;
};

// Operand and result pointers of one run; the program's last output is the reduce input.
struct FusedReducePointers {
  const void* in[64];
  void* out[64];
  size_t nout = 0;
  void* result = nullptr;
  const void* init = nullptr;
  Status Bind(Frame& f, const FusedReduceParts& p) {
    const size_t nin = p.inputs.size();
    nout = p.outputs.size() + 1;
    if (nin > 64 || nout > 64) return Internal("fused reduction with too many operands");
    for (size_t k = 0; k < nin; ++k) in[k] = f.Get(p.inputs[k]);
    for (size_t k = 0; k + 1 < nout; ++k) out[k] = f.Get(p.outputs[k]);
    out[nout - 1] = nullptr;  // the reduce input: RunInto aims it at a buffer
    result = f.Get(p.reduce_out);
    init = f.Get(p.init);
    return Status::Ok();
  }
  float* f32_result() const { return static_cast<float*>(result); }
  float f32_init() const { return *static_cast<const float*>(init); }
  // Computes reduce-input elements [begin, end) of `es` bytes each into `buffer` (and the other
  // results in place).
  void RunInto(const EwProgram& program, void** out_copy, void* buffer, int64_t begin, int64_t end,
               size_t es = sizeof(float)) const {
    // The program writes element i of its last output at out + i: aim it at the buffer.
    out_copy[nout - 1] = reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(buffer) -
                                                 static_cast<uintptr_t>(begin) * es);
    program.Run(in, out_copy, begin, end);
  }
};

// Reduced dims trailing: the input is [rows, row_len].
// One long row (a sum; RowChunks) goes as the unfused reduce splits it: each chunk's blocks are
// fed to a row state that starts and ends at the identity (zero), then the chunks' partial
// sums are reduced from init.
class FusedReduceKernel final : public Kernel {
 public:
  FusedReduceKernel(FusedReduceParts parts, int64_t rows, int64_t row_len, F32ReduceFn reduce,
                    std::optional<F32RowStateFns> sum_rows)
      : p_(std::move(parts)), rows_(rows), row_len_(row_len), reduce_(reduce), sum_rows_(sum_rows) {}

  Status Run(Frame& f, uint8_t*) const override {
    FusedReducePointers ptr;
    JAXLIB_RETURN_IF_ERROR(ptr.Bind(f, p_));
    if (const int64_t chunks = RowChunks(row_len_); rows_ == 1 && chunks > 1 && sum_rows_) {
      RunChunks(ptr, chunks);
      return Status::Ok();
    }
    const int64_t block_rows = std::max<int64_t>(1, kBlockElements / std::max<int64_t>(row_len_, 1));
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row_len_, 1)),
                [&](int64_t r0, int64_t r1) {
                  thread_local std::vector<float> buffer;
                  if (buffer.size() < static_cast<size_t>(block_rows * row_len_))
                    buffer.resize(static_cast<size_t>(block_rows * row_len_));
                  void* out[64];
                  std::copy(ptr.out, ptr.out + ptr.nout, out);
                  for (int64_t b = r0; b < r1; b += block_rows) {
                    const int64_t e = std::min(r1, b + block_rows);
                    // A sum's rows summed by the loop's native code into the row reducer's
                    // partials (no buffer written and read back), then folded as it folds them.
                    bool summed = false;
                    if (sum_rows_ && row_len_ % kRowStateFloats == 0 &&
                        block_rows * kRowStateFloats <= static_cast<int64_t>(buffer.size())) {
                      sum_rows_->start(buffer.data(), 0.0f, e - b);
                      summed = p_.program->SumRows(ptr.in, out, b, e, row_len_, buffer.data());
                    }
                    if (summed) {
                      sum_rows_->finish(buffer.data(), ptr.f32_result() + b, ptr.f32_init(), e - b);
                      continue;
                    }
                    ptr.RunInto(*p_.program, out, buffer.data(), b * row_len_, e * row_len_);
                    reduce_(buffer.data(), ptr.f32_result() + b, ptr.f32_init(), e - b, row_len_, 1);
                  }
                });
    return Status::Ok();
  }

 private:
  void RunChunks(const FusedReducePointers& ptr, int64_t chunks) const {
    float partial[kMaxRowChunks];
    ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
      thread_local std::vector<float> buffer;
      if (buffer.size() < static_cast<size_t>(kBlockElements)) buffer.resize(static_cast<size_t>(kBlockElements));
      alignas(64) float state[kRowStateFloats];
      void* out[64];
      std::copy(ptr.out, ptr.out + ptr.nout, out);
      for (int64_t c = c0; c < c1; ++c) {
        const int64_t b = RowChunkStart(row_len_, chunks, c), e = RowChunkStart(row_len_, chunks, c + 1);
        sum_rows_->start(state, 0.0f, 1);
        for (int64_t k = b; k < e; k += kBlockElements) {  // whole 64-element steps but the last
          const int64_t n = std::min(kBlockElements, e - k);
          ptr.RunInto(*p_.program, out, buffer.data(), k, k + n);
          sum_rows_->feed(state, buffer.data(), 1, n, n);
        }
        sum_rows_->finish(state, &partial[c], 0.0f, 1);
      }
    });
    reduce_(partial, ptr.f32_result(), ptr.f32_init(), 1, chunks, 1);
  }

  FusedReduceParts p_;
  int64_t rows_, row_len_;
  F32ReduceFn reduce_;
  std::optional<F32RowStateFns> sum_rows_;
};

// Reduced dims that end with the last dim but are not one trailing block (ReduceSegments):
// blocks of kept elements along the innermost kept dim per thread. With segments of whole
// 64-element steps each block's rows are fed segment by segment (F32RowStateFns); otherwise each
// row is gathered into the buffer and reduced whole. Either way every row folds in the order of
// the unfused reduce.
class FusedSegmentReduceKernel final : public Kernel {
 public:
  FusedSegmentReduceKernel(FusedReduceParts parts, ReduceSegments s, F32ReduceFn reduce, F32RowStateFns rows)
      : p_(std::move(parts)), s_(std::move(s)), reduce_(reduce), rows_(rows) {}

  Status Run(Frame& f, uint8_t*) const override {
    FusedReducePointers ptr;
    JAXLIB_RETURN_IF_ERROR(ptr.Bind(f, p_));
    const bool fed = s_.seg % kRowStateFloats == 0;
    const int64_t width = fed ? std::clamp<int64_t>(kBlockElements / s_.seg, 1, s_.inner) : 1;
    const int64_t blocks = (s_.inner + width - 1) / width;
    const int64_t per_item = width * s_.seg * s_.segments;
    ParallelFor(s_.outer * blocks, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(per_item, 1)),
                [&](int64_t t0, int64_t t1) {
                  thread_local std::vector<float> buffer;
                  const size_t need = static_cast<size_t>(fed ? width * (s_.seg + kRowStateFloats) : s_.seg * s_.segments);
                  if (buffer.size() < need) buffer.resize(need);
                  float* states = buffer.data() + (fed ? width * s_.seg : 0);
                  void* out[64];
                  std::copy(ptr.out, ptr.out + ptr.nout, out);
                  for (int64_t t = t0; t < t1; ++t) {
                    const int64_t o = t / blocks, c0 = (t % blocks) * width, w = std::min(width, s_.inner - c0);
                    const int64_t base = s_.OuterOffset(o) + c0 * s_.inner_stride;
                    float* result = ptr.f32_result() + o * s_.inner + c0;
                    if (!fed) {
                      float* row = buffer.data();
                      s_.ForEachSegment([&](int64_t off) {
                        ptr.RunInto(*p_.program, out, row, base + off, base + off + s_.seg);
                        row += s_.seg;
                      });
                      reduce_(buffer.data(), result, ptr.f32_init(), 1, s_.seg * s_.segments, 1);
                      continue;
                    }
                    rows_.start(states, ptr.f32_init(), w);
                    s_.ForEachSegment([&](int64_t off) {
                      // The innermost kept dim encloses the segment (inner_stride == seg): the
                      // block's segments are adjacent, one run of the program.
                      ptr.RunInto(*p_.program, out, buffer.data(), base + off, base + off + w * s_.seg);
                      rows_.feed(states, buffer.data(), w, s_.seg, s_.seg);
                    });
                    rows_.finish(states, result, ptr.f32_init(), w);
                  }
                });
    return Status::Ok();
  }

 private:
  FusedReduceParts p_;
  ReduceSegments s_;
  F32ReduceFn reduce_;
  F32RowStateFns rows_;
};

// Reduced dims before some kept dim (ReduceColumns, [outer, R, inner]: jnp.sum(f(x), axis=0),
// batch-norm statistics over N, H, W of NHWC): blocks of rows of the reduce input are computed
// into a per-thread buffer and added, whole rows at a time, into a block of per-column
// accumulators (the contiguous columns are the vector lanes) that stays in L1 across all R rows.
// Each column folds its rows in order from init, as the unfused column reduce does: the same
// bits, on every ISA and thread count. Threads take (outer, column block) items; columns are
// split only as far as the threads need, and a block narrower than a row computes its row
// pieces one program run each.
class FusedColumnReduceKernel final : public Kernel {
 public:
  // `plain`: max/min by plain compares (SelectF32PlainColumns), nullptr for sums.
  FusedColumnReduceKernel(FusedReduceParts parts, ReduceColumns c, F32ColumnsFn resume, F32PlainColumnsFn plain)
      : p_(std::move(parts)), c_(c), resume_(resume), plain_(plain) {}

  Status Run(Frame& f, uint8_t*) const override {
    FusedReducePointers ptr;
    JAXLIB_RETURN_IF_ERROR(ptr.Bind(f, p_));
    const int64_t threads = ThreadPool::Global().num_threads();
    if (plain_ && ptr.f32_init() == ptr.f32_init() && c_.outer == 1 && c_.inner <= kMaxWidth && threads > 1 &&
        c_.R >= 2 * kMinRowsPerChunk && RunRowChunks(ptr, threads))
      return Status::Ok();
    int64_t width = std::min(c_.inner, kMaxWidth);
    while (width > kMinSplitWidth && c_.outer * ((c_.inner + width - 1) / width) < threads)
      width = (width / 2 + 15) / 16 * 16;
    const int64_t blocks = (c_.inner + width - 1) / width;
    ParallelFor(c_.outer * blocks, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(c_.R * width, 1)),
                [&](int64_t t0, int64_t t1) {
                  const int64_t block_rows = std::clamp<int64_t>(kBlockElements / width, 1, c_.R);
                  thread_local std::vector<float> buffer;
                  const size_t need = static_cast<size_t>(block_rows * width + width);
                  if (buffer.size() < need) buffer.resize(need);
                  float* acc = buffer.data() + block_rows * width;
                  void* out[64];
                  std::copy(ptr.out, ptr.out + ptr.nout, out);
                  for (int64_t t = t0; t < t1; ++t) {
                    const int64_t o = t / blocks, c0 = (t % blocks) * width, w = std::min(width, c_.inner - c0);
                    const int64_t base = o * c_.R * c_.inner + c0;
                    // Folds the item's rows into acc from init: NaN-aware (resume_), or by
                    // plain compares, false where those are not exact (a NaN read, a result
                    // without an exponent: PlainMaxMinExact).
                    auto fold = [&](bool plain) {
                      std::fill(acc, acc + w, ptr.f32_init());
                      for (int64_t r = 0; r < c_.R; r += block_rows) {
                        const int64_t n = std::min(block_rows, c_.R - r);
                        if (w == c_.inner) {  // whole rows: one contiguous run of the program
                          ptr.RunInto(*p_.program, out, buffer.data(), base + r * w, base + (r + n) * w);
                        } else {
                          // Pieces of rows: the same pieces a block of rows ahead are fetched
                          // while these compute.
                          for (int64_t k = 0; k < n; ++k) {
                            const int64_t b = base + (r + k) * c_.inner;
                            if (r + k + block_rows < c_.R) p_.program->Prefetch(ptr.in, b + block_rows * c_.inner, w);
                            ptr.RunInto(*p_.program, out, buffer.data() + k * w, b, b + w);
                          }
                        }
                        if (!plain) resume_(buffer.data(), acc, 0.0f, n, w, w);
                        else if (!plain_(buffer.data(), acc, n, w, w)) return false;
                      }
                      return !plain || PlainMaxMinExact(acc, w);
                    };
                    // Max and min by plain compares first; the item computed again and folded
                    // NaN-aware where they are not exact.
                    // A NaN init wins every column, which plain compares lose.
                    if (!plain_ || ptr.f32_init() != ptr.f32_init() || !fold(true)) fold(false);
                    std::copy(acc, acc + w, ptr.f32_result() + o * c_.inner + c0);
                  }
                });
    return Status::Ok();
  }

 private:
  // Max/min of whole rows split across threads by chunks of rows (PlainColumnsInRowChunks): each
  // chunk computes its rows a block at a time and folds them from init. False where that is not
  // exact; the caller then folds the columns NaN-aware, in order.
  bool RunRowChunks(const FusedReducePointers& ptr, int64_t threads) const {
    const int64_t chunks = std::min(threads * 4, c_.R / kMinRowsPerChunk), w = c_.inner;
    return PlainColumnsInRowChunks(plain_, c_.R, w, ptr.f32_init(), chunks, ptr.f32_result(),
                                   [&](int64_t r0, int64_t r1, float* acc) {
      const int64_t block_rows = std::clamp<int64_t>(kBlockElements / w, 1, c_.R);
      thread_local std::vector<float> buffer;
      if (buffer.size() < static_cast<size_t>(block_rows * w)) buffer.resize(static_cast<size_t>(block_rows * w));
      void* out[64];
      std::copy(ptr.out, ptr.out + ptr.nout, out);
      for (int64_t r = r0; r < r1; r += block_rows) {
        const int64_t n = std::min(block_rows, r1 - r);
        ptr.RunInto(*p_.program, out, buffer.data(), r * w, (r + n) * w);
        if (!plain_(buffer.data(), acc, n, w, w)) return false;
      }
      return true;
    });
  }

  // Rows per chunk of RunRowChunks at least.
  static constexpr int64_t kMinRowsPerChunk = 64;
  // Columns are split across threads down to this many: narrower row pieces cost more in
  // program runs than the parallelism gains.
  static constexpr int64_t kMinSplitWidth = 256;
  // Wider rows go in blocks of this many columns: the buffer and accumulators stay in L1/L2 and
  // there are items for every thread.
  static constexpr int64_t kMaxWidth = 4096;
  FusedReduceParts p_;
  ReduceColumns c_;
  F32ColumnsFn resume_;
  F32PlainColumnsFn plain_;
};

// Element types other than f32, reduced dims trailing: whole rows (or, for one long row whose
// monoid splits, the unfused reduce's chunks; RowChunks) are computed into a per-thread buffer
// and folded by the unfused reduce's own typed loop (monoid_reduce.h): the same bits.
class FusedTypedReduceKernel final : public Kernel {
 public:
  FusedTypedReduceKernel(FusedReduceParts parts, int64_t rows, int64_t row_len, MonoidFn fn, size_t es, bool split)
      : p_(std::move(parts)), rows_(rows), row_len_(row_len), fn_(fn), es_(es), split_(split) {}

  Status Run(Frame& f, uint8_t*) const override {
    FusedReducePointers ptr;
    JAXLIB_RETURN_IF_ERROR(ptr.Bind(f, p_));
    uint8_t* result = static_cast<uint8_t*>(ptr.result);
    if (rows_ == 1 && split_ && RowChunks(row_len_) > 1) {
      FoldRowInChunks(fn_, es_, row_len_, ptr.init, result, [&](int64_t b, int64_t e, void* partial, const void* zero) {
        void* out[64];
        std::copy(ptr.out, ptr.out + ptr.nout, out);
        uint8_t* buffer = Buffer(e - b);
        ptr.RunInto(*p_.program, out, buffer, b, e, es_);
        fn_(buffer, partial, zero, 1, e - b, 1);
      });
      return Status::Ok();
    }
    const int64_t block_rows = std::max<int64_t>(1, kBlockElements / std::max<int64_t>(row_len_, 1));
    ParallelFor(rows_, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row_len_, 1)),
                [&](int64_t r0, int64_t r1) {
                  void* out[64];
                  std::copy(ptr.out, ptr.out + ptr.nout, out);
                  for (int64_t b = r0; b < r1; b += block_rows) {
                    const int64_t e = std::min(r1, b + block_rows);
                    uint8_t* buffer = Buffer((e - b) * row_len_);
                    ptr.RunInto(*p_.program, out, buffer, b * row_len_, e * row_len_, es_);
                    fn_(buffer, result + static_cast<size_t>(b) * es_, ptr.init, e - b, row_len_, 1);
                  }
                });
    return Status::Ok();
  }

 private:
  // This thread's buffer of at least n elements.
  uint8_t* Buffer(int64_t n) const {
    thread_local std::vector<uint8_t> buffer;
    const size_t bytes = static_cast<size_t>(n) * es_;
    if (buffer.size() < bytes) buffer.resize(bytes);
    return buffer.data();
  }

  FusedReduceParts p_;
  int64_t rows_, row_len_;
  MonoidFn fn_;
  size_t es_;
  bool split_;
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
  const Op& body = *reduce.regions[0]->ops[0];
  const F32ReduceKind kind = body.kind == OpKind::kAdd       ? F32ReduceKind::kSum
                             : body.kind == OpKind::kMaximum ? F32ReduceKind::kMax
                                                             : F32ReduceKind::kMin;
  const Monoid mono = body.kind == OpKind::kAdd ? Monoid::kAdd : body.kind == OpKind::kMaximum ? Monoid::kMax : Monoid::kMin;
  // Program outputs: the region's other results, then the reduce input.
  FusedReduceParts parts;
  std::vector<ValueId> results;
  for (size_t k = 0; k < region.results.size(); ++k) {
    if (region.results[k] == reduce.results[0]) {
      parts.reduce_out = op.results[k];
      continue;
    }
    results.push_back(region.results[k]);
    parts.outputs.push_back(op.results[k]);
  }
  if (parts.reduce_out < 0) return Internal("fused reduction whose result is unused");
  results.push_back(reduce.operands[0]);
  // The init is a region argument (a fusion operand) by construction.
  for (size_t k = 0; k < region.args.size(); ++k)
    if (region.args[k] == reduce.operands[1]) parts.init = op.operands[k];
  if (parts.init < 0) return Internal("fused reduction whose init is not an operand");
  std::vector<ValueId> outer;
  JAXLIB_ASSIGN_OR_RETURN(parts.program,
                          EwProgram::Compile(m, region, x.dims, &outer, /*args_are_arrays=*/false, &results));
  parts.inputs = op.operands;
  parts.inputs.insert(parts.inputs.end(), outer.begin(), outer.end());
  std::vector<int64_t> dims = reduce.IntListAttr("dimensions");
  std::sort(dims.begin(), dims.end());
  bool trailing = true;
  for (size_t k = 0; k < dims.size(); ++k)
    trailing = trailing && dims[k] == static_cast<int64_t>(x.dims.size() - dims.size() + k);
  const int64_t rows = m.type(reduce.results[0]).element_count();
  const int64_t row_len = rows == 0 ? 0 : x.element_count() / rows;
  if (x.element != ElementType::kF32) {
    MonoidFn fn = PickMonoid(mono, x.element);
    if (!trailing || !fn) return Internal("fused reduction of this element type or layout has no kernel");
    return std::unique_ptr<Kernel>(new FusedTypedReduceKernel(std::move(parts), rows, row_len, fn,
                                                              ElementTypeByteSize(x.element),
                                                              MonoidSplitsRows(mono, x.element)));
  }
  if (!trailing) {
    std::optional<ReduceSegments> s = PlanReduceSegments(x.dims, dims);
    if (std::optional<ReduceColumns> c = s ? std::nullopt : PlanReduceColumns(x.dims, dims))
      return std::unique_ptr<Kernel>(
          new FusedColumnReduceKernel(std::move(parts), *c, SelectF32Columns(kind, /*resume=*/true),
                                      SelectF32PlainColumns(kind)));
    if (!s) return Internal("fused reduction whose reduced dims neither end with the last dim nor form one block");
    return std::unique_ptr<Kernel>(
        new FusedSegmentReduceKernel(std::move(parts), std::move(*s), SelectF32Reduce(kind), SelectF32RowState(kind)));
  }
  std::optional<F32RowStateFns> sum_rows;
  if (kind == F32ReduceKind::kSum) sum_rows = SelectF32RowState(kind);
  return std::unique_ptr<Kernel>(
      new FusedReduceKernel(std::move(parts), rows, row_len, SelectF32Reduce(kind), sum_rows));
}

}  // namespace jaxlib::cpu
