// SHA-256 of byte strings, for content-addressed kernel caches (a collision would run the
// wrong kernel, so a cryptographic hash, not FNV). Self-contained: no OpenSSL dependency.
#pragma once

#include <string>
#include <string_view>

namespace jaxlib::gpu {

// Lower-case hex SHA-256 digest (64 characters).
std::string Sha256Hex(std::string_view data);

}  // namespace jaxlib::gpu
