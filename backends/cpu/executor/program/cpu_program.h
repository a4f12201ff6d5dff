// A compiled program for the CPU: the execution plan plus one Kernel per op, built once.
// Run() binds parameters and outputs into a fresh pointer frame and executes the entry region.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "backends/cpu/executor/program/kernel.h"

namespace jaxlib::cpu {

class CpuProgram {
 public:
  static StatusOr<std::unique_ptr<CpuProgram>> Build(std::unique_ptr<compiler::ExecutionPlan> plan,
                                                     const CpuExecutorConfig& config);

  // params[i] / outputs[j]: host memory of entry parameter i and result j (already allocated
  // with the plan's result types).
  // `replica` / `partition`: this execution's position in the device assignment.
  // `device_index` / `collectives`: this device's slot among the devices running the program
  // together (collectives rendezvous through `collectives`; nullptr when running alone).
  // `ffi_user_data` / `run_id`: what typed custom calls see of the host's execute context.
  Status Run(std::span<const void* const> params, std::span<void* const> outputs, int device_ordinal,
             int replica = 0, int partition = 0, int device_index = 0, Collectives* collectives = nullptr,
             const ffi::UserData* ffi_user_data = nullptr, int64_t run_id = 0) const;

  const compiler::ExecutionPlan& plan() const { return *plan_; }

 private:
  std::unique_ptr<compiler::ExecutionPlan> plan_;
  std::unique_ptr<RegionCode> entry_;
  std::vector<void*> initial_ptrs_;                      // constants pre-bound
  struct OutputSlab {
    compiler::ValueId value;
    int32_t output;
    int64_t offset;  // bytes into the output
  };
  std::vector<OutputSlab> output_slabs_;  // values computed inside an entry result
  std::vector<std::vector<uint8_t>> constant_storage_;   // expanded splat constants
};

}  // namespace jaxlib::cpu
