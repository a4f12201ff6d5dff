"""Accuracy of the CPU executor's vectorised f32 math (exp, expm1, log, log1p, logistic, tanh,
erf, erf_inv, lgamma) against glibc, for every ISA variant the machine runs (AVX-512, AVX2,
baseline x86-64; on AArch64 the one NEON build), and bit-identical results across the variants. Builds
tests/unit/compiler's vector_math_test (incrementally, next to the compiler driver); skipped
without a C++ toolchain.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def vector_math_test(native_target) -> Path:
    """Path of the compiled accuracy checker."""
    return native_target("vector_math_test")


def test_vector_math_within_ulp_bounds_on_every_isa(vector_math_test: Path) -> None:
    r = subprocess.run([str(vector_math_test)], capture_output=True, text=True, timeout=600)
    lines = r.stdout.splitlines()
    assert r.returncode == 0, "expected every function within its ulp bound on every ISA:\n" + r.stdout + r.stderr
    names = {line.split()[0] for line in lines}
    assert {"exp", "expm1", "log", "log1p", "logistic", "tanh", "erf", "erf_inv", "lgamma"} <= names, r.stdout
