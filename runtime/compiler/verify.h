// Shape and type rules of every op the compiler accepts. Everything a kernel relies on (index
// ranges, matching shapes, region signatures) is checked here, so executors may trust the IR.
#pragma once

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

// Verifies every function. Errors: INVALID_ARGUMENT "line:col: op 'name': message".
Status VerifyModule(const Module& module);

// Padding as (low, high) pairs from the pretty ([[1, 1], [0, 0]]) or dense (tensor<Nx2xi64>) form.
bool ReadPadding(const Op& op, std::string_view key, size_t rank, std::vector<std::pair<int64_t, int64_t>>* out);

}  // namespace jaxlib::compiler
