// LowerNarrowTypes: programs over i4/ui4/i2/ui2 and the 8- and 4-bit floats become programs
// over types every executor implements. A narrow value is held as its bits, one per byte (u8,
// high bits zero: the host layout). Ops that only move or select elements work on those bytes
// unchanged; ops that compute decode their narrow operands to a compute type (s8/u8 for the
// integers, f32 for the floats), compute there, and encode narrow results back to bits, rounding
// to nearest even as a conversion to the type would. Decoding and encoding are elementwise
// integer arithmetic, so the fusion pass folds them into the loops around them.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>

#include "runtime/compiler/passes.h"
#include "runtime/compiler/verify.h"
#include "runtime/support/narrow_float.h"

namespace jaxlib::compiler {
namespace {

ElementType StorageOf(ElementType e) { return IsNarrow(e) ? ElementType::kU8 : e; }

// The type of the bytes that hold a value of type t (tuples element by element).
Type StorageType(const Type& t) {
  Type s = t;
  if (t.kind == Type::Kind::kTensor) s.element = StorageOf(t.element);
  for (Type& e : s.tuple) e = StorageType(e);
  return s;
}

bool HasNarrow(const Type& t) {
  if (t.kind == Type::Kind::kTensor) return IsNarrow(t.element);
  for (const Type& e : t.tuple)
    if (HasNarrow(e)) return true;
  return false;
}

// Where a narrow value is computed on.
ElementType ComputeOf(ElementType e) {
  if (IsNarrowFloat(e)) return ElementType::kF32;
  return e == ElementType::kS4 || e == ElementType::kS2 ? ElementType::kS8 : ElementType::kU8;
}

bool IsSignedNarrowInt(ElementType e) { return e == ElementType::kS4 || e == ElementType::kS2; }

// Ops that move, select or combine elements only through their regions: on bits they work
// unchanged, with region arguments and results retyped to bits.
bool MovesBitsOnly(OpKind k) {
  switch (k) {
    case OpKind::kBroadcastInDim:
    case OpKind::kBroadcast:
    case OpKind::kReshape:
    case OpKind::kTranspose:
    case OpKind::kSlice:
    case OpKind::kDynamicSlice:
    case OpKind::kDynamicUpdateSlice:
    case OpKind::kConcatenate:
    case OpKind::kPad:
    case OpKind::kReverse:
    case OpKind::kGather:
    case OpKind::kSelect:
    case OpKind::kWhile:
    case OpKind::kCase:
    case OpKind::kIf:
    case OpKind::kTuple:
    case OpKind::kGetTupleElement:
    case OpKind::kOptimizationBarrier:
    case OpKind::kAllGather:
    case OpKind::kAllToAll:
    case OpKind::kCollectivePermute:
    case OpKind::kCollectiveBroadcast:
    case OpKind::kGetDimensionSize:
    case OpKind::kIdentity:
    case OpKind::kReshard:
    case OpKind::kManualComputation:
      return true;
    default:
      return false;
  }
}

// Ops whose regions compute on elements (reducers, comparators, scatter and map bodies). As
// XLA's float normalization does, they run in the compute type: narrow operands are decoded,
// the region is retyped to compute types throughout, and narrow results are encoded once.
bool ComputesInRegions(OpKind k) {
  switch (k) {
    case OpKind::kReduce:
    case OpKind::kReduceWindow:
    case OpKind::kSelectAndScatter:
    case OpKind::kScatter:
    case OpKind::kSort:
    case OpKind::kMap:
    case OpKind::kAllReduce:
    case OpKind::kReduceScatter:
      return true;
    default:
      return false;
  }
}

// Operands of a bits-only op that are read as integer values (start and gather/scatter
// indices, case's branch index): a narrow integer there is decoded first.
std::vector<size_t> IndexOperands(const Op& op) {
  std::vector<size_t> out;
  const size_t n = op.operands.size();
  switch (op.kind) {
    case OpKind::kDynamicSlice:
      for (size_t k = 1; k < n; ++k) out.push_back(k);
      break;
    case OpKind::kDynamicUpdateSlice:
      for (size_t k = 2; k < n; ++k) out.push_back(k);
      break;
    case OpKind::kGather:
      if (n == 2) out.push_back(1);
      break;
    case OpKind::kCase:
      if (n >= 1) out.push_back(0);
      break;
    default:
      break;
  }
  return out;
}

class Lowering {
 public:
  explicit Lowering(Module* m) : m_(m) {}

  Status Run() {
    Function* entry = m_->functions.empty() ? nullptr : m_->functions.front().get();
    if (!entry) return Status::Ok();
    for (const auto& f : m_->functions) {
      JAXLIB_RETURN_IF_ERROR(LowerRegion(f->body.get(), f.get() == entry));
      for (Type& t : f->result_types) t = StorageType(t);
    }
    return Status::Ok();
  }

 private:
  // --- building ops into the region being rewritten ---------------------------------------

  ValueId Emit(OpKind kind, std::vector<ValueId> operands, Type result, std::vector<NamedAttr> attrs = {}) {
    return AppendOp(m_, out_, kind, std::move(operands), std::move(result), std::move(attrs), loc_);
  }

  // `v` becomes `target`, an existing value whose users stay as they are: the op that made v
  // (emitted last) is renamed, or v is copied into target when it was made earlier.
  void Finish(ValueId v, ValueId target) {
    if (out_->empty() || out_->back()->results.size() != 1 || out_->back()->results[0] != v) Emit(OpKind::kReshape, {v}, T(v));
    TakeOver(target);
  }

  // The last emitted op now defines `target`.
  void TakeOver(ValueId target) {
    Op& last = *out_->back();
    ValueInfo& info = m_->values[static_cast<size_t>(target)];
    info.type = m_->type(last.results[0]);
    info.def = &last;
    info.owner = nullptr;
    info.index = 0;
    last.results[0] = target;
  }

  // By value: emitting ops grows the module's value table, so references into it do not last.
  Type T(ValueId v) const { return m_->type(v); }
  static Type Like(const Type& t, ElementType e) { return Type::Tensor(e, t.dims); }

  ValueId Splat(std::vector<int64_t> dims, ElementType e, uint64_t bits) {
    auto d = std::make_shared<DenseData>();
    d->type = Type::Tensor(e, dims);
    d->splat = true;
    d->bytes.resize(ElementTypeByteSize(e));
    std::memcpy(d->bytes.data(), &bits, d->bytes.size());  // little-endian
    Type type = d->type;
    return Emit(OpKind::kConstant, {}, std::move(type), {{"value", MakeDenseAttr(std::move(d))}});
  }
  ValueId SplatF32(std::vector<int64_t> dims, float v) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return Splat(std::move(dims), ElementType::kF32, b);
  }
  // x OP constant, both of x's type.
  ValueId WithConst(OpKind k, ValueId x, uint64_t c) {
    return Emit(k, {x, Splat(T(x).dims, T(x).element, c)}, T(x));
  }
  ValueId Bin(OpKind k, ValueId a, ValueId b) { return Emit(k, {a, b}, T(a)); }
  ValueId Convert(ValueId x, ElementType e) {
    if (T(x).element == e) return x;
    return Emit(OpKind::kConvert, {x}, Like(T(x), e));
  }
  ValueId Bitcast(ValueId x, ElementType e) {
    if (T(x).element == e) return x;
    return Emit(OpKind::kBitcastConvert, {x}, Like(T(x), e));
  }
  ValueId Compare(ValueId a, const char* dir, ValueId b) {
    return Emit(OpKind::kCompare, {a, b}, Like(T(a), ElementType::kPred),
                {{"comparison_direction", MakeEnumAttr(dir)}});
  }
  ValueId CompareConst(ValueId a, const char* dir, uint64_t c) {
    return Compare(a, dir, Splat(T(a).dims, T(a).element, c));
  }
  ValueId Select(ValueId p, ValueId a, ValueId b) { return Emit(OpKind::kSelect, {p, a, b}, T(a)); }
  ValueId SelectConst(ValueId p, uint64_t a, ValueId b) { return Select(p, Splat(T(b).dims, T(b).element, a), b); }

  // --- decoding bits to the compute type --------------------------------------------------

  // `bits` (u8) of narrow type e as a value of ComputeOf(e).
  ValueId Decode(ValueId bits, ElementType e) {
    if (IsNarrowFloat(e)) return DecodeFloat(bits, *NarrowFloatFormatOf(e));
    if (!IsSignedNarrowInt(e)) return bits;
    const uint64_t shift = 8 - static_cast<uint64_t>(ElementTypeBitWidth(e));
    ValueId s = Bitcast(bits, ElementType::kS8);
    return WithConst(OpKind::kShiftRightArithmetic, WithConst(OpKind::kShiftLeft, s, shift), shift);
  }
  // The bits as a non-negative value of ComputeOf(e) (logical shifts and bit counts of signed
  // narrow integers).
  ValueId DecodeZeroExtended(ValueId bits, ElementType e) { return Bitcast(bits, ComputeOf(e)); }
  // The bits sign-extended as a value of ComputeOf(e) (arithmetic shifts of unsigned ones).
  ValueId DecodeSignExtended(ValueId bits, ElementType e) {
    return Bitcast(Decode(bits, e == ElementType::kU4 ? ElementType::kS4 : ElementType::kS2), ComputeOf(e));
  }

  ValueId DecodeFloat(ValueId bits, const NarrowFloatFormat& f) {
    using S = NarrowFloatFormat::Specials;
    const std::vector<int64_t> dims = T(bits).dims;
    const int M = f.mantissa_bits;
    ValueId u = Convert(bits, ElementType::kU32);
    ValueId a = WithConst(OpKind::kAnd, u, f.abs_mask());
    ValueId ef = WithConst(OpKind::kShiftRightLogical, a, static_cast<uint64_t>(M));
    ValueId mf = WithConst(OpKind::kAnd, a, (1u << M) - 1);
    // Normal numbers: rebias the exponent and widen the mantissa into f32's fields.
    ValueId normal = Bin(OpKind::kOr, WithConst(OpKind::kShiftLeft, WithConst(OpKind::kAdd, ef, static_cast<uint64_t>(127 - f.bias)), 23),
                         WithConst(OpKind::kShiftLeft, mf, static_cast<uint64_t>(23 - M)));
    ValueId ef_zero = CompareConst(ef, "EQ", 0);
    ValueId mag;
    if (f.specials == S::kE8M0) {
      mag = SelectConst(ef_zero, 0x00400000u, normal);  // code 0 is 2^-127, an f32 subnormal
    } else {
      // Subnormals: mantissa * 2^(emin - M), exact in f32.
      ValueId sub = Emit(OpKind::kMultiply, {Convert(mf, ElementType::kF32), SplatF32(dims, std::ldexp(1.0f, f.min_exponent() - M))},
                         Like(T(bits), ElementType::kF32));
      mag = Select(ef_zero, Bitcast(sub, ElementType::kU32), normal);
    }
    const uint64_t kInf = 0x7f800000u, kNan = 0x7fc00000u;
    switch (f.specials) {
      case S::kIeee: {
        ValueId top = CompareConst(ef, "EQ", (1u << f.exponent_bits) - 1);
        ValueId inf_or_nan = SelectConst(CompareConst(mf, "EQ", 0), kInf, Splat(dims, ElementType::kU32, kNan));
        mag = Select(top, inf_or_nan, mag);
        break;
      }
      case S::kFiniteNan: mag = SelectConst(CompareConst(a, "EQ", f.abs_mask()), kNan, mag); break;
      case S::kFnuz: mag = SelectConst(CompareConst(u, "EQ", f.sign_bit()), kNan, mag); break;
      case S::kE8M0: mag = SelectConst(CompareConst(u, "EQ", f.abs_mask()), kNan, mag); break;
      case S::kNone: break;
    }
    if (f.has_sign()) {
      ValueId sign = WithConst(OpKind::kShiftLeft, WithConst(OpKind::kShiftRightLogical, u, static_cast<uint64_t>(f.bits - 1)), 31);
      mag = Bin(OpKind::kOr, mag, sign);
    }
    return Bitcast(mag, ElementType::kF32);
  }

  // --- encoding to bits ---------------------------------------------------------------------

  // The bits (u8) of narrow type e for x, a value of any element type, converting as
  // stablehlo.convert does: floats round to nearest even; integers wrap; floats to integers
  // saturate (NaN to 0).
  ValueId Encode(ValueId x, ElementType e) {
    ElementType from = T(x).element;
    if (IsComplex(from)) {
      x = Emit(OpKind::kReal, {x}, Like(T(x), from == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64));
      from = T(x).element;
    }
    // Wider sources are rounded to f32 first, as ml_dtypes (JAX's reference) converts them.
    if (IsNarrowFloat(e)) return EncodeFloat(Convert(x, ElementType::kF32), *NarrowFloatFormatOf(e));
    const int bits = ElementTypeBitWidth(e);
    if (IsFloat(from)) {  // saturate into the narrow range
      const bool is_signed = IsSignedNarrowInt(e);
      const int64_t lo = is_signed ? -(int64_t{1} << (bits - 1)) : 0;
      const int64_t hi = is_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
      ValueId c = Convert(x, ElementType::kS32);
      c = Emit(OpKind::kClamp, {Splat({}, ElementType::kS32, static_cast<uint64_t>(lo)), c, Splat({}, ElementType::kS32, static_cast<uint64_t>(hi))}, T(c));
      x = c;
    }
    ValueId b = Bitcast(Convert(x, IsAnySignedInt(from) || IsFloat(from) ? ElementType::kS8 : ElementType::kU8), ElementType::kU8);
    return WithConst(OpKind::kAnd, b, (1u << bits) - 1);
  }

  // x (f32) to the code of format f, as EncodeNarrowFloat computes it: the mantissa (with its
  // implicit bit) shifted to the format's width at x's exponent or the smallest normal one,
  // rounded to nearest even; a carry into the exponent is the next binade's code.
  ValueId EncodeFloat(ValueId x, const NarrowFloatFormat& f) {
    using S = NarrowFloatFormat::Specials;
    const ElementType U = ElementType::kU32, I = ElementType::kS32;
    const int W = 32, P = 23, BF = 127;
    const int M = f.mantissa_bits;
    ValueId bits = Bitcast(x, U);
    ValueId sign = WithConst(OpKind::kShiftRightLogical, bits, static_cast<uint64_t>(W - 1));
    ValueId a = WithConst(OpKind::kAnd, bits, (uint64_t{1} << (W - 1)) - 1);
    ValueId exp_field = WithConst(OpKind::kShiftRightLogical, a, static_cast<uint64_t>(P));
    ValueId frac = WithConst(OpKind::kAnd, a, (uint64_t{1} << P) - 1);
    ValueId normal = CompareConst(exp_field, "NE", 0);
    ValueId mant = Select(normal, WithConst(OpKind::kOr, frac, uint64_t{1} << P), frac);
    // Unbiased exponent (subnormal inputs count as the smallest normal one), then clamped below
    // at the format's smallest normal exponent.
    ValueId e = WithConst(OpKind::kSubtract, Convert(Select(normal, exp_field, Splat(T(x).dims, U, 1)), I), static_cast<uint64_t>(BF));
    ValueId ec = WithConst(OpKind::kMaximum, e, static_cast<uint64_t>(static_cast<int64_t>(f.min_exponent())));
    // Shift right by P - M plus how far below ec the exponent is; past P + 2 everything rounds
    // to zero alike.
    ValueId shift = WithConst(OpKind::kAdd, Bin(OpKind::kSubtract, ec, e), static_cast<uint64_t>(P - M));
    shift = Convert(WithConst(OpKind::kMinimum, shift, static_cast<uint64_t>(P + 2)), U);
    ValueId one = Splat(T(x).dims, U, 1);
    ValueId q0 = Bin(OpKind::kShiftRightLogical, mant, shift);
    ValueId rem = Bin(OpKind::kAnd, mant, WithConst(OpKind::kSubtract, Bin(OpKind::kShiftLeft, one, shift), 1));
    ValueId half = Bin(OpKind::kShiftLeft, one, WithConst(OpKind::kSubtract, shift, 1));
    ValueId odd = CompareConst(WithConst(OpKind::kAnd, q0, 1), "NE", 0);
    ValueId up = Emit(OpKind::kOr, {Compare(rem, "GT", half), Emit(OpKind::kAnd, {Compare(rem, "EQ", half), odd}, T(odd))}, T(odd));
    ValueId q = Select(up, WithConst(OpKind::kAdd, q0, 1), q0);
    ValueId code = Bin(OpKind::kAdd, WithConst(OpKind::kShiftLeft, Convert(WithConst(OpKind::kSubtract, ec, static_cast<uint64_t>(static_cast<int64_t>(f.min_exponent()))), U), static_cast<uint64_t>(M)), q);
    ValueId over = CompareConst(code, "GT", f.max_finite_code());
    ValueId nan = CompareConst(a, "GT", 0x7f800000u);
    ValueId r;
    const uint64_t sign_shift = static_cast<uint64_t>(f.bits - 1);
    switch (f.specials) {
      case S::kIeee:
      case S::kFiniteNan:
      case S::kNone: {
        r = SelectConst(over, f.OverflowCode(0), code);
        r = Bin(OpKind::kOr, r, WithConst(OpKind::kShiftLeft, sign, sign_shift));
        // NaN codes: the sign bit and f's NaN pattern (f4E2M1FN: the opposite-signed zero).
        ValueId nan_code = f.specials == S::kNone
                               ? WithConst(OpKind::kShiftLeft, WithConst(OpKind::kXor, sign, 1), sign_shift)
                               : WithConst(OpKind::kOr, WithConst(OpKind::kShiftLeft, sign, sign_shift), f.NanCode(0));
        r = Select(nan, nan_code, r);
        break;
      }
      case S::kFnuz: {
        r = Bin(OpKind::kOr, code, WithConst(OpKind::kShiftLeft, sign, sign_shift));
        r = SelectConst(CompareConst(code, "EQ", 0), 0, r);  // no negative zero
        r = SelectConst(Emit(OpKind::kOr, {over, nan}, T(nan)), f.NanCode(0), r);
        break;
      }
      case S::kE8M0: {
        r = SelectConst(over, f.NanCode(0), code);
        ValueId bad = Emit(OpKind::kOr, {nan, Emit(OpKind::kOr, {CompareConst(sign, "NE", 0), CompareConst(a, "EQ", 0)}, T(nan))}, T(nan));
        r = SelectConst(bad, f.NanCode(0), r);
        break;
      }
    }
    return Convert(r, ElementType::kU8);
  }

  // --- the rewrite ----------------------------------------------------------------------------

  Status Unsupported(const Op& op, ElementType e) {
    return Unimplemented(OpDescription(op) + " on element type " + std::string(ElementTypeMlirName(e)) +
                         " is not supported");
  }

  // The narrow element type value v had before it was retyped (kInvalid if it was not narrow).
  ElementType NarrowOf(ValueId v) const {
    auto it = narrow_.find(v);
    return it == narrow_.end() ? ElementType::kInvalid : it->second;
  }
  void Retype(ValueId v) {
    Type& t = m_->values[static_cast<size_t>(v)].type;
    if (!HasNarrow(t)) return;
    if (t.is_tensor()) narrow_[v] = t.element;
    t = StorageType(t);
  }

  Status LowerRegion(Region* r, bool is_entry) {
    std::vector<std::unique_ptr<Op>> ops;
    std::vector<std::unique_ptr<Op>>* saved = out_;
    out_ = &ops;
    for (size_t k = 0; k < r->args.size(); ++k) {
      ValueId arg = r->args[k];
      Retype(arg);
      const ElementType e = NarrowOf(arg);
      if (is_entry && e != ElementType::kInvalid && ElementTypeBitWidth(e) < 8) {
        // Only the low bits of a host byte count: clear the rest once, on entry.
        ValueId raw = m_->NewValue(T(arg), nullptr, r, static_cast<int>(k));
        r->args[k] = raw;
        loc_ = r->loc;
        Finish(WithConst(OpKind::kAnd, raw, (1u << ElementTypeBitWidth(e)) - 1), arg);
      }
    }
    for (auto& op : r->ops) {
      loc_ = op->loc;
      for (auto& sub : op->regions) {
        if (!ComputesInRegions(op->kind)) {
          JAXLIB_RETURN_IF_ERROR(LowerRegion(sub.get(), false));
          continue;
        }
        // Narrow values the region captures from outside are bits there: decode them out here.
        std::vector<ValueId> captured;
        CapturedBits(*sub, &captured);
        for (ValueId v : captured) ReplaceUses(sub.get(), v, Decode(v, NarrowOf(v)));
        JAXLIB_RETURN_IF_ERROR(PromoteRegion(sub.get()));
      }
      loc_ = op->loc;
      JAXLIB_RETURN_IF_ERROR(LowerOp(std::move(op)));
    }
    r->ops = std::move(ops);
    out_ = saved;
    return Status::Ok();
  }

  bool Involves(const Op& op) const {
    for (ValueId v : op.operands)
      if (NarrowOf(v) != ElementType::kInvalid || HasNarrow(T(v))) return true;
    for (ValueId v : op.results)
      if (HasNarrow(T(v))) return true;
    return false;
  }

  Status LowerOp(std::unique_ptr<Op> op) {
    if (!Involves(*op)) {
      out_->push_back(std::move(op));
      return Status::Ok();
    }
    const OpKind k = op->kind;
    if (k == OpKind::kConstant) return LowerConstant(std::move(op));
    if (MovesBitsOnly(k)) {
      for (size_t i : IndexOperands(*op))
        if (ElementType e = NarrowOf(op->operands[i]); e != ElementType::kInvalid) op->operands[i] = Decode(op->operands[i], e);
      for (ValueId v : op->results) Retype(v);
      out_->push_back(std::move(op));
      return Status::Ok();
    }
    if (ComputesInRegions(k)) return LowerRegionCompute(std::move(op));
    if (k == OpKind::kConvert) return LowerConvert(std::move(op));
    if (k == OpKind::kBitcastConvert) return LowerBitcast(std::move(op));
    if (k == OpKind::kIota) return LowerIota(std::move(op));
    if (k == OpKind::kDotGeneral || k == OpKind::kDot || k == OpKind::kConvolution) return LowerContraction(std::move(op));
    if (k == OpKind::kTopK) return LowerTopK(std::move(op));
    const OpClass cls = GetOpClass(k);
    if (cls != OpClass::kOther && k != OpKind::kNextAfter) return LowerElementwise(std::move(op));
    ElementType e = ElementType::kInvalid;
    for (ValueId v : op->operands) e = e == ElementType::kInvalid ? NarrowOf(v) : e;
    for (ValueId v : op->results)
      if (e == ElementType::kInvalid && T(v).is_tensor()) e = T(v).element;
    return Unsupported(*op, e);
  }

  // A region of a ComputesInRegions op: every narrow value in it becomes its compute type.
  Status PromoteRegion(Region* r) {
    for (ValueId a : r->args) Promote(a);
    for (auto& op : r->ops) {
      for (auto& sub : op->regions) JAXLIB_RETURN_IF_ERROR(PromoteRegion(sub.get()));
      if (op->kind == OpKind::kBitcastConvert && Involves(*op))
        return Unsupported(*op, NarrowOf(op->operands[0]) != ElementType::kInvalid ? NarrowOf(op->operands[0]) : T(op->results[0]).element);
      if (op->kind == OpKind::kConstant && op->results.size() == 1 && IsNarrow(T(op->results[0]).element)) {
        const Attribute* value = op->attr("value");
        if (!value || value->kind != Attribute::Kind::kDense || !value->dense)
          return InvalidArgument(OpDescription(*op) + ": expected a dense value");
        op->SetAttr("value", MakeDenseAttr(Promoted(*value->dense)));
      }
      for (ValueId v : op->results) Promote(v);
    }
    return Status::Ok();
  }

  // Operands in r (recursively) that are narrow values held as bits, i.e. defined outside.
  void CapturedBits(const Region& r, std::vector<ValueId>* out) const {
    for (const auto& op : r.ops) {
      for (ValueId v : op->operands)
        if (NarrowOf(v) != ElementType::kInvalid && std::find(out->begin(), out->end(), v) == out->end()) out->push_back(v);
      for (const auto& sub : op->regions) CapturedBits(*sub, out);
    }
    for (ValueId v : r.results)
      if (NarrowOf(v) != ElementType::kInvalid && std::find(out->begin(), out->end(), v) == out->end()) out->push_back(v);
  }

  void Promote(ValueId v) {
    Type& t = m_->values[static_cast<size_t>(v)].type;
    if (t.is_tensor() && IsNarrow(t.element)) t.element = ComputeOf(t.element);
  }

  // Narrow constant data as its compute type.
  static std::shared_ptr<DenseData> Promoted(const DenseData& d) {
    auto out = std::make_shared<DenseData>();
    const ElementType e = ComputeOf(d.type.element);
    out->type = Type::Tensor(e, d.type.dims);
    out->splat = d.splat;
    const int64_t n = d.splat ? 1 : d.type.element_count();
    out->bytes.resize(static_cast<size_t>(n) * ElementTypeByteSize(e));
    for (int64_t i = 0; i < n; ++i) {
      if (e == ElementType::kF32) {
        float f = static_cast<float>(d.GetDouble(i));
        std::memcpy(out->bytes.data() + 4 * i, &f, 4);
      } else {
        out->bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(d.GetInt(i));
      }
    }
    return out;
  }

  Status LowerRegionCompute(std::unique_ptr<Op> op) {
    for (size_t i = 0; i < op->operands.size(); ++i) op->operands[i] = Operand(*op, i);
    struct Pending {
      ValueId computed, result;
      ElementType narrow;
    };
    std::vector<Pending> pending;
    for (size_t k = 0; k < op->results.size(); ++k) {
      ValueId result = op->results[k];
      const Type rt = T(result);
      if (!rt.is_tensor() || !IsNarrow(rt.element)) continue;
      ValueId computed = m_->NewValue(Like(rt, ComputeOf(rt.element)), op.get(), nullptr, static_cast<int>(k));
      op->results[k] = computed;
      pending.push_back({computed, result, rt.element});
    }
    out_->push_back(std::move(op));
    for (const Pending& p : pending) {
      Finish(Encode(p.computed, p.narrow), p.result);
      retyped(p.result, p.narrow);
    }
    return Status::Ok();
  }

  Status LowerConstant(std::unique_ptr<Op> op) {
    const Attribute* value = op->attr("value");
    ValueId result = op->results[0];
    const ElementType e = T(result).element;
    if (!value || value->kind != Attribute::Kind::kDense || !value->dense || !T(result).is_tensor())
      return InvalidArgument(OpDescription(*op) + ": expected a dense value");
    auto d = std::make_shared<DenseData>(*value->dense);
    d->type = StorageType(d->type);
    for (uint8_t& b : d->bytes) b &= static_cast<uint8_t>((1u << ElementTypeBitWidth(e)) - 1);
    op->SetAttr("value", MakeDenseAttr(std::move(d)));
    Retype(result);
    out_->push_back(std::move(op));
    return Status::Ok();
  }

  // Operand i decoded to its compute type (unchanged when it was not narrow).
  ValueId Operand(const Op& op, size_t i) {
    ValueId v = op.operands[i];
    ElementType e = NarrowOf(v);
    return e == ElementType::kInvalid ? v : Decode(v, e);
  }

  Status LowerElementwise(std::unique_ptr<Op> op) {
    const OpKind k = op->kind;
    ElementType narrow_in = ElementType::kInvalid;
    for (ValueId v : op->operands)
      if (NarrowOf(v) != ElementType::kInvalid) narrow_in = NarrowOf(v);
    for (size_t i = 0; i < op->operands.size(); ++i) {
      ValueId v = op->operands[i];
      ElementType e = NarrowOf(v);
      if (e == ElementType::kInvalid) continue;
      if (IsNarrowInt(e) && i == 0 && (k == OpKind::kShiftRightLogical || k == OpKind::kPopcnt || k == OpKind::kClz))
        op->operands[i] = IsSignedNarrowInt(e) ? DecodeZeroExtended(v, e) : v;
      else if (IsNarrowInt(e) && i == 0 && k == OpKind::kShiftRightArithmetic && !IsSignedNarrowInt(e))
        op->operands[i] = DecodeSignExtended(v, e);
      else
        op->operands[i] = Decode(v, e);
    }
    ValueId result = op->results[0];
    const Type rt = T(result);
    if (!IsNarrow(rt.element)) {
      out_->push_back(std::move(op));
      return Status::Ok();
    }
    // Compute into a fresh value, then encode into the original result.
    const ElementType narrow_out = rt.element;
    ValueId computed = m_->NewValue(Like(rt, ComputeOf(narrow_out)), op.get(), nullptr, 0);
    op->results[0] = computed;
    out_->push_back(std::move(op));
    if (k == OpKind::kClz && IsNarrowInt(narrow_in))  // counted in 8 bits
      computed = WithConst(OpKind::kSubtract, computed, static_cast<uint64_t>(8 - ElementTypeBitWidth(narrow_in)));
    Finish(Encode(computed, narrow_out), result);
    retyped(result, narrow_out);
    return Status::Ok();
  }

  void retyped(ValueId v, ElementType narrow) { narrow_[v] = narrow; }

  Status LowerConvert(std::unique_ptr<Op> op) {
    ValueId result = op->results[0];
    const ElementType to = T(result).element;
    ValueId x = Operand(*op, 0);
    if (!IsNarrow(to)) {
      Finish(Convert(x, to), result);
      return Status::Ok();
    }
    Finish(Encode(x, to), result);
    retyped(result, to);
    return Status::Ok();
  }

  Status LowerBitcast(std::unique_ptr<Op> op) {
    ValueId x = op->operands[0];
    ValueId result = op->results[0];
    const ElementType from = NarrowOf(x) != ElementType::kInvalid ? NarrowOf(x) : T(x).element;
    const ElementType to = T(result).element;
    auto width = [](ElementType e) { return e == ElementType::kPred ? 8 : ElementTypeBitWidth(e); };
    const int xb = width(from), rb = width(to);
    if (xb >= 8 && rb >= 8) {  // byte-sized on both sides: the u8 storage bitcasts as is
      Retype(result);
      out_->push_back(std::move(op));
      return Status::Ok();
    }
    const std::vector<int64_t> xdims = T(x).dims, rdims = T(result).dims;
    auto unsigned_of = [](int w) {
      return w <= 8 ? ElementType::kU8 : w == 16 ? ElementType::kU16 : w == 32 ? ElementType::kU32 : ElementType::kU64;
    };
    ValueId out = x;  // xb == rb: the same bits
    if (xb < rb) {
      // Narrow elements pack into one wider value along the last dimension, element 0 lowest.
      const ElementType UW = unsigned_of(rb);
      const int64_t last = static_cast<int64_t>(xdims.size()) - 1;
      ValueId w = Convert(x, UW);
      ValueId pos = Emit(OpKind::kIota, {}, Like(T(w), UW), {{"iota_dimension", MakeIntAttr(last)}});
      ValueId shifted = Bin(OpKind::kShiftLeft, w, WithConst(OpKind::kMultiply, pos, static_cast<uint64_t>(xb)));
      ValueId packed = OrAcrossLast(shifted);
      out = IsNarrow(to) ? Convert(packed, ElementType::kU8) : Bitcast(packed, to);
    } else if (xb > rb) {
      // One wider value unpacks into narrow elements along a new last dimension.
      const ElementType UW = unsigned_of(xb);
      ValueId w = Bitcast(x, UW);
      std::vector<int64_t> bdims(xdims.size());
      for (size_t i = 0; i < xdims.size(); ++i) bdims[i] = static_cast<int64_t>(i);
      ValueId b = Emit(OpKind::kBroadcastInDim, {w}, Type::Tensor(UW, rdims), {{"broadcast_dimensions", MakeIntListAttr(bdims)}});
      ValueId pos = Emit(OpKind::kIota, {}, T(b), {{"iota_dimension", MakeIntAttr(static_cast<int64_t>(rdims.size()) - 1)}});
      ValueId parts = Bin(OpKind::kShiftRightLogical, b, WithConst(OpKind::kMultiply, pos, static_cast<uint64_t>(rb)));
      out = Convert(WithConst(OpKind::kAnd, parts, (uint64_t{1} << rb) - 1), ElementType::kU8);
    }
    Finish(out, result);
    if (IsNarrow(to)) retyped(result, to);
    return Status::Ok();
  }

  // x reduced with `or` over its last dimension.
  ValueId OrAcrossLast(ValueId x) {
    const Type t = T(x);
    std::vector<int64_t> dims(t.dims.begin(), t.dims.end() - 1);
    auto region = std::make_unique<Region>();
    const Type scalar = Type::Scalar(t.element);
    ValueId a = m_->NewValue(scalar, nullptr, region.get(), 0), b = m_->NewValue(scalar, nullptr, region.get(), 1);
    region->args = {a, b};
    auto body = std::make_unique<Op>();
    body->kind = OpKind::kOr;
    body->operands = {a, b};
    body->loc = loc_;
    ValueId sum = m_->NewValue(scalar, body.get(), nullptr, 0);
    body->results.push_back(sum);
    region->ops.push_back(std::move(body));
    region->results = {sum};
    ValueId init = Splat({}, t.element, 0);
    ValueId out = Emit(OpKind::kReduce, {x, init}, Type::Tensor(t.element, dims),
                       {{"dimensions", MakeIntListAttr({t.rank() - 1})}});
    out_->back()->regions.push_back(std::move(region));
    return out;
  }

  Status LowerIota(std::unique_ptr<Op> op) {
    ValueId result = op->results[0];
    const ElementType e = T(result).element;
    ValueId counted = m_->NewValue(Like(T(result), ComputeOf(e)), op.get(), nullptr, 0);
    op->results[0] = counted;
    out_->push_back(std::move(op));
    Finish(Encode(counted, e), result);
    retyped(result, e);
    return Status::Ok();
  }

  // dot_general / dot / convolution: narrow operands are decoded and converted to the type the
  // products accumulate in (the result's, or for a narrow result f32 / s32 / u32); a narrow
  // result is encoded from that accumulation.
  Status LowerContraction(std::unique_ptr<Op> op) {
    ValueId result = op->results[0];
    const ElementType re = T(result).element;
    ElementType acc = re;
    if (IsNarrowFloat(re)) acc = ElementType::kF32;
    else if (IsNarrowInt(re)) acc = IsSignedNarrowInt(re) ? ElementType::kS32 : ElementType::kU32;
    for (size_t i = 0; i < op->operands.size() && i < 2; ++i)
      if (NarrowOf(op->operands[i]) != ElementType::kInvalid) op->operands[i] = Convert(Operand(*op, i), acc);
    if (!IsNarrow(re)) {
      out_->push_back(std::move(op));
      return Status::Ok();
    }
    ValueId computed = m_->NewValue(Like(T(result), acc), op.get(), nullptr, 0);
    op->results[0] = computed;
    out_->push_back(std::move(op));
    Finish(Encode(computed, re), result);
    retyped(result, re);
    return Status::Ok();
  }

  Status LowerTopK(std::unique_ptr<Op> op) {
    if (op->results.size() != 2) return InvalidArgument(OpDescription(*op) + ": expected values and indices");
    ValueId values = op->results[0];
    const ElementType e = NarrowOf(op->operands[0]);
    if (e == ElementType::kInvalid) return Unsupported(*op, T(values).element);
    op->operands[0] = Operand(*op, 0);
    ValueId computed = m_->NewValue(Like(T(values), ComputeOf(e)), op.get(), nullptr, 0);
    op->results[0] = computed;
    out_->push_back(std::move(op));
    Finish(Encode(computed, e), values);
    retyped(values, e);
    return Status::Ok();
  }

  Module* m_;
  std::vector<std::unique_ptr<Op>>* out_ = nullptr;
  Location loc_;
  std::unordered_map<ValueId, ElementType> narrow_;  // values retyped to bits: their narrow type
};

}  // namespace

Status LowerNarrowTypes(Module* module) {
  bool any = false;
  for (const ValueInfo& v : module->values) any = any || HasNarrow(v.type);
  if (!any) return Status::Ok();
  JAXLIB_RETURN_IF_ERROR(Lowering(module).Run());
  // The rewrite must leave a program the verifier accepts; if not, that is our bug, reported
  // as such rather than left for an executor to trip over.
  Status verified = VerifyModule(*module);
  if (!verified.ok()) return Internal("lowering narrow element types produced an invalid program: " + verified.message());
  return Status::Ok();
}

}  // namespace jaxlib::compiler
