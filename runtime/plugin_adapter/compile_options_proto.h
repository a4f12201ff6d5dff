// Reads the few fields we need from a serialized xla.CompileOptionsProto and writes a
// DeviceAssignmentProto, with a hand-written protobuf wire-format codec (no protobuf
// dependency). Must never abort on hostile bytes: malformed input is an INVALID_ARGUMENT.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/support/status.h"

namespace jaxlib::plugin {

struct DecodedCompileOptions {
  // Missing or non-positive counts read as 1: XLA's plugins abort on 0, we never do.
  int num_replicas = 1;
  int num_partitions = 1;
  // ExecutableBuildOptionsProto.device_ordinal; -1 when unset.
  int64_t device_ordinal = -1;
  // Flattened [replica * num_partitions + partition] -> device id; empty when absent.
  std::vector<int64_t> device_assignment;
  // CompileOptionsProto.compile_portable_executable: run on a device chosen at execute time.
  bool compile_portable_executable = false;
};

// Empty input means "all defaults". Errors are INVALID_ARGUMENT.
StatusOr<DecodedCompileOptions> DecodeCompileOptionsProto(std::string_view bytes);

// The placement used when a caller gives no device assignment, numbered like XLA's
// ComputationPlacer (partition-major ids): [replica * num_partitions + partition] ->
// partition * num_replicas + replica.
std::vector<int> DefaultDeviceAssignment(int num_replicas, int num_partitions);

// Serializes xla.DeviceAssignmentProto for `assignment[replica * num_partitions + partition]`.
std::string EncodeDeviceAssignmentProto(int num_replicas, int num_partitions,
                                        std::span<const int> assignment);

}  // namespace jaxlib::plugin
