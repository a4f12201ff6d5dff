// CpuBuffer: device memory of the CPU backend, which is host memory. Either owned (64-byte
// aligned, so vector kernels may assume alignment) or aliasing caller memory (zero-copy
// host transfers), in which case a release callback tells the owner when we are done.
#pragma once

#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>

#include "backends/cpu/executor/host_memory_pool.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

inline constexpr size_t kCpuBufferAlignment = 64;

class CpuBuffer final : public plugin::DeviceBuffer {
 public:
  // Owned, uninitialised storage. Returns nullptr when memory is exhausted.
  static std::shared_ptr<CpuBuffer> Allocate(int device_ordinal, plugin::ArrayShape shape) {
    // Pooled: results of the same size reuse pages that are already mapped (host_memory_pool.h).
    size_t bytes = shape.byte_size();
    void* data = AllocateHostMemory(bytes);
    if (data == nullptr) return nullptr;
    return std::shared_ptr<CpuBuffer>(
        new CpuBuffer(device_ordinal, std::move(shape), data, [data, bytes] { FreeHostMemory(data, bytes); }));
  }
  // Borrowed storage; `release` runs once when the buffer is destroyed.
  static std::shared_ptr<CpuBuffer> Alias(int device_ordinal, plugin::ArrayShape shape, void* data,
                                          std::function<void()> release) {
    return std::shared_ptr<CpuBuffer>(
        new CpuBuffer(device_ordinal, std::move(shape), data, std::move(release)));
  }

  ~CpuBuffer() override {
    if (release_) release_();
  }
  CpuBuffer(const CpuBuffer&) = delete;
  CpuBuffer& operator=(const CpuBuffer&) = delete;

  const plugin::ArrayShape& shape() const override { return shape_; }
  int device_ordinal() const override { return device_ordinal_; }
  void* host_data() override { return data_; }
  void* device_pointer() override { return data_; }
  void* data() { return data_; }
  size_t byte_size() const { return shape_.byte_size(); }

 private:
  CpuBuffer(int device_ordinal, plugin::ArrayShape shape, void* data, std::function<void()> release)
      : device_ordinal_(device_ordinal), shape_(std::move(shape)), data_(data), release_(std::move(release)) {}

  int device_ordinal_;
  plugin::ArrayShape shape_;
  void* data_;
  std::function<void()> release_;
};

}  // namespace jaxlib::cpu
