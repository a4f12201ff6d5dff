// The device-neutral program of one fused elementwise loop (or of a scalar body evaluated for
// many elements at once): typed registers, how each input register receives its elements, and
// instructions keyed by op kind. Part of the execution plan; executors lower it (the CPU tile
// interpreter, the CPU JIT, the CUDA/HIP source emitter) and never re-analyse the region.
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "runtime/compiler/ir.h"
#include "runtime/support/status.h"

namespace jaxlib::compiler {

// How an input register receives its elements for loop index i.
struct FusedLoopInput {
  enum class Mode : uint8_t {
    kContiguous,  // element offset + i of the source (the loop's shape, or a slice that is one run of it)
    kScalar,      // the source's one element, broadcast
    kStrided,     // broadcast_in_dim or slice of a source: element offset + strides per loop dimension (0 = broadcast)
    kIota,        // the index along `iota_dim`, converted to `type`
    kConstant,    // a splat constant (`constant` holds one element's bytes)
  };
  Mode mode = Mode::kContiguous;
  int reg = -1;
  int source = -1;  // index into the program's sources (region arguments, then outer inputs)
  ElementType type = ElementType::kInvalid;
  std::vector<int64_t> strides;
  // First element read (kContiguous, kStrided): a slice's start, read in place.
  int64_t offset = 0;
  int64_t iota_dim = 0;
  std::vector<uint8_t> constant;
};

// One elementwise op: out = kind(in[0..num_in)). `op` carries the attributes a lowering needs
// (comparison direction and type, reduce_precision bits, ...); it lives in the plan's module.
struct FusedLoopInstr {
  OpKind kind = OpKind::kConstant;
  const Op* op = nullptr;
  int out = -1;
  int in[3] = {-1, -1, -1};
  int num_in = 0;
};

struct FusedLoopRegister {
  ElementType type = ElementType::kInvalid;  // what it holds now (reused registers change type)
  size_t elem_size = 0;                      // bytes per element (every type it holds has this size)
};

struct FusedLoopProgram {
  std::vector<int64_t> loop_dims;
  int64_t loop_size = 1;
  // Region arguments are read as contiguous arrays of the loop length (scalar bodies).
  bool args_are_arrays = false;
  // Values used in the region but defined outside it: sources after the region's arguments.
  std::vector<ValueId> outer_inputs;
  size_t num_args = 0;
  std::vector<FusedLoopRegister> regs;
  std::vector<FusedLoopInput> inputs;  // input registers are never reused
  std::vector<FusedLoopInstr> instrs;  // in order; an instruction never writes an operand's register
  std::vector<int> output_regs;        // register of each output
  // reg -> output index whose buffer may hold the register directly (written once, by one
  // instruction, never reused), or -1.
  std::vector<int> direct_output_index;

  size_t num_sources() const { return num_args + outer_inputs.size(); }
  bool IsInputReg(int r) const {
    for (const FusedLoopInput& in : inputs)
      if (in.reg == r) return true;
    return false;
  }
};

// Builds the program of `region` run over a loop of shape `loop_dims`. With `args_are_arrays`,
// region arguments (scalars in a reduce/sort/scatter body) are contiguous arrays of the loop
// length. `results`, when given, replaces the region's results as the program's outputs, and the
// region's reduce ops are skipped (a fused reduction reduces those outputs itself). Registers are
// reused after their last read, so a long chain needs few of them.
StatusOr<std::shared_ptr<const FusedLoopProgram>> BuildFusedLoopProgram(const Module& m, const Region& region,
                                                                        const std::vector<int64_t>& loop_dims,
                                                                        bool args_are_arrays = false,
                                                                        const std::vector<ValueId>* results = nullptr);

// The fused loops of a plan: one program per kFusion op whose region is a plain elementwise loop
// (fusions ending in a reduce are lowered by executors that fuse reductions).
using FusedLoopTable = std::unordered_map<const Op*, std::shared_ptr<const FusedLoopProgram>>;

// Whether `op` is a fusion the table describes.
bool IsPlainFusedLoop(const Op& op);

}  // namespace jaxlib::compiler
