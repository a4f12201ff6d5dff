// Bootstraps MPICH without mpiexec: MPICH's PMI-1 client ("simple PMI", the wire protocol
// MPICH documents in src/pmi/maint/pmi-1.2.txt) talks to this server over a socketpair whose
// end it finds in $PMI_FD. Puts, gets and barriers go to the job's key-value store (JobStore),
// so MPICH exchanges its addresses through the same store the host handed to
// PJRT_Client_Create. One server per process, alive as long as MPI is.
#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "backends/cpu/multiprocess/job_store.h"

namespace jaxlib::cpu {

class PmiServer {
 public:
  // Serves rank `rank` of `size` on `fd` (our end of the socketpair) from its own thread.
  PmiServer(int fd, int rank, int size, std::string kvsname, std::shared_ptr<const JobStore> store);
  ~PmiServer();
  PmiServer(const PmiServer&) = delete;
  PmiServer& operator=(const PmiServer&) = delete;

  // The first failure (a store error, an unknown command), for the message when MPI's
  // initialisation fails; empty when there was none.
  std::string error() const;

  // Stops using the store (the host's callbacks may not outlive the client that brought
  // them); later requests that need it fail.
  void Detach();

 private:
  void Serve();
  // One request line (without its newline) -> the reply line.
  std::string Handle(const std::string& line);
  std::string Barrier();
  std::string Get(const std::string& key);
  void Fail(const std::string& message);
  std::shared_ptr<const JobStore> Store() const;

  const int fd_;
  const int rank_;
  const int size_;
  const std::string kvsname_;
  std::shared_ptr<const JobStore> store_;  // guarded by mu_ once Detach may run
  int barrier_generation_ = 0;
  std::string keys_since_barrier_;           // this rank's puts since the last barrier
  std::map<std::string, std::string> local_;  // this rank's own puts
  std::map<std::string, int> directory_;      // key -> rank that put it (known after barriers)
  mutable std::mutex mu_;
  std::string error_;
  std::thread thread_;
};

}  // namespace jaxlib::cpu
