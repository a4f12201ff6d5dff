// Content-addressed on-disk cache for compiled device code; see kernel_disk_cache.h.
#include "backends/gpu/kernel_disk_cache.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "backends/gpu/content_hash.h"

namespace jaxlib::gpu {
namespace {

// Bumped whenever the layout or the meaning of cached bytes changes.
constexpr std::string_view kCacheFormat = "jaxlib-kernel-cache-v1";

void MakeDirs(const std::string& path) {
  for (size_t pos = 1; pos <= path.size(); ++pos) {
    if (pos == path.size() || path[pos] == '/') ::mkdir(path.substr(0, pos).c_str(), 0755);
  }
}

}  // namespace

std::string KernelDiskCache::Key(const std::vector<std::string_view>& parts) {
  std::string joined(kCacheFormat);
  for (std::string_view p : parts) {
    joined += '\n';
    joined += std::to_string(p.size());
    joined += ':';
    joined.append(p.data(), p.size());
  }
  return Sha256Hex(joined);
}

std::string KernelDiskCache::PathFor(const std::string& key, std::string_view extension) const {
  return directory_ + "/" + key.substr(0, 2) + "/" + key + "." + std::string(extension);
}

std::optional<std::string> KernelDiskCache::Lookup(const std::string& key, std::string_view extension) const {
  if (!enabled()) return std::nullopt;
  std::ifstream in(PathFor(key, extension), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in.good() && !in.eof()) return std::nullopt;
  std::string out = bytes.str();
  if (out.empty()) return std::nullopt;
  return out;
}

void KernelDiskCache::Store(const std::string& key, std::string_view extension, std::string_view bytes) const {
  if (!enabled()) return;
  const std::string path = PathFor(key, extension);
  MakeDirs(path.substr(0, path.rfind('/')));
  static std::atomic<unsigned> counter{0};
  const std::string tmp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(counter++);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return;
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) {
      ::unlink(tmp.c_str());
      return;
    }
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) ::unlink(tmp.c_str());
}

std::string KernelDiskCache::DefaultDirectory() {
  if (const char* v = std::getenv("JAXLIB_KERNEL_CACHE_DIR")) {
    std::string s(v);
    return s == "off" ? std::string() : s;
  }
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/jaxlib/kernels";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/jaxlib/kernels";
  return "";
}

}  // namespace jaxlib::gpu
