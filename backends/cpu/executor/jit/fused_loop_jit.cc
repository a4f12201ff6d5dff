// The fused-loop JIT (fused_loop_jit.h). Each value of the register program lives in vector
// registers (one per interleaved copy) from its definition to its last use, sharing one pool
// with the multi-instruction ops' scratch. Scalars and constants are broadcast once before the
// loop; stream inputs are loaded at their first use, outputs stored as soon as computed. Each
// op's expansion mirrors its formula in vector_math.h step for step: same operations, same
// order, nothing fused; the AVX-512 and AVX2 forms differ only in the primitives below.
#include "backends/cpu/executor/jit/fused_loop_jit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string_view>
#include <utility>

#include "backends/cpu/executor/elementwise/exp_f64_table.h"
#include "backends/cpu/executor/elementwise/math_coefficients.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/jit/x86_64_encoder.h"
#include "runtime/support/env_flag.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace jaxlib::cpu {

// Both variants of the loop (plain and streaming stores) in one mapping: one mmap and one
// mprotect per fused loop, which is most of what generating it costs.
struct FusedLoopJit::Code {
  std::unique_ptr<x86::ExecutableCode> exec;
  size_t streaming_offset = 0;
};

namespace {

using compiler::OpKind;
using namespace math_coefficients;  // NOLINT: the formulas' constants, shared with vector_math.h

#if defined(__x86_64__) && defined(__linux__)

using x86::Encoder;
using x86::Gpr;
using x86::KReg;
using x86::Kreg;
using x86::Mem;
using x86::VCmp;
using x86::VOp;
using x86::Ymm;
using x86::YmmReg;
using x86::Zmm;
using x86::ZmmReg;

constexpr int kMaxUnroll = 4;  // vectors interleaved per iteration
constexpr Gpr kPtrTable = Gpr::kR10;
constexpr Gpr kPool = Gpr::kR11;
constexpr Gpr kCount = Gpr::kRsi;
// Pointer registers of stream inputs and outputs, in order of use.
constexpr Gpr kStreamGprs[] = {Gpr::kRax, Gpr::kRcx, Gpr::kRdx, Gpr::kRdi, Gpr::kR8,  Gpr::kR9,
                               Gpr::kRbx, Gpr::kRbp, Gpr::kR12, Gpr::kR13, Gpr::kR14, Gpr::kR15};
constexpr Gpr kCalleeSaved[] = {Gpr::kRbx, Gpr::kRbp, Gpr::kR12, Gpr::kR13, Gpr::kR14, Gpr::kR15};

uint32_t Bits(float v) {
  uint32_t u;
  std::memcpy(&u, &v, 4);
  return u;
}

// The multiplier and shift that divide s32 values by d (2 <= d < 2^31) through a multiply-high:
// the smallest p >= 32 with 2^p > anc (d - 2^p mod d), anc the largest dividend that is one less
// than a multiple of d; m = ceil(2^p / d), taken modulo 2^32 (Hacker's Delight, figure 10-1).
struct DivMagic {
  uint32_t multiplier;
  uint32_t shift;
};
DivMagic SignedDivMagic(uint32_t d) {
  const uint32_t two31 = 0x80000000u;
  const uint32_t anc = two31 - 1 - two31 % d;
  uint32_t p = 31;
  uint32_t q1 = two31 / anc, r1 = two31 - q1 * anc;  // 2^p / anc
  uint32_t q2 = two31 / d, r2 = two31 - q2 * d;      // 2^p / d
  uint32_t delta;
  do {
    ++p;
    q1 *= 2;
    r1 *= 2;
    if (r1 >= anc) ++q1, r1 -= anc;
    q2 *= 2;
    r2 *= 2;
    if (r2 >= d) ++q2, r2 -= d;
    delta = d - r2;
  } while (q1 < delta || (q1 == delta && r1 == 0));
  return {q2 + 1, p - 32};
}

// AVX512-FP16 (CPUID leaf 7, EDX bit 23): f16 arithmetic on packed halves. The executor selects
// AVX-512 only where the OS keeps zmm state, which this extension needs too.
bool HasAvx512Fp16() {
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 && (edx & (1u << 23)) != 0;
  }();
  return has;
}

// AVX512_VPOPCNTDQ (CPUID leaf 7, ECX bit 14) and AVX512CD (EBX bit 28): VPOPCNTD and VPLZCNTD,
// one instruction each for popcnt and count_leading_zeros of 32-bit lanes.
bool HasAvx512Popcnt() {
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 && (ecx & (1u << 14)) != 0;
  }();
  return has;
}
bool HasAvx512Cd() {
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) != 0 && (ebx & (1u << 28)) != 0;
  }();
  return has;
}

// Elements of one step of the row reducer (four 16-lane partials), which sum mode
// (FusedLoopDesc::sum_last_output) adds per loop trip.
constexpr int kSumStep = 64;
// Body passes per loop trip: one, or in sum mode as many as make one reducer step, each pass's
// vectors added into their own partials.
int Passes(const FusedLoopDesc& d, int lanes, int unroll) { return d.sum_last_output ? kSumStep / (lanes * unroll) : 1; }

bool IsByteOrWordInt(FusedLoopDesc::Type t) {
  using Type = FusedLoopDesc::Type;
  return t == Type::kS8 || t == Type::kU8 || t == Type::kS16 || t == Type::kU16;
}

// Whether an op with a result of type `t` has a native form.
bool Supported(OpKind k, FusedLoopDesc::Type t) {
  using Type = FusedLoopDesc::Type;
  if (t == Type::kBF16 || t == Type::kF16) {
    return k == OpKind::kAdd || k == OpKind::kSubtract || k == OpKind::kMultiply || k == OpKind::kDivide ||
           k == OpKind::kSelect || k == OpKind::kConvert;
  }
  if (t == Type::kF64) {
    // vector_kernels.cc's f64 kernels (arithmetic, negate, exp) and scalar_math.h's for the rest,
    // each an IEEE operation or bit logic; converts from i1, f32 and s32 (Generate checks).
    return k == OpKind::kAdd || k == OpKind::kSubtract || k == OpKind::kMultiply || k == OpKind::kDivide ||
           k == OpKind::kMaximum || k == OpKind::kMinimum || k == OpKind::kNegate || k == OpKind::kAbs ||
           k == OpKind::kSqrt || k == OpKind::kExp || k == OpKind::kSelect || k == OpKind::kConvert;
  }
  if (t == Type::kPred) {
    return k == OpKind::kCompare || k == OpKind::kAnd || k == OpKind::kOr || k == OpKind::kXor || k == OpKind::kNot ||
           k == OpKind::kSelect;
  }
  if (t != Type::kF32) {
    if (k == OpKind::kDivide || k == OpKind::kRemainder) return t == Type::kS32;  // by a constant (Generate checks)
    // 8- and 16-bit integers: the 32-bit lane operations, each result wrapped to the type where
    // it can leave it; shifts through NarrowShift.
    // Bit counts of 32-bit lanes (a narrower type's would count the extension's bits).
    if (k == OpKind::kPopcnt || k == OpKind::kClz) return t == Type::kS32 || t == Type::kU32;
    switch (k) {
      case OpKind::kAdd:
      case OpKind::kSubtract:
      case OpKind::kMultiply:
      case OpKind::kAnd:
      case OpKind::kOr:
      case OpKind::kXor:
      case OpKind::kNot:
      case OpKind::kShiftLeft:
      case OpKind::kShiftRightLogical:
      case OpKind::kShiftRightArithmetic:
      case OpKind::kMaximum:
      case OpKind::kMinimum:
      case OpKind::kSign:
      case OpKind::kSelect:
      case OpKind::kConvert:  // from a number or i1 (Generate checks)
        return true;
      default:
        return false;
    }
  }
  switch (k) {
    case OpKind::kAdd:
    case OpKind::kSubtract:
    case OpKind::kMultiply:
    case OpKind::kDivide:
    case OpKind::kMaximum:
    case OpKind::kMinimum:
    case OpKind::kNegate:
    case OpKind::kAbs:
    case OpKind::kSquare:
    case OpKind::kTanh:
    case OpKind::kExp:
    case OpKind::kExpm1:
    case OpKind::kLog:
    case OpKind::kLog1p:
    case OpKind::kLogistic:
    case OpKind::kErf:
    case OpKind::kSqrt:
    case OpKind::kRsqrt:
    case OpKind::kRoundEven:
    case OpKind::kFloor:
    case OpKind::kCeil:
    case OpKind::kSelect:
    case OpKind::kConvert:  // from a half, an integer or i1 (Generate checks)
      return true;
    default:
      return false;
  }
}

bool IsHalf(FusedLoopDesc::Type t) { return t == FusedLoopDesc::Type::kBF16 || t == FusedLoopDesc::Type::kF16; }
bool IsFloat(FusedLoopDesc::Type t) { return t == FusedLoopDesc::Type::kF32 || IsHalf(t); }
// Integer lanes (32 bits, or narrower ones held extended).
bool IsIntLane(FusedLoopDesc::Type t) {
  return !IsFloat(t) && t != FusedLoopDesc::Type::kPred && t != FusedLoopDesc::Type::kF64;
}
// Bytes an element of type t takes in memory.
int32_t StorageBytes(FusedLoopDesc::Type t) {
  using Type = FusedLoopDesc::Type;
  if (t == Type::kPred || t == Type::kS8 || t == Type::kU8) return 1;
  if (t == Type::kF64) return 8;
  return IsHalf(t) || t == Type::kS16 || t == Type::kU16 ? 2 : 4;
}

// Whether a convert from `from` to `to` has a native form: between any of f32, the halves
// (one of them f32, or both the same) and the integers, and from i1 to numbers.
bool ConvertSupported(FusedLoopDesc::Type from, FusedLoopDesc::Type to) {
  using Type = FusedLoopDesc::Type;
  if (to == Type::kPred) return false;
  // f64 loops: i1, f32 and s32 to f64 (exact), f64 to f32 (Generate checks where they are).
  if (from == Type::kF64 || to == Type::kF64)
    return from == Type::kPred || from == to || (to == Type::kF64 && (from == Type::kF32 || from == Type::kS32)) ||
           (from == Type::kF64 && to == Type::kF32);
  return !(IsFloat(from) && IsFloat(to)) || from == Type::kF32 || to == Type::kF32 || from == to;
}

// One vector (zmm or ymm) of 8- or 16-bit integers (`bytes`) at m, sign- or zero-extended to dwords.
template <class Reg>
void WidenLoad(Encoder& e, Reg r, Mem m, int bytes, bool is_signed) {
  if (bytes == 1) is_signed ? e.VpmovsxbdRM(r, m) : e.VpmovzxbdRM(r, m);
  else is_signed ? e.VpmovsxwdRM(r, m) : e.VpmovzxwdRM(r, m);
}

// One value in `u` vector copies (consecutive vectors of an iteration), by register number
// (zmm or ymm by the ISA). A loop invariant has the same register in every copy.
struct Group {
  int r[kMaxUnroll] = {};
};

// A lane predicate of every copy: the mask registers k1..k4 of copies 0..3 on AVX-512 (`g`
// unused), a vector of all-ones or zero lanes per copy on AVX2.
struct Mask {
  Group g;
};

// Emits the loop body: each step of an op once per copy, so the copies' dependency chains
// interleave (one chain alone would leave the core waiting on latency). Registers come from one
// pool for values and scratch alike; constants sit in a pool read through kPool. The formulas
// (vector_math.h's, step for step) are written once here over the primitives each ISA defines:
// Avx512Body (zmm, k-masks, broadcast memory operands) and Avx2Body (ymm, masks in vectors,
// constants stored as whole vectors).
class BodyEmitter {
 public:
  virtual ~BodyEmitter() = default;
  bool failed() const { return failed_; }
  int unroll() const { return u_; }
  int lanes() const { return lanes_; }
  int vector_bytes() const { return 4 * lanes_; }
  // An f64 loop (FusedLoopDesc::Type::kF64): compares, blends, masked moves, flushes, square
  // roots and broadcasts work on 64-bit lanes, half as many elements a vector.
  void SetF64() { f64_ = true; }
  int elements() const { return f64_ ? lanes_ / 2 : lanes_; }
  int num_regs() const { return num_regs_; }

  Mem C(float v) { return CBits(Bits(v)); }
  // A whole vector of one f64 or qword (an AVX-512 f64 or qword operation may broadcast its
  // first 8 bytes instead).
  Mem CF64(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    return CBits64(bits);
  }
  Mem CBits64(uint64_t bits) {
    auto it = slot64_.find(bits);
    if (it == slot64_.end()) {
      it = slot64_.emplace(bits, static_cast<int32_t>(pool_.size() * 4)).first;
      for (int k = 0; k < lanes_ / 2; ++k) {
        pool_.push_back(static_cast<uint32_t>(bits));
        pool_.push_back(static_cast<uint32_t>(bits >> 32));
      }
    }
    return Mem{kPool, it->second};
  }
  Mem CBits(uint32_t bits) {
    auto it = slot_.find(bits);
    if (it == slot_.end()) {
      it = slot_.emplace(bits, static_cast<int32_t>(pool_.size() * 4)).first;
      pool_.insert(pool_.end(), static_cast<size_t>(const_copies_), bits);
    }
    return Mem{kPool, it->second};
  }
  // A whole vector of distinct dwords (`lanes` of them), added to the pool once per `*slot`.
  Mem CLanes(const uint32_t* lanes, int32_t* slot) {
    if (*slot < 0) {
      *slot = static_cast<int32_t>(pool_.size() * 4);
      pool_.insert(pool_.end(), lanes, lanes + lanes_);
    }
    return Mem{kPool, *slot};
  }

  int One() {
    if (free_.empty()) {
      failed_ = true;
      return 0;
    }
    int z = free_.back();
    free_.pop_back();
    return z;
  }
  Group Alloc() {
    Group g;
    for (int c = 0; c < u_; ++c) g.r[c] = One();
    return g;
  }
  void Free(const Group& g) {
    for (int c = 0; c < u_; ++c) free_.push_back(g.r[c]);
  }
  void FreeOne(int z) { free_.push_back(z); }
  Group Pinned(int z) {
    Group g;
    for (int c = 0; c < u_; ++c) g.r[c] = z;
    return g;
  }

  // ---- per-ISA primitives
  // Register z = the f32 at m in every lane.
  virtual void Broadcast(int z, Mem m) = 0;
  // Register z = the f64 at m in every lane.
  virtual void Broadcast64(int z, Mem m) = 0;

  // ---- f32 and s32 values of an f64 loop, held as the f64 of their value (exact).
  // g = the next elements() * u f32 (s32) at base, widened (VCVTPS2PD, VCVTDQ2PD).
  virtual void LoadF32AsF64(const Group& g, Gpr base) = 0;
  virtual void LoadS32AsF64(const Group& g, Gpr base) = 0;
  // Register z's low f32 (s32) lanes widened in place (a broadcast scalar's).
  virtual void WidenInPlace(int z, bool from_s32) = 0;
  // out's low half = a's f64 rounded to f32 (VCVTPD2PS under the interpreter's MXCSR, as its
  // static_cast<float> of a double); out = a's low half's f32 widened (exact).
  virtual void NarrowToF32(const Group& out, const Group& a) = 0;
  virtual void WidenF32(const Group& out, const Group& a) = 0;
  // The low half of each copy (its elements() f32) stored at base; `streaming` as Store's.
  virtual void StoreLowHalf(Gpr base, const Group& g, bool streaming) = 0;
  void RoundF64ToF32(const Group& out, const Group& a) {
    NarrowToF32(out, a);
    WidenF32(out, out);
  }
  void StoreF32OfF64(Gpr base, const Group& g, bool streaming) {
    Group t = Alloc();
    NarrowToF32(t, g);
    StoreLowHalf(base, t, streaming);
    Free(t);
  }
  virtual void Load(const Group& g, Gpr base) = 0;
  virtual void Store(Gpr base, const Group& g, bool streaming) = 0;
  // An i1 array's next lanes * u bytes as lanes zero (false) or not (true).
  virtual void LoadPred(const Group& g, Gpr base) = 0;

  // ---- half precision: a bf16 or f16 value is held as the f32 of the same value.
  // g = the next lanes * u u16 at base, zero-extended to 32 bits.
  virtual void LoadU16(const Group& g, Gpr base) = 0;
  // g = the next lanes * u f16 at base widened to f32 (VCVTPH2PS: a signalling NaN comes out quiet).
  virtual void LoadF16Quieting(const Group& g, Gpr base) = 0;
  // The low 16 bits of each lane of g, stored as lanes * u u16 at base; g is scratch (a
  // streaming store narrows it in place). `streaming`: non-temporal stores (the output 64-byte
  // aligned, as Store's).
  virtual void StoreU16(Gpr base, const Group& g, bool streaming) = 0;
  // g's f32 lanes rounded to nearest-even f16 and stored (VCVTPS2PH: a NaN stays NaN, quieted, and
  // keeps its top payload bits: f16::FromFloat).
  virtual void StoreF16(Gpr base, const Group& g, bool streaming) = 0;
  // A predicate (all-ones or zero lanes) as one byte per lane, 1 or 0 (the i1 storage).
  void StorePred(Gpr base, const Group& g) {
    Group t = Alloc();
    if (f64_) {
      V(VOp::kAndQ, t, g, CBits64(1));
      StoreQwordBytes(base, t);
    } else {
      V(VOp::kAndD, t, g, CBits(1));
      StoreSmallBytes(base, t);
    }
    Free(t);
  }
  // An f64 loop's qword lanes below 256 stored as elements() * u bytes at base (g is scratch).
  virtual void StoreQwordBytes(Gpr base, const Group& g) = 0;

  // ---- 8- and 16-bit integers, held as their values extended to 32 bits.
  // g = the next lanes * u integers of `bytes` (1 or 2) at base, sign- or zero-extended.
  virtual void LoadNarrowInt(const Group& g, Gpr base, int bytes, bool is_signed) = 0;
  // Lanes below 256 stored as lanes * u bytes at base.
  virtual void StoreSmallBytes(Gpr base, const Group& g) = 0;
  // The low byte (8-bit types) or low 16 bits of each lane stored: the wrap of a convert to a
  // narrower integer. Non-temporal 16-bit stores with `streaming`, as StoreU16's.
  void StoreLowBytes(Gpr base, const Group& g) {
    Group t = Alloc();
    V(VOp::kAndD, t, g, CBits(0xff));
    StoreSmallBytes(base, t);
    Free(t);
  }
  void StoreLowWords(Gpr base, const Group& g, bool streaming) {
    Group t = Alloc();
    V(VOp::kAndD, t, g, CBits(0xffff));
    StoreU16(base, t, streaming);
    Free(t);
  }
  // out = f32(a) per s32 lane, to nearest even (VCVTDQ2PS under the interpreter's MXCSR).
  virtual void CvtS32ToF32(const Group& out, const Group& a) = 0;
  // out = a truncated to s32 per f32 lane; 0x80000000 where a is NaN or out of range.
  virtual void CvtTruncF32ToS32(const Group& out, const Group& a) = 0;
  // out = a p c (an f32 constant) as lanes of all ones or zeros.
  virtual void CompareConst(const Group& out, const Group& a, float c, VCmp p) = 0;
  // g = g rounded to f16 and widened back (both as above).
  virtual void RoundF16(const Group& g) = 0;
  // out = the dword at table + 2 * idx per lane (`table` in a register).
  virtual void Gather16(const Group& out, Gpr table, const Group& idx) = 0;

  // ---- f16 held as packed halves (AVX512-FP16; Avx2Body has none and fails): a copy's 16
  // halves in the low 256 bits of its register, the same lanes as the f32 form's.
  // g = the next lanes * u f16 at base, bits unchanged.
  virtual void LoadPh(const Group& g, Gpr) { Fail(g); }
  virtual void StorePh(Gpr, const Group& g, bool) { Fail(g); }
  // d = a op b on the halves (op: kAddPs, kSubPs, kMulPs, kDivPs), rounded to nearest even.
  virtual void PhOp(VOp, const Group& d, const Group&, const Group&) { Fail(d); }
  // ph = f rounded to f16 (VCVTPS2PH as StoreF16); f = ph widened (VCVTPH2PS, quieting).
  virtual void NarrowF16(const Group& ph, const Group&) { Fail(ph); }
  virtual void WidenF16(const Group& f, const Group&) { Fail(f); }
  // out = table[bits of a] for packed f16 a and out (UnaryByTable's gather on f16 bits).
  virtual void UnaryByTablePh(const Group& out, const Group&, uint64_t, Gpr) { Fail(out); }

  // out = table[bits of a] for a bf16 a (elementwise_kernels.cc HalfTableUnary): the table of
  // 65536 results the interpreter reads, at `table_addr` (padded by one entry for the dword
  // gathers; the shift left drops the neighbour's half).
  void UnaryByTable(const Group& out, const Group& a, uint64_t table_addr, Gpr table_gpr) {
    Group idx = Alloc();
    V(VOp::kShrLVD, idx, a, CBits(16));
    e_.MovRI(table_gpr, table_addr);
    Gather16(out, table_gpr, idx);
    Free(idx);
    V(VOp::kShlVD, out, out, CBits(16));
  }

  // bf16 is the top half of an f32: widening is a shift.
  virtual void LoadBf16(const Group& g, Gpr base) {
    LoadU16(g, base);
    V(VOp::kShlVD, g, g, CBits(16));
  }
  // half_vector_kernels.cc F16ExactAvx2::Up: VCVTPH2PS, then lanes that were signalling NaNs
  // (exponent all ones, quiet bit clear, payload non-zero) get the f32 quiet bit cleared again.
  void LoadF16(const Group& g, Gpr base) {
    Group h = Alloc(), t = Alloc();
    LoadU16(h, base);
    LoadF16Quieting(g, base);
    V(VOp::kAndD, t, h, CBits(0x7e00));
    CmpEqBits(t, t, 0x7c00);
    V(VOp::kAndD, h, h, CBits(0x1ff));
    CmpEqBits(h, h, 0);
    V(VOp::kAndNotD, t, h, t);  // signalling: top bits say so and the payload is not zero
    V(VOp::kAndD, t, t, CBits(0x400000));
    V(VOp::kAndNotD, g, t, g);
    Free(t);
    Free(h);
  }
  // A bf16 value's f32 is exact: its top half is the bf16.
  void StoreBf16(Gpr base, const Group& g, bool streaming) {
    Group t = Alloc();
    V(VOp::kShrLVD, t, g, CBits(16));
    StoreU16(base, t, streaming);
    Free(t);
  }
  // g = g rounded to bf16 as bf16::FromFloat (half_vector_kernels.cc Bf16Avx2::Down): to nearest
  // even by adding 0x7fff plus the kept lowest bit, a NaN quieted by setting bit 22 and truncated.
  // RoundBf16 for the result of an IEEE add, subtract, multiply or divide of bf16 values: such
  // an operation's NaN is quiet (the hardware quiets an input NaN, or makes the default one) and
  // its payload is an operand's, whose low 16 bits are zero, so the rounding increment (at most
  // 0x8000) cannot carry out of them and the plain rounding already gives bf16::FromFloat's
  // quieted, truncated NaN: the NaN test and select are left out, with the same bits.
  void RoundBf16OfArithmetic(const Group& g, bool truncate) {
    Group t = Alloc();
    V(VOp::kShrLVD, t, g, CBits(16));
    V(VOp::kAndD, t, t, CBits(1));
    V(VOp::kAddD, t, t, CBits(0x7fff));
    V(VOp::kAddD, g, g, t);
    if (truncate) V(VOp::kAndD, g, g, CBits(0xffff0000u));
    Free(t);
  }
  // A select on a mask register: Avx2Body has its own, without a blend. Without `truncate` the
  // low 16 bits are left as they come (a value only stored as bf16, whose store drops them).
  virtual void RoundBf16(const Group& g, bool truncate) {
    Group t = Alloc(), q = Alloc();
    V(VOp::kShrLVD, t, g, CBits(16));
    V(VOp::kAndD, t, t, CBits(1));
    V(VOp::kAddD, t, t, g);
    V(VOp::kAddD, t, t, CBits(0x7fff));
    if (truncate) V(VOp::kAndD, t, t, CBits(0xffff0000u));
    V(VOp::kOrD, q, g, CBits(0x400000));
    if (truncate) V(VOp::kAndD, q, q, CBits(0xffff0000u));
    Mask m = NewMask();
    Cmp(m, g, g, VCmp::kUnordQ);
    Blend(g, m, t, q);
    FreeMask(m);
    Free(q);
    Free(t);
  }
  void Copy(const Group& d, const Group& a) { V(VOp::kOrD, d, a, a); }
  void AddInto(const Group& acc, const Group& g) { V(VOp::kAddPs, acc, acc, g); }
  // A compare's result as lanes of all ones or zeros (VCMPPS predicate `p`).
  virtual void Compare(const Group& out, const Group& a, const Group& b, int p) = 0;
  // out = pred ? on_true : on_false, with pred a compare's result or a LoadPred.
  virtual void Select(const Group& out, const Group& pred, const Group& on_true, const Group& on_false) = 0;

  // out = a dir b as lanes of all ones or zeros (dir: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE), the
  // lanes read as s32 when `is_signed`, else as u32.
  virtual void IntCompare(const Group& out, const Group& a, const Group& b, int dir, bool is_signed) = 0;
  // q = trunc(f64(a) * recip) per s32 lane (recip a CF64 vector); exact where |q| < 2^31.
  virtual void MulTruncF64(const Group& q, const Group& a, Mem recip) = 0;
  // q = the high 32 bits of the signed 64-bit product a * m per s32 lane (m a CBits constant);
  // t is scratch.
  virtual void MulHiS32(const Group& q, const Group& a, Mem m, const Group& t) = 0;
  // Code before the loop that the primitives rely on (mask registers).
  virtual void LoopSetup() {}
  // out = a == bits as lanes of all ones or zeros.
  virtual void CmpEqBits(const Group& out, const Group& a, uint32_t bits) = 0;

  // i1 compares over lanes of all ones (true) or zeros, false < true: EQ ~(a ^ b), NE a ^ b,
  // LT ~a & b, GT ~b & a, LE ~GT, GE ~LT.
  void PredCompare(const Group& out, const Group& a, const Group& b, int dir) {
    switch (dir) {
      case 0: case 1: V(VOp::kXorD, out, a, b); break;
      case 2: case 5: V(VOp::kAndNotD, out, a, b); break;
      default: V(VOp::kAndNotD, out, b, a); break;
    }
    if (dir == 0 || dir == 3 || dir == 5) Not(out);
  }

  // s32 a / b or a % b by a constant b, with the interpreter's rules for b = 0 and b = -1
  // (vector_kernels.cc). Both methods below compute the exact truncated quotient, so they give
  // the interpreter's bits (IntDivRemByInvariantBody divides through f64).
  void IntDivRemByConstant(bool rem, const Group& out, const Group& a, int32_t b) {
    if (b == 0) {  // a / 0 = -1, a % 0 = a
      if (rem) V(VOp::kOrD, out, a, a);
      else V(VOp::kOrD, out, a, CBits(0xffffffffu));
      return;
    }
    if (b == -1) {  // a / -1 = -a (INT_MIN / -1 = INT_MIN), a % -1 = 0
      V(VOp::kXorD, out, a, a);
      if (!rem) V(VOp::kSubD, out, out, a);
      return;
    }
    if (b != 1 && b != INT32_MIN) {
      IntDivRemByMagic(rem, out, a, b);
      return;
    }
    IntDivRemThroughF64(rem, out, a, b);
  }

  // Granlund and Montgomery's division by an invariant (Hacker's Delight 10-1): for 2 <= |b| <
  // 2^31, q = (mulhi(a, m) [+ a when m < 0]) >> s, plus one when a < 0, is trunc(a / |b|); the
  // remainder a - q |b| is a % b (its sign is a's, whatever b's). Two multiplies of even and odd
  // lanes and a shuffle: cheaper than the f64 round trip, above all at AVX2.
  void IntDivRemByMagic(bool rem, const Group& out, const Group& a, int32_t b) {
    const uint32_t d = b < 0 ? 0u - static_cast<uint32_t>(b) : static_cast<uint32_t>(b);
    const DivMagic mg = SignedDivMagic(d);
    Group q = Alloc(), t = Alloc();
    MulHiS32(q, a, CBits(mg.multiplier), t);
    if (static_cast<int32_t>(mg.multiplier) < 0) V(VOp::kAddD, q, q, a);
    if (mg.shift > 0) V(VOp::kShrAVD, q, q, CBits(mg.shift));
    V(VOp::kShrAVD, t, a, CBits(31));  // -1 where a < 0
    V(VOp::kSubD, q, q, t);
    if (rem) {
      V(VOp::kMulLoD, t, q, CBits(d));
      V(VOp::kSubD, out, a, t);
    } else if (b < 0) {
      V(VOp::kXorD, t, t, t);
      V(VOp::kSubD, out, t, q);
    } else {
      Copy(out, q);
    }
    Free(t);
    Free(q);
  }

  // The f64 method (vector_kernels.cc IntDivRemByInvariantBody), for b = 1 and b = INT_MIN:
  // q = trunc(a * fl(1/b)) in f64 is the quotient or one short of it in magnitude, and exactly
  // then the remainder a - q b is +-b.
  void IntDivRemThroughF64(bool rem, const Group& out, const Group& a, int32_t b) {
    Group q = Alloc(), r = Alloc(), up = Alloc();
    MulTruncF64(q, a, CF64(1.0 / static_cast<double>(b)));
    V(VOp::kMulLoD, r, q, CBits(static_cast<uint32_t>(b)));
    V(VOp::kSubD, r, a, r);
    CmpEqBits(up, r, static_cast<uint32_t>(b));
    CmpEqBits(out, r, 0u - static_cast<uint32_t>(b));
    if (rem) {
      V(VOp::kOrD, up, up, out);
      V(VOp::kAndNotD, out, up, r);  // r == +-b: 0
    } else {
      V(VOp::kSubD, up, q, up);     // the masks are all ones: r == b steps q up by one ...
      V(VOp::kAddD, out, up, out);  // ... and r == -b down by one
    }
    Free(up);
    Free(r);
    Free(q);
  }

  // The one instruction of an f32 or integer op of result type `t` whose operands are both
  // values (the integer ones are IntOp's), or nullopt.
  static std::optional<VOp> OneInstruction(OpKind k, FusedLoopDesc::Type t) {
    if (t == FusedLoopDesc::Type::kF64) {
      switch (k) {
        case OpKind::kAdd: return VOp::kAddPd;
        case OpKind::kSubtract: return VOp::kSubPd;
        case OpKind::kMultiply: return VOp::kMulPd;
        case OpKind::kDivide: return VOp::kDivPd;
        default: return std::nullopt;
      }
    }
    if (t == FusedLoopDesc::Type::kF32) {
      switch (k) {
        case OpKind::kAdd: return VOp::kAddPs;
        case OpKind::kSubtract: return VOp::kSubPs;
        case OpKind::kMultiply: return VOp::kMulPs;
        case OpKind::kDivide: return VOp::kDivPs;
        default: return std::nullopt;
      }
    }
    if (t != FusedLoopDesc::Type::kS32 && t != FusedLoopDesc::Type::kU32) return std::nullopt;
    const bool is_signed = t == FusedLoopDesc::Type::kS32;
    switch (k) {
      case OpKind::kAdd: return VOp::kAddD;
      case OpKind::kSubtract: return VOp::kSubD;
      case OpKind::kMultiply: return VOp::kMulLoD;
      case OpKind::kAnd: return VOp::kAndD;
      case OpKind::kOr: return VOp::kOrD;
      case OpKind::kXor: return VOp::kXorD;
      case OpKind::kShiftLeft: return VOp::kShlVD;
      case OpKind::kShiftRightLogical: return VOp::kShrLVD;
      case OpKind::kShiftRightArithmetic: return VOp::kShrAVD;
      case OpKind::kMaximum: return is_signed ? VOp::kMaxSD : VOp::kMaxUD;
      case OpKind::kMinimum: return is_signed ? VOp::kMinSD : VOp::kMinUD;
      default: return std::nullopt;
    }
  }

  // Integer lanes (s32 when `is_signed`, else u32): the interpreter's wrapping arithmetic,
  // bitwise ops and shifts (vector_kernels.cc's IAddV ... IMinUV) are one instruction each.
  bool IntOp(OpKind k, bool is_signed, const Group& out, const Group& a, const Group& b) {
    if (k == OpKind::kNot) {
      V(VOp::kXorD, out, a, CBits(0xffffffffu));
      return true;
    }
    if (k == OpKind::kSign) {  // -1, 0 or 1: a clamped to [-1, 1] (unsigned: to [0, 1])
      if (is_signed) {
        V(VOp::kMaxSD, out, a, CBits(0xffffffffu));
        V(VOp::kMinSD, out, out, CBits(1));
      } else {
        V(VOp::kMinUD, out, a, CBits(1));
      }
      return true;
    }
    if (k == OpKind::kPopcnt) {
      if (!OneInstructionBitCount(out, a, /*leading_zeros=*/false)) Popcount(out, a);
      return true;
    }
    if (k == OpKind::kClz) {  // the zeros above the highest one: the ones of ~(a smeared right)
      if (OneInstructionBitCount(out, a, /*leading_zeros=*/true)) return true;
      Group s = Alloc(), t = Alloc();
      V(VOp::kShrLVD, s, a, CBits(1));
      V(VOp::kOrD, s, s, a);
      for (uint32_t shift : {2u, 4u, 8u, 16u}) {
        V(VOp::kShrLVD, t, s, CBits(shift));
        V(VOp::kOrD, s, s, t);
      }
      Not(s);
      Free(t);
      Popcount(out, s);
      Free(s);
      return true;
    }
    const std::optional<VOp> op = OneInstruction(k, is_signed ? FusedLoopDesc::Type::kS32 : FusedLoopDesc::Type::kU32);
    if (op) V(*op, out, a, b);
    return op.has_value();
  }

  // The ones of each 32-bit lane, counted in pairs, nibbles and bytes, the bytes summed by a
  // multiply (elementwise_kernels.cc PopcntF's steps; any exact count gives its values). out != a.
  void Popcount(const Group& out, const Group& a) {
    Group t = Alloc();
    V(VOp::kShrLVD, t, a, CBits(1));
    V(VOp::kAndD, t, t, CBits(0x55555555u));
    V(VOp::kSubD, out, a, t);
    V(VOp::kShrLVD, t, out, CBits(2));
    V(VOp::kAndD, t, t, CBits(0x33333333u));
    V(VOp::kAndD, out, out, CBits(0x33333333u));
    V(VOp::kAddD, out, out, t);
    V(VOp::kShrLVD, t, out, CBits(4));
    V(VOp::kAddD, out, out, t);
    V(VOp::kAndD, out, out, CBits(0x0f0f0f0fu));
    V(VOp::kMulLoD, out, out, CBits(0x01010101u));
    V(VOp::kShrLVD, out, out, CBits(24));
    Free(t);
  }


  // A shift of 8- or 16-bit values held extended in 32-bit lanes, as the scalar kernels shift
  // the type itself (a count at or past its width, or negative, gives 0, or the sign for an
  // arithmetic shift): the 32-bit shift of the value extended the way the shift reads it (sign
  // for arithmetic, zero for logical) gives the type's bits in its low bits, wrapped back
  // after. Counts at or past the width shift past the value's bits in 32 too (VPS*VD read
  // counts of 32 or more as all of them), and a negative count is one such count.
  void NarrowShift(OpKind k, FusedLoopDesc::Type t, const Group& out, const Group& a, const Group& b) {
    using Type = FusedLoopDesc::Type;
    const bool is_signed = t == Type::kS8 || t == Type::kS16;
    const uint32_t bits = t == Type::kS8 || t == Type::kU8 ? 8 : 16;
    if (k == OpKind::kShiftLeft) {
      V(VOp::kShlVD, out, a, b);
    } else if (k == OpKind::kShiftRightArithmetic) {
      if (is_signed) {
        V(VOp::kShrAVD, out, a, b);
        return;  // stays in the type
      }
      V(VOp::kShlVD, out, a, CBits(32 - bits));  // the unsigned value's bits as signed
      V(VOp::kShrAVD, out, out, CBits(32 - bits));
      V(VOp::kShrAVD, out, out, b);
    } else {
      if (!is_signed) {
        V(VOp::kShrLVD, out, a, b);
        return;  // zero-extended already: stays in the type
      }
      V(VOp::kAndD, out, a, CBits((1u << bits) - 1));  // the signed value's bits, unsigned
      V(VOp::kShrLVD, out, out, b);
    }
    WrapInt(out, out, t);
  }

  // out = a wrapped to integer type t: an 8- or 16-bit type's value extended to 32 bits (the
  // low bits kept, as ConvertValue's integer casts do); 32-bit types unchanged. out may be a.
  void WrapInt(const Group& out, const Group& a, FusedLoopDesc::Type t) {
    using Type = FusedLoopDesc::Type;
    if (t == Type::kU8 || t == Type::kU16) {
      V(VOp::kAndD, out, a, CBits(t == Type::kU8 ? 0xffu : 0xffffu));
    } else if (t == Type::kS8 || t == Type::kS16) {
      const uint32_t shift = t == Type::kS8 ? 24 : 16;
      V(VOp::kShlVD, out, a, CBits(shift));
      V(VOp::kShrAVD, out, out, CBits(shift));
    } else if (out.r[0] != a.r[0]) {
      Copy(out, a);
    }
  }

  // stablehlo.convert as scalar_math.h ConvertValue computes it, `out` distinct from `a`: i1 to
  // 1 or 0; integers to integers wrap; integers to f32 rounded to nearest even (u32 as its high
  // and low 16 bits, both exact, so that their sum is the one rounding); floats to integers
  // truncated, saturating, NaN to 0. A half is its f32 here (the caller rounds a half result).
  void Convert(const Group& out, const Group& a, FusedLoopDesc::Type from, FusedLoopDesc::Type to) {
    using Type = FusedLoopDesc::Type;
    if (from == Type::kPred && to == Type::kF64) {
      V(VOp::kAndQ, out, a, CBits64(0x3ff0000000000000ull));  // 1.0 where all ones
    } else if (from == Type::kPred) {
      V(VOp::kAndD, out, a, CBits(IsFloat(to) ? 0x3f800000u : 1u));
    } else if (IsFloat(from) && IsFloat(to)) {
      Copy(out, a);  // exact into f32, and from one half to itself
    } else if (!IsFloat(from) && !IsFloat(to)) {
      WrapInt(out, a, to);
    } else if (from == Type::kU32) {
      Group hi = Alloc();
      V(VOp::kShrLVD, hi, a, CBits(16));
      CvtS32ToF32(hi, hi);
      V(VOp::kMulPs, hi, hi, C(65536.0f));
      V(VOp::kAndD, out, a, CBits(0xffff));
      CvtS32ToF32(out, out);
      V(VOp::kAddPs, out, hi, out);
      Free(hi);
    } else if (!IsFloat(from)) {
      CvtS32ToF32(out, a);  // narrow integers are exact
    } else {
      FloatToInt(out, a, to);
    }
  }

  // ConvertValue's float to integer: NaN gives 0, values at or below the type's minimum give
  // it, values at or above 2^bits (2^(bits-1) signed) give the maximum, the rest truncate.
  void FloatToInt(const Group& out, const Group& x, FusedLoopDesc::Type to) {
    using Type = FusedLoopDesc::Type;
    Group t = Alloc();
    if (to == Type::kS32) {
      // VCVTTPS2DQ gives 0x80000000 for NaN and out of range: INT_MIN where x <= -2^31, flipped
      // to INT_MAX where x >= 2^31, cleared where NaN.
      CvtTruncF32ToS32(out, x);
      CompareConst(t, x, 2147483648.0f, VCmp::kGeOs);
      V(VOp::kXorD, out, out, t);
      Compare(t, x, x, static_cast<int>(VCmp::kUnordQ));
      V(VOp::kAndNotD, out, t, out);
    } else if (to == Type::kU32) {
      // c = max(x, 0) (VMAXPS gives the 0 for a NaN x); c >= 2^31 converts as c - 2^31 (exact)
      // with the top bit set again; c >= 2^32 saturates.
      Group c = Alloc(), big = Alloc();
      V(VOp::kMaxPs, c, x, C(0.0f));
      CompareConst(big, c, 2147483648.0f, VCmp::kGeOs);
      V(VOp::kAndD, t, big, CBits(Bits(2147483648.0f)));
      V(VOp::kSubPs, t, c, t);
      CvtTruncF32ToS32(out, t);
      V(VOp::kAndD, big, big, CBits(0x80000000u));
      V(VOp::kXorD, out, out, big);
      CompareConst(big, c, 4294967296.0f, VCmp::kGeOs);
      V(VOp::kOrD, out, out, big);
      Free(big);
      Free(c);
    } else {
      // 8 and 16 bits: clamped to [min, max] in f32 (exact bounds; VMAXPS gives the minimum for
      // a NaN x), then truncated; a signed type's NaN lanes cleared to 0 after.
      const bool is_signed = to == Type::kS8 || to == Type::kS16;
      const int bits = to == Type::kS8 || to == Type::kU8 ? 8 : 16;
      const float lo = is_signed ? -std::ldexp(1.0f, bits - 1) : 0.0f;
      const float hi = is_signed ? std::ldexp(1.0f, bits - 1) - 1 : std::ldexp(1.0f, bits) - 1;
      V(VOp::kMaxPs, t, x, C(lo));
      V(VOp::kMinPs, t, t, C(hi));
      CvtTruncF32ToS32(out, t);
      if (is_signed) {
        Compare(t, x, x, static_cast<int>(VCmp::kUnordQ));
        V(VOp::kAndNotD, out, t, out);
      }
    }
    Free(t);
  }

  // out = a op b for a constant b of these bits, read from the pool by the op's one instruction
  // (OneInstruction(k, t) must exist).
  void OpWithPoolOperand(OpKind k, FusedLoopDesc::Type t, const Group& out, const Group& a, uint64_t bits) {
    V(*OneInstruction(k, t), out, a, t == FusedLoopDesc::Type::kF64 ? CBits64(bits) : CBits(static_cast<uint32_t>(bits)));
  }

  // An f64 op (`out` distinct from the operands): vector_kernels.cc's f64 kernels (add,
  // subtract, multiply, divide, negate, exp) and scalar_math.h's (NanPropMax/Min, fabs, sqrt),
  // each the same IEEE operations under the same MXCSR. `table_gpr` is scratch for exp's tables.
  // The compiled kernels compute a + b and a * b as VADDPD/VMULPD with b the first source, which
  // decides the NaN that comes out when both are NaNs: so do these.
  bool OpF64(OpKind k, const Group& out, const Group& a, const Group& b, Gpr table_gpr) {
    constexpr uint64_t kSign = 0x8000000000000000ull;
    switch (k) {
      case OpKind::kAdd: V(VOp::kAddPd, out, b, a); return true;
      case OpKind::kSubtract: V(VOp::kSubPd, out, a, b); return true;
      case OpKind::kMultiply: V(VOp::kMulPd, out, b, a); return true;
      case OpKind::kDivide: V(VOp::kDivPd, out, a, b); return true;
      case OpKind::kNegate: V(VOp::kXorQ, out, a, CBits64(kSign)); return true;
      case OpKind::kAbs: V(VOp::kAndQ, out, a, CBits64(~kSign)); return true;
      case OpKind::kMaximum: NanMaxMin(out, a, b, /*max=*/true); return true;
      case OpKind::kMinimum: NanMaxMin(out, a, b, /*max=*/false); return true;
      case OpKind::kSqrt: Sqrt(out, a); return true;
      case OpKind::kExp: ExpF64(out, a, table_gpr); return true;
      default: return false;
    }
  }

  // `out` never shares a register with an operand (the caller allocates it first).
  bool Op(OpKind k, const Group& out, const Group& a, const Group& b) {
    switch (k) {
      case OpKind::kAdd: V(VOp::kAddPs, out, a, b); return true;
      case OpKind::kSubtract: V(VOp::kSubPs, out, a, b); return true;
      case OpKind::kMultiply: V(VOp::kMulPs, out, a, b); return true;
      case OpKind::kDivide: V(VOp::kDivPs, out, a, b); return true;
      case OpKind::kSquare: V(VOp::kMulPs, out, a, a); return true;
      case OpKind::kNegate: V(VOp::kXorD, out, a, CBits(0x80000000u)); return true;
      case OpKind::kAbs: V(VOp::kAndD, out, a, CBits(0x7fffffffu)); return true;
      case OpKind::kMaximum: NanMaxMin(out, a, b, /*max=*/true); return true;
      case OpKind::kMinimum: NanMaxMin(out, a, b, /*max=*/false); return true;
      case OpKind::kTanh: Tanh(out, a); return true;
      case OpKind::kErf: Erf(out, a); return true;
      case OpKind::kExp: Exp(out, a); return true;
      case OpKind::kExpm1: Expm1(out, a); return true;
      case OpKind::kLog: Log(out, a); return true;
      case OpKind::kLog1p: Log1p(out, a); return true;
      case OpKind::kLogistic: Logistic(out, a); return true;
      case OpKind::kSqrt: Sqrt(out, a); return true;
      case OpKind::kRsqrt: Rsqrt(out, a); return true;
      // The interpreter flushes a denormal to a zero of its sign and rounds that; DAZ makes the
      // instruction read it so. Precision exceptions suppressed (bit 3), the mode in bits 0-1.
      case OpKind::kRoundEven: Round(out, a, 0x08); return true;
      case OpKind::kFloor: Round(out, a, 0x09); return true;
      case OpKind::kCeil: Round(out, a, 0x0a); return true;
      default: return false;
    }
  }

  // NanMax / NanMin of a and a constant of bits c that is not a NaN (a relu's or a clip's bound),
  // the same bits as NanMaxMin in fewer steps: with the constant flushed on the host, VMAXPS
  // (VMINPS) of it and the flushed a (in that order) gives a's NaN where a is one and otherwise
  // the larger (smaller), and a where they compare equal, which is the constant's bits but for
  // +-0, where a & c (a | c) orders the zeros. A denormal a, which the compares read as a zero
  // of its sign (DAZ), is not flushed where it can never come out as it is: against max's
  // positive constant or min's negative one it loses, and against a zero max takes a & c, c's
  // sign bit alone.
  void NanMaxMinConst(const Group& out, const Group& a, uint32_t c, bool max) {
    if ((c & 0x7f800000u) == 0) c &= 0x80000000u;  // Flush
    const bool zero = (c & 0x7fffffffu) == 0, negative = (c & 0x80000000u) != 0;
    const bool flush = max ? negative && !zero : !negative || zero;
    Group fa = a;
    if (flush) {
      fa = Alloc();
      Flush(fa, a);
    }
    const Group fc = Pinned(One());
    Broadcast(fc.r[0], CBits(c));
    V(max ? VOp::kMaxPs : VOp::kMinPs, out, fc, fa);
    FreeOne(fc.r[0]);
    if (zero) {
      Group t = Alloc();
      V(max ? VOp::kAndD : VOp::kOrD, t, fa, CBits(c));
      Mask m = NewMask();
      Cmp(m, fa, CBits(c), VCmp::kEqOq);
      MoveMasked(out, m, t);
      FreeMask(m);
      Free(t);
    }
    if (flush) Free(fa);
  }

 protected:
  void Fail(const Group&) { failed_ = true; }
  BodyEmitter(Encoder* e, std::vector<uint32_t>* pool, int unroll, int num_regs, int lanes, int const_copies)
      : e_(*e), pool_(*pool), u_(unroll), lanes_(lanes), const_copies_(const_copies), num_regs_(num_regs) {
    for (int z = num_regs - 1; z >= 0; --z) free_.push_back(z);
  }

  // ---- one step over every copy (per ISA)
  // out = popcnt(a) or count_leading_zeros(a) of each 32-bit lane by one instruction, where the
  // ISA and the CPU have it (else false, nothing emitted).
  virtual bool OneInstructionBitCount(const Group&, const Group&, bool) { return false; }
  virtual void V(VOp op, const Group& d, const Group& a, const Group& b) = 0;
  virtual void V(VOp op, const Group& d, const Group& a, Mem m) = 0;
  virtual Mask NewMask() = 0;
  virtual void FreeMask(const Mask& m) = 0;
  virtual void Cmp(const Mask& m, const Group& a, const Group& b, VCmp p) = 0;
  virtual void Cmp(const Mask& m, const Group& a, Mem b, VCmp p) = 0;
  // d = m ? b : a
  virtual void Blend(const Group& d, const Mask& m, const Group& a, const Group& b) = 0;
  // d = m ? s : d
  virtual void MoveMasked(const Group& d, const Mask& m, const Group& s) = 0;
  // vector_math.h Flush: lanes whose exponent field is zero keep only their sign (d != x).
  virtual void Flush(const Group& d, const Group& x) = 0;
  // n = an integer-valued n rounded to the nearest integer (vector_math.h RoundNearest).
  virtual void RoundNearest(const Group& n) = 0;
  // out = p * 2^n (vector_math.h Scale2); t1, t2 are scratch.
  virtual void Scale2(const Group& out, const Group& p, const Group& n, const Group& t1, const Group& t2) = 0;
  // The same for any p (Scale2 may assume exp's p, within [0.70, 1.42]); t is scratch, out may be p.
  virtual void Scale2AnyP(const Group& out, const Group& p, const Group& n, const Group& t) = 0;
  virtual void Sqrt(const Group& d, const Group& a) = 0;
  // d = a rounded to an integer in the mode of `imm` (VRNDSCALEPS / VROUNDPS immediates).
  virtual void Round(const Group& d, const Group& a, uint8_t imm) = 0;
  // out = the f64 at table + 8 * idx per 64-bit lane (`table` in a register), out distinct from idx.
  virtual void GatherF64(const Group& out, Gpr table, const Group& idx) = 0;
  // Jumps to `label` when a lane of any copy of the f64 x is below lo or above hi (not NaN).
  virtual void JumpIfAnyOutside(const Group& x, double lo, double hi, int label) = 0;

  void Not(const Group& d) { V(VOp::kXorD, d, d, CBits(0xffffffffu)); }

  void SplatConst(const Group& d, float v) {
    for (int c = 0; c < u_; ++c) Broadcast(d.r[c], C(v));
  }

  // ---- the formulas

  // Lanes where x is NaN take x.
  void KeepNan(const Group& out, const Group& x) {
    Mask m = NewMask();
    Cmp(m, x, x, VCmp::kUnordQ);
    MoveMasked(out, m, x);
    FreeMask(m);
  }

  // vector_math.h NanMax / NanMin.
  void NanMaxMin(const Group& out, const Group& a, const Group& b, bool max) {
    Group fa = Alloc(), fb = Alloc(), t = Alloc();
    Flush(fa, a);
    Flush(fb, b);
    Mask m = NewMask();
    Cmp(m, fa, fb, max ? VCmp::kGtOs : VCmp::kLtOs);
    Blend(out, m, fb, fa);  // a > b (a < b) ? a : b
    Cmp(m, fa, fb, VCmp::kEqOq);
    V(max ? VOp::kAndD : VOp::kOrD, t, fa, fb);
    MoveMasked(out, m, t);  // equal: a & b (a | b), which orders -0 and +0
    FreeMask(m);
    KeepNan(out, fb);
    KeepNan(out, fa);
    Free(t);
    Free(fb);
    Free(fa);
  }

  // d = Min(Max(x, -lim), lim) with vector_math.h's Max(a, b) = a > b ? a : b and Min(a, b) =
  // a < b ? a : b, which is what VMAXPS/VMINPS compute (a NaN x becomes -lim).
  void ClampSymmetric(const Group& d, const Group& x, float lim) {
    V(VOp::kMaxPs, d, x, C(-lim));
    V(VOp::kMinPs, d, d, C(lim));
  }

  // acc = ((x * c[0] + c[1]) * x + c[2]) ...: Horner without contraction.
  template <size_t N>
  void Horner(const Group& acc, const Group& x, const float (&coef)[N]) {
    static_assert(N >= 2);
    V(VOp::kMulPs, acc, x, C(coef[0]));
    V(VOp::kAddPs, acc, acc, C(coef[1]));
    for (size_t i = 2; i < N; ++i) {
      V(VOp::kMulPs, acc, acc, x);
      V(VOp::kAddPs, acc, acc, C(coef[i]));
    }
  }

  void Tanh(const Group& out, const Group& x) {
    Group c = Alloc(), x2 = Alloc(), q = Alloc();
    ClampSymmetric(c, x, kTanhClamp);
    V(VOp::kMulPs, x2, c, c);
    Horner(out, x2, kTanhP);
    Horner(q, x2, kTanhQ);
    V(VOp::kMulPs, out, c, out);
    V(VOp::kDivPs, out, out, q);
    V(VOp::kAndD, c, x, CBits(0x7fffffffu));
    Free(q);
    Free(x2);
    Mask m = NewMask();
    Cmp(m, c, C(kTanhTiny), VCmp::kLtOs);
    MoveMasked(out, m, x);  // tiny |x|: tanh x = x
    FreeMask(m);
    Free(c);
    KeepNan(out, x);
  }

  void Erf(const Group& out, const Group& x) {
    Group c = Alloc(), x2 = Alloc(), b = Alloc();
    ClampSymmetric(c, x, kErfClamp);
    V(VOp::kMulPs, x2, c, c);
    Horner(out, x2, kErfP);
    Horner(b, x2, kErfQ);
    V(VOp::kMulPs, out, c, out);
    V(VOp::kDivPs, out, out, b);
    Free(b);
    Free(x2);
    Free(c);
    KeepNan(out, x);
  }

  // vector_math.h ReduceLn2 and the polynomial of Exp and Expm1: n = round(xc log2e), r = xc -
  // n ln2 (ln2 in two parts), e = r r P(r) + r, which is expm1(r). xc may be r or e (it is read
  // before either is written); p is scratch.
  void ReduceLn2Expm1(const Group& e, const Group& n, const Group& r, const Group& p, const Group& xc) {
    V(VOp::kMulPs, n, xc, C(kLog2e));
    RoundNearest(n);
    V(VOp::kMulPs, p, n, C(kLn2Hi));
    V(VOp::kSubPs, r, xc, p);
    V(VOp::kMulPs, p, n, C(kLn2Lo));
    V(VOp::kSubPs, r, r, p);
    Horner(p, r, kExpPoly);
    V(VOp::kMulPs, e, r, r);
    V(VOp::kMulPs, e, e, p);
    V(VOp::kAddPs, e, e, r);
  }

  // vector_math.h Exp: clamp keeping NaN, x = n ln2 + r, polynomial, scale by 2^n.
  // The clamped x and the unscaled result are held in out (one live value fewer).
  void Exp(const Group& out, const Group& x) {
    const Group& xc = out;
    Group n = Alloc(), r = Alloc(), p = Alloc();
    // ClampKeepNan: x < lo ? lo : x is VMAXPS(lo, x), then y > hi ? hi : y is VMINPS(hi, y);
    // with the bound first, a NaN x is what comes out.
    SplatConst(xc, kExpLo);
    V(VOp::kMaxPs, xc, xc, x);
    SplatConst(n, kExpHi);
    V(VOp::kMinPs, xc, n, xc);
    ReduceLn2Expm1(xc, n, r, p, xc);
    V(VOp::kAddPs, xc, xc, C(1.0f));
    Scale2(out, xc, n, r, p);
    Free(p);
    Free(r);
    Free(n);
  }

  // vector_kernels.cc ExpF64Body step for step: c = x clamped to [-746, 710] (NaN kept), c =
  // (128 k + j) ln2/128 + r, e = 2^(j/128) e^r from the tables and a polynomial, then 2^k. The
  // interpreter clamps and picks the scaling per register, here per loop trip (every copy);
  // neither shows: the clamp is the identity where no lane is outside [-708, 709] (the
  // interpreter then reduces x itself), and both scalings give the same bits wherever the
  // result is normal, which it is on that range.
  void ExpF64(const Group& out, const Group& x, Gpr table_gpr) {
    const double magic = 6755399441055744.0;  // 1.5 * 2^52: adding it rounds to an integer
    uint64_t magic_bits;
    std::memcpy(&magic_bits, &magic, 8);
    Group c = Alloc(), kji = Alloc(), r = Alloc(), t = Alloc();
    // Max(lo, x) then Min(hi, .) with the bound first: x < lo ? lo : x, then c > hi ? hi : c.
    for (int k = 0; k < u_; ++k) Broadcast64(c.r[k], CF64(-746.0));
    V(VOp::kMaxPd, c, c, x);
    for (int k = 0; k < u_; ++k) Broadcast64(t.r[k], CF64(710.0));
    V(VOp::kMinPd, c, t, c);
    V(VOp::kMulPd, kji, c, CF64(exp_f64::kInvStep));
    V(VOp::kAddPd, kji, kji, CF64(magic));  // shifted
    V(VOp::kSubPd, t, kji, CF64(magic));    // kj
    V(VOp::kSubQ, kji, kji, CBits64(magic_bits));
    V(VOp::kMulPd, r, t, CF64(exp_f64::kStepHi));
    V(VOp::kSubPd, r, c, r);
    V(VOp::kMulPd, t, t, CF64(exp_f64::kStepLo));
    V(VOp::kSubPd, r, r, t);  // r
    const Group& q = out;
    V(VOp::kMulPd, q, r, CF64(1.0 / 120.0));
    V(VOp::kAddPd, q, q, CF64(1.0 / 24.0));
    V(VOp::kMulPd, q, q, r);
    V(VOp::kAddPd, q, q, CF64(1.0 / 6.0));
    V(VOp::kMulPd, q, q, r);
    V(VOp::kAddPd, q, q, CF64(0.5));
    V(VOp::kMulPd, t, r, r);
    V(VOp::kMulPd, t, t, q);
    V(VOp::kAddPd, t, t, r);  // p = e^r - 1
    const Group& j = r;
    V(VOp::kAndQ, j, kji, CBits64(exp_f64::kTableSize - 1));
    e_.MovRI(table_gpr, reinterpret_cast<uint64_t>(exp_f64::kTwoToJHi));
    GatherF64(out, table_gpr, j);  // th
    e_.MovRI(table_gpr, reinterpret_cast<uint64_t>(exp_f64::kTwoToJLo));
    GatherF64(c, table_gpr, j);  // tl
    V(VOp::kMulPd, t, out, t);
    V(VOp::kAddPd, t, t, c);
    V(VOp::kAddPd, out, out, t);  // e = th + (th * p + tl)
    // Only kji is read from here on: the rest is scratch again (fewer live registers, so more
    // copies fit at AVX2).
    Free(t);
    Free(r);
    Free(c);
    const int slow = e_.NewLabel(), done = e_.NewLabel();
    JumpIfAnyOutside(x, -708.0, 709.0, slow);
    t = Alloc();
    const Group k1 = Alloc();
    // 2^k added to the exponent bits: k = kji >> 7, shifted into place as (kji & ~127) << 45.
    V(VOp::kAndQ, t, kji, CBits64(~static_cast<uint64_t>(exp_f64::kTableSize - 1)));
    V(VOp::kShlVQ, t, t, CBits64(52 - exp_f64::kTableBits));
    V(VOp::kAddQ, out, out, t);
    e_.Jmp(done);
    e_.Bind(slow);
    // k = floor(kji / 128) = k1 + k2; e * 2^k1 * 2^k2, each factor an exact power of two.
    V(VOp::kAddQ, t, kji, CBits64(uint64_t{1} << 20));
    V(VOp::kShrLVQ, t, t, CBits64(exp_f64::kTableBits));
    V(VOp::kSubQ, t, t, CBits64(uint64_t{1} << 13));  // k
    V(VOp::kAddQ, k1, t, CBits64(2048));
    V(VOp::kShrLVQ, k1, k1, CBits64(1));
    V(VOp::kSubQ, k1, k1, CBits64(1024));  // k1
    V(VOp::kSubQ, t, t, k1);              // k2
    V(VOp::kAddQ, k1, k1, CBits64(1023));
    V(VOp::kShlVQ, k1, k1, CBits64(52));
    V(VOp::kMulPd, out, out, k1);
    V(VOp::kAddQ, t, t, CBits64(1023));
    V(VOp::kShlVQ, t, t, CBits64(52));
    V(VOp::kMulPd, out, out, t);
    e_.Bind(done);
    Free(k1);
    Free(t);
    Free(kji);
    KeepNan(out, x);
  }

  // elementwise_kernels.cc RsqrtF: 1 / sqrt(x), both correctly rounded (a denormal x reads as
  // a zero of its sign, as the interpreter flushes it).
  void Rsqrt(const Group& out, const Group& x) {
    Group root = Alloc();
    Sqrt(root, x);
    SplatConst(out, 1.0f);
    V(VOp::kDivPs, out, out, root);
    Free(root);
  }

  void Logistic(const Group& out, const Group& x) {
    Group neg = Alloc(), e = Alloc();
    V(VOp::kXorD, neg, x, CBits(0x80000000u));
    Exp(e, neg);
    V(VOp::kAddPs, e, e, C(1.0f));
    SplatConst(neg, 1.0f);
    V(VOp::kDivPs, out, neg, e);
    Free(e);
    Free(neg);
  }

  // Lanes where x is +inf take x.
  void KeepWhereInf(const Group& out, const Group& x) {
    Mask m = NewMask();
    Cmp(m, x, C(__builtin_inff()), VCmp::kEqOq);
    MoveMasked(out, m, x);
    FreeMask(m);
  }

  // Lanes where x compares `p` to the constant c take the f32 of bits `v`.
  void SetWhere(const Group& out, const Group& x, float c, VCmp p, uint32_t v) {
    Mask m = NewMask();
    Cmp(m, x, C(c), p);
    Group t = Alloc();
    for (int k = 0; k < u_; ++k) Broadcast(t.r[k], CBits(v));
    MoveMasked(out, m, t);
    Free(t);
    FreeMask(m);
  }

  // vector_math.h Expm1 step for step: x clamped (a NaN to the lower bound), x = n ln2 + r,
  // u = expm1(r), then 2^n u + (2^n - 1) (or 2^n (u + 1) - 1 past n = 24), u itself at n = 0,
  // and the bounds' and NaN's results selected last. VRNDSCALEPS's n may be -0 where the
  // interpreter's is +0 (x in (-0.35, 0]): n == 0 holds for both, and r comes out the same
  // (x - (-0) and x - (+0) differ only for x = -0, whose r is +0 either way after the ln2 lo step).
  void Expm1(const Group& out, const Group& x) {
    Group n = Alloc(), r = Alloc(), p = Alloc(), u = Alloc();
    V(VOp::kMaxPs, r, x, C(kExpLo));  // x > lo ? x : lo
    V(VOp::kMinPs, r, r, C(kExpHi));  // y < hi ? y : hi
    ReduceLn2Expm1(u, n, r, p, r);
    // small = Scale2(u, n) + (Scale2(1, n) - 1)
    SplatConst(out, 1.0f);
    Scale2AnyP(out, out, n, p);
    V(VOp::kSubPs, out, out, C(1.0f));
    Scale2AnyP(r, u, n, p);
    V(VOp::kAddPs, out, r, out);
    // large = Scale2(u + 1, n) - 1, where n > 24
    V(VOp::kAddPs, r, u, C(1.0f));
    Scale2AnyP(r, r, n, p);
    V(VOp::kSubPs, r, r, C(1.0f));
    Free(p);
    Mask m = NewMask();
    Cmp(m, n, C(kExpm1Exact), VCmp::kGtOs);
    MoveMasked(out, m, r);
    Cmp(m, n, C(0.0f), VCmp::kEqOq);
    MoveMasked(out, m, u);
    FreeMask(m);
    Free(u);
    Free(r);
    Free(n);
    SetWhere(out, x, kExpm1Overflow, VCmp::kGtOs, Bits(__builtin_inff()));
    SetWhere(out, x, kExpLo, VCmp::kLtOs, Bits(-1.0f));
    KeepNan(out, x);
  }

  // vector_math.h Log: x = 2^e (1 + m), LogReduced, then +inf, negatives, zeros and NaN. The
  // reduction is done on the bits, in one register and without a mask (musl's logf): adding
  // 0x3f800000 - bits(sqrt(0.5)) to x carries into the exponent exactly where the mantissa m in
  // [0.5, 1) is not below sqrt(0.5), so the exponent field less 127 is vector_math.h's e (-1 where
  // m is doubled), and the low 23 bits plus bits(sqrt(0.5)) are its m or 2m. That holds for every
  // positive normal x; every other lane (zeros and denormals under DAZ, negatives, inf, NaN) is
  // replaced by the selects at the end, in both. e is derived from the bits where each of ln2's
  // parts needs it, and z = m m computed again for z / 2, rather than held: three live values
  // of its own, the same IEEE operations on the same operands. Under DAZ a denormal compares equal to zero, in both,
  // and so gives -inf.
  void Log(const Group& out, const Group& x) {
    const uint32_t sqrt_half = Bits(kLogSqrtHalf), carry = 0x3f800000u - sqrt_half;
    Group m = Alloc();
    V(VOp::kAddD, m, x, CBits(carry));
    V(VOp::kAndD, m, m, CBits(0x007fffffu));
    V(VOp::kAddD, m, m, CBits(sqrt_half));
    V(VOp::kSubPs, m, m, C(1.0f));
    // y = m z P(m) + e ln2lo - z / 2, held in out; then (m + y) + e ln2hi.
    const Group& y = out;
    V(VOp::kMulPs, y, m, m);
    V(VOp::kMulPs, y, m, y);
    Group p = Alloc();
    Horner(p, m, kLogPoly);
    V(VOp::kMulPs, y, y, p);
    auto e_times = [&](float c) {  // p = the f32 of e, times c
      V(VOp::kAddD, p, x, CBits(carry));
      V(VOp::kShrLVD, p, p, CBits(23));
      V(VOp::kSubD, p, p, CBits(127));
      CvtS32ToF32(p, p);
      V(VOp::kMulPs, p, p, C(c));
    };
    e_times(kLn2Lo);
    V(VOp::kAddPs, y, y, p);
    V(VOp::kMulPs, p, m, m);  // z again
    V(VOp::kMulPs, p, p, C(0.5f));
    V(VOp::kSubPs, y, y, p);
    V(VOp::kAddPs, out, m, y);
    Free(m);
    e_times(kLn2Hi);
    V(VOp::kAddPs, out, out, p);
    Free(p);
    KeepWhereInf(out, x);
    SetWhere(out, x, 0.0f, VCmp::kLtOs, 0x7fc00000u);
    SetWhere(out, x, 0.0f, VCmp::kEqOq, Bits(-__builtin_inff()));
    KeepNan(out, x);
  }

  // vector_math.h Log1p: log(u) + (x - (u - 1)) / u with u = 1 + x, the series below 1e-4, then
  // u = +inf, x = -1, x < -1 and NaN.
  void Log1p(const Group& out, const Group& x) {
    Group u = Alloc();
    V(VOp::kAddPs, u, x, C(1.0f));
    Log(out, u);
    Group corr = Alloc();
    V(VOp::kSubPs, corr, u, C(1.0f));
    V(VOp::kSubPs, corr, x, corr);
    V(VOp::kDivPs, corr, corr, u);
    Free(u);
    V(VOp::kAddPs, out, out, corr);
    // x - 0.5 x x + x x x / 3, left to right.
    Group s = corr, c = Alloc();
    V(VOp::kMulPs, s, x, C(0.5f));
    V(VOp::kMulPs, s, s, x);
    V(VOp::kSubPs, s, x, s);
    V(VOp::kMulPs, c, x, x);
    V(VOp::kMulPs, c, c, x);
    V(VOp::kMulPs, c, c, C(1.0f / 3.0f));
    V(VOp::kAddPs, s, s, c);
    V(VOp::kAndD, c, x, CBits(0x7fffffffu));
    Mask m = NewMask();
    Cmp(m, c, C(kLog1pTiny), VCmp::kLtOs);
    MoveMasked(out, m, s);
    FreeMask(m);
    Free(c);
    Free(corr);
    // u = +inf, whose result is u: x = +inf alone (the largest float plus 1 rounds to itself).
    KeepWhereInf(out, x);
    SetWhere(out, x, -1.0f, VCmp::kEqOq, Bits(-__builtin_inff()));
    SetWhere(out, x, -1.0f, VCmp::kLtOs, 0x7fc00000u);
    KeepNan(out, x);
  }

  Encoder& e_;
  std::vector<uint32_t>& pool_;
  std::map<uint32_t, int32_t> slot_;
  std::map<uint64_t, int32_t> slot64_;
  std::vector<int> free_;
  int u_, lanes_, const_copies_, num_regs_;
  bool failed_ = false;
  bool f64_ = false;
};

// AVX-512: 32 zmm registers, compares into k1..k4 (one per copy), constants broadcast from one
// f32 each ({1to16}).
class Avx512Body final : public BodyEmitter {
 public:
  Avx512Body(Encoder* e, std::vector<uint32_t>* pool, int unroll) : BodyEmitter(e, pool, unroll, 32, 16, 1) {}

  void Broadcast(int z, Mem m) override { e_.VbroadcastssRM(Z(z), m); }
  void Broadcast64(int z, Mem m) override { e_.VbroadcastsdRM(Z(z), m); }
  void LoadF32AsF64(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtps2pdRM(Z(g.r[c]), Mem{base, 32 * c});
  }
  void LoadS32AsF64(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRM(Z(g.r[c]), Mem{base, 32 * c});
  }
  void WidenInPlace(int z, bool from_s32) override { from_s32 ? e_.Vcvtdq2pdRR(Z(z), Z(z)) : e_.Vcvtps2pdRR(Z(z), Z(z)); }
  void NarrowToF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtpd2psRR(Z(out.r[c]), Z(a.r[c]));
  }
  void WidenF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtps2pdRR(Z(out.r[c]), Z(a.r[c]));
  }
  void StoreLowHalf(Gpr base, const Group& g, bool streaming) override { Move(g, base, 32, true, streaming); }
  void Load(const Group& g, Gpr base) override { Move(g, base, 64); }
  void Store(Gpr base, const Group& g, bool streaming) override { Move(g, base, 64, true, streaming); }
  // Bytes widened, then made all ones where non-zero (predicates are all-ones lanes): dwords, or
  // an f64 loop's qwords.
  void LoadPred(const Group& g, Gpr base) override {
    if (f64_) {
      for (int c = 0; c < u_; ++c) e_.VpmovzxbqRM(Z(g.r[c]), Mem{base, 8 * c});
      for (int c = 0; c < u_; ++c) e_.VptestmqRR(K(c), Z(g.r[c]), Z(g.r[c]));
      for (int c = 0; c < u_; ++c) e_.Vpmovm2qRK(Z(g.r[c]), K(c));
      return;
    }
    for (int c = 0; c < u_; ++c) e_.VpmovzxbdRM(Z(g.r[c]), Mem{base, 16 * c});
    for (int c = 0; c < u_; ++c) e_.VptestmdRR(K(c), Z(g.r[c]), Z(g.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vpmovm2dRK(Z(g.r[c]), K(c));
  }
  void StoreQwordBytes(Gpr base, const Group& g) override {
    for (int c = 0; c < u_; ++c) e_.VpmovqbMR(Mem{base, 8 * c}, Z(g.r[c]));
  }
  void IntCompare(const Group& out, const Group& a, const Group& b, int dir, bool is_signed) override {
    static constexpr uint8_t kPred[6] = {0, 4, 1, 2, 6, 5};  // VPCMPD: EQ, NE, LT, LE, NLE, NLT
    for (int c = 0; c < u_; ++c) e_.VpcmpdRR(K(c), Z(a.r[c]), Z(b.r[c]), kPred[dir], !is_signed);
    for (int c = 0; c < u_; ++c) e_.Vpmovm2dRK(Z(out.r[c]), K(c));
  }
  void CmpEqBits(const Group& out, const Group& a, uint32_t bits) override {
    for (int c = 0; c < u_; ++c) e_.VpcmpdRM(K(c), Z(a.r[c]), CBits(bits), 0, false);
    for (int c = 0; c < u_; ++c) e_.Vpmovm2dRK(Z(out.r[c]), K(c));
  }
  void LoadU16(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.VpmovzxwdRM(Z(g.r[c]), Mem{base, 32 * c});
  }
  void LoadF16Quieting(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtph2psRM(Z(g.r[c]), Mem{base, 32 * c});
  }
  void StoreSmallBytes(Gpr base, const Group& g) override {
    for (int c = 0; c < u_; ++c) e_.VpmovdbMR(Mem{base, 16 * c}, Z(g.r[c]));
  }
  void LoadNarrowInt(const Group& g, Gpr base, int bytes, bool is_signed) override {
    for (int c = 0; c < u_; ++c) WidenLoad(e_, Z(g.r[c]), Mem{base, 16 * bytes * c}, bytes, is_signed);
  }
  void CvtS32ToF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2psRR(Z(out.r[c]), Z(a.r[c]));
  }
  void CvtTruncF32ToS32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvttps2dqRR(Z(out.r[c]), Z(a.r[c]));
  }
  void CompareConst(const Group& out, const Group& a, float v, VCmp p) override {
    Cmp(Mask{}, a, C(v), p);
    for (int c = 0; c < u_; ++c) e_.Vpmovm2dRK(Z(out.r[c]), K(c));
  }
  // Streaming: narrowed in its register, then one non-temporal 32-byte store per copy.
  void StoreU16(Gpr base, const Group& g, bool streaming) override {
    if (!streaming) {
      for (int c = 0; c < u_; ++c) e_.VpmovdwMR(Mem{base, 32 * c}, Z(g.r[c]));
      return;
    }
    for (int c = 0; c < u_; ++c) e_.VpmovdwRR(Z(g.r[c]), Z(g.r[c]));
    StorePh(base, g, true);
  }
  void StoreF16(Gpr base, const Group& g, bool streaming) override {
    if (!streaming) {
      for (int c = 0; c < u_; ++c) e_.Vcvtps2phMR(Mem{base, 32 * c}, Z(g.r[c]), 0);
      return;
    }
    Group t = Alloc();
    NarrowF16(t, g);
    StorePh(base, t, true);
    Free(t);
  }
  void RoundF16(const Group& g) override {
    Group t = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vcvtps2phRR(Z(t.r[c]), Z(g.r[c]), 0);
    for (int c = 0; c < u_; ++c) e_.Vcvtph2psRR(Z(g.r[c]), Z(t.r[c]));
    Free(t);
  }
  void Gather16(const Group& out, Gpr table, const Group& idx) override {
    for (int c = 0; c < u_; ++c) {
      e_.KxnorwAllOnes(K(c));
      e_.VpgatherddRM(Z(out.r[c]), K(c), table, Z(idx.r[c]), 1);
    }
  }

  void LoadPh(const Group& g, Gpr base) override { Move(g, base, 32); }
  void StorePh(Gpr base, const Group& g, bool streaming) override { Move(g, base, 32, true, streaming); }
  void PhOp(VOp op, const Group& d, const Group& a, const Group& b) override {
    for (int c = 0; c < u_; ++c) e_.VOpPhRRR(op, Z(d.r[c]), Z(a.r[c]), Z(b.r[c]));
  }
  void NarrowF16(const Group& ph, const Group& f) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtps2phRR(Z(ph.r[c]), Z(f.r[c]), 0);
  }
  void WidenF16(const Group& f, const Group& ph) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtph2psRR(Z(f.r[c]), Z(ph.r[c]));
  }
  // The table has one entry of padding, so the dword gathered at the last entry stays inside.
  void UnaryByTablePh(const Group& out, const Group& a, uint64_t table_addr, Gpr table_gpr) override {
    Group idx = Alloc();
    for (int c = 0; c < u_; ++c) e_.VpmovzxwdRR(Z(idx.r[c]), Z(a.r[c]));
    e_.MovRI(table_gpr, table_addr);
    Gather16(out, table_gpr, idx);  // (a gather's destination must not be its index)
    for (int c = 0; c < u_; ++c) e_.VpmovdwRR(Z(out.r[c]), Z(out.r[c]));
    Free(idx);
  }

  // Each half of 8 lanes through 8 f64 lanes.
  void MulTruncF64(const Group& q, const Group& a, Mem recip) override {
    Group lo = Alloc(), hi = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vextracti32x8RR(Z(hi.r[c]), Z(a.r[c]), 1);
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRR(Z(lo.r[c]), Z(a.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRR(Z(hi.r[c]), Z(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VmulpdRM(Z(lo.r[c]), Z(lo.r[c]), recip);
    for (int c = 0; c < u_; ++c) e_.VmulpdRM(Z(hi.r[c]), Z(hi.r[c]), recip);
    for (int c = 0; c < u_; ++c) e_.Vcvttpd2dqRR(Z(q.r[c]), Z(lo.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vcvttpd2dqRR(Z(hi.r[c]), Z(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vinserti32x8RRR(Z(q.r[c]), Z(q.r[c]), Z(hi.r[c]), 1);
    Free(hi);
    Free(lo);
  }
  // Even lanes' products, odd lanes' products (their dwords shuffled down), then the even
  // lanes' high halves moved into the odd products' even dwords under k5 = 0x5555. The
  // multiplier broadcasts as a qword whose low dword is m (the pool is padded for the read).
  void MulHiS32(const Group& q, const Group& a, Mem m, const Group& t) override {
    for (int c = 0; c < u_; ++c) e_.VpshufdRR(Z(t.r[c]), Z(a.r[c]), 0xF5);
    for (int c = 0; c < u_; ++c) e_.VpmuldqRRM(Z(q.r[c]), Z(t.r[c]), m);
    for (int c = 0; c < u_; ++c) e_.VpmuldqRRM(Z(t.r[c]), Z(a.r[c]), m);
    for (int c = 0; c < u_; ++c) e_.VpshufdRR(Z(q.r[c]), Z(t.r[c]), 0xF5, kEvenLanes);
  }
  void LoopSetup() override {
    e_.MovRI(Gpr::kRax, 0x5555);
    e_.KmovwKR(kEvenLanes, Gpr::kRax);
  }
  void Compare(const Group& out, const Group& a, const Group& b, int p) override {
    Cmp(Mask{}, a, b, static_cast<VCmp>(p));
    for (int c = 0; c < u_; ++c) f64_ ? e_.Vpmovm2qRK(Z(out.r[c]), K(c)) : e_.Vpmovm2dRK(Z(out.r[c]), K(c));
  }
  void Select(const Group& out, const Group& pred, const Group& on_true, const Group& on_false) override {
    for (int c = 0; c < u_; ++c) {
      if (f64_) e_.VptestmqRR(K(c), Z(pred.r[c]), Z(pred.r[c]));
      else e_.VptestmdRR(K(c), Z(pred.r[c]), Z(pred.r[c]));
    }
    Blend(out, Mask{}, on_false, on_true);
  }

 private:
  static Zmm Z(int r) { return ZmmReg(r); }
  static Kreg K(int copy) { return KReg(1 + copy); }
  static constexpr Kreg kEvenLanes = static_cast<Kreg>(1 + kMaxUnroll);  // after the copies' masks
  static constexpr Kreg kScratch = static_cast<Kreg>(2 + kMaxUnroll);

  // Loads g from, or stores it to, `bytes` (64: whole registers, 32: their low halves) a copy
  // at base.
  void Move(const Group& g, Gpr base, int bytes, bool store = false, bool streaming = false) {
    for (int c = 0; c < u_; ++c) {
      const Mem m{base, bytes * c};
      if (!store) bytes == 64 ? e_.VmovupsRM(Z(g.r[c]), m) : e_.Vmovups256RM(Z(g.r[c]), m);
      else if (streaming) bytes == 64 ? e_.VmovntpsMR(m, Z(g.r[c])) : e_.Vmovntps256MR(m, Z(g.r[c]));
      else bytes == 64 ? e_.VmovupsMR(m, Z(g.r[c])) : e_.Vmovups256MR(m, Z(g.r[c]));
    }
  }

  void V(VOp op, const Group& d, const Group& a, const Group& b) override {
    for (int c = 0; c < u_; ++c) e_.VOpRRR(op, Z(d.r[c]), Z(a.r[c]), Z(b.r[c]));
  }
  void V(VOp op, const Group& d, const Group& a, Mem m) override {
    for (int c = 0; c < u_; ++c) e_.VOpRRM(op, Z(d.r[c]), Z(a.r[c]), m, true);
  }
  Mask NewMask() override { return Mask{}; }
  void FreeMask(const Mask&) override {}
  void Cmp(const Mask&, const Group& a, const Group& b, VCmp p) override {
    for (int c = 0; c < u_; ++c) {
      if (f64_) e_.VcmppdRR(K(c), Z(a.r[c]), Z(b.r[c]), p);
      else e_.VcmppsRR(K(c), Z(a.r[c]), Z(b.r[c]), p);
    }
  }
  void Cmp(const Mask&, const Group& a, Mem m, VCmp p) override {
    for (int c = 0; c < u_; ++c) f64_ ? e_.VcmppdRM(K(c), Z(a.r[c]), m, p) : e_.VcmppsRM(K(c), Z(a.r[c]), m, p);
  }
  void Blend(const Group& d, const Mask&, const Group& a, const Group& b) override {
    for (int c = 0; c < u_; ++c) {
      if (f64_) e_.VblendmpdRRR(Z(d.r[c]), K(c), Z(a.r[c]), Z(b.r[c]));
      else e_.VblendmpsRRR(Z(d.r[c]), K(c), Z(a.r[c]), Z(b.r[c]));
    }
  }
  void MoveMasked(const Group& d, const Mask&, const Group& s) override {
    for (int c = 0; c < u_; ++c) f64_ ? e_.VmovapdRR(Z(d.r[c]), Z(s.r[c]), K(c)) : e_.VmovapsRR(Z(d.r[c]), Z(s.r[c]), K(c));
  }
  void Flush(const Group& d, const Group& x) override {
    if (f64_) {
      for (int c = 0; c < u_; ++c) e_.VmovapsRR(Z(d.r[c]), Z(x.r[c]));
      for (int c = 0; c < u_; ++c) e_.VptestnmqRM(K(c), Z(x.r[c]), CBits64(0x7ff0000000000000ull));
      for (int c = 0; c < u_; ++c)
        e_.VOpRRM(VOp::kAndQ, Z(d.r[c]), Z(x.r[c]), CBits64(0x8000000000000000ull), true, K(c));
      return;
    }
    for (int c = 0; c < u_; ++c) e_.VmovapsRR(Z(d.r[c]), Z(x.r[c]));
    for (int c = 0; c < u_; ++c) e_.VptestnmdRM(K(c), Z(x.r[c]), CBits(0x7f800000u));
    for (int c = 0; c < u_; ++c) e_.VOpRRM(VOp::kAndD, Z(d.r[c]), Z(x.r[c]), CBits(0x80000000u), true, K(c));
  }
  // RoundNearest adds and removes 1.5 * 2^23; VRNDSCALEPS gives the same integer (|n| <= 151),
  // except that it keeps the sign of a zero, which the rest cannot tell apart: n only scales
  // ln2 terms subtracted from the reduced argument and the final power of two.
  void RoundNearest(const Group& n) override {
    for (int c = 0; c < u_; ++c) e_.VrndscalepsRR(Z(n.r[c]), Z(n.r[c]), 0);
  }
  // Scale2 multiplies by 2^n as two exact powers of two, so the only rounding is the flush of a
  // tiny result to zero (FTZ); VSCALEFPS scales by 2^n in one step with the same flush
  // (tests/integration/test_fused_loop_jit.py compares both over every f32 near the underflow
  // and overflow edges).
  void Scale2(const Group& out, const Group& p, const Group& n, const Group&, const Group&) override {
    for (int c = 0; c < u_; ++c) e_.VscalefpsRRR(Z(out.r[c]), Z(p.r[c]), Z(n.r[c]));
  }
  bool OneInstructionBitCount(const Group& out, const Group& a, bool leading_zeros) override {
    if (leading_zeros ? !HasAvx512Cd() : !HasAvx512Popcnt()) return false;
    for (int c = 0; c < u_; ++c)
      leading_zeros ? e_.VplzcntdRR(Z(out.r[c]), Z(a.r[c])) : e_.VpopcntdRR(Z(out.r[c]), Z(a.r[c]));
    return true;
  }
  // VSCALEFPS holds for any p: p * 2^n1 is exact wherever p * 2^n is not below the normal range.
  void Scale2AnyP(const Group& out, const Group& p, const Group& n, const Group& t) override {
    Scale2(out, p, n, t, t);
  }
  void Sqrt(const Group& d, const Group& a) override {
    for (int c = 0; c < u_; ++c) f64_ ? e_.VsqrtpdRR(Z(d.r[c]), Z(a.r[c])) : e_.VsqrtpsRR(Z(d.r[c]), Z(a.r[c]));
  }
  void Round(const Group& d, const Group& a, uint8_t imm) override {
    for (int c = 0; c < u_; ++c) e_.VrndscalepsRR(Z(d.r[c]), Z(a.r[c]), imm);
  }
  void GatherF64(const Group& out, Gpr table, const Group& idx) override {
    for (int c = 0; c < u_; ++c) {
      e_.KxnorwAllOnes(K(c));
      e_.VgatherqpdRM(Z(out.r[c]), K(c), table, Z(idx.r[c]), 3);
    }
  }
  // Each copy's lanes below lo or above hi into its mask, the copies' masks or'ed into k1.
  void JumpIfAnyOutside(const Group& x, double lo, double hi, int label) override {
    for (int c = 0; c < u_; ++c) {
      e_.VcmppdRM(K(c), Z(x.r[c]), CF64(lo), VCmp::kLtOs);
      e_.VcmppdRM(kScratch, Z(x.r[c]), CF64(hi), VCmp::kGtOs);
      e_.KorwRRR(K(c), K(c), kScratch);
    }
    for (int c = 1; c < u_; ++c) e_.KorwRRR(K(0), K(0), K(c));
    e_.KortestwRR(K(0), K(0));
    e_.Jcc(x86::Cond::kNe, label);
  }
};

// AVX2: 16 ymm registers, no mask registers (a compare writes all-ones lanes into a vector,
// VBLENDVPS selects by their sign bits), no broadcast memory operands (each constant is stored
// as 8 copies), and vector_math.h's own RoundNearest and Scale2 sequences.
class Avx2Body final : public BodyEmitter {
 public:
  Avx2Body(Encoder* e, std::vector<uint32_t>* pool, int unroll) : BodyEmitter(e, pool, unroll, 16, 8, 8) {}

  void Broadcast(int z, Mem m) override { e_.VbroadcastssRM(Y(z), m); }
  void Broadcast64(int z, Mem m) override { e_.VbroadcastsdRM(Y(z), m); }
  void LoadF32AsF64(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtps2pdRM(Y(g.r[c]), Mem{base, 16 * c});
  }
  void LoadS32AsF64(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRM(Y(g.r[c]), Mem{base, 16 * c});
  }
  void WidenInPlace(int z, bool from_s32) override { from_s32 ? e_.Vcvtdq2pdRR(Y(z), Y(z)) : e_.Vcvtps2pdRR(Y(z), Y(z)); }
  void NarrowToF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtpd2psRR(Y(out.r[c]), Y(a.r[c]));
  }
  void WidenF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtps2pdRR(Y(out.r[c]), Y(a.r[c]));
  }
  void StoreLowHalf(Gpr base, const Group& g, bool streaming) override { Store128(base, g, streaming); }
  void Load(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.VmovupsRM(Y(g.r[c]), Mem{base, 32 * c});
  }
  void Store(Gpr base, const Group& g, bool streaming) override {
    for (int c = 0; c < u_; ++c) {
      if (streaming) e_.VmovntpsMR(Mem{base, 32 * c}, Y(g.r[c]));
      else e_.VmovupsMR(Mem{base, 32 * c}, Y(g.r[c]));
    }
  }
  // Bytes widened, then compared with zero (signed: widened bytes are never negative), so a
  // predicate is all-ones lanes as a compare's result is, as the interpreter's PredMaskAvx2.
  // An f64 loop's qwords: equal to zero, complemented (all 64 bits of a lane alike).
  void LoadPred(const Group& g, Gpr base) override {
    if (f64_) {
      for (int c = 0; c < u_; ++c) e_.VpmovzxbqRM(Y(g.r[c]), Mem{base, 4 * c});
      V(VOp::kCmpEqQ, g, g, CBits64(0));
      Not(g);
      return;
    }
    for (int c = 0; c < u_; ++c) e_.VpmovzxbdRM(Y(g.r[c]), Mem{base, 8 * c});
    V(VOp::kCmpGtD, g, g, CBits(0));
  }
  // Qwords below 256 (a 0 high dword each) packed as dwords to words, to bytes (q0 0 q1 0 ...),
  // then those byte pairs as words to bytes again: the low 4 bytes hold the lanes in order.
  void StoreQwordBytes(Gpr base, const Group& g) override {
    Group hi = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vextracti128RR(Y(hi.r[c]), Y(g.r[c]), 1);
    for (int c = 0; c < u_; ++c) e_.VpackusdwRRR(Y(hi.r[c]), Y(g.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VpackuswbRRR(Y(hi.r[c]), Y(hi.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VpackuswbRRR(Y(hi.r[c]), Y(hi.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VmovdMR(Mem{base, 4 * c}, Y(hi.r[c]));
    Free(hi);
  }
  void Compare(const Group& out, const Group& a, const Group& b, int p) override {
    Cmp(Mask{out}, a, b, static_cast<VCmp>(p));
  }
  // VPCMPEQD and VPCMPGTD (signed) only: unsigned lanes compare as signed with their sign bits
  // flipped; LT swaps the operands; NE, LE and GE are the complements of EQ, GT and LT.
  void IntCompare(const Group& out, const Group& a, const Group& b, int dir, bool is_signed) override {
    Group ta = a, tb = b;
    if (!is_signed && dir >= 2) {
      ta = Alloc();
      tb = Alloc();
      V(VOp::kXorD, ta, a, CBits(0x80000000u));
      V(VOp::kXorD, tb, b, CBits(0x80000000u));
    }
    if (dir <= 1) V(VOp::kCmpEqD, out, ta, tb);
    else if (dir == 2 || dir == 5) V(VOp::kCmpGtD, out, tb, ta);
    else V(VOp::kCmpGtD, out, ta, tb);
    if (dir == 1 || dir == 3 || dir == 5) Not(out);
    if (!is_signed && dir >= 2) {
      Free(tb);
      Free(ta);
    }
  }
  void CmpEqBits(const Group& out, const Group& a, uint32_t bits) override { V(VOp::kCmpEqD, out, a, CBits(bits)); }
  void LoadU16(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.VpmovzxwdRM(Y(g.r[c]), Mem{base, 16 * c});
  }
  void LoadF16Quieting(const Group& g, Gpr base) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtph2psRM(Y(g.r[c]), Mem{base, 16 * c});
  }
  // Dwords below 256 packed to words (each copy's high 128 bits beside its low ones), then to
  // bytes, unchanged by the saturation: the low 8 bytes hold the lanes in order.
  void StoreSmallBytes(Gpr base, const Group& g) override {
    Group hi = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vextracti128RR(Y(hi.r[c]), Y(g.r[c]), 1);
    for (int c = 0; c < u_; ++c) e_.VpackusdwRRR(Y(hi.r[c]), Y(g.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VpackuswbRRR(Y(hi.r[c]), Y(hi.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VmovqMR(Mem{base, 8 * c}, Y(hi.r[c]));
    Free(hi);
  }
  void LoadNarrowInt(const Group& g, Gpr base, int bytes, bool is_signed) override {
    for (int c = 0; c < u_; ++c) WidenLoad(e_, Y(g.r[c]), Mem{base, 8 * bytes * c}, bytes, is_signed);
  }
  void CvtS32ToF32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2psRR(Y(out.r[c]), Y(a.r[c]));
  }
  void CvtTruncF32ToS32(const Group& out, const Group& a) override {
    for (int c = 0; c < u_; ++c) e_.Vcvttps2dqRR(Y(out.r[c]), Y(a.r[c]));
  }
  void CompareConst(const Group& out, const Group& a, float v, VCmp p) override { Cmp(Mask{out}, a, C(v), p); }
  // Dwords below 2^16 pack to words unchanged. Copies c and c + 1 pack together (VPACKUSDW
  // interleaves their 128-bit halves: c's low four, c + 1's low four | c's high four, c + 1's
  // high four; VPERMQ puts the quarters back in order) and are stored as one 32-byte vector: two
  // shuffles and a store per pair instead of four and two. An even unroll only, so that a
  // streaming pair's address stays 32-byte aligned from iteration to iteration; otherwise each
  // copy's high 128 bits are packed beside its low ones and its low half stored.
  void StoreU16(Gpr base, const Group& g, bool streaming) override {
    Group t = Alloc();
    if (u_ % 2 == 0) {
      for (int c = 0; c < u_; c += 2) e_.VpackusdwRRR(Y(t.r[c]), Y(g.r[c]), Y(g.r[c + 1]));
      for (int c = 0; c < u_; c += 2) e_.VpermqRRI(Y(t.r[c]), Y(t.r[c]), 0xD8);
      for (int c = 0; c < u_; c += 2) {
        if (streaming) e_.VmovntpsMR(Mem{base, 16 * c}, Y(t.r[c]));
        else e_.VmovupsMR(Mem{base, 16 * c}, Y(t.r[c]));
      }
    } else {
      for (int c = 0; c < u_; ++c) e_.Vextracti128RR(Y(t.r[c]), Y(g.r[c]), 1);
      for (int c = 0; c < u_; ++c) e_.VpackusdwRRR(Y(t.r[c]), Y(g.r[c]), Y(t.r[c]));
      Store128(base, t, streaming);
    }
    Free(t);
  }
  // bf16 widened by one shuffle: a copy's 16 bytes broadcast to both 128-bit halves (a load-port
  // uop only), then VPSHUFB moves word i to the top of dword i (the high half taking words 4-7)
  // and zeroes the low words: one ALU uop where VPMOVZXWD and a shift take two. Lanes in order, so
  // row sums see the values where the shift puts them.
  void LoadBf16(const Group& g, Gpr base) override {
    uint32_t ctl[8];
    for (uint32_t i = 0; i < 8; ++i) ctl[i] = 0x8080u | (2 * i) << 16 | (2 * i + 1) << 24;
    const Mem m = CLanes(ctl, &bf16_widen_slot_);
    for (int c = 0; c < u_; ++c) e_.Vbroadcasti128RM(Y(g.r[c]), Mem{base, 16 * c});
    for (int c = 0; c < u_; ++c) e_.VpshufbRRM(Y(g.r[c]), Y(g.r[c]), m);
  }
  // bf16 rounding as the base class's, with the NaN select done by masking instead of VBLENDVPS
  // (three uops a ymm on recent cores, against one each for VPANDN, VPAND and VPOR): a NaN lane
  // gets no rounding increment and its quiet bit ORed in, so one add and one truncation serve
  // both kinds of lane, and the bits are the blend's.
  void RoundBf16(const Group& g, bool truncate) override {
    Group t = Alloc(), m = Alloc();
    V(VOp::kShrLVD, t, g, CBits(16));
    V(VOp::kAndD, t, t, CBits(1));
    V(VOp::kAddD, t, t, CBits(0x7fff));
    Cmp(Mask{m}, g, g, VCmp::kUnordQ);
    V(VOp::kAndNotD, t, m, t);
    V(VOp::kAndD, m, m, CBits(0x400000));
    V(VOp::kOrD, g, g, m);
    V(VOp::kAddD, g, g, t);
    if (truncate) V(VOp::kAndD, g, g, CBits(0xffff0000u));
    Free(m);
    Free(t);
  }
  void StoreF16(Gpr base, const Group& g, bool streaming) override {
    if (!streaming) {
      for (int c = 0; c < u_; ++c) e_.Vcvtps2phMR(Mem{base, 16 * c}, Y(g.r[c]), 0);
      return;
    }
    Group t = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vcvtps2phRR(Y(t.r[c]), Y(g.r[c]), 0);
    Store128(base, t, true);
    Free(t);
  }
  // Each copy's low 16 bytes to base + 16 * copy.
  void Store128(Gpr base, const Group& g, bool streaming) {
    for (int c = 0; c < u_; ++c) {
      if (streaming) e_.VmovntdqMR128(Mem{base, 16 * c}, Y(g.r[c]));
      else e_.VmovdquMR128(Mem{base, 16 * c}, Y(g.r[c]));
    }
  }
  void RoundF16(const Group& g) override {
    Group t = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vcvtps2phRR(Y(t.r[c]), Y(g.r[c]), 0);
    for (int c = 0; c < u_; ++c) e_.Vcvtph2psRR(Y(g.r[c]), Y(t.r[c]));
    Free(t);
  }
  void Gather16(const Group& out, Gpr table, const Group& idx) override {
    Group m = Alloc();
    V(VOp::kCmpEqD, m, m, m);  // all lanes
    for (int c = 0; c < u_; ++c) e_.VpgatherddRM(Y(out.r[c]), table, Y(idx.r[c]), 1, Y(m.r[c]));
    Free(m);
  }

  // Each half of 4 lanes through 4 f64 lanes.
  void MulTruncF64(const Group& q, const Group& a, Mem recip) override {
    Group lo = Alloc(), hi = Alloc();
    for (int c = 0; c < u_; ++c) e_.Vextracti128RR(Y(hi.r[c]), Y(a.r[c]), 1);
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRR(Y(lo.r[c]), Y(a.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vcvtdq2pdRR(Y(hi.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.VmulpdRM(Y(lo.r[c]), Y(lo.r[c]), recip);
    for (int c = 0; c < u_; ++c) e_.VmulpdRM(Y(hi.r[c]), Y(hi.r[c]), recip);
    for (int c = 0; c < u_; ++c) e_.Vcvttpd2dqRR(Y(q.r[c]), Y(lo.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vcvttpd2dqRR(Y(hi.r[c]), Y(hi.r[c]));
    for (int c = 0; c < u_; ++c) e_.Vinserti128RRR(Y(q.r[c]), Y(q.r[c]), Y(hi.r[c]), 1);
    Free(hi);
    Free(lo);
  }
  // Even lanes' products and odd lanes' products; the even lanes' high halves shuffled down and
  // blended with the odd ones (whose high halves are already in place).
  void MulHiS32(const Group& q, const Group& a, Mem m, const Group& t) override {
    for (int c = 0; c < u_; ++c) e_.VpshufdRR(Y(t.r[c]), Y(a.r[c]), 0xF5);
    for (int c = 0; c < u_; ++c) e_.VpmuldqRRM(Y(t.r[c]), Y(t.r[c]), m);
    for (int c = 0; c < u_; ++c) e_.VpmuldqRRM(Y(q.r[c]), Y(a.r[c]), m);
    for (int c = 0; c < u_; ++c) e_.VpshufdRR(Y(q.r[c]), Y(q.r[c]), 0xF5);
    for (int c = 0; c < u_; ++c) e_.VpblenddRRR(Y(q.r[c]), Y(q.r[c]), Y(t.r[c]), 0xAA);
  }
  void Select(const Group& out, const Group& pred, const Group& on_true, const Group& on_false) override {
    Blend(out, Mask{pred}, on_false, on_true);
  }

 private:
  static Ymm Y(int r) { return YmmReg(r); }
  int32_t bf16_widen_slot_ = -1;  // LoadBf16's shuffle control in the pool

  void V(VOp op, const Group& d, const Group& a, const Group& b) override {
    for (int c = 0; c < u_; ++c) e_.VOpRRR(op, Y(d.r[c]), Y(a.r[c]), Y(b.r[c]));
  }
  void V(VOp op, const Group& d, const Group& a, Mem m) override {
    for (int c = 0; c < u_; ++c) e_.VOpRRM(op, Y(d.r[c]), Y(a.r[c]), m);
  }
  Mask NewMask() override { return Mask{Alloc()}; }
  void FreeMask(const Mask& m) override { Free(m.g); }
  // f64 compares give lanes of 64 ones or zeros, which VBLENDVPS (by dword sign bits) reads as f64
  // masks too.
  void Cmp(const Mask& m, const Group& a, const Group& b, VCmp p) override {
    for (int c = 0; c < u_; ++c) {
      if (f64_) e_.VcmppdRR(Y(m.g.r[c]), Y(a.r[c]), Y(b.r[c]), p);
      else e_.VcmppsRR(Y(m.g.r[c]), Y(a.r[c]), Y(b.r[c]), p);
    }
  }
  void Cmp(const Mask& m, const Group& a, Mem b, VCmp p) override {
    for (int c = 0; c < u_; ++c) f64_ ? e_.VcmppdRM(Y(m.g.r[c]), Y(a.r[c]), b, p) : e_.VcmppsRM(Y(m.g.r[c]), Y(a.r[c]), b, p);
  }
  void Blend(const Group& d, const Mask& m, const Group& a, const Group& b) override {
    for (int c = 0; c < u_; ++c) e_.VblendvpsRRRR(Y(d.r[c]), Y(a.r[c]), Y(b.r[c]), Y(m.g.r[c]));
  }
  void MoveMasked(const Group& d, const Mask& m, const Group& s) override { Blend(d, m, d, s); }
  // denormal = (x & 0x7f800000) == 0; d = x & ~(denormal & 0x7fffffff), which keeps only the
  // sign of a denormal lane: bitwise ops, cheaper than a blend.
  void Flush(const Group& d, const Group& x) override {
    Mask m = NewMask();
    if (f64_) {
      V(VOp::kAndQ, m.g, x, CBits64(0x7ff0000000000000ull));
      V(VOp::kCmpEqQ, m.g, m.g, CBits64(0));
      V(VOp::kAndQ, m.g, m.g, CBits64(0x7fffffffffffffffull));
      V(VOp::kAndNotQ, d, m.g, x);
      FreeMask(m);
      return;
    }
    V(VOp::kAndD, m.g, x, CBits(0x7f800000u));
    V(VOp::kCmpEqD, m.g, m.g, CBits(0));
    V(VOp::kAndD, m.g, m.g, CBits(0x7fffffffu));
    V(VOp::kAndNotD, d, m.g, x);
    FreeMask(m);
  }
  void RoundNearest(const Group& n) override {
    V(VOp::kAddPs, n, n, C(12582912.0f));  // 1.5 * 2^23
    V(VOp::kSubPs, n, n, C(12582912.0f));
  }
  // out = p * 2^n, the exact product rounded once (to zero below 2^-126 under FTZ, to infinity
  // above the largest float), as vector_math.h's Scale2 gives it. p = exp(r) lies in [0.70, 1.42]
  // (exponent -1 or 0), so where every lane of the iteration has n >= -124, p * 2^(n - 1) is a
  // normal float, made by adding n - 1 to p's exponent bits, and the one multiply by 2 rounds
  // exactly as p * 2^n does (n <= 128: exp's clamp keeps n - 1 at most 127). n - 1 comes as the
  // low bits of n + (1.5 * 2^23 - 1), an exact sum whose bits are 0x4B400000 + n - 1: shifted
  // left by 23 they are (n - 1) << 23. Other iterations (a lane below -124 or NaN, where exp's
  // result is tiny or NaN) take vector_math.h's own sequence: two exact powers of two.
  void Scale2(const Group& out, const Group& p, const Group& n, const Group& t1, const Group& t2) override {
    const int slow = e_.NewLabel(), done = e_.NewLabel();
    Cmp(Mask{t1}, n, C(-124.0f), VCmp::kNgeUs);  // n < -124 or NaN
    for (int c = 1; c < u_; ++c) e_.VOpRRR(VOp::kOrD, Y(t1.r[0]), Y(t1.r[0]), Y(t1.r[c]));
    e_.VtestpsRR(Y(t1.r[0]), Y(t1.r[0]));
    e_.Jcc(x86::Cond::kNe, slow);
    V(VOp::kAddPs, t1, n, C(12582911.0f));  // 1.5 * 2^23 - 1
    for (int c = 0; c < u_; ++c) e_.VpslldRI(Y(t1.r[c]), Y(t1.r[c]), 23);
    V(VOp::kAddD, out, p, t1);
    V(VOp::kMulPs, out, out, C(2.0f));
    e_.Jmp(done);
    e_.Bind(slow);
    Scale2AnyP(out, p, n, t1);
    e_.Bind(done);
  }
  // vector_math.h's Scale2 itself: p times two exact powers of two, 2^n1 and 2^n2 with n1 =
  // ni >> 1 and n2 = ni - n1, which is (ni + 1) >> 1 (ni = n, truncated: it is integral), so
  // that one scratch register makes both in turn.
  void Scale2AnyP(const Group& out, const Group& p, const Group& n, const Group& t) override {
    for (int c = 0; c < u_; ++c) e_.Vcvttps2dqRR(Y(t.r[c]), Y(n.r[c]));
    for (int c = 0; c < u_; ++c) e_.VpsradRI(Y(t.r[c]), Y(t.r[c]), 1);
    V(VOp::kAddD, t, t, CBits(127));
    for (int c = 0; c < u_; ++c) e_.VpslldRI(Y(t.r[c]), Y(t.r[c]), 23);
    V(VOp::kMulPs, out, p, t);
    for (int c = 0; c < u_; ++c) e_.Vcvttps2dqRR(Y(t.r[c]), Y(n.r[c]));
    V(VOp::kAddD, t, t, CBits(1));
    for (int c = 0; c < u_; ++c) e_.VpsradRI(Y(t.r[c]), Y(t.r[c]), 1);
    V(VOp::kAddD, t, t, CBits(127));
    for (int c = 0; c < u_; ++c) e_.VpslldRI(Y(t.r[c]), Y(t.r[c]), 23);
    V(VOp::kMulPs, out, out, t);
  }
  void Sqrt(const Group& d, const Group& a) override {
    for (int c = 0; c < u_; ++c) f64_ ? e_.VsqrtpdRR(Y(d.r[c]), Y(a.r[c])) : e_.VsqrtpsRR(Y(d.r[c]), Y(a.r[c]));
  }
  void Round(const Group& d, const Group& a, uint8_t imm) override {
    for (int c = 0; c < u_; ++c) e_.VroundpsRR(Y(d.r[c]), Y(a.r[c]), imm);
  }
  // The mask (all ones: every lane gathered) is made per gather, which clears it.
  void GatherF64(const Group& out, Gpr table, const Group& idx) override {
    Group m = Alloc();
    V(VOp::kCmpEqD, m, m, m);
    for (int c = 0; c < u_; ++c) e_.VgatherqpdRM(Y(out.r[c]), table, Y(idx.r[c]), 3, Y(m.r[c]));
    Free(m);
  }
  void JumpIfAnyOutside(const Group& x, double lo, double hi, int label) override {
    Group below = Alloc(), above = Alloc();
    Cmp(Mask{below}, x, CF64(lo), VCmp::kLtOs);
    Cmp(Mask{above}, x, CF64(hi), VCmp::kGtOs);
    V(VOp::kOrD, below, below, above);
    for (int c = 1; c < u_; ++c) e_.VOpRRR(VOp::kOrD, Y(below.r[0]), Y(below.r[0]), Y(below.r[c]));
    e_.VtestpsRR(Y(below.r[0]), Y(below.r[0]));
    e_.Jcc(x86::Cond::kNe, label);
    Free(above);
    Free(below);
  }
};

std::unique_ptr<BodyEmitter> MakeBody(VectorIsa isa, Encoder* e, std::vector<uint32_t>* pool, int unroll) {
  if (isa == VectorIsa::kAvx512) return std::make_unique<Avx512Body>(e, pool, unroll);
  return std::make_unique<Avx2Body>(e, pool, unroll);
}

// Checks `d` and generates its loop over `unroll` vectors per iteration; the reason in `*why`
// when it cannot.
// The padded copies of the half tables a loop reads, by the function that returns each.
using HalfTables = std::map<const uint16_t* (*)(), const uint16_t*>;

bool Generate(const FusedLoopDesc& d, VectorIsa isa, int unroll, bool streaming, const HalfTables& tables,
              std::vector<uint32_t>* pool, std::vector<uint8_t>* code, std::string* why) {
  using Mode = FusedLoopDesc::Input::Mode;
  // With AVX512-FP16, f16 values are held as packed halves and f16 add, subtract, multiply and
  // divide are single f16 instructions. Each gives the bits of the interpreter's f32 operation
  // rounded to f16: f32 carries 24 bits, at least 2 * 11 + 2, so rounding the f32 result again
  // to f16 never differs from rounding the exact result once (double rounding is innocuous for
  // these four operations); f16 inputs and results are never f32 denormals, so FTZ/DAZ (which
  // the FP16 instructions ignore) change nothing; a NaN operand comes out quieted with its
  // payload, the first operand's when both are NaNs, as in f32. f16 unary ops read the
  // interpreter's tables as bf16 ones do.
  const bool packed_f16 = isa == VectorIsa::kAvx512 && HasAvx512Fp16();
  bool uses_table = false;
  for (const FusedLoopDesc::Instr& ins : d.instrs) {
    // Without it, f16 results rounded per op go through VCVTPS2PH and VCVTPH2PS, a long
    // dependency chain per op that the few vectors in flight cannot hide: measured slower than
    // the interpreter's per-op kernels (f16 gelu: AVX2 6.6 vs 4.3 ms, AVX-512 3.8 vs 3.6).
    // Converts stay native.
    if (!packed_f16 && ins.type == FusedLoopDesc::Type::kF16 && ins.kind != OpKind::kConvert &&
        ins.kind != OpKind::kSelect)
      return *why = "f16 arithmetic (rounded per op, slower native)", false;
    if (IsHalf(ins.type) && ins.half_table && ins.num_in == 1) {
      uses_table = true;
      continue;
    }
    if (ins.type == FusedLoopDesc::Type::kF64 && ins.kind == OpKind::kExp) uses_table = true;  // its 2^(j/128) tables
    if (!Supported(ins.kind, ins.type)) {
      *why = std::string("no native form of ") + std::string(compiler::OpName(ins.kind));
      if (IsIntLane(ins.type)) *why += " on integers";
      if (ins.type == FusedLoopDesc::Type::kF64) *why += " on f64";
      if (ins.type == FusedLoopDesc::Type::kPred) *why += " on predicates";
      return false;
    }
  }
  size_t streams = d.outputs.size();
  for (const FusedLoopDesc::Input& in : d.inputs) streams += in.mode == Mode::kStream;
  // A table's address lives in the last pointer register.
  const size_t max_streams = std::size(kStreamGprs) - (uses_table ? 1 : 0);
  const Gpr table_gpr = kStreamGprs[std::size(kStreamGprs) - 1];
  if (streams > max_streams) {
    *why = std::to_string(streams) + " streamed arrays (at most " + std::to_string(max_streams) + ")";
    return false;
  }

  // Values: inputs first (value k = input k), then one per instruction result. The register
  // program reuses registers, so each register read names the value last written to it.
  const size_t ni = d.inputs.size(), nv = ni + d.instrs.size();
  auto bad_reg = [&](int r) { return r < 0 || r >= d.num_regs; };
  for (const FusedLoopDesc::Input& in : d.inputs)
    if (bad_reg(in.reg)) return *why = "input register out of range", false;
  for (const FusedLoopDesc::Instr& ins : d.instrs) {
    const bool float_compare = ins.compare_as == FusedLoopDesc::Type::kF32 || ins.compare_as == FusedLoopDesc::Type::kF64;
    if (ins.kind == OpKind::kCompare && (float_compare ? ins.compare < 0 : ins.int_compare < 0 || ins.int_compare > 5))
      return *why = "a compare with no native form (TOTALORDER, or other types)", false;
    const int arity = ins.kind == OpKind::kSelect ? 3 : ins.kind == OpKind::kCompare ? 2 : 0;
    if (ins.num_in < 1 || ins.num_in > 3 || (arity && ins.num_in != arity) || (!arity && ins.num_in > 2) ||
        bad_reg(ins.out))
      return *why = "malformed instruction", false;
    for (int k = 0; k < ins.num_in; ++k)
      if (bad_reg(ins.in[k])) return *why = "malformed instruction", false;
  }
  for (int r : d.outputs)
    if (bad_reg(r)) return *why = "output register out of range", false;
  std::vector<int> reg_value(static_cast<size_t>(d.num_regs), -1);
  for (size_t k = 0; k < ni; ++k) reg_value[static_cast<size_t>(d.inputs[k].reg)] = static_cast<int>(k);
  std::vector<std::array<int, 3>> operand_values(d.instrs.size());
  std::vector<int> last_use(nv, -1);  // instruction index of a value's last read
  for (size_t i = 0; i < d.instrs.size(); ++i) {
    const FusedLoopDesc::Instr& ins = d.instrs[i];
    for (int k = 0; k < ins.num_in; ++k) {
      int v = reg_value[static_cast<size_t>(ins.in[k])];
      if (v < 0) {
        *why = "register read before written";
        return false;
      }
      operand_values[i][static_cast<size_t>(k)] = v;
      last_use[static_cast<size_t>(v)] = static_cast<int>(i);
    }
    reg_value[static_cast<size_t>(ins.out)] = static_cast<int>(ni + i);
  }
  // Predicates (all-ones lanes) are the i1 values: inputs, compares, i1 logic and selects; every
  // operand must be one exactly where the op reads an i1.
  std::vector<bool> is_pred(nv, false);
  for (size_t k = 0; k < ni; ++k) is_pred[k] = d.inputs[k].pred;
  for (size_t i = 0; i < d.instrs.size(); ++i) {
    const FusedLoopDesc::Instr& ins = d.instrs[i];
    is_pred[ni + i] = ins.type == FusedLoopDesc::Type::kPred;
    for (int k = 0; k < ins.num_in; ++k) {
      const bool want_pred = ins.kind == OpKind::kSelect    ? k == 0 || ins.type == FusedLoopDesc::Type::kPred
                             : ins.kind == OpKind::kCompare ? ins.compare_as == FusedLoopDesc::Type::kPred
                                                            : ins.type == FusedLoopDesc::Type::kPred;
      // A convert reads any type (checked below).
      if (ins.kind != OpKind::kConvert && is_pred[static_cast<size_t>(operand_values[i][static_cast<size_t>(k)])] != want_pred) {
        *why = want_pred ? "a predicate that is not an i1 value of the loop" : "a predicate used as a number";
        return false;
      }
    }
    // s32 division and remainder only by a constant: the reciprocal is computed here.
    if ((ins.kind == OpKind::kDivide || ins.kind == OpKind::kRemainder) && IsIntLane(ins.type)) {
      const int v = operand_values[i][1];
      if (static_cast<size_t>(v) >= ni || d.inputs[static_cast<size_t>(v)].mode != Mode::kConstant)
        return *why = "an integer division by a value that is not a constant", false;
    }
  }
  // Value types; converts as ConvertSupported allows (a half to the other goes through f32 in the
  // interpreter too, but is not needed).
  using Type = FusedLoopDesc::Type;
  std::vector<Type> val_type(nv);
  for (size_t k = 0; k < ni; ++k) val_type[k] = d.inputs[k].pred ? Type::kPred : d.inputs[k].type;
  for (size_t i = 0; i < d.instrs.size(); ++i) {
    const FusedLoopDesc::Instr& ins = d.instrs[i];
    val_type[ni + i] = ins.type;
    if (ins.half_table && val_type[static_cast<size_t>(operand_values[i][0])] != ins.type)
      return *why = "a half table op between types", false;
    // A packed f16 made from an f32 form (VCVTPS2PH) is quiet: exact for a rounded value, but a
    // table indexed by a signalling NaN's bits must get those bits. Streams load them unchanged.
    if (packed_f16 && ins.type == Type::kF16 && ins.half_table) {
      const size_t v = static_cast<size_t>(operand_values[i][0]);
      const bool exact = v < ni ? d.inputs[v].mode == Mode::kStream : d.instrs[v - ni].kind != OpKind::kSelect;
      if (!exact) return *why = "an f16 table op on a selected or scalar f16", false;
    }
    if (ins.kind != OpKind::kConvert) continue;
    const Type from = val_type[static_cast<size_t>(operand_values[i][0])];
    if (!ConvertSupported(from, ins.type)) return *why = "no native form of this stablehlo.convert", false;
  }
  // Sum mode: one 64-element step of the row reducer per iteration, a copy per partial.
  const size_t summed = d.sum_last_output ? d.outputs.size() - 1 : d.outputs.size();
  if (d.sum_last_output) {
    if (d.outputs.empty()) return *why = "no output to sum", false;
    // One vector per pass leaves a pass no independent chains to interleave: the buffered
    // reduction (the program's own loop, then the reducer) is the better choice then.
    if (unroll < 2) return *why = "a summed loop at one vector per iteration", false;
    const int v = reg_value[static_cast<size_t>(d.outputs.back())];
    if (v < 0 || val_type[static_cast<size_t>(v)] != Type::kF32 || is_pred[static_cast<size_t>(v)])
      return *why = "a summed output that is not f32", false;
  }
  std::vector<std::vector<size_t>> stores_of(nv);  // outputs each value provides
  for (size_t j = 0; j < d.outputs.size(); ++j) {
    const int v = reg_value[static_cast<size_t>(d.outputs[j])];
    if (v < 0) {
      *why = "output register never written";
      return false;
    }
    // A loaded f16 keeps a signalling NaN signalling (as the interpreter's copies do), which
    // VCVTPS2PH would quiet: f16 outputs must be computed (rounded) values.
    if (val_type[static_cast<size_t>(v)] == Type::kF16) {
      const bool computed = static_cast<size_t>(v) >= ni && [&] {
        const FusedLoopDesc::Instr& p = d.instrs[static_cast<size_t>(v) - ni];
        return p.kind != OpKind::kSelect &&
               (p.kind != OpKind::kConvert || val_type[static_cast<size_t>(operand_values[static_cast<size_t>(v) - ni][0])] != Type::kF16);
      }();
      if (!computed) return *why = "an f16 output passed through unrounded", false;
    }
    stores_of[static_cast<size_t>(v)].push_back(j);
  }

  // An f64 loop holds f64 and i1 values, i1 in 64-bit lanes (read and stored a byte each),
  // and at its edges f32 and s32 values held as the f64 of their value: f32 and s32 arrays and
  // scalars read only by converts to f64 (loaded widened), and converts of f64 to f32 (rounded
  // at once) read only by converts to f64 or stored (narrowed as stored).
  const bool f64_loop = std::find(val_type.begin(), val_type.end(), Type::kF64) != val_type.end();
  if (f64_loop) {
    auto only_widened = [&](size_t v) {
      for (size_t i = 0; i < d.instrs.size(); ++i)
        for (int k = 0; k < d.instrs[i].num_in; ++k)
          if (static_cast<size_t>(operand_values[i][static_cast<size_t>(k)]) == v &&
              !(d.instrs[i].kind == OpKind::kConvert && d.instrs[i].type == Type::kF64))
            return false;
      return true;
    };
    for (size_t v = 0; v < nv; ++v) {
      const Type t = val_type[v];
      if (t == Type::kF64 || t == Type::kPred) continue;
      const bool edge = v < ni ? (t == Type::kF32 || t == Type::kS32) && d.inputs[v].mode != Mode::kConstant &&
                                     stores_of[v].empty()
                               : t == Type::kF32 && d.instrs[v - ni].kind == OpKind::kConvert &&
                                     val_type[static_cast<size_t>(operand_values[v - ni][0])] == Type::kF64;
      if (!edge || !only_widened(v)) return *why = "an f64 loop with a value of another type", false;
    }
  }
  Encoder e;
  std::unique_ptr<BodyEmitter> body_ptr = MakeBody(isa, &e, pool, unroll);
  BodyEmitter& body = *body_ptr;
  if (f64_loop) body.SetF64();
  for (Gpr r : kCalleeSaved) e.Push(r);
  body.LoopSetup();
  e.MovRR(kPtrTable, Gpr::kRdi, true);
  e.MovRR(kPool, Gpr::kRdx, true);
  std::vector<Group> where(nv);
  std::vector<bool> ready(nv, false), pinned(nv, false), remat(nv, false);
  // Packed f16 (packed_f16): an f16 value's packed halves, beside or instead of its f32 form;
  // each form is made when an op first reads it.
  std::vector<Group> ph(nv);
  std::vector<bool> ph_ready(nv, false);
  // With 16 registers (AVX2) a constant is not pinned for the whole loop: each instruction that
  // reads it broadcasts it from the pool into one register shared by every copy, which costs a
  // load and leaves the registers to values (more copies interleaved).
  const bool remat_constants = body.num_regs() < 32;
  // Loop invariants first, while rax is still free to hold a scalar's address.
  for (size_t k = 0; k < ni; ++k) {
    const FusedLoopDesc::Input& in = d.inputs[k];
    if (in.mode == Mode::kStream || (last_use[k] < 0 && stores_of[k].empty())) continue;
    if (in.mode == Mode::kConstant && remat_constants) {
      remat[k] = true;
      continue;
    }
    const int z = body.One();
    if (in.mode == Mode::kScalar && in.pred) {
      // The i1 byte as 32 bits of all ones or zero, broadcast from the stack.
      e.MovRM(Gpr::kRax, Mem{kPtrTable, static_cast<int32_t>(8 * k)}, true);
      e.MovzxRM8(Gpr::kRax, Mem{Gpr::kRax, 0});
      e.TestRR(Gpr::kRax, Gpr::kRax, false);
      e.SetccR8(x86::Cond::kNe, Gpr::kRax);
      e.MovzxRR8(Gpr::kRax, Gpr::kRax);
      e.NegR(Gpr::kRax, false);
      e.Push(Gpr::kRax);
      body.Broadcast(z, Mem{Gpr::kRsp, 0});
      e.Pop(Gpr::kRax);
    } else if (in.mode == Mode::kScalar) {
      e.MovRM(Gpr::kRax, Mem{kPtrTable, static_cast<int32_t>(8 * k)}, true);
      if (val_type[k] == Type::kF64) body.Broadcast64(z, Mem{Gpr::kRax, 0});
      else body.Broadcast(z, Mem{Gpr::kRax, 0});
      if (f64_loop && (val_type[k] == Type::kF32 || val_type[k] == Type::kS32)) body.WidenInPlace(z, val_type[k] == Type::kS32);
    } else if (val_type[k] == Type::kF64) {
      body.Broadcast64(z, body.CBits64(in.constant_bits64));
    } else {
      body.Broadcast(z, body.CBits(in.constant_bits));
    }
    where[k] = body.Pinned(z);
    ready[k] = pinned[k] = true;
    if (packed_f16 && val_type[k] == Type::kF16) {
      ph[k] = body.Pinned(body.One());
      body.NarrowF16(ph[k], where[k]);
      ph_ready[k] = true;
    }
  }
  std::vector<Gpr> input_gpr(ni, Gpr::kRax), output_gpr(d.outputs.size(), Gpr::kRax);
  struct Advance {
    Gpr gpr;
    int32_t bytes;  // per iteration
    int32_t prefetch_ahead = 0;  // Input::prefetch_ahead
  };
  std::vector<Advance> streamed;
  size_t next_gpr = 0;
  for (size_t k = 0; k < ni; ++k) {
    if (d.inputs[k].mode != Mode::kStream) continue;
    input_gpr[k] = kStreamGprs[next_gpr++];
    e.MovRM(input_gpr[k], Mem{kPtrTable, static_cast<int32_t>(8 * k)}, true);
    streamed.push_back({input_gpr[k], StorageBytes(val_type[k]) * body.elements() * unroll, d.inputs[k].prefetch_ahead});
  }
  for (size_t j = 0; j < d.outputs.size(); ++j) {
    output_gpr[j] = kStreamGprs[next_gpr++];
    e.MovRM(output_gpr[j], Mem{kPtrTable, static_cast<int32_t>(8 * (ni + j))}, true);
    const Type t = val_type[static_cast<size_t>(reg_value[static_cast<size_t>(d.outputs[j])])];
    if (j != summed) streamed.push_back({output_gpr[j], StorageBytes(t) * body.elements() * unroll});
  }
  // Sum mode's partials, a bank of one register per copy for each pass: pass p's copies take the
  // step's vectors p * unroll + c, as the reducer's partial registers do (its state holds them
  // in that order; the pointer does not advance).
  const int passes = Passes(d, body.lanes(), unroll);
  std::vector<Group> banks(d.sum_last_output ? static_cast<size_t>(passes) : 0);
  const int32_t bank_bytes = body.vector_bytes() * unroll;
  for (Group& bank : banks) {
    bank = body.Alloc();
    body.Load(bank, output_gpr[summed]);
    e.AddRI(output_gpr[summed], bank_bytes);
  }
  if (!banks.empty()) e.SubRI(output_gpr[summed], bank_bytes * passes);
  Group acc;  // the bank of the pass being emitted
  const int loop = e.NewLabel(), done = e.NewLabel();
  e.TestRR(kCount, kCount, true);
  e.Jcc(x86::Cond::kE, done);
  e.Bind(loop);

  auto store = [&](size_t v) {
    for (size_t j : stores_of[v]) {
      if (j == summed) body.AddInto(acc, where[v]);
      else if (is_pred[v]) body.StorePred(output_gpr[j], where[v]);
      else if (val_type[v] == Type::kBF16) body.StoreBf16(output_gpr[j], where[v], streaming);
      else if (val_type[v] == Type::kF16 && ph_ready[v]) body.StorePh(output_gpr[j], ph[v], streaming);
      else if (val_type[v] == Type::kF16) body.StoreF16(output_gpr[j], where[v], streaming);
      else if (f64_loop && val_type[v] == Type::kF32) body.StoreF32OfF64(output_gpr[j], where[v], streaming);
      else if (StorageBytes(val_type[v]) == 1) body.StoreLowBytes(output_gpr[j], where[v]);
      else if (IsByteOrWordInt(val_type[v])) body.StoreLowWords(output_gpr[j], where[v], streaming);
      else body.Store(output_gpr[j], where[v], streaming);
    }
  };
  auto release = [&](size_t v, int at) {
    if (remat[v] && ready[v]) {
      body.FreeOne(where[v].r[0]);
      ready[v] = false;
    } else if (!pinned[v] && last_use[v] <= at) {
      if (ready[v]) body.Free(where[v]);
      if (ph_ready[v]) body.Free(ph[v]);
      ready[v] = ph_ready[v] = false;
    }
  };
  // Stream inputs are loaded at their first use (or at once when only stored).
  auto ensure = [&](size_t v) {
    if (ready[v]) return;
    if (remat[v]) {
      const int z = body.One();
      if (val_type[v] == Type::kF64) body.Broadcast64(z, body.CBits64(d.inputs[v].constant_bits64));
      else body.Broadcast(z, body.CBits(d.inputs[v].constant_bits));
      where[v] = body.Pinned(z);
      ready[v] = true;
      return;  // stored once, before the instructions
    }
    where[v] = body.Alloc();
    if (d.inputs[v].pred) body.LoadPred(where[v], input_gpr[v]);
    else if (val_type[v] == Type::kBF16) body.LoadBf16(where[v], input_gpr[v]);
    else if (val_type[v] == Type::kF16) body.LoadF16(where[v], input_gpr[v]);
    else if (f64_loop && val_type[v] == Type::kF32) body.LoadF32AsF64(where[v], input_gpr[v]);
    else if (f64_loop && val_type[v] == Type::kS32) body.LoadS32AsF64(where[v], input_gpr[v]);
    else if (IsByteOrWordInt(val_type[v]))
      body.LoadNarrowInt(where[v], input_gpr[v], StorageBytes(val_type[v]),
                         val_type[v] == Type::kS8 || val_type[v] == Type::kS16);
    else body.Load(where[v], input_gpr[v]);
    ready[v] = true;
    store(v);
  };
  // An f16 value's f32 form: a computed value's packed halves widened (they are quiet, so
  // exactly); a stream's loaded (LoadF16 keeps a signalling NaN signalling).
  auto ensure_f32 = [&](size_t v) {
    if (ready[v]) return;
    if (v >= ni && ph_ready[v]) {
      where[v] = body.Alloc();
      body.WidenF16(where[v], ph[v]);
      ready[v] = true;
      return;
    }
    ensure(v);
  };
  // An f16 value's packed halves: a stream's bits loaded, else its f32 form narrowed (a rounded
  // value, or one only arithmetic reads: see the table check above).
  auto ensure_ph = [&](size_t v) {
    if (ph_ready[v]) return;
    if (v < ni && d.inputs[v].mode == Mode::kStream) {
      ph[v] = body.Alloc();
      body.LoadPh(ph[v], input_gpr[v]);
    } else {
      ensure_f32(v);
      ph[v] = body.Alloc();
      body.NarrowF16(ph[v], where[v]);
    }
    ph_ready[v] = true;
  };
  // A convert between f64 and the f32 or s32 at an f64 loop's edge.
  auto from_is_f64_edge = [&](size_t v, Type to) {
    const Type from = val_type[v];
    return (to == Type::kF64 && (from == Type::kF32 || from == Type::kS32)) || (from == Type::kF64 && to == Type::kF32);
  };
  // One pass of the body: every value computed, stored or summed, and released.
  auto emit_pass = [&]() -> bool {
    for (size_t v = 0; v < ni; ++v) {
      if (pinned[v]) {
        store(v);
      } else if (remat[v]) {
        if (stores_of[v].empty()) continue;
        ensure(v);
        store(v);
        release(v, -1);
      } else if (last_use[v] < 0 && !stores_of[v].empty()) {
        ensure(v);
        release(v, -1);
      }
    }
    // After instruction i: its result stored, the values it read last released.
    auto finish = [&](size_t i) {
      const size_t out = ni + i;
      store(out);
      for (int k = 0; k < d.instrs[i].num_in; ++k)
        release(static_cast<size_t>(operand_values[i][static_cast<size_t>(k)]), static_cast<int>(i));
      release(out, static_cast<int>(i));
      if (body.failed()) *why = "more live values than registers at " + std::to_string(unroll) + " vectors per iteration";
      return !body.failed();
    };
    for (size_t i = 0; i < d.instrs.size(); ++i) {
      const FusedLoopDesc::Instr& ins = d.instrs[i];
      const size_t out = ni + i;
      auto operand = [&](int k) { return static_cast<size_t>(operand_values[i][static_cast<size_t>(k)]); };
      if (packed_f16 && ins.type == Type::kF16 && ins.kind != OpKind::kSelect) {
        // From f32, an integer or i1: its f32 (ConvertValue's route, one rounding to f32 then one
        // to f16, as the interpreter's) narrowed.
        const Type from = ins.kind == OpKind::kConvert ? val_type[operand(0)] : Type::kF16;
        const bool from_f32 = !IsHalf(from);
        for (int k = 0; k < ins.num_in; ++k) {
          if (from_f32) ensure_f32(operand(k));
          else ensure_ph(operand(k));
        }
        ph[out] = body.Alloc();
        ph_ready[out] = true;
        const size_t a = operand(0), b = operand(ins.num_in > 1 ? 1 : 0);
        if (from_f32 && from != Type::kF32) {
          Group f = body.Alloc();
          body.Convert(f, where[a], from, Type::kF32);
          body.NarrowF16(ph[out], f);
          body.Free(f);
        } else if (from_f32) {
          body.NarrowF16(ph[out], where[a]);
        } else if (ins.kind == OpKind::kConvert) {
          body.Copy(ph[out], ph[a]);
        } else if (ins.half_table && ins.num_in == 1) {
          body.UnaryByTablePh(ph[out], ph[a], reinterpret_cast<uint64_t>(tables.at(ins.half_table)), table_gpr);
        } else {
          body.PhOp(ins.kind == OpKind::kAdd        ? VOp::kAddPs
                    : ins.kind == OpKind::kSubtract ? VOp::kSubPs
                    : ins.kind == OpKind::kMultiply ? VOp::kMulPs
                                                    : VOp::kDivPs,
                    ph[out], ph[a], ph[b]);
        }
        if (!finish(i)) return false;
        continue;
      }
      // A constant second operand that is not kept in a register is read from the pool by the
      // instruction itself (one-instruction ops): no broadcast, and one register fewer.
      const size_t b_value = operand(ins.num_in > 1 ? 1 : 0);
      // (Not an f64 add or multiply by a NaN, whose NaN must be the first source: see OpF64.)
      const bool nan64 = ins.type == Type::kF64 && b_value < ni &&
                         (d.inputs[b_value].constant_bits64 & ~(uint64_t{1} << 63)) > 0x7ff0000000000000ull;
      const bool b_from_pool = ins.num_in == 2 && remat[b_value] && !ready[b_value] && b_value != operand(0) &&
                               BodyEmitter::OneInstruction(ins.kind, ins.type).has_value() && !nan64;
      // An integer division's constant divisor is folded into its code: never loaded.
      const bool b_folded = IsIntLane(ins.type) && (ins.kind == OpKind::kDivide || ins.kind == OpKind::kRemainder);
      // An f32 max or min against a constant that is not a NaN: the constant is folded in.
      int const_side = -1;
      for (int k = 0; k < ins.num_in && ins.type == Type::kF32 && ins.num_in == 2 && const_side < 0; ++k) {
        const size_t v = operand(k);
        const bool nan = v < ni && (d.inputs[v].constant_bits & 0x7fffffffu) > 0x7f800000u;
        if ((ins.kind == OpKind::kMaximum || ins.kind == OpKind::kMinimum) && v < ni &&
            d.inputs[v].mode == Mode::kConstant && !nan)
          const_side = k;
      }
      for (int k = 0; k < (b_from_pool || b_folded ? 1 : ins.num_in); ++k)
        if (k != const_side) ensure_f32(operand(k));
      where[out] = body.Alloc();
      ready[out] = true;
      const Group& a = where[static_cast<size_t>(operand_values[i][0])];
      const Group& b = ins.num_in > 1 ? where[static_cast<size_t>(operand_values[i][1])] : a;
      // A bf16 result that is only stored (no instruction reads it, it is not summed) keeps its
      // low bits: StoreBf16 drops them anyway.
      const bool only_stored = last_use[out] < 0 && std::find(stores_of[out].begin(), stores_of[out].end(), summed) ==
                                                        stores_of[out].end();
      const bool arithmetic = ins.kind == OpKind::kAdd || ins.kind == OpKind::kSubtract ||
                              ins.kind == OpKind::kMultiply || ins.kind == OpKind::kDivide ||
                              ins.kind == OpKind::kSquare;
      auto round = [&](const Group& g) {
        if (ins.type == Type::kBF16 && arithmetic) body.RoundBf16OfArithmetic(g, /*truncate=*/!only_stored);
        else if (ins.type == Type::kBF16) body.RoundBf16(g, /*truncate=*/!only_stored);
        else if (ins.type == Type::kF16) body.RoundF16(g);
      };
      if (b_from_pool) {
        const FusedLoopDesc::Input& bc = d.inputs[b_value];
        body.OpWithPoolOperand(ins.kind, ins.type, where[out], a, ins.type == Type::kF64 ? bc.constant_bits64 : bc.constant_bits);
      } else if (const_side >= 0) {
        body.NanMaxMinConst(where[out], where[operand(1 - const_side)],
                            d.inputs[operand(const_side)].constant_bits, ins.kind == OpKind::kMaximum);
      } else if (ins.type == Type::kBF16 && ins.half_table && ins.num_in == 1) {
        body.UnaryByTable(where[out], a, reinterpret_cast<uint64_t>(tables.at(ins.half_table)), table_gpr);
      } else if (ins.kind == OpKind::kConvert && f64_loop && from_is_f64_edge(operand(0), ins.type)) {
        // f32 and s32 values are already the f64 of their value; an f32 from f64 is rounded now.
        if (ins.type == Type::kF32) body.RoundF64ToF32(where[out], a);
        else body.Copy(where[out], a);
      } else if (ins.kind == OpKind::kConvert) {
        const Type from = val_type[operand(0)];
        body.Convert(where[out], a, from, ins.type);
        if (!IsHalf(from) && from != Type::kPred) round(where[out]);  // a half from f32 or an integer
      } else if (ins.kind == OpKind::kCompare) {
        if (ins.compare_as == Type::kF32 || ins.compare_as == Type::kF64) body.Compare(where[out], a, b, ins.compare);
        else if (ins.compare_as == Type::kPred) body.PredCompare(where[out], a, b, ins.int_compare);
        else body.IntCompare(where[out], a, b, ins.int_compare, ins.compare_as == Type::kS32);
      } else if (ins.kind == OpKind::kSelect) {
        body.Select(where[out], a, b, where[static_cast<size_t>(operand_values[i][2])]);
      } else if (IsIntLane(ins.type) && (ins.kind == OpKind::kDivide || ins.kind == OpKind::kRemainder)) {
        body.IntDivRemByConstant(ins.kind == OpKind::kRemainder, where[out], a,
                                 static_cast<int32_t>(d.inputs[static_cast<size_t>(operand_values[i][1])].constant_bits));
      } else if (ins.type == Type::kF64) {
        body.OpF64(ins.kind, where[out], a, b, table_gpr);
      } else if (IsFloat(ins.type)) {
        body.Op(ins.kind, where[out], a, b);
        round(where[out]);  // halves: one f32 operation, rounded (half_vector_kernels.cc)
      }
      else {
        // 8- and 16-bit values compare as their s32 extensions; sums, differences, products and
        // complements may leave the type and are wrapped back into it.
        const bool shift = ins.kind == OpKind::kShiftLeft || ins.kind == OpKind::kShiftRightLogical ||
                           ins.kind == OpKind::kShiftRightArithmetic;
        if (IsByteOrWordInt(ins.type) && shift) {
          body.NarrowShift(ins.kind, ins.type, where[out], a, b);
        } else {
          body.IntOp(ins.kind, ins.type != Type::kU32, where[out], a, b);
          if (IsByteOrWordInt(ins.type) && (ins.kind == OpKind::kAdd || ins.kind == OpKind::kSubtract ||
                                        ins.kind == OpKind::kMultiply || ins.kind == OpKind::kNot))
            body.WrapInt(where[out], where[out], ins.type);
        }
      }
      if (!finish(i)) return false;
    }
    return true;
  };
  for (int p = 0; p < passes; ++p) {
    if (!banks.empty()) acc = banks[static_cast<size_t>(p)];
    if (!emit_pass()) return false;
    for (const Advance& a : streamed) {
      if (a.prefetch_ahead != 0)
        for (int32_t off = 0; off < a.bytes; off += 64) e.Prefetcht1M(Mem{a.gpr, a.prefetch_ahead + off});
      e.AddRI(a.gpr, a.bytes);
    }
  }
  e.SubRI(kCount, 1);
  e.Jcc(x86::Cond::kNe, loop);
  e.Bind(done);
  for (const Group& bank : banks) {
    body.Store(output_gpr[summed], bank, false);
    e.AddRI(output_gpr[summed], bank_bytes);
  }
  e.Vzeroupper();
  for (size_t i = std::size(kCalleeSaved); i-- > 0;) e.Pop(kCalleeSaved[i]);
  e.Ret();
  if (!e.Finish(code)) {
    *why = "unbound label";
    return false;
  }
  return true;
}

void Trace(const FusedLoopDesc& d, const std::string& what) {
  static const bool trace = EnvFlag("JAXLIB_CPU_JIT_TRACE");
  if (!trace) return;
  size_t scalars = 0;
  for (const FusedLoopDesc::Input& in : d.inputs) scalars += in.mode == FusedLoopDesc::Input::Mode::kScalar;
  std::fprintf(stderr, "jaxlib-cpu fused-loop jit: %zu ops, %zu inputs (%zu scalars), %zu outputs: %s\n",
               d.instrs.size(), d.inputs.size(), scalars, d.outputs.size(), what.c_str());
}

#endif  // x86-64 Linux

}  // namespace

bool FusedLoopJit::Available() {
#if defined(__x86_64__) && defined(__linux__)
  static const bool available = !EnvFlag("JAXLIB_CPU_DISABLE_JIT") &&
                                (DetectedVectorIsa() == VectorIsa::kAvx512 || DetectedVectorIsa() == VectorIsa::kAvx2);
  return available;
#else
  return false;
#endif
}

int64_t FusedLoopJit::WidestIteration() {
#if defined(__x86_64__) && defined(__linux__)
  if (!Available()) return 0;
  return int64_t{kMaxUnroll} * (DetectedVectorIsa() == VectorIsa::kAvx512 ? 16 : 8);
#else
  return 0;
#endif
}

FusedLoopJit::~FusedLoopJit() = default;

std::unique_ptr<FusedLoopJit> FusedLoopJit::Compile(const FusedLoopDesc& d, std::string* why_not) {
#if defined(__x86_64__) && defined(__linux__)
  if (!d.ineligible.empty()) {
    *why_not = "has " + d.ineligible;
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  if (!Available()) {
    *why_not = EnvFlag("JAXLIB_CPU_DISABLE_JIT") ? "JAXLIB_CPU_DISABLE_JIT is set" : "no AVX2";
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  const VectorIsa isa = DetectedVectorIsa();
  std::unique_ptr<FusedLoopJit> jit(new FusedLoopJit());
  // Each bf16 table the loop reads, copied with one entry of padding (a gather reads the dword
  // at each entry).
  HalfTables tables;
  for (const FusedLoopDesc::Instr& ins : d.instrs) {
    if (!ins.half_table || !IsHalf(ins.type) || tables.count(ins.half_table)) continue;
    const uint16_t* t = ins.half_table();
    jit->tables_.emplace_back(t, t + 65536);
    jit->tables_.back().push_back(0);
    tables[ins.half_table] = jit->tables_.back().data();
  }
  jit->lanes_ = isa == VectorIsa::kAvx512 ? 16 : 8;
  // An f64 loop's vectors hold half as many elements (Generate checks its types).
  for (const FusedLoopDesc::Instr& ins : d.instrs)
    if (ins.type == FusedLoopDesc::Type::kF64) jit->lanes_ = isa == VectorIsa::kAvx512 ? 8 : 4;
  for (const FusedLoopDesc::Input& in : d.inputs)
    if (!in.pred && in.type == FusedLoopDesc::Type::kF64) jit->lanes_ = isa == VectorIsa::kAvx512 ? 8 : 4;
  std::vector<uint8_t> plain, streaming;
  std::vector<uint32_t> pool, pool_streaming;
  bool ok = false;
  for (int unroll = kMaxUnroll; unroll >= 1 && !ok; unroll /= 2) {
    pool.clear();
    pool_streaming.clear();
    ok = Generate(d, isa, unroll, false, tables, &pool, &plain, why_not) &&
         Generate(d, isa, unroll, true, tables, &pool_streaming, &streaming, why_not);
    jit->unroll_ = unroll;
    jit->passes_ = Passes(d, jit->lanes_, unroll);
  }
  if (!ok) {
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  // Both variants lay out the same constants in the same order: one pool serves both.
  if (pool_streaming != pool) {
    *why_not = "constant pools differ";
    return nullptr;
  }
  // The pool starts on a 64-byte boundary, so no whole-vector constant splits a cache line.
  jit->pool_.assign(pool.size() + 16, 0);
  jit->pool_start_ = (64 - reinterpret_cast<uintptr_t>(jit->pool_.data()) % 64) % 64 / 4;
  std::copy(pool.begin(), pool.end(), jit->pool_.begin() + static_cast<std::ptrdiff_t>(jit->pool_start_));
  const size_t streaming_offset = (plain.size() + 63) / 64 * 64;
  std::vector<uint8_t> both = plain;
  both.resize(streaming_offset, 0xCC);  // INT3 padding, never executed
  both.insert(both.end(), streaming.begin(), streaming.end());
  jit->code_ = std::make_unique<Code>();
  jit->code_->exec = x86::ExecutableCode::Create(both);
  jit->code_->streaming_offset = streaming_offset;
  if (!jit->code_->exec) {
    *why_not = "no executable memory";
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  Trace(d, std::string("native ") + (isa == VectorIsa::kAvx512 ? "AVX-512" : "AVX2") + ", " + std::to_string(jit->unroll_) +
               " vectors per iteration, " + std::to_string(plain.size()) + " bytes");
  return jit;
#else
  *why_not = "no JIT for this platform";
  return nullptr;
#endif
}

void FusedLoopJit::Run(const void* const* ptrs, int64_t iterations, bool stream_outputs) const {
  using Fn = void (*)(const void* const*, int64_t, const uint32_t*);
  auto* base = static_cast<uint8_t*>(const_cast<void*>(code_->exec->entry()));
  reinterpret_cast<Fn>(base + (stream_outputs ? code_->streaming_offset : 0))(ptrs, iterations, pool_.data() + pool_start_);
}

}  // namespace jaxlib::cpu
