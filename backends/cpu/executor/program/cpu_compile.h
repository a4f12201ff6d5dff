// Entry point from the CPU plugin into the compiler + CPU executor: StableHLO text in,
// an Executable that runs on CpuBuffers out. Implemented in this folder.
#pragma once

#include <memory>
#include <string_view>

#include "backends/cpu/executor/program/kernel.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

// `config`: the client's device count, LAPACK library and user custom-call targets.
StatusOr<std::unique_ptr<plugin::Executable>> CompileForCpu(std::string_view mlir_text,
                                                            const plugin::CompileOptions& options,
                                                            const CpuExecutorConfig& config);

}  // namespace jaxlib::cpu
