// Parses StableHLO MLIR text (as jax.jit(...).lower(...).as_text() prints it) into the IR.
// Only syntax and name resolution happen here; shape rules live in verify.cc.
#pragma once

#include <memory>
#include <string_view>

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

// Errors are INVALID_ARGUMENT with "line:column: message" (unknown ops name the op).
StatusOr<std::unique_ptr<Module>> ParseModule(std::string_view text);

}  // namespace jaxlib::compiler
