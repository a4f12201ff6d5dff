"""Runs corpus programs through the standalone compiler driver (no plugin, no Python host) and
reports which pass: the compiler/executor developer's fast loop.

    python tests/unit/compiler/run_corpus_with_driver.py --driver BUILD/compiler_driver [names...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "corpus"))

import corpus  # noqa: E402


def run_case(driver: str, case: corpus.Case, workdir: str, bytecode: bool = False) -> tuple[str, str]:
    """Returns (status, detail): status is pass / fail / compile / execute / skip. With
    `bytecode`, the program is the case's portable artifact (program.mlirbc) instead of text."""
    if case.num_devices > 1:
        return "skip", "multi-device"
    if bytecode:
        blob = case.program_bytecode()
        if blob is None:
            return "skip", "no program.mlirbc"
        prog = os.path.join(workdir, "program.mlirbc")
        with open(prog, "wb") as f:
            f.write(blob)
    else:
        prog = os.path.join(workdir, "program.mlir")
        with open(prog, "w") as f:
            f.write(case.program_text())
    args = [driver, "--out", workdir, prog]
    for i, a in enumerate(case.inputs()):
        path = os.path.join(workdir, f"in{i}.npy")
        arr = np.ascontiguousarray(a)
        if arr.dtype.name == "bfloat16":
            arr = arr.view(np.uint16)
        np.save(path, arr)
        args.append(path)
    p = subprocess.run(args, capture_output=True, text=True, timeout=300)
    if p.returncode == 2:
        return "compile", p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "?"
    if p.returncode != 0:
        return "execute", (p.stderr.strip().splitlines() or [f"crash {p.returncode}"])[-1]
    want = case.outputs()
    got = []
    for j, w in enumerate(want):
        g = np.load(os.path.join(workdir, f"out{j}.npy"))
        if g.dtype != w.dtype and g.dtype.itemsize == w.dtype.itemsize:
            g = g.view(w.dtype)
        got.append(g.reshape(w.shape))
    problems = corpus.mismatches(case, got)
    if problems:
        return "fail", "; ".join(problems)[:600]
    return "pass", ""


def _lapack_library() -> str | None:
    """scipy-openblas32's shared library, as jaxlib_cpu passes it to the plugin."""
    try:
        import scipy_openblas32
    except ImportError:
        return None
    d = scipy_openblas32.get_lib_dir()
    names = sorted(n for n in os.listdir(d) if n.startswith("libscipy_openblas") and ".so" in n)
    return os.path.join(d, names[0]) if names else None


def main() -> int:
    if not os.environ.get("JAXLIB_CPU_LAPACK_LIBRARY"):
        lib = _lapack_library()
        if lib:
            os.environ["JAXLIB_CPU_LAPACK_LIBRARY"] = lib
    ap = argparse.ArgumentParser()
    ap.add_argument("--driver", required=True)
    ap.add_argument("-v", action="store_true")
    ap.add_argument("--bytecode", action="store_true", help="run program.mlirbc instead of program.mlir")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    names = a.names or corpus.list_cases()
    counts: dict[str, int] = {}
    for name in names:
        case = corpus.load_case(name)
        with tempfile.TemporaryDirectory() as d:
            try:
                status, detail = run_case(a.driver, case, d, a.bytecode)
            except subprocess.TimeoutExpired:
                status, detail = "execute", "timeout"
        counts[status] = counts.get(status, 0) + 1
        if status != "pass" or a.v:
            print(f"{status:<8} {name:<40} {detail}", flush=True)
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    return 0 if set(counts) <= {"pass", "skip"} else 1


if __name__ == "__main__":
    sys.exit(main())
