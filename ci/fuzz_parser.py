"""Fuzz the StableHLO compiler for a bounded time; keep every crashing input.

Two engines, same seeds (every corpus program as text and as MLIR bytecode, the bytecode of
every StableHLO version we read, plus tests/fuzz/regressions/*), so both front ends are fuzzed:

* ``libfuzzer`` (default when clang++ is on PATH): builds tests/fuzz/fuzz_compile.cc with
  clang, libFuzzer, ASan and UBSan in build/fuzz and runs it; coverage-guided over the C++
  compiler itself. Needs nothing installed in Python.
* ``atheris``: PyPI's atheris driving ``xla_client.Client.compile_and_load`` in-process on the
  installed jaxlib + jaxlib-cpu (the plugin is not instrumented, so this is mutation fuzzing
  through the real PJRT path).

Crashing inputs land in tests/fuzz/regressions/ (``--artifacts`` to change), where
tests/fuzz/test_fuzz_regressions.py replays them. Exit status: 0 when no crash was found.

    python ci/fuzz_parser.py --seconds 600
    python ci/fuzz_parser.py --engine atheris --seconds 60
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# Both front ends: every corpus program as MLIR text and as the portable artifact (bytecode)
# real JAX sends, plus the artifacts of every StableHLO version we read.
SEEDS = sorted((REPO / "tests" / "corpus" / "data").glob("*/program.mlir*")) + sorted(
    (REPO / "tests" / "corpus" / "bytecode_versions").glob("*/*.mlirbc"))
REGRESSIONS = REPO / "tests" / "fuzz" / "regressions"
BUILD = REPO / "build" / "fuzz"
# Inputs past this size only slow the fuzzer down; the real programs are far smaller.
MAX_LEN = 65536


def _seed_dir(tmp: Path) -> Path:
    seeds = tmp / "seeds"
    seeds.mkdir()
    for p in SEEDS:
        shutil.copy(p, seeds / f"{p.parent.name}-{p.name}")
    if REGRESSIONS.is_dir():
        for p in sorted(REGRESSIONS.iterdir()):
            if p.is_file():
                shutil.copy(p, seeds / f"regression-{p.name}")
    return seeds


def _collect(artifacts: Path, dest: Path) -> list[Path]:
    """Moves libFuzzer's crash/oom/timeout files into `dest`; returns the new files."""
    found = []
    dest.mkdir(parents=True, exist_ok=True)
    for p in sorted(artifacts.iterdir()) if artifacts.is_dir() else []:
        if p.name.startswith(("crash-", "oom-", "timeout-", "leak-")):
            target = dest / p.name
            shutil.move(str(p), target)
            found.append(target)
    return found


def build_libfuzzer() -> Path:
    """Configures (once) and builds the fuzz target incrementally; returns its path."""
    BUILD.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, CC="clang", CXX="clang++")
    if shutil.which("ccache"):
        env.setdefault("CMAKE_CXX_COMPILER_LAUNCHER", "ccache")
    if not (BUILD / "CMakeCache.txt").exists():
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.run(["cmake", *gen, "-DCMAKE_BUILD_TYPE=RelWithDebInfo", str(REPO / "tests" / "fuzz")],
                       cwd=BUILD, env=env, check=True)
    subprocess.run(["cmake", "--build", ".", "--target", "fuzz_compile", "-j", "2"], cwd=BUILD, env=env, check=True)
    return BUILD / "fuzz_compile"


def run_libfuzzer(seconds: int, artifacts_dest: Path, jobs: int) -> int:
    binary = build_libfuzzer()
    corpus = BUILD / "corpus"  # grows across runs: later runs start where earlier ones stopped
    corpus.mkdir(exist_ok=True)
    artifacts = BUILD / "artifacts"
    artifacts.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        seeds = _seed_dir(Path(tmp))
        cmd = [str(binary), f"-max_total_time={seconds}", f"-max_len={MAX_LEN}", "-rss_limit_mb=3072",
               "-timeout=30", "-print_final_stats=1", f"-artifact_prefix={artifacts}/", str(corpus), str(seeds)]
        if jobs > 1:
            # Several workers; each keeps fuzzing after a crash so the time bound holds.
            cmd[1:1] = [f"-jobs={jobs}", f"-workers={jobs}", "-fork=0", "-ignore_crashes=1"]
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1",
                   UBSAN_OPTIONS="print_stacktrace=1")
        print("+", " ".join(cmd), flush=True)
        proc = subprocess.run(cmd, env=env, check=False)
    found = _collect(artifacts, artifacts_dest)
    for p in found:
        print(f"CRASH kept as {p.relative_to(REPO) if p.is_relative_to(REPO) else p}")
    return 1 if found or proc.returncode not in (0,) else 0


def run_atheris(seconds: int, artifacts_dest: Path) -> int:
    import atheris  # noqa: PLC0415 - optional dependency of this engine only
    from jaxlib import xla_client  # noqa: PLC0415

    client = xla_client.make_cpu_client(num_devices=4)
    device = client.devices()[:1]

    def one_input(data: bytes) -> None:
        try:
            client.compile_and_load(data.decode("utf-8", errors="replace"), device)
        except xla_client.XlaRuntimeError:
            pass

    artifacts_dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        seeds = _seed_dir(Path(tmp))
        corpus = Path(tmp) / "corpus"
        corpus.mkdir()
        atheris.Setup([sys.argv[0], f"-max_total_time={seconds}", f"-max_len={MAX_LEN}", "-rss_limit_mb=3072",
                       f"-artifact_prefix={artifacts_dest}/", str(corpus), str(seeds)], one_input)
        atheris.Fuzz()  # exits the process on a crash (non-zero) and at the time limit (0)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=int, default=600, help="total fuzzing time (default 600)")
    ap.add_argument("--engine", choices=["auto", "libfuzzer", "atheris"], default="auto")
    ap.add_argument("--jobs", type=int, default=1, help="libFuzzer workers (default 1)")
    ap.add_argument("--artifacts", type=Path, default=REGRESSIONS, help="where crashing inputs are kept")
    a = ap.parse_args(argv)
    engine = a.engine
    if engine == "auto":
        engine = "libfuzzer" if shutil.which("clang++") else "atheris"
    print(f"fuzzing the StableHLO compiler with {engine} for {a.seconds}s, {len(SEEDS)} seed programs", flush=True)
    if engine == "libfuzzer":
        return run_libfuzzer(a.seconds, a.artifacts, a.jobs)
    return run_atheris(a.seconds, a.artifacts)


if __name__ == "__main__":
    sys.exit(main())
