// Products of a loop body that read one step's slice of a loop-invariant array (a scan's input
// x_t = xs[t]) against another loop-invariant operand (x_t @ W) are computed for every step at
// once before the loop, as one larger product (xs @ W), and the body slices step t's rows out of
// it. One GEMM with T times the rows runs near the machine's peak where T small ones each pay
// their packing and hand-off; the recurrence that needs the previous step's result stays in the
// loop. Each result element is the same dot product of the same two vectors.
#include <algorithm>
#include <optional>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {

namespace {

// Largest hoisted product (bytes): the loop then holds every step's rows at once.
constexpr int64_t kMaxHoistedBytes = int64_t{64} << 20;

bool IsZeroConstant(const Module& m, ValueId v) {
  const DenseData* c = ConstantOf(m, v);
  return c && c->splat && std::all_of(c->bytes.begin(), c->bytes.end(), [](uint8_t b) { return b == 0; });
}

// A step slice of carry `arg`: dynamic_slice(arg, t, 0, ..., 0) with sizes [1, full...], seen
// directly or through a reshape that drops its leading unit dim.
struct StepSlice {
  const Op* slice = nullptr;
  bool reshaped = false;
};

std::optional<StepSlice> AsStepSlice(const Module& m, ValueId v) {
  StepSlice s;
  const Op* def = m.values[static_cast<size_t>(v)].def;
  if (def && def->kind == OpKind::kReshape && def->operands.size() == 1) {
    const Type& in = m.type(def->operands[0]);
    const Type& out = m.type(def->results[0]);
    if (in.rank() != out.rank() + 1 || in.dims.empty() || in.dims[0] != 1 ||
        !std::equal(out.dims.begin(), out.dims.end(), in.dims.begin() + 1))
      return std::nullopt;
    s.reshaped = true;
    def = m.values[static_cast<size_t>(def->operands[0])].def;
  }
  if (!def || def->kind != OpKind::kDynamicSlice || def->results.size() != 1) return std::nullopt;
  const Type& x = m.type(def->operands[0]);
  const std::vector<int64_t> sizes = def->IntListAttr("slice_sizes");
  if (x.rank() < 2 || def->operands.size() != static_cast<size_t>(x.rank()) + 1 || sizes.size() != x.dims.size() ||
      sizes[0] != 1)
    return std::nullopt;
  for (size_t k = 1; k < sizes.size(); ++k)
    if (sizes[k] != x.dims[k] || !IsZeroConstant(m, def->operands[k + 1])) return std::nullopt;
  s.slice = def;
  return s;
}

class Hoister {
 public:
  explicit Hoister(Module* m) : m_(m) {}

  void Run(Region* r) {
    for (size_t i = 0; i < r->ops.size(); ++i) {
      Op* op = r->ops[i].get();
      for (auto& sub : op->regions) Run(sub.get());
      if (op->kind == OpKind::kWhile && op->regions.size() == 2) i += HoistFrom(r, i);
    }
  }

 private:
  // The carry index whose body argument `v` is, when the body returns it unchanged; else -1.
  static int InvariantCarry(const Region& body, ValueId v) {
    for (size_t k = 0; k < body.args.size(); ++k)
      if (body.args[k] == v) return k < body.results.size() && body.results[k] == v ? static_cast<int>(k) : -1;
    return -1;
  }

  // Hoists the products of while r->ops[i]'s body; returns the number of ops inserted before it.
  size_t HoistFrom(Region* r, size_t i) {
    Op* loop = r->ops[i].get();
    Region& body = *loop->regions[1];
    Region& cond = *loop->regions[0];
    size_t inserted = 0;
    for (size_t j = 0; j < body.ops.size(); ++j) {
      Op* dot = body.ops[j].get();
      if (dot->kind != OpKind::kDotGeneral || dot->operands.size() != 2 || dot->results.size() != 1) continue;
      if (!dot->IntListAttr("lhs_batching_dimensions").empty()) continue;
      for (int side = 0; side < 2; ++side) {
        std::optional<StepSlice> s = AsStepSlice(*m_, dot->operands[static_cast<size_t>(side)]);
        if (!s) continue;
        const int sliced = InvariantCarry(body, s->slice->operands[0]);
        const int other = InvariantCarry(body, dot->operands[static_cast<size_t>(1 - side)]);
        if (sliced < 0 || other < 0) continue;
        if (Hoist(r, i + inserted, loop, body, cond, j, side, *s, sliced, other)) {
          ++inserted;
          break;
        }
      }
    }
    return inserted;
  }

  // Hoists body.ops[at_dot] (a dot reading step slice `s` on `side`); false when its dims do not fit.
  bool Hoist(Region* r, size_t at, Op* loop, Region& body, Region& cond, size_t at_dot, int side, const StepSlice& s,
             int sliced, int other) {
    Op* dot = body.ops[at_dot].get();
    const Type xs = m_->type(loop->operands[static_cast<size_t>(sliced)]);
    const Type w = m_->type(loop->operands[static_cast<size_t>(other)]);
    const Type rt = m_->type(dot->results[0]);
    const int64_t steps = xs.dims[0];
    // Dims of the operand as the dot reads it, and how they map onto xs's dims.
    const int shift = s.reshaped ? 1 : 0;
    std::vector<int64_t> lc = dot->IntListAttr("lhs_contracting_dimensions");
    std::vector<int64_t> rc = dot->IntListAttr("rhs_contracting_dimensions");
    std::vector<int64_t>& mine = side == 0 ? lc : rc;
    for (int64_t& d : mine) {
      d += shift;
      if (d == 0) return false;  // the step dim contracted (a unit dim read as such)
    }
    // Result dims: lhs free dims, then rhs free dims; the step dim is xs's dim 0, a free dim.
    const Type& lt = side == 0 ? xs : w;
    const Type& rtp = side == 0 ? w : xs;
    std::vector<int64_t> dims;
    int step_pos = -1;
    for (int k = 0; k < lt.rank(); ++k)
      if (std::find(lc.begin(), lc.end(), int64_t{k}) == lc.end()) {
        if (side == 0 && k == 0) step_pos = static_cast<int>(dims.size());
        dims.push_back(lt.dims[static_cast<size_t>(k)]);
      }
    for (int k = 0; k < rtp.rank(); ++k)
      if (std::find(rc.begin(), rc.end(), int64_t{k}) == rc.end()) {
        if (side == 1 && k == 0) step_pos = static_cast<int>(dims.size());
        dims.push_back(rtp.dims[static_cast<size_t>(k)]);
      }
    Type all = Type::Tensor(rt.element, dims);
    if (step_pos < 0 || steps < 2 || all.byte_size() > kMaxHoistedBytes) return false;
    // The step's rows of the hoisted product have the dot's result shape, possibly with the step
    // dim kept as a unit dim.
    std::vector<int64_t> step_dims = dims;
    step_dims[static_cast<size_t>(step_pos)] = 1;
    {
      std::vector<int64_t> squeezed = step_dims;
      squeezed.erase(squeezed.begin() + step_pos);
      if (squeezed != rt.dims && step_dims != rt.dims) return false;
    }

    // Before the loop: the product over every step.
    auto hoisted = NewOp(m_, OpKind::kDotGeneral,
                         {side == 0 ? loop->operands[static_cast<size_t>(sliced)] : loop->operands[static_cast<size_t>(other)],
                          side == 0 ? loop->operands[static_cast<size_t>(other)] : loop->operands[static_cast<size_t>(sliced)]},
                         all, dot->loc);
    for (const NamedAttr& a : dot->attrs) {
      if (a.name == "lhs_contracting_dimensions") hoisted->attrs.push_back({a.name, MakeIntListAttr(lc)});
      else if (a.name == "rhs_contracting_dimensions") hoisted->attrs.push_back({a.name, MakeIntListAttr(rc)});
      else hoisted->attrs.push_back(a);
    }
    const ValueId all_value = hoisted->results[0];
    r->ops.insert(r->ops.begin() + static_cast<std::ptrdiff_t>(at), std::move(hoisted));

    // A new invariant carry holding it.
    loop->operands.push_back(all_value);
    loop->results.push_back(m_->NewValue(all, loop, nullptr, static_cast<int>(loop->results.size())));
    cond.args.push_back(m_->NewValue(all, nullptr, &cond, static_cast<int>(cond.args.size())));
    const ValueId carried = m_->NewValue(all, nullptr, &body, static_cast<int>(body.args.size()));
    body.args.push_back(carried);
    body.results.push_back(carried);

    // In the body: step t's rows of it, where the dot was.
    const Op& slice = *s.slice;
    const ValueId zero = slice.operands[2];  // a zero start of the step slice's index type
    std::vector<ValueId> starts(dims.size(), zero);
    starts[static_cast<size_t>(step_pos)] = slice.operands[1];
    std::vector<ValueId> operands = {carried};
    operands.insert(operands.end(), starts.begin(), starts.end());
    if (step_dims == rt.dims) {
      dot->kind = OpKind::kDynamicSlice;
      dot->operands = operands;
      dot->attrs.clear();
      dot->attrs.push_back({"slice_sizes", MakeIntListAttr(step_dims)});
    } else {
      auto take = NewOp(m_, OpKind::kDynamicSlice, operands, Type::Tensor(rt.element, step_dims), dot->loc);
      take->attrs.push_back({"slice_sizes", MakeIntListAttr(step_dims)});
      const ValueId rows = take->results[0];
      body.ops.insert(body.ops.begin() + static_cast<std::ptrdiff_t>(at_dot), std::move(take));
      dot->kind = OpKind::kReshape;
      dot->operands = {rows};
      dot->attrs.clear();
    }
    return true;
  }

  Module* m_;
};

}  // namespace

void HoistLoopProducts(Module* module) { Hoister(module).Run(module->functions.front()->body.get()); }

}  // namespace jaxlib::compiler
