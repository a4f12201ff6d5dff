// PJRT_Client lifetime, device/memory discovery, host-to-device transfers and compilation.
// Descriptive device and memory queries that fail are tolerated (empty strings); the calls a
// client cannot work without (devices, platform name) are errors.
#include "runtime/pjrt_host/client.h"

#include <cstring>

#include <chrono>
#include <deque>
#include <thread>

#include "runtime/pjrt_host/buffer.h"
#include "runtime/pjrt_host/event.h"
#include "runtime/pjrt_host/executable.h"

namespace jaxlib::host {

namespace {

thread_local int t_plugin_callback_depth = 0;

// One background thread, started on first use, that drops what plugin callbacks could not.
class DeferredReleaser {
 public:
  static DeferredReleaser& Get() {
    static auto* releaser = new DeferredReleaser();  // leaked: may run past static destruction
    return *releaser;
  }
  void Push(std::shared_ptr<void> object) {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(std::move(object));
    if (!started_) {
      started_ = true;
      std::thread([this] { Run(); }).detach();
    }
    cv_.notify_one();
  }

 private:
  void Run() {
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [this] { return !queue_.empty(); });
      std::shared_ptr<void> object = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      object.reset();
      lock.lock();
    }
  }
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<void>> queue_;
  bool started_ = false;
};

}  // namespace

bool InPluginCallback() { return t_plugin_callback_depth > 0; }

void ReleaseOutsidePluginCallbacks(std::shared_ptr<void> object) {
  if (!object) return;
  if (InPluginCallback()) {
    DeferredReleaser::Get().Push(std::move(object));
  } else {
    object.reset();
  }
}

StatusOr<std::map<std::string, int64_t>> Device::MemoryStats() const {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_RETURN_IF_ERROR(client_->CheckOpen());
  auto args = JAXLIB_PJRT_ARGS(PJRT_Device_MemoryStats);
  args.device = device_;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Device_MemoryStats, &args));
  std::map<std::string, int64_t> stats;
  stats["bytes_in_use"] = args.bytes_in_use;
  auto put = [&](const char* key, int64_t value, bool is_set) {
    if (is_set) stats[key] = value;
  };
  put("peak_bytes_in_use", args.peak_bytes_in_use, args.peak_bytes_in_use_is_set);
  put("num_allocs", args.num_allocs, args.num_allocs_is_set);
  put("largest_alloc_size", args.largest_alloc_size, args.largest_alloc_size_is_set);
  put("bytes_limit", args.bytes_limit, args.bytes_limit_is_set);
  put("bytes_reserved", args.bytes_reserved, args.bytes_reserved_is_set);
  put("peak_bytes_reserved", args.peak_bytes_reserved, args.peak_bytes_reserved_is_set);
  put("bytes_reservable_limit", args.bytes_reservable_limit, args.bytes_reservable_limit_is_set);
  put("largest_free_block_bytes", args.largest_free_block_bytes, args.largest_free_block_bytes_is_set);
  put("pool_bytes", args.pool_bytes, args.pool_bytes_is_set);
  put("peak_pool_bytes", args.peak_pool_bytes, args.peak_pool_bytes_is_set);
  return stats;
}

Client::Client(std::shared_ptr<PluginApi> plugin, PJRT_Client* client)
    : plugin_(std::move(plugin)), client_(client) {}

Client::~Client() {
  std::unique_lock<std::shared_mutex> lock(lifetime_mu_);
  DestroyLocked();
}

namespace {

// PJRT_Client_Create's key-value callbacks over a KeyValueStore (the user_arg). Errors go
// back through the plugin's callback_error, as the C API asks.
PJRT_Error* ReportKvError(PJRT_CallbackError* make_error, const Status& status) {
  if (make_error == nullptr || *make_error == nullptr) return nullptr;
  const std::string& message = status.message();
  return (*make_error)(static_cast<PJRT_Error_Code>(status.code()), message.data(), message.size());
}

void DeleteKvValue(char* value) { delete[] value; }

PJRT_Error* KvGet(PJRT_KeyValueGetCallback_Args* args) {
  auto* store = static_cast<KeyValueStore*>(args->user_arg);
  StatusOr<std::string> value = store->Get(std::string_view(args->key, args->key_size), args->timeout_in_ms);
  if (!value.ok()) return ReportKvError(args->callback_error, value.status());
  char* copy = new char[value->size() + 1];
  std::memcpy(copy, value->data(), value->size());
  copy[value->size()] = '\0';
  args->value = copy;
  args->value_size = value->size();
  args->value_deleter_callback = &DeleteKvValue;
  return nullptr;
}

PJRT_Error* KvPut(PJRT_KeyValuePutCallback_Args* args) {
  auto* store = static_cast<KeyValueStore*>(args->user_arg);
  Status status = store->Put(std::string_view(args->key, args->key_size), std::string_view(args->value, args->value_size));
  return status.ok() ? nullptr : ReportKvError(args->callback_error, status);
}

}  // namespace

StatusOr<std::shared_ptr<Client>> Client::Create(std::shared_ptr<PluginApi> plugin,
                                                 const std::vector<NamedValue>& options,
                                                 std::shared_ptr<KeyValueStore> kv_store) {
  JAXLIB_RETURN_IF_ERROR(plugin->Initialize());
  std::vector<PJRT_NamedValue> values = ToPjrtNamedValues(options);
  // Zeroed args leave the KV-store callbacks NULL: single-process, nothing to call back.
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_Create);
  args.create_options = values.empty() ? nullptr : values.data();
  args.num_options = values.size();
  if (kv_store != nullptr) {
    args.kv_get_callback = &KvGet;
    args.kv_get_user_arg = kv_store.get();
    args.kv_put_callback = &KvPut;
    args.kv_put_user_arg = kv_store.get();
  }
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin, PJRT_Client_Create, &args));
  if (args.client == nullptr) return Internal("PJRT_Client_Create returned no client");
  std::shared_ptr<Client> client(new Client(std::move(plugin), args.client));
  client->kv_store_ = std::move(kv_store);
  JAXLIB_RETURN_IF_ERROR(client->Describe());
  return client;
}

Status Client::Describe() {
  const PluginApi& api = *plugin_;
  {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Client_PlatformName);
    args.client = client_;
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Client_PlatformName, &args));
    platform_name_ = CopyString(args.platform_name, args.platform_name_size);
  }
  {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Client_PlatformVersion);
    args.client = client_;
    if (JAXLIB_PJRT_CALL(api, PJRT_Client_PlatformVersion, &args).ok()) {
      platform_version_ = CopyString(args.platform_version, args.platform_version_size);
    }
  }
  {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Client_ProcessIndex);
    args.client = client_;
    if (JAXLIB_PJRT_CALL(api, PJRT_Client_ProcessIndex, &args).ok()) process_index_ = args.process_index;
  }
  // Devices.
  auto dev_args = JAXLIB_PJRT_ARGS(PJRT_Client_Devices);
  dev_args.client = client_;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Client_Devices, &dev_args));
  for (size_t i = 0; i < dev_args.num_devices; ++i) {
    auto dev = std::make_unique<Device>();
    dev->client_ = this;
    dev->device_ = dev_args.devices[i];
    auto desc_args = JAXLIB_PJRT_ARGS(PJRT_Device_GetDescription);
    desc_args.device = dev->device_;
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Device_GetDescription, &desc_args));
    PJRT_DeviceDescription* desc = desc_args.device_description;
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_Id);
      a.device_description = desc;
      JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_Id, &a));
      dev->id_ = a.id;
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_ProcessIndex);
      a.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_ProcessIndex, &a).ok()) dev->process_index_ = a.process_index;
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_Kind);
      a.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_Kind, &a).ok()) dev->kind_ = CopyString(a.device_kind, a.device_kind_size);
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_DebugString);
      a.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_DebugString, &a).ok()) {
        dev->debug_string_ = CopyString(a.debug_string, a.debug_string_size);
      }
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_ToString);
      a.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_ToString, &a).ok()) {
        dev->to_string_ = CopyString(a.to_string, a.to_string_size);
      }
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_Attributes);
      a.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_Attributes, &a).ok()) {
        dev->attributes_ = DecodeNamedValues(a.attributes, a.num_attributes);
      }
    }
    {
      auto a = JAXLIB_PJRT_ARGS(PJRT_Device_IsAddressable);
      a.device = dev->device_;
      if (JAXLIB_PJRT_CALL(api, PJRT_Device_IsAddressable, &a).ok()) dev->addressable_ = a.is_addressable;
    }
    if (dev->addressable_) {
      auto a = JAXLIB_PJRT_ARGS(PJRT_Device_LocalHardwareId);
      a.device = dev->device_;
      if (JAXLIB_PJRT_CALL(api, PJRT_Device_LocalHardwareId, &a).ok()) dev->local_hardware_id_ = a.local_hardware_id;
    }
    device_by_raw_[dev->device_] = dev.get();
    devices_.push_back(dev.get());
    owned_devices_.push_back(std::move(dev));
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Client_AddressableDevices);
    a.client = client_;
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Client_AddressableDevices, &a));
    for (size_t i = 0; i < a.num_addressable_devices; ++i) {
      if (Device* d = FindDevice(a.addressable_devices[i])) {
        d->addressable_ = true;
        addressable_devices_.push_back(d);
      }
    }
  }
  // Memories: optional (older or minimal plugins may not have them).
  auto mem_args = JAXLIB_PJRT_ARGS(PJRT_Client_AddressableMemories);
  mem_args.client = client_;
  if (JAXLIB_PJRT_CALL(api, PJRT_Client_AddressableMemories, &mem_args).ok()) {
    for (size_t i = 0; i < mem_args.num_addressable_memories; ++i) {
      auto mem = std::make_unique<Memory>();
      mem->client_ = this;
      mem->memory_ = mem_args.addressable_memories[i];
      {
        auto a = JAXLIB_PJRT_ARGS(PJRT_Memory_Id);
        a.memory = mem->memory_;
        if (JAXLIB_PJRT_CALL(api, PJRT_Memory_Id, &a).ok()) mem->id_ = a.id;
      }
      {
        auto a = JAXLIB_PJRT_ARGS(PJRT_Memory_Kind);
        a.memory = mem->memory_;
        if (JAXLIB_PJRT_CALL(api, PJRT_Memory_Kind, &a).ok()) mem->kind_ = CopyString(a.kind, a.kind_size);
      }
      {
        auto a = JAXLIB_PJRT_ARGS(PJRT_Memory_DebugString);
        a.memory = mem->memory_;
        if (JAXLIB_PJRT_CALL(api, PJRT_Memory_DebugString, &a).ok()) {
          mem->debug_string_ = CopyString(a.debug_string, a.debug_string_size);
        }
      }
      {
        auto a = JAXLIB_PJRT_ARGS(PJRT_Memory_ToString);
        a.memory = mem->memory_;
        if (JAXLIB_PJRT_CALL(api, PJRT_Memory_ToString, &a).ok()) mem->to_string_ = CopyString(a.to_string, a.to_string_size);
      }
      {
        auto a = JAXLIB_PJRT_ARGS(PJRT_Memory_AddressableByDevices);
        a.memory = mem->memory_;
        if (JAXLIB_PJRT_CALL(api, PJRT_Memory_AddressableByDevices, &a).ok()) {
          for (size_t j = 0; j < a.num_devices; ++j) {
            if (Device* d = FindDevice(a.devices[j])) mem->devices_.push_back(d);
          }
        }
      }
      memory_by_raw_[mem->memory_] = mem.get();
      memories_.push_back(mem.get());
      owned_memories_.push_back(std::move(mem));
    }
  }
  for (Device* d : addressable_devices_) {
    auto a = JAXLIB_PJRT_ARGS(PJRT_Device_AddressableMemories);
    a.device = d->device_;
    if (JAXLIB_PJRT_CALL(api, PJRT_Device_AddressableMemories, &a).ok()) {
      for (size_t j = 0; j < a.num_memories; ++j) {
        if (Memory* m = FindMemory(a.memories[j])) d->memories_.push_back(m);
      }
    }
    auto dm = JAXLIB_PJRT_ARGS(PJRT_Device_DefaultMemory);
    dm.device = d->device_;
    if (JAXLIB_PJRT_CALL(api, PJRT_Device_DefaultMemory, &dm).ok()) d->default_memory_ = FindMemory(dm.memory);
  }
  return Status::Ok();
}

Device* Client::FindDevice(PJRT_Device* raw) const {
  auto it = device_by_raw_.find(raw);
  return it == device_by_raw_.end() ? nullptr : it->second;
}

Memory* Client::FindMemory(PJRT_Memory* raw) const {
  auto it = memory_by_raw_.find(raw);
  return it == memory_by_raw_.end() ? nullptr : it->second;
}

Device* Client::LookupDeviceId(int id) const {
  for (Device* d : devices_) {
    if (d->id() == id) return d;
  }
  return nullptr;
}

bool Client::closed() const { return closed_.load(); }

Status Client::CheckOpen() const {
  if (closed_.load()) return FailedPrecondition("the " + platform_name_ + " client has been closed");
  return Status::Ok();
}

// Live buffers form an intrusive doubly linked list: no allocation per buffer on the
// dispatch path, O(1) either way.
void Client::Register(Buffer* b) {
  std::lock_guard<std::mutex> lock(registry_mu_);
  b->registry_prev_ = nullptr;
  b->registry_next_ = buffers_head_;
  if (buffers_head_ != nullptr) buffers_head_->registry_prev_ = b;
  buffers_head_ = b;
}
void Client::Unregister(Buffer* b) {
  std::lock_guard<std::mutex> lock(registry_mu_);
  if (b->registry_prev_ != nullptr) {
    b->registry_prev_->registry_next_ = b->registry_next_;
  } else if (buffers_head_ == b) {
    buffers_head_ = b->registry_next_;
  } else {
    return;  // not registered
  }
  if (b->registry_next_ != nullptr) b->registry_next_->registry_prev_ = b->registry_prev_;
  b->registry_prev_ = b->registry_next_ = nullptr;
}
void Client::Register(LoadedExecutable* e) {
  std::lock_guard<std::mutex> lock(registry_mu_);
  executables_.insert(e);
}
void Client::Unregister(LoadedExecutable* e) {
  std::lock_guard<std::mutex> lock(registry_mu_);
  executables_.erase(e);
}

void Client::AddPendingRelease() {
  std::lock_guard<std::mutex> lock(pending_mu_);
  ++pending_releases_;
}

void Client::FinishPendingRelease() {
  std::lock_guard<std::mutex> lock(pending_mu_);
  --pending_releases_;
  pending_cv_.notify_all();
}

StatusOr<std::shared_ptr<Buffer>> Client::WrapBuffer(PJRT_Buffer* raw, const int* known_type,
                                                    const std::vector<int64_t>* known_dims) {
  const PluginApi& api = *plugin_;
  auto destroy = [&] {
    auto d = JAXLIB_PJRT_ARGS(PJRT_Buffer_Destroy);
    d.buffer = raw;
    (void)JAXLIB_PJRT_CALL(api, PJRT_Buffer_Destroy, &d);
  };
  Status s;
  auto t = JAXLIB_PJRT_ARGS(PJRT_Buffer_ElementType);
  t.buffer = raw;
  if (known_type != nullptr) {
    t.type = static_cast<PJRT_Buffer_Type>(*known_type);
  } else {
    s = JAXLIB_PJRT_CALL(api, PJRT_Buffer_ElementType, &t);
  }
  auto dims = JAXLIB_PJRT_ARGS(PJRT_Buffer_Dimensions);
  dims.buffer = raw;
  if (known_dims != nullptr) {
    dims.dims = known_dims->data();
    dims.num_dims = known_dims->size();
  } else if (s.ok()) {
    s = JAXLIB_PJRT_CALL(api, PJRT_Buffer_Dimensions, &dims);
  }
  auto dev = JAXLIB_PJRT_ARGS(PJRT_Buffer_Device);
  dev.buffer = raw;
  if (s.ok()) s = JAXLIB_PJRT_CALL(api, PJRT_Buffer_Device, &dev);
  if (!s.ok()) {
    destroy();
    return s;
  }
  Memory* memory = nullptr;
  auto mem = JAXLIB_PJRT_ARGS(PJRT_Buffer_Memory);
  mem.buffer = raw;
  if (JAXLIB_PJRT_CALL(api, PJRT_Buffer_Memory, &mem).ok()) memory = FindMemory(mem.memory);
  std::vector<int64_t> shape(dims.dims, dims.dims + dims.num_dims);
  return std::make_shared<Buffer>(shared_from_this(), raw, static_cast<int>(t.type), std::move(shape),
                                  FindDevice(dev.device), memory);
}

StatusOr<std::shared_ptr<Buffer>> Client::BufferFromHost(HostBufferSpec spec, Device* device, Memory* memory) {
  std::shared_lock<std::shared_mutex> lock(lifetime_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckOpen());
  if (device == nullptr && memory == nullptr) return InvalidArgument("no target device or memory given");
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_BufferFromHostBuffer);
  args.client = client_;
  args.data = spec.data;
  args.type = static_cast<PJRT_Buffer_Type>(spec.element_type);
  args.dims = spec.dims.data();
  args.num_dims = spec.dims.size();
  if (!spec.byte_strides.empty()) {
    args.byte_strides = spec.byte_strides.data();
    args.num_byte_strides = spec.byte_strides.size();
  }
  args.host_buffer_semantics = static_cast<PJRT_HostBufferSemantics>(spec.semantics);
  // JAX sets the memory and leaves the device NULL; plugins must accept either.
  if (memory != nullptr) {
    args.memory = memory->raw();
  } else {
    args.device = device->raw();
  }
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin_, PJRT_Client_BufferFromHostBuffer, &args));
  auto done = std::make_unique<Event>(plugin_, args.done_with_host_buffer);
  if (args.done_with_host_buffer == nullptr) done.reset();

  auto wrapped = WrapBuffer(args.buffer);
  if (!wrapped.ok()) {
    if (done) (void)done->Await();
    return wrapped.status();
  }
  std::shared_ptr<Buffer> buffer = std::move(wrapped).value();
  if (spec.semantics == HostBufferSemantics::kImmutableOnlyDuringCall) {
    // The plugin copied during the call; the event is ours to destroy (done by ~Event).
    return buffer;
  }
  if (done) {
    AddPendingRelease();
    std::shared_ptr<void> keep_alive = spec.keep_alive;
    Status s = done->OnReady([this, keep_alive](Status) mutable {
      keep_alive.reset();
      FinishPendingRelease();
    });
    if (s.ok()) return buffer;
    FinishPendingRelease();
    if (spec.semantics == HostBufferSemantics::kImmutableUntilTransferCompletes) {
      (void)done->Await();
      return buffer;
    }
  }
  // No usable event: hold the host memory for as long as the buffer exists.
  buffer->HoldHostMemory(std::move(spec.keep_alive));
  return buffer;
}

StatusOr<std::shared_ptr<Buffer>> Client::CreateView(void* data, int element_type, std::vector<int64_t> dims,
                                                     Device* device, Memory* memory,
                                                     std::function<void()> on_delete) {
  std::shared_lock<std::shared_mutex> lock(lifetime_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckOpen());
  if (device == nullptr && memory == nullptr) return InvalidArgument("no target device or memory given");
  // Owned by the plugin's callback from here on; freed by it, or below if the call fails.
  auto* callback = new std::function<void()>(std::move(on_delete));
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_CreateViewOfDeviceBuffer);
  args.client = client_;
  args.device_buffer_ptr = data;
  args.dims = dims.data();
  args.num_dims = dims.size();
  args.element_type = static_cast<PJRT_Buffer_Type>(element_type);
  args.device = device != nullptr ? device->raw() : nullptr;
  args.memory = memory != nullptr ? memory->raw() : nullptr;
  args.on_delete_callback = [](void*, void* user_arg) {
    auto* fn = static_cast<std::function<void()>*>(user_arg);
    ++t_plugin_callback_depth;
    if (*fn) (*fn)();
    delete fn;
    --t_plugin_callback_depth;
  };
  args.on_delete_callback_arg = callback;
  Status s = JAXLIB_PJRT_CALL(*plugin_, PJRT_Client_CreateViewOfDeviceBuffer, &args);
  if (!s.ok()) {
    delete callback;  // the plugin never took it: the caller still owns `data`
    return s;
  }
  return WrapBuffer(args.buffer);
}

StatusOr<std::shared_ptr<LoadedExecutable>> Client::Compile(std::string_view code, std::string_view format,
                                                             const CompileOptions& options) {
  std::shared_lock<std::shared_mutex> lock(lifetime_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckOpen());
  std::string code_copy(code);  // PJRT_Program.code is non-const.
  std::string format_copy(format);
  std::string serialized = SerializeCompileOptions(options);
  auto program = ZeroedArgs<PJRT_Program>(PJRT_Program_STRUCT_SIZE);
  program.code = code_copy.data();
  program.code_size = code_copy.size();
  program.format = format_copy.data();
  program.format_size = format_copy.size();
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_Compile);
  args.client = client_;
  args.program = &program;
  args.compile_options = serialized.data();
  args.compile_options_size = serialized.size();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin_, PJRT_Client_Compile, &args));
  auto exec = std::make_shared<LoadedExecutable>(shared_from_this(), args.executable);
  Status s = exec->LoadMetadata();
  if (!s.ok()) {
    exec->ReleaseLocked();
    return s;
  }
  return exec;
}

StatusOr<std::shared_ptr<LoadedExecutable>> Client::DeserializeExecutable(std::string_view bytes,
                                                                          const CompileOptions* options) {
  std::shared_lock<std::shared_mutex> lock(lifetime_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckOpen());
  std::string overridden = options != nullptr ? SerializeCompileOptions(*options) : std::string();
  auto args = JAXLIB_PJRT_ARGS(PJRT_Executable_DeserializeAndLoad);
  args.client = client_;
  args.serialized_executable = bytes.data();
  args.serialized_executable_size = bytes.size();
  args.overridden_serialized_compile_options = overridden.empty() ? nullptr : overridden.data();
  args.overridden_serialized_compile_options_size = overridden.size();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin_, PJRT_Executable_DeserializeAndLoad, &args));
  auto exec = std::make_shared<LoadedExecutable>(shared_from_this(), args.loaded_executable);
  Status s = exec->LoadMetadata();
  if (!s.ok()) {
    exec->ReleaseLocked();
    return s;
  }
  return exec;
}

Status Client::Close() {
  std::unique_lock<std::shared_mutex> lock(lifetime_mu_);
  DestroyLocked();
  return Status::Ok();
}

void Client::DestroyLocked() {
  // Marked first: racing callers then see "closed", not a half-torn-down client.
  if (closed_.exchange(true)) return;
  std::vector<Buffer*> buffers;
  std::vector<LoadedExecutable*> executables;
  {
    std::lock_guard<std::mutex> reg(registry_mu_);
    for (Buffer* b = buffers_head_; b != nullptr; b = b->registry_next_) buffers.push_back(b);
    executables.assign(executables_.begin(), executables_.end());
  }
  // Teardown order: buffers, then executables, then (events settled) the client.
  for (Buffer* b : buffers) b->ReleaseLocked();
  for (LoadedExecutable* e : executables) e->ReleaseLocked();
  {
    // A plugin that never fires a done event must not hang teardown forever.
    std::unique_lock<std::mutex> pending(pending_mu_);
    pending_cv_.wait_for(pending, std::chrono::seconds(30), [&] { return pending_releases_ <= 0; });
  }
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_Destroy);
  args.client = client_;
  (void)JAXLIB_PJRT_CALL(*plugin_, PJRT_Client_Destroy, &args);
  client_ = nullptr;
}

}  // namespace jaxlib::host
