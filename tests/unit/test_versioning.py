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


def test_pyprojects_pin_the_anchor_and_no_backend_pins_the_host(matrix) -> None:
    """The pin design (README "Version pins"), read from the sources before any build:
    jaxlib pins jaxlib-cpu; every other backend pins jaxlib-cpu; jaxlib-cpu pins nothing of
    ours; no backend requires jaxlib, so each installs beside Google's jaxlib too."""
    tomllib = pytest.importorskip("tomllib")
    anchor = matrix.backends["cpu"].distribution
    projects = {matrix.bindings_distribution: REPO / "wheels" / "jaxlib"}
    projects.update({b.distribution: REPO / b.project_dir for b in matrix.backends.values()})
    for dist, project in projects.items():
        doc = tomllib.loads((project / "pyproject.toml").read_text())
        (settings,) = doc["tool"]["dynamic-metadata"]
        pinned = settings.get("pinned", [])
        requires = [r.split(";")[0].split("[")[0].split("=")[0].split(">")[0].strip()
                    for r in settings.get("requires", [])]
        expected = [] if dist == anchor else [anchor]
        assert pinned == expected, f"{dist}: pinned {pinned}, expected {expected}"
        if dist != matrix.bindings_distribution:
            assert matrix.bindings_distribution not in requires, f"{dist} requires {matrix.bindings_distribution}"
