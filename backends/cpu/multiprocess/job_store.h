// The multi-process job's key-value store as the CPU backend uses it: the host's callbacks
// (plugin::DistributedContext) under one key prefix per client, with our deadlines. Every
// bootstrap exchange (topology, MPI's PMI, liveness addresses) goes through it.
#pragma once

#include <cstdint>
#include <string>

#include "runtime/plugin_adapter/backend.h"

namespace jaxlib::cpu {

class JobStore {
 public:
  JobStore(plugin::DistributedContext context, std::string prefix, int64_t timeout_ms)
      : context_(std::move(context)), prefix_(std::move(prefix)), timeout_ms_(timeout_ms) {}

  int node_id() const { return context_.node_id; }
  int num_nodes() const { return context_.num_nodes; }
  int64_t timeout_ms() const { return timeout_ms_; }

  Status Put(const std::string& key, const std::string& value) const { return context_.kv_put(prefix_ + key, value); }
  // Waits up to the store's timeout; `waiting_for` completes the message when it expires.
  StatusOr<std::string> Get(const std::string& key, const std::string& waiting_for) const;

 private:
  plugin::DistributedContext context_;
  std::string prefix_;
  int64_t timeout_ms_;
};

}  // namespace jaxlib::cpu
