"""Runs corpus programs through the standalone compiler driver (no plugin, no Python host) and
reports which pass: the compiler/executor developer's fast loop.

    python tests/unit/compiler/run_corpus_with_driver.py --driver BUILD/compiler_driver [names...]

A driver built for another machine runs under `--emulator` ("qemu-aarch64 -L SYSROOT", as
ci/cross_aarch64.py does); `--bits FILE` records digests of each program's output bytes (exact,
and with NaNs canonical), to compare two builds (two ISAs) bit for bit.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "corpus"))

import corpus  # noqa: E402


def run_case(driver: str, case: corpus.Case, workdir: str, bytecode: bool = False, emulator: str = "",
             digest: list[str] | None = None) -> tuple[str, str]:
    """Returns (status, detail): status is pass / fail / compile / execute / skip. With
    `bytecode`, the program is the case's portable artifact (program.mlirbc) instead of text.
    `emulator` is a command prefix for the driver; `digest` receives a SHA-256 of the outputs."""
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
    args = [*shlex.split(emulator), driver, "--out", workdir, prog]
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
    if digest is not None:
        # Exact bytes, then the same with every NaN made one canonical NaN: ISAs differ in the
        # NaN an invalid operation makes (x86-64 0xffc00000, AArch64 0x7fc00000).
        for canonical in (False, True):
            h = hashlib.sha256()
            for g in got:
                if canonical and (g.dtype.kind in "fc" or g.dtype.name == "bfloat16"):
                    g = np.where(np.isnan(g), np.array(np.nan, g.dtype), g)
                h.update(np.ascontiguousarray(g).tobytes())
            digest.append(h.hexdigest())
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
    names = sorted(n for n in os.listdir(d) if n.startswith("libscipy_openblas") and (".so" in n or n.endswith(".dylib")))
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
    ap.add_argument("--emulator", default="", help="command prefix that runs the driver, e.g. qemu-aarch64 -L DIR")
    ap.add_argument("--bits", help="write {program: [SHA-256 of its output bytes, the same with NaNs made one]} "
                    "here (JSON)")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    names = a.names or corpus.list_cases()
    counts: dict[str, int] = {}
    bits: dict[str, list[str]] = {}
    for name in names:
        case = corpus.load_case(name)
        with tempfile.TemporaryDirectory() as d:
            try:
                digest: list[str] = []
                status, detail = run_case(a.driver, case, d, a.bytecode, a.emulator, digest)
                if digest:
                    bits[name] = digest
            except subprocess.TimeoutExpired:
                status, detail = "execute", "timeout"
        counts[status] = counts.get(status, 0) + 1
        if status != "pass" or a.v:
            print(f"{status:<8} {name:<40} {detail}", flush=True)
    print(" ".join(f"{k}={v}" for k, v in sorted(counts.items())))
    if a.bits:
        with open(a.bits, "w") as f:
            json.dump(bits, f, indent=0, sort_keys=True)
    return 0 if set(counts) <= {"pass", "skip"} else 1


if __name__ == "__main__":
    sys.exit(main())
