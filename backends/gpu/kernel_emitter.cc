// CUDA C++ for the plan's kernels (kernel_emitter.h). Each kernel is a grid-stride loop over its
// work items; per-op scalar semantics live in the prelude (jx_add, jx_max, ...), so this file only
// decides names, types, indexing and which prelude function computes each instruction.
#include "backends/gpu/kernel_emitter.h"

#include "runtime/compiler/reduction_order.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <unordered_map>

namespace jaxlib::gpu {
namespace {

using compiler::FusedLoopInput;
using compiler::FusedLoopProgram;
using compiler::Module;
using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

// Storage (and value) type of an element in generated code; "" when unsupported.
const char* CType(ElementType t) {
  switch (t) {
    case ElementType::kPred: return "bool";
    case ElementType::kS8: return "signed char";
    case ElementType::kS16: return "short";
    case ElementType::kS32: return "int";
    case ElementType::kS64: return "long long";
    case ElementType::kU8: return "unsigned char";
    case ElementType::kU16: return "unsigned short";
    case ElementType::kU32: return "unsigned int";
    case ElementType::kU64: return "unsigned long long";
    case ElementType::kF16: return "jx_f16";
    case ElementType::kBF16: return "jx_bf16";
    case ElementType::kF32: return "float";
    case ElementType::kF64: return "double";
    case ElementType::kC64: return "jx_c64";
    case ElementType::kC128: return "jx_c128";
    default: return "";
  }
}

// An opaque element of the same size, for ops that only move bytes (any element type).
const char* BytesType(size_t es) {
  switch (es) {
    case 1: return "unsigned char";
    case 2: return "unsigned short";
    case 4: return "unsigned int";
    case 8: return "unsigned long long";
    case 16: return "jx_b16";
    default: return "";
  }
}

bool IsIntT(ElementType t) {
  switch (t) {
    case ElementType::kS8: case ElementType::kS16: case ElementType::kS32: case ElementType::kS64:
    case ElementType::kU8: case ElementType::kU16: case ElementType::kU32: case ElementType::kU64: return true;
    default: return false;
  }
}
bool IsHalfT(ElementType t) { return t == ElementType::kF16 || t == ElementType::kBF16; }
bool IsFloatT(ElementType t) { return IsHalfT(t) || t == ElementType::kF32 || t == ElementType::kF64; }
bool IsComplexT(ElementType t) { return t == ElementType::kC64 || t == ElementType::kC128; }
ElementType PartOf(ElementType t) { return t == ElementType::kC64 ? ElementType::kF32 : ElementType::kF64; }

std::string Str(int64_t v) { return std::to_string(v); }
std::string LL(int64_t v) { return "(" + std::to_string(v) + "ll)"; }

// A literal of `t` from one element's little-endian bytes.
std::string Literal(ElementType t, const uint8_t* b) {
  char buf[64];
  switch (t) {
    case ElementType::kPred: return b[0] ? "true" : "false";
    case ElementType::kF16: case ElementType::kBF16: {
      uint16_t u;
      std::memcpy(&u, b, 2);
      std::snprintf(buf, sizeof(buf), "%s{(unsigned short)0x%04x}", CType(t), u);
      return buf;
    }
    case ElementType::kF32: {
      uint32_t u;
      std::memcpy(&u, b, 4);
      std::snprintf(buf, sizeof(buf), "jx_ffrom(0x%08xu)", u);
      return buf;
    }
    case ElementType::kF64: {
      uint64_t u;
      std::memcpy(&u, b, 8);
      std::snprintf(buf, sizeof(buf), "jx_dfrom(0x%016" PRIx64 "ull)", u);
      return buf;
    }
    case ElementType::kC64:
    case ElementType::kC128: {
      const ElementType part = PartOf(t);
      const size_t half = ElementTypeByteSize(part);
      return std::string(CType(t)) + "{" + Literal(part, b) + ", " + Literal(part, b + half) + "}";
    }
    default: {
      const size_t es = ElementTypeByteSize(t);
      uint64_t u = 0;
      std::memcpy(&u, b, es);
      std::snprintf(buf, sizeof(buf), "((%s)0x%" PRIx64 "ull)", CType(t), u);
      return buf;
    }
  }
}

// Converts expression `x` of type `from` to `to` (stablehlo.convert semantics, as the CPU has them).
std::string Convert(ElementType from, ElementType to, const std::string& x) {
  if (from == to) return x;
  if (IsComplexT(to)) {
    const char* p = CType(PartOf(to));
    if (IsComplexT(from)) return std::string(CType(to)) + "{(" + p + ")(" + x + ").re, (" + p + ")(" + x + ").im}";
    return std::string(CType(to)) + "{(" + p + ")(" + Convert(from, PartOf(to), x) + "), (" + p + ")0}";
  }
  if (IsComplexT(from)) {
    if (to == ElementType::kPred) return "((" + x + ").re != 0 || (" + x + ").im != 0)";
    return Convert(PartOf(from), to, "(" + x + ").re");
  }
  if (to == ElementType::kPred) {
    if (IsHalfT(from)) return "((" + x + ").bits & 0x7fff) != 0";
    return "(" + x + ") != 0";
  }
  std::string v = IsHalfT(from) ? "jx_up(" + x + ")" : x;  // a native value now
  if (to == ElementType::kF16) return "jx_to_f16((float)(" + v + "))";
  if (to == ElementType::kBF16) return "jx_to_bf16((float)(" + v + "))";
  if (IsIntT(to) && IsFloatT(from)) return "jx_f2i<" + std::string(CType(to)) + ">((double)(" + v + "))";
  if (from == ElementType::kPred) return "(" + std::string(CType(to)) + ")((" + v + ") ? 1 : 0)";
  return "(" + std::string(CType(to)) + ")(" + v + ")";
}

// Grid-stride loop header over `n` work items (index `i`).
std::string LoopHead(const std::string& name) {
  return "extern \"C\" __global__ void " + name + "(jx_params a) {\n  const long long n = a.i[0];\n"
         "  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x) {\n";
}
std::string LoopTail(const std::string& name) { return "  }\n}\nJX_HOST_ENTRY(" + name + ")\n"; }

std::string Ptr(const char* ctype, size_t slot, bool is_const = true) {
  return std::string("((") + (is_const ? "const " : "") + ctype + "*)a.p[" + std::to_string(slot) + "])";
}

std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> s(dims.size(), 1);
  for (int k = static_cast<int>(dims.size()) - 2; k >= 0; --k) s[static_cast<size_t>(k)] = s[static_cast<size_t>(k) + 1] * dims[static_cast<size_t>(k) + 1];
  return s;
}

// `long long c<k>` coordinates of linear index `idx` in `dims`.
std::string Coords(const std::vector<int64_t>& dims, const std::string& idx, const std::string& prefix = "c") {
  std::string s = "    long long " + prefix + "_rem = " + idx + ";\n";
  for (int k = static_cast<int>(dims.size()) - 1; k >= 0; --k) {
    const std::string d = LL(std::max<int64_t>(dims[static_cast<size_t>(k)], 1));
    s += "    const long long " + prefix + Str(k) + " = " + prefix + "_rem % " + d + "; " + prefix + "_rem /= " + d + ";\n";
  }
  s += "    (void)" + prefix + "_rem;\n";
  return s;
}

// The expression computing one elementwise instruction; UNIMPLEMENTED when unsupported.
StatusOr<std::string> InstrExpr(const Module& m, const Op& op, const std::vector<std::string>& in, bool fused_loop,
                                const FusedLoopProgram* prog, const int* in_regs) {
  const ElementType t = m.type(op.operands[0]).element;
  const ElementType r = m.type(op.results[0]).element;
  auto un = [&](const char* fn, bool floats_only = false) -> StatusOr<std::string> {
    if (floats_only && !IsFloatT(t)) return Unimplemented(std::string(fn) + " of " + std::string(ElementTypeMlirName(t)));
    return std::string(fn) + "(" + in[0] + ")";
  };
  auto bin = [&](const char* fn) -> StatusOr<std::string> { return std::string(fn) + "(" + in[0] + ", " + in[1] + ")"; };
  if (!*CType(t) || !*CType(r)) return Unimplemented("element type " + std::string(ElementTypeMlirName(IsFloatT(t) || IsIntT(t) || t == ElementType::kPred ? r : t)));
  const ElementType vt = op.kind == OpKind::kSelect || op.kind == OpKind::kClamp ? m.type(op.operands[1]).element : t;
  if (IsComplexT(vt) || IsComplexT(r)) {
    // Complex values: the field operations, parts, magnitude, equality and moves.
    switch (op.kind) {
      case OpKind::kAdd: return bin("jx_add");
      case OpKind::kSubtract: return bin("jx_sub");
      case OpKind::kMultiply: return bin("jx_mul");
      case OpKind::kDivide: return bin("jx_div");
      case OpKind::kNegate: return un("jx_neg");
      case OpKind::kSquare: return un("jx_square");
      case OpKind::kConj: return un("jx_conj");
      case OpKind::kAbs: return un("jx_cabs");
      case OpKind::kReal: return IsComplexT(t) ? "(" + in[0] + ").re" : Convert(t, r, in[0]);
      case OpKind::kImag: if (!IsComplexT(t)) break; return "(" + in[0] + ").im";
      case OpKind::kComplex: return std::string(CType(r)) + "{" + in[0] + ", " + in[1] + "}";
      case OpKind::kConvert: return Convert(t, r, in[0]);
      case OpKind::kSelect: return "(" + in[0] + ") ? (" + in[1] + ") : (" + in[2] + ")";
      case OpKind::kCompare: {
        const std::string dir = op.EnumAttr("comparison_direction");
        const std::string eq = "((" + in[0] + ").re == (" + in[1] + ").re && (" + in[0] + ").im == (" + in[1] + ").im)";
        if (dir == "EQ") return eq;
        if (dir == "NE") return "!" + eq;
        break;
      }
      default: break;
    }
    return Unimplemented(std::string(compiler::OpName(op.kind)) + " of " + std::string(ElementTypeMlirName(vt)) +
                         " has no generated kernel");
  }
  switch (op.kind) {
    case OpKind::kAdd: return bin("jx_add");
    case OpKind::kSubtract: return bin("jx_sub");
    case OpKind::kMultiply: return bin("jx_mul");
    case OpKind::kDivide:
      if (t == ElementType::kPred) break;
      return bin("jx_div");
    case OpKind::kRemainder:
      if (t == ElementType::kPred) break;
      return bin("jx_rem");
    case OpKind::kMaximum: return bin("jx_max");
    case OpKind::kMinimum: return bin("jx_min");
    case OpKind::kPower:
      if (t == ElementType::kPred) break;
      return bin("jx_pow");
    case OpKind::kAtan2:
      if (!IsFloatT(t)) break;
      return bin("jx_atan2");
    case OpKind::kAnd: if (IsFloatT(t)) break; return bin("jx_and");
    case OpKind::kOr: if (IsFloatT(t)) break; return bin("jx_or");
    case OpKind::kXor: if (IsFloatT(t)) break; return bin("jx_xor");
    case OpKind::kNot: if (IsFloatT(t)) break; return un("jx_not");
    case OpKind::kShiftLeft: if (!IsIntT(t)) break; return bin("jx_shl");
    case OpKind::kShiftRightLogical: if (!IsIntT(t)) break; return bin("jx_shrl");
    case OpKind::kShiftRightArithmetic: if (!IsIntT(t)) break; return bin("jx_shra");
    case OpKind::kPopcnt: if (!IsIntT(t)) break; return un("jx_popcnt");
    case OpKind::kClz: if (!IsIntT(t)) break; return un("jx_clz");
    case OpKind::kNegate: if (t == ElementType::kPred) break; return un("jx_neg");
    case OpKind::kAbs: if (t == ElementType::kPred) break; return un("jx_abs");
    case OpKind::kSign: if (t == ElementType::kPred) break; return un("jx_sign");
    case OpKind::kSquare: if (t == ElementType::kPred) break; return un("jx_square");
    case OpKind::kExp: return un("jx_exp", true);
    case OpKind::kExpm1: return un("jx_expm1", true);
    case OpKind::kLog: return un("jx_log", true);
    case OpKind::kLog1p: return un("jx_log1p", true);
    case OpKind::kTanh: return un("jx_tanh", true);
    case OpKind::kSqrt: return un("jx_sqrt", true);
    case OpKind::kRsqrt: return un("jx_rsqrt", true);
    case OpKind::kCbrt: return un("jx_cbrt", true);
    case OpKind::kSine: return un("jx_sin", true);
    case OpKind::kCosine: return un("jx_cos", true);
    case OpKind::kTan: case OpKind::kChloTan: return un("jx_tan", true);
    case OpKind::kAcos: return un("jx_acos", true);
    case OpKind::kAcosh: return un("jx_acosh", true);
    case OpKind::kAsin: return un("jx_asin", true);
    case OpKind::kAsinh: return un("jx_asinh", true);
    case OpKind::kAtan: return un("jx_atan", true);
    case OpKind::kAtanh: return un("jx_atanh", true);
    case OpKind::kCosh: return un("jx_cosh", true);
    case OpKind::kSinh: return un("jx_sinh", true);
    case OpKind::kErf: return un("jx_erf", true);
    case OpKind::kErfc: return un("jx_erfc", true);
    case OpKind::kLgamma: return un("jx_lgamma", true);
    case OpKind::kErfInv:
      if (t == ElementType::kF64) break;  // the f64 form refines with erf and exp: host
      return un("jx_erf_inv", true);
    case OpKind::kFloor: return un("jx_floor", true);
    case OpKind::kCeil: return un("jx_ceil", true);
    case OpKind::kRoundAfz: return un("jx_round_afz", true);
    case OpKind::kRoundEven: return un("jx_round_even", true);
    case OpKind::kLogistic: return un("jx_logistic", true);
    case OpKind::kIsFinite: return un("jx_is_finite", true);
    case OpKind::kIsInf: return un("jx_is_inf", true);
    case OpKind::kIsPosInf: return un("jx_is_pos_inf", true);
    case OpKind::kIsNegInf: return un("jx_is_neg_inf", true);
    case OpKind::kNextAfter: if (!IsFloatT(t)) break; return bin("jx_next_after");
    case OpKind::kReducePrecision: {
      if (!IsFloatT(t)) break;
      const int64_t e = op.IntAttr("exponent_bits", 8), mb = op.IntAttr("mantissa_bits", 23);
      if (e < 1 || mb < 0) return InvalidArgument("invalid reduce_precision format");
      return "jx_reduce_precision(" + in[0] + ", " + Str(e) + ", " + Str(mb) + ")";
    }
    case OpKind::kConvert: return Convert(t, r, in[0]);
    case OpKind::kSelect: {
      const ElementType vt = m.type(op.operands[1]).element;
      if (!*CType(vt)) break;
      return "(" + in[0] + ") ? (" + in[1] + ") : (" + in[2] + ")";
    }
    case OpKind::kClamp: {
      const ElementType vt = m.type(op.operands[1]).element;
      if (!*CType(vt)) break;
      return "jx_min(jx_max(" + in[1] + ", " + in[0] + "), " + in[2] + ")";
    }
    case OpKind::kCompare: {
      const std::string dir = op.EnumAttr("comparison_direction");
      const std::string ctype = op.EnumAttr("compare_type");
      static const std::unordered_map<std::string, const char*> kOps = {
          {"EQ", "=="}, {"NE", "!="}, {"LT", "<"}, {"LE", "<="}, {"GT", ">"}, {"GE", ">="}};
      auto it = kOps.find(dir);
      if (it == kOps.end()) return InvalidArgument("unknown comparison_direction " + dir);
      std::string a = in[0], b = in[1];
      if (IsFloatT(t) && ctype == "TOTALORDER") {
        a = "jx_total_key(" + a + ")";
        b = "jx_total_key(" + b + ")";
      } else if (IsHalfT(t)) {
        // bf16 ==/!= 0 in a fused loop: XLA tests the magnitude bits (denormals are nonzero).
        if (fused_loop && t == ElementType::kBF16 && (dir == "EQ" || dir == "NE") && prog) {
          for (int side = 1; side >= 0; --side) {
            const int reg = in_regs[side];
            for (const FusedLoopInput& fi : prog->inputs) {
              if (fi.reg != reg || fi.mode != FusedLoopInput::Mode::kConstant || fi.constant.size() != 2) continue;
              if ((fi.constant[0] | (fi.constant[1] & 0x7f)) != 0) continue;
              return "(((" + in[1 - side] + ").bits & 0x7fff) == 0) == " + (dir == "EQ" ? "true" : "false");
            }
          }
        }
        a = "jx_up(" + a + ")";
        b = "jx_up(" + b + ")";
      } else if (IsIntT(t) && (ctype == "SIGNED" || ctype == "UNSIGNED")) {
        const size_t es = ElementTypeByteSize(t);
        const bool want_signed = ctype == "SIGNED";
        const char* st = es == 1 ? (want_signed ? "signed char" : "unsigned char")
                         : es == 2 ? (want_signed ? "short" : "unsigned short")
                         : es == 4 ? (want_signed ? "int" : "unsigned int")
                                   : (want_signed ? "long long" : "unsigned long long");
        a = "(" + std::string(st) + ")(" + a + ")";
        b = "(" + std::string(st) + ")(" + b + ")";
      }
      return "(" + a + " " + it->second + " " + b + ")";
    }
    default: break;
  }
  return Unimplemented(std::string(compiler::OpName(op.kind)) + " of " + std::string(ElementTypeMlirName(t)) +
                       " has no generated kernel");
}

// A reduce in XLA:CPU's tree order (reduction_order.h): one device function per pass, each folding
// a window of the previous pass's values (recomputed, not stored), then the final fold. The
// caller's loop body (coordinates `o<k>` of the output in scope) becomes the kernel body.
std::string TreeReduce(const std::string& name, const char* step, const char* ct, const std::vector<int64_t>& dims,
                       const std::vector<int64_t>& kept, const std::vector<int64_t>& red) {
  std::vector<int64_t> xs = RowMajorStrides(dims);
  std::vector<int64_t> shape;
  for (int64_t d : red) shape.push_back(dims[static_cast<size_t>(d)]);
  const size_t r = red.size();
  auto params = [&](const char* prefix) {
    std::string p;
    for (size_t k = 0; k < r; ++k) p += ", long long " + std::string(prefix) + Str(static_cast<int64_t>(k));
    return p;
  };
  std::string fns;
  // Level 0: an input element.
  std::string idx = "base";
  for (size_t k = 0; k < r; ++k) idx += " + c" + Str(static_cast<int64_t>(k)) + " * " + LL(xs[static_cast<size_t>(red[k])]);
  fns += "static __device__ " + std::string(ct) + " " + name + "_l0(const " + ct + "* x, " + ct + " init, long long base" +
         params("c") + ") { (void)init; return x[" + idx + "]; }\n";
  int level = 0;
  for (;;) {
    bool any = false;
    for (int64_t e : shape) any = any || e > compiler::kXlaTreeReduceWindow;
    if (!any) break;
    std::vector<int64_t> win(r), lo(r), next(r);
    for (size_t k = 0; k < r; ++k) {
      win[k] = std::min(shape[k], compiler::kXlaTreeReduceWindow);
      next[k] = shape[k] == 0 ? 0 : (shape[k] + win[k] - 1) / win[k];
      lo[k] = (next[k] * win[k] - shape[k]) / 2;
    }
    const std::string prev = name + "_l" + Str(level);
    ++level;
    std::string f = "static __device__ " + std::string(ct) + " " + name + "_l" + Str(level) + "(const " + ct + "* x, " + ct +
                    " init, long long base" + params("c") + ") {\n  " + ct + " acc = init;\n";
    int64_t count = 1;
    for (int64_t w : win) count *= w;
    f += "  for (long long j = 0; j < " + LL(count) + "; ++j) {\n";
    f += Coords(win, "j", "w");
    std::string inside = "true", call = prev + "(x, init, base";
    for (size_t k = 0; k < r; ++k) {
      const std::string kk = Str(static_cast<int64_t>(k));
      f += "    const long long p" + kk + " = c" + kk + " * " + LL(win[k]) + " + w" + kk + " - " + LL(lo[k]) + ";\n";
      inside += " && p" + kk + " >= 0 && p" + kk + " < " + LL(shape[k]);
      call += ", p" + kk;
    }
    f += "    acc = " + std::string(step) + "(acc, (" + inside + ") ? " + call + ") : init);\n  }\n  return acc;\n}\n";
    fns += f;
    shape = next;
  }
  std::string body = "    const " + std::string(ct) + " init = ((const " + ct + "*)a.p[1])[0];\n";
  std::string base = "0ll";
  for (size_t k = 0; k < kept.size(); ++k) base += " + o" + Str(static_cast<int64_t>(k)) + " * " + LL(xs[static_cast<size_t>(kept[k])]);
  std::vector<int64_t> kept_dims;
  for (int64_t d : kept) kept_dims.push_back(dims[static_cast<size_t>(d)]);
  body += Coords(kept_dims, "i", "o");
  body += "    const long long base = " + base + ";\n    " + ct + " acc = init;\n";
  int64_t count = 1;
  for (int64_t e : shape) count *= e;
  body += "    for (long long j = 0; j < " + LL(count) + "; ++j) {\n" + Coords(shape, "j", "q");
  std::string call = name + "_l" + Str(level) + "((const " + ct + "*)a.p[0], init, base";
  for (size_t k = 0; k < r; ++k) call += ", q" + Str(static_cast<int64_t>(k));
  body += "      acc = " + std::string(step) + "(acc, " + call + "));\n    }\n";
  body += "    ((" + std::string(ct) + "*)a.p[2])[i] = acc;\n";
  // The level functions precede the kernel: emitted through a marker the caller splits on.
  return fns + "\x01" + body;
}

}  // namespace

std::string ModuleEmitter::NewName() { return "jx_k" + std::to_string(kernels_++); }

StatusOr<KernelLaunchPlan> ModuleEmitter::AddFusedLoop(const Module& m, const Op& fusion, const FusedLoopProgram& p) {
  KernelLaunchPlan plan;
  plan.work_items = p.loop_size;
  const size_t num_sources = p.num_sources();
  for (ValueId v : fusion.operands) plan.args.push_back(v);
  for (ValueId v : p.outer_inputs) plan.args.push_back(v);
  for (ValueId v : fusion.results) plan.args.push_back(v);
  if (plan.args.size() > 64) return Unimplemented("a fused loop with more than 64 buffers");
  for (const compiler::FusedLoopInstr& ins : p.instrs)
    if (ElementType t = m.type(ins.op->results[0]).element; !*CType(t))
      return Unimplemented("a fused loop over " + std::string(ElementTypeMlirName(t)));
  for (const FusedLoopInput& in : p.inputs)
    if (!*CType(in.type)) return Unimplemented("a fused loop over " + std::string(ElementTypeMlirName(in.type)));
  const std::string name = NewName();
  std::string s = LoopHead(name);
  std::vector<std::string> cur(p.regs.size());
  bool need_coords = false;
  for (const FusedLoopInput& in : p.inputs)
    need_coords = need_coords || in.mode == FusedLoopInput::Mode::kStrided || in.mode == FusedLoopInput::Mode::kIota;
  if (need_coords) s += Coords(p.loop_dims, "i");
  for (const FusedLoopInput& in : p.inputs) {
    const std::string var = "r" + Str(in.reg);
    const char* ct = CType(in.type);
    std::string expr;
    switch (in.mode) {
      case FusedLoopInput::Mode::kContiguous:
        expr = Ptr(ct, static_cast<size_t>(in.source)) + "[" + (in.offset ? LL(in.offset) + " + " : std::string()) + "i]";
        break;
      case FusedLoopInput::Mode::kScalar: expr = Ptr(ct, static_cast<size_t>(in.source)) + "[0]"; break;
      case FusedLoopInput::Mode::kConstant: expr = Literal(in.type, in.constant.data()); break;
      case FusedLoopInput::Mode::kIota: expr = Convert(ElementType::kS64, in.type, "c" + Str(in.iota_dim)); break;
      case FusedLoopInput::Mode::kStrided: {
        std::string idx = LL(in.offset);
        for (size_t k = 0; k < in.strides.size(); ++k)
          if (in.strides[k] != 0) idx += " + c" + Str(static_cast<int64_t>(k)) + " * " + LL(in.strides[k]);
        expr = Ptr(ct, static_cast<size_t>(in.source)) + "[" + idx + "]";
        break;
      }
    }
    s += "    const " + std::string(ct) + " " + var + " = " + expr + ";\n";
    cur[static_cast<size_t>(in.reg)] = var;
  }
  for (size_t k = 0; k < p.instrs.size(); ++k) {
    const compiler::FusedLoopInstr& ins = p.instrs[k];
    std::vector<std::string> operands;
    for (int j = 0; j < ins.num_in; ++j) operands.push_back(cur[static_cast<size_t>(ins.in[j])]);
    JAXLIB_ASSIGN_OR_RETURN(std::string expr, InstrExpr(m, *ins.op, operands, !p.args_are_arrays, &p, ins.in));
    const std::string var = "v" + Str(static_cast<int64_t>(k));
    s += "    const " + std::string(CType(m.type(ins.op->results[0]).element)) + " " + var + " = " + expr + ";  // " +
         std::string(compiler::OpName(ins.kind)) + "\n";
    cur[static_cast<size_t>(ins.out)] = var;
  }
  for (size_t k = 0; k < p.output_regs.size(); ++k) {
    const ElementType t = m.type(fusion.results[k]).element;
    s += "    " + Ptr(CType(t), num_sources + k, false) + "[i] = " + cur[static_cast<size_t>(p.output_regs[k])] + ";\n";
  }
  s += LoopTail(name);
  body_ += s;
  plan.name = name;
  return plan;
}

bool IsRowMajorGemm(const Module& m, const Op& op, int64_t* batch, int64_t* rows, int64_t* cols, int64_t* depth) {
  if (op.kind != OpKind::kDotGeneral && op.kind != OpKind::kDot) return false;
  const Type& lt = m.type(op.operands[0]);
  const Type& rt = m.type(op.operands[1]);
  std::vector<int64_t> lb, rb, lc, rc;
  if (op.kind == OpKind::kDot) {
    if (lt.rank() > 2 || rt.rank() > 2 || lt.rank() < 1 || rt.rank() < 1) return false;
    lc = {lt.rank() - 1};
    rc = {0};
  } else {
    // The parser flattens dot_dimension_numbers into the op's attributes (as the CPU reads them).
    lb = op.IntListAttr("lhs_batching_dimensions");
    rb = op.IntListAttr("rhs_batching_dimensions");
    lc = op.IntListAttr("lhs_contracting_dimensions");
    rc = op.IntListAttr("rhs_contracting_dimensions");
  }
  const int64_t nb = static_cast<int64_t>(lb.size()), nc = static_cast<int64_t>(lc.size());
  if (rb.size() != lb.size() || rc.size() != lc.size()) return false;
  for (int64_t k = 0; k < nb; ++k)
    if (lb[static_cast<size_t>(k)] != k || rb[static_cast<size_t>(k)] != k) return false;
  // lhs: [batch, free..., contracting...]; rhs: [batch, contracting..., free...].
  for (int64_t k = 0; k < nc; ++k) {
    if (lc[static_cast<size_t>(k)] != lt.rank() - nc + k) return false;
    if (rc[static_cast<size_t>(k)] != nb + k) return false;
  }
  int64_t b = 1, mm = 1, nn = 1, kk = 1;
  for (int64_t k = 0; k < nb; ++k) b *= lt.dims[static_cast<size_t>(k)];
  for (int64_t k = nb; k < lt.rank() - nc; ++k) mm *= lt.dims[static_cast<size_t>(k)];
  for (int64_t k = 0; k < nc; ++k) kk *= lt.dims[static_cast<size_t>(lt.rank() - nc + k)];
  for (int64_t k = nb + nc; k < rt.rank(); ++k) nn *= rt.dims[static_cast<size_t>(k)];
  *batch = b;
  *rows = mm;
  *cols = nn;
  *depth = kk;
  return true;
}

StatusOr<KernelLaunchPlan> ModuleEmitter::AddOp(const Module& m, const Op& op) {
  KernelLaunchPlan plan;
  if (op.results.empty()) return Unimplemented("an op without results");
  const Type& out = m.type(op.results[0]);
  if (!out.is_tensor()) return Unimplemented("non-tensor results");
  plan.work_items = out.element_count();
  for (ValueId v : op.operands) {
    if (!m.type(v).is_tensor()) return Unimplemented("non-tensor operands");
    plan.args.push_back(v);
  }
  const size_t nin = op.operands.size();
  const size_t es = ElementTypeByteSize(out.element);
  const char* bt = BytesType(es);
  const std::string name = NewName();
  std::string s;
  auto finish = [&](std::string body) -> StatusOr<KernelLaunchPlan> {
    for (ValueId v : op.results) plan.args.push_back(v);
    // Device functions the kernel calls come first (separated from the body by \x01).
    if (size_t cut = body.find('\x01'); cut != std::string::npos) {
      body_ += body.substr(0, cut);
      body = body.substr(cut + 1);
    }
    body_ += LoopHead(name) + body + LoopTail(name);
    plan.name = name;
    return plan;
  };
  auto src_index = [&](const std::vector<int64_t>& src_dims, const std::vector<std::string>& coord) {
    std::vector<int64_t> st = RowMajorStrides(src_dims);
    std::string idx = "0ll";
    for (size_t k = 0; k < src_dims.size(); ++k) idx += " + (" + coord[k] + ") * " + LL(st[k]);
    return idx;
  };
  const std::vector<int64_t>& od = out.dims;
  const std::string o = Ptr(bt, nin, false);
  switch (op.kind) {
    case OpKind::kBroadcastInDim: {
      const Type& st = m.type(op.operands[0]);
      std::vector<int64_t> bd = op.IntListAttr("broadcast_dimensions");
      if (bd.size() != st.dims.size()) return InvalidArgument("broadcast_dimensions do not match the operand rank");
      std::vector<std::string> coord;
      for (size_t k = 0; k < bd.size(); ++k) coord.push_back(st.dims[k] == 1 ? "0" : "c" + Str(bd[k]));
      s = Coords(od, "i") + "    " + o + "[i] = " + Ptr(bt, 0) + "[" + src_index(st.dims, coord) + "];\n";
      return finish(s);
    }
    case OpKind::kTranspose: {
      const Type& st = m.type(op.operands[0]);
      std::vector<int64_t> perm = op.IntListAttr("permutation");
      std::vector<std::string> coord(st.dims.size());
      for (size_t k = 0; k < perm.size(); ++k) coord[static_cast<size_t>(perm[k])] = "c" + Str(static_cast<int64_t>(k));
      s = Coords(od, "i") + "    " + o + "[i] = " + Ptr(bt, 0) + "[" + src_index(st.dims, coord) + "];\n";
      return finish(s);
    }
    case OpKind::kSlice: {
      const Type& st = m.type(op.operands[0]);
      std::vector<int64_t> start = op.IntListAttr("start_indices"), strides = op.IntListAttr("strides");
      std::vector<std::string> coord;
      for (size_t k = 0; k < st.dims.size(); ++k)
        coord.push_back(LL(k < start.size() ? start[k] : 0) + " + c" + Str(static_cast<int64_t>(k)) + " * " +
                        LL(k < strides.size() ? strides[k] : 1));
      s = Coords(od, "i") + "    " + o + "[i] = " + Ptr(bt, 0) + "[" + src_index(st.dims, coord) + "];\n";
      return finish(s);
    }
    case OpKind::kReverse: {
      std::vector<int64_t> dims = op.IntListAttr("dimensions");
      std::vector<std::string> coord;
      for (size_t k = 0; k < od.size(); ++k) {
        const bool rev = std::find(dims.begin(), dims.end(), static_cast<int64_t>(k)) != dims.end();
        coord.push_back(rev ? LL(od[k] - 1) + " - c" + Str(static_cast<int64_t>(k)) : "c" + Str(static_cast<int64_t>(k)));
      }
      s = Coords(od, "i") + "    " + o + "[i] = " + Ptr(bt, 0) + "[" + src_index(od, coord) + "];\n";
      return finish(s);
    }
    case OpKind::kIota: {
      if (!*CType(out.element)) return Unimplemented("iota of " + std::string(ElementTypeMlirName(out.element)));
      const int64_t d = op.IntAttr("iota_dimension", 0);
      s = Coords(od, "i") + "    " + Ptr(CType(out.element), nin, false) + "[i] = " +
          Convert(ElementType::kS64, out.element, "c" + Str(d)) + ";\n";
      return finish(s);
    }
    case OpKind::kPad: {
      const Type& st = m.type(op.operands[0]);
      std::vector<int64_t> lo = op.IntListAttr("edge_padding_low"), in = op.IntListAttr("interior_padding");
      s = Coords(od, "i") + "    bool inside = true; long long src = 0;\n";
      std::vector<int64_t> strides = RowMajorStrides(st.dims);
      for (size_t k = 0; k < od.size(); ++k) {
        const std::string t = "t" + Str(static_cast<int64_t>(k));
        const int64_t step = (k < in.size() ? in[k] : 0) + 1;
        s += "    const long long " + t + " = c" + Str(static_cast<int64_t>(k)) + " - " + LL(k < lo.size() ? lo[k] : 0) + ";\n";
        s += "    if (" + t + " < 0 || " + t + " % " + LL(step) + " != 0 || " + t + " / " + LL(step) + " >= " + LL(st.dims[k]) +
             ") inside = false; else src += (" + t + " / " + LL(step) + ") * " + LL(strides[k]) + ";\n";
      }
      s += "    " + o + "[i] = inside ? " + Ptr(bt, 0) + "[src] : " + Ptr(bt, 1) + "[0];\n";
      return finish(s);
    }
    case OpKind::kConcatenate: {
      const int64_t dim = op.IntAttr("dimension", 0);
      s = Coords(od, "i");
      int64_t offset = 0;
      for (size_t k = 0; k < nin; ++k) {
        const Type& st = m.type(op.operands[k]);
        const int64_t size = st.dims[static_cast<size_t>(dim)];
        std::vector<std::string> coord;
        for (size_t j = 0; j < od.size(); ++j)
          coord.push_back(static_cast<int64_t>(j) == dim ? "c" + Str(static_cast<int64_t>(j)) + " - " + LL(offset)
                                                         : "c" + Str(static_cast<int64_t>(j)));
        s += std::string(k ? "    else " : "    ") + "if (c" + Str(dim) + " < " + LL(offset + size) + ") " + o + "[i] = " +
             Ptr(bt, k) + "[" + src_index(st.dims, coord) + "];\n";
        offset += size;
      }
      return finish(s);
    }
    case OpKind::kDynamicSlice:
    case OpKind::kDynamicUpdateSlice: {
      const bool update = op.kind == OpKind::kDynamicUpdateSlice;
      const Type& st = m.type(op.operands[0]);
      const size_t first_index = update ? 2 : 1;
      if (nin != first_index + st.dims.size()) return Unimplemented("dynamic slice with tensor start indices");
      std::vector<int64_t> sizes = update ? m.type(op.operands[1]).dims : op.IntListAttr("slice_sizes");
      s = Coords(od, "i");
      std::vector<std::string> coord;
      for (size_t k = 0; k < st.dims.size(); ++k) {
        const ElementType it = m.type(op.operands[first_index + k]).element;
        if (!IsIntT(it)) return Unimplemented("dynamic slice with non-integer indices");
        const std::string sv = "s" + Str(static_cast<int64_t>(k));
        s += "    long long " + sv + " = (long long)" + Ptr(CType(it), first_index + k) + "[0];\n";
        s += "    if (" + sv + " < 0) " + sv + " = 0; if (" + sv + " > " + LL(st.dims[k] - sizes[k]) + ") " + sv + " = " +
             LL(st.dims[k] - sizes[k]) + ";\n";
      }
      if (!update) {
        for (size_t k = 0; k < st.dims.size(); ++k) coord.push_back("s" + Str(static_cast<int64_t>(k)) + " + c" + Str(static_cast<int64_t>(k)));
        s += "    " + o + "[i] = " + Ptr(bt, 0) + "[" + src_index(st.dims, coord) + "];\n";
      } else {
        std::string inside = "true";
        for (size_t k = 0; k < st.dims.size(); ++k) {
          const std::string c = "c" + Str(static_cast<int64_t>(k)), sv = "s" + Str(static_cast<int64_t>(k));
          inside += " && " + c + " >= " + sv + " && " + c + " < " + sv + " + " + LL(sizes[k]);
          coord.push_back(c + " - " + sv);
        }
        s += "    " + o + "[i] = (" + inside + ") ? " + Ptr(bt, 1) + "[" + src_index(sizes, coord) + "] : " + Ptr(bt, 0) + "[i];\n";
      }
      return finish(s);
    }
    case OpKind::kReduce: {
      const size_t N = op.results.size();
      if (nin != 2 * N) return InvalidArgument("reduce needs as many inits as inputs");
      const Type& xt = m.type(op.operands[0]);
      std::vector<int64_t> rdims = op.IntListAttr("dimensions");
      std::vector<int64_t> kept, red;
      for (int64_t k = 0; k < xt.rank(); ++k)
        (std::find(rdims.begin(), rdims.end(), k) != rdims.end() ? red : kept).push_back(k);
      JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const FusedLoopProgram> body,
                              compiler::BuildFusedLoopProgram(m, *op.regions[0], {1}, /*args_are_arrays=*/true));
      for (const compiler::FusedLoopInstr& ins : body->instrs)
        if (ElementType t = m.type(ins.op->results[0]).element; !*CType(t))
          return Unimplemented("a reduction over " + std::string(ElementTypeMlirName(t)));
      for (const FusedLoopInput& in : body->inputs)
        if (!*CType(in.type)) return Unimplemented("a reduction over " + std::string(ElementTypeMlirName(in.type)));
      if (body->outer_inputs.size() + 3 * N > 64) return Unimplemented("a reduction with too many buffers");
      for (ValueId v : body->outer_inputs) plan.args.push_back(v);
      const size_t outer_base = nin;
      // Float sums and products in the reference's tree order (reduction_order.h), bit for bit.
      if (N == 1 && body->instrs.size() == 1 && body->outer_inputs.empty() && (IsFloatT(out.element) || IsComplexT(out.element)) &&
          (body->instrs[0].kind == OpKind::kAdd || body->instrs[0].kind == OpKind::kMultiply) &&
          body->output_regs[0] == body->instrs[0].out) {
        bool plain_args = true;
        for (const FusedLoopInput& in : body->inputs)
          plain_args = plain_args && in.mode == FusedLoopInput::Mode::kContiguous && in.source >= 0 && in.source < 2;
        bool wide = false;
        for (int64_t d : red) wide = wide || xt.dims[static_cast<size_t>(d)] > compiler::kXlaTreeReduceWindow;
        const bool product = body->instrs[0].kind == OpKind::kMultiply;
        if (plain_args && wide && compiler::XlaFoldsInTreeOrder(product, IsComplexT(out.element), xt.element_count()))
          return finish(TreeReduce(name, product ? "jx_mul" : "jx_add", CType(out.element), xt.dims, kept, red));
      }
      // Results follow the captured values.
      s = Coords(od, "i", "o");
      for (size_t k = 0; k < N; ++k) {
        const char* ct = CType(m.type(op.results[k]).element);
        s += "    " + std::string(ct) + " acc" + Str(static_cast<int64_t>(k)) + " = " + Ptr(ct, N + k) + "[0];\n";
      }
      int64_t rcount = 1;
      std::vector<int64_t> rsizes;
      for (int64_t d : red) {
        rcount *= xt.dims[static_cast<size_t>(d)];
        rsizes.push_back(xt.dims[static_cast<size_t>(d)]);
      }
      std::vector<int64_t> xs = RowMajorStrides(xt.dims);
      std::string base = "0ll";
      for (size_t k = 0; k < kept.size(); ++k) base += " + o" + Str(static_cast<int64_t>(k)) + " * " + LL(xs[static_cast<size_t>(kept[k])]);
      s += "    const long long base = " + base + ";\n";
      s += "    for (long long j = 0; j < " + LL(rcount) + "; ++j) {\n";
      s += Coords(rsizes, "j", "q");
      std::string off = "base";
      for (size_t k = 0; k < red.size(); ++k) off += " + q" + Str(static_cast<int64_t>(k)) + " * " + LL(xs[static_cast<size_t>(red[k])]);
      s += "    const long long x_at = " + off + ";\n";
      // The body: sources are (acc..., x...), then captured values.
      std::vector<std::string> cur(body->regs.size());
      for (const FusedLoopInput& in : body->inputs) {
        const std::string var = "b" + Str(in.reg);
        const char* ct = CType(in.type);
        std::string expr;
        if (in.mode == FusedLoopInput::Mode::kConstant) {
          expr = Literal(in.type, in.constant.data());
        } else if (in.source >= 0 && static_cast<size_t>(in.source) < N) {
          expr = "acc" + Str(in.source);
        } else if (in.source >= 0 && static_cast<size_t>(in.source) < 2 * N) {
          expr = Ptr(ct, static_cast<size_t>(in.source) - N) + "[x_at]";
        } else if (in.source >= 0 && (in.mode == FusedLoopInput::Mode::kScalar || in.mode == FusedLoopInput::Mode::kContiguous)) {
          expr = Ptr(ct, outer_base + static_cast<size_t>(in.source) - 2 * N) + "[0]";
        } else {
          return Unimplemented("a reduction body input it cannot read");
        }
        s += "      const " + std::string(ct) + " " + var + " = " + expr + ";\n";
        cur[static_cast<size_t>(in.reg)] = var;
      }
      for (size_t k = 0; k < body->instrs.size(); ++k) {
        const compiler::FusedLoopInstr& ins = body->instrs[k];
        std::vector<std::string> operands;
        for (int j = 0; j < ins.num_in; ++j) operands.push_back(cur[static_cast<size_t>(ins.in[j])]);
        JAXLIB_ASSIGN_OR_RETURN(std::string expr, InstrExpr(m, *ins.op, operands, false, body.get(), ins.in));
        const std::string var = "w" + Str(static_cast<int64_t>(k));
        s += "      const " + std::string(CType(m.type(ins.op->results[0]).element)) + " " + var + " = " + expr + ";\n";
        cur[static_cast<size_t>(ins.out)] = var;
      }
      // Results are written only after every new value is computed (they may read each other).
      for (size_t k = 0; k < N; ++k) s += "      const " + std::string(CType(m.type(op.results[k]).element)) + " nacc" + Str(static_cast<int64_t>(k)) + " = " + cur[static_cast<size_t>(body->output_regs[k])] + ";\n";
      for (size_t k = 0; k < N; ++k) s += "      acc" + Str(static_cast<int64_t>(k)) + " = nacc" + Str(static_cast<int64_t>(k)) + ";\n";
      s += "    }\n";
      const size_t res_base = nin + body->outer_inputs.size();
      for (size_t k = 0; k < N; ++k)
        s += "    " + Ptr(CType(m.type(op.results[k]).element), res_base + k, false) + "[i] = acc" + Str(static_cast<int64_t>(k)) + ";\n";
      return finish(s);
    }
    case OpKind::kDot:
    case OpKind::kDotGeneral: {
      const Type& lt = m.type(op.operands[0]);
      const Type& rt = m.type(op.operands[1]);
      const ElementType ot = out.element;
      if (!*CType(lt.element) || !*CType(rt.element) || !*CType(ot) || ot == ElementType::kPred)
        return Unimplemented("dot of " + std::string(ElementTypeMlirName(lt.element)));
      std::vector<int64_t> lb, rb, lc, rc;
      if (op.kind == OpKind::kDot) {
        lc = {lt.rank() - 1};
        rc = {0};
      } else {
        lb = op.IntListAttr("lhs_batching_dimensions");
        rb = op.IntListAttr("rhs_batching_dimensions");
        lc = op.IntListAttr("lhs_contracting_dimensions");
        rc = op.IntListAttr("rhs_contracting_dimensions");
      }
      auto free_dims = [](int64_t rank, const std::vector<int64_t>& b, const std::vector<int64_t>& c) {
        std::vector<int64_t> f;
        for (int64_t k = 0; k < rank; ++k)
          if (std::find(b.begin(), b.end(), k) == b.end() && std::find(c.begin(), c.end(), k) == c.end()) f.push_back(k);
        return f;
      };
      std::vector<int64_t> lf = free_dims(lt.rank(), lb, lc), rf = free_dims(rt.rank(), rb, rc);
      std::vector<int64_t> ls = RowMajorStrides(lt.dims), rs = RowMajorStrides(rt.dims);
      // The accumulator: the result type's arithmetic (halves accumulate in float).
      const ElementType acc = IsHalfT(ot) ? ElementType::kF32 : ot;
      s = Coords(od, "i");
      std::string lbase = "0ll", rbase = "0ll";
      size_t oc = 0;
      for (size_t k = 0; k < lb.size(); ++k, ++oc) {
        lbase += " + c" + Str(static_cast<int64_t>(oc)) + " * " + LL(ls[static_cast<size_t>(lb[k])]);
        rbase += " + c" + Str(static_cast<int64_t>(oc)) + " * " + LL(rs[static_cast<size_t>(rb[k])]);
      }
      for (int64_t d : lf) lbase += " + c" + Str(static_cast<int64_t>(oc++)) + " * " + LL(ls[static_cast<size_t>(d)]);
      for (int64_t d : rf) rbase += " + c" + Str(static_cast<int64_t>(oc++)) + " * " + LL(rs[static_cast<size_t>(d)]);
      std::vector<int64_t> csizes;
      int64_t ccount = 1;
      for (int64_t d : lc) {
        csizes.push_back(lt.dims[static_cast<size_t>(d)]);
        ccount *= lt.dims[static_cast<size_t>(d)];
      }
      const char* act = CType(acc);
      // Value-initialised through a typedef: zero for scalars ("signed char" cannot be a
      // functional cast) and for the complex structs alike.
      s += "    typedef " + std::string(act) + " acc_t;\n    acc_t sum = acc_t();\n";
      s += "    for (long long j = 0; j < " + LL(ccount) + "; ++j) {\n" + Coords(csizes, "j", "q");
      std::string lo = lbase, ro = rbase;
      for (size_t k = 0; k < lc.size(); ++k) {
        lo += " + q" + Str(static_cast<int64_t>(k)) + " * " + LL(ls[static_cast<size_t>(lc[k])]);
        ro += " + q" + Str(static_cast<int64_t>(k)) + " * " + LL(rs[static_cast<size_t>(rc[k])]);
      }
      const std::string x = Convert(lt.element, acc, Ptr(CType(lt.element), 0) + "[" + lo + "]");
      const std::string y = Convert(rt.element, acc, Ptr(CType(rt.element), 1) + "[" + ro + "]");
      s += "      sum = jx_add(sum, jx_mul((" + std::string(act) + ")(" + x + "), (" + std::string(act) + ")(" + y + ")));\n    }\n";
      s += "    " + Ptr(CType(ot), nin, false) + "[i] = " + Convert(acc, ot, "sum") + ";\n";
      return finish(s);
    }
    default:
      break;
  }
  return Unimplemented(std::string(compiler::OpName(op.kind)) + " has no generated kernel");
}

std::string ModuleEmitter::Source() const {
  std::string unit = KernelPrelude();
  unit += "struct jx_b16 { unsigned long long lo, hi; };\n";
  unit += body_;
  // The unit's own text, as bytes a loaded module keeps: what produced a kernel is never lost.
  std::string s = unit;
  s += "extern \"C\" __device__ const unsigned char jaxlib_kernel_source[] = {";
  const std::string marked = "JAXLIB_KERNEL_SOURCE_BEGIN\n" + unit + "\nJAXLIB_KERNEL_SOURCE_END";
  for (size_t k = 0; k < marked.size(); ++k) {
    if (k % 32 == 0) s += "\n";
    s += std::to_string(static_cast<unsigned char>(marked[k]));
    s += ",";
  }
  s += "0};\n";
  return s;
}

}  // namespace jaxlib::gpu
