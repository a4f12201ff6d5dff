// The CUDA Backend behind the plugin adapter: probes the driver at client creation (the one
// place a missing GPU is reported), owns device memory through the driver API, and will
// compile through the shared compiler -> kernel_codegen -> NVRTC. Built with g++ only.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cuda {

// Client options accepted by PJRT_Client_Create: XLA's CUDA plugin's names and types (what
// JAX sends), plus ours (`cuda_library_dirs`, `kernel_cache_dir`).
std::vector<std::pair<std::string, plugin::ClientOption::Kind>> CudaClientOptions();

// Validates options, then: load libcuda.so.1, cuInit, cuDeviceGetCount, NVRTC and cuBLAS.
// No GPU/driver -> FAILED_PRECONDITION "no NVIDIA GPU/driver found: ...".
StatusOr<std::unique_ptr<plugin::Backend>> CreateCudaBackend(int cuda_major,
                                                             const std::vector<plugin::ClientOption>& options);

}  // namespace jaxlib::cuda
