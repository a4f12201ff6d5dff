// dlopen-based loading of vendor libraries; see dynamic_library.h. Linux/glibc (dlinfo).
#include "backends/gpu/dynamic_library.h"

#include <dlfcn.h>
#include <link.h>
#include <sys/stat.h>

namespace jaxlib::gpu {
namespace {

std::string LinkMapPath(void* handle, const std::string& fallback) {
  struct link_map* map = nullptr;
  if (dlinfo(handle, RTLD_DI_LINKMAP, &map) == 0 && map != nullptr && map->l_name != nullptr &&
      map->l_name[0] != '\0')
    return map->l_name;
  return fallback;
}

bool FileExists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

}  // namespace

void* LoadedLibrary::ResolveRaw(const char* symbol) const {
  return handle == nullptr ? nullptr : dlsym(handle, symbol);
}

StatusOr<LoadedLibrary> LoadFirstLibrary(const std::vector<std::string>& dirs,
                                         const std::vector<std::string>& names,
                                         const std::string& what) {
  std::string attempts;
  auto try_open = [&](const std::string& request) -> void* {
    // RTLD_LOCAL: vendor symbols must not leak into other plugins sharing the process.
    void* h = dlopen(request.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (h == nullptr) {
      const char* err = dlerror();
      attempts += "\n  " + request + ": " + (err ? err : "unknown dlopen error");
    }
    return h;
  };
  for (const std::string& dir : dirs) {
    for (const std::string& name : names) {
      const std::string candidate = dir + "/" + name;
      // Only files that exist: a missing candidate is not worth a dlerror line each.
      if (!FileExists(candidate)) continue;
      if (void* h = try_open(candidate)) return LoadedLibrary{h, LinkMapPath(h, candidate), name};
    }
  }
  for (const std::string& name : names) {
    if (void* h = try_open(name)) return LoadedLibrary{h, LinkMapPath(h, name), name};
  }
  std::string searched;
  for (const std::string& dir : dirs) searched += (searched.empty() ? "" : ", ") + dir;
  return FailedPrecondition(what + " (searched " + (searched.empty() ? "no extra directories" : searched) +
                            ", then the system library path):" + attempts);
}

StatusOr<LoadedLibrary> LoadSystemLibrary(const std::string& name) {
  void* h = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (h == nullptr) {
    const char* err = dlerror();
    return FailedPrecondition(err ? err : name + ": unknown dlopen error");
  }
  return LoadedLibrary{h, LinkMapPath(h, name), name};
}

std::string ThisLibraryDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&ThisLibraryDirectory), &info) == 0 || info.dli_fname == nullptr)
    return "";
  std::string path = info.dli_fname;
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

std::vector<std::string> SplitSearchPath(const std::string& value) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= value.size()) {
    size_t end = value.find(':', start);
    if (end == std::string::npos) end = value.size();
    if (end > start) out.push_back(value.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

}  // namespace jaxlib::gpu
