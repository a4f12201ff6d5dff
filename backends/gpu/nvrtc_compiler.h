// NVRTC reached only through dlopen: compiles generated CUDA C to PTX, or to cubin for an
// architecture NVRTC supports (sm_90 and friends), with an on-disk cache. Needs no GPU and
// no driver, so kernels are compiled and checked on CPU-only machines.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "backends/gpu/dynamic_library.h"
#include "backends/gpu/kernel_disk_cache.h"
#include "runtime/support/status.h"

namespace jaxlib::gpu {

enum class DeviceCodeFormat { kPtx, kCubin };

struct DeviceCompileRequest {
  std::string source;
  std::string program_name = "jaxlib_kernels.cu";  // appears in diagnostics
  int sm = 90;                                     // compute capability * 10, e.g. 90 = sm_90
  DeviceCodeFormat format = DeviceCodeFormat::kPtx;
  std::vector<std::string> extra_options;          // appended after DefaultOptions()
};

struct DeviceCode {
  DeviceCodeFormat format = DeviceCodeFormat::kPtx;
  std::string bytes;      // PTX text (NUL-terminated, as cuModuleLoadData wants) or a cubin ELF
  std::string log;        // compiler warnings; empty on a cache hit
  bool from_cache = false;
  std::string cache_key;
};

class NvrtcCompiler {
 public:
  // Loads libnvrtc.so.<cuda_major> from `dirs` (in order), then the system search path.
  static StatusOr<std::unique_ptr<NvrtcCompiler>> Load(int cuda_major, const std::vector<std::string>& dirs,
                                                       KernelDiskCache cache);

  // Options every compilation gets. --fmad=false: each op rounds once, as XLA's semantics
  // and the host reference check assume (no silent a*b+c contraction).
  static std::vector<std::string> DefaultOptions();

  const LoadedLibrary& library() const { return library_; }
  int version_major() const { return major_; }
  int version_minor() const { return minor_; }
  // Real architectures NVRTC can emit cubin for (e.g. 75, 80, 86, 89, 90, ...).
  const std::vector<int>& supported_archs() const { return archs_; }
  bool SupportsArch(int sm) const;
  const KernelDiskCache& cache() const { return cache_; }
  // "NVRTC 12.9 (/path/libnvrtc.so.12)".
  std::string Describe() const;

  StatusOr<DeviceCode> Compile(const DeviceCompileRequest& request);

  struct Api;  // resolved NVRTC entry points (opaque; defined in the .cc)

 private:
  NvrtcCompiler() = default;

  LoadedLibrary library_;
  std::shared_ptr<const Api> api_;
  int major_ = 0;
  int minor_ = 0;
  std::vector<int> archs_;
  KernelDiskCache cache_{""};
  std::mutex mu_;  // one NVRTC compilation at a time: cheap insurance on older NVRTCs
};

}  // namespace jaxlib::gpu
