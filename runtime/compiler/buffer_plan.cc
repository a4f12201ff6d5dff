// Liveness-based buffer planning: each control-flow region (and the entry) gets one arena;
// values get offsets in it by first fit, reusing bytes of values whose last use has passed.
// Updates (dynamic_update_slice, scatter) of an operand read last by them may take its bytes.
#include <algorithm>
#include <map>
#include <set>

#include "runtime/compiler/execution_plan.h"

namespace jaxlib::compiler {
namespace {

// First-fit allocator over [0, inf) that records the high-water mark.
class ArenaAllocator {
 public:
  int64_t Allocate(int64_t bytes) {
    bytes = AlignUp(std::max<int64_t>(bytes, 1));
    int64_t pos = 0;
    for (const auto& [off, size] : live_) {
      if (off - pos >= bytes) break;
      pos = std::max(pos, off + size);
    }
    live_.emplace(pos, bytes);
    peak_ = std::max(peak_, pos + bytes);
    return pos;
  }
  void Free(int64_t offset) {
    auto it = live_.find(offset);
    if (it != live_.end()) live_.erase(it);
  }
  int64_t peak() const { return peak_; }

 private:
  std::multimap<int64_t, int64_t> live_;  // offset -> size
  int64_t peak_ = 0;
};

void CollectReads(const Region& r, std::vector<ValueId>* out) {
  for (const auto& op : r.ops) {
    out->insert(out->end(), op->operands.begin(), op->operands.end());
    for (const auto& sub : op->regions) CollectReads(*sub, out);
  }
  out->insert(out->end(), r.results.begin(), r.results.end());
}

class Planner {
 public:
  Planner(ExecutionPlan* plan, const PipelineOptions& options)
      : plan_(plan), m_(*plan->module), options_(options) {}

  Status Run() {
    plan_->values.assign(m_.values.size(), ValueStorage{});
    const Region& body = *plan_->entry->body;
    for (size_t k = 0; k < body.args.size(); ++k) {
      plan_->values[static_cast<size_t>(body.args[k])] = {ValueStorage::Kind::kParameter, 0, static_cast<int32_t>(k)};
    }
    // Entry results that an op defines are written in place into the result buffers.
    std::vector<int32_t> uses(m_.values.size(), 0);
    {
      std::vector<ValueId> reads;
      CollectReads(body, &reads);
      for (ValueId r : reads) ++uses[static_cast<size_t>(r)];
    }
    for (size_t k = 0; k < body.results.size(); ++k) {
      ValueId v = body.results[k];
      const ValueInfo& info = m_.values[static_cast<size_t>(v)];
      if (!info.def || info.def->kind == OpKind::kConstant) continue;
      if (plan_->values[static_cast<size_t>(v)].kind != ValueStorage::Kind::kNone) continue;  // (a repeated result)
      // A result that is a reshape of a value read only by that reshape: the value is computed
      // straight into the result buffer and the reshape aliases it (no copy at the end).
      ValueId producer = v;
      for (;;) {
        const Op* def = m_.values[static_cast<size_t>(producer)].def;
        if (!def || def->kind != OpKind::kReshape || def->operands.size() != 1) break;
        const ValueId u = def->operands[0];
        const Op* udef = m_.values[static_cast<size_t>(u)].def;
        if (!udef || udef->kind == OpKind::kConstant || uses[static_cast<size_t>(u)] != 1 ||
            plan_->values[static_cast<size_t>(u)].kind != ValueStorage::Kind::kNone)
          break;
        producer = u;
      }
      plan_->values[static_cast<size_t>(producer)] = {ValueStorage::Kind::kOutput, 0, static_cast<int32_t>(k)};
      for (ValueId a = v; a != producer; a = m_.values[static_cast<size_t>(a)].def->operands[0])
        plan_->values[static_cast<size_t>(a)] = {ValueStorage::Kind::kAlias, 0, m_.values[static_cast<size_t>(a)].def->operands[0]};
    }
    plan_->arena_bytes = PlanRegion(body);
    return Status::Ok();
  }

 private:
  ValueId Root(ValueId v) const {
    while (plan_->values[static_cast<size_t>(v)].kind == ValueStorage::Kind::kAlias)
      v = plan_->values[static_cast<size_t>(v)].index;
    return v;
  }

  bool CanAlias(const Op& op) const {
    if (op.operands.empty() || op.results.size() != 1) return false;
    if (op.kind == OpKind::kReshape) return true;
    if (op.kind == OpKind::kDynamicSlice && options_.dynamic_slice_views) {
      // (Views that reach a region result are materialised again: DematerializeResultViews.)
      const Type& x = m_.type(op.operands[0]);
      const std::vector<int64_t> sizes = op.IntListAttr("slice_sizes");
      if (!x.is_tensor() || sizes.size() != x.dims.size()) return false;
      // Contiguous: unit sizes, at most one partial dim, then whole dims.
      size_t k = 0;
      while (k < sizes.size() && sizes[k] == 1) ++k;
      if (k < sizes.size()) ++k;
      for (; k < sizes.size(); ++k)
        if (sizes[k] != x.dims[k]) return false;
      return true;
    }
    if (op.kind == OpKind::kBitcastConvert)
      return m_.type(op.operands[0]).byte_size() == m_.type(op.results[0]).byte_size() &&
             m_.type(op.operands[0]).is_tensor();
    return false;
  }

  // A region result must not be a dynamic_slice view, directly or through aliases: the parent
  // op (a while) may overwrite the viewed operand before it copies the result out. Such a
  // slice gets its own bytes.
  void DematerializeResultViews(const Region& r) {
    for (ValueId v : r.results) {
      for (ValueId x = v; plan_->values[static_cast<size_t>(x)].kind == ValueStorage::Kind::kAlias;
           x = plan_->values[static_cast<size_t>(x)].index) {
        const Op* def = m_.values[static_cast<size_t>(x)].def;
        if (def && def->kind == OpKind::kDynamicSlice) {
          plan_->values[static_cast<size_t>(x)] = {ValueStorage::Kind::kArena, 0, 0};
          break;
        }
      }
    }
  }

  // Plans `r`'s values; returns the arena size it needs.
  int64_t PlanRegion(const Region& r) {
    for (ValueId a : r.args)
      if (plan_->values[static_cast<size_t>(a)].kind == ValueStorage::Kind::kNone)
        plan_->values[static_cast<size_t>(a)] = {ValueStorage::Kind::kRegionArgument, 0, 0};
    const size_t n = r.ops.size();
    // Storage kinds first (aliases need their roots' kinds).
    for (const auto& op : r.ops) {
      if (op->kind == OpKind::kConstant) {
        plan_->values[static_cast<size_t>(op->results[0])] = {ValueStorage::Kind::kConstant, 0, 0};
        continue;
      }
      for (ValueId v : op->results) {
        ValueStorage& s = plan_->values[static_cast<size_t>(v)];
        if (s.kind == ValueStorage::Kind::kOutput) continue;
        if (CanAlias(*op)) {
          s = {ValueStorage::Kind::kAlias, 0, op->operands[0]};
        } else {
          s = {ValueStorage::Kind::kArena, 0, 0};
        }
      }
    }
    DematerializeResultViews(r);
    if (options_.in_place_updates) PlanInPlaceUpdates(r);
    std::map<ValueId, Slab> slabs;  // operand root -> its place in a concatenate's result
    if (options_.in_place_concatenate) PlanInPlaceConcatenates(r, &slabs);
    // Last use (op index; n = region result) of every arena value defined here.
    std::vector<int64_t> def_index(m_.values.size(), -1);
    for (size_t i = 0; i < n; ++i)
      for (ValueId v : r.ops[i]->results) def_index[static_cast<size_t>(v)] = static_cast<int64_t>(i);
    std::vector<int64_t> last(m_.values.size(), -1);
    auto touch = [&](ValueId v, int64_t at) {
      ValueId root = Root(v);
      if (def_index[static_cast<size_t>(root)] >= 0) last[static_cast<size_t>(root)] = std::max(last[static_cast<size_t>(root)], at);
    };
    for (size_t i = 0; i < n; ++i) {
      std::vector<ValueId> reads = r.ops[i]->operands;
      for (const auto& sub : r.ops[i]->regions) CollectReads(*sub, &reads);
      for (ValueId v : reads) touch(v, static_cast<int64_t>(i));
      // An alias keeps its root alive as long as itself: its own reads are counted at `last`.
      for (ValueId v : r.ops[i]->results) touch(v, static_cast<int64_t>(i));
    }
    for (ValueId v : r.results) touch(v, static_cast<int64_t>(n));
    // Alias chains: a root lives until its aliases' last use.
    for (size_t i = 0; i < n; ++i)
      for (ValueId v : r.ops[i]->results)
        if (plan_->values[static_cast<size_t>(v)].kind == ValueStorage::Kind::kAlias && last[static_cast<size_t>(v)] >= 0)
          touch(v, last[static_cast<size_t>(v)]);

    // A concatenate holding operands in place lives from the first of them to the last read
    // of it or of them.
    std::map<ValueId, int64_t> concat_from;  // result -> op index of its first in-place operand
    for (const auto& [root, slab] : slabs) {
      last[static_cast<size_t>(slab.concat)] = std::max(last[static_cast<size_t>(slab.concat)], last[static_cast<size_t>(root)]);
      auto [it, fresh] = concat_from.emplace(slab.concat, def_index[static_cast<size_t>(root)]);
      if (!fresh) it->second = std::min(it->second, def_index[static_cast<size_t>(root)]);
    }
    ArenaAllocator arena;
    std::vector<std::vector<int64_t>> free_at(n + 2);  // offsets to release before op i
    auto allocate = [&](ValueId v, size_t i) {
      ValueStorage& s = plan_->values[static_cast<size_t>(v)];
      s.offset = arena.Allocate(m_.type(v).byte_size());
      int64_t until = std::max<int64_t>(last[static_cast<size_t>(v)], static_cast<int64_t>(i));
      free_at[static_cast<size_t>(std::min<int64_t>(until + 1, static_cast<int64_t>(n + 1)))].push_back(s.offset);
    };
    for (size_t i = 0; i < n; ++i) {
      for (int64_t off : free_at[i]) arena.Free(off);
      for (const auto& [concat, from] : concat_from)
        if (from == static_cast<int64_t>(i) && plan_->values[static_cast<size_t>(concat)].kind == ValueStorage::Kind::kArena)
          allocate(concat, i);
      const Op& op = *r.ops[i];
      // Nested control-flow regions first: their arenas become part of this op's scratch.
      int64_t region_bytes = 0;
      if (IsControlFlow(op.kind)) {
        for (const auto& sub : op.regions) region_bytes = std::max(region_bytes, PlanRegion(*sub));
      } else if (op.kind == OpKind::kFusion) {
        for (const auto& sub : op.regions) MarkUnplanned(*sub);
      } else {
        for (const auto& sub : op.regions) MarkUnplanned(*sub);
      }
      for (ValueId v : op.results) {
        if (plan_->values[static_cast<size_t>(v)].kind != ValueStorage::Kind::kArena || slabs.count(v) ||
            concat_from.count(v))
          continue;
        allocate(v, i);
      }
      int64_t backend = options_.scratch_bytes ? options_.scratch_bytes(m_, op) : 0;
      if (backend > 0 || region_bytes > 0) {
        OpScratch sc;
        sc.backend_bytes = AlignUp(backend);
        sc.region_offset = sc.backend_bytes;
        sc.bytes = sc.backend_bytes + AlignUp(region_bytes);
        sc.offset = arena.Allocate(sc.bytes);
        free_at[i + 1].push_back(sc.offset);
        plan_->scratch[&op] = sc;
      }
    }
    for (const auto& [root, slab] : slabs) {
      const ValueStorage& c = plan_->values[static_cast<size_t>(slab.concat)];
      plan_->values[static_cast<size_t>(root)] =
          c.kind == ValueStorage::Kind::kOutput ? ValueStorage{ValueStorage::Kind::kOutput, slab.bytes, c.index}
                                                : ValueStorage{ValueStorage::Kind::kArena, c.offset + slab.bytes, 0};
    }
    int64_t bytes = arena.peak();
    plan_->region_arena_bytes[&r] = bytes;
    return bytes;
  }

  struct Slab {
    ValueId concat;  // the concatenate's result
    int64_t bytes;   // where the operand starts in it
  };

  // The operands of concatenates that can be computed straight into the result
  // (PipelineOptions::in_place_concatenate): each operand's root through reshapes and bitcasts,
  // an arena value that a plain kernel of this region defines, used as no other slab, not
  // updated in place and not a region result.
  void PlanInPlaceConcatenates(const Region& r, std::map<ValueId, Slab>* slabs) {
    std::map<ValueId, int64_t> def_index;
    for (size_t i = 0; i < r.ops.size(); ++i)
      for (ValueId v : r.ops[i]->results) def_index[v] = static_cast<int64_t>(i);
    std::set<ValueId> excluded;  // roots that must keep bytes of their own
    for (ValueId v : r.results) excluded.insert(Root(v));
    for (const auto& op : r.ops) {
      for (ValueId v : op->results)
        if (plan_->values[static_cast<size_t>(v)].kind == ValueStorage::Kind::kAlias &&
            (op->kind == OpKind::kDynamicUpdateSlice || op->kind == OpKind::kScatter))
          excluded.insert(Root(v));
      if (op->kind == OpKind::kConcatenate) excluded.insert(op->results[0]);  // never nested
    }
    for (size_t i = 0; i < r.ops.size(); ++i) {
      const Op& op = *r.ops[i];
      if (op.kind != OpKind::kConcatenate || op.results.size() != 1) continue;
      const ValueId c = op.results[0];
      const ValueStorage& cs = plan_->values[static_cast<size_t>(c)];
      const bool whole_output = cs.kind == ValueStorage::Kind::kOutput && cs.offset == 0;
      if (cs.kind != ValueStorage::Kind::kArena && !whole_output) continue;
      const Type& t = m_.type(c);
      const int64_t dim = op.IntAttr("dimension", 0);
      if (!t.is_tensor() || dim < 0 || dim >= static_cast<int64_t>(t.dims.size())) continue;
      bool slabs_contiguous = true;  // every dim before `dim` is 1
      for (int64_t k = 0; k < dim; ++k) slabs_contiguous = slabs_contiguous && t.dims[static_cast<size_t>(k)] == 1;
      if (!slabs_contiguous) continue;
      int64_t at = 0;
      for (ValueId part : op.operands) {
        const int64_t bytes = m_.type(part).byte_size();
        ValueId root = part;
        bool plain_chain = true;  // aliases by reshape or bitcast only: the same bytes
        while (plan_->values[static_cast<size_t>(root)].kind == ValueStorage::Kind::kAlias) {
          const Op* def = m_.values[static_cast<size_t>(root)].def;
          plain_chain = plain_chain && def && (def->kind == OpKind::kReshape || def->kind == OpKind::kBitcastConvert);
          root = plan_->values[static_cast<size_t>(root)].index;
        }
        const auto d = def_index.find(root);
        const Op* def = d == def_index.end() ? nullptr : r.ops[static_cast<size_t>(d->second)].get();
        if (plain_chain && def && def->kind != OpKind::kConstant && !IsControlFlow(def->kind) &&
            plan_->values[static_cast<size_t>(root)].kind == ValueStorage::Kind::kArena &&
            m_.type(root).byte_size() == bytes && bytes > 0 && !excluded.count(root) && !slabs->count(root)) {
          (*slabs)[root] = Slab{c, at};
          excluded.insert(root);
        } else {
          excluded.insert(root);  // an operand twice: only its first place
        }
        at += bytes;
      }
    }
  }

  // Results of dynamic_update_slice / scatter (one operand and result) become aliases of their
  // operand when no later op, nested region or region result reads that operand (through any
  // alias), the operand is a region argument (a while carry) or an arena value of this region,
  // and the types match. The kernels then update in place.
  void PlanInPlaceUpdates(const Region& r) {
    const size_t n = r.ops.size();
    // Last read of each root (op index; n for the region's results).
    std::map<ValueId, int64_t> last_read;
    auto read = [&](ValueId v, int64_t at) {
      ValueId root = Root(v);
      auto [it, fresh] = last_read.emplace(root, at);
      if (!fresh) it->second = std::max(it->second, at);
    };
    for (size_t i = 0; i < n; ++i) {
      std::vector<ValueId> reads = r.ops[i]->operands;
      for (const auto& sub : r.ops[i]->regions) CollectReads(*sub, &reads);
      for (ValueId v : reads) read(v, static_cast<int64_t>(i));
    }
    for (ValueId v : r.results) read(v, static_cast<int64_t>(n));
    std::vector<bool> is_arg(m_.values.size(), false);
    for (ValueId a : r.args) is_arg[static_cast<size_t>(a)] = true;
    for (size_t i = 0; i < n; ++i) {
      const Op& op = *r.ops[i];
      const bool update = op.kind == OpKind::kDynamicUpdateSlice || (op.kind == OpKind::kScatter && op.operands.size() == 3);
      if (!update || op.results.size() != 1) continue;
      const ValueId result = op.results[0];
      ValueStorage& s = plan_->values[static_cast<size_t>(result)];
      if (s.kind != ValueStorage::Kind::kArena || m_.type(result) != m_.type(op.operands[0])) continue;
      const ValueId root = Root(op.operands[0]);
      const ValueStorage::Kind rk = plan_->values[static_cast<size_t>(root)].kind;
      const bool own = (rk == ValueStorage::Kind::kRegionArgument && is_arg[static_cast<size_t>(root)]) ||
                       (rk == ValueStorage::Kind::kArena && m_.values[static_cast<size_t>(root)].owner == nullptr &&
                        IsDefinedIn(r, root));
      if (!own || last_read[root] != static_cast<int64_t>(i)) continue;
      // Another operand of the same op reading the root (the update itself) would be
      // overwritten while read.
      bool reread = false;
      for (size_t k = 1; k < op.operands.size(); ++k) reread = reread || Root(op.operands[k]) == root;
      if (reread) continue;
      s = {ValueStorage::Kind::kAlias, 0, op.operands[0]};
      // Later reads of the result are now reads of the root's bytes (a chain of updates).
      auto later = last_read.find(result);
      last_read[root] = later == last_read.end() ? static_cast<int64_t>(i) : later->second;
    }
  }

  static bool IsDefinedIn(const Region& r, ValueId v) {
    for (const auto& op : r.ops)
      for (ValueId x : op->results)
        if (x == v) return true;
    return false;
  }

  void MarkUnplanned(const Region& r) {
    for (ValueId a : r.args) plan_->values[static_cast<size_t>(a)] = {ValueStorage::Kind::kNone, 0, 0};
    for (const auto& op : r.ops) {
      for (ValueId v : op->results) plan_->values[static_cast<size_t>(v)] = {ValueStorage::Kind::kNone, 0, 0};
      for (const auto& sub : op->regions) MarkUnplanned(*sub);
    }
  }

  ExecutionPlan* plan_;
  const Module& m_;
  const PipelineOptions& options_;
};

}  // namespace

Status PlanBuffers(ExecutionPlan* plan, const PipelineOptions& options) { return Planner(plan, options).Run(); }

}  // namespace jaxlib::compiler
