// The simplification and fusion passes over the IR, in the order the pipeline runs them.
// Each pass keeps the IR verified; none of them knows about devices.
#pragma once

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

// Rebuilds sdy.manual_computation from Shardy's round-trip export form (custom calls
// xla.sdy.GlobalToLocalShape / LocalToGlobalShape around a call of the body), so both forms
// reach later passes alike.
Status RaiseShardyRoundTrip(Module* module);

// Replaces the module's functions by one entry function in which every func.call is inlined
// and identity ops (sharding annotations, optimization barriers, tuple round trips) are
// forwarded to their operands.
Status InlineCalls(Module* module);

// Rewrites an entry that is one sdy.manual_computation (shard_map) into the per-device program
// over the region's local shapes. No-op for programs without one.
Status LocalizeManualComputation(Module* module);

// Rewrites every op on a narrow element type (i4, ui4, i2, ui2, the f8 and f4 floats) into ops
// on their one-byte storage (u8 bits) and on wider compute types, so executors never see a
// narrow type; the entry's signature keeps its types for the host (the bytes are the same).
// Ops with no such rewrite are UNIMPLEMENTED, naming the op and type.
Status LowerNarrowTypes(Module* module);

// Folds cheap constant expressions (reshape/broadcast/convert of constants, splat arithmetic),
// and forwards i1 ops that equal one of their operands (p != false, (x < y) & (x != y)).
void FoldConstants(Module* module);

// 64-bit integer values computed from iotas and constants by ops whose low 32 result bits need
// only their operands' low 32 bits (add, multiply, bitwise ops, broadcasts), and read only by such
// ops or converts to 32-bit integers, become 32-bit values; a logical shift right of a bounded
// value (an iota-derived counter) by at least its width becomes zero. Exact; run before fusion
// (then FoldConstants and EliminateCommonSubexpressions drop the converts left as identities).
void NarrowWideIntegers(Module* module);

// Removes ops whose results are unused and have no side effects.
void EliminateDeadCode(Module* module);

// Merges identical side-effect-free ops within each region.
void EliminateCommonSubexpressions(Module* module);

// broadcast_in_dim ops that only add unit dims, and transposes that only move unit dims (the
// other dims kept in order), become reshapes: the same row-major bytes, so the result aliases
// its operand instead of being a copy. After MatchSoftmax, whose idiom reads JAX's [N] -> [N, 1]
// broadcasts.
void ReshapeUnitBroadcasts(Module* module);

// A broadcast_in_dim or transpose whose operand comes through a chain of reshapes, broadcasts and
// transposes that copies at least once more becomes one broadcast_in_dim (dims possibly
// permuted) of a reshape of the chain's root, with a reshape after it where a result dim gathers
// several root strides: the chain then copies once. Chains that cannot be written so are kept.
void ComposeDataMovement(Module* module);

// A reduce over dims that all have size 1, whose body applies one binary op to its arguments,
// is that op applied once: op(init, x) with x reshaped to the result (JAX's index-validity
// checks of gathers end so). Becoming elementwise, it fuses with its neighbours.
void ElementwiseUnitReductions(Module* module);

// A reduce over one dim of at most 8 rows whose operands are stacks along it (a concatenate of
// unit pieces, or an iota along the dim: jnp.argmax over jnp.stack, jnp.select's choice index)
// and whose body is scalar elementwise ops (not a single monoid op, whose kernels keep their own
// orders) becomes that body applied elementwise row after row, from the init as XLA folds:
// the stack is never built and the body fuses with its neighbours. True if it changed anything.
bool UnrollStackedReductions(Module* module);

// The dense data of the constant op defining `v`, or nullptr when `v` is not a constant's result.
const DenseData* ConstantOf(const Module& m, ValueId v);

// A new op of `kind` with one result of type `result` (the caller inserts it into a region).
std::unique_ptr<Op> NewOp(Module* m, OpKind kind, std::vector<ValueId> operands, const Type& result, Location loc);

// A gather of single elements (x[i, j]) whose index vectors are a concatenation of unit-width
// index arrays along index_vector_dim reads the flattened operand at one elementwise-computed
// offset per position (each component clamped as the gather would) instead: the combined index
// array is never built, and the gather has one component (the vector gather path).
void LinearizePointGathers(Module* module);

// A dot_general in a while body whose operands are step t's slice of a loop-invariant carry
// (dynamic_slice(xs, t, 0, ...) of size 1 along dim 0, as lax.scan reads its inputs) and another
// loop-invariant carry becomes one product over every step before the loop (at most 64 MiB),
// carried as a new invariant, of which the body slices step t. Same dot products per element.
void HoistLoopProducts(Module* module);

// Groups chains of same-shape elementwise ops (with the broadcasts feeding them) into
// OpKind::kFusion ops whose single region holds the grouped ops.
// With `fuse_reductions`, see PipelineOptions::fuse_reductions.
void FuseElementwise(Module* module, bool fuse_reductions = false);

// The custom_call target MatchSoftmax emits: result = softmax of its one f32 operand over the
// last dim, exactly as max / subtract / exp / sum / divide would compute it.
inline constexpr char kSoftmaxTarget[] = "jaxlib.softmax";
// Its optional integer attribute: the bits of an f32 c by which the operand is multiplied first
// (softmax(a * c) of a, each a * c rounded as the multiply would round it).
inline constexpr char kSoftmaxScaleAttr[] = "jaxlib.scale";

// The custom_call target MatchSoftmax emits for JAX's logsumexp: result[rows] = log|sum exp(x -
// c)| + c over the last dim of its one f32 operand, c = the row max where finite, else 0,
// exactly as the reduce / select / subtract / exp / sum / log ops would compute it.
inline constexpr char kLogSumExpTarget[] = "jaxlib.logsumexp";

// Rewrites JAX's f32 softmax over the last dim into custom_call @jaxlib.softmax(x), and its
// logsumexp into custom_call @jaxlib.logsumexp(x); run before
// fusion, and only for backends that implement the target (PipelineOptions::match_softmax).
void MatchSoftmax(Module* module);

// Rewrites complex add / subtract / multiply / negate / real / imag / abs over values built from
// real parts (stablehlo.complex, splat constants) as the same arithmetic on f32/f64 pairs, bit
// for bit as the complex kernels compute it; run before fusion (complex values left unread are
// then dead).
void SplitComplexArithmetic(Module* module);

// Appends a one-result op to `ops` (a region's list being rebuilt by a pass); returns its result.
ValueId AppendOp(Module* m, std::vector<std::unique_ptr<Op>>* ops, OpKind kind, std::vector<ValueId> operands,
                 Type result, std::vector<NamedAttr> attrs, const Location& loc);

// Rewrites every use of `from` inside `region` (recursively) to `to`.
void ReplaceUses(Region* region, ValueId from, ValueId to);

// Appends every value region r's ops read (their operands, nested regions' reads) and r's results.
void CollectUsedValues(const Region& r, std::vector<ValueId>* out);

}  // namespace jaxlib::compiler
