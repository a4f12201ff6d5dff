// Dead-code elimination, common-subexpression elimination, simple constant folding and a little
// i1 algebra.
// Folding stays small on purpose: it must never be slower than running the op.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <functional>
#include <optional>
#include <unordered_map>

#include "runtime/compiler/half_float.h"
#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

bool HasSideEffects(const Op& op) {
  switch (op.kind) {
    case OpKind::kCustomCall:
      return op.BoolAttr("has_side_effect", false);
    case OpKind::kAllReduce:
    case OpKind::kAllGather:
    case OpKind::kReduceScatter:
    case OpKind::kAllToAll:
    case OpKind::kCollectivePermute:
    case OpKind::kCollectiveBroadcast:
    case OpKind::kAfterAll:
      return true;  // collectives synchronise devices: every device must run them
    default:
      return false;
  }
}

void CountUses(const Region& r, std::vector<int32_t>* uses) {
  for (const auto& op : r.ops) {
    for (ValueId v : op->operands) ++(*uses)[static_cast<size_t>(v)];
    for (const auto& sub : op->regions) CountUses(*sub, uses);
  }
  for (ValueId v : r.results) ++(*uses)[static_cast<size_t>(v)];
}

void Unuse(const Op& op, std::vector<int32_t>* uses) {
  for (ValueId v : op.operands) --(*uses)[static_cast<size_t>(v)];
  for (const auto& sub : op.regions) {
    for (const auto& inner : sub->ops) Unuse(*inner, uses);
    for (ValueId v : sub->results) --(*uses)[static_cast<size_t>(v)];
  }
}

bool SweepRegion(Region* r, std::vector<int32_t>* uses) {
  bool changed = false;
  for (size_t i = r->ops.size(); i-- > 0;) {
    Op& op = *r->ops[i];
    for (auto& sub : op.regions) changed |= SweepRegion(sub.get(), uses);
    bool dead = !HasSideEffects(op);
    for (ValueId v : op.results) dead = dead && (*uses)[static_cast<size_t>(v)] == 0;
    if (dead) {
      Unuse(op, uses);
      r->ops.erase(r->ops.begin() + static_cast<std::ptrdiff_t>(i));
      changed = true;
    }
  }
  return changed;
}

// A structural key of an attribute for CSE.
void AttrKey(const Attribute& a, std::string* out) {
  out->push_back(static_cast<char>('A' + static_cast<int>(a.kind)));
  switch (a.kind) {
    case Attribute::Kind::kBool: out->push_back(a.b ? '1' : '0'); break;
    case Attribute::Kind::kInt: *out += std::to_string(a.i); break;
    case Attribute::Kind::kFloat: {
      char buf[8];
      std::memcpy(buf, &a.f, 8);
      out->append(buf, 8);
      break;
    }
    case Attribute::Kind::kDense:
      *out += a.dense->type.ToString();
      out->push_back(a.dense->splat ? 's' : 'd');
      out->append(reinterpret_cast<const char*>(a.dense->bytes.data()), a.dense->bytes.size());
      break;
    case Attribute::Kind::kArray:
      out->push_back('[');
      for (const auto& e : a.array) {
        AttrKey(*e, out);
        out->push_back(',');
      }
      out->push_back(']');
      break;
    case Attribute::Kind::kDict:
      *out += a.name + "{";
      for (const auto& [k, v] : a.dict) {
        *out += k + "=";
        AttrKey(*v, out);
        out->push_back(',');
      }
      out->push_back('}');
      break;
    case Attribute::Kind::kType: *out += a.type.ToString(); break;
    default: *out += a.name + ":" + a.s; break;
  }
}

// Ops that return their operand unchanged (JAX emits e.g. broadcast_in_dim to the same shape).
bool IsIdentityOp(const Module& m, const Op& op) {
  if (op.operands.empty() || op.results.size() != 1) return false;
  const Type& in = m.type(op.operands[0]);
  if (in != m.type(op.results[0])) return false;
  auto is_iota = [](const std::vector<int64_t>& v) {
    for (size_t k = 0; k < v.size(); ++k)
      if (v[k] != static_cast<int64_t>(k)) return false;
    return true;
  };
  switch (op.kind) {
    case OpKind::kBroadcastInDim: return is_iota(op.IntListAttr("broadcast_dimensions"));
    case OpKind::kTranspose: return is_iota(op.IntListAttr("permutation"));
    case OpKind::kReshape:
    case OpKind::kConvert:
    case OpKind::kBitcastConvert: return op.operands.size() == 1;
    case OpKind::kReverse: return op.IntListAttr("dimensions").empty();
    case OpKind::kSlice: {
      for (int64_t s : op.IntListAttr("strides"))
        if (s != 1) return false;
      return true;  // same type and unit strides: the whole operand
    }
    default: return false;
  }
}

class Cse {
 public:
  explicit Cse(Module* m) : m_(m) {}
  void Run() {
    Function* f = m_->functions.front().get();
    std::unordered_map<std::string, ValueId> table;
    Visit(f->body.get(), &table);
  }

 private:
  ValueId Map(ValueId v) const {
    auto it = remap_.find(v);
    return it == remap_.end() ? v : it->second;
  }
  void Visit(Region* r, std::unordered_map<std::string, ValueId>* table) {
    for (size_t i = 0; i < r->ops.size();) {
      Op& op = *r->ops[i];
      for (ValueId& v : op.operands) v = Map(v);
      for (auto& sub : op.regions) {
        // Inner regions may reuse outer expressions; their own entries stay local.
        std::unordered_map<std::string, ValueId> inner = *table;
        Visit(sub.get(), &inner);
      }
      if (IsIdentityOp(*m_, op)) {
        remap_[op.results[0]] = op.operands[0];
        r->ops.erase(r->ops.begin() + static_cast<std::ptrdiff_t>(i));
        continue;
      }
      // Reductions with equal bodies over the same operands are equal (JAX's var recomputes
      // the mean's sum); other ops with regions (control flow, sort, scatter) are kept.
      const bool reduction = op.kind == OpKind::kReduce || op.kind == OpKind::kReduceWindow;
      if ((op.results.size() != 1 && !reduction) || (!op.regions.empty() && !reduction) || op.results.empty() ||
          HasSideEffects(op) || op.kind == OpKind::kRngBitGenerator || op.kind == OpKind::kRng) {
        ++i;
        continue;
      }
      std::string key = std::to_string(static_cast<int>(op.kind)) + "|" + op.callee + "|";
      for (ValueId v : op.results) key += m_->type(v).ToString() + "|";
      for (ValueId v : op.operands) key += std::to_string(v) + ",";
      for (const auto& a : op.attrs) {
        key += a.name + "=";
        AttrKey(*a.value, &key);
        key += ";";
      }
      bool keyed = true;
      std::unordered_map<ValueId, int> local;
      for (const auto& sub : op.regions) keyed = keyed && RegionKey(*sub, &key, &local);
      if (!keyed) {
        ++i;
        continue;
      }
      auto [it, inserted] = table->emplace(std::move(key), op.results[0]);
      if (inserted) {
        ++i;
        continue;
      }
      // The table names the kept op by its first result.
      const Op* kept = m_->values[static_cast<size_t>(it->second)].def;
      if (!kept || kept->results.size() != op.results.size()) {
        ++i;
        continue;
      }
      for (size_t k = 0; k < op.results.size(); ++k) remap_[op.results[k]] = kept->results[k];
      r->ops.erase(r->ops.begin() + static_cast<std::ptrdiff_t>(i));
    }
    for (ValueId& v : r->results) v = Map(v);
  }

  // Appends a structural key of region r to *key: argument types; each op's kind, operands,
  // attributes, nested regions and result types; the results. Values defined inside are named
  // by definition order (`local`), outer values by id. False when an op inside has side effects.
  bool RegionKey(const Region& r, std::string* key, std::unordered_map<ValueId, int>* local) const {
    auto name = [&](ValueId v) {
      auto it = local->find(v);
      return it != local->end() ? "l" + std::to_string(it->second) : "o" + std::to_string(Map(v));
    };
    *key += "{";
    for (ValueId a : r.args) {
      (*local)[a] = static_cast<int>(local->size());
      *key += m_->type(a).ToString() + ",";
    }
    for (const auto& op : r.ops) {
      if (HasSideEffects(*op) || op->kind == OpKind::kRngBitGenerator || op->kind == OpKind::kRng) return false;
      *key += std::to_string(static_cast<int>(op->kind)) + "|" + op->callee + "(";
      for (ValueId v : op->operands) *key += name(v) + ",";
      *key += ")";
      for (const auto& a : op->attrs) {
        *key += a.name + "=";
        AttrKey(*a.value, key);
        *key += ";";
      }
      for (const auto& sub : op->regions)
        if (!RegionKey(*sub, key, local)) return false;
      for (ValueId v : op->results) {
        (*local)[v] = static_cast<int>(local->size());
        *key += m_->type(v).ToString() + ",";
      }
    }
    *key += "return ";
    for (ValueId v : r.results) *key += name(v) + ",";
    *key += "}";
    return true;
  }

  Module* m_;
  std::unordered_map<ValueId, ValueId> remap_;
};

void ReplaceWithConstant(Module* m, Op* op, std::shared_ptr<DenseData> data) {
  op->kind = OpKind::kConstant;
  op->operands.clear();
  op->regions.clear();
  op->attrs.clear();
  op->attrs.push_back({"value", MakeDenseAttr(std::move(data))});
  (void)m;
}

// op becomes a splat constant of type t holding one element's `bytes`.
void ReplaceWithSplat(Module* m, Op* op, const Type& t, std::vector<uint8_t> bytes) {
  auto d = std::make_shared<DenseData>();
  d->type = t;
  d->splat = true;
  d->bytes = std::move(bytes);
  ReplaceWithConstant(m, op, std::move(d));
}

// Applies `fn` (returns std::optional<T>) to the one value of an f32/f64 scalar or splat
// constant `c`; the result as splat bytes of the same element type, or nullopt.
template <class Fn>
std::optional<std::vector<uint8_t>> MapFloatScalar(const DenseData& c, Fn fn) {
  if (!c.splat && c.type.element_count() != 1) return std::nullopt;
  auto apply = [&](auto x) -> std::optional<std::vector<uint8_t>> {
    std::memcpy(&x, c.bytes.data(), sizeof x);
    auto y = fn(x);
    if (!y) return std::nullopt;
    std::vector<uint8_t> out(sizeof x);
    std::memcpy(out.data(), &*y, sizeof x);
    return out;
  };
  if (c.type.element == ElementType::kF32) return apply(0.0f);
  if (c.type.element == ElementType::kF64) return apply(0.0);
  return std::nullopt;
}

// The one value of an integer or i1 constant that is a scalar or a splat, as the raw bits
// zero-extended to 64; nullopt otherwise.
std::optional<uint64_t> SplatIntBits(const Module& m, ValueId v) {
  const DenseData* c = ConstantOf(m, v);
  if (!c || (!c->splat && c->type.element_count() != 1) || c->bytes.empty()) return std::nullopt;
  const ElementType t = c->type.element;
  if (t != ElementType::kPred && !IsInteger(t)) return std::nullopt;
  uint64_t bits = 0;
  std::memcpy(&bits, c->bytes.data(), ElementTypeByteSize(t));
  return bits;
}

// An elementwise op over integer or i1 operands that are all scalar or splat constants,
// evaluated with the executor's integer semantics (wrapping arithmetic; x / 0 = all ones and
// x % 0 = x; INT_MIN / -1 = INT_MIN, remainder 0; shifts by the width or more give 0 or the
// sign; i1 orders false < true). JAX computes such values at trace time in helpers like
// jnp.remainder's divisor checks; left to run, they become a fusion of their own that the
// elementwise loops reading them cannot join. nullopt when the op is not such an op.
std::optional<uint64_t> EvalIntegerSplat(const Module& m, const Op& op) {
  if (!IsElementwise(op.kind) || op.operands.empty() || op.operands.size() > 3) return std::nullopt;
  const ElementType rt = m.type(op.results[0]).element;
  if (rt != ElementType::kPred && !IsInteger(rt)) return std::nullopt;
  uint64_t x[3] = {};
  for (size_t k = 0; k < op.operands.size(); ++k) {
    std::optional<uint64_t> b = SplatIntBits(m, op.operands[k]);
    if (!b) return std::nullopt;
    x[k] = *b;
  }
  // Operand type (the compare's and the select's data, which may differ from the result's).
  const ElementType ot = m.type(op.operands[op.kind == OpKind::kSelect ? 1 : 0]).element;
  const int width = static_cast<int>(ElementTypeByteSize(ot)) * 8;
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  auto sext = [&](uint64_t v) -> int64_t {
    return width == 64 ? static_cast<int64_t>(v) : static_cast<int64_t>(v << (64 - width)) >> (64 - width);
  };
  const bool is_signed = IsSignedInt(ot);
  const uint64_t a = x[0] & mask, b = x[1] & mask;
  const int64_t sa = sext(a), sb = sext(b);
  const bool pred = ot == ElementType::kPred;
  const uint64_t min_signed = uint64_t{1} << (width - 1);
  switch (op.kind) {
    case OpKind::kAnd: return a & b;
    case OpKind::kOr: return a | b;
    case OpKind::kXor: return a ^ b;
    case OpKind::kNot: return pred ? (a ^ 1) : (~a & mask);
    case OpKind::kSelect: return (x[0] & 1) ? x[1] : x[2];
    case OpKind::kCompare: {
      if (op.operands.size() != 2) return std::nullopt;
      const std::string dir = op.EnumAttr("comparison_direction");
      const std::string type = op.EnumAttr("compare_type");
      // As the executor's compare kernels: the operand type's signedness unless the compare
      // names the other; i1 always unsigned.
      const bool s = !pred && (IsSignedInt(ot) ? type != "UNSIGNED" : type == "SIGNED");
      const bool lt = s ? sa < sb : a < b, eq = a == b;
      if (dir == "EQ") return eq;
      if (dir == "NE") return !eq;
      if (dir == "LT") return lt;
      if (dir == "LE") return lt || eq;
      if (dir == "GT") return !lt && !eq;
      if (dir == "GE") return !lt;
      return std::nullopt;
    }
    case OpKind::kConvert: {
      if (rt == ElementType::kPred) return a != 0;
      return static_cast<uint64_t>(is_signed ? sa : static_cast<int64_t>(a));  // the result width truncates
    }
    default: break;
  }
  if (pred) return std::nullopt;  // no arithmetic on i1
  switch (op.kind) {
    case OpKind::kAdd: return a + b;
    case OpKind::kSubtract: return a - b;
    case OpKind::kMultiply: return a * b;
    case OpKind::kNegate: return 0 - a;
    case OpKind::kMaximum: return (is_signed ? sa > sb : a > b) ? a : b;
    case OpKind::kMinimum: return (is_signed ? sa < sb : a < b) ? a : b;
    case OpKind::kShiftLeft: return b >= static_cast<uint64_t>(width) ? 0 : a << b;
    case OpKind::kShiftRightLogical: return b >= static_cast<uint64_t>(width) ? 0 : a >> b;
    case OpKind::kShiftRightArithmetic:
      return static_cast<uint64_t>(sa >> (b >= static_cast<uint64_t>(width) ? width - 1 : static_cast<int>(b)));
    case OpKind::kDivide:
      if (b == 0) return ~uint64_t{0};
      if (is_signed && a == min_signed && sb == -1) return a;
      return is_signed ? static_cast<uint64_t>(sa / sb) : a / b;
    case OpKind::kRemainder:
      if (b == 0) return a;
      if (is_signed && a == min_signed && sb == -1) return 0;
      return is_signed ? static_cast<uint64_t>(sa % sb) : a % b;
    default: return std::nullopt;
  }
}

// The one value of an f32 constant that is a scalar or a splat, when it is normal or zero.
std::optional<float> SplatNormalF32(const Module& m, ValueId v) {
  const DenseData* c = ConstantOf(m, v);
  if (!c || c->type.element != ElementType::kF32 || (!c->splat && c->type.element_count() != 1) || c->bytes.size() < 4)
    return std::nullopt;
  float x;
  std::memcpy(&x, c->bytes.data(), 4);
  const int cls = std::fpclassify(x);
  if (cls != FP_NORMAL && cls != FP_ZERO) return std::nullopt;
  return x;
}

// An f32 add/subtract/multiply/divide or compare (not TOTALORDER) of scalar or splat
// constants, or an integer constant converted to f32 exactly, when every operand and the result
// are normal or zero: then one IEEE operation gives these bits whatever the executor's
// denormal flushing, and no NaN payload is in question (JAX's variance divides by N - ddof
// so). The result's bytes (f32, or an i1 byte), or nullopt.
std::optional<std::vector<uint8_t>> EvalF32Splat(const Module& m, const Op& op) {
  if (op.results.size() != 1 || op.operands.empty() || op.operands.size() > 2) return std::nullopt;
  const ElementType rt = m.type(op.results[0]).element;
  std::optional<float> r;
  if (op.kind == OpKind::kConvert && rt == ElementType::kF32) {
    if (std::optional<uint64_t> b = SplatIntBits(m, op.operands[0])) {
      const DenseData* c = ConstantOf(m, op.operands[0]);
      const int64_t v = c->GetInt(0);
      if (c->type.element == ElementType::kU64 && static_cast<int64_t>(*b) < 0) return std::nullopt;
      if (v < -(int64_t{1} << 24) || v > (int64_t{1} << 24)) return std::nullopt;  // exact in f32 only
      r = static_cast<float>(v);
    } else {
      r = SplatNormalF32(m, op.operands[0]);
    }
  } else if (op.operands.size() == 2) {
    std::optional<float> a = SplatNormalF32(m, op.operands[0]), b = SplatNormalF32(m, op.operands[1]);
    if (!a || !b) return std::nullopt;
    if (op.kind == OpKind::kCompare) {
      if (rt != ElementType::kPred || op.EnumAttr("compare_type") == "TOTALORDER") return std::nullopt;
      const std::string dir = op.EnumAttr("comparison_direction");
      std::optional<bool> c;
      if (dir == "EQ") c = *a == *b;
      else if (dir == "NE") c = *a != *b;
      else if (dir == "LT") c = *a < *b;
      else if (dir == "LE") c = *a <= *b;
      else if (dir == "GT") c = *a > *b;
      else if (dir == "GE") c = *a >= *b;
      if (!c) return std::nullopt;
      return std::vector<uint8_t>{static_cast<uint8_t>(*c)};
    }
    if (rt != ElementType::kF32) return std::nullopt;
    switch (op.kind) {
      case OpKind::kAdd: r = *a + *b; break;
      case OpKind::kSubtract: r = *a - *b; break;
      case OpKind::kMultiply: r = *a * *b; break;
      case OpKind::kDivide:
        if (*b == 0) return std::nullopt;
        r = *a / *b;
        break;
      default: return std::nullopt;
    }
  }
  if (!r) return std::nullopt;
  const int cls = std::fpclassify(*r);
  if (cls != FP_NORMAL && cls != FP_ZERO) return std::nullopt;
  std::vector<uint8_t> out(4);
  std::memcpy(out.data(), &*r, 4);
  return out;
}

// select(p, a, b) of splat constants: the chosen operand's value.
std::optional<std::vector<uint8_t>> EvalSelectSplat(const Module& m, const Op& op) {
  if (op.kind != OpKind::kSelect || op.operands.size() != 3) return std::nullopt;
  const DenseData* p = ConstantOf(m, op.operands[0]);
  const DenseData* a = ConstantOf(m, op.operands[1]);
  const DenseData* b = ConstantOf(m, op.operands[2]);
  auto one = [](const DenseData* c) { return c && (c->splat || c->type.element_count() == 1) && !c->bytes.empty(); };
  if (!one(p) || !one(a) || !one(b) || p->type.element != ElementType::kPred) return std::nullopt;
  const DenseData* pick = p->bytes[0] ? a : b;
  return std::vector<uint8_t>(pick->bytes.begin(), pick->bytes.begin() + ElementTypeByteSize(pick->type.element));
}

// Folds one op in place when that is cheap and exact; true if it changed.
bool FoldOp(Module* m, Op* op) {
  if (op->results.size() != 1) return false;
  const Type& rt = m->type(op->results[0]);
  if (op->kind != OpKind::kConstant && rt.is_tensor()) {
    std::optional<std::vector<uint8_t>> bytes;
    if (std::optional<uint64_t> v = EvalIntegerSplat(*m, *op)) {
      bytes.emplace(ElementTypeByteSize(rt.element));
      std::memcpy(bytes->data(), &*v, std::min<size_t>(bytes->size(), 8));  // little-endian: the low bytes
    }
    if (!bytes) bytes = EvalF32Splat(*m, *op);
    if (!bytes) bytes = EvalSelectSplat(*m, *op);
    if (bytes && bytes->size() == ElementTypeByteSize(rt.element)) {
      ReplaceWithSplat(m, op, rt, std::move(*bytes));
      return true;
    }
  }
  switch (op->kind) {
    case OpKind::kReshape: {
      const DenseData* c = ConstantOf(*m, op->operands[0]);
      if (!c) return false;
      auto d = std::make_shared<DenseData>(*c);
      d->type = rt;
      ReplaceWithConstant(m, op, std::move(d));
      return true;
    }
    case OpKind::kBroadcastInDim: {
      const DenseData* c = ConstantOf(*m, op->operands[0]);
      if (!c) return false;
      if (!c->splat && c->type.element_count() != 1) return false;
      auto d = std::make_shared<DenseData>();
      d->type = rt;
      d->splat = true;
      size_t es = ElementTypeByteSize(rt.element);
      d->bytes.assign(c->bytes.begin(), c->bytes.begin() + static_cast<std::ptrdiff_t>(es));
      ReplaceWithConstant(m, op, std::move(d));
      return true;
    }
    case OpKind::kSqrt: {
      // sqrt is correctly rounded in IEEE arithmetic, so folding gives the bits XLA computes
      // (JAX's attention scales by 1/sqrt(head_dim) this way). Zero or positive normal inputs
      // only: no NaN-sign or denormal-flushing questions.
      const DenseData* c = ConstantOf(*m, op->operands[0]);
      if (!c || c->type.element != rt.element) return false;
      auto bytes = MapFloatScalar(*c, [](auto x) -> std::optional<decltype(x)> {
        if (!(x == 0 || (std::isnormal(x) && x > 0))) return std::nullopt;
        return std::sqrt(x);
      });
      if (!bytes) return false;
      ReplaceWithSplat(m, op, rt, std::move(*bytes));
      return true;
    }
    default:
      return false;
  }
}

// transpose(dot_general(a, b)) -> dot_general(b, a) for rank-2 products without batch dims whose
// only reader is the transpose (JAX's gradients of x @ W end so): C^T = B^T A^T costs nothing
// in GEMM (operands are read transposed in place), while the transpose is a full strided copy.
bool FoldTransposeOfDot(Module* m, Op* op, const std::vector<int32_t>& uses) {
  if (op->kind != OpKind::kTranspose || op->operands.size() != 1 || op->results.size() != 1) return false;
  if (op->IntListAttr("permutation") != std::vector<int64_t>{1, 0}) return false;
  ValueId v = op->operands[0];
  const Op* dot = m->values[static_cast<size_t>(v)].def;
  if (!dot || dot->kind != OpKind::kDotGeneral || dot->results.size() != 1 || dot->operands.size() != 2) return false;
  if (uses[static_cast<size_t>(v)] != 1) return false;
  if (!dot->IntListAttr("lhs_batching_dimensions").empty() || !dot->IntListAttr("rhs_batching_dimensions").empty())
    return false;
  if (m->type(dot->operands[0]).rank() != 2 || m->type(dot->operands[1]).rank() != 2) return false;
  if (dot->IntListAttr("lhs_contracting_dimensions").size() != 1 ||
      dot->IntListAttr("rhs_contracting_dimensions").size() != 1)
    return false;
  std::vector<NamedAttr> attrs;
  for (const NamedAttr& a : dot->attrs) {
    if (a.name == "lhs_contracting_dimensions") attrs.push_back({"rhs_contracting_dimensions", a.value});
    else if (a.name == "rhs_contracting_dimensions") attrs.push_back({"lhs_contracting_dimensions", a.value});
    else attrs.push_back(a);
  }
  op->kind = OpKind::kDotGeneral;
  op->operands = {dot->operands[1], dot->operands[0]};
  op->attrs = std::move(attrs);
  return true;
}

// Whether a and b hold the same elements: one value, or equal splat constants of one type.
bool SameElements(const Module& m, ValueId a, ValueId b) {
  if (a == b) return true;
  const DenseData* ca = ConstantOf(m, a);
  const DenseData* cb = ConstantOf(m, b);
  return ca && cb && ca->splat && cb->splat && ca->type == cb->type && ca->bytes == cb->bytes;
}

// i1 algebra JAX's integer helpers leave behind (jnp.remainder's sign fix-up): p != false and
// p == true are p, and (x < y) & (x != y) is x < y (> likewise: the strict order implies the
// inequality, under any one compare type). The op's uses are forwarded to that value, and dead
// code elimination removes the op. True if it forwarded.
bool ForwardPredicateOp(Module* m, Region* r, const Op& op) {
  if (op.results.size() != 1 || op.operands.size() != 2 || m->type(op.results[0]).element != ElementType::kPred)
    return false;
  ValueId to = kNoValue;
  if (op.kind == OpKind::kCompare && m->type(op.operands[0]).element == ElementType::kPred) {
    const std::string dir = op.EnumAttr("comparison_direction");
    for (size_t k = 0; k < 2 && to == kNoValue; ++k) {
      const std::optional<uint64_t> c = SplatIntBits(*m, op.operands[1 - k]);
      if (c && ((dir == "NE" && *c == 0) || (dir == "EQ" && *c == 1))) to = op.operands[k];
    }
  } else if (op.kind == OpKind::kAnd) {
    for (size_t k = 0; k < 2 && to == kNoValue; ++k) {
      const Op* strict = m->values[static_cast<size_t>(op.operands[k])].def;
      const Op* ne = m->values[static_cast<size_t>(op.operands[1 - k])].def;
      if (!strict || !ne || strict->kind != OpKind::kCompare || ne->kind != OpKind::kCompare) continue;
      const std::string dir = strict->EnumAttr("comparison_direction");
      if ((dir != "LT" && dir != "GT") || ne->EnumAttr("comparison_direction") != "NE" ||
          strict->EnumAttr("compare_type") != ne->EnumAttr("compare_type"))
        continue;
      const ValueId x = strict->operands[0], y = strict->operands[1];
      if ((SameElements(*m, x, ne->operands[0]) && SameElements(*m, y, ne->operands[1])) ||
          (SameElements(*m, x, ne->operands[1]) && SameElements(*m, y, ne->operands[0])))
        to = op.operands[k];
    }
  }
  if (to == kNoValue || m->type(to) != m->type(op.results[0])) return false;
  ReplaceUses(r, op.results[0], to);
  return true;
}

// A slice that lies inside one operand of a concatenate (along the concatenated dim) reads that
// operand instead (jnp.pad's reflect and symmetric modes slice the array they are growing), so
// the concatenate may lose its other readers.
bool FoldSliceOfConcatenate(Module* m, Op* op, std::vector<int32_t>* uses) {
  if (op->kind != OpKind::kSlice || op->operands.size() != 1 || op->results.size() != 1) return false;
  const Op* cat = m->values[static_cast<size_t>(op->operands[0])].def;
  if (!cat || cat->kind != OpKind::kConcatenate || cat->results.size() != 1) return false;
  const int64_t d = cat->IntAttr("dimension", -1);
  std::vector<int64_t> start = op->IntListAttr("start_indices"), limit = op->IntListAttr("limit_indices"),
                       step = op->IntListAttr("strides");
  const size_t rank = start.size();
  if (d < 0 || static_cast<size_t>(d) >= rank || limit.size() != rank) return false;
  if (step.empty()) step.assign(rank, 1);
  const size_t ud = static_cast<size_t>(d);
  if (limit[ud] <= start[ud] || step[ud] < 1) return false;
  const int64_t last = start[ud] + (limit[ud] - start[ud] - 1) / step[ud] * step[ud];
  int64_t at = 0;
  for (ValueId part : cat->operands) {
    const int64_t size = m->type(part).dims[ud];
    if (start[ud] >= at && last < at + size) {
      start[ud] -= at;
      limit[ud] = std::min(limit[ud] - at, size);
      --(*uses)[static_cast<size_t>(op->operands[0])];
      ++(*uses)[static_cast<size_t>(part)];
      op->operands[0] = part;
      for (NamedAttr& a : op->attrs) {
        if (a.name == "start_indices") a.value = MakeIntListAttr(start);
        if (a.name == "limit_indices") a.value = MakeIntListAttr(limit);
      }
      return true;
    }
    at += size;
  }
  return false;
}

// A concatenate whose operand is another concatenate along the same dim, read by nothing else,
// takes that one's operands in its place: one copy of them instead of two (jnp.pad grows an
// array one side at a time).
bool FlattenConcatenate(Module* m, Op* op, const std::vector<int32_t>& uses) {
  if (op->kind != OpKind::kConcatenate || op->results.size() != 1) return false;
  const int64_t d = op->IntAttr("dimension", -1);
  std::vector<ValueId> flat;
  bool changed = false;
  for (ValueId v : op->operands) {
    const Op* inner = m->values[static_cast<size_t>(v)].def;
    if (inner && inner != op && inner->kind == OpKind::kConcatenate && inner->IntAttr("dimension", -2) == d &&
        uses[static_cast<size_t>(v)] == 1 && std::count(op->operands.begin(), op->operands.end(), v) == 1) {
      flat.insert(flat.end(), inner->operands.begin(), inner->operands.end());
      changed = true;
    } else {
      flat.push_back(v);
    }
  }
  if (changed) op->operands = std::move(flat);
  return changed;
}

void FoldRegion(Module* m, Region* r, std::vector<int32_t>& uses) {
  for (auto& op : r->ops) {
    for (auto& sub : op->regions) FoldRegion(m, sub.get(), uses);
    if (!FoldOp(m, op.get()) && !ForwardPredicateOp(m, r, *op) && !FoldSliceOfConcatenate(m, op.get(), &uses) &&
        !FlattenConcatenate(m, op.get(), uses))
      FoldTransposeOfDot(m, op.get(), uses);
  }
}

}  // namespace

void EliminateDeadCode(Module* module) {
  Function* f = module->functions.front().get();
  for (;;) {
    std::vector<int32_t> uses(module->values.size(), 0);
    CountUses(*f->body, &uses);
    if (!SweepRegion(f->body.get(), &uses)) break;
  }
}

void EliminateCommonSubexpressions(Module* module) { Cse(module).Run(); }

namespace {
void ReshapeUnitBroadcastsIn(Module* m, Region* r) {
  for (auto& op : r->ops) {
    for (auto& sub : op->regions) ReshapeUnitBroadcastsIn(m, sub.get());
    const bool bcast = op->kind == OpKind::kBroadcastInDim;
    if ((!bcast && op->kind != OpKind::kTranspose) || op->operands.size() != 1 || op->results.size() != 1) continue;
    const Type& xt = m->type(op->operands[0]);
    const Type& rt = m->type(op->results[0]);
    if (!xt.is_tensor() || !rt.is_tensor() || xt.element_count() != rt.element_count()) continue;
    // Where each operand dim of size > 1 lands in the result: in order, the bytes are the same.
    const std::vector<int64_t> dims = op->IntListAttr(bcast ? "broadcast_dimensions" : "permutation");
    if (dims.size() != static_cast<size_t>(bcast ? xt.rank() : rt.rank())) continue;
    std::vector<int64_t> placed;  // result positions of the operand's non-unit dims, operand order
    if (bcast) {
      for (size_t k = 0; k < dims.size(); ++k)
        if (xt.dims[k] != 1) placed.push_back(dims[k]);
    } else {
      std::vector<int64_t> at(dims.size(), -1);
      for (size_t j = 0; j < dims.size(); ++j)
        if (dims[j] >= 0 && dims[j] < xt.rank()) at[static_cast<size_t>(dims[j])] = static_cast<int64_t>(j);
      for (size_t k = 0; k < at.size(); ++k)
        if (xt.dims[k] != 1) placed.push_back(at[k]);
    }
    if (!std::is_sorted(placed.begin(), placed.end()) || std::adjacent_find(placed.begin(), placed.end()) != placed.end())
      continue;
    op->kind = OpKind::kReshape;
    op->attrs.clear();
  }
}
}  // namespace

void ReshapeUnitBroadcasts(Module* module) {
  ReshapeUnitBroadcastsIn(module, module->functions.front()->body.get());
}

namespace {
// The body's op when it applies one binary elementwise op to its two arguments (either order).
const Op* BinaryBodyOp(const Region& body) {
  if (body.args.size() != 2 || body.ops.size() != 1 || body.results.size() != 1) return nullptr;
  const Op& op = *body.ops[0];
  if (op.operands.size() != 2 || op.results.size() != 1 || op.results[0] != body.results[0] || !op.regions.empty())
    return nullptr;
  switch (op.kind) {
    case OpKind::kAdd:
    case OpKind::kMultiply:
    case OpKind::kMaximum:
    case OpKind::kMinimum:
    case OpKind::kAnd:
    case OpKind::kOr:
    case OpKind::kXor:
      break;
    default:
      return nullptr;
  }
  const bool args = (op.operands[0] == body.args[0] && op.operands[1] == body.args[1]) ||
                    (op.operands[0] == body.args[1] && op.operands[1] == body.args[0]);
  return args ? &op : nullptr;
}

void ElementwiseUnitReductionsIn(Module* m, Region* r) {
  for (size_t i = 0; i < r->ops.size(); ++i) {
    Op* op = r->ops[i].get();
    for (auto& sub : op->regions) ElementwiseUnitReductionsIn(m, sub.get());
    if (op->kind != OpKind::kReduce || op->operands.size() != 2 || op->results.size() != 1 || op->regions.size() != 1)
      continue;
    const Op* body = BinaryBodyOp(*op->regions[0]);
    const Type xt = m->type(op->operands[0]), rt = m->type(op->results[0]);
    if (!body || !xt.is_tensor() || !rt.is_tensor() || xt.element_count() != rt.element_count()) continue;
    switch (xt.element) {  // types whose elementwise ops need no narrow-type lowering
      case ElementType::kPred: case ElementType::kS8: case ElementType::kS16: case ElementType::kS32:
      case ElementType::kS64: case ElementType::kU8: case ElementType::kU16: case ElementType::kU32:
      case ElementType::kU64: case ElementType::kF32: case ElementType::kF64:
        break;
      default:
        continue;
    }
    bool unit = true;
    for (int64_t d : op->IntListAttr("dimensions"))
      unit = unit && d >= 0 && d < xt.rank() && xt.dims[static_cast<size_t>(d)] == 1;
    if (!unit) continue;
    auto reshape = std::make_unique<Op>();
    reshape->kind = OpKind::kReshape;
    reshape->loc = op->loc;
    reshape->operands = {op->operands[0]};
    reshape->results = {m->NewValue(rt, reshape.get(), nullptr, 0)};
    auto splat = std::make_unique<Op>();
    splat->kind = OpKind::kBroadcastInDim;
    splat->loc = op->loc;
    splat->operands = {op->operands[1]};
    splat->attrs.push_back({"broadcast_dimensions", MakeIntListAttr({})});
    splat->results = {m->NewValue(rt, splat.get(), nullptr, 0)};
    // The body's op on (accumulator = init, element = x), in the body's operand order.
    const bool acc_first = body->operands[0] == op->regions[0]->args[0];
    const ValueId init = splat->results[0], x = reshape->results[0];
    op->kind = body->kind;
    op->attrs = body->attrs;
    op->operands = acc_first ? std::vector<ValueId>{init, x} : std::vector<ValueId>{x, init};
    op->regions.clear();
    r->ops.insert(r->ops.begin() + static_cast<std::ptrdiff_t>(i), std::move(splat));
    r->ops.insert(r->ops.begin() + static_cast<std::ptrdiff_t>(i), std::move(reshape));
    i += 2;
  }
}
}  // namespace

void ElementwiseUnitReductions(Module* module) {
  ElementwiseUnitReductionsIn(module, module->functions.front()->body.get());
}

namespace {

bool IsRealFloat(ElementType t) {
  return t == ElementType::kF32 || t == ElementType::kF64 || t == ElementType::kF16 || t == ElementType::kBF16;
}

// The reciprocal of every element of a real floating-point constant, or nullptr for other types.
// Narrower types go through double and float: each rounding step keeps at least 2p + 2 bits of
// the next narrower format (53 -> 24 -> 11 or 8), so the result is the correctly rounded
// reciprocal, as XLA's evaluator computes it.
std::shared_ptr<DenseData> Reciprocal(const DenseData& c) {
  const ElementType t = c.type.element;
  if (!IsRealFloat(t)) return nullptr;
  auto d = std::make_shared<DenseData>(c);
  const int64_t n = c.splat ? 1 : c.type.element_count();
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* at = d->bytes.data() + static_cast<size_t>(i) * ElementTypeByteSize(t);
    if (t == ElementType::kF64) {
      double x;
      std::memcpy(&x, at, 8);
      const double r = 1.0 / x;
      std::memcpy(at, &r, 8);
      continue;
    }
    uint16_t h = 0;
    float x = 0;
    if (t == ElementType::kF32) std::memcpy(&x, at, 4);
    else std::memcpy(&h, at, 2);
    if (t == ElementType::kF16) x = f16::ToFloat(h);
    if (t == ElementType::kBF16) x = bf16::FromBits(h);
    const float r = static_cast<float>(1.0 / static_cast<double>(x));
    if (t == ElementType::kF32) {
      std::memcpy(at, &r, 4);
      continue;
    }
    h = t == ElementType::kF16 ? f16(r).bits : bf16(r).bits;
    std::memcpy(at, &h, 2);
  }
  return d;
}

// A splat 1 of type `t` (a real floating-point type).
std::shared_ptr<DenseData> SplatOne(const Type& t) {
  auto d = std::make_shared<DenseData>();
  d->type = t;
  d->splat = true;
  d->bytes.resize(ElementTypeByteSize(t.element));
  const float one = 1.0f;
  const double one64 = 1.0;
  const uint16_t h = t.element == ElementType::kF16 ? f16(one).bits : bf16(one).bits;
  if (t.element == ElementType::kF64) std::memcpy(d->bytes.data(), &one64, 8);
  else if (t.element == ElementType::kF32) std::memcpy(d->bytes.data(), &one, 4);
  else std::memcpy(d->bytes.data(), &h, 2);
  return d;
}

}  // namespace

const DenseData* ConstantOf(const Module& m, ValueId v) {
  const Op* def = m.values[static_cast<size_t>(v)].def;
  if (!def || def->kind != OpKind::kConstant) return nullptr;
  const Attribute* a = def->attr("value");
  return a && a->kind == Attribute::Kind::kDense ? a->dense.get() : nullptr;
}

std::unique_ptr<Op> NewOp(Module* m, OpKind kind, std::vector<ValueId> operands, const Type& result, Location loc) {
  auto op = std::make_unique<Op>();
  op->kind = kind;
  op->operands = std::move(operands);
  op->loc = loc;
  op->results.push_back(m->NewValue(result, op.get(), nullptr, 0));
  return op;
}

namespace {

bool IsUnsignedInteger(ElementType t) {
  return t == ElementType::kU8 || t == ElementType::kU16 || t == ElementType::kU32 || t == ElementType::kU64;
}

// k when `v` is a splat constant, or a broadcast of a scalar constant, of value 2^k (integers).
std::optional<int> PowerOfTwoSplat(const Module& m, ValueId v) {
  const Op* def = m.values[static_cast<size_t>(v)].def;
  if (def && def->kind == OpKind::kBroadcastInDim && def->operands.size() == 1 &&
      m.type(def->operands[0]).element_count() == 1)
    v = def->operands[0];
  const DenseData* c = ConstantOf(m, v);
  if (!c || !(c->splat || c->type.element_count() == 1)) return std::nullopt;
  const uint64_t x = static_cast<uint64_t>(c->GetInt(0));
  if (x == 0 || (x & (x - 1)) != 0) return std::nullopt;
  return std::countr_zero(x);
}

// x / broadcast(b) -> x * broadcast(1 / b) and x / c -> x * (1 / c) for a constant c, in real
// floating-point types (the reciprocal rounded to the type). XLA's algebraic simplifier makes this rewrite, so results match XLA's bit for bit (an
// exact divide differs from them by one ulp in about a quarter of the elements), and the full
// array is multiplied instead of divided. A divide of two full arrays stays a divide, as in XLA.
void InvertDivisors(Module* m, Region* r) {
  std::vector<std::unique_ptr<Op>> ops;
  ops.reserve(r->ops.size());
  for (auto& op : r->ops) {
    for (auto& sub : op->regions) InvertDivisors(m, sub.get());
    // A reciprocal 1 / broadcast(b) this rewrite made stays as it is (FoldConstants runs more
    // than once): 1 * broadcast(1 / b) is the same value, but the softmax matcher reads the divide.
    const DenseData* dividend = op->operands.empty() ? nullptr : ConstantOf(*m, op->operands[0]);
    const bool reciprocal = dividend && dividend->splat && IsRealFloat(dividend->type.element) &&
                            dividend->GetDouble(0) == 1.0;
    if (op->kind == OpKind::kDivide && op->operands.size() == 2 && op->results.size() == 1 && IsUnsignedInteger(m->type(op->results[0]).element)) {
      // x / 2^k on unsigned integers is x >> k exactly (binary searches halve their ranges so);
      // a shift has a vector form, an integer divide has none.
      if (std::optional<int> k = PowerOfTwoSplat(*m, op->operands[1])) {
        const Type t = m->type(op->results[0]);  // a copy: NewOp grows the value table
        auto d = std::make_shared<DenseData>();
        d->type = t;
        d->splat = true;
        d->bytes.assign(ElementTypeByteSize(t.element), 0);
        d->bytes[0] = static_cast<uint8_t>(*k);
        auto shift = NewOp(m, OpKind::kConstant, {}, t, op->loc);
        shift->attrs.push_back({"value", MakeDenseAttr(std::move(d))});
        op->operands[1] = shift->results[0];
        op->kind = OpKind::kShiftRightLogical;
        ops.push_back(std::move(shift));
      }
    } else if (op->kind == OpKind::kDivide && op->operands.size() == 2 && op->results.size() == 1 && !reciprocal) {
      const Type& t = m->type(op->results[0]);
      const ValueId divisor = op->operands[1];
      const Op* def = m->values[static_cast<size_t>(divisor)].def;
      const bool floating = IsRealFloat(t.element);
      if (floating && def && def->kind == OpKind::kConstant) {
        const DenseData* c = ConstantOf(*m, divisor);
        if (auto inv = c ? Reciprocal(*c) : nullptr) {
          const Type divisor_type = m->type(divisor);  // a copy: NewOp grows the value table
          auto k = NewOp(m, OpKind::kConstant, {}, divisor_type, op->loc);
          k->attrs.push_back({"value", MakeDenseAttr(std::move(inv))});
          op->operands[1] = k->results[0];
          op->kind = OpKind::kMultiply;
          ops.push_back(std::move(k));
        }
      } else if (floating && def && def->kind == OpKind::kBroadcastInDim && def->operands.size() == 1 &&
                 m->type(def->operands[0]).element == t.element) {
        const ValueId b = def->operands[0];
        // Copies: NewOp grows the value table, which would leave references into it dangling.
        const Type bt = m->type(b), divisor_type = m->type(divisor);
        auto one = NewOp(m, OpKind::kConstant, {}, bt, op->loc);
        one->attrs.push_back({"value", MakeDenseAttr(SplatOne(bt))});
        auto inv = NewOp(m, OpKind::kDivide, {one->results[0], b}, bt, op->loc);
        auto bcast = NewOp(m, OpKind::kBroadcastInDim, {inv->results[0]}, divisor_type, op->loc);
        bcast->attrs = def->attrs;
        op->operands[1] = bcast->results[0];
        op->kind = OpKind::kMultiply;
        ops.push_back(std::move(one));
        ops.push_back(std::move(inv));
        ops.push_back(std::move(bcast));
      }
    }
    ops.push_back(std::move(op));
  }
  r->ops = std::move(ops);
}

}  // namespace

void FoldConstants(Module* module) {
  Function* f = module->functions.front().get();
  std::vector<int32_t> uses(module->values.size(), 0);
  CountUses(*f->body, &uses);
  FoldRegion(module, f->body.get(), uses);
  InvertDivisors(module, f->body.get());
}

}  // namespace jaxlib::compiler
