// The HIP runtime (libamdhip64), reached only through dlopen so the plugin loads on machines
// without ROCm or an AMD GPU. Declares the few types and entry points we use, matching HIP's
// documented C ABI; no ROCm headers are needed to build.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "backends/gpu/dynamic_library.h"
#include "runtime/support/status.h"

namespace jaxlib::rocm {

using hipError_t = int;  // 0 = hipSuccess
inline constexpr hipError_t kHipSuccess = 0;
inline constexpr int kHipMemcpyHostToDevice = 1;
inline constexpr int kHipMemcpyDeviceToHost = 2;
inline constexpr hipError_t kHipErrorNotReady = 600;  // hipErrorNotReady
using hipStream_t = struct JaxlibHipStream*;
using hipModule_t = struct JaxlibHipModule*;
using hipFunction_t = struct JaxlibHipFunction*;
using hipEvent_t = struct JaxlibHipEvent*;

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
  // hipDeviceProp_t's layout changes between ROCm releases: it is read into a generous buffer
  // and only the gcnArchName string is looked for in it (see GcnArchName).
  hipError_t (*hipGetDeviceProperties)(void*, int) = nullptr;
  hipError_t (*hipStreamCreate)(hipStream_t*) = nullptr;
  hipError_t (*hipStreamDestroy)(hipStream_t) = nullptr;
  hipError_t (*hipStreamSynchronize)(hipStream_t) = nullptr;
  hipError_t (*hipMemcpyHtoDAsync)(void*, const void*, size_t, hipStream_t) = nullptr;
  hipError_t (*hipMemcpyDtoHAsync)(void*, void*, size_t, hipStream_t) = nullptr;
  hipError_t (*hipMemcpyDtoDAsync)(void*, void*, size_t, hipStream_t) = nullptr;
  hipError_t (*hipMemsetD8Async)(void*, unsigned char, size_t, hipStream_t) = nullptr;
  hipError_t (*hipModuleLoadData)(hipModule_t*, const void*) = nullptr;
  hipError_t (*hipModuleUnload)(hipModule_t) = nullptr;
  hipError_t (*hipModuleGetFunction)(hipFunction_t*, hipModule_t, const char*) = nullptr;
  hipError_t (*hipModuleLaunchKernel)(hipFunction_t, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                                      unsigned, hipStream_t, void**, void**) = nullptr;
  hipError_t (*hipEventCreate)(hipEvent_t*) = nullptr;
  hipError_t (*hipEventDestroy)(hipEvent_t) = nullptr;
  hipError_t (*hipEventRecord)(hipEvent_t, hipStream_t) = nullptr;
  hipError_t (*hipEventQuery)(hipEvent_t) = nullptr;
  hipError_t (*hipEventSynchronize)(hipEvent_t) = nullptr;

  std::string Error(const char* call, hipError_t r) const;
};

// Search order for libamdhip64 and hipRTC: $JAXLIB_ROCM_LIBRARY_DIRS, the rocm_library_dirs
// option, $ROCM_PATH/lib, /opt/rocm/lib; LoadFirstLibrary then tries the system search path.
std::vector<std::string> RocmLibrarySearchDirs(const std::string& option_value);

// Loads libamdhip64 (.so, .so.6, .so.5) and runs hipInit(0), once per search-dir list.
// Failures are FAILED_PRECONDITION starting "no AMD GPU/ROCm runtime found: ".
StatusOr<std::shared_ptr<const HipRuntime>> LoadHipRuntime(const std::vector<std::string>& dirs);

}  // namespace jaxlib::rocm
