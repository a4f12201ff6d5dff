// hipRTC through dlopen (see hiprtc_compiler.h); entry points declared from hipRTC's C ABI.
#include "backends/gpu/hiprtc_compiler.h"

namespace jaxlib::rocm {

namespace {
using hiprtcResult = int;  // 0 = HIPRTC_SUCCESS
using hiprtcProgram = struct JaxlibHiprtcProgram*;
constexpr hiprtcResult kHiprtcSuccess = 0;
}  // namespace

struct HiprtcCompiler::Api {
  const char* (*GetErrorString)(hiprtcResult) = nullptr;
  hiprtcResult (*Version)(int*, int*) = nullptr;
  hiprtcResult (*CreateProgram)(hiprtcProgram*, const char*, const char*, int, const char**, const char**) = nullptr;
  hiprtcResult (*DestroyProgram)(hiprtcProgram*) = nullptr;
  hiprtcResult (*CompileProgram)(hiprtcProgram, int, const char**) = nullptr;
  hiprtcResult (*GetCodeSize)(hiprtcProgram, size_t*) = nullptr;
  hiprtcResult (*GetCode)(hiprtcProgram, char*) = nullptr;
  hiprtcResult (*GetProgramLogSize)(hiprtcProgram, size_t*) = nullptr;
  hiprtcResult (*GetProgramLog)(hiprtcProgram, char*) = nullptr;

  std::string Error(const char* call, hiprtcResult r) const {
    const char* s = GetErrorString ? GetErrorString(r) : nullptr;
    return std::string(call) + " failed: " + (s ? s : "hipRTC error") + " (" + std::to_string(r) + ")";
  }
};

namespace {

Status ResolveAll(const gpu::LoadedLibrary& lib, HiprtcCompiler::Api* api) {
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcGetErrorString", &api->GetErrorString));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcVersion", &api->Version));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcCreateProgram", &api->CreateProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcDestroyProgram", &api->DestroyProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcCompileProgram", &api->CompileProgram));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcGetCodeSize", &api->GetCodeSize));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcGetCode", &api->GetCode));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcGetProgramLogSize", &api->GetProgramLogSize));
  JAXLIB_RETURN_IF_ERROR(lib.Resolve("hiprtcGetProgramLog", &api->GetProgramLog));
  return Status::Ok();
}

}  // namespace

StatusOr<std::unique_ptr<HiprtcCompiler>> HiprtcCompiler::Load(const std::vector<std::string>& dirs,
                                                               gpu::KernelDiskCache cache) {
  auto api = std::make_shared<Api>();
  StatusOr<gpu::LoadedLibrary> lib =
      gpu::LoadFirstLibrary(dirs, {"libhiprtc.so", "libhiprtc.so.6", "libhiprtc.so.5"}, "hipRTC could not be loaded");
  std::string why = lib.ok() ? "" : lib.status().message();
  if (!lib.ok()) {
    // ROCm 5.x exports hiprtc* from the HIP runtime itself.
    StatusOr<gpu::LoadedLibrary> hip = gpu::LoadFirstLibrary(
        dirs, {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"}, "nor could libamdhip64.so");
    if (!hip.ok() || hip->ResolveRaw("hiprtcCompileProgram") == nullptr)
      return FailedPrecondition(why + (hip.ok() ? "\n  (" + hip->path + " has no hipRTC API)" : "\n" + hip.status().message()) +
                                "\nInstall ROCm's hipRTC, or use the CPU backend (JAX_PLATFORMS=cpu)");
    lib = std::move(hip);
  }
  JAXLIB_RETURN_IF_ERROR(ResolveAll(*lib, api.get()));
  std::unique_ptr<HiprtcCompiler> c(new HiprtcCompiler());
  if (hiprtcResult r = api->Version(&c->major_, &c->minor_); r != kHiprtcSuccess)
    return FailedPrecondition(lib->path + ": " + api->Error("hiprtcVersion", r));
  c->library_ = std::move(lib).value();
  c->api_ = std::move(api);
  c->cache_ = std::move(cache);
  return c;
}

std::vector<std::string> HiprtcCompiler::DefaultOptions() { return {"-std=c++17", "-ffp-contract=off"}; }

std::string HiprtcCompiler::Describe() const {
  return "hipRTC " + std::to_string(major_) + "." + std::to_string(minor_) + " (" + library_.path + ")";
}

StatusOr<HipCodeObject> HiprtcCompiler::Compile(const std::string& source, const std::string& program_name,
                                                const std::string& arch, const std::vector<std::string>& extra) {
  if (arch.rfind("gfx", 0) != 0) return InvalidArgument("not an AMD GPU architecture: '" + arch + "' (want gfxNNN)");
  std::vector<std::string> options = DefaultOptions();
  options.push_back("--offload-arch=" + arch);
  options.insert(options.end(), extra.begin(), extra.end());
  const std::string version = std::to_string(major_) + "." + std::to_string(minor_);
  std::string joined;
  for (const std::string& o : options) joined += o + '\n';
  HipCodeObject out;
  out.cache_key = gpu::KernelDiskCache::Key({"hiprtc", version, arch, joined, source});
  if (auto hit = cache_.Lookup(out.cache_key, "hsaco")) {
    out.bytes = std::move(*hit);
    out.from_cache = true;
    return out;
  }
  std::lock_guard<std::mutex> lock(mu_);
  const Api& api = *api_;
  hiprtcProgram prog = nullptr;
  if (hiprtcResult r = api.CreateProgram(&prog, source.c_str(), program_name.c_str(), 0, nullptr, nullptr);
      r != kHiprtcSuccess)
    return Internal(api.Error("hiprtcCreateProgram", r));
  struct Guard {
    const Api& api;
    hiprtcProgram p;
    ~Guard() { api.DestroyProgram(&p); }
  } guard{api, prog};
  std::vector<const char*> argv;
  for (const std::string& o : options) argv.push_back(o.c_str());
  hiprtcResult r = api.CompileProgram(prog, static_cast<int>(argv.size()), argv.data());
  size_t log_size = 0;
  if (api.GetProgramLogSize(prog, &log_size) == kHiprtcSuccess && log_size > 1) {
    out.log.assign(log_size, '\0');
    if (api.GetProgramLog(prog, out.log.data()) != kHiprtcSuccess) out.log.clear();
    while (!out.log.empty() && (out.log.back() == '\0' || out.log.back() == '\n')) out.log.pop_back();
  }
  if (r != kHiprtcSuccess)
    return Internal(Describe() + ": " + api.Error("hiprtcCompileProgram", r) + " for " + program_name + " (" + arch +
                    ")" + (out.log.empty() ? "" : ":\n" + out.log));
  size_t size = 0;
  if (hiprtcResult e = api.GetCodeSize(prog, &size); e != kHiprtcSuccess) return Internal(api.Error("hiprtcGetCodeSize", e));
  out.bytes.assign(size, '\0');
  if (hiprtcResult e = api.GetCode(prog, out.bytes.data()); e != kHiprtcSuccess) return Internal(api.Error("hiprtcGetCode", e));
  cache_.Store(out.cache_key, "hsaco", out.bytes);
  return out;
}

}  // namespace jaxlib::rocm
