"""Real JAX finds, registers and uses our jaxlib-cpu plugin; nothing here compiles a program.

Covers the install (Google's jaxlib kept, scipy-openblas32 present), registration through the
``jax_plugins`` entry point without start-up errors, ``JAX_PLATFORMS`` selection, the device
count JAX's own CPU backend would get (``jax_num_cpu_devices``, ``XLA_FLAGS``), transfers in
and out of our devices, and the typed errors for bad settings.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import textwrap
from pathlib import Path

import jax
import ml_dtypes
import numpy as np
import pytest
from jax_backends import NUM_DEVICES, OURS, XLA, is_ours, run_python

REPO = Path(__file__).resolve().parents[2]
WHEELHOUSE = Path(os.environ.get("JAXLIB_WHEELHOUSE", REPO / "wheelhouse"))


# --------------------------------------------------------------------------- the install


def test_google_jaxlib_is_still_the_installed_jaxlib() -> None:
    import jaxlib
    import jaxlib.plugin_support

    assert not hasattr(jaxlib.plugin_support, "register_plugin"), "our jaxlib replaced Google's"
    assert importlib.metadata.version("jaxlib") == jaxlib.__version__ == jax.__version__, (
        f"jaxlib {importlib.metadata.version('jaxlib')} / jax {jax.__version__}: expected Google's matching pair")


def test_our_plugin_and_its_lapack_are_installed() -> None:
    import jaxlib_cpu

    version = importlib.metadata.version("jaxlib-cpu")
    requires = importlib.metadata.requires("jaxlib-cpu") or []
    assert not [r for r in requires if r.split(";")[0].strip().startswith("jaxlib")], (
        f"jaxlib-cpu must not require any jaxlib (it would replace Google's): {requires}")
    assert any(r.startswith("scipy-openblas32") for r in requires), requires
    importlib.metadata.version("scipy-openblas32")  # raises if the dependency was not installed
    lapack = jaxlib_cpu.lapack_library_path()
    assert lapack and Path(lapack).is_file(), f"LAPACK library not found: {lapack!r}"
    assert jaxlib_cpu.build_info()["version"] == version
    report = WHEELHOUSE / "build_report.json"
    if report.exists():
        assert version == json.loads(report.read_text())["version"], "installed jaxlib-cpu is not the wheelhouse's"


def test_entry_point_names_our_package() -> None:
    eps = {ep.name: ep.value for ep in importlib.metadata.entry_points(group="jax_plugins")}
    assert eps.get("jaxlib_cpu") == "jaxlib_cpu", eps


# --------------------------------------------------------------------------- in this process


def test_default_devices_are_ours() -> None:
    devices = jax.devices()
    assert len(devices) == NUM_DEVICES, devices
    assert [d.id for d in devices] == list(range(NUM_DEVICES))
    assert all(d.platform == "cpu" for d in devices), [d.platform for d in devices]
    assert all(is_ours(d) for d in devices), devices[0].client.platform_version
    assert jax.default_backend() == "cpu"
    assert jax.devices(OURS) == devices
    assert jax.device_count() == jax.local_device_count() == NUM_DEVICES


def test_jax_own_cpu_backend_lives_beside_ours() -> None:
    theirs = jax.devices(XLA)
    assert len(theirs) == NUM_DEVICES
    assert not any(is_ours(d) for d in theirs), theirs[0].client.platform_version
    assert theirs[0].client is not jax.devices(OURS)[0].client


DTYPES = [np.float32, np.float16, ml_dtypes.bfloat16, np.int8, np.uint8, np.int16, np.uint16, np.int32,
          np.uint32, np.bool_, np.complex64]


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
def test_device_put_and_back_on_every_device(dtype: type) -> None:
    rng = np.random.default_rng(0)
    value = (rng.standard_normal((3, 5)) * 7).astype(dtype)
    for device in jax.devices(OURS):
        x = jax.device_put(value, device)
        assert x.devices() == {device}
        assert x.dtype == value.dtype and x.shape == value.shape
        back = np.asarray(x)
        assert back.dtype == value.dtype
        np.testing.assert_array_equal(back, value, err_msg=f"{device}")


@pytest.mark.parametrize("shape", [(), (0,), (0, 4), (1,), (2, 3, 4), (1000,)])
def test_device_put_shapes(shape: tuple[int, ...]) -> None:
    value = np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape)
    x = jax.device_put(value, jax.devices(OURS)[1])
    assert x.shape == shape
    np.testing.assert_array_equal(np.asarray(x), value)


def test_copies_between_our_devices_and_across_backends() -> None:
    value = np.arange(12, dtype=np.int32).reshape(3, 4)
    ours, theirs = jax.devices(OURS), jax.devices(XLA)
    a = jax.device_put(value, ours[0])
    b = jax.device_put(a, ours[3])
    c = jax.device_put(b, theirs[2])
    d = jax.device_put(c, ours[1])
    assert (b.devices(), c.devices(), d.devices()) == ({ours[3]}, {theirs[2]}, {ours[1]})
    for arr in (a, b, c, d):
        np.testing.assert_array_equal(np.asarray(arr), value)


def test_uncommitted_arrays_land_on_our_first_device() -> None:
    x = jax.device_put(np.ones(3, np.float32))
    assert x.devices() == {jax.devices(OURS)[0]}


def test_deleted_array_is_a_clean_error() -> None:
    x = jax.device_put(np.ones(3, np.float32), jax.devices(OURS)[0])
    x.delete()
    with pytest.raises(RuntimeError, match="deleted"):
        np.asarray(x)


# --------------------------------------------------------------------------- fresh processes

_PROBE = textwrap.dedent("""
    import json, jax
    {setup}
    out = {{"backends": {{}}}}
    for name in ("cpu", "jaxlib_cpu"):
        try:
            ds = jax.devices(name)
            out["backends"][name] = {{"count": len(ds), "platform": ds[0].platform,
                                      "ours": "jaxlib-cpu " in ds[0].client.platform_version}}
        except RuntimeError as e:
            out["backends"][name] = {{"error": str(e)}}
    d = jax.devices()[0]
    out["default"] = {{"platform": d.platform, "ours": "jaxlib-cpu " in d.client.platform_version}}
    out["loaded"] = "pjrt_plugin_jaxlib_cpu" in open("/proc/self/maps").read()
    print("PROBE " + json.dumps(out))
""")


def _probe(env: dict[str, str | None], setup: str = "") -> tuple[dict, str]:
    proc = run_python(_PROBE.format(setup=setup), env)
    assert proc.returncode == 0, f"probe failed (env {env}):\n{proc.stderr[-3000:]}"
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("PROBE ")), None)
    assert line, proc.stdout + proc.stderr
    return json.loads(line[len("PROBE "):]), proc.stderr


def test_jax_platforms_jaxlib_cpu_uses_only_our_plugin() -> None:
    out, stderr = _probe({"JAX_PLATFORMS": OURS})
    assert out["default"] == {"platform": "cpu", "ours": True}, out
    assert out["backends"][OURS] == {"count": 1, "platform": "cpu", "ours": True}, out
    assert "Unknown backend" in out["backends"][XLA]["error"], out
    assert "Traceback" not in stderr and "AttributeError" not in stderr, stderr


def test_unset_platforms_keeps_jax_cpu_default_and_registers_ours_cleanly() -> None:
    out, stderr = _probe({})
    assert out["default"] == {"platform": "cpu", "ours": False}, "JAX's own CPU must stay the default"
    assert out["backends"][OURS] == {"count": 1, "platform": "cpu", "ours": True}, out
    assert "configuration error" not in stderr and "AttributeError" not in stderr, stderr


def test_platforms_without_ours_does_not_even_load_it() -> None:
    out, stderr = _probe({"JAX_PLATFORMS": XLA})
    assert "Unknown backend" in out["backends"][OURS]["error"], out
    assert out["loaded"] is False, "our plugin library was opened although JAX_PLATFORMS excludes it"
    assert "configuration error" not in stderr, stderr


FLAG = "--xla_force_host_platform_device_count"


@pytest.mark.parametrize(("env", "setup", "expected"), [
    ({}, "", 1),
    ({"XLA_FLAGS": f"{FLAG}=3"}, "", 3),
    ({"XLA_FLAGS": f"--xla_cpu_enable_fast_math=false {FLAG}=2 {FLAG}=6"}, "", 6),
    ({"JAX_NUM_CPU_DEVICES": "2", "XLA_FLAGS": f"{FLAG}=3"}, "", 2),
    ({"XLA_FLAGS": f"{FLAG}=3"}, "jax.config.update('jax_num_cpu_devices', 5)", 5),
    ({"JAX_NUM_CPU_DEVICES": "-1", "XLA_FLAGS": f"{FLAG}=2"}, "", 2),
], ids=["neither", "xla-flag", "last-flag-wins", "env-option-wins", "config-wins", "option-unset"])
def test_device_count_follows_jax_cpu_rules(env: dict[str, str], setup: str, expected: int) -> None:
    out, _ = _probe({"JAX_PLATFORMS": f"{XLA},{OURS}", **env}, setup)
    counts = {name: b.get("count") for name, b in out["backends"].items()}
    assert counts == {XLA: expected, OURS: expected}, f"{env} {setup}: {out}"


def test_device_count_from_an_xla_flags_file(tmp_path: Path) -> None:
    flags = tmp_path / "xla_flags.txt"
    flags.write_text(f"--xla_cpu_enable_fast_math=false\n{FLAG}=3\n")
    out, _ = _probe({"JAX_PLATFORMS": f"{XLA},{OURS}", "XLA_FLAGS": str(flags)})
    assert {n: b.get("count") for n, b in out["backends"].items()} == {XLA: 3, OURS: 3}, out


@pytest.mark.parametrize(("env", "message"), [
    ({"JAX_NUM_CPU_DEVICES": "0"}, "jax_num_cpu_devices=0: a CPU client needs at least one device"),
    ({"XLA_FLAGS": f"{FLAG}=abc"}, f"{FLAG}='abc' is not an integer"),
    ({"JAX_NUM_CPU_DEVICES": "5000"}, "cpu_device_count must be between 1 and 1024, got 5000"),
])
def test_bad_device_count_is_a_clear_error(env: dict[str, str], message: str) -> None:
    code = textwrap.dedent("""
        import jax
        try:
            jax.devices()
        except RuntimeError as e:
            print("RAISED", e)
    """)
    proc = run_python(code, {"JAX_PLATFORMS": OURS, **env})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "RAISED Unable to initialize backend 'jaxlib_cpu'" in proc.stdout, proc.stdout + proc.stderr
    assert message in proc.stdout, proc.stdout


def test_a_plugin_registered_by_hand_is_not_registered_again() -> None:
    """A script that registers jaxlib_cpu itself before JAX's discovery (its own options): the
    entry point must leave it alone instead of failing with ALREADY_EXISTS."""
    code = textwrap.dedent("""
        import jaxlib_cpu
        from jax._src import xla_bridge
        xla_bridge.register_plugin("jaxlib_cpu", priority=500, library_path=jaxlib_cpu.library_path(),
                                   options={"cpu_device_count": 2})
        import jax
        print("DEVICES", len(jax.devices("jaxlib_cpu")), "jaxlib-cpu " in jax.devices()[0].client.platform_version)
    """)
    proc = run_python(code, {"JAX_PLATFORMS": f"{OURS},{XLA}"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "DEVICES 2 True" in proc.stdout, proc.stdout + proc.stderr
    assert "configuration error" not in proc.stderr and "ALREADY_EXISTS" not in proc.stderr, proc.stderr
