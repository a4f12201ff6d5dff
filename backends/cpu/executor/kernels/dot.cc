// dot_general: operands are packed (transposed and converted) to [B, M, K] x [B, K, N] in the
// accumulation type, multiplied by Gemm per batch, and converted to the result type. bf16 x bf16
// dots instead keep their operands in bf16 and multiply on the AMX tile unit where it runs.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/linalg/amx_gemm.h"
#include "backends/cpu/executor/linalg/gemm.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/parallel/thread_pool.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

ElementType DotAccumulationType(ElementType result) {
  switch (result) {
    case ElementType::kF16:
    case ElementType::kBF16: return ElementType::kF32;
    case ElementType::kPred:
    case ElementType::kS8:
    case ElementType::kS16:
    case ElementType::kS32: return ElementType::kS32;
    case ElementType::kU8:
    case ElementType::kU16:
    case ElementType::kU32: return ElementType::kU32;
    default: return result;
  }
}

namespace {

// Packing of one operand into [B, rows, cols] of the accumulation type.
struct Packing {
  std::vector<int64_t> dims;         // original dims in packed order
  std::vector<int64_t> src_strides;  // original strides in packed order
  bool identity = false;             // already in packed order (or in its transpose)
  bool transposed = false;           // the two inner dims are swapped in memory: a BLAS flag, no copy
  // Used in place through strides (no copy) though not in packed order: each batch's matrix is
  // a BLAS operand with leading dimension `ld` at an offset given by the batch dims' strides
  // (e.g. attention's [batch, seq, heads, dim] operands batched over batch and heads).
  bool strided = false;
  int64_t ld = 0;
  std::vector<int64_t> batch_dims, batch_strides;  // non-unit batch dims, innermost last
  ElementType from = ElementType::kInvalid;
  EwFn convert = nullptr;            // null when no conversion is needed
  int64_t count = 0;
};

// Merges dims [begin, end) of `p` (packed order) into one run of `*dim` elements `*stride`
// apart; false when their strides do not nest. Unit dims do not matter.
bool CollapseRun(const Packing& p, size_t begin, size_t end, int64_t* dim, int64_t* stride) {
  int64_t d = 1, st = 1;
  bool any = false;
  for (size_t k = end; k-- > begin;) {
    if (p.dims[k] == 1) continue;
    if (!any) {
      d = p.dims[k];
      st = p.src_strides[k];
      any = true;
    } else if (p.src_strides[k] == st * d) {
      d *= p.dims[k];
    } else {
      return false;
    }
  }
  *dim = d;
  *stride = st;
  return true;
}

// Sets p.strided when every batch's [rows, cols] matrix is a BLAS operand in place: one of its
// two strides is 1 and the other (the leading dimension) spans at least a row.
void MakeStrided(Packing& p, size_t num_batch, size_t num_rows) {
  int64_t R = 1, rs = 1, C = 1, cs = 1;
  if (!CollapseRun(p, num_batch, num_batch + num_rows, &R, &rs) ||
      !CollapseRun(p, num_batch + num_rows, p.dims.size(), &C, &cs))
    return;
  if ((C == 1 || cs == 1) && (R == 1 || rs >= C)) {
    p.transposed = false;
    p.ld = R == 1 ? std::max<int64_t>(C, 1) : rs;
  } else if ((R == 1 || rs == 1) && (C == 1 || cs >= R)) {
    p.transposed = true;
    p.ld = C == 1 ? std::max<int64_t>(R, 1) : cs;
  } else {
    return;
  }
  for (size_t k = 0; k < num_batch; ++k) {
    if (p.dims[k] == 1) continue;
    p.batch_dims.push_back(p.dims[k]);
    p.batch_strides.push_back(p.src_strides[k]);
  }
  p.strided = true;
}

// Element offset of batch `bi` (row-major over the batch dims) of a strided operand.
int64_t BatchOffset(const Packing& p, int64_t bi) {
  int64_t off = 0;
  for (size_t k = p.batch_dims.size(); k-- > 0;) {
    off += (bi % p.batch_dims[k]) * p.batch_strides[k];
    bi /= p.batch_dims[k];
  }
  return off;
}

// `order` lists the operand's dims as [batch..., rows..., cols...]; `num_rows` dims are rows.
// When the data is not in that order but in [batch..., cols..., rows...], the operand is used
// transposed in place instead of being copied.
Packing MakePacking(const Type& t, const std::vector<int64_t>& order, ElementType acc, size_t num_batch = 0,
                    size_t num_rows = 0) {
  Packing p;
  std::vector<int64_t> s = RowMajorStrides(t.dims);
  p.identity = true;
  for (size_t k = 0; k < order.size(); ++k) {
    p.dims.push_back(t.dims[static_cast<size_t>(order[k])]);
    p.src_strides.push_back(s[static_cast<size_t>(order[k])]);
    if (order[k] != static_cast<int64_t>(k) && t.dims[static_cast<size_t>(order[k])] != 1) p.identity = false;
  }
  // A permutation that only moves unit dims is still the identity layout; check strides.
  std::vector<int64_t> rm = RowMajorStrides(p.dims);
  p.identity = true;
  for (size_t k = 0; k < p.dims.size(); ++k)
    if (p.dims[k] != 1 && rm[k] != p.src_strides[k]) p.identity = false;
  if (!p.identity && num_rows > 0 && num_batch + num_rows < order.size()) {
    std::vector<int64_t> swapped(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(num_batch));
    swapped.insert(swapped.end(), order.begin() + static_cast<std::ptrdiff_t>(num_batch + num_rows), order.end());
    swapped.insert(swapped.end(), order.begin() + static_cast<std::ptrdiff_t>(num_batch),
                   order.begin() + static_cast<std::ptrdiff_t>(num_batch + num_rows));
    Packing q = MakePacking(t, swapped, acc);
    if (q.identity) {
      p.identity = true;
      p.transposed = true;
    }
  }
  p.from = t.element;
  if (t.element != acc) p.convert = SelectConvertArrayKernel(t.element, acc);
  p.count = t.element_count();
  if (!p.identity && !p.convert && num_rows > 0) MakeStrided(p, num_batch, num_rows);
  return p;
}

// Many products of at most this many multiply-adds each (rotations of points, 4x4 transforms,
// small matrix-vector products vmapped over a batch) run on the built-in GEMM inline: a BLAS
// call per batch costs several times the product.
constexpr int64_t kMaxBuiltinMacs = 128;
constexpr int64_t kMinBuiltinBatches = 256;  // fewer: the calls cost little in all

class DotKernel final : public Kernel {
 public:
  // `amx`: the operands stay bf16 or 8-bit integers (`pl`, `pr` pack to `operand`) and AmxGemm
  // multiplies them.
  DotKernel(ValueId lhs, ValueId rhs, ValueId out, Packing pl, Packing pr, int64_t B, int64_t M, int64_t N,
            int64_t K, ElementType acc, ElementType result, EwFn to_result, const BlasGemm* blas,
            std::optional<AmxProduct> amx, ElementType lhs_operand, ElementType rhs_operand)
      : lhs_(lhs), rhs_(rhs), out_(out), pl_(std::move(pl)), pr_(std::move(pr)), B_(B), M_(M), N_(N), K_(K),
        acc_(acc), result_(result), to_result_(to_result), blas_(blas), amx_(amx), lhs_operand_(lhs_operand),
        rhs_operand_(rhs_operand) {}

  static int64_t PackBytes(const Packing& p, ElementType acc) {
    int64_t b = 0;
    if (!p.identity && !p.strided) b += compiler::AlignUp(p.count * static_cast<int64_t>(ElementTypeByteSize(p.from)));
    if (p.convert) b += compiler::AlignUp(p.count * static_cast<int64_t>(ElementTypeByteSize(acc)));
    return b;
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    uint8_t* p = scratch;
    const void* a = Pack(pl_, f.Get(lhs_), &p);
    const void* b = Pack(pr_, f.Get(rhs_), &p);
    void* c = f.Get(out_);
    if (to_result_) {
      c = p;
      p += compiler::AlignUp(B_ * M_ * N_ * static_cast<int64_t>(ElementTypeByteSize(acc_)));
    }
    if (amx_) {
      const Operands ops{this, a, b};
      // Each run of sums is rounded to the result type as soon as it is final, while cached.
      const Rounding round{to_result_, static_cast<const uint8_t*>(c), static_cast<uint8_t*>(f.Get(out_)),
                           ElementTypeByteSize(result_)};
      AmxGemm(*amx_, B_, M_, N_, K_, &Operands::Get, &ops, c, p, to_result_ ? &Rounding::Done : nullptr, &round);
      return Status::Ok();
    }
    size_t aes = ElementTypeByteSize(acc_);
    std::atomic<bool> ok{true};
    const bool tiny = M_ * N_ * K_ <= kMaxBuiltinMacs && B_ >= kMinBuiltinBatches &&
                      (acc_ == ElementType::kF32 || acc_ == ElementType::kF64);
    auto batch = [&](int64_t bi) {
      auto* cb = static_cast<uint8_t*>(c) + static_cast<size_t>(bi * M_ * N_) * aes;
      if (tiny)
        GemmBuiltinBatched(acc_, 1, M_, N_, K_, Lhs(a, bi), 0, Rhs(b, bi), 0, cb, 0);
      else if (!Gemm(blas_, acc_, M_, N_, K_, Lhs(a, bi), Rhs(b, bi), cb, N_, false))
        ok.store(false);
    };
    // Several products: whole batch slices per thread (each Gemm then runs inline, unsplit, which
    // keeps every product at full single-core efficiency); a lone product splits itself.
    const int64_t threads = ThreadPool::Global().num_threads();
    if (tiny && LinearBatches(pl_) && LinearBatches(pr_)) {
      // Every batch a fixed step after the last: whole ranges of batches per call.
      const int64_t a_step = BatchStep(pl_, M_ * K_), b_step = BatchStep(pr_, K_ * N_);
      ParallelFor(B_, 1024, [&](int64_t b0, int64_t b1) {
        GemmBuiltinBatched(acc_, b1 - b0, M_, N_, K_, Lhs(a, b0), a_step, Rhs(b, b0), b_step,
                           static_cast<uint8_t*>(c) + static_cast<size_t>(b0 * M_ * N_) * aes, M_ * N_);
      });
    } else if (B_ > 1 && (B_ >= 2 * threads || M_ * N_ * K_ < (int64_t{1} << 21)) && B_ * M_ * N_ * K_ >= (int64_t{1} << 18)) {
      ParallelFor(B_, 1, [&](int64_t b0, int64_t b1) {
        for (int64_t bi = b0; bi < b1; ++bi) batch(bi);
      });
    } else {
      for (int64_t bi = 0; bi < B_; ++bi) batch(bi);
    }
    if (!ok) return Unimplemented("dot_general accumulation type " + std::string(ElementTypeMlirName(acc_)));
    if (to_result_) ConvertArray(to_result_, c, f.Get(out_), B_ * M_ * N_);
    return Status::Ok();
  }

 private:
  // Batch `bi` of the packed (or in-place) operands as GEMM operands.
  GemmOperand Lhs(const void* a, int64_t bi) const {
    return {static_cast<const uint8_t*>(a) + static_cast<size_t>(pl_.strided ? BatchOffset(pl_, bi) : bi * M_ * K_) *
                                                 ElementTypeByteSize(lhs_operand_),
            pl_.strided ? pl_.ld : pl_.transposed ? M_ : K_, pl_.transposed};
  }
  GemmOperand Rhs(const void* b, int64_t bi) const {
    return {static_cast<const uint8_t*>(b) + static_cast<size_t>(pr_.strided ? BatchOffset(pr_, bi) : bi * K_ * N_) *
                                                 ElementTypeByteSize(rhs_operand_),
            pr_.strided ? pr_.ld : pr_.transposed ? K_ : N_, pr_.transposed};
  }
  // Whether batch bi + 1 of an operand starts a fixed step after batch bi (packed, or strided
  // over at most one batch dim), and that step in elements (`packed`: a packed batch's).
  static bool LinearBatches(const Packing& p) { return !p.strided || p.batch_dims.size() <= 1; }
  static int64_t BatchStep(const Packing& p, int64_t packed) {
    if (!p.strided) return packed;
    return p.batch_strides.empty() ? 0 : p.batch_strides[0];
  }

  // Converts a final run of the 4-byte sums (f32 or 32-bit integers) to the result type.
  struct Rounding {
    EwFn convert;
    const uint8_t* from;
    uint8_t* to;
    size_t result_bytes;
    static void Done(const void* ctx, int64_t offset, int64_t n) {
      const auto& r = *static_cast<const Rounding*>(ctx);
      ConvertArray(r.convert, r.from + offset * 4, r.to + static_cast<size_t>(offset) * r.result_bytes, n);
    }
  };

  // What AmxGemm asks for each batch.
  struct Operands {
    const DotKernel* k;
    const void *a, *b;
    static void Get(const void* ctx, int64_t bi, GemmOperand* ga, GemmOperand* gb) {
      const auto& o = *static_cast<const Operands*>(ctx);
      *ga = o.k->Lhs(o.a, bi);
      *gb = o.k->Rhs(o.b, bi);
    }
  };

  const void* Pack(const Packing& pk, const void* src, uint8_t** p) const {
    const void* cur = src;
    if (!pk.identity && !pk.strided) {
      CopyStrided(*p, RowMajorStrides(pk.dims), src, pk.src_strides, pk.dims, ElementTypeByteSize(pk.from));
      cur = *p;
      *p += compiler::AlignUp(pk.count * static_cast<int64_t>(ElementTypeByteSize(pk.from)));
    }
    if (pk.convert) {
      ConvertArray(pk.convert, cur, *p, pk.count);
      cur = *p;
      *p += compiler::AlignUp(pk.count * static_cast<int64_t>(ElementTypeByteSize(acc_)));
    }
    return cur;
  }

  ValueId lhs_, rhs_, out_;
  Packing pl_, pr_;
  int64_t B_, M_, N_, K_;
  ElementType acc_, result_;
  EwFn to_result_;
  const BlasGemm* blas_;
  std::optional<AmxProduct> amx_;
  ElementType lhs_operand_, rhs_operand_;  // element types of the packed operands
};

struct DotShape {
  std::vector<int64_t> lhs_order, rhs_order;  // [batch, free, contracting] and [batch, contracting, free]
  size_t num_batch = 0, lhs_free = 0, rhs_contracting = 0;
  int64_t B = 1, M = 1, N = 1, K = 1;
};

DotShape Analyse(const Op& op, const Type& a, const Type& b) {
  std::vector<int64_t> lb = op.IntListAttr("lhs_batching_dimensions"), rb = op.IntListAttr("rhs_batching_dimensions"),
                       lc = op.IntListAttr("lhs_contracting_dimensions"), rc = op.IntListAttr("rhs_contracting_dimensions");
  if (op.kind == OpKind::kDot) {
    lb.clear();
    rb.clear();
    lc = {a.rank() - 1};
    rc = {0};
  }
  DotShape s;
  auto contains = [](const std::vector<int64_t>& v, int64_t x) {
    for (int64_t e : v)
      if (e == x) return true;
    return false;
  };
  std::vector<int64_t> lf, rf;
  for (int k = 0; k < a.rank(); ++k)
    if (!contains(lb, k) && !contains(lc, k)) lf.push_back(k);
  for (int k = 0; k < b.rank(); ++k)
    if (!contains(rb, k) && !contains(rc, k)) rf.push_back(k);
  for (int64_t d : lb) s.B *= a.dims[static_cast<size_t>(d)];
  for (int64_t d : lf) s.M *= a.dims[static_cast<size_t>(d)];
  for (int64_t d : lc) s.K *= a.dims[static_cast<size_t>(d)];
  for (int64_t d : rf) s.N *= b.dims[static_cast<size_t>(d)];
  s.num_batch = lb.size();
  s.lhs_free = lf.size();
  s.rhs_contracting = rc.size();
  s.lhs_order = lb;
  s.lhs_order.insert(s.lhs_order.end(), lf.begin(), lf.end());
  s.lhs_order.insert(s.lhs_order.end(), lc.begin(), lc.end());
  s.rhs_order = rb;
  s.rhs_order.insert(s.rhs_order.end(), rc.begin(), rc.end());
  s.rhs_order.insert(s.rhs_order.end(), rf.begin(), rf.end());
  return s;
}

// Products under this many multiply-adds keep the f32 GEMM: the tile unit works on 32x32x32
// blocks, so it would mostly multiply padding, and packing costs more than the product
// (96 products of 16x8x16: 26 us on AMX, 14 us converted to f32).
constexpr int64_t kAmxMinMacs = 4096;

// The tile product of a dot, when this process may use it: bf16 x bf16 accumulating in f32, or
// 8-bit integers (signed or not) accumulating in 32-bit integers.
std::optional<AmxProduct> AmxProductFor(const Type& a, const Type& b, ElementType acc, const DotShape& s) {
  if (s.M * s.N * s.K < kAmxMinMacs) return std::nullopt;
  std::optional<AmxProduct> p;
  const ElementType x = a.element, y = b.element;
  if (x == ElementType::kBF16 && y == ElementType::kBF16 && acc == ElementType::kF32) p = AmxProduct::kBf16;
  const bool ints = (x == ElementType::kS8 || x == ElementType::kU8) && (y == ElementType::kS8 || y == ElementType::kU8);
  if (ints && (acc == ElementType::kS32 || acc == ElementType::kU32)) {
    const bool sx = x == ElementType::kS8, sy = y == ElementType::kS8;
    p = sx ? (sy ? AmxProduct::kS8S8 : AmxProduct::kS8U8) : (sy ? AmxProduct::kU8S8 : AmxProduct::kU8U8);
  }
  if (p && !AmxAvailable(*p)) return std::nullopt;
  return p;
}

// The element type operand `t` is packed to: its own on the tile unit, else the accumulation type.
ElementType PackedOperandType(const Type& t, const std::optional<AmxProduct>& amx, ElementType acc) {
  return amx ? t.element : acc;
}

// $JAXLIB_CPU_DOT_TRACE=1 reports on stderr which multiply each dot_general compiled to.
void TraceDot(const std::optional<AmxProduct>& amx, const DotShape& s, ElementType acc, const BlasGemm* blas,
              bool rhs_transposed) {
  static const bool trace = [] {
    const char* env = std::getenv("JAXLIB_CPU_DOT_TRACE");
    return env != nullptr && *env != '\0' && std::string_view(env) != "0";
  }();
  if (!trace) return;
  std::fprintf(stderr, "jaxlib-cpu dot_general: B=%lld M=%lld N=%lld K=%lld: %s\n", static_cast<long long>(s.B),
               static_cast<long long>(s.M), static_cast<long long>(s.N), static_cast<long long>(s.K),
               amx ? (*amx == AmxProduct::kBf16 ? "amx bf16 tiles" : "amx int8 tiles")
                   : (std::string("gemm ") + std::string(ElementTypeMlirName(acc)) +
                      (acc == ElementType::kF32 && GemmTakesPanel(blas, s.M, s.N, s.K, rhs_transposed) ? " (panel)" : ""))
                         .c_str());
}

}  // namespace

int64_t DotScratchBytes(const compiler::Module& m, const Op& op) {
  const Type& a = m.type(op.operands[0]);
  const Type& b = m.type(op.operands[1]);
  const Type& r = m.type(op.results[0]);
  ElementType acc = DotAccumulationType(r.element);
  DotShape s = Analyse(op, a, b);
  const std::optional<AmxProduct> amx = AmxProductFor(a, b, acc, s);
  int64_t bytes =
      DotKernel::PackBytes(MakePacking(a, s.lhs_order, PackedOperandType(a, amx, acc), s.num_batch, s.lhs_free), acc) +
      DotKernel::PackBytes(MakePacking(b, s.rhs_order, PackedOperandType(b, amx, acc), s.num_batch, s.rhs_contracting), acc);
  if (acc != r.element) bytes += compiler::AlignUp(r.element_count() * static_cast<int64_t>(ElementTypeByteSize(acc)));
  if (amx) bytes += AmxScratchBytes(*amx, s.B, s.M, s.N, s.K);
  return bytes;
}

StatusOr<std::unique_ptr<Kernel>> MakeDotKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const Type& lt = m.type(op.operands[0]);
  const Type& rt = m.type(op.operands[1]);
  const Type& out = m.type(op.results[0]);
  ElementType acc = DotAccumulationType(out.element);
  DotShape s = Analyse(op, lt, rt);
  const std::optional<AmxProduct> amx = AmxProductFor(lt, rt, acc, s);
  const ElementType lhs_operand = PackedOperandType(lt, amx, acc), rhs_operand = PackedOperandType(rt, amx, acc);
  const BlasGemm* blas = ResolveBlasGemm(b.config().lapack_library);
  Packing pl = MakePacking(lt, s.lhs_order, lhs_operand, s.num_batch, s.lhs_free),
          pr = MakePacking(rt, s.rhs_order, rhs_operand, s.num_batch, s.rhs_contracting);
  TraceDot(amx, s, acc, blas, pr.transposed);
  if ((lt.element != lhs_operand && !pl.convert) || (rt.element != rhs_operand && !pr.convert))
    return Unimplemented("dot_general of " + lt.ToString() + " and " + rt.ToString() + " to " + out.ToString());
  EwFn to_result = nullptr;
  if (acc != out.element) {
    to_result = SelectConvertArrayKernel(acc, out.element);
    if (!to_result) return Unimplemented("dot_general result type " + out.ToString());
  }
  return std::unique_ptr<Kernel>(new DotKernel(op.operands[0], op.operands[1], op.results[0], std::move(pl), std::move(pr),
                                               s.B, s.M, s.N, s.K, acc, out.element, to_result,
                                               blas, amx, lhs_operand, rhs_operand));
}

}  // namespace jaxlib::cpu
