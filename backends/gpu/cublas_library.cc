// dlopen of cuBLAS and the GEMM calls; see cublas_library.h.
#include "backends/gpu/cublas_library.h"

namespace jaxlib::cuda {
namespace {

int GemmIndex(ElementType t) {
  switch (t) {
    case ElementType::kF32: return 0;
    case ElementType::kF64: return 1;
    case ElementType::kC64: return 2;
    case ElementType::kC128: return 3;
    default: return -1;
  }
}

// cublas<T>gemmStridedBatched(handle, transa, transb, m, n, k, alpha, A, lda, strideA, B, ldb,
// strideB, beta, C, ldc, strideC, batchCount): one signature for every type, scalars by pointer.
using GemmFn = int (*)(void*, int, int, int, int, int, const void*, const void*, int, long long, const void*, int,
                       long long, const void*, void*, int, long long, int);

}  // namespace

bool CublasLibrary::HasGemm(ElementType t) const {
  int i = GemmIndex(t);
  return i >= 0 && gemm[i] != nullptr && create != nullptr && set_stream != nullptr;
}

StatusOr<void*> CublasLibrary::CreateHandle(void* stream) const {
  void* h = nullptr;
  if (int r = create(&h); r != 0) return Internal("cublasCreate_v2 failed: status " + std::to_string(r));
  if (int r = set_stream(h, stream); r != 0) return Internal("cublasSetStream_v2 failed: status " + std::to_string(r));
  return h;
}

Status CublasLibrary::Gemm(void* handle, const gpu::GemmArgs& g) const {
  if (!HasGemm(g.type)) return Unimplemented("cuBLAS has no GEMM for " + std::string(ElementTypeMlirName(g.type)));
  const double one[2] = {1.0, 0.0}, zero[2] = {0.0, 0.0};
  const float onef[2] = {1.0f, 0.0f}, zerof[2] = {0.0f, 0.0f};
  const bool single = g.type == ElementType::kF32 || g.type == ElementType::kC64;
  const void* alpha = single ? static_cast<const void*>(onef) : static_cast<const void*>(one);
  const void* beta = single ? static_cast<const void*>(zerof) : static_cast<const void*>(zero);
  constexpr int kOpN = 0;  // CUBLAS_OP_N
  const int m = static_cast<int>(g.m), n = static_cast<int>(g.n), k = static_cast<int>(g.k);
  auto fn = reinterpret_cast<GemmFn>(gemm[GemmIndex(g.type)]);
  int r = fn(handle, kOpN, kOpN, n, m, k, alpha, reinterpret_cast<const void*>(g.b), n, g.k * g.n,
             reinterpret_cast<const void*>(g.a), k, g.m * g.k, beta, reinterpret_cast<void*>(g.c), n, g.m * g.n,
             static_cast<int>(g.batch));
  if (r != 0) return Internal("cuBLAS gemmStridedBatched failed: status " + std::to_string(r));
  return Status::Ok();
}

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
  out.create = reinterpret_cast<int (*)(void**)>(out.library.ResolveRaw("cublasCreate_v2"));
  out.set_stream = reinterpret_cast<int (*)(void*, void*)>(out.library.ResolveRaw("cublasSetStream_v2"));
  const char* names[4] = {"cublasSgemmStridedBatched", "cublasDgemmStridedBatched", "cublasCgemmStridedBatched",
                          "cublasZgemmStridedBatched"};
  for (int i = 0; i < 4; ++i) out.gemm[i] = out.library.ResolveRaw(names[i]);
  if (out.major != cuda_major)
    return FailedPrecondition(out.Describe() + " does not match this plugin's CUDA " + std::to_string(cuda_major));
  return out;
}

}  // namespace jaxlib::cuda
