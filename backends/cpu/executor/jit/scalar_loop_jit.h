// Native x86-64 code for the all-scalar while loops that kernels/scalar_loop.cc flattens: the
// whole loop runs in one call with every value in a register. It only ever runs what the
// interpreter would run, op for op (no reassociation, no FMA), so results are bit-identical
// (ops without an inline pattern call the interpreter's own one-element kernel);
// anything it cannot keep exact returns nullptr and the interpreter runs instead.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "runtime/compiler/ir.h"
#include "runtime/support/element_type.h"

namespace jaxlib::cpu {

// One flattened instruction: `op`'s result goes to slot `out`, its operands come from `in`.
struct ScalarLoopInstr {
  const compiler::Op* op = nullptr;
  // The interpreter's kernel for this op (outlives the loop's code): ops without an inline
  // pattern (sin, exp, integer division, ...) call it on one element, as the interpreter does.
  const EwInstr* ew = nullptr;
  uint16_t out = 0;
  uint16_t in[3] = {0, 0, 0};
  uint8_t num_in = 0;
  // An element of an array carry (whose slot holds the array's address) instead of `op`'s
  // arithmetic: kLoad reads element in[1] of array in[0] into `out`; kStore writes in[1] to
  // element in[2] of array in[0] (`out` is the array's slot). The index is clamped to
  // [0, length - 1] as a one-element dynamic slice clamps it.
  enum class Access : uint8_t { kNone, kLoad, kStore };
  Access access = Access::kNone;
  int64_t length = 0;
  ElementType index_type = ElementType::kS32;
};

// The loop as the interpreter's slot program: every slot holds one value; only the carry
// slots change, all at once, at the end of each body pass.
struct ScalarLoopDesc {
  const compiler::Module* module = nullptr;
  const compiler::Op* while_op = nullptr;            // for trace messages
  std::vector<ElementType> slot_types;               // indexed by slot
  // The run-time inputs, in io cell order: the carries (while operands) first, then values
  // defined outside the loop. Cell k of the carries is also where carry k's final value goes.
  std::vector<uint16_t> carry_slots;
  std::vector<uint16_t> load_slots;
  std::vector<std::pair<uint16_t, uint64_t>> constants;  // slot, bytes (zero-extended)
  std::vector<ScalarLoopInstr> cond, body;
  uint16_t cond_slot = 0;
  std::vector<uint16_t> result_slots;                // body results, one per carry
};

// At most this many io cells (carries + loads) per loop.
inline constexpr int kScalarLoopMaxCells = 64;

class ScalarLoopJit {
 public:
  virtual ~ScalarLoopJit() = default;
  // `io`: one 8-byte cell per carry then per load, each value in its low bytes. Runs the whole
  // loop; carries' final values replace their initial ones. Reentrant.
  virtual void Run(uint64_t* io) const = 0;
};

// Native code for `desc`, or nullptr: not x86-64 Linux, JAXLIB_CPU_DISABLE_JIT=1, an op or
// type outside the supported set, more live values than registers, or no executable memory.
// With JAXLIB_CPU_JIT_TRACE=1 each decision is printed to stderr.
std::unique_ptr<ScalarLoopJit> CompileScalarLoop(const ScalarLoopDesc& desc);

}  // namespace jaxlib::cpu
