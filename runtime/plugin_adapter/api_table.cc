// Builds the process-wide PJRT_Api table of a plugin: every slot of the header's version is
// filled, each implemented slot wrapped in RunEntry (the ABI checks and exception barrier),
// every other slot answering UNIMPLEMENTED with its own name. Also owns the plugin-attribute
// array, which the C API promises lives for the whole process. Never frees either: plugins are
// never unloaded.
#include <cstring>
#include <deque>
#include <mutex>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/entry_points.h"
#include "runtime/plugin_adapter/pjrt_api.h"

namespace jaxlib::plugin {
namespace {

// The table must cover exactly the header we compile against; a new header minor with more
// slots fails here until they are wired below.
constexpr size_t kFirstSlotOffset = offsetof(PJRT_Api, PJRT_Error_Destroy);
constexpr size_t kSlotCount = (PJRT_Api_STRUCT_SIZE - kFirstSlotOffset) / sizeof(void*);
static_assert(PJRT_API_MAJOR == 0 && PJRT_API_MINOR == 81 && kSlotCount == 118,
              "the adapter fills the 118 slots of PJRT C API 0.81; wire the new slots first");

constexpr int64_t kXlaVersion = 2;

struct PluginState {
  PluginDefinition definition;
  // Stable storage for attribute names and values (deque: growth never moves elements).
  std::deque<std::string> strings;
  std::vector<PJRT_NamedValue> attributes;
  PJRT_Api api;
};

PluginState* g_state = nullptr;
std::once_flag g_once;

PJRT_NamedValue BaseValue(PluginState& state, std::string name, PJRT_NamedValue_Type type) {
  PJRT_NamedValue value;
  std::memset(&value, 0, sizeof(value));
  value.struct_size = PJRT_NamedValue_STRUCT_SIZE;
  const std::string& stored = state.strings.emplace_back(std::move(name));
  value.name = stored.c_str();
  value.name_size = stored.size();
  value.type = type;
  return value;
}

void AddString(PluginState& state, std::string name, std::string text) {
  PJRT_NamedValue value = BaseValue(state, std::move(name), PJRT_NamedValue_kString);
  const std::string& stored = state.strings.emplace_back(std::move(text));
  value.string_value = stored.c_str();
  value.value_size = stored.size();
  state.attributes.push_back(value);
}

void AddInt64(PluginState& state, std::string name, int64_t number) {
  PJRT_NamedValue value = BaseValue(state, std::move(name), PJRT_NamedValue_kInt64);
  value.int64_value = number;
  value.value_size = 1;
  state.attributes.push_back(value);
}

void AddInt64List(PluginState& state, std::string name, const int64_t* list, size_t size) {
  PJRT_NamedValue value = BaseValue(state, std::move(name), PJRT_NamedValue_kInt64List);
  value.int64_array_value = list;  // static arrays above
  value.value_size = size;
  state.attributes.push_back(value);
}

void BuildAttributes(PluginState& state) {
  const BuildInfo& build = state.definition.build_info;
  AddInt64(state, "xla_version", kXlaVersion);
  // JAX serializes its programs for `stablehlo_current_version`: what our compiler reads.
  const auto& current = state.definition.stablehlo_current_version;
  if (current[0] != 0 || current[1] != 0 || current[2] != 0) {
    AddInt64List(state, "stablehlo_current_version", current.data(), 3);
    AddInt64List(state, "stablehlo_minimum_version", state.definition.stablehlo_minimum_version.data(), 3);
  }
  // Our build facts, compared by jaxlib with the backend's `_ext` before any other call.
  AddString(state, "jaxlib_version", build.version);
  AddString(state, "jaxlib_backend", build.backend);
  AddString(state, "jaxlib_git_revision", build.git_revision);
  AddString(state, "jaxlib_build_id", build.build_id);
  std::string toolkit;
  for (const auto& [name, version] : build.toolkit) {
    if (!toolkit.empty()) toolkit += ',';
    toolkit += version.empty() ? name : name + "=" + version;
  }
  AddString(state, "jaxlib_toolkit", toolkit);
  for (const auto& [name, version] : build.toolkit) {
    AddString(state, "jaxlib_toolkit_" + name, version);
  }
}

PJRT_Error* UnsupportedError(const char* name) noexcept {
  try {
    return ToPjrtError(Unimplemented(std::string(name) + " is not implemented by the jaxlib " +
                                     g_state->definition.build_info.backend + " plugin"));
  } catch (...) {
    return OutOfMemoryError();
  }
}

// Captureless lambdas convert to the C function-pointer type of each slot.
#define JAXLIB_WIRE_MIN_SIZE(Name, Body, MinSize)                                     \
  api.Name = [](Name##_Args* args) noexcept -> PJRT_Error* {                           \
    return RunEntry(#Name, args, MinSize, [args] { return entry::Body(args); });       \
  }
#define JAXLIB_WIRE(Name, Body) JAXLIB_WIRE_MIN_SIZE(Name, Body, Name##_Args_STRUCT_SIZE)
#define JAXLIB_UNSUPPORTED(Name) \
  api.Name = [](Name##_Args*) noexcept -> PJRT_Error* { return UnsupportedError(#Name); }

void FillTable(PJRT_Api& api) {
  std::memset(&api, 0, sizeof(api));
  api.struct_size = PJRT_Api_STRUCT_SIZE;
  // Capabilities beyond the table: the FFI extension (typed custom calls, user data).
  api.extension_start = FfiExtension(nullptr);
  api.pjrt_api_version.struct_size = PJRT_Api_Version_STRUCT_SIZE;
  api.pjrt_api_version.extension_start = nullptr;
  api.pjrt_api_version.major_version = PJRT_API_MAJOR;
  api.pjrt_api_version.minor_version = PJRT_API_MINOR;

  api.PJRT_Error_Destroy = &entry::ErrorDestroy;
  api.PJRT_Error_Message = &entry::ErrorMessage;
  JAXLIB_WIRE(PJRT_Error_GetCode, ErrorGetCode);
  JAXLIB_WIRE(PJRT_Plugin_Initialize, PluginInitialize);
  JAXLIB_WIRE(PJRT_Plugin_Attributes, PluginAttributes);

  JAXLIB_WIRE(PJRT_Event_Destroy, EventDestroy);
  JAXLIB_WIRE(PJRT_Event_IsReady, EventIsReady);
  JAXLIB_WIRE(PJRT_Event_Error, EventError);
  JAXLIB_WIRE(PJRT_Event_Await, EventAwait);
  JAXLIB_WIRE(PJRT_Event_OnReady, EventOnReady);

  // Client_Create reads nothing past `client`, so hosts built before kv_try_get (72 bytes)
  // are accepted too.
  JAXLIB_WIRE_MIN_SIZE(PJRT_Client_Create, ClientCreate,
                       offsetof(PJRT_Client_Create_Args, client) + sizeof(PJRT_Client*));
  JAXLIB_WIRE(PJRT_Client_Destroy, ClientDestroy);
  JAXLIB_WIRE(PJRT_Client_PlatformName, ClientPlatformName);
  JAXLIB_WIRE(PJRT_Client_ProcessIndex, ClientProcessIndex);
  JAXLIB_WIRE(PJRT_Client_PlatformVersion, ClientPlatformVersion);
  JAXLIB_WIRE(PJRT_Client_Devices, ClientDevices);
  JAXLIB_WIRE(PJRT_Client_AddressableDevices, ClientAddressableDevices);
  JAXLIB_WIRE(PJRT_Client_LookupDevice, ClientLookupDevice);
  JAXLIB_WIRE(PJRT_Client_LookupAddressableDevice, ClientLookupAddressableDevice);
  JAXLIB_WIRE(PJRT_Client_AddressableMemories, ClientAddressableMemories);
  JAXLIB_WIRE(PJRT_Client_Compile, ClientCompile);
  JAXLIB_WIRE(PJRT_Client_DefaultDeviceAssignment, ClientDefaultDeviceAssignment);
  JAXLIB_WIRE(PJRT_Client_BufferFromHostBuffer, ClientBufferFromHostBuffer);

  JAXLIB_WIRE(PJRT_DeviceDescription_Id, DeviceDescriptionId);
  JAXLIB_WIRE(PJRT_DeviceDescription_ProcessIndex, DeviceDescriptionProcessIndex);
  JAXLIB_WIRE(PJRT_DeviceDescription_Attributes, DeviceDescriptionAttributes);
  JAXLIB_WIRE(PJRT_DeviceDescription_Kind, DeviceDescriptionKind);
  JAXLIB_WIRE(PJRT_DeviceDescription_DebugString, DeviceDescriptionDebugString);
  JAXLIB_WIRE(PJRT_DeviceDescription_ToString, DeviceDescriptionToString);

  JAXLIB_WIRE(PJRT_Device_GetDescription, DeviceGetDescription);
  JAXLIB_WIRE(PJRT_Device_IsAddressable, DeviceIsAddressable);
  JAXLIB_WIRE(PJRT_Device_LocalHardwareId, DeviceLocalHardwareId);
  JAXLIB_WIRE(PJRT_Device_AddressableMemories, DeviceAddressableMemories);
  JAXLIB_WIRE(PJRT_Device_DefaultMemory, DeviceDefaultMemory);
  JAXLIB_WIRE(PJRT_Device_MemoryStats, DeviceMemoryStats);

  JAXLIB_WIRE(PJRT_Memory_Id, MemoryId);
  JAXLIB_WIRE(PJRT_Memory_Kind, MemoryKind);
  JAXLIB_WIRE(PJRT_Memory_DebugString, MemoryDebugString);
  JAXLIB_WIRE(PJRT_Memory_ToString, MemoryToString);
  JAXLIB_WIRE(PJRT_Memory_AddressableByDevices, MemoryAddressableByDevices);

  JAXLIB_WIRE(PJRT_Executable_Destroy, ExecutableDestroy);
  JAXLIB_WIRE(PJRT_Executable_Name, ExecutableName);
  JAXLIB_WIRE(PJRT_Executable_NumReplicas, ExecutableNumReplicas);
  JAXLIB_WIRE(PJRT_Executable_NumPartitions, ExecutableNumPartitions);
  JAXLIB_WIRE(PJRT_Executable_NumOutputs, ExecutableNumOutputs);
  JAXLIB_WIRE(PJRT_Executable_SizeOfGeneratedCodeInBytes, ExecutableSizeOfGeneratedCodeInBytes);
  JAXLIB_WIRE(PJRT_Executable_GetCostAnalysis, ExecutableGetCostAnalysis);
  JAXLIB_WIRE(PJRT_Executable_OutputMemoryKinds, ExecutableOutputMemoryKinds);
  JAXLIB_WIRE(PJRT_Executable_OptimizedProgram, ExecutableOptimizedProgram);
  JAXLIB_WIRE(PJRT_Executable_Serialize, ExecutableSerialize);

  JAXLIB_WIRE(PJRT_LoadedExecutable_Destroy, LoadedExecutableDestroy);
  JAXLIB_WIRE(PJRT_LoadedExecutable_GetExecutable, LoadedExecutableGetExecutable);
  JAXLIB_WIRE(PJRT_LoadedExecutable_AddressableDevices, LoadedExecutableAddressableDevices);
  JAXLIB_WIRE(PJRT_LoadedExecutable_Delete, LoadedExecutableDelete);
  JAXLIB_WIRE(PJRT_LoadedExecutable_IsDeleted, LoadedExecutableIsDeleted);
  JAXLIB_WIRE(PJRT_LoadedExecutable_Execute, LoadedExecutableExecute);
  // Hosts that predate the compile-options override end the struct at loaded_executable.
  JAXLIB_WIRE_MIN_SIZE(PJRT_Executable_DeserializeAndLoad, ExecutableDeserializeAndLoad,
                       offsetof(PJRT_Executable_DeserializeAndLoad_Args, loaded_executable) +
                           sizeof(PJRT_LoadedExecutable*));
  JAXLIB_WIRE(PJRT_LoadedExecutable_Fingerprint, LoadedExecutableFingerprint);

  JAXLIB_WIRE(PJRT_Buffer_Destroy, BufferDestroy);
  JAXLIB_WIRE(PJRT_Buffer_ElementType, BufferElementType);
  JAXLIB_WIRE(PJRT_Buffer_Dimensions, BufferDimensions);
  JAXLIB_WIRE(PJRT_Buffer_UnpaddedDimensions, BufferUnpaddedDimensions);
  JAXLIB_WIRE(PJRT_Buffer_DynamicDimensionIndices, BufferDynamicDimensionIndices);
  JAXLIB_WIRE(PJRT_Buffer_GetMemoryLayout, BufferGetMemoryLayout);
  JAXLIB_WIRE(PJRT_Buffer_OnDeviceSizeInBytes, BufferOnDeviceSizeInBytes);
  JAXLIB_WIRE(PJRT_Buffer_Device, BufferDevice);
  JAXLIB_WIRE(PJRT_Buffer_Memory, BufferMemory);
  JAXLIB_WIRE(PJRT_Buffer_Delete, BufferDelete);
  JAXLIB_WIRE(PJRT_Buffer_IsDeleted, BufferIsDeleted);
  JAXLIB_WIRE(PJRT_Buffer_CopyToDevice, BufferCopyToDevice);
  JAXLIB_WIRE(PJRT_Buffer_ToHostBuffer, BufferToHostBuffer);
  JAXLIB_WIRE(PJRT_Buffer_IsOnCpu, BufferIsOnCpu);
  JAXLIB_WIRE(PJRT_Buffer_ReadyEvent, BufferReadyEvent);
  JAXLIB_WIRE(PJRT_Buffer_UnsafePointer, BufferUnsafePointer);
  JAXLIB_WIRE(PJRT_Buffer_IncreaseExternalReferenceCount, BufferIncreaseExternalReferenceCount);
  JAXLIB_WIRE(PJRT_Buffer_DecreaseExternalReferenceCount, BufferDecreaseExternalReferenceCount);
  JAXLIB_WIRE(PJRT_Buffer_OpaqueDeviceMemoryDataPointer, BufferOpaqueDeviceMemoryDataPointer);

  JAXLIB_UNSUPPORTED(PJRT_CopyToDeviceStream_Destroy);
  JAXLIB_UNSUPPORTED(PJRT_CopyToDeviceStream_AddChunk);
  JAXLIB_UNSUPPORTED(PJRT_CopyToDeviceStream_TotalBytes);
  JAXLIB_UNSUPPORTED(PJRT_CopyToDeviceStream_GranuleSize);
  JAXLIB_UNSUPPORTED(PJRT_CopyToDeviceStream_CurrentBytes);

  JAXLIB_WIRE(PJRT_TopologyDescription_Create, TopologyDescriptionCreate);
  JAXLIB_WIRE(PJRT_TopologyDescription_Destroy, TopologyDescriptionDestroy);
  JAXLIB_WIRE(PJRT_TopologyDescription_PlatformName, TopologyDescriptionPlatformName);
  JAXLIB_WIRE(PJRT_TopologyDescription_PlatformVersion, TopologyDescriptionPlatformVersion);
  JAXLIB_WIRE(PJRT_TopologyDescription_GetDeviceDescriptions, TopologyDescriptionGetDeviceDescriptions);
  JAXLIB_WIRE(PJRT_TopologyDescription_Serialize, TopologyDescriptionSerialize);
  JAXLIB_WIRE(PJRT_TopologyDescription_Attributes, TopologyDescriptionAttributes);

  JAXLIB_UNSUPPORTED(PJRT_Compile);
  JAXLIB_WIRE(PJRT_Executable_OutputElementTypes, ExecutableOutputElementTypes);
  JAXLIB_WIRE(PJRT_Executable_OutputDimensions, ExecutableOutputDimensions);
  JAXLIB_WIRE(PJRT_Buffer_CopyToMemory, BufferCopyToMemory);
  // `memory` was appended late; hosts that predate it end the struct at `stream`.
  JAXLIB_WIRE_MIN_SIZE(PJRT_Client_CreateViewOfDeviceBuffer, ClientCreateViewOfDeviceBuffer,
                       offsetof(PJRT_Client_CreateViewOfDeviceBuffer_Args, buffer) + sizeof(PJRT_Buffer*));
  JAXLIB_WIRE(PJRT_Executable_Fingerprint, ExecutableFingerprint);
  JAXLIB_WIRE(PJRT_Client_TopologyDescription, ClientTopologyDescription);
  JAXLIB_WIRE(PJRT_Executable_GetCompiledMemoryStats, ExecutableGetCompiledMemoryStats);
  JAXLIB_WIRE(PJRT_Memory_Kind_Id, MemoryKindId);
  JAXLIB_WIRE(PJRT_ExecuteContext_Create, ExecuteContextCreate);
  JAXLIB_WIRE(PJRT_ExecuteContext_Destroy, ExecuteContextDestroy);
  JAXLIB_WIRE(PJRT_Buffer_CopyRawToHost, BufferCopyRawToHost);

  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_Destroy);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_TransferData);
  JAXLIB_UNSUPPORTED(PJRT_Client_CreateBuffersForAsyncHostToDevice);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_Device);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_BufferCount);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_BufferSize);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_SetBufferError);
  JAXLIB_UNSUPPORTED(PJRT_AsyncHostToDeviceTransferManager_AddMetadata);
  JAXLIB_UNSUPPORTED(PJRT_Client_DmaMap);
  JAXLIB_UNSUPPORTED(PJRT_Client_DmaUnmap);
  JAXLIB_WIRE(PJRT_Client_CreateUninitializedBuffer, ClientCreateUninitializedBuffer);
  JAXLIB_WIRE(PJRT_Client_UpdateGlobalProcessInfo, ClientUpdateGlobalProcessInfo);
  JAXLIB_UNSUPPORTED(PJRT_TopologyDescription_Deserialize);
  JAXLIB_UNSUPPORTED(PJRT_Client_CreateAliasBuffer);
  JAXLIB_UNSUPPORTED(PJRT_Client_FulfillAliasBuffer);
  JAXLIB_WIRE(PJRT_LoadedExecutable_GetDeviceAssignment, LoadedExecutableGetDeviceAssignment);
}

#undef JAXLIB_WIRE
#undef JAXLIB_WIRE_MIN_SIZE
#undef JAXLIB_UNSUPPORTED

bool EverySlotFilled(const PJRT_Api& api) {
  const char* base = reinterpret_cast<const char*>(&api) + kFirstSlotOffset;
  for (size_t i = 0; i < kSlotCount; ++i) {
    void (*slot)() = nullptr;
    std::memcpy(&slot, base + i * sizeof(void*), sizeof(slot));
    if (slot == nullptr) return false;
  }
  return true;
}

}  // namespace

const PluginDefinition& ActivePlugin() { return g_state->definition; }

const std::vector<PJRT_NamedValue>& ActivePluginAttributes() { return g_state->attributes; }

const PJRT_Api* MakePjrtApi(const PluginDefinition& definition) noexcept {
  try {
    std::call_once(g_once, [&definition] {
      auto state = std::make_unique<PluginState>();
      state->definition = definition;
      BuildAttributes(*state);
      FillTable(state->api);
      // A hole in the table would be a segfault in the host; refusing to load is kinder.
      if (!EverySlotFilled(state->api)) return;
      g_state = state.release();
    });
  } catch (...) {
    return nullptr;  // call_once rethrows the lambda's bad_alloc and lets a later call retry
  }
  return g_state != nullptr ? &g_state->api : nullptr;
}

std::vector<std::pair<std::string, std::string>> ParseToolkit(std::string_view toolkit) {
  std::vector<std::pair<std::string, std::string>> entries;
  auto trim = [](std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
  };
  while (!toolkit.empty()) {
    size_t comma = toolkit.find(',');
    std::string_view item = trim(toolkit.substr(0, comma));
    toolkit = comma == std::string_view::npos ? std::string_view() : toolkit.substr(comma + 1);
    if (item.empty()) continue;
    size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      entries.emplace_back(std::string(item), std::string());
    } else {
      entries.emplace_back(std::string(trim(item.substr(0, eq))), std::string(trim(item.substr(eq + 1))));
    }
  }
  return entries;
}

}  // namespace jaxlib::plugin
