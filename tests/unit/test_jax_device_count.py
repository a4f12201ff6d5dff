"""jaxlib_cpu.jax_device_count: the CPU device count real JAX asks for, by JAX's own rules
(``jax_num_cpu_devices`` >= 0 wins, else the last ``--xla_force_host_platform_device_count``
in ``XLA_FLAGS`` (inline, or in the file it names), else 1), and clear errors for bad values.
The same rules are checked against real JAX's own CPU backend in tests/jax/.
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCE = REPO / "backends" / "cpu" / "python" / "jaxlib_cpu" / "jax_device_count.py"
FLAG = "--xla_force_host_platform_device_count"


@pytest.fixture(scope="module")
def dc() -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("jax_device_count_under_test", SOURCE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(("num", "flags", "expected"), [
    (None, None, 1),
    (-1, None, 1),
    (-1, "", 1),
    (-1, f"{FLAG}=3", 3),
    (2, f"{FLAG}=3", 2),  # jax_num_cpu_devices wins over the flag
    (5, None, 5),
    (-1, f"{FLAG}=3 {FLAG}=6", 6),  # the last occurrence wins, as in XLA
    (-1, f"  --xla_cpu_enable_fast_math=false {FLAG}=4 ", 4),
    (-1, f'{FLAG}="7"', 7),
    (-1, f"{FLAG}=+3", 3),
    (-1, f"{FLAG}_other=9", 1),  # another flag that merely starts with the same name
    (-1, "--xla_dump_to=/tmp/x", 1),
])
def test_jax_rules(dc: types.ModuleType, num: int | None, flags: str | None, expected: int) -> None:
    assert dc.cpu_device_count(num, flags) == expected


def test_flags_from_a_file(dc: types.ModuleType, tmp_path: Path) -> None:
    f = tmp_path / "flags.txt"
    f.write_text(f"--xla_cpu_enable_fast_math=false\n{FLAG}=5\n")
    assert dc.cpu_device_count(-1, str(f)) == 5


def test_unreadable_flags_file_is_a_value_error(dc: types.ModuleType, tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="names a file of flags"):
        dc.cpu_device_count(-1, str(tmp_path / "missing.txt"))


@pytest.mark.parametrize(("flags", "message"), [
    (f"{FLAG}=abc", "is not an integer"),
    (f"{FLAG}=", "is not an integer"),
    (f"{FLAG}", "needs a value"),
    (f"{FLAG}=0", "at least one device"),
    (f"{FLAG}=-3", "at least one device"),
    (f"{FLAG}='3", "cannot be split"),
])
def test_bad_flag_values_are_value_errors(dc: types.ModuleType, flags: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dc.cpu_device_count(-1, flags)


def test_zero_devices_configured_is_a_value_error(dc: types.ModuleType) -> None:
    with pytest.raises(ValueError, match="jax_num_cpu_devices=0"):
        dc.cpu_device_count(0, f"{FLAG}=3")


def test_reads_jax_config_and_environment(dc: types.ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    jax = types.ModuleType("jax")
    jax.config = types.SimpleNamespace(jax_num_cpu_devices=-1)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "jax", jax)
    assert dc.jax_cpu_device_count({"XLA_FLAGS": f"{FLAG}=4"}) == 4
    assert dc.jax_cpu_device_count({}) == 1
    jax.config.jax_num_cpu_devices = 2  # type: ignore[attr-defined]
    assert dc.jax_cpu_device_count({"XLA_FLAGS": f"{FLAG}=4"}) == 2
