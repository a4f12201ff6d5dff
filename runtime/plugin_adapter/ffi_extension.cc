// The PJRT FFI extension every one of our plugins advertises: hosts register typed FFI handlers
// (register_handler) and types (type_register) in the plugin's XLA FFI registry, and attach
// per-execution user data to a PJRT_ExecuteContext (user_data_add). Same ABI rules as the
// table's entries: args checked, no exception crosses, every failure a PJRT_Error.
#include <cstring>
#include <string>
#include <string_view>

#include "runtime/ffi/ffi_registry.h"
#include "runtime/pjrt_abi/pjrt_ffi_extension.h"
#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin {
namespace {

std::string_view Span(const char* data, size_t size) {
  return data != nullptr ? std::string_view(data, size) : std::string_view();
}

Status TypeRegister(PJRT_FFI_Type_Register_Args* args) {
  // The type_info pointer is the last field; hosts built before it existed send 40 bytes.
  void (*deleter)(void*) = nullptr;
  if (args->struct_size >= PJRT_FFI_Type_Register_Args_STRUCT_SIZE && args->type_info != nullptr) {
    deleter = args->type_info->deleter;
  }
  std::string_view name = Span(args->type_name, args->type_name_size);
  JAXLIB_ASSIGN_OR_RETURN(int64_t id, ffi::RegisterType(name, args->type_id, deleter));
  args->type_id = id;
  return Status();
}

Status UserDataAdd(PJRT_FFI_UserData_Add_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->context, "PJRT_FFI_UserData_Add");
  return args->context->ffi_user_data.Insert(args->user_data.type_id, args->user_data.data);
}

Status RegisterHandler(PJRT_FFI_Register_Handler_Args* args) {
  static constexpr char kEntry[] = "PJRT_FFI_Register_Handler";
  std::string_view name = Span(args->target_name, args->target_name_size);
  std::string_view platform = Span(args->platform_name, args->platform_name_size);
  if (args->handler == nullptr)
    return InvalidArgument(std::string(kEntry) + ": the handler for '" + std::string(name) + "' is NULL");
  XLA_FFI_Handler_Bundle bundle{};
  bundle.execute = reinterpret_cast<XLA_FFI_Handler*>(args->handler);
  // `traits` is the newest field; hosts that end at platform_name_size register none.
  uint32_t traits = args->struct_size >= PJRT_FFI_Register_Handler_Args_STRUCT_SIZE
                        ? static_cast<uint32_t>(RawEnumValue(args->traits))
                        : 0u;
  return ffi::RegisterHandler(name, platform, bundle, traits);
}

// Captureless lambdas: the C signatures of the extension's entries.
PJRT_FFI_Extension MakeExtension(PJRT_Extension_Base* next) {
  PJRT_FFI_Extension ext;
  std::memset(&ext, 0, sizeof(ext));
  ext.base.struct_size = PJRT_FFI_Extension_STRUCT_SIZE;
  ext.base.type = PJRT_Extension_Type_FFI;
  ext.base.next = next;
  ext.type_register = [](PJRT_FFI_Type_Register_Args* args) noexcept -> PJRT_Error* {
    // type_id is the last field every version shares; type_info is optional (read above).
    constexpr size_t kMin = offsetof(PJRT_FFI_Type_Register_Args, type_id) + sizeof(int64_t);
    return RunEntry("PJRT_FFI_Type_Register", args, kMin, [args] { return TypeRegister(args); });
  };
  ext.user_data_add = [](PJRT_FFI_UserData_Add_Args* args) noexcept -> PJRT_Error* {
    return RunEntry("PJRT_FFI_UserData_Add", args, PJRT_FFI_UserData_Add_Args_STRUCT_SIZE,
                    [args] { return UserDataAdd(args); });
  };
  ext.register_handler = [](PJRT_FFI_Register_Handler_Args* args) noexcept -> PJRT_Error* {
    constexpr size_t kMin = offsetof(PJRT_FFI_Register_Handler_Args, platform_name_size) + sizeof(size_t);
    return RunEntry("PJRT_FFI_Register_Handler", args, kMin, [args] { return RegisterHandler(args); });
  };
  return ext;
}

}  // namespace

PJRT_Extension_Base* FfiExtension(PJRT_Extension_Base* next) {
  static PJRT_FFI_Extension extension = MakeExtension(next);
  return &extension.base;
}

}  // namespace jaxlib::plugin
