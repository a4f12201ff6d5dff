// The XLA_FFI_Api function table (errors, handler and type registration, execution context,
// states, host memory, thread pool, futures, run id, device ordinal) and InvokeHandler. Every
// entry validates its args, catches everything, and answers with an XLA_FFI_Error.
#include "runtime/ffi/ffi_api.h"

#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "runtime/ffi/attributes.h"
#include "runtime/ffi/ffi_registry.h"

struct XLA_FFI_Error {
  jaxlib::Status status;
};

// Completed once by the handler's side (SetAvailable / SetError); InvokeHandler waits for it
// and then frees it.
struct XLA_FFI_Future {
  std::mutex mu;
  std::condition_variable cv;
  bool done = false;
  jaxlib::Status status;
};

namespace jaxlib::ffi {
namespace {

// Returned when even an error cannot be allocated; shared, so never deleted.
XLA_FFI_Error* StaticOutOfMemoryError() noexcept {
  static XLA_FFI_Error* error = [] {
    try {
      return new XLA_FFI_Error{ResourceExhausted("out of memory in the XLA FFI runtime")};
    } catch (...) {
      return static_cast<XLA_FFI_Error*>(nullptr);
    }
  }();
  return error;
}

Status StructSizeCheck(const char* name, size_t expected, size_t actual) {
  if (actual >= expected) return Status::Ok();
  return InvalidArgument(std::string("Unexpected ") + name + " size: expected at least " + std::to_string(expected) +
                         ", got " + std::to_string(actual) + ". The FFI handler was built against an older XLA FFI "
                         "header than this plugin supports.");
}

// Runs `body` (returning Status) behind the checks every entry shares.
template <typename Args, typename Body>
XLA_FFI_Error* Entry(const char* name, Args* args, size_t min_size, Body&& body) noexcept {
  try {
    if (args == nullptr) return MakeError(InvalidArgument(std::string(name) + ": the args pointer is NULL"));
    if (Status s = StructSizeCheck(name, min_size, args->struct_size); !s.ok()) return MakeError(std::move(s));
    Status s = body();
    return s.ok() ? nullptr : MakeError(std::move(s));
  } catch (const std::bad_alloc&) {
    return MakeError(ResourceExhausted(std::string(name) + ": out of memory"));
  } catch (...) {
    return MakeError(Internal(std::string(name) + ": unexpected C++ exception"));
  }
}

Status RequireContext(XLA_FFI_ExecutionContext* ctx, const char* name) {
  if (ctx != nullptr) return Status::Ok();
  return InvalidArgument(std::string(name) + ": the execution context is NULL");
}

XLA_FFI_Error* ErrorCreate(XLA_FFI_Error_Create_Args* args) {
  return Entry("XLA_FFI_Error_Create_Args", args, XLA_FFI_Error_Create_Args_STRUCT_SIZE, [&]() -> Status {
    int code = static_cast<int>(args->errc);
    // OK is not an error; XLA maps it to UNKNOWN as well rather than returning "no error".
    if (code <= 0 || code > 16) code = static_cast<int>(StatusCode::kUnknown);
    return Status(static_cast<StatusCode>(code), args->message != nullptr ? args->message : "");
  });
}

void ErrorGetMessage(XLA_FFI_Error_GetMessage_Args* args) {
  if (args == nullptr || args->struct_size < XLA_FFI_Error_GetMessage_Args_STRUCT_SIZE) return;
  args->message = args->error != nullptr ? args->error->status.message().c_str() : "";
}

void ErrorDestroy(XLA_FFI_Error_Destroy_Args* args) {
  if (args == nullptr || args->struct_size < XLA_FFI_Error_Destroy_Args_STRUCT_SIZE) return;
  if (args->error != StaticOutOfMemoryError()) delete args->error;
}

XLA_FFI_Error* HandlerRegister(XLA_FFI_Handler_Register_Args* args) {
  return Entry("XLA_FFI_Handler_Register_Args", args, XLA_FFI_Handler_Register_Args_STRUCT_SIZE, [&]() -> Status {
    std::string_view name(args->name.ptr != nullptr ? args->name.ptr : "", args->name.len);
    std::string_view platform(args->platform.ptr != nullptr ? args->platform.ptr : "", args->platform.len);
    return RegisterHandler(name, platform, args->bundle, args->traits);
  });
}

XLA_FFI_Error* StreamGet(XLA_FFI_Stream_Get_Args* args) {
  return Entry("XLA_FFI_Stream_Get_Args", args, XLA_FFI_Stream_Get_Args_STRUCT_SIZE, [&]() -> Status {
    return Unimplemented("XLA_FFI_Stream_Get: the CPU backend has no device stream");
  });
}

XLA_FFI_Error* TypeRegister(XLA_FFI_Type_Register_Args* args) {
  return Entry("XLA_FFI_Type_Register_Args", args, XLA_FFI_Type_Register_Args_STRUCT_SIZE, [&]() -> Status {
    if (args->type_id == nullptr) return InvalidArgument("XLA_FFI_Type_Register: type_id is NULL");
    std::string_view name(args->name.ptr != nullptr ? args->name.ptr : "", args->name.len);
    void (*deleter)(void*) = nullptr;
    if (args->struct_size >= JAXLIB_XLA_FFI_STRUCT_SIZE(XLA_FFI_Type_Register_Args, type_info) &&
        args->type_info != nullptr && args->type_info->struct_size >= XLA_FFI_TypeInfo_STRUCT_SIZE) {
      deleter = args->type_info->deleter;
    }
    JAXLIB_ASSIGN_OR_RETURN(int64_t id, RegisterType(name, args->type_id->type_id, deleter));
    args->type_id->type_id = id;
    return Status::Ok();
  });
}

XLA_FFI_Error* ExecutionContextGet(XLA_FFI_ExecutionContext_Get_Args* args) {
  return Entry("XLA_FFI_ExecutionContext_Get_Args", args, XLA_FFI_ExecutionContext_Get_Args_STRUCT_SIZE,
               [&]() -> Status {
                 JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_ExecutionContext_Get"));
                 if (args->type_id == nullptr) return InvalidArgument("XLA_FFI_ExecutionContext_Get: type_id is NULL");
                 const int64_t id = args->type_id->type_id;
                 void* data = args->ctx->user_data != nullptr ? args->ctx->user_data->Find(id) : nullptr;
                 if (data == nullptr)
                   return NotFound("User data with type id " + std::to_string(id) +
                                   " not found in execution context" +
                                   (args->ctx->user_data == nullptr
                                        ? " (the host passed no PJRT_ExecuteContext with FFI user data)"
                                        : ""));
                 args->data = data;
                 return Status::Ok();
               });
}

XLA_FFI_Error* StateSet(XLA_FFI_State_Set_Args* args) {
  return Entry("XLA_FFI_State_Set_Args", args, XLA_FFI_State_Set_Args_STRUCT_SIZE, [&]() -> Status {
    JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_State_Set"));
    if (args->type_id == nullptr) return InvalidArgument("XLA_FFI_State_Set: type_id is NULL");
    if (args->ctx->states == nullptr) return FailedPrecondition("XLA_FFI_State_Set: this call has no state storage");
    return args->ctx->states->Set(args->stage, args->type_id->type_id, args->state);
  });
}

XLA_FFI_Error* StateGet(XLA_FFI_State_Get_Args* args) {
  return Entry("XLA_FFI_State_Get_Args", args, XLA_FFI_State_Get_Args_STRUCT_SIZE, [&]() -> Status {
    JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_State_Get"));
    if (args->type_id == nullptr) return InvalidArgument("XLA_FFI_State_Get: type_id is NULL");
    if (args->ctx->states == nullptr) return NotFound("XLA_FFI_State_Get: this call has no state");
    JAXLIB_ASSIGN_OR_RETURN(args->state, args->ctx->states->Get(args->stage, args->type_id->type_id));
    return Status::Ok();
  });
}

XLA_FFI_Error* DeviceMemoryAllocate(XLA_FFI_DeviceMemory_Allocate_Args* args) {
  return Entry("XLA_FFI_DeviceMemory_Allocate_Args", args, XLA_FFI_DeviceMemory_Allocate_Args_STRUCT_SIZE,
               [&]() -> Status {
                 size_t alignment = args->alignment < alignof(std::max_align_t) ? alignof(std::max_align_t) : args->alignment;
                 if ((alignment & (alignment - 1)) != 0)
                   return InvalidArgument("XLA_FFI_DeviceMemory_Allocate: alignment " + std::to_string(args->alignment) +
                                          " is not a power of two");
                 size_t bytes = (args->size + alignment - 1) / alignment * alignment;
                 void* data = std::aligned_alloc(alignment, bytes == 0 ? alignment : bytes);
                 if (data == nullptr)
                   return ResourceExhausted("XLA_FFI_DeviceMemory_Allocate: cannot allocate " + std::to_string(args->size) +
                                            " bytes");
                 args->data = data;
                 return Status::Ok();
               });
}

XLA_FFI_Error* DeviceMemoryFree(XLA_FFI_DeviceMemory_Free_Args* args) {
  return Entry("XLA_FFI_DeviceMemory_Free_Args", args, XLA_FFI_DeviceMemory_Free_Args_STRUCT_SIZE, [&]() -> Status {
    std::free(args->data);
    return Status::Ok();
  });
}

// Tasks run on the calling thread, which the FFI contract allows ("tasks can be executed in
// the caller thread"); a handler that waits for its tasks therefore never deadlocks.
XLA_FFI_Error* ThreadPoolSchedule(XLA_FFI_ThreadPool_Schedule_Args* args) {
  return Entry("XLA_FFI_ThreadPool_Schedule_Args", args, XLA_FFI_ThreadPool_Schedule_Args_STRUCT_SIZE,
               [&]() -> Status {
                 if (args->task == nullptr) return InvalidArgument("XLA_FFI_ThreadPool_Schedule: task is NULL");
                 args->task(args->data);
                 return Status::Ok();
               });
}

XLA_FFI_Error* ThreadPoolNumThreads(XLA_FFI_ThreadPool_NumThreads_Args* args) {
  return Entry("XLA_FFI_ThreadPool_NumThreads_Args", args, XLA_FFI_ThreadPool_NumThreads_Args_STRUCT_SIZE,
               [&]() -> Status {
                 JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_ThreadPool_NumThreads"));
                 if (args->num_threads == nullptr) return InvalidArgument("XLA_FFI_ThreadPool_NumThreads: num_threads is NULL");
                 // Scheduled tasks run on the caller: one thread runs them.
                 *args->num_threads = 1;
                 return Status::Ok();
               });
}

XLA_FFI_Error* FutureCreate(XLA_FFI_Future_Create_Args* args) {
  return Entry("XLA_FFI_Future_Create_Args", args, XLA_FFI_Future_Create_Args_STRUCT_SIZE, [&]() -> Status {
    args->future = new XLA_FFI_Future();
    return Status::Ok();
  });
}

Status CompleteFuture(XLA_FFI_Future* future, Status status) {
  if (future == nullptr) return InvalidArgument("XLA_FFI_Future: the future is NULL");
  std::lock_guard<std::mutex> lock(future->mu);
  if (future->done) return FailedPrecondition("XLA_FFI_Future: the future was already completed");
  future->done = true;
  future->status = std::move(status);
  future->cv.notify_all();  // under the lock: the waiter frees the future once it sees `done`
  return Status::Ok();
}

XLA_FFI_Error* FutureSetAvailable(XLA_FFI_Future_SetAvailable_Args* args) {
  return Entry("XLA_FFI_Future_SetAvailable_Args", args, XLA_FFI_Future_SetAvailable_Args_STRUCT_SIZE,
               [&]() -> Status { return CompleteFuture(args->future, Status::Ok()); });
}

XLA_FFI_Error* FutureSetError(XLA_FFI_Future_SetError_Args* args) {
  return Entry("XLA_FFI_Future_SetError_Args", args, XLA_FFI_Future_SetError_Args_STRUCT_SIZE, [&]() -> Status {
    Status error = ConsumeError(args->error);
    if (error.ok()) error = Internal("XLA_FFI_Future_SetError was called without an error");
    return CompleteFuture(args->future, std::move(error));
  });
}

// ffi.h's RunId decoding sends the (larger) ExecutionContext_Get size; both are accepted.
XLA_FFI_Error* RunIdGet(XLA_FFI_RunId_Get_Args* args) {
  return Entry("XLA_FFI_RunId_Get_Args", args, XLA_FFI_RunId_Get_Args_STRUCT_SIZE, [&]() -> Status {
    JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_RunId_Get"));
    args->run_id = args->ctx->run_id;
    return Status::Ok();
  });
}

XLA_FFI_Error* DeviceOrdinalGet(XLA_FFI_DeviceOrdinal_Get_Args* args) {
  return Entry("XLA_FFI_DeviceOrdinal_Get_Args", args, XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE, [&]() -> Status {
    JAXLIB_RETURN_IF_ERROR(RequireContext(args->ctx, "XLA_FFI_DeviceOrdinal_Get"));
    args->device_ordinal = args->ctx->device_ordinal;
    return Status::Ok();
  });
}

XLA_FFI_Api MakeTable() {
  XLA_FFI_Api api{};
  api.struct_size = XLA_FFI_Api_STRUCT_SIZE;
  api.extension_start = nullptr;
  api.api_version.struct_size = XLA_FFI_Api_Version_STRUCT_SIZE;
  api.api_version.extension_start = nullptr;
  api.api_version.major_version = XLA_FFI_API_MAJOR;
  api.api_version.minor_version = XLA_FFI_API_MINOR;
  api.internal_api = nullptr;  // handlers built from the public headers never use it
  api.XLA_FFI_Error_Create = &ErrorCreate;
  api.XLA_FFI_Error_GetMessage = &ErrorGetMessage;
  api.XLA_FFI_Error_Destroy = &ErrorDestroy;
  api.XLA_FFI_Handler_Register = &HandlerRegister;
  api.XLA_FFI_Stream_Get = &StreamGet;
  api.XLA_FFI_Type_Register = &TypeRegister;
  api.XLA_FFI_ExecutionContext_Get = &ExecutionContextGet;
  api.XLA_FFI_State_Set = &StateSet;
  api.XLA_FFI_State_Get = &StateGet;
  api.XLA_FFI_DeviceMemory_Allocate = &DeviceMemoryAllocate;
  api.XLA_FFI_DeviceMemory_Free = &DeviceMemoryFree;
  api.XLA_FFI_ThreadPool_Schedule = &ThreadPoolSchedule;
  api.XLA_FFI_ThreadPool_NumThreads = &ThreadPoolNumThreads;
  api.XLA_FFI_Future_Create = &FutureCreate;
  api.XLA_FFI_Future_SetAvailable = &FutureSetAvailable;
  api.XLA_FFI_Future_SetError = &FutureSetError;
  api.XLA_FFI_RunId_Get = &RunIdGet;
  api.XLA_FFI_DeviceOrdinal_Get = &DeviceOrdinalGet;
  return api;
}

const char* StageName(XLA_FFI_ExecutionStage stage) {
  switch (stage) {
    case XLA_FFI_ExecutionStage_INSTANTIATE: return "instantiate";
    case XLA_FFI_ExecutionStage_PREPARE: return "prepare";
    case XLA_FFI_ExecutionStage_INITIALIZE: return "initialize";
    case XLA_FFI_ExecutionStage_EXECUTE: return "execute";
  }
  return "unknown";
}

}  // namespace

const XLA_FFI_Api* GetApi() {
  static const XLA_FFI_Api api = MakeTable();
  return &api;
}

XLA_FFI_Error* MakeError(Status status) noexcept {
  try {
    if (status.ok()) status = Unknown("an FFI error was created from an OK status");
    return new XLA_FFI_Error{std::move(status)};
  } catch (...) {
    return StaticOutOfMemoryError();
  }
}

Status ConsumeError(XLA_FFI_Error* error) noexcept {
  if (error == nullptr) return Status::Ok();
  Status status = error->status;
  if (error != StaticOutOfMemoryError()) delete error;
  return status;
}

XLA_FFI_DataType ToFfiDataType(ElementType type) {
  switch (type) {
    case ElementType::kPred: return XLA_FFI_DataType_PRED;
    case ElementType::kS8: return XLA_FFI_DataType_S8;
    case ElementType::kS16: return XLA_FFI_DataType_S16;
    case ElementType::kS32: return XLA_FFI_DataType_S32;
    case ElementType::kS64: return XLA_FFI_DataType_S64;
    case ElementType::kU8: return XLA_FFI_DataType_U8;
    case ElementType::kU16: return XLA_FFI_DataType_U16;
    case ElementType::kU32: return XLA_FFI_DataType_U32;
    case ElementType::kU64: return XLA_FFI_DataType_U64;
    case ElementType::kF16: return XLA_FFI_DataType_F16;
    case ElementType::kF32: return XLA_FFI_DataType_F32;
    case ElementType::kF64: return XLA_FFI_DataType_F64;
    case ElementType::kBF16: return XLA_FFI_DataType_BF16;
    case ElementType::kC64: return XLA_FFI_DataType_C64;
    case ElementType::kC128: return XLA_FFI_DataType_C128;
    default: return XLA_FFI_DataType_INVALID;
  }
}

Status InvokeHandler(std::string_view target, XLA_FFI_Handler* handler, XLA_FFI_ExecutionStage stage,
                     XLA_FFI_ExecutionContext* ctx, std::span<XLA_FFI_Buffer> args,
                     std::span<XLA_FFI_Buffer> rets, const EncodedAttributes* attrs) noexcept {
  try {
    std::vector<XLA_FFI_ArgType> arg_types(args.size(), XLA_FFI_ArgType_BUFFER);
    std::vector<XLA_FFI_RetType> ret_types(rets.size(), XLA_FFI_RetType_BUFFER);
    std::vector<void*> arg_ptrs(args.size()), ret_ptrs(rets.size());
    for (size_t i = 0; i < args.size(); ++i) arg_ptrs[i] = &args[i];
    for (size_t i = 0; i < rets.size(); ++i) ret_ptrs[i] = &rets[i];

    XLA_FFI_CallFrame frame{};
    frame.struct_size = XLA_FFI_CallFrame_STRUCT_SIZE;
    frame.extension_start = nullptr;
    frame.api = GetApi();
    frame.ctx = ctx;
    frame.stage = stage;
    frame.args = XLA_FFI_Args{XLA_FFI_Args_STRUCT_SIZE, nullptr, static_cast<int64_t>(args.size()), arg_types.data(),
                              arg_ptrs.data()};
    frame.rets = XLA_FFI_Rets{XLA_FFI_Rets_STRUCT_SIZE, nullptr, static_cast<int64_t>(rets.size()), ret_types.data(),
                              ret_ptrs.data()};
    if (attrs != nullptr) {
      frame.attrs = attrs->attrs();
    } else {
      frame.attrs = XLA_FFI_Attrs{XLA_FFI_Attrs_STRUCT_SIZE, nullptr, 0, nullptr, nullptr, nullptr};
    }
    frame.future = nullptr;

    Status status = ConsumeError(handler(&frame));
    if (status.ok() && frame.future != nullptr) {
      XLA_FFI_Future* future = frame.future;
      {
        std::unique_lock<std::mutex> lock(future->mu);
        future->cv.wait(lock, [future] { return future->done; });
        status = future->status;
      }
      delete future;
    }
    if (status.ok()) return status;
    return Status(status.code(), "custom call '" + std::string(target) + "' (" + StageName(stage) +
                                     " stage) failed: " + status.message());
  } catch (const std::bad_alloc&) {
    return ResourceExhausted("out of memory calling custom call '" + std::string(target) + "'");
  } catch (...) {
    return Internal("custom call '" + std::string(target) + "' threw a C++ exception across the FFI boundary");
  }
}

}  // namespace jaxlib::ffi
