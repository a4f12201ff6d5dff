// CompileForCpu: the CPU plugin's entry into compiler + executor, and the plugin::Executable
// that runs a compiled program on CpuBuffers. The only place C++ exceptions are caught.
#include <cstdio>
#include <exception>
#include <functional>
#include <new>

#include "backends/cpu/executor/cpu_buffer.h"
#include "backends/cpu/executor/cpu_compile.h"
#include "backends/cpu/executor/cpu_program.h"

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
  CpuExecutable(std::string text, std::unique_ptr<CpuProgram> program, const plugin::CompileOptions& options)
      : text_(std::move(text)), program_(std::move(program)), options_(options) {
    const compiler::ExecutionPlan& plan = program_->plan();
    name_ = plan.module->name.empty() ? "main" : plan.module->name;
    for (const auto& t : plan.parameter_types) params_.push_back(ToArrayShape(t));
    for (const auto& t : plan.result_types) results_.push_back(ToArrayShape(t));
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
  int num_replicas() const override { return std::max(options_.num_replicas, program_->plan().module->num_replicas); }
  int num_partitions() const override { return std::max(options_.num_partitions, program_->plan().module->num_partitions); }
  int64_t temp_bytes() const override { return program_->plan().arena_bytes; }

  Status Execute(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                 const plugin::ExecuteOptions& options,
                 std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) override {
    (void)options;
    try {
      return ExecuteImpl(args, device_ordinals, outputs);
    } catch (const std::bad_alloc&) {
      return ResourceExhausted("out of memory while executing " + name_);
    } catch (const std::exception& e) {
      return Internal(std::string("CPU executor failure: ") + e.what());
    } catch (...) {
      return Internal("CPU executor failure");
    }
  }

 private:
  Status ExecuteImpl(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                     std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) {
    if (args.size() != device_ordinals.size())
      return InvalidArgument("argument lists and device ordinals differ in number");
    outputs->clear();
    outputs->resize(args.size());
    for (size_t d = 0; d < args.size(); ++d) {
      if (args[d].size() != params_.size())
        return InvalidArgument(name_ + " takes " + std::to_string(params_.size()) + " arguments, got " +
                               std::to_string(args[d].size()));
      std::vector<const void*> in(args[d].size());
      for (size_t k = 0; k < args[d].size(); ++k) {
        plugin::DeviceBuffer* b = args[d][k];
        if (!b || !b->host_data()) return InvalidArgument("argument " + std::to_string(k) + " is not a CPU buffer");
        if (b->shape() != params_[k])
          return InvalidArgument("argument " + std::to_string(k) + " has the wrong shape or type");
        in[k] = b->host_data();
      }
      std::vector<void*> out(results_.size());
      std::vector<plugin::DeviceBufferPtr>& dev_out = (*outputs)[d];
      for (size_t k = 0; k < results_.size(); ++k) {
        auto buf = CpuBuffer::Allocate(device_ordinals[d], results_[k]);
        if (!buf) return ResourceExhausted("cannot allocate result " + std::to_string(k));
        out[k] = buf->data();
        dev_out.push_back(std::move(buf));
      }
      // Device d of the assignment is (replica, partition) = (d / partitions, d % partitions).
      int parts = std::max(1, num_partitions());
      JAXLIB_RETURN_IF_ERROR(program_->Run(in, out, device_ordinals[d], static_cast<int>(d) / parts,
                                           static_cast<int>(d) % parts));
    }
    return Status::Ok();
  }

  std::string text_;
  std::unique_ptr<CpuProgram> program_;
  plugin::CompileOptions options_;
  std::string name_;
  std::vector<plugin::ArrayShape> params_, results_;
  std::string fingerprint_;
};

StatusOr<std::unique_ptr<plugin::Executable>> CompileImpl(std::string_view mlir_text,
                                                          const plugin::CompileOptions& options, int num_devices) {
  (void)num_devices;
  compiler::PipelineOptions popts;
  popts.scratch_bytes = &CpuScratchBytes;
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<compiler::ExecutionPlan> plan, compiler::CompileToPlan(mlir_text, popts));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<CpuProgram> program, CpuProgram::Build(std::move(plan)));
  return std::unique_ptr<plugin::Executable>(new CpuExecutable(std::string(mlir_text), std::move(program), options));
}

}  // namespace

StatusOr<std::unique_ptr<plugin::Executable>> CompileForCpu(std::string_view mlir_text,
                                                            const plugin::CompileOptions& options, int num_devices) {
  try {
    return CompileImpl(mlir_text, options, num_devices);
  } catch (const std::bad_alloc&) {
    return ResourceExhausted("out of memory while compiling");
  } catch (const std::exception& e) {
    return Internal(std::string("compiler failure: ") + e.what());
  } catch (...) {
    return Internal("compiler failure");
  }
}

}  // namespace jaxlib::cpu
