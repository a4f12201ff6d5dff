"""jaxlib-cpu: the CPU backend of jaxlib, shipped as a PJRT C API plugin.

:func:`initialize` (the ``jax_plugins`` entry point) only *registers* the plugin, with the host
that is loading it: our jaxlib (as ``cpu``: name, priority, library path, build facts; nothing
is dlopened until jaxlib needs the CPU backend) or real JAX (as ``jaxlib_cpu``, with JAX's CPU
device count). Keep imports here light: both hosts import every installed backend at startup.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["build_info", "initialize", "jax_client_options", "lapack_library_path", "library_path"]

_PLUGIN_NAME = "cpu"
_PRIORITY = 0  # below GPU (500) and TPU (300): CPU wins only when nothing else initialises
_DISTRIBUTION = "jaxlib-cpu"


def _plugin_file_name() -> str:
    # CMake names a SHARED library by platform; the stem is the same everywhere.
    if sys.platform == "darwin":
        return "pjrt_plugin_jaxlib_cpu.dylib"
    if sys.platform == "win32":
        return "pjrt_plugin_jaxlib_cpu.dll"
    return "pjrt_plugin_jaxlib_cpu.so"


def library_path() -> str:
    """Absolute path of the PJRT plugin shared library shipped in this package."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), _plugin_file_name())


def build_info() -> dict[str, Any]:
    """Build facts compiled into this wheel (version, git revision, build id, PJRT API version,
    toolkit), read from the tiny ``_ext`` module without loading the plugin."""
    from jaxlib_cpu import _ext

    info: dict[str, Any] = _ext.build_info()
    return info


def lapack_library_path() -> str | None:
    """Path of the LAPACK shared library the plugin uses for linear algebra, or None.

    ``$JAXLIB_CPU_LAPACK_LIBRARY`` when set (the plugin also honours it directly), else the
    library of the ``scipy-openblas32`` dependency. Only looks at files: nothing is loaded here.
    """
    override = os.environ.get("JAXLIB_CPU_LAPACK_LIBRARY")
    if override:
        return override
    try:
        import scipy_openblas32
    except ImportError:
        return None
    lib_dir = scipy_openblas32.get_lib_dir()
    try:
        names = sorted(os.listdir(lib_dir))
    except OSError:
        return None
    suffix = {"darwin": ".dylib", "win32": ".dll"}.get(sys.platform, ".so")
    for name in names:
        stem = name if sys.platform == "win32" else name[3:]
        if stem.startswith("scipy_openblas") and suffix in name:
            return os.path.join(lib_dir, name)
    return None


def _lapack_option() -> dict[str, Any]:
    # Where linear algebra finds LAPACK. Without it the plugin still works; LAPACK custom calls
    # then fail with FAILED_PRECONDITION.
    lapack = lapack_library_path()
    return {"lapack_library": lapack} if lapack else {}


def jax_client_options() -> dict[str, Any]:
    """``PJRT_Client_Create`` options under real JAX: LAPACK, and the CPU device count JAX's
    own CPU backend would use (``jax_num_cpu_devices``, else ``XLA_FLAGS``'
    ``--xla_force_host_platform_device_count``, else 1). Called by JAX when it creates the client.
    """
    from jaxlib_cpu.jax_device_count import jax_cpu_device_count

    return {"cpu_device_count": jax_cpu_device_count(), **_lapack_option()}


def _install_jax_ffi(c_api: Any) -> None:
    # Under real JAX: host callbacks (jax.debug.print, pure_callback, io_callback) and
    # jax.ffi.register_ffi_target reach the plugin's FFI registry (see jax_ffi.py).
    from jaxlib_cpu import jax_ffi

    jax_ffi.install(c_api)


def initialize() -> None:
    """Register the CPU plugin with the host loading it (our jaxlib or real JAX). Loads nothing
    under our jaxlib; real JAX opens the library when it registers it."""
    from jaxlib_cpu import _host_registration as hosts

    hosts.register(
        hosts.BackendPlugin(
            distribution=_DISTRIBUTION,
            library_path=library_path(),
            jaxlib_name=_PLUGIN_NAME,
            jaxlib_priority=_PRIORITY,
            jaxlib_options=_lapack_option() or None,
            jax_options=jax_client_options,
            build_info=build_info(),
            # A CPU client needs no hardware, so it may be created whenever JAX starts.
            jax_when_unrequested=True,
            jax_plugin_callbacks=(_install_jax_ffi,),
        )
    )
