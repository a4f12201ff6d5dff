"""PJRT plugin registration, discovery, the version handshake and backend selection.

Backends advertise themselves through the ``jax_plugins`` entry-point group or the
``jax_plugins`` namespace package; each module's ``initialize()`` calls
:func:`register_plugin`, which records ``(name, priority, library_path, options)`` and loads
nothing. A plugin is dlopen'ed only when a backend is needed, and the version handshake runs
before any call into it beyond ``GetPjrtApi`` and ``PJRT_Plugin_Attributes``.

Must not create clients at import time or silently fall back between backends.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.metadata
import logging
import os
import pkgutil
import threading
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Any

import jaxlib

if TYPE_CHECKING:
    from jaxlib import xla_client

logger = logging.getLogger("jaxlib.plugin_support")

#: Set to 1 to skip the jaxlib/backend version handshake (developers only).
SKIP_VERSION_CHECK_ENV = "JAXLIB_SKIP_VERSION_CHECK"
#: Comma-separated backend names: selects and orders backends; failures become errors.
PLATFORMS_ENV = "JAX_PLATFORMS"
#: The attribute our plugins report through PJRT_Plugin_Attributes with their full version.
VERSION_ATTRIBUTE = "jaxlib_version"
#: Default priority of register_plugin (matches JAX's).
DEFAULT_PRIORITY = 400

try:  # The extension may be missing in a broken install; the doctor must still run.
    from jaxlib._jaxlib import XlaRuntimeError as _ErrorBase
except ImportError:  # pragma: no cover - exercised only in broken installs
    _ErrorBase = RuntimeError  # type: ignore[misc,assignment]


class PluginVersionError(_ErrorBase):  # type: ignore[misc,valid-type]
    """jaxlib and a backend were built as different versions (``FAILED_PRECONDITION: ...``)."""


@dataclasses.dataclass
class PluginRegistration:
    """What a backend's ``initialize()`` registered."""

    name: str
    priority: int
    library_path: str
    options: dict[str, Any] | None = None
    build_info: dict[str, Any] | None = None
    distribution: str | None = None
    module: str | None = None


@dataclasses.dataclass
class DiscoveryFailure:
    """A ``jax_plugins`` module that could not be imported or initialised."""

    module: str
    reason: str


_lock = threading.RLock()
_registrations: dict[str, PluginRegistration] = {}
_discovery_failures: list[DiscoveryFailure] = []
_discovered = False
_current_module: str | None = None
_loaded: dict[str, Any] = {}  # name -> jaxlib._jaxlib.PluginApi
_backend_failures: dict[str, str] = {}
_reported: set[str] = set()


def _skip_version_check() -> bool:
    return os.environ.get(SKIP_VERSION_CHECK_ENV, "").strip().lower() in ("1", "true", "yes")


def _report_once(key: str, message: str) -> None:
    """Warns about a failure once per process: never silent, never repeated.

    One channel on stderr (the warning); the log record is at INFO so an application that
    configures logging sees it there without a second copy on the terminal.
    """
    with _lock:
        if key in _reported:
            return
        _reported.add(key)
    logger.info("%s", message)
    warnings.warn(message, RuntimeWarning, stacklevel=3)


# --------------------------------------------------------------------------- registration


def register_plugin(
    name: str,
    *,
    priority: int = DEFAULT_PRIORITY,
    library_path: str | os.PathLike[str],
    options: dict[str, Any] | None = None,
    build_info: dict[str, Any] | None = None,
    distribution: str | None = None,
) -> None:
    """Registers a PJRT plugin by name. Loads nothing.

    Args:
      name: backend name used by ``JAX_PLATFORMS`` and ``make_c_api_client`` ("cpu", "cuda").
      priority: higher wins when ``JAX_PLATFORMS`` is unset (GPU 500, TPU 300, CPU 0).
      library_path: the plugin shared library.
      options: ``PJRT_Client_Create`` options (bool, int, float, str, list of ints).
      build_info: the backend's ``_ext.build_info()``; its ``version`` joins the handshake.
      distribution: the backend's distribution name (e.g. ``jaxlib-cpu``), for the handshake
        and for the ``pip install`` fix in error messages.
    """
    if not name or not isinstance(name, str):
        raise ValueError("register_plugin: name must be a non-empty string")
    reg = PluginRegistration(
        name=name,
        priority=int(priority),
        library_path=os.fspath(library_path),
        options=dict(options) if options else None,
        build_info=dict(build_info) if build_info else None,
        distribution=distribution,
        module=_current_module,
    )
    with _lock:
        existing = _registrations.get(name)
        if existing is not None and existing.library_path != reg.library_path:
            _report_once(
                f"duplicate:{name}",
                f"PJRT plugin '{name}' registered twice ({existing.library_path} and "
                f"{reg.library_path}); keeping the first",
            )
            return
        _registrations[name] = reg


def registrations() -> dict[str, PluginRegistration]:
    """A snapshot of every registered plugin (runs discovery first)."""
    discover_plugins()
    with _lock:
        return dict(_registrations)


def discovery_failures() -> list[DiscoveryFailure]:
    """Plugin modules that failed to import or initialise during discovery."""
    discover_plugins()
    with _lock:
        return list(_discovery_failures)


def _initialize_module(module_name: str) -> None:
    global _current_module
    try:
        module = importlib.import_module(module_name)
        init = getattr(module, "initialize", None)
        if init is None:
            raise AttributeError(f"module {module_name} has no initialize()")
        _current_module = module_name
        try:
            init()
        finally:
            _current_module = None
    except Exception as e:  # noqa: BLE001 - any failure of a third-party plugin is reported
        reason = f"{type(e).__name__}: {e}"
        _discovery_failures.append(DiscoveryFailure(module_name, reason))
        _report_once(f"discover:{module_name}", f"jax_plugins module '{module_name}' failed to initialize: {reason}")


def discover_plugins(*, force: bool = False) -> None:
    """Imports every ``jax_plugins`` module once and calls its ``initialize()``."""
    global _discovered
    with _lock:
        if _discovered and not force:
            return
        _discovered = True
        seen: set[str] = set()
        try:
            eps = importlib.metadata.entry_points(group="jax_plugins")
        except Exception:  # noqa: BLE001 - broken metadata must not break import
            eps = ()  # type: ignore[assignment]
        for ep in sorted(eps, key=lambda e: e.name):
            module_name = ep.value.split(":", 1)[0].strip()
            if module_name not in seen:
                seen.add(module_name)
                _initialize_module(module_name)
        try:
            namespace = importlib.import_module("jax_plugins")
        except ImportError:
            namespace = None
        if namespace is not None and hasattr(namespace, "__path__"):
            for info in sorted(pkgutil.iter_modules(namespace.__path__, "jax_plugins."), key=lambda i: i.name):
                if info.name not in seen:
                    seen.add(info.name)
                    _initialize_module(info.name)


# --------------------------------------------------------------------------- versions


def _fix_command(reg: PluginRegistration | None, version: str) -> str:
    dist = reg.distribution if reg and reg.distribution else None
    pins = [f'"jaxlib=={version}"']
    if dist:
        pins.append(f'"{dist}=={version}"')
    return "pip install " + " ".join(pins)


def _mismatch_error(name: str, reg: PluginRegistration | None, found: list[tuple[str, str]]) -> PluginVersionError:
    core = jaxlib.__version__
    label = reg.distribution if reg and reg.distribution else f"the '{name}' plugin"
    backend_version = found[0][1]
    details = "; ".join(f"{src}: {v}" for src, v in found)
    return PluginVersionError(
        f"FAILED_PRECONDITION: jaxlib {core} cannot use backend '{name}' ({label} {backend_version}): "
        f"jaxlib and its backends must be exactly the same version ({details}). "
        f"Fix: {_fix_command(reg, core)}  (developers: set {SKIP_VERSION_CHECK_ENV}=1 to skip this check)"
    )


def _versions_before_load(reg: PluginRegistration | None) -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    if reg is None:
        return found
    if reg.distribution:
        try:
            found.append((f"installed {reg.distribution}", importlib.metadata.version(reg.distribution)))
        except importlib.metadata.PackageNotFoundError:
            pass
    if reg.build_info and reg.build_info.get("version"):
        found.append(("backend build", str(reg.build_info["version"])))
    return found


def _check_versions(name: str, reg: PluginRegistration | None, found: list[tuple[str, str]]) -> None:
    if _skip_version_check():
        return
    core = jaxlib.__version__
    mismatched = [(src, v) for src, v in found if v != core]
    if mismatched:
        raise _mismatch_error(name, reg, mismatched)


def check_plugin_version(plugin_name: str, jaxlib_version: str, plugin_version: str) -> bool:
    """True when the full version strings match exactly (``.devN`` included).

    On a mismatch, warns once with both versions and the fix, and returns False.
    """
    if _skip_version_check() or jaxlib_version == plugin_version:
        return True
    with _lock:
        reg = _registrations.get(plugin_name)
    _report_once(
        f"version:{plugin_name}",
        f"JAX plugin {plugin_name} version {plugin_version} is installed, but jaxlib is "
        f"{jaxlib_version}; they must match exactly. Fix: {_fix_command(reg, jaxlib_version)}",
    )
    return False


def plugin_version(plugin_name: str) -> str | None:
    """The backend's version as registered (build info, else distribution metadata)."""
    with _lock:
        reg = _registrations.get(plugin_name)
    if reg is None:
        return None
    if reg.build_info and reg.build_info.get("version"):
        return str(reg.build_info["version"])
    if reg.distribution:
        try:
            return importlib.metadata.version(reg.distribution)
        except importlib.metadata.PackageNotFoundError:
            return None
    return None


# --------------------------------------------------------------------------- loading


def import_from_plugin(plugin_name: str, submodule_name: str, *, check_version: bool = True) -> ModuleType | None:
    """Imports ``<plugin module>.<submodule_name>`` of a registered backend, or None.

    Returns None when the plugin is not registered, the submodule is missing, or (with
    ``check_version``) the backend's version differs from jaxlib's.
    """
    discover_plugins()
    with _lock:
        reg = _registrations.get(plugin_name)
    if reg is None or reg.module is None:
        return None
    if check_version:
        version = plugin_version(plugin_name)
        if version is not None and not check_plugin_version(plugin_name, jaxlib.__version__, version):
            return None
    try:
        return importlib.import_module(f"{reg.module}.{submodule_name}")
    except ImportError:
        return None


def pjrt_plugin_loaded(plugin_name: str) -> bool:
    """True once the plugin's library has been loaded in this process."""
    with _lock:
        return plugin_name in _loaded


def load_pjrt_plugin_dynamically(plugin_name: str, library_path: str | os.PathLike[str]) -> Any:
    """Loads a PJRT plugin library and runs the version handshake. Does not initialize it.

    The handshake compares jaxlib's full version with the backend's installed distribution and
    build info (before the library is opened) and with the plugin's ``jaxlib_version``
    attribute (read through PJRT_Plugin_Attributes, the only call made). Loading the same
    name twice returns the loaded plugin.

    Raises:
      XlaRuntimeError: NOT_FOUND for a missing file; INVALID_ARGUMENT for a file that is not a
        shared library or has no GetPjrtApi; FAILED_PRECONDITION for an unsupported PJRT API
        version.
      PluginVersionError: on version skew (unless JAXLIB_SKIP_VERSION_CHECK=1).
    """
    from jaxlib import _jaxlib

    path = os.fspath(library_path)
    with _lock:
        if plugin_name in _loaded:
            return _loaded[plugin_name]
        reg = _registrations.get(plugin_name)
        _check_versions(plugin_name, reg, _versions_before_load(reg))
        api = _jaxlib.load_plugin(path)
        if not _skip_version_check():
            attrs = api.attributes()
            if VERSION_ATTRIBUTE in attrs:
                _check_versions(plugin_name, reg, [("plugin attribute jaxlib_version", str(attrs[VERSION_ATTRIBUTE]))])
        _loaded[plugin_name] = api
        return api


def register_loaded_plugin(plugin_name: str, api: Any) -> None:
    """Records a plugin some other code loaded (a PluginApi from ``plugin_from_c_api``) under
    ``plugin_name``, so clients can be made of it. No version handshake: the caller vouches for
    the table (it came from code that already uses it)."""
    with _lock:
        if plugin_name in _loaded and _loaded[plugin_name] is not api:
            from jaxlib._jaxlib import XlaRuntimeError

            raise XlaRuntimeError(f"ALREADY_EXISTS: PJRT_Api already exists for device type {plugin_name}")
        _loaded[plugin_name] = api


def initialize_pjrt_plugin(plugin_name: str) -> None:
    """Calls PJRT_Plugin_Initialize once for a loaded plugin (later calls are no-ops)."""
    with _lock:
        api = _loaded.get(plugin_name)
    if api is None:
        from jaxlib._jaxlib import XlaRuntimeError

        raise XlaRuntimeError(
            f"FAILED_PRECONDITION: PJRT plugin '{plugin_name}' is not loaded; call load_pjrt_plugin_dynamically first"
        )
    api.initialize()


def loaded_plugins() -> dict[str, Any]:
    """The plugins loaded so far: name -> PluginApi. Loads nothing."""
    with _lock:
        return dict(_loaded)


def loaded_plugin(plugin_name: str) -> Any:
    """Loads (with the handshake) and initializes a registered plugin; returns its PluginApi."""
    discover_plugins()
    with _lock:
        api = _loaded.get(plugin_name)
        reg = _registrations.get(plugin_name)
    if api is None:
        if reg is None:
            from jaxlib._jaxlib import XlaRuntimeError

            with _lock:
                known = ", ".join(sorted(_registrations)) or "none"
            raise XlaRuntimeError(
                f"NOT_FOUND: no PJRT plugin named '{plugin_name}' is registered (registered: {known}). "
                "Install its backend (e.g. pip install jaxlib-cpu) or call load_pjrt_plugin_dynamically()."
            )
        api = load_pjrt_plugin_dynamically(plugin_name, reg.library_path)
    initialize_pjrt_plugin(plugin_name)
    return api


# --------------------------------------------------------------------------- selection


def platforms_from_env(platforms: str | None = None) -> list[str]:
    """Backend names from the argument or ``JAX_PLATFORMS`` (empty: choose by priority)."""
    text = os.environ.get(PLATFORMS_ENV, "") if platforms is None else platforms
    return [p.strip() for p in text.split(",") if p.strip()]


def backend_failures() -> dict[str, str]:
    """Backends that failed to initialise during selection, with their reasons."""
    with _lock:
        return dict(_backend_failures)


def select_backend(platforms: str | None = None) -> tuple[str, xla_client.Client]:
    """Creates the default backend's client and returns ``(name, client)``.

    With ``JAX_PLATFORMS`` (or ``platforms``) set, every named backend is created in that
    order and any failure is an error carrying the plugin's own message; the first is the
    default. Unset, backends are tried by descending priority and the first that initialises
    wins; each one that failed is reported once (warning and log) with its reason.
    """
    from jaxlib import xla_client
    from jaxlib._jaxlib import XlaRuntimeError

    discover_plugins()
    names = platforms_from_env(platforms)
    if names:
        clients: list[tuple[str, xla_client.Client]] = []
        for name in names:
            try:
                clients.append((name, xla_client.make_c_api_client(name)))
            except XlaRuntimeError as e:
                code, _, message = str(e).partition(": ")
                raise type(e)(
                    f"{code}: Unable to initialize backend '{name}' (requested by {PLATFORMS_ENV}="
                    f"{','.join(names)!r}): {message}"
                ) from e
        return clients[0]
    with _lock:
        ordered = sorted(_registrations.values(), key=lambda r: (-r.priority, r.name))
    if not ordered:
        raise XlaRuntimeError(
            "NOT_FOUND: no jaxlib backend is installed; install one, e.g. pip install jaxlib-cpu"
        )
    for reg in ordered:
        try:
            client = xla_client.make_c_api_client(reg.name)
            logger.info("backend: %s (%s %s, PJRT C API %s)", reg.name, reg.distribution or reg.library_path,
                        plugin_version(reg.name) or "version unknown", client.pjrt_c_api_version)
            return reg.name, client
        except Exception as e:  # noqa: BLE001 - reported, then the next backend is tried
            reason = str(e)
            with _lock:
                _backend_failures[reg.name] = reason
            _report_once(f"backend:{reg.name}", f"Backend '{reg.name}' failed to initialize: {reason}")
    with _lock:
        summary = "; ".join(f"{n}: {r}" for n, r in _backend_failures.items())
    raise XlaRuntimeError(f"UNAVAILABLE: no backend could be initialized ({summary})")
