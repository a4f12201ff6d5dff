// PeerLiveness (peer_liveness.h): a listening socket per process, a 16-byte hello on each
// connection (magic, job nonce, process id) so a stray connection is never taken for a peer,
// and one thread polling every connection for the close that means its peer is gone.
#include "backends/cpu/multiprocess/peer_liveness.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace jaxlib::cpu {
namespace {

constexpr uint32_t kMagic = 0x4a584c56;  // "JXLV"

struct Hello {
  uint32_t magic;
  uint32_t process;
  uint64_t nonce;
};

using Clock = std::chrono::steady_clock;

int64_t MillisLeft(Clock::time_point deadline) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
}

void KeepAlive(int fd) {
  int on = 1, idle = 10, interval = 5, count = 4;  // a silent peer host is dead after ~30 s
  setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &on, sizeof(on));
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof(idle));
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof(interval));
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof(count));
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof(on));
}

// Waits for `events` on `fd` until the deadline; false on timeout or error.
bool WaitFor(int fd, short events, Clock::time_point deadline) {
  while (true) {
    int64_t left = MillisLeft(deadline);
    if (left <= 0) return false;
    pollfd p{fd, events, 0};
    int r = poll(&p, 1, static_cast<int>(std::min<int64_t>(left, 1000)));
    if (r > 0) return (p.revents & events) != 0;
    if (r < 0 && errno != EINTR) return false;
  }
}

bool ExchangeExact(int fd, void* data, size_t size, bool sending, Clock::time_point deadline) {
  size_t done = 0;
  auto* bytes = static_cast<char*>(data);
  while (done < size) {
    if (!WaitFor(fd, sending ? POLLOUT : POLLIN, deadline)) return false;
    ssize_t n = sending ? send(fd, bytes + done, size - done, MSG_NOSIGNAL) : recv(fd, bytes + done, size - done, 0);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// This host's IPv4 addresses, loopback last: what peers on other hosts may reach us by.
std::vector<std::string> LocalAddresses() {
  std::vector<std::string> out;
  ifaddrs* list = nullptr;
  if (getifaddrs(&list) == 0) {
    for (ifaddrs* a = list; a != nullptr; a = a->ifa_next) {
      if (a->ifa_addr == nullptr || a->ifa_addr->sa_family != AF_INET) continue;
      char text[INET_ADDRSTRLEN] = {0};
      inet_ntop(AF_INET, &reinterpret_cast<sockaddr_in*>(a->ifa_addr)->sin_addr, text, sizeof(text));
      if (std::string(text).rfind("127.", 0) != 0) out.push_back(text);
    }
    freeifaddrs(list);
  }
  out.push_back("127.0.0.1");
  return out;
}

std::string HostName() {
  char name[256] = {0};
  gethostname(name, sizeof(name) - 1);
  return name;
}

// Connects to `address`:`port` within the deadline; -1 on failure.
int ConnectTo(const std::string& address, int port, Clock::time_point deadline) {
  sockaddr_in target{};
  target.sin_family = AF_INET;
  target.sin_port = htons(static_cast<uint16_t>(port));
  if (inet_pton(AF_INET, address.c_str(), &target.sin_addr) != 1) return -1;
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) return -1;
  if (connect(fd, reinterpret_cast<sockaddr*>(&target), sizeof(target)) != 0 && errno != EINPROGRESS) {
    close(fd);
    return -1;
  }
  int error = 0;
  socklen_t len = sizeof(error);
  if (!WaitFor(fd, POLLOUT, deadline) || getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &len) != 0 || error != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

StatusOr<std::unique_ptr<PeerLiveness>> PeerLiveness::Connect(const JobStore& store, uint64_t nonce) {
  const int self = store.node_id(), count = store.num_nodes();
  std::unique_ptr<PeerLiveness> live(new PeerLiveness(self, count));
  live->sockets_.assign(static_cast<size_t>(count), -1);
  live->reasons_.assign(static_cast<size_t>(count), std::string());
  live->death_order_.assign(static_cast<size_t>(count), 0);
  auto fail = [&](const std::string& what) {
    return Unavailable("multi-process bootstrap: " + what + " (" + std::strerror(errno) + ")");
  };
  int listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (listener < 0) return fail("cannot create a socket");
  sockaddr_in any{};
  any.sin_family = AF_INET;
  any.sin_addr.s_addr = htonl(INADDR_ANY);
  socklen_t len = sizeof(any);
  if (bind(listener, reinterpret_cast<sockaddr*>(&any), sizeof(any)) != 0 || listen(listener, count) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&any), &len) != 0) {
    close(listener);
    return fail("cannot listen for the other processes");
  }
  const int port = ntohs(any.sin_port);
  std::string card = HostName() + " " + std::to_string(port);
  for (const std::string& a : LocalAddresses()) card += " " + a;
  Status st = store.Put("liveness/" + std::to_string(self), card);
  if (!st.ok()) {
    close(listener);
    return st;
  }
  const auto deadline = Clock::now() + std::chrono::milliseconds(store.timeout_ms());
  const std::string my_host = HostName();
  // Lower ids: connect and say hello.
  for (int peer = 0; peer < self; ++peer) {
    StatusOr<std::string> peer_card = store.Get("liveness/" + std::to_string(peer),
                                                "process " + std::to_string(peer) + "'s address");
    if (!peer_card.ok()) {
      close(listener);
      return peer_card.status();
    }
    std::vector<std::string> fields;
    for (size_t pos = 0; pos < peer_card->size();) {
      size_t end = peer_card->find(' ', pos);
      if (end == std::string::npos) end = peer_card->size();
      fields.push_back(peer_card->substr(pos, end - pos));
      pos = end + 1;
    }
    if (fields.size() < 3) {
      close(listener);
      return Internal("multi-process bootstrap: malformed address of process " + std::to_string(peer));
    }
    // A peer on this host is reached over loopback; others by each of their addresses in turn.
    std::vector<std::string> candidates;
    if (fields[0] == my_host) candidates.push_back("127.0.0.1");
    candidates.insert(candidates.end(), fields.begin() + 2, fields.end());
    int fd = -1;
    for (const std::string& address : candidates) {
      fd = ConnectTo(address, std::stoi(fields[1]), std::min(deadline, Clock::now() + std::chrono::seconds(5)));
      if (fd >= 0) break;
    }
    Hello hello{kMagic, static_cast<uint32_t>(self), nonce};
    if (fd < 0 || !ExchangeExact(fd, &hello, sizeof(hello), true, deadline)) {
      if (fd >= 0) close(fd);
      close(listener);
      return Unavailable("multi-process bootstrap: process " + std::to_string(self) + " cannot reach process " +
                         std::to_string(peer) + " at " + *peer_card);
    }
    KeepAlive(fd);
    live->sockets_[static_cast<size_t>(peer)] = fd;
  }
  // Higher ids: accept until each has said hello.
  int expected = count - 1 - self;
  while (expected > 0) {
    if (!WaitFor(listener, POLLIN, deadline)) {
      close(listener);
      std::string missing;
      for (int peer = self + 1; peer < count; ++peer)
        if (live->sockets_[static_cast<size_t>(peer)] < 0) missing += (missing.empty() ? "" : ", ") + std::to_string(peer);
      return Status(StatusCode::kDeadlineExceeded, "multi-process bootstrap: process " + std::to_string(self) +
                                                       " waited " + std::to_string(store.timeout_ms() / 1000) +
                                                       " s for process(es) " + missing + " to connect");
    }
    int fd = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) continue;
    Hello hello{};
    bool ok = ExchangeExact(fd, &hello, sizeof(hello), false, std::min(deadline, Clock::now() + std::chrono::seconds(5)));
    int peer = static_cast<int>(hello.process);
    if (!ok || hello.magic != kMagic || hello.nonce != nonce || peer <= self || peer >= count ||
        live->sockets_[static_cast<size_t>(peer)] >= 0) {
      close(fd);  // not one of ours
      continue;
    }
    KeepAlive(fd);
    live->sockets_[static_cast<size_t>(peer)] = fd;
    --expected;
  }
  close(listener);
  if (pipe2(live->wake_, O_CLOEXEC) != 0) return fail("cannot create a pipe");
  PeerLiveness* raw = live.get();
  live->watcher_ = std::thread([raw] { raw->Watch(); });
  return live;
}

PeerLiveness::~PeerLiveness() {
  if (wake_[1] >= 0) {
    char byte = 1;
    (void)!write(wake_[1], &byte, 1);
  }
  if (watcher_.joinable()) watcher_.join();
  for (int fd : sockets_)
    if (fd >= 0) close(fd);
  for (int fd : wake_)
    if (fd >= 0) close(fd);
}

void PeerLiveness::Watch() {
  while (true) {
    std::vector<pollfd> fds;
    std::vector<int> peers;
    fds.push_back({wake_[0], POLLIN, 0});
    peers.push_back(-1);
    for (int p = 0; p < count_; ++p) {
      if (sockets_[static_cast<size_t>(p)] < 0 || dead_[static_cast<size_t>(p)].load()) continue;
      fds.push_back({sockets_[static_cast<size_t>(p)], POLLIN, 0});
      peers.push_back(p);
    }
    int r = poll(fds.data(), fds.size(), -1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 || (fds[0].revents != 0)) return;
    for (size_t i = 1; i < fds.size(); ++i) {
      if (fds[i].revents == 0) continue;
      char byte;
      ssize_t n = recv(fds[i].fd, &byte, 1, 0);
      if (n > 0 || (n < 0 && (errno == EAGAIN || errno == EINTR))) continue;  // peers never send; ignore
      const int p = peers[i];
      std::string why = n == 0 ? "exited or was killed (its connection closed)"
                               : std::string("is unreachable (") + std::strerror(errno) + ")";
      MarkDead(p, "process " + std::to_string(p) + " of the job " + why);
    }
  }
}

void PeerLiveness::MarkDead(int process, const std::string& why) {
  if (process < 0 || process >= count_ || process == self_) return;
  std::lock_guard<std::mutex> lock(mu_);
  if (dead_[static_cast<size_t>(process)].load()) return;
  reasons_[static_cast<size_t>(process)] = why;
  death_order_[static_cast<size_t>(process)] = ++deaths_;
  dead_[static_cast<size_t>(process)].store(true);
}

std::string PeerLiveness::DeadPeer(const std::vector<int>& processes) const {
  std::lock_guard<std::mutex> lock(mu_);
  if (deaths_ == 0) return {};
  int first = -1;
  auto consider = [&](int p) {
    if (p < 0 || p >= count_ || p == self_ || !dead_[static_cast<size_t>(p)].load()) return;
    if (first < 0 || death_order_[static_cast<size_t>(p)] < death_order_[static_cast<size_t>(first)]) first = p;
  };
  if (processes.empty()) {
    for (int p = 0; p < count_; ++p) consider(p);
  } else {
    for (int p : processes) consider(p);
  }
  return first < 0 ? std::string() : reasons_[static_cast<size_t>(first)];
}

}  // namespace jaxlib::cpu
