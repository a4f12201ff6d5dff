"""jaxlib-cpu: the CPU backend of jaxlib, shipped as a PJRT C API plugin.

Importing this package and calling :func:`initialize` only *registers* the plugin with jaxlib
(name, priority, library path, build facts); nothing is dlopened until jaxlib needs the CPU
backend. Keep imports here light: jaxlib imports every installed backend at startup.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["build_info", "initialize", "lapack_library_path", "library_path"]

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


def initialize() -> None:
    """Register the CPU plugin with jaxlib. Does not load the plugin library."""
    from jaxlib import plugin_support

    lapack = lapack_library_path()
    plugin_support.register_plugin(
        _PLUGIN_NAME,
        priority=_PRIORITY,
        library_path=library_path(),
        # Client options (PJRT_Client_Create): where linear algebra finds LAPACK. Without it the
        # plugin still works; LAPACK custom calls then fail with FAILED_PRECONDITION.
        options={"lapack_library": lapack} if lapack else None,
        build_info=build_info(),
        distribution=_DISTRIBUTION,
    )
