// CpuBackend implementation: owned buffers come from our own 64-byte aligned allocations so
// that every byte is counted in per-device memory statistics; executor outputs are counted by
// wrapping them on their way out of Execute. Must not throw across the adapter except
// std::bad_alloc, which the adapter turns into RESOURCE_EXHAUSTED.
#include "backends/cpu/plugin/cpu_backend.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <utility>

#include "backends/cpu/executor/program/cpu_buffer.h"
#include "backends/cpu/executor/program/cpu_compile.h"
#include "backends/cpu/multiprocess/process_group.h"
#include "runtime/compiler/bytecode/vhlo_ops.h"

namespace jaxlib::cpu {

namespace {

// Host RAM, reported as every CPU device's bytes_limit (they all share it); 0 if unknown.
int64_t PhysicalMemoryBytes() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return static_cast<int64_t>(pages) * page_size;
}

}  // namespace

Status ParseCustomCallTargets(const std::string& spec, std::vector<UserCustomCallTarget>* out) {
  size_t pos = 0;
  while (pos < spec.size()) {
    size_t end = spec.find(';', pos);
    if (end == std::string::npos) end = spec.size();
    std::string entry = spec.substr(pos, end - pos);
    pos = end + 1;
    if (entry.empty()) continue;
    size_t eq = entry.rfind('='), colon = entry.rfind(':');
    if (eq == std::string::npos || colon == std::string::npos || colon < eq || eq == 0)
      return InvalidArgument("custom_call_targets: malformed entry '" + entry + "' (expected name=api_version:0xADDRESS)");
    char* rest = nullptr;
    std::string version = entry.substr(eq + 1, colon - eq - 1), address = entry.substr(colon + 1);
    long v = std::strtol(version.c_str(), &rest, 10);
    if (version.empty() || *rest != '\0' || v < 0)
      return InvalidArgument("custom_call_targets: bad api_version in '" + entry + "'");
    unsigned long long a = std::strtoull(address.c_str(), &rest, 0);
    if (address.empty() || *rest != '\0' || a == 0)
      return InvalidArgument("custom_call_targets: bad address in '" + entry + "'");
    if (out) out->push_back(UserCustomCallTarget{entry.substr(0, eq), reinterpret_cast<void*>(a), static_cast<int>(v)});
  }
  return Status();
}

StatusOr<CpuBackendOptions> ParseCpuBackendOptions(const std::vector<plugin::ClientOption>& options) {
  CpuBackendOptions parsed;
  for (const plugin::ClientOption& option : options) {
    if (option.name == "cpu_device_count") {
      if (option.int_value < 1 || option.int_value > kMaxCpuDevices) {
        return InvalidArgument("cpu_device_count must be between 1 and " + std::to_string(kMaxCpuDevices) +
                               ", got " + std::to_string(option.int_value));
      }
      parsed.device_count = static_cast<int>(option.int_value);
    } else if (option.name == "asynchronous") {
      parsed.asynchronous = option.bool_value;
    } else if (option.name == "max_inflight_computations") {
      if (option.int_value < 1) {
        return InvalidArgument("max_inflight_computations must be at least 1, got " +
                               std::to_string(option.int_value));
      }
      parsed.max_inflight_computations = option.int_value;
    } else if (option.name == "lapack_library") {
      parsed.lapack_library = option.string_value;
    } else if (option.name == "mpi_library") {
      parsed.mpi_library = option.string_value;
    } else if (option.name == "custom_call_targets") {
      JAXLIB_RETURN_IF_ERROR(ParseCustomCallTargets(option.string_value, nullptr));
      parsed.custom_call_targets = option.string_value;
    }
  }
  return parsed;
}

CpuBackend::CpuBackend(CpuBackendOptions options, std::string version, std::shared_ptr<ProcessGroup> group)
    : options_(options),
      platform_version_("jaxlib-cpu " + std::move(version)),
      stats_(std::make_shared<CpuMemoryStats>(options.device_count)),
      group_(std::move(group)) {
  executor_config_.cross_process = group_;
  // Global ids: process p's devices follow those of processes 0..p-1.
  const int first_id = group_ ? group_->device_offset(group_->process_index()) : 0;
  executor_config_.num_devices = options_.device_count;
  executor_config_.memory_stats = stats_;  // execution results are counted where they are allocated
  executor_config_.lapack_library = options_.lapack_library;
  // Already validated by ParseCpuBackendOptions.
  (void)ParseCustomCallTargets(options_.custom_call_targets, &executor_config_.custom_call_targets);
  for (int i = 0; i < options_.device_count; ++i) {
    plugin::DeviceInfo info;
    info.ordinal = i;
    info.global_id = first_id + i;
    info.process_index = group_ ? group_->process_index() : 0;
    info.kind = "cpu";
    info.debug_string = "cpu:" + std::to_string(first_id + i);
    info.to_string = "CpuDevice(id=" + std::to_string(first_id + i) + ")";
    info.local_hardware_id = i;
    devices_.push_back(std::move(info));
  }
}

CpuBackend::~CpuBackend() = default;

Status CpuBackend::CheckOrdinal(int device_ordinal) const {
  if (device_ordinal < 0 || device_ordinal >= options_.device_count) {
    return InvalidArgument("no CPU device with ordinal " + std::to_string(device_ordinal));
  }
  return Status();
}

StatusOr<plugin::DeviceBufferPtr> CpuBackend::Allocate(int device_ordinal, const plugin::ArrayShape& shape) {
  JAXLIB_RETURN_IF_ERROR(CheckOrdinal(device_ordinal));
  std::shared_ptr<CpuBuffer> buffer = CpuBuffer::Allocate(device_ordinal, shape, stats_);
  if (buffer == nullptr) {
    return ResourceExhausted("failed to allocate " + std::to_string(shape.byte_size()) + " bytes on cpu:" +
                             std::to_string(device_ordinal));
  }
  return plugin::DeviceBufferPtr(std::move(buffer));
}

StatusOr<plugin::DeviceBufferPtr> CpuBackend::BufferFromHost(int device_ordinal,
                                                             const plugin::ArrayShape& shape,
                                                             const void* data) {
  JAXLIB_ASSIGN_OR_RETURN(plugin::DeviceBufferPtr buffer, Allocate(device_ordinal, shape));
  if (shape.byte_size() != 0) std::memcpy(buffer->host_data(), data, shape.byte_size());
  return buffer;
}

StatusOr<plugin::DeviceBufferPtr> CpuBackend::BufferAliasingHost(int device_ordinal,
                                                                 const plugin::ArrayShape& shape,
                                                                 void* data,
                                                                 std::function<void()> on_release) {
  JAXLIB_RETURN_IF_ERROR(CheckOrdinal(device_ordinal));
  // The caller's memory: not ours to count, and released by running on_release, not free().
  return plugin::DeviceBufferPtr(CpuBuffer::Alias(device_ordinal, shape, data, std::move(on_release)));
}

Status CpuBackend::BufferToHost(plugin::DeviceBuffer& buffer, void* dst) {
  const size_t bytes = buffer.shape().byte_size();
  if (bytes != 0) std::memcpy(dst, buffer.host_data(), bytes);
  return Status();
}

StatusOr<plugin::DeviceBufferPtr> CpuBackend::CopyToDevice(plugin::DeviceBuffer& buffer, int dst_device_ordinal) {
  return BufferFromHost(dst_device_ordinal, buffer.shape(), buffer.host_data());
}

StatusOr<std::unique_ptr<plugin::Executable>> CpuBackend::Compile(std::string_view mlir_text,
                                                                  const plugin::CompileOptions& options) {
  return CompileForCpu(mlir_text, options, executor_config_);
}

StatusOr<plugin::MemoryStatsInfo> CpuBackend::MemoryStats(int device_ordinal) {
  JAXLIB_RETURN_IF_ERROR(CheckOrdinal(device_ordinal));
  plugin::MemoryStatsInfo info = stats_->Get(device_ordinal);
  info.bytes_limit = PhysicalMemoryBytes();
  return info;
}

int CpuBackend::process_index() const { return group_ ? group_->process_index() : 0; }

void CpuBackend::ProcessLost(int process, const std::string& why) {
  if (group_) group_->ProcessLost(process, why);
}

std::vector<plugin::DeviceInfo> CpuBackend::remote_devices() const {
  std::vector<plugin::DeviceInfo> out;
  if (!group_) return out;
  for (int p = 0; p < group_->process_count(); ++p) {
    if (p == group_->process_index()) continue;
    for (int i = 0; i < group_->device_count(p); ++i) {
      const int id = group_->device_offset(p) + i;
      plugin::DeviceInfo info;
      info.ordinal = -1;
      info.global_id = id;
      info.process_index = p;
      info.kind = "cpu";
      info.debug_string = "cpu:" + std::to_string(id);
      info.to_string = "CpuDevice(id=" + std::to_string(id) + ")";
      info.local_hardware_id = i;
      out.push_back(std::move(info));
    }
  }
  return out;
}

namespace {

// Seconds every process of a multi-process job gets to arrive ($JAXLIB_CPU_DISTRIBUTED_TIMEOUT).
StatusOr<int64_t> BootstrapTimeoutMs() {
  const char* text = std::getenv("JAXLIB_CPU_DISTRIBUTED_TIMEOUT");
  if (text == nullptr || *text == '\0') return int64_t{120000};
  char* end = nullptr;
  double seconds = std::strtod(text, &end);
  if (*end != '\0' || !(seconds > 0) || seconds > 86400)
    return InvalidArgument(std::string("JAXLIB_CPU_DISTRIBUTED_TIMEOUT must be a number of seconds in (0, 86400], got '") +
                           text + "'");
  return static_cast<int64_t>(seconds * 1000);
}

}  // namespace

plugin::PluginDefinition MakeCpuPluginDefinition(plugin::BuildInfo build_info) {
  plugin::PluginDefinition definition;
  std::string version = build_info.version;
  definition.build_info = std::move(build_info);
  // Whatever the bytecode front end reads, from its one table of versions.
  const auto& lo = compiler::bytecode::kMinimumStablehloVersion;
  const auto& hi = compiler::bytecode::kCurrentStablehloVersion;
  definition.stablehlo_minimum_version = {lo.major, lo.minor, lo.patch};
  definition.stablehlo_current_version = {hi.major, hi.minor, hi.patch};
  // The option names and types of XLA's CPU plugin, so hosts written for it work unchanged.
  definition.accepted_options = {
      {"cpu_device_count", plugin::ClientOption::Kind::kInt64},
      {"asynchronous", plugin::ClientOption::Kind::kBool},
      {"max_inflight_computations", plugin::ClientOption::Kind::kInt64},
      // Ours: the run-time LAPACK and user custom-call targets (see CpuBackendOptions).
      {"lapack_library", plugin::ClientOption::Kind::kString},
      {"custom_call_targets", plugin::ClientOption::Kind::kString},
      {"mpi_library", plugin::ClientOption::Kind::kString},
  };
  definition.create_backend =
      [version](const std::vector<plugin::ClientOption>& options) -> StatusOr<std::unique_ptr<plugin::Backend>> {
    JAXLIB_ASSIGN_OR_RETURN(CpuBackendOptions parsed, ParseCpuBackendOptions(options));
    return std::unique_ptr<plugin::Backend>(std::make_unique<CpuBackend>(parsed, version));
  };
  definition.create_multiprocess_backend =
      [version](const std::vector<plugin::ClientOption>& options,
                const plugin::DistributedContext& job) -> StatusOr<std::unique_ptr<plugin::Backend>> {
    JAXLIB_ASSIGN_OR_RETURN(CpuBackendOptions parsed, ParseCpuBackendOptions(options));
    ProcessGroupOptions group_options;
    const char* override_library = std::getenv("JAXLIB_CPU_MPI_LIBRARY");
    group_options.mpi_library = override_library && *override_library ? override_library : parsed.mpi_library;
    group_options.local_devices = parsed.device_count;
    JAXLIB_ASSIGN_OR_RETURN(group_options.timeout_ms, BootstrapTimeoutMs());
    JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<ProcessGroup> group, ProcessGroup::Join(job, group_options));
    return std::unique_ptr<plugin::Backend>(std::make_unique<CpuBackend>(parsed, version, std::move(group)));
  };
  return definition;
}

}  // namespace jaxlib::cpu
