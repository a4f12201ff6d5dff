// The GPU program (gpu_executor.h): one step per planned op, built once at compile time, run
// per device against a frame of device addresses. Work is queued on the device's stream; the
// host waits only where it must read device data (control-flow predicates, host fallbacks) and
// once at the end of an execution. The only place C++ exceptions are caught on the GPU side.
#include "backends/gpu/gpu_executor.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fcntl.h>
#include <functional>
#include <new>
#include <optional>
#include <thread>
#include <unistd.h>

#include "backends/cpu/executor/parallel/collectives.h"
#include "backends/cpu/executor/program/denormal_mode.h"
#include "backends/cpu/executor/program/kernel.h"
#include "backends/gpu/kernel_emitter.h"
#include "runtime/compiler/execution_plan.h"
#include "runtime/support/env_flag.h"

namespace jaxlib::gpu {

using compiler::ExecutionPlan;
using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::ValueId;
using compiler::ValueStorage;

// ------------------------------------------------------------------------ allocator

size_t DeviceAllocator::Rounded(size_t bytes) {
  // Power-of-two classes above 1 KiB keep the cache small; below, 256-byte steps.
  if (bytes <= 1024) return (bytes + 255) / 256 * 256;
  size_t c = 1024;
  while (c < bytes) c *= 2;
  return c;
}

DeviceAllocator::~DeviceAllocator() {
  for (auto& [device, blocks] : free_)
    for (auto& [size, ptr] : blocks) vendor_->Free(device, ptr);
}

void DeviceAllocator::DropCache(int device) {
  auto it = free_.find(device);
  if (it == free_.end()) return;
  for (auto& [size, ptr] : it->second) vendor_->Free(device, ptr);
  it->second.clear();
}

StatusOr<DevicePtr> DeviceAllocator::Allocate(int device, size_t bytes) {
  const size_t size = Rounded(std::max<size_t>(bytes, 1));
  std::lock_guard<std::mutex> lock(mu_);
  auto& blocks = free_[device];
  auto hit = blocks.find(size);
  DevicePtr p = 0;
  if (hit != blocks.end()) {
    p = hit->second;
    blocks.erase(hit);
  } else {
    StatusOr<DevicePtr> fresh = vendor_->Allocate(device, size);
    if (!fresh.ok()) {
      DropCache(device);
      fresh = vendor_->Allocate(device, size);
    }
    if (!fresh.ok()) return fresh.status();
    p = *fresh;
  }
  const int64_t now = bytes_in_use += static_cast<int64_t>(size);
  int64_t peak = peak_bytes.load();
  while (now > peak && !peak_bytes.compare_exchange_weak(peak, now)) {
  }
  ++num_allocs;
  return p;
}

void DeviceAllocator::Release(int device, DevicePtr ptr, size_t bytes) {
  const size_t size = Rounded(std::max<size_t>(bytes, 1));
  std::lock_guard<std::mutex> lock(mu_);
  free_[device].emplace(size, ptr);
  bytes_in_use -= static_cast<int64_t>(size);
}

StatusOr<std::shared_ptr<GpuBuffer>> AllocateBuffer(const std::shared_ptr<DeviceAllocator>& alloc, int device,
                                                    const plugin::ArrayShape& shape) {
  DevicePtr p = 0;
  if (shape.byte_size() > 0) {
    JAXLIB_ASSIGN_OR_RETURN(p, alloc->Allocate(device, shape.byte_size()));
  }
  return std::make_shared<GpuBuffer>(alloc, device, shape, p);
}

namespace {

// Where each executed op ran, per Execute call.
struct OpCounts {
  int64_t generated = 0, vendor = 0, host = 0;
};

// An execution's scratch that must outlive queued work: device blocks and host staging.
struct RunScope {
  DeviceAllocator* alloc = nullptr;
  int device = 0;
  std::vector<std::pair<DevicePtr, size_t>> blocks;
  std::vector<std::vector<uint8_t>> staging;
  ~RunScope() {
    for (auto& [p, n] : blocks) alloc->Release(device, p, n);
  }
  StatusOr<DevicePtr> Block(size_t bytes) {
    if (bytes == 0) return DevicePtr{0};
    JAXLIB_ASSIGN_OR_RETURN(DevicePtr p, alloc->Allocate(device, bytes));
    blocks.emplace_back(p, bytes);
    return p;
  }
  uint8_t* Host(size_t bytes) {
    staging.emplace_back(std::max<size_t>(bytes, 1) + 64);
    uint8_t* p = staging.back().data();
    return p + (64 - reinterpret_cast<uintptr_t>(p) % 64) % 64;
  }
};

struct Frame {
  std::vector<DevicePtr> ptr;
  int device = 0;
  int replica = 0, partition = 0, device_index = 0;
  cpu::Collectives* collectives = nullptr;
  const ffi::UserData* ffi_user_data = nullptr;
  int64_t run_id = 0;
  RunScope* scope = nullptr;
  OpCounts* counts = nullptr;
  DevicePtr Get(ValueId v) const { return ptr[static_cast<size_t>(v)]; }
};

class GpuProgram;

struct RegionCode;

struct Step {
  enum class Kind { kNoop, kAlias, kCopy, kKernel, kGemm, kWhile, kCase, kHost };
  Kind kind = Kind::kNoop;
  const Op* op = nullptr;
  int64_t scratch_offset = -1;  // in the region arena
  int64_t region_offset = 0;    // control flow: the regions' arena, from scratch_offset
  // kKernel
  KernelLaunchPlan launch;
  int kernel = -1;  // index into the program's kernel names
  // kGemm
  GemmArgs gemm;
  // kCopy
  size_t bytes = 0;
  // kWhile / kCase
  std::vector<std::unique_ptr<RegionCode>> regions;
  std::vector<size_t> sizes;
  // kHost
  std::unique_ptr<cpu::Kernel> host;
  std::vector<ValueId> reads;
  int64_t host_scratch = 0;
};

struct RegionCode {
  const Region* region = nullptr;
  std::vector<std::pair<ValueId, int64_t>> arena_values;
  std::vector<Step> steps;
};

// XLA's CPU runtime (whose kernels the host fallback runs) flushes denormals: the CPU
// executor's mode, per ISA.
using cpu::DenormalModeGuard;

void CollectReads(const Region& r, std::vector<ValueId>* out) {
  for (const auto& op : r.ops) {
    out->insert(out->end(), op->operands.begin(), op->operands.end());
    for (const auto& sub : op->regions) CollectReads(*sub, out);
  }
  out->insert(out->end(), r.results.begin(), r.results.end());
}

void CollectDefined(const Region& r, std::vector<ValueId>* out) {
  out->insert(out->end(), r.args.begin(), r.args.end());
  for (const auto& op : r.ops) {
    out->insert(out->end(), op->results.begin(), op->results.end());
    for (const auto& sub : op->regions) CollectDefined(*sub, out);
  }
}

int64_t GpuScratchBytes(const compiler::Module& m, const Op& op) {
  if (op.kind != OpKind::kWhile) return 0;
  int64_t total = 0;
  for (ValueId v : op.operands) total += 2 * compiler::AlignUp(m.type(v).byte_size());
  return total;
}

class GpuProgram {
 public:
  static StatusOr<std::unique_ptr<GpuProgram>> Build(std::unique_ptr<ExecutionPlan> plan,
                                                     std::shared_ptr<DeviceAllocator> alloc, int num_devices,
                                                     const std::string& lapack_library) {
    auto p = std::unique_ptr<GpuProgram>(new GpuProgram());
    p->cpu_config_.lapack_library = lapack_library;
    p->plan_ = std::move(plan);
    p->alloc_ = std::move(alloc);
    p->cpu_config_.num_devices = num_devices;
    p->trace_ = EnvFlag("JAXLIB_GPU_TRACE");
    p->cpu_builder_ = std::make_unique<cpu::KernelBuilder>(*p->plan_, p->cpu_config_);
    JAXLIB_ASSIGN_OR_RETURN(p->entry_, p->BuildRegion(*p->plan_->entry->body));
    if (!p->emitter_.empty()) p->source_ = p->emitter_.Source();
    // JAXLIB_GPU_DUMP_SOURCE=<dir>: every generated module, as the vendor compiler receives it.
    if (const char* dir = std::getenv("JAXLIB_GPU_DUMP_SOURCE"); dir && *dir && !p->source_.empty()) {
      char name[40];
      std::snprintf(name, sizeof(name), "/%016zx.cu", std::hash<std::string>()(p->source_));
      if (std::FILE* f = std::fopen((std::string(dir) + name).c_str(), "wb")) {
        std::fwrite(p->source_.data(), 1, p->source_.size(), f);
        std::fclose(f);
      }
    }
    p->modules_.resize(static_cast<size_t>(p->alloc_->vendor().device_count()));
    p->constants_.resize(p->modules_.size());
    return p;
  }

  const ExecutionPlan& plan() const { return *plan_; }

  Status Run(std::span<const DevicePtr> params, std::span<const DevicePtr> outputs, int device, int replica,
             int partition, int device_index, cpu::Collectives* collectives, const ffi::UserData* ffi_user_data,
             int64_t run_id, OpCounts* counts) {
    GpuVendor& v = alloc_->vendor();
    JAXLIB_RETURN_IF_ERROR(Prepare(device));
    const Region& body = *plan_->entry->body;
    RunScope scope;
    scope.alloc = alloc_.get();
    scope.device = device;
    Frame f;
    f.ptr = constants_[static_cast<size_t>(device)].ptrs;
    f.device = device;
    f.replica = replica;
    f.partition = partition;
    f.device_index = device_index;
    f.collectives = collectives;
    f.ffi_user_data = ffi_user_data;
    f.run_id = run_id;
    f.scope = &scope;
    f.counts = counts;
    for (size_t k = 0; k < params.size(); ++k) f.ptr[static_cast<size_t>(body.args[k])] = params[k];
    for (size_t k = 0; k < body.results.size(); ++k)
      if (const ValueId w = plan_->WrittenInPlace(k); w >= 0) f.ptr[static_cast<size_t>(w)] = outputs[k];
    JAXLIB_ASSIGN_OR_RETURN(DevicePtr arena, scope.Block(static_cast<size_t>(compiler::AlignUp(plan_->arena_bytes))));
    Status s = RunRegion(*entry_, f, arena);
    if (s.ok()) {
      for (size_t k = 0; k < body.results.size(); ++k) {
        ValueId r = body.results[k];
        if (plan_->WrittenInPlace(k) >= 0) continue;
        const size_t bytes = static_cast<size_t>(plan_->result_types[k].byte_size());
        if (bytes) s = v.CopyOnDevice(device, outputs[k], f.Get(r), bytes);
        if (!s.ok()) break;
      }
    }
    // Every queued step must finish before the scope's memory is reused.
    Status sync = v.Synchronize(device);
    return s.ok() ? sync : s;
  }

 private:
  GpuProgram() = default;

  struct DeviceConstants {
    bool ready = false;
    std::vector<DevicePtr> ptrs;                       // frame template: constants bound
    std::vector<std::pair<DevicePtr, size_t>> blocks;  // owned
  };

  // Loads the module and uploads the constants on `device`, once.
  Status Prepare(int device) {
    std::lock_guard<std::mutex> lock(mu_);
    GpuVendor& v = alloc_->vendor();
    auto& mod = modules_[static_cast<size_t>(device)];
    if (!source_.empty() && !mod.module) {
      JAXLIB_ASSIGN_OR_RETURN(mod.module, v.LoadModule(device, source_, "jaxlib_program"));
      for (const std::string& name : kernel_names_) {
        JAXLIB_ASSIGN_OR_RETURN(void* fn, mod.module->Function(name));
        mod.functions.push_back(fn);
      }
    }
    DeviceConstants& c = constants_[static_cast<size_t>(device)];
    if (c.ready) return Status::Ok();
    c.ptrs.assign(plan_->module->values.size(), 0);
    std::vector<const Region*> stack = {plan_->entry->body.get()};
    while (!stack.empty()) {
      const Region* r = stack.back();
      stack.pop_back();
      for (const auto& op : r->ops) {
        if (op->kind != OpKind::kFusion)
          for (const auto& sub : op->regions) stack.push_back(sub.get());
        if (op->kind != OpKind::kConstant) continue;
        if (plan_->storage(op->results[0]).kind != ValueStorage::Kind::kConstant) continue;
        const compiler::DenseData& d = *op->attr("value")->dense;
        std::vector<uint8_t> bytes = d.Expanded();
        if (bytes.empty()) continue;
        JAXLIB_ASSIGN_OR_RETURN(DevicePtr p, alloc_->Allocate(device, bytes.size()));
        c.blocks.emplace_back(p, bytes.size());
        JAXLIB_RETURN_IF_ERROR(v.CopyToDevice(device, p, bytes.data(), bytes.size()));
        JAXLIB_RETURN_IF_ERROR(v.Synchronize(device));  // `bytes` dies here
        c.ptrs[static_cast<size_t>(op->results[0])] = p;
      }
    }
    c.ready = true;
    return Status::Ok();
  }

  void Trace(const Op& op, const std::string& path) const {
    if (!trace_) return;
    std::fprintf(stderr, "jaxlib-gpu: %s: %s\n", compiler::OpDescription(op).c_str(), path.c_str());
  }

  StatusOr<std::unique_ptr<RegionCode>> BuildRegion(const Region& region) {
    auto code = std::make_unique<RegionCode>();
    code->region = &region;
    for (const auto& op : region.ops) {
      for (ValueId v : op->results) {
        const ValueStorage& s = plan_->storage(v);
        if (s.kind == ValueStorage::Kind::kArena) code->arena_values.emplace_back(v, s.offset);
      }
      Step step;
      step.op = op.get();
      if (auto sc = plan_->scratch.find(op.get()); sc != plan_->scratch.end()) {
        step.scratch_offset = sc->second.offset;
        step.region_offset = sc->second.region_offset;
      }
      Status s = BuildStep(*op, &step);
      if (!s.ok()) {
        if (s.message().find(" at ") == std::string::npos && op->loc.line > 0)
          return Status(s.code(), compiler::OpDescription(*op) + ": " + s.message());
        return s;
      }
      code->steps.push_back(std::move(step));
    }
    return code;
  }

  Status BuildStep(const Op& op, Step* step) {
    const compiler::Module& m = *plan_->module;
    const ValueStorage* rs = op.results.empty() ? nullptr : &plan_->storage(op.results[0]);
    switch (op.kind) {
      case OpKind::kConstant:
      case OpKind::kAfterAll:
      case OpKind::kCreateToken:
        step->kind = Step::Kind::kNoop;
        return Status::Ok();
      case OpKind::kReshape:
      case OpKind::kBitcastConvert:
        if (rs && rs->kind == ValueStorage::Kind::kAlias) {
          step->kind = Step::Kind::kAlias;
          return Status::Ok();
        }
        if (m.type(op.operands[0]).byte_size() == m.type(op.results[0]).byte_size()) {
          step->kind = Step::Kind::kCopy;
          step->bytes = static_cast<size_t>(m.type(op.results[0]).byte_size());
          Trace(op, "device copy");
          return Status::Ok();
        }
        break;
      case OpKind::kWhile:
      case OpKind::kCase:
      case OpKind::kIf: {
        for (ValueId v : op.results) {
          if (m.type(v).kind == compiler::Type::Kind::kTuple) return Unimplemented("control flow over tuples");
          step->sizes.push_back(static_cast<size_t>(m.type(v).byte_size()));
        }
        step->kind = op.kind == OpKind::kWhile ? Step::Kind::kWhile : Step::Kind::kCase;
        for (const auto& r : op.regions) {
          JAXLIB_ASSIGN_OR_RETURN(auto code, BuildRegion(*r));
          step->regions.push_back(std::move(code));
        }
        Trace(op, "control flow driven from the host");
        return Status::Ok();
      }
      default:
        break;
    }
    // Generated kernels and vendor GEMM first; the host runs the rest.
    std::string why;
    if (op.kind == OpKind::kDotGeneral || op.kind == OpKind::kDot) {
      int64_t b, rows, cols, depth;
      const ElementType t = m.type(op.results[0]).element;
      if (IsRowMajorGemm(m, op, &b, &rows, &cols, &depth) && alloc_->vendor().HasGemm(t) &&
          m.type(op.operands[0]).element == t && m.type(op.operands[1]).element == t && rows > 0 && cols > 0 &&
          depth > 0 && b > 0) {
        step->kind = Step::Kind::kGemm;
        step->gemm.type = t;
        step->gemm.batch = b;
        step->gemm.m = rows;
        step->gemm.n = cols;
        step->gemm.k = depth;
        Trace(op, "vendor GEMM");
        return Status::Ok();
      }
    }
    StatusOr<KernelLaunchPlan> launch = Unimplemented("no generated kernel");
    if (op.kind == OpKind::kFusion) {
      auto it = plan_->fused_loops.find(&op);
      if (it != plan_->fused_loops.end()) launch = emitter_.AddFusedLoop(m, op, *it->second);
      else launch = Unimplemented("a fusion with a reduction");
    } else {
      launch = emitter_.AddOp(m, op);
    }
    if (launch.ok()) {
      step->kind = Step::Kind::kKernel;
      step->launch = std::move(launch).value();
      step->kernel = static_cast<int>(kernel_names_.size());
      kernel_names_.push_back(step->launch.name);
      Trace(op, "generated kernel " + step->launch.name);
      return Status::Ok();
    }
    if (launch.status().code() != StatusCode::kUnimplemented) return launch.status();
    why = launch.status().message();
    // Host fallback: the CPU executor's kernel for this op, over host copies of what it reads.
    JAXLIB_ASSIGN_OR_RETURN(step->host, cpu_builder_->BuildKernel(op));
    step->kind = Step::Kind::kHost;
    std::vector<ValueId> reads = op.operands;
    for (const auto& sub : op.regions) CollectReads(*sub, &reads);
    std::vector<ValueId> inner;
    for (const auto& sub : op.regions) CollectDefined(*sub, &inner);
    std::sort(inner.begin(), inner.end());
    for (ValueId v : reads) {
      if (std::binary_search(inner.begin(), inner.end(), v)) continue;
      if (std::find(step->reads.begin(), step->reads.end(), v) == step->reads.end()) step->reads.push_back(v);
    }
    step->host_scratch = cpu::CpuScratchBytes(m, op);
    Trace(op, "host fallback (" + why + ")");
    return Status::Ok();
  }

  Status RunRegion(const RegionCode& code, Frame& f, DevicePtr arena) {
    for (const auto& [v, off] : code.arena_values) f.ptr[static_cast<size_t>(v)] = arena + static_cast<DevicePtr>(off);
    for (const Step& step : code.steps) {
      const DevicePtr scratch = step.scratch_offset >= 0 ? arena + static_cast<DevicePtr>(step.scratch_offset) : 0;
      Status s = RunStep(step, f, scratch);
      if (!s.ok()) return s;
    }
    return Status::Ok();
  }

  Status ReadScalar(Frame& f, DevicePtr src, void* dst, size_t bytes) {
    GpuVendor& v = alloc_->vendor();
    JAXLIB_RETURN_IF_ERROR(v.CopyToHost(f.device, dst, src, bytes));
    return v.Synchronize(f.device);
  }

  Status RunStep(const Step& step, Frame& f, DevicePtr scratch) {
    GpuVendor& v = alloc_->vendor();
    const Op& op = *step.op;
    switch (step.kind) {
      case Step::Kind::kNoop: return Status::Ok();
      case Step::Kind::kAlias:
        f.ptr[static_cast<size_t>(op.results[0])] = f.Get(op.operands[0]);
        return Status::Ok();
      case Step::Kind::kCopy:
        ++f.counts->vendor;  // a driver copy on the device's stream
        if (!step.bytes) return Status::Ok();
        return v.CopyOnDevice(f.device, f.Get(op.results[0]), f.Get(op.operands[0]), step.bytes);
      case Step::Kind::kKernel: {
        ++f.counts->generated;
        if (step.launch.work_items <= 0) return Status::Ok();
        struct {
          unsigned long long p[64];
          long long i[16];
        } params{};
        for (size_t k = 0; k < step.launch.args.size(); ++k) params.p[k] = f.Get(step.launch.args[k]);
        params.i[0] = step.launch.work_items;
        constexpr int64_t kThreads = 256;
        const int64_t blocks = std::min<int64_t>((step.launch.work_items + kThreads - 1) / kThreads, 4096);
        void* fn = modules_[static_cast<size_t>(f.device)].functions[static_cast<size_t>(step.kernel)];
        return v.Launch(f.device, fn, static_cast<unsigned>(blocks), kThreads, &params, sizeof(params));
      }
      case Step::Kind::kGemm: {
        ++f.counts->vendor;
        GemmArgs g = step.gemm;
        g.a = f.Get(op.operands[0]);
        g.b = f.Get(op.operands[1]);
        g.c = f.Get(op.results[0]);
        return v.Gemm(f.device, g);
      }
      case Step::Kind::kWhile: return RunWhile(step, f, scratch);
      case Step::Kind::kCase: return RunCase(step, f, scratch);
      case Step::Kind::kHost: return RunHost(step, f);
    }
    return Internal("unknown step");
  }

  Status RunWhile(const Step& step, Frame& f, DevicePtr scratch) {
    GpuVendor& v = alloc_->vendor();
    const Op& op = *step.op;
    const size_t n = step.sizes.size();
    std::vector<DevicePtr> carry(n), temp(n);
    DevicePtr p = scratch;
    for (size_t k = 0; k < n; ++k) {
      carry[k] = p;
      p += static_cast<DevicePtr>(compiler::AlignUp(static_cast<int64_t>(step.sizes[k])));
      temp[k] = p;
      p += static_cast<DevicePtr>(compiler::AlignUp(static_cast<int64_t>(step.sizes[k])));
      if (step.sizes[k]) JAXLIB_RETURN_IF_ERROR(v.CopyOnDevice(f.device, carry[k], f.Get(op.operands[k]), step.sizes[k]));
    }
    const RegionCode& cond = *step.regions[0];
    const RegionCode& body = *step.regions[1];
    const DevicePtr arena = scratch + static_cast<DevicePtr>(step.region_offset);
    std::vector<int> from_carry(n);
    for (;;) {
      for (size_t k = 0; k < n; ++k) {
        f.ptr[static_cast<size_t>(cond.region->args[k])] = carry[k];
        f.ptr[static_cast<size_t>(body.region->args[k])] = carry[k];
      }
      JAXLIB_RETURN_IF_ERROR(RunRegion(cond, f, arena));
      bool go = false;
      JAXLIB_RETURN_IF_ERROR(ReadScalar(f, f.Get(cond.region->results[0]), &go, 1));
      if (!go) break;
      JAXLIB_RETURN_IF_ERROR(RunRegion(body, f, arena));
      for (size_t k = 0; k < n; ++k) {
        DevicePtr src = f.Get(body.region->results[k]);
        from_carry[k] = -1;
        if (src == carry[k]) {
          from_carry[k] = static_cast<int>(k);
          continue;
        }
        for (size_t j = 0; j < n; ++j)
          if (src == carry[j]) from_carry[k] = static_cast<int>(j);
        if (from_carry[k] >= 0 && step.sizes[k]) JAXLIB_RETURN_IF_ERROR(v.CopyOnDevice(f.device, temp[k], src, step.sizes[k]));
      }
      for (size_t k = 0; k < n; ++k) {
        if (from_carry[k] == static_cast<int>(k) || !step.sizes[k]) continue;
        DevicePtr src = from_carry[k] >= 0 ? temp[k] : f.Get(body.region->results[k]);
        JAXLIB_RETURN_IF_ERROR(v.CopyOnDevice(f.device, carry[k], src, step.sizes[k]));
      }
    }
    for (size_t k = 0; k < n; ++k)
      if (step.sizes[k]) JAXLIB_RETURN_IF_ERROR(v.CopyOnDevice(f.device, f.Get(op.results[k]), carry[k], step.sizes[k]));
    return Status::Ok();
  }

  Status RunCase(const Step& step, Frame& f, DevicePtr scratch) {
    GpuVendor& v = alloc_->vendor();
    const Op& op = *step.op;
    const int64_t n = static_cast<int64_t>(step.regions.size());
    int64_t idx;
    if (op.kind == OpKind::kIf) {
      bool pred = false;
      JAXLIB_RETURN_IF_ERROR(ReadScalar(f, f.Get(op.operands[0]), &pred, 1));
      idx = pred ? 0 : 1;
    } else {
      int32_t i = 0;
      JAXLIB_RETURN_IF_ERROR(ReadScalar(f, f.Get(op.operands[0]), &i, 4));
      idx = i < 0 || i >= n ? n - 1 : i;  // out-of-range selects the last branch
    }
    const RegionCode& code = *step.regions[static_cast<size_t>(idx)];
    JAXLIB_RETURN_IF_ERROR(RunRegion(code, f, scratch ? scratch + static_cast<DevicePtr>(step.region_offset) : 0));
    for (size_t k = 0; k < step.sizes.size(); ++k) {
      DevicePtr src = f.Get(code.region->results[k]), dst = f.Get(op.results[k]);
      if (src != dst && step.sizes[k]) JAXLIB_RETURN_IF_ERROR(v.CopyOnDevice(f.device, dst, src, step.sizes[k]));
    }
    return Status::Ok();
  }

  // Copies what the op reads to the host, runs the CPU kernel, copies its results back. Values
  // that share device memory share one host copy, so in-place kernels behave as on the CPU.
  Status RunHost(const Step& step, Frame& f) {
    GpuVendor& v = alloc_->vendor();
    const compiler::Module& m = *plan_->module;
    const Op& op = *step.op;
    ++f.counts->host;
    std::unordered_map<DevicePtr, uint8_t*> host_of;
    std::vector<void*> ptrs(m.values.size(), nullptr);
    auto host_copy = [&](ValueId val, bool read) -> uint8_t* {
      const DevicePtr d = f.Get(val);
      const size_t bytes = static_cast<size_t>(m.type(val).byte_size());
      if (d != 0) {
        auto it = host_of.find(d);
        if (it != host_of.end()) return it->second;
      }
      uint8_t* h = f.scope->Host(bytes);
      if (read && d != 0 && bytes) {
        Status s = v.CopyToHost(f.device, h, d, bytes);
        if (!s.ok()) return nullptr;
      }
      if (d != 0) host_of[d] = h;
      return h;
    };
    for (ValueId val : step.reads) {
      uint8_t* h = host_copy(val, true);
      if (!h) return Internal("copying an operand of " + compiler::OpDescription(op) + " to the host failed");
      ptrs[static_cast<size_t>(val)] = h;
    }
    for (ValueId val : op.results) ptrs[static_cast<size_t>(val)] = host_copy(val, false);
    JAXLIB_RETURN_IF_ERROR(v.Synchronize(f.device));
    // The kernel may have been handed the same host copy for a read and a result (in place):
    // then the read was copied above already.
    cpu::Frame cf;
    cf.ptr = ptrs.data();
    cf.device_ordinal = f.device;
    cf.replica_id = f.replica;
    cf.partition_id = f.partition;
    cf.device_index = f.device_index;
    cf.collectives = f.collectives;
    cf.ffi_user_data = f.ffi_user_data;
    cf.run_id = f.run_id;
    std::vector<uint8_t> scratch(static_cast<size_t>(std::max<int64_t>(step.host_scratch, 0)) + 64);
    uint8_t* sp = scratch.data() + (64 - reinterpret_cast<uintptr_t>(scratch.data()) % 64) % 64;
    {
      DenormalModeGuard denormals;
      JAXLIB_RETURN_IF_ERROR(step.host->Run(cf, step.host_scratch > 0 ? sp : nullptr));
    }
    for (ValueId val : op.results) {
      const size_t bytes = static_cast<size_t>(m.type(val).byte_size());
      // A CPU kernel may point a result at another buffer instead of writing it (aliases).
      const void* src = cf.ptr[static_cast<size_t>(val)];
      if (bytes && f.Get(val) != 0) JAXLIB_RETURN_IF_ERROR(v.CopyToDevice(f.device, f.Get(val), src, bytes));
    }
    return Status::Ok();
  }

  struct DeviceModuleState {
    std::unique_ptr<DeviceModule> module;
    std::vector<void*> functions;
  };

  std::unique_ptr<ExecutionPlan> plan_;
  std::shared_ptr<DeviceAllocator> alloc_;
  cpu::CpuExecutorConfig cpu_config_;
  std::unique_ptr<cpu::KernelBuilder> cpu_builder_;
  ModuleEmitter emitter_;
  std::string source_;
  std::vector<std::string> kernel_names_;
  std::unique_ptr<RegionCode> entry_;
  bool trace_ = false;
  std::mutex mu_;
  std::vector<DeviceModuleState> modules_;
  std::vector<DeviceConstants> constants_;
};

plugin::ArrayShape ToArrayShape(const compiler::Type& t) {
  plugin::ArrayShape s;
  s.type = t.element;
  s.dims = t.dims;
  return s;
}

// JAXLIB_GPU_OP_COUNTS=<file>: one line per Execute, "generated=G vendor=V host=H", appended.
void ReportCounts(const OpCounts& c) {
  const char* path = std::getenv("JAXLIB_GPU_OP_COUNTS");
  if (!path || !*path) return;
  char line[128];
  const int n = std::snprintf(line, sizeof(line), "generated=%lld vendor=%lld host=%lld\n",
                              static_cast<long long>(c.generated), static_cast<long long>(c.vendor),
                              static_cast<long long>(c.host));
  const int fd = ::open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  if (fd < 0) return;
  if (::write(fd, line, static_cast<size_t>(n)) < 0) {
  }
  ::close(fd);
}

class GpuExecutable final : public plugin::Executable {
 public:
  GpuExecutable(std::string text, std::unique_ptr<GpuProgram> program, const plugin::CompileOptions& options,
                std::shared_ptr<DeviceAllocator> alloc)
      : text_(std::move(text)), program_(std::move(program)), options_(options), alloc_(std::move(alloc)) {
    const ExecutionPlan& plan = program_->plan();
    name_ = plan.module->name.empty() ? "main" : plan.module->name;
    for (const auto& t : plan.parameter_types) params_.push_back(ToArrayShape(t));
    for (const auto& t : plan.result_types) results_.push_back(ToArrayShape(t));
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%016zx", std::hash<std::string>()(text_));
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
    try {
      return ExecuteImpl(args, device_ordinals, options, outputs);
    } catch (const std::bad_alloc&) {
      return ResourceExhausted("out of host memory while executing " + name_);
    } catch (const std::exception& e) {
      return Internal(std::string("GPU executor failure: ") + e.what());
    } catch (...) {
      return Internal("GPU executor failure");
    }
  }

 private:
  Status ExecuteImpl(std::span<const std::vector<plugin::DeviceBuffer*>> args, std::span<const int> device_ordinals,
                     const plugin::ExecuteOptions& options, std::vector<std::vector<plugin::DeviceBufferPtr>>* outputs) {
    if (args.size() != device_ordinals.size()) return InvalidArgument("argument lists and device ordinals differ in number");
    const size_t n = args.size(), P = params_.size(), R = results_.size();
    outputs->clear();
    outputs->resize(n);
    std::vector<std::vector<DevicePtr>> in(n), out(n);
    for (size_t d = 0; d < n; ++d) {
      if (args[d].size() != P)
        return InvalidArgument(name_ + " takes " + std::to_string(P) + " arguments, got " + std::to_string(args[d].size()));
      for (size_t k = 0; k < P; ++k) {
        auto* b = dynamic_cast<GpuBuffer*>(args[d][k]);
        if (!b) return InvalidArgument("argument " + std::to_string(k) + " is not a buffer of this GPU backend");
        if (b->shape() != params_[k]) return InvalidArgument("argument " + std::to_string(k) + " has the wrong shape");
        if (b->device_ordinal() != device_ordinals[d])
          return InvalidArgument("argument " + std::to_string(k) + " lives on another device");
        in[d].push_back(b->ptr());
      }
      for (size_t k = 0; k < R; ++k) {
        JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<GpuBuffer> buf, AllocateBuffer(alloc_, device_ordinals[d], results_[k]));
        out[d].push_back(buf->ptr());
        (*outputs)[d].push_back(std::move(buf));
      }
    }
    const int parts = std::max(1, num_partitions());
    std::optional<cpu::Collectives> collectives;
    if (n > 1) collectives.emplace(static_cast<int>(n));
    std::vector<Status> status(n);
    std::vector<OpCounts> counts(n);
    static std::atomic<int64_t> next_run_id{1};
    const int64_t run_id = options.launch_id != 0 ? options.launch_id : next_run_id.fetch_add(1);
    auto run = [&](size_t d) {
      try {
        status[d] = program_->Run(in[d], out[d], device_ordinals[d], static_cast<int>(d) / parts,
                                  static_cast<int>(d) % parts, static_cast<int>(d), collectives ? &*collectives : nullptr,
                                  options.ffi_user_data, run_id, &counts[d]);
      } catch (const std::bad_alloc&) {
        status[d] = ResourceExhausted("out of host memory while executing " + name_);
      } catch (...) {
        status[d] = Internal("GPU executor failure");
      }
      if (!status[d].ok() && collectives) collectives->Abort();
    };
    if (n == 1) {
      run(0);
    } else {
      std::vector<std::thread> threads;
      for (size_t d = 1; d < n; ++d) threads.emplace_back(run, d);
      run(0);
      for (std::thread& t : threads) t.join();
    }
    OpCounts total;
    for (const OpCounts& c : counts) {
      total.generated += c.generated;
      total.vendor += c.vendor;
      total.host += c.host;
    }
    ReportCounts(total);
    for (const Status& st : status)
      if (!st.ok() && st.code() != StatusCode::kAborted) return st;
    for (const Status& st : status)
      if (!st.ok()) return st;
    return Status::Ok();
  }

  std::string text_;
  std::unique_ptr<GpuProgram> program_;
  plugin::CompileOptions options_;
  std::shared_ptr<DeviceAllocator> alloc_;
  std::string name_, fingerprint_;
  std::vector<plugin::ArrayShape> params_, results_;
};

StatusOr<std::unique_ptr<plugin::Executable>> CompileImpl(std::string_view text, const plugin::CompileOptions& options,
                                                          std::shared_ptr<DeviceAllocator> alloc, int num_devices,
                                                          const std::string& lapack_library) {
  compiler::PipelineOptions popts;
  popts.scratch_bytes = &GpuScratchBytes;
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<ExecutionPlan> plan, compiler::CompileToPlan(text, popts));
  compiler::Module& module = *plan->module;
  module.num_replicas = std::max({1, module.num_replicas, options.num_replicas});
  module.num_partitions = std::max({1, module.num_partitions, options.num_partitions});
  if (int64_t needed = int64_t{module.num_replicas} * module.num_partitions; needed > num_devices)
    return InvalidArgument("the program needs " + std::to_string(needed) + " devices but the client has " +
                           std::to_string(num_devices));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<GpuProgram> program, GpuProgram::Build(std::move(plan), alloc, num_devices, lapack_library));
  return std::unique_ptr<plugin::Executable>(new GpuExecutable(std::string(text), std::move(program), options, alloc));
}

}  // namespace

StatusOr<std::unique_ptr<plugin::Executable>> CompileForGpu(std::string_view program, const plugin::CompileOptions& options,
                                                            std::shared_ptr<DeviceAllocator> alloc, int num_devices,
                                                            const std::string& lapack_library) {
  try {
    StatusOr<std::unique_ptr<plugin::Executable>> exe =
        CompileImpl(program, options, std::move(alloc), num_devices, lapack_library);
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

}  // namespace jaxlib::gpu
