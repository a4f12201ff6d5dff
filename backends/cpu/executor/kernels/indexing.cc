// gather and scatter. Both walk the batch (scatter) positions of the index array, resolve one
// start index per position and move a whole window with a precomputed strided copy; scatter
// combines windows with its update computation evaluated over the whole window at once, or,
// for a one-op body (add, mul, max, min, ...) or an overwrite, resolves every window's offsets
// first and applies all updates in one typed loop (no per-update dispatch).
#include <algorithm>
#include <bit>
#include <climits>
#include <limits>
#include <cstring>
#include <type_traits>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

int64_t ReadIndex(const void* p, ElementType t);

namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// Iterates the batch positions of an index array (all dims but index_vector_dim) and yields,
// per position, the element offset of its index vector's first component.
struct IndexWalk {
  std::vector<int64_t> batch_dims;     // sizes of the index array's batch dims
  std::vector<int64_t> batch_strides;  // their element strides in the index array
  int64_t vec_stride = 0;              // stride along index_vector_dim (0 if implicit)
  int64_t vec_len = 1;
  int64_t count = 1;

  IndexWalk(const Type& idx, int64_t ivd) {
    std::vector<int64_t> s = RowMajorStrides(idx.dims);
    for (int k = 0; k < idx.rank(); ++k) {
      if (k == ivd) {
        vec_stride = s[static_cast<size_t>(k)];
        vec_len = idx.dims[static_cast<size_t>(k)];
        continue;
      }
      batch_dims.push_back(idx.dims[static_cast<size_t>(k)]);
      batch_strides.push_back(s[static_cast<size_t>(k)]);
      count *= idx.dims[static_cast<size_t>(k)];
    }
  }
};

class GatherKernel final : public Kernel {
 public:
  GatherKernel(const Op& op, const compiler::Module& m) : operand_(op.operands[0]), indices_(op.operands[1]), out_(op.results[0]) {
    const Type& x = m.type(op.operands[0]);
    const Type& idx = m.type(op.operands[1]);
    const Type& r = m.type(op.results[0]);
    index_type_ = idx.element;
    index_es_ = ElementTypeByteSize(idx.element);
    es_ = ElementTypeByteSize(x.element);
    int64_t ivd = op.IntAttr("index_vector_dim", 0);
    walk_ = std::make_unique<IndexWalk>(idx, ivd);
    std::vector<int64_t> offset_dims = op.IntListAttr("offset_dims"), collapsed = op.IntListAttr("collapsed_slice_dims"),
                         obatch = op.IntListAttr("operand_batching_dims"), ibatch = op.IntListAttr("start_indices_batching_dims"),
                         sizes = op.IntListAttr("slice_sizes");
    start_map_ = op.IntListAttr("start_index_map");
    xdims_ = x.dims;
    slice_sizes_ = sizes;
    xstrides_ = RowMajorStrides(x.dims);
    std::vector<int64_t> rs = RowMajorStrides(r.dims);
    // Result batch dims (not offset dims), in order, correspond to the index walk's batch dims.
    for (int k = 0; k < r.rank(); ++k)
      if (!Contains(offset_dims, k)) out_batch_strides_.push_back(rs[static_cast<size_t>(k)]);
    // Operand batching dims: operand dim obatch[k] takes the index position of idx dim ibatch[k].
    for (size_t k = 0; k < obatch.size(); ++k) {
      int64_t idim = ibatch[k];
      int64_t pos = idim > ivd && ivd < idx.rank() ? idim - 1 : idim;  // position among batch dims
      batching_.push_back({obatch[k], pos});
    }
    // The window: operand dims not collapsed / batching, in order, land on offset_dims.
    std::vector<int64_t> wdims, wsrc, wdst;
    size_t oi = 0;
    for (int k = 0; k < x.rank(); ++k) {
      if (Contains(collapsed, k) || Contains(obatch, k)) continue;
      int64_t od = offset_dims[oi++];
      wdims.push_back(sizes[static_cast<size_t>(k)]);
      wsrc.push_back(xstrides_[static_cast<size_t>(k)]);
      wdst.push_back(rs[static_cast<size_t>(od)]);
    }
    copier_ = StridedCopier(wdims, wdst, wsrc, es_);
    empty_ = r.element_count() == 0;
    int64_t window = 1;
    for (int64_t d : wdims) window *= d;
    // A window that is one run of bytes in the operand and in the result (a row of a few
    // features, a pixel's channels) is one memcpy instead of the strided copier's walk.
    bool run = true;
    for (size_t k = wdims.size(), inner = 1; k-- > 0;) {
      if (wdims[k] == 1) continue;
      run = run && wsrc[k] == static_cast<int64_t>(inner) && wdst[k] == static_cast<int64_t>(inner);
      inner *= static_cast<size_t>(wdims[k]);
    }
    run_bytes_ = run ? window * static_cast<int64_t>(es_) : 0;
    single_ = window == 1;
    window_bytes_ = window * static_cast<int64_t>(es_);
    // One start-index component and one-element windows without batching dims: output element b
    // reads index element b (both in flat order), so any range of outputs runs on its own.
    flat_ = single_ && !empty_ && start_map_.size() == 1 && walk_->vec_len == 1 && batching_.empty() &&
            ByTypes([]<class I, class E>() {});
    if (flat_) {
      const size_t d = static_cast<size_t>(start_map_[0]);
      flat_hi_ = xdims_[d] - slice_sizes_[d];
      flat_stride_ = xstrides_[d];
      const bool idx32 = index_type_ == ElementType::kS32 || index_type_ == ElementType::kU32;
      if (idx32 && es_ == 4 && flat_hi_ >= 0 && flat_hi_ * std::max<int64_t>(flat_stride_, 1) <= INT32_MAX)
        flat_row32_ = SelectGatherRow32();
    }
  }

  // A flat gather (flat_) is elementwise in its indices: a strip-mined while loop runs it a tile
  // at a time (searchsorted's binary search: a gather of midpoints from the sorted table per step),
  // reading the operand anywhere.
  int64_t ElementwiseLoopSize() const override { return flat_ ? walk_->count : 0; }
  void RunElements(Frame& f, int64_t begin, int64_t end) const override { RunFlat(f, begin, end); }
  const std::vector<ValueId>* NonElementwiseReads() const override { return flat_ ? &operand_reads_ : nullptr; }

  Status Run(Frame& f, uint8_t*) const override {
    if (empty_) return Status::Ok();
    if (flat_) {
      RunFlat(f, 0, walk_->count);
      return Status::Ok();
    }
    if (single_ && RunSingle(f)) return Status::Ok();
    const auto* x = static_cast<const uint8_t*>(f.Get(operand_));
    const auto* idx = static_cast<const uint8_t*>(f.Get(indices_));
    auto* out = static_cast<uint8_t*>(f.Get(out_));
    const IndexWalk& w = *walk_;
    if (RunPoints(x, idx, out)) return Status::Ok();
    // Windows spread over the pool, each task starting its walk at its first window (every
    // window writes its own output): at least ~64 KiB of copies per task.
    const int64_t min_windows = std::max<int64_t>(1, (int64_t{64} << 10) / std::max<int64_t>(1, window_bytes_));
    ParallelFor(w.count, min_windows, [&](int64_t b0, int64_t b1) {
      std::vector<int64_t> pos(w.batch_dims.size(), 0);
      int64_t rem = b0;
      for (size_t k = pos.size(); k-- > 0;) {
        pos[k] = rem % w.batch_dims[k];
        rem /= w.batch_dims[k];
      }
      // Window b's source (and its destination in *dst); called for b0, b0 + 1, ... in turn, as
      // the walk's position advances with each call.
      auto address = [&](int64_t, uint8_t** dst) {
        int64_t ioff = 0, ooff = 0;
        for (size_t k = 0; k < pos.size(); ++k) {
          ioff += pos[k] * w.batch_strides[k];
          ooff += pos[k] * out_batch_strides_[k];
        }
        int64_t xoff = 0;
        for (size_t k = 0; k < start_map_.size(); ++k) {
          size_t d = static_cast<size_t>(start_map_[k]);
          int64_t s = ReadIndex(idx + static_cast<size_t>(ioff + static_cast<int64_t>(k) * w.vec_stride) * index_es_, index_type_);
          s = std::clamp<int64_t>(s, 0, xdims_[d] - slice_sizes_[d]);
          xoff += s * xstrides_[d];
        }
        for (const auto& [odim, bpos] : batching_) xoff += pos[static_cast<size_t>(bpos)] * xstrides_[static_cast<size_t>(odim)];
        for (int k = static_cast<int>(pos.size()) - 1; k >= 0; --k) {
          if (++pos[static_cast<size_t>(k)] < w.batch_dims[static_cast<size_t>(k)]) break;
          pos[static_cast<size_t>(k)] = 0;
        }
        *dst = out + static_cast<size_t>(ooff) * es_;
        return x + static_cast<size_t>(xoff) * es_;
      };
      PipelinedWindows(b0, b1, address, [&](uint8_t* dst, const uint8_t* src) {
        if (run_bytes_ > 0)
          CopyRun(dst, src, run_bytes_);
        else
          copier_.Run(dst, src);
      });
    });
    return Status::Ok();
  }

 private:
  // Windows that are runs of bytes written one after another, one batch dim of index vectors of
  // at most 4 components and no batching dims (img[i, j], a table's rows at (i, j)): typed index
  // reads, the clamp bounds and strides in locals, and the same pipelined groups of prefetched
  // sources as the general walk. False when the gather is not of this form.
  static constexpr size_t kMaxPointComponents = 4;
  bool RunPoints(const uint8_t* x, const uint8_t* idx, uint8_t* out) const {
    const IndexWalk& w = *walk_;
    if (run_bytes_ == 0 || w.batch_dims.size() != 1 || !batching_.empty() || start_map_.empty() ||
        start_map_.size() > kMaxPointComponents || out_batch_strides_[0] * static_cast<int64_t>(es_) != run_bytes_)
      return false;
    switch (index_type_) {
      case ElementType::kS32: PointLoop<int32_t>(x, idx, out); return true;
      case ElementType::kS64: PointLoop<int64_t>(x, idx, out); return true;
      case ElementType::kU32: PointLoop<uint32_t>(x, idx, out); return true;
      default: return false;
    }
  }
  template <class I>
  void PointLoop(const uint8_t* x, const uint8_t* idx, uint8_t* out) const {
    const IndexWalk& w = *walk_;
    const size_t K = start_map_.size();
    int64_t hi[kMaxPointComponents] = {}, stride[kMaxPointComponents] = {};
    for (size_t k = 0; k < K; ++k) {
      const size_t d = static_cast<size_t>(start_map_[k]);
      hi[k] = xdims_[d] - slice_sizes_[d];
      stride[k] = xstrides_[d] * static_cast<int64_t>(es_);
    }
    const I* index = reinterpret_cast<const I*>(idx);
    const int64_t bs = w.batch_strides[0], vs = w.vec_stride, bytes = run_bytes_;
    const int64_t min_windows = std::max<int64_t>(1, (int64_t{64} << 10) / std::max<int64_t>(1, bytes));
    ParallelFor(w.count, min_windows, [&](int64_t b0, int64_t b1) {
      auto address = [&](int64_t b, uint8_t** dst) {
        const I* v = index + b * bs;
        int64_t off = 0;
        for (size_t k = 0; k < K; ++k)
          off += std::clamp<int64_t>(static_cast<int64_t>(v[static_cast<int64_t>(k) * vs]), 0, hi[k]) * stride[k];
        *dst = out + b * bytes;
        return x + off;
      };
      PipelinedWindows(b0, b1, address, [&](uint8_t* dst, const uint8_t* src) { CopyRun(dst, src, bytes); });
    });
  }

  // Windows [b0, b1) in software-pipelined groups: the next group's sources are made by
  // address(b, &dst) (in order of b) and prefetched before this group's copy(dst, src), so random
  // windows of a large operand miss the caches in parallel and their lines arrive while other
  // windows are copied.
  template <class Address, class Copy>
  static void PipelinedWindows(int64_t b0, int64_t b1, Address& address, Copy&& copy) {
    constexpr int64_t kGroup = 32;
    uint8_t* dsts[2][kGroup];
    const uint8_t* srcs[2][kGroup];
    auto address_group = [&](int64_t g0, int slot) {
      for (int64_t j = 0; j < std::min(kGroup, b1 - g0); ++j) {
        srcs[slot][j] = address(g0 + j, &dsts[slot][j]);
        __builtin_prefetch(srcs[slot][j]);
      }
    };
    if (b0 < b1) address_group(b0, 0);
    for (int64_t g0 = b0, slot = 0; g0 < b1; g0 += kGroup, slot ^= 1) {
      if (g0 + kGroup < b1) address_group(g0 + kGroup, static_cast<int>(slot ^ 1));
      for (int64_t j = 0; j < std::min(kGroup, b1 - g0); ++j) copy(dsts[slot][j], srcs[slot][j]);
    }
  }

  // A window's bytes: the common small sizes as fixed-size copies (a call per window costs
  // more than the copy), others by memcpy.
  static void CopyRun(uint8_t* dst, const uint8_t* src, int64_t bytes) {
    switch (bytes) {
      case 4: std::memcpy(dst, src, 4); return;
      case 8: std::memcpy(dst, src, 8); return;
      case 12: std::memcpy(dst, src, 12); return;
      case 16: std::memcpy(dst, src, 16); return;
      case 24: std::memcpy(dst, src, 24); return;
      case 32: std::memcpy(dst, src, 32); return;
      case 64: std::memcpy(dst, src, 64); return;
      default: std::memcpy(dst, src, static_cast<size_t>(bytes)); return;
    }
  }

  // One element per index vector (take_along_axis, x[i, j]): the same walk with typed index
  // reads and element copies instead of a call per element. False for types it does not read.
  static constexpr size_t kMaxComponents = 8;
  bool RunSingle(Frame& f) const {
    if (start_map_.size() > kMaxComponents) return false;
    return ByTypes([&]<class I, class E>() { SingleLoop<I, E>(f); });
  }

  // Calls fn.template operator()<I, E>() for the index type and an unsigned element type of the
  // operand's width; false (nothing called) for types the typed loops do not read.
  template <class Fn>
  bool ByTypes(Fn&& fn) const {
    auto by_index = [&]<class I>() {
      switch (es_) {
        case 1: fn.template operator()<I, uint8_t>(); return true;
        case 2: fn.template operator()<I, uint16_t>(); return true;
        case 4: fn.template operator()<I, uint32_t>(); return true;
        case 8: fn.template operator()<I, uint64_t>(); return true;
        default: return false;
      }
    };
    switch (index_type_) {
      case ElementType::kS32: return by_index.template operator()<int32_t>();
      case ElementType::kS64: return by_index.template operator()<int64_t>();
      case ElementType::kU32: return by_index.template operator()<uint32_t>();
      default: return false;
    }
  }

  // Outputs [begin, end) of a flat gather, spread over the pool.
  void RunFlat(Frame& f, int64_t begin, int64_t end) const {
    ParallelFor(
        end - begin, kFlatChunk,
        [&](int64_t b, int64_t e) { ByTypes([&]<class I, class E>() { FlatLoop<I, E>(f, begin + b, begin + e); }); },
        kFlatAlign);
  }

  template <class I, class E>
  void FlatLoop(const Frame& f, int64_t begin, int64_t end) const {
    const E* x = static_cast<const E*>(f.Get(operand_));
    const I* idx = static_cast<const I*>(f.Get(indices_)) + begin;
    E* out = static_cast<E*>(f.Get(out_)) + begin;
    const int64_t n = end - begin;
    if constexpr (sizeof(E) == 4 && sizeof(I) == 4) {
      if (flat_row32_) {
        flat_row32_(reinterpret_cast<const uint32_t*>(x), reinterpret_cast<const int32_t*>(idx), n,
                    static_cast<int32_t>(flat_hi_), static_cast<int32_t>(flat_stride_), 0, reinterpret_cast<uint32_t*>(out),
                    std::is_unsigned_v<I>);
        return;
      }
    }
    for (int64_t j = 0; j < n; ++j) {
      int64_t s = static_cast<int64_t>(idx[j]);
      s = s < 0 ? 0 : (s > flat_hi_ ? flat_hi_ : s);
      out[j] = x[s * flat_stride_];
    }
  }

  template <class I, class E>
  void SingleLoop(Frame& f) const {
    const E* x = static_cast<const E*>(f.Get(operand_));
    const I* idx = static_cast<const I*>(f.Get(indices_));
    E* out = static_cast<E*>(f.Get(out_));
    const IndexWalk& w = *walk_;
    const size_t nd = w.batch_dims.size(), nk = start_map_.size();
    // Per start-index component: operand dim, its clamp bound and stride.
    int64_t hi[kMaxComponents], xs[kMaxComponents];
    for (size_t k = 0; k < nk; ++k) {
      size_t d = static_cast<size_t>(start_map_[k]);
      hi[k] = xdims_[d] - slice_sizes_[d];
      xs[k] = xstrides_[d];
    }
    const int64_t last_dim = nd ? w.batch_dims[nd - 1] : 1;
    const int64_t last_is = nd ? w.batch_strides[nd - 1] : 0, last_os = nd ? out_batch_strides_[nd - 1] : 0;
    int64_t bpos_last_x = 0;  // operand offset of batching dims that follow the last batch dim
    for (const auto& [odim, bpos] : batching_)
      if (static_cast<size_t>(bpos) + 1 == nd) bpos_last_x += xstrides_[static_cast<size_t>(odim)];
    if (last_dim == 0) return;
    const int64_t outer = w.count / last_dim;
    // One component, contiguous index and output runs, 4-byte elements: a vector gather per run.
    GatherRow32Fn row32 = nullptr;
    if constexpr ((std::is_same_v<I, int32_t> || std::is_same_v<I, uint32_t>) && sizeof(E) == 4) {
      if (nk == 1 && last_is == 1 && last_os == 1 && hi[0] >= 0 && xs[0] <= INT32_MAX && bpos_last_x <= INT32_MAX &&
          hi[0] * std::max<int64_t>(xs[0], 1) + (last_dim - 1) * bpos_last_x <= INT32_MAX)
        row32 = SelectGatherRow32();
    }
    // Runs of the last batch dim, spread over the pool (each writes its own outputs).
    ParallelFor(outer, std::max<int64_t>(1, 16384 / last_dim), [&](int64_t o0, int64_t o1) {
      std::vector<int64_t> pos(nd, 0);
      int64_t rem = o0;
      for (size_t k = nd > 0 ? nd - 1 : 0; k-- > 0;) {
        pos[k] = rem % w.batch_dims[k];
        rem /= w.batch_dims[k];
      }
      for (int64_t o = o0; o < o1; ++o) {
        int64_t ioff = 0, ooff = 0, xbase = 0;
        for (size_t k = 0; k + 1 < nd; ++k) {
          ioff += pos[k] * w.batch_strides[k];
          ooff += pos[k] * out_batch_strides_[k];
        }
        for (const auto& [odim, bpos] : batching_)
          if (static_cast<size_t>(bpos) + 1 < nd) xbase += pos[static_cast<size_t>(bpos)] * xstrides_[static_cast<size_t>(odim)];
        if (row32) {
          row32(reinterpret_cast<const uint32_t*>(x + xbase), reinterpret_cast<const int32_t*>(idx + ioff), last_dim,
                static_cast<int32_t>(hi[0]), static_cast<int32_t>(xs[0]), static_cast<int32_t>(bpos_last_x),
                reinterpret_cast<uint32_t*>(out + ooff),
                std::is_unsigned_v<I>);
        }
        for (int64_t j = 0; !row32 && j < last_dim; ++j) {
          const I* iv = idx + ioff + j * last_is;
          int64_t xoff = xbase + j * bpos_last_x;
          for (size_t k = 0; k < nk; ++k) {
            int64_t s = static_cast<int64_t>(iv[static_cast<int64_t>(k) * w.vec_stride]);
            s = s < 0 ? 0 : (s > hi[k] ? hi[k] : s);
            xoff += s * xs[k];
          }
          out[ooff + j * last_os] = x[xoff];
        }
        for (int k = static_cast<int>(nd) - 2; k >= 0; --k) {
          if (++pos[static_cast<size_t>(k)] < w.batch_dims[static_cast<size_t>(k)]) break;
          pos[static_cast<size_t>(k)] = 0;
        }
      }
    });
  }

  ValueId operand_, indices_, out_;
  ElementType index_type_;
  size_t index_es_, es_;
  std::unique_ptr<IndexWalk> walk_;
  std::vector<int64_t> start_map_, xdims_, slice_sizes_, xstrides_, out_batch_strides_;
  std::vector<std::pair<int64_t, int64_t>> batching_;
  StridedCopier copier_;
  bool empty_ = false;
  bool single_ = false;  // the window is one element
  int64_t window_bytes_ = 0;
  int64_t run_bytes_ = 0;  // the window as one run of bytes (both sides), else 0
  // The flat form (see the constructor): clamp bound and operand stride of its one component.
  static constexpr int64_t kFlatChunk = 16384;
  static constexpr int64_t kFlatAlign = 512;
  bool flat_ = false;
  int64_t flat_hi_ = 0, flat_stride_ = 0;
  GatherRow32Fn flat_row32_ = nullptr;
  std::vector<ValueId> operand_reads_{operand_};
};

// Scatter update computations recognised for direct window updates.
enum class UpdateKind { kGeneral, kOverwrite };

UpdateKind MatchUpdate(const compiler::Region& r, size_t n) {
  if (n == 1 && r.ops.empty() && r.results.size() == 1 && r.results[0] == r.args[1]) return UpdateKind::kOverwrite;
  return UpdateKind::kGeneral;
}

// The window of one update as nested loops (innermost last), element strides in the operand
// and in the updates.
struct WindowLoop {
  std::vector<int64_t> dims, xs, us;
};

// Applies every resolved update in order: x[xoff[b] + w] = op(x[xoff[b] + w], u[uoff[b] + w]).
using ApplyAllFn = void (*)(void* x, const void* u, const int64_t* xoff, const int64_t* uoff, int64_t count,
                            const WindowLoop& w, bool swapped);

template <Monoid M, class T> inline void CombineInto(T* x, const T* u, bool swapped) {
  if constexpr (std::is_same_v<T, float> && (M == Monoid::kMax || M == Monoid::kMin)) {
    const uint32_t ux = std::bit_cast<uint32_t>(*x), uu = std::bit_cast<uint32_t>(*u);
    *x = std::bit_cast<float>(swapped ? MaxMinBits<M>(uu, ux) : MaxMinBits<M>(ux, uu));
  } else {
    using C = Compute<T>;
    *x = Down<T>(swapped ? Combine<M, C>(Up(*u), Up(*x)) : Combine<M, C>(Up(*x), Up(*u)));
  }
}

template <Monoid M, class T>
void ApplyWindow(T* x, const T* u, const WindowLoop& w, size_t d, bool swapped) {
  const int64_t n = w.dims[d], xs = w.xs[d], us = w.us[d];
  if (d + 1 == w.dims.size()) {
    if (xs == 1 && us == 1) {  // a contiguous run (row updates): vectorised
      if (swapped) CombineRow<M, T, true>(x, u, n);
      else CombineRow<M, T, false>(x, u, n);
      return;
    }
    for (int64_t i = 0; i < n; ++i) CombineInto<M, T>(x + i * xs, u + i * us, swapped);
    return;
  }
  for (int64_t i = 0; i < n; ++i) ApplyWindow<M, T>(x + i * xs, u + i * us, w, d + 1, swapped);
}

template <Monoid M, class T>
void ApplyAll(void* xv, const void* uv, const int64_t* xoff, const int64_t* uoff, int64_t count, const WindowLoop& w,
              bool swapped) {
  T* x = static_cast<T*>(xv);
  const T* u = static_cast<const T*>(uv);
  if (w.dims.empty()) {  // one element per update (x.at[idx].add(u) on a vector, segment_sum)
    if (swapped) {
      for (int64_t b = 0; b < count; ++b)
        if (xoff[b] >= 0) CombineInto<M, T>(x + xoff[b], u + uoff[b], true);
    } else {
      for (int64_t b = 0; b < count; ++b)
        if (xoff[b] >= 0) CombineInto<M, T>(x + xoff[b], u + uoff[b], false);
    }
    return;
  }
  for (int64_t b = 0; b < count; ++b)
    if (xoff[b] >= 0) ApplyWindow<M, T>(x + xoff[b], u + uoff[b], w, 0, swapped);
}

// One element per update, index read and update applied in one pass (x.at[i].add(u),
// segment_sum): returns false for index types it does not read.
using FusedScalarFn = bool (*)(void* x, const void* u, const void* idx, ElementType index_type, int64_t count,
                               int64_t istride, int64_t ustride, int64_t hi, int64_t xs, bool swapped);

template <Monoid M, class T>
bool FusedScalar(void* xv, const void* uv, const void* idx, ElementType index_type, int64_t count, int64_t istride,
                 int64_t ustride, int64_t hi, int64_t xs, bool swapped) {
  T* x = static_cast<T*>(xv);
  const T* u = static_cast<const T*>(uv);
  auto run = [&]<class I, bool kSwapped>() {
    const I* ip = static_cast<const I*>(idx);
    // Unit strides everywhere (x.at[i], segment ops over vectors): constant addressing, no
    // multiplies per update.
    if (istride == 1 && ustride == 1 && xs == 1) {
      if constexpr (std::is_same_v<T, float> && std::is_same_v<I, int32_t> && (M == Monoid::kMax || M == Monoid::kMin)) {
        static const ScatterMaxMinF32Fn blocks = SelectScatterMaxMinF32();
        if (blocks && hi <= INT32_MAX) {
          blocks(reinterpret_cast<uint32_t*>(x), ip, reinterpret_cast<const uint32_t*>(u), count,
                 static_cast<int32_t>(hi), M == Monoid::kMax, kSwapped);
          return;
        }
      }
      for (int64_t b = 0; b < count; ++b) {
        const int64_t s = static_cast<int64_t>(ip[b]);
        if (s < 0 || s > hi) continue;
        CombineInto<M, T>(x + s, u + b, kSwapped);
      }
      return;
    }
    for (int64_t b = 0; b < count; ++b) {
      const int64_t s = static_cast<int64_t>(ip[b * istride]);
      if (s < 0 || s > hi) continue;  // XLA skips an update outside the operand
      CombineInto<M, T>(x + s * xs, u + b * ustride, kSwapped);
    }
  };
  auto by_swap = [&]<class I>() {
    if (swapped) run.template operator()<I, true>();
    else run.template operator()<I, false>();
  };
  switch (index_type) {
    case ElementType::kS32: by_swap.template operator()<int32_t>(); return true;
    case ElementType::kS64: by_swap.template operator()<int64_t>(); return true;
    case ElementType::kU32: by_swap.template operator()<uint32_t>(); return true;
    default: return false;
  }
}

// Many one-element updates into a small target (segment_max, a histogram-like .at[i].max):
// the updates are split into ordered chunks, each chunk combines its updates into a private
// copy of the target that starts at the monoid's identity, and the copies are then combined
// into the target in chunk order. Exact where the monoid is associative with an exact identity:
// integer and pred monoids (wrapping add and multiply included), and f32 max/min (MaxMinBits is
// associative, a NaN's "first one wins" rule included, in either operand order). Float add and
// multiply are not privatised: their rounding depends on the order of the updates.
template <Monoid M, class T> inline constexpr bool kPrivatisable =
    std::is_same_v<T, bool> || (std::is_integral_v<T> && M != Monoid::kNone) ||
    (std::is_same_v<T, float> && (M == Monoid::kMax || M == Monoid::kMin));

template <Monoid M, class T> T MonoidIdentity() {
  if constexpr (std::is_same_v<T, float>) {
    return M == Monoid::kMax ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  } else if constexpr (std::is_same_v<T, bool>) {
    return M == Monoid::kMul || M == Monoid::kMin || M == Monoid::kAnd;
  } else {
    switch (M) {
      case Monoid::kMul: return T{1};
      case Monoid::kMax: return std::numeric_limits<T>::lowest();
      case Monoid::kMin: return std::numeric_limits<T>::max();
      case Monoid::kAnd: return static_cast<T>(~T{0});
      default: return T{0};
    }
  }
}

constexpr int64_t kMaxPrivateCopies = 16;
constexpr int64_t kPrivateTargetBytes = 32 * 1024;  // a copy stays in L1
constexpr int64_t kLaneTargetBytes = 8 * 1024;      // kLanes lane copies stay in L2
constexpr int64_t kLanes = 16;

// The f32 max/min fold of one chunk on total-order keys (flushed bits; integer max/min of keys is
// MaxMinBits on values without NaN): keys of a block of updates computed in a vector loop, then one
// integer max per update into keys[0, hi + 1] (hi + 2 slots: the last one takes the updates
// outside [0, hi]). More copies, one per lane of updates, measured slower here (more address
// arithmetic, a larger table). False when the chunk holds a NaN update (its value-domain fold
// then decides which NaN wins).
template <Monoid M, class I>
bool FoldChunkKeys(int32_t* keys, const I* ip, const uint32_t* u, int64_t count, int64_t istride,
                   int64_t ustride, int64_t hi) {
  constexpr int64_t kBlock = 512;
  int32_t k[kBlock];
  uint32_t slot[kBlock];
  for (int64_t b0 = 0; b0 < count; b0 += kBlock) {
    const int64_t m = std::min(kBlock, count - b0);
    uint32_t nan = 0;
    int64_t j0 = 0;
    if (ustride == 1) {  // four lanes at a time (16-byte vectors: native on every target)
      typedef uint32_t U4 __attribute__((vector_size(16)));
      typedef int32_t S4 __attribute__((vector_size(16)));
      U4 any = {0, 0, 0, 0};
      for (; j0 + 4 <= m; j0 += 4) {
        U4 v;
        std::memcpy(&v, u + b0 + j0, sizeof(v));
        const U4 denormal = (U4)((v & 0x7f800000u) == 0);
        v = (denormal & (v & 0x80000000u)) | (~denormal & v);
        any |= (U4)((v & 0x7fffffffu) > 0x7f800000u);
        const U4 key = v ^ ((U4)((S4)v >> 31) >> 1);
        std::memcpy(k + j0, &key, sizeof(key));
      }
      nan = any[0] | any[1] | any[2] | any[3];
    }
    for (int64_t j = j0; j < m; ++j) {
      uint32_t v = u[(b0 + j) * ustride];
      v = FlushDenormalBits(v);
      nan |= (v & 0x7fffffffu) > 0x7f800000u ? 1u : 0u;
      k[j] = OrderKeyBits(v);
    }
    if (nan) return false;
    // Slots first (an index outside [0, hi] goes to the spare slot hi + 1), so the fold loop
    // has no branch and no index conversion.
    int64_t j1 = 0;
    if constexpr (std::is_same_v<I, int32_t>) {
      if (istride == 1) {
        typedef uint32_t U4 __attribute__((vector_size(16)));
        const U4 spare = {static_cast<uint32_t>(hi + 1), static_cast<uint32_t>(hi + 1), static_cast<uint32_t>(hi + 1),
                          static_cast<uint32_t>(hi + 1)};
        for (; j1 + 4 <= m; j1 += 4) {
          U4 i;
          std::memcpy(&i, ip + b0 + j1, sizeof(i));
          const U4 in = (U4)(i < spare);  // unsigned: negatives are out too
          const U4 at = (in & i) | (~in & spare);
          std::memcpy(slot + j1, &at, sizeof(at));
        }
      }
    }
    for (int64_t j = j1; j < m; ++j) {
      const int64_t s = static_cast<int64_t>(ip[(b0 + j) * istride]);
      slot[j] = static_cast<uint32_t>(static_cast<uint64_t>(s) > static_cast<uint64_t>(hi) ? hi + 1 : s);
    }
#pragma GCC unroll 4
    for (int64_t j = 0; j < m; ++j) {
      int32_t& at = keys[slot[j]];
      at = M == Monoid::kMax ? std::max(at, k[j]) : std::min(at, k[j]);
    }
  }
  return true;
}

// x[s * xs] for s in [0, hi]: the privatised form of FusedScalar (same arguments, plus scratch for
// the private copies). False when it does not apply: too few updates for the copies to pay, an
// index type it does not read, or (f32) a denormal in the target, which op(x, identity) would
// flush where no update touches it.
using PrivateScalarFn = bool (*)(void* x, const void* u, const void* idx, ElementType index_type, int64_t count,
                                 int64_t istride, int64_t ustride, int64_t hi, int64_t xs, bool swapped,
                                 uint8_t* scratch);

template <Monoid M, class T>
bool PrivateScalar(void* xv, const void* uv, const void* idx, ElementType index_type, int64_t count, int64_t istride,
                   int64_t ustride, int64_t hi, int64_t xs, bool swapped, uint8_t* scratch) {
  const int64_t n = hi + 1;
  if (n <= 0 || n * static_cast<int64_t>(sizeof(T)) > kPrivateTargetBytes) return false;
  // f32 max/min with s32 indices and unit strides: 16 lane copies per chunk where the ISA has
  // scatter stores.
  static const ScatterKeysF32Fn vector_lanes = SelectScatterKeysF32();
  const bool lanes = std::is_same_v<T, float> && n * static_cast<int64_t>(sizeof(T)) <= kLaneTargetBytes &&
                     index_type == ElementType::kS32 && istride == 1 && ustride == 1 && vector_lanes;
  const ScatterKeysF32Fn lanes_fn = lanes ? vector_lanes : nullptr;
  // Per chunk: kLanes copies, or one with the key fold's spare slot.
  const int64_t elements = lanes ? kLanes * n : n + 1;
  const int64_t row = static_cast<int64_t>(compiler::AlignUp(elements * static_cast<int64_t>(sizeof(T))));
  // Each chunk at least 16K updates and 8 times the target (the combine reads every copy).
  const int64_t copies = std::min<int64_t>({kMaxPrivateCopies, int64_t{ThreadPool::Global().num_threads()} * 2,
                                            count / std::max<int64_t>(16384, 8 * n)});
  if (copies < 2) return false;
  if (index_type != ElementType::kS32 && index_type != ElementType::kS64 && index_type != ElementType::kU32)
    return false;
  T* x = static_cast<T*>(xv);
  const T* u = static_cast<const T*>(uv);
  if constexpr (std::is_same_v<T, float>) {
    for (int64_t s = 0; s < n; ++s)
      if ((std::bit_cast<uint32_t>(x[s * xs]) & 0x7f800000u) == 0 && (std::bit_cast<uint32_t>(x[s * xs]) << 1) != 0)
        return false;
  }
  auto fold = [&]<class I>(int64_t c) {
    const int64_t b0 = count * c / copies, b1 = count * (c + 1) / copies;
    const I* ip = static_cast<const I*>(idx) + b0 * istride;
    const T* uc = u + b0 * ustride;
    T* p = reinterpret_cast<T*>(scratch + c * row);
    if constexpr (std::is_same_v<T, float>) {
      auto* keys = reinterpret_cast<int32_t*>(p);
      const auto* ub = reinterpret_cast<const uint32_t*>(uc);
      bool folded;
      if constexpr (std::is_same_v<I, int32_t>) {
        folded = lanes_fn && lanes_fn(keys, ip, ub, b1 - b0, static_cast<int32_t>(n), M == Monoid::kMax);
      } else {
        folded = false;
      }
      if (!lanes_fn) {
        std::fill(keys, keys + n + 1, OrderKeyBits(std::bit_cast<uint32_t>(MonoidIdentity<M, T>())));
        folded = FoldChunkKeys<M, I>(keys, ip, ub, b1 - b0, istride, ustride, hi);
      }
      if (folded) {
        for (int64_t s = 0; s < n; ++s) keys[s] = OrderKeyBits(static_cast<uint32_t>(keys[s]));  // back to bits
        return;
      }
    }
    std::fill(p, p + n, MonoidIdentity<M, T>());
    for (int64_t b = 0; b < b1 - b0; ++b) {
      const int64_t s = static_cast<int64_t>(ip[b * istride]);
      if (static_cast<uint64_t>(s) > static_cast<uint64_t>(hi)) continue;
      CombineInto<M, T>(p + s, uc + b * ustride, swapped);
    }
  };
  ParallelFor(copies, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c) {
      switch (index_type) {
        case ElementType::kS32: fold.template operator()<int32_t>(c); break;
        case ElementType::kS64: fold.template operator()<int64_t>(c); break;
        default: fold.template operator()<uint32_t>(c); break;
      }
    }
  });
  for (int64_t c = 0; c < copies; ++c) {
    const T* p = reinterpret_cast<const T*>(scratch + c * row);
    for (int64_t s = 0; s < n; ++s) CombineInto<M, T>(x + s * xs, p + s, swapped);
  }
  return true;
}

// Overwrite: the last update of an element wins, as in sequential order.
template <size_t kBytes>
void OverwriteAll(void* xv, const void* uv, const int64_t* xoff, const int64_t* uoff, int64_t count,
                  const WindowLoop& w, bool) {
  auto* x = static_cast<uint8_t*>(xv);
  const auto* u = static_cast<const uint8_t*>(uv);
  auto copy_window = [&](auto&& self, uint8_t* xp, const uint8_t* up, size_t d) -> void {
    const int64_t n = w.dims[d];
    const size_t xs = static_cast<size_t>(w.xs[d]) * kBytes, us = static_cast<size_t>(w.us[d]) * kBytes;
    if (d + 1 == w.dims.size()) {
      if (w.xs[d] == 1 && w.us[d] == 1) std::memcpy(xp, up, static_cast<size_t>(n) * kBytes);
      else for (int64_t i = 0; i < n; ++i) std::memcpy(xp + i * xs, up + i * us, kBytes);
      return;
    }
    for (int64_t i = 0; i < n; ++i) self(self, xp + i * xs, up + i * us, d + 1);
  };
  for (int64_t b = 0; b < count; ++b) {
    if (xoff[b] < 0) continue;
    uint8_t* xp = x + static_cast<size_t>(xoff[b]) * kBytes;
    const uint8_t* up = u + static_cast<size_t>(uoff[b]) * kBytes;
    if (w.dims.empty()) std::memcpy(xp, up, kBytes);
    else copy_window(copy_window, xp, up, 0);
  }
}

ApplyAllFn PickOverwrite(size_t es) {
  switch (es) {
    case 1: return &OverwriteAll<1>;
    case 2: return &OverwriteAll<2>;
    case 4: return &OverwriteAll<4>;
    case 8: return &OverwriteAll<8>;
    case 16: return &OverwriteAll<16>;
    default: return nullptr;
  }
}

class ScatterKernel final : public Kernel {
 public:
  ScatterKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> body, std::vector<ValueId> captured)
      : body_(std::move(body)), captured_(std::move(captured)) {
    n_ = (op.operands.size() - 1) / 2;
    for (size_t k = 0; k < n_; ++k) {
      inputs_.push_back(op.operands[k]);
      updates_.push_back(op.operands[n_ + 1 + k]);
      results_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
      bytes_.push_back(static_cast<size_t>(m.type(op.operands[k]).byte_size()));
    }
    indices_ = op.operands[n_];
    const Type& x = m.type(op.operands[0]);
    const Type& idx = m.type(indices_);
    const Type& upd = m.type(op.operands[n_ + 1]);
    index_type_ = idx.element;
    index_es_ = ElementTypeByteSize(idx.element);
    int64_t ivd = op.IntAttr("index_vector_dim", 0);
    walk_ = std::make_unique<IndexWalk>(idx, ivd);
    std::vector<int64_t> uwd = op.IntListAttr("update_window_dims"), iwd = op.IntListAttr("inserted_window_dims"),
                         ib = op.IntListAttr("input_batching_dims"), sib = op.IntListAttr("scatter_indices_batching_dims");
    sd2od_ = op.IntListAttr("scatter_dims_to_operand_dims");
    xdims_ = x.dims;
    xstrides_ = RowMajorStrides(x.dims);
    std::vector<int64_t> us = RowMajorStrides(upd.dims);
    for (int k = 0; k < upd.rank(); ++k)
      if (!Contains(uwd, k)) upd_batch_strides_.push_back(us[static_cast<size_t>(k)]);
    for (size_t k = 0; k < ib.size(); ++k) {
      int64_t idim = sib[k];
      int64_t pos = idim > ivd && ivd < idx.rank() ? idim - 1 : idim;
      batching_.push_back({ib[k], pos});
    }
    window_extent_.assign(x.dims.size(), 1);
    std::vector<int64_t> wdims, wx, wu;
    size_t wi = 0;
    for (int k = 0; k < x.rank(); ++k) {
      if (Contains(iwd, k) || Contains(ib, k)) continue;
      int64_t ud = uwd[wi++];
      int64_t size = upd.dims[static_cast<size_t>(ud)];
      window_extent_[static_cast<size_t>(k)] = size;
      wdims.push_back(size);
      wx.push_back(xstrides_[static_cast<size_t>(k)]);
      wu.push_back(us[static_cast<size_t>(ud)]);
    }
    window_ = 1;
    for (int64_t d : wdims) window_ *= d;
    std::vector<int64_t> dense = RowMajorStrides(wdims);
    for (size_t k = 0; k < n_; ++k) {
      gather_x_.emplace_back(wdims, dense, wx, es_[k]);   // results window -> temp
      scatter_x_.emplace_back(wdims, wx, dense, es_[k]);  // temp -> results window
      gather_u_.emplace_back(wdims, dense, wu, es_[k]);   // updates window -> temp
      direct_u_.emplace_back(wdims, wx, wu, es_[k]);      // updates window -> results window
    }
    kind_ = MatchUpdate(*op.regions[0], n_);
    unique_ = op.BoolAttr("unique_indices", false);
    empty_ = upd.element_count() == 0;
    // Unit window dims drop out of the loop; an all-unit window is one element per update.
    for (size_t k = 0; k < wdims.size(); ++k)
      if (wdims[k] != 1) {
        loop_.dims.push_back(wdims[k]);
        loop_.xs.push_back(wx[k]);
        loop_.us.push_back(wu[k]);
      }
    if (n_ == 1) {
      const compiler::Region& body = *op.regions[0];
      if (kind_ == UpdateKind::kOverwrite) {
        apply_all_ = PickOverwrite(es_[0]);
      } else if (body.ops.size() == 1 && body.ops[0]->regions.empty()) {
        apply_all_ = VisitMonoid<ApplyAllFn>(MatchMonoid(body), x.element, nullptr,
                                             []<Monoid M, class T>() -> ApplyAllFn { return &ApplyAll<M, T>; });
        fused_scalar_ = VisitMonoid<FusedScalarFn>(MatchMonoid(body), x.element, nullptr,
                                                   []<Monoid M, class T>() -> FusedScalarFn { return &FusedScalar<M, T>; });
        swapped_ = body.ops[0]->operands[0] == body.args[1] && body.args[0] != body.args[1];
        private_scalar_ = VisitMonoid<PrivateScalarFn>(MatchMonoid(body), x.element, nullptr,
                                                       []<Monoid M, class T>() -> PrivateScalarFn {
                                                         if constexpr (kPrivatisable<M, T>) return &PrivateScalar<M, T>;
                                                         else return nullptr;
                                                       });
      }
    }
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    size_t n = (op.operands.size() - 1) / 2;
    const Type& upd = m.type(op.operands[n + 1]);
    const Type& idx = m.type(op.operands[n]);
    int64_t count = std::max<int64_t>(1, idx.element_count());
    int64_t window = count == 0 ? 0 : upd.element_count() / std::max<int64_t>(1, count);
    window = std::max<int64_t>(window, upd.element_count());  // upper bound, windows are <= updates
    int64_t total = 0;
    for (size_t k = 0; k < n; ++k) total += 3 * compiler::AlignUp(window * static_cast<int64_t>(ElementTypeByteSize(m.type(op.operands[k]).element)));
    // The typed path's resolved offsets (operand and updates) per update window.
    total = std::max(total, 2 * compiler::AlignUp(count * 8));
    // PrivateScalar's copies of a small target (one element per update; the target bounds them).
    const Type& x = m.type(op.operands[0]);
    if (n == 1 && x.byte_size() <= kPrivateTargetBytes && upd.element_count() == count)
      total = std::max(total, kMaxPrivateCopies * compiler::AlignUp((x.byte_size() <= kLaneTargetBytes ? kLanes : 1) *
                                                                        x.byte_size() + 8));
    return total;
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    for (size_t k = 0; k < n_; ++k)
      if (f.Get(results_[k]) != f.Get(inputs_[k]) && bytes_[k])
        CopyBytesParallel(f.Get(results_[k]), f.Get(inputs_[k]), bytes_[k]);
    if (empty_) return Status::Ok();
    if (apply_all_) return RunTyped(f, scratch);
    const auto* idx = static_cast<const uint8_t*>(f.Get(indices_));
    std::vector<uint8_t*> cur(n_), upd(n_), nxt(n_);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n_; ++k) {
      int64_t b = compiler::AlignUp(window_ * static_cast<int64_t>(es_[k]));
      cur[k] = p;
      upd[k] = p + b;
      nxt[k] = p + 2 * b;
      p += 3 * b;
    }
    std::vector<const void*> in(2 * n_ + captured_.size());
    std::vector<void*> out(n_);
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n_ + c] = f.Get(captured_[c]);
    const IndexWalk& w = *walk_;
    std::vector<int64_t> pos(w.batch_dims.size(), 0);
    for (int64_t b = 0; b < w.count; ++b) {
      int64_t ioff = 0, uoff = 0;
      for (size_t k = 0; k < pos.size(); ++k) {
        ioff += pos[k] * w.batch_strides[k];
        uoff += pos[k] * upd_batch_strides_[k];
      }
      int64_t xoff = 0;
      bool in_bounds = true;
      for (size_t k = 0; k < sd2od_.size(); ++k) {
        size_t d = static_cast<size_t>(sd2od_[k]);
        int64_t s = ReadIndex(idx + static_cast<size_t>(ioff + static_cast<int64_t>(k) * w.vec_stride) * index_es_, index_type_);
        // XLA skips a window that does not fit entirely inside the operand.
        if (s < 0 || s > xdims_[d] - window_extent_[d]) in_bounds = false;
        xoff += s * xstrides_[d];
      }
      for (const auto& [odim, bpos] : batching_) xoff += pos[static_cast<size_t>(bpos)] * xstrides_[static_cast<size_t>(odim)];
      if (in_bounds) Apply(f, xoff, uoff, cur, upd, nxt, in, out);
      for (int k = static_cast<int>(pos.size()) - 1; k >= 0; --k) {
        if (++pos[static_cast<size_t>(k)] < w.batch_dims[static_cast<size_t>(k)]) break;
        pos[static_cast<size_t>(k)] = 0;
      }
    }
    return Status::Ok();
  }

 private:
  // Resolves every update window's operand offset (-1 when it does not fit) and updates offset,
  // then applies them all in one typed loop, in order.
  Status RunTyped(Frame& f, uint8_t* scratch) const {
    const IndexWalk& w = *walk_;
    auto* xoffs = reinterpret_cast<int64_t*>(scratch);
    auto* uoffs = reinterpret_cast<int64_t*>(scratch + compiler::AlignUp(w.count * 8));
    const auto* idx = static_cast<const uint8_t*>(f.Get(indices_));
    const size_t nvec = sd2od_.size();
    if (nvec == 1 && w.batch_dims.size() <= 1 && batching_.empty() && ResolveOneComponent(f, idx, scratch)) return Status::Ok();
    std::vector<int64_t> pos(w.batch_dims.size(), 0);
    for (int64_t b = 0; b < w.count; ++b) {
      int64_t ioff = 0, uoff = 0;
      for (size_t k = 0; k < pos.size(); ++k) {
        ioff += pos[k] * w.batch_strides[k];
        uoff += pos[k] * upd_batch_strides_[k];
      }
      int64_t xoff = 0;
      bool in_bounds = true;
      for (size_t k = 0; k < nvec; ++k) {
        size_t d = static_cast<size_t>(sd2od_[k]);
        int64_t s = ReadIndex(idx + static_cast<size_t>(ioff + static_cast<int64_t>(k) * w.vec_stride) * index_es_, index_type_);
        if (s < 0 || s > xdims_[d] - window_extent_[d]) in_bounds = false;
        xoff += s * xstrides_[d];
      }
      for (const auto& [odim, bpos] : batching_) xoff += pos[static_cast<size_t>(bpos)] * xstrides_[static_cast<size_t>(odim)];
      xoffs[b] = in_bounds ? xoff : -1;
      uoffs[b] = uoff;
      for (int k = static_cast<int>(pos.size()) - 1; k >= 0; --k) {
        if (++pos[static_cast<size_t>(k)] < w.batch_dims[static_cast<size_t>(k)]) break;
        pos[static_cast<size_t>(k)] = 0;
      }
    }
    apply_all_(f.Get(results_[0]), f.Get(updates_[0]), xoffs, uoffs, w.count, loop_, swapped_);
    return Status::Ok();
  }

  // One index component per update and at most one batch dim (x.at[i], segment_sum, .at[i, :]):
  // offsets in one typed pass over the indices. False for index types it does not read.
  // Resolved and applied a block at a time, so the offsets stay in L1 (not two arrays as
  // long as the updates written to memory and read back).
  bool ResolveOneComponent(Frame& f, const uint8_t* idx, uint8_t* scratch) const {
    const IndexWalk& w = *walk_;
    const int64_t bstride = w.batch_strides.empty() ? 0 : w.batch_strides[0];
    const int64_t ustride = upd_batch_strides_.empty() ? 0 : upd_batch_strides_[0];
    const size_t d = static_cast<size_t>(sd2od_[0]);
    const int64_t hi = xdims_[d] - window_extent_[d], xs = xstrides_[d];
    void* x = f.Get(results_[0]);
    const void* u = f.Get(updates_[0]);
    // With unique indices (the program's promise) no two updates touch one element, so any
    // order gives the same result: ranges of updates go to the pool.
    auto over_updates = [&](auto&& fn) {
      if (unique_) ParallelFor(w.count, kParallelUpdates, fn, kResolveBlock);
      else fn(int64_t{0}, w.count);
    };
    if (private_scalar_ && loop_.dims.empty() &&
        private_scalar_(x, u, idx, index_type_, w.count, bstride, ustride, hi, xs, swapped_, scratch))
      return true;
    // (An empty call says whether fused_scalar_ reads this index type.)
    if (fused_scalar_ && loop_.dims.empty() && fused_scalar_(x, u, idx, index_type_, 0, bstride, ustride, hi, xs, swapped_)) {
      over_updates([&](int64_t b0, int64_t b1) {
        fused_scalar_(x, static_cast<const uint8_t*>(u) + static_cast<size_t>(b0 * ustride) * es_[0],
                      idx + static_cast<size_t>(b0 * bstride) * index_es_, index_type_, b1 - b0, bstride, ustride, hi,
                      xs, swapped_);
      });
      return true;
    }
    // Updates that may repeat an index, of whole windows (rows of .at[i].max): the target's
    // index range split across threads, each thread applying, in order, the updates that land
    // in its part. Every element still sees its updates in program order: the same results.
    int64_t window = 1;
    for (int64_t e : loop_.dims) window *= e;
    const int64_t parts = unique_ || window < kMinSplitWindow || w.count * window < kParallelUpdates * kMinSplitWindow
                              ? 1
                              : std::min<int64_t>(ThreadPool::Global().num_threads(), hi + 1);
    auto run = [&]<class I>() {
      const I* ip = reinterpret_cast<const I*>(idx);
      auto apply = [&](int64_t lo, int64_t end, int64_t part_lo, int64_t part_hi) {
        int64_t xoffs[kResolveBlock], uoffs[kResolveBlock];
        for (int64_t b0 = lo; b0 < end; b0 += kResolveBlock) {
          const int64_t m = std::min(kResolveBlock, end - b0);
          for (int64_t j = 0; j < m; ++j) {
            const int64_t b = b0 + j;
            const int64_t s = static_cast<int64_t>(ip[b * bstride]);
            xoffs[j] = (s < part_lo || s > part_hi) ? -1 : s * xs;
            uoffs[j] = b * ustride;
          }
          apply_all_(x, u, xoffs, uoffs, m, loop_, swapped_);
        }
      };
      if (parts > 1) {
        ParallelFor(parts, 1, [&](int64_t p0, int64_t p1) {
          for (int64_t p = p0; p < p1; ++p)
            apply(0, w.count, (hi + 1) * p / parts, (hi + 1) * (p + 1) / parts - 1);
        });
        return;
      }
      over_updates([&](int64_t lo, int64_t end) { apply(lo, end, 0, hi); });
    };
    switch (index_type_) {
      case ElementType::kS32: run.template operator()<int32_t>(); return true;
      case ElementType::kS64: run.template operator()<int64_t>(); return true;
      case ElementType::kU32: run.template operator()<uint32_t>(); return true;
      case ElementType::kS16: run.template operator()<int16_t>(); return true;
      case ElementType::kU16: run.template operator()<uint16_t>(); return true;
      case ElementType::kS8: run.template operator()<int8_t>(); return true;
      case ElementType::kU8: run.template operator()<uint8_t>(); return true;
      default: return false;
    }
  }

  void Apply(Frame& f, int64_t xoff, int64_t uoff, std::vector<uint8_t*>& cur, std::vector<uint8_t*>& upd,
             std::vector<uint8_t*>& nxt, std::vector<const void*>& in, std::vector<void*>& out) const {
    if (kind_ == UpdateKind::kOverwrite) {
      direct_u_[0].Run(static_cast<uint8_t*>(f.Get(results_[0])) + static_cast<size_t>(xoff) * es_[0],
                       static_cast<const uint8_t*>(f.Get(updates_[0])) + static_cast<size_t>(uoff) * es_[0]);
      return;
    }
    for (size_t k = 0; k < n_; ++k) {
      gather_x_[k].Run(cur[k], static_cast<const uint8_t*>(f.Get(results_[k])) + static_cast<size_t>(xoff) * es_[k]);
      gather_u_[k].Run(upd[k], static_cast<const uint8_t*>(f.Get(updates_[k])) + static_cast<size_t>(uoff) * es_[k]);
      in[k] = cur[k];
      in[n_ + k] = upd[k];
      out[k] = nxt[k];
    }
    body_->Run(in.data(), out.data(), 0, window_);
    for (size_t k = 0; k < n_; ++k)
      scatter_x_[k].Run(static_cast<uint8_t*>(f.Get(results_[k])) + static_cast<size_t>(xoff) * es_[k], nxt[k]);
  }

  static constexpr int64_t kResolveBlock = 1024;
  static constexpr int64_t kParallelUpdates = 16384;
  static constexpr int64_t kMinSplitWindow = 8;  // elements per update window worth splitting the target for
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  size_t n_ = 0;
  bool unique_ = false;  // unique_indices: updates may be applied in any order
  std::vector<ValueId> inputs_, updates_, results_;
  ValueId indices_;
  std::vector<size_t> es_, bytes_;
  ElementType index_type_;
  size_t index_es_;
  std::unique_ptr<IndexWalk> walk_;
  std::vector<int64_t> sd2od_, xdims_, xstrides_, upd_batch_strides_, window_extent_;
  std::vector<std::pair<int64_t, int64_t>> batching_;
  int64_t window_ = 1;
  std::vector<StridedCopier> gather_x_, scatter_x_, gather_u_, direct_u_;
  UpdateKind kind_ = UpdateKind::kGeneral;
  bool empty_ = false;
  WindowLoop loop_;
  ApplyAllFn apply_all_ = nullptr;  // the typed path, when the body is recognised
  FusedScalarFn fused_scalar_ = nullptr;  // its one-pass form for one-element updates
  PrivateScalarFn private_scalar_ = nullptr;  // its chunked form over private copies of a small target
  bool swapped_ = false;             // the body's op takes (update, current)
};

}  // namespace

int64_t IndexingScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kScatter) return ScatterKernel::ScratchBytes(m, op);
  return 0;
}

StatusOr<std::unique_ptr<Kernel>> MakeIndexingKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  if (op.kind == OpKind::kGather) return std::unique_ptr<Kernel>(new GatherKernel(op, m));
  size_t n = (op.operands.size() - 1) / 2;
  std::vector<ValueId> captured;
  std::shared_ptr<EwProgram> body;
  if (MatchUpdate(*op.regions[0], n) == UpdateKind::kGeneral) {
    int64_t loop = std::max<int64_t>(1, m.type(op.operands[n + 1]).element_count());
    JAXLIB_ASSIGN_OR_RETURN(body, EwProgram::Compile(m, *op.regions[0], {loop}, &captured, /*args_are_arrays=*/true));
  }
  return std::unique_ptr<Kernel>(new ScatterKernel(op, m, std::move(body), std::move(captured)));
}

}  // namespace jaxlib::cpu
