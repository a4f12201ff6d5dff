// The vendor implementations of vendor.h and the options they are created with. The only place
// that names CUDA or HIP above the vendor files themselves is the plugin entry of each wheel.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "backends/gpu/vendor.h"

namespace jaxlib::gpu {

struct VendorOptions {
  std::vector<int64_t> visible_devices;  // empty = all
  std::string library_dirs;              // cuda_library_dirs / rocm_library_dirs option
  std::string kernel_cache_dir;
  bool kernel_cache_dir_set = false;
};

// CUDA driver (the system's libcuda.so.1) + NVRTC + cuBLAS of CUDA `cuda_major`. A missing
// driver or GPU is FAILED_PRECONDITION "no NVIDIA GPU/driver found: ..." / "no NVIDIA GPU found".
StatusOr<std::unique_ptr<GpuVendor>> CreateCudaVendor(int cuda_major, const VendorOptions& options);

// HIP runtime + hipRTC (+ hipBLAS when installed). A missing runtime or GPU is
// FAILED_PRECONDITION "no AMD GPU/ROCm runtime found: ..." / "no AMD GPU found".
StatusOr<std::unique_ptr<GpuVendor>> CreateHipVendor(const VendorOptions& options);

}  // namespace jaxlib::gpu
