"""Accuracy of the CPU executor's vectorised f32 math (exp, expm1, log, log1p, logistic, tanh,
erf) against glibc, for every ISA variant the machine runs (AVX-512, AVX2, baseline x86-64),
and bit-identical results across the variants. Builds tests/unit/compiler's vector_math_test
(incrementally, next to the compiler driver); skipped without a C++ toolchain or off x86-64.
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
BUILD = Path(os.environ.get("JAXLIB_COMPILER_TEST_BUILD_DIR", REPO / "build" / "unit_compiler"))


@pytest.fixture(scope="module")
def vector_math_test() -> Path:
    """Path of the compiled accuracy checker."""
    if platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("the vector kernels dispatch on x86-64 ISAs")
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
    r = subprocess.run(["cmake", "--build", ".", "--target", "vector_math_test", "-j", "2"], cwd=BUILD, env=env,
                       capture_output=True, text=True)
    assert r.returncode == 0, "vector_math_test build failed:\n" + r.stdout[-4000:] + r.stderr[-4000:]
    return BUILD / "vector_math_test"


def test_vector_math_within_ulp_bounds_on_every_isa(vector_math_test: Path) -> None:
    r = subprocess.run([str(vector_math_test)], capture_output=True, text=True, timeout=600)
    lines = r.stdout.splitlines()
    assert r.returncode == 0, "expected every function within its ulp bound on every ISA:\n" + r.stdout + r.stderr
    names = {line.split()[0] for line in lines}
    assert {"exp", "expm1", "log", "log1p", "logistic", "tanh", "erf"} <= names, r.stdout
