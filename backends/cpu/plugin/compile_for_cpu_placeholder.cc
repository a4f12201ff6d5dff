// TEMPORARY stand-in for jaxlib::cpu::CompileForCpu, compiled only with
// -DJAXLIB_CPU_COMPILE_PLACEHOLDER so the plugin links before backends/cpu/executor/ provides
// the real one. Never define that macro in a release build; delete this file once it lands.
#ifdef JAXLIB_CPU_COMPILE_PLACEHOLDER

#include "backends/cpu/executor/cpu_compile.h"

namespace jaxlib::cpu {

StatusOr<std::unique_ptr<plugin::Executable>> CompileForCpu(std::string_view mlir_text,
                                                            const plugin::CompileOptions& options,
                                                            int num_devices) {
  return Unimplemented("the CPU compiler is not built into this plugin (placeholder build)");
}

}  // namespace jaxlib::cpu

#endif  // JAXLIB_CPU_COMPILE_PLACEHOLDER
