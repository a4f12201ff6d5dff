// The XLA_FFI_Api table our plugins hand to typed FFI handlers, and the one way to call a
// handler: InvokeHandler builds the call frame, runs the handler, waits for an asynchronous
// result and turns whatever the handler reports into a Status. Nothing here throws or aborts.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "runtime/ffi/execution_context.h"
#include "runtime/ffi/xla_ffi_abi.h"
#include "runtime/support/element_type.h"
#include "runtime/support/status.h"

namespace jaxlib::ffi {

class EncodedAttributes;  // attributes.h

// The process-wide table (static storage; never freed).
const XLA_FFI_Api* GetApi();

// An XLA_FFI_Error carrying `status` (which must not be OK); the caller owns it.
XLA_FFI_Error* MakeError(Status status) noexcept;
// Consumes `error` (may be nullptr = OK) and returns it as a Status.
Status ConsumeError(XLA_FFI_Error* error) noexcept;

// XLA_FFI_DataType of one of our element types (they are numbered differently).
XLA_FFI_DataType ToFfiDataType(ElementType type);

// Calls `handler` for `stage`. `args`/`rets` are complete XLA_FFI_Buffer structs; `attrs`
// may be nullptr (no attributes). Errors name `target` so users see which call failed.
Status InvokeHandler(std::string_view target, XLA_FFI_Handler* handler, XLA_FFI_ExecutionStage stage,
                     XLA_FFI_ExecutionContext* ctx, std::span<XLA_FFI_Buffer> args,
                     std::span<XLA_FFI_Buffer> rets, const EncodedAttributes* attrs) noexcept;

}  // namespace jaxlib::ffi
