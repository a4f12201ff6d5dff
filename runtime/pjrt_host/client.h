// RAII PJRT client with its devices and memories (described once, at creation), host-to-device
// transfers and compilation. Teardown order is buffers, executables, then the client: Close()
// enforces it explicitly; otherwise buffers and executables keep the client alive.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/pjrt_host/compile_options.h"
#include "runtime/pjrt_host/plugin_api.h"

namespace jaxlib::host {

class Buffer;
class Client;
class LoadedExecutable;
class Memory;

// A device of a client. Descriptive fields are read once at client creation.
class Device {
 public:
  Client* client() const { return client_; }
  PJRT_Device* raw() const { return device_; }
  int id() const { return id_; }
  int process_index() const { return process_index_; }
  int local_hardware_id() const { return local_hardware_id_; }  // -1 when not addressable
  bool is_addressable() const { return addressable_; }
  const std::string& kind() const { return kind_; }
  const std::string& debug_string() const { return debug_string_; }
  const std::string& to_string() const { return to_string_; }
  const std::vector<NamedValue>& attributes() const { return attributes_; }
  const std::vector<Memory*>& memories() const { return memories_; }
  Memory* default_memory() const { return default_memory_; }
  // PJRT_Device_MemoryStats; UNIMPLEMENTED where the plugin has none. Keys are the
  // allocator-stat names JAX uses ("bytes_in_use", "peak_bytes_in_use", ...).
  StatusOr<std::map<std::string, int64_t>> MemoryStats() const;

 private:
  friend class Client;
  Client* client_ = nullptr;
  PJRT_Device* device_ = nullptr;
  int id_ = 0;
  int process_index_ = 0;
  int local_hardware_id_ = -1;
  bool addressable_ = false;
  std::string kind_, debug_string_, to_string_;
  std::vector<NamedValue> attributes_;
  std::vector<Memory*> memories_;
  Memory* default_memory_ = nullptr;
};

class Memory {
 public:
  Client* client() const { return client_; }
  PJRT_Memory* raw() const { return memory_; }
  int id() const { return id_; }
  const std::string& kind() const { return kind_; }
  const std::string& debug_string() const { return debug_string_; }
  const std::string& to_string() const { return to_string_; }
  const std::vector<Device*>& addressable_by_devices() const { return devices_; }

 private:
  friend class Client;
  Client* client_ = nullptr;
  PJRT_Memory* memory_ = nullptr;
  int id_ = 0;
  std::string kind_, debug_string_, to_string_;
  std::vector<Device*> devices_;
};

// Numbered like PJRT_HostBufferSemantics.
enum class HostBufferSemantics : int {
  kImmutableOnlyDuringCall = 0,
  kImmutableUntilTransferCompletes = 1,
  kImmutableZeroCopy = 2,
  kMutableZeroCopy = 3,
};

// A dense host array to transfer. `keep_alive` owns whatever backs `data`; the host releases
// it exactly when the semantics allow: after the call (0), when the transfer is done (1), or
// when the device buffer no longer aliases it (2, 3: at buffer destruction on CPU).
struct HostBufferSpec {
  const void* data = nullptr;
  int element_type = 0;  // PJRT_Buffer_Type
  std::vector<int64_t> dims;
  std::vector<int64_t> byte_strides;  // empty: dense major-to-minor
  HostBufferSemantics semantics = HostBufferSemantics::kImmutableUntilTransferCompletes;
  std::shared_ptr<void> keep_alive;
};

// True while this thread runs a host callback the plugin invoked (a view's on_delete), where
// the plugin may be inside a call made under a client's lifetime lock: dropping the last
// reference to a Buffer or Client there would wait for that lock on this very thread.
bool InPluginCallback();
// Drops `object` now, or, inside a plugin callback, on a background thread later.
void ReleaseOutsidePluginCallbacks(std::shared_ptr<void> object);

// The key-value store of a multi-process job (a distributed runtime client), handed to
// plugins through PJRT_Client_Create's kv_get / kv_put callbacks. Called from plugin threads.
class KeyValueStore {
 public:
  virtual ~KeyValueStore() = default;
  // Waits up to `timeout_ms` for `key`; DEADLINE_EXCEEDED when it does not appear.
  virtual StatusOr<std::string> Get(std::string_view key, int64_t timeout_ms) = 0;
  virtual Status Put(std::string_view key, std::string_view value) = 0;
};

class Client : public std::enable_shared_from_this<Client> {
 public:
  // Initializes the plugin (once), then PJRT_Client_Create with typed options. Without a
  // `kv_store` the KV-store callbacks are zeroed (single-process); with one, the client keeps
  // it alive for as long as the plugin may call it.
  static StatusOr<std::shared_ptr<Client>> Create(std::shared_ptr<PluginApi> plugin,
                                                  const std::vector<NamedValue>& options,
                                                  std::shared_ptr<KeyValueStore> kv_store = nullptr);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;

  const std::shared_ptr<PluginApi>& plugin() const { return plugin_; }
  const std::string& platform_name() const { return platform_name_; }
  const std::string& platform_version() const { return platform_version_; }
  int process_index() const { return process_index_; }
  const std::vector<Device*>& devices() const { return devices_; }
  const std::vector<Device*>& addressable_devices() const { return addressable_devices_; }
  const std::vector<Memory*>& addressable_memories() const { return memories_; }
  Device* FindDevice(PJRT_Device* raw) const;
  Memory* FindMemory(PJRT_Memory* raw) const;
  Device* LookupDeviceId(int id) const;

  // Host-to-device copy onto `memory` if given, else onto `device`.
  StatusOr<std::shared_ptr<Buffer>> BufferFromHost(HostBufferSpec spec, Device* device, Memory* memory);

  // PJRT_Client_CreateViewOfDeviceBuffer over memory the caller owns (DLPack import):
  // `on_delete` runs once the plugin no longer reads `data` (it may run on a plugin thread).
  StatusOr<std::shared_ptr<Buffer>> CreateView(void* data, int element_type, std::vector<int64_t> dims,
                                               Device* device, Memory* memory, std::function<void()> on_delete);

  // Compiles `code` in `format` ("mlir" text or bytecode, "hlo") with serialized options.
  StatusOr<std::shared_ptr<LoadedExecutable>> Compile(std::string_view code, std::string_view format,
                                                      const CompileOptions& options);
  // PJRT_Executable_DeserializeAndLoad of LoadedExecutable::Serialize's bytes; `options`, when
  // given, replace the compile options stored in them.
  StatusOr<std::shared_ptr<LoadedExecutable>> DeserializeExecutable(std::string_view bytes,
                                                                    const CompileOptions* options);

  // Destroys every live buffer and executable of this client, waits for pending host-buffer
  // releases, then destroys the client. Later use gives FAILED_PRECONDITION errors.
  Status Close();
  bool closed() const;

  // Lifetime lock: operations hold it shared and check closed(); Close() and buffer deletion
  // hold it exclusively, so no PJRT handle is destroyed under a running call. Never wait for
  // it while holding the Python GIL: plugin callbacks run under it and may need the GIL.
  std::shared_mutex& lifetime_mutex() const { return lifetime_mu_; }
  Status CheckOpen() const;  // caller holds lifetime_mutex()
  PJRT_Client* raw() const { return client_; }

  // Bookkeeping used by Buffer and LoadedExecutable (registration for Close()).
  void Register(Buffer* b);
  void Unregister(Buffer* b);
  void Register(LoadedExecutable* e);
  void Unregister(LoadedExecutable* e);
  // Host-buffer keep-alives not yet released (waited for before the client is destroyed).
  void AddPendingRelease();
  void FinishPendingRelease();

  // Wraps a PJRT_Buffer returned by the plugin (execute outputs, copies). Execute passes the
  // element type and dims its executable already reported, saving two plugin calls.
  StatusOr<std::shared_ptr<Buffer>> WrapBuffer(PJRT_Buffer* raw, const int* known_type = nullptr,
                                               const std::vector<int64_t>* known_dims = nullptr);

 private:
  Client(std::shared_ptr<PluginApi> plugin, PJRT_Client* client);
  Status Describe();
  void DestroyLocked();

  std::shared_ptr<PluginApi> plugin_;
  std::shared_ptr<KeyValueStore> kv_store_;
  PJRT_Client* client_;
  std::string platform_name_, platform_version_;
  int process_index_ = 0;
  std::vector<std::unique_ptr<Device>> owned_devices_;
  std::vector<std::unique_ptr<Memory>> owned_memories_;
  std::vector<Device*> devices_, addressable_devices_;
  std::vector<Memory*> memories_;
  std::map<PJRT_Device*, Device*> device_by_raw_;
  std::map<PJRT_Memory*, Memory*> memory_by_raw_;

  mutable std::shared_mutex lifetime_mu_;
  std::atomic<bool> closed_{false};  // read without the lock: callers may hold the GIL

  std::mutex registry_mu_;
  Buffer* buffers_head_ = nullptr;  // live buffers (Buffer::registry_next_), for Close()
  std::set<LoadedExecutable*> executables_;

  std::mutex pending_mu_;
  std::condition_variable pending_cv_;
  int pending_releases_ = 0;
};

}  // namespace jaxlib::host
