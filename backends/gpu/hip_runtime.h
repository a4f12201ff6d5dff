// The HIP runtime (libamdhip64), reached only through dlopen so the plugin loads on machines
// without ROCm or an AMD GPU. Declares the few types and entry points we use, matching HIP's
// documented C ABI; no ROCm headers are needed to build.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda/dynamic_library.h"
#include "runtime/support/status.h"

namespace jaxlib::rocm {

using hipError_t = int;  // 0 = hipSuccess
inline constexpr hipError_t kHipSuccess = 0;
inline constexpr int kHipMemcpyHostToDevice = 1;
inline constexpr int kHipMemcpyDeviceToHost = 2;

// The client option / environment variable naming extra directories to search first.
inline constexpr const char* kLibraryDirsEnv = "JAXLIB_ROCM_LIBRARY_DIRS";
inline constexpr const char* kLibraryDirsOption = "rocm_library_dirs";

struct HipRuntime {
  gpu::LoadedLibrary library;
  int runtime_version = 0;  // HIP_VERSION-style, e.g. 50222345

  hipError_t (*hipInit)(unsigned int) = nullptr;
  hipError_t (*hipRuntimeGetVersion)(int*) = nullptr;
  const char* (*hipGetErrorName)(hipError_t) = nullptr;
  const char* (*hipGetErrorString)(hipError_t) = nullptr;
  hipError_t (*hipGetDeviceCount)(int*) = nullptr;
  hipError_t (*hipSetDevice)(int) = nullptr;
  hipError_t (*hipDeviceGetName)(char*, int, int) = nullptr;
  hipError_t (*hipMalloc)(void**, size_t) = nullptr;
  hipError_t (*hipFree)(void*) = nullptr;
  hipError_t (*hipMemcpy)(void*, const void*, size_t, int) = nullptr;
  hipError_t (*hipMemGetInfo)(size_t*, size_t*) = nullptr;

  std::string Error(const char* call, hipError_t r) const;
};

// Search order for libamdhip64 and hipRTC: $JAXLIB_ROCM_LIBRARY_DIRS, the rocm_library_dirs
// option, $ROCM_PATH/lib, /opt/rocm/lib; LoadFirstLibrary then tries the system search path.
std::vector<std::string> RocmLibrarySearchDirs(const std::string& option_value);

// Loads libamdhip64 (.so, .so.6, .so.5) and runs hipInit(0), once per search-dir list.
// Failures are FAILED_PRECONDITION starting "no AMD GPU/ROCm runtime found: ".
StatusOr<std::shared_ptr<const HipRuntime>> LoadHipRuntime(const std::vector<std::string>& dirs);

}  // namespace jaxlib::rocm
