"""Registers a backend's PJRT plugin with the host that is loading it: our ``jaxlib``, or real JAX.

One source for every backend wheel: the build installs this file into each backend package as
``_host_registration.py`` (see cmake/JaxlibBuild.cmake, ``jaxlib_install_host_registration``).
A backend's ``initialize()`` (the ``jax_plugins`` entry point) describes its plugin once in a
:class:`BackendPlugin` and calls :func:`register`; this module decides the host and speaks its
``register_plugin``. It never loads the plugin itself, and never imports ``jax`` when our
``jaxlib`` is the host.
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import os
from collections.abc import Callable, Mapping
from typing import Any

__all__ = [
    "HOST_JAX",
    "HOST_JAXLIB",
    "JAX_PRIORITY",
    "BackendPlugin",
    "NoHostError",
    "current_host",
    "jax_plugin_name",
    "jax_requested_platforms",
    "register",
]

logger = logging.getLogger(__name__)

#: Our own ``jaxlib`` (its ``jaxlib.plugin_support`` has ``register_plugin``).
HOST_JAXLIB = "jaxlib"
#: Real JAX: ``jax`` with Google's ``jaxlib``, registering through ``jax._src.xla_bridge``.
HOST_JAX = "jax"

#: Priority of our backends under real JAX. Below JAX's own CPU backend (0), so installing one
#: of our wheels never changes which backend a JAX program gets by default: ours are used when
#: named (``JAX_PLATFORMS=jaxlib_cpu`` or ``jax.devices("jaxlib_cpu")``).
JAX_PRIORITY = -100

Options = Mapping[str, Any]


class NoHostError(ImportError):
    """No host that can register a PJRT plugin is installed (neither our jaxlib nor jax)."""


@dataclasses.dataclass(frozen=True)
class BackendPlugin:
    """What a backend registers, for either host.

    Attributes:
      distribution: the wheel's distribution name (``jaxlib-cpu``); under real JAX the plugin
        is named after it (:func:`jax_plugin_name`).
      library_path: the PJRT plugin shared library.
      jaxlib_name: the backend's name under our jaxlib (``cpu``, ``cuda``, ``rocm``).
      jaxlib_priority: its priority under our jaxlib (GPU 500, TPU 300, CPU 0).
      jaxlib_options: ``PJRT_Client_Create`` options under our jaxlib, computed at registration.
      jax_options: options under real JAX: a callable, run when JAX creates the client (after
        JAX's configuration is final), so it may read JAX's settings.
      build_info: the wheel's ``_ext.build_info()`` (our host's version handshake).
      jax_when_unrequested: under real JAX, also register when ``JAX_PLATFORMS`` is unset.
        JAX then creates a client for every registered plugin and a failure aborts JAX's
        start-up, so only backends that cannot fail for want of hardware (CPU) say True;
        GPU backends are registered only when ``JAX_PLATFORMS`` names them.
      jax_plugin_callbacks: under real JAX, handed to ``xla_bridge.register_plugin_callbacks``:
        JAX calls each with ``c_api=`` (a ``PJRT_Api*`` capsule) for every C API plugin once
        discovery is over, so each must ignore plugins that are not its own. A callback that
        raises is logged, not propagated: it would otherwise abort JAX's start-up.
    """

    distribution: str
    library_path: str
    jaxlib_name: str
    jaxlib_priority: int
    jaxlib_options: Options | None = None
    jax_options: Callable[[], Options] | None = None
    build_info: Mapping[str, Any] | None = None
    jax_when_unrequested: bool = False
    jax_plugin_callbacks: tuple[Callable[..., None], ...] = ()


def jax_plugin_name(distribution: str) -> str:
    """The plugin's name under real JAX: the distribution's name as a module name.

    ``jaxlib-cpu`` -> ``jaxlib_cpu``, ``jaxlib-cuda12`` -> ``jaxlib_cuda12``; distinct from
    JAX's own ``cpu``/``cuda``/``rocm`` so both can be registered in one process.
    """
    name = distribution.strip().lower().replace("-", "_").replace(".", "_")
    if not name.isidentifier():
        raise ValueError(f"cannot derive a JAX plugin name from distribution {distribution!r}")
    return name


def current_host() -> str:
    """``HOST_JAXLIB`` or ``HOST_JAX``: which host this environment's ``jaxlib`` belongs to.

    Our jaxlib and Google's cannot both be installed (same import name), so the installed
    ``jaxlib`` decides: ours has ``jaxlib.plugin_support.register_plugin``, Google's does not
    and is driven by ``jax``. Raises :class:`NoHostError` when neither host is usable.
    """
    try:
        plugin_support = importlib.import_module("jaxlib.plugin_support")
    except ImportError as e:
        raise NoHostError(
            "no host for this PJRT plugin: install our jaxlib (pip install jaxlib) or JAX "
            f"(pip install jax jaxlib); importing jaxlib.plugin_support failed: {e}"
        ) from e
    if callable(getattr(plugin_support, "register_plugin", None)):
        return HOST_JAXLIB
    try:
        xla_bridge = importlib.import_module("jax._src.xla_bridge")
    except ImportError as e:
        raise NoHostError(
            "Google's jaxlib is installed but jax cannot be imported, so nothing can host this "
            f"PJRT plugin: {e}"
        ) from e
    if not callable(getattr(xla_bridge, "register_plugin", None)):
        raise NoHostError("this jax has no jax._src.xla_bridge.register_plugin: it is too old for PJRT plugins")
    return HOST_JAX


def jax_requested_platforms() -> list[str] | None:
    """The platforms real JAX was asked for (``jax_platforms`` / ``JAX_PLATFORMS``), None if unset."""
    value: Any = None
    try:
        jax = importlib.import_module("jax")
        value = jax.config.jax_platforms
    except (ImportError, AttributeError):
        value = os.environ.get("JAX_PLATFORMS")
    if not value:
        return None
    return [p.strip() for p in str(value).split(",") if p.strip()]


def register(plugin: BackendPlugin) -> str | None:
    """Registers ``plugin`` with the current host; returns the name it got, or None if skipped.

    Under our jaxlib: ``jaxlib.plugin_support.register_plugin`` with the jaxlib name, priority,
    options, build info and distribution (nothing is loaded). Under real JAX:
    ``jax._src.xla_bridge.register_plugin`` with :func:`jax_plugin_name`, :data:`JAX_PRIORITY`
    and the lazy ``jax_options`` (JAX opens the library at registration). Under real JAX
    nothing is registered when ``JAX_PLATFORMS`` is set without naming this plugin, nor, for
    plugins with ``jax_when_unrequested=False``, when it is unset, nor when JAX already has a
    plugin of that name.
    """
    host = current_host()
    if host == HOST_JAXLIB:
        plugin_support = importlib.import_module("jaxlib.plugin_support")
        plugin_support.register_plugin(
            plugin.jaxlib_name,
            priority=plugin.jaxlib_priority,
            library_path=plugin.library_path,
            options=dict(plugin.jaxlib_options) if plugin.jaxlib_options else None,
            build_info=dict(plugin.build_info) if plugin.build_info else None,
            distribution=plugin.distribution,
        )
        return plugin.jaxlib_name

    name = jax_plugin_name(plugin.distribution)
    requested = jax_requested_platforms()
    if requested is None and not plugin.jax_when_unrequested:
        logger.debug("%s: not registered with JAX (JAX_PLATFORMS is unset; set JAX_PLATFORMS=%s to use it)",
                     plugin.distribution, name)
        return None
    if requested is not None and name not in requested:
        logger.debug("%s: not registered with JAX (JAX_PLATFORMS=%s does not name %s)",
                     plugin.distribution, ",".join(requested), name)
        return None
    if _jax_has_plugin(name):
        # Registered by hand before discovery (a script calling register_plugin, a test): JAX
        # would refuse a second library under the same name (ALREADY_EXISTS) and log it as a
        # configuration error. Whoever registered it owns its options and callbacks.
        logger.info("%s: JAX already has a PJRT plugin named %s; not registering it again",
                    plugin.distribution, name)
        return None
    xla_bridge = importlib.import_module("jax._src.xla_bridge")
    jax_options = plugin.jax_options

    def options() -> dict[str, Any]:
        return dict(jax_options()) if jax_options is not None else {}

    xla_bridge.register_plugin(name, priority=JAX_PRIORITY, library_path=plugin.library_path, options=options)
    for callback in plugin.jax_plugin_callbacks:
        xla_bridge.register_plugin_callbacks(_logged(callback, plugin.distribution))
    return name


def _jax_has_plugin(name: str) -> bool:
    try:
        xla_client = importlib.import_module("jaxlib.xla_client")
    except ImportError:
        return False
    loaded = getattr(xla_client, "pjrt_plugin_loaded", None)
    return bool(loaded(name)) if callable(loaded) else False


def _logged(callback: Callable[..., None], distribution: str) -> Callable[..., None]:
    def run(**kwargs: Any) -> None:
        try:
            callback(**kwargs)
        except Exception:  # noqa: BLE001 - reported; JAX's start-up must go on
            logger.warning("%s: plugin callback %s failed; the features it installs are unavailable",
                           distribution, getattr(callback, "__qualname__", callback), exc_info=True)

    return run
