// RAII owner of a PJRT_LoadedExecutable: metadata read once after compilation (outputs, name,
// fingerprint, devices) and execution over per-device argument lists.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "runtime/pjrt_host/buffer.h"
#include "runtime/pjrt_host/event.h"

namespace jaxlib::host {

struct CompiledMemoryStats {
  int64_t generated_code_size_in_bytes = 0;
  int64_t argument_size_in_bytes = 0;
  int64_t output_size_in_bytes = 0;
  int64_t alias_size_in_bytes = 0;
  int64_t temp_size_in_bytes = 0;
  int64_t host_generated_code_size_in_bytes = 0;
  int64_t host_argument_size_in_bytes = 0;
  int64_t host_output_size_in_bytes = 0;
  int64_t host_alias_size_in_bytes = 0;
  int64_t host_temp_size_in_bytes = 0;
  int64_t peak_memory_in_bytes = 0;
};

struct ExecuteResult {
  // outputs[device][output]
  std::vector<std::vector<std::shared_ptr<Buffer>>> outputs;
  // One per device when requested (else empty).
  std::vector<std::shared_ptr<Event>> completion_events;
};

class LoadedExecutable {
 public:
  LoadedExecutable(std::shared_ptr<Client> client, PJRT_LoadedExecutable* raw);
  ~LoadedExecutable();
  LoadedExecutable(const LoadedExecutable&) = delete;
  LoadedExecutable& operator=(const LoadedExecutable&) = delete;

  // Reads name, outputs, fingerprint, replica/partition counts and addressable devices.
  // The caller holds the client's lifetime lock.
  Status LoadMetadata();

  const std::shared_ptr<Client>& client() const { return client_; }
  const std::string& name() const { return name_; }
  size_t num_outputs() const { return num_outputs_; }
  const std::vector<int>& output_element_types() const { return output_types_; }
  const std::vector<std::vector<int64_t>>& output_dimensions() const { return output_dims_; }
  const std::optional<std::string>& fingerprint() const { return fingerprint_; }
  int64_t num_replicas() const { return num_replicas_; }
  int64_t num_partitions() const { return num_partitions_; }
  const std::vector<Device*>& addressable_devices() const { return devices_; }
  bool is_deleted() const;

  // argument_lists[device][arg]; one list per addressable device (or exactly one with
  // `execute_device` for portable executables).
  // `ffi_user_data`: (type id, pointer) pairs handed to the plugin's typed custom calls, the
  // way JAX forwards an ExecuteContext: PJRT_ExecuteContext_Create + the FFI extension's
  // user_data_add. The caller keeps the pointed-to data alive for the call.
  StatusOr<ExecuteResult> Execute(const std::vector<std::vector<Buffer*>>& argument_lists,
                                  Device* execute_device, bool want_completion_events,
                                  const std::vector<std::pair<int64_t, void*>>& ffi_user_data = {});

  // (format, bytes) of the plugin's optimized program.
  StatusOr<std::pair<std::string, std::string>> OptimizedProgram() const;
  // PJRT_Executable_Serialize: bytes Client::DeserializeExecutable turns back into an executable.
  StatusOr<std::string> Serialize() const;
  // PJRT_Executable_OutputMemoryKinds: the memory kind of each output ("device", "pinned_host").
  StatusOr<std::vector<std::string>> OutputMemoryKinds() const;
  StatusOr<CompiledMemoryStats> GetCompiledMemoryStats() const;
  Status Delete();

  // Called by Client::Close with the lifetime lock held exclusively.
  void ReleaseLocked();

 private:
  // A fresh PJRT_Executable view (destroyed by the returned holder).
  StatusOr<std::shared_ptr<PJRT_Executable>> GetExecutableLocked() const;

  std::shared_ptr<Client> client_;
  PJRT_LoadedExecutable* raw_;
  std::string name_;
  std::vector<int> output_types_;
  std::vector<std::vector<int64_t>> output_dims_;
  std::optional<std::string> fingerprint_;
  int64_t num_replicas_ = 1;
  int64_t num_partitions_ = 1;
  std::vector<Device*> devices_;
  size_t num_outputs_ = 0;
  std::atomic<bool> released_{false};
};

}  // namespace jaxlib::host
