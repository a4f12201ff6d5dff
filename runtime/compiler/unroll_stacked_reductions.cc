// A reduce over one short dim of a stack (a concatenate of unit pieces along that dim, or an
// iota along it) becomes its body applied elementwise once per piece, so the stack is never
// built and the body's ops fuse with the ops around them. Rewrites only; no numerics here.
#include <cstring>
#include <unordered_map>
#include <unordered_set>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

constexpr int64_t kMaxRows = 8;              // pieces unrolled (each row is one body's worth of ops)
constexpr int64_t kMinKeptElements = 1024;   // smaller reduces gain nothing from a fused loop

bool PlainElementType(ElementType t) {  // elementwise ops on these need no narrow-type lowering
  switch (t) {
    case ElementType::kPred: case ElementType::kS8: case ElementType::kS16: case ElementType::kS32:
    case ElementType::kS64: case ElementType::kU8: case ElementType::kU16: case ElementType::kU32:
    case ElementType::kU64: case ElementType::kF32: case ElementType::kF64:
      return true;
    default:
      return false;
  }
}

// Scalar elementwise ops and scalar constants only, over plain element types, reading only the
// body's arguments and earlier results.
bool UnrollableBody(const Module& m, const Region& body) {
  std::unordered_set<ValueId> known(body.args.begin(), body.args.end());
  for (ValueId a : body.args)
    if (!PlainElementType(m.type(a).element) || m.type(a).rank() != 0) return false;
  for (const auto& op : body.ops) {
    if (!op->regions.empty() || op->results.size() != 1) return false;
    if (op->kind != OpKind::kConstant && !IsElementwise(op->kind)) return false;
    const Type& t = m.type(op->results[0]);
    if (!t.is_tensor() || t.rank() != 0 || !PlainElementType(t.element)) return false;
    for (ValueId v : op->operands)
      if (!known.count(v)) return false;
    known.insert(op->results[0]);
  }
  for (ValueId v : body.results)
    if (!known.count(v)) return false;
  return true;
}

// The body is one binary op on its two arguments (a monoid): the reduce kernels run it with their
// own summation orders, which unrolling would change for floats.
bool IsMonoidBody(const Region& body) {
  if (body.args.size() != 2 || body.ops.size() != 1) return false;
  const Op& op = *body.ops[0];
  return op.operands.size() == 2 && ((op.operands[0] == body.args[0] && op.operands[1] == body.args[1]) ||
                                     (op.operands[0] == body.args[1] && op.operands[1] == body.args[0]));
}

// j as one element of type t (integers little-endian, floats exactly), or empty.
std::vector<uint8_t> ElementBytes(ElementType t, int64_t j) {
  std::vector<uint8_t> b(ElementTypeByteSize(t));
  if (t == ElementType::kF32) {
    const float v = static_cast<float>(j);
    std::memcpy(b.data(), &v, 4);
  } else if (t == ElementType::kF64) {
    const double v = static_cast<double>(j);
    std::memcpy(b.data(), &v, 8);
  } else if (t == ElementType::kPred || t == ElementType::kF16 || t == ElementType::kBF16) {
    return {};
  } else {
    std::memcpy(b.data(), &j, b.size());
  }
  return b;
}

class Unroller {
 public:
  Unroller(Module* m, Region* r) : m_(m), r_(r) {}

  // True if it unrolled any reduce.
  bool Run() {
    bool changed = false;
    for (size_t i = 0; i < r_->ops.size(); ++i) {
      Op* op = r_->ops[i].get();
      for (auto& sub : op->regions) changed = Unroller(m_, sub.get()).Run() || changed;
      if (op->kind != OpKind::kReduce) continue;
      std::vector<std::unique_ptr<Op>> emitted;
      std::vector<ValueId> results;
      if (!Unroll(*op, &emitted, &results)) continue;
      for (size_t k = 0; k < results.size(); ++k) ReplaceUses(r_, op->results[k], results[k]);
      const size_t added = emitted.size();
      r_->ops.insert(r_->ops.begin() + static_cast<std::ptrdiff_t>(i), std::make_move_iterator(emitted.begin()),
                     std::make_move_iterator(emitted.end()));
      i += added;  // the reduce, now unused, is left to dead code elimination
      changed = true;
    }
    return changed;
  }

 private:
  ValueId Emit(std::unique_ptr<Op> op, std::vector<std::unique_ptr<Op>>* out) {
    const ValueId v = op->results[0];
    out->push_back(std::move(op));
    return v;
  }

  // A scalar value broadcast to the kept shape.
  ValueId Splat(ValueId scalar, const std::vector<int64_t>& kept, Location loc, std::vector<std::unique_ptr<Op>>* out) {
    auto b = NewOp(m_, OpKind::kBroadcastInDim, {scalar}, Type::Tensor(m_->type(scalar).element, kept), loc);
    b->attrs.push_back({"broadcast_dimensions", MakeIntListAttr({})});
    return Emit(std::move(b), out);
  }

  // Row j of operand x along dim d, in the kept shape, or kNoValue when it is not free to read.
  // With `out` null it only says whether it is (any non-kNoValue answer), emitting nothing.
  ValueId Row(ValueId x, int64_t d, int64_t j, const std::vector<int64_t>& kept, Location loc,
              std::vector<std::unique_ptr<Op>>* out) {
    const Type& xt = m_->type(x);
    const Op* def = m_->values[static_cast<size_t>(x)].def;
    if (!def) return kNoValue;
    if (def->kind == OpKind::kIota && def->IntAttr("iota_dimension", -1) == d) {
      std::vector<uint8_t> bytes = ElementBytes(xt.element, j);
      if (bytes.empty()) return kNoValue;
      if (!out) return x;
      auto data = std::make_shared<DenseData>();
      data->type = Type::Tensor(xt.element, kept);
      data->splat = true;
      data->bytes = std::move(bytes);
      auto c = NewOp(m_, OpKind::kConstant, {}, data->type, loc);
      c->attrs.push_back({"value", MakeDenseAttr(std::move(data))});
      return Emit(std::move(c), out);
    }
    if (def->kind != OpKind::kConcatenate || def->IntAttr("dimension", -1) != d ||
        def->operands.size() != static_cast<size_t>(xt.dims[static_cast<size_t>(d)]))
      return kNoValue;
    const ValueId piece = def->operands[static_cast<size_t>(j)];
    if (m_->type(piece).dims[static_cast<size_t>(d)] != 1) return kNoValue;
    // The piece as a reshape of a kept-shape value (a unit broadcast JAX wrote to stack it): that value.
    const Op* pdef = m_->values[static_cast<size_t>(piece)].def;
    if (pdef && pdef->kind == OpKind::kReshape && m_->type(pdef->operands[0]).dims == kept) return pdef->operands[0];
    if (!out) return piece;
    // A splat piece (a folded broadcast of a constant) as a splat of the kept shape: constant
    // folding and the fused loops see through it, not through a reshape.
    if (const DenseData* splat = ConstantOf(*m_, piece); splat && splat->splat) {
      auto data = std::make_shared<DenseData>(*splat);
      data->type = Type::Tensor(xt.element, kept);
      auto c = NewOp(m_, OpKind::kConstant, {}, data->type, loc);
      c->attrs.push_back({"value", MakeDenseAttr(std::move(data))});
      return Emit(std::move(c), out);
    }
    return Emit(NewOp(m_, OpKind::kReshape, {piece}, Type::Tensor(xt.element, kept), loc), out);
  }

  bool Unroll(const Op& op, std::vector<std::unique_ptr<Op>>* out, std::vector<ValueId>* results) {
    if (op.regions.size() != 1 || op.operands.size() % 2 != 0 || op.operands.empty()) return false;
    const size_t n = op.operands.size() / 2;
    const Region& body = *op.regions[0];
    if (op.results.size() != n || body.args.size() != 2 * n || body.results.size() != n) return false;
    if (n == 1 && IsMonoidBody(body)) return false;
    if (!UnrollableBody(*m_, body)) return false;
    const std::vector<int64_t> dims = op.IntListAttr("dimensions");
    const Type& xt = m_->type(op.operands[0]);
    if (dims.size() != 1 || dims[0] < 0 || dims[0] >= xt.rank()) return false;
    const int64_t d = dims[0], R = xt.dims[static_cast<size_t>(d)];
    if (R < 2 || R > kMaxRows) return false;
    std::vector<int64_t> kept = xt.dims;
    kept.erase(kept.begin() + d);
    if (m_->type(op.results[0]).dims != kept || xt.element_count() / R < kMinKeptElements) return false;
    // Every row must be free to read before anything is emitted (new ops make new values).
    for (size_t k = 0; k < n; ++k) {
      if (m_->type(op.operands[k]).dims != xt.dims || m_->type(op.results[k]).dims != kept) return false;
      for (int64_t j = 0; j < R; ++j)
        if (Row(op.operands[k], d, j, kept, op.loc, nullptr) == kNoValue) return false;
    }
    std::vector<std::vector<ValueId>> rows(n);
    for (size_t k = 0; k < n; ++k)
      for (int64_t j = 0; j < R; ++j) rows[k].push_back(Row(op.operands[k], d, j, kept, op.loc, out));
    // XLA's order: acc = init, then acc = body(acc, row j) for j = 0, 1, ..., R - 1.
    std::vector<ValueId> acc(n);
    for (size_t k = 0; k < n; ++k) acc[k] = Splat(op.operands[n + k], kept, op.loc, out);
    for (int64_t j = 0; j < R; ++j) {
      std::unordered_map<ValueId, ValueId> map;
      for (size_t k = 0; k < n; ++k) {
        map[body.args[k]] = acc[k];
        map[body.args[n + k]] = rows[k][static_cast<size_t>(j)];
      }
      for (const auto& bop : body.ops) {
        const Type& t = m_->type(bop->results[0]);
        if (bop->kind == OpKind::kConstant) {
          auto c = NewOp(m_, OpKind::kConstant, {}, t, bop->loc);
          c->attrs = bop->attrs;
          map[bop->results[0]] = Splat(Emit(std::move(c), out), kept, bop->loc, out);
          continue;
        }
        std::vector<ValueId> operands;
        for (ValueId v : bop->operands) operands.push_back(map.at(v));
        auto e = NewOp(m_, bop->kind, std::move(operands), Type::Tensor(t.element, kept), bop->loc);
        e->attrs = bop->attrs;
        map[bop->results[0]] = Emit(std::move(e), out);
      }
      for (size_t k = 0; k < n; ++k) acc[k] = map.at(body.results[k]);
    }
    *results = acc;
    return true;
  }

  Module* m_;
  Region* r_;
};

}  // namespace

bool UnrollStackedReductions(Module* module) {
  return Unroller(module, module->functions.front()->body.get()).Run();
}

}  // namespace jaxlib::compiler
