// An emulated CUDA driver (libcuda.so.1) for tests on machines without an NVIDIA GPU: the driver
// API entry points the GPU plugins and NVRTC call, over emulated_device.h. It accepts PTX that
// NVRTC produced from our generated source and runs that source's host build. Test-only.
#include <cstring>

#include "emulated_device.h"

using CUresult = int;
using CUdeviceptr = unsigned long long;
namespace {
constexpr CUresult kSuccess = 0, kInvalidValue = 1, kOutOfMemory = 2, kNotInitialized = 3, kNoDevice = 100,
                   kInvalidDevice = 101, kInvalidImage = 200, kInvalidHandle = 400, kNotFound = 500, kNotReady = 600,
                   kNotSupported = 801, kLaunchFailed = 719;
bool g_initialized = false;

struct Context {
  int device = 0;
  jxemu::Stream null_stream;
};
Context* Contexts() {
  static Context* c = [] {
    auto* all = new Context[16];
    for (int i = 0; i < 16; ++i) all[i].device = i;
    return all;
  }();
  return c;
}
thread_local Context* g_current = nullptr;
jxemu::Stream* StreamOf(void* s) {
  if (s) return static_cast<jxemu::Stream*>(s);
  return g_current ? &g_current->null_stream : &Contexts()[0].null_stream;
}
int DriverVersion() {
  const char* v = std::getenv("JAXLIB_EMULATED_CUDA_VERSION");
  return v && *v ? std::atoi(v) : 13000;
}
thread_local std::string g_last_error;
}  // namespace

extern "C" {

CUresult cuInit(unsigned) {
  if (jxemu::DeviceCount() < 0) return kNoDevice;
  g_initialized = true;
  return kSuccess;
}
CUresult cuDriverGetVersion(int* v) {
  *v = DriverVersion();
  return kSuccess;
}
CUresult cuGetErrorName(CUresult r, const char** s) {
  switch (r) {
    case kNoDevice: *s = "CUDA_ERROR_NO_DEVICE"; break;
    case kInvalidValue: *s = "CUDA_ERROR_INVALID_VALUE"; break;
    case kOutOfMemory: *s = "CUDA_ERROR_OUT_OF_MEMORY"; break;
    case kInvalidImage: *s = "CUDA_ERROR_INVALID_IMAGE"; break;
    case kNotFound: *s = "CUDA_ERROR_NOT_FOUND"; break;
    case kLaunchFailed: *s = "CUDA_ERROR_LAUNCH_FAILED"; break;
    default: *s = "CUDA_ERROR_UNKNOWN";
  }
  return kSuccess;
}
CUresult cuGetErrorString(CUresult r, const char** s) {
  *s = g_last_error.empty() ? (r == kNoDevice ? "no CUDA-capable device is detected" : "emulated driver error")
                            : g_last_error.c_str();
  return kSuccess;
}
// NVRTC 12.9 asks whatever libcuda.so.1 is loaded for an export table; an emulator has none.
CUresult cuGetExportTable(const void** table, const void*) {
  if (table) *table = nullptr;
  return kNotSupported;
}
CUresult cuDeviceGetCount(int* n) {
  if (!g_initialized) return kNotInitialized;
  *n = jxemu::DeviceCount();
  return kSuccess;
}
CUresult cuDeviceGet(int* d, int ordinal) {
  if (ordinal < 0 || ordinal >= jxemu::DeviceCount()) return kInvalidDevice;
  *d = ordinal;
  return kSuccess;
}
CUresult cuDeviceGetName(char* name, int len, int) {
  std::strncpy(name, "Emulated GPU (jaxlib tests)", static_cast<size_t>(len));
  return kSuccess;
}
CUresult cuDeviceGetAttribute(int* v, int attr, int) {
  *v = attr == 75 ? 9 : 0;  // compute capability 9.0
  return kSuccess;
}
CUresult cuDeviceTotalMem_v2(size_t* b, int) {
  *b = size_t{16} << 30;
  return kSuccess;
}
CUresult cuDevicePrimaryCtxRetain(void** c, int d) {
  *c = &Contexts()[d];
  return kSuccess;
}
CUresult cuDevicePrimaryCtxRelease_v2(int) { return kSuccess; }
CUresult cuCtxSetCurrent(void* c) {
  g_current = static_cast<Context*>(c);
  return kSuccess;
}
CUresult cuMemAlloc_v2(CUdeviceptr* p, size_t n) {
  void* m = jxemu::Mem().Allocate(n);
  if (!m) return kOutOfMemory;
  *p = reinterpret_cast<CUdeviceptr>(m);
  return kSuccess;
}
CUresult cuMemFree_v2(CUdeviceptr p) { return jxemu::Mem().Free(reinterpret_cast<void*>(p)) ? kSuccess : kInvalidValue; }
CUresult cuMemGetInfo_v2(size_t* f, size_t* t) {
  *f = *t = size_t{16} << 30;
  return kSuccess;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr d, const void* s, size_t n) {
  if (!jxemu::Mem().Valid(d, n)) return kInvalidValue;
  StreamOf(nullptr)->Synchronize();
  std::memcpy(reinterpret_cast<void*>(d), s, n);
  return kSuccess;
}
CUresult cuMemcpyDtoH_v2(void* d, CUdeviceptr s, size_t n) {
  if (!jxemu::Mem().Valid(s, n)) return kInvalidValue;
  StreamOf(nullptr)->Synchronize();
  std::memcpy(d, reinterpret_cast<void*>(s), n);
  return kSuccess;
}
CUresult cuStreamCreate(void** s, unsigned) {
  *s = new jxemu::Stream();
  return kSuccess;
}
CUresult cuStreamDestroy_v2(void* s) {
  auto* st = static_cast<jxemu::Stream*>(s);
  st->Synchronize();
  delete st;
  return kSuccess;
}
CUresult cuStreamSynchronize(void* s) {
  StreamOf(s)->Synchronize();
  return kSuccess;
}
CUresult cuCtxSynchronize() {
  StreamOf(nullptr)->Synchronize();
  return kSuccess;
}
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void* s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(d, n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memcpy(reinterpret_cast<void*>(d), s, n); });
  return kSuccess;
}
CUresult cuMemcpyDtoHAsync_v2(void* d, CUdeviceptr s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(s, n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memcpy(d, reinterpret_cast<const void*>(s), n); });
  return kSuccess;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(d, n) || !jxemu::Mem().Valid(s, n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memmove(reinterpret_cast<void*>(d), reinterpret_cast<const void*>(s), n); });
  return kSuccess;
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, void* stream) {
  if (!jxemu::Mem().Valid(d, n)) return kInvalidValue;
  StreamOf(stream)->Enqueue([=] { std::memset(reinterpret_cast<void*>(d), v, n); });
  return kSuccess;
}
CUresult cuModuleLoadData(void** m, const void* image) {
  std::unique_ptr<jxemu::Module> mod = jxemu::LoadModule(image, &g_last_error);
  if (!mod) return kInvalidImage;
  g_last_error.clear();
  *m = mod.release();
  return kSuccess;
}
CUresult cuModuleUnload(void* m) {
  delete static_cast<jxemu::Module*>(m);  // the host code stays mapped: queued work may use it
  return kSuccess;
}
CUresult cuModuleGetFunction(void** f, void* m, const char* name) {
  jxemu::Function* fn = jxemu::GetFunction(static_cast<jxemu::Module*>(m), name);
  if (!fn) return kNotFound;
  *f = fn;
  return kSuccess;
}
CUresult cuLaunchKernel(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, unsigned,
                        void* stream, void** params, void** extra) {
  if (!f || !params || extra || gy != 1 || gz != 1 || by != 1 || bz != 1 || gx == 0 || bx == 0 || bx > 1024)
    return kInvalidValue;
  jxemu::EnqueueLaunch(StreamOf(stream), static_cast<jxemu::Function*>(f), gx, bx, params[0]);
  return kSuccess;
}
CUresult cuEventCreate(void** e, unsigned) {
  *e = new jxemu::Event();
  return kSuccess;
}
CUresult cuEventDestroy_v2(void* e) {
  delete static_cast<jxemu::Event*>(e);
  return kSuccess;
}
CUresult cuEventRecord(void* e, void* stream) {
  auto* ev = static_cast<jxemu::Event*>(e);
  ev->stream = StreamOf(stream);
  ev->ticket = ev->stream->Enqueue([] {});
  return kSuccess;
}
CUresult cuEventQuery(void* e) { return static_cast<jxemu::Event*>(e)->Done() ? kSuccess : kNotReady; }
CUresult cuEventSynchronize(void* e) {
  static_cast<jxemu::Event*>(e)->Wait();
  return kSuccess;
}

// For the emulated BLAS library: queue host work on a stream of this driver.
void jxemu_enqueue(void* stream, void (*fn)(void*), void* arg) {
  StreamOf(stream)->Enqueue([fn, arg] { fn(arg); });
}

}  // extern "C"
