// GetPjrtApi of jaxlib-rocm: hands the adapter this plugin's build facts, accepted options
// and the ROCm backend factory. Must stay cheap: no dlopen, no HIP call until a client is made.
#include <string>

#include "backends/rocm/rocm_backend.h"
#include "runtime/plugin_adapter/pjrt_api.h"

namespace {

jaxlib::plugin::PluginDefinition MakeDefinition() {
  jaxlib::plugin::PluginDefinition def;
  def.build_info.backend = JAXLIB_BACKEND;
  def.build_info.version = JAXLIB_BUILD_VERSION;
  def.build_info.git_revision = JAXLIB_GIT_REVISION;
  def.build_info.build_id = JAXLIB_BUILD_ID;
  // Exactly JAXLIB_TOOLKIT, as `_ext` reports it: jaxlib compares the two. What the plugin
  // dlopens, and from where, is reported per client in platform_version.
  def.build_info.toolkit = jaxlib::plugin::ParseToolkit(JAXLIB_TOOLKIT);
  def.accepted_options = jaxlib::rocm::RocmClientOptions();
  def.create_backend = [](const std::vector<jaxlib::plugin::ClientOption>& options) {
    return jaxlib::rocm::CreateRocmBackend(options);
  };
  return def;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const PJRT_Api* GetPjrtApi(void) {
  static const PJRT_Api* api = jaxlib::plugin::MakePjrtApi(MakeDefinition());
  return api;
}
