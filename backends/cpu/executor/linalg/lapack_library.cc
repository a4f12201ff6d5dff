// Loading of the run-time LAPACK (see lapack_library.h). Libraries stay loaded for the life of
// the process: executables compiled against them keep raw function pointers.
#include "backends/cpu/executor/linalg/lapack_library.h"

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <memory>

namespace jaxlib::cpu {

StatusOr<const LapackLibrary*> LapackLibrary::Get(const std::string& configured_path) {
  std::string path = configured_path;
  if (const char* env = std::getenv(kLapackLibraryEnv); env && *env) path = env;
  if (path.empty()) {
    return FailedPrecondition(
        std::string("no LAPACK library is configured for the CPU backend's linear algebra: install "
                    "scipy-openblas32 (pip install scipy-openblas32), or pass the client option '") +
        kLapackLibraryOption + "' or set " + kLapackLibraryEnv + " to the path of a LAPACK shared library");
  }
  static std::mutex mu;
  static auto* loaded = new std::map<std::string, std::unique_ptr<LapackLibrary>>();
  std::lock_guard<std::mutex> lock(mu);
  auto it = loaded->find(path);
  if (it != loaded->end()) return static_cast<const LapackLibrary*>(it->second.get());
  dlerror();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    return FailedPrecondition("cannot load the LAPACK library '" + path + "' (from the client option '" +
                              kLapackLibraryOption + "' or " + kLapackLibraryEnv + "): " + (why ? why : "unknown error"));
  }
  auto lib = std::unique_ptr<LapackLibrary>(new LapackLibrary(path, handle));
  const LapackLibrary* raw = lib.get();
  (*loaded)[path] = std::move(lib);
  return raw;
}

StatusOr<void*> LapackLibrary::Find(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mu_);
  std::string key(name);
  auto it = cache_.find(key);
  if (it != cache_.end()) return it->second;
  for (const std::string& candidate : {"scipy_" + key + "_", key + "_", "scipy_" + key, key}) {
    if (void* p = dlsym(handle_, candidate.c_str())) {
      cache_[key] = p;
      return p;
    }
  }
  return Status(StatusCode::kNotFound, "LAPACK routine '" + key + "' is not in '" + path_ + "'");
}

}  // namespace jaxlib::cpu
