// Direct f32 convolution (direct_convolution.h). Output pixels are taken in tiles of P; for each
// tile an indirection table points every (tap, pixel) at the pixel's input features, or at a
// row of zeros where the tap reads padding or a dilation hole, so the micro-kernel has no
// branches and no im2col copy: it keeps a P x (lanes * NV) block of outputs in registers,
// broadcasting one input value against NV vectors of the filter row. One tile body serves
// AVX-512 (16 lanes) and AVX2 + FMA (8 lanes). The filter is copied block by block of output
// features, each block's [taps, Cin, block] rows contiguous in the order the micro-kernel
// streams them (masked loads cover a block that is not a multiple of the lanes). Cache
// blocking: a panel of tiles goes through the filter one L1-sized slab of rows at a time, the
// tiles adding each slab's sums to their outputs, so large filters are not re-read from L3 for
// every tile.
// Threads split the panels. The micro-kernels must only run after Plan has checked the CPU.
#include "backends/cpu/executor/linalg/direct_convolution.h"

#include <algorithm>
#include <numeric>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#include "backends/cpu/executor/linalg/conv_micro_kernels.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "runtime/support/env_flag.h"

namespace jaxlib::cpu {
namespace {

using conv_micro::KernelsForCpu;
using conv_micro::MicroKernels;
using conv_micro::TileArgs;
using conv_micro::TileFn;

// Tiles of output pixels that share one pass over the filter (their outputs and the inputs
// they read stay in L2 meanwhile; input pointers are made for one slab's taps at a time).
constexpr int64_t kPanelTiles = 16;
// Input features up to which the taps along the last dim are merged into one (Plan).
constexpr int64_t kMergeMaxFeatures = 32;
// Filter bytes per slab: one slab of rows x (lanes * NV) features stays in L1 (48 KiB on
// current cores) while a panel's tiles stream through it.
constexpr int64_t kSlabBytes = 32 * 1024;

// $JAXLIB_CPU_DISABLE_DIRECT_CONV=1 keeps every convolution on im2col + GEMM (for comparing the
// two and as an escape hatch). Read once.
bool DirectConvDisabled() {
  static const bool disabled = EnvFlag("JAXLIB_CPU_DISABLE_DIRECT_CONV");
  return disabled;
}

int64_t ZerosBytes(int64_t features) { return (features * static_cast<int64_t>(sizeof(float)) + 63) / 64 * 64; }

// Whether no element of w[0, n) is inf or NaN (exponent bits all ones).
bool AllFinite(const float* w, int64_t n) {
  bool finite = true;
  for (int64_t i = 0; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, w + i, sizeof(bits));
    finite &= (bits & 0x7f800000u) != 0x7f800000u;
  }
  return finite;
}

}  // namespace

// Slabs of `taps` x `cin` filter rows within the L1 budget: whole taps while they fit, else
// slices of one tap's rows. A part without taps gets one empty slab, which writes zeros.
std::vector<DirectConvF32::Slab> DirectConvF32::MakeSlabs(int64_t taps, int64_t cin, int64_t budget_rows) {
  std::vector<DirectConvF32::Slab> slabs;
  if (taps == 0) return {{0, 0, 0, 0}};
  if (cin <= budget_rows) {
    const int64_t taps_per_slab = budget_rows / cin;
    for (int64_t t = 0; t < taps; t += taps_per_slab) slabs.push_back({t, std::min(taps, t + taps_per_slab), 0, cin});
    return slabs;
  }
  const int64_t parts = (cin + budget_rows - 1) / budget_rows;
  for (int64_t t = 0; t < taps; ++t)
    for (int64_t j = 0; j < parts; ++j) {
      const int64_t c0 = cin * j / parts, c1 = cin * (j + 1) / parts;
      slabs.push_back({t, t + 1, c0, c1 - c0});
    }
  return slabs;
}

DirectConvF32::Part DirectConvF32::MakePart(const DirectConvShape& s, const std::vector<int64_t>& residue,
                                            const std::vector<int64_t>& period, bool skip_holes, int64_t cin,
                                            int64_t budget_rows) {
  const size_t ns = s.in_spatial.size();
  Part part;
  part.offset.resize(ns);
  part.y_offset.resize(ns);
  std::vector<std::vector<int64_t>> kept(ns);  // per dim: the filter positions the part reads
  int64_t in_stride = s.in_features, out_stride = s.out_features;  // elements between neighbours along d
  for (size_t d = ns; d-- > 0;) {
    const int64_t K = s.kernel_spatial[d], L = s.lhs_dilation[d], O = s.out_spatial[d];
    const int64_t count = residue[d] < O ? (O - residue[d] + period[d] - 1) / period[d] : 0;
    auto read = [&](int64_t o, int64_t k) {  // position in the dilated input
      return o * s.stride[d] + (s.reversed[d] ? K - 1 - k : k) * s.rhs_dilation[d] - s.pad_low[d];
    };
    for (int64_t k = 0; k < K; ++k) {
      // Every output of the part has o * stride = residue * stride modulo L: the same holes.
      const int64_t q = read(residue[d], k);
      if (!skip_holes || ((q % L) + L) % L == 0) kept[d].push_back(k);
    }
    const int64_t kv_count = static_cast<int64_t>(kept[d].size());
    part.out_count.insert(part.out_count.begin(), count);
    part.kernel_count.insert(part.kernel_count.begin(), kv_count);
    std::vector<int64_t>& table = part.offset[d];
    table.assign(static_cast<size_t>(count * kv_count), -1);
    for (int64_t j = 0; j < count; ++j) {
      const int64_t o = residue[d] + period[d] * j;
      part.y_offset[d].push_back(o * out_stride);
      for (int64_t kv = 0; kv < kv_count; ++kv) {
        const int64_t q = read(o, kept[d][static_cast<size_t>(kv)]);
        if (q < 0 || q % L != 0 || q / L >= s.in_spatial[d]) continue;
        table[static_cast<size_t>(j * kv_count + kv)] = q / L * in_stride;
      }
    }
    in_stride *= s.in_spatial[d];
    out_stride *= O;
  }
  part.pixels = 1;
  part.taps = 1;
  for (size_t d = 0; d < ns; ++d) {
    part.pixels *= part.out_count[d];
    part.taps *= part.kernel_count[d];
  }
  // The filter's tap index of each kept tap, in the filter's (row-major) order: the order of
  // the sums is the dense one with the holes left out.
  std::vector<int64_t> kpos(ns, 0);
  for (int64_t t = 0; t < part.taps; ++t) {
    int64_t index = 0;
    for (size_t d = 0; d < ns; ++d) index = index * s.kernel_spatial[d] + kept[d][static_cast<size_t>(kpos[d])];
    part.filter_taps.push_back(index);
    for (size_t d = ns; d-- > 0;) {
      if (++kpos[d] < part.kernel_count[d]) break;
      kpos[d] = 0;
    }
  }
  part.affine_last = s.lhs_dilation[ns - 1] == 1 || skip_holes;
  part.slabs = MakeSlabs(part.taps, cin, budget_rows);
  return part;
}

std::optional<DirectConvF32> DirectConvF32::Plan(const DirectConvShape& s) {
  if (DirectConvDisabled()) return std::nullopt;
  const MicroKernels kernels = KernelsForCpu();
  if (kernels.tile_for == nullptr) return std::nullopt;
  const size_t ns = s.in_spatial.size();
  if (ns == 0 || s.kernel_spatial.size() != ns || s.out_spatial.size() != ns || s.stride.size() != ns ||
      s.lhs_dilation.size() != ns || s.rhs_dilation.size() != ns || s.pad_low.size() != ns || s.reversed.size() != ns)
    return std::nullopt;
  if (s.batch <= 0 || s.in_features <= 0 || s.out_features <= 0 || s.feature_groups <= 0 ||
      s.in_features % s.feature_groups != 0 || s.out_features % s.feature_groups != 0)
    return std::nullopt;
  DirectConvF32 plan;
  plan.batch_ = s.batch;
  plan.groups_ = s.feature_groups;
  plan.in_features_ = s.in_features;
  plan.cin_ = s.in_features / s.feature_groups;
  plan.cout_ = s.out_features;
  plan.cout_group_ = s.out_features / s.feature_groups;
  plan.out_image_ = s.out_features;
  plan.taps_ = 1;
  plan.image_elems_ = s.in_features;
  // Along each dim, outputs o and o + period read the dilated input at positions congruent
  // modulo the lhs dilation, so they meet the same holes.
  std::vector<int64_t> period(ns, 1);
  int64_t classes = 1;
  bool dilated = false;
  for (size_t d = 0; d < ns; ++d) {
    if (s.in_spatial[d] <= 0 || s.kernel_spatial[d] <= 0 || s.out_spatial[d] <= 0 || s.stride[d] <= 0 ||
        s.lhs_dilation[d] <= 0 || s.rhs_dilation[d] <= 0)
      return std::nullopt;
    plan.out_image_ *= s.out_spatial[d];
    plan.taps_ *= s.kernel_spatial[d];
    plan.image_elems_ *= s.in_spatial[d];
    dilated |= s.lhs_dilation[d] > 1;
    period[d] = s.lhs_dilation[d] / std::gcd(s.lhs_dilation[d], s.stride[d]);
    classes *= period[d];
  }
  const int lanes = kernels.lanes;
  plan.lanes_ = lanes;
  plan.main_vectors_ = static_cast<int>(std::min<int64_t>(kernels.max_vectors, (plan.cout_group_ + lanes - 1) / lanes));
  plan.pixels_per_tile_ = kernels.pixels_per_tile(plan.main_vectors_);
  if (kernels.tile_for(plan.pixels_per_tile_, plan.main_vectors_, false) == nullptr) return std::nullopt;
  // A slab of rows x (lanes * NV) features stays in L1.
  const int64_t budget_rows = std::max<int64_t>(1, kSlabBytes / (plan.main_vectors_ * lanes * 4));
  // Few input features: the taps along the last dim read neighbouring pixels, one run of
  // K * C features in memory once that dim's padding is written out (Run copies the input
  // with it), so they become one tap of K * C features: far fewer taps to point at and to
  // start in the micro-kernel, the same products in the same order.
  const size_t last = ns - 1;
  DirectConvShape shape = s;  // as the parts see it
  if (s.feature_groups == 1 && !dilated && s.rhs_dilation[last] == 1 && !s.reversed[last] &&
      s.kernel_spatial[last] > 1 && s.in_features <= kMergeMaxFeatures) {
    const int64_t K = s.kernel_spatial[last], W = s.in_spatial[last];
    plan.pad_shift_ = std::max<int64_t>(s.pad_low[last], 0);
    plan.in_width_ = W;
    plan.padded_width_ = (s.out_spatial[last] - 1) * s.stride[last] + K - s.pad_low[last] + plan.pad_shift_;
    plan.padded_rows_ = s.batch * plan.image_elems_ / (W * s.in_features);
    plan.image_elems_ = plan.image_elems_ / W * plan.padded_width_;
    plan.cin_ = K * s.in_features;
    plan.taps_ /= K;
    shape.in_spatial[last] = plan.padded_width_;
    shape.pad_low[last] = s.pad_low[last] - plan.pad_shift_;
    shape.kernel_spatial[last] = 1;
  }
  plan.zero_floats_ = std::max(plan.in_features_, plan.cin_);
  auto add_parts = [&](std::vector<Part>& parts, const std::vector<int64_t>& periods, bool skip_holes) {
    int64_t packed = 0;
    std::vector<int64_t> residue(ns, 0);
    for (;;) {
      Part part = MakePart(shape, residue, periods, skip_holes, plan.cin_, budget_rows);
      if (part.pixels > 0) {
        part.packed_offset = packed;
        packed += part.taps * plan.cin_ * plan.cout_;
        parts.push_back(std::move(part));
      }
      size_t d = ns;
      while (d-- > 0 && ++residue[d] == periods[d]) residue[d] = 0;
      if (d == static_cast<size_t>(-1)) break;
    }
    plan.packed_floats_ = std::max(plan.packed_floats_, packed);
  };
  // Classes beyond a few hundred would make tiny parts; such dilations keep the holes.
  if (dilated && classes <= 256) {
    add_parts(plan.parts_, period, true);
    add_parts(plan.dense_parts_, std::vector<int64_t>(ns, 1), false);
  } else {
    add_parts(plan.parts_, std::vector<int64_t>(ns, 1), false);
  }
  return plan;
}

int64_t DirectConvF32::ScratchBytes() const {
  return ZerosBytes(zero_floats_) +
         (packed_floats_ + padded_rows_ * padded_width_ * in_features_) * static_cast<int64_t>(sizeof(float));
}

void DirectConvF32::Run(const float* x, const float* w, float* y, uint8_t* scratch) const {
  float* zeros = reinterpret_cast<float*>(scratch);
  std::memset(zeros, 0, static_cast<size_t>(zero_floats_) * sizeof(float));
  float* packed = reinterpret_cast<float*>(scratch + ZerosBytes(zero_floats_));
  if (padded_width_ > 0) {  // the input with the last dim's padding written out
    float* padded = packed + packed_floats_;
    const int64_t C = in_features_, src_row = in_width_ * C, dst_row = padded_width_ * C;
    const int64_t copied = std::clamp<int64_t>(padded_width_ - pad_shift_, 0, in_width_) * C;
    const int64_t lead = std::min(pad_shift_ * C, dst_row);  // copied is 0 when the shift passes the row
    ParallelFor(padded_rows_, std::max<int64_t>(1, 16384 / dst_row), [&](int64_t r0, int64_t r1) {
      for (int64_t r = r0; r < r1; ++r) {
        float* dst = padded + r * dst_row;  // zeros, the row (or none of it), zeros
        std::memset(dst, 0, static_cast<size_t>(lead) * sizeof(float));
        std::memcpy(dst + lead, x + r * src_row, static_cast<size_t>(copied) * sizeof(float));
        std::memset(dst + lead + copied, 0, static_cast<size_t>(dst_row - lead - copied) * sizeof(float));
      }
    });
    x = padded;
  }
  const std::vector<Part>& parts =
      dense_parts_.empty() || AllFinite(w, taps_ * cin_ * cout_) ? parts_ : dense_parts_;
  const int P = pixels_per_tile_;
  const MicroKernels kernels = KernelsForCpu();  // the ones Plan chose: the CPU does not change
  const int lanes = lanes_;
  const int64_t block = int64_t{lanes} * main_vectors_;
  const int64_t full_blocks = cout_group_ / block;  // per feature group
  const int64_t tail = cout_group_ % block;
  const int64_t blocks = full_blocks + (tail ? 1 : 0);
  const int tail_lanes = tail % lanes ? static_cast<int>(tail % lanes) : lanes;
  const TileFn full_fn = kernels.tile_for(P, main_vectors_, false);
  const TileFn tail_fn =
      tail ? kernels.tile_for(P, static_cast<int>((tail + lanes - 1) / lanes), tail_lanes < lanes) : nullptr;
  const size_t ns = parts.front().out_count.size();
  auto block_width = [&](int64_t b) { return std::min(block, cout_group_ - b * block); };

  // The filter, part by part and block by block of output features: each block's rows of the
  // part's taps contiguous in the order the micro-kernel streams them (strided rows would share
  // few L1 sets). A block starts at the part's offset + taps * cin * (its first output feature).
  const int64_t pack_jobs = static_cast<int64_t>(parts.size()) * groups_ * blocks;
  ParallelFor(pack_jobs, std::max<int64_t>(1, (int64_t{1} << 16) / std::max<int64_t>(1, taps_ * cin_ * block)),
              [&](int64_t job0, int64_t job1) {
    for (int64_t job = job0; job < job1; ++job) {
      const Part& part = parts[static_cast<size_t>(job / (groups_ * blocks))];
      const int64_t g = job / blocks % groups_, b = job % blocks;
      const int64_t col0 = g * cout_group_ + b * block, width = block_width(b);
      float* dst = packed + part.packed_offset + part.taps * cin_ * col0;
      for (int64_t tap : part.filter_taps)
        for (int64_t c = 0; c < cin_; ++c, dst += width)
          std::memcpy(dst, w + (tap * cin_ + c) * cout_ + col0, static_cast<size_t>(width) * sizeof(float));
    }
  });

  // Panels of every part, numbered one after the other.
  std::vector<int64_t> first_panel(parts.size() + 1, 0);
  int64_t macs = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    const int64_t tiles = (batch_ * parts[i].pixels + P - 1) / P;
    first_panel[i + 1] = first_panel[i] + (tiles + kPanelTiles - 1) / kPanelTiles;
    macs += batch_ * parts[i].pixels * parts[i].taps * cin_ * cout_;
  }
  const int64_t panels = first_panel.back();

  auto run_panels = [&](int64_t panel0, int64_t panel1) {
    const int64_t panel_pixels = kPanelTiles * P;
    std::vector<const float*> in, images(static_cast<size_t>(panel_pixels));
    std::vector<float*> y_rows(static_cast<size_t>(panel_pixels));
    std::vector<int64_t> opos(ns), pixel_opos(static_cast<size_t>(panel_pixels) * ns), run_kpos;
    std::vector<const int64_t*> outer_rows(ns);  // a pixel's offsets along each outer dim
    std::vector<std::pair<int64_t, int64_t>> runs;
    size_t pi = static_cast<size_t>(std::upper_bound(first_panel.begin(), first_panel.end(), panel0) -
                                    first_panel.begin() - 1);
    for (int64_t panel = panel0; panel < panel1; ++panel) {
      while (panel >= first_panel[pi + 1]) ++pi;
      const Part& part = parts[pi];
      const int64_t total = batch_ * part.pixels;
      const int64_t tiles = (total + P - 1) / P;
      const int64_t k_last = part.kernel_count[ns - 1];
      const int64_t tile0 = (panel - first_panel[pi]) * kPanelTiles, tile1 = std::min(tiles, tile0 + kPanelTiles);
      const int64_t pixel0 = tile0 * P, pixels = std::min(total, tile1 * P) - pixel0;
      // Every pixel of the panel: its image, its coordinates in the part, its output row. Rows
      // past the last pixel read zeros and alias the first row; their sums are never stored.
      int64_t n = pixel0 / part.pixels;
      for (int64_t rem = pixel0 % part.pixels, d = static_cast<int64_t>(ns) - 1; d >= 0; --d) {
        opos[static_cast<size_t>(d)] = rem % part.out_count[static_cast<size_t>(d)];
        rem /= part.out_count[static_cast<size_t>(d)];
      }
      for (int64_t p = 0; p < (tile1 - tile0) * P; ++p) {
        int64_t* coords = pixel_opos.data() + p * static_cast<int64_t>(ns);
        if (p >= pixels) {
          images[static_cast<size_t>(p)] = nullptr;
          y_rows[static_cast<size_t>(p)] = y_rows[0];
          std::fill(coords, coords + ns, 0);
          continue;
        }
        images[static_cast<size_t>(p)] = x + n * image_elems_;
        float* out = y + n * out_image_;
        for (size_t d = 0; d < ns; ++d) out += part.y_offset[d][static_cast<size_t>(opos[d])];
        y_rows[static_cast<size_t>(p)] = out;
        for (size_t d = 0; d < ns; ++d) coords[d] = opos[d];  // (std::copy calls memmove)
        for (size_t d = ns;;) {
          if (d-- == 0) {
            ++n;
            break;
          }
          if (++opos[d] < part.out_count[d]) break;
          opos[d] = 0;
        }
      }
      // Points in[(t - tap0) * P + p] of each tile at the input features that tap t of pixel p
      // reads (or at zeros), for the taps [tap0, tap1) of one slab.
      auto point_taps = [&](int64_t tap0, int64_t tap1) {
        const int64_t count = tap1 - tap0;
        const size_t needed = static_cast<size_t>(std::max<int64_t>(1, count) * (tile1 - tile0) * P);
        if (in.size() < needed) in.resize(needed);  // grows only: no refilling per slab
        if (count == 0) return;  // a part without taps: its one empty slab writes zeros
        // The slab's taps in runs along the last dim, [k0, k1) after the outer dims' positions.
        runs.clear();
        run_kpos.clear();
        for (int64_t t = tap0; t < tap1;) {
          const int64_t k0 = t % k_last, k1 = std::min(k_last, k0 + (tap1 - t));
          runs.push_back({k0, k1});
          const size_t at = run_kpos.size();
          run_kpos.resize(at + ns - 1);
          for (int64_t rem = t / k_last, d = static_cast<int64_t>(ns) - 2; d >= 0; --d) {
            run_kpos[at + static_cast<size_t>(d)] = rem % part.kernel_count[static_cast<size_t>(d)];
            rem /= part.kernel_count[static_cast<size_t>(d)];
          }
          t += k1 - k0;
        }
        // Pixel p's pointers, col[t * P] for the slab's taps t.
        auto point_pixel = [&](int64_t p, const float** col) {
          const float* image = images[static_cast<size_t>(p)];
          if (image == nullptr) {
            for (int64_t t = 0; t < count; ++t) col[t * P] = zeros;
            return;
          }
          const int64_t* coords = pixel_opos.data() + p * static_cast<int64_t>(ns);
          for (size_t d = 0; d < ns; ++d)
            outer_rows[d] = part.offset[d].data() + coords[d] * part.kernel_count[d];
          const int64_t* last = outer_rows[ns - 1];
          const int64_t* const* rows = outer_rows.data();
          const int64_t* kpos = run_kpos.data();
          for (const auto& [k0, k1] : runs) {
            // One offset over the outer dims per run (-1 if any of them reads padding).
            int64_t outer = ns > 1 ? rows[0][kpos[0]] : 0;
            for (size_t d = 1; d + 1 < ns; ++d) {
              const int64_t v = rows[d][kpos[d]];
              outer = (outer | v) < 0 ? -1 : outer + v;
            }
            kpos += ns - 1;
            for (int64_t k = k0; k < k1; ++k, col += P) *col = (outer | last[k]) < 0 ? zeros : image + outer + last[k];
          }
        };
        // The step between the pointers of neighbouring pixels when the tile's P pixels lie in
        // one row of one image (the same outer coordinates, consecutive along the last dim) and
        // no tap along the last dim reads padding at either end: then every pixel reads the
        // first one's taps (padding or not) one step further each. 0 otherwise.
        auto row_step = [&](int64_t p0) -> int64_t {
          const int64_t p1 = p0 + P - 1;
          const float* image = images[static_cast<size_t>(p0)];
          if (!part.affine_last || image == nullptr || images[static_cast<size_t>(p1)] != image) return 0;
          const int64_t* c0 = pixel_opos.data() + p0 * static_cast<int64_t>(ns);
          const int64_t* c1 = pixel_opos.data() + p1 * static_cast<int64_t>(ns);
          for (size_t d = 0; d + 1 < ns; ++d)
            if (c0[d] != c1[d]) return 0;
          if (c1[ns - 1] - c0[ns - 1] != P - 1) return 0;
          const int64_t* l0 = part.offset[ns - 1].data() + c0[ns - 1] * k_last;
          const int64_t* l1 = part.offset[ns - 1].data() + c1[ns - 1] * k_last;
          for (int64_t k = 0; k < k_last; ++k)
            if ((l0[k] | l1[k]) < 0) return 0;
          const int64_t step = (l1[0] - l0[0]) / (P - 1);
          return step > 0 && l1[0] - l0[0] == step * (P - 1) ? step : 0;
        };
        for (int64_t tile = 0; tile < tile1 - tile0; ++tile) {
          const int64_t p0 = tile * P;
          const float** cols = in.data() + tile * count * P;
          const int64_t step = row_step(p0);
          if (step == 0) {
            for (int q = 0; q < P; ++q) point_pixel(p0 + q, cols + q);
            continue;
          }
          point_pixel(p0, cols);
          for (int64_t t = 0; t < count; ++t) {
            const float** col = cols + t * P;
            const float* first = col[0];
            for (int q = 1; q < P; ++q) col[q] = first == zeros ? zeros : first + q * step;
          }
        }
      };
      // Slab by slab of the filter (each loaded into L1 once per block of output features and
      // used by every tile of the panel); only the slab's taps need pointers.
      for (size_t s = 0; s < part.slabs.size(); ++s) {
        const Slab& slab = part.slabs[s];
        if (s == 0 || slab.tap0 != part.slabs[s - 1].tap0) point_taps(slab.tap0, slab.tap1);
        const int64_t tile_ptrs = (slab.tap1 - slab.tap0) * P;
        for (int64_t gb = 0; gb < groups_ * blocks; ++gb) {
          const int64_t g = gb / blocks, b = gb % blocks;
          const TileFn fn = b == full_blocks ? tail_fn : full_fn;
          const int64_t col0 = g * cout_group_ + b * block;  // first output feature of the block
          TileArgs args{};
          args.cin = cin_;
          args.group_c0 = g * cin_;
          args.w = packed + part.packed_offset + part.taps * cin_ * col0;
          args.ldw = block_width(b);
          args.last_lanes = b == full_blocks ? tail_lanes : lanes;
          args.y_col = col0;
          args.tap0 = slab.tap0;
          args.tap1 = slab.tap1;
          args.c0 = slab.c0;
          args.cn = slab.cn;
          args.accumulate = s > 0;
          for (int64_t tile = tile0; tile < tile1; ++tile) {
            args.in = in.data() + (tile - tile0) * tile_ptrs;
            args.y_rows = y_rows.data() + (tile - tile0) * P;
            args.rows = std::min<int64_t>(P, total - tile * P);
            fn(args);
          }
        }
      }
    }
  };
  // Enough multiply-adds per chunk to pay for waking a worker.
  const int64_t macs_per_panel = macs / std::max<int64_t>(1, panels);
  const int64_t min_panels = std::max<int64_t>(1, (int64_t{1} << 18) / std::max<int64_t>(1, macs_per_panel));
  ParallelFor(panels, min_panels, run_panels, 1, 16);
}

}  // namespace jaxlib::cpu
