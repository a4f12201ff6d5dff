// reduce_window and select_and_scatter. Both iterate the (small) window and, per window offset,
// process every output position at once: gather the candidate elements (init value for
// padding and dilation holes), then run the body as one elementwise program over all outputs.
#include <algorithm>
#include <cstring>

#include "backends/cpu/executor/array_copy.h"
#include "backends/cpu/executor/elementwise_program.h"
#include "backends/cpu/executor/kernel.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

// For each dim: window size, and for each (window offset, output index) the operand index or -1.
struct WindowGeometry {
  std::vector<int64_t> in_dims, out_dims, win, in_strides;
  std::vector<std::vector<int64_t>> table;  // [dim][w * out + o]
  int64_t out_count = 1, win_count = 1;

  bool Init(const std::vector<int64_t>& in, const std::vector<int64_t>& out, const std::vector<int64_t>& window,
            const std::vector<int64_t>& strides, const std::vector<int64_t>& bdil, const std::vector<int64_t>& wdil,
            const std::vector<std::pair<int64_t, int64_t>>& pad) {
    in_dims = in;
    out_dims = out;
    win = window;
    in_strides = RowMajorStrides(in);
    size_t r = in.size();
    table.assign(r, {});
    for (size_t d = 0; d < r; ++d) {
      out_count *= out[d];
      win_count *= window[d];
      table[d].resize(static_cast<size_t>(window[d] * out[d]));
      for (int64_t w = 0; w < window[d]; ++w)
        for (int64_t o = 0; o < out[d]; ++o) {
          int64_t p = o * strides[d] + w * wdil[d] - pad[d].first;
          int64_t q = -1;
          if (p >= 0 && p % bdil[d] == 0 && p / bdil[d] < in[d]) q = p / bdil[d];
          table[d][static_cast<size_t>(w * out[d] + o)] = q;
        }
    }
    return true;
  }

  // Writes, for window offset `w` (multi-index), the operand flat index of every output
  // position into `pos` (-1 where the window hits padding or a dilation hole).
  void Positions(const std::vector<int64_t>& w, int64_t* pos) const {
    size_t r = in_dims.size();
    if (r == 0) {
      pos[0] = 0;
      return;
    }
    std::vector<int64_t> o(r, 0);
    for (int64_t i = 0; i < out_count; ++i) {
      int64_t off = 0;
      for (size_t d = 0; d < r; ++d) {
        int64_t q = table[d][static_cast<size_t>(w[d] * out_dims[d] + o[d])];
        if (q < 0) {
          off = -1;
          break;
        }
        off += q * in_strides[d];
      }
      pos[i] = off;
      for (int d = static_cast<int>(r) - 1; d >= 0; --d) {
        if (++o[static_cast<size_t>(d)] < out_dims[static_cast<size_t>(d)]) break;
        o[static_cast<size_t>(d)] = 0;
      }
    }
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

class ReduceWindowKernel final : public Kernel {
 public:
  ReduceWindowKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> body, std::vector<ValueId> captured)
      : body_(std::move(body)), captured_(std::move(captured)) {
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
        for (size_t k = 0; k < n_; ++k) std::swap(acc[k], nxt[k]);
      } while (geo_.NextWindow(w));
    }
    for (size_t k = 0; k < n_; ++k) std::memcpy(f.Get(outputs_[k]), acc[k], static_cast<size_t>(M) * es_[k]);
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  size_t n_ = 0;
  std::vector<ValueId> inputs_, inits_, outputs_;
  std::vector<size_t> es_;
  WindowGeometry geo_;
};

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
};

}  // namespace

int64_t WindowScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kReduceWindow) return ReduceWindowKernel::ScratchBytes(m, op);
  return SelectAndScatterKernel::ScratchBytes(m, op);
}

StatusOr<std::unique_ptr<Kernel>> MakeWindowKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  if (op.kind == OpKind::kReduceWindow) {
    std::vector<ValueId> captured;
    int64_t loop = std::max<int64_t>(1, m.type(op.results[0]).element_count());
    JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> body,
                            EwProgram::Compile(m, *op.regions[0], {loop}, &captured, /*args_are_arrays=*/true));
    return std::unique_ptr<Kernel>(new ReduceWindowKernel(op, m, std::move(body), std::move(captured)));
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
