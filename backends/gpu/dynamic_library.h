// Run-time loading of vendor libraries (driver, NVRTC, cuBLAS, HIP, hipRTC) with dlopen,
// so none of them is a load-time dependency of a plugin. Records where each came from.
// Libraries are never dlclosed: vendor runtimes keep threads and static state alive.
#pragma once

#include <string>
#include <vector>

#include "runtime/support/status.h"

namespace jaxlib::gpu {

struct LoadedLibrary {
  void* handle = nullptr;
  std::string path;  // the file actually mapped (resolved through the link map)
  std::string name;  // the file name we asked for, e.g. "libnvrtc.so.12"

  // Resolves `symbol` into *fn. The message names the library and the symbol.
  template <typename Fn>
  Status Resolve(const char* symbol, Fn* fn) const {
    *fn = reinterpret_cast<Fn>(ResolveRaw(symbol));
    if (*fn == nullptr)
      return FailedPrecondition(path + " does not export " + symbol +
                                " (too old, or not the library it claims to be)");
    return Status::Ok();
  }
  void* ResolveRaw(const char* symbol) const;
};

// Tries dir/name for every dir (in order) and every name, then each bare name through the
// dynamic linker's own search (LD_LIBRARY_PATH, ldconfig cache). On failure the message is
// `what` followed by every attempt and its dlerror, so users see why nothing loaded.
StatusOr<LoadedLibrary> LoadFirstLibrary(const std::vector<std::string>& dirs,
                                         const std::vector<std::string>& names,
                                         const std::string& what);

// dlopen(name) through the dynamic linker's search only; the error message is dlerror() as is.
StatusOr<LoadedLibrary> LoadSystemLibrary(const std::string& name);

// The directory holding the shared object that contains this code (the plugin itself),
// via dladdr; empty when unknown.
std::string ThisLibraryDirectory();

// Splits "a:b::c" (os.pathsep-style) into non-empty entries.
std::vector<std::string> SplitSearchPath(const std::string& value);

}  // namespace jaxlib::gpu
