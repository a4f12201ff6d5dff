// PJRT_Error_*, PJRT_Plugin_* and PJRT_Event_* entry points. Errors and events are owned by
// the caller; Destroy of NULL is a no-op, like free(NULL), because hosts call it on cleanup
// paths where the object may never have been created.
#include <cstddef>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin::entry {

void ErrorDestroy(PJRT_Error_Destroy_Args* args) noexcept {
  // No way to report a problem from a void function: a bad call leaks rather than crashes.
  if (args == nullptr || args->struct_size < PJRT_Error_Destroy_Args_STRUCT_SIZE) return;
  PJRT_Error* error = args->error;
  if (error != nullptr && !error->is_static) delete error;
}

void ErrorMessage(PJRT_Error_Message_Args* args) noexcept {
  if (args == nullptr || args->struct_size < PJRT_Error_Message_Args_STRUCT_SIZE) return;
  if (args->error == nullptr) {
    args->message = "";
    args->message_size = 0;
    return;
  }
  const std::string& message = args->error->status.message();
  args->message = message.c_str();
  args->message_size = message.size();
}

Status ErrorGetCode(PJRT_Error_GetCode_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->error, "PJRT_Error_GetCode");
  args->code = static_cast<PJRT_Error_Code>(static_cast<int>(args->error->status.code()));
  return Status();
}

Status PluginInitialize(PJRT_Plugin_Initialize_Args* args) {
  // Nothing to bring up for our backends (devices appear at Client_Create), so a repeated
  // call is trivially idempotent: a host that initialises twice, or two hosts in one process,
  // cannot break the plugin.
  return Status();
}

Status PluginAttributes(PJRT_Plugin_Attributes_Args* args) {
  const std::vector<PJRT_NamedValue>& attributes = ActivePluginAttributes();
  args->attributes = attributes.data();
  args->num_attributes = attributes.size();
  return Status();
}

Status EventDestroy(PJRT_Event_Destroy_Args* args) {
  // Destroying the handle never cancels OnReady callbacks: they hold the state, not the handle.
  delete args->event;
  return Status();
}

Status EventIsReady(PJRT_Event_IsReady_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->event, "PJRT_Event_IsReady");
  args->is_ready = args->event->state->IsReady();
  return Status();
}

Status EventError(PJRT_Event_Error_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->event, "PJRT_Event_Error");
  // Callers must ask only once the event is ready; if one asks early we wait rather than
  // return a made-up error that would be mistaken for the event's own result.
  return args->event->state->Await();
}

Status EventAwait(PJRT_Event_Await_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->event, "PJRT_Event_Await");
  return args->event->state->Await();
}

Status EventOnReady(PJRT_Event_OnReady_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->event, "PJRT_Event_OnReady");
  if (args->callback == nullptr) {
    return InvalidArgument("PJRT_Event_OnReady: callback is NULL");
  }
  PJRT_Event_OnReadyCallback callback = args->callback;
  void* user_arg = args->user_arg;
  // The callback owns the PJRT_Error it receives (NULL for success).
  args->event->state->OnReady(
      [callback, user_arg](const Status& status) { callback(ToPjrtError(status), user_arg); });
  return Status();
}

}  // namespace jaxlib::plugin::entry
