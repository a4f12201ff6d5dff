// Collectives across the CPU devices of one Execute call: all_reduce, all_gather,
// reduce_scatter, all_to_all, collective_permute and collective_broadcast. Process groups are
// resolved at compile time from replica_groups / source_target_pairs, channel_handle and
// use_global_device_ids (StableHLO's cross_replica, cross_replica_and_partition,
// flattened_ids and cross_partition modes); device index d is (replica d / P, partition d % P).
#include <algorithm>
#include <cstring>
#include <optional>

#include "backends/cpu/executor/memory/array_copy.h"
#include "backends/cpu/executor/parallel/collectives.h"
#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/elementwise/monoid.h"
#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

using compiler::Attribute;
using compiler::Op;
using compiler::OpKind;
using compiler::Type;
using compiler::ValueId;

namespace {

int64_t ChannelId(const Op& op) {
  const Attribute* a = op.attr("channel_handle");
  if (!a) return 0;
  if (a->kind == Attribute::Kind::kDict) {
    const Attribute* h = a->Get("handle");
    return h && h->kind == Attribute::Kind::kInt ? h->i : 0;
  }
  return a->kind == Attribute::Kind::kInt ? a->i : 0;
}

// A 2-D integer attribute (replica_groups, source_target_pairs) as rows.
StatusOr<std::vector<std::vector<int64_t>>> Rows(const Op& op, const char* name) {
  std::vector<std::vector<int64_t>> rows;
  const Attribute* a = op.attr(name);
  if (!a) return rows;
  if (a->kind == Attribute::Kind::kDense && a->dense) {
    const Type& t = a->dense->type;
    if (t.rank() != 2) return InvalidArgument(compiler::OpDescription(op) + ": " + name + " must be 2-D");
    for (int64_t r = 0; r < t.dims[0]; ++r) {
      std::vector<int64_t> row;
      for (int64_t c = 0; c < t.dims[1]; ++c) {
        int64_t v = a->dense->GetInt(r * t.dims[1] + c);
        if (v >= 0) row.push_back(v);  // -1 pads ragged groups
      }
      rows.push_back(std::move(row));
    }
    return rows;
  }
  if (a->kind == Attribute::Kind::kArray) {
    for (const auto& e : a->array) {
      std::vector<int64_t> row;
      if (!e->AsIntList(&row)) return InvalidArgument(compiler::OpDescription(op) + ": malformed " + name);
      rows.push_back(std::move(row));
    }
    return rows;
  }
  return InvalidArgument(compiler::OpDescription(op) + ": malformed " + name);
}

// For every device index: the device indices of its group in group order (rank = position).
StatusOr<std::vector<std::vector<int>>> ResolveGroups(const Op& op, int R, int P) {
  const int N = R * P;
  JAXLIB_ASSIGN_OR_RETURN(auto groups, Rows(op, "replica_groups"));
  bool channel = ChannelId(op) > 0;
  bool global_ids = op.attr("use_global_device_ids") != nullptr && op.BoolAttr("use_global_device_ids", true);
  enum class Mode { kReplica, kReplicaAndPartition, kFlattened, kPartition } mode;
  if (op.kind == OpKind::kAllToAll || op.kind == OpKind::kCollectiveBroadcast) {
    mode = channel ? Mode::kPartition : Mode::kReplica;
  } else if (global_ids) {
    mode = Mode::kFlattened;
  } else {
    mode = channel ? Mode::kReplicaAndPartition : Mode::kReplica;
  }
  int id_space = mode == Mode::kFlattened ? N : mode == Mode::kPartition ? P : R;
  if (groups.empty() || (groups.size() == 1 && groups[0].empty())) {
    std::vector<int64_t> all;
    for (int i = 0; i < id_space; ++i) all.push_back(i);
    groups = {all};
  }
  std::vector<int> seen(static_cast<size_t>(id_space), 0);
  for (const auto& g : groups)
    for (int64_t id : g) {
      if (id < 0 || id >= id_space)
        return InvalidArgument(compiler::OpDescription(op) + ": replica group id " + std::to_string(id) +
                               " is out of range for " + std::to_string(R) + " replicas x " + std::to_string(P) +
                               " partitions");
      if (seen[static_cast<size_t>(id)]++)
        return InvalidArgument(compiler::OpDescription(op) + ": id " + std::to_string(id) + " is in two replica groups");
    }
  std::vector<std::vector<int>> out(static_cast<size_t>(N));
  for (int d = 0; d < N; ++d) {
    int r = d / P, p = d % P;
    int my_id = mode == Mode::kFlattened ? d : mode == Mode::kPartition ? p : r;
    const std::vector<int64_t>* mine = nullptr;
    for (const auto& g : groups)
      for (int64_t id : g)
        if (id == my_id) mine = &g;
    if (!mine)
      return InvalidArgument(compiler::OpDescription(op) + ": device (replica " + std::to_string(r) + ", partition " +
                             std::to_string(p) + ") is in no replica group");
    std::vector<int>& members = out[static_cast<size_t>(d)];
    for (int64_t id : *mine) {
      int i = static_cast<int>(id);
      switch (mode) {
        case Mode::kFlattened: members.push_back(i); break;
        case Mode::kPartition: members.push_back(r * P + i); break;
        case Mode::kReplica: members.push_back(i * P + p); break;
        case Mode::kReplicaAndPartition:
          for (int q = 0; q < P; ++q) members.push_back(i * P + q);
          break;
      }
    }
  }
  return out;
}

// Byte offset of block `b` of `block` elements along `dim` of a row-major array of `dims`.
int64_t BlockOffset(const std::vector<int64_t>& dims, int64_t dim, int64_t block, int64_t b, size_t es) {
  std::vector<int64_t> s = RowMajorStrides(dims);
  return b * block * s[static_cast<size_t>(dim)] * static_cast<int64_t>(es);
}

class CollectiveKernel final : public Kernel {
 public:
  CollectiveKernel(const Op& op, const compiler::Module& m, std::vector<std::vector<int>> groups,
                   std::vector<int> permute_source, std::shared_ptr<EwProgram> body, std::vector<ValueId> captured)
      : op_(op), groups_(std::move(groups)), permute_source_(std::move(permute_source)), body_(std::move(body)),
        captured_(std::move(captured)) {
    for (ValueId v : op.operands) {
      in_dims_.push_back(m.type(v).dims);
      es_.push_back(ElementTypeByteSize(m.type(v).element));
      in_bytes_.push_back(static_cast<size_t>(m.type(v).element_count()) * es_.back());
    }
    for (ValueId v : op.results) out_dims_.push_back(m.type(v).dims);
    dim_ = op.kind == OpKind::kAllGather ? op.IntAttr("all_gather_dim")
           : op.kind == OpKind::kReduceScatter ? op.IntAttr("scatter_dimension")
                                                : 0;
    split_dim_ = op.IntAttr("split_dimension");
    concat_dim_ = op.IntAttr("concat_dimension");
  }

  Status Run(Frame& f, uint8_t*) const override {
    int d = f.device_index;
    int n = f.collectives ? f.collectives->num_devices() : 1;
    if (static_cast<size_t>(n) != groups_.size() && !(op_.kind == OpKind::kCollectivePermute && permute_source_.size() == static_cast<size_t>(n)))
      return InvalidArgument(compiler::OpDescription(op_) + ": the program was compiled for " +
                             std::to_string(groups_.empty() ? permute_source_.size() : groups_.size()) +
                             " devices but runs on " + std::to_string(n));
    std::vector<const void*> mine;
    for (ValueId v : op_.operands) mine.push_back(f.Get(v));
    std::vector<void*> outs;
    for (ValueId v : op_.results) outs.push_back(f.Get(v));
    std::vector<const void*> captured;
    for (ValueId v : captured_) captured.push_back(f.Get(v));
    if (!f.collectives) {
      std::vector<std::vector<const void*>> peers = {mine};
      Compute(d, peers, outs, captured);
      return Status::Ok();
    }
    Collectives& c = *f.collectives;
    if (c.spans_processes() && reduce_across_processes_) {
      // All-reduce with a reduction MPI has: each process folds its own devices per group,
      // MPI combines the partial results, and each device copies its group's result.
      auto step = [&](Collectives::Peers& peers, std::vector<uint8_t>& storage) {
        return ReduceAcrossProcesses(peers, storage, captured, *f.collectives);
      };
      auto copy_out = [&](const Collectives::Peers&) { CopyReduced(d, c.storage(), outs); };
      return c.Exchange(d, &op_, std::move(mine), in_bytes_, step, copy_out);
    }
    auto compute = [&](const std::vector<std::vector<const void*>>& peers) { Compute(d, peers, outs, captured); };
    return c.Exchange(d, &op_, std::move(mine), in_bytes_, nullptr, compute);
  }

  // Enables the MPI all-reduce path (see Run) for a body that is one of MPI's reductions.
  void SetCrossProcessReduction(CrossProcessReduction reduction, ElementType type) {
    reduce_across_processes_ = true;
    reduction_ = reduction;
    reduce_type_ = type;
    for (const auto& members : groups_) {
      if (std::find(group_list_.begin(), group_list_.end(), members) == group_list_.end()) group_list_.push_back(members);
    }
    for (const auto& members : groups_) {
      group_of_.push_back(static_cast<int>(std::find(group_list_.begin(), group_list_.end(), members) - group_list_.begin()));
    }
    for (size_t b : in_bytes_) reduce_row_bytes_ += b;
  }

 private:
  // The identity of the reduction, so that a group with no device in this process adds
  // nothing to MPI's combination.
  void FillIdentity(uint8_t* dst, size_t bytes) const {
    const size_t es = ElementTypeByteSize(reduce_type_);
    std::vector<uint8_t> one(es, 0);
    auto set = [&](auto value) { std::memcpy(one.data(), &value, sizeof(value)); };
    const bool is_signed = reduce_type_ == ElementType::kS8 || reduce_type_ == ElementType::kS16 ||
                           reduce_type_ == ElementType::kS32 || reduce_type_ == ElementType::kS64;
    switch (reduction_) {
      case CrossProcessReduction::kSum:
      case CrossProcessReduction::kOr:
      case CrossProcessReduction::kXor:
        break;  // zero
      case CrossProcessReduction::kProduct:
        if (reduce_type_ == ElementType::kF32) set(1.0f);
        else if (reduce_type_ == ElementType::kF64) set(1.0);
        else one[0] = 1;  // little-endian integer 1 (and pred true)
        break;
      case CrossProcessReduction::kAnd:
        std::fill(one.begin(), one.end(), reduce_type_ == ElementType::kPred ? 1 : 0xff);
        break;
      case CrossProcessReduction::kMin:  // the largest value
        std::fill(one.begin(), one.end(), 0xff);
        if (is_signed) one[es - 1] = 0x7f;
        if (reduce_type_ == ElementType::kPred) one[0] = 1;
        break;
      case CrossProcessReduction::kMax:  // the smallest value
        if (is_signed) one[es - 1] = 0x80;
        break;
    }
    for (size_t at = 0; at + es <= bytes; at += es) std::memcpy(dst + at, one.data(), es);
  }

  Status ReduceAcrossProcesses(Collectives::Peers& peers, std::vector<uint8_t>& storage,
                               const std::vector<const void*>& captured, Collectives& c) const {
    std::vector<bool> local(peers.size(), false);
    for (size_t d = 0; d < peers.size() && d < device_process_.size(); ++d)
      local[d] = device_process_[d] == cross_->process_index();
    storage.assign(group_list_.size() * reduce_row_bytes_, 0);
    for (size_t g = 0; g < group_list_.size(); ++g) {
      std::vector<int> members;
      for (int m : group_list_[g])
        if (local[static_cast<size_t>(m)]) members.push_back(m);
      uint8_t* row = storage.data() + g * reduce_row_bytes_;
      for (size_t k = 0; k < in_bytes_.size(); row += in_bytes_[k], ++k) {
        if (members.empty()) FillIdentity(row, in_bytes_[k]);
        else Reduce(k, members, peers, row, captured);
      }
    }
    const size_t count = storage.size() / ElementTypeByteSize(reduce_type_);
    (void)c;
    return cross_->AllReduce(processes_, storage.data(), count, reduce_type_, reduction_);
  }

  void CopyReduced(int d, const std::vector<uint8_t>& storage, const std::vector<void*>& outs) const {
    const uint8_t* row = storage.data() + static_cast<size_t>(group_of_[static_cast<size_t>(d)]) * reduce_row_bytes_;
    for (size_t k = 0; k < outs.size() && k < in_bytes_.size(); row += in_bytes_[k], ++k) {
      if (in_bytes_[k] != 0) std::memcpy(outs[k], row, in_bytes_[k]);
    }
  }

 public:
  // The processes of the program and their engine (set with the MPI all-reduce path).
  void SetProcesses(CrossProcessCollectives* cross, const std::vector<int>& device_process) {
    cross_ = cross;
    device_process_ = device_process;
    processes_ = device_process;
    std::sort(processes_.begin(), processes_.end());
    processes_.erase(std::unique(processes_.begin(), processes_.end()), processes_.end());
  }

 private:
  // out = fold(body, inputs of `members`) for operand k, into `dst` (elements of operand k).
  void Reduce(size_t k, const std::vector<int>& members, const std::vector<std::vector<const void*>>& peers,
              void* dst, const std::vector<const void*>& captured) const {
    int64_t count = 1;
    for (int64_t x : in_dims_[k]) count *= x;
    size_t bytes = static_cast<size_t>(count) * es_[k];
    std::memcpy(dst, peers[static_cast<size_t>(members[0])][k], bytes);
    std::vector<uint8_t> acc(bytes);
    for (size_t j = 1; j < members.size(); ++j) {
      std::memcpy(acc.data(), dst, bytes);
      std::vector<const void*> in = {acc.data(), peers[static_cast<size_t>(members[j])][k]};
      in.insert(in.end(), captured.begin(), captured.end());
      void* out[1] = {dst};
      body_->Run(in.data(), out, 0, count);
    }
  }

  void Compute(int d, const std::vector<std::vector<const void*>>& peers, const std::vector<void*>& outs,
               const std::vector<const void*>& captured) const {
    const std::vector<int>& members = groups_.empty() ? std::vector<int>{} : groups_[static_cast<size_t>(d)];
    int rank = 0;
    for (size_t j = 0; j < members.size(); ++j)
      if (members[j] == d) rank = static_cast<int>(j);
    for (size_t k = 0; k < outs.size() && k < in_dims_.size(); ++k) {
      size_t es = es_[k];
      int64_t in_count = 1;
      for (int64_t x : in_dims_[k]) in_count *= x;
      int64_t out_count = 1;
      for (int64_t x : out_dims_[k]) out_count *= x;
      switch (op_.kind) {
        case OpKind::kAllReduce:
          Reduce(k, members, peers, outs[k], captured);
          break;
        case OpKind::kCollectiveBroadcast:
          std::memcpy(outs[k], peers[static_cast<size_t>(members[0])][k], static_cast<size_t>(in_count) * es);
          break;
        case OpKind::kAllGather: {
          int64_t block = in_dims_[k][static_cast<size_t>(dim_)];
          for (size_t j = 0; j < members.size(); ++j) {
            uint8_t* dst = static_cast<uint8_t*>(outs[k]) + BlockOffset(out_dims_[k], dim_, block, static_cast<int64_t>(j), es);
            CopyStrided(dst, RowMajorStrides(out_dims_[k]), peers[static_cast<size_t>(members[j])][k],
                        RowMajorStrides(in_dims_[k]), in_dims_[k], es);
          }
          break;
        }
        case OpKind::kReduceScatter: {
          std::vector<uint8_t> full(static_cast<size_t>(in_count) * es);
          Reduce(k, members, peers, full.data(), captured);
          int64_t block = out_dims_[k][static_cast<size_t>(dim_)];
          const uint8_t* src = full.data() + BlockOffset(in_dims_[k], dim_, block, rank, es);
          CopyStrided(outs[k], RowMajorStrides(out_dims_[k]), src, RowMajorStrides(in_dims_[k]), out_dims_[k], es);
          break;
        }
        case OpKind::kAllToAll: {
          int64_t parts = static_cast<int64_t>(members.size());
          std::vector<int64_t> block_dims = in_dims_[k];
          block_dims[static_cast<size_t>(split_dim_)] /= parts;
          int64_t split_block = block_dims[static_cast<size_t>(split_dim_)];
          int64_t concat_block = block_dims[static_cast<size_t>(concat_dim_)];
          for (int64_t j = 0; j < parts; ++j) {
            const uint8_t* src = static_cast<const uint8_t*>(peers[static_cast<size_t>(members[static_cast<size_t>(j)])][k]) +
                                 BlockOffset(in_dims_[k], split_dim_, split_block, rank, es);
            uint8_t* dst = static_cast<uint8_t*>(outs[k]) + BlockOffset(out_dims_[k], concat_dim_, concat_block, j, es);
            CopyStrided(dst, RowMajorStrides(out_dims_[k]), src, RowMajorStrides(in_dims_[k]), block_dims, es);
          }
          break;
        }
        case OpKind::kCollectivePermute: {
          int src = permute_source_[static_cast<size_t>(d)];
          if (src < 0) std::memset(outs[k], 0, static_cast<size_t>(out_count) * es);
          else std::memcpy(outs[k], peers[static_cast<size_t>(src)][k], static_cast<size_t>(out_count) * es);
          break;
        }
        default: break;
      }
    }
  }

  const Op& op_;
  std::vector<std::vector<int>> groups_;
  std::vector<int> permute_source_;
  std::shared_ptr<EwProgram> body_;
  std::vector<ValueId> captured_;
  std::vector<std::vector<int64_t>> in_dims_, out_dims_;
  std::vector<size_t> es_;
  std::vector<size_t> in_bytes_;
  int64_t dim_ = 0, split_dim_ = 0, concat_dim_ = 0;
  // The MPI all-reduce path (multi-process programs only).
  bool reduce_across_processes_ = false;
  CrossProcessReduction reduction_ = CrossProcessReduction::kSum;
  ElementType reduce_type_ = ElementType::kInvalid;
  std::vector<std::vector<int>> group_list_;  // distinct groups
  std::vector<int> group_of_;                 // device -> index in group_list_
  size_t reduce_row_bytes_ = 0;               // one group's operands, back to back
  CrossProcessCollectives* cross_ = nullptr;
  std::vector<int> device_process_;  // logical device -> process
  std::vector<int> processes_;       // sorted, unique
};

// The reduction MPI can run for a reducer region: the single-op bodies MatchMonoid knows.
std::optional<CrossProcessReduction> MatchReduction(const compiler::Region& r) {
  switch (MatchMonoid(r)) {
    case Monoid::kAdd: return CrossProcessReduction::kSum;
    case Monoid::kMul: return CrossProcessReduction::kProduct;
    case Monoid::kMax: return CrossProcessReduction::kMax;
    case Monoid::kMin: return CrossProcessReduction::kMin;
    case Monoid::kAnd: return CrossProcessReduction::kAnd;
    case Monoid::kOr: return CrossProcessReduction::kOr;
    case Monoid::kXor: return CrossProcessReduction::kXor;
    case Monoid::kNone: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

StatusOr<std::unique_ptr<Kernel>> MakeCollectiveKernel(KernelBuilder& b, const Op& op) {
  const compiler::Module& m = b.module();
  const int R = std::max(1, m.num_replicas), P = std::max(1, m.num_partitions);
  const int N = R * P;
  for (ValueId v : op.operands)
    if (!b.type(v).is_tensor()) return Unimplemented(compiler::OpDescription(op) + ": token or tuple operands");
  if (op.results.size() != op.operands.size())
    return InvalidArgument(compiler::OpDescription(op) + ": expects one result per operand");
  for (size_t k = 0; k < op.operands.size(); ++k) {
    const Type& in = b.type(op.operands[k]);
    const Type& out = b.type(op.results[k]);
    if (in.element != out.element)
      return InvalidArgument(compiler::OpDescription(op) + ": result element type differs from the operand's");
    auto bad_dim = [&](int64_t dim) { return dim < 0 || dim >= in.rank() || in.rank() != out.rank(); };
    switch (op.kind) {
      case OpKind::kAllGather:
        if (bad_dim(op.IntAttr("all_gather_dim", -1)))
          return InvalidArgument(compiler::OpDescription(op) + ": all_gather_dim out of range");
        break;
      case OpKind::kReduceScatter:
        if (bad_dim(op.IntAttr("scatter_dimension", -1)))
          return InvalidArgument(compiler::OpDescription(op) + ": scatter_dimension out of range");
        break;
      case OpKind::kAllToAll:
        if (bad_dim(op.IntAttr("split_dimension", -1)) || bad_dim(op.IntAttr("concat_dimension", -1)))
          return InvalidArgument(compiler::OpDescription(op) + ": split/concat dimension out of range");
        break;
      default:
        if (in != out) return InvalidArgument(compiler::OpDescription(op) + ": result type differs from the operand's");
        break;
    }
  }
  std::vector<std::vector<int>> groups;
  std::vector<int> source(static_cast<size_t>(N), -1);
  if (op.kind == OpKind::kCollectivePermute) {
    JAXLIB_ASSIGN_OR_RETURN(auto pairs, Rows(op, "source_target_pairs"));
    bool partitions = ChannelId(op) > 0;
    int space = partitions ? P : R;
    for (const auto& pr : pairs) {
      if (pr.size() != 2 || pr[0] < 0 || pr[0] >= space || pr[1] < 0 || pr[1] >= space)
        return InvalidArgument(compiler::OpDescription(op) + ": source_target_pairs entry out of range");
      for (int d = 0; d < N; ++d) {
        int r = d / P, p = d % P;
        int my = partitions ? p : r;
        if (my != pr[1]) continue;
        if (source[static_cast<size_t>(d)] >= 0)
          return InvalidArgument(compiler::OpDescription(op) + ": two sources send to one target");
        source[static_cast<size_t>(d)] = partitions ? r * P + static_cast<int>(pr[0]) : static_cast<int>(pr[0]) * P + p;
      }
    }
  } else {
    JAXLIB_ASSIGN_OR_RETURN(groups, ResolveGroups(op, R, P));
  }
  // Shapes against group sizes (all devices of a collective have the same group size here).
  if (!groups.empty()) {
    int64_t g = static_cast<int64_t>(groups[0].size());
    for (size_t k = 0; k < op.operands.size(); ++k) {
      const Type& in = b.type(op.operands[k]);
      const Type& out = b.type(op.results[k]);
      if (op.kind == OpKind::kAllGather || op.kind == OpKind::kReduceScatter) {
        bool gather = op.kind == OpKind::kAllGather;
        size_t dim = static_cast<size_t>(op.IntAttr(gather ? "all_gather_dim" : "scatter_dimension"));
        std::vector<int64_t> want = in.dims;
        if (gather) {
          want[dim] *= g;
        } else if (want[dim] % g == 0) {
          want[dim] /= g;
        } else {
          want.clear();
        }
        if (want != out.dims)
          return InvalidArgument(compiler::OpDescription(op) + ": result type " + out.ToString() + " does not match " +
                                 (gather ? "gathering " : "scattering ") + in.ToString() + " over a group of " +
                                 std::to_string(g));
      } else if (op.kind == OpKind::kAllToAll) {
        size_t sd = static_cast<size_t>(op.IntAttr("split_dimension"));
        size_t cd = static_cast<size_t>(op.IntAttr("concat_dimension"));
        std::vector<int64_t> want = in.dims;
        if (want[sd] % g != 0)
          return InvalidArgument(compiler::OpDescription(op) + ": split dimension is not divisible by the group size");
        want[sd] /= g;
        want[cd] *= g;
        if (want != out.dims) return InvalidArgument(compiler::OpDescription(op) + ": result shape does not match all_to_all");
      }
    }
  }
  std::shared_ptr<EwProgram> body;
  std::vector<ValueId> captured;
  if (op.kind == OpKind::kAllReduce || op.kind == OpKind::kReduceScatter) {
    if (op.regions.size() != 1) return InvalidArgument(compiler::OpDescription(op) + ": expects a reduction region");
    for (size_t k = 1; k < op.operands.size(); ++k)
      if (b.type(op.operands[k]).element != b.type(op.operands[0]).element)
        return Unimplemented(compiler::OpDescription(op) + ": operands of different element types");
    int64_t loop = 1;
    for (size_t k = 0; k < op.operands.size(); ++k) loop = std::max(loop, b.type(op.operands[k]).element_count());
    JAXLIB_ASSIGN_OR_RETURN(body, EwProgram::Compile(m, *op.regions[0], {loop}, &captured, /*args_are_arrays=*/true));
  }
  auto kernel = std::make_unique<CollectiveKernel>(op, m, std::move(groups), std::move(source), std::move(body),
                                                   std::move(captured));
  // A program over several processes all-reduces through MPI when MPI has the reduction.
  const CpuExecutorConfig& config = b.config();
  if (op.kind == OpKind::kAllReduce && config.cross_process != nullptr && !config.device_processes.empty()) {
    std::optional<CrossProcessReduction> reduction = MatchReduction(*op.regions[0]);
    ElementType type = b.type(op.operands[0]).element;
    if (reduction && config.cross_process->CanAllReduce(type, *reduction)) {
      kernel->SetProcesses(config.cross_process.get(), config.device_processes);
      kernel->SetCrossProcessReduction(*reduction, type);
    }
  }
  return std::unique_ptr<Kernel>(std::move(kernel));
}

}  // namespace jaxlib::cpu
