// stablehlo.cholesky and stablehlo.triangular_solve as plain loops over each matrix of the
// batch (JAX lowers linear algebra to LAPACK custom calls on CPU, so these serve hand-written
// and other frontends' programs). Only the triangle the op names is read; cholesky zeroes the
// other triangle; a matrix that is not positive definite yields NaNs, as the spec allows.
#include <cmath>
#include <complex>
#include <vector>

#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

template <class C> C Conj(C v) {
  if constexpr (kIsComplex<C>) return std::conj(v);
  else return v;
}

template <class T>
void CholeskyBatch(const T* a, T* out, int64_t batch, int64_t n, bool lower) {
  using C = Compute<T>;
  std::vector<C> L(static_cast<size_t>(n * n));
  for (int64_t b = 0; b < batch; ++b) {
    const T* A = a + b * n * n;
    std::fill(L.begin(), L.end(), C(0));
    // Reads the named triangle only: element (i, j), i >= j, of the Hermitian matrix.
    auto at = [&](int64_t i, int64_t j) -> C { return lower ? Up(A[i * n + j]) : Conj(Up(A[j * n + i])); };
    for (int64_t j = 0; j < n; ++j) {
      C d = at(j, j);
      for (int64_t k = 0; k < j; ++k) d -= L[static_cast<size_t>(j * n + k)] * Conj(L[static_cast<size_t>(j * n + k)]);
      double dr;
      if constexpr (kIsComplex<C>) dr = static_cast<double>(d.real());
      else dr = static_cast<double>(d);
      C ljj = C(static_cast<decltype(std::abs(d))>(dr > 0 ? std::sqrt(dr) : NAN));
      L[static_cast<size_t>(j * n + j)] = ljj;
      for (int64_t i = j + 1; i < n; ++i) {
        C s = at(i, j);
        for (int64_t k = 0; k < j; ++k) s -= L[static_cast<size_t>(i * n + k)] * Conj(L[static_cast<size_t>(j * n + k)]);
        L[static_cast<size_t>(i * n + j)] = s / ljj;
      }
    }
    T* O = out + b * n * n;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        O[i * n + j] = Down<T>(lower ? L[static_cast<size_t>(i * n + j)] : Conj(L[static_cast<size_t>(j * n + i)]));
  }
}

// op(A) X = B (left) or X op(A) = B (right); A [k,k], B/X [m,n] per batch.
template <class T>
void TriangularSolveBatch(const T* a, const T* bv, T* out, int64_t batch, int64_t m, int64_t n, bool left,
                          bool lower, bool unit, int trans /*0 none, 1 transpose, 2 adjoint*/) {
  using C = Compute<T>;
  const int64_t k = left ? m : n;
  std::vector<C> M(static_cast<size_t>(k * k)), X(static_cast<size_t>(m * n));
  const bool m_lower = lower != (trans != 0);
  for (int64_t b = 0; b < batch; ++b) {
    const T* A = a + b * k * k;
    for (int64_t i = 0; i < k; ++i)
      for (int64_t j = 0; j < k; ++j) {
        int64_t si = trans ? j : i, sj = trans ? i : j;  // element of A behind M[i][j]
        bool in_tri = lower ? si >= sj : si <= sj;
        C v = in_tri ? Up(A[si * k + sj]) : C(0);
        if (trans == 2) v = Conj(v);
        if (unit && i == j) v = C(1);
        M[static_cast<size_t>(i * k + j)] = v;
      }
    for (int64_t i = 0; i < m * n; ++i) X[static_cast<size_t>(i)] = Up(bv[b * m * n + i]);
    auto mm = [&](int64_t i, int64_t j) { return M[static_cast<size_t>(i * k + j)]; };
    if (left) {
      for (int64_t s = 0; s < m; ++s) {
        int64_t i = m_lower ? s : m - 1 - s;
        for (int64_t c = 0; c < n; ++c) {
          C acc = X[static_cast<size_t>(i * n + c)];
          if (m_lower) {
            for (int64_t q = 0; q < i; ++q) acc -= mm(i, q) * X[static_cast<size_t>(q * n + c)];
          } else {
            for (int64_t q = i + 1; q < m; ++q) acc -= mm(i, q) * X[static_cast<size_t>(q * n + c)];
          }
          X[static_cast<size_t>(i * n + c)] = unit ? acc : acc / mm(i, i);
        }
      }
    } else {
      for (int64_t r = 0; r < m; ++r) {
        for (int64_t s = 0; s < n; ++s) {
          int64_t j = m_lower ? n - 1 - s : s;
          C acc = X[static_cast<size_t>(r * n + j)];
          if (m_lower) {
            for (int64_t q = j + 1; q < n; ++q) acc -= X[static_cast<size_t>(r * n + q)] * mm(q, j);
          } else {
            for (int64_t q = 0; q < j; ++q) acc -= X[static_cast<size_t>(r * n + q)] * mm(q, j);
          }
          X[static_cast<size_t>(r * n + j)] = unit ? acc : acc / mm(j, j);
        }
      }
    }
    for (int64_t i = 0; i < m * n; ++i) out[b * m * n + i] = Down<T>(X[static_cast<size_t>(i)]);
  }
}

class LinalgKernel final : public Kernel {
 public:
  using Fn = void (*)(const LinalgKernel&, Frame&);
  LinalgKernel(const Op& op, Fn fn, int64_t batch, int64_t m, int64_t n, bool left, bool lower, bool unit, int trans)
      : op_(op), fn_(fn), batch_(batch), m_(m), n_(n), left_(left), lower_(lower), unit_(unit), trans_(trans) {}
  Status Run(Frame& f, uint8_t*) const override {
    fn_(*this, f);
    return Status::Ok();
  }
  template <class T> static void Chol(const LinalgKernel& k, Frame& f) {
    CholeskyBatch<T>(static_cast<const T*>(f.Get(k.op_.operands[0])), static_cast<T*>(f.Get(k.op_.results[0])),
                     k.batch_, k.n_, k.lower_);
  }
  template <class T> static void Solve(const LinalgKernel& k, Frame& f) {
    TriangularSolveBatch<T>(static_cast<const T*>(f.Get(k.op_.operands[0])), static_cast<const T*>(f.Get(k.op_.operands[1])),
                            static_cast<T*>(f.Get(k.op_.results[0])), k.batch_, k.m_, k.n_, k.left_, k.lower_, k.unit_,
                            k.trans_);
  }

 private:
  const Op& op_;
  Fn fn_;
  int64_t batch_, m_, n_;
  bool left_, lower_, unit_;
  int trans_;
};

template <template <class> class Pick>
LinalgKernel::Fn ByType(ElementType t) {
  switch (t) {
    case ElementType::kF16: return Pick<f16>::fn;
    case ElementType::kBF16: return Pick<bf16>::fn;
    case ElementType::kF32: return Pick<float>::fn;
    case ElementType::kF64: return Pick<double>::fn;
    case ElementType::kC64: return Pick<c64>::fn;
    case ElementType::kC128: return Pick<c128>::fn;
    default: return nullptr;
  }
}
template <class T> struct PickChol { static constexpr LinalgKernel::Fn fn = &LinalgKernel::Chol<T>; };
template <class T> struct PickSolve { static constexpr LinalgKernel::Fn fn = &LinalgKernel::Solve<T>; };

}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeLinalgKernel(KernelBuilder& b, const Op& op) {
  const std::string where = compiler::OpDescription(op);
  if (op.operands.empty() || op.results.size() != 1) return InvalidArgument(where + ": unexpected operands/results");
  const Type& a = b.type(op.operands[0]);
  if (!a.is_tensor() || a.rank() < 2 || a.dims[a.dims.size() - 1] != a.dims[a.dims.size() - 2])
    return InvalidArgument(where + ": operand a must be a (batch of) square matrices, got " + a.ToString());
  int64_t k = a.dims.back();
  int64_t batch = k == 0 ? 0 : a.element_count() / (k * k);
  bool lower = op.BoolAttr("lower", false);
  if (op.kind == OpKind::kCholesky) {
    if (op.operands.size() != 1 || b.type(op.results[0]) != a)
      return InvalidArgument(where + ": result type must equal the operand type " + a.ToString());
    LinalgKernel::Fn fn = ByType<PickChol>(a.element);
    if (!fn) return InvalidArgument(where + ": element type " + std::string(ElementTypeMlirName(a.element)) + " is not a float type");
    return std::unique_ptr<Kernel>(new LinalgKernel(op, fn, batch, k, k, true, lower, false, 0));
  }
  if (op.operands.size() != 2) return InvalidArgument(where + ": expects operands a and b");
  const Type& bt = b.type(op.operands[1]);
  bool left = op.BoolAttr("left_side", false);
  bool unit = op.BoolAttr("unit_diagonal", false);
  std::string t = op.EnumAttr("transpose_a");
  int trans = t == "TRANSPOSE" ? 1 : t == "ADJOINT" ? 2 : 0;
  if (!t.empty() && t != "NO_TRANSPOSE" && trans == 0) return InvalidArgument(where + ": unknown transpose_a " + t);
  if (!bt.is_tensor() || bt.rank() != a.rank() || bt.element != a.element || b.type(op.results[0]) != bt)
    return InvalidArgument(where + ": b and the result must have a's rank and element type, got " + bt.ToString());
  int64_t m = bt.dims[bt.dims.size() - 2], n = bt.dims.back();
  if ((left ? m : n) != k)
    return InvalidArgument(where + ": a is " + a.ToString() + " but b is " + bt.ToString() +
                           (left ? " (left_side: rows of b must match)" : " (right side: columns of b must match)"));
  for (size_t d = 0; d + 2 < a.dims.size(); ++d)
    if (a.dims[d] != bt.dims[d]) return InvalidArgument(where + ": batch dimensions of a and b differ");
  LinalgKernel::Fn fn = ByType<PickSolve>(a.element);
  if (!fn) return InvalidArgument(where + ": element type " + std::string(ElementTypeMlirName(a.element)) + " is not a float type");
  return std::unique_ptr<Kernel>(new LinalgKernel(op, fn, batch, m, n, left, lower, unit, trans));
}

}  // namespace jaxlib::cpu
