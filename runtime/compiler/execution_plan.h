// The compiler's output: the optimised IR of one entry function plus where every value lives
// at run time (buffer plan). Device-independent: an executor turns it into kernels once, then
// runs it many times.
#pragma once

#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "runtime/compiler/fused_loop_program.h"
#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

inline constexpr int64_t kPlanAlignment = 64;
inline int64_t AlignUp(int64_t n) { return (n + kPlanAlignment - 1) / kPlanAlignment * kPlanAlignment; }

struct ValueStorage {
  enum class Kind : uint8_t {
    kNone,             // not materialised (values inside fused loops and scalar bodies)
    kArena,            // `offset` bytes into the arena of the region that defines it
    kParameter,        // entry argument `index`
    kConstant,         // data of the defining constant op
    kOutput,           // written straight into entry result buffer `index`, `offset` bytes in
    kAlias,            // shares the bytes of value `index` (reshape, same-size bitcast; a
                       // dynamic_slice view starts inside them, PipelineOptions::dynamic_slice_views)
    kRegionArgument,   // bound by the parent op at run time (while carries, ...)
  };
  Kind kind = Kind::kNone;
  int64_t offset = 0;
  int32_t index = 0;
};

// Temporary memory of one op, live only while it runs: first `backend_bytes` for the kernel's
// own use, then (for control flow) one arena shared by its regions, which never run at once.
struct OpScratch {
  int64_t offset = 0;          // into the arena of the op's region
  int64_t backend_bytes = 0;
  int64_t region_offset = 0;   // from `offset`
  int64_t bytes = 0;           // total
};

struct ExecutionPlan {
  std::unique_ptr<Module> module;
  const Function* entry = nullptr;
  std::vector<ValueStorage> values;                   // by ValueId
  std::unordered_map<const Op*, OpScratch> scratch;   // ops that need any
  std::unordered_map<const Region*, int64_t> region_arena_bytes;
  int64_t arena_bytes = 0;                            // the entry region's arena
  std::vector<Type> parameter_types;
  std::vector<Type> result_types;
  // The device-neutral program of every plain fused loop (fused_loop_program.h), built once;
  // each executor lowers these instead of re-reading fusion regions.
  FusedLoopTable fused_loops;

  const ValueStorage& storage(ValueId v) const { return values[static_cast<size_t>(v)]; }
  // The value computed straight into entry result k's buffer (the result itself, or the value
  // it reshapes, which the planner may place there), or -1 when the result is copied out.
  ValueId WrittenInPlace(size_t k) const {
    ValueId v = entry->body->results[k];
    while (storage(v).kind == ValueStorage::Kind::kAlias) v = storage(v).index;
    const ValueStorage& s = storage(v);
    return s.kind == ValueStorage::Kind::kOutput && static_cast<size_t>(s.index) == k && s.offset == 0 ? v : -1;
  }
};

struct PipelineOptions {
  bool fuse_elementwise = true;
  // Also fuse a large f32 reduction (add/max/min over trailing dims, or over dims that end with
  // the last one in runs of at least 64 elements) into the elementwise fusion producing its
  // input: the fusion region then ends with the reduce, whose input is never materialised.
  // Only for executors that run such regions (the CPU one).
  bool fuse_reductions = false;
  // Rewrite JAX's softmax and logsumexp idioms into custom_call @jaxlib.softmax and
  // @jaxlib.logsumexp (passes.h: MatchSoftmax).
  bool match_softmax = false;
  // A dynamic_update_slice or scatter whose operand is last read by it (a while carry, or a
  // temporary of the same region) writes its result into the operand's bytes instead of a
  // copy: a scan's stacked outputs then cost the slice, not the whole buffer, per step. For
  // executors whose kernels skip the operand copy when result and operand share a buffer.
  bool in_place_updates = false;
  // A dynamic_slice that reads one contiguous run of its operand (unit sizes, then one partial
  // dim, then whole dims) and is not a region result becomes a view: an alias of its operand
  // whose offset the executor computes when it runs (ValueStorage::kAlias), so a scan's
  // per-step slice of its inputs is not copied. For executors that bind such views (the CPU one).
  bool dynamic_slice_views = false;
  // A concatenate along its outermost non-unit dim places each operand computed in the same
  // region (by a kernel, not a constant, argument or control-flow op, and read by no in-place
  // update or region result) at its slab of the result: the producer writes there and the
  // concatenate copies only the other operands. Such an operand's storage is the result's
  // (kArena at an offset inside it, or kOutput with a byte offset). For executors whose
  // concatenate skips operands already in place and whose kOutput binding honours the offset.
  bool in_place_concatenate = false;
  // Bytes of kernel scratch an op needs on this device (0 when it needs none).
  std::function<int64_t(const Module&, const Op&)> scratch_bytes;
};

// Regions whose values live in buffers planned here (as opposed to scalar bodies and fused
// loops, which executors evaluate in registers or tiles).
inline bool IsControlFlow(OpKind k) { return k == OpKind::kWhile || k == OpKind::kCase || k == OpKind::kIf; }

// parse → verify → inline → simplify → fuse → plan buffers.
StatusOr<std::unique_ptr<ExecutionPlan>> CompileToPlan(std::string_view mlir_text, const PipelineOptions& options);

// `s` with every byte that is not part of valid, printable UTF-8 escaped as \xNN. Error messages
// quote program text, which may be any bytes, and hosts decode messages as UTF-8.
std::string ValidUtf8(const std::string& s);

// Human-readable dumps for debugging and tests (not a round-trippable syntax).
std::string PrintPlan(const ExecutionPlan& plan);
std::string PrintModule(const Module& m);

// Builds plan->fused_loops for every plain fusion of the planned regions (the last stage).
Status PlanFusedLoops(ExecutionPlan* plan);

// Buffer planning alone (the last pipeline stage), for a module already simplified.
Status PlanBuffers(ExecutionPlan* plan, const PipelineOptions& options);

}  // namespace jaxlib::compiler
