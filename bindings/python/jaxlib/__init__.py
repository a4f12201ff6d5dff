"""jaxlib: the PJRT host and Python bindings of the jaxlib split wheels.

Importing this package is cheap on purpose: no extension module, no numpy, no plugin
discovery. Use ``from jaxlib import xla_client`` for the API and ``python -m jaxlib`` for
the doctor.
"""

from __future__ import annotations


def _read_version() -> str:
    """The wheel's version: the generated ``_version.py``, else installed metadata."""
    built: str | None
    try:
        from jaxlib._version import version as built  # generated at build time
    except ImportError:
        built = None
    if built:
        return str(built)
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version

        return dist_version("jaxlib")
    except (ImportError, PackageNotFoundError):
        return "0.0.0+unknown"


__version__: str = _read_version()
version: str = __version__

__all__ = ["__version__", "version"]
