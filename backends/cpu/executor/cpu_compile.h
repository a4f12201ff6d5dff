// Entry point from the CPU plugin into the compiler + CPU executor: StableHLO text in,
// an Executable that runs on CpuBuffers out. Implemented in this folder.
#pragma once

#include <memory>
#include <string_view>

#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

// `num_devices` is the number of CPU devices of the client (for collectives across devices).
StatusOr<std::unique_ptr<plugin::Executable>> CompileForCpu(std::string_view mlir_text,
                                                            const plugin::CompileOptions& options,
                                                            int num_devices);

}  // namespace jaxlib::cpu
