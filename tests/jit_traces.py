"""Shared by the JIT tests: their child processes print "@case NAME" before each program and
the backend prints JAXLIB_CPU_JIT_TRACE lines while compiling it."""

from __future__ import annotations


def traces_by_case(stderr: str, marker: str) -> dict[str, list[str]]:
    """The trace lines containing `marker`, grouped under the "@case" line before them."""
    traces: dict[str, list[str]] = {}
    current = None
    for line in stderr.splitlines():
        if line.startswith("@case "):
            current = line[len("@case "):]
            traces[current] = []
        elif marker in line and current is not None:
            traces[current].append(line)
    return traces
