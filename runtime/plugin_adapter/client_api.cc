// PJRT_Client_* (except compile and host transfers), PJRT_ExecuteContext_* and
// PJRT_TopologyDescription_* entry points. Client_Create is the only place that decodes
// create options and the only place device/memory handles are made: they live as long as the
// client, which is why every pointer returned here can point straight into it.
#include <cstring>
#include <memory>
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
    device->description.id = info.ordinal;
    device->description.process_index = 0;
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
  auto topology = std::make_unique<PJRT_TopologyDescription>();
  topology->platform_name = client->platform_name;
  topology->platform_version = client->platform_version;
  topology->owned_by_client = true;
  for (PJRT_Device* device : client->devices) topology->descriptions.push_back(&device->description);
  client->topology = std::move(topology);
  client->backend = std::move(backend);
  return client;
}

}  // namespace

namespace entry {

Status ClientCreate(PJRT_Client_Create_Args* args) {
  // Only create_options are read. The key-value callbacks are garbage when a host has no
  // distributed store (JAX leaves them uninitialised), and we are single-process anyway.
  const PluginDefinition& plugin = ActivePlugin();
  JAXLIB_ASSIGN_OR_RETURN(std::vector<ClientOption> options,
                          DecodeCreateOptions(args->create_options, args->num_options, plugin));
  if (!plugin.create_backend) return Internal("PJRT_Client_Create: the plugin has no backend factory");
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Backend> backend, plugin.create_backend(options));
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
  args->process_index = 0;  // our clients are single-process
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
  args->devices = args->client->devices.data();
  args->num_devices = args->client->devices.size();
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
  const std::vector<PJRT_Device*>& devices = args->client->devices;
  if (args->id < 0 || static_cast<size_t>(args->id) >= devices.size()) {
    return InvalidArgument("No matching device found for device_id " + std::to_string(args->id));
  }
  args->device = devices[args->id];
  return Status();
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
  const size_t device_count = args->client->devices.size();
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
