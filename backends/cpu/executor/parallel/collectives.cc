// Collectives rendezvous (collectives.h): a generation-counted barrier with an abort flag.
#include "backends/cpu/executor/parallel/collectives.h"

namespace jaxlib::cpu {

Collectives::Collectives(int num_devices)
    : num_devices_(num_devices), slots_(static_cast<size_t>(num_devices)), sites_(static_cast<size_t>(num_devices)) {}

bool Collectives::Wait() {
  std::unique_lock<std::mutex> lock(mu_);
  if (aborted_) return false;
  uint64_t gen = generation_;
  if (++arrived_ == num_devices_) {
    arrived_ = 0;
    ++generation_;
    cv_.notify_all();
    return true;
  }
  cv_.wait(lock, [&] { return generation_ != gen || aborted_; });
  return generation_ != gen;
}

void Collectives::Abort() {
  std::lock_guard<std::mutex> lock(mu_);
  aborted_ = true;
  cv_.notify_all();
}

Status Collectives::Exchange(int device, const void* site, std::vector<const void*> buffers,
                             const std::function<void(const std::vector<std::vector<const void*>>&)>& compute) {
  if (device < 0 || device >= num_devices_) return Internal("collective on an unknown device slot");
  if (num_devices_ == 1) {
    slots_[0] = std::move(buffers);
    compute(slots_);
    return Status::Ok();
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots_[static_cast<size_t>(device)] = std::move(buffers);
    sites_[static_cast<size_t>(device)] = site;
  }
  if (!Wait()) return Status(StatusCode::kAborted, "another device of this execution failed");
  for (const void* s : sites_) {
    if (s != site) {
      Abort();
      return Internal("devices reached different collectives (their control flow diverged)");
    }
  }
  compute(slots_);
  if (!Wait()) return Status(StatusCode::kAborted, "another device of this execution failed");
  return Status::Ok();
}

}  // namespace jaxlib::cpu
