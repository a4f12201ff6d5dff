// Function attributes that compile one body for a wider x86-64 ISA than the build's baseline,
// spelled for the compiler at hand (GCC builds the wheels; clang builds macOS and the fuzzer).
// Only attributes live here: which ISA runs is decided at run time (vector_kernels.cc).
#pragma once

#if defined(__x86_64__) || defined(_M_X64)
#define JAXLIB_X86_64 1

// AVX2 bodies (256-bit vectors; no FMA, so every ISA variant rounds alike).
#define JAXLIB_TARGET_AVX2 __attribute__((target("avx2")))

// AVX-512 bodies that should use 512-bit vectors for generic vector code as well as for
// intrinsics. GCC takes the width inside target(); clang rejects that whole target string
// (and with it avx512f, so always-inline AVX-512 helpers could not be inlined) and spells
// the width as its own attribute.
#if defined(__clang__)
#define JAXLIB_TARGET_AVX512_WIDE(features) __attribute__((target(features), min_vector_width(512)))
#else
#define JAXLIB_TARGET_AVX512_WIDE(features) __attribute__((target(features ",prefer-vector-width=512")))
#endif

// A lambda inside an AVX-512 function: GCC gives a lambda its enclosing function's target,
// clang does not, so the lambda names the target itself (harmless for GCC).
#define JAXLIB_LAMBDA_TARGET_AVX512F __attribute__((target("avx512f")))
#define JAXLIB_LAMBDA_TARGET_AVX2 __attribute__((target("avx2")))

// AMX bf16 tile bodies (linalg/amx_gemm.cc); every AMX CPU also has AVX-512BW, which packs
// the operands. The same spelling suits GCC and clang.
#define JAXLIB_TARGET_AMX_BF16 __attribute__((target("amx-tile,amx-bf16,avx512f,avx512bw")))
// AMX 8-bit integer tile bodies, and the VBMI byte permutes that pack their operands.
#define JAXLIB_TARGET_AMX_INT8 __attribute__((target("amx-tile,amx-bf16,amx-int8,avx512f,avx512bw,avx512vl,avx512vbmi")))
#define JAXLIB_LAMBDA_TARGET_AMX_INT8 JAXLIB_TARGET_AMX_INT8

#endif  // x86-64
