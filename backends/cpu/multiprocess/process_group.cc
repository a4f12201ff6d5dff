// ProcessGroup (process_group.h). MPI is initialised once per process, by the first
// multi-process client; later clients of the same job shape reuse it with a new duplicate of
// its world communicator. Nothing here calls MPI_Finalize: it is collective, and a job whose
// peer died could never finish it.
#include "backends/cpu/multiprocess/process_group.h"

#include <sched.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <thread>

#include "backends/cpu/multiprocess/pmi_server.h"

namespace jaxlib::cpu {
namespace {

using Clock = std::chrono::steady_clock;

// After a peer is seen dead, a collective may still complete from data already delivered;
// it gets this long before it is failed.
constexpr auto kDeadPeerGrace = std::chrono::seconds(2);

std::string HostName() {
  char name[256] = {0};
  gethostname(name, sizeof(name) - 1);
  return name;
}

// MPI itself is process-wide: which job initialised it, and its PMI server.
struct MpiProcessState {
  std::mutex mu;
  bool initialised = false;
  int node_id = -1, num_nodes = 0;
  std::unique_ptr<PmiServer> pmi;  // kept for MPI's lifetime (MPI may ask PMI again later)
};
MpiProcessState& ProcessState() {
  static auto* state = new MpiProcessState();  // never destroyed: MPI outlives static teardown
  return *state;
}

// MPICH's shared-memory segments are files in /dev/shm that only MPI_Finalize removes. Once
// every process of the job has mapped them, unlinking them keeps the mappings and leaves
// nothing behind when a process is killed.
void UnlinkMappedSharedMemory() {
  std::ifstream maps("/proc/self/maps");
  std::set<std::string> paths;
  std::string line;
  while (std::getline(maps, line)) {
    size_t at = line.find("/dev/shm/mpich_shm_");
    if (at == std::string::npos) continue;
    std::string path = line.substr(at);
    if (size_t deleted = path.find(" (deleted)"); deleted != std::string::npos) continue;
    paths.insert(path);
  }
  for (const std::string& path : paths) unlink(path.c_str());
}

std::string JoinIds(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s;
}

}  // namespace

StatusOr<std::shared_ptr<ProcessGroup>> ProcessGroup::Join(plugin::DistributedContext context,
                                                           const ProcessGroupOptions& options) {
  // One key namespace per client a process creates, so a second client of the same job
  // (created in the same order everywhere) does not read the first one's keys.
  static std::atomic<int> clients{0};
  // The engine first: without MPI the job cannot run, and every process says so at once
  // instead of after the others have joined (or timed out waiting for it).
  JAXLIB_ASSIGN_OR_RETURN(const mpi::Library* library, mpi::LoadLibrary(options.mpi_library));
  const std::string prefix = "jaxlib_cpu/client" + std::to_string(clients.fetch_add(1)) + "/";
  JobStore store(std::move(context), prefix, options.timeout_ms);
  std::shared_ptr<ProcessGroup> group(new ProcessGroup());
  group->mpi_ = library;
  group->node_id_ = store.node_id();
  group->num_nodes_ = store.num_nodes();
  const int n = group->num_nodes_, self = group->node_id_;

  // Topology: "<num_nodes> <devices> <nonce> <host>" from every process. Process 0's nonce
  // names the job (liveness hellos, MPI's kvs name, hence its shared-memory files).
  uint64_t nonce = 0;
  if (self == 0) {
    // getrandom, not std::random_device: libstdc++ may implement that with arc4random, a
    // glibc 2.36 symbol the manylinux policy does not allow.
    if (getrandom(&nonce, sizeof(nonce), 0) != static_cast<ssize_t>(sizeof(nonce))) nonce = 0;
    nonce ^= static_cast<uint64_t>(getpid()) ^
             static_cast<uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  }
  char mine[512];
  std::snprintf(mine, sizeof(mine), "%d %d %llu %s", n, options.local_devices, static_cast<unsigned long long>(nonce),
                HostName().c_str());
  JAXLIB_RETURN_IF_ERROR(store.Put("topology/" + std::to_string(self), mine));
  group->device_counts_.resize(static_cast<size_t>(n));
  group->device_offsets_.resize(static_cast<size_t>(n));
  group->hosts_.resize(static_cast<size_t>(n));
  int offset = 0;
  for (int p = 0; p < n; ++p) {
    std::string entry = mine;
    if (p != self) {
      JAXLIB_ASSIGN_OR_RETURN(entry, store.Get("topology/" + std::to_string(p), "process " + std::to_string(p) + " to join"));
    }
    int their_n = 0, devices = 0;
    unsigned long long their_nonce = 0;
    char host[300] = {0};
    if (std::sscanf(entry.c_str(), "%d %d %llu %299s", &their_n, &devices, &their_nonce, host) != 4 || devices < 1) {
      return Internal("multi-process bootstrap: process " + std::to_string(p) + " published a malformed topology '" +
                      entry + "'");
    }
    if (their_n != n) {
      return InvalidArgument("multi-process job mismatch: process " + std::to_string(p) + " was started for a job of " +
                             std::to_string(their_n) + " processes, this process (" + std::to_string(self) +
                             ") for " + std::to_string(n) + ". Start every process with the same number of processes");
    }
    if (p == 0) nonce = their_nonce;
    group->device_counts_[static_cast<size_t>(p)] = devices;
    group->device_offsets_[static_cast<size_t>(p)] = offset;
    group->hosts_[static_cast<size_t>(p)] = host;
    offset += devices;
  }
  JAXLIB_ASSIGN_OR_RETURN(group->liveness_, PeerLiveness::Connect(store, nonce));
  JAXLIB_RETURN_IF_ERROR(group->StartMpi(store, options, nonce));
  return group;
}

Status ProcessGroup::StartMpi(const JobStore& store, const ProcessGroupOptions& options, uint64_t nonce) {
  MpiProcessState& state = ProcessState();
  {
    std::lock_guard<std::mutex> lock(state.mu);
    if (state.initialised) {
      if (state.node_id != node_id_ || state.num_nodes != num_nodes_) {
        return FailedPrecondition("MPI was already started in this process as process " + std::to_string(state.node_id) +
                                  " of " + std::to_string(state.num_nodes) + "; a process can join only one job shape (now " +
                                  std::to_string(node_id_) + " of " + std::to_string(num_nodes_) + ")");
      }
    } else {
      int already = 0;
      mpi_->Initialized(&already);
      if (already) {
        return FailedPrecondition("MPI was initialised in this process by someone else (e.g. mpi4py); the CPU plugin "
                                  "must start MPI itself to bootstrap it through the job's key-value store");
      }
      int fds[2];
      if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
        return Unavailable("multi-process bootstrap: cannot create a socketpair for MPI's process manager interface");
      }
      char kvsname[64];
      std::snprintf(kvsname, sizeof(kvsname), "jaxlib-%016llx", static_cast<unsigned long long>(nonce));
      auto shared_store = std::make_shared<JobStore>(store);
      state.pmi = std::make_unique<PmiServer>(fds[0], node_id_, num_nodes_, kvsname, shared_store);
      // MPICH reads these once, in MPI_Init. The libfabric network module: UCX (the other one in
      // PyPI's mpich) patches the process's memory allocator, which a Python process must not get
      // from a plugin. Users' own MPIR_CVAR_* settings win.
      setenv("PMI_FD", std::to_string(fds[1]).c_str(), 1);
      setenv("PMI_RANK", std::to_string(node_id_).c_str(), 1);
      setenv("PMI_SIZE", std::to_string(num_nodes_).c_str(), 1);
      setenv("MPIR_CVAR_CH4_NETMOD", "ofi", 0);
      int provided = 0;
      int rc = mpi_->Init_thread(nullptr, nullptr, mpi::kThreadMultiple, &provided);
      unsetenv("PMI_FD");
      unsetenv("PMI_RANK");
      unsetenv("PMI_SIZE");
      if (rc != mpi::kSuccess) {
        state.pmi->Detach();
        std::string pmi = state.pmi->error();
        return Unavailable(mpi_->ErrorMessage("MPI_Init_thread", rc) + (pmi.empty() ? "" : " (" + pmi + ")"));
      }
      state.pmi->Detach();  // MPI is up; the host's store is not ours to keep
      state.initialised = true;
      state.node_id = node_id_;
      state.num_nodes = num_nodes_;
      if (provided < mpi::kThreadSerialized) {
        return FailedPrecondition("the MPI library " + mpi_->path + " provides no thread support (level " +
                                  std::to_string(provided) + "); the CPU plugin calls MPI from its worker threads");
      }
    }
  }
  mpi_->Comm_set_errhandler(mpi::CommWorld(), mpi::ErrorsReturn());
  int rank = -1, size = 0;
  mpi_->Comm_rank(mpi::CommWorld(), &rank);
  mpi_->Comm_size(mpi::CommWorld(), &size);
  if (rank != node_id_ || size != num_nodes_) {
    return FailedPrecondition("the MPI library " + mpi_->path + " started as rank " + std::to_string(rank) + " of " +
                              std::to_string(size) + " instead of process " + std::to_string(node_id_) + " of " +
                              std::to_string(num_nodes_) +
                              ": it did not use MPICH's PMI bootstrap (use PyPI's mpich: pip install 'jaxlib-cpu[mpi]')");
  }
  int rc = mpi_->Comm_dup(mpi::CommWorld(), &world_);
  if (rc != mpi::kSuccess) return Unavailable(mpi_->ErrorMessage("MPI_Comm_dup", rc));
  mpi_->Comm_set_errhandler(world_, mpi::ErrorsReturn());
  std::vector<int> everyone;
  for (int p = 0; p < num_nodes_; ++p) everyone.push_back(p);
  communicators_[everyone] = world_;
  // Everyone has mapped MPI's shared memory once all are through this barrier.
  {
    std::lock_guard<std::mutex> lock(mpi_mu_);
    mpi::Request request = mpi::RequestNull();
    rc = mpi_->Ibarrier(world_, &request);
    if (rc != mpi::kSuccess) return MpiError("MPI_Ibarrier", rc);
    JAXLIB_RETURN_IF_ERROR(Wait(&request, everyone, "the start-up barrier"));
  }
  UnlinkMappedSharedMemory();
  return Status();
}

ProcessGroup::~ProcessGroup() = default;  // communicators stay: freeing them is collective

Status ProcessGroup::MpiError(const char* call, int code) {
  std::string message = mpi_->ErrorMessage(call, code);
  if (poisoned_.empty()) poisoned_ = message;
  return Internal(message);
}

Status ProcessGroup::CheckUsable(const std::vector<int>& processes) {
  if (!poisoned_.empty()) {
    return Unavailable("a collective across processes failed earlier (" + poisoned_ +
                       "); this client can no longer run programs that span processes");
  }
  if (std::string dead = liveness_->DeadPeer(processes); !dead.empty()) {
    return Unavailable(dead + "; programs that span it cannot run");
  }
  return Status();
}

Status ProcessGroup::Wait(mpi::Request* request, const std::vector<int>& processes, const char* what) {
  const auto start = Clock::now();
  std::optional<Clock::time_point> dead_since;
  for (uint64_t polls = 0;; ++polls) {
    int done = 0;
    mpi::Status status{};
    int rc = mpi_->Test(request, &done, &status);
    if (rc != mpi::kSuccess) return MpiError("MPI_Test", rc);
    if (done) return Status();
    if ((polls & 63) == 0) {
      std::string dead = liveness_->DeadPeer(processes);
      if (!dead.empty()) {
        if (!dead_since) dead_since = Clock::now();
        if (Clock::now() - *dead_since > kDeadPeerGrace) {
          // The request stays pending inside MPI for good; nothing may use MPI after it.
          poisoned_ = dead;
          return Unavailable(dead + " during " + std::string(what) + " (process " + std::to_string(node_id_) + ")");
        }
      }
    }
    // MPI makes progress only inside its calls, so keep calling; yield the core while waiting
    // is short, sleep briefly once a peer is clearly busy elsewhere.
    if (Clock::now() - start < std::chrono::seconds(5)) {
      sched_yield();
    } else {
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
  }
}

StatusOr<mpi::Comm> ProcessGroup::CommunicatorOf(const std::vector<int>& processes) {
  if (auto it = communicators_.find(processes); it != communicators_.end()) return it->second;
  mpi::Group world_group = nullptr, group = nullptr;
  int rc = mpi_->Comm_group(world_, &world_group);
  if (rc != mpi::kSuccess) return MpiError("MPI_Comm_group", rc);
  rc = mpi_->Group_incl(world_group, static_cast<int>(processes.size()), processes.data(), &group);
  mpi_->Group_free(&world_group);
  if (rc != mpi::kSuccess) return MpiError("MPI_Group_incl", rc);
  // Collective over the members only; the tag keeps concurrent creations apart.
  int tag = 0;
  for (int p : processes) tag = (tag * 31 + p + 1) & 0x7fff;
  mpi::Comm comm = nullptr;
  rc = mpi_->Comm_create_group(world_, group, tag, &comm);
  mpi_->Group_free(&group);
  if (rc != mpi::kSuccess) return MpiError("MPI_Comm_create_group", rc);
  mpi_->Comm_set_errhandler(comm, mpi::ErrorsReturn());
  communicators_[processes] = comm;
  return comm;
}

Status ProcessGroup::AllGather(const std::vector<int>& processes, const void* send,
                               const std::vector<size_t>& bytes_per_member, void* recv) {
  std::lock_guard<std::mutex> lock(mpi_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckUsable(processes));
  if (bytes_per_member.size() != processes.size()) return Internal("AllGather: one size per member expected");
  JAXLIB_ASSIGN_OR_RETURN(mpi::Comm comm, CommunicatorOf(processes));
  std::vector<mpi::Count> counts;
  std::vector<mpi::Aint> displacements;
  mpi::Aint at = 0;
  size_t mine = 0;
  for (size_t i = 0; i < processes.size(); ++i) {
    counts.push_back(static_cast<mpi::Count>(bytes_per_member[i]));
    displacements.push_back(at);
    at += static_cast<mpi::Aint>(bytes_per_member[i]);
    if (processes[i] == node_id_) mine = bytes_per_member[i];
  }
  mpi::Request request = mpi::RequestNull();
  int rc = mpi_->Iallgatherv_c(send, static_cast<mpi::Count>(mine), mpi::TypeByte(), recv, counts.data(),
                               displacements.data(), mpi::TypeByte(), comm, &request);
  if (rc != mpi::kSuccess) return MpiError("MPI_Iallgatherv_c", rc);
  return Wait(&request, processes, ("an all-gather across processes " + JoinIds(processes)).c_str());
}

namespace {

mpi::Datatype MpiType(ElementType type) {
  switch (type) {
    case ElementType::kF32: return mpi::TypeFloat();
    case ElementType::kF64: return mpi::TypeDouble();
    case ElementType::kS8: return mpi::TypeInt8();
    case ElementType::kU8: return mpi::TypeUint8();
    case ElementType::kS16: return mpi::TypeInt16();
    case ElementType::kU16: return mpi::TypeUint16();
    case ElementType::kS32: return mpi::TypeInt32();
    case ElementType::kU32: return mpi::TypeUint32();
    case ElementType::kS64: return mpi::TypeInt64();
    case ElementType::kU64: return mpi::TypeUint64();
    case ElementType::kPred: return mpi::TypeCBool();
    default: return nullptr;
  }
}

mpi::Op MpiOp(ElementType type, CrossProcessReduction reduction) {
  const bool pred = type == ElementType::kPred;
  switch (reduction) {
    case CrossProcessReduction::kSum: return pred ? mpi::OpLor() : mpi::OpSum();
    case CrossProcessReduction::kProduct: return pred ? mpi::OpLand() : mpi::OpProd();
    case CrossProcessReduction::kMin: return pred ? mpi::OpLand() : mpi::OpMin();
    case CrossProcessReduction::kMax: return pred ? mpi::OpLor() : mpi::OpMax();
    case CrossProcessReduction::kAnd: return pred ? mpi::OpLand() : mpi::OpBand();
    case CrossProcessReduction::kOr: return pred ? mpi::OpLor() : mpi::OpBor();
    case CrossProcessReduction::kXor: return pred ? mpi::OpLxor() : mpi::OpBxor();
  }
  return nullptr;
}

}  // namespace

bool ProcessGroup::CanAllReduce(ElementType type, CrossProcessReduction reduction) const {
  if (MpiType(type) == nullptr) return false;
  const bool is_float = type == ElementType::kF32 || type == ElementType::kF64;
  // MPI's float min/max do not propagate NaN as XLA's do, and bitwise ops are for integers.
  if (is_float) return reduction == CrossProcessReduction::kSum || reduction == CrossProcessReduction::kProduct;
  return true;
}

Status ProcessGroup::AllReduce(const std::vector<int>& processes, void* data, size_t count, ElementType type,
                               CrossProcessReduction reduction) {
  if (!CanAllReduce(type, reduction)) {
    return Unimplemented("no MPI reduction for " + std::string(ElementTypeShortName(type)));
  }
  std::lock_guard<std::mutex> lock(mpi_mu_);
  JAXLIB_RETURN_IF_ERROR(CheckUsable(processes));
  JAXLIB_ASSIGN_OR_RETURN(mpi::Comm comm, CommunicatorOf(processes));
  mpi::Request request = mpi::RequestNull();
  int rc = mpi_->Iallreduce_c(mpi::InPlace(), data, static_cast<mpi::Count>(count), MpiType(type),
                              MpiOp(type, reduction), comm, &request);
  if (rc != mpi::kSuccess) return MpiError("MPI_Iallreduce_c", rc);
  return Wait(&request, processes, ("an all-reduce across processes " + JoinIds(processes)).c_str());
}

}  // namespace jaxlib::cpu
