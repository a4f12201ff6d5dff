// Direct (implicit-GEMM) f32 convolution with AVX-512 and AVX2 + FMA micro-kernels, for the
// convolution kernel to use instead of im2col + GEMM. Only reachable through DirectConvF32::Plan,
// which checks the CPU.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace jaxlib::cpu {

// A convolution with one batch group, operands in canonical order:
// x [batch, in_spatial..., in_features], w [kernel_spatial..., in_features / feature_groups,
// out_features], y [batch, out_spatial..., out_features], all row-major f32; the output
// features [g * O / G, (g + 1) * O / G) of feature group g read the input features
// [g * C / G, (g + 1) * C / G). Per spatial dim, output o and kernel tap k read the padded,
// lhs-dilated input at o * stride + k' * rhs_dilation - pad_low, k' = reversed ? K - 1 - k : k
// (the stablehlo.convolution semantics).
struct DirectConvShape {
  int64_t batch = 1, in_features = 1, out_features = 1, feature_groups = 1;
  std::vector<int64_t> in_spatial, kernel_spatial, out_spatial, stride, lhs_dilation, rhs_dilation, pad_low;
  std::vector<bool> reversed;
};

class DirectConvF32 {
 public:
  // The plan for `shape`, or nullopt when the direct kernel is not used for it: the CPU lacks
  // AVX2 + FMA (or $JAXLIB_CPU_ISA caps it lower), $JAXLIB_CPU_DISABLE_DIRECT_CONV=1, or the
  // shape is empty or malformed. Callers then keep im2col + GEMM. Every output is summed in
  // the same order by either micro-kernel, so AVX-512 and AVX2 give the same bits.
  static std::optional<DirectConvF32> Plan(const DirectConvShape& shape);

  // Scratch bytes Run needs (a row of zeros standing in for padding, the filter copied block by
  // block of output features).
  int64_t ScratchBytes() const;

  // y = conv(x, w); y must not overlap x or w.
  void Run(const float* x, const float* w, float* y, uint8_t* scratch) const;

 private:
  DirectConvF32() = default;

  // Slabs of the filter in summation order: a part's taps [tap0, tap1) x input features
  // [c0, c0 + cn).
  struct Slab {
    int64_t tap0, tap1, c0, cn;
  };
  // Output pixels that read the same taps of the filter: with lhs dilation, the outputs of one
  // residue class modulo the dilation's period along every dim, whose dilation holes are the
  // same taps and are left out; otherwise every output and every tap. Its outputs along dim d
  // are o = residue_d + period_d * j, j < out_count[d].
  struct Part {
    std::vector<int64_t> out_count, kernel_count;  // per dim: outputs, and taps read
    // Per dim, offset[d][j * kernel_count[d] + kv]: element offset into the image of the input
    // read by output j and the part's tap kv, or -1 in padding (or a dilation hole it keeps).
    std::vector<std::vector<int64_t>> offset;
    std::vector<std::vector<int64_t>> y_offset;  // per dim, [j]: element offset into the output image
    std::vector<int64_t> filter_taps;            // the filter's tap index of each of the part's taps
    std::vector<Slab> slabs;
    int64_t pixels = 0, taps = 0;
    // Whether a last-dim tap that neither output j0 nor j1 > j0 reads in padding is read by every
    // output between them, at offsets one fixed step apart (no dilation holes kept in that dim).
    bool affine_last = false;
    int64_t packed_offset = 0;  // floats into the packed filter where this part's copy starts
  };
  static std::vector<Slab> MakeSlabs(int64_t taps, int64_t cin, int64_t budget_rows);
  static Part MakePart(const DirectConvShape& s, const std::vector<int64_t>& residue,
                       const std::vector<int64_t>& period, bool skip_holes, int64_t cin, int64_t budget_rows);

  int64_t batch_ = 0, groups_ = 1;
  int64_t in_features_ = 0;   // of a pixel, all groups
  int64_t cin_ = 0;           // filter rows per tap: one group's input features (x K if merged)
  int64_t cout_ = 0;          // output features of a pixel, all groups
  int64_t cout_group_ = 0;    // output features of one group
  int64_t out_image_ = 0;     // per image: output elements
  int64_t image_elems_ = 0;   // per image: input elements
  int64_t taps_ = 0;          // kernel positions
  int pixels_per_tile_ = 0;   // output pixels of one micro-kernel call
  int lanes_ = 0;             // f32 lanes of the chosen micro-kernel's vectors (16 or 8)
  int main_vectors_ = 0;      // vectors of output features per full block
  // The parts covering every output. Skipping a dilation hole drops a product 0 * w, which
  // leaves the sum's bits alone only when w is finite: a filter holding inf or NaN runs
  // dense_parts_ (one part keeping every tap), when there are holes to skip.
  std::vector<Part> parts_, dense_parts_;
  int64_t packed_floats_ = 0;  // the larger of the two sets' filter copies
  int64_t zero_floats_ = 0;    // the row of zeros read for padding: a tap's input features
  // With the last dim's taps merged into one (few input features), Run copies the input with
  // that dim padded: padded_rows_ rows of padded_width_ pixels, the in_width_ real ones from
  // pad_shift_ on. padded_width_ is 0 otherwise.
  int64_t padded_rows_ = 0, padded_width_ = 0, in_width_ = 0, pad_shift_ = 0;
};

}  // namespace jaxlib::cpu
