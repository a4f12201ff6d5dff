// PmiServer (pmi_server.h). PMI-1 requests are single lines of space-separated key=value
// attributes starting with cmd=; values never contain spaces (MPICH encodes them). A get must
// not block on a key nobody put (the store's get would wait for its timeout), so barriers
// publish the keys each rank put since the previous barrier and gets consult that directory.
#include "backends/cpu/multiprocess/pmi_server.h"

#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <map>
#include <vector>

namespace jaxlib::cpu {
namespace {

std::map<std::string, std::string> ParseAttributes(const std::string& line) {
  std::map<std::string, std::string> out;
  size_t pos = 0;
  while (pos < line.size()) {
    size_t end = line.find(' ', pos);
    if (end == std::string::npos) end = line.size();
    std::string token = line.substr(pos, end - pos);
    pos = end + 1;
    size_t eq = token.find('=');
    if (eq == std::string::npos) continue;
    out[token.substr(0, eq)] = token.substr(eq + 1);
  }
  return out;
}

bool WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    ssize_t n = send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

PmiServer::PmiServer(int fd, int rank, int size, std::string kvsname, std::shared_ptr<const JobStore> store)
    : fd_(fd), rank_(rank), size_(size), kvsname_(std::move(kvsname)), store_(std::move(store)) {
  thread_ = std::thread([this] { Serve(); });
}

PmiServer::~PmiServer() {
  shutdown(fd_, SHUT_RDWR);
  if (thread_.joinable()) thread_.join();
  close(fd_);
}

std::string PmiServer::error() const {
  std::lock_guard<std::mutex> lock(mu_);
  return error_;
}

void PmiServer::Detach() {
  std::lock_guard<std::mutex> lock(mu_);
  store_.reset();
}

std::shared_ptr<const JobStore> PmiServer::Store() const {
  std::lock_guard<std::mutex> lock(mu_);
  return store_;
}

void PmiServer::Fail(const std::string& message) {
  std::lock_guard<std::mutex> lock(mu_);
  if (error_.empty()) error_ = message;
}

void PmiServer::Serve() {
  std::string pending;
  char chunk[4096];
  while (true) {
    ssize_t n = read(fd_, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;  // MPI closed its end, or we are shutting down
    pending.append(chunk, static_cast<size_t>(n));
    size_t newline;
    while ((newline = pending.find('\n')) != std::string::npos) {
      std::string line = pending.substr(0, newline);
      pending.erase(0, newline + 1);
      if (line.empty()) continue;
      std::string reply = Handle(line);
      if (!reply.empty() && !WriteAll(fd_, reply + "\n")) return;
    }
  }
}

std::string PmiServer::Handle(const std::string& line) {
  std::map<std::string, std::string> a = ParseAttributes(line);
  const std::string& cmd = a["cmd"];
  if (cmd == "init") return "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0";
  // Keys, values and the kvs name each fit one 1024-byte PMI line with room to spare.
  if (cmd == "get_maxes") return "cmd=maxes kvsname_max=64 keylen_max=64 vallen_max=512 rc=0";
  if (cmd == "get_appnum") return "cmd=appnum appnum=0 rc=0";
  if (cmd == "get_my_kvsname") return "cmd=my_kvsname kvsname=" + kvsname_ + " rc=0";
  if (cmd == "get_universe_size") return "cmd=universe_size size=" + std::to_string(size_) + " rc=0";
  if (cmd == "put") {
    const std::string& key = a["key"];
    const std::string& value = a["value"];
    auto it = local_.find(key);
    if (it != local_.end() && it->second == value) return "cmd=put_result rc=0 msg=success";
    if (it != local_.end()) {
      // Stores such as JAX's refuse to overwrite, and PMI-1 programs do not overwrite.
      Fail("MPI put key '" + key + "' twice with different values");
      return "cmd=put_result rc=-1 msg=key_already_put";
    }
    std::shared_ptr<const JobStore> store = Store();
    if (store == nullptr) return "cmd=put_result rc=-1 msg=bootstrap_finished";
    Status st = store->Put("pmi/" + std::to_string(rank_) + "/" + key, value);
    if (!st.ok()) {
      Fail(st.message());
      return "cmd=put_result rc=-1 msg=store_put_failed";
    }
    local_[key] = value;
    keys_since_barrier_ += key + "\n";
    return "cmd=put_result rc=0 msg=success";
  }
  if (cmd == "get") return Get(a["key"]);
  if (cmd == "barrier_in") {
    if (a.count("group") && !a["group"].empty() && a["group"] != "WORLD") {
      return "cmd=barrier_out rc=-1 msg=group_barriers_unsupported";
    }
    return Barrier();
  }
  if (cmd == "finalize") return "cmd=finalize_ack rc=0";
  if (cmd == "abort") {
    Fail("MPI aborted: " + a["message"]);
    return "";
  }
  Fail("MPI sent a PMI command this bootstrap does not serve: " + line.substr(0, 200));
  return "cmd=" + cmd + "_result rc=-1 msg=unsupported";
}

std::string PmiServer::Get(const std::string& key) {
  static const char kNotFound[] = "cmd=get_result rc=-1 msg=key_not_found found=FALSE value=unknown";
  if (auto it = local_.find(key); it != local_.end()) return "cmd=get_result rc=0 msg=success value=" + it->second;
  auto it = directory_.find(key);
  // Job attributes a process manager may provide (PMI_process_mapping, PMI_hwloc_xmlfile,
  // ...) and keys nobody put yet are absent: MPICH then works them out itself.
  if (it == directory_.end()) return kNotFound;
  std::shared_ptr<const JobStore> store = Store();
  if (store == nullptr) return kNotFound;
  StatusOr<std::string> value = store->Get("pmi/" + std::to_string(it->second) + "/" + key,
                                            "MPI's key '" + key + "' from process " + std::to_string(it->second));
  if (!value.ok()) {
    Fail(value.status().message());
    return kNotFound;
  }
  return "cmd=get_result rc=0 msg=success value=" + *value;
}

std::string PmiServer::Barrier() {
  const std::string prefix = "pmi_barrier/" + std::to_string(barrier_generation_++) + "/";
  std::shared_ptr<const JobStore> store = Store();
  if (store == nullptr) return "cmd=barrier_out rc=-1 msg=bootstrap_finished";
  Status st = store->Put(prefix + std::to_string(rank_), keys_since_barrier_);
  if (!st.ok()) {
    Fail(st.message());
    return "cmd=barrier_out rc=-1 msg=store_put_failed";
  }
  keys_since_barrier_.clear();
  for (int r = 0; r < size_; ++r) {
    if (r == rank_) continue;
    StatusOr<std::string> keys = store->Get(prefix + std::to_string(r), "process " + std::to_string(r) +
                                                                          " to reach MPI's start-up barrier");
    if (!keys.ok()) {
      Fail(keys.status().message());
      return "cmd=barrier_out rc=-1 msg=barrier_failed";
    }
    size_t pos = 0;
    while (pos < keys->size()) {
      size_t end = keys->find('\n', pos);
      if (end == std::string::npos) end = keys->size();
      if (end > pos) directory_[keys->substr(pos, end - pos)] = r;
      pos = end + 1;
    }
  }
  return "cmd=barrier_out rc=0";
}

}  // namespace jaxlib::cpu
