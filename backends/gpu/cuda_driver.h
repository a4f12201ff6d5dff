// The CUDA driver API (libcuda.so.1), reached only through dlopen so the plugin loads on
// machines without an NVIDIA driver. Declares the handful of types and entry points we use,
// matching the driver's documented C ABI; no CUDA headers are needed to build.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "backends/gpu/dynamic_library.h"
#include "runtime/support/status.h"

namespace jaxlib::cuda {

using CUresult = int;  // 0 = CUDA_SUCCESS
using CUdevice = int;
using CUcontext = struct JaxlibCuContext*;
using CUdeviceptr = unsigned long long;
using CUstream = struct JaxlibCuStream*;
using CUmodule = struct JaxlibCuModule*;
using CUfunction = struct JaxlibCuFunction*;
using CUevent = struct JaxlibCuEvent*;

inline constexpr CUresult kCudaSuccess = 0;
inline constexpr int kAttrComputeCapabilityMajor = 75;  // CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR
inline constexpr int kAttrComputeCapabilityMinor = 76;
inline constexpr CUresult kCudaErrorNotReady = 600;  // CUDA_ERROR_NOT_READY
inline constexpr unsigned kStreamNonBlocking = 1;     // CU_STREAM_NON_BLOCKING
inline constexpr unsigned kEventDisableTiming = 2;    // CU_EVENT_DISABLE_TIMING

struct CudaDriver {
  gpu::LoadedLibrary library;
  int driver_version = 0;  // e.g. 12040 = CUDA 12.4

  CUresult (*cuInit)(unsigned int) = nullptr;
  CUresult (*cuDriverGetVersion)(int*) = nullptr;
  CUresult (*cuGetErrorName)(CUresult, const char**) = nullptr;
  CUresult (*cuGetErrorString)(CUresult, const char**) = nullptr;
  CUresult (*cuDeviceGetCount)(int*) = nullptr;
  CUresult (*cuDeviceGet)(CUdevice*, int) = nullptr;
  CUresult (*cuDeviceGetName)(char*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceGetAttribute)(int*, int, CUdevice) = nullptr;
  CUresult (*cuDeviceTotalMem)(size_t*, CUdevice) = nullptr;  // cuDeviceTotalMem_v2
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext*, CUdevice) = nullptr;
  CUresult (*cuDevicePrimaryCtxRelease)(CUdevice) = nullptr;  // _v2
  CUresult (*cuCtxSetCurrent)(CUcontext) = nullptr;
  CUresult (*cuMemAlloc)(CUdeviceptr*, size_t) = nullptr;                   // _v2
  CUresult (*cuMemFree)(CUdeviceptr) = nullptr;                             // _v2
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void*, size_t) = nullptr;     // _v2
  CUresult (*cuMemcpyDtoH)(void*, CUdeviceptr, size_t) = nullptr;           // _v2
  CUresult (*cuMemGetInfo)(size_t*, size_t*) = nullptr;                     // _v2
  // The executor's entry points: one stream per device, async copies, modules and launches.
  CUresult (*cuStreamCreate)(CUstream*, unsigned) = nullptr;
  CUresult (*cuStreamDestroy)(CUstream) = nullptr;                                        // _v2
  CUresult (*cuStreamSynchronize)(CUstream) = nullptr;
  CUresult (*cuMemcpyHtoDAsync)(CUdeviceptr, const void*, size_t, CUstream) = nullptr;     // _v2
  CUresult (*cuMemcpyDtoHAsync)(void*, CUdeviceptr, size_t, CUstream) = nullptr;           // _v2
  CUresult (*cuMemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream) = nullptr;     // _v2
  CUresult (*cuMemsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream) = nullptr;
  CUresult (*cuModuleLoadData)(CUmodule*, const void*) = nullptr;
  CUresult (*cuModuleUnload)(CUmodule) = nullptr;
  CUresult (*cuModuleGetFunction)(CUfunction*, CUmodule, const char*) = nullptr;
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                             CUstream, void**, void**) = nullptr;
  CUresult (*cuEventCreate)(CUevent*, unsigned) = nullptr;
  CUresult (*cuEventDestroy)(CUevent) = nullptr;                                          // _v2
  CUresult (*cuEventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*cuEventQuery)(CUevent) = nullptr;
  CUresult (*cuEventSynchronize)(CUevent) = nullptr;

  // "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (out of memory)".
  std::string Error(const char* call, CUresult r) const;
};

// Loads libcuda.so.1 and runs cuInit(0) once per process; later calls return the same
// result. Every failure is FAILED_PRECONDITION with a message that starts
// "no NVIDIA GPU/driver found: " and says how to fix or avoid it.
StatusOr<std::shared_ptr<const CudaDriver>> LoadCudaDriver();

}  // namespace jaxlib::cuda
