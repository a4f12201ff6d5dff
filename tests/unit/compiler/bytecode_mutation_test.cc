// Systematic corruption of real StableHLO portable artifacts, each fed to the whole compile
// path (bytecode reader, conversion, verify, passes, CPU program build) in-process. Every
// mutant must come back as a Status: a crash, a sanitizer report or an escaping exception
// (other than std::bad_alloc) is a bug. Deterministic, so CI runs it; `nox -s fuzz` explores
// further with libFuzzer.
//
//   bytecode_mutation_test file.mlirbc [...]
//
// Prints "<files> files, <mutants> mutants: <ok> compiled, <rejected> rejected" and exits 0;
// exits 1 if an input was not readable or a seed itself failed to compile.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <new>
#include <sstream>
#include <string>
#include <vector>

#include "backends/cpu/executor/program/cpu_program.h"
#include "runtime/compiler/execution_plan.h"

namespace {

struct Counts {
  long ok = 0;
  long rejected = 0;
};

// True when the program compiled; false when it was rejected with a Status.
bool Compile(const std::string& bytes) {
  jaxlib::compiler::PipelineOptions options;
  options.scratch_bytes = &jaxlib::cpu::CpuScratchBytes;
  jaxlib::cpu::CpuExecutorConfig config;
  config.num_devices = 4;
  config.lapack_library = "/nonexistent/liblapack.so";
  try {
    auto plan = jaxlib::compiler::CompileToPlan(bytes, options);
    if (!plan.ok()) return false;
    auto program = jaxlib::cpu::CpuProgram::Build(std::move(plan).value(), config);
    return program.ok();
  } catch (const std::bad_alloc&) {
    return false;  // a corrupted size may ask for more memory than exists: allowed to fail so
  }
}

void Count(Counts& c, const std::string& bytes) { (Compile(bytes) ? c.ok : c.rejected)++; }

// A prefix varint of the largest value, which makes any count or index it replaces absurd.
const std::string kHugeVarInt = std::string(1, '\0') + std::string(8, '\xff');

}  // namespace

int main(int argc, char** argv) {
  Counts counts;
  int files = 0;
  uint64_t rng = 0x9e3779b97f4a7c15ull;
  auto next = [&rng] {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
  };
  for (int a = 1; a < argc; ++a) {
    std::ifstream f(argv[a], std::ios::binary);
    if (!f) {
      std::fprintf(stderr, "cannot read %s\n", argv[a]);
      return 1;
    }
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string seed = ss.str();
    if (!Compile(seed)) {
      std::fprintf(stderr, "seed %s does not compile\n", argv[a]);
      return 1;
    }
    ++files;
    // Every truncation.
    for (size_t n = 0; n < seed.size(); ++n) Count(counts, seed.substr(0, n));
    // Every byte replaced by the values that break the most structure.
    for (size_t i = 0; i < seed.size(); ++i) {
      for (int v : {0x00, 0xff, 0x01, 0x80}) {
        if (static_cast<uint8_t>(seed[i]) == v) continue;
        std::string m = seed;
        m[i] = static_cast<char>(v);
        Count(counts, m);
      }
      std::string m = seed;
      m[i] = static_cast<char>(static_cast<uint8_t>(seed[i]) + 2);  // an index or count one or two off
      Count(counts, m);
      // A huge varint inserted: every later offset shifts and a count becomes enormous.
      Count(counts, seed.substr(0, i) + kHugeVarInt + seed.substr(i));
    }
    // Random bursts of corruption, reproducible.
    for (int k = 0; k < 2000; ++k) {
      std::string m = seed;
      int edits = 1 + static_cast<int>(next() % 8);
      for (int e = 0; e < edits; ++e) m[next() % m.size()] = static_cast<char>(next());
      Count(counts, m);
    }
    // The bytecode version field: every value a newer or broken writer could put there.
    for (int v = 0; v < 256; ++v) {
      std::string m = seed;
      m[4] = static_cast<char>(v);
      Count(counts, m);
    }
  }
  std::printf("%d files, %ld mutants: %ld compiled, %ld rejected\n", files, counts.ok + counts.rejected, counts.ok,
              counts.rejected);
  return 0;
}
