// Rendezvous of the devices of one Execute call (one thread per device): every collective op
// publishes its buffers, waits for all devices, computes its own result from its peers'
// buffers, and waits again so that no device overwrites buffers a peer still reads. Devices run
// the same program, so they meet at the same collectives in the same order.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "runtime/support/status.h"

namespace jaxlib::cpu {

class Collectives {
 public:
  explicit Collectives(int num_devices);

  int num_devices() const { return num_devices_; }

  // Publishes `buffers` for device `device` at the collective identified by `site`, then runs
  // `compute(peers)` where peers[d] are device d's published buffers. ABORTED when another
  // device failed; INTERNAL when devices reached different collectives.
  Status Exchange(int device, const void* site, std::vector<const void*> buffers,
                  const std::function<void(const std::vector<std::vector<const void*>>&)>& compute);

  // A device failed: wake and fail every device waiting now or later.
  void Abort();

 private:
  bool Wait();  // false when aborted

  const int num_devices_;
  std::mutex mu_;
  std::condition_variable cv_;
  int arrived_ = 0;
  uint64_t generation_ = 0;
  bool aborted_ = false;
  std::vector<std::vector<const void*>> slots_;
  std::vector<const void*> sites_;
};

}  // namespace jaxlib::cpu
