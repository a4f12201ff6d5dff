// The constants of the f32 formulas in vector_math.h that the fused-loop JIT (fused_loop_jit.cc)
// also emits as machine code: one copy, so the interpreter and the generated code cannot drift
// apart. Polynomials run from the highest power down (Horner order).
#pragma once

namespace jaxlib::cpu::math_coefficients {

// exp: clamp, x = n ln2 + r with ln2 split in two (Cody-Waite), then exp(r) - 1 - r over r^2
// on [-ln2/2, ln2/2] (Cephes expf minimax).
inline constexpr float kExpLo = -104.0f;
inline constexpr float kExpHi = 88.8f;
inline constexpr float kLog2e = 1.44269504088896341f;
inline constexpr float kLn2Hi = 0.693359375f;
inline constexpr float kLn2Lo = -2.12194440e-4f;
inline constexpr float kExpPoly[] = {1.9875691500e-4f, 1.3981999507e-3f, 8.3334519073e-3f,
                                     4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f};

// log: x = 2^e (1 + m) with m in [sqrt(0.5) - 1, sqrt(2) - 1], then log(1 + m) - m + m^2/2 over
// m^3 (Cephes logf); the kLn2Hi/kLn2Lo split above scales e. A subtracted coefficient is written
// negated: p * m - c and p * m + (-c) round alike.
inline constexpr float kLogPoly[] = {7.0376836292e-2f,  -1.1514610310e-1f, 1.1676998740e-1f,
                                     -1.2420140846e-1f, 1.4249322787e-1f,  -1.6668057665e-1f,
                                     2.0000714765e-1f,  -2.4999993993e-1f, 3.3333331174e-1f};
inline constexpr float kLogSqrtHalf = 0.70710678118654752f;  // m below it is doubled
// expm1: above this x the result is +inf; where 2^n exceeds 2^24 the -1 only rounds.
inline constexpr float kExpm1Overflow = 88.72283935546875f;
inline constexpr float kExpm1Exact = 24.0f;
// log1p: below this |x| the series x - x^2/2 + x^3/3.
inline constexpr float kLog1pTiny = 1e-4f;

// XLA's f32 tanh (llvm_ir::EmitFastTanh): c * P(c^2) / Q(c^2) with c = x clamped to
// +-kTanhClamp, and x itself where |x| < kTanhTiny.
inline constexpr float kTanhClamp = 7.90531110763549805f;
inline constexpr float kTanhTiny = 0.0004f;
inline constexpr float kTanhP[] = {-2.76076847742355e-16f, 2.00018790482477e-13f, -8.60467152213735e-11f,
                                   5.12229709037114e-08f,  1.48572235717979e-05f, 6.37261928875436e-04f,
                                   4.89352455891786e-03f};
inline constexpr float kTanhQ[] = {1.19825839466702e-06f, 1.18534705686654e-04f, 2.26843463243900e-03f,
                                   4.89352518554385e-03f};

// XLA's f32 erf: c * P(c^2) / Q(c^2) with c = x clamped to +-kErfClamp.
inline constexpr float kErfClamp = 4.0f;
inline constexpr float kErfP[] = {-2.72614225801306e-10f, 2.77068142495902e-08f,  -2.10102402082508e-06f,
                                  -5.69250639462346e-05f, -7.34990630326855e-04f, -2.95459980854025e-03f,
                                  -1.60960333262415e-02f};
inline constexpr float kErfQ[] = {-1.45660718464996e-05f, -2.13374055278905e-04f, -1.68282697438203e-03f,
                                  -7.37332916720468e-03f, -1.42647390514189e-02f};

}  // namespace jaxlib::cpu::math_coefficients
