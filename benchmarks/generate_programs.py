"""Writes the benchmark suite's StableHLO programs (issue 5) from real JAX into programs/.

A tool that runs in the reference venv with real `jax`/`jaxlib` 0.10.2 (it cannot share a
venv with our `jaxlib`); its output is committed, like the corpus. It must never write input
data: run_bench.py regenerates every input at bench time from the seed recorded here.

    /work/refenv/bin/python benchmarks/generate_programs.py            # full + quick sizes
    /work/refenv/bin/python benchmarks/generate_programs.py --check    # exit 1 if stale

For each program `<name>` it writes `programs/<name>.mlir`, exactly
`jax.jit(f).lower(*args).as_text()`, and `programs/<name>.json`: inputs (shape, dtype and how
to draw them from the seed), outputs, category (memory / matmul / loop / dispatch), FLOP
count or bytes moved, and the tolerance for comparing two backends' outputs, and
`programs/<name>.mlirbc`, the same program as jax sends it to a PJRT plugin (a StableHLO
portable artifact at our plugin's stablehlo_current_version): compile times are measured from
both. `--quick` sizes (smoke runs) go to `programs/quick/` with `"size": "quick"`.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "ci"))
from stablehlo_versions import dotted, stablehlo_versions  # noqa: E402

# The version our plugin reports as stablehlo_current_version: what jax would send it.
CURRENT = dotted(stablehlo_versions()["current"])
OUT_DIR = HERE / "programs"


@dataclasses.dataclass(frozen=True)
class Input:
    """One argument: shape, dtype and the distribution run_bench.py draws it from."""

    name: str
    shape: tuple[int, ...]
    dtype: str = "float32"
    init: str = "normal"  # normal (loc, scale) | randint [low, high)
    loc: float = 0.0
    scale: float = 1.0
    low: int = 0
    high: int = 1

    def spec(self) -> dict[str, Any]:
        """The JSON form run_bench.py reads."""
        d: dict[str, Any] = {"name": self.name, "shape": list(self.shape), "dtype": self.dtype, "init": self.init}
        if self.init == "normal":
            d.update(loc=self.loc, scale=self.scale)
        else:
            d.update(low=self.low, high=self.high)
        return d


@dataclasses.dataclass(frozen=True)
class Program:
    """A benchmark program: the function to lower, its inputs and what it costs."""

    name: str
    category: str  # memory | matmul | loop | dispatch
    description: str
    fn: Callable[..., Any]
    inputs: tuple[Input, ...]
    flops: int | None = None
    bytes_moved: int | None = None
    iterations: int | None = None
    # |ours - xla| <= atol * max|xla| + rtol * |xla|, elementwise, per output.
    rtol: float = 1e-5
    atol: float = 1e-6


def _nbytes(*shapes: tuple[int, ...], itemsize: int = 4) -> int:
    return sum(math.prod(s) * itemsize for s in shapes)


def build_programs(quick: bool) -> list[Program]:
    """The suite of issue 5; `quick` shrinks every size for smoke runs."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    progs: list[Program] = []

    # --- memory-bound ----------------------------------------------------------------------
    n = 64 * 1024 if quick else 4 * 1024 * 1024

    def gelu_chain(x, y, z):
        return jax.nn.gelu(x) * y + z

    progs.append(Program(
        "elementwise_gelu", "memory", f"jax.nn.gelu(x) * y + z (tanh gelu) on f32[{n}]",
        gelu_chain, (Input("x", (n,)), Input("y", (n,)), Input("z", (n,))),
        bytes_moved=_nbytes((n,), (n,), (n,), (n,)), flops=12 * n, rtol=2e-5, atol=1e-6))

    n = 256 * 1024 if quick else 16 * 1024 * 1024
    progs.append(Program(
        "reduce_sum", "memory", f"jnp.sum(x) over f32[{n}]", lambda x: jnp.sum(x),
        (Input("x", (n,)),), bytes_moved=_nbytes((n,), ()), flops=n, rtol=1e-3, atol=1e-4))

    rows = 256 if quick else 4096
    progs.append(Program(
        "softmax", "memory", f"jax.nn.softmax(x, axis=-1) over f32[{rows},1024]",
        lambda x: jax.nn.softmax(x, axis=-1), (Input("x", (rows, 1024), scale=3.0),),
        bytes_moved=_nbytes((rows, 1024), (rows, 1024)), rtol=1e-4, atol=1e-6))

    rows = 512 if quick else 8192

    def layernorm(x, gamma, beta):
        mean = jnp.mean(x, axis=-1, keepdims=True)
        var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
        return (x - mean) * lax.rsqrt(var + 1e-5) * gamma + beta

    progs.append(Program(
        "layernorm", "memory", f"layernorm over the last axis of f32[{rows},1024] with gamma, beta",
        layernorm, (Input("x", (rows, 1024), loc=0.5, scale=2.0), Input("gamma", (1024,), loc=1.0, scale=0.1),
                    Input("beta", (1024,), scale=0.1)),
        bytes_moved=_nbytes((rows, 1024), (rows, 1024), (1024,), (1024,)), rtol=1e-4, atol=1e-5))

    # --- matmul-class ----------------------------------------------------------------------
    m = 256 if quick else 1024
    progs.append(Program(
        "matmul", "matmul", f"f32[{m},{m}] @ f32[{m},{m}]", lambda a, b: a @ b,
        (Input("a", (m, m)), Input("b", (m, m))), flops=2 * m**3,
        bytes_moved=_nbytes((m, m), (m, m), (m, m)), rtol=1e-4, atol=1e-5))

    bsz, m = (8, 64) if quick else (32, 256)
    progs.append(Program(
        "batched_matmul", "matmul", f"f32[{bsz},{m},{m}] @ f32[{bsz},{m},{m}] (jnp.matmul)",
        lambda a, b: jnp.matmul(a, b), (Input("a", (bsz, m, m)), Input("b", (bsz, m, m))),
        flops=2 * bsz * m**3, bytes_moved=_nbytes((bsz, m, m), (bsz, m, m), (bsz, m, m)), rtol=1e-4, atol=1e-5))

    batch = 32 if quick else 256
    sizes = (784, 1024, 1024, 10)
    mlp_inputs: list[Input] = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        mlp_inputs += [Input(f"w{i + 1}", (a, b), scale=1.0 / math.sqrt(a)), Input(f"b{i + 1}", (b,), scale=0.1)]
    mlp_inputs.append(Input("x", (batch, sizes[0])))
    mn = sum(a * b for a, b in zip(sizes[:-1], sizes[1:], strict=True))

    def mlp(w1, b1, w2, b2, w3, b3, x):
        h = jax.nn.relu(x @ w1 + b1)
        h = jax.nn.relu(h @ w2 + b2)
        return h @ w3 + b3

    progs.append(Program(
        "mlp_forward", "matmul", f"ReLU MLP 784-1024-1024-10 forward, batch {batch}", mlp, tuple(mlp_inputs),
        flops=2 * batch * mn, rtol=1e-4, atol=1e-5))

    def mlp_loss(w1, b1, w2, b2, w3, b3, x, y):
        logp = jax.nn.log_softmax(mlp(w1, b1, w2, b2, w3, b3, x))
        return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))

    def mlp_grad(w1, b1, w2, b2, w3, b3, x, y):
        return jax.value_and_grad(mlp_loss, argnums=(0, 1, 2, 3, 4, 5))(w1, b1, w2, b2, w3, b3, x, y)

    # forward + weight gradients of every layer + input gradients of layers 2 and 3.
    grad_flops = 2 * batch * (2 * mn + sizes[1] * sizes[2] + sizes[2] * sizes[3])
    progs.append(Program(
        "mlp_value_and_grad", "matmul",
        f"jax.value_and_grad of cross-entropy through the MLP, batch {batch} (loss + 6 gradients)",
        mlp_grad, (*mlp_inputs, Input("y", (batch,), "int32", init="randint", low=0, high=10)),
        flops=grad_flops, rtol=1e-3, atol=1e-4))

    b, h, t, d = (1, 8, 128, 64) if quick else (4, 8, 512, 64)

    def attention(q, k, v):
        s = jnp.einsum("bqhd,bkhd->bhqk", q, k) / jnp.sqrt(jnp.float32(d))
        causal = jnp.tril(jnp.ones((t, t), dtype=bool))
        s = jnp.where(causal, s, jnp.finfo(jnp.float32).min)
        return jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, axis=-1), v)

    qkv = tuple(Input(nm, (b, t, h, d)) for nm in ("q", "k", "v"))
    progs.append(Program(
        "attention_causal", "matmul", f"causal softmax attention, [B,T,H,D] = [{b},{t},{h},{d}], dense masked",
        attention, qkv, flops=4 * b * h * t * t * d, rtol=1e-4, atol=1e-5))

    nb, hw = (2, 28) if quick else (8, 56)

    def conv(x, w):
        return lax.conv_general_dilated(x, w, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))

    progs.append(Program(
        "conv2d", "matmul", f"conv2d NHWC f32[{nb},{hw},{hw},64] * HWIO f32[3,3,64,64], stride 1, SAME",
        conv, (Input("x", (nb, hw, hw, 64)), Input("w", (3, 3, 64, 64), scale=1.0 / 24.0)),
        flops=2 * nb * hw * hw * 64 * 3 * 3 * 64, rtol=1e-4, atol=1e-5))

    # --- loop and dispatch ------------------------------------------------------------------
    steps = 10_000

    def loop(x):
        return lax.fori_loop(0, steps, lambda i, c: c * jnp.float32(0.9999) + i.astype(jnp.float32) * 1e-4, x)

    progs.append(Program(
        "fori_loop_scalar", "loop", f"lax.fori_loop of {steps} scalar steps c = c*0.9999 + i*1e-4",
        loop, (Input("x", ()),), iterations=steps, rtol=1e-4, atol=1e-6))

    progs.append(Program(
        "scalar_add", "dispatch", "x + y on f32[] scalars (dispatch latency)", lambda x, y: x + y,
        (Input("x", ()), Input("y", ())), rtol=0.0, atol=0.0))

    return progs


def lower(prog: Program) -> tuple[str, list[dict[str, Any]]]:
    """Exactly `jax.jit(f).lower(*args).as_text()`, plus the output shapes/dtypes."""
    import jax
    import numpy as np

    args = [jax.ShapeDtypeStruct(i.shape, np.dtype(i.dtype)) for i in prog.inputs]
    lowered = jax.jit(prog.fn).lower(*args)
    outs = jax.tree_util.tree_leaves(lowered.out_info)
    return lowered.as_text(), [{"shape": list(o.shape), "dtype": str(np.dtype(o.dtype))} for o in outs]


def render(prog: Program, order: int, size: str, seed: int) -> tuple[str, str]:
    """(program text, metadata JSON) for one program."""
    import jax
    import jaxlib
    import numpy as np

    text, outputs = lower(prog)
    meta: dict[str, Any] = {
        "name": prog.name,
        "order": order,
        "size": size,
        "category": prog.category,
        "description": prog.description,
        "seed": seed,
        "inputs": [i.spec() for i in prog.inputs],
        "outputs": outputs,
        "flops": prog.flops,
        "bytes_moved": prog.bytes_moved,
        "iterations": prog.iterations,
        "tolerance": {"rtol": prog.rtol, "atol": prog.atol,
                      "rule": "|ours - xla| <= atol * max|xla| + rtol * |xla| elementwise"},
        "generator": {"jax": jax.__version__, "jaxlib": jaxlib.__version__, "numpy": np.__version__,
                      "text": "jax.jit(f).lower(*args).as_text()"},
    }
    return text, json.dumps(meta, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Writes (or with --check, verifies) programs/ and programs/quick/."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=OUT_DIR, help="output folder (default: %(default)s)")
    ap.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file differs")
    args = ap.parse_args(argv)

    import jax
    from jax._src.lib import _jax

    if jax.__version__ != "0.10.2":
        print(f"warning: the committed programs come from jax 0.10.2, this is {jax.__version__}", file=sys.stderr)
    stale: list[Path] = []
    for size, folder in (("full", args.out), ("quick", args.out / "quick")):
        folder.mkdir(parents=True, exist_ok=True)
        for order, prog in enumerate(build_programs(size == "quick")):
            text, meta = render(prog, order, size, seed=1000 + 17 * order)
            for path, content in ((folder / f"{prog.name}.mlir", text), (folder / f"{prog.name}.json", meta)):
                if path.exists() and path.read_text() == content:
                    continue
                stale.append(path)
                if not args.check:
                    path.write_text(content)
            # The same program as jax hands it to a PJRT plugin (see tests/corpus/generate_bytecode.py).
            blob = _jax.mlir.serialize_portable_artifact(text, CURRENT)
            path = folder / f"{prog.name}.mlirbc"
            if not (path.exists() and path.read_bytes() == blob):
                stale.append(path)
                if not args.check:
                    path.write_bytes(blob)
            print(f"{size:5s} {prog.name:20s} {prog.category:8s} {len(text):7d} chars")
    if args.check and stale:
        print("stale: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
