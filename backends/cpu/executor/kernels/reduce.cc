// reduce: typed loops for the common single-op bodies (add, mul, max, min, and, or, xor), and
// for any other body (argmax, multi-operand, custom) an order-preserving blocked fold whose
// steps run the body as a vectorised elementwise program over whole rows.
#include <algorithm>
#include <cstring>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
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

// Input viewed as [outer, R, inner] (reduced dims contiguous, possibly after a transpose).
template <Monoid M, class T>
void MonoidReduce(const T* x, T* out, T init, int64_t outer, int64_t R, int64_t inner) {
  using C = Compute<T>;
  // Half types round after every step, like XLA's per-op float normalisation.
  constexpr bool kRound = kIsHalf<T>;
  if (inner == 1) {
    for (int64_t o = 0; o < outer; ++o) {
      const T* row = x + o * R;
      C acc = Up(init);
      if constexpr (!kRound && (M == Monoid::kAdd) && std::is_floating_point_v<C>) {
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

using MonoidFn = void (*)(const void*, void*, const void*, int64_t, int64_t, int64_t);

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

class MonoidReduceKernel final : public Kernel {
 public:
  // `f32`: the vectorised f32 reducer to use instead of `fn` (nullptr otherwise).
  MonoidReduceKernel(MonoidFn fn, ValueId x, ValueId init, ValueId out, ReduceLayout layout, size_t es,
                     F32ReduceFn f32 = nullptr)
      : fn_(fn), f32_(f32), x_(x), init_(init), out_(out), L_(std::move(layout)), es_(es) {}
  Status Run(Frame& f, uint8_t* scratch) const override {
    const void* x = f.Get(x_);
    if (L_.needs_transpose) {
      CopyStrided(scratch, RowMajorStrides(L_.perm_dims), x, L_.perm_src_strides, L_.perm_dims, es_);
      x = scratch;
    }
    if (!f32_) {
      fn_(x, f.Get(out_), f.Get(init_), L_.outer, L_.R, L_.inner);
      return Status::Ok();
    }
    const float* xf = static_cast<const float*>(x);
    float* out = static_cast<float*>(f.Get(out_));
    const float init = *static_cast<const float*>(f.Get(init_));
    const int64_t row = L_.R * L_.inner;
    if (L_.outer > 1) {
      // Whole output rows per thread: the same arithmetic as one thread.
      ParallelFor(L_.outer, std::max<int64_t>(1, kParallelElements / std::max<int64_t>(row, 1)),
                  [&](int64_t o0, int64_t o1) { f32_(xf + o0 * row, out + o0 * L_.inner, init, o1 - o0, L_.R, L_.inner); });
    } else if (L_.inner == 1 && L_.R >= 2 * kParallelElements) {
      // One long row: a partial result per thread (from the identity: init enters once), then
      // those partials folded from init.
      // The split depends on the shape only, so results do not depend on the thread count.
      float partial[kMaxChunks];
      const int64_t chunks = std::min<int64_t>(kMaxChunks, L_.R / kParallelElements);
      const float identity = f32_identity_;
      ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
        for (int64_t c = c0; c < c1; ++c) {
          int64_t b = L_.R * c / chunks, e = L_.R * (c + 1) / chunks;
          f32_(xf + b, &partial[c], identity, 1, e - b, 1);
        }
      });
      f32_(partial, out, init, 1, chunks, 1);
    } else {
      f32_(xf, out, init, L_.outer, L_.R, L_.inner);
    }
    return Status::Ok();
  }

  void set_f32_identity(float v) { f32_identity_ = v; }

 private:
  static constexpr int64_t kParallelElements = 32768;
  static constexpr int64_t kMaxChunks = 64;
  MonoidFn fn_;
  F32ReduceFn f32_;
  float f32_identity_ = 0.0f;
  ValueId x_, init_, out_;
  ReduceLayout L_;
  size_t es_;
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
// fold order equals a sequential left fold (matters for argmax-style tie breaking).
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
    const int64_t LM = lanes_ * M_;
    std::vector<uint8_t*> data(n_), acc_a(n_), acc_b(n_), res_a(n_), res_b(n_), leftover_(n_);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n_; ++k) {
      int64_t es = static_cast<int64_t>(es_[k]);
      data[k] = p;
      p += compiler::AlignUp(R_ * M_ * es);
      acc_a[k] = p;
      p += compiler::AlignUp(LM * es);
      acc_b[k] = p;
      p += compiler::AlignUp(LM * es);
      res_a[k] = p;
      p += compiler::AlignUp(M_ * es);
      res_b[k] = p;
      p += compiler::AlignUp(M_ * es);
      // tmp = input as [R, M] (reduced dims major); data = [chunk, lanes, M] for the first
      // lanes*chunk rows, so lane l owns rows [l*chunk, (l+1)*chunk) and every fold step reads
      // one contiguous block. Leftover rows stay in tmp.
      uint8_t* tmp = p;
      p += compiler::AlignUp(R_ * M_ * es);
      std::vector<int64_t> dims = red_dims_, strides = red_strides_;
      dims.insert(dims.end(), kept_dims_.begin(), kept_dims_.end());
      strides.insert(strides.end(), kept_strides_.begin(), kept_strides_.end());
      CopyStrided(tmp, RowMajorStrides(dims), f.Get(inputs_[k]), strides, dims, es_[k]);
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
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  size_t n_ = 0;
  std::vector<ValueId> inputs_, inits_, outputs_;
  std::vector<size_t> es_;
  int64_t M_ = 1, R_ = 1, lanes_ = 1, chunk_ = 1;
  std::vector<int64_t> kept_dims_, kept_strides_, red_dims_, red_strides_;
};

}  // namespace

int64_t ReduceScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.operands.size() == 2 && MatchMonoid(*op.regions[0]) != Monoid::kNone) {
    const Type& x = m.type(op.operands[0]);
    ReduceLayout L = MakeLayout(x, op.IntListAttr("dimensions"));
    return L.needs_transpose ? x.byte_size() : 0;
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
        F32ReduceFn f32 = nullptr;
        if (x.element == ElementType::kF32 && (mono == Monoid::kAdd || mono == Monoid::kMax || mono == Monoid::kMin))
          f32 = SelectF32Reduce(mono == Monoid::kAdd   ? F32ReduceKind::kSum
                                : mono == Monoid::kMax ? F32ReduceKind::kMax
                                                       : F32ReduceKind::kMin);
        auto kernel = std::make_unique<MonoidReduceKernel>(fn, op.operands[0], op.operands[1], op.results[0],
                                                           MakeLayout(x, op.IntListAttr("dimensions")),
                                                           ElementTypeByteSize(x.element), f32);
        // Partial results of a split row start from the monoid's identity.
        kernel->set_f32_identity(mono == Monoid::kAdd ? 0.0f : mono == Monoid::kMax ? -INFINITY : INFINITY);
        return std::unique_ptr<Kernel>(std::move(kernel));
      }
    }
  }
  std::vector<ValueId> captured;
  int64_t M = m.type(op.results[0]).element_count();
  int64_t loop = std::max<int64_t>(1024, M);
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> program,
                          EwProgram::Compile(m, body, {loop}, &captured, /*args_are_arrays=*/true));
  return std::unique_ptr<Kernel>(new GeneralReduceKernel(op, m, std::move(program), std::move(captured)));
}

}  // namespace jaxlib::cpu
