// UserData and StateSlots: tiny linear maps (a call sees a handful of entries at most).
#include "runtime/ffi/execution_context.h"

#include <string>

#include "runtime/ffi/ffi_registry.h"

namespace jaxlib::ffi {

Status UserData::Insert(int64_t type_id, void* data) {
  if (type_id == 0) return InvalidArgument("FFI user data needs a non-zero type id");
  for (const auto& [id, unused] : entries_) {
    if (id == type_id)
      return Status(StatusCode::kAlreadyExists,
                    "FFI user data with type id " + std::to_string(type_id) + " is already in the execute context");
  }
  entries_.emplace_back(type_id, data);
  return Status::Ok();
}

void* UserData::Find(int64_t type_id) const {
  for (const auto& [id, data] : entries_)
    if (id == type_id) return data;
  return nullptr;
}

StateSlots::~StateSlots() {
  for (const Slot& slot : slots_) {
    if (auto deleter = TypeDeleter(slot.type_id); deleter != nullptr && slot.state != nullptr) deleter(slot.state);
  }
}

Status StateSlots::Set(XLA_FFI_ExecutionStage stage, int64_t type_id, void* state) {
  std::lock_guard<std::mutex> lock(mu_);
  for (const Slot& slot : slots_) {
    if (slot.stage == stage)
      return Status(StatusCode::kAlreadyExists,
                    "an FFI state for execution stage " + std::to_string(static_cast<int>(stage)) + " is already set");
  }
  slots_.push_back(Slot{stage, type_id, state});
  return Status::Ok();
}

StatusOr<void*> StateSlots::Get(XLA_FFI_ExecutionStage stage, int64_t type_id) const {
  std::lock_guard<std::mutex> lock(mu_);
  for (const Slot& slot : slots_) {
    if (slot.stage != stage) continue;
    if (slot.type_id != type_id)
      return InvalidArgument("the FFI state of execution stage " + std::to_string(static_cast<int>(stage)) +
                             " has type id " + std::to_string(slot.type_id) + ", not " + std::to_string(type_id));
    return slot.state;
  }
  return NotFound("no FFI state was set for execution stage " + std::to_string(static_cast<int>(stage)) +
                  " (the handler has no instantiate stage, or it returned no state)");
}

}  // namespace jaxlib::ffi
