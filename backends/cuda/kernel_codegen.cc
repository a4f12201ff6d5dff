// Emits CUDA C for fused elementwise kernels (see kernel_codegen.h). The text must compile
// under NVRTC and hipRTC with no #include (no CUDA headers exist at run time) and under g++
// with testing/host_shim.h, so it uses only builtins both sides provide.
#include "backends/cuda/kernel_codegen.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string_view>

namespace jaxlib::gpu {
namespace {

// Shared helpers, emitted once per translation unit (guarded, so several generated kernels
// can be concatenated into one module). f16/bf16 conversions are written out in integer
// arithmetic rather than taken from cuda_fp16.h: NVRTC has no headers here, and the host
// test must run exactly the same code.
constexpr std::string_view kPrelude = R"(#ifndef JAXLIB_GPU_KERNEL_PRELUDE
#define JAXLIB_GPU_KERNEL_PRELUDE
static __host__ __device__ inline float jaxlib_f16_to_f32(unsigned short h) {
  unsigned int sign = ((unsigned int)h & 0x8000u) << 16;
  unsigned int e = ((unsigned int)h >> 10) & 0x1fu;
  unsigned int m = (unsigned int)h & 0x3ffu;
  unsigned int bits;
  if (e == 0x1fu) {
    bits = sign | 0x7f800000u | (m << 13);
  } else if (e != 0u) {
    bits = sign | ((e + 112u) << 23) | (m << 13);
  } else if (m == 0u) {
    bits = sign;
  } else {
    e = 113u;
    while ((m & 0x400u) == 0u) { m <<= 1; e -= 1u; }
    bits = sign | (e << 23) | ((m & 0x3ffu) << 13);
  }
  return __uint_as_float(bits);
}
/* Round to nearest even, overflow to inf, NaN stays NaN (quiet). */
static __host__ __device__ inline unsigned short jaxlib_f32_to_f16(float f) {
  unsigned int x = __float_as_uint(f);
  unsigned int sign = (x >> 16) & 0x8000u;
  unsigned int ax = x & 0x7fffffffu;
  if (ax >= 0x7f800000u)
    return (unsigned short)(sign | 0x7c00u | (ax > 0x7f800000u ? (0x200u | ((ax >> 13) & 0x3ffu)) : 0u));
  if (ax >= 0x477ff000u) return (unsigned short)(sign | 0x7c00u);
  if (ax >= 0x38800000u) {
    ax += 0xc8000fffu + ((ax >> 13) & 1u);
    return (unsigned short)(sign | (ax >> 13));
  }
  if (ax <= 0x33000000u) return (unsigned short)sign;
  unsigned int e = ax >> 23;
  unsigned int m = (ax & 0x7fffffu) | 0x800000u;
  unsigned int shift = 126u - e;
  unsigned int r = m >> shift;
  unsigned int rem = m & ((1u << shift) - 1u);
  unsigned int half = 1u << (shift - 1u);
  if (rem > half || (rem == half && (r & 1u))) r += 1u;
  return (unsigned short)(sign | r);
}
static __host__ __device__ inline float jaxlib_bf16_to_f32(unsigned short h) {
  return __uint_as_float((unsigned int)h << 16);
}
static __host__ __device__ inline unsigned short jaxlib_f32_to_bf16(float f) {
  unsigned int x = __float_as_uint(f);
  if ((x & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return (unsigned short)(x >> 16);
}
/* f64 -> f32 rounding to odd: a second rounding to f16/bf16 is then exact (single rounding). */
static __host__ __device__ inline float jaxlib_f64_to_f32_odd(double d) {
  float f = (float)d;
  if (f != f) return f;
  double back = (double)f;
  if (back != d) {
    unsigned int u = __float_as_uint(f);
    if (fabs(back) > fabs(d)) u -= 1u;
    f = __uint_as_float(u | 1u);
  }
  return f;
}
static __host__ __device__ inline float jaxlib_round_f16(float f) { return jaxlib_f16_to_f32(jaxlib_f32_to_f16(f)); }
static __host__ __device__ inline float jaxlib_round_bf16(float f) { return jaxlib_bf16_to_f32(jaxlib_f32_to_bf16(f)); }
static __host__ __device__ inline float jaxlib_f64_to_f16_value(double d) { return jaxlib_round_f16(jaxlib_f64_to_f32_odd(d)); }
static __host__ __device__ inline float jaxlib_f64_to_bf16_value(double d) { return jaxlib_round_bf16(jaxlib_f64_to_f32_odd(d)); }
/* XLA semantics: NaN -> 0, out of range saturates, otherwise truncation toward zero. */
static __host__ __device__ inline int jaxlib_f64_to_s32(double v) {
  if (v != v) return 0;
  if (v <= -2147483648.0) return -2147483647 - 1;
  if (v >= 2147483647.0) return 2147483647;
  return (int)v;
}
/* NaN-propagating max/min, like XLA and numpy.maximum/minimum. */
static __host__ __device__ inline float jaxlib_max_f32(float a, float b) { return (a != a || a > b) ? a : b; }
static __host__ __device__ inline float jaxlib_min_f32(float a, float b) { return (a != a || a < b) ? a : b; }
static __host__ __device__ inline double jaxlib_max_f64(double a, double b) { return (a != a || a > b) ? a : b; }
static __host__ __device__ inline double jaxlib_min_f64(double a, double b) { return (a != a || a < b) ? a : b; }
static __host__ __device__ inline int jaxlib_max_s32(int a, int b) { return a > b ? a : b; }
static __host__ __device__ inline int jaxlib_min_s32(int a, int b) { return a < b ? a : b; }
/* Two's-complement wrap-around, as XLA defines integer overflow. */
static __host__ __device__ inline int jaxlib_add_s32(int a, int b) { return (int)((unsigned int)a + (unsigned int)b); }
static __host__ __device__ inline int jaxlib_sub_s32(int a, int b) { return (int)((unsigned int)a - (unsigned int)b); }
static __host__ __device__ inline int jaxlib_mul_s32(int a, int b) { return (int)((unsigned int)a * (unsigned int)b); }
static __host__ __device__ inline int jaxlib_neg_s32(int a) { return (int)(0u - (unsigned int)a); }
/* XLA: x / 0 = -1, INT_MIN / -1 = INT_MIN; otherwise truncating division. */
static __host__ __device__ inline int jaxlib_div_s32(int a, int b) {
  if (b == 0) return -1;
  if (b == -1 && a == -2147483647 - 1) return a;
  return a / b;
}
#endif  // JAXLIB_GPU_KERNEL_PRELUDE
)";

// The C type a node's value has inside the element function.
const char* ValueType(ElementType t) {
  switch (t) {
    case ElementType::kF16:
    case ElementType::kBF16:
    case ElementType::kF32: return "float";
    case ElementType::kF64: return "double";
    case ElementType::kS32: return "int";
    default: return "";
  }
}

bool IsFloatingKernelType(ElementType t) {
  return t == ElementType::kF16 || t == ElementType::kBF16 || t == ElementType::kF32 ||
         t == ElementType::kF64;
}

// Appends rather than `"v" + to_string(i)`: GCC 12 -O2 warns falsely (-Wrestrict) on the latter.
std::string Var(int i) {
  std::string s = "v";
  s += std::to_string(i);
  return s;
}

// Rounds a float-held f16/bf16 value back to its type after an inexact operation.
std::string Rounded(ElementType t, const std::string& expr) {
  if (t == ElementType::kF16) return "jaxlib_round_f16(" + expr + ")";
  if (t == ElementType::kBF16) return "jaxlib_round_bf16(" + expr + ")";
  return expr;
}

// A double literal that round-trips exactly; inf and NaN spelled through their bit patterns.
std::string DoubleLiteral(double v) {
  if (std::isnan(v)) return "__longlong_as_double(0x7ff8000000000000LL)";
  if (std::isinf(v)) return v > 0 ? "__longlong_as_double(0x7ff0000000000000LL)"
                                  : "__longlong_as_double((long long)0xfff0000000000000ULL)";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", v);
  std::string s(buf);
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

std::string IntLiteral(int64_t v) {
  if (v == std::numeric_limits<int32_t>::min()) return "(-2147483647 - 1)";
  std::string s = "(";
  s += std::to_string(v);
  s += ")";
  return s;
}

// Loads one input element (storage type) into its value type.
std::string LoadExpr(ElementType t, const std::string& storage) {
  if (t == ElementType::kF16) return "jaxlib_f16_to_f32(" + storage + ")";
  if (t == ElementType::kBF16) return "jaxlib_bf16_to_f32(" + storage + ")";
  return storage;
}

std::string StoreExpr(ElementType t, const std::string& value) {
  if (t == ElementType::kF16) return "jaxlib_f32_to_f16(" + value + ")";
  if (t == ElementType::kBF16) return "jaxlib_f32_to_bf16(" + value + ")";
  return value;
}

std::string ConstantExpr(ElementType t, double v) {
  switch (t) {
    case ElementType::kF64: return DoubleLiteral(v);
    case ElementType::kF32: return "(float)" + DoubleLiteral(v);
    case ElementType::kF16: return "jaxlib_f64_to_f16_value(" + DoubleLiteral(v) + ")";
    case ElementType::kBF16: return "jaxlib_f64_to_bf16_value(" + DoubleLiteral(v) + ")";
    case ElementType::kS32: return IntLiteral(static_cast<int64_t>(v));
    default: return "";
  }
}

// Value of `x` (held in from's value type) converted to `to`'s value type.
std::string ConvertExpr(ElementType from, ElementType to, const std::string& x) {
  if (from == to) return x;
  switch (to) {
    case ElementType::kS32:
      return "jaxlib_f64_to_s32((double)" + x + ")";  // from is floating (s32->s32 handled)
    case ElementType::kF64:
      return "(double)" + x;  // exact from every other supported type
    case ElementType::kF32:
      if (from == ElementType::kF64 || from == ElementType::kS32) return "(float)" + x;
      return x;  // f16/bf16 values are already floats, and exact in f32
    case ElementType::kF16:
      if (from == ElementType::kBF16 || from == ElementType::kF32) return "jaxlib_round_f16(" + x + ")";
      return "jaxlib_f64_to_f16_value((double)" + x + ")";  // f64, s32: one rounding
    case ElementType::kBF16:
      if (from == ElementType::kF16 || from == ElementType::kF32) return "jaxlib_round_bf16(" + x + ")";
      return "jaxlib_f64_to_bf16_value((double)" + x + ")";
    default: return "";
  }
}

const char* TypeSuffix(ElementType t) { return t == ElementType::kF64 ? "f64" : t == ElementType::kS32 ? "s32" : "f32"; }

std::string BinaryExpr(ElementwiseOp op, ElementType t, const std::string& a, const std::string& b) {
  const bool is_int = t == ElementType::kS32;
  const std::string sfx = TypeSuffix(t);
  switch (op) {
    case ElementwiseOp::kAdd: return is_int ? "jaxlib_add_s32(" + a + ", " + b + ")" : Rounded(t, a + " + " + b);
    case ElementwiseOp::kSub: return is_int ? "jaxlib_sub_s32(" + a + ", " + b + ")" : Rounded(t, a + " - " + b);
    case ElementwiseOp::kMul: return is_int ? "jaxlib_mul_s32(" + a + ", " + b + ")" : Rounded(t, a + " * " + b);
    case ElementwiseOp::kDiv: return is_int ? "jaxlib_div_s32(" + a + ", " + b + ")" : Rounded(t, a + " / " + b);
    // max/min pick one operand, so no rounding is needed.
    case ElementwiseOp::kMax: return "jaxlib_max_" + sfx + "(" + a + ", " + b + ")";
    case ElementwiseOp::kMin: return "jaxlib_min_" + sfx + "(" + a + ", " + b + ")";
    default: return "";
  }
}

std::string UnaryExpr(ElementwiseOp op, ElementType t, const std::string& a) {
  const bool f64 = t == ElementType::kF64;
  switch (op) {
    case ElementwiseOp::kExp: return Rounded(t, std::string(f64 ? "exp(" : "expf(") + a + ")");
    case ElementwiseOp::kLog: return Rounded(t, std::string(f64 ? "log(" : "logf(") + a + ")");
    case ElementwiseOp::kTanh: return Rounded(t, std::string(f64 ? "tanh(" : "tanhf(") + a + ")");
    case ElementwiseOp::kNeg: return t == ElementType::kS32 ? "jaxlib_neg_s32(" + a + ")" : "-" + a;
    default: return "";
  }
}

bool IsCIdentifier(const std::string& s) {
  if (s.empty() || s.size() > 200) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (i > 0 && c >= '0' && c <= '9');
    if (!ok) return false;
  }
  return s.rfind("jaxlib_", 0) != 0;  // reserved for the prelude
}

int Arity(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kParameter:
    case ElementwiseOp::kConstant: return 0;
    case ElementwiseOp::kAdd:
    case ElementwiseOp::kSub:
    case ElementwiseOp::kMul:
    case ElementwiseOp::kDiv:
    case ElementwiseOp::kMax:
    case ElementwiseOp::kMin: return 2;
    default: return 1;
  }
}

}  // namespace

const char* ElementwiseOpName(ElementwiseOp op) {
  switch (op) {
    case ElementwiseOp::kParameter: return "parameter";
    case ElementwiseOp::kConstant: return "constant";
    case ElementwiseOp::kAdd: return "add";
    case ElementwiseOp::kSub: return "sub";
    case ElementwiseOp::kMul: return "mul";
    case ElementwiseOp::kDiv: return "div";
    case ElementwiseOp::kMax: return "max";
    case ElementwiseOp::kMin: return "min";
    case ElementwiseOp::kExp: return "exp";
    case ElementwiseOp::kLog: return "log";
    case ElementwiseOp::kTanh: return "tanh";
    case ElementwiseOp::kNeg: return "neg";
    case ElementwiseOp::kConvert: return "convert";
  }
  return "unknown";
}

const char* DeviceStorageType(ElementType type) {
  switch (type) {
    case ElementType::kF16:
    case ElementType::kBF16: return "unsigned short";
    case ElementType::kF32: return "float";
    case ElementType::kF64: return "double";
    case ElementType::kS32: return "int";
    default: return "";
  }
}

bool IsSupportedKernelType(ElementType type) { return *DeviceStorageType(type) != '\0'; }

Status ValidateFusedElementwiseKernel(const FusedElementwiseKernel& k) {
  if (!IsCIdentifier(k.name))
    return InvalidArgument("kernel name '" + k.name +
                           "' is not a C identifier (or uses the reserved prefix jaxlib_)");
  if (k.nodes.empty()) return InvalidArgument("kernel '" + k.name + "' has no nodes");
  for (size_t i = 0; i < k.inputs.size(); ++i)
    if (!IsSupportedKernelType(k.inputs[i].type))
      return InvalidArgument("kernel '" + k.name + "' input " + std::to_string(i) + " has type " +
                             std::string(ElementTypeShortName(k.inputs[i].type)) +
                             "; supported: f16, bf16, f32, f64, s32");
  for (size_t i = 0; i < k.nodes.size(); ++i) {
    const ElementwiseNode& n = k.nodes[i];
    const std::string where = "kernel '" + k.name + "' node " + std::to_string(i) + " (" +
                              ElementwiseOpName(n.op) + ")";
    if (!IsSupportedKernelType(n.type))
      return InvalidArgument(where + " has type " + std::string(ElementTypeShortName(n.type)) +
                             "; supported: f16, bf16, f32, f64, s32");
    if (static_cast<int>(n.operands.size()) != Arity(n.op))
      return InvalidArgument(where + " takes " + std::to_string(Arity(n.op)) + " operand(s), got " +
                             std::to_string(n.operands.size()));
    for (int o : n.operands)
      if (o < 0 || static_cast<size_t>(o) >= i)
        return InvalidArgument(where + " refers to node " + std::to_string(o) +
                               ", which is not an earlier node");
    switch (n.op) {
      case ElementwiseOp::kParameter:
        if (n.parameter < 0 || static_cast<size_t>(n.parameter) >= k.inputs.size())
          return InvalidArgument(where + " reads input " + std::to_string(n.parameter) + " of " +
                                 std::to_string(k.inputs.size()));
        if (k.inputs[n.parameter].type != n.type)
          return InvalidArgument(where + " has type " + std::string(ElementTypeShortName(n.type)) +
                                 " but input " + std::to_string(n.parameter) + " is " +
                                 std::string(ElementTypeShortName(k.inputs[n.parameter].type)));
        break;
      case ElementwiseOp::kConstant:
        if (n.type == ElementType::kS32 &&
            (n.constant != std::trunc(n.constant) || n.constant < -2147483648.0 || n.constant > 2147483647.0))
          return InvalidArgument(where + ": " + DoubleLiteral(n.constant) + " is not an s32 value");
        break;
      case ElementwiseOp::kConvert: break;
      case ElementwiseOp::kExp:
      case ElementwiseOp::kLog:
      case ElementwiseOp::kTanh:
        if (!IsFloatingKernelType(n.type))
          return InvalidArgument(where + " needs a floating-point type, got " +
                                 std::string(ElementTypeShortName(n.type)));
        [[fallthrough]];
      default:
        for (int o : n.operands)
          if (k.nodes[o].type != n.type)
            return InvalidArgument(where + " has type " + std::string(ElementTypeShortName(n.type)) +
                                   " but operand node " + std::to_string(o) + " is " +
                                   std::string(ElementTypeShortName(k.nodes[o].type)) +
                                   " (insert a convert)");
    }
  }
  return Status::Ok();
}

StatusOr<GeneratedKernel> GenerateFusedElementwiseKernel(const FusedElementwiseKernel& k) {
  JAXLIB_RETURN_IF_ERROR(ValidateFusedElementwiseKernel(k));
  GeneratedKernel out;
  out.kernel_name = k.name;
  out.element_function = k.name + "_element";
  out.output_type = k.nodes.back().type;
  for (const KernelInput& in : k.inputs) out.parameter_types.push_back(in.type);
  out.parameter_types.push_back(out.output_type);

  std::string s(kPrelude);
  s += "\n// Fused elementwise kernel '" + k.name + "': " + std::to_string(k.inputs.size()) +
       " input(s), " + std::to_string(k.nodes.size()) + " node(s), output " +
       std::string(ElementTypeShortName(out.output_type)) + ".\n";
  // The per-element function: the only arithmetic, shared verbatim by device and host test.
  s += "static __host__ __device__ inline " + std::string(DeviceStorageType(out.output_type)) + " " +
       out.element_function + "(";
  for (size_t i = 0; i < k.inputs.size(); ++i) {
    if (i) s += ", ";
    s += std::string(DeviceStorageType(k.inputs[i].type)) + " in" + std::to_string(i);
  }
  s += ") {\n";
  for (size_t i = 0; i < k.inputs.size(); ++i) s += "  (void)in" + std::to_string(i) + ";\n";
  for (size_t i = 0; i < k.nodes.size(); ++i) {
    const ElementwiseNode& n = k.nodes[i];
    std::string expr;
    switch (n.op) {
      case ElementwiseOp::kParameter: expr = LoadExpr(n.type, "in" + std::to_string(n.parameter)); break;
      case ElementwiseOp::kConstant: expr = ConstantExpr(n.type, n.constant); break;
      case ElementwiseOp::kConvert: expr = ConvertExpr(k.nodes[n.operands[0]].type, n.type, Var(n.operands[0])); break;
      case ElementwiseOp::kExp:
      case ElementwiseOp::kLog:
      case ElementwiseOp::kTanh:
      case ElementwiseOp::kNeg: expr = UnaryExpr(n.op, n.type, Var(n.operands[0])); break;
      default: expr = BinaryExpr(n.op, n.type, Var(n.operands[0]), Var(n.operands[1])); break;
    }
    s += "  const " + std::string(ValueType(n.type)) + " " + Var(static_cast<int>(i)) + " = " + expr +
         ";  // " + ElementwiseOpName(n.op) + " " + std::string(ElementTypeShortName(n.type)) + "\n";
  }
  s += "  return " + StoreExpr(out.output_type, Var(static_cast<int>(k.nodes.size()) - 1)) + ";\n}\n";

  // The kernel: a grid-stride loop, so correctness never depends on the launch shape.
  s += "extern \"C\" __global__ void " + k.name + "(";
  for (size_t i = 0; i < k.inputs.size(); ++i)
    s += "const " + std::string(DeviceStorageType(k.inputs[i].type)) + "* __restrict__ in" +
         std::to_string(i) + ", ";
  s += std::string(DeviceStorageType(out.output_type)) + "* __restrict__ out, long long n) {\n";
  s += "  const long long stride = (long long)blockDim.x * (long long)gridDim.x;\n";
  s += "  for (long long i = (long long)blockIdx.x * (long long)blockDim.x + (long long)threadIdx.x; "
       "i < n; i += stride) {\n";
  s += "    out[i] = " + out.element_function + "(";
  for (size_t i = 0; i < k.inputs.size(); ++i) {
    if (i) s += ", ";
    s += "in" + std::to_string(i) + (k.inputs[i].broadcast_scalar ? "[0]" : "[i]");
  }
  s += ");\n  }\n}\n";
  out.source = std::move(s);
  return out;
}

}  // namespace jaxlib::gpu
