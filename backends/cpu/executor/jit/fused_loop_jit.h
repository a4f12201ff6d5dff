// Native AVX-512 or AVX2 code for fused f32, f64, 32-bit integer, i1 and half elementwise loops (the
// vector counterpart of scalar_loop_jit.h). An EwProgram runs one typed kernel per op over 512-element tiles, so each
// op reads and writes its tile through L1; this translates the same register program into one
// loop whose body keeps every value in a vector register (zmm, 16 elements; or ymm, 8 elements),
// at the ISA DetectedVectorIsa() selects (JAXLIB_CPU_ISA caps it).
//
// Results are bit-identical to the interpreter's kernels at the same ISA: every op is emitted as
// the same IEEE operations in the same order (vector_math.h's formulas, no FMA contraction) under
// the same MXCSR. 8- and 16-bit integers are loaded widened to 32-bit lanes and stored
// truncated; converts between integers, f32 and the halves follow scalar_math.h ConvertValue
// (integers wrap; floats to integers truncate, saturate, NaN to 0). Predicates (compare results, i1 constants, or i1 arrays read a byte per element)
// are lanes of all ones (true) or zeros, combined by and/or/xor/not and compared as i1, and feed
// selects. Integer lanes: add, subtract, multiply (wrapping), bitwise ops, shifts (counts of 32
// and above shift everything out), max/min, signed and unsigned compares, and s32 division and
// remainder by a constant divisor (the interpreter's rule for 0 and INT_MIN / -1). Programs it
// cannot translate (other types or ops, predicate outputs, more live values than registers) keep
// the interpreter. Halves are held as the f32 of their value: bf16 and f16 loads and stores
// (f16 through F16C), converts with f32, bf16 add/subtract/multiply/divide rounded per op as
// half_vector_kernels.cc does, and bf16 unary ops read from the interpreter's 65536-entry tables
// by gathers. f16 arithmetic is native only on AVX-512 CPUs with AVX512-FP16, where f16 values are
// held as packed halves and add/subtract/multiply/divide are single f16 instructions (the same
// bits as an f32 operation rounded to f16) and unary ops read the tables; elsewhere it stays
// interpreted (rounding through F16C per op is slower native). A loop of f64 and i1 values only
// runs in 64-bit lanes (8 per zmm, 4 per ymm): f64 add, subtract, multiply, divide, negate, abs,
// max/min, compares, selects, sqrt, exp (vector_kernels.cc's table method, its tables gathered)
// and i1 to f64; other f64 ops (log, tanh, sin, ... whose interpreter kernels call libm) and
// converts between f64 and other types keep the loop interpreted. x86-64 Linux with AVX2 or
// AVX-512 only.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/compiler/op_kind.h"

namespace jaxlib::cpu {

// The register program of an EwProgram, as the JIT sees it. Registers are the interpreter's.
struct FusedLoopDesc {
  // A value's element type: f32, 32-bit integers (wrapping; max/min by signedness), i1, a half
  // (held as the f32 of its value; each op's f32 result is rounded to the half), or an 8- or
  // 16-bit integer (held as its value in 32 bits, sign- or zero-extended by its type; each op's
  // result wrapped to the type; 1 or 2 bytes an element in memory, widened as loaded and
  // truncated as stored).
  // kF64: a loop holding an f64 value (f64 loop) holds f64 and i1 values, each in a 64-bit lane:
  // 8 per zmm, 4 per ymm (i1 as lanes of 64 ones or zeros, read and stored a byte each), and at
  // its edges f32 and s32 values held as the f64 of their value (read only by converts to f64,
  // or an f32 rounded from f64 and stored).
  enum class Type : uint8_t { kF32, kS32, kU32, kPred, kBF16, kF16, kS8, kU8, kS16, kU16, kF64 };
  struct Input {
    enum class Mode : uint8_t { kStream, kScalar, kConstant };
    Mode mode = Mode::kStream;
    int reg = -1;
    uint32_t constant_bits = 0;  // kConstant: the value's bits
    uint64_t constant_bits64 = 0;  // kConstant of type kF64: the value's bits
    // i1: a byte per element (kStream), the byte at a kScalar's address, or constant_bits of all
    // ones or zero (kConstant).
    bool pred = false;
    // The element type (not kPred: see `pred`). kBF16 and kF16 are 2 bytes an element in memory
    // (kStream); a kScalar's address and a kConstant's bits are those of its f32 (exact). The
    // 8- and 16-bit integers are 1 or 2 bytes an element (kStream); a kScalar's address and a
    // kConstant's bits are those of the value extended to 32 bits.
    Type type = Type::kF32;
    // kStream: where non-zero, each iteration also asks for the lines this many bytes past its
    // elements to be brought into L2 (PREFETCHT1, a hint that never faults), so that a later
    // pass over the data ahead reads cache rather than memory.
    int32_t prefetch_ahead = 0;
  };
  struct Instr {
    compiler::OpKind kind;
    int out = -1;
    int in[3] = {-1, -1, -1};
    int num_in = 0;
    // kCompare: the VCMPPS (VCMPPD where compare_as is kF64) predicate of its direction (f32 or
    // f64, not TOTALORDER).
    int compare = -1;
    // kCompare of s32 (signed), u32 (unsigned) or i1 (false < true) operands: its direction,
    // 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE; `compare_as` the operands' type as compared.
    int int_compare = -1;
    Type compare_as = Type::kF32;
    Type type = Type::kF32;  // the result's
    // A unary op on a half whose interpreter kernel reads a table of 65536 results (by the
    // operand's bits): the function returning that table.
    const uint16_t* (*half_table)() = nullptr;
  };
  int num_regs = 0;
  std::vector<Input> inputs;
  std::vector<Instr> instrs;
  std::vector<int> outputs;  // register of each output
  // The last output (f32) is not stored but summed: each iteration is one 64-element step of a
  // row reducer (vector kernels' F32RowStateFns: four 16-lane partials, 4 zmm or 8 ymm
  // registers), the body emitted as many times as its vectors take, each vector added into its
  // own partial; the partials are loaded from that output's pointer before the loop and stored
  // back after it, and the pointer does not advance.
  bool sum_last_output = false;
  std::string ineligible;    // non-empty: why the program cannot be native (Compile reports it)
};

class FusedLoopJit {
 public:

  // Native code for `d`, or nullptr with `*why_not` saying why (the caller interprets).
  static std::unique_ptr<FusedLoopJit> Compile(const FusedLoopDesc& d, std::string* why_not);
  ~FusedLoopJit();

  // Elements one iteration of the loop computes: 16 (AVX-512) or 8 (AVX2) per vector, several
  // vectors interleaved.
  int64_t elements_per_iteration() const { return int64_t{lanes_} * unroll_ * passes_; }
  // Runs iterations * elements_per_iteration() elements. ptrs: one per input in desc order (a stream input at its first
  // element, a scalar input at its value, ignored for constants), then one per output at its
  // first element. `stream_outputs` writes with non-temporal stores: every output pointer must
  // then be 64-byte aligned (see CanStream).
  void Run(const void* const* ptrs, int64_t iterations, bool stream_outputs) const;

  // Whether the JIT may be used in this process (x86-64 Linux, AVX2 or AVX-512 selected, and
  // JAXLIB_CPU_DISABLE_JIT unset).
  static bool Available();
  // elements_per_iteration() of a loop of 32-bit lanes at the selected ISA when nothing forces
  // fewer vectors per iteration (register pressure can), 0 without the JIT.
  static int64_t WidestIteration();

 private:
  struct Code;
  FusedLoopJit() = default;
  std::unique_ptr<Code> code_;
  std::vector<uint32_t> pool_;  // constants the code reads through a base register, from pool_start_
  size_t pool_start_ = 0;
  std::vector<std::vector<uint16_t>> tables_;  // half tables the code reads by address (never resized)
  int lanes_ = 16;
  int unroll_ = 1;
  int passes_ = 1;  // body passes per iteration (FusedLoopDesc::sum_last_output)
};

// A fused loop's native code, generated when the loop first runs rather than when its program
// is compiled: compiles stay fast (generating costs system calls and TLB flushes), and loops that
// never run cost nothing. Get() is thread-safe; the threads of the first run wait for one result.
class LazyFusedLoopJit {
 public:
  // The loop to generate; before the first Get() only.
  void Set(FusedLoopDesc desc) { desc_ = std::make_unique<FusedLoopDesc>(std::move(desc)); }
  // The native loop, or nullptr when it is to be interpreted.
  const FusedLoopJit* Get() const {
    if (!desc_) return nullptr;
    std::call_once(once_, [this] {
      std::string why_not;  // reported by JAXLIB_CPU_JIT_TRACE
      jit_ = FusedLoopJit::Compile(*desc_, &why_not);
    });
    return jit_.get();
  }

 private:
  std::unique_ptr<FusedLoopDesc> desc_;
  mutable std::once_flag once_;
  mutable std::unique_ptr<FusedLoopJit> jit_;
};

}  // namespace jaxlib::cpu
