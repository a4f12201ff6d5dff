"""FFI wiring of the CPU plugin under real JAX (jax + Google's jaxlib).

``install(c_api)`` takes the ``PJRT_Api*`` capsule JAX hands to plugin callbacks and
1. installs the handlers of JAX's host callbacks (``jax.debug.print``, ``pure_callback``,
   ``io_callback``) under jaxlib's own ``FfiLoadedHostCallbacks`` type id, which jaxlib's C API
   client forwards with every execution (PJRT_ExecuteContext + the FFI extension);
2. routes ``jax.ffi.register_ffi_target(..., platform="cpu")`` (and platform="jaxlib_cpu") to
   the plugin's FFI registry as well, so user handlers run inside the plugin.

Call it through ``jax._src.xla_bridge.register_plugin_callbacks(install)`` after registering
the plugin; it touches only public entry points of jaxlib.xla_client plus the pending-handler
table that ``register_custom_call_handler`` itself fills.
"""

from __future__ import annotations

import logging
from typing import Any

from jaxlib_cpu import python_callback
from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension

logger = logging.getLogger(__name__)

PLATFORM_NAMES = ("Host", "jaxlib_cpu")


def install(c_api: Any) -> None:
    """Installs host callbacks and user FFI-target routing for the plugin behind ``c_api``."""
    ext = PjrtFfiExtension.from_capsule(c_api)
    if not _is_our_plugin(ext):
        return
    type_id = python_callback.jaxlib_user_data_type_id() or 0
    python_callback.install(ext, type_id)

    from jaxlib import xla_client  # Google's

    def register(name: Any, fn: Any, platform: str, api_version: int = 0, traits: int = 0) -> None:
        if api_version != 1:
            logger.warning("jaxlib_cpu: custom call target %r (api_version=%d) is not typed FFI; only typed FFI "
                           "targets (api_version=1) run in the jaxlib_cpu plugin", name, api_version)
            return
        text = name.decode() if isinstance(name, bytes) else str(name)
        if isinstance(fn, dict):
            if set(fn) - {"execute"}:
                raise NotImplementedError(f"{text}: the PJRT FFI extension registers an execute handler only")
            fn = fn["execute"]
        ext.register_handler(text, _capsule_address(fn), "cpu", int(traits))

    previous = getattr(xla_client, "_custom_callback_handler", {}).get("Host")
    if previous is None:
        # Nobody owns "Host" yet (JAX's own CPU client was not made): take it, and keep feeding
        # jaxlib's in-process registry too so its CPU backend still sees the targets.
        def both(name: Any, fn: Any, platform: str, api_version: int = 0, traits: int = 0) -> None:
            try:
                xla_client._xla.register_custom_call_target(name, fn, platform, api_version, traits)
            except Exception:  # noqa: BLE001 - jaxlib's own registry is best effort here
                logger.debug("jaxlib's CPU registry refused %r", name, exc_info=True)
            register(name, fn, platform, api_version, traits)

        xla_client.register_custom_call_handler("Host", both)
    else:
        def chained(name: Any, fn: Any, platform: str, api_version: int = 0, traits: int = 0) -> None:
            previous(name, fn, platform, api_version, traits)
            register(name, fn, platform, api_version, traits)

        xla_client._custom_callback_handler["Host"] = chained
    xla_client.register_custom_call_handler("jaxlib_cpu", register)


def _is_our_plugin(ext: PjrtFfiExtension) -> bool:
    """register_plugin_callbacks calls every C API plugin's callbacks: act only on ours."""
    import ctypes

    from jaxlib_cpu import library_path

    lib = ctypes.CDLL(library_path(), mode=ctypes.RTLD_LOCAL)
    lib.GetPjrtApi.restype = ctypes.c_void_p
    return int(lib.GetPjrtApi()) == ext.api_address


def _capsule_address(fn: Any) -> int:
    import ctypes

    if isinstance(fn, int):
        return fn
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype = ctypes.c_void_p
    get.argtypes = [ctypes.py_object, ctypes.c_char_p]
    name = ctypes.pythonapi.PyCapsule_GetName
    name.restype = ctypes.c_char_p
    name.argtypes = [ctypes.py_object]
    return int(get(fn, name(fn)))
