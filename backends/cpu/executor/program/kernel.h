// The CPU executor's unit of work: a Kernel built once per op at compile time (all shape
// arithmetic and dispatch done then) and run many times against a Frame of buffer pointers.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "runtime/compiler/execution_plan.h"
#include "runtime/ffi/execution_context.h"
#include "runtime/support/status.h"

namespace jaxlib::cpu {

// A user custom-call target (xla_client.register_custom_call_target) as the host hands it to
// the plugin: a C function address and XLA's custom-call API version.
struct UserCustomCallTarget {
  std::string name;
  void* fn = nullptr;
  int api_version = 0;
};

// What the CPU backend tells the executor at compile time.
class CpuMemoryStats;  // cpu_buffer.h
class CrossProcessCollectives;  // cross_process.h

struct CpuExecutorConfig {
  int num_devices = 1;                       // devices of the client
  std::shared_ptr<CpuMemoryStats> memory_stats;  // where execution results are counted (may be null)
  std::string lapack_library;                // client option `lapack_library` (env overrides)
  std::vector<UserCustomCallTarget> custom_call_targets;
  // Multi-process clients: the job's collectives engine, and (per compiled program) the
  // process of each logical device; empty when the program runs in this process only.
  std::shared_ptr<CrossProcessCollectives> cross_process;
  std::vector<int> device_processes;
};

class Collectives;  // collectives.h

// Buffer pointers of one execution, indexed by ValueId.
struct Frame {
  void** ptr = nullptr;
  int device_ordinal = 0;
  int replica_id = 0;
  int partition_id = 0;
  int device_index = 0;                 // position in the Execute call's device list
  Collectives* collectives = nullptr;   // shared by the devices of one Execute call
  // The host's FFI user data for this execution (typed custom calls read it); may be null.
  const ffi::UserData* ffi_user_data = nullptr;
  int64_t run_id = 0;                   // one id per Execute call, shared by its devices
  void* Get(compiler::ValueId v) const { return ptr[static_cast<size_t>(v)]; }
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  // `scratch` is the op's planned scratch (OpScratch::bytes bytes), or nullptr.
  virtual Status Run(Frame& frame, uint8_t* scratch) const = 0;

  // What a strip-mined while loop (control_flow.cc) needs to know of the kernels of its body.
  // Elementwise kernels (fused loops) report their loop size and can run any element range
  // [begin, end) of it; every other kernel reports 0.
  virtual int64_t ElementwiseLoopSize() const { return 0; }
  virtual void RunElements(Frame&, int64_t /*begin*/, int64_t /*end*/) const {}
  // The values the kernel reads, where it knows them beyond its op's operands (a fusion's
  // captured values); nullptr when the op's operands are all it reads.
  virtual const std::vector<compiler::ValueId>* ReadValues() const { return nullptr; }
  // Of those, the ones an elementwise kernel reads at other elements than the output's own
  // (broadcasts, transposes): never valid for a range that only this tile computed.
  virtual const std::vector<compiler::ValueId>* NonElementwiseReads() const { return nullptr; }
};

struct RegionCode;

// Compiled code of one planned region: its steps and where its arena values live.
struct RegionStep {
  std::unique_ptr<Kernel> kernel;
  int64_t scratch_offset = -1;  // into the region arena; -1 = none
  const compiler::Op* op = nullptr;
};
struct RegionCode {
  const compiler::Region* region = nullptr;
  std::vector<std::pair<compiler::ValueId, int64_t>> arena_values;  // value, offset
  std::vector<RegionStep> steps;
  int64_t arena_bytes = 0;
};

// Binds arena values and runs the steps of `code` with its arena at `arena`.
Status RunRegion(const RegionCode& code, Frame& frame, uint8_t* arena);

// Whether `r` reads `v`: as an operand of its ops (nested regions included) or as a result.
bool RegionReads(const compiler::Region& r, compiler::ValueId v);
// The contents of the constant op that defines `v`; nullptr when no constant does.
const compiler::DenseData* ConstantData(const compiler::Module& m, compiler::ValueId v);

class KernelBuilder {
 public:
  KernelBuilder(const compiler::ExecutionPlan& plan, const CpuExecutorConfig& config) : plan_(plan), config_(config) {}
  const compiler::ExecutionPlan& plan() const { return plan_; }
  const CpuExecutorConfig& config() const { return config_; }
  const compiler::Module& module() const { return *plan_.module; }
  const compiler::Type& type(compiler::ValueId v) const { return plan_.module->type(v); }
  StatusOr<std::unique_ptr<RegionCode>> BuildRegion(const compiler::Region& region);
  StatusOr<std::unique_ptr<Kernel>> BuildKernel(const compiler::Op& op);
  // Whether `v` (defined in the region being built) is read by a later op, a nested region or
  // the region's results.
  bool IsRead(compiler::ValueId v) const;

 private:
  const compiler::ExecutionPlan& plan_;
  const CpuExecutorConfig& config_;
  const compiler::Region* building_ = nullptr;  // the region BuildRegion is working on
};

// Kernel factories, one per family (kernels_*.cc).
StatusOr<std::unique_ptr<Kernel>> MakeFusionKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeDataMovementKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeReduceKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeDotKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeControlFlowKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeIndexingKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeSortKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeWindowKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeConvolutionKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeMiscKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeCollectiveKernel(KernelBuilder& b, const compiler::Op& op);
StatusOr<std::unique_ptr<Kernel>> MakeLinalgKernel(KernelBuilder& b, const compiler::Op& op);

// Scratch bytes the CPU kernel of `op` needs (the planner reserves them).
int64_t CpuScratchBytes(const compiler::Module& m, const compiler::Op& op);

}  // namespace jaxlib::cpu
