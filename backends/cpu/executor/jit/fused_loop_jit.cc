// The fused-loop JIT (fused_loop_jit.h). Interpreter register r lives in zmm r for the whole
// loop (so at most kMaxRegs of them); zmm24..31 are scratch for the multi-instruction ops.
// Stream inputs are loaded at the top of each iteration, scalars and constants are broadcast
// once before the loop, outputs are stored at the bottom. Each op's expansion mirrors its
// formula in vector_math.h step for step: same operations, same order, nothing fused.
#include "backends/cpu/executor/jit/fused_loop_jit.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string_view>
#include <utility>

#include "backends/cpu/executor/elementwise/math_coefficients.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"
#include "backends/cpu/executor/jit/x86_64_encoder.h"

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

[[maybe_unused]] bool EnvFlag(const char* name) {  // used only where the JIT exists
  const char* v = std::getenv(name);
  return v && *v && std::string_view(v) != "0";
}

#if defined(__x86_64__) && defined(__linux__)

using x86::Encoder;
using x86::Gpr;
using x86::KReg;
using x86::Kreg;
using x86::Mem;
using x86::VCmp;
using x86::VOp;
using x86::Zmm;
using x86::ZmmReg;

constexpr int kNumZmm = 32;
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

bool Supported(OpKind k) {
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
    case OpKind::kLogistic:
    case OpKind::kErf:
    case OpKind::kSqrt:
    case OpKind::kRsqrt:
    case OpKind::kCompare:
    case OpKind::kSelect:
      return true;
    default:
      return false;
  }
}

// One value in `u` vector copies (consecutive 16-element vectors of an iteration). A loop
// invariant has the same register in every copy.
struct Group {
  Zmm r[kMaxUnroll] = {};
};

// Emits the loop body: each step of an op once per copy, so the copies' dependency chains
// interleave (one chain alone would leave the core waiting on latency). Registers come from one
// pool for values and scratch alike; constants sit in a pool read through kPool ({1to16}).
// Mask registers k1..k4 belong to copies 0..3.
class BodyEmitter {
 public:
  BodyEmitter(Encoder* e, std::vector<uint32_t>* pool, int unroll) : e_(*e), pool_(*pool), u_(unroll) {
    for (int z = kNumZmm - 1; z >= 0; --z) free_.push_back(ZmmReg(z));
  }
  bool failed() const { return failed_; }
  int unroll() const { return u_; }

  Mem C(float v) { return CBits(Bits(v)); }
  Mem CBits(uint32_t bits) {
    auto it = slot_.find(bits);
    if (it == slot_.end()) {
      it = slot_.emplace(bits, static_cast<int32_t>(pool_.size() * 4)).first;
      pool_.push_back(bits);
    }
    return Mem{kPool, it->second};
  }

  Zmm One() {
    if (free_.empty()) {
      failed_ = true;
      return ZmmReg(0);
    }
    Zmm z = free_.back();
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
  Group Pinned(Zmm z) {
    Group g;
    for (int c = 0; c < u_; ++c) g.r[c] = z;
    return g;
  }

  void Load(const Group& g, Gpr base) {
    for (int c = 0; c < u_; ++c) e_.VmovupsRM(g.r[c], Mem{base, 64 * c});
  }
  void Store(Gpr base, const Group& g, bool streaming) {
    for (int c = 0; c < u_; ++c) {
      if (streaming) e_.VmovntpsMR(Mem{base, 64 * c}, g.r[c]);
      else e_.VmovupsMR(Mem{base, 64 * c}, g.r[c]);
    }
  }

  // A compare's result as lanes of all ones or zeros (VCMPPS predicate `p`).
  void Compare(const Group& out, const Group& a, const Group& b, int p) {
    Cmp(a, b, static_cast<VCmp>(p));
    for (int c = 0; c < u_; ++c) e_.Vpmovm2dRK(out.r[c], K(c));
  }
  // out = pred ? on_true : on_false, with pred's lanes zero (false) or not (true).
  void Select(const Group& out, const Group& pred, const Group& on_true, const Group& on_false) {
    for (int c = 0; c < u_; ++c) e_.VptestmdRR(K(c), pred.r[c], pred.r[c]);
    Blend(out, on_false, on_true);
  }
  // An i1 array's next 16 * u bytes as 0/1 lanes.
  void LoadPred(const Group& g, Gpr base) {
    for (int c = 0; c < u_; ++c) e_.VpmovzxbdRM(g.r[c], Mem{base, 16 * c});
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
      case OpKind::kLogistic: Logistic(out, a); return true;
      case OpKind::kSqrt:
        for (int c = 0; c < u_; ++c) e_.VsqrtpsRR(out.r[c], a.r[c]);
        return true;
      case OpKind::kRsqrt: Rsqrt(out, a); return true;
      default: return false;
    }
  }

 private:
  static Kreg K(int copy) { return KReg(1 + copy); }

  // ---- one step over every copy
  void V(VOp op, const Group& d, const Group& a, const Group& b) {
    for (int c = 0; c < u_; ++c) e_.VOpRRR(op, d.r[c], a.r[c], b.r[c]);
  }
  void V(VOp op, const Group& d, const Group& a, Mem m) {
    for (int c = 0; c < u_; ++c) e_.VOpRRM(op, d.r[c], a.r[c], m, true);
  }
  void Cmp(const Group& a, const Group& b, VCmp p) {
    for (int c = 0; c < u_; ++c) e_.VcmppsRR(K(c), a.r[c], b.r[c], p);
  }
  void Cmp(const Group& a, Mem m, VCmp p) {
    for (int c = 0; c < u_; ++c) e_.VcmppsRM(K(c), a.r[c], m, p);
  }
  // d = mask ? b : a
  void Blend(const Group& d, const Group& a, const Group& b) {
    for (int c = 0; c < u_; ++c) e_.VblendmpsRRR(d.r[c], K(c), a.r[c], b.r[c]);
  }
  // d = mask ? s : d
  void MoveMasked(const Group& d, const Group& s) {
    for (int c = 0; c < u_; ++c) e_.VmovapsRR(d.r[c], s.r[c], K(c));
  }

  // vector_math.h Flush: lanes whose exponent field is zero keep only their sign.
  void Flush(const Group& d, const Group& x) {
    for (int c = 0; c < u_; ++c) e_.VmovapsRR(d.r[c], x.r[c]);
    for (int c = 0; c < u_; ++c) e_.VptestnmdRM(K(c), x.r[c], CBits(0x7f800000u));
    for (int c = 0; c < u_; ++c) e_.VOpRRM(VOp::kAndD, d.r[c], x.r[c], CBits(0x80000000u), true, K(c));
  }

  // Lanes where x is NaN take x.
  void KeepNan(const Group& out, const Group& x) {
    Cmp(x, x, VCmp::kUnordQ);
    MoveMasked(out, x);
  }

  // vector_math.h NanMax / NanMin.
  void NanMaxMin(const Group& out, const Group& a, const Group& b, bool max) {
    Group fa = Alloc(), fb = Alloc(), t = Alloc();
    Flush(fa, a);
    Flush(fb, b);
    Cmp(fa, fb, max ? VCmp::kGtOs : VCmp::kLtOs);
    Blend(out, fb, fa);  // a > b (a < b) ? a : b
    Cmp(fa, fb, VCmp::kEqOq);
    V(max ? VOp::kAndD : VOp::kOrD, t, fa, fb);
    MoveMasked(out, t);  // equal: a & b (a | b), which orders -0 and +0
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
    Cmp(c, C(kTanhTiny), VCmp::kLtOs);
    MoveMasked(out, x);  // tiny |x|: tanh x = x
    KeepNan(out, x);
    Free(q);
    Free(x2);
    Free(c);
  }

  void Erf(const Group& out, const Group& x) {
    Group c = Alloc(), x2 = Alloc(), b = Alloc();
    ClampSymmetric(c, x, kErfClamp);
    V(VOp::kMulPs, x2, c, c);
    Horner(out, x2, kErfP);
    Horner(b, x2, kErfQ);
    V(VOp::kMulPs, out, c, out);
    V(VOp::kDivPs, out, out, b);
    KeepNan(out, x);
    Free(b);
    Free(x2);
    Free(c);
  }

  // vector_math.h Exp: clamp keeping NaN, x = n ln2 + r, polynomial, scale by 2^n in two steps.
  void Exp(const Group& out, const Group& x) {
    Group xc = Alloc(), n = Alloc(), r = Alloc(), p = Alloc();
    // ClampKeepNan: x < lo ? lo : x is VMAXPS(lo, x), then y > hi ? hi : y is VMINPS(hi, y);
    // with the bound first, a NaN x is what comes out.
    for (int c = 0; c < u_; ++c) e_.VbroadcastssRM(xc.r[c], C(kExpLo));
    V(VOp::kMaxPs, xc, xc, x);
    for (int c = 0; c < u_; ++c) e_.VbroadcastssRM(n.r[c], C(kExpHi));
    V(VOp::kMinPs, xc, n, xc);
    V(VOp::kMulPs, n, xc, C(kLog2e));
    // RoundNearest adds and removes 1.5 * 2^23; VRNDSCALEPS gives the same integer (|n| <= 151),
    // except that it keeps the sign of a zero, which the rest cannot tell apart: n only scales
    // ln2 terms subtracted from xc and the final power of two.
    for (int c = 0; c < u_; ++c) e_.VrndscalepsRR(n.r[c], n.r[c], 0);
    V(VOp::kMulPs, p, n, C(kLn2Hi));
    V(VOp::kSubPs, r, xc, p);
    V(VOp::kMulPs, p, n, C(kLn2Lo));
    V(VOp::kSubPs, r, r, p);
    Horner(p, r, kExpPoly);
    V(VOp::kMulPs, xc, r, r);
    V(VOp::kMulPs, xc, xc, p);
    V(VOp::kAddPs, xc, xc, r);
    V(VOp::kAddPs, xc, xc, C(1.0f));
    // vector_math.h Scale2 multiplies by 2^n as two exact powers of two, so the only rounding
    // is the flush of a tiny result to zero (FTZ); VSCALEFPS scales by 2^n in one step with the
    // same flush (tests/integration/test_fused_loop_jit.py compares both over every f32 near the
    // underflow and overflow edges).
    for (int c = 0; c < u_; ++c) e_.VscalefpsRRR(out.r[c], xc.r[c], n.r[c]);
    Free(p);
    Free(r);
    Free(n);
    Free(xc);
  }

  // elementwise_kernels.cc RsqrtF: 1 / sqrt(x), both correctly rounded (a denormal x reads as
  // a zero of its sign, as the interpreter flushes it).
  void Rsqrt(const Group& out, const Group& x) {
    Group root = Alloc();
    for (int c = 0; c < u_; ++c) e_.VsqrtpsRR(root.r[c], x.r[c]);
    for (int c = 0; c < u_; ++c) e_.VbroadcastssRM(out.r[c], C(1.0f));
    V(VOp::kDivPs, out, out, root);
    Free(root);
  }

  void Logistic(const Group& out, const Group& x) {
    Group neg = Alloc(), e = Alloc();
    V(VOp::kXorD, neg, x, CBits(0x80000000u));
    Exp(e, neg);
    V(VOp::kAddPs, e, e, C(1.0f));
    for (int c = 0; c < u_; ++c) e_.VbroadcastssRM(neg.r[c], C(1.0f));
    V(VOp::kDivPs, out, neg, e);
    Free(e);
    Free(neg);
  }

  Encoder& e_;
  std::vector<uint32_t>& pool_;
  std::map<uint32_t, int32_t> slot_;
  std::vector<Zmm> free_;
  int u_;
  bool failed_ = false;
};

// Checks `d` and generates its loop over `unroll` vectors per iteration; the reason in `*why`
// when it cannot.
bool Generate(const FusedLoopDesc& d, int unroll, bool streaming, std::vector<uint32_t>* pool,
              std::vector<uint8_t>* code, std::string* why) {
  using Mode = FusedLoopDesc::Input::Mode;
  for (const FusedLoopDesc::Instr& ins : d.instrs) {
    if (!Supported(ins.kind)) {
      *why = std::string("no native form of ") + std::string(compiler::OpName(ins.kind));
      return false;
    }
  }
  size_t streams = d.outputs.size();
  for (const FusedLoopDesc::Input& in : d.inputs) {
    streams += in.mode == Mode::kStream;
    if (in.pred && in.mode != Mode::kStream) {
      *why = "a broadcast predicate scalar";
      return false;
    }
  }
  if (streams > std::size(kStreamGprs)) {
    *why = std::to_string(streams) + " streamed arrays (at most " + std::to_string(std::size(kStreamGprs)) + ")";
    return false;
  }

  // Values: inputs first (value k = input k), then one per instruction result. The register
  // program reuses registers, so each register read names the value last written to it.
  const size_t ni = d.inputs.size(), nv = ni + d.instrs.size();
  auto bad_reg = [&](int r) { return r < 0 || r >= d.num_regs; };
  for (const FusedLoopDesc::Input& in : d.inputs)
    if (bad_reg(in.reg)) return *why = "input register out of range", false;
  for (const FusedLoopDesc::Instr& ins : d.instrs) {
    const int arity = ins.kind == OpKind::kSelect ? 3 : ins.kind == OpKind::kCompare ? 2 : 0;
    if (ins.num_in < 1 || ins.num_in > 3 || (arity && ins.num_in != arity) || (!arity && ins.num_in > 2) ||
        bad_reg(ins.out) || (ins.kind == OpKind::kCompare && ins.compare < 0))
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
  // Predicates exist only between a compare and the selects reading them.
  std::vector<bool> is_pred(nv, false);
  for (size_t k = 0; k < ni; ++k) is_pred[k] = d.inputs[k].pred;
  for (size_t i = 0; i < d.instrs.size(); ++i) {
    const FusedLoopDesc::Instr& ins = d.instrs[i];
    is_pred[ni + i] = ins.kind == OpKind::kCompare;
    for (int k = 0; k < ins.num_in; ++k) {
      const bool want_pred = ins.kind == OpKind::kSelect && k == 0;
      if (is_pred[static_cast<size_t>(operand_values[i][static_cast<size_t>(k)])] != want_pred) {
        *why = want_pred ? "a select whose predicate is not a compare in the loop" : "a predicate used as a number";
        return false;
      }
    }
  }
  std::vector<std::vector<size_t>> stores_of(nv);  // outputs each value provides
  for (size_t j = 0; j < d.outputs.size(); ++j) {
    const int v = reg_value[static_cast<size_t>(d.outputs[j])];
    if (v < 0) {
      *why = "output register never written";
      return false;
    }
    if (is_pred[static_cast<size_t>(v)]) {
      *why = "a predicate output";
      return false;
    }
    stores_of[static_cast<size_t>(v)].push_back(j);
  }

  Encoder e;
  BodyEmitter body(&e, pool, unroll);
  for (Gpr r : kCalleeSaved) e.Push(r);
  e.MovRR(kPtrTable, Gpr::kRdi, true);
  e.MovRR(kPool, Gpr::kRdx, true);
  std::vector<Group> where(nv);
  std::vector<bool> ready(nv, false), pinned(nv, false);
  // Loop invariants first, while rax is still free to hold a scalar's address.
  for (size_t k = 0; k < ni; ++k) {
    const FusedLoopDesc::Input& in = d.inputs[k];
    if (in.mode == Mode::kStream || (last_use[k] < 0 && stores_of[k].empty())) continue;
    Zmm z = body.One();
    if (in.mode == Mode::kScalar) {
      e.MovRM(Gpr::kRax, Mem{kPtrTable, static_cast<int32_t>(8 * k)}, true);
      e.VbroadcastssRM(z, Mem{Gpr::kRax, 0});
    } else {
      e.VbroadcastssRM(z, body.CBits(in.constant_bits));
    }
    where[k] = body.Pinned(z);
    ready[k] = pinned[k] = true;
  }
  std::vector<Gpr> input_gpr(ni, Gpr::kRax), output_gpr(d.outputs.size(), Gpr::kRax);
  struct Advance {
    Gpr gpr;
    int32_t bytes;  // per iteration
  };
  std::vector<Advance> streamed;
  size_t next_gpr = 0;
  for (size_t k = 0; k < ni; ++k) {
    if (d.inputs[k].mode != Mode::kStream) continue;
    input_gpr[k] = kStreamGprs[next_gpr++];
    e.MovRM(input_gpr[k], Mem{kPtrTable, static_cast<int32_t>(8 * k)}, true);
    streamed.push_back({input_gpr[k], (d.inputs[k].pred ? 16 : 64) * unroll});
  }
  for (size_t j = 0; j < d.outputs.size(); ++j) {
    output_gpr[j] = kStreamGprs[next_gpr++];
    e.MovRM(output_gpr[j], Mem{kPtrTable, static_cast<int32_t>(8 * (ni + j))}, true);
    streamed.push_back({output_gpr[j], 64 * unroll});
  }
  const int loop = e.NewLabel(), done = e.NewLabel();
  e.TestRR(kCount, kCount, true);
  e.Jcc(x86::Cond::kE, done);
  e.Bind(loop);

  auto store = [&](size_t v) {
    for (size_t j : stores_of[v]) body.Store(output_gpr[j], where[v], streaming);
  };
  auto release = [&](size_t v, int at) {
    if (!pinned[v] && ready[v] && last_use[v] <= at) {
      body.Free(where[v]);
      ready[v] = false;
    }
  };
  // Stream inputs are loaded at their first use (or at once when only stored).
  auto ensure = [&](size_t v) {
    if (ready[v]) return;
    where[v] = body.Alloc();
    if (d.inputs[v].pred) body.LoadPred(where[v], input_gpr[v]);
    else body.Load(where[v], input_gpr[v]);
    ready[v] = true;
    store(v);
  };
  for (size_t v = 0; v < ni; ++v) {
    if (pinned[v]) store(v);
    else if (last_use[v] < 0 && !stores_of[v].empty()) {
      ensure(v);
      release(v, -1);
    }
  }
  for (size_t i = 0; i < d.instrs.size(); ++i) {
    const FusedLoopDesc::Instr& ins = d.instrs[i];
    for (int k = 0; k < ins.num_in; ++k) ensure(static_cast<size_t>(operand_values[i][static_cast<size_t>(k)]));
    const size_t out = ni + i;
    where[out] = body.Alloc();
    ready[out] = true;
    const Group& a = where[static_cast<size_t>(operand_values[i][0])];
    const Group& b = ins.num_in > 1 ? where[static_cast<size_t>(operand_values[i][1])] : a;
    if (ins.kind == OpKind::kCompare) body.Compare(where[out], a, b, ins.compare);
    else if (ins.kind == OpKind::kSelect) body.Select(where[out], a, b, where[static_cast<size_t>(operand_values[i][2])]);
    else body.Op(ins.kind, where[out], a, b);
    store(out);
    for (int k = 0; k < ins.num_in; ++k) release(static_cast<size_t>(operand_values[i][static_cast<size_t>(k)]), static_cast<int>(i));
    release(out, static_cast<int>(i));
    if (body.failed()) {
      *why = "more live values than registers at " + std::to_string(unroll) + " vectors per iteration";
      return false;
    }
  }
  for (const Advance& a : streamed) e.AddRI(a.gpr, a.bytes);
  e.SubRI(kCount, 1);
  e.Jcc(x86::Cond::kNe, loop);
  e.Bind(done);
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
  std::fprintf(stderr, "jaxlib-cpu fused-loop jit: %zu ops, %zu inputs, %zu outputs: %s\n", d.instrs.size(),
               d.inputs.size(), d.outputs.size(), what.c_str());
}

#endif  // x86-64 Linux

}  // namespace

bool FusedLoopJit::Available() {
#if defined(__x86_64__) && defined(__linux__)
  static const bool available = !EnvFlag("JAXLIB_CPU_DISABLE_JIT") && DetectedVectorIsa() == VectorIsa::kAvx512;
  return available;
#else
  return false;
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
    *why_not = EnvFlag("JAXLIB_CPU_DISABLE_JIT") ? "JAXLIB_CPU_DISABLE_JIT is set" : "no AVX-512";
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  std::unique_ptr<FusedLoopJit> jit(new FusedLoopJit());
  std::vector<uint8_t> plain, streaming;
  std::vector<uint32_t> pool_streaming;
  bool ok = false;
  for (int unroll = kMaxUnroll; unroll >= 1 && !ok; unroll /= 2) {
    jit->pool_.clear();
    pool_streaming.clear();
    ok = Generate(d, unroll, false, &jit->pool_, &plain, why_not) &&
         Generate(d, unroll, true, &pool_streaming, &streaming, why_not);
    jit->unroll_ = unroll;
  }
  if (!ok) {
    Trace(d, "interpreted: " + *why_not);
    return nullptr;
  }
  // Both variants lay out the same constants in the same order: one pool serves both.
  if (pool_streaming != jit->pool_) {
    *why_not = "constant pools differ";
    return nullptr;
  }
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
  Trace(d, "native, " + std::to_string(jit->unroll_) + " vectors per iteration, " + std::to_string(plain.size()) + " bytes");
  return jit;
#else
  *why_not = "no JIT for this platform";
  return nullptr;
#endif
}

void FusedLoopJit::Run(const void* const* ptrs, int64_t iterations, bool stream_outputs) const {
  using Fn = void (*)(const void* const*, int64_t, const uint32_t*);
  auto* base = static_cast<uint8_t*>(const_cast<void*>(code_->exec->entry()));
  reinterpret_cast<Fn>(base + (stream_outputs ? code_->streaming_offset : 0))(ptrs, iterations, pool_.data());
}

}  // namespace jaxlib::cpu
