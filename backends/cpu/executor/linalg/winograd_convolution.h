// Winograd F(2x2, 3x3) f32 convolution: every 2x2 block of outputs of a 3x3 filter from a 4x4
// patch of inputs with 16 multiplies per input/output feature pair instead of 36, so the
// multiply-adds of a 3x3 convolution drop by 2.25x. The convolution kernel prefers it to the
// direct kernel (direct_convolution.h) for the 3x3 stride-1 convolutions it takes, the bulk of
// ResNet/UNet-style networks, forward and input-gradient (a stride-1 convolution's input
// gradient is a stride-1 convolution with the filter reversed).
//
// Numerics: each output is the sum of the same products regrouped (the transforms add and
// subtract inputs before the multiplies, and the sums of 16 products per feature pair
// afterwards), so results differ from the direct kernel's in the last bits, within a few ulps
// of the sum of |products|. They are the same bits at AVX-512 and at AVX2 (each lane runs the
// same operations in the same order, and the multiply-adds over input features run in feature
// order as in the direct kernel). Inf and NaN do not survive the transforms as IEEE sums would
// (inf - inf), so Run reports any non-finite output and the caller recomputes directly.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "backends/cpu/executor/linalg/direct_convolution.h"

namespace jaxlib::cpu {

class WinogradConvF32 {
 public:
  // The plan for `shape` (direct_convolution.h's conventions), or nullopt when it is not for
  // this algorithm: not two spatial dims with a 3x3 filter, stride 1 and no lhs dilation; more
  // than one feature group; fewer than 16 input or output features (the multiplies then cost
  // less than the transforms); outputs too few to fill 2x2 blocks well; a CPU below AVX2 + FMA
  // (or $JAXLIB_CPU_ISA capped lower); or $JAXLIB_CPU_DISABLE_WINOGRAD=1. Any rhs dilation,
  // padding and reversal are taken.
  static std::optional<WinogradConvF32> Plan(const DirectConvShape& shape);

  int64_t ScratchBytes() const;

  // y = conv(x, w); y must not overlap x or w. Returns false when an output came out inf or
  // NaN: then y is to be recomputed by the direct kernel, which gives the IEEE sums.
  bool Run(const float* x, const float* w, float* y, uint8_t* scratch) const;

 private:
  WinogradConvF32() = default;

  // With rhs dilation r along a dim, the outputs o = residue + r * j (j < count) read the inputs
  // at residue - pad + r * (j + k'), k' < 3: a dense 3x3 convolution on that subgrid. Each class
  // of residues (one per dim) is tiled by 2x2 blocks of its outputs.
  struct ResidueClass {
    int64_t residue[2], count[2], tiles[2];
    int64_t first_tile;  // of an image, the classes' tiles numbered one after the other
  };

  int64_t batch_ = 0, C_ = 0, K_ = 0;
  int64_t in_h_ = 0, in_w_ = 0, out_h_ = 0, out_w_ = 0;
  int64_t pad_[2] = {0, 0}, dilation_[2] = {1, 1};
  bool reversed_[2] = {false, false};
  std::vector<ResidueClass> classes_;
  int64_t tiles_per_image_ = 0;
  int64_t c_stride_ = 0, k_stride_ = 0;  // floats per transformed row (features, 64-byte rows)
  int64_t block_tiles_ = 0;              // tiles per worker block (a multiple of the tile's pixels)
  int lanes_ = 0, main_vectors_ = 0, pixels_per_tile_ = 0;
  int64_t slab_rows_ = 0;  // input features per pass of the micro-kernel (its filter slab in L1)
  int workers_ = 1;
};

}  // namespace jaxlib::cpu
