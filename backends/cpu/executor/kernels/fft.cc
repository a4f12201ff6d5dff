// stablehlo.fft (FFT, IFFT, RFFT, IRFFT over the trailing 1-3 dims), computed in double
// precision: a self-sorting mixed-radix (4, 2, 3, 5, any small prime) Stockham FFT per length,
// a four-step split into two sets of shorter transforms for long ones (cache-sized pieces,
// parallel), Bluestein's chirp-z for lengths with a large prime factor, and real transforms of
// even length through a complex transform of half the length. Plans (factors, twiddles) are
// built on first use at run time, so compile time and memory never depend on the lengths.
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <numbers>
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

// e^{i * sign * 2 pi * num / den}, with num reduced modulo den for accuracy.
cd Root(int64_t num, int64_t den, int sign) {
  num %= den;
  if (num < 0) num += den;
  const double ang = 2.0 * std::numbers::pi * static_cast<double>(num) / static_cast<double>(den);
  return {std::cos(ang), sign * std::sin(ang)};
}

// Complex product without the C99 Annex G NaN recovery (a library call per product).
inline cd Mul(cd a, cd b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

inline cd MulI(cd v, int sign) { return sign < 0 ? cd(v.imag(), -v.real()) : cd(-v.imag(), v.real()); }

// Blocked out-of-place transpose: dst[c][r] = src[r][c] for a rows x cols matrix; bands of
// rows spread over the pool when `parallel`.
void Transpose(cd* dst, const cd* src, int64_t rows, int64_t cols, bool parallel = false) {
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

// ---------------------------------------------------------------- batches of 8 lines
// Eight lines transformed together, lane l of every value belonging to line l (split real and
// imaginary parts): the compiler vectorises each lane loop at the ISA the variant is built for,
// with the same operations in the same order as the one-line path (so the same bits).
constexpr int kBatch = 8;
struct alignas(64) CB {
  double re[kBatch], im[kBatch];
};

#define JAXLIB_FFT_INLINE inline __attribute__((always_inline))

JAXLIB_FFT_INLINE void BAdd(CB& o, const CB& a, const CB& b) {
  for (int l = 0; l < kBatch; ++l) {
    o.re[l] = a.re[l] + b.re[l];
    o.im[l] = a.im[l] + b.im[l];
  }
}
JAXLIB_FFT_INLINE void BSub(CB& o, const CB& a, const CB& b) {
  for (int l = 0; l < kBatch; ++l) {
    o.re[l] = a.re[l] - b.re[l];
    o.im[l] = a.im[l] - b.im[l];
  }
}
// o = a * (tr + i ti), as Mul() does it.
JAXLIB_FFT_INLINE void BMulT(CB& o, const CB& a, double tr, double ti) {
  for (int l = 0; l < kBatch; ++l) {
    const double r = a.re[l] * tr - a.im[l] * ti, i = a.re[l] * ti + a.im[l] * tr;
    o.re[l] = r;
    o.im[l] = i;
  }
}
// o = a * (+-i), as MulI() does it.
JAXLIB_FFT_INLINE void BMulI(CB& o, const CB& a, int sign) {
  for (int l = 0; l < kBatch; ++l) {
    const double r = sign < 0 ? a.im[l] : -a.im[l], i = sign < 0 ? -a.re[l] : a.re[l];
    o.re[l] = r;
    o.im[l] = i;
  }
}
JAXLIB_FFT_INLINE void BScale(CB& o, const CB& a, double k) {
  for (int l = 0; l < kBatch; ++l) {
    o.re[l] = k * a.re[l];
    o.im[l] = k * a.im[l];
  }
}

// The one-line Butterfly's radix 2, 3, 4 and 5, operation for operation.
template <int R>
JAXLIB_FFT_INLINE void BButterfly(CB* v, int sign) {
  if constexpr (R == 2) {
    CB a = v[0], b = v[1];
    BAdd(v[0], a, b);
    BSub(v[1], a, b);
  } else if constexpr (R == 3) {
    constexpr double kS = 0.86602540378443864676;
    CB a = v[0], s, d, m, t, h;
    BAdd(s, v[1], v[2]);
    BSub(d, v[1], v[2]);
    BAdd(v[0], a, s);
    BScale(h, s, 0.5);
    BSub(m, a, h);
    BMulI(t, d, sign);
    BScale(t, t, kS);
    BAdd(v[1], m, t);
    BSub(v[2], m, t);
  } else if constexpr (R == 4) {
    CB s0, s1, s2, s3, d;
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
    constexpr double kC1 = 0.30901699437494742410, kC2 = -0.80901699437494742410;
    constexpr double kS1 = 0.95105651629515357212, kS2 = 0.58778525229247312917;
    CB a = v[0], b1, b2, d1, d2, m1, m2, t1, t2, x, y;
    BAdd(b1, v[1], v[4]);
    BAdd(b2, v[2], v[3]);
    BSub(d1, v[1], v[4]);
    BSub(d2, v[2], v[3]);
    BAdd(x, a, b1);
    BAdd(v[0], x, b2);
    for (int l = 0; l < kBatch; ++l) {
      m1.re[l] = a.re[l] + kC1 * b1.re[l] + kC2 * b2.re[l];
      m1.im[l] = a.im[l] + kC1 * b1.im[l] + kC2 * b2.im[l];
      m2.re[l] = a.re[l] + kC2 * b1.re[l] + kC1 * b2.re[l];
      m2.im[l] = a.im[l] + kC2 * b1.im[l] + kC1 * b2.im[l];
      x.re[l] = kS1 * d1.re[l] + kS2 * d2.re[l];
      x.im[l] = kS1 * d1.im[l] + kS2 * d2.im[l];
      y.re[l] = kS2 * d1.re[l] - kS1 * d2.re[l];
      y.im[l] = kS2 * d1.im[l] - kS1 * d2.im[l];
    }
    BMulI(t1, x, sign);
    BMulI(t2, y, sign);
    BAdd(v[1], m1, t1);
    BSub(v[4], m1, t1);
    BAdd(v[2], m2, t2);
    BSub(v[3], m2, t2);
  }
}

// One Stockham stage of radix R over n batched elements (`tw`: this stage's twiddles).
template <int R>
JAXLIB_FFT_INLINE void BStage(const CB* x, CB* y, int64_t n, int64_t ns, const std::complex<double>* tw, int sign) {
  const int64_t stride = n / R, blocks = stride / ns;
  CB v[R];
  for (int64_t b = 0; b < blocks; ++b) {
    const CB* xb = x + b * ns;
    CB* yb = y + b * ns * R;
    for (int64_t jj = 0; jj < ns; ++jj) {
      v[0] = xb[jj];
      if (ns == 1) {
        for (int k = 1; k < R; ++k) v[k] = xb[jj + k * stride];
      } else {
        const std::complex<double>* t = tw + jj * R;
        for (int k = 1; k < R; ++k) BMulT(v[k], xb[jj + k * stride], t[k].real(), sign < 0 ? t[k].imag() : -t[k].imag());
      }
      BButterfly<R>(v, sign);
      for (int k = 0; k < R; ++k) yb[jj + k * ns] = v[k];
    }
  }
}

struct BatchStage {
  int radix;
  int64_t ns;
  const std::complex<double>* tw;
};
using BatchStagesFn = void (*)(CB* a, CB* work, int64_t n, const BatchStage* stages, size_t count, int sign);

#define JAXLIB_FFT_BATCH(Suffix, Attr)                                                                     \
  Attr void BatchStages##Suffix(CB* a, CB* work, int64_t n, const BatchStage* st, size_t count, int sign) { \
    CB* x = a;                                                                                             \
    CB* y = work;                                                                                          \
    for (size_t i = 0; i < count; ++i) {                                                                   \
      switch (st[i].radix) {                                                                               \
        case 2: BStage<2>(x, y, n, st[i].ns, st[i].tw, sign); break;                                       \
        case 3: BStage<3>(x, y, n, st[i].ns, st[i].tw, sign); break;                                       \
        case 4: BStage<4>(x, y, n, st[i].ns, st[i].tw, sign); break;                                       \
        default: BStage<5>(x, y, n, st[i].ns, st[i].tw, sign); break;                                      \
      }                                                                                                    \
      std::swap(x, y);                                                                                     \
    }                                                                                                      \
    if (x != a) std::memcpy(a, x, static_cast<size_t>(n) * sizeof(CB));                                   \
  }
JAXLIB_FFT_BATCH(Base, )
#if defined(JAXLIB_X86_64)
JAXLIB_FFT_BATCH(Avx2, JAXLIB_TARGET_AVX2)
JAXLIB_FFT_BATCH(Avx512, JAXLIB_TARGET_AVX512_WIDE("avx512f,avx512dq"))
#endif
#undef JAXLIB_FFT_BATCH

BatchStagesFn SelectBatchStages() {
#if defined(JAXLIB_X86_64)
  switch (DetectedVectorIsa()) {
    case VectorIsa::kAvx512: return &BatchStagesAvx512;
    case VectorIsa::kAvx2: return &BatchStagesAvx2;
    default: break;
  }
#endif
  return &BatchStagesBase;
}

// One length's unnormalised DFT, forward (e^{-2 pi i jk/n}) or inverse (e^{+...}).
class FftPlan {
 public:
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

  // Transforms lines[0..count) (each of this length) in place: eight at a time through the
  // batched stages when the plan is a direct Stockham one of radices up to 5, else one by one.
  void RunMany(cd* const* lines, int64_t count, int sign) const {
    int64_t i = 0;
    if (!batch_stages_.empty() && count >= kBatch) {
      // Per-thread and kept: a fresh block per call would be page-faulted in every time.
      thread_local std::vector<CB> buf;
      if (buf.size() < static_cast<size_t>(2 * n_)) buf.resize(static_cast<size_t>(2 * n_));
      CB* a = buf.data();
      CB* w = a + n_;
      for (; i + kBatch <= count; i += kBatch) {
        for (int64_t k = 0; k < n_; ++k)
          for (int l = 0; l < kBatch; ++l) {
            a[k].re[l] = lines[i + l][k].real();
            a[k].im[l] = lines[i + l][k].imag();
          }
        batch_fn_(a, w, n_, batch_stages_.data(), batch_stages_.size(), sign);
        for (int64_t k = 0; k < n_; ++k)
          for (int l = 0; l < kBatch; ++l) lines[i + l][k] = cd(a[k].re[l], a[k].im[l]);
      }
    }
    if (i < count) {
      thread_local std::vector<cd> w;
      if (w.size() < static_cast<size_t>(work_size())) w.resize(static_cast<size_t>(work_size()));
      for (; i < count; ++i) Run(lines[i], w.data(), sign);
    }
  }

  // Transforms a[0..n) in place. `parallel`: may split the work over the thread pool (long
  // four-step transforms only).
  void Run(cd* a, cd* work, int sign, bool parallel = false) const {
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
        for (int64_t k = 0; k < r; ++k) twiddles_.push_back(Root(j * k, ns * r, -1));
      ns *= r;
    }
    bool small_radices = true;
    for (int64_t r : f) small_radices = small_radices && r <= 5;
    if (small_radices && n_ >= 4) {
      for (const Stage& st : stages_)
        batch_stages_.push_back({static_cast<int>(st.radix), st.ns, twiddles_.data() + st.twiddle_offset});
      batch_fn_ = SelectBatchStages();
    }
    // Roots of unity of the generic butterfly, per radix above 5.
    for (int64_t r : f)
      if (r > 5 && roots_[static_cast<size_t>(r)].empty())
        for (int64_t k = 0; k < r; ++k) roots_[static_cast<size_t>(r)].push_back(Root(k, r, -1));
  }

  // Small DFT of v[0..r) in place (sign -1 forward).
  __attribute__((always_inline)) inline void Butterfly(cd* v, int64_t r, int sign) const {
    switch (r) {
      case 2: {
        cd a = v[0], b = v[1];
        v[0] = a + b;
        v[1] = a - b;
        return;
      }
      case 3: {
        constexpr double kS = 0.86602540378443864676;  // sin(2 pi / 3)
        cd a = v[0], b = v[1], c = v[2];
        cd s = b + c, d = b - c;
        v[0] = a + s;
        cd m = a - 0.5 * s;
        cd t = MulI(d, sign) * kS;
        v[1] = m + t;
        v[2] = m - t;
        return;
      }
      case 4: {
        cd a = v[0], b = v[1], c = v[2], d = v[3];
        cd s0 = a + c, s1 = a - c, s2 = b + d, s3 = MulI(b - d, sign);
        v[0] = s0 + s2;
        v[1] = s1 + s3;
        v[2] = s0 - s2;
        v[3] = s1 - s3;
        return;
      }
      case 5: {
        constexpr double kC1 = 0.30901699437494742410, kC2 = -0.80901699437494742410;  // cos(2pi/5), cos(4pi/5)
        constexpr double kS1 = 0.95105651629515357212, kS2 = 0.58778525229247312917;   // sin(2pi/5), sin(4pi/5)
        cd a = v[0], b1 = v[1] + v[4], b2 = v[2] + v[3], d1 = v[1] - v[4], d2 = v[2] - v[3];
        v[0] = a + b1 + b2;
        cd m1 = a + kC1 * b1 + kC2 * b2, m2 = a + kC2 * b1 + kC1 * b2;
        cd t1 = MulI(kS1 * d1 + kS2 * d2, sign), t2 = MulI(kS2 * d1 - kS1 * d2, sign);
        v[1] = m1 + t1;
        v[4] = m1 - t1;
        v[2] = m2 + t2;
        v[3] = m2 - t2;
        return;
      }
      default: {
        cd in[kMaxRadix];
        for (int64_t k = 0; k < r; ++k) in[k] = v[k];
        const std::vector<cd>& roots = roots_[static_cast<size_t>(r)];
        for (int64_t k = 0; k < r; ++k) {
          cd acc = 0;
          for (int64_t j = 0; j < r; ++j) {
            cd w = roots[static_cast<size_t>((j * k) % r)];
            acc += Mul(in[j], sign < 0 ? w : std::conj(w));
          }
          v[k] = acc;
        }
      }
    }
  }

  // One stage of radix R (a compile-time radix keeps the butterfly in registers).
  template <int R>
  void StageFixed(const cd* x, cd* y, const Stage& st, int sign) const {
    const int64_t ns = st.ns, stride = n_ / R, blocks = stride / ns;
    const cd* tw = twiddles_.data() + st.twiddle_offset;
    cd v[R];
    if (ns == 1) {  // first stage: every twiddle is 1
      for (int64_t j = 0; j < blocks; ++j) {
        for (int k = 0; k < R; ++k) v[k] = x[j + k * stride];
        Butterfly(v, R, sign);
        for (int k = 0; k < R; ++k) y[j * R + k] = v[k];
      }
      return;
    }
    for (int64_t b = 0; b < blocks; ++b) {
      const cd* xb = x + b * ns;
      cd* yb = y + b * ns * R;
      for (int64_t jj = 0; jj < ns; ++jj) {
        const cd* t = tw + jj * R;
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

  void StageGeneric(const cd* x, cd* y, const Stage& st, int sign) const {
    const int64_t r = st.radix, ns = st.ns, stride = n_ / r;
    const cd* tw = twiddles_.data() + st.twiddle_offset;
    cd v[kMaxRadix];
    for (int64_t b = 0; b < stride / ns; ++b) {
      for (int64_t jj = 0; jj < ns; ++jj) {
        const int64_t j = b * ns + jj;
        const cd* t = tw + jj * r;
        v[0] = x[j];
        for (int64_t k = 1; k < r; ++k) v[k] = Mul(x[j + k * stride], sign < 0 ? t[k] : std::conj(t[k]));
        Butterfly(v, r, sign);
        const int64_t d = b * ns * r + jj;
        for (int64_t k = 0; k < r; ++k) y[d + k * ns] = v[k];
      }
    }
  }

  void RunStockham(cd* a, cd* work, int sign) const {
    cd* x = a;
    cd* y = work;
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
    if (x != a) std::memcpy(a, x, static_cast<size_t>(n_) * sizeof(cd));
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

  void RunFourStep(cd* a, cd* work, int sign, bool parallel) const {
    const int64_t n1 = n1_, n2 = n2_;
    cd* buf = work;
    Transpose(buf, a, n1, n2, parallel);  // buf: [n2][n1]
    auto rows = [&](int64_t count, int64_t len, const FftPlan& plan, cd* data, bool twiddle) {
      auto body = [&](int64_t b, int64_t e) {
        std::vector<cd*> lines;
        for (int64_t row = b; row < e; ++row) lines.push_back(data + row * len);
        plan.RunMany(lines.data(), e - b, sign);
        for (int64_t row = b; row < e; ++row) {
          cd* line = data + row * len;
          if (!twiddle) continue;
          for (int64_t k = 1; k < len; ++k) {
            const int64_t m = row * k;
            cd t = Mul(tw_hi_[static_cast<size_t>(m / tw_block_)], tw_lo_[static_cast<size_t>(m % tw_block_)]);
            line[k] = Mul(line[k], sign < 0 ? t : std::conj(t));
          }
        }
      };
      if (parallel) ParallelFor(count, std::max<int64_t>(1, 8192 / len), body);
      else body(0, count);
    };
    rows(n2, n1, *p1_, buf, true);
    Transpose(a, buf, n2, n1, parallel);  // a: [n1][n2]
    rows(n1, n2, *p2_, a, false);
    Transpose(buf, a, n1, n2, parallel);  // X[k1 + n1 k2] = Y[k1][k2]
    std::memcpy(a, buf, static_cast<size_t>(n_) * sizeof(cd));
  }

  // ------------------------------------------------------------- Bluestein
  void InitBluestein() {
    bluestein_ = true;
    int64_t m = 1;
    while (m < 2 * n_ - 1) m <<= 1;
    conv_ = std::make_unique<FftPlan>(m);
    chirp_.resize(static_cast<size_t>(n_));
    for (int64_t k = 0; k < n_; ++k) chirp_[static_cast<size_t>(k)] = Root((k * k) % (2 * n_), 2 * n_, -1);
    kernel_fft_.assign(static_cast<size_t>(m), cd(0, 0));
    kernel_fft_[0] = std::conj(chirp_[0]);
    for (int64_t k = 1; k < n_; ++k)
      kernel_fft_[static_cast<size_t>(k)] = kernel_fft_[static_cast<size_t>(m - k)] = std::conj(chirp_[static_cast<size_t>(k)]);
    std::vector<cd> w(static_cast<size_t>(conv_->work_size()));
    conv_->Run(kernel_fft_.data(), w.data(), -1);
  }

  // Forward through the chirp convolution; the inverse as conj(forward(conj(x))).
  void RunBluestein(cd* a, cd* work, int sign, bool parallel) const {
    const int64_t m = conv_->size();
    cd* A = work;
    cd* w = work + m;
    for (int64_t k = 0; k < n_; ++k) {
      cd v = sign > 0 ? std::conj(a[k]) : a[k];
      A[k] = Mul(v, chirp_[static_cast<size_t>(k)]);
    }
    std::fill(A + n_, A + m, cd(0, 0));
    conv_->Run(A, w, -1, parallel);
    for (int64_t k = 0; k < m; ++k) A[k] = std::conj(Mul(A[k], kernel_fft_[static_cast<size_t>(k)]));
    conv_->Run(A, w, -1, parallel);  // conj(FFT(conj(.))) = unnormalised inverse
    const double inv_m = 1.0 / static_cast<double>(m);
    for (int64_t k = 0; k < n_; ++k) {
      cd v = Mul(std::conj(A[k]) * inv_m, chirp_[static_cast<size_t>(k)]);
      a[k] = sign > 0 ? std::conj(v) : v;
    }
  }

  int64_t n_;
  std::vector<Stage> stages_;
  std::vector<cd> twiddles_;
  std::vector<BatchStage> batch_stages_;  // empty: no batched path
  BatchStagesFn batch_fn_ = nullptr;
  std::vector<std::vector<cd>> roots_ = std::vector<std::vector<cd>>(kMaxRadix + 1);
  int64_t n1_ = 0, n2_ = 0, tw_block_ = 1;
  std::unique_ptr<FftPlan> p1_, p2_;
  std::vector<cd> tw_lo_, tw_hi_;
  bool bluestein_ = false;
  std::unique_ptr<FftPlan> conv_;
  std::vector<cd> chirp_, kernel_fft_;
};

// Runs `plan` over `count` contiguous lines of its length, spread over the pool; a single
// long line is parallel inside instead. `done(b, e)`, when given, is called on each range of
// finished lines while they are still in cache (to store them).
using LinesDone = std::function<void(int64_t, int64_t)>;
void TransformLines(const FftPlan& plan, cd* data, int64_t count, int sign, cd* single_work,
                    const LinesDone& done = nullptr) {
  const int64_t len = plan.size();
  if (count == 0) return;
  if (len <= 1 || count == 1) {
    if (len > 1) plan.Run(data, single_work, sign, /*parallel=*/true);
    if (done) done(0, count);
    return;
  }
  ParallelFor(count, std::max<int64_t>(kBatch, 16384 / len), [&](int64_t b, int64_t e) {
    std::vector<cd*> lines;
    for (int64_t r = b; r < e; ++r) lines.push_back(data + r * len);
    plan.RunMany(lines.data(), e - b, sign);
    if (done) done(b, e);
  }, kBatch);
}

// DFT along axis `axis` of a [dims] array (not the last axis): lines gathered a few columns
// at a time into contiguous buffers.
void TransformAxis(const FftPlan& plan, cd* data, const std::vector<int64_t>& dims, size_t axis, int sign) {
  const int64_t n = dims[axis];
  int64_t inner = 1, outer = 1;
  for (size_t k = axis + 1; k < dims.size(); ++k) inner *= dims[k];
  for (size_t k = 0; k < axis; ++k) outer *= dims[k];
  if (inner == 1) {
    std::vector<cd> w(outer == 1 ? static_cast<size_t>(plan.work_size()) : 0);
    return TransformLines(plan, data, outer, sign, w.data());
  }
  constexpr int64_t kCols = 8;
  const int64_t blocks = (inner + kCols - 1) / kCols;
  ParallelFor(outer * blocks, std::max<int64_t>(1, 16384 / (n * kCols)), [&](int64_t b, int64_t e) {
    thread_local std::vector<cd> lines;  // kept per thread: no fresh pages per run
    if (lines.size() < static_cast<size_t>(n * kCols)) lines.resize(static_cast<size_t>(n * kCols));
    for (int64_t t = b; t < e; ++t) {
      const int64_t o = t / blocks, c0 = (t % blocks) * kCols, c1 = std::min(inner, c0 + kCols);
      cd* base = data + o * n * inner;
      for (int64_t k = 0; k < n; ++k)
        for (int64_t c = c0; c < c1; ++c) lines[static_cast<size_t>((c - c0) * n + k)] = base[k * inner + c];
      cd* ptrs[kCols];
      for (int64_t c = c0; c < c1; ++c) ptrs[c - c0] = lines.data() + (c - c0) * n;
      plan.RunMany(ptrs, c1 - c0, sign);
      for (int64_t k = 0; k < n; ++k)
        for (int64_t c = c0; c < c1; ++c) base[k * inner + c] = lines[static_cast<size_t>((c - c0) * n + k)];
    }
  });
}

class FftKernel final : public Kernel {
 public:
  FftKernel(const Op& op, const compiler::Module& m, std::string kind, std::vector<int64_t> lengths)
      : in_(op.operands[0]), out_(op.results[0]), kind_(std::move(kind)), lengths_(std::move(lengths)) {
    it_ = m.type(op.operands[0]);
    ot_ = m.type(op.results[0]);
  }

  // Planned scratch: the complex work array, then (for a single row) one half-length line and
  // its plan's workspace. Reused across executions (large heap blocks would be fresh pages,
  // page-faulted in, every time).
  static int64_t ScratchBytes(const Type& in, const Type& out, const std::string& kind, const std::vector<int64_t>& len) {
    const int64_t total = std::max(in.element_count(), out.element_count());
    int64_t n = len.back();
    if ((kind == "RFFT" || kind == "IRFFT") && n % 2 == 0 && n >= 2) n /= 2;
    int64_t work = 0;
    for (int64_t l : len) work = std::max(work, FftPlan::WorkSizeFor(l));
    work = std::max(work, FftPlan::WorkSizeFor(n));
    return compiler::AlignUp(total * 16) + compiler::AlignUp(n * 16) + compiler::AlignUp(work * 16);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    std::call_once(plans_once_, [&] { BuildPlans(); });
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
    DataSpan data{reinterpret_cast<cd*>(scratch), total};
    cd* single_line = reinterpret_cast<cd*>(scratch + compiler::AlignUp(
        std::max(it_.element_count(), ot_.element_count()) * 16));
    cd* single_work = single_line + compiler::AlignUp(plans_.back()->size() * 16) / 16;
    const void* in = f.Get(in_);
    const int64_t in_last = it_.dims.back();
    auto load = [&](int64_t i) -> cd {
      switch (it_.element) {
        case ElementType::kC64: return cd(static_cast<const std::complex<float>*>(in)[i]);
        case ElementType::kC128: return static_cast<const cd*>(in)[i];
        case ElementType::kF32: return cd(static_cast<const float*>(in)[i], 0);
        default: return cd(static_cast<const double*>(in)[i], 0);
      }
    };
    // A whole row [b, b + n) of the input to complex, typed once per row.
    auto load_row = [&](int64_t b, int64_t n, cd* dst) {
      switch (it_.element) {
        case ElementType::kC64: {
          const auto* p = static_cast<const std::complex<float>*>(in) + b;
          for (int64_t k = 0; k < n; ++k) dst[k] = cd(p[k].real(), p[k].imag());
          break;
        }
        case ElementType::kC128: std::memcpy(dst, static_cast<const cd*>(in) + b, static_cast<size_t>(n) * sizeof(cd)); break;
        case ElementType::kF32: {
          const float* p = static_cast<const float*>(in) + b;
          for (int64_t k = 0; k < n; ++k) dst[k] = cd(p[k], 0);
          break;
        }
        default: {
          const double* p = static_cast<const double*>(in) + b;
          for (int64_t k = 0; k < n; ++k) dst[k] = cd(p[k], 0);
        }
      }
    };
    const double last_scale = 1.0 / static_cast<double>(n_last);
    if (kind_ == "RFFT" && real_half) {
      // x[2m] + i x[2m+1] through a half-length FFT, then the even/odd split per row.
      const FftPlan& half = *plans_.back();
      const int64_t h = n_last / 2;
      ParallelFor(rows, std::max<int64_t>(kBatch, 8192 / n_last), [&](int64_t b, int64_t e) {
        // Up to kBatch rows at a time: packed, transformed together, then split.
        thread_local std::vector<cd> z;  // kept per thread: no fresh pages per run
        if (rows != 1 && z.size() < static_cast<size_t>(kBatch * h)) z.resize(static_cast<size_t>(kBatch * h));
        cd* lines[kBatch];
        for (int l = 0; l < kBatch; ++l) lines[l] = rows == 1 ? single_line : z.data() + l * h;
        for (int64_t r0 = b; r0 < e; r0 += kBatch) {
          const int64_t cnt = std::min<int64_t>(kBatch, e - r0);
          for (int64_t l = 0; l < cnt; ++l) {
            cd* zl = lines[l];
            auto pack = [&](int64_t kb, int64_t ke) {
              if (it_.element == ElementType::kF32) {
                const float* p = static_cast<const float*>(in) + (r0 + l) * in_last;
                for (int64_t k = kb; k < ke; ++k) zl[k] = cd(p[2 * k], p[2 * k + 1]);
              } else {
                const double* p = static_cast<const double*>(in) + (r0 + l) * in_last;
                for (int64_t k = kb; k < ke; ++k) zl[k] = cd(p[2 * k], p[2 * k + 1]);
              }
            };
            if (rows == 1) ParallelFor(h, 16384, pack);
            else pack(0, h);
          }
          if (rows == 1) half.Run(lines[0], single_work, -1, true);
          else half.RunMany(lines, cnt, -1);
          for (int64_t l = 0; l < cnt; ++l) {
            cd* row = data.data() + (r0 + l) * width;
            SplitReal(lines[l], row, h, rows == 1);
            // One axis: the row is final; stored while it is still in cache (no second pass).
            if (nf == 1 && rows != 1) StoreRow(row, f.Get(out_), (r0 + l) * width, width);
          }
        }
      }, kBatch);
      if (nf == 1 && rows != 1) return Status::Ok();
      for (size_t a = r - nf; a + 1 < r; ++a) TransformAxis(*plans_[a - (r - nf)], data.data(), dims, a, -1);
    } else if (kind_ == "IRFFT" && real_half) {
      // One axis: each row is read from the input where it is merged (below).
      if (nf > 1) load_row(0, total, data.data());
      for (size_t a = r - nf; a + 1 < r; ++a) {
        TransformAxis(*plans_[a - (r - nf)], data.data(), dims, a, +1);
        ScaleAll(data, 1.0 / static_cast<double>(dims[a]));
      }
    } else if (kind_ == "IRFFT") {
      // Odd length: rebuild the Hermitian spectrum and run the complex inverse.
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t k = 0; k < width; ++k)
          data[static_cast<size_t>(row * width + k)] = k < in_last ? load(row * in_last + k) : cd(0, 0);
      for (size_t a = r - nf; a + 1 < r; ++a) {
        TransformAxis(*plans_[a - (r - nf)], data.data(), dims, a, +1);
        ScaleAll(data, 1.0 / static_cast<double>(dims[a]));
      }
      for (int64_t row = 0; row < rows; ++row) {
        cd* line = data.data() + row * width;
        line[0] = cd(line[0].real(), 0);
        for (int64_t k = n_last / 2 + 1; k < n_last; ++k) line[k] = std::conj(line[n_last - k]);
      }
      TransformLines(*plans_.back(), data.data(), rows, +1, single_work);
      ScaleAll(data, last_scale);
    } else {
      ParallelFor(rows, std::max<int64_t>(1, 16384 / width),
                  [&](int64_t b, int64_t e) { load_row(b * width, (e - b) * width, data.data() + b * width); });
      const int sign = kind_ == "IFFT" ? +1 : -1;
      double scale = 1.0;  // the inverse's 1/n of every axis, applied once as rows are stored
      for (size_t a = r - nf; a + 1 < r; ++a) {
        TransformAxis(*plans_[a - (r - nf)], data.data(), dims, a, sign);
        scale /= static_cast<double>(dims[a]);
      }
      scale *= last_scale;
      void* o = f.Get(out_);
      const int64_t out_last = ot_.dims.back();  // n/2 + 1 of an odd-length RFFT's n
      TransformLines(*plans_.back(), data.data(), rows, sign, single_work, [&](int64_t b, int64_t e) {
        for (int64_t row = b; row < e; ++row) {
          cd* line = data.data() + row * width;
          if (sign > 0)
            for (int64_t k = 0; k < out_last; ++k) line[k] *= scale;
          StoreRow(line, o, row * out_last, out_last);
        }
      });
      return Status::Ok();
    }
    // Store (the even-length inverse real transform writes its rows from the half spectrum).
    void* o = f.Get(out_);
    const int64_t out_last = ot_.dims.back();
    if (kind_ == "IRFFT" && real_half) {
      const FftPlan& half = *plans_.back();
      const int64_t h = n_last / 2;
      ParallelFor(rows, std::max<int64_t>(kBatch, 8192 / n_last), [&](int64_t b, int64_t e) {
        thread_local std::vector<cd> z;  // kept per thread: no fresh pages per run
        if (rows != 1 && z.size() < static_cast<size_t>(kBatch * h)) z.resize(static_cast<size_t>(kBatch * h));
        cd* lines[kBatch];
        for (int l = 0; l < kBatch; ++l) lines[l] = rows == 1 ? single_line : z.data() + l * h;
        thread_local std::vector<cd> spectrum;
        if (nf == 1 && spectrum.size() < static_cast<size_t>(width)) spectrum.resize(static_cast<size_t>(width));
        for (int64_t r0 = b; r0 < e; r0 += kBatch) {
          const int64_t cnt = std::min<int64_t>(kBatch, e - r0);
          for (int64_t l = 0; l < cnt; ++l) {
            cd* row = data.data() + (r0 + l) * width;
            if (nf == 1) {
              row = spectrum.data();
              load_row((r0 + l) * width, width, row);
            }
            MergeReal(row, lines[l], h);
          }
          if (rows == 1) half.Run(lines[0], single_work, +1, true);
          else half.RunMany(lines, cnt, +1);
          for (int64_t l = 0; l < cnt; ++l)
            for (int64_t k = 0; k < h; ++k) {
              const cd v = lines[l][k] * last_scale;
              StoreReal(o, (r0 + l) * out_last + 2 * k, v.real());
              StoreReal(o, (r0 + l) * out_last + 2 * k + 1, v.imag());
            }
        }
      }, kBatch);
      return Status::Ok();
    }
    ParallelFor(rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(out_last, 1)), [&](int64_t b, int64_t e) {
      for (int64_t row = b; row < e; ++row) StoreRow(data.data() + row * width, o, row * out_last, out_last);
    });
    return Status::Ok();
  }

 private:
  // Elements [base, base + count) of the output from complex doubles (real parts for a real
  // output).
  void StoreRow(const cd* src, void* o, int64_t base, int64_t count) const {
    switch (ot_.element) {
      case ElementType::kC64: {
        auto* dst = reinterpret_cast<float*>(static_cast<std::complex<float>*>(o) + base);
        const double* s = reinterpret_cast<const double*>(src);
        for (int64_t k = 0; k < 2 * count; ++k) dst[k] = static_cast<float>(s[k]);
        break;
      }
      case ElementType::kC128: std::memcpy(static_cast<cd*>(o) + base, src, static_cast<size_t>(count) * sizeof(cd)); break;
      default:
        for (int64_t k = 0; k < count; ++k) StoreReal(o, base + k, src[k].real());
    }
  }

  void BuildPlans() const {
    for (size_t k = 0; k < lengths_.size(); ++k) {
      int64_t n = lengths_[k];
      const bool last = k + 1 == lengths_.size();
      if (last && (kind_ == "RFFT" || kind_ == "IRFFT") && n % 2 == 0 && n >= 2) {
        n /= 2;
        split_tw_.resize(static_cast<size_t>(n + 1));
        for (int64_t j = 0; j <= n; ++j) split_tw_[static_cast<size_t>(j)] = Root(j, 2 * n, -1);
      }
      plans_.push_back(std::make_unique<FftPlan>(n));
    }
  }

  void StoreReal(void* o, int64_t i, double v) const {
    if (ot_.element == ElementType::kF32) static_cast<float*>(o)[i] = static_cast<float>(v);
    else static_cast<double*>(o)[i] = v;
  }

  // The working array: complex doubles over [batch..., lengths...].
  struct DataSpan {
    cd* p;
    int64_t n;
    cd* data() const { return p; }
    cd& operator[](size_t i) const { return p[i]; }
  };

  static void ScaleAll(DataSpan data, double s) {
    for (int64_t i = 0; i < data.n; ++i) data.p[i] *= s;
  }

  // X[0..h] of a real signal of length 2h from Z = FFT_h(x[2m] + i x[2m+1]).
  // Spread over the pool when `parallel` (one long row).
  void SplitReal(const cd* z, cd* out, int64_t h, bool parallel = false) const {
    // k = 0 and k = h both pair Z[0] with itself (Z is periodic in h).
    auto one = [&](int64_t k, cd zk, cd zc) {
      const cd d = zk - zc;
      const cd even = 0.5 * (zk + zc), odd(0.5 * d.imag(), -0.5 * d.real());  // -i/2 (zk - zc)
      out[k] = even + Mul(split_tw_[static_cast<size_t>(k)], odd);
    };
    auto range = [&](int64_t b, int64_t e) {
      for (int64_t k = std::max<int64_t>(b, 1); k < std::min(e, h); ++k) one(k, z[k], std::conj(z[h - k]));
    };
    one(0, z[0], std::conj(z[0]));
    if (parallel) ParallelFor(h, 16384, range);
    else range(1, h);
    one(h, z[0], std::conj(z[0]));
  }

  // Z = E + i O from the half spectrum X[0..h] (imaginary parts of X[0] and X[h] ignored, as
  // a Hermitian spectrum has none), so that IFFT_h(Z) = x[2m] + i x[2m+1] (times h).
  void MergeReal(const cd* x, cd* z, int64_t h) const {
    for (int64_t k = 0; k < h; ++k) {
      cd xk = x[k], xc = std::conj(x[h - k]);
      if (k == 0) {
        xk = cd(x[0].real(), 0);
        xc = cd(x[h].real(), 0);
      }
      const cd even = xk + xc, odd = Mul(xk - xc, std::conj(split_tw_[static_cast<size_t>(k)]));
      z[k] = even + cd(-odd.imag(), odd.real());  // + i odd
    }
  }

  ValueId in_, out_;
  std::string kind_;
  std::vector<int64_t> lengths_;
  Type it_, ot_;
  mutable std::once_flag plans_once_;
  mutable std::vector<std::unique_ptr<FftPlan>> plans_;  // per fft axis (the last one halved for even real)
  mutable std::vector<cd> split_tw_;                      // W_n^k, k <= n/2, of an even real transform
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
