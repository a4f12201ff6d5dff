// Rendezvous of the devices of one Execute call (one thread per device): every collective op
// publishes its buffers, waits for all devices, computes its own result from its peers'
// buffers, and waits again so that no device overwrites buffers a peer still reads. Devices run
// the same program, so they meet at the same collectives in the same order. In a multi-process
// job only this process's devices meet here; once they have, one of them runs the collective's
// cross-process step (cross_process.h) for all of them before they compute.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "backends/cpu/executor/parallel/cross_process.h"
#include "runtime/support/status.h"

namespace jaxlib::cpu {

class Collectives {
 public:
  // One process: `num_devices` devices, device index = position in the Execute call.
  explicit Collectives(int num_devices);
  // A program over the devices of several processes: device_process[i] is the process of
  // logical device i (replica * partitions + partition); this process runs those whose
  // process is cross->process_index(), in increasing logical order.
  Collectives(std::vector<int> device_process, CrossProcessCollectives* cross);

  // Logical devices of the program (all processes).
  int num_devices() const { return num_devices_; }
  bool spans_processes() const { return cross_ != nullptr; }

  using Peers = std::vector<std::vector<const void*>>;
  // Fills what the collective needs from other processes (run once per process, by one of
  // its devices, after all of them published): remote entries of `peers`, or data in
  // storage() that the compute step reads. Null: every peer's buffers are gathered.
  using CrossStep = std::function<Status(Peers& peers, std::vector<uint8_t>& storage)>;

  // Publishes `buffers` (byte sizes `bytes`) for logical device `device` at the collective
  // identified by `site`, then runs `compute(peers)` where peers[d] are device d's buffers.
  // ABORTED when another device failed; INTERNAL when devices reached different collectives.
  Status Exchange(int device, const void* site, std::vector<const void*> buffers, const std::vector<size_t>& bytes,
                  const CrossStep& cross_step, const std::function<void(const Peers&)>& compute);

  // What the cross step left for the compute step of this collective.
  const std::vector<uint8_t>& storage() const { return storage_; }

  // A device failed: wake and fail every device waiting now or later.
  void Abort();

 private:
  bool Wait();  // false when aborted
  Status GatherPeers(const std::vector<size_t>& bytes);

  const int num_devices_;
  int num_local_ = 0;
  std::vector<int> local_;           // logical indices of this process's devices
  std::vector<int> device_process_;  // empty for one process
  std::vector<int> processes_;       // sorted processes of the program
  CrossProcessCollectives* cross_ = nullptr;
  std::mutex mu_;
  std::condition_variable cv_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
  bool aborted_ = false;
  Peers slots_;
  std::vector<const void*> sites_;
  std::vector<uint8_t> storage_;
  Status cross_status_;
};

}  // namespace jaxlib::cpu
