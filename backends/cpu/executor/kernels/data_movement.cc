// Kernels that move bytes without arithmetic: broadcast, transpose, slice, concatenate, pad,
// reverse, iota, materialised reshape/bitcast, dynamic_slice and dynamic_update_slice.
#include <algorithm>
#include <cstring>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "runtime/compiler/verify.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

// Reads a 0-d integer index operand.
int64_t ReadIndex(const void* p, ElementType t) {
  switch (t) {
    case ElementType::kS8: return *static_cast<const int8_t*>(p);
    case ElementType::kS16: return *static_cast<const int16_t*>(p);
    case ElementType::kS32: return *static_cast<const int32_t*>(p);
    case ElementType::kS64: return *static_cast<const int64_t*>(p);
    case ElementType::kU8: return *static_cast<const uint8_t*>(p);
    case ElementType::kU16: return *static_cast<const uint16_t*>(p);
    case ElementType::kU32: return *static_cast<const uint32_t*>(p);
    case ElementType::kU64: {
      uint64_t v = *static_cast<const uint64_t*>(p);
      return v > static_cast<uint64_t>(INT64_MAX) ? INT64_MAX : static_cast<int64_t>(v);
    }
    case ElementType::kPred: return *static_cast<const uint8_t*>(p) != 0;
    default: return 0;
  }
}

namespace {

// One strided copy from operand 0 to result 0 with fixed strides.
class StridedCopyKernel final : public Kernel {
 public:
  StridedCopyKernel(ValueId src, ValueId dst, std::vector<int64_t> dims, std::vector<int64_t> dst_strides,
                    std::vector<int64_t> src_strides, int64_t src_offset, size_t es)
      : src_(src), dst_(dst), src_offset_(src_offset), es_(es), copier_(dims, dst_strides, src_strides, es) {}
  Status Run(Frame& f, uint8_t*) const override {
    const uint8_t* s = static_cast<const uint8_t*>(f.Get(src_)) + src_offset_ * static_cast<int64_t>(es_);
    copier_.Run(f.Get(dst_), s);
    return Status::Ok();
  }

 private:
  ValueId src_, dst_;
  int64_t src_offset_;
  size_t es_;
  StridedCopier copier_;  // coalesced once: no allocation per run
};

class ConcatenateKernel final : public Kernel {
 public:
  struct Piece {
    ValueId src;
    std::vector<int64_t> dims;
    std::vector<int64_t> src_strides;
    int64_t dst_offset;
  };
  ConcatenateKernel(ValueId dst, std::vector<Piece> pieces, std::vector<int64_t> dst_strides, size_t es)
      : dst_(dst), pieces_(std::move(pieces)), dst_strides_(std::move(dst_strides)), es_(es) {
    for (const Piece& p : pieces_) copiers_.emplace_back(p.dims, dst_strides_, p.src_strides, es_);
  }
  Status Run(Frame& f, uint8_t*) const override {
    auto* d = static_cast<uint8_t*>(f.Get(dst_));
    for (size_t k = 0; k < pieces_.size(); ++k) {
      uint8_t* at = d + pieces_[k].dst_offset * static_cast<int64_t>(es_);
      // (A piece its producer computed in place, PipelineOptions::in_place_concatenate.)
      if (f.Get(pieces_[k].src) != at) copiers_[k].Run(at, f.Get(pieces_[k].src));
    }
    return Status::Ok();
  }

 private:
  ValueId dst_;
  std::vector<Piece> pieces_;
  std::vector<int64_t> dst_strides_;
  size_t es_;
  std::vector<StridedCopier> copiers_;  // one per piece, coalesced once
};

// pad: fill with the padding value, then copy the (cropped) operand into the interior grid.
class PadKernel final : public Kernel {
 public:
  PadKernel(ValueId src, ValueId value, ValueId dst, int64_t count, std::vector<int64_t> dims,
            std::vector<int64_t> dst_strides, std::vector<int64_t> src_strides, int64_t src_offset,
            int64_t dst_offset, size_t es)
      : src_(src), value_(value), dst_(dst), count_(count), dims_(std::move(dims)),
        dst_strides_(std::move(dst_strides)), src_strides_(std::move(src_strides)), src_offset_(src_offset),
        dst_offset_(dst_offset), es_(es), copier_(dims_, dst_strides_, src_strides_, es) {}
  Status Run(Frame& f, uint8_t*) const override {
    auto* d = static_cast<uint8_t*>(f.Get(dst_));
    FillElements(d, f.Get(value_), es_, count_);
    const auto* s = static_cast<const uint8_t*>(f.Get(src_));
    copier_.Run(d + dst_offset_ * static_cast<int64_t>(es_), s + src_offset_ * static_cast<int64_t>(es_));
    return Status::Ok();
  }

 private:
  ValueId src_, value_, dst_;
  int64_t count_;
  std::vector<int64_t> dims_, dst_strides_, src_strides_;
  int64_t src_offset_, dst_offset_;
  size_t es_;
  StridedCopier copier_;  // coalesced once: no allocation per run
};

template <class T>
void IotaFill(void* dst, const std::vector<int64_t>& dims, int64_t dim) {
  int64_t inner = 1;
  for (size_t k = static_cast<size_t>(dim) + 1; k < dims.size(); ++k) inner *= dims[k];
  int64_t extent = dims[static_cast<size_t>(dim)];
  int64_t outer = 1;
  for (size_t k = 0; k < static_cast<size_t>(dim); ++k) outer *= dims[k];
  T* d = static_cast<T*>(dst);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t e = 0; e < extent; ++e) {
      T v = ConvertValue<T, int64_t>(e);
      for (int64_t i = 0; i < inner; ++i) *d++ = v;
    }
}

class IotaKernel final : public Kernel {
 public:
  IotaKernel(ValueId dst, Type t, int64_t dim) : dst_(dst), t_(std::move(t)), dim_(dim) {}
  Status Run(Frame& f, uint8_t*) const override {
    void* d = f.Get(dst_);
    switch (t_.element) {
      case ElementType::kPred: IotaFill<bool>(d, t_.dims, dim_); break;
      case ElementType::kS8: IotaFill<int8_t>(d, t_.dims, dim_); break;
      case ElementType::kS16: IotaFill<int16_t>(d, t_.dims, dim_); break;
      case ElementType::kS32: IotaFill<int32_t>(d, t_.dims, dim_); break;
      case ElementType::kS64: IotaFill<int64_t>(d, t_.dims, dim_); break;
      case ElementType::kU8: IotaFill<uint8_t>(d, t_.dims, dim_); break;
      case ElementType::kU16: IotaFill<uint16_t>(d, t_.dims, dim_); break;
      case ElementType::kU32: IotaFill<uint32_t>(d, t_.dims, dim_); break;
      case ElementType::kU64: IotaFill<uint64_t>(d, t_.dims, dim_); break;
      case ElementType::kF16: IotaFill<f16>(d, t_.dims, dim_); break;
      case ElementType::kBF16: IotaFill<bf16>(d, t_.dims, dim_); break;
      case ElementType::kF32: IotaFill<float>(d, t_.dims, dim_); break;
      case ElementType::kF64: IotaFill<double>(d, t_.dims, dim_); break;
      case ElementType::kC64: IotaFill<c64>(d, t_.dims, dim_); break;
      case ElementType::kC128: IotaFill<c128>(d, t_.dims, dim_); break;
      default: return Unimplemented("iota of this element type");
    }
    return Status::Ok();
  }

 private:
  ValueId dst_;
  Type t_;
  int64_t dim_;
};

class CopyKernel final : public Kernel {
 public:
  CopyKernel(ValueId src, ValueId dst, size_t bytes) : src_(src), dst_(dst), bytes_(bytes) {}
  Status Run(Frame& f, uint8_t*) const override {
    if (bytes_ && f.Get(src_) != f.Get(dst_)) std::memcpy(f.Get(dst_), f.Get(src_), bytes_);
    return Status::Ok();
  }

 private:
  ValueId src_, dst_;
  size_t bytes_;
};

// dynamic_slice and dynamic_update_slice (start indices clamped into range). A slice planned
// as a view (PipelineOptions::dynamic_slice_views) binds its result to the start of the run
// inside the operand instead of copying it.
class DynamicSliceKernel final : public Kernel {
 public:
  DynamicSliceKernel(const Op& op, const compiler::Module& m, bool update, bool view = false)
      : update_(update), view_(view), operand_(op.operands[0]), result_(op.results[0]) {
    const Type& x = m.type(op.operands[0]);
    dims_ = x.dims;
    es_ = ElementTypeByteSize(x.element);
    strides_ = RowMajorStrides(x.dims);
    size_t first = update ? 2 : 1;
    if (update) {
      update_value_ = op.operands[1];
      sizes_ = m.type(op.operands[1]).dims;
    } else {
      sizes_ = op.IntListAttr("slice_sizes");
    }
    // Constant start indices (a scan's zero offsets on the other dims) are clamped and folded
    // into one offset here; only the others are read per run.
    for (size_t k = first; k < op.operands.size(); ++k) {
      const size_t d = k - first;
      if (const compiler::DenseData* c = ConstantData(m, op.operands[k])) {
        const int64_t i = std::clamp<int64_t>(c->GetInt(0), 0, x.dims[d] - sizes_[d]);
        const_off_ += i * strides_[d];
        continue;
      }
      indices_.push_back(op.operands[k]);
      index_types_.push_back(m.type(op.operands[k]).element);
      index_dims_.push_back(d);
    }
    piece_strides_ = RowMajorStrides(sizes_);
    bytes_ = static_cast<size_t>(x.byte_size());
    // The copy's shape never changes, only its base: coalesced once here, not per run (a
    // scan body slices every iteration).
    copier_ = update ? StridedCopier(sizes_, strides_, piece_strides_, es_) : StridedCopier(sizes_, piece_strides_, strides_, es_);
  }
  Status Run(Frame& f, uint8_t*) const override {
    int64_t off = const_off_;
    for (size_t k = 0; k < indices_.size(); ++k) {
      const size_t d = index_dims_[k];
      const void* p = f.Get(indices_[k]);
      int64_t i = index_types_[k] == ElementType::kS32 ? *static_cast<const int32_t*>(p) : ReadIndex(p, index_types_[k]);
      i = std::clamp<int64_t>(i, 0, dims_[d] - sizes_[d]);
      off += i * strides_[d];
    }
    auto* base = static_cast<uint8_t*>(f.Get(update_ ? result_ : operand_));
    if (view_) {
      f.ptr[static_cast<size_t>(result_)] = base + off * static_cast<int64_t>(es_);
    } else if (update_) {
      if (f.Get(result_) != f.Get(operand_)) std::memcpy(f.Get(result_), f.Get(operand_), bytes_);
      copier_.Run(base + off * static_cast<int64_t>(es_), f.Get(update_value_));
    } else {
      copier_.Run(f.Get(result_), base + off * static_cast<int64_t>(es_));
    }
    return Status::Ok();
  }

 private:
  bool update_, view_;
  ValueId operand_, result_, update_value_ = -1;
  std::vector<ValueId> indices_;  // the start indices read per run, of dims index_dims_
  std::vector<ElementType> index_types_;
  std::vector<size_t> index_dims_;
  int64_t const_off_ = 0;         // the constant start indices' offset (elements)
  std::vector<int64_t> dims_, sizes_, strides_, piece_strides_;
  size_t es_, bytes_;
  StridedCopier copier_;
};

}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeDataMovementKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const Type& rt = m.type(op.results[0]);
  size_t es = ElementTypeByteSize(rt.element);
  std::vector<int64_t> out_strides = RowMajorStrides(rt.dims);
  switch (op.kind) {
    case OpKind::kReshape:
    case OpKind::kBitcastConvert:
      return std::unique_ptr<Kernel>(new CopyKernel(op.operands[0], op.results[0], static_cast<size_t>(rt.byte_size())));
    case OpKind::kIota:
      return std::unique_ptr<Kernel>(new IotaKernel(op.results[0], rt, op.IntAttr("iota_dimension", 0)));
    case OpKind::kBroadcastInDim:
    case OpKind::kBroadcast: {
      const Type& x = m.type(op.operands[0]);
      std::vector<int64_t> xs = RowMajorStrides(x.dims);
      std::vector<int64_t> src(rt.dims.size(), 0);
      std::vector<int64_t> bdims = op.IntListAttr("broadcast_dimensions");
      if (op.kind == OpKind::kBroadcast) {
        bdims.clear();
        for (int k = 0; k < x.rank(); ++k) bdims.push_back(rt.rank() - x.rank() + k);
      }
      for (size_t k = 0; k < bdims.size(); ++k)
        if (x.dims[k] != 1) src[static_cast<size_t>(bdims[k])] = xs[k];
      return std::unique_ptr<Kernel>(new StridedCopyKernel(op.operands[0], op.results[0], rt.dims, out_strides, src, 0, es));
    }
    case OpKind::kTranspose: {
      const Type& x = m.type(op.operands[0]);
      std::vector<int64_t> xs = RowMajorStrides(x.dims);
      std::vector<int64_t> perm = op.IntListAttr("permutation");
      std::vector<int64_t> src;
      for (int64_t p : perm) src.push_back(xs[static_cast<size_t>(p)]);
      return std::unique_ptr<Kernel>(new StridedCopyKernel(op.operands[0], op.results[0], rt.dims, out_strides, src, 0, es));
    }
    case OpKind::kSlice: {
      const Type& x = m.type(op.operands[0]);
      std::vector<int64_t> xs = RowMajorStrides(x.dims);
      auto start = op.IntListAttr("start_indices");
      auto strides = op.IntListAttr("strides");
      if (strides.empty()) strides.assign(start.size(), 1);
      int64_t off = 0;
      std::vector<int64_t> src;
      for (size_t k = 0; k < start.size(); ++k) {
        off += start[k] * xs[k];
        src.push_back(xs[k] * strides[k]);
      }
      return std::unique_ptr<Kernel>(new StridedCopyKernel(op.operands[0], op.results[0], rt.dims, out_strides, src, off, es));
    }
    case OpKind::kReverse: {
      const Type& x = m.type(op.operands[0]);
      std::vector<int64_t> src = RowMajorStrides(x.dims);
      int64_t off = 0;
      for (int64_t d : op.IntListAttr("dimensions")) {
        size_t k = static_cast<size_t>(d);
        if (x.dims[k] > 0) off += (x.dims[k] - 1) * src[k];
        src[k] = -src[k];
      }
      return std::unique_ptr<Kernel>(new StridedCopyKernel(op.operands[0], op.results[0], rt.dims, out_strides, src, off, es));
    }
    case OpKind::kConcatenate: {
      int64_t dim = op.IntAttr("dimension", 0);
      std::vector<ConcatenateKernel::Piece> pieces;
      int64_t at = 0;
      for (ValueId v : op.operands) {
        const Type& t = m.type(v);
        ConcatenateKernel::Piece p;
        p.src = v;
        p.dims = t.dims;
        p.src_strides = RowMajorStrides(t.dims);
        p.dst_offset = at * out_strides[static_cast<size_t>(dim)];
        at += t.dims[static_cast<size_t>(dim)];
        if (t.element_count() > 0) pieces.push_back(std::move(p));
      }
      return std::unique_ptr<Kernel>(new ConcatenateKernel(op.results[0], std::move(pieces), out_strides, es));
    }
    case OpKind::kPad: {
      const Type& x = m.type(op.operands[0]);
      auto lo = op.IntListAttr("edge_padding_low");
      auto in = op.IntListAttr("interior_padding");
      if (in.empty()) in.assign(lo.size(), 0);
      std::vector<int64_t> xs = RowMajorStrides(x.dims);
      // Operand element i lands at lo + i * (in + 1); negative low padding crops the front,
      // and elements beyond the result are cropped at the back.
      std::vector<int64_t> dims, dst_strides, src_strides;
      int64_t src_off = 0, dst_off = 0;
      bool empty = false;
      for (size_t k = 0; k < x.dims.size(); ++k) {
        int64_t step = in[k] + 1;
        int64_t first = 0;
        if (lo[k] < 0) first = (-lo[k] + step - 1) / step;  // first operand index with position >= 0
        int64_t last = x.dims[k];                            // exclusive
        int64_t max_i = rt.dims[k] - lo[k] <= 0 ? 0 : (rt.dims[k] - 1 - lo[k]) / step + 1;
        last = std::min(last, max_i);
        int64_t count = std::max<int64_t>(0, last - first);
        if (count == 0) empty = true;
        dims.push_back(count);
        src_off += first * xs[k];
        dst_off += (lo[k] + first * step) * out_strides[k];
        dst_strides.push_back(out_strides[k] * step);
        src_strides.push_back(xs[k]);
      }
      if (empty) dims.assign(dims.size(), 0);
      return std::unique_ptr<Kernel>(new PadKernel(op.operands[0], op.operands[1], op.results[0], rt.element_count(),
                                                   dims, dst_strides, src_strides, src_off, dst_off, es));
    }
    case OpKind::kDynamicSlice: {
      const bool view = b.plan().storage(op.results[0]).kind == compiler::ValueStorage::Kind::kAlias;
      return std::unique_ptr<Kernel>(new DynamicSliceKernel(op, m, false, view));
    }
    case OpKind::kDynamicUpdateSlice:
      return std::unique_ptr<Kernel>(new DynamicSliceKernel(op, m, true));
    default:
      return Unimplemented("op " + std::string(compiler::OpName(op.kind)) + " is not supported by the CPU backend");
  }
}

}  // namespace jaxlib::cpu
