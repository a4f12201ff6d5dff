// Portable blocked GEMM: cache blocking over K and N with a contiguous, vectorisable inner loop.
// Correct for every type; tuned kernels or OpenBLAS slot in behind Gemm() later.
#include "backends/cpu/executor/gemm.h"

#include <algorithm>
#include <complex>
#include <cstring>

namespace jaxlib::cpu {
namespace {

template <class T>
void GemmT(int64_t M, int64_t N, int64_t K, const T* A, int64_t lda, const T* B, int64_t ldb, T* C,
           int64_t ldc, bool accumulate) {
  if (!accumulate)
    for (int64_t i = 0; i < M; ++i) std::fill(C + i * ldc, C + i * ldc + N, T(0));
  constexpr int64_t kBlockK = 256, kBlockN = 512, kBlockM = 64;
  for (int64_t j0 = 0; j0 < N; j0 += kBlockN) {
    int64_t j1 = std::min(N, j0 + kBlockN);
    for (int64_t k0 = 0; k0 < K; k0 += kBlockK) {
      int64_t k1 = std::min(K, k0 + kBlockK);
      for (int64_t i0 = 0; i0 < M; i0 += kBlockM) {
        int64_t i1 = std::min(M, i0 + kBlockM);
        for (int64_t i = i0; i < i1; ++i) {
          T* c = C + i * ldc;
          const T* a = A + i * lda;
          int64_t k = k0;
          // Four rows of B per pass halve the loads and stores of C.
          for (; k + 4 <= k1; k += 4) {
            const T a0 = a[k], a1 = a[k + 1], a2 = a[k + 2], a3 = a[k + 3];
            const T* b0 = B + k * ldb;
            const T* b1 = b0 + ldb;
            const T* b2 = b1 + ldb;
            const T* b3 = b2 + ldb;
            for (int64_t j = j0; j < j1; ++j) c[j] += a0 * b0[j] + a1 * b1[j] + a2 * b2[j] + a3 * b3[j];
          }
          for (; k < k1; ++k) {
            const T av = a[k];
            const T* b = B + k * ldb;
            for (int64_t j = j0; j < j1; ++j) c[j] += av * b[j];
          }
        }
      }
    }
  }
}

}  // namespace

bool Gemm(ElementType t, int64_t M, int64_t N, int64_t K, const void* A, int64_t lda, const void* B,
          int64_t ldb, void* C, int64_t ldc, bool accumulate) {
  switch (t) {
    case ElementType::kF32:
      GemmT<float>(M, N, K, static_cast<const float*>(A), lda, static_cast<const float*>(B), ldb,
                   static_cast<float*>(C), ldc, accumulate);
      return true;
    case ElementType::kF64:
      GemmT<double>(M, N, K, static_cast<const double*>(A), lda, static_cast<const double*>(B), ldb,
                    static_cast<double*>(C), ldc, accumulate);
      return true;
    case ElementType::kC64:
      GemmT<std::complex<float>>(M, N, K, static_cast<const std::complex<float>*>(A), lda,
                                 static_cast<const std::complex<float>*>(B), ldb,
                                 static_cast<std::complex<float>*>(C), ldc, accumulate);
      return true;
    case ElementType::kC128:
      GemmT<std::complex<double>>(M, N, K, static_cast<const std::complex<double>*>(A), lda,
                                  static_cast<const std::complex<double>*>(B), ldb,
                                  static_cast<std::complex<double>*>(C), ldc, accumulate);
      return true;
    case ElementType::kS32:
    case ElementType::kU32:
      GemmT<uint32_t>(M, N, K, static_cast<const uint32_t*>(A), lda, static_cast<const uint32_t*>(B), ldb,
                      static_cast<uint32_t*>(C), ldc, accumulate);
      return true;
    case ElementType::kS64:
    case ElementType::kU64:
      GemmT<uint64_t>(M, N, K, static_cast<const uint64_t*>(A), lda, static_cast<const uint64_t*>(B), ldb,
                      static_cast<uint64_t*>(C), ldc, accumulate);
      return true;
    default:
      return false;
  }
}

}  // namespace jaxlib::cpu
