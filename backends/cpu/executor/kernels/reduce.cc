// reduce: typed loops for the common single-op bodies (add, mul, max, min, and, or, xor), and
// for any other body (argmax, multi-operand, custom) an order-preserving blocked fold whose
// steps run the body as a vectorised elementwise program over whole rows.
#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <vector>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/kernels/monoid_reduce.h"
#include "backends/cpu/executor/kernels/reduce_segments.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::Type;
using compiler::ValueId;

namespace {

#define JAXLIB_ARG_INLINE inline __attribute__((always_inline))

// Input viewed as [outer, R, inner] (reduced dims contiguous, possibly after a transpose).
template <Monoid M, class T>
void MonoidReduce(const T* x, T* out, T init, int64_t outer, int64_t R, int64_t inner) {
  using C = Compute<T>;
  // Half types round after every step, like XLA's per-op float normalisation; max and min pick
  // one of their operands, already a half, so rounding them changes nothing but the time.
  constexpr bool kRound = kIsHalf<T> && M != Monoid::kMax && M != Monoid::kMin;
  constexpr bool kVectorSum = !kRound && M == Monoid::kAdd && std::is_floating_point_v<C>;
  if constexpr (std::is_same_v<T, double> && (M == Monoid::kMax || M == Monoid::kMin)) {
    // f64 rows: order-free folds of rows without a NaN (RowMaxMinF64Fn), the same bits; a row
    // holding one is folded in order here.
    if (inner == 1 && R > 0) {
      static const RowMaxMinF64Fn fold_row = SelectRowMaxMinF64();
      for (int64_t o = 0; o < outer; ++o) {
        const T* row = x + o * R;
        if (fold_row(row, R, init, M == Monoid::kMax, out + o)) continue;
        C acc = init;
        for (int64_t r = 0; r < R; ++r) acc = Combine<M, C>(acc, row[r]);
        out[o] = acc;
      }
      return;
    }
  }
  if (inner == 1) {
    int64_t o = 0;
    if constexpr (!kVectorSum) {
      // Four rows at a time, each folded in its own order: four independent chains instead of
      // one (a max, a compare or a rounding per step is several cycles of latency).
      constexpr int kRows = 4;
      for (; o + kRows <= outer; o += kRows) {
        C acc[kRows];
        for (int k = 0; k < kRows; ++k) acc[k] = Up(init);
        for (int64_t r = 0; r < R; ++r) {
          for (int k = 0; k < kRows; ++k) {
            acc[k] = Combine<M, C>(acc[k], Up(x[(o + k) * R + r]));
            if constexpr (kRound) acc[k] = Up(Down<T>(acc[k]));
          }
        }
        for (int k = 0; k < kRows; ++k) out[o + k] = Down<T>(acc[k]);
      }
    }
    for (; o < outer; ++o) {
      const T* row = x + o * R;
      C acc = Up(init);
      if constexpr (kVectorSum) {
        // Independent partial sums let the compiler vectorise; XLA also reassociates.
        C part[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        int64_t r = 0;
        for (; r + 8 <= R; r += 8)
          for (int k = 0; k < 8; ++k) part[k] += row[r + k];
        C s = ((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7]));
        for (; r < R; ++r) s += row[r];
        acc = acc + s;
      } else {
        for (int64_t r = 0; r < R; ++r) {
          acc = Combine<M, C>(acc, Up(row[r]));
          if constexpr (kRound) acc = Up(Down<T>(acc));
        }
      }
      out[o] = Down<T>(acc);
    }
    return;
  }
  std::vector<C> acc(static_cast<size_t>(inner));
  for (int64_t o = 0; o < outer; ++o) {
    std::fill(acc.begin(), acc.end(), Up(init));
    const T* base = x + o * R * inner;
    for (int64_t r = 0; r < R; ++r) {
      const T* row = base + r * inner;
      for (int64_t i = 0; i < inner; ++i) {
        C v = Combine<M, C>(acc[static_cast<size_t>(i)], Up(row[i]));
        if constexpr (kRound) v = Up(Down<T>(v));
        acc[static_cast<size_t>(i)] = v;
      }
    }
    T* o_row = out + o * inner;
    for (int64_t i = 0; i < inner; ++i) o_row[i] = Down<T>(acc[static_cast<size_t>(i)]);
  }
}

template <Monoid M, class T>
void MonoidEntry(const void* x, void* out, const void* init, int64_t outer, int64_t R, int64_t inner) {
  MonoidReduce<M, T>(static_cast<const T*>(x), static_cast<T*>(out), *static_cast<const T*>(init), outer, R, inner);
}

template <Monoid M>
MonoidFn PickMonoidType(ElementType t) {
  constexpr bool kArith = M == Monoid::kAdd || M == Monoid::kMul || M == Monoid::kMax || M == Monoid::kMin;
  switch (t) {
    case ElementType::kPred: return &MonoidEntry<M, bool>;
    case ElementType::kS8: return &MonoidEntry<M, int8_t>;
    case ElementType::kS16: return &MonoidEntry<M, int16_t>;
    case ElementType::kS32: return &MonoidEntry<M, int32_t>;
    case ElementType::kS64: return &MonoidEntry<M, int64_t>;
    case ElementType::kU8: return &MonoidEntry<M, uint8_t>;
    case ElementType::kU16: return &MonoidEntry<M, uint16_t>;
    case ElementType::kU32: return &MonoidEntry<M, uint32_t>;
    case ElementType::kU64: return &MonoidEntry<M, uint64_t>;
    default: break;
  }
  if constexpr (kArith) {
    switch (t) {
      case ElementType::kF16: return &MonoidEntry<M, f16>;
      case ElementType::kBF16: return &MonoidEntry<M, bf16>;
      case ElementType::kF32: return &MonoidEntry<M, float>;
      case ElementType::kF64: return &MonoidEntry<M, double>;
      default: break;
    }
  }
  if constexpr (M == Monoid::kAdd || M == Monoid::kMul) {
    switch (t) {
      case ElementType::kC64: return &MonoidEntry<M, c64>;
      case ElementType::kC128: return &MonoidEntry<M, c128>;
      default: break;
    }
  }
  return nullptr;
}

}  // namespace

MonoidFn PickMonoid(Monoid m, ElementType t) {
  switch (m) {
    case Monoid::kAdd: return PickMonoidType<Monoid::kAdd>(t);
    case Monoid::kMul: return PickMonoidType<Monoid::kMul>(t);
    case Monoid::kMax: return PickMonoidType<Monoid::kMax>(t);
    case Monoid::kMin: return PickMonoidType<Monoid::kMin>(t);
    case Monoid::kAnd: return PickMonoidType<Monoid::kAnd>(t);
    case Monoid::kOr: return PickMonoidType<Monoid::kOr>(t);
    case Monoid::kXor: return PickMonoidType<Monoid::kXor>(t);
    default: return nullptr;
  }
}

bool MonoidSplitsRows(Monoid m, ElementType t) {
  return (m == Monoid::kAdd || m == Monoid::kOr || m == Monoid::kXor) && t != ElementType::kF16 &&
         t != ElementType::kBF16 && t != ElementType::kPred;
}

namespace {

// How the input is laid out for the fold: either already [outer, R, inner] or copied so.
struct ReduceLayout {
  int64_t outer = 1, R = 1, inner = 1;
  bool needs_transpose = false;
  std::vector<int64_t> perm_dims, perm_src_strides;  // copy into [kept..., reduced...] order
};

ReduceLayout MakeLayout(const Type& x, const std::vector<int64_t>& reduce_dims) {
  ReduceLayout L;
  std::vector<bool> red(x.dims.size(), false);
  for (int64_t d : reduce_dims) red[static_cast<size_t>(d)] = true;
  // Contiguous block of reduced dims (ignoring unit dims) -> no copy needed.
  int first = -1, last = -1;
  for (size_t k = 0; k < x.dims.size(); ++k)
    if (red[k] && x.dims[k] != 1) {
      if (first < 0) first = static_cast<int>(k);
      last = static_cast<int>(k);
    }
  bool contiguous = true;
  for (int k = first; k >= 0 && k <= last; ++k)
    if (!red[static_cast<size_t>(k)] && x.dims[static_cast<size_t>(k)] != 1) contiguous = false;
  if (first < 0) {  // nothing (non-trivial) reduced
    L.outer = x.element_count();
    return L;
  }
  if (contiguous) {
    for (int k = 0; k < first; ++k) L.outer *= x.dims[static_cast<size_t>(k)];
    for (int k = first; k <= last; ++k) L.R *= x.dims[static_cast<size_t>(k)];
    for (size_t k = static_cast<size_t>(last) + 1; k < x.dims.size(); ++k) L.inner *= x.dims[k];
    return L;
  }
  L.needs_transpose = true;
  std::vector<int64_t> xs = RowMajorStrides(x.dims);
  for (size_t k = 0; k < x.dims.size(); ++k)
    if (!red[k]) {
      L.perm_dims.push_back(x.dims[k]);
      L.perm_src_strides.push_back(xs[k]);
      L.outer *= x.dims[k];
    }
  for (size_t k = 0; k < x.dims.size(); ++k)
    if (red[k]) {
      L.perm_dims.push_back(x.dims[k]);
      L.perm_src_strides.push_back(xs[k]);
      L.R *= x.dims[k];
    }
  return L;
}

// The vectorised f32 reducers of one monoid (add, max or min), and when its reduced dims are
// not one contiguous block but end with the last dim, the segment layout that reads them in
// place (no transposing copy; same bits as the row reduce of that copy).
struct F32Reducers {
  F32ReduceFn whole = nullptr;
  F32ColumnsFn columns = nullptr;
  F32PlainColumnsFn plain = nullptr;  // max/min: columns by plain compares (nullptr for sums)
  F32RowStateFns rows{};
  float identity = 0.0f;  // partial results of a split row start here
  std::optional<ReduceSegments> segments;
};

std::optional<F32ReduceKind> F32KindOf(Monoid mono) {
  switch (mono) {
    case Monoid::kAdd: return F32ReduceKind::kSum;
    case Monoid::kMax: return F32ReduceKind::kMax;
    case Monoid::kMin: return F32ReduceKind::kMin;
    default: return std::nullopt;
  }
}

// Segments of whole 64-element steps are fed to row states; others (of at least this many
// elements) are gathered row by row into a per-thread buffer and reduced whole.
inline constexpr int64_t kMinGatheredSegment = 16;

// Whether the f32 reducers read this reduction's input in place as segments.
std::optional<ReduceSegments> InPlaceSegments(const Type& x, const std::vector<int64_t>& reduce_dims,
                                              const ReduceLayout& layout) {
  if (!layout.needs_transpose) return std::nullopt;
  std::optional<ReduceSegments> s = PlanReduceSegments(x.dims, reduce_dims);
  // Shorter segments are copied nearly element by element: the transposing copy does as well.
  if (!s || (s->seg % kRowStateFloats != 0 && s->seg < kMinGatheredSegment)) return std::nullopt;
  return s;
}

// f16/bf16 max and min run on the f32 reducers: the input widened (exact), the results
// narrowed back (exact: max and min return one of their operands). `up` null: not used.
struct HalfViaF32 {
  EwFn up = nullptr, down = nullptr;
  int64_t x_count = 0, out_count = 0;
};

HalfViaF32 PlanHalfViaF32(Monoid mono, const Type& x, const Type& out) {
  HalfViaF32 h;
  if ((x.element != ElementType::kF16 && x.element != ElementType::kBF16) ||
      (mono != Monoid::kMax && mono != Monoid::kMin))
    return h;
  h.up = SelectConvertArrayKernel(x.element, ElementType::kF32);
  h.down = SelectConvertArrayKernel(ElementType::kF32, x.element);
  if (!h.up || !h.down) return HalfViaF32{};
  h.x_count = x.element_count();
  h.out_count = out.element_count();
  return h;
}

class MonoidReduceKernel final : public Kernel {
 public:
  // `f32`: the vectorised f32 reducers to use instead of `fn` (whole == nullptr otherwise).
  // `split_rows`: the generic fold may split one long row into partial results from zero
  // (an identity of the monoid, and a reassociation the element type tolerates).
  MonoidReduceKernel(MonoidFn fn, ValueId x, ValueId init, ValueId out, ReduceLayout layout, size_t es,
                     bool split_rows, F32Reducers f32 = {}, HalfViaF32 half = {})
      : fn_(fn), f32_(std::move(f32)), half_(half), x_(x), init_(init), out_(out), L_(std::move(layout)),
        es_(half.up ? sizeof(float) : es), split_rows_(split_rows) {
    if (f32_.segments) L_.needs_transpose = false;
  }
  Status Run(Frame& f, uint8_t* scratch) const override {
    const void* x = f.Get(x_);
    void* out_any = f.Get(out_);
    const void* init_any = f.Get(init_);
    float half_init = 0;
    if (half_.up) {
      // Halves widened to f32 (exactly) over the pool; the f32 reducers run; the results are
      // narrowed back, exactly, as max and min return one of their operands.
      auto* wide = reinterpret_cast<float*>(scratch);
      scratch += compiler::AlignUp(half_.x_count * 4);
      const auto* src = static_cast<const uint16_t*>(x);
      ParallelFor(half_.x_count, kParallelElements, [&](int64_t b, int64_t e) {
        ConvertArray(half_.up, src + b, wide + b, e - b);
      });
      ConvertArray(half_.up, init_any, &half_init, 1);
      x = wide;
      init_any = &half_init;
      out_any = scratch;
      scratch += compiler::AlignUp(half_.out_count * 4);
    }
    if (L_.needs_transpose) {
      CopyStrided(scratch, RowMajorStrides(L_.perm_dims), x, L_.perm_src_strides, L_.perm_dims, es_);
      x = scratch;
    }
    if (!f32_.whole) {
      RunGeneric(static_cast<const uint8_t*>(x), static_cast<uint8_t*>(out_any), init_any);
      return Status::Ok();
    }
    RunF32(static_cast<const float*>(x), static_cast<float*>(out_any), *static_cast<const float*>(init_any));
    if (half_.up) ConvertArray(half_.down, out_any, f.Get(out_), half_.out_count);
    return Status::Ok();
  }

 private:
  void RunF32(const float* xf, float* out, float init) const {
    const int64_t row = L_.R * L_.inner;
    if (f32_.segments) {
      RunSegments(*f32_.segments, xf, out, init);
    } else if (L_.inner > 1) {
      // Blocks of columns per thread: each column still folds its rows in order. Only as many
      // blocks as threads: a wider block reads longer contiguous runs of each row.
      const int64_t threads = ThreadPool::Global().num_threads();
      int64_t width = L_.inner;
      while (width > kMinSplitWidth && L_.outer * ((L_.inner + width - 1) / width) < threads)
        width = (width / 2 + 15) / 16 * 16;
      const int64_t blocks = (L_.inner + width - 1) / width;
      // Max/min with fewer such blocks than threads ([N, 20] over N): chunks of rows per thread.
      if (f32_.plain && L_.outer == 1 && blocks < threads && L_.R >= 2 * kMinRowsPerChunk && init == init) {
        const int64_t chunks = std::min(threads * 4, L_.R / kMinRowsPerChunk), w = L_.inner;
        if (PlainColumnsInRowChunks(f32_.plain, L_.R, w, init, chunks, out, [&](int64_t r0, int64_t r1, float* acc) {
              return f32_.plain(xf + r0 * w, acc, r1 - r0, w, w);
            }))
          return;
      }
      ParallelFor(L_.outer * blocks, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(L_.R * width, 1)),
                  [&](int64_t t0, int64_t t1) {
                    for (int64_t t = t0; t < t1; ++t) {
                      const int64_t o = t / blocks, c0 = (t % blocks) * width, w = std::min(width, L_.inner - c0);
                      f32_.columns(xf + o * row + c0, out + o * L_.inner + c0, init, L_.R, w, L_.inner);
                    }
                  });
    } else if (L_.outer > 1) {
      // Whole output rows per thread: the same arithmetic as one thread.
      ParallelFor(L_.outer, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row, 1)),
                  [&](int64_t o0, int64_t o1) { f32_.whole(xf + o0 * row, out + o0, init, o1 - o0, L_.R, 1); });
    } else if (const int64_t chunks = RowChunks(L_.R); L_.outer == 1 && chunks > 1) {
      // One long row: a partial result per chunk (from the identity: init enters once), then
      // those partials folded from init.
      float partial[kMaxRowChunks];
      ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1; ++c) {
          const int64_t b = RowChunkStart(L_.R, chunks, c), e = RowChunkStart(L_.R, chunks, c + 1);
          f32_.whole(xf + b, &partial[c], f32_.identity, 1, e - b, 1);
        }
      });
      f32_.whole(partial, out, init, 1, chunks, 1);
    } else {
      f32_.whole(xf, out, init, L_.outer, L_.R, L_.inner);
    }
  }

  // Blocks of kept elements along the innermost kept dim per thread; each block's rows are fed
  // segment by segment in row order, so every row folds as it would contiguously.
  void RunSegments(const ReduceSegments& s, const float* x, float* out, float init) const {
    if (s.seg % kRowStateFloats != 0) {
      // Each row gathered into a cache-resident buffer and reduced whole, as it would be from
      // the transposed copy.
      const int64_t R = s.seg * s.segments;
      ParallelFor(s.outer * s.inner, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(R, 1)),
                  [&](int64_t t0, int64_t t1) {
                    thread_local std::vector<float> row;
                    if (row.size() < static_cast<size_t>(R)) row.resize(static_cast<size_t>(R));
                    for (int64_t t = t0; t < t1; ++t) {
                      const float* base = x + s.OuterOffset(t / s.inner) + (t % s.inner) * s.inner_stride;
                      float* p = row.data();
                      s.ForEachSegment([&](int64_t off) {
                        std::memcpy(p, base + off, static_cast<size_t>(s.seg) * sizeof(float));
                        p += s.seg;
                      });
                      f32_.whole(row.data(), out + t, init, 1, R, 1);
                    }
                  });
      return;
    }
    const int64_t width = std::clamp<int64_t>(kSegmentBlockElements / s.seg, 1, s.inner);
    const int64_t blocks = (s.inner + width - 1) / width;
    const int64_t per_item = width * s.seg * s.segments;
    ParallelFor(s.outer * blocks, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(per_item, 1)),
                [&](int64_t t0, int64_t t1) {
                  alignas(64) float states[kSegmentBlockElements];  // width * 64 floats at most
                  for (int64_t t = t0; t < t1; ++t) {
                    const int64_t o = t / blocks, c0 = (t % blocks) * width, w = std::min(width, s.inner - c0);
                    const float* base = x + s.OuterOffset(o) + c0 * s.inner_stride;
                    f32_.rows.start(states, init, w);
                    s.ForEachSegment([&](int64_t off) { f32_.rows.feed(states, base + off, w, s.seg, s.inner_stride); });
                    f32_.rows.finish(states, out + o * s.inner + c0, init, w);
                  }
                });
  }

  // The typed loops of every other element type: whole output rows per thread (the same
  // arithmetic as one thread), or one long row split into partial results as the f32 path does.
  void RunGeneric(const uint8_t* x, uint8_t* out, const void* init) const {
    const int64_t row = L_.R * L_.inner;
    if (L_.outer > 1) {
      ParallelFor(L_.outer, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row, 1)),
                  [&](int64_t o0, int64_t o1) {
                    fn_(x + static_cast<size_t>(o0 * row) * es_, out + static_cast<size_t>(o0 * L_.inner) * es_,
                        init, o1 - o0, L_.R, L_.inner);
                  });
    } else if (split_rows_ && L_.inner == 1 && RowChunks(L_.R) > 1) {
      FoldRowInChunks(fn_, es_, L_.R, init, out, [&](int64_t b, int64_t e, void* partial, const void* zero) {
        fn_(x + static_cast<size_t>(b) * es_, partial, zero, 1, e - b, 1);
      });
    } else {
      fn_(x, out, init, L_.outer, L_.R, L_.inner);
    }
  }

  static constexpr int64_t kParallelElements = 32768;
  static constexpr int64_t kSegmentBlockElements = 8192;
  // Column max/min split by chunks of rows: at least this many rows a chunk. Columns are split
  // across threads down to blocks of kMinSplitWidth.
  static constexpr int64_t kMinRowsPerChunk = 64;
  static constexpr int64_t kMinSplitWidth = 256;
  MonoidFn fn_;
  F32Reducers f32_;
  HalfViaF32 half_;
  ValueId x_, init_, out_;
  ReduceLayout L_;
  size_t es_;
  bool split_rows_;
};

// Floating-point sums and products in XLA's CPU order, so results match bit for bit. XLA's
// TreeReductionRewriter (window 32) turns a reduce with a reduced dimension longer than 32 into
// a reduce_window whose window spans min(n, 32) of every reduced dimension (stride = window,
// "same" padding split evenly, padded positions contribute `init`), repeated while a reduced
// dimension exceeds 32; every window and the final reduce fold sequentially in row-major order
// from `init`. Reductions XLA hands to its YNN library instead keep the generic loops below;
// see UsesXlaTreeOrder. Verified against jaxlib 0.10.2 (tests/unit/compiler). Not reproduced:
// when the final fold runs over a rank-2 block whose leading extent is 2, 4 or 8, XLA's LLVM
// vectorizes it (lanes along that extent, then a halving tree), which depends on the host's
// vector width; such results differ from XLA's in the last bits only.
inline constexpr int64_t kXlaTreeReduceWindow = 32;

template <class F>
void ForEachIndex(const std::vector<int64_t>& shape, F&& fn) {
  for (int64_t d : shape)
    if (d == 0) return;
  std::vector<int64_t> idx(shape.size(), 0);
  for (;;) {
    fn(idx);
    int k = static_cast<int>(shape.size()) - 1;
    for (; k >= 0; --k) {
      if (++idx[static_cast<size_t>(k)] < shape[static_cast<size_t>(k)]) break;
      idx[static_cast<size_t>(k)] = 0;
    }
    if (k < 0) return;
  }
}

template <Monoid M, class T>
void XlaOrderedReduce(const T* x, T* out, T init, const std::vector<int64_t>& dims, const std::vector<bool>& red) {
  using C = Compute<T>;
  auto step = [](C a, C b) {
    C v = Combine<M, C>(a, b);
    if constexpr (kIsHalf<T>) v = Up(Down<T>(v));
    return v;
  };
  const size_t rank = dims.size();
  const C ci = Up(init);
  std::vector<int64_t> shape = dims;
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<C> cur(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) cur[static_cast<size_t>(i)] = Up(x[i]);
  for (;;) {
    std::vector<int64_t> next_shape = shape, win(rank, 1), lo(rank, 0);
    bool any = false;
    for (size_t d = 0; d < rank; ++d) any = any || (red[d] && shape[d] > kXlaTreeReduceWindow);
    if (!any) break;
    for (size_t d = 0; d < rank; ++d) {
      if (!red[d] || shape[d] == 0) continue;
      win[d] = std::min(shape[d], kXlaTreeReduceWindow);
      next_shape[d] = (shape[d] + win[d] - 1) / win[d];
      lo[d] = (next_shape[d] * win[d] - shape[d]) / 2;
    }
    std::vector<int64_t> strides = RowMajorStrides(shape);
    int64_t m = 1;
    for (int64_t d : next_shape) m *= d;
    std::vector<C> next(static_cast<size_t>(m));
    size_t o = 0;
    ForEachIndex(next_shape, [&](const std::vector<int64_t>& oi) {
      C acc = ci;
      ForEachIndex(win, [&](const std::vector<int64_t>& wi) {
        int64_t flat = 0;
        bool inside = true;
        for (size_t d = 0; d < rank; ++d) {
          int64_t p = oi[d] * win[d] + wi[d] - lo[d];
          if (p < 0 || p >= shape[d]) inside = false;
          flat += p * strides[d];
        }
        acc = step(acc, inside ? cur[static_cast<size_t>(flat)] : ci);
      });
      next[o++] = acc;
    });
    cur.swap(next);
    shape.swap(next_shape);
  }
  std::vector<int64_t> strides = RowMajorStrides(shape), kept, red_shape;
  std::vector<int64_t> kept_strides, red_strides;
  for (size_t d = 0; d < rank; ++d) {
    if (red[d]) {
      red_shape.push_back(shape[d]);
      red_strides.push_back(strides[d]);
    } else {
      kept.push_back(shape[d]);
      kept_strides.push_back(strides[d]);
    }
  }
  int64_t o = 0;
  ForEachIndex(kept, [&](const std::vector<int64_t>& ki) {
    int64_t base = 0;
    for (size_t d = 0; d < ki.size(); ++d) base += ki[d] * kept_strides[d];
    C acc = ci;
    ForEachIndex(red_shape, [&](const std::vector<int64_t>& ri) {
      int64_t flat = base;
      for (size_t d = 0; d < ri.size(); ++d) flat += ri[d] * red_strides[d];
      acc = step(acc, cur[static_cast<size_t>(flat)]);
    });
    out[o++] = Down<T>(acc);
  });
}

// Whether XLA:CPU folds this reduction in the tree order above. jaxlib 0.10.2 hands float sums
// (f16/bf16/f32/f64) of 4096 elements or more to its YNN library, whose order we do not
// reproduce; products and complex sums always take the tree path (measured, see tests).
inline constexpr int64_t kXlaYnnReduceMinElements = 4096;
bool UsesXlaTreeOrder(Monoid m, ElementType t, int64_t elements) {
  if (m == Monoid::kMul) return true;
  if (t == ElementType::kC64 || t == ElementType::kC128) return true;
  return elements < kXlaYnnReduceMinElements;
}

using OrderedFn = void (*)(const void*, void*, const void*, const std::vector<int64_t>&, const std::vector<bool>&);

template <Monoid M, class T>
void OrderedEntry(const void* x, void* out, const void* init, const std::vector<int64_t>& dims,
                  const std::vector<bool>& red) {
  XlaOrderedReduce<M, T>(static_cast<const T*>(x), static_cast<T*>(out), *static_cast<const T*>(init), dims, red);
}

template <Monoid M>
OrderedFn PickOrderedType(ElementType t) {
  switch (t) {
    case ElementType::kF16: return &OrderedEntry<M, f16>;
    case ElementType::kBF16: return &OrderedEntry<M, bf16>;
    case ElementType::kF32: return &OrderedEntry<M, float>;
    case ElementType::kF64: return &OrderedEntry<M, double>;
    case ElementType::kC64: return &OrderedEntry<M, c64>;
    case ElementType::kC128: return &OrderedEntry<M, c128>;
    default: return nullptr;
  }
}

class OrderedReduceKernel final : public Kernel {
 public:
  OrderedReduceKernel(OrderedFn fn, ValueId x, ValueId init, ValueId out, std::vector<int64_t> dims,
                      std::vector<bool> red)
      : fn_(fn), x_(x), init_(init), out_(out), dims_(std::move(dims)), red_(std::move(red)) {}
  Status Run(Frame& f, uint8_t*) const override {
    fn_(f.Get(x_), f.Get(out_), f.Get(init_), dims_, red_);
    return Status::Ok();
  }

 private:
  OrderedFn fn_;
  ValueId x_, init_, out_;
  std::vector<int64_t> dims_;
  std::vector<bool> red_;
};

// General reduce: operands are copied into [chunk, lanes, M] blocks (M = kept elements) so that
// every fold step is one contiguous elementwise program run over lanes*M elements, and the
// fold order equals a sequential left fold (matters for argmax-style tie breaking). With many
// kept elements (one lane) the input is read in place when the reduced dims lead (it is then
// [R, M] already), and the kept elements are split into column blocks over the pool, each
// folding all R rows while its accumulators stay in cache (RunColumns; the same steps in the
// same order for each element, so the same bits).
class GeneralReduceKernel final : public Kernel {
 public:
  GeneralReduceKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> body,
                      std::vector<ValueId> captured)
      : body_(std::move(body)), captured_(std::move(captured)) {
    n_ = op.operands.size() / 2;
    for (size_t k = 0; k < n_; ++k) {
      inputs_.push_back(op.operands[k]);
      inits_.push_back(op.operands[n_ + k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
    const Type& x = m.type(op.operands[0]);
    std::vector<int64_t> dims = op.IntListAttr("dimensions");
    std::vector<bool> red(x.dims.size(), false);
    for (int64_t d : dims) red[static_cast<size_t>(d)] = true;
    std::vector<int64_t> xs = RowMajorStrides(x.dims);
    M_ = 1;
    R_ = 1;
    for (size_t k = 0; k < x.dims.size(); ++k) {
      if (red[k]) {
        R_ *= x.dims[k];
        red_dims_.push_back(x.dims[k]);
        red_strides_.push_back(xs[k]);
      } else {
        M_ *= x.dims[k];
        kept_dims_.push_back(x.dims[k]);
        kept_strides_.push_back(xs[k]);
      }
    }
    lanes_ = M_ >= 1024 ? 1 : std::max<int64_t>(1, std::min<int64_t>(R_, (1024 + M_ - 1) / std::max<int64_t>(M_, 1)));
    chunk_ = R_ / lanes_;
    if (chunk_ == 0) {
      lanes_ = 1;
      chunk_ = R_;
    }
    leading_ = true;
    for (size_t k = 0; k < dims.size(); ++k) leading_ = leading_ && red[k];
    // An operand that is an iota along the one reduced dim (argmax's indices) holds j in every
    // element of row j: RunColumns fills a block with j instead of reading it, and the iota is
    // not computed at all (ReadValues leaves it out).
    if (lanes_ == 1 && dims.size() == 1) {
      for (size_t k = 0; k < n_ && iota_ < 0; ++k) {
        const Op* def = m.values[static_cast<size_t>(inputs_[k])].def;
        const ElementType t = m.type(inputs_[k]).element;
        const bool integer = t == ElementType::kS32 || t == ElementType::kS64 || t == ElementType::kU32 ||
                             t == ElementType::kU64;
        if (def && def->kind == OpKind::kIota && def->IntAttr("iota_dimension", -1) == dims[0] &&
            (integer || t == ElementType::kF32)) {
          iota_ = static_cast<int>(k);
          iota_float_ = t == ElementType::kF32;
        }
      }
    }
    for (size_t k = 0; k < n_; ++k)
      if (!IsIota(k)) reads_.push_back(inputs_[k]);
    reads_.insert(reads_.end(), inits_.begin(), inits_.end());
    reads_.insert(reads_.end(), captured_.begin(), captured_.end());
  }

  const std::vector<ValueId>* ReadValues() const override {
    return reads_.size() < inputs_.size() + inits_.size() + captured_.size() ? &reads_ : nullptr;
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    size_t n = op.operands.size() / 2;
    int64_t total = 0;
    const Type& x = m.type(op.operands[0]);
    int64_t M = m.type(op.results[0]).element_count();
    int64_t R = M == 0 ? 0 : x.element_count() / M;
    int64_t lanes = M >= 1024 ? 1 : std::max<int64_t>(1, std::min<int64_t>(R, (1024 + M - 1) / std::max<int64_t>(M, 1)));
    for (size_t k = 0; k < n; ++k) {
      int64_t es = static_cast<int64_t>(ElementTypeByteSize(m.type(op.operands[k]).element));
      // two copies of the input, two accumulators of lanes*M, the result accumulator pair
      total += 2 * compiler::AlignUp(x.element_count() * es) + 2 * compiler::AlignUp(lanes * M * es) +
               2 * compiler::AlignUp(M * es);
    }
    return total;
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    if (M_ == 0) return Status::Ok();
    if (lanes_ == 1) return RunColumns(f, scratch);
    const int64_t LM = lanes_ * M_;
    std::vector<uint8_t*> data(n_), acc_a(n_), acc_b(n_), res_a(n_), res_b(n_), leftover_(n_);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n_; ++k) {
      const int64_t es = static_cast<int64_t>(es_[k]);
      data[k] = Carve(&p, R_ * M_ * es);
      acc_a[k] = Carve(&p, LM * es);
      acc_b[k] = Carve(&p, LM * es);
      res_a[k] = Carve(&p, M_ * es);
      res_b[k] = Carve(&p, M_ * es);
      // tmp = input as [R, M] (reduced dims major); data = [chunk, lanes, M] for the first
      // lanes*chunk rows, so lane l owns rows [l*chunk, (l+1)*chunk) and every fold step reads
      // one contiguous block. Leftover rows stay in tmp.
      uint8_t* tmp = Carve(&p, R_ * M_ * es);
      CopyReducedMajor(f, k, tmp);
      if (lanes_ > 1) {
        CopyStrided(data[k], RowMajorStrides({chunk_, lanes_, M_}), tmp, {M_, chunk_ * M_, 1}, {chunk_, lanes_, M_}, es_[k]);
      } else {
        data[k] = tmp;
      }
      leftover_[k] = tmp;
    }
    std::vector<const void*> in(2 * n_ + captured_.size());
    std::vector<void*> out(n_);
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n_ + c] = f.Get(captured_[c]);
    // Per-lane fold over the chunk: acc = body(acc, block_j).
    std::vector<uint8_t*> cur(n_), nxt(n_);
    for (size_t k = 0; k < n_; ++k) {
      cur[k] = data[k];  // block 0 starts the fold
      nxt[k] = acc_a[k];
    }
    for (int64_t j = 1; j < chunk_; ++j) {
      for (size_t k = 0; k < n_; ++k) {
        in[k] = cur[k];
        in[n_ + k] = data[k] + j * LM * static_cast<int64_t>(es_[k]);
        out[k] = nxt[k];
      }
      body_->Run(in.data(), out.data(), 0, LM);
      for (size_t k = 0; k < n_; ++k) {
        uint8_t* done = nxt[k];
        nxt[k] = (done == acc_a[k]) ? acc_b[k] : acc_a[k];
        cur[k] = done;
      }
    }
    // Combine: result = init, then each lane in order, then leftover rows.
    std::vector<uint8_t*> rc(n_), rn(n_);
    for (size_t k = 0; k < n_; ++k) {
      FillElements(res_a[k], f.Get(inits_[k]), es_[k], M_);
      rc[k] = res_a[k];
      rn[k] = res_b[k];
    }
    auto step = [&](const std::vector<const uint8_t*>& rhs) {
      for (size_t k = 0; k < n_; ++k) {
        in[k] = rc[k];
        in[n_ + k] = rhs[k];
        out[k] = rn[k];
      }
      body_->Run(in.data(), out.data(), 0, M_);
      for (size_t k = 0; k < n_; ++k) std::swap(rc[k], rn[k]);
    };
    std::vector<const uint8_t*> rhs(n_);
    if (chunk_ > 0) {
      for (int64_t lane = 0; lane < lanes_; ++lane) {
        for (size_t k = 0; k < n_; ++k) rhs[k] = cur[k] + lane * M_ * static_cast<int64_t>(es_[k]);
        step(rhs);
      }
    }
    for (int64_t r = lanes_ * chunk_; r < R_; ++r) {
      for (size_t k = 0; k < n_; ++k) rhs[k] = leftover_[k] + r * M_ * static_cast<int64_t>(es_[k]);
      step(rhs);
    }
    for (size_t k = 0; k < n_; ++k) std::memcpy(f.Get(outputs_[k]), rc[k], static_cast<size_t>(M_) * es_[k]);
    return Status::Ok();
  }

 private:
  // One lane: rows of M kept elements, folded in column blocks split over the pool. Row 0
  // starts each block's fold, rows 1..R-1 follow, then init folds with the result, as Run's
  // lane path does for one lane.
  Status RunColumns(Frame& f, uint8_t* scratch) const {
    if (R_ == 0) {  // nothing reduced: init everywhere
      for (size_t k = 0; k < n_; ++k) FillElements(f.Get(outputs_[k]), f.Get(inits_[k]), es_[k], M_);
      return Status::Ok();
    }
    std::vector<const uint8_t*> rows(n_);
    std::vector<uint8_t*> acc_a(n_), acc_b(n_), res(n_);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n_; ++k) {
      const int64_t es = static_cast<int64_t>(es_[k]);
      if (IsIota(k)) {
        rows[k] = nullptr;  // filled per block (FillIotaRow)
      } else if (leading_) {
        rows[k] = static_cast<const uint8_t*>(f.Get(inputs_[k]));
      } else {
        uint8_t* copy = Carve(&p, R_ * M_ * es);
        CopyReducedMajor(f, k, copy);
        rows[k] = copy;
      }
      acc_a[k] = Carve(&p, M_ * es);
      acc_b[k] = Carve(&p, M_ * es);
      res[k] = Carve(&p, M_ * es);
    }
    constexpr int64_t kBlock = 8192;  // kept elements per task: a few accumulators' worth of L1/L2
    ParallelFor(M_, kBlock, [&](int64_t b, int64_t e) {
      for (int64_t b0 = b; b0 < e; b0 += kBlock) {
        const int64_t e0 = std::min(e, b0 + kBlock);
        std::vector<const void*> in(2 * n_ + captured_.size());
        std::vector<void*> out(n_);
        for (size_t c = 0; c < captured_.size(); ++c) in[2 * n_ + c] = f.Get(captured_[c]);
        // Row j of an elided iota: a block of j (the pointer is made so that elements
        // [b0, e0) land in the block, as the program indexes from its inputs' starts).
        alignas(64) uint8_t iota_block[kBlock * 8];
        auto iota_row = [&](size_t k, int64_t j) -> const uint8_t* {
          FillIotaRow(iota_block, j, e0 - b0);
          return reinterpret_cast<const uint8_t*>(reinterpret_cast<uintptr_t>(iota_block) -
                                                  static_cast<uintptr_t>(b0) * es_[k]);
        };
        std::vector<const uint8_t*> cur(rows.begin(), rows.end());
        for (size_t k = 0; k < n_; ++k) {
          if (!IsIota(k)) continue;
          FillIotaRow(acc_b[k] + static_cast<size_t>(b0) * es_[k], 0, e0 - b0);  // row 0 starts the fold
          cur[k] = acc_b[k];
        }
        for (int64_t j = 1; j < R_; ++j) {
          for (size_t k = 0; k < n_; ++k) {
            in[k] = cur[k];
            in[n_ + k] = IsIota(k) ? iota_row(k, j) : rows[k] + j * M_ * static_cast<int64_t>(es_[k]);
            out[k] = cur[k] == acc_a[k] ? acc_b[k] : acc_a[k];
          }
          body_->Run(in.data(), out.data(), b0, e0);
          for (size_t k = 0; k < n_; ++k) cur[k] = static_cast<uint8_t*>(out[k]);
        }
        for (size_t k = 0; k < n_; ++k) {
          const size_t es = es_[k];
          FillElements(res[k] + static_cast<size_t>(b0) * es, f.Get(inits_[k]), es, e0 - b0);
          in[k] = res[k];
          in[n_ + k] = cur[k];
          out[k] = f.Get(outputs_[k]);
        }
        body_->Run(in.data(), out.data(), b0, e0);
      }
    });
    return Status::Ok();
  }

  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  size_t n_ = 0;
  std::vector<ValueId> inputs_, inits_, outputs_;
  std::vector<size_t> es_;
  int64_t M_ = 1, R_ = 1, lanes_ = 1, chunk_ = 1;
  // The next `bytes` of scratch (aligned).
  static uint8_t* Carve(uint8_t** p, int64_t bytes) {
    uint8_t* at = *p;
    *p += compiler::AlignUp(bytes);
    return at;
  }
  // Operand k as [R, M]: its reduced dims first (major), then its kept dims.
  void CopyReducedMajor(Frame& f, size_t k, uint8_t* dst) const {
    std::vector<int64_t> dims = red_dims_, strides = red_strides_;
    dims.insert(dims.end(), kept_dims_.begin(), kept_dims_.end());
    strides.insert(strides.end(), kept_strides_.begin(), kept_strides_.end());
    CopyStrided(dst, RowMajorStrides(dims), f.Get(inputs_[k]), strides, dims, es_[k]);
  }

  bool IsIota(size_t k) const { return static_cast<int>(k) == iota_; }
  // n elements of the elided iota's row j at dst: j in its element type.
  void FillIotaRow(uint8_t* dst, int64_t j, int64_t n) const {
    if (iota_float_) {
      const float v = static_cast<float>(j);
      FillElements(dst, &v, 4, n);
    } else {
      FillElements(dst, &j, es_[static_cast<size_t>(iota_)], n);  // little-endian: j's low bytes
    }
  }

  bool leading_ = false;  // the reduced dims are the leading ones: the input is [R, M] as it is
  int iota_ = -1;         // the operand that is an iota along the reduced dim (not read), or -1
  bool iota_float_ = false;
  std::vector<ValueId> reads_;
  std::vector<int64_t> kept_dims_, kept_strides_, red_dims_, red_strides_;
};

// jnp.argmax / argmin: the two-operand reduce whose body (JAX's _compute_argminmax) keeps the
// accumulator (a) over the element (b) when a's value wins the compare or is NaN, and its index
// when that holds or the values are equal and a's index is lower:
//   p = cmp(va, vb) | va != va;  q = p | (va == vb & ia < ib);  (p ? va : vb, q ? ia : ib).
// Recognised op by op (either operand order of each commutative or/and); the kernel then runs
// exactly that fold, sequentially along the reduced dims like the general kernel's left fold,
// with the float compares of the executor's FTZ/DAZ mode.
struct ArgFoldBody {
  bool is_max = true;
};
std::optional<ArgFoldBody> MatchArgMinMax(const compiler::Module& m, const Region& r) {
  if (r.args.size() != 4 || r.results.size() != 2 || r.ops.size() != 9) return std::nullopt;
  const ValueId va = r.args[0], ia = r.args[1], vb = r.args[2], ib = r.args[3];
  if (m.type(va).element != ElementType::kF32 || m.type(ia).element != ElementType::kS32) return std::nullopt;
  std::map<ValueId, const Op*> def;
  for (const auto& op : r.ops) {
    if (op->results.size() != 1) return std::nullopt;
    def[op->results[0]] = op.get();
  }
  auto is = [&](ValueId v, OpKind k) -> const Op* {
    auto it = def.find(v);
    return it != def.end() && it->second->kind == k && it->second->operands.size() >= 2 ? it->second : nullptr;
  };
  auto cmp = [&](ValueId v, const char* dir, ValueId x, ValueId y, const char* type) {
    const Op* c = is(v, OpKind::kCompare);
    return c && c->EnumAttr("comparison_direction") == dir && c->EnumAttr("compare_type") == type &&
           c->operands[0] == x && c->operands[1] == y;
  };
  // Either operand order of a commutative op: calls f(x, y) then f(y, x).
  auto either = [](const Op* op, auto&& f) { return op && (f(op->operands[0], op->operands[1]) || f(op->operands[1], op->operands[0])); };
  const Op* sel_v = is(r.results[0], OpKind::kSelect);
  const Op* sel_i = is(r.results[1], OpKind::kSelect);
  if (!sel_v || !sel_i || sel_v->operands.size() != 3 || sel_i->operands.size() != 3) return std::nullopt;
  if (sel_v->operands[1] != va || sel_v->operands[2] != vb || sel_i->operands[1] != ia || sel_i->operands[2] != ib)
    return std::nullopt;
  const ValueId p = sel_v->operands[0];
  ArgFoldBody out;
  bool p_ok = either(is(p, OpKind::kOr), [&](ValueId x, ValueId y) {
    if (!cmp(y, "NE", va, va, "FLOAT")) return false;
    if (cmp(x, "GT", va, vb, "FLOAT")) return out.is_max = true, true;
    if (cmp(x, "LT", va, vb, "FLOAT")) return out.is_max = false, true;
    return false;
  });
  bool q_ok = either(is(sel_i->operands[0], OpKind::kOr), [&](ValueId x, ValueId y) {
    return x == p && either(is(y, OpKind::kAnd), [&](ValueId e, ValueId l) {
             return cmp(e, "EQ", va, vb, "FLOAT") && cmp(l, "LT", ia, ib, "SIGNED");
           });
  });
  if (!p_ok || !q_ok) return std::nullopt;
  return out;
}

// The argmin/argmax kernel's shape when it takes `op`: a recognised body, and reduced dims that
// form one contiguous run, so the input is [outer, R, inner] without a copy.
struct ArgPlan {
  bool is_max;
  int64_t outer, R, inner;
  bool iota_index;  // the index operand is an s32 iota along the one reduced dim: index = r
};

template <bool kMax>
JAXLIB_ARG_INLINE void ArgStep(float& va, int32_t& ia, float vb, int32_t ib) {
  const bool p = (kMax ? va > vb : va < vb) || va != va;
  const bool q = p || (va == vb && ia < ib);
  va = p ? va : vb;
  ia = q ? ia : ib;
}

// ArgStep on four folds at once, each over R elements `step` apart, fold k starting `lane`
// elements after fold k - 1 (four adjacent columns: lane 1, step `inner`; four short rows: lane
// R, step 1), index r where `xi` is null: the same compares and selects per element, as lane
// masks instead of branches (the scalar form's branches mispredict on random data).
template <bool kMax>
void ArgLanes4(const float* xv, const int32_t* xi, int64_t R, int64_t step, int64_t lane, float v0, int32_t i0,
               float* out_v, int32_t* out_i) {
  typedef float F4 __attribute__((vector_size(16)));
  typedef int32_t I4 __attribute__((vector_size(16)));
  F4 va = {v0, v0, v0, v0};
  I4 ia = {i0, i0, i0, i0};
  for (int64_t r = 0; r < R; ++r) {
    F4 vb;
    I4 ib;
    const int64_t at = r * step;
    if (lane == 1)
      std::memcpy(&vb, xv + at, sizeof(vb));
    else
      vb = F4{xv[at], xv[at + lane], xv[at + 2 * lane], xv[at + 3 * lane]};
    if (xi && lane == 1) {
      std::memcpy(&ib, xi + at, sizeof(ib));
    } else if (xi) {
      ib = I4{xi[at], xi[at + lane], xi[at + 2 * lane], xi[at + 3 * lane]};
    } else {
      const int32_t j = static_cast<int32_t>(r);
      ib = I4{j, j, j, j};
    }
    const I4 p = (kMax ? va > vb : va < vb) | (va != va);
    const I4 q = p | ((va == vb) & (ia < ib));
    va = (F4)((p & (I4)va) | (~p & (I4)vb));
    ia = (q & ia) | (~q & ib);
  }
  std::memcpy(out_v, &va, sizeof(va));
  std::memcpy(out_i, &ia, sizeof(ia));
}

// One row's arg-fold with iota indices (index = position), from a non-NaN init: eight lanes
// each fold every eighth element in order, then merge. The sequential fold keeps the largest
// (smallest) value, NaN above all; among equal values the first index and the last one's value
// (-0 and +0 compare equal), among NaNs the first. With increasing indices "first" is
// "smallest index", so the lanes' results merge by index, and by the position of the element
// that supplied the value (the init counts as before everything).
template <bool kMax>
void ArgRowIota(const float* x, int64_t R, float v0, int32_t i0, float* out_v, int32_t* out_i) {
  // Two sets of four lanes (16-byte vectors: native on every target) for eight chains.
  typedef float F4 __attribute__((vector_size(16)));
  typedef int32_t I4 __attribute__((vector_size(16)));
  F4 va[2] = {{v0, v0, v0, v0}, {v0, v0, v0, v0}};
  I4 ia[2] = {{i0, i0, i0, i0}, {i0, i0, i0, i0}}, pa[2] = {{-1, -1, -1, -1}, {-1, -1, -1, -1}};
  I4 ib[2] = {{0, 1, 2, 3}, {4, 5, 6, 7}};
  const I4 step = {8, 8, 8, 8};
  int64_t r = 0;
  for (; r + 8 <= R && r + 8 <= INT32_MAX; r += 8) {
    for (int h = 0; h < 2; ++h) {
      F4 vb;
      std::memcpy(&vb, x + r + 4 * h, sizeof(vb));
      const I4 p = (kMax ? va[h] > vb : va[h] < vb) | (va[h] != va[h]);
      const I4 q = p | ((va[h] == vb) & (ia[h] < ib[h]));
      va[h] = (F4)((p & (I4)va[h]) | (~p & (I4)vb));
      pa[h] = (p & pa[h]) | (~p & ib[h]);
      ia[h] = (q & ia[h]) | (~q & ib[h]);
      ib[h] += step;
    }
  }
  float lane_v[8];
  int32_t lane_i[8], lane_p[8];
  std::memcpy(lane_v, va, sizeof(lane_v));
  std::memcpy(lane_i, ia, sizeof(lane_i));
  std::memcpy(lane_p, pa, sizeof(lane_p));
  float v = lane_v[0];
  int32_t i = lane_i[0], pos = lane_p[0];
  for (int k = 1; k < 8; ++k) {
    const float w = lane_v[k];
    const bool nan_v = v != v, nan_w = w != w;
    if (nan_v || nan_w) {
      if (nan_w && (!nan_v || lane_i[k] < i)) v = w, i = lane_i[k], pos = lane_p[k];
    } else if (kMax ? w > v : w < v) {
      v = w, i = lane_i[k], pos = lane_p[k];
    } else if (w == v) {
      if (lane_p[k] > pos) v = w, pos = lane_p[k];
      i = std::min(i, lane_i[k]);
    }
  }
  for (; r < R; ++r) ArgStep<kMax>(v, i, x[r], static_cast<int32_t>(r));
  *out_v = v;
  *out_i = i;
}


class ArgMinMaxReduceKernel final : public Kernel {
 public:
  ArgMinMaxReduceKernel(const Op& op, const struct ArgPlan& plan);
  // With iota indices the index array is never read (its producer need not run).
  const std::vector<ValueId>* ReadValues() const override { return iota_index_ ? &reads_ : nullptr; }
  Status Run(Frame& f, uint8_t*) const override {
    if (is_max_) RunTyped<true>(f);
    else RunTyped<false>(f);
    return Status::Ok();
  }

 private:
  template <bool kMax>
  void RunTyped(Frame& f) const {
    const float* xv = static_cast<const float*>(f.Get(xv_));
    const int32_t* xi = iota_index_ ? nullptr : static_cast<const int32_t*>(f.Get(xi_));
    float v0;
    int32_t i0;
    std::memcpy(&v0, f.Get(initv_), sizeof(float));
    std::memcpy(&i0, f.Get(initi_), sizeof(int32_t));
    float* ov = static_cast<float*>(f.Get(outv_));
    int32_t* oi = static_cast<int32_t*>(f.Get(outi_));
    const int64_t R = R_, inner = inner_;
    // Independent (outer, column block) pieces over the pool; each folds its columns over R in order.
    constexpr int64_t kCols = 256;
    constexpr int64_t kShortArgRow = 32;  // rows up to this long: four at a time, one per lane
    const int64_t blocks = (inner + kCols - 1) / kCols;
    ParallelFor(outer_ * blocks, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, R * std::min(inner, kCols))),
                [&](int64_t t0, int64_t t1) {
      for (int64_t t = t0; t < t1; ++t) {
        const int64_t o = t / blocks, c0 = (t % blocks) * kCols, c1 = std::min(inner, c0 + kCols);
        const float* bv = xv + o * R * inner;
        const int32_t* bi = xi ? xi + o * R * inner : nullptr;
        if (inner == 1 && R <= kShortArgRow && t + 4 <= t1) {
          // Four short rows at once, each folded in order (blocks == 1: t is the row).
          ArgLanes4<kMax>(bv, bi, R, 1, R, v0, i0, &ov[o], &oi[o]);
          t += 3;
          continue;
        }
        if (inner == 1) {
          if (!bi && v0 == v0) {
            ArgRowIota<kMax>(bv, R, v0, i0, &ov[o], &oi[o]);
            continue;
          }
          float va = v0;
          int32_t ia = i0;
          for (int64_t r = 0; r < R; ++r) ArgStep<kMax>(va, ia, bv[r], bi ? bi[r] : static_cast<int32_t>(r));
          ov[o] = va;
          oi[o] = ia;
          continue;
        }
        int64_t c = c0;
        for (; c + 4 <= c1; c += 4)
          ArgLanes4<kMax>(bv + c, bi ? bi + c : nullptr, R, inner, 1, v0, i0, ov + o * inner + c, oi + o * inner + c);
        for (; c < c1; ++c) {
          float va = v0;
          int32_t ia = i0;
          for (int64_t r = 0; r < R; ++r)
            ArgStep<kMax>(va, ia, bv[r * inner + c], bi ? bi[r * inner + c] : static_cast<int32_t>(r));
          ov[o * inner + c] = va;
          oi[o * inner + c] = ia;
        }
      }
    });
  }

  bool is_max_;
  int64_t outer_, R_, inner_;
  bool iota_index_;
  ValueId xv_, xi_, initv_, initi_, outv_, outi_;
  std::vector<ValueId> reads_;
};

ArgMinMaxReduceKernel::ArgMinMaxReduceKernel(const Op& op, const ArgPlan& plan)
    : is_max_(plan.is_max), outer_(plan.outer), R_(plan.R), inner_(plan.inner), iota_index_(plan.iota_index) {
  xv_ = op.operands[0];
  xi_ = op.operands[1];
  initv_ = op.operands[2];
  initi_ = op.operands[3];
  outv_ = op.results[0];
  outi_ = op.results[1];
  reads_ = {xv_, initv_, initi_};
}

std::optional<ArgPlan> PlanArgMinMax(const compiler::Module& m, const Op& op) {
  if (op.operands.size() != 4) return std::nullopt;
  std::optional<ArgFoldBody> arg = MatchArgMinMax(m, *op.regions[0]);
  if (!arg) return std::nullopt;
  const Type& x = m.type(op.operands[0]);
  std::vector<int64_t> dims = op.IntListAttr("dimensions");
  std::sort(dims.begin(), dims.end());
  bool contiguous = !dims.empty() && m.type(op.operands[1]).dims == x.dims && dims.front() >= 0 && dims.back() < x.rank();
  for (size_t k = 1; contiguous && k < dims.size(); ++k) contiguous = dims[k] == dims[k - 1] + 1;
  if (!contiguous) return std::nullopt;
  ArgPlan plan{arg->is_max, 1, 1, 1, false};
  const Op* index_def = m.values[static_cast<size_t>(op.operands[1])].def;
  plan.iota_index = dims.size() == 1 && index_def && index_def->kind == OpKind::kIota &&
                    index_def->IntAttr("iota_dimension", -1) == dims[0] && m.type(op.operands[1]).element == ElementType::kS32;
  for (int64_t d = 0; d < x.rank(); ++d) {
    const int64_t n = x.dims[static_cast<size_t>(d)];
    if (d < dims.front()) plan.outer *= n;
    else if (d <= dims.back()) plan.R *= n;
    else plan.inner *= n;
  }
  return plan;
}

}  // namespace

int64_t ReduceScratchBytes(const compiler::Module& m, const Op& op) {
  if (PlanArgMinMax(m, op)) return 0;
  const Monoid mono = op.operands.size() == 2 ? MatchMonoid(*op.regions[0]) : Monoid::kNone;
  if (mono != Monoid::kNone) {
    const Type& x = m.type(op.operands[0]);
    const std::vector<int64_t> dims = op.IntListAttr("dimensions");
    ReduceLayout L = MakeLayout(x, dims);
    const HalfViaF32 half = PlanHalfViaF32(mono, x, m.type(op.results[0]));
    Type xf = x;
    if (half.up) xf.element = ElementType::kF32;
    const int64_t widened = half.up ? compiler::AlignUp(half.x_count * 4) + compiler::AlignUp(half.out_count * 4) : 0;
    if (xf.element == ElementType::kF32 && F32KindOf(mono) && InPlaceSegments(xf, dims, L)) return widened;
    return widened + (L.needs_transpose ? xf.byte_size() : 0);
  }
  return GeneralReduceKernel::ScratchBytes(m, op);
}

StatusOr<std::unique_ptr<Kernel>> MakeReduceKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const Region& body = *op.regions[0];
  if (op.operands.size() == 2) {
    Monoid mono = MatchMonoid(body);
    if (mono != Monoid::kNone) {
      const Type& x = m.type(op.operands[0]);
      if (mono == Monoid::kAdd || mono == Monoid::kMul) {
        OrderedFn ordered = mono == Monoid::kAdd ? PickOrderedType<Monoid::kAdd>(x.element)
                                                 : PickOrderedType<Monoid::kMul>(x.element);
        std::vector<bool> red(x.dims.size(), false);
        for (int64_t d : op.IntListAttr("dimensions"))
          if (d >= 0 && d < x.rank()) red[static_cast<size_t>(d)] = true;
        if (ordered && UsesXlaTreeOrder(mono, x.element, x.element_count())) {
          return std::unique_ptr<Kernel>(
              new OrderedReduceKernel(ordered, op.operands[0], op.operands[1], op.results[0], x.dims, std::move(red)));
        }
      }
      MonoidFn fn = PickMonoid(mono, x.element);
      if (fn) {
        const std::vector<int64_t> dims = op.IntListAttr("dimensions");
        ReduceLayout layout = MakeLayout(x, dims);
        const HalfViaF32 half = PlanHalfViaF32(mono, x, m.type(op.results[0]));
        Type xf = x;
        if (half.up) xf.element = ElementType::kF32;
        F32Reducers f32;
        if (std::optional<F32ReduceKind> kind = F32KindOf(mono); kind && xf.element == ElementType::kF32) {
          f32.whole = SelectF32Reduce(*kind);
          f32.columns = SelectF32Columns(*kind);
          f32.plain = SelectF32PlainColumns(*kind);
          f32.rows = SelectF32RowState(*kind);
          f32.identity = mono == Monoid::kAdd ? 0.0f : mono == Monoid::kMax ? -INFINITY : INFINITY;
          f32.segments = InPlaceSegments(xf, dims, layout);
        }
        const bool split_rows = MonoidSplitsRows(mono, x.element);
        const HalfViaF32 widen = f32.whole ? half : HalfViaF32{};
        return std::unique_ptr<Kernel>(new MonoidReduceKernel(fn, op.operands[0], op.operands[1], op.results[0],
                                                              std::move(layout), ElementTypeByteSize(x.element),
                                                              split_rows, std::move(f32), widen));
      }
    }
  }
  if (std::optional<ArgPlan> arg = PlanArgMinMax(m, op))
    return std::unique_ptr<Kernel>(new ArgMinMaxReduceKernel(op, *arg));
  std::vector<ValueId> captured;
  int64_t M = m.type(op.results[0]).element_count();
  int64_t loop = std::max<int64_t>(1024, M);
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> program,
                          EwProgram::Compile(m, body, {loop}, &captured, /*args_are_arrays=*/true));
  return std::unique_ptr<Kernel>(new GeneralReduceKernel(op, m, std::move(program), std::move(captured)));
}

}  // namespace jaxlib::cpu
