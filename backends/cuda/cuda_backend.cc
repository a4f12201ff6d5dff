// CUDA Backend: option validation, device probe, driver-API buffers. Compile reports
// UNIMPLEMENTED until the GPU executor exists (kernel generation and NVRTC already work).
#include "backends/cuda/cuda_backend.h"

#include <algorithm>
#include <atomic>
#include <mutex>

#include "backends/cuda/cublas_library.h"
#include "backends/cuda/cuda_driver.h"
#include "backends/cuda/cuda_library_search.h"
#include "backends/cuda/nvrtc_compiler.h"

namespace jaxlib::cuda {
namespace {

using plugin::ClientOption;
using Kind = plugin::ClientOption::Kind;

struct CudaOptions {
  std::vector<int64_t> visible_devices;  // empty = all
  std::string library_dirs;
  std::string kernel_cache_dir;
  bool kernel_cache_dir_set = false;
};

StatusOr<CudaOptions> DecodeOptions(const std::vector<ClientOption>& options) {
  CudaOptions out;
  if (const ClientOption* o = plugin::FindClientOption(options, "platform_name");
      o && o->string_value != "cuda" && o->string_value != "gpu")
    return InvalidArgument("platform_name must be \"cuda\" (or \"gpu\") for this plugin, got \"" +
                           o->string_value + "\"");
  if (const ClientOption* o = plugin::FindClientOption(options, "allocator")) {
    static const char* kAllocators[] = {"default", "platform", "bfc", "cuda_async"};
    if (std::none_of(std::begin(kAllocators), std::end(kAllocators),
                     [&](const char* a) { return o->string_value == a; }))
      return InvalidArgument("allocator must be one of default, platform, bfc, cuda_async; got \"" +
                             o->string_value + "\"");
  }
  if (const ClientOption* o = plugin::FindClientOption(options, "memory_fraction");
      o && !(o->float_value > 0.0f && o->float_value <= 1.0f))
    return InvalidArgument("memory_fraction must be in (0, 1], got " + std::to_string(o->float_value));
  if (const ClientOption* o = plugin::FindClientOption(options, "visible_devices")) {
    for (int64_t d : o->int_list)
      if (d < 0) return InvalidArgument("visible_devices holds a negative ordinal " + std::to_string(d));
    out.visible_devices = o->int_list;
  }
  if (const ClientOption* o = plugin::FindClientOption(options, "num_nodes"); o && o->int_value > 1)
    return Unimplemented("multi-process CUDA clients (num_nodes=" + std::to_string(o->int_value) +
                         ") are not supported by this plugin yet");
  if (const ClientOption* o = plugin::FindClientOption(options, "enable_mock_nccl"); o && o->bool_value)
    return Unimplemented("enable_mock_nccl is not supported by this plugin");
  if (const ClientOption* o = plugin::FindClientOption(options, kLibraryDirsOption)) out.library_dirs = o->string_value;
  if (const ClientOption* o = plugin::FindClientOption(options, "kernel_cache_dir")) {
    out.kernel_cache_dir = o->string_value;
    out.kernel_cache_dir_set = true;
  }
  return out;
}

// Primary contexts of the client's devices; shared by the backend and every live buffer, so
// device memory can be freed after the client is gone and contexts are released last.
class DeviceContexts {
 public:
  DeviceContexts(std::shared_ptr<const CudaDriver> driver, std::vector<CUdevice> devices,
                 std::vector<CUcontext> contexts)
      : driver_(std::move(driver)), devices_(std::move(devices)), contexts_(std::move(contexts)) {}
  ~DeviceContexts() {
    for (CUdevice d : devices_) driver_->cuDevicePrimaryCtxRelease(d);
  }
  const CudaDriver& driver() const { return *driver_; }
  // Makes the device's context current on the calling thread (driver calls are per thread).
  Status Activate(int ordinal) const {
    if (CUresult r = driver_->cuCtxSetCurrent(contexts_.at(ordinal)); r != kCudaSuccess)
      return Internal(driver_->Error("cuCtxSetCurrent", r));
    return Status::Ok();
  }
  std::atomic<int64_t> bytes_in_use{0};
  std::atomic<int64_t> peak_bytes{0};
  std::atomic<int64_t> num_allocs{0};

 private:
  std::shared_ptr<const CudaDriver> driver_;
  std::vector<CUdevice> devices_;
  std::vector<CUcontext> contexts_;
};

class CudaBuffer final : public plugin::DeviceBuffer {
 public:
  CudaBuffer(std::shared_ptr<DeviceContexts> ctx, int ordinal, plugin::ArrayShape shape, CUdeviceptr ptr)
      : ctx_(std::move(ctx)), ordinal_(ordinal), shape_(std::move(shape)), ptr_(ptr) {}
  ~CudaBuffer() override {
    if (ptr_ != 0 && ctx_->Activate(ordinal_).ok()) {
      ctx_->driver().cuMemFree(ptr_);
      ctx_->bytes_in_use -= static_cast<int64_t>(shape_.byte_size());
    }
  }
  const plugin::ArrayShape& shape() const override { return shape_; }
  int device_ordinal() const override { return ordinal_; }
  void* device_pointer() override { return reinterpret_cast<void*>(static_cast<uintptr_t>(ptr_)); }
  CUdeviceptr ptr() const { return ptr_; }

 private:
  std::shared_ptr<DeviceContexts> ctx_;
  int ordinal_;
  plugin::ArrayShape shape_;
  CUdeviceptr ptr_;
};

class CudaBackend final : public plugin::Backend {
 public:
  CudaBackend(std::shared_ptr<DeviceContexts> ctx, std::vector<plugin::DeviceInfo> devices,
              std::unique_ptr<gpu::NvrtcCompiler> nvrtc, CublasLibrary cublas, std::string version)
      : ctx_(std::move(ctx)), devices_(std::move(devices)), nvrtc_(std::move(nvrtc)),
        cublas_(std::move(cublas)), version_(std::move(version)) {}

  std::string_view platform_name() const override { return "cuda"; }
  std::string_view platform_version() const override { return version_; }
  const std::vector<plugin::DeviceInfo>& devices() const override { return devices_; }
  bool memory_is_host() const override { return false; }

  StatusOr<plugin::DeviceBufferPtr> BufferFromHost(int ordinal, const plugin::ArrayShape& shape,
                                                   const void* data) override {
    JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<CudaBuffer> buf, Allocate(ordinal, shape));
    if (shape.byte_size() > 0) {
      if (CUresult r = ctx_->driver().cuMemcpyHtoD(buf->ptr(), data, shape.byte_size()); r != kCudaSuccess)
        return Internal(ctx_->driver().Error("cuMemcpyHtoD", r));
    }
    return plugin::DeviceBufferPtr(std::move(buf));
  }

  Status BufferToHost(plugin::DeviceBuffer& buffer, void* dst) override {
    auto* b = dynamic_cast<CudaBuffer*>(&buffer);
    if (b == nullptr) return InvalidArgument("buffer does not belong to the CUDA backend");
    if (b->shape().byte_size() == 0) return Status::Ok();
    JAXLIB_RETURN_IF_ERROR(ctx_->Activate(b->device_ordinal()));
    if (CUresult r = ctx_->driver().cuMemcpyDtoH(dst, b->ptr(), b->shape().byte_size()); r != kCudaSuccess)
      return Internal(ctx_->driver().Error("cuMemcpyDtoH", r));
    return Status::Ok();
  }

  StatusOr<plugin::DeviceBufferPtr> CopyToDevice(plugin::DeviceBuffer& buffer, int dst) override {
    // Staged through the host: correct everywhere; peer copies come with the executor.
    std::vector<unsigned char> staging(buffer.shape().byte_size());
    JAXLIB_RETURN_IF_ERROR(BufferToHost(buffer, staging.data()));
    return BufferFromHost(dst, buffer.shape(), staging.data());
  }

  StatusOr<std::unique_ptr<plugin::Executable>> Compile(std::string_view, const plugin::CompileOptions&) override {
    return Unimplemented(
        "the CUDA executor is not implemented yet: this plugin generates fused kernels and compiles them with " +
        nvrtc_->Describe() +
        ", but cannot launch programs on the GPU. Use the CPU backend (JAX_PLATFORMS=cpu) meanwhile");
  }

  StatusOr<plugin::MemoryStatsInfo> MemoryStats(int ordinal) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(ordinal));
    JAXLIB_RETURN_IF_ERROR(ctx_->Activate(ordinal));
    size_t free_bytes = 0, total = 0;
    if (CUresult r = ctx_->driver().cuMemGetInfo(&free_bytes, &total); r != kCudaSuccess)
      return Internal(ctx_->driver().Error("cuMemGetInfo", r));
    plugin::MemoryStatsInfo s;
    s.bytes_in_use = ctx_->bytes_in_use.load();
    s.peak_bytes_in_use = ctx_->peak_bytes.load();
    s.num_allocs = ctx_->num_allocs.load();
    s.bytes_limit = static_cast<int64_t>(total);
    return s;
  }

 private:
  Status CheckOrdinal(int ordinal) const {
    if (ordinal < 0 || static_cast<size_t>(ordinal) >= devices_.size())
      return InvalidArgument("device ordinal " + std::to_string(ordinal) + " out of range [0, " +
                             std::to_string(devices_.size()) + ")");
    return Status::Ok();
  }

  StatusOr<std::shared_ptr<CudaBuffer>> Allocate(int ordinal, const plugin::ArrayShape& shape) {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(ordinal));
    CUdeviceptr ptr = 0;
    const size_t bytes = shape.byte_size();
    if (bytes > 0) {
      JAXLIB_RETURN_IF_ERROR(ctx_->Activate(ordinal));
      if (CUresult r = ctx_->driver().cuMemAlloc(&ptr, bytes); r != kCudaSuccess)
        return ResourceExhausted(ctx_->driver().Error("cuMemAlloc", r) + " allocating " + std::to_string(bytes) +
                                 " bytes on cuda:" + std::to_string(ordinal));
      const int64_t now = ctx_->bytes_in_use += static_cast<int64_t>(bytes);
      int64_t peak = ctx_->peak_bytes.load();
      while (now > peak && !ctx_->peak_bytes.compare_exchange_weak(peak, now)) {
      }
      ++ctx_->num_allocs;
    }
    return std::make_shared<CudaBuffer>(ctx_, ordinal, shape, ptr);
  }

  std::shared_ptr<DeviceContexts> ctx_;
  std::vector<plugin::DeviceInfo> devices_;
  std::unique_ptr<gpu::NvrtcCompiler> nvrtc_;
  CublasLibrary cublas_;
  std::string version_;
};

std::string DriverVersionText(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

}  // namespace

std::vector<std::pair<std::string, ClientOption::Kind>> CudaClientOptions() {
  return {
      {"platform_name", Kind::kString},
      {"allocator", Kind::kString},
      {"memory_fraction", Kind::kFloat},
      {"preallocate", Kind::kBool},
      {"collective_memory_size", Kind::kInt64},
      {"visible_devices", Kind::kInt64List},
      {"node_id", Kind::kInt64},
      {"num_nodes", Kind::kInt64},
      {"enable_mock_nccl", Kind::kBool},
      {"mock_gpu_topology", Kind::kString},
      {"should_stage_host_to_device_transfers", Kind::kBool},
      {kLibraryDirsOption, Kind::kString},
      {"kernel_cache_dir", Kind::kString},
  };
}

StatusOr<std::unique_ptr<plugin::Backend>> CreateCudaBackend(int cuda_major, const std::vector<ClientOption>& options) {
  JAXLIB_ASSIGN_OR_RETURN(CudaOptions opts, DecodeOptions(options));
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const CudaDriver> driver, LoadCudaDriver());
  const CudaDriver& d = *driver;
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
      return InvalidArgument("visible_devices names GPU " + std::to_string(o) + ", but only " +
                             std::to_string(count) + " are present");

  const std::vector<std::string> dirs = CudaLibrarySearchDirs(cuda_major, opts.library_dirs);
  gpu::KernelDiskCache cache(opts.kernel_cache_dir_set ? opts.kernel_cache_dir
                                                       : gpu::KernelDiskCache::DefaultDirectory());
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<gpu::NvrtcCompiler> nvrtc,
                          gpu::NvrtcCompiler::Load(cuda_major, dirs, std::move(cache)));
  JAXLIB_ASSIGN_OR_RETURN(CublasLibrary cublas, LoadCublas(cuda_major, dirs));

  std::vector<CUdevice> handles;
  std::vector<CUcontext> contexts;
  std::vector<plugin::DeviceInfo> infos;
  auto release = [&] {
    for (CUdevice h : handles) d.cuDevicePrimaryCtxRelease(h);
  };
  for (size_t i = 0; i < ordinals.size(); ++i) {
    CUdevice dev = 0;
    CUcontext ctx = nullptr;
    char name[256] = {};
    int cc_major = 0, cc_minor = 0;
    CUresult r = d.cuDeviceGet(&dev, static_cast<int>(ordinals[i]));
    if (r == kCudaSuccess) r = d.cuDeviceGetName(name, sizeof(name) - 1, dev);
    if (r == kCudaSuccess) r = d.cuDeviceGetAttribute(&cc_major, kAttrComputeCapabilityMajor, dev);
    if (r == kCudaSuccess) r = d.cuDeviceGetAttribute(&cc_minor, kAttrComputeCapabilityMinor, dev);
    if (r == kCudaSuccess) r = d.cuDevicePrimaryCtxRetain(&ctx, dev);
    if (r != kCudaSuccess) {
      release();
      return FailedPrecondition("cannot use NVIDIA GPU " + std::to_string(ordinals[i]) + ": " +
                                d.Error("cuDevice* query", r));
    }
    handles.push_back(dev);
    contexts.push_back(ctx);
    plugin::DeviceInfo info;
    info.ordinal = static_cast<int>(i);
    info.kind = name;
    info.debug_string = "cuda:" + std::to_string(i);
    info.to_string = "CudaDevice(id=" + std::to_string(i) + ", sm_" + std::to_string(cc_major) +
                     std::to_string(cc_minor) + ")";
    info.local_hardware_id = ordinals[i];
    infos.push_back(std::move(info));
  }
  auto ctx = std::make_shared<DeviceContexts>(driver, std::move(handles), std::move(contexts));
  // What was loaded from where: the first thing to look at when a GPU setup misbehaves.
  std::string version = "cuda " + std::to_string(cuda_major) + "; driver " + DriverVersionText(d.driver_version) +
                        " (" + d.library.path + "); " + nvrtc->Describe() + "; " + cublas.Describe();
  return std::unique_ptr<plugin::Backend>(
      new CudaBackend(std::move(ctx), std::move(infos), std::move(nvrtc), std::move(cublas), std::move(version)));
}

}  // namespace jaxlib::cuda
