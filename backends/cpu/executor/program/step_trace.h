// JAXLIB_CPU_STEP_TRACE=1: the wall time of every step each region runs, summed per step and
// printed on stderr when the process exits (slowest first), to see where a program's time goes
// without a profiler. Costs one relaxed load per step when unset; never changes what runs.
#pragma once

#include <cstdint>

namespace jaxlib::cpu {

struct RegionStep;

// Whether the trace is on (read once).
bool StepTraceEnabled();
// Adds one run of `step` that took `nanos`, `depth` regions deep (0: the entry region).
void RecordStepTime(const RegionStep& step, int depth, int64_t nanos);

}  // namespace jaxlib::cpu
