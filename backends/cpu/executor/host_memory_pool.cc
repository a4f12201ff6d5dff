// The block cache of host_memory_pool.h: exact-size free lists of large blocks under one mutex,
// bounded in total so an idle process does not keep more than kMaxCachedBytes.
#include "backends/cpu/executor/host_memory_pool.h"

#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace jaxlib::cpu {
namespace {

constexpr size_t kAlignment = 64;
constexpr size_t kMinPooledBytes = size_t{256} << 10;  // below this malloc's own bins do well
constexpr size_t kGranule = size_t{64} << 10;          // pooled sizes are rounded to this
constexpr size_t kMaxCachedBytes = size_t{1} << 30;
constexpr size_t kMaxBlocksPerSize = 8;

struct Pool {
  std::mutex mu;
  std::unordered_map<size_t, std::vector<void*>> free_blocks;
  size_t cached = 0;
};

Pool& GetPool() {
  static Pool* pool = new Pool();  // never destroyed: buffers may be released during exit
  return *pool;
}

size_t Rounded(size_t bytes) {
  if (bytes < kMinPooledBytes) return (bytes + kAlignment - 1) / kAlignment * kAlignment;
  return (bytes + kGranule - 1) / kGranule * kGranule;
}

}  // namespace

void* AllocateHostMemory(size_t bytes) {
  const size_t size = Rounded(bytes == 0 ? 1 : bytes);
  if (size >= kMinPooledBytes) {
    Pool& pool = GetPool();
    std::lock_guard<std::mutex> lock(pool.mu);
    auto it = pool.free_blocks.find(size);
    if (it != pool.free_blocks.end() && !it->second.empty()) {
      void* p = it->second.back();
      it->second.pop_back();
      pool.cached -= size;
      return p;
    }
  }
  return std::aligned_alloc(kAlignment, size);
}

void FreeHostMemory(void* p, size_t bytes) {
  if (!p) return;
  const size_t size = Rounded(bytes == 0 ? 1 : bytes);
  if (size >= kMinPooledBytes) {
    Pool& pool = GetPool();
    std::lock_guard<std::mutex> lock(pool.mu);
    std::vector<void*>& list = pool.free_blocks[size];
    if (list.size() < kMaxBlocksPerSize && pool.cached + size <= kMaxCachedBytes) {
      list.push_back(p);
      pool.cached += size;
      return;
    }
  }
  std::free(p);
}

}  // namespace jaxlib::cpu
