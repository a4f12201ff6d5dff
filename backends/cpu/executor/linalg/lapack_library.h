// The LAPACK the CPU executor calls for JAX's lapack_*_ffi custom calls, found at run time: no
// link-time dependency. jaxlib-cpu passes the path of scipy-openblas32's library as the client
// option `lapack_library`; env JAXLIB_CPU_LAPACK_LIBRARY overrides it. Loaded once per path
// (RTLD_LOCAL, never unloaded); symbols are resolved with and without OpenBLAS's `scipy_` prefix.
#pragma once

#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "runtime/support/status.h"

namespace jaxlib::cpu {

inline constexpr char kLapackLibraryOption[] = "lapack_library";
inline constexpr char kLapackLibraryEnv[] = "JAXLIB_CPU_LAPACK_LIBRARY";

class LapackLibrary {
 public:
  // The library at `configured_path` (or at $JAXLIB_CPU_LAPACK_LIBRARY when set), loaded on
  // first use. FAILED_PRECONDITION naming the option and the variable when neither names a
  // loadable library.
  static StatusOr<const LapackLibrary*> Get(const std::string& configured_path);

  // Address of Fortran routine `name` ("sgetrf"): tries scipy_sgetrf_, sgetrf_, scipy_sgetrf,
  // sgetrf. NOT_FOUND naming the routine and the library when none exists.
  StatusOr<void*> Find(std::string_view name) const;

  const std::string& path() const { return path_; }

 private:
  explicit LapackLibrary(std::string path, void* handle) : path_(std::move(path)), handle_(handle) {}
  std::string path_;
  void* handle_;
  mutable std::mutex mu_;
  mutable std::unordered_map<std::string, void*> cache_;
};

}  // namespace jaxlib::cpu
