"""Reads wheels/matrix.toml: the single source of Pythons, backends, platforms and budgets.

Used by noxfile.py, the checks in ci/ and the GitHub workflows (`python ci/matrix.py --json`).
It only reads and derives; it never lists a Python version of its own.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

REPO = Path(__file__).resolve().parents[1]
MATRIX_FILE = REPO / "wheels" / "matrix.toml"


@dataclass(frozen=True)
class Backend:
    """One backend distribution, built once per platform."""

    name: str
    distribution: str
    project_dir: str
    tag: str
    size_budget_mib: float
    plugin: str | None = None
    cuda_major: int | None = None


@dataclass(frozen=True)
class Matrix:
    """The parsed matrix file."""

    pythons: tuple[str, ...]
    bindings_distribution: str
    bindings_budget_mib: float
    backends: dict[str, Backend]
    platforms: dict[str, dict[str, Any]]
    repair_exclude: tuple[str, ...]
    raw: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def distributions(self) -> list[str]:
        """Every distribution of the family, bindings first."""
        return [self.bindings_distribution] + [b.distribution for b in self.backends.values()]

    def budget_mib(self, distribution: str) -> float:
        """Size budget of one distribution's wheel, in MiB."""
        if distribution == self.bindings_distribution:
            return self.bindings_budget_mib
        for b in self.backends.values():
            if b.distribution == distribution:
                return b.size_budget_mib
        raise KeyError(f"{distribution!r} is not in {MATRIX_FILE.name}")

    def backends_for(self, platform_key: str) -> list[Backend]:
        """Backends built on one platform, in matrix order."""
        names = self.platforms[platform_key].get("backends", [])
        return [self.backends[n] for n in names]

    def build_counts(self, platform_key: str, n_pythons: int | None = None) -> tuple[int, int]:
        """(split builds, monolithic builds) for one platform: N + M against N x M."""
        n = len(self.pythons) if n_pythons is None else n_pythons
        m = len(self.backends_for(platform_key))
        return n + m, n * m


def load(path: Path = MATRIX_FILE) -> Matrix:
    """Parses and validates the matrix file; raises ValueError with the offending key."""
    with path.open("rb") as f:
        raw = tomllib.load(f)
    bindings = raw["bindings"]
    pythons = tuple(bindings["pythons"])
    if len(set(pythons)) != len(pythons) or not pythons:
        raise ValueError("bindings.pythons must be a non-empty list without duplicates")
    for v in pythons:
        parts = v.split(".")
        if len(parts) != 2 or parts[0] != "3" or not parts[1].isdigit():
            raise ValueError(f"bindings.pythons: {v!r} is not a CPython 3.X version")
    backends = {}
    for name, b in raw["backends"].items():
        backends[name] = Backend(
            name=name,
            distribution=b["distribution"],
            project_dir=b["project_dir"],
            tag=b["tag"],
            size_budget_mib=float(b["size_budget_mib"]),
            plugin=b.get("plugin"),
            cuda_major=b.get("cuda_major"),
        )
    for key, plat in raw["platforms"].items():
        for b in plat.get("backends", []):
            if b not in backends:
                raise ValueError(f"platforms.{key}.backends names unknown backend {b!r}")
        for b in plat.get("cross_backends", []):
            if b not in plat.get("backends", []):
                raise ValueError(f"platforms.{key}.cross_backends names {b!r}, not built on {key}")
        if "cross_toolchain" in plat and not (REPO / plat["cross_toolchain"]).is_file():
            raise ValueError(f"platforms.{key}.cross_toolchain {plat['cross_toolchain']!r} does not exist")
    return Matrix(
        pythons=pythons,
        bindings_distribution=bindings["distribution"],
        bindings_budget_mib=float(bindings["size_budget_mib"]),
        backends=backends,
        platforms=raw["platforms"],
        repair_exclude=tuple(raw.get("repair", {}).get("exclude", [])),
        raw=raw,
    )


def host_platform_key() -> str:
    """The matrix key of the machine we run on, e.g. 'linux-x86_64'."""
    system = {"Linux": "linux", "Darwin": "macos"}.get(platform.system(), platform.system().lower())
    machine = platform.machine().lower()
    machine = {"amd64": "x86_64", "arm64": "arm64" if system == "macos" else "aarch64"}.get(
        machine, machine
    )
    return f"{system}-{machine}"


def find_interpreter(version: str) -> str | None:
    """Absolute path of a CPython `version` on this machine (PATH, then pyenv), or None."""
    candidates: list[str] = []
    pyenv = shutil.which("pyenv")
    if pyenv:
        try:
            out = subprocess.run(
                [pyenv, "prefix", version], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.TimeoutExpired):
            out = None
        if out is not None and out.returncode == 0:
            for prefix in out.stdout.strip().split(os.pathsep):
                candidates.append(str(Path(prefix.strip()) / "bin" / f"python{version}"))
    exe = shutil.which(f"python{version}")
    if exe:
        candidates.append(exe)
    probe_code = (
        "import sys, platform; "
        "ft = hasattr(sys, '_is_gil_enabled') and not sys._is_gil_enabled(); "
        "print('%d.%d' % sys.version_info[:2], platform.python_implementation(), ft, sys.executable)"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYENV_VERSION"}
    for cand in candidates:
        if not Path(cand).exists():
            continue
        # pyenv shims answer for every version: ask the interpreter who it really is.
        try:
            probe = subprocess.run([cand, "-c", probe_code], capture_output=True, text=True,
                                   env=env, timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            continue
        fields = probe.stdout.split()
        if probe.returncode == 0 and fields[:3] == [version, "CPython", "False"]:
            return fields[3]
    return None


def github_matrix(m: Matrix) -> dict[str, Any]:
    """The JSON the nightly workflow feeds to `strategy.matrix` via fromJSON."""
    cibw_build = " ".join(f"cp{v.replace('.', '')}-*" for v in m.pythons)
    bindings = []
    backends = []
    for key, plat in m.platforms.items():
        bindings.append({"platform": key, "runner": plat["runner"], "arch": plat["cibw_arch"],
                         "cibw_build": cibw_build, "manylinux": plat.get("manylinux", "")})
        for b in m.backends_for(key):
            backends.append({"platform": key, "runner": plat["runner"], "arch": plat["cibw_arch"],
                             "backend": b.name, "distribution": b.distribution,
                             "project_dir": b.project_dir, "manylinux": plat.get("manylinux", ""),
                             "cuda_major": b.cuda_major or 0})
    return {"pythons": list(m.pythons), "cibw_build": cibw_build,
            "bindings": bindings, "backends": backends}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true", help="print the GitHub matrix as JSON")
    parser.add_argument("--pythons", action="store_true", help="print the Python versions, one per line")
    parser.add_argument("--cibw-build", action="store_true", help="print the CIBW_BUILD selector")
    args = parser.parse_args(argv)
    m = load()
    if args.pythons:
        print("\n".join(m.pythons))
    elif args.cibw_build:
        print(github_matrix(m)["cibw_build"])
    else:
        print(json.dumps(github_matrix(m), indent=None if args.json else 2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
