// hipRTC reached only through dlopen: compiles generated kernels (the CUDA C that
// backends/cuda/kernel_codegen emits is also valid HIP) to an AMD GPU code object for one
// gfx architecture, with the same on-disk cache as NVRTC. Needs no GPU.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/gpu/dynamic_library.h"
#include "backends/gpu/kernel_disk_cache.h"
#include "runtime/support/status.h"

namespace jaxlib::rocm {

struct HipCodeObject {
  std::string bytes;  // ELF code object for hipModuleLoadData
  std::string log;
  bool from_cache = false;
  std::string cache_key;
};

class HiprtcCompiler {
 public:
  // Loads libhiprtc (.so, .so.6, .so.5) from `dirs`, then the system path; ROCm 5 ships the
  // hipRTC API inside libamdhip64 itself, which is tried last.
  static StatusOr<std::unique_ptr<HiprtcCompiler>> Load(const std::vector<std::string>& dirs,
                                                        gpu::KernelDiskCache cache);

  // -ffp-contract=off: one rounding per op, as the host reference check assumes.
  static std::vector<std::string> DefaultOptions();

  const gpu::LoadedLibrary& library() const { return library_; }
  std::string Describe() const;  // "hipRTC 5.2 (/path/libamdhip64.so.5)"

  // `arch` is a gfx target such as "gfx90a" or "gfx942".
  StatusOr<HipCodeObject> Compile(const std::string& source, const std::string& program_name,
                                  const std::string& arch, const std::vector<std::string>& extra_options = {});

  struct Api;  // resolved hipRTC entry points (opaque; defined in the .cc)

 private:
  HiprtcCompiler() = default;
  gpu::LoadedLibrary library_;
  std::shared_ptr<const Api> api_;
  int major_ = 0, minor_ = 0;
  gpu::KernelDiskCache cache_{""};
  std::mutex mu_;
};

}  // namespace jaxlib::rocm
