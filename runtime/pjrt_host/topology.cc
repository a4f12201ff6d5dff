// PJRT topology descriptions for hosts: creation without a client, or the client's own, read
// once into plain fields. A client-owned topology is only touched while its client is open.
#include "runtime/pjrt_host/topology.h"

#include <mutex>
#include <shared_mutex>

namespace jaxlib::host {

Topology::Topology(std::shared_ptr<PluginApi> plugin, std::shared_ptr<Client> client, PJRT_TopologyDescription* raw,
                   bool owned)
    : plugin_(std::move(plugin)), client_(std::move(client)), raw_(raw), owned_(owned) {}

Topology::~Topology() {
  if (owned_ && raw_ != nullptr) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_Destroy);
    args.topology = raw_;
    (void)JAXLIB_PJRT_CALL(*plugin_, PJRT_TopologyDescription_Destroy, &args);
  }
}

StatusOr<std::shared_ptr<Topology>> Topology::Create(std::shared_ptr<PluginApi> plugin, const std::string& name,
                                                     const std::vector<NamedValue>& options) {
  JAXLIB_RETURN_IF_ERROR(plugin->Initialize());
  std::vector<PJRT_NamedValue> values = ToPjrtNamedValues(options);
  auto args = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_Create);
  args.topology_name = name.data();
  args.topology_name_size = name.size();
  args.create_options = values.empty() ? nullptr : values.data();
  args.num_options = values.size();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin, PJRT_TopologyDescription_Create, &args));
  if (args.topology == nullptr) return Internal("PJRT_TopologyDescription_Create returned no topology");
  std::shared_ptr<Topology> topology(new Topology(std::move(plugin), nullptr, args.topology, /*owned=*/true));
  JAXLIB_RETURN_IF_ERROR(topology->Describe());
  return topology;
}

StatusOr<std::shared_ptr<Topology>> Topology::OfClient(std::shared_ptr<Client> client) {
  std::shared_lock<std::shared_mutex> lock(client->lifetime_mutex());
  JAXLIB_RETURN_IF_ERROR(client->CheckOpen());
  auto args = JAXLIB_PJRT_ARGS(PJRT_Client_TopologyDescription);
  args.client = client->raw();
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*client->plugin(), PJRT_Client_TopologyDescription, &args));
  if (args.topology == nullptr) return Internal("PJRT_Client_TopologyDescription returned no topology");
  std::shared_ptr<PluginApi> plugin = client->plugin();
  std::shared_ptr<Topology> topology(new Topology(std::move(plugin), client, args.topology, /*owned=*/false));
  JAXLIB_RETURN_IF_ERROR(topology->Describe());
  return topology;
}

Status Topology::Describe() {
  const PluginApi& api = *plugin_;
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_PlatformName);
    a.topology = raw_;
    JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_TopologyDescription_PlatformName, &a));
    platform_name_ = CopyString(a.platform_name, a.platform_name_size);
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_PlatformVersion);
    a.topology = raw_;
    if (JAXLIB_PJRT_CALL(api, PJRT_TopologyDescription_PlatformVersion, &a).ok()) {
      platform_version_ = CopyString(a.platform_version, a.platform_version_size);
    }
  }
  {
    auto a = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_Attributes);
    a.topology = raw_;
    if (JAXLIB_PJRT_CALL(api, PJRT_TopologyDescription_Attributes, &a).ok()) {
      attributes_ = DecodeNamedValues(a.attributes, a.num_attributes);
    }
  }
  auto a = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_GetDeviceDescriptions);
  a.topology = raw_;
  // Descriptions are optional (a compile-only topology may have none to offer).
  if (!JAXLIB_PJRT_CALL(api, PJRT_TopologyDescription_GetDeviceDescriptions, &a).ok()) return Status::Ok();
  for (size_t i = 0; i < a.num_descriptions; ++i) {
    PJRT_DeviceDescription* desc = a.descriptions[i];
    TopologyDevice d;
    {
      auto q = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_Id);
      q.device_description = desc;
      JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_Id, &q));
      d.id = q.id;
    }
    {
      auto q = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_ProcessIndex);
      q.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_ProcessIndex, &q).ok()) d.process_index = q.process_index;
    }
    {
      auto q = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_Kind);
      q.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_Kind, &q).ok()) d.kind = CopyString(q.device_kind, q.device_kind_size);
    }
    {
      auto q = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_DebugString);
      q.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_DebugString, &q).ok()) {
        d.debug_string = CopyString(q.debug_string, q.debug_string_size);
      }
    }
    {
      auto q = JAXLIB_PJRT_ARGS(PJRT_DeviceDescription_ToString);
      q.device_description = desc;
      if (JAXLIB_PJRT_CALL(api, PJRT_DeviceDescription_ToString, &q).ok()) {
        d.to_string = CopyString(q.to_string, q.to_string_size);
      }
    }
    devices_.push_back(std::move(d));
  }
  return Status::Ok();
}

StatusOr<std::string> Topology::Serialize() const {
  std::shared_lock<std::shared_mutex> lock;
  if (client_) {
    lock = std::shared_lock<std::shared_mutex>(client_->lifetime_mutex());
    JAXLIB_RETURN_IF_ERROR(client_->CheckOpen());
  }
  auto args = JAXLIB_PJRT_ARGS(PJRT_TopologyDescription_Serialize);
  args.topology = raw_;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin_, PJRT_TopologyDescription_Serialize, &args));
  std::string bytes = CopyString(args.serialized_bytes, args.serialized_bytes_size);
  if (args.serialized_topology_deleter != nullptr) args.serialized_topology_deleter(args.serialized_topology);
  return bytes;
}

}  // namespace jaxlib::host
