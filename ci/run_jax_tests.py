#!/usr/bin/env python3
"""Run JAX's own test files against our jaxlib-cpu plugin and against JAX's CPU backend; report
per file how many of the tests that pass on XLA also pass on ours, and why the rest fail.

JAX's tests are not ours and are not committed: point ``--jax-tests`` at the ``tests/`` folder
of a jax-ml/jax checkout at the tag matching the installed jax (``jax-v0.10.2``). Run it with
the Python of a venv holding real jax/jaxlib 0.10.2, JAX's test requirements (absl-py,
hypothesis, pytest, pytest-xdist, ...) and our plugin (installed with the README's command)::

    /work/refenv/bin/python ci/run_jax_tests.py --jax-tests /tmp/jax/tests --cases 3
    /work/refenv/bin/python ci/run_jax_tests.py --jax-tests /tmp/jax/tests --files lax_test.py -k Sort

Each file runs as its own pytest process per backend (with pytest-xdist workers, so a crash
fails its tests instead of the run), and ``--out`` receives the JUnit XML of every run plus
``summary.json``. Exit status 0 unless a run could not start.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

DEFAULT_FILES = [
    "lax_test.py", "lax_autodiff_test.py", "lax_control_flow_test.py", "lax_numpy_operators_test.py",
    "lax_numpy_reducers_test.py", "lax_numpy_indexing_test.py", "linalg_test.py", "fft_test.py",
    "random_lax_test.py", "lax_scipy_special_functions_test.py", "nn_test.py", "api_test.py",
]
XLA = "cpu"        # JAX's own CPU backend (XLA)
OURS = "jaxlib_cpu"  # our plugin under real JAX


def run_file(python: str, tests: Path, name: str, platform: str, args: argparse.Namespace, out: Path) -> Path:
    xml = out / f"{Path(name).stem}.{platform}.xml"
    env = dict(os.environ)
    env.update({
        "JAX_PLATFORMS": platform,
        "JAX_NUM_GENERATED_CASES": str(args.cases),
        # Both backends get four CPU devices, as JAX's CI gives its CPU tests.
        "XLA_FLAGS": (env.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=4").strip(),
        "PYTHONHASHSEED": "0",
    })
    cmd = [python, "-m", "pytest", str(tests / name), "-q", "-p", "no:cacheprovider", f"--junitxml={xml}",
           "-o", "junit_family=xunit1", "--tb=line", "-n", str(args.jobs)]
    if args.k:
        cmd += ["-k", args.k]
    t0 = time.time()
    with open(out / f"{Path(name).stem}.{platform}.log", "w") as log:
        subprocess.run(cmd, cwd=tests, env=env, stdout=log, stderr=subprocess.STDOUT, timeout=args.timeout)
    print(f"  {name} on {platform}: {time.time() - t0:.0f} s", flush=True)
    return xml


def outcomes(xml: Path) -> dict[str, tuple[str, str]]:
    """test id -> (passed|failed|error|skipped, first line of the failure message)."""
    result: dict[str, tuple[str, str]] = {}
    if not xml.exists():
        return result
    for case in ET.parse(xml).getroot().iter("testcase"):
        tid = f"{case.get('classname')}::{case.get('name')}"
        status, message = "passed", ""
        for kind in ("failure", "error", "skipped"):
            node = case.find(kind)
            if node is not None:
                status = "failed" if kind == "failure" else kind
                message = (node.get("message") or node.text or "").strip().splitlines()[0:1]
                message = message[0] if message else ""
                break
        result[tid] = (status, message)
    return result


def cause(message: str) -> str:
    """A failure message with numbers, shapes and quoted values blurred, to group causes."""
    m = re.sub(r"0x[0-9a-f]+", "0x…", message)
    m = re.sub(r"\d+", "N", m)
    m = re.sub(r"'[^']{30,}'", "'…'", m)
    return m[:160]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--jax-tests", type=Path, required=True, help="tests/ of a jax-ml/jax checkout")
    ap.add_argument("--files", nargs="*", default=DEFAULT_FILES)
    ap.add_argument("--cases", type=int, default=3, help="JAX_NUM_GENERATED_CASES")
    ap.add_argument("--jobs", type=int, default=2, help="pytest-xdist workers per run")
    ap.add_argument("-k", default="", help="pytest -k expression")
    ap.add_argument("--out", type=Path, default=Path("build/jax_tests"))
    ap.add_argument("--timeout", type=int, default=7200, help="seconds per file and backend")
    ap.add_argument("--only-ours", action="store_true", help="reuse XLA's results from an earlier run in --out")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    python = sys.executable
    summary: dict[str, dict] = {}
    total_xla = total_both = 0
    for name in args.files:
        print(f"{name}:", flush=True)
        xla_xml = args.out / f"{Path(name).stem}.{XLA}.xml"
        if not (args.only_ours and xla_xml.exists()):
            xla_xml = run_file(python, args.jax_tests, name, XLA, args, args.out)
        ours_xml = run_file(python, args.jax_tests, name, OURS, args, args.out)
        xla, ours = outcomes(xla_xml), outcomes(ours_xml)
        passed_xla = [t for t, (s, _) in xla.items() if s == "passed"]
        both = [t for t in passed_xla if ours.get(t, ("missing", ""))[0] == "passed"]
        lost = {t: ours.get(t, ("missing", "not run on our plugin (a crash?)")) for t in passed_xla if t not in both}
        causes = Counter(cause(msg) for _, msg in lost.values())
        summary[name] = {
            "passed_on_xla": len(passed_xla), "passed_on_both": len(both),
            "ratio": round(len(both) / len(passed_xla), 4) if passed_xla else None,
            "passed_only_on_ours": sum(1 for t, (s, _) in ours.items() if s == "passed" and xla.get(t, ("",))[0] != "passed"),
            "causes": causes.most_common(),
            "lost": {t: msg for t, (_, msg) in sorted(lost.items())},
        }
        total_xla += len(passed_xla)
        total_both += len(both)
        ratio = f"{100 * len(both) / len(passed_xla):.1f}%" if passed_xla else "n/a"
        print(f"  {len(both)}/{len(passed_xla)} of XLA's passing tests pass on ours ({ratio})", flush=True)
        for c, n in causes.most_common(8):
            print(f"    {n:4d}  {c}")
    summary["total"] = {"passed_on_xla": total_xla, "passed_on_both": total_both,
                        "ratio": round(total_both / total_xla, 4) if total_xla else None}
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(f"total: {total_both}/{total_xla}" + (f" ({100 * total_both / total_xla:.1f}%)" if total_xla else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
