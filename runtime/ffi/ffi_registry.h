// The plugin's process-wide XLA FFI registries: typed handlers by (target name, platform) and
// user types by name. Filled by the PJRT FFI extension and XLA_FFI_Handler_Register; read when
// a program is compiled. Device-neutral and Python-free; never throws across its API.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/ffi/xla_ffi_abi.h"
#include "runtime/support/status.h"

namespace jaxlib::ffi {

struct HandlerRegistration {
  XLA_FFI_Handler_Bundle bundle{};
  XLA_FFI_Handler_Traits traits = 0;
};

// "HOST" for the CPU spellings hosts use ("cpu", "Host", "jaxlib_cpu"); others upper-cased
// ("cuda" -> "CUDA"), as XLA canonicalizes platform names of its registry.
std::string CanonicalPlatform(std::string_view platform);

// Registers a handler bundle (execute is required). Registering the same bundle again is a
// no-op; a different bundle under a taken name is ALREADY_EXISTS.
Status RegisterHandler(std::string_view name, std::string_view platform, const XLA_FFI_Handler_Bundle& bundle,
                       XLA_FFI_Handler_Traits traits);

// The registration for `name` on `platform` (canonicalized), or NOT_FOUND.
StatusOr<HandlerRegistration> FindHandler(std::string_view name, std::string_view platform);

// Registers a user type. `type_id` 0 asks for a fresh id; any other value must be unused or
// already belong to `name`. Returns the id. `deleter` (optional) destroys states of the type.
StatusOr<int64_t> RegisterType(std::string_view name, int64_t type_id, void (*deleter)(void*));

// The deleter registered with `type_id` (nullptr when none or unknown).
void (*TypeDeleter(int64_t type_id))(void*);

}  // namespace jaxlib::ffi
