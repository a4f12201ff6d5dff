"""Drives the installed jaxlib-cpu PJRT plugin through its C API with ctypes (no jaxlib needed).

Every check runs in a fresh subprocess (this file executed as a script with the check's name),
so a segfault or abort in the plugin fails that one test instead of killing pytest. The ctypes
declarations below follow the PJRT C API 0.81 layout independently of our C header.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

# Checks run as subprocesses of this file, so the ci/ helpers are put on the path here.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "ci"))
from stablehlo_versions import stablehlo_versions  # noqa: E402

np: Any = None  # numpy, imported lazily inside the subprocess

SKIP_EXIT_CODE = 77

# ---------------------------------------------------------------------------------------------
# PJRT C API 0.81 facts: slot order, enums, struct layouts.

SLOT_NAMES = """
Error_Destroy Error_Message Error_GetCode Plugin_Initialize Plugin_Attributes
Event_Destroy Event_IsReady Event_Error Event_Await Event_OnReady
Client_Create Client_Destroy Client_PlatformName Client_ProcessIndex Client_PlatformVersion
Client_Devices Client_AddressableDevices Client_LookupDevice Client_LookupAddressableDevice
Client_AddressableMemories Client_Compile Client_DefaultDeviceAssignment
Client_BufferFromHostBuffer DeviceDescription_Id DeviceDescription_ProcessIndex
DeviceDescription_Attributes DeviceDescription_Kind DeviceDescription_DebugString
DeviceDescription_ToString Device_GetDescription Device_IsAddressable Device_LocalHardwareId
Device_AddressableMemories Device_DefaultMemory Device_MemoryStats Memory_Id Memory_Kind
Memory_DebugString Memory_ToString Memory_AddressableByDevices Executable_Destroy
Executable_Name Executable_NumReplicas Executable_NumPartitions Executable_NumOutputs
Executable_SizeOfGeneratedCodeInBytes Executable_GetCostAnalysis Executable_OutputMemoryKinds
Executable_OptimizedProgram Executable_Serialize LoadedExecutable_Destroy
LoadedExecutable_GetExecutable LoadedExecutable_AddressableDevices LoadedExecutable_Delete
LoadedExecutable_IsDeleted LoadedExecutable_Execute Executable_DeserializeAndLoad
LoadedExecutable_Fingerprint Buffer_Destroy Buffer_ElementType Buffer_Dimensions
Buffer_UnpaddedDimensions Buffer_DynamicDimensionIndices Buffer_GetMemoryLayout
Buffer_OnDeviceSizeInBytes Buffer_Device Buffer_Memory Buffer_Delete Buffer_IsDeleted
Buffer_CopyToDevice Buffer_ToHostBuffer Buffer_IsOnCpu Buffer_ReadyEvent Buffer_UnsafePointer
Buffer_IncreaseExternalReferenceCount Buffer_DecreaseExternalReferenceCount
Buffer_OpaqueDeviceMemoryDataPointer CopyToDeviceStream_Destroy CopyToDeviceStream_AddChunk
CopyToDeviceStream_TotalBytes CopyToDeviceStream_GranuleSize CopyToDeviceStream_CurrentBytes
TopologyDescription_Create TopologyDescription_Destroy TopologyDescription_PlatformName
TopologyDescription_PlatformVersion TopologyDescription_GetDeviceDescriptions
TopologyDescription_Serialize TopologyDescription_Attributes Compile
Executable_OutputElementTypes Executable_OutputDimensions Buffer_CopyToMemory
Client_CreateViewOfDeviceBuffer Executable_Fingerprint Client_TopologyDescription
Executable_GetCompiledMemoryStats Memory_Kind_Id ExecuteContext_Create ExecuteContext_Destroy
Buffer_CopyRawToHost AsyncHostToDeviceTransferManager_Destroy
AsyncHostToDeviceTransferManager_TransferData Client_CreateBuffersForAsyncHostToDevice
AsyncHostToDeviceTransferManager_RetrieveBuffer AsyncHostToDeviceTransferManager_Device
AsyncHostToDeviceTransferManager_BufferCount AsyncHostToDeviceTransferManager_BufferSize
AsyncHostToDeviceTransferManager_SetBufferError AsyncHostToDeviceTransferManager_AddMetadata
Client_DmaMap Client_DmaUnmap Client_CreateUninitializedBuffer Client_UpdateGlobalProcessInfo
TopologyDescription_Deserialize Client_CreateAliasBuffer Client_FulfillAliasBuffer
LoadedExecutable_GetDeviceAssignment
""".split()
assert len(SLOT_NAMES) == 118

INVALID_ARGUMENT, FAILED_PRECONDITION, UNIMPLEMENTED = 3, 9, 12
K_STRING, K_INT64, K_INT64_LIST, K_FLOAT, K_BOOL = range(5)
TOKEN = 23

# numpy dtype name -> PJRT_Buffer_Type
DTYPES = {
    "bool": 1, "int8": 2, "int16": 3, "int32": 4, "int64": 5, "uint8": 6, "uint16": 7,
    "uint32": 8, "uint64": 9, "float16": 10, "float32": 11, "float64": 12,
    "complex64": 14, "complex128": 15,
}
BF16 = 13

P = ctypes.c_void_p
SZ = ctypes.c_size_t
HEADER = [("struct_size", SZ), ("extension_start", P)]


def _struct(name: str, fields: list[tuple[str, Any]]) -> type[ctypes.Structure]:
    return type(name, (ctypes.Structure,), {"_fields_": HEADER + fields})


def struct_size(cls: type[ctypes.Structure]) -> int:
    """offsetof(last field) + sizeof(last field): what <Name>_STRUCT_SIZE is in C."""
    name, ctype = cls._fields_[-1][:2]
    return int(getattr(cls, name).offset) + ctypes.sizeof(ctype)


class NamedValueUnion(ctypes.Union):
    _fields_ = [("string_value", P), ("int64_value", ctypes.c_int64),
                ("int64_array_value", P), ("float_value", ctypes.c_float),
                ("bool_value", ctypes.c_bool)]


NamedValue = _struct("NamedValue", [("name", P), ("name_size", SZ), ("type", ctypes.c_int),
                                    ("value", NamedValueUnion), ("value_size", SZ)])
Program = _struct("Program", [("code", P), ("code_size", SZ), ("format", P), ("format_size", SZ)])
OnReadyCallback = ctypes.CFUNCTYPE(None, P, P)
ExecuteOptions = _struct("ExecuteOptions", [
    ("send_callbacks", P), ("recv_callbacks", P), ("num_send_ops", SZ), ("num_recv_ops", SZ),
    ("launch_id", ctypes.c_int), ("non_donatable_input_indices", P),
    ("num_non_donatable_input_indices", SZ), ("context", P), ("call_location", P),
    ("num_tasks", SZ), ("task_ids", P), ("incarnation_ids", P)])

ARGS: dict[str, type[ctypes.Structure]] = {}


def _args(slot: str, fields: list[tuple[str, Any]]) -> None:
    ARGS[slot] = _struct(slot + "_Args", fields)


_args("Error_Destroy", [("error", P)])
_args("Error_Message", [("error", P), ("message", P), ("message_size", SZ)])
_args("Error_GetCode", [("error", P), ("code", ctypes.c_int)])
_args("Plugin_Initialize", [])
_args("Plugin_Attributes", [("attributes", P), ("num_attributes", SZ)])
for _name in ("Event_Destroy", "Event_Error", "Event_Await"):
    _args(_name, [("event", P)])
_args("Event_IsReady", [("event", P), ("is_ready", ctypes.c_bool)])
_args("Event_OnReady", [("event", P), ("callback", OnReadyCallback), ("user_arg", P)])
_args("Client_Create", [("create_options", P), ("num_options", SZ), ("kv_get_callback", P),
                        ("kv_get_user_arg", P), ("kv_put_callback", P), ("kv_put_user_arg", P),
                        ("client", P), ("kv_try_get_callback", P), ("kv_try_get_user_arg", P)])
_args("Client_Destroy", [("client", P)])
_args("Client_PlatformName", [("client", P), ("platform_name", P), ("platform_name_size", SZ)])
_args("Client_ProcessIndex", [("client", P), ("process_index", ctypes.c_int)])
_args("Client_PlatformVersion", [("client", P), ("platform_version", P),
                                 ("platform_version_size", SZ)])
_args("Client_Devices", [("client", P), ("devices", ctypes.POINTER(P)), ("num_devices", SZ)])
_args("Client_AddressableDevices", [("client", P), ("addressable_devices", ctypes.POINTER(P)),
                                    ("num_addressable_devices", SZ)])
_args("Client_LookupDevice", [("client", P), ("id", ctypes.c_int), ("device", P)])
_args("Client_LookupAddressableDevice", [("client", P), ("local_hardware_id", ctypes.c_int),
                                         ("addressable_device", P)])
_args("Client_AddressableMemories", [("client", P), ("addressable_memories", ctypes.POINTER(P)),
                                     ("num_addressable_memories", SZ)])
_args("Client_Compile", [("client", P), ("program", ctypes.POINTER(Program)),
                         ("compile_options", P), ("compile_options_size", SZ), ("executable", P)])
_args("Client_DefaultDeviceAssignment", [("client", P), ("num_replicas", ctypes.c_int),
                                         ("num_partitions", ctypes.c_int),
                                         ("default_assignment_size", SZ),
                                         ("default_assignment", ctypes.POINTER(ctypes.c_int))])
_args("Client_BufferFromHostBuffer", [
    ("client", P), ("data", P), ("type", ctypes.c_int), ("dims", ctypes.POINTER(ctypes.c_int64)),
    ("num_dims", SZ), ("byte_strides", ctypes.POINTER(ctypes.c_int64)), ("num_byte_strides", SZ),
    ("host_buffer_semantics", ctypes.c_int), ("device", P), ("memory", P), ("device_layout", P),
    ("done_with_host_buffer", P), ("buffer", P)])
_args("Client_TopologyDescription", [("client", P), ("topology", P)])
_args("DeviceDescription_Id", [("device_description", P), ("id", ctypes.c_int)])
_args("DeviceDescription_ProcessIndex", [("device_description", P),
                                         ("process_index", ctypes.c_int)])
_args("DeviceDescription_Attributes", [("device_description", P), ("num_attributes", SZ),
                                       ("attributes", P)])
for _name, _field in (("Kind", "device_kind"), ("DebugString", "debug_string"),
                      ("ToString", "to_string")):
    _args("DeviceDescription_" + _name, [("device_description", P), (_field, P),
                                         (_field + "_size", SZ)])
_args("Device_GetDescription", [("device", P), ("device_description", P)])
_args("Device_IsAddressable", [("device", P), ("is_addressable", ctypes.c_bool)])
_args("Device_LocalHardwareId", [("device", P), ("local_hardware_id", ctypes.c_int)])
_args("Device_AddressableMemories", [("device", P), ("memories", ctypes.POINTER(P)),
                                     ("num_memories", SZ)])
_args("Device_DefaultMemory", [("device", P), ("memory", P)])
_stats: list[tuple[str, Any]] = [("device", P), ("bytes_in_use", ctypes.c_int64)]
for _name in ("peak_bytes_in_use", "num_allocs", "largest_alloc_size", "bytes_limit",
              "bytes_reserved", "peak_bytes_reserved", "bytes_reservable_limit",
              "largest_free_block_bytes", "pool_bytes", "peak_pool_bytes"):
    _stats += [(_name, ctypes.c_int64), (_name + "_is_set", ctypes.c_bool)]
_args("Device_MemoryStats", _stats)
_args("Memory_Id", [("memory", P), ("id", ctypes.c_int)])
_args("Memory_Kind", [("memory", P), ("kind", P), ("kind_size", SZ)])
_args("Memory_Kind_Id", [("memory", P), ("kind_id", ctypes.c_int)])
_args("Memory_AddressableByDevices", [("memory", P), ("devices", ctypes.POINTER(P)),
                                      ("num_devices", SZ)])
_args("TopologyDescription_PlatformName", [("topology", P), ("platform_name", P),
                                           ("platform_name_size", SZ)])
_args("TopologyDescription_GetDeviceDescriptions", [("topology", P),
                                                    ("descriptions", ctypes.POINTER(P)),
                                                    ("num_descriptions", SZ)])
_args("TopologyDescription_Destroy", [("topology", P)])
_args("Buffer_Destroy", [("buffer", P)])
_args("Buffer_ElementType", [("buffer", P), ("type", ctypes.c_int)])
_args("Buffer_Dimensions", [("buffer", P), ("dims", ctypes.POINTER(ctypes.c_int64)),
                            ("num_dims", SZ)])
_args("Buffer_OnDeviceSizeInBytes", [("buffer", P), ("on_device_size_in_bytes", SZ)])
_args("Buffer_Device", [("buffer", P), ("device", P)])
_args("Buffer_Memory", [("buffer", P), ("memory", P)])
_args("Buffer_Delete", [("buffer", P)])
_args("Buffer_IsDeleted", [("buffer", P), ("is_deleted", ctypes.c_bool)])
_args("Buffer_CopyToDevice", [("buffer", P), ("dst_device", P), ("dst_buffer", P)])
_args("Buffer_ToHostBuffer", [("src", P), ("host_layout", P), ("dst", P), ("dst_size", SZ),
                              ("event", P)])
_args("Buffer_IsOnCpu", [("buffer", P), ("is_on_cpu", ctypes.c_bool)])
_args("Buffer_ReadyEvent", [("buffer", P), ("event", P)])
_args("Buffer_UnsafePointer", [("buffer", P), ("buffer_pointer", ctypes.c_size_t)])
_args("Buffer_IncreaseExternalReferenceCount", [("buffer", P)])
_args("Buffer_DecreaseExternalReferenceCount", [("buffer", P)])
_args("Buffer_OpaqueDeviceMemoryDataPointer", [("buffer", P), ("device_memory_ptr", P)])
_args("Executable_DeserializeAndLoad", [("client", P), ("serialized_executable", P),
                                        ("serialized_executable_size", SZ),
                                        ("loaded_executable", P),
                                        ("overridden_serialized_compile_options", P),
                                        ("overridden_serialized_compile_options_size", SZ)])
_args("LoadedExecutable_Destroy", [("executable", P)])
_args("LoadedExecutable_GetExecutable", [("loaded_executable", P), ("executable", P)])
_args("LoadedExecutable_AddressableDevices", [("executable", P),
                                              ("addressable_devices", ctypes.POINTER(P)),
                                              ("num_addressable_devices", SZ)])
_args("LoadedExecutable_Execute", [
    ("executable", P), ("options", ctypes.POINTER(ExecuteOptions)), ("argument_lists", P),
    ("num_devices", SZ), ("num_args", SZ), ("output_lists", P), ("device_complete_events", P),
    ("execute_device", P)])
_args("Executable_Destroy", [("executable", P)])
_args("Executable_Serialize", [("executable", P), ("serialized_bytes", P), ("serialized_bytes_size", SZ),
                               ("serialized_executable", P), ("serialized_executable_deleter", P)])
_args("Executable_OutputMemoryKinds", [("executable", P), ("num_outputs", SZ),
                                       ("memory_kinds", ctypes.POINTER(P)),
                                       ("memory_kind_sizes", ctypes.POINTER(SZ))])
_args("Executable_OptimizedProgram", [("executable", P), ("program", ctypes.POINTER(Program))])
_args("Buffer_CopyToMemory", [("buffer", P), ("dst_memory", P), ("dst_buffer", P)])
OnDeleteCallback = ctypes.CFUNCTYPE(None, P, P)
_args("Client_CreateViewOfDeviceBuffer", [
    ("client", P), ("device_buffer_ptr", P), ("dims", ctypes.POINTER(ctypes.c_int64)), ("num_dims", SZ),
    ("element_type", ctypes.c_int), ("layout", P), ("device", P), ("on_delete_callback", OnDeleteCallback),
    ("on_delete_callback_arg", P), ("stream", ctypes.c_ssize_t), ("buffer", P), ("memory", P)])
_args("Client_CreateUninitializedBuffer", [
    ("client", P), ("shape_dims", ctypes.POINTER(ctypes.c_int64)), ("shape_num_dims", SZ),
    ("shape_element_type", ctypes.c_int), ("shape_layout", P), ("device", P), ("memory", P), ("buffer", P)])
_args("TopologyDescription_Serialize", [("topology", P), ("serialized_bytes", P),
                                        ("serialized_bytes_size", SZ), ("serialized_topology", P),
                                        ("serialized_topology_deleter", P)])
_args("TopologyDescription_Create", [("topology_name", P), ("topology_name_size", SZ),
                                     ("create_options", P), ("num_options", SZ), ("topology", P)])
_args("Compile", [("topology", P), ("program", P), ("compile_options", P), ("compile_options_size", SZ),
                  ("client", P), ("executable", P)])
_args("Executable_NumOutputs", [("executable", P), ("num_outputs", SZ)])
_args("Executable_OutputElementTypes", [("executable", P),
                                        ("output_types", ctypes.POINTER(ctypes.c_int)),
                                        ("num_output_types", SZ)])
_args("Executable_OutputDimensions", [("executable", P), ("num_outputs", SZ),
                                      ("dims", ctypes.POINTER(ctypes.c_int64)),
                                      ("dim_sizes", ctypes.POINTER(SZ))])

EXPECTED_SIZES = {  # measured on XLA's 0.81 plugin (PJRT_NOTES.md); guards the declarations
    "Client_Create": 88, "Client_BufferFromHostBuffer": 120, "Client_Compile": 56,
    "LoadedExecutable_Execute": 80, "Event_IsReady": 25, "Error_GetCode": 28,
    "Device_MemoryStats": 185, "Client_PlatformName": 40,
}


# ---------------------------------------------------------------------------------------------
# A thin ctypes client.


class PjrtError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(f"code {code}: {message}")
        self.code = code
        self.message = message


def plugin_path() -> str | None:
    spec = importlib.util.find_spec("jaxlib_cpu")
    if spec is None or spec.origin is None:
        return None
    path = os.path.join(os.path.dirname(spec.origin), "pjrt_plugin_jaxlib_cpu.so")
    return path if os.path.exists(path) else None


class Api:
    def __init__(self) -> None:
        path = plugin_path()
        assert path, "jaxlib_cpu is installed but pjrt_plugin_jaxlib_cpu.so is missing"
        self.lib = ctypes.CDLL(path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
        self.lib.GetPjrtApi.restype = P
        self.address: int = self.lib.GetPjrtApi()
        assert self.address, "GetPjrtApi returned NULL"
        self._fns: dict[str, Callable[..., Any]] = {}

    def slot(self, index: int) -> int:
        return P.from_address(self.address + 40 + 8 * index).value or 0

    def fn(self, name: str) -> Callable[..., Any]:
        if name not in self._fns:
            restype = None if name in ("Error_Destroy", "Error_Message") else P
            proto = ctypes.CFUNCTYPE(restype, P)
            self._fns[name] = proto(self.slot(SLOT_NAMES.index(name)))
        return self._fns[name]

    def args(self, name: str, **fields: Any) -> Any:
        a = ARGS[name]()
        a.struct_size = struct_size(ARGS[name])
        for key, value in fields.items():
            setattr(a, key, value)
        return a

    def raw(self, name: str, a: Any) -> int | None:
        result: int | None = self.fn(name)(ctypes.addressof(a))
        return result

    def error_info(self, error: int) -> tuple[int, str]:
        code = self.args("Error_GetCode", error=error)
        assert self.raw("Error_GetCode", code) is None
        msg = self.args("Error_Message", error=error)
        self.raw("Error_Message", msg)
        text = ctypes.string_at(msg.message, msg.message_size).decode()
        self.raw("Error_Destroy", self.args("Error_Destroy", error=error))
        return int(code.code), text

    def call(self, name: str, **fields: Any) -> Any:
        a = self.args(name, **fields)
        error = self.raw(name, a)
        if error:
            raise PjrtError(*self.error_info(error))
        return a

    def expect_error(self, name: str, a: Any) -> tuple[int, str]:
        error = self.raw(name, a)
        assert error, f"{name} unexpectedly succeeded"
        return self.error_info(error)

    # -- helpers over the raw calls ------------------------------------------------------------

    def create_client(self, **options: Any) -> int:
        values, keep = self.named_values(options)
        a = self.call("Client_Create", create_options=ctypes.cast(values, P) if values else None,
                      num_options=len(options))
        del keep
        assert a.client
        return int(a.client)

    def named_values(self, options: dict[str, Any]) -> tuple[Any, list[Any]]:
        if not options:
            return None, []
        array = (NamedValue * len(options))()
        keep: list[Any] = []
        for nv, (name, value) in zip(array, options.items(), strict=True):
            raw_name = name.encode()
            keep.append(raw_name)
            nv.struct_size = struct_size(NamedValue)
            nv.name = ctypes.cast(ctypes.c_char_p(raw_name), P)
            nv.name_size = len(raw_name)
            nv.value_size = 1
            if isinstance(value, bool):
                nv.type, nv.value.bool_value = K_BOOL, value
            elif isinstance(value, int):
                nv.type, nv.value.int64_value = K_INT64, value
            elif isinstance(value, float):
                nv.type, nv.value.float_value = K_FLOAT, value
            else:
                text = str(value).encode()
                keep.append(text)
                nv.type = K_STRING
                nv.value.string_value = ctypes.cast(ctypes.c_char_p(text), P)
                nv.value_size = len(text)
        return array, keep

    def string(self, name: str, handle_field: str, handle: int, out: str) -> str:
        a = self.call(name, **{handle_field: handle})
        return ctypes.string_at(getattr(a, out), getattr(a, out + "_size")).decode()

    def devices(self, client: int) -> list[int]:
        a = self.call("Client_Devices", client=client)
        return [a.devices[i] for i in range(a.num_devices)]

    def description(self, device: int) -> int:
        return int(self.call("Device_GetDescription", device=device).device_description)

    def event_ready(self, event: int) -> bool:
        return bool(self.call("Event_IsReady", event=event).is_ready)

    def await_event(self, event: int) -> None:
        self.call("Event_Await", event=event)

    def destroy_event(self, event: int) -> None:
        self.call("Event_Destroy", event=event)

    def to_host(self, buffer: int) -> bytes:
        query = self.call("Buffer_ToHostBuffer", src=buffer, dst=None)
        size = query.dst_size
        dst = ctypes.create_string_buffer(max(size, 1))
        a = self.call("Buffer_ToHostBuffer", src=buffer, dst=ctypes.cast(dst, P), dst_size=size)
        self.await_event(a.event)
        self.destroy_event(a.event)
        return dst.raw[:size]

    def from_host(self, client: int, array: Any, semantics: int = 0, device: int | None = None,
                  memory: int | None = None, type_code: int | None = None,
                  strides: bool = False) -> tuple[int, int]:
        dims = (ctypes.c_int64 * max(array.ndim, 1))(*array.shape)
        byte_strides = (ctypes.c_int64 * max(array.ndim, 1))(*array.strides)
        if device is None and memory is None:
            device = self.devices(client)[0]
        a = self.call("Client_BufferFromHostBuffer", client=client,
                      data=array.ctypes.data, type=type_code or DTYPES[array.dtype.name],
                      dims=dims, num_dims=array.ndim,
                      byte_strides=byte_strides if strides else None,
                      num_byte_strides=array.ndim if strides else 0,
                      host_buffer_semantics=semantics, device=device, memory=memory)
        return int(a.buffer), int(a.done_with_host_buffer)

    def destroy_buffer(self, buffer: int) -> None:
        self.call("Buffer_Destroy", buffer=buffer)


def aligned_empty(shape: tuple[int, ...], dtype: Any, alignment: int = 64, offset: int = 0) -> Any:
    """An array whose data starts at `offset` bytes past an `alignment`-byte boundary."""
    dtype = np.dtype(dtype)
    nbytes = int(np.prod(shape)) * dtype.itemsize
    raw = np.empty(nbytes + 2 * alignment, dtype=np.uint8)
    start = (-raw.ctypes.data) % alignment + offset
    return raw[start:start + nbytes].view(dtype).reshape(shape)


def sample(dtype_name: str, shape: tuple[int, ...] = (3, 5)) -> Any:
    n = int(np.prod(shape))
    if dtype_name == "bool":
        values = np.arange(n) % 3 == 0
    elif dtype_name.startswith("complex"):
        values = np.arange(n) + 1j * (np.arange(n) - 2)
    else:
        values = np.arange(n) - (3 if not dtype_name.startswith("uint") else 0)
    return values.astype(dtype_name).reshape(shape)


# ---------------------------------------------------------------------------------------------
# Checks: each runs in its own process.

CHECKS: dict[str, Callable[[], None]] = {}


def check(fn: Callable[[], None]) -> Callable[[], None]:
    CHECKS[fn.__name__] = fn
    return fn


@check
def table_layout() -> None:
    for name, size in EXPECTED_SIZES.items():
        assert struct_size(ARGS[name]) == size, f"test declaration of {name}_Args is wrong"
    api = Api()
    assert api.lib.GetPjrtApi() == api.address, "GetPjrtApi must return the same table each call"
    table_size = ctypes.c_size_t.from_address(api.address).value
    assert table_size == 40 + 8 * 118, f"PJRT_Api.struct_size: expected 984, got {table_size}"
    version_size = ctypes.c_size_t.from_address(api.address + 16).value
    major = ctypes.c_int.from_address(api.address + 32).value
    minor = ctypes.c_int.from_address(api.address + 36).value
    assert (version_size, major, minor) == (24, 0, 81), (version_size, major, minor)
    empty = [name for i, name in enumerate(SLOT_NAMES) if not api.slot(i)]
    assert not empty, f"NULL slots in the table: {empty}"


@check
def initialize_twice() -> None:
    api = Api()
    api.call("Plugin_Initialize")
    api.call("Plugin_Initialize")


@check
def attributes() -> None:
    import jaxlib_cpu

    api = Api()
    a = api.call("Plugin_Attributes")
    attrs: dict[str, Any] = {}
    values = ctypes.cast(a.attributes, ctypes.POINTER(NamedValue))
    for i in range(a.num_attributes):
        nv = values[i]
        name = ctypes.string_at(nv.name, nv.name_size).decode()
        assert name not in attrs, f"duplicate attribute {name}"
        if nv.type == K_STRING:
            attrs[name] = ctypes.string_at(nv.value.string_value, nv.value_size).decode()
        elif nv.type == K_INT64:
            attrs[name] = nv.value.int64_value
        elif nv.type == K_INT64_LIST:
            array = ctypes.cast(nv.value.int64_array_value, ctypes.POINTER(ctypes.c_int64))
            attrs[name] = [array[k] for k in range(nv.value_size)]
        else:
            attrs[name] = ("type", nv.type)
    assert attrs["xla_version"] == 2, attrs
    # What the bytecode front end reads, from its one table (runtime/compiler/bytecode/vhlo_ops.h).
    assert attrs["stablehlo_current_version"] == list(stablehlo_versions()["current"]), attrs
    assert attrs["stablehlo_minimum_version"] == list(stablehlo_versions()["minimum"]), attrs
    info = jaxlib_cpu.build_info()
    assert attrs["jaxlib_version"] == info["version"], (attrs, info)
    assert attrs["jaxlib_backend"] == "cpu" == info["backend"], (attrs, info)
    assert attrs["jaxlib_git_revision"] == info["git_revision"], (attrs, info)
    assert attrs["jaxlib_build_id"] == info["build_id"], (attrs, info)
    assert attrs["jaxlib_toolkit"] == info["toolkit"], (attrs, info)
    assert tuple(info["pjrt_api_version"]) == (0, 81), info


@check
def client_create_rejects_bad_options() -> None:
    api = Api()
    cases = [
        ({"no_such_option": 1},
         "Unexpected option name passed to PJRT_Client_Create: no_such_option"),
        ({"cpu_device_count": "4"}, "cpu_device_count"),
        ({"asynchronous": 1}, "asynchronous"),
        ({"cpu_device_count": 0}, "cpu_device_count must be between 1 and 1024, got 0"),
        ({"max_inflight_computations": 0}, "max_inflight_computations"),
    ]
    for options, expected in cases:
        values, keep = api.named_values(options)
        a = api.args("Client_Create", create_options=ctypes.cast(values, P),
                     num_options=len(options))
        code, message = api.expect_error("Client_Create", a)
        assert code == INVALID_ARGUMENT, (options, code, message)
        assert expected in message, (options, message)
        del keep
    # The KV callback fields must never be read: fill them with garbage.
    bogus = 0xDEADBEEF
    a = api.args("Client_Create", kv_get_callback=bogus, kv_put_callback=bogus,
                 kv_try_get_callback=bogus, kv_get_user_arg=bogus)
    assert api.raw("Client_Create", a) is None
    api.call("Client_Destroy", client=a.client)


@check
def devices_and_client_queries() -> None:
    api = Api()
    client = api.create_client()
    devices = api.devices(client)
    assert len(devices) == 4, f"default cpu_device_count: expected 4, got {len(devices)}"
    addressable = api.call("Client_AddressableDevices", client=client)
    assert [addressable.addressable_devices[i] for i in range(addressable.num_addressable_devices)] == devices
    assert api.string("Client_PlatformName", "client", client, "platform_name") == "cpu"
    assert api.call("Client_ProcessIndex", client=client).process_index == 0
    version = api.string("Client_PlatformVersion", "client", client, "platform_version")
    assert version.startswith("jaxlib-cpu "), version
    for i, device in enumerate(devices):
        desc = api.description(device)
        assert api.call("DeviceDescription_Id", device_description=desc).id == i
        assert api.call("DeviceDescription_ProcessIndex", device_description=desc).process_index == 0
        assert api.call("DeviceDescription_Attributes", device_description=desc).num_attributes == 0
        assert api.string("DeviceDescription_Kind", "device_description", desc, "device_kind") == "cpu"
        assert api.string("DeviceDescription_DebugString", "device_description", desc,
                          "debug_string") == f"cpu:{i}"
        assert api.string("DeviceDescription_ToString", "device_description", desc,
                          "to_string") == f"CpuDevice(id={i})"
        assert api.call("Device_IsAddressable", device=device).is_addressable
        assert api.call("Device_LocalHardwareId", device=device).local_hardware_id == i
        assert api.call("Client_LookupDevice", client=client, id=i).device == device
        assert api.call("Client_LookupAddressableDevice", client=client,
                        local_hardware_id=i).addressable_device == device
    for bad in (-1, len(devices)):
        code, message = api.expect_error("Client_LookupDevice",
                                         api.args("Client_LookupDevice", client=client, id=bad))
        assert (code, message) == (INVALID_ARGUMENT, f"No matching device found for device_id {bad}")
    small = (ctypes.c_int * 7)()
    code, message = api.expect_error("Client_DefaultDeviceAssignment", api.args(
        "Client_DefaultDeviceAssignment", client=client, num_replicas=4, num_partitions=2,
        default_assignment_size=7, default_assignment=small))
    assert code == FAILED_PRECONDITION, (code, message)
    assert message == ("PJRT_Client_DefaultDeviceAssignment: `default_assignment_size` 7 < "
                       "`num_replicas * num_partitions`, 4 * 2 = 8"), message
    out = (ctypes.c_int * 2)()
    api.call("Client_DefaultDeviceAssignment", client=client, num_replicas=2, num_partitions=1,
             default_assignment_size=2, default_assignment=out)
    assert list(out) == [0, 1], list(out)
    topology = api.call("Client_TopologyDescription", client=client).topology
    assert api.string("TopologyDescription_PlatformName", "topology", topology, "platform_name") == "cpu"
    descs = api.call("TopologyDescription_GetDeviceDescriptions", topology=topology)
    assert descs.num_descriptions == 4
    api.call("TopologyDescription_Destroy", topology=topology)  # client-owned: must be a no-op
    api.call("Client_Destroy", client=client)

    two = api.create_client(cpu_device_count=2, asynchronous=True, max_inflight_computations=8)
    assert len(api.devices(two)) == 2
    api.call("Client_Destroy", client=two)


@check
def memories() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=3)
    devices = api.devices(client)
    all_memories = api.call("Client_AddressableMemories", client=client)
    memories = [all_memories.addressable_memories[i] for i in range(all_memories.num_addressable_memories)]
    kinds = ["device", "pinned_host", "unpinned_host"]  # JAX's CPU memory kinds, default first
    assert len(memories) == len(kinds) * len(devices), memories
    kind_ids: dict[str, int] = {}
    for i, device in enumerate(devices):
        default = api.call("Device_DefaultMemory", device=device).memory
        mine = api.call("Device_AddressableMemories", device=device)
        own = [mine.memories[k] for k in range(mine.num_memories)]
        # Ids are global and consecutive per device, as XLA's CPU client numbers them.
        assert own == memories[3 * i : 3 * i + 3] and own[0] == default, (own, memories)
        for k, memory in enumerate(own):
            assert api.string("Memory_Kind", "memory", memory, "kind") == kinds[k]
            kind_id = api.call("Memory_Kind_Id", memory=memory).kind_id
            assert kind_id != 0 and kind_ids.setdefault(kinds[k], kind_id) == kind_id, (kinds[k], kind_id)
            assert api.call("Memory_Id", memory=memory).id == 3 * i + k
            owners = api.call("Memory_AddressableByDevices", memory=memory)
            assert [owners.devices[j] for j in range(owners.num_devices)] == [device]
    assert len(set(kind_ids.values())) == 3, kind_ids
    api.call("Client_Destroy", client=client)


@check
def host_round_trip_all_dtypes_and_semantics() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    for dtype_name, type_code in DTYPES.items():
        for semantics in range(4):
            host = aligned_empty((3, 5), dtype_name)
            host[...] = sample(dtype_name)
            expected = host.copy()
            buffer, done = api.from_host(client, host, semantics=semantics)
            assert api.call("Buffer_ElementType", buffer=buffer).type == type_code
            dims = api.call("Buffer_Dimensions", buffer=buffer)
            assert [dims.dims[k] for k in range(dims.num_dims)] == [3, 5]
            size = api.call("Buffer_OnDeviceSizeInBytes", buffer=buffer).on_device_size_in_bytes
            assert size == expected.nbytes, (dtype_name, size)
            assert api.to_host(buffer) == expected.tobytes(), (dtype_name, semantics)
            if semantics >= 2:
                # Zero-copy: the plugin reads our memory until the buffer goes away.
                assert not api.event_ready(done), f"{dtype_name}/{semantics}: released too early"
                api.destroy_buffer(buffer)
                assert api.event_ready(done), f"{dtype_name}/{semantics}: not released at destroy"
            else:
                assert api.event_ready(done), f"{dtype_name}/{semantics}: copy not complete"
                api.destroy_buffer(buffer)
            api.await_event(done)
            api.destroy_event(done)
    # bfloat16 has no numpy dtype: move its raw 16-bit patterns.
    bits = np.array([0x3F80, 0xC000, 0x7F80, 0x0000], dtype=np.uint16)
    buffer, done = api.from_host(client, bits, type_code=BF16)
    assert api.call("Buffer_ElementType", buffer=buffer).type == BF16
    assert api.to_host(buffer) == bits.tobytes()
    api.destroy_event(done)
    api.destroy_buffer(buffer)
    api.call("Client_Destroy", client=client)


@check
def zero_copy_aliases_only_aligned_dense_memory() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    host = aligned_empty((4, 4), "float32")
    host[...] = 1.0
    buffer, done = api.from_host(client, host, semantics=3)
    host[0, 0] = 42.0  # visible through the alias
    assert np.frombuffer(api.to_host(buffer), np.float32)[0] == 42.0
    api.destroy_buffer(buffer)
    assert api.event_ready(done)
    api.destroy_event(done)

    misaligned = aligned_empty((4, 4), "float32", offset=4)
    misaligned[...] = 1.0
    buffer, done = api.from_host(client, misaligned, semantics=2)
    assert api.event_ready(done), "misaligned zero-copy request must fall back to a copy"
    misaligned[0, 0] = 42.0
    assert np.frombuffer(api.to_host(buffer), np.float32)[0] == 1.0
    api.destroy_event(done)
    api.destroy_buffer(buffer)
    api.call("Client_Destroy", client=client)


@check
def on_ready_callback_runs_and_owns_its_error() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    host = aligned_empty((8,), "int32")
    host[...] = 7
    buffer, done = api.from_host(client, host, semantics=2)
    calls: list[int | None] = []

    @OnReadyCallback
    def on_ready(error: int | None, user_arg: int | None) -> None:
        calls.append(error)

    api.call("Event_OnReady", event=done, callback=on_ready, user_arg=None)
    api.destroy_event(done)  # destroying the handle must not cancel the callback
    assert calls == [], "fired before the aliased buffer was released"
    api.destroy_buffer(buffer)
    assert calls == [None], calls

    copied, done = api.from_host(client, host)
    api.destroy_event(done)
    ready = api.call("Buffer_ReadyEvent", buffer=copied)
    assert api.event_ready(ready.event)
    api.call("Event_OnReady", event=ready.event, callback=on_ready, user_arg=None)
    assert calls == [None, None], "a ready event must run its callback right away"
    assert api.raw("Event_Error", api.args("Event_Error", event=ready.event)) is None
    api.destroy_event(ready.event)
    api.destroy_buffer(copied)
    api.call("Client_Destroy", client=client)


@check
def strided_and_memory_targeted_transfers() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=2)
    base = np.arange(24, dtype=np.float64).reshape(4, 6)
    for view in (base.T, base[:, ::2], base[::-1]):
        buffer, done = api.from_host(client, view, strides=True)
        assert api.to_host(buffer) == np.ascontiguousarray(view).tobytes(), view.strides
        api.destroy_event(done)
        api.destroy_buffer(buffer)
    # device=NULL with a memory, as JAX sends it.
    device1 = api.devices(client)[1]
    memory1 = api.call("Device_DefaultMemory", device=device1).memory
    buffer, done = api.from_host(client, base, memory=memory1, semantics=2, strides=True)
    assert api.call("Buffer_Device", buffer=buffer).device == device1
    assert api.call("Buffer_Memory", buffer=buffer).memory == memory1
    copy = api.call("Buffer_CopyToDevice", buffer=buffer, dst_device=api.devices(client)[0]).dst_buffer
    assert api.call("Buffer_Device", buffer=copy).device == api.devices(client)[0]
    assert api.to_host(copy) == base.tobytes()
    for handle in (copy, buffer):
        api.destroy_buffer(handle)
    api.destroy_event(done)
    api.call("Client_Destroy", client=client)


@check
def rejects_bad_transfers() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    device = api.devices(client)[0]
    data = np.zeros(4, np.float32)
    dims = (ctypes.c_int64 * 1)(4)
    for type_code, expected in ((TOKEN, "TOKEN"), (99, "99"), (30, "S1")):
        a = api.args("Client_BufferFromHostBuffer", client=client, data=data.ctypes.data,
                     type=type_code, dims=dims, num_dims=1, device=device)
        code, message = api.expect_error("Client_BufferFromHostBuffer", a)
        assert code == INVALID_ARGUMENT and expected in message, (code, message)
    negative = (ctypes.c_int64 * 1)(-1)
    a = api.args("Client_BufferFromHostBuffer", client=client, data=data.ctypes.data, type=11,
                 dims=negative, num_dims=1, device=device)
    assert api.expect_error("Client_BufferFromHostBuffer", a)[0] == INVALID_ARGUMENT
    a = api.args("Client_BufferFromHostBuffer", client=client, data=data.ctypes.data, type=11,
                 dims=dims, num_dims=1)
    code, message = api.expect_error("Client_BufferFromHostBuffer", a)
    assert code == INVALID_ARGUMENT and "neither device nor memory" in message, message
    api.call("Client_Destroy", client=client)


@check
def external_references_and_raw_pointers() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    host = np.arange(16, dtype=np.int32)
    buffer, done = api.from_host(client, host)
    api.destroy_event(done)
    assert api.call("Buffer_IsOnCpu", buffer=buffer).is_on_cpu
    api.call("Buffer_IncreaseExternalReferenceCount", buffer=buffer)
    pointer = api.call("Buffer_OpaqueDeviceMemoryDataPointer", buffer=buffer).device_memory_ptr
    assert pointer and pointer == api.call("Buffer_UnsafePointer", buffer=buffer).buffer_pointer
    assert ctypes.string_at(pointer, host.nbytes) == host.tobytes()
    # Delete while referenced: the memory must stay valid for the external holder.
    api.call("Buffer_Delete", buffer=buffer)
    assert ctypes.string_at(pointer, host.nbytes) == host.tobytes()
    api.call("Buffer_DecreaseExternalReferenceCount", buffer=buffer)
    code, message = api.expect_error("Buffer_DecreaseExternalReferenceCount",
                                     api.args("Buffer_DecreaseExternalReferenceCount", buffer=buffer))
    assert (code, message) == (INVALID_ARGUMENT,
                               "Attempting to decrease reference on a buffer with zero reference count.")
    api.destroy_buffer(buffer)
    api.call("Client_Destroy", client=client)


@check
def delete_and_is_deleted() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    buffer, done = api.from_host(client, np.ones(3, np.float32))
    api.destroy_event(done)
    assert not api.call("Buffer_IsDeleted", buffer=buffer).is_deleted
    api.call("Buffer_Delete", buffer=buffer)
    assert api.call("Buffer_IsDeleted", buffer=buffer).is_deleted
    api.call("Buffer_Delete", buffer=buffer)  # twice is fine
    dst = ctypes.create_string_buffer(12)
    code, message = api.expect_error("Buffer_ToHostBuffer", api.args(
        "Buffer_ToHostBuffer", src=buffer, dst=ctypes.cast(dst, P), dst_size=12))
    assert code == INVALID_ARGUMENT and "deleted" in message, message
    code, _ = api.expect_error("Buffer_IncreaseExternalReferenceCount",
                               api.args("Buffer_IncreaseExternalReferenceCount", buffer=buffer))
    assert code == INVALID_ARGUMENT
    api.destroy_buffer(buffer)
    api.call("Client_Destroy", client=client)


@check
def memory_stats_track_allocations() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    device = api.devices(client)[0]
    before = api.call("Device_MemoryStats", device=device)
    buffer, done = api.from_host(client, np.zeros(1000, np.float64))
    during = api.call("Device_MemoryStats", device=device)
    assert during.bytes_in_use == before.bytes_in_use + 8000, (before.bytes_in_use, during.bytes_in_use)
    assert during.num_allocs_is_set and during.num_allocs == before.num_allocs + 1
    assert during.peak_bytes_in_use_is_set and during.peak_bytes_in_use >= 8000
    api.destroy_buffer(buffer)
    api.destroy_event(done)
    after = api.call("Device_MemoryStats", device=device)
    assert after.bytes_in_use == before.bytes_in_use
    api.call("Client_Destroy", client=client)


@check
def concurrent_transfers() -> None:
    # ctypes drops the GIL around each call, so these really run in parallel in the plugin.
    import threading

    api = Api()
    client = api.create_client(cpu_device_count=2)
    shared, done = api.from_host(client, np.arange(256, dtype=np.float32))
    api.destroy_event(done)
    failures: list[str] = []

    def worker(seed: int) -> None:
        try:
            for i in range(100):
                host = np.full(64, seed * 1000 + i, dtype=np.int64)
                buffer, done = api.from_host(client, host, semantics=i % 4)
                if api.to_host(buffer) != host.tobytes():
                    failures.append(f"thread {seed} iteration {i}: wrong data")
                api.call("Buffer_IncreaseExternalReferenceCount", buffer=shared)
                api.call("Buffer_DecreaseExternalReferenceCount", buffer=shared)
                api.destroy_buffer(buffer)
                api.await_event(done)
                api.destroy_event(done)
        except Exception as e:  # noqa: BLE001 - reported below with the thread's seed
            failures.append(f"thread {seed}: {e!r}")

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, failures
    api.destroy_buffer(shared)
    api.call("Client_Destroy", client=client)


@check
def unsupported_slot_is_unimplemented() -> None:
    api = Api()
    a = api.args("Compile")
    code, message = api.expect_error("Compile", a)
    assert code == UNIMPLEMENTED and "PJRT_Compile" in message, message


@check
def topology_without_a_client() -> None:
    api = Api()
    name = ctypes.c_char_p(b"cpu_device_count")
    option = NamedValue(struct_size=struct_size(NamedValue), name=ctypes.cast(name, P), name_size=16, type=1,
                        value_size=1)
    option.value.int64_value = 3
    a = api.call("TopologyDescription_Create", create_options=ctypes.cast(ctypes.pointer(option), P), num_options=1)
    d = api.call("TopologyDescription_GetDeviceDescriptions", topology=a.topology)
    assert d.num_descriptions == 3, d.num_descriptions
    p = api.call("TopologyDescription_PlatformName", topology=a.topology)
    assert ctypes.string_at(p.platform_name, p.platform_name_size) == b"cpu"
    api.call("TopologyDescription_Destroy", topology=a.topology)
    bad = ctypes.c_char_p(b"tpu_v5")
    code, message = api.expect_error("TopologyDescription_Create", api.args(
        "TopologyDescription_Create", topology_name=ctypes.cast(bad, P), topology_name_size=6))
    assert code == INVALID_ARGUMENT and "unknown topology 'tpu_v5'" in message, message


@check
def small_struct_size_and_null_handles() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    a = api.args("Client_PlatformName", client=client)
    a.struct_size = 16
    code, message = api.expect_error("Client_PlatformName", a)
    assert code == INVALID_ARGUMENT, code
    assert message.startswith("Unexpected PJRT_Client_PlatformName_Args size: expected 40, got 16."), message
    code, message = api.expect_error("Client_PlatformName", api.args("Client_PlatformName"))
    assert code == INVALID_ARGUMENT and "client is NULL" in message, message
    error = api.fn("Client_Devices")(None)
    assert error, "NULL args must be an error, not a crash"
    assert api.error_info(error)[0] == INVALID_ARGUMENT
    api.call("Client_Destroy", client=client)


@check
def client_destroyed_before_its_buffers() -> None:
    # Wrong teardown order (pypjrt does this): must not crash.
    api = Api()
    client = api.create_client(cpu_device_count=1)
    buffer, done = api.from_host(client, np.arange(5, dtype=np.int64))
    api.call("Client_Destroy", client=client)
    assert api.to_host(buffer) == np.arange(5, dtype=np.int64).tobytes()
    api.destroy_buffer(buffer)
    api.destroy_event(done)


ADD_ONE = b"""module @add_one {
  func.func public @main(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>) {
    %cst = stablehlo.constant dense<1.0> : tensor<2x3xf32>
    %0 = stablehlo.add %arg0, %cst : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
  }
}
"""
ONE_REPLICA = bytes.fromhex("1a0420012801")


def compile_program(api: Api, client: int, code: bytes, options: bytes = ONE_REPLICA,
                    fmt: bytes = b"mlir") -> tuple[int | None, tuple[int, str] | None]:
    code_buffer = ctypes.create_string_buffer(code, len(code))
    fmt_buffer = ctypes.create_string_buffer(fmt, len(fmt))
    options_buffer = ctypes.create_string_buffer(options, max(len(options), 1))
    program = Program(struct_size=struct_size(Program), code=ctypes.cast(code_buffer, P),
                      code_size=len(code), format=ctypes.cast(fmt_buffer, P), format_size=len(fmt))
    a = api.args("Client_Compile", client=client, program=ctypes.pointer(program),
                 compile_options=ctypes.cast(options_buffer, P), compile_options_size=len(options))
    error = api.raw("Client_Compile", a)
    if error:
        return None, api.error_info(error)
    return int(a.executable), None


@check
def compile_rejects_bad_options_and_format() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    _, error = compile_program(api, client, ADD_ONE, options=b"invalid compile options")
    assert error == (INVALID_ARGUMENT, "PJRT_Client_Compile: failed to deserialize CompileOptionsProto"), error
    _, error = compile_program(api, client, ADD_ONE, fmt=b"invalid")
    assert error == (INVALID_ARGUMENT, "Unknown program format 'invalid'."), error
    # Two replicas on a one-device client is an argument error, not an abort.
    _, error = compile_program(api, client, ADD_ONE, options=bytes.fromhex("1a0420022801"))
    assert error is not None and error[0] == INVALID_ARGUMENT, error
    api.call("Client_Destroy", client=client)


@check
def compile_and_execute() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=2)
    # Empty options must mean 1 replica / 1 partition (XLA's plugins abort here).
    executable, error = compile_program(api, client, ADD_ONE, options=b"")
    if error is not None and error[0] == UNIMPLEMENTED:
        print(f"SKIP: the plugin has no compiler yet: {error[1]}")
        sys.exit(SKIP_EXIT_CODE)
    assert error is None, error
    assert executable is not None
    loaded_devices = api.call("LoadedExecutable_AddressableDevices", executable=executable)
    assert loaded_devices.num_addressable_devices == 1
    exe = api.call("LoadedExecutable_GetExecutable", loaded_executable=executable).executable
    assert api.call("Executable_NumOutputs", executable=exe).num_outputs == 1
    types = api.call("Executable_OutputElementTypes", executable=exe)
    assert [types.output_types[i] for i in range(types.num_output_types)] == [11]
    dims = api.call("Executable_OutputDimensions", executable=exe)
    assert dims.num_outputs == 1 and dims.dim_sizes[0] == 2 and [dims.dims[0], dims.dims[1]] == [2, 3]
    api.call("Executable_Destroy", executable=exe)

    device0 = api.devices(client)[0]
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    arg, done = api.from_host(client, x, device=device0)
    api.destroy_event(done)
    options = ExecuteOptions(struct_size=struct_size(ExecuteOptions))

    def execute(args: list[int], num_args: int | None = None) -> tuple[list[int], int | None, Any]:
        arg_list = (P * max(len(args), 1))(*args)
        arg_lists = (P * 1)(ctypes.cast(arg_list, P))
        out_list = (P * 1)()
        out_lists = (P * 1)(ctypes.cast(out_list, P))
        events = (P * 1)()
        a = api.args("LoadedExecutable_Execute", executable=executable, options=ctypes.pointer(options),
                     argument_lists=ctypes.cast(arg_lists, P), num_devices=1,
                     num_args=len(args) if num_args is None else num_args,
                     output_lists=ctypes.cast(out_lists, P),
                     device_complete_events=ctypes.cast(events, P))
        error = api.raw("LoadedExecutable_Execute", a)
        return [out_list[0]], error, events

    stats_before = api.call("Device_MemoryStats", device=device0).bytes_in_use
    outputs, error, events = execute([arg])
    assert error is None, api.error_info(error)
    api.await_event(events[0])
    api.destroy_event(events[0])
    result = np.frombuffer(api.to_host(outputs[0]), np.float32).reshape(2, 3)
    assert np.array_equal(result, x + 1), result
    assert api.call("Buffer_Device", buffer=outputs[0]).device == device0
    in_use = api.call("Device_MemoryStats", device=device0).bytes_in_use
    assert in_use == stats_before + 24, f"output not counted: {stats_before} -> {in_use}"
    api.destroy_buffer(outputs[0])
    assert api.call("Device_MemoryStats", device=device0).bytes_in_use == stats_before

    wrong, done = api.from_host(client, np.zeros((3, 2), np.float32), device=device0)
    api.destroy_event(done)
    _, error, _ = execute([wrong])
    code, message = api.error_info(error)
    assert code == INVALID_ARGUMENT and "expected f32[2,3], got f32[3,2]" in message, message
    _, error, _ = execute([], num_args=0)
    code, message = api.error_info(error)
    assert code == INVALID_ARGUMENT and "expected 1 buffers" in message, message
    api.call("Buffer_Delete", buffer=arg)
    _, error, _ = execute([arg])
    code, message = api.error_info(error)
    assert code == INVALID_ARGUMENT and "deleted" in message, message
    for handle in (arg, wrong):
        api.destroy_buffer(handle)
    api.call("LoadedExecutable_Destroy", executable=executable)
    api.call("Client_Destroy", client=client)


def execute_on_device0(api: Api, executable: int, args: list[int],
                       non_donatable: tuple[int, ...] = ()) -> list[int]:
    """Executes a one-device executable; returns its output buffers (raises PjrtError)."""
    num_outputs_exe = api.call("LoadedExecutable_GetExecutable", loaded_executable=executable).executable
    num_outputs = api.call("Executable_NumOutputs", executable=num_outputs_exe).num_outputs
    api.call("Executable_Destroy", executable=num_outputs_exe)
    keep = (ctypes.c_int64 * max(len(non_donatable), 1))(*non_donatable)
    options = ExecuteOptions(struct_size=struct_size(ExecuteOptions),
                             non_donatable_input_indices=ctypes.cast(keep, P) if non_donatable else None,
                             num_non_donatable_input_indices=len(non_donatable))
    arg_list = (P * max(len(args), 1))(*args)
    arg_lists = (P * 1)(ctypes.cast(arg_list, P))
    out_list = (P * max(num_outputs, 1))()
    out_lists = (P * 1)(ctypes.cast(out_list, P))
    api.call("LoadedExecutable_Execute", executable=executable, options=ctypes.pointer(options),
             argument_lists=ctypes.cast(arg_lists, P), num_devices=1, num_args=len(args),
             output_lists=ctypes.cast(out_lists, P))
    return [int(out_list[k]) for k in range(num_outputs)]


def is_deleted(api: Api, buffer: int) -> bool:
    return bool(api.call("Buffer_IsDeleted", buffer=buffer).is_deleted)


DONATING = b"""
module @donating {
  func.func public @main(%arg0: tensor<4xf32> {tf.aliasing_output = 0 : i32},
                         %arg1: tensor<4xf32> {jax.buffer_donor = true},
                         %arg2: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}, tensor<4xf32>) {
    %0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>
    %1 = stablehlo.add %0, %arg2 : tensor<4xf32>
    return %1, %0 : tensor<4xf32>, tensor<4xf32>
  }
}
"""


@check
def donated_arguments_are_deleted_after_execute() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    executable, error = compile_program(api, client, DONATING)
    assert error is None, error
    x = np.array([1, 2, 3, 4], np.float32)

    def run(non_donatable: tuple[int, ...]) -> tuple[list[bool], Any]:
        bufs = []
        for k in range(3):
            b, done = api.from_host(client, x * (k + 1))
            api.destroy_event(done)
            bufs.append(b)
        out, _ = execute_on_device0(api, executable, bufs, non_donatable)
        result = np.frombuffer(api.to_host(out), np.float32)
        deleted = [is_deleted(api, b) for b in bufs]
        for b in (*bufs, out, _):
            api.destroy_buffer(b)
        return deleted, result

    # tf.aliasing_output donates; jax.buffer_donor donates when an output of its type is free
    # (here result 1); a plain argument never does.
    deleted, result = run(())
    assert deleted == [True, True, False], deleted
    assert np.array_equal(result, x * 6), result
    # non_donatable_input_indices keeps a marked argument alive (JAX sets it for arguments it
    # must keep, e.g. when the same array is passed twice).
    deleted, _ = run((1,))
    assert deleted == [True, False, False], deleted
    deleted, _ = run((0, 1))
    assert deleted == [False, False, False], deleted
    # A donated (deleted) buffer cannot be used again: a typed error, not a crash.
    bufs = []
    for _ in range(3):
        b, done = api.from_host(client, x)
        api.destroy_event(done)
        bufs.append(b)
    for out in execute_on_device0(api, executable, bufs):
        api.destroy_buffer(out)
    try:
        execute_on_device0(api, executable, bufs)
        raise AssertionError("executing with a donated buffer succeeded")
    except PjrtError as e:
        assert e.code == INVALID_ARGUMENT and "deleted or donated" in e.message, e.message
    for b in bufs:
        api.destroy_buffer(b)
    api.call("LoadedExecutable_Destroy", executable=executable)
    api.call("Client_Destroy", client=client)


TO_PINNED_HOST = b"""
module @to_host {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.memory_kind = "pinned_host"})
      -> (tensor<4xf32> {jax.result_info = "result", mhlo.memory_kind = "pinned_host"},
          tensor<4xf32> {mhlo.memory_kind = "device"}, tensor<4xf32>) {
    %0 = stablehlo.custom_call @annotate_device_placement(%arg0) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "device"}} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<4xf32>
    %2 = stablehlo.custom_call @annotate_device_placement(%1) {has_side_effect = true, mhlo.frontend_attributes = {_xla_buffer_placement = "pinned_host"}} : (tensor<4xf32>) -> tensor<4xf32>
    %3 = stablehlo.custom_call @MoveToHost(%1) : (tensor<4xf32>) -> tensor<4xf32>
    %4 = stablehlo.custom_call @MoveToDevice(%3) : (tensor<4xf32>) -> tensor<4xf32>
    return %2, %4, %1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
"""


def memory_of_kind(api: Api, device: int, kind: str) -> int:
    mine = api.call("Device_AddressableMemories", device=device)
    for k in range(mine.num_memories):
        if api.string("Memory_Kind", "memory", mine.memories[k], "kind") == kind:
            return int(mine.memories[k])
    raise AssertionError(f"no {kind} memory")


@check
def memory_kinds_transfers_and_outputs() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=2)
    device0, device1 = api.devices(client)
    pinned0 = memory_of_kind(api, device0, "pinned_host")
    unpinned1 = memory_of_kind(api, device1, "unpinned_host")
    x = np.array([1, -2, 3, -4], np.float32)
    # BufferFromHostBuffer into a host memory, device NULL (as JAX calls it), zero-copy or not.
    for semantics in (0, 2):
        host = aligned_empty((4,), "float32")
        host[...] = x
        buf, done = api.from_host(client, host, memory=pinned0, semantics=semantics)
        assert api.call("Buffer_Memory", buffer=buf).memory == pinned0
        assert api.call("Buffer_Device", buffer=buf).device == device0
        # CopyToMemory across kinds and devices keeps the bytes and reports the new memory.
        moved = api.call("Buffer_CopyToMemory", buffer=buf, dst_memory=unpinned1).dst_buffer
        assert api.call("Buffer_Memory", buffer=moved).memory == unpinned1
        assert api.call("Buffer_Device", buffer=moved).device == device1
        assert api.to_host(moved) == x.tobytes()
        back = api.call("Buffer_CopyToMemory", buffer=moved,
                        dst_memory=api.call("Device_DefaultMemory", device=device0).memory).dst_buffer
        assert api.to_host(back) == x.tobytes()
        for handle in (back, moved, buf):
            api.destroy_buffer(handle)
        api.destroy_event(done)

    executable, error = compile_program(api, client, TO_PINNED_HOST)
    assert error is None, error
    exe = api.call("LoadedExecutable_GetExecutable", loaded_executable=executable).executable
    kinds = api.call("Executable_OutputMemoryKinds", executable=exe)
    assert [ctypes.string_at(kinds.memory_kinds[k], kinds.memory_kind_sizes[k]).decode()
            for k in range(kinds.num_outputs)] == ["pinned_host", "device", "device"]
    api.call("Executable_Destroy", executable=exe)
    arg, done = api.from_host(client, x, memory=pinned0)
    api.destroy_event(done)
    outs = execute_on_device0(api, executable, [arg])
    assert [api.call("Buffer_Memory", buffer=o).memory for o in outs] == [
        pinned0, *[api.call("Device_DefaultMemory", device=device0).memory] * 2]
    for o in outs:
        assert np.array_equal(np.frombuffer(api.to_host(o), np.float32), x * x)
        api.destroy_buffer(o)
    api.destroy_buffer(arg)
    api.call("LoadedExecutable_Destroy", executable=executable)

    unknown = TO_PINNED_HOST.replace(b'"result", mhlo.memory_kind = "pinned_host"', b'"result", mhlo.memory_kind = "hbm"')
    _, error = compile_program(api, client, unknown)
    assert error is not None and error[0] == INVALID_ARGUMENT and "'hbm'" in error[1], error
    api.call("Client_Destroy", client=client)


def serialize(api: Api, loaded: int) -> bytes:
    exe = api.call("LoadedExecutable_GetExecutable", loaded_executable=loaded).executable
    a = api.call("Executable_Serialize", executable=exe)
    data = ctypes.string_at(a.serialized_bytes, a.serialized_bytes_size)
    assert a.serialized_executable and a.serialized_executable_deleter
    ctypes.CFUNCTYPE(None, P)(a.serialized_executable_deleter)(a.serialized_executable)
    api.call("Executable_Destroy", executable=exe)
    return data


def deserialize(api: Api, client: int, data: bytes, size: int | None = None) -> tuple[int | None, tuple[int, str] | None]:
    buffer = ctypes.create_string_buffer(data, max(len(data), 1))
    a = api.args("Executable_DeserializeAndLoad", client=client, serialized_executable=ctypes.cast(buffer, P),
                 serialized_executable_size=len(data))
    if size is not None:
        a.struct_size = size
    error = api.raw("Executable_DeserializeAndLoad", a)
    if error:
        return None, api.error_info(error)
    return int(a.loaded_executable), None


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for byte in data:
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


@check
def serialize_and_deserialize_executables() -> None:
    import jaxlib_cpu

    api = Api()
    client = api.create_client(cpu_device_count=1)
    executable, error = compile_program(api, client, DONATING)
    assert error is None, error
    data = serialize(api, executable)
    assert data.startswith(b"jaxlib-pjrt-executable\0"), data[:32]
    assert serialize(api, executable) == data, "serialization must be deterministic"
    version = jaxlib_cpu.build_info()["version"].encode()
    assert version in data and DONATING in data, "the program and our version travel in the bytes"

    # Loaded again (as by another process: nothing is shared but the bytes), it computes the
    # same, keeps the signature's donation, and serializes to the same bytes.
    loaded, error = deserialize(api, client, data)
    assert error is None, error
    assert loaded is not None
    x = np.array([1, 2, 3, 4], np.float32)
    bufs = []
    for k in range(3):
        b, done = api.from_host(client, x * (k + 1))
        api.destroy_event(done)
        bufs.append(b)
    outs = execute_on_device0(api, loaded, bufs)
    assert np.array_equal(np.frombuffer(api.to_host(outs[0]), np.float32), x * 6)
    assert [is_deleted(api, b) for b in bufs] == [True, True, False]
    assert serialize(api, loaded) == data
    for b in (*bufs, *outs):
        api.destroy_buffer(b)
    api.call("LoadedExecutable_Destroy", executable=loaded)
    # A host that predates the compile-options override sends the shorter struct.
    loaded, error = deserialize(api, client, data, size=struct_size(ARGS["Executable_DeserializeAndLoad"]) - 16)
    assert error is None, error
    api.call("LoadedExecutable_Destroy", executable=loaded)

    def refused(bad: bytes, words: str) -> None:
        loaded, error = deserialize(api, client, bad)
        assert loaded is None and error is not None, f"{bad[:40]!r} was accepted"
        assert error[0] == INVALID_ARGUMENT and words in error[1], error

    refused(b"", "not an executable serialized by a jaxlib plugin")
    refused(b"\x00garbage" * 50, "not an executable serialized by a jaxlib plugin")
    refused(data[:30], "truncated")
    refused(data[:-1], "corrupt")
    flipped = bytearray(data)
    flipped[len(flipped) // 2] ^= 0x40
    refused(bytes(flipped), "corrupt")
    # Another format version, and another plugin version with a valid checksum.
    magic_end = len(b"jaxlib-pjrt-executable\0")
    other_format = data[:magic_end] + (7).to_bytes(4, "little") + data[magic_end + 4:]
    refused(other_format, "format version 7")
    body = data[:-8].replace(version, b"9" * len(version), 1)
    refused(body + fnv1a(body).to_bytes(8, "little"), "Compile it again")
    api.call("LoadedExecutable_Destroy", executable=executable)
    api.call("Client_Destroy", client=client)


@check
def topology_serializes() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=3)
    topology = api.call("Client_TopologyDescription", client=client).topology
    a = api.call("TopologyDescription_Serialize", topology=topology)
    text = ctypes.string_at(a.serialized_bytes, a.serialized_bytes_size).decode()
    ctypes.CFUNCTYPE(None, P)(a.serialized_topology_deleter)(a.serialized_topology)
    lines = text.splitlines()
    assert lines[0] == "jaxlib-topology/1" and "platform=cpu" in lines and "devices=3" in lines, text
    assert [line for line in lines if line.startswith("device ")] == [
        f"device {i} process=0 kind=cpu" for i in range(3)], text
    api.call("Client_Destroy", client=client)


@check
def views_of_host_memory_and_uninitialized_buffers() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=2)
    device1 = api.devices(client)[1]
    pinned1 = memory_of_kind(api, device1, "pinned_host")
    host = aligned_empty((2, 3), "float32")
    host[...] = np.arange(6).reshape(2, 3)
    dims = (ctypes.c_int64 * 2)(2, 3)
    deleted: list[int] = []
    on_delete = OnDeleteCallback(lambda ptr, arg: deleted.append(int(ptr)))
    view = api.call("Client_CreateViewOfDeviceBuffer", client=client, device_buffer_ptr=host.ctypes.data,
                    dims=dims, num_dims=2, element_type=11, memory=pinned1,
                    on_delete_callback=on_delete).buffer
    assert api.call("Buffer_Device", buffer=view).device == device1
    assert api.call("Buffer_Memory", buffer=view).memory == pinned1
    assert api.call("Buffer_OpaqueDeviceMemoryDataPointer", buffer=view).device_memory_ptr == host.ctypes.data
    host[1, 2] = 42  # a view, not a copy: the owner's writes show
    assert np.frombuffer(api.to_host(view), np.float32)[5] == 42
    assert not deleted
    api.destroy_buffer(view)
    assert deleted == [host.ctypes.data], deleted
    # Unaligned memory cannot be viewed (our kernels assume 64-byte alignment): a typed error.
    a = api.args("Client_CreateViewOfDeviceBuffer", client=client, device_buffer_ptr=host.ctypes.data + 4,
                 dims=dims, num_dims=2, element_type=11, device=device1)
    code, message = api.expect_error("Client_CreateViewOfDeviceBuffer", a)
    assert code == INVALID_ARGUMENT and "aligned" in message, message

    empty = api.call("Client_CreateUninitializedBuffer", client=client, shape_dims=dims, shape_num_dims=2,
                     shape_element_type=5, memory=pinned1).buffer
    assert api.call("Buffer_Memory", buffer=empty).memory == pinned1
    assert api.call("Buffer_ElementType", buffer=empty).type == 5
    assert len(api.to_host(empty)) == 6 * 8
    api.destroy_buffer(empty)
    api.call("Client_Destroy", client=client)


@check
def optimized_program_is_the_program() -> None:
    api = Api()
    client = api.create_client(cpu_device_count=1)
    executable, error = compile_program(api, client, DONATING)
    assert error is None, error
    exe = api.call("LoadedExecutable_GetExecutable", loaded_executable=executable).executable
    program = Program(struct_size=struct_size(Program))
    api.call("Executable_OptimizedProgram", executable=exe, program=ctypes.pointer(program))
    size = program.code_size
    code = ctypes.create_string_buffer(size)
    program.code = ctypes.cast(code, P)
    api.call("Executable_OptimizedProgram", executable=exe, program=ctypes.pointer(program))
    assert ctypes.string_at(program.format, program.format_size) == b"mlir"
    assert code.raw[:program.code_size] == DONATING
    api.call("Executable_Destroy", executable=exe)
    api.call("LoadedExecutable_Destroy", executable=executable)
    api.call("Client_Destroy", client=client)


# ---------------------------------------------------------------------------------------------
# pytest side: one subprocess per check.


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_cpu_plugin_c_api(name: str) -> None:
    if plugin_path() is None:
        pytest.skip("jaxlib-cpu is not installed")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), name],
                          capture_output=True, text=True, timeout=300)
    output = f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
    if proc.returncode == SKIP_EXIT_CODE:
        pytest.skip(proc.stdout.strip() or "skipped by the check")
    assert proc.returncode == 0, (
        f"check {name!r} exited with {proc.returncode} (negative = killed by signal; "
        f"expected 0)\n{output}")


if __name__ == "__main__":
    import numpy

    np = numpy
    CHECKS[sys.argv[1]]()
