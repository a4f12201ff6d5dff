"""Builds targets of tests/unit/compiler's native test project, once per session, incrementally.

Shared by the compiler-driver and vector-math tests, which build into the same tree.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
BUILD = Path(os.environ.get("JAXLIB_COMPILER_TEST_BUILD_DIR", REPO / "build" / "unit_compiler"))
# A command that runs the built executables when they are for another machine, e.g.
# "qemu-aarch64 -L /usr/aarch64-linux-gnu" for the cross build of ci/cross_aarch64.py (which
# configures BUILD with the cross toolchain first; the builds here are then incremental).
EMULATOR = os.environ.get("JAXLIB_COMPILER_TEST_EMULATOR", "")


def emulated(executable: Path, emulator: str) -> Path:
    """A script beside `executable` that runs it under `emulator`: the tests call it like the binary."""
    wrapper = executable.parent / "emulated" / executable.name
    wrapper.parent.mkdir(exist_ok=True)
    wrapper.write_text(f'#!/bin/sh\nexec {emulator} {shlex.quote(str(executable))} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


@pytest.fixture(scope="session")
def native_target() -> Callable[[str], Path]:
    """Returns build(target) -> path of the built executable; skips without a C++ toolchain."""

    def build(target: str) -> Path:
        if not (shutil.which("cmake") and (shutil.which("c++") or shutil.which("g++"))):
            pytest.skip("no C++ toolchain")
        BUILD.mkdir(parents=True, exist_ok=True)
        env = dict(os.environ)
        if shutil.which("ccache"):
            env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        if not (BUILD / "CMakeCache.txt").exists():
            subprocess.run(["cmake", *gen, "-DCMAKE_BUILD_TYPE=RelWithDebInfo", str(HERE)], cwd=BUILD, env=env,
                           check=True, capture_output=True)
        r = subprocess.run(["cmake", "--build", ".", "--target", target, "-j", "2"], cwd=BUILD, env=env,
                           capture_output=True, text=True)
        assert r.returncode == 0, f"{target} build failed:\n" + r.stdout[-4000:] + r.stderr[-4000:]
        return emulated(BUILD / target, EMULATOR) if EMULATOR else BUILD / target

    return build
