// PJRT_Buffer ownership and transfers. Blocking waits happen with the client's lifetime lock
// held shared, so Close() cannot destroy the client under a running copy.
#include "runtime/pjrt_host/buffer.h"

#include "runtime/pjrt_host/event.h"

namespace jaxlib::host {

Buffer::Buffer(std::shared_ptr<Client> client, PJRT_Buffer* raw, int element_type, std::vector<int64_t> dims,
               Device* device, Memory* memory)
    : client_(std::move(client)),
      raw_(raw),
      element_type_(element_type),
      dims_(std::move(dims)),
      device_(device),
      memory_(memory) {
  client_->Register(this);
}

Buffer::~Buffer() {
  if (released_.load()) return;
  std::unique_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  ReleaseLocked();
}

void Buffer::ReleaseLocked() {
  if (released_.exchange(true)) return;
  client_->Unregister(this);
  std::lock_guard<std::mutex> external_lock(external_mu_);
  if (raw_ != nullptr && external_references_ > 0) {
    // A DLPack consumer still reads the memory: the plugin keeps it for the external
    // reference, so only mark the buffer deleted; ReleaseExternalReference destroys it.
    auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_Delete);
    args.buffer = raw_;
    (void)JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_Delete, &args);
    destroy_deferred_ = true;
  } else if (raw_ != nullptr) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_Destroy);
    args.buffer = raw_;
    (void)JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_Destroy, &args);
    raw_ = nullptr;
  }
  deleted_ = true;
  host_memory_.reset();
}

StatusOr<PJRT_Buffer*> Buffer::RawLocked(const char* what) const {
  JAXLIB_RETURN_IF_ERROR(client_->CheckOpen());
  if (deleted_.load() || raw_ == nullptr) {
    return InvalidArgument(std::string(what) + ": the array has been deleted");
  }
  return raw_;
}

bool Buffer::is_deleted() const {
  if (deleted_.load()) return true;
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  if (deleted_.load() || raw_ == nullptr || client_->closed()) return true;
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_IsDeleted);
  args.buffer = raw_;
  if (!JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_IsDeleted, &args).ok()) return false;
  // Only the plugin's "yes" is remembered: the handle stays until the array is destroyed.
  if (args.is_deleted) deleted_.store(true);
  return args.is_deleted;
}

Status Buffer::Delete() {
  std::unique_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  ReleaseLocked();
  return Status::Ok();
}

Status Buffer::BlockUntilReady() {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("block_until_ready()"));
  if (known_ready_.load(std::memory_order_acquire)) return Status::Ok();
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_ReadyEvent);
  args.buffer = raw;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_ReadyEvent, &args));
  Status status = AwaitAndDestroy(client_->plugin(), args.event);
  if (status.ok()) MarkKnownReady();
  return status;
}

StatusOr<std::shared_ptr<Event>> Buffer::ReadyEvent() {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("ready event"));
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_ReadyEvent);
  args.buffer = raw;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_ReadyEvent, &args));
  return std::make_shared<Event>(client_->plugin(), args.event);
}

StatusOr<size_t> Buffer::HostSizeInBytes() {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("reading the array"));
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_ToHostBuffer);
  args.src = raw;  // dst NULL: the plugin reports the size it needs.
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_ToHostBuffer, &args));
  return args.dst_size;
}

Status Buffer::ToHost(void* dst, size_t size) {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("reading the array"));
  const PluginApi& api = *client_->plugin();
  auto query = JAXLIB_PJRT_ARGS(PJRT_Buffer_ToHostBuffer);
  query.src = raw;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Buffer_ToHostBuffer, &query));
  if (query.dst_size != size) {
    return InvalidArgument("host buffer of " + std::to_string(size) + " bytes given, the plugin needs " +
                           std::to_string(query.dst_size));
  }
  if (size == 0) return Status::Ok();
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_ToHostBuffer);
  args.src = raw;
  args.dst = dst;
  args.dst_size = size;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Buffer_ToHostBuffer, &args));
  return AwaitAndDestroy(client_->plugin(), args.event);
}

StatusOr<void*> Buffer::AcquireExternalReference() {
  JAXLIB_RETURN_IF_ERROR(BlockUntilReady());
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("__dlpack__()"));
  const PluginApi& api = *client_->plugin();
  auto inc = JAXLIB_PJRT_ARGS(PJRT_Buffer_IncreaseExternalReferenceCount);
  inc.buffer = raw;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_Buffer_IncreaseExternalReferenceCount, &inc));
  auto ptr = JAXLIB_PJRT_ARGS(PJRT_Buffer_OpaqueDeviceMemoryDataPointer);
  ptr.buffer = raw;
  Status s = JAXLIB_PJRT_CALL(api, PJRT_Buffer_OpaqueDeviceMemoryDataPointer, &ptr);
  if (!s.ok()) {
    auto dec = JAXLIB_PJRT_ARGS(PJRT_Buffer_DecreaseExternalReferenceCount);
    dec.buffer = raw;
    (void)JAXLIB_PJRT_CALL(api, PJRT_Buffer_DecreaseExternalReferenceCount, &dec);
    return s;
  }
  std::lock_guard<std::mutex> external_lock(external_mu_);
  ++external_references_;
  return ptr.device_memory_ptr;
}

void Buffer::ReleaseExternalReference() {
  std::lock_guard<std::mutex> external_lock(external_mu_);
  if (external_references_ == 0 || raw_ == nullptr) return;
  const PluginApi& api = *client_->plugin();
  auto dec = JAXLIB_PJRT_ARGS(PJRT_Buffer_DecreaseExternalReferenceCount);
  dec.buffer = raw_;
  (void)JAXLIB_PJRT_CALL(api, PJRT_Buffer_DecreaseExternalReferenceCount, &dec);
  if (--external_references_ == 0 && destroy_deferred_) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_Destroy);
    args.buffer = raw_;
    (void)JAXLIB_PJRT_CALL(api, PJRT_Buffer_Destroy, &args);
    raw_ = nullptr;
    destroy_deferred_ = false;
  }
}

StatusOr<size_t> Buffer::OnDeviceSizeInBytes() {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("on_device_size_in_bytes()"));
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_OnDeviceSizeInBytes);
  args.buffer = raw;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_OnDeviceSizeInBytes, &args));
  return args.on_device_size_in_bytes;
}

StatusOr<std::shared_ptr<Buffer>> Buffer::CopyToDevice(Device* device) {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("copy_to_device()"));
  if (device == nullptr || device->client() != client_.get()) {
    return InvalidArgument("copy_to_device(): the target device belongs to another client");
  }
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_CopyToDevice);
  args.buffer = raw;
  args.dst_device = device->raw();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_CopyToDevice, &args));
  return client_->WrapBuffer(args.dst_buffer);
}

StatusOr<std::shared_ptr<Buffer>> Buffer::CopyToMemory(Memory* memory) {
  std::shared_lock<std::shared_mutex> lock(client_->lifetime_mutex());
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Buffer* raw, RawLocked("copy to memory"));
  if (memory == nullptr || memory->client() != client_.get()) {
    return InvalidArgument("the target memory belongs to another client");
  }
  auto args = JAXLIB_PJRT_ARGS(PJRT_Buffer_CopyToMemory);
  args.buffer = raw;
  args.dst_memory = memory->raw();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client_->plugin(), PJRT_Buffer_CopyToMemory, &args));
  return client_->WrapBuffer(args.dst_buffer);
}

}  // namespace jaxlib::host
