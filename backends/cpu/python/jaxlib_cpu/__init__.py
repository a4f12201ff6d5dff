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

__all__ = [
    "build_info",
    "initialize",
    "jax_client_options",
    "lapack_library_path",
    "library_path",
    "mpi_library_path",
]

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

    ``$JAXLIB_CPU_LAPACK_LIBRARY`` when set (the plugin also honours it directly); else the
    OpenBLAS a scipy wheel ships, when scipy is installed: it is the LAPACK scipy and real
    jaxlib call, so decompositions that are unique only up to signs or ordering (Schur vectors,
    eigenvectors) come out as they do in scipy and on XLA's CPU backend; else the library of our
    ``scipy-openblas32`` dependency (the same OpenBLAS build family, exporting the same
    ``scipy_``-prefixed symbols). Only looks at files: nothing is imported or loaded here.
    """
    override = os.environ.get("JAXLIB_CPU_LAPACK_LIBRARY")
    if override:
        return override
    return _scipy_bundled_lapack() or _scipy_openblas32_lapack()


def _find_library(lib_dir: str, stem_prefix: str) -> str | None:
    try:
        names = sorted(os.listdir(lib_dir))
    except OSError:
        return None
    suffix = {"darwin": ".dylib", "win32": ".dll"}.get(sys.platform, ".so")
    for name in names:
        stem = name if sys.platform == "win32" else name[3:]
        if stem.startswith(stem_prefix) and suffix in name:
            return os.path.join(lib_dir, name)
    return None


def _scipy_bundled_lapack() -> str | None:
    # Wheels repaired by auditwheel / delocate / delvewheel keep scipy's OpenBLAS beside the
    # package (scipy.libs) or inside it (.dylibs). A scipy built against a system LAPACK has
    # neither, and the dependency's library is used instead.
    import importlib.util

    spec = importlib.util.find_spec("scipy")
    if spec is None or not spec.submodule_search_locations:
        return None
    package_dir = list(spec.submodule_search_locations)[0]
    for lib_dir in (package_dir + ".libs", os.path.join(package_dir, ".dylibs")):
        found = _find_library(lib_dir, "scipy_openblas")
        if found:
            return found
    return None


def _scipy_openblas32_lapack() -> str | None:
    try:
        import scipy_openblas32
    except ImportError:
        return None
    return _find_library(scipy_openblas32.get_lib_dir(), "scipy_openblas")


def _lapack_option() -> dict[str, Any]:
    # Where linear algebra finds LAPACK. Without it the plugin still works; LAPACK custom calls
    # then fail with FAILED_PRECONDITION.
    lapack = lapack_library_path()
    return {"lapack_library": lapack} if lapack else {}


def mpi_library_path() -> str | None:
    """Path of the MPI library multi-process jobs run their collectives on, or None.

    ``$JAXLIB_CPU_MPI_LIBRARY`` when set (the plugin also honours it directly), else the MPI 5.0
    standard-ABI library (``libmpi_abi.so.1``) of PyPI's ``mpich``, the ``mpi`` extra
    (``pip install 'jaxlib-cpu[mpi]'``). Only looks at files: nothing is loaded here, and a
    one-process client never loads it.
    """
    override = os.environ.get("JAXLIB_CPU_MPI_LIBRARY")
    if override:
        return override
    try:
        from importlib import metadata

        files = metadata.files("mpich") or []
    except Exception:  # not installed (PackageNotFoundError), or unreadable metadata
        return None
    # The versioned file: the wheel's unversioned libmpi_abi.so is a link-time stub.
    for f in files:
        if f.name.startswith("libmpi_abi.so.") and f.name[len("libmpi_abi.so."):].split(".")[0].isdigit():
            path = str(f.locate())
            if os.path.isfile(path):
                return os.path.realpath(path)
    return None


def _plugin_options() -> dict[str, Any]:
    # Options every client of ours gets: the run-time libraries the plugin loads on demand.
    options = _lapack_option()
    mpi = mpi_library_path()
    if mpi:
        options["mpi_library"] = mpi
    return options


def jax_client_options() -> dict[str, Any]:
    """``PJRT_Client_Create`` options under real JAX: LAPACK, and the CPU device count JAX's
    own CPU backend would use (``jax_num_cpu_devices``, else ``XLA_FLAGS``'
    ``--xla_force_host_platform_device_count``, else 1). Called by JAX when it creates the client.
    """
    from jaxlib_cpu.jax_device_count import jax_cpu_device_count

    return {"cpu_device_count": jax_cpu_device_count(), **_plugin_options()}


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
            jaxlib_options=_plugin_options() or None,
            jax_options=jax_client_options,
            build_info=build_info(),
            # A CPU client needs no hardware, so it may be created whenever JAX starts.
            jax_when_unrequested=True,
            jax_plugin_callbacks=(_install_jax_ffi,),
        )
    )
