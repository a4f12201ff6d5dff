// Encodes xla.CompileOptionsProto by hand (no protobuf dependency). Plugins abort on empty
// or zero replica/partition counts, so the encoding always carries both.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace jaxlib::host {

struct CompileOptions {
  int num_replicas = 1;
  int num_partitions = 1;
  // device_assignment[replica][partition] = device id; empty means "let the plugin choose".
  std::vector<std::vector<int64_t>> device_assignment;
  bool compile_portable_executable = false;
  bool use_spmd_partitioning = false;
  // Unset (-1) leaves the proto default.
  int64_t device_ordinal = -1;
};

// Serialized CompileOptionsProto. Never empty.
std::string SerializeCompileOptions(const CompileOptions& options);

}  // namespace jaxlib::host
