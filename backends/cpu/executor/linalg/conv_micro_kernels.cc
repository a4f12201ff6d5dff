// The convolutions' micro-kernels (conv_micro_kernels.h): the tile body and its per-ISA entry
// points.
#include "backends/cpu/executor/linalg/conv_micro_kernels.h"

#include "backends/cpu/executor/elementwise/vector_kernels.h"

// The tile body passes vectors between always-inlined helpers, never across a call that stays
// out of line (the flattened entry points inline all of it), so the ABI note does not apply.
#pragma GCC diagnostic ignored "-Wpsabi"

namespace jaxlib::cpu::conv_micro {

#if defined(__x86_64__)
namespace {

// The micro-kernel: a P x (lanes * NV) block of outputs in registers, one broadcast input
// value against NV vectors of the filter row. Register budget: P * NV accumulators + NV filter
// vectors + one broadcast within the ISA's vector registers (32 zmm, 16 ymm), P input pointers
// within the general registers; FMA latency x ports needs >= 8 accumulators. Only a `Masked`
// tile reads and writes its last vector through the tail mask (AVX2's masked loads cost more).
// The input-feature loop is unrolled four times: with 6 x 2 ymm accumulators a step is only 12
// FMAs, and its counter, pointer and branch uops cost the AVX2 kernel about 6 % of the FMA peak
// (unrolling changes no sum: each accumulator still adds its products in feature order).
template <class Vec, int P, int NV, bool Masked>
__attribute__((always_inline)) inline void TileBody(const TileArgs& args) {
  using V = typename Vec::V;
  constexpr int L = Vec::kLanes;
  const typename Vec::Mask mask = Vec::TailMask(args.last_lanes);
  const int64_t ldw = args.ldw, cn = args.cn, rows = args.rows, y_col = args.y_col;
  V acc[P][NV];
  if (args.accumulate) {
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p) {
      // Rows past `rows` are not there to read; their sums are never stored.
      const float* yp = args.y_rows[p < rows ? p : 0] + y_col;
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v)
        acc[p][v] = Masked && v == NV - 1 ? Vec::LoadTail(yp + L * v, mask) : Vec::Load(yp + L * v);
    }
  } else {
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p)
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v) acc[p][v] = Vec::Zero();
  }
  for (int64_t t = args.tap0; t < args.tap1; ++t) {
    const float* a[P];
#pragma GCC unroll 16
    for (int p = 0; p < P; ++p) a[p] = args.in[(t - args.tap0) * P + p] + args.group_c0 + args.c0;
    const float* wr = args.w + (t * args.cin + args.c0) * ldw;
#pragma GCC unroll 4
    for (int64_t c = 0; c < cn; ++c, wr += ldw) {
      V wv[NV];
#pragma GCC unroll 4
      for (int v = 0; v < NV; ++v)
        wv[v] = Masked && v == NV - 1 ? Vec::LoadTail(wr + L * v, mask) : Vec::Load(wr + L * v);
#pragma GCC unroll 16
      for (int p = 0; p < P; ++p) {
        const V b = Vec::Broadcast(a[p] + c);
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[p][v] = Vec::MulAdd(b, wv[v], acc[p][v]);
      }
    }
  }
#pragma GCC unroll 16
  for (int p = 0; p < P; ++p) {
    if (p >= rows) break;
    float* yp = args.y_rows[p] + y_col;
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) {
      if (Masked && v == NV - 1)
        Vec::StoreTail(yp + L * v, mask, acc[p][v]);
      else
        Vec::Store(yp + L * v, acc[p][v]);
    }
  }
}

// The per-ISA entry points: the ISA's target, everything inlined into them.
template <int P, int NV, bool Masked>
struct Avx512Tile {
  __attribute__((target("avx512f"), flatten)) static void Run(const TileArgs& args) {
    TileBody<Avx512Vectors, P, NV, Masked>(args);
  }
};

template <int P, int NV, bool Masked>
struct Avx2Tile {
  __attribute__((target("avx2,fma"), flatten)) static void Run(const TileArgs& args) {
    TileBody<Avx2Vectors, P, NV, Masked>(args);
  }
};

// The tile function of one ISA's entry point `Tile` for `masked`.
template <template <int, int, bool> class Tile, int P, int NV>
TileFn Pick(bool masked) {
  return masked ? &Tile<P, NV, true>::Run : &Tile<P, NV, false>::Run;
}

// AVX-512: blocks of 1..4 vectors (16..64 features), 12 down to 6 pixels per tile.
int PixelsPerTileAvx512(int vectors) { return vectors >= 4 ? 6 : vectors == 3 ? 8 : 12; }

TileFn TileForAvx512(int pixels, int vectors, bool masked) {
  switch (pixels * 8 + vectors) {
    case 6 * 8 + 1: return Pick<Avx512Tile, 6, 1>(masked);
    case 6 * 8 + 2: return Pick<Avx512Tile, 6, 2>(masked);
    case 6 * 8 + 3: return Pick<Avx512Tile, 6, 3>(masked);
    case 6 * 8 + 4: return Pick<Avx512Tile, 6, 4>(masked);
    case 8 * 8 + 1: return Pick<Avx512Tile, 8, 1>(masked);
    case 8 * 8 + 2: return Pick<Avx512Tile, 8, 2>(masked);
    case 8 * 8 + 3: return Pick<Avx512Tile, 8, 3>(masked);
    case 12 * 8 + 1: return Pick<Avx512Tile, 12, 1>(masked);
    case 12 * 8 + 2: return Pick<Avx512Tile, 12, 2>(masked);
    default: return nullptr;
  }
}

// AVX2 (16 ymm): blocks of 1..2 vectors (8..16 features); 6 x 2 and 12 x 1 leave room for the
// filter vectors and the broadcast.
int PixelsPerTileAvx2(int vectors) { return vectors >= 2 ? 6 : 12; }

TileFn TileForAvx2(int pixels, int vectors, bool masked) {
  switch (pixels * 8 + vectors) {
    case 6 * 8 + 1: return Pick<Avx2Tile, 6, 1>(masked);
    case 6 * 8 + 2: return Pick<Avx2Tile, 6, 2>(masked);
    case 12 * 8 + 1: return Pick<Avx2Tile, 12, 1>(masked);
    default: return nullptr;
  }
}

}  // namespace

MicroKernels KernelsForCpu() {
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return {16, 4, &PixelsPerTileAvx512, &TileForAvx512};
    case VectorIsa::kAvx2:
      __builtin_cpu_init();
      if (!__builtin_cpu_supports("fma")) return {};
      return {8, 2, &PixelsPerTileAvx2, &TileForAvx2};
    default: return {};
  }
}
#else
MicroKernels KernelsForCpu() { return {}; }
#endif

}  // namespace jaxlib::cpu::conv_micro
