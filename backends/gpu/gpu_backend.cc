// The GPU Backend (gpu_backend.h): options, probe, buffers through the caching allocator, and
// compilation into the GPU executor. Vendor-neutral: CUDA and ROCm differ only in GpuVendor.
#include "backends/gpu/gpu_backend.h"

#include <algorithm>
#include <vector>

#include "backends/gpu/cuda_library_search.h"
#include "backends/gpu/gpu_executor.h"
#include "backends/gpu/gpu_vendors.h"
#include "backends/gpu/hip_runtime.h"
#include "runtime/compiler/bytecode/vhlo_ops.h"

namespace jaxlib::gpu {
namespace {

using plugin::ClientOption;
using Kind = plugin::ClientOption::Kind;

std::string PlatformName(GpuPluginKind kind) { return kind.rocm ? "rocm" : "cuda"; }

StatusOr<VendorOptions> DecodeOptions(GpuPluginKind kind, const std::vector<ClientOption>& options) {
  VendorOptions out;
  const std::string platform = PlatformName(kind);
  if (const ClientOption* o = plugin::FindClientOption(options, "platform_name");
      o && o->string_value != platform && o->string_value != "gpu")
    return InvalidArgument("platform_name must be \"" + platform + "\" (or \"gpu\") for this plugin, got \"" +
                           o->string_value + "\"");
  if (const ClientOption* o = plugin::FindClientOption(options, "allocator")) {
    std::vector<std::string> allowed = {"default", "platform", "bfc"};
    if (!kind.rocm) allowed.push_back("cuda_async");
    if (std::find(allowed.begin(), allowed.end(), o->string_value) == allowed.end()) {
      std::string list;
      for (const std::string& a : allowed) list += (list.empty() ? "" : ", ") + a;
      return InvalidArgument("allocator must be one of " + list + "; got \"" + o->string_value + "\"");
    }
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
    return Unimplemented("multi-process " + std::string(kind.rocm ? "ROCm" : "CUDA") + " clients (num_nodes=" +
                         std::to_string(o->int_value) + ") are not supported by this plugin yet");
  if (const ClientOption* o = plugin::FindClientOption(options, "enable_mock_nccl"); o && o->bool_value)
    return Unimplemented("enable_mock_nccl is not supported by this plugin");
  const char* dirs_option = kind.rocm ? rocm::kLibraryDirsOption : cuda::kLibraryDirsOption;
  if (const ClientOption* o = plugin::FindClientOption(options, dirs_option)) out.library_dirs = o->string_value;
  if (const ClientOption* o = plugin::FindClientOption(options, "kernel_cache_dir")) {
    out.kernel_cache_dir = o->string_value;
    out.kernel_cache_dir_set = true;
  }
  return out;
}

class GpuBackend final : public plugin::Backend {
 public:
  GpuBackend(std::shared_ptr<GpuVendor> vendor, std::vector<plugin::DeviceInfo> devices, std::string lapack_library)
      : vendor_(vendor), alloc_(std::make_shared<DeviceAllocator>(vendor)), devices_(std::move(devices)),
        version_(vendor->Describe()), platform_(vendor->platform()), lapack_library_(std::move(lapack_library)) {}

  std::string_view platform_name() const override { return platform_; }
  std::string_view platform_version() const override { return version_; }
  const std::vector<plugin::DeviceInfo>& devices() const override { return devices_; }
  bool memory_is_host() const override { return false; }

  StatusOr<plugin::DeviceBufferPtr> BufferFromHost(int device, const plugin::ArrayShape& shape, const void* data) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(device));
    JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<GpuBuffer> buf, AllocateBuffer(alloc_, device, shape));
    if (shape.byte_size() > 0) {
      JAXLIB_RETURN_IF_ERROR(vendor_->CopyToDevice(device, buf->ptr(), data, shape.byte_size()));
      // The caller may reuse `data` as soon as this returns.
      JAXLIB_RETURN_IF_ERROR(vendor_->Synchronize(device));
    }
    return plugin::DeviceBufferPtr(std::move(buf));
  }

  Status BufferToHost(plugin::DeviceBuffer& buffer, void* dst) override {
    auto* b = dynamic_cast<GpuBuffer*>(&buffer);
    if (b == nullptr) return InvalidArgument("buffer does not belong to this GPU backend");
    if (b->shape().byte_size() == 0) return Status::Ok();
    JAXLIB_RETURN_IF_ERROR(vendor_->CopyToHost(b->device_ordinal(), dst, b->ptr(), b->shape().byte_size()));
    return vendor_->Synchronize(b->device_ordinal());
  }

  StatusOr<plugin::DeviceBufferPtr> CopyToDevice(plugin::DeviceBuffer& buffer, int dst) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(dst));
    std::vector<unsigned char> staging(buffer.shape().byte_size());
    JAXLIB_RETURN_IF_ERROR(BufferToHost(buffer, staging.data()));
    return BufferFromHost(dst, buffer.shape(), staging.data());
  }

  StatusOr<std::unique_ptr<plugin::Executable>> Compile(std::string_view text, const plugin::CompileOptions& options) override {
    return CompileForGpu(text, options, alloc_, static_cast<int>(devices_.size()), lapack_library_);
  }

  StatusOr<plugin::MemoryStatsInfo> MemoryStats(int device) override {
    JAXLIB_RETURN_IF_ERROR(CheckOrdinal(device));
    plugin::MemoryStatsInfo s;
    s.bytes_in_use = alloc_->bytes_in_use.load();
    s.peak_bytes_in_use = alloc_->peak_bytes.load();
    s.num_allocs = alloc_->num_allocs.load();
    JAXLIB_ASSIGN_OR_RETURN(size_t total, vendor_->TotalMemory(device));
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

  std::shared_ptr<GpuVendor> vendor_;
  std::shared_ptr<DeviceAllocator> alloc_;
  std::vector<plugin::DeviceInfo> devices_;
  std::string version_, platform_;
  std::string lapack_library_;  // for the host fallback's LAPACK custom calls
};

}  // namespace

std::vector<std::pair<std::string, Kind>> GpuClientOptions(GpuPluginKind kind) {
  std::vector<std::pair<std::string, Kind>> out = {
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
      {"abort_collectives_on_failure", Kind::kBool},
      {"use_tfrt_gpu_client", Kind::kBool},
      {kind.rocm ? rocm::kLibraryDirsOption : cuda::kLibraryDirsOption, Kind::kString},
      {"kernel_cache_dir", Kind::kString},
      // The host fallback runs the CPU executor's LAPACK custom calls (same option as jaxlib-cpu).
      {"lapack_library", Kind::kString},
  };
  return out;
}

StatusOr<std::unique_ptr<plugin::Backend>> CreateGpuBackend(GpuPluginKind kind, const std::vector<ClientOption>& options) {
  JAXLIB_ASSIGN_OR_RETURN(VendorOptions opts, DecodeOptions(kind, options));
  std::unique_ptr<GpuVendor> vendor;
  if (kind.rocm) {
    JAXLIB_ASSIGN_OR_RETURN(vendor, CreateHipVendor(opts));
  } else {
    JAXLIB_ASSIGN_OR_RETURN(vendor, CreateCudaVendor(kind.cuda_major, opts));
  }
  std::vector<plugin::DeviceInfo> infos;
  const std::string platform = PlatformName(kind);
  for (int i = 0; i < vendor->device_count(); ++i) {
    plugin::DeviceInfo info;
    info.ordinal = i;
    info.kind = vendor->device_name(i);
    info.debug_string = platform + ":" + std::to_string(i);
    info.to_string = std::string(kind.rocm ? "RocmDevice" : "CudaDevice") + "(id=" + std::to_string(i) + ", " +
                     vendor->arch(i) + ")";
    info.local_hardware_id = opts.visible_devices.empty() ? i : opts.visible_devices[static_cast<size_t>(i)];
    info.int_attributes = vendor->device_attributes(i);
    int64_t cc_major = -1, cc_minor = 0;
    for (const auto& [k, v] : info.int_attributes) {
      if (k == "compute_capability_major") cc_major = v;
      if (k == "compute_capability_minor") cc_minor = v;
    }
    // What JAX reads as device.compute_capability ("9.0"); ROCm devices publish their gfx target.
    if (cc_major >= 0) info.string_attributes.push_back({"compute_capability", std::to_string(cc_major) + "." + std::to_string(cc_minor)});
    else info.string_attributes.push_back({"compute_capability", vendor->arch(i)});
    infos.push_back(std::move(info));
  }
  const ClientOption* lapack = plugin::FindClientOption(options, "lapack_library");
  return std::unique_ptr<plugin::Backend>(new GpuBackend(std::shared_ptr<GpuVendor>(std::move(vendor)), std::move(infos),
                                                         lapack ? lapack->string_value : ""));
}

plugin::PluginDefinition MakeGpuPluginDefinition(GpuPluginKind kind, plugin::BuildInfo build) {
  plugin::PluginDefinition def;
  def.build_info = std::move(build);
  // The GPU plugins compile with the same front ends as the CPU one.
  const auto& lo = compiler::bytecode::kMinimumStablehloVersion;
  const auto& hi = compiler::bytecode::kCurrentStablehloVersion;
  def.stablehlo_minimum_version = {lo.major, lo.minor, lo.patch};
  def.stablehlo_current_version = {hi.major, hi.minor, hi.patch};
  def.accepted_options = GpuClientOptions(kind);
  def.create_backend = [kind](const std::vector<ClientOption>& options) { return CreateGpuBackend(kind, options); };
  return def;
}

}  // namespace jaxlib::gpu
