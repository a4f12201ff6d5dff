// Analysis of a stablehlo.sort comparator region: recognises, by the region's structure and
// not by any one program's text, comparators that order elements lexicographically by keys
// (each key the same elementwise function of one side's operands, compared LT or GT). Pure
// analysis: it never changes the IR, and a comparator it cannot prove stays general.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/compiler/ir.h"

namespace jaxlib::compiler {

// One sort key: `value` is computed inside the comparator from the first element's operands
// (region args 0, 2, 4, ...) only; the comparator compares it with the same function of the
// second element's operands.
struct SortKey {
  ValueId value = kNoValue;  // in the comparator region (may be an argument itself)
  int operand = -1;          // when `value` is argument 2*k: k (the key is sort operand k); else -1
  bool descending = false;   // compared with GT (or LT with the sides swapped)
  // How the compare reads the key: "TOTALORDER", "FLOAT", "SIGNED" or "UNSIGNED".
  std::string compare_type;
};

// The keys, most significant first, when `comparator` (of a sort with `num_operands`
// operands) returns true exactly when the first element precedes the second in lexicographic
// key order: a strict LT/GT of one key, or (k1 strictly before) OR (k1 EQ AND rest), or
// select(k1 NE, k1 strictly before, rest) and its mirror forms. nullopt otherwise.
std::optional<std::vector<SortKey>> AnalyzeSortComparator(const Module& m, const Region& comparator,
                                                           size_t num_operands);

}  // namespace jaxlib::compiler
