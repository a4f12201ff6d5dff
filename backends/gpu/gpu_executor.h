// The GPU executor shared by jaxlib-cuda12, jaxlib-cuda13 and jaxlib-rocm: compiles a program
// with the shared compiler, lowers the plan to generated kernels (kernel_emitter), vendor GEMM,
// host-driven control flow and, for every other op, a host fallback (copy in, CPU kernel, copy
// out), and runs it on a GpuVendor. Device memory comes from a caching allocator.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "backends/gpu/vendor.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::gpu {

// Reuses freed device blocks (per device, by rounded size) instead of returning them to the
// driver; emptied and retried once when the driver runs out of memory.
class DeviceAllocator {
 public:
  explicit DeviceAllocator(std::shared_ptr<GpuVendor> vendor) : vendor_(std::move(vendor)) {}
  ~DeviceAllocator();
  StatusOr<DevicePtr> Allocate(int device, size_t bytes);
  void Release(int device, DevicePtr ptr, size_t bytes);
  GpuVendor& vendor() const { return *vendor_; }

  std::atomic<int64_t> bytes_in_use{0}, peak_bytes{0}, num_allocs{0};

 private:
  static size_t Rounded(size_t bytes);
  void DropCache(int device);
  std::shared_ptr<GpuVendor> vendor_;
  std::mutex mu_;
  std::unordered_map<int, std::unordered_multimap<size_t, DevicePtr>> free_;
};

class GpuBuffer final : public plugin::DeviceBuffer {
 public:
  GpuBuffer(std::shared_ptr<DeviceAllocator> alloc, int device, plugin::ArrayShape shape, DevicePtr ptr)
      : alloc_(std::move(alloc)), device_(device), shape_(std::move(shape)), ptr_(ptr) {}
  ~GpuBuffer() override {
    if (ptr_) alloc_->Release(device_, ptr_, shape_.byte_size());
  }
  const plugin::ArrayShape& shape() const override { return shape_; }
  int device_ordinal() const override { return device_; }
  void* device_pointer() override { return reinterpret_cast<void*>(static_cast<uintptr_t>(ptr_)); }
  DevicePtr ptr() const { return ptr_; }

 private:
  std::shared_ptr<DeviceAllocator> alloc_;
  int device_;
  plugin::ArrayShape shape_;
  DevicePtr ptr_;
};

// Allocates a buffer of `shape` on `device` (nullptr data for zero bytes).
StatusOr<std::shared_ptr<GpuBuffer>> AllocateBuffer(const std::shared_ptr<DeviceAllocator>& alloc, int device,
                                                    const plugin::ArrayShape& shape);

// StableHLO in, an Executable that runs on GpuBuffers out. `num_devices`: the client's devices;
// `lapack_library`: the LAPACK the host fallback's linear algebra loads ("" = the CPU default).
StatusOr<std::unique_ptr<plugin::Executable>> CompileForGpu(std::string_view program,
                                                            const plugin::CompileOptions& options,
                                                            std::shared_ptr<DeviceAllocator> alloc, int num_devices,
                                                            const std::string& lapack_library);

}  // namespace jaxlib::gpu
