"""Starts the processes of a multi-process test job on 127.0.0.1 and collects what each one
printed. Every run is bounded: a job that outlives its deadline is killed and reported, so a
hang is a test failure, never a stuck CI. Used by tests/integration, tests/jax and
tests/multiprocess; the workers are scripts beside this file."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Outcome:
    node_id: int
    returncode: int | None
    stdout: str
    stderr: str
    elapsed: float
    results: list[dict] = field(default_factory=list)

    def describe(self) -> str:
        return (f"--- process {self.node_id}: exit {self.returncode} after {self.elapsed:.1f} s\n"
                f"stdout:\n{self.stdout[-3000:]}\nstderr:\n{self.stderr[-6000:]}")


def run_job(worker: str, num_processes: int, args_for: callable, *, timeout: float = 240.0,
            env: dict[str, str] | None = None, python: str | None = None) -> list[Outcome]:
    """Runs `worker` (a script in this folder) once per process; `args_for(node_id, port)`
    gives each its arguments. Returns when all exit or the deadline passes (then the rest are
    killed and report returncode None)."""
    port = free_port()
    procs = []
    started = time.monotonic()
    child_env = dict(os.environ)
    child_env.setdefault("JAXLIB_CPU_THREADS", "1")  # small processes: the machine is shared
    child_env["PYTHONPATH"] = os.pathsep.join([str(HERE.parents[1]), child_env.get("PYTHONPATH", "")])
    child_env.update(env or {})
    for node in range(num_processes):
        cmd = [python or sys.executable, str(HERE / worker), *args_for(node, port)]
        procs.append(subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=child_env))
    outcomes: list[Outcome | None] = [None] * num_processes
    deadline = started + timeout
    for node, p in enumerate(procs):
        try:
            out, err = p.communicate(timeout=max(1.0, deadline - time.monotonic()))
            rc: int | None = p.returncode
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
            rc = None
        results = [json.loads(line[len("RESULT "):]) for line in out.splitlines() if line.startswith("RESULT ")]
        outcomes[node] = Outcome(node, rc, out, err, time.monotonic() - started, results)
    return [o for o in outcomes if o is not None]


def describe(outcomes: list[Outcome]) -> str:
    return "\n".join(o.describe() for o in outcomes)
