// The one GetPjrtApi of every plugin (CPU, CUDA 12/13, ROCm): builds the plugin's definition
// once, caches only a success (an out-of-memory first call can be retried) and never lets a C++
// exception cross the C ABI. A plugin writes JAXLIB_DEFINE_GET_PJRT_API(its factory) once.
#pragma once

#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::plugin {

// The PJRT_Api table of the definition `make` returns, or nullptr when building it threw.
const PJRT_Api* GuardedGetPjrtApi(PluginDefinition (*make)()) noexcept;

// BuildInfo from the build facts jaxlib_add_build_definitions() compiles into the plugin entry.
#define JAXLIB_PLUGIN_BUILD_INFO()                                          \
  ::jaxlib::plugin::BuildInfo {                                             \
    JAXLIB_BACKEND, JAXLIB_BUILD_VERSION, JAXLIB_GIT_REVISION, JAXLIB_BUILD_ID, \
        ::jaxlib::plugin::ParseToolkit(JAXLIB_TOOLKIT)                      \
  }

// Defines the exported entry point: visible despite -fvisibility=hidden; the version script
// keeps it the only export.
#define JAXLIB_DEFINE_GET_PJRT_API(make_definition)                                              \
  extern "C" __attribute__((visibility("default"))) const PJRT_Api* GetPjrtApi(void) {          \
    return ::jaxlib::plugin::GuardedGetPjrtApi(make_definition);                                 \
  }

}  // namespace jaxlib::plugin
