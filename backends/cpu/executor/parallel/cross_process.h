// What the CPU executor needs from the other processes of a multi-process job, without
// knowing how it is done (backends/cpu/multiprocess/ does it with MPI). Every call is a
// collective over `processes` (sorted process indices, this process included): each of them
// makes the same calls in the same order. A dead or unreachable peer is an error, never a hang.
#pragma once

#include <cstddef>
#include <vector>

#include "runtime/support/element_type.h"
#include "runtime/support/status.h"

namespace jaxlib::cpu {

enum class CrossProcessReduction { kSum, kProduct, kMin, kMax, kAnd, kOr, kXor };

class CrossProcessCollectives {
 public:
  virtual ~CrossProcessCollectives() = default;
  virtual int process_index() const = 0;

  // Every member's `send` (bytes_per_member[i] bytes from the i-th process of `processes`),
  // concatenated in that order into `recv`.
  virtual Status AllGather(const std::vector<int>& processes, const void* send,
                           const std::vector<size_t>& bytes_per_member, void* recv) = 0;
  // Elementwise reduction of every member's `count` elements at `data`, in place.
  // UNIMPLEMENTED for a type/reduction pair the engine lacks (callers then gather instead).
  virtual Status AllReduce(const std::vector<int>& processes, void* data, size_t count, ElementType type,
                           CrossProcessReduction reduction) = 0;
  virtual bool CanAllReduce(ElementType type, CrossProcessReduction reduction) const = 0;

  // Held for a whole execution that talks to other processes, so that two executions on
  // different threads cannot interleave their collectives differently in different processes.
  virtual void LockExecution() = 0;
  virtual void UnlockExecution() = 0;
};

}  // namespace jaxlib::cpu
