// libFuzzer entry: compiles arbitrary bytes as a StableHLO program for the CPU backend (parse,
// verify, passes, buffer plan, kernel construction), never executing it. Any crash, sanitizer
// report or escaping C++ exception is a bug: the compiler must answer every input with a Status.
// Only std::bad_alloc is tolerated (a program may legitimately ask for more memory than exists).
#include <cstddef>
#include <cstdint>
#include <new>
#include <string_view>

#include "backends/cpu/executor/program/cpu_program.h"
#include "runtime/compiler/execution_plan.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  jaxlib::compiler::PipelineOptions options;
  options.scratch_bytes = &jaxlib::cpu::CpuScratchBytes;
  jaxlib::cpu::CpuExecutorConfig config;
  config.num_devices = 4;
  config.lapack_library = "/nonexistent/liblapack.so";  // LAPACK calls fail cleanly, unloaded
  try {
    auto plan = jaxlib::compiler::CompileToPlan(text, options);
    if (!plan.ok()) return 0;
    auto program = jaxlib::cpu::CpuProgram::Build(std::move(plan).value(), config);
    (void)program;
  } catch (const std::bad_alloc&) {
  }
  return 0;
}
