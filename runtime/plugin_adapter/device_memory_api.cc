// PJRT_DeviceDescription_*, PJRT_Device_* and PJRT_Memory_* entry points: read-only views of
// handles built once in Client_Create. The only call that reaches the backend is MemoryStats.
#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin::entry {

Status DeviceDescriptionId(PJRT_DeviceDescription_Id_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_Id");
  args->id = args->device_description->id;
  return Status();
}

Status DeviceDescriptionProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_ProcessIndex");
  args->process_index = args->device_description->process_index;
  return Status();
}

Status DeviceDescriptionAttributes(PJRT_DeviceDescription_Attributes_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_Attributes");
  const std::vector<PJRT_NamedValue>& attributes = args->device_description->attributes;
  args->attributes = attributes.data();
  args->num_attributes = attributes.size();
  return Status();
}

Status DeviceDescriptionKind(PJRT_DeviceDescription_Kind_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_Kind");
  args->device_kind = args->device_description->kind.c_str();
  args->device_kind_size = args->device_description->kind.size();
  return Status();
}

Status DeviceDescriptionDebugString(PJRT_DeviceDescription_DebugString_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_DebugString");
  args->debug_string = args->device_description->debug_string.c_str();
  args->debug_string_size = args->device_description->debug_string.size();
  return Status();
}

Status DeviceDescriptionToString(PJRT_DeviceDescription_ToString_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device_description, "PJRT_DeviceDescription_ToString");
  args->to_string = args->device_description->to_string.c_str();
  args->to_string_size = args->device_description->to_string.size();
  return Status();
}

Status DeviceGetDescription(PJRT_Device_GetDescription_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_GetDescription");
  args->device_description = &args->device->description;
  return Status();
}

Status DeviceIsAddressable(PJRT_Device_IsAddressable_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_IsAddressable");
  args->is_addressable = args->device->addressable;  // false for other processes' devices
  return Status();
}

Status DeviceLocalHardwareId(PJRT_Device_LocalHardwareId_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_LocalHardwareId");
  args->local_hardware_id = args->device->local_hardware_id;
  return Status();
}

Status DeviceAddressableMemories(PJRT_Device_AddressableMemories_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_AddressableMemories");
  args->memories = args->device->memories.data();
  args->num_memories = args->device->memories.size();
  return Status();
}

Status DeviceDefaultMemory(PJRT_Device_DefaultMemory_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_DefaultMemory");
  if (!args->device->addressable) {
    return InvalidArgument("PJRT_Device_DefaultMemory: " + args->device->description.debug_string +
                           " belongs to process " + std::to_string(args->device->description.process_index) +
                           " and has no memory this process can address");
  }
  args->memory = args->device->default_memory;
  return Status();
}

Status DeviceMemoryStats(PJRT_Device_MemoryStats_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->device, "PJRT_Device_MemoryStats");
  PJRT_Device* device = args->device;
  JAXLIB_ASSIGN_OR_RETURN(MemoryStatsInfo stats, device->client->backend->MemoryStats(device->ordinal));
  // Only fields of the 0.81 layout are written; newer callers' extra fields stay as they set them.
  args->bytes_in_use = stats.bytes_in_use;
  args->peak_bytes_in_use = stats.peak_bytes_in_use;
  args->peak_bytes_in_use_is_set = true;
  args->num_allocs = stats.num_allocs;
  args->num_allocs_is_set = true;
  args->largest_alloc_size_is_set = false;
  args->bytes_limit = stats.bytes_limit;
  args->bytes_limit_is_set = stats.bytes_limit > 0;
  args->bytes_reserved_is_set = false;
  args->peak_bytes_reserved_is_set = false;
  args->bytes_reservable_limit_is_set = false;
  args->largest_free_block_bytes_is_set = false;
  args->pool_bytes_is_set = false;
  args->peak_pool_bytes_is_set = false;
  return Status();
}

Status MemoryId(PJRT_Memory_Id_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_Id");
  args->id = args->memory->id;
  return Status();
}

Status MemoryKind(PJRT_Memory_Kind_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_Kind");
  args->kind = args->memory->kind.c_str();
  args->kind_size = args->memory->kind.size();
  return Status();
}

Status MemoryKindId(PJRT_Memory_Kind_Id_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_Kind_Id");
  args->kind_id = args->memory->kind_id;
  return Status();
}

Status MemoryDebugString(PJRT_Memory_DebugString_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_DebugString");
  args->debug_string = args->memory->debug_string.c_str();
  args->debug_string_size = args->memory->debug_string.size();
  return Status();
}

Status MemoryToString(PJRT_Memory_ToString_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_ToString");
  args->to_string = args->memory->to_string.c_str();
  args->to_string_size = args->memory->to_string.size();
  return Status();
}

Status MemoryAddressableByDevices(PJRT_Memory_AddressableByDevices_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->memory, "PJRT_Memory_AddressableByDevices");
  args->devices = args->memory->devices.data();
  args->num_devices = args->memory->devices.size();
  return Status();
}

}  // namespace jaxlib::plugin::entry
