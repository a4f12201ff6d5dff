// Recognises the softmax that JAX emits (jax.nn.softmax over the last axis, f32):
//
//   m = reduce(x, -inf) max over the last dim      [optionally m = maximum(broadcast(-inf), m)]
//   e = exp(x - broadcast(m))
//   s = reduce(e, 0) add over the last dim
//   y = e * broadcast(1 / s)      (JAX writes e / broadcast(s); FoldConstants makes it this, as XLA does)
//
// and rewrites y into custom_call @jaxlib.cpu.softmax(x), which a backend runs row by row with
// the row in cache: one read of x and one write of y instead of three passes and two exps per
// element. Likewise JAX's logsumexp over the last axis (jax.nn.logsumexp, f32):
//
//   m = reduce(x, -inf) max over the last dim      [optionally m = maximum(broadcast(-inf), m)]
//   c = select(is_finite(m), m, broadcast(0))
//   y = log(abs(reduce(exp(x - broadcast(c)), 0) add over the last dim)) + c
//
// becomes custom_call @jaxlib.logsumexp(x): one read of x instead of two. A softmax of x = a * c
// (c one f32 value) reads a and multiplies as it goes (attribute kSoftmaxScaleAttr: c's bits). The dead max/exp/sum
// ops are left for dead-code elimination (they stay if anything else reads them). Only for
// backends that implement the targets (PipelineOptions::match_softmax).
#include <algorithm>
#include <cstring>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

constexpr int64_t kSoftmaxMinElements = 4096;

const Op* Def(const Module& m, ValueId v) { return m.values[static_cast<size_t>(v)].def; }

bool IsSplatF32(const Module& m, ValueId v, float want) {
  const Op* def = Def(m, v);
  while (def && def->kind == OpKind::kBroadcastInDim) def = Def(m, def->operands[0]);
  if (!def || def->kind != OpKind::kConstant) return false;
  const Attribute* a = def->attr("value");
  if (!a || a->kind != Attribute::Kind::kDense || !a->dense || a->dense->type.element != ElementType::kF32) return false;
  if (!a->dense->splat && a->dense->type.element_count() != 1) return false;
  float got;
  std::memcpy(&got, a->dense->bytes.data(), sizeof got);
  return std::memcmp(&got, &want, sizeof got) == 0;
}

// `def` is a broadcast_in_dim that keeps the leading dims of `full` in place and adds (or
// widens from 1) only the last dim, as JAX goes [N] -> [N, 1] -> [N, L].
bool IsRowBroadcast(const Module& m, const Op* def, const Type& full) {
  if (!def || def->kind != OpKind::kBroadcastInDim || def->operands.size() != 1) return false;
  const int r = full.rank();
  const Type& in = m.type(def->operands[0]);
  std::vector<int64_t> dims = def->IntListAttr("broadcast_dimensions");
  for (size_t k = 0; k < dims.size(); ++k)
    if (dims[k] != static_cast<int64_t>(k)) return false;
  for (int k = 0; k < in.rank(); ++k) {
    const int64_t d = in.dims[static_cast<size_t>(k)];
    const bool leading = k < r - 1;
    if (leading ? d != full.dims[static_cast<size_t>(k)] : d != 1) return false;
  }
  return true;
}

// Follows row broadcasts down from `v`; `*hops` counts them.
ValueId SkipRowBroadcasts(const Module& m, ValueId v, const Type& full, int* hops) {
  *hops = 0;
  for (const Op* def = Def(m, v); IsRowBroadcast(m, def, full); def = Def(m, v)) {
    v = def->operands[0];
    ++*hops;
  }
  return v;
}

// `t` has the shape of `full` without its last dim: one value per row.
bool IsRowShape(const Type& t, const Type& full) {
  return t.rank() == full.rank() - 1 && std::equal(t.dims.begin(), t.dims.end(), full.dims.begin());
}

// `v` is `row_value` (shape full.dims minus the last dim) broadcast along the last dim of
// `full`, through one or more row broadcasts. Returns row_value, or -1.
ValueId UnbroadcastRows(const Module& m, ValueId v, const Type& full) {
  int hops = 0;
  const ValueId row = SkipRowBroadcasts(m, v, full, &hops);
  return hops > 0 && IsRowShape(m.type(row), full) ? row : -1;
}

// `v` is 1 / w broadcast along the last dim, where w is a row value itself or a row broadcast
// of one (the simplifier takes the reciprocal below the last broadcast). Returns the row value.
ValueId ReciprocalRows(const Module& m, ValueId v, const Type& full) {
  int hops = 0;
  const Op* inv = Def(m, SkipRowBroadcasts(m, v, full, &hops));
  if (hops == 0 || !inv || inv->kind != OpKind::kDivide || !IsSplatF32(m, inv->operands[0], 1.0f)) return -1;
  const ValueId w = inv->operands[1];
  const Type& wt = m.type(w);
  if (IsRowShape(wt, full) && wt.element == full.element) return w;
  return UnbroadcastRows(m, w, full);
}

// `v` is reduce(x, init) over the last dim of `x` with a body of one `body_kind` op; returns x.
ValueId ReducedRows(const Module& m, ValueId v, OpKind body_kind, float init) {
  const Op* def = Def(m, v);
  if (!def || def->kind != OpKind::kReduce || def->operands.size() != 2 || def->results.size() != 1) return -1;
  const Type& x = m.type(def->operands[0]);
  if (x.element != ElementType::kF32 || x.rank() < 1) return -1;
  if (def->IntListAttr("dimensions") != std::vector<int64_t>{x.rank() - 1}) return -1;
  if (!IsSplatF32(m, def->operands[1], init)) return -1;
  const Region& body = *def->regions[0];
  if (body.ops.size() != 1 || body.ops[0]->kind != body_kind || body.args.size() != 2) return -1;
  const Op& combine = *body.ops[0];
  if (body.results.size() != 1 || body.results[0] != combine.results[0]) return -1;
  if (!((combine.operands[0] == body.args[0] && combine.operands[1] == body.args[1]) ||
        (combine.operands[0] == body.args[1] && combine.operands[1] == body.args[0])))
    return -1;
  return def->operands[0];
}

// `mx` is the row max of some x (reduce max from -inf over the last dim), optionally through
// JAX's max(-inf, m), the identity on every m, NaN included. Returns x, or -1.
ValueId RowMaxInput(const Module& m, ValueId mx) {
  if (const Op* clamp = Def(m, mx); clamp && clamp->kind == OpKind::kMaximum) {
    const float neg_inf = -__builtin_inff();
    if (IsSplatF32(m, clamp->operands[0], neg_inf)) mx = clamp->operands[1];
    else if (IsSplatF32(m, clamp->operands[1], neg_inf)) mx = clamp->operands[0];
    else return -1;
  }
  return ReducedRows(m, mx, OpKind::kMaximum, -__builtin_inff());
}

// The x of y = softmax(x), or -1 when `y`'s op is not the pattern.
ValueId SoftmaxInput(const Module& m, const Op& div) {
  if (div.kind != OpKind::kMultiply || div.operands.size() != 2 || div.results.size() != 1) return -1;
  const Type& t = m.type(div.results[0]);
  if (t.element != ElementType::kF32 || t.rank() < 1 || t.dims.back() < 1) return -1;
  // Smaller arrays keep their reduce ops, which sum in XLA's own tree order below this size
  // (backends/cpu/executor/kernels/reduce.cc); from here on every path uses the row reducer.
  if (t.element_count() < kSoftmaxMinElements) return -1;
  const Op* exp = Def(m, div.operands[0]);
  if (!exp || exp->kind != OpKind::kExp) return -1;
  ValueId s = ReciprocalRows(m, div.operands[1], t);
  if (s < 0 || ReducedRows(m, s, OpKind::kAdd, 0.0f) != div.operands[0]) return -1;
  const Op* sub = Def(m, exp->operands[0]);
  if (!sub || sub->kind != OpKind::kSubtract) return -1;
  const ValueId x = sub->operands[0];
  if (m.type(x) != t) return -1;
  ValueId mx = UnbroadcastRows(m, sub->operands[1], t);
  if (mx < 0 || RowMaxInput(m, mx) != x) return -1;
  return x;
}

// The x of y = logsumexp(x) over the last dim, or -1 when `add`'s op is not the pattern.
ValueId LogSumExpInput(const Module& m, const Op& add) {
  if (add.kind != OpKind::kAdd || add.operands.size() != 2 || add.results.size() != 1) return -1;
  const Type& y = m.type(add.results[0]);
  if (y.element != ElementType::kF32) return -1;
  for (int k = 0; k < 2; ++k) {
    const Op* log = Def(m, add.operands[static_cast<size_t>(k)]);
    const ValueId c = add.operands[static_cast<size_t>(1 - k)];
    if (!log || log->kind != OpKind::kLog) continue;
    const Op* abs = Def(m, log->operands[0]);
    if (!abs || abs->kind != OpKind::kAbs) continue;
    const ValueId exp_v = ReducedRows(m, abs->operands[0], OpKind::kAdd, 0.0f);
    const Op* exp = exp_v < 0 ? nullptr : Def(m, exp_v);
    if (!exp || exp->kind != OpKind::kExp) continue;
    const Op* sub = Def(m, exp->operands[0]);
    if (!sub || sub->kind != OpKind::kSubtract) continue;
    const ValueId x = sub->operands[0];
    const Type& t = m.type(x);
    // Smaller arrays keep their reduce ops, as for softmax.
    if (t.element != ElementType::kF32 || t.rank() < 1 || t.element_count() < kSoftmaxMinElements) continue;
    if (!IsRowShape(y, t) || UnbroadcastRows(m, sub->operands[1], t) != c) continue;
    // c = select(is_finite(mx), mx, 0) with mx the row max.
    const Op* sel = Def(m, c);
    if (!sel || sel->kind != OpKind::kSelect || sel->operands.size() != 3) continue;
    const Op* finite = Def(m, sel->operands[0]);
    if (!finite || finite->kind != OpKind::kIsFinite || finite->operands[0] != sel->operands[1]) continue;
    if (!IsSplatF32(m, sel->operands[2], 0.0f) || RowMaxInput(m, sel->operands[1]) != x) continue;
    return x;
  }
  return -1;
}

// x = a * c with c one f32 value (attention's scores scaled by 1/sqrt(d) after the product): a
// and c's bits, else false. The softmax kernel then multiplies as it reads (the same multiply,
// the same bits) instead of a pass of its own writing x.
bool ScaledBy(const Module& m, ValueId x, ValueId* a, uint32_t* c) {
  const Op* mul = Def(m, x);
  if (!mul || mul->kind != OpKind::kMultiply || mul->operands.size() != 2) return false;
  for (int k = 0; k < 2; ++k) {
    const Op* def = Def(m, mul->operands[static_cast<size_t>(1 - k)]);
    while (def && def->kind == OpKind::kBroadcastInDim) def = Def(m, def->operands[0]);
    if (!def || def->kind != OpKind::kConstant) continue;
    const Attribute* attr = def->attr("value");
    if (!attr || attr->kind != Attribute::Kind::kDense || !attr->dense || attr->dense->type.element != ElementType::kF32 ||
        (!attr->dense->splat && attr->dense->type.element_count() != 1))
      continue;
    if (m.type(mul->operands[static_cast<size_t>(k)]) != m.type(x)) continue;
    std::memcpy(c, attr->dense->bytes.data(), sizeof *c);
    *a = mul->operands[static_cast<size_t>(k)];
    return true;
  }
  return false;
}

void MatchRegion(Module* m, Region* r) {
  for (auto& op : r->ops) {
    for (auto& sub : op->regions) MatchRegion(m, sub.get());
    ValueId x = SoftmaxInput(*m, *op);
    const char* target = kSoftmaxTarget;
    if (x < 0) {
      x = LogSumExpInput(*m, *op);
      target = kLogSumExpTarget;
    }
    if (x < 0) continue;
    op->kind = OpKind::kCustomCall;
    op->callee = target;
    op->attrs.clear();
    ValueId a = -1;
    uint32_t scale = 0;
    if (target == kSoftmaxTarget && ScaledBy(*m, x, &a, &scale)) {
      op->operands = {a};
      op->attrs.push_back({kSoftmaxScaleAttr, MakeIntAttr(scale)});
    } else {
      op->operands = {x};
    }
  }
}

}  // namespace

void MatchSoftmax(Module* module) {
  for (auto& f : module->functions) MatchRegion(module, f->body.get());
}

}  // namespace jaxlib::compiler
