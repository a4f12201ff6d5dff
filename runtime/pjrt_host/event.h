// RAII owner of a PJRT_Event: await, readiness, and OnReady callbacks that may run on a plugin
// thread (or synchronously, if the event is already ready). Callbacks must not block on
// anything the plugin's worker threads need.
#pragma once

#include <functional>
#include <memory>

#include "runtime/pjrt_host/plugin_api.h"

namespace jaxlib::host {

class Event {
 public:
  Event(std::shared_ptr<PluginApi> plugin, PJRT_Event* event)
      : plugin_(std::move(plugin)), event_(event) {}
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;

  // Blocks until the event is ready; returns the event's error, if any.
  Status Await();
  StatusOr<bool> IsReady();
  // Runs `callback(status)` once when the event becomes ready, possibly on a plugin thread.
  // The callback outlives this Event (destroying an event does not cancel it).
  Status OnReady(std::function<void(Status)> callback);

 private:
  std::shared_ptr<PluginApi> plugin_;
  PJRT_Event* event_;
};

// Await helper for an event handle returned by a plugin call; destroys it afterwards.
Status AwaitAndDestroy(const std::shared_ptr<PluginApi>& plugin, PJRT_Event* event);

}  // namespace jaxlib::host
