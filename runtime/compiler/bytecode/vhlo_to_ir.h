// The bytecode front end's second half: a StableHLO portable artifact, read into the generic
// op tree, becomes the same typed IR the text parser builds (vhlo.add_v1 -> stablehlo.add,
// func_v1 -> a Function, composites -> calls of their decomposition, the casts around sdy
// regions removed). Shape rules are left to verify.cc, as for text.
#pragma once

#include <memory>
#include <string_view>

#include "runtime/compiler/bytecode/bytecode_file.h"
#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler::bytecode {

StatusOr<std::unique_ptr<Module>> ConvertToIr(const GenericModule& file);

// ReadBytecode + the StableHLO version check + ConvertToIr. Errors are INVALID_ARGUMENT
// (malformed bytecode, unknown ops) or UNIMPLEMENTED (a version or type we do not support).
StatusOr<std::unique_ptr<Module>> ReadBytecodeModule(std::string_view bytes);

}  // namespace jaxlib::compiler::bytecode
