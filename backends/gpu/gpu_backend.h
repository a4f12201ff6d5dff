// The one GPU Backend behind the plugin adapter, for every vendor: client options, the device
// probe (through the vendor), buffers and compilation. The plugin entries of jaxlib-cuda12,
// jaxlib-cuda13 and jaxlib-rocm differ only in the Vendor they name.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::gpu {

struct GpuPluginKind {
  bool rocm = false;
  int cuda_major = 0;  // 12 or 13 for CUDA
};

// Option names accepted by PJRT_Client_Create: XLA's GPU plugin's (what JAX sends) plus ours.
std::vector<std::pair<std::string, plugin::ClientOption::Kind>> GpuClientOptions(GpuPluginKind kind);

// Validates options, probes the vendor runtime and devices. No GPU -> FAILED_PRECONDITION.
StatusOr<std::unique_ptr<plugin::Backend>> CreateGpuBackend(GpuPluginKind kind,
                                                            const std::vector<plugin::ClientOption>& options);

// The plugin definition (build facts, StableHLO versions, options, backend factory) of a wheel.
plugin::PluginDefinition MakeGpuPluginDefinition(GpuPluginKind kind, plugin::BuildInfo build);

}  // namespace jaxlib::gpu
