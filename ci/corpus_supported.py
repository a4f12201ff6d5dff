#!/usr/bin/env python3
"""What our compiler supports, measured on the corpus: the ``--supported`` input of
ci/corpus_coverage.py, taken from the real compiler rather than from a hand-written list.

Every ``tests/corpus/data/*/program.mlir`` is compiled through the installed jaxlib
(``xla_client.make_cpu_client()``, i.e. the ``jaxlib-cpu`` plugin), the way
tests/corpus/test_corpus.py compiles it (``mhlo.num_partitions``/``num_replicas`` from the
module become the compile options, with that many devices).

* A program that compiles proves its ops, element types and custom-call targets supported
  (as scanned by ``corpus_coverage.scan_text``, so both scripts name things identically).
  Caveat: the compiler removes dead code and folds constants before it checks that an op
  can be executed, so an op that is dead in every program that uses it is "proven" without
  being executed; the corpus tests (which run every program) cover that gap.
* A program that is rejected: the compiler's message names the culprit (``unknown op 'X'``,
  ``op 'X' is not supported``, ``X is not supported yet``, ``custom_call target 'X' is not supported``,
  ``unsupported element type 'X'``, ``'X' at L:C: element type T is not supported`` (op X
  rejected: an op/type combination)); each named op / type / target is REJECTED and removed from the supported set even where other
  programs use it successfully, so the coverage check fails on it. A rejection that names
  nothing is kept as "unattributed" and fails ``--check``.

Compilation runs in a worker subprocess; a worker that crashes or hangs marks the program it
was compiling as rejected ("crashed"/"hung") and a new worker continues with the rest.

Usage::

    python ci/corpus_supported.py [--corpus DIR] [--out FILE] [--timeout SECONDS]
    python ci/corpus_supported.py --check FILE   # exit 1 unless every corpus program compiled

Standard library + numpy + our jaxlib (imported only by the worker).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import selectors
import subprocess
import sys
import time

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)
import corpus_coverage  # noqa: E402

DEFAULT_OUT = os.path.join(os.path.dirname(_HERE), "build", "coverage", "supported.json")
_NUM_RE = {k: re.compile(rf"mhlo\.{k}\s*=\s*(\d+)") for k in ("num_partitions", "num_replicas")}

# What a rejection message names -> (kind, regex). The op named at the start of a located
# message ("'stablehlo.popcnt' at 3:8: element type ...") is matched last, as a fallback.
_CULPRITS = [
    ("custom_calls", re.compile(r"custom_call target '([^']+)' is not supported")),
    ("ops", re.compile(r"unknown op '([^']+)'")),
    ("ops", re.compile(r"\bop '([^']+)' is not supported")),
    ("ops", re.compile(r"(?:^|[\s:])([a-z_][\w$]*\.[a-z_][\w$.]*) is not supported")),
    ("types", re.compile(r"unsupported element type '([^']+)'")),
]
# "element type T is not supported" by one op is a rejected (op, type) combination: the op
# named at the start of the message is rejected, the type only when no op is named.
_TYPE_OF_OP_RE = re.compile(r"element type (\S+?) is not supported")
_LOCATED_OP_RE = re.compile(r"^(?:[A-Z_]+: )?'([A-Za-z_][\w$]*\.[\w$.]+)(?: @[^']*)?' at \d+:\d+")


def program_devices(text: str) -> tuple[int, int]:
    """(num_replicas, num_partitions) from the module attributes; 1 when absent."""
    found = {k: int(m.group(1)) if (m := r.search(text)) else 1 for k, r in _NUM_RE.items()}
    return found["num_replicas"], found["num_partitions"]


def culprits(message: str) -> dict[str, list[str]]:
    """The ops / types / custom-call targets a compiler rejection message names."""
    out: dict[str, list[str]] = {}
    for kind, rx in _CULPRITS:
        for name in rx.findall(message):
            name = corpus_coverage.xla_type_name(name) if kind == "types" else name
            out.setdefault(kind, [])
            if name not in out[kind]:
                out[kind].append(name)
    first_line = message.strip().splitlines()[0] if message.strip() else ""
    m = _LOCATED_OP_RE.match(first_line)
    if m and not out.get("ops") and not out.get("custom_calls"):
        # The op is where the rejection happened (e.g. an unsupported type combination).
        out.setdefault("ops", []).append(m.group(1))
    elif not m and not out:
        for name in _TYPE_OF_OP_RE.findall(message):
            out.setdefault("types", []).append(corpus_coverage.xla_type_name(name))
    return out


# --- the worker: compile programs, one JSON line per program ------------------------------------


def _worker(paths_file: str) -> int:
    from jaxlib import xla_client

    with open(paths_file, encoding="utf-8") as f:
        jobs = json.load(f)
    need = max([r * p for _, _, r, p in jobs] or [1])
    client = xla_client.make_cpu_client(num_devices=need)
    devices = client.devices()
    print(json.dumps({"client": {"platform": client.platform, "platform_version": client.platform_version,
                                 "devices": len(devices)}}), flush=True)
    for name, path, replicas, partitions in jobs:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        opts = xla_client.CompileOptions()
        build = opts.executable_build_options
        build.num_replicas, build.num_partitions = replicas, partitions
        if partitions > 1 and hasattr(build, "use_spmd_partitioning"):
            build.use_spmd_partitioning = True
        t0 = time.perf_counter()
        try:
            client.compile_and_load(text, devices[: replicas * partitions], opts)
            result = {"name": name, "ok": True}
        except xla_client.XlaRuntimeError as e:
            result = {"name": name, "ok": False, "error": str(e)}
        except Exception as e:  # noqa: BLE001 - anything else is a host bug, recorded as such
            result = {"name": name, "ok": False, "error": f"{type(e).__name__}: {e}"}
        result["seconds"] = round(time.perf_counter() - t0, 4)
        print(json.dumps(result), flush=True)
    client.close()
    return 0


def compile_all(programs: list[tuple[str, str]], timeout: float, workdir: str) -> tuple[dict, dict]:
    """Compile every program in worker subprocesses; {name: result}, and the client facts."""
    jobs = []
    for name, path in programs:
        with open(path, encoding="utf-8") as f:
            jobs.append([name, path, *program_devices(f.read())])
    results: dict[str, dict] = {}
    client: dict = {}
    pending = list(jobs)
    while pending:
        paths_file = os.path.join(workdir, "jobs.json")
        with open(paths_file, "w", encoding="utf-8") as f:
            json.dump(pending, f)
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", paths_file],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout is not None and proc.stderr is not None
        # Raw reads (no read-ahead buffer hiding lines from select), one line per program.
        fd, buf, hung = proc.stdout.fileno(), b"", False
        sel = selectors.DefaultSelector()
        sel.register(fd, selectors.EVENT_READ)
        while True:
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                rec = json.loads(line)
                if "client" in rec:
                    client = rec["client"]
                else:
                    results[rec["name"]] = rec
            if not sel.select(timeout):
                hung = True
                proc.kill()
                break
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            buf += chunk
        sel.close()
        proc.stdout.close()
        stderr = proc.stderr.read().decode(errors="replace")
        proc.wait()
        done = {n for n, *_ in pending if n in results}
        rest = [j for j in pending if j[0] not in done]
        if not rest:
            break
        if not client and not hung:  # the worker could not even create a client
            raise SystemExit(f"corpus_supported: the compile worker failed before compiling anything "
                             f"(exit {proc.returncode}):\n{stderr[-4000:]}")
        culprit = rest[0][0]
        why = (f"hung: no answer within {timeout:.0f} s" if hung
               else f"crashed: compile worker exited with {proc.returncode}: {stderr.strip()[-600:]}")
        results[culprit] = {"name": culprit, "ok": False, "error": why}
        pending = rest[1:]
    return results, client


def build_supported(corpus_dir: str, results: dict) -> dict:
    scans = {}
    for name, path in corpus_coverage.list_programs(corpus_dir):
        with open(path, encoding="utf-8") as f:
            scans[name] = corpus_coverage.scan_text(f.read())
    kinds = ("ops", "types", "custom_calls")
    proven: dict[str, set] = {k: set() for k in kinds}
    rejected: dict[str, dict[str, list[str]]] = {k: {} for k in kinds}
    unattributed: dict[str, str] = {}
    for name, res in sorted(results.items()):
        if res["ok"]:
            for k in kinds:
                proven[k].update(scans[name][k])
            continue
        named = culprits(res["error"])
        if not named:
            unattributed[name] = res["error"]
        for k, names in named.items():
            for n in names:
                rejected[k].setdefault(n, []).append(name)
    supported = {k: sorted(proven[k] - set(rejected[k])) for k in kinds}
    failed = {n: r["error"] for n, r in sorted(results.items()) if not r["ok"]}
    return {
        **supported,
        "rejected": {k: v for k, v in rejected.items() if v},
        "programs": {"total": len(results), "compiled": len(results) - len(failed),
                     "failed": failed, "unattributed": unattributed},
    }


def _check(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    progs = data["programs"]
    if progs["failed"]:
        print(f"{len(progs['failed'])} of {progs['total']} corpus programs do not compile on our CPU plugin:")
        for name, err in progs["failed"].items():
            print(f"  {name}: {err.splitlines()[0][:300] if err else '?'}")
        return 1
    print(f"all {progs['total']} corpus programs compile on our CPU plugin")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default=corpus_coverage.DEFAULT_CORPUS)
    ap.add_argument("--out", default=DEFAULT_OUT, help="supported-set JSON to write (default: %(default)s)")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds one compilation may take")
    ap.add_argument("--check", metavar="FILE", help="exit 1 unless FILE says every program compiled")
    ap.add_argument("--worker", metavar="JOBS", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return _worker(args.worker)
    if args.check:
        return _check(args.check)

    programs = corpus_coverage.list_programs(args.corpus)
    if not programs:
        print(f"no program.mlir found under {args.corpus}", file=sys.stderr)
        return 2
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    t0 = time.perf_counter()
    results, client = compile_all(programs, args.timeout, os.path.dirname(os.path.abspath(args.out)))
    data = build_supported(args.corpus, results)
    data["compiler"] = client
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, sort_keys=True)

    progs = data["programs"]
    print(f"compiled {progs['total']} corpus programs on {client.get('platform_version', '?')} "
          f"in {time.perf_counter() - t0:.1f} s: {progs['compiled']} compiled, {len(progs['failed'])} rejected")
    print(f"supported (proven by compilation): {len(data['ops'])} ops, {len(data['types'])} element types, "
          f"{len(data['custom_calls'])} custom-call targets -> {args.out}")
    for kind, names in data["rejected"].items():
        for n, cases in sorted(names.items()):
            print(f"  REJECTED {kind[:-1]} {n}: {', '.join(cases[:5])}{' ...' if len(cases) > 5 else ''}")
    for name, err in progs["unattributed"].items():
        print(f"  REJECTED program {name} (names no op or type): {err.splitlines()[0][:300] if err else '?'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
