// CompileForCpu: the CPU plugin's entry into compiler + executor, and the plugin::Executable
// that runs a compiled program on CpuBuffers. The only place C++ exceptions are caught.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <new>
#include <optional>
#include <string_view>
#include <thread>

#include "backends/cpu/executor/parallel/collectives.h"
#include "backends/cpu/executor/program/cpu_buffer.h"
#include "backends/cpu/executor/program/cpu_compile.h"
#include "backends/cpu/executor/program/cpu_program.h"
#include "backends/cpu/executor/parallel/partition_layout.h"
#include "runtime/support/env_flag.h"
#include "runtime/support/inline_array.h"

namespace jaxlib::cpu {
namespace {

plugin::ArrayShape ToArrayShape(const compiler::Type& t) {
  plugin::ArrayShape s;
  s.type = t.element;
  s.dims = t.dims;
  return s;
}

class CpuExecutable final : public plugin::Executable {
 public:
  CpuExecutable(std::string text, std::unique_ptr<CpuProgram> program, std::unique_ptr<PartitionLayout> layout,
                const plugin::CompileOptions& options, std::shared_ptr<CpuMemoryStats> memory_stats,
                std::shared_ptr<CrossProcessCollectives> cross_process)
      : text_(std::move(text)), program_(std::move(program)), layout_(std::move(layout)), options_(options),
        memory_stats_(std::move(memory_stats)) {
    if (!options.device_processes.empty() && cross_process != nullptr) {
      cross_ = std::move(cross_process);
      device_processes_ = options.device_processes;
      for (size_t i = 0; i < device_processes_.size(); ++i)
        if (device_processes_[i] == cross_->process_index()) local_positions_.push_back(static_cast<int>(i));
      processes_ = device_processes_;
      std::sort(processes_.begin(), processes_.end());
      processes_.erase(std::unique(processes_.begin(), processes_.end()), processes_.end());
    }
    const compiler::ExecutionPlan& plan = program_->plan();
    name_ = plan.module->name.empty() ? "main" : plan.module->name;
    for (const auto& t : plan.parameter_types) global_params_.push_back(ToArrayShape(t));
    for (const auto& t : plan.result_types) global_results_.push_back(ToArrayShape(t));
    // What each device passes and receives: the shards when the program runs gathered.
    const bool gathered = layout_ && layout_->gathered();
    params_ = gathered ? layout_->local_params() : global_params_;
    results_ = gathered ? layout_->local_results() : global_results_;
    ReadSignatureAttributes(*plan.entry);
    size_t h = std::hash<std::string>()(text_);
    h ^= std::hash<int>()(options.num_replicas * 1000003 + options.num_partitions) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%016zx", h);
    fingerprint_ = buf;
  }

  std::string_view name() const override { return name_; }
  const std::vector<plugin::ArrayShape>& parameter_shapes() const override { return params_; }
  const std::vector<plugin::ArrayShape>& result_shapes() const override { return results_; }
  std::string fingerprint() const override { return fingerprint_; }
  std::string_view program_text() const override { return text_; }
  std::string_view optimized_program() const override {
    return layout_ ? std::string_view(layout_->description()) : std::string_view(text_);
  }
  int num_replicas() const override { return std::max(options_.num_replicas, program_->plan().module->num_replicas); }
  int num_partitions() const override { return std::max(options_.num_partitions, program_->plan().module->num_partitions); }
  int64_t temp_bytes() const override { return program_->plan().arena_bytes; }
  std::vector<int64_t> donated_parameters() const override { return donated_; }
  std::vector<std::string> output_memory_kinds() const override { return output_memory_kinds_; }

  Status Execute(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                 const plugin::ExecuteOptions& options,
                 std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) override {
    try {
      return ExecuteImpl(args, device_ordinals, options, outputs);
    } catch (const std::bad_alloc&) {
      return ResourceExhausted("out of memory while executing " + name_);
    } catch (const std::exception& e) {
      return Internal(std::string("CPU executor failure: ") + e.what());
    } catch (...) {
      return Internal("CPU executor failure");
    }
  }

 private:
  // Runs the program once per device of the call. Several devices run on one thread each and
  // meet at collectives (collectives.h); a failing device aborts the others' waits.
  Status ExecuteImpl(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                     const plugin::ExecuteOptions& options, std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) {
    if (args.size() != device_ordinals.size())
      return InvalidArgument("argument lists and device ordinals differ in number");
    // A program over several processes: its collectives must not interleave with another
    // execution's in some processes and not others.
    struct ExecutionLock {
      CrossProcessCollectives* cross;
      explicit ExecutionLock(CrossProcessCollectives* c) : cross(c) { if (cross) cross->LockExecution(); }
      ~ExecutionLock() { if (cross) cross->UnlockExecution(); }
    } execution_lock(cross_ && args.size() == local_positions_.size() ? cross_.get() : nullptr);
    if (cross_ && args.size() != local_positions_.size())
      return InvalidArgument(name_ + " runs on " + std::to_string(local_positions_.size()) +
                             " devices of this process, the call names " + std::to_string(args.size()));
    if (layout_ && layout_->gathered()) return ExecuteGathered(args, device_ordinals, options, outputs);
    const size_t n = args.size(), P = params_.size(), R = results_.size();
    outputs->clear();
    outputs->resize(n);
    // Flat per-device pointer tables: in[d * P + k], out[d * R + k].
    InlineArray<const void*, 16> in(n * P);
    InlineArray<void*, 16> out(n * R);
    for (size_t d = 0; d < n; ++d) {
      if (args[d].size() != P)
        return InvalidArgument(name_ + " takes " + std::to_string(P) + " arguments, got " +
                               std::to_string(args[d].size()) + (n > 1 ? " on device " + std::to_string(d) : ""));
      for (size_t k = 0; k < P; ++k) {
        plugin::DeviceBuffer* b = args[d][k];
        if (!b || !b->host_data()) return InvalidArgument("argument " + std::to_string(k) + " is not a CPU buffer");
        if (b->shape() != params_[k])
          return InvalidArgument("argument " + std::to_string(k) + (n > 1 ? " on device " + std::to_string(d) : "") +
                                 " has shape " + ShapeString(b->shape()) + ", the program expects " +
                                 ShapeString(params_[k]) + (n > 1 ? " (the per-device shard)" : ""));
        in[d * P + k] = b->host_data();
      }
      std::vector<plugin::DeviceBufferPtr>& dev_out = (*outputs)[d];
      dev_out.reserve(R);
      for (size_t k = 0; k < R; ++k) {
        auto buf = CpuBuffer::Allocate(device_ordinals[d], results_[k], memory_stats_);
        if (!buf) return ResourceExhausted("cannot allocate result " + std::to_string(k));
        out[d * R + k] = buf->data();
        dev_out.push_back(std::move(buf));
      }
    }
    // Device d of the assignment is (replica, partition) = (d / partitions, d % partitions).
    const int parts = std::max(1, num_partitions());
    // One device needs no rendezvous: collectives then act on the device alone.
    std::optional<Collectives> collectives;
    if (cross_) collectives.emplace(device_processes_, cross_.get());
    else if (n > 1) collectives.emplace(static_cast<int>(n));
    // Device d of the call is logical device position[d] of the program.
    auto position = [&](size_t d) { return cross_ ? local_positions_[d] : static_cast<int>(d); };
    std::vector<Status> status(n);
    // FFI handlers see one run id per Execute call: the host's launch id when it gave one.
    static std::atomic<int64_t> next_run_id{1};
    const int64_t run_id = options.launch_id != 0 ? options.launch_id : next_run_id.fetch_add(1);
    auto run = [&](size_t d) {
      try {
        status[d] = program_->Run(std::span<const void* const>(in.data() + d * P, P),
                                  std::span<void* const>(out.data() + d * R, R), device_ordinals[d], position(d) / parts,
                                  position(d) % parts, position(d),
                                  collectives ? &*collectives : nullptr, options.ffi_user_data, run_id);
      } catch (const std::bad_alloc&) {
        status[d] = ResourceExhausted("out of memory while executing " + name_);
      } catch (...) {
        status[d] = Internal("CPU executor failure");
      }
      if (!status[d].ok() && collectives) collectives->Abort();
    };
    if (n == 1) {
      run(0);
    } else {
      std::vector<std::thread> threads;
      threads.reserve(n - 1);
      for (size_t d = 1; d < n; ++d) threads.emplace_back(run, d);
      run(0);
      for (std::thread& t : threads) t.join();
    }
    // The first real failure, not the "another device failed" of the devices it woke.
    for (const Status& st : status)
      if (!st.ok() && st.code() != StatusCode::kAborted) return st;
    for (const Status& st : status)
      if (!st.ok()) return st;
    return Status::Ok();
  }

  // A partitioned program run once on global values (partition_layout.h): the devices' shards
  // are gathered into global arguments, and each device receives its shards of the results.
  Status ExecuteGathered(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                         const plugin::ExecuteOptions& options, std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) {
    const size_t n = args.size(), P = params_.size(), R = results_.size();
    const size_t total = cross_ ? device_processes_.size() : n;
    if (static_cast<int>(total) != layout_->partitions())
      return InvalidArgument(name_ + " is partitioned over " + std::to_string(layout_->partitions()) +
                             " devices, the call names " + std::to_string(total));
    auto position = [&](size_t d) { return cross_ ? local_positions_[d] : static_cast<int>(d); };
    for (size_t d = 0; d < n; ++d) {
      if (args[d].size() != P)
        return InvalidArgument(name_ + " takes " + std::to_string(P) + " arguments, got " + std::to_string(args[d].size()) +
                               " on device " + std::to_string(d));
      for (size_t k = 0; k < P; ++k) {
        plugin::DeviceBuffer* b = args[d][k];
        if (!b || !b->host_data()) return InvalidArgument("argument " + std::to_string(k) + " is not a CPU buffer");
        if (b->shape() != params_[k])
          return InvalidArgument("argument " + std::to_string(k) + " on device " + std::to_string(d) + " has shape " +
                                 ShapeString(b->shape()) + ", the program expects " + ShapeString(params_[k]) +
                                 " (the device's shard of " + ShapeString(global_params_[k]) + ")");
      }
    }
    std::vector<plugin::DeviceBufferPtr> temps;  // global arguments and results, freed on return
    InlineArray<const void*, 16> in(P);
    InlineArray<void*, 16> out(R);
    for (size_t k = 0; k < P; ++k) {
      if (layout_->param_replicated(k)) {
        in[k] = args[0][k]->host_data();  // every device holds the whole value
        continue;
      }
      auto g = CpuBuffer::Allocate(device_ordinals[0], global_params_[k], memory_stats_);
      if (!g) return ResourceExhausted("cannot allocate the global argument " + std::to_string(k));
      if (cross_) {
        JAXLIB_RETURN_IF_ERROR(GatherAcrossProcesses(k, args, g->data()));
      } else {
        for (size_t d = 0; d < n; ++d) layout_->GatherParam(k, static_cast<int>(d), args[d][k]->host_data(), g->data());
      }
      in[k] = g->data();
      temps.push_back(std::move(g));
    }
    for (size_t k = 0; k < R; ++k) {
      auto g = CpuBuffer::Allocate(device_ordinals[0], global_results_[k], memory_stats_);
      if (!g) return ResourceExhausted("cannot allocate the global result " + std::to_string(k));
      out[k] = g->data();
      temps.push_back(std::move(g));
    }
    static std::atomic<int64_t> next_run_id{1};
    const int64_t run_id = options.launch_id != 0 ? options.launch_id : next_run_id.fetch_add(1);
    JAXLIB_RETURN_IF_ERROR(program_->Run(std::span<const void* const>(in.data(), P), std::span<void* const>(out.data(), R),
                                         device_ordinals[0], 0, 0, 0, nullptr, options.ffi_user_data, run_id));
    outputs->clear();
    outputs->resize(n);
    for (size_t d = 0; d < n; ++d) {
      for (size_t k = 0; k < R; ++k) {
        auto buf = CpuBuffer::Allocate(device_ordinals[d], results_[k], memory_stats_);
        if (!buf) return ResourceExhausted("cannot allocate result " + std::to_string(k));
        layout_->ScatterResult(k, position(d), out[k], buf->data());
        (*outputs)[d].push_back(std::move(buf));
      }
    }
    return Status::Ok();
  }

  // Parameter k of a program gathered across processes: every process's shards (its devices
  // in logical order) come from an all-gather, and each lands in the global array `dst`.
  Status GatherAcrossProcesses(size_t k, std::span<const std::vector<plugin::DeviceBuffer*>> args, void* dst) {
    const size_t shard = params_[k].byte_size();
    std::vector<uint8_t> send(shard * args.size());
    for (size_t d = 0; d < args.size(); ++d)
      if (shard != 0) std::memcpy(send.data() + d * shard, args[d][k]->host_data(), shard);
    std::vector<size_t> per_member;
    for (int p : processes_)
      per_member.push_back(shard * static_cast<size_t>(std::count(device_processes_.begin(), device_processes_.end(), p)));
    std::vector<uint8_t> all(shard * device_processes_.size());
    JAXLIB_RETURN_IF_ERROR(cross_->AllGather(processes_, send.data(), per_member, all.data()));
    const uint8_t* from = all.data();
    for (int p : processes_) {
      for (size_t i = 0; i < device_processes_.size(); ++i) {
        if (device_processes_[i] != p) continue;
        layout_->GatherParam(k, static_cast<int>(i), from, dst);
        from += shard;
      }
    }
    return Status::Ok();
  }

  // Donation and memory kinds come from @main's signature as JAX writes it, read as XLA reads
  // them. An argument with `tf.aliasing_output = N` must alias output N, so the call consumes
  // it. An argument with `jax.buffer_donor = true` may be consumed: XLA pairs donors, in
  // argument order, with the first output of the same (per-device) type that no other argument aliases,
  // and consumes only those it paired (a donor with no such output stays alive). We never
  // write into an argument, but the caller sees the same deletions as with XLA. A result's
  // `mhlo.memory_kind` says where its buffer lives; every kind is host memory on CPU, so
  // kinds change where buffers are reported, never what is computed.
  // `true` as text reads as a bool; bytecode stores it as an i1 integer.
  static bool IsTrue(const compiler::Attribute& v) {
    return (v.kind == compiler::Attribute::Kind::kBool && v.b) || (v.kind == compiler::Attribute::Kind::kInt && v.i != 0);
  }

  void ReadSignatureAttributes(const compiler::Function& entry) {
    std::vector<bool> output_taken(results_.size(), false);
    std::vector<size_t> donors;
    for (size_t k = 0; k < entry.arg_attrs.size(); ++k) {
      for (const compiler::NamedAttr& a : entry.arg_attrs[k]) {
        if (!a.value) continue;
        if (a.name == "tf.aliasing_output" && a.value->kind == compiler::Attribute::Kind::kInt) {
          donated_.push_back(static_cast<int64_t>(k));
          if (a.value->i >= 0 && static_cast<size_t>(a.value->i) < output_taken.size()) output_taken[a.value->i] = true;
        } else if (a.name == "jax.buffer_donor" && IsTrue(*a.value)) {
          donors.push_back(k);
        }
      }
    }
    for (size_t k : donors) {
      if (k >= params_.size()) continue;
      for (size_t o = 0; o < results_.size(); ++o) {
        // Per-device shapes decide, as in XLA; a sharded program's results are not sharded by
        // propagation here, so a donor also pairs with a result of its global shape.
        if (!output_taken[o] && (results_[o] == params_[k] || global_results_[o] == global_params_[k])) {
          output_taken[o] = true;
          donated_.push_back(static_cast<int64_t>(k));
          break;
        }
      }
    }
    std::sort(donated_.begin(), donated_.end());
    bool any_kind = false;
    std::vector<std::string> kinds(results_.size(), "device");
    for (size_t k = 0; k < entry.result_attrs.size() && k < kinds.size(); ++k) {
      for (const compiler::NamedAttr& a : entry.result_attrs[k]) {
        if (a.name == "mhlo.memory_kind" && a.value && a.value->kind == compiler::Attribute::Kind::kString) {
          kinds[k] = a.value->s;
          any_kind = true;
        }
      }
    }
    if (any_kind) output_memory_kinds_ = std::move(kinds);
  }

  static std::string ShapeString(const plugin::ArrayShape& s) {
    std::string r = std::string(ElementTypeMlirName(s.type)) + "[";
    for (size_t k = 0; k < s.dims.size(); ++k) r += (k ? "," : "") + std::to_string(s.dims[k]);
    return r + "]";
  }

  std::string text_;
  std::unique_ptr<CpuProgram> program_;
  std::unique_ptr<PartitionLayout> layout_;  // set when the program runs gathered
  plugin::CompileOptions options_;
  std::shared_ptr<CpuMemoryStats> memory_stats_;
  std::string name_;
  std::vector<plugin::ArrayShape> params_, results_;                 // per device
  std::vector<plugin::ArrayShape> global_params_, global_results_;  // as the program computes them
  std::vector<int64_t> donated_;
  std::vector<std::string> output_memory_kinds_;  // empty: all "device"
  std::string fingerprint_;
  // Multi-process programs: the engine, each logical device's process, the processes, and the
  // logical positions of this process's devices (the Execute call's devices, in order).
  std::shared_ptr<CrossProcessCollectives> cross_;
  std::vector<int> device_processes_, processes_, local_positions_;
};

StatusOr<std::unique_ptr<plugin::Executable>> CompileImpl(std::string_view mlir_text,
                                                          const plugin::CompileOptions& options,
                                                          const CpuExecutorConfig& config) {
  compiler::PipelineOptions popts;
  popts.scratch_bytes = &CpuScratchBytes;
  // kernels/fused_reduce.cc runs them; JAXLIB_CPU_DISABLE_FUSED_REDUCE=1 keeps every reduce
  // input materialised (same results, for comparisons).
  popts.fuse_reductions = !EnvFlag("JAXLIB_CPU_DISABLE_FUSED_REDUCE");
  popts.in_place_updates = true;  // dynamic_update_slice and scatter skip the copy onto themselves
  popts.dynamic_slice_views = true;  // contiguous dynamic_slices are views (DynamicSliceKernel)
  popts.in_place_concatenate = true;  // ConcatenateKernel skips operands computed in place
  // kernels/softmax.cc runs @jaxlib.softmax and @jaxlib.logsumexp; JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL=1
  // keeps the generic ops (same results, for comparisons).
  popts.match_softmax = !EnvFlag("JAXLIB_CPU_DISABLE_SOFTMAX_KERNEL");
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<compiler::ExecutionPlan> plan, compiler::CompileToPlan(mlir_text, popts));
  // The compile options may ask for more replicas/partitions than the module attributes say;
  // collectives resolve their groups against the larger.
  compiler::Module& module = *plan->module;
  module.num_replicas = std::max({1, module.num_replicas, options.num_replicas});
  module.num_partitions = std::max({1, module.num_partitions, options.num_partitions});
  const int64_t job_devices = options.device_processes.empty() ? config.num_devices
                                                                 : static_cast<int64_t>(options.device_processes.size());
  if (int64_t needed = int64_t{module.num_replicas} * module.num_partitions; needed > job_devices)
    return InvalidArgument("the program needs " + std::to_string(needed) + " devices (" +
                           std::to_string(module.num_replicas) + " replicas x " + std::to_string(module.num_partitions) +
                           " partitions) but the client has " + std::to_string(config.num_devices));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PartitionLayout> layout, PartitionLayout::Build(*plan));
  // Collective kernels read which process runs each logical device.
  CpuExecutorConfig program_config = config;
  if (config.cross_process != nullptr) program_config.device_processes = options.device_processes;
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<CpuProgram> program, CpuProgram::Build(std::move(plan), program_config));
  return std::unique_ptr<plugin::Executable>(new CpuExecutable(std::string(mlir_text), std::move(program),
                                                               std::move(layout), options, config.memory_stats,
                                                               config.cross_process));
}

}  // namespace

StatusOr<std::unique_ptr<plugin::Executable>> CompileForCpu(std::string_view mlir_text,
                                                            const plugin::CompileOptions& options,
                                                            const CpuExecutorConfig& config) {
  try {
    StatusOr<std::unique_ptr<plugin::Executable>> exe = CompileImpl(mlir_text, options, config);
    if (!exe.ok()) return Status(exe.status().code(), compiler::ValidUtf8(exe.status().message()));
    return exe;
  } catch (const std::bad_alloc&) {
    return ResourceExhausted("out of memory while compiling");
  } catch (const std::exception& e) {
    return Internal(std::string("compiler failure: ") + e.what());
  } catch (...) {
    return Internal("compiler failure");
  }
}

}  // namespace jaxlib::cpu
