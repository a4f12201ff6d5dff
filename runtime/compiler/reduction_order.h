// The order in which the reference (XLA:CPU, jaxlib 0.10.2) folds floating-point sums and
// products, as a device-neutral fact executors may reproduce to match it bit for bit: XLA's
// TreeReductionRewriter turns a reduce whose reduced extent exceeds a window into passes of
// windowed folds (window = min(extent, kXlaTreeReduceWindow) on every reduced dimension, "same"
// padding split evenly, padded positions contribute the init value), each folded sequentially
// in row-major order from init, then one final sequential fold. Float sums of
// kXlaYnnReduceMinElements or more go to a library whose order is not reproduced.
// (backends/cpu/executor/kernels/reduce.cc implements the same order for the CPU.)
#pragma once

#include <cstdint>

namespace jaxlib::compiler {

inline constexpr int64_t kXlaTreeReduceWindow = 32;
inline constexpr int64_t kXlaYnnReduceMinElements = 4096;

// Whether XLA:CPU folds a float reduction of `elements` inputs in the tree order above.
inline bool XlaFoldsInTreeOrder(bool is_product, bool is_complex, int64_t elements) {
  return is_product || is_complex || elements < kXlaYnnReduceMinElements;
}

}  // namespace jaxlib::compiler
