// Winograd F(2x2, 3x3) convolution (winograd_convolution.h). With the 1-D matrices
//   B^T = [1 0 -1 0; 0 1 1 0; 0 -1 1 0; 0 1 0 -1], G = [1 0 0; .5 .5 .5; .5 -.5 .5; 0 0 1],
//   A^T = [1 1 1 0; 0 1 -1 -1],
// a 2x2 block of outputs is A^T [sum over c of (G g_ck G^T) . (B^T d_c B)] A for the 4x4 input
// patch d_c of each input feature c and the 3x3 filter g_ck of each pair (c, k). Per worker,
// a block of tiles (2x2 output blocks) goes through three phases that stay in L2:
//   1. input transform: V[xi][tile][c] for the 16 positions xi of the 4x4 patch;
//   2. 16 products M[xi] = V[xi] U[xi], [tiles, C] x [C, K], by the direct kernel's
//      micro-kernels (conv_micro_kernels.h) as 1x1 convolutions, U the transformed filter;
//   3. output transform of M into the 2x2 outputs, with a running check that they are finite.
// The transforms are vectorised across features with the micro-kernels' vector vocabulary.
#include "backends/cpu/executor/linalg/winograd_convolution.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "backends/cpu/executor/linalg/conv_micro_kernels.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "runtime/support/env_flag.h"

// Vectors pass only between always-inlined helpers inside the flattened entry points.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jaxlib::cpu {
namespace {

using conv_micro::KernelsForCpu;
using conv_micro::MicroKernels;
using conv_micro::TileArgs;
using conv_micro::TileFn;

constexpr int64_t kMinFeatures = 16;
// Bytes of one worker's transformed inputs and products together: within L2 (2 MiB per core
// on current server cores) beside the filter slab.
constexpr int64_t kBlockBytes = 1 << 20;
constexpr int64_t kMaxBlockTiles = 192;
// Filter bytes per micro-kernel pass, as the direct kernel's slabs: they stay in L1.
constexpr int64_t kSlabBytes = 32 * 1024;

bool WinogradDisabled() {
  static const bool disabled = EnvFlag("JAXLIB_CPU_DISABLE_WINOGRAD");
  return disabled;
}

int64_t RoundUp(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

// Phase 1 for `tiles` tiles: patch[16 * t + 4 * a + b] points at the C input features of row a,
// column b of tile t's 4x4 patch (at zeros in padding); V[xi] of tile t goes to
// v + xi * plane + t * row, features contiguous.
struct InputArgs {
  const float* const* patch;
  int64_t tiles, C, plane, row;
  float* v;
};
// Phase 3: m + xi * plane + t * row holds M[xi] of tile t (K features); out[4 * t + 2 * i + j]
// is where output (i, j) of the tile goes, or nullptr past the edge. Returns whether every
// stored output is finite.
struct OutputArgs {
  const float* m;
  int64_t tiles, K, plane, row;
  float* const* out;
};
using InputFn = void (*)(const InputArgs&);
using OutputFn = bool (*)(const OutputArgs&);

#if defined(__x86_64__)
template <class Vec>
__attribute__((always_inline)) inline void InputBody(const InputArgs& args) {
  using V = typename Vec::V;
  constexpr int L = Vec::kLanes;
  for (int64_t t = 0; t < args.tiles; ++t) {
    const float* const* patch = args.patch + 16 * t;
    float* v = args.v + t * args.row;
    for (int64_t c = 0; c < args.C; c += L) {
      const bool tail = args.C - c < L;
      const auto mask = Vec::TailMask(static_cast<int>(tail ? args.C - c : L));
      V d[4][4], u[4][4];
#pragma GCC unroll 16
      for (int i = 0; i < 16; ++i)
        d[i / 4][i % 4] = tail ? Vec::LoadTail(patch[i] + c, mask) : Vec::Load(patch[i] + c);
#pragma GCC unroll 4
      for (int b = 0; b < 4; ++b) {  // B^T d: along the patch's rows
        u[0][b] = Vec::Sub(d[0][b], d[2][b]);
        u[1][b] = Vec::Add(d[1][b], d[2][b]);
        u[2][b] = Vec::Sub(d[2][b], d[1][b]);
        u[3][b] = Vec::Sub(d[1][b], d[3][b]);
      }
#pragma GCC unroll 4
      for (int a = 0; a < 4; ++a) {  // (B^T d) B: along its columns
        d[a][0] = Vec::Sub(u[a][0], u[a][2]);
        d[a][1] = Vec::Add(u[a][1], u[a][2]);
        d[a][2] = Vec::Sub(u[a][2], u[a][1]);
        d[a][3] = Vec::Sub(u[a][1], u[a][3]);
      }
#pragma GCC unroll 16
      for (int i = 0; i < 16; ++i) {
        float* dst = v + i * args.plane + c;
        if (tail)
          Vec::StoreTail(dst, mask, d[i / 4][i % 4]);
        else
          Vec::Store(dst, d[i / 4][i % 4]);
      }
    }
  }
}

template <class Vec>
__attribute__((always_inline)) inline bool OutputBody(const OutputArgs& args) {
  using V = typename Vec::V;
  constexpr int L = Vec::kLanes;
  // y * 0 is 0 for finite y and NaN otherwise: the sum stays 0 while every output is finite.
  V check = Vec::Zero();
  const V zero = Vec::Zero();
  for (int64_t t = 0; t < args.tiles; ++t) {
    const float* m = args.m + t * args.row;
    float* const* out = args.out + 4 * t;
    for (int64_t k = 0; k < args.K; k += L) {
      const bool tail = args.K - k < L;
      const auto mask = Vec::TailMask(static_cast<int>(tail ? args.K - k : L));
      V p[4][4], s[2][4];
#pragma GCC unroll 16
      for (int i = 0; i < 16; ++i) {
        const float* src = m + i * args.plane + k;
        p[i / 4][i % 4] = tail ? Vec::LoadTail(src, mask) : Vec::Load(src);
      }
#pragma GCC unroll 4
      for (int b = 0; b < 4; ++b) {  // A^T M
        s[0][b] = Vec::Add(Vec::Add(p[0][b], p[1][b]), p[2][b]);
        s[1][b] = Vec::Sub(Vec::Sub(p[1][b], p[2][b]), p[3][b]);
      }
#pragma GCC unroll 2
      for (int i = 0; i < 2; ++i) {  // (A^T M) A
        const V y[2] = {Vec::Add(Vec::Add(s[i][0], s[i][1]), s[i][2]), Vec::Sub(Vec::Sub(s[i][1], s[i][2]), s[i][3])};
#pragma GCC unroll 2
        for (int j = 0; j < 2; ++j) {
          float* dst = out[2 * i + j];
          if (dst == nullptr) continue;
          if (tail)
            Vec::StoreTail(dst + k, mask, y[j]);
          else
            Vec::Store(dst + k, y[j]);
          check = Vec::MulAdd(y[j], zero, check);
        }
      }
    }
  }
  alignas(64) float lanes[L];
  Vec::Store(lanes, check);
  bool finite = true;
  for (int i = 0; i < L; ++i) finite &= lanes[i] == 0.0f;
  return finite;
}

struct Avx512Transforms {
  __attribute__((target("avx512f"), flatten)) static void Input(const InputArgs& args) {
    InputBody<conv_micro::Avx512Vectors>(args);
  }
  __attribute__((target("avx512f"), flatten)) static bool Output(const OutputArgs& args) {
    return OutputBody<conv_micro::Avx512Vectors>(args);
  }
};

struct Avx2Transforms {
  __attribute__((target("avx2,fma"), flatten)) static void Input(const InputArgs& args) {
    InputBody<conv_micro::Avx2Vectors>(args);
  }
  __attribute__((target("avx2,fma"), flatten)) static bool Output(const OutputArgs& args) {
    return OutputBody<conv_micro::Avx2Vectors>(args);
  }
};

std::pair<InputFn, OutputFn> TransformsFor(int lanes) {
  if (lanes == 16) return {&Avx512Transforms::Input, &Avx512Transforms::Output};
  if (lanes == 8) return {&Avx2Transforms::Input, &Avx2Transforms::Output};
  return {nullptr, nullptr};
}
#else
std::pair<InputFn, OutputFn> TransformsFor(int) { return {nullptr, nullptr}; }
#endif

// U[xi] = G g G^T for one (c, k): g[i][j] the filter's tap (i, j) as read (reversal applied),
// results at u[xi * u_plane]. Plain float arithmetic in a fixed order: the same bits wherever
// it runs (the 0.5 scalings are exact).
inline void FilterTile(const float g[3][3], float* u, int64_t u_plane) {
  float q[4][3];
  for (int j = 0; j < 3; ++j) {
    q[0][j] = g[0][j];
    q[1][j] = (g[0][j] + g[1][j] + g[2][j]) * 0.5f;
    q[2][j] = (g[0][j] - g[1][j] + g[2][j]) * 0.5f;
    q[3][j] = g[2][j];
  }
  for (int a = 0; a < 4; ++a) {
    u[(4 * a + 0) * u_plane] = q[a][0];
    u[(4 * a + 1) * u_plane] = (q[a][0] + q[a][1] + q[a][2]) * 0.5f;
    u[(4 * a + 2) * u_plane] = (q[a][0] - q[a][1] + q[a][2]) * 0.5f;
    u[(4 * a + 3) * u_plane] = q[a][2];
  }
}

}  // namespace

std::optional<WinogradConvF32> WinogradConvF32::Plan(const DirectConvShape& s) {
  if (WinogradDisabled()) return std::nullopt;
  if (s.in_spatial.size() != 2 || s.kernel_spatial.size() != 2 || s.out_spatial.size() != 2 || s.stride.size() != 2 ||
      s.lhs_dilation.size() != 2 || s.rhs_dilation.size() != 2 || s.pad_low.size() != 2 || s.reversed.size() != 2)
    return std::nullopt;
  if (s.feature_groups != 1 || s.batch <= 0 || s.in_features < kMinFeatures || s.out_features < kMinFeatures)
    return std::nullopt;
  for (int d = 0; d < 2; ++d)
    if (s.kernel_spatial[d] != 3 || s.stride[d] != 1 || s.lhs_dilation[d] != 1 || s.rhs_dilation[d] <= 0 ||
        s.in_spatial[d] <= 0 || s.out_spatial[d] <= 0)
      return std::nullopt;
  const MicroKernels kernels = KernelsForCpu();
  if (kernels.tile_for == nullptr || TransformsFor(kernels.lanes).first == nullptr) return std::nullopt;
  WinogradConvF32 plan;
  plan.batch_ = s.batch;
  plan.C_ = s.in_features;
  plan.K_ = s.out_features;
  plan.in_h_ = s.in_spatial[0];
  plan.in_w_ = s.in_spatial[1];
  plan.out_h_ = s.out_spatial[0];
  plan.out_w_ = s.out_spatial[1];
  for (int d = 0; d < 2; ++d) {
    plan.pad_[d] = s.pad_low[d];
    plan.dilation_[d] = s.rhs_dilation[d];
    plan.reversed_[d] = s.reversed[d];
  }
  // Residue classes of the dilation; 2x2 blocks of each class's outputs.
  int64_t tiles = 0;
  for (int64_t rh = 0; rh < std::min(plan.dilation_[0], plan.out_h_); ++rh)
    for (int64_t rw = 0; rw < std::min(plan.dilation_[1], plan.out_w_); ++rw) {
      ResidueClass rc{};
      rc.residue[0] = rh;
      rc.residue[1] = rw;
      rc.count[0] = (plan.out_h_ - rh + plan.dilation_[0] - 1) / plan.dilation_[0];
      rc.count[1] = (plan.out_w_ - rw + plan.dilation_[1] - 1) / plan.dilation_[1];
      rc.tiles[0] = (rc.count[0] + 1) / 2;
      rc.tiles[1] = (rc.count[1] + 1) / 2;
      rc.first_tile = tiles;
      tiles += rc.tiles[0] * rc.tiles[1];
      plan.classes_.push_back(rc);
    }
  plan.tiles_per_image_ = tiles;
  // Worth it only where the 2x2 blocks are mostly real outputs: 16 products per block against
  // 9 per output (edges of odd-sized classes waste part of their blocks).
  if (tiles * 16 * 10 > plan.out_h_ * plan.out_w_ * 9 * 7) return std::nullopt;
  plan.lanes_ = kernels.lanes;
  plan.main_vectors_ = static_cast<int>(std::min<int64_t>(kernels.max_vectors, (plan.K_ + kernels.lanes - 1) / kernels.lanes));
  plan.pixels_per_tile_ = kernels.pixels_per_tile(plan.main_vectors_);
  if (kernels.tile_for(plan.pixels_per_tile_, plan.main_vectors_, false) == nullptr) return std::nullopt;
  plan.c_stride_ = RoundUp(plan.C_, 16);
  plan.k_stride_ = RoundUp(plan.K_, 16);
  const int64_t P = plan.pixels_per_tile_;
  const int64_t per_tile = 16 * (plan.c_stride_ + plan.k_stride_) * static_cast<int64_t>(sizeof(float));
  const int64_t total_tiles = plan.batch_ * tiles;
  plan.block_tiles_ = std::clamp<int64_t>(kBlockBytes / per_tile / P, 1, kMaxBlockTiles / P) * P;
  plan.block_tiles_ = std::min(plan.block_tiles_, RoundUp(total_tiles, P));
  plan.slab_rows_ = std::max<int64_t>(1, kSlabBytes / (int64_t{plan.main_vectors_} * plan.lanes_ * 4));
  const int64_t blocks = (total_tiles + plan.block_tiles_ - 1) / plan.block_tiles_;
  plan.workers_ = static_cast<int>(std::min<int64_t>(ThreadPool::Global().num_threads(), blocks));
  return plan;
}

int64_t WinogradConvF32::ScratchBytes() const {
  const int64_t floats = c_stride_ +                 // a row of zeros for padding
                         16 * C_ * K_ +              // the transformed filter
                         workers_ * 16 * block_tiles_ * (c_stride_ + k_stride_);
  return floats * static_cast<int64_t>(sizeof(float)) + 64;
}

bool WinogradConvF32::Run(const float* x, const float* w, float* y, uint8_t* scratch) const {
  float* base = reinterpret_cast<float*>(RoundUp(reinterpret_cast<uintptr_t>(scratch), 64));
  float* zeros = base;
  std::memset(zeros, 0, static_cast<size_t>(c_stride_) * sizeof(float));
  float* U = zeros + c_stride_;
  float* work = U + 16 * C_ * K_;
  const MicroKernels kernels = KernelsForCpu();  // the ones Plan checked: the CPU does not change
  const auto [input_fn, output_fn] = TransformsFor(lanes_);
  const int P = pixels_per_tile_;
  const int64_t C = C_, K = K_;
  const int64_t block = int64_t{lanes_} * main_vectors_;
  const int64_t full_blocks = K / block, tail = K % block;
  const int64_t kblocks = full_blocks + (tail ? 1 : 0);
  const int tail_lanes = tail % lanes_ ? static_cast<int>(tail % lanes_) : lanes_;
  const TileFn full_fn = kernels.tile_for(P, main_vectors_, false);
  const TileFn tail_fn =
      tail ? kernels.tile_for(P, static_cast<int>((tail + lanes_ - 1) / lanes_), tail_lanes < lanes_) : nullptr;

  // The filter: U[xi] as [C, K] split into blocks of output features, each block's [C, width]
  // rows contiguous (the order the micro-kernel streams them), at U + xi * C * K + col0 * C.
  ParallelFor(C, std::max<int64_t>(1, 4096 / K), [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c)
      for (int64_t b = 0; b < kblocks; ++b) {
        const int64_t col0 = b * block, width = std::min(block, K - col0);
        for (int64_t k = col0; k < col0 + width; ++k) {
          float g[3][3];
          for (int i = 0; i < 3; ++i)
            for (int j = 0; j < 3; ++j) {
              const int64_t ti = reversed_[0] ? 2 - i : i, tj = reversed_[1] ? 2 - j : j;
              g[i][j] = w[((ti * 3 + tj) * C + c) * K + k];
            }
          FilterTile(g, U + col0 * C + c * width + (k - col0), C * K);
        }
      }
  });

  const int64_t total_tiles = batch_ * tiles_per_image_;
  const int64_t blocks = (total_tiles + block_tiles_ - 1) / block_tiles_;
  const int64_t Tb = block_tiles_;
  const int64_t v_plane = Tb * c_stride_, m_plane = Tb * k_stride_;
  std::atomic<int64_t> next_block{0};
  std::atomic<bool> finite{true};
  auto work_slot = [&](int64_t slot) {
    float* V = work + slot * 16 * Tb * (c_stride_ + k_stride_);
    float* M = V + 16 * v_plane;
    std::vector<const float*> patch(static_cast<size_t>(16 * Tb)), v_rows(static_cast<size_t>(16 * Tb));
    std::vector<float*> out(static_cast<size_t>(4 * Tb)), m_rows(static_cast<size_t>(16 * Tb));
    for (int64_t xi = 0; xi < 16; ++xi)
      for (int64_t t = 0; t < Tb; ++t) {
        v_rows[static_cast<size_t>(xi * Tb + t)] = V + xi * v_plane + t * c_stride_;
        m_rows[static_cast<size_t>(xi * Tb + t)] = M + xi * m_plane + t * k_stride_;
      }
    for (int64_t blk; (blk = next_block.fetch_add(1, std::memory_order_relaxed)) < blocks;) {
      const int64_t t0 = blk * Tb, count = std::min(Tb, total_tiles - t0);
      // Where each tile reads and writes.
      for (int64_t t = 0; t < count; ++t) {
        const int64_t n = (t0 + t) / tiles_per_image_, in_image = (t0 + t) % tiles_per_image_;
        size_t ci = 0;
        while (ci + 1 < classes_.size() && classes_[ci + 1].first_tile <= in_image) ++ci;
        const ResidueClass& rc = classes_[ci];
        const int64_t local = in_image - rc.first_tile;
        const int64_t jh = 2 * (local / rc.tiles[1]), jw = 2 * (local % rc.tiles[1]);
        const float* image = x + n * in_h_ * in_w_ * C;
        for (int a = 0; a < 4; ++a) {
          const int64_t ih = rc.residue[0] - pad_[0] + dilation_[0] * (jh + a);
          for (int b = 0; b < 4; ++b) {
            const int64_t iw = rc.residue[1] - pad_[1] + dilation_[1] * (jw + b);
            const bool inside = ih >= 0 && ih < in_h_ && iw >= 0 && iw < in_w_;
            patch[static_cast<size_t>(16 * t + 4 * a + b)] = inside ? image + (ih * in_w_ + iw) * C : zeros;
          }
        }
        float* out_image = y + n * out_h_ * out_w_ * K;
        for (int i = 0; i < 2; ++i)
          for (int j = 0; j < 2; ++j) {
            const bool real = jh + i < rc.count[0] && jw + j < rc.count[1];
            const int64_t oh = rc.residue[0] + dilation_[0] * (jh + i), ow = rc.residue[1] + dilation_[1] * (jw + j);
            out[static_cast<size_t>(4 * t + 2 * i + j)] = real ? out_image + (oh * out_w_ + ow) * K : nullptr;
          }
      }
      input_fn(InputArgs{patch.data(), count, C, v_plane, c_stride_, V});
      // M[xi] = V[xi] U[xi]: one-tap 1x1 convolutions of `count` pixels. Rows past `count`
      // point into the block's buffers (read, never stored).
      for (int64_t xi = 0; xi < 16; ++xi)
        for (int64_t b = 0; b < kblocks; ++b) {
          const int64_t col0 = b * block, width = std::min(block, K - col0);
          TileArgs args{};
          args.tap0 = 0;
          args.tap1 = 1;
          args.cin = C;
          args.group_c0 = 0;
          args.w = U + xi * C * K + col0 * C;
          args.ldw = width;
          args.last_lanes = b == full_blocks ? tail_lanes : lanes_;
          args.y_col = col0;
          const TileFn fn = b == full_blocks ? tail_fn : full_fn;
          for (int64_t c0 = 0; c0 < C; c0 += slab_rows_) {
            args.c0 = c0;
            args.cn = std::min(slab_rows_, C - c0);
            args.accumulate = c0 > 0;
            for (int64_t p0 = 0; p0 < count; p0 += P) {
              args.in = v_rows.data() + xi * Tb + p0;
              args.y_rows = m_rows.data() + xi * Tb + p0;
              args.rows = std::min<int64_t>(P, count - p0);
              fn(args);
            }
          }
        }
      if (!output_fn(OutputArgs{M, count, K, m_plane, k_stride_, out.data()}))
        finite.store(false, std::memory_order_relaxed);
    }
  };
  if (workers_ <= 1)
    work_slot(0);
  else
    ParallelFor(workers_, 1, [&](int64_t s0, int64_t s1) {
      for (int64_t s = s0; s < s1; ++s) work_slot(s);
    }, 1, 1);
  return finite.load();
}

}  // namespace jaxlib::cpu
