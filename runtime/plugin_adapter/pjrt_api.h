// The one public function of the plugin-side adapter: turn a backend's PluginDefinition into
// the PJRT_Api table its plugin's GetPjrtApi returns. Backends include only this header and
// backend.h; they never see the handle structs or fill table slots themselves.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::plugin {

// Builds the process-wide table on the first call (every one of the header's slots filled;
// the ones we do not support return UNIMPLEMENTED) and returns the same pointer on every
// later call, ignoring their argument: one plugin .so holds exactly one backend. Never throws;
// returns nullptr only if the first call runs out of memory.
const PJRT_Api* MakePjrtApi(const PluginDefinition& definition) noexcept;

// Splits the JAXLIB_TOOLKIT build fact ("cuda=12.8,cudnn=9" or "") into name/value pairs; a
// bare word becomes a name with an empty value.
std::vector<std::pair<std::string, std::string>> ParseToolkit(std::string_view toolkit);

}  // namespace jaxlib::plugin
