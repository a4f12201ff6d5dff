// GetPjrtApi of jaxlib-rocm. Must stay cheap: no dlopen, no HIP call until a client is created.
#include "backends/gpu/gpu_backend.h"
#include "runtime/plugin_adapter/pjrt_api.h"
#include "runtime/plugin_adapter/plugin_entry.h"

namespace {

jaxlib::plugin::PluginDefinition MakeDefinition() {
  return jaxlib::gpu::MakeGpuPluginDefinition({.rocm = true, .cuda_major = 0}, JAXLIB_PLUGIN_BUILD_INFO());
}

}  // namespace

JAXLIB_DEFINE_GET_PJRT_API(MakeDefinition)
