// cuBLAS reached only through dlopen: version query, handles and the strided-batched GEMMs the
// GPU executor calls for dot_general. Loading it needs no GPU. The GEMM entry points are
// optional: a library without them leaves dot to the generated kernel.
#pragma once

#include <string>
#include <vector>

#include "backends/gpu/dynamic_library.h"
#include "backends/gpu/vendor.h"
#include "runtime/support/status.h"

namespace jaxlib::cuda {

struct CublasLibrary {
  gpu::LoadedLibrary library;
  int major = 0, minor = 0, patch = 0;
  // cublasStatus_t (*)(...) entry points, resolved when present.
  int (*create)(void**) = nullptr;                        // cublasCreate_v2
  int (*set_stream)(void*, void*) = nullptr;              // cublasSetStream_v2
  void* gemm[4] = {nullptr, nullptr, nullptr, nullptr};   // S, D, C, Z GemmStridedBatched

  // "cuBLAS 12.9.1 (/path/libcublas.so.12)".
  std::string Describe() const;
  bool HasGemm(ElementType t) const;
  StatusOr<void*> CreateHandle(void* stream) const;
  // Row-major C = A * B per batch (column-major cuBLAS computes C^T = B^T A^T).
  Status Gemm(void* handle, const gpu::GemmArgs& g) const;
};

// Loads libcublas.so.<cuda_major> from `dirs`, then the system search path.
StatusOr<CublasLibrary> LoadCublas(int cuda_major, const std::vector<std::string>& dirs);

}  // namespace jaxlib::cuda
