#!/usr/bin/env python3
"""Write the corpus programs as MLIR bytecode, exactly as real JAX hands them to a PJRT plugin.

A *tool* for the real-JAX venv (see README.md, "Regenerating"); the committed files are the
data. JAX serializes every program it compiles for a plugin as a StableHLO portable artifact
(VHLO dialect, MLIR bytecode) at the plugin's ``stablehlo_current_version``; jaxlib's
``serialize_portable_artifact`` is that very step (CHLO legalized, sdy regions bridged with
casts), so the files below are what our bytecode front end meets in the field::

    /work/refenv/bin/python tests/corpus/generate_bytecode.py              # every case
    /work/refenv/bin/python tests/corpus/generate_bytecode.py --only 'ew_*'

Writes ``data/<case>/program.mlirbc`` (at CURRENT, the version our plugin reports) and, for
the cases in VERSION_CASES, ``bytecode_versions/<version>/<case>.mlirbc`` for every StableHLO
minor version from the oldest we accept to CURRENT (older versions also use older bytecode
container versions, so these exercise the reader's version handling). Also
``bytecode_native.mlirbc``: one program as plain StableHLO bytecode (not a portable
artifact), which the reader must refuse with a message that says how to send it instead.
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data")
VERSIONS_DIR = os.path.join(HERE, "bytecode_versions")
sys.path.insert(0, os.path.join(HERE, "..", "..", "ci"))
from stablehlo_versions import dotted, stablehlo_versions  # noqa: E402

CURRENT = dotted(stablehlo_versions()["current"])
MINIMUM = dotted(stablehlo_versions()["minimum"])

# Cases whose ops exist since the oldest version: a spread of op families, regions, dtypes.
VERSION_CASES = [
    "ew_float_arith_f32",
    "ew_int_bitwise_s32",
    "reduce_basic_f32",
    "reduce_argmax_argmin",
    "case_switch",
    "while_fori_loop",
    "dot_general_f32",
    "gather_indexing",
    "scatter_int",
    "sort_multi_operand",
    "conv2d_nhwc_same_stride2",
    "rng_threefry",
    "convert_from_f32",
]


def minor_versions() -> list[str]:
    """Every x.y.0 from MINIMUM to CURRENT that StableHLO defines (0.9 ... 0.20, 1.0 ... CURRENT)."""
    first_minor = int(MINIMUM.split(".")[1])
    out = [f"0.{m}.0" for m in range(first_minor, 21)]
    cur_minor = int(CURRENT.split(".")[1])
    out += [f"1.{m}.0" for m in range(0, cur_minor + 1)]
    return out


def serialize(text: str, version: str) -> bytes:
    from jax._src.lib import _jax

    return _jax.mlir.serialize_portable_artifact(text, version)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", default=[], metavar="GLOB")
    ap.add_argument("--no-versions", action="store_true", help="skip bytecode_versions/")
    args = ap.parse_args(argv)
    os.environ.setdefault("JAX_PLATFORMS", "cpu")
    import jax

    if jax.__version__ != "0.10.2":
        print(f"warning: jax {jax.__version__}, the corpus was made with 0.10.2", file=sys.stderr)
    failed = 0
    names = sorted(n for n in os.listdir(DATA) if os.path.isfile(os.path.join(DATA, n, "program.mlir")))
    if args.only:
        names = [n for n in names if any(fnmatch.fnmatch(n, g) for g in args.only)]
    for name in names:
        with open(os.path.join(DATA, name, "program.mlir")) as f:
            text = f.read()
        try:
            blob = serialize(text, CURRENT)
        except Exception as e:  # a case JAX itself cannot serialize is reported, not fatal
            print(f"FAIL {name}: {e}", file=sys.stderr)
            failed += 1
            continue
        with open(os.path.join(DATA, name, "program.mlirbc"), "wb") as f:
            f.write(blob)
    print(f"{len(names) - failed} programs written at {CURRENT}, {failed} failed")
    from jax._src.interpreters import mlir as jax_mlir
    from jax._src.lib.mlir import ir

    with jax_mlir.make_ir_context():
        with open(os.path.join(DATA, VERSION_CASES[0], "program.mlir")) as f:
            module = ir.Module.parse(f.read())
        with open(os.path.join(HERE, "bytecode_native.mlirbc"), "wb") as f:
            f.write(jax_mlir.module_to_bytecode(module))
    if not args.no_versions:
        for version in minor_versions():
            os.makedirs(os.path.join(VERSIONS_DIR, version), exist_ok=True)
            for name in VERSION_CASES:
                with open(os.path.join(DATA, name, "program.mlir")) as f:
                    text = f.read()
                try:
                    blob = serialize(text, version)
                except Exception as e:
                    print(f"FAIL {name} at {version}: {str(e).splitlines()[0]}", file=sys.stderr)
                    failed += 1
                    continue
                with open(os.path.join(VERSIONS_DIR, version, name + ".mlirbc"), "wb") as f:
                    f.write(blob)
        print(f"version fixtures: {len(minor_versions())} versions x {len(VERSION_CASES)} cases")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
