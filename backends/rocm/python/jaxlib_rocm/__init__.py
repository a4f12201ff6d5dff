"""AMD GPU backend of jaxlib (the ``jaxlib-rocm`` wheel).

``initialize()`` (the ``jax_plugins`` entry point) only registers the PJRT plugin with the host
loading it (our jaxlib, or real JAX when ``JAX_PLATFORMS`` names ``jaxlib_rocm``): no GPU is
touched until a ROCm client is requested. The plugin then
dlopens the HIP runtime and hipRTC from ``$JAXLIB_ROCM_LIBRARY_DIRS``, the
``rocm_library_dirs`` client option, ``$ROCM_PATH/lib``, ``/opt/rocm/lib``, or the system
library path.
"""

from __future__ import annotations

from pathlib import Path

from . import _ext

__all__ = ["DISTRIBUTION", "build_info", "client_options", "initialize", "library_path"]

_PACKAGE_DIR = Path(__file__).resolve().parent
DISTRIBUTION: str = "jaxlib-rocm"


def build_info() -> dict[str, object]:
    """Build facts compiled into this wheel (read without loading the plugin)."""
    return dict(_ext.build_info())


def library_path() -> str:
    """Absolute path of this wheel's PJRT plugin shared library."""
    return str(_PACKAGE_DIR / "pjrt_plugin_jaxlib_rocm.so")


def client_options() -> dict[str, str]:
    """PJRT client-creation options this package adds: jaxlib-cpu's LAPACK for the host fallback."""
    try:
        from jaxlib_cpu import lapack_library_path
    except ImportError:
        return {}
    lapack = lapack_library_path()
    return {"lapack_library": lapack} if lapack else {}


def initialize() -> None:
    """Registers the plugin with the host loading it: our jaxlib as platform ``rocm`` (priority
    500; cheap, no dlopen), or real JAX as ``jaxlib_rocm`` when ``JAX_PLATFORMS`` names it."""
    from . import _host_registration as hosts

    hosts.register(
        hosts.BackendPlugin(
            distribution=DISTRIBUTION,
            library_path=library_path(),
            jaxlib_name="rocm",
            jaxlib_priority=500,
            jaxlib_options=client_options(),
            jax_options=client_options,
            build_info=build_info(),
        )
    )
