// The C++ interface between the plugin-side PJRT C API adapter and a device backend
// (CPU executor, CUDA, ROCm). The adapter owns every PJRT handle and all ABI checks;
// a backend only allocates device memory, moves bytes, compiles and executes.
// Nothing here may include the PJRT C header or Python.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ffi/execution_context.h"
#include "runtime/support/element_type.h"
#include "runtime/support/status.h"

namespace jaxlib::plugin {

struct ArrayShape {
  ElementType type = ElementType::kInvalid;
  std::vector<int64_t> dims;

  int64_t element_count() const {
    int64_t n = 1;
    for (int64_t d : dims) n *= d;
    return n;
  }
  size_t byte_size() const { return static_cast<size_t>(element_count()) * ElementTypeByteSize(type); }
  bool operator==(const ArrayShape&) const = default;
};

// Device memory for one array on one device. Dense, row-major (major-to-minor).
class DeviceBuffer {
 public:
  virtual ~DeviceBuffer() = default;
  virtual const ArrayShape& shape() const = 0;
  virtual int device_ordinal() const = 0;
  // Host-addressable bytes for backends whose device memory is host memory (CPU);
  // nullptr for GPU memory.
  virtual void* host_data() { return nullptr; }
  // Opaque device pointer (a host pointer on CPU, a device address on GPU).
  virtual void* device_pointer() = 0;
};

using DeviceBufferPtr = std::shared_ptr<DeviceBuffer>;

// Options decoded from CompileOptionsProto by the adapter.
struct CompileOptions {
  int num_replicas = 1;
  int num_partitions = 1;
  // device_assignment[replica * num_partitions + partition] = device ordinal; empty = identity.
  // In a multi-process job, -1 marks a logical device of another process.
  std::vector<int> device_assignment;
  // Multi-process jobs: the process index of each logical device (same indexing); empty when
  // every device of the program belongs to this process.
  std::vector<int> device_processes;
};

// Options for one execution.
struct ExecuteOptions {
  int64_t launch_id = 0;
  // Argument indices the caller allows the backend to reuse in place (donated buffers).
  std::vector<int64_t> donatable_args;
  // FFI user data from the host's PJRT_ExecuteContext (nullptr when it passed none); typed
  // custom calls read it. Owned by the context, alive for the whole Execute call.
  const ffi::UserData* ffi_user_data = nullptr;
};

class Executable {
 public:
  virtual ~Executable() = default;
  virtual std::string_view name() const = 0;
  virtual const std::vector<ArrayShape>& parameter_shapes() const = 0;
  virtual const std::vector<ArrayShape>& result_shapes() const = 0;
  // Stable identity of the compiled program (e.g. a hash of text and options).
  virtual std::string fingerprint() const = 0;
  // The program text as we received it (for serialization / debugging).
  virtual std::string_view program_text() const = 0;
  // What PJRT_Executable_OptimizedProgram returns (MLIR, text or bytecode): by default the
  // program as received; a backend whose executable differs in ways hosts read back (how a
  // partitioned program's values are sharded) describes that instead.
  virtual std::string_view optimized_program() const { return program_text(); }
  virtual int num_replicas() const = 0;
  virtual int num_partitions() const = 0;
  // Bytes the compiled program needs beyond arguments and outputs (0 when unknown).
  virtual int64_t temp_bytes() const { return 0; }
  // Parameters whose buffers the program may consume in place (donation, e.g. marked with
  // `jax.buffer_donor` / `tf.aliasing_output`). After a successful Execute the adapter marks
  // the argument buffers at these indices deleted, except those the caller declared
  // non-donatable (ExecuteOptions.donatable_args is this list minus those).
  virtual std::vector<int64_t> donated_parameters() const { return {}; }
  // Memory kind of each output (`mhlo.memory_kind` of @main's results: "device",
  // "pinned_host", ...); empty means every output lives in "device" memory. The adapter checks
  // each kind against the client's memories at compile time and places outputs there.
  virtual std::vector<std::string> output_memory_kinds() const { return {}; }

  // Runs the program on `args.size()` devices at once (one argument list per participating
  // device, in device-assignment order). Fills `outputs` with one list per device. The adapter
  // has already checked counts, shapes and dtypes against parameter_shapes().
  virtual Status Execute(std::span<const std::vector<DeviceBuffer*>> args,
                         std::span<const int> device_ordinals, const ExecuteOptions& options,
                         std::vector<std::vector<DeviceBufferPtr>>* outputs) = 0;
};

struct DeviceInfo {
  int ordinal = 0;              // -1 for a device of another process
  int global_id = -1;           // the id hosts see; -1 means the same as `ordinal`
  int process_index = 0;        // the process that owns the device
  std::string kind;            // "cpu", "NVIDIA H100", ...
  std::string debug_string;    // "cpu:0"
  std::string to_string;       // "CpuDevice(id=0)"
  int64_t local_hardware_id = 0;
  // PJRT_DeviceDescription_Attributes, e.g. {"compute_capability_major", 9} on CUDA.
  std::vector<std::pair<std::string, int64_t>> int_attributes;
  std::vector<std::pair<std::string, std::string>> string_attributes;  // {"compute_capability", "9.0"}
};

struct MemoryStatsInfo {
  int64_t bytes_in_use = 0;
  int64_t peak_bytes_in_use = 0;
  int64_t num_allocs = 0;
  int64_t bytes_limit = 0;  // 0 when unknown
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string_view platform_name() const = 0;     // "cpu", "cuda", "rocm"
  virtual std::string_view platform_version() const = 0;  // free text
  virtual const std::vector<DeviceInfo>& devices() const = 0;
  // True when device memory is host memory (enables zero-copy and external references).
  virtual bool memory_is_host() const = 0;
  // Memory kinds each device offers besides "device" (its default), such as "pinned_host" and
  // "unpinned_host". The adapter gives every device one PJRT_Memory per kind and keeps the kind
  // on each buffer; the backend's buffers are the same in every kind, so only backends whose
  // device memory already is host memory (memory_is_host) may list any.
  virtual std::vector<std::string> extra_memory_kinds() const { return {}; }

  // Copies dense row-major host bytes into a new device buffer.
  virtual StatusOr<DeviceBufferPtr> BufferFromHost(int device_ordinal, const ArrayShape& shape,
                                                   const void* data) = 0;
  // Wraps caller-owned host memory without copying (CPU only; may return UNIMPLEMENTED).
  // `on_release` runs when the buffer no longer needs the memory.
  virtual StatusOr<DeviceBufferPtr> BufferAliasingHost(int device_ordinal, const ArrayShape& shape,
                                                       void* data,
                                                       std::function<void()> on_release) {
    (void)device_ordinal; (void)shape; (void)data; (void)on_release;
    return Unimplemented("zero-copy host buffers are not supported by this backend");
  }
  // Copies a whole buffer into host memory of buffer.shape().byte_size() bytes.
  virtual Status BufferToHost(DeviceBuffer& buffer, void* dst) = 0;
  // Copies a buffer to another device of the same backend.
  virtual StatusOr<DeviceBufferPtr> CopyToDevice(DeviceBuffer& buffer, int dst_device_ordinal) = 0;

  // Compiles StableHLO MLIR text. Errors carry line:column and the op where known.
  virtual StatusOr<std::unique_ptr<Executable>> Compile(std::string_view mlir_text,
                                                        const CompileOptions& options) = 0;

  virtual StatusOr<MemoryStatsInfo> MemoryStats(int device_ordinal) {
    (void)device_ordinal;
    return Unimplemented("memory statistics are not available on this backend");
  }

  // Multi-process jobs: this process's index, and the devices of the other processes
  // (ordinal -1, with their global ids and process indices). One process: 0 and none.
  virtual int process_index() const { return 0; }
  virtual std::vector<DeviceInfo> remote_devices() const { return {}; }
  // The host's view of the job (PJRT_Client_UpdateGlobalProcessInfo; JAX's coordination
  // service pushes it): process `process` is gone, for `why`.
  virtual void ProcessLost(int process, const std::string& why) { (void)process; (void)why; }
};

// The job a multi-process client belongs to, as the host handed it to PJRT_Client_Create:
// this process's node id, the number of processes, and the job's key-value store.
struct DistributedContext {
  int node_id = 0;
  int num_nodes = 1;
  // Valid for the client's lifetime.
  // Waits up to `timeout_ms` for `key`; DEADLINE_EXCEEDED (or the store's own error) when it
  // does not appear in time.
  std::function<StatusOr<std::string>(const std::string& key, int64_t timeout_ms)> kv_get;
  // Sets `key` once; a store may refuse to overwrite.
  std::function<Status(const std::string& key, const std::string& value)> kv_put;
};

// Named option values given to PJRT_Client_Create, already decoded from PJRT_NamedValue.
struct ClientOption {
  enum class Kind { kString, kInt64, kInt64List, kFloat, kBool };
  std::string name;
  Kind kind = Kind::kInt64;
  std::string string_value;
  int64_t int_value = 0;
  std::vector<int64_t> int_list;
  float float_value = 0;
  bool bool_value = false;
};

// The option called `name`, or nullptr when the caller did not pass it.
inline const ClientOption* FindClientOption(const std::vector<ClientOption>& options,
                                            std::string_view name) {
  for (const ClientOption& o : options)
    if (o.name == name) return &o;
  return nullptr;
}

// Build facts each of our plugins reports through PJRT_Plugin_Attributes and its `_ext`.
struct BuildInfo {
  std::string backend;         // "cpu", "cuda12", ...
  std::string version;         // full wheel version, e.g. "0.1.0.dev20261121"
  std::string git_revision;
  std::string build_id;
  std::vector<std::pair<std::string, std::string>> toolkit;  // e.g. {"cuda", "12"}
};

// What a backend's plugin entry hands the adapter: how to make a Backend from client options.
struct PluginDefinition {
  BuildInfo build_info;
  // The StableHLO portable-artifact versions the backend's compiler reads, reported to hosts
  // as stablehlo_minimum_version / stablehlo_current_version (JAX serializes programs for the
  // current one). All zero: not reported (a backend that cannot compile).
  std::array<int64_t, 3> stablehlo_minimum_version{};
  std::array<int64_t, 3> stablehlo_current_version{};
  // Option names this plugin accepts (unknown names are rejected with INVALID_ARGUMENT).
  std::vector<std::pair<std::string, ClientOption::Kind>> accepted_options;
  std::function<StatusOr<std::unique_ptr<Backend>>(const std::vector<ClientOption>&)> create_backend;
  // Backends that run multi-process jobs (num_nodes > 1 in the create options); unset: such a
  // request is UNIMPLEMENTED.
  std::function<StatusOr<std::unique_ptr<Backend>>(const std::vector<ClientOption>&, const DistributedContext&)>
      create_multiprocess_backend;
};

}  // namespace jaxlib::plugin
