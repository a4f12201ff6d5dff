"""The shared version provider: VERSION + suffix, exact pins, refusal of bad suffixes."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _provider():
    spec = importlib.util.spec_from_file_location("jaxlib_versioning", REPO / "wheels/_meta/jaxlib_versioning.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_base_version_matches_file() -> None:
    assert _provider().base_version() == (REPO / "VERSION").read_text().strip()


@pytest.mark.parametrize("suffix", ["", ".dev20261121", "rc1"])
def test_suffixes_accepted(suffix: str) -> None:
    v = _provider()
    assert v.full_version({"JAXLIB_VERSION_SUFFIX": suffix}) == v.base_version() + suffix


@pytest.mark.parametrize("suffix", ["+cuda12", ".dev", "-dev1", "dev20261121", ".post1"])
def test_bad_suffixes_refused(suffix: str) -> None:
    with pytest.raises(ValueError, match="JAXLIB_VERSION_SUFFIX"):
        _provider().full_version({"JAXLIB_VERSION_SUFFIX": suffix})


def test_pins_are_exact_both_ways(monkeypatch: pytest.MonkeyPatch) -> None:
    v = _provider()
    monkeypatch.setenv("JAXLIB_VERSION_SUFFIX", ".dev1")
    full = v.base_version() + ".dev1"
    out = v.dynamic_metadata({"pinned": ["jaxlib"], "requires": ["libtpu"]}, {})
    assert out == {"version": full, "dependencies": [f"jaxlib=={full}", "libtpu"]}
    out = v.dynamic_metadata({"pinned": ["jaxlib-cpu"], "pinned_extras": {"cuda12": ["jaxlib-cuda12"]}}, {})
    assert out["optional-dependencies"] == {"cuda12": [f"jaxlib-cuda12=={full}"]}


def test_unknown_setting_is_an_error() -> None:
    with pytest.raises(KeyError):
        _provider().dynamic_metadata({"pined": ["jaxlib"]}, {})
