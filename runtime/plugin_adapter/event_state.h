// EventState: the completion state behind a PJRT_Event (becomes ready once, with a Status, and
// runs its callbacks). Thread-safe; never runs a callback while holding its own lock, because
// callbacks re-enter the PJRT API. Knows nothing about the C ABI.
#pragma once

#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "runtime/support/status.h"

namespace jaxlib::plugin {

class EventState {
 public:
  using Callback = std::function<void(const Status&)>;

  static std::shared_ptr<EventState> MakeReady(Status status = Status());
  static std::shared_ptr<EventState> MakePending();

  // Marks the event ready; only the first call counts. Callbacks run on this thread.
  void SetReady(Status status);
  bool IsReady() const;
  // Blocks until ready and returns the final status.
  Status Await() const;
  // Runs `callback` now (on this thread) if ready, else from SetReady.
  void OnReady(Callback callback);

 private:
  mutable std::mutex mu_;
  mutable std::condition_variable cv_;
  std::atomic<bool> ready_{false};
  Status status_;
  std::vector<Callback> callbacks_;
};

// The producer side of a pending event. If the producer is dropped without completing (a
// backend forgot its release callback, an exception unwound), waiters get an error instead of
// hanging forever.
class EventPromise {
 public:
  explicit EventPromise(std::shared_ptr<EventState> state) : state_(std::move(state)) {}
  ~EventPromise();
  EventPromise(const EventPromise&) = delete;
  EventPromise& operator=(const EventPromise&) = delete;

  void Set(Status status = Status()) { state_->SetReady(std::move(status)); }
  const std::shared_ptr<EventState>& state() const { return state_; }

 private:
  std::shared_ptr<EventState> state_;
};

}  // namespace jaxlib::plugin
