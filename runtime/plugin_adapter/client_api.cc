// PJRT_Client_* (except compile and host transfers), PJRT_ExecuteContext_* and
// PJRT_TopologyDescription_* entry points. Client_Create is the only place that decodes
// create options and the only place device/memory handles are made: they live as long as the
// client, which is why every pointer returned here can point straight into it.
#include <cstddef>
#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/compile_options_proto.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin {
namespace {

constexpr const char kDeviceMemoryKind[] = "device";
// First bytes of PJRT_TopologyDescription_Serialize's answer (our own format).
constexpr const char kTopologyMagic[] = "jaxlib-topology/1";

const char* OptionKindName(int kind) {
  switch (kind) {
    case PJRT_NamedValue_kString: return "kString";
    case PJRT_NamedValue_kInt64: return "kInt64";
    case PJRT_NamedValue_kInt64List: return "kInt64List";
    case PJRT_NamedValue_kFloat: return "kFloat";
    case PJRT_NamedValue_kBool: return "kBool";
    default: return "an unknown type";
  }
}

int ToPjrtKind(ClientOption::Kind kind) {
  switch (kind) {
    case ClientOption::Kind::kString: return PJRT_NamedValue_kString;
    case ClientOption::Kind::kInt64: return PJRT_NamedValue_kInt64;
    case ClientOption::Kind::kInt64List: return PJRT_NamedValue_kInt64List;
    case ClientOption::Kind::kFloat: return PJRT_NamedValue_kFloat;
    case ClientOption::Kind::kBool: return PJRT_NamedValue_kBool;
  }
  return -1;
}

// node_id / num_nodes say which process of a multi-process job this client is; JAX adds
// partition_index when the job has one (we accept and ignore it).
const std::pair<std::string, ClientOption::Kind> kJobOptions[] = {
    {"node_id", ClientOption::Kind::kInt64},
    {"num_nodes", ClientOption::Kind::kInt64},
    {"partition_index", ClientOption::Kind::kInt64},
};

// Strict decoding: an unknown name or a wrong type is an INVALID_ARGUMENT naming the option
// (XLA's 0.81 CPU plugin aborted on a wrong type; we never do).
StatusOr<std::vector<ClientOption>> DecodeCreateOptions(const PJRT_NamedValue* values, size_t count,
                                                        const PluginDefinition& plugin) {
  std::vector<ClientOption> options;
  if (count == 0) return options;
  if (values == nullptr) {
    return InvalidArgument("PJRT_Client_Create: num_options is " + std::to_string(count) +
                           " but create_options is NULL");
  }
  for (size_t i = 0; i < count; ++i) {
    const PJRT_NamedValue& value = values[i];
    if (value.struct_size < PJRT_NamedValue_STRUCT_SIZE) {
      return StructSizeError("PJRT_NamedValue", PJRT_NamedValue_STRUCT_SIZE, value.struct_size);
    }
    if (value.name == nullptr) {
      return InvalidArgument("PJRT_Client_Create: option " + std::to_string(i) + " has a NULL name");
    }
    std::string name(value.name, value.name_size);
    const std::pair<std::string, ClientOption::Kind>* accepted = nullptr;
    for (const auto& candidate : plugin.accepted_options) {
      if (candidate.first == name) accepted = &candidate;
    }
    // The adapter reads the multi-process options itself (JAX sends them to every plugin once
    // jax.distributed is initialised), so every plugin accepts them.
    for (const auto& candidate : kJobOptions) {
      if (accepted == nullptr && candidate.first == name) accepted = &candidate;
    }
    if (accepted == nullptr) {
      return InvalidArgument("Unexpected option name passed to PJRT_Client_Create: " + name);
    }
    int given = RawEnumValue(value.type);
    int expected = ToPjrtKind(accepted->second);
    if (given != expected) {
      return InvalidArgument("Option passed to PJRT_Client_Create with name " + name + " has type " +
                             OptionKindName(given) + ", but " + OptionKindName(expected) +
                             " is expected.");
    }
    for (const ClientOption& seen : options) {
      if (seen.name == name) {
        return InvalidArgument("Option " + name + " passed to PJRT_Client_Create more than once");
      }
    }
    ClientOption option;
    option.name = name;
    option.kind = accepted->second;
    switch (accepted->second) {
      case ClientOption::Kind::kString:
        if (value.string_value == nullptr && value.value_size != 0) {
          return InvalidArgument("PJRT_Client_Create: string option " + name + " is NULL");
        }
        if (value.value_size != 0) option.string_value.assign(value.string_value, value.value_size);
        break;
      case ClientOption::Kind::kInt64:
        option.int_value = value.int64_value;
        break;
      case ClientOption::Kind::kInt64List:
        if (value.int64_array_value == nullptr && value.value_size != 0) {
          return InvalidArgument("PJRT_Client_Create: list option " + name + " is NULL");
        }
        if (value.value_size != 0) {
          option.int_list.assign(value.int64_array_value, value.int64_array_value + value.value_size);
        }
        break;
      case ClientOption::Kind::kFloat:
        option.float_value = value.float_value;
        break;
      case ClientOption::Kind::kBool: {
        // Read the byte rather than the bool so a sloppy caller's 0x02 cannot be UB.
        unsigned char byte = 0;
        std::memcpy(&byte, &value.bool_value, 1);
        option.bool_value = byte != 0;
        break;
      }
    }
    options.push_back(std::move(option));
  }
  return options;
}

StatusOr<std::shared_ptr<PJRT_Client>> BuildClient(std::unique_ptr<Backend> backend) {
  auto client = std::make_shared<PJRT_Client>();
  client->platform_name = std::string(backend->platform_name());
  client->platform_version = std::string(backend->platform_version());
  const std::vector<DeviceInfo>& infos = backend->devices();
  if (infos.empty()) return FailedPrecondition("the " + client->platform_name + " backend has no devices");
  client->memory_kinds.push_back(kDeviceMemoryKind);
  for (std::string& kind : backend->extra_memory_kinds()) {
    bool repeated = false;
    for (const std::string& known : client->memory_kinds) repeated = repeated || known == kind;
    if (kind.empty() || repeated) return Internal("the backend lists memory kind '" + kind + "' twice or empty");
    if (!backend->memory_is_host()) {
      return Internal("memory kind '" + kind + "' needs a backend whose device memory is host memory");
    }
    client->memory_kinds.push_back(std::move(kind));
  }
  for (size_t i = 0; i < infos.size(); ++i) {
    const DeviceInfo& info = infos[i];
    if (info.ordinal != static_cast<int>(i)) {
      return Internal("backend device " + std::to_string(i) + " reports ordinal " +
                      std::to_string(info.ordinal) + "; ordinals must be 0..n-1 in order");
    }
    auto device = std::make_unique<PJRT_Device>();
    device->client = client.get();
    device->ordinal = info.ordinal;
    device->local_hardware_id = static_cast<int>(info.local_hardware_id);
    device->description.id = info.global_id >= 0 ? info.global_id : info.ordinal;
    device->description.process_index = backend->process_index();
    device->description.kind = info.kind;
    device->description.debug_string = info.debug_string;
    device->description.to_string = info.to_string;
    // Reserved up front: the values point into these strings.
    device->description.attribute_names.reserve(info.int_attributes.size() + info.string_attributes.size());
    device->description.attribute_strings.reserve(info.string_attributes.size());
    for (const auto& [name, value] : info.int_attributes) {
      device->description.attribute_names.push_back(name);
      PJRT_NamedValue v{};
      v.struct_size = sizeof(PJRT_NamedValue);
      v.name = device->description.attribute_names.back().c_str();
      v.name_size = name.size();
      v.type = PJRT_NamedValue_kInt64;
      v.int64_value = value;
      v.value_size = 1;
      device->description.attributes.push_back(v);
    }
    for (const auto& [name, value] : info.string_attributes) {
      device->description.attribute_names.push_back(name);
      device->description.attribute_strings.push_back(value);
      PJRT_NamedValue v{};
      v.struct_size = sizeof(PJRT_NamedValue);
      v.name = device->description.attribute_names.back().c_str();
      v.name_size = name.size();
      v.type = PJRT_NamedValue_kString;
      v.string_value = device->description.attribute_strings.back().c_str();
      v.value_size = value.size();
      device->description.attributes.push_back(v);
    }

    // Memory ids are global and consecutive per device (device 1's are 3, 4, 5 with three
    // kinds), as XLA's CPU client numbers them. Kind ids only need to be nonzero and stable.
    for (size_t k = 0; k < client->memory_kinds.size(); ++k) {
      const std::string& kind = client->memory_kinds[k];
      auto memory = std::make_unique<PJRT_Memory>();
      memory->client = client.get();
      memory->id = static_cast<int>(client->memories.size());
      memory->device_ordinal = info.ordinal;
      memory->kind = kind;
      memory->kind_id = static_cast<int>(k) + 1;
      memory->debug_string = kind + " memory of " + info.debug_string;
      memory->to_string = "MemorySpace(id=" + std::to_string(memory->id) + ", kind=" + kind + ", device=" +
                          info.debug_string + ")";
      memory->devices.push_back(device.get());
      device->memories.push_back(memory.get());
      client->memories.push_back(memory.get());
      client->owned_memories.push_back(std::move(memory));
    }
    device->default_memory = device->memories[0];

    client->devices.push_back(device.get());
    client->owned_devices.push_back(std::move(device));
  }
  client->process_index = backend->process_index();
  client->all_devices = client->devices;
  for (const DeviceInfo& info : backend->remote_devices()) {
    if (info.ordinal != -1 || info.global_id < 0 || info.process_index == client->process_index) {
      return Internal("the backend describes a device of another process with ordinal " +
                      std::to_string(info.ordinal) + ", id " + std::to_string(info.global_id) + ", process " +
                      std::to_string(info.process_index));
    }
    auto device = std::make_unique<PJRT_Device>();
    device->client = client.get();
    device->ordinal = -1;
    device->addressable = false;
    device->local_hardware_id = static_cast<int>(info.local_hardware_id);
    device->description.id = info.global_id;
    device->description.process_index = info.process_index;
    device->description.kind = info.kind;
    device->description.debug_string = info.debug_string;
    device->description.to_string = info.to_string;
    client->all_devices.push_back(device.get());
    client->owned_remote_devices.push_back(std::move(device));
  }
  std::sort(client->all_devices.begin(), client->all_devices.end(),
            [](const PJRT_Device* a, const PJRT_Device* b) { return a->description.id < b->description.id; });
  for (size_t i = 1; i < client->all_devices.size(); ++i) {
    if (client->all_devices[i]->description.id == client->all_devices[i - 1]->description.id) {
      return Internal("two devices of the job have id " + std::to_string(client->all_devices[i]->description.id));
    }
  }
  auto topology = std::make_unique<PJRT_TopologyDescription>();
  topology->platform_name = client->platform_name;
  topology->platform_version = client->platform_version;
  topology->owned_by_client = true;
  for (PJRT_Device* device : client->all_devices) topology->descriptions.push_back(&device->description);
  client->topology = std::move(topology);
  client->backend = std::move(backend);
  return client;
}


// ---- The job's key-value store (multi-process clients) ----

// How a host's KV callback reports an error: a PJRT_Error of ours, which we read and free.
PJRT_Error* MakeCallbackError(PJRT_Error_Code code, const char* message, size_t message_size) {
  return new PJRT_Error{Status(static_cast<StatusCode>(RawEnumValue(code)),
                               std::string(message != nullptr ? message : "", message != nullptr ? message_size : 0))};
}
PJRT_CallbackError kCallbackError = &MakeCallbackError;

Status TakeCallbackError(PJRT_Error* error, const std::string& what) {
  if (error == nullptr) return Status();
  Status status = error->status;
  if (!error->is_static) delete error;
  if (status.ok()) status = Unknown("the host's key-value store failed without a message");
  return Status(status.code(), what + ": " + status.message());
}

// Reads node_id / num_nodes (and the KV callbacks they require). nullopt for a one-process
// client, the only case where the callbacks may be garbage (JAX leaves them uninitialised).
StatusOr<std::optional<DistributedContext>> ReadJobOptions(const std::vector<ClientOption>& options,
                                                           const PJRT_Client_Create_Args* args) {
  const ClientOption* node = FindClientOption(options, "node_id");
  const ClientOption* nodes = FindClientOption(options, "num_nodes");
  const int64_t num_nodes = nodes != nullptr ? nodes->int_value : 1;
  const int64_t node_id = node != nullptr ? node->int_value : 0;
  if (num_nodes < 1 || num_nodes > 65536) {
    return InvalidArgument("PJRT_Client_Create: num_nodes must be between 1 and 65536, got " + std::to_string(num_nodes));
  }
  if (node_id < 0 || node_id >= num_nodes) {
    return InvalidArgument("PJRT_Client_Create: node_id " + std::to_string(node_id) +
                           " is out of range for a job of " + std::to_string(num_nodes) + " process(es)");
  }
  if (num_nodes == 1) return std::optional<DistributedContext>();
  if (args->kv_get_callback == nullptr || args->kv_put_callback == nullptr) {
    return InvalidArgument("PJRT_Client_Create: num_nodes is " + std::to_string(num_nodes) +
                           " but the host passed no key-value store (kv_get/kv_put callbacks) to bootstrap the job");
  }
  DistributedContext job;
  job.node_id = static_cast<int>(node_id);
  job.num_nodes = static_cast<int>(num_nodes);
  PJRT_KeyValueGetCallback get = args->kv_get_callback;
  void* get_arg = args->kv_get_user_arg;
  PJRT_KeyValuePutCallback put = args->kv_put_callback;
  void* put_arg = args->kv_put_user_arg;
  job.kv_get = [get, get_arg](const std::string& key, int64_t timeout_ms) -> StatusOr<std::string> {
    PJRT_KeyValueGetCallback_Args a;
    std::memset(&a, 0, sizeof(a));
    a.struct_size = PJRT_KeyValueGetCallback_Args_STRUCT_SIZE;
    a.key = key.data();
    a.key_size = key.size();
    a.timeout_in_ms = static_cast<int>(std::min<int64_t>(timeout_ms, 0x7fffffff));
    a.callback_error = &kCallbackError;
    a.user_arg = get_arg;
    JAXLIB_RETURN_IF_ERROR(TakeCallbackError(get(&a), "key-value store get of '" + key + "'"));
    std::string value(a.value != nullptr ? a.value : "", a.value != nullptr ? a.value_size : 0);
    if (a.value != nullptr && a.value_deleter_callback != nullptr) a.value_deleter_callback(a.value);
    return value;
  };
  job.kv_put = [put, put_arg](const std::string& key, const std::string& value) -> Status {
    PJRT_KeyValuePutCallback_Args a;
    std::memset(&a, 0, sizeof(a));
    a.struct_size = PJRT_KeyValuePutCallback_Args_STRUCT_SIZE;
    a.key = key.data();
    a.key_size = key.size();
    a.value = value.data();
    a.value_size = value.size();
    a.callback_error = &kCallbackError;
    a.user_arg = put_arg;
    return TakeCallbackError(put(&a), "key-value store put of '" + key + "'");
  };
  return std::optional<DistributedContext>(std::move(job));
}

}  // namespace

namespace entry {

Status ClientCreate(PJRT_Client_Create_Args* args) {
  const PluginDefinition& plugin = ActivePlugin();
  JAXLIB_ASSIGN_OR_RETURN(std::vector<ClientOption> options,
                          DecodeCreateOptions(args->create_options, args->num_options, plugin));
  JAXLIB_ASSIGN_OR_RETURN(std::optional<DistributedContext> job, ReadJobOptions(options, args));
  std::unique_ptr<Backend> backend;
  if (job.has_value()) {
    if (!plugin.create_multiprocess_backend) {
      return Unimplemented("PJRT_Client_Create: this plugin runs single-process clients only (num_nodes is " +
                           std::to_string(job->num_nodes) + ")");
    }
    JAXLIB_ASSIGN_OR_RETURN(backend, plugin.create_multiprocess_backend(options, *job));
  } else {
    if (!plugin.create_backend) return Internal("PJRT_Client_Create: the plugin has no backend factory");
    JAXLIB_ASSIGN_OR_RETURN(backend, plugin.create_backend(options));
  }
  if (backend == nullptr) return Internal("PJRT_Client_Create: the backend factory returned nothing");
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Client> client, BuildClient(std::move(backend)));
  client->handle_reference = client;
  args->client = client.get();
  return Status();
}

Status ClientDestroy(PJRT_Client_Destroy_Args* args) {
  if (args->client == nullptr) return Status();
  // Drops the handle's reference; buffers and executables still alive keep the rest alive.
  std::shared_ptr<PJRT_Client> reference = std::move(args->client->handle_reference);
  return Status();
}

Status ClientPlatformName(PJRT_Client_PlatformName_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_PlatformName");
  args->platform_name = args->client->platform_name.c_str();
  args->platform_name_size = args->client->platform_name.size();
  return Status();
}

Status ClientProcessIndex(PJRT_Client_ProcessIndex_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_ProcessIndex");
  args->process_index = args->client->process_index;
  return Status();
}

Status ClientUpdateGlobalProcessInfo(PJRT_Client_UpdateGlobalProcessInfo_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_UpdateGlobalProcessInfo");
  if (args->num_process_infos != 0 && args->process_infos == nullptr) {
    return InvalidArgument("PJRT_Client_UpdateGlobalProcessInfo: process_infos is NULL");
  }
  // JAX calls this from a watcher thread for every change it sees and aborts the process when
  // it fails, so it only ever passes on what it learns: processes that left the job.
  for (size_t i = 0; i < args->num_process_infos; ++i) {
    const PJRT_ProcessInfo& info = args->process_infos[i];
    if (info.struct_size < offsetof(PJRT_ProcessInfo, state) + sizeof(PJRT_ProcessState)) continue;
    if (RawEnumValue(info.state) != PJRT_ProcessState_kDisconnected || info.task_id == args->client->process_index) continue;
    std::string why = "the host reports process " + std::to_string(info.task_id) + " disconnected";
    if (info.struct_size >= PJRT_ProcessInfo_STRUCT_SIZE && info.error_message != nullptr && info.error_message_size != 0) {
      why += " (" + std::string(info.error_message, info.error_message_size) + ")";
    }
    args->client->backend->ProcessLost(info.task_id, why);
  }
  return Status();
}

Status ClientPlatformVersion(PJRT_Client_PlatformVersion_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_PlatformVersion");
  args->platform_version = args->client->platform_version.c_str();
  args->platform_version_size = args->client->platform_version.size();
  return Status();
}

Status ClientDevices(PJRT_Client_Devices_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_Devices");
  args->devices = args->client->all_devices.data();
  args->num_devices = args->client->all_devices.size();
  return Status();
}

Status ClientAddressableDevices(PJRT_Client_AddressableDevices_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_AddressableDevices");
  args->addressable_devices = args->client->devices.data();
  args->num_addressable_devices = args->client->devices.size();
  return Status();
}

Status ClientLookupDevice(PJRT_Client_LookupDevice_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_LookupDevice");
  for (PJRT_Device* device : args->client->all_devices) {
    if (device->description.id == args->id) {
      args->device = device;
      return Status();
    }
  }
  return InvalidArgument("No matching device found for device_id " + std::to_string(args->id));
}

Status ClientLookupAddressableDevice(PJRT_Client_LookupAddressableDevice_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_LookupAddressableDevice");
  for (PJRT_Device* device : args->client->devices) {
    if (device->local_hardware_id == args->local_hardware_id) {
      args->addressable_device = device;
      return Status();
    }
  }
  return InvalidArgument("No matching device found for local_hardware_id " +
                         std::to_string(args->local_hardware_id));
}

Status ClientAddressableMemories(PJRT_Client_AddressableMemories_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_AddressableMemories");
  args->addressable_memories = args->client->memories.data();
  args->num_addressable_memories = args->client->memories.size();
  return Status();
}

Status ClientDefaultDeviceAssignment(PJRT_Client_DefaultDeviceAssignment_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_DefaultDeviceAssignment");
  const int replicas = args->num_replicas;
  const int partitions = args->num_partitions;
  if (replicas <= 0 || partitions <= 0) {
    return InvalidArgument("PJRT_Client_DefaultDeviceAssignment: num_replicas (" +
                           std::to_string(replicas) + ") and num_partitions (" +
                           std::to_string(partitions) + ") must be positive");
  }
  const int64_t needed = static_cast<int64_t>(replicas) * partitions;
  if (static_cast<int64_t>(args->default_assignment_size) < needed) {
    return FailedPrecondition("PJRT_Client_DefaultDeviceAssignment: `default_assignment_size` " +
                              std::to_string(args->default_assignment_size) +
                              " < `num_replicas * num_partitions`, " + std::to_string(replicas) +
                              " * " + std::to_string(partitions) + " = " + std::to_string(needed));
  }
  if (args->default_assignment == nullptr) {
    return InvalidArgument("PJRT_Client_DefaultDeviceAssignment: default_assignment is NULL");
  }
  const size_t device_count = args->client->all_devices.size();
  if (needed > static_cast<int64_t>(device_count)) {
    return InvalidArgument("PJRT_Client_DefaultDeviceAssignment: " + std::to_string(replicas) +
                           " replicas x " + std::to_string(partitions) + " partitions need " +
                           std::to_string(needed) + " devices but the client has " +
                           std::to_string(device_count));
  }
  std::vector<int> assignment = DefaultDeviceAssignment(replicas, partitions);
  std::memcpy(args->default_assignment, assignment.data(), assignment.size() * sizeof(int));
  return Status();
}

Status ClientTopologyDescription(PJRT_Client_TopologyDescription_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->client, "PJRT_Client_TopologyDescription");
  args->topology = args->client->topology.get();
  return Status();
}

Status ExecuteContextCreate(PJRT_ExecuteContext_Create_Args* args) {
  // Filled through the FFI extension's user_data_add, read by Execute.
  args->context = new PJRT_ExecuteContext();
  return Status();
}

Status ExecuteContextDestroy(PJRT_ExecuteContext_Destroy_Args* args) {
  delete args->context;
  return Status();
}

Status TopologyDescriptionCreate(PJRT_TopologyDescription_Create_Args* args) {
  // What a client with these options would have, described without keeping a client: the
  // backend is built (it knows its devices) and dropped again. The name must be empty or the
  // platform's: a backend has exactly one topology per option set.
  static constexpr char kEntry[] = "PJRT_TopologyDescription_Create";
  const PluginDefinition& plugin = ActivePlugin();
  JAXLIB_ASSIGN_OR_RETURN(std::vector<ClientOption> options,
                          DecodeCreateOptions(args->create_options, args->num_options, plugin));
  if (!plugin.create_backend) return Internal(std::string(kEntry) + ": the plugin has no backend factory");
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Backend> backend, plugin.create_backend(options));
  if (backend == nullptr) return Internal(std::string(kEntry) + ": the backend factory returned nothing");
  JAXLIB_ASSIGN_OR_RETURN(std::shared_ptr<PJRT_Client> client, BuildClient(std::move(backend)));
  std::string name = args->topology_name != nullptr ? std::string(args->topology_name, args->topology_name_size) : "";
  if (!name.empty() && name != client->platform_name) {
    return InvalidArgument(std::string(kEntry) + ": unknown topology '" + name + "'; the " + client->platform_name +
                           " plugin describes only its own ('" + client->platform_name + "' or empty)");
  }
  auto topology = std::make_unique<PJRT_TopologyDescription>();
  topology->platform_name = client->platform_name;
  topology->platform_version = client->platform_version;
  for (PJRT_Device* device : client->devices) {
    topology->owned_descriptions.push_back(std::make_unique<PJRT_DeviceDescription>(device->description));
    topology->descriptions.push_back(topology->owned_descriptions.back().get());
  }
  args->topology = topology.release();
  return Status();
}

Status TopologyDescriptionDestroy(PJRT_TopologyDescription_Destroy_Args* args) {
  if (args->topology != nullptr && !args->topology->owned_by_client) delete args->topology;
  return Status();
}

Status TopologyDescriptionPlatformName(PJRT_TopologyDescription_PlatformName_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->topology, "PJRT_TopologyDescription_PlatformName");
  args->platform_name = args->topology->platform_name.c_str();
  args->platform_name_size = args->topology->platform_name.size();
  return Status();
}

Status TopologyDescriptionPlatformVersion(PJRT_TopologyDescription_PlatformVersion_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->topology, "PJRT_TopologyDescription_PlatformVersion");
  args->platform_version = args->topology->platform_version.c_str();
  args->platform_version_size = args->topology->platform_version.size();
  return Status();
}

Status TopologyDescriptionGetDeviceDescriptions(
    PJRT_TopologyDescription_GetDeviceDescriptions_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->topology, "PJRT_TopologyDescription_GetDeviceDescriptions");
  args->descriptions = args->topology->descriptions.data();
  args->num_descriptions = args->topology->descriptions.size();
  return Status();
}

Status TopologyDescriptionSerialize(PJRT_TopologyDescription_Serialize_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->topology, "PJRT_TopologyDescription_Serialize");
  const PJRT_TopologyDescription& topology = *args->topology;
  // A stable description of what compiled code depends on (JAX hashes it into compilation
  // cache keys): the platform, its version, and each device's kind. Lines of text, so a
  // reader can see what a key was made of.
  auto serialized = std::make_unique<PJRT_SerializedTopology>();
  std::string& out = serialized->bytes;
  out = std::string(kTopologyMagic) + "\nplatform=" + topology.platform_name +
        "\nversion=" + topology.platform_version +
        "\ndevices=" + std::to_string(topology.descriptions.size()) + "\n";
  for (const PJRT_DeviceDescription* description : topology.descriptions) {
    out += "device " + std::to_string(description->id) + " process=" + std::to_string(description->process_index) +
           " kind=" + description->kind + "\n";
  }
  args->serialized_bytes = serialized->bytes.data();
  args->serialized_bytes_size = serialized->bytes.size();
  args->serialized_topology_deleter = [](PJRT_SerializedTopology* s) { delete s; };
  args->serialized_topology = serialized.release();
  return Status();
}

Status TopologyDescriptionAttributes(PJRT_TopologyDescription_Attributes_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->topology, "PJRT_TopologyDescription_Attributes");
  args->attributes = nullptr;
  args->num_attributes = 0;
  return Status();
}

}  // namespace entry
}  // namespace jaxlib::plugin
