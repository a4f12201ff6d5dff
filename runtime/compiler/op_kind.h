// The op vocabulary of the compiler: one enum value per StableHLO / CHLO op we understand,
// with its MLIR name and a coarse class. The single table of op names; nothing else spells them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace jaxlib::compiler {

// X(enum, "mlir name", class). Classes: U/B/T = elementwise unary/binary/ternary, O = other.
#define JAXLIB_OP_LIST(X)                                         \
  /* elementwise unary */                                         \
  X(kAbs, "stablehlo.abs", U)                                     \
  X(kCbrt, "stablehlo.cbrt", U)                                   \
  X(kCeil, "stablehlo.ceil", U)                                   \
  X(kClz, "stablehlo.count_leading_zeros", U)                     \
  X(kCosine, "stablehlo.cosine", U)                               \
  X(kExp, "stablehlo.exponential", U)                             \
  X(kExpm1, "stablehlo.exponential_minus_one", U)                 \
  X(kFloor, "stablehlo.floor", U)                                 \
  X(kIsFinite, "stablehlo.is_finite", U)                          \
  X(kLog, "stablehlo.log", U)                                     \
  X(kLog1p, "stablehlo.log_plus_one", U)                          \
  X(kLogistic, "stablehlo.logistic", U)                           \
  X(kNegate, "stablehlo.negate", U)                               \
  X(kNot, "stablehlo.not", U)                                     \
  X(kPopcnt, "stablehlo.popcnt", U)                               \
  X(kRoundAfz, "stablehlo.round_nearest_afz", U)                  \
  X(kRoundEven, "stablehlo.round_nearest_even", U)                \
  X(kRsqrt, "stablehlo.rsqrt", U)                                 \
  X(kSign, "stablehlo.sign", U)                                   \
  X(kSine, "stablehlo.sine", U)                                   \
  X(kSqrt, "stablehlo.sqrt", U)                                   \
  X(kTan, "stablehlo.tan", U)                                     \
  X(kTanh, "stablehlo.tanh", U)                                   \
  X(kReal, "stablehlo.real", U)                                   \
  X(kImag, "stablehlo.imag", U)                                   \
  X(kConvert, "stablehlo.convert", U)                             \
  X(kReducePrecision, "stablehlo.reduce_precision", U)            \
  X(kErf, "chlo.erf", U)                                          \
  X(kErfc, "chlo.erfc", U)                                        \
  X(kErfInv, "chlo.erf_inv", U)                                   \
  X(kLgamma, "chlo.lgamma", U)                                    \
  X(kDigamma, "chlo.digamma", U)                                  \
  X(kAcos, "chlo.acos", U)                                        \
  X(kAcosh, "chlo.acosh", U)                                      \
  X(kAsin, "chlo.asin", U)                                        \
  X(kAsinh, "chlo.asinh", U)                                      \
  X(kAtan, "chlo.atan", U)                                        \
  X(kAtanh, "chlo.atanh", U)                                      \
  X(kCosh, "chlo.cosh", U)                                        \
  X(kSinh, "chlo.sinh", U)                                        \
  X(kChloTan, "chlo.tan", U)                                      \
  X(kSquare, "chlo.square", U)                                    \
  X(kIsInf, "chlo.is_inf", U)                                     \
  X(kIsNegInf, "chlo.is_neg_inf", U)                              \
  X(kIsPosInf, "chlo.is_pos_inf", U)                              \
  X(kConj, "chlo.conj", U)                                        \
  X(kBesselI1e, "chlo.bessel_i1e", U)                             \
  /* elementwise binary */                                        \
  X(kAdd, "stablehlo.add", B)                                     \
  X(kSubtract, "stablehlo.subtract", B)                           \
  X(kMultiply, "stablehlo.multiply", B)                           \
  X(kDivide, "stablehlo.divide", B)                               \
  X(kRemainder, "stablehlo.remainder", B)                         \
  X(kMaximum, "stablehlo.maximum", B)                             \
  X(kMinimum, "stablehlo.minimum", B)                             \
  X(kPower, "stablehlo.power", B)                                 \
  X(kAtan2, "stablehlo.atan2", B)                                 \
  X(kAnd, "stablehlo.and", B)                                     \
  X(kOr, "stablehlo.or", B)                                       \
  X(kXor, "stablehlo.xor", B)                                     \
  X(kShiftLeft, "stablehlo.shift_left", B)                        \
  X(kShiftRightArithmetic, "stablehlo.shift_right_arithmetic", B) \
  X(kShiftRightLogical, "stablehlo.shift_right_logical", B)       \
  X(kComplex, "stablehlo.complex", B)                             \
  X(kCompare, "stablehlo.compare", B)                             \
  X(kNextAfter, "chlo.next_after", B)                             \
  X(kPolygamma, "chlo.polygamma", B)                              \
  X(kZeta, "chlo.zeta", B)                                        \
  /* elementwise ternary */                                       \
  X(kSelect, "stablehlo.select", T)                               \
  X(kClamp, "stablehlo.clamp", T)                                 \
  /* everything else */                                           \
  X(kConstant, "stablehlo.constant", O)                           \
  X(kIota, "stablehlo.iota", O)                                   \
  X(kBroadcastInDim, "stablehlo.broadcast_in_dim", O)             \
  X(kBroadcast, "stablehlo.broadcast", O)                         \
  X(kReshape, "stablehlo.reshape", O)                             \
  X(kTranspose, "stablehlo.transpose", O)                         \
  X(kSlice, "stablehlo.slice", O)                                 \
  X(kDynamicSlice, "stablehlo.dynamic_slice", O)                  \
  X(kDynamicUpdateSlice, "stablehlo.dynamic_update_slice", O)     \
  X(kConcatenate, "stablehlo.concatenate", O)                     \
  X(kPad, "stablehlo.pad", O)                                     \
  X(kReverse, "stablehlo.reverse", O)                             \
  X(kGather, "stablehlo.gather", O)                               \
  X(kScatter, "stablehlo.scatter", O)                             \
  X(kBitcastConvert, "stablehlo.bitcast_convert", O)              \
  X(kDotGeneral, "stablehlo.dot_general", O)                      \
  X(kDot, "stablehlo.dot", O)                                     \
  X(kConvolution, "stablehlo.convolution", O)                     \
  X(kReduce, "stablehlo.reduce", O)                               \
  X(kReduceWindow, "stablehlo.reduce_window", O)                  \
  X(kSelectAndScatter, "stablehlo.select_and_scatter", O)         \
  X(kSort, "stablehlo.sort", O)                                   \
  X(kTopK, "chlo.top_k", O)                                       \
  X(kMap, "stablehlo.map", O)                                     \
  X(kWhile, "stablehlo.while", O)                                 \
  X(kCase, "stablehlo.case", O)                                   \
  X(kIf, "stablehlo.if", O)                                       \
  X(kCall, "func.call", O)                                        \
  X(kCustomCall, "stablehlo.custom_call", O)                      \
  X(kTuple, "stablehlo.tuple", O)                                 \
  X(kGetTupleElement, "stablehlo.get_tuple_element", O)           \
  X(kOptimizationBarrier, "stablehlo.optimization_barrier", O)    \
  X(kRngBitGenerator, "stablehlo.rng_bit_generator", O)           \
  X(kRng, "stablehlo.rng", O)                                     \
  X(kFft, "stablehlo.fft", O)                                     \
  X(kCholesky, "stablehlo.cholesky", O)                           \
  X(kTriangularSolve, "stablehlo.triangular_solve", O)            \
  X(kAllReduce, "stablehlo.all_reduce", O)                        \
  X(kAllGather, "stablehlo.all_gather", O)                        \
  X(kReduceScatter, "stablehlo.reduce_scatter", O)                \
  X(kAllToAll, "stablehlo.all_to_all", O)                         \
  X(kCollectivePermute, "stablehlo.collective_permute", O)        \
  X(kCollectiveBroadcast, "stablehlo.collective_broadcast", O)    \
  X(kReplicaId, "stablehlo.replica_id", O)                        \
  X(kPartitionId, "stablehlo.partition_id", O)                    \
  X(kAfterAll, "stablehlo.after_all", O)                          \
  X(kCreateToken, "stablehlo.create_token", O)                    \
  X(kGetDimensionSize, "stablehlo.get_dimension_size", O)         \
  X(kIdentity, "sdy.sharding_constraint", O)                      \
  X(kReshard, "sdy.reshard", O)                                   \
  X(kManualComputation, "sdy.manual_computation", O)              \
  /* made by the compiler: a fused elementwise loop whose region holds the ops */ \
  X(kFusion, "jaxlib.fusion", O)

enum class OpKind : uint16_t {
  kUnknown = 0,
#define JAXLIB_OP_ENUM(e, name, cls) e,
  JAXLIB_OP_LIST(JAXLIB_OP_ENUM)
#undef JAXLIB_OP_ENUM
  kNumOpKinds
};

enum class OpClass : uint8_t { kUnary, kBinary, kTernary, kOther };

std::string_view OpName(OpKind k);
OpClass GetOpClass(OpKind k);
inline bool IsElementwise(OpKind k) { return GetOpClass(k) != OpClass::kOther; }
// Whether running an op can do more than compute its results from its operands: talk to other
// devices, draw from hidden state, order tokens, call out of the program, or run regions
// that may do any of these. An op for which this is false can be dropped when its results
// are unread, and evaluated twice without anyone noticing.
bool MayHaveEffects(OpKind k);
// Accepts full names and the dialect-less spellings MLIR prints ("return", "call").
std::optional<OpKind> OpKindFromName(std::string_view name);

}  // namespace jaxlib::compiler
