// The small vendor interface the one GPU backend runs on: devices, memory, one stream per device,
// run-time compiled modules and launches, and GEMM. cuda_vendor.cc implements it over the CUDA
// driver + NVRTC + cuBLAS, hip_vendor.cc over HIP + hipRTC + hipBLAS; nothing above this header
// knows which vendor it runs on. Every entry point reports errors as Status, never throws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/support/element_type.h"
#include "runtime/support/status.h"

namespace jaxlib::gpu {

using DevicePtr = uint64_t;

// A loaded module of generated kernels on one device.
class DeviceModule {
 public:
  virtual ~DeviceModule() = default;
  // The kernel called `name` (an extern "C" __global__ symbol), or NOT_FOUND.
  virtual StatusOr<void*> Function(const std::string& name) = 0;
};

// Completion marker of the work queued on a device's stream so far.
class DeviceEvent {
 public:
  virtual ~DeviceEvent() = default;
  virtual bool Done() = 0;    // non-blocking
  virtual Status Wait() = 0;  // blocks until done
};

// Row-major batched GEMM: C[b] = A[b] (m x k) * B[b] (k x n), all dense and contiguous.
struct GemmArgs {
  ElementType type = ElementType::kF32;  // f32, f64, c64 or c128
  int64_t batch = 1, m = 0, n = 0, k = 0;
  DevicePtr a = 0, b = 0, c = 0;
};

class GpuVendor {
 public:
  virtual ~GpuVendor() = default;
  virtual std::string_view platform() const = 0;  // "cuda" or "rocm"
  virtual std::string Describe() const = 0;       // driver/compiler/BLAS versions and paths
  virtual int device_count() const = 0;
  virtual std::string device_name(int device) const = 0;
  // Compilation target: "sm_90", "gfx90a", ...
  virtual std::string arch(int device) const = 0;
  virtual std::vector<std::pair<std::string, int64_t>> device_attributes(int device) const = 0;

  virtual StatusOr<DevicePtr> Allocate(int device, size_t bytes) = 0;
  virtual void Free(int device, DevicePtr ptr) = 0;
  virtual StatusOr<size_t> TotalMemory(int device) = 0;

  // Queued on the device's stream, in order. Host memory passed to the copies must stay
  // valid and unchanged until the next Synchronize (or an event recorded after them is done).
  virtual Status CopyToDevice(int device, DevicePtr dst, const void* src, size_t bytes) = 0;
  virtual Status CopyToHost(int device, void* dst, DevicePtr src, size_t bytes) = 0;
  virtual Status CopyOnDevice(int device, DevicePtr dst, DevicePtr src, size_t bytes) = 0;
  virtual Status Fill(int device, DevicePtr dst, uint8_t value, size_t bytes) = 0;
  // One block of `threads` per entry of `blocks`; the kernel takes one by-value argument of
  // `arg_bytes` bytes at `args`.
  virtual Status Launch(int device, void* function, unsigned blocks, unsigned threads, const void* args,
                        size_t arg_bytes) = 0;
  virtual Status Gemm(int device, const GemmArgs& args) = 0;
  virtual bool HasGemm(ElementType type) const = 0;
  virtual Status Synchronize(int device) = 0;
  virtual StatusOr<std::unique_ptr<DeviceEvent>> RecordEvent(int device) = 0;

  // Compiles generated source for the device's architecture (NVRTC / hipRTC, through the
  // on-disk cache) and loads it.
  virtual StatusOr<std::unique_ptr<DeviceModule>> LoadModule(int device, const std::string& source,
                                                             const std::string& name) = 0;
};

}  // namespace jaxlib::gpu
