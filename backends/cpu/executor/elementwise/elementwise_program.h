// The CPU lowering of a fused-loop program (runtime/compiler/fused_loop_program.h): the ops of a
// fused region (or of a scalar body such as a reduce or sort comparator) bound to typed
// whole-tile kernels over the program's registers. Runs over [begin, end) of the loop; each
// instruction processes a full tile, never one element. Registers and input modes come from the
// program unchanged, so the interpreter and the JIT see exactly what the plan describes.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "backends/cpu/executor/jit/fused_loop_jit.h"
#include "runtime/compiler/fused_loop_program.h"
#include "runtime/compiler/ir.h"
#include "runtime/compiler/op_kind.h"
#include "runtime/support/status.h"

namespace jaxlib::cpu {

struct EwInstr;
using EwFn = void (*)(void* out, const void* const* in, int64_t n, const EwInstr& ins);

struct EwInstr {
  EwFn fn = nullptr;
  compiler::OpKind kind = compiler::OpKind::kConstant;  // the op it computes (for the JIT)
  int8_t vcmp = -1;  // an f32 compare's VCMPPS predicate (for the JIT), else -1
  // An integer or i1 compare (for the JIT): its direction (0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE) and
  // the type its kernel compares as (kS32, kU32 or kPred), else -1 and kInvalid.
  int8_t int_compare = -1;
  ElementType compare_as = ElementType::kInvalid;
  const uint16_t* (*half_table)() = nullptr;  // a half-float unary op by table (for the JIT)
  ElementType out_type = ElementType::kInvalid;  // its result's (for the JIT: registers change type)
  int out = -1;
  int in[3] = {-1, -1, -1};
  int num_in = 0;
  int64_t aux0 = 0, aux1 = 0;
};

// How a register receives its tile: the plan's device-neutral input description.
using EwInput = compiler::FusedLoopInput;

// Selects the typed kernel of an elementwise op; nullptr (and `error`) when the element
// types are not supported. `fused_loop`: the op runs in a top-level elementwise loop (not in a
// reduce/sort/scatter body), where XLA's code generation differs in a few corner cases.
EwFn SelectElementwiseKernel(const compiler::Module& m, const compiler::Op& op, std::string* error,
                             int64_t* aux0, int64_t* aux1, bool fused_loop = false);

// For the f32 / f64 kernel of a unary transcendental (sin, exp, log, tanh, ...), the same
// function of one value as `float f(float)` / `double f(double)` (cast from void*): what the
// kernel computes for each element, without its loop; nullptr for other kernels.
void* ScalarUnaryFunction(EwFn kernel);
// Whole-array element type conversion (stablehlo.convert semantics); nullptr if unsupported.
EwFn GetConvertKernel(ElementType from, ElementType to);
// For a half-float unary kernel that looks results up in a 65536-entry table (one per op and
// type, indexed by the operand's bits), the function returning that table (built on its first
// call); nullptr for other kernels.
const uint16_t* (*HalfUnaryTableGetter(EwFn fn))();
// Runs a conversion kernel over n elements.
inline void ConvertArray(EwFn fn, const void* src, void* dst, int64_t n) {
  EwInstr ins;
  const void* in[1] = {src};
  fn(dst, in, n, ins);
}

class LoopCursor;

class EwProgram {
 public:
  // Lowers a program built by compiler::BuildFusedLoopProgram (the plan's fused loops).
  static StatusOr<std::shared_ptr<EwProgram>> Lower(const compiler::Module& m,
                                                    std::shared_ptr<const compiler::FusedLoopProgram> program);
  // Builds the program of `region` and lowers it. Compiles `region` run over a loop of shape `loop_dims`. Region arguments are the program's
  // inputs in order; `outer_inputs` receives values used in the region but defined outside it
  // (captured scalars), which become additional inputs after the arguments. With
  // `args_are_arrays`, region arguments (scalars in a reduce/sort/scatter body) are read as
  // contiguous arrays of the loop length: the body is evaluated for many elements at once.
  // `results`, when given, replaces the region's results as the program's outputs, and the
  // region's reduce ops are skipped (a fused reduction's kernel reduces those outputs itself).
  static StatusOr<std::shared_ptr<EwProgram>> Compile(const compiler::Module& m, const compiler::Region& region,
                                                      const std::vector<int64_t>& loop_dims,
                                                      std::vector<compiler::ValueId>* outer_inputs,
                                                      bool args_are_arrays = false,
                                                      const std::vector<compiler::ValueId>* results = nullptr);

  // Runs elements [begin, end) of the loop. inputs[i]: base pointer of input i (arguments then
  // captured values); outputs[j]: base pointer of region result j. Not reentrant per thread.
  // `stream_outputs`: outputs are written with non-temporal stores (no read-for-ownership, no
  // cache pollution) for arrays far larger than the caches that nothing reads right away.
  void Run(const void* const* inputs, void* const* outputs, int64_t begin, int64_t end,
           bool stream_outputs = false) const;
  // Rows [row_begin, row_end) of `row_len` elements (the loop's trailing dims) with the last
  // output not stored but summed per row into `states` (64 floats a row, F32RowStateFns's four
  // 16-lane partials, which the caller starts and finishes), as native code: the bits of
  // feeding the rows to F32RowStateFns. False, having run nothing, where there is no such code
  // (no JIT, row_len not a multiple of 64, inputs gathered per tile).
  bool SumRows(const void* const* inputs, void* const* outputs, int64_t row_begin, int64_t row_end, int64_t row_len,
               float* states) const;
  // Asks for the cache lines of the contiguous inputs' elements [start, start + n) ahead of a
  // Run over them (a caller that runs rows piece by piece, where the hardware prefetcher
  // restarts at every piece).
  void Prefetch(const void* const* inputs, int64_t start, int64_t n) const { PrefetchSlice(inputs, start, n, 0, 1); }
  // Bytes of all outputs over the whole loop.
  int64_t output_bytes() const;

  int64_t loop_size() const { return loop_size_; }
  size_t num_outputs() const { return output_regs_.size(); }

 private:
  struct Reg {
    ElementType type;
    size_t elem_size;
  };
  std::shared_ptr<const compiler::FusedLoopProgram> program_;  // registers, inputs, outputs
  std::vector<int64_t> loop_dims_;
  int64_t loop_size_ = 1;
  std::vector<Reg> regs_;
  std::vector<EwInput> inputs_;
  std::vector<std::vector<uint8_t>> constant_tiles_;  // per input: a constant's whole tile, else empty
  std::vector<EwInstr> instrs_;             // the program's instructions, bound to kernels
  std::vector<int> output_regs_;
  std::vector<int> direct_output_index_;    // reg -> output index or -1
  LazyFusedLoopJit native_;                   // the loop as native code, when it can be
  LazyFusedLoopJit sum_native_;               // the same with its last output summed (SumRows)
  mutable std::atomic<int64_t> runs_{0};      // interpreted runs of a short loop (kRunsBeforeNative)
  bool native_tiled_ = false;                 // some input is gathered per tile first
  // Gathered inputs that repeat with a period (a small array broadcast along leading dims: a
  // per-channel constant): each one's period, else 0; and the least common multiple of them all
  // and of the row_repeats_ (0 when none, or above a tile). Native tiles a multiple of it long all
  // start at the same phase, so those inputs' tiles are gathered once per run (RunNative), and
  // row-repeated inputs' tiles hold whole rows.
  std::vector<int64_t> periods_;
  int64_t tile_period_ = 0;
  // Gathered inputs whose loop element i reads source element i / R (a per-row value broadcast
  // along rows shorter than a tile: a layer norm's mean over rows of 96): each one's R, else 0.
  // Their tiles are filled by repeating the rows' values (FillRepeated) without GatherStrided's
  // walk.
  std::vector<int64_t> row_repeats_;
  // > 0: every gathered input is one value (a per-row value) or a contiguous run of its source (a
  // per-column row) over each run of this many elements, and the native loop runs a row at a
  // time with the former as scalars, the latter streamed (RunRows).
  int64_t row_length_ = 0;
  std::vector<bool> row_scalar_;  // per input, with row_length_: a per-row value

  // Prefetches slice `slice` of `slices` of the cache lines of the contiguous inputs' elements
  // [start, start + n).
  void PrefetchSlice(const void* const* inputs, int64_t start, int64_t n, size_t slice, size_t slices) const;
  // Elements [begin, end) through the tile interpreter.
  void Interpret(const void* const* inputs, void* const* outputs, int64_t begin, int64_t end, bool stream_outputs) const;
  // Elements [begin, end) as native code; gathered inputs are filled a tile at a time.
  void RunNative(const FusedLoopJit& jit, const void* const* inputs, void* const* outputs, int64_t begin,
                 int64_t end, bool stream_outputs) const;
  // Elements [begin, end) as native code a row (row_length_ elements) at a time.
  void RunRows(const FusedLoopJit& jit, const void* const* inputs, void* const* outputs, int64_t begin, int64_t end,
               bool stream_outputs) const;
  // The address the JIT reads scalar input k's `value` from: the value itself, or for a half its
  // f32 (for an 8- or 16-bit integer its 32-bit extension) written to `*half_slot`.
  const void* ScalarAddress(size_t k, const uint8_t* value, float* half_slot) const;
  // Where input `in` starts in its source (a slice's first element); nullptr for constants.
  static const uint8_t* SourceOf(const void* const* inputs, const EwInput& in);
  // Points ptrs[k] at what input k reads for the row (or run of elements) starting at element
  // `start`, as RunRows binds them: contiguous and per-column inputs at `start`, per-row values
  // by address (a half's f32 in half_slots[k]). BindScalars: the scalar inputs, once per run.
  // `cursor` (elementwise_program.cc) is moved to `start` and gives strided inputs' offsets.
  void BindRow(const void* const* inputs, int64_t start, LoopCursor& cursor, const void** ptrs,
               float* half_slots) const;
  void BindScalars(const void* const* inputs, const void** ptrs, float* half_slots) const;
  // Attempts the native loop (after the register program is built).
  void TryNative();
  size_t output_elem_size(size_t j) const { return regs_[static_cast<size_t>(output_regs_[j])].elem_size; }
};

}  // namespace jaxlib::cpu
