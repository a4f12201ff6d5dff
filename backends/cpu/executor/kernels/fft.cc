// stablehlo.fft (FFT, IFFT, RFFT, IRFFT over the trailing 1-3 dims), computed in the operand's
// precision (single for complex64/float32, double for complex128/float64; twiddles are always
// computed in double and rounded once): a self-sorting mixed-radix (4, 2, 3, 5, any small prime)
// Stockham FFT per length, a four-step split into two sets of shorter transforms for long ones
// (cache-sized pieces, parallel), Bluestein's chirp-z for lengths with a large prime factor, and
// real transforms of even length through a complex transform of half the length. Plans
// (factors, twiddles) are built on first use at run time, so compile time and memory never
// depend on the lengths.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <memory>
#include <mutex>
#include <numbers>
#include <type_traits>
#include <vector>

#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/elementwise/isa_target.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

#pragma GCC diagnostic ignored "-Wpsabi"
// No fused multiply-add contraction: the batched (vector) and one-line paths, and every ISA
// variant, must round alike.
#if defined(__clang__)
#pragma clang fp contract(off)  // clang has no optimize pragma
#else
#pragma GCC optimize("fp-contract=off")
#endif

namespace jaxlib::cpu {

using compiler::Op;
using compiler::Type;
using compiler::ValueId;
using cd = std::complex<double>;

namespace {

// e^{i * sign * 2 pi * num / den}, with num reduced modulo den for accuracy (always in double:
// single-precision plans round the result once).
cd Root(int64_t num, int64_t den, int sign) {
  num %= den;
  if (num < 0) num += den;
  const double ang = 2.0 * std::numbers::pi * static_cast<double>(num) / static_cast<double>(den);
  return {std::cos(ang), sign * std::sin(ang)};
}

template <typename T>
std::complex<T> Narrow(cd v) {
  return {static_cast<T>(v.real()), static_cast<T>(v.imag())};
}

// Complex product without the C99 Annex G NaN recovery (a library call per product).
template <typename T>
inline std::complex<T> Mul(std::complex<T> a, std::complex<T> b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

template <typename T>
inline std::complex<T> MulI(std::complex<T> v, int sign) {
  return sign < 0 ? std::complex<T>(v.imag(), -v.real()) : std::complex<T>(-v.imag(), v.real());
}

// Blocked out-of-place transpose: dst[c][r] = src[r][c] for a rows x cols matrix; bands of
// rows spread over the pool when `parallel`.
template <typename C>
void Transpose(C* dst, const C* src, int64_t rows, int64_t cols, bool parallel = false) {
  constexpr int64_t kTile = 32;
  auto band = [&](int64_t t0, int64_t t1) {
    for (int64_t r0 = t0 * kTile; r0 < std::min(rows, t1 * kTile); r0 += kTile)
      for (int64_t c0 = 0; c0 < cols; c0 += kTile) {
        const int64_t r1 = std::min(rows, r0 + kTile), c1 = std::min(cols, c0 + kTile);
        for (int64_t r = r0; r < r1; ++r)
          for (int64_t c = c0; c < c1; ++c) dst[c * rows + r] = src[r * cols + c];
      }
  };
  const int64_t tiles = (rows + kTile - 1) / kTile;
  if (parallel) ParallelFor(tiles, std::max<int64_t>(1, 4096 / std::max<int64_t>(cols, 1)), band);
  else band(0, tiles);
}

// ---------------------------------------------------------------- batches of lines
// kLanes<T> lines (8 double, 16 float: one 64-byte vector per part) transformed together, lane
// l of every value belonging to line l (split real and imaginary parts): the compiler
// vectorises each lane loop at the ISA the variant is built for, with the same operations in
// the same order as the one-line path (so the same bits).
template <typename T>
constexpr int kLanes = 64 / static_cast<int>(sizeof(T));
template <typename T>
struct alignas(64) CB {
  T re[kLanes<T>], im[kLanes<T>];
};
// N lanes of a batched value as two vectors (one register each at the ISA a stage is built
// for): the butterflies' values stay in registers.
template <typename T, int N>
struct Part {
  typedef T V __attribute__((vector_size(N * sizeof(T))));
  V re, im;
};

#define JAXLIB_FFT_INLINE inline __attribute__((always_inline))
// Fully unrolled short loops over vectors: their arrays stay in registers (a rolled loop keeps
// them on the stack, each 32-byte reload waiting on two 16-byte stores).
#if defined(__clang__)
#define JAXLIB_FFT_UNROLL _Pragma("unroll")
#else
#define JAXLIB_FFT_UNROLL _Pragma("GCC unroll 16")
#endif

// N lanes of a CB part at a multiple of N: aligned to the vector's size (one aligned move; an
// unaligned 32-byte copy is split in two by GCC's generic tuning).
template <typename T, int N>
JAXLIB_FFT_INLINE typename Part<T, N>::V LoadLanes(const T* p) {
  typename Part<T, N>::V v;
  std::memcpy(&v, __builtin_assume_aligned(p, sizeof(v)), sizeof(v));
  return v;
}
template <typename T, int N>
JAXLIB_FFT_INLINE void StoreLanes(T* p, typename Part<T, N>::V v) {
  std::memcpy(__builtin_assume_aligned(p, sizeof(v)), &v, sizeof(v));
}

template <typename T, int N>
JAXLIB_FFT_INLINE void BAdd(Part<T, N>& o, const Part<T, N>& a, const Part<T, N>& b) {
  o.re = a.re + b.re;
  o.im = a.im + b.im;
}
template <typename T, int N>
JAXLIB_FFT_INLINE void BSub(Part<T, N>& o, const Part<T, N>& a, const Part<T, N>& b) {
  o.re = a.re - b.re;
  o.im = a.im - b.im;
}
// o = a * (tr + i ti), as Mul() does it.
template <typename T, int N>
JAXLIB_FFT_INLINE void BMulT(Part<T, N>& o, const Part<T, N>& a, T tr, T ti) {
  const typename Part<T, N>::V r = a.re * tr - a.im * ti, i = a.re * ti + a.im * tr;
  o.re = r;
  o.im = i;
}
// o = a * (+-i), as MulI() does it.
template <typename T, int N>
JAXLIB_FFT_INLINE void BMulI(Part<T, N>& o, const Part<T, N>& a, int sign) {
  const typename Part<T, N>::V r = sign < 0 ? a.im : -a.im, i = sign < 0 ? -a.re : a.re;
  o.re = r;
  o.im = i;
}
template <typename T, int N>
JAXLIB_FFT_INLINE void BScale(Part<T, N>& o, const Part<T, N>& a, T k) {
  o.re = k * a.re;
  o.im = k * a.im;
}

// Constants of the radix-3 and radix-5 butterflies: sin(2 pi / 3); cos(2pi/5), cos(4pi/5),
// sin(2pi/5), sin(4pi/5).
template <typename T>
struct Consts {
  static constexpr T kS3 = static_cast<T>(0.86602540378443864676);
  static constexpr T kC1 = static_cast<T>(0.30901699437494742410), kC2 = static_cast<T>(-0.80901699437494742410);
  static constexpr T kS1 = static_cast<T>(0.95105651629515357212), kS2 = static_cast<T>(0.58778525229247312917);
};

// The one-line Butterfly's radix 2, 3, 4 and 5, operation for operation.
template <typename T, int N, int R>
JAXLIB_FFT_INLINE void BButterfly(Part<T, N>* v, int sign) {
  using K = Consts<T>;
  if constexpr (R == 2) {
    Part<T, N> a = v[0], b = v[1];
    BAdd(v[0], a, b);
    BSub(v[1], a, b);
  } else if constexpr (R == 3) {
    Part<T, N> a = v[0], s, d, m, t, h;
    BAdd(s, v[1], v[2]);
    BSub(d, v[1], v[2]);
    BAdd(v[0], a, s);
    BScale(h, s, static_cast<T>(0.5));
    BSub(m, a, h);
    BMulI(t, d, sign);
    BScale(t, t, K::kS3);
    BAdd(v[1], m, t);
    BSub(v[2], m, t);
  } else if constexpr (R == 4) {
    Part<T, N> s0, s1, s2, s3, d;
    BAdd(s0, v[0], v[2]);
    BSub(s1, v[0], v[2]);
    BAdd(s2, v[1], v[3]);
    BSub(d, v[1], v[3]);
    BMulI(s3, d, sign);
    BAdd(v[0], s0, s2);
    BAdd(v[1], s1, s3);
    BSub(v[2], s0, s2);
    BSub(v[3], s1, s3);
  } else {
    Part<T, N> a = v[0], b1, b2, d1, d2, m1, m2, t1, t2, x, y;
    BAdd(b1, v[1], v[4]);
    BAdd(b2, v[2], v[3]);
    BSub(d1, v[1], v[4]);
    BSub(d2, v[2], v[3]);
    BAdd(x, a, b1);
    BAdd(v[0], x, b2);
    m1.re = a.re + K::kC1 * b1.re + K::kC2 * b2.re;
    m1.im = a.im + K::kC1 * b1.im + K::kC2 * b2.im;
    m2.re = a.re + K::kC2 * b1.re + K::kC1 * b2.re;
    m2.im = a.im + K::kC2 * b1.im + K::kC1 * b2.im;
    x.re = K::kS1 * d1.re + K::kS2 * d2.re;
    x.im = K::kS1 * d1.im + K::kS2 * d2.im;
    y.re = K::kS2 * d1.re - K::kS1 * d2.re;
    y.im = K::kS2 * d1.im - K::kS1 * d2.im;
    BMulI(t1, x, sign);
    BMulI(t2, y, sign);
    BAdd(v[1], m1, t1);
    BSub(v[4], m1, t1);
    BAdd(v[2], m2, t2);
    BSub(v[3], m2, t2);
  }
}

// One Stockham stage of radix R over n batched elements (`tw`: this stage's twiddles), N lanes
// (one vector register) at a time: the butterfly's values stay in registers.
template <typename T, int R, int N>
JAXLIB_FFT_INLINE void BStage(const CB<T>* x, CB<T>* y, int64_t n, int64_t ns, const std::complex<T>* tw, int sign) {
  const int64_t stride = n / R, blocks = stride / ns;
  Part<T, N> v[R];
  for (int64_t b = 0; b < blocks; ++b) {
    const CB<T>* xb = x + b * ns;
    CB<T>* yb = y + b * ns * R;
    for (int64_t jj = 0; jj < ns; ++jj)
      for (int g = 0; g < kLanes<T>; g += N) {
        for (int k = 0; k < R; ++k) {
          v[k].re = LoadLanes<T, N>(xb[jj + k * stride].re + g);
          v[k].im = LoadLanes<T, N>(xb[jj + k * stride].im + g);
        }
        if (ns != 1) {
          const std::complex<T>* t = tw + jj * R;
          for (int k = 1; k < R; ++k) BMulT(v[k], v[k], t[k].real(), sign < 0 ? t[k].imag() : -t[k].imag());
        }
        BButterfly<T, N, R>(v, sign);
        for (int k = 0; k < R; ++k) {
          StoreLanes<T, N>(yb[jj + k * ns].re + g, v[k].re);
          StoreLanes<T, N>(yb[jj + k * ns].im + g, v[k].im);
        }
      }
  }
}

template <typename T>
struct BatchStage {
  int radix;
  int64_t ns;
  const std::complex<T>* tw;
};
// Lines to lanes and back: a[k].re[l] = rows[l][k].real() (and .imag()) for k < count and
// every lane, through W x W transposes of 32-byte vectors (W = 8 floats or 4 doubles; pure data
// movement, so the bits are the same at every ISA), the last count % (W / 2) values one by one.
template <typename T>
struct Vec32 {
  static constexpr int W = 32 / static_cast<int>(sizeof(T));
  typedef T V __attribute__((vector_size(32)));
};

// v[j][i] = v[i][j], in the shuffles AVX has single instructions for (interleave within 128-bit
// halves, pick pairs, swap 128-bit halves).
template <typename T>
JAXLIB_FFT_INLINE void TransposeVec32(typename Vec32<T>::V* v) {
  using V = typename Vec32<T>::V;
  if constexpr (Vec32<T>::W == 8) {
    V t[8], u[8];
    JAXLIB_FFT_UNROLL
    for (int i = 0; i < 8; i += 2) {
      t[i] = __builtin_shufflevector(v[i], v[i + 1], 0, 8, 1, 9, 4, 12, 5, 13);
      t[i + 1] = __builtin_shufflevector(v[i], v[i + 1], 2, 10, 3, 11, 6, 14, 7, 15);
    }
    JAXLIB_FFT_UNROLL
    for (int i = 0; i < 8; i += 4) {  // u[i + c]: columns c and c + 4 of rows i..i+3
      u[i] = __builtin_shufflevector(t[i], t[i + 2], 0, 1, 8, 9, 4, 5, 12, 13);
      u[i + 1] = __builtin_shufflevector(t[i], t[i + 2], 2, 3, 10, 11, 6, 7, 14, 15);
      u[i + 2] = __builtin_shufflevector(t[i + 1], t[i + 3], 0, 1, 8, 9, 4, 5, 12, 13);
      u[i + 3] = __builtin_shufflevector(t[i + 1], t[i + 3], 2, 3, 10, 11, 6, 7, 14, 15);
    }
    JAXLIB_FFT_UNROLL
    for (int c = 0; c < 4; ++c) {
      v[c] = __builtin_shufflevector(u[c], u[c + 4], 0, 1, 2, 3, 8, 9, 10, 11);
      v[c + 4] = __builtin_shufflevector(u[c], u[c + 4], 4, 5, 6, 7, 12, 13, 14, 15);
    }
  } else {
    const V t0 = __builtin_shufflevector(v[0], v[1], 0, 4, 2, 6), t1 = __builtin_shufflevector(v[0], v[1], 1, 5, 3, 7);
    const V t2 = __builtin_shufflevector(v[2], v[3], 0, 4, 2, 6), t3 = __builtin_shufflevector(v[2], v[3], 1, 5, 3, 7);
    v[0] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
    v[2] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
    v[1] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
    v[3] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
  }
}

// The real (even j) or imaginary (odd j) parts of complex k0 + j / 2, lanes g.. of a W x W
// block: aligned to the vector's size.
template <typename T>
JAXLIB_FFT_INLINE T* LaneVector(CB<T>* a, int64_t k0, int j, int g) {
  CB<T>& c = a[k0 + j / 2];
  return static_cast<T*>(__builtin_assume_aligned((j % 2 ? c.im : c.re) + g, sizeof(typename Vec32<T>::V)));
}

// Rows into lanes (kIntoLanes; rows only read) or lanes into rows (a only read), W x W blocks
// at a time.
template <typename T, bool kIntoLanes>
JAXLIB_FFT_INLINE void RowsLanesBody(CB<T>* a, std::complex<T>* const* rows, int64_t count) {
  using V = typename Vec32<T>::V;
  constexpr int W = Vec32<T>::W;
  int64_t k0 = 0;
  for (; k0 + W / 2 <= count; k0 += W / 2)
    JAXLIB_FFT_UNROLL
    for (int g = 0; g < kLanes<T>; g += W) {
      V v[W];
      JAXLIB_FFT_UNROLL
      for (int i = 0; i < W; ++i)
        std::memcpy(&v[i], kIntoLanes ? static_cast<const void*>(rows[g + i] + k0) : LaneVector(a, k0, i, g), sizeof(V));
      TransposeVec32<T>(v);
      JAXLIB_FFT_UNROLL
      for (int i = 0; i < W; ++i)
        std::memcpy(kIntoLanes ? static_cast<void*>(LaneVector(a, k0, i, g)) : static_cast<void*>(rows[g + i] + k0), &v[i],
                    sizeof(V));
    }
  for (; k0 < count; ++k0)
    for (int l = 0; l < kLanes<T>; ++l) {
      if constexpr (kIntoLanes) {
        a[k0].re[l] = rows[l][k0].real();
        a[k0].im[l] = rows[l][k0].imag();
      } else {
        rows[l][k0] = std::complex<T>(a[k0].re[l], a[k0].im[l]);
      }
    }
}

// Columns into lanes (kIntoLanes: a[k] lane l = base[k * stride + l], kL adjacent complex values
// per row split into real and imaginary vectors; base only read) or lanes into columns (a only
// read, the vectors interleaved again).
template <typename T, bool kIntoLanes>
JAXLIB_FFT_INLINE void ColumnsLanesBody(CB<T>* a, std::complex<T>* base, int64_t stride, int64_t count) {
  using V = typename Vec32<T>::V;
  constexpr int W = Vec32<T>::W;
  for (int64_t k = 0; k < count; ++k) {
    std::complex<T>* p = base + k * stride;
    T* re = static_cast<T*>(__builtin_assume_aligned(a[k].re, 64));
    T* im = static_cast<T*>(__builtin_assume_aligned(a[k].im, 64));
    JAXLIB_FFT_UNROLL
    for (int g = 0; g < kLanes<T>; g += W) {
      V x0, x1, y0, y1;  // into lanes: x complex values, y parts; else the other way round
      std::memcpy(&x0, kIntoLanes ? static_cast<const void*>(p + g) : re + g, sizeof(V));
      std::memcpy(&x1, kIntoLanes ? static_cast<const void*>(p + g + W / 2) : im + g, sizeof(V));
      if constexpr (kIntoLanes && W == 8) {
        y0 = __builtin_shufflevector(x0, x1, 0, 2, 4, 6, 8, 10, 12, 14);
        y1 = __builtin_shufflevector(x0, x1, 1, 3, 5, 7, 9, 11, 13, 15);
      } else if constexpr (kIntoLanes) {
        y0 = __builtin_shufflevector(x0, x1, 0, 2, 4, 6);
        y1 = __builtin_shufflevector(x0, x1, 1, 3, 5, 7);
      } else if constexpr (W == 8) {
        y0 = __builtin_shufflevector(x0, x1, 0, 8, 1, 9, 2, 10, 3, 11);
        y1 = __builtin_shufflevector(x0, x1, 4, 12, 5, 13, 6, 14, 7, 15);
      } else {
        y0 = __builtin_shufflevector(x0, x1, 0, 4, 1, 5);
        y1 = __builtin_shufflevector(x0, x1, 2, 6, 3, 7);
      }
      std::memcpy(kIntoLanes ? static_cast<void*>(re + g) : static_cast<void*>(p + g), &y0, sizeof(V));
      std::memcpy(kIntoLanes ? static_cast<void*>(im + g) : static_cast<void*>(p + g + W / 2), &y1, sizeof(V));
    }
  }
}

// a[k] *= s for k < count, every lane (as complex * real).
template <typename T>
JAXLIB_FFT_INLINE void ScaleLanesBody(CB<T>* a, int64_t count, T s) {
  for (int64_t k = 0; k < count; ++k)
    for (int l = 0; l < kLanes<T>; ++l) {
      a[k].re[l] *= s;
      a[k].im[l] *= s;
    }
}

// The even/odd split of a real transform through a half-length one (the kernel's SplitReal), in
// every lane: x[0..h] from z[0..h) (tw: W_{2h}^k).
template <typename T>
JAXLIB_FFT_INLINE void SplitLanesBody(const CB<T>* z, CB<T>* x, int64_t h, const std::complex<T>* tw) {
  for (int64_t k = 0; k <= h; ++k) {
    const CB<T>& zk = z[k == h ? 0 : k];
    const CB<T>& zc = z[k == 0 || k == h ? 0 : h - k];
    const T tr = tw[k].real(), ti = tw[k].imag();
    for (int l = 0; l < kLanes<T>; ++l) {
      const T cr = zc.re[l], ci = -zc.im[l];  // conj(Z[h - k])
      const T dr = zk.re[l] - cr, di = zk.im[l] - ci;
      const T er = static_cast<T>(0.5) * (zk.re[l] + cr), ei = static_cast<T>(0.5) * (zk.im[l] + ci);
      const T orr = static_cast<T>(0.5) * di, oi = static_cast<T>(-0.5) * dr;
      x[k].re[l] = er + (tr * orr - ti * oi);
      x[k].im[l] = ei + (tr * oi + ti * orr);
    }
  }
}

// Its inverse (the kernel's MergeReal) in every lane: z[0..h) from the spectra x[0..h].
template <typename T>
JAXLIB_FFT_INLINE void MergeLanesBody(const CB<T>* x, CB<T>* z, int64_t h, const std::complex<T>* tw) {
  for (int64_t k = 0; k < h; ++k) {
    const CB<T>& xk = x[k];
    const CB<T>& xh = x[h - k];
    const bool dc = k == 0;  // imaginary parts of X[0] and X[h] ignored
    const T tr = tw[k].real(), ti = -tw[k].imag();
    for (int l = 0; l < kLanes<T>; ++l) {
      const T kr = xk.re[l], ki = dc ? T(0) : xk.im[l];
      const T cr = xh.re[l], ci = dc ? T(0) : -xh.im[l];  // conj(X[h - k])
      const T er = kr + cr, ei = ki + ci;
      const T dr = kr - cr, di = ki - ci;
      const T orr = dr * tr - di * ti, oi = dr * ti + di * tr;  // (xk - xc) conj(W^k)
      z[k].re[l] = er + -oi;
      z[k].im[l] = ei + orr;
    }
  }
}

// The batched kernels of one ISA.
template <typename T>
struct BatchFns {
  void (*stages)(CB<T>* a, CB<T>* work, int64_t n, const BatchStage<T>* stages, size_t count, int sign);
  void (*to_lanes)(CB<T>* a, const std::complex<T>* const* rows, int64_t count);
  void (*from_lanes)(const CB<T>* a, std::complex<T>* const* rows, int64_t count);
  void (*columns_to_lanes)(CB<T>* a, const std::complex<T>* src, int64_t stride, int64_t count);
  void (*lanes_to_columns)(const CB<T>* a, std::complex<T>* dst, int64_t stride, int64_t count);
  void (*scale)(CB<T>* a, int64_t count, T s);
  void (*split)(const CB<T>* z, CB<T>* x, int64_t h, const std::complex<T>* tw);
  void (*merge)(const CB<T>* x, CB<T>* z, int64_t h, const std::complex<T>* tw);
};

#define JAXLIB_FFT_BATCH(Suffix, Attr, VectorBytes)                                                     \
  template <typename T>                                                                                 \
  Attr void BatchStages##Suffix(CB<T>* a, CB<T>* work, int64_t n, const BatchStage<T>* st, size_t count, \
                                int sign) {                                                             \
    constexpr int N = VectorBytes / static_cast<int>(sizeof(T));                                        \
    CB<T>* x = a;                                                                                       \
    CB<T>* y = work;                                                                                    \
    for (size_t i = 0; i < count; ++i) {                                                                \
      switch (st[i].radix) {                                                                            \
        case 2: BStage<T, 2, N>(x, y, n, st[i].ns, st[i].tw, sign); break;                              \
        case 3: BStage<T, 3, N>(x, y, n, st[i].ns, st[i].tw, sign); break;                              \
        case 4: BStage<T, 4, N>(x, y, n, st[i].ns, st[i].tw, sign); break;                              \
        default: BStage<T, 5, N>(x, y, n, st[i].ns, st[i].tw, sign); break;                             \
      }                                                                                                 \
      std::swap(x, y);                                                                                  \
    }                                                                                                   \
    if (x != a) std::memcpy(a, x, static_cast<size_t>(n) * sizeof(CB<T>));                             \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void ToLanes##Suffix(CB<T>* a, const std::complex<T>* const* rows, int64_t count) {              \
    RowsLanesBody<T, true>(a, const_cast<std::complex<T>* const*>(rows), count);                        \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void FromLanes##Suffix(const CB<T>* a, std::complex<T>* const* rows, int64_t count) {            \
    RowsLanesBody<T, false>(const_cast<CB<T>*>(a), rows, count);                                        \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void ColumnsToLanes##Suffix(CB<T>* a, const std::complex<T>* src, int64_t stride, int64_t count) { \
    ColumnsLanesBody<T, true>(a, const_cast<std::complex<T>*>(src), stride, count);                     \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void LanesToColumns##Suffix(const CB<T>* a, std::complex<T>* dst, int64_t stride, int64_t count) { \
    ColumnsLanesBody<T, false>(const_cast<CB<T>*>(a), dst, stride, count);                              \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void ScaleLanes##Suffix(CB<T>* a, int64_t count, T s) {                                          \
    ScaleLanesBody<T>(a, count, s);                                                                     \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void SplitLanes##Suffix(const CB<T>* z, CB<T>* x, int64_t h, const std::complex<T>* tw) {        \
    SplitLanesBody<T>(z, x, h, tw);                                                                     \
  }                                                                                                     \
  template <typename T>                                                                                 \
  Attr void MergeLanes##Suffix(const CB<T>* x, CB<T>* z, int64_t h, const std::complex<T>* tw) {        \
    MergeLanesBody<T>(x, z, h, tw);                                                                     \
  }
JAXLIB_FFT_BATCH(Base, , 16)
#if defined(JAXLIB_X86_64)
JAXLIB_FFT_BATCH(Avx2, JAXLIB_TARGET_AVX2, 32)
JAXLIB_FFT_BATCH(Avx512, JAXLIB_TARGET_AVX512_WIDE("avx512f,avx512dq"), 64)
#endif
#undef JAXLIB_FFT_BATCH

template <typename T>
BatchFns<T> SelectBatchFns() {
#if defined(JAXLIB_X86_64)
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512:
      return {&BatchStagesAvx512<T>,    &ToLanesAvx512<T>,       &FromLanesAvx512<T>,
              &ColumnsToLanesAvx512<T>, &LanesToColumnsAvx512<T>, &ScaleLanesAvx512<T>,
              &SplitLanesAvx512<T>,     &MergeLanesAvx512<T>};
    case VectorIsa::kAvx2:
      return {&BatchStagesAvx2<T>,    &ToLanesAvx2<T>,    &FromLanesAvx2<T>,  &ColumnsToLanesAvx2<T>,
              &LanesToColumnsAvx2<T>, &ScaleLanesAvx2<T>, &SplitLanesAvx2<T>, &MergeLanesAvx2<T>};
    default: break;
  }
#endif
  return {&BatchStagesBase<T>,    &ToLanesBase<T>,    &FromLanesBase<T>,  &ColumnsToLanesBase<T>,
          &LanesToColumnsBase<T>, &ScaleLanesBase<T>, &SplitLanesBase<T>, &MergeLanesBase<T>};
}

// The batched transforms' block of `size` values: one per thread and precision (never two in use
// at once: no batched transform runs inside another's load or store), kept (a fresh block per
// call would be page-faulted in every time).
template <typename T>
CB<T>* BatchScratch(size_t size) {
  thread_local std::vector<CB<T>> buf;
  if (buf.size() < size) buf.resize(size);
  return buf.data();
}

// One length's unnormalised DFT, forward (e^{-2 pi i jk/n}) or inverse (e^{+...}), in the
// real type T (float or double).
template <typename T>
class FftPlan {
 public:
  using C = std::complex<T>;
  static constexpr int kL = kLanes<T>;

  explicit FftPlan(int64_t n) : n_(n) {
    if (n <= 1) return;
    std::vector<int64_t> f = Factor(n);
    const int64_t largest = f.empty() ? 1 : *std::max_element(f.begin(), f.end());
    if (largest > kMaxRadix) {
      InitBluestein();
    } else if (n > kDirectMax) {
      InitFourStep();
    } else {
      InitStockham(f);
    }
  }

  int64_t size() const { return n_; }

  // work_size() of the plan FftPlan(n) would build, computed without building it (for the
  // planned scratch at compile time).
  static int64_t WorkSizeFor(int64_t n) {
    if (n <= 1) return 0;
    std::vector<int64_t> f = Factor(n);
    const int64_t largest = f.empty() ? 1 : *std::max_element(f.begin(), f.end());
    if (largest > kMaxRadix) {
      int64_t m = 1;
      while (m < 2 * n - 1) m <<= 1;
      return 2 * m + WorkSizeFor(m);
    }
    if (n > kDirectMax) {
      const int64_t n1 = BestSplit(n);
      return n + std::max(WorkSizeFor(n1), WorkSizeFor(n / n1));
    }
    return n;
  }
  // Complex values of workspace Run needs.
  int64_t work_size() const {
    if (n_ <= 1) return 0;
    if (bluestein_) return 2 * conv_->size() + conv_->work_size();
    if (p1_) return n_ + std::max(p1_->work_size(), p2_->work_size());
    return n_;
  }

  // Whether lines go through the batched (vector) stages: a direct Stockham plan of radices up
  // to 5.
  bool batched() const { return !batch_stages_.empty(); }
  // The batched kernels of this ISA (batched plans only).
  const BatchFns<T>& fns() const { return fns_; }

  // Batched transform of `count` lines, kL at a time. load(a, spare, i, cnt) puts lines
  // i..i+cnt into lanes 0..cnt of a[0..n), store(a, spare, i, cnt) takes them out; `spare`
  // holds n + 2 more batched values, free in both. For cnt < kL the other lanes of a and spare
  // start at zero.
  template <class Load, class Store>
  void RunBatched(int64_t count, int sign, const Load& load, const Store& store) const {
    const size_t size = static_cast<size_t>(2 * n_ + 2);
    CB<T>* a = BatchScratch<T>(size);
    for (int64_t i = 0; i < count; i += kL) {
      const int cnt = static_cast<int>(std::min<int64_t>(kL, count - i));
      if (cnt < kL) std::memset(static_cast<void*>(a), 0, size * sizeof(CB<T>));
      load(a, a + n_, i, cnt);
      fns_.stages(a, a + n_, n_, batch_stages_.data(), batch_stages_.size(), sign);
      store(a, a + n_, i, cnt);
    }
  }

  // a[k] lane l = rows[l][k] for k < count, l < cnt (a full batch through the ISA's transposing
  // copy).
  void ToLanes(CB<T>* a, const C* const* rows, int cnt, int64_t count) const {
    if (cnt == kL) return fns_.to_lanes(a, rows, count);
    for (int64_t k = 0; k < count; ++k)
      for (int l = 0; l < cnt; ++l) {
        a[k].re[l] = rows[l][k].real();
        a[k].im[l] = rows[l][k].imag();
      }
  }
  // rows[l][k] = a[k] lane l for k < count, l < cnt.
  void FromLanes(const CB<T>* a, C* const* rows, int cnt, int64_t count) const {
    if (cnt == kL) return fns_.from_lanes(a, rows, count);
    for (int64_t k = 0; k < count; ++k)
      for (int l = 0; l < cnt; ++l) rows[l][k] = C(a[k].re[l], a[k].im[l]);
  }

  // Transforms lines[0..count) (each of this length) in place: through the batched stages
  // when the plan has them, else one by one.
  void RunMany(C* const* lines, int64_t count, int sign) const {
    if (batched() && count >= 2) {
      RunBatched(
          count, sign, [&](CB<T>* a, CB<T>*, int64_t i, int cnt) { ToLanes(a, lines + i, cnt, n_); },
          [&](const CB<T>* a, CB<T>*, int64_t i, int cnt) { FromLanes(a, lines + i, cnt, n_); });
      return;
    }
    thread_local std::vector<C> w;
    if (w.size() < static_cast<size_t>(work_size())) w.resize(static_cast<size_t>(work_size()));
    for (int64_t i = 0; i < count; ++i) Run(lines[i], w.data(), sign);
  }

  // Transforms `count` (at most kL) adjacent columns: element k of column c read from
  // src[k * stride + c] and written to dst[k * stride + c] (may be src). Batched plans only;
  // the columns fill the lanes directly (no gather).
  void RunColumns(const C* src, C* dst, int64_t stride, int cnt, int sign) const {
    RunBatched(
        cnt, sign, [&](CB<T>* a, CB<T>*, int64_t, int) { ColumnsToLanes(a, src, stride, cnt, n_); },
        [&](const CB<T>* a, CB<T>*, int64_t, int) { LanesToColumns(a, dst, stride, cnt, n_); });
  }

  // a[k] lane l = src[k * stride + l] for k < count, l < cnt (a full batch through the ISA's
  // deinterleaving copy).
  void ColumnsToLanes(CB<T>* a, const C* src, int64_t stride, int cnt, int64_t count) const {
    if (cnt == kL) return fns_.columns_to_lanes(a, src, stride, count);
    for (int64_t k = 0; k < count; ++k)
      for (int l = 0; l < cnt; ++l) {
        a[k].re[l] = src[k * stride + l].real();
        a[k].im[l] = src[k * stride + l].imag();
      }
  }
  // dst[k * stride + l] = a[k] lane l for k < count, l < cnt.
  void LanesToColumns(const CB<T>* a, C* dst, int64_t stride, int cnt, int64_t count) const {
    if (cnt == kL) return fns_.lanes_to_columns(a, dst, stride, count);
    for (int64_t k = 0; k < count; ++k)
      for (int l = 0; l < cnt; ++l) dst[k * stride + l] = C(a[k].re[l], a[k].im[l]);
  }

  // Transforms a[0..n) in place. `parallel`: may split the work over the thread pool (long
  // four-step transforms only).
  void Run(C* a, C* work, int sign, bool parallel = false) const {
    if (n_ <= 1) return;
    if (bluestein_) return RunBluestein(a, work, sign, parallel);
    if (p1_) return RunFourStep(a, work, sign, parallel);
    RunStockham(a, work, sign);
  }

 private:
  static constexpr int64_t kMaxRadix = 31;     // larger prime factors go through Bluestein
  static constexpr int64_t kDirectMax = 4096;  // longer transforms split four-step

  static std::vector<int64_t> Factor(int64_t n) {
    std::vector<int64_t> f;
    while (n % 4 == 0) {
      f.push_back(4);
      n /= 4;
    }
    if (n % 2 == 0) {
      f.push_back(2);
      n /= 2;
    }
    for (int64_t p = 3; p * p <= n; p += 2)
      while (n % p == 0) {
        f.push_back(p);
        n /= p;
      }
    if (n > 1) f.push_back(n);
    return f;
  }

  // ------------------------------------------------------------- Stockham autosort
  struct Stage {
    int64_t radix, ns;      // ns: product of the radices before this stage
    size_t twiddle_offset;  // twiddles_[off + (j % ns) * radix + r] = W_{ns*radix}^{(j % ns) r}
  };

  void InitStockham(const std::vector<int64_t>& f) {
    int64_t ns = 1;
    for (int64_t r : f) {
      stages_.push_back({r, ns, twiddles_.size()});
      for (int64_t j = 0; j < ns; ++j)
        for (int64_t k = 0; k < r; ++k) twiddles_.push_back(Narrow<T>(Root(j * k, ns * r, -1)));
      ns *= r;
    }
    bool small_radices = true;
    for (int64_t r : f) small_radices = small_radices && r <= 5;
    if (small_radices && n_ >= 4) {
      for (const Stage& st : stages_)
        batch_stages_.push_back({static_cast<int>(st.radix), st.ns, twiddles_.data() + st.twiddle_offset});
      fns_ = SelectBatchFns<T>();
    }
    // Roots of unity of the generic butterfly, per radix above 5.
    for (int64_t r : f)
      if (r > 5 && roots_[static_cast<size_t>(r)].empty())
        for (int64_t k = 0; k < r; ++k) roots_[static_cast<size_t>(r)].push_back(Narrow<T>(Root(k, r, -1)));
  }

  // Small DFT of v[0..r) in place (sign -1 forward).
  __attribute__((always_inline)) inline void Butterfly(C* v, int64_t r, int sign) const {
    using K = Consts<T>;
    switch (r) {
      case 2: {
        C a = v[0], b = v[1];
        v[0] = a + b;
        v[1] = a - b;
        return;
      }
      case 3: {
        C a = v[0], b = v[1], c = v[2];
        C s = b + c, d = b - c;
        v[0] = a + s;
        C m = a - static_cast<T>(0.5) * s;
        C t = MulI(d, sign) * K::kS3;
        v[1] = m + t;
        v[2] = m - t;
        return;
      }
      case 4: {
        C a = v[0], b = v[1], c = v[2], d = v[3];
        C s0 = a + c, s1 = a - c, s2 = b + d, s3 = MulI(b - d, sign);
        v[0] = s0 + s2;
        v[1] = s1 + s3;
        v[2] = s0 - s2;
        v[3] = s1 - s3;
        return;
      }
      case 5: {
        C a = v[0], b1 = v[1] + v[4], b2 = v[2] + v[3], d1 = v[1] - v[4], d2 = v[2] - v[3];
        v[0] = a + b1 + b2;
        C m1 = a + K::kC1 * b1 + K::kC2 * b2, m2 = a + K::kC2 * b1 + K::kC1 * b2;
        C t1 = MulI(K::kS1 * d1 + K::kS2 * d2, sign), t2 = MulI(K::kS2 * d1 - K::kS1 * d2, sign);
        v[1] = m1 + t1;
        v[4] = m1 - t1;
        v[2] = m2 + t2;
        v[3] = m2 - t2;
        return;
      }
      default: {
        C in[kMaxRadix];
        for (int64_t k = 0; k < r; ++k) in[k] = v[k];
        const std::vector<C>& roots = roots_[static_cast<size_t>(r)];
        for (int64_t k = 0; k < r; ++k) {
          C acc = 0;
          for (int64_t j = 0; j < r; ++j) {
            C w = roots[static_cast<size_t>((j * k) % r)];
            acc += Mul(in[j], sign < 0 ? w : std::conj(w));
          }
          v[k] = acc;
        }
      }
    }
  }

  // One stage of radix R (a compile-time radix keeps the butterfly in registers).
  template <int R>
  void StageFixed(const C* x, C* y, const Stage& st, int sign) const {
    const int64_t ns = st.ns, stride = n_ / R, blocks = stride / ns;
    const C* tw = twiddles_.data() + st.twiddle_offset;
    C v[R];
    if (ns == 1) {  // first stage: every twiddle is 1
      for (int64_t j = 0; j < blocks; ++j) {
        for (int k = 0; k < R; ++k) v[k] = x[j + k * stride];
        Butterfly(v, R, sign);
        for (int k = 0; k < R; ++k) y[j * R + k] = v[k];
      }
      return;
    }
    for (int64_t b = 0; b < blocks; ++b) {
      const C* xb = x + b * ns;
      C* yb = y + b * ns * R;
      for (int64_t jj = 0; jj < ns; ++jj) {
        const C* t = tw + jj * R;
        v[0] = xb[jj];
        if (sign < 0) {
          for (int k = 1; k < R; ++k) v[k] = Mul(xb[jj + k * stride], t[k]);
        } else {
          for (int k = 1; k < R; ++k) v[k] = Mul(xb[jj + k * stride], std::conj(t[k]));
        }
        Butterfly(v, R, sign);
        for (int k = 0; k < R; ++k) yb[jj + k * ns] = v[k];
      }
    }
  }

  void StageGeneric(const C* x, C* y, const Stage& st, int sign) const {
    const int64_t r = st.radix, ns = st.ns, stride = n_ / r;
    const C* tw = twiddles_.data() + st.twiddle_offset;
    C v[kMaxRadix];
    for (int64_t b = 0; b < stride / ns; ++b) {
      for (int64_t jj = 0; jj < ns; ++jj) {
        const int64_t j = b * ns + jj;
        const C* t = tw + jj * r;
        v[0] = x[j];
        for (int64_t k = 1; k < r; ++k) v[k] = Mul(x[j + k * stride], sign < 0 ? t[k] : std::conj(t[k]));
        Butterfly(v, r, sign);
        const int64_t d = b * ns * r + jj;
        for (int64_t k = 0; k < r; ++k) y[d + k * ns] = v[k];
      }
    }
  }

  void RunStockham(C* a, C* work, int sign) const {
    C* x = a;
    C* y = work;
    for (const Stage& st : stages_) {
      switch (st.radix) {
        case 2: StageFixed<2>(x, y, st, sign); break;
        case 3: StageFixed<3>(x, y, st, sign); break;
        case 4: StageFixed<4>(x, y, st, sign); break;
        case 5: StageFixed<5>(x, y, st, sign); break;
        default: StageGeneric(x, y, st, sign); break;
      }
      std::swap(x, y);
    }
    if (x != a) std::memcpy(a, x, static_cast<size_t>(n_) * sizeof(C));
  }

  // ------------------------------------------------------------- four-step
  // n = n1 * n2: DFTs of length n1 down the columns of x viewed as [n1][n2], a twiddle
  // W_n^{j2 k1}, DFTs of length n2 along the rows, and the transposed read-out.
  // The four-step split: the largest divisor not above sqrt(n).
  static int64_t BestSplit(int64_t n) {
    int64_t best = 1;
    for (int64_t d = 2; d * d <= n; ++d)
      if (n % d == 0) best = d;
    return best;
  }

  void InitFourStep() {
    n1_ = BestSplit(n_);
    n2_ = n_ / n1_;
    p1_ = std::make_unique<FftPlan>(n1_);
    p2_ = std::make_unique<FftPlan>(n2_);
    tw_block_ = static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(n_))));
    tw_lo_.resize(static_cast<size_t>(tw_block_));
    tw_hi_.resize(static_cast<size_t>(n_ / tw_block_ + 2));
    for (int64_t k = 0; k < tw_block_; ++k) tw_lo_[static_cast<size_t>(k)] = Root(k, n_, -1);
    for (size_t k = 0; k < tw_hi_.size(); ++k) tw_hi_[k] = Root(static_cast<int64_t>(k) * tw_block_, n_, -1);
  }

  // The twiddle W_n^{m} (inverse: conjugated), a product of two double table entries rounded once.
  C FourStepTwiddle(int64_t m, int sign) const {
    const cd t = Mul(tw_hi_[static_cast<size_t>(m / tw_block_)], tw_lo_[static_cast<size_t>(m % tw_block_)]);
    return Narrow<T>(sign < 0 ? t : std::conj(t));
  }

  void RunFourStep(C* a, C* work, int sign, bool parallel) const {
    const int64_t n1 = n1_, n2 = n2_;
    if (p1_->batched() && p2_->batched()) {
      // No transposes: the columns of a ([n1][n2]) go through p1's lanes into work, twiddled
      // there; the rows of work go through p2's lanes and are stored down the columns of a
      // (X[k1 + n1 k2]). The same operations as the transposing path below.
      auto columns = [&](int64_t b, int64_t e) {
        for (int64_t c0 = b * kL; c0 < std::min(n2, e * kL); c0 += kL) {
          const int cnt = static_cast<int>(std::min<int64_t>(kL, n2 - c0));
          p1_->RunBatched(
              cnt, sign, [&](CB<T>* x, CB<T>*, int64_t, int) { p1_->ColumnsToLanes(x, a + c0, n2, cnt, n1); },
              [&](CB<T>* x, CB<T>*, int64_t, int) {
                for (int64_t k = 1; k < n1; ++k)
                  for (int l = 0; l < cnt; ++l) {
                    const C v = Mul(C(x[k].re[l], x[k].im[l]), FourStepTwiddle((c0 + l) * k, sign));
                    x[k].re[l] = v.real();
                    x[k].im[l] = v.imag();
                  }
                p1_->LanesToColumns(x, work + c0, n2, cnt, n1);
              });
        }
      };
      auto rows = [&](int64_t b, int64_t e) {
        for (int64_t r0 = b * kL; r0 < std::min(n1, e * kL); r0 += kL) {
          const int cnt = static_cast<int>(std::min<int64_t>(kL, n1 - r0));
          p2_->RunBatched(
              cnt, sign,
              [&](CB<T>* x, CB<T>*, int64_t, int) {
                const C* rp[kL];
                for (int l = 0; l < cnt; ++l) rp[l] = work + (r0 + l) * n2;
                p2_->ToLanes(x, rp, cnt, n2);
              },
              [&](CB<T>* x, CB<T>*, int64_t, int) { p2_->LanesToColumns(x, a + r0, n1, cnt, n2); });
        }
      };
      const int64_t col_blocks = (n2 + kL - 1) / kL, row_blocks = (n1 + kL - 1) / kL;
      if (parallel) {
        ParallelFor(col_blocks, 1, columns);
        ParallelFor(row_blocks, 1, rows);
      } else {
        columns(0, col_blocks);
        rows(0, row_blocks);
      }
      return;
    }
    C* buf = work;
    Transpose(buf, a, n1, n2, parallel);  // buf: [n2][n1]
    auto rows = [&](int64_t count, int64_t len, const FftPlan& plan, C* data, bool twiddle) {
      auto body = [&](int64_t b, int64_t e) {
        std::vector<C*> lines;
        for (int64_t row = b; row < e; ++row) lines.push_back(data + row * len);
        plan.RunMany(lines.data(), e - b, sign);
        for (int64_t row = b; row < e; ++row) {
          C* line = data + row * len;
          if (!twiddle) continue;
          for (int64_t k = 1; k < len; ++k) line[k] = Mul(line[k], FourStepTwiddle(row * k, sign));
        }
      };
      if (parallel) ParallelFor(count, std::max<int64_t>(1, 8192 / len), body);
      else body(0, count);
    };
    rows(n2, n1, *p1_, buf, true);
    Transpose(a, buf, n2, n1, parallel);  // a: [n1][n2]
    rows(n1, n2, *p2_, a, false);
    Transpose(buf, a, n1, n2, parallel);  // X[k1 + n1 k2] = Y[k1][k2]
    std::memcpy(a, buf, static_cast<size_t>(n_) * sizeof(C));
  }

  // ------------------------------------------------------------- Bluestein
  void InitBluestein() {
    bluestein_ = true;
    int64_t m = 1;
    while (m < 2 * n_ - 1) m <<= 1;
    conv_ = std::make_unique<FftPlan>(m);
    // The chirp and the transformed kernel in double, rounded once.
    std::vector<cd> chirp(static_cast<size_t>(n_)), kernel(static_cast<size_t>(m), cd(0, 0));
    for (int64_t k = 0; k < n_; ++k) chirp[static_cast<size_t>(k)] = Root((k * k) % (2 * n_), 2 * n_, -1);
    kernel[0] = std::conj(chirp[0]);
    for (int64_t k = 1; k < n_; ++k)
      kernel[static_cast<size_t>(k)] = kernel[static_cast<size_t>(m - k)] = std::conj(chirp[static_cast<size_t>(k)]);
    const FftPlan<double> conv_double(m);
    std::vector<cd> w(static_cast<size_t>(conv_double.work_size()));
    conv_double.Run(kernel.data(), w.data(), -1);
    for (const cd& c : chirp) chirp_.push_back(Narrow<T>(c));
    for (const cd& c : kernel) kernel_fft_.push_back(Narrow<T>(c));
  }

  // Forward through the chirp convolution; the inverse as conj(forward(conj(x))).
  void RunBluestein(C* a, C* work, int sign, bool parallel) const {
    const int64_t m = conv_->size();
    C* A = work;
    C* w = work + m;
    for (int64_t k = 0; k < n_; ++k) {
      C v = sign > 0 ? std::conj(a[k]) : a[k];
      A[k] = Mul(v, chirp_[static_cast<size_t>(k)]);
    }
    std::fill(A + n_, A + m, C(0, 0));
    conv_->Run(A, w, -1, parallel);
    for (int64_t k = 0; k < m; ++k) A[k] = std::conj(Mul(A[k], kernel_fft_[static_cast<size_t>(k)]));
    conv_->Run(A, w, -1, parallel);  // conj(FFT(conj(.))) = unnormalised inverse
    const T inv_m = static_cast<T>(1.0 / static_cast<double>(m));
    for (int64_t k = 0; k < n_; ++k) {
      C v = Mul(std::conj(A[k]) * inv_m, chirp_[static_cast<size_t>(k)]);
      a[k] = sign > 0 ? std::conj(v) : v;
    }
  }

  int64_t n_;
  std::vector<Stage> stages_;
  std::vector<C> twiddles_;
  std::vector<BatchStage<T>> batch_stages_;  // empty: no batched path
  BatchFns<T> fns_{};
  std::vector<std::vector<C>> roots_ = std::vector<std::vector<C>>(kMaxRadix + 1);
  int64_t n1_ = 0, n2_ = 0, tw_block_ = 1;
  std::unique_ptr<FftPlan> p1_, p2_;
  std::vector<cd> tw_lo_, tw_hi_;  // double: the four-step twiddle is their product, rounded once
  bool bluestein_ = false;
  std::unique_ptr<FftPlan> conv_;
  std::vector<C> chirp_, kernel_fft_;
};

// DFT along axis `axis` of a [dims] array (not the last axis), read from `src` (the work array
// `data` or the operand) into `data`. A batched plan takes kL adjacent columns straight into its
// lanes (contiguous loads along the rows); other plans get the columns gathered a few at a time
// into contiguous lines.
template <typename T>
void TransformAxis(const FftPlan<T>& plan, const std::complex<T>* src, std::complex<T>* data,
                   const std::vector<int64_t>& dims, size_t axis, int sign) {
  using C = std::complex<T>;
  constexpr int64_t kCols = kLanes<T>;
  const int64_t n = dims[axis];
  int64_t inner = 1, outer = 1;
  for (size_t k = axis + 1; k < dims.size(); ++k) inner *= dims[k];
  for (size_t k = 0; k < axis; ++k) outer *= dims[k];
  int64_t total = n * inner * outer;
  if (n <= 1 || total == 0) {
    if (src != data) std::memcpy(static_cast<void*>(data), src, static_cast<size_t>(total) * sizeof(C));
    return;
  }
  if (inner == 1) {
    // Contiguous lines (axis is last but for size-1 trailing dims).
    ParallelFor(outer, std::max<int64_t>(1, 16384 / n), [&](int64_t b, int64_t e) {
      if (src != data)
        std::memcpy(static_cast<void*>(data + b * n), src + b * n, static_cast<size_t>((e - b) * n) * sizeof(C));
      std::vector<C*> lines;
      for (int64_t r = b; r < e; ++r) lines.push_back(data + r * n);
      plan.RunMany(lines.data(), e - b, sign);
    });
    return;
  }
  const int64_t blocks = (inner + kCols - 1) / kCols;
  ParallelFor(outer * blocks, std::max<int64_t>(1, 16384 / (n * kCols)), [&](int64_t b, int64_t e) {
    thread_local std::vector<C> lines;  // kept per thread: no fresh pages per run
    for (int64_t t = b; t < e; ++t) {
      const int64_t o = t / blocks, c0 = (t % blocks) * kCols, c1 = std::min(inner, c0 + kCols);
      C* base = data + o * n * inner;
      const C* from = src + o * n * inner;
      if (plan.batched()) {
        plan.RunColumns(from + c0, base + c0, inner, static_cast<int>(c1 - c0), sign);
        continue;
      }
      if (lines.size() < static_cast<size_t>(n * kCols)) lines.resize(static_cast<size_t>(n * kCols));
      for (int64_t k = 0; k < n; ++k)
        for (int64_t c = c0; c < c1; ++c) lines[static_cast<size_t>((c - c0) * n + k)] = from[k * inner + c];
      C* ptrs[kCols];
      for (int64_t c = c0; c < c1; ++c) ptrs[c - c0] = lines.data() + (c - c0) * n;
      plan.RunMany(ptrs, c1 - c0, sign);
      for (int64_t k = 0; k < n; ++k)
        for (int64_t c = c0; c < c1; ++c) base[k * inner + c] = lines[static_cast<size_t>((c - c0) * n + k)];
    }
  });
}

// Plans and split twiddles of one kernel at one precision, built on first use.
template <typename T>
struct FftPlans {
  std::vector<std::unique_ptr<FftPlan<T>>> per_axis;  // the last one halved for an even real transform
  std::vector<std::complex<T>> split_tw;              // W_n^k, k <= n/2, of an even real transform
};

// Whether the transform runs in single precision (complex64 / float32 operand).
bool SinglePrecision(const Type& in) { return in.element == ElementType::kC64 || in.element == ElementType::kF32; }

class FftKernel final : public Kernel {
 public:
  FftKernel(const Op& op, const compiler::Module& m, std::string kind, std::vector<int64_t> lengths)
      : in_(op.operands[0]), out_(op.results[0]), kind_(std::move(kind)), lengths_(std::move(lengths)) {
    it_ = m.type(op.operands[0]);
    ot_ = m.type(op.results[0]);
  }

  // Planned scratch: the complex work array, then (for a single row) one half-length line and
  // its plan's workspace, all in the operand's precision. Reused across executions (large heap
  // blocks would be fresh pages, page-faulted in, every time).
  static int64_t ScratchBytes(const Type& in, const Type& out, const std::string& kind, const std::vector<int64_t>& len) {
    const int64_t total = std::max(in.element_count(), out.element_count());
    const int64_t eb = SinglePrecision(in) ? 8 : 16;
    int64_t n = len.back();
    if ((kind == "RFFT" || kind == "IRFFT") && n % 2 == 0 && n >= 2) n /= 2;
    int64_t work = 0;
    for (int64_t l : len) work = std::max(work, FftPlan<double>::WorkSizeFor(l));
    work = std::max(work, FftPlan<double>::WorkSizeFor(n));
    return compiler::AlignUp(total * eb) + compiler::AlignUp(n * eb) + compiler::AlignUp(work * eb);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    return SinglePrecision(it_) ? RunAs<float>(f, scratch, plans_f_) : RunAs<double>(f, scratch, plans_d_);
  }

 private:
  template <typename T>
  Status RunAs(Frame& f, uint8_t* scratch, FftPlans<T>& p) const {
    using C = std::complex<T>;
    constexpr int kL = kLanes<T>;
    constexpr int64_t eb = sizeof(C);
    std::call_once(plans_once_, [&] { BuildPlans(p); });
    const size_t nf = lengths_.size();
    const size_t r = static_cast<size_t>(it_.rank());
    const int64_t n_last = lengths_.back();
    const bool real_half = (kind_ == "RFFT" || kind_ == "IRFFT") && n_last % 2 == 0 && n_last >= 2;
    // Work array: the complex signal over [batch..., lengths...]; the last axis holds n/2+1
    // values for the even-length real transforms (their spectrum's non-redundant half).
    const int64_t width = real_half ? n_last / 2 + 1 : n_last;
    std::vector<int64_t> dims(it_.dims.begin(), it_.dims.end() - static_cast<std::ptrdiff_t>(nf));
    for (int64_t l : lengths_) dims.push_back(l);
    dims.back() = width;
    int64_t total = 1;
    for (int64_t d : dims) total *= d;
    if (total == 0) return Status::Ok();
    const int64_t rows = total / width;
    // In the planned scratch, uninitialised (every element is written before it is read).
    C* data = reinterpret_cast<C*>(scratch);
    C* single_line = reinterpret_cast<C*>(scratch + compiler::AlignUp(std::max(it_.element_count(), ot_.element_count()) * eb));
    C* single_work = single_line + compiler::AlignUp(p.per_axis.back()->size() * eb) / eb;
    // The operand and result are complex<T> or T (the precision follows the operand).
    const void* in = f.Get(in_);
    const C* cin = static_cast<const C*>(in);
    const T* rin = static_cast<const T*>(in);
    void* o = f.Get(out_);
    const int64_t in_last = it_.dims.back(), out_last = ot_.dims.back();
    const T last_scale = static_cast<T>(1.0 / static_cast<double>(n_last));
    const FftPlan<T>& last = *p.per_axis.back();
    const int64_t h = n_last / 2;
    if (kind_ == "RFFT" && real_half) {
      // x[2m] + i x[2m+1] through a half-length FFT, then the even/odd split per row; one axis:
      // straight into the result.
      C* dst = nf == 1 ? static_cast<C*>(o) : data;
      if (last.batched() && rows > 1) {
        ParallelFor(rows, std::max<int64_t>(kL, 8192 / n_last), [&](int64_t b, int64_t e) {
          last.RunBatched(
              e - b, -1,
              [&](CB<T>* a, CB<T>*, int64_t i, int cnt) {
                const C* rp[kL];  // the pairs of reals are complex values
                for (int l = 0; l < cnt; ++l) rp[l] = reinterpret_cast<const C*>(rin + (b + i + l) * in_last);
                last.ToLanes(a, rp, cnt, h);
              },
              [&](CB<T>* a, CB<T>* spare, int64_t i, int cnt) {
                last.fns().split(a, spare, h, p.split_tw.data());
                C* rp[kL];
                for (int l = 0; l < cnt; ++l) rp[l] = dst + (b + i + l) * width;
                last.FromLanes(spare, rp, cnt, h + 1);
              });
        }, kL);
      } else {
        ParallelFor(rows, std::max<int64_t>(kL, 8192 / n_last), [&](int64_t b, int64_t e) {
          // Up to kL rows at a time: packed, transformed together, then split.
          C* lines[kL];
          HalfLines(lines, rows, h, single_line);
          for (int64_t r0 = b; r0 < e; r0 += kL) {
            const int64_t cnt = std::min<int64_t>(kL, e - r0);
            for (int64_t l = 0; l < cnt; ++l) {
              auto pack = [&](int64_t kb, int64_t ke) {  // the pairs of reals are complex values
                std::memcpy(static_cast<void*>(lines[l] + kb), rin + (r0 + l) * in_last + 2 * kb,
                            static_cast<size_t>(ke - kb) * sizeof(C));
              };
              if (rows == 1) ParallelFor(h, 16384, pack);
              else pack(0, h);
            }
            if (rows == 1) last.Run(lines[0], single_work, -1, true);
            else last.RunMany(lines, cnt, -1);
            for (int64_t l = 0; l < cnt; ++l) SplitReal(lines[l], dst + (r0 + l) * width, h, p, rows == 1);
          }
        }, kL);
      }
      if (nf == 1) return Status::Ok();
      for (size_t a = r - nf; a + 1 < r; ++a) TransformAxis(*p.per_axis[a - (r - nf)], data, data, dims, a, -1);
    } else if (kind_ == "IRFFT" && real_half) {
      // One axis: each row is read from the input where it is merged (below); more: the first
      // axis reads the input.
      const C* from = cin;
      for (size_t a = r - nf; a + 1 < r; ++a, from = data) {
        TransformAxis(*p.per_axis[a - (r - nf)], from, data, dims, a, +1);
        ScaleAll(data, total, static_cast<T>(1.0 / static_cast<double>(dims[a])));
      }
      const C* spectrum = nf == 1 ? cin : data;
      T* out = static_cast<T*>(o);
      if (last.batched() && rows > 1) {
        ParallelFor(rows, std::max<int64_t>(kL, 8192 / n_last), [&](int64_t b, int64_t e) {
          last.RunBatched(
              e - b, +1,
              [&](CB<T>* a, CB<T>* spare, int64_t i, int cnt) {
                const C* rp[kL];
                for (int l = 0; l < cnt; ++l) rp[l] = spectrum + (b + i + l) * width;
                last.ToLanes(spare, rp, cnt, h + 1);
                last.fns().merge(spare, a, h, p.split_tw.data());
              },
              [&](CB<T>* a, CB<T>*, int64_t i, int cnt) {
                last.fns().scale(a, h, last_scale);
                C* rp[kL];  // pairs of reals
                for (int l = 0; l < cnt; ++l) rp[l] = reinterpret_cast<C*>(out + (b + i + l) * out_last);
                last.FromLanes(a, rp, cnt, h);
              });
        }, kL);
        return Status::Ok();
      }
      ParallelFor(rows, std::max<int64_t>(kL, 8192 / n_last), [&](int64_t b, int64_t e) {
        C* lines[kL];
        HalfLines(lines, rows, h, single_line);
        for (int64_t r0 = b; r0 < e; r0 += kL) {
          const int64_t cnt = std::min<int64_t>(kL, e - r0);
          for (int64_t l = 0; l < cnt; ++l) MergeReal(spectrum + (r0 + l) * width, lines[l], h, p);
          if (rows == 1) last.Run(lines[0], single_work, +1, true);
          else last.RunMany(lines, cnt, +1);
          for (int64_t l = 0; l < cnt; ++l) {
            T* x = out + (r0 + l) * out_last;
            for (int64_t k = 0; k < h; ++k) {
              const C v = lines[l][k] * last_scale;
              x[2 * k] = v.real();
              x[2 * k + 1] = v.imag();
            }
          }
        }
      }, kL);
      return Status::Ok();
    } else if (kind_ == "IRFFT") {
      // Odd length: rebuild the Hermitian spectrum and run the complex inverse.
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t k = 0; k < width; ++k) data[row * width + k] = k < in_last ? cin[row * in_last + k] : C(0, 0);
      for (size_t a = r - nf; a + 1 < r; ++a) {
        TransformAxis(*p.per_axis[a - (r - nf)], data, data, dims, a, +1);
        ScaleAll(data, total, static_cast<T>(1.0 / static_cast<double>(dims[a])));
      }
      for (int64_t row = 0; row < rows; ++row) {
        C* line = data + row * width;
        line[0] = C(line[0].real(), 0);
        for (int64_t k = n_last / 2 + 1; k < n_last; ++k) line[k] = std::conj(line[n_last - k]);
      }
      TransformLastAxis(last, data, data, data, rows, width, +1, last_scale, single_work);
      T* out = static_cast<T*>(o);
      ParallelFor(rows, std::max<int64_t>(1, 16384 / width), [&](int64_t b, int64_t e) {
        for (int64_t row = b; row < e; ++row)
          for (int64_t k = 0; k < out_last; ++k) out[row * out_last + k] = data[row * width + k].real();
      });
      return Status::Ok();
    } else {
      const int sign = kind_ == "IFFT" ? +1 : -1;
      const C* src = cin;
      if (kind_ == "RFFT") {  // odd length: the real input as complex values
        ParallelFor(rows, std::max<int64_t>(1, 16384 / width), [&](int64_t b, int64_t e) {
          for (int64_t i = b * width; i < e * width; ++i) data[i] = C(rin[i], 0);
        });
        src = data;
      }
      double scale = 1.0;  // the inverse's 1/n of every axis, applied once as rows are stored
      for (size_t a = r - nf; a + 1 < r; ++a, src = data) {  // the first axis reads the operand
        TransformAxis(*p.per_axis[a - (r - nf)], src, data, dims, a, sign);
        scale /= static_cast<double>(dims[a]);
      }
      scale *= 1.0 / static_cast<double>(n_last);  // as a product, like the one-axis 1/n
      const T s = static_cast<T>(scale);
      // Rows read from `src` and stored (the first out_last values, n/2 + 1 of an odd-length
      // RFFT's n) into the result, scaled for the inverse.
      TransformLastAxis(last, src, static_cast<C*>(o), data, rows, out_last, sign, s, single_work);
      return Status::Ok();
    }
    // The even-length forward real transform over several axes: the work array to the result.
    std::memcpy(o, static_cast<const void*>(data), static_cast<size_t>(total) * sizeof(C));
    return Status::Ok();
  }

  // The last axis's transforms of `rows` lines of n = plan.size(): line r read from src + r * n,
  // its first out_last values written to dst + r * out_last (times `scale` for the inverse,
  // sign > 0). Batched plans keep the lines in their lanes from load to store; other plans
  // transform them in the work array (`work_rows` + r * n), a single long line in parallel.
  template <typename T>
  static void TransformLastAxis(const FftPlan<T>& plan, const std::complex<T>* src, std::complex<T>* dst,
                                std::complex<T>* work_rows, int64_t rows, int64_t out_last, int sign, T scale,
                                std::complex<T>* single_work) {
    using C = std::complex<T>;
    constexpr int kL = kLanes<T>;
    const int64_t n = plan.size();
    if (plan.batched() && rows > 1) {
      ParallelFor(rows, std::max<int64_t>(kL, 16384 / n), [&](int64_t b, int64_t e) {
        plan.RunBatched(
            e - b, sign,
            [&](CB<T>* a, CB<T>*, int64_t i, int cnt) {
              const C* rp[kL];
              for (int l = 0; l < cnt; ++l) rp[l] = src + (b + i + l) * n;
              plan.ToLanes(a, rp, cnt, n);
            },
            [&](CB<T>* a, CB<T>*, int64_t i, int cnt) {
              if (sign > 0) plan.fns().scale(a, out_last, scale);
              C* rp[kL];
              for (int l = 0; l < cnt; ++l) rp[l] = dst + (b + i + l) * out_last;
              plan.FromLanes(a, rp, cnt, out_last);
            });
      }, kL);
      return;
    }
    auto body = [&](int64_t b, int64_t e) {
      if (src != work_rows)
        std::memcpy(static_cast<void*>(work_rows + b * n), src + b * n, static_cast<size_t>((e - b) * n) * sizeof(C));
      if (rows == 1) {
        plan.Run(work_rows, single_work, sign, /*parallel=*/true);
      } else {
        std::vector<C*> lines;
        for (int64_t r = b; r < e; ++r) lines.push_back(work_rows + r * n);
        plan.RunMany(lines.data(), e - b, sign);
      }
      for (int64_t r = b; r < e; ++r) {
        const C* line = work_rows + r * n;
        C* x = dst + r * out_last;
        if (sign > 0)
          for (int64_t k = 0; k < out_last; ++k) x[k] = line[k] * scale;
        else if (x != line)
          std::memcpy(static_cast<void*>(x), line, static_cast<size_t>(out_last) * sizeof(C));
      }
    };
    if (rows == 1) body(0, 1);
    else ParallelFor(rows, std::max<int64_t>(kL, 16384 / n), body, kL);
  }

  // kLanes lines of h values for the unbatched real transforms: the planned single line for one
  // row, else per-thread blocks (kept: no fresh pages per run).
  template <typename T>
  static void HalfLines(std::complex<T>** lines, int64_t rows, int64_t h, std::complex<T>* single_line) {
    constexpr int kL = kLanes<T>;
    thread_local std::vector<std::complex<T>> z;
    if (rows != 1 && z.size() < static_cast<size_t>(kL * h)) z.resize(static_cast<size_t>(kL * h));
    for (int l = 0; l < kL; ++l) lines[l] = rows == 1 ? single_line : z.data() + l * h;
  }

  template <typename T>
  void BuildPlans(FftPlans<T>& p) const {
    for (size_t k = 0; k < lengths_.size(); ++k) {
      int64_t n = lengths_[k];
      const bool last = k + 1 == lengths_.size();
      if (last && (kind_ == "RFFT" || kind_ == "IRFFT") && n % 2 == 0 && n >= 2) {
        n /= 2;
        p.split_tw.resize(static_cast<size_t>(n + 1));
        for (int64_t j = 0; j <= n; ++j) p.split_tw[static_cast<size_t>(j)] = Narrow<T>(Root(j, 2 * n, -1));
      }
      p.per_axis.push_back(std::make_unique<FftPlan<T>>(n));
    }
  }

  template <typename T>
  static void ScaleAll(std::complex<T>* data, int64_t n, T s) {
    for (int64_t i = 0; i < n; ++i) data[i] *= s;
  }

  // X[k] (k <= h) of a real signal of length 2h from zk = Z[k] and zc = conj(Z[h - k]), Z =
  // FFT_h(x[2m] + i x[2m+1]); the batched split below does these operations in this order.
  template <typename T>
  static std::complex<T> SplitOne(std::complex<T> zk, std::complex<T> zc, std::complex<T> tw) {
    const std::complex<T> d = zk - zc;
    const std::complex<T> even = static_cast<T>(0.5) * (zk + zc);
    const std::complex<T> odd(static_cast<T>(0.5) * d.imag(), static_cast<T>(-0.5) * d.real());  // -i/2 (zk - zc)
    return even + Mul(tw, odd);
  }

  // X[0..h] from Z (one line); spread over the pool when `parallel` (one long row).
  template <typename T>
  static void SplitReal(const std::complex<T>* z, std::complex<T>* out, int64_t h, const FftPlans<T>& p,
                        bool parallel = false) {
    // k = 0 and k = h both pair Z[0] with itself (Z is periodic in h).
    auto range = [&](int64_t b, int64_t e) {
      for (int64_t k = std::max<int64_t>(b, 1); k < std::min(e, h); ++k)
        out[k] = SplitOne(z[k], std::conj(z[h - k]), p.split_tw[static_cast<size_t>(k)]);
    };
    out[0] = SplitOne(z[0], std::conj(z[0]), p.split_tw[0]);
    if (parallel) ParallelFor(h, 16384, range);
    else range(1, h);
    out[h] = SplitOne(z[0], std::conj(z[0]), p.split_tw[static_cast<size_t>(h)]);
  }

  // Z[k] = E + i O from xk = X[k] and xc = conj(X[h - k]), so that IFFT_h(Z) = x[2m] + i x[2m+1]
  // (times h); the batched merge below does these operations in this order.
  template <typename T>
  static std::complex<T> MergeOne(std::complex<T> xk, std::complex<T> xc, std::complex<T> tw) {
    const std::complex<T> even = xk + xc, odd = Mul(xk - xc, std::conj(tw));
    return even + std::complex<T>(-odd.imag(), odd.real());  // + i odd
  }

  // The imaginary parts of X[0] and X[h] are ignored, as a Hermitian spectrum has none.
  template <typename T>
  static void MergeReal(const std::complex<T>* x, std::complex<T>* z, int64_t h, const FftPlans<T>& p) {
    z[0] = MergeOne(std::complex<T>(x[0].real(), 0), std::complex<T>(x[h].real(), 0), p.split_tw[0]);
    for (int64_t k = 1; k < h; ++k) z[k] = MergeOne(x[k], std::conj(x[h - k]), p.split_tw[static_cast<size_t>(k)]);
  }

  ValueId in_, out_;
  std::string kind_;
  std::vector<int64_t> lengths_;
  Type it_, ot_;
  mutable std::once_flag plans_once_;
  mutable FftPlans<float> plans_f_;  // complex64 / float32 operands
  mutable FftPlans<double> plans_d_;
};

}  // namespace

int64_t FftScratchBytes(const compiler::Module& m, const Op& op) {
  std::vector<int64_t> len = op.IntListAttr("fft_length");
  if (len.empty() || op.operands.empty() || op.results.empty()) return 0;
  for (int64_t l : len)
    if (l < 0) return 0;
  return FftKernel::ScratchBytes(m.type(op.operands[0]), m.type(op.results[0]), op.EnumAttr("fft_type"), len);
}

StatusOr<std::unique_ptr<Kernel>> MakeFftKernel(KernelBuilder& b, const Op& op) {
  const Type& in = b.type(op.operands[0]);
  const Type& out = b.type(op.results[0]);
  std::string kind = op.EnumAttr("fft_type");
  std::vector<int64_t> len = op.IntListAttr("fft_length");
  if (len.empty() || len.size() > 3 || static_cast<int>(len.size()) > in.rank())
    return InvalidArgument("fft_length must have 1 to 3 entries, at most the operand rank");
  for (int64_t l : len)
    if (l < 0) return InvalidArgument("negative fft_length");
  size_t nf = len.size();
  bool ok = true;
  for (size_t k = 0; k + 1 < nf; ++k) {
    size_t d = static_cast<size_t>(in.rank()) - nf + k;
    ok = ok && in.dims[d] == len[k] && out.dims[d] == len[k];
  }
  if (kind == "FFT" || kind == "IFFT") {
    ok = ok && IsComplex(in.element) && out == in && in.dims.back() == len.back();
  } else if (kind == "RFFT") {
    ok = ok && (in.element == ElementType::kF32 || in.element == ElementType::kF64) && in.dims.back() == len.back() &&
         out.dims.back() == len.back() / 2 + 1 && IsComplex(out.element);
  } else if (kind == "IRFFT") {
    ok = ok && IsComplex(in.element) && out.dims.back() == len.back() && in.dims.back() == len.back() / 2 + 1 &&
         (out.element == ElementType::kF32 || out.element == ElementType::kF64);
  } else {
    return InvalidArgument("unknown fft_type '" + kind + "'");
  }
  if (!ok) return InvalidArgument("fft operand/result shapes do not match fft_type and fft_length");
  return std::unique_ptr<Kernel>(new FftKernel(op, b.module(), kind, len));
}

}  // namespace jaxlib::cpu
