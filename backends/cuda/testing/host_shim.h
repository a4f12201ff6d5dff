/* Lets g++ compile generated device code (kernel_codegen) for the host, so tests run the very
 * same per-element arithmetic on the CPU and compare it with numpy. Test-only: never part of
 * a plugin. A 1x1 "launch" makes the grid-stride loop visit every element in order. */
#pragma once

#include <math.h>
#include <string.h>

#define __host__
#define __device__
#define __global__
#define __forceinline__ inline

static inline unsigned int __float_as_uint(float f) { unsigned int u; memcpy(&u, &f, sizeof u); return u; }
static inline float __uint_as_float(unsigned int u) { float f; memcpy(&f, &u, sizeof f); return f; }
static inline double __longlong_as_double(long long v) { double d; memcpy(&d, &v, sizeof d); return d; }

struct jaxlib_host_dim3 { unsigned int x, y, z; };
static const jaxlib_host_dim3 threadIdx = {0, 0, 0};
static const jaxlib_host_dim3 blockIdx = {0, 0, 0};
static const jaxlib_host_dim3 blockDim = {1, 1, 1};
static const jaxlib_host_dim3 gridDim = {1, 1, 1};
