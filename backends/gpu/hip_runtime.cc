// dlopen of the HIP runtime and hipInit; see hip_runtime.h. No device work beyond hipInit.
#include "backends/gpu/hip_runtime.h"

#include <cstdlib>
#include <map>
#include <mutex>

namespace jaxlib::rocm {
namespace {

constexpr const char* kFix = ". Install ROCm (or your distribution's libamdhip64), or use the CPU backend "
                             "(JAX_PLATFORMS=cpu)";

StatusOr<std::shared_ptr<const HipRuntime>> LoadOnce(const std::vector<std::string>& dirs) {
  auto h = std::make_shared<HipRuntime>();
  StatusOr<gpu::LoadedLibrary> lib = gpu::LoadFirstLibrary(
      dirs, {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"},
      "no AMD GPU/ROCm runtime found: libamdhip64.so could not be loaded");
  if (!lib.ok()) return FailedPrecondition(lib.status().message() + "\n" + std::string(kFix + 2));
  h->library = std::move(lib).value();
  auto need = [&](const char* name, auto* fn) -> Status {
    Status s = h->library.Resolve(name, fn);
    if (!s.ok()) return FailedPrecondition("no usable ROCm runtime found: " + s.message() + kFix);
    return s;
  };
  JAXLIB_RETURN_IF_ERROR(need("hipInit", &h->hipInit));
  JAXLIB_RETURN_IF_ERROR(need("hipRuntimeGetVersion", &h->hipRuntimeGetVersion));
  JAXLIB_RETURN_IF_ERROR(need("hipGetErrorName", &h->hipGetErrorName));
  JAXLIB_RETURN_IF_ERROR(need("hipGetErrorString", &h->hipGetErrorString));
  JAXLIB_RETURN_IF_ERROR(need("hipGetDeviceCount", &h->hipGetDeviceCount));
  JAXLIB_RETURN_IF_ERROR(need("hipSetDevice", &h->hipSetDevice));
  JAXLIB_RETURN_IF_ERROR(need("hipDeviceGetName", &h->hipDeviceGetName));
  JAXLIB_RETURN_IF_ERROR(need("hipMalloc", &h->hipMalloc));
  JAXLIB_RETURN_IF_ERROR(need("hipFree", &h->hipFree));
  JAXLIB_RETURN_IF_ERROR(need("hipMemcpy", &h->hipMemcpy));
  JAXLIB_RETURN_IF_ERROR(need("hipMemGetInfo", &h->hipMemGetInfo));
  // ROCm 6 renamed the properties entry point (its struct grew); either reads gcnArchName.
  if (!h->library.Resolve("hipGetDevicePropertiesR0600", &h->hipGetDeviceProperties).ok())
    JAXLIB_RETURN_IF_ERROR(need("hipGetDeviceProperties", &h->hipGetDeviceProperties));
  JAXLIB_RETURN_IF_ERROR(need("hipStreamCreate", &h->hipStreamCreate));
  JAXLIB_RETURN_IF_ERROR(need("hipStreamDestroy", &h->hipStreamDestroy));
  JAXLIB_RETURN_IF_ERROR(need("hipStreamSynchronize", &h->hipStreamSynchronize));
  JAXLIB_RETURN_IF_ERROR(need("hipMemcpyHtoDAsync", &h->hipMemcpyHtoDAsync));
  JAXLIB_RETURN_IF_ERROR(need("hipMemcpyDtoHAsync", &h->hipMemcpyDtoHAsync));
  JAXLIB_RETURN_IF_ERROR(need("hipMemcpyDtoDAsync", &h->hipMemcpyDtoDAsync));
  JAXLIB_RETURN_IF_ERROR(need("hipMemsetD8Async", &h->hipMemsetD8Async));
  JAXLIB_RETURN_IF_ERROR(need("hipModuleLoadData", &h->hipModuleLoadData));
  JAXLIB_RETURN_IF_ERROR(need("hipModuleUnload", &h->hipModuleUnload));
  JAXLIB_RETURN_IF_ERROR(need("hipModuleGetFunction", &h->hipModuleGetFunction));
  JAXLIB_RETURN_IF_ERROR(need("hipModuleLaunchKernel", &h->hipModuleLaunchKernel));
  JAXLIB_RETURN_IF_ERROR(need("hipEventCreate", &h->hipEventCreate));
  JAXLIB_RETURN_IF_ERROR(need("hipEventDestroy", &h->hipEventDestroy));
  JAXLIB_RETURN_IF_ERROR(need("hipEventRecord", &h->hipEventRecord));
  JAXLIB_RETURN_IF_ERROR(need("hipEventQuery", &h->hipEventQuery));
  JAXLIB_RETURN_IF_ERROR(need("hipEventSynchronize", &h->hipEventSynchronize));
  if (hipError_t r = h->hipInit(0); r != kHipSuccess)
    return FailedPrecondition("no AMD GPU/ROCm runtime found: " + h->Error("hipInit", r) + " (runtime " +
                              h->library.path + ")" + kFix);
  h->hipRuntimeGetVersion(&h->runtime_version);
  return std::shared_ptr<const HipRuntime>(std::move(h));
}

}  // namespace

std::string HipRuntime::Error(const char* call, hipError_t r) const {
  const char* name = hipGetErrorName ? hipGetErrorName(r) : nullptr;
  const char* text = hipGetErrorString ? hipGetErrorString(r) : nullptr;
  std::string out = std::string(call) + " failed: " + (name ? name : "hipError " + std::to_string(r));
  if (text) out += std::string(" (") + text + ")";
  return out;
}

std::vector<std::string> RocmLibrarySearchDirs(const std::string& option_value) {
  std::vector<std::string> dirs;
  auto add = [&](const std::string& d) {
    for (const std::string& e : dirs)
      if (e == d) return;
    if (!d.empty()) dirs.push_back(d);
  };
  if (const char* env = std::getenv(kLibraryDirsEnv))
    for (const std::string& d : gpu::SplitSearchPath(env)) add(d);
  for (const std::string& d : gpu::SplitSearchPath(option_value)) add(d);
  if (const char* rocm = std::getenv("ROCM_PATH"); rocm && *rocm) add(std::string(rocm) + "/lib");
  add("/opt/rocm/lib");
  return dirs;
}

StatusOr<std::shared_ptr<const HipRuntime>> LoadHipRuntime(const std::vector<std::string>& dirs) {
  // hipInit is process-wide; the answer for a given search list never changes.
  static std::mutex mu;
  static auto* results = new std::map<std::vector<std::string>, StatusOr<std::shared_ptr<const HipRuntime>>>();
  std::lock_guard<std::mutex> lock(mu);
  auto it = results->find(dirs);
  if (it == results->end()) it = results->emplace(dirs, LoadOnce(dirs)).first;
  return it->second;
}

}  // namespace jaxlib::rocm
