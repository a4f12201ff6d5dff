// convolution: operands are brought to [N, spatial..., C] and [spatial..., Cin, Cout] in the
// accumulation type; each group of output positions becomes an im2col block multiplied by the
// kernel through Gemm. Handles strides, padding, both dilations, reversal and both group counts.
// f32 convolutions (ungrouped, or with feature groups of 8 or more output features) go to the
// direct kernel of direct_convolution.h instead when it takes them (AVX-512 or AVX2 + FMA CPUs),
// and the 3x3 stride-1 ones among them to the Winograd kernel of winograd_convolution.h, with
// the direct kernel recomputing any whose outputs come out inf or NaN; the im2col path stays
// the one for everything else.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <optional>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/linalg/direct_convolution.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/linalg/gemm.h"
#include "backends/cpu/executor/linalg/winograd_convolution.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::Type;
using compiler::ValueId;

ElementType DotAccumulationType(ElementType result);

namespace {

constexpr int64_t kRowsPerBlock = 512;  // im2col rows per GEMM: big enough for BLAS, L2-sized

struct ConvGeometry {
  int64_t N = 1, C = 1, Cin_g = 1, Cout = 1, G = 1, BG = 1, FG = 1;
  std::vector<int64_t> in_sp, k_sp, out_sp, stride, ldil, rdil;
  std::vector<std::pair<int64_t, int64_t>> pad;
  std::vector<bool> reverse;
  int64_t out_positions = 1, kernel_positions = 1;
  // Transposes of the operands into canonical order.
  std::vector<int64_t> lhs_order, rhs_order, out_order;
};

ConvGeometry Analyse(const Op& op, const Type& x, const Type& w, const Type& r) {
  ConvGeometry g;
  auto isp = op.IntListAttr("input_spatial_dimensions"), ksp = op.IntListAttr("kernel_spatial_dimensions"),
       osp = op.IntListAttr("output_spatial_dimensions");
  int64_t ib = op.IntAttr("input_batch_dimension", 0), ifd = op.IntAttr("input_feature_dimension", 1),
          kif = op.IntAttr("kernel_input_feature_dimension", 0), kof = op.IntAttr("kernel_output_feature_dimension", 1),
          ob = op.IntAttr("output_batch_dimension", 0), ofd = op.IntAttr("output_feature_dimension", 1);
  size_t ns = isp.size();
  g.lhs_order.push_back(ib);
  for (int64_t d : isp) g.lhs_order.push_back(d);
  g.lhs_order.push_back(ifd);
  for (int64_t d : ksp) g.rhs_order.push_back(d);
  g.rhs_order.push_back(kif);
  g.rhs_order.push_back(kof);
  g.out_order.push_back(ob);
  for (int64_t d : osp) g.out_order.push_back(d);
  g.out_order.push_back(ofd);
  g.N = x.dims[static_cast<size_t>(ib)];
  g.C = x.dims[static_cast<size_t>(ifd)];
  g.Cin_g = w.dims[static_cast<size_t>(kif)];
  g.Cout = w.dims[static_cast<size_t>(kof)];
  g.FG = op.IntAttr("feature_group_count", 1);
  g.BG = op.IntAttr("batch_group_count", 1);
  g.G = g.FG * g.BG;
  for (size_t k = 0; k < ns; ++k) {
    g.in_sp.push_back(x.dims[static_cast<size_t>(isp[k])]);
    g.k_sp.push_back(w.dims[static_cast<size_t>(ksp[k])]);
    g.out_sp.push_back(r.dims[static_cast<size_t>(osp[k])]);
    g.out_positions *= g.out_sp.back();
    g.kernel_positions *= g.k_sp.back();
  }
  g.stride = op.IntListAttr("window_strides");
  g.ldil = op.IntListAttr("lhs_dilation");
  g.rdil = op.IntListAttr("rhs_dilation");
  if (g.stride.empty()) g.stride.assign(ns, 1);
  if (g.ldil.empty()) g.ldil.assign(ns, 1);
  if (g.rdil.empty()) g.rdil.assign(ns, 1);
  compiler::ReadPadding(op, "padding", ns, &g.pad);
  std::vector<int64_t> rev = op.IntListAttr("window_reversal");
  g.reverse.assign(ns, false);
  for (size_t k = 0; k < rev.size() && k < ns; ++k) g.reverse[k] = rev[k] != 0;
  return g;
}

std::vector<int64_t> Permuted(const std::vector<int64_t>& v, const std::vector<int64_t>& order) {
  std::vector<int64_t> out;
  for (int64_t d : order) out.push_back(v[static_cast<size_t>(d)]);
  return out;
}

// True when `order` visits the non-unit dims of `dims` in memory order (no copy needed).
bool IsIdentityOrder(const std::vector<int64_t>& dims, const std::vector<int64_t>& order) {
  int64_t prev = -1;
  for (int64_t d : order) {
    if (dims[static_cast<size_t>(d)] == 1) continue;
    if (d < prev) return false;
    prev = d;
  }
  return true;
}

// One im2col block per pool thread, so blocks run in parallel.
int64_t ColumnBlocks() { return ThreadPool::Global().num_threads(); }

// Output features per feature group below which a grouped convolution stays off the direct
// kernel (whose blocks of output features would be mostly empty lanes): depthwise and other
// narrow groups are the small-group loop's.
constexpr int64_t kMinDirectGroupOutputs = 8;

// The direct kernel's plans when it takes this convolution: sums in f32 (f32 operands, or bf16
// and f16 ones converted to f32 first, the result rounded once at the end), one batch group,
// feature groups of at least kMinDirectGroupOutputs output features; and the Winograd plan when
// that takes it too. Decided identically for the scratch size and the kernel.
struct DirectPlans {
  std::optional<DirectConvF32> direct;
  std::optional<WinogradConvF32> winograd;
  int64_t ScratchBytes() const {
    return std::max(direct->ScratchBytes(), winograd ? winograd->ScratchBytes() : int64_t{0});
  }
};

std::optional<DirectPlans> PlanDirect(const ConvGeometry& g, const Type& x, const Type& w, const Type& r) {
  const auto f32_or_half = [](ElementType t) {
    return t == ElementType::kF32 || t == ElementType::kBF16 || t == ElementType::kF16;
  };
  if (!f32_or_half(x.element) || !f32_or_half(w.element) || !f32_or_half(r.element) ||
      DotAccumulationType(r.element) != ElementType::kF32 || g.BG != 1 ||
      (g.FG > 1 && g.Cout / g.FG < kMinDirectGroupOutputs))
    return std::nullopt;
  DirectConvShape s;
  s.batch = g.N;
  s.in_features = g.C;
  s.out_features = g.Cout;
  s.feature_groups = g.FG;
  s.in_spatial = g.in_sp;
  s.kernel_spatial = g.k_sp;
  s.out_spatial = g.out_sp;
  s.stride = g.stride;
  s.lhs_dilation = g.ldil;
  s.rhs_dilation = g.rdil;
  for (const auto& pad : g.pad) s.pad_low.push_back(pad.first);
  s.reversed = g.reverse;
  DirectPlans plans;
  plans.direct = DirectConvF32::Plan(s);
  if (!plans.direct) return std::nullopt;
  plans.winograd = WinogradConvF32::Plan(s);
  return plans;
}

class ConvolutionKernel final : public Kernel {
 public:
  ConvolutionKernel(const Op& op, const compiler::Module& m, ConvGeometry g, ElementType acc, EwFn lhs_cvt, EwFn rhs_cvt,
                    EwFn out_cvt, const BlasGemm* blas, std::optional<DirectPlans> direct)
      : lhs_(op.operands[0]), rhs_(op.operands[1]), out_(op.results[0]), g_(std::move(g)), acc_(acc),
        lhs_cvt_(lhs_cvt), rhs_cvt_(rhs_cvt), out_cvt_(out_cvt), blas_(blas), direct_(std::move(direct)) {
    x_ = m.type(op.operands[0]);
    w_ = m.type(op.operands[1]);
    r_ = m.type(op.results[0]);
    lhs_identity_ = IsIdentityOrder(x_.dims, g_.lhs_order);
    rhs_identity_ = IsIdentityOrder(w_.dims, g_.rhs_order);
    out_identity_ = IsIdentityOrder(r_.dims, g_.out_order) && !out_cvt_;
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    const Type& x = m.type(op.operands[0]);
    const Type& w = m.type(op.operands[1]);
    const Type& r = m.type(op.results[0]);
    int64_t aes = static_cast<int64_t>(ElementTypeByteSize(DotAccumulationType(r.element)));
    ConvGeometry g = Analyse(op, x, w, r);
    int64_t patch = g.kernel_positions * g.Cin_g;
    int64_t bytes = compiler::AlignUp(x.byte_size()) + compiler::AlignUp(x.element_count() * aes) +
                    compiler::AlignUp(w.byte_size()) + compiler::AlignUp(w.element_count() * aes) +
                    compiler::AlignUp(r.element_count() * aes) + compiler::AlignUp(r.byte_size());
    if (std::optional<DirectPlans> direct = PlanDirect(g, x, w, r))
      return bytes + compiler::AlignUp(direct->ScratchBytes());
    return bytes + ColumnBlocks() * compiler::AlignUp(kRowsPerBlock * patch * aes);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t aes = ElementTypeByteSize(acc_);
    uint8_t* p = scratch;
    auto take = [&](int64_t bytes) {
      uint8_t* q = p;
      p += compiler::AlignUp(bytes);
      return q;
    };
    // Canonical lhs [N, sp..., C] and rhs [sp..., Cin_g, Cout] in the accumulation type.
    // Operands already in canonical order are read in place (converted when needed).
    auto canon = [&](const void* src, const Type& t, const std::vector<int64_t>& order, EwFn cvt,
                     bool identity) -> const uint8_t* {
      uint8_t* buf = take(t.byte_size());
      uint8_t* a = take(t.element_count() * static_cast<int64_t>(aes));
      if (identity) {
        if (!cvt) return static_cast<const uint8_t*>(src);
        ConvertArray(cvt, src, a, t.element_count());
        return a;
      }
      std::vector<int64_t> dims = Permuted(t.dims, order);
      std::vector<int64_t> s = Permuted(RowMajorStrides(t.dims), order);
      CopyStrided(cvt ? buf : a, RowMajorStrides(dims), src, s, dims, ElementTypeByteSize(t.element));
      if (cvt) ConvertArray(cvt, buf, a, t.element_count());
      return a;
    };
    const uint8_t* lhs = canon(f.Get(lhs_), x_, g_.lhs_order, lhs_cvt_, lhs_identity_);
    const uint8_t* rhs = canon(f.Get(rhs_), w_, g_.rhs_order, rhs_cvt_, rhs_identity_);
    const int64_t out_batch = g_.N / g_.BG;
    const int64_t Cout_g = g_.Cout / g_.G;
    uint8_t* out = take(out_batch * g_.out_positions * g_.Cout * static_cast<int64_t>(aes));
    uint8_t* out_final = take(r_.byte_size());
    if (out_identity_) out = static_cast<uint8_t*>(f.Get(out_));
    if (direct_) {
      const float* xf = reinterpret_cast<const float*>(lhs);
      const float* wf = reinterpret_cast<const float*>(rhs);
      float* yf = reinterpret_cast<float*>(out);
      uint8_t* kernel_scratch = take(direct_->ScratchBytes());
      if (!direct_->winograd || !direct_->winograd->Run(xf, wf, yf, kernel_scratch))
        direct_->direct->Run(xf, wf, yf, kernel_scratch);
      return FinishOutput(f, out, out_final);
    }
    const int64_t patch = g_.kernel_positions * g_.Cin_g;
    const int64_t cols_stride = compiler::AlignUp(kRowsPerBlock * patch * static_cast<int64_t>(aes));
    uint8_t* cols_base = take(ColumnBlocks() * cols_stride);
    const size_t ns = g_.in_sp.size();
    std::vector<int64_t> in_strides(ns);  // canonical lhs strides of spatial dims (elements)
    {
      int64_t s = g_.C;
      for (int k = static_cast<int>(ns) - 1; k >= 0; --k) {
        in_strides[static_cast<size_t>(k)] = s;
        s *= g_.in_sp[static_cast<size_t>(k)];
      }
    }
    const int64_t in_image = g_.C * [&] {
      int64_t n = 1;
      for (int64_t d : g_.in_sp) n *= d;
      return n;
    }();
    const int64_t total_rows = out_batch * g_.out_positions;
    if (acc_ == ElementType::kF32 && g_.FG > 1 && g_.BG == 1 && g_.Cin_g * Cout_g <= kSmallGroup) {
      SmallGroupF32(reinterpret_cast<const float*>(lhs), reinterpret_cast<const float*>(rhs),
                    reinterpret_cast<float*>(out), in_strides, in_image, total_rows);
      return FinishOutput(f, out, out_final);
    }
    const int64_t num_blocks = (total_rows + kRowsPerBlock - 1) / kRowsPerBlock;
    std::atomic<bool> ok{true};
    // Task t of the pool owns cols block t; blocks of rows are spread over the tasks.
    auto run_blocks = [&](int64_t task, int64_t blk0, int64_t blk1) {
      uint8_t* cols = cols_base + static_cast<size_t>(task * cols_stride);
      std::vector<int64_t> opos(ns), kpos(ns);
      for (int64_t grp = 0; grp < g_.G; ++grp) {
        const int64_t c0 = g_.FG > 1 ? grp * g_.Cin_g : 0;       // first input channel of the group
        const int64_t b0 = g_.BG > 1 ? grp * out_batch : 0;       // first input batch of the group
        const int64_t o0 = grp * Cout_g;                          // first output feature
        for (int64_t blk = blk0; blk < blk1; ++blk) {
          const int64_t row0 = blk * kRowsPerBlock;
          int64_t rows = std::min(kRowsPerBlock, total_rows - row0);
          for (int64_t r = 0; r < rows; ++r) {
            int64_t row = row0 + r;
            int64_t b = row / g_.out_positions;
            int64_t rem = row % g_.out_positions;
            for (int k = static_cast<int>(ns) - 1; k >= 0; --k) {
              opos[static_cast<size_t>(k)] = rem % g_.out_sp[static_cast<size_t>(k)];
              rem /= g_.out_sp[static_cast<size_t>(k)];
            }
            const uint8_t* image = lhs + static_cast<size_t>((b0 + b) * in_image) * aes;
            uint8_t* dst_row = cols + static_cast<size_t>(r * patch) * aes;
            for (int64_t kp = 0; kp < g_.kernel_positions; ++kp) {
              int64_t krem = kp;
              for (int k = static_cast<int>(ns) - 1; k >= 0; --k) {
                kpos[static_cast<size_t>(k)] = krem % g_.k_sp[static_cast<size_t>(k)];
                krem /= g_.k_sp[static_cast<size_t>(k)];
              }
              int64_t off = 0;
              bool valid = true;
              for (size_t k = 0; k < ns && valid; ++k) {
                int64_t kk = g_.reverse[k] ? g_.k_sp[k] - 1 - kpos[k] : kpos[k];
                int64_t pd = opos[k] * g_.stride[k] + kk * g_.rdil[k] - g_.pad[k].first;
                if (pd < 0 || pd % g_.ldil[k] != 0) {
                  valid = false;
                  break;
                }
                int64_t q = pd / g_.ldil[k];
                if (q >= g_.in_sp[k]) valid = false;
                off += q * in_strides[k];
              }
              // Taps in the padding contribute zeros (only those are cleared: most taps are valid).
              if (!valid) {
                std::memset(dst_row + static_cast<size_t>(kp * g_.Cin_g) * aes, 0, static_cast<size_t>(g_.Cin_g) * aes);
                continue;
              }
              std::memcpy(dst_row + static_cast<size_t>(kp * g_.Cin_g) * aes, image + static_cast<size_t>(off + c0) * aes,
                          static_cast<size_t>(g_.Cin_g) * aes);
            }
          }
          // out[row, o0:o0+Cout_g] = cols[rows, patch] x W[patch, o0:o0+Cout_g]
          uint8_t* c = out + static_cast<size_t>(row0 * g_.Cout + o0) * aes;
          if (!Gemm(blas_, acc_, rows, Cout_g, patch, GemmOperand{cols, patch, false},
                    GemmOperand{rhs + static_cast<size_t>(o0) * aes, g_.Cout, false}, c, g_.Cout, false))
            ok.store(false);
        }
      }
    };
    const int64_t tasks = std::min<int64_t>(ColumnBlocks(), num_blocks);
    if (tasks > 1 && total_rows * patch * Cout_g * g_.G >= (int64_t{1} << 21)) {
      struct BlockJob {
        decltype(run_blocks)* fn;
        int64_t n, parts;
      } job{&run_blocks, num_blocks, tasks};
      ThreadPool::Global().Run(
          tasks,
          [](void* p, int64_t t) {
            auto& j = *static_cast<BlockJob*>(p);
            (*j.fn)(t, j.n * t / j.parts, j.n * (t + 1) / j.parts);
          },
          &job);
    } else {
      run_blocks(0, 0, num_blocks);
    }
    if (!ok) return Unimplemented("convolution accumulation type " + std::string(ElementTypeMlirName(acc_)));
    return FinishOutput(f, out, out_final);
  }

 private:
  // Grouped convolutions whose groups are narrow (depthwise: one input and one output channel
  // per group) as GEMMs would be a sliver per group; instead each output position accumulates
  // every group at once, tap by tap, over contiguous channels. Per output element the sum runs
  // over (tap, input channel of the group) in the im2col order.
  static constexpr int64_t kSmallGroup = 16;

  void SmallGroupF32(const float* lhs, const float* rhs, float* out, const std::vector<int64_t>& in_strides,
                     int64_t in_image, int64_t total_rows) const {
    const size_t ns = g_.in_sp.size();
    const int64_t Cout = g_.Cout, Cin_g = g_.Cin_g, Cout_g = Cout / g_.G, G = g_.G;
    const std::vector<float> zeros(static_cast<size_t>(g_.C), 0.0f);
    ParallelFor(total_rows, std::max<int64_t>(1, 4096 / std::max<int64_t>(1, Cout * g_.kernel_positions)),
                [&](int64_t r0, int64_t r1) {
      std::vector<int64_t> opos(ns), kpos(ns);
      for (int64_t row = r0; row < r1; ++row) {
        const int64_t b = row / g_.out_positions;
        int64_t rem = row % g_.out_positions;
        for (int k = static_cast<int>(ns) - 1; k >= 0; --k) {
          opos[static_cast<size_t>(k)] = rem % g_.out_sp[static_cast<size_t>(k)];
          rem /= g_.out_sp[static_cast<size_t>(k)];
        }
        const float* image = lhs + b * in_image;
        float* o = out + row * Cout;
        std::fill(o, o + Cout, 0.0f);
        for (int64_t kp = 0; kp < g_.kernel_positions; ++kp) {
          int64_t krem = kp;
          for (int k = static_cast<int>(ns) - 1; k >= 0; --k) {
            kpos[static_cast<size_t>(k)] = krem % g_.k_sp[static_cast<size_t>(k)];
            krem /= g_.k_sp[static_cast<size_t>(k)];
          }
          int64_t off = 0;
          bool valid = true;
          for (size_t k = 0; k < ns && valid; ++k) {
            int64_t kk = g_.reverse[k] ? g_.k_sp[k] - 1 - kpos[k] : kpos[k];
            int64_t pd = opos[k] * g_.stride[k] + kk * g_.rdil[k] - g_.pad[k].first;
            if (pd < 0 || pd % g_.ldil[k] != 0 || pd / g_.ldil[k] >= g_.in_sp[k]) {
              valid = false;
              break;
            }
            off += (pd / g_.ldil[k]) * in_strides[k];
          }
          // A tap in the padding reads zeros (0 * w still matters for non-finite weights).
          const float* x = valid ? image + off : zeros.data();  // all C channels of this tap
          const float* w = rhs + kp * Cin_g * Cout;  // [Cin_g, Cout] of this tap
          if (Cin_g == 1 && Cout_g == 1) {
            for (int64_t c = 0; c < Cout; ++c) o[c] += x[c] * w[c];
            continue;
          }
          for (int64_t ci = 0; ci < Cin_g; ++ci) {
            const float* wr = w + ci * Cout;
            for (int64_t gi = 0; gi < G; ++gi) {
              const float xv = x[gi * Cin_g + ci];
              float* og = o + gi * Cout_g;
              const float* wg = wr + gi * Cout_g;
              for (int64_t co = 0; co < Cout_g; ++co) og[co] += xv * wg[co];
            }
          }
        }
      }
    });
  }

  // Brings the canonical result `out` to the declared output layout and type (`out_final` is
  // room for the conversion); nothing to do when `out` already is the output buffer.
  Status FinishOutput(Frame& f, const uint8_t* out, uint8_t* out_final) const {
    const int64_t out_batch = g_.N / g_.BG;
    std::vector<int64_t> cdims = {out_batch};
    for (int64_t d : g_.out_sp) cdims.push_back(d);
    cdims.push_back(g_.Cout);
    if (out_identity_) return Status::Ok();
    const void* canon_out = out;
    if (out_cvt_) {
      ConvertArray(out_cvt_, out, out_final, r_.element_count());
      canon_out = out_final;
    }
    std::vector<int64_t> rs = RowMajorStrides(r_.dims);
    CopyStrided(f.Get(out_), Permuted(rs, g_.out_order), canon_out, RowMajorStrides(cdims), cdims,
                ElementTypeByteSize(r_.element));
    return Status::Ok();
  }

  ValueId lhs_, rhs_, out_;
  ConvGeometry g_;
  ElementType acc_;
  EwFn lhs_cvt_, rhs_cvt_, out_cvt_;
  const BlasGemm* blas_;
  Type x_, w_, r_;
  bool lhs_identity_ = false, rhs_identity_ = false, out_identity_ = false;
  std::optional<DirectPlans> direct_;  // set when the direct (or Winograd) kernel takes this convolution
};

}  // namespace

int64_t ConvolutionScratchBytes(const compiler::Module& m, const Op& op) { return ConvolutionKernel::ScratchBytes(m, op); }

StatusOr<std::unique_ptr<Kernel>> MakeConvolutionKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const Type& x = m.type(op.operands[0]);
  const Type& w = m.type(op.operands[1]);
  const Type& r = m.type(op.results[0]);
  ElementType acc = DotAccumulationType(r.element);
  EwFn lc = x.element == acc ? nullptr : GetConvertKernel(x.element, acc);
  EwFn rc = w.element == acc ? nullptr : GetConvertKernel(w.element, acc);
  EwFn oc = r.element == acc ? nullptr : GetConvertKernel(acc, r.element);
  if ((x.element != acc && !lc) || (w.element != acc && !rc) || (r.element != acc && !oc))
    return Unimplemented("convolution of " + x.ToString() + " and " + w.ToString());
  if (op.IntAttr("feature_group_count", 1) > 1 && op.IntAttr("batch_group_count", 1) > 1)
    return Unimplemented("convolution with both feature and batch groups");
  ConvGeometry g = Analyse(op, x, w, r);
  std::optional<DirectPlans> direct = PlanDirect(g, x, w, r);
  // Only the im2col path multiplies through BLAS: a direct convolution does not load the library.
  const BlasGemm* blas = direct ? nullptr : ResolveBlasGemm(b.config().lapack_library);
  return std::unique_ptr<Kernel>(
      new ConvolutionKernel(op, m, std::move(g), acc, lc, rc, oc, blas, std::move(direct)));
}

}  // namespace jaxlib::cpu
