// JAX's CPU linear-algebra custom calls (lapack_{s,d,c,z}<routine>_ffi) over the run-time
// LAPACK of lapack_library.h, with the calling conventions of jaxlib's own FFI kernels
// (jaxlib/cpu/lapack_kernels.cc): the same leading dimensions, workspace sizes, batch steps and
// info/ipiv outputs, so results match XLA's. Operands arrive in our row-major buffers and are
// copied to and from the layouts the op declares (column-major matrices).
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstring>
#include <functional>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/linalg/lapack_library.h"

namespace jaxlib::cpu {

using compiler::Attribute;
using compiler::Op;
using compiler::Type;
using compiler::ValueId;

namespace {

using I = int32_t;  // LAPACK integers of scipy-openblas32 (LP64)
using Len = size_t;  // Fortran hidden CHARACTER lengths (harmless when the callee ignores them)

template <class T> struct RealOf { using type = T; };
template <class T> struct RealOf<std::complex<T>> { using type = T; };
template <class T> using Real = typename RealOf<T>::type;
template <class T> inline constexpr bool kComplex = !std::is_same_v<T, Real<T>>;

// Buffers of one call in their declared (physical) layouts, and the logical dims.
struct Args {
  std::vector<void*> in, out;
  std::vector<std::vector<int64_t>> in_dims, out_dims;
  template <class T> T* In(size_t k) const { return static_cast<T*>(in[k]); }
  template <class T> T* Out(size_t k) const { return static_cast<T*>(out[k]); }
};

struct Batch {
  int64_t count = 1, rows = 0, cols = 0;
};
Batch SplitBatch(const std::vector<int64_t>& d) {
  Batch b;
  for (size_t k = 0; k + 2 < d.size(); ++k) b.count *= d[k];
  b.rows = d.size() >= 2 ? d[d.size() - 2] : 0;
  b.cols = d.size() >= 2 ? d[d.size() - 1] : 0;
  return b;
}
int64_t Count(const std::vector<int64_t>& d) {
  int64_t n = 1;
  for (int64_t x : d) n *= x;
  return n;
}
template <class T> void CopyInto(T* dst, const T* src, int64_t n) {
  if (dst != src && n > 0) std::memcpy(dst, src, static_cast<size_t>(n) * sizeof(T));
}
template <class T> I WorkSize(T optimal) { return static_cast<I>(std::max<double>(1.0, std::real(optimal))); }

// Decoded mhlo.backend_config of one call.
struct Attrs {
  char side = 'L', uplo = 'L', trans = 'N', diag = 'N', mode = 'N', compute_left = 'N', compute_right = 'N',
       sort = 'N';
  bool left = true, transpose = false;
  I low = 1, high = 1;
};

using Impl = std::function<Status(const Args&)>;

// ---------------------------------------------------------------- routines (per element type)

template <class T> Impl Trsm(void* f, const Attrs& a) {
  using Fn = void(char*, char*, char*, char*, I*, I*, T*, T*, I*, T*, I*, Len, Len, Len, Len);
  return [fn = reinterpret_cast<Fn*>(f), a](const Args& x) -> Status {
    Batch y = SplitBatch(x.in_dims[1]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(1), Count(x.in_dims[1]));
    I m = static_cast<I>(y.rows), n = static_cast<I>(y.cols);
    I lda = a.side == 'L' ? m : n, ldb = m;
    char side = a.side, uplo = a.uplo, trans = a.trans, diag = a.diag;
    T alpha(1);
    const T* A = x.In<T>(0);
    if (m == 0 || n == 0) return Status::Ok();
    for (int64_t i = 0; i < y.count; ++i)
      fn(&side, &uplo, &trans, &diag, &m, &n, &alpha, const_cast<T*>(A) + i * int64_t{lda} * lda, &lda,
         out + i * int64_t{m} * n, &ldb, 1, 1, 1, 1);
    return Status::Ok();
  };
}

template <class T> Impl Getrf(void* f, const Attrs&) {
  using Fn = void(I*, I*, T*, I*, I*, I*);
  return [fn = reinterpret_cast<Fn*>(f)](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I m = static_cast<I>(b.rows), n = static_cast<I>(b.cols), lda = std::max<I>(1, m);
    int64_t k = std::min(b.rows, b.cols);
    for (int64_t i = 0; i < b.count; ++i)
      fn(&m, &n, out + i * b.rows * b.cols, &lda, x.Out<I>(1) + i * k, x.Out<I>(2) + i);
    return Status::Ok();
  };
}

template <class T> Impl Geqrf(void* f, const Attrs&) {
  using Fn = void(I*, I*, T*, I*, T*, T*, I*, I*);
  return [fn = reinterpret_cast<Fn*>(f)](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I m = static_cast<I>(b.rows), n = static_cast<I>(b.cols), lda = std::max<I>(1, m), info = 0, q = -1;
    T opt{};
    fn(&m, &n, nullptr, &lda, nullptr, &opt, &q, &info);
    I lwork = WorkSize(opt);
    std::vector<T> work(static_cast<size_t>(lwork));
    int64_t k = std::min(b.rows, b.cols);
    for (int64_t i = 0; i < b.count; ++i)
      fn(&m, &n, out + i * b.rows * b.cols, &lda, x.Out<T>(1) + i * k, work.data(), &lwork, &info);
    return Status::Ok();
  };
}

template <class T> Impl Geqp3(void* f, const Attrs&) {
  return [f](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    I* jpvt = x.Out<I>(1);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    CopyInto(jpvt, x.In<I>(1), Count(x.in_dims[1]));
    I m = static_cast<I>(b.rows), n = static_cast<I>(b.cols), lda = std::max<I>(1, m), info = 0, q = -1;
    T opt{};
    int64_t k = std::min(b.rows, b.cols);
    if constexpr (kComplex<T>) {
      using Fn = void(I*, I*, T*, I*, I*, T*, T*, I*, Real<T>*, I*);
      auto* fn = reinterpret_cast<Fn*>(f);
      fn(&m, &n, nullptr, &lda, nullptr, nullptr, &opt, &q, nullptr, &info);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork));
      std::vector<Real<T>> rwork(static_cast<size_t>(std::max<int64_t>(1, 2 * b.cols)));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&m, &n, out + i * b.rows * b.cols, &lda, jpvt + i * b.cols, x.Out<T>(2) + i * k, work.data(), &lwork,
           rwork.data(), &info);
    } else {
      using Fn = void(I*, I*, T*, I*, I*, T*, T*, I*, I*);
      auto* fn = reinterpret_cast<Fn*>(f);
      fn(&m, &n, nullptr, &lda, nullptr, nullptr, &opt, &q, &info);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&m, &n, out + i * b.rows * b.cols, &lda, jpvt + i * b.cols, x.Out<T>(2) + i * k, work.data(), &lwork,
           &info);
    }
    return Status::Ok();
  };
}

template <class T> Impl Orgqr(void* f, const Attrs&) {
  using Fn = void(I*, I*, I*, T*, I*, T*, T*, I*, I*);
  return [fn = reinterpret_cast<Fn*>(f)](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I m = static_cast<I>(b.rows), n = static_cast<I>(b.cols), lda = std::max<I>(1, m), info = 0, q = -1;
    I k = static_cast<I>(x.in_dims[1].empty() ? 0 : x.in_dims[1].back());
    T opt{};
    fn(&m, &n, &k, nullptr, &lda, nullptr, &opt, &q, &info);
    I lwork = WorkSize(opt);
    std::vector<T> work(static_cast<size_t>(lwork));
    const T* tau = x.In<T>(1);
    for (int64_t i = 0; i < b.count; ++i)
      fn(&m, &n, &k, out + i * b.rows * b.cols, &lda, const_cast<T*>(tau) + i * k, work.data(), &lwork, &info);
    return Status::Ok();
  };
}

template <class T> Impl Ormqr(void* f, const Attrs& a) {
  using Fn = void(char*, char*, I*, I*, I*, T*, I*, T*, T*, I*, T*, I*, I*, Len, Len);
  return [fn = reinterpret_cast<Fn*>(f), a](const Args& x) -> Status {
    Batch c = SplitBatch(x.in_dims[2]), A = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(2), Count(x.in_dims[2]));
    char side = a.left ? 'L' : 'R';
    char trans = a.transpose ? (kComplex<T> ? 'C' : 'T') : 'N';
    I m = static_cast<I>(c.rows), n = static_cast<I>(c.cols), ldc = std::max<I>(1, m), info = 0, q = -1;
    I k = static_cast<I>(x.in_dims[1].empty() ? 0 : x.in_dims[1].back());
    I lda = std::max<I>(1, static_cast<I>(a.left ? A.rows : c.cols));
    T opt{};
    fn(&side, &trans, &m, &n, &k, nullptr, &lda, nullptr, nullptr, &ldc, &opt, &q, &info, 1, 1);
    I lwork = WorkSize(opt);
    std::vector<T> work(static_cast<size_t>(lwork));
    const T* av = x.In<T>(0);
    const T* tau = x.In<T>(1);
    for (int64_t i = 0; i < c.count; ++i)
      fn(&side, &trans, &m, &n, &k, const_cast<T*>(av) + i * A.rows * A.cols, &lda, const_cast<T*>(tau) + i * k,
         out + i * c.rows * c.cols, &ldc, work.data(), &lwork, &info, 1, 1);
    return Status::Ok();
  };
}

template <class T> Impl Potrf(void* f, const Attrs& a) {
  using Fn = void(char*, I*, T*, I*, I*, Len);
  return [fn = reinterpret_cast<Fn*>(f), a](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I n = static_cast<I>(b.rows), lda = std::max<I>(1, n);
    char uplo = a.uplo;
    for (int64_t i = 0; i < b.count; ++i) fn(&uplo, &n, out + i * b.rows * b.cols, &lda, x.Out<I>(1) + i, 1);
    return Status::Ok();
  };
}

// gesdd (divide and conquer) or gesvd (QR): outputs x_out, s, u, vt, info.
template <class T, bool kQr> Impl Svd(void* f, const Attrs& a) {
  return [f, a](const Args& x) -> Status {
    if (a.mode == 'O') return Unimplemented("SVD computation mode 'O' is not supported");
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    const std::vector<int64_t>& ud = x.out_dims[2];
    const std::vector<int64_t>& vd = x.out_dims[3];
    I m = static_cast<I>(b.rows), n = static_cast<I>(b.cols), lda = std::max<I>(1, m), ldu = std::max<I>(1, m);
    I ldvt = std::max<I>(1, static_cast<I>(vd.size() >= 2 ? vd[vd.size() - 2] : 1));
    int64_t u_step = ud.size() >= 2 ? ud[ud.size() - 2] * ud[ud.size() - 1] : 0;
    int64_t vt_step = vd.size() >= 2 ? vd[vd.size() - 2] * vd[vd.size() - 1] : 0;
    int64_t s_step = x.out_dims[1].empty() ? 0 : x.out_dims[1].back();
    int64_t mn = std::min(b.rows, b.cols), mx = std::max(b.rows, b.cols);
    char job = a.mode;
    I q_ldvt = a.mode == 'A' ? std::max<I>(1, n) : std::max<I>(1, static_cast<I>(mn));
    I info = 0, q = -1;
    T opt{};
    Real<T>* s = x.Out<Real<T>>(1);
    T* u = x.Out<T>(2);
    T* vt = x.Out<T>(3);
    I* infos = x.Out<I>(4);
    if constexpr (kQr) {
      if constexpr (kComplex<T>) {
        using Fn = void(char*, char*, I*, I*, T*, I*, Real<T>*, T*, I*, T*, I*, T*, I*, Real<T>*, I*, Len, Len);
        auto* fn = reinterpret_cast<Fn*>(f);
        fn(&job, &job, &m, &n, nullptr, &lda, nullptr, nullptr, &ldu, nullptr, &q_ldvt, &opt, &q, nullptr, &info, 1, 1);
        I lwork = WorkSize(opt);
        std::vector<T> work(static_cast<size_t>(lwork));
        std::vector<Real<T>> rwork(static_cast<size_t>(std::max<int64_t>(1, 5 * mn)));
        for (int64_t i = 0; i < b.count; ++i)
          fn(&job, &job, &m, &n, out + i * b.rows * b.cols, &lda, s + i * s_step, u + i * u_step, &ldu,
             vt + i * vt_step, &ldvt, work.data(), &lwork, rwork.data(), infos + i, 1, 1);
      } else {
        using Fn = void(char*, char*, I*, I*, T*, I*, T*, T*, I*, T*, I*, T*, I*, I*, Len, Len);
        auto* fn = reinterpret_cast<Fn*>(f);
        fn(&job, &job, &m, &n, nullptr, &lda, nullptr, nullptr, &ldu, nullptr, &q_ldvt, &opt, &q, &info, 1, 1);
        I lwork = WorkSize(opt);
        std::vector<T> work(static_cast<size_t>(lwork));
        for (int64_t i = 0; i < b.count; ++i)
          fn(&job, &job, &m, &n, out + i * b.rows * b.cols, &lda, s + i * s_step, u + i * u_step, &ldu,
             vt + i * vt_step, &ldvt, work.data(), &lwork, infos + i, 1, 1);
      }
    } else {
      std::vector<I> iwork(static_cast<size_t>(std::max<int64_t>(1, 8 * mn)));
      if constexpr (kComplex<T>) {
        using Fn = void(char*, I*, I*, T*, I*, Real<T>*, T*, I*, T*, I*, T*, I*, Real<T>*, I*, I*, Len);
        auto* fn = reinterpret_cast<Fn*>(f);
        fn(&job, &m, &n, nullptr, &lda, nullptr, nullptr, &ldu, nullptr, &q_ldvt, &opt, &q, nullptr, nullptr, &info, 1);
        I lwork = WorkSize(opt);
        std::vector<T> work(static_cast<size_t>(lwork));
        int64_t lrwork = job == 'N' ? 7 * mn : std::max(5 * mn * mn + 5 * mn, 2 * mx * mn + 2 * mn * mn + mn);
        std::vector<Real<T>> rwork(static_cast<size_t>(std::max<int64_t>(1, lrwork)));
        for (int64_t i = 0; i < b.count; ++i)
          fn(&job, &m, &n, out + i * b.rows * b.cols, &lda, s + i * s_step, u + i * u_step, &ldu, vt + i * vt_step,
             &ldvt, work.data(), &lwork, rwork.data(), iwork.data(), infos + i, 1);
      } else {
        using Fn = void(char*, I*, I*, T*, I*, T*, T*, I*, T*, I*, T*, I*, I*, I*, Len);
        auto* fn = reinterpret_cast<Fn*>(f);
        fn(&job, &m, &n, nullptr, &lda, nullptr, nullptr, &ldu, nullptr, &q_ldvt, &opt, &q, nullptr, &info, 1);
        I lwork = WorkSize(opt);
        std::vector<T> work(static_cast<size_t>(lwork));
        for (int64_t i = 0; i < b.count; ++i)
          fn(&job, &m, &n, out + i * b.rows * b.cols, &lda, s + i * s_step, u + i * u_step, &ldu, vt + i * vt_step,
             &ldvt, work.data(), &lwork, iwork.data(), infos + i, 1);
      }
    }
    return Status::Ok();
  };
}

// syevd / heevd with jaxlib's fixed workspace sizes: outputs x_out (eigenvectors), w, info.
template <class T> Impl Eigh(void* f, const Attrs& a) {
  return [f, a](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I n = static_cast<I>(b.cols), lda = std::max<I>(1, n);
    char jobz = a.mode, uplo = a.uplo;
    bool vectors = jobz == 'V';
    int64_t N = b.cols;
    I liwork = static_cast<I>(vectors ? 3 + 5 * N : 1);
    std::vector<I> iwork(static_cast<size_t>(liwork));
    Real<T>* w = x.Out<Real<T>>(1);
    I* infos = x.Out<I>(2);
    if constexpr (kComplex<T>) {
      using Fn = void(char*, char*, I*, T*, I*, Real<T>*, T*, I*, Real<T>*, I*, I*, I*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      I lwork = static_cast<I>(vectors ? 2 * N + N * N : N + 1);
      I lrwork = static_cast<I>(vectors ? 1 + 5 * N + 2 * N * N : std::max<int64_t>(N, 1));
      std::vector<T> work(static_cast<size_t>(std::max<I>(1, lwork)));
      std::vector<Real<T>> rwork(static_cast<size_t>(std::max<I>(1, lrwork)));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&jobz, &uplo, &n, out + i * N * N, &lda, w + i * N, work.data(), &lwork, rwork.data(), &lrwork,
           iwork.data(), &liwork, infos + i, 1, 1);
    } else {
      using Fn = void(char*, char*, I*, T*, I*, T*, T*, I*, I*, I*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      I lwork = static_cast<I>(vectors ? 1 + 6 * N + 2 * N * N : 2 * N + 1);
      std::vector<T> work(static_cast<size_t>(std::max<I>(1, lwork)));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&jobz, &uplo, &n, out + i * N * N, &lda, w + i * N, work.data(), &lwork, iwork.data(), &liwork, infos + i,
           1, 1);
    }
    return Status::Ok();
  };
}

// Real LAPACK stores a complex-conjugate pair of eigenvectors as two real columns.
template <class R>
void UnpackEigenvectors(int64_t n, const R* wi, const R* packed, std::complex<R>* out) {
  for (int64_t j = 0; j < n;) {
    if (wi[j] == R(0) || std::isnan(wi[j]) || j + 1 == n) {
      for (int64_t i = 0; i < n; ++i) out[j * n + i] = {packed[j * n + i], R(0)};
      ++j;
    } else {
      for (int64_t i = 0; i < n; ++i) {
        R re = packed[j * n + i], im = packed[(j + 1) * n + i];
        out[j * n + i] = {re, im};
        out[(j + 1) * n + i] = {re, -im};
      }
      j += 2;
    }
  }
}

// geev: real outputs wr, wi, vl, vr (complex), info; complex outputs w, vl, vr, info. Matrices
// with a non-finite entry are not passed to LAPACK (info = -4), like jaxlib.
template <class T> Impl Geev(void* f, const Attrs& a) {
  return [f, a](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    int64_t N = b.cols, size = N * N;
    I n = static_cast<I>(N), ld = std::max<I>(1, n), info = 0, q = -1;
    char jl = a.compute_left, jr = a.compute_right;
    std::vector<T> copy(static_cast<size_t>(std::max<int64_t>(1, size)));
    T opt{};
    const T* in = x.In<T>(0);
    auto finite = [](const T* p, int64_t k) {
      for (int64_t i = 0; i < k; ++i) {
        if constexpr (kComplex<T>) {
          if (!std::isfinite(p[i].real()) || !std::isfinite(p[i].imag())) return false;
        } else if (!std::isfinite(p[i])) {
          return false;
        }
      }
      return true;
    };
    if constexpr (kComplex<T>) {
      using Fn = void(char*, char*, I*, T*, I*, T*, T*, I*, T*, I*, T*, I*, Real<T>*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      Real<T> rq[1];
      fn(&jl, &jr, &n, nullptr, &ld, nullptr, nullptr, &ld, nullptr, &ld, &opt, &q, rq, &info, 1, 1);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork));
      std::vector<Real<T>> rwork(static_cast<size_t>(std::max<int64_t>(1, 2 * N)));
      for (int64_t i = 0; i < b.count; ++i) {
        std::copy_n(in + i * size, size, copy.data());
        I* inf = x.Out<I>(3) + i;
        if (!finite(copy.data(), size)) {
          *inf = -4;
          continue;
        }
        fn(&jl, &jr, &n, copy.data(), &ld, x.Out<T>(0) + i * N, x.Out<T>(1) + i * size, &ld, x.Out<T>(2) + i * size,
           &ld, work.data(), &lwork, rwork.data(), inf, 1, 1);
      }
    } else {
      using Fn = void(char*, char*, I*, T*, I*, T*, T*, T*, I*, T*, I*, T*, I*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      fn(&jl, &jr, &n, nullptr, &ld, nullptr, nullptr, nullptr, &ld, nullptr, &ld, &opt, &q, &info, 1, 1);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork)), vl(copy.size()), vr(copy.size());
      for (int64_t i = 0; i < b.count; ++i) {
        std::copy_n(in + i * size, size, copy.data());
        I* inf = x.Out<I>(4) + i;
        T* wr = x.Out<T>(0) + i * N;
        T* wi = x.Out<T>(1) + i * N;
        if (!finite(copy.data(), size)) {
          *inf = -4;
          continue;
        }
        fn(&jl, &jr, &n, copy.data(), &ld, wr, wi, vl.data(), &ld, vr.data(), &ld, work.data(), &lwork, inf, 1, 1);
        if (*inf == 0) {
          UnpackEigenvectors(N, wi, vl.data(), x.Out<std::complex<T>>(2) + i * size);
          UnpackEigenvectors(N, wi, vr.data(), x.Out<std::complex<T>>(3) + i * size);
        }
      }
    }
    return Status::Ok();
  };
}

// gees without eigenvalue ordering: real outputs T, vs, wr, wi, sdim, info; complex T, vs, w,
// sdim, info.
template <class T> Impl Gees(void* f, const Attrs& a) {
  return [f, a](const Args& x) -> Status {
    if (a.sort != 'N') return Unimplemented("Schur decomposition with eigenvalue ordering is not supported");
    Batch b = SplitBatch(x.in_dims[0]);
    int64_t N = b.cols, size = N * N;
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I n = static_cast<I>(N), ld = std::max<I>(1, n), info = 0, q = -1;
    char jobvs = a.mode, sort = a.sort;
    T opt{};
    T* vs = x.Out<T>(1);
    if constexpr (kComplex<T>) {
      using Fn = void(char*, char*, void*, I*, T*, I*, I*, T*, T*, I*, T*, I*, Real<T>*, I*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      fn(&jobvs, &sort, nullptr, &n, nullptr, &ld, nullptr, nullptr, nullptr, &ld, &opt, &q, nullptr, nullptr, &info, 1,
         1);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork));
      std::vector<Real<T>> rwork(static_cast<size_t>(std::max<int64_t>(1, N)));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&jobvs, &sort, nullptr, &n, out + i * size, &ld, x.Out<I>(3) + i, x.Out<T>(2) + i * N, vs + i * size, &ld,
           work.data(), &lwork, rwork.data(), nullptr, x.Out<I>(4) + i, 1, 1);
    } else {
      using Fn = void(char*, char*, void*, I*, T*, I*, I*, T*, T*, T*, I*, T*, I*, I*, I*, Len, Len);
      auto* fn = reinterpret_cast<Fn*>(f);
      fn(&jobvs, &sort, nullptr, &n, nullptr, &ld, nullptr, nullptr, nullptr, nullptr, &ld, &opt, &q, nullptr, &info, 1,
         1);
      I lwork = WorkSize(opt);
      std::vector<T> work(static_cast<size_t>(lwork));
      for (int64_t i = 0; i < b.count; ++i)
        fn(&jobvs, &sort, nullptr, &n, out + i * size, &ld, x.Out<I>(4) + i, x.Out<T>(2) + i * N, x.Out<T>(3) + i * N,
           vs + i * size, &ld, work.data(), &lwork, nullptr, x.Out<I>(5) + i, 1, 1);
    }
    return Status::Ok();
  };
}

template <class T> Impl Gehrd(void* f, const Attrs& a) {
  using Fn = void(I*, I*, I*, T*, I*, T*, T*, I*, I*);
  return [fn = reinterpret_cast<Fn*>(f), a](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I n = static_cast<I>(b.cols), lda = std::max<I>(1, static_cast<I>(b.rows)), lo = a.low, hi = a.high, info = 0,
      q = -1;
    T opt{};
    fn(&n, &lo, &hi, nullptr, &lda, nullptr, &opt, &q, &info);
    I lwork = WorkSize(opt);
    std::vector<T> work(static_cast<size_t>(lwork));
    int64_t tau_step = std::max<int64_t>(0, b.cols - 1);
    for (int64_t i = 0; i < b.count; ++i)
      fn(&n, &lo, &hi, out + i * b.rows * b.cols, &lda, x.Out<T>(1) + i * tau_step, work.data(), &lwork,
         x.Out<I>(2) + i);
    return Status::Ok();
  };
}

template <class T> Impl Sytrd(void* f, const Attrs& a) {
  using Fn = void(char*, I*, T*, I*, Real<T>*, Real<T>*, T*, T*, I*, I*, Len);
  return [fn = reinterpret_cast<Fn*>(f), a](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[0]);
    T* out = x.Out<T>(0);
    CopyInto(out, x.In<T>(0), Count(x.in_dims[0]));
    I n = static_cast<I>(b.cols), lda = std::max<I>(1, static_cast<I>(b.rows)), info = 0, q = -1;
    char uplo = a.uplo, query_uplo = 'L';
    T opt{};
    fn(&query_uplo, &n, nullptr, &lda, nullptr, nullptr, nullptr, &opt, &q, &info, 1);
    I lwork = WorkSize(opt);
    std::vector<T> work(static_cast<size_t>(lwork));
    int64_t tau_step = x.out_dims[3].empty() ? 0 : x.out_dims[3].back();
    int64_t e_step = std::max<int64_t>(0, b.cols - 1);
    for (int64_t i = 0; i < b.count; ++i)
      fn(&uplo, &n, out + i * b.rows * b.cols, &lda, x.Out<Real<T>>(1) + i * b.cols, x.Out<Real<T>>(2) + i * e_step,
         x.Out<T>(3) + i * tau_step, work.data(), &lwork, x.Out<I>(4) + i, 1);
    return Status::Ok();
  };
}

template <class T> Impl Gtsv(void* f, const Attrs&) {
  using Fn = void(I*, I*, T*, T*, T*, T*, I*, I*);
  return [fn = reinterpret_cast<Fn*>(f)](const Args& x) -> Status {
    Batch b = SplitBatch(x.in_dims[3]);
    for (size_t k = 0; k < 4; ++k) CopyInto(x.Out<T>(k), x.In<T>(k), Count(x.in_dims[k]));
    I n = static_cast<I>(b.rows), nrhs = static_cast<I>(b.cols), ldb = std::max<I>(1, n);
    for (int64_t i = 0; i < b.count; ++i) {
      T* dl = x.Out<T>(0) + i * b.rows;
      // jaxlib passes dl from its second element: dl[0] is padding in JAX's convention.
      fn(&n, &nrhs, n > 0 ? dl + 1 : dl, x.Out<T>(1) + i * b.rows, x.Out<T>(2) + i * b.rows,
         x.Out<T>(3) + i * b.rows * b.cols, &ldb, x.Out<I>(4) + i);
    }
    return Status::Ok();
  };
}

// ---------------------------------------------------------------- dispatch

using Factory = Impl (*)(void*, const Attrs&);

struct Routine {
  const char* name;  // routine without the type letter ("getrf")
  int operands, results_real, results_complex;
  Factory s, d, c, z;
};

#define JAXLIB_ROUTINE(n, i, r, c, F) \
  {n, i, r, c, &F<float>, &F<double>, &F<std::complex<float>>, &F<std::complex<double>>}
template <class T> Impl Gesdd(void* f, const Attrs& a) { return Svd<T, false>(f, a); }
template <class T> Impl Gesvd(void* f, const Attrs& a) { return Svd<T, true>(f, a); }

// name, operands, results (real types), results (complex types), implementation.
const Routine kRoutines[] = {
    JAXLIB_ROUTINE("trsm", 2, 1, 1, Trsm),   JAXLIB_ROUTINE("getrf", 1, 3, 3, Getrf),
    JAXLIB_ROUTINE("geqrf", 1, 2, 2, Geqrf), JAXLIB_ROUTINE("geqp3", 2, 3, 3, Geqp3),
    JAXLIB_ROUTINE("orgqr", 2, 1, 1, Orgqr), JAXLIB_ROUTINE("ungqr", 2, 1, 1, Orgqr),
    JAXLIB_ROUTINE("ormqr", 3, 1, 1, Ormqr), JAXLIB_ROUTINE("unmqr", 3, 1, 1, Ormqr),
    JAXLIB_ROUTINE("potrf", 1, 2, 2, Potrf), JAXLIB_ROUTINE("gesdd", 1, 5, 5, Gesdd),
    JAXLIB_ROUTINE("gesvd", 1, 5, 5, Gesvd), JAXLIB_ROUTINE("syevd", 1, 3, 3, Eigh),
    JAXLIB_ROUTINE("heevd", 1, 3, 3, Eigh),  JAXLIB_ROUTINE("geev", 1, 5, 4, Geev),
    JAXLIB_ROUTINE("gees", 1, 6, 5, Gees),   JAXLIB_ROUTINE("gehrd", 1, 3, 3, Gehrd),
    JAXLIB_ROUTINE("sytrd", 1, 5, 5, Sytrd), JAXLIB_ROUTINE("hetrd", 1, 5, 5, Sytrd),
    JAXLIB_ROUTINE("gtsv", 4, 5, 5, Gtsv),
};
#undef JAXLIB_ROUTINE

// A ui8 character code, a bool or an int from the backend_config dictionary.
bool ReadChar(const Attribute* cfg, const char* key, char* out) {
  const Attribute* a = cfg ? cfg->Get(key) : nullptr;
  if (!a) return false;
  if (a->kind == Attribute::Kind::kInt) *out = static_cast<char>(a->i);
  return true;
}

// Minor-to-major layout -> element strides of the logical dims; empty layout = row-major.
StatusOr<std::vector<int64_t>> LayoutStrides(const Type& t, const Attribute* layouts, size_t k, const Op& op) {
  std::vector<int64_t> strides(t.dims.size());
  std::vector<int64_t> m2m;
  if (layouts && layouts->kind == Attribute::Kind::kArray && k < layouts->array.size())
    layouts->array[k]->AsIntList(&m2m);
  if (m2m.empty()) {
    for (size_t d = 0; d < t.dims.size(); ++d) m2m.push_back(static_cast<int64_t>(t.dims.size() - 1 - d));
  }
  if (m2m.size() != t.dims.size())
    return InvalidArgument(compiler::OpDescription(op) + ": layout of rank " + std::to_string(m2m.size()) +
                           " for a value of type " + t.ToString());
  std::vector<bool> seen(t.dims.size(), false);
  int64_t s = 1;
  for (int64_t d : m2m) {
    if (d < 0 || d >= t.rank() || seen[static_cast<size_t>(d)])
      return InvalidArgument(compiler::OpDescription(op) + ": invalid layout for " + t.ToString());
    seen[static_cast<size_t>(d)] = true;
    strides[static_cast<size_t>(d)] = s;
    s *= t.dims[static_cast<size_t>(d)];
  }
  return strides;
}

struct Port {
  ValueId value;
  std::vector<int64_t> dims, logical_strides, physical_strides;
  size_t es;
  int64_t bytes;
  bool identity;  // physical layout == row-major: no copy needed
};

class LapackKernel final : public Kernel {
 public:
  LapackKernel(Impl impl, std::vector<Port> in, std::vector<Port> out)
      : impl_(std::move(impl)), in_(std::move(in)), out_(std::move(out)) {}

  Status Run(Frame& f, uint8_t*) const override {
    // Physical buffers of this run (kernels are shared by concurrently running devices).
    std::vector<std::vector<uint8_t>> storage;
    storage.reserve(in_.size() + out_.size());
    Args args;
    for (const Port& p : in_) {
      args.in_dims.push_back(p.dims);
      if (p.identity) {
        args.in.push_back(f.Get(p.value));
        continue;
      }
      storage.emplace_back(static_cast<size_t>(std::max<int64_t>(p.bytes, 1)));
      CopyStrided(storage.back().data(), p.physical_strides, f.Get(p.value), p.logical_strides, p.dims, p.es);
      args.in.push_back(storage.back().data());
    }
    for (const Port& p : out_) {
      args.out_dims.push_back(p.dims);
      if (p.identity) {
        args.out.push_back(f.Get(p.value));
        continue;
      }
      storage.emplace_back(static_cast<size_t>(std::max<int64_t>(p.bytes, 1)), 0);
      args.out.push_back(storage.back().data());
    }
    JAXLIB_RETURN_IF_ERROR(impl_(args));
    for (size_t k = 0; k < out_.size(); ++k) {
      const Port& p = out_[k];
      if (!p.identity) CopyStrided(f.Get(p.value), p.logical_strides, args.out[k], p.physical_strides, p.dims, p.es);
    }
    return Status::Ok();
  }

 private:
  Impl impl_;
  std::vector<Port> in_, out_;
};

}  // namespace

bool IsLapackTarget(std::string_view target) {
  return target.size() > 11 && target.substr(0, 7) == "lapack_" && target.substr(target.size() - 4) == "_ffi";
}

StatusOr<std::unique_ptr<Kernel>> MakeLapackKernel(KernelBuilder& b, const Op& op, const std::string& library_path) {
  std::string_view target = op.callee;
  std::string routine(target.substr(7, target.size() - 11));  // "sgetrf"
  char letter = routine.empty() ? '?' : routine[0];
  const Routine* found = nullptr;
  for (const Routine& r : kRoutines)
    if (routine.substr(1) == r.name) found = &r;
  Factory factory = nullptr;
  if (found) {
    switch (letter) {
      case 's': factory = found->s; break;
      case 'd': factory = found->d; break;
      case 'c': factory = found->c; break;
      case 'z': factory = found->z; break;
      default: break;
    }
  }
  if (!factory) return Unimplemented("custom_call target '" + op.callee + "' is not a LAPACK routine the CPU backend implements");
  bool complex = letter == 'c' || letter == 'z';
  int want_results = complex ? found->results_complex : found->results_real;
  if (static_cast<int>(op.operands.size()) != found->operands || static_cast<int>(op.results.size()) != want_results)
    return InvalidArgument(compiler::OpDescription(op) + ": expects " + std::to_string(found->operands) +
                           " operands and " + std::to_string(want_results) + " results, got " +
                           std::to_string(op.operands.size()) + " and " + std::to_string(op.results.size()));
  ElementType want_type = letter == 's' ? ElementType::kF32 : letter == 'd' ? ElementType::kF64
                          : letter == 'c' ? ElementType::kC64 : ElementType::kC128;
  if (!b.type(op.operands[0]).is_tensor() || b.type(op.operands[0]).element != want_type)
    return InvalidArgument(compiler::OpDescription(op) + ": operand 0 has type " + b.type(op.operands[0]).ToString() +
                           ", expected element type " + std::string(ElementTypeMlirName(want_type)));
  JAXLIB_ASSIGN_OR_RETURN(const LapackLibrary* lib, LapackLibrary::Get(library_path));
  // trsm is BLAS; everything else LAPACK proper. Both live in the same OpenBLAS.
  JAXLIB_ASSIGN_OR_RETURN(void* fn, lib->Find(routine));

  Attrs attrs;
  const Attribute* cfg = op.attr("mhlo.backend_config");
  if (cfg && cfg->kind != Attribute::Kind::kDict) cfg = nullptr;
  ReadChar(cfg, "side", &attrs.side);
  ReadChar(cfg, "uplo", &attrs.uplo);
  ReadChar(cfg, "trans_x", &attrs.trans);
  ReadChar(cfg, "diag", &attrs.diag);
  ReadChar(cfg, "mode", &attrs.mode);
  ReadChar(cfg, "compute_left", &attrs.compute_left);
  ReadChar(cfg, "compute_right", &attrs.compute_right);
  ReadChar(cfg, "sort", &attrs.sort);
  if (const Attribute* a = cfg ? cfg->Get("left") : nullptr) attrs.left = a->kind == Attribute::Kind::kBool ? a->b : a->i != 0;
  if (const Attribute* a = cfg ? cfg->Get("transpose") : nullptr)
    attrs.transpose = a->kind == Attribute::Kind::kBool ? a->b : a->i != 0;
  if (const Attribute* a = cfg ? cfg->Get("low") : nullptr) attrs.low = static_cast<I>(a->i);
  if (const Attribute* a = cfg ? cfg->Get("high") : nullptr) attrs.high = static_cast<I>(a->i);

  auto make_ports = [&](const std::vector<ValueId>& values, const Attribute* layouts,
                        std::vector<Port>* ports) -> Status {
    for (size_t k = 0; k < values.size(); ++k) {
      const Type& t = b.type(values[k]);
      if (!t.is_tensor()) return Unimplemented(compiler::OpDescription(op) + ": tuple or token operands");
      Port p;
      p.value = values[k];
      p.dims = t.dims;
      p.es = ElementTypeByteSize(t.element);
      p.bytes = t.byte_size();
      p.logical_strides = RowMajorStrides(t.dims);
      JAXLIB_ASSIGN_OR_RETURN(p.physical_strides, LayoutStrides(t, layouts, k, op));
      p.identity = true;
      for (size_t d = 0; d < t.dims.size(); ++d)
        if (t.dims[d] != 1 && p.physical_strides[d] != p.logical_strides[d]) p.identity = false;
      ports->push_back(std::move(p));
    }
    return Status::Ok();
  };
  std::vector<Port> in, out;
  JAXLIB_RETURN_IF_ERROR(make_ports(op.operands, op.attr("operand_layouts"), &in));
  JAXLIB_RETURN_IF_ERROR(make_ports(op.results, op.attr("result_layouts"), &out));
  if (in.empty() || out.empty() || in[0].dims.empty())
    return InvalidArgument(compiler::OpDescription(op) + ": unexpected operands for " + op.callee);
  // Every routine reads matrices as [..., rows, cols]; operands with fewer dims are rejected
  // here rather than read out of bounds.
  size_t min_rank = (routine.substr(1) == "gtsv") ? 1 : 2;
  if (in[0].dims.size() < min_rank)
    return InvalidArgument(compiler::OpDescription(op) + ": operand of rank " + std::to_string(in[0].dims.size()) +
                           " is not a (batch of) matrices");
  return std::unique_ptr<Kernel>(new LapackKernel(factory(fn, attrs), std::move(in), std::move(out)));
}

}  // namespace jaxlib::cpu
