// cuBLAS reached only through dlopen (GEMM will go here). Loading it needs no GPU: only the
// version is queried until the executor exists.
#pragma once

#include <string>
#include <vector>

#include "backends/cuda/dynamic_library.h"
#include "runtime/support/status.h"

namespace jaxlib::cuda {

struct CublasLibrary {
  gpu::LoadedLibrary library;
  int major = 0, minor = 0, patch = 0;
  // "cuBLAS 12.9.1 (/path/libcublas.so.12)".
  std::string Describe() const;
};

// Loads libcublas.so.<cuda_major> from `dirs`, then the system search path.
StatusOr<CublasLibrary> LoadCublas(int cuda_major, const std::vector<std::string>& dirs);

}  // namespace jaxlib::cuda
