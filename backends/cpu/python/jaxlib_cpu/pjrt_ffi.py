"""ctypes access to a PJRT plugin's FFI extension (PJRT_Extension_Type_FFI).

Registers typed FFI handlers and FFI types in a loaded plugin and attaches user data to
execute contexts, the way JAX's plugin extensions do. Pure Python so that both hosts can use
it: our jaxlib and real JAX (whose jaxlib is not ours). Never loads a second copy of a plugin
(``ctypes.CDLL`` on the already-loaded path returns the same library handle).
"""

from __future__ import annotations

import ctypes
from typing import Any

_EXTENSION_TYPE_FFI = 5
_API_FIRST_SLOT = 40  # PJRT_Api: struct_size, extension_start, pjrt_api_version (24 bytes)
_SLOT_ERROR_DESTROY, _SLOT_ERROR_MESSAGE, _SLOT_ERROR_GETCODE = 0, 1, 2

_CODE_NAMES = (
    "OK", "CANCELLED", "UNKNOWN", "INVALID_ARGUMENT", "DEADLINE_EXCEEDED", "NOT_FOUND", "ALREADY_EXISTS",
    "PERMISSION_DENIED", "RESOURCE_EXHAUSTED", "FAILED_PRECONDITION", "ABORTED", "OUT_OF_RANGE",
    "UNIMPLEMENTED", "INTERNAL", "UNAVAILABLE", "DATA_LOSS", "UNAUTHENTICATED",
)


class _ExtensionBase(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("type", ctypes.c_int), ("next", ctypes.c_void_p)]


_Fn = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)


class _FfiExtension(ctypes.Structure):
    _fields_ = [("base", _ExtensionBase), ("type_register", ctypes.c_void_p),
                ("user_data_add", ctypes.c_void_p), ("register_handler", ctypes.c_void_p)]


class _TypeInfo(ctypes.Structure):
    _fields_ = [("deleter", ctypes.c_void_p), ("serialize", ctypes.c_void_p), ("deserialize", ctypes.c_void_p)]


class _TypeRegisterArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("type_name", ctypes.c_char_p), ("type_name_size", ctypes.c_size_t),
                ("type_id", ctypes.c_int64), ("type_info", ctypes.POINTER(_TypeInfo))]


class _RegisterHandlerArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("target_name", ctypes.c_char_p),
                ("target_name_size", ctypes.c_size_t), ("handler", ctypes.c_void_p),
                ("platform_name", ctypes.c_char_p), ("platform_name_size", ctypes.c_size_t),
                ("traits", ctypes.c_uint32)]


class _UserData(ctypes.Structure):
    _fields_ = [("type_id", ctypes.c_int64), ("data", ctypes.c_void_p)]


class _UserDataAddArgs(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("context", ctypes.c_void_p), ("user_data", _UserData)]


def _struct_size(cls: type[ctypes.Structure], last: str) -> int:
    field = getattr(cls, last)
    return int(field.offset + field.size)


class PjrtFfiExtension:
    """The FFI extension of one plugin, found by walking its PJRT_Api extension chain."""

    def __init__(self, api_address: int) -> None:
        self._api = api_address
        ext = ctypes.c_void_p.from_address(api_address + 8).value
        found = None
        while ext:  # PJRT_Extension_Base chain; skip types we do not know
            base = _ExtensionBase.from_address(ext)
            if base.type == _EXTENSION_TYPE_FFI and base.struct_size >= ctypes.sizeof(_FfiExtension):
                found = _FfiExtension.from_address(ext)
                break
            ext = base.next
        if found is None:
            raise _error("UNIMPLEMENTED", "the PJRT plugin has no FFI extension")
        self._ext = found

    @property
    def api_address(self) -> int:
        """Address of the plugin's PJRT_Api table."""
        return self._api

    @classmethod
    def from_capsule(cls, c_api: Any) -> PjrtFfiExtension:
        """From the ``PJRT_Api*`` PyCapsule real JAX hands to plugin callbacks."""
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype = ctypes.c_void_p
        get.argtypes = [ctypes.py_object, ctypes.c_char_p]
        name = ctypes.pythonapi.PyCapsule_GetName
        name.restype = ctypes.c_char_p
        name.argtypes = [ctypes.py_object]
        return cls(int(get(c_api, name(c_api))))

    @classmethod
    def from_library(cls, path: str) -> PjrtFfiExtension:
        lib = ctypes.CDLL(path, mode=ctypes.RTLD_LOCAL)
        lib.GetPjrtApi.restype = ctypes.c_void_p
        return cls(int(lib.GetPjrtApi()))

    def register_handler(self, name: str, handler_address: int, platform: str, traits: int = 0) -> None:
        """Registers an XLA FFI handler (execute stage) for custom call target ``name``."""
        encoded_name, encoded_platform = name.encode(), platform.encode()
        args = _RegisterHandlerArgs(_struct_size(_RegisterHandlerArgs, "traits"), encoded_name, len(encoded_name),
                                    handler_address, encoded_platform, len(encoded_platform), traits)
        self._check(_Fn(self._ext.register_handler)(ctypes.addressof(args)))

    def register_type(self, name: str, type_id: int = 0, deleter_address: int = 0) -> int:
        """Registers an FFI type; returns its id (assigned by the plugin when ``type_id`` is 0)."""
        encoded = name.encode()
        info = _TypeInfo(deleter_address or None, None, None)
        args = _TypeRegisterArgs(_struct_size(_TypeRegisterArgs, "type_info"), None, encoded, len(encoded),
                                 type_id, ctypes.pointer(info))
        self._check(_Fn(self._ext.type_register)(ctypes.addressof(args)))
        return int(args.type_id)

    def add_user_data(self, context_address: int, type_id: int, data_address: int) -> None:
        """PJRT_FFI_UserData_Add on a PJRT_ExecuteContext."""
        args = _UserDataAddArgs(_struct_size(_UserDataAddArgs, "user_data"), None, context_address,
                                _UserData(type_id, data_address))
        self._check(_Fn(self._ext.user_data_add)(ctypes.addressof(args)))

    def _slot(self, index: int) -> int:
        return int(ctypes.c_void_p.from_address(self._api + _API_FIRST_SLOT + 8 * index).value or 0)

    def _check(self, error: Any) -> None:
        if not error:
            return
        message_args = (ctypes.c_uint64 * 5)(40, 0, error, 0, 0)
        ctypes.CFUNCTYPE(None, ctypes.c_void_p)(self._slot(_SLOT_ERROR_MESSAGE))(ctypes.addressof(message_args))
        message = ctypes.string_at(message_args[3], message_args[4]).decode("utf-8", "replace")
        code_args = (ctypes.c_uint64 * 4)(28, 0, error, 0)
        ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)(self._slot(_SLOT_ERROR_GETCODE))(ctypes.addressof(code_args))
        code = int(code_args[3] & 0xFFFFFFFF)
        destroy_args = (ctypes.c_uint64 * 3)(24, 0, error)
        ctypes.CFUNCTYPE(None, ctypes.c_void_p)(self._slot(_SLOT_ERROR_DESTROY))(ctypes.addressof(destroy_args))
        raise _error(_CODE_NAMES[code] if 0 <= code < len(_CODE_NAMES) else "UNKNOWN", message)


def _error(code: str, message: str) -> Exception:
    try:  # our jaxlib's error type when it is the host; real JAX's jaxlib has none by that path
        from jaxlib._jaxlib import XlaRuntimeError
    except ImportError:
        return RuntimeError(f"{code}: {message}")
    return XlaRuntimeError(f"{code}: {message}")
