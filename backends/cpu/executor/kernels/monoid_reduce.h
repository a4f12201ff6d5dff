// The typed loops of reductions whose body is one monoid op (reduce.cc), shared with the
// fused-reduce kernels so that a fused reduction folds exactly as the unfused one.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
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

// Max (min) of w contiguous columns over R rows by plain compares, split across threads by
// chunks of rows (plain compares need no order): fold(r0, r1, acc) folds rows [r0, r1) into the
// w floats at acc (already set to init), false where a NaN was read; the chunks' results are
// then folded together by `plain` into out. True where that is exact (PlainMaxMinExact);
// otherwise out is not written and the caller folds the columns NaN-aware, in order. Used by the
// reduce and fused-reduce kernels alike: a narrow column max/min ([N, 20] over N) has one block
// of columns, which a split of columns would leave to one thread.
template <class Fold>
bool PlainColumnsInRowChunks(F32PlainColumnsFn plain, int64_t R, int64_t w, float init, int64_t chunks, float* out,
                             Fold&& fold) {
  thread_local std::vector<float> partial;  // this thread's; the workers write through `parts`
  partial.resize(static_cast<size_t>(chunks * w));
  float* parts = partial.data();
  std::atomic<bool> exact{true};
  ParallelFor(chunks, 1, [&](int64_t k0, int64_t k1) {
    for (int64_t k = k0; k < k1 && exact.load(std::memory_order_relaxed); ++k) {
      float* acc = parts + k * w;
      std::fill(acc, acc + w, init);
      if (!fold(R * k / chunks, R * (k + 1) / chunks, acc)) exact.store(false, std::memory_order_relaxed);
    }
  });
  if (!exact.load()) return false;
  if (chunks > 1 && !plain(parts + w, parts, chunks - 1, w, w)) return false;
  if (!PlainMaxMinExact(parts, w)) return false;
  std::copy(parts, parts + w, out);
  return true;
}

}  // namespace jaxlib::cpu
