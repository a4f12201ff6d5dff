// sort (any number of operands, any comparator) and chlo.top_k. Each row along the sort
// dimension is sorted as a permutation by std::stable_sort; the comparator region runs as a
// compiled elementwise program on one pair at a time.
#include <algorithm>
#include <cstring>
#include <numeric>

#include "backends/cpu/executor/array_copy.h"
#include "backends/cpu/executor/elementwise_program.h"
#include "backends/cpu/executor/kernel.h"
#include "backends/cpu/executor/scalar_math.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

// Rows along `dim`: outer x len x inner, each operand copied to [outer, inner, len] so a row is
// contiguous.
struct RowLayout {
  int64_t outer = 1, len = 1, inner = 1;
};

RowLayout MakeRows(const Type& t, int64_t dim) {
  RowLayout r;
  for (int k = 0; k < t.rank(); ++k) {
    if (k < dim) r.outer *= t.dims[static_cast<size_t>(k)];
    else if (k == dim) r.len = t.dims[static_cast<size_t>(k)];
    else r.inner *= t.dims[static_cast<size_t>(k)];
  }
  return r;
}

class SortKernel final : public Kernel {
 public:
  SortKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> cmp, std::vector<ValueId> captured)
      : cmp_(std::move(cmp)), captured_(std::move(captured)) {
    const Type& t = m.type(op.operands[0]);
    int64_t dim = op.IntAttr("dimension", -1);
    if (dim < 0) dim += t.rank();
    rows_ = MakeRows(t, std::max<int64_t>(dim, 0));
    for (size_t k = 0; k < op.operands.size(); ++k) {
      inputs_.push_back(op.operands[k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    int64_t total = 0;
    for (ValueId v : op.operands) total += 2 * compiler::AlignUp(m.type(v).byte_size());
    const Type& t = m.type(op.operands[0]);
    int64_t dim = op.IntAttr("dimension", -1);
    if (dim < 0) dim += t.rank();
    int64_t len = t.rank() == 0 ? 1 : t.dims[static_cast<size_t>(std::max<int64_t>(dim, 0))];
    return total + compiler::AlignUp(len * 8);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t n = inputs_.size();
    const RowLayout& R = rows_;
    // Transpose every operand to [outer, inner, len] (rows contiguous) in scratch.
    std::vector<uint8_t*> rowmajor(n), sorted(n);
    uint8_t* p = scratch;
    std::vector<int64_t> dims = {R.outer, R.inner, R.len};
    std::vector<int64_t> dst = RowMajorStrides(dims);
    std::vector<int64_t> src = {R.len * R.inner, 1, R.inner};
    for (size_t k = 0; k < n; ++k) {
      int64_t bytes = R.outer * R.len * R.inner * static_cast<int64_t>(es_[k]);
      rowmajor[k] = p;
      p += compiler::AlignUp(bytes);
      sorted[k] = p;
      p += compiler::AlignUp(bytes);
      CopyStrided(rowmajor[k], dst, f.Get(inputs_[k]), src, dims, es_[k]);
    }
    auto* perm = reinterpret_cast<int64_t*>(p);
    std::vector<const void*> in(2 * n + captured_.size());
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n + c] = f.Get(captured_[c]);
    bool result = false;
    void* out[1] = {&result};
    for (int64_t row = 0; row < R.outer * R.inner; ++row) {
      std::iota(perm, perm + R.len, int64_t{0});
      auto less = [&](int64_t a, int64_t b) {
        for (size_t k = 0; k < n; ++k) {
          const uint8_t* base = rowmajor[k] + static_cast<size_t>(row * R.len) * es_[k];
          in[2 * k] = base + static_cast<size_t>(a) * es_[k];
          in[2 * k + 1] = base + static_cast<size_t>(b) * es_[k];
        }
        cmp_->Run(in.data(), out, 0, 1);
        return result;
      };
      std::stable_sort(perm, perm + R.len, less);
      for (size_t k = 0; k < n; ++k) {
        const uint8_t* srow = rowmajor[k] + static_cast<size_t>(row * R.len) * es_[k];
        uint8_t* drow = sorted[k] + static_cast<size_t>(row * R.len) * es_[k];
        for (int64_t i = 0; i < R.len; ++i)
          std::memcpy(drow + static_cast<size_t>(i) * es_[k], srow + static_cast<size_t>(perm[i]) * es_[k], es_[k]);
      }
    }
    std::vector<int64_t> back_src = RowMajorStrides(dims);
    std::vector<int64_t> back_dst = {R.len * R.inner, 1, R.inner};
    for (size_t k = 0; k < n; ++k) CopyStrided(f.Get(outputs_[k]), back_dst, sorted[k], back_src, dims, es_[k]);
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> cmp_;
  std::vector<ValueId> captured_;
  RowLayout rows_;
  std::vector<ValueId> inputs_, outputs_;
  std::vector<size_t> es_;
};

// chlo.top_k along the last dimension: largest first (total order, NaN largest), ties by index.
template <class T>
void TopKRows(const T* x, T* values, void* indices, ElementType index_type, int64_t rows, int64_t len, int64_t k,
              int64_t* perm) {
  for (int64_t r = 0; r < rows; ++r) {
    const T* row = x + r * len;
    std::iota(perm, perm + len, int64_t{0});
    auto greater = [&](int64_t a, int64_t b) {
      if constexpr (std::is_integral_v<T>) return row[a] > row[b];
      else return TotalOrderKey(row[a]) > TotalOrderKey(row[b]);
    };
    std::stable_sort(perm, perm + len, greater);
    for (int64_t i = 0; i < k; ++i) {
      values[r * k + i] = row[perm[i]];
      if (index_type == ElementType::kS64) static_cast<int64_t*>(indices)[r * k + i] = perm[i];
      else static_cast<int32_t*>(indices)[r * k + i] = static_cast<int32_t>(perm[i]);
    }
  }
}

class TopKKernel final : public Kernel {
 public:
  TopKKernel(const Op& op, const compiler::Module& m) : x_(op.operands[0]), values_(op.results[0]), indices_(op.results[1]) {
    const Type& t = m.type(op.operands[0]);
    type_ = t.element;
    index_type_ = m.type(op.results[1]).element;
    len_ = t.dims.back();
    rows_ = len_ == 0 ? 0 : t.element_count() / len_;
    k_ = op.IntAttr("k", 0);
  }
  Status Run(Frame& f, uint8_t* scratch) const override {
    auto* perm = reinterpret_cast<int64_t*>(scratch);
    const void* x = f.Get(x_);
    void* v = f.Get(values_);
    void* i = f.Get(indices_);
    switch (type_) {
      case ElementType::kF32: TopKRows(static_cast<const float*>(x), static_cast<float*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kF64: TopKRows(static_cast<const double*>(x), static_cast<double*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kBF16: TopKRows(static_cast<const bf16*>(x), static_cast<bf16*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kF16: TopKRows(static_cast<const f16*>(x), static_cast<f16*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS32: TopKRows(static_cast<const int32_t*>(x), static_cast<int32_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS64: TopKRows(static_cast<const int64_t*>(x), static_cast<int64_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kU32: TopKRows(static_cast<const uint32_t*>(x), static_cast<uint32_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS8: TopKRows(static_cast<const int8_t*>(x), static_cast<int8_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kU8: TopKRows(static_cast<const uint8_t*>(x), static_cast<uint8_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      default: return Unimplemented("top_k of " + std::string(ElementTypeMlirName(type_)));
    }
    return Status::Ok();
  }

 private:
  ValueId x_, values_, indices_;
  ElementType type_, index_type_;
  int64_t len_ = 0, rows_ = 0, k_ = 0;
};

}  // namespace

int64_t SortScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kTopK) {
    const Type& t = m.type(op.operands[0]);
    return compiler::AlignUp((t.rank() ? t.dims.back() : 1) * 8);
  }
  return SortKernel::ScratchBytes(m, op);
}

StatusOr<std::unique_ptr<Kernel>> MakeSortKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  if (op.kind == OpKind::kTopK) {
    ElementType it = m.type(op.results[1]).element;
    if (it != ElementType::kS32 && it != ElementType::kS64) return Unimplemented("top_k index type");
    return std::unique_ptr<Kernel>(new TopKKernel(op, m));
  }
  std::vector<ValueId> captured;
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> cmp,
                          EwProgram::Compile(m, *op.regions[0], {1}, &captured, /*args_are_arrays=*/true));
  return std::unique_ptr<Kernel>(new SortKernel(op, m, std::move(cmp), std::move(captured)));
}

}  // namespace jaxlib::cpu
