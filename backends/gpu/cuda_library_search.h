// Where the CUDA plugin looks for NVRTC and cuBLAS (never for the driver, which is always the
// system's). NVIDIA's pip wheels are preferred; see CudaLibrarySearchDirs for the order.
#pragma once

#include <string>
#include <vector>

namespace jaxlib::cuda {

// The environment variable users set to override the search (os.pathsep-separated dirs).
inline constexpr const char* kLibraryDirsEnv = "JAXLIB_CUDA_LIBRARY_DIRS";
// The client option our Python package fills with the nvidia wheel dirs it found on sys.path.
inline constexpr const char* kLibraryDirsOption = "cuda_library_dirs";

// NVIDIA's wheel layout under one site-packages directory, for one CUDA major:
//   12: nvidia/cuda_nvrtc/lib, nvidia/cublas/lib      (nvidia-cuda-nvrtc-cu12, nvidia-cublas-cu12)
//   13: nvidia/cu13/lib                               (nvidia-cuda-nvrtc, nvidia-cublas >= 13)
std::vector<std::string> NvidiaWheelLibDirs(const std::string& site_packages, int cuda_major);

// Search order, first hit wins (duplicates removed):
//   1. $JAXLIB_CUDA_LIBRARY_DIRS (explicit user override);
//   2. the `cuda_library_dirs` client option (our Python package's sys.path scan);
//   3. NvidiaWheelLibDirs of the site-packages holding this plugin (found with dladdr), so the
//      plugin also works when a foreign PJRT host (e.g. pypjrt) loads it without our Python;
//   then LoadFirstLibrary falls back to the dynamic linker's own search (system CUDA).
std::vector<std::string> CudaLibrarySearchDirs(int cuda_major, const std::string& option_value);

}  // namespace jaxlib::cuda
