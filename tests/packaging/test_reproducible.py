"""Reproducible builds: the same commit, suffix and SOURCE_DATE_EPOCH give the same wheel bytes.

Each backend is built twice through the real build driver (ci/build_matrix.py, as the
nightly does) into two wheelhouses, from scratch both times (a fresh scikit-build-core build
directory at the same path, no compiler cache), and the wheels must be byte-identical. The
version stamp must agree everywhere: filename, METADATA, and the build attribute compiled
into the backend (`_ext.build_info()`), or `_version.py` for the pure TPU wheel.
Slow (full compiles); a backend whose sources do not build yet is skipped with the reason.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import nightly
import pytest

REPO = Path(__file__).resolve().parents[2]
SUFFIX = ".dev20260101"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("scikit_build_core") is None or shutil.which("cmake") is None
                       and importlib.util.find_spec("cmake") is None,
                       reason="needs the build tools (nox -s nightly_tests installs them; or scikit-build-core, cmake)"),
]


def _build(stamp: nightly.Stamp, backend: str, wheelhouse: Path, build_dir: Path,
           monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    shutil.rmtree(build_dir, ignore_errors=True)  # from scratch, at the same path both times
    monkeypatch.setenv("SKBUILD_BUILD_DIR", str(build_dir))
    monkeypatch.setenv("CCACHE_DISABLE", "1")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(stamp.source_date_epoch))
    wheels, _ = nightly.build(stamp, wheelhouse, ["--backends", backend, "--pythons", "none", "--no-cache"])
    return wheels


def _diff(a: Path, b: Path) -> str:
    with zipfile.ZipFile(a) as za, zipfile.ZipFile(b) as zb:
        ia = {i.filename: (i.CRC, i.date_time, i.external_attr) for i in za.infolist()}
        ib = {i.filename: (i.CRC, i.date_time, i.external_attr) for i in zb.infolist()}
    if list(ia) != list(ib):
        return f"member lists differ: {list(ia)} vs {list(ib)}"
    return ", ".join(f"{n}: {ia[n]} vs {ib[n]}" for n in ia if ia[n] != ib[n]) or "zip headers/order differ"


@pytest.mark.parametrize("backend", ["tpu", "cpu"])
def test_rebuild_is_byte_identical(backend: str, tmp_path: Path, matrix, monkeypatch: pytest.MonkeyPatch) -> None:
    b = matrix.backends[backend]
    if not (REPO / b.project_dir / "pyproject.toml").exists():
        pytest.skip(f"{b.project_dir} does not exist yet")
    stamp = nightly.compute_stamp({"JAXLIB_VERSION_SUFFIX": SUFFIX})
    build_dir = tmp_path / "skbuild"
    try:
        first = _build(stamp, backend, tmp_path / "a", build_dir, monkeypatch)
    except nightly.NightlyError as exc:
        # Only the compile step may be "not written yet"; a failing repair or check is a bug.
        if " -m pip wheel " not in str(exc):
            raise
        pytest.skip(f"{b.distribution} does not build yet: {str(exc)[-600:]}")
    second = _build(stamp, backend, tmp_path / "b", build_dir, monkeypatch)

    assert [w.name for w in first] == [w.name for w in second] and len(first) == 1, (first, second)
    a, c = first[0], second[0]
    assert a.read_bytes() == c.read_bytes(), f"{a.name} differs between two builds: {_diff(a, c)}"

    # One version everywhere: filename, METADATA, and what the build compiled in.
    assert f"-{stamp.version}-" in a.name
    assert nightly.metadata_field(nightly.wheel_metadata_bytes(a), "Version") == stamp.version
    if b.plugin:
        info = nightly.read_build_info(a)
        assert info is not None, f"{a.name} has no _ext"
        assert info["version"] == stamp.version, f"_ext.build_info() says {info['version']}, wheel {stamp.version}"
        # The plugin library itself carries the same version string (its build attribute).
        with zipfile.ZipFile(a) as zf:
            assert stamp.version.encode() in zf.read(b.plugin), f"{b.plugin} does not carry {stamp.version}"
    else:
        with zipfile.ZipFile(a) as zf:
            versions = [n for n in zf.namelist() if n.endswith("/_version.py")]
            assert versions and stamp.version in zf.read(versions[0]).decode(), versions
    # And the wheel's zip timestamps are the stamp's epoch, not the build time.
    with zipfile.ZipFile(a) as zf:
        import datetime as dt

        when = dt.datetime.fromtimestamp(max(stamp.source_date_epoch, 315532800), dt.timezone.utc)
        stamps = {i.date_time for i in zf.infolist()}
        assert stamps == {when.timetuple()[:6]}, f"zip timestamps {stamps}, expected {when}"


def test_build_driver_is_importable() -> None:
    """A cheap guard that the driver this test relies on still has the options it passes."""
    out = subprocess.run([sys.executable, str(REPO / "ci" / "build_matrix.py"), "--help"],
                         capture_output=True, text=True, timeout=60).stdout
    for opt in ("--backends", "--pythons", "--no-cache", "--version-suffix", "--wheelhouse", "--report"):
        assert opt in out, f"ci/build_matrix.py lost {opt}"
