// Search directories for NVRTC/cuBLAS; see cuda_library_search.h.
#include "backends/gpu/cuda_library_search.h"

#include <algorithm>
#include <cstdlib>

#include "backends/gpu/dynamic_library.h"

namespace jaxlib::cuda {

std::vector<std::string> NvidiaWheelLibDirs(const std::string& site_packages, int cuda_major) {
  if (cuda_major >= 13)
    return {site_packages + "/nvidia/cu" + std::to_string(cuda_major) + "/lib"};
  return {site_packages + "/nvidia/cuda_nvrtc/lib", site_packages + "/nvidia/cublas/lib"};
}

std::vector<std::string> CudaLibrarySearchDirs(int cuda_major, const std::string& option_value) {
  std::vector<std::string> dirs;
  auto add = [&](const std::string& d) {
    if (!d.empty() && std::find(dirs.begin(), dirs.end(), d) == dirs.end()) dirs.push_back(d);
  };
  if (const char* env = std::getenv(kLibraryDirsEnv))
    for (const std::string& d : gpu::SplitSearchPath(env)) add(d);
  for (const std::string& d : gpu::SplitSearchPath(option_value)) add(d);
  // <site-packages>/jaxlib_cudaNN/<plugin>.so -> <site-packages>.
  const std::string plugin_dir = gpu::ThisLibraryDirectory();
  if (const size_t slash = plugin_dir.rfind('/'); slash != std::string::npos && slash > 0)
    for (const std::string& d : NvidiaWheelLibDirs(plugin_dir.substr(0, slash), cuda_major)) add(d);
  return dirs;
}

}  // namespace jaxlib::cuda
