// Declarations of the adapter's PJRT entry-point bodies, grouped by the file that defines
// them. Each takes the C args struct and returns a Status; api_table.cc wraps every one in
// RunEntry (NULL/struct_size checks, exception barrier). Bodies must not be called directly.
#pragma once

#include <memory>
#include <vector>

#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/plugin_adapter/backend.h"
#include "runtime/plugin_adapter/pjrt_handles.h"
#include "runtime/support/status.h"

namespace jaxlib::plugin {

// The definition MakePjrtApi was given, and the attribute array built from it.
const PluginDefinition& ActivePlugin();
const std::vector<PJRT_NamedValue>& ActivePluginAttributes();

// The PJRT FFI extension (ffi_extension.cc), a static struct chained in front of `next`; the
// first call fixes `next`.
PJRT_Extension_Base* FfiExtension(PJRT_Extension_Base* next);

// Buffer helpers shared by buffer_api.cc (which defines them) and executable_api.cc.
// Wraps backend memory into a new buffer handle on the device the memory reports.
// `memory` must be one of that device's memories; nullptr means its default memory.
StatusOr<std::unique_ptr<PJRT_Buffer>> WrapDeviceBuffer(const std::shared_ptr<PJRT_Client>& client,
                                                        DeviceBufferPtr data, PJRT_Memory* memory = nullptr);
// The buffer's memory, or INVALID_ARGUMENT "<entry>: ... deleted or donated".
StatusOr<DeviceBufferPtr> LiveBufferData(PJRT_Buffer* buffer, const char* entry);
// Marks a buffer deleted (donation); the memory is released outside the buffer's lock.
void MarkBufferDeleted(PJRT_Buffer* buffer);

namespace entry {

// error_event_api.cc
void ErrorDestroy(PJRT_Error_Destroy_Args* args) noexcept;
void ErrorMessage(PJRT_Error_Message_Args* args) noexcept;
Status ErrorGetCode(PJRT_Error_GetCode_Args* args);
Status PluginInitialize(PJRT_Plugin_Initialize_Args* args);
Status PluginAttributes(PJRT_Plugin_Attributes_Args* args);
Status EventDestroy(PJRT_Event_Destroy_Args* args);
Status EventIsReady(PJRT_Event_IsReady_Args* args);
Status EventError(PJRT_Event_Error_Args* args);
Status EventAwait(PJRT_Event_Await_Args* args);
Status EventOnReady(PJRT_Event_OnReady_Args* args);

// client_api.cc
Status ClientCreate(PJRT_Client_Create_Args* args);
Status ClientDestroy(PJRT_Client_Destroy_Args* args);
Status ClientPlatformName(PJRT_Client_PlatformName_Args* args);
Status ClientProcessIndex(PJRT_Client_ProcessIndex_Args* args);
Status ClientUpdateGlobalProcessInfo(PJRT_Client_UpdateGlobalProcessInfo_Args* args);
Status ClientPlatformVersion(PJRT_Client_PlatformVersion_Args* args);
Status ClientDevices(PJRT_Client_Devices_Args* args);
Status ClientAddressableDevices(PJRT_Client_AddressableDevices_Args* args);
Status ClientLookupDevice(PJRT_Client_LookupDevice_Args* args);
Status ClientLookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args* args);
Status ClientAddressableMemories(PJRT_Client_AddressableMemories_Args* args);
Status ClientDefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args* args);
Status ClientTopologyDescription(PJRT_Client_TopologyDescription_Args* args);
Status ExecuteContextCreate(PJRT_ExecuteContext_Create_Args* args);
Status ExecuteContextDestroy(PJRT_ExecuteContext_Destroy_Args* args);
Status TopologyDescriptionCreate(PJRT_TopologyDescription_Create_Args* args);
Status TopologyDescriptionDestroy(PJRT_TopologyDescription_Destroy_Args* args);
Status TopologyDescriptionPlatformName(PJRT_TopologyDescription_PlatformName_Args* args);
Status TopologyDescriptionPlatformVersion(PJRT_TopologyDescription_PlatformVersion_Args* args);
Status TopologyDescriptionGetDeviceDescriptions(
    PJRT_TopologyDescription_GetDeviceDescriptions_Args* args);
Status TopologyDescriptionAttributes(PJRT_TopologyDescription_Attributes_Args* args);
Status TopologyDescriptionSerialize(PJRT_TopologyDescription_Serialize_Args* args);

// device_memory_api.cc
Status DeviceDescriptionId(PJRT_DeviceDescription_Id_Args* args);
Status DeviceDescriptionProcessIndex(PJRT_DeviceDescription_ProcessIndex_Args* args);
Status DeviceDescriptionAttributes(PJRT_DeviceDescription_Attributes_Args* args);
Status DeviceDescriptionKind(PJRT_DeviceDescription_Kind_Args* args);
Status DeviceDescriptionDebugString(PJRT_DeviceDescription_DebugString_Args* args);
Status DeviceDescriptionToString(PJRT_DeviceDescription_ToString_Args* args);
Status DeviceGetDescription(PJRT_Device_GetDescription_Args* args);
Status DeviceIsAddressable(PJRT_Device_IsAddressable_Args* args);
Status DeviceLocalHardwareId(PJRT_Device_LocalHardwareId_Args* args);
Status DeviceAddressableMemories(PJRT_Device_AddressableMemories_Args* args);
Status DeviceDefaultMemory(PJRT_Device_DefaultMemory_Args* args);
Status DeviceMemoryStats(PJRT_Device_MemoryStats_Args* args);
Status MemoryId(PJRT_Memory_Id_Args* args);
Status MemoryKind(PJRT_Memory_Kind_Args* args);
Status MemoryKindId(PJRT_Memory_Kind_Id_Args* args);
Status MemoryDebugString(PJRT_Memory_DebugString_Args* args);
Status MemoryToString(PJRT_Memory_ToString_Args* args);
Status MemoryAddressableByDevices(PJRT_Memory_AddressableByDevices_Args* args);

// buffer_api.cc
Status ClientBufferFromHostBuffer(PJRT_Client_BufferFromHostBuffer_Args* args);
Status ClientCreateViewOfDeviceBuffer(PJRT_Client_CreateViewOfDeviceBuffer_Args* args);
Status ClientCreateUninitializedBuffer(PJRT_Client_CreateUninitializedBuffer_Args* args);
Status BufferDestroy(PJRT_Buffer_Destroy_Args* args);
Status BufferElementType(PJRT_Buffer_ElementType_Args* args);
Status BufferDimensions(PJRT_Buffer_Dimensions_Args* args);
Status BufferUnpaddedDimensions(PJRT_Buffer_UnpaddedDimensions_Args* args);
Status BufferDynamicDimensionIndices(PJRT_Buffer_DynamicDimensionIndices_Args* args);
Status BufferGetMemoryLayout(PJRT_Buffer_GetMemoryLayout_Args* args);
Status BufferOnDeviceSizeInBytes(PJRT_Buffer_OnDeviceSizeInBytes_Args* args);
Status BufferDevice(PJRT_Buffer_Device_Args* args);
Status BufferMemory(PJRT_Buffer_Memory_Args* args);
Status BufferDelete(PJRT_Buffer_Delete_Args* args);
Status BufferIsDeleted(PJRT_Buffer_IsDeleted_Args* args);
Status BufferCopyToDevice(PJRT_Buffer_CopyToDevice_Args* args);
Status BufferCopyToMemory(PJRT_Buffer_CopyToMemory_Args* args);
Status BufferToHostBuffer(PJRT_Buffer_ToHostBuffer_Args* args);
Status BufferCopyRawToHost(PJRT_Buffer_CopyRawToHost_Args* args);
Status BufferIsOnCpu(PJRT_Buffer_IsOnCpu_Args* args);
Status BufferReadyEvent(PJRT_Buffer_ReadyEvent_Args* args);
Status BufferUnsafePointer(PJRT_Buffer_UnsafePointer_Args* args);
Status BufferIncreaseExternalReferenceCount(PJRT_Buffer_IncreaseExternalReferenceCount_Args* args);
Status BufferDecreaseExternalReferenceCount(PJRT_Buffer_DecreaseExternalReferenceCount_Args* args);
Status BufferOpaqueDeviceMemoryDataPointer(PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args* args);

// executable_api.cc
Status ClientCompile(PJRT_Client_Compile_Args* args);
Status ExecutableDestroy(PJRT_Executable_Destroy_Args* args);
Status ExecutableName(PJRT_Executable_Name_Args* args);
Status ExecutableNumReplicas(PJRT_Executable_NumReplicas_Args* args);
Status ExecutableNumPartitions(PJRT_Executable_NumPartitions_Args* args);
Status ExecutableNumOutputs(PJRT_Executable_NumOutputs_Args* args);
Status ExecutableSizeOfGeneratedCodeInBytes(PJRT_Executable_SizeOfGeneratedCodeInBytes_Args* args);
Status ExecutableGetCostAnalysis(PJRT_Executable_GetCostAnalysis_Args* args);
Status ExecutableOutputMemoryKinds(PJRT_Executable_OutputMemoryKinds_Args* args);
Status ExecutableOptimizedProgram(PJRT_Executable_OptimizedProgram_Args* args);
Status ExecutableOutputElementTypes(PJRT_Executable_OutputElementTypes_Args* args);
Status ExecutableOutputDimensions(PJRT_Executable_OutputDimensions_Args* args);
Status ExecutableFingerprint(PJRT_Executable_Fingerprint_Args* args);
Status ExecutableGetCompiledMemoryStats(PJRT_Executable_GetCompiledMemoryStats_Args* args);
Status ExecutableSerialize(PJRT_Executable_Serialize_Args* args);
Status ExecutableDeserializeAndLoad(PJRT_Executable_DeserializeAndLoad_Args* args);
Status LoadedExecutableDestroy(PJRT_LoadedExecutable_Destroy_Args* args);
Status LoadedExecutableGetExecutable(PJRT_LoadedExecutable_GetExecutable_Args* args);
Status LoadedExecutableAddressableDevices(PJRT_LoadedExecutable_AddressableDevices_Args* args);
Status LoadedExecutableDelete(PJRT_LoadedExecutable_Delete_Args* args);
Status LoadedExecutableIsDeleted(PJRT_LoadedExecutable_IsDeleted_Args* args);
Status LoadedExecutableExecute(PJRT_LoadedExecutable_Execute_Args* args);
Status LoadedExecutableFingerprint(PJRT_LoadedExecutable_Fingerprint_Args* args);
Status LoadedExecutableGetDeviceAssignment(PJRT_LoadedExecutable_GetDeviceAssignment_Args* args);

}  // namespace entry
}  // namespace jaxlib::plugin
