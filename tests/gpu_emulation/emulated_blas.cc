// Emulated cuBLAS / hipBLAS for tests without a GPU: handles, streams and the strided-batched
// GEMMs the GPU plugins call, computed on the host in the stream's order (the work is queued on
// the emulated driver's stream through jxemu_enqueue). JX_HIPBLAS selects hipBLAS names and
// operation codes; JX_CUBLAS_MAJOR the CUDA major a cuBLAS build reports. Test-only.
#include <complex>
#include <cstdlib>
#include <functional>

#include "emulated_device.h"

extern "C" void jxemu_enqueue(void* stream, void (*fn)(void*), void* arg);

namespace {

struct Handle {
  void* stream = nullptr;
};

#ifdef JX_HIPBLAS
constexpr int kOpN = 111, kOpT = 112;
#else
constexpr int kOpN = 0, kOpT = 1;
#endif

template <class T>
int GemmStridedBatched(void* h, int ta, int tb, int m, int n, int k, const T* alpha, const T* A, int lda, long long sa,
                       const T* B, int ldb, long long sb, const T* beta, T* C, int ldc, long long sc, int batch) {
  if (!h || (ta != kOpN && ta != kOpT) || (tb != kOpN && tb != kOpT) || m < 0 || n < 0 || k < 0) return 7;
  auto* work = new std::function<void()>([=, a = *alpha, b = *beta] {
    for (int i = 0; i < batch; ++i)
      jxemu::Gemm<T>(ta == kOpT, tb == kOpT, m, n, k, a, A + i * sa, lda, B + i * sb, ldb, b, C + i * sc, ldc);
  });
  jxemu_enqueue(static_cast<Handle*>(h)->stream, [](void* w) {
    auto* f = static_cast<std::function<void()>*>(w);
    (*f)();
    delete f;
  }, work);
  return 0;
}

}  // namespace

extern "C" {

#ifdef JX_HIPBLAS
int hipblasCreate(void** h) {
  *h = new Handle();
  return 0;
}
int hipblasDestroy(void* h) {
  delete static_cast<Handle*>(h);
  return 0;
}
int hipblasSetStream(void* h, void* s) {
  static_cast<Handle*>(h)->stream = s;
  return 0;
}
#define JX_GEMM(name, T) \
  int name(void* h, int ta, int tb, int m, int n, int k, const T* al, const T* A, int lda, long long sa, const T* B, \
           int ldb, long long sb, const T* be, T* C, int ldc, long long sc, int batch) {                            \
    return GemmStridedBatched<T>(h, ta, tb, m, n, k, al, A, lda, sa, B, ldb, sb, be, C, ldc, sc, batch);             \
  }
JX_GEMM(hipblasSgemmStridedBatched, float)
JX_GEMM(hipblasDgemmStridedBatched, double)
JX_GEMM(hipblasCgemmStridedBatched, std::complex<float>)
JX_GEMM(hipblasZgemmStridedBatched, std::complex<double>)
#else
int cublasGetProperty(int type, int* value) {
  *value = type == 0 ? JX_CUBLAS_MAJOR : type == 1 ? 9 : 1;
  return 0;
}
int cublasCreate_v2(void** h) {
  *h = new Handle();
  return 0;
}
int cublasDestroy_v2(void* h) {
  delete static_cast<Handle*>(h);
  return 0;
}
int cublasSetStream_v2(void* h, void* s) {
  static_cast<Handle*>(h)->stream = s;
  return 0;
}
#define JX_GEMM(name, T) \
  int name(void* h, int ta, int tb, int m, int n, int k, const T* al, const T* A, int lda, long long sa, const T* B, \
           int ldb, long long sb, const T* be, T* C, int ldc, long long sc, int batch) {                            \
    return GemmStridedBatched<T>(h, ta, tb, m, n, k, al, A, lda, sa, B, ldb, sb, be, C, ldc, sc, batch);             \
  }
JX_GEMM(cublasSgemmStridedBatched, float)
JX_GEMM(cublasDgemmStridedBatched, double)
JX_GEMM(cublasCgemmStridedBatched, std::complex<float>)
JX_GEMM(cublasZgemmStridedBatched, std::complex<double>)
#endif

}  // extern "C"
