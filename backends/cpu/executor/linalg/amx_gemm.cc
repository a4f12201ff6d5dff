// GEMM on AMX tiles: both operands are packed into blocks of 32 rows (or columns) by 64 bytes of
// K (32 bf16 or 64 8-bit integers; A as row panels, B in the group-interleaved layout the tile
// products read: the 2 bf16 or 4 bytes of consecutive k of one column form one 32-bit word),
// then each 32x32 block of C is four 16x16 accumulator tiles fed by two A tiles and two B tiles
// per K step. Blocks never straddle a product's edge: padding rows, columns and K steps are
// zeros, so every shape runs the same code. Must not run without AmxAvailable() (the tile
// instructions fault).
#include "backends/cpu/executor/linalg/amx_gemm.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/parallel/thread_pool.h"

#if defined(JAXLIB_X86_64) && defined(__linux__)
#include <cpuid.h>
#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>
#define JAXLIB_AMX_GEMM 1
#endif

namespace jaxlib::cpu {

namespace {

constexpr int64_t kBlock = 32;                   // rows of an A panel, columns of a B panel
constexpr int64_t kTileRowBytes = 64;            // every tile row, A's and B's alike: K of one step
constexpr int64_t kBlockBytes = kBlock * kTileRowBytes;  // one packed block (2 KiB)
constexpr int64_t kHalfBytes = kBlockBytes / 2;  // one 16-row (A) or 16-column (B) tile of a block
constexpr int64_t kGroupPanels = 4;              // B panels one task sweeps per A panel (L2-resident)

int64_t ElementBytes(AmxProduct p) { return p == AmxProduct::kBf16 ? 2 : 1; }
int64_t KStep(AmxProduct p) { return kTileRowBytes / ElementBytes(p); }  // K elements per block
int64_t Blocks(int64_t n, int64_t per) { return (n + per - 1) / per; }
int64_t AlignBytes(int64_t n) { return (n + 63) / 64 * 64; }

// Packed bytes of one product's A (all row panels) and B (all column panels).
int64_t PackedABytes(AmxProduct p, int64_t M, int64_t K) {
  return AlignBytes(Blocks(M, kBlock) * Blocks(K, KStep(p)) * kBlockBytes);
}
int64_t PackedBBytes(AmxProduct p, int64_t N, int64_t K) {
  return AlignBytes(Blocks(N, kBlock) * Blocks(K, KStep(p)) * kBlockBytes);
}


#if defined(JAXLIB_AMX_GEMM)

// The first `bytes` bytes of a 64-byte vector (0 to 64).
uint64_t ByteMask(int64_t bytes) { return bytes >= 64 ? ~uint64_t{0} : (uint64_t{1} << bytes) - 1; }

bool EnvFlag(const char* name) {
  const char* env = std::getenv(name);
  return env != nullptr && *env != '\0' && std::string_view(env) != "0";
}

// `integer`: the 8-bit products too (AMX-INT8, and VBMI's byte permutes to pack them).
bool DetectAmx(bool integer) {
  if (EnvFlag("JAXLIB_CPU_DISABLE_AMX")) return false;
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return false;
  constexpr unsigned kAmxBf16 = 1u << 22, kAmxTile = 1u << 24, kAmxInt8 = 1u << 25;
  if ((edx & kAmxBf16) == 0 || (edx & kAmxTile) == 0) return false;
  if (integer && (edx & kAmxInt8) == 0) return false;
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx512f") || !__builtin_cpu_supports("avx512bw")) return false;
  if (integer && (!__builtin_cpu_supports("avx512vbmi") || !__builtin_cpu_supports("avx512vl"))) return false;
  // Linux enables the tile state lazily, per process, on request; refused (old kernel, seccomp,
  // a hypervisor hiding XTILEDATA) means the tile instructions would fault: keep the f32 path.
  constexpr long kArchReqXcompPerm = 0x1023, kXfeatureXtileData = 18;
  return syscall(SYS_arch_prctl, kArchReqXcompPerm, kXfeatureXtileData) == 0;
}

// Palette 1, tiles 0-7 all 16 rows of 64 bytes: tmm0-3 accumulate C, tmm4-5 hold A, tmm6-7 B.
struct alignas(64) TileConfig {
  uint8_t palette = 1;
  uint8_t start_row = 0;
  uint8_t reserved[14] = {};
  uint16_t colsb[16] = {};
  uint8_t rows[16] = {};
};

// Tile configuration is per-thread state: loaded when a thread starts a share of the work and
// released when it ends it, so no thread returns to the pool holding tile state.
class TileScope {
 public:
  JAXLIB_TARGET_AMX_BF16 TileScope() {
    TileConfig cfg;
    for (int t = 0; t < 8; ++t) {
      cfg.colsb[t] = kTileRowBytes;
      cfg.rows[t] = 16;
    }
    // GCC 12 treats ldtilecfg's operand as unread and drops the stores above: make them visible.
    __asm__ volatile("" : : "r"(&cfg) : "memory");
    _tile_loadconfig(&cfg);
  }
  JAXLIB_TARGET_AMX_BF16 ~TileScope() { _tile_release(); }
  TileScope(const TileScope&) = delete;
  TileScope& operator=(const TileScope&) = delete;
};

// Transposes a 16x16 matrix of 32-bit words held one row per register: four passes, each
// swapping one bit of the row index with the same bit of the column index between row pairs.
JAXLIB_TARGET_AMX_BF16 void TransposeWords16x16(__m512i* r) {
  for (int s = 1; s < 16; s *= 2) {
    alignas(64) int32_t lo[16], hi[16];
    for (int c = 0; c < 16; ++c) {
      lo[c] = (c & s) ? 16 + c - s : c;  // row i keeps its words whose column bit is clear...
      hi[c] = (c & s) ? 16 + c : c + s;  // ...row i + s its words whose column bit is set
    }
    const __m512i lo_index = _mm512_load_si512(lo), hi_index = _mm512_load_si512(hi);
    for (int i = 0; i < 16; ++i) {
      if (i & s) continue;
      const __m512i a = r[i], b = r[i + s];
      r[i] = _mm512_permutex2var_epi32(a, lo_index, b);
      r[i + s] = _mm512_permutex2var_epi32(a, hi_index, b);
    }
  }
}

// Rows k and k + 1 (k = k0 + 2p) of a row-major bf16 matrix, columns [n0, n0 + 32), interleaved
// word by word: lo[p] holds columns 0-15 as (row k, row k + 1) pairs, hi[p] columns 16-31. Rows
// past `K` and columns past `cols` read as zeros. This is B's tile layout, and the word
// transpose of A's when A is stored transposed.
JAXLIB_TARGET_AMX_BF16 void InterleaveRowPairs(const void* matrix, int64_t ld, int64_t k0, int64_t K, int64_t n0,
                                               int64_t cols, __m512i* lo, __m512i* hi) {
  const auto* m = static_cast<const uint16_t*>(matrix);
  alignas(64) uint16_t lo_words[32], hi_words[32];
  for (int i = 0; i < 32; ++i) {
    lo_words[i] = static_cast<uint16_t>((i % 2 ? 32 : 0) + i / 2);
    hi_words[i] = static_cast<uint16_t>(lo_words[i] + 16);
  }
  const __m512i lo_index = _mm512_load_si512(lo_words), hi_index = _mm512_load_si512(hi_words);
  const __mmask32 in_n = static_cast<__mmask32>((uint64_t{1} << cols) - 1);
  for (int64_t p = 0; p < kBlock / 2; ++p) {
    const int64_t k = k0 + 2 * p;
    // A panel walks down the matrix, one line per row: ask for the next block's rows early.
    if (k + kBlock + 1 < K) {
      _mm_prefetch(reinterpret_cast<const char*>(m + (k + kBlock) * ld + n0), _MM_HINT_T0);
      _mm_prefetch(reinterpret_cast<const char*>(m + (k + kBlock + 1) * ld + n0), _MM_HINT_T0);
    }
    const __m512i even = k < K ? _mm512_maskz_loadu_epi16(in_n, m + k * ld + n0) : _mm512_setzero_si512();
    const __m512i odd = k + 1 < K ? _mm512_maskz_loadu_epi16(in_n, m + (k + 1) * ld + n0) : _mm512_setzero_si512();
    lo[p] = _mm512_permutex2var_epi16(even, lo_index, odd);
    hi[p] = _mm512_permutex2var_epi16(even, hi_index, odd);
  }
}

// The 8-bit form of InterleaveRowPairs: rows k .. k + 3 (k = k0 + 4q) of a row-major byte
// matrix, columns [n0, n0 + 32), four bytes of one column per 32-bit word: lo[q] columns 0-15,
// hi[q] columns 16-31; zeros past `K` and `cols`.
JAXLIB_TARGET_AMX_INT8 void InterleaveRowQuads(const void* matrix, int64_t ld, int64_t k0, int64_t K, int64_t n0,
                                               int64_t cols, __m512i* lo, __m512i* hi) {
  const auto* m = static_cast<const uint8_t*>(matrix);
  // x holds rows k, k + 1 (32 bytes each), y rows k + 2, k + 3; output byte 4c + r is row r's
  // column c: x's byte 32 (r % 2) + c for r < 2, else y's (index bit 6 picks y).
  alignas(64) uint8_t lo_bytes[64], hi_bytes[64];
  for (int j = 0; j < 64; ++j) {
    const int r = j % 4, c = j / 4;
    lo_bytes[j] = static_cast<uint8_t>((r >= 2 ? 64 : 0) + (r % 2) * 32 + c);
    hi_bytes[j] = static_cast<uint8_t>(lo_bytes[j] + 16);
  }
  const __m512i lo_index = _mm512_load_si512(lo_bytes), hi_index = _mm512_load_si512(hi_bytes);
  const __mmask32 in_n = static_cast<__mmask32>((uint64_t{1} << cols) - 1);
  const auto row = [&](int64_t k) JAXLIB_LAMBDA_TARGET_AMX_INT8 {
    return k < K ? _mm256_maskz_loadu_epi8(in_n, m + k * ld + n0) : _mm256_setzero_si256();
  };
  for (int64_t q = 0; q < 16; ++q) {
    const int64_t k = k0 + 4 * q;
    if (k + kTileRowBytes + 3 < K)
      for (int64_t r = 0; r < 4; ++r)
        _mm_prefetch(reinterpret_cast<const char*>(m + (k + kTileRowBytes + r) * ld + n0), _MM_HINT_T0);
    const __m512i x = _mm512_inserti64x4(_mm512_zextsi256_si512(row(k)), row(k + 1), 1);
    const __m512i y = _mm512_inserti64x4(_mm512_zextsi256_si512(row(k + 2)), row(k + 3), 1);
    lo[q] = _mm512_permutex2var_epi8(x, lo_index, y);
    hi[q] = _mm512_permutex2var_epi8(x, hi_index, y);
  }
}

// Words of k groups of one column, the tile layout: from 2 (bf16) or 4 (bytes) rows.
void InterleaveRowGroups(AmxProduct p, const void* m, int64_t ld, int64_t k0, int64_t K, int64_t n0, int64_t cols,
                         __m512i* lo, __m512i* hi) {
  if (p == AmxProduct::kBf16) InterleaveRowPairs(m, ld, k0, K, n0, cols, lo, hi);
  else InterleaveRowQuads(m, ld, k0, K, n0, cols, lo, hi);
}

// A packed block from its two halves, 64 bytes per register: `lo` the first 16 rows of 64 bytes
// (A's rows 0-15, B's first tile), `hi` the next 16.
JAXLIB_TARGET_AMX_BF16 void StoreBlock(const __m512i* lo, const __m512i* hi, uint8_t* dst) {
  for (int64_t r = 0; r < 16; ++r) {
    _mm512_storeu_si512(dst + r * kTileRowBytes, lo[r]);
    _mm512_storeu_si512(dst + kHalfBytes + r * kTileRowBytes, hi[r]);
  }
}

// One 32-row panel of op(A), rows [m0, m0 + 32), as Blocks(K) blocks of [32 rows][64 bytes of k].
JAXLIB_TARGET_AMX_BF16 void PackAPanel(AmxProduct p, GemmOperand A, int64_t M, int64_t K, int64_t m0, uint8_t* dst) {
  const auto* a = static_cast<const uint8_t*>(A.data);
  const int64_t es = ElementBytes(p), step = KStep(p);
  const int64_t rows = std::min(kBlock, M - m0);
  for (int64_t k0 = 0; k0 < K; k0 += step, dst += kBlockBytes) {
    const int64_t kn = std::min(step, K - k0);
    if (!A.transposed) {
      // One 64-byte row of the block per vector; past K and past M, zeros.
      const __mmask64 in_k = ByteMask(kn * es);
      for (int64_t r = 0; r < kBlock; ++r)
        _mm512_storeu_si512(dst + r * kTileRowBytes, r < rows ? _mm512_maskz_loadu_epi8(in_k, a + ((m0 + r) * A.ld + k0) * es)
                                                              : _mm512_setzero_si512());
    } else {
      // Stored [K, M]: row groups interleaved give the k words of each row m of the block,
      // which a word transpose puts in place.
      __m512i lo[16], hi[16];
      InterleaveRowGroups(p, a, A.ld, k0, K, m0, rows, lo, hi);
      TransposeWords16x16(lo);
      TransposeWords16x16(hi);
      StoreBlock(lo, hi, dst);
    }
  }
}

// One 32-column panel of op(B), columns [n0, n0 + 32), as Blocks(K) blocks; a block holds two
// tiles (columns 0-15, then 16-31), each [16 words of k][16 columns][one word]: element (k, n) of
// a step sits at (k / g) * 64 + n * 4 + (k % g) * es bytes (g elements of es bytes per word),
// the layout the tile products multiply by A's rows.
JAXLIB_TARGET_AMX_BF16 void PackBPanel(AmxProduct p, GemmOperand B, int64_t N, int64_t K, int64_t n0, uint8_t* dst) {
  const auto* b = static_cast<const uint8_t*>(B.data);
  const int64_t es = ElementBytes(p), step = KStep(p);
  const int64_t cols = std::min(kBlock, N - n0);
  for (int64_t k0 = 0; k0 < K; k0 += step, dst += kBlockBytes) {
    const int64_t kn = std::min(step, K - k0);
    if (!B.transposed) {
      __m512i lo[16], hi[16];
      InterleaveRowGroups(p, b, B.ld, k0, K, n0, cols, lo, hi);
      StoreBlock(lo, hi, dst);
      continue;
    }
    // op(B)'s column n is stored row n, whose k groups are its 32-bit words: each tile is the
    // 16x16 word transpose of 16 stored rows (past K and past N, zeros).
    const __mmask64 in_k = ByteMask(kn * es);
    for (int64_t h = 0; h < 2; ++h) {
      __m512i rows[16];
      for (int64_t n = 0; n < 16; ++n) {
        const int64_t col = h * 16 + n;
        rows[n] = col < cols ? _mm512_maskz_loadu_epi8(in_k, b + ((n0 + col) * B.ld + k0) * es) : _mm512_setzero_si512();
      }
      TransposeWords16x16(rows);
      for (int64_t q = 0; q < 16; ++q) _mm512_storeu_si512(dst + h * kHalfBytes + q * kTileRowBytes, rows[q]);
    }
  }
}

// C block [32, 32] (4-byte sums, row stride ldc elements) = A panel x B panel over `steps` K
// blocks. The whole of K runs in the accumulator tiles: slicing K to keep the A panel in L1
// costs more in reloading C than it saves (measured). P picks the tile product (the tile
// intrinsics name their registers in the assembly text, so each call spells its numbers).
template <AmxProduct P>
__attribute__((always_inline)) inline void MultiplyTiles(const uint8_t* a, const uint8_t* b, int64_t steps, void* c,
                                                         int64_t ldc) {
#define JAXLIB_AMX_DOT(acc, x, y)                                  \
  if constexpr (P == AmxProduct::kBf16) _tile_dpbf16ps(acc, x, y); \
  else if constexpr (P == AmxProduct::kS8S8) _tile_dpbssd(acc, x, y); \
  else if constexpr (P == AmxProduct::kS8U8) _tile_dpbsud(acc, x, y); \
  else if constexpr (P == AmxProduct::kU8S8) _tile_dpbusd(acc, x, y); \
  else _tile_dpbuud(acc, x, y)
  const int64_t stride = ldc * 4;
  auto* out = static_cast<uint8_t*>(c);
  _tile_zero(0);
  _tile_zero(1);
  _tile_zero(2);
  _tile_zero(3);
  for (int64_t s = 0; s < steps; ++s, a += kBlockBytes, b += kBlockBytes) {
    _tile_loadd(4, a, kTileRowBytes);
    _tile_loadd(6, b, kTileRowBytes);
    _tile_loadd(7, b + kHalfBytes, kTileRowBytes);
    JAXLIB_AMX_DOT(0, 4, 6);
    JAXLIB_AMX_DOT(1, 4, 7);
    _tile_loadd(5, a + kHalfBytes, kTileRowBytes);
    JAXLIB_AMX_DOT(2, 5, 6);
    JAXLIB_AMX_DOT(3, 5, 7);
  }
#undef JAXLIB_AMX_DOT
  _tile_stored(0, out, stride);
  _tile_stored(1, out + 64, stride);
  _tile_stored(2, out + 16 * stride, stride);
  _tile_stored(3, out + 16 * stride + 64, stride);
}
JAXLIB_TARGET_AMX_BF16 void MultiplyBlockBf16(const uint8_t* a, const uint8_t* b, int64_t steps, void* c, int64_t ldc) {
  MultiplyTiles<AmxProduct::kBf16>(a, b, steps, c, ldc);
}
template <AmxProduct P>
JAXLIB_TARGET_AMX_INT8 void MultiplyBlockInt8(const uint8_t* a, const uint8_t* b, int64_t steps, void* c, int64_t ldc) {
  MultiplyTiles<P>(a, b, steps, c, ldc);
}
using MultiplyBlockFn = void (*)(const uint8_t* a, const uint8_t* b, int64_t steps, void* c, int64_t ldc);
MultiplyBlockFn MultiplyBlockFor(AmxProduct p) {
  switch (p) {
    case AmxProduct::kBf16: return &MultiplyBlockBf16;
    case AmxProduct::kS8S8: return &MultiplyBlockInt8<AmxProduct::kS8S8>;
    case AmxProduct::kS8U8: return &MultiplyBlockInt8<AmxProduct::kS8U8>;
    case AmxProduct::kU8S8: return &MultiplyBlockInt8<AmxProduct::kU8S8>;
    default: return &MultiplyBlockInt8<AmxProduct::kU8U8>;
  }
}

struct Plan {
  AmxProduct product;
  MultiplyBlockFn multiply;
  int64_t batches, M, N, K;
  int64_t mb, nb, kb, groups;  // row panels, column panels, K blocks, column-panel groups
  int64_t a_bytes, b_bytes;    // per product
  AmxOperandsFn operands;
  const void* ctx;
  uint8_t* C;  // 4-byte sums
  uint8_t* scratch;
  AmxDoneFn done;
  const void* done_ctx;
  uint8_t* PackedA(int64_t bi, int64_t panel) const { return scratch + bi * (a_bytes + b_bytes) + panel * kb * kBlockBytes; }
  uint8_t* PackedB(int64_t bi, int64_t panel) const {
    return scratch + bi * (a_bytes + b_bytes) + a_bytes + panel * kb * kBlockBytes;
  }
};

// Packs panel `item` of the flattened list: per product, its A panels then its B panels.
void PackItem(const Plan& p, int64_t item) {
  const int64_t per = p.mb + p.nb, bi = item / per, j = item % per;
  GemmOperand a, b;
  p.operands(p.ctx, bi, &a, &b);
  if (j < p.mb) PackAPanel(p.product, a, p.M, p.K, j * kBlock, p.PackedA(bi, j));
  else PackBPanel(p.product, b, p.N, p.K, (j - p.mb) * kBlock, p.PackedB(bi, j - p.mb));
}

// Task `t` (product, column group, row panel; row panels innermost so consecutive tasks of one
// thread reuse the group's B panels from L2): C of one row panel across one column group.
void MultiplyTask(const Plan& p, int64_t t) {
  const int64_t i = t % p.mb, g = (t / p.mb) % p.groups, bi = t / (p.mb * p.groups);
  uint8_t* c = p.C + bi * p.M * p.N * 4;
  const int64_t m0 = i * kBlock, rows = std::min(kBlock, p.M - m0);
  const uint8_t* a = p.PackedA(bi, i);
  alignas(64) uint8_t edge[kBlock * kBlock * 4];  // a block crossing C's edge, whole until copied out
  const int64_t j0 = g * kGroupPanels, j1 = std::min(p.nb, j0 + kGroupPanels);
  for (int64_t j = j0; j < j1; ++j) {
    const int64_t n0 = j * kBlock, cols = std::min(kBlock, p.N - n0);
    const uint8_t* b = p.PackedB(bi, j);
    if (rows == kBlock && cols == kBlock) {
      p.multiply(a, b, p.kb, c + (m0 * p.N + n0) * 4, p.N);
      continue;
    }
    p.multiply(a, b, p.kb, edge, kBlock);
    for (int64_t r = 0; r < rows; ++r)
      std::memcpy(c + ((m0 + r) * p.N + n0) * 4, edge + r * kBlock * 4, static_cast<size_t>(cols) * 4);
  }
  if (p.done) {
    const int64_t n0 = j0 * kBlock, n1 = std::min(p.N, j1 * kBlock);
    for (int64_t r = 0; r < rows; ++r) p.done(p.done_ctx, bi * p.M * p.N + (m0 + r) * p.N + n0, n1 - n0);
  }
}

#endif  // JAXLIB_AMX_GEMM

}  // namespace

bool AmxAvailable(AmxProduct p) {
#if defined(JAXLIB_AMX_GEMM)
  static const bool bf16 = DetectAmx(false), integer = bf16 && DetectAmx(true);
  return p == AmxProduct::kBf16 ? bf16 : integer;
#else
  (void)p;
  return false;
#endif
}

int64_t AmxScratchBytes(AmxProduct p, int64_t batches, int64_t M, int64_t N, int64_t K) {
  return batches * (PackedABytes(p, M, K) + PackedBBytes(p, N, K));
}

void AmxGemm(AmxProduct product, int64_t batches, int64_t M, int64_t N, int64_t K, AmxOperandsFn operands,
             const void* ctx, void* C, uint8_t* scratch, AmxDoneFn done, const void* done_ctx) {
  if (batches == 0 || M == 0 || N == 0) return;
  if (K == 0) {
    std::memset(C, 0, static_cast<size_t>(batches * M * N) * 4);  // +0.0f and integer 0 alike
    if (done) done(done_ctx, 0, batches * M * N);
    return;
  }
#if defined(JAXLIB_AMX_GEMM)
  Plan p{product, MultiplyBlockFor(product), batches, M, N, K, Blocks(M, kBlock), Blocks(N, kBlock),
         Blocks(K, KStep(product)), 0, PackedABytes(product, M, K), PackedBBytes(product, N, K), operands, ctx,
         static_cast<uint8_t*>(C), scratch, done, done_ctx};
  p.groups = (p.nb + kGroupPanels - 1) / kGroupPanels;
  // A thread's share is at least ~1M multiply-adds of tile work (and a panel-packing share at
  // least ~128 KiB of operands), so small products stay on the calling thread.
  const int64_t pack_items = batches * (p.mb + p.nb);
  const int64_t pack_min = std::max<int64_t>(1, (int64_t{1} << 17) / (kBlock * p.kb * kTileRowBytes));
  ParallelFor(pack_items, pack_min, [&](int64_t t0, int64_t t1) {
    for (int64_t t = t0; t < t1; ++t) PackItem(p, t);
  });
  const int64_t tasks = batches * p.groups * p.mb;
  const int64_t task_macs = kBlock * kBlock * kGroupPanels * p.kb * KStep(product);
  ParallelFor(tasks, std::max<int64_t>(1, (int64_t{1} << 20) / task_macs), [&](int64_t t0, int64_t t1) {
    TileScope tiles;
    for (int64_t t = t0; t < t1; ++t) MultiplyTask(p, t);
  });
#else
  (void)operands;
  (void)ctx;
  (void)scratch;
  (void)done_ctx;
  std::fprintf(stderr, "jaxlib-cpu: AmxGemm called without AMX\n");
  std::abort();
#endif
}

}  // namespace jaxlib::cpu
