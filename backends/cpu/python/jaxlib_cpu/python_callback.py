"""JAX's host-callback custom calls (``xla_ffi_python_cpu_callback``) for the CPU plugin.

JAX lowers ``jax.pure_callback``, ``jax.experimental.io_callback`` and ``jax.debug.print``
to a typed FFI custom call with one attribute, ``index: ui64``, and sends the Python
callables as FFI user data of type ``FfiLoadedHostCallbacks`` (``{void** callbacks;
uint32_t num_callbacks}``, each entry a ``PyObject*``) through PJRT_ExecuteContext and the
FFI extension's ``user_data_add``. jaxlib registers its handler only in its own in-process
XLA, so a plugin has to bring one: this module is that handler, written with ctypes against
the XLA FFI C ABI so the plugin library itself stays free of Python.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

import numpy as np

from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension

# The FFI type name jaxlib files its callback table under; the id travels with the user data.
USER_DATA_TYPE_NAME = "FfiLoadedHostCallbacks"
TARGETS = ("xla_ffi_python_cpu_callback", "xla_ffi_partitioned_python_cpu_callback")

_TOKEN = 17
_DTYPES = {
    1: np.bool_, 2: np.int8, 3: np.int16, 4: np.int32, 5: np.int64, 6: np.uint8, 7: np.uint16,
    8: np.uint32, 9: np.uint64, 10: np.float16, 11: np.float32, 12: np.float64, 15: np.complex64,
    18: np.complex128,
}
try:  # bfloat16 through ml_dtypes when present (JAX always has it)
    import ml_dtypes

    _DTYPES[16] = ml_dtypes.bfloat16
except ImportError:  # pragma: no cover
    pass

_CODE_INTERNAL, _CODE_INVALID_ARGUMENT = 13, 3
_STAGE_EXECUTE = 3


class _Buffer(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("dtype", ctypes.c_int),
                ("data", ctypes.c_void_p), ("rank", ctypes.c_int64), ("dims", ctypes.POINTER(ctypes.c_int64))]


class _List(ctypes.Structure):  # XLA_FFI_Args / XLA_FFI_Rets
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("size", ctypes.c_int64),
                ("types", ctypes.c_void_p), ("items", ctypes.POINTER(ctypes.c_void_p))]


class _ByteSpan(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p), ("len", ctypes.c_size_t)]


class _Attrs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("size", ctypes.c_int64),
                ("types", ctypes.POINTER(ctypes.c_int)), ("names", ctypes.POINTER(ctypes.POINTER(_ByteSpan))),
                ("attrs", ctypes.POINTER(ctypes.c_void_p))]


class _Scalar(ctypes.Structure):
    _fields_ = [("dtype", ctypes.c_int), ("value", ctypes.c_void_p)]


class _CallFrame(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("api", ctypes.c_void_p),
                ("ctx", ctypes.c_void_p), ("stage", ctypes.c_int), ("args", _List), ("rets", _List),
                ("attrs", _Attrs), ("future", ctypes.c_void_p)]


class _TypeId(ctypes.Structure):
    _fields_ = [("type_id", ctypes.c_int64)]


class _ContextGetArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p), ("ctx", ctypes.c_void_p),
                ("type_id", ctypes.POINTER(_TypeId)), ("data", ctypes.c_void_p)]


class _ErrorCreateArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("message", ctypes.c_char_p), ("errc", ctypes.c_int)]


class FfiLoadedHostCallbacks(ctypes.Structure):
    """XLA's user-data struct for host callbacks (xla/pjrt/host_callback.h)."""

    _fields_ = [("callbacks", ctypes.POINTER(ctypes.c_void_p)), ("num_callbacks", ctypes.c_uint32)]


# XLA_FFI_Api: struct_size, extension_start, api_version (24 bytes), internal_api, then functions.
_API_ERROR_CREATE = 48
_API_CONTEXT_GET = 96
_Handler = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)
_ApiFn = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)

_lock = threading.Lock()
_type_id = 0  # the FfiLoadedHostCallbacks id the current host uses


def _api_fn(api: int, offset: int) -> Any:
    return _ApiFn(ctypes.c_void_p.from_address(api + offset).value)


def _error(api: int, code: int, message: str) -> int:
    size = _ErrorCreateArgs.errc.offset + _ErrorCreateArgs.errc.size
    args = _ErrorCreateArgs(size, None, message.encode("utf-8", "replace"), code)
    return int(_api_fn(api, _API_ERROR_CREATE)(ctypes.addressof(args)) or 0)


def _attr_index(frame: _CallFrame) -> int:
    attrs = frame.attrs
    for k in range(attrs.size):
        span = attrs.names[k].contents
        if ctypes.string_at(span.ptr, span.len) == b"index":
            if attrs.types[k] != 3:
                raise ValueError("attribute 'index' must be a scalar")
            scalar = _Scalar.from_address(attrs.attrs[k])
            if scalar.dtype != 9:
                raise ValueError(f"attribute 'index' must be ui64, got FFI data type {scalar.dtype}")
            return int(ctypes.c_uint64.from_address(scalar.value).value)
    raise ValueError("missing attribute 'index'")


def _as_array(buffer: _Buffer, writable: bool) -> np.ndarray:
    dtype = _DTYPES.get(buffer.dtype)
    if dtype is None:
        raise NotImplementedError(f"unsupported FFI data type {buffer.dtype} in a host callback")
    dims = tuple(buffer.dims[k] for k in range(buffer.rank))
    count = int(np.prod(dims, dtype=np.int64)) if dims else 1
    nbytes = count * np.dtype(dtype).itemsize
    if nbytes == 0 or not buffer.data:
        return np.zeros(dims, dtype=dtype)
    raw = (ctypes.c_char * nbytes).from_address(buffer.data)
    array = np.frombuffer(raw, dtype=dtype).reshape(dims)
    if not writable:
        array = array.copy()  # the callee may keep it; the device buffer is reused later
        array.flags.writeable = False
    return array


def _callback_table(frame: _CallFrame) -> FfiLoadedHostCallbacks:
    type_id = _TypeId(_type_id)
    args = _ContextGetArgs(ctypes.sizeof(_ContextGetArgs), None, frame.ctx, ctypes.pointer(type_id), None)
    error = _api_fn(frame.api, _API_CONTEXT_GET)(ctypes.addressof(args))
    if error:
        # Hand the runtime's own error back (it names the missing type id).
        raise _HandlerError(int(error))
    return FfiLoadedHostCallbacks.from_address(args.data)


class _HandlerError(Exception):
    def __init__(self, error: int) -> None:
        super().__init__("FFI error")
        self.error = error


def _run(frame_address: int) -> int:
    frame = _CallFrame.from_address(frame_address)
    api = int(frame.api)
    if frame.stage != _STAGE_EXECUTE:
        return 0
    try:
        index = _attr_index(frame)
        table = _callback_table(frame)
        if index >= table.num_callbacks:
            return _error(api, _CODE_INVALID_ARGUMENT,
                          f"host callback index {index} is out of range ({table.num_callbacks} callbacks)")
        callback = ctypes.cast(table.callbacks[index], ctypes.py_object).value
        args = []
        for k in range(frame.args.size):
            buffer = _Buffer.from_address(frame.args.items[k])
            args.append(None if buffer.dtype == _TOKEN else _as_array(buffer, writable=False))
    except _HandlerError as e:
        return e.error
    except Exception as e:  # noqa: BLE001 - every failure becomes an FFI error
        return _error(api, _CODE_INTERNAL, f"CpuCallback error: {type(e).__name__}: {e}")
    try:
        results = callback(*args)
    except Exception as e:  # noqa: BLE001
        return _error(api, _CODE_INTERNAL, f"CpuCallback error calling callback: {type(e).__name__}: {e}")
    try:
        results = tuple(results) if results is not None else ()
        for k in range(frame.rets.size):
            buffer = _Buffer.from_address(frame.rets.items[k])
            if buffer.dtype == _TOKEN:
                continue
            if k >= len(results):
                raise ValueError(f"the callback returned {len(results)} values, the call has {frame.rets.size} results")
            out = _as_array(buffer, writable=True)
            value = np.asarray(results[k])
            if value.shape != out.shape:
                raise ValueError(f"result {k} has shape {value.shape}, expected {out.shape}")
            np.copyto(out, value.astype(out.dtype, copy=False))
    except Exception as e:  # noqa: BLE001
        return _error(api, _CODE_INTERNAL, f"CpuCallback error: {type(e).__name__}: {e}")
    return 0


@_Handler
def _handler(frame_address: int) -> int:
    try:
        return _run(frame_address)
    except BaseException:  # noqa: BLE001 - nothing may escape into C; the runtime sees an error
        try:
            return _error(int(_CallFrame.from_address(frame_address).api), _CODE_INTERNAL, "CpuCallback: internal error")
        except BaseException:  # noqa: BLE001
            return 0


def handler_address() -> int:
    """Address of the XLA FFI handler (execute stage) implementing JAX's CPU host callbacks."""
    return int(ctypes.cast(_handler, ctypes.c_void_p).value or 0)


def install(extension: PjrtFfiExtension, type_id: int = 0) -> int:
    """Registers the callback handlers and the user-data type with a plugin; returns the type id.

    ``type_id`` is the id the host will send the callback table under: real jaxlib's own
    (see ``jaxlib_user_data_type_id``); 0 lets the plugin assign one (our jaxlib).
    """
    global _type_id
    with _lock:
        assigned = extension.register_type(USER_DATA_TYPE_NAME, type_id)
        for target in TARGETS:
            extension.register_handler(target, handler_address(), "cpu")
        _type_id = assigned
        return assigned


def jaxlib_user_data_type_id() -> int | None:
    """The FfiLoadedHostCallbacks type id of Google's jaxlib in this process, or None.

    jaxlib registers the type in its in-process XLA FFI registry; registering the same name
    again is refused with a message that names the id, which is the only way to read it.
    """
    import re

    try:
        from jax._src.lib import _jax  # noqa: F401  (real JAX present)
        from jaxlib import xla_client as google_xla_client
    except ImportError:
        return None
    probe = (ctypes.c_int64 * 1)(0)
    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    capsule = new_capsule(ctypes.addressof(probe), None, None)
    try:
        google_xla_client._xla.register_custom_type(USER_DATA_TYPE_NAME, {"type_id": capsule})
    except Exception as e:  # noqa: BLE001
        match = re.search(r"already registered with type id (-?\d+)", str(e))
        return int(match.group(1)) if match else None
    return int(probe[0]) or None
