// The persistent worker pool (see thread_pool.h). One job at a time: the caller publishes a
// claim word (generation | task count | next task) and wakes the workers; everybody claims
// tasks by compare-and-swap, so a worker that wakes late can never run a task of a finished job.
#include "backends/cpu/executor/parallel/thread_pool.h"

#include <sched.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include "backends/cpu/executor/program/denormal_mode.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <immintrin.h>
#define JAXLIB_CPU_PAUSE() _mm_pause()
#elif defined(__aarch64__)
#define JAXLIB_CPU_PAUSE() __asm__ __volatile__("yield")  // AArch64's spin-wait hint
#else
#define JAXLIB_CPU_PAUSE() ((void)0)
#endif

namespace jaxlib::cpu {
namespace {

// Claim word: [generation:24][tasks:20][next:20].
constexpr int kTaskBits = 20;
constexpr uint64_t kTaskMask = (uint64_t{1} << kTaskBits) - 1;
constexpr int64_t kMaxTasksPerJob = static_cast<int64_t>(kTaskMask);

// How long a worker keeps polling after a job before it sleeps: kernels of one program follow
// each other within microseconds, and a futex wake-up costs more than that.
constexpr auto kSpin = std::chrono::microseconds(300);

thread_local bool t_in_pool_task = false;

std::atomic<uint64_t> g_claim{0};

int DefaultThreads() {
  if (const char* env = std::getenv("JAXLIB_CPU_THREADS"); env && *env) {
    int n = std::atoi(env);
    if (n >= 1) return n;
  }
#ifdef __linux__
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n >= 1) return n;
  }
#endif
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

std::atomic<int> g_sleepers{0};
std::atomic<int64_t> g_unfinished{0};
ThreadPool::TaskFn g_fn = nullptr;
void* g_ctx = nullptr;

// Claims and runs tasks of the published job until none is left.
void DrainClaims() {
  for (;;) {
    uint64_t cur = g_claim.load(std::memory_order_acquire);
    uint64_t next = cur & kTaskMask, tasks = (cur >> kTaskBits) & kTaskMask;
    if (next >= tasks) return;
    if (!g_claim.compare_exchange_weak(cur, cur + 1, std::memory_order_acq_rel, std::memory_order_relaxed)) continue;
    g_fn(g_ctx, static_cast<int64_t>(next));
    g_unfinished.fetch_sub(1, std::memory_order_acq_rel);
  }
}

}  // namespace

ThreadPool& ThreadPool::Global() {
  static ThreadPool* pool = new ThreadPool(DefaultThreads());  // never destroyed: workers outlive statics
  return *pool;
}

ThreadPool::ThreadPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this, i] { WorkerLoop(i); });
}

ThreadPool::~ThreadPool() {
  stop_.store(true);
  generation_.fetch_add(1);
  generation_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void ThreadPool::WorkerLoop(int) {
  // Pool threads only ever run kernels: the kernels' denormal mode for life.
  SetDenormalsToZeroForThread();
  t_in_pool_task = true;
  uint32_t seen = generation_.load(std::memory_order_acquire);
  for (;;) {
    // Poll for a while, then sleep on the generation counter.
    auto start = std::chrono::steady_clock::now();
    uint32_t gen;
    for (int spins = 0;; ++spins) {
      gen = generation_.load(std::memory_order_acquire);
      if (gen != seen) break;
      JAXLIB_CPU_PAUSE();
      // On shared cores a polling worker must not keep the thread that will publish the next
      // job (or another process) off the CPU: offer the core now and then.
      if ((spins & 1023) == 1023) std::this_thread::yield();
      if ((spins & 63) == 63 && std::chrono::steady_clock::now() - start > kSpin) {
        g_sleepers.fetch_add(1, std::memory_order_seq_cst);
        gen = generation_.load(std::memory_order_seq_cst);
        if (gen == seen) generation_.wait(seen, std::memory_order_acquire);
        g_sleepers.fetch_sub(1, std::memory_order_relaxed);
        start = std::chrono::steady_clock::now();
        spins = 0;
      }
    }
    seen = gen;
    if (stop_.load(std::memory_order_acquire)) return;
    DrainClaims();
  }
}

void ThreadPool::Run(int64_t num_tasks, TaskFn fn, void* ctx) {
  if (num_tasks <= 0) return;
  if (workers_.empty() || num_tasks == 1 || num_tasks > kMaxTasksPerJob || t_in_pool_task || !busy_.try_lock()) {
    for (int64_t t = 0; t < num_tasks; ++t) fn(ctx, t);
    return;
  }
  static uint64_t job_generation = 0;  // guarded by busy_
  ++job_generation;
  g_fn = fn;
  g_ctx = ctx;
  g_unfinished.store(num_tasks, std::memory_order_relaxed);
  g_claim.store(((job_generation & 0xffffff) << (2 * kTaskBits)) | (static_cast<uint64_t>(num_tasks) << kTaskBits),
                std::memory_order_release);
  generation_.fetch_add(1, std::memory_order_seq_cst);
  if (g_sleepers.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
  t_in_pool_task = true;
  DrainClaims();
  t_in_pool_task = false;
  for (int spins = 0; g_unfinished.load(std::memory_order_acquire) != 0; ++spins) {
    JAXLIB_CPU_PAUSE();
    if (spins > 4096) std::this_thread::yield();
  }
  busy_.unlock();
}

}  // namespace jaxlib::cpu
