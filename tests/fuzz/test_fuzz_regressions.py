"""Replays every input the parser fuzzer ever crashed on (tests/fuzz/regressions/, kept by
ci/fuzz_parser.py) through ``xla_client`` on the jaxlib-cpu plugin, all in one subprocess so a
crash fails this test instead of the session. Each input must compile or raise XlaRuntimeError.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REGRESSIONS = Path(__file__).resolve().parent / "regressions"

pytest.importorskip("jaxlib.xla_client")


def _inputs() -> list[Path]:
    return sorted(p for p in REGRESSIONS.iterdir() if p.is_file() and not p.name.startswith((".", "README")))


def test_fuzz_regressions_compile_or_fail_cleanly() -> None:
    inputs = _inputs()
    if not inputs:
        pytest.skip("no fuzz regressions recorded")
    code = textwrap.dedent(
        """
        import sys
        from jaxlib import xla_client
        client = xla_client.make_cpu_client(num_devices=4)
        dev = client.devices()[:1]
        for path in sys.argv[1:]:
            data = open(path, "rb").read().decode("utf-8", errors="replace")
            print("RUN", path, flush=True)
            try:
                client.compile_and_load(data, dev)
                print("COMPILED", path, flush=True)
            except xla_client.XlaRuntimeError as e:
                print("REJECTED", path, str(e)[:200].replace("\\n", " "), flush=True)
        print("DONE", len(sys.argv) - 1, flush=True)
        """
    )
    proc = subprocess.run([sys.executable, "-c", code, *map(str, inputs)], capture_output=True, text=True,
                          timeout=600, check=False)
    last = [ln for ln in proc.stdout.splitlines() if ln.startswith("RUN ")][-1:] or ["(none)"]
    assert proc.returncode == 0, (
        f"replaying fuzz regressions crashed (rc={proc.returncode}) at {last[0]}\n{proc.stderr[-3000:]}")
    assert f"DONE {len(inputs)}" in proc.stdout, proc.stdout[-3000:]
