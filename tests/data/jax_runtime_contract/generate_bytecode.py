#!/usr/bin/env python3
"""Write the contract programs (*.mlir here) as StableHLO portable artifacts (*.mlirbc), as real
JAX hands programs to a PJRT plugin. A tool for the real-JAX venv; the committed files are the data:

    /tmp/jaxvenv/bin/python tests/data/jax_runtime_contract/generate_bytecode.py
"""

from __future__ import annotations

import glob
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "ci"))
from stablehlo_versions import dotted, stablehlo_versions  # noqa: E402


def main() -> None:
    from jax._src.interpreters import mlir
    from jaxlib.mlir import ir
    from jaxlib.mlir.dialects import stablehlo

    version = dotted(stablehlo_versions()["current"])
    for path in sorted(glob.glob(os.path.join(HERE, "*.mlir"))):
        with mlir.make_ir_context():
            module = ir.Module.parse(open(path).read())
            data = stablehlo.serialize_portable_artifact(module, version, True)
        with open(path + "bc", "wb") as f:
            f.write(data)
        print(f"{os.path.basename(path)}bc: {len(data)} bytes at StableHLO {version}")


if __name__ == "__main__":
    main()
