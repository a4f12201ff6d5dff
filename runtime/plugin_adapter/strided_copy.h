// Host-side copies between a dense row-major array and a byte-strided view of the same
// elements (numpy strides, PJRT byte_strides and host layouts). Pure memory moves: callers
// validate sizes first; nothing here allocates or reports errors.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace jaxlib::plugin {

// Byte strides of the dense row-major (major-to-minor) layout of `dims`.
std::vector<int64_t> DenseByteStrides(std::span<const int64_t> dims, size_t element_size);

// True when `byte_strides` address exactly the dense row-major layout. Strides of dimensions
// of extent 1 (and of empty arrays) are ignored: numpy leaves arbitrary values there.
bool IsDenseRowMajor(std::span<const int64_t> dims, std::span<const int64_t> byte_strides,
                     size_t element_size);

// Bytes spanned by a view with non-negative strides: last reachable byte + 1 (0 when empty).
int64_t StridedExtentBytes(std::span<const int64_t> dims, std::span<const int64_t> byte_strides,
                           size_t element_size);

// dst (dense) <- src (strided). `src` points at element [0, ..., 0]; strides may be negative.
void GatherStridedToDense(const void* src, std::span<const int64_t> dims,
                          std::span<const int64_t> src_byte_strides, size_t element_size,
                          void* dst);

// dst (strided) <- src (dense). `dst` points at element [0, ..., 0].
void ScatterDenseToStrided(const void* src, std::span<const int64_t> dims,
                           std::span<const int64_t> dst_byte_strides, size_t element_size,
                           void* dst);

}  // namespace jaxlib::plugin
