// GuardedGetPjrtApi (plugin_entry.h): the exception barrier and cache around MakePjrtApi.
#include "runtime/plugin_adapter/plugin_entry.h"

#include <atomic>

#include "runtime/plugin_adapter/pjrt_api.h"

namespace jaxlib::plugin {

const PJRT_Api* GuardedGetPjrtApi(PluginDefinition (*make)()) noexcept {
  static std::atomic<const PJRT_Api*> cached{nullptr};
  if (const PJRT_Api* api = cached.load(std::memory_order_acquire)) return api;
  try {
    const PJRT_Api* api = MakePjrtApi(make());
    if (api != nullptr) cached.store(api, std::memory_order_release);
    return api;
  } catch (...) {
    return nullptr;  // never let an exception out of a C entry point
  }
}

}  // namespace jaxlib::plugin
