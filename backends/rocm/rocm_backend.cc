// ROCm Backend: option validation, device probe, HIP buffers. Compile reports UNIMPLEMENTED
// until the GPU executor exists (kernel generation and hipRTC already work).
#include "backends/rocm/rocm_backend.h"

#include <algorithm>
#include <atomic>

#include "backends/cuda/kernel_disk_cache.h"
#include "backends/rocm/hip_runtime.h"
#include "backends/rocm/hiprtc_compiler.h"

namespace jaxlib::rocm {
namespace {

using plugin::ClientOption;
using Kind = plugin::ClientOption::Kind;

struct RocmOptions {
  std::vector<int64_t> visible_devices;
  std::string library_dirs;
  std::string kernel_cache_dir;
  bool kernel_cache_dir_set = false;
};

StatusOr<RocmOptions> DecodeOptions(const std::vector<ClientOption>& options) {
  RocmOptions out;
  if (const ClientOption* o = plugin::FindClientOption(options, "platform_name");
      o && o->string_value != "rocm" && o->string_value != "gpu")
    return InvalidArgument("platform_name must be \"rocm\" (or \"gpu\") for this plugin, got \"" + o->string_value + "\"");
  if (const ClientOption* o = plugin::FindClientOption(options, "allocator")) {
    static const char* kAllocators[] = {"default", "platform", "bfc"};
    if (std::none_of(std::begin(kAllocators), std::end(kAllocators),
                     [&](const char* a) { return o->string_value == a; }))
      return InvalidArgument("allocator must be one of default, platform, bfc; got \"" + o->string_value + "\"");
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
    return Unimplemented("multi-process ROCm clients (num_nodes=" + std::to_string(o->int_value) +
                         ") are not supported by this plugin yet");
  if (const ClientOption* o = plugin::FindClientOption(options, kLibraryDirsOption)) out.library_dirs = o->string_value;
  if (const ClientOption* o = plugin::FindClientOption(options, "kernel_cache_dir")) {
    out.kernel_cache_dir = o->string_value;
    out.kernel_cache_dir_set = true;
  }
  return out;
}

struct Allocations {
  std::atomic<int64_t> bytes_in_use{0}, peak_bytes{0}, num_allocs{0};
};

class HipBuffer final : public plugin::DeviceBuffer {
 public:
  HipBuffer(std::shared_ptr<const HipRuntime> hip, std::shared_ptr<Allocations> stats, int ordinal,
            int hip_device, plugin::ArrayShape shape, void* ptr)
      : hip_(std::move(hip)), stats_(std::move(stats)), ordinal_(ordinal), hip_device_(hip_device),
        shape_(std::move(shape)), ptr_(ptr) {}
  ~HipBuffer() override {
    if (ptr_ != nullptr && hip_->hipSetDevice(hip_device_) == kHipSuccess) {
      hip_->hipFree(ptr_);
      stats_->bytes_in_use -= static_cast<int64_t>(shape_.byte_size());
    }
  }
  const plugin::ArrayShape& shape() const override { return shape_; }
  int device_ordinal() const override { return ordinal_; }
  void* device_pointer() override { return ptr_; }
  int hip_device() const { return hip_device_; }

 private:
  std::shared_ptr<const HipRuntime> hip_;
  std::shared_ptr<Allocations> stats_;
  int ordinal_, hip_device_;
  plugin::ArrayShape shape_;
  void* ptr_;
};

class RocmBackend final : public plugin::Backend {
 public:
  RocmBackend(std::shared_ptr<const HipRuntime> hip, std::vector<plugin::DeviceInfo> devices,
              std::unique_ptr<HiprtcCompiler> hiprtc, std::string version)
      : hip_(std::move(hip)), devices_(std::move(devices)), hiprtc_(std::move(hiprtc)),
        version_(std::move(version)), stats_(std::make_shared<Allocations>()) {}

  std::string_view platform_name() const override { return "rocm"; }
  std::string_view platform_version() const override { return version_; }
  const std::vector<plugin::DeviceInfo>& devices() const override { return devices_; }
  bool memory_is_host() const override { return false; }

  StatusOr<plugin::DeviceBufferPtr> BufferFromHost(int ordinal, const plugin::ArrayShape& shape,
                                                   const void* data) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(ordinal));
    const int dev = static_cast<int>(devices_[ordinal].local_hardware_id);
    void* ptr = nullptr;
    const size_t bytes = shape.byte_size();
    if (bytes > 0) {
      JAXLIB_RETURN_IF_ERROR(Call("hipSetDevice", hip_->hipSetDevice(dev)));
      if (hipError_t r = hip_->hipMalloc(&ptr, bytes); r != kHipSuccess)
        return ResourceExhausted(hip_->Error("hipMalloc", r) + " allocating " + std::to_string(bytes) +
                                 " bytes on rocm:" + std::to_string(ordinal));
      const int64_t now = stats_->bytes_in_use += static_cast<int64_t>(bytes);
      int64_t peak = stats_->peak_bytes.load();
      while (now > peak && !stats_->peak_bytes.compare_exchange_weak(peak, now)) {
      }
      ++stats_->num_allocs;
    }
    auto buf = std::make_shared<HipBuffer>(hip_, stats_, ordinal, dev, shape, ptr);
    if (bytes > 0)
      JAXLIB_RETURN_IF_ERROR(Call("hipMemcpy", hip_->hipMemcpy(ptr, data, bytes, kHipMemcpyHostToDevice)));
    return plugin::DeviceBufferPtr(std::move(buf));
  }

  Status BufferToHost(plugin::DeviceBuffer& buffer, void* dst) override {
    auto* b = dynamic_cast<HipBuffer*>(&buffer);
    if (b == nullptr) return InvalidArgument("buffer does not belong to the ROCm backend");
    if (b->shape().byte_size() == 0) return Status::Ok();
    JAXLIB_RETURN_IF_ERROR(Call("hipSetDevice", hip_->hipSetDevice(b->hip_device())));
    return Call("hipMemcpy", hip_->hipMemcpy(dst, b->device_pointer(), b->shape().byte_size(), kHipMemcpyDeviceToHost));
  }

  StatusOr<plugin::DeviceBufferPtr> CopyToDevice(plugin::DeviceBuffer& buffer, int dst) override {
    std::vector<unsigned char> staging(buffer.shape().byte_size());
    JAXLIB_RETURN_IF_ERROR(BufferToHost(buffer, staging.data()));
    return BufferFromHost(dst, buffer.shape(), staging.data());
  }

  StatusOr<std::unique_ptr<plugin::Executable>> Compile(std::string_view, const plugin::CompileOptions&) override {
    return Unimplemented(
        "the ROCm executor is not implemented yet: this plugin generates fused kernels and compiles them with " +
        hiprtc_->Describe() + ", but cannot launch programs on the GPU. Use the CPU backend (JAX_PLATFORMS=cpu) meanwhile");
  }

  StatusOr<plugin::MemoryStatsInfo> MemoryStats(int ordinal) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(ordinal));
    JAXLIB_RETURN_IF_ERROR(Call("hipSetDevice", hip_->hipSetDevice(static_cast<int>(devices_[ordinal].local_hardware_id))));
    size_t free_bytes = 0, total = 0;
    JAXLIB_RETURN_IF_ERROR(Call("hipMemGetInfo", hip_->hipMemGetInfo(&free_bytes, &total)));
    plugin::MemoryStatsInfo s;
    s.bytes_in_use = stats_->bytes_in_use.load();
    s.peak_bytes_in_use = stats_->peak_bytes.load();
    s.num_allocs = stats_->num_allocs.load();
    s.bytes_limit = static_cast<int64_t>(total);
    return s;
  }

 private:
  Status Call(const char* what, hipError_t r) const {
    return r == kHipSuccess ? Status::Ok() : Internal(hip_->Error(what, r));
  }
  Status CheckOrdinal(int ordinal) const {
    if (ordinal < 0 || static_cast<size_t>(ordinal) >= devices_.size())
      return InvalidArgument("device ordinal " + std::to_string(ordinal) + " out of range [0, " +
                             std::to_string(devices_.size()) + ")");
    return Status::Ok();
  }

  std::shared_ptr<const HipRuntime> hip_;
  std::vector<plugin::DeviceInfo> devices_;
  std::unique_ptr<HiprtcCompiler> hiprtc_;
  std::string version_;
  std::shared_ptr<Allocations> stats_;
};

}  // namespace

std::vector<std::pair<std::string, ClientOption::Kind>> RocmClientOptions() {
  return {
      {"platform_name", Kind::kString},   {"allocator", Kind::kString},
      {"memory_fraction", Kind::kFloat},  {"preallocate", Kind::kBool},
      {"collective_memory_size", Kind::kInt64}, {"visible_devices", Kind::kInt64List},
      {"node_id", Kind::kInt64},          {"num_nodes", Kind::kInt64},
      {"enable_mock_nccl", Kind::kBool},  {"mock_gpu_topology", Kind::kString},
      {"should_stage_host_to_device_transfers", Kind::kBool},
      {kLibraryDirsOption, Kind::kString}, {"kernel_cache_dir", Kind::kString},
  };
}

StatusOr<std::unique_ptr<plugin::Backend>> CreateRocmBackend(const std::vector<ClientOption>& options) {
  JAXLIB_ASSIGN_OR_RETURN(RocmOptions opts, DecodeOptions(options));
  const std::vector<std::string> dirs = RocmLibrarySearchDirs(opts.library_dirs);
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const HipRuntime> hip, LoadHipRuntime(dirs));
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
  std::vector<plugin::DeviceInfo> infos;
  for (size_t i = 0; i < ordinals.size(); ++i) {
    if (ordinals[i] >= count)
      return InvalidArgument("visible_devices names GPU " + std::to_string(ordinals[i]) + ", but only " +
                             std::to_string(count) + " are present");
    char name[256] = {};
    if (hipError_t r = hip->hipDeviceGetName(name, sizeof(name) - 1, static_cast<int>(ordinals[i])); r != kHipSuccess)
      return FailedPrecondition("cannot use AMD GPU " + std::to_string(ordinals[i]) + ": " +
                                hip->Error("hipDeviceGetName", r));
    plugin::DeviceInfo info;
    info.ordinal = static_cast<int>(i);
    info.kind = name;
    info.debug_string = "rocm:" + std::to_string(i);
    info.to_string = "RocmDevice(id=" + std::to_string(i) + ")";
    info.local_hardware_id = ordinals[i];
    infos.push_back(std::move(info));
  }
  gpu::KernelDiskCache cache(opts.kernel_cache_dir_set ? opts.kernel_cache_dir : gpu::KernelDiskCache::DefaultDirectory());
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<HiprtcCompiler> hiprtc, HiprtcCompiler::Load(dirs, std::move(cache)));
  std::string version = "rocm; HIP runtime " + std::to_string(hip->runtime_version) + " (" + hip->library.path +
                        "); " + hiprtc->Describe();
  return std::unique_ptr<plugin::Backend>(new RocmBackend(hip, std::move(infos), std::move(hiprtc), std::move(version)));
}

}  // namespace jaxlib::rocm
