// NVRTC through dlopen (see nvrtc_compiler.h). The few entry points and types used are
// declared here from NVRTC's documented C ABI, so the plugin builds with g++ alone.
#include "backends/gpu/nvrtc_compiler.h"

#include <algorithm>

namespace jaxlib::gpu {

namespace {
// NVRTC's C ABI: an int result code (0 = NVRTC_SUCCESS) and an opaque program handle.
using nvrtcResult = int;
using nvrtcProgram = struct JaxlibNvrtcProgram*;
constexpr nvrtcResult kNvrtcSuccess = 0;
constexpr nvrtcResult kNvrtcErrorCompilation = 6;
}  // namespace

struct NvrtcCompiler::Api {
  const char* (*GetErrorString)(nvrtcResult) = nullptr;
  nvrtcResult (*Version)(int*, int*) = nullptr;
  nvrtcResult (*GetNumSupportedArchs)(int*) = nullptr;
  nvrtcResult (*GetSupportedArchs)(int*) = nullptr;
  nvrtcResult (*CreateProgram)(nvrtcProgram*, const char*, const char*, int, const char* const*,
                               const char* const*) = nullptr;
  nvrtcResult (*DestroyProgram)(nvrtcProgram*) = nullptr;
  nvrtcResult (*CompileProgram)(nvrtcProgram, int, const char* const*) = nullptr;
  nvrtcResult (*GetPTXSize)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*GetPTX)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*GetCUBINSize)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*GetCUBIN)(nvrtcProgram, char*) = nullptr;
  nvrtcResult (*GetProgramLogSize)(nvrtcProgram, size_t*) = nullptr;
  nvrtcResult (*GetProgramLog)(nvrtcProgram, char*) = nullptr;

  std::string Error(const char* call, nvrtcResult r) const {
    const char* s = GetErrorString ? GetErrorString(r) : nullptr;
    return std::string(call) + " failed: " + (s ? s : "NVRTC error") + " (" + std::to_string(r) + ")";
  }
};

namespace {

// Destroys the NVRTC program on every path out of Compile.
class ProgramGuard {
 public:
  ProgramGuard(const NvrtcCompiler::Api* api, nvrtcProgram p) : api_(api), p_(p) {}
  ~ProgramGuard() {
    if (p_) api_->DestroyProgram(&p_);
  }
  ProgramGuard(const ProgramGuard&) = delete;
  ProgramGuard& operator=(const ProgramGuard&) = delete;

 private:
  const NvrtcCompiler::Api* api_;
  nvrtcProgram p_;
};

std::string ProgramLog(const NvrtcCompiler::Api& api, nvrtcProgram prog) {
  size_t size = 0;
  if (api.GetProgramLogSize(prog, &size) != kNvrtcSuccess || size <= 1) return "";
  std::string log(size, '\0');
  if (api.GetProgramLog(prog, log.data()) != kNvrtcSuccess) return "";
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

}  // namespace

StatusOr<std::unique_ptr<NvrtcCompiler>> NvrtcCompiler::Load(int cuda_major, const std::vector<std::string>& dirs,
                                                             KernelDiskCache cache) {
  const std::string soname = "libnvrtc.so." + std::to_string(cuda_major);
  JAXLIB_ASSIGN_OR_RETURN(
      LoadedLibrary lib,
      LoadFirstLibrary(dirs, {soname},
                       "NVRTC (" + soname + ") could not be loaded; install it with `pip install " +
                           std::string(cuda_major == 12 ? "nvidia-cuda-nvrtc-cu12" : "nvidia-cuda-nvrtc") +
                           "` (or the with-cuda extra of this backend)"));
  auto api = std::make_shared<Api>();
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetErrorString", &api->GetErrorString));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcVersion", &api->Version));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetNumSupportedArchs", &api->GetNumSupportedArchs));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetSupportedArchs", &api->GetSupportedArchs));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcCreateProgram", &api->CreateProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcDestroyProgram", &api->DestroyProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcCompileProgram", &api->CompileProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetPTXSize", &api->GetPTXSize));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetPTX", &api->GetPTX));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetCUBINSize", &api->GetCUBINSize));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetCUBIN", &api->GetCUBIN));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetProgramLogSize", &api->GetProgramLogSize));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("nvrtcGetProgramLog", &api->GetProgramLog));

  std::unique_ptr<NvrtcCompiler> c(new NvrtcCompiler());
  if (nvrtcResult r = api->Version(&c->major_, &c->minor_); r != kNvrtcSuccess)
    return FailedPrecondition(lib.path + ": " + api->Error("nvrtcVersion", r));
  if (c->major_ != cuda_major)
    return FailedPrecondition(lib.path + " is NVRTC " + std::to_string(c->major_) + "." +
                              std::to_string(c->minor_) + ", but this plugin was built for CUDA " +
                              std::to_string(cuda_major));
  int n = 0;
  if (nvrtcResult r = api->GetNumSupportedArchs(&n); r != kNvrtcSuccess || n < 0)
    return FailedPrecondition(lib.path + ": " + api->Error("nvrtcGetNumSupportedArchs", r));
  c->archs_.resize(static_cast<size_t>(n));
  if (n > 0) {
    if (nvrtcResult r = api->GetSupportedArchs(c->archs_.data()); r != kNvrtcSuccess)
      return FailedPrecondition(lib.path + ": " + api->Error("nvrtcGetSupportedArchs", r));
  }
  c->library_ = std::move(lib);
  c->api_ = std::move(api);
  c->cache_ = std::move(cache);
  return c;
}

std::vector<std::string> NvrtcCompiler::DefaultOptions() { return {"--std=c++17", "--fmad=false"}; }

bool NvrtcCompiler::SupportsArch(int sm) const {
  return std::find(archs_.begin(), archs_.end(), sm) != archs_.end();
}

std::string NvrtcCompiler::Describe() const {
  return "NVRTC " + std::to_string(major_) + "." + std::to_string(minor_) + " (" + library_.path + ")";
}

StatusOr<DeviceCode> NvrtcCompiler::Compile(const DeviceCompileRequest& req) {
  if (req.sm <= 0) return InvalidArgument("invalid target architecture sm_" + std::to_string(req.sm));
  const bool cubin = req.format == DeviceCodeFormat::kCubin;
  // PTX is emitted for the virtual architecture and JIT-compiled by the driver; cubin needs
  // NVRTC to know the real architecture.
  if (cubin && !SupportsArch(req.sm)) {
    std::string known;
    for (int a : archs_) known += (known.empty() ? "" : ", ") + std::to_string(a);
    return Unimplemented(Describe() + " cannot emit cubin for sm_" + std::to_string(req.sm) +
                         " (supported: " + known + "); request PTX instead");
  }
  std::vector<std::string> options = DefaultOptions();
  options.push_back(std::string("--gpu-architecture=") + (cubin ? "sm_" : "compute_") + std::to_string(req.sm));
  options.insert(options.end(), req.extra_options.begin(), req.extra_options.end());

  // Keyed by everything that shapes the output: compiler version, format, target, options, source.
  const std::string version = std::to_string(major_) + "." + std::to_string(minor_);
  const std::string arch = std::to_string(req.sm);
  std::string joined_options;
  for (const std::string& o : options) joined_options += o + '\n';
  const std::vector<std::string_view> key_parts = {"nvrtc", version, cubin ? "cubin" : "ptx", arch,
                                                   joined_options, req.source};
  DeviceCode out;
  out.format = req.format;
  out.cache_key = KernelDiskCache::Key(key_parts);
  const char* extension = cubin ? "cubin" : "ptx";
  if (auto hit = cache_.Lookup(out.cache_key, extension)) {
    out.bytes = std::move(*hit);
    out.from_cache = true;
    return out;
  }

  std::lock_guard<std::mutex> lock(mu_);
  const Api& api = *api_;
  nvrtcProgram prog = nullptr;
  if (nvrtcResult r = api.CreateProgram(&prog, req.source.c_str(), req.program_name.c_str(), 0, nullptr, nullptr);
      r != kNvrtcSuccess)
    return Internal(api.Error("nvrtcCreateProgram", r));
  ProgramGuard guard(&api, prog);
  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  nvrtcResult r = api.CompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  out.log = ProgramLog(api, prog);
  if (r != kNvrtcSuccess) {
    // A compilation error in generated code is our bug, not the user's: say so.
    std::string msg = Describe() + ": " + api.Error("nvrtcCompileProgram", r) + " for " + req.program_name +
                      (r == kNvrtcErrorCompilation ? " (generated kernel source did not compile)" : "");
    if (!out.log.empty()) msg += ":\n" + out.log;
    return Internal(msg);
  }
  size_t size = 0;
  r = cubin ? api.GetCUBINSize(prog, &size) : api.GetPTXSize(prog, &size);
  if (r != kNvrtcSuccess) return Internal(api.Error(cubin ? "nvrtcGetCUBINSize" : "nvrtcGetPTXSize", r));
  out.bytes.assign(size, '\0');
  r = cubin ? api.GetCUBIN(prog, out.bytes.data()) : api.GetPTX(prog, out.bytes.data());
  if (r != kNvrtcSuccess) return Internal(api.Error(cubin ? "nvrtcGetCUBIN" : "nvrtcGetPTX", r));
  cache_.Store(out.cache_key, extension, out.bytes);
  return out;
}

}  // namespace jaxlib::gpu
