// N-d strided copies and fills on raw bytes: the one engine behind transpose, broadcast, slice,
// pad, reverse, concatenate and the dynamic slices. Inner runs become memcpy where possible.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace jaxlib::cpu {

// Row-major element strides of `dims`.
std::vector<int64_t> RowMajorStrides(const std::vector<int64_t>& dims);

// For every index i over `dims`: dst[sum i_k * dst_strides_k] = src[sum i_k * src_strides_k].
// Strides are in elements of `es` bytes; source strides may be 0 (broadcast) or negative.
void CopyStrided(void* dst, const std::vector<int64_t>& dst_strides, const void* src,
                 const std::vector<int64_t>& src_strides, const std::vector<int64_t>& dims, size_t es);

// A strided copy with its dimensions coalesced once, for copies repeated many times (gather,
// scatter windows) without per-call allocation.
class StridedCopier {
 public:
  StridedCopier() = default;
  StridedCopier(const std::vector<int64_t>& dims, const std::vector<int64_t>& dst_strides,
                const std::vector<int64_t>& src_strides, size_t es);
  // Copies over the thread pool when the copy is large (from inside a task, on the caller).
  void Run(void* dst, const void* src) const;

 private:
  static constexpr int64_t kParallelCopyBytes = int64_t{1} << 20;  // below: one thread
  static constexpr int64_t kParallelChunkBytes = int64_t{256} << 10;
  void RunSlab(uint8_t* dst, const uint8_t* src, int64_t begin, int64_t end) const;

  std::vector<int64_t> d_, ds_, ss_;
  size_t es_ = 0;
  bool empty_ = false;
};

// dst[i] = src[i * stride] for i < n, elements of es bytes (a column of a row-major array:
// vector permutes for 4- and 8-byte elements and strides up to 8 on AVX2 CPUs; one thread).
void CopyStridedRun(void* dst, const void* src, int64_t n, int64_t stride, size_t es);

// memcpy of a large buffer split across the thread pool (one thread below a few hundred KiB).
void CopyBytesParallel(void* dst, const void* src, size_t bytes);

// Fills n elements of es bytes with one value (vector stores; over the pool above 1 MiB).
void FillElements(void* dst, const void* value, size_t es, int64_t n);

// Each of n contiguous source elements of es bytes written r times in a row (jnp.repeat, a
// broadcast along a new trailing dim): dst[i * r + k] = src[i], k < r (byte shuffles on AVX2
// CPUs for r under 16 and es up to 8; one thread).
void RepeatEach(void* dst, const void* src, int64_t n, int64_t r, size_t es);
// Whether RepeatEach fills runs of r elements of es bytes by vectors (short runs by shuffles,
// runs of a vector or more by whole-vector stores) rather than an element at a time.
bool RepeatEachFillsRuns(int64_t r, size_t es);

}  // namespace jaxlib::cpu
