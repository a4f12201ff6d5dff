// PJRT_Event ownership and callbacks. The OnReady trampoline owns the PJRT_Error it receives
// and must destroy it, whatever thread it runs on.
#include "runtime/pjrt_host/event.h"

namespace jaxlib::host {
namespace {

struct OnReadyState {
  std::shared_ptr<PluginApi> plugin;
  std::function<void(Status)> callback;
};

void OnReadyTrampoline(PJRT_Error* error, void* user_arg) {
  std::unique_ptr<OnReadyState> state(static_cast<OnReadyState*>(user_arg));
  Status status = state->plugin->ConsumeError(error);
  if (state->callback) state->callback(std::move(status));
}

}  // namespace

Event::~Event() {
  if (event_ == nullptr) return;
  auto args = JAXLIB_PJRT_ARGS(PJRT_Event_Destroy);
  args.event = event_;
  (void)JAXLIB_PJRT_CALL(*plugin_, PJRT_Event_Destroy, &args);
}

Status Event::Await() {
  auto args = JAXLIB_PJRT_ARGS(PJRT_Event_Await);
  args.event = event_;
  return JAXLIB_PJRT_CALL(*plugin_, PJRT_Event_Await, &args);
}

StatusOr<bool> Event::IsReady() {
  auto args = JAXLIB_PJRT_ARGS(PJRT_Event_IsReady);
  args.event = event_;
  JAXLIB_RETURN_IF_ERROR(JAXLIB_PJRT_CALL(*plugin_, PJRT_Event_IsReady, &args));
  return static_cast<bool>(args.is_ready);
}

Status Event::OnReady(std::function<void(Status)> callback) {
  auto state = std::make_unique<OnReadyState>(OnReadyState{plugin_, std::move(callback)});
  auto args = JAXLIB_PJRT_ARGS(PJRT_Event_OnReady);
  args.event = event_;
  args.callback = &OnReadyTrampoline;
  args.user_arg = state.get();
  Status status = JAXLIB_PJRT_CALL(*plugin_, PJRT_Event_OnReady, &args);
  // On success the trampoline owns (and frees) the state; on failure it never runs.
  if (status.ok()) state.release();
  return status;
}

Status AwaitAndDestroy(const std::shared_ptr<PluginApi>& plugin, PJRT_Event* event) {
  if (event == nullptr) return Status::Ok();
  Event owned(plugin, event);
  return owned.Await();
}

}  // namespace jaxlib::host
