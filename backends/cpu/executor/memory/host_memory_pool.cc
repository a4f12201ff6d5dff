// The block cache of host_memory_pool.h: free lists per size class under one mutex, bounded in
// total so an idle process does not keep more than kMaxCachedBytes. Blocks of several MiB are
// 2 MiB aligned and asked to be backed by transparent huge pages (Linux, where THP is on or on
// request): one TLB entry and one fault per 2 MiB instead of per 4 KiB, which is what random
// reads of a large array (a gather from an image or an embedding table) wait on.
#include "backends/cpu/executor/memory/host_memory_pool.h"

#include <cstdint>
#include <cstdlib>
#include <mutex>
#include <unordered_map>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace jaxlib::cpu {
namespace {

constexpr size_t kAlignment = 64;
constexpr size_t kMinPooledBytes = size_t{256} << 10;  // from here on: 64 KiB granules
constexpr size_t kGranule = size_t{64} << 10;
constexpr size_t kMaxCachedBytes = size_t{1} << 30;
constexpr size_t kMaxLargeBlocksPerSize = 8;
constexpr size_t kMaxSmallBlocksPerSize = 64;  // small results of a dispatch loop: no memalign per call
constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kMinHugeBytes = size_t{4} << 20;  // from here on: 2 MiB aligned, huge pages asked for

struct Pool {
  std::mutex mu;
  std::unordered_map<size_t, std::vector<void*>> free_blocks;
  size_t cached = 0;
};

Pool& GetPool() {
  static Pool* pool = new Pool();  // never destroyed: buffers may be released during exit
  return *pool;
}

// Small sizes round up to a power of two (few classes, so blocks are reused across shapes),
// large ones to 64 KiB granules (little waste on multi-megabyte buffers).
size_t Rounded(size_t bytes) {
  if (bytes <= kAlignment) return kAlignment;
  if (bytes < kMinPooledBytes) return size_t{1} << (64 - __builtin_clzll(static_cast<unsigned long long>(bytes - 1)));
  return (bytes + kGranule - 1) / kGranule * kGranule;
}

}  // namespace

void* AllocateHostMemory(size_t bytes) {
  const size_t size = Rounded(bytes);
  {
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
  if (size < kMinHugeBytes) return std::aligned_alloc(kAlignment, size);
  void* p = nullptr;
  if (posix_memalign(&p, kHugePage, size) != 0) return nullptr;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Advice only: without THP the block keeps 4 KiB pages.
  madvise(p, size / kHugePage * kHugePage, MADV_HUGEPAGE);
#endif
  return p;
}

void FreeHostMemory(void* p, size_t bytes) {
  if (!p) return;
  const size_t size = Rounded(bytes);
  {
    Pool& pool = GetPool();
    std::lock_guard<std::mutex> lock(pool.mu);
    std::vector<void*>& list = pool.free_blocks[size];
    const size_t max_blocks = size < kMinPooledBytes ? kMaxSmallBlocksPerSize : kMaxLargeBlocksPerSize;
    if (list.size() < max_blocks && pool.cached + size <= kMaxCachedBytes) {
      list.push_back(p);
      pool.cached += size;
      return;
    }
  }
  std::free(p);
}

}  // namespace jaxlib::cpu
