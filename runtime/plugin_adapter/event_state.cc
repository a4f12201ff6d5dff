// EventState implementation: a one-shot latch with callbacks. Callbacks are moved out of the
// lock before they run so that they may call back into the event (or destroy its handle).
#include "runtime/plugin_adapter/event_state.h"

#include <utility>

namespace jaxlib::plugin {

std::shared_ptr<EventState> EventState::MakeReady(Status status) {
  auto state = std::make_shared<EventState>();
  state->ready_ = true;
  state->status_ = std::move(status);
  return state;
}

std::shared_ptr<EventState> EventState::MakePending() { return std::make_shared<EventState>(); }

void EventState::SetReady(Status status) {
  std::vector<Callback> to_run;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (ready_) return;
    ready_ = true;
    status_ = std::move(status);
    to_run.swap(callbacks_);
  }
  cv_.notify_all();
  // status_ is immutable once ready_ is set, so reading it without the lock is safe.
  for (Callback& callback : to_run) callback(status_);
}

bool EventState::IsReady() const {
  std::lock_guard<std::mutex> lock(mu_);
  return ready_;
}

Status EventState::Await() const {
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return ready_; });
  return status_;
}

void EventState::OnReady(Callback callback) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!ready_) {
      callbacks_.push_back(std::move(callback));
      return;
    }
  }
  callback(status_);
}

EventPromise::~EventPromise() {
  if (!state_->IsReady()) {
    state_->SetReady(Internal("the operation behind this event was abandoned before completing"));
  }
}

}  // namespace jaxlib::plugin
