// Small ops without a family of their own: replica/partition ids, tokens, map,
// get_dimension_size, rng_bit_generator dispatch, and the custom-call registry.
#include <cstring>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

StatusOr<std::unique_ptr<Kernel>> MakeRngBitGeneratorKernel(KernelBuilder& b, const Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeFftKernel(KernelBuilder& b, const Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeCustomCallKernel(KernelBuilder& b, const Op& op);
int64_t CustomCallScratchBytes(const compiler::Module& m, const Op& op);
int64_t FftScratchBytes(const compiler::Module& m, const Op& op);

namespace {

class NoopKernel final : public Kernel {
 public:
  Status Run(Frame&, uint8_t*) const override { return Status::Ok(); }
};

// replica_id / partition_id: this device's position (one device per Execute slot).
class DeviceIdKernel final : public Kernel {
 public:
  DeviceIdKernel(ValueId out, bool partition) : out_(out), partition_(partition) {}
  Status Run(Frame& f, uint8_t*) const override {
    uint32_t id = static_cast<uint32_t>(partition_ ? f.partition_id : f.replica_id);
    std::memcpy(f.Get(out_), &id, 4);
    return Status::Ok();
  }

 private:
  ValueId out_;
  bool partition_;
};

class ConstantScalarKernel final : public Kernel {
 public:
  ConstantScalarKernel(ValueId out, int32_t v) : out_(out), v_(v) {}
  Status Run(Frame& f, uint8_t*) const override {
    std::memcpy(f.Get(out_), &v_, 4);
    return Status::Ok();
  }

 private:
  ValueId out_;
  int32_t v_;
};

class MapKernel final : public Kernel {
 public:
  MapKernel(std::shared_ptr<EwProgram> body, std::vector<ValueId> inputs, ValueId out, int64_t n)
      : body_(std::move(body)), inputs_(std::move(inputs)), out_(out), n_(n) {}
  Status Run(Frame& f, uint8_t*) const override {
    std::vector<const void*> in;
    for (ValueId v : inputs_) in.push_back(f.Get(v));
    void* out[1] = {f.Get(out_)};
    body_->Run(in.data(), out, 0, n_);
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> inputs_;
  ValueId out_;
  int64_t n_;
};

}  // namespace

int64_t MiscScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kCustomCall) return CustomCallScratchBytes(m, op);
  if (op.kind == OpKind::kFft) return FftScratchBytes(m, op);
  return 0;
}

StatusOr<std::unique_ptr<Kernel>> MakeMiscKernel(KernelBuilder& b, const Op& op) {
  switch (op.kind) {
    case OpKind::kReplicaId:
    case OpKind::kPartitionId:
      if (op.results.size() != 1 || b.type(op.results[0]) != Type::Scalar(ElementType::kU32))
        return InvalidArgument("replica_id/partition_id must return tensor<ui32>");
      return std::unique_ptr<Kernel>(new DeviceIdKernel(op.results[0], op.kind == OpKind::kPartitionId));
    case OpKind::kAfterAll:
    case OpKind::kCreateToken:
      return std::unique_ptr<Kernel>(new NoopKernel());
    case OpKind::kGetDimensionSize: {
      int64_t d = op.IntAttr("dimension", -1);
      const Type& t = b.type(op.operands[0]);
      if (d < 0 || d >= t.rank()) return InvalidArgument("get_dimension_size: dimension out of range");
      return std::unique_ptr<Kernel>(new ConstantScalarKernel(op.results[0], static_cast<int32_t>(t.dims[static_cast<size_t>(d)])));
    }
    case OpKind::kMap: {
      std::vector<ValueId> captured;
      int64_t n = b.type(op.results[0]).element_count();
      JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> body,
                              EwProgram::Compile(b.module(), *op.regions[0], {std::max<int64_t>(n, 1)}, &captured,
                                                 /*args_are_arrays=*/true));
      std::vector<ValueId> inputs = op.operands;
      inputs.insert(inputs.end(), captured.begin(), captured.end());
      return std::unique_ptr<Kernel>(new MapKernel(std::move(body), std::move(inputs), op.results[0], n));
    }
    case OpKind::kRngBitGenerator: return MakeRngBitGeneratorKernel(b, op);
    case OpKind::kFft: return MakeFftKernel(b, op);
    case OpKind::kCustomCall: return MakeCustomCallKernel(b, op);
    default: {
      std::string name(compiler::OpName(op.kind));
      return Unimplemented("op '" + name + "' is not supported by the CPU backend yet");
    }
  }
}

}  // namespace jaxlib::cpu
