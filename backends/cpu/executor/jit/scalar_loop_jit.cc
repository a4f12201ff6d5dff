// The scalar-loop JIT (scalar_loop_jit.h): lowers each flattened op to a fixed x86-64 pattern,
// keeps carries and loop invariants in pinned registers and temporaries in registers from a
// linear scan, and emits one function per loop. It must never change a result bit: float ops
// keep their operand order (NaN payloads), nothing is fused or reassociated, integers wrap.
#include "backends/cpu/executor/jit/scalar_loop_jit.h"

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>
#include <utility>

#include "backends/cpu/executor/jit/x86_64_encoder.h"
#include "runtime/support/env_flag.h"

namespace jaxlib::cpu {
namespace {

using compiler::OpKind;

// Read once: the kernels of one process all take the same path.
bool JitDisabled() {
  static const bool disabled = EnvFlag("JAXLIB_CPU_DISABLE_JIT");
  return disabled;
}

void Trace(const ScalarLoopDesc& d, const std::string& what) {
  static const bool trace = EnvFlag("JAXLIB_CPU_JIT_TRACE");
  if (!trace) return;
  std::string where = d.while_op ? compiler::OpDescription(*d.while_op) : std::string("while");
  std::fprintf(stderr, "jaxlib-cpu scalar-loop jit: %s: %s\n", where.c_str(), what.c_str());
}

#if defined(__x86_64__) && defined(__linux__)

using x86::Cond;
using x86::Encoder;
using x86::Gpr;
using x86::Mem;
using x86::Xmm;

enum class RegClass : uint8_t { kGpr, kXmm };

// Where a value of a supported element type lives: its register class and its size in memory.
// pred is one byte holding 0 or 1 (the executor's layout) and 0 or 1 in a 32-bit register.
struct Repr {
  RegClass cls = RegClass::kGpr;
  int bytes = 0;
};

bool ReprOf(ElementType t, Repr* r) {
  switch (t) {
    case ElementType::kPred: *r = {RegClass::kGpr, 1}; return true;
    case ElementType::kS32:
    case ElementType::kU32: *r = {RegClass::kGpr, 4}; return true;
    case ElementType::kS64:
    case ElementType::kU64: *r = {RegClass::kGpr, 8}; return true;
    case ElementType::kF32: *r = {RegClass::kXmm, 4}; return true;
    case ElementType::kF64: *r = {RegClass::kXmm, 8}; return true;
    default: return false;
  }
}

bool IsInt(ElementType t) {
  return t == ElementType::kS32 || t == ElementType::kU32 || t == ElementType::kS64 || t == ElementType::kU64;
}
bool IsFloatType(ElementType t) { return t == ElementType::kF32 || t == ElementType::kF64; }

// What one flattened op becomes (EmitStep has the instruction pattern of each).
enum class Lowering : uint8_t {
  kCopy,
  kIntAdd, kIntSub, kIntMul, kIntAnd, kIntOr, kIntXor, kIntNeg, kIntNot, kPredNot,
  kIntCompare, kIntToPred, kSignExtend32To64, kMove32,
  kFloatAdd, kFloatSub, kFloatMul, kFloatDiv,
  kFloatSignFlip,  // negate: xor with the sign mask held in in[1]
  kFloatCompare,
  kIntToFloat, kUint32ToFloat, kF32ToF64, kF64ToF32,
  kSelect,
  kCall,  // the interpreter's one-element kernel (Step::call), registers saved around it
  kLoadElem,   // out <- element in[1] (clamped) of the array at in[0]
  kStoreElem,  // element in[2] (clamped) of the array at in[0] <- in[1]; no result
};

// Ops whose pattern reads every operand before writing the result, so the result may take the
// register of a first operand that dies here.
bool ResultMayReuseIn0(Lowering l) {
  switch (l) {
    case Lowering::kSelect:         // writes the false value before reading the true one
    case Lowering::kIntToFloat:     // zero the result first (to break a false dependency)
    case Lowering::kUint32ToFloat:
    case Lowering::kFloatCompare:   // zeroes the result before the compare
      return false;
    default:
      return true;
  }
}

enum class FloatDir : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };

struct Step {
  Lowering how = Lowering::kCopy;
  bool wide = false;    // integer ops: 64-bit operands; float ops: f64; conversions: the source
  bool to_f64 = false;  // int-to-float conversions: the result is f64
  Cond cc = Cond::kE;   // kIntCompare
  FloatDir dir = FloatDir::kEq;
  uint16_t out = 0;
  uint16_t in[3] = {0, 0, 0};
  uint8_t num_in = 0;
  const EwInstr* call = nullptr;  // kCall
  const void* scalar = nullptr;   // kCall of a unary float function: its float(float) form
  int64_t length = 0;             // kLoadElem, kStoreElem: the array's elements
  bool index_signed = false;      // kLoadElem, kStoreElem: the index's type (wide: 64 bits)
  int elem_bytes = 0;             // kLoadElem, kStoreElem
};

// A slot of the loop, plus the synthetic sign-mask constants negation needs.
struct Value {
  enum class Kind : uint8_t { kNone, kCarry, kLoad, kConstant, kTemp };
  Kind kind = Kind::kNone;
  Repr repr;
  int cell = -1;      // io cell of a carry or load
  uint64_t bits = 0;  // constant's bytes
  int reg = -1;       // register number in its class
  int last_use = -1;  // temps: the last step reading it in its region (kLiveOut: to region end)
  bool used = false;  // read by a kept step or live out of a region
};

constexpr int kLiveOut = INT_MAX;

// Registers. r11 and xmm15 stay out of allocation: they are the scratch of a few patterns and
// of breaking cycles in the carry update. rsp is the stack.
constexpr Gpr kScratchGpr = Gpr::kR11;
constexpr int kScratchXmm = 15;
constexpr Gpr kAllocGprs[] = {Gpr::kRax, Gpr::kRcx, Gpr::kRdx, Gpr::kRsi, Gpr::kRdi, Gpr::kR8,  Gpr::kR9,
                              Gpr::kR10, Gpr::kRbx, Gpr::kRbp, Gpr::kR12, Gpr::kR13, Gpr::kR14, Gpr::kR15};
constexpr int kNumAllocXmms = 15;  // xmm0..xmm14
// Callee-saved in the System V AMD64 ABI among kAllocGprs (every xmm is caller-saved there).
constexpr Gpr kCalleeSaved[] = {Gpr::kRbx, Gpr::kRbp, Gpr::kR12, Gpr::kR13, Gpr::kR14, Gpr::kR15};

// Free registers of both classes as bit masks over register numbers.
class RegPool {
 public:
  static std::vector<int> Order(RegClass cls) {
    std::vector<int> order;
    if (cls == RegClass::kGpr)
      for (Gpr g : kAllocGprs) order.push_back(static_cast<int>(g));
    else
      for (int x = 0; x < kNumAllocXmms; ++x) order.push_back(x);
    return order;
  }

  RegPool() {
    for (Gpr g : kAllocGprs) gpr_ |= 1u << static_cast<int>(g);
    xmm_ = (1u << kNumAllocXmms) - 1;
  }
  // A free register of `cls` in preference order, taken, outside `avoid` if possible; -1 when
  // none is free.
  int Take(RegClass cls, uint32_t avoid = 0) {
    for (uint32_t skip : {avoid, 0u})
      for (int r : Order(cls))
        if (TakeSpecific(cls, r, skip)) return r;
    return -1;
  }
  bool TakeSpecific(RegClass cls, int reg, uint32_t avoid = 0) {
    uint32_t& free = cls == RegClass::kGpr ? gpr_ : xmm_;
    if (!(free & ~avoid & (1u << reg))) return false;
    free &= ~(1u << reg);
    return true;
  }
  void Give(RegClass cls, int reg) { (cls == RegClass::kGpr ? gpr_ : xmm_) |= 1u << reg; }

 private:
  uint32_t gpr_ = 0, xmm_ = 0;
};

// One loop from description to machine code.
class LoopCompiler {
 public:
  explicit LoopCompiler(const ScalarLoopDesc& d) : d_(d) {}

  // The loop's machine code; false (with reason()) when it must be interpreted.
  bool Compile(std::vector<uint8_t>* code) {
    if (!Classify()) return false;
    if (!LowerRegion(d_.cond, &cond_) || !LowerRegion(d_.body, &body_)) return false;
    Prune(&cond_, {d_.cond_slot});
    Prune(&body_, d_.result_slots);
    if (!AssignPinned()) return false;
    RegPool after_pinned = pool_;
    if (!AssignTemps(cond_, /*body=*/false)) return false;
    pool_ = after_pinned;  // cond temporaries are dead before the body starts
    if (!AssignTemps(body_, /*body=*/true)) return false;
    EmitFunction();
    if (!e_.Finish(code)) return Fail("internal error: unbound label");
    return true;
  }
  const std::string& reason() const { return reason_; }
  size_t num_steps() const { return cond_.size() + body_.size(); }

 private:
  bool Fail(std::string why) {
    reason_ = std::move(why);
    return false;
  }

  // ---------------------------------------------------------------- slots

  bool Classify() {
    if (d_.carry_slots.size() + d_.load_slots.size() > static_cast<size_t>(kScalarLoopMaxCells))
      return Fail("more than " + std::to_string(kScalarLoopMaxCells) + " inputs");
    values_.resize(d_.slot_types.size());
    auto set = [&](uint16_t slot, Value::Kind kind) {
      if (slot >= values_.size()) return Fail("internal error: slot out of range");
      Value& v = values_[slot];
      if (!ReprOf(d_.slot_types[slot], &v.repr))
        return Fail("element type " + std::string(ElementTypeMlirName(d_.slot_types[slot])));
      v.kind = kind;
      return true;
    };
    int cell = 0;
    for (uint16_t s : d_.carry_slots) {
      if (!set(s, Value::Kind::kCarry)) return false;
      values_[s].cell = cell++;
    }
    for (uint16_t s : d_.load_slots) {
      if (!set(s, Value::Kind::kLoad)) return false;
      values_[s].cell = cell++;
    }
    for (const auto& [s, bits] : d_.constants) {
      if (!set(s, Value::Kind::kConstant)) return false;
      values_[s].bits = bits;
    }
    for (const auto* region : {&d_.cond, &d_.body})
      for (const ScalarLoopInstr& i : *region)
        if (i.access != ScalarLoopInstr::Access::kStore && !set(i.out, Value::Kind::kTemp)) return false;
    if (d_.result_slots.size() != d_.carry_slots.size()) return Fail("internal error: results != carries");
    for (size_t k = 0; k < d_.result_slots.size(); ++k) {
      uint16_t r = d_.result_slots[k];
      if (r >= values_.size() || values_[r].kind == Value::Kind::kNone) return Fail("internal error: result slot");
      const Repr& a = values_[r].repr;
      const Repr& b = values_[d_.carry_slots[k]].repr;
      if (a.cls != b.cls || a.bytes != b.bytes) return Fail("a body result's type differs from its carry");
    }
    if (d_.cond_slot >= values_.size() || values_[d_.cond_slot].kind == Value::Kind::kNone ||
        d_.slot_types[d_.cond_slot] != ElementType::kPred)
      return Fail("internal error: cond slot");
    return true;
  }

  // The constant slot holding the sign bit of f32 or f64 (for negation), made on first use.
  uint16_t SignMaskSlot(bool f64) {
    int& slot = f64 ? sign_mask_f64_ : sign_mask_f32_;
    if (slot < 0) {
      Value v;
      v.kind = Value::Kind::kConstant;
      v.repr = {RegClass::kXmm, f64 ? 8 : 4};
      v.bits = f64 ? 0x8000000000000000ull : 0x80000000ull;
      values_.push_back(v);
      slot = static_cast<int>(values_.size() - 1);
    }
    return static_cast<uint16_t>(slot);
  }

  // ---------------------------------------------------------------- lowering

  bool LowerRegion(const std::vector<ScalarLoopInstr>& instrs, std::vector<Step>* steps) {
    for (const ScalarLoopInstr& i : instrs) {
      Step s;
      if (!LowerOp(i, &s)) return false;
      steps->push_back(s);
    }
    return true;
  }

  // An inline pattern, else a call of the interpreter's kernel.
  bool LowerOp(const ScalarLoopInstr& ins, Step* s) {
    if (ins.access != ScalarLoopInstr::Access::kNone) return LowerElementAccess(ins, s);
    if (LowerInline(ins, s)) return true;
    if (s->num_in == 0 || !LowerCall(ins, s)) return false;  // num_in 0: the op itself is malformed
    reason_.clear();
    return true;
  }

  bool LowerInline(const ScalarLoopInstr& ins, Step* s) {
    if (!ins.op || ins.op->operands.empty() || ins.op->results.size() != 1) return Fail("internal error: op");
    const compiler::Module& m = *d_.module;
    const compiler::Op& op = *ins.op;
    if (ins.num_in != op.operands.size()) return Fail("internal error: operand count");
    for (int k = 0; k < ins.num_in; ++k)
      if (ins.in[k] >= values_.size() || values_[ins.in[k]].kind == Value::Kind::kNone)
        return Fail("internal error: operand slot");
    ElementType t = m.type(op.operands[0]).element;
    ElementType r = m.type(op.results[0]).element;
    Repr tr, rr;
    if (!ReprOf(t, &tr) || !ReprOf(r, &rr))
      return Fail(std::string(compiler::OpName(op.kind)) + " on " + std::string(ElementTypeMlirName(t)));
    s->out = ins.out;
    s->num_in = ins.num_in;
    for (int k = 0; k < 3; ++k) s->in[k] = ins.in[k];
    s->wide = tr.bytes == 8;
    auto unsupported = [&] {
      return Fail(std::string(compiler::OpName(op.kind)) + " " + std::string(ElementTypeMlirName(t)) + " -> " +
                  std::string(ElementTypeMlirName(r)));
    };
    auto arith = [&](Lowering int_op, Lowering float_op) {
      if (IsInt(t)) s->how = int_op;
      else if (IsFloatType(t)) s->how = float_op;
      else return unsupported();
      return true;
    };
    switch (op.kind) {
      case OpKind::kAdd: return arith(Lowering::kIntAdd, Lowering::kFloatAdd);
      case OpKind::kSubtract: return arith(Lowering::kIntSub, Lowering::kFloatSub);
      case OpKind::kMultiply: return arith(Lowering::kIntMul, Lowering::kFloatMul);
      case OpKind::kDivide:  // integer division has XLA's special cases: interpreted
        if (!IsFloatType(t)) return unsupported();
        s->how = Lowering::kFloatDiv;
        return true;
      case OpKind::kAnd:
      case OpKind::kOr:
      case OpKind::kXor:  // pred is 0 or 1 in a register: the integer ops keep it so
        if (!IsInt(t) && t != ElementType::kPred) return unsupported();
        s->how = op.kind == OpKind::kAnd  ? Lowering::kIntAnd
                 : op.kind == OpKind::kOr ? Lowering::kIntOr
                                          : Lowering::kIntXor;
        return true;
      case OpKind::kNot:
        if (t == ElementType::kPred) s->how = Lowering::kPredNot;
        else if (IsInt(t)) s->how = Lowering::kIntNot;
        else return unsupported();
        return true;
      case OpKind::kNegate:
        if (IsInt(t)) {
          s->how = Lowering::kIntNeg;
        } else if (IsFloatType(t)) {
          // -x flips the sign bit only (also of zeros and NaNs), as the interpreter's -x does.
          s->how = Lowering::kFloatSignFlip;
          s->in[1] = SignMaskSlot(s->wide);
          s->num_in = 2;
        } else {
          return unsupported();
        }
        return true;
      case OpKind::kCompare:
        if (!LowerCompare(op, t, s)) return unsupported();
        return true;
      case OpKind::kConvert:
        if (!LowerConvert(t, r, s)) return unsupported();
        return true;
      case OpKind::kSelect: {
        if (t != ElementType::kPred || ins.num_in != 3) return unsupported();
        Repr vr;
        if (!ReprOf(m.type(op.operands[1]).element, &vr)) return unsupported();
        s->how = Lowering::kSelect;
        s->wide = vr.bytes == 8;
        return true;
      }
      default:
        return unsupported();
    }
  }

  // An array element read or written through the array's address (a pinned carry) and an
  // index of 32 or 64 bits; the element in a register of its type's class.
  bool LowerElementAccess(const ScalarLoopInstr& ins, Step* s) {
    const bool store = ins.access == ScalarLoopInstr::Access::kStore;
    if (ins.num_in != (store ? 3 : 2)) return Fail("internal error: element access operands");
    for (int k = 0; k < ins.num_in; ++k)
      if (ins.in[k] >= values_.size() || values_[ins.in[k]].kind == Value::Kind::kNone)
        return Fail("internal error: operand slot");
    const ElementType it = ins.index_type;
    if (it != ElementType::kS32 && it != ElementType::kU32 && it != ElementType::kS64 && it != ElementType::kU64)
      return Fail("an element index of type " + std::string(ElementTypeMlirName(it)));
    if (ins.length < 1 || ins.length - 1 > INT32_MAX) return Fail("an array of more than 2^31 elements");
    const Value& elem = values_[store ? ins.in[1] : ins.out];
    if (values_[ins.in[0]].repr.cls != RegClass::kGpr || values_[ins.in[0]].repr.bytes != 8)
      return Fail("internal error: array address slot");
    s->how = store ? Lowering::kStoreElem : Lowering::kLoadElem;
    s->out = ins.out;
    s->num_in = ins.num_in;
    for (int k = 0; k < 3; ++k) s->in[k] = ins.in[k];
    s->length = ins.length;
    s->index_signed = it == ElementType::kS32 || it == ElementType::kS64;
    s->wide = it == ElementType::kS64 || it == ElementType::kU64;
    s->elem_bytes = elem.repr.bytes;
    return true;
  }

  // Any other op the interpreter runs (transcendentals, integer division, ...): a call of its
  // own kernel on one element, so the bits are the interpreter's.
  bool LowerCall(const ScalarLoopInstr& ins, Step* s) {
    if (!ins.ew || !ins.ew->fn) return false;
    const compiler::Module& m = *d_.module;
    Repr r;
    for (compiler::ValueId v : ins.op->operands)
      if (!ReprOf(m.type(v).element, &r)) return false;
    s->how = Lowering::kCall;
    s->call = ins.ew;
    if (ins.op->operands.size() == 1 && r.cls == RegClass::kXmm) s->scalar = ScalarUnaryFunction(ins.ew->fn);
    has_calls_ = true;
    return true;
  }

  // Compare semantics of the interpreter's compare kernels: ints by their compare_type
  // (bits reinterpreted), pred as false < true, floats IEEE (any NaN: only NE holds).
  bool LowerCompare(const compiler::Op& op, ElementType t, Step* s) {
    std::string dir = op.EnumAttr("comparison_direction"), type = op.EnumAttr("compare_type");
    static constexpr std::string_view kDirs[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};  // FloatDir order
    int d = -1;
    for (int k = 0; k < 6; ++k)
      if (dir == kDirs[k]) d = k;
    if (d < 0) return false;
    if (IsFloatType(t)) {
      if (type == "TOTALORDER") return false;
      s->how = Lowering::kFloatCompare;
      s->dir = static_cast<FloatDir>(d);
      return true;
    }
    bool is_signed;
    if (t == ElementType::kPred) is_signed = false;
    else if (t == ElementType::kS32 || t == ElementType::kS64) is_signed = type != "UNSIGNED";
    else if (t == ElementType::kU32 || t == ElementType::kU64) is_signed = type == "SIGNED";
    else return false;
    static constexpr Cond kSigned[] = {Cond::kE, Cond::kNe, Cond::kL, Cond::kLe, Cond::kG, Cond::kGe};
    static constexpr Cond kUnsigned[] = {Cond::kE, Cond::kNe, Cond::kB, Cond::kBe, Cond::kA, Cond::kAe};
    s->how = Lowering::kIntCompare;
    s->cc = is_signed ? kSigned[d] : kUnsigned[d];
    return true;
  }

  // stablehlo.convert as ConvertValue (scalar_math.h) does it for the supported types:
  // int-to-int wraps or extends by the source's signedness, int-to-float rounds once.
  // Float-to-int (saturating) and u64-to-float are interpreted.
  bool LowerConvert(ElementType t, ElementType r, Step* s) {
    Repr tr, rr;
    ReprOf(t, &tr);
    ReprOf(r, &rr);
    if (t == r) {
      s->how = Lowering::kCopy;
    } else if (IsFloatType(r)) {
      s->to_f64 = r == ElementType::kF64;
      if (t == ElementType::kF32) s->how = Lowering::kF32ToF64;
      else if (t == ElementType::kF64) s->how = Lowering::kF64ToF32;
      else if (t == ElementType::kS32 || t == ElementType::kS64 || t == ElementType::kPred)
        s->how = Lowering::kIntToFloat;
      else if (t == ElementType::kU32)
        s->how = Lowering::kUint32ToFloat;
      else return false;
    } else if (IsFloatType(t)) {
      return false;
    } else if (r == ElementType::kPred) {
      s->how = Lowering::kIntToPred;
    } else if (rr.bytes == 4) {
      s->how = Lowering::kMove32;  // truncation, or a same-width reinterpretation
    } else if (t == ElementType::kS32) {
      s->how = Lowering::kSignExtend32To64;
    } else if (tr.bytes == 8) {
      s->how = Lowering::kCopy;
    } else {
      s->how = Lowering::kMove32;  // u32 or pred: zero-extends
    }
    return true;
  }

  // ---------------------------------------------------------------- liveness and registers

  // Drops steps whose results nothing reads (only element stores have side effects), then records each
  // temporary's last reader.
  void Prune(std::vector<Step>* steps, const std::vector<uint16_t>& live_out) {
    std::vector<bool> live(values_.size(), false);
    for (uint16_t s : live_out) live[s] = true;
    std::vector<Step> kept;
    for (size_t i = steps->size(); i-- > 0;) {
      const Step& s = (*steps)[i];
      if (!live[s.out] && s.how != Lowering::kStoreElem) continue;  // stores have an effect
      for (int k = 0; k < s.num_in; ++k) live[s.in[k]] = true;
      kept.push_back(s);
    }
    steps->assign(kept.rbegin(), kept.rend());
    for (size_t i = 0; i < steps->size(); ++i)
      for (int k = 0; k < (*steps)[i].num_in; ++k) {
        Value& v = values_[(*steps)[i].in[k]];
        v.used = true;
        if (v.kind == Value::Kind::kTemp) v.last_use = static_cast<int>(i);
      }
    for (uint16_t s : live_out) {
      values_[s].used = true;
      if (values_[s].kind == Value::Kind::kTemp) values_[s].last_use = kLiveOut;
    }
  }

  // Carries and loop invariants hold one register for the whole loop. A carry nothing reads
  // and whose result is itself needs none: its io cell already holds the final value.
  bool AssignPinned() {
    for (size_t k = 0; k < d_.carry_slots.size(); ++k) {
      Value& v = values_[d_.carry_slots[k]];
      if (!v.used && d_.result_slots[k] == d_.carry_slots[k]) continue;
      if (!TakeFor(&v)) return false;
      carries_in_regs_.push_back(static_cast<int>(k));
    }
    std::map<std::pair<RegClass, uint64_t>, int> constant_reg;  // equal bits share a register
    for (size_t s = 0; s < values_.size(); ++s) {
      Value& v = values_[s];
      if (!v.used || (v.kind != Value::Kind::kLoad && v.kind != Value::Kind::kConstant)) continue;
      if (v.kind == Value::Kind::kConstant) {
        auto [it, fresh] = constant_reg.try_emplace({v.repr.cls, v.bits}, -1);
        if (!fresh) {
          v.reg = it->second;
          continue;
        }
        if (!TakeFor(&v)) return false;
        it->second = v.reg;
        constants_.push_back(static_cast<uint16_t>(s));
      } else {
        if (!TakeFor(&v)) return false;
        loads_.push_back(static_cast<uint16_t>(s));
      }
    }
    return true;
  }

  bool TakeFor(Value* v) {
    v->reg = pool_.Take(v->repr.cls, 0);
    if (v->reg < 0) return Fail("more live values than registers");
    return true;
  }

  // Linear scan over one region. In the body, a carry's register is also free for
  // temporaries once the carry's old value is dead (no later step reads it and no carry takes
  // it as its new value). A step's result takes, by preference:
  //  - the register of the carry it becomes, if free (saves the move of the carry update);
  //  - the register of its first operand, when that dies here and the pattern allows it;
  //  - a free register, if possible not the register of a carry whose result is still to come.
  // Operands dying here are freed after. A result thus never shares a register with a later
  // operand of its own step, which lets every pattern write the result first
  // (`mov o, a; op o, b`).
  bool AssignTemps(const std::vector<Step>& steps, bool body) {
    std::map<uint16_t, int> carry_last_read;  // carry slot -> last step reading it (kLiveOut, -1)
    std::map<uint16_t, int> home_of_result;   // temporary that becomes a carry -> carry's register
    uint32_t awaited_homes[2] = {0, 0};       // per class: carry registers still to receive a result
    auto cls_index = [](RegClass c) { return c == RegClass::kGpr ? 0 : 1; };
    if (body) {
      for (int k : carries_in_regs_) {
        const Value& c = values_[d_.carry_slots[static_cast<size_t>(k)]];
        uint16_t r = d_.result_slots[static_cast<size_t>(k)];
        carry_last_read[d_.carry_slots[static_cast<size_t>(k)]] = -1;
        if (values_[r].kind == Value::Kind::kTemp && home_of_result.try_emplace(r, c.reg).second)
          awaited_homes[cls_index(c.repr.cls)] |= 1u << c.reg;
      }
      for (size_t i = 0; i < steps.size(); ++i)
        for (int k = 0; k < steps[i].num_in; ++k)
          if (auto it = carry_last_read.find(steps[i].in[k]); it != carry_last_read.end())
            it->second = static_cast<int>(i);
      for (uint16_t r : d_.result_slots)
        if (auto it = carry_last_read.find(r); it != carry_last_read.end()) it->second = kLiveOut;
      for (const auto& [slot, last] : carry_last_read)
        if (last < 0) pool_.Give(values_[slot].repr.cls, values_[slot].reg);
    }
    auto dies_at = [&](const Value& v, uint16_t slot, int i) {
      if (v.kind == Value::Kind::kTemp) return v.last_use == i;
      auto it = carry_last_read.find(slot);
      return it != carry_last_read.end() && it->second == i;
    };
    for (size_t i = 0; i < steps.size(); ++i) {
      const int at = static_cast<int>(i);
      const Step& s = steps[i];
      Value& out = values_[s.out];
      const Value& in0 = values_[s.in[0]];
      auto home = home_of_result.find(s.out);
      if (s.how == Lowering::kStoreElem) {
        // No result (`out` is the array's pinned address): only operands dying here are freed.
      } else if (home != home_of_result.end() && pool_.TakeSpecific(out.repr.cls, home->second)) {
        out.reg = home->second;
      } else if (ResultMayReuseIn0(s.how) && in0.repr.cls == out.repr.cls && dies_at(in0, s.in[0], at)) {
        out.reg = in0.reg;
      } else {
        out.reg = pool_.Take(out.repr.cls, awaited_homes[cls_index(out.repr.cls)]);
        if (out.reg < 0) return Fail("more live values than registers");
      }
      if (home != home_of_result.end() && s.how != Lowering::kStoreElem)
        awaited_homes[cls_index(out.repr.cls)] &= ~(1u << home->second);
      for (int k = 0; k < s.num_in; ++k) {
        const Value& v = values_[s.in[k]];
        bool first_mention = true;
        for (int j = 0; j < k; ++j) first_mention = first_mention && s.in[j] != s.in[k];
        bool same_reg_as_out = v.repr.cls == out.repr.cls && v.reg == out.reg;
        if (first_mention && !same_reg_as_out && dies_at(v, s.in[k], at)) pool_.Give(v.repr.cls, v.reg);
      }
    }
    return true;
  }

  // ---------------------------------------------------------------- emission

  Gpr G(uint16_t slot) const { return static_cast<Gpr>(values_[slot].reg); }
  Xmm X(uint16_t slot) const { return x86::XmmReg(values_[slot].reg); }

  void Move(RegClass cls, int dst, int src) {
    if (dst == src) return;
    if (cls == RegClass::kGpr) e_.MovRR(static_cast<Gpr>(dst), static_cast<Gpr>(src), /*w64=*/true);
    else e_.MovapsRR(x86::XmmReg(dst), x86::XmmReg(src));
  }

  // io cell c lives at [base + 8c].
  void LoadCell(const Value& v, Gpr base) {
    Mem m{base, 8 * v.cell};
    if (v.repr.cls == RegClass::kXmm) {
      if (v.repr.bytes == 8) e_.MovsdRM(x86::XmmReg(v.reg), m);
      else e_.MovssRM(x86::XmmReg(v.reg), m);
    } else if (v.repr.bytes == 1) {
      e_.MovzxRM8(static_cast<Gpr>(v.reg), m);
    } else {
      e_.MovRM(static_cast<Gpr>(v.reg), m, v.repr.bytes == 8);
    }
  }
  void StoreCell(const Value& v, Gpr base) {
    Mem m{base, 8 * v.cell};
    if (v.repr.cls == RegClass::kXmm) {
      if (v.repr.bytes == 8) e_.MovsdMR(m, x86::XmmReg(v.reg));
      else e_.MovssMR(m, x86::XmmReg(v.reg));
    } else if (v.repr.bytes == 1) {
      e_.MovMR8(m, static_cast<Gpr>(v.reg));
    } else {
      e_.MovMR(m, static_cast<Gpr>(v.reg), v.repr.bytes == 8);
    }
  }

  // void fn(uint64_t* io), System V AMD64:
  //     endbr64; push callee-saved; push io
  //     materialise constants; load carries and invariants from io
  //     jmp cond
  //   body: body steps; carries <- results (parallel)
  //   cond: cond steps; test cond; jnz body      (cond runs before every pass, also the first)
  //     store carries to io; pop; ret
  void EmitFunction() {
    e_.Endbr64();  // a valid indirect-branch target where IBT is enforced
    for (Gpr g : kCalleeSaved) e_.Push(g);
    e_.Push(Gpr::kRdi);  // io, at [rsp + frame] from here on
    if (frame_bytes()) e_.SubRI(Gpr::kRsp, frame_bytes());
    const Mem io_slot{Gpr::kRsp, frame_bytes()};
    for (uint16_t s : constants_) {
      const Value& v = values_[s];
      if (v.repr.cls == RegClass::kXmm) {
        e_.MovRI(kScratchGpr, v.bits);
        e_.MovqXR(x86::XmmReg(v.reg), kScratchGpr);
      } else {
        e_.MovRI(static_cast<Gpr>(v.reg), v.bits);
      }
    }
    e_.MovRM(kScratchGpr, io_slot, true);
    for (int k : carries_in_regs_) LoadCell(values_[d_.carry_slots[static_cast<size_t>(k)]], kScratchGpr);
    for (uint16_t s : loads_) LoadCell(values_[s], kScratchGpr);

    int body = e_.NewLabel(), cond = e_.NewLabel();
    e_.Jmp(cond);
    e_.AlignWithInt3(16);  // loop head on a fetch-block boundary
    e_.Bind(body);
    for (const Step& s : body_) EmitStep(s);
    EmitCarryUpdate();
    e_.Bind(cond);
    for (const Step& s : cond_) EmitStep(s);
    e_.TestRR(G(d_.cond_slot), G(d_.cond_slot), false);
    e_.Jcc(Cond::kNe, body);

    e_.MovRM(kScratchGpr, io_slot, true);
    for (int k : carries_in_regs_) StoreCell(values_[d_.carry_slots[static_cast<size_t>(k)]], kScratchGpr);
    if (frame_bytes()) e_.AddRI(Gpr::kRsp, frame_bytes());
    e_.Pop(kScratchGpr);  // drop io
    for (size_t i = std::size(kCalleeSaved); i-- > 0;) e_.Pop(kCalleeSaved[i]);
    e_.Ret();
  }

  // carry[k] <- result[k] for all k at once. Moves whose destination no pending move still
  // reads go first; when only cycles remain, one destination is parked in the scratch
  // register of its class and its readers redirected there.
  void EmitCarryUpdate() {
    struct Move1 {
      RegClass cls;
      int dst, src;
    };
    constexpr int kScratchSrc = -2;  // "the scratch register of cls"
    std::vector<Move1> pending;
    for (int k : carries_in_regs_) {
      const Value& c = values_[d_.carry_slots[static_cast<size_t>(k)]];
      const Value& r = values_[d_.result_slots[static_cast<size_t>(k)]];
      if (c.reg != r.reg) pending.push_back({c.repr.cls, c.reg, r.reg});
    }
    auto scratch = [](RegClass cls) { return cls == RegClass::kGpr ? static_cast<int>(kScratchGpr) : kScratchXmm; };
    while (!pending.empty()) {
      bool progressed = false;
      for (size_t i = 0; i < pending.size(); ++i) {
        bool read_later = false;
        for (size_t j = 0; j < pending.size(); ++j)
          read_later = read_later || (j != i && pending[j].cls == pending[i].cls && pending[j].src == pending[i].dst);
        if (read_later) continue;
        const Move1& mv = pending[i];
        Move(mv.cls, mv.dst, mv.src == kScratchSrc ? scratch(mv.cls) : mv.src);
        pending.erase(pending.begin() + static_cast<std::ptrdiff_t>(i));
        progressed = true;
        break;
      }
      if (progressed) continue;
      Move1& first = pending.front();  // every pending move is on a cycle
      Move(first.cls, scratch(first.cls), first.dst);
      for (Move1& mv : pending)
        if (mv.cls == first.cls && mv.src == first.dst) mv.src = kScratchSrc;
    }
  }

  void IntBinary(void (Encoder::*op)(Gpr, Gpr, bool), const Step& s) {
    if (values_[s.out].reg != values_[s.in[0]].reg) e_.MovRR(G(s.out), G(s.in[0]), s.wide);
    (e_.*op)(G(s.out), G(s.in[1]), s.wide);
  }
  // `mov o, a; op o, b` keeps a as the first operand: with two NaN operands x86 returns the
  // first one's payload, as the interpreter's `a op b` does.
  void FloatBinary(void (Encoder::*f32)(Xmm, Xmm), void (Encoder::*f64)(Xmm, Xmm), const Step& s) {
    if (values_[s.out].reg != values_[s.in[0]].reg) e_.MovapsRR(X(s.out), X(s.in[0]));
    (e_.*(s.wide ? f64 : f32))(X(s.out), X(s.in[1]));
  }
  void IntUnary(void (Encoder::*op)(Gpr, bool), const Step& s) {
    if (values_[s.out].reg != values_[s.in[0]].reg) e_.MovRR(G(s.out), G(s.in[0]), s.wide);
    (e_.*op)(G(s.out), s.wide);
  }

  // The address of the element of array s.in[0] at index slot `index`, clamped to
  // [0, length - 1] (negative signed indices to 0, anything past the end to the last), in the
  // scratch register: branches, in range falls through.
  Mem ElementAddress(const Step& s, uint16_t index) {
    const Gpr r = kScratchGpr;
    if (!s.wide && s.index_signed) e_.MovsxdRR(r, G(index));
    else e_.MovRR(r, G(index), s.wide);  // 32 bits zero-extend
    const int low = e_.NewLabel(), high = e_.NewLabel(), done = e_.NewLabel();
    const auto last = static_cast<int32_t>(s.length - 1);
    if (s.index_signed) {
      e_.TestRR(r, r, true);
      e_.Jcc(Cond::kL, low);
    }
    e_.SubRI(r, last);
    e_.Jcc(Cond::kA, high);  // past the last element (unsigned: r was not negative here)
    e_.AddRI(r, last);
    e_.Jmp(done);
    e_.Bind(low);
    e_.XorRR(r, r, false);
    e_.Jmp(done);
    e_.Bind(high);
    e_.MovRI(r, static_cast<uint64_t>(last));
    e_.Bind(done);
    for (int b = s.elem_bytes; b > 1; b /= 2) e_.AddRR(r, r, true);
    e_.AddRR(r, G(s.in[0]), true);
    return Mem{r, 0};
  }

  void EmitStep(const Step& s) {
    const Value& out = values_[s.out];
    switch (s.how) {
      case Lowering::kCopy: Move(out.repr.cls, out.reg, values_[s.in[0]].reg); return;
      case Lowering::kIntAdd: IntBinary(&Encoder::AddRR, s); return;
      case Lowering::kIntSub: IntBinary(&Encoder::SubRR, s); return;
      case Lowering::kIntMul: IntBinary(&Encoder::ImulRR, s); return;
      case Lowering::kIntAnd: IntBinary(&Encoder::AndRR, s); return;
      case Lowering::kIntOr: IntBinary(&Encoder::OrRR, s); return;
      case Lowering::kIntXor: IntBinary(&Encoder::XorRR, s); return;
      case Lowering::kIntNeg: IntUnary(&Encoder::NegR, s); return;
      case Lowering::kIntNot: IntUnary(&Encoder::NotR, s); return;
      case Lowering::kPredNot:
        Move(RegClass::kGpr, out.reg, values_[s.in[0]].reg);
        e_.XorRI8(G(s.out), 1, false);
        return;
      case Lowering::kIntCompare:
        e_.CmpRR(G(s.in[0]), G(s.in[1]), s.wide);
        e_.SetccR8(s.cc, G(s.out));
        e_.MovzxRR8(G(s.out), G(s.out));
        return;
      case Lowering::kIntToPred:
        e_.TestRR(G(s.in[0]), G(s.in[0]), s.wide);
        e_.SetccR8(Cond::kNe, G(s.out));
        e_.MovzxRR8(G(s.out), G(s.out));
        return;
      case Lowering::kSignExtend32To64: e_.MovsxdRR(G(s.out), G(s.in[0])); return;
      case Lowering::kMove32: e_.MovRR(G(s.out), G(s.in[0]), false); return;
      case Lowering::kFloatAdd: FloatBinary(&Encoder::AddssRR, &Encoder::AddsdRR, s); return;
      case Lowering::kFloatSub: FloatBinary(&Encoder::SubssRR, &Encoder::SubsdRR, s); return;
      case Lowering::kFloatMul: FloatBinary(&Encoder::MulssRR, &Encoder::MulsdRR, s); return;
      case Lowering::kFloatDiv: FloatBinary(&Encoder::DivssRR, &Encoder::DivsdRR, s); return;
      case Lowering::kFloatSignFlip:
        if (out.reg != values_[s.in[0]].reg) e_.MovapsRR(X(s.out), X(s.in[0]));
        e_.XorpsRR(X(s.out), X(s.in[1]));
        return;
      case Lowering::kFloatCompare: EmitFloatCompare(s); return;
      case Lowering::kIntToFloat:
        e_.XorpsRR(X(s.out), X(s.out));  // cvtsi2s* merges into the old value: break that dependency
        if (s.to_f64) e_.Cvtsi2sdRR(X(s.out), G(s.in[0]), s.wide);
        else e_.Cvtsi2ssRR(X(s.out), G(s.in[0]), s.wide);
        return;
      case Lowering::kUint32ToFloat:
        // Zero-extend to 64 bits, then the exact signed 64-bit conversion rounds once.
        e_.MovRR(kScratchGpr, G(s.in[0]), false);
        e_.XorpsRR(X(s.out), X(s.out));
        if (s.to_f64) e_.Cvtsi2sdRR(X(s.out), kScratchGpr, true);
        else e_.Cvtsi2ssRR(X(s.out), kScratchGpr, true);
        return;
      case Lowering::kF32ToF64:
        if (out.reg != values_[s.in[0]].reg) e_.XorpsRR(X(s.out), X(s.out));
        e_.Cvtss2sdRR(X(s.out), X(s.in[0]));
        return;
      case Lowering::kF64ToF32:
        if (out.reg != values_[s.in[0]].reg) e_.XorpsRR(X(s.out), X(s.out));
        e_.Cvtsd2ssRR(X(s.out), X(s.in[0]));
        return;
      case Lowering::kSelect: EmitSelect(s); return;
      case Lowering::kCall: EmitCall(s); return;
      case Lowering::kLoadElem: {
        const Mem at = ElementAddress(s, s.in[1]);
        if (out.repr.cls == RegClass::kXmm) {
          if (s.elem_bytes == 8) e_.MovsdRM(X(s.out), at);
          else e_.MovssRM(X(s.out), at);
        } else if (s.elem_bytes == 1) {
          e_.MovzxRM8(G(s.out), at);
        } else {
          e_.MovRM(G(s.out), at, s.elem_bytes == 8);
        }
        return;
      }
      case Lowering::kStoreElem: {
        const Mem at = ElementAddress(s, s.in[2]);
        const Value& v = values_[s.in[1]];
        if (v.repr.cls == RegClass::kXmm) {
          if (s.elem_bytes == 8) e_.MovsdMR(at, X(s.in[1]));
          else e_.MovssMR(at, X(s.in[1]));
        } else if (s.elem_bytes == 1) {
          e_.MovMR8(at, G(s.in[1]));
        } else {
          e_.MovMR(at, G(s.in[1]), s.elem_bytes == 8);
        }
        return;
      }
    }
  }

  // The frame kCall steps use below the saved io pointer (a multiple of 16: calls see rsp
  // 16-byte aligned, as the six pushes plus io leave it).
  static constexpr int kXmmSave = 0;                        // 15 x 8: xmm0..xmm14 (scalars: low 64 bits)
  static constexpr int kGprSave = kXmmSave + 8 * kNumAllocXmms;
  static constexpr Gpr kCallerSavedGprs[] = {Gpr::kRax, Gpr::kRcx, Gpr::kRdx, Gpr::kRsi,
                                             Gpr::kRdi, Gpr::kR8,  Gpr::kR9,  Gpr::kR10};
  static constexpr int kArgValues = kGprSave + 8 * static_cast<int>(std::size(kCallerSavedGprs));
  static constexpr int kArgPointers = kArgValues + 8 * 3;
  static constexpr int kResult = kArgPointers + 8 * 3;
  static constexpr int kFrameBytes = (kResult + 8 + 15) / 16 * 16;
  int frame_bytes() const { return has_calls_ ? kFrameBytes : 0; }

  // fn(&result, {&arg0, &arg1, &arg2}, 1, *call) with every caller-saved register that holds
  // a value saved around it; the result is loaded into the step's register after the restore.
  // A unary float function with a scalar form is called as f(xmm0) -> xmm0 instead: no
  // pointers, no loop, and the value never goes through memory.
  void EmitCall(const Step& s) {
    const Value& out = values_[s.out];
    auto at = [](int off) { return Mem{Gpr::kRsp, off}; };
    if (!s.scalar) {
      for (int k = 0; k < s.num_in; ++k) {
        const Value& v = values_[s.in[k]];
        if (v.repr.cls == RegClass::kXmm) e_.MovsdMR(at(kArgValues + 8 * k), x86::XmmReg(v.reg));
        else e_.MovMR(at(kArgValues + 8 * k), static_cast<Gpr>(v.reg), true);
      }
    }
    // Only registers the allocator gave to some value need saving (callee-saved GPRs survive).
    uint32_t xmms = 0, gprs = 0;
    for (const Value& v : values_)
      if (v.reg >= 0) (v.repr.cls == RegClass::kXmm ? xmms : gprs) |= 1u << v.reg;
    for (int x = 0; x < kNumAllocXmms; ++x)
      if (xmms & (1u << x)) e_.MovsdMR(at(kXmmSave + 8 * x), x86::XmmReg(x));
    for (size_t g = 0; g < std::size(kCallerSavedGprs); ++g)
      if (gprs & (1u << static_cast<int>(kCallerSavedGprs[g])))
        e_.MovMR(at(kGprSave + 8 * static_cast<int>(g)), kCallerSavedGprs[g], true);
    if (s.scalar) {
      const int in = values_[s.in[0]].reg;
      if (in != 0) e_.MovapsRR(x86::XmmReg(0), x86::XmmReg(in));
      e_.MovRI(kScratchGpr, reinterpret_cast<uint64_t>(s.scalar));
      e_.CallR(kScratchGpr);
      // The result's register held nothing live (the allocator gave it to the result), so it
      // takes xmm0 first and is left out of the restore.
      if (out.reg != 0) e_.MovapsRR(x86::XmmReg(out.reg), x86::XmmReg(0));
      for (int x = 0; x < kNumAllocXmms; ++x)
        if ((xmms & (1u << x)) && x != out.reg) e_.MovsdRM(x86::XmmReg(x), at(kXmmSave + 8 * x));
      for (size_t g = 0; g < std::size(kCallerSavedGprs); ++g)
        if (gprs & (1u << static_cast<int>(kCallerSavedGprs[g])))
          e_.MovRM(kCallerSavedGprs[g], at(kGprSave + 8 * static_cast<int>(g)), true);
      return;
    }
    for (int k = 0; k < 3; ++k) {
      e_.LeaRM(kScratchGpr, at(kArgValues + 8 * (k < s.num_in ? k : 0)));
      e_.MovMR(at(kArgPointers + 8 * k), kScratchGpr, true);
    }
    e_.LeaRM(Gpr::kRdi, at(kResult));
    e_.LeaRM(Gpr::kRsi, at(kArgPointers));
    e_.MovRI(Gpr::kRdx, 1);
    e_.MovRI(Gpr::kRcx, reinterpret_cast<uint64_t>(s.call));
    e_.MovRI(kScratchGpr, reinterpret_cast<uint64_t>(s.call->fn));
    e_.CallR(kScratchGpr);
    for (int x = 0; x < kNumAllocXmms; ++x)
      if (xmms & (1u << x)) e_.MovsdRM(x86::XmmReg(x), at(kXmmSave + 8 * x));
    for (size_t g = 0; g < std::size(kCallerSavedGprs); ++g)
      if (gprs & (1u << static_cast<int>(kCallerSavedGprs[g])))
        e_.MovRM(kCallerSavedGprs[g], at(kGprSave + 8 * static_cast<int>(g)), true);
    const Mem result = at(kResult);
    if (out.repr.cls == RegClass::kXmm) {
      if (out.repr.bytes == 8) e_.MovsdRM(x86::XmmReg(out.reg), result);
      else e_.MovssRM(x86::XmmReg(out.reg), result);
    } else if (out.repr.bytes == 1) {
      e_.MovzxRM8(static_cast<Gpr>(out.reg), result);
    } else {
      e_.MovRM(static_cast<Gpr>(out.reg), result, out.repr.bytes == 8);
    }
  }

  // UCOMIS* sets ZF,PF,CF = 111 unordered, 000 greater, 001 less, 100 equal. "a > b" is CF=0
  // and ZF=0 (seta), which is false when unordered; LT/LE swap the operands so every ordered
  // compare reads CF/ZF only. EQ needs ZF=1 and PF=0, NE ZF=0 or PF=1.
  void EmitFloatCompare(const Step& s) {
    Gpr o = G(s.out);
    Xmm a = X(s.in[0]), b = X(s.in[1]);
    auto ucomis = [&](Xmm x, Xmm y) { s.wide ? e_.UcomisdRR(x, y) : e_.UcomissRR(x, y); };
    e_.XorRR(o, o, false);  // before the compare: xor writes the flags
    switch (s.dir) {
      case FloatDir::kGt: ucomis(a, b); e_.SetccR8(Cond::kA, o); return;
      case FloatDir::kGe: ucomis(a, b); e_.SetccR8(Cond::kAe, o); return;
      case FloatDir::kLt: ucomis(b, a); e_.SetccR8(Cond::kA, o); return;
      case FloatDir::kLe: ucomis(b, a); e_.SetccR8(Cond::kAe, o); return;
      case FloatDir::kEq:
        e_.XorRR(kScratchGpr, kScratchGpr, false);
        ucomis(a, b);
        e_.SetccR8(Cond::kE, o);
        e_.SetccR8(Cond::kNp, kScratchGpr);
        e_.AndRR(o, kScratchGpr, false);
        return;
      case FloatDir::kNe:
        e_.XorRR(kScratchGpr, kScratchGpr, false);
        ucomis(a, b);
        e_.SetccR8(Cond::kNe, o);
        e_.SetccR8(Cond::kP, kScratchGpr);
        e_.OrRR(o, kScratchGpr, false);
        return;
    }
  }

  // out = pred ? on_true : on_false. The result register is none of the operands' (no reuse).
  void EmitSelect(const Step& s) {
    const Value& out = values_[s.out];
    e_.TestRR(G(s.in[0]), G(s.in[0]), false);  // mov/movaps below leave the flags alone
    if (out.repr.cls == RegClass::kGpr) {
      e_.MovRR(G(s.out), G(s.in[2]), true);
      e_.CmovccRR(Cond::kNe, G(s.out), G(s.in[1]), true);
      return;
    }
    int done = e_.NewLabel();
    e_.MovapsRR(X(s.out), X(s.in[2]));
    e_.Jcc(Cond::kE, done);
    e_.MovapsRR(X(s.out), X(s.in[1]));
    e_.Bind(done);
  }

  const ScalarLoopDesc& d_;
  std::vector<Value> values_;
  std::vector<Step> cond_, body_;
  int sign_mask_f32_ = -1, sign_mask_f64_ = -1;  // slots, once made
  bool has_calls_ = false;                        // some step is a kCall (needs the frame)
  std::vector<int> carries_in_regs_;  // carry indices with a register
  std::vector<uint16_t> constants_;   // constant slots to materialise (one per register)
  std::vector<uint16_t> loads_;       // load slots to read from io
  RegPool pool_;
  Encoder e_;
  std::string reason_;
};

class NativeScalarLoop final : public ScalarLoopJit {
 public:
  explicit NativeScalarLoop(std::unique_ptr<x86::ExecutableCode> code) : code_(std::move(code)) {}
  void Run(uint64_t* io) const override {
    reinterpret_cast<void (*)(uint64_t*)>(const_cast<void*>(code_->entry()))(io);
  }

 private:
  std::unique_ptr<x86::ExecutableCode> code_;
};

#endif  // x86-64 Linux

}  // namespace

std::unique_ptr<ScalarLoopJit> CompileScalarLoop(const ScalarLoopDesc& desc) {
  if (JitDisabled()) {
    Trace(desc, "interpreted: JAXLIB_CPU_DISABLE_JIT is set");
    return nullptr;
  }
#if defined(__x86_64__) && defined(__linux__)
  LoopCompiler compiler(desc);
  std::vector<uint8_t> code;
  if (!compiler.Compile(&code)) {
    Trace(desc, "interpreted: " + compiler.reason());
    return nullptr;
  }
  std::unique_ptr<x86::ExecutableCode> exec = x86::ExecutableCode::Create(code);
  if (!exec) {
    Trace(desc, "interpreted: no executable memory");
    return nullptr;
  }
  Trace(desc, "native, " + std::to_string(compiler.num_steps()) + " ops, " + std::to_string(code.size()) + " bytes");
  return std::make_unique<NativeScalarLoop>(std::move(exec));
#else
  Trace(desc, "interpreted: no JIT for this platform");
  return nullptr;
#endif
}

}  // namespace jaxlib::cpu
