// The processes of a multi-process CPU job, as one CPU client sees them: the job's topology
// (how many devices each process has, hence every device's global id), MPI bootstrapped
// through the job's key-value store (pmi_server.h), liveness of every peer
// (peer_liveness.h), and the executor's cross-process collectives on MPI with bounded waits.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cpu/executor/parallel/cross_process.h"
#include "backends/cpu/multiprocess/job_store.h"
#include "backends/cpu/multiprocess/mpi_library.h"
#include "backends/cpu/multiprocess/peer_liveness.h"

namespace jaxlib::cpu {

struct ProcessGroupOptions {
  std::string mpi_library;  // path of an MPI 5.0 standard-ABI library (libmpi_abi.so)
  int local_devices = 1;
  int64_t timeout_ms = 120000;  // bootstrap waits (every process must arrive within it)
};

class ProcessGroup final : public CrossProcessCollectives {
 public:
  // Joins the job: exchanges topology, connects liveness links and starts MPI. Errors name
  // the process that did not come or disagreed (a different process count, a lost peer).
  static StatusOr<std::shared_ptr<ProcessGroup>> Join(plugin::DistributedContext context,
                                                      const ProcessGroupOptions& options);
  ~ProcessGroup() override;

  int process_index() const override { return node_id_; }
  int process_count() const { return num_nodes_; }
  // Devices of process p: global ids device_offset(p) .. device_offset(p) + device_count(p) - 1.
  int device_count(int p) const { return device_counts_[static_cast<size_t>(p)]; }
  int device_offset(int p) const { return device_offsets_[static_cast<size_t>(p)]; }
  const std::string& host_of(int p) const { return hosts_[static_cast<size_t>(p)]; }
  // The host says process p left the job: collectives with it fail from now on.
  void ProcessLost(int p, const std::string& why) { liveness_->MarkDead(p, why); }

  Status AllGather(const std::vector<int>& processes, const void* send, const std::vector<size_t>& bytes_per_member,
                   void* recv) override;
  Status AllReduce(const std::vector<int>& processes, void* data, size_t count, ElementType type,
                   CrossProcessReduction reduction) override;
  bool CanAllReduce(ElementType type, CrossProcessReduction reduction) const override;
  void LockExecution() override { execution_mu_.lock(); }
  void UnlockExecution() override { execution_mu_.unlock(); }

 private:
  ProcessGroup() = default;
  Status StartMpi(const JobStore& store, const ProcessGroupOptions& options, uint64_t nonce);
  // The communicator of `processes` (made on first use, collectively by its members).
  StatusOr<mpi::Comm> CommunicatorOf(const std::vector<int>& processes);
  // Drives `request` to completion, failing (and poisoning the group) when a peer of
  // `processes` dies.
  Status Wait(mpi::Request* request, const std::vector<int>& processes, const char* what);
  Status CheckUsable(const std::vector<int>& processes);
  Status MpiError(const char* call, int code);

  int node_id_ = 0;
  int num_nodes_ = 1;
  std::vector<int> device_counts_, device_offsets_;
  std::vector<std::string> hosts_;
  std::unique_ptr<PeerLiveness> liveness_;
  const mpi::Library* mpi_ = nullptr;
  mpi::Comm world_ = nullptr;  // this client's duplicate of MPI_COMM_WORLD
  std::map<std::vector<int>, mpi::Comm> communicators_;
  std::mutex mpi_mu_;        // one MPI operation at a time from this client
  std::mutex execution_mu_;  // see LockExecution
  std::string poisoned_;     // why collectives no longer work (guarded by mpi_mu_)
};

}  // namespace jaxlib::cpu
