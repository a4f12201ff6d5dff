// CpuBackend: the plugin::Backend of jaxlib-cpu. Devices are slices of host memory: buffers are
// CpuBuffers, host transfers are memcpy (or zero-copy aliases), compilation goes to
// CompileForCpu. Knows nothing about the PJRT C ABI; the adapter owns every handle and check.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/cpu/executor/program/kernel.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

struct CpuBackendOptions {
  // XLA's CPU plugin also defaults to 4 devices, so programs written against it see the same
  // client; jaxlib's make_cpu_client passes cpu_device_count explicitly.
  int device_count = 4;
  bool asynchronous = true;  // accepted for compatibility; execution is synchronous for now
  int64_t max_inflight_computations = 32;
  // Path of the LAPACK shared library for JAX's lapack_*_ffi custom calls (jaxlib_cpu passes
  // scipy-openblas32's); $JAXLIB_CPU_LAPACK_LIBRARY overrides it. Loaded on first use.
  std::string lapack_library;
  // "name=api_version:0xADDRESS" entries separated by ';' (xla_client's registered targets).
  std::string custom_call_targets;
  // Multi-process jobs: the MPI 5.0 standard-ABI library (jaxlib_cpu passes mpich's
  // libmpi_abi.so); $JAXLIB_CPU_MPI_LIBRARY overrides it.
  std::string mpi_library;
};

inline constexpr int kMaxCpuDevices = 1024;

// Reads the options accepted by MakeCpuPluginDefinition (names and types are already checked
// by the adapter); range errors are INVALID_ARGUMENT naming the option.
StatusOr<CpuBackendOptions> ParseCpuBackendOptions(const std::vector<plugin::ClientOption>& options);

// Parses the `custom_call_targets` option ("name=api_version:0xADDRESS;..."); entries go to
// `out` when non-null. INVALID_ARGUMENT naming the malformed entry.
Status ParseCustomCallTargets(const std::string& spec, std::vector<UserCustomCallTarget>* out);

class ProcessGroup;  // backends/cpu/multiprocess/process_group.h

class CpuBackend final : public plugin::Backend {
 public:
  // `group` is null for a one-process client.
  CpuBackend(CpuBackendOptions options, std::string version, std::shared_ptr<ProcessGroup> group = nullptr);
  ~CpuBackend() override;

  std::string_view platform_name() const override { return "cpu"; }
  std::string_view platform_version() const override { return platform_version_; }
  const std::vector<plugin::DeviceInfo>& devices() const override { return devices_; }
  bool memory_is_host() const override { return true; }
  // JAX's CPU memory kinds; all three are the same host memory here.
  std::vector<std::string> extra_memory_kinds() const override { return {"pinned_host", "unpinned_host"}; }

  StatusOr<plugin::DeviceBufferPtr> BufferFromHost(int device_ordinal, const plugin::ArrayShape& shape,
                                                   const void* data) override;
  StatusOr<plugin::DeviceBufferPtr> BufferAliasingHost(int device_ordinal, const plugin::ArrayShape& shape,
                                                       void* data,
                                                       std::function<void()> on_release) override;
  Status BufferToHost(plugin::DeviceBuffer& buffer, void* dst) override;
  StatusOr<plugin::DeviceBufferPtr> CopyToDevice(plugin::DeviceBuffer& buffer,
                                                 int dst_device_ordinal) override;
  StatusOr<std::unique_ptr<plugin::Executable>> Compile(std::string_view mlir_text,
                                                        const plugin::CompileOptions& options) override;
  StatusOr<plugin::MemoryStatsInfo> MemoryStats(int device_ordinal) override;
  int process_index() const override;
  std::vector<plugin::DeviceInfo> remote_devices() const override;
  void ProcessLost(int process, const std::string& why) override;

 private:
  Status CheckOrdinal(int device_ordinal) const;
  StatusOr<plugin::DeviceBufferPtr> Allocate(int device_ordinal, const plugin::ArrayShape& shape);

  CpuBackendOptions options_;
  std::string platform_version_;
  std::vector<plugin::DeviceInfo> devices_;
  std::shared_ptr<CpuMemoryStats> stats_;
  CpuExecutorConfig executor_config_;
  std::shared_ptr<ProcessGroup> group_;
};

// What plugin_main hands the adapter: accepted create options and the backend factory.
plugin::PluginDefinition MakeCpuPluginDefinition(plugin::BuildInfo build_info);

}  // namespace jaxlib::cpu
