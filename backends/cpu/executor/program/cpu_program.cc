// Builds kernels for every op of the plan and runs the entry region. Also home of the fused
// elementwise kernel, the most common step of any program.
#include "backends/cpu/executor/program/cpu_program.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <unordered_set>

#include "backends/cpu/executor/elementwise/elementwise_program.h"
#include "backends/cpu/executor/memory/host_memory_pool.h"
#include "backends/cpu/executor/parallel/thread_pool.h"
#include "backends/cpu/executor/program/denormal_mode.h"
#include "backends/cpu/executor/program/step_trace.h"

namespace jaxlib::cpu {

using compiler::ExecutionPlan;
using compiler::Op;
using compiler::OpKind;
using compiler::Region;
using compiler::ValueId;
using compiler::ValueStorage;

namespace {

class FusionKernel final : public Kernel {
 public:
  // Below ~2 x 32K elements a loop stays on the calling thread: a hand-off costs microseconds.
  static constexpr int64_t kParallelElements = 32768;
  static constexpr int64_t kParallelAlign = 512;
  static constexpr int64_t kStreamOutputBytes = int64_t{8} << 20;

  FusionKernel(std::shared_ptr<EwProgram> program, std::vector<ValueId> inputs, std::vector<ValueId> outputs,
               std::vector<ValueId> strided_reads)
      : program_(std::move(program)), inputs_(std::move(inputs)), outputs_(std::move(outputs)),
        strided_reads_(std::move(strided_reads)) {}
  Status Run(Frame& f, uint8_t*) const override {
    RunRange(f, 0, program_->loop_size(), stream_);
    return Status::Ok();
  }
  int64_t ElementwiseLoopSize() const override { return program_->loop_size(); }
  // A strip-mined loop's tile stays in the caches for the next step: never streamed.
  void RunElements(Frame& f, int64_t begin, int64_t end) const override { RunRange(f, begin, end, false); }
  const std::vector<ValueId>* ReadValues() const override { return &inputs_; }
  const std::vector<ValueId>* NonElementwiseReads() const override { return &strided_reads_; }

 private:
  void RunRange(Frame& f, int64_t begin, int64_t end, bool stream) const {
    const void* in[64];
    void* out[64];
    std::vector<const void*> in_big;
    std::vector<void*> out_big;
    const void** ip = in;
    void** op = out;
    if (inputs_.size() > 64) {
      in_big.resize(inputs_.size());
      ip = in_big.data();
    }
    if (outputs_.size() > 64) {
      out_big.resize(outputs_.size());
      op = out_big.data();
    }
    for (size_t k = 0; k < inputs_.size(); ++k) ip[k] = f.Get(inputs_[k]);
    for (size_t k = 0; k < outputs_.size(); ++k) op[k] = f.Get(outputs_[k]);
    // Big loops are split over the pool at tile boundaries (tiles run the same either way).
    ParallelFor(
        end - begin, kParallelElements,
        [&](int64_t b, int64_t e) { program_->Run(ip, op, begin + b, begin + e, stream); }, kParallelAlign);
  }

  std::shared_ptr<EwProgram> program_;
  std::vector<ValueId> inputs_;
  std::vector<ValueId> outputs_;
  std::vector<ValueId> strided_reads_;  // inputs read at other elements than the output's
  // Outputs much larger than the caches go straight to memory (EwProgram::Run).
  bool stream_ = program_->output_bytes() >= kStreamOutputBytes;
};

// Sets the pointer of a value that shares its operand's bytes (reshape, bitcast).
// Element i of the result is element i of the operand, so a strip-mined loop's tile of one is
// the same tile of the other: elementwise for the loop (a reshape between two elementwise steps).
class AliasKernel final : public Kernel {
 public:
  AliasKernel(ValueId from, ValueId to, int64_t elements) : from_(from), to_(to), elements_(elements) {}
  Status Run(Frame& f, uint8_t*) const override {
    f.ptr[static_cast<size_t>(to_)] = f.Get(from_);
    return Status::Ok();
  }
  int64_t ElementwiseLoopSize() const override { return elements_; }
  void RunElements(Frame& f, int64_t, int64_t) const override { f.ptr[static_cast<size_t>(to_)] = f.Get(from_); }
  const std::vector<ValueId>* NonElementwiseReads() const override { return &no_reads_; }

 private:
  ValueId from_, to_;
  int64_t elements_;  // 0 when the two element counts differ (a bitcast between widths)
  std::vector<ValueId> no_reads_;
};

// An update planned in place (PipelineOptions::in_place_updates): its result shares the
// operand's bytes, bound here before the update kernel runs.
class InPlaceUpdateKernel final : public Kernel {
 public:
  InPlaceUpdateKernel(ValueId operand, ValueId result, std::unique_ptr<Kernel> update)
      : operand_(operand), result_(result), update_(std::move(update)) {}
  Status Run(Frame& f, uint8_t* scratch) const override {
    f.ptr[static_cast<size_t>(result_)] = f.Get(operand_);
    return update_->Run(f, scratch);
  }

 private:
  ValueId operand_, result_;
  std::unique_ptr<Kernel> update_;
};

class NoopKernel final : public Kernel {
 public:
  Status Run(Frame&, uint8_t*) const override { return Status::Ok(); }
};

}  // namespace

// kernels/fused_reduce.cc: fusions ending with a reduce (PipelineOptions::fuse_reductions).
StatusOr<std::unique_ptr<Kernel>> MakeFusedReduceKernel(KernelBuilder& b, const Op& op);
// kernels/scalar_loop.cc: fusions whose values are all scalars, or nullptr.
std::unique_ptr<Kernel> MakeScalarFusionKernel(const compiler::Module& m, const Op& op);

StatusOr<std::unique_ptr<Kernel>> MakeFusionKernel(KernelBuilder& b, const Op& op) {
  const Region& region = *op.regions[0];
  if (region.results.empty()) return std::unique_ptr<Kernel>(new NoopKernel());
  if (!region.ops.empty() && region.ops.back()->kind == OpKind::kReduce) return MakeFusedReduceKernel(b, op);
  if (std::unique_ptr<Kernel> scalar = MakeScalarFusionKernel(b.module(), op)) return scalar;
  // The plan holds the loop's device-neutral program; this is its CPU lowering.
  std::shared_ptr<const compiler::FusedLoopProgram> loop;
  if (auto it = b.plan().fused_loops.find(&op); it != b.plan().fused_loops.end()) {
    loop = it->second;
  } else {
    JAXLIB_ASSIGN_OR_RETURN(loop, compiler::BuildFusedLoopProgram(b.module(), region, b.type(region.results[0]).dims));
  }
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<EwProgram> program, EwProgram::Lower(b.module(), loop));
  std::vector<ValueId> inputs = op.operands;
  inputs.insert(inputs.end(), loop->outer_inputs.begin(), loop->outer_inputs.end());
  std::vector<ValueId> strided;
  // Broadcasts and slices read their sources at other elements than the output's (a slice read
  // in place as one run is kContiguous from an offset).
  for (const compiler::FusedLoopInput& in : loop->inputs) {
    const bool slice_run = in.mode == compiler::FusedLoopInput::Mode::kContiguous && in.source >= 0 &&
                           b.type(inputs[static_cast<size_t>(in.source)]).dims != loop->loop_dims;
    if (in.mode == compiler::FusedLoopInput::Mode::kStrided || slice_run)
      strided.push_back(inputs[static_cast<size_t>(in.source)]);
  }
  return std::unique_ptr<Kernel>(
      new FusionKernel(std::move(program), std::move(inputs), op.results, std::move(strided)));
}

StatusOr<std::unique_ptr<Kernel>> KernelBuilder::BuildKernel(const Op& op) {
  const ValueStorage* rs = op.results.empty() ? nullptr : &plan_.storage(op.results[0]);
  switch (op.kind) {
    case OpKind::kConstant: return std::unique_ptr<Kernel>(new NoopKernel());
    case OpKind::kFusion: return MakeFusionKernel(*this, op);
    case OpKind::kReshape:
    case OpKind::kBitcastConvert:
      if (rs && rs->kind == ValueStorage::Kind::kAlias)
        return std::unique_ptr<Kernel>(new AliasKernel(
            op.operands[0], op.results[0],
            type(op.operands[0]).element_count() == type(op.results[0]).element_count() ? type(op.results[0]).element_count() : 0));
      return MakeDataMovementKernel(*this, op);
    case OpKind::kBroadcastInDim:
    case OpKind::kBroadcast:
    case OpKind::kTranspose:
    case OpKind::kSlice:
    case OpKind::kConcatenate:
    case OpKind::kPad:
    case OpKind::kReverse:
    case OpKind::kIota:
    case OpKind::kDynamicSlice:
      return MakeDataMovementKernel(*this, op);
    case OpKind::kDynamicUpdateSlice:
    case OpKind::kScatter: {
      auto k = op.kind == OpKind::kScatter ? MakeIndexingKernel(*this, op) : MakeDataMovementKernel(*this, op);
      if (!k.ok() || !rs || rs->kind != ValueStorage::Kind::kAlias) return k;
      return std::unique_ptr<Kernel>(new InPlaceUpdateKernel(op.operands[0], op.results[0], std::move(k).value()));
    }
    case OpKind::kReduce: return MakeReduceKernel(*this, op);
    case OpKind::kDotGeneral:
    case OpKind::kDot: return MakeDotKernel(*this, op);
    case OpKind::kWhile:
    case OpKind::kCase:
    case OpKind::kIf: return MakeControlFlowKernel(*this, op);
    case OpKind::kGather: return MakeIndexingKernel(*this, op);
    case OpKind::kSort:
    case OpKind::kTopK: return MakeSortKernel(*this, op);
    case OpKind::kReduceWindow:
    case OpKind::kSelectAndScatter: return MakeWindowKernel(*this, op);
    case OpKind::kConvolution: return MakeConvolutionKernel(*this, op);
    case OpKind::kAllReduce:
    case OpKind::kAllGather:
    case OpKind::kReduceScatter:
    case OpKind::kAllToAll:
    case OpKind::kCollectivePermute:
    case OpKind::kCollectiveBroadcast: return MakeCollectiveKernel(*this, op);
    case OpKind::kCholesky:
    case OpKind::kTriangularSolve: return MakeLinalgKernel(*this, op);
    default: return MakeMiscKernel(*this, op);
  }
}

bool RegionReads(const Region& r, ValueId v) {
  for (ValueId x : r.results)
    if (x == v) return true;
  for (const auto& op : r.ops) {
    for (ValueId x : op->operands)
      if (x == v) return true;
    for (const auto& sub : op->regions)
      if (RegionReads(*sub, v)) return true;
  }
  return false;
}

const compiler::DenseData* ConstantData(const compiler::Module& m, ValueId v) {
  const Op* def = m.values[static_cast<size_t>(v)].def;
  const compiler::Attribute* a = def && def->kind == OpKind::kConstant ? def->attr("value") : nullptr;
  return a ? a->dense.get() : nullptr;
}

namespace {

}  // namespace

namespace {

// Values read anywhere inside `r` (its ops' operands and results, nested regions included).
void CollectReads(const Region& r, std::unordered_set<ValueId>* reads) {
  for (ValueId v : r.results) reads->insert(v);
  for (const auto& op : r.ops) {
    for (ValueId v : op->operands) reads->insert(v);
    for (const auto& sub : op->regions) CollectReads(*sub, reads);
  }
}

// Removes the steps of ops without effects (MayHaveEffects) and whose results no later step
// reads, as the kernels report their reads (an argmax that knows its indices are an iota never
// reads them): walked backwards from the region's results.
void DropUnreadSteps(const Region& region, RegionCode* code) {
  std::unordered_set<ValueId> live(region.results.begin(), region.results.end());
  std::vector<bool> keep(code->steps.size(), true);
  for (size_t i = code->steps.size(); i-- > 0;) {
    const RegionStep& step = code->steps[i];
    bool used = MayHaveEffects(step.op->kind);
    for (ValueId v : step.op->results) used = used || live.count(v) > 0;
    if (!used) {
      keep[i] = false;
      continue;
    }
    const std::vector<ValueId>* reads = step.kernel->ReadValues();
    for (ValueId v : reads ? *reads : step.op->operands) live.insert(v);
    for (const auto& sub : step.op->regions) CollectReads(*sub, &live);
  }
  size_t n = 0;
  for (size_t i = 0; i < code->steps.size(); ++i)
    if (keep[i]) code->steps[n++] = std::move(code->steps[i]);
  code->steps.resize(n);
}

}  // namespace

bool KernelBuilder::IsRead(ValueId v) const { return building_ == nullptr || RegionReads(*building_, v); }

StatusOr<std::unique_ptr<RegionCode>> KernelBuilder::BuildRegion(const Region& region) {
  struct Restore {
    const Region*& slot;
    const Region* saved;
    ~Restore() { slot = saved; }
  } restore{building_, building_};
  building_ = &region;
  auto code = std::make_unique<RegionCode>();
  code->region = &region;
  auto it = plan_.region_arena_bytes.find(&region);
  code->arena_bytes = it == plan_.region_arena_bytes.end() ? 0 : it->second;
  for (const auto& op : region.ops) {
    for (ValueId v : op->results) {
      const ValueStorage& s = plan_.storage(v);
      if (s.kind == ValueStorage::Kind::kArena) code->arena_values.emplace_back(v, s.offset);
    }
    RegionStep step;
    step.op = op.get();
    auto sc = plan_.scratch.find(op.get());
    if (sc != plan_.scratch.end()) step.scratch_offset = sc->second.offset;
    auto kernel = BuildKernel(*op);
    if (!kernel.ok()) {
      const Status& st = kernel.status();
      // Prefix the op's location unless the message already names it.
      if (st.message().find(" at ") == std::string::npos && op->loc.line > 0)
        return Status(st.code(), compiler::OpDescription(*op) + ": " + st.message());
      return st;
    }
    step.kernel = std::move(kernel).value();
    code->steps.push_back(std::move(step));
  }
  DropUnreadSteps(region, code.get());
  return code;
}

namespace {

// RunRegion with every step timed (JAXLIB_CPU_STEP_TRACE); `depth` counts the regions entered.
Status RunRegionTimed(const RegionCode& code, Frame& frame, uint8_t* arena) {
  static thread_local int depth = 0;
  ++depth;
  Status s = Status::Ok();
  for (const RegionStep& step : code.steps) {
    const auto start = std::chrono::steady_clock::now();
    s = step.kernel->Run(frame, step.scratch_offset >= 0 ? arena + step.scratch_offset : nullptr);
    const auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start);
    RecordStepTime(step, depth - 1, nanos.count());
    if (!s.ok()) break;
  }
  --depth;
  return s;
}

}  // namespace

Status RunRegion(const RegionCode& code, Frame& frame, uint8_t* arena) {
  for (const auto& [v, off] : code.arena_values) frame.ptr[static_cast<size_t>(v)] = arena + off;
  if (StepTraceEnabled()) return RunRegionTimed(code, frame, arena);
  for (const RegionStep& step : code.steps) {
    Status s = step.kernel->Run(frame, step.scratch_offset >= 0 ? arena + step.scratch_offset : nullptr);
    if (!s.ok()) return s;
  }
  return Status::Ok();
}

StatusOr<std::unique_ptr<CpuProgram>> CpuProgram::Build(std::unique_ptr<ExecutionPlan> plan,
                                                        const CpuExecutorConfig& config) {
  auto p = std::unique_ptr<CpuProgram>(new CpuProgram());
  p->plan_ = std::move(plan);
  const compiler::Module& m = *p->plan_->module;
  p->initial_ptrs_.assign(m.values.size(), nullptr);
  // Constants point at their data; splats are expanded once here.
  std::vector<const Region*> stack = {p->plan_->entry->body.get()};
  while (!stack.empty()) {
    const Region* r = stack.back();
    stack.pop_back();
    for (const auto& op : r->ops) {
      // Fused loops read their (splat) constants from the attribute: never expand those.
      if (op->kind != OpKind::kFusion)
        for (const auto& sub : op->regions) stack.push_back(sub.get());
      if (op->kind != OpKind::kConstant) continue;
      const compiler::Attribute* a = op->attr("value");
      const compiler::DenseData& d = *a->dense;
      if (d.splat && d.type.element_count() != 1) {
        p->constant_storage_.push_back(d.Expanded());
        p->initial_ptrs_[static_cast<size_t>(op->results[0])] = p->constant_storage_.back().data();
      } else {
        p->initial_ptrs_[static_cast<size_t>(op->results[0])] = const_cast<uint8_t*>(d.bytes.data());
      }
    }
  }
  // Operands of concatenates computed in place inside an entry result (in_place_concatenate).
  for (size_t v = 0; v < p->plan_->values.size(); ++v) {
    const ValueStorage& s = p->plan_->values[v];
    if (s.kind == ValueStorage::Kind::kOutput && p->plan_->WrittenInPlace(static_cast<size_t>(s.index)) != static_cast<ValueId>(v))
      p->output_slabs_.push_back({static_cast<ValueId>(v), s.index, s.offset});
  }
  KernelBuilder builder(*p->plan_, config);
  JAXLIB_ASSIGN_OR_RETURN(p->entry_, builder.BuildRegion(*p->plan_->entry->body));
  return p;
}

Status CpuProgram::Run(std::span<const void* const> params, std::span<void* const> outputs,
                       int device_ordinal, int replica, int partition, int device_index,
                       Collectives* collectives, const ffi::UserData* ffi_user_data, int64_t run_id) const {
  const ExecutionPlan& plan = *plan_;
  const Region& body = *plan.entry->body;
  if (params.size() != body.args.size()) return InvalidArgument("wrong number of arguments");
  if (outputs.size() != body.results.size()) return InvalidArgument("wrong number of outputs");
  DenormalModeGuard denormals;
  // The value table: on the stack for the common small program, no allocation per execute.
  constexpr size_t kStackValues = 256;
  void* stack_ptrs[kStackValues];
  std::vector<void*> heap_ptrs;
  void** ptrs = stack_ptrs;
  if (initial_ptrs_.size() > kStackValues) {
    heap_ptrs = initial_ptrs_;
    ptrs = heap_ptrs.data();
  } else {
    std::copy(initial_ptrs_.begin(), initial_ptrs_.end(), stack_ptrs);
  }
  for (size_t k = 0; k < params.size(); ++k) ptrs[static_cast<size_t>(body.args[k])] = const_cast<void*>(params[k]);
  for (size_t k = 0; k < body.results.size(); ++k)
    if (const ValueId v = plan.WrittenInPlace(k); v >= 0) ptrs[static_cast<size_t>(v)] = outputs[k];
  for (const OutputSlab& o : output_slabs_)
    ptrs[static_cast<size_t>(o.value)] = static_cast<uint8_t*>(outputs[static_cast<size_t>(o.output)]) + o.offset;
  uint8_t* arena = nullptr;
  if (entry_->arena_bytes > 0) {
    size_t bytes = static_cast<size_t>(compiler::AlignUp(entry_->arena_bytes));
    arena = static_cast<uint8_t*>(AllocateHostMemory(bytes));
    if (!arena) return ResourceExhausted("cannot allocate " + std::to_string(bytes) + " bytes of temporary memory");
  }
  Frame frame;
  frame.ptr = ptrs;
  frame.device_ordinal = device_ordinal;
  frame.replica_id = replica;
  frame.partition_id = partition;
  frame.device_index = device_index;
  frame.collectives = collectives;
  frame.ffi_user_data = ffi_user_data;
  frame.run_id = run_id;
  Status s = RunRegion(*entry_, frame, arena);
  if (s.ok()) {
    for (size_t k = 0; k < body.results.size(); ++k) {
      ValueId v = body.results[k];
      if (plan.WrittenInPlace(k) >= 0) continue;
      size_t bytes = static_cast<size_t>(plan.result_types[k].byte_size());
      if (bytes) std::memcpy(outputs[k], frame.Get(v), bytes);
    }
  }
  if (arena) FreeHostMemory(arena, static_cast<size_t>(compiler::AlignUp(entry_->arena_bytes)));
  return s;
}

}  // namespace jaxlib::cpu
