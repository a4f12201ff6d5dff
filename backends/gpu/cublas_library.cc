// dlopen of cuBLAS; see cublas_library.h. Only cublasGetProperty is used so far.
#include "backends/cuda/cublas_library.h"

namespace jaxlib::cuda {

std::string CublasLibrary::Describe() const {
  return "cuBLAS " + std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch) + " (" +
         library.path + ")";
}

StatusOr<CublasLibrary> LoadCublas(int cuda_major, const std::vector<std::string>& dirs) {
  const std::string soname = "libcublas.so." + std::to_string(cuda_major);
  const std::string package = cuda_major == 12 ? "nvidia-cublas-cu12" : "nvidia-cublas";
  CublasLibrary out;
  JAXLIB_ASSIGN_OR_RETURN(out.library,
                          gpu::LoadFirstLibrary(dirs, {soname},
                                                "cuBLAS (" + soname + ") could not be loaded; install it with "
                                                "`pip install " + package +
                                                    "` (or the with-cuda extra of this backend)"));
  // cublasStatus_t cublasGetProperty(libraryPropertyType type, int* value);
  // libraryPropertyType: 0 = MAJOR_VERSION, 1 = MINOR_VERSION, 2 = PATCH_LEVEL.
  int (*get_property)(int, int*) = nullptr;
  JAXLIB_RETURN_IF_ERROR(out.library.Resolve("cublasGetProperty", &get_property));
  if (get_property(0, &out.major) != 0 || get_property(1, &out.minor) != 0 || get_property(2, &out.patch) != 0)
    return FailedPrecondition(out.library.path + ": cublasGetProperty failed");
  if (out.major != cuda_major)
    return FailedPrecondition(out.Describe() + " does not match this plugin's CUDA " + std::to_string(cuda_major));
  return out;
}

}  // namespace jaxlib::cuda
