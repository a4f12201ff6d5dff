"""The bytecode reader under systematic corruption: every truncation, byte replacements at
every offset, inserted huge varints, random bursts and every container version byte of real
StableHLO portable artifacts go through the whole compile path in-process
(bytecode_mutation_test.cc). A crash fails the test; every mutant must end in a Status.
`nox -s fuzz` explores further (libFuzzer with the same seeds)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
VERSIONS = REPO / "tests" / "corpus" / "bytecode_versions"

# One artifact per bytecode container version the reader distinguishes, plus a region-heavy
# program: enough to reach every reader path without making CI slow.
SEEDS = [
    VERSIONS / "0.9.0" / "case_switch.mlirbc",        # container version 0
    VERSIONS / "0.14.0" / "scatter_int.mlirbc",       # version 4 (before native properties)
    VERSIONS / "1.17.0" / "sort_multi_operand.mlirbc",  # version 6, properties, regions
    VERSIONS / "1.17.0" / "ew_float_arith_f32.mlirbc",
]


@pytest.fixture(scope="session")
def mutation_test(native_target) -> Path:
    return native_target("bytecode_mutation_test")


def test_seeds_cover_container_versions():
    versions = {seed.read_bytes()[4] >> 1 for seed in SEEDS}
    assert {0, 4, 6} <= versions, versions


def test_every_mutant_is_answered_with_a_status(mutation_test):
    r = subprocess.run([str(mutation_test), *map(str, SEEDS)], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, f"exit {r.returncode} (a negative code is a crash)\n{r.stdout[-2000:]}{r.stderr[-4000:]}"
    m = re.search(r"(\d+) files, (\d+) mutants: (\d+) compiled, (\d+) rejected", r.stdout)
    assert m, r.stdout
    files, mutants, compiled, rejected = map(int, m.groups())
    assert files == len(SEEDS)
    assert mutants > 20000 and rejected > mutants // 2, r.stdout
