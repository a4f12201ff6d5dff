// EventState implementation: a one-shot latch with callbacks. Callbacks are moved out of the
// lock before they run so that they may call back into the event (or destroy its handle).
#include "runtime/plugin_adapter/event_state.h"

#include <utility>

namespace jaxlib::plugin {

std::shared_ptr<EventState> EventState::MakeReady(Status status) {
  if (status.ok()) {
    // Every successful ready event looks the same and never changes again, so they all share
    // one state: no allocation, mutex or condition variable per buffer on the dispatch path.
    static const std::shared_ptr<EventState>* const ready_ok = [] {
      auto* state = new std::shared_ptr<EventState>(std::make_shared<EventState>());
      (*state)->ready_.store(true, std::memory_order_release);
      return state;
    }();
    return *ready_ok;
  }
  auto state = std::make_shared<EventState>();
  state->status_ = std::move(status);
  state->ready_.store(true, std::memory_order_release);
  return state;
}

std::shared_ptr<EventState> EventState::MakePending() { return std::make_shared<EventState>(); }

void EventState::SetReady(Status status) {
  std::vector<Callback> to_run;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (ready_.load(std::memory_order_relaxed)) return;
    status_ = std::move(status);
    ready_.store(true, std::memory_order_release);
    to_run.swap(callbacks_);
  }
  cv_.notify_all();
  // status_ is immutable once ready_ is set, so reading it without the lock is safe.
  for (Callback& callback : to_run) callback(status_);
}

bool EventState::IsReady() const { return ready_.load(std::memory_order_acquire); }

Status EventState::Await() const {
  // status_ is written before ready_ is released and never again, so the fast path needs no lock.
  if (ready_.load(std::memory_order_acquire)) return status_;
  std::unique_lock<std::mutex> lock(mu_);
  cv_.wait(lock, [this] { return ready_.load(std::memory_order_relaxed); });
  return status_;
}

void EventState::OnReady(Callback callback) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (!ready_.load(std::memory_order_relaxed)) {
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
