// GetPjrtApi of jaxlib-cuda12 / jaxlib-cuda13 (one source, JAXLIB_CUDA_MAJOR picks the
// variant): hands the adapter this plugin's build facts, accepted options and the CUDA
// backend factory. Must stay cheap: no dlopen, no driver call until a client is created.
#include <string>

#include "backends/cuda/cuda_backend.h"
#include "runtime/plugin_adapter/pjrt_api.h"

#ifndef JAXLIB_CUDA_MAJOR
#error "JAXLIB_CUDA_MAJOR (12 or 13) must be defined by the build"
#endif

namespace {

jaxlib::plugin::PluginDefinition MakeDefinition() {
  constexpr int kMajor = JAXLIB_CUDA_MAJOR;
  jaxlib::plugin::PluginDefinition def;
  def.build_info.backend = JAXLIB_BACKEND;
  def.build_info.version = JAXLIB_BUILD_VERSION;
  def.build_info.git_revision = JAXLIB_GIT_REVISION;
  def.build_info.build_id = JAXLIB_BUILD_ID;
  // Exactly JAXLIB_TOOLKIT, as `_ext` reports it: jaxlib compares the two. What the plugin
  // dlopens, and from where, is reported per client in platform_version.
  def.build_info.toolkit = jaxlib::plugin::ParseToolkit(JAXLIB_TOOLKIT);
  def.accepted_options = jaxlib::cuda::CudaClientOptions();
  def.create_backend = [](const std::vector<jaxlib::plugin::ClientOption>& options) {
    return jaxlib::cuda::CreateCudaBackend(kMajor, options);
  };
  return def;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) const PJRT_Api* GetPjrtApi(void) {
  static const PJRT_Api* api = jaxlib::plugin::MakePjrtApi(MakeDefinition());
  return api;
}
