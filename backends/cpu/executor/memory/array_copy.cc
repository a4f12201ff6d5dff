// Strided copy engine: coalesces dimensions, then walks an odometer with typed inner loops.
#include "backends/cpu/executor/memory/array_copy.h"

#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/parallel/thread_pool.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace jaxlib::cpu {

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  for (int k = static_cast<int>(dims.size()) - 2; k >= 0; --k)
    s[static_cast<size_t>(k)] = s[static_cast<size_t>(k) + 1] * dims[static_cast<size_t>(k) + 1];
  return s;
}

namespace {

// One thread's part of FillElements.
void FillRun(uint8_t* dst, const uint8_t* value, size_t es, int64_t n) {
  switch (es) {
    case 1: std::memset(dst, value[0], static_cast<size_t>(n)); return;
    case 2:
    case 4:
    case 8: {
      // Vector stores of the repeated value (hot: the interpreter fills a tile per broadcast
      // row, bf16 and f16 rows too).
      static const FillPatternFn fill = SelectFillPattern();
      uint64_t pattern;
      if (es == 2) {
        uint16_t v;
        std::memcpy(&v, value, 2);
        pattern = uint64_t{v} * 0x0001000100010001ull;
      } else if (es == 4) {
        uint32_t v;
        std::memcpy(&v, value, 4);
        pattern = (uint64_t{v} << 32) | v;
      } else {
        std::memcpy(&pattern, value, 8);
      }
      const int64_t bytes = n * static_cast<int64_t>(es);
      fill(dst, pattern, bytes & ~int64_t{7});
      // The last values short of 8 bytes (fewer than 4 halves, or one 4-byte value).
      for (int64_t b = bytes & ~int64_t{7}; b < bytes; b += static_cast<int64_t>(es)) std::memcpy(dst + b, value, es);
      return;
    }
    default:
      for (int64_t i = 0; i < n; ++i) std::memcpy(dst + static_cast<size_t>(i) * es, value, es);
  }
}

}  // namespace

void FillElements(void* dst, const void* value, size_t es, int64_t n) {
  auto* d = static_cast<uint8_t*>(dst);
  const auto* v = static_cast<const uint8_t*>(value);
  const int64_t piece = std::max<int64_t>(1, (int64_t{1} << 18) / static_cast<int64_t>(std::max<size_t>(es, 1)));
  if (n * static_cast<int64_t>(es) <= (int64_t{1} << 20)) {
    FillRun(d, v, es, n);
    return;
  }
  // Above 1 MiB: 256 KiB pieces over the pool, as CopyBytesParallel.
  ParallelFor((n + piece - 1) / piece, 1, [&](int64_t p0, int64_t p1) {
    const int64_t b = p0 * piece, e = std::min(n, p1 * piece);
    FillRun(d + static_cast<size_t>(b) * es, v, es, e - b);
  });
}

namespace {

template <size_t ES>
void InnerCopy(uint8_t* d, int64_t ds, const uint8_t* s, int64_t ss, int64_t n) {
  for (int64_t i = 0; i < n; ++i) std::memcpy(d + i * ds * static_cast<int64_t>(ES), s + i * ss * static_cast<int64_t>(ES), ES);
}

int64_t DeinterleaveVector(uint8_t* d, int64_t stream_stride, int64_t streams, const uint8_t* s, int64_t n, size_t es,
                           int64_t count);

#if defined(JAXLIB_X86_64)
// d[i] = s[-i] for i < n (a multiple of 32 / es), elements of 4 or 8 bytes: 32-byte vectors
// with their lanes reversed.
JAXLIB_TARGET_AVX2 void ReverseGroups(uint8_t* d, const uint8_t* s, size_t es, int64_t n) {
  const int64_t per = 32 / static_cast<int64_t>(es);
  const __m256i idx = es == 4 ? _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0) : _mm256_setr_epi32(6, 7, 4, 5, 2, 3, 0, 1);
  for (int64_t i = 0; i < n; i += per) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(s - (i + per - 1) * static_cast<int64_t>(es)));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(d + i * static_cast<int64_t>(es)), _mm256_permutevar8x32_epi32(v, idx));
  }
}
#endif

// The vector groups of a reversed run (d[i] = s[-i]): the elements done, 0 where no vector path
// applies. The caller copies the rest.
int64_t ReverseVector(uint8_t* d, const uint8_t* s, size_t es, int64_t n) {
#if defined(JAXLIB_X86_64)
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  if (avx2 && (es == 4 || es == 8)) {
    const int64_t per = 32 / static_cast<int64_t>(es), done = n / per * per;
    ReverseGroups(d, s, es, done);
    return done;
  }
#endif
  return 0;
}

void Inner(uint8_t* d, int64_t ds, const uint8_t* s, int64_t ss, int64_t n, size_t es) {
  if (ds == 1 && ss == 1) {
    std::memcpy(d, s, static_cast<size_t>(n) * es);
    return;
  }
  if (ss == 0 && ds == 1) {
    FillElements(d, s, es, n);
    return;
  }
  if (ds == 1 && ss == -1 && n >= 8) {
    // A reversed run (jnp.flip): whole vectors loaded from the far end with their lanes reversed.
    const int64_t done = ReverseVector(d, s, es, n);
    d += done * static_cast<int64_t>(es);
    s -= done * static_cast<int64_t>(es);
    n -= done;
  }
  if (ds == 1 && ss >= 2 && n > 1) {
    // A column of a row-major [n, ss] array: the first of ss streams, the groups that stay
    // inside the source (the last element's row ends at its element).
    const int64_t done = DeinterleaveVector(d, 0, 1, s, ss, es, n - 1);
    d += done * static_cast<int64_t>(es);
    s += done * ss * static_cast<int64_t>(es);
    n -= done;
  }
  switch (es) {
    case 1: InnerCopy<1>(d, ds, s, ss, n); return;
    case 2: InnerCopy<2>(d, ds, s, ss, n); return;
    case 4: InnerCopy<4>(d, ds, s, ss, n); return;
    case 8: InnerCopy<8>(d, ds, s, ss, n); return;
    case 16: InnerCopy<16>(d, ds, s, ss, n); return;
    default:
      for (int64_t i = 0; i < n; ++i)
        std::memcpy(d + i * ds * static_cast<int64_t>(es), s + i * ss * static_cast<int64_t>(es), es);
  }
}

// A [nj, ni] block whose destination is contiguous along i and whose source is contiguous
// along j (a transpose): copied in 16 x 16 tiles so both sides stay in cache lines, instead of
// one full strided pass over the source per destination row.
template <size_t ES>
void TransposeTiles(uint8_t* d, int64_t dsj, const uint8_t* s, int64_t ssi, int64_t nj, int64_t ni) {
  constexpr int64_t kTile = 16;
  for (int64_t j0 = 0; j0 < nj; j0 += kTile) {
    const int64_t je = std::min(nj, j0 + kTile);
    for (int64_t i0 = 0; i0 < ni; i0 += kTile) {
      const int64_t ie = std::min(ni, i0 + kTile);
      for (int64_t j = j0; j < je; ++j) {
        uint8_t* drow = d + j * dsj * static_cast<int64_t>(ES);
        for (int64_t i = i0; i < ie; ++i)
          std::memcpy(drow + i * static_cast<int64_t>(ES), s + (j + i * ssi) * static_cast<int64_t>(ES), ES);
      }
    }
  }
}

#if defined(JAXLIB_X86_64)
// Register transposes of one square block: source rows (contiguous along j) come out as
// destination rows (contiguous along i). Whole-row loads and stores: a block touches each of
// its cache lines once, where a scalar tile walks 2B lines that share one L1 set when the
// rows are a power-of-two apart (4096 floats), and thrashes it. Pure data movement, so every
// ISA gives the same bits.
// 8 x 8 four-byte elements (AVX2; AVX-512 machines run it too).
JAXLIB_TARGET_AVX2 void Block8x4Bytes(uint8_t* d, int64_t dstride, const uint8_t* s, int64_t sstride) {
  __m256 r[8], t[8], u[8];
  for (int k = 0; k < 8; ++k) r[k] = _mm256_loadu_ps(reinterpret_cast<const float*>(s + k * sstride));
  for (int k = 0; k < 8; k += 2) {
    t[k] = _mm256_unpacklo_ps(r[k], r[k + 1]);      // (r_k, r_k+1) interleaved: columns 0 1 | 4 5
    t[k + 1] = _mm256_unpackhi_ps(r[k], r[k + 1]);  // columns 2 3 | 6 7
  }
  for (int h = 0; h < 8; h += 4) {  // rows h..h+3: u[h + c] holds column c (low half) and c + 4
    u[h + 0] = _mm256_shuffle_ps(t[h], t[h + 2], 0x44);
    u[h + 1] = _mm256_shuffle_ps(t[h], t[h + 2], 0xEE);
    u[h + 2] = _mm256_shuffle_ps(t[h + 1], t[h + 3], 0x44);
    u[h + 3] = _mm256_shuffle_ps(t[h + 1], t[h + 3], 0xEE);
  }
  for (int c = 0; c < 4; ++c) {
    _mm256_storeu_ps(reinterpret_cast<float*>(d + c * dstride), _mm256_permute2f128_ps(u[c], u[4 + c], 0x20));
    _mm256_storeu_ps(reinterpret_cast<float*>(d + (c + 4) * dstride), _mm256_permute2f128_ps(u[c], u[4 + c], 0x31));
  }
}
// 4 x 4 eight-byte elements (AVX2).
JAXLIB_TARGET_AVX2 void Block4x8Bytes(uint8_t* d, int64_t dstride, const uint8_t* s, int64_t sstride) {
  __m256d r[4], t[4];
  for (int k = 0; k < 4; ++k) r[k] = _mm256_loadu_pd(reinterpret_cast<const double*>(s + k * sstride));
  for (int k = 0; k < 4; k += 2) {
    t[k] = _mm256_unpacklo_pd(r[k], r[k + 1]);      // columns 0 | 2 of rows k, k+1
    t[k + 1] = _mm256_unpackhi_pd(r[k], r[k + 1]);  // columns 1 | 3
  }
  for (int c = 0; c < 2; ++c) {
    _mm256_storeu_pd(reinterpret_cast<double*>(d + c * dstride), _mm256_permute2f128_pd(t[c], t[2 + c], 0x20));
    _mm256_storeu_pd(reinterpret_cast<double*>(d + (c + 2) * dstride), _mm256_permute2f128_pd(t[c], t[2 + c], 0x31));
  }
}
#endif
// 4 x 4 four-byte elements (SSE2: every x86-64).
#if defined(JAXLIB_X86_64)
void Block4x4Bytes(uint8_t* d, int64_t dstride, const uint8_t* s, int64_t sstride) {
  __m128 r[4];
  for (int k = 0; k < 4; ++k) r[k] = _mm_loadu_ps(reinterpret_cast<const float*>(s + k * sstride));
  const __m128 t0 = _mm_unpacklo_ps(r[0], r[1]), t1 = _mm_unpacklo_ps(r[2], r[3]);
  const __m128 t2 = _mm_unpackhi_ps(r[0], r[1]), t3 = _mm_unpackhi_ps(r[2], r[3]);
  _mm_storeu_ps(reinterpret_cast<float*>(d), _mm_movelh_ps(t0, t1));
  _mm_storeu_ps(reinterpret_cast<float*>(d + dstride), _mm_movehl_ps(t1, t0));
  _mm_storeu_ps(reinterpret_cast<float*>(d + 2 * dstride), _mm_movelh_ps(t2, t3));
  _mm_storeu_ps(reinterpret_cast<float*>(d + 3 * dstride), _mm_movehl_ps(t3, t2));
}
#endif

#if defined(JAXLIB_X86_64)
// A few interleaved streams and the same streams apart (the transposes of an [n, N] array with
// N large and n small: jnp.stack(..., axis=-1), a column of an [N, 3] array, points between
// their [N, 3] and [3, N] layouts), on 8-dword AVX2 vectors: one group of n vectors on one side
// is n vectors on the other, each output vector a lane permute of every input vector that
// holds some of its lanes, blended. Elements of 4 or 8 bytes (an 8-byte element is two dwords
// that travel together). Pure data movement: the same bits as the scalar loops.
constexpr int kMaxStreams = 8;

// The permutes of n streams of elements of g dwords, one direction: output vector o takes lane
// j from lane idx[o][j] of input vector from(o, j); mask[o][v] selects the lanes it takes from
// input v. Interleaving: input v is 8 dwords of stream v, output o dwords [8o, 8o + 8) of the
// interleaved run. Apart: input v is dwords [8v, 8v + 8) of the interleaved run, output o 8
// dwords of stream o.
template <int N, int G, bool kInterleave>
struct StreamTable {
  alignas(32) int32_t idx[N][8] = {};
  alignas(32) int32_t mask[N][N][8] = {};
  bool present[N][N] = {};
  int first[N] = {};
  constexpr StreamTable() {
    for (int o = 0; o < N; ++o) {
      first[o] = -1;
      for (int j = 0; j < 8; ++j) {
        int vec, lane;
        if (kInterleave) {
          const int p = 8 * o + j, e = p / G;  // interleaved dword p is element e: stream e % N
          vec = e % N;
          lane = (e / N) * G + p % G;
        } else {
          const int p = ((j / G) * N + o) * G + j % G;  // stream o's dword j in the interleaved run
          vec = p / 8;
          lane = p % 8;
        }
        idx[o][j] = lane;
        mask[o][vec][j] = -1;
        present[o][vec] = true;
        if (first[o] < 0) first[o] = vec;
      }
    }
  }
};
template <int N, int G, bool kInterleave>
inline constexpr StreamTable<N, G, kInterleave> kStreamTable{};

// Output vector O of one group from the group's inputs: every index a constant, so the inputs
// stay in registers.
template <int N, int G, bool kInterleave, int O, int... V>
JAXLIB_TARGET_AVX2 inline __m256i StreamOutput(const __m256i (&in)[N], std::integer_sequence<int, V...>) {
  constexpr const StreamTable<N, G, kInterleave>& t = kStreamTable<N, G, kInterleave>;
  const __m256i idx = _mm256_load_si256(reinterpret_cast<const __m256i*>(t.idx[O]));
  __m256i out = _mm256_permutevar8x32_epi32(in[t.first[O]], idx);
  const auto blend = [&](auto v) JAXLIB_LAMBDA_TARGET_AVX2 {
    if constexpr (v() != t.first[O] && t.present[O][v()]) {
      const __m256i take = _mm256_load_si256(reinterpret_cast<const __m256i*>(t.mask[O][v()]));
      out = _mm256_blendv_epi8(out, _mm256_permutevar8x32_epi32(in[v()], idx), take);
    }
  };
  (blend(std::integral_constant<int, V>{}), ...);
  return out;
}

// Every output vector of one group, each stored by `put(o, vector)`.
template <int N, int G, bool kInterleave, class Put, int... O>
JAXLIB_TARGET_AVX2 inline void StreamOutputs(const __m256i (&in)[N], const Put& put, std::integer_sequence<int, O...>) {
  (put(O, StreamOutput<N, G, kInterleave, O>(in, std::make_integer_sequence<int, N>{})), ...);
}

// in[v] = the 32 bytes at src + v * stride (each load its own statement: a loop over an array
// of vectors becomes 16-byte copies through the stack).
template <int N, int... V>
JAXLIB_TARGET_AVX2 inline void LoadVectors(__m256i (&in)[N], const uint8_t* src, int64_t stride,
                                           std::integer_sequence<int, V...>) {
  ((in[V] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + V * stride))), ...);
}

// dst[e * N + s] = stream s's element e, stream s at src + s * stream_stride elements, for
// e < count; `count` a multiple of 8 / G.
template <int N, int G>
JAXLIB_TARGET_AVX2 void InterleaveGroups(uint8_t* dst, const uint8_t* src, int64_t stream_stride, int64_t count) {
  constexpr int64_t es = 4 * G, per = 8 / G;
  for (int64_t e = 0; e < count; e += per) {
    __m256i in[N];
    LoadVectors<N>(in, src + e * es, stream_stride * es, std::make_integer_sequence<int, N>{});
    uint8_t* out = dst + e * N * es;
    StreamOutputs<N, G, true>(
        in, [&](int o, __m256i x) JAXLIB_LAMBDA_TARGET_AVX2 { _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32 * o), x); },
        std::make_integer_sequence<int, N>{});
  }
}

// Stream s's element e = src[e * N + s] written to dst + s * stream_stride elements, for s < N,
// e < count, a multiple of 8 / G; only stream 0 when `first_only` (a lone column).
template <int N, int G>
JAXLIB_TARGET_AVX2 void DeinterleaveGroups(uint8_t* dst, int64_t stream_stride, bool first_only, const uint8_t* src,
                                           int64_t count) {
  constexpr int64_t es = 4 * G, per = 8 / G;
  for (int64_t e = 0; e < count; e += per) {
    __m256i in[N];
    LoadVectors<N>(in, src + e * N * es, 32, std::make_integer_sequence<int, N>{});
    const auto put = [&](int o, __m256i x) JAXLIB_LAMBDA_TARGET_AVX2 {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + (o * stream_stride + e) * es), x);
    };
    if (first_only)
      StreamOutputs<N, G, false>(in, put, std::integer_sequence<int, 0>{});
    else
      StreamOutputs<N, G, false>(in, put, std::make_integer_sequence<int, N>{});
  }
}

using InterleaveFn = void (*)(uint8_t*, const uint8_t*, int64_t, int64_t);
using DeinterleaveFn = void (*)(uint8_t*, int64_t, bool, const uint8_t*, int64_t);
template <int G, int... N>
constexpr std::array<InterleaveFn, kMaxStreams + 1> InterleaveTable(std::integer_sequence<int, N...>) {
  return {nullptr, nullptr, &InterleaveGroups<N + 2, G>...};
}
template <int G, int... N>
constexpr std::array<DeinterleaveFn, kMaxStreams + 1> DeinterleaveTable(std::integer_sequence<int, N...>) {
  return {nullptr, nullptr, &DeinterleaveGroups<N + 2, G>...};
}
// [g - 1][n]: the kernels of n streams of g-dword elements.
constexpr std::array<InterleaveFn, kMaxStreams + 1> kInterleave[2] = {
    InterleaveTable<1>(std::make_integer_sequence<int, kMaxStreams - 1>{}),
    InterleaveTable<2>(std::make_integer_sequence<int, kMaxStreams - 1>{})};
constexpr std::array<DeinterleaveFn, kMaxStreams + 1> kDeinterleave[2] = {
    DeinterleaveTable<1>(std::make_integer_sequence<int, kMaxStreams - 1>{}),
    DeinterleaveTable<2>(std::make_integer_sequence<int, kMaxStreams - 1>{})};

bool StreamsApply(int64_t n, size_t es) {
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  return avx2 && n >= 2 && n <= kMaxStreams && (es == 4 || es == 8);
}
#endif

// The vector groups of an interleave (dst[e * n + s] = stream s's element e, stream s at src +
// s * stream_stride elements) or of taking `streams` streams apart (stream s's element e =
// src[e * n + s], to dst + s * stream_stride): the elements done, a prefix of count, 0 where
// no vector path applies. The caller copies the rest.
int64_t InterleaveVector(uint8_t* d, const uint8_t* s, int64_t stream_stride, int64_t n, size_t es, int64_t count) {
#if defined(JAXLIB_X86_64)
  if (StreamsApply(n, es)) {
    const int g = static_cast<int>(es / 4);
    const int64_t done = count / (8 / g) * (8 / g);
    kInterleave[g - 1][static_cast<size_t>(n)](d, s, stream_stride, done);
    return done;
  }
#endif
  return 0;
}
int64_t DeinterleaveVector(uint8_t* d, int64_t stream_stride, int64_t streams, const uint8_t* s, int64_t n, size_t es,
                           int64_t count) {
#if defined(JAXLIB_X86_64)
  if (StreamsApply(n, es)) {
    const int g = static_cast<int>(es / 4);
    const int64_t done = count / (8 / g) * (8 / g);
    kDeinterleave[g - 1][static_cast<size_t>(n)](d, stream_stride, streams == 1, s, done);
    return done;
  }
#endif
  return 0;
}

using BlockFn = void (*)(uint8_t* d, int64_t dstride, const uint8_t* s, int64_t sstride);

// The two innermost dims in one typed loop when the innermost is short (under kShortInner
// elements): a broadcast that repeats each element a few times (jnp.repeat, a new trailing
// dim), or a short-row slice, would otherwise cost one Inner call per few elements.
constexpr int64_t kShortInner = 16;
template <size_t ES>
void ShortRows(uint8_t* d, int64_t dso, int64_t dsi, const uint8_t* s, int64_t sso, int64_t ssi, int64_t no, int64_t ni) {
  constexpr auto es = static_cast<int64_t>(ES);
  for (int64_t o = 0; o < no; ++o) {
    uint8_t* dr = d + o * dso * es;
    const uint8_t* sr = s + o * sso * es;
    for (int64_t i = 0; i < ni; ++i) std::memcpy(dr + i * dsi * es, sr + i * ssi * es, ES);
  }
}
#if defined(JAXLIB_X86_64)
// Each of n contiguous source elements written r times in a row (jnp.repeat, a new trailing dim
// broadcast): one 16-byte load of source elements gives r 16-byte stores, each a byte shuffle
// whose control picks byte (16k + b) / es / r of the loaded elements for output byte b of store
// k. Pure data movement: the same bits as the scalar loop.
// The shuffle controls of every (element size, repeat) pair RepeatElements takes, built once:
// controls[log2(es)][r][k] picks the bytes of store k.
struct RepeatControls {
  alignas(16) uint8_t bytes[4][kShortInner][kShortInner][16];
  RepeatControls() {
    for (int e = 0; e < 4; ++e)
      for (int64_t r = 1; r < kShortInner; ++r)
        for (int64_t k = 0; k < r; ++k)
          for (int64_t b = 0; b < 16; ++b) {
            const int64_t es = int64_t{1} << e, out_elem = (16 * k + b) / es;
            bytes[e][r][k][b] = static_cast<uint8_t>((out_elem / r) * es + (16 * k + b) % es);
          }
  }
};

JAXLIB_TARGET_AVX2 void RepeatElements(uint8_t* d, const uint8_t* s, int64_t n, int64_t r, size_t es) {
  static const RepeatControls controls;
  const auto ies = static_cast<int64_t>(es);
  const int64_t per_load = 16 / ies;  // source elements per 16-byte load
  const int e = es == 1 ? 0 : es == 2 ? 1 : es == 4 ? 2 : 3;
  __m128i control[kShortInner];
  for (int64_t k = 0; k < r; ++k)
    control[k] = _mm_load_si128(reinterpret_cast<const __m128i*>(controls.bytes[e][r][k]));
  int64_t i = 0;
  for (; i + per_load <= n; i += per_load) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i * ies));
    uint8_t* out = d + i * r * ies;
    for (int64_t k = 0; k < r; ++k)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out + 16 * k), _mm_shuffle_epi8(v, control[k]));
  }
  for (; i < n; ++i)
    for (int64_t k = 0; k < r; ++k) std::memcpy(d + (i * r + k) * ies, s + i * ies, es);
}
#endif

void ShortRowsOf(size_t es, uint8_t* d, int64_t dso, int64_t dsi, const uint8_t* s, int64_t sso, int64_t ssi,
                 int64_t no, int64_t ni) {
  if (dsi == 1 && dso == ni && sso == 1) {
    // Rows of ni made of ni contiguous streams (jnp.stack(..., axis=-1)): interleaved.
    const int64_t done = InterleaveVector(d, s, ssi, ni, es, no);
    d += done * dso * static_cast<int64_t>(es);
    s += done * static_cast<int64_t>(es);
    no -= done;
  }
#if defined(JAXLIB_X86_64)
  // Worth it over a few 16-byte loads at least (a walk of many short runs, x[:, :3] repeated,
  // keeps the scalar loop).
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  if (avx2 && dsi == 1 && ssi == 0 && dso == ni && sso == 1 && es <= 8 && no * static_cast<int64_t>(es) >= 64)
    return RepeatElements(d, s, no, ni, es);
#endif
  switch (es) {
    case 1: return ShortRows<1>(d, dso, dsi, s, sso, ssi, no, ni);
    case 2: return ShortRows<2>(d, dso, dsi, s, sso, ssi, no, ni);
    case 4: return ShortRows<4>(d, dso, dsi, s, sso, ssi, no, ni);
    default: return ShortRows<8>(d, dso, dsi, s, sso, ssi, no, ni);
  }
}

// The [nj, ni] transpose in B x B register blocks (j outermost: the destination's rows are
// written front to back, the source's column strip stays in L2 for the next strip), the
// ragged edges by TransposeTiles.
template <size_t ES, int B>
void TransposeBlocks(BlockFn block, uint8_t* d, int64_t dsj, const uint8_t* s, int64_t ssi, int64_t nj, int64_t ni) {
  constexpr auto es = static_cast<int64_t>(ES);
  const int64_t jb = nj / B * B, ib = ni / B * B;
  for (int64_t j0 = 0; j0 < jb; j0 += B)
    for (int64_t i0 = 0; i0 < ib; i0 += B) block(d + (j0 * dsj + i0) * es, dsj * es, s + (j0 + i0 * ssi) * es, ssi * es);
  if (ib < ni) TransposeTiles<ES>(d + ib * es, dsj, s + ib * ssi * es, ssi, jb, ni - ib);
  if (jb < nj) TransposeTiles<ES>(d + jb * dsj * es, dsj, s + jb * es, ssi, nj - jb, ni);
}

// es is 1, 2, 4 or 8 (the caller checks).
void Transpose(uint8_t* d, int64_t dsj, const uint8_t* s, int64_t ssi, int64_t nj, int64_t ni, size_t es) {
  if (ssi == nj && nj <= 8) {
    // A few streams interleaved in the source ([ni, nj] row-major) taken apart.
    const int64_t done = DeinterleaveVector(d, dsj, nj, s, nj, es, ni);
    d += done * static_cast<int64_t>(es);
    s += done * ssi * static_cast<int64_t>(es);
    ni -= done;
    if (ni == 0) return;
  }
  if (dsj == ni && ni <= 8) {
    // Destination rows of a few elements: the ni source rows interleaved.
    const int64_t done = InterleaveVector(d, s, ssi, ni, es, nj);
    d += done * dsj * static_cast<int64_t>(es);
    s += done * static_cast<int64_t>(es);
    nj -= done;
    if (nj == 0) return;
  }
#if defined(JAXLIB_X86_64)
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  if (es == 4 && avx2) return TransposeBlocks<4, 8>(&Block8x4Bytes, d, dsj, s, ssi, nj, ni);
  if (es == 4) return TransposeBlocks<4, 4>(&Block4x4Bytes, d, dsj, s, ssi, nj, ni);
  if (es == 8 && avx2) return TransposeBlocks<8, 4>(&Block4x8Bytes, d, dsj, s, ssi, nj, ni);
#endif
  switch (es) {
    case 1: TransposeTiles<1>(d, dsj, s, ssi, nj, ni); return;
    case 2: TransposeTiles<2>(d, dsj, s, ssi, nj, ni); return;
    case 4: TransposeTiles<4>(d, dsj, s, ssi, nj, ni); return;
    default: TransposeTiles<8>(d, dsj, s, ssi, nj, ni); return;
  }
}

}  // namespace

StridedCopier::StridedCopier(const std::vector<int64_t>& dims, const std::vector<int64_t>& dst_strides,
                             const std::vector<int64_t>& src_strides, size_t es)
    : es_(es) {
  // Drop unit dimensions and merge dimensions that are contiguous in both views.
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) {
      empty_ = true;
      return;
    }
    if (dims[k] == 1) continue;
    if (!d_.empty() && ds_.back() == dst_strides[k] * dims[k] && ss_.back() == src_strides[k] * dims[k]) {
      d_.back() *= dims[k];
      ds_.back() = dst_strides[k];
      ss_.back() = src_strides[k];
      continue;
    }
    d_.push_back(dims[k]);
    ds_.push_back(dst_strides[k]);
    ss_.push_back(src_strides[k]);
  }
}

void StridedCopier::Run(void* dst, const void* src) const {
  if (empty_) return;
  auto* dp = static_cast<uint8_t*>(dst);
  const auto* sp = static_cast<const uint8_t*>(src);
  if (d_.empty()) {
    std::memcpy(dp, sp, es_);
    return;
  }
  // Large copies split their outermost dim over the pool (each part is the same walk over a
  // slab); inside a task or on a busy pool ParallelFor runs inline.
  int64_t total = 1;
  for (int64_t d : d_) total *= d;
  const int64_t bytes = total * static_cast<int64_t>(es_);
  if (bytes < kParallelCopyBytes || d_[0] < 2) return RunSlab(dp, sp, 0, d_[0]);
  const int64_t slab_bytes = bytes / d_[0];
  ParallelFor(d_[0], std::max<int64_t>(1, kParallelChunkBytes / std::max<int64_t>(slab_bytes, 1)),
              [&](int64_t b, int64_t e) { RunSlab(dp, sp, b, e); });
}

// Elements [begin, end) of the outermost dim.
void StridedCopier::RunSlab(uint8_t* dp, const uint8_t* sp, int64_t begin, int64_t end) const {
  const int64_t ies = static_cast<int64_t>(es_);
  dp += begin * ds_[0] * ies;
  sp += begin * ss_[0] * ies;
  const int64_t outer = end - begin;
  if (outer <= 0) return;
  const int r = static_cast<int>(d_.size());
  auto dim = [&](size_t k) { return k == 0 ? outer : d_[k]; };
  const int64_t inner = dim(static_cast<size_t>(r - 1));
  const int64_t ids = ds_[static_cast<size_t>(r - 1)], iss = ss_[static_cast<size_t>(r - 1)];
  if (r == 1) {
    Inner(dp, ids, sp, iss, inner, es_);
    return;
  }
  if (r > 33) return;  // callers never exceed rank 32
  // The dims walked outside the inner copy, outermost first: all but the innermost, and for a
  // transpose (a gather along the destination's contiguous dim whose source is contiguous
  // along another dim `t`, copied in tiles over (t, innermost)) all but t too.
  size_t walk[32];
  size_t num_walk = 0;
  int t = -1;
  if (ids == 1 && iss != 1 && inner >= 8 && (es_ == 1 || es_ == 2 || es_ == 4 || es_ == 8)) {
    // A source-contiguous dim of 8 or more, or one that is whole source rows of a few
    // interleaved streams (Transpose takes those apart).
    for (int k = 0; k < r - 1; ++k) {
      const int64_t n = dim(static_cast<size_t>(k));
      if (ss_[static_cast<size_t>(k)] == 1 && (n >= 8 || (n >= 2 && iss == n))) t = k;
    }
  }
  // A short innermost dim goes with the next one as one block (ShortRows), the walk around it.
  const bool short_rows = t < 0 && inner < kShortInner && (es_ == 1 || es_ == 2 || es_ == 4 || es_ == 8);
  if (short_rows) t = r - 2;
  for (int k = 0; k < r - 1; ++k)
    if (k != t) walk[num_walk++] = static_cast<size_t>(k);
  const size_t ut = static_cast<size_t>(t);
  int64_t idx[32] = {0};
  int64_t doff = 0, soff = 0;
  for (;;) {
    if (short_rows) {
      ShortRowsOf(es_, dp + doff * ies, ds_[ut], ids, sp + soff * ies, ss_[ut], iss, dim(ut), inner);
    } else if (t >= 0) {
      Transpose(dp + doff * ies, ds_[ut], sp + soff * ies, iss, dim(ut), inner, es_);
    } else {
      Inner(dp + doff * ies, ids, sp + soff * ies, iss, inner, es_);
    }
    size_t k = num_walk;
    for (; k-- > 0;) {
      const size_t uk = walk[k];
      ++idx[k];
      doff += ds_[uk];
      soff += ss_[uk];
      if (idx[k] < dim(uk)) break;
      doff -= ds_[uk] * dim(uk);
      soff -= ss_[uk] * dim(uk);
      idx[k] = 0;
    }
    if (k == static_cast<size_t>(-1)) return;
  }
}

void CopyStrided(void* dst, const std::vector<int64_t>& dst_strides, const void* src,
                 const std::vector<int64_t>& src_strides, const std::vector<int64_t>& dims, size_t es) {
  StridedCopier(dims, dst_strides, src_strides, es).Run(dst, src);
}

void CopyStridedRun(void* dst, const void* src, int64_t n, int64_t stride, size_t es) {
  Inner(static_cast<uint8_t*>(dst), 1, static_cast<const uint8_t*>(src), stride, n, es);
}

void CopyBytesParallel(void* dst, const void* src, size_t bytes) {
  constexpr int64_t kChunk = int64_t{1} << 18;  // 256 KiB per task at least
  const int64_t chunks = static_cast<int64_t>((bytes + kChunk - 1) / kChunk);
  ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
    const size_t b = static_cast<size_t>(c0 * kChunk), e = std::min(bytes, static_cast<size_t>(c1 * kChunk));
    std::memcpy(static_cast<uint8_t*>(dst) + b, static_cast<const uint8_t*>(src) + b, e - b);
  });
}

namespace {

// RepeatEach for runs of at least kRunVector bytes of 1, 2, 4 or 8-byte elements (a row's mean
// broadcast along a row of 96 in a layer norm): the element's pattern stored a vector at a
// time, the run's last vector ending at the run's end (over part of the one before it: the same
// bytes), instead of a copy per element.
constexpr size_t kRunVector = 32;
// P: a vector of kRunVector or fewer bytes of T lanes (a splat is then one broadcast; built a
// lane at a time through the stack it stalled every run on a failed store forwarding).
template <class P, class T>
inline __attribute__((always_inline)) void RepeatLongRunsOf(uint8_t* d, const uint8_t* s, int64_t n, int64_t r) {
  const auto bytes = static_cast<size_t>(r) * sizeof(T);
  for (int64_t i = 0; i < n; ++i, d += bytes) {
    T e;
    std::memcpy(&e, s + static_cast<size_t>(i) * sizeof(T), sizeof(T));
    const P v = P{} + e;
    size_t k = 0;
    for (; k + sizeof(P) <= bytes; k += sizeof(P)) std::memcpy(d + k, &v, sizeof(P));
    if (k < bytes) std::memcpy(d + bytes - sizeof(P), &v, sizeof(P));
  }
}
template <size_t kBytes>
struct RunVectors {
  typedef uint8_t U8 __attribute__((vector_size(kBytes)));
  typedef uint16_t U16 __attribute__((vector_size(kBytes)));
  typedef uint32_t U32 __attribute__((vector_size(kBytes)));
  typedef uint64_t U64 __attribute__((vector_size(kBytes)));
};
template <size_t kBytes>
inline __attribute__((always_inline)) void RepeatLongRunsBody(uint8_t* d, const uint8_t* s, int64_t n, int64_t r, size_t es) {
  using V = RunVectors<kBytes>;
  switch (es) {
    case 1: return RepeatLongRunsOf<typename V::U8, uint8_t>(d, s, n, r);
    case 2: return RepeatLongRunsOf<typename V::U16, uint16_t>(d, s, n, r);
    case 4: return RepeatLongRunsOf<typename V::U32, uint32_t>(d, s, n, r);
    default: return RepeatLongRunsOf<typename V::U64, uint64_t>(d, s, n, r);
  }
}
#if defined(JAXLIB_X86_64)
JAXLIB_TARGET_AVX2 void RepeatLongRunsAvx2(uint8_t* d, const uint8_t* s, int64_t n, int64_t r, size_t es) {
  RepeatLongRunsBody<32>(d, s, n, r, es);
}
#endif
// Runs of at least kRunVector bytes of 1, 2, 4 or 8-byte elements; false for others.
bool RepeatLongRuns(uint8_t* d, const uint8_t* s, int64_t n, int64_t r, size_t es) {
  if (static_cast<size_t>(r) * es < kRunVector || !(es == 1 || es == 2 || es == 4 || es == 8)) return false;
#if defined(JAXLIB_X86_64)
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  if (avx2) {
    RepeatLongRunsAvx2(d, s, n, r, es);
    return true;
  }
#endif
  RepeatLongRunsBody<16>(d, s, n, r, es);
  return true;
}

}  // namespace

bool RepeatEachFillsRuns(int64_t r, size_t es) {
  return r < kShortInner || (static_cast<size_t>(r) * es >= kRunVector && (es == 1 || es == 2 || es == 4 || es == 8));
}

void RepeatEach(void* dst, const void* src, int64_t n, int64_t r, size_t es) {
  auto* d = static_cast<uint8_t*>(dst);
  const auto* s = static_cast<const uint8_t*>(src);
#if defined(JAXLIB_X86_64)
  static const bool avx2 = DetectedVectorIsa() != VectorIsa::kBaseline;
  if (avx2 && r < kShortInner && es <= 8) return RepeatElements(d, s, n, r, es);
#endif
  if (RepeatLongRuns(d, s, n, r, es)) return;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t k = 0; k < r; ++k) std::memcpy(d + (i * r + k) * static_cast<int64_t>(es), s + i * static_cast<int64_t>(es), es);
}

}  // namespace jaxlib::cpu
