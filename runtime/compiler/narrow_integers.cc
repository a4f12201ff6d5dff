// 64-bit integer arithmetic that only ever reaches 32-bit results, computed in 32 bits: the
// executors' fused loops run 32-bit lanes natively and 64-bit ones through per-op kernels. JAX's
// random bits (threefry's counters: a u64 iota times the row length plus a column iota, split
// into its low and high words) are the common case. Exact rewrites only: never changes a bit.
#include <algorithm>
#include <cstring>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

bool Is64BitInt(ElementType t) { return t == ElementType::kU64 || t == ElementType::kS64; }
bool Is32BitInt(ElementType t) { return t == ElementType::kU32 || t == ElementType::kS32; }
ElementType Narrowed(ElementType t) { return t == ElementType::kS64 ? ElementType::kS32 : ElementType::kU32; }

// The one value of a 64-bit integer constant that is a scalar or a splat.
std::optional<uint64_t> WideSplat(const Module& m, ValueId v) {
  const Op* def = m.values[static_cast<size_t>(v)].def;
  if (!def || def->kind != OpKind::kConstant || !Is64BitInt(m.type(v).element)) return std::nullopt;
  const Attribute* a = def->attr("value");
  if (!a || !a->dense || a->dense->bytes.size() < 8 || (!a->dense->splat && a->dense->type.element_count() != 1))
    return std::nullopt;
  uint64_t bits;
  std::memcpy(&bits, a->dense->bytes.data(), 8);
  return bits;
}

void CollectOps(Region* r, std::vector<Op*>* ops, std::unordered_set<ValueId>* escaping) {
  for (auto& op : r->ops) {
    ops->push_back(op.get());
    for (auto& sub : op->regions) CollectOps(sub.get(), ops, escaping);
  }
  escaping->insert(r->results.begin(), r->results.end());
}

// Upper bounds of 64-bit values that are never negative (below 2^63), from iotas, constants and
// the ops that keep such a bound: what shows a shift right by 32 of a counter to be zero.
std::unordered_map<ValueId, uint64_t> NonNegativeBounds(const Module& m, const std::vector<Op*>& ops) {
  constexpr uint64_t kLimit = uint64_t{1} << 63;
  std::unordered_map<ValueId, uint64_t> hi;
  auto bound = [&](ValueId v) -> std::optional<uint64_t> {
    if (std::optional<uint64_t> c = WideSplat(m, v)) {
      if (*c < kLimit) return *c;
      return std::nullopt;
    }
    auto it = hi.find(v);
    return it == hi.end() ? std::nullopt : std::optional<uint64_t>(it->second);
  };
  for (const Op* op : ops) {
    if (op->results.size() != 1 || !Is64BitInt(m.type(op->results[0]).element)) continue;
    const ValueId r = op->results[0];
    std::optional<uint64_t> a = op->operands.empty() ? std::nullopt : bound(op->operands[0]);
    std::optional<uint64_t> b = op->operands.size() < 2 ? std::nullopt : bound(op->operands[1]);
    std::optional<uint64_t> out;
    switch (op->kind) {
      case OpKind::kIota: {
        const std::vector<int64_t>& dims = m.type(r).dims;
        const int64_t d = op->IntAttr("iota_dimension", 0);
        if (d >= 0 && d < static_cast<int64_t>(dims.size()) && dims[static_cast<size_t>(d)] > 0)
          out = static_cast<uint64_t>(dims[static_cast<size_t>(d)] - 1);
        break;
      }
      case OpKind::kBroadcastInDim:
      case OpKind::kReshape: out = a; break;
      case OpKind::kAdd:
        if (a && b && *a < kLimit - *b) out = *a + *b;
        break;
      case OpKind::kMultiply:
        if (a && b && (*a == 0 || *b < kLimit / *a)) out = *a * *b;
        break;
      case OpKind::kAnd:
        if (a || b) out = std::min(a.value_or(kLimit - 1), b.value_or(kLimit - 1));
        break;
      case OpKind::kShiftRightLogical:
        if (a && b) out = *b >= 64 ? 0 : *a >> *b;
        break;
      default: break;
    }
    if (out) hi[r] = *out;
  }
  return hi;
}

// Ops whose low 32 result bits depend only on the low 32 bits of their operands.
bool KeepsLowBits(OpKind k) {
  return k == OpKind::kAdd || k == OpKind::kSubtract || k == OpKind::kMultiply || k == OpKind::kAnd ||
         k == OpKind::kOr || k == OpKind::kXor || k == OpKind::kNot || k == OpKind::kNegate ||
         k == OpKind::kBroadcastInDim || k == OpKind::kReshape;
}

}  // namespace

void NarrowWideIntegers(Module* module) {
  Module& m = *module;
  std::vector<Op*> ops;
  std::unordered_set<ValueId> escaping;
  CollectOps(m.functions.front()->body.get(), &ops, &escaping);

  // 1. x >> k (logical) of a value below 2^k is zero.
  const std::unordered_map<ValueId, uint64_t> hi = NonNegativeBounds(m, ops);
  for (Op* op : ops) {
    if (op->kind != OpKind::kShiftRightLogical || op->results.size() != 1 || op->operands.size() != 2) continue;
    const ValueId r = op->results[0];
    if (!Is64BitInt(m.type(r).element)) continue;
    auto a = hi.find(op->operands[0]);
    std::optional<uint64_t> k = WideSplat(m, op->operands[1]);
    if (a == hi.end() || !k || (*k < 64 && a->second >> *k != 0)) continue;
    auto d = std::make_shared<DenseData>();
    d->type = m.type(r);
    d->splat = true;
    d->bytes.assign(8, 0);
    op->kind = OpKind::kConstant;
    op->operands.clear();
    op->attrs.clear();
    op->attrs.push_back({"value", MakeDenseAttr(std::move(d))});
  }

  // 2. Values computed by low-bit-preserving ops from iotas and constants, and read only by such
  // ops or by converts to 32-bit integers, become 32-bit values (the converts then reinterpret
  // or copy). Candidates shrink until every read and every operand agrees.
  std::unordered_map<ValueId, std::vector<const Op*>> readers;
  for (const Op* op : ops)
    for (ValueId v : op->operands) readers[v].push_back(op);
  std::unordered_set<ValueId> narrow;
  std::unordered_map<ValueId, Op*> def_of;
  for (Op* op : ops) {
    if (op->results.size() != 1 || !Is64BitInt(m.type(op->results[0]).element)) continue;
    const ValueId r = op->results[0];
    bool ok = KeepsLowBits(op->kind) || WideSplat(m, r).has_value();
    if (op->kind == OpKind::kIota) {
      const std::vector<int64_t>& dims = m.type(r).dims;
      const int64_t d = op->IntAttr("iota_dimension", 0);
      ok = d >= 0 && d < static_cast<int64_t>(dims.size()) && dims[static_cast<size_t>(d)] <= (int64_t{1} << 31);
    }
    if (ok && !escaping.count(r)) {
      narrow.insert(r);
      def_of[r] = op;
    }
  }
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = narrow.begin(); it != narrow.end();) {
      const ValueId v = *it;
      const Op* def = def_of[v];
      bool ok = true;
      if (def->kind != OpKind::kConstant && def->kind != OpKind::kIota)
        for (ValueId x : def->operands) ok = ok && narrow.count(x);
      auto rd = readers.find(v);
      if (rd != readers.end())
        for (const Op* use : rd->second) {
          const bool to_narrow_int = use->kind == OpKind::kConvert && Is32BitInt(m.type(use->results[0]).element);
          ok = ok && (to_narrow_int || (use->results.size() == 1 && narrow.count(use->results[0])));
        }
      if (ok) {
        ++it;
      } else {
        it = narrow.erase(it);
        changed = true;
      }
    }
  }
  for (ValueId v : narrow) {
    Op* def = def_of[v];
    const uint64_t bits = def->kind == OpKind::kConstant ? *WideSplat(m, v) & 0xffffffffu : 0;
    Type& t = m.values[static_cast<size_t>(v)].type;
    t.element = Narrowed(t.element);
    if (def->kind != OpKind::kConstant) continue;
    auto d = std::make_shared<DenseData>();
    d->type = t;
    d->splat = true;
    d->bytes.resize(4);
    std::memcpy(d->bytes.data(), &bits, 4);
    def->attrs.clear();
    def->attrs.push_back({"value", MakeDenseAttr(std::move(d))});
  }
}

}  // namespace jaxlib::compiler
