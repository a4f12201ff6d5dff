// GpuVendor over the HIP runtime, hipRTC and (when installed) hipBLAS, all through dlopen
// (vendor.h). The HIP runtime keeps a current device per thread, so every call selects one.
#include <cstring>
#include <mutex>

#include "backends/gpu/dynamic_library.h"
#include "backends/gpu/gpu_vendors.h"
#include "backends/gpu/hip_runtime.h"
#include "backends/gpu/hiprtc_compiler.h"

namespace jaxlib::gpu {
namespace {

using rocm::hipError_t;
using rocm::kHipSuccess;

// hipBLAS (optional): handles and the strided-batched GEMMs, same argument order as cuBLAS.
struct HipBlas {
  LoadedLibrary library;
  int (*create)(void**) = nullptr;
  int (*set_stream)(void*, void*) = nullptr;
  void* gemm[4] = {nullptr, nullptr, nullptr, nullptr};
  bool loaded = false;
};

int GemmIndex(ElementType t) {
  switch (t) {
    case ElementType::kF32: return 0;
    case ElementType::kF64: return 1;
    case ElementType::kC64: return 2;
    case ElementType::kC128: return 3;
    default: return -1;
  }
}

using GemmFn = int (*)(void*, int, int, int, int, int, const void*, const void*, int, long long, const void*, int,
                       long long, const void*, void*, int, long long, int);

HipBlas LoadHipBlas(const std::vector<std::string>& dirs) {
  HipBlas b;
  StatusOr<LoadedLibrary> lib = LoadFirstLibrary(dirs, {"libhipblas.so", "libhipblas.so.2", "libhipblas.so.1", "libhipblas.so.0"}, "hipBLAS");
  if (!lib.ok()) return b;
  b.library = std::move(lib).value();
  b.create = reinterpret_cast<int (*)(void**)>(b.library.ResolveRaw("hipblasCreate"));
  b.set_stream = reinterpret_cast<int (*)(void*, void*)>(b.library.ResolveRaw("hipblasSetStream"));
  const char* names[4] = {"hipblasSgemmStridedBatched", "hipblasDgemmStridedBatched", "hipblasCgemmStridedBatched",
                          "hipblasZgemmStridedBatched"};
  for (int i = 0; i < 4; ++i) b.gemm[i] = b.library.ResolveRaw(names[i]);
  b.loaded = b.create && b.set_stream;
  return b;
}

class HipModule final : public DeviceModule {
 public:
  HipModule(std::shared_ptr<const rocm::HipRuntime> h, rocm::hipModule_t m) : h_(std::move(h)), m_(m) {}
  ~HipModule() override { h_->hipModuleUnload(m_); }
  StatusOr<void*> Function(const std::string& name) override {
    rocm::hipFunction_t f = nullptr;
    if (hipError_t r = h_->hipModuleGetFunction(&f, m_, name.c_str()); r != kHipSuccess)
      return NotFound(h_->Error("hipModuleGetFunction", r) + " for kernel " + name);
    return static_cast<void*>(f);
  }

 private:
  std::shared_ptr<const rocm::HipRuntime> h_;
  rocm::hipModule_t m_;
};

class HipEvent final : public DeviceEvent {
 public:
  HipEvent(std::shared_ptr<const rocm::HipRuntime> h, rocm::hipEvent_t e) : h_(std::move(h)), e_(e) {}
  ~HipEvent() override { h_->hipEventDestroy(e_); }
  bool Done() override { return h_->hipEventQuery(e_) != rocm::kHipErrorNotReady; }
  Status Wait() override {
    if (hipError_t r = h_->hipEventSynchronize(e_); r != kHipSuccess) return Internal(h_->Error("hipEventSynchronize", r));
    return Status::Ok();
  }

 private:
  std::shared_ptr<const rocm::HipRuntime> h_;
  rocm::hipEvent_t e_;
};

class HipVendor final : public GpuVendor {
 public:
  struct Device {
    int ordinal = 0;
    rocm::hipStream_t stream = nullptr;
    std::string name, arch;
  };

  HipVendor(std::shared_ptr<const rocm::HipRuntime> h, std::vector<Device> devices,
            std::unique_ptr<rocm::HiprtcCompiler> hiprtc, HipBlas blas)
      : h_(std::move(h)), devices_(std::move(devices)), hiprtc_(std::move(hiprtc)), blas_(std::move(blas)) {}
  ~HipVendor() override {
    for (Device& d : devices_)
      if (h_->hipSetDevice(d.ordinal) == kHipSuccess && d.stream) h_->hipStreamDestroy(d.stream);
  }

  std::string_view platform() const override { return "rocm"; }
  std::string Describe() const override {
    return "rocm; HIP runtime " + std::to_string(h_->runtime_version) + " (" + h_->library.path + "); " +
           hiprtc_->Describe() + "; " + (blas_.loaded ? "hipBLAS (" + blas_.library.path + ")" : "no hipBLAS");
  }
  int device_count() const override { return static_cast<int>(devices_.size()); }
  std::string device_name(int i) const override { return devices_[static_cast<size_t>(i)].name; }
  std::string arch(int i) const override { return devices_[static_cast<size_t>(i)].arch; }
  std::vector<std::pair<std::string, int64_t>> device_attributes(int) const override { return {}; }

  StatusOr<DevicePtr> Allocate(int i, size_t bytes) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    void* p = nullptr;
    if (hipError_t r = h_->hipMalloc(&p, bytes); r != kHipSuccess)
      return ResourceExhausted(h_->Error("hipMalloc", r) + " allocating " + std::to_string(bytes) + " bytes on rocm:" +
                               std::to_string(i));
    return reinterpret_cast<DevicePtr>(p);
  }
  void Free(int i, DevicePtr p) override {
    if (Activate(i).ok()) h_->hipFree(reinterpret_cast<void*>(p));
  }
  StatusOr<size_t> TotalMemory(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    size_t free_bytes = 0, total = 0;
    if (hipError_t r = h_->hipMemGetInfo(&free_bytes, &total); r != kHipSuccess) return Internal(h_->Error("hipMemGetInfo", r));
    return total;
  }
  Status CopyToDevice(int i, DevicePtr dst, const void* src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(h_->hipMemcpyHtoDAsync(Ptr(dst), const_cast<void*>(src), n, stream(i)), "hipMemcpyHtoDAsync");
  }
  Status CopyToHost(int i, void* dst, DevicePtr src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(h_->hipMemcpyDtoHAsync(dst, Ptr(src), n, stream(i)), "hipMemcpyDtoHAsync");
  }
  Status CopyOnDevice(int i, DevicePtr dst, DevicePtr src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(h_->hipMemcpyDtoDAsync(Ptr(dst), Ptr(src), n, stream(i)), "hipMemcpyDtoDAsync");
  }
  Status Fill(int i, DevicePtr dst, uint8_t value, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(h_->hipMemsetD8Async(Ptr(dst), value, n, stream(i)), "hipMemsetD8Async");
  }
  Status Launch(int i, void* fn, unsigned blocks, unsigned threads, const void* args, size_t) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    void* params[1] = {const_cast<void*>(args)};
    return Check(h_->hipModuleLaunchKernel(static_cast<rocm::hipFunction_t>(fn), blocks, 1, 1, threads, 1, 1, 0,
                                           stream(i), params, nullptr),
                 "hipModuleLaunchKernel");
  }
  bool HasGemm(ElementType t) const override {
    int g = GemmIndex(t);
    return blas_.loaded && g >= 0 && blas_.gemm[g];
  }
  Status Gemm(int i, const GemmArgs& g) override {
    if (!HasGemm(g.type)) return Unimplemented("hipBLAS has no GEMM for " + std::string(ElementTypeMlirName(g.type)));
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    std::lock_guard<std::mutex> lock(blas_mu_);
    if (handles_.size() != devices_.size()) handles_.assign(devices_.size(), nullptr);
    void*& h = handles_[static_cast<size_t>(i)];
    if (!h) {
      if (int r = blas_.create(&h); r != 0) return Internal("hipblasCreate failed: status " + std::to_string(r));
      if (int r = blas_.set_stream(h, stream(i)); r != 0) return Internal("hipblasSetStream failed: status " + std::to_string(r));
    }
    const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
    const float onef[2] = {1.0f, 0.0f}, zerof[2] = {0.0f, 0.0f};
    const bool single = g.type == ElementType::kF32 || g.type == ElementType::kC64;
    const void* alpha = single ? static_cast<const void*>(onef) : static_cast<const void*>(one);
    const void* beta = single ? static_cast<const void*>(zerof) : static_cast<const void*>(zero);
    constexpr int kOpN = 111;  // HIPBLAS_OP_N
    const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
    auto fn = reinterpret_cast<GemmFn>(blas_.gemm[GemmIndex(g.type)]);
    int r = fn(h, kOpN, kOpN, n, m, k, alpha, Ptr(g.b), n, g.k * g.n, Ptr(g.a), k, g.m * g.k, beta, Ptr(g.c), n,
               g.m * g.n, static_cast<int>(g.batch));
    if (r != 0) return Internal("hipBLAS gemmStridedBatched failed: status " + std::to_string(r));
    return Status::Ok();
  }
  Status Synchronize(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(h_->hipStreamSynchronize(stream(i)), "hipStreamSynchronize");
  }
  StatusOr<std::unique_ptr<DeviceEvent>> RecordEvent(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    rocm::hipEvent_t e = nullptr;
    JAXLIB_RETURN_IF_ERROR(Check(h_->hipEventCreate(&e), "hipEventCreate"));
    auto event = std::make_unique<HipEvent>(h_, e);
    JAXLIB_RETURN_IF_ERROR(Check(h_->hipEventRecord(e, stream(i)), "hipEventRecord"));
    return std::unique_ptr<DeviceEvent>(std::move(event));
  }
  StatusOr<std::unique_ptr<DeviceModule>> LoadModule(int i, const std::string& source, const std::string& name) override {
    JAXLIB_ASSIGN_OR_RETURN(rocm::HipCodeObject code,
                            hiprtc_->Compile(source, name + ".hip", devices_[static_cast<size_t>(i)].arch,
                                             {"-fgpu-flush-denormals-to-zero"}));
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    rocm::hipModule_t m = nullptr;
    if (hipError_t r = h_->hipModuleLoadData(&m, code.bytes.data()); r != kHipSuccess)
      return Internal(h_->Error("hipModuleLoadData", r) + " for " + name);
    return std::unique_ptr<DeviceModule>(new HipModule(h_, m));
  }

 private:
  static void* Ptr(DevicePtr p) { return reinterpret_cast<void*>(p); }
  rocm::hipStream_t stream(int i) const { return devices_[static_cast<size_t>(i)].stream; }
  Status Activate(int i) const {
    if (i < 0 || static_cast<size_t>(i) >= devices_.size()) return InvalidArgument("no ROCm device " + std::to_string(i));
    return Check(h_->hipSetDevice(devices_[static_cast<size_t>(i)].ordinal), "hipSetDevice");
  }
  Status Check(hipError_t r, const char* call) const {
    if (r == kHipSuccess) return Status::Ok();
    return Internal(h_->Error(call, r));
  }

  std::shared_ptr<const rocm::HipRuntime> h_;
  std::vector<Device> devices_;
  std::unique_ptr<rocm::HiprtcCompiler> hiprtc_;
  HipBlas blas_;
  std::mutex blas_mu_;
  std::vector<void*> handles_;
};

// gcnArchName ("gfx90a:sramecc+:xnack-") from hipDeviceProp_t, whose layout differs between ROCm
// releases: the struct is read into a large buffer and the one "gfx" string in it is taken.
std::string GcnArchName(const rocm::HipRuntime& h, int ordinal) {
  std::vector<char> props(16384, 0);
  if (h.hipGetDeviceProperties(props.data(), ordinal) != kHipSuccess) return "";
  for (size_t i = 0; i + 4 < props.size(); ++i) {
    if (std::memcmp(props.data() + i, "gfx", 3) != 0 || (i > 0 && props[i - 1] != 0)) continue;
    std::string s(props.data() + i, strnlen(props.data() + i, 255));
    return s.substr(0, s.find(':'));  // hipRTC wants the bare target
  }
  return "";
}

}  // namespace

StatusOr<std::unique_ptr<GpuVendor>> CreateHipVendor(const VendorOptions& opts) {
  const std::vector<std::string> dirs = rocm::RocmLibrarySearchDirs(opts.library_dirs);
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const rocm::HipRuntime> hip, rocm::LoadHipRuntime(dirs));
  int count = 0;
  if (hipError_t r = hip->hipGetDeviceCount(&count); r != kHipSuccess)
    return FailedPrecondition("no AMD GPU found: " + hip->Error("hipGetDeviceCount", r) + " (runtime " +
                              hip->library.path + "). Use the CPU backend (JAX_PLATFORMS=cpu)");
  if (count == 0)
    return FailedPrecondition("no AMD GPU found: the ROCm runtime (" + hip->library.path +
                              ") reports 0 devices. Use the CPU backend (JAX_PLATFORMS=cpu)");
  std::vector<int64_t> ordinals = opts.visible_devices;
  if (ordinals.empty())
    for (int i = 0; i < count; ++i) ordinals.push_back(i);
  std::vector<HipVendor::Device> devices;
  for (int64_t o : ordinals) {
    if (o >= count)
      return InvalidArgument("visible_devices names GPU " + std::to_string(o) + ", but only " + std::to_string(count) +
                             " are present");
    HipVendor::Device d;
    d.ordinal = static_cast<int>(o);
    char name[256] = {};
    if (hipError_t r = hip->hipDeviceGetName(name, sizeof(name) - 1, d.ordinal); r != kHipSuccess)
      return FailedPrecondition("cannot use AMD GPU " + std::to_string(o) + ": " + hip->Error("hipDeviceGetName", r));
    d.name = name;
    d.arch = GcnArchName(*hip, d.ordinal);
    if (d.arch.empty())
      return FailedPrecondition("cannot use AMD GPU " + std::to_string(o) + ": its gfx architecture is unknown");
    if (hipError_t r = hip->hipSetDevice(d.ordinal); r != kHipSuccess)
      return FailedPrecondition("cannot use AMD GPU " + std::to_string(o) + ": " + hip->Error("hipSetDevice", r));
    if (hipError_t r = hip->hipStreamCreate(&d.stream); r != kHipSuccess)
      return FailedPrecondition("cannot use AMD GPU " + std::to_string(o) + ": " + hip->Error("hipStreamCreate", r));
    devices.push_back(std::move(d));
  }
  KernelDiskCache cache(opts.kernel_cache_dir_set ? opts.kernel_cache_dir : KernelDiskCache::DefaultDirectory());
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<rocm::HiprtcCompiler> hiprtc, rocm::HiprtcCompiler::Load(dirs, std::move(cache)));
  return std::unique_ptr<GpuVendor>(new HipVendor(std::move(hip), std::move(devices), std::move(hiprtc), LoadHipBlas(dirs)));
}

}  // namespace jaxlib::gpu
