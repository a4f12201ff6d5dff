// A minimal protobuf wire-format writer for the few CompileOptionsProto fields we set.
// Field numbers: xla/pjrt/proto/compile_options.proto and xla_data.proto (PJRT_NOTES §2).
#include "runtime/pjrt_host/compile_options.h"

namespace jaxlib::host {
namespace {

enum WireType : uint32_t { kVarint = 0, kLengthDelimited = 2 };

void PutVarint(std::string* out, uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

void PutTag(std::string* out, uint32_t field, WireType type) { PutVarint(out, (field << 3) | type); }

// int32/int64 fields are encoded as (sign-extended) 64-bit varints.
void PutIntField(std::string* out, uint32_t field, int64_t v) {
  PutTag(out, field, kVarint);
  PutVarint(out, static_cast<uint64_t>(v));
}

void PutBytesField(std::string* out, uint32_t field, const std::string& bytes) {
  PutTag(out, field, kLengthDelimited);
  PutVarint(out, bytes.size());
  out->append(bytes);
}

// DeviceAssignmentProto: replica_count 1, computation_count 2,
// computation_devices 3 { replica_device_ids 1 (packed int64) }.
std::string EncodeDeviceAssignment(const std::vector<std::vector<int64_t>>& assignment) {
  std::string out;
  int64_t replicas = static_cast<int64_t>(assignment.size());
  int64_t computations = replicas == 0 ? 0 : static_cast<int64_t>(assignment[0].size());
  PutIntField(&out, 1, replicas);
  PutIntField(&out, 2, computations);
  for (int64_t c = 0; c < computations; ++c) {
    std::string ids;
    for (int64_t r = 0; r < replicas; ++r) PutVarint(&ids, static_cast<uint64_t>(assignment[r][c]));
    std::string computation;
    PutBytesField(&computation, 1, ids);
    PutBytesField(&out, 3, computation);
  }
  return out;
}

}  // namespace

std::string SerializeCompileOptions(const CompileOptions& options) {
  // ExecutableBuildOptionsProto: device_ordinal 1, num_replicas 4, num_partitions 5,
  // use_spmd_partitioning 6, device_assignment 9.
  std::string build;
  if (options.device_ordinal >= 0) PutIntField(&build, 1, options.device_ordinal);
  PutIntField(&build, 4, options.num_replicas > 0 ? options.num_replicas : 1);
  PutIntField(&build, 5, options.num_partitions > 0 ? options.num_partitions : 1);
  if (options.use_spmd_partitioning) PutIntField(&build, 6, 1);
  if (!options.device_assignment.empty()) {
    PutBytesField(&build, 9, EncodeDeviceAssignment(options.device_assignment));
  }
  // CompileOptionsProto: executable_build_options 3, compile_portable_executable 4.
  std::string out;
  PutBytesField(&out, 3, build);
  if (options.compile_portable_executable) PutIntField(&out, 4, 1);
  return out;
}

}  // namespace jaxlib::host
