// Client_Compile, PJRT_Executable_* and PJRT_LoadedExecutable_* entry points. Decides device
// placement from CompileOptionsProto and checks every Execute argument (count, shape, dtype,
// device, deleted) before the backend sees it, so backends may trust their inputs. Output
// metadata is computed once per PJRT_Executable handle and owned by it, as the C API requires.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/compile_options_proto.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin {
namespace {

constexpr char kMlirFormat[] = "mlir";

std::string Prefixed(const char* entry, const std::string& message) {
  return std::string(entry) + ": " + message;
}

// The devices of [replica * num_partitions + partition]. Device assignments name global ids
// (in a multi-process job some belong to other processes); a portable executable's device
// ordinal and the default placement count this client's devices.
StatusOr<std::vector<PJRT_Device*>> ResolveDevices(const DecodedCompileOptions& options, const PJRT_Client& client) {
  const int64_t needed = static_cast<int64_t>(options.num_replicas) * options.num_partitions;
  const size_t local_count = client.devices.size();
  auto local = [&](int64_t ordinal, const char* source) -> StatusOr<PJRT_Device*> {
    if (ordinal < 0 || ordinal >= static_cast<int64_t>(local_count)) {
      return InvalidArgument(std::string(source) + " names device " + std::to_string(ordinal) +
                             " but the client has devices 0.." + std::to_string(local_count - 1));
    }
    return client.devices[static_cast<size_t>(ordinal)];
  };
  auto by_id = [&](int64_t id, const char* source) -> StatusOr<PJRT_Device*> {
    for (PJRT_Device* device : client.all_devices) {
      if (device->description.id == id) return device;
    }
    std::string ids;
    for (PJRT_Device* device : client.all_devices) ids += (ids.empty() ? "" : ", ") + std::to_string(device->description.id);
    return InvalidArgument(std::string(source) + " names device " + std::to_string(id) +
                           " but the job's devices are " + ids);
  };
  if (options.compile_portable_executable) {
    if (needed != 1) {
      return InvalidArgument("compile_portable_executable needs 1 replica and 1 partition, got " +
                             std::to_string(options.num_replicas) + " x " +
                             std::to_string(options.num_partitions));
    }
    JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device,
                            local(options.device_ordinal >= 0 ? options.device_ordinal : 0, "device_ordinal"));
    return std::vector<PJRT_Device*>{device};
  }
  if (!options.device_assignment.empty()) {
    std::set<int64_t> seen;
    std::vector<PJRT_Device*> devices;
    for (int64_t id : options.device_assignment) {
      JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, by_id(id, "device_assignment"));
      if (!seen.insert(id).second) {
        return InvalidArgument("device_assignment uses device " + std::to_string(id) + " twice");
      }
      devices.push_back(device);
    }
    return devices;
  }
  if (needed > static_cast<int64_t>(client.all_devices.size())) {
    return InvalidArgument("the program needs " + std::to_string(needed) + " devices (" +
                           std::to_string(options.num_replicas) + " replicas x " +
                           std::to_string(options.num_partitions) + " partitions) but the client has " +
                           std::to_string(client.all_devices.size()));
  }
  if (needed == 1 && options.device_ordinal >= 0) {
    JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, local(options.device_ordinal, "device_ordinal"));
    return std::vector<PJRT_Device*>{device};
  }
  std::vector<PJRT_Device*> devices;
  for (int id : DefaultDeviceAssignment(options.num_replicas, options.num_partitions)) {
    JAXLIB_ASSIGN_OR_RETURN(PJRT_Device* device, by_id(id, "the default device assignment"));
    devices.push_back(device);
  }
  return devices;
}

// Per output, the index into every device's `memories` of the kind the program asks for; an
// unknown kind is the program's error (INVALID_ARGUMENT), found at compile time.
StatusOr<std::vector<size_t>> ResolveOutputMemories(const Executable& executable, const PJRT_Client& client) {
  const size_t num_outputs = executable.result_shapes().size();
  std::vector<std::string> kinds = executable.output_memory_kinds();
  std::vector<size_t> indices(num_outputs, 0);
  if (kinds.empty()) return indices;
  if (kinds.size() != num_outputs) {
    return Internal("the backend reports " + std::to_string(kinds.size()) + " output memory kinds for " +
                    std::to_string(num_outputs) + " outputs");
  }
  for (size_t o = 0; o < num_outputs; ++o) {
    auto it = std::find(client.memory_kinds.begin(), client.memory_kinds.end(), kinds[o]);
    if (it == client.memory_kinds.end()) {
      std::string known;
      for (const std::string& k : client.memory_kinds) known += (known.empty() ? "" : ", ") + k;
      return InvalidArgument("result " + std::to_string(o) + " asks for memory kind '" + kinds[o] +
                             "' but " + client.platform_name + " devices have: " + known);
    }
    indices[o] = static_cast<size_t>(it - client.memory_kinds.begin());
  }
  return indices;
}

std::unique_ptr<PJRT_Executable> MakeExecutableHandle(const PJRT_LoadedExecutable& loaded) {
  auto handle = std::make_unique<PJRT_Executable>();
  const std::shared_ptr<Executable>& executable = loaded.executable;
  handle->name = std::string(executable->name());
  handle->fingerprint = executable->fingerprint();
  handle->num_replicas = executable->num_replicas();
  handle->num_partitions = executable->num_partitions();
  handle->source = loaded.source;
  const std::vector<std::string>& kinds = loaded.client->memory_kinds;
  for (size_t o = 0; o < executable->result_shapes().size(); ++o) {
    const ArrayShape& shape = executable->result_shapes()[o];
    handle->output_types.push_back(ToPjrtBufferType(shape.type));
    handle->output_dims.insert(handle->output_dims.end(), shape.dims.begin(), shape.dims.end());
    handle->output_dim_sizes.push_back(shape.dims.size());
    handle->output_memory_kind_names.push_back(kinds[loaded.output_memory_index[o]]);
  }
  // Pointers last: the names vector no longer grows.
  for (const std::string& kind : handle->output_memory_kind_names) {
    handle->output_memory_kinds.push_back(kind.c_str());
    handle->output_memory_kind_sizes.push_back(kind.size());
  }
  handle->executable = executable;
  return handle;
}

// Compiles `code` for `client` (Client_Compile and DeserializeAndLoad share this). Errors are
// prefixed with `entry`.
StatusOr<std::unique_ptr<PJRT_LoadedExecutable>> CompileAndLoad(const char* entry, PJRT_Client* client,
                                                                 const std::string& format,
                                                                 std::string_view code,
                                                                 std::string_view option_bytes) {
  if (format != kMlirFormat) {
    if (format == "hlo" || format == "hlo_with_config") {
      return Unimplemented(Prefixed(entry, "program format '" + format +
                                               "' (HloModuleProto) is not supported by this plugin; "
                                               "send StableHLO with format 'mlir'"));
    }
    return InvalidArgument("Unknown program format '" + format + "'.");
  }
  StatusOr<DecodedCompileOptions> decoded = DecodeCompileOptionsProto(option_bytes);
  if (!decoded.ok()) return Status(decoded.status().code(), Prefixed(entry, decoded.status().message()));
  StatusOr<std::vector<PJRT_Device*>> devices = ResolveDevices(*decoded, *client);
  if (!devices.ok()) return Status(devices.status().code(), Prefixed(entry, devices.status().message()));

  CompileOptions options;
  options.num_replicas = decoded->num_replicas;
  options.num_partitions = decoded->num_partitions;
  bool all_local = true;
  for (PJRT_Device* device : *devices) {
    options.device_assignment.push_back(device->ordinal);  // -1 for another process's device
    options.device_processes.push_back(device->description.process_index);
    all_local = all_local && device->addressable;
  }
  if (all_local) options.device_processes.clear();
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Executable> compiled, client->backend->Compile(code, options));
  if (compiled == nullptr) return Internal(Prefixed(entry, "the backend returned no executable"));
  StatusOr<std::vector<size_t>> memories = ResolveOutputMemories(*compiled, *client);
  if (!memories.ok()) return Status(memories.status().code(), Prefixed(entry, memories.status().message()));

  auto loaded = std::make_unique<PJRT_LoadedExecutable>();
  loaded->client = client->shared_from_this();
  loaded->fingerprint = compiled->fingerprint();
  loaded->executable = std::shared_ptr<Executable>(std::move(compiled));
  loaded->source = std::make_shared<const ProgramSource>(ProgramSource{format, std::string(option_bytes)});
  loaded->output_memory_index = std::move(memories).value();
  // The host executes with argument lists for this process's devices only, in assignment order.
  for (PJRT_Device* device : *devices) {
    loaded->assignment_ids.push_back(device->description.id);
    if (!device->addressable) continue;
    loaded->device_ordinals.push_back(device->ordinal);
    loaded->devices.push_back(device);
  }
  loaded->portable = decoded->compile_portable_executable;
  return loaded;
}

// ---- Serialized executables (our own format; see ExecutableSerialize) ----

constexpr char kSerializedMagic[] = "jaxlib-pjrt-executable";  // with its NUL: 23 bytes
constexpr uint32_t kSerializedFormatVersion = 1;

void AppendU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void AppendU64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void AppendField(std::string& out, std::string_view field) {
  AppendU64(out, field.size());
  out.append(field.data(), field.size());
}

// FNV-1a: enough to tell a damaged cache file from a good one (not a security check).
uint64_t Checksum(std::string_view bytes) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : bytes) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

class SerializedReader {
 public:
  explicit SerializedReader(std::string_view bytes) : rest_(bytes) {}
  bool U32(uint32_t* v) {
    if (rest_.size() < 4) return false;
    *v = 0;
    for (int i = 0; i < 4; ++i) *v |= static_cast<uint32_t>(static_cast<unsigned char>(rest_[i])) << (8 * i);
    rest_.remove_prefix(4);
    return true;
  }
  bool U64(uint64_t* v) {
    if (rest_.size() < 8) return false;
    *v = 0;
    for (int i = 0; i < 8; ++i) *v |= static_cast<uint64_t>(static_cast<unsigned char>(rest_[i])) << (8 * i);
    rest_.remove_prefix(8);
    return true;
  }
  bool Field(std::string_view* field) {
    uint64_t size = 0;
    if (!U64(&size) || size > rest_.size()) return false;
    *field = rest_.substr(0, size);
    rest_.remove_prefix(size);
    return true;
  }
  bool done() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

struct SerializedProgram {
  std::string_view format;
  std::string_view code;
  std::string_view compile_options;
};

// Checks everything about `bytes` before any of it is used: our magic, our format version,
// the checksum, and that the same backend and version wrote it.
StatusOr<SerializedProgram> ParseSerialized(std::string_view bytes) {
  static constexpr char kEntry[] = "PJRT_Executable_DeserializeAndLoad";
  const BuildInfo& build = ActivePlugin().build_info;
  const std::string_view magic(kSerializedMagic, sizeof(kSerializedMagic));
  if (bytes.size() < magic.size() || bytes.substr(0, magic.size()) != magic) {
    return InvalidArgument(Prefixed(kEntry, "the bytes are not an executable serialized by a jaxlib plugin "
                                            "(no 'jaxlib-pjrt-executable' header)"));
  }
  SerializedReader reader(bytes.substr(magic.size()));
  uint32_t format_version = 0;
  if (!reader.U32(&format_version)) return InvalidArgument(Prefixed(kEntry, "the serialized executable is truncated"));
  if (format_version != kSerializedFormatVersion) {
    return InvalidArgument(Prefixed(kEntry, "the executable was serialized in format version " +
                                                std::to_string(format_version) + "; this plugin reads version " +
                                                std::to_string(kSerializedFormatVersion) + ". Compile it again"));
  }
  if (bytes.size() < magic.size() + 4 + 8) {
    return InvalidArgument(Prefixed(kEntry, "the serialized executable is truncated"));
  }
  std::string_view body = bytes.substr(0, bytes.size() - 8);
  SerializedReader tail(bytes.substr(bytes.size() - 8));
  uint64_t stored_checksum = 0;
  (void)tail.U64(&stored_checksum);
  if (stored_checksum != Checksum(body)) {
    return InvalidArgument(Prefixed(kEntry, "the serialized executable is corrupt (checksum mismatch)"));
  }
  SerializedReader fields(body.substr(magic.size() + 4));
  std::string_view backend, version;
  SerializedProgram program;
  if (!fields.Field(&backend) || !fields.Field(&version) || !fields.Field(&program.format) ||
      !fields.Field(&program.code) || !fields.Field(&program.compile_options) || !fields.done()) {
    return InvalidArgument(Prefixed(kEntry, "the serialized executable is malformed"));
  }
  if (backend != build.backend || version != build.version) {
    return InvalidArgument(Prefixed(kEntry, "the executable was serialized by jaxlib-" + std::string(backend) +
                                                " " + std::string(version) + "; this is jaxlib-" + build.backend +
                                                " " + build.version + ". Compile it again"));
  }
  return program;
}

int64_t TotalBytes(const std::vector<ArrayShape>& shapes) {
  int64_t total = 0;
  for (const ArrayShape& shape : shapes) total += static_cast<int64_t>(shape.byte_size());
  return total;
}

void DeleteSerializedDeviceAssignment(PJRT_DeviceAssignmentSerialized* serialized) {
  delete serialized;
}

// One argument, snapshotted under its buffer's lock so a concurrent Delete cannot free it
// while the backend runs.
struct ArgumentSnapshot {
  PJRT_Buffer* handle = nullptr;
  DeviceBufferPtr data;
};

// Validates every argument and snapshots its data under the buffer's lock. Messages are built
// only on failure: this runs on every execute.
// Flat: snapshot[d * num_args + i].
StatusOr<std::vector<ArgumentSnapshot>> CheckArguments(
    PJRT_LoadedExecutable_Execute_Args* args, const Executable& executable,
    std::span<const int> ordinals, PJRT_Client* client) {
  static constexpr char kEntry[] = "PJRT_LoadedExecutable_Execute";
  const std::vector<ArrayShape>& parameters = executable.parameter_shapes();
  if (args->num_args != parameters.size()) {
    return InvalidArgument(Prefixed(kEntry, "Execution supplied " + std::to_string(args->num_args) +
                                                " buffers but compiled program expected " +
                                                std::to_string(parameters.size()) + " buffers"));
  }
  if (args->num_args > 0 && args->argument_lists == nullptr) {
    return InvalidArgument(Prefixed(kEntry, "argument_lists is NULL"));
  }
  std::vector<ArgumentSnapshot> snapshots;
  snapshots.reserve(args->num_devices * args->num_args);
  for (size_t d = 0; d < args->num_devices; ++d) {
    if (args->num_args > 0 && args->argument_lists[d] == nullptr) {
      return InvalidArgument(Prefixed(kEntry, "argument list " + std::to_string(d) + " is NULL"));
    }
    PJRT_Device* expected_device = client->devices[ordinals[d]];
    for (size_t i = 0; i < args->num_args; ++i) {
      auto fail = [&](const std::string& what) {
        return InvalidArgument(Prefixed(kEntry, "argument " + std::to_string(i) + " of argument list " +
                                                    std::to_string(d) + what));
      };
      PJRT_Buffer* buffer = args->argument_lists[d][i];
      if (buffer == nullptr) return fail(" is NULL");
      if (buffer->client.get() != client) return fail(" belongs to another client");
      if (!(buffer->shape == parameters[i])) {
        return fail(" has the wrong shape: expected " + ShapeToString(parameters[i]) + ", got " +
                    ShapeToString(buffer->shape));
      }
      if (buffer->device != expected_device) {
        return fail(" is on device " + buffer->device->description.debug_string +
                    ", but this execution is assigned to device " + expected_device->description.debug_string);
      }
      DeviceBufferPtr data;
      {
        std::lock_guard<std::mutex> lock(buffer->mu);
        data = buffer->data;
      }
      if (data == nullptr) return fail(" has been deleted or donated");
      snapshots.push_back({buffer, std::move(data)});
    }
  }
  return snapshots;
}

}  // namespace

namespace entry {

Status ClientCompile(PJRT_Client_Compile_Args* args) {
  static constexpr char kEntry[] = "PJRT_Client_Compile";
  JAXLIB_REQUIRE_HANDLE(args->client, kEntry);
  JAXLIB_REQUIRE_HANDLE(args->program, kEntry);
  PJRT_Client* client = args->client;
  const PJRT_Program* program = args->program;
  if (program->struct_size < PJRT_Program_STRUCT_SIZE) {
    return StructSizeError("PJRT_Program", PJRT_Program_STRUCT_SIZE, program->struct_size);
  }
  std::string format = program->format != nullptr ? std::string(program->format, program->format_size)
                                                  : std::string();
  if (program->code == nullptr && program->code_size != 0) {
    return InvalidArgument(Prefixed(kEntry, "program code is NULL"));
  }
  if (args->compile_options == nullptr && args->compile_options_size != 0) {
    return InvalidArgument(Prefixed(kEntry, "compile_options is NULL"));
  }
  std::string_view option_bytes(args->compile_options != nullptr ? args->compile_options : "",
                                args->compile_options_size);
  std::string_view code(program->code != nullptr ? program->code : "", program->code_size);
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_LoadedExecutable> loaded,
                          CompileAndLoad(kEntry, client, format, code, option_bytes));
  args->executable = loaded.release();
  return Status();
}

// Our serialized executable is the program and the compile options it was built with, not
// machine code: loading compiles it again (our compiles take milliseconds), so it stays valid
// for any CPU this plugin runs on. Layout, little-endian:
//   "jaxlib-pjrt-executable\0"  u32 format version (1)
//   5 x (u64 size + bytes): backend ("cpu"), plugin version, program format, program, options
//   u64 FNV-1a checksum of everything before it.
// DeserializeAndLoad refuses (INVALID_ARGUMENT) other magics, format versions, backends and
// plugin versions, and damaged bytes, before compiling anything.
Status ExecutableSerialize(PJRT_Executable_Serialize_Args* args) {
  static constexpr char kEntry[] = "PJRT_Executable_Serialize";
  JAXLIB_REQUIRE_HANDLE(args->executable, kEntry);
  const PJRT_Executable& executable = *args->executable;
  if (executable.source == nullptr) {
    return FailedPrecondition(Prefixed(kEntry, "the executable does not know the program it was built from"));
  }
  const BuildInfo& build = ActivePlugin().build_info;
  auto serialized = std::make_unique<PJRT_SerializedExecutable>();
  std::string& out = serialized->bytes;
  out.append(kSerializedMagic, sizeof(kSerializedMagic));
  AppendU32(out, kSerializedFormatVersion);
  AppendField(out, build.backend);
  AppendField(out, build.version);
  AppendField(out, executable.source->format);
  AppendField(out, executable.executable->program_text());
  AppendField(out, executable.source->compile_options);
  AppendU64(out, Checksum(out));
  args->serialized_bytes = serialized->bytes.data();
  args->serialized_bytes_size = serialized->bytes.size();
  args->serialized_executable_deleter = [](PJRT_SerializedExecutable* s) { delete s; };
  args->serialized_executable = serialized.release();
  return Status();
}

Status ExecutableDeserializeAndLoad(PJRT_Executable_DeserializeAndLoad_Args* args) {
  static constexpr char kEntry[] = "PJRT_Executable_DeserializeAndLoad";
  JAXLIB_REQUIRE_HANDLE(args->client, kEntry);
  if (args->serialized_executable == nullptr && args->serialized_executable_size != 0) {
    return InvalidArgument(Prefixed(kEntry, "serialized_executable is NULL"));
  }
  std::string_view bytes(args->serialized_executable != nullptr ? args->serialized_executable : "",
                         args->serialized_executable_size);
  JAXLIB_ASSIGN_OR_RETURN(SerializedProgram program, ParseSerialized(bytes));
  std::string_view options = program.compile_options;
  // Hosts older than the override fields send a shorter struct; read them only when present.
  constexpr size_t kOverrideEnd = offsetof(PJRT_Executable_DeserializeAndLoad_Args,
                                           overridden_serialized_compile_options_size) + sizeof(size_t);
  if (args->struct_size >= kOverrideEnd && args->overridden_serialized_compile_options != nullptr &&
      args->overridden_serialized_compile_options_size != 0) {
    options = std::string_view(args->overridden_serialized_compile_options,
                               args->overridden_serialized_compile_options_size);
  }
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_LoadedExecutable> loaded,
                          CompileAndLoad(kEntry, args->client, std::string(program.format), program.code, options));
  args->loaded_executable = loaded.release();
  return Status();
}

Status ExecutableDestroy(PJRT_Executable_Destroy_Args* args) {
  delete args->executable;
  return Status();
}

Status ExecutableName(PJRT_Executable_Name_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_Name");
  args->executable_name = args->executable->name.c_str();
  args->executable_name_size = args->executable->name.size();
  return Status();
}

Status ExecutableNumReplicas(PJRT_Executable_NumReplicas_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_NumReplicas");
  args->num_replicas = static_cast<size_t>(args->executable->num_replicas);
  return Status();
}

Status ExecutableNumPartitions(PJRT_Executable_NumPartitions_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_NumPartitions");
  args->num_partitions = static_cast<size_t>(args->executable->num_partitions);
  return Status();
}

Status ExecutableNumOutputs(PJRT_Executable_NumOutputs_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_NumOutputs");
  args->num_outputs = args->executable->output_types.size();
  return Status();
}

Status ExecutableSizeOfGeneratedCodeInBytes(PJRT_Executable_SizeOfGeneratedCodeInBytes_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_SizeOfGeneratedCodeInBytes");
  args->size_in_bytes = 0;  // executors run a plan, not generated machine code
  return Status();
}

Status ExecutableGetCostAnalysis(PJRT_Executable_GetCostAnalysis_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_GetCostAnalysis");
  args->num_properties = 0;
  args->properties = nullptr;
  return Status();
}

Status ExecutableOutputMemoryKinds(PJRT_Executable_OutputMemoryKinds_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_OutputMemoryKinds");
  args->num_outputs = args->executable->output_memory_kinds.size();
  args->memory_kinds = args->executable->output_memory_kinds.data();
  args->memory_kind_sizes = args->executable->output_memory_kind_sizes.data();
  return Status();
}

Status ExecutableOptimizedProgram(PJRT_Executable_OptimizedProgram_Args* args) {
  static constexpr char kEntry[] = "PJRT_Executable_OptimizedProgram";
  JAXLIB_REQUIRE_HANDLE(args->executable, kEntry);
  JAXLIB_REQUIRE_HANDLE(args->program, kEntry);
  PJRT_Program* program = args->program;
  if (program->struct_size < PJRT_Program_STRUCT_SIZE) {
    return StructSizeError("PJRT_Program", PJRT_Program_STRUCT_SIZE, program->struct_size);
  }
  // The program as received, or what the backend says describes its executable better.
  std::string_view text = args->executable->executable->optimized_program();
  program->format = kMlirFormat;
  program->format_size = sizeof(kMlirFormat) - 1;
  if (program->code == nullptr) {
    program->code_size = text.size();
    return Status();
  }
  if (program->code_size < text.size()) {
    return InvalidArgument(Prefixed(kEntry, "code_size " + std::to_string(program->code_size) +
                                                " is smaller than the program's " +
                                                std::to_string(text.size()) + " bytes"));
  }
  std::memcpy(program->code, text.data(), text.size());
  program->code_size = text.size();
  return Status();
}

Status ExecutableOutputElementTypes(PJRT_Executable_OutputElementTypes_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_OutputElementTypes");
  args->output_types = args->executable->output_types.data();
  args->num_output_types = args->executable->output_types.size();
  return Status();
}

Status ExecutableOutputDimensions(PJRT_Executable_OutputDimensions_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_OutputDimensions");
  args->num_outputs = args->executable->output_dim_sizes.size();
  args->dims = args->executable->output_dims.data();
  args->dim_sizes = args->executable->output_dim_sizes.data();
  return Status();
}

Status ExecutableFingerprint(PJRT_Executable_Fingerprint_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_Fingerprint");
  args->executable_fingerprint = args->executable->fingerprint.c_str();
  args->executable_fingerprint_size = args->executable->fingerprint.size();
  return Status();
}

Status ExecutableGetCompiledMemoryStats(PJRT_Executable_GetCompiledMemoryStats_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_Executable_GetCompiledMemoryStats");
  const Executable& executable = *args->executable->executable;
  args->generated_code_size_in_bytes = 0;
  args->argument_size_in_bytes = TotalBytes(executable.parameter_shapes());
  args->output_size_in_bytes = TotalBytes(executable.result_shapes());
  args->alias_size_in_bytes = 0;
  args->temp_size_in_bytes = executable.temp_bytes();
  args->host_generated_code_size_in_bytes = 0;
  args->host_argument_size_in_bytes = 0;
  args->host_output_size_in_bytes = 0;
  args->host_alias_size_in_bytes = 0;
  args->host_temp_size_in_bytes = 0;
  args->peak_memory_in_bytes =
      args->argument_size_in_bytes + args->output_size_in_bytes + args->temp_size_in_bytes;
  return Status();
}

Status LoadedExecutableDestroy(PJRT_LoadedExecutable_Destroy_Args* args) {
  delete args->executable;
  return Status();
}

Status LoadedExecutableGetExecutable(PJRT_LoadedExecutable_GetExecutable_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->loaded_executable, "PJRT_LoadedExecutable_GetExecutable");
  // A new handle each time: the caller destroys it, and the metadata arrays it returns live
  // exactly as long as that handle.
  args->executable = MakeExecutableHandle(*args->loaded_executable).release();
  return Status();
}

Status LoadedExecutableAddressableDevices(PJRT_LoadedExecutable_AddressableDevices_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_LoadedExecutable_AddressableDevices");
  args->addressable_devices = args->executable->devices.data();
  args->num_addressable_devices = args->executable->devices.size();
  return Status();
}

Status LoadedExecutableDelete(PJRT_LoadedExecutable_Delete_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_LoadedExecutable_Delete");
  args->executable->deleted.store(true);
  return Status();
}

Status LoadedExecutableIsDeleted(PJRT_LoadedExecutable_IsDeleted_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_LoadedExecutable_IsDeleted");
  args->is_deleted = args->executable->deleted.load();
  return Status();
}

Status LoadedExecutableFingerprint(PJRT_LoadedExecutable_Fingerprint_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_LoadedExecutable_Fingerprint");
  args->executable_fingerprint = args->executable->fingerprint.c_str();
  args->executable_fingerprint_size = args->executable->fingerprint.size();
  return Status();
}

Status LoadedExecutableGetDeviceAssignment(PJRT_LoadedExecutable_GetDeviceAssignment_Args* args) {
  JAXLIB_REQUIRE_HANDLE(args->executable, "PJRT_LoadedExecutable_GetDeviceAssignment");
  const PJRT_LoadedExecutable& loaded = *args->executable;
  auto serialized = std::make_unique<PJRT_DeviceAssignmentSerialized>();
  // A portable executable has no compile-time placement; report its default device as 1x1.
  int replicas = loaded.portable ? 1 : loaded.executable->num_replicas();
  int partitions = loaded.portable ? 1 : loaded.executable->num_partitions();
  serialized->bytes = EncodeDeviceAssignmentProto(replicas, partitions,
                                                 loaded.portable ? loaded.device_ordinals : loaded.assignment_ids);
  args->serialized_bytes = serialized->bytes.data();
  args->serialized_bytes_size = serialized->bytes.size();
  args->serialized_device_assignment_deleter = &DeleteSerializedDeviceAssignment;
  args->serialized_device_assignment = serialized.release();
  return Status();
}

Status LoadedExecutableExecute(PJRT_LoadedExecutable_Execute_Args* args) {
  static constexpr char kEntry[] = "PJRT_LoadedExecutable_Execute";
  JAXLIB_REQUIRE_HANDLE(args->executable, kEntry);
  PJRT_LoadedExecutable& loaded = *args->executable;
  PJRT_Client* client = loaded.client.get();
  if (args->options == nullptr) {
    return InvalidArgument(Prefixed(kEntry, "options is NULL; pass a zeroed PJRT_ExecuteOptions"));
  }
  // Older hosts send smaller options; we read nothing past the non-donatable list.
  constexpr size_t kMinOptionsSize =
      offsetof(PJRT_ExecuteOptions, num_non_donatable_input_indices) + sizeof(size_t);
  if (args->options->struct_size < kMinOptionsSize) {
    return StructSizeError("PJRT_ExecuteOptions", kMinOptionsSize, args->options->struct_size);
  }
  if (loaded.deleted.load()) {
    return FailedPrecondition(Prefixed(kEntry, "the executable has been deleted"));
  }
  const Executable& executable = *loaded.executable;

  int single_ordinal = 0;
  std::span<const int> ordinals(loaded.device_ordinals);
  if (args->execute_device != nullptr) {
    PJRT_Device* device = args->execute_device;
    if (device->client != client) {
      return InvalidArgument(Prefixed(kEntry, "execute_device belongs to another client"));
    }
    bool compiled_for_it = loaded.device_ordinals.size() == 1 && loaded.device_ordinals[0] == device->ordinal;
    if (!loaded.portable && !compiled_for_it) {
      return InvalidArgument(Prefixed(kEntry, "execute_device " + device->description.debug_string +
                                                  " was given but the executable was not compiled "
                                                  "with compile_portable_executable=true"));
    }
    if (args->num_devices != 1) {
      return InvalidArgument(Prefixed(kEntry, "with execute_device set, num_devices must be 1, got " +
                                                  std::to_string(args->num_devices)));
    }
    single_ordinal = device->ordinal;
    ordinals = std::span<const int>(&single_ordinal, 1);
  } else {
    if (args->num_devices != ordinals.size()) {
      return InvalidArgument(Prefixed(kEntry, "Attempted to execute with " +
                                                  std::to_string(args->num_devices) +
                                                  " argument lists when local device count is " +
                                                  std::to_string(ordinals.size())));
    }
  }
  const size_t num_outputs = executable.result_shapes().size();
  if (args->output_lists == nullptr) return InvalidArgument(Prefixed(kEntry, "output_lists is NULL"));
  for (size_t d = 0; d < args->num_devices; ++d) {
    if (num_outputs > 0 && args->output_lists[d] == nullptr) {
      return InvalidArgument(Prefixed(kEntry, "output list " + std::to_string(d) + " is NULL"));
    }
  }
  JAXLIB_ASSIGN_OR_RETURN(std::vector<ArgumentSnapshot> snapshots,
                          CheckArguments(args, executable, ordinals, client));

  std::vector<std::vector<DeviceBuffer*>> arguments(args->num_devices);
  for (size_t d = 0; d < args->num_devices; ++d) {
    arguments[d].reserve(args->num_args);
    for (size_t i = 0; i < args->num_args; ++i) arguments[d].push_back(snapshots[d * args->num_args + i].data.get());
  }
  ExecuteOptions options;
  options.launch_id = args->options->launch_id;
  // `context` sits past the fields old hosts send; read it only when their size covers it.
  constexpr size_t kContextEnd = offsetof(PJRT_ExecuteOptions, context) + sizeof(PJRT_ExecuteContext*);
  if (args->options->struct_size >= kContextEnd && args->options->context != nullptr) {
    options.ffi_user_data = &args->options->context->ffi_user_data;
  }
  const int64_t* non_donatable = args->options->non_donatable_input_indices;
  const size_t num_non_donatable = non_donatable != nullptr ? args->options->num_non_donatable_input_indices : 0;
  // A buffer a host exported (DLPack: an external reference) is never donated: its consumer
  // reads the memory, which the program would otherwise overwrite in place. It is read instead.
  auto externally_referenced = [&](int64_t index) {
    for (size_t d = 0; d < args->num_devices; ++d) {
      PJRT_Buffer* buffer = snapshots[d * args->num_args + static_cast<size_t>(index)].handle;
      std::lock_guard<std::mutex> lock(buffer->mu);
      if (buffer->external_references > 0) return true;
    }
    return false;
  };
  for (int64_t index : executable.donated_parameters()) {
    if (index >= 0 && static_cast<size_t>(index) < args->num_args &&
        std::find(non_donatable, non_donatable + num_non_donatable, index) == non_donatable + num_non_donatable &&
        !externally_referenced(index)) {
      options.donatable_args.push_back(index);
    }
  }
  // A donated buffer passed again in the same call would be overwritten while still read. One
  // pass over each device's arguments against its donated buffers (Execute's hot path).
  if (!options.donatable_args.empty()) {
    std::unordered_map<const DeviceBuffer*, int64_t> donated;  // buffer -> first donating argument
    for (size_t d = 0; d < args->num_devices; ++d) {
      donated.clear();
      for (int64_t index : options.donatable_args) donated.emplace(arguments[d][static_cast<size_t>(index)], index);
      for (size_t i = 0; i < args->num_args; ++i) {
        auto it = donated.find(arguments[d][i]);
        if (it != donated.end() && it->second != static_cast<int64_t>(i)) {
          return InvalidArgument(Prefixed(
              kEntry, "attempt to donate the same buffer twice in Execute() (arguments " +
                          std::to_string(it->second) + " and " + std::to_string(i) + " on device list " +
                          std::to_string(d) + "; e.g. f(donate(a), a))"));
        }
      }
    }
  }

  std::vector<std::vector<DeviceBufferPtr>> outputs;
  JAXLIB_RETURN_IF_ERROR(loaded.executable->Execute(arguments, ordinals, options, &outputs));
  if (outputs.size() != args->num_devices) {
    return Internal(Prefixed(kEntry, "the backend returned " + std::to_string(outputs.size()) +
                                         " output lists for " + std::to_string(args->num_devices) +
                                         " devices"));
  }
  // Wrap everything before publishing anything, so a failure leaks no handle.
  std::vector<std::unique_ptr<PJRT_Buffer>> handles;  // [d * num_outputs + o]
  handles.reserve(args->num_devices * num_outputs);
  for (size_t d = 0; d < outputs.size(); ++d) {
    if (outputs[d].size() != num_outputs) {
      return Internal(Prefixed(kEntry, "the backend returned " + std::to_string(outputs[d].size()) +
                                           " outputs; the program has " + std::to_string(num_outputs)));
    }
    for (size_t o = 0; o < num_outputs; ++o) {
      // Each output goes to the memory kind the program named for it, on its own device.
      PJRT_Memory* memory = nullptr;
      if (const DeviceBuffer* out = outputs[d][o].get(); out != nullptr) {
        int ordinal = out->device_ordinal();
        if (ordinal >= 0 && static_cast<size_t>(ordinal) < client->devices.size()) {
          memory = client->devices[ordinal]->memories[loaded.output_memory_index[o]];
        }
      }
      JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> handle,
                              WrapDeviceBuffer(loaded.client, std::move(outputs[d][o]), memory));
      handles.push_back(std::move(handle));
    }
  }
  std::vector<std::unique_ptr<PJRT_Event>> events;
  if (args->device_complete_events != nullptr) {
    for (size_t d = 0; d < args->num_devices; ++d) {
      events.push_back(std::make_unique<PJRT_Event>(PJRT_Event{EventState::MakeReady()}));
    }
  }
  // Donated arguments now belong to the outputs; their handles read as deleted.
  for (int64_t index : options.donatable_args) {
    for (size_t d = 0; d < args->num_devices; ++d) MarkBufferDeleted(snapshots[d * args->num_args + index].handle);
  }
  for (size_t d = 0; d < args->num_devices; ++d) {
    for (size_t o = 0; o < num_outputs; ++o) args->output_lists[d][o] = handles[d * num_outputs + o].release();
  }
  for (size_t d = 0; d < events.size(); ++d) args->device_complete_events[d] = events[d].release();
  return Status();
}

}  // namespace entry
}  // namespace jaxlib::plugin
