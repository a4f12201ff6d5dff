// Direct f32 convolution (direct_convolution.h). Output pixels are taken in tiles of P; for each
// tile an indirection table points every (tap, pixel) at the pixel's input features, or at a
// row of zeros where the tap reads padding or a dilation hole, so the AVX-512 micro-kernel has
// no branches and no im2col copy: it keeps a P x (16 * NV) block of outputs in registers,
// broadcasting one input value against NV vectors of the filter row. The filter is read in its
// canonical [taps, Cin, Cout] layout, which already is the order the micro-kernel streams (no
// repacking; masked loads cover a Cout that is not a multiple of 16). Cache blocking: a panel
// of tiles goes through the filter one L1-sized slab of rows at a time, the tiles adding each
// slab's sums to their outputs, so large filters are not re-read from L3 for every tile.
// Threads split the panels. The micro-kernels must only run after Plan has checked the CPU.
#include "backends/cpu/executor/linalg/direct_convolution.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace jaxlib::cpu {
namespace {

constexpr int kLanes = 16;
// Tiles of output pixels that share one pass over the filter (their pointers, outputs and the
// inputs they read stay in L2 meanwhile); fewer when a tile has very many taps, to bound the
// pointer table.
constexpr int64_t kPanelTiles = 16;
constexpr int64_t kPanelPointers = 8192;
// Filter bytes per slab: one slab of rows x (16 * NV) features stays in L1 (48 KiB on current
// cores) while a panel's tiles stream through it.
constexpr int64_t kSlabBytes = 32 * 1024;

// One micro-kernel call: a tile of at most P output pixels (`rows` of them real) x 16 * NV
// output features, over taps [tap0, tap1) and input features [c0, c0 + cn):
//   y[p, :] (+)= sum over t, c of in[t * P + p][c] * w[(t * cin + c) * ldw + :]
// adding to y when `accumulate` (the sums over earlier slabs of the filter), else overwriting.
// `last_mask` selects the lanes of the last vector that exist (the feature tail).
struct TileArgs {
  const float* const* in;
  int64_t tap0, tap1, c0, cn, cin;
  const float* w;
  int64_t ldw;
  uint32_t last_mask;
  float* y;
  int64_t ldy, rows;
  bool accumulate;
};
using TileFn = void (*)(const TileArgs& args);

#if defined(__x86_64__)
// Register budget: P * NV accumulators + NV filter vectors + one broadcast within 32 zmm, and P
// input pointers within the general registers. FMA latency x ports needs >= 8 accumulators.
template <int P, int NV>
__attribute__((target("avx512f"))) void TileAvx512(const TileArgs& args) {
  const __mmask16 mask = static_cast<__mmask16>(args.last_mask);
  const int64_t ldw = args.ldw, cn = args.cn, rows = args.rows, ldy = args.ldy;
  float* const y = args.y;
  __m512 acc[P][NV];
  if (args.accumulate) {
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p) {
      // Rows past `rows` are not there to read; their sums are never stored.
      const float* yp = y + (p < rows ? p : 0) * ldy;
#pragma GCC unroll 4
      for (int v = 0; v + 1 < NV; ++v) acc[p][v] = _mm512_loadu_ps(yp + kLanes * v);
      acc[p][NV - 1] = _mm512_maskz_loadu_ps(mask, yp + kLanes * (NV - 1));
    }
  } else {
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[p][v] = _mm512_setzero_ps();
  }
  for (int64_t t = args.tap0; t < args.tap1; ++t) {
    const float* a[P];
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p) a[p] = args.in[t * P + p] + args.c0;
    const float* wr = args.w + (t * args.cin + args.c0) * ldw;
    for (int64_t c = 0; c < cn; ++c, wr += ldw) {
      __m512 wv[NV];
#pragma GCC unroll 4
      for (int v = 0; v + 1 < NV; ++v) wv[v] = _mm512_loadu_ps(wr + kLanes * v);
      wv[NV - 1] = _mm512_maskz_loadu_ps(mask, wr + kLanes * (NV - 1));
#pragma GCC unroll 16
      for (int p = 0; p < P; ++p) {
        const __m512 b = _mm512_set1_ps(a[p][c]);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[p][v] = _mm512_fmadd_ps(b, wv[v], acc[p][v]);
      }
    }
  }
#pragma GCC unroll 16
  for (int p = 0; p < P; ++p) {
    if (p >= rows) break;
    float* yp = y + p * ldy;
#pragma GCC unroll 4
    for (int v = 0; v + 1 < NV; ++v) _mm512_storeu_ps(yp + kLanes * v, acc[p][v]);
    _mm512_mask_storeu_ps(yp + kLanes * (NV - 1), mask, acc[p][NV - 1]);
  }
}

// Pixels per tile for blocks of `vectors` (1..4) vectors of output features.
int PixelsPerTile(int vectors) { return vectors >= 4 ? 6 : vectors == 3 ? 8 : 12; }

TileFn TileFor(int pixels, int vectors) {
  switch (pixels * 8 + vectors) {
    case 6 * 8 + 1: return &TileAvx512<6, 1>;
    case 6 * 8 + 2: return &TileAvx512<6, 2>;
    case 6 * 8 + 3: return &TileAvx512<6, 3>;
    case 6 * 8 + 4: return &TileAvx512<6, 4>;
    case 8 * 8 + 1: return &TileAvx512<8, 1>;
    case 8 * 8 + 2: return &TileAvx512<8, 2>;
    case 8 * 8 + 3: return &TileAvx512<8, 3>;
    case 12 * 8 + 1: return &TileAvx512<12, 1>;
    case 12 * 8 + 2: return &TileAvx512<12, 2>;
    default: return nullptr;
  }
}
#else
int PixelsPerTile(int) { return 0; }
TileFn TileFor(int, int) { return nullptr; }
#endif

// $JAXLIB_CPU_DISABLE_DIRECT_CONV=1 keeps every convolution on im2col + GEMM (for comparing the
// two and as an escape hatch). Read once.
bool DirectConvDisabled() {
  static const bool disabled = [] {
    const char* env = std::getenv("JAXLIB_CPU_DISABLE_DIRECT_CONV");
    return env != nullptr && *env != '\0' && std::string_view(env) != "0";
  }();
  return disabled;
}

}  // namespace

std::optional<DirectConvF32> DirectConvF32::Plan(const DirectConvShape& s) {
  if (DirectConvDisabled() || DetectedVectorIsa() != VectorIsa::kAvx512) return std::nullopt;
  const size_t ns = s.in_spatial.size();
  if (ns == 0 || s.kernel_spatial.size() != ns || s.out_spatial.size() != ns || s.stride.size() != ns ||
      s.lhs_dilation.size() != ns || s.rhs_dilation.size() != ns || s.pad_low.size() != ns || s.reversed.size() != ns)
    return std::nullopt;
  if (s.batch <= 0 || s.in_features <= 0 || s.out_features <= 0) return std::nullopt;
  DirectConvF32 plan;
  plan.batch_ = s.batch;
  plan.cin_ = s.in_features;
  plan.cout_ = s.out_features;
  plan.out_spatial_ = s.out_spatial;
  plan.kernel_spatial_ = s.kernel_spatial;
  plan.out_pixels_ = 1;
  plan.taps_ = 1;
  plan.image_elems_ = s.in_features;
  for (size_t d = 0; d < ns; ++d) {
    if (s.in_spatial[d] <= 0 || s.kernel_spatial[d] <= 0 || s.out_spatial[d] <= 0 || s.stride[d] <= 0 ||
        s.lhs_dilation[d] <= 0 || s.rhs_dilation[d] <= 0)
      return std::nullopt;
    plan.out_pixels_ *= s.out_spatial[d];
    plan.taps_ *= s.kernel_spatial[d];
    plan.image_elems_ *= s.in_spatial[d];
  }
  plan.main_vectors_ = static_cast<int>(std::min<int64_t>(4, (s.out_features + kLanes - 1) / kLanes));
  plan.pixels_per_tile_ = PixelsPerTile(plan.main_vectors_);
  if (TileFor(plan.pixels_per_tile_, plan.main_vectors_) == nullptr) return std::nullopt;
  plan.panel_tiles_ = std::clamp<int64_t>(kPanelPointers / (plan.taps_ * plan.pixels_per_tile_), 1, kPanelTiles);
  // Offsets of the input read by (output o, tap k) along each dim, in elements of the image.
  plan.offset_.resize(ns);
  int64_t dim_stride = s.in_features;  // elements between neighbours along dim d
  for (size_t d = ns; d-- > 0;) {
    const int64_t K = s.kernel_spatial[d];
    std::vector<int64_t>& table = plan.offset_[d];
    table.assign(static_cast<size_t>(s.out_spatial[d] * K), -1);
    for (int64_t o = 0; o < s.out_spatial[d]; ++o)
      for (int64_t k = 0; k < K; ++k) {
        const int64_t kk = s.reversed[d] ? K - 1 - k : k;
        const int64_t q = o * s.stride[d] + kk * s.rhs_dilation[d] - s.pad_low[d];  // in the dilated input
        if (q < 0 || q % s.lhs_dilation[d] != 0 || q / s.lhs_dilation[d] >= s.in_spatial[d]) continue;
        table[static_cast<size_t>(o * K + k)] = q / s.lhs_dilation[d] * dim_stride;
      }
    dim_stride *= s.in_spatial[d];
  }
  // Slabs of the filter: whole taps while they fit the L1 budget, else slices of one tap's rows.
  const int64_t budget_rows = std::max<int64_t>(1, kSlabBytes / (plan.main_vectors_ * kLanes * 4));
  if (s.in_features <= budget_rows) {
    const int64_t taps_per_slab = budget_rows / s.in_features;
    for (int64_t t = 0; t < plan.taps_; t += taps_per_slab)
      plan.slabs_.push_back({t, std::min(plan.taps_, t + taps_per_slab), 0, s.in_features});
  } else {
    const int64_t parts = (s.in_features + budget_rows - 1) / budget_rows;
    for (int64_t t = 0; t < plan.taps_; ++t)
      for (int64_t j = 0; j < parts; ++j) {
        const int64_t c0 = s.in_features * j / parts, c1 = s.in_features * (j + 1) / parts;
        plan.slabs_.push_back({t, t + 1, c0, c1 - c0});
      }
  }
  return plan;
}

int64_t DirectConvF32::ScratchBytes() const {
  return (cin_ * static_cast<int64_t>(sizeof(float)) + 63) / 64 * 64;
}

void DirectConvF32::Run(const float* x, const float* w, float* y, uint8_t* scratch) const {
  float* zeros = reinterpret_cast<float*>(scratch);
  std::memset(zeros, 0, static_cast<size_t>(cin_) * sizeof(float));
  const int P = pixels_per_tile_;
  const int64_t total = batch_ * out_pixels_;
  const int64_t tiles = (total + P - 1) / P;
  const int64_t panel_tiles = panel_tiles_;
  const int64_t panels = (tiles + panel_tiles - 1) / panel_tiles;
  const int64_t block = int64_t{kLanes} * main_vectors_;
  const int64_t full_blocks = cout_ / block;
  const int64_t tail = cout_ % block;
  const TileFn full_fn = TileFor(P, main_vectors_);
  const TileFn tail_fn = tail ? TileFor(P, static_cast<int>((tail + kLanes - 1) / kLanes)) : nullptr;
  const uint32_t tail_mask = tail % kLanes ? (uint32_t{1} << (tail % kLanes)) - 1 : 0xffffu;
  const size_t ns = out_spatial_.size();
  const int64_t k_last = kernel_spatial_.back();
  const int64_t outer_taps = taps_ / k_last;  // taps of all dims but the last
  const int64_t tile_ptrs = taps_ * P;

  auto run_panels = [&](int64_t panel0, int64_t panel1) {
    std::vector<const float*> in(static_cast<size_t>(tile_ptrs * panel_tiles));
    std::vector<int64_t> outer_off(static_cast<size_t>(outer_taps));
    std::vector<int64_t> kpos(ns), opos(ns);
    // Coordinates of the first pixel of the range; later pixels step an odometer.
    int64_t n = panel0 * panel_tiles * P / out_pixels_;
    for (int64_t rem = panel0 * panel_tiles * P % out_pixels_, d = static_cast<int64_t>(ns) - 1; d >= 0; --d) {
      opos[static_cast<size_t>(d)] = rem % out_spatial_[static_cast<size_t>(d)];
      rem /= out_spatial_[static_cast<size_t>(d)];
    }
    // Points in[t * P + p] at the input features tap t of the next pixel reads (or at zeros).
    auto point_next_pixel = [&](const float** in, int p) {
      const float* image = x + n * image_elems_;
      // Offset of every tap over the outer dims (-1 if any of them reads padding).
      std::fill(kpos.begin(), kpos.end(), 0);
      for (int64_t ot = 0; ot < outer_taps; ++ot) {
        int64_t off = 0;
        for (size_t d = 0; d + 1 < ns; ++d) {
          const int64_t v = offset_[d][static_cast<size_t>(opos[d] * kernel_spatial_[d] + kpos[d])];
          off = (off | v) < 0 ? -1 : off + v;
        }
        outer_off[static_cast<size_t>(ot)] = off;
        for (size_t d = ns - 1; d-- > 0;) {
          if (++kpos[d] < kernel_spatial_[d]) break;
          kpos[d] = 0;
        }
      }
      const int64_t* last = offset_[ns - 1].data() + opos[ns - 1] * k_last;
      const float** col = in + p;
      for (int64_t ot = 0; ot < outer_taps; ++ot) {
        const int64_t o = outer_off[static_cast<size_t>(ot)];
        for (int64_t k = 0; k < k_last; ++k, col += P) *col = (o | last[k]) < 0 ? zeros : image + o + last[k];
      }
      for (size_t d = ns;;) {
        if (d-- == 0) {
          ++n;
          break;
        }
        if (++opos[d] < out_spatial_[d]) break;
        opos[d] = 0;
      }
    };
    for (int64_t panel = panel0; panel < panel1; ++panel) {
      const int64_t tile0 = panel * panel_tiles, tile1 = std::min(tiles, tile0 + panel_tiles);
      for (int64_t tile = tile0; tile < tile1; ++tile) {
        const float** tin = in.data() + (tile - tile0) * tile_ptrs;
        const int rows = static_cast<int>(std::min<int64_t>(P, total - tile * P));
        for (int p = 0; p < rows; ++p) point_next_pixel(tin, p);
        for (int p = rows; p < P; ++p)  // past the last pixel: sums of zeros, never stored
          for (int64_t t = 0; t < taps_; ++t) tin[t * P + p] = zeros;
      }
      // Each slab of the filter is loaded into L1 once and used by every tile of the panel.
      for (int64_t b = 0; b <= full_blocks; ++b) {
        const bool is_tail = b == full_blocks;
        if (is_tail && !tail_fn) break;
        const TileFn fn = is_tail ? tail_fn : full_fn;
        TileArgs args{};
        args.cin = cin_;
        args.w = w + b * block;
        args.ldw = cout_;
        args.last_mask = is_tail ? tail_mask : 0xffffu;
        args.ldy = cout_;
        for (size_t s = 0; s < slabs_.size(); ++s) {
          args.tap0 = slabs_[s].tap0;
          args.tap1 = slabs_[s].tap1;
          args.c0 = slabs_[s].c0;
          args.cn = slabs_[s].cn;
          args.accumulate = s > 0;
          for (int64_t tile = tile0; tile < tile1; ++tile) {
            args.in = in.data() + (tile - tile0) * tile_ptrs;
            args.y = y + tile * P * cout_ + b * block;
            args.rows = std::min<int64_t>(P, total - tile * P);
            fn(args);
          }
        }
      }
    }
  };
  // Enough multiply-adds per chunk to pay for waking a worker.
  const int64_t macs_per_panel = panel_tiles * P * taps_ * cin_ * cout_;
  const int64_t min_panels = std::max<int64_t>(1, (int64_t{1} << 18) / std::max<int64_t>(1, macs_per_panel));
  ParallelFor(panels, min_panels, run_panels, 1, 16);
}

}  // namespace jaxlib::cpu
