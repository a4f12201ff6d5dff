// The machine model shared by the emulated CUDA and HIP drivers the tests build: device memory
// in host memory (new allocations poisoned with 0xFF bytes: NaN floats, -1 integers), streams
// whose work runs only at synchronisation, and modules whose kernels are the module's own
// embedded source compiled for the host with g++ (device_model.h models the built-ins).
// Test-only; never shipped. Knobs (environment):
//   JAXLIB_EMULATED_GPUS=N       devices (default 1); 0 = a driver that sees no device
//   JAXLIB_EMULATED_KERNEL_CACHE directory of compiled host kernels (default /tmp/jaxlib-emulated-kernels)
//   JAXLIB_EMULATED_CXX          host compiler (default g++)
#pragma once

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xmmintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#ifndef JX_DEVICE_MODEL_PATH
#error "JX_DEVICE_MODEL_PATH must name device_model.h"
#endif

namespace jxemu {

inline int DeviceCount() {
  const char* v = std::getenv("JAXLIB_EMULATED_GPUS");
  return v && *v ? std::atoi(v) : 1;
}

// ------------------------------------------------------------------ memory
struct Memory {
  std::mutex mu;
  std::map<uintptr_t, size_t> blocks;  // base -> size

  void* Allocate(size_t n) {
    void* p = std::malloc(n ? n : 1);
    if (!p) return nullptr;
    std::memset(p, 0xFF, n);  // poisoned: a kernel reading memory nobody wrote sees NaN / -1
    std::lock_guard<std::mutex> lock(mu);
    blocks[reinterpret_cast<uintptr_t>(p)] = n;
    return p;
  }
  bool Free(void* p) {
    std::lock_guard<std::mutex> lock(mu);
    auto it = blocks.find(reinterpret_cast<uintptr_t>(p));
    if (it == blocks.end()) return false;
    blocks.erase(it);
    std::free(p);
    return true;
  }
  // Whether [p, p+n) lies inside one live allocation (what a real device would fault on).
  bool Valid(uintptr_t p, size_t n) {
    std::lock_guard<std::mutex> lock(mu);
    auto it = blocks.upper_bound(p);
    if (it == blocks.begin()) return n == 0;
    --it;
    return p >= it->first && p + n <= it->first + it->second;
  }
};
inline Memory& Mem() {
  static Memory* m = new Memory();
  return *m;
}

// ------------------------------------------------------------------ streams
struct Stream {
  std::mutex mu;
  std::vector<std::function<void()>> queue;
  uint64_t enqueued = 0, completed = 0;

  uint64_t Enqueue(std::function<void()> work) {
    std::lock_guard<std::mutex> lock(mu);
    queue.push_back(std::move(work));
    return ++enqueued;
  }
  // Runs queued work in order, up to and including ticket `upto`.
  void RunUpTo(uint64_t upto) {
    for (;;) {
      std::function<void()> work;
      {
        std::lock_guard<std::mutex> lock(mu);
        if (completed >= upto || queue.empty()) return;
        work = std::move(queue.front());
        queue.erase(queue.begin());
      }
      work();
      std::lock_guard<std::mutex> lock(mu);
      ++completed;
    }
  }
  void Synchronize() { RunUpTo(UINT64_MAX); }
};

struct Event {
  Stream* stream = nullptr;
  uint64_t ticket = 0;
  bool Done() {
    if (!stream) return true;
    std::lock_guard<std::mutex> lock(stream->mu);
    return stream->completed >= ticket;
  }
  void Wait() {
    if (stream) stream->RunUpTo(ticket);
  }
};

// ------------------------------------------------------------------ modules
using HostEntry = void (*)(const void*);
using ParamBytes = unsigned long (*)(void);
using SetLaunch = void (*)(unsigned, unsigned, unsigned, unsigned);

struct Function {
  HostEntry entry = nullptr;
  SetLaunch set_launch = nullptr;
  size_t param_bytes = 0;
};

struct Module {
  void* handle = nullptr;
  std::map<std::string, Function> functions;
};

inline const char* kBegin = "JAXLIB_KERNEL_SOURCE_BEGIN\n";
inline const char* kEnd = "\nJAXLIB_KERNEL_SOURCE_END";

// The module's source, from the `jaxlib_kernel_source` array every generated module carries:
// written as decimal bytes in PTX, stored verbatim in binary code objects.
inline bool ExtractSource(const void* image, std::string* out) {
  const char* text = static_cast<const char*>(image);
  std::string bytes;
  if (std::strncmp(text, "//", 2) == 0 || std::strstr(text, ".version") != nullptr) {
    const char* p = std::strstr(text, "jaxlib_kernel_source[");
    if (!p) return false;
    p = std::strchr(p, '{');
    if (!p) return false;
    ++p;
    while (*p && *p != '}') {
      while (*p == ' ' || *p == ',' || *p == '\n' || *p == '\t') ++p;
      if (*p == '}' || !*p) break;
      char* end = nullptr;
      long v = std::strtol(p, &end, 10);
      if (end == p) return false;
      bytes.push_back(static_cast<char>(v));
      p = end;
    }
  } else {
    // A binary image (ELF code object or clang offload bundle): its size from its headers.
    size_t size = 0;
    if (std::memcmp(text, "\x7f" "ELF", 4) == 0) {
      uint64_t shoff, phoff;
      uint16_t shentsize, shnum, phentsize, phnum;
      std::memcpy(&phoff, text + 0x20, 8);
      std::memcpy(&shoff, text + 0x28, 8);
      std::memcpy(&phentsize, text + 0x36, 2);
      std::memcpy(&phnum, text + 0x38, 2);
      std::memcpy(&shentsize, text + 0x3a, 2);
      std::memcpy(&shnum, text + 0x3c, 2);
      size = static_cast<size_t>(std::max<uint64_t>(shoff + uint64_t{shnum} * shentsize, phoff + uint64_t{phnum} * phentsize));
    } else if (std::memcmp(text, "__CLANG_OFFLOAD_BUNDLE__", 24) == 0) {
      uint64_t n;
      std::memcpy(&n, text + 24, 8);
      const char* q = text + 32;
      for (uint64_t e = 0; e < n; ++e) {
        uint64_t off, sz, tsz;
        std::memcpy(&off, q, 8);
        std::memcpy(&sz, q + 8, 8);
        std::memcpy(&tsz, q + 16, 8);
        size = std::max<size_t>(size, static_cast<size_t>(off + sz));
        q += 24 + tsz;
      }
    }
    if (size == 0) return false;
    const void* hit = memmem(text, size, kBegin, std::strlen(kBegin));
    if (!hit) return false;
    const char* start = static_cast<const char*>(hit);
    const size_t rest = size - static_cast<size_t>(start - text);
    const void* end = memmem(start, rest, kEnd, std::strlen(kEnd));
    if (!end) return false;
    bytes.assign(start, static_cast<size_t>(static_cast<const char*>(end) - start) + std::strlen(kEnd));
  }
  const size_t b = bytes.find(kBegin), e = bytes.rfind(kEnd);
  if (b == std::string::npos || e == std::string::npos || e < b) return false;
  *out = bytes.substr(b + std::strlen(kBegin), e - b - std::strlen(kBegin));
  return true;
}

inline uint64_t Fnv1a(const std::string& s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

// Compiles the source for the host (cached by content) and dlopens it; nullptr + message on error.
inline std::unique_ptr<Module> LoadModule(const void* image, std::string* error) {
  std::string source;
  if (!ExtractSource(image, &source)) {
    *error = "module image carries no jaxlib_kernel_source";
    return nullptr;
  }
  const char* dir_env = std::getenv("JAXLIB_EMULATED_KERNEL_CACHE");
  const std::string dir = dir_env && *dir_env ? dir_env : "/tmp/jaxlib-emulated-kernels";
  ::mkdir(dir.c_str(), 0755);
  char name[64];
  std::snprintf(name, sizeof(name), "%016llx", static_cast<unsigned long long>(Fnv1a(source)));
  const std::string so = dir + "/" + name + ".so";
  if (::access(so.c_str(), R_OK) != 0) {
    const std::string tmp = dir + "/" + name + "." + std::to_string(::getpid()) + ".tmp";
    const std::string src = tmp + ".cc";
    if (FILE* f = std::fopen(src.c_str(), "wb")) {
      std::fwrite(source.data(), 1, source.size(), f);
      std::fclose(f);
    } else {
      *error = "cannot write " + src;
      return nullptr;
    }
    const char* cxx = std::getenv("JAXLIB_EMULATED_CXX");
    // No FMA contraction and no fast math: one IEEE rounding per operation, as on the device.
    const std::string cmd = std::string(cxx && *cxx ? cxx : "g++") +
                            " -std=c++17 -O1 -ffp-contract=off -fPIC -shared -w -include " JX_DEVICE_MODEL_PATH " -x c++ " +
                            src + " -o " + tmp + " 2> " + tmp + ".log";
    const int rc = std::system(cmd.c_str());
    if (rc != 0) {
      std::string log;
      if (FILE* f = std::fopen((tmp + ".log").c_str(), "rb")) {
        char buf[4096];
        size_t n = std::fread(buf, 1, sizeof(buf) - 1, f);
        log.assign(buf, n);
        std::fclose(f);
      }
      *error = "host build of the module failed (" + src + "): " + log;
      return nullptr;
    }
    std::rename(tmp.c_str(), so.c_str());  // atomic: concurrent loaders see a whole file
    ::unlink(src.c_str());
    ::unlink((tmp + ".log").c_str());
  }
  auto m = std::make_unique<Module>();
  m->handle = ::dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!m->handle) {
    *error = std::string("dlopen of the host kernels failed: ") + ::dlerror();
    return nullptr;
  }
  return m;
}

inline Function* GetFunction(Module* m, const char* name) {
  auto it = m->functions.find(name);
  if (it != m->functions.end()) return &it->second;
  Function f;
  f.entry = reinterpret_cast<HostEntry>(::dlsym(m->handle, (std::string(name) + "_jx_host").c_str()));
  auto bytes = reinterpret_cast<ParamBytes>(::dlsym(m->handle, (std::string(name) + "_jx_param_bytes").c_str()));
  f.set_launch = reinterpret_cast<SetLaunch>(::dlsym(m->handle, "jx_host_set_launch"));
  if (!f.entry || !bytes || !f.set_launch) return nullptr;
  f.param_bytes = bytes();
  return &m->functions.emplace(name, f).first->second;
}

// Queues a launch: the parameter block is copied now (as drivers do); the grid runs at sync,
// block by block, thread by thread, with the device's flush-to-zero arithmetic.
inline void EnqueueLaunch(Stream* s, Function* f, unsigned blocks, unsigned threads, const void* params) {
  std::vector<unsigned char> copy(static_cast<const unsigned char*>(params),
                                  static_cast<const unsigned char*>(params) + f->param_bytes);
  s->Enqueue([f, blocks, threads, copy = std::move(copy)] {
    const unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040u);
    for (unsigned b = 0; b < blocks; ++b)
      for (unsigned t = 0; t < threads; ++t) {
        f->set_launch(b, t, blocks, threads);
        f->entry(copy.data());
      }
    _mm_setcsr(saved);
  });
}

// ------------------------------------------------------------------ BLAS (column-major, as the libraries)
template <class T>
void Gemm(int transa, int transb, int m, int n, int k, T alpha, const T* A, int lda, const T* B, int ldb, T beta, T* C,
          int ldc) {
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < m; ++i) {
      T sum = T(0);
      for (int p = 0; p < k; ++p) {
        const T a = transa ? A[p + static_cast<long>(i) * lda] : A[i + static_cast<long>(p) * lda];
        const T b = transb ? B[j + static_cast<long>(p) * ldb] : B[p + static_cast<long>(j) * ldb];
        sum += a * b;
      }
      T& c = C[i + static_cast<long>(j) * ldc];
      c = beta == T(0) ? alpha * sum : alpha * sum + beta * c;
    }
}

}  // namespace jxemu
