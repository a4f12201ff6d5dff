"""Writes the benchmark suite's StableHLO programs (issue 5) from real JAX into programs/.

A tool that runs in the reference venv with real `jax`/`jaxlib` 0.10.2 (it cannot share a
venv with our `jaxlib`); its output is committed, like the corpus. It must never write input
data: run_bench.py regenerates every input at bench time from the seed recorded here.

    /tmp/jaxvenv/bin/python benchmarks/generate_programs.py             # both suites, full + quick sizes
    /tmp/jaxvenv/bin/python benchmarks/generate_programs.py --suite broad
    /tmp/jaxvenv/bin/python benchmarks/generate_programs.py --check     # exit 1 if stale

For each program `<name>` it writes `programs/<name>.mlir`, exactly
`jax.jit(f).lower(*args).as_text()`, and `programs/<name>.json`: inputs (shape, dtype and how
to draw them from the seed), outputs, category (memory / matmul / loop / dispatch), FLOP
count or bytes moved, and the tolerance for comparing two backends' outputs, and
`programs/<name>.mlirbc`, the same program as jax sends it to a PJRT plugin (a StableHLO
portable artifact at our plugin's stablehlo_current_version): compile times are measured from
both. `--quick` sizes (smoke runs) go to `programs/quick/` with `"size": "quick"`.
The broad suite of issue 12 (every op family, category "broad") goes to `programs/broad/`
(and `programs/broad/quick/`).
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
    init: str = "normal"  # normal (loc, scale) | randint [low, high) | uniform [low, high)
    loc: float = 0.0
    scale: float = 1.0
    low: float = 0
    high: float = 1

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
    x64: bool = False  # lowered under jax.enable_x64(True) (f64 programs)
    # (text, outputs) when lowered as soon as it was defined (see build_broad_programs).
    lowered: tuple[str, list[dict[str, Any]]] | None = dataclasses.field(default=None, compare=False)


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


def build_broad_programs(quick: bool) -> list[Program]:
    """The broad suite of issue 12: every op family the compiler handles, written the way JAX
    users write it, at realistic sizes (`quick` shrinks them for smoke runs). Category "broad":
    the target is ours/XLA <= 1.2 per program and a geomean <= 0.8."""
    import jax
    import jax.numpy as jnp
    from jax import lax

    progs: list[Program] = []
    q = quick

    def add(name: str, family: str, description: str, fn: Callable[..., Any], inputs: tuple[Input, ...],
            rtol: float = 1e-5, atol: float = 1e-6, **kw: Any) -> None:
        # Lowered at once: the closures read sizes (n, r, c, ...) that later programs rebind.
        prog = Program(name, "broad", f"[{family}] {description}", fn, inputs, rtol=rtol, atol=atol, **kw)
        progs.append(dataclasses.replace(prog, lowered=lower(prog)))

    # --- sort, argsort, top_k -----------------------------------------------------------------
    n = 1 << (14 if q else 21)
    add("sort_f32", "sort", f"jnp.sort(x) of f32[{n}]", jnp.sort, (Input("x", (n,)),), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 20)
    add("argsort_f32", "sort", f"jnp.argsort(x) of f32[{n}] (stable: key + iota operands)", jnp.argsort,
        (Input("x", (n,)),), rtol=0.0, atol=0.0)
    r, c = (64, 512) if q else (4096, 512)
    add("sort_rows_f32", "sort", f"jnp.sort(x, axis=-1) of f32[{r},{c}]", lambda x: jnp.sort(x, axis=-1),
        (Input("x", (r, c)),), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 21)
    add("sort_i32", "sort", f"jnp.sort(x) of i32[{n}]", jnp.sort,
        (Input("x", (n,), "int32", init="randint", low=-(1 << 30), high=1 << 30),), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 20)
    add("lexsort_2keys", "sort", f"jnp.lexsort((b, a)) of two i32[{n}] keys (multi-key comparator)",
        lambda a, b: jnp.lexsort((b, a)),
        (Input("a", (n,), "int32", init="randint", low=0, high=1000),
         Input("b", (n,), "int32", init="randint", low=0, high=1 << 20)), rtol=0.0, atol=0.0)
    r, c, k = (64, 1024, 8) if q else (1024, 8192, 16)
    add("top_k_rows", "sort", f"lax.top_k(x, {k}) over the rows of f32[{r},{c}]", lambda x: lax.top_k(x, k),
        (Input("x", (r, c)),), rtol=0.0, atol=0.0)

    # --- cumulative ops (JAX lowers them to reduce_window with a window as long as the axis) ---
    r, c = (16, 1024) if q else (256, 16384)
    add("cumsum_rows", "cumulative", f"jnp.cumsum(x, axis=-1) of f32[{r},{c}]", lambda x: jnp.cumsum(x, axis=-1),
        (Input("x", (r, c)),), rtol=1e-3, atol=1e-4)
    r, c = (1024, 16) if q else (32768, 64)
    add("cumsum_cols", "cumulative", f"jnp.cumsum(x, axis=0) of f32[{r},{c}]", lambda x: jnp.cumsum(x, axis=0),
        (Input("x", (r, c)),), rtol=1e-3, atol=1e-4)
    n = 1 << (12 if q else 20)
    add("cummax_1d", "cumulative", f"lax.cummax(x) of f32[{n}]", lambda x: lax.cummax(x, axis=0),
        (Input("x", (n,)),), rtol=0.0, atol=0.0)
    r, c = (16, 1024) if q else (128, 16384)
    add("cumprod_rows", "cumulative", f"jnp.cumprod(x, axis=-1) of f32[{r},{c}] near 1", lambda x: jnp.cumprod(x, axis=-1),
        (Input("x", (r, c), loc=1.0, scale=0.003),), rtol=1e-3, atol=1e-5)

    # --- gather / scatter in their JAX forms ---------------------------------------------------
    v, d, b = (1000, 64, 512) if q else (50000, 256, 16384)
    add("embedding_gather", "gather", f"table f32[{v},{d}][ids i32[{b}]]", lambda t, i: t[i],
        (Input("table", (v, d)), Input("ids", (b,), "int32", init="randint", low=0, high=v)))
    n = 1 << (14 if q else 20)
    add("scatter_add_1d", "scatter", f"x.at[idx].add(u): f32[{n}], {n} updates with duplicates",
        lambda x, i, u: x.at[i].add(u),
        (Input("x", (n,)), Input("idx", (n,), "int32", init="randint", low=0, high=n), Input("u", (n,))),
        rtol=1e-4, atol=1e-5)
    r, d, m = (1000, 64, 512) if q else (20000, 128, 65536)
    add("scatter_add_rows", "scatter", f"x.at[idx].add(u): rows of f32[{r},{d}], {m} row updates",
        lambda x, i, u: x.at[i].add(u),
        (Input("x", (r, d)), Input("idx", (m,), "int32", init="randint", low=0, high=r), Input("u", (m, d))),
        rtol=1e-4, atol=1e-5)
    n, s = (1 << 14, 100) if q else (1 << 21, 4096)
    add("segment_sum", "scatter", f"jax.ops.segment_sum(f32[{n}], ids, {s} segments)",
        lambda x, i: jax.ops.segment_sum(x, i, num_segments=s),
        (Input("x", (n,)), Input("ids", (n,), "int32", init="randint", low=0, high=s)), rtol=1e-3, atol=1e-4)
    n = 1 << (14 if q else 20)
    add("scatter_set_1d", "scatter", f"x.at[idx].set(u, unique_indices=True): f32[{n}], {n // 4} distinct scattered indices",
        lambda x, u: x.at[(jnp.arange(n // 4, dtype=jnp.int32) * 7919) % n].set(u, unique_indices=True),
        (Input("x", (n,)), Input("u", (n // 4,))),
        rtol=0.0, atol=0.0)
    r, c, k = (256, 512, 32) if q else (4096, 1024, 64)
    add("take_along_axis", "gather", f"jnp.take_along_axis(f32[{r},{c}], i32[{r},{k}], axis=1)",
        lambda x, i: jnp.take_along_axis(x, i, axis=1),
        (Input("x", (r, c)), Input("idx", (r, k), "int32", init="randint", low=0, high=c)), rtol=0.0, atol=0.0)

    # --- FFT of every kind -----------------------------------------------------------------------
    n = 1 << (12 if q else 20)
    add("fft_c64", "fft", f"jnp.fft.fft of complex64[{n}] (built from two f32 inputs)",
        lambda x, y: jnp.fft.fft(lax.complex(x, y)), (Input("x", (n,)), Input("y", (n,))), rtol=1e-3, atol=1e-5)
    n = 1 << (12 if q else 22)
    add("rfft_f32", "fft", f"jnp.fft.rfft of f32[{n}]", jnp.fft.rfft, (Input("x", (n,)),), rtol=1e-3, atol=1e-5)
    r, c = (64, 129) if q else (1024, 513)
    add("irfft_rows", "fft", f"jnp.fft.irfft over the rows of complex64[{r},{c}]",
        lambda x, y: jnp.fft.irfft(lax.complex(x, y), axis=-1), (Input("x", (r, c)), Input("y", (r, c))),
        rtol=1e-3, atol=1e-5)
    b, h = (2, 64) if q else (8, 512)
    add("fft2_c64", "fft", f"jnp.fft.fft2 of complex64[{b},{h},{h}]",
        lambda x, y: jnp.fft.fft2(lax.complex(x, y)), (Input("x", (b, h, h)), Input("y", (b, h, h))),
        rtol=1e-3, atol=1e-5)
    r, c = (64, 1000) if q else (2048, 1000)
    add("rfft_rows_1000", "fft", f"jnp.fft.rfft over rows of f32[{r},{c}] (mixed radix 2^3 5^3)",
        lambda x: jnp.fft.rfft(x, axis=-1), (Input("x", (r, c)),), rtol=1e-3, atol=1e-5)

    # --- loops: while / scan / fori ----------------------------------------------------------------
    steps = 1000 if q else 10000
    add("fori_sin_scalar", "loop", f"lax.fori_loop of {steps} scalar steps c = sin(c) * 0.999 + 0.01",
        lambda x: lax.fori_loop(0, steps, lambda i, c: jnp.sin(c) * jnp.float32(0.999) + jnp.float32(0.01), x),
        (Input("x", ()),), rtol=1e-4, atol=1e-6, iterations=steps)
    steps, n = (100, 1024) if q else (1000, 4096)
    add("fori_vector", "loop", f"lax.fori_loop of {steps} steps x = x*0.99 + 0.01*tanh(x) on f32[{n}]",
        lambda x: lax.fori_loop(0, steps, lambda i, c: c * jnp.float32(0.99) + jnp.float32(0.01) * jnp.tanh(c), x),
        (Input("x", (n,)),), rtol=1e-4, atol=1e-6, iterations=steps)
    t, h = (50, 128) if q else (1000, 512)
    add("rnn_gemv_scan", "loop", f"lax.scan of h = tanh(W @ h + x_t), W f32[{h},{h}], {t} steps (GEMV recurrence)",
        lambda w, h0, xs: lax.scan(lambda hh, x: (jnp.tanh(w @ hh + x), None), h0, xs)[0],
        (Input("w", (h, h), scale=1.0 / math.sqrt(h)), Input("h0", (h,)), Input("xs", (t, h))),
        rtol=1e-3, atol=1e-4, iterations=t)
    t, bsz, d, h = (16, 8, 32, 64) if q else (64, 32, 128, 256)

    def gru(wx, wh, bias, h0, xs):
        def cell(hh, x):
            gx, gh = x @ wx + bias, hh @ wh
            r = jax.nn.sigmoid(gx[:, :h] + gh[:, :h])
            z = jax.nn.sigmoid(gx[:, h:2 * h] + gh[:, h:2 * h])
            nn = jnp.tanh(gx[:, 2 * h:] + r * gh[:, 2 * h:])
            hh = (1 - z) * nn + z * hh
            return hh, hh
        return lax.scan(cell, h0, xs)[1]

    add("gru_scan_forward", "loop", f"GRU forward through lax.scan: T={t}, batch {bsz}, in {d}, hidden {h}", gru,
        (Input("wx", (d, 3 * h), scale=1.0 / math.sqrt(d)), Input("wh", (h, 3 * h), scale=1.0 / math.sqrt(h)),
         Input("bias", (3 * h,), scale=0.1), Input("h0", (bsz, h)), Input("xs", (t, bsz, d))),
        rtol=1e-3, atol=1e-4, iterations=t)

    def lstm_loss(wx, wh, bias, xs):
        def cell(carry, x):
            hh, cc = carry
            g = x @ wx + hh @ wh + bias
            i, f, gg, o = jnp.split(g, 4, axis=-1)
            cc = jax.nn.sigmoid(f) * cc + jax.nn.sigmoid(i) * jnp.tanh(gg)
            hh = jax.nn.sigmoid(o) * jnp.tanh(cc)
            return (hh, cc), hh
        zeros = jnp.zeros((xs.shape[1], h), xs.dtype)
        _, hs = lax.scan(cell, (zeros, zeros), xs)
        return jnp.mean(hs ** 2)

    add("lstm_scan_grad", "loop", f"jax.value_and_grad of an LSTM through lax.scan: T={t}, batch {bsz}, in {d}, hidden {h}",
        lambda wx, wh, bias, xs: jax.value_and_grad(lstm_loss, argnums=(0, 1, 2))(wx, wh, bias, xs),
        (Input("wx", (d, 4 * h), scale=1.0 / math.sqrt(d)), Input("wh", (h, 4 * h), scale=1.0 / math.sqrt(h)),
         Input("bias", (4 * h,), scale=0.1), Input("xs", (t, bsz, d))), rtol=1e-3, atol=1e-4, iterations=t)
    t, c = (100, 64) if q else (2000, 256)
    add("scan_ema", "loop", f"lax.scan exponential moving average over f32[{t},{c}] (per-step outputs)",
        lambda xs: lax.scan(lambda s, x: (s * 0.9 + x * 0.1, s * 0.9 + x * 0.1), jnp.zeros((c,), jnp.float32), xs)[1],
        (Input("xs", (t, c)),), rtol=1e-4, atol=1e-6, iterations=t)

    # --- convolutions, forward and backward, pooling ----------------------------------------------
    def nhwc(x, w, stride=(1, 1), dil=(1, 1), groups=1, pad="SAME"):
        return lax.conv_general_dilated(x, w, stride, pad, rhs_dilation=dil, feature_group_count=groups,
                                        dimension_numbers=("NHWC", "HWIO", "NHWC"))

    nb, hw = (1, 56) if q else (8, 224)
    add("conv_stem_s2", "conv", f"ResNet stem conv 7x7 stride 2, NHWC f32[{nb},{hw},{hw},3] -> 64",
        lambda x, w: nhwc(x, w, (2, 2)), (Input("x", (nb, hw, hw, 3)), Input("w", (7, 7, 3, 64), scale=0.1)),
        rtol=1e-4, atol=1e-5, flops=2 * nb * (hw // 2) ** 2 * 64 * 49 * 3)
    nb, hw = (1, 28) if q else (8, 56)
    add("conv_dilated", "conv", f"conv 3x3 dilation 2, NHWC f32[{nb},{hw},{hw},64] -> 64",
        lambda x, w: nhwc(x, w, dil=(2, 2)), (Input("x", (nb, hw, hw, 64)), Input("w", (3, 3, 64, 64), scale=1.0 / 24)),
        rtol=1e-4, atol=1e-5, flops=2 * nb * hw * hw * 64 * 9 * 64)
    nb, hw, ch = (1, 28, 32) if q else (8, 112, 128)
    add("conv_depthwise", "conv", f"depthwise conv 3x3 (feature_group_count={ch}) on f32[{nb},{hw},{hw},{ch}]",
        lambda x, w: nhwc(x, w, groups=ch), (Input("x", (nb, hw, hw, ch)), Input("w", (3, 3, 1, ch), scale=0.3)),
        rtol=1e-4, atol=1e-5)
    nb, hw = (1, 28) if q else (8, 56)
    add("conv_grouped", "conv", f"grouped conv 3x3, 8 groups, f32[{nb},{hw},{hw},128] -> 128",
        lambda x, w: nhwc(x, w, groups=8), (Input("x", (nb, hw, hw, 128)), Input("w", (3, 3, 16, 128), scale=1.0 / 12)),
        rtol=1e-4, atol=1e-5)
    nb, hw = (1, 28) if q else (8, 56)

    def conv_loss(x, w):
        return jnp.sum(jnp.tanh(nhwc(x, w, (2, 2))))

    add("conv_s2_grad", "conv", f"jax.grad (input and weights) of a 3x3 stride-2 conv, f32[{nb},{hw},{hw},64] -> 128",
        jax.grad(conv_loss, argnums=(0, 1)),
        (Input("x", (nb, hw, hw, 64)), Input("w", (3, 3, 64, 128), scale=1.0 / 24)), rtol=1e-3, atol=1e-4)
    nb, t = (2, 256) if q else (16, 4096)
    add("conv1d", "conv", f"1-D conv (NWC) kernel 5, f32[{nb},{t},64] -> 128",
        lambda x, w: lax.conv_general_dilated(x, w, (1,), "SAME", dimension_numbers=("NWC", "WIO", "NWC")),
        (Input("x", (nb, t, 64)), Input("w", (5, 64, 128), scale=1.0 / 18)), rtol=1e-4, atol=1e-5)
    nb, hw = (1, 56) if q else (8, 112)
    add("max_pool", "pool", f"max pool 3x3 stride 2 (reduce_window) on f32[{nb},{hw},{hw},64]",
        lambda x: lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME"),
        (Input("x", (nb, hw, hw, 64)),), rtol=0.0, atol=0.0)
    add("avg_pool", "pool", f"average pool 2x2 stride 2 on f32[{nb},{hw},{hw},64]",
        lambda x: lax.reduce_window(x, 0.0, lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") * 0.25,
        (Input("x", (nb, hw, hw, 64)),), rtol=1e-5, atol=1e-6)
    nb, hw = (1, 28) if q else (8, 56)
    add("max_pool_grad", "pool", f"jax.grad of a 3x3/2 max pool (select_and_scatter) on f32[{nb},{hw},{hw},64]",
        jax.grad(lambda x: jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 3, 3, 1), (1, 2, 2, 1), "SAME") ** 2)),
        (Input("x", (nb, hw, hw, 64)),), rtol=1e-5, atol=1e-6)

    # --- reductions over every axis layout -------------------------------------------------------
    r, c = (256, 256) if q else (8192, 1024)
    add("reduce_axis0", "reduce", f"jnp.sum(x, axis=0) of f32[{r},{c}]", lambda x: jnp.sum(x, axis=0),
        (Input("x", (r, c)),), rtol=1e-3, atol=1e-4)
    add("reduce_max_rows", "reduce", f"jnp.max(x, axis=1) of f32[{r},{c}]", lambda x: jnp.max(x, axis=1),
        (Input("x", (r, c)),), rtol=0.0, atol=0.0)
    a, b, c = (8, 64, 32) if q else (64, 512, 256)
    add("reduce_middle", "reduce", f"jnp.mean(x, axis=1) of f32[{a},{b},{c}]", lambda x: jnp.mean(x, axis=1),
        (Input("x", (a, b, c)),), rtol=1e-3, atol=1e-4)
    add("var_axes02", "reduce", f"jnp.var(x, axis=(0, 2)) of f32[{a},{b},{c}]", lambda x: jnp.var(x, axis=(0, 2)),
        (Input("x", (a, b, c)),), rtol=1e-3, atol=1e-4)
    r, c = (256, 256) if q else (4096, 1024)
    add("argmax_rows", "reduce", f"jnp.argmax(x, axis=-1) of f32[{r},{c}] (variadic reduce)",
        lambda x: jnp.argmax(x, axis=-1), (Input("x", (r, c)),), rtol=0.0, atol=0.0)
    add("logsumexp_rows", "reduce", f"jax.nn.logsumexp(x, axis=-1) of f32[{r},{c}]",
        lambda x: jax.nn.logsumexp(x, axis=-1), (Input("x", (r, c)),), rtol=1e-4, atol=1e-5)

    # --- data movement ---------------------------------------------------------------------------
    n = 512 if q else 4096
    add("transpose_2d", "movement", f"x.T of f32[{n},{n}]", lambda x: x.T, (Input("x", (n, n)),), rtol=0.0, atol=0.0)
    nb, hw = (2, 32) if q else (32, 64)
    add("transpose_nhwc_nchw", "movement", f"jnp.transpose(x, (0, 3, 1, 2)) of f32[{nb},{hw},{hw},64]",
        lambda x: jnp.transpose(x, (0, 3, 1, 2)), (Input("x", (nb, hw, hw, 64)),), rtol=0.0, atol=0.0)
    r = 256 if q else 2048
    add("concat_axis1", "movement", f"jnp.concatenate of four f32[{r},512] along axis 1",
        lambda a, b, c, d: jnp.concatenate([a, b, c, d], axis=1),
        tuple(Input(nm, (r, 512)) for nm in "abcd"), rtol=0.0, atol=0.0)
    r = 1024 if q else 8192

    def dyn(x, i, j):
        blk = lax.dynamic_slice(x, (i[0], 0), (r // 4, 1024))
        return lax.dynamic_update_slice(x, blk * 2.0, (j[0], 0))

    add("dynamic_slice_update", "movement", f"dynamic_slice + dynamic_update_slice of row blocks of f32[{r},1024]", dyn,
        (Input("x", (r, 1024)), Input("i", (1,), "int32", init="randint", low=0, high=r // 2),
         Input("j", (1,), "int32", init="randint", low=0, high=r // 2)), rtol=0.0, atol=0.0)

    # --- RNG ---------------------------------------------------------------------------------------
    n = 1 << (14 if q else 22)
    add("rng_normal", "rng", f"jax.random.normal(key, ({n},)) (threefry)",
        lambda k: jax.random.normal(jax.random.wrap_key_data(k), (n,)),
        (Input("key", (2,), "uint32", init="randint", low=0, high=1 << 31),), rtol=1e-5, atol=1e-6)
    r = 256 if q else 4096
    add("dropout", "rng", f"dropout p=0.1 on f32[{r},1024] (jax.random.bernoulli)",
        lambda k, x: jnp.where(jax.random.bernoulli(jax.random.wrap_key_data(k), 0.9, x.shape), x / 0.9, 0.0),
        (Input("key", (2,), "uint32", init="randint", low=0, high=1 << 31), Input("x", (r, 1024))),
        rtol=1e-6, atol=0.0)

    # --- LAPACK calls -----------------------------------------------------------------------------
    b, m = (16, 32) if q else (256, 64)
    add("batched_solve", "lapack", f"jnp.linalg.solve of f32[{b},{m},{m}] with {m}x8 right-hand sides",
        jnp.linalg.solve, (Input("a", (b, m, m)), Input("b", (b, m, 8))), rtol=1e-2, atol=1e-3)
    b, m = (8, 32) if q else (128, 128)
    add("batched_cholesky", "lapack", f"jnp.linalg.cholesky of {b} SPD f32[{m},{m}] (a a^T + m I)",
        lambda a: jnp.linalg.cholesky(a @ jnp.swapaxes(a, -1, -2) + m * jnp.eye(m, dtype=a.dtype)),
        (Input("a", (b, m, m)),), rtol=1e-3, atol=1e-4)
    m, k = (128, 64) if q else (1024, 256)
    add("qr", "lapack", f"jnp.linalg.qr of f32[{m},{k}] (reduced)", lambda a: jnp.abs(jnp.linalg.qr(a)[1]),
        (Input("a", (m, k)),), rtol=1e-3, atol=1e-4)
    m = 64 if q else 256
    add("eigh", "lapack", f"eigenvalues of a symmetric f32[{m},{m}] (jnp.linalg.eigh)",
        lambda a: jnp.linalg.eigh((a + a.T) * 0.5)[0], (Input("a", (m, m)),), rtol=1e-3, atol=1e-4)

    # --- integer, f16, bf16 and f64 arithmetic ---------------------------------------------------------
    n = 1 << (14 if q else 22)
    add("int32_hash", "dtype", f"(x * 1103515245 + 12345) ^ (x >> 7), then % 1000, on i32[{n}]",
        lambda x: ((x * 1103515245 + 12345) ^ (x >> 7)) % 1000,
        (Input("x", (n,), "int32", init="randint", low=0, high=1 << 30),), rtol=0.0, atol=0.0)
    hw = 64 if q else 512
    add("uint8_normalize", "dtype", f"u8 image [{8},{hw},{hw},3] -> f32 (x / 255 - mean) / std",
        lambda x: (x.astype(jnp.float32) / 255.0 - jnp.array([0.485, 0.456, 0.406])) / jnp.array([0.229, 0.224, 0.225]),
        (Input("x", (8, hw, hw, 3), "uint8", init="randint", low=0, high=256),), rtol=1e-5, atol=1e-6)
    n = 1 << (14 if q else 22)
    add("f16_gelu", "dtype", f"jax.nn.gelu on f16[{n}]", jax.nn.gelu, (Input("x", (n,), "float16"),),
        rtol=2e-3, atol=1e-3)
    m = 256 if q else 1024
    add("bf16_matmul", "dtype", f"bf16[{m},{m}] @ bf16[{m},{m}] (bf16 result)", lambda a, b: a @ b,
        (Input("a", (m, m), "bfloat16"), Input("b", (m, m), "bfloat16")), rtol=2e-2, atol=1e-2, flops=2 * m**3)
    r = 256 if q else 4096
    add("bf16_layernorm", "dtype", f"layernorm in bf16 over f32 statistics of bf16[{r},1024]",
        lambda x: ((x - jnp.mean(x, -1, keepdims=True)) * lax.rsqrt(jnp.var(x.astype(jnp.float32), -1, keepdims=True)
                                                                    + 1e-5).astype(x.dtype)),
        (Input("x", (r, 1024), "bfloat16"),), rtol=2e-2, atol=1e-2)
    n = 1 << (14 if q else 21)
    add("f64_elementwise_sum", "dtype", f"jnp.sum(jnp.exp(-x*x) * y) in f64[{n}]",
        lambda x, y: jnp.sum(jnp.exp(-x * x) * y), (Input("x", (n,), "float64"), Input("y", (n,), "float64")),
        rtol=1e-9, atol=1e-12, x64=True)
    m = 128 if q else 512
    add("f64_matmul", "dtype", f"f64[{m},{m}] @ f64[{m},{m}]", lambda a, b: a @ b,
        (Input("a", (m, m), "float64"), Input("b", (m, m), "float64")), rtol=1e-10, atol=1e-12, flops=2 * m**3, x64=True)

    # --- whole models ------------------------------------------------------------------------------------
    nb, hw = (1, 28) if q else (8, 56)

    def bn(x):
        mu = jnp.mean(x, axis=(0, 1, 2))
        var = jnp.var(x, axis=(0, 1, 2))
        return (x - mu) * lax.rsqrt(var + 1e-5)

    def resnet_loss(w1, w2, x):
        y = jax.nn.relu(bn(nhwc(x, w1)))
        y = bn(nhwc(y, w2))
        return jnp.mean(jax.nn.relu(y + x) ** 2)

    add("resnet_block_grad", "model", f"jax.value_and_grad of a ResNet basic block (2 conv3x3 + BN + ReLU), f32[{nb},{hw},{hw},64]",
        jax.value_and_grad(resnet_loss, argnums=(0, 1)),
        (Input("w1", (3, 3, 64, 64), scale=1.0 / 24), Input("w2", (3, 3, 64, 64), scale=1.0 / 24),
         Input("x", (nb, hw, hw, 64))), rtol=1e-3, atol=1e-4)
    bsz, t, dm, nh = (1, 64, 128, 4) if q else (4, 128, 512, 8)

    def transformer_loss(wqkv, wo, w1, w2, x):
        def ln(z):
            mu = jnp.mean(z, -1, keepdims=True)
            return (z - mu) * lax.rsqrt(jnp.var(z, -1, keepdims=True) + 1e-5)
        hd = dm // nh
        qkv = ln(x) @ wqkv
        qq, kk, vv = (a.reshape(bsz, t, nh, hd) for a in jnp.split(qkv, 3, axis=-1))
        s = jnp.einsum("bqhd,bkhd->bhqk", qq, kk) / math.sqrt(hd)
        s = jnp.where(jnp.tril(jnp.ones((t, t), bool)), s, -1e9)
        a = jnp.einsum("bhqk,bkhd->bqhd", jax.nn.softmax(s, -1), vv).reshape(bsz, t, dm)
        x = x + a @ wo
        x = x + jax.nn.gelu(ln(x) @ w1) @ w2
        return jnp.mean(x ** 2)

    add("transformer_block_grad", "model", f"jax.value_and_grad of a pre-LN transformer block, [B,T,D]=[{bsz},{t},{dm}], {nh} heads",
        jax.value_and_grad(transformer_loss, argnums=(0, 1, 2, 3)),
        (Input("wqkv", (dm, 3 * dm), scale=1.0 / math.sqrt(dm)), Input("wo", (dm, dm), scale=1.0 / math.sqrt(dm)),
         Input("w1", (dm, 4 * dm), scale=1.0 / math.sqrt(dm)), Input("w2", (4 * dm, dm), scale=0.5 / math.sqrt(dm)),
         Input("x", (bsz, t, dm))), rtol=1e-3, atol=1e-4)
    n = 1 << (14 if q else 22)

    def adam(p, g, m, v):
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        return p - 1e-3 * (m / 0.1) / (jnp.sqrt(v / 0.001) + 1e-8), m, v

    add("adam_update", "model", f"an Adam step over f32[{n}] parameters (p, m, v out)", adam,
        (Input("p", (n,)), Input("g", (n,)), Input("m", (n,), scale=0.1), Input("v", (n,), loc=1.0, scale=0.1)),
        rtol=1e-5, atol=1e-6)

    # --- gather / scatter / search programs added later (appended: the order, and so the input
    # seeds, of the programs above stay as they were) ----------------------------------------------
    r, n = (256, 1 << 14) if q else (2048, 1 << 20)
    add("gather_points", "gather", f"x[i, j]: {n} points of f32[{r},{r}] (two index vectors, concatenated)",
        lambda x, i, j: x[i, j],
        (Input("x", (r, r)), Input("i", (n,), "int32", init="randint", low=0, high=r),
         Input("j", (n,), "int32", init="randint", low=0, high=r)), rtol=0.0, atol=0.0)
    m, n = (1024, 1 << 14) if q else (65536, 1 << 20)
    add("scatter_max", "scatter", f"x.at[idx].max(u): f32[{m}], {n} updates with duplicates",
        lambda x, i, u: x.at[i].max(u),
        (Input("x", (m,)), Input("idx", (n,), "int32", init="randint", low=0, high=m), Input("u", (n,))),
        rtol=0.0, atol=0.0)
    n, s = (1 << 14, 100) if q else (1 << 20, 1024)
    add("segment_max", "scatter", f"jax.ops.segment_max(f32[{n}], ids, {s} segments)",
        lambda x, i: jax.ops.segment_max(x, i, num_segments=s),
        (Input("x", (n,)), Input("ids", (n,), "int32", init="randint", low=0, high=s)), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 20)
    add("histogram", "search", f"jnp.histogram(f32[{n}], bins=256, range=(-4, 4)) (searchsorted + scatter-add)",
        lambda x: jnp.histogram(x, bins=256, range=(-4.0, 4.0))[0], (Input("x", (n,)),), rtol=0.0, atol=0.0)
    m, n = (1024, 1 << 14) if q else (65536, 1 << 20)
    add("searchsorted", "search", f"jnp.searchsorted(jnp.sort(s), q): s f32[{m}], q f32[{n}] (a fori_loop of gathers)",
        lambda s, x: jnp.searchsorted(jnp.sort(s), x),
        (Input("s", (m,)), Input("q", (n,))), rtol=0.0, atol=0.0)

    # --- programs written after the suite's first measurements (appended: seeds follow order) ---
    n = 1 << (14 if q else 20)
    add("cumsum_reverse", "cumulative", f"lax.cumsum(x, reverse=True) of f32[{n}] (padding at the window's end)",
        lambda x: lax.cumsum(x, reverse=True), (Input("x", (n,)),), rtol=1e-3, atol=1e-3)
    n = 1 << (14 if q else 22)
    add("polyval", "elementwise", f"jnp.polyval of 11 coefficients over f32[{n}] (Horner steps in calls)",
        lambda x: jnp.polyval(jnp.arange(1.0, 12.0) / 10.0, x), (Input("x", (n,), scale=0.5),), rtol=1e-4, atol=1e-4)
    r, c = (256, 64) if q else (2048, 512)
    add("tile_repeat", "movement", f"jnp.repeat(jnp.tile(x, (2, 1)), 2, axis=1) of f32[{r},{c}]",
        lambda x: jnp.repeat(jnp.tile(x, (2, 1)), 2, axis=1), (Input("x", (r, c)),), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 22)
    add("jnp_select", "elementwise", f"jnp.select of two conditions over f32[{n}] (argmax over a boolean stack)",
        lambda x: jnp.select([x < -1, x > 1], [x * 2, x * x], x), (Input("x", (n,)),), rtol=0.0, atol=0.0)
    bsz, t = (1, 64) if q else (4, 512)
    add("bf16_attention", "dtype", f"jax.nn.dot_product_attention in bf16, [{bsz},{t},8,64]",
        lambda qq, k, v: jax.nn.dot_product_attention(qq, k, v),
        tuple(Input(nm, (bsz, t, 8, 64), "bfloat16") for nm in ("q", "k", "v")), rtol=3e-2, atol=3e-2)
    r = 256 if q else 4096
    add("f16_softmax", "dtype", f"jax.nn.softmax over rows of f16[{r},1024]",
        lambda x: jax.nn.softmax(x, -1), (Input("x", (r, 1024), "float16"),), rtol=1e-2, atol=1e-3)
    n = 256 if q else 2048
    add("diff_2d", "movement", f"jnp.diff(x, axis=0) of f32[{n},{n}] (x[1:] - x[:-1]: two overlapping slices)",
        lambda x: jnp.diff(x, axis=0), (Input("x", (n, n)),), rtol=0.0, atol=0.0)
    n = 1 << (14 if q else 20)
    add("complex_mul", "dtype", f"jnp.abs(lax.complex(a, b) * lax.complex(b, a)) of f32[{n}] (c64 in between)",
        lambda a, b: jnp.abs(lax.complex(a, b) * lax.complex(b, a)), (Input("a", (n,)), Input("b", (n,))),
        rtol=1e-4, atol=1e-5)

    return progs


def lower(prog: Program) -> tuple[str, list[dict[str, Any]]]:
    """Exactly `jax.jit(f).lower(*args).as_text()`, plus the output shapes/dtypes."""
    if prog.lowered is not None:
        return prog.lowered
    import jax
    import numpy as np

    args = [jax.ShapeDtypeStruct(i.shape, np.dtype(i.dtype)) for i in prog.inputs]
    with jax.enable_x64(prog.x64):
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
    ap.add_argument("--suite", choices=("core", "broad", "all"), default="all",
                    help="core: the 11 programs of issue 5 (programs/); broad: issue 12's suite (programs/broad/)")
    args = ap.parse_args(argv)

    import jax
    from jax._src.lib import _jax

    if jax.__version__ != "0.10.2":
        print(f"warning: the committed programs come from jax 0.10.2, this is {jax.__version__}", file=sys.stderr)
    stale: list[Path] = []
    suites = [(build_programs, args.out)] if args.suite in ("core", "all") else []
    if args.suite in ("broad", "all"):
        suites.append((build_broad_programs, args.out / "broad"))
    for (build, root), size in ((s, z) for s in suites for z in ("full", "quick")):
        folder = root if size == "full" else root / "quick"
        folder.mkdir(parents=True, exist_ok=True)
        for order, prog in enumerate(build(size == "quick")):
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
            print(f"{size:5s} {prog.name:24s} {prog.category:8s} {len(text):7d} chars")
    if args.check and stale:
        print("stale: " + ", ".join(str(p) for p in stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
