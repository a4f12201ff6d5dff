// The only exported symbol of pjrt_plugin_jaxlib_cpu.so: GetPjrtApi. Cheap and side-effect
// free (hosts call it before deciding anything), same table on every call, never throws out.
#include <atomic>
#include <utility>

#include "backends/cpu/plugin/cpu_backend.h"
#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/plugin_adapter/pjrt_api.h"

#if !defined(JAXLIB_BUILD_VERSION) || !defined(JAXLIB_GIT_REVISION) || !defined(JAXLIB_BUILD_ID) || \
    !defined(JAXLIB_BACKEND) || !defined(JAXLIB_TOOLKIT)
#error "build facts missing: the plugin target must use jaxlib_add_build_definitions()"
#endif

namespace {

const PJRT_Api* BuildApi() {
  jaxlib::plugin::BuildInfo build;
  build.backend = JAXLIB_BACKEND;
  build.version = JAXLIB_BUILD_VERSION;
  build.git_revision = JAXLIB_GIT_REVISION;
  build.build_id = JAXLIB_BUILD_ID;
  build.toolkit = jaxlib::plugin::ParseToolkit(JAXLIB_TOOLKIT);
  return jaxlib::plugin::MakePjrtApi(jaxlib::cpu::MakeCpuPluginDefinition(std::move(build)));
}

}  // namespace

// Visible despite -fvisibility=hidden; the version script then keeps it the only export.
extern "C" __attribute__((visibility("default"))) const PJRT_Api* GetPjrtApi() {
  // MakePjrtApi already returns one table for the process; caching skips rebuilding the
  // definition on every call. Only a successful result is cached, so an out-of-memory first
  // call can be retried.
  static std::atomic<const PJRT_Api*> cached{nullptr};
  if (const PJRT_Api* api = cached.load(std::memory_order_acquire)) return api;
  try {
    const PJRT_Api* api = BuildApi();
    if (api != nullptr) cached.store(api, std::memory_order_release);
    return api;
  } catch (...) {
    return nullptr;  // never let an exception out of a C entry point
  }
}
