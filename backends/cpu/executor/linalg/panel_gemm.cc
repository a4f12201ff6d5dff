// The L2-sized f32 GEMM (panel_gemm.h): column panels of op(B) of the ISA's tile width (read in
// place, or packed when op(B) is transposed), register tiles of C computed one chain of fused
// multiply-adds per element with op(A)'s values broadcast straight from the caller's memory. No
// zeroing pass over C and no copy of op(A).
#include "backends/cpu/executor/linalg/panel_gemm.h"

#include <algorithm>
#include <cstdint>
#include <memory>

#include <unistd.h>

#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/linalg/conv_micro_kernels.h"
#include "runtime/support/env_flag.h"

// The tile body passes vectors between always-inlined helpers, never across a call that stays
// out of line (the flattened entry points inline all of it), so the ABI note does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jaxlib::cpu {
namespace {

// OpenBLAS's split of K (driver/level3/level3.c with SkylakeX's SGEMM_DEFAULT_Q and
// SGEMM_DEFAULT_UNROLL_M): the length of the next chunk when `rest` values of k remain. Chunks
// are summed apart and added to C, so following the rule keeps the BLAS's bits.
constexpr int64_t kBlasQ = 448, kBlasUnrollM = 16;
int64_t NextChunk(int64_t rest) {
  if (rest >= 2 * kBlasQ) return kBlasQ;
  if (rest > kBlasQ) return (rest / 2 + kBlasUnrollM - 1) / kBlasUnrollM * kBlasUnrollM;
  return rest;
}

// One tile call: rows x (the panel's `cols`) of C over one chunk of k.
struct TileArgs {
  const float* a;  // op(A)[first row, first k of the chunk]
  int64_t a_row;   // elements from one row of op(A) to the next
  int64_t a_k;     // elements from one k of op(A) to the next (1 unless op(A) is transposed)
  const float* b;  // op(B)[first k of the chunk, the panel's first column]
  int64_t b_k;     // elements from one k of the panel to the next (its width when packed, else ldb)
  int64_t kc;
  float* c;
  int64_t ldc;
  int cols;  // real columns of the panel (the rest of its width is padding)
  bool add;  // C + the chunk's sums (a later chunk, or accumulate), else the sums
};
using TileFn = void (*)(const TileArgs& t);

#if defined(__x86_64__)
// NV vectors of one k of a panel (through the lane masks in a `Masked` tile). No target of its
// own, like TileBody: both are inlined into the flattened AVX-512 entry points (clang does not
// give a lambda its enclosing function's target, so this is not a lambda).
template <class Vec, int NV, bool kMasked>
__attribute__((always_inline)) inline void LoadPanelRow(const float* b, const typename Vec::Mask* mask,
                                                        typename Vec::V* bv) {
#pragma GCC unroll 4
  for (int v = 0; v < NV; ++v)
    bv[v] = kMasked ? Vec::LoadTail(b + Vec::kLanes * v, mask[v]) : Vec::Load(b + Vec::kLanes * v);
}

// The micro-kernel: P rows x NV vectors of C in registers; per k, NV vectors of the panel and
// one broadcast per row. P * NV accumulators (>= 8 to cover FMA latency x ports) + NV panel
// vectors + a broadcast within the register file. With op(A) untransposed each row is its own
// pointer indexed by k; transposed, the rows of one k are adjacent and one pointer steps by lda.
// Only a `Masked` tile (the last panel, narrower than its vectors) loads op(B) and stores C
// through lane masks: op(B) read in place has no columns to spare past N.
template <class Vec, int P, int NV, bool kTransA, bool kMasked>
__attribute__((always_inline)) inline void TileBody(const TileArgs& t) {
  using V = typename Vec::V;
  constexpr int L = Vec::kLanes;
  typename Vec::Mask mask[NV];
  if constexpr (kMasked) {
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) mask[v] = Vec::TailMask(std::clamp(t.cols - L * v, 0, L));
  }
  V acc[P][NV];
#pragma GCC unroll 16
  for (int p = 0; p < P; ++p)
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) acc[p][v] = Vec::Zero();
  const float* b = t.b;
  const int64_t kc = t.kc, b_k = t.b_k;
  if constexpr (!kTransA) {
    const float* a[P];
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p) a[p] = t.a + p * t.a_row;
#pragma GCC unroll 4
    for (int64_t k = 0; k < kc; ++k, b += b_k) {
      V bv[NV];
      LoadPanelRow<Vec, NV, kMasked>(b, mask, bv);
#pragma GCC unroll 16
      for (int p = 0; p < P; ++p) {
        const V x = Vec::Broadcast(a[p] + k);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[p][v] = Vec::MulAdd(x, bv[v], acc[p][v]);
      }
    }
  } else {
    const float* a = t.a;
    const int64_t a_k = t.a_k;
#pragma GCC unroll 4
    for (int64_t k = 0; k < kc; ++k, b += b_k, a += a_k) {
      V bv[NV];
      LoadPanelRow<Vec, NV, kMasked>(b, mask, bv);
#pragma GCC unroll 16
      for (int p = 0; p < P; ++p) {
        const V x = Vec::Broadcast(a + p);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[p][v] = Vec::MulAdd(x, bv[v], acc[p][v]);
      }
    }
  }
#pragma GCC unroll 16
  for (int p = 0; p < P; ++p) {
    float* c = t.c + p * t.ldc;
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      V r = acc[p][v];
      if (t.add) r = Vec::Add(kMasked ? Vec::LoadTail(c + L * v, mask[v]) : Vec::Load(c + L * v), r);
      if constexpr (kMasked)
        Vec::StoreTail(c + L * v, mask[v], r);
      else
        Vec::Store(c + L * v, r);
    }
  }
}

// The AVX-512 entry points: the ISA's target, everything inlined into them.
template <int P, int NV, bool kTransA, bool kMasked>
struct Avx512Tile {
  __attribute__((target("avx512f"), flatten)) static void Run(const TileArgs& t) {
    TileBody<conv_micro::Avx512Vectors, P, NV, kTransA, kMasked>(t);
  }
};

// The tile of `rows` (1..P) rows and `vectors` (1..NV) vectors of one ISA's entry point `Tile`.
template <template <int, int, bool, bool> class Tile, int NV, int P>
TileFn PickTile(int rows, int vectors, bool trans_a, bool masked) {
  if constexpr (P > 1)
    if (rows < P) return PickTile<Tile, NV, P - 1>(rows, vectors, trans_a, masked);
  if constexpr (NV > 1)
    if (vectors < NV) return PickTile<Tile, NV - 1, P>(rows, vectors, trans_a, masked);
  if (trans_a) return masked ? &Tile<P, NV, true, true>::Run : &Tile<P, NV, true, false>::Run;
  return masked ? &Tile<P, NV, false, true>::Run : &Tile<P, NV, false, false>::Run;
}
#endif

// The micro-kernels: panels of `lanes * vectors` columns, tiles of up to `rows` rows (a last
// panel of fewer vectors runs tiles of fewer vectors).
struct Kernels {
  int lanes = 0, vectors = 0, rows = 0;
  TileFn (*pick)(int rows, int vectors, bool trans_a, bool masked) = nullptr;
  int Width() const { return lanes * vectors; }
};

// 12 x 2 vectors (24 of the 32 zmm accumulate). AVX-512 only: capped at AVX2
// ($JAXLIB_CPU_ISA), OpenBLAS still runs its AVX-512 kernels (it ignores the cap), which an AVX2
// tile cannot beat (1.25x their time at 32 x 256^3); on CPUs without AVX-512 OpenBLAS's Haswell
// kernels sum in another order, and 6 x 16 AVX2 tiles only matched their speed (0.93-1.06x,
// OPENBLAS_CORETYPE=Haswell here), so they would change results for no gain.
const Kernels& KernelsForCpu() {
  static const Kernels k = []() -> Kernels {
#if defined(__x86_64__)
    if (EnvFlag("JAXLIB_CPU_DISABLE_PANEL_GEMM") || DetectedVectorIsa() != VectorIsa::kAvx512) return {};
    return {16, 2, 12, &PickTile<Avx512Tile, 2, 12>};
#else
    return {};
#endif
  }();
  return k;
}

// The L2 cache of one core, in bytes (1 MiB when the system does not say).
int64_t L2Bytes() {
  static const int64_t bytes = [] {
    const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
    return l2 > 0 ? static_cast<int64_t>(l2) : int64_t{1} << 20;
  }();
  return bytes;
}

#if defined(__x86_64__)
// dst[i * ld_dst + r] = src[r][k0 + i] for r, i < 8: an 8 x 8 block of stored rows transposed
// with AVX shuffles (every CPU the tiles run on has AVX2).
__attribute__((target("avx2"), always_inline)) inline void Transpose8x8(const float* const* src, int64_t k0, float* dst,
                                                  int64_t ld_dst) {
  __m256 r[8], t[8];
  for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src[i] + k0);
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 8; i += 4) {
    r[i] = _mm256_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int i = 0; i < 4; ++i) {
    _mm256_storeu_ps(dst + i * ld_dst, _mm256_permute2f128_ps(r[i], r[i + 4], 0x20));
    _mm256_storeu_ps(dst + (i + 4) * ld_dst, _mm256_permute2f128_ps(r[i], r[i + 4], 0x31));
  }
}
#endif

// Rows [k0, k0 + kc) and columns [j0, j0 + width) of a transposed op(B) (stored as N rows of K)
// as one panel: kc rows of `width` values, the columns past N zero. Eight stored rows at a
// time, in 8 x 8 blocks, so each k writes eight adjacent values of the panel. AVX2 code: only
// the tiles' CPUs run it.
#if defined(__x86_64__)
__attribute__((target("avx2")))
#endif
void PackTransposedPanel(GemmOperand B, int64_t k0, int64_t kc, int64_t j0, int64_t N, int width, float* panel) {
  const float* b = static_cast<const float*>(B.data);
  constexpr int kGroup = 8;
  const int64_t w = std::min<int64_t>(width, N - j0);
  int64_t j = 0;
  for (; j + kGroup <= w; j += kGroup) {
    const float* src[kGroup];
    for (int r = 0; r < kGroup; ++r) src[r] = b + (j0 + j + r) * B.ld + k0;
    int64_t k = 0;
#if defined(__x86_64__)
    for (; k + 8 <= kc; k += 8) Transpose8x8(src, k, panel + k * width + j, width);
#endif
    for (float* dst = panel + k * width + j; k < kc; ++k, dst += width)
      for (int r = 0; r < kGroup; ++r) dst[r] = src[r][k];
  }
  for (; j < w; ++j) {
    const float* src = b + (j0 + j) * B.ld + k0;
    for (int64_t k = 0; k < kc; ++k) panel[k * width + j] = src[k];
  }
  if (w < width)
    for (int64_t k = 0; k < kc; ++k) std::fill(panel + k * width + w, panel + (k + 1) * width, 0.0f);
}

// This thread's panel buffer, grown as needed (the products it serves are L2-sized).
float* PanelBuffer(int64_t floats) {
  thread_local std::unique_ptr<float[]> buf;
  thread_local int64_t capacity = 0;
  if (floats > capacity) {
    buf.reset(new float[static_cast<size_t>(floats)]);
    capacity = floats;
  }
  return buf.get();
}

constexpr int64_t kMinRowsTransposedB = 128;

// The rows of the next tile when `rest` rows remain, tiles of at most `max_rows`: a remainder
// under half a tile is shared with the last full tile (12 + 4 rows as 8 + 8), since a tile of
// few rows has too few accumulators to cover the FMA latency. Each C element's sum is the same
// whatever tile computes it.
int64_t TileRows(int64_t rest, int max_rows) {
  if (rest > max_rows && rest < 2 * max_rows && rest - max_rows < max_rows / 2) return (rest + 1) / 2;
  return std::min<int64_t>(rest, max_rows);
}

}  // namespace

bool PanelGemmF32Suits(int64_t M, int64_t N, int64_t K, bool b_transposed) {
  const Kernels& ks = KernelsForCpu();
  if (ks.pick == nullptr || M <= 0 || N < ks.lanes || K <= 0) return false;
  // Packing a transposed op(B) pays off over enough row tiles only (64 x 512 x 512: 1.06x the
  // BLAS's time; 128 x 128 x 512: 0.99x; 512 x 512 x 64: 0.88x).
  if (b_transposed && M < kMinRowsTransposedB) return false;
  // OpenBLAS (SkylakeX) runs products of up to 100^3 multiply-adds on its direct small-matrix
  // kernels, which neither pack nor zero C first (faster than ours there) and sum differently.
  if (static_cast<double>(M) * static_cast<double>(N) * static_cast<double>(K) <= 1e6) return false;
  // Beyond L2 the BLAS's blocking of op(A) pays for its packing.
  return (M * K + K * N + M * N) * static_cast<int64_t>(sizeof(float)) <= L2Bytes();
}

void PanelGemmF32(int64_t M, int64_t N, int64_t K, GemmOperand A, GemmOperand B, float* C, int64_t ldc,
                  bool accumulate) {
  const Kernels& ks = KernelsForCpu();
  const int width = ks.Width();
  const int64_t panels = (N + width - 1) / width;
  // op(B) with contiguous rows is read in place: measured faster than packing it at every
  // shape the rule admits (0.9-0.95x the time at 256^3, 0.6x with M = 32, where few row tiles
  // share each packed panel). A transposed op(B) is packed a panel's chunk at a time, just
  // before its row tiles read it (a copy of the whole would crowd op(A) out of L2).
  const bool in_place = !B.transposed;
  float* panel = in_place ? nullptr : PanelBuffer(std::min(K, kBlasQ) * width);
  const float* a = static_cast<const float*>(A.data);
  const int64_t a_row = A.transposed ? 1 : A.ld, a_k = A.transposed ? A.ld : 1;
  for (int64_t k0 = 0, kc = 0; k0 < K; k0 += kc) {
    kc = NextChunk(K - k0);
    TileArgs t{};
    t.a_row = a_row;
    t.a_k = a_k;
    t.b_k = in_place ? B.ld : width;
    t.kc = kc;
    t.ldc = ldc;
    t.add = accumulate || k0 > 0;
    // Panel by panel: one panel's chunk stays in L1 while every row tile of op(A) streams past.
    for (int64_t jp = 0; jp < panels; ++jp) {
      const int64_t j0 = jp * width;
      t.cols = static_cast<int>(std::min<int64_t>(width, N - j0));
      const int vectors = (t.cols + ks.lanes - 1) / ks.lanes;
      const bool masked = t.cols < vectors * ks.lanes;
      if (in_place) {
        t.b = static_cast<const float*>(B.data) + k0 * B.ld + j0;
      } else {
        PackTransposedPanel(B, k0, kc, j0, N, width, panel);
        t.b = panel;
      }
      const TileFn full = ks.pick(ks.rows, vectors, A.transposed, masked);
      for (int64_t i0 = 0, rows = 0; i0 < M; i0 += rows) {
        rows = TileRows(M - i0, ks.rows);
        t.a = a + i0 * a_row + k0 * a_k;
        t.c = C + i0 * ldc + j0;
        (rows == ks.rows ? full : ks.pick(static_cast<int>(rows), vectors, A.transposed, masked))(t);
      }
    }
  }
}

}  // namespace jaxlib::cpu
