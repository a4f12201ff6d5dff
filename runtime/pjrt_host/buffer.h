// RAII owner of a PJRT_Buffer: metadata, readiness, device-to-host copies, copies between
// devices, deletion. Every call holds the client's lifetime lock, so a deleted buffer or a
// closed client yields an error, never a dangling handle.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/pjrt_host/client.h"
#include "runtime/pjrt_host/event.h"

namespace jaxlib::host {

class Buffer {
 public:
  Buffer(std::shared_ptr<Client> client, PJRT_Buffer* raw, int element_type, std::vector<int64_t> dims,
         Device* device, Memory* memory);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  const std::shared_ptr<Client>& client() const { return client_; }
  int element_type() const { return element_type_; }  // PJRT_Buffer_Type
  const std::vector<int64_t>& dims() const { return dims_; }
  Device* device() const { return device_; }
  Memory* memory() const { return memory_; }
  // Deleted here, or by the plugin (an execution consumed it as a donated argument).
  bool is_deleted() const;

  // Frees the device memory now; later use is an error.
  Status Delete();
  Status BlockUntilReady();
  // True once the buffer is known to be ready without error (an earlier wait, or the execution
  // that produced it had already completed): BlockUntilReady then makes no plugin call.
  bool known_ready() const { return known_ready_.load(std::memory_order_acquire) && !deleted_.load(); }
  void MarkKnownReady() { known_ready_.store(true, std::memory_order_release); }
  // The buffer's ready event (for OnReady callbacks); the Event outlives nothing it needs.
  StatusOr<std::shared_ptr<Event>> ReadyEvent();
  // Bytes ToHost writes (dense, major-to-minor).
  StatusOr<size_t> HostSizeInBytes();
  // Copies into `dst` (exactly `size` bytes, as HostSizeInBytes reports) and waits.
  Status ToHost(void* dst, size_t size);
  StatusOr<size_t> OnDeviceSizeInBytes();
  StatusOr<std::shared_ptr<Buffer>> CopyToDevice(Device* device);
  StatusOr<std::shared_ptr<Buffer>> CopyToMemory(Memory* memory);

  // For LoadedExecutable: the raw handle, or an error if deleted; caller holds the lifetime lock.
  StatusOr<PJRT_Buffer*> RawLocked(const char* what) const;
  // An external reference (DLPack export): the device memory's address, valid until the
  // matching ReleaseExternalReference even if the array is deleted or its client closed
  // meanwhile (the PJRT handle's destruction is deferred until the last reference goes).
  // Waits for the buffer to be ready first.
  StatusOr<void*> AcquireExternalReference();
  void ReleaseExternalReference();

  // Keeps host memory alive for the buffer's lifetime (zero-copy without a usable event).
  void HoldHostMemory(std::shared_ptr<void> memory) { host_memory_ = std::move(memory); }
  // Destroys the PJRT handle and unregisters from the client. The caller holds the lifetime
  // lock exclusively (Close, Delete) or is inside a locked call dropping a fresh buffer.
  void ReleaseLocked();

 private:
  std::shared_ptr<Client> client_;
  PJRT_Buffer* raw_;
  int element_type_;
  std::vector<int64_t> dims_;
  Device* device_;
  Memory* memory_;
  mutable std::atomic<bool> deleted_{false};
  std::atomic<bool> released_{false};
  std::atomic<bool> known_ready_{false};
  // External references handed out; while nonzero, a release only marks the buffer deleted
  // and the PJRT handle stays until the count drops. Guarded by external_mu_ (taken after the
  // client's lifetime lock, never before), not by that lock: a consumer may drop its reference
  // inside a plugin call that already holds it (a view of this buffer being destroyed).
  std::mutex external_mu_;
  int external_references_ = 0;
  bool destroy_deferred_ = false;
  // The client's list of live buffers (Client::Register); guarded by the client's registry lock.
  friend class Client;
  Buffer* registry_prev_ = nullptr;
  Buffer* registry_next_ = nullptr;
  std::shared_ptr<void> host_memory_;
};

}  // namespace jaxlib::host
