/*
 * jaxlib PJRT C ABI, version 0.81.
 *
 * Our own declaration of the PJRT C API. Type, field, enumerator and function
 * names, field order, field types and enum values follow OpenXLA's
 * pjrt_c_api.h at PJRT_API_MAJOR 0 / PJRT_API_MINOR 81, so that our host can
 * load third-party plugins and third-party hosts can load ours. The layout is
 * verified field by field by tests/unit/test_pjrt_abi_layout.py against
 * tests/data/pjrt_abi_0_81.json (generated from the real header by
 * ci/gen_pjrt_abi_expected.py).
 *
 * ABI rules that shape everything below:
 *  - Structs and the PJRT_Api table only ever grow at the end. Never insert,
 *    reorder or retype a field; append, bump PJRT_API_MINOR, update the
 *    _STRUCT_SIZE macro's last field, and regenerate the expected table.
 *  - Every Args struct starts with {struct_size, extension_start}. Callers set
 *    struct_size to <Name>_STRUCT_SIZE, which is offsetof(last field) +
 *    sizeof(last field) and therefore excludes tail padding. Callees read only
 *    fields that lie entirely within the struct_size they were given.
 *  - Every function returns a PJRT_Error* (NULL on success) that the caller
 *    owns, except the three PJRT_Error_* functions themselves.
 *
 * Plain C11; also valid C++. Assumes an LP64 target like the plugins we load.
 */
#ifndef JAXLIB_RUNTIME_PJRT_ABI_PJRT_C_API_H_
#define JAXLIB_RUNTIME_PJRT_ABI_PJRT_C_API_H_

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Bytes of a struct up to and including `last_field`: the value callers put
 * into struct_size. Deliberately not sizeof(), which includes tail padding a
 * later minor version may turn into a field. */
#define JAXLIB_PJRT_STRUCT_SIZE(type, last_field) \
  (offsetof(type, last_field) + sizeof(((type*)0)->last_field))

/* Spellings used by OpenXLA's own extension headers, so those can be included
 * after this one. Our declarations below do not use them. */
#define PJRT_STRUCT_SIZE(struct_type, last_field) \
  JAXLIB_PJRT_STRUCT_SIZE(struct_type, last_field)
#define PJRT_DEFINE_STRUCT_TRAITS(sname, last_field) \
  typedef struct sname sname;                        \
  enum { sname##_STRUCT_SIZE = PJRT_STRUCT_SIZE(sname, last_field) }

#define PJRT_API_MAJOR 0
#define PJRT_API_MINOR 81

#ifdef __cplusplus
extern "C" {
#endif

/* ===================================================================== */
/* Extensions: optional feature tables chained off PJRT_Api or any Args.  */
/* A reader skips unknown types and never reads past an entry's size.     */
/* ===================================================================== */

typedef enum {
  PJRT_Extension_Type_Gpu_Custom_Call = 0,
  PJRT_Extension_Type_Profiler = 1,
  PJRT_Extension_Type_Custom_Partitioner = 2,
  PJRT_Extension_Type_Stream = 3,
  PJRT_Extension_Type_Layouts = 4,
  PJRT_Extension_Type_FFI = 5,
  PJRT_Extension_Type_MemoryDescriptions = 6,
  PJRT_Extension_Type_Triton = 7,
  PJRT_Extension_Type_RawBuffer = 8,
  PJRT_Extension_Type_PhaseCompile = 9,
  PJRT_Extension_Type_Example = 10,
  PJRT_Extension_Type_Unknown = 11,
  PJRT_Extension_Type_CrossHostTransfers = 12,
  PJRT_Extension_Type_ExecutableMetadata = 13,
  PJRT_Extension_Type_Callback = 14,
  PJRT_Extension_Type_HostAllocator = 15,
} PJRT_Extension_Type;

/* Common head of every extension; the extension's own fields follow it. */
typedef struct PJRT_Extension_Base {
  size_t struct_size;  // size of the whole extension, its only version mark
  PJRT_Extension_Type type;
  struct PJRT_Extension_Base* next;  // NULL ends the chain
} PJRT_Extension_Base;
#define PJRT_Extension_Base_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Extension_Base, next)

/* ===================================================================== */
/* Version: embedded at a fixed offset (16) in PJRT_Api.                  */
/* ===================================================================== */

typedef struct PJRT_Api_Version {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  int major_version;  // [out] must equal the caller's PJRT_API_MAJOR
  int minor_version;  // [out] may differ; gate newer slots on it
} PJRT_Api_Version;
#define PJRT_Api_Version_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Api_Version, minor_version)

/* ===================================================================== */
/* Errors: the only way failures cross the boundary.                     */
/* ===================================================================== */

typedef struct PJRT_Error PJRT_Error;

typedef struct PJRT_Error_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Error* error;
} PJRT_Error_Destroy_Args;
#define PJRT_Error_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Error_Destroy_Args, error)
typedef void PJRT_Error_Destroy(PJRT_Error_Destroy_Args* args);

typedef struct PJRT_Error_Message_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_Error* error;
  const char* message;  // [out] owned by the error, not NUL-terminated
  size_t message_size;  // [out]
} PJRT_Error_Message_Args;
#define PJRT_Error_Message_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Error_Message_Args, message_size)
typedef void PJRT_Error_Message(PJRT_Error_Message_Args* args);

/* Same numbering as absl::StatusCode. */
typedef enum {
  PJRT_Error_Code_OK = 0,
  PJRT_Error_Code_CANCELLED = 1,
  PJRT_Error_Code_UNKNOWN = 2,
  PJRT_Error_Code_INVALID_ARGUMENT = 3,
  PJRT_Error_Code_DEADLINE_EXCEEDED = 4,
  PJRT_Error_Code_NOT_FOUND = 5,
  PJRT_Error_Code_ALREADY_EXISTS = 6,
  PJRT_Error_Code_PERMISSION_DENIED = 7,
  PJRT_Error_Code_RESOURCE_EXHAUSTED = 8,
  PJRT_Error_Code_FAILED_PRECONDITION = 9,
  PJRT_Error_Code_ABORTED = 10,
  PJRT_Error_Code_OUT_OF_RANGE = 11,
  PJRT_Error_Code_UNIMPLEMENTED = 12,
  PJRT_Error_Code_INTERNAL = 13,
  PJRT_Error_Code_UNAVAILABLE = 14,
  PJRT_Error_Code_DATA_LOSS = 15,
  PJRT_Error_Code_UNAUTHENTICATED = 16
} PJRT_Error_Code;

typedef struct PJRT_Error_GetCode_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_Error* error;
  PJRT_Error_Code code;  // [out]
} PJRT_Error_GetCode_Args;
#define PJRT_Error_GetCode_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Error_GetCode_Args, code)
typedef PJRT_Error* PJRT_Error_GetCode(PJRT_Error_GetCode_Args* args);

/* Lets caller-supplied callbacks (KV store, send) build a PJRT_Error
 * the plugin can own. */
typedef PJRT_Error* (*PJRT_CallbackError)(PJRT_Error_Code code,
                                          const char* message,
                                          size_t message_size);

/* ===================================================================== */
/* Named values: typed key/value pairs for options and attributes.        */
/* ===================================================================== */

typedef enum {
  PJRT_NamedValue_kString = 0,
  PJRT_NamedValue_kInt64 = 1,
  PJRT_NamedValue_kInt64List = 2,
  PJRT_NamedValue_kFloat = 3,
  PJRT_NamedValue_kBool = 4,
} PJRT_NamedValue_Type;

typedef struct PJRT_NamedValue {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* name;
  size_t name_size;
  PJRT_NamedValue_Type type;  // selects the union member
  union {
    const char* string_value;
    int64_t int64_value;
    const int64_t* int64_array_value;
    float float_value;
    bool bool_value;
  };
  size_t value_size;  // string bytes, list length, or 1 for scalars
} PJRT_NamedValue;
#define PJRT_NamedValue_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_NamedValue, value_size)

/* ===================================================================== */
/* Plugin: process-wide setup, callable before any client exists.         */
/* ===================================================================== */

typedef struct PJRT_Plugin_Initialize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
} PJRT_Plugin_Initialize_Args;
#define PJRT_Plugin_Initialize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Plugin_Initialize_Args, extension_start)
typedef PJRT_Error* PJRT_Plugin_Initialize(PJRT_Plugin_Initialize_Args* args);

typedef struct PJRT_Plugin_Attributes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_NamedValue* attributes;  // [out] lives as long as the plugin
  size_t num_attributes;              // [out]
} PJRT_Plugin_Attributes_Args;
#define PJRT_Plugin_Attributes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Plugin_Attributes_Args, num_attributes)
typedef PJRT_Error* PJRT_Plugin_Attributes(PJRT_Plugin_Attributes_Args* args);

/* ===================================================================== */
/* Events: completion of asynchronous work. The caller destroys them.     */
/* ===================================================================== */

typedef struct PJRT_Event PJRT_Event;

typedef struct PJRT_Event_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
} PJRT_Event_Destroy_Args;
#define PJRT_Event_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Event_Destroy_Args, event)
typedef PJRT_Error* PJRT_Event_Destroy(PJRT_Event_Destroy_Args* args);

typedef struct PJRT_Event_IsReady_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
  bool is_ready;  // [out]
} PJRT_Event_IsReady_Args;
#define PJRT_Event_IsReady_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Event_IsReady_Args, is_ready)
typedef PJRT_Error* PJRT_Event_IsReady(PJRT_Event_IsReady_Args* args);

/* Returns the event's status as a fresh error; only valid once ready. */
typedef struct PJRT_Event_Error_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
} PJRT_Event_Error_Args;
#define PJRT_Event_Error_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Event_Error_Args, event)
typedef PJRT_Error* PJRT_Event_Error(PJRT_Event_Error_Args* args);

typedef struct PJRT_Event_Await_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
} PJRT_Event_Await_Args;
#define PJRT_Event_Await_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Event_Await_Args, event)
typedef PJRT_Error* PJRT_Event_Await(PJRT_Event_Await_Args* args);

/* May run inline or on a plugin thread; owns `error` (NULL on success). */
typedef void (*PJRT_Event_OnReadyCallback)(PJRT_Error* error, void* user_arg);

typedef struct PJRT_Event_OnReady_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Event* event;
  PJRT_Event_OnReadyCallback callback;
  void* user_arg;
} PJRT_Event_OnReady_Args;
#define PJRT_Event_OnReady_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Event_OnReady_Args, user_arg)
typedef PJRT_Error* PJRT_Event_OnReady(PJRT_Event_OnReady_Args* args);

/* ===================================================================== */
/* Opaque handles, owned by the plugin.                                   */
/* ===================================================================== */

typedef struct PJRT_Client PJRT_Client;
typedef struct PJRT_Device PJRT_Device;
typedef struct PJRT_Memory PJRT_Memory;
typedef struct PJRT_ShapeSpec PJRT_ShapeSpec;  // not opaque; defined below
typedef struct PJRT_DeviceDescription PJRT_DeviceDescription;
typedef struct PJRT_TopologyDescription PJRT_TopologyDescription;
typedef struct PJRT_Executable PJRT_Executable;
typedef struct PJRT_LoadedExecutable PJRT_LoadedExecutable;
typedef struct PJRT_Buffer PJRT_Buffer;
typedef struct PJRT_FulfillAliasBufferCallback PJRT_FulfillAliasBufferCallback;
typedef struct PJRT_AsyncHostToDeviceTransferManager
    PJRT_AsyncHostToDeviceTransferManager;
typedef struct PJRT_PhaseCompiler PJRT_PhaseCompiler;

/* ===================================================================== */
/* Client: key-value store callbacks the caller may hand to Client_Create */
/* for multi-process setups.                                              */
/* ===================================================================== */

typedef void (*PJRT_KeyValueGetCallback_ValueDeleter)(char* value);

typedef struct PJRT_KeyValueGetCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  int timeout_in_ms;  // blocks up to this long for the key to appear
  PJRT_CallbackError* callback_error;
  void* user_arg;
  char* value;        // [out] freed by the plugin via value_deleter_callback
  size_t value_size;  // [out]
  PJRT_KeyValueGetCallback_ValueDeleter value_deleter_callback;  // [out]
} PJRT_KeyValueGetCallback_Args;
#define PJRT_KeyValueGetCallback_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_KeyValueGetCallback_Args, value_deleter_callback)
typedef PJRT_Error* (*PJRT_KeyValueGetCallback)(
    PJRT_KeyValueGetCallback_Args* args);

typedef void (*PJRT_KeyValueTryGetCallback_ValueDeleter)(char* value);

/* Non-blocking variant of the get callback (no timeout field). */
typedef struct PJRT_KeyValueTryGetCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  PJRT_CallbackError* callback_error;
  void* user_arg;
  char* value;        // [out]
  size_t value_size;  // [out]
  PJRT_KeyValueTryGetCallback_ValueDeleter value_deleter_callback;  // [out]
} PJRT_KeyValueTryGetCallback_Args;
#define PJRT_KeyValueTryGetCallback_Args_STRUCT_SIZE   \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_KeyValueTryGetCallback_Args, \
                          value_deleter_callback)
typedef PJRT_Error* (*PJRT_KeyValueTryGetCallback)(
    PJRT_KeyValueTryGetCallback_Args* args);

typedef struct PJRT_KeyValuePutCallback_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* key;
  size_t key_size;
  const char* value;  // copied by the callee
  size_t value_size;
  PJRT_CallbackError* callback_error;
  void* user_arg;
} PJRT_KeyValuePutCallback_Args;
#define PJRT_KeyValuePutCallback_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_KeyValuePutCallback_Args, user_arg)
typedef PJRT_Error* (*PJRT_KeyValuePutCallback)(
    PJRT_KeyValuePutCallback_Args* args);

/* ===================================================================== */
/* Client: lifetime and identity.                                         */
/* ===================================================================== */

typedef struct PJRT_Client_Create_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_NamedValue* create_options;
  size_t num_options;
  PJRT_KeyValueGetCallback kv_get_callback;  // may be NULL (single process)
  void* kv_get_user_arg;
  PJRT_KeyValuePutCallback kv_put_callback;
  void* kv_put_user_arg;
  PJRT_Client* client;  // [out] sits between inputs: it predates kv_try_get
  PJRT_KeyValueTryGetCallback kv_try_get_callback;
  void* kv_try_get_user_arg;
} PJRT_Client_Create_Args;
#define PJRT_Client_Create_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_Create_Args, kv_try_get_user_arg)
typedef PJRT_Error* PJRT_Client_Create(PJRT_Client_Create_Args* args);

typedef struct PJRT_Client_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
} PJRT_Client_Destroy_Args;
#define PJRT_Client_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_Destroy_Args, client)
typedef PJRT_Error* PJRT_Client_Destroy(PJRT_Client_Destroy_Args* args);

typedef struct PJRT_Client_PlatformName_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const char* platform_name;  // [out] owned by the client
  size_t platform_name_size;  // [out]
} PJRT_Client_PlatformName_Args;
#define PJRT_Client_PlatformName_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_PlatformName_Args, platform_name_size)
typedef PJRT_Error* PJRT_Client_PlatformName(
    PJRT_Client_PlatformName_Args* args);

typedef struct PJRT_Client_ProcessIndex_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int process_index;  // [out]
} PJRT_Client_ProcessIndex_Args;
#define PJRT_Client_ProcessIndex_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_ProcessIndex_Args, process_index)
typedef PJRT_Error* PJRT_Client_ProcessIndex(
    PJRT_Client_ProcessIndex_Args* args);

typedef struct PJRT_Client_PlatformVersion_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const char* platform_version;  // [out] owned by the client
  size_t platform_version_size;  // [out]
} PJRT_Client_PlatformVersion_Args;
#define PJRT_Client_PlatformVersion_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_PlatformVersion_Args, \
                          platform_version_size)
typedef PJRT_Error* PJRT_Client_PlatformVersion(
    PJRT_Client_PlatformVersion_Args* args);

typedef struct PJRT_Client_TopologyDescription_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_TopologyDescription* topology;  // [out] owned by the client
} PJRT_Client_TopologyDescription_Args;
#define PJRT_Client_TopologyDescription_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_TopologyDescription_Args, topology)
typedef PJRT_Error* PJRT_Client_TopologyDescription(
    PJRT_Client_TopologyDescription_Args* args);

/* ===================================================================== */
/* Client: devices and memories it knows about.                           */
/* ===================================================================== */

typedef struct PJRT_Client_Devices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Device* const* devices;  // [out] all devices, including remote ones
  size_t num_devices;           // [out]
} PJRT_Client_Devices_Args;
#define PJRT_Client_Devices_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_Devices_Args, num_devices)
typedef PJRT_Error* PJRT_Client_Devices(PJRT_Client_Devices_Args* args);

typedef struct PJRT_Client_AddressableDevices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Device* const* addressable_devices;  // [out]
  size_t num_addressable_devices;           // [out]
} PJRT_Client_AddressableDevices_Args;
#define PJRT_Client_AddressableDevices_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_AddressableDevices_Args, \
                          num_addressable_devices)
typedef PJRT_Error* PJRT_Client_AddressableDevices(
    PJRT_Client_AddressableDevices_Args* args);

typedef struct PJRT_Client_LookupDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int id;  // global device id
  PJRT_Device* device;  // [out]
} PJRT_Client_LookupDevice_Args;
#define PJRT_Client_LookupDevice_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_LookupDevice_Args, device)
typedef PJRT_Error* PJRT_Client_LookupDevice(
    PJRT_Client_LookupDevice_Args* args);

typedef struct PJRT_Client_LookupAddressableDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int local_hardware_id;
  PJRT_Device* addressable_device;  // [out]
} PJRT_Client_LookupAddressableDevice_Args;
#define PJRT_Client_LookupAddressableDevice_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_LookupAddressableDevice_Args, \
                          addressable_device)
typedef PJRT_Error* PJRT_Client_LookupAddressableDevice(
    PJRT_Client_LookupAddressableDevice_Args* args);

/* Multi-process bookkeeping pushed into a client by its owner. */
typedef enum {
  PJRT_ProcessState_kUnspecified = 0,
  PJRT_ProcessState_kUninitialized = 1,
  PJRT_ProcessState_kDisconnected = 2,
  PJRT_ProcessState_kConnected = 3,
  PJRT_ProcessState_kError = 4,
} PJRT_ProcessState;

/* Note: no extension_start, unlike almost every other versioned struct. */
typedef struct PJRT_ProcessInfo {
  size_t struct_size;
  int task_id;
  uint64_t incarnation_id;
  PJRT_ProcessState state;
  int error_code;
  const char* error_message;
  size_t error_message_size;
} PJRT_ProcessInfo;
#define PJRT_ProcessInfo_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_ProcessInfo, error_message_size)

typedef struct PJRT_Client_UpdateGlobalProcessInfo_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_ProcessInfo* process_infos;
  size_t num_process_infos;
} PJRT_Client_UpdateGlobalProcessInfo_Args;
#define PJRT_Client_UpdateGlobalProcessInfo_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_UpdateGlobalProcessInfo_Args, \
                          num_process_infos)
typedef PJRT_Error* PJRT_Client_UpdateGlobalProcessInfo(
    PJRT_Client_UpdateGlobalProcessInfo_Args* args);

typedef struct PJRT_Client_AddressableMemories_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Memory* const* addressable_memories;  // [out]
  size_t num_addressable_memories;           // [out]
} PJRT_Client_AddressableMemories_Args;
#define PJRT_Client_AddressableMemories_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_AddressableMemories_Args, \
                          num_addressable_memories)
typedef PJRT_Error* PJRT_Client_AddressableMemories(
    PJRT_Client_AddressableMemories_Args* args);

/* ===================================================================== */
/* Client: compilation.                                                   */
/* ===================================================================== */

/* A program to compile: format is "mlir", "hlo" or "hlo_with_config". */
typedef struct PJRT_Program {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  char* code;  // non-const: OptimizedProgram writes into a caller buffer
  size_t code_size;
  const char* format;
  size_t format_size;
} PJRT_Program;
#define PJRT_Program_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Program, format_size)

typedef struct PJRT_Client_Compile_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const PJRT_Program* program;
  const char* compile_options;  // serialized xla.CompileOptionsProto
  size_t compile_options_size;
  PJRT_LoadedExecutable* executable;  // [out]
} PJRT_Client_Compile_Args;
#define PJRT_Client_Compile_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_Compile_Args, executable)
typedef PJRT_Error* PJRT_Client_Compile(PJRT_Client_Compile_Args* args);

typedef struct PJRT_Client_DefaultDeviceAssignment_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  int num_replicas;
  int num_partitions;
  size_t default_assignment_size;  // capacity of default_assignment
  int* default_assignment;  // caller-owned array the callee fills
} PJRT_Client_DefaultDeviceAssignment_Args;
#define PJRT_Client_DefaultDeviceAssignment_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_DefaultDeviceAssignment_Args, \
                          default_assignment)
typedef PJRT_Error* PJRT_Client_DefaultDeviceAssignment(
    PJRT_Client_DefaultDeviceAssignment_Args* args);

/* ===================================================================== */
/* Client: DMA registration of host memory.                               */
/* ===================================================================== */

typedef struct PJRT_Client_DmaMap_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  void* data;
  size_t size;
} PJRT_Client_DmaMap_Args;
#define PJRT_Client_DmaMap_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_DmaMap_Args, size)
typedef PJRT_Error* PJRT_Client_DmaMap(PJRT_Client_DmaMap_Args* args);

typedef struct PJRT_Client_DmaUnmap_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  void* data;
} PJRT_Client_DmaUnmap_Args;
#define PJRT_Client_DmaUnmap_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_DmaUnmap_Args, data)
typedef PJRT_Error* PJRT_Client_DmaUnmap(PJRT_Client_DmaUnmap_Args* args);

/* ===================================================================== */
/* Client: asynchronous host-to-device transfer manager. Buffers are      */
/* created up front (Client_CreateBuffersForAsyncHostToDevice) and filled */
/* piecewise.                                                             */
/* ===================================================================== */

typedef struct PJRT_AsyncHostToDeviceTransferManager_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
} PJRT_AsyncHostToDeviceTransferManager_Destroy_Args;
#define PJRT_AsyncHostToDeviceTransferManager_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_Destroy_Args, \
                          transfer_manager)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_Destroy(
    PJRT_AsyncHostToDeviceTransferManager_Destroy_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_TransferData_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  int buffer_index;
  const void* data;
  int64_t offset;  // byte offset into the device buffer
  int64_t transfer_size;
  bool is_last_transfer;  // marks the buffer complete
  PJRT_Event* done_with_h2d_transfer;  // [out] `data` may be freed after it
} PJRT_AsyncHostToDeviceTransferManager_TransferData_Args;
#define PJRT_AsyncHostToDeviceTransferManager_TransferData_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                               \
      PJRT_AsyncHostToDeviceTransferManager_TransferData_Args,           \
      done_with_h2d_transfer)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_TransferData(
    PJRT_AsyncHostToDeviceTransferManager_TransferData_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  int buffer_index;
  PJRT_Buffer* buffer_out;  // [out]
} PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args;
#define PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                                 \
      PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args, buffer_out)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer(
    PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_Device_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  PJRT_Device* device_out;  // [out]
} PJRT_AsyncHostToDeviceTransferManager_Device_Args;
#define PJRT_AsyncHostToDeviceTransferManager_Device_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_AsyncHostToDeviceTransferManager_Device_Args, \
                          device_out)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_Device(
    PJRT_AsyncHostToDeviceTransferManager_Device_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  size_t buffer_count;  // [out]
} PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args;
#define PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                              \
      PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args, buffer_count)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_BufferCount(
    PJRT_AsyncHostToDeviceTransferManager_BufferCount_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  int buffer_index;
  size_t buffer_size;  // [out] bytes on device
} PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args;
#define PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                             \
      PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args, buffer_size)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_BufferSize(
    PJRT_AsyncHostToDeviceTransferManager_BufferSize_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  int buffer_index;
  PJRT_Error_Code error_code;
  const char* error_message;
  size_t error_message_size;
} PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args;
#define PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                                 \
      PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args,           \
      error_message_size)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_SetBufferError(
    PJRT_AsyncHostToDeviceTransferManager_SetBufferError_Args* args);

typedef struct PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;
  const PJRT_NamedValue* transfer_metadata;
  size_t num_metadata;
} PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args;
#define PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(                                              \
      PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args, num_metadata)
typedef PJRT_Error* PJRT_AsyncHostToDeviceTransferManager_AddMetadata(
    PJRT_AsyncHostToDeviceTransferManager_AddMetadata_Args* args);

/* ===================================================================== */
/* Element types and host-buffer semantics.                               */
/* ===================================================================== */

/* Positional; NOT xla::PrimitiveType numbering (e.g. BF16 is 13 here). */
typedef enum {
  PJRT_Buffer_Type_INVALID = 0,
  PJRT_Buffer_Type_PRED = 1,
  PJRT_Buffer_Type_S8 = 2,
  PJRT_Buffer_Type_S16 = 3,
  PJRT_Buffer_Type_S32 = 4,
  PJRT_Buffer_Type_S64 = 5,
  PJRT_Buffer_Type_U8 = 6,
  PJRT_Buffer_Type_U16 = 7,
  PJRT_Buffer_Type_U32 = 8,
  PJRT_Buffer_Type_U64 = 9,
  PJRT_Buffer_Type_F16 = 10,
  PJRT_Buffer_Type_F32 = 11,
  PJRT_Buffer_Type_F64 = 12,
  PJRT_Buffer_Type_BF16 = 13,
  PJRT_Buffer_Type_C64 = 14,
  PJRT_Buffer_Type_C128 = 15,
  PJRT_Buffer_Type_F8E5M2 = 16,
  PJRT_Buffer_Type_F8E4M3FN = 17,
  PJRT_Buffer_Type_F8E4M3B11FNUZ = 18,
  PJRT_Buffer_Type_F8E5M2FNUZ = 19,
  PJRT_Buffer_Type_F8E4M3FNUZ = 20,
  PJRT_Buffer_Type_S4 = 21,
  PJRT_Buffer_Type_U4 = 22,
  PJRT_Buffer_Type_TOKEN = 23,
  PJRT_Buffer_Type_S2 = 24,
  PJRT_Buffer_Type_U2 = 25,
  PJRT_Buffer_Type_F8E4M3 = 26,
  PJRT_Buffer_Type_F8E3M4 = 27,
  PJRT_Buffer_Type_F8E8M0FNU = 28,
  PJRT_Buffer_Type_F4E2M1FN = 29,
} PJRT_Buffer_Type;

/* How long the caller keeps host memory valid in BufferFromHostBuffer. */
typedef enum {
  PJRT_HostBufferSemantics_kImmutableOnlyDuringCall = 0,
  PJRT_HostBufferSemantics_kImmutableUntilTransferCompletes = 1,
  PJRT_HostBufferSemantics_kImmutableZeroCopy = 2,
  PJRT_HostBufferSemantics_kMutableZeroCopy = 3,
} PJRT_HostBufferSemantics;

/* ===================================================================== */
/* Layouts: a device layout is either tiled (minor-to-major + tiles) or   */
/* byte strides, selected by `type`.                                      */
/* ===================================================================== */

typedef enum {
  PJRT_Buffer_MemoryLayout_Type_Tiled = 0,
  PJRT_Buffer_MemoryLayout_Type_Strides = 1,
} PJRT_Buffer_MemoryLayout_Type;

typedef struct PJRT_Buffer_MemoryLayout_Tiled {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const int64_t* minor_to_major;  // one entry per dimension
  size_t minor_to_major_size;
  const int64_t* tile_dims;  // all tiles' dimensions, concatenated
  const size_t* tile_dim_sizes;  // rank of each tile; num_tiles entries
  size_t num_tiles;
} PJRT_Buffer_MemoryLayout_Tiled;
#define PJRT_Buffer_MemoryLayout_Tiled_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_MemoryLayout_Tiled, num_tiles)

typedef struct PJRT_Buffer_MemoryLayout_Strides {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const int64_t* byte_strides;  // may be negative
  size_t num_byte_strides;
} PJRT_Buffer_MemoryLayout_Strides;
#define PJRT_Buffer_MemoryLayout_Strides_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_MemoryLayout_Strides, num_byte_strides)

typedef struct PJRT_Buffer_MemoryLayout {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  union {
    PJRT_Buffer_MemoryLayout_Tiled tiled;
    PJRT_Buffer_MemoryLayout_Strides strides;
  };
  PJRT_Buffer_MemoryLayout_Type type;  // after the union, hence size 76 < 80
} PJRT_Buffer_MemoryLayout;
#define PJRT_Buffer_MemoryLayout_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_MemoryLayout, type)

/* ===================================================================== */
/* Client: creating buffers. Give either `device` or `memory` (memory    */
/* wins when both are set); layouts are optional (NULL = dense           */
/* major-to-minor).                                                       */
/* ===================================================================== */

typedef struct PJRT_Client_CreateUninitializedBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const int64_t* shape_dims;
  size_t shape_num_dims;
  PJRT_Buffer_Type shape_element_type;
  PJRT_Buffer_MemoryLayout* shape_layout;
  PJRT_Device* device;
  PJRT_Memory* memory;
  PJRT_Buffer* buffer;  // [out]
} PJRT_Client_CreateUninitializedBuffer_Args;
#define PJRT_Client_CreateUninitializedBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_CreateUninitializedBuffer_Args, buffer)
typedef PJRT_Error* PJRT_Client_CreateUninitializedBuffer(
    PJRT_Client_CreateUninitializedBuffer_Args* args);

/* An alias buffer is a placeholder later bound by Client_FulfillAliasBuffer. */
typedef struct PJRT_Client_CreateAliasBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Memory* memory;
  const int64_t* shape_dims;
  size_t shape_num_dims;
  PJRT_Buffer_Type shape_element_type;
  PJRT_Buffer_MemoryLayout* shape_layout;
  PJRT_Buffer* alias_buffer;                                 // [out]
  PJRT_FulfillAliasBufferCallback* fulfill_alias_buffer_cb;  // [out]
} PJRT_Client_CreateAliasBuffer_Args;
#define PJRT_Client_CreateAliasBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_CreateAliasBuffer_Args, \
                          fulfill_alias_buffer_cb)
typedef PJRT_Error* PJRT_Client_CreateAliasBuffer(
    PJRT_Client_CreateAliasBuffer_Args* args);

typedef struct PJRT_Client_FulfillAliasBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_Buffer* buffer;
  PJRT_Error_Code status_code;  // non-OK fails the alias with error_message
  const char* error_message;
  size_t error_message_size;
  PJRT_FulfillAliasBufferCallback* fulfill_alias_buffer_cb;
} PJRT_Client_FulfillAliasBuffer_Args;
#define PJRT_Client_FulfillAliasBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_FulfillAliasBuffer_Args, \
                          fulfill_alias_buffer_cb)
typedef PJRT_Error* PJRT_Client_FulfillAliasBuffer(
    PJRT_Client_FulfillAliasBuffer_Args* args);

typedef struct PJRT_Client_BufferFromHostBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const void* data;
  PJRT_Buffer_Type type;
  const int64_t* dims;
  size_t num_dims;
  const int64_t* byte_strides;  // empty = dense major-to-minor
  size_t num_byte_strides;
  PJRT_HostBufferSemantics host_buffer_semantics;
  PJRT_Device* device;
  PJRT_Memory* memory;
  PJRT_Buffer_MemoryLayout* device_layout;
  PJRT_Event* done_with_host_buffer;  // [out] `data` may be released after it
  PJRT_Buffer* buffer;                // [out]
} PJRT_Client_BufferFromHostBuffer_Args;
#define PJRT_Client_BufferFromHostBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_BufferFromHostBuffer_Args, buffer)
typedef PJRT_Error* PJRT_Client_BufferFromHostBuffer(
    PJRT_Client_BufferFromHostBuffer_Args* args);

/* Wraps memory the caller already allocated on the device. */
typedef struct PJRT_Client_CreateViewOfDeviceBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  void* device_buffer_ptr;
  const int64_t* dims;
  size_t num_dims;
  PJRT_Buffer_Type element_type;
  PJRT_Buffer_MemoryLayout* layout;
  PJRT_Device* device;
  void (*on_delete_callback)(void* device_buffer_ptr, void* user_arg);
  void* on_delete_callback_arg;
  intptr_t stream;  // optional platform stream handle (GPU dlpack)
  PJRT_Buffer* buffer;  // [out]
  PJRT_Memory* memory;  // input (preferred over `device`), added late
} PJRT_Client_CreateViewOfDeviceBuffer_Args;
#define PJRT_Client_CreateViewOfDeviceBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_CreateViewOfDeviceBuffer_Args, memory)
typedef PJRT_Error* PJRT_Client_CreateViewOfDeviceBuffer(
    PJRT_Client_CreateViewOfDeviceBuffer_Args* args);

struct PJRT_ShapeSpec {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const int64_t* dims;
  size_t num_dims;
  PJRT_Buffer_Type element_type;
};
#define PJRT_ShapeSpec_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_ShapeSpec, element_type)

typedef struct PJRT_Client_CreateBuffersForAsyncHostToDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  PJRT_ShapeSpec* shape_specs;
  size_t num_shape_specs;
  PJRT_Buffer_MemoryLayout** device_layouts;  // optional, NULL entries allowed
  size_t num_device_layouts;
  PJRT_Memory* memory;
  PJRT_AsyncHostToDeviceTransferManager* transfer_manager;  // [out]
} PJRT_Client_CreateBuffersForAsyncHostToDevice_Args;
#define PJRT_Client_CreateBuffersForAsyncHostToDevice_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Client_CreateBuffersForAsyncHostToDevice_Args, \
                          transfer_manager)
typedef PJRT_Error* PJRT_Client_CreateBuffersForAsyncHostToDevice(
    PJRT_Client_CreateBuffersForAsyncHostToDevice_Args* args);

/* ===================================================================== */
/* Device description: static facts, also available without a client     */
/* (from a topology).                                                     */
/* ===================================================================== */

typedef struct PJRT_DeviceDescription_Id_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  int id;  // [out] globally unique
} PJRT_DeviceDescription_Id_Args;
#define PJRT_DeviceDescription_Id_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_Id_Args, id)
typedef PJRT_Error* PJRT_DeviceDescription_Id(
    PJRT_DeviceDescription_Id_Args* args);

typedef struct PJRT_DeviceDescription_ProcessIndex_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  int process_index;  // [out]
} PJRT_DeviceDescription_ProcessIndex_Args;
#define PJRT_DeviceDescription_ProcessIndex_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_ProcessIndex_Args, \
                          process_index)
typedef PJRT_Error* PJRT_DeviceDescription_ProcessIndex(
    PJRT_DeviceDescription_ProcessIndex_Args* args);

/* Count before pointer here, the reverse of most list outputs. */
typedef struct PJRT_DeviceDescription_Attributes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  size_t num_attributes;              // [out]
  const PJRT_NamedValue* attributes;  // [out]
} PJRT_DeviceDescription_Attributes_Args;
#define PJRT_DeviceDescription_Attributes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_Attributes_Args, attributes)
typedef PJRT_Error* PJRT_DeviceDescription_Attributes(
    PJRT_DeviceDescription_Attributes_Args* args);

typedef struct PJRT_DeviceDescription_Kind_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* device_kind;  // [out]
  size_t device_kind_size;  // [out]
} PJRT_DeviceDescription_Kind_Args;
#define PJRT_DeviceDescription_Kind_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_Kind_Args, device_kind_size)
typedef PJRT_Error* PJRT_DeviceDescription_Kind(
    PJRT_DeviceDescription_Kind_Args* args);

typedef struct PJRT_DeviceDescription_DebugString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* debug_string;  // [out]
  size_t debug_string_size;  // [out]
} PJRT_DeviceDescription_DebugString_Args;
#define PJRT_DeviceDescription_DebugString_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_DebugString_Args, \
                          debug_string_size)
typedef PJRT_Error* PJRT_DeviceDescription_DebugString(
    PJRT_DeviceDescription_DebugString_Args* args);

typedef struct PJRT_DeviceDescription_ToString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_DeviceDescription* device_description;
  const char* to_string;  // [out]
  size_t to_string_size;  // [out]
} PJRT_DeviceDescription_ToString_Args;
#define PJRT_DeviceDescription_ToString_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_DeviceDescription_ToString_Args, to_string_size)
typedef PJRT_Error* PJRT_DeviceDescription_ToString(
    PJRT_DeviceDescription_ToString_Args* args);

/* ===================================================================== */
/* Device: a device as seen by a live client.                             */
/* ===================================================================== */

typedef struct PJRT_Device_GetDescription_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  PJRT_DeviceDescription* device_description;  // [out] owned by the device
} PJRT_Device_GetDescription_Args;
#define PJRT_Device_GetDescription_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_GetDescription_Args, device_description)
typedef PJRT_Error* PJRT_Device_GetDescription(
    PJRT_Device_GetDescription_Args* args);

typedef struct PJRT_Device_IsAddressable_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  bool is_addressable;  // [out]
} PJRT_Device_IsAddressable_Args;
#define PJRT_Device_IsAddressable_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_IsAddressable_Args, is_addressable)
typedef PJRT_Error* PJRT_Device_IsAddressable(
    PJRT_Device_IsAddressable_Args* args);

typedef struct PJRT_Device_LocalHardwareId_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  int local_hardware_id;  // [out] e.g. CUDA ordinal; -1 if undefined
} PJRT_Device_LocalHardwareId_Args;
#define PJRT_Device_LocalHardwareId_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_LocalHardwareId_Args, local_hardware_id)
typedef PJRT_Error* PJRT_Device_LocalHardwareId(
    PJRT_Device_LocalHardwareId_Args* args);

typedef struct PJRT_Device_AddressableMemories_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  PJRT_Memory* const* memories;  // [out]
  size_t num_memories;           // [out]
} PJRT_Device_AddressableMemories_Args;
#define PJRT_Device_AddressableMemories_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_AddressableMemories_Args, num_memories)
typedef PJRT_Error* PJRT_Device_AddressableMemories(
    PJRT_Device_AddressableMemories_Args* args);

typedef struct PJRT_Device_DefaultMemory_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  PJRT_Memory* memory;  // [out]
} PJRT_Device_DefaultMemory_Args;
#define PJRT_Device_DefaultMemory_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_DefaultMemory_Args, memory)
typedef PJRT_Error* PJRT_Device_DefaultMemory(
    PJRT_Device_DefaultMemory_Args* args);

/* All outputs. Each optional statistic has an `_is_set` flag after it;
 * bytes_in_use is always set. Ends in a bool, hence size 185 < 192. */
typedef struct PJRT_Device_MemoryStats_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Device* device;
  int64_t bytes_in_use;
  int64_t peak_bytes_in_use;
  bool peak_bytes_in_use_is_set;
  int64_t num_allocs;
  bool num_allocs_is_set;
  int64_t largest_alloc_size;
  bool largest_alloc_size_is_set;
  int64_t bytes_limit;
  bool bytes_limit_is_set;
  int64_t bytes_reserved;
  bool bytes_reserved_is_set;
  int64_t peak_bytes_reserved;
  bool peak_bytes_reserved_is_set;
  int64_t bytes_reservable_limit;
  bool bytes_reservable_limit_is_set;
  int64_t largest_free_block_bytes;
  bool largest_free_block_bytes_is_set;
  int64_t pool_bytes;
  bool pool_bytes_is_set;
  int64_t peak_pool_bytes;
  bool peak_pool_bytes_is_set;
} PJRT_Device_MemoryStats_Args;
#define PJRT_Device_MemoryStats_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Device_MemoryStats_Args, peak_pool_bytes_is_set)
typedef PJRT_Error* PJRT_Device_MemoryStats(PJRT_Device_MemoryStats_Args* args);

/* ===================================================================== */
/* Memory: memory spaces ("device", "pinned_host", ...) attached to       */
/* devices.                                                               */
/* ===================================================================== */

typedef struct PJRT_Memory_Id_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  int id;  // [out]
} PJRT_Memory_Id_Args;
#define PJRT_Memory_Id_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_Id_Args, id)
typedef PJRT_Error* PJRT_Memory_Id(PJRT_Memory_Id_Args* args);

typedef struct PJRT_Memory_Kind_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  const char* kind;  // [out] platform-dependent name, e.g. "device"
  size_t kind_size;  // [out]
} PJRT_Memory_Kind_Args;
#define PJRT_Memory_Kind_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_Kind_Args, kind_size)
typedef PJRT_Error* PJRT_Memory_Kind(PJRT_Memory_Kind_Args* args);

typedef struct PJRT_Memory_Kind_Id_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  int kind_id;  // [out] integer form of the kind string
} PJRT_Memory_Kind_Id_Args;
#define PJRT_Memory_Kind_Id_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_Kind_Id_Args, kind_id)
typedef PJRT_Error* PJRT_Memory_Kind_Id(PJRT_Memory_Kind_Id_Args* args);

typedef struct PJRT_Memory_DebugString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  const char* debug_string;  // [out]
  size_t debug_string_size;  // [out]
} PJRT_Memory_DebugString_Args;
#define PJRT_Memory_DebugString_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_DebugString_Args, debug_string_size)
typedef PJRT_Error* PJRT_Memory_DebugString(PJRT_Memory_DebugString_Args* args);

typedef struct PJRT_Memory_ToString_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  const char* to_string;  // [out]
  size_t to_string_size;  // [out]
} PJRT_Memory_ToString_Args;
#define PJRT_Memory_ToString_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_ToString_Args, to_string_size)
typedef PJRT_Error* PJRT_Memory_ToString(PJRT_Memory_ToString_Args* args);

typedef struct PJRT_Memory_AddressableByDevices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Memory* memory;
  PJRT_Device* const* devices;  // [out]
  size_t num_devices;           // [out]
} PJRT_Memory_AddressableByDevices_Args;
#define PJRT_Memory_AddressableByDevices_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Memory_AddressableByDevices_Args, num_devices)
typedef PJRT_Error* PJRT_Memory_AddressableByDevices(
    PJRT_Memory_AddressableByDevices_Args* args);

/* ===================================================================== */
/* Execute context: per-execution user data passed via ExecuteOptions.    */
/* ===================================================================== */

typedef struct PJRT_ExecuteContext PJRT_ExecuteContext;

typedef struct PJRT_ExecuteContext_Create_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_ExecuteContext* context;  // [out]
} PJRT_ExecuteContext_Create_Args;
#define PJRT_ExecuteContext_Create_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_ExecuteContext_Create_Args, context)
typedef PJRT_Error* PJRT_ExecuteContext_Create(
    PJRT_ExecuteContext_Create_Args* args);

typedef struct PJRT_ExecuteContext_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_ExecuteContext* context;
} PJRT_ExecuteContext_Destroy_Args;
#define PJRT_ExecuteContext_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_ExecuteContext_Destroy_Args, context)
typedef PJRT_Error* PJRT_ExecuteContext_Destroy(
    PJRT_ExecuteContext_Destroy_Args* args);

/* ===================================================================== */
/* Executable: a compiled program, not bound to devices. Arrays and       */
/* strings it returns live as long as the PJRT_Executable.                */
/* ===================================================================== */

typedef struct PJRT_Executable_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
} PJRT_Executable_Destroy_Args;
#define PJRT_Executable_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_Destroy_Args, executable)
typedef PJRT_Error* PJRT_Executable_Destroy(PJRT_Executable_Destroy_Args* args);

typedef struct PJRT_Executable_Name_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  const char* executable_name;  // [out]
  size_t executable_name_size;  // [out]
} PJRT_Executable_Name_Args;
#define PJRT_Executable_Name_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_Name_Args, executable_name_size)
typedef PJRT_Error* PJRT_Executable_Name(PJRT_Executable_Name_Args* args);

typedef struct PJRT_Executable_NumReplicas_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_replicas;  // [out]
} PJRT_Executable_NumReplicas_Args;
#define PJRT_Executable_NumReplicas_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_NumReplicas_Args, num_replicas)
typedef PJRT_Error* PJRT_Executable_NumReplicas(
    PJRT_Executable_NumReplicas_Args* args);

typedef struct PJRT_Executable_NumPartitions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_partitions;  // [out]
} PJRT_Executable_NumPartitions_Args;
#define PJRT_Executable_NumPartitions_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_NumPartitions_Args, num_partitions)
typedef PJRT_Error* PJRT_Executable_NumPartitions(
    PJRT_Executable_NumPartitions_Args* args);

/* Two-call protocol: with program->code NULL the callee sets code_size;
 * call again with a caller buffer of that size. */
typedef struct PJRT_Executable_OptimizedProgram_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  PJRT_Program* program;  // [in/out] caller-owned struct
} PJRT_Executable_OptimizedProgram_Args;
#define PJRT_Executable_OptimizedProgram_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_OptimizedProgram_Args, program)
typedef PJRT_Error* PJRT_Executable_OptimizedProgram(
    PJRT_Executable_OptimizedProgram_Args* args);

typedef struct PJRT_Executable_NumOutputs_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_outputs;  // [out]
} PJRT_Executable_NumOutputs_Args;
#define PJRT_Executable_NumOutputs_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_NumOutputs_Args, num_outputs)
typedef PJRT_Error* PJRT_Executable_NumOutputs(
    PJRT_Executable_NumOutputs_Args* args);

typedef struct PJRT_Executable_SizeOfGeneratedCodeInBytes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  int64_t size_in_bytes;  // [out]
} PJRT_Executable_SizeOfGeneratedCodeInBytes_Args;
#define PJRT_Executable_SizeOfGeneratedCodeInBytes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_SizeOfGeneratedCodeInBytes_Args, \
                          size_in_bytes)
typedef PJRT_Error* PJRT_Executable_SizeOfGeneratedCodeInBytes(
    PJRT_Executable_SizeOfGeneratedCodeInBytes_Args* args);

typedef struct PJRT_Executable_Fingerprint_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  const char* executable_fingerprint;  // [out]
  size_t executable_fingerprint_size;  // [out]
} PJRT_Executable_Fingerprint_Args;
#define PJRT_Executable_Fingerprint_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_Fingerprint_Args, \
                          executable_fingerprint_size)
typedef PJRT_Error* PJRT_Executable_Fingerprint(
    PJRT_Executable_Fingerprint_Args* args);

/* Count before pointer, like DeviceDescription_Attributes. */
typedef struct PJRT_Executable_GetCostAnalysis_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_properties;              // [out]
  const PJRT_NamedValue* properties;  // [out]
} PJRT_Executable_GetCostAnalysis_Args;
#define PJRT_Executable_GetCostAnalysis_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_GetCostAnalysis_Args, properties)
typedef PJRT_Error* PJRT_Executable_GetCostAnalysis(
    PJRT_Executable_GetCostAnalysis_Args* args);

/* All outputs, in bytes. */
typedef struct PJRT_Executable_GetCompiledMemoryStats_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  int64_t generated_code_size_in_bytes;
  int64_t argument_size_in_bytes;
  int64_t output_size_in_bytes;
  int64_t alias_size_in_bytes;
  int64_t temp_size_in_bytes;
  int64_t host_generated_code_size_in_bytes;
  int64_t host_argument_size_in_bytes;
  int64_t host_output_size_in_bytes;
  int64_t host_alias_size_in_bytes;
  int64_t host_temp_size_in_bytes;
  int64_t peak_memory_in_bytes;
} PJRT_Executable_GetCompiledMemoryStats_Args;
#define PJRT_Executable_GetCompiledMemoryStats_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_GetCompiledMemoryStats_Args, \
                          peak_memory_in_bytes)
typedef PJRT_Error* PJRT_Executable_GetCompiledMemoryStats(
    PJRT_Executable_GetCompiledMemoryStats_Args* args);

typedef struct PJRT_Executable_OutputElementTypes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  PJRT_Buffer_Type* output_types;  // [out]
  size_t num_output_types;         // [out]
} PJRT_Executable_OutputElementTypes_Args;
#define PJRT_Executable_OutputElementTypes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_OutputElementTypes_Args, \
                          num_output_types)
typedef PJRT_Error* PJRT_Executable_OutputElementTypes(
    PJRT_Executable_OutputElementTypes_Args* args);

/* Shapes of all outputs: dims is flat, dim_sizes[i] is output i's rank. */
typedef struct PJRT_Executable_OutputDimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_outputs;       // [out]
  const int64_t* dims;      // [out]
  const size_t* dim_sizes;  // [out]
} PJRT_Executable_OutputDimensions_Args;
#define PJRT_Executable_OutputDimensions_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_OutputDimensions_Args, dim_sizes)
typedef PJRT_Error* PJRT_Executable_OutputDimensions(
    PJRT_Executable_OutputDimensions_Args* args);

typedef struct PJRT_Executable_OutputMemoryKinds_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Executable* executable;
  size_t num_outputs;               // [out]
  const char* const* memory_kinds;  // [out]
  const size_t* memory_kind_sizes;  // [out]
} PJRT_Executable_OutputMemoryKinds_Args;
#define PJRT_Executable_OutputMemoryKinds_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_OutputMemoryKinds_Args, \
                          memory_kind_sizes)
typedef PJRT_Error* PJRT_Executable_OutputMemoryKinds(
    PJRT_Executable_OutputMemoryKinds_Args* args);

typedef struct PJRT_SerializedExecutable PJRT_SerializedExecutable;

/* The bytes stay valid until the caller passes serialized_executable to
 * serialized_executable_deleter. */
typedef struct PJRT_Executable_Serialize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_Executable* executable;
  const char* serialized_bytes;                      // [out]
  size_t serialized_bytes_size;                      // [out]
  PJRT_SerializedExecutable* serialized_executable;  // [out]
  void (*serialized_executable_deleter)(
      PJRT_SerializedExecutable* exec);  // [out]
} PJRT_Executable_Serialize_Args;
#define PJRT_Executable_Serialize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_Serialize_Args, \
                          serialized_executable_deleter)
typedef PJRT_Error* PJRT_Executable_Serialize(
    PJRT_Executable_Serialize_Args* args);

/* ===================================================================== */
/* Loaded executable: an executable bound to a client's devices.          */
/* ===================================================================== */

typedef struct PJRT_LoadedExecutable_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
} PJRT_LoadedExecutable_Destroy_Args;
#define PJRT_LoadedExecutable_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Destroy_Args, executable)
typedef PJRT_Error* PJRT_LoadedExecutable_Destroy(
    PJRT_LoadedExecutable_Destroy_Args* args);

typedef struct PJRT_LoadedExecutable_GetExecutable_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* loaded_executable;
  PJRT_Executable* executable;  // [out] new object; caller destroys it
} PJRT_LoadedExecutable_GetExecutable_Args;
#define PJRT_LoadedExecutable_GetExecutable_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_GetExecutable_Args, executable)
typedef PJRT_Error* PJRT_LoadedExecutable_GetExecutable(
    PJRT_LoadedExecutable_GetExecutable_Args* args);

typedef struct PJRT_DeviceAssignmentSerialized PJRT_DeviceAssignmentSerialized;

/* Serialized xla.DeviceAssignmentProto; same ownership scheme as
 * Executable_Serialize. */
typedef struct PJRT_LoadedExecutable_GetDeviceAssignment_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  const char* serialized_bytes;                                  // [out]
  size_t serialized_bytes_size;                                  // [out]
  PJRT_DeviceAssignmentSerialized* serialized_device_assignment;  // [out]
  void (*serialized_device_assignment_deleter)(
      PJRT_DeviceAssignmentSerialized* da);  // [out]
} PJRT_LoadedExecutable_GetDeviceAssignment_Args;
#define PJRT_LoadedExecutable_GetDeviceAssignment_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_GetDeviceAssignment_Args, \
                          serialized_device_assignment_deleter)
typedef PJRT_Error* PJRT_LoadedExecutable_GetDeviceAssignment(
    PJRT_LoadedExecutable_GetDeviceAssignment_Args* args);

typedef struct PJRT_LoadedExecutable_AddressableDevices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  PJRT_Device* const* addressable_devices;  // [out]
  size_t num_addressable_devices;           // [out]
} PJRT_LoadedExecutable_AddressableDevices_Args;
#define PJRT_LoadedExecutable_AddressableDevices_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_AddressableDevices_Args, \
                          num_addressable_devices)
typedef PJRT_Error* PJRT_LoadedExecutable_AddressableDevices(
    PJRT_LoadedExecutable_AddressableDevices_Args* args);

/* Frees the runtime executable early; the handle itself still needs
 * LoadedExecutable_Destroy. */
typedef struct PJRT_LoadedExecutable_Delete_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
} PJRT_LoadedExecutable_Delete_Args;
#define PJRT_LoadedExecutable_Delete_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Delete_Args, executable)
typedef PJRT_Error* PJRT_LoadedExecutable_Delete(
    PJRT_LoadedExecutable_Delete_Args* args);

typedef struct PJRT_LoadedExecutable_IsDeleted_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  bool is_deleted;  // [out]
} PJRT_LoadedExecutable_IsDeleted_Args;
#define PJRT_LoadedExecutable_IsDeleted_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_IsDeleted_Args, is_deleted)
typedef PJRT_Error* PJRT_LoadedExecutable_IsDeleted(
    PJRT_LoadedExecutable_IsDeleted_Args* args);

/* Host send/recv callbacks used by programs with host transfers. */

/* Unversioned: no struct_size, so it can never grow. */
typedef struct PJRT_Chunk {
  void* data;
  size_t size;
  void (*deleter)(void* data, void* deleter_arg);  // receiver must call it
  void* deleter_arg;
} PJRT_Chunk;

typedef struct PJRT_CopyToDeviceStream PJRT_CopyToDeviceStream;

struct PJRT_TransferMetadata;

typedef PJRT_Error* (*PJRT_SendCallback)(PJRT_Chunk* chunk,
                                         PJRT_CallbackError* callback_error,
                                         size_t total_size_in_bytes, bool done,
                                         void* user_arg);
/* Takes ownership of `stream` (destroy with CopyToDeviceStream_Destroy). */
typedef void (*PJRT_RecvCallback)(PJRT_CopyToDeviceStream* stream,
                                  void* user_arg);

/* Unversioned despite the _STRUCT_SIZE macro: there is no struct_size. */
typedef struct PJRT_SendCallbackInfo {
  int64_t channel_id;  // matches the send op in the program
  void* user_arg;
  PJRT_SendCallback send_callback;
} PJRT_SendCallbackInfo;
#define PJRT_SendCallbackInfo_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_SendCallbackInfo, send_callback)

typedef struct PJRT_RecvCallbackInfo {
  int64_t channel_id;  // matches the recv op in the program
  void* user_arg;
  PJRT_RecvCallback recv_callback;
} PJRT_RecvCallbackInfo;
#define PJRT_RecvCallbackInfo_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_RecvCallbackInfo, recv_callback)

/* Must be non-NULL in Execute, even when every option is default. */
typedef struct PJRT_ExecuteOptions {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_SendCallbackInfo** send_callbacks;  // [num_devices][num_send_ops]
  PJRT_RecvCallbackInfo** recv_callbacks;  // [num_devices][num_recv_ops]
  size_t num_send_ops;
  size_t num_recv_ops;
  int launch_id;  // 0, or an id shared by all parts of a multi-device launch
  const int64_t* non_donatable_input_indices;
  size_t num_non_donatable_input_indices;
  PJRT_ExecuteContext* context;
  const char* call_location;  // NUL-terminated; valid during the call only
  size_t num_tasks;
  int* task_ids;             // [num_tasks]
  int64_t* incarnation_ids;  // [num_tasks]
} PJRT_ExecuteOptions;
#define PJRT_ExecuteOptions_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_ExecuteOptions, incarnation_ids)

typedef struct PJRT_LoadedExecutable_Execute_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  PJRT_ExecuteOptions* options;
  PJRT_Buffer* const* const* argument_lists;  // [num_devices][num_args]
  size_t num_devices;
  size_t num_args;
  PJRT_Buffer** const* output_lists;  // [num_devices][num_outputs], caller
                                      // allocates, callee fills
  PJRT_Event** device_complete_events;  // NULL, or [num_devices] to fill
  PJRT_Device* execute_device;  // NULL = devices fixed at compile time
} PJRT_LoadedExecutable_Execute_Args;
#define PJRT_LoadedExecutable_Execute_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Execute_Args, execute_device)
typedef PJRT_Error* PJRT_LoadedExecutable_Execute(
    PJRT_LoadedExecutable_Execute_Args* args);

typedef struct PJRT_Executable_DeserializeAndLoad_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Client* client;
  const char* serialized_executable;
  size_t serialized_executable_size;
  PJRT_LoadedExecutable* loaded_executable;  // [out] inputs continue after it
  const char* overridden_serialized_compile_options;  // optional
  size_t overridden_serialized_compile_options_size;
} PJRT_Executable_DeserializeAndLoad_Args;
#define PJRT_Executable_DeserializeAndLoad_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Executable_DeserializeAndLoad_Args, \
                          overridden_serialized_compile_options_size)
typedef PJRT_Error* PJRT_Executable_DeserializeAndLoad(
    PJRT_Executable_DeserializeAndLoad_Args* args);

typedef struct PJRT_LoadedExecutable_Fingerprint_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_LoadedExecutable* executable;
  const char* executable_fingerprint;  // [out]
  size_t executable_fingerprint_size;  // [out]
} PJRT_LoadedExecutable_Fingerprint_Args;
#define PJRT_LoadedExecutable_Fingerprint_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_LoadedExecutable_Fingerprint_Args, \
                          executable_fingerprint_size)
typedef PJRT_Error* PJRT_LoadedExecutable_Fingerprint(
    PJRT_LoadedExecutable_Fingerprint_Args* args);

/* ===================================================================== */
/* Buffer: a device array. Returned arrays live as long as the buffer.    */
/* ===================================================================== */

typedef struct PJRT_Buffer_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
} PJRT_Buffer_Destroy_Args;
#define PJRT_Buffer_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_Destroy_Args, buffer)
typedef PJRT_Error* PJRT_Buffer_Destroy(PJRT_Buffer_Destroy_Args* args);

typedef struct PJRT_Buffer_ElementType_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Buffer_Type type;  // [out]
} PJRT_Buffer_ElementType_Args;
#define PJRT_Buffer_ElementType_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_ElementType_Args, type)
typedef PJRT_Error* PJRT_Buffer_ElementType(PJRT_Buffer_ElementType_Args* args);

typedef struct PJRT_Buffer_Dimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  const int64_t* dims;  // [out]
  size_t num_dims;      // [out]
} PJRT_Buffer_Dimensions_Args;
#define PJRT_Buffer_Dimensions_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_Dimensions_Args, num_dims)
typedef PJRT_Error* PJRT_Buffer_Dimensions(PJRT_Buffer_Dimensions_Args* args);

typedef struct PJRT_Buffer_UnpaddedDimensions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  const int64_t* unpadded_dims;  // [out]
  size_t num_dims;               // [out]
} PJRT_Buffer_UnpaddedDimensions_Args;
#define PJRT_Buffer_UnpaddedDimensions_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_UnpaddedDimensions_Args, num_dims)
typedef PJRT_Error* PJRT_Buffer_UnpaddedDimensions(
    PJRT_Buffer_UnpaddedDimensions_Args* args);

typedef struct PJRT_Buffer_DynamicDimensionIndices_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  const size_t* dynamic_dim_indices;  // [out]
  size_t num_dynamic_dims;            // [out]
} PJRT_Buffer_DynamicDimensionIndices_Args;
#define PJRT_Buffer_DynamicDimensionIndices_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_DynamicDimensionIndices_Args, \
                          num_dynamic_dims)
typedef PJRT_Error* PJRT_Buffer_DynamicDimensionIndices(
    PJRT_Buffer_DynamicDimensionIndices_Args* args);

/* Layout embedded by value (80 bytes), not by pointer. */
typedef struct PJRT_Buffer_GetMemoryLayout_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Buffer_MemoryLayout layout;  // [out] arrays owned by the buffer
} PJRT_Buffer_GetMemoryLayout_Args;
#define PJRT_Buffer_GetMemoryLayout_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_GetMemoryLayout_Args, layout)
typedef PJRT_Error* PJRT_Buffer_GetMemoryLayout(
    PJRT_Buffer_GetMemoryLayout_Args* args);

/* Two-call protocol: dst NULL returns the needed dst_size. */
typedef struct PJRT_Buffer_ToHostBuffer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* src;
  PJRT_Buffer_MemoryLayout* host_layout;  // NULL = the buffer's own layout
  void* dst;         // [in/out]
  size_t dst_size;   // [in/out]
  PJRT_Event* event;  // [out] dst is filled when it fires
} PJRT_Buffer_ToHostBuffer_Args;
#define PJRT_Buffer_ToHostBuffer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_ToHostBuffer_Args, event)
typedef PJRT_Error* PJRT_Buffer_ToHostBuffer(
    PJRT_Buffer_ToHostBuffer_Args* args);

typedef struct PJRT_Buffer_OnDeviceSizeInBytes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  size_t on_device_size_in_bytes;  // [out]
} PJRT_Buffer_OnDeviceSizeInBytes_Args;
#define PJRT_Buffer_OnDeviceSizeInBytes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_OnDeviceSizeInBytes_Args, \
                          on_device_size_in_bytes)
typedef PJRT_Error* PJRT_Buffer_OnDeviceSizeInBytes(
    PJRT_Buffer_OnDeviceSizeInBytes_Args* args);

/* Releases device memory; the handle still needs Buffer_Destroy. */
typedef struct PJRT_Buffer_Delete_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
} PJRT_Buffer_Delete_Args;
#define PJRT_Buffer_Delete_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_Delete_Args, buffer)
typedef PJRT_Error* PJRT_Buffer_Delete(PJRT_Buffer_Delete_Args* args);

typedef struct PJRT_Buffer_IsDeleted_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  bool is_deleted;  // [out]
} PJRT_Buffer_IsDeleted_Args;
#define PJRT_Buffer_IsDeleted_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_IsDeleted_Args, is_deleted)
typedef PJRT_Error* PJRT_Buffer_IsDeleted(PJRT_Buffer_IsDeleted_Args* args);

typedef struct PJRT_Buffer_CopyRawToHost_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  void* dst;
  int64_t offset;  // bytes into the on-device representation
  int64_t transfer_size;
  PJRT_Event* event;  // [out]
} PJRT_Buffer_CopyRawToHost_Args;
#define PJRT_Buffer_CopyRawToHost_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_CopyRawToHost_Args, event)
typedef PJRT_Error* PJRT_Buffer_CopyRawToHost(
    PJRT_Buffer_CopyRawToHost_Args* args);

typedef struct PJRT_Buffer_CopyToDevice_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Device* dst_device;
  PJRT_Buffer* dst_buffer;  // [out]
} PJRT_Buffer_CopyToDevice_Args;
#define PJRT_Buffer_CopyToDevice_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_CopyToDevice_Args, dst_buffer)
typedef PJRT_Error* PJRT_Buffer_CopyToDevice(
    PJRT_Buffer_CopyToDevice_Args* args);

typedef struct PJRT_Buffer_CopyToMemory_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Memory* dst_memory;
  PJRT_Buffer* dst_buffer;  // [out]
} PJRT_Buffer_CopyToMemory_Args;
#define PJRT_Buffer_CopyToMemory_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_CopyToMemory_Args, dst_buffer)
typedef PJRT_Error* PJRT_Buffer_CopyToMemory(
    PJRT_Buffer_CopyToMemory_Args* args);

typedef struct PJRT_Buffer_IsOnCpu_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  bool is_on_cpu;  // [out]
} PJRT_Buffer_IsOnCpu_Args;
#define PJRT_Buffer_IsOnCpu_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_IsOnCpu_Args, is_on_cpu)
typedef PJRT_Error* PJRT_Buffer_IsOnCpu(PJRT_Buffer_IsOnCpu_Args* args);

typedef struct PJRT_Buffer_Device_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Device* device;  // [out]
} PJRT_Buffer_Device_Args;
#define PJRT_Buffer_Device_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_Device_Args, device)
typedef PJRT_Error* PJRT_Buffer_Device(PJRT_Buffer_Device_Args* args);

typedef struct PJRT_Buffer_Memory_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Memory* memory;  // [out]
} PJRT_Buffer_Memory_Args;
#define PJRT_Buffer_Memory_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_Memory_Args, memory)
typedef PJRT_Error* PJRT_Buffer_Memory(PJRT_Buffer_Memory_Args* args);

typedef struct PJRT_Buffer_ReadyEvent_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  PJRT_Event* event;  // [out] caller destroys it
} PJRT_Buffer_ReadyEvent_Args;
#define PJRT_Buffer_ReadyEvent_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_ReadyEvent_Args, event)
typedef PJRT_Error* PJRT_Buffer_ReadyEvent(PJRT_Buffer_ReadyEvent_Args* args);

typedef struct PJRT_Buffer_UnsafePointer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  uintptr_t buffer_pointer;  // [out] integer, not a pointer type
} PJRT_Buffer_UnsafePointer_Args;
#define PJRT_Buffer_UnsafePointer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_UnsafePointer_Args, buffer_pointer)
typedef PJRT_Error* PJRT_Buffer_UnsafePointer(
    PJRT_Buffer_UnsafePointer_Args* args);

/* External references (e.g. DLPack) pin the device memory. */
typedef struct PJRT_Buffer_IncreaseExternalReferenceCount_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
} PJRT_Buffer_IncreaseExternalReferenceCount_Args;
#define PJRT_Buffer_IncreaseExternalReferenceCount_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_IncreaseExternalReferenceCount_Args, \
                          buffer)
typedef PJRT_Error* PJRT_Buffer_IncreaseExternalReferenceCount(
    PJRT_Buffer_IncreaseExternalReferenceCount_Args* args);

typedef struct PJRT_Buffer_DecreaseExternalReferenceCount_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
} PJRT_Buffer_DecreaseExternalReferenceCount_Args;
#define PJRT_Buffer_DecreaseExternalReferenceCount_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_DecreaseExternalReferenceCount_Args, \
                          buffer)
typedef PJRT_Error* PJRT_Buffer_DecreaseExternalReferenceCount(
    PJRT_Buffer_DecreaseExternalReferenceCount_Args* args);

/* Needs an external reference held while the pointer is in use. */
typedef struct PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_Buffer* buffer;
  void* device_memory_ptr;  // [out]
} PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args;
#define PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args, \
                          device_memory_ptr)
typedef PJRT_Error* PJRT_Buffer_OpaqueDeviceMemoryDataPointer(
    PJRT_Buffer_OpaqueDeviceMemoryDataPointer_Args* args);

/* ===================================================================== */
/* Copy-to-device stream: handed to a PJRT_RecvCallback to push chunks.   */
/* ===================================================================== */

typedef struct PJRT_CopyToDeviceStream_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_CopyToDeviceStream* stream;
} PJRT_CopyToDeviceStream_Destroy_Args;
#define PJRT_CopyToDeviceStream_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_CopyToDeviceStream_Destroy_Args, stream)
typedef PJRT_Error* PJRT_CopyToDeviceStream_Destroy(
    PJRT_CopyToDeviceStream_Destroy_Args* args);

typedef struct PJRT_CopyToDeviceStream_AddChunk_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_CopyToDeviceStream* stream;
  PJRT_Chunk* chunk;  // size must be a multiple of the granule size
  PJRT_Event* transfer_complete;  // [out]
} PJRT_CopyToDeviceStream_AddChunk_Args;
#define PJRT_CopyToDeviceStream_AddChunk_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_CopyToDeviceStream_AddChunk_Args, \
                          transfer_complete)
typedef PJRT_Error* PJRT_CopyToDeviceStream_AddChunk(
    PJRT_CopyToDeviceStream_AddChunk_Args* args);

typedef struct PJRT_CopyToDeviceStream_TotalBytes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_CopyToDeviceStream* stream;
  int64_t total_bytes;  // [out]
} PJRT_CopyToDeviceStream_TotalBytes_Args;
#define PJRT_CopyToDeviceStream_TotalBytes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_CopyToDeviceStream_TotalBytes_Args, total_bytes)
typedef PJRT_Error* PJRT_CopyToDeviceStream_TotalBytes(
    PJRT_CopyToDeviceStream_TotalBytes_Args* args);

typedef struct PJRT_CopyToDeviceStream_GranuleSize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_CopyToDeviceStream* stream;
  int64_t granule_size_in_bytes;  // [out] chunk sizes must be multiples
} PJRT_CopyToDeviceStream_GranuleSize_Args;
#define PJRT_CopyToDeviceStream_GranuleSize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_CopyToDeviceStream_GranuleSize_Args, \
                          granule_size_in_bytes)
typedef PJRT_Error* PJRT_CopyToDeviceStream_GranuleSize(
    PJRT_CopyToDeviceStream_GranuleSize_Args* args);

typedef struct PJRT_CopyToDeviceStream_CurrentBytes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_CopyToDeviceStream* stream;
  int64_t current_bytes;  // [out]
} PJRT_CopyToDeviceStream_CurrentBytes_Args;
#define PJRT_CopyToDeviceStream_CurrentBytes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_CopyToDeviceStream_CurrentBytes_Args, \
                          current_bytes)
typedef PJRT_Error* PJRT_CopyToDeviceStream_CurrentBytes(
    PJRT_CopyToDeviceStream_CurrentBytes_Args* args);

/* ===================================================================== */
/* Topology: the device layout of a platform, usable without a client     */
/* (ahead-of-time compilation).                                           */
/* ===================================================================== */

typedef struct PJRT_TopologyDescription_Create_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* topology_name;
  size_t topology_name_size;
  const PJRT_NamedValue* create_options;
  size_t num_options;
  PJRT_TopologyDescription* topology;  // [out] caller destroys it
} PJRT_TopologyDescription_Create_Args;
#define PJRT_TopologyDescription_Create_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_Create_Args, topology)
typedef PJRT_Error* PJRT_TopologyDescription_Create(
    PJRT_TopologyDescription_Create_Args* args);

typedef struct PJRT_TopologyDescription_Destroy_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_TopologyDescription* topology;
} PJRT_TopologyDescription_Destroy_Args;
#define PJRT_TopologyDescription_Destroy_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_Destroy_Args, topology)
typedef PJRT_Error* PJRT_TopologyDescription_Destroy(
    PJRT_TopologyDescription_Destroy_Args* args);

typedef struct PJRT_TopologyDescription_PlatformVersion_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_TopologyDescription* topology;
  const char* platform_version;  // [out]
  size_t platform_version_size;  // [out]
} PJRT_TopologyDescription_PlatformVersion_Args;
#define PJRT_TopologyDescription_PlatformVersion_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_PlatformVersion_Args, \
                          platform_version_size)
typedef PJRT_Error* PJRT_TopologyDescription_PlatformVersion(
    PJRT_TopologyDescription_PlatformVersion_Args* args);

typedef struct PJRT_TopologyDescription_PlatformName_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_TopologyDescription* topology;  // const, unlike its siblings
  const char* platform_name;  // [out]
  size_t platform_name_size;  // [out]
} PJRT_TopologyDescription_PlatformName_Args;
#define PJRT_TopologyDescription_PlatformName_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_PlatformName_Args, \
                          platform_name_size)
typedef PJRT_Error* PJRT_TopologyDescription_PlatformName(
    PJRT_TopologyDescription_PlatformName_Args* args);

typedef struct PJRT_TopologyDescription_GetDeviceDescriptions_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_TopologyDescription* topology;
  PJRT_DeviceDescription* const* descriptions;  // [out] owned by topology
  size_t num_descriptions;                      // [out]
} PJRT_TopologyDescription_GetDeviceDescriptions_Args;
#define PJRT_TopologyDescription_GetDeviceDescriptions_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_GetDeviceDescriptions_Args, \
                          num_descriptions)
typedef PJRT_Error* PJRT_TopologyDescription_GetDeviceDescriptions(
    PJRT_TopologyDescription_GetDeviceDescriptions_Args* args);

typedef struct PJRT_SerializedTopology PJRT_SerializedTopology;

/* Same ownership scheme as Executable_Serialize. */
typedef struct PJRT_TopologyDescription_Serialize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_TopologyDescription* topology;
  const char* serialized_bytes;                  // [out]
  size_t serialized_bytes_size;                  // [out]
  PJRT_SerializedTopology* serialized_topology;  // [out]
  void (*serialized_topology_deleter)(
      PJRT_SerializedTopology* serialized_topology);  // [out]
} PJRT_TopologyDescription_Serialize_Args;
#define PJRT_TopologyDescription_Serialize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_Serialize_Args, \
                          serialized_topology_deleter)
typedef PJRT_Error* PJRT_TopologyDescription_Serialize(
    PJRT_TopologyDescription_Serialize_Args* args);

typedef struct PJRT_TopologyDescription_Deserialize_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* serialized_topology;
  size_t serialized_topology_size;
  PJRT_TopologyDescription* topology;  // [out] caller destroys it
} PJRT_TopologyDescription_Deserialize_Args;
#define PJRT_TopologyDescription_Deserialize_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_Deserialize_Args, topology)
typedef PJRT_Error* PJRT_TopologyDescription_Deserialize(
    PJRT_TopologyDescription_Deserialize_Args* args);

typedef struct PJRT_TopologyDescription_Attributes_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_TopologyDescription* topology;
  const PJRT_NamedValue* attributes;  // [out]
  size_t num_attributes;              // [out]
} PJRT_TopologyDescription_Attributes_Args;
#define PJRT_TopologyDescription_Attributes_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_TopologyDescription_Attributes_Args, \
                          num_attributes)
typedef PJRT_Error* PJRT_TopologyDescription_Attributes(
    PJRT_TopologyDescription_Attributes_Args* args);

/* ===================================================================== */
/* Compile: ahead-of-time compilation against a topology; the result is   */
/* an unloaded PJRT_Executable.                                           */
/* ===================================================================== */

typedef struct PJRT_Compile_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const PJRT_TopologyDescription* topology;
  const PJRT_Program* program;
  const char* compile_options;  // serialized xla.CompileOptionsProto
  size_t compile_options_size;
  PJRT_Client* client;  // optional, for performance-guided optimization
  PJRT_Executable* executable;  // [out]
} PJRT_Compile_Args;
#define PJRT_Compile_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Compile_Args, executable)
typedef PJRT_Error* PJRT_Compile(PJRT_Compile_Args* args);

/* ===================================================================== */
/* The function table. Slot i lives at offset 40 + 8*i. Slots are         */
/* appended only: a caller must check both the reported minor version and */
/* struct_size (and a NULL pointer) before using a slot. Each member      */
/* shares its name with its function type.                                */
/* ===================================================================== */

typedef struct PJRT_Api {
  size_t struct_size;  // bytes of the table the plugin filled in
  PJRT_Extension_Base* extension_start;  // the plugin's extension chain
  PJRT_Api_Version pjrt_api_version;

  /* errors, plugin, events: slots 0-9 */
  PJRT_Error_Destroy* PJRT_Error_Destroy;
  PJRT_Error_Message* PJRT_Error_Message;
  PJRT_Error_GetCode* PJRT_Error_GetCode;
  PJRT_Plugin_Initialize* PJRT_Plugin_Initialize;
  PJRT_Plugin_Attributes* PJRT_Plugin_Attributes;
  PJRT_Event_Destroy* PJRT_Event_Destroy;
  PJRT_Event_IsReady* PJRT_Event_IsReady;
  PJRT_Event_Error* PJRT_Event_Error;
  PJRT_Event_Await* PJRT_Event_Await;
  PJRT_Event_OnReady* PJRT_Event_OnReady;

  /* client: slots 10-22 */
  PJRT_Client_Create* PJRT_Client_Create;
  PJRT_Client_Destroy* PJRT_Client_Destroy;
  PJRT_Client_PlatformName* PJRT_Client_PlatformName;
  PJRT_Client_ProcessIndex* PJRT_Client_ProcessIndex;
  PJRT_Client_PlatformVersion* PJRT_Client_PlatformVersion;
  PJRT_Client_Devices* PJRT_Client_Devices;
  PJRT_Client_AddressableDevices* PJRT_Client_AddressableDevices;
  PJRT_Client_LookupDevice* PJRT_Client_LookupDevice;
  PJRT_Client_LookupAddressableDevice* PJRT_Client_LookupAddressableDevice;
  PJRT_Client_AddressableMemories* PJRT_Client_AddressableMemories;
  PJRT_Client_Compile* PJRT_Client_Compile;
  PJRT_Client_DefaultDeviceAssignment* PJRT_Client_DefaultDeviceAssignment;
  PJRT_Client_BufferFromHostBuffer* PJRT_Client_BufferFromHostBuffer;

  /* device description, device: slots 23-34 */
  PJRT_DeviceDescription_Id* PJRT_DeviceDescription_Id;
  PJRT_DeviceDescription_ProcessIndex* PJRT_DeviceDescription_ProcessIndex;
  PJRT_DeviceDescription_Attributes* PJRT_DeviceDescription_Attributes;
  PJRT_DeviceDescription_Kind* PJRT_DeviceDescription_Kind;
  PJRT_DeviceDescription_DebugString* PJRT_DeviceDescription_DebugString;
  PJRT_DeviceDescription_ToString* PJRT_DeviceDescription_ToString;
  PJRT_Device_GetDescription* PJRT_Device_GetDescription;
  PJRT_Device_IsAddressable* PJRT_Device_IsAddressable;
  PJRT_Device_LocalHardwareId* PJRT_Device_LocalHardwareId;
  PJRT_Device_AddressableMemories* PJRT_Device_AddressableMemories;
  PJRT_Device_DefaultMemory* PJRT_Device_DefaultMemory;
  PJRT_Device_MemoryStats* PJRT_Device_MemoryStats;

  /* memory: slots 35-39 */
  PJRT_Memory_Id* PJRT_Memory_Id;
  PJRT_Memory_Kind* PJRT_Memory_Kind;
  PJRT_Memory_DebugString* PJRT_Memory_DebugString;
  PJRT_Memory_ToString* PJRT_Memory_ToString;
  PJRT_Memory_AddressableByDevices* PJRT_Memory_AddressableByDevices;

  /* executable: slots 40-49 */
  PJRT_Executable_Destroy* PJRT_Executable_Destroy;
  PJRT_Executable_Name* PJRT_Executable_Name;
  PJRT_Executable_NumReplicas* PJRT_Executable_NumReplicas;
  PJRT_Executable_NumPartitions* PJRT_Executable_NumPartitions;
  PJRT_Executable_NumOutputs* PJRT_Executable_NumOutputs;
  PJRT_Executable_SizeOfGeneratedCodeInBytes*
      PJRT_Executable_SizeOfGeneratedCodeInBytes;
  PJRT_Executable_GetCostAnalysis* PJRT_Executable_GetCostAnalysis;
  PJRT_Executable_OutputMemoryKinds* PJRT_Executable_OutputMemoryKinds;
  PJRT_Executable_OptimizedProgram* PJRT_Executable_OptimizedProgram;
  PJRT_Executable_Serialize* PJRT_Executable_Serialize;

  /* loaded executable: slots 50-57 */
  PJRT_LoadedExecutable_Destroy* PJRT_LoadedExecutable_Destroy;
  PJRT_LoadedExecutable_GetExecutable* PJRT_LoadedExecutable_GetExecutable;
  PJRT_LoadedExecutable_AddressableDevices*
      PJRT_LoadedExecutable_AddressableDevices;
  PJRT_LoadedExecutable_Delete* PJRT_LoadedExecutable_Delete;
  PJRT_LoadedExecutable_IsDeleted* PJRT_LoadedExecutable_IsDeleted;
  PJRT_LoadedExecutable_Execute* PJRT_LoadedExecutable_Execute;
  PJRT_Executable_DeserializeAndLoad* PJRT_Executable_DeserializeAndLoad;
  PJRT_LoadedExecutable_Fingerprint* PJRT_LoadedExecutable_Fingerprint;

  /* buffer: slots 58-76 */
  PJRT_Buffer_Destroy* PJRT_Buffer_Destroy;
  PJRT_Buffer_ElementType* PJRT_Buffer_ElementType;
  PJRT_Buffer_Dimensions* PJRT_Buffer_Dimensions;
  PJRT_Buffer_UnpaddedDimensions* PJRT_Buffer_UnpaddedDimensions;
  PJRT_Buffer_DynamicDimensionIndices* PJRT_Buffer_DynamicDimensionIndices;
  PJRT_Buffer_GetMemoryLayout* PJRT_Buffer_GetMemoryLayout;
  PJRT_Buffer_OnDeviceSizeInBytes* PJRT_Buffer_OnDeviceSizeInBytes;
  PJRT_Buffer_Device* PJRT_Buffer_Device;
  PJRT_Buffer_Memory* PJRT_Buffer_Memory;
  PJRT_Buffer_Delete* PJRT_Buffer_Delete;
  PJRT_Buffer_IsDeleted* PJRT_Buffer_IsDeleted;
  PJRT_Buffer_CopyToDevice* PJRT_Buffer_CopyToDevice;
  PJRT_Buffer_ToHostBuffer* PJRT_Buffer_ToHostBuffer;
  PJRT_Buffer_IsOnCpu* PJRT_Buffer_IsOnCpu;
  PJRT_Buffer_ReadyEvent* PJRT_Buffer_ReadyEvent;
  PJRT_Buffer_UnsafePointer* PJRT_Buffer_UnsafePointer;
  PJRT_Buffer_IncreaseExternalReferenceCount*
      PJRT_Buffer_IncreaseExternalReferenceCount;
  PJRT_Buffer_DecreaseExternalReferenceCount*
      PJRT_Buffer_DecreaseExternalReferenceCount;
  PJRT_Buffer_OpaqueDeviceMemoryDataPointer*
      PJRT_Buffer_OpaqueDeviceMemoryDataPointer;

  /* copy-to-device stream: slots 77-81 */
  PJRT_CopyToDeviceStream_Destroy* PJRT_CopyToDeviceStream_Destroy;
  PJRT_CopyToDeviceStream_AddChunk* PJRT_CopyToDeviceStream_AddChunk;
  PJRT_CopyToDeviceStream_TotalBytes* PJRT_CopyToDeviceStream_TotalBytes;
  PJRT_CopyToDeviceStream_GranuleSize* PJRT_CopyToDeviceStream_GranuleSize;
  PJRT_CopyToDeviceStream_CurrentBytes* PJRT_CopyToDeviceStream_CurrentBytes;

  /* topology and AOT compile: slots 82-89 */
  PJRT_TopologyDescription_Create* PJRT_TopologyDescription_Create;
  PJRT_TopologyDescription_Destroy* PJRT_TopologyDescription_Destroy;
  PJRT_TopologyDescription_PlatformName* PJRT_TopologyDescription_PlatformName;
  PJRT_TopologyDescription_PlatformVersion*
      PJRT_TopologyDescription_PlatformVersion;
  PJRT_TopologyDescription_GetDeviceDescriptions*
      PJRT_TopologyDescription_GetDeviceDescriptions;
  PJRT_TopologyDescription_Serialize* PJRT_TopologyDescription_Serialize;
  PJRT_TopologyDescription_Attributes* PJRT_TopologyDescription_Attributes;
  PJRT_Compile* PJRT_Compile;

  /* later additions, in order of arrival (hence mixed areas): 90-117 */
  PJRT_Executable_OutputElementTypes* PJRT_Executable_OutputElementTypes;
  PJRT_Executable_OutputDimensions* PJRT_Executable_OutputDimensions;
  PJRT_Buffer_CopyToMemory* PJRT_Buffer_CopyToMemory;
  PJRT_Client_CreateViewOfDeviceBuffer* PJRT_Client_CreateViewOfDeviceBuffer;
  PJRT_Executable_Fingerprint* PJRT_Executable_Fingerprint;
  PJRT_Client_TopologyDescription* PJRT_Client_TopologyDescription;
  PJRT_Executable_GetCompiledMemoryStats*
      PJRT_Executable_GetCompiledMemoryStats;
  PJRT_Memory_Kind_Id* PJRT_Memory_Kind_Id;
  PJRT_ExecuteContext_Create* PJRT_ExecuteContext_Create;
  PJRT_ExecuteContext_Destroy* PJRT_ExecuteContext_Destroy;
  PJRT_Buffer_CopyRawToHost* PJRT_Buffer_CopyRawToHost;
  PJRT_AsyncHostToDeviceTransferManager_Destroy*
      PJRT_AsyncHostToDeviceTransferManager_Destroy;
  PJRT_AsyncHostToDeviceTransferManager_TransferData*
      PJRT_AsyncHostToDeviceTransferManager_TransferData;
  PJRT_Client_CreateBuffersForAsyncHostToDevice*
      PJRT_Client_CreateBuffersForAsyncHostToDevice;
  PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer*
      PJRT_AsyncHostToDeviceTransferManager_RetrieveBuffer;
  PJRT_AsyncHostToDeviceTransferManager_Device*
      PJRT_AsyncHostToDeviceTransferManager_Device;
  PJRT_AsyncHostToDeviceTransferManager_BufferCount*
      PJRT_AsyncHostToDeviceTransferManager_BufferCount;
  PJRT_AsyncHostToDeviceTransferManager_BufferSize*
      PJRT_AsyncHostToDeviceTransferManager_BufferSize;
  PJRT_AsyncHostToDeviceTransferManager_SetBufferError*
      PJRT_AsyncHostToDeviceTransferManager_SetBufferError;
  PJRT_AsyncHostToDeviceTransferManager_AddMetadata*
      PJRT_AsyncHostToDeviceTransferManager_AddMetadata;
  PJRT_Client_DmaMap* PJRT_Client_DmaMap;
  PJRT_Client_DmaUnmap* PJRT_Client_DmaUnmap;
  PJRT_Client_CreateUninitializedBuffer* PJRT_Client_CreateUninitializedBuffer;
  PJRT_Client_UpdateGlobalProcessInfo* PJRT_Client_UpdateGlobalProcessInfo;
  PJRT_TopologyDescription_Deserialize* PJRT_TopologyDescription_Deserialize;
  PJRT_Client_CreateAliasBuffer* PJRT_Client_CreateAliasBuffer;
  PJRT_Client_FulfillAliasBuffer* PJRT_Client_FulfillAliasBuffer;
  PJRT_LoadedExecutable_GetDeviceAssignment*
      PJRT_LoadedExecutable_GetDeviceAssignment;  // slot 117, last at 0.81
} PJRT_Api;
#define PJRT_Api_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_Api, PJRT_LoadedExecutable_GetDeviceAssignment)

/* ===================================================================== */
/* Entry point: the one symbol a plugin exports. Returns the same static  */
/* table on every call and does no work.                                  */
/* ===================================================================== */

const PJRT_Api* GetPjrtApi(void);

#ifdef __cplusplus
}  // extern "C"
#endif

#endif  /* JAXLIB_RUNTIME_PJRT_ABI_PJRT_C_API_H_ */
