// How a reduction whose reduced dims end with the input's last dim is read in place: every kept
// element's row (its reduced elements in row-major order) is a run of segments of `seg`
// contiguous elements. Shared by the reduce and fused-reduce kernels; layout only, no loops
// over data.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

namespace jaxlib::cpu {

struct ReduceSegments {
  int64_t seg = 1;                         // elements per segment: the trailing reduced dims
  int64_t segments = 1;                    // segments per row
  int64_t inner = 1, inner_stride = 1;     // the innermost kept dim (after merging) and its stride
  int64_t outer = 1;                       // product of the other kept dims
  std::vector<int64_t> outer_dims, outer_strides;  // those dims, row-major
  std::vector<int64_t> red_dims, red_strides;      // reduced dims outside the segment, row-major

  // Element offset of outer kept index o (row-major over outer_dims).
  int64_t OuterOffset(int64_t o) const {
    int64_t off = 0;
    for (size_t k = outer_dims.size(); k-- > 0;) {
      off += (o % outer_dims[k]) * outer_strides[k];
      o /= outer_dims[k];
    }
    return off;
  }
  // Calls fn(offset) for the segments of a row in row order, offsets relative to the row's first.
  template <class F> void ForEachSegment(F&& fn) const {
    std::vector<int64_t> idx(red_dims.size(), 0);
    int64_t off = 0;
    for (int64_t j = 0; j < segments; ++j) {
      fn(off);
      for (size_t k = red_dims.size(); k-- > 0;) {
        off += red_strides[k];
        if (++idx[k] < red_dims[k]) break;
        off -= red_strides[k] * red_dims[k];
        idx[k] = 0;
      }
    }
  }
};

// One long row is folded as partial results over chunks of it (from the monoid's identity), one
// chunk per task, then the partials from init: RowChunks(R) chunks (1: not split), chunk c
// starting at RowChunkStart(R, chunks, c). The split depends on the row length only, so
// results do not depend on the thread count; the reduce and fused-reduce kernels share it.
inline constexpr int64_t kRowChunkElements = 32768;
inline constexpr int64_t kMaxRowChunks = 64;
inline int64_t RowChunks(int64_t R) {
  return R >= 2 * kRowChunkElements ? std::min<int64_t>(kMaxRowChunks, R / kRowChunkElements) : 1;
}
inline int64_t RowChunkStart(int64_t R, int64_t chunks, int64_t c) { return R * c / chunks; }

// The segment layout of reducing `reduce_dims` of a row-major array of `dims`, or nullopt when
// the last non-unit dim is kept, nothing non-unit is kept, or the array is empty.
inline std::optional<ReduceSegments> PlanReduceSegments(const std::vector<int64_t>& dims,
                                                        const std::vector<int64_t>& reduce_dims) {
  std::vector<bool> red(dims.size(), false);
  for (int64_t d : reduce_dims)
    if (d >= 0 && d < static_cast<int64_t>(dims.size())) red[static_cast<size_t>(d)] = true;
  // Merge adjacent dims of the same kind, dropping unit dims: (size, reduced), outermost first.
  std::vector<std::pair<int64_t, bool>> groups;
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) return std::nullopt;
    if (dims[k] == 1) continue;
    if (!groups.empty() && groups.back().second == red[k]) groups.back().first *= dims[k];
    else groups.emplace_back(dims[k], red[k]);
  }
  if (groups.size() < 2 || !groups.back().second) return std::nullopt;
  ReduceSegments s;
  s.seg = groups.back().first;
  int64_t stride = s.seg;
  size_t inner_kept = groups.size();
  for (size_t g = groups.size() - 1; g-- > 0;) {
    if (!groups[g].second && inner_kept == groups.size()) inner_kept = g;
    if (groups[g].second) {
      s.red_dims.insert(s.red_dims.begin(), groups[g].first);
      s.red_strides.insert(s.red_strides.begin(), stride);
      s.segments *= groups[g].first;
    } else if (g == inner_kept) {
      s.inner = groups[g].first;
      s.inner_stride = stride;
    } else {
      s.outer_dims.insert(s.outer_dims.begin(), groups[g].first);
      s.outer_strides.insert(s.outer_strides.begin(), stride);
      s.outer *= groups[g].first;
    }
    stride *= groups[g].first;
  }
  return s;
}

// A reduction whose reduced dims are one block of adjacent dims (unit dims aside) followed by
// some kept dim of more than one element, viewed as [outer, R, inner]: each kept element folds
// the R elements `inner` apart, and a row of R's dim is `inner` contiguous columns.
struct ReduceColumns {
  int64_t outer = 1, R = 1, inner = 1;
};

// The column layout of reducing `reduce_dims` of a row-major array of `dims`, or nullopt when
// the reduced dims are not one block, end with the last non-unit dim, or reduce nothing.
inline std::optional<ReduceColumns> PlanReduceColumns(const std::vector<int64_t>& dims,
                                                      const std::vector<int64_t>& reduce_dims) {
  std::vector<bool> red(dims.size(), false);
  for (int64_t d : reduce_dims)
    if (d >= 0 && d < static_cast<int64_t>(dims.size())) red[static_cast<size_t>(d)] = true;
  ReduceColumns c;
  int phase = 0;  // 0: kept dims before the block, 1: in the block, 2: kept dims after it
  for (size_t k = 0; k < dims.size(); ++k) {
    if (dims[k] == 0) return std::nullopt;
    if (dims[k] == 1) continue;
    if (red[k]) {
      if (phase == 2) return std::nullopt;
      phase = 1;
      c.R *= dims[k];
    } else {
      if (phase == 1) phase = 2;
      (phase == 0 ? c.outer : c.inner) *= dims[k];
    }
  }
  if (phase != 2) return std::nullopt;
  return c;
}

}  // namespace jaxlib::cpu
