// GetPjrtApi of jaxlib-cuda12 / jaxlib-cuda13 (one source, JAXLIB_CUDA_MAJOR picks the variant).
// Must stay cheap: no dlopen, no driver call until a client is created.
#include "backends/gpu/gpu_backend.h"
#include "runtime/plugin_adapter/pjrt_api.h"
#include "runtime/plugin_adapter/plugin_entry.h"

#ifndef JAXLIB_CUDA_MAJOR
#error "JAXLIB_CUDA_MAJOR (12 or 13) must be defined by the build"
#endif

namespace {

jaxlib::plugin::PluginDefinition MakeDefinition() {
  return jaxlib::gpu::MakeGpuPluginDefinition({.rocm = false, .cuda_major = JAXLIB_CUDA_MAJOR}, JAXLIB_PLUGIN_BUILD_INFO());
}

}  // namespace

JAXLIB_DEFINE_GET_PJRT_API(MakeDefinition)
