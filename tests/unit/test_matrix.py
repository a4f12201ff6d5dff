"""The build matrix is the single source of Pythons/backends/platforms, and is consistent."""

from __future__ import annotations

import re
from pathlib import Path

import matrix as matrix_mod


def test_matrix_lists_required_pythons_and_backends(matrix) -> None:
    assert {"3.10", "3.11", "3.12", "3.13", "3.14"} <= set(matrix.pythons)
    assert {"cpu", "cuda12", "cuda13", "rocm", "tpu"} == set(matrix.backends)
    assert matrix.backends["tpu"].tag == "py3-none-any"
    for name in ("cpu", "cuda12", "cuda13", "rocm"):
        assert matrix.backends[name].tag == "cp310-abi3", name
        assert matrix.backends[name].plugin, f"{name} must name its plugin file"


def test_every_backend_has_a_project(matrix, repo: Path) -> None:
    for b in matrix.backends.values():
        assert (repo / b.project_dir / "pyproject.toml").is_file(), b.project_dir


def test_split_builds_beat_monolithic(matrix) -> None:
    split, mono = matrix.build_counts("linux-x86_64")
    n, m = len(matrix.pythons), len(matrix.backends_for("linux-x86_64"))
    assert (split, mono) == (n + m, n * m)
    assert split < mono


def test_github_matrix_derives_from_file(matrix) -> None:
    gh = matrix_mod.github_matrix(matrix)
    assert gh["pythons"] == list(matrix.pythons)
    assert gh["cibw_build"].split() == [f"cp{v.replace('.', '')}-*" for v in matrix.pythons]
    assert {row["backend"] for row in gh["backends"]} == set(matrix.backends)


def test_bad_matrix_is_rejected(tmp_path: Path, repo: Path) -> None:
    text = (repo / "wheels" / "matrix.toml").read_text()
    bad = tmp_path / "m.toml"
    bad.write_text(text.replace('pythons = ["3.10"', 'pythons = ["3.10", "3.10"'))
    try:
        matrix_mod.load(bad)
    except ValueError as e:
        assert "duplicates" in str(e)
    else:
        raise AssertionError("a duplicated Python version must be rejected")


def test_no_python_list_outside_the_matrix(matrix, repo: Path) -> None:
    """A second list of Python versions anywhere would drift from matrix.toml."""
    versions = [v for v in matrix.pythons]
    pattern = re.compile(r"""["'](?:cp)?3\.?1[0-9](?:-\*)?["']""")
    offenders = []
    for path in repo.rglob("*"):
        rel = path.relative_to(repo)
        if not path.is_file() or rel.parts[0] in {"build", "wheelhouse", ".git", ".nox", "tests"}:
            continue
        if path.suffix not in {".py", ".toml", ".yml", ".yaml", ".cfg", ".sh"} and rel.parts[0] != ".ci":
            continue
        if rel == Path("wheels/matrix.toml"):
            continue
        hits = set(pattern.findall(path.read_text(errors="replace")))
        if len(hits) >= 2:
            offenders.append(f"{rel}: {sorted(hits)}")
    assert not offenders, f"Python versions listed outside wheels/matrix.toml ({versions}): {offenders}"


def test_cross_built_platforms_name_a_toolchain_and_their_own_backends(matrix, repo: Path) -> None:
    crossed = {k: p for k, p in matrix.platforms.items() if "cross_toolchain" in p}
    assert "linux-aarch64" in crossed, "linux-aarch64 is cross-built here (ci/build_matrix.py --platform)"
    for key, plat in crossed.items():
        assert (repo / plat["cross_toolchain"]).is_file(), f"{key}: toolchain file missing"
        assert set(plat["cross_backends"]) <= set(plat["backends"]), f"{key}: cross backends not in its matrix row"


def test_full_tests_run_queues_the_aarch64_cross_section(repo: Path) -> None:
    noxfile = (repo / "noxfile.py").read_text()
    assert 'session.notify("aarch64", posargs=["--subset"])' in noxfile, "CI runs the aarch64 subset"
    assert "g++-aarch64-linux-gnu" in (repo / ".ci" / "run").read_text(), ".ci/run installs the cross compiler"
