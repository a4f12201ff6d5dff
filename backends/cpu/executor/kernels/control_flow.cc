// while, case and if: their regions are compiled once into RegionCode and run against the
// op's scratch arena. A loop's carried values live in the while's own result buffers (no copy
// out at the end); carries the body returns unchanged are read in place from the operands.
//
// Strip mining: a loop whose large arrays are only ever updated elementwise (each iteration's
// element i depends on element i of the carries and on small values: threefry's rounds, an
// elementwise fori_loop) runs the whole loop on one tile of elements at a time, so the tile's
// carries and temporaries stay in the caches across iterations instead of streaming every
// array through memory once per iteration. Small values (counters, keys, the condition) are
// recomputed per tile, the same values each time. Same operations on the same elements, so
// the results are the unstripped loop's bits.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/memory/host_memory_pool.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/program/kernel.h"
#include "runtime/support/env_flag.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::ValueId;

namespace {

class WhileKernel final : public Kernel {
 public:
  WhileKernel(const Op& op, std::unique_ptr<RegionCode> cond, std::unique_ptr<RegionCode> body,
              std::vector<size_t> sizes, int64_t region_offset, std::vector<bool> result_read)
      : op_(op), cond_(std::move(cond)), body_(std::move(body)), sizes_(std::move(sizes)),
        region_offset_(region_offset), result_read_(std::move(result_read)) {
    for (size_t k = 0; k < sizes_.size(); ++k) invariant_.push_back(IsInvariant(op_, k));
  }
  void SetNumValues(size_t n) { num_values_ = n; }

  // Two buffers per carry (a swapping carry's second one, and one a result goes through when it
  // is another carry), none for a carry the body returns unchanged: it is read where its operand
  // lives and never written (a scan's inputs and weights).
  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    int64_t total = 0;
    for (size_t k = 0; k < op.operands.size(); ++k)
      if (!IsInvariant(op, k)) total += 2 * compiler::AlignUp(m.type(op.operands[k]).byte_size());
    return total;
  }
  static bool IsInvariant(const Op& op, size_t k) {
    const compiler::Region& br = *op.regions[1];
    return k < br.args.size() && k < br.results.size() && br.results[k] == br.args[k];
  }

  // Carries that start as a splat constant (a scan's stacked outputs start as zeros) are
  // filled with its value instead of copied from the constant: half the memory traffic.
  void PlanSplatInits(const compiler::Module& m) {
    for (ValueId v : op_.operands) {
      const compiler::DenseData* c = ConstantData(m, v);
      const size_t es = ElementTypeByteSize(m.type(v).element);
      const bool splat = c && c->splat && es > 0 && c->bytes.size() >= es;
      splat_init_.push_back({splat ? c->bytes.data() : nullptr, es});
    }
  }

  // A counted loop: the condition is `counter < N` on an integer scalar carry against a
  // constant. Then the condition is evaluated here (one load and compare) instead of running
  // its region, when the compare is the region's only step; and PlanOverwrittenCarries knows
  // the trip when the counter also starts at 0 and the body adds 1.
  void PlanCountedCondition(const compiler::Module& m) {
    const compiler::Region& cr = *cond_->region;
    const compiler::Region& br = *body_->region;
    if (cr.results.size() != 1) return;
    std::vector<ValueId> ops;
    const Op* cmp = DefiningOp(m, cr.results[0], &ops);
    int64_t limit = 0;
    if (!cmp || cmp->kind != OpKind::kCompare || cmp->EnumAttr("comparison_direction") != "LT" || ops.size() != 2 ||
        !IntConstant(m, ops[1], &limit))
      return;
    const auto c_it = std::find(cr.args.begin(), cr.args.end(), ops[0]);
    if (c_it == cr.args.end()) return;
    const size_t c = static_cast<size_t>(c_it - cr.args.begin());
    const ElementType t = m.type(ops[0]).element;
    const bool is_signed = cmp->EnumAttr("compare_type") != "UNSIGNED";
    if (!((t == ElementType::kS32 || t == ElementType::kS64) && is_signed) && !(t == ElementType::kU32 && !is_signed)) return;
    counter_ = static_cast<int>(c);
    counter_type_ = t;
    limit_ = limit;
    cond_inline_ = cond_->steps.size() == 1 && cond_->steps[0].op->results.size() == 1 &&
                   cond_->steps[0].op->results[0] == cr.results[0];
    int64_t start = 0, step = 0;
    const Op* inc = DefiningOp(m, br.results[c], &ops);
    if (!IntConstant(m, op_.operands[c], &start) || start != 0 || !inc || inc->kind != OpKind::kAdd || ops.size() != 2) return;
    if (ops[1] == br.args[c]) std::swap(ops[0], ops[1]);
    if (ops[0] != br.args[c] || !IntConstant(m, ops[1], &step) || step != 1) return;
    from_zero_by_one_ = true;
    // The increment's step is dropped and done here when the new counter is only the carry.
    const ValueId next = br.results[c];
    if (std::count(br.results.begin(), br.results.end(), next) != 1) return;
    int producer = -1;
    for (size_t i = 0; i < body_->steps.size(); ++i) {
      const RegionStep& st = body_->steps[i];
      const std::vector<ValueId>* reads = st.kernel->ReadValues();
      for (ValueId v : reads ? *reads : st.op->operands)
        if (v == next) return;
      for (const auto& sub : st.op->regions)
        if (RegionReads(*sub, next)) return;
      if (st.op->results.size() == 1 && st.op->results[0] == next) producer = static_cast<int>(i);
    }
    if (producer < 0) return;
    body_->steps.erase(body_->steps.begin() + producer);
    if (!elementwise_step_.empty()) elementwise_step_.erase(elementwise_step_.begin() + producer);
    std::erase_if(body_->arena_values, [&](const auto& value_offset) { return value_offset.first == next; });
    counter_inline_ = true;
  }

  // counter += 1 (two's complement, as stablehlo.add wraps).
  void IncrementCounter(void* p) const {
    switch (counter_type_) {
      case ElementType::kS64: {
        uint64_t v;
        std::memcpy(&v, p, 8);
        v += 1;
        std::memcpy(p, &v, 8);
        return;
      }
      default: {
        uint32_t v;
        std::memcpy(&v, p, 4);
        v += 1;
        std::memcpy(p, &v, 4);
        return;
      }
    }
  }

  // The counted condition's value for the counter at `p`.
  bool CountedConditionHolds(const void* p) const {
    switch (counter_type_) {
      case ElementType::kS32: return *static_cast<const int32_t*>(p) < limit_;
      case ElementType::kS64: return *static_cast<const int64_t*>(p) < limit_;
      default: return *static_cast<const uint32_t*>(p) < static_cast<uint64_t>(limit_);
    }
  }

  // The op computing v, seen through a one-result fusion: its operands as values of the
  // enclosing region (a fusion parameter stands for the fusion's operand).
  static const Op* DefiningOp(const compiler::Module& m, ValueId v, std::vector<ValueId>* operands) {
    const Op* def = m.values[static_cast<size_t>(v)].def;
    if (!def) return nullptr;
    *operands = def->operands;
    if (def->kind != OpKind::kFusion) return def;
    if (def->results.size() != 1 || def->regions.size() != 1) return nullptr;
    const compiler::Region& fr = *def->regions[0];
    if (fr.results.size() != 1) return nullptr;
    const Op* inner = m.values[static_cast<size_t>(fr.results[0])].def;
    if (!inner) return nullptr;
    *operands = inner->operands;
    for (ValueId& o : *operands) {
      const compiler::ValueInfo& info = m.values[static_cast<size_t>(o)];
      if (info.owner == &fr) o = def->operands[static_cast<size_t>(info.index)];
    }
    return inner;
  }
  static bool IntConstant(const compiler::Module& m, ValueId v, int64_t* out) {
    const compiler::DenseData* c = ConstantData(m, v);
    if (!c || m.type(v).element_count() != 1 || !IsInteger(m.type(v).element)) return false;
    *out = c->GetInt(0);
    return true;
  }

  // Carries whose initial value is never observed: a scan's stacked outputs, where iteration i
  // of a counted loop (counter from 0, +1 per iteration, `counter < N` its whole condition,
  // N at least the carry's leading dim) overwrites row i with a dynamic_update_slice and nothing
  // else reads the carry. Every row is written before the loop ends, so the initial fill or
  // copy (a whole pass over the stacked array) is skipped.
  void PlanOverwrittenCarries(const compiler::Module& m) {
    const compiler::Region& cr = *cond_->region;
    const compiler::Region& br = *body_->region;
    const size_t n = sizes_.size();
    overwritten_.assign(n, false);
    if (strip_elements_ > 0 || !from_zero_by_one_ || limit_ <= 0) return;
    const size_t c = static_cast<size_t>(counter_);
    // Uses of each value anywhere in the loop (nested regions included).
    std::unordered_map<ValueId, int> uses;
    std::vector<const compiler::Region*> work = {&cr, &br};
    while (!work.empty()) {
      const compiler::Region* r = work.back();
      work.pop_back();
      for (const auto& o : r->ops) {
        for (ValueId v : o->operands) ++uses[v];
        for (const auto& sub : o->regions) work.push_back(sub.get());
      }
      for (ValueId v : r->results) ++uses[v];
    }
    for (size_t k = 0; k < n; ++k) {
      if (invariant_[k] || k == c || !sizes_[k]) continue;
      const compiler::Type& t = m.type(op_.results[k]);
      const Op* dus = m.values[static_cast<size_t>(br.results[k])].def;
      if (!dus || dus->kind != OpKind::kDynamicUpdateSlice || dus->operands.size() != 2 + static_cast<size_t>(t.rank()) ||
          t.rank() == 0 || t.dims[0] > limit_ || dus->operands[0] != br.args[k] || dus->operands[2] != br.args[c])
        continue;
      const compiler::Type& u = m.type(dus->operands[1]);
      bool ok = u.dims.size() == t.dims.size() && u.dims[0] == 1 && uses[br.args[k]] == 1 && uses[cr.args[k]] == 0;
      for (size_t d = 1; ok && d < u.dims.size(); ++d) ok = u.dims[d] == t.dims[d];  // whole rows
      if (!ok) continue;
      overwritten_[k] = true;
      if (EnvFlag("JAXLIB_CPU_LOOP_TRACE"))
        std::fprintf(stderr, "jaxlib-cpu while loop: carry %zu overwritten row by row, not initialised\n", k);
    }
  }

  // Carries updated elementwise in place: body result k is the only result of an elementwise
  // fusion that reads carry k at its own elements only, and no later step reads carry k (or a
  // value sharing its bytes); that fusion then writes straight into carry k's buffer, so the
  // carry needs no copy after the body. (One output: a fusion's interpreter and JIT read every
  // input of an element before they store its single result.) Such a result is taken out of
  // the body's arena values and bound to the carry once per run. Not for strip-mined loops,
  // whose tiles run the body steps themselves.
  void PlanInPlaceResults(const compiler::Module& m, const compiler::ExecutionPlan& plan) {
    const compiler::Region& br = *body_->region;
    const size_t n = sizes_.size();
    in_place_.assign(n, false);
    for (size_t k = 0; k < n && strip_elements_ == 0; ++k) {
      const ValueId r = br.results[k];
      if (invariant_[k] || std::count(br.results.begin(), br.results.end(), r) != 1) continue;
      // Values sharing carry k's bytes: the carry and the aliases (reshapes, in-place updates) of them.
      std::unordered_set<ValueId> shares = {br.args[k]};
      int producer = -1;
      for (size_t i = 0; i < body_->steps.size(); ++i) {
        const Op* op = body_->steps[i].op;
        if (!op) continue;
        for (ValueId v : op->results) {
          const compiler::ValueStorage& st = plan.storage(v);
          if (st.kind == compiler::ValueStorage::Kind::kAlias && shares.count(st.index)) shares.insert(v);
          if (v == r) producer = static_cast<int>(i);
        }
      }
      if (producer < 0) continue;
      const RegionStep& step = body_->steps[static_cast<size_t>(producer)];
      if (step.op->kind != OpKind::kFusion || step.op->results.size() != 1 || shares.count(r) ||
          step.kernel->ElementwiseLoopSize() != m.type(r).element_count())
        continue;
      const std::vector<ValueId>* strided = step.kernel->NonElementwiseReads();
      bool ok = strided != nullptr;
      for (ValueId v : br.results) ok = ok && !shares.count(v);  // a carry taking carry k's old value
      for (ValueId v : strided ? *strided : std::vector<ValueId>{}) ok = ok && !shares.count(v);
      for (size_t i = static_cast<size_t>(producer) + 1; ok && i < body_->steps.size(); ++i) {
        const RegionStep& later = body_->steps[i];
        const std::vector<ValueId>* reads = later.kernel->ReadValues();
        if (!later.op || (!reads && !later.op->regions.empty())) ok = false;  // reads it cannot list
        for (ValueId v : !ok ? std::vector<ValueId>{} : reads ? *reads : later.op->operands) ok = ok && !shares.count(v);
      }
      if (!ok) continue;
      in_place_[k] = true;
      std::erase_if(body_->arena_values, [&](const auto& value_offset) { return value_offset.first == r; });
      if (EnvFlag("JAXLIB_CPU_LOOP_TRACE")) std::fprintf(stderr, "jaxlib-cpu while loop: carry %zu updated in place\n", k);
    }
  }

  // Big carries whose new value an elementwise fusion of the body computes into a buffer of its
  // own (not updated in place): the fusion writes into a second buffer of the carry (this op's
  // scratch) and the two swap after each iteration, so the carry is never copied back; the last
  // value is copied once into the op's result if it ends in the second buffer. Safe whatever
  // the body reads: the body reads the old carry and writes the new one in distinct buffers.
  // When nothing in the body shares the carry's bytes (no alias that an in-place update could
  // write through), the first iteration reads the operand itself instead of a copy of it, and
  // then writes the op's result: an odd trip count (threefry's 5) copies nothing at all.
  // Strip-mined loops swap per tile (the tile's range of each buffer).
  void PlanPingPongResults(const compiler::ExecutionPlan& plan) {
    const compiler::Region& br = *body_->region;
    const size_t n = sizes_.size();
    ping_pong_.assign(n, false);
    reads_operand_.assign(n, false);
    for (size_t k = 0; k < n; ++k) {
      const ValueId r = br.results[k];
      if (invariant_[k] || in_place_[k] || sizes_[k] < kMinPingPongBytes ||
          (strip_elements_ > 0 && !tiled_carry_[k]) || std::count(br.results.begin(), br.results.end(), r) != 1 ||
          plan.storage(r).kind != compiler::ValueStorage::Kind::kArena)
        continue;
      bool produced = false;
      for (const RegionStep& step : body_->steps)
        if (step.op && step.op->kind == OpKind::kFusion)
          produced = produced || std::count(step.op->results.begin(), step.op->results.end(), r) > 0;
      if (!produced) continue;
      ping_pong_[k] = true;
      std::erase_if(body_->arena_values, [&](const auto& value_offset) { return value_offset.first == r; });
      bool aliased = false;  // a body value shares carry k's bytes
      for (const RegionStep& step : body_->steps)
        for (ValueId v : step.op ? step.op->results : std::vector<ValueId>{}) {
          const compiler::ValueStorage& st = plan.storage(v);
          aliased = aliased || (st.kind == compiler::ValueStorage::Kind::kAlias && st.index == br.args[k]);
        }
      reads_operand_[k] = !aliased && splat_init_[k].first == nullptr;
      if (EnvFlag("JAXLIB_CPU_LOOP_TRACE")) std::fprintf(stderr, "jaxlib-cpu while loop: carry %zu swaps buffers\n", k);
    }
  }

  // Elements per tile of a strip-mined loop. Tiles run on the pool's threads at once
  // (RunTilesInParallel): one cache-sized tile per task. Tiles run in turn: at least two pool
  // chunks of FusionKernel's minimum and one per pool thread, so each step uses every core while
  // each core's chunk of a few arrays fits its L2. Arrays of fewer than two tiles are strip-mined
  // only to spread the loop over the threads (one tile each, at least kMinThreadStrip elements).
  static constexpr int64_t kStripChunk = 32768;
  static constexpr int64_t kStripElements = 2 * kStripChunk;
  static constexpr int64_t kMinThreadStrip = 1024;
  static constexpr int64_t kMaxPrivateArena = int64_t{4} << 20;

  // Decides whether the loop can run strip-mined (see the file comment) and records how.
  void PlanStrips(const compiler::Module& m) {
    const compiler::Region& br = *body_->region;
    const size_t n = sizes_.size();
    int64_t big = 0;
    for (size_t k = 0; k < n; ++k) big = std::max(big, m.type(op_.results[k]).element_count());
    const int64_t threads = ThreadPool::Global().num_threads();
    const bool private_arenas = threads > 1 && std::max(cond_->arena_bytes, body_->arena_bytes) <= kMaxPrivateArena;
    int64_t tile = private_arenas ? kStripElements : std::min(big, std::max(kStripElements, kStripChunk * threads));
    if (big < 2 * kStripElements) {
      if (!private_arenas || big < threads * kMinThreadStrip) return;
      tile = (big + threads - 1) / threads;
      tile = (tile + 511) / 512 * 512;  // whole vector blocks per tile
    }
    std::unordered_set<ValueId> tiled;  // values of `big` elements that each tile computes its part of
    std::vector<bool> tiled_carry(n, false);
    for (size_t k = 0; k < n; ++k) {
      const int64_t count = m.type(op_.results[k]).element_count();
      if (count == big) {
        tiled_carry[k] = true;
        tiled.insert(br.args[k]);
        tiled.insert(cond_->region->args[k]);
      } else if (count > kSmallElements && !invariant_[k]) {
        return;  // a large carry of another shape would be copied whole for every tile
      }
    }
    auto reads_tiled = [&](const RegionStep& step) {
      const std::vector<ValueId>* reads = step.kernel->ReadValues();
      if (!reads && !step.op->regions.empty()) return true;  // reads it cannot list
      for (ValueId v : reads ? *reads : step.op->operands)
        if (tiled.count(v)) return true;
      return false;
    };
    auto small_step = [&](const RegionStep& step) {
      if (!step.op || reads_tiled(step) || MayHaveEffects(step.op->kind)) return false;
      for (ValueId v : step.op->results)
        if (m.type(v).element_count() > kSmallElements) return false;
      return true;
    };
    for (const RegionStep& step : cond_->steps)
      if (!small_step(step)) return;
    std::vector<bool> elementwise;
    for (const RegionStep& step : body_->steps) {
      const bool ew = step.op && step.kernel->ElementwiseLoopSize() == big;
      if (ew) {
        const std::vector<ValueId>* strided = step.kernel->NonElementwiseReads();
        if (!strided) return;  // cannot tell which reads are elementwise
        for (ValueId v : *strided)
          if (tiled.count(v)) return;  // element i would read another tile's elements
        for (ValueId v : step.op->results) tiled.insert(v);
      } else if (!small_step(step)) {
        return;
      }
      elementwise.push_back(ew);
    }
    for (size_t k = 0; k < n; ++k)
      if (!tiled_carry[k] && tiled.count(br.results[k])) return;
    strip_elements_ = big;
    strip_tile_ = tile;
    parallel_tiles_ = private_arenas;
    tiled_carry_ = std::move(tiled_carry);
    elementwise_step_ = std::move(elementwise);
    if (EnvFlag("JAXLIB_CPU_LOOP_TRACE"))
      std::fprintf(stderr, "jaxlib-cpu while loop: strip-mined, %lld elements in tiles of %lld\n",
                   static_cast<long long>(big), static_cast<long long>(tile));
  }
  // One pass over the loop, or (strip-mined, PlanStrips) one per tile with only the tiled
  // carries' ranges copied; the tiles are spread over the pool (RunTilesInParallel).
  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t n = sizes_.size();
    const bool strips = strip_elements_ > 0;
    std::vector<uint8_t*> carry(n), temp(n), operand(n), spare(n);
    uint8_t* p = scratch;
    for (size_t k = 0; k < n; ++k) {
      if (!invariant_[k]) {  // (as ScratchBytes lays them out)
        spare[k] = p;  // the second buffer of a carry that swaps (PlanPingPongResults)
        p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
        temp[k] = p;
        p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
      }
      // The result buffers are disjoint from the operands and from this op's scratch (planned
      // as the op's outputs), so they can hold the carries; a carry the body never changes is
      // read where its operand lives.
      operand[k] = static_cast<uint8_t*>(f.Get(op_.operands[k]));
      carry[k] = invariant_[k] ? operand[k] : static_cast<uint8_t*>(f.Get(op_.results[k]));
      if (in_place_[k]) f.ptr[static_cast<size_t>(body_->region->results[k])] = carry[k];
    }
    uint8_t* arena = scratch + region_offset_;
    if (parallel_tiles_) {
      JAXLIB_RETURN_IF_ERROR(RunTilesInParallel(f, carry, temp, operand, spare));
    } else {
      const int64_t tiles = strips ? (strip_elements_ + strip_tile_ - 1) / strip_tile_ : 1;
      JAXLIB_RETURN_IF_ERROR(RunTiles(f, arena, carry, temp, operand, spare, 0, tiles));
    }
    for (size_t k = 0; k < n; ++k)
      if (sizes_[k] && invariant_[k] && result_read_[k] && f.Get(op_.results[k]) != carry[k])
        std::memcpy(f.Get(op_.results[k]), carry[k], sizes_[k]);
    return Status::Ok();
  }

  // The loop over tiles [t0, t1) (strip-mined) or once over everything (t0 = 0, t1 = 1 with no
  // strips), with the regions' arena at `arena` and the carries in `carry` (swapping ones
  // also in `spare`).
  Status RunTiles(Frame& f, uint8_t* arena, const std::vector<uint8_t*>& carry, const std::vector<uint8_t*>& temp,
                  const std::vector<uint8_t*>& operand, const std::vector<uint8_t*>& spare, int64_t t0, int64_t t1) const {
    const size_t n = sizes_.size();
    const bool strips = strip_elements_ > 0;
    const compiler::Region& cr = *cond_->region;
    const compiler::Region& br = *body_->region;
    std::vector<int> from_carry(n);
    std::vector<uint8_t*> cur(n), next(n);  // where each carry is now, and where it goes next
    for (int64_t t = t0; t < t1; ++t) {
      const int64_t begin = strips ? t * strip_tile_ : 0;
      const int64_t end = strips ? std::min(strip_elements_, begin + strip_tile_) : 1;
      // Carry k's bytes for this tile: its range when tiled, all of it otherwise.
      auto elem = [&](size_t k) { return strips && tiled_carry_[k] ? sizes_[k] / static_cast<size_t>(strip_elements_) : 0; };
      auto part = [&](size_t k, const void* base) {
        return const_cast<uint8_t*>(static_cast<const uint8_t*>(base)) + elem(k) * static_cast<size_t>(begin);
      };
      auto part_bytes = [&](size_t k) { return elem(k) ? elem(k) * static_cast<size_t>(end - begin) : sizes_[k]; };
      for (size_t k = 0; k < n; ++k) {
        if (!sizes_[k] || carry[k] == operand[k] || overwritten_[k] || reads_operand_[k]) continue;
        const auto [splat, es] = splat_init_[k];
        if (splat) FillElements(part(k, carry[k]), splat, es, static_cast<int64_t>(part_bytes(k) / es));
        else std::memcpy(part(k, carry[k]), part(k, operand[k]), part_bytes(k));
      }
      for (size_t k = 0; k < n; ++k) {
        cur[k] = reads_operand_[k] ? operand[k] : carry[k];
        next[k] = reads_operand_[k] ? carry[k] : spare[k];
      }
      for (;;) {
        for (size_t k = 0; k < n; ++k) {
          f.ptr[static_cast<size_t>(cr.args[k])] = cur[k];
          f.ptr[static_cast<size_t>(br.args[k])] = cur[k];
          if (ping_pong_[k]) f.ptr[static_cast<size_t>(br.results[k])] = next[k];
        }
        if (cond_inline_) {
          if (!CountedConditionHolds(cur[static_cast<size_t>(counter_)])) break;
        } else {
          JAXLIB_RETURN_IF_ERROR(RunRegion(*cond_, f, arena));
          if (!*static_cast<const bool*>(f.Get(cr.results[0]))) break;
        }
        if (strips) {
          for (const auto& [v, off] : body_->arena_values) f.ptr[static_cast<size_t>(v)] = arena + off;
          for (size_t i = 0; i < body_->steps.size(); ++i) {
            const RegionStep& step = body_->steps[i];
            if (elementwise_step_[i]) step.kernel->RunElements(f, begin, end);
            else JAXLIB_RETURN_IF_ERROR(step.kernel->Run(f, step.scratch_offset >= 0 ? arena + step.scratch_offset : nullptr));
          }
        } else {
          JAXLIB_RETURN_IF_ERROR(RunRegion(*body_, f, arena));
        }
        // New carries: results that are other carries go through `temp` so no carry is
        // overwritten before it is read.
        for (size_t k = 0; k < n; ++k) {
          from_carry[k] = -1;
          if (counter_inline_ && static_cast<int>(k) == counter_) {
            from_carry[k] = static_cast<int>(k);  // incremented in place below
            continue;
          }
          void* src = f.Get(br.results[k]);
          if (src == cur[k] || ping_pong_[k]) {
            from_carry[k] = static_cast<int>(k);
            continue;
          }
          for (size_t j = 0; j < n; ++j)
            if (src == cur[j]) from_carry[k] = static_cast<int>(j);
          if (from_carry[k] >= 0 && sizes_[k]) std::memcpy(part(k, temp[k]), part(k, src), part_bytes(k));
        }
        for (size_t k = 0; k < n; ++k) {
          if (from_carry[k] == static_cast<int>(k) || !sizes_[k]) continue;
          const void* src = from_carry[k] >= 0 ? temp[k] : f.Get(br.results[k]);
          std::memcpy(part(k, cur[k]), part(k, src), part_bytes(k));
        }
        if (counter_inline_) IncrementCounter(cur[static_cast<size_t>(counter_)]);
        for (size_t k = 0; k < n; ++k)
          if (ping_pong_[k]) {
            std::swap(cur[k], next[k]);
            if (next[k] == operand[k]) next[k] = spare[k];  // the operand is only ever read
          }
      }
      for (size_t k = 0; k < n; ++k)
        if (ping_pong_[k] && cur[k] != carry[k]) std::memcpy(part(k, carry[k]), part(k, cur[k]), part_bytes(k));
    }
    return Status::Ok();
  }

  // Tiles are independent (PlanStrips), so each pool task runs the loop over its own tiles,
  // with no hand-off between the steps: its own frame, its own copy of the regions' arena
  // (whose slots are reused at shifted offsets as values die: one arena shared by tasks at
  // different steps would overlap) and of the small carries. The tiled carries are shared,
  // each task writing its tiles' ranges. Every tile computes the same small values; the task
  // holding the last tile leaves them in the results. Only for arenas of a few MiB
  // (kMaxPrivateArena): larger loops run their tiles in turn, each step over the pool.
  Status RunTilesInParallel(Frame& f, const std::vector<uint8_t*>& carry, const std::vector<uint8_t*>& temp,
                            const std::vector<uint8_t*>& operand, const std::vector<uint8_t*>& spare) const {
    const size_t n = sizes_.size();
    const int64_t tiles = (strip_elements_ + strip_tile_ - 1) / strip_tile_;
    const auto arena_bytes = static_cast<size_t>(compiler::AlignUp(std::max(cond_->arena_bytes, body_->arena_bytes)));
    size_t private_bytes = arena_bytes;
    for (size_t k = 0; k < n; ++k)
      if (!tiled_carry_[k] && !invariant_[k]) private_bytes += 2 * static_cast<size_t>(compiler::AlignUp(static_cast<int64_t>(sizes_[k])));
    std::mutex mu;
    Status error = Status::Ok();
    ParallelFor(tiles, 1, [&](int64_t t0, int64_t t1) {
      std::vector<void*> ptrs(f.ptr, f.ptr + num_values_);
      Frame g = f;
      g.ptr = ptrs.data();
      auto* mine = static_cast<uint8_t*>(AllocateHostMemory(private_bytes));
      std::vector<uint8_t*> c = carry, tmp = temp;
      uint8_t* p = mine + arena_bytes;
      for (size_t k = 0; k < n; ++k) {
        if (tiled_carry_[k] || invariant_[k]) continue;
        c[k] = p;
        p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
        tmp[k] = p;
        p += compiler::AlignUp(static_cast<int64_t>(sizes_[k]));
      }
      Status s = RunTiles(g, mine, c, tmp, operand, spare, t0, t1);  // swapping carries are tiled: shared
      if (s.ok() && t1 == tiles)
        for (size_t k = 0; k < n; ++k)
          if (c[k] != carry[k] && sizes_[k]) std::memcpy(carry[k], c[k], sizes_[k]);
      FreeHostMemory(mine, private_bytes);
      if (!s.ok()) {
        std::lock_guard<std::mutex> lock(mu);
        if (error.ok()) error = std::move(s);
      }
    });
    return error;
  }

 private:
  // Carries and temporaries of a strip-mined loop above this many elements disqualify it
  // (they would be recomputed or copied whole for every tile).
  static constexpr int64_t kSmallElements = 4096;


  const Op& op_;
  std::unique_ptr<RegionCode> cond_, body_;
  std::vector<size_t> sizes_;
  int64_t region_offset_;
  std::vector<bool> result_read_, invariant_;
  std::vector<std::pair<const void*, size_t>> splat_init_;  // PlanSplatInits: value (or nullptr), bytes
  std::vector<bool> in_place_;                               // PlanInPlaceResults
  std::vector<bool> overwritten_;                            // PlanOverwrittenCarries
  // PlanCountedCondition: the counter carry (-1: none), its type, the bound; whether the
  // condition is evaluated inline; whether the counter counts 0, 1, 2, ...
  int counter_ = -1;
  ElementType counter_type_ = ElementType::kS32;
  int64_t limit_ = 0;
  bool cond_inline_ = false, from_zero_by_one_ = false;
  bool counter_inline_ = false;  // the body's increment step dropped: RunTiles adds the 1
  std::vector<bool> ping_pong_, reads_operand_;              // PlanPingPongResults
  // Smaller carries are copied back (as cheap as a swap, and their results may be scalars that
  // other kernels compute in place).
  static constexpr size_t kMinPingPongBytes = size_t{1} << 16;
  // Strip mining (PlanStrips): the tiled loop's element count (0: not strip-mined), which
  // carries are tiled, and which body steps run on the tile's range.
  int64_t strip_elements_ = 0, strip_tile_ = 0;
  std::vector<bool> tiled_carry_, elementwise_step_;
  bool parallel_tiles_ = false;  // RunTilesInParallel
  size_t num_values_;  // the frame's pointers (each parallel tile task has its own copy)
};

class CaseKernel final : public Kernel {
 public:
  CaseKernel(const Op& op, std::vector<std::unique_ptr<RegionCode>> branches, std::vector<size_t> sizes,
             int64_t region_offset)
      : op_(op), branches_(std::move(branches)), sizes_(std::move(sizes)), region_offset_(region_offset) {}

  Status Run(Frame& f, uint8_t* scratch) const override {
    int64_t n = static_cast<int64_t>(branches_.size());
    int64_t idx;
    if (op_.kind == OpKind::kIf) {
      idx = *static_cast<const bool*>(f.Get(op_.operands[0])) ? 0 : 1;
    } else {
      idx = *static_cast<const int32_t*>(f.Get(op_.operands[0]));
      if (idx < 0 || idx >= n) idx = n - 1;  // out-of-range selects the last branch
    }
    const RegionCode& code = *branches_[static_cast<size_t>(idx)];
    JAXLIB_RETURN_IF_ERROR(RunRegion(code, f, scratch ? scratch + region_offset_ : nullptr));
    for (size_t k = 0; k < sizes_.size(); ++k) {
      void* src = f.Get(code.region->results[k]);
      void* dst = f.Get(op_.results[k]);
      if (src != dst && sizes_[k]) std::memcpy(dst, src, sizes_[k]);
    }
    return Status::Ok();
  }

 private:
  const Op& op_;
  std::vector<std::unique_ptr<RegionCode>> branches_;
  std::vector<size_t> sizes_;
  int64_t region_offset_;
};

}  // namespace

// kernels/scalar_loop.cc: the register-file path of all-scalar loops, or nullptr.
std::unique_ptr<Kernel> MakeScalarWhileKernel(const compiler::Module& m, const Op& op);

int64_t WhileScratchBytes(const compiler::Module& m, const Op& op) { return WhileKernel::ScratchBytes(m, op); }

StatusOr<std::unique_ptr<Kernel>> MakeControlFlowKernel(KernelBuilder& b, const Op& op) {
  int64_t region_offset = 0;
  auto it = b.plan().scratch.find(&op);
  if (it != b.plan().scratch.end()) region_offset = it->second.region_offset;
  std::vector<size_t> sizes;
  for (ValueId v : op.results) {
    // Tokens are carried as zero-byte values: ordering comes from the region's op order.
    if (b.type(v).kind == compiler::Type::Kind::kTuple) return Unimplemented("control flow over tuples");
    sizes.push_back(static_cast<size_t>(b.type(v).byte_size()));
  }
  if (op.kind == OpKind::kWhile) {
    if (std::unique_ptr<Kernel> scalar = MakeScalarWhileKernel(b.module(), op)) return scalar;
    JAXLIB_ASSIGN_OR_RETURN(auto cond, b.BuildRegion(*op.regions[0]));
    JAXLIB_ASSIGN_OR_RETURN(auto body, b.BuildRegion(*op.regions[1]));
    std::vector<bool> read;
    for (ValueId v : op.results) read.push_back(b.IsRead(v));
    auto loop = std::make_unique<WhileKernel>(op, std::move(cond), std::move(body), std::move(sizes), region_offset,
                                              std::move(read));
    loop->SetNumValues(b.module().values.size());
    loop->PlanSplatInits(b.module());
    if (!EnvFlag("JAXLIB_CPU_DISABLE_STRIP_MINING")) loop->PlanStrips(b.module());  // off: for comparisons and tests
    loop->PlanInPlaceResults(b.module(), b.plan());
    loop->PlanCountedCondition(b.module());
    loop->PlanOverwrittenCarries(b.module());
    loop->PlanPingPongResults(b.plan());
    return std::unique_ptr<Kernel>(std::move(loop));
  }
  std::vector<std::unique_ptr<RegionCode>> branches;
  for (const auto& r : op.regions) {
    JAXLIB_ASSIGN_OR_RETURN(auto code, b.BuildRegion(*r));
    branches.push_back(std::move(code));
  }
  return std::unique_ptr<Kernel>(new CaseKernel(op, std::move(branches), std::move(sizes), region_offset));
}

}  // namespace jaxlib::cpu
