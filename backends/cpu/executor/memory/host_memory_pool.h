// Host memory for CPU buffers and execution arenas. Blocks are cached after release and handed
// out again for the same size class: a fresh multi-megabyte allocation comes from mmap and pays
// a page fault per 4 KiB on first touch, which costs more than many kernels themselves, and a
// small aligned allocation per dispatch costs more than the tiny kernel it feeds.
#pragma once

#include <cstddef>

namespace jaxlib::cpu {

// 64-byte aligned storage of at least `bytes` bytes (uninitialised), or nullptr.
void* AllocateHostMemory(size_t bytes);
// Returns memory of AllocateHostMemory(bytes) (same `bytes`).
void FreeHostMemory(void* p, size_t bytes);

}  // namespace jaxlib::cpu
