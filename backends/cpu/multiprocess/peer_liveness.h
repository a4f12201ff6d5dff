// Knowing, within seconds, that another process of the job died: every pair of processes
// holds one TCP connection that carries nothing; the kernel closes it when a process exits or
// is killed, and TCP keepalive notices a peer host that vanished. MPI itself cannot tell (a
// collective with a dead peer waits forever), so collectives poll this while they wait.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "backends/cpu/multiprocess/job_store.h"

namespace jaxlib::cpu {

class PeerLiveness {
 public:
  // Connects this process to every other process of the job: each listens, publishes its
  // addresses in the store, connects to the processes with lower ids and accepts the higher.
  // `nonce` (the same in every process of the job) tells our connections from strays.
  static StatusOr<std::unique_ptr<PeerLiveness>> Connect(const JobStore& store, uint64_t nonce);
  ~PeerLiveness();

  // Empty while every peer in `processes` (all peers when empty) is alive; else why the first
  // of them to go is gone (later deaths are often peers that gave up because of it).
  std::string DeadPeer(const std::vector<int>& processes = {}) const;
  // Another source (the host) knows a peer is gone.
  void MarkDead(int process, const std::string& why);

 private:
  PeerLiveness(int self, int count) : self_(self), count_(count), dead_(static_cast<size_t>(count)) {}
  void Watch();

  const int self_;
  const int count_;
  std::vector<int> sockets_;  // by process id; -1 for self
  std::vector<std::atomic<bool>> dead_;
  mutable std::mutex mu_;
  std::vector<std::string> reasons_;
  std::vector<uint64_t> death_order_;  // 0 while alive; guarded by mu_
  uint64_t deaths_ = 0;
  int wake_[2] = {-1, -1};  // a pipe that ends Watch
  std::thread watcher_;
};

}  // namespace jaxlib::cpu
