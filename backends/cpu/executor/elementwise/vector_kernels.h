// Vectorised f32 (and 32-bit integer) elementwise kernels with run-time ISA dispatch: each kernel is compiled for
// AVX-512, AVX2 and the x86-64 baseline, and the best one the CPU supports is picked when a
// program is compiled, so wheels built for any x86-64 still use the wide units.
#pragma once

#include <string>

#include "backends/cpu/executor/elementwise/elementwise_program.h"

namespace jaxlib::cpu {

enum class VectorIsa { kBaseline = 0, kAvx2 = 1, kAvx512 = 2 };

// The widest ISA this CPU and OS support, lowered by $JAXLIB_CPU_ISA=baseline|avx2 (for tests
// and for comparing variants; it never raises the level).
VectorIsa DetectedVectorIsa();

// The vectorised kernel of `op` (f32 arithmetic, compare, select, exp/log/tanh/...), or nullptr
// when the op or its types are not vectorised here (the generic kernels handle it then).
EwFn SelectVectorKernel(const compiler::Module& m, const compiler::Op& op);

// The vectorised kernel of a 32-bit integer op (s32/u32 add, sub, mul, bitwise, shifts, max,
// min, compare; select of 32-bit values), with the scalar kernels' exact semantics; nullptr
// for anything else.
EwFn SelectIntVectorKernel(const compiler::Module& m, const compiler::Op& op);

// f32 add, multiply, max or min over a whole window per output row (channels-last pooling):
// out row r = init folded with tap t's row r (taps[t] + r * x_stride) for t = 0..ntaps-1 in
// order (the tap first when `swapped`), held in registers and stored once; each element the
// same operations as the op's vector kernel (SelectVectorKernel) applied tap by tap; nullptr
// for other ops or types.
using F32TapsFn = void (*)(float* out, const float* const* taps, int64_t ntaps, float init, int64_t n, int64_t rows,
                           int64_t out_stride, int64_t x_stride, bool swapped);
F32TapsFn SelectF32TapsKernel(const compiler::Module& m, const compiler::Op& op);

// acc[i] = max(acc[i], x[i]) (min when !max; x the first operand when `swapped`) over a row,
// with the f32 maximum/minimum kernels' rules (a NaN operand wins, the first one if both, -0 <
// +0, denormals flushed): scatter max/min rows and running maxima.
void F32MaxMinRow(float* acc, const float* x, int64_t n, bool max, bool swapped);

// The vectorised convert of u8, s8, u16 or s16 to f32 (exact), or nullptr.
EwFn SelectIntToF32Kernel(const compiler::Module& m, const compiler::Op& op);

// The vectorised kernel of an f64 op (add, subtract, multiply, divide, negate, exp), or nullptr.
EwFn SelectF64VectorKernel(const compiler::Module& m, const compiler::Op& op);

// The s32 divide or remainder kernel for a divisor that is one value for the whole call (read
// from in[1][0]): a reciprocal multiply with an exact correction, the same results as the
// per-element kernel; nullptr for other ops or types.
EwFn SelectIntDivRemByInvariantKernel(compiler::OpKind kind, ElementType type);

// The vectorised kernel of an f16 or bf16 add, subtract, multiply or divide (widened to f32,
// rounded back per op) or of a conversion between f16/bf16 and f32, bit for bit the scalar
// kernels (half_vector_kernels.cc); nullptr for anything else.
EwFn SelectHalfVectorKernel(const compiler::Module& m, const compiler::Op& op);

// A whole-array conversion (ConvertArray) from `from` to `to`: the vector kernel between f32 and
// f16/bf16 where this CPU has one (the same bits), else GetConvertKernel's; nullptr if neither.
EwFn SelectConvertArrayKernel(ElementType from, ElementType to);

// Reduction of f32 laid out as [outer, R, inner] into out[outer, inner], from `init`: sums
// (rows: lane-parallel partial sums, as XLA's vectorised reductions reassociate; columns:
// sequential per element) and XLA's NaN-propagating max/min (any NaN wins; max(-0, +0) = +0).
// Softmax rows: exp_shifted(x, m, y, n) sets y = exp(x - m), scale(e, r, y, n, stream) sets
// y = e * r (e may be y), bit-identical to the subtract, exp and multiply kernels with m and r
// broadcast. `stream`: y is written with non-temporal stores where it is 64-byte aligned (the
// caller fences before anyone reads it).
struct SoftmaxRowFns {
  void (*exp_shifted)(const float* x, float m, float* y, int64_t n);
  void (*scale)(const float* e, float r, float* y, int64_t n, bool stream);
  // The same over `rows` contiguous rows of n, row i's m[i] or r[i]: one call per block of rows
  // (rows of 33 or 77 spent as long in calls and their tails as in their exps).
  void (*exp_shifted_rows)(const float* x, const float* m, float* y, int64_t rows, int64_t n);
  void (*scale_rows)(const float* e, const float* r, float* y, int64_t rows, int64_t n, bool stream);
};
SoftmaxRowFns SelectSoftmaxRowFns();

// Softmax rows, and logsumexp's row max and sum of exps, for rows of 1 to 15 elements: whole
// groups of rows at a time with the rows as vector lanes (no broadcast of each row's values),
// bit-identical to the row max and sum reducers with SoftmaxRowFns' ops between them. softmax:
// y = exp(x - m) * (1 / s); max_sum_exp: c = the row max where finite, else 0, and s = the sum
// of exp(x - c). Each returns the rows it did (a multiple of the group); the caller does the rest.
struct ShortRowSoftmaxFns {
  int64_t (*softmax)(const float* x, float* y, int64_t rows, int64_t R);
  int64_t (*max_sum_exp)(const float* x, float* c, float* s, int64_t rows, int64_t R);
};
ShortRowSoftmaxFns SelectShortRowSoftmaxFns();

using F32ReduceFn = void (*)(const float* x, float* out, float init, int64_t outer, int64_t R, int64_t inner);
enum class F32ReduceKind { kSum, kMax, kMin };
F32ReduceFn SelectF32Reduce(F32ReduceKind kind);

// The column half of F32ReduceFn at any row stride, so callers can split columns across
// threads: out[i] folds x[r * stride + i] over r < R in order from init, for i < width. With
// `resume` the fold goes on from out[i] (init unused): rows fed in several calls get the bits of
// one call over them all.
using F32ColumnsFn = void (*)(const float* x, float* out, float init, int64_t R, int64_t width, int64_t stride);
F32ColumnsFn SelectF32Columns(F32ReduceKind kind, bool resume = false);

// Max (min) columns by plain compares: acc[i] = max(acc[i], x[r * stride + i]) over r < R in
// order, for i < width; false when a NaN was read. A fold from an init that is not a NaN, whose
// inputs had no NaN, gives the NaN-aware fold's bits wherever PlainMaxMinExact(results) holds
// (every result has a nonzero exponent field: one bit pattern per value, so the order of
// compares cannot matter, and zeros, signed or flushed, never won). nullptr for sums.
using F32PlainColumnsFn = bool (*)(const float* x, float* acc, int64_t R, int64_t width, int64_t stride);
F32PlainColumnsFn SelectF32PlainColumns(F32ReduceKind kind);
bool PlainMaxMinExact(const float* results, int64_t n);

// The row half of F32ReduceFn fed in pieces, for rows that are not contiguous in memory: a
// row's state is 64 floats (kRowStateFloats). start() prepares `rows` states; feed() adds the
// next n elements of each of `rows` rows (row k's at x + k * stride; n a multiple of 64, except
// that a sum's last piece may be any length); finish() writes each row's result. A row fed so
// gets the bits F32ReduceFn gives it as one contiguous row.
inline constexpr int64_t kRowStateFloats = 64;
struct F32RowStateFns {
  void (*start)(float* states, float init, int64_t rows);
  void (*feed)(float* states, const float* x, int64_t rows, int64_t n, int64_t stride);
  void (*finish)(const float* states, float* out, float init, int64_t rows);
};
F32RowStateFns SelectF32RowState(F32ReduceKind kind);

// out[j] = base[j * lane_step + clamp(idx[j], 0, hi) * stride] for j < n, 4-byte elements: a
// gather with one index component read straight from the index array (take_along_axis along
// the last axis, x[i, idx]; along an earlier axis the output's position along the last axis is a
// batching dim, lane_step its operand stride), the clamp StableHLO gives start indices hoisted
// into the vector loop. (n - 1) * lane_step + hi * stride must fit in int32. `index_unsigned`
// reads the indices as u32 (clamped to [0, hi] as unsigned values: searchsorted's midpoints).
using GatherRow32Fn = void (*)(const uint32_t* base, const int32_t* idx, int64_t n, int32_t hi, int32_t stride,
                               int32_t lane_step, uint32_t* out, bool index_unsigned);
GatherRow32Fn SelectGatherRow32();

// One-element f32 scatter with a max (is_max) or min body, s32 indices, unit strides: for
// b < n in order, x[idx[b]] = op(x[idx[b]], u[b]) (op(u[b], x[idx[b]]) when `swapped`) with
// MaxMinBits' rules, indices outside [0, hi] skipped. Blocks whose in-range indices are all
// distinct update at once (every element's value is the sequential one), others one by one.
// Blocks of 16 on AVX-512 with conflict detection, of 8 on AVX2; nullptr at baseline.
using ScatterMaxMinF32Fn = void (*)(uint32_t* x, const int32_t* idx, const uint32_t* u, int64_t n, int32_t hi,
                                   bool is_max, bool swapped);
ScatterMaxMinF32Fn SelectScatterMaxMinF32();

// The f32 max (is_max) or min of one-element updates into n < 2^27 targets on total-order keys
// (the bits with negative values' magnitude flipped, after flushing denormals to signed zero:
// integer max/min of keys is MaxMinBits on values without NaN), s32 indices, unit strides,
// indices outside [0, n) skipped. `keys` holds 16 lane-private copies ([n][16], 16 * n ints):
// lane j of each block of 16 updates folds into its own copy, so no two lanes of a gather and
// scatter meet. On return keys[0, n) hold the fold over the lanes from the identity (the key of
// -inf or +inf); false, with keys undefined, when an in-range update is a NaN (whose payload
// rule needs the ordered fold). AVX-512 only (AVX2's gathers of slots that scalar stores just
// wrote stall); nullptr elsewhere.
using ScatterKeysF32Fn = bool (*)(int32_t* keys, const int32_t* idx, const uint32_t* u, int64_t count, int32_t n,
                                  bool is_max);
ScatterKeysF32Fn SelectScatterKeysF32();

// The f64 max (is_max) or min of a contiguous row of n > 0 elements folded from init, with the
// bits of the ordered NanPropMax / NanPropMin fold (scalar_math.h), into *out; or false, with
// nothing written, where the row or init holds a NaN (the first NaN wins: only the ordered fold
// knows which). Without NaNs the fold's result does not depend on its order (the largest or
// smallest value, +0 over -0 for max and -0 over +0 for min, denormals as zeros of their sign),
// so lanes of total-order keys fold the row independently: 8 a register at AVX-512, 4 at AVX2.
using RowMaxMinF64Fn = bool (*)(const double* x, int64_t n, double init, bool is_max, double* out);
RowMaxMinF64Fn SelectRowMaxMinF64();

// Orders earlier non-temporal stores before later stores (sfence); a no-op elsewhere.
void StreamFence();

// Fills `bytes` bytes (a multiple of 8) at dst with the repeating 8-byte `pattern` (a 2-byte
// value four times, a 4-byte value twice, or one 8-byte value): the broadcast tiles of fused loops.
using FillPatternFn = void (*)(void* dst, uint64_t pattern, int64_t bytes);
FillPatternFn SelectFillPattern();

// For unit tests: the f32 unary kernel named `name` ("exp", "expm1", "log", "log1p", "tanh", "erf_inv",
// "logistic", "erf") for `isa`, or nullptr.
EwFn VectorUnaryKernelForTest(const std::string& name, VectorIsa isa);

}  // namespace jaxlib::cpu
