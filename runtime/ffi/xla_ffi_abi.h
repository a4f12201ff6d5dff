/*
 * Our declaration of the XLA FFI C ABI (API 0.3): the function table and call frame a typed
 * FFI handler (built with XLA's header-only `xla/ffi/api/ffi.h`) is called with. Names, field
 * order, field types and enum values follow OpenXLA's xla/ffi/api/c_api.h so that handlers
 * compiled against it run inside our plugins. Plain C; append-only, like the PJRT ABI.
 */
#ifndef JAXLIB_RUNTIME_FFI_XLA_FFI_ABI_H_
#define JAXLIB_RUNTIME_FFI_XLA_FFI_ABI_H_

#include <stddef.h>
#include <stdint.h>

/* Bytes up to and including `last_field` (no tail padding), as callers set struct_size. */
#define JAXLIB_XLA_FFI_STRUCT_SIZE(type, last_field) \
  (offsetof(type, last_field) + sizeof(((type*)0)->last_field))

#define XLA_FFI_API_MAJOR 0
#define XLA_FFI_API_MINOR 3

#ifdef __cplusplus
extern "C" {
#endif

typedef struct XLA_FFI_Api XLA_FFI_Api;
typedef struct XLA_FFI_InternalApi XLA_FFI_InternalApi;  /* XLA-private; we pass NULL */
typedef struct XLA_FFI_Error XLA_FFI_Error;
typedef struct XLA_FFI_ExecutionContext XLA_FFI_ExecutionContext;
typedef struct XLA_FFI_Future XLA_FFI_Future;

typedef enum { XLA_FFI_Extension_Metadata = 1 } XLA_FFI_Extension_Type;

typedef struct XLA_FFI_Extension_Base {
  size_t struct_size;
  XLA_FFI_Extension_Type type;
  struct XLA_FFI_Extension_Base* next;
} XLA_FFI_Extension_Base;

typedef struct XLA_FFI_Api_Version {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  int major_version;
  int minor_version;
} XLA_FFI_Api_Version;
#define XLA_FFI_Api_Version_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Api_Version, minor_version)

/* absl status codes. */
typedef enum {
  XLA_FFI_Error_Code_OK = 0,
  XLA_FFI_Error_Code_CANCELLED = 1,
  XLA_FFI_Error_Code_UNKNOWN = 2,
  XLA_FFI_Error_Code_INVALID_ARGUMENT = 3,
  XLA_FFI_Error_Code_DEADLINE_EXCEEDED = 4,
  XLA_FFI_Error_Code_NOT_FOUND = 5,
  XLA_FFI_Error_Code_ALREADY_EXISTS = 6,
  XLA_FFI_Error_Code_PERMISSION_DENIED = 7,
  XLA_FFI_Error_Code_RESOURCE_EXHAUSTED = 8,
  XLA_FFI_Error_Code_FAILED_PRECONDITION = 9,
  XLA_FFI_Error_Code_ABORTED = 10,
  XLA_FFI_Error_Code_OUT_OF_RANGE = 11,
  XLA_FFI_Error_Code_UNIMPLEMENTED = 12,
  XLA_FFI_Error_Code_INTERNAL = 13,
  XLA_FFI_Error_Code_UNAVAILABLE = 14,
  XLA_FFI_Error_Code_DATA_LOSS = 15,
  XLA_FFI_Error_Code_UNAUTHENTICATED = 16
} XLA_FFI_Error_Code;

typedef struct XLA_FFI_Error_Create_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  const char* message;
  XLA_FFI_Error_Code errc;
} XLA_FFI_Error_Create_Args;
#define XLA_FFI_Error_Create_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Error_Create_Args, errc)

typedef struct XLA_FFI_Error_GetMessage_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Error* error;
  const char* message;  /* out; lives as long as the error */
} XLA_FFI_Error_GetMessage_Args;
#define XLA_FFI_Error_GetMessage_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Error_GetMessage_Args, message)

typedef struct XLA_FFI_Error_Destroy_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Error* error;
} XLA_FFI_Error_Destroy_Args;
#define XLA_FFI_Error_Destroy_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Error_Destroy_Args, error)

/* Numbered like xla::PrimitiveType (NOT like PJRT_Buffer_Type). */
typedef enum {
  XLA_FFI_DataType_INVALID = 0,
  XLA_FFI_DataType_PRED = 1,
  XLA_FFI_DataType_S8 = 2,
  XLA_FFI_DataType_S16 = 3,
  XLA_FFI_DataType_S32 = 4,
  XLA_FFI_DataType_S64 = 5,
  XLA_FFI_DataType_U8 = 6,
  XLA_FFI_DataType_U16 = 7,
  XLA_FFI_DataType_U32 = 8,
  XLA_FFI_DataType_U64 = 9,
  XLA_FFI_DataType_F16 = 10,
  XLA_FFI_DataType_F32 = 11,
  XLA_FFI_DataType_F64 = 12,
  XLA_FFI_DataType_C64 = 15,
  XLA_FFI_DataType_BF16 = 16,
  XLA_FFI_DataType_TOKEN = 17,
  XLA_FFI_DataType_C128 = 18,
  XLA_FFI_DataType_F8E5M2 = 19,
  XLA_FFI_DataType_F8E4M3FN = 20,
  XLA_FFI_DataType_S4 = 21,
  XLA_FFI_DataType_U4 = 22,
  XLA_FFI_DataType_F8E4M3B11FNUZ = 23,
  XLA_FFI_DataType_F8E5M2FNUZ = 24,
  XLA_FFI_DataType_F8E4M3FNUZ = 25,
  XLA_FFI_DataType_S2 = 26,
  XLA_FFI_DataType_U2 = 27,
  XLA_FFI_DataType_F8E4M3 = 28,
  XLA_FFI_DataType_F8E3M4 = 29,
  XLA_FFI_DataType_S1 = 30,
  XLA_FFI_DataType_U1 = 31,
  XLA_FFI_DataType_F4E2M1FN = 32,
  XLA_FFI_DataType_F8E8M0FNU = 33
} XLA_FFI_DataType;

typedef struct XLA_FFI_Buffer {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_DataType dtype;
  void* data;
  int64_t rank;
  int64_t* dims;  /* [rank] */
} XLA_FFI_Buffer;
#define XLA_FFI_Buffer_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Buffer, dims)

typedef enum { XLA_FFI_ArgType_BUFFER = 1 } XLA_FFI_ArgType;
typedef enum { XLA_FFI_RetType_BUFFER = 1 } XLA_FFI_RetType;

typedef enum {
  XLA_FFI_AttrType_ARRAY = 1,
  XLA_FFI_AttrType_DICTIONARY = 2,
  XLA_FFI_AttrType_SCALAR = 3,
  XLA_FFI_AttrType_STRING = 4
} XLA_FFI_AttrType;

typedef struct XLA_FFI_ByteSpan {
  const char* ptr;
  size_t len;
} XLA_FFI_ByteSpan;

typedef struct XLA_FFI_Scalar {
  XLA_FFI_DataType dtype;
  void* value;
} XLA_FFI_Scalar;

typedef struct XLA_FFI_Array {
  XLA_FFI_DataType dtype;
  size_t size;
  void* data;
} XLA_FFI_Array;

typedef struct XLA_FFI_TypeId {
  int64_t type_id;
} XLA_FFI_TypeId;

typedef struct XLA_FFI_TypeInfo {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  void (*deleter)(void* object);
} XLA_FFI_TypeInfo;
#define XLA_FFI_TypeInfo_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_TypeInfo, deleter)

typedef struct XLA_FFI_Future_Create_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Future* future;  /* out */
} XLA_FFI_Future_Create_Args;
/* The real header ends this one at extension_start; callers send that size. */
#define XLA_FFI_Future_Create_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Future_Create_Args, extension_start)

typedef struct XLA_FFI_Future_SetAvailable_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Future* future;
} XLA_FFI_Future_SetAvailable_Args;
#define XLA_FFI_Future_SetAvailable_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Future_SetAvailable_Args, future)

typedef struct XLA_FFI_Future_SetError_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Future* future;
  XLA_FFI_Error* error;  /* ownership moves to the runtime */
} XLA_FFI_Future_SetError_Args;
#define XLA_FFI_Future_SetError_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Future_SetError_Args, error)

typedef enum {
  XLA_FFI_ExecutionStage_INSTANTIATE = 0,
  XLA_FFI_ExecutionStage_PREPARE = 1,
  XLA_FFI_ExecutionStage_INITIALIZE = 2,
  XLA_FFI_ExecutionStage_EXECUTE = 3
} XLA_FFI_ExecutionStage;

typedef struct XLA_FFI_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  int64_t size;
  XLA_FFI_ArgType* types;  /* [size] */
  void** args;             /* [size] */
} XLA_FFI_Args;
#define XLA_FFI_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Args, args)

typedef struct XLA_FFI_Rets {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  int64_t size;
  XLA_FFI_RetType* types;  /* [size] */
  void** rets;             /* [size] */
} XLA_FFI_Rets;
#define XLA_FFI_Rets_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Rets, rets)

/* Sorted by name: handlers binary-search them. */
typedef struct XLA_FFI_Attrs {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  int64_t size;
  XLA_FFI_AttrType* types;   /* [size] */
  XLA_FFI_ByteSpan** names;  /* [size] */
  void** attrs;              /* [size] */
} XLA_FFI_Attrs;
#define XLA_FFI_Attrs_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Attrs, attrs)

typedef struct XLA_FFI_CallFrame {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  const XLA_FFI_Api* api;
  XLA_FFI_ExecutionContext* ctx;
  XLA_FFI_ExecutionStage stage;
  XLA_FFI_Args args;
  XLA_FFI_Rets rets;
  XLA_FFI_Attrs attrs;
  XLA_FFI_Future* future;  /* out: set by asynchronous handlers */
} XLA_FFI_CallFrame;
/* Ends at attrs in the real header: `future` sits in the tail a caller may not send. */
#define XLA_FFI_CallFrame_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_CallFrame, attrs)

typedef XLA_FFI_Error* XLA_FFI_Handler(XLA_FFI_CallFrame* call_frame);

typedef struct XLA_FFI_Handler_Bundle {
  XLA_FFI_Handler* instantiate;  /* optional */
  XLA_FFI_Handler* prepare;      /* optional */
  XLA_FFI_Handler* initialize;   /* optional */
  XLA_FFI_Handler* execute;      /* required */
} XLA_FFI_Handler_Bundle;

typedef uint32_t XLA_FFI_Handler_Traits;
#define XLA_FFI_HANDLER_TRAITS_COMMAND_BUFFER_COMPATIBLE (1u << 0)

typedef struct XLA_FFI_Handler_Register_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ByteSpan name;
  XLA_FFI_ByteSpan platform;
  XLA_FFI_Handler_Bundle bundle;
  XLA_FFI_Handler_Traits traits;
} XLA_FFI_Handler_Register_Args;
#define XLA_FFI_Handler_Register_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Handler_Register_Args, traits)

typedef struct XLA_FFI_Type_Register_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ByteSpan name;
  XLA_FFI_TypeId* type_id;  /* in-out: 0 asks for a fresh id */
  const XLA_FFI_TypeInfo* type_info;
} XLA_FFI_Type_Register_Args;
/* Ends at type_id in the real header; type_info is read only when the size covers it. */
#define XLA_FFI_Type_Register_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Type_Register_Args, type_id)

typedef struct XLA_FFI_ExecutionContext_Get_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  XLA_FFI_TypeId* type_id;
  void* data;  /* out */
} XLA_FFI_ExecutionContext_Get_Args;
#define XLA_FFI_ExecutionContext_Get_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_ExecutionContext_Get_Args, data)

typedef struct XLA_FFI_State_Set_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  XLA_FFI_ExecutionStage stage;
  XLA_FFI_TypeId* type_id;
  void* state;
} XLA_FFI_State_Set_Args;
#define XLA_FFI_State_Set_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_State_Set_Args, state)

typedef struct XLA_FFI_State_Get_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  XLA_FFI_ExecutionStage stage;
  XLA_FFI_TypeId* type_id;
  void* state;  /* out */
} XLA_FFI_State_Get_Args;
#define XLA_FFI_State_Get_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_State_Get_Args, state)

typedef struct XLA_FFI_Stream_Get_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  void* stream;  /* out */
} XLA_FFI_Stream_Get_Args;
#define XLA_FFI_Stream_Get_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Stream_Get_Args, stream)

typedef struct XLA_FFI_DeviceMemory_Allocate_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  size_t size;
  size_t alignment;
  void* data;  /* out */
} XLA_FFI_DeviceMemory_Allocate_Args;
#define XLA_FFI_DeviceMemory_Allocate_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_DeviceMemory_Allocate_Args, data)

typedef struct XLA_FFI_DeviceMemory_Free_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  size_t size;
  void* data;
} XLA_FFI_DeviceMemory_Free_Args;
#define XLA_FFI_DeviceMemory_Free_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_DeviceMemory_Free_Args, data)

typedef void XLA_FFI_Task(void* data);

typedef struct XLA_FFI_ThreadPool_Schedule_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  XLA_FFI_Task* task;
  void* data;
} XLA_FFI_ThreadPool_Schedule_Args;
#define XLA_FFI_ThreadPool_Schedule_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_ThreadPool_Schedule_Args, data)

typedef struct XLA_FFI_ThreadPool_NumThreads_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  int64_t* num_threads;  /* out */
} XLA_FFI_ThreadPool_NumThreads_Args;
#define XLA_FFI_ThreadPool_NumThreads_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_ThreadPool_NumThreads_Args, num_threads)

typedef struct XLA_FFI_RunId_Get_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  int64_t run_id;  /* out */
} XLA_FFI_RunId_Get_Args;
#define XLA_FFI_RunId_Get_Args_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_RunId_Get_Args, run_id)

typedef struct XLA_FFI_DeviceOrdinal_Get_Args {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_ExecutionContext* ctx;
  int32_t device_ordinal;  /* out */
} XLA_FFI_DeviceOrdinal_Get_Args;
#define XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_DeviceOrdinal_Get_Args, device_ordinal)

/* Handed to a handler (as call_frame->extension_start) to ask for its metadata. */
typedef struct XLA_FFI_Metadata {
  size_t struct_size;
  XLA_FFI_Api_Version api_version;
  XLA_FFI_Handler_Traits traits;
  XLA_FFI_TypeId state_type_id;
} XLA_FFI_Metadata;
#define XLA_FFI_Metadata_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Metadata, traits)

typedef struct XLA_FFI_Metadata_Extension {
  XLA_FFI_Extension_Base extension_base;
  XLA_FFI_Metadata* metadata;
} XLA_FFI_Metadata_Extension;
#define XLA_FFI_Metadata_Extension_STRUCT_SIZE \
  JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Metadata_Extension, metadata)

typedef XLA_FFI_Error* XLA_FFI_Error_Create(XLA_FFI_Error_Create_Args* args);
typedef void XLA_FFI_Error_GetMessage(XLA_FFI_Error_GetMessage_Args* args);
typedef void XLA_FFI_Error_Destroy(XLA_FFI_Error_Destroy_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Handler_Register(XLA_FFI_Handler_Register_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Stream_Get(XLA_FFI_Stream_Get_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Type_Register(XLA_FFI_Type_Register_Args* args);
typedef XLA_FFI_Error* XLA_FFI_ExecutionContext_Get(XLA_FFI_ExecutionContext_Get_Args* args);
typedef XLA_FFI_Error* XLA_FFI_State_Set(XLA_FFI_State_Set_Args* args);
typedef XLA_FFI_Error* XLA_FFI_State_Get(XLA_FFI_State_Get_Args* args);
typedef XLA_FFI_Error* XLA_FFI_DeviceMemory_Allocate(XLA_FFI_DeviceMemory_Allocate_Args* args);
typedef XLA_FFI_Error* XLA_FFI_DeviceMemory_Free(XLA_FFI_DeviceMemory_Free_Args* args);
typedef XLA_FFI_Error* XLA_FFI_ThreadPool_Schedule(XLA_FFI_ThreadPool_Schedule_Args* args);
typedef XLA_FFI_Error* XLA_FFI_ThreadPool_NumThreads(XLA_FFI_ThreadPool_NumThreads_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Future_Create(XLA_FFI_Future_Create_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Future_SetAvailable(XLA_FFI_Future_SetAvailable_Args* args);
typedef XLA_FFI_Error* XLA_FFI_Future_SetError(XLA_FFI_Future_SetError_Args* args);
typedef XLA_FFI_Error* XLA_FFI_RunId_Get(XLA_FFI_RunId_Get_Args* args);
typedef XLA_FFI_Error* XLA_FFI_DeviceOrdinal_Get(XLA_FFI_DeviceOrdinal_Get_Args* args);

struct XLA_FFI_Api {
  size_t struct_size;
  XLA_FFI_Extension_Base* extension_start;
  XLA_FFI_Api_Version api_version;
  const XLA_FFI_InternalApi* internal_api;

  XLA_FFI_Error_Create* XLA_FFI_Error_Create;
  XLA_FFI_Error_GetMessage* XLA_FFI_Error_GetMessage;
  XLA_FFI_Error_Destroy* XLA_FFI_Error_Destroy;
  XLA_FFI_Handler_Register* XLA_FFI_Handler_Register;
  XLA_FFI_Stream_Get* XLA_FFI_Stream_Get;
  XLA_FFI_Type_Register* XLA_FFI_Type_Register;
  XLA_FFI_ExecutionContext_Get* XLA_FFI_ExecutionContext_Get;
  XLA_FFI_State_Set* XLA_FFI_State_Set;
  XLA_FFI_State_Get* XLA_FFI_State_Get;
  XLA_FFI_DeviceMemory_Allocate* XLA_FFI_DeviceMemory_Allocate;
  XLA_FFI_DeviceMemory_Free* XLA_FFI_DeviceMemory_Free;
  XLA_FFI_ThreadPool_Schedule* XLA_FFI_ThreadPool_Schedule;
  XLA_FFI_ThreadPool_NumThreads* XLA_FFI_ThreadPool_NumThreads;
  XLA_FFI_Future_Create* XLA_FFI_Future_Create;
  XLA_FFI_Future_SetAvailable* XLA_FFI_Future_SetAvailable;
  XLA_FFI_Future_SetError* XLA_FFI_Future_SetError;
  XLA_FFI_RunId_Get* XLA_FFI_RunId_Get;
  XLA_FFI_DeviceOrdinal_Get* XLA_FFI_DeviceOrdinal_Get;
};
#define XLA_FFI_Api_STRUCT_SIZE JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Api, XLA_FFI_DeviceOrdinal_Get)

#ifdef __cplusplus
}
#endif

#endif /* JAXLIB_RUNTIME_FFI_XLA_FFI_ABI_H_ */
