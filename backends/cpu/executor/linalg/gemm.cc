// GEMM: the run-time BLAS for floating types (Fortran ?gemm_ of the library lapack_library.h
// loads, called on row-major data as the column-major product C^T = B^T A^T), and a portable
// blocked GEMM for the rest. Both split C into one block per pool thread when the product is big
// enough to pay for the hand-off.
#include "backends/cpu/executor/linalg/gemm.h"

#include <algorithm>
#include <complex>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/linalg/lapack_library.h"
#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/linalg/panel_gemm.h"
#include "backends/cpu/executor/parallel/thread_pool.h"

namespace jaxlib::cpu {

// Fortran BLAS ?gemm (trailing hidden string lengths of gfortran's convention; OpenBLAS ignores them).
template <class T>
using FortranGemm = void (*)(const char* ta, const char* tb, const int* m, const int* n, const int* k, const T* alpha,
                             const T* a, const int* lda, const T* b, const int* ldb, const T* beta, T* c,
                             const int* ldc, size_t, size_t);

struct BlasGemm {
  // OpenBLAS running its SkylakeX kernels, whose sgemm sums PanelGemmF32 reproduces.
  bool skylakex = false;
  FortranGemm<float> s = nullptr;
  FortranGemm<double> d = nullptr;
  FortranGemm<std::complex<float>> c = nullptr;
  FortranGemm<std::complex<double>> z = nullptr;
};

const BlasGemm* ResolveBlasGemm(const std::string& configured_path) {
  auto lib = LapackLibrary::Get(configured_path);
  if (!lib.ok()) return nullptr;
  static std::mutex mu;
  static auto* resolved = new std::map<const LapackLibrary*, std::unique_ptr<BlasGemm>>();
  std::lock_guard<std::mutex> lock(mu);
  auto it = resolved->find(*lib);
  if (it != resolved->end()) return it->second.get();
  auto find = [&](const char* name) -> void* {
    auto p = (*lib)->Find(name);
    return p.ok() ? *p : nullptr;
  };
  auto g = std::make_unique<BlasGemm>();
  g->s = reinterpret_cast<FortranGemm<float>>(find("sgemm"));
  g->d = reinterpret_cast<FortranGemm<double>>(find("dgemm"));
  g->c = reinterpret_cast<FortranGemm<std::complex<float>>>(find("cgemm"));
  g->z = reinterpret_cast<FortranGemm<std::complex<double>>>(find("zgemm"));
  // Our pool splits the product; OpenBLAS's own threads would compete with it for the cores
  // (and spin after every call). The Fortran form takes the count by pointer.
  if (void* set = find("openblas_set_num_threads")) {
    int one = 1;
    reinterpret_cast<void (*)(const int*)>(set)(&one);
  }
  if (void* core = find("openblas_get_corename"))
    g->skylakex = std::string_view(reinterpret_cast<const char* (*)()>(core)()) == "SkylakeX";
  const BlasGemm* raw = (g->s || g->d || g->c || g->z) ? g.get() : nullptr;
  (*resolved)[*lib] = std::move(g);
  return raw;
}

namespace {

// Products below this many multiply-adds stay on one thread.
constexpr int64_t kParallelMacs = int64_t{1} << 21;

#if defined(JAXLIB_X86_64)
// c[j] += a0 b0[j] + a1 b1[j] + a2 b2[j] + a3 b3[j] (b_r = b0 + r ldb) over whole vectors of
// [j0, j1) for 32-bit integers, 8 lanes at a time: integer sums wrap, so any order gives the
// scalar loop's bits. Returns where it stopped.
JAXLIB_TARGET_AVX2 int64_t IntRowsAvx2(uint32_t* c, const uint32_t* b0, int64_t ldb, uint32_t a0, uint32_t a1,
                                       uint32_t a2, uint32_t a3, int64_t j0, int64_t j1) {
  const __m256i x0 = _mm256_set1_epi32(static_cast<int>(a0)), x1 = _mm256_set1_epi32(static_cast<int>(a1)),
                x2 = _mm256_set1_epi32(static_cast<int>(a2)), x3 = _mm256_set1_epi32(static_cast<int>(a3));
  const uint32_t *b1 = b0 + ldb, *b2 = b1 + ldb, *b3 = b2 + ldb;
  auto load = [](const uint32_t* p) JAXLIB_LAMBDA_TARGET_AVX2 {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  };
  int64_t j = j0;
  for (; j + 8 <= j1; j += 8) {
    __m256i s = _mm256_add_epi32(_mm256_mullo_epi32(x0, load(b0 + j)), _mm256_mullo_epi32(x1, load(b1 + j)));
    s = _mm256_add_epi32(s, _mm256_add_epi32(_mm256_mullo_epi32(x2, load(b2 + j)), _mm256_mullo_epi32(x3, load(b3 + j))));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(c + j), _mm256_add_epi32(load(c + j), s));
  }
  return j;
}
#endif

template <class T>
void GemmBlocked(int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, T* C, int64_t ldc, bool accumulate) {
  const T* a = static_cast<const T*>(A.data);
  const T* b = static_cast<const T*>(B.data);
  auto at = [&](int64_t i, int64_t k) { return A.transposed ? a[k * A.ld + i] : a[i * A.ld + k]; };
  if (!accumulate)
    for (int64_t i = 0; i < M; ++i) std::fill(C + i * ldc, C + i * ldc + N, T(0));
  if (B.transposed) {
    // C[i,j] += sum_k A[i,k] B^T[j,k]: a dot product over contiguous rows of the stored B.
    for (int64_t i = 0; i < M; ++i)
      for (int64_t j = 0; j < N; ++j) {
        const T* bj = b + j * B.ld;
        T s = T(0);
        for (int64_t k = 0; k < K; ++k) s += at(i, k) * bj[k];
        C[i * ldc + j] += s;
      }
    return;
  }
  const int64_t ldb = B.ld;
  constexpr int64_t kBlockK = 256, kBlockN = 512, kBlockM = 64;
  for (int64_t j0 = 0; j0 < N; j0 += kBlockN) {
    int64_t j1 = std::min(N, j0 + kBlockN);
    for (int64_t k0 = 0; k0 < K; k0 += kBlockK) {
      int64_t k1 = std::min(K, k0 + kBlockK);
      for (int64_t i0 = 0; i0 < M; i0 += kBlockM) {
        int64_t i1 = std::min(M, i0 + kBlockM);
        for (int64_t i = i0; i < i1; ++i) {
          T* c = C + i * ldc;
          int64_t k = k0;
          // Four rows of B per pass halve the loads and stores of C.
          for (; k + 4 <= k1; k += 4) {
            const T a0 = at(i, k), a1 = at(i, k + 1), a2 = at(i, k + 2), a3 = at(i, k + 3);
            const T* b0 = b + k * ldb;
            const T* b1 = b0 + ldb;
            const T* b2 = b1 + ldb;
            const T* b3 = b2 + ldb;
            int64_t j = j0;
#if defined(JAXLIB_X86_64)
            if constexpr (std::is_same_v<T, uint32_t>) {
              static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
              if (avx2) j = IntRowsAvx2(c, b0, ldb, a0, a1, a2, a3, j0, j1);
            }
#endif
            for (; j < j1; ++j) c[j] += a0 * b0[j] + a1 * b1[j] + a2 * b2[j] + a3 * b3[j];
          }
          for (; k < k1; ++k) {
            const T av = at(i, k);
            const T* bk = b + k * ldb;
            for (int64_t j = j0; j < j1; ++j) c[j] += av * bk[j];
          }
        }
      }
    }
  }
}

// Rows [m0, m1) of C use rows [m0, m1) of op(A).
GemmOperand RowsOf(GemmOperand A, int64_t m0, size_t es) {
  A.data = static_cast<const uint8_t*>(A.data) + static_cast<size_t>(A.transposed ? m0 : m0 * A.ld) * es;
  return A;
}
// Columns [n0, n1) of C use columns [n0, n1) of op(B).
GemmOperand ColsOf(GemmOperand B, int64_t n0, size_t es) {
  B.data = static_cast<const uint8_t*>(B.data) + static_cast<size_t>(B.transposed ? n0 * B.ld : n0) * es;
  return B;
}

// Runs body(M', N', A', B', C') on one block of C per pool thread (or once when small).
template <class Body>
void SplitGemm(int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, uint8_t* C, int64_t ldc, size_t es,
               Body&& body) {
  if (M * N * K < kParallelMacs || ThreadPool::Global().num_threads() == 1) {
    body(M, N, A, B, C);
    return;
  }
  if (M >= N) {
    ParallelFor(M, 8, [&](int64_t m0, int64_t m1) { body(m1 - m0, N, RowsOf(A, m0, es), B, C + static_cast<size_t>(m0 * ldc) * es); }, 8, 1);
  } else {
    ParallelFor(N, 16, [&](int64_t n0, int64_t n1) { body(M, n1 - n0, A, ColsOf(B, n0, es), C + static_cast<size_t>(n0) * es); }, 16, 1);
  }
}

template <class T>
void CallBlas(FortranGemm<T> fn, int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, T* C, int64_t ldc,
              bool accumulate) {
  const char ta = B.transposed ? 'T' : 'N', tb = A.transposed ? 'T' : 'N';
  const int m = static_cast<int>(N), n = static_cast<int>(M), k = static_cast<int>(K);
  // Leading dimensions must be >= 1 even for empty operands.
  const int lda_f = static_cast<int>(std::max<int64_t>(1, B.ld)), ldb_f = static_cast<int>(std::max<int64_t>(1, A.ld));
  const int ldc_f = static_cast<int>(std::max<int64_t>(1, ldc));
  const T alpha(1), beta(accumulate ? 1 : 0);
  fn(&ta, &tb, &m, &n, &k, &alpha, static_cast<const T*>(B.data), &lda_f, static_cast<const T*>(A.data), &ldb_f,
     &beta, C, &ldc_f, 1, 1);
}

// `panel`: f32 blocks PanelGemmF32 suits may run on it instead of `blas` (same sums).
template <class T>
bool RunTyped(FortranGemm<T> blas, int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, void* C,
              int64_t ldc, bool accumulate, bool panel = false) {
  if (M == 0 || N == 0) return true;
  constexpr int64_t kIntMax = std::numeric_limits<int>::max();
  bool fits = M <= kIntMax && N <= kIntMax && K <= kIntMax && A.ld <= kIntMax && B.ld <= kIntMax && ldc <= kIntMax;
  SplitGemm(M, N, K, A, B, static_cast<uint8_t*>(C), ldc, sizeof(T),
            [&](int64_t m, int64_t n, GemmOperand a, GemmOperand b, uint8_t* c) {
              if (blas && fits && K > 0) {
                // Our own kernel where it beats the BLAS, with the BLAS's sums (panel_gemm.h).
                if constexpr (std::is_same_v<T, float>) {
                  if (panel && PanelGemmF32Suits(m, n, K, b.transposed)) {
                    PanelGemmF32(m, n, K, a, b, reinterpret_cast<float*>(c), ldc, accumulate);
                    return;
                  }
                }
                CallBlas<T>(blas, m, n, K, a, b, reinterpret_cast<T*>(c), ldc, accumulate);
              } else {
                GemmBlocked<T>(m, n, K, a, b, reinterpret_cast<T*>(c), ldc, accumulate);
              }
            });
  return true;
}

// GemmBlocked's sums for a product small enough to skip its blocking: with B untransposed,
// C[i, j] = 0 + (four products of a group of k, added left to right) + ... + the tail's products
// one at a time; with B transposed, 0 + the sequential sum over k. One row of A at a time in
// registers; the same expression per element as GemmBlocked, so the same bits.
template <class T>
void GemmTiny(int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, T* C, int64_t ldc) {
  const T* a = static_cast<const T*>(A.data);
  const T* b = static_cast<const T*>(B.data);
  const int64_t a_row = A.transposed ? 1 : A.ld, a_col = A.transposed ? A.ld : 1;
  for (int64_t i = 0; i < M; ++i) {
    const T* ai = a + i * a_row;
    T* c = C + i * ldc;
    if (B.transposed) {
      for (int64_t j = 0; j < N; ++j) {
        const T* bj = b + j * B.ld;
        T s = T(0);
        for (int64_t k = 0; k < K; ++k) s += ai[k * a_col] * bj[k];
        c[j] = T(0) + s;
      }
      continue;
    }
    for (int64_t j = 0; j < N; ++j) {
      const T* bj = b + j;
      T s = T(0);
      int64_t k = 0;
      for (; k + 4 <= K; k += 4)
        s += ai[k * a_col] * bj[k * B.ld] + ai[(k + 1) * a_col] * bj[(k + 1) * B.ld] +
             ai[(k + 2) * a_col] * bj[(k + 2) * B.ld] + ai[(k + 3) * a_col] * bj[(k + 3) * B.ld];
      for (; k < K; ++k) s += ai[k * a_col] * bj[k * B.ld];
      c[j] = s;
    }
  }
}

// GemmTiny's sums for kLanes batches at once, lane l of every run being batch l: at holds
// op(A)'s element (m, k) of every batch at [(m K + k) kLanes], bt op(B)'s (k, n) at
// [(k N + n) kLanes], ct receives C's (m, n) at [(m N + n) kLanes]. Multiplies and adds, never
// fused, lane by lane in GemmTiny's order: the same bits at every vector width.
template <class T, int64_t kLanes>
__attribute__((always_inline)) inline void TinyLaneSumsBody(int64_t M, int64_t N, int64_t K, bool b_transposed, const T* at, const T* bt, T* ct) {
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < N; ++j) {
      T s[kLanes];
      for (int64_t l = 0; l < kLanes; ++l) s[l] = T(0);
      const T* a = at + i * K * kLanes;
      const T* b = bt + j * kLanes;
      const int64_t bk = N * kLanes;  // from op(B)'s (k, j) to (k + 1, j)
      T* c = ct + (i * N + j) * kLanes;
      if (b_transposed) {
        for (int64_t k = 0; k < K; ++k)
          for (int64_t l = 0; l < kLanes; ++l) s[l] += a[k * kLanes + l] * b[k * bk + l];
        for (int64_t l = 0; l < kLanes; ++l) c[l] = T(0) + s[l];
        continue;
      }
      int64_t k = 0;
      for (; k + 4 <= K; k += 4)
        for (int64_t l = 0; l < kLanes; ++l)
          s[l] += a[k * kLanes + l] * b[k * bk + l] + a[(k + 1) * kLanes + l] * b[(k + 1) * bk + l] +
                  a[(k + 2) * kLanes + l] * b[(k + 2) * bk + l] + a[(k + 3) * kLanes + l] * b[(k + 3) * bk + l];
      for (; k < K; ++k)
        for (int64_t l = 0; l < kLanes; ++l) s[l] += a[k * kLanes + l] * b[k * bk + l];
      for (int64_t l = 0; l < kLanes; ++l) c[l] = s[l];
    }
}
template <class T, int64_t kLanes>
void TinyLaneSums(int64_t M, int64_t N, int64_t K, bool b_transposed, const T* at, const T* bt, T* ct) {
  TinyLaneSumsBody<T, kLanes>(M, N, K, b_transposed, at, bt, ct);
}
#if defined(JAXLIB_X86_64)
template <class T, int64_t kLanes>
JAXLIB_TARGET_AVX2 void TinyLaneSumsAvx2(int64_t M, int64_t N, int64_t K, bool b_transposed, const T* at, const T* bt,
                                         T* ct) {
  TinyLaneSumsBody<T, kLanes>(M, N, K, b_transposed, at, bt, ct);
}
#endif

// Many tiny products: whole groups of 256 bytes of batches (64 f32, 32 f64) with the batches as
// vector lanes, their operands transposed in and the results out by the strided-copy engine
// (register transposes, stream permutes); the last batches one at a time. GemmTiny's bits.
template <class T>
void GemmTinyBatched(int64_t batches, int64_t M, int64_t N, int64_t K, GemmOperand A, int64_t a_stride,
                     GemmOperand B, int64_t b_stride, T* C, int64_t c_stride) {
  constexpr int64_t kLanes = 256 / sizeof(T);
  int64_t bi = 0;
  if (batches >= kLanes && M * N * K > 0) {
    const int64_t a_row = A.transposed ? 1 : A.ld, a_col = A.transposed ? A.ld : 1;
    const int64_t b_row = B.transposed ? 1 : B.ld, b_col = B.transposed ? B.ld : 1;
    // Into lanes: element (x, y) of batch l to [(x Y + y) kLanes + l]; out of them: C's (i, j)
    // of batch l from [(i N + j) kLanes + l].
    const StridedCopier a_in({M, K, kLanes}, {K * kLanes, kLanes, 1}, {a_row, a_col, a_stride}, sizeof(T));
    const StridedCopier b_in({K, N, kLanes}, {N * kLanes, kLanes, 1}, {b_row, b_col, b_stride}, sizeof(T));
    const StridedCopier c_out({kLanes, M * N}, {c_stride, 1}, {1, kLanes}, sizeof(T));
    std::vector<T> lanes(static_cast<size_t>((M * K + K * N + M * N) * kLanes));
    T* at = lanes.data();
    T* bt = at + M * K * kLanes;
    T* ct = bt + K * N * kLanes;
#if defined(JAXLIB_X86_64)
    static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
    const auto sums = avx2 ? &TinyLaneSumsAvx2<T, kLanes> : &TinyLaneSums<T, kLanes>;
#else
    const auto sums = &TinyLaneSums<T, kLanes>;
#endif
    for (; bi + kLanes <= batches; bi += kLanes) {
      a_in.Run(at, static_cast<const T*>(A.data) + bi * a_stride);
      b_in.Run(bt, static_cast<const T*>(B.data) + bi * b_stride);
      sums(M, N, K, B.transposed, at, bt, ct);
      c_out.Run(C + bi * c_stride, ct);
    }
  }
  for (; bi < batches; ++bi)
    GemmTiny<T>(M, N, K, GemmOperand{static_cast<const T*>(A.data) + bi * a_stride, A.ld, A.transposed},
                GemmOperand{static_cast<const T*>(B.data) + bi * b_stride, B.ld, B.transposed}, C + bi * c_stride, N);
}

}  // namespace

bool GemmBuiltinBatched(ElementType t, int64_t batches, int64_t M, int64_t N, int64_t K, GemmOperand A,
                        int64_t a_stride, GemmOperand B, int64_t b_stride, void* C, int64_t c_stride) {
  switch (t) {
    case ElementType::kF32:
      GemmTinyBatched<float>(batches, M, N, K, A, a_stride, B, b_stride, static_cast<float*>(C), c_stride);
      return true;
    case ElementType::kF64:
      GemmTinyBatched<double>(batches, M, N, K, A, a_stride, B, b_stride, static_cast<double*>(C), c_stride);
      return true;
    default: return false;
  }
}

bool GemmTakesPanel(const BlasGemm* blas, int64_t M, int64_t N, int64_t K, bool b_transposed) {
  return blas && blas->s && blas->skylakex && PanelGemmF32Suits(M, N, K, b_transposed);
}

bool Gemm(const BlasGemm* blas, ElementType t, int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, void* C,
          int64_t ldc, bool accumulate) {
  switch (t) {
    case ElementType::kF32:
      return RunTyped<float>(blas ? blas->s : nullptr, M, N, K, A, B, C, ldc, accumulate, blas && blas->skylakex);
    case ElementType::kF64: return RunTyped<double>(blas ? blas->d : nullptr, M, N, K, A, B, C, ldc, accumulate);
    case ElementType::kC64:
      return RunTyped<std::complex<float>>(blas ? blas->c : nullptr, M, N, K, A, B, C, ldc, accumulate);
    case ElementType::kC128:
      return RunTyped<std::complex<double>>(blas ? blas->z : nullptr, M, N, K, A, B, C, ldc, accumulate);
    case ElementType::kS32:
    case ElementType::kU32: return RunTyped<uint32_t>(nullptr, M, N, K, A, B, C, ldc, accumulate);
    case ElementType::kS64:
    case ElementType::kU64: return RunTyped<uint64_t>(nullptr, M, N, K, A, B, C, ldc, accumulate);
    default: return false;
  }
}

}  // namespace jaxlib::cpu
