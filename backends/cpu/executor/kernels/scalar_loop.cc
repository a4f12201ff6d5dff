// The compact path for while loops over scalars (fori_loop counters, scalar recurrences) and
// for fusions of scalars (the counters and conditions of loops over arrays). A loop's cond and
// body, or a fusion's region, are flattened once into one list of slot-to-slot instructions
// over a small register file on the stack (ScalarCode): common integer/float arithmetic and
// compares run inline, everything else through the same elementwise kernels the fused loops
// use, so results are identical. A loop may also carry arrays that its body only reads and
// writes one element at a time (a scan over a sequence of scalars: x[i] read by dynamic_slice,
// y[i] written by dynamic_update_slice): such an array lives in the while's result buffer (a
// carry the body never changes, where its operand lives) and its slot holds a pointer to it;
// element loads and stores clamp their index as the slices do. Loops with any other non-scalar
// value, captured array or non-elementwise op keep the general WhileKernel; fusions with any
// non-scalar value keep the elementwise program. When scalar_loop_jit.cc can compile a
// flattened loop, that native code runs it instead.
#include <algorithm>
#include <array>
#include <cstring>
#include <unordered_map>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/jit/scalar_loop_jit.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::ValueId;

namespace {

constexpr int kSlotBytes = 16;   // c128 is the widest scalar
constexpr int kMaxSlots = 256;   // the register file lives on the stack

enum class Code : uint8_t {
  kCall,  // generic elementwise kernel with n = 1
  kCopy,
  kAddI32, kSubI32, kMulI32, kAddI64, kSubI64, kMulI64,
  kAddF32, kSubF32, kMulF32, kDivF32, kAddF64, kSubF64, kMulF64, kDivF64,
  kLtI32, kLeI32, kGtI32, kGeI32, kEqI32, kNeI32,
  kLtI64, kLeI64, kGtI64, kGeI64, kEqI64, kNeI64,
  kLtF32, kLeF32, kGtF32, kGeF32, kEqF32, kNeF32,
  kCvtI32F32,
  kSelect,  // `bytes` of in[1] where the pred in[0] holds, else of in[2]
  kAndI8, kOrI8, kXorI8, kAndI32, kOrI32, kXorI32,
  kMaxI32, kMinI32, kMaxI64, kMinI64,
  kLoadElem,   // out <- array in[0] at the clamped index in[1] (`bytes` per element)
  kStoreElem,  // array in[0] at the clamped index in[2] <- in[1]
};

struct ScalarInstr {
  Code code = Code::kCall;
  uint16_t out = 0;
  uint16_t in[3] = {0, 0, 0};
  uint8_t num_in = 0;
  uint8_t bytes = 0;  // kCopy, kSelect, kLoadElem, kStoreElem
  EwInstr ew;         // kCall
  const Op* op = nullptr;  // the source op (for the JIT)
  int64_t length = 0;                          // kLoadElem, kStoreElem: the array's elements
  ElementType index_type = ElementType::kS32;  // kLoadElem, kStoreElem
};

// An element index as dynamic_slice and dynamic_update_slice of one element take it: clamped
// to [0, length - 1], unsigned types never negative.
int64_t ClampedIndex(const uint8_t* cell, ElementType t, int64_t length) {
  int64_t v = 0;
  switch (t) {
    case ElementType::kS8: v = *reinterpret_cast<const int8_t*>(cell); break;
    case ElementType::kS16: v = *reinterpret_cast<const int16_t*>(cell); break;
    case ElementType::kS32: v = *reinterpret_cast<const int32_t*>(cell); break;
    case ElementType::kS64: v = *reinterpret_cast<const int64_t*>(cell); break;
    case ElementType::kU8: v = *cell; break;
    case ElementType::kU16: v = *reinterpret_cast<const uint16_t*>(cell); break;
    case ElementType::kU32: v = *reinterpret_cast<const uint32_t*>(cell); break;
    case ElementType::kU64: {
      const uint64_t u = *reinterpret_cast<const uint64_t*>(cell);
      return u > static_cast<uint64_t>(length - 1) ? length - 1 : static_cast<int64_t>(u);
    }
    default: return 0;
  }
  return v < 0 ? 0 : v > length - 1 ? length - 1 : v;
}



// Picks the inline code of a few hot ops; kCall otherwise.
Code FastCode(const compiler::Module& m, const Op& op) {
  ElementType t = m.type(op.operands[0]).element;
  ElementType r = m.type(op.results[0]).element;
  auto arith = [&](Code i32, Code i64, Code f32, Code f64) {
    if (t == ElementType::kS32 || t == ElementType::kU32) return i32;
    if (t == ElementType::kS64 || t == ElementType::kU64) return i64;
    if (t == ElementType::kF32) return f32;
    if (t == ElementType::kF64) return f64;
    return Code::kCall;
  };
  switch (op.kind) {
    case OpKind::kAdd: return arith(Code::kAddI32, Code::kAddI64, Code::kAddF32, Code::kAddF64);
    case OpKind::kSubtract: return arith(Code::kSubI32, Code::kSubI64, Code::kSubF32, Code::kSubF64);
    case OpKind::kMultiply: return arith(Code::kMulI32, Code::kMulI64, Code::kMulF32, Code::kMulF64);
    case OpKind::kDivide:
      return t == ElementType::kF32 ? Code::kDivF32 : t == ElementType::kF64 ? Code::kDivF64 : Code::kCall;
    case OpKind::kConvert:
      return t == ElementType::kS32 && r == ElementType::kF32 ? Code::kCvtI32F32 : Code::kCall;
    case OpKind::kSelect: {
      const size_t bytes = ElementTypeByteSize(r);
      return t == ElementType::kPred && (bytes == 1 || bytes == 2 || bytes == 4 || bytes == 8) ? Code::kSelect
                                                                                                : Code::kCall;
    }
    case OpKind::kAnd:
    case OpKind::kOr:
    case OpKind::kXor: {
      const int which = op.kind == OpKind::kAnd ? 0 : op.kind == OpKind::kOr ? 1 : 2;
      if (t == ElementType::kPred || t == ElementType::kS8 || t == ElementType::kU8)
        return static_cast<Code>(static_cast<int>(Code::kAndI8) + which);
      if (t == ElementType::kS32 || t == ElementType::kU32) return static_cast<Code>(static_cast<int>(Code::kAndI32) + which);
      return Code::kCall;
    }
    case OpKind::kMaximum:
    case OpKind::kMinimum: {
      const bool max = op.kind == OpKind::kMaximum;
      if (t == ElementType::kS32) return max ? Code::kMaxI32 : Code::kMinI32;
      if (t == ElementType::kS64) return max ? Code::kMaxI64 : Code::kMinI64;
      return Code::kCall;
    }
    case OpKind::kCompare: {
      std::string dir = op.EnumAttr("comparison_direction"), type = op.EnumAttr("compare_type");
      int d = dir == "LT" ? 0 : dir == "LE" ? 1 : dir == "GT" ? 2 : dir == "GE" ? 3 : dir == "EQ" ? 4 : dir == "NE" ? 5 : -1;
      if (d < 0) return Code::kCall;
      bool is_signed = type.empty() || type == "SIGNED";
      if (t == ElementType::kS32 && is_signed) return static_cast<Code>(static_cast<int>(Code::kLtI32) + d);
      if (t == ElementType::kS64 && is_signed) return static_cast<Code>(static_cast<int>(Code::kLtI64) + d);
      if (t == ElementType::kF32 && (type.empty() || type == "FLOAT")) return static_cast<Code>(static_cast<int>(Code::kLtF32) + d);
      return Code::kCall;
    }
    default: return Code::kCall;
  }
}

// Scalar values flattened into slot-to-slot instructions: the register file's slots, the
// values loaded into them from the frame, and the constants they start with.
class ScalarCode {
 protected:
  template <class T>
  static T& At(uint8_t* file, uint16_t slot) {
    return *reinterpret_cast<T*>(file + slot * kSlotBytes);
  }

  static void Exec(const std::vector<ScalarInstr>& code, uint8_t* file);

  static bool IsScalar(const compiler::Module& m, ValueId v) {
    const compiler::Type& t = m.type(v);
    return t.is_tensor() && t.element_count() == 1 && ElementTypeByteSize(t.element) <= kSlotBytes;
  }

  int Slot(ValueId v) {
    auto it = slot_of_.find(v);
    return it == slot_of_.end() ? -1 : it->second;
  }
  int NewSlot(ValueId v) {
    if (next_slot_ >= kMaxSlots) return -1;
    slot_of_[v] = next_slot_;
    slot_types_[static_cast<size_t>(next_slot_)] = module_->type(v).element;
    return next_slot_++;
  }
  // The slot of an operand; values defined outside the code are loaded once per run. An array
  // carry's pointer slot is no operand of a scalar op.
  int Operand(const compiler::Module& m, ValueId v) {
    int s = Slot(v);
    if (s >= 0) return ArrayOf(s) ? -1 : s;
    if (!IsScalar(m, v)) return -1;
    s = NewSlot(v);
    if (s >= 0) loads_.push_back({v, s, ElementTypeByteSize(m.type(v).element)});
    return s;
  }

  bool Flatten(const compiler::Module& m, const Region& r, std::vector<ScalarInstr>* out);
  bool FlattenElementAccess(const compiler::Module& m, const Op& op, std::vector<ScalarInstr>* out);

  // An array carried through the loop and only read and written an element at a time. Its
  // slot holds a pointer to its elements; `current` is the value its slot stands for now (the
  // region argument, then each dynamic_update_slice's result in turn).
  struct ArrayCarry {
    size_t carry = 0;
    int slot = -1;
    int64_t length = 0;      // elements
    int dim = 0;             // the one dim longer than 1 (0 if none)
    size_t bytes = 0;        // per element
    ValueId current = -1;
    bool written = false;    // some dynamic_update_slice writes it
  };
  ArrayCarry* ArrayOf(int slot) {
    for (ArrayCarry& a : arrays_)
      if (a.slot == slot) return &a;
    return nullptr;
  }
  std::vector<ArrayCarry> arrays_;
  bool in_cond_ = false;  // flattening the condition: arrays are read only

  struct Load {
    ValueId v;
    int slot;
    size_t bytes;
  };
  std::vector<uint8_t> init_;
  std::vector<Load> loads_;
  std::unordered_map<ValueId, int> slot_of_;
  const compiler::Module* module_ = nullptr;
  std::array<ElementType, kMaxSlots> slot_types_{};
  std::vector<uint16_t> constant_slots_;
  int next_slot_ = 0;
  bool in_fusion_ = false;
};

class ScalarWhileKernel final : public Kernel, ScalarCode {
 public:
  Status Run(Frame& f, uint8_t*) const override {
    uint8_t* arrays[kMaxArrays];
    BindArrays(f, arrays);
    if (jit_) return RunNative(f, arrays);
    alignas(16) uint8_t file[kMaxSlots * kSlotBytes];
    std::memcpy(file, init_.data(), init_.size());
    for (const auto& [v, slot, bytes] : loads_) std::memcpy(file + slot * kSlotBytes, f.Get(v), bytes);
    for (size_t a = 0; a < arrays_.size(); ++a) At<uint8_t*>(file, static_cast<uint16_t>(arrays_[a].slot)) = arrays[a];
    alignas(16) uint8_t next[kMaxSlots * kSlotBytes];
    for (;;) {
      Exec(cond_, file);
      if (!file[cond_slot_ * kSlotBytes]) break;
      Exec(body_, file);
      if (direct_update_) {
        // No result is another carry: assign in place, skipping carries passed through.
        for (const auto& [dst, src] : updates_) std::memcpy(file + dst * kSlotBytes, file + src * kSlotBytes, kSlotBytes);
        continue;
      }
      // Parallel assignment of the new carries (a result may be another carry).
      for (size_t k = 0; k < carry_slots_.size(); ++k)
        std::memcpy(next + k * kSlotBytes, file + result_slots_[k] * kSlotBytes, kSlotBytes);
      for (size_t k = 0; k < carry_slots_.size(); ++k)
        std::memcpy(file + carry_slots_[k] * kSlotBytes, next + k * kSlotBytes, kSlotBytes);
    }
    for (size_t k = 0; k < carry_slots_.size(); ++k)
      std::memcpy(f.Get(results_[k]), file + carry_slots_[k] * kSlotBytes, result_bytes_[k]);
    FinishArrays(f);
    return Status::Ok();
  }

  // Builds the kernel, or returns nullptr when the loop is not all-scalar elementwise code.
  static std::unique_ptr<ScalarWhileKernel> Build(const compiler::Module& m, const Op& op) {
    auto k = std::unique_ptr<ScalarWhileKernel>(new ScalarWhileKernel());
    if (!k->Init(m, op)) return nullptr;
    k->jit_ = CompileScalarLoop(k->JitDesc(m, op));
    return k;
  }

 private:
  static constexpr size_t kMaxArrays = 16;

  // Where each array carry's elements live for this run: an array the body writes is copied
  // into its result buffer (disjoint from the operands) and updated there; one it only reads
  // is read where its operand lives.
  void BindArrays(Frame& f, uint8_t** arrays) const {
    for (size_t a = 0; a < arrays_.size(); ++a) {
      const ArrayCarry& arr = arrays_[a];
      auto* operand = static_cast<uint8_t*>(f.Get(operands_[arr.carry]));
      auto* result = static_cast<uint8_t*>(f.Get(results_[arr.carry]));
      if (arr.written && result != operand)
        std::memcpy(result, operand, static_cast<size_t>(arr.length) * arr.bytes);
      arrays[a] = arr.written ? result : operand;
    }
  }
  // A read-only array's result is its operand.
  void FinishArrays(Frame& f) const {
    for (const ArrayCarry& arr : arrays_) {
      auto* operand = static_cast<uint8_t*>(f.Get(operands_[arr.carry]));
      auto* result = static_cast<uint8_t*>(f.Get(results_[arr.carry]));
      if (!arr.written && result != operand)
        std::memcpy(result, operand, static_cast<size_t>(arr.length) * arr.bytes);
    }
  }

  // The same loop on native code: io cells are loads_ in order (the carries first; an array
  // carry's cell holds its pointer).
  Status RunNative(Frame& f, uint8_t* const* arrays) const {
    uint64_t io[kScalarLoopMaxCells];
    for (size_t i = 0; i < loads_.size(); ++i) std::memcpy(&io[i], f.Get(loads_[i].v), loads_[i].bytes);
    for (size_t a = 0; a < arrays_.size(); ++a) io[arrays_[a].carry] = reinterpret_cast<uintptr_t>(arrays[a]);
    jit_->Run(io);
    for (size_t k = 0; k < carry_slots_.size(); ++k) std::memcpy(f.Get(results_[k]), &io[k], result_bytes_[k]);
    FinishArrays(f);
    return Status::Ok();
  }

  // The flattened loop as scalar_loop_jit.h describes it.
  ScalarLoopDesc JitDesc(const compiler::Module& m, const Op& op) const {
    ScalarLoopDesc d;
    d.module = &m;
    d.while_op = &op;
    d.slot_types.assign(slot_types_.begin(), slot_types_.begin() + next_slot_);
    d.carry_slots = carry_slots_;
    for (size_t i = carry_slots_.size(); i < loads_.size(); ++i)
      d.load_slots.push_back(static_cast<uint16_t>(loads_[i].slot));
    for (uint16_t s : constant_slots_) {
      uint64_t bits = 0;
      size_t bytes = std::min<size_t>(sizeof(bits), ElementTypeByteSize(slot_types_[s]));
      std::memcpy(&bits, init_.data() + s * kSlotBytes, bytes);
      d.constants.emplace_back(s, bits);
    }
    for (const auto* code : {&cond_, &body_}) {
      std::vector<ScalarLoopInstr>& out = code == &cond_ ? d.cond : d.body;
      for (const ScalarInstr& i : *code) {
        ScalarLoopInstr j;
        j.op = i.op;
        j.ew = &i.ew;
        j.out = i.out;
        j.access = i.code == Code::kLoadElem    ? ScalarLoopInstr::Access::kLoad
                   : i.code == Code::kStoreElem ? ScalarLoopInstr::Access::kStore
                                                : ScalarLoopInstr::Access::kNone;
        j.length = i.length;
        j.index_type = i.index_type;
        std::copy(std::begin(i.in), std::end(i.in), std::begin(j.in));
        j.num_in = i.num_in;
        out.push_back(j);
      }
    }
    d.cond_slot = cond_slot_;
    d.result_slots = result_slots_;
    return d;
  }

  bool Init(const compiler::Module& m, const Op& op) {
    if (op.regions.size() != 2) return false;
    module_ = &m;
    init_.assign(kMaxSlots * kSlotBytes, 0);
    const Region& cond = *op.regions[0];
    const Region& body = *op.regions[1];
    if (cond.args.size() != op.operands.size() || body.args.size() != op.operands.size() ||
        body.results.size() != op.operands.size() || cond.results.size() != 1)
      return false;
    operands_ = op.operands;
    for (size_t k = 0; k < op.operands.size(); ++k) {
      int s = NewSlot(cond.args[k]);
      if (s < 0) return false;
      slot_of_[body.args[k]] = s;
      carry_slots_.push_back(static_cast<uint16_t>(s));
      results_.push_back(op.results[k]);
      if (IsScalar(m, op.operands[k])) {
        loads_.push_back({op.operands[k], s, ElementTypeByteSize(m.type(op.operands[k]).element)});
        result_bytes_.push_back(ElementTypeByteSize(m.type(op.results[k]).element));
        continue;
      }
      // An array: at most one dim longer than 1, elements of at most 8 bytes.
      const compiler::Type& t = m.type(op.operands[k]);
      if (!t.is_tensor() || t.rank() == 0 || arrays_.size() == kMaxArrays) return false;
      ArrayCarry a;
      a.carry = k;
      a.slot = s;
      a.length = t.element_count();
      a.bytes = ElementTypeByteSize(t.element);
      if (a.length < 1 || a.bytes == 0 || a.bytes > 8) return false;
      int long_dims = 0;
      for (size_t d = 0; d < t.dims.size(); ++d)
        if (t.dims[d] > 1) {
          a.dim = static_cast<int>(d);
          ++long_dims;
        }
      if (long_dims > 1) return false;
      slot_types_[static_cast<size_t>(s)] = ElementType::kU64;  // the slot holds a pointer
      arrays_.push_back(a);
      loads_.push_back({op.operands[k], s, 0});  // the pointer is bound per run
      result_bytes_.push_back(0);
    }
    for (ArrayCarry& a : arrays_) a.current = cond.args[a.carry];
    in_cond_ = true;
    const bool cond_ok = Flatten(m, cond, &cond_);
    in_cond_ = false;
    if (!cond_ok) return false;
    for (ArrayCarry& a : arrays_) a.current = body.args[a.carry];
    int c = Operand(m, cond.results[0]);
    if (c < 0 || m.type(cond.results[0]).element != ElementType::kPred) return false;
    cond_slot_ = static_cast<uint16_t>(c);
    if (!Flatten(m, body, &body_)) return false;
    for (size_t k = 0; k < body.results.size(); ++k) {
      const ValueId v = body.results[k];
      int s = Slot(v);
      if (ArrayCarry* a = s >= 0 ? ArrayOf(s) : nullptr) {
        // An array carry's result is its own latest value (no other array's, no copy).
        if (a->carry != k || a->current != v) return false;
      } else if (ArrayOf(carry_slots_[k]) != nullptr || (s = Operand(m, v)) < 0) {
        return false;
      }
      result_slots_.push_back(static_cast<uint16_t>(s));
    }
    direct_update_ = true;
    for (size_t k = 0; k < result_slots_.size(); ++k) {
      if (result_slots_[k] == carry_slots_[k]) continue;
      for (uint16_t c : carry_slots_) direct_update_ = direct_update_ && result_slots_[k] != c;
      updates_.emplace_back(carry_slots_[k], result_slots_[k]);
    }
    return true;
  }

  std::vector<ScalarInstr> cond_, body_;
  std::vector<uint16_t> carry_slots_, result_slots_;
  std::vector<std::pair<uint16_t, uint16_t>> updates_;  // (carry, result) slots that differ
  bool direct_update_ = false;
  std::vector<ValueId> operands_, results_;
  std::vector<size_t> result_bytes_;  // 0 for array carries (updated in place)
  uint16_t cond_slot_ = 0;
  std::unique_ptr<ScalarLoopJit> jit_;  // null: interpret
};

// A fusion of scalars (loop counters, bounds, conditions): its region runs as slot-to-slot
// instructions on a register file on the stack, without the tiled elementwise program.
class ScalarFusionKernel final : public Kernel, ScalarCode {
 public:
  Status Run(Frame& f, uint8_t*) const override {
    alignas(16) uint8_t file[kMaxSlots * kSlotBytes];
    std::memcpy(file, init_.data(), static_cast<size_t>(next_slot_) * kSlotBytes);
    for (const auto& [v, slot, bytes] : loads_) std::memcpy(file + slot * kSlotBytes, f.Get(v), bytes);
    Exec(code_, file);
    for (size_t k = 0; k < results_.size(); ++k)
      std::memcpy(f.Get(results_[k]), file + result_slots_[k] * kSlotBytes, result_bytes_[k]);
    return Status::Ok();
  }

  // Every value it reads is a load (operands and captured scalars alike).
  const std::vector<ValueId>* ReadValues() const override { return &reads_; }

  static std::unique_ptr<ScalarFusionKernel> Build(const compiler::Module& m, const Op& op) {
    auto k = std::unique_ptr<ScalarFusionKernel>(new ScalarFusionKernel());
    return k->Init(m, op) ? std::move(k) : nullptr;
  }

 private:
  bool Init(const compiler::Module& m, const Op& op) {
    if (op.regions.size() != 1 || op.results.empty()) return false;
    const Region& r = *op.regions[0];
    if (r.args.size() != op.operands.size() || r.results.size() != op.results.size()) return false;
    module_ = &m;
    init_.assign(kMaxSlots * kSlotBytes, 0);
    for (ValueId v : op.results)
      if (!IsScalar(m, v)) return false;
    for (size_t k = 0; k < op.operands.size(); ++k) {
      const int s = Operand(m, op.operands[k]);
      if (s < 0) return false;
      slot_of_[r.args[k]] = s;
    }
    in_fusion_ = true;
    if (!Flatten(m, r, &code_)) return false;
    for (size_t k = 0; k < r.results.size(); ++k) {
      const int s = Operand(m, r.results[k]);
      if (s < 0) return false;
      result_slots_.push_back(static_cast<uint16_t>(s));
      results_.push_back(op.results[k]);
      result_bytes_.push_back(ElementTypeByteSize(m.type(op.results[k]).element));
    }
    for (const Load& l : loads_) reads_.push_back(l.v);
    return true;
  }

  std::vector<ScalarInstr> code_;
  std::vector<ValueId> reads_;
  std::vector<uint16_t> result_slots_;
  std::vector<ValueId> results_;
  std::vector<size_t> result_bytes_;
};

void ScalarCode::Exec(const std::vector<ScalarInstr>& code, uint8_t* file) {
  for (const ScalarInstr& i : code) {
    switch (i.code) {
#define JAXLIB_BIN(C, T, expr)              \
  case Code::C: {                           \
    T a = At<T>(file, i.in[0]);             \
    T b = At<T>(file, i.in[1]);             \
    At<decltype(expr)>(file, i.out) = expr; \
    break;                                  \
  }
      JAXLIB_BIN(kAddI32, uint32_t, static_cast<uint32_t>(a + b))
      JAXLIB_BIN(kSubI32, uint32_t, static_cast<uint32_t>(a - b))
      JAXLIB_BIN(kMulI32, uint32_t, static_cast<uint32_t>(a * b))
      JAXLIB_BIN(kAddI64, uint64_t, static_cast<uint64_t>(a + b))
      JAXLIB_BIN(kSubI64, uint64_t, static_cast<uint64_t>(a - b))
      JAXLIB_BIN(kMulI64, uint64_t, static_cast<uint64_t>(a * b))
      JAXLIB_BIN(kAddF32, float, a + b)
      JAXLIB_BIN(kSubF32, float, a - b)
      JAXLIB_BIN(kMulF32, float, a * b)
      JAXLIB_BIN(kDivF32, float, a / b)
      JAXLIB_BIN(kAddF64, double, a + b)
      JAXLIB_BIN(kSubF64, double, a - b)
      JAXLIB_BIN(kMulF64, double, a * b)
      JAXLIB_BIN(kDivF64, double, a / b)
      JAXLIB_BIN(kLtI32, int32_t, static_cast<bool>(a < b))
      JAXLIB_BIN(kLeI32, int32_t, static_cast<bool>(a <= b))
      JAXLIB_BIN(kGtI32, int32_t, static_cast<bool>(a > b))
      JAXLIB_BIN(kGeI32, int32_t, static_cast<bool>(a >= b))
      JAXLIB_BIN(kEqI32, int32_t, static_cast<bool>(a == b))
      JAXLIB_BIN(kNeI32, int32_t, static_cast<bool>(a != b))
      JAXLIB_BIN(kLtI64, int64_t, static_cast<bool>(a < b))
      JAXLIB_BIN(kLeI64, int64_t, static_cast<bool>(a <= b))
      JAXLIB_BIN(kGtI64, int64_t, static_cast<bool>(a > b))
      JAXLIB_BIN(kGeI64, int64_t, static_cast<bool>(a >= b))
      JAXLIB_BIN(kEqI64, int64_t, static_cast<bool>(a == b))
      JAXLIB_BIN(kNeI64, int64_t, static_cast<bool>(a != b))
      JAXLIB_BIN(kLtF32, float, static_cast<bool>(a < b))
      JAXLIB_BIN(kLeF32, float, static_cast<bool>(a <= b))
      JAXLIB_BIN(kGtF32, float, static_cast<bool>(a > b))
      JAXLIB_BIN(kGeF32, float, static_cast<bool>(a >= b))
      JAXLIB_BIN(kEqF32, float, static_cast<bool>(a == b))
      JAXLIB_BIN(kNeF32, float, static_cast<bool>(a != b))
      JAXLIB_BIN(kAndI8, uint8_t, static_cast<uint8_t>(a & b))
      JAXLIB_BIN(kOrI8, uint8_t, static_cast<uint8_t>(a | b))
      JAXLIB_BIN(kXorI8, uint8_t, static_cast<uint8_t>(a ^ b))
      JAXLIB_BIN(kAndI32, uint32_t, static_cast<uint32_t>(a & b))
      JAXLIB_BIN(kOrI32, uint32_t, static_cast<uint32_t>(a | b))
      JAXLIB_BIN(kXorI32, uint32_t, static_cast<uint32_t>(a ^ b))
      JAXLIB_BIN(kMaxI32, int32_t, static_cast<int32_t>(a > b ? a : b))
      JAXLIB_BIN(kMinI32, int32_t, static_cast<int32_t>(a < b ? a : b))
      JAXLIB_BIN(kMaxI64, int64_t, static_cast<int64_t>(a > b ? a : b))
      JAXLIB_BIN(kMinI64, int64_t, static_cast<int64_t>(a < b ? a : b))
#undef JAXLIB_BIN
      case Code::kSelect:
        std::memcpy(file + i.out * kSlotBytes, file + (At<bool>(file, i.in[0]) ? i.in[1] : i.in[2]) * kSlotBytes,
                    i.bytes);
        break;
      case Code::kCvtI32F32: At<float>(file, i.out) = static_cast<float>(At<int32_t>(file, i.in[0])); break;
      case Code::kLoadElem: {
        const uint8_t* base = At<uint8_t*>(file, i.in[0]);
        const int64_t k = ClampedIndex(file + i.in[1] * kSlotBytes, i.index_type, i.length);
        std::memcpy(file + i.out * kSlotBytes, base + k * i.bytes, i.bytes);
        break;
      }
      case Code::kStoreElem: {
        uint8_t* base = At<uint8_t*>(file, i.in[0]);
        const int64_t k = ClampedIndex(file + i.in[2] * kSlotBytes, i.index_type, i.length);
        std::memcpy(base + k * i.bytes, file + i.in[1] * kSlotBytes, i.bytes);
        break;
      }
      case Code::kCopy: std::memcpy(file + i.out * kSlotBytes, file + i.in[0] * kSlotBytes, i.bytes); break;
      case Code::kCall: {
        const void* in[3] = {file + i.in[0] * kSlotBytes, file + i.in[1] * kSlotBytes, file + i.in[2] * kSlotBytes};
        i.ew.fn(file + i.out * kSlotBytes, in, 1, i.ew);
        break;
      }
    }
  }
}

bool ScalarCode::Flatten(const compiler::Module& m, const Region& r, std::vector<ScalarInstr>* out) {
  for (const auto& opp : r.ops) {
    const Op& op = *opp;
    if ((op.kind == OpKind::kDynamicSlice || op.kind == OpKind::kDynamicUpdateSlice) && !op.operands.empty() &&
        Slot(op.operands[0]) >= 0 && ArrayOf(Slot(op.operands[0]))) {
      if (!FlattenElementAccess(m, op, out)) return false;
      continue;
    }
    for (ValueId v : op.results)
      if (!IsScalar(m, v)) return false;
    if (op.kind == OpKind::kConstant) {
      const compiler::Attribute* a = op.attr("value");
      if (!a || !a->dense) return false;
      int s = NewSlot(op.results[0]);
      if (s < 0) return false;
      constant_slots_.push_back(static_cast<uint16_t>(s));
      size_t es = ElementTypeByteSize(m.type(op.results[0]).element);
      std::memcpy(init_.data() + s * kSlotBytes, a->dense->bytes.data(), std::min(es, a->dense->bytes.size()));
      continue;
    }
    if (op.kind == OpKind::kFusion) {
      const Region& fr = *op.regions[0];
      if (fr.args.size() != op.operands.size() || fr.results.size() != op.results.size()) return false;
      for (size_t k = 0; k < fr.args.size(); ++k) {
        int s = Operand(m, op.operands[k]);
        if (s < 0) return false;
        slot_of_[fr.args[k]] = s;
      }
      in_fusion_ = true;
      bool ok = Flatten(m, fr, out);
      in_fusion_ = false;
      if (!ok) return false;
      for (size_t k = 0; k < fr.results.size(); ++k) {
        int s = Operand(m, fr.results[k]);
        if (s < 0) return false;
        slot_of_[op.results[k]] = s;
      }
      continue;
    }
    if (op.results.size() != 1 || op.operands.empty()) return false;
    // Scalar-to-scalar reshapes and broadcasts are the same element.
    if (op.kind == OpKind::kReshape || op.kind == OpKind::kBroadcastInDim || op.kind == OpKind::kBroadcast) {
      int s = Operand(m, op.operands[0]);
      if (s < 0 || m.type(op.operands[0]).element != m.type(op.results[0]).element) return false;
      slot_of_[op.results[0]] = s;
      continue;
    }
    if (!compiler::IsElementwise(op.kind) || op.operands.size() > 3) return false;
    ScalarInstr ins;
    ins.op = &op;
    ins.num_in = static_cast<uint8_t>(op.operands.size());
    for (size_t k = 0; k < op.operands.size(); ++k) {
      int s = Operand(m, op.operands[k]);
      if (s < 0) return false;
      ins.in[k] = static_cast<uint16_t>(s);
    }
    ins.code = FastCode(m, op);
    if (ins.code == Code::kSelect) ins.bytes = static_cast<uint8_t>(ElementTypeByteSize(m.type(op.results[0]).element));
    std::string err;
    ins.ew.fn = SelectElementwiseKernel(m, op, &err, &ins.ew.aux0, &ins.ew.aux1, /*fused_loop=*/in_fusion_);
    if (!ins.ew.fn) return false;
    // A kernel reads the slots it is given as whole operands; the generic ones index `in`.
    ins.ew.num_in = ins.num_in;
    int o = NewSlot(op.results[0]);
    if (o < 0) return false;
    ins.out = static_cast<uint16_t>(o);
    out->push_back(ins);
  }
  return true;
}

// One element of an array carry read (a dynamic_slice of one element) or written (a
// dynamic_update_slice of one element, whose result the array's slot then stands for: the
// update happens in place, so the array's earlier value must be dead: every access goes
// through its latest value, and the condition only reads).
bool ScalarCode::FlattenElementAccess(const compiler::Module& m, const Op& op, std::vector<ScalarInstr>* out) {
  const int slot = Slot(op.operands[0]);
  ArrayCarry& a = *ArrayOf(slot);
  const bool store = op.kind == OpKind::kDynamicUpdateSlice;
  if (op.operands[0] != a.current || op.results.size() != 1 || (store && in_cond_)) return false;
  const size_t first_index = store ? 2 : 1;
  const size_t rank = m.type(op.operands[0]).dims.size();
  if (op.operands.size() != first_index + rank) return false;
  ScalarInstr ins;
  ins.op = &op;
  ins.code = store ? Code::kStoreElem : Code::kLoadElem;
  ins.bytes = static_cast<uint8_t>(a.bytes);
  ins.length = a.length;
  const ValueId index = op.operands[first_index + static_cast<size_t>(a.dim)];
  ins.index_type = m.type(index).element;
  const int index_slot = Operand(m, index);
  if (index_slot < 0 || !IsInteger(ins.index_type)) return false;
  ins.in[0] = static_cast<uint16_t>(slot);
  if (store) {
    const ValueId update = op.operands[1];
    const int value = Operand(m, update);
    if (value < 0 || m.type(update).element_count() != 1 || m.type(update).element != m.type(op.operands[0]).element)
      return false;
    ins.in[1] = static_cast<uint16_t>(value);
    ins.in[2] = static_cast<uint16_t>(index_slot);
    ins.num_in = 3;
    ins.out = static_cast<uint16_t>(slot);
    slot_of_[op.results[0]] = slot;
    a.current = op.results[0];
    a.written = true;
  } else {
    if (m.type(op.results[0]).element_count() != 1) return false;
    ins.in[1] = static_cast<uint16_t>(index_slot);
    ins.num_in = 2;
    const int o = NewSlot(op.results[0]);
    if (o < 0) return false;
    ins.out = static_cast<uint16_t>(o);
  }
  out->push_back(ins);
  return true;
}

}  // namespace

// The scalar fast path of `op` (a while), or nullptr when it does not apply.
std::unique_ptr<Kernel> MakeScalarWhileKernel(const compiler::Module& m, const Op& op) {
  return ScalarWhileKernel::Build(m, op);
}

// The scalar fast path of `op` (a fusion whose values are all scalars), or nullptr.
std::unique_ptr<Kernel> MakeScalarFusionKernel(const compiler::Module& m, const Op& op) {
  return ScalarFusionKernel::Build(m, op);
}

}  // namespace jaxlib::cpu
