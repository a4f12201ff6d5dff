// The CPU executor's one persistent thread pool: kernels split large loops over the cores with
// ParallelFor. Workers are created once and park between jobs; never creates a thread per op.
// Small loops (and calls from inside a task or while another execution holds the pool) run on
// the calling thread, so tiny programs pay no hand-off.
#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace jaxlib::cpu {

class ThreadPool {
 public:
  // The process-wide pool. Size: $JAXLIB_CPU_THREADS when set (>= 1), else the CPUs this
  // process may run on. Workers start on first use.
  static ThreadPool& Global();

  // Threads that run tasks, the caller included.
  int num_threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Runs fn(ctx, task) for every task in [0, num_tasks), on the caller and the workers, and
  // returns when all have finished. Runs everything inline when the pool is busy (another
  // execution, or a call from inside a task).
  using TaskFn = void (*)(void* ctx, int64_t task);
  void Run(int64_t num_tasks, TaskFn fn, void* ctx);

  ~ThreadPool();

 private:
  explicit ThreadPool(int threads);
  void WorkerLoop(int index);

  std::vector<std::thread> workers_;
  std::mutex busy_;                      // held by the one caller using the workers
  std::atomic<uint32_t> generation_{0};  // bumped per job; idle workers wait on it
  std::atomic<bool> stop_{false};
};

// Splits [0, n) into at most `chunks_per_thread` chunks per pool thread, each at least
// `min_chunk` long (the loop stays on the calling thread when n < 2 * min_chunk), and runs
// fn(begin, end) on each. Chunk boundaries are multiples of `align` (except the last end).
// Several chunks per thread let the caller take over the work of a worker that the OS has not
// scheduled yet (the cores are shared), instead of waiting for it.
template <class F>
void ParallelFor(int64_t n, int64_t min_chunk, F&& fn, int64_t align = 1, int chunks_per_thread = 16) {
  ThreadPool& pool = ThreadPool::Global();
  if (pool.num_threads() == 1) {
    if (n > 0) fn(int64_t{0}, n);
    return;
  }
  int64_t chunks = min_chunk > 0 ? n / min_chunk : n;
  if (chunks > int64_t{pool.num_threads()} * chunks_per_thread) chunks = int64_t{pool.num_threads()} * chunks_per_thread;
  if (chunks <= 1) {
    if (n > 0) fn(int64_t{0}, n);
    return;
  }
  struct Ctx {
    std::remove_reference_t<F>* fn;  // F is a reference type when fn is an lvalue
    int64_t n, chunks, align;
  } ctx{&fn, n, chunks, align};
  pool.Run(
      chunks,
      [](void* p, int64_t task) {
        Ctx& c = *static_cast<Ctx*>(p);
        auto bound = [&](int64_t t) {
          if (t >= c.chunks) return c.n;
          int64_t b = c.n * t / c.chunks;
          b -= b % c.align;
          return b;
        };
        int64_t b = bound(task), e = bound(task + 1);
        if (b < e) (*c.fn)(b, e);
      },
      &ctx);
}

}  // namespace jaxlib::cpu
