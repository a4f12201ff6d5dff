"""The StableHLO portable-artifact versions our compiler reads, from their one definition.

runtime/compiler/bytecode/vhlo_ops.h defines kMinimumStablehloVersion and
kCurrentStablehloVersion; the plugin reports them to hosts, the corpus bytecode is generated at
the current one, and tests compare against them. This module reads the header so nothing else
restates the numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

HEADER = Path(__file__).resolve().parents[1] / "runtime" / "compiler" / "bytecode" / "vhlo_ops.h"


def stablehlo_versions(header: Path = HEADER) -> dict[str, tuple[int, int, int]]:
    """{"minimum": (0, 9, 0), "current": (1, 17, 0)} as the header defines them."""
    text = header.read_text()
    out: dict[str, tuple[int, int, int]] = {}
    for key, name in (("minimum", "kMinimumStablehloVersion"), ("current", "kCurrentStablehloVersion")):
        m = re.search(name + r"\{(\d+),\s*(\d+),\s*(\d+)\}", text)
        if not m:
            raise ValueError(f"{name} not found in {header}")
        out[key] = (int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return out


def dotted(version: tuple[int, int, int]) -> str:
    return ".".join(str(v) for v in version)
