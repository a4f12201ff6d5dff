"""Records the exact output bits of every corpus program on one backend, for before/after checks.

    python ci/corpus_bits.py record out.json [--platform cpu] [--only PATTERN]
    python ci/corpus_bits.py compare before.json after.json

`record` runs each case of tests/corpus (text and bytecode forms) through jaxlib.xla_client and
stores a SHA-256 of its outputs' bytes (or the error); `compare` lists every case whose bits
changed. Used to show that a refactoring of the executor changes no result, bit for bit.
"""

from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "corpus"))


def _digest(arrays: list) -> str:
    import numpy as np

    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(f"{a.dtype.str}{a.shape}".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def record(out: Path, platform: str, only: str) -> int:
    import corpus  # type: ignore[import-not-found]
    import numpy as np
    from jaxlib import xla_client

    clients: dict[int, object] = {}

    def client(n: int):
        if n not in clients:
            clients[n] = (xla_client.make_cpu_client(num_devices=n) if platform == "cpu"
                          else xla_client.make_c_api_client(platform))
        return clients[n]

    results: dict[str, str] = {}
    for name in corpus.list_cases():
        if only and not fnmatch.fnmatch(name, only):
            continue
        case = corpus.load_case(name)
        for form in ("text", "bytecode"):
            program = case.program_text() if form == "text" else case.program_bytecode()
            if program is None:
                continue
            key = f"{name}/{form}"
            try:
                if case.num_devices > 1:
                    c = client(case.num_devices)
                    devs = c.devices()[: case.num_devices]
                    opts = xla_client.CompileOptions()
                    opts.executable_build_options.num_replicas = case.num_replicas
                    opts.executable_build_options.num_partitions = case.num_partitions
                    exe = c.compile_and_load(program, devs, opts)
                    args = [[c.buffer_from_pyval(s, device=devs[d]) for d, s in enumerate(shards)]
                            for shards in case.device_inputs()]
                    res = exe.execute_sharded(args)
                    per_out = (res.disassemble_into_single_device_arrays()
                               if hasattr(res, "disassemble_into_single_device_arrays") else res)
                    outs = [np.asarray(x) for o in per_out for x in o]
                else:
                    c = client(1)
                    exe = c.compile_and_load(program, c.devices()[:1])
                    bufs = [c.buffer_from_pyval(x, device=c.devices()[0]) for x in case.inputs()]
                    outs = [np.asarray(o) for o in exe.execute(bufs)]
                results[key] = _digest(outs)
            except Exception as e:  # noqa: BLE001 - recorded: an error is a result too
                results[key] = f"error: {type(e).__name__}: {str(e)[:200]}"
    out.write_text(json.dumps(results, indent=1, sort_keys=True))
    print(f"recorded {len(results)} program runs into {out}")
    return 0


def compare(before: Path, after: Path) -> int:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    changed = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    for k in changed:
        print(f"changed: {k}: {a.get(k, 'absent')[:80]} -> {b.get(k, 'absent')[:80]}")
    print(f"{len(a)} runs before, {len(b)} after, {len(changed)} differ")
    return 1 if changed else 0


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--platform", default="cpu")
    r.add_argument("--only", default="")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = p.parse_args()
    if args.cmd == "record":
        return record(args.out, args.platform, args.only)
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
