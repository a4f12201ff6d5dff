// An emulated HIP runtime (libamdhip64) for tests on machines without an AMD GPU: the entry
// points the ROCm plugin calls, over emulated_device.h. It accepts code objects that the real
// hipRTC produced from our generated source and runs that source's host build. Test-only.
#include <cstring>

#include "emulated_device.h"

using hipError_t = int;
namespace {
constexpr hipError_t kSuccess = 0, kInvalidValue = 1, kOutOfMemory = 2, kNoDevice = 100, kInvalidDevice = 101,
                     kInvalidImage = 200, kNotFound = 500, kNotReady = 600;
thread_local int g_device = 0;
thread_local std::string g_last_error;
jxemu::Stream* NullStreams() {
  static auto* s = new jxemu::Stream[16];
  return s;
}
jxemu::Stream* StreamOf(void* s) { return s ? static_cast<jxemu::Stream*>(s) : &NullStreams()[g_device]; }
}  // namespace

extern "C" {

hipError_t hipInit(unsigned) { return kSuccess; }
hipError_t hipRuntimeGetVersion(int* v) {
  *v = 60000000;
  return kSuccess;
}
const char* hipGetErrorName(hipError_t r) {
  switch (r) {
    case kSuccess: return "hipSuccess";
    case kNoDevice: return "hipErrorNoDevice";
    case kInvalidValue: return "hipErrorInvalidValue";
    case kInvalidImage: return "hipErrorInvalidImage";
    case kNotFound: return "hipErrorNotFound";
    default: return "hipErrorUnknown";
  }
}
const char* hipGetErrorString(hipError_t r) {
  return g_last_error.empty() ? (r == kNoDevice ? "no ROCm-capable device is detected" : "emulated runtime error")
                              : g_last_error.c_str();
}
hipError_t hipGetDeviceCount(int* n) {
  *n = jxemu::DeviceCount();
  return *n > 0 ? kSuccess : kNoDevice;
}
hipError_t hipSetDevice(int d) {
  if (d < 0 || d >= jxemu::DeviceCount()) return kInvalidDevice;
  g_device = d;
  return kSuccess;
}
hipError_t hipDeviceGetName(char* name, int len, int) {
  std::strncpy(name, "Emulated GPU (jaxlib tests)", static_cast<size_t>(len));
  return kSuccess;
}
// hipDeviceProp_t: only gcnArchName matters to the plugin, which looks for the "gfx" string.
hipError_t hipGetDevicePropertiesR0600(void* props, int) {
  std::memset(props, 0, 1024);
  std::strcpy(static_cast<char*>(props), "Emulated GPU (jaxlib tests)");
  std::strcpy(static_cast<char*>(props) + 512, "gfx90a:sramecc+:xnack-");
  return kSuccess;
}
hipError_t hipMalloc(void** p, size_t n) {
  *p = jxemu::Mem().Allocate(n);
  return *p ? kSuccess : kOutOfMemory;
}
hipError_t hipFree(void* p) { return jxemu::Mem().Free(p) ? kSuccess : kInvalidValue; }
hipError_t hipMemcpy(void* d, const void* s, size_t n, int) {
  StreamOf(nullptr)->Synchronize();
  std::memmove(d, s, n);
  return kSuccess;
}
hipError_t hipMemGetInfo(size_t* f, size_t* t) {
  *f = *t = size_t{16} << 30;
  return kSuccess;
}
hipError_t hipStreamCreate(void** s) {
  *s = new jxemu::Stream();
  return kSuccess;
}
hipError_t hipStreamDestroy(void* s) {
  auto* st = static_cast<jxemu::Stream*>(s);
  st->Synchronize();
  delete st;
  return kSuccess;
}
hipError_t hipStreamSynchronize(void* s) {
  StreamOf(s)->Synchronize();
  return kSuccess;
}
hipError_t hipMemcpyHtoDAsync(void* d, const void* s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(reinterpret_cast<uintptr_t>(d), n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memcpy(d, s, n); });
  return kSuccess;
}
hipError_t hipMemcpyDtoHAsync(void* d, void* s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(reinterpret_cast<uintptr_t>(s), n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memcpy(d, s, n); });
  return kSuccess;
}
hipError_t hipMemcpyDtoDAsync(void* d, void* s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(reinterpret_cast<uintptr_t>(d), n) || !jxemu::Mem().Valid(reinterpret_cast<uintptr_t>(s), n))
    return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memmove(d, s, n); });
  return kSuccess;
}
hipError_t hipMemsetD8Async(void* d, unsigned char v, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(reinterpret_cast<uintptr_t>(d), n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memset(d, v, n); });
  return kSuccess;
}
hipError_t hipModuleLoadData(void** m, const void* image) {
  std::unique_ptr<jxemu::Module> mod = jxemu::LoadModule(image, &g_last_error);
  if (!mod) return kInvalidImage;
  g_last_error.clear();
  *m = mod.release();
  return kSuccess;
}
hipError_t hipModuleUnload(void* m) {
  delete static_cast<jxemu::Module*>(m);
  return kSuccess;
}
hipError_t hipModuleGetFunction(void** f, void* m, const char* name) {
  jxemu::Function* fn = jxemu::GetFunction(static_cast<jxemu::Module*>(m), name);
  if (!fn) return kNotFound;
  *f = fn;
  return kSuccess;
}
hipError_t hipModuleLaunchKernel(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                                 unsigned, void* stream, void** params, void** extra) {
  if (!f || !params || extra || gy != 1 || gz != 1 || by != 1 || bz != 1 || gx == 0 || bx == 0 || bx > 1024)
    return kInvalidValue;
  jxemu::EnqueueLaunch(StreamOf(stream), static_cast<jxemu::Function*>(f), gx, bx, params[0]);
  return kSuccess;
}
hipError_t hipEventCreate(void** e) {
  *e = new jxemu::Event();
  return kSuccess;
}
hipError_t hipEventDestroy(void* e) {
  delete static_cast<jxemu::Event*>(e);
  return kSuccess;
}
hipError_t hipEventRecord(void* e, void* stream) {
  auto* ev = static_cast<jxemu::Event*>(e);
  ev->stream = StreamOf(stream);
  ev->ticket = ev->stream->Enqueue([] {});
  return kSuccess;
}
hipError_t hipEventQuery(void* e) { return static_cast<jxemu::Event*>(e)->Done() ? kSuccess : kNotReady; }
hipError_t hipEventSynchronize(void* e) {
  static_cast<jxemu::Event*>(e)->Wait();
  return kSuccess;
}

void jxemu_enqueue(void* stream, void (*fn)(void*), void* arg) {
  StreamOf(stream)->Enqueue([fn, arg] { fn(arg); });
}

}  // extern "C"
