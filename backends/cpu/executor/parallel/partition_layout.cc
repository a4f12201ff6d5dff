// Gathered execution of partitioned programs (see partition_layout.h).
#include "backends/cpu/executor/parallel/partition_layout.h"

#include <algorithm>
#include <cstring>

namespace jaxlib::cpu {

StatusOr<std::unique_ptr<PartitionLayout>> PartitionLayout::Build(const compiler::ExecutionPlan& plan) {
  const compiler::Module& module = *plan.module;
  if (module.num_partitions <= 1) return std::unique_ptr<PartitionLayout>();
  auto layout = std::unique_ptr<PartitionLayout>(new PartitionLayout());
  layout->partitions_ = module.num_partitions;
  // A shard_map entry already is the per-device program: nothing to gather, but hosts still
  // read its global signature and shardings.
  layout->gathered_ = !module.per_partition_entry.has_value();
  if (layout->gathered_ && module.num_replicas > 1)
    return Unimplemented("programs with several replicas and several partitions are only supported through shard_map");
  std::vector<compiler::Type> param_types = plan.parameter_types, result_types = plan.result_types;
  std::vector<const compiler::Attribute*> param_shardings, result_shardings;
  if (layout->gathered_) {
    const compiler::Function& entry = *plan.entry;
    for (size_t k = 0; k < param_types.size(); ++k)
      param_shardings.push_back(k < entry.arg_attrs.size() ? compiler::FindShardingAttribute(entry.arg_attrs[k]) : nullptr);
    for (size_t k = 0; k < result_types.size(); ++k)
      result_shardings.push_back(k < entry.result_attrs.size() ? compiler::FindShardingAttribute(entry.result_attrs[k]) : nullptr);
  } else {
    const compiler::Module::GlobalSignature& global = *module.per_partition_entry;
    param_types = global.params;
    result_types = global.results;
    for (const compiler::AttrPtr& a : global.param_shardings) param_shardings.push_back(a.get());
    for (const compiler::AttrPtr& a : global.result_shardings) result_shardings.push_back(a.get());
  }
  auto read = [&](const std::vector<compiler::Type>& types, const std::vector<const compiler::Attribute*>& attrs,
                  const char* what, std::vector<Value>* values, std::vector<plugin::ArrayShape>* locals) -> Status {
    for (size_t k = 0; k < types.size(); ++k) {
      const compiler::Type& t = types[k];
      if (!t.is_tensor()) return Unimplemented(std::string("a partitioned program's ") + what + " of type " + t.ToString());
      Value v;
      v.global = t.dims;
      v.element_bytes = ElementTypeByteSize(t.element);
      v.bytes = static_cast<size_t>(t.element_count()) * v.element_bytes;
      if (attrs[k]) {
        StatusOr<compiler::TensorSharding> s = compiler::ReadSharding(*attrs[k], module, t.dims, layout->partitions_);
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
  JAXLIB_RETURN_IF_ERROR(read(param_types, param_shardings, "argument", &layout->params_, &layout->local_params_));
  JAXLIB_RETURN_IF_ERROR(read(result_types, result_shardings, "result", &layout->results_, &layout->local_results_));
  layout->description_ = Describe(module, param_types, result_types, layout->params_, layout->results_, layout->partitions_);
  return layout;
}

// The description hosts read shardings from. jaxlib converts OptimizedProgram's MLIR to an
// HloModule and reads the module attributes mhlo.spmd_parameters_shardings /
// mhlo.spmd_output_sharding, which is where an SPMD-partitioned HloModule keeps them.
std::string PartitionLayout::Describe(const compiler::Module& module, const std::vector<compiler::Type>& param_types,
                                      const std::vector<compiler::Type>& result_types, const std::vector<Value>& params,
                                      const std::vector<Value>& results, int partitions) {
  auto sharding = [](const Value& v) { return compiler::HloShardingString(v.sharding); };
  std::string param_list;
  for (size_t k = 0; k < params.size(); ++k) param_list += (k ? ", " : "") + std::string("\"") + sharding(params[k]) + "\"";
  std::string output = results.size() == 1 ? sharding(results[0]) : "{";
  if (results.size() != 1) {
    for (size_t k = 0; k < results.size(); ++k) output += (k ? ", " : "") + sharding(results[k]);
    output += "}";
  }
  std::string d = "module @" + (module.name.empty() ? std::string("main") : module.name) + " attributes {mhlo.num_partitions = " +
                  std::to_string(partitions) + " : i32, mhlo.num_replicas = " + std::to_string(std::max(1, module.num_replicas)) +
                  " : i32, mhlo.spmd_output_sharding = \"" + output + "\", mhlo.spmd_parameters_shardings = [" + param_list +
                  "]} {\n  func.func public @main(";
  std::string operands, operand_types, result_list;
  for (size_t k = 0; k < param_types.size(); ++k) {
    std::string t = param_types[k].ToString();
    d += (k ? ", " : "") + std::string("%arg") + std::to_string(k) + ": " + t + " {mhlo.sharding = \"" + sharding(params[k]) + "\"}";
    operands += (k ? ", " : "") + std::string("%arg") + std::to_string(k);
    operand_types += (k ? ", " : "") + t;
  }
  d += ") -> (";
  for (size_t k = 0; k < result_types.size(); ++k) {
    std::string t = result_types[k].ToString();
    d += (k ? ", " : "") + t + " {mhlo.sharding = \"" + sharding(results[k]) + "\"}";
    result_list += (k ? ", " : "") + t;
  }
  const size_t n = result_types.size();
  d += ") {\n";
  std::string values;
  if (n > 0) {
    d += "    %0" + (n > 1 ? ":" + std::to_string(n) : std::string()) + " = ";
    for (size_t k = 0; k < n; ++k) values += (k ? ", " : "") + std::string("%0") + (n > 1 ? "#" + std::to_string(k) : "");
  } else {
    d += "    ";
  }
  // The body stands for the compiled program: hosts read its signature and shardings; the
  // executable itself is what runs.
  d += "stablehlo.custom_call @jaxlib.partitioned_program(" + operands + ") {has_side_effect = true} : (" + operand_types +
       ") -> (" + result_list + ")\n    return" + (n ? " " + values + " : " + result_list : std::string()) + "\n  }\n}\n";
  return d;
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
