// Chains of data-movement ops (reshape, broadcast_in_dim, transpose) that copy more than once
// become one copy. Every such chain reads its root through a strided view: each result dim is a
// list of (size, stride) factors over the root's row-major elements (stride 0: repeated). When
// the root's factors, ordered by stride, are a row-major split of the root, the chain equals
//   reshape(root -> factor sizes) -> broadcast_in_dim (a permuting broadcast) -> reshape(result)
// of which only the broadcast copies. jnp.repeat(jnp.tile(x)) so writes its result once instead
// of materialising the tile first. Exact: the same elements move.
#include <algorithm>
#include <numeric>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {

namespace {

struct Factor {
  int64_t size;
  int64_t stride;  // in root elements; 0 when the dim repeats
};
using View = std::vector<std::vector<Factor>>;  // factors per dim, outermost first

// Merges neighbouring factors of one dim that walk contiguously (or both repeat).
void Canonicalize(View* v) {
  for (auto& dim : *v) {
    std::vector<Factor> out;
    for (const Factor& f : dim) {
      if (f.size == 1) continue;
      if (!out.empty() && out.back().stride == f.stride * f.size) {
        out.back().size *= f.size;
        out.back().stride = f.stride;
        continue;
      }
      out.push_back(f);
    }
    dim = std::move(out);
  }
}

// The view of a row-major reshape of `v` to `dims`, or nothing when a factor would have to be
// split at a point that does not divide it.
std::optional<View> Reshaped(const View& v, const std::vector<int64_t>& dims) {
  std::vector<Factor> flat;
  for (const auto& d : v)
    for (const Factor& f : d) flat.push_back(f);
  View out(dims.size());
  size_t next = 0;
  for (size_t k = 0; k < dims.size(); ++k) {
    int64_t need = dims[k];
    while (need > 1) {
      if (next == flat.size()) return std::nullopt;
      Factor& f = flat[next];
      if (f.size <= need) {
        if (need % f.size != 0) return std::nullopt;
        out[k].push_back(f);
        need /= f.size;
        ++next;
      } else {
        if (f.size % need != 0) return std::nullopt;
        out[k].push_back(Factor{need, f.stride * (f.size / need)});
        f.size /= need;
        need = 1;
      }
    }
  }
  if (next != flat.size()) return std::nullopt;
  return out;
}

bool IsMovement(OpKind k) {
  return k == OpKind::kReshape || k == OpKind::kBroadcastInDim || k == OpKind::kTranspose;
}

// The view of `op`'s result given its operand's view.
std::optional<View> Apply(const Module& m, const Op& op, const View& in) {
  const Type& rt = m.type(op.results[0]);
  switch (op.kind) {
    case OpKind::kReshape:
      return Reshaped(in, rt.dims);
    case OpKind::kBroadcastInDim: {
      const Type& xt = m.type(op.operands[0]);
      const std::vector<int64_t> bdims = op.IntListAttr("broadcast_dimensions");
      if (bdims.size() != in.size()) return std::nullopt;
      View out(rt.dims.size());
      std::vector<bool> placed(rt.dims.size(), false);
      for (size_t k = 0; k < bdims.size(); ++k) {
        const auto j = static_cast<size_t>(bdims[k]);
        if (xt.dims[k] != 1) {
          out[j] = in[k];
          placed[j] = true;
        }
      }
      for (size_t j = 0; j < out.size(); ++j)
        if (!placed[j]) out[j] = {Factor{rt.dims[j], 0}};
      return out;
    }
    case OpKind::kTranspose: {
      const std::vector<int64_t> perm = op.IntListAttr("permutation");
      if (perm.size() != in.size()) return std::nullopt;
      View out;
      for (int64_t p : perm) out.push_back(in[static_cast<size_t>(p)]);
      return out;
    }
    default:
      return std::nullopt;
  }
}

// An op that moves bytes when it runs (reshapes are aliases).
bool Copies(const Op& op) { return op.kind != OpKind::kReshape; }

class Composer {
 public:
  explicit Composer(Module* m) : m_(m), feeds_elementwise_(m->values.size(), false) {
    MarkElementwiseUses(*m->functions.front()->body);
  }

  void Run(Region* r) {
    for (size_t i = 0; i < r->ops.size(); ++i) {
      Op* op = r->ops[i].get();
      for (auto& sub : op->regions) Run(sub.get());
      if (!Copies(*op) || !IsMovement(op->kind) || op->operands.size() != 1 || op->results.size() != 1) continue;
      i += Rewrite(r, i);
    }
  }

 private:
  void MarkElementwiseUses(const Region& r) {
    for (const auto& op : r.ops) {
      for (const auto& sub : op->regions) MarkElementwiseUses(*sub);
      if (!IsElementwise(op->kind)) continue;
      for (ValueId v : op->operands) feeds_elementwise_[static_cast<size_t>(v)] = true;
    }
  }

  // Rewrites r->ops[i] when its chain copies more than once; returns the number of ops inserted
  // before it.
  size_t Rewrite(Region* r, size_t i) {
    Op* op = r->ops[i].get();
    // The chain, last op first, back to the first value not made by a movement op.
    std::vector<const Op*> chain = {op};
    int copies = 1;
    ValueId root = op->operands[0];
    for (;;) {
      const Op* def = m_->values[static_cast<size_t>(root)].def;
      if (!def || !IsMovement(def->kind) || def->operands.size() != 1 || def->results.size() != 1) break;
      chain.push_back(def);
      copies += Copies(*def) ? 1 : 0;
      root = def->operands[0];
    }
    if (copies < 2) return 0;
    const Type rt = m_->type(op->results[0]);
    const Type xt = m_->type(root);
    if (!xt.is_tensor() || !rt.is_tensor() || xt.element_count() == 0 || rt.element_count() == 0) return 0;

    View view(xt.dims.size());
    {
      int64_t stride = 1;
      for (size_t k = xt.dims.size(); k-- > 0;) {
        view[k] = {Factor{xt.dims[k], stride}};
        stride *= xt.dims[k];
      }
    }
    Canonicalize(&view);
    for (size_t c = chain.size(); c-- > 0;) {
      std::optional<View> next = Apply(*m_, *chain[c], view);
      if (!next) return 0;
      view = std::move(*next);
      Canonicalize(&view);
    }

    // The broadcast's dims: the result's dims split into their factors (a unit dim stays one).
    std::vector<int64_t> bdims_out;
    std::vector<const Factor*> walked;  // per broadcast dim, its factor (nullptr: a unit dim)
    for (const auto& dim : view) {
      if (dim.empty()) {
        bdims_out.push_back(1);
        walked.push_back(nullptr);
      }
      for (const Factor& f : dim) {
        bdims_out.push_back(f.size);
        walked.push_back(&f);
      }
    }
    // The root's factors by decreasing stride must be a row-major split of the root.
    std::vector<size_t> moving;
    for (size_t j = 0; j < walked.size(); ++j)
      if (walked[j] && walked[j]->stride != 0) moving.push_back(j);
    std::stable_sort(moving.begin(), moving.end(),
                     [&](size_t a, size_t b) { return walked[a]->stride > walked[b]->stride; });
    std::vector<int64_t> split_dims;
    int64_t expect = 1;
    for (size_t n = moving.size(); n-- > 0;) {
      if (walked[moving[n]]->stride != expect) return 0;
      expect *= walked[moving[n]]->size;
    }
    if (expect != xt.element_count()) return 0;
    std::vector<int64_t> bdims;
    for (size_t j : moving) {
      split_dims.push_back(walked[j]->size);
      bdims.push_back(static_cast<int64_t>(j));
    }
    const bool needs_result_reshape = bdims_out != rt.dims;
    // A broadcast feeding elementwise ops fuses into them only at their shape: keep those.
    if (needs_result_reshape && feeds_elementwise_[static_cast<size_t>(op->results[0])]) return 0;

    size_t inserted = 0;
    auto insert = [&](std::unique_ptr<Op> o) {
      r->ops.insert(r->ops.begin() + static_cast<std::ptrdiff_t>(i + inserted), std::move(o));
      ++inserted;
    };
    ValueId src = root;
    if (split_dims != xt.dims) {
      auto reshape = NewOp(m_, OpKind::kReshape, {root}, Type::Tensor(xt.element, split_dims), op->loc);
      src = reshape->results[0];
      insert(std::move(reshape));
    }
    if (needs_result_reshape) {
      auto bcast = NewOp(m_, OpKind::kBroadcastInDim, {src}, Type::Tensor(rt.element, bdims_out), op->loc);
      bcast->attrs.push_back({"broadcast_dimensions", MakeIntListAttr(bdims)});
      const ValueId b = bcast->results[0];
      insert(std::move(bcast));
      op->kind = OpKind::kReshape;
      op->attrs.clear();
      op->operands = {b};
    } else {
      op->kind = OpKind::kBroadcastInDim;
      op->attrs.clear();
      op->attrs.push_back({"broadcast_dimensions", MakeIntListAttr(bdims)});
      op->operands = {src};
    }
    return inserted;
  }

  Module* m_;
  std::vector<bool> feeds_elementwise_;
};

}  // namespace

void ComposeDataMovement(Module* module) { Composer(module).Run(module->functions.front()->body.get()); }

}  // namespace jaxlib::compiler
