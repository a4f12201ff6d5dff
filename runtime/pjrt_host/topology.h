// RAII owner of a PJRT_TopologyDescription: one made by the plugin without a client
// (PJRT_TopologyDescription_Create) or the one a client owns (kept alive with its client).
// Descriptive fields are read once; no Python here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "runtime/pjrt_host/client.h"
#include "runtime/pjrt_host/plugin_api.h"

namespace jaxlib::host {

struct TopologyDevice {
  int id = 0;
  int process_index = 0;
  std::string kind;
  std::string debug_string;
  std::string to_string;
};

class Topology {
 public:
  // PJRT_TopologyDescription_Create (initializes the plugin first).
  static StatusOr<std::shared_ptr<Topology>> Create(std::shared_ptr<PluginApi> plugin, const std::string& name,
                                                    const std::vector<NamedValue>& options);
  // PJRT_Client_TopologyDescription; the topology keeps `client` open-able (not closed).
  static StatusOr<std::shared_ptr<Topology>> OfClient(std::shared_ptr<Client> client);
  ~Topology();
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  const std::shared_ptr<PluginApi>& plugin() const { return plugin_; }
  const std::string& platform_name() const { return platform_name_; }
  const std::string& platform_version() const { return platform_version_; }
  const std::vector<TopologyDevice>& devices() const { return devices_; }
  const std::vector<NamedValue>& attributes() const { return attributes_; }
  // PJRT_TopologyDescription_Serialize: the plugin's bytes (JAX hashes them into cache keys).
  StatusOr<std::string> Serialize() const;

 private:
  Topology(std::shared_ptr<PluginApi> plugin, std::shared_ptr<Client> client, PJRT_TopologyDescription* raw,
           bool owned);
  Status Describe();

  std::shared_ptr<PluginApi> plugin_;
  std::shared_ptr<Client> client_;  // set when the client owns `raw_`
  PJRT_TopologyDescription* raw_;
  bool owned_;
  std::string platform_name_, platform_version_;
  std::vector<TopologyDevice> devices_;
  std::vector<NamedValue> attributes_;
};

}  // namespace jaxlib::host
