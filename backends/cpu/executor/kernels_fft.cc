// stablehlo.fft (FFT, IFFT, RFFT, IRFFT over the trailing 1-3 dims): iterative radix-2 for
// powers of two, Bluestein's chirp-z for other lengths; computed in double precision.
#include <cmath>
#include <complex>
#include <cstring>
#include <numbers>
#include <vector>

#include "backends/cpu/executor/kernel.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::Type;
using compiler::ValueId;
using cd = std::complex<double>;

namespace {

bool IsPow2(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

void Radix2(cd* a, int64_t n, bool inverse) {
  for (int64_t i = 1, j = 0; i < n; ++i) {
    int64_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  for (int64_t len = 2; len <= n; len <<= 1) {
    double ang = 2 * std::numbers::pi / static_cast<double>(len) * (inverse ? 1 : -1);
    for (int64_t i = 0; i < n; i += len)
      for (int64_t k = 0; k < len / 2; ++k) {
        cd w(std::cos(ang * static_cast<double>(k)), std::sin(ang * static_cast<double>(k)));
        cd u = a[i + k], v = a[i + k + len / 2] * w;
        a[i + k] = u + v;
        a[i + k + len / 2] = u - v;
      }
  }
}

// Unnormalised DFT of a[0..n): sign -1 forward, +1 inverse.
void Dft(cd* a, int64_t n, bool inverse, std::vector<cd>& work) {
  if (n <= 1) return;
  if (IsPow2(n)) {
    Radix2(a, n, inverse);
    return;
  }
  int64_t m = 1;
  while (m < 2 * n - 1) m <<= 1;
  work.assign(static_cast<size_t>(2 * m + n), cd(0, 0));
  cd* A = work.data();
  cd* B = A + m;
  cd* chirp = B + m;
  double sgn = inverse ? 1 : -1;
  for (int64_t k = 0; k < n; ++k) {
    // k*k mod 2n keeps the angle accurate for large k.
    int64_t kk = (k * k) % (2 * n);
    double ang = sgn * std::numbers::pi * static_cast<double>(kk) / static_cast<double>(n);
    chirp[k] = cd(std::cos(ang), std::sin(ang));
  }
  for (int64_t k = 0; k < n; ++k) A[k] = a[k] * chirp[k];
  B[0] = std::conj(chirp[0]);
  for (int64_t k = 1; k < n; ++k) B[k] = B[m - k] = std::conj(chirp[k]);
  Radix2(A, m, false);
  Radix2(B, m, false);
  for (int64_t k = 0; k < m; ++k) A[k] *= B[k];
  Radix2(A, m, true);
  for (int64_t k = 0; k < n; ++k) a[k] = A[k] / static_cast<double>(m) * chirp[k];
}

// Applies a complex DFT along axis `axis` of a [dims] array of cd.
void DftAxis(cd* data, const std::vector<int64_t>& dims, size_t axis, bool inverse) {
  int64_t n = dims[axis];
  int64_t inner = 1, outer = 1;
  for (size_t k = axis + 1; k < dims.size(); ++k) inner *= dims[k];
  for (size_t k = 0; k < axis; ++k) outer *= dims[k];
  std::vector<cd> line(static_cast<size_t>(n)), work;
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      cd* base = data + o * n * inner + i;
      for (int64_t k = 0; k < n; ++k) line[static_cast<size_t>(k)] = base[k * inner];
      Dft(line.data(), n, inverse, work);
      double scale = inverse ? 1.0 / static_cast<double>(n) : 1.0;
      for (int64_t k = 0; k < n; ++k) base[k * inner] = line[static_cast<size_t>(k)] * scale;
    }
}

class FftKernel final : public Kernel {
 public:
  FftKernel(const Op& op, const compiler::Module& m, std::string kind, std::vector<int64_t> lengths)
      : in_(op.operands[0]), out_(op.results[0]), kind_(std::move(kind)), lengths_(std::move(lengths)) {
    it_ = m.type(op.operands[0]);
    ot_ = m.type(op.results[0]);
  }

  Status Run(Frame& f, uint8_t*) const override {
    const size_t nf = lengths_.size();
    const size_t r = static_cast<size_t>(it_.rank());
    // Work array: the full complex signal over [batch..., lengths...].
    std::vector<int64_t> dims(it_.dims.begin(), it_.dims.end() - static_cast<std::ptrdiff_t>(nf));
    for (int64_t l : lengths_) dims.push_back(l);
    int64_t total = 1;
    for (int64_t d : dims) total *= d;
    std::vector<cd> data(static_cast<size_t>(total), cd(0, 0));
    const int64_t n_last = lengths_.back();
    const int64_t in_last = it_.dims.back();
    const int64_t rows = total / std::max<int64_t>(n_last, 1);
    const bool in_c128 = it_.element == ElementType::kC128, in_f64 = it_.element == ElementType::kF64;
    auto load = [&](int64_t i) -> cd {
      const void* p = f.Get(in_);
      switch (it_.element) {
        case ElementType::kC64: return cd(static_cast<const std::complex<float>*>(p)[i]);
        case ElementType::kC128: return static_cast<const cd*>(p)[i];
        case ElementType::kF32: return cd(static_cast<const float*>(p)[i], 0);
        default: return cd(static_cast<const double*>(p)[i], 0);
      }
    };
    (void)in_c128;
    (void)in_f64;
    if (kind_ == "IRFFT") {
      // Input holds n/2+1 frequencies on the last axis; rebuild the Hermitian spectrum after
      // the inverse transforms of the other axes.
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t k = 0; k < in_last && k < n_last; ++k) data[static_cast<size_t>(row * n_last + k)] = load(row * in_last + k);
      for (size_t a = r - nf; a + 1 < r; ++a) DftAxis(data.data(), dims, a, true);
      for (int64_t row = 0; row < rows; ++row) {
        cd* line = data.data() + row * n_last;
        line[0] = cd(line[0].real(), 0);
        if (n_last % 2 == 0) line[n_last / 2] = cd(line[n_last / 2].real(), 0);
        for (int64_t k = n_last / 2 + 1; k < n_last; ++k) line[k] = std::conj(line[n_last - k]);
      }
      DftAxis(data.data(), dims, r - 1, true);
    } else {
      for (int64_t row = 0; row < rows; ++row)
        for (int64_t k = 0; k < n_last; ++k) data[static_cast<size_t>(row * n_last + k)] = load(row * in_last + k);
      bool inverse = kind_ == "IFFT";
      for (size_t a = r - nf; a < r; ++a) DftAxis(data.data(), dims, a, inverse);
    }
    // Store.
    void* o = f.Get(out_);
    const int64_t out_last = ot_.dims.back();
    for (int64_t row = 0; row < rows; ++row)
      for (int64_t k = 0; k < out_last; ++k) {
        cd v = data[static_cast<size_t>(row * n_last + k)];
        int64_t i = row * out_last + k;
        switch (ot_.element) {
          case ElementType::kC64: static_cast<std::complex<float>*>(o)[i] = std::complex<float>(v); break;
          case ElementType::kC128: static_cast<cd*>(o)[i] = v; break;
          case ElementType::kF32: static_cast<float*>(o)[i] = static_cast<float>(v.real()); break;
          default: static_cast<double*>(o)[i] = v.real(); break;
        }
      }
    return Status::Ok();
  }

 private:
  ValueId in_, out_;
  std::string kind_;
  std::vector<int64_t> lengths_;
  Type it_, ot_;
};

}  // namespace

int64_t FftScratchBytes(const compiler::Module&, const Op&) { return 0; }

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
