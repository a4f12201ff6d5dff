// rng_bit_generator with XLA's exact bit streams: Philox4x32-10 (DEFAULT and PHILOX on CPU)
// and ThreeFry2x32-20, including XLA's state layout, counter arithmetic and output order.
#include <cstring>

#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::Type;
using compiler::ValueId;

namespace {

struct U128 {
  uint64_t lo = 0, hi = 0;
};
inline U128 Add(U128 a, uint64_t b) {
  U128 r{a.lo + b, a.hi};
  if (r.lo < a.lo) ++r.hi;
  return r;
}

// Philox4x32 with 10 rounds; counter words are least significant first.
inline void Philox4x32(uint32_t ctr[4], uint32_t k0, uint32_t k1) {
  constexpr uint32_t kW0 = 0x9E3779B9u, kW1 = 0xBB67AE85u, kM0 = 0xD2511F53u, kM1 = 0xCD9E8D57u;
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = static_cast<uint64_t>(ctr[0]) * kM0;
    uint64_t p1 = static_cast<uint64_t>(ctr[2]) * kM1;
    uint32_t n0 = static_cast<uint32_t>(p1 >> 32) ^ ctr[1] ^ k0;
    uint32_t n1 = static_cast<uint32_t>(p1);
    uint32_t n2 = static_cast<uint32_t>(p0 >> 32) ^ ctr[3] ^ k1;
    uint32_t n3 = static_cast<uint32_t>(p0);
    ctr[0] = n0;
    ctr[1] = n1;
    ctr[2] = n2;
    ctr[3] = n3;
    k0 += kW0;
    k1 += kW1;
  }
}

inline uint32_t Rotl(uint32_t v, int d) { return (v << d) | (v >> (32 - d)); }

// ThreeFry2x32 with 20 rounds.
inline void ThreeFry2x32(uint32_t x[2], uint32_t k0, uint32_t k1) {
  static constexpr int kRot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  uint32_t ks[3] = {k0, k1, 0x1BD11BDAu ^ k0 ^ k1};
  x[0] += ks[0];
  x[1] += ks[1];
  auto rounds = [&](int first) {
    for (int i = 0; i < 4; ++i) {
      x[0] += x[1];
      x[1] = Rotl(x[1], kRot[first + i]);
      x[1] ^= x[0];
    }
  };
  for (int block = 0; block < 5; ++block) {
    rounds((block % 2) * 4);
    x[0] += ks[(block + 1) % 3];
    x[1] += ks[(block + 2) % 3] + static_cast<uint32_t>(block + 1);
  }
}

class RngBitGeneratorKernel final : public Kernel {
 public:
  RngBitGeneratorKernel(const Op& op, const compiler::Module& m, bool philox)
      : philox_(philox), state_in_(op.operands[0]), state_out_(op.results[0]), out_(op.results[1]) {
    const Type& s = m.type(op.operands[0]);
    const Type& r = m.type(op.results[1]);
    state_words_ = s.element_count();
    out_dims_ = r.dims;
    count_ = r.element_count();
    es_ = ElementTypeByteSize(r.element);
  }

  Status Run(Frame& f, uint8_t*) const override {
    uint64_t state[3] = {0, 0, 0};
    std::memcpy(state, f.Get(state_in_), static_cast<size_t>(state_words_) * 8);
    auto* out = static_cast<uint8_t*>(f.Get(out_));
    uint64_t new_state[3] = {state[0], state[1], state[2]};
    if (philox_) {
      const uint32_t k0 = static_cast<uint32_t>(state[0]), k1 = static_cast<uint32_t>(state[0] >> 32);
      // XLA's counter: state[1..2] for a 3-word state; for a 2-word state the reversed pair
      // (low = state[1], high = the key word state[0]).
      U128 base = state_words_ > 2 ? U128{state[1], state[2]} : U128{state[1], state[0]};
      int64_t words = es_ == 8 ? 2 * count_ : count_;  // 32-bit words needed (u8/u16 truncate a u32)
      int64_t vec4 = (words + 3) / 4;
      for (int64_t i = 0; i < vec4; ++i) {
        U128 c = Add(base, static_cast<uint64_t>(i));
        uint32_t ctr[4] = {static_cast<uint32_t>(c.lo), static_cast<uint32_t>(c.lo >> 32),
                           static_cast<uint32_t>(c.hi), static_cast<uint32_t>(c.hi >> 32)};
        Philox4x32(ctr, k0, k1);
        if (es_ == 8) {
          uint64_t v[2] = {ctr[0] | (static_cast<uint64_t>(ctr[1]) << 32), ctr[2] | (static_cast<uint64_t>(ctr[3]) << 32)};
          for (int j = 0; j < 2; ++j)
            if (2 * i + j < count_) std::memcpy(out + static_cast<size_t>(2 * i + j) * 8, &v[j], 8);
        } else {
          for (int j = 0; j < 4; ++j)
            if (4 * i + j < count_) std::memcpy(out + static_cast<size_t>(4 * i + j) * es_, &ctr[j], es_);
        }
      }
      U128 next = Add(base, static_cast<uint64_t>(vec4));
      new_state[1] = next.lo;
      if (state_words_ > 2) new_state[2] = next.hi;
    } else {
      const uint32_t k0 = static_cast<uint32_t>(state[0]), k1 = static_cast<uint32_t>(state[0] >> 32);
      const uint64_t base = state[1];
      if (es_ == 8) {
        for (int64_t i = 0; i < count_; ++i) {
          uint64_t c = base + static_cast<uint64_t>(i);
          uint32_t x[2] = {static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32)};
          ThreeFry2x32(x, k0, k1);
          uint64_t v = x[0] | (static_cast<uint64_t>(x[1]) << 32);
          std::memcpy(out + static_cast<size_t>(i) * 8, &v, 8);
        }
        new_state[1] = base + static_cast<uint64_t>(count_);
      } else {
        // XLA halves the shape along its first even dimension (else the largest); each counter
        // yields two words that land at positions 2i and 2i+1 of that dimension. u8/u16 outputs
        // are the same u32 words converted (truncated), as XLA's ThreeFryRngBit32 does.
        int64_t split = -1;
        for (size_t k = 0; k < out_dims_.size(); ++k)
          if (out_dims_[k] % 2 == 0) {
            split = static_cast<int64_t>(k);
            break;
          }
        if (split < 0)
          for (size_t k = 0; k < out_dims_.size(); ++k)
            if (split < 0 || out_dims_[k] > out_dims_[static_cast<size_t>(split)]) split = static_cast<int64_t>(k);
        std::vector<int64_t> half = out_dims_;
        if (half.empty()) half = {1};
        size_t sd = split < 0 ? 0 : static_cast<size_t>(split);
        int64_t full_extent = out_dims_.empty() ? 1 : out_dims_[sd];
        half[sd] = (half[sd] + 1) / 2;
        int64_t inner = 1;
        for (size_t k = sd + 1; k < half.size(); ++k) inner *= half[k];
        int64_t half_count = 1;
        for (int64_t d : half) half_count *= d;
        for (int64_t h = 0; h < half_count; ++h) {
          uint64_t c = base + static_cast<uint64_t>(h);
          uint32_t x[2] = {static_cast<uint32_t>(c), static_cast<uint32_t>(c >> 32)};
          ThreeFry2x32(x, k0, k1);
          int64_t outer = h / (inner * half[sd]);
          int64_t i = (h / inner) % half[sd];
          int64_t rest = h % inner;
          for (int w = 0; w < 2; ++w) {
            int64_t j = 2 * i + w;
            if (j >= full_extent) continue;
            int64_t pos = (outer * full_extent + j) * inner + rest;
            std::memcpy(out + static_cast<size_t>(pos) * es_, &x[w], es_);
          }
        }
        new_state[1] = base + static_cast<uint64_t>(half_count);
      }
    }
    std::memcpy(f.Get(state_out_), new_state, static_cast<size_t>(state_words_) * 8);
    return Status::Ok();
  }

 private:
  bool philox_;
  ValueId state_in_, state_out_, out_;
  int64_t state_words_ = 2;
  std::vector<int64_t> out_dims_;
  int64_t count_ = 0;
  size_t es_ = 4;
};

}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeRngBitGeneratorKernel(KernelBuilder& b, const Op& op) {
  const Type& s = b.type(op.operands[0]);
  const Type& r = b.type(op.results[1]);
  std::string alg = op.EnumAttr("rng_algorithm");
  bool philox = alg.empty() || alg == "DEFAULT" || alg == "PHILOX";
  if (!philox && alg != "THREE_FRY") return InvalidArgument("unknown rng algorithm '" + alg + "'");
  if (s.element != ElementType::kU64 || s.rank() != 1 || s.dims[0] < 2 || s.dims[0] > (philox ? 3 : 2))
    return InvalidArgument("rng_bit_generator state must be tensor<" + std::string(philox ? "2 or 3" : "2") + "xui64>");
  size_t es = ElementTypeByteSize(r.element);
  if (es != 1 && es != 2 && es != 4 && es != 8)
    return Unimplemented("rng_bit_generator output " + r.ToString() + " with algorithm " + alg);
  return std::unique_ptr<Kernel>(new RngBitGeneratorKernel(op, b.module(), philox));
}

}  // namespace jaxlib::cpu
