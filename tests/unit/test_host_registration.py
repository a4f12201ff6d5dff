"""The shared host-registration module (backends/host_registration): which host a backend
registers with, under which name, priority and options, and when it registers nothing.

Both hosts are stand-ins injected into ``sys.modules``: our jaxlib's ``plugin_support`` with a
``register_plugin`` that records its arguments, and Google's ``jaxlib.plugin_support`` (no
``register_plugin``) next to a fake ``jax._src.xla_bridge``. Real JAX runs in tests/jax/.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "backends" / "host_registration" / "host_registration.py"


@pytest.fixture()
def hosts(monkeypatch: pytest.MonkeyPatch) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("_host_registration_under_test", SOURCE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


class _Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        self.calls.append((args, kwargs))


def _install_our_jaxlib(monkeypatch: pytest.MonkeyPatch) -> _Recorder:
    rec = _Recorder()
    jaxlib = types.ModuleType("jaxlib")
    support = types.ModuleType("jaxlib.plugin_support")
    support.register_plugin = rec  # type: ignore[attr-defined]
    jaxlib.plugin_support = support  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jaxlib", jaxlib)
    monkeypatch.setitem(sys.modules, "jaxlib.plugin_support", support)
    # Our host must never pull jax in.
    monkeypatch.setitem(sys.modules, "jax", None)
    return rec


def _install_real_jax(monkeypatch: pytest.MonkeyPatch, platforms: str | None,
                      loaded: tuple[str, ...] = ()) -> _Recorder:
    rec = _Recorder()
    jaxlib = types.ModuleType("jaxlib")
    support = types.ModuleType("jaxlib.plugin_support")  # Google's: no register_plugin
    support.import_from_plugin = lambda *a, **k: None  # type: ignore[attr-defined]
    jaxlib.plugin_support = support  # type: ignore[attr-defined]
    xla_client = types.ModuleType("jaxlib.xla_client")
    xla_client.pjrt_plugin_loaded = lambda name: name in loaded  # type: ignore[attr-defined]
    jaxlib.xla_client = xla_client  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jaxlib.xla_client", xla_client)
    jax = types.ModuleType("jax")
    jax.config = types.SimpleNamespace(jax_platforms=platforms)  # type: ignore[attr-defined]
    src = types.ModuleType("jax._src")
    bridge = types.ModuleType("jax._src.xla_bridge")
    bridge.register_plugin = rec  # type: ignore[attr-defined]
    bridge.callbacks = []  # type: ignore[attr-defined]
    bridge.register_plugin_callbacks = bridge.callbacks.append  # type: ignore[attr-defined]
    for name, mod in [("jaxlib", jaxlib), ("jaxlib.plugin_support", support), ("jax", jax),
                      ("jax._src", src), ("jax._src.xla_bridge", bridge)]:
        monkeypatch.setitem(sys.modules, name, mod)
    return rec


def _cpu(hosts: types.ModuleType, **overrides: Any) -> Any:
    fields: dict[str, Any] = dict(
        distribution="jaxlib-cpu", library_path="/x/pjrt_plugin_jaxlib_cpu.so", jaxlib_name="cpu",
        jaxlib_priority=0, jaxlib_options={"lapack_library": "/x/libopenblas.so"},
        jax_options=lambda: {"cpu_device_count": 3}, build_info={"version": "9.9.9"},
        jax_when_unrequested=True)
    fields.update(overrides)
    return hosts.BackendPlugin(**fields)


@pytest.mark.parametrize(("dist", "name"), [("jaxlib-cpu", "jaxlib_cpu"), ("jaxlib-cuda12", "jaxlib_cuda12"),
                                            ("jaxlib-cuda13", "jaxlib_cuda13"), ("jaxlib-rocm", "jaxlib_rocm"),
                                            ("Jaxlib_ROCm", "jaxlib_rocm")])
def test_jax_plugin_names(hosts: types.ModuleType, dist: str, name: str) -> None:
    assert hosts.jax_plugin_name(dist) == name


def test_bad_distribution_name_is_a_value_error(hosts: types.ModuleType) -> None:
    with pytest.raises(ValueError, match="cannot derive a JAX plugin name"):
        hosts.jax_plugin_name("9-lives")


def test_our_jaxlib_gets_the_jaxlib_registration(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _install_our_jaxlib(monkeypatch)
    assert hosts.current_host() == hosts.HOST_JAXLIB
    assert hosts.register(_cpu(hosts)) == "cpu"
    assert rec.calls == [(("cpu",), {"priority": 0, "library_path": "/x/pjrt_plugin_jaxlib_cpu.so",
                                     "options": {"lapack_library": "/x/libopenblas.so"},
                                     "build_info": {"version": "9.9.9"}, "distribution": "jaxlib-cpu"})]


def test_our_jaxlib_with_no_options_passes_none(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _install_our_jaxlib(monkeypatch)
    hosts.register(_cpu(hosts, jaxlib_options={}, build_info=None))
    (_, kwargs), = rec.calls
    assert kwargs["options"] is None and kwargs["build_info"] is None


@pytest.mark.parametrize("platforms", [None, "jaxlib_cpu", "cpu,jaxlib_cpu", " jaxlib_cpu , cpu"])
def test_real_jax_gets_jaxlib_cpu_with_lazy_options(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch,
                                                    platforms: str | None) -> None:
    rec = _install_real_jax(monkeypatch, platforms)
    assert hosts.current_host() == hosts.HOST_JAX
    calls = 0

    def options() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        return {"cpu_device_count": 3, "lapack_library": "/x/libopenblas.so"}

    assert hosts.register(_cpu(hosts, jax_options=options)) == "jaxlib_cpu"
    (args, kwargs), = rec.calls
    assert args == ("jaxlib_cpu",)
    assert kwargs["priority"] == hosts.JAX_PRIORITY < 0, "JAX's own CPU backend (priority 0) must stay the default"
    assert kwargs["library_path"] == "/x/pjrt_plugin_jaxlib_cpu.so"
    assert calls == 0, "options must be computed when JAX creates the client, not at registration"
    assert kwargs["options"]() == {"cpu_device_count": 3, "lapack_library": "/x/libopenblas.so"}
    assert calls == 1


def test_real_jax_platforms_without_us_registers_nothing(hosts: types.ModuleType,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _install_real_jax(monkeypatch, "cpu")
    assert hosts.register(_cpu(hosts)) is None
    assert rec.calls == []


@pytest.mark.parametrize(("platforms", "registered"), [(None, False), ("cpu", False), ("jaxlib_cuda12", True),
                                                       ("cpu,jaxlib_cuda12", True)])
def test_gpu_backends_register_with_real_jax_only_when_named(
        hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch, platforms: str | None, registered: bool) -> None:
    rec = _install_real_jax(monkeypatch, platforms)
    gpu = hosts.BackendPlugin(distribution="jaxlib-cuda12", library_path="/x/cuda.so", jaxlib_name="cuda",
                              jaxlib_priority=500, jax_options=dict)
    assert hosts.register(gpu) == ("jaxlib_cuda12" if registered else None)
    assert len(rec.calls) == int(registered)
    if registered:
        assert rec.calls[0][1]["options"]() == {}


def test_no_host_is_a_typed_error(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "jaxlib", None)
    monkeypatch.setitem(sys.modules, "jaxlib.plugin_support", None)
    with pytest.raises(hosts.NoHostError, match="no host for this PJRT plugin"):
        hosts.register(_cpu(hosts))


def test_google_jaxlib_without_jax_is_a_typed_error(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _install_real_jax(monkeypatch, None)
    monkeypatch.setitem(sys.modules, "jax._src.xla_bridge", None)
    with pytest.raises(hosts.NoHostError, match="jax cannot be imported"):
        hosts.current_host()
    assert issubclass(hosts.NoHostError, ImportError)


def test_plugin_callbacks_go_to_real_jax_and_a_failing_one_is_logged(
        hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    _install_real_jax(monkeypatch, "jaxlib_cpu")
    seen: list[Any] = []

    def good(c_api: Any) -> None:
        seen.append(c_api)

    def bad(c_api: Any) -> None:
        raise RuntimeError("no FFI extension")

    hosts.register(_cpu(hosts, jax_plugin_callbacks=(good, bad)))
    bridge = sys.modules["jax._src.xla_bridge"]
    assert len(bridge.callbacks) == 2
    for callback in bridge.callbacks:  # what JAX does once discovery is over
        callback(c_api="capsule")
    assert seen == ["capsule"]
    assert "plugin callback" in caplog.text and "no FFI extension" in caplog.text, caplog.text


def test_plugin_callbacks_are_not_used_by_our_jaxlib(hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    rec = _install_our_jaxlib(monkeypatch)
    hosts.register(_cpu(hosts, jax_plugin_callbacks=(lambda c_api: None,)))
    (_, kwargs), = rec.calls
    assert "callbacks" not in " ".join(kwargs)


def test_no_callbacks_registered_when_jax_platforms_excludes_us(
        hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    _install_real_jax(monkeypatch, "cpu")
    hosts.register(_cpu(hosts, jax_plugin_callbacks=(lambda c_api: None,)))
    assert sys.modules["jax._src.xla_bridge"].callbacks == []


def test_a_plugin_jax_already_has_is_not_registered_twice(
        hosts: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    """A script that registered jaxlib_cpu by hand: JAX would answer ALREADY_EXISTS."""
    rec = _install_real_jax(monkeypatch, "jaxlib_cpu,cpu", loaded=("jaxlib_cpu",))
    assert hosts.register(_cpu(hosts, jax_plugin_callbacks=(lambda c_api: None,))) is None
    assert rec.calls == [] and sys.modules["jax._src.xla_bridge"].callbacks == []
