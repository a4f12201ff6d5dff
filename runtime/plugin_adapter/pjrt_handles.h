// The C++ objects behind the opaque PJRT C handles of our plugins (PJRT_Client, PJRT_Buffer,
// ...). Private to the plugin adapter: hosts only ever see pointers to these. Handles that
// hand out pointers (devices, memories, strings, arrays) own what they point to, so returned
// data lives exactly as long as the PJRT C API promises.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "runtime/ffi/execution_context.h"
#include "runtime/pjrt_abi/pjrt_c_api.h"
#include "runtime/plugin_adapter/backend.h"
#include "runtime/plugin_adapter/event_state.h"
#include "runtime/support/status.h"

struct PJRT_Error {
  jaxlib::Status status;
  // The preallocated out-of-memory error is shared and must never be deleted.
  bool is_static = false;
};

struct PJRT_Event {
  std::shared_ptr<jaxlib::plugin::EventState> state;
};

struct PJRT_DeviceDescription {
  int id = 0;
  int process_index = 0;
  std::string kind;
  std::string debug_string;
  std::string to_string;
  std::vector<PJRT_NamedValue> attributes;  // names point into attribute_names
  std::vector<std::string> attribute_names;
  std::vector<std::string> attribute_strings;
};

struct PJRT_Memory {
  PJRT_Client* client = nullptr;
  int id = 0;
  int device_ordinal = 0;
  std::string kind;
  int kind_id = 0;
  std::string debug_string;
  std::string to_string;
  std::vector<PJRT_Device*> devices;
};

struct PJRT_Device {
  PJRT_Client* client = nullptr;
  int ordinal = 0;  // -1 for a device of another process of a multi-process job
  bool addressable = true;
  int local_hardware_id = 0;
  PJRT_DeviceDescription description;
  // One per memory kind, in the client's `memory_kinds` order (so [0] is "device").
  std::vector<PJRT_Memory*> memories;
  PJRT_Memory* default_memory = nullptr;
};

struct PJRT_TopologyDescription {
  std::string platform_name;
  std::string platform_version;
  std::vector<PJRT_DeviceDescription*> descriptions;
  // Client_TopologyDescription returns a topology the client owns; Destroy must not free it.
  bool owned_by_client = false;
  // TopologyDescription_Create's topology owns its descriptions (no client holds them).
  std::vector<std::unique_ptr<PJRT_DeviceDescription>> owned_descriptions;
};

// Shared by everything created from it: buffers and executables keep the client (and so the
// backend and the device handles they point to) alive even if the host destroys the client
// first. Client_Destroy drops only the reference the C handle stands for.
struct PJRT_Client : std::enable_shared_from_this<PJRT_Client> {
  std::unique_ptr<jaxlib::plugin::Backend> backend;
  std::string platform_name;
  std::string platform_version;
  std::vector<std::unique_ptr<PJRT_Device>> owned_devices;
  std::vector<PJRT_Device*> devices;  // this process's (addressable) devices; index == ordinal
  // Every device of the job, ordered by global id: `devices`, then in a multi-process job the
  // other processes' devices (not addressable, no memories).
  std::vector<PJRT_Device*> all_devices;
  std::vector<std::unique_ptr<PJRT_Device>> owned_remote_devices;
  int process_index = 0;
  std::vector<std::unique_ptr<PJRT_Memory>> owned_memories;
  std::vector<PJRT_Memory*> memories;  // index == memory id
  std::vector<std::string> memory_kinds;  // every device's kinds; [0] is "device", the default
  std::unique_ptr<PJRT_TopologyDescription> topology;
  std::shared_ptr<PJRT_Client> handle_reference;
};

struct PJRT_Buffer {
  std::shared_ptr<PJRT_Client> client;
  PJRT_Device* device = nullptr;
  PJRT_Memory* memory = nullptr;
  jaxlib::plugin::ArrayShape shape;
  std::vector<int64_t> minor_to_major;  // dense row-major: rank-1, ..., 0
  std::shared_ptr<jaxlib::plugin::EventState> ready;

  std::mutex mu;
  jaxlib::plugin::DeviceBufferPtr data;  // null once deleted or donated
  // While external references exist the memory must stay put even if the buffer is deleted.
  jaxlib::plugin::DeviceBufferPtr external_hold;
  int64_t external_references = 0;
};

// What a compiled program was built from: enough to compile it again (Executable_Serialize,
// DeserializeAndLoad). The program text itself is the backend executable's program_text().
struct ProgramSource {
  std::string format;           // PJRT_Program format, "mlir"
  std::string compile_options;  // the CompileOptionsProto bytes as received
};

struct PJRT_Executable {
  std::shared_ptr<jaxlib::plugin::Executable> executable;
  std::shared_ptr<const ProgramSource> source;
  std::string name;
  std::string fingerprint;
  int num_replicas = 1;
  int num_partitions = 1;
  std::vector<PJRT_Buffer_Type> output_types;
  std::vector<int64_t> output_dims;
  std::vector<size_t> output_dim_sizes;
  std::vector<std::string> output_memory_kind_names;  // owns what the two arrays below point to
  std::vector<const char*> output_memory_kinds;
  std::vector<size_t> output_memory_kind_sizes;
};

struct PJRT_SerializedExecutable {
  std::string bytes;
};

struct PJRT_SerializedTopology {
  std::string bytes;
};

struct PJRT_LoadedExecutable {
  std::shared_ptr<PJRT_Client> client;
  std::shared_ptr<jaxlib::plugin::Executable> executable;
  std::shared_ptr<const ProgramSource> source;
  // Per output, the index into each device's `memories` where that output is placed.
  std::vector<size_t> output_memory_index;
  std::vector<PJRT_Device*> devices;  // replica-major: [replica * num_partitions + partition]
  std::vector<int> device_ordinals;
  // Global ids of every device of the program ([replica * num_partitions + partition]); in a
  // multi-process job `devices` is the addressable subset.
  std::vector<int> assignment_ids;
  bool portable = false;
  std::string fingerprint;
  std::atomic<bool> deleted{false};
};

// FFI user data a host attached with PJRT_FFI_UserData_Add (ffi_extension.cc); Execute hands
// it to the backend, whose custom calls read it through XLA_FFI_ExecutionContext_Get.
struct PJRT_ExecuteContext {
  jaxlib::ffi::UserData ffi_user_data;
};

struct PJRT_DeviceAssignmentSerialized {
  std::string bytes;
};
