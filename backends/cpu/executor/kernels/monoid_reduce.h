// The typed loops of reductions whose body is one monoid op (reduce.cc), shared with the
// fused-reduce kernels so that a fused reduction folds exactly as the unfused one.
#pragma once

#include <cstddef>
#include <cstdint>

#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/kernels/reduce_segments.h"
#include "backends/cpu/executor/parallel/thread_pool.h"

namespace jaxlib::cpu {

// Folds x viewed as [outer, R, inner] over R into out[outer, inner], from *init. Sums of f32,
// f64 and integers go through partial results (XLA reassociates too); half floats round after
// every step.
using MonoidFn = void (*)(const void* x, void* out, const void* init, int64_t outer, int64_t R, int64_t inner);

// The loop for monoid `m` over element type `t`, or nullptr.
MonoidFn PickMonoid(Monoid m, ElementType t);

// Whether one long row of `t` may be split into partial results from zero (RowChunks): an
// add, or or xor of a type that tolerates the reassociation (not half floats, which round
// after every step in XLA's order).
bool MonoidSplitsRows(Monoid m, ElementType t);

// One long row of R elements of `es` bytes (RowChunks(R) > 1, MonoidSplitsRows) folded as the
// reduce kernels split it: chunk(b, e, partial, zero) writes the fold of elements [b, e) from
// `zero` (the identity) into `partial`, one task per chunk; the partials are then folded from
// init into out by `fn`.
template <class Chunk>
void FoldRowInChunks(MonoidFn fn, size_t es, int64_t R, const void* init, void* out, Chunk&& chunk) {
  constexpr size_t kMaxElementBytes = 16;  // c128, the widest element type
  const int64_t chunks = RowChunks(R);
  alignas(16) uint8_t partial[kMaxRowChunks * kMaxElementBytes];
  alignas(16) const uint8_t zero[kMaxElementBytes] = {};
  ParallelFor(chunks, 1, [&](int64_t c0, int64_t c1) {
    for (int64_t c = c0; c < c1; ++c)
      chunk(RowChunkStart(R, chunks, c), RowChunkStart(R, chunks, c + 1), partial + static_cast<size_t>(c) * es, zero);
  });
  fn(partial, out, init, 1, chunks, 1);
}

}  // namespace jaxlib::cpu
