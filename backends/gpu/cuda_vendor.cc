// GpuVendor over the CUDA driver API, NVRTC and cuBLAS, all reached through dlopen (vendor.h).
// Probing (driver version, devices, libraries) happens once in CreateCudaVendor; the client's
// error messages about a missing GPU or library all come from here.
#include <cstring>
#include <mutex>

#include "backends/gpu/cublas_library.h"
#include "backends/gpu/cuda_driver.h"
#include "backends/gpu/cuda_library_search.h"
#include "backends/gpu/gpu_vendors.h"
#include "backends/gpu/nvrtc_compiler.h"

namespace jaxlib::gpu {
namespace {

using cuda::CUcontext;
using cuda::CUdevice;
using cuda::CUresult;
using cuda::CUstream;
using cuda::kCudaSuccess;

std::string DriverVersionText(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

class CudaModule final : public DeviceModule {
 public:
  CudaModule(std::shared_ptr<const cuda::CudaDriver> d, cuda::CUmodule m) : d_(std::move(d)), m_(m) {}
  ~CudaModule() override { d_->cuModuleUnload(m_); }
  StatusOr<void*> Function(const std::string& name) override {
    cuda::CUfunction f = nullptr;
    if (CUresult r = d_->cuModuleGetFunction(&f, m_, name.c_str()); r != kCudaSuccess)
      return NotFound(d_->Error("cuModuleGetFunction", r) + " for kernel " + name);
    return static_cast<void*>(f);
  }

 private:
  std::shared_ptr<const cuda::CudaDriver> d_;
  cuda::CUmodule m_;
};

class CudaEvent final : public DeviceEvent {
 public:
  CudaEvent(std::shared_ptr<const cuda::CudaDriver> d, cuda::CUevent e) : d_(std::move(d)), e_(e) {}
  ~CudaEvent() override { d_->cuEventDestroy(e_); }
  bool Done() override { return d_->cuEventQuery(e_) != cuda::kCudaErrorNotReady; }
  Status Wait() override {
    if (CUresult r = d_->cuEventSynchronize(e_); r != kCudaSuccess) return Internal(d_->Error("cuEventSynchronize", r));
    return Status::Ok();
  }

 private:
  std::shared_ptr<const cuda::CudaDriver> d_;
  cuda::CUevent e_;
};

class CudaVendor final : public GpuVendor {
 public:
  struct Device {
    CUdevice handle = 0;
    CUcontext context = nullptr;
    CUstream stream = nullptr;
    std::string name;
    int cc_major = 0, cc_minor = 0;
  };

  CudaVendor(std::shared_ptr<const cuda::CudaDriver> d, std::vector<Device> devices, std::unique_ptr<NvrtcCompiler> nvrtc,
             cuda::CublasLibrary cublas, int cuda_major)
      : d_(std::move(d)), devices_(std::move(devices)), nvrtc_(std::move(nvrtc)), cublas_(std::move(cublas)),
        cuda_major_(cuda_major) {}
  ~CudaVendor() override {
    for (Device& dev : devices_) {
      if (d_->cuCtxSetCurrent(dev.context) == kCudaSuccess && dev.stream) d_->cuStreamDestroy(dev.stream);
      d_->cuDevicePrimaryCtxRelease(dev.handle);
    }
  }

  std::string_view platform() const override { return "cuda"; }
  std::string Describe() const override {
    return "cuda " + std::to_string(cuda_major_) + "; driver " + DriverVersionText(d_->driver_version) + " (" +
           d_->library.path + "); " + nvrtc_->Describe() + "; " + cublas_.Describe();
  }
  int device_count() const override { return static_cast<int>(devices_.size()); }
  std::string device_name(int i) const override { return devices_[static_cast<size_t>(i)].name; }
  std::string arch(int i) const override {
    const Device& dev = devices_[static_cast<size_t>(i)];
    return "sm_" + std::to_string(dev.cc_major) + std::to_string(dev.cc_minor);
  }
  std::vector<std::pair<std::string, int64_t>> device_attributes(int i) const override {
    const Device& dev = devices_[static_cast<size_t>(i)];
    return {{"compute_capability_major", dev.cc_major}, {"compute_capability_minor", dev.cc_minor}};
  }

  StatusOr<DevicePtr> Allocate(int i, size_t bytes) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    cuda::CUdeviceptr p = 0;
    if (CUresult r = d_->cuMemAlloc(&p, bytes); r != kCudaSuccess)
      return ResourceExhausted(d_->Error("cuMemAlloc", r) + " allocating " + std::to_string(bytes) + " bytes on cuda:" +
                               std::to_string(i));
    return DevicePtr{p};
  }
  void Free(int i, DevicePtr p) override {
    if (Activate(i).ok()) d_->cuMemFree(p);
  }
  StatusOr<size_t> TotalMemory(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    size_t free_bytes = 0, total = 0;
    if (CUresult r = d_->cuMemGetInfo(&free_bytes, &total); r != kCudaSuccess) return Internal(d_->Error("cuMemGetInfo", r));
    return total;
  }

  Status CopyToDevice(int i, DevicePtr dst, const void* src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(d_->cuMemcpyHtoDAsync(dst, src, n, stream(i)), "cuMemcpyHtoDAsync");
  }
  Status CopyToHost(int i, void* dst, DevicePtr src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(d_->cuMemcpyDtoHAsync(dst, src, n, stream(i)), "cuMemcpyDtoHAsync");
  }
  Status CopyOnDevice(int i, DevicePtr dst, DevicePtr src, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(d_->cuMemcpyDtoDAsync(dst, src, n, stream(i)), "cuMemcpyDtoDAsync");
  }
  Status Fill(int i, DevicePtr dst, uint8_t value, size_t n) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(d_->cuMemsetD8Async(dst, value, n, stream(i)), "cuMemsetD8Async");
  }
  Status Launch(int i, void* fn, unsigned blocks, unsigned threads, const void* args, size_t) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    void* params[1] = {const_cast<void*>(args)};
    return Check(d_->cuLaunchKernel(static_cast<cuda::CUfunction>(fn), blocks, 1, 1, threads, 1, 1, 0, stream(i), params,
                                    nullptr),
                 "cuLaunchKernel");
  }
  bool HasGemm(ElementType t) const override { return cublas_.HasGemm(t); }
  Status Gemm(int i, const GemmArgs& g) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    std::lock_guard<std::mutex> lock(blas_mu_);
    JAXLIB_ASSIGN_OR_RETURN(void* handle, BlasHandle(i));
    return cublas_.Gemm(handle, g);
  }
  Status Synchronize(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    return Check(d_->cuStreamSynchronize(stream(i)), "cuStreamSynchronize");
  }
  StatusOr<std::unique_ptr<DeviceEvent>> RecordEvent(int i) override {
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    cuda::CUevent e = nullptr;
    JAXLIB_RETURN_IF_ERROR(Check(d_->cuEventCreate(&e, cuda::kEventDisableTiming), "cuEventCreate"));
    auto event = std::make_unique<CudaEvent>(d_, e);
    JAXLIB_RETURN_IF_ERROR(Check(d_->cuEventRecord(e, stream(i)), "cuEventRecord"));
    return std::unique_ptr<DeviceEvent>(std::move(event));
  }

  StatusOr<std::unique_ptr<DeviceModule>> LoadModule(int i, const std::string& source, const std::string& name) override {
    const Device& dev = devices_[static_cast<size_t>(i)];
    DeviceCompileRequest req;
    req.source = source;
    req.program_name = name + ".cu";
    req.sm = dev.cc_major * 10 + dev.cc_minor;
    // PTX, JIT-compiled and cached by the driver: valid on this GPU and newer ones alike.
    req.format = DeviceCodeFormat::kPtx;
    req.extra_options = {"--ftz=true"};  // XLA flushes f32 denormals; the corpus expects it
    JAXLIB_ASSIGN_OR_RETURN(DeviceCode code, nvrtc_->Compile(req));
    JAXLIB_RETURN_IF_ERROR(Activate(i));
    cuda::CUmodule m = nullptr;
    if (CUresult r = d_->cuModuleLoadData(&m, code.bytes.data()); r != kCudaSuccess)
      return Internal(d_->Error("cuModuleLoadData", r) + " for " + req.program_name);
    return std::unique_ptr<DeviceModule>(new CudaModule(d_, m));
  }

 private:
  CUstream stream(int i) const { return devices_[static_cast<size_t>(i)].stream; }
  Status Activate(int i) const {
    if (i < 0 || static_cast<size_t>(i) >= devices_.size()) return InvalidArgument("no CUDA device " + std::to_string(i));
    return Check(d_->cuCtxSetCurrent(devices_[static_cast<size_t>(i)].context), "cuCtxSetCurrent");
  }
  Status Check(CUresult r, const char* call) const {
    if (r == kCudaSuccess) return Status::Ok();
    return Internal(d_->Error(call, r));
  }
  StatusOr<void*> BlasHandle(int i) {
    if (handles_.size() != devices_.size()) handles_.assign(devices_.size(), nullptr);
    void*& h = handles_[static_cast<size_t>(i)];
    if (!h) {
      JAXLIB_ASSIGN_OR_RETURN(h, cublas_.CreateHandle(stream(i)));
    }
    return h;
  }

  std::shared_ptr<const cuda::CudaDriver> d_;
  std::vector<Device> devices_;
  std::unique_ptr<NvrtcCompiler> nvrtc_;
  cuda::CublasLibrary cublas_;
  int cuda_major_;
  std::mutex blas_mu_;
  std::vector<void*> handles_;
};

}  // namespace

StatusOr<std::unique_ptr<GpuVendor>> CreateCudaVendor(int cuda_major, const VendorOptions& opts) {
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const cuda::CudaDriver> driver, cuda::LoadCudaDriver());
  const cuda::CudaDriver& d = *driver;
  if (d.driver_version / 1000 < cuda_major)
    return FailedPrecondition("the NVIDIA driver (" + d.library.path + ") supports CUDA up to " +
                              DriverVersionText(d.driver_version) + ", but this plugin (jaxlib-cuda" +
                              std::to_string(cuda_major) + ") needs a CUDA " + std::to_string(cuda_major) +
                              " driver. Update the driver, or install the jaxlib-cuda wheel matching it");
  int count = 0;
  if (CUresult r = d.cuDeviceGetCount(&count); r != kCudaSuccess)
    return FailedPrecondition("no NVIDIA GPU found: " + d.Error("cuDeviceGetCount", r) +
                              ". Use the CPU backend (JAX_PLATFORMS=cpu)");
  if (count == 0)
    return FailedPrecondition("no NVIDIA GPU found: the driver (" + d.library.path +
                              ") reports 0 devices. Use the CPU backend (JAX_PLATFORMS=cpu)");
  std::vector<int64_t> ordinals = opts.visible_devices;
  if (ordinals.empty())
    for (int i = 0; i < count; ++i) ordinals.push_back(i);
  for (int64_t o : ordinals)
    if (o >= count)
      return InvalidArgument("visible_devices names GPU " + std::to_string(o) + ", but only " + std::to_string(count) +
                             " are present");

  const std::vector<std::string> dirs = cuda::CudaLibrarySearchDirs(cuda_major, opts.library_dirs);
  KernelDiskCache cache(opts.kernel_cache_dir_set ? opts.kernel_cache_dir : KernelDiskCache::DefaultDirectory());
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<NvrtcCompiler> nvrtc, NvrtcCompiler::Load(cuda_major, dirs, std::move(cache)));
  JAXLIB_ASSIGN_OR_RETURN(cuda::CublasLibrary cublas, cuda::LoadCublas(cuda_major, dirs));

  std::vector<CudaVendor::Device> devices;
  auto release = [&] {
    for (const CudaVendor::Device& dev : devices) {
      if (dev.stream && d.cuCtxSetCurrent(dev.context) == kCudaSuccess) d.cuStreamDestroy(dev.stream);
      d.cuDevicePrimaryCtxRelease(dev.handle);
    }
  };
  for (int64_t ordinal : ordinals) {
    CudaVendor::Device dev;
    char name[256] = {};
    CUresult r = d.cuDeviceGet(&dev.handle, static_cast<int>(ordinal));
    if (r == kCudaSuccess) r = d.cuDeviceGetName(name, sizeof(name) - 1, dev.handle);
    if (r == kCudaSuccess) r = d.cuDeviceGetAttribute(&dev.cc_major, cuda::kAttrComputeCapabilityMajor, dev.handle);
    if (r == kCudaSuccess) r = d.cuDeviceGetAttribute(&dev.cc_minor, cuda::kAttrComputeCapabilityMinor, dev.handle);
    if (r == kCudaSuccess) r = d.cuDevicePrimaryCtxRetain(&dev.context, dev.handle);
    if (r == kCudaSuccess) {
      devices.push_back(dev);  // retained: released by `release` from here on
      r = d.cuCtxSetCurrent(dev.context);
      if (r == kCudaSuccess) r = d.cuStreamCreate(&devices.back().stream, cuda::kStreamNonBlocking);
    }
    if (r != kCudaSuccess) {
      release();
      return FailedPrecondition("cannot use NVIDIA GPU " + std::to_string(ordinal) + ": " + d.Error("cuDevice* query", r));
    }
    devices.back().name = name;
  }
  return std::unique_ptr<GpuVendor>(
      new CudaVendor(std::move(driver), std::move(devices), std::move(nvrtc), std::move(cublas), cuda_major));
}

}  // namespace jaxlib::gpu
