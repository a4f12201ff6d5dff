// PJRT_LoadedExecutable ownership, metadata and execution. Output arrays returned by
// PJRT_Executable_* calls belong to the temporary PJRT_Executable, so they are copied first.
#include "runtime/pjrt_host/executable.h"

#include <algorithm>

#include "runtime/pjrt_abi/pjrt_ffi_extension.h"
#include "runtime/support/inline_array.h"

namespace jaxlib::host {
namespace {

std::atomic<int> next_launch_id{1};

// A PJRT_ExecuteContext holding FFI user data, destroyed with this object.
class ExecuteContextWithUserData {
 public:
  explicit ExecuteContextWithUserData(const PluginApi& api) : api_(api) {}
  ~ExecuteContextWithUserData() {
    if (context_ == nullptr) return;
    auto args = JAXLIB_PJRT_ARGS(PJRT_ExecuteContext_Destroy);
    args.context = context_;
    (void)JAXLIB_PJRT_CALL(api_, PJRT_ExecuteContext_Destroy, &args);
  }

  Status Create(const std::vector<std::pair<int64_t, void*>>& user_data) {
    const PJRT_FFI_Extension* ffi = nullptr;
    for (const PJRT_Extension_Base* ext = api_.raw()->extension_start; ext != nullptr; ext = ext->next) {
      if (ext->type == PJRT_Extension_Type_FFI && ext->struct_size >= PJRT_FFI_Extension_STRUCT_SIZE) {
        ffi = reinterpret_cast<const PJRT_FFI_Extension*>(ext);
        break;
      }
    }
    if (ffi == nullptr || ffi->user_data_add == nullptr)
      return Unimplemented("execute(): the plugin " + api_.path() + " has no PJRT FFI extension to take FFI user data");
    auto create = JAXLIB_PJRT_ARGS(PJRT_ExecuteContext_Create);
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api_, PJRT_ExecuteContext_Create, &create));
    context_ = create.context;
    for (const auto& [type_id, data] : user_data) {
      PJRT_FFI_UserData_Add_Args add;
      std::memset(&add, 0, sizeof(add));
      add.struct_size = PJRT_FFI_UserData_Add_Args_STRUCT_SIZE;
      add.context = context_;
      add.user_data.type_id = type_id;
      add.user_data.data = data;
      JAXLIB_RETURN_IF_ERROR(api_.ConsumeError(ffi->user_data_add(&add)));
    }
    return Status::Ok();
  }
  PJRT_ExecuteContext* get() const { return context_; }

 private:
  const PluginApi& api_;
  PJRT_ExecuteContext* context_ = nullptr;
};

}  // namespace

LoadedExecutable::LoadedExecutable(std::shared_ptr<Client> client, PJRT_LoadedExecutable* raw)
    : client_(std::move(client)), raw_(raw) {
  client_->Register(this);
}

LoadedExecutable::~LoadedExecutable() {
  if (released_.load()) return;
  std::unique_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  ReleaseLocked();
}

void LoadedExecutable::ReleaseLocked() {
  if (released_.exchange(true)) return;
  client_->Unregister(this);
  if (raw_ != nullptr) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_LoadedExecutable_Destroy);
    args.executable = raw_;
    (void)JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_LoadedExecutable_Destroy, &args);
    raw_ = nullptr;
  }
}

bool LoadedExecutable::is_deleted() const { return released_.load(); }

Status LoadedExecutable::Delete() {
  std::unique_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  ReleaseLocked();
  return Status::Ok();
}

StatusOr<std::shared_ptr<PJRT_Executable>> LoadedExecutable::GetExecutableLocked() const {
  JAXLIB_RETURN_IF_ERROR(client_->CheckOpen());
  if (raw_ == nullptr) return FailedPrecondition("the executable has been deleted");
  auto args = JAXLIB_PJRT_ARGS(PJRT_LoadedExecutable_GetExecutable);
  args.loaded_executable = raw_;
  std::shared_ptr<PluginApi> plugin = client_->plugin();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin, PJRT_LoadedExecutable_GetExecutable, &args));
  return std::shared_ptr<PJRT_Executable>(args.executable, [plugin](PJRT_Executable* e) {
    auto d = JAXLIB_PJRT_ARGS(PJRT_Executable_Destroy);
    d.executable = e;
    (void)JAXLIB_PJRT_CALL(*plugin, PJRT_Executable_Destroy, &d);
  });
}

Status LoadedExecutable::LoadMetadata() {
  const PluginApi& api = *client_->plugin();
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Executable> exec, GetExecutableLocked());
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_Name);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_Name, &a).ok()) name_ = CopyString(a.executable_name, a.executable_name_size);
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_NumOutputs);
    a.executable = exec.get();
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Executable_NumOutputs, &a));
    num_outputs_ = a.num_outputs;
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_OutputElementTypes);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_OutputElementTypes, &a).ok() && a.output_types != nullptr) {
      for (size_t i = 0; i < a.num_output_types; ++i) output_types_.push_back(static_cast<int>(a.output_types[i]));
    }
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_OutputDimensions);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_OutputDimensions, &a).ok() && a.dim_sizes != nullptr) {
      const int64_t* cursor = a.dims;
      for (size_t i = 0; i < a.num_outputs; ++i) {
        std::vector<int64_t> dims(cursor, cursor + a.dim_sizes[i]);
        cursor += a.dim_sizes[i];
        output_dims_.push_back(std::move(dims));
      }
    }
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_NumReplicas);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_NumReplicas, &a).ok()) num_replicas_ = static_cast<int64_t>(a.num_replicas);
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_NumPartitions);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_NumPartitions, &a).ok()) {
      num_partitions_ = static_cast<int64_t>(a.num_partitions);
    }
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_Fingerprint);
    a.executable = exec.get();
    if (JAXLIB_PJRT_CALL(api, PJRT_Executable_Fingerprint, &a).ok() && a.executable_fingerprint != nullptr) {
      fingerprint_ = CopyString(a.executable_fingerprint, a.executable_fingerprint_size);
    }
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_LoadedExecutable_AddressableDevices);
    a.executable = raw_;
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_LoadedExecutable_AddressableDevices, &a));
    for (size_t i = 0; i < a.num_addressable_devices; ++i) {
      if (Device* d = client_->FindDevice(a.addressable_devices[i])) devices_.push_back(d);
    }
  }
  return Status::Ok();
}

StatusOr<ExecuteResult> LoadedExecutable::Execute(const std::vector<std::vector<Buffer*>>& argument_lists,
                                                  Device* execute_device, bool want_completion_events,
                                                  const std::vector<std::pair<int64_t, void*>>& ffi_user_data) {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_RETURN_IF_ERROR(client_->CheckOpen());
  if (raw_ == nullptr) return FailedPrecondition("execute(): the executable has been deleted");
  const size_t num_devices = argument_lists.size();
  if (num_devices == 0) return InvalidArgument("execute(): no argument lists (one per device is needed)");
  const size_t num_args = argument_lists[0].size();
  // Flat tables: raw_args[d * num_args + i], raw_outputs[d * num_outputs_ + o].
  InlineArray<PJRT_Buffer*, 16> raw_args(num_devices * num_args);
  for (size_t d = 0; d < num_devices; ++d) {
    if (argument_lists[d].size() != num_args) {
      return InvalidArgument("execute(): device " + std::to_string(d) + " has " +
                             std::to_string(argument_lists[d].size()) + " arguments, device 0 has " +
                             std::to_string(num_args));
    }
    for (size_t i = 0; i < num_args; ++i) {
      Buffer* b = argument_lists[d][i];
      if (b == nullptr) return InvalidArgument("execute(): argument " + std::to_string(i) + " is None");
      if (b->client().get() != client_.get()) {
        return InvalidArgument("execute(): argument " + std::to_string(i) + " belongs to another client");
      }
      StatusOr<PJRT_Buffer*> raw = b->RawLocked("execute()");
      if (!raw.ok()) return b->RawLocked(("execute() argument " + std::to_string(i)).c_str()).status();  // the precise message
      raw_args[d * num_args + i] = *raw;
    }
  }
  InlineArray<PJRT_Buffer*, 16> raw_outputs(num_devices * num_outputs_, nullptr);
  InlineArray<PJRT_Buffer* const*, 4> arg_ptrs(num_devices);
  InlineArray<PJRT_Buffer**, 4> out_ptrs(num_devices);
  for (size_t d = 0; d < num_devices; ++d) {
    arg_ptrs[d] = raw_args.data() + d * num_args;
    out_ptrs[d] = raw_outputs.data() + d * num_outputs_;
  }
  // Completion events are always asked for: when an execution has already completed by the
  // time Execute returns (synchronous plugins), its outputs are marked ready, and waiting on
  // them later costs no plugin call.
  InlineArray<PJRT_Event*, 4> events(num_devices, nullptr);

  // options must be non-NULL (a NULL options pointer crashes XLA's plugins).
  auto options = ZeroedArgs<PJRT_ExecuteOptions>(PJRT_ExecuteOptions_STRUCT_SIZE);
  options.launch_id = next_launch_id.fetch_add(1);
  ExecuteContextWithUserData context(*client_->plugin());
  if (!ffi_user_data.empty()) {
    JAXLIB_RETURN_IF_ERROR(context.Create(ffi_user_data));
    options.context = context.get();
  }
  auto args = JAXLIB_PJRT_ARGS(PJRT_LoadedExecutable_Execute);
  args.executable = raw_;
  args.options = &options;
  args.argument_lists = arg_ptrs.data();
  args.num_devices = num_devices;
  args.num_args = num_args;
  args.output_lists = out_ptrs.data();
  args.device_complete_events = events.data();
  args.execute_device = execute_device != nullptr ? execute_device->raw() : nullptr;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_LoadedExecutable_Execute, &args));

  ExecuteResult result;
  Status failure;
  for (size_t d = 0; d < num_devices; ++d) {
    std::shared_ptr<Event> done = events[d] != nullptr ? std::make_shared<Event>(client_->plugin(), events[d]) : nullptr;
    bool completed = false;
    if (done != nullptr && !want_completion_events) {
      StatusOr<bool> ready = done->IsReady();
      completed = ready.ok() && *ready && done->Await().ok();  // ready: Await only reads the error
    }
    std::vector<std::shared_ptr<Buffer>> outs;
    outs.reserve(num_outputs_);
    for (size_t o = 0; o < num_outputs_; ++o) {
      PJRT_Buffer* raw = raw_outputs[d * num_outputs_ + o];
      if (raw == nullptr || !failure.ok()) {
        if (raw != nullptr) {
          auto del = JAXLIB_PJRT_ARGS(PJRT_Buffer_Destroy);
          del.buffer = raw;
          (void)JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_Destroy, &del);
        } else if (failure.ok()) {
          failure = Internal("execute(): the plugin returned no buffer for output " + std::to_string(o));
        }
        continue;
      }
      const bool known = output_types_.size() == num_outputs_ && output_dims_.size() == num_outputs_;
      auto wrapped = known ? client_->WrapBuffer(raw, &output_types_[o], &output_dims_[o]) : client_->WrapBuffer(raw);
      if (!wrapped.ok()) {
        failure = wrapped.status();
        continue;
      }
      if (completed) (*wrapped)->MarkKnownReady();
      outs.push_back(std::move(wrapped).value());
    }
    result.outputs.push_back(std::move(outs));
    if (done != nullptr && want_completion_events) result.completion_events.push_back(std::move(done));
  }
  if (!failure.ok()) {
    // Drop the wrapped outputs here without re-taking the lifetime lock we already hold.
    for (auto& outs : result.outputs) {
      for (auto& b : outs) b->ReleaseLocked();
    }
    return failure;
  }
  return result;
}

StatusOr<std::pair<std::string, std::string>> LoadedExecutable::OptimizedProgram() const {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Executable> exec, GetExecutableLocked());
  const PluginApi& api = *client_->plugin();
  auto program = ZeroedArgs<PJRT_Program>(PJRT_Program_STRUCT_SIZE);
  auto args = JAXLIB_PJRT_ARGS(PJRT_Executable_OptimizedProgram);
  args.executable = exec.get();
  args.program = &program;
  // First call: code NULL, the plugin reports code_size. Second call: fills our buffer.
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Executable_OptimizedProgram, &args));
  std::string code(program.code_size, '\0');
  program.code = code.data();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Executable_OptimizedProgram, &args));
  std::string format = CopyString(program.format, program.format_size);
  return std::make_pair(std::move(format), std::move(code));
}

StatusOr<std::string> LoadedExecutable::Serialize() const {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Executable> exec, GetExecutableLocked());
  auto args = JAXLIB_PJRT_ARGS(PJRT_Executable_Serialize);
  args.executable = exec.get();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Executable_Serialize, &args));
  std::string bytes(args.serialized_bytes != nullptr ? args.serialized_bytes : "", args.serialized_bytes_size);
  if (args.serialized_executable_deleter != nullptr) args.serialized_executable_deleter(args.serialized_executable);
  return bytes;
}

StatusOr<std::vector<std::string>> LoadedExecutable::OutputMemoryKinds() const {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Executable> exec, GetExecutableLocked());
  auto args = JAXLIB_PJRT_ARGS(PJRT_Executable_OutputMemoryKinds);
  args.executable = exec.get();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Executable_OutputMemoryKinds, &args));
  std::vector<std::string> kinds;
  for (size_t i = 0; i < args.num_outputs; ++i) kinds.push_back(CopyString(args.memory_kinds[i], args.memory_kind_sizes[i]));
  return kinds;
}

StatusOr<CompiledMemoryStats> LoadedExecutable::GetCompiledMemoryStats() const {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Executable> exec, GetExecutableLocked());
  auto a = JAXLIB_PJRT_ARGS(PJRT_Executable_GetCompiledMemoryStats);
  a.executable = exec.get();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Executable_GetCompiledMemoryStats, &a));
  CompiledMemoryStats s;
  s.generated_code_size_in_bytes = a.generated_code_size_in_bytes;
  s.argument_size_in_bytes = a.argument_size_in_bytes;
  s.output_size_in_bytes = a.output_size_in_bytes;
  s.alias_size_in_bytes = a.alias_size_in_bytes;
  s.temp_size_in_bytes = a.temp_size_in_bytes;
  s.host_generated_code_size_in_bytes = a.host_generated_code_size_in_bytes;
  s.host_argument_size_in_bytes = a.host_argument_size_in_bytes;
  s.host_output_size_in_bytes = a.host_output_size_in_bytes;
  s.host_alias_size_in_bytes = a.host_alias_size_in_bytes;
  s.host_temp_size_in_bytes = a.host_temp_size_in_bytes;
  s.peak_memory_in_bytes = a.peak_memory_in_bytes;
  return s;
}

}  // namespace jaxlib::host
