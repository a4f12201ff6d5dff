// Host transfers (Client_BufferFromHostBuffer, Buffer_ToHostBuffer, CopyRawToHost) and the
// other PJRT_Buffer_* entry points. Owns the host-memory lifetime rules: semantics 0/1 copy
// before returning; 2/3 alias aligned dense host memory and signal done_with_host_buffer only
// when the device buffer lets go of it. Device memory is released outside buffer locks because
// releasing it can run host callbacks that re-enter the API.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/entry_points.h"
#include "runtime/plugin_adapter/strided_copy.h"

namespace jaxlib::plugin {
namespace {

// Zero-copy needs the alignment our executors assume for every buffer (CpuBuffer's 64 bytes).
constexpr uintptr_t kZeroCopyAlignment = 64;
// No backend we have goes past this rank; a larger num_dims is garbage, not a tensor.
constexpr size_t kMaxRank = 64;

std::string Prefixed(const char* entry, const std::string& message) {
  return std::string(entry) + ": " + message;
}

// Builds the array shape from C arguments, rejecting negative extents and sizes that would
// overflow size_t.
StatusOr<ArrayShape> ShapeFromC(const char* entry, int type, const int64_t* dims,
                                size_t num_dims, const std::string& platform) {
  std::optional<ElementType> element = ElementTypeFromPjrt(type);
  if (!element) {
    if (type == static_cast<int>(PJRT_Buffer_Type_TOKEN)) {
      return InvalidArgument(Prefixed(entry, "TOKEN is not an array type and has no host data"));
    }
    return InvalidArgument(Prefixed(entry, "element type " + PjrtBufferTypeName(type) +
                                               " is not supported by the " + platform + " plugin"));
  }
  if (num_dims > kMaxRank) {
    return InvalidArgument(Prefixed(entry, "num_dims " + std::to_string(num_dims) +
                                               " exceeds the maximum rank " + std::to_string(kMaxRank)));
  }
  if (num_dims > 0 && dims == nullptr) {
    return InvalidArgument(Prefixed(entry, "dims is NULL but num_dims is " + std::to_string(num_dims)));
  }
  ArrayShape shape;
  shape.type = *element;
  shape.dims.assign(dims, dims + num_dims);
  uint64_t bytes = ElementTypeByteSize(*element);
  for (size_t i = 0; i < num_dims; ++i) {
    if (shape.dims[i] < 0) {
      return InvalidArgument(Prefixed(entry, "dimension " + std::to_string(i) + " is negative (" +
                                                 std::to_string(shape.dims[i]) + ")"));
    }
    if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(shape.dims[i]), &bytes) ||
        bytes > (uint64_t{1} << 62)) {
      return InvalidArgument(Prefixed(entry, "array of shape " + ShapeToString(shape) + " is too large"));
    }
  }
  return shape;
}

// Strides of the host layout a caller asks for, or nullopt for dense row-major. Only layouts
// we can honour exactly are accepted; tiling is refused rather than silently ignored.
StatusOr<std::optional<std::vector<int64_t>>> HostLayoutStrides(const char* entry,
                                                                const PJRT_Buffer_MemoryLayout* layout,
                                                                const ArrayShape& shape) {
  if (layout == nullptr) return std::optional<std::vector<int64_t>>();
  if (layout->struct_size < PJRT_Buffer_MemoryLayout_STRUCT_SIZE) {
    return StructSizeError("PJRT_Buffer_MemoryLayout", PJRT_Buffer_MemoryLayout_STRUCT_SIZE,
                           layout->struct_size);
  }
  const size_t rank = shape.dims.size();
  const size_t element_size = ElementTypeByteSize(shape.type);
  std::vector<int64_t> strides(rank);
  const int layout_type = RawEnumValue(layout->type);
  if (layout_type == PJRT_Buffer_MemoryLayout_Type_Tiled) {
    const PJRT_Buffer_MemoryLayout_Tiled& tiled = layout->tiled;
    if (tiled.num_tiles != 0) {
      return Unimplemented(Prefixed(entry, "tiled layouts are not supported; use a tile-free layout"));
    }
    if (tiled.minor_to_major_size != rank || (rank > 0 && tiled.minor_to_major == nullptr)) {
      return InvalidArgument(Prefixed(entry, "layout minor_to_major has " +
                                                 std::to_string(tiled.minor_to_major_size) +
                                                 " entries for an array of rank " + std::to_string(rank)));
    }
    std::vector<bool> seen(rank, false);
    int64_t stride = static_cast<int64_t>(element_size);
    for (size_t k = 0; k < rank; ++k) {
      int64_t dim = tiled.minor_to_major[k];
      if (dim < 0 || static_cast<size_t>(dim) >= rank || seen[dim]) {
        return InvalidArgument(Prefixed(entry, "layout minor_to_major is not a permutation of 0.." +
                                                   std::to_string(rank - 1)));
      }
      seen[dim] = true;
      strides[dim] = stride;
      stride *= shape.dims[dim];
    }
  } else if (layout_type == PJRT_Buffer_MemoryLayout_Type_Strides) {
    const PJRT_Buffer_MemoryLayout_Strides& given = layout->strides;
    if (given.num_byte_strides != rank || (rank > 0 && given.byte_strides == nullptr)) {
      return InvalidArgument(Prefixed(entry, "layout has " + std::to_string(given.num_byte_strides) +
                                                 " byte strides for an array of rank " +
                                                 std::to_string(rank)));
    }
    for (size_t i = 0; i < rank; ++i) {
      if (given.byte_strides[i] < 0) {
        return InvalidArgument(Prefixed(entry, "negative byte strides are not supported in a layout"));
      }
      strides[i] = given.byte_strides[i];
    }
  } else {
    return InvalidArgument(Prefixed(entry, "unknown layout type " + std::to_string(layout_type)));
  }
  if (IsDenseRowMajor(shape.dims, strides, element_size)) return std::optional<std::vector<int64_t>>();
  return std::optional<std::vector<int64_t>>(std::move(strides));
}

// Resolves where a new buffer goes from the (device, memory) pair of the C API: either may be
// NULL (JAX passes only memory), but not both, and they must agree. The memory, when given,
// stays the caller's to record on the buffer.
StatusOr<PJRT_Device*> ResolveTarget(const char* entry, PJRT_Client* client, PJRT_Device* device,
                                     PJRT_Memory* memory) {
  if (device == nullptr && memory == nullptr) {
    return InvalidArgument(Prefixed(entry, "neither device nor memory is set"));
  }
  if (memory != nullptr) {
    if (memory->client != client) {
      return InvalidArgument(Prefixed(entry, "memory " + memory->debug_string + " belongs to another client"));
    }
    PJRT_Device* owner = client->devices[memory->device_ordinal];
    if (device != nullptr && device != owner) {
      return InvalidArgument(Prefixed(entry, "memory " + memory->debug_string +
                                                 " is not addressable by device " +
                                                 device->description.debug_string));
    }
    device = owner;
  }
  if (device->client != client) {
    return InvalidArgument(Prefixed(entry, "device " + device->description.debug_string +
                                               " belongs to another client"));
  }
  if (!device->addressable) {
    return InvalidArgument(Prefixed(entry, "device " + device->description.debug_string + " belongs to process " +
                                               std::to_string(device->description.process_index) +
                                               " of the job; only this process's devices can hold its buffers"));
  }
  return device;
}

// Copies the buffer into host memory at `dst` with the given strides (nullopt = dense).
Status CopyBufferToHost(Backend& backend, DeviceBuffer& data,
                        const std::optional<std::vector<int64_t>>& strides, void* dst) {
  const ArrayShape& shape = data.shape();
  if (!strides) return backend.BufferToHost(data, dst);
  const size_t element_size = ElementTypeByteSize(shape.type);
  if (void* host = data.host_data(); host != nullptr) {
    ScatterDenseToStrided(host, shape.dims, *strides, element_size, dst);
    return Status();
  }
  std::vector<char> staging(shape.byte_size());
  JAXLIB_RETURN_IF_ERROR(backend.BufferToHost(data, staging.data()));
  ScatterDenseToStrided(staging.data(), shape.dims, *strides, element_size, dst);
  return Status();
}

// A copy of `buffer` on `device`, in `memory` (one of that device's; nullptr = its default).
// Every memory kind of a device is the same backend memory, so a change of kind is a copy
// on the same device.
StatusOr<PJRT_Buffer*> CopyToDeviceOf(const char* entry, PJRT_Buffer* buffer, PJRT_Device* device,
                                      PJRT_Memory* memory) {
  if (device->client != buffer->client.get()) {
    return InvalidArgument(Prefixed(entry, "destination " + device->description.debug_string +
                                               " belongs to another client"));
  }
  if (!device->addressable) {
    return InvalidArgument(Prefixed(entry, "destination " + device->description.debug_string + " belongs to process " +
                                               std::to_string(device->description.process_index) +
                                               " of the job; copies between processes are not supported"));
  }
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data, LiveBufferData(buffer, entry));
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr copy,
                          buffer->client->backend->CopyToDevice(*data, device->ordinal));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> handle,
                          WrapDeviceBuffer(buffer->client, std::move(copy), memory));
  return handle.release();
}

}  // namespace

StatusOr<std::unique_ptr<PJRT_Buffer>> WrapDeviceBuffer(const std::shared_ptr<PJRT_Client>& client,
                                                        DeviceBufferPtr data, PJRT_Memory* memory) {
  if (data == nullptr) return Internal("the backend returned no buffer");
  int ordinal = data->device_ordinal();
  if (ordinal < 0 || static_cast<size_t>(ordinal) >= client->devices.size()) {
    return Internal("the backend returned a buffer on unknown device ordinal " + std::to_string(ordinal));
  }
  if (memory != nullptr && (memory->client != client.get() || memory->device_ordinal != ordinal)) {
    return Internal("a buffer on device ordinal " + std::to_string(ordinal) + " cannot live in " +
                    memory->debug_string);
  }
  auto buffer = std::make_unique<PJRT_Buffer>();
  buffer->client = client;
  buffer->device = client->devices[ordinal];
  buffer->memory = memory != nullptr ? memory : buffer->device->default_memory;
  buffer->shape = data->shape();
  const size_t rank = buffer->shape.dims.size();
  for (size_t i = 0; i < rank; ++i) buffer->minor_to_major.push_back(static_cast<int64_t>(rank - 1 - i));
  // Backends complete transfers and executions before returning, so data is ready at birth.
  buffer->ready = EventState::MakeReady();
  buffer->data = std::move(data);
  return buffer;
}

StatusOr<DeviceBufferPtr> LiveBufferData(PJRT_Buffer* buffer, const char* entry) {
  std::lock_guard<std::mutex> lock(buffer->mu);
  if (buffer->data == nullptr) {
    return InvalidArgument(Prefixed(entry, "the buffer has been deleted or donated"));
  }
  return buffer->data;
}

void MarkBufferDeleted(PJRT_Buffer* buffer) {
  DeviceBufferPtr released;
  {
    std::lock_guard<std::mutex> lock(buffer->mu);
    released = std::move(buffer->data);
  }
}

namespace entry {

Status ClientBufferFromHostBuffer(PJRT_Client_BufferFromHostBuffer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Client_BufferFromHostBuffer";
  JAXLIB_REQUIRE_HANDLE(args->client, kEntry);
  PJRT_Client* client = args->client;
  Backend& backend = *client->backend;
  JAXLIB_ASSIGN_OR_RETURN(ArrayShape shape, ShapeFromC(kEntry, RawEnumValue(args->type), args->dims, args->num_dims,
                                                       client->platform_name));
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, ResolveTarget(kEntry, client, args->device, args->memory));
  if (args->device_layout != nullptr) {
    JAXLIB_ASSIGN_OR_RETURN(std::optional<std::vector<int64_t>> device_strides,
                            HostLayoutStrides(kEntry, args->device_layout, shape));
    if (device_strides) {
      return Unimplemented(Prefixed(kEntry, "only the dense row-major device layout is supported"));
    }
  }
  const size_t element_size = ElementTypeByteSize(shape.type);
  const size_t bytes = shape.byte_size();
  if (args->data == nullptr && bytes != 0) return InvalidArgument(Prefixed(kEntry, "data is NULL"));

  std::span<const int64_t> strides;
  bool dense = true;
  if (args->byte_strides != nullptr && args->num_byte_strides != 0) {
    if (args->num_byte_strides != args->num_dims) {
      return InvalidArgument(Prefixed(kEntry, "num_byte_strides is " + std::to_string(args->num_byte_strides) +
                                                  " but num_dims is " + std::to_string(args->num_dims)));
    }
    strides = std::span<const int64_t>(args->byte_strides, args->num_byte_strides);
    dense = IsDenseRowMajor(shape.dims, strides, element_size);
  }

  const int semantics = RawEnumValue(args->host_buffer_semantics);
  if (semantics < PJRT_HostBufferSemantics_kImmutableOnlyDuringCall ||
      semantics > PJRT_HostBufferSemantics_kMutableZeroCopy) {
    return InvalidArgument(Prefixed(kEntry, "unknown host_buffer_semantics " + std::to_string(semantics)));
  }
  const bool wants_zero_copy = semantics == PJRT_HostBufferSemantics_kImmutableZeroCopy ||
                               semantics == PJRT_HostBufferSemantics_kMutableZeroCopy;

  DeviceBufferPtr data;
  std::shared_ptr<EventState> done_with_host;
  if (wants_zero_copy && dense && bytes != 0 && backend.memory_is_host() &&
      reinterpret_cast<uintptr_t>(args->data) % kZeroCopyAlignment == 0) {
    // The host keeps ownership; the event fires when the device buffer releases the memory
    // (on CPU: when the last buffer handle using it is deleted or destroyed).
    auto promise = std::make_shared<EventPromise>(EventState::MakePending());
    std::shared_ptr<EventState> pending = promise->state();
    StatusOr<DeviceBufferPtr> alias = backend.BufferAliasingHost(
        device->ordinal, shape, const_cast<void*>(args->data), [promise] { promise->Set(); });
    if (alias.ok()) {
      data = std::move(alias).value();
      done_with_host = std::move(pending);
    } else if (alias.status().code() != StatusCode::kUnimplemented) {
      return alias.status();
    }
  }
  if (data == nullptr) {
    // Copy now, so the host memory is free as soon as we return whatever the semantics.
    if (dense) {
      JAXLIB_ASSIGN_OR_RETURN(data, backend.BufferFromHost(device->ordinal, shape, args->data));
    } else {
      std::vector<char> staging(bytes);
      GatherStridedToDense(args->data, shape.dims, strides, element_size, staging.data());
      JAXLIB_ASSIGN_OR_RETURN(data, backend.BufferFromHost(device->ordinal, shape, staging.data()));
    }
    done_with_host = EventState::MakeReady();
  }
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> buffer,
                          WrapDeviceBuffer(client->shared_from_this(), std::move(data), args->memory));
  auto event = std::make_unique<PJRT_Event>(PJRT_Event{std::move(done_with_host)});
  args->buffer = buffer.release();
  args->done_with_host_buffer = event.release();
  return Status();
}

Status ClientCreateViewOfDeviceBuffer(PJRT_Client_CreateViewOfDeviceBuffer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Client_CreateViewOfDeviceBuffer";
  JAXLIB_REQUIRE_HANDLE(args->client, kEntry);
  PJRT_Client* client = args->client;
  Backend& backend = *client->backend;
  if (!backend.memory_is_host()) {
    return Unimplemented(Prefixed(kEntry, "views of foreign device memory are not supported by the " +
                                              client->platform_name + " plugin"));
  }
  JAXLIB_ASSIGN_OR_RETURN(ArrayShape shape, ShapeFromC(kEntry, RawEnumValue(args->element_type), args->dims,
                                                       args->num_dims, client->platform_name));
  // `memory` came after `stream`; older hosts' structs end before it.
  constexpr size_t kMemoryEnd = offsetof(PJRT_Client_CreateViewOfDeviceBuffer_Args, memory) + sizeof(PJRT_Memory*);
  PJRT_Memory* memory = args->struct_size >= kMemoryEnd ? args->memory : nullptr;
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, ResolveTarget(kEntry, client, args->device, memory));
  JAXLIB_ASSIGN_OR_RETURN(std::optional<std::vector<int64_t>> strides, HostLayoutStrides(kEntry, args->layout, shape));
  if (strides) return Unimplemented(Prefixed(kEntry, "only dense row-major views are supported"));
  const size_t bytes = shape.byte_size();
  if (args->device_buffer_ptr == nullptr && bytes != 0) {
    return InvalidArgument(Prefixed(kEntry, "device_buffer_ptr is NULL"));
  }
  // A view must alias; our kernels assume 64-byte aligned buffers, so an unaligned pointer is
  // refused rather than silently copied (a copy would not see the owner's later writes).
  if (reinterpret_cast<uintptr_t>(args->device_buffer_ptr) % kZeroCopyAlignment != 0) {
    return InvalidArgument(Prefixed(kEntry, "device_buffer_ptr must be " + std::to_string(kZeroCopyAlignment) +
                                                "-byte aligned for a view; copy the data instead"));
  }
  void (*on_delete)(void*, void*) = args->on_delete_callback;
  void* user_arg = args->on_delete_callback_arg;
  void* pointer = args->device_buffer_ptr;
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data,
                          backend.BufferAliasingHost(device->ordinal, shape, pointer, [on_delete, pointer, user_arg] {
                            if (on_delete != nullptr) on_delete(pointer, user_arg);
                          }));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> buffer,
                          WrapDeviceBuffer(client->shared_from_this(), std::move(data), memory));
  args->buffer = buffer.release();
  return Status();
}

Status ClientCreateUninitializedBuffer(PJRT_Client_CreateUninitializedBuffer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Client_CreateUninitializedBuffer";
  JAXLIB_REQUIRE_HANDLE(args->client, kEntry);
  PJRT_Client* client = args->client;
  JAXLIB_ASSIGN_OR_RETURN(ArrayShape shape, ShapeFromC(kEntry, RawEnumValue(args->shape_element_type),
                                                       args->shape_dims, args->shape_num_dims, client->platform_name));
  JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, ResolveTarget(kEntry, client, args->device, args->memory));
  JAXLIB_ASSIGN_OR_RETURN(std::optional<std::vector<int64_t>> strides,
                          HostLayoutStrides(kEntry, args->shape_layout, shape));
  if (strides) return Unimplemented(Prefixed(kEntry, "only the dense row-major layout is supported"));
  // Zeros rather than garbage: "uninitialized" only promises nothing about the contents.
  std::vector<char> zeros(shape.byte_size());
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data, client->backend->BufferFromHost(device->ordinal, shape, zeros.data()));
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> buffer,
                          WrapDeviceBuffer(client->shared_from_this(), std::move(data), args->memory));
  args->buffer = buffer.release();
  return Status();
}

Status BufferDestroy(PJRT_Buffer_Destroy_Args* args) {
  delete args->buffer;
  return Status();
}

Status BufferElementType(PJRT_Buffer_ElementType_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_ElementType");
  args->type = ToPjrtBufferType(args->buffer->shape.type);
  return Status();
}

Status BufferDimensions(PJRT_Buffer_Dimensions_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_Dimensions");
  args->dims = args->buffer->shape.dims.data();
  args->num_dims = args->buffer->shape.dims.size();
  return Status();
}

Status BufferUnpaddedDimensions(PJRT_Buffer_UnpaddedDimensions_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_UnpaddedDimensions");
  args->unpadded_dims = args->buffer->shape.dims.data();
  args->num_dims = args->buffer->shape.dims.size();
  return Status();
}

Status BufferDynamicDimensionIndices(PJRT_Buffer_DynamicDimensionIndices_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_DynamicDimensionIndices");
  args->dynamic_dim_indices = nullptr;  // all shapes are static
  args->num_dynamic_dims = 0;
  return Status();
}

Status BufferGetMemoryLayout(PJRT_Buffer_GetMemoryLayout_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_GetMemoryLayout");
  PJRT_Buffer_MemoryLayout& layout = args->layout;
  std::memset(&layout, 0, sizeof(layout));
  layout.struct_size = PJRT_Buffer_MemoryLayout_STRUCT_SIZE;
  layout.type = PJRT_Buffer_MemoryLayout_Type_Tiled;
  layout.tiled.struct_size = PJRT_Buffer_MemoryLayout_Tiled_STRUCT_SIZE;
  layout.tiled.minor_to_major = args->buffer->minor_to_major.data();
  layout.tiled.minor_to_major_size = args->buffer->minor_to_major.size();
  layout.tiled.num_tiles = 0;
  return Status();
}

Status BufferOnDeviceSizeInBytes(PJRT_Buffer_OnDeviceSizeInBytes_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_OnDeviceSizeInBytes");
  args->on_device_size_in_bytes = args->buffer->shape.byte_size();
  return Status();
}

Status BufferDevice(PJRT_Buffer_Device_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_Device");
  args->device = args->buffer->device;
  return Status();
}

Status BufferMemory(PJRT_Buffer_Memory_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_Memory");
  args->memory = args->buffer->memory;
  return Status();
}

Status BufferDelete(PJRT_Buffer_Delete_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_Delete");
  // Deleting twice is harmless. External references keep the memory until they are dropped.
  MarkBufferDeleted(args->buffer);
  return Status();
}

Status BufferIsDeleted(PJRT_Buffer_IsDeleted_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_IsDeleted");
  std::lock_guard<std::mutex> lock(args->buffer->mu);
  args->is_deleted = args->buffer->data == nullptr;
  return Status();
}

Status BufferCopyToDevice(PJRT_Buffer_CopyToDevice_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_CopyToDevice";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  JAXLIB_REQUIRE_HANDLE(args->dst_device, kEntry);
  JAXLIB_ASSIGN_OR_RETURN(args->dst_buffer, CopyToDeviceOf(kEntry, args->buffer, args->dst_device, nullptr));
  return Status();
}

Status BufferCopyToMemory(PJRT_Buffer_CopyToMemory_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_CopyToMemory";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  JAXLIB_REQUIRE_HANDLE(args->dst_memory, kEntry);
  PJRT_Memory* memory = args->dst_memory;
  if (memory->client != args->buffer->client.get()) {
    return InvalidArgument(Prefixed(kEntry, "memory " + memory->debug_string + " belongs to another client"));
  }
  PJRT_Device* device = memory->client->devices[memory->device_ordinal];
  JAXLIB_ASSIGN_OR_RETURN(args->dst_buffer, CopyToDeviceOf(kEntry, args->buffer, device, memory));
  return Status();
}

Status BufferToHostBuffer(PJRT_Buffer_ToHostBuffer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_ToHostBuffer";
  JAXLIB_REQUIRE_HANDLE(args->src, kEntry);
  PJRT_Buffer* buffer = args->src;
  JAXLIB_ASSIGN_OR_RETURN(std::optional<std::vector<int64_t>> strides,
                          HostLayoutStrides(kEntry, args->host_layout, buffer->shape));
  const size_t element_size = ElementTypeByteSize(buffer->shape.type);
  const size_t needed = strides ? static_cast<size_t>(StridedExtentBytes(buffer->shape.dims, *strides,
                                                                         element_size))
                                : buffer->shape.byte_size();
  if (args->dst == nullptr) {
    args->dst_size = needed;  // size query: nothing copied, no event
    args->event = nullptr;
    return Status();
  }
  if (args->dst_size < needed) {
    return InvalidArgument(Prefixed(kEntry, "dst_size " + std::to_string(args->dst_size) +
                                                " is smaller than the " + std::to_string(needed) +
                                                " bytes needed for " + ShapeToString(buffer->shape)));
  }
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data, LiveBufferData(buffer, kEntry));
  auto event = std::make_unique<PJRT_Event>();
  // The copy is synchronous, so a failure is reported directly and the event is always ready.
  JAXLIB_RETURN_IF_ERROR(CopyBufferToHost(*buffer->client->backend, *data, strides, args->dst));
  event->state = EventState::MakeReady();
  args->event = event.release();
  return Status();
}

Status BufferCopyRawToHost(PJRT_Buffer_CopyRawToHost_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_CopyRawToHost";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  PJRT_Buffer* buffer = args->buffer;
  const int64_t total = static_cast<int64_t>(buffer->shape.byte_size());
  if (args->offset < 0 || args->transfer_size < 0 || args->offset > total ||
      args->transfer_size > total - args->offset) {
    return InvalidArgument(Prefixed(kEntry, "range [" + std::to_string(args->offset) + ", +" +
                                                std::to_string(args->transfer_size) +
                                                ") is outside the buffer's " + std::to_string(total) +
                                                " bytes"));
  }
  if (args->dst == nullptr && args->transfer_size != 0) return InvalidArgument(Prefixed(kEntry, "dst is NULL"));
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data, LiveBufferData(buffer, kEntry));
  auto event = std::make_unique<PJRT_Event>();
  if (args->transfer_size != 0) {
    if (const void* host = data->host_data(); host != nullptr) {
      std::memcpy(args->dst, static_cast<const char*>(host) + args->offset, args->transfer_size);
    } else {
      std::vector<char> staging(static_cast<size_t>(total));
      JAXLIB_RETURN_IF_ERROR(buffer->client->backend->BufferToHost(*data, staging.data()));
      std::memcpy(args->dst, staging.data() + args->offset, args->transfer_size);
    }
  }
  event->state = EventState::MakeReady();
  args->event = event.release();
  return Status();
}

Status BufferIsOnCpu(PJRT_Buffer_IsOnCpu_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_IsOnCpu");
  args->is_on_cpu = args->buffer->client->backend->memory_is_host();
  return Status();
}

Status BufferReadyEvent(PJRT_Buffer_ReadyEvent_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_ReadyEvent");
  args->event = new PJRT_Event{args->buffer->ready};
  return Status();
}

Status BufferUnsafePointer(PJRT_Buffer_UnsafePointer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_UnsafePointer";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  JAXLIB_ASSIGN_OR_RETURN(DeviceBufferPtr data, LiveBufferData(args->buffer, kEntry));
  args->buffer_pointer = reinterpret_cast<uintptr_t>(data->device_pointer());
  return Status();
}

Status BufferIncreaseExternalReferenceCount(PJRT_Buffer_IncreaseExternalReferenceCount_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_IncreaseExternalReferenceCount";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  PJRT_Buffer* buffer = args->buffer;
  std::lock_guard<std::mutex> lock(buffer->mu);
  if (buffer->data == nullptr) {
    return InvalidArgument(Prefixed(kEntry, "the buffer has been deleted or donated"));
  }
  ++buffer->external_references;
  buffer->external_hold = buffer->data;
  return Status();
}

Status BufferDecreaseExternalReferenceCount(PJRT_Buffer_DecreaseExternalReferenceCount_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->buffer, "PJRT_Buffer_DecreaseExternalReferenceCount");
  PJRT_Buffer* buffer = args->buffer;
  DeviceBufferPtr released;
  {
    std::lock_guard<std::mutex> lock(buffer->mu);
    if (buffer->external_references == 0) {
      return InvalidArgument("Attempting to decrease reference on a buffer with zero reference count.");
    }
    if (--buffer->external_references == 0) released = std::move(buffer->external_hold);
  }
  return Status();
}

Status BufferOpaqueDeviceMemoryDataPointer(PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args* args) {
  static constexpr char kEntry[] = "PJRT_Buffer_OpaqueDeviceMemoryDataPointer";
  JAXLIB_REQUIRE_HANDLE(args->buffer, kEntry);
  PJRT_Buffer* buffer = args->buffer;
  std::lock_guard<std::mutex> lock(buffer->mu);
  // An external reference keeps the pointer valid even after Delete, which is the point of it.
  DeviceBuffer* data = buffer->data != nullptr ? buffer->data.get() : buffer->external_hold.get();
  if (data == nullptr) return InvalidArgument(Prefixed(kEntry, "the buffer has been deleted or donated"));
  args->device_memory_ptr = data->device_pointer();
  return Status();
}

}  // namespace entry
}  // namespace jaxlib::plugin
