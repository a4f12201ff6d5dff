// The ROCm Backend behind the plugin adapter: probes the HIP runtime at client creation (the
// one place a missing AMD GPU is reported) and owns device memory through HIP. Kernels will
// come from backends/cuda/kernel_codegen compiled by hipRTC. Built with g++ only.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::rocm {

// Client options accepted by PJRT_Client_Create: XLA's GPU plugin names JAX sends, plus ours
// (`rocm_library_dirs`, `kernel_cache_dir`).
std::vector<std::pair<std::string, plugin::ClientOption::Kind>> RocmClientOptions();

// Validates options, then loads libamdhip64, hipInit, hipGetDeviceCount, hipRTC.
// No GPU/runtime -> FAILED_PRECONDITION "no AMD GPU/ROCm runtime found: ...".
StatusOr<std::unique_ptr<plugin::Backend>> CreateRocmBackend(const std::vector<plugin::ClientOption>& options);

}  // namespace jaxlib::rocm
