// Strided <-> dense copies. The walk keeps a multi-index over all but the innermost
// dimension; the innermost run is one memcpy when it is contiguous, element copies otherwise.
#include "runtime/plugin_adapter/strided_copy.h"

#include <cstring>

namespace jaxlib::plugin {
namespace {

int64_t ElementCount(std::span<const int64_t> dims) {
  int64_t n = 1;
  for (int64_t d : dims) n *= d;
  return n;
}

// Calls copy_run(strided_offset_bytes, dense_offset_bytes) for each innermost run, in dense
// order; `run_contiguous` tells whether a run is one block on the strided side.
template <typename CopyRun>
void ForEachRun(std::span<const int64_t> dims, std::span<const int64_t> strides,
                size_t element_size, CopyRun&& copy_run) {
  const size_t rank = dims.size();
  if (ElementCount(dims) == 0) return;
  if (rank == 0) {
    copy_run(int64_t{0}, int64_t{0}, int64_t{1});
    return;
  }
  const int64_t inner = dims[rank - 1];
  std::vector<int64_t> index(rank - 1, 0);
  int64_t dense_offset = 0;
  const int64_t run_bytes = inner * static_cast<int64_t>(element_size);
  while (true) {
    int64_t strided_offset = 0;
    for (size_t i = 0; i + 1 < rank; ++i) strided_offset += index[i] * strides[i];
    copy_run(strided_offset, dense_offset, inner);
    dense_offset += run_bytes;
    // Odometer increment over the outer dimensions.
    size_t d = rank - 1;
    while (d > 0) {
      --d;
      if (++index[d] < dims[d]) break;
      index[d] = 0;
      if (d == 0) return;
    }
    if (rank == 1) return;
  }
}

}  // namespace

std::vector<int64_t> DenseByteStrides(std::span<const int64_t> dims, size_t element_size) {
  std::vector<int64_t> strides(dims.size());
  int64_t stride = static_cast<int64_t>(element_size);
  for (size_t i = dims.size(); i > 0; --i) {
    strides[i - 1] = stride;
    stride *= dims[i - 1];
  }
  return strides;
}

bool IsDenseRowMajor(std::span<const int64_t> dims, std::span<const int64_t> byte_strides,
                     size_t element_size) {
  if (byte_strides.size() != dims.size()) return false;
  if (ElementCount(dims) == 0) return true;
  std::vector<int64_t> dense = DenseByteStrides(dims, element_size);
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != 1 && byte_strides[i] != dense[i]) return false;
  }
  return true;
}

int64_t StridedExtentBytes(std::span<const int64_t> dims, std::span<const int64_t> byte_strides,
                           size_t element_size) {
  if (ElementCount(dims) == 0) return 0;
  int64_t last = 0;
  for (size_t i = 0; i < dims.size(); ++i) last += (dims[i] - 1) * byte_strides[i];
  return last + static_cast<int64_t>(element_size);
}

void GatherStridedToDense(const void* src, std::span<const int64_t> dims,
                          std::span<const int64_t> src_byte_strides, size_t element_size,
                          void* dst) {
  const char* in = static_cast<const char*>(src);
  char* out = static_cast<char*>(dst);
  const int64_t inner_stride = dims.empty() ? 0 : src_byte_strides[dims.size() - 1];
  const bool contiguous = dims.empty() || inner_stride == static_cast<int64_t>(element_size);
  ForEachRun(dims, src_byte_strides, element_size,
             [&](int64_t strided, int64_t dense, int64_t count) {
               if (contiguous) {
                 std::memcpy(out + dense, in + strided, static_cast<size_t>(count) * element_size);
                 return;
               }
               for (int64_t k = 0; k < count; ++k) {
                 std::memcpy(out + dense + k * static_cast<int64_t>(element_size),
                             in + strided + k * inner_stride, element_size);
               }
             });
}

void ScatterDenseToStrided(const void* src, std::span<const int64_t> dims,
                           std::span<const int64_t> dst_byte_strides, size_t element_size,
                           void* dst) {
  const char* in = static_cast<const char*>(src);
  char* out = static_cast<char*>(dst);
  const int64_t inner_stride = dims.empty() ? 0 : dst_byte_strides[dims.size() - 1];
  const bool contiguous = dims.empty() || inner_stride == static_cast<int64_t>(element_size);
  ForEachRun(dims, dst_byte_strides, element_size,
             [&](int64_t strided, int64_t dense, int64_t count) {
               if (contiguous) {
                 std::memcpy(out + strided, in + dense, static_cast<size_t>(count) * element_size);
                 return;
               }
               for (int64_t k = 0; k < count; ++k) {
                 std::memcpy(out + strided + k * inner_stride,
                             in + dense + k * static_cast<int64_t>(element_size), element_size);
               }
             });
}

}  // namespace jaxlib::plugin
