// The register-blocked f32 micro-kernels of the convolutions (direct_convolution.h,
// winograd_convolution.h): one tile body for AVX-512 (16 lanes) and AVX2 + FMA (8 lanes), and
// the vector vocabulary both ISAs share. Callers must only run a tile function after
// KernelsForCpu has returned it (it checks the CPU and $JAXLIB_CPU_ISA).
#pragma once

#include <cstdint>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace jaxlib::cpu::conv_micro {

// One micro-kernel call: a tile of at most P output pixels (`rows` of them real) x lanes * NV
// output features, over taps [tap0, tap1) and input features [c0, c0 + cn):
//   y[p, :] (+)= sum over t, c of in[(t - tap0) * P + p][group_c0 + c] * w[(t * cin + c) * ldw + :]
// adding to y when `accumulate` (the sums over earlier slabs of the filter), else overwriting.
// `last_lanes` of the last vector exist (the feature tail). Every output is one chain of
// fused multiply-adds in (tap, input feature) order from zero, whatever the ISA, tile or slab
// split, so both micro-kernels give the same bits.
struct TileArgs {
  const float* const* in;
  int64_t tap0, tap1, c0, cn, cin;
  int64_t group_c0;  // the feature group's first input feature in each pixel's row
  const float* w;
  int64_t ldw;
  int last_lanes;
  float* const* y_rows;  // each pixel's outputs; the block's start at y_col in them
  int64_t y_col, rows;
  bool accumulate;
};
using TileFn = void (*)(const TileArgs& args);

// The micro-kernels of one ISA: vector width, the widest block of output features, the pixels
// per tile for a block of `vectors` vectors, and the tile function (nullptr when not built).
struct MicroKernels {
  int lanes = 0;
  int max_vectors = 0;
  int (*pixels_per_tile)(int vectors) = nullptr;
  TileFn (*tile_for)(int pixels, int vectors, bool masked) = nullptr;
};

// The micro-kernels this CPU (as capped by $JAXLIB_CPU_ISA) runs; none below AVX2 + FMA.
MicroKernels KernelsForCpu();

#if defined(__x86_64__)
// The vector vocabulary of each micro-kernel (and of the Winograd transforms). Plain `inline`
// with the ISA's target: the always-inlined bodies that use them have no target of their own,
// and flattened per-ISA entry points inline these into them (GCC refuses always_inline across
// targets).
struct Avx512Vectors {
  using V = __m512;
  using Mask = __mmask16;
  static constexpr int kLanes = 16;
  __attribute__((target("avx512f"))) static inline Mask TailMask(int lanes) {
    return static_cast<Mask>((uint32_t{1} << lanes) - 1);
  }
  __attribute__((target("avx512f"))) static inline V Zero() { return _mm512_setzero_ps(); }
  __attribute__((target("avx512f"))) static inline V Load(const float* p) { return _mm512_loadu_ps(p); }
  __attribute__((target("avx512f"))) static inline V LoadTail(const float* p, Mask m) {
    return _mm512_maskz_loadu_ps(m, p);
  }
  __attribute__((target("avx512f"))) static inline void Store(float* p, V v) { _mm512_storeu_ps(p, v); }
  __attribute__((target("avx512f"))) static inline void StoreTail(float* p, Mask m, V v) {
    _mm512_mask_storeu_ps(p, m, v);
  }
  __attribute__((target("avx512f"))) static inline V Broadcast(const float* p) { return _mm512_set1_ps(*p); }
  __attribute__((target("avx512f"))) static inline V MulAdd(V a, V b, V c) { return _mm512_fmadd_ps(a, b, c); }
  __attribute__((target("avx512f"))) static inline V Add(V a, V b) { return _mm512_add_ps(a, b); }
  __attribute__((target("avx512f"))) static inline V Sub(V a, V b) { return _mm512_sub_ps(a, b); }
};

struct Avx2Vectors {
  using V = __m256;
  using Mask = __m256i;
  static constexpr int kLanes = 8;
  __attribute__((target("avx2,fma"))) static inline Mask TailMask(int lanes) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(lanes), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  }
  __attribute__((target("avx2,fma"))) static inline V Zero() { return _mm256_setzero_ps(); }
  __attribute__((target("avx2,fma"))) static inline V Load(const float* p) { return _mm256_loadu_ps(p); }
  __attribute__((target("avx2,fma"))) static inline V LoadTail(const float* p, Mask m) {
    return _mm256_maskload_ps(p, m);
  }
  __attribute__((target("avx2,fma"))) static inline void Store(float* p, V v) { _mm256_storeu_ps(p, v); }
  __attribute__((target("avx2,fma"))) static inline void StoreTail(float* p, Mask m, V v) {
    _mm256_maskstore_ps(p, m, v);
  }
  __attribute__((target("avx2,fma"))) static inline V Broadcast(const float* p) { return _mm256_broadcast_ss(p); }
  __attribute__((target("avx2,fma"))) static inline V MulAdd(V a, V b, V c) { return _mm256_fmadd_ps(a, b, c); }
  __attribute__((target("avx2,fma"))) static inline V Add(V a, V b) { return _mm256_add_ps(a, b); }
  __attribute__((target("avx2,fma"))) static inline V Sub(V a, V b) { return _mm256_sub_ps(a, b); }
};
#endif

}  // namespace jaxlib::cpu::conv_micro
