// Plugin loading (dlopen, GetPjrtApi, version checks) and the gated call path of PluginApi.
// Must not call into a plugin beyond GetPjrtApi while loading: the Python side runs the
// version handshake before Initialize or any client call.
#include "runtime/pjrt_host/plugin_api.h"

#include <dlfcn.h>
#include <sys/stat.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <map>

namespace jaxlib::host {
namespace {

// Slots appended after 0.81 whose introduction we know (PJRT_NOTES §2). Every slot up to
// 0.81 existed in some form from 0.57 on; for those the table size is the real gate, since
// the table is append-only from 0.57.
struct SlotSince {
  size_t slot;
  int minor;
};
constexpr SlotSince kSlotsIntroducedLater[] = {
    {118, 82},  // CreateErrorBuffer
    {126, 89},  // Event_Create
    {127, 89},  // Event_Set
    {128, 92},  // Device_GetAttributes
    {129, 95},  // Client_Load
};

int MinorIntroducing(size_t slot) {
  int since = kMinSupportedMinor;
  for (const SlotSince& s : kSlotsIntroducedLater) {
    if (slot >= s.slot && s.minor > since) since = s.minor;
  }
  return since;
}

std::mutex& RegistryMutex() {
  static std::mutex mu;
  return mu;
}
// Plugins stay loaded for the life of the process (never dlclose: plugins keep threads and
// static registries), so the registry is deliberately leaked too.
std::map<std::string, std::shared_ptr<PluginApi>>& Registry() {
  static auto* registry = new std::map<std::string, std::shared_ptr<PluginApi>>();
  return *registry;
}

}  // namespace

PluginApi::PluginApi(std::string path, const PJRT_Api* api) : path_(std::move(path)), api_(api) {
  major_ = api->pjrt_api_version.major_version;
  minor_ = api->pjrt_api_version.minor_version;
  num_slots_ = api->struct_size > kFirstSlotOffset ? (api->struct_size - kFirstSlotOffset) / 8 : 0;
}

bool PluginApi::HasSlot(size_t offset) const {
  if (offset < kFirstSlotOffset) return false;
  size_t slot = (offset - kFirstSlotOffset) / sizeof(void*);
  if (slot >= num_slots_ || minor_ < MinorIntroducing(slot)) return false;
  void* fn = nullptr;
  std::memcpy(&fn, reinterpret_cast<const char*>(api_) + offset, sizeof(fn));
  return fn != nullptr;
}

Status PluginApi::Resolve(size_t offset, const char* name, void** fn) const {
  size_t slot = (offset - kFirstSlotOffset) / sizeof(void*);
  if (slot >= num_slots_ || minor_ < MinorIntroducing(slot)) {
    return Unimplemented(std::string(name) + " is not available in the plugin " + path_ +
                         " (PJRT C API " + std::to_string(major_) + "." +
                         std::to_string(minor_) + ", " + std::to_string(num_slots_) +
                         " functions)");
  }
  std::memcpy(fn, reinterpret_cast<const char*>(api_) + offset, sizeof(*fn));
  if (*fn == nullptr) {
    return Unimplemented(std::string(name) + " is not implemented by the plugin " + path_);
  }
  return Status::Ok();
}

Status PluginApi::ConsumeError(PJRT_Error* error) const {
  if (error == nullptr) return Status::Ok();
  StatusCode code = StatusCode::kUnknown;
  std::string message = "(the plugin gave no message)";
  if (HasSlot(offsetof(PJRT_Api, PJRT_Error_GetCode))) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Error_GetCode);
    args.error = error;
    PJRT_Error* nested = api_->PJRT_Error_GetCode(&args);
    // GetCode failing is itself an error we cannot describe further; keep UNKNOWN.
    if (nested == nullptr) {
      int c = static_cast<int>(args.code);
      if (c > 0 && c <= static_cast<int>(StatusCode::kUnauthenticated)) code = static_cast<StatusCode>(c);
    } else if (HasSlot(offsetof(PJRT_Api, PJRT_Error_Destroy))) {
      auto d = JAXLIB_PJRT_ARGS(PJRT_Error_Destroy);
      d.error = nested;
      api_->PJRT_Error_Destroy(&d);
    }
  }
  if (HasSlot(offsetof(PJRT_Api, PJRT_Error_Message))) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Error_Message);
    args.error = error;
    api_->PJRT_Error_Message(&args);
    if (args.message != nullptr) message.assign(args.message, args.message_size);
  }
  if (HasSlot(offsetof(PJRT_Api, PJRT_Error_Destroy))) {
    auto args = JAXLIB_PJRT_ARGS(PJRT_Error_Destroy);
    args.error = error;
    api_->PJRT_Error_Destroy(&args);
  }
  if (code == StatusCode::kOk) code = StatusCode::kUnknown;
  return Status(code, std::move(message));
}

Status PluginApi::Initialize() {
  std::lock_guard<std::mutex> lock(init_mu_);
  if (init_done_) return init_status_;
  auto args = JAXLIB_PJRT_ARGS(PJRT_Plugin_Initialize);
  if (HasSlot(offsetof(PJRT_Api, PJRT_Plugin_Initialize))) {
    init_status_ = JAXLIB_PJRT_CALL(*this, PJRT_Plugin_Initialize, &args);
  }
  init_done_ = true;
  return init_status_;
}

bool PluginApi::initialized() const {
  std::lock_guard<std::mutex> lock(init_mu_);
  return init_done_ && init_status_.ok();
}

StatusOr<std::vector<NamedValue>> PluginApi::Attributes() const {
  auto args = JAXLIB_PJRT_ARGS(PJRT_Plugin_Attributes);
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*this, PJRT_Plugin_Attributes, &args));
  return DecodeNamedValues(args.attributes, args.num_attributes);
}

std::vector<NamedValue> DecodeNamedValues(const PJRT_NamedValue* values, size_t count) {
  std::vector<NamedValue> out;
  if (values == nullptr) return out;
  out.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const PJRT_NamedValue& v = values[i];
    NamedValue nv;
    nv.name = CopyString(v.name, v.name_size);
    switch (v.type) {
      case PJRT_NamedValue_kString:
        nv.value = CopyString(v.string_value, v.value_size);
        break;
      case PJRT_NamedValue_kInt64:
        nv.value = static_cast<int64_t>(v.int64_value);
        break;
      case PJRT_NamedValue_kInt64List: {
        std::vector<int64_t> list;
        if (v.int64_array_value != nullptr) list.assign(v.int64_array_value, v.int64_array_value + v.value_size);
        nv.value = std::move(list);
        break;
      }
      case PJRT_NamedValue_kFloat:
        nv.value = v.float_value;
        break;
      case PJRT_NamedValue_kBool:
        nv.value = v.bool_value;
        break;
      default:
        continue;  // A type newer than our header: skip rather than misread.
    }
    out.push_back(std::move(nv));
  }
  return out;
}

// Builds PJRT_NamedValue entries that point into `options` (which must outlive them).
std::vector<PJRT_NamedValue> ToPjrtNamedValues(const std::vector<NamedValue>& options) {
  std::vector<PJRT_NamedValue> out;
  out.reserve(options.size());
  for (const NamedValue& opt : options) {
    auto v = ZeroedArgs<PJRT_NamedValue>(PJRT_NamedValue_STRUCT_SIZE);
    v.name = opt.name.data();
    v.name_size = opt.name.size();
    v.value_size = 1;
    if (const auto* s = std::get_if<std::string>(&opt.value)) {
      v.type = PJRT_NamedValue_kString;
      v.string_value = s->data();
      v.value_size = s->size();
    } else if (const auto* i = std::get_if<int64_t>(&opt.value)) {
      v.type = PJRT_NamedValue_kInt64;
      v.int64_value = *i;
    } else if (const auto* l = std::get_if<std::vector<int64_t>>(&opt.value)) {
      v.type = PJRT_NamedValue_kInt64List;
      v.int64_array_value = l->data();
      v.value_size = l->size();
    } else if (const auto* f = std::get_if<float>(&opt.value)) {
      v.type = PJRT_NamedValue_kFloat;
      v.float_value = *f;
    } else if (const auto* b = std::get_if<bool>(&opt.value)) {
      v.type = PJRT_NamedValue_kBool;
      v.bool_value = *b;
    }
    out.push_back(v);
  }
  return out;
}


namespace {

// The checks every table passes before anything in it is called: a plausible size, our major
// version and a minor no older than the oldest layout we read.
Status ValidateApi(const std::string& path, const PJRT_Api* api) {
  if (api->struct_size < kFirstSlotOffset) {
    return FailedPrecondition("PJRT plugin '" + path + "' reports a table of " +
                              std::to_string(api->struct_size) + " bytes, too small to be valid");
  }
  int major = api->pjrt_api_version.major_version;
  int minor = api->pjrt_api_version.minor_version;
  std::string version = std::to_string(major) + "." + std::to_string(minor);
  if (major != PJRT_API_MAJOR) {
    return FailedPrecondition("PJRT plugin '" + path + "' has PJRT C API version " + version +
                              ", but this jaxlib supports major version " +
                              std::to_string(PJRT_API_MAJOR) + " only");
  }
  if (minor < kMinSupportedMinor) {
    return FailedPrecondition("PJRT plugin '" + path + "' has PJRT C API version " + version +
                              ", older than the oldest supported version 0." +
                              std::to_string(kMinSupportedMinor));
  }
  return Status::Ok();
}

}  // namespace

StatusOr<std::shared_ptr<PluginApi>> PluginFromApi(const PJRT_Api* api) {
  if (api == nullptr) return InvalidArgument("load_pjrt_plugin_with_c_api: the PJRT_Api pointer is NULL");
  std::string key;
  Dl_info info;
  if (::dladdr(static_cast<const void*>(api), &info) != 0 && info.dli_fname != nullptr) {
    char resolved[PATH_MAX];
    key = ::realpath(info.dli_fname, resolved) != nullptr ? std::string(resolved) : std::string(info.dli_fname);
  } else {
    char buf[64];
    std::snprintf(buf, sizeof(buf), "<PJRT_Api at %p>", static_cast<const void*>(api));
    key = buf;
  }
  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto it = Registry().find(key);
  if (it != Registry().end()) {
    if (it->second->raw() != api) {
      return InvalidArgument("'" + key + "' is already loaded with another PJRT_Api table");
    }
    return it->second;
  }
  JAXLIB_RETURN_IF_ERROR(ValidateApi(key, api));
  auto plugin = std::make_shared<PluginApi>(key, api);
  Registry().emplace(key, plugin);
  return plugin;
}

StatusOr<std::shared_ptr<PluginApi>> LoadPlugin(const std::string& path) {
  struct stat st;
  if (path.empty() || ::stat(path.c_str(), &st) != 0) {
    return NotFound("PJRT plugin library not found: '" + path + "'");
  }
  if (S_ISDIR(st.st_mode)) {
    return InvalidArgument("PJRT plugin path is a directory, not a shared library: '" + path + "'");
  }
  char resolved[PATH_MAX];
  std::string key = ::realpath(path.c_str(), resolved) != nullptr ? std::string(resolved) : path;

  std::lock_guard<std::mutex> lock(RegistryMutex());
  auto it = Registry().find(key);
  if (it != Registry().end()) return it->second;

  // RTLD_LOCAL: every plugin carries private copies of LLVM/protobuf that must not clash.
  void* handle = ::dlopen(key.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* err = ::dlerror();
    return InvalidArgument("'" + path + "' is not a loadable shared library: " +
                           (err != nullptr ? err : "unknown dlopen error"));
  }
  ::dlerror();
  void* sym = ::dlsym(handle, "GetPjrtApi");
  if (sym == nullptr) {
    // The library stays loaded (no dlclose, by policy): unloading code that may have started
    // threads in its constructors is never safe.
    return InvalidArgument("'" + path + "' does not export GetPjrtApi, so it is not a PJRT plugin");
  }
  using GetApiFn = const PJRT_Api* (*)();
  const PJRT_Api* api = reinterpret_cast<GetApiFn>(sym)();
  if (api == nullptr) return Internal("GetPjrtApi() of '" + path + "' returned NULL");
  JAXLIB_RETURN_IF_ERROR(ValidateApi(path, api));
  auto plugin = std::make_shared<PluginApi>(key, api);
  Registry().emplace(key, plugin);
  return plugin;
}

}  // namespace jaxlib::host
