// JobStore (job_store.h): a deadline on every read, and one message for a peer that never came.
#include "backends/cpu/multiprocess/job_store.h"

namespace jaxlib::cpu {

StatusOr<std::string> JobStore::Get(const std::string& key, const std::string& waiting_for) const {
  StatusOr<std::string> value = context_.kv_get(prefix_ + key, timeout_ms_);
  if (value.ok()) return value;
  const Status& st = value.status();
  if (st.code() == StatusCode::kDeadlineExceeded || st.code() == StatusCode::kNotFound) {
    return Status(StatusCode::kDeadlineExceeded,
                  "process " + std::to_string(node_id()) + " of the multi-process job waited " +
                      std::to_string(timeout_ms_ / 1000) + " s for " + waiting_for +
                      ". Check that every process was started with the same number of processes (this one: " +
                      std::to_string(num_nodes()) + ") and the same coordinator address, and that none exited (" +
                      st.message() + ")");
  }
  return Status(st.code(), "multi-process bootstrap: " + st.message());
}

}  // namespace jaxlib::cpu
