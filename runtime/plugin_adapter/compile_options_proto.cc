// Protobuf wire-format codec for the CompileOptionsProto fields the adapter needs. Field
// numbers are from xla/pjrt/proto/compile_options.proto and xla/xla_data.proto; every other
// field is skipped, so newer callers' options parse as long as the bytes are well formed.
#include "runtime/plugin_adapter/compile_options_proto.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>

namespace jaxlib::plugin {
namespace {

enum WireType : int { kVarint = 0, kFixed64 = 1, kLengthDelimited = 2, kFixed32 = 5 };

// A bounds-checked cursor over protobuf bytes. Every method returns false on malformed input
// instead of reading past the end.
class WireReader {
 public:
  explicit WireReader(std::string_view data) : data_(data) {}

  bool done() const { return pos_ >= data_.size(); }

  bool ReadVarint(uint64_t* value) {
    uint64_t result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (pos_ >= data_.size()) return false;
      uint8_t byte = static_cast<uint8_t>(data_[pos_++]);
      result |= static_cast<uint64_t>(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) {
        *value = result;
        return true;
      }
    }
    return false;  // more than 10 bytes: not a varint
  }

  bool ReadTag(uint32_t* field, int* wire_type) {
    uint64_t tag = 0;
    if (!ReadVarint(&tag)) return false;
    *field = static_cast<uint32_t>(tag >> 3);
    *wire_type = static_cast<int>(tag & 7);
    return *field != 0 && tag <= std::numeric_limits<uint32_t>::max();
  }

  bool ReadBytes(std::string_view* out) {
    uint64_t size = 0;
    if (!ReadVarint(&size) || size > data_.size() - pos_) return false;
    *out = data_.substr(pos_, size);
    pos_ += size;
    return true;
  }

  bool ReadFixed64(uint64_t* value) {
    if (8 > data_.size() - pos_) return false;
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(data_[pos_ + i]);
    pos_ += 8;
    *value = v;
    return true;
  }

  bool Skip(int wire_type) {
    switch (wire_type) {
      case kVarint: {
        uint64_t ignored;
        return ReadVarint(&ignored);
      }
      case kFixed64: return Advance(8);
      case kFixed32: return Advance(4);
      case kLengthDelimited: {
        std::string_view ignored;
        return ReadBytes(&ignored);
      }
      default: return false;  // groups (3, 4) are not used by these protos; 6, 7 do not exist
    }
  }

 private:
  bool Advance(size_t n) {
    if (n > data_.size() - pos_) return false;
    pos_ += n;
    return true;
  }

  std::string_view data_;
  size_t pos_ = 0;
};

// Repeated int64, packed (wire type 2) or not (wire type 0): proto3 writers pack, but parsers
// must accept both.
bool ReadRepeatedInt64(WireReader& reader, int wire_type, std::vector<int64_t>* out) {
  if (wire_type == kVarint) {
    uint64_t v = 0;
    if (!reader.ReadVarint(&v)) return false;
    out->push_back(static_cast<int64_t>(v));
    return true;
  }
  if (wire_type != kLengthDelimited) return false;
  std::string_view packed;
  if (!reader.ReadBytes(&packed)) return false;
  WireReader inner(packed);
  while (!inner.done()) {
    uint64_t v = 0;
    if (!inner.ReadVarint(&v)) return false;
    out->push_back(static_cast<int64_t>(v));
  }
  return true;
}

struct RawDeviceAssignment {
  bool present = false;
  int64_t replica_count = 0;
  int64_t computation_count = 0;
  std::vector<std::vector<int64_t>> computation_devices;
};

struct RawBuildOptions {
  int64_t device_ordinal = -1;
  int64_t num_replicas = 0;
  int64_t num_partitions = 0;
  RawDeviceAssignment device_assignment;
};

bool ParseDeviceAssignment(std::string_view bytes, RawDeviceAssignment* da) {
  da->present = true;
  WireReader reader(bytes);
  while (!reader.done()) {
    uint32_t field = 0;
    int wire_type = 0;
    if (!reader.ReadTag(&field, &wire_type)) return false;
    uint64_t v = 0;
    if (field == 1 && wire_type == kVarint) {
      if (!reader.ReadVarint(&v)) return false;
      da->replica_count = static_cast<int64_t>(v);
    } else if (field == 2 && wire_type == kVarint) {
      if (!reader.ReadVarint(&v)) return false;
      da->computation_count = static_cast<int64_t>(v);
    } else if (field == 3 && wire_type == kLengthDelimited) {
      std::string_view computation;
      if (!reader.ReadBytes(&computation)) return false;
      std::vector<int64_t>& ids = da->computation_devices.emplace_back();
      WireReader inner(computation);
      while (!inner.done()) {
        uint32_t inner_field = 0;
        int inner_wire = 0;
        if (!inner.ReadTag(&inner_field, &inner_wire)) return false;
        if (inner_field == 1) {
          if (!ReadRepeatedInt64(inner, inner_wire, &ids)) return false;
        } else if (!inner.Skip(inner_wire)) {
          return false;
        }
      }
    } else if (!reader.Skip(wire_type)) {
      return false;
    }
  }
  return true;
}

bool ParseBuildOptions(std::string_view bytes, RawBuildOptions* options) {
  WireReader reader(bytes);
  while (!reader.done()) {
    uint32_t field = 0;
    int wire_type = 0;
    if (!reader.ReadTag(&field, &wire_type)) return false;
    uint64_t v = 0;
    if (field == 1 && wire_type == kVarint) {
      if (!reader.ReadVarint(&v)) return false;
      options->device_ordinal = static_cast<int64_t>(v);
    } else if (field == 4 && wire_type == kVarint) {
      if (!reader.ReadVarint(&v)) return false;
      options->num_replicas = static_cast<int64_t>(v);
    } else if (field == 5 && wire_type == kVarint) {
      if (!reader.ReadVarint(&v)) return false;
      options->num_partitions = static_cast<int64_t>(v);
    } else if (field == 9 && wire_type == kLengthDelimited) {
      std::string_view da;
      if (!reader.ReadBytes(&da) || !ParseDeviceAssignment(da, &options->device_assignment)) {
        return false;
      }
    } else if (!reader.Skip(wire_type)) {
      return false;
    }
  }
  return true;
}


// ---------------------------------------------------------------- env_option_overrides
// `jit(..., compiler_options=...)` arrives as CompileOptionsProto.env_option_overrides (field
// 7, map<string, OptionOverrideProto>). XLA's plugins apply each entry to a DebugOptions field
// of the same name and refuse a name that is not one, or a value of the wrong kind; we check
// the same way against the field list of the jaxlib JAX pairs with us, and then ignore the
// values (they tune XLA's own passes, which we do not run).

enum class OptionKind { kBool, kInt, kFloat, kString, kOther };

struct DebugOptionField {
  std::string_view name;
  OptionKind kind;
};

constexpr DebugOptionField kDebugOptionFields[] = {
#include "runtime/plugin_adapter/xla_debug_options.inc"
};

const DebugOptionField* FindDebugOption(std::string_view name) {
  auto it = std::lower_bound(std::begin(kDebugOptionFields), std::end(kDebugOptionFields), name,
                             [](const DebugOptionField& f, std::string_view n) { return f.name < n; });
  return it != std::end(kDebugOptionFields) && it->name == name ? &*it : nullptr;
}

std::string_view KindName(OptionKind kind) {
  switch (kind) {
    case OptionKind::kBool: return "bool";
    case OptionKind::kInt: return "integer";
    case OptionKind::kFloat: return "float";
    case OptionKind::kString: return "string";
    case OptionKind::kOther: return "enum or list";
  }
  return "?";
}

// One OptionOverrideProto: string_field = 1, bool_field = 2, int_field = 3, double_field = 4.
struct OptionValue {
  enum class Which { kNone, kString, kBool, kInt, kDouble } which = Which::kNone;
  std::string_view text;
  uint64_t bits = 0;

  std::string ToString() const {
    switch (which) {
      case Which::kString: return std::string(text);
      case Which::kBool: return bits ? "1" : "0";
      case Which::kInt: return std::to_string(static_cast<int64_t>(bits));
      case Which::kDouble: {
        double d;
        std::memcpy(&d, &bits, sizeof d);
        return std::to_string(d);
      }
      case Which::kNone: break;
    }
    return "";
  }
};

bool ParseOptionValue(std::string_view bytes, OptionValue* value) {
  WireReader reader(bytes);
  while (!reader.done()) {
    uint32_t field = 0;
    int wire_type = 0;
    if (!reader.ReadTag(&field, &wire_type)) return false;
    if (field == 1 && wire_type == kLengthDelimited) {
      if (!reader.ReadBytes(&value->text)) return false;
      value->which = OptionValue::Which::kString;
    } else if ((field == 2 || field == 3) && wire_type == kVarint) {
      if (!reader.ReadVarint(&value->bits)) return false;
      value->which = field == 2 ? OptionValue::Which::kBool : OptionValue::Which::kInt;
    } else if (field == 4 && wire_type == kFixed64) {
      if (!reader.ReadFixed64(&value->bits)) return false;
      value->which = OptionValue::Which::kDouble;
    } else if (!reader.Skip(wire_type)) {
      return false;
    }
  }
  return true;
}

// The whole text is one number (strtoll/strtod: std::from_chars for floating point is missing
// from older libc++).
bool ParsesAsNumber(std::string_view text, bool integer) {
  if (text.empty()) return false;
  const std::string copy(text);
  char* end = nullptr;
  if (integer) {
    (void)std::strtoll(copy.c_str(), &end, 10);
  } else {
    (void)std::strtod(copy.c_str(), &end);
  }
  return end == copy.c_str() + copy.size();
}

// XLA's rule: a typed value must match the field's kind; a string is parsed as that kind
// ("True"/"False" for bools).
bool ValueFits(OptionKind kind, const OptionValue& v) {
  using W = OptionValue::Which;
  if (v.which == W::kString) {
    switch (kind) {
      case OptionKind::kBool: return v.text == "True" || v.text == "False";
      case OptionKind::kInt: return ParsesAsNumber(v.text, /*integer=*/true);
      case OptionKind::kFloat: return ParsesAsNumber(v.text, /*integer=*/false);
      case OptionKind::kString:
      case OptionKind::kOther: return true;
    }
  }
  switch (kind) {
    case OptionKind::kBool: return v.which == W::kBool;
    case OptionKind::kInt: return v.which == W::kInt;
    case OptionKind::kFloat: return v.which == W::kDouble;
    case OptionKind::kString:
    case OptionKind::kOther: return false;
  }
  return false;
}

Status CheckOptionOverride(std::string_view entry) {
  const Status malformed = InvalidArgument("failed to deserialize CompileOptionsProto");
  std::string_view key;
  OptionValue value;
  WireReader reader(entry);
  while (!reader.done()) {
    uint32_t field = 0;
    int wire_type = 0;
    if (!reader.ReadTag(&field, &wire_type)) return malformed;
    if (field == 1 && wire_type == kLengthDelimited) {
      if (!reader.ReadBytes(&key)) return malformed;
    } else if (field == 2 && wire_type == kLengthDelimited) {
      std::string_view nested;
      if (!reader.ReadBytes(&nested) || !ParseOptionValue(nested, &value)) return malformed;
    } else if (!reader.Skip(wire_type)) {
      return malformed;
    }
  }
  const DebugOptionField* option = FindDebugOption(key);
  if (option == nullptr) return InvalidArgument("No such compile option: '" + std::string(key) + "'");
  if (value.which == OptionValue::Which::kNone) {
    return InvalidArgument("compile option '" + std::string(key) + "' has no value");
  }
  if (!ValueFits(option->kind, value)) {
    return InvalidArgument("While setting option " + std::string(key) + ", '" + value.ToString() +
                           "' is not a valid " + std::string(KindName(option->kind)) + " value.");
  }
  return Status::Ok();
}

constexpr int64_t kMaxCount = 1 << 20;  // far above any device count; keeps products in int

// A count field that is missing (0) or nonsensical (negative) means 1, like XLA's C++ defaults.
int EffectiveCount(int64_t raw) { return raw <= 0 ? 1 : static_cast<int>(raw); }

void WriteVarint(std::string& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

void WriteTag(std::string& out, uint32_t field, int wire_type) {
  WriteVarint(out, (static_cast<uint64_t>(field) << 3) | static_cast<uint64_t>(wire_type));
}

void WriteBytesField(std::string& out, uint32_t field, std::string_view bytes) {
  WriteTag(out, field, kLengthDelimited);
  WriteVarint(out, bytes.size());
  out.append(bytes);
}

}  // namespace

StatusOr<DecodedCompileOptions> DecodeCompileOptionsProto(std::string_view bytes) {
  const Status malformed = InvalidArgument("failed to deserialize CompileOptionsProto");
  RawBuildOptions build;
  bool portable = false;
  WireReader reader(bytes);
  while (!reader.done()) {
    uint32_t field = 0;
    int wire_type = 0;
    if (!reader.ReadTag(&field, &wire_type)) return malformed;
    if (field == 3 && wire_type == kLengthDelimited) {
      // A repeated occurrence of a message field merges into the first, as protobuf does.
      std::string_view nested;
      if (!reader.ReadBytes(&nested) || !ParseBuildOptions(nested, &build)) return malformed;
    } else if (field == 4 && wire_type == kVarint) {
      uint64_t v = 0;
      if (!reader.ReadVarint(&v)) return malformed;
      portable = v != 0;
    } else if (field == 7 && wire_type == kLengthDelimited) {
      std::string_view entry;
      if (!reader.ReadBytes(&entry)) return malformed;
      if (Status s = CheckOptionOverride(entry); !s.ok()) return s;
    } else if (!reader.Skip(wire_type)) {
      return malformed;
    }
  }

  if (build.num_replicas > kMaxCount || build.num_partitions > kMaxCount) {
    return InvalidArgument("CompileOptionsProto asks for " + std::to_string(build.num_replicas) +
                           " replicas and " + std::to_string(build.num_partitions) +
                           " partitions; that is more than any client has devices");
  }
  DecodedCompileOptions out;
  out.device_ordinal = build.device_ordinal;
  out.compile_portable_executable = portable;

  const RawDeviceAssignment& da = build.device_assignment;
  bool has_assignment = da.present && (da.replica_count > 0 || da.computation_count > 0 ||
                                       !da.computation_devices.empty());
  if (!has_assignment) {
    out.num_replicas = EffectiveCount(build.num_replicas);
    out.num_partitions = EffectiveCount(build.num_partitions);
    return out;
  }

  // A device assignment is [computation][replica]; an unset count in the build options takes
  // its value from the assignment, a set one must agree with it.
  int64_t replicas = da.replica_count;
  int64_t computations = da.computation_count;
  auto shape_text = [&] {
    return std::to_string(replicas) + " replicas x " + std::to_string(computations) + " partitions";
  };
  if (replicas <= 0 || computations <= 0 || replicas > kMaxCount || computations > kMaxCount) {
    return InvalidArgument("device_assignment in CompileOptionsProto has " + shape_text());
  }
  if (static_cast<int64_t>(da.computation_devices.size()) != computations) {
    return InvalidArgument("device_assignment in CompileOptionsProto declares " + shape_text() +
                           " but lists " + std::to_string(da.computation_devices.size()) +
                           " computations");
  }
  for (size_t c = 0; c < da.computation_devices.size(); ++c) {
    if (static_cast<int64_t>(da.computation_devices[c].size()) != replicas) {
      return InvalidArgument("device_assignment in CompileOptionsProto declares " + shape_text() +
                             " but computation " + std::to_string(c) + " lists " +
                             std::to_string(da.computation_devices[c].size()) + " devices");
    }
  }
  if ((build.num_replicas > 0 && build.num_replicas != replicas) ||
      (build.num_partitions > 0 && build.num_partitions != computations)) {
    return InvalidArgument("device_assignment in CompileOptionsProto is " + shape_text() +
                           " but num_replicas=" + std::to_string(build.num_replicas) +
                           " and num_partitions=" + std::to_string(build.num_partitions));
  }
  out.num_replicas = static_cast<int>(replicas);
  out.num_partitions = static_cast<int>(computations);
  out.device_assignment.resize(static_cast<size_t>(replicas * computations));
  for (int64_t r = 0; r < replicas; ++r) {
    for (int64_t p = 0; p < computations; ++p) {
      out.device_assignment[r * computations + p] = da.computation_devices[p][r];
    }
  }
  return out;
}

std::vector<int> DefaultDeviceAssignment(int num_replicas, int num_partitions) {
  std::vector<int> assignment(static_cast<size_t>(num_replicas) * num_partitions);
  for (int r = 0; r < num_replicas; ++r) {
    for (int p = 0; p < num_partitions; ++p) {
      assignment[static_cast<size_t>(r) * num_partitions + p] = p * num_replicas + r;
    }
  }
  return assignment;
}

std::string EncodeDeviceAssignmentProto(int num_replicas, int num_partitions,
                                        std::span<const int> assignment) {
  std::string out;
  WriteTag(out, 1, kVarint);
  WriteVarint(out, static_cast<uint64_t>(num_replicas));
  WriteTag(out, 2, kVarint);
  WriteVarint(out, static_cast<uint64_t>(num_partitions));
  for (int p = 0; p < num_partitions; ++p) {
    std::string packed;
    for (int r = 0; r < num_replicas; ++r) {
      size_t index = static_cast<size_t>(r) * num_partitions + p;
      int64_t id = index < assignment.size() ? assignment[index] : -1;
      WriteVarint(packed, static_cast<uint64_t>(id));
    }
    std::string computation;
    WriteBytesField(computation, 1, packed);
    WriteBytesField(out, 3, computation);
  }
  return out;
}

}  // namespace jaxlib::plugin
