// SplitComplexArithmetic: complex elementwise arithmetic whose values are built from real parts
// (stablehlo.complex, splat constants) is rewritten as the same arithmetic on (real, imaginary)
// pairs of f32/f64 values, so the fusion pass and the vectorised loops see only real ops (the
// magnitude of any large complex array too, from its real and imaginary parts). The
// pair ops compute exactly what the complex kernels compute (scalar_math.h: XLA's naive multiply
// and overflow-safe magnitude), bit for bit, except e^z: XLA's e^a (cos b, sin b) on the real
// exp, cos and sin, within a few ulp of the complex kernel's libm cexp. Complex values the program still needs keep their
// original ops; dead-code elimination drops whichever form nothing reads.
#include <cmath>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

struct Parts {
  ValueId re = -1, im = -1;
};

// |z| of a complex array computed elsewhere is split from this many elements on (smaller ones
// keep the scalar kernel: reading the parts out costs more than it saves).
constexpr int64_t kMinSplitAbsElements = 1024;

class ComplexSplitter {
 public:
  explicit ComplexSplitter(Module* m) : m_(m) {}

  void Run(Region* r) {
    for (auto& op : r->ops)
      for (auto& sub : op->regions) Run(sub.get());
    std::vector<std::unique_ptr<Op>> old = std::move(r->ops);
    r->ops.clear();
    out_ = &r->ops;
    parts_.clear();
    std::vector<std::pair<ValueId, ValueId>> replaced;
    for (auto& op : old) {
      loc_ = op->loc;
      Op& o = *op;
      ValueId replacement = -1;
      if (o.results.size() == 1 && m_->type(o.results[0]).is_tensor()) Rewrite(o, &replacement);
      r->ops.push_back(std::move(op));
      if (replacement >= 0) replaced.emplace_back(r->ops.back()->results[0], replacement);
    }
    // real/imag/abs of a split value now read the parts; the original op becomes dead.
    for (const auto& [from, to] : replaced) ReplaceUses(r, from, to);
  }

 private:
  const Type& T(ValueId v) const { return m_->type(v); }

  ValueId Emit(OpKind kind, std::vector<ValueId> operands, Type result, std::vector<NamedAttr> attrs = {}) {
    return AppendOp(m_, out_, kind, std::move(operands), std::move(result), std::move(attrs), loc_);
  }
  ValueId Bin(OpKind k, ValueId a, ValueId b) { return Emit(k, {a, b}, T(a)); }
  ValueId SplatReal(const Type& like, double v) {
    auto d = std::make_shared<DenseData>();
    d->type = like;
    d->splat = true;
    if (like.element == ElementType::kF32) {
      float f = static_cast<float>(v);
      d->bytes.resize(4);
      std::memcpy(d->bytes.data(), &f, 4);
    } else {
      d->bytes.resize(8);
      std::memcpy(d->bytes.data(), &v, 8);
    }
    Type t = like;
    return Emit(OpKind::kConstant, {}, std::move(t), {{"value", MakeDenseAttr(std::move(d))}});
  }

  const Parts* PartsOf(ValueId v) const {
    auto it = parts_.find(v);
    return it == parts_.end() ? nullptr : &it->second;
  }

  // Records parts for a complex result, or sets *replacement for a real one read from parts.
  void Rewrite(const Op& o, ValueId* replacement) {
    const Type rt = T(o.results[0]);  // a copy: emitting ops grows the value table
    const ValueId res = o.results[0];
    switch (o.kind) {
      case OpKind::kComplex:
        parts_[res] = Parts{o.operands[0], o.operands[1]};
        return;
      case OpKind::kConstant:
        if (IsComplex(rt.element)) SplitConstant(o, rt);
        return;
      case OpKind::kReal:
      case OpKind::kImag:
        if (const Parts* p = PartsOf(o.operands[0])) *replacement = o.kind == OpKind::kReal ? p->re : p->im;
        return;
      case OpKind::kAbs:
        if (const Parts* p = PartsOf(o.operands[0])) {
          *replacement = Magnitude(p->re, p->im);
        } else if (IsComplex(T(o.operands[0]).element) && T(o.operands[0]).element_count() >= kMinSplitAbsElements) {
          // Any other complex array (an FFT's output): its parts read out, then the same
          // magnitude on real lanes instead of one scalar magnitude per element.
          const ValueId z = o.operands[0];
          const ValueId re = Emit(OpKind::kReal, {z}, rt), im = Emit(OpKind::kImag, {z}, rt);
          *replacement = Magnitude(re, im);
        }
        return;
      case OpKind::kConvert: {
        const ValueId x = o.operands[0];
        const ElementType from = T(x).element;
        if (IsComplex(rt.element) && (from == ElementType::kF32 || from == ElementType::kF64)) {
          // A real array as complex: itself (at the parts' precision), imaginary zeros.
          Type part = Type::Tensor(rt.element == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64, rt.dims);
          const ValueId re = from == part.element ? x : Emit(OpKind::kConvert, {x}, part);
          parts_[res] = Parts{re, SplatReal(part, 0.0)};
        } else if (const Parts* p = PartsOf(x); p && IsComplex(rt.element)) {
          Type part = Type::Tensor(rt.element == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64, rt.dims);
          const Parts z = *p;
          parts_[res] = T(z.re).element == part.element
                            ? z
                            : Parts{Emit(OpKind::kConvert, {z.re}, part), Emit(OpKind::kConvert, {z.im}, part)};
        }
        return;
      }
      case OpKind::kExp:
        if (const Parts* p = PartsOf(o.operands[0])) {
          // e^(a + bi) = e^a cos b + i e^a sin b, as XLA expands it; the imaginary part stays b
          // itself where b is zero (e^a may be infinite, and inf * 0 is NaN).
          const Parts z = *p;
          const Type t = T(z.re);
          const ValueId ea = Emit(OpKind::kExp, {z.re}, t);
          const ValueId re = Bin(OpKind::kMultiply, ea, Emit(OpKind::kCosine, {z.im}, t));
          const ValueId im = Bin(OpKind::kMultiply, ea, Emit(OpKind::kSine, {z.im}, t));
          Type pred = t;
          pred.element = ElementType::kPred;
          const ValueId zero = Emit(OpKind::kCompare, {z.im, SplatReal(t, 0.0)}, pred,
                                    {{"comparison_direction", MakeEnumAttr("EQ")}});
          parts_[res] = Parts{re, Emit(OpKind::kSelect, {zero, z.im, im}, t)};
        }
        return;
      case OpKind::kNegate:
        if (const Parts* p = PartsOf(o.operands[0])) {
          Parts x = *p;
          parts_[res] = Parts{Emit(OpKind::kNegate, {x.re}, T(x.re)), Emit(OpKind::kNegate, {x.im}, T(x.im))};
        }
        return;
      case OpKind::kAdd:
      case OpKind::kSubtract:
      case OpKind::kMultiply: {
        if (!IsComplex(rt.element)) return;
        const Parts* px = PartsOf(o.operands[0]);
        const Parts* py = PartsOf(o.operands[1]);
        if (!px || !py) return;
        const Parts x = *px, y = *py;
        if (o.kind != OpKind::kMultiply) {
          parts_[res] = Parts{Bin(o.kind, x.re, y.re), Bin(o.kind, x.im, y.im)};
          return;
        }
        // XlaComplexMul: (a*c - b*d, a*d + b*c), each product rounded.
        ValueId re = Bin(OpKind::kSubtract, Bin(OpKind::kMultiply, x.re, y.re), Bin(OpKind::kMultiply, x.im, y.im));
        ValueId im = Bin(OpKind::kAdd, Bin(OpKind::kMultiply, x.re, y.im), Bin(OpKind::kMultiply, x.im, y.re));
        parts_[res] = Parts{re, im};
        return;
      }
      default:
        return;
    }
  }

  void SplitConstant(const Op& o, const Type& rt) {
    const Attribute* a = o.attr("value");
    if (!a || !a->dense || !a->dense->splat) return;
    const bool c64 = rt.element == ElementType::kC64;
    double re = 0, im = 0;
    if (c64) {
      float f[2];
      if (a->dense->bytes.size() < sizeof(f)) return;
      std::memcpy(f, a->dense->bytes.data(), sizeof(f));
      re = f[0], im = f[1];
    } else {
      double d[2];
      if (a->dense->bytes.size() < sizeof(d)) return;
      std::memcpy(d, a->dense->bytes.data(), sizeof(d));
      re = d[0], im = d[1];
    }
    Type part = Type::Tensor(c64 ? ElementType::kF32 : ElementType::kF64, rt.dims);
    parts_[o.results[0]] = Parts{SplatReal(part, re), SplatReal(part, im)};
  }

  // XlaComplexAbs on parts: mx = max(|a|, |b|), mn = min(|a|, |b|); mx * sqrt(2) when mn == mx
  // (which covers mx == 0), else mx * sqrt(1 + (mn/mx)^2). NaN parts fail the equality and
  // propagate through max/min and the division.
  ValueId Magnitude(ValueId re, ValueId im) {
    const Type t = T(re);  // a copy: emitting ops grows the value table
    const bool f32 = t.element == ElementType::kF32;
    ValueId a = Emit(OpKind::kAbs, {re}, t), b = Emit(OpKind::kAbs, {im}, t);
    ValueId mx = Bin(OpKind::kMaximum, a, b), mn = Bin(OpKind::kMinimum, a, b);
    ValueId r = Bin(OpKind::kDivide, mn, mx);
    ValueId one_plus = Bin(OpKind::kAdd, SplatReal(t, 1.0), Bin(OpKind::kMultiply, r, r));
    ValueId general = Bin(OpKind::kMultiply, mx, Emit(OpKind::kSqrt, {one_plus}, t));
    const double sqrt2 = f32 ? static_cast<double>(std::sqrt(2.0f)) : std::sqrt(2.0);
    ValueId equal = Bin(OpKind::kMultiply, mx, SplatReal(t, sqrt2));
    Type pred = t;
    pred.element = ElementType::kPred;
    ValueId same = Emit(OpKind::kCompare, {mn, mx}, pred, {{"comparison_direction", MakeEnumAttr("EQ")}});
    return Emit(OpKind::kSelect, {same, equal, general}, t);
  }

  Module* m_;
  std::vector<std::unique_ptr<Op>>* out_ = nullptr;
  Location loc_;
  std::unordered_map<ValueId, Parts> parts_;
};

}  // namespace

void SplitComplexArithmetic(Module* module) {
  ComplexSplitter(module).Run(module->functions.front()->body.get());
}

}  // namespace jaxlib::compiler
