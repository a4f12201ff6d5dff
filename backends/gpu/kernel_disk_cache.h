// On-disk cache of compiled device code (PTX, cubin, HIP code objects), content-addressed by
// SHA-256 of everything that determines the output. Best effort: a cache that cannot be
// read or written never fails a compilation, it only costs time.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jaxlib::gpu {

class KernelDiskCache {
 public:
  // An empty directory disables the cache.
  explicit KernelDiskCache(std::string directory) : directory_(std::move(directory)) {}

  bool enabled() const { return !directory_.empty(); }
  const std::string& directory() const { return directory_; }

  // The key: hash of every part (length-prefixed, so ("ab","c") != ("a","bc")).
  static std::string Key(const std::vector<std::string_view>& parts);

  std::optional<std::string> Lookup(const std::string& key, std::string_view extension) const;
  // Writes atomically (temporary file + rename), so readers never see half a file.
  void Store(const std::string& key, std::string_view extension, std::string_view bytes) const;

  // The default directory: $JAXLIB_KERNEL_CACHE_DIR, else $XDG_CACHE_HOME/jaxlib/kernels,
  // else ~/.cache/jaxlib/kernels; "" (disabled) when the variable is set to "" or "off".
  static std::string DefaultDirectory();

 private:
  std::string PathFor(const std::string& key, std::string_view extension) const;
  std::string directory_;
};

}  // namespace jaxlib::gpu
