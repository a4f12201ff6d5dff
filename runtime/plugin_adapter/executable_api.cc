// Client_Compile, PJRT_Executable_* and PJRT_LoadedExecutable_* entry points. Decides device
// placement from CompileOptionsProto and checks every Execute argument (count, shape, dtype,
// device, deleted) before the backend sees it, so backends may trust their inputs. Output
// metadata is computed once per PJRT_Executable handle and owned by it, as the C API requires.
#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "runtime/plugin_adapter/abi_boundary.h"
#include "runtime/plugin_adapter/compile_options_proto.h"
#include "runtime/plugin_adapter/entry_points.h"

namespace jaxlib::plugin {
namespace {

constexpr char kMlirFormat[] = "mlir";
constexpr char kDeviceMemoryKind[] = "device";

std::string Prefixed(const char* entry, const std::string& message) {
  return std::string(entry) + ": " + message;
}

// Device ordinals for [replica * num_partitions + partition].
StatusOr<std::vector<int>> ResolveDevices(const DecodedCompileOptions& options, size_t device_count) {
  const int64_t needed = static_cast<int64_t>(options.num_replicas) * options.num_partitions;
  auto check_ordinal = [&](int64_t ordinal, const char* source) -> Status {
    if (ordinal < 0 || ordinal >= static_cast<int64_t>(device_count)) {
      return InvalidArgument(std::string(source) + " names device " + std::to_string(ordinal) +
                             " but the client has devices 0.." + std::to_string(device_count - 1));
    }
    return Status();
  };
  if (options.compile_portable_executable) {
    if (needed != 1) {
      return InvalidArgument("compile_portable_executable needs 1 replica and 1 partition, got " +
                             std::to_string(options.num_replicas) + " x " +
                             std::to_string(options.num_partitions));
    }
    int64_t ordinal = options.device_ordinal >= 0 ? options.device_ordinal : 0;
    JAXLIB_RETURN_IF_ERROR(check_ordinal(ordinal, "device_ordinal"));
    return std::vector<int>{static_cast<int>(ordinal)};
  }
  if (!options.device_assignment.empty()) {
    std::set<int64_t> seen;
    std::vector<int> ordinals;
    for (int64_t id : options.device_assignment) {
      JAXLIB_RETURN_IF_ERROR(check_ordinal(id, "device_assignment"));
      if (!seen.insert(id).second) {
        return InvalidArgument("device_assignment uses device " + std::to_string(id) + " twice");
      }
      ordinals.push_back(static_cast<int>(id));
    }
    return ordinals;
  }
  if (needed > static_cast<int64_t>(device_count)) {
    return InvalidArgument("the program needs " + std::to_string(needed) + " devices (" +
                           std::to_string(options.num_replicas) + " replicas x " +
                           std::to_string(options.num_partitions) + " partitions) but the client has " +
                           std::to_string(device_count));
  }
  if (needed == 1 && options.device_ordinal >= 0) {
    JAXLIB_RETURN_IF_ERROR(check_ordinal(options.device_ordinal, "device_ordinal"));
    return std::vector<int>{static_cast<int>(options.device_ordinal)};
  }
  return DefaultDeviceAssignment(options.num_replicas, options.num_partitions);
}

std::unique_ptr<PJRT_Executable> MakeExecutableHandle(std::shared_ptr<Executable> executable) {
  auto handle = std::make_unique<PJRT_Executable>();
  handle->name = std::string(executable->name());
  handle->fingerprint = executable->fingerprint();
  handle->num_replicas = executable->num_replicas();
  handle->num_partitions = executable->num_partitions();
  for (const ArrayShape& shape : executable->result_shapes()) {
    handle->output_types.push_back(ToPjrtBufferType(shape.type));
    handle->output_dims.insert(handle->output_dims.end(), shape.dims.begin(), shape.dims.end());
    handle->output_dim_sizes.push_back(shape.dims.size());
    handle->output_memory_kinds.push_back(kDeviceMemoryKind);
    handle->output_memory_kind_sizes.push_back(sizeof(kDeviceMemoryKind) - 1);
  }
  handle->executable = std::move(executable);
  return handle;
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
  if (format != kMlirFormat) {
    if (format == "hlo" || format == "hlo_with_config") {
      return Unimplemented(Prefixed(kEntry, "program format '" + format +
                                                "' (HloModuleProto) is not supported by this plugin; "
                                                "send StableHLO with format 'mlir'"));
    }
    return InvalidArgument("Unknown program format '" + format + "'.");
  }
  if (program->code == nullptr && program->code_size != 0) {
    return InvalidArgument(Prefixed(kEntry, "program code is NULL"));
  }
  if (args->compile_options == nullptr && args->compile_options_size != 0) {
    return InvalidArgument(Prefixed(kEntry, "compile_options is NULL"));
  }
  std::string_view option_bytes(args->compile_options != nullptr ? args->compile_options : "",
                                args->compile_options_size);
  StatusOr<DecodedCompileOptions> decoded = DecodeCompileOptionsProto(option_bytes);
  if (!decoded.ok()) return Status(decoded.status().code(), Prefixed(kEntry, decoded.status().message()));
  StatusOr<std::vector<int>> ordinals = ResolveDevices(*decoded, client->devices.size());
  if (!ordinals.ok()) return Status(ordinals.status().code(), Prefixed(kEntry, ordinals.status().message()));

  CompileOptions options;
  options.num_replicas = decoded->num_replicas;
  options.num_partitions = decoded->num_partitions;
  options.device_assignment = *ordinals;
  std::string_view code(program->code != nullptr ? program->code : "", program->code_size);
  JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<Executable> compiled, client->backend->Compile(code, options));
  if (compiled == nullptr) return Internal(Prefixed(kEntry, "the backend returned no executable"));

  auto loaded = std::make_unique<PJRT_LoadedExecutable>();
  loaded->client = client->shared_from_this();
  loaded->fingerprint = compiled->fingerprint();
  loaded->executable = std::shared_ptr<Executable>(std::move(compiled));
  loaded->device_ordinals = std::move(ordinals).value();
  for (int ordinal : loaded->device_ordinals) loaded->devices.push_back(client->devices[ordinal]);
  loaded->portable = decoded->compile_portable_executable;
  args->executable = loaded.release();
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
  // We keep the program as received (StableHLO text), so that is what we hand back.
  std::string_view text = args->executable->executable->program_text();
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
  args->executable = MakeExecutableHandle(args->loaded_executable->executable).release();
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
  serialized->bytes = EncodeDeviceAssignmentProto(replicas, partitions, loaded.device_ordinals);
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
  for (int64_t index : executable.donated_parameters()) {
    if (index >= 0 && static_cast<size_t>(index) < args->num_args &&
        std::find(non_donatable, non_donatable + num_non_donatable, index) == non_donatable + num_non_donatable) {
      options.donatable_args.push_back(index);
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
      JAXLIB_ASSIGN_OR_RETURN(std::unique_ptr<PJRT_Buffer> handle,
                              WrapDeviceBuffer(loaded.client, std::move(outputs[d][o])));
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
