// Typed XLA FFI handlers for tests/integration/test_ffi.py, written against the bare C ABI
// (runtime/ffi/xla_ffi_abi.h, laid out like XLA's c_api.h) and compiled with g++ at test time.
// Each one checks what it was handed and reports mistakes as FFI errors, never by crashing.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "runtime/ffi/xla_ffi_abi.h"

namespace {

XLA_FFI_Error* Fail(const XLA_FFI_Api* api, XLA_FFI_Error_Code code, const std::string& message) {
  XLA_FFI_Error_Create_Args args{XLA_FFI_Error_Create_Args_STRUCT_SIZE, nullptr, message.c_str(), code};
  return api->XLA_FFI_Error_Create(&args);
}

XLA_FFI_Buffer* Arg(XLA_FFI_CallFrame* f, int i) { return static_cast<XLA_FFI_Buffer*>(f->args.args[i]); }
XLA_FFI_Buffer* Ret(XLA_FFI_CallFrame* f, int i) { return static_cast<XLA_FFI_Buffer*>(f->rets.rets[i]); }

int64_t Elements(const XLA_FFI_Buffer* b) {
  int64_t n = 1;
  for (int64_t k = 0; k < b->rank; ++k) n *= b->dims[k];
  return n;
}

int FindAttr(const XLA_FFI_Attrs& attrs, const char* name) {
  for (int64_t k = 0; k < attrs.size; ++k) {
    if (std::string(attrs.names[k]->ptr, attrs.names[k]->len) == name) return static_cast<int>(k);
  }
  return -1;
}

std::string ScalarText(const XLA_FFI_Scalar* s) {
  char buf[64];
  switch (s->dtype) {
    case XLA_FFI_DataType_PRED: return *static_cast<bool*>(s->value) ? "true" : "false";
    case XLA_FFI_DataType_S8: return std::to_string(*static_cast<int8_t*>(s->value));
    case XLA_FFI_DataType_S16: return std::to_string(*static_cast<int16_t*>(s->value));
    case XLA_FFI_DataType_S32: return std::to_string(*static_cast<int32_t*>(s->value));
    case XLA_FFI_DataType_S64: return std::to_string(*static_cast<int64_t*>(s->value));
    case XLA_FFI_DataType_U8: return std::to_string(*static_cast<uint8_t*>(s->value));
    case XLA_FFI_DataType_U16: return std::to_string(*static_cast<uint16_t*>(s->value));
    case XLA_FFI_DataType_U32: return std::to_string(*static_cast<uint32_t*>(s->value));
    case XLA_FFI_DataType_U64: return std::to_string(*static_cast<uint64_t*>(s->value));
    case XLA_FFI_DataType_F32: std::snprintf(buf, sizeof(buf), "%g", *static_cast<float*>(s->value)); return buf;
    case XLA_FFI_DataType_F64: std::snprintf(buf, sizeof(buf), "%g", *static_cast<double*>(s->value)); return buf;
    default: return "?";
  }
}

std::string ArrayText(const XLA_FFI_Array* a) {
  std::string out;
  char buf[64];
  for (size_t k = 0; k < a->size; ++k) {
    if (k) out += ",";
    switch (a->dtype) {
      case XLA_FFI_DataType_S8: out += std::to_string(static_cast<int8_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_S16: out += std::to_string(static_cast<int16_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_S32: out += std::to_string(static_cast<int32_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_S64: out += std::to_string(static_cast<int64_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_U8: out += std::to_string(static_cast<uint8_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_U32: out += std::to_string(static_cast<uint32_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_U64: out += std::to_string(static_cast<uint64_t*>(a->data)[k]); break;
      case XLA_FFI_DataType_F32: std::snprintf(buf, sizeof(buf), "%g", static_cast<float*>(a->data)[k]); out += buf; break;
      case XLA_FFI_DataType_F64: std::snprintf(buf, sizeof(buf), "%g", static_cast<double*>(a->data)[k]); out += buf; break;
      default: out += "?";
    }
  }
  return out;
}

// name=<kind><dtype>(value) for every attribute, in the order the call frame holds them.
std::string DescribeAttrs(const XLA_FFI_Attrs& attrs) {
  std::string out;
  for (int64_t k = 0; k < attrs.size; ++k) {
    out += std::string(attrs.names[k]->ptr, attrs.names[k]->len) + "=";
    switch (attrs.types[k]) {
      case XLA_FFI_AttrType_SCALAR: {
        auto* s = static_cast<XLA_FFI_Scalar*>(attrs.attrs[k]);
        out += "scalar" + std::to_string(s->dtype) + "(" + ScalarText(s) + ")";
        break;
      }
      case XLA_FFI_AttrType_ARRAY: {
        auto* a = static_cast<XLA_FFI_Array*>(attrs.attrs[k]);
        out += "array" + std::to_string(a->dtype) + "(" + ArrayText(a) + ")";
        break;
      }
      case XLA_FFI_AttrType_STRING: {
        auto* s = static_cast<XLA_FFI_ByteSpan*>(attrs.attrs[k]);
        out += "string(" + std::string(s->ptr, s->len) + ")";
        break;
      }
      case XLA_FFI_AttrType_DICTIONARY:
        out += "dict{" + DescribeAttrs(*static_cast<XLA_FFI_Attrs*>(attrs.attrs[k])) + "}";
        break;
      default: out += "unknown";
    }
    if (k + 1 < attrs.size) out += ";";
  }
  return out;
}

XLA_FFI_TypeId g_counter_type{0};
int g_states_deleted = 0;
void DeleteCounter(void* p) {
  ++g_states_deleted;
  delete static_cast<int64_t*>(p);
}

}  // namespace

extern "C" {

int test_states_deleted() { return g_states_deleted; }

// y = x * a + b with a: i32 and b: f32 attributes.
XLA_FFI_Error* scale_add(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  if (f->stage != XLA_FFI_ExecutionStage_EXECUTE) return Fail(api, XLA_FFI_Error_Code_INTERNAL, "wrong stage");
  if (f->args.size != 1 || f->rets.size != 1) return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "want 1 arg, 1 ret");
  XLA_FFI_Buffer *x = Arg(f, 0), *y = Ret(f, 0);
  if (x->dtype != XLA_FFI_DataType_F32 || y->dtype != XLA_FFI_DataType_F32)
    return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "want f32 buffers, got " + std::to_string(x->dtype));
  int ia = FindAttr(f->attrs, "a"), ib = FindAttr(f->attrs, "b");
  if (ia < 0 || ib < 0 || f->attrs.size != 2) return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "want attributes a, b");
  auto* a = static_cast<XLA_FFI_Scalar*>(f->attrs.attrs[ia]);
  auto* b = static_cast<XLA_FFI_Scalar*>(f->attrs.attrs[ib]);
  if (f->attrs.types[ia] != XLA_FFI_AttrType_SCALAR || a->dtype != XLA_FFI_DataType_S32 ||
      f->attrs.types[ib] != XLA_FFI_AttrType_SCALAR || b->dtype != XLA_FFI_DataType_F32)
    return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "want a: s32 scalar, b: f32 scalar");
  const float* in = static_cast<const float*>(x->data);
  float* out = static_cast<float*>(y->data);
  for (int64_t k = 0; k < Elements(x); ++k) out[k] = in[k] * static_cast<float>(*static_cast<int32_t*>(a->value)) +
                                                     *static_cast<float*>(b->value);
  return nullptr;
}

// Writes DescribeAttrs() into its u8[N] result (NUL-terminated).
XLA_FFI_Error* attr_report(XLA_FFI_CallFrame* f) {
  XLA_FFI_Buffer* out = Ret(f, 0);
  std::string text = DescribeAttrs(f->attrs);
  if (out->dtype != XLA_FFI_DataType_U8 || static_cast<size_t>(Elements(out)) <= text.size())
    return Fail(f->api, XLA_FFI_Error_Code_OUT_OF_RANGE, "report buffer too small for " + std::to_string(text.size()));
  std::memset(out->data, 0, static_cast<size_t>(Elements(out)));
  std::memcpy(out->data, text.data(), text.size());
  return nullptr;
}

XLA_FFI_Error* fail_always(XLA_FFI_CallFrame* f) {
  return Fail(f->api, XLA_FFI_Error_Code_FAILED_PRECONDITION, "the handler refused: input 7 is not allowed");
}

// Copies the bytes of its f32 operand into its f32 result as they lie in memory: what the
// result holds then shows both buffers' layouts.
XLA_FFI_Error* copy_memory(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  if (f->stage != XLA_FFI_ExecutionStage_EXECUTE) return nullptr;
  XLA_FFI_Buffer *x = Arg(f, 0), *y = Ret(f, 0);
  if (Elements(x) != Elements(y)) return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "element counts differ");
  std::memcpy(y->data, x->data, static_cast<size_t>(Elements(x)) * 4);
  return nullptr;
}

// (token, x) -> (token, 2x); checks the tokens arrive as TOKEN buffers of rank 0.
XLA_FFI_Error* token_double(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  if (f->args.size != 2 || f->rets.size != 2) return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "want 2 args, 2 rets");
  if (Arg(f, 0)->dtype != XLA_FFI_DataType_TOKEN || Arg(f, 0)->rank != 0 || Ret(f, 0)->dtype != XLA_FFI_DataType_TOKEN)
    return Fail(api, XLA_FFI_Error_Code_INVALID_ARGUMENT, "operand 0 and result 0 must be tokens");
  const float* in = static_cast<const float*>(Arg(f, 1)->data);
  float* out = static_cast<float*>(Ret(f, 1)->data);
  for (int64_t k = 0; k < Elements(Arg(f, 1)); ++k) out[k] = 2 * in[k];
  return nullptr;
}

// s64[3] <- (device ordinal, run id, thread count)
XLA_FFI_Error* context_info(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  XLA_FFI_DeviceOrdinal_Get_Args d{XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE, nullptr, f->ctx, -1};
  if (XLA_FFI_Error* e = api->XLA_FFI_DeviceOrdinal_Get(&d)) return e;
  XLA_FFI_RunId_Get_Args r{XLA_FFI_RunId_Get_Args_STRUCT_SIZE, nullptr, f->ctx, 0};
  if (XLA_FFI_Error* e = api->XLA_FFI_RunId_Get(&r)) return e;
  int64_t threads = 0;
  XLA_FFI_ThreadPool_NumThreads_Args t{XLA_FFI_ThreadPool_NumThreads_Args_STRUCT_SIZE, nullptr, f->ctx, &threads};
  if (XLA_FFI_Error* e = api->XLA_FFI_ThreadPool_NumThreads(&t)) return e;
  int64_t* out = static_cast<int64_t*>(Ret(f, 0)->data);
  out[0] = d.device_ordinal;
  out[1] = r.run_id;
  out[2] = threads;
  return nullptr;
}

// s64[1] <- the int64 the host attached as user data with type id 4242.
XLA_FFI_Error* read_user_data(XLA_FFI_CallFrame* f) {
  XLA_FFI_TypeId id{4242};
  XLA_FFI_ExecutionContext_Get_Args g{XLA_FFI_ExecutionContext_Get_Args_STRUCT_SIZE, nullptr, f->ctx, &id, nullptr};
  if (XLA_FFI_Error* e = f->api->XLA_FFI_ExecutionContext_Get(&g)) return e;
  *static_cast<int64_t*>(Ret(f, 0)->data) = *static_cast<int64_t*>(g.data);
  return nullptr;
}

// Stateful: instantiate registers the counter type (once) and sets a fresh counter; every
// execution increments it and returns the new value in s64[1].
XLA_FFI_Error* counter_instantiate(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  if (f->stage != XLA_FFI_ExecutionStage_INSTANTIATE) return Fail(api, XLA_FFI_Error_Code_INTERNAL, "wrong stage");
  if (g_counter_type.type_id == 0) {
    static XLA_FFI_TypeInfo info{XLA_FFI_TypeInfo_STRUCT_SIZE, nullptr, &DeleteCounter};
    const char* name = "test_handlers.Counter";
    XLA_FFI_Type_Register_Args reg{};
    reg.struct_size = sizeof(reg);
    reg.name = XLA_FFI_ByteSpan{name, std::strlen(name)};
    reg.type_id = &g_counter_type;
    reg.type_info = &info;
    if (XLA_FFI_Error* e = api->XLA_FFI_Type_Register(&reg)) return e;
  }
  XLA_FFI_State_Set_Args set{XLA_FFI_State_Set_Args_STRUCT_SIZE, nullptr, f->ctx, XLA_FFI_ExecutionStage_INSTANTIATE,
                             &g_counter_type, new int64_t(0)};
  return api->XLA_FFI_State_Set(&set);
}

XLA_FFI_Error* counter_execute(XLA_FFI_CallFrame* f) {
  XLA_FFI_State_Get_Args get{XLA_FFI_State_Get_Args_STRUCT_SIZE, nullptr, f->ctx, XLA_FFI_ExecutionStage_INSTANTIATE,
                             &g_counter_type, nullptr};
  if (XLA_FFI_Error* e = f->api->XLA_FFI_State_Get(&get)) return e;
  int64_t* counter = static_cast<int64_t*>(get.state);
  *static_cast<int64_t*>(Ret(f, 0)->data) = ++*counter;
  return nullptr;
}

// Registers the stateful bundle through XLA_FFI_Handler_Register (PJRT's register_handler
// takes an execute handler only); run once, as a custom call, before using "test_counter".
XLA_FFI_Error* register_counter(XLA_FFI_CallFrame* f) {
  const char* name = "test_counter";
  XLA_FFI_Handler_Register_Args reg{};
  reg.struct_size = XLA_FFI_Handler_Register_Args_STRUCT_SIZE;
  reg.name = XLA_FFI_ByteSpan{name, std::strlen(name)};
  reg.platform = XLA_FFI_ByteSpan{"Host", 4};
  reg.bundle = XLA_FFI_Handler_Bundle{&counter_instantiate, nullptr, nullptr, &counter_execute};
  return f->api->XLA_FFI_Handler_Register(&reg);
}

// Asynchronous: returns a future that another thread completes after writing y = x + 1.
XLA_FFI_Error* async_add_one(XLA_FFI_CallFrame* f) {
  const XLA_FFI_Api* api = f->api;
  XLA_FFI_Future_Create_Args create{XLA_FFI_Future_Create_Args_STRUCT_SIZE, nullptr, nullptr};
  if (XLA_FFI_Error* e = api->XLA_FFI_Future_Create(&create)) return e;
  const float* in = static_cast<const float*>(Arg(f, 0)->data);
  float* out = static_cast<float*>(Ret(f, 0)->data);
  int64_t n = Elements(Arg(f, 0));
  XLA_FFI_Future* future = create.future;
  std::thread([api, future, in, out, n] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    for (int64_t k = 0; k < n; ++k) out[k] = in[k] + 1;
    XLA_FFI_Future_SetAvailable_Args done{XLA_FFI_Future_SetAvailable_Args_STRUCT_SIZE, nullptr, future};
    if (XLA_FFI_Error* e = api->XLA_FFI_Future_SetAvailable(&done)) {
      XLA_FFI_Error_Destroy_Args d{XLA_FFI_Error_Destroy_Args_STRUCT_SIZE, nullptr, e};
      api->XLA_FFI_Error_Destroy(&d);
    }
  }).detach();
  f->future = future;
  return nullptr;
}

}  // extern "C"
