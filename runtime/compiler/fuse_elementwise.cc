// Elementwise fusion: groups same-shape elementwise ops (pulling in the broadcasts and splat
// constants that feed them) into kFusion ops, so executors run each group as one loop over
// tiles instead of one pass over memory per op. Grouping never creates a dependency cycle.
#include <algorithm>
#include <functional>
#include <queue>
#include <unordered_map>
#include <unordered_set>

#include "runtime/compiler/passes.h"

namespace jaxlib::compiler {
namespace {

bool IsFusibleMember(const Module& m, const Op& op) {
  if (!IsElementwise(op.kind) || op.results.size() != 1) return false;
  if (!m.type(op.results[0]).is_tensor()) return false;
  for (ValueId v : op.operands)
    if (!m.type(v).is_tensor()) return false;
  return true;
}

constexpr int64_t kMinInPlaceSliceElements = 1024;

// The non-unit dims of a shape, in order.
std::vector<int64_t> NonUnitDims(const std::vector<int64_t>& dims) {
  std::vector<int64_t> out;
  for (int64_t d : dims)
    if (d != 1) out.push_back(d);
  return out;
}

// The slice a reshape reads when the reshape only drops or adds unit dims of a slice large
// enough to be read in place (the fused loop reads the pair as one strided view), else nullptr.
const Op* SliceBehindReshape(const Module& m, const Op& reshape) {
  if (reshape.kind != OpKind::kReshape || reshape.operands.size() != 1 || reshape.results.size() != 1) return nullptr;
  const Op* slice = m.values[static_cast<size_t>(reshape.operands[0])].def;
  if (!slice || slice->kind != OpKind::kSlice || slice->results.size() != 1) return nullptr;
  const Type& st = m.type(slice->results[0]);
  if (st.element_count() < kMinInPlaceSliceElements) return nullptr;
  return NonUnitDims(st.dims) == NonUnitDims(m.type(reshape.results[0]).dims) ? slice : nullptr;
}

// Ops that are cheap to recompute inside any fusion that consumes them.
bool IsClonable(const Module& m, const Op& op, const std::vector<int64_t>& loop_dims) {
  if (op.results.size() != 1 || m.type(op.results[0]).dims != loop_dims) return false;
  if (op.kind == OpKind::kBroadcastInDim) return true;
  if (op.kind == OpKind::kIota) return true;
  // A slice is read in place by the loop (an offset, strides) instead of being copied out first.
  // Only in loops long enough for the copy to cost: the scalar paths (scalar fusions, scalar
  // while bodies) flatten elementwise ops only.
  if (op.kind == OpKind::kSlice) return m.type(op.results[0]).element_count() >= kMinInPlaceSliceElements;
  // So is a reverse (jnp.flip): negative strides from the far end. Only of a value no fused
  // loop computes (a parameter, a dot's result), which a loop can read from memory.
  if (op.kind == OpKind::kReverse) {
    const Op* def = m.values[static_cast<size_t>(op.operands[0])].def;
    return m.type(op.results[0]).element_count() >= kMinInPlaceSliceElements && !(def && IsFusibleMember(m, *def));
  }
  // So is a slice with unit dims dropped or added by a reshape (x[:, 0] of an [N, 3] array).
  if (op.kind == OpKind::kReshape) return SliceBehindReshape(m, op) != nullptr;
  if (op.kind == OpKind::kConstant) {
    const Attribute* a = op.attr("value");
    return a && a->dense && (a->dense->splat || a->dense->type.element_count() == 1);
  }
  return false;
}

}  // namespace

void CollectUsedValues(const Region& r, std::vector<ValueId>* out) {
  for (const auto& op : r.ops) {
    out->insert(out->end(), op->operands.begin(), op->operands.end());
    for (const auto& sub : op->regions) CollectUsedValues(*sub, out);
  }
  out->insert(out->end(), r.results.begin(), r.results.end());
}

namespace {

class RegionFuser {
 public:
  RegionFuser(Module* m, Region* r, bool fuse_reductions) : m_(m), r_(r), fuse_reductions_(fuse_reductions) {}

  void Run() {
    size_t n = r_->ops.size();
    for (size_t i = 0; i < n; ++i) {
      index_[r_->ops[i].get()] = static_cast<int64_t>(i);
      orig_.push_back(r_->ops[i].get());  // stays valid while ops move into fusions
      orig_operands_.push_back(r_->ops[i]->operands);  // fusing rewrites the live ones
    }
    // Values each op reads, including inside its nested regions.
    reads_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const Op& op = *r_->ops[i];
      reads_[i] = op.operands;
      for (const auto& sub : op.regions) CollectUsedValues(*sub, &reads_[i]);
    }
    FormGroups();
    if (groups_.empty()) return;
    if (fuse_reductions_) AttachReductions();
    PlanRecomputation();
    BuildFusions();
  }

 private:
  int64_t ProducerIndex(ValueId v) const {
    const Op* def = m_->values[static_cast<size_t>(v)].def;
    if (!def) return -1;
    auto it = index_.find(def);
    return it == index_.end() ? -1 : it->second;
  }

  // Operands of a member after looking through clonable producers.
  std::vector<ValueId> EffectiveOperands(const Op& op) const {
    std::vector<ValueId> out;
    const std::vector<int64_t>& dims = m_->type(op.results[0]).dims;
    for (ValueId v : op.operands) {
      int64_t p = ProducerIndex(v);
      if (p >= 0 && CloneInto(*orig_[static_cast<size_t>(p)], dims)) {
        const Op* slice = SliceBehindReshape(*m_, *orig_[static_cast<size_t>(p)]);
        for (ValueId w : (slice ? slice : orig_[static_cast<size_t>(p)])->operands) out.push_back(w);
      } else {
        out.push_back(v);
      }
    }
    return out;
  }

  // Clonable producers are copied into each fusion that reads them; never when they read a
  // loop-shaped value (that could be a member of the same group).
  bool CloneInto(const Op& producer, const std::vector<int64_t>& dims) const {
    if (!IsClonable(*m_, producer, dims)) return false;
    if (producer.kind == OpKind::kReverse) return true;  // of a value no group computes (IsClonable)
    for (ValueId w : producer.operands)
      if (m_->type(w).dims == dims) return false;
    return true;
  }

  // Cycle safety: a member may read values from outside its group only when they are produced
  // before the group's first member, or depend on no group. Then every edge of the fused graph
  // goes from a smaller to a larger "first index" or leaves an independent op or group, so
  // fusing can never create a cycle. A sealed group (one relied on as independent) takes only
  // members that keep it so.
  bool SafeToJoin(const Op& op, int64_t index, int g) const {
    if (sealed_.count(g) && !ReadsOnlyIndependent(index, g)) return false;
    bool leans_on_independence = false;
    for (ValueId v : EffectiveOperands(op)) {
      int64_t p = ProducerIndex(v);
      if (p < 0) continue;
      auto gi = group_of_.find(p);
      if (gi != group_of_.end() && gi->second == g) continue;
      if (p < group_first_[static_cast<size_t>(g)]) continue;
      if (!Independent(p)) return false;
      leans_on_independence = true;
    }
    return !leans_on_independence || !ClosesCycle(op, g);
  }

  // The rule above leans on independence where op reads a value made after g began, and an
  // independent value may still be computed from a sealed group (a split PRNG key of constants feeding a loop whose result a sibling reads):
  // whether op, joining group g, would read (through ops or other groups outside g) a value
  // computed from g, so that the fusion would have to run both before and after that path.
  // Walks producers back from op's inputs, never before g's first member; a group on the path
  // stands for all its members' inputs. Refuses when the walk grows past kMaxCycleWalk ops.
  static constexpr size_t kMaxCycleWalk = 4096;
  bool ClosesCycle(const Op& op, int g) const {
    const int64_t first = group_first_[static_cast<size_t>(g)];
    std::vector<int64_t> stack;
    std::unordered_set<int64_t> seen;
    std::unordered_set<int> groups_seen;
    auto push_reads = [&](const std::vector<ValueId>& reads) {
      for (ValueId v : reads) {
        const int64_t q = ProducerIndex(v);
        if (q >= first && seen.insert(q).second) stack.push_back(q);
      }
    };
    for (ValueId v : EffectiveOperands(op)) {  // op's own reads of g's members are inside the loop
      const int64_t q = ProducerIndex(v);
      auto gi = group_of_.find(q);
      if (q >= first && !(gi != group_of_.end() && gi->second == g) && seen.insert(q).second) stack.push_back(q);
    }
    while (!stack.empty()) {
      if (seen.size() > kMaxCycleWalk) return true;
      const int64_t p = stack.back();
      stack.pop_back();
      auto gi = group_of_.find(p);
      if (gi != group_of_.end()) {
        if (gi->second == g) return true;  // reached g from outside it
        if (!groups_seen.insert(gi->second).second) continue;
        for (int64_t member : groups_[static_cast<size_t>(gi->second)]) push_reads(reads_[static_cast<size_t>(member)]);
        continue;
      }
      push_reads(reads_[static_cast<size_t>(p)]);
    }
    return false;
  }

  // An op depends on no group when its inputs all come from region arguments, constants or
  // other such ops (e.g. a broadcast of a parameter that JAX emitted late), and it is in no group
  // or in a group of scalars all of whose members are such ops, or of a small array computed
  // from constants alone (a chain computing the shift counts a loop body reads, or a table of
  // coefficients that a polynomial's steps slice one by one; the group is then sealed). Reading it can never close a cycle,
  // wherever it sits. (Larger groups stay dependent: an array op between two groups of its
  // shape joins the later one, which recomputation may then merge.) Ops are asked about only
  // once their own group membership is final (producers precede their readers).
  bool Independent(int64_t p) const {
    auto it = independent_.find(p);
    if (it != independent_.end()) return it->second;
    auto gi = group_of_.find(p);
    const bool ok = gi == group_of_.end() ? ReadsOnlyIndependent(p, -1) : GroupIndependent(gi->second);
    independent_[p] = ok;
    return ok;
  }
  // Whether everything op p reads (inside its nested regions too) comes from arguments,
  // constants, group g, or independent ops.
  bool ReadsOnlyIndependent(int64_t p, int g) const {
    for (ValueId v : reads_[static_cast<size_t>(p)]) {
      int64_t q = ProducerIndex(v);
      if (q < 0) continue;
      auto gi = group_of_.find(q);
      if (g >= 0 && gi != group_of_.end() && gi->second == g) continue;
      if (!Independent(q)) return false;
    }
    return true;
  }
  static constexpr int64_t kMaxSealedElements = 256;
  bool GroupIndependent(int g) const {
    if (sealed_.count(g)) return true;
    int64_t elements = 1;
    for (int64_t d : group_dims_[static_cast<size_t>(g)]) elements *= d;
    if (elements > 1) {
      if (elements > kMaxSealedElements) return false;
      for (int64_t member : groups_[static_cast<size_t>(g)])
        if (!FromConstantsOnly(member)) return false;
    }
    for (int64_t member : groups_[static_cast<size_t>(g)])
      if (!ReadsOnlyIndependent(member, g)) return false;
    sealed_.insert(g);
    return true;
  }

  // Whether op p computes only from constants (no region argument is among its transitive
  // inputs): a small table of coefficients, not data.
  bool FromConstantsOnly(int64_t p) const {
    auto it = constant_only_.find(p);
    if (it != constant_only_.end()) return it->second;
    bool ok = true;
    for (ValueId v : reads_[static_cast<size_t>(p)]) {
      const int64_t q = ProducerIndex(v);
      if (q < 0 || !FromConstantsOnly(q)) {
        ok = false;
        break;
      }
    }
    constant_only_[p] = ok;
    return ok;
  }

  void FormGroups() {
    for (size_t i = 0; i < r_->ops.size(); ++i) {
      const Op& op = *r_->ops[i];
      if (!IsFusibleMember(*m_, op)) continue;
      const std::vector<int64_t>& dims = m_->type(op.results[0]).dims;
      int chosen = -1;
      for (ValueId v : EffectiveOperands(op)) {
        int64_t p = ProducerIndex(v);
        if (p < 0) continue;
        auto gi = group_of_.find(p);
        if (gi == group_of_.end()) continue;
        int g = gi->second;
        if (group_dims_[static_cast<size_t>(g)] != dims) continue;
        if (SafeToJoin(op, static_cast<int64_t>(i), g)) {
          chosen = g;
          break;
        }
      }
      if (chosen < 0) chosen = SiblingGroup(op, static_cast<int64_t>(i), dims);
      if (chosen < 0) {
        chosen = static_cast<int>(groups_.size());
        groups_.emplace_back();
        group_dims_.push_back(dims);
        group_first_.push_back(static_cast<int64_t>(i));
        group_last_.push_back(static_cast<int64_t>(i));
      }
      group_last_[static_cast<size_t>(chosen)] = static_cast<int64_t>(i);
      groups_[static_cast<size_t>(chosen)].push_back(static_cast<int64_t>(i));
      group_of_[static_cast<int64_t>(i)] = chosen;
      for (ValueId v : EffectiveOperands(op))
        if (ProducerIndex(v) < 0 || !group_of_.count(ProducerIndex(v))) group_inputs_[v].push_back(chosen);
    }
  }

  // An op that reads no group's value, only inputs that a group of its shape already reads,
  // joins the latest such group (a sibling: a*b and b*a, |re| and |im|), so the two are one loop
  // over those inputs instead of two loops and an intermediate array between them. It brings
  // no new input, so the loop streams no more arrays than before, and computes the group's
  // element type (a loop's lanes follow its widest type: a convert to f32 beside a bf16 group
  // would halve the bf16 ops' width). Arrays only: a group of
  // scalars may be sealed as independent (Independent), and a sibling reading a value computed
  // from that group would then close a cycle the seal hides.
  int SiblingGroup(const Op& op, int64_t index, const std::vector<int64_t>& dims) const {
    int64_t elements = 1;
    for (int64_t d : dims) elements *= d;
    if (elements <= 1) return -1;
    const std::vector<ValueId> operands = EffectiveOperands(op);
    if (operands.empty()) return -1;
    auto it = group_inputs_.find(operands[0]);
    if (it == group_inputs_.end()) return -1;
    int best = -1;
    for (int g : it->second) {
      if (g <= best || group_dims_[static_cast<size_t>(g)] != dims) continue;
      const Op& first = *orig_[static_cast<size_t>(group_first_[static_cast<size_t>(g)])];
      if (m_->type(first.results[0]).element != m_->type(op.results[0]).element) continue;
      bool reads_all = true;
      for (ValueId v : operands) {
        auto r = group_inputs_.find(v);
        reads_all = reads_all && r != group_inputs_.end() && std::count(r->second.begin(), r->second.end(), g) > 0;
      }
      if (reads_all && SafeToJoin(op, index, g)) best = g;
    }
    return best;
  }

  void BuildFusions() {
    size_t n = r_->ops.size();
    // Who reads each value, per op index (-1 = region result).
    std::unordered_map<ValueId, std::vector<int64_t>> readers;
    for (size_t i = 0; i < n; ++i)
      for (ValueId v : reads_[i]) readers[v].push_back(static_cast<int64_t>(i));
    for (ValueId v : r_->results) readers[v].push_back(-1);

    std::vector<std::unique_ptr<Op>> fusions(groups_.size());
    std::unordered_map<ValueId, ValueId> remap;
    for (size_t g = 0; g < groups_.size(); ++g) {
      const auto& members = groups_[g];
      std::unordered_set<int64_t> member_set(members.begin(), members.end());
      auto fusion = std::make_unique<Op>();
      fusion->kind = OpKind::kFusion;
      fusion->loc = r_->ops[static_cast<size_t>(members.front())]->loc;
      auto region = std::make_unique<Region>();
      std::unordered_map<ValueId, ValueId> inside;  // outer value -> value inside the region
      auto input = [&](ValueId v) -> ValueId {
        auto it = inside.find(v);
        if (it != inside.end()) return it->second;
        ValueId a = m_->NewValue(m_->type(v), nullptr, region.get(), static_cast<int>(region->args.size()));
        region->args.push_back(a);
        fusion->operands.push_back(v);
        inside[v] = a;
        return a;
      };
      const std::vector<int64_t>& dims = group_dims_[g];
      for (int64_t idx : members) {
        Op& op = *r_->ops[static_cast<size_t>(idx)];
        for (ValueId& v : op.operands) {
          int64_t p = ProducerIndex(v);
          if (p >= 0 && member_set.count(p)) continue;  // produced inside
          auto it = inside.find(v);
          if (it != inside.end()) {
            v = it->second;
            continue;
          }
          if (recompute_.count({idx, v})) {
            v = CloneChain(v, dims, region.get(), &inside, input);
            continue;
          }
          if (p >= 0 && CloneInto(*orig_[static_cast<size_t>(p)], dims)) {
            const ValueId res = CloneView(*orig_[static_cast<size_t>(p)], orig_[static_cast<size_t>(p)]->operands,
                                          region.get(), input);
            inside[v] = res;
            v = res;
            continue;
          }
          v = input(v);
        }
        region->ops.push_back(std::move(r_->ops[static_cast<size_t>(idx)]));
      }
      // Outputs: member results read by anything outside the group.
      for (const auto& member : region->ops) {
        if (member->results.empty()) continue;
        ValueId v = member->results[0];
        auto it = readers.find(v);
        if (it == readers.end()) continue;
        bool outside = false;
        for (int64_t rd : it->second)
          outside = outside || rd < 0 || (!member_set.count(rd) && !recompute_.count({rd, v}));
        if (!outside) continue;
        region->results.push_back(v);
        ValueId out = m_->NewValue(m_->type(v), fusion.get(), nullptr, static_cast<int>(fusion->results.size()));
        fusion->results.push_back(out);
        remap[v] = out;
      }
      fusion->regions.push_back(std::move(region));
      fusions[g] = std::move(fusion);
    }
    // Reorder: nodes are surviving ops and fusions; Kahn's algorithm keeps program order
    // where dependencies allow it.
    struct Node {
      std::unique_ptr<Op> op;
      int64_t priority;
    };
    std::vector<Node> nodes;
    std::unordered_map<ValueId, size_t> producer_node;
    for (size_t i = 0; i < n; ++i) {
      if (!r_->ops[i]) continue;
      nodes.push_back(Node{std::move(r_->ops[i]), static_cast<int64_t>(i)});
    }
    for (size_t g = 0; g < fusions.size(); ++g)
      nodes.push_back(Node{std::move(fusions[g]), groups_[g].back()});
    auto apply = [&](ValueId& v) {
      auto it = remap.find(v);
      if (it != remap.end()) v = it->second;
    };
    std::function<void(Region*)> apply_region = [&](Region* r) {
      for (auto& op : r->ops) {
        for (ValueId& v : op->operands) apply(v);
        for (auto& sub : op->regions) apply_region(sub.get());
      }
      for (ValueId& v : r->results) apply(v);
    };
    for (Node& nd : nodes) {
      if (nd.op->kind != OpKind::kFusion) {
        for (ValueId& v : nd.op->operands) apply(v);
        for (auto& sub : nd.op->regions) apply_region(sub.get());
      } else {
        for (ValueId& v : nd.op->operands) apply(v);
      }
      for (ValueId v : nd.op->results) producer_node[v] = static_cast<size_t>(&nd - nodes.data());
    }
    for (ValueId& v : r_->results) apply(v);
    std::vector<std::vector<size_t>> users(nodes.size());
    std::vector<int> pending(nodes.size(), 0);
    for (size_t k = 0; k < nodes.size(); ++k) {
      std::vector<ValueId> reads = nodes[k].op->operands;
      if (nodes[k].op->kind != OpKind::kFusion)
        for (const auto& sub : nodes[k].op->regions) CollectUsedValues(*sub, &reads);
      std::sort(reads.begin(), reads.end());
      reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
      for (ValueId v : reads) {
        auto it = producer_node.find(v);
        if (it == producer_node.end() || it->second == k) continue;
        users[it->second].push_back(k);
        ++pending[k];
      }
    }
    using Item = std::pair<int64_t, size_t>;
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> ready;
    for (size_t k = 0; k < nodes.size(); ++k)
      if (pending[k] == 0) ready.emplace(nodes[k].priority, k);
    std::vector<std::unique_ptr<Op>> order;
    while (!ready.empty()) {
      size_t k = ready.top().second;
      ready.pop();
      order.push_back(std::move(nodes[k].op));
      for (size_t u : users[k])
        if (--pending[u] == 0) ready.emplace(nodes[u].priority, u);
    }
    // Grouping is cycle-free by construction; keep any leftover in program order regardless.
    for (size_t k = 0; k < nodes.size(); ++k)
      if (nodes[k].op) order.push_back(std::move(nodes[k].op));
    r_->ops = std::move(order);
  }

  // Cheap elementwise chains are recomputed by consumer groups instead of being read back from
  // memory: a group h reading value v of an earlier group clones the (at most kMaxRecomputeOps)
  // group members v depends on and reads their inputs instead. When no other group reads v, it
  // is no longer written (e.g. softmax's exp(x - max) feeds the sum and is recomputed by the
  // normalisation). Cycle-free: every cloned op's group starts before h, and the inputs of a
  // group precede its start.
  static constexpr int kMaxRecomputeOps = 6;
  void PlanRecomputation() {
    for (size_t h = 0; h < groups_.size(); ++h) {
      for (int64_t idx : groups_[h]) {
        const Op& op = *orig_[static_cast<size_t>(idx)];
        if (op.kind == OpKind::kReduce) continue;
        for (ValueId v : orig_operands_[static_cast<size_t>(idx)]) {
          int64_t p = ProducerIndex(v);
          if (p < 0) continue;
          auto gi = group_of_.find(p);
          if (gi == group_of_.end() || gi->second == static_cast<int>(h)) continue;
          if (m_->type(v).dims != group_dims_[h]) continue;
          std::unordered_set<int64_t> slice;
          if (!Recomputable(p, static_cast<int>(h), &slice)) continue;
          recompute_.insert({idx, v});
        }
      }
    }
  }

  // Whether group member p and the group members it depends on (its slice, up to the first
  // values no group produces) are elementwise, few, and all in groups that start before group h.
  bool Recomputable(int64_t p, int h, std::unordered_set<int64_t>* slice) const {
    if (slice->count(p)) return true;
    auto gp = group_of_.find(p);
    if (gp == group_of_.end() || gp->second == h) return false;
    if (group_first_[static_cast<size_t>(gp->second)] >= group_first_[static_cast<size_t>(h)]) return false;
    const Op& op = *orig_[static_cast<size_t>(p)];
    if (!IsFusibleMember(*m_, op) || m_->type(op.results[0]).dims != group_dims_[static_cast<size_t>(h)]) return false;
    slice->insert(p);
    if (static_cast<int>(slice->size()) > kMaxRecomputeOps) return false;
    for (ValueId w : orig_operands_[static_cast<size_t>(p)]) {
      int64_t q = ProducerIndex(w);
      if (q >= 0 && group_of_.count(q) && !Recomputable(q, h, slice)) return false;
    }
    return true;
  }

  // A copy of clonable op `src` (operands `operands`) at the end of `region`, its operands the
  // fusion inputs `input` makes; a reshape of a slice (SliceBehindReshape) brings the slice along.
  template <class InputFn>
  ValueId CloneView(const Op& src, const std::vector<ValueId>& operands, Region* region, InputFn& input) {
    auto c = std::make_unique<Op>();
    c->kind = src.kind;
    c->attrs = src.attrs;
    c->loc = src.loc;
    if (const Op* slice = SliceBehindReshape(*m_, src)) {
      c->operands.push_back(CloneView(*slice, slice->operands, region, input));
    } else {
      for (ValueId w : operands) c->operands.push_back(input(w));
    }
    const ValueId res = m_->NewValue(m_->type(src.results[0]), c.get(), nullptr, 0);
    c->results.push_back(res);
    region->ops.push_back(std::move(c));
    return res;
  }

  // Clones the chain computing outer value v into `region` (see PlanRecomputation).
  template <class InputFn>
  ValueId CloneChain(ValueId v, const std::vector<int64_t>& dims, Region* region,
                     std::unordered_map<ValueId, ValueId>* inside, InputFn& input) {
    auto it = inside->find(v);
    if (it != inside->end()) return it->second;
    int64_t p = ProducerIndex(v);
    const Op& src = *orig_[static_cast<size_t>(p)];
    auto c = std::make_unique<Op>();
    c->kind = src.kind;
    c->attrs = src.attrs;
    c->loc = src.loc;
    for (ValueId w : orig_operands_[static_cast<size_t>(p)]) {
      int64_t q = ProducerIndex(w);
      if (q >= 0 && group_of_.count(q)) {  // in the slice (Recomputable checked every such op)
        c->operands.push_back(CloneChain(w, dims, region, inside, input));
      } else if (auto in = inside->find(w); in != inside->end()) {
        c->operands.push_back(in->second);
      } else if (q >= 0 && CloneInto(*orig_[static_cast<size_t>(q)], dims)) {
        const ValueId r = CloneView(*orig_[static_cast<size_t>(q)], orig_operands_[static_cast<size_t>(q)], region, input);
        (*inside)[w] = r;
        c->operands.push_back(r);
      } else {
        c->operands.push_back(input(w));
      }
    }
    ValueId res = m_->NewValue(m_->type(src.results[0]), c.get(), nullptr, 0);
    c->results.push_back(res);
    region->ops.push_back(std::move(c));
    (*inside)[v] = res;
    return res;
  }

  // Large add/max/min reductions (FusesReductionOf) over trailing dims (or an f32
  // SegmentedReduction or ColumnReduction; add only over every dim) become the last member of
  // the group that produces their input (see PipelineOptions::fuse_reductions).
  // Cycle-free: every member of the group precedes the reduce, and its init is produced before
  // the group starts.
  static constexpr int64_t kMinFusedReduceElements = 65536;  // smaller ones gain nothing
  void AttachReductions() {
    std::vector<bool> has_root(groups_.size(), false);
    for (size_t i = 0; i < r_->ops.size(); ++i) {
      const Op& op = *r_->ops[i];
      if (op.kind != OpKind::kReduce || op.operands.size() != 2 || op.results.size() != 1 || op.regions.size() != 1)
        continue;
      const Type& x = m_->type(op.operands[0]);
      if (!x.is_tensor() || !FusesReductionOf(x.element) || x.element_count() < kMinFusedReduceElements) continue;
      if (!IsRowMonoid(*op.regions[0])) continue;
      std::vector<int64_t> dims = op.IntListAttr("dimensions");
      std::sort(dims.begin(), dims.end());
      // Every dim reduced: one row, which the kernel splits over threads for sums only.
      const bool whole = dims.size() == x.dims.size();
      if (whole && op.regions[0]->ops[0]->kind != OpKind::kAdd) continue;
      bool trailing = !dims.empty();
      for (size_t k = 0; trailing && k < dims.size(); ++k)
        trailing = dims[k] == static_cast<int64_t>(x.dims.size() - dims.size() + k);
      if (!trailing && (x.element != ElementType::kF32 ||
                        (!SegmentedReduction(x.dims, dims) && !ColumnReduction(x.dims, dims))))
        continue;
      int64_t p = ProducerIndex(op.operands[0]);
      auto gi = p >= 0 ? group_of_.find(p) : group_of_.end();
      if (gi == group_of_.end()) continue;
      const int g = gi->second;
      if (has_root[static_cast<size_t>(g)] || group_dims_[static_cast<size_t>(g)] != x.dims) continue;
      if (group_last_[static_cast<size_t>(g)] >= static_cast<int64_t>(i)) continue;
      int64_t q = ProducerIndex(op.operands[1]);
      if (q >= 0 && q >= group_first_[static_cast<size_t>(g)] && !Independent(q)) continue;
      has_root[static_cast<size_t>(g)] = true;
      groups_[static_cast<size_t>(g)].push_back(static_cast<int64_t>(i));
      group_last_[static_cast<size_t>(g)] = static_cast<int64_t>(i);
      group_of_[static_cast<int64_t>(i)] = g;
    }
  }

  // f32 reductions have vectorised kernels for every layout; f64 and integer ones reduce rows
  // computed into a buffer with their unfused loops (trailing reduced dims only). Half floats
  // and complex numbers are left unfused.
  static bool FusesReductionOf(ElementType t) {
    switch (t) {
      case ElementType::kF32: case ElementType::kF64: case ElementType::kS32: case ElementType::kS64:
      case ElementType::kU32: case ElementType::kU64: return true;
      default: return false;
    }
  }

  // Reduced dims that are not one trailing block but end with the last non-unit dim, with
  // some non-unit dim kept: each kept element's reduced elements are runs of contiguous
  // elements (the trailing reduced dims), which the kernel computes and folds run by run, so
  // runs shorter than kMinFusedReduceRun would cost more in per-run overhead than they save.
  static constexpr int64_t kMinFusedReduceRun = 64;
  static bool SegmentedReduction(const std::vector<int64_t>& x, const std::vector<int64_t>& dims) {
    std::vector<bool> red(x.size(), false);
    for (int64_t d : dims)
      if (d >= 0 && d < static_cast<int64_t>(x.size())) red[static_cast<size_t>(d)] = true;
    int64_t run = 1;
    size_t k = x.size();
    for (; k > 0 && (red[k - 1] || x[k - 1] == 1); --k) run *= x[k - 1];
    bool kept = false;
    for (size_t j = 0; j < k; ++j) kept = kept || (!red[j] && x[j] > 1);
    return kept && run >= kMinFusedReduceRun;
  }

  // Reduced dims that form one block of adjacent dims (unit dims aside) with a kept dim of at
  // least kMinFusedColumnWidth elements after it (jnp.sum(f(x), axis=0), batch-norm statistics
  // over N, H, W): the kernel adds whole rows of the block's trailing kept elements into
  // per-column accumulators, so narrower rows would fold a few lanes per vector.
  static constexpr int64_t kMinFusedColumnWidth = 16;
  static bool ColumnReduction(const std::vector<int64_t>& x, const std::vector<int64_t>& dims) {
    std::vector<bool> red(x.size(), false);
    for (int64_t d : dims)
      if (d >= 0 && d < static_cast<int64_t>(x.size())) red[static_cast<size_t>(d)] = true;
    int phase = 0;  // 0: before the reduced block, 1: in it, 2: after it
    int64_t inner = 1;
    for (size_t k = 0; k < x.size(); ++k) {
      if (x[k] == 1) continue;
      if (red[k] && phase == 2) return false;
      if (red[k]) phase = 1;
      else if (phase >= 1) phase = 2, inner *= x[k];
    }
    return phase == 2 && inner >= kMinFusedColumnWidth;
  }

  // A reduce body applying add, maximum or minimum to its two arguments.
  static bool IsRowMonoid(const Region& body) {
    if (body.args.size() != 2 || body.ops.size() != 1 || body.results.size() != 1) return false;
    const Op& op = *body.ops[0];
    if (op.kind != OpKind::kAdd && op.kind != OpKind::kMaximum && op.kind != OpKind::kMinimum) return false;
    if (op.operands.size() != 2 || op.results[0] != body.results[0]) return false;
    return (op.operands[0] == body.args[0] && op.operands[1] == body.args[1]) ||
           (op.operands[0] == body.args[1] && op.operands[1] == body.args[0]);
  }

  Module* m_;
  Region* r_;
  bool fuse_reductions_ = false;
  std::unordered_map<const Op*, int64_t> index_;
  std::vector<Op*> orig_;
  std::vector<std::vector<ValueId>> orig_operands_;  // operands before fusing
  struct PairHash {
    size_t operator()(const std::pair<int64_t, ValueId>& p) const {
      return std::hash<int64_t>()(p.first * 1000003 + p.second);
    }
  };
  std::unordered_set<std::pair<int64_t, ValueId>, PairHash> recompute_;  // (reader op, value) recomputed
  std::vector<std::vector<ValueId>> reads_;
  std::vector<std::vector<int64_t>> groups_;
  std::vector<std::vector<int64_t>> group_dims_;
  std::vector<int64_t> group_first_;
  std::vector<int64_t> group_last_;
  std::unordered_map<int64_t, int> group_of_;
  std::unordered_map<ValueId, std::vector<int>> group_inputs_;  // value read from outside -> groups reading it
  mutable std::unordered_map<int64_t, bool> independent_;
  mutable std::unordered_set<int> sealed_;  // groups relied on as depending on no group
  mutable std::unordered_map<int64_t, bool> constant_only_;  // FromConstantsOnly's memo
};

void FuseRegion(Module* m, Region* r, bool fuse_reductions) {
  for (auto& op : r->ops)
    if (op->kind == OpKind::kWhile || op->kind == OpKind::kCase || op->kind == OpKind::kIf)
      for (auto& sub : op->regions) FuseRegion(m, sub.get(), fuse_reductions);
  RegionFuser(m, r, fuse_reductions).Run();
}

}  // namespace

void FuseElementwise(Module* module, bool fuse_reductions) {
  FuseRegion(module, module->functions.front()->body.get(), fuse_reductions);
}

}  // namespace jaxlib::compiler
