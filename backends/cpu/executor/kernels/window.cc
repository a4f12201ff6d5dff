// reduce_window and select_and_scatter. Both iterate the (small) window and, per window offset,
// process every output position at once: gather the candidate elements, run the body as one
// elementwise program over all outputs, and keep the accumulator where the offset falls in
// padding or a dilation hole (those are skipped, as XLA skips them).
// A window that covers the whole prefix of one axis (JAX's cumsum/cummax/cumprod) runs as a
// scan instead: linear time, and nothing sized by the window at compile time.
#include <algorithm>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <type_traits>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

// Window arithmetic per dim, evaluated on the fly: nothing here is sized by window x output
// (a cumulative window as long as its axis would make that quadratic in the tensor size).
struct WindowGeometry {
  std::vector<int64_t> in_dims, out_dims, win, in_strides, strides, bdil, wdil, pad_lo;
  int64_t out_count = 1, win_count = 1;

  void Init(const std::vector<int64_t>& in, const std::vector<int64_t>& out, const std::vector<int64_t>& window,
            const std::vector<int64_t>& window_strides, const std::vector<int64_t>& base_dil,
            const std::vector<int64_t>& win_dil, const std::vector<std::pair<int64_t, int64_t>>& pad) {
    in_dims = in;
    out_dims = out;
    win = window;
    strides = window_strides;
    bdil = base_dil;
    wdil = win_dil;
    in_strides = RowMajorStrides(in);
    pad_lo.clear();
    for (size_t d = 0; d < in.size(); ++d) {
      pad_lo.push_back(pad[d].first);
      out_count *= out[d];
      win_count *= window[d];
    }
  }

  // Operand index along dim d for window offset w and output index o, or -1 (padding/hole).
  int64_t Source(size_t d, int64_t w, int64_t o) const {
    int64_t p = o * strides[d] + w * wdil[d] - pad_lo[d];
    if (p < 0 || p % bdil[d] != 0 || p / bdil[d] >= in_dims[d]) return -1;
    return p / bdil[d];
  }

  // Operand offset of window tap `w` for output index `o` over dims [0, dims), or -1 when any
  // of them lands in padding or a dilation hole.
  int64_t Offset(const std::vector<int64_t>& w, const std::vector<int64_t>& o, size_t dims) const {
    int64_t off = 0;
    for (size_t d = 0; d < dims && off >= 0; ++d) {
      int64_t q = Source(d, w[d], o[d]);
      off = q < 0 ? -1 : off + q * in_strides[d];
    }
    return off;
  }
  // o[d] for d < o.size(): the multi-index of flat output row `row` over those dims.
  void RowIndex(int64_t row, std::vector<int64_t>* o) const {
    for (size_t d = o->size(); d-- > 0;) {
      (*o)[d] = row % out_dims[d];
      row /= out_dims[d];
    }
  }
  // Writes, for window offset `w` (multi-index), the operand flat index of every output
  // position into `pos` (-1 where the window hits padding or a dilation hole).
  void Positions(const std::vector<int64_t>& w, int64_t* pos) const {
    size_t r = in_dims.size();
    if (r == 0) {
      pos[0] = 0;
      return;
    }
    // Innermost dim in a run: its sources for every output index, then the outer dims' offset.
    const size_t last = r - 1;
    const int64_t n_last = out_dims[last];
    std::vector<int64_t> o(r, 0);
    for (int64_t i = 0; i < out_count; i += n_last) {
      int64_t off = 0;
      for (size_t d = 0; d < last && off >= 0; ++d) {
        int64_t q = Source(d, w[d], o[d]);
        off = q < 0 ? -1 : off + q * in_strides[d];
      }
      for (int64_t j = 0; j < n_last; ++j) {
        int64_t q = off < 0 ? -1 : Source(last, w[last], j);
        pos[i + j] = q < 0 ? -1 : off + q * in_strides[last];
      }
      for (int d = static_cast<int>(last) - 1; d >= 0; --d) {
        if (++o[static_cast<size_t>(d)] < out_dims[static_cast<size_t>(d)]) break;
        o[static_cast<size_t>(d)] = 0;
      }
    }
  }

  // For window offset `wd` along dim d: the operand position `base` of output 0, and the outputs
  // [p0, p1) whose source p * stride + base is inside the operand (dim d's base dilation is 1).
  void CoveredOutputs(size_t d, int64_t wd, int64_t* base, int64_t* p0, int64_t* p1) const {
    const int64_t s = strides[d], n = in_dims[d];
    *base = wd * wdil[d] - pad_lo[d];
    *p0 = *base >= 0 ? 0 : (-*base + s - 1) / s;
    *p1 = n - 1 - *base < 0 ? 0 : std::min(out_dims[d], (n - 1 - *base) / s + 1);
  }

  bool NextWindow(std::vector<int64_t>& w) const {
    for (int d = static_cast<int>(w.size()) - 1; d >= 0; --d) {
      if (++w[static_cast<size_t>(d)] < win[static_cast<size_t>(d)]) return true;
      w[static_cast<size_t>(d)] = 0;
    }
    return false;
  }
};

void GatherElements(uint8_t* dst, const uint8_t* src, const int64_t* pos, const void* fill, size_t es, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const void* s = pos[i] >= 0 ? static_cast<const void*>(src + static_cast<size_t>(pos[i]) * es) : fill;
    std::memcpy(dst + static_cast<size_t>(i) * es, s, es);
  }
}

bool ReadWindowAttrs(const Op& op, size_t rank, std::vector<int64_t>* win, std::vector<int64_t>* strides,
                     std::vector<int64_t>* bdil, std::vector<int64_t>* wdil,
                     std::vector<std::pair<int64_t, int64_t>>* pad) {
  *win = op.IntListAttr("window_dimensions");
  *strides = op.IntListAttr("window_strides");
  *bdil = op.IntListAttr("base_dilations");
  *wdil = op.IntListAttr("window_dilations");
  if (strides->empty()) strides->assign(rank, 1);
  if (bdil->empty()) bdil->assign(rank, 1);
  if (wdil->empty()) wdil->assign(rank, 1);
  return compiler::ReadPadding(op, "padding", rank, pad);
}

// A reduce_window of one operand with a one-op body (max/avg pooling, windowed sums) as typed
// loops: out starts at init and folds in every in-bounds window element in window order, as
// XLA's emitter does (padding and dilation holes are skipped, not folded as init). Outputs
// are rows along the last dim; when that dim is untouched by the window (channels of NHWC
// pooling) the innermost loop runs over contiguous elements.
// `row`: the body op's vectorised f32 kernel (vector_kernels.h), used for contiguous rows.
// `taps`: the same op over a whole window at once (vector_kernels.h F32TapsFn), used for
// channels-last windows (the last dim untouched, as NHWC pooling's channels): every output
// element folds all its taps in registers and is stored once.
struct F32WindowKernels {
  EwFn row = nullptr;
  F32TapsFn taps = nullptr;
};
using NativeWindowFn = void (*)(const void* x, void* out, const void* init, const WindowGeometry& g, bool swapped,
                                const F32WindowKernels& k);

// Channels-last window with a whole-window kernel: per output row along dim P (the next-to-
// last dim), the window's taps over dims [0, P] in window order, skipping those in padding or
// dilation holes. Outputs whose taps are all inside the operand (the interior along P) take one
// call; the few at the edges take one call each with their own taps.
void TapsWindowRows(const float* x, float* obase, float init, const WindowGeometry& g, bool swapped, F32TapsFn taps_fn,
                    const std::vector<int64_t>& o, std::vector<int64_t>& w, std::vector<int64_t>& tap_off,
                    std::vector<int64_t>& tap_base, std::vector<const float*>& ptrs) {
  const size_t P = g.in_dims.size() - 2;
  const int64_t n_p = g.out_dims[P], n_last = g.out_dims[P + 1];
  const int64_t s = g.strides[P], in_p = g.in_dims[P], xs = s * g.in_strides[P];
  tap_off.clear();
  tap_base.clear();
  int64_t lo = 0, hi = n_p;  // the interior: outputs every tap covers
  std::fill(w.begin(), w.end(), 0);
  do {
    if (const int64_t off = g.Offset(w, o, P); off >= 0) {
      int64_t base, p0, p1;
      g.CoveredOutputs(P, w[P], &base, &p0, &p1);
      if (p0 >= p1) continue;
      tap_off.push_back(off + base * g.in_strides[P]);
      tap_base.push_back(base);
      lo = std::max(lo, p0);
      hi = std::min(hi, p1);
    }
  } while (g.NextWindow(w));
  const int64_t nt = static_cast<int64_t>(tap_off.size());
  ptrs.resize(tap_off.size());
  if (lo < hi) {
    for (int64_t t = 0; t < nt; ++t) ptrs[t] = x + (tap_off[t] + lo * xs);
    taps_fn(obase + lo * n_last, ptrs.data(), nt, init, n_last, hi - lo, n_last, xs, swapped);
  } else {
    lo = hi = n_p;
  }
  for (int64_t p = 0; p < n_p; ++p) {
    if (p == lo) p = hi;
    if (p >= n_p) break;
    int64_t k = 0;
    for (int64_t t = 0; t < nt; ++t) {
      const int64_t src = p * s + tap_base[t];
      if (src >= 0 && src < in_p) ptrs[k++] = x + (tap_off[t] + p * xs);
    }
    taps_fn(obase + p * n_last, ptrs.data(), k, init, n_last, 1, n_last, xs, swapped);
  }
}

template <Monoid M, class T>
void NativeWindow(const void* xv, void* ov, const void* initv, const WindowGeometry& g, bool swapped,
                  const F32WindowKernels& kernels) {
  const EwFn row_fn = kernels.row;
  using C = Compute<T>;
  const T* x = static_cast<const T*>(xv);
  T* out = static_cast<T*>(ov);
  const T init = *static_cast<const T*>(initv);
  auto step = [swapped](T acc, T v) -> T {
    return Down<T>(swapped ? Combine<M, C>(Up(v), Up(acc)) : Combine<M, C>(Up(acc), Up(v)));
  };
  const size_t r = g.in_dims.size();
  if (r == 0) {
    out[0] = g.win_count > 0 ? step(init, x[0]) : init;
    return;
  }
  const size_t last = r - 1;
  const int64_t n_last = g.out_dims[last];
  if (n_last == 0 || g.out_count == 0) return;
  const int64_t rows = g.out_count / n_last;
  const bool plain_last = g.win[last] == 1 && g.strides[last] == 1 && g.pad_lo[last] == 0 && g.bdil[last] == 1 &&
                          g.in_dims[last] == n_last;
  if constexpr (std::is_same_v<T, float>) {
    if (kernels.taps && plain_last && last >= 1 && g.bdil[last - 1] == 1) {
      const int64_t n_p = g.out_dims[last - 1];
      ParallelFor(rows / n_p, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, n_p * n_last * g.win_count)),
                  [&](int64_t b, int64_t e) {
        std::vector<int64_t> o(last - 1), w(last), tap_off, tap_base;
        std::vector<const float*> ptrs;
        for (int64_t sr = b; sr < e; ++sr) {
          g.RowIndex(sr, &o);
          TapsWindowRows(x, out + sr * n_p * n_last, init, g, swapped, kernels.taps, o, w, tap_off, tap_base, ptrs);
        }
      });
      return;
    }
  }
  ParallelFor(rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(1, n_last * g.win_count)), [&](int64_t b, int64_t e) {
    std::vector<int64_t> o(last), w(last);
    for (int64_t row = b; row < e; ++row) {
      g.RowIndex(row, &o);
      T* orow = out + row * n_last;
      std::fill(orow, orow + n_last, init);
      std::fill(w.begin(), w.end(), 0);
      do {
        if (const int64_t off = g.Offset(w, o, last); off >= 0) {
          const T* xrow = x + off;
          if (plain_last) {
            if (row_fn) {
              const void* in[2] = {swapped ? static_cast<const void*>(xrow) : orow, swapped ? static_cast<const void*>(orow) : xrow};
              row_fn(orow, in, n_last, EwInstr{});
            } else if (swapped) {
              CombineRow<M, T, true>(orow, xrow, n_last);
            } else {
              CombineRow<M, T, false>(orow, xrow, n_last);
            }
          } else {
            for (int64_t wl = 0; wl < g.win[last]; ++wl)
              for (int64_t j = 0; j < n_last; ++j) {
                int64_t q = g.Source(last, wl, j);
                if (q >= 0) orow[j] = step(orow[j], xrow[q]);
              }
          }
        }
      } while (g.NextWindow(w));
    }
  });
}

class ReduceWindowKernel final : public Kernel {
 public:
  ReduceWindowKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> body, std::vector<ValueId> captured,
                     NativeWindowFn native = nullptr, bool swapped = false, F32WindowKernels f32 = {})
      : body_(std::move(body)), captured_(std::move(captured)), native_(native), swapped_(swapped), f32_(f32) {
    n_ = op.operands.size() / 2;
    for (size_t k = 0; k < n_; ++k) {
      inputs_.push_back(op.operands[k]);
      inits_.push_back(op.operands[n_ + k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
    const Type& x = m.type(op.operands[0]);
    std::vector<int64_t> win, strides, bdil, wdil;
    std::vector<std::pair<int64_t, int64_t>> pad;
    ReadWindowAttrs(op, x.dims.size(), &win, &strides, &bdil, &wdil, &pad);
    geo_.Init(x.dims, m.type(op.results[0]).dims, win, strides, bdil, wdil, pad);
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    size_t n = op.operands.size() / 2;
    int64_t count = m.type(op.results[0]).element_count();
    int64_t total = compiler::AlignUp(count * 8);
    for (size_t k = 0; k < n; ++k) total += 3 * compiler::AlignUp(count * static_cast<int64_t>(ElementTypeByteSize(m.type(op.operands[k]).element)));
    return total;
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const int64_t M = geo_.out_count;
    if (M == 0) return Status::Ok();
    if (native_) {
      native_(f.Get(inputs_[0]), f.Get(outputs_[0]), f.Get(inits_[0]), geo_, swapped_, f32_);
      return Status::Ok();
    }
    uint8_t* p = scratch;
    auto* pos = reinterpret_cast<int64_t*>(p);
    p += compiler::AlignUp(M * 8);
    std::vector<uint8_t*> acc(n_), nxt(n_), cand(n_);
    for (size_t k = 0; k < n_; ++k) {
      int64_t b = compiler::AlignUp(M * static_cast<int64_t>(es_[k]));
      acc[k] = p;
      nxt[k] = p + b;
      cand[k] = p + 2 * b;
      p += 3 * b;
      FillElements(acc[k], f.Get(inits_[k]), es_[k], M);
    }
    std::vector<const void*> in(2 * n_ + captured_.size());
    std::vector<void*> out(n_);
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n_ + c] = f.Get(captured_[c]);
    if (geo_.win_count > 0) {
      std::vector<int64_t> w(geo_.win.size(), 0);
      do {
        geo_.Positions(w, pos);
        for (size_t k = 0; k < n_; ++k) {
          GatherElements(cand[k], static_cast<const uint8_t*>(f.Get(inputs_[k])), pos, f.Get(inits_[k]), es_[k], M);
          in[k] = acc[k];
          in[n_ + k] = cand[k];
          out[k] = nxt[k];
        }
        body_->Run(in.data(), out.data(), 0, M);
        // Padding and dilation holes are skipped, not folded in as init (XLA's emitter, and
        // the typed loops above): those outputs keep their accumulator.
        for (int64_t m = 0; m < M; ++m) {
          if (pos[m] >= 0) continue;
          for (size_t k = 0; k < n_; ++k) std::memcpy(nxt[k] + m * es_[k], acc[k] + m * es_[k], es_[k]);
        }
        for (size_t k = 0; k < n_; ++k) std::swap(acc[k], nxt[k]);
      } while (geo_.NextWindow(w));
    }
    for (size_t k = 0; k < n_; ++k) std::memcpy(f.Get(outputs_[k]), acc[k], static_cast<size_t>(M) * es_[k]);
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  NativeWindowFn native_;
  bool swapped_;
  F32WindowKernels f32_;
  size_t n_ = 0;
  std::vector<ValueId> inputs_, inits_, outputs_;
  std::vector<size_t> es_;
  WindowGeometry geo_;
};

// A reduce_window that is a scan along one axis: the window there is at least the axis long,
// stride 1, no dilation, padding (window - 1, 0), and every other dim is untouched. Output i
// then folds init over the padding and x[0..i] in order, so out[i] = body(out[i-1], x[i]) from
// init, whenever body(init, init) == init (checked at run time; else the window loop runs).
// Padding (0, window - 1) is the reverse scan (lax.cumsum(reverse=True)): output i folds
// x[i..n-1], computed as out[i] = body(x[i], out[i+1]) from the end (the earlier element on
// the left, as in the window), which regroups the fold: only for a monoid body (NativeScan;
// float sums then round as a right-to-left sum, like np.cumsum of the reversed axis).
struct ScanShape {
  int64_t outer = 1, len = 1, inner = 1;
  bool reverse = false;
};

std::optional<ScanShape> MatchPrefixScan(const compiler::Module& m, const Op& op) {
  if (op.operands.empty() || op.operands.size() % 2 != 0) return std::nullopt;
  const Type& x = m.type(op.operands[0]);
  if (x.rank() == 0 || m.type(op.results[0]).dims != x.dims) return std::nullopt;
  const size_t r = x.dims.size();
  std::vector<int64_t> win, strides, bdil, wdil;
  std::vector<std::pair<int64_t, int64_t>> pad;
  if (!ReadWindowAttrs(op, r, &win, &strides, &bdil, &wdil, &pad) || win.size() != r || strides.size() != r ||
      bdil.size() != r || wdil.size() != r)
    return std::nullopt;
  int axis = -1;
  ScanShape s;
  for (size_t d = 0; d < r; ++d) {
    if (strides[d] != 1 || bdil[d] != 1) return std::nullopt;
    if (win[d] == 1 && pad[d] == std::pair<int64_t, int64_t>{0, 0}) continue;
    const bool prefix = pad[d] == std::pair<int64_t, int64_t>{win[d] - 1, 0};
    const bool suffix = pad[d] == std::pair<int64_t, int64_t>{0, win[d] - 1};
    if (axis >= 0 || x.dims[d] < 2 || wdil[d] != 1 || win[d] < x.dims[d] || !(prefix || suffix)) return std::nullopt;
    axis = static_cast<int>(d);
    s.reverse = !prefix;
  }
  if (axis < 0) return std::nullopt;
  for (size_t d = 0; d < r; ++d) {
    if (static_cast<int>(d) < axis) s.outer *= x.dims[d];
    else if (static_cast<int>(d) == axis) s.len = x.dims[d];
    else s.inner *= x.dims[d];
  }
  return s;
}

// Typed scan of a one-op body; false (nothing written) when init is not the op's identity.
using NativeScanFn = bool (*)(const void* x, void* out, const void* init, const ScanShape& s, bool swapped);

template <Monoid M, class T>
bool NativeScan(const void* xv, void* ov, const void* initv, const ScanShape& s, bool swapped) {
  using C = Compute<T>;
  const T init = *static_cast<const T*>(initv);
  // The body on (earlier, later) elements of the window, in the body's own argument order.
  auto body = [swapped](C earlier, C later) -> T {
    return Down<T>(swapped ? Combine<M, C>(later, earlier) : Combine<M, C>(earlier, later));
  };
  // One scan step: the running result folded with the next element in scan order.
  const bool rev = s.reverse;
  auto step = [&](C acc, C v) -> T { return rev ? body(v, acc) : body(acc, v); };
  const T twice = body(Up(init), Up(init));
  if (std::memcmp(&twice, &init, sizeof(T)) != 0) return false;
  const T* x = static_cast<const T*>(xv);
  T* out = static_cast<T*>(ov);
  const int64_t len = s.len, inner = s.inner;
  // Position of the k-th step along the axis.
  auto at = [rev, len](int64_t k) { return rev ? len - 1 - k : k; };
  if (inner == 1) {
    ParallelFor(s.outer, std::max<int64_t>(1, 32768 / len), [&](int64_t b, int64_t e) {
      for (int64_t o = b; o < e; ++o) {
        const T* xr = x + o * len;
        T* orow = out + o * len;
        T acc = init;
        if (rev) {
          for (int64_t i = len; i-- > 0;) orow[i] = acc = body(Up(xr[i]), Up(acc));
        } else {
          for (int64_t i = 0; i < len; ++i) orow[i] = acc = body(Up(acc), Up(xr[i]));
        }
      }
    });
    return true;
  }
  // Rows of `inner` lanes: each step combines the previous output row with the next input row.
  constexpr int64_t kBlock = 1024;
  const int64_t blocks = (inner + kBlock - 1) / kBlock;
  ParallelFor(s.outer * blocks, std::max<int64_t>(1, 32768 / (len * std::min(inner, kBlock))), [&](int64_t b, int64_t e) {
    for (int64_t t = b; t < e; ++t) {
      const int64_t o = t / blocks, i0 = (t % blocks) * kBlock, i1 = std::min(inner, i0 + kBlock);
      const T* xb = x + o * len * inner;
      T* ob = out + o * len * inner;
      const T* x0 = xb + at(0) * inner;
      T* o0 = ob + at(0) * inner;
      for (int64_t i = i0; i < i1; ++i) o0[i] = step(Up(init), Up(x0[i]));
      for (int64_t k = 1; k < len; ++k) {
        const T* xr = xb + at(k) * inner;
        const T* prev = ob + at(k - 1) * inner;
        T* cur = ob + at(k) * inner;
        for (int64_t i = i0; i < i1; ++i) cur[i] = step(Up(prev[i]), Up(xr[i]));
      }
    }
  });
  return true;
}

// Whether the body's single op takes (arg1, arg0): the scan must combine in the same order.
bool MonoidArgsSwapped(const compiler::Region& r) {
  return r.ops.size() == 1 && r.ops[0]->operands.size() == 2 && r.ops[0]->operands[0] == r.args[1] &&
         r.ops[0]->operands[1] == r.args[0] && r.args[0] != r.args[1];
}

class ScanKernel final : public Kernel {
 public:
  ScanKernel(const Op& op, const compiler::Module& m, ScanShape shape, std::shared_ptr<EwProgram> body,
             std::vector<ValueId> captured, NativeScanFn native, bool swapped,
             std::unique_ptr<ReduceWindowKernel> fallback)
      : s_(shape), body_(std::move(body)), captured_(std::move(captured)), native_(native), swapped_(swapped),
        fallback_(std::move(fallback)) {
    n_ = op.operands.size() / 2;
    for (size_t k = 0; k < n_; ++k) {
      inputs_.push_back(op.operands[k]);
      inits_.push_back(op.operands[n_ + k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op, const ScanShape& s) {
    int64_t total = 0;
    const int64_t count = s.outer * s.len * s.inner, lanes = s.outer * s.inner;
    for (size_t k = 0; k < op.operands.size() / 2; ++k) {
      int64_t es = static_cast<int64_t>(ElementTypeByteSize(m.type(op.operands[k]).element));
      total += 2 * compiler::AlignUp(count * es) + compiler::AlignUp(lanes * es) + compiler::AlignUp(es);
    }
    return std::max(total, ReduceWindowKernel::ScratchBytes(m, op));
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    if (native_ && native_(f.Get(inputs_[0]), f.Get(outputs_[0]), f.Get(inits_[0]), s_, swapped_)) return Status::Ok();
    if (!s_.reverse && RunGeneric(f, scratch)) return Status::Ok();
    return fallback_->Run(f, scratch);
  }

 private:
  // Any body: the axis moved outermost ([len, outer, inner]) so each step runs the body as one
  // elementwise program over all outer x inner lanes. Forward scans only: a reverse scan
  // regroups the window's fold, which only a known monoid (NativeScan) may do.
  bool RunGeneric(Frame& f, uint8_t* scratch) const {
    const int64_t len = s_.len, lanes = s_.outer * s_.inner;
    const std::vector<int64_t> dims = {len, s_.outer, s_.inner};
    const std::vector<int64_t> scan_strides = RowMajorStrides(dims);
    const std::vector<int64_t> orig_strides = {s_.inner, len * s_.inner, 1};
    std::vector<uint8_t*> xin(n_), xout(n_), first(n_), check(n_);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n_; ++k) {
      const int64_t bytes = len * lanes * static_cast<int64_t>(es_[k]);
      xin[k] = p;
      xout[k] = p + compiler::AlignUp(bytes);
      first[k] = xout[k] + compiler::AlignUp(bytes);
      check[k] = first[k] + compiler::AlignUp(lanes * static_cast<int64_t>(es_[k]));
      p = check[k] + compiler::AlignUp(static_cast<int64_t>(es_[k]));
    }
    std::vector<const void*> in(2 * n_ + captured_.size());
    std::vector<void*> out(n_);
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n_ + c] = f.Get(captured_[c]);
    // body(init, init) must give init back, operand by operand, bit for bit.
    for (size_t k = 0; k < n_; ++k) {
      in[k] = in[n_ + k] = f.Get(inits_[k]);
      out[k] = check[k];
    }
    body_->Run(in.data(), out.data(), 0, 1);
    for (size_t k = 0; k < n_; ++k)
      if (std::memcmp(check[k], f.Get(inits_[k]), es_[k]) != 0) return false;
    const bool direct = s_.outer == 1;  // [len, 1, inner] is already the input's layout
    for (size_t k = 0; k < n_; ++k) {
      if (!direct) CopyStrided(xin[k], scan_strides, f.Get(inputs_[k]), orig_strides, dims, es_[k]);
      FillElements(first[k], f.Get(inits_[k]), es_[k], lanes);
    }
    for (int64_t i = 0; i < len; ++i) {
      for (size_t k = 0; k < n_; ++k) {
        const size_t row = static_cast<size_t>(lanes) * es_[k];
        uint8_t* dst = direct ? static_cast<uint8_t*>(f.Get(outputs_[k])) : xout[k];
        const uint8_t* src = direct ? static_cast<const uint8_t*>(f.Get(inputs_[k])) : xin[k];
        in[k] = i == 0 ? first[k] : dst + static_cast<size_t>(i - 1) * row;
        in[n_ + k] = src + static_cast<size_t>(i) * row;
        out[k] = dst + static_cast<size_t>(i) * row;
      }
      body_->Run(in.data(), out.data(), 0, lanes);
    }
    if (!direct)
      for (size_t k = 0; k < n_; ++k) CopyStrided(f.Get(outputs_[k]), orig_strides, xout[k], scan_strides, dims, es_[k]);
    return true;
  }

  ScanShape s_;
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  NativeScanFn native_;
  bool swapped_;
  std::unique_ptr<ReduceWindowKernel> fallback_;
  size_t n_ = 0;
  std::vector<ValueId> inputs_, inits_, outputs_;
  std::vector<size_t> es_;
};

// select_and_scatter whose select is one comparison of its two arguments (no captures) and
// whose scatter is an add, over f32 or f64: the same selection and sums as the general kernel
// below without running either body per element. Each source's window is walked tap by tap in
// window order (NextWindow's), keeping the first tap in the operand unless keep(kept,
// candidate) is false; then every source is added into its selected element, in source order.
// Along a trailing dim with a unit window, unit stride and no padding, consecutive sources
// read consecutive operand elements under the same taps: they go as one run (channels-last
// pooling). Sources that differ along dim 0 select disjoint elements when dim 0 has a unit
// window, unit stride and no padding (the batch): its slices run on separate threads.
template <class T>
struct NativeSelectAndScatter {
  WindowGeometry geo;
  int dir = 0;  // keep(kept, candidate) = kept >= cand (0), > (1), <= (2), < (3)

  // Tap numbers of a run, as wide as T so that the compare-and-blend vectorises.
  using Tap = std::conditional_t<sizeof(T) == 4, int32_t, int64_t>;

  // One more tap (operand elements v[0, run)) against the run's kept values: 16-byte vectors
  // (every ISA has them; the comparison gives all-ones lanes), then one element at a time.
  // (typedef: GCC drops vector_size from an alias of a dependent type)
  typedef T VT __attribute__((vector_size(16)));
  typedef Tap VTap __attribute__((vector_size(16)));
  static_assert(sizeof(VT) == 16 && sizeof(VTap) == 16);
  static constexpr int64_t kLanes = 16 / sizeof(T);
  template <class Keep>
  static void Fold(const T* v, T* best, Tap* kept, Tap k, int64_t run) {
    int64_t c = 0;
    for (; c + kLanes <= run; c += kLanes) {
      VT b, x;
      VTap t;
      std::memcpy(&b, best + c, 16);
      std::memcpy(&x, v + c, 16);
      std::memcpy(&t, kept + c, 16);
      const VTap keep = Keep()(b, x);
      VTap bb, xb;  // the values' bits, blended by the all-ones lanes
      std::memcpy(&bb, &b, 16);
      std::memcpy(&xb, &x, 16);
      const VTap rb = (bb & keep) | (xb & ~keep);
      const VTap rt = (t & keep) | ((VTap{} + k) & ~keep);
      std::memcpy(best + c, &rb, 16);
      std::memcpy(kept + c, &rt, 16);
    }
    for (; c < run; ++c) {
      const bool keep = Keep()(best[c], v[c]);
      best[c] = keep ? best[c] : v[c];
      kept[c] = keep ? kept[c] : k;
    }
  }
  void FoldTap(const T* v, T* best, Tap* kept, Tap k, int64_t run) const {
    switch (dir) {
      case 0: return Fold<std::greater_equal<>>(v, best, kept, k, run);
      case 1: return Fold<std::greater<>>(v, best, kept, k, run);
      case 2: return Fold<std::less_equal<>>(v, best, kept, k, run);
      default: return Fold<std::less<>>(v, best, kept, k, run);
    }
  }

  // Selects for output rows [r0, r1) (all dims but the run) into sel[s], -1 for a window
  // entirely in padding; `best` and `kept` hold `run` values.
  void Select(const T* x, int64_t r0, int64_t r1, int64_t run, int64_t* sel, T* best, Tap* kept) const {
    const size_t rank = geo.in_dims.size(), dims = run > 1 ? rank - 1 : rank;
    std::vector<int64_t> o(dims, 0), w(rank, 0), taps;
    taps.reserve(static_cast<size_t>(geo.win_count));
    for (int64_t r = r0; r < r1; ++r) {
      geo.RowIndex(r, &o);
      taps.clear();
      std::fill(w.begin(), w.end(), 0);
      do {
        const int64_t off = geo.Offset(w, o, dims);
        if (off >= 0) taps.push_back(off);
      } while (geo.NextWindow(w));
      int64_t* out = sel + r * run;
      if (taps.empty()) {
        std::fill(out, out + run, int64_t{-1});
        continue;
      }
      std::copy(x + taps[0], x + taps[0] + run, best);
      std::fill(kept, kept + run, Tap{0});
      for (size_t k = 1; k < taps.size(); ++k) FoldTap(x + taps[k], best, kept, static_cast<Tap>(k), run);
      for (int64_t c = 0; c < run; ++c) out[c] = taps[static_cast<size_t>(kept[c])] + c;
    }
  }

  void Run(const T* x, const T* src, T* out, int64_t* sel, T* best_scratch) const {
    const size_t rank = geo.in_dims.size();
    const size_t last = rank - 1;
    const bool run_last = rank > 0 && geo.win[last] == 1 && geo.strides[last] == 1 && geo.pad_lo[last] == 0 &&
                          geo.out_dims[last] == geo.in_dims[last];
    const int64_t run = run_last ? geo.out_dims[last] : 1;
    const int64_t rows = geo.out_count / run;
    const bool split = rank > 1 && geo.win[0] == 1 && geo.strides[0] == 1 && geo.pad_lo[0] == 0 &&
                       geo.out_dims[0] == geo.in_dims[0] && !(run_last && last == 0);
    const int64_t parts = split ? geo.out_dims[0] : 1, rows_per_part = rows / parts;
    ParallelFor(parts, 1, [&](int64_t p0, int64_t p1) {
      std::vector<Tap> kept(static_cast<size_t>(run));
      for (int64_t p = p0; p < p1; ++p) {
        const int64_t r0 = p * rows_per_part, r1 = r0 + rows_per_part;
        Select(x, r0, r1, run, sel, best_scratch + p * run, kept.data());
        for (int64_t s = r0 * run; s < r1 * run; ++s)
          if (sel[s] >= 0) out[sel[s]] = out[sel[s]] + src[s];
      }
    });
  }
};

// The comparison direction of a select body that is one compare of its two arguments, or -1.
int SelectDirection(const compiler::Region& body, bool* swapped) {
  if (body.args.size() != 2 || body.ops.size() != 1 || body.results.size() != 1) return -1;
  const Op& c = *body.ops[0];
  if (c.kind != OpKind::kCompare || c.operands.size() != 2 || c.results[0] != body.results[0]) return -1;
  const std::string type = c.EnumAttr("compare_type");
  if (!type.empty() && type != "FLOAT") return -1;
  if (c.operands[0] == body.args[0] && c.operands[1] == body.args[1]) *swapped = false;
  else if (c.operands[0] == body.args[1] && c.operands[1] == body.args[0]) *swapped = true;
  else return -1;
  const std::string dir = c.EnumAttr("comparison_direction");
  return dir == "GE" ? 0 : dir == "GT" ? 1 : dir == "LE" ? 2 : dir == "LT" ? 3 : -1;
}

class SelectAndScatterKernel final : public Kernel {
 public:
  SelectAndScatterKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> select,
                         std::shared_ptr<EwProgram> scatter, std::vector<ValueId> sel_captured,
                         std::vector<ValueId> sc_captured)
      : select_(std::move(select)), scatter_(std::move(scatter)), sel_captured_(std::move(sel_captured)),
        sc_captured_(std::move(sc_captured)), operand_(op.operands[0]), source_(op.operands[1]),
        init_(op.operands[2]), out_(op.results[0]) {
    const Type& x = m.type(op.operands[0]);
    es_ = ElementTypeByteSize(x.element);
    count_ = x.element_count();
    std::vector<int64_t> win, strides, bdil, wdil;
    std::vector<std::pair<int64_t, int64_t>> pad;
    ReadWindowAttrs(op, x.dims.size(), &win, &strides, &bdil, &wdil, &pad);
    bdil.assign(x.dims.size(), 1);
    wdil.assign(x.dims.size(), 1);
    geo_.Init(x.dims, m.type(op.operands[1]).dims, win, strides, bdil, wdil, pad);
    bool swapped = false;
    const int dir = SelectDirection(*op.regions[0], &swapped);
    const bool add = MatchMonoid(*op.regions[1]) == Monoid::kAdd && sel_captured_.empty() && sc_captured_.empty();
    // keep(kept, cand) written as cand OP kept is kept MIRROR(OP) cand, NaN included.
    const int keep_dir = swapped ? (dir ^ 2) : dir;
    if (dir >= 0 && add && x.element == ElementType::kF32) f32_ = NativeSelectAndScatter<float>{geo_, keep_dir};
    if (dir >= 0 && add && x.element == ElementType::kF64) f64_ = NativeSelectAndScatter<double>{geo_, keep_dir};
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    int64_t S = m.type(op.operands[1]).element_count();
    int64_t es = static_cast<int64_t>(ElementTypeByteSize(m.type(op.operands[0]).element));
    return 3 * compiler::AlignUp(S * 8) + 2 * compiler::AlignUp(S * es) + compiler::AlignUp(S) + 2 * compiler::AlignUp(es);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    auto* out = static_cast<uint8_t*>(f.Get(out_));
    FillElements(out, f.Get(init_), es_, count_);
    const int64_t S = geo_.out_count;
    if (S == 0 || geo_.win_count == 0) return Status::Ok();
    uint8_t* p = scratch;
    auto* pos = reinterpret_cast<int64_t*>(p);
    p += compiler::AlignUp(S * 8);
    auto* sel_pos = reinterpret_cast<int64_t*>(p);
    p += compiler::AlignUp(S * 8);
    p += compiler::AlignUp(S * 8);
    uint8_t* sel_val = p;
    p += compiler::AlignUp(S * static_cast<int64_t>(es_));
    uint8_t* cand = p;
    p += compiler::AlignUp(S * static_cast<int64_t>(es_));
    auto* keep = reinterpret_cast<bool*>(p);
    p += compiler::AlignUp(S);
    const auto* x = static_cast<const uint8_t*>(f.Get(operand_));
    if (f32_ || f64_) {
      // `cand` holds the run's best values (S elements at most).
      if (f32_) f32_->Run(reinterpret_cast<const float*>(x), static_cast<const float*>(f.Get(source_)),
                          reinterpret_cast<float*>(out), pos, reinterpret_cast<float*>(cand));
      else f64_->Run(reinterpret_cast<const double*>(x), static_cast<const double*>(f.Get(source_)),
                     reinterpret_cast<double*>(out), pos, reinterpret_cast<double*>(cand));
      return Status::Ok();
    }
    std::fill(sel_pos, sel_pos + S, int64_t{-1});
    std::vector<const void*> in(2 + sel_captured_.size());
    for (size_t c = 0; c < sel_captured_.size(); ++c) in[2 + c] = f.Get(sel_captured_[c]);
    std::vector<int64_t> w(geo_.win.size(), 0);
    do {
      geo_.Positions(w, pos);
      GatherElements(cand, x, pos, f.Get(init_), es_, S);
      in[0] = sel_val;
      in[1] = cand;
      void* o[1] = {keep};
      select_->Run(in.data(), o, 0, S);
      for (int64_t s = 0; s < S; ++s) {
        if (pos[s] < 0) continue;
        if (sel_pos[s] < 0 || !keep[s]) {
          sel_pos[s] = pos[s];
          std::memcpy(sel_val + static_cast<size_t>(s) * es_, cand + static_cast<size_t>(s) * es_, es_);
        }
      }
    } while (geo_.NextWindow(w));
    // Scatter: sequential over source positions (several may select the same element).
    const auto* src = static_cast<const uint8_t*>(f.Get(source_));
    std::vector<const void*> sin(2 + sc_captured_.size());
    for (size_t c = 0; c < sc_captured_.size(); ++c) sin[2 + c] = f.Get(sc_captured_[c]);
    uint8_t* tmp = p;
    for (int64_t s = 0; s < S; ++s) {
      if (sel_pos[s] < 0) continue;
      uint8_t* dst = out + static_cast<size_t>(sel_pos[s]) * es_;
      sin[0] = dst;
      sin[1] = src + static_cast<size_t>(s) * es_;
      void* o[1] = {tmp};
      scatter_->Run(sin.data(), o, 0, 1);
      std::memcpy(dst, tmp, es_);
    }
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> select_, scatter_;
  std::vector<ValueId> sel_captured_, sc_captured_;
  ValueId operand_, source_, init_, out_;
  size_t es_;
  int64_t count_;
  WindowGeometry geo_;
  std::optional<NativeSelectAndScatter<float>> f32_;
  std::optional<NativeSelectAndScatter<double>> f64_;
};

}  // namespace

int64_t WindowScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kReduceWindow) {
    if (std::optional<ScanShape> scan = MatchPrefixScan(m, op)) return ScanKernel::ScratchBytes(m, op, *scan);
    return ReduceWindowKernel::ScratchBytes(m, op);
  }
  return SelectAndScatterKernel::ScratchBytes(m, op);
}

StatusOr<std::unique_ptr<Kernel>> MakeWindowKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  if (op.kind == OpKind::kReduceWindow) {
    std::vector<ValueId> captured;
    int64_t loop = std::max<int64_t>(1, m.type(op.results[0]).element_count());
    JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> body,
                            EwProgram::Compile(m, *op.regions[0], {loop}, &captured, /*args_are_arrays=*/true));
    NativeWindowFn native_window = nullptr;
    const bool swapped = MonoidArgsSwapped(*op.regions[0]);
    if (op.operands.size() == 2 && captured.empty())
      native_window = VisitMonoid<NativeWindowFn>(MatchMonoid(*op.regions[0]), m.type(op.operands[0]).element, nullptr,
                                                   []<Monoid M, class T>() -> NativeWindowFn { return &NativeWindow<M, T>; });
    F32WindowKernels f32;
    if (native_window && m.type(op.operands[0]).element == ElementType::kF32) {
      f32.row = SelectVectorKernel(m, *op.regions[0]->ops[0]);
      if (f32.row) f32.taps = SelectF32TapsKernel(m, *op.regions[0]->ops[0]);
    }
    auto window = std::make_unique<ReduceWindowKernel>(op, m, body, captured, native_window, swapped, f32);
    std::optional<ScanShape> scan = MatchPrefixScan(m, op);
    if (!scan) return std::unique_ptr<Kernel>(std::move(window));
    NativeScanFn native = nullptr;
    if (op.operands.size() == 2 && captured.empty())
      native = VisitMonoid<NativeScanFn>(MatchMonoid(*op.regions[0]), m.type(op.operands[0]).element, nullptr,
                                         []<Monoid M, class T>() -> NativeScanFn { return &NativeScan<M, T>; });
    if (scan->reverse && !native) return std::unique_ptr<Kernel>(std::move(window));
    return std::unique_ptr<Kernel>(new ScanKernel(op, m, *scan, std::move(body), std::move(captured), native,
                                                  swapped, std::move(window)));
  }
  std::vector<ValueId> c1, c2;
  int64_t loop = std::max<int64_t>(1, m.type(op.operands[1]).element_count());
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> sel,
                          EwProgram::Compile(m, *op.regions[0], {loop}, &c1, /*args_are_arrays=*/true));
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> sc,
                          EwProgram::Compile(m, *op.regions[1], {1}, &c2, /*args_are_arrays=*/true));
  return std::unique_ptr<Kernel>(new SelectAndScatterKernel(op, m, std::move(sel), std::move(sc), std::move(c1), std::move(c2)));
}

}  // namespace jaxlib::cpu
