// The floating-point mode every kernel runs under: denormals flushed to zero on output (FTZ)
// and read as zero on input (DAZ), as XLA's CPU runtime computes; results differ visibly from
// IEEE without it. One place per ISA: MXCSR.FTZ|DAZ on x86-64, FPCR.FZ on AArch64 (which
// flushes inputs and outputs alike). Must not change rounding or exception masks.
#pragma once

#include <cstdint>

#if defined(__x86_64__) || defined(_M_X64)
#include <xmmintrin.h>
#endif

namespace jaxlib::cpu {

#if defined(__x86_64__) || defined(_M_X64)
inline constexpr uint64_t kFlushDenormalBits = 0x8040u;  // MXCSR: FTZ (bit 15) | DAZ (bit 6)
inline uint64_t ReadFloatControl() { return _mm_getcsr(); }
inline void WriteFloatControl(uint64_t v) { _mm_setcsr(static_cast<unsigned>(v)); }
#elif defined(__aarch64__)
// FPCR.FZ (bit 24) for single and double precision. FZ16 (bit 19) stays clear: half-precision
// values are widened to f32 in software here, as on x86, so they keep their denormals.
inline constexpr uint64_t kFlushDenormalBits = uint64_t{1} << 24;
inline uint64_t ReadFloatControl() {
  uint64_t v;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(v));
  return v;
}
inline void WriteFloatControl(uint64_t v) { __asm__ __volatile__("msr fpcr, %0" : : "r"(v)); }
#else
#define JAXLIB_NO_DENORMAL_MODE 1  // IEEE results: the corpus's subnormal cases will differ
inline constexpr uint64_t kFlushDenormalBits = 0;
inline uint64_t ReadFloatControl() { return 0; }
inline void WriteFloatControl(uint64_t) {}
#endif

// For threads that only ever run kernels (the pool's workers): the mode for life.
inline void SetDenormalsToZeroForThread() {
  if constexpr (kFlushDenormalBits != 0) WriteFloatControl(ReadFloatControl() | kFlushDenormalBits);
}

// RAII for a caller's thread: the mode while a program runs, the caller's own mode after.
class DenormalModeGuard {
 public:
  DenormalModeGuard() : saved_(ReadFloatControl()) {
    if constexpr (kFlushDenormalBits != 0) WriteFloatControl(saved_ | kFlushDenormalBits);
  }
  ~DenormalModeGuard() {
    if constexpr (kFlushDenormalBits != 0) WriteFloatControl(saved_);
  }
  DenormalModeGuard(const DenormalModeGuard&) = delete;
  DenormalModeGuard& operator=(const DenormalModeGuard&) = delete;

 private:
  uint64_t saved_;
};

}  // namespace jaxlib::cpu
