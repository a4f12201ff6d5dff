// Loading a PJRT plugin and calling into its C table safely. Every call into a plugin goes
// through PluginApi::Call, which gates on the plugin's minor version, on its table size and
// on a non-NULL slot, and turns each PJRT_Error into a Status. No Python here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/support/status.h"

namespace jaxlib::host {

// The oldest plugin we accept: 0.57 rearranged the table, so older layouts are unsafe.
inline constexpr int kMinSupportedMinor = 57;
// Byte offset of function slot 0 in PJRT_Api (struct_size, extension_start, version struct).
inline constexpr size_t kFirstSlotOffset = 40;

// A decoded PJRT_NamedValue (plugin attributes, device attributes, client options).
struct NamedValue {
  std::string name;
  std::variant<std::string, int64_t, std::vector<int64_t>, float, bool> value;
};

// Zero-filled args struct with struct_size set to the header's <Name>_STRUCT_SIZE (the
// offset of the last field plus its size, which is not sizeof()).
template <typename Args>
Args ZeroedArgs(size_t struct_size) {
  Args args;
  std::memset(static_cast<void*>(&args), 0, sizeof(Args));
  args.struct_size = struct_size;
  return args;
}
#define JAXLIB_PJRT_ARGS(Name) ::jaxlib::host::ZeroedArgs<Name##_Args>(Name##_Args_STRUCT_SIZE)

// Calls slot `Name` of `plugin` (a PluginApi) with `args`; evaluates to a Status.
#define JAXLIB_PJRT_CALL(plugin, Name, args) \
  (plugin).Call<Name##_Args>(offsetof(PJRT_Api, Name), #Name, (args))

class PluginApi {
 public:
  PluginApi(std::string path, const PJRT_Api* api);
  PluginApi(const PluginApi&) = delete;
  PluginApi& operator=(const PluginApi&) = delete;

  const std::string& path() const { return path_; }
  const PJRT_Api* raw() const { return api_; }
  int major_version() const { return major_; }
  int minor_version() const { return minor_; }
  // Number of function pointers the plugin's table holds: (struct_size - 40) / 8.
  size_t num_slots() const { return num_slots_; }

  // True when the slot at `offset` (offsetof(PJRT_Api, Fn)) may be called: the plugin's minor
  // is at least the slot's introduction, the table covers it, and the pointer is non-NULL.
  bool HasSlot(size_t offset) const;

  template <typename Args>
  Status Call(size_t offset, const char* name, Args* args) const {
    void* fn = nullptr;
    JAXLIB_RETURN_IF_ERROR(Resolve(offset, name, &fn));
    using Fn = PJRT_Error* (*)(Args*);
    return ConsumeError(reinterpret_cast<Fn>(fn)(args));
  }

  // Converts a PJRT_Error (code + the plugin's message) into a Status and destroys it.
  // nullptr means OK.
  Status ConsumeError(PJRT_Error* error) const;

  // PJRT_Plugin_Initialize, at most once per plugin; later calls return the first result.
  Status Initialize();
  bool initialized() const;
  // PJRT_Plugin_Attributes, copied (they live for the process, but copies are simpler).
  StatusOr<std::vector<NamedValue>> Attributes() const;

 private:
  Status Resolve(size_t offset, const char* name, void** fn) const;

  std::string path_;
  const PJRT_Api* api_;
  int major_ = 0;
  int minor_ = 0;
  size_t num_slots_ = 0;

  mutable std::mutex init_mu_;
  bool init_done_ = false;
  Status init_status_;
};

// Loads the plugin at `path` (dlopen RTLD_NOW|RTLD_LOCAL; never dlclose'd) and validates its
// table: NOT_FOUND for a missing file, INVALID_ARGUMENT for a file that is not a loadable
// shared library (with the loader's message) or exports no GetPjrtApi, FAILED_PRECONDITION for
// a major version other than 0 or a minor below 0.57. Loading the same file twice returns the
// same PluginApi. Nothing beyond GetPjrtApi is called here.
StatusOr<std::shared_ptr<PluginApi>> LoadPlugin(const std::string& path);

// Builds PJRT_NamedValue entries that point into `options` (which must outlive them).
std::vector<PJRT_NamedValue> ToPjrtNamedValues(const std::vector<NamedValue>& options);

// A PluginApi for a table some other code already loaded (load_pjrt_plugin_with_c_api): the
// same checks as LoadPlugin, keyed by the library that holds `api` (dladdr), so a table
// loaded both ways is one PluginApi.
StatusOr<std::shared_ptr<PluginApi>> PluginFromApi(const PJRT_Api* api);

// Decodes an array of PJRT_NamedValue (attributes, options) into owned values.
std::vector<NamedValue> DecodeNamedValues(const PJRT_NamedValue* values, size_t count);

// Copies a (pointer, size) string returned by a plugin; NULL becomes "".
inline std::string CopyString(const char* data, size_t size) {
  return data == nullptr ? std::string() : std::string(data, size);
}

}  // namespace jaxlib::host
