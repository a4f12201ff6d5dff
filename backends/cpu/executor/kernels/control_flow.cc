// while, case and if: their regions are compiled once into RegionCode and run against the
// op's scratch arena. A loop's carried values live in the while's own result buffers (no copy
// out at the end); carries the body returns unchanged are read in place from the operands.
#include <cstring>

#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::ValueId;

namespace {

class WhileKernel final : public Kernel {
 public:
  WhileKernel(const Op& op, std::unique_ptr<RegionCode> cond, std::unique_ptr<RegionCode> body,
              std::vector<size_t> sizes, int64_t region_offset, std::vector<bool> result_read)
      : op_(op), cond_(std::move(cond)), body_(std::move(body)), sizes_(std::move(sizes)),
        region_offset_(region_offset), result_read_(std::move(result_read)) {
    const compiler::Region& br = *body_->region;
    for (size_t k = 0; k < sizes_.size(); ++k) invariant_.push_back(br.results[k] == br.args[k]);
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    int64_t total = 0;
    for (ValueId v : op.operands) total += 2 * compiler::AlignUp(m.type(v).byte_size());
    return total;
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t n = sizes_.size();
    std::vector<uint8_t*> carry(n), temp(n);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n; ++k) {
      p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
      temp[k] = p;
      p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
      // The result buffers are disjoint from the operands and from this op's scratch (planned
      // as the op's outputs), so they can hold the carries; a carry the body never changes is
      // read where its operand lives.
      auto* operand = static_cast<uint8_t*>(f.Get(op_.operands[k]));
      carry[k] = invariant_[k] ? operand : static_cast<uint8_t*>(f.Get(op_.results[k]));
      if (sizes_[k] && carry[k] != operand) std::memcpy(carry[k], operand, sizes_[k]);
    }
    const compiler::Region& cr = *cond_->region;
    const compiler::Region& br = *body_->region;
    uint8_t* arena = scratch + region_offset_;
    std::vector<int> from_carry(n);
    for (;;) {
      for (size_t k = 0; k < n; ++k) {
        f.ptr[static_cast<size_t>(cr.args[k])] = carry[k];
        f.ptr[static_cast<size_t>(br.args[k])] = carry[k];
      }
      JAXLIB_RETURN_IF_ERROR(RunRegion(*cond_, f, arena));
      if (!*static_cast<const bool*>(f.Get(cr.results[0]))) break;
      JAXLIB_RETURN_IF_ERROR(RunRegion(*body_, f, arena));
      // New carries: results that are other carries go through `temp` so no carry is
      // overwritten before it is read.
      for (size_t k = 0; k < n; ++k) {
        void* src = f.Get(br.results[k]);
        from_carry[k] = -1;
        if (src == carry[k]) {
          from_carry[k] = static_cast<int>(k);
          continue;
        }
        for (size_t j = 0; j < n; ++j)
          if (src == carry[j]) from_carry[k] = static_cast<int>(j);
        if (from_carry[k] >= 0 && sizes_[k]) std::memcpy(temp[k], src, sizes_[k]);
      }
      for (size_t k = 0; k < n; ++k) {
        if (from_carry[k] == static_cast<int>(k) || !sizes_[k]) continue;
        const void* src = from_carry[k] >= 0 ? temp[k] : f.Get(br.results[k]);
        std::memcpy(carry[k], src, sizes_[k]);
      }
    }
    for (size_t k = 0; k < n; ++k)
      if (sizes_[k] && invariant_[k] && result_read_[k] && f.Get(op_.results[k]) != carry[k])
        std::memcpy(f.Get(op_.results[k]), carry[k], sizes_[k]);
    return Status::Ok();
  }

 private:
  const Op& op_;
  std::unique_ptr<RegionCode> cond_, body_;
  std::vector<size_t> sizes_;
  int64_t region_offset_;
  std::vector<bool> result_read_, invariant_;
};

class CaseKernel final : public Kernel {
 public:
  CaseKernel(const Op& op, std::vector<std::unique_ptr<RegionCode>> branches, std::vector<size_t> sizes,
             int64_t region_offset)
      : op_(op), branches_(std::move(branches)), sizes_(std::move(sizes)), region_offset_(region_offset) {}

  Status Run(Frame& f, uint8_t* scratch) const override {
    int64_t n = static_cast<int64_t>(branches_.size());
    int64_t idx;
    if (op_.kind == OpKind::kIf) {
      idx = *static_cast<const bool*>(f.Get(op_.operands[0])) ? 0 : 1;
    } else {
      idx = *static_cast<const int32_t*>(f.Get(op_.operands[0]));
      if (idx < 0 || idx >= n) idx = n - 1;  // out-of-range selects the last branch
    }
    const RegionCode& code = *branches_[static_cast<size_t>(idx)];
    JAXLIB_RETURN_IF_ERROR(RunRegion(code, f, scratch ? scratch + region_offset_ : nullptr));
    for (size_t k = 0; k < sizes_.size(); ++k) {
      void* src = f.Get(code.region->results[k]);
      void* dst = f.Get(op_.results[k]);
      if (src != dst && sizes_[k]) std::memcpy(dst, src, sizes_[k]);
    }
    return Status::Ok();
  }

 private:
  const Op& op_;
  std::vector<std::unique_ptr<RegionCode>> branches_;
  std::vector<size_t> sizes_;
  int64_t region_offset_;
};

}  // namespace

// kernels/scalar_loop.cc: the register-file path of all-scalar loops, or nullptr.
std::unique_ptr<Kernel> MakeScalarWhileKernel(const compiler::Module& m, const Op& op);

int64_t WhileScratchBytes(const compiler::Module& m, const Op& op) { return WhileKernel::ScratchBytes(m, op); }

StatusOr<std::unique_ptr<Kernel>> MakeControlFlowKernel(KernelBuilder& b, const Op& op) {
  int64_t region_offset = 0;
  auto it = b.plan().scratch.find(&op);
  if (it != b.plan().scratch.end()) region_offset = it->second.region_offset;
  std::vector<size_t> sizes;
  for (ValueId v : op.results) {
    // Tokens are carried as zero-byte values: ordering comes from the region's op order.
    if (b.type(v).kind == compiler::Type::Kind::kTuple) return Unimplemented("control flow over tuples");
    sizes.push_back(static_cast<size_t>(b.type(v).byte_size()));
  }
  if (op.kind == OpKind::kWhile) {
    if (std::unique_ptr<Kernel> scalar = MakeScalarWhileKernel(b.module(), op)) return scalar;
    JAXLIB_ASSIGN_OR_RETURN(auto cond, b.BuildRegion(*op.regions[0]));
    JAXLIB_ASSIGN_OR_RETURN(auto body, b.BuildRegion(*op.regions[1]));
    std::vector<bool> read;
    for (ValueId v : op.results) read.push_back(b.IsRead(v));
    return std::unique_ptr<Kernel>(
        new WhileKernel(op, std::move(cond), std::move(body), std::move(sizes), region_offset, std::move(read)));
  }
  std::vector<std::unique_ptr<RegionCode>> branches;
  for (const auto& r : op.regions) {
    JAXLIB_ASSIGN_OR_RETURN(auto code, b.BuildRegion(*r));
    branches.push_back(std::move(code));
  }
  return std::unique_ptr<Kernel>(new CaseKernel(op, std::move(branches), std::move(sizes), region_offset));
}

}  // namespace jaxlib::cpu
