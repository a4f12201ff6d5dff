// The only exported symbol of pjrt_plugin_jaxlib_cpu.so: GetPjrtApi. Cheap and side-effect
// free (hosts call it before deciding anything), same table on every call, never throws out.
#include "backends/cpu/plugin/cpu_backend.h"
#include "runtime/plugin_adapter/pjrt_api.h"
#include "runtime/plugin_adapter/plugin_entry.h"

#if !defined(JAXLIB_BUILD_VERSION) || !defined(JAXLIB_GIT_REVISION) || !defined(JAXLIB_BUILD_ID) || \
    !defined(JAXLIB_BACKEND) || !defined(JAXLIB_TOOLKIT)
#error "build facts missing: the plugin target must use jaxlib_add_build_definitions()"
#endif

namespace {

jaxlib::plugin::PluginDefinition MakeDefinition() {
  return jaxlib::cpu::MakeCpuPluginDefinition(JAXLIB_PLUGIN_BUILD_INFO());
}

}  // namespace

JAXLIB_DEFINE_GET_PJRT_API(MakeDefinition)
