// sort (any number of operands, any comparator) and chlo.top_k. A comparator that orders by
// keys (runtime/compiler/sort_comparator.h: JAX's sort, argsort, lexsort, descending sorts)
// sorts each row by an LSD radix sort of order-preserving unsigned key codes, carrying a
// permutation that then moves every operand; any other comparator sorts rows as a permutation
// by std::stable_sort with the comparator region run on one pair at a time. top_k selects the
// k largest of each row with a bounded heap.
#include <algorithm>
#include <atomic>
#include <bit>
#include <cstring>
#include <numeric>
#include <optional>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "runtime/compiler/sort_comparator.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

// Rows along `dim`: outer x len x inner, each operand copied to [outer, inner, len] so a row is
// contiguous.
struct RowLayout {
  int64_t outer = 1, len = 1, inner = 1;
};

RowLayout MakeRows(const Type& t, int64_t dim) {
  RowLayout r;
  for (int k = 0; k < t.rank(); ++k) {
    if (k < dim) r.outer *= t.dims[static_cast<size_t>(k)];
    else if (k == dim) r.len = t.dims[static_cast<size_t>(k)];
    else r.inner *= t.dims[static_cast<size_t>(k)];
  }
  return r;
}

class SortKernel final : public Kernel {
 public:
  SortKernel(const Op& op, const compiler::Module& m, std::shared_ptr<EwProgram> cmp, std::vector<ValueId> captured)
      : cmp_(std::move(cmp)), captured_(std::move(captured)) {
    const Type& t = m.type(op.operands[0]);
    int64_t dim = op.IntAttr("dimension", -1);
    if (dim < 0) dim += t.rank();
    rows_ = MakeRows(t, std::max<int64_t>(dim, 0));
    for (size_t k = 0; k < op.operands.size(); ++k) {
      inputs_.push_back(op.operands[k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
  }

  static int64_t ScratchBytes(const compiler::Module& m, const Op& op) {
    int64_t total = 0;
    for (ValueId v : op.operands) total += 2 * compiler::AlignUp(m.type(v).byte_size());
    const Type& t = m.type(op.operands[0]);
    int64_t dim = op.IntAttr("dimension", -1);
    if (dim < 0) dim += t.rank();
    int64_t len = t.rank() == 0 ? 1 : t.dims[static_cast<size_t>(std::max<int64_t>(dim, 0))];
    return total + compiler::AlignUp(len * 8);
  }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t n = inputs_.size();
    const RowLayout& R = rows_;
    // Transpose every operand to [outer, inner, len] (rows contiguous) in scratch.
    std::vector<uint8_t*> rowmajor(n), sorted(n);
    uint8_t* p = scratch;
    std::vector<int64_t> dims = {R.outer, R.inner, R.len};
    std::vector<int64_t> dst = RowMajorStrides(dims);
    std::vector<int64_t> src = {R.len * R.inner, 1, R.inner};
    for (size_t k = 0; k < n; ++k) {
      int64_t bytes = R.outer * R.len * R.inner * static_cast<int64_t>(es_[k]);
      rowmajor[k] = p;
      p += compiler::AlignUp(bytes);
      sorted[k] = p;
      p += compiler::AlignUp(bytes);
      CopyStrided(rowmajor[k], dst, f.Get(inputs_[k]), src, dims, es_[k]);
    }
    auto* perm = reinterpret_cast<int64_t*>(p);
    std::vector<const void*> in(2 * n + captured_.size());
    for (size_t c = 0; c < captured_.size(); ++c) in[2 * n + c] = f.Get(captured_[c]);
    bool result = false;
    void* out[1] = {&result};
    for (int64_t row = 0; row < R.outer * R.inner; ++row) {
      std::iota(perm, perm + R.len, int64_t{0});
      auto less = [&](int64_t a, int64_t b) {
        for (size_t k = 0; k < n; ++k) {
          const uint8_t* base = rowmajor[k] + static_cast<size_t>(row * R.len) * es_[k];
          in[2 * k] = base + static_cast<size_t>(a) * es_[k];
          in[2 * k + 1] = base + static_cast<size_t>(b) * es_[k];
        }
        cmp_->Run(in.data(), out, 0, 1);
        return result;
      };
      std::stable_sort(perm, perm + R.len, less);
      for (size_t k = 0; k < n; ++k) {
        const uint8_t* srow = rowmajor[k] + static_cast<size_t>(row * R.len) * es_[k];
        uint8_t* drow = sorted[k] + static_cast<size_t>(row * R.len) * es_[k];
        for (int64_t i = 0; i < R.len; ++i)
          std::memcpy(drow + static_cast<size_t>(i) * es_[k], srow + static_cast<size_t>(perm[i]) * es_[k], es_[k]);
      }
    }
    std::vector<int64_t> back_src = RowMajorStrides(dims);
    std::vector<int64_t> back_dst = {R.len * R.inner, 1, R.inner};
    for (size_t k = 0; k < n; ++k) CopyStrided(f.Get(outputs_[k]), back_dst, sorted[k], back_src, dims, es_[k]);
    return Status::Ok();
  }

 private:
  std::shared_ptr<EwProgram> cmp_;
  std::vector<ValueId> captured_;
  RowLayout rows_;
  std::vector<ValueId> inputs_, outputs_;
  std::vector<size_t> es_;
};

// ---------------------------------------------------------------- sorting by key codes

// How a key's bits become an unsigned code whose order is the comparator's order.
enum class KeyCoding : uint8_t {
  kUnsigned,    // UNSIGNED compare (and pred)
  kSigned,      // SIGNED compare: flip the sign bit
  kFloatTotal,  // TOTALORDER: -NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN
  kFloat,       // FLOAT compare: -0 == +0, denormals read as zero (DAZ); NaN has no place
};

struct KeyPlan {
  compiler::ValueId value = compiler::kNoValue;  // in the comparator region
  int operand = -1;                              // the key is sort operand `operand` itself
  int program_output = -1;                       // else: output of the key program
  ElementType type = ElementType::kInvalid;
  int bits = 32;
  KeyCoding coding = KeyCoding::kUnsigned;
  bool descending = false;
  bool flush_denormals = false;  // kFloat keys whose compare sees denormals as zero
};

template <class B> inline B LoadBits(const uint8_t* p) {
  B b;
  std::memcpy(&b, p, sizeof(B));
  return b;
}

// Codes of n keys (element i read at src[perm ? perm[i] : i]); false when a FLOAT-compared
// key is NaN (the comparator is then no strict weak order and the general sort decides).
template <class U, class B>
bool EncodeKeysAs(const KeyPlan& k, const uint8_t* src, const uint32_t* perm, U* out, int64_t n) {
  constexpr int kBits = static_cast<int>(sizeof(B) * 8);
  constexpr B kSign = static_cast<B>(B{1} << (kBits - 1));
  // Float layout of the key's type (exponent mask, mantissa mask).
  B exp_mask = 0, man_mask = 0;
  if (k.coding == KeyCoding::kFloat || k.coding == KeyCoding::kFloatTotal) {
    switch (k.type) {
      case ElementType::kF16: exp_mask = static_cast<B>(0x7c00); man_mask = static_cast<B>(0x03ff); break;
      case ElementType::kBF16: exp_mask = static_cast<B>(0x7f80); man_mask = static_cast<B>(0x007f); break;
      case ElementType::kF32: exp_mask = static_cast<B>(0x7f800000u); man_mask = static_cast<B>(0x007fffffu); break;
      default: exp_mask = static_cast<B>(0x7ff0000000000000ull); man_mask = static_cast<B>(0x000fffffffffffffull); break;
    }
  }
  const B flip = k.descending ? static_cast<B>(~B{0}) : B{0};
  for (int64_t i = 0; i < n; ++i) {
    B b = LoadBits<B>(src + static_cast<size_t>(perm ? perm[i] : i) * sizeof(B));
    switch (k.coding) {
      case KeyCoding::kUnsigned: break;
      case KeyCoding::kSigned: b ^= kSign; break;
      case KeyCoding::kFloat: {
        const B e = b & exp_mask;
        if (e == exp_mask && (b & man_mask)) return false;
        if ((b & ~kSign) == 0 || (k.flush_denormals && e == 0)) b = 0;  // -0, denormals: +0
        [[fallthrough]];
      }
      case KeyCoding::kFloatTotal: b = (b & kSign) ? static_cast<B>(~b) : static_cast<B>(b | kSign); break;
    }
    out[i] = static_cast<U>(static_cast<B>(b ^ flip));
  }
  return true;
}

template <class U>
bool EncodeKeys(const KeyPlan& k, const uint8_t* src, const uint32_t* perm, U* out, int64_t n) {
  switch (k.bits) {
    case 8: return EncodeKeysAs<U, uint8_t>(k, src, perm, out, n);
    case 16: return EncodeKeysAs<U, uint16_t>(k, src, perm, out, n);
    case 32: return EncodeKeysAs<U, uint32_t>(k, src, perm, out, n);
    default: return EncodeKeysAs<U, uint64_t>(k, src, perm, out, n);
  }
}

// Stable LSD radix sort of (key, value) pairs on the low `bits` bits, 8 bits a pass; digits
// where every key agrees are skipped. The result is in (k0, v0) or (k1, v1): returns true
// when it ended in the second pair.
template <class U>
bool RadixSortPairs(U* k0, uint32_t* v0, U* k1, uint32_t* v1, int64_t n, int bits) {
  constexpr int kMaxDigits = static_cast<int>(sizeof(U));
  const int digits = std::min(kMaxDigits, (bits + 7) / 8);
  uint32_t hist[kMaxDigits][256];
  std::memset(hist, 0, sizeof hist);
  for (int64_t i = 0; i < n; ++i) {
    U u = k0[i];
    for (int d = 0; d < digits; ++d) ++hist[d][(u >> (8 * d)) & 0xff];
  }
  bool swapped = false;
  for (int d = 0; d < digits; ++d) {
    uint32_t* h = hist[d];
    if (h[(k0[0] >> (8 * d)) & 0xff] == static_cast<uint32_t>(n)) continue;  // one digit value: no-op pass
    uint32_t sum = 0;
    for (int b = 0; b < 256; ++b) {
      uint32_t c = h[b];
      h[b] = sum;
      sum += c;
    }
    const int shift = 8 * d;
    for (int64_t i = 0; i < n; ++i) {
      U u = k0[i];
      uint32_t pos = h[(u >> shift) & 0xff]++;
      k1[pos] = u;
      v1[pos] = v0[i];
    }
    std::swap(k0, k1);
    std::swap(v0, v1);
    swapped = !swapped;
  }
  return swapped;
}

// Sorts one row: `perm` receives the stable order of indices 0..n-1 by the keys' codes
// (most significant key first). Buffers: codes (2n of U) and a second permutation (n).
// False when a key cannot be coded (see EncodeKeysAs).
template <class U>
bool SortRowByKeys(const std::vector<KeyPlan>& keys, const std::vector<const uint8_t*>& key_rows, int64_t n,
                   uint32_t* perm, uint32_t* perm2, U* codes, U* codes2) {
  std::iota(perm, perm + n, uint32_t{0});
  if (n < 2) return true;
  if (n <= 32 && keys.size() == 1) {
    // A short row: stable insertion sort of the codes.
    if (!EncodeKeys(keys[0], key_rows[0], nullptr, codes, n)) return false;
    for (int64_t i = 1; i < n; ++i) {
      const U c = codes[i];
      const uint32_t v = perm[i];
      int64_t j = i - 1;
      for (; j >= 0 && codes[j] > c; --j) {
        codes[j + 1] = codes[j];
        perm[j + 1] = perm[j];
      }
      codes[j + 1] = c;
      perm[j + 1] = v;
    }
    return true;
  }
  // LSD over keys: the least significant key first, each pass stable.
  for (size_t j = keys.size(); j-- > 0;) {
    const bool first_pass = j + 1 == keys.size();
    if (!EncodeKeys(keys[j], key_rows[j], first_pass ? nullptr : perm, codes, n)) return false;
    if (RadixSortPairs(codes, perm, codes2, perm2, n, keys[j].bits)) std::memcpy(perm, perm2, static_cast<size_t>(n) * 4);
  }
  return true;
}

// dst[i] = src[perm[i]] for elements of es bytes.
void GatherByPerm(uint8_t* dst, const uint8_t* src, const uint32_t* perm, int64_t n, size_t es) {
  auto typed = [&]<class T>() {
    T* d = reinterpret_cast<T*>(dst);
    const T* s = reinterpret_cast<const T*>(src);
    for (int64_t i = 0; i < n; ++i) d[i] = s[perm[i]];
  };
  switch (es) {
    case 1: typed.template operator()<uint8_t>(); break;
    case 2: typed.template operator()<uint16_t>(); break;
    case 4: typed.template operator()<uint32_t>(); break;
    case 8: typed.template operator()<uint64_t>(); break;
    default:
      for (int64_t i = 0; i < n; ++i) std::memcpy(dst + static_cast<size_t>(i) * es, src + static_cast<size_t>(perm[i]) * es, es);
  }
}

// A sort whose comparator orders by keys: rows sorted by key codes, every operand moved by the
// resulting permutation. Same order as the general sort (a stable sort by the same strict weak
// order), so the same bits. Falls back to the general kernel when a key cannot be coded.
class KeySortKernel final : public Kernel {
 public:
  KeySortKernel(const Op& op, const compiler::Module& m, std::vector<KeyPlan> keys,
                std::shared_ptr<EwProgram> key_program, std::vector<ValueId> key_captured,
                std::unique_ptr<Kernel> general)
      : keys_(std::move(keys)), key_program_(std::move(key_program)), key_captured_(std::move(key_captured)),
        general_(std::move(general)) {
    const Type& t = m.type(op.operands[0]);
    int64_t dim = op.IntAttr("dimension", -1);
    if (dim < 0) dim += t.rank();
    rows_ = MakeRows(t, std::max<int64_t>(dim, 0));
    for (size_t k = 0; k < op.operands.size(); ++k) {
      inputs_.push_back(op.operands[k]);
      outputs_.push_back(op.results[k]);
      es_.push_back(ElementTypeByteSize(m.type(op.operands[k]).element));
    }
    wide_ = false;
    for (const KeyPlan& k : keys_) wide_ = wide_ || k.bits > 32;
  }

  // Bytes of this kernel's own buffers (the general kernel's scratch is planned beside them).
  static int64_t OwnScratchBytes(const compiler::Module& m, const Op& op, const std::vector<KeyPlan>& keys) {
    const Type& t = m.type(op.operands[0]);
    const int64_t count = t.element_count();
    int64_t total = 0;
    for (ValueId v : op.operands) total += 2 * compiler::AlignUp(m.type(v).byte_size());
    for (const KeyPlan& k : keys)
      if (k.operand < 0) total += compiler::AlignUp(count * k.bits / 8);
    bool wide = false;
    for (const KeyPlan& k : keys) wide = wide || k.bits > 32;
    total += 2 * compiler::AlignUp(count * (wide ? 8 : 4)) + 2 * compiler::AlignUp(count * 4);
    return total;
  }

  void set_general_scratch_offset(int64_t off) { general_offset_ = off; }

  Status Run(Frame& f, uint8_t* scratch) const override {
    const size_t n = inputs_.size();
    const RowLayout& R = rows_;
    const int64_t count = R.outer * R.len * R.inner;
    if (count == 0) return Status::Ok();
    if (R.len >= (int64_t{1} << 32)) return general_->Run(f, scratch + general_offset_);
    // Rows contiguous: straight from the operands when inner == 1 (copied first only where an
    // output shares its operand's buffer); else transposed to [outer, inner, len].
    std::vector<const uint8_t*> rowmajor(n);
    std::vector<uint8_t*> sorted(n);
    uint8_t* p = scratch;
    std::vector<int64_t> dims = {R.outer, R.inner, R.len};
    std::vector<int64_t> dst = RowMajorStrides(dims);
    std::vector<int64_t> src = {R.len * R.inner, 1, R.inner};
    for (size_t k = 0; k < n; ++k) {
      const int64_t bytes = count * static_cast<int64_t>(es_[k]);
      uint8_t* a = p;
      uint8_t* b = p + compiler::AlignUp(bytes);
      p = b + compiler::AlignUp(bytes);
      const auto* in = static_cast<const uint8_t*>(f.Get(inputs_[k]));
      auto* out = static_cast<uint8_t*>(f.Get(outputs_[k]));
      if (R.inner == 1) {
        if (in == out) {
          std::memcpy(a, in, static_cast<size_t>(bytes));
          in = a;
        }
        rowmajor[k] = in;
        sorted[k] = out;
      } else {
        CopyStrided(a, dst, in, src, dims, es_[k]);
        rowmajor[k] = a;
        sorted[k] = b;
      }
    }
    // Computed keys (JAX's NaN/zero canonicalisation, negations, ...) over the whole array.
    std::vector<const uint8_t*> key_base(keys_.size());
    if (key_program_) {
      std::vector<const void*> kin(2 * n + key_captured_.size());
      for (size_t k = 0; k < n; ++k) kin[2 * k] = kin[2 * k + 1] = rowmajor[k];
      for (size_t c = 0; c < key_captured_.size(); ++c) kin[2 * n + c] = f.Get(key_captured_[c]);
      std::vector<void*> kout(key_program_->num_outputs());
      for (size_t j = 0; j < keys_.size(); ++j)
        if (keys_[j].operand < 0) {
          kout[static_cast<size_t>(keys_[j].program_output)] = p;
          key_base[j] = p;
          p += compiler::AlignUp(count * keys_[j].bits / 8);
        }
      const EwProgram& prog = *key_program_;
      ParallelFor(count, 32768, [&](int64_t b, int64_t e) { prog.Run(kin.data(), kout.data(), b, e); }, 512);
    }
    for (size_t j = 0; j < keys_.size(); ++j)
      if (keys_[j].operand >= 0) key_base[j] = rowmajor[static_cast<size_t>(keys_[j].operand)];
    const size_t code_bytes = wide_ ? 8 : 4;
    uint8_t* codes = p;
    uint8_t* codes2 = codes + compiler::AlignUp(count * static_cast<int64_t>(code_bytes));
    auto* perm = reinterpret_cast<uint32_t*>(codes2 + compiler::AlignUp(count * static_cast<int64_t>(code_bytes)));
    auto* perm2 = reinterpret_cast<uint32_t*>(reinterpret_cast<uint8_t*>(perm) + compiler::AlignUp(count * 4));
    const int64_t rows = R.outer * R.inner, len = R.len;
    std::atomic<bool> ok{true};
    ParallelFor(rows, std::max<int64_t>(1, 16384 / std::max<int64_t>(len, 1)), [&](int64_t b, int64_t e) {
      std::vector<const uint8_t*> key_rows(keys_.size());
      for (int64_t row = b; row < e && ok.load(std::memory_order_relaxed); ++row) {
        const int64_t base = row * len;
        for (size_t j = 0; j < keys_.size(); ++j)
          key_rows[j] = key_base[j] + static_cast<size_t>(base) * static_cast<size_t>(keys_[j].bits / 8);
        uint32_t* pr = perm + base;
        bool row_ok = wide_ ? SortRowByKeys(keys_, key_rows, len, pr, perm2 + base,
                                            reinterpret_cast<uint64_t*>(codes) + base,
                                            reinterpret_cast<uint64_t*>(codes2) + base)
                            : SortRowByKeys(keys_, key_rows, len, pr, perm2 + base,
                                            reinterpret_cast<uint32_t*>(codes) + base,
                                            reinterpret_cast<uint32_t*>(codes2) + base);
        if (!row_ok) {
          ok.store(false);
          return;
        }
        for (size_t k = 0; k < n; ++k)
          GatherByPerm(sorted[k] + static_cast<size_t>(base) * es_[k], rowmajor[k] + static_cast<size_t>(base) * es_[k],
                       pr, len, es_[k]);
      }
    });
    if (!ok.load()) return general_->Run(f, scratch + general_offset_);
    if (R.inner != 1) {
      std::vector<int64_t> back_src = RowMajorStrides(dims);
      std::vector<int64_t> back_dst = {R.len * R.inner, 1, R.inner};
      for (size_t k = 0; k < n; ++k) CopyStrided(f.Get(outputs_[k]), back_dst, sorted[k], back_src, dims, es_[k]);
    }
    return Status::Ok();
  }

 private:
  std::vector<KeyPlan> keys_;
  std::shared_ptr<EwProgram> key_program_;
  std::vector<ValueId> key_captured_;
  std::unique_ptr<Kernel> general_;
  int64_t general_offset_ = 0;
  RowLayout rows_;
  std::vector<ValueId> inputs_, outputs_;
  std::vector<size_t> es_;
  bool wide_ = false;
};

// Key plans for a comparator the analysis recognised; nullopt for key types without a code.
std::optional<std::vector<KeyPlan>> PlanKeys(const compiler::Module& m, const std::vector<compiler::SortKey>& keys) {
  std::vector<KeyPlan> plans;
  int outputs = 0;
  for (const compiler::SortKey& k : keys) {
    KeyPlan p;
    p.value = k.value;
    p.operand = k.operand;
    p.type = m.type(k.value).element;
    p.descending = k.descending;
    if (m.type(k.value).rank() != 0 || IsComplex(p.type)) return std::nullopt;
    p.bits = static_cast<int>(ElementTypeByteSize(p.type)) * 8;
    if (p.bits != 8 && p.bits != 16 && p.bits != 32 && p.bits != 64) return std::nullopt;
    const bool is_float = IsFloat(p.type);
    if (k.compare_type == "TOTALORDER") {
      if (!is_float) return std::nullopt;
      p.coding = KeyCoding::kFloatTotal;
    } else if (k.compare_type == "FLOAT") {
      if (!is_float) return std::nullopt;
      p.coding = KeyCoding::kFloat;
      // An f16 compare widens to f32 first (no f16 value is an f32 denormal); bf16, f32 and
      // f64 compares see denormals as zero.
      p.flush_denormals = p.type != ElementType::kF16;
    } else if (k.compare_type == "SIGNED" || k.compare_type == "UNSIGNED") {
      if (is_float) return std::nullopt;
      p.coding = k.compare_type == "SIGNED" && p.type != ElementType::kPred ? KeyCoding::kSigned : KeyCoding::kUnsigned;
    } else {
      return std::nullopt;
    }
    if (p.operand < 0) p.program_output = outputs++;
    plans.push_back(p);
  }
  return plans;
}

// chlo.top_k along the last dimension: largest first (total order, NaN largest), ties by
// index. One pass per row keeps the k best seen so far in a heap whose root is the worst of
// them; a later element enters only when strictly greater than that root (an equal key with a
// larger index ranks lower), so almost every element costs one compare.
template <class T>
void TopKRows(const T* x, T* values, void* indices, ElementType index_type, int64_t rows, int64_t len, int64_t k,
              int64_t* scratch) {
  if (k <= 0) return;
  auto key_of = [](T v) {
    if constexpr (std::is_integral_v<T>) return v;
    else return TotalOrderKey(v);
  };
  using K = decltype(key_of(T{}));
  ParallelFor(rows, std::max<int64_t>(1, 32768 / std::max<int64_t>(len, 1)), [&](int64_t b, int64_t e) {
    std::vector<std::pair<K, int64_t>> heap(static_cast<size_t>(k));
    // a ranks after b: smaller key, or the same key at a larger index.
    auto worse = [](const std::pair<K, int64_t>& a, const std::pair<K, int64_t>& b) {
      return a.first < b.first || (a.first == b.first && a.second > b.second);
    };
    // std heap with comparator `better` keeps the worst element at the root.
    auto better = [&](const std::pair<K, int64_t>& a, const std::pair<K, int64_t>& b) { return worse(b, a); };
    for (int64_t r = b; r < e; ++r) {
      const T* row = x + r * len;
      const int64_t fill = std::min(k, len);
      for (int64_t i = 0; i < fill; ++i) heap[static_cast<size_t>(i)] = {key_of(row[i]), i};
      std::make_heap(heap.begin(), heap.begin() + fill, better);
      K threshold = heap[0].first;
      for (int64_t i = fill; i < len; ++i) {
        const K key = key_of(row[i]);
        if (!(key > threshold)) continue;
        std::pop_heap(heap.begin(), heap.begin() + fill, better);
        heap[static_cast<size_t>(fill - 1)] = {key, i};
        std::push_heap(heap.begin(), heap.begin() + fill, better);
        threshold = heap[0].first;
      }
      std::sort(heap.begin(), heap.begin() + fill, better);
      for (int64_t i = 0; i < k; ++i) {
        // k > len cannot pass the verifier; keep the row defined anyway.
        const int64_t src = i < fill ? heap[static_cast<size_t>(i)].second : 0;
        values[r * k + i] = row[src];
        if (index_type == ElementType::kS64) static_cast<int64_t*>(indices)[r * k + i] = src;
        else static_cast<int32_t*>(indices)[r * k + i] = static_cast<int32_t>(src);
      }
    }
  });
  (void)scratch;
}

class TopKKernel final : public Kernel {
 public:
  TopKKernel(const Op& op, const compiler::Module& m) : x_(op.operands[0]), values_(op.results[0]), indices_(op.results[1]) {
    const Type& t = m.type(op.operands[0]);
    type_ = t.element;
    index_type_ = m.type(op.results[1]).element;
    len_ = t.dims.back();
    rows_ = len_ == 0 ? 0 : t.element_count() / len_;
    k_ = op.IntAttr("k", 0);
  }
  Status Run(Frame& f, uint8_t* scratch) const override {
    auto* perm = reinterpret_cast<int64_t*>(scratch);
    const void* x = f.Get(x_);
    void* v = f.Get(values_);
    void* i = f.Get(indices_);
    switch (type_) {
      case ElementType::kF32: TopKRows(static_cast<const float*>(x), static_cast<float*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kF64: TopKRows(static_cast<const double*>(x), static_cast<double*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kBF16: TopKRows(static_cast<const bf16*>(x), static_cast<bf16*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kF16: TopKRows(static_cast<const f16*>(x), static_cast<f16*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS32: TopKRows(static_cast<const int32_t*>(x), static_cast<int32_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS64: TopKRows(static_cast<const int64_t*>(x), static_cast<int64_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kU32: TopKRows(static_cast<const uint32_t*>(x), static_cast<uint32_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kS8: TopKRows(static_cast<const int8_t*>(x), static_cast<int8_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      case ElementType::kU8: TopKRows(static_cast<const uint8_t*>(x), static_cast<uint8_t*>(v), i, index_type_, rows_, len_, k_, perm); break;
      default: return Unimplemented("top_k of " + std::string(ElementTypeMlirName(type_)));
    }
    return Status::Ok();
  }

 private:
  ValueId x_, values_, indices_;
  ElementType type_, index_type_;
  int64_t len_ = 0, rows_ = 0, k_ = 0;
};

}  // namespace

namespace {

// The key plans of a sort the executor can run by key codes, or nullopt.
std::optional<std::vector<KeyPlan>> KeySortPlan(const compiler::Module& m, const Op& op) {
  if (op.kind != OpKind::kSort || op.regions.size() != 1) return std::nullopt;
  std::optional<std::vector<compiler::SortKey>> keys = compiler::AnalyzeSortComparator(m, *op.regions[0], op.operands.size());
  if (!keys) return std::nullopt;
  return PlanKeys(m, *keys);
}

}  // namespace

int64_t SortScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind == OpKind::kTopK) return 0;
  int64_t general = SortKernel::ScratchBytes(m, op);
  if (std::optional<std::vector<KeyPlan>> plan = KeySortPlan(m, op))
    return compiler::AlignUp(KeySortKernel::OwnScratchBytes(m, op, *plan)) + general;
  return general;
}

StatusOr<std::unique_ptr<Kernel>> MakeSortKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  if (op.kind == OpKind::kTopK) {
    ElementType it = m.type(op.results[1]).element;
    if (it != ElementType::kS32 && it != ElementType::kS64) return Unimplemented("top_k index type");
    return std::unique_ptr<Kernel>(new TopKKernel(op, m));
  }
  std::vector<ValueId> captured;
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> cmp,
                          EwProgram::Compile(m, *op.regions[0], {1}, &captured, /*args_are_arrays=*/true));
  auto general = std::unique_ptr<Kernel>(new SortKernel(op, m, std::move(cmp), std::move(captured)));
  std::optional<std::vector<KeyPlan>> plan = KeySortPlan(m, op);
  if (!plan) return general;
  // The computed keys (those that are not an operand) as one elementwise program over arrays.
  std::vector<ValueId> key_values, key_captured;
  for (const KeyPlan& k : *plan)
    if (k.operand < 0) key_values.push_back(k.value);
  std::shared_ptr<EwProgram> key_program;
  if (!key_values.empty()) {
    int64_t count = std::max<int64_t>(1, m.type(op.operands[0]).element_count());
    auto prog = EwProgram::Compile(m, *op.regions[0], {count}, &key_captured, /*args_are_arrays=*/true, &key_values);
    if (!prog.ok()) return general;
    key_program = std::move(prog).value();
  }
  auto kernel = std::make_unique<KeySortKernel>(op, m, *plan, std::move(key_program), std::move(key_captured),
                                                std::move(general));
  kernel->set_general_scratch_offset(compiler::AlignUp(KeySortKernel::OwnScratchBytes(m, op, *plan)));
  return std::unique_ptr<Kernel>(std::move(kernel));
}

}  // namespace jaxlib::cpu
