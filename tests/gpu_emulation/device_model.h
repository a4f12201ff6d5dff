/* Host model of the CUDA/HIP built-ins that generated kernels use, force-included when the
 * emulated drivers compile a module's own source with g++: thread and block indices of the
 * current launch, bit casts, and the entry each kernel exports to the emulator. Test-only. */
#pragma once

#include <math.h>
#include <string.h>

#define __host__
#define __device__
#define __global__
#define __forceinline__ inline

struct jx_host_dim3 { unsigned int x, y, z; };
/* One launch runs on one host thread; thread_local keeps devices on other threads apart. */
static thread_local jx_host_dim3 threadIdx, blockIdx, blockDim, gridDim;

extern "C" void jx_host_set_launch(unsigned block, unsigned thread, unsigned blocks, unsigned threads) {
  blockIdx = {block, 0, 0};
  threadIdx = {thread, 0, 0};
  gridDim = {blocks, 1, 1};
  blockDim = {threads, 1, 1};
}

static inline unsigned int __float_as_uint(float f) { unsigned int u; memcpy(&u, &f, sizeof u); return u; }
static inline float __uint_as_float(unsigned int u) { float f; memcpy(&f, &u, sizeof f); return f; }
static inline long long __double_as_longlong(double d) { long long v; memcpy(&v, &d, sizeof v); return v; }
static inline double __longlong_as_double(long long v) { double d; memcpy(&d, &v, sizeof d); return d; }

/* The kernel's parameter block arrives by address; the emulator copied it at launch time. */
#define JX_HOST_ENTRY(name)                                                                \
  extern "C" void name##_jx_host(const void* params) { name(*(const jx_params*)params); } \
  extern "C" unsigned long name##_jx_param_bytes(void) { return sizeof(jx_params); }
