// Point gathers (x[i, j]: one element per index vector, or x[i, j] of an image: one run of the
// trailing dims per index vector) whose index vectors are a concatenation of per-dimension index
// arrays become one-component gathers from the operand flattened to rows of the window, with the
// row offset computed elementwise. Never materialises the [N, k] index array; must not change
// which element any position reads.
#include <algorithm>
#include <cstring>
#include <limits>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {

namespace {

bool IsIndexInteger(ElementType t) {
  switch (t) {
    case ElementType::kS8: case ElementType::kS16: case ElementType::kS32: case ElementType::kS64:
    case ElementType::kU8: case ElementType::kU16: case ElementType::kU32: case ElementType::kU64:
      return true;
    default:
      return false;
  }
}

bool IsSignedInteger(ElementType t) {
  return t == ElementType::kS8 || t == ElementType::kS16 || t == ElementType::kS32 || t == ElementType::kS64;
}

// The largest value of integer type t.
uint64_t MaxOf(ElementType t) {
  const size_t bits = 8 * ElementTypeByteSize(t);
  const uint64_t all = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  return IsSignedInteger(t) ? all >> 1 : all;
}

// A splat integer constant of type t (little-endian low bytes of v).
std::unique_ptr<Op> IntSplat(Module* m, const Type& t, uint64_t v, Location loc) {
  auto d = std::make_shared<DenseData>();
  d->type = t;
  d->splat = true;
  d->bytes.resize(ElementTypeByteSize(t.element));
  std::memcpy(d->bytes.data(), &v, d->bytes.size());
  auto op = NewOp(m, OpKind::kConstant, {}, t, loc);
  op->attrs.push_back({"value", MakeDenseAttr(std::move(d))});
  return op;
}

// The concatenate along index_vector_dim of unit-width index arrays that defines a point
// gather's indices, or nullptr when `op` is not such a gather.
const Op* PointGatherConcat(const Module& m, const Op& op) {
  if (op.kind != OpKind::kGather || op.operands.size() != 2 || op.results.size() != 1) return nullptr;
  const Type& x = m.type(op.operands[0]);
  const Type& idx = m.type(op.operands[1]);
  if (!x.is_tensor() || !idx.is_tensor() || x.rank() == 0 || x.element_count() == 0 || !IsIndexInteger(idx.element)) return nullptr;
  const int64_t ivd = op.IntAttr("index_vector_dim", idx.rank());
  if (ivd != idx.rank() - 1) return nullptr;
  if (!op.IntListAttr("operand_batching_dims").empty()) return nullptr;
  const std::vector<int64_t> sizes = op.IntListAttr("slice_sizes"), collapsed = op.IntListAttr("collapsed_slice_dims"),
                             map = op.IntListAttr("start_index_map"), offset_dims = op.IntListAttr("offset_dims");
  if (static_cast<int64_t>(sizes.size()) != x.rank()) return nullptr;
  if (map.size() < 2 || static_cast<int64_t>(map.size()) != idx.dims.back()) return nullptr;
  // The indexed dims are the collapsed ones, the leading dims 0..k-1 in some order; the rest are
  // whole and form the window, the result's trailing dims.
  const int64_t k = static_cast<int64_t>(map.size());
  std::vector<int64_t> sorted_map = map;
  std::sort(sorted_map.begin(), sorted_map.end());
  for (int64_t d = 0; d < k; ++d)
    if (sorted_map[static_cast<size_t>(d)] != d) return nullptr;
  if (collapsed != sorted_map) return nullptr;
  for (int64_t d = 0; d < x.rank(); ++d)
    if (sizes[static_cast<size_t>(d)] != (d < k ? 1 : x.dims[static_cast<size_t>(d)])) return nullptr;
  const int64_t batch_rank = idx.rank() - 1, window_rank = x.rank() - k;
  if (static_cast<int64_t>(offset_dims.size()) != window_rank) return nullptr;
  for (int64_t j = 0; j < window_rank; ++j)
    if (offset_dims[static_cast<size_t>(j)] != batch_rank + j) return nullptr;
  // Every element offset must fit the index type.
  if (static_cast<uint64_t>(x.element_count()) - 1 > MaxOf(idx.element)) return nullptr;
  const Op* def = m.values[static_cast<size_t>(op.operands[1])].def;
  if (!def || def->kind != OpKind::kConcatenate || def->IntAttr("dimension", -1) != ivd ||
      def->operands.size() != map.size())
    return nullptr;
  for (ValueId v : def->operands)
    if (m.type(v).dims.back() != 1 || m.type(v).element != idx.element) return nullptr;
  return def;
}

void LinearizeIn(Module* m, Region* r) {
  std::vector<std::unique_ptr<Op>> ops;
  std::vector<std::pair<ValueId, ValueId>> replaced;  // a windowed gather's result -> its reshape
  ops.reserve(r->ops.size());
  for (auto& op : r->ops) {
    for (auto& sub : op->regions) LinearizeIn(m, sub.get());
    const Op* concat = PointGatherConcat(*m, *op);
    if (!concat) {
      ops.push_back(std::move(op));
      continue;
    }
    // Copies: MakeOp grows the value table.
    const Type x = m->type(op->operands[0]);
    const Type index_part = m->type(concat->operands[0]);
    std::vector<ValueId> parts = concat->operands;
    // Index arrays reshaped to [..., 1] for the concatenate (JAX's x[i, j]) are read before the
    // reshape, so the offset arithmetic fuses with what computed them; one reshape at the end.
    Type part = index_part;
    part.dims.pop_back();
    bool unreshaped = true;
    for (ValueId v : parts) {
      const Op* d = m->values[static_cast<size_t>(v)].def;
      unreshaped = unreshaped && d && d->kind == OpKind::kReshape && m->type(d->operands[0]).dims == part.dims;
    }
    if (unreshaped) {
      for (ValueId& v : parts) v = m->values[static_cast<size_t>(v)].def->operands[0];
    } else {
      part = index_part;
    }
    const std::vector<int64_t> map = op->IntListAttr("start_index_map");
    // Rows of the window (the trailing, whole dims): W elements each; strides count rows.
    const size_t k = map.size();
    int64_t window = 1;
    for (size_t d = k; d < x.dims.size(); ++d) window *= x.dims[d];
    std::vector<int64_t> strides(k, 1);
    for (size_t d = k - 1; d-- > 0;) strides[d] = strides[d + 1] * x.dims[d + 1];
    const bool is_signed = IsSignedInteger(part.element);
    // offset = sum_k clamp(i_k, 0, dim_k - 1) * stride_k, each term below the element count.
    ValueId offset = -1;
    for (size_t k = 0; k < parts.size(); ++k) {
      const size_t d = static_cast<size_t>(map[k]);
      ValueId v = parts[k];
      if (is_signed) {
        auto zero = IntSplat(m, part, 0, op->loc);
        auto lo = NewOp(m, OpKind::kMaximum, {v, zero->results[0]}, part, op->loc);
        v = lo->results[0];
        ops.push_back(std::move(zero));
        ops.push_back(std::move(lo));
      }
      auto top = IntSplat(m, part, static_cast<uint64_t>(x.dims[d] - 1), op->loc);
      auto hi = NewOp(m, OpKind::kMinimum, {v, top->results[0]}, part, op->loc);
      v = hi->results[0];
      ops.push_back(std::move(top));
      ops.push_back(std::move(hi));
      if (strides[d] != 1) {
        auto stride = IntSplat(m, part, static_cast<uint64_t>(strides[d]), op->loc);
        auto mul = NewOp(m, OpKind::kMultiply, {v, stride->results[0]}, part, op->loc);
        v = mul->results[0];
        ops.push_back(std::move(stride));
        ops.push_back(std::move(mul));
      }
      if (offset >= 0) {
        auto add = NewOp(m, OpKind::kAdd, {offset, v}, part, op->loc);
        v = add->results[0];
        ops.push_back(std::move(add));
      }
      offset = v;
    }
    if (unreshaped) {
      auto back = NewOp(m, OpKind::kReshape, {offset}, index_part, op->loc);
      offset = back->results[0];
      ops.push_back(std::move(back));
    }
    if (window == 1) {
      auto flat = NewOp(m, OpKind::kReshape, {op->operands[0]}, Type::Tensor(x.element, {x.element_count()}), op->loc);
      op->operands = {flat->results[0], offset};
      op->SetAttr("collapsed_slice_dims", MakeIntListAttr({0}));
      op->SetAttr("start_index_map", MakeIntListAttr({0}));
      op->SetAttr("slice_sizes", MakeIntListAttr({1}));
      ops.push_back(std::move(flat));
      ops.push_back(std::move(op));
      continue;
    }
    // A window of trailing dims: the operand as rows [count / W, W], the gather's result
    // [batch..., W], reshaped to the original result.
    const Type result = m->type(op->results[0]);
    auto rows = NewOp(m, OpKind::kReshape, {op->operands[0]},
                      Type::Tensor(x.element, {x.element_count() / window, window}), op->loc);
    std::vector<int64_t> gathered_dims(result.dims.begin(),
                                       result.dims.end() - static_cast<std::ptrdiff_t>(x.dims.size() - k));
    gathered_dims.push_back(window);
    const int64_t batch_rank = static_cast<int64_t>(gathered_dims.size()) - 1;
    auto gather = NewOp(m, OpKind::kGather, {rows->results[0], offset}, Type::Tensor(x.element, gathered_dims), op->loc);
    gather->attrs = op->attrs;
    gather->SetAttr("collapsed_slice_dims", MakeIntListAttr({0}));
    gather->SetAttr("start_index_map", MakeIntListAttr({0}));
    gather->SetAttr("slice_sizes", MakeIntListAttr({1, window}));
    gather->SetAttr("offset_dims", MakeIntListAttr({batch_rank}));
    auto back = NewOp(m, OpKind::kReshape, {gather->results[0]}, result, op->loc);
    replaced.emplace_back(op->results[0], back->results[0]);
    ops.push_back(std::move(rows));
    ops.push_back(std::move(gather));
    ops.push_back(std::move(back));
  }
  r->ops = std::move(ops);
  for (const auto& [from, to] : replaced) ReplaceUses(r, from, to);
}

}  // namespace

void LinearizePointGathers(Module* module) {
  for (auto& f : module->functions) LinearizeIn(module, f->body.get());
}

}  // namespace jaxlib::compiler
