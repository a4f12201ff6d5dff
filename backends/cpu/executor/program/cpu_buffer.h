// CpuBuffer: device memory of the CPU backend, which is host memory. Either owned (64-byte
// aligned, so vector kernels may assume alignment; from the pooled allocator) or aliasing
// caller memory (zero-copy host transfers), in which case a release callback tells the owner
// when we are done. Owned buffers count themselves in their client's CpuMemoryStats.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "backends/cpu/executor/memory/host_memory_pool.h"
#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

inline constexpr size_t kCpuBufferAlignment = 64;

// Per-device allocation counters of one client (PJRT_Device_MemoryStats). Shared with every
// buffer counted in it, so a buffer outliving its backend still updates valid memory.
class CpuMemoryStats {
 public:
  explicit CpuMemoryStats(int device_count) : devices_(static_cast<size_t>(device_count)) {}

  void Allocated(int ordinal, int64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    Device& d = devices_[static_cast<size_t>(ordinal)];
    d.in_use += bytes;
    d.peak = std::max(d.peak, d.in_use);
    ++d.allocations;
  }
  void Released(int ordinal, int64_t bytes) {
    std::lock_guard<std::mutex> lock(mu_);
    devices_[static_cast<size_t>(ordinal)].in_use -= bytes;
  }
  plugin::MemoryStatsInfo Get(int ordinal) const {
    std::lock_guard<std::mutex> lock(mu_);
    const Device& d = devices_[static_cast<size_t>(ordinal)];
    plugin::MemoryStatsInfo info;
    info.bytes_in_use = d.in_use;
    info.peak_bytes_in_use = d.peak;
    info.num_allocs = d.allocations;
    return info;
  }

 private:
  struct Device {
    int64_t in_use = 0;
    int64_t peak = 0;
    int64_t allocations = 0;
  };
  mutable std::mutex mu_;
  std::vector<Device> devices_;
};

class CpuBuffer final : public plugin::DeviceBuffer {
  struct Key {};  // only the factories below construct buffers

 public:
  // Owned, uninitialised storage, counted in `stats` (may be null). Returns nullptr when
  // memory is exhausted. One allocation for the object and its control block.
  static std::shared_ptr<CpuBuffer> Allocate(int device_ordinal, plugin::ArrayShape shape,
                                             std::shared_ptr<CpuMemoryStats> stats = nullptr) {
    // Pooled: results of the same size reuse pages that are already mapped (host_memory_pool.h).
    void* data = AllocateHostMemory(shape.byte_size());
    if (data == nullptr) return nullptr;
    auto buffer = std::make_shared<CpuBuffer>(Key{}, device_ordinal, std::move(shape), data, nullptr);
    if (stats) {
      stats->Allocated(device_ordinal, static_cast<int64_t>(buffer->byte_size()));
      buffer->stats_ = std::move(stats);
    }
    return buffer;
  }
  // Borrowed storage; `release` runs once when the buffer is destroyed.
  static std::shared_ptr<CpuBuffer> Alias(int device_ordinal, plugin::ArrayShape shape, void* data,
                                          std::function<void()> release) {
    return std::make_shared<CpuBuffer>(Key{}, device_ordinal, std::move(shape), data, std::move(release));
  }

  CpuBuffer(Key, int device_ordinal, plugin::ArrayShape shape, void* data, std::function<void()> release)
      : device_ordinal_(device_ordinal), shape_(std::move(shape)), data_(data), release_(std::move(release)) {}
  ~CpuBuffer() override {
    if (release_) {
      release_();
      return;
    }
    FreeHostMemory(data_, byte_size());
    if (stats_) stats_->Released(device_ordinal_, static_cast<int64_t>(byte_size()));
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
  int device_ordinal_;
  plugin::ArrayShape shape_;
  void* data_;
  std::function<void()> release_;           // aliased storage: tells the owner
  std::shared_ptr<CpuMemoryStats> stats_;   // owned storage: where it is counted
};

}  // namespace jaxlib::cpu
