// Gathered execution of partitioned programs (see partition_layout.h).
#include "backends/cpu/executor/partition_layout.h"

#include <cstring>

namespace jaxlib::cpu {

StatusOr<std::unique_ptr<PartitionLayout>> PartitionLayout::Build(const compiler::ExecutionPlan& plan) {
  const compiler::Module& module = *plan.module;
  if (module.num_partitions <= 1 || module.per_partition_entry) return std::unique_ptr<PartitionLayout>();
  if (module.num_replicas > 1)
    return Unimplemented("programs with several replicas and several partitions are only supported through shard_map");
  auto layout = std::unique_ptr<PartitionLayout>(new PartitionLayout());
  layout->partitions_ = module.num_partitions;
  const compiler::Function& entry = *plan.entry;
  auto read = [&](const std::vector<compiler::Type>& types, const std::vector<std::vector<compiler::NamedAttr>>& attrs,
                  const char* what, std::vector<Value>* values, std::vector<plugin::ArrayShape>* locals) -> Status {
    for (size_t k = 0; k < types.size(); ++k) {
      const compiler::Type& t = types[k];
      if (!t.is_tensor()) return Unimplemented(std::string("a partitioned program's ") + what + " of type " + t.ToString());
      Value v;
      v.global = t.dims;
      v.element_bytes = ElementTypeByteSize(t.element);
      v.bytes = static_cast<size_t>(t.element_count()) * v.element_bytes;
      const compiler::Attribute* attr = k < attrs.size() ? compiler::FindShardingAttribute(attrs[k]) : nullptr;
      if (attr) {
        StatusOr<compiler::TensorSharding> s = compiler::ReadSharding(*attr, module, t.dims, layout->partitions_);
        if (!s.ok()) return Status(s.status().code(), std::string(what) + " #" + std::to_string(k) + ": " + s.status().message());
        v.sharding = std::move(s).value();
      } else {
        // Unannotated: every device holds the whole value (what XLA reports when free to choose).
        v.sharding = compiler::ReplicatedSharding(t.rank(), layout->partitions_);
      }
      plugin::ArrayShape local;
      local.type = t.element;
      local.dims = v.sharding.LocalDims(t.dims);
      locals->push_back(std::move(local));
      values->push_back(std::move(v));
    }
    return Status::Ok();
  };
  JAXLIB_RETURN_IF_ERROR(read(plan.parameter_types, entry.arg_attrs, "argument", &layout->params_, &layout->local_params_));
  JAXLIB_RETURN_IF_ERROR(read(plan.result_types, entry.result_attrs, "result", &layout->results_, &layout->local_results_));

  // The description hosts read shardings from.
  std::string& d = layout->description_;
  d = "module @" + (module.name.empty() ? std::string("main") : module.name) + " attributes {mhlo.num_partitions = " +
      std::to_string(layout->partitions_) + " : i32, mhlo.num_replicas = 1 : i32} {\n  func.func public @main(";
  std::string operands, operand_types, result_types;
  for (size_t k = 0; k < plan.parameter_types.size(); ++k) {
    std::string t = plan.parameter_types[k].ToString();
    d += (k ? ", " : "") + std::string("%arg") + std::to_string(k) + ": " + t + " {mhlo.sharding = \"" +
         compiler::HloShardingString(layout->params_[k].sharding) + "\"}";
    operands += (k ? ", " : "") + std::string("%arg") + std::to_string(k);
    operand_types += (k ? ", " : "") + t;
  }
  d += ") -> (";
  for (size_t k = 0; k < plan.result_types.size(); ++k) {
    std::string t = plan.result_types[k].ToString();
    d += (k ? ", " : "") + t + " {mhlo.sharding = \"" + compiler::HloShardingString(layout->results_[k].sharding) + "\"}";
    result_types += (k ? ", " : "") + t;
  }
  const size_t n = plan.result_types.size();
  d += ") {\n";
  std::string results;
  if (n > 0) {
    d += "    %0" + (n > 1 ? ":" + std::to_string(n) : std::string()) + " = ";
    for (size_t k = 0; k < n; ++k) results += (k ? ", " : "") + std::string("%0") + (n > 1 ? "#" + std::to_string(k) : "");
  } else {
    d += "    ";
  }
  // The body stands for the compiled program: hosts read its signature and shardings; the
  // executable itself is what runs.
  d += "stablehlo.custom_call @jaxlib.partitioned_program(" + operands + ") {has_side_effect = true} : (" + operand_types +
       ") -> (" + result_types + ")\n    return" + (n ? " " + results + " : " + result_types : std::string()) + "\n  }\n}\n";
  return layout;
}

void PartitionLayout::Copy(const Value& v, int p, const void* src, void* dst, bool to_global) const {
  if (v.sharding.replicated()) {
    std::memcpy(dst, src, v.bytes);
    return;
  }
  const std::vector<int64_t> local = v.sharding.LocalDims(v.global);
  const std::vector<int64_t> offsets = v.sharding.Offsets(p, v.global);
  const size_t rank = v.global.size();
  // Rows along the last dimension are contiguous on both sides; walk the others.
  const size_t row = static_cast<size_t>(local[rank - 1]) * v.element_bytes;
  std::vector<int64_t> strides(rank, 1);  // of the global array, in elements
  for (size_t k = rank - 1; k-- > 0;) strides[k] = strides[k + 1] * v.global[k + 1];
  int64_t rows = 1;
  for (size_t k = 0; k + 1 < rank; ++k) rows *= local[k];
  std::vector<int64_t> idx(rank, 0);
  const auto* s = static_cast<const uint8_t*>(src);
  auto* t = static_cast<uint8_t*>(dst);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t g = offsets[rank - 1];
    for (size_t k = 0; k + 1 < rank; ++k) g += (offsets[k] + idx[k]) * strides[k];
    const size_t global_off = static_cast<size_t>(g) * v.element_bytes;
    const size_t local_off = static_cast<size_t>(r) * row;
    if (to_global) std::memcpy(t + global_off, s + local_off, row);
    else std::memcpy(t + local_off, s + global_off, row);
    for (size_t k = rank - 1; k-- > 0;) {
      if (++idx[k] < local[k]) break;
      idx[k] = 0;
    }
  }
}

void PartitionLayout::GatherParam(size_t k, int p, const void* src, void* dst) const { Copy(params_[k], p, src, dst, true); }
void PartitionLayout::ScatterResult(size_t k, int p, const void* src, void* dst) const { Copy(results_[k], p, src, dst, false); }

}  // namespace jaxlib::cpu
