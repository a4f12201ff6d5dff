/*
 * The PJRT FFI extension (PJRT_Extension_Type_FFI): how a host registers typed FFI handlers and
 * types with a plugin and hands it per-execution user data. Our own declaration, laid out like
 * OpenXLA's pjrt_c_api_ffi_extension.h as XLA's 0.115 CPU plugin answers it (measured: entries
 * type_register / user_data_add / register_handler; Args sizes 48 / 40 / 52; extension 48).
 */
#ifndef JAXLIB_RUNTIME_PJRT_ABI_PJRT_FFI_EXTENSION_H_
#define JAXLIB_RUNTIME_PJRT_ABI_PJRT_FFI_EXTENSION_H_

#include <stddef.h>
#include <stdint.h>

#include "runtime/pjrt_abi/pjrt_c_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PJRT_API_FFI_EXTENSION_VERSION 3

/* Functions the runtime calls on objects of a registered type (all optional). */
typedef struct PJRT_FFI_Type_Info {
  void (*deleter)(void* object);
  void (*serialize)(void);
  void (*deserialize)(void);
} PJRT_FFI_Type_Info;

typedef struct PJRT_FFI_Type_Register_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  const char* type_name;
  size_t type_name_size;
  int64_t type_id;  /* in-out: 0 asks the plugin to assign one */
  PJRT_FFI_Type_Info* type_info;
} PJRT_FFI_Type_Register_Args;
#define PJRT_FFI_Type_Register_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_FFI_Type_Register_Args, type_info)

typedef PJRT_Error* PJRT_FFI_Type_Register(PJRT_FFI_Type_Register_Args* args);

/* Owned by the host, which keeps it alive while executions using the context run. */
typedef struct PJRT_FFI_UserData {
  int64_t type_id;
  void* data;
} PJRT_FFI_UserData;

typedef struct PJRT_FFI_UserData_Add_Args {
  size_t struct_size;
  PJRT_Extension_Base* extension_start;
  PJRT_ExecuteContext* context;
  PJRT_FFI_UserData user_data;
} PJRT_FFI_UserData_Add_Args;
#define PJRT_FFI_UserData_Add_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_FFI_UserData_Add_Args, user_data)

typedef PJRT_Error* PJRT_FFI_UserData_Add(PJRT_FFI_UserData_Add_Args* args);

typedef enum PJRT_FFI_Handler_TraitsBits {
  PJRT_FFI_HANDLER_TRAITS_COMMAND_BUFFER_COMPATIBLE = 1u << 0,
} PJRT_FFI_Handler_TraitsBits;

/* Note: no extension_start in this one. `handler` is an XLA_FFI_Handler* (execute stage). */
typedef struct PJRT_FFI_Register_Handler_Args {
  size_t struct_size;
  const char* target_name;
  size_t target_name_size;
  void* handler;
  const char* platform_name;
  size_t platform_name_size;
  PJRT_FFI_Handler_TraitsBits traits;
} PJRT_FFI_Register_Handler_Args;
#define PJRT_FFI_Register_Handler_Args_STRUCT_SIZE \
  JAXLIB_PJRT_STRUCT_SIZE(PJRT_FFI_Register_Handler_Args, traits)

typedef PJRT_Error* PJRT_FFI_Register_Handler(PJRT_FFI_Register_Handler_Args* args);

typedef struct PJRT_FFI_Extension {
  PJRT_Extension_Base base;
  PJRT_FFI_Type_Register* type_register;
  PJRT_FFI_UserData_Add* user_data_add;
  PJRT_FFI_Register_Handler* register_handler;
} PJRT_FFI_Extension;
#define PJRT_FFI_Extension_STRUCT_SIZE JAXLIB_PJRT_STRUCT_SIZE(PJRT_FFI_Extension, register_handler)

#ifdef __cplusplus
}
#endif

#endif /* JAXLIB_RUNTIME_PJRT_ABI_PJRT_FFI_EXTENSION_H_ */
