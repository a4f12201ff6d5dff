// Handler and type registries behind ffi_registry.h: two maps under one mutex, allocated once
// and never freed (plugins are never unloaded, and handlers may be looked up until exit).
#include "runtime/ffi/ffi_registry.h"

#include <cctype>
#include <map>
#include <mutex>
#include <utility>

namespace jaxlib::ffi {
namespace {

struct TypeEntry {
  int64_t id = 0;
  void (*deleter)(void*) = nullptr;
};

struct Registries {
  std::mutex mu;
  std::map<std::pair<std::string, std::string>, HandlerRegistration> handlers;  // (name, platform)
  std::map<std::string, TypeEntry, std::less<>> types;                          // by name
  std::map<int64_t, std::string> type_names;                                    // by id
  int64_t next_type_id = 1;
};

Registries& Get() {
  static Registries* registries = new Registries();
  return *registries;
}

bool SameBundle(const XLA_FFI_Handler_Bundle& a, const XLA_FFI_Handler_Bundle& b) {
  return a.instantiate == b.instantiate && a.prepare == b.prepare && a.initialize == b.initialize &&
         a.execute == b.execute;
}

}  // namespace

std::string CanonicalPlatform(std::string_view platform) {
  std::string upper;
  upper.reserve(platform.size());
  for (char c : platform) upper.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  if (upper == "CPU" || upper == "HOST" || upper == "JAXLIB_CPU") return "HOST";
  return upper;
}

Status RegisterHandler(std::string_view name, std::string_view platform, const XLA_FFI_Handler_Bundle& bundle,
                       XLA_FFI_Handler_Traits traits) {
  if (name.empty()) return InvalidArgument("FFI handler registration: the target name is empty");
  if (bundle.execute == nullptr)
    return InvalidArgument("FFI handler registration for '" + std::string(name) + "': the execute handler is NULL");
  std::string canonical = CanonicalPlatform(platform);
  if (canonical.empty())
    return InvalidArgument("FFI handler registration for '" + std::string(name) + "': the platform name is empty");
  Registries& r = Get();
  std::lock_guard<std::mutex> lock(r.mu);
  auto key = std::make_pair(std::string(name), canonical);
  auto it = r.handlers.find(key);
  if (it != r.handlers.end()) {
    if (SameBundle(it->second.bundle, bundle) && it->second.traits == traits) return Status::Ok();
    return Status(StatusCode::kAlreadyExists, "FFI handler for custom call target '" + std::string(name) +
                                                  "' on platform " + canonical +
                                                  " is already registered with a different function");
  }
  r.handlers.emplace(std::move(key), HandlerRegistration{bundle, traits});
  return Status::Ok();
}

StatusOr<HandlerRegistration> FindHandler(std::string_view name, std::string_view platform) {
  Registries& r = Get();
  std::string canonical = CanonicalPlatform(platform);
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.handlers.find(std::make_pair(std::string(name), canonical));
  if (it == r.handlers.end())
    return NotFound("no FFI handler is registered for custom call target '" + std::string(name) +
                    "' on platform " + canonical);
  return it->second;
}

StatusOr<int64_t> RegisterType(std::string_view name, int64_t type_id, void (*deleter)(void*)) {
  if (name.empty()) return InvalidArgument("FFI type registration: the type name is empty");
  if (type_id < 0) return InvalidArgument("FFI type registration for '" + std::string(name) + "': negative type id");
  Registries& r = Get();
  std::lock_guard<std::mutex> lock(r.mu);
  if (auto it = r.types.find(name); it != r.types.end()) {
    if (type_id != 0 && type_id != it->second.id)
      return Status(StatusCode::kAlreadyExists, "FFI type '" + std::string(name) + "' is already registered with type id " +
                                                    std::to_string(it->second.id) + ", not " + std::to_string(type_id));
    if (it->second.deleter == nullptr) it->second.deleter = deleter;
    return it->second.id;
  }
  if (type_id == 0) {
    while (r.type_names.count(r.next_type_id)) ++r.next_type_id;
    type_id = r.next_type_id++;
  } else if (auto owner = r.type_names.find(type_id); owner != r.type_names.end()) {
    return Status(StatusCode::kAlreadyExists, "FFI type id " + std::to_string(type_id) + " already belongs to type '" +
                                                  owner->second + "'");
  }
  r.types.emplace(std::string(name), TypeEntry{type_id, deleter});
  r.type_names.emplace(type_id, std::string(name));
  return type_id;
}

void (*TypeDeleter(int64_t type_id))(void*) {
  Registries& r = Get();
  std::lock_guard<std::mutex> lock(r.mu);
  auto owner = r.type_names.find(type_id);
  if (owner == r.type_names.end()) return nullptr;
  return r.types.find(owner->second)->second.deleter;
}

}  // namespace jaxlib::ffi
