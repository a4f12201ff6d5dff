// The CPU lowering of fused-loop programs: binds each instruction to a typed tile kernel and runs
// the tiles (interpreter), or hands the program to the fused-loop JIT.
#include "backends/cpu/executor/elementwise/elementwise_program.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <type_traits>
#include <optional>
#include <unordered_map>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "backends/cpu/executor/jit/fused_loop_jit.h"
#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/elementwise/scalar_math.h"
#include "backends/cpu/executor/elementwise/vector_kernels.h"

namespace jaxlib::cpu {

using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::ValueId;

namespace {

// Contiguous JIT inputs of at least this many bytes prefetch kPrefetchAheadBytes ahead.
constexpr int64_t kPrefetchMinBytes = int64_t{1} << 20;
constexpr int32_t kPrefetchAheadBytes = 2048;

constexpr int64_t kTile = 512;
// Loops shorter than this are interpreted until they have run kRunsBeforeNative times
// (generating code costs a few microseconds and two system calls, more than such a loop takes
// to interpret once; a loop body runs it thousands of times); shorter than
// kMinTieredElements, always.
constexpr int64_t kMinNativeElements = 4096;
constexpr int64_t kMinTieredElements = 64;
constexpr int64_t kRunsBeforeNative = 16;
// Native loops whose gathered inputs are all per-row values (broadcast along the trailing dims:
// a row's mean or max in a normalisation layer or softmax, a bias per row) or per-column rows
// (broadcast along the leading dims: a layer norm's scale) run a row at a time, the former bound
// as scalars, the latter streamed from the row's start, when a row has at least this many
// elements (a few iterations of the widest unrolled loop; shorter rows are gathered into tiles).
constexpr int64_t kMinNativeRow = 128;
constexpr int64_t kMinRowWithTail = 1024;
// Output elements the JIT can store with non-temporal stores: 4 and 8 bytes (whole vectors; 8
// only from f64 loops) and halves (narrowed into a register first).
bool Streamable(size_t elem_size) { return elem_size == 8 || elem_size == 4 || elem_size == 2; }

// The f32 of a half's value (exact), as the fused-loop JIT holds halves.
float HalfAsFloat(ElementType t, const uint8_t* bits) {
  uint16_t h;
  std::memcpy(&h, bits, 2);
  return t == ElementType::kF16 ? f16::ToFloat(h) : static_cast<float>(bf16::FromBits(h));
}

// 8- and 16-bit integers, which the fused-loop JIT holds extended to 32 bits.
bool IsByteOrWordInt(ElementType t) {
  return t == ElementType::kS8 || t == ElementType::kU8 || t == ElementType::kS16 || t == ElementType::kU16;
}

// An 8- or 16-bit integer's value extended to 32 bits by its signedness, as the fused-loop JIT
// holds it.
uint32_t NarrowIntBits(ElementType t, const uint8_t* bits) {
  switch (t) {
    case ElementType::kS8: return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(bits[0])));
    case ElementType::kU8: return bits[0];
    case ElementType::kS16: {
      int16_t v;
      std::memcpy(&v, bits, 2);
      return static_cast<uint32_t>(static_cast<int32_t>(v));
    }
    default: {
      uint16_t v;
      std::memcpy(&v, bits, 2);
      return v;
    }
  }
}

// The elements of the longest run of trailing loop dims over which a strided input is one value
// (every stride 0; `*constant` set) or a contiguous run of its source (row-major strides).
int64_t RowRun(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, bool* constant) {
  int64_t same = 1, contiguous = 1;
  for (size_t k = dims.size(); k-- > 0 && (dims[k] == 1 || strides[k] == 0);) same *= dims[k];
  for (size_t k = dims.size(); k-- > 0 && (dims[k] == 1 || strides[k] == contiguous);) contiguous *= dims[k];
  *constant = same >= contiguous;
  return std::max(same, contiguous);
}

// The period P of a strided view whose trailing dims are laid out row-major and whose other
// strides are all zero (a small array broadcast along leading dims, such as a per-channel
// constant): loop element i reads source element i % P. 0 for other views and for P = 1.
int64_t BroadcastPeriod(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides) {
  int64_t period = 1;
  int lead = static_cast<int>(dims.size()) - 1;
  for (; lead >= 0 && strides[static_cast<size_t>(lead)] == period; --lead) period *= dims[static_cast<size_t>(lead)];
  if (period <= 1 || lead < 0) return 0;
  for (int k = lead; k >= 0; --k)
    if (strides[static_cast<size_t>(k)] != 0) return 0;
  return period;
}

// The period P of a view whose trailing dims are laid out row-major (unit innermost stride),
// with dims of stride zero above them (the dims a reduced value is broadcast back along, such
// as log_softmax's axis 1 of [B, N, C]) and any strides further out: within each aligned block
// of *block = P * (the zero-stride dims' extent) loop elements, element i reads the block's P
// source elements at i % P. 0 where there is no such block, or the view is BroadcastPeriod's.
int64_t BlockBroadcastPeriod(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides,
                             int64_t* block) {
  int64_t period = 1;
  int lead = static_cast<int>(dims.size()) - 1;
  for (; lead >= 0 && strides[static_cast<size_t>(lead)] == period; --lead) period *= dims[static_cast<size_t>(lead)];
  if (period <= 1 || lead < 0) return 0;
  int64_t repeats = 1;
  for (; lead >= 0 && strides[static_cast<size_t>(lead)] == 0; --lead) repeats *= dims[static_cast<size_t>(lead)];
  if (repeats <= 1 || lead < 0) return 0;
  *block = period * repeats;
  return period;
}

// BlockBroadcastPeriod's blocks when the period's own dims may be strided or broadcast (a
// statistic per (n, g) read across [n, h, w, g, c]: c repeats each g, h and w repeat the
// period): the period P (*t trailing dims, with a nonzero stride among them), then dims of
// stride zero repeating it, *block = P times their extent. 0 where there is none.
int64_t BlockPatternPeriod(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, int64_t* block,
                           int* t) {
  const int r = static_cast<int>(dims.size());
  int64_t period = 1;
  bool strided = false;
  int k = r - 1;
  for (; k >= 0; --k) {
    const bool unit = dims[static_cast<size_t>(k)] == 1;
    if (strides[static_cast<size_t>(k)] == 0 && strided && !unit) break;
    strided = strided || (strides[static_cast<size_t>(k)] != 0 && !unit);
    period *= dims[static_cast<size_t>(k)];
  }
  if (!strided || k < 0) return 0;
  *t = r - 1 - k;
  int64_t repeats = 1;
  for (; k >= 0 && strides[static_cast<size_t>(k)] == 0; --k) repeats *= dims[static_cast<size_t>(k)];
  if (repeats <= 1) return 0;
  *block = period * repeats;
  return period;
}

// R where loop element i of a strided view reads source element i / R: trailing dims of
// stride zero (R elements) over leading dims laid out row-major (a per-row value broadcast along
// its row). 0 for other views, and for R = 1.
int64_t RowRepeat(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides) {
  int64_t repeat = 1;
  int k = static_cast<int>(dims.size()) - 1;
  for (; k >= 0 && (strides[static_cast<size_t>(k)] == 0 || dims[static_cast<size_t>(k)] == 1); --k)
    repeat *= dims[static_cast<size_t>(k)];
  if (repeat <= 1 || k < 0) return 0;
  for (int64_t step = 1; k >= 0; step *= dims[static_cast<size_t>(k--)])
    if (dims[static_cast<size_t>(k)] != 1 && strides[static_cast<size_t>(k)] != step) return 0;
  return repeat;
}

// dst[i] = src[(begin + i) / R] for i < n, elements of es bytes: the first row's part, whole
// rows (RepeatEach), the last row's part.
void FillRepeated(uint8_t* dst, const uint8_t* src, size_t es, int64_t R, int64_t begin, int64_t n) {
  int64_t q = begin / R;
  const int64_t lead = std::min(n, (R - (begin - q * R)) % R);
  if (lead > 0) FillElements(dst, src + static_cast<size_t>(q++) * es, es, lead);
  const int64_t whole = (n - lead) / R;
  RepeatEach(dst + static_cast<size_t>(lead) * es, src + static_cast<size_t>(q) * es, whole, R, es);
  const int64_t tail = n - lead - whole * R;
  if (tail > 0) FillElements(dst + static_cast<size_t>(n - tail) * es, src + static_cast<size_t>(q + whole) * es, es, tail);
}

// Fills dst[0, n) with src[(phase + i) % period]: the head of one period, then whole periods
// copied from the tile's own start, doubling (a few long copies instead of one per period).
void FillPeriodic(uint8_t* dst, const uint8_t* src, size_t es, int64_t period, int64_t phase, int64_t n) {
  const int64_t head = std::min(period - phase, n);
  std::memcpy(dst, src + static_cast<size_t>(phase) * es, static_cast<size_t>(head) * es);
  int64_t done = head;
  if (done < n) {
    const int64_t tail = std::min(phase, n - done);
    std::memcpy(dst + static_cast<size_t>(done) * es, src, static_cast<size_t>(tail) * es);
    done += tail;
  }
  // dst[i] = dst[i - period] from here on.
  while (done < n) {
    const int64_t run = std::min(done, n - done);
    std::memcpy(dst + static_cast<size_t>(done) * es, dst, static_cast<size_t>(run) * es);
    done += run;
  }
}

// The source element of a strided input at loop element `at`.
int64_t StridedOffset(const std::vector<int64_t>& dims, const std::vector<int64_t>& strides, int64_t at) {
  int64_t off = 0;
  for (size_t k = dims.size(); k-- > 0;) {
    off += (at % dims[k]) * strides[k];
    at /= dims[k];
  }
  return off;
}

}  // namespace

// A loop element's index as its digits in the loop's dimensions (the last fastest), moved from
// row to row without dividing: a row's length has digits of its own, added with carries (each
// digit sum is below twice its dimension, so one subtraction carries it). Strided inputs' offsets
// are then sums of products. Loops of more than kMaxDims dimensions divide, as StridedOffset.
class LoopCursor {
 public:
  static constexpr size_t kMaxDims = 8;
  LoopCursor(const std::vector<int64_t>& dims, int64_t step) : dims_(dims), step_(step) {
    if (dims.size() <= kMaxDims) Digits(step, step_digits_);
  }
  void MoveTo(int64_t at) {
    if (at == at_) return;
    if (dims_.size() <= kMaxDims) {
      if (at_ >= 0 && at == at_ + step_) {
        int64_t carry = 0;
        for (size_t k = dims_.size(); k-- > 0;) {
          const int64_t d = digits_[k] + step_digits_[k] + carry;
          carry = d >= dims_[k] ? 1 : 0;
          digits_[k] = d - carry * dims_[k];
        }
      } else {
        Digits(at, digits_);
      }
    }
    at_ = at;
  }
  int64_t Offset(const std::vector<int64_t>& strides) const {
    if (dims_.size() > kMaxDims) return StridedOffset(dims_, strides, at_);
    int64_t off = 0;
    for (size_t k = 0; k < dims_.size(); ++k) off += digits_[k] * strides[k];
    return off;
  }

 private:
  void Digits(int64_t at, int64_t* out) const {
    for (size_t k = dims_.size(); k-- > 0;) {
      out[k] = at % dims_[k];
      at /= dims_[k];
    }
  }
  const std::vector<int64_t>& dims_;
  const int64_t step_;
  int64_t at_ = -1;
  int64_t digits_[kMaxDims] = {}, step_digits_[kMaxDims] = {};
};

namespace {

template <class T>
void WriteIota(void* dst, const int64_t* idx, int64_t n) {
  T* d = static_cast<T*>(dst);
  for (int64_t i = 0; i < n; ++i) d[i] = ConvertValue<T, int64_t>(idx[i]);
}

void WriteIotaTyped(ElementType t, void* dst, const int64_t* idx, int64_t n) {
  switch (t) {
    case ElementType::kPred: WriteIota<bool>(dst, idx, n); break;
    case ElementType::kS8: WriteIota<int8_t>(dst, idx, n); break;
    case ElementType::kS16: WriteIota<int16_t>(dst, idx, n); break;
    case ElementType::kS32: WriteIota<int32_t>(dst, idx, n); break;
    case ElementType::kS64: WriteIota<int64_t>(dst, idx, n); break;
    case ElementType::kU8: WriteIota<uint8_t>(dst, idx, n); break;
    case ElementType::kU16: WriteIota<uint16_t>(dst, idx, n); break;
    case ElementType::kU32: WriteIota<uint32_t>(dst, idx, n); break;
    case ElementType::kU64: WriteIota<uint64_t>(dst, idx, n); break;
    case ElementType::kF16: WriteIota<f16>(dst, idx, n); break;
    case ElementType::kBF16: WriteIota<bf16>(dst, idx, n); break;
    case ElementType::kF32: WriteIota<float>(dst, idx, n); break;
    case ElementType::kF64: WriteIota<double>(dst, idx, n); break;
    case ElementType::kC64: WriteIota<c64>(dst, idx, n); break;
    case ElementType::kC128: WriteIota<c128>(dst, idx, n); break;
    default: break;
  }
}

// Copies elements [begin, begin+n) of a strided view (strides per loop dim, 0 = broadcast).
// `*splat`: the source element `dst` already holds in every slot from the previous tile, or
// nullptr. A tile that is one broadcast value (a row's max or sum in softmax, with the tile
// inside the row) is filled only when that value's element changes.
void GatherStrided(uint8_t* dst, const uint8_t* src, size_t es, const std::vector<int64_t>& dims,
                   const std::vector<int64_t>& strides, int64_t begin, int64_t n, const uint8_t** splat) {
  const int r = static_cast<int>(dims.size());
  if (r == 0) {
    FillElements(dst, src, es, n);
    return;
  }
  int64_t idx[16] = {0};
  int64_t rem = begin;
  int64_t off = 0;
  for (int k = r - 1; k >= 0; --k) {
    idx[k] = rem % dims[static_cast<size_t>(k)];
    rem /= dims[static_cast<size_t>(k)];
    off += idx[k] * strides[static_cast<size_t>(k)];
  }
  const int64_t inner = dims[static_cast<size_t>(r - 1)];
  const int64_t inner_stride = strides[static_cast<size_t>(r - 1)];
  // A small array broadcast along leading dims (a per-channel constant): the source offsets
  // repeat with period P. Runs of the innermost dim would be a few elements each; instead the
  // tile is one period, then doubled.
  const int64_t period = BroadcastPeriod(dims, strides);
  if (period > 0 && period < n) {
    *splat = nullptr;
    FillPeriodic(dst, src, es, period, begin % period, n);
    return;
  }
  // A tile inside one block of a block-periodic view: periodic from the block's source row. The
  // memo holds the source of the tile's first element: the next tile of a call (as long or the
  // call's last, shorter one) at the same phase in the same block already holds its elements.
  int64_t block = 0;
  if (const int64_t p = BlockBroadcastPeriod(dims, strides, &block); p > 0 && begin / block == (begin + n - 1) / block) {
    const uint8_t* first = src + static_cast<size_t>(off) * es;
    if (*splat != first) FillPeriodic(dst, first - static_cast<size_t>(begin % p) * es, es, p, begin % p, n);
    *splat = first;
    return;
  }
  // The same blocks with a period of any layout: the tile's first period gathered (as a view
  // of the trailing dims from the block's source), then copied onward from the tile itself.
  int t = 0;
  if (const int64_t p = BlockPatternPeriod(dims, strides, &block, &t); p > 0 && begin / block == (begin + n - 1) / block) {
    *splat = nullptr;
    const std::vector<int64_t> period_dims(dims.end() - t, dims.end()), period_strides(strides.end() - t, strides.end());
    const uint8_t* base = src + static_cast<size_t>(StridedOffset(dims, strides, begin - begin % block)) * es;
    const int64_t phase = begin % p, head = std::min(n, p - phase), tail = std::min(phase, n - head);
    const uint8_t* none = nullptr;
    GatherStrided(dst, base, es, period_dims, period_strides, phase, head, &none);
    if (tail > 0) GatherStrided(dst + static_cast<size_t>(head) * es, base, es, period_dims, period_strides, 0, tail, &none);
    for (int64_t done = head + tail; done < n;) {  // from here on dst[i] = dst[i - p]; done % p == 0
      const int64_t run = std::min(done, n - done);
      std::memcpy(dst + static_cast<size_t>(done) * es, dst, static_cast<size_t>(run) * es);
      done += run;
    }
    return;
  }
  // A contiguous run of the source (the trailing dims, row-major) repeated along a broadcast dim
  // (a point's 3 coordinates against every other point, all points against each point): each
  // block of repeats is filled with one run, then doubled, instead of a copy per innermost row.
  int rep = r - 1;
  int64_t run_len = 1;
  while (rep >= 0 && (strides[static_cast<size_t>(rep)] == run_len || dims[static_cast<size_t>(rep)] == 1))
    run_len *= dims[static_cast<size_t>(rep--)];
  if (rep >= 0 && rep < r - 1 && strides[static_cast<size_t>(rep)] == 0 && dims[static_cast<size_t>(rep)] > 1) {
    *splat = nullptr;
    const int64_t block = run_len * dims[static_cast<size_t>(rep)];
    for (int64_t done = 0; done < n;) {
      const int64_t at = begin + done, phase = at % block;
      const uint8_t* run = src + static_cast<size_t>(StridedOffset(dims, strides, at - phase)) * es;
      const int64_t m = std::min(n - done, block - phase);
      uint8_t* d = dst + static_cast<size_t>(done) * es;
      // The block's first elements up to a run boundary, then whole runs from there on.
      const int64_t head = std::min(m, (run_len - phase % run_len) % run_len);
      std::memcpy(d, run + static_cast<size_t>(phase % run_len) * es, static_cast<size_t>(head) * es);
      uint8_t* runs = d + static_cast<size_t>(head) * es;
      const int64_t rest = m - head;
      int64_t filled = std::min(rest, run_len);
      std::memcpy(runs, run, static_cast<size_t>(filled) * es);
      for (; filled < rest; filled *= 2)
        std::memcpy(runs + static_cast<size_t>(filled) * es, runs, static_cast<size_t>(std::min(filled, rest - filled)) * es);
      done += m;
    }
    return;
  }
  // Each element of a contiguous run repeated along trailing broadcast dims (a per-pixel factor
  // against its 3 coordinates, jnp.repeat, a row's mean against a row of 96 in a layer norm):
  // loop element i reads source element i / R. (A tile inside one row is one value: below.)
  if (const int64_t repeat = RowRepeat(dims, strides);
      repeat > 0 && RepeatEachFillsRuns(repeat, es) && (repeat < 16 || begin % repeat + n > repeat)) {
    *splat = nullptr;
    FillRepeated(dst, src, es, repeat, begin, n);
    return;
  }
  if (inner_stride == 0 && idx[r - 1] + n <= inner) {
    const uint8_t* value = src + static_cast<size_t>(off) * es;
    if (*splat != value) FillElements(dst, value, es, n);
    *splat = value;
    return;
  }
  *splat = nullptr;
  int64_t done = 0;
  while (done < n) {
    int64_t run = std::min(inner - idx[r - 1], n - done);
    uint8_t* d = dst + static_cast<size_t>(done) * es;
    if (inner_stride == 0) {
      FillElements(d, src + static_cast<size_t>(off) * es, es, run);
    } else if (inner_stride == 1) {
      std::memcpy(d, src + static_cast<size_t>(off) * es, static_cast<size_t>(run) * es);
    } else {
      CopyStridedRun(d, src + static_cast<size_t>(off) * es, run, inner_stride, es);
    }
    done += run;
    off += run * inner_stride;
    idx[r - 1] += run;
    // Carry into outer dimensions.
    for (int k = r - 1; k > 0 && idx[k] == dims[static_cast<size_t>(k)]; --k) {
      off -= idx[k] * strides[static_cast<size_t>(k)];
      idx[k] = 0;
      ++idx[k - 1];
      off += strides[static_cast<size_t>(k - 1)];
    }
  }
}

void IotaIndices(int64_t* out, const std::vector<int64_t>& dims, int64_t dim, int64_t begin, int64_t n) {
  int64_t inner = 1;
  for (size_t k = static_cast<size_t>(dim) + 1; k < dims.size(); ++k) inner *= dims[k];
  const int64_t extent = dims[static_cast<size_t>(dim)];
  // ((begin + i) / inner) % extent by counting: no division per element.
  int64_t within = begin % inner, index = (begin / inner) % extent;
  for (int64_t i = 0; i < n; ++i) {
    out[i] = index;
    if (++within == inner) {
      within = 0;
      if (++index == extent) index = 0;
    }
  }
}

// A tile of an iota: element i of [begin, begin + n) holds its index along `dim`, as type t.
// 32-bit integers (threefry's counters) are written a run at a time, counting up along the
// innermost dims and repeating a value across them; other types go through `idx` (n entries).
void WriteIotaTile(ElementType t, void* dst, int64_t* idx, const std::vector<int64_t>& dims, int64_t dim,
                   int64_t begin, int64_t n) {
  if (t != ElementType::kS32 && t != ElementType::kU32) {
    IotaIndices(idx, dims, dim, begin, n);
    WriteIotaTyped(t, dst, idx, n);
    return;
  }
  auto* d = static_cast<uint32_t*>(dst);  // indices are below 2^31: the same bits either way
  int64_t inner = 1;
  for (size_t k = static_cast<size_t>(dim) + 1; k < dims.size(); ++k) inner *= dims[k];
  const int64_t extent = dims[static_cast<size_t>(dim)];
  int64_t within = begin % inner, index = (begin / inner) % extent;
  for (int64_t i = 0; i < n;) {
    if (inner == 1) {  // the innermost dim: consecutive elements count up to the extent
      const int64_t run = std::min(extent - index, n - i);
      for (int64_t j = 0; j < run; ++j) d[i + j] = static_cast<uint32_t>(index + j);
      i += run;
      index = (index + run) % extent;
      continue;
    }
    const int64_t run = std::min(inner - within, n - i);
    std::fill(d + i, d + i + run, static_cast<uint32_t>(index));
    i += run;
    within += run;
    if (within == inner) {
      within = 0;
      if (++index == extent) index = 0;
    }
  }
}

// The AVX-512 compare predicate that computes `op` as the f32 vector kernels and the f64 compare
// kernels do (C++ ==, !=, <, <=, >, >=: ordered and quiet for ==, unordered for !=), or -1.
int8_t VcmpPredicate(const compiler::Module& m, const Op& op) {
  if (op.operands.size() != 2) return -1;
  const ElementType t = m.type(op.operands[0]).element;
  if (t != ElementType::kF32 && t != ElementType::kF64) return -1;
  if (op.EnumAttr("compare_type") == "TOTALORDER") return -1;
  const std::string dir = op.EnumAttr("comparison_direction");
  if (dir == "EQ") return 0x00;  // EQ_OQ
  if (dir == "NE") return 0x04;  // NEQ_UQ
  if (dir == "LT") return 0x01;  // LT_OS
  if (dir == "LE") return 0x02;  // LE_OS
  if (dir == "GT") return 0x0E;  // GT_OS
  if (dir == "GE") return 0x0D;  // GE_OS
  return -1;
}

// An integer or i1 compare as the compare kernels run it (elementwise_kernels.cc): 32-bit lanes
// signed unless the compare says UNSIGNED (s32) or SIGNED (u32), i1 as false < true. Sets
// `*as` and returns the direction (0 EQ ... 5 GE), or -1 for other compares.
int8_t IntComparePredicate(const compiler::Module& m, const Op& op, ElementType* as) {
  if (op.operands.size() != 2) return -1;
  const ElementType t = m.type(op.operands[0]).element;
  const std::string type = op.EnumAttr("compare_type");
  if (t == ElementType::kPred) *as = ElementType::kPred;
  else if (t == ElementType::kS32) *as = type == "UNSIGNED" ? ElementType::kU32 : ElementType::kS32;
  else if (t == ElementType::kU32) *as = type == "SIGNED" ? ElementType::kS32 : ElementType::kU32;
  // 8- and 16-bit values, held extended to 32 bits by their own signedness, compare as s32
  // (compared with the other signedness they are left to the kernels).
  else if ((t == ElementType::kS8 || t == ElementType::kS16) && type != "UNSIGNED") *as = ElementType::kS32;
  else if ((t == ElementType::kU8 || t == ElementType::kU16) && type != "SIGNED") *as = ElementType::kS32;
  else return -1;
  static constexpr const char* kDirs[] = {"EQ", "NE", "LT", "LE", "GT", "GE"};
  const std::string dir = op.EnumAttr("comparison_direction");
  for (int8_t k = 0; k < 6; ++k)
    if (dir == kDirs[k]) return k;
  return -1;
}

// A small per-call array on the stack (a heap vector past N elements): the native loops'
// pointer and scalar arrays, which as thread_locals cost a __tls_get_addr call per access in
// the dlopen'd plugin, several per kernel.
// Elements start zeroed (null pointers) only where asked: a short memset, not rep stos.
template <class T, size_t N>
class CallArray {
 public:
  CallArray(size_t n, bool zeroed) {
    static_assert(std::is_trivial_v<T>);
    if (n > N) {
      heap_.resize(n);
      data_ = heap_.data();
    } else if (zeroed) {
      std::memset(local_, 0, n * sizeof(T));
    }
  }
  T& operator[](size_t i) { return data_[i]; }
  T* data() { return data_; }

 private:
  T local_[N];
  std::vector<T> heap_;
  T* data_ = local_;
};

}  // namespace

StatusOr<std::shared_ptr<EwProgram>> EwProgram::Compile(const compiler::Module& m, const Region& region,
                                                        const std::vector<int64_t>& loop_dims,
                                                        std::vector<ValueId>* outer_inputs, bool args_are_arrays,
                                                        const std::vector<ValueId>* results_override) {
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<const compiler::FusedLoopProgram> program,
                          compiler::BuildFusedLoopProgram(m, region, loop_dims, args_are_arrays, results_override));
  *outer_inputs = program->outer_inputs;
  return Lower(m, std::move(program));
}

StatusOr<std::shared_ptr<EwProgram>> EwProgram::Lower(const compiler::Module& m,
                                                      std::shared_ptr<const compiler::FusedLoopProgram> program) {
  auto p = std::make_shared<EwProgram>();
  const compiler::FusedLoopProgram& prog = *program;
  p->loop_dims_ = prog.loop_dims;
  p->loop_size_ = prog.loop_size;
  for (const compiler::FusedLoopRegister& r : prog.regs) p->regs_.push_back(Reg{r.type, r.elem_size});
  p->inputs_ = prog.inputs;
  // Constant inputs as whole tiles, filled once here rather than on every run.
  for (const EwInput& in : prog.inputs) {
    std::vector<uint8_t> tile;
    if (in.mode == EwInput::Mode::kConstant) {
      const size_t es = ElementTypeByteSize(in.type);
      tile.resize(static_cast<size_t>(kTile) * es);
      if (in.constant.size() >= es) FillElements(tile.data(), in.constant.data(), es, kTile);
    }
    p->constant_tiles_.push_back(std::move(tile));
  }
  p->output_regs_ = prog.output_regs;
  p->direct_output_index_ = prog.direct_output_index;
  // Registers that still hold a loop-invariant input (a scalar or a constant, the same value in
  // every element of its tile) at the instruction being lowered.
  std::vector<bool> invariant(prog.regs.size(), false);
  for (const EwInput& in : prog.inputs)
    invariant[static_cast<size_t>(in.reg)] = in.mode == EwInput::Mode::kScalar || in.mode == EwInput::Mode::kConstant;
  for (const compiler::FusedLoopInstr& in : prog.instrs) {
    const Op& op = *in.op;
    EwInstr ins;
    std::string err;
    ins.fn = SelectElementwiseKernel(m, op, &err, &ins.aux0, &ins.aux1, /*fused_loop=*/!prog.args_are_arrays);
    ins.kind = op.kind;
    if (op.kind == OpKind::kCompare) {
      ins.vcmp = VcmpPredicate(m, op);
      ins.int_compare = IntComparePredicate(m, op, &ins.compare_as);
      if (ins.vcmp >= 0 && m.type(op.operands[0]).element == ElementType::kF64) ins.compare_as = ElementType::kF64;
    }
    if (!op.results.empty()) ins.out_type = m.type(op.results[0]).element;
    if (in.num_in == 1) ins.half_table = HalfUnaryTableGetter(ins.fn);
    if (!ins.fn) return InvalidArgument(compiler::OpDescription(op) + ": " + err);
    if (in.num_in == 2 && invariant[static_cast<size_t>(in.in[1])])
      if (EwFn by_invariant = SelectIntDivRemByInvariantKernel(op.kind, m.type(op.results[0]).element)) ins.fn = by_invariant;
    invariant[static_cast<size_t>(in.out)] = false;
    ins.num_in = in.num_in;
    for (int k = 0; k < 3; ++k) ins.in[k] = in.in[k];
    ins.out = in.out;
    p->instrs_.push_back(ins);
  }
  p->program_ = std::move(program);
  if (p->loop_size_ >= kMinTieredElements) p->TryNative();
  return p;
}

void EwProgram::TryNative() {
  FusedLoopDesc d;
  bool tiled = false;
  d.num_regs = static_cast<int>(regs_.size());
  // Row by row when every gathered input is a per-row value or a per-column row, over rows long
  // enough. Run lengths are products of trailing dims: the shortest divides the others, and an
  // input one value over a longer run is one value over the row.
  int64_t row = loop_size_;
  bool any_row_value = false;
  for (const EwInput& in : inputs_) {
    bool constant = false;
    if (in.mode == EwInput::Mode::kIota) row = 0;
    if (in.mode == EwInput::Mode::kStrided) row = std::min(row, RowRun(loop_dims_, in.strides, &constant));
    any_row_value = any_row_value || constant;
  }
  // A row that ends inside an iteration leaves its last elements to the interpreter, a call per
  // row: over rows shorter than kMinRowWithTail, tiles are faster (rows of 200: 3.4x).
  const int64_t widest = FusedLoopJit::WidestIteration();
  const bool whole_iterations = widest > 0 && row % widest == 0;
  row_length_ = row >= kMinNativeRow && (whole_iterations || row >= kMinRowWithTail) && row < loop_size_ && any_row_value
                    ? row
                    : 0;
  row_scalar_.assign(inputs_.size(), false);
  for (size_t k = 0; k < inputs_.size() && row_length_ > 0; ++k) {
    bool constant = false;
    if (inputs_[k].mode == EwInput::Mode::kStrided)
      row_scalar_[k] = RowRun(loop_dims_, inputs_[k].strides, &constant) >= row_length_ && constant;
  }
  // The JIT's types: 32-bit lanes, halves (held as f32), 8- and 16-bit integers (held extended),
  // i1 and f64 (a loop of f64 and i1 values only); nullopt for the rest.
  auto jit_type = [](ElementType t) -> std::optional<FusedLoopDesc::Type> {
    switch (t) {
      case ElementType::kF32: return FusedLoopDesc::Type::kF32;
      case ElementType::kS32: return FusedLoopDesc::Type::kS32;
      case ElementType::kU32: return FusedLoopDesc::Type::kU32;
      case ElementType::kPred: return FusedLoopDesc::Type::kPred;
      case ElementType::kBF16: return FusedLoopDesc::Type::kBF16;
      case ElementType::kF16: return FusedLoopDesc::Type::kF16;
      case ElementType::kS8: return FusedLoopDesc::Type::kS8;
      case ElementType::kU8: return FusedLoopDesc::Type::kU8;
      case ElementType::kS16: return FusedLoopDesc::Type::kS16;
      case ElementType::kU16: return FusedLoopDesc::Type::kU16;
      case ElementType::kF64: return FusedLoopDesc::Type::kF64;
      default: return std::nullopt;
    }
  };
  for (const Reg& r : regs_)
    if (!jit_type(r.type)) d.ineligible = "a " + std::string(ElementTypeMlirName(r.type)) + " value";
  for (const EwInput& in : inputs_) {
    FusedLoopDesc::Input j;
    j.reg = in.reg;
    j.pred = in.type == ElementType::kPred;
    const bool half = in.type == ElementType::kBF16 || in.type == ElementType::kF16;
    if (!jit_type(in.type) || ((j.pred || half) && in.mode == EwInput::Mode::kIota))
      d.ineligible = "a " + std::string(ElementTypeMlirName(in.type)) + " input";
    else if (!j.pred) j.type = *jit_type(in.type);
    switch (in.mode) {
      case EwInput::Mode::kContiguous:
        j.mode = FusedLoopDesc::Input::Mode::kStream;
        // A stream much larger than L2 is asked for ahead of use: the hardware prefetcher starts
        // over at every 4 KiB page and keeps too few lines in flight for a loop that computes a
        // while per vector (f32 exp over 32 MiB at AVX2: 12 -> 3.9 ms).
        if (loop_size_ * static_cast<int64_t>(ElementTypeByteSize(in.type)) >= kPrefetchMinBytes)
          j.prefetch_ahead = kPrefetchAheadBytes;
        break;
      case EwInput::Mode::kScalar: j.mode = FusedLoopDesc::Input::Mode::kScalar; break;
      case EwInput::Mode::kConstant:
        j.mode = FusedLoopDesc::Input::Mode::kConstant;
        if (in.constant.size() == 4) std::memcpy(&j.constant_bits, in.constant.data(), 4);
        if (in.type == ElementType::kF64 && in.constant.size() == 8) std::memcpy(&j.constant_bits64, in.constant.data(), 8);
        if (j.pred && in.constant.size() == 1) j.constant_bits = in.constant[0] ? 0xffffffffu : 0u;
        if (half && in.constant.size() == 2) {  // the half's f32, exact
          const float f = HalfAsFloat(in.type, in.constant.data());
          std::memcpy(&j.constant_bits, &f, 4);
        }
        if (IsByteOrWordInt(in.type) && in.constant.size() == ElementTypeByteSize(in.type))
          j.constant_bits = NarrowIntBits(in.type, in.constant.data());
        break;
      case EwInput::Mode::kStrided:
        if (row_length_ > 0) {  // bound or pointed at per row (RunRows)
          j.mode = row_scalar_[d.inputs.size()] ? FusedLoopDesc::Input::Mode::kScalar : FusedLoopDesc::Input::Mode::kStream;
          break;
        }
        [[fallthrough]];
      case EwInput::Mode::kIota:
        // Gathered into a tile buffer by the interpreter's code, then streamed from there.
        j.mode = FusedLoopDesc::Input::Mode::kStream;
        tiled = true;
        break;
    }
    d.inputs.push_back(j);
  }
  for (const EwInstr& ins : instrs_) {
    FusedLoopDesc::Instr j;
    j.kind = ins.kind;
    if (std::optional<FusedLoopDesc::Type> t = jit_type(ins.out_type)) j.type = *t;
    else d.ineligible = "a " + std::string(ElementTypeMlirName(ins.out_type)) + " value";
    j.out = ins.out;
    j.num_in = ins.num_in;
    j.compare = ins.vcmp;
    j.int_compare = ins.int_compare;
    j.half_table = ins.half_table;
    switch (ins.compare_as) {
      case ElementType::kS32: j.compare_as = FusedLoopDesc::Type::kS32; break;
      case ElementType::kU32: j.compare_as = FusedLoopDesc::Type::kU32; break;
      case ElementType::kPred: j.compare_as = FusedLoopDesc::Type::kPred; break;
      case ElementType::kF64: j.compare_as = FusedLoopDesc::Type::kF64; break;
      default: break;
    }
    for (int k = 0; k < 3; ++k) j.in[k] = ins.in[k];
    d.instrs.push_back(j);
  }
  d.outputs = output_regs_;
  // Gathered tiles hold 4-byte elements (RunNative).
  if (tiled) {
    for (const EwInput& in : inputs_)
      if (in.type == ElementType::kF64) d.ineligible = "a gathered f64 input";
  }
  native_tiled_ = tiled;
  row_repeats_.assign(inputs_.size(), 0);
  for (size_t k = 0; k < inputs_.size() && tiled && row_length_ == 0; ++k) {
    const int64_t repeat = inputs_[k].mode == EwInput::Mode::kStrided ? RowRepeat(loop_dims_, inputs_[k].strides) : 0;
    if (repeat < kTile && RepeatEachFillsRuns(repeat, ElementTypeByteSize(inputs_[k].type))) row_repeats_[k] = repeat;
  }
  periods_.assign(inputs_.size(), 0);
  tile_period_ = 0;
  for (size_t k = 0; k < inputs_.size() && tiled && row_length_ == 0; ++k) {
    if (inputs_[k].mode != EwInput::Mode::kStrided) continue;
    periods_[k] = BroadcastPeriod(loop_dims_, inputs_[k].strides);
    // Tiles of whole rows of a row-repeated input fill it with whole rows (no partial runs).
    const int64_t unit = periods_[k] > 0 ? periods_[k] : row_repeats_[k];
    if (unit > 0) tile_period_ = tile_period_ == 0 ? unit : std::lcm(tile_period_, unit);
    if (tile_period_ > kTile) break;
  }
  if (tile_period_ > kTile) tile_period_ = 0;
  FusedLoopDesc summed = d;
  summed.sum_last_output = true;
  sum_native_.Set(std::move(summed));
  native_.Set(std::move(d));
}

bool EwProgram::SumRows(const void* const* inputs, void* const* outputs, int64_t row_begin, int64_t row_end,
                        int64_t row_len, float* states) const {
  constexpr int64_t kStep = 64;  // the JIT's iteration in sum mode: one 64-element reducer step
  // (Checked before the code is asked for: without the JIT nothing is generated or reported.)
  if (row_len % kStep != 0 || (native_tiled_ && row_length_ != row_len) || loop_size_ < kMinNativeElements ||
      !FusedLoopJit::Available())
    return false;
  const FusedLoopJit* jit = sum_native_.Get();
  if (!jit || jit->elements_per_iteration() != kStep) return false;
  const size_t ni = inputs_.size(), no = output_regs_.size();
  CallArray<const void*, 32> ptrs(ni + no, /*zeroed=*/true);
  CallArray<float, 24> half_slots(ni, /*zeroed=*/false);
  BindScalars(inputs, ptrs.data(), half_slots.data());
  LoopCursor cursor(loop_dims_, row_len);
  for (int64_t r = row_begin; r < row_end; ++r) {
    const int64_t start = r * row_len;
    BindRow(inputs, start, cursor, ptrs.data(), half_slots.data());
    for (size_t j = 0; j + 1 < no; ++j)
      ptrs[ni + j] = static_cast<uint8_t*>(outputs[j]) + start * static_cast<int64_t>(output_elem_size(j));
    ptrs[ni + no - 1] = states + kStep * (r - row_begin);
    jit->Run(ptrs.data(), row_len / kStep, false);
  }
  return true;
}

void EwProgram::BindRow(const void* const* inputs, int64_t start, LoopCursor& cursor, const void** ptrs,
                        float* half_slots) const {
  cursor.MoveTo(start);
  for (size_t k = 0; k < inputs_.size(); ++k) {
    const EwInput& in = inputs_[k];
    const uint8_t* src = SourceOf(inputs, in);
    const auto es = static_cast<int64_t>(ElementTypeByteSize(in.type));
    if (in.mode == EwInput::Mode::kContiguous) {
      ptrs[k] = src + start * es;
    } else if (in.mode == EwInput::Mode::kStrided) {
      const uint8_t* at = src + cursor.Offset(in.strides) * es;
      ptrs[k] = row_scalar_[k] ? ScalarAddress(k, at, &half_slots[k]) : at;
    }
  }
}

void EwProgram::BindScalars(const void* const* inputs, const void** ptrs, float* half_slots) const {
  for (size_t k = 0; k < inputs_.size(); ++k) {
    const EwInput& in = inputs_[k];
    if (in.mode == EwInput::Mode::kScalar)
      ptrs[k] = ScalarAddress(k, static_cast<const uint8_t*>(inputs[in.source]), &half_slots[k]);
  }
}

// dst <- src (`bytes`), with non-temporal stores where dst is 16-byte aligned. The caller
// fences (StreamFence) before anyone else reads dst.
void StreamCopy(uint8_t* dst, const uint8_t* src, size_t bytes) {
#if defined(__x86_64__)
  size_t head = (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16;
  if (head > bytes) head = bytes;
  std::memcpy(dst, src, head);
  size_t k = head;
  for (; k + 16 <= bytes; k += 16)
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + k), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + k)));
  std::memcpy(dst + k, src + k, bytes - k);
#else
  std::memcpy(dst, src, bytes);
#endif
}


int64_t EwProgram::output_bytes() const {
  int64_t b = 0;
  for (int r : output_regs_) b += loop_size_ * static_cast<int64_t>(regs_[static_cast<size_t>(r)].elem_size);
  return b;
}

void EwProgram::Run(const void* const* inputs, void* const* outputs, int64_t begin, int64_t end,
                    bool stream_outputs) const {
  if (loop_size_ < kMinNativeElements && runs_.load(std::memory_order_relaxed) < kRunsBeforeNative) {
    runs_.fetch_add(1, std::memory_order_relaxed);
    Interpret(inputs, outputs, begin, end, stream_outputs);
    return;
  }
  const FusedLoopJit* jit = native_.Get();
  if (jit && row_length_ > 0) RunRows(*jit, inputs, outputs, begin, end, stream_outputs);
  else if (jit && end - begin >= jit->elements_per_iteration()) RunNative(*jit, inputs, outputs, begin, end, stream_outputs);
  else Interpret(inputs, outputs, begin, end, stream_outputs);
}

const uint8_t* EwProgram::SourceOf(const void* const* inputs, const EwInput& in) {
  if (in.source < 0) return nullptr;
  return static_cast<const uint8_t*>(inputs[in.source]) + in.offset * static_cast<int64_t>(ElementTypeByteSize(in.type));
}

const void* EwProgram::ScalarAddress(size_t k, const uint8_t* value, float* half_slot) const {
  const ElementType t = inputs_[k].type;
  if (IsByteOrWordInt(t)) {  // the 32 bits the JIT broadcasts
    const uint32_t bits = NarrowIntBits(t, value);
    std::memcpy(half_slot, &bits, 4);
    return half_slot;
  }
  if (t != ElementType::kBF16 && t != ElementType::kF16) return value;
  *half_slot = HalfAsFloat(t, value);
  return half_slot;
}

void EwProgram::RunRows(const FusedLoopJit& jit, const void* const* inputs, void* const* outputs, int64_t begin,
                        int64_t end, bool stream_outputs) const {
  const size_t ni = inputs_.size(), no = output_regs_.size();
  const int64_t step = jit.elements_per_iteration();
  CallArray<const void*, 32> ptrs(ni + no, /*zeroed=*/true);  // constants' stay null
  CallArray<float, 24> half_slots(ni, /*zeroed=*/false);         // a half scalar's f32 (the JIT's scalar form)
  BindScalars(inputs, ptrs.data(), half_slots.data());
  LoopCursor cursor(loop_dims_, row_length_);
  bool streamed = false;
  for (int64_t start = begin; start < end;) {
    const int64_t row_end = std::min(end, (start / row_length_ + 1) * row_length_);
    const int64_t iterations = (row_end - start) / step, m = iterations * step;
    if (iterations > 0) {
      BindRow(inputs, start, cursor, ptrs.data(), half_slots.data());
      // Streaming stores where every output of this row starts 64-byte aligned (f64, f32, 32-bit
      // or half elements).
      bool stream = stream_outputs;
      for (size_t j = 0; j < no; ++j) {
        auto* out = static_cast<uint8_t*>(outputs[j]) + start * static_cast<int64_t>(output_elem_size(j));
        ptrs[ni + j] = out;
        stream = stream && Streamable(output_elem_size(j)) && reinterpret_cast<uintptr_t>(out) % 64 == 0;
      }
      jit.Run(ptrs.data(), iterations, stream);
      streamed = streamed || stream;
    }
    if (start + m < row_end) Interpret(inputs, outputs, start + m, row_end, /*stream_outputs=*/false);
    start = row_end;
  }
  if (streamed) StreamFence();
}

void EwProgram::RunNative(const FusedLoopJit& jit, const void* const* inputs, void* const* outputs, int64_t begin,
                          int64_t end, bool stream_outputs) const {
  const size_t ni = inputs_.size(), no = output_regs_.size();
  const int64_t step = jit.elements_per_iteration();
  const size_t tile_bytes = static_cast<size_t>(kTile) * 4;
  CallArray<const void*, 32> ptrs(ni + no, /*zeroed=*/false);       // every one set below
  CallArray<float, 24> half_slots(ni, /*zeroed=*/false);             // a half scalar's f32 (the JIT's scalar form)
  CallArray<const uint8_t*, 24> splat(native_tiled_ ? ni : 0, true);  // GatherStrided's memo per input
  // Gathered inputs' tiles: thread-local (large), reached only by loops that gather.
  uint8_t* base = nullptr;
  int64_t* iota_idx = nullptr;
  if (native_tiled_) {
    thread_local std::vector<uint8_t> tiles;
    thread_local std::vector<int64_t> iota;
    if (tiles.size() < ni * tile_bytes + 64) tiles.resize(ni * tile_bytes + 64);
    if (iota.size() < static_cast<size_t>(kTile)) iota.resize(static_cast<size_t>(kTile));
    base = tiles.data() + (64 - reinterpret_cast<uintptr_t>(tiles.data()) % 64) % 64;
    iota_idx = iota.data();
  }
  // Streaming stores need 64-byte aligned outputs: interpret up to the first aligned element.
  // Outputs of other than 8, 4 or 2 bytes an element are stored plainly.
  bool stream = stream_outputs;
  for (size_t j = 0; j < no; ++j) stream = stream && Streamable(output_elem_size(j));
  if (stream) {
    const auto es0 = static_cast<int64_t>(output_elem_size(0));
    const auto addr = reinterpret_cast<uintptr_t>(static_cast<uint8_t*>(outputs[0]) + begin * es0);
    const int64_t head = addr % static_cast<uintptr_t>(es0) ? 0 : static_cast<int64_t>((64 - addr % 64) % 64) / es0;
    for (size_t j = 0; j < no; ++j)
      stream = stream && reinterpret_cast<uintptr_t>(static_cast<uint8_t*>(outputs[j]) +
                                                      (begin + head) * static_cast<int64_t>(output_elem_size(j))) %
                                 64 ==
                             0;
    if (stream && head > 0 && end - begin - head >= step) {
      Interpret(inputs, outputs, begin, begin + head, /*stream_outputs=*/false);
      begin += head;
    } else if (head > 0) {
      stream = false;
    }
  }
  // Gathered inputs are filled a tile at a time (tiles keep 64-byte alignment from one to the
  // next); without them one call covers the whole range. Tiles a multiple of every input's
  // period (and of the step) long start at one phase: those inputs' tiles are filled once.
  int64_t span = native_tiled_ ? kTile : end - begin;
  if (native_tiled_ && tile_period_ > 0) {
    const int64_t unit = std::lcm(step, tile_period_);
    if (unit <= kTile) span = kTile / unit * unit;
  }
  bool periodic_filled = false;
  for (int64_t start = begin; start < end; start += span) {
    const int64_t n = std::min(span, end - start);
    const int64_t iterations = n / step;
    if (iterations == 0) {
      Interpret(inputs, outputs, start, end, /*stream_outputs=*/false);
      break;
    }
    const int64_t m = iterations * step;
    for (size_t k = 0; k < ni; ++k) {
      const EwInput& in = inputs_[k];
      const uint8_t* src = SourceOf(inputs, in);
      const size_t es = ElementTypeByteSize(in.type);
      uint8_t* tile = base ? base + k * tile_bytes : nullptr;
      switch (in.mode) {
        case EwInput::Mode::kContiguous: ptrs[k] = src + start * static_cast<int64_t>(es); break;
        case EwInput::Mode::kStrided:
          if (row_repeats_[k] > 0) FillRepeated(tile, src, es, row_repeats_[k], start, m);
          else if (!periodic_filled || periods_[k] == 0 || span % periods_[k] != 0)
            GatherStrided(tile, src, es, loop_dims_, in.strides, start, m, &splat[k]);
          ptrs[k] = tile;
          break;
        case EwInput::Mode::kIota:
          WriteIotaTile(in.type, tile, iota_idx, loop_dims_, in.iota_dim, start, m);
          ptrs[k] = tile;
          break;
        case EwInput::Mode::kScalar: ptrs[k] = ScalarAddress(k, src, &half_slots[k]); break;
        default: ptrs[k] = src; break;  // constant (unused)
      }
    }
    periodic_filled = true;
    for (size_t j = 0; j < no; ++j)
      ptrs[ni + j] = static_cast<uint8_t*>(outputs[j]) + start * static_cast<int64_t>(output_elem_size(j));
    jit.Run(ptrs.data(), iterations, stream);
    if (m < n) Interpret(inputs, outputs, start + m, start + n, /*stream_outputs=*/false);
  }
  if (stream) StreamFence();
}

void EwProgram::PrefetchSlice(const void* const* inputs, int64_t start, int64_t n, size_t slice, size_t slices) const {
  for (const EwInput& in : inputs_) {
    if (in.mode != EwInput::Mode::kContiguous) continue;
    const size_t es = ElementTypeByteSize(in.type);
    const uint8_t* src = SourceOf(inputs, in) + static_cast<size_t>(start) * es;
    const size_t lines = (static_cast<size_t>(n) * es + 63) / 64;
    for (size_t l = slice * lines / slices; l < (slice + 1) * lines / slices; ++l) __builtin_prefetch(src + l * 64);
  }
}

void EwProgram::Interpret(const void* const* inputs, void* const* outputs, int64_t begin, int64_t end,
                          bool stream_outputs) const {
  thread_local std::vector<uint8_t> scratch;
  thread_local std::vector<int64_t> iota_idx;
  const size_t nregs = regs_.size();
  size_t need = nregs * static_cast<size_t>(kTile) * 16 + 64;
  if (scratch.size() < need) scratch.resize(need);
  uint8_t* base = scratch.data();
  base += (64 - reinterpret_cast<uintptr_t>(base) % 64) % 64;
  auto tile_buf = [&](int r) { return base + static_cast<size_t>(r) * static_cast<size_t>(kTile) * 16; };
  if (iota_idx.size() < static_cast<size_t>(kTile)) iota_idx.resize(static_cast<size_t>(kTile));

  void* ptr[256];
  std::vector<void*> big;
  void** regp = ptr;
  if (nregs > 256) {
    big.resize(nregs);
    regp = big.data();
  }
  // Loop-invariant inputs are filled once (only as far as the first tile reaches).
  const int64_t fill = std::min<int64_t>(kTile, end - begin);
  for (const EwInput& in : inputs_) {
    size_t es = ElementTypeByteSize(in.type);
    if (in.mode == EwInput::Mode::kScalar) {
      FillElements(tile_buf(in.reg), static_cast<const uint8_t*>(inputs[in.source]), es, fill);
      regp[in.reg] = tile_buf(in.reg);
    } else if (in.mode == EwInput::Mode::kConstant) {
      // Read only: instructions write their own registers.
      regp[in.reg] = const_cast<uint8_t*>(constant_tiles_[static_cast<size_t>(&in - inputs_.data())].data());
    }
  }
  thread_local std::vector<const uint8_t*> splat;  // GatherStrided's memo per input
  splat.assign(inputs_.size(), nullptr);              // no allocation once grown
  for (int64_t start = begin; start < end; start += kTile) {
    const int64_t n = std::min(kTile, end - start);
    for (const EwInput& in : inputs_) {
      size_t es = ElementTypeByteSize(in.type);
      switch (in.mode) {
        case EwInput::Mode::kContiguous: {
          const uint8_t* src = SourceOf(inputs, in) + static_cast<size_t>(start) * es;
          regp[in.reg] = const_cast<uint8_t*>(src);
          break;
        }
        case EwInput::Mode::kStrided:
          GatherStrided(tile_buf(in.reg), SourceOf(inputs, in), es, loop_dims_, in.strides, start, n,
                        &splat[static_cast<size_t>(&in - inputs_.data())]);
          regp[in.reg] = tile_buf(in.reg);
          break;
        case EwInput::Mode::kIota:
          WriteIotaTile(in.type, tile_buf(in.reg), iota_idx.data(), loop_dims_, in.iota_dim, start, n);
          regp[in.reg] = tile_buf(in.reg);
          break;
        default: break;
      }
    }
    // The instructions touch each input in bursts, which the hardware prefetcher follows
    // poorly: ask for the next tile while this one computes, a slice of its lines before each
    // instruction. (All at once, the requests fill the line buffers and the core waits on them
    // instead of computing.)
    const int64_t next_n = std::min(kTile, end - start - kTile);
    const size_t slices = instrs_.size();
    size_t slice = 0;
    for (const EwInstr& ins : instrs_) {
      if (next_n > 0) PrefetchSlice(inputs, start + kTile, next_n, slice++, slices);
      int o = stream_outputs ? -1 : direct_output_index_[static_cast<size_t>(ins.out)];
      void* out = o >= 0 ? static_cast<uint8_t*>(outputs[o]) + static_cast<size_t>(start) * regs_[static_cast<size_t>(ins.out)].elem_size
                         : tile_buf(ins.out);
      const void* in[3] = {regp[ins.in[0] < 0 ? 0 : ins.in[0]], ins.num_in > 1 ? regp[ins.in[1]] : nullptr,
                           ins.num_in > 2 ? regp[ins.in[2]] : nullptr};
      ins.fn(out, in, n, ins);
      regp[ins.out] = out;
    }
    for (size_t k = 0; k < output_regs_.size(); ++k) {
      int r = output_regs_[k];
      if (!stream_outputs && direct_output_index_[static_cast<size_t>(r)] == static_cast<int>(k)) continue;
      size_t es = ElementTypeByteSize(regs_[static_cast<size_t>(r)].type);
      uint8_t* dst = static_cast<uint8_t*>(outputs[k]) + static_cast<size_t>(start) * es;
      if (stream_outputs) {
        StreamCopy(dst, static_cast<const uint8_t*>(regp[r]), static_cast<size_t>(n) * es);
      } else {
        std::memcpy(dst, regp[r], static_cast<size_t>(n) * es);
      }
    }
  }
  if (stream_outputs) StreamFence();
}

}  // namespace jaxlib::cpu
