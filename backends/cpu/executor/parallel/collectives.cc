// Collectives rendezvous (collectives.h): a generation-counted barrier with an abort flag, and
// the default cross-process step, which gathers every device's buffers from every process.
#include "backends/cpu/executor/parallel/collectives.h"

#include <algorithm>
#include <cstring>

namespace jaxlib::cpu {

Collectives::Collectives(int num_devices)
    : num_devices_(num_devices), num_local_(num_devices), slots_(static_cast<size_t>(num_devices)),
      sites_(static_cast<size_t>(num_devices)) {
  for (int d = 0; d < num_devices; ++d) local_.push_back(d);
}

Collectives::Collectives(std::vector<int> device_process, CrossProcessCollectives* cross)
    : num_devices_(static_cast<int>(device_process.size())), device_process_(std::move(device_process)),
      cross_(cross), slots_(static_cast<size_t>(num_devices_)), sites_(static_cast<size_t>(num_devices_)) {
  const int me = cross_->process_index();
  for (int d = 0; d < num_devices_; ++d) {
    if (device_process_[static_cast<size_t>(d)] == me) local_.push_back(d);
    processes_.push_back(device_process_[static_cast<size_t>(d)]);
  }
  std::sort(processes_.begin(), processes_.end());
  processes_.erase(std::unique(processes_.begin(), processes_.end()), processes_.end());
  num_local_ = static_cast<int>(local_.size());
}

bool Collectives::Wait() {
  std::unique_lock<std::mutex> lock(mu_);
  if (aborted_) return false;
  uint64_t gen = generation_;
  if (++arrived_ == num_local_) {
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

Status Collectives::GatherPeers(const std::vector<size_t>& bytes) {
  size_t per_device = 0;
  for (size_t b : bytes) per_device += b;
  std::vector<uint8_t> send(per_device * local_.size());
  uint8_t* at = send.data();
  for (int d : local_) {
    for (size_t k = 0; k < bytes.size(); ++k) {
      if (bytes[k] != 0) std::memcpy(at, slots_[static_cast<size_t>(d)][k], bytes[k]);
      at += bytes[k];
    }
  }
  std::vector<size_t> per_member;
  for (int p : processes_) {
    size_t count = static_cast<size_t>(std::count(device_process_.begin(), device_process_.end(), p));
    per_member.push_back(count * per_device);
  }
  storage_.resize(per_device * static_cast<size_t>(num_devices_));
  JAXLIB_RETURN_IF_ERROR(cross_->AllGather(processes_, send.data(), per_member, storage_.data()));
  // Received in process order, each process's devices in logical order.
  const uint8_t* from = storage_.data();
  for (int p : processes_) {
    for (int d = 0; d < num_devices_; ++d) {
      if (device_process_[static_cast<size_t>(d)] != p) continue;
      const bool remote = p != cross_->process_index();
      std::vector<const void*>& slot = slots_[static_cast<size_t>(d)];
      if (remote) slot.assign(bytes.size(), nullptr);
      for (size_t k = 0; k < bytes.size(); ++k) {
        if (remote) slot[k] = from;
        from += bytes[k];
      }
    }
  }
  return Status::Ok();
}

Status Collectives::Exchange(int device, const void* site, std::vector<const void*> buffers,
                             const std::vector<size_t>& bytes, const CrossStep& cross_step,
                             const std::function<void(const Peers&)>& compute) {
  if (device < 0 || device >= num_devices_) return Internal("collective on an unknown device slot");
  if (num_local_ == 1 && cross_ == nullptr) {
    slots_[static_cast<size_t>(device)] = std::move(buffers);
    compute(slots_);
    return Status::Ok();
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots_[static_cast<size_t>(device)] = std::move(buffers);
    sites_[static_cast<size_t>(device)] = site;
  }
  if (!Wait()) return Status(StatusCode::kAborted, "another device of this execution failed");
  for (int d : local_) {
    if (sites_[static_cast<size_t>(d)] != site) {
      Abort();
      return Internal("devices reached different collectives (their control flow diverged)");
    }
  }
  if (cross_ != nullptr) {
    if (device == local_.front()) cross_status_ = cross_step ? cross_step(slots_, storage_) : GatherPeers(bytes);
    if (!Wait()) return Status(StatusCode::kAborted, "another device of this execution failed");
    if (!cross_status_.ok()) return cross_status_;
  }
  compute(slots_);
  if (!Wait()) return Status(StatusCode::kAborted, "another device of this execution failed");
  return Status::Ok();
}

}  // namespace jaxlib::cpu
