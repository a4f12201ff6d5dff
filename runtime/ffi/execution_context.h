// What an FFI handler can reach through its XLA_FFI_ExecutionContext: the host's user data of
// one execution (PJRT_ExecuteContext + PJRT_FFI_UserData_Add), the states a call site's
// instantiate/prepare/initialize stages set, and facts about the running device.
// Device-neutral; backends fill the context, the FFI API table (ffi_api.cc) reads it.
#pragma once

#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "runtime/ffi/xla_ffi_abi.h"
#include "runtime/support/status.h"

namespace jaxlib::ffi {

// User data keyed by type id. The host owns the pointed-to data (PJRT 0.115 user data has no
// deleter) and keeps it alive for the execution.
class UserData {
 public:
  // ALREADY_EXISTS when `type_id` is present; INVALID_ARGUMENT for id 0.
  Status Insert(int64_t type_id, void* data);
  // nullptr when absent.
  void* Find(int64_t type_id) const;
  bool empty() const { return entries_.empty(); }

 private:
  std::vector<std::pair<int64_t, void*>> entries_;
};

// States of one call site (one custom_call of one executable), one per stage. Set while the
// executable is built (instantiate) and read by every later execution; destroyed with the call
// site through the deleter registered for their type.
class StateSlots {
 public:
  StateSlots() = default;
  StateSlots(const StateSlots&) = delete;
  StateSlots& operator=(const StateSlots&) = delete;
  ~StateSlots();

  Status Set(XLA_FFI_ExecutionStage stage, int64_t type_id, void* state);
  StatusOr<void*> Get(XLA_FFI_ExecutionStage stage, int64_t type_id) const;

 private:
  struct Slot {
    XLA_FFI_ExecutionStage stage;
    int64_t type_id;
    void* state;
  };
  mutable std::mutex mu_;
  std::vector<Slot> slots_;
};

}  // namespace jaxlib::ffi

// The opaque context of one handler call. Lives on the caller's stack for that call.
struct XLA_FFI_ExecutionContext {
  int32_t device_ordinal = 0;
  int64_t run_id = 0;
  int64_t num_threads = 1;                          // what ThreadPool_NumThreads reports
  const jaxlib::ffi::UserData* user_data = nullptr;  // nullptr: the host passed none
  jaxlib::ffi::StateSlots* states = nullptr;         // the call site's states
};
