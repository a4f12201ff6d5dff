// Device-code generator, first piece: a fused elementwise expression -> CUDA C source that
// NVRTC (and hipRTC: the subset used is common to both) compiles at run time. Pure string
// generation: no driver, no NVRTC, no device here, so it is tested on any machine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/support/element_type.h"
#include "runtime/support/status.h"

namespace jaxlib::gpu {

enum class ElementwiseOp {
  kParameter,  // reads kernel input `parameter`
  kConstant,   // the literal `constant`, converted to the node's type
  kAdd, kSub, kMul, kDiv, kMax, kMin,  // binary; operands and result share one type
  kExp, kLog, kTanh,                   // unary, floating-point types only
  kNeg,                                // unary, any supported type
  kConvert,                            // unary, any supported type to any supported type
};

// One value of the expression DAG. Operands index earlier nodes (topological order).
struct ElementwiseNode {
  ElementwiseOp op = ElementwiseOp::kParameter;
  ElementType type = ElementType::kInvalid;  // type of this node's value
  std::vector<int> operands;
  int parameter = -1;     // kParameter: index into FusedElementwiseKernel::inputs
  double constant = 0.0;  // kConstant
};

struct KernelInput {
  ElementType type = ElementType::kInvalid;
  // A one-element input broadcast to every output element (a scalar operand).
  bool broadcast_scalar = false;
};

// A fused elementwise computation: out[i] = f(in0[i], in1[i], ...). The last node is the
// output. Supported types: f16, bf16, f32, f64, s32.
struct FusedElementwiseKernel {
  std::string name;  // a C identifier; becomes the `extern "C"` kernel symbol
  std::vector<KernelInput> inputs;
  std::vector<ElementwiseNode> nodes;
};

struct GeneratedKernel {
  std::string kernel_name;          // the __global__ symbol, for cuModuleGetFunction
  std::string element_function;     // the __host__ __device__ per-element function
  std::string source;               // complete translation unit, no #include
  std::vector<ElementType> parameter_types;  // kernel pointer parameters: inputs..., output
  ElementType output_type = ElementType::kInvalid;
};

// Why a description is malformed (bad operand index, arity, type rule), or OK.
Status ValidateFusedElementwiseKernel(const FusedElementwiseKernel& kernel);

// Emits the CUDA C translation unit. The kernel signature is
//   extern "C" __global__ void NAME(const T0* in0, ..., TOut* out, long long n)
// using a grid-stride loop, so any launch shape covers n elements. f16/bf16 travel as their
// 16-bit patterns (unsigned short) and compute in float, rounded after every op, which is
// what XLA and numpy/ml_dtypes do; s32 arithmetic wraps and division follows XLA
// (x/0 = -1, INT_MIN/-1 = INT_MIN); float->s32 converts saturate with NaN -> 0.
StatusOr<GeneratedKernel> GenerateFusedElementwiseKernel(const FusedElementwiseKernel& kernel);

// Storage type spelled in generated code ("float", "unsigned short", ...), or "" if unsupported.
const char* DeviceStorageType(ElementType type);
bool IsSupportedKernelType(ElementType type);
const char* ElementwiseOpName(ElementwiseOp op);

}  // namespace jaxlib::gpu
