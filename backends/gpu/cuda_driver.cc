// dlopen of the CUDA driver and cuInit; see cuda_driver.h. No device work beyond cuInit.
#include "backends/gpu/cuda_driver.h"

#include <mutex>

namespace jaxlib::cuda {
namespace {

constexpr const char* kFix = ". Install an NVIDIA driver, or use the CPU backend (JAX_PLATFORMS=cpu)";

StatusOr<std::shared_ptr<const CudaDriver>> LoadOnce() {
  auto d = std::make_shared<CudaDriver>();
  // The driver always comes from the system (it must match the kernel module), never from a
  // wheel, so only the dynamic linker's search is used.
  StatusOr<gpu::LoadedLibrary> lib = gpu::LoadSystemLibrary("libcuda.so.1");
  if (!lib.ok())
    return FailedPrecondition("no NVIDIA GPU/driver found: libcuda.so.1 could not be loaded (" +
                              lib.status().message() + ")" + kFix);
  d->library = std::move(lib).value();
  auto need = [&](const char* name, auto* fn) -> Status {
    Status s = d->library.Resolve(name, fn);
    if (!s.ok()) return FailedPrecondition("no usable NVIDIA driver found: " + s.message() + kFix);
    return s;
  };
  JAXLIB_RETURN_IF_ERROR(need("cuInit", &d->cuInit));
  JAXLIB_RETURN_IF_ERROR(need("cuDriverGetVersion", &d->cuDriverGetVersion));
  JAXLIB_RETURN_IF_ERROR(need("cuGetErrorName", &d->cuGetErrorName));
  JAXLIB_RETURN_IF_ERROR(need("cuGetErrorString", &d->cuGetErrorString));
  JAXLIB_RETURN_IF_ERROR(need("cuDeviceGetCount", &d->cuDeviceGetCount));
  JAXLIB_RETURN_IF_ERROR(need("cuDeviceGet", &d->cuDeviceGet));
  JAXLIB_RETURN_IF_ERROR(need("cuDeviceGetName", &d->cuDeviceGetName));
  JAXLIB_RETURN_IF_ERROR(need("cuDeviceGetAttribute", &d->cuDeviceGetAttribute));
  JAXLIB_RETURN_IF_ERROR(need("cuDeviceTotalMem_v2", &d->cuDeviceTotalMem));
  JAXLIB_RETURN_IF_ERROR(need("cuDevicePrimaryCtxRetain", &d->cuDevicePrimaryCtxRetain));
  JAXLIB_RETURN_IF_ERROR(need("cuDevicePrimaryCtxRelease_v2", &d->cuDevicePrimaryCtxRelease));
  JAXLIB_RETURN_IF_ERROR(need("cuCtxSetCurrent", &d->cuCtxSetCurrent));
  JAXLIB_RETURN_IF_ERROR(need("cuMemAlloc_v2", &d->cuMemAlloc));
  JAXLIB_RETURN_IF_ERROR(need("cuMemFree_v2", &d->cuMemFree));
  JAXLIB_RETURN_IF_ERROR(need("cuMemcpyHtoD_v2", &d->cuMemcpyHtoD));
  JAXLIB_RETURN_IF_ERROR(need("cuMemcpyDtoH_v2", &d->cuMemcpyDtoH));
  JAXLIB_RETURN_IF_ERROR(need("cuMemGetInfo_v2", &d->cuMemGetInfo));
  JAXLIB_RETURN_IF_ERROR(need("cuStreamCreate", &d->cuStreamCreate));
  JAXLIB_RETURN_IF_ERROR(need("cuStreamDestroy_v2", &d->cuStreamDestroy));
  JAXLIB_RETURN_IF_ERROR(need("cuStreamSynchronize", &d->cuStreamSynchronize));
  JAXLIB_RETURN_IF_ERROR(need("cuMemcpyHtoDAsync_v2", &d->cuMemcpyHtoDAsync));
  JAXLIB_RETURN_IF_ERROR(need("cuMemcpyDtoHAsync_v2", &d->cuMemcpyDtoHAsync));
  JAXLIB_RETURN_IF_ERROR(need("cuMemcpyDtoDAsync_v2", &d->cuMemcpyDtoDAsync));
  JAXLIB_RETURN_IF_ERROR(need("cuMemsetD8Async", &d->cuMemsetD8Async));
  JAXLIB_RETURN_IF_ERROR(need("cuModuleLoadData", &d->cuModuleLoadData));
  JAXLIB_RETURN_IF_ERROR(need("cuModuleUnload", &d->cuModuleUnload));
  JAXLIB_RETURN_IF_ERROR(need("cuModuleGetFunction", &d->cuModuleGetFunction));
  JAXLIB_RETURN_IF_ERROR(need("cuLaunchKernel", &d->cuLaunchKernel));
  JAXLIB_RETURN_IF_ERROR(need("cuEventCreate", &d->cuEventCreate));
  JAXLIB_RETURN_IF_ERROR(need("cuEventDestroy_v2", &d->cuEventDestroy));
  JAXLIB_RETURN_IF_ERROR(need("cuEventRecord", &d->cuEventRecord));
  JAXLIB_RETURN_IF_ERROR(need("cuEventQuery", &d->cuEventQuery));
  JAXLIB_RETURN_IF_ERROR(need("cuEventSynchronize", &d->cuEventSynchronize));

  if (CUresult r = d->cuInit(0); r != kCudaSuccess)
    return FailedPrecondition("no NVIDIA GPU/driver found: " + d->Error("cuInit", r) + " (driver " +
                              d->library.path + ")" + kFix);
  if (CUresult r = d->cuDriverGetVersion(&d->driver_version); r != kCudaSuccess)
    return FailedPrecondition("no usable NVIDIA driver found: " + d->Error("cuDriverGetVersion", r) + kFix);
  return std::shared_ptr<const CudaDriver>(std::move(d));
}

}  // namespace

std::string CudaDriver::Error(const char* call, CUresult r) const {
  const char* name = nullptr;
  const char* text = nullptr;
  if (cuGetErrorName == nullptr || cuGetErrorName(r, &name) != kCudaSuccess) name = nullptr;
  if (cuGetErrorString == nullptr || cuGetErrorString(r, &text) != kCudaSuccess) text = nullptr;
  std::string out = std::string(call) + " failed: " + (name ? name : "CUresult " + std::to_string(r));
  if (text) out += std::string(" (") + text + ")";
  return out;
}

StatusOr<std::shared_ptr<const CudaDriver>> LoadCudaDriver() {
  // cuInit is process-wide and not retried: a failed probe gives the same answer every time.
  static std::once_flag once;
  static StatusOr<std::shared_ptr<const CudaDriver>>* result = nullptr;
  std::call_once(once, [] { result = new StatusOr<std::shared_ptr<const CudaDriver>>(LoadOnce()); });
  return *result;
}

}  // namespace jaxlib::cuda
