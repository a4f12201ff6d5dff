// The typed loops of reductions whose body is one monoid op (reduce.cc), shared with the
// fused-reduce kernels so that a fused reduction folds exactly as the unfused one.
#pragma once

#include <cstdint>

#include "backends/cpu/executor/elementwise/monoid.h"

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

}  // namespace jaxlib::cpu
