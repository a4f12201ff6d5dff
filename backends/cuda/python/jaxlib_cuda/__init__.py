"""NVIDIA GPU backend of jaxlib (installed as ``jaxlib_cuda12`` or ``jaxlib_cuda13``).

``initialize()`` (the ``jax_plugins`` entry point) only registers the PJRT plugin with the host
loading it (our jaxlib, or real JAX when ``JAX_PLATFORMS`` names ``jaxlib_cuda<MAJOR>``): no
driver is touched until a CUDA client is requested. The plugin
dlopens ``libcuda.so.1`` (the system driver), NVRTC and cuBLAS at client creation. NVRTC and
cuBLAS are searched in this order: ``$JAXLIB_CUDA_LIBRARY_DIRS``; the ``cuda_library_dirs``
client option, which this module fills with the NVIDIA wheel directories found on
``sys.path`` (``pip install jaxlib-cuda12[with-cuda]``); the NVIDIA wheel directories next
to the plugin itself; then the system library path.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path

__all__ = [
    "CUDA_MAJOR",
    "DISTRIBUTION",
    "build_info",
    "client_options",
    "initialize",
    "library_path",
    "nvidia_library_dirs",
]

_PACKAGE_DIR = Path(__file__).resolve().parent


def _major_from_package_name(name: str) -> int:
    # One source, installed as jaxlib_cuda12 or jaxlib_cuda13: the name carries the variant.
    suffix = name.rpartition(".")[2].removeprefix("jaxlib_cuda")
    if not suffix.isdigit():
        raise ImportError(
            f"{name}: install this package as jaxlib_cuda<MAJOR> (it comes from jaxlib-cuda12/13)"
        )
    return int(suffix)


CUDA_MAJOR: int = _major_from_package_name(__name__)
DISTRIBUTION: str = f"jaxlib-cuda{CUDA_MAJOR}"


def build_info() -> dict[str, object]:
    """Build facts compiled into this wheel (read from ``_ext``, without loading the plugin)."""
    from . import _ext

    info = dict(_ext.build_info())
    if info.get("backend") != f"cuda{CUDA_MAJOR}":
        raise ImportError(f"{__name__} holds a build of {info.get('backend')!r}, expected 'cuda{CUDA_MAJOR}'")
    return info


def library_path() -> str:
    """Absolute path of this wheel's PJRT plugin shared library."""
    return str(_PACKAGE_DIR / f"pjrt_plugin_jaxlib_cuda{CUDA_MAJOR}.so")


def _wheel_subdirs(major: int) -> list[tuple[str, ...]]:
    # Mirrors NvidiaWheelLibDirs in backends/gpu/cuda_library_search.cc.
    if major >= 13:
        return [("nvidia", f"cu{major}", "lib")]
    return [("nvidia", "cuda_nvrtc", "lib"), ("nvidia", "cublas", "lib")]


def nvidia_library_dirs(search_path: Iterable[str] | None = None, major: int | None = None) -> list[str]:
    """Existing NVIDIA-wheel library directories (NVRTC, cuBLAS) under each ``sys.path`` entry.

    Looks at the file system only: nothing is imported or loaded.
    """
    found: list[str] = []
    for entry in sys.path if search_path is None else search_path:
        if not entry:
            continue
        for parts in _wheel_subdirs(CUDA_MAJOR if major is None else major):
            candidate = os.path.join(entry, *parts)
            if os.path.isdir(candidate) and candidate not in found:
                found.append(candidate)
    return found


def _lapack_library() -> str | None:
    # Ops without a GPU kernel run on the host with the CPU executor: its LAPACK is jaxlib-cpu's.
    try:
        from jaxlib_cpu import lapack_library_path
    except ImportError:
        return None
    return lapack_library_path()


def client_options() -> dict[str, str]:
    """PJRT client-creation options this package adds (library directories and LAPACK it found)."""
    options: dict[str, str] = {}
    dirs = nvidia_library_dirs()
    if dirs:
        options["cuda_library_dirs"] = os.pathsep.join(dirs)
    lapack = _lapack_library()
    if lapack:
        options["lapack_library"] = lapack
    return options


def initialize() -> None:
    """Registers the plugin with the host loading it: our jaxlib as platform ``cuda`` (priority
    500; cheap, no dlopen), or real JAX as ``jaxlib_cuda<MAJOR>`` when ``JAX_PLATFORMS`` names it.

    The plugin compiles and runs programs, so it may outrank the CPU backend; where no GPU (or
    driver) is present its client creation fails and selection moves on, reporting why once.
    """
    from . import _host_registration as hosts

    hosts.register(
        hosts.BackendPlugin(
            distribution=DISTRIBUTION,
            library_path=library_path(),
            jaxlib_name="cuda",
            jaxlib_priority=500,
            jaxlib_options=client_options(),
            jax_options=client_options,
            build_info=build_info(),
        )
    )
