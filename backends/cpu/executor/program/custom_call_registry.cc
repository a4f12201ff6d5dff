// stablehlo.custom_call dispatch: JAX's LAPACK targets (kernels/lapack.cc), the compiler's own
// @jaxlib.softmax (kernels/softmax.cc), typed FFI calls whose handler is in the plugin's XLA
// FFI registry (PJRT FFI extension, kernels/ffi.cc), and user targets registered through
// xla_client.register_custom_call_target, which reach the plugin as (name, address,
// api_version) triples in the client option `custom_call_targets`.
// Unknown targets fail at compile time with the target's name.
#include <cstring>

#include "backends/cpu/executor/program/kernel.h"
#include "runtime/compiler/passes.h"
#include "runtime/ffi/ffi_registry.h"

namespace jaxlib::cpu {

bool IsLapackTarget(std::string_view target);
StatusOr<std::unique_ptr<Kernel>> MakeSoftmaxKernel(KernelBuilder& b, const compiler::Op& op);  // kernels/softmax.cc
StatusOr<std::unique_ptr<Kernel>> MakeLogSumExpKernel(KernelBuilder& b, const compiler::Op& op);  // kernels/softmax.cc
StatusOr<std::unique_ptr<Kernel>> MakeLapackKernel(KernelBuilder& b, const compiler::Op& op,
                                                   const std::string& library_path);
// kernels/ffi.cc
bool IsTypedFfiCall(const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeFfiCustomCallKernel(KernelBuilder& b, const compiler::Op& op,
                                                         const ffi::HandlerRegistration& handler);

namespace {

// XLA's legacy CPU custom-call ABI. api_version 0/1 (ORIGINAL): fn(out, in); 2
// (STATUS_RETURNING): fn(out, in, status); 3 (STATUS_RETURNING_UNIFIED): fn(out, in, opaque,
// opaque_len, status). `out` is the result buffer, or an array of result buffers when the call
// has several results. The status object is ours and opaque to the callee: a failure reported
// through XLA's XlaCustomCallStatusSetFailure cannot reach us (that symbol lives in XLA).
class UserCustomCallKernel final : public Kernel {
 public:
  UserCustomCallKernel(const UserCustomCallTarget& target, const compiler::Op& op, std::string opaque)
      : target_(target), operands_(op.operands), results_(op.results), opaque_(std::move(opaque)) {}

  Status Run(Frame& f, uint8_t*) const override {
    std::vector<const void*> in(operands_.size());
    for (size_t k = 0; k < operands_.size(); ++k) in[k] = f.Get(operands_[k]);
    std::vector<void*> outs(results_.size());
    for (size_t k = 0; k < results_.size(); ++k) outs[k] = f.Get(results_[k]);
    void* out = results_.size() == 1 ? outs[0] : static_cast<void*>(outs.data());
    struct {
      int32_t failed = 0;
      char message[256] = {};
    } status;
    switch (target_.api_version) {
      case 0:
      case 1:
        reinterpret_cast<void (*)(void*, const void**)>(target_.fn)(out, in.data());
        break;
      case 2:
        reinterpret_cast<void (*)(void*, const void**, void*)>(target_.fn)(out, in.data(), &status);
        break;
      case 3:
        reinterpret_cast<void (*)(void*, const void**, const char*, size_t, void*)>(target_.fn)(
            out, in.data(), opaque_.data(), opaque_.size(), &status);
        break;
      default:
        return Unimplemented("custom_call API version " + std::to_string(target_.api_version));
    }
    return Status::Ok();
  }

 private:
  UserCustomCallTarget target_;
  std::vector<compiler::ValueId> operands_, results_;
  std::string opaque_;
};

// JAX's lax.dce_sink: a side-effecting use that keeps its operands' producers alive through
// dead-code elimination; executing it does nothing.
class DceSinkKernel final : public Kernel {
 public:
  Status Run(Frame&, uint8_t*) const override { return Status::Ok(); }
};

bool IsDceSink(const compiler::Op& op) { return op.callee == "dce_sink" && op.results.empty(); }

}  // namespace

int64_t CustomCallScratchBytes(const compiler::Module&, const compiler::Op&) { return 0; }

StatusOr<std::unique_ptr<Kernel>> MakeCustomCallKernel(KernelBuilder& b, const compiler::Op& op) {
  if (IsLapackTarget(op.callee)) return MakeLapackKernel(b, op, b.config().lapack_library);
  if (op.callee == compiler::kSoftmaxTarget) return MakeSoftmaxKernel(b, op);
  if (op.callee == compiler::kLogSumExpTarget) return MakeLogSumExpKernel(b, op);
  if (IsDceSink(op)) return std::unique_ptr<Kernel>(new DceSinkKernel());
  if (IsTypedFfiCall(op)) {
    StatusOr<ffi::HandlerRegistration> handler = ffi::FindHandler(op.callee, "HOST");
    if (handler.ok()) return MakeFfiCustomCallKernel(b, op, *handler);
    // A typed target given to this client as an option (registration api_version 1).
    for (const UserCustomCallTarget& t : b.config().custom_call_targets) {
      if (t.name != op.callee || t.api_version != 1) continue;
      ffi::HandlerRegistration registration;
      registration.bundle.execute = reinterpret_cast<XLA_FFI_Handler*>(t.fn);
      return MakeFfiCustomCallKernel(b, op, registration);
    }
    return NotFound("custom_call target '" + op.callee +
                    "' is a typed FFI call, but no FFI handler is registered for it on the CPU (platform HOST). "
                    "Register it through the plugin's PJRT FFI extension (jax.ffi.register_ffi_target(name, "
                    "capsule, platform='cpu'), or jaxlib.xla_client.register_custom_call_target(name, capsule, "
                    "api_version=1) before the client is created)");
  }
  for (const UserCustomCallTarget& t : b.config().custom_call_targets) {
    if (t.name != op.callee) continue;
    // Registration api_version follows xla_client (0 = untyped, 1 = typed FFI); the op's own
    // api_version (StableHLO: 1 ORIGINAL, 2 STATUS_RETURNING, 3 ..._UNIFIED, 4 TYPED_FFI) picks
    // the untyped calling convention.
    int64_t version = op.IntAttr("api_version", 1);
    if (t.api_version != 0 || version < 0 || version > 3)
      return InvalidArgument("custom_call @" + op.callee + " is an untyped call (api_version " +
                             std::to_string(version) + ") but its target was registered as a typed FFI handler "
                             "(api_version=1); call it with api_version = 4 and attributes in mhlo.backend_config");
    for (compiler::ValueId v : op.results)
      if (!b.type(v).is_tensor()) return Unimplemented("custom_call @" + op.callee + ": tuple or token results");
    UserCustomCallTarget target = t;
    target.api_version = static_cast<int>(version);
    std::string opaque;
    if (const compiler::Attribute* a = op.attr("backend_config"); a && a->kind == compiler::Attribute::Kind::kString)
      opaque = a->s;
    return std::unique_ptr<Kernel>(new UserCustomCallKernel(target, op, std::move(opaque)));
  }
  return Unimplemented("custom_call target '" + op.callee +
                       "' is not supported by the CPU backend (not a LAPACK target and not registered with "
                       "xla_client.register_custom_call_target before the client was created)");
}

}  // namespace jaxlib::cpu
