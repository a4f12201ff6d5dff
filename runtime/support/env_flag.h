// Boolean switches read from the environment (JAXLIB_CPU_DISABLE_JIT=1 and the like).
#pragma once

#include <cstdlib>
#include <string_view>

namespace jaxlib {

// Whether environment variable `name` is set to something other than "" or "0".
inline bool EnvFlag(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string_view(v) != "0";
}

}  // namespace jaxlib
