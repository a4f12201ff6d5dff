// A partitioned program (num_partitions > 1) that is not already a per-device program
// (shard_map) runs on the CPU by gathering: each device's argument shard is copied into the
// global array, the program runs once on global values, and each result is cut into the
// shards its sharding gives each device. This is what the host sees as SPMD execution, with
// every device's memory being the same host memory. PartitionLayout holds the shardings of
// @main's parameters and results and does the copies.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "runtime/compiler/execution_plan.h"
#include "runtime/compiler/sharding.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

class PartitionLayout {
 public:
  // nullptr for programs of one partition.
  static StatusOr<std::unique_ptr<PartitionLayout>> Build(const compiler::ExecutionPlan& plan);

  int partitions() const { return partitions_; }
  // False for shard_map entries, which are already per-device programs: the layout then only
  // describes the executable to hosts.
  bool gathered() const { return gathered_; }
  // What each device passes and receives (the shards).
  const std::vector<plugin::ArrayShape>& local_params() const { return local_params_; }
  const std::vector<plugin::ArrayShape>& local_results() const { return local_results_; }
  // Copies device p's shard `src` of parameter k into the global array `dst`.
  void GatherParam(size_t k, int p, const void* src, void* dst) const;
  // Copies device p's shard of result k out of the global array `src` into `dst`.
  void ScatterResult(size_t k, int p, const void* src, void* dst) const;
  bool param_replicated(size_t k) const { return params_[k].sharding.replicated(); }
  size_t global_param_bytes(size_t k) const { return params_[k].bytes; }
  size_t global_result_bytes(size_t k) const { return results_[k].bytes; }
  // StableHLO text hosts read shardings from (PJRT_Executable_OptimizedProgram): @main with the
  // global types and an mhlo.sharding on every argument and result, its body one custom call
  // standing for the compiled program.
  const std::string& description() const { return description_; }

 private:
  struct Value {
    compiler::TensorSharding sharding;
    std::vector<int64_t> global;
    size_t element_bytes = 0;
    size_t bytes = 0;
  };
  void Copy(const Value& v, int p, const void* src, void* dst, bool to_global) const;
  static std::string Describe(const compiler::Module& module, const std::vector<compiler::Type>& param_types,
                              const std::vector<compiler::Type>& result_types, const std::vector<Value>& params,
                              const std::vector<Value>& results, int partitions);

  int partitions_ = 1;
  bool gathered_ = true;
  std::vector<Value> params_, results_;
  std::vector<plugin::ArrayShape> local_params_, local_results_;
  std::string description_;
};

}  // namespace jaxlib::cpu
