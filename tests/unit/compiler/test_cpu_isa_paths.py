"""The CPU executor's ISA-dispatched paths give the baseline (scalar) kernels' bits (issue 12).

Each program runs with JAXLIB_CPU_ISA=baseline, =avx2 and uncapped; the results must be
bit-identical and agree with numpy. Covers the f16/bf16 add/sub/mul/div vector kernels (F16C and
integer bf16 rounding), half-float unary ops by table, and the AVX2 row max/min fast path (NaN,
signed zeros, denormals and infinities), and the direct f32 convolution, whose AVX-512 and
AVX2 + FMA micro-kernels give the same bits (the baseline runs im2col + GEMM: compared with a
float64 reference only). Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

import os
import platform
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'
ISAS = ("baseline", "avx2", "")  # "" = what the CPU has

pytestmark = pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 ISA variants")


def run_isa(driver: Path, tmp_path: Path, mlir: str, isa: str, *inputs: np.ndarray,  # noqa: F811
            extra_env: dict[str, str] | None = None, stderr: list[str] | None = None) -> list[np.ndarray]:
    """Runs `mlir` with the vector ISA capped at `isa` ("" for none); returns the outputs.

    `extra_env` adds environment variables; `stderr`, when given, receives the driver's stderr."""
    prog = tmp_path / "p.mlir"
    prog.write_text(textwrap.dedent(mlir))
    out = tmp_path / (isa or "native")
    out.mkdir(exist_ok=True)
    args = [str(driver), "--out", str(out), str(prog)]
    for i, a in enumerate(inputs):
        path = tmp_path / f"in{i}.npy"
        np.save(path, np.ascontiguousarray(a))
        args.append(str(path))
    env = dict(os.environ)
    env.pop("JAXLIB_CPU_ISA", None)
    env.pop("JAXLIB_CPU_DISABLE_JIT", None)
    if isa:
        env["JAXLIB_CPU_ISA"] = isa
    env.update(extra_env or {})
    r = subprocess.run(args, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, f"driver exited {r.returncode} at ISA {isa or 'native'}: {r.stderr}"
    if stderr is not None:
        stderr.append(r.stderr)
    outs, k = [], 0
    while (out / f"out{k}.npy").exists():
        outs.append(np.load(out / f"out{k}.npy"))
        k += 1
    return outs


def run_every_isa(driver: Path, tmp_path: Path, mlir: str, *inputs: np.ndarray) -> list[np.ndarray]:  # noqa: F811
    """Runs at every ISA, asserts bit-identical outputs, returns the baseline's."""
    ref = run_isa(driver, tmp_path, mlir, "baseline", *inputs)
    for isa in ISAS[1:]:
        got = run_isa(driver, tmp_path, mlir, isa, *inputs)
        for k, (g, r) in enumerate(zip(got, ref, strict=True)):
            assert g.tobytes() == r.tobytes(), f"expected output {k} at ISA {isa or 'native'} to be the baseline's bits"
    return ref


def all_halves_pair(seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Every 16-bit pattern against a shuffled copy, plus an odd tail (65536 + 13 elements)."""
    a = np.arange(65536 + 13, dtype=np.uint32).astype(np.uint16)
    b = np.random.default_rng(seed).permutation(a)
    return a, b


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide"])
def test_f16_arithmetic_vector_kernels_match_scalar_and_numpy(driver, tmp_path, op):  # noqa: F811
    n = 65536 + 13
    t = f"tensor<{n}xf16>"
    a, b = all_halves_pair(1)
    got = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}) -> {t} {{
            %0 = stablehlo.{op} %a, %b : {t}
            return %0 : {t}
          }}
        }}""", a.view(np.float16), b.view(np.float16))[0]
    fa, fb = a.view(np.float16).astype(np.float32), b.view(np.float16).astype(np.float32)
    with np.errstate(all="ignore"):
        want = {"add": fa + fb, "subtract": fa - fb, "multiply": fa * fb, "divide": fa / fb}[op].astype(np.float16)
    g = got.view(np.float16)
    nan = np.isnan(want)
    assert np.array_equal(np.isnan(g), nan), "expected NaN exactly where float32-then-round gives NaN"
    assert g[~nan].tobytes() == want[~nan].tobytes(), "expected each result rounded from one f32 operation"


@pytest.mark.parametrize("op", ["add", "subtract", "multiply", "divide"])
def test_bf16_arithmetic_vector_kernels_match_scalar(driver, tmp_path, op):  # noqa: F811
    ml_dtypes = pytest.importorskip("ml_dtypes")
    n = 65536 + 13
    t = f"tensor<{n}xbf16>"
    a, b = all_halves_pair(2)
    got = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}) -> {t} {{
            %0 = stablehlo.{op} %a, %b : {t}
            return %0 : {t}
          }}
        }}""", a, b)[0]
    # Away from denormals (read as zero under DAZ, flushed under FTZ) and NaN payloads, the result
    # is the f32 operation rounded to nearest even.
    fa = a.view(ml_dtypes.bfloat16).astype(np.float32)
    fb = b.view(ml_dtypes.bfloat16).astype(np.float32)
    with np.errstate(all="ignore"):
        f = {"add": fa + fb, "subtract": fa - fb, "multiply": fa * fb, "divide": fa / fb}[op]
    tiny = np.finfo(np.float32).tiny
    ok = ((np.abs(fa) >= tiny) | (fa == 0)) & ((np.abs(fb) >= tiny) | (fb == 0)) & ((np.abs(f) >= tiny) | (f == 0))
    ok &= ~np.isnan(f)
    want = f.astype(ml_dtypes.bfloat16).view(np.uint16)
    assert ok.sum() > 30000
    assert np.array_equal(got[ok], want[ok]), "expected each result rounded to nearest even from one f32 operation"
    assert np.all((got[np.isnan(f)] & 0x7fc0) == 0x7fc0), "expected quiet NaNs"


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_half_unary_ops_by_table_cover_every_bit_pattern(driver, tmp_path, dtype):  # noqa: F811
    ml_dtypes = pytest.importorskip("ml_dtypes")
    t = f"tensor<65536x{dtype}>"
    bits = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    tanh, exp, neg = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}) -> ({t}, {t}, {t}) {{
            %0 = stablehlo.tanh %a : {t}
            %1 = stablehlo.exponential %a : {t}
            %2 = stablehlo.negate %a : {t}
            return %0, %1, %2 : {t}, {t}, {t}
          }}
        }}""", bits)
    np_t = np.float16 if dtype == "f16" else ml_dtypes.bfloat16
    x = bits.view(np_t).astype(np.float64)
    normal = (np.abs(x) >= np.finfo(np.float32).tiny) | (x == 0)  # DAZ reads bf16 denormals as zero
    for name, got, ref in (("tanh", tanh, np.tanh(x)), ("exp", exp, np.exp(x))):
        with np.errstate(all="ignore"):
            want = ref.astype(np.float32).astype(np_t)
        g = got.view(np_t)
        keep = normal & ~np.isnan(x) & (np.abs(want.astype(np.float64)) >= np.finfo(np.float32).tiny)
        diff = np.abs(g.view(np.uint16)[keep].astype(np.int32) - want.view(np.uint16)[keep].astype(np.int32))
        assert diff.max() <= 1, f"expected {dtype} {name} within one half ulp of the true value"
        assert np.isnan(g.astype(np.float32)[np.isnan(x)]).all(), f"expected {dtype} {name}(NaN) = NaN"
    assert np.array_equal(neg.view(np.uint16)[normal], bits[normal] ^ 0x8000), f"expected {dtype} negate to flip the sign bit only"


def test_row_max_min_fast_path_keeps_nan_zero_and_denormal_semantics(driver, tmp_path):  # noqa: F811
    rng = np.random.default_rng(3)
    rows, n = 12, 203  # 203: full 32-lane blocks, 8-lane blocks and a tail
    x = rng.standard_normal((rows, n)).astype(np.float32)
    x[1, 7] = np.nan
    x[2, :] = 0.0
    x[2, 5] = -0.0
    x[3, :] = -0.0
    x[4, :] = np.float32(1e-40)  # denormals: zero under DAZ
    x[5, :] = -np.inf
    x[6, 200] = np.inf
    x[7, :] = -np.abs(x[7, :])
    x[7, 202] = 0.0
    x[8, 3] = -np.nan
    x[9, :] = 7.5
    t, r = f"tensor<{rows}x{n}xf32>", f"tensor<{rows}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> ({r}, {r}) {{
            %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
            %pinf = stablehlo.constant dense<0x7F800000> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            %1 = stablehlo.reduce(%x init: %pinf) applies stablehlo.minimum across dimensions = [1] : ({t}, tensor<f32>) -> {r}
            return %0, %1 : {r}, {r}
          }}
        }}"""
    mx, mn = run_every_isa(driver, tmp_path, prog, x)
    plain = [0, 6, 9, 10, 11]
    assert np.array_equal(mx[plain], x[plain].max(axis=1)), "expected the row maxima"
    assert np.array_equal(mn[plain], x[plain].min(axis=1)), "expected the row minima"
    assert np.isnan(mx[1]) and np.isnan(mn[1]) and np.isnan(mx[8]) and np.isnan(mn[8]), "expected NaN to win"
    assert mx[5] == -np.inf and mn[6] == x[6].min() and mx[6] == np.inf
    assert mx[7] == 0.0 and mn[7] == x[7].min()


def row_sum_in_shared_order(row: np.ndarray, init: np.float32) -> np.float32:
    """The f32 row sum's order at every ISA: four 16-lane partials over 64-element steps, the
    tail 16 at a time into partial 0 (zero-filled), (p0 + p1) + (p2 + p3), the lanes as a tree."""
    a = np.zeros((4, 16), np.float32)
    r = 0
    while r + 64 <= row.size:
        a += row[r:r + 64].reshape(4, 16)
        r += 64
    while r < row.size:
        t = np.zeros(16, np.float32)
        t[:min(16, row.size - r)] = row[r:r + 16]
        a[0] += t
        r += 16
    s = (a[0] + a[1]) + (a[2] + a[3])
    w = 8
    while w >= 1:
        s[:w] = s[:w] + s[w:2 * w]
        w //= 2
    return np.float32(init + s[0])


def test_row_sums_fold_in_one_order_at_every_width(driver, tmp_path):  # noqa: F811
    # Lengths with and without 64-element steps and 16-element tails; values spread over six
    # decades, so any other order of additions gives other bits. The 3-D input is reduced over
    # dims 0 and 2 in place, segment by segment, in the order of its transposed rows. (Sums of
    # fewer than 4096 elements take XLA's tree order instead: every input here is larger.)
    rng = np.random.default_rng(12)

    def spread(*shape):
        return (rng.standard_normal(shape) * 10.0 ** rng.uniform(-3, 3, shape)).astype(np.float32)

    lengths = (17, 64, 100, 203, 1000)
    xs = [spread(-(-4100 // n), n) for n in lengths]
    seg = spread(8, 5, 128)
    args = ", ".join(f"%x{k}: tensor<{x.shape[0]}x{x.shape[1]}xf32>" for k, x in enumerate(xs))
    body = "\n".join(f"    %r{k} = stablehlo.reduce(%x{k} init: %init) applies stablehlo.add across dimensions = [1] "
                      f": (tensor<{x.shape[0]}x{x.shape[1]}xf32>, tensor<f32>) -> tensor<{x.shape[0]}xf32>"
                      for k, x in enumerate(xs))
    results = ", ".join(f"%r{k}" for k in range(len(xs)))
    types = ", ".join(f"tensor<{x.shape[0]}xf32>" for x in xs)
    prog = f"""
        {MOD}
          func.func public @main({args}, %s: tensor<8x5x128xf32>) -> ({types}, tensor<5xf32>) {{
            %init = stablehlo.constant dense<0.25> : tensor<f32>
        {body}
            %rs = stablehlo.reduce(%s init: %init) applies stablehlo.add across dimensions = [0, 2] : (tensor<8x5x128xf32>, tensor<f32>) -> tensor<5xf32>
            return {results}, %rs : {types}, tensor<5xf32>
          }}
        }}"""
    outs = run_every_isa(driver, tmp_path, prog, *xs, seg)
    init = np.float32(0.25)
    for x, got in zip(xs, outs, strict=False):
        want = np.array([row_sum_in_shared_order(row, init) for row in x], np.float32)
        assert got.tobytes() == want.tobytes(), f"expected the shared order's bits for rows of {x.shape[1]}"
    rows = seg.transpose(1, 0, 2).reshape(5, 1024)
    want = np.array([row_sum_in_shared_order(row, init) for row in rows], np.float32)
    assert outs[-1].tobytes() == want.tobytes(), "expected segment-fed rows to fold as their transposed copy"


def special_f32(n: int, seed: int) -> np.ndarray:
    """Normal values mixed with NaN, +-inf, +-0, denormals and values near exp/tanh's limits."""
    rng = np.random.default_rng(seed)
    x = (rng.standard_normal(n) * 30).astype(np.float32)
    specials = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 88.7, 89.0, -104.0,
                         -87.5, 9.0, -9.0, 4e-4, -4e-4, 1.0, -1.0], dtype=np.float32)
    x[rng.choice(n, 400, replace=False)] = rng.choice(specials, 400)
    return x


def test_f32_elementwise_kernels_same_bits_at_every_width(driver, tmp_path):  # noqa: F811
    n = 4099  # not a multiple of 16, 8 or 4: every tail path runs
    t, p = f"tensor<{n}xf32>", f"tensor<{n}xi1>"
    a, b = special_f32(n, 4), special_f32(n, 5)
    outs = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}) -> ({t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {p}, {p}) {{
            %0 = stablehlo.exponential %a : {t}
            %1 = stablehlo.tanh %a : {t}
            %2 = stablehlo.log %a : {t}
            %3 = stablehlo.exponential_minus_one %a : {t}
            %4 = stablehlo.logistic %a : {t}
            %5 = stablehlo.maximum %a, %b : {t}
            %6 = stablehlo.minimum %a, %b : {t}
            %7 = stablehlo.log_plus_one %b : {t}
            %8 = stablehlo.compare LT, %a, %b, FLOAT : ({t}, {t}) -> {p}
            %9 = stablehlo.compare NE, %a, %b, FLOAT : ({t}, {t}) -> {p}
            return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : {t}, {t}, {t}, {t}, {t}, {t}, {t}, {t}, {p}, {p}
          }}
        }}""", a, b)
    flush = lambda v: np.where(np.abs(v) < np.finfo(np.float32).tiny, np.float32(0) * np.sign(v), v)  # noqa: E731
    fa, fb = flush(a), flush(b)
    with np.errstate(invalid="ignore"):
        assert np.array_equal(outs[5], np.maximum(fa, fb), equal_nan=True), "expected NaN-propagating max"
        assert np.array_equal(outs[6], np.minimum(fa, fb), equal_nan=True), "expected NaN-propagating min"
        assert np.array_equal(outs[8], fa < fb) and np.array_equal(outs[9], fa != fb), "expected IEEE compares"
    ok = np.isfinite(a) & (np.abs(a) < 80)
    np.testing.assert_allclose(outs[0][ok], np.exp(a[ok].astype(np.float64)), rtol=1e-6, atol=0)


def test_fused_loop_jit_same_bits_as_interpreter_at_every_width(driver, tmp_path):  # noqa: F811
    # One fused loop of every op the fused-loop JIT translates, over NaN, +-inf, +-0, denormals
    # and the exp/tanh/erf clamp points: native at AVX2 and AVX-512, interpreted with the JIT
    # off and at the baseline ISA; every run must give the same bits.
    n = 4099 + 4096  # long enough for native code; not a multiple of 16, 8 or 4 (tails interpret)
    t, p = f"tensor<{n}xf32>", f"tensor<{n}xi1>"
    a, b = special_f32(n, 11), special_f32(n, 12)
    a[:8] = [1e-40, -1e-40, 88.72, 88.73, -103.97, -104.0, 4.0, -4.0]
    # One NaN payload, and no op whose operands can be NaNs of two payloads (logistic turns NaN
    # into -NaN): which one survives then depends on operand order, which the C++ compiler may
    # swap in the interpreter's kernels.
    a[np.isnan(a)], b[np.isnan(b)] = np.nan, np.nan
    m = np.random.default_rng(13).random(n) < 0.5
    ops = {"exponential": "%a", "tanh": "%a", "logistic": "%a", "sqrt": "%a", "rsqrt": "%a", "negate": "%a",
           "abs": "%b"}
    body = [f"%u{k} = stablehlo.{op} {arg} : {t}" for k, (op, arg) in enumerate(ops.items())]
    body += [f"%e = chlo.erf %b : {t} -> {t}",
             f"%mx = stablehlo.maximum %a, %b : {t}", f"%mn = stablehlo.minimum %a, %b : {t}",
             f"%d = stablehlo.divide %a, %b : {t}", f"%sq = stablehlo.multiply %u1, %b : {t}",
             f"%c = stablehlo.compare GE, %a, %b, FLOAT : ({t}, {t}) -> {p}",
             f"%s = stablehlo.select %c, %u0, %e : {p}, {t}",
             f"%s2 = stablehlo.select %m, %mx, %mn : {p}, {t}",
             f"%r = stablehlo.subtract %s, %d : {t}"]
    results = [f"%u{k}" for k in range(len(ops))] + ["%e", "%sq", "%s2", "%r"]
    mlir = arrays_and_mask_program(t, p, body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, m)
    want_exp = np.exp(a.astype(np.float64))
    ok = np.isfinite(a) & (np.abs(a) < 80) & ((a == 0) | (np.abs(a) > 1e-37))
    np.testing.assert_allclose(ref[0][ok], want_exp[ok], rtol=1e-6, atol=0)


def test_exp_scaling_by_exponent_add_same_bits_at_every_width(driver, tmp_path):  # noqa: F811
    # The AVX2 JIT scales exp's polynomial by 2^n with an integer add to its exponent bits where
    # every lane of an iteration has n >= -124, else by vector_math.h's two exact powers of two.
    # Sorted sweeps give whole iterations on either side: [-104, 89] in small steps, every f32
    # where n goes from -126 to -123 (x near -124.5 ln2) and from 127 to the clamp (x above
    # 127.5 ln2, where results near the largest float round to it or to infinity); a few NaN
    # and infinities at the end. Every run must give the baseline's bits (the interpreter).
    def every_f32(lo: float, hi: float) -> np.ndarray:
        a, b = np.array([lo, hi], dtype=np.float32).view(np.int32)
        return np.arange(min(a, b), max(a, b) + 1, dtype=np.int32).view(np.float32)
    a = np.concatenate([np.linspace(-104.0, 89.0, 60000, dtype=np.float32), every_f32(-87.5, -85.2),
                        every_f32(88.0, 88.9), np.array([np.nan, np.inf, -np.inf, 0.0, -0.0], np.float32)])
    n = a.size
    t, p = f"tensor<{n}xf32>", f"tensor<{n}xi1>"
    b = np.ones(n, np.float32)
    m = np.zeros(n, np.bool_)
    body = [f"%e = stablehlo.exponential %a : {t}", f"%s = stablehlo.subtract %a, %b : {t}",
            f"%l = stablehlo.logistic %s : {t}"]
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, arrays_and_mask_program(t, p, body, ["%e", "%l"]),
                                                       ["%e", "%l"], a, b, m)
    want = np.exp(a.astype(np.float64))
    tiny, big = np.finfo(np.float32).tiny, float(np.finfo(np.float32).max)
    ok = np.isfinite(want) & (want >= 2 * tiny) & (want <= big / 2)  # clear of the edges' roundings
    ulp = np.spacing(want[ok].astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(ref[0][ok] - want[ok]) / ulp) <= 2.0, "expected exp within 2 ulp of float64 exp"
    assert np.all(ref[0][np.isfinite(a) & (want < 0.99 * tiny)] == 0), "expected results below 2^-126 flushed to zero"
    assert np.all(np.isinf(ref[0][np.isfinite(a) & (want > 1.01 * big)])), "expected overflow to infinity"
    assert ok.sum() > 100000 and np.sum(ref[0] == 0) > 1000 and np.sum(np.isinf(ref[0])) > 1000
    assert np.isnan(ref[0][-5]) and ref[0][-4] == np.inf and ref[0][-3] == 0.0, "expected exp(NaN, inf, -inf)"


def test_fused_loop_jit_log_log1p_expm1_same_bits_as_interpreter(driver, tmp_path):  # noqa: F811
    # log, log_plus_one and exponential_minus_one natively (vector_math.h's Log, Log1p and Expm1
    # step for step) over every float class: NaN, +-inf, +-0, denormals (zeros under DAZ),
    # negatives, -1 and below, every f32 near 1, near -1 and around log1p's series bound 1e-4,
    # expm1's clamps and its n = 0 and n = 24 switches, and random magnitudes from 1e-38 to 1e38.
    # The native runs must give the interpreter's bits at AVX2 and AVX-512 and trace a native loop.
    def every_f32(lo: float, hi: float) -> np.ndarray:
        a, b = np.array([lo, hi], dtype=np.float32).view(np.int32)
        return np.arange(min(a, b), max(a, b) + 1, dtype=np.int32).view(np.float32)
    rng = np.random.default_rng(21)
    mags = (10.0 ** rng.uniform(-38, 38, 20000) * rng.choice([-1, 1], 20000)).astype(np.float32)
    specials = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 1.17549435e-38,
                         -1.17549435e-38, 1.0, -1.0, -1.0000001, -0.99999994, 2.0, 0.5, 0.70710677, 0.70710683,
                         1.4142135,                         1e-4, -1e-4, 9.9999e-5, -9.9999e-5, 88.72283935546875, 88.722846, 88.8, 89.0, -104.0,
                         -103.99999, -104.00001, 0.3465736, -0.3465736, 0.34657362, 16.98, 17.0, 16.97,
                         3.4028235e38, -3.4028235e38], dtype=np.float32)
    a = np.concatenate([specials, every_f32(0.9999, 1.0001), every_f32(-1.0002e-4, -0.9998e-4),
                        every_f32(0.9998e-4, 1.0002e-4),
                        every_f32(-0.99995, -0.9999), np.linspace(-110, 95, 30000, dtype=np.float32),
                        np.linspace(16.0, 18.0, 4000, dtype=np.float32), mags, specials])
    a[np.isnan(a)] = np.nan  # one NaN payload, as in the test above of every op the JIT translates
    n = a.size
    t, p = f"tensor<{n}xf32>", f"tensor<{n}xi1>"
    b = rng.permutation(a)
    m = np.zeros(n, np.bool_)
    body = [f"%l = stablehlo.log %a : {t}", f"%l1 = stablehlo.log_plus_one %a : {t}",
            f"%e1 = stablehlo.exponential_minus_one %a : {t}", f"%s = stablehlo.add %a, %b : {t}",
            f"%l2 = stablehlo.log_plus_one %s : {t}"]
    results = ["%l", "%l1", "%e1", "%l2"]
    mlir = arrays_and_mask_program(t, p, body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, m, all_native=True)
    x = a.astype(np.float64)
    normal = (x == 0) | (np.abs(x) > 1.2e-38)  # denormals read as zeros
    with np.errstate(all="ignore"):
        for k, (f, ok) in enumerate([(np.log, (x > 1.2e-38) & np.isfinite(x)),
                                     (np.log1p, (x > -1) & np.isfinite(x) & normal),
                                     (np.expm1, (x < 88) & (x > -100) & normal)]):
            want = f(x[ok])
            ulp = np.spacing(np.abs(want).astype(np.float32)).astype(np.float64)
            err = np.max(np.abs(ref[k][ok] - want) / ulp)
            assert err <= 3.0, f"expected {results[k]} within 3 ulp of float64, got {err} ulp"
    lg, l1, e1 = ref[0], ref[1], ref[2]
    assert np.all(lg[4:8] == -np.inf), "expected log(+-0, +-denormal) = -inf"
    assert np.isnan(lg[0]) and lg[2] == np.inf, "expected log(NaN) = NaN and log(inf) = inf"
    assert np.isnan(lg[3]) and np.isnan(lg[11]), "expected log(-inf) and log(-1) to be NaN"
    assert lg[10] == 0.0 and l1[4] == 0.0 and e1[4] == 0.0, "expected log(1) = log1p(0) = expm1(0) = 0"
    assert l1[11] == -np.inf and np.isnan(l1[12]), "expected log1p(-1) = -inf and log1p(< -1) = NaN"
    assert l1[2] == np.inf and np.isnan(l1[3]), "expected log1p(inf) = inf and log1p(-inf) = NaN"
    assert e1[2] == np.inf and e1[24] == np.inf, "expected expm1 = inf at inf and past 88.7228394"
    assert e1[3] == -1.0 and e1[29] == -1.0, "expected expm1 = -1 at -inf and below -104"
    assert np.isnan(l1[0]) and np.isnan(e1[0]), "expected NaN through log1p and expm1"


@pytest.mark.parametrize("dtype", ["i32", "ui32"])
def test_fused_loop_jit_popcnt_and_count_leading_zeros(driver, tmp_path, dtype):  # noqa: F811
    # popcnt and count_leading_zeros of 32-bit lanes natively (bit counts by shifts, masks and a
    # multiply; leading zeros as the ones of the complement of the value smeared right): zero,
    # all ones, the sign bit, every power of two and its neighbours, random words of random
    # lengths, and a sum of both counts. Every run must give the interpreter's bits and C's
    # counts.
    rng = np.random.default_rng(31)
    pow2 = np.left_shift(np.uint32(1), np.arange(32, dtype=np.uint32))
    words = [0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 1]
    edge = np.concatenate([words, pow2, pow2 - 1, pow2 + 1]).astype(np.uint32)
    a = np.concatenate([edge, rng.integers(0, 2**32, 9000, dtype=np.uint64).astype(np.uint32), edge])
    shifts = rng.integers(0, 32, a.size).astype(np.uint64)
    b = (rng.integers(0, 2**32, a.size, dtype=np.uint64) >> shifts).astype(np.uint32)
    np_t = np.int32 if dtype == "i32" else np.uint32
    n = a.size
    t, p = f"tensor<{n}x{dtype}>", f"tensor<{n}xi1>"
    body = [f"%pc = stablehlo.popcnt %a : {t}", f"%lz = stablehlo.count_leading_zeros %a : {t}",
            f"%lz2 = stablehlo.count_leading_zeros %b : {t}",
            f"%s = stablehlo.add %lz2, %pc : {t}"]
    results = ["%pc", "%lz", "%s"]
    mlir = arrays_and_mask_program(t, p, body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a.view(np_t), b.view(np_t),
                                                       np.zeros(n, np.bool_), all_native=True)
    pc = np.array([bin(int(v)).count("1") for v in a], np.int64)
    lz = np.array([32 - int(v).bit_length() for v in a], np.int64)
    lz2 = np.array([32 - int(v).bit_length() for v in b], np.int64)
    assert np.array_equal(ref[0].astype(np.int64), pc), "expected popcnt to count the ones of each word"
    assert np.array_equal(ref[1].astype(np.int64), lz), "expected count_leading_zeros = 32 - bit length"
    assert np.array_equal(ref[2].astype(np.int64), lz2 + pc), "expected clz(b) + popcnt(a)"


def arrays_and_mask_program(t: str, p: str, body: list[str], results: list[str]) -> str:
    """A program of two arrays of type t and an i1 mask (%a, %b, %m) running `body`, returning
    `results` (all of type t)."""
    return f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}, %m: {p}) -> ({", ".join([t] * len(results))}) {{
            {(chr(10) + "            ").join(body)}
            return {", ".join(results)} : {", ".join([t] * len(results))}
          }}
        }}"""


def same_bits_jit_and_interpreter_at_every_width(driver: Path, tmp_path: Path, mlir: str, results: list[str],  # noqa: F811
                                                 *inputs: np.ndarray, all_native: bool = False,
                                                 want_native: bool = True) -> list[np.ndarray]:
    """Runs `mlir` at the baseline ISA (interpreted), then at AVX2 and AVX-512 (where the CPU has
    it) with the fused-loop JIT off and on; every run must give the baseline's bits, and the JIT
    trace must say native (every fused loop when `all_native`; unchecked without `want_native`).
    Returns the baseline's outputs."""
    ref = run_isa(driver, tmp_path, mlir, "baseline", *inputs)
    flags = Path("/proc/cpuinfo").read_text()
    for isa in ("avx2", ""):
        if isa == "" and "avx512f" not in flags:
            continue
        for disable in ("1", "0"):
            err: list[str] = []
            got = run_isa(driver, tmp_path, mlir, isa, *inputs, stderr=err,
                          extra_env={"JAXLIB_CPU_DISABLE_JIT": disable, "JAXLIB_CPU_JIT_TRACE": "1"})
            for k, (g, r) in enumerate(zip(got, ref, strict=True)):
                u = f"u{g.itemsize}" if g.dtype != np.bool_ else np.bool_
                bad = np.flatnonzero(g.view(u).ravel() != r.view(u).ravel())
                assert bad.size == 0, (f"expected output {k} ({results[k]}) at ISA {isa or 'native'} with "
                                       f"JAXLIB_CPU_DISABLE_JIT={disable} to be the baseline's bits; {bad.size} "
                                       f"differ, first at {bad[0]}: {g.ravel()[bad[0]]!r} vs {r.ravel()[bad[0]]!r}")
            lines = [line for line in err[0].splitlines() if "fused-loop jit" in line]
            want = "JAXLIB_CPU_DISABLE_JIT is set" if disable == "1" else (
                "native AVX2" if isa == "avx2" else "native AVX-512")
            ok = all if all_native else any
            if want_native or disable == "1":
                assert lines and ok(want in line for line in lines), f"expected fused loops traced {want!r}, got {lines}"
    return ref


def test_fused_loop_jit_integers_and_halves_same_bits_at_every_width(driver, tmp_path):  # noqa: F811
    """s32 division and remainder by constants (0, -1 and INT_MIN among them), signed and
    unsigned compares, i1 logic, and bf16/f16 loads, per-op rounding and converts: native at AVX2
    and AVX-512, the interpreter's bits everywhere."""
    n = 4099 + 4096
    rng = np.random.default_rng(17)
    a = rng.integers(-(2**31), 2**31, n).astype(np.int32)
    b = np.where(rng.random(n) < 0.2, a, rng.integers(-(2**31), 2**31, n)).astype(np.int32)
    a[:12] = [-(2**31), -(2**31) + 1, -1, 0, 1, 2**31 - 1, 7, -7, 14, -14, 1000, -1000]
    m = rng.random(n) < 0.5
    t, p = f"tensor<{n}xi32>", f"tensor<{n}xi1>"
    body, results = [], []
    for k, d in enumerate([7, -7, 49, -49, 0, -1, -(2**31), 1000, 2**31 - 1]):
        body += [f"%k{k} = stablehlo.constant dense<{d}> : {t}", f"%q{k} = stablehlo.divide %a, %k{k} : {t}",
                 f"%r{k} = stablehlo.remainder %q{k}, %k{k} : {t}", f"%s{k} = stablehlo.add %r{k}, %a : {t}"]
        results.append(f"%s{k}")
    body += [f"%c = stablehlo.compare LT, %a, %b, UNSIGNED : ({t}, {t}) -> {p}",
             f"%c2 = stablehlo.compare GE, %a, %b, SIGNED : ({t}, {t}) -> {p}",
             f"%x = stablehlo.xor %c, %m : {p}", f"%y = stablehlo.not %x : {p}",
             f"%o = stablehlo.or %y, %c2 : {p}",
             f"%z = stablehlo.compare GT, %o, %m, UNSIGNED : ({p}, {p}) -> {p}",
             f"%w = stablehlo.select %z, %a, %b : {p}, {t}"]
    results.append("%w")
    mlir = arrays_and_mask_program(t, p, body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, m, all_native=True)
    q, r = c_div_rem(a, 7)
    assert np.array_equal(ref[0], c_div_rem(q, 7)[1] + a), "expected C's quotient and remainder by 7"
    o = ~((a.view(np.uint32) < b.view(np.uint32)) ^ m) | (a >= b)
    want_w = np.where(o & ~m, a, b)
    assert np.array_equal(ref[-1], want_w), "expected the i1 logic's selection"

    # Halves: every bf16 and f16 bit pattern once (NaNs of one payload per array), ops rounded to
    # the half, converts from f32 at rounding ties.
    hb = np.arange(65536, dtype=np.uint16)
    hb2 = np.roll(hb, 12345)
    f32 = np.concatenate([(np.arange(n // 2, dtype=np.uint32) * 2654435761 & 0xFFFF8000 | 0x8000).view(np.float32),
                          rng.standard_normal(65536 - n // 2).astype(np.float32)])
    f32[~np.isfinite(f32)] = np.inf
    outs = []
    for name, nan in [("bf16", 0x7FC0), ("f16", 0x7E00)]:
        h, g = hb.copy(), hb2.copy()
        exp_mask = 0x7F80 if name == "bf16" else 0x7C00
        for arr in (h, g):
            isnan = ((arr & exp_mask) == exp_mask) & ((arr & (0x7FFF ^ exp_mask)) != 0)
            arr[isnan] = nan
        ht, ft = f"tensor<65536x{name}>", "tensor<65536xf32>"
        body = [f"%0 = stablehlo.subtract %h, %g : {ht}", f"%1 = stablehlo.multiply %0, %g : {ht}",
                f"%2 = stablehlo.divide %1, %h : {ht}", f"%3 = stablehlo.convert %f : ({ft}) -> {ht}",
                f"%3t = stablehlo.tanh %3 : {ht}", f"%4 = stablehlo.add %2, %3t : {ht}",
                f"%5 = stablehlo.convert %h : ({ht}) -> {ft}",
                f"%6 = stablehlo.multiply %5, %f : {ft}"]
        mlir = f"""
            {MOD}
              func.func public @main(%h: tensor<65536xui16>, %g: tensor<65536xui16>, %f: {ft}) -> ({ht}, {ft}) {{
                %hh = stablehlo.bitcast_convert %h : (tensor<65536xui16>) -> {ht}
                %gg = stablehlo.bitcast_convert %g : (tensor<65536xui16>) -> {ht}
                {(chr(10) + "                ").join(line.replace("%h,", "%hh,").replace("%h ", "%hh ").replace("%g ", "%gg ")
                                                     .replace("%g,", "%gg,").replace(", %h :", ", %hh :").replace(", %g :", ", %gg :")
                                                     for line in body)}
                return %4, %6 : {ht}, {ft}
              }}
            }}"""
        outs.append(same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, ["%4", "%6"], h, g, f32,
                                                                 want_native=name == "bf16"))
    with np.errstate(all="ignore"):
        want = hb.view(np.float16).astype(np.float32) * f32
    normal = np.isfinite(want) & (np.abs(want) >= np.float32(1.1754944e-38))
    assert np.array_equal(outs[1][1][normal], want[normal]), "expected f16 widened exactly, times f32"


@pytest.mark.parametrize("signed", [True, False])
def test_int32_kernels_same_bits_at_every_width_and_c_semantics(driver, tmp_path, signed):  # noqa: F811
    n = 4099
    rng = np.random.default_rng(6)
    dt, np_dt, cmp = ("i32", np.int32, "SIGNED") if signed else ("ui32", np.uint32, "UNSIGNED")
    a = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    b = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    b[::3] = rng.integers(-40, 40, (n + 2) // 3)  # small divisors and shift counts, zeros, negatives
    a[:6] = [-2**31, -2**31, 7, -7, 0, 2**31 - 1]
    b[:6] = [-1, 0, 0, 2, -3, -1]
    a, b = a.view(np_dt), b.view(np_dt)
    t, p = f"tensor<{n}x{dt}>", f"tensor<{n}xi1>"
    ops = ["divide", "remainder", "shift_left", "shift_right_logical", "shift_right_arithmetic", "maximum", "minimum",
           "multiply"]
    body = "\n".join(f"            %{k} = stablehlo.{op} %a, %b : {t}" for k, op in enumerate(ops))
    k = len(ops)
    outs = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}) -> ({", ".join([t] * k)}, {p}, {p}) {{
{body}
            %{k} = stablehlo.compare LT, %a, %b, {cmp} : ({t}, {t}) -> {p}
            %{k + 1} = stablehlo.compare GE, %a, %b, {cmp} : ({t}, {t}) -> {p}
            return {", ".join(f"%{i}" for i in range(k + 2))} : {", ".join([t] * k)}, {p}, {p}
          }}
        }}""", a, b)
    a64, b64 = a.astype(np.int64), b.astype(np.int64)
    if signed:
        safe = np.where(b64 == 0, 1, b64)
        q = np.trunc(a64 / safe).astype(np.int64)  # exact: |a|, |b| < 2^31 in f64
        q = np.where(b64 == 0, -1, np.where((a64 == -2**31) & (b64 == -1), -2**31, q))
        r = np.where(b64 == 0, a64, np.where((a64 == -2**31) & (b64 == -1), 0, a64 - np.trunc(a64 / safe) * safe))
        assert np.array_equal(outs[0].astype(np.int64), q), "expected C division (b = 0: -1; INT_MIN / -1: INT_MIN)"
        assert np.array_equal(outs[1].astype(np.int64), r.astype(np.int64)), "expected C remainder (b = 0: a)"
    u = b.view(np.uint32).astype(np.int64)
    want_shl = np.where(u >= 32, 0, (a.view(np.uint32).astype(np.int64) << (u & 31)) & 0xffffffff)
    assert np.array_equal(outs[2].view(np.uint32).astype(np.int64), want_shl), "expected shifts past 31 to give 0"
    assert np.array_equal(outs[5], np.maximum(a, b)) and np.array_equal(outs[6], np.minimum(a, b))
    assert np.array_equal(outs[8], a < b) and np.array_equal(outs[9], a >= b)


@pytest.mark.parametrize("shape", [(7, 131, 3), (3, 5, 97, 6)])
def test_fused_loop_periodic_broadcast_and_iota_tiles(driver, tmp_path, shape):  # noqa: F811
    # A per-channel constant broadcast along leading dims (periodic tiles) and iotas along every
    # dim, over loops longer than a tile and not a multiple of it.
    rng = np.random.default_rng(7)
    x = rng.standard_normal(shape).astype(np.float32)
    c = rng.standard_normal(shape[-2:]).astype(np.float32)
    r = len(shape)
    t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    ti = t.replace("f32", "i32")
    tc = "tensor<" + "x".join(map(str, shape[-2:])) + "xf32>"
    iotas = "\n".join(f"            %i{d} = stablehlo.iota dim = {d} : {ti}" for d in range(r))
    adds, acc = [], "%i0"
    for d in range(1, r):
        adds.append(f"            %s{d} = stablehlo.multiply {acc}, %k : {ti}")
        adds.append(f"            %a{d} = stablehlo.add %s{d}, %i{d} : {ti}")
        acc = f"%a{d}"
    out = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%x: {t}, %c: {tc}) -> ({t}, {ti}) {{
            %b = stablehlo.broadcast_in_dim %c, dims = [{r - 2}, {r - 1}] : ({tc}) -> {t}
            %y = stablehlo.add %x, %b : {t}
            %k = stablehlo.constant dense<1000> : {ti}
{iotas}
{chr(10).join(adds)}
            return %y, {acc} : {t}, {ti}
          }}
        }}""", x, c)
    assert np.array_equal(out[0], x + c), "expected the per-channel constant repeated along leading dims"
    want = np.zeros(shape, np.int64)
    for d in range(r):
        want = want * 1000 + np.indices(shape)[d]
    assert np.array_equal(out[1].astype(np.int64), want.astype(np.int32).astype(np.int64)), "expected each iota's index"


def bf16_from_f32_bits(u: np.ndarray) -> np.ndarray:
    """bf16::FromFloat on f32 bit patterns: to nearest even; a NaN quieted (bit 22) and truncated."""
    u = u.astype(np.uint64)
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    return np.where(nan, (u | 0x400000) >> 16, rounded).astype(np.uint16)


def test_f32_to_bf16_rounding_nan_payloads_and_ties_at_every_width(driver, tmp_path):  # noqa: F811
    """f32 -> bf16 through the convert kernel and through a fused loop (negate, then convert: the
    JIT's RoundBf16 and bf16 store, paired at AVX2), at every width: NaNs of every payload (low
    bits all ones, signalling ones, ones whose bits 16-21 are all ones, so that a rounding
    increment would carry into the exponent), ties to even, the largest finite values rounding to
    infinity, and random patterns. The bits must be bf16::FromFloat's everywhere."""
    rng = np.random.default_rng(23)
    n = 8 * 4096 + 13
    u = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    special = np.array([0x7FFFFFFF, 0xFFFFFFFF, 0x7F800001, 0x7FBFFFFF, 0xFFBF8000, 0x7FBF7FFF, 0x7FC00000,
                        0x7F80FFFF, 0x7F7FFFFF, 0xFF7F8000, 0x7F7F7FFF, 0x3F808000, 0x3F818000, 0x3F808001,
                        0x00008000, 0x80018000, 0x7F800000, 0xFF800000, 0, 0x80000000], dtype=np.uint32)
    u[: special.size] = special
    u[rng.choice(np.arange(special.size, n), 3000, replace=False)] = rng.choice(special, 3000)
    f = u.view(np.float32)
    t, h = f"tensor<{n}xf32>", f"tensor<{n}xbf16>"
    plain, fused = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%f: {t}) -> ({h}, {h}) {{
            %0 = stablehlo.convert %f : ({t}) -> {h}
            %1 = stablehlo.negate %f : {t}
            %2 = stablehlo.convert %1 : ({t}) -> {h}
            return %0, %2 : {h}, {h}
          }}
        }}""", ["%0", "%2"], f)
    want = bf16_from_f32_bits(u)
    # Denormal f32s may be read as zero (DAZ) by the arithmetic; the conversion alone keeps them.
    normal = (u & 0x7F800000) != 0
    assert np.array_equal(plain.view(np.uint16)[normal], want[normal]), "expected bf16::FromFloat's bits from convert"
    want_neg = bf16_from_f32_bits(u ^ 0x80000000)
    assert np.array_equal(fused.view(np.uint16)[normal], want_neg[normal]), \
        "expected bf16::FromFloat's bits of -x from negate + convert"


def test_bf16_arithmetic_nan_payloads_in_fused_loops_at_every_width(driver, tmp_path):  # noqa: F811
    """bf16 add/subtract/multiply/divide chained in one fused loop over every bit pattern, NaNs
    keeping their payloads (signalling ones among them): the JIT rounds these results without a
    NaN select (an IEEE operation's NaN is an operand's, quieted, or the default one), which must
    give the interpreter's bits at every width; a NaN operand's result is that NaN quieted."""
    h = np.arange(65536, dtype=np.uint32).astype(np.uint16)
    g = np.random.default_rng(29).permutation(h)
    t, u = "tensor<65536xbf16>", "tensor<65536xui16>"
    sub, out = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%hb: {u}, %gb: {u}) -> ({t}, {t}) {{
            %h = stablehlo.bitcast_convert %hb : ({u}) -> {t}
            %g = stablehlo.bitcast_convert %gb : ({u}) -> {t}
            %0 = stablehlo.subtract %h, %g : {t}
            %1 = stablehlo.multiply %0, %g : {t}
            %2 = stablehlo.add %1, %h : {t}
            %3 = stablehlo.divide %2, %g : {t}
            return %0, %3 : {t}, {t}
          }}
        }}""", ["%0", "%3"], h, g)
    nan_h = ((h & 0x7F80) == 0x7F80) & ((h & 0x7F) != 0)
    nan_g = ((g & 0x7F80) == 0x7F80) & ((g & 0x7F) != 0)
    only_h = nan_h & ~nan_g
    assert only_h.sum() > 200
    assert np.array_equal(sub.view(np.uint16)[only_h], h[only_h] | 0x40), "expected h's NaN quieted from h - g"
    assert np.all((out.view(np.uint16)[nan_h | nan_g] & 0x7FC0) == 0x7FC0), "expected quiet NaNs through the chain"


@pytest.mark.parametrize("dtype", ["f16", "bf16"])
def test_half_f32_conversions_same_bits_at_every_width(driver, tmp_path, dtype):  # noqa: F811
    ml_dtypes = pytest.importorskip("ml_dtypes")
    bits = np.arange(65536 + 13, dtype=np.uint32).astype(np.uint16)
    f = special_f32(65536 + 13, 8) * np.float32(1e3)
    f[:6] = [np.float32(65520.0), np.float32(65519.0), np.float32(1e-40), np.float32(3e-8), -np.float32(6e-8), 1e30]
    th, tf = f"tensor<{bits.size}x{dtype}>", f"tensor<{bits.size}xf32>"
    wide, narrow = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%h: {th}, %f: {tf}) -> ({tf}, {th}) {{
            %0 = stablehlo.convert %h : ({th}) -> {tf}
            %1 = stablehlo.convert %f : ({tf}) -> {th}
            return %0, %1 : {tf}, {th}
          }}
        }}""", bits, f)
    np_t = np.float16 if dtype == "f16" else ml_dtypes.bfloat16
    assert wide.tobytes() == bits.view(np_t).astype(np.float32).tobytes(), f"expected {dtype} -> f32 to be exact"
    want = f.astype(np_t).view(np.uint16)
    ok = ~np.isnan(f) & ((np.abs(f) >= np.finfo(np.float32).tiny) | (f == 0))
    assert np.array_equal(narrow.view(np.uint16)[ok], want[ok]), f"expected f32 -> {dtype} rounded to nearest even"


def test_pred_ops_and_32bit_select_same_bits_at_every_width(driver, tmp_path):  # noqa: F811
    n = 1000 + 7
    rng = np.random.default_rng(9)
    a, b = rng.integers(0, 2, n).astype(bool), rng.integers(0, 2, n).astype(bool)
    x, y = rng.integers(-9, 9, n).astype(np.int32), rng.integers(-9, 9, n).astype(np.int32)
    p, t = f"tensor<{n}xi1>", f"tensor<{n}xi32>"
    outs = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {p}, %b: {p}, %x: {t}, %y: {t}) -> ({p}, {p}, {p}, {p}, {p}, {t}) {{
            %0 = stablehlo.and %a, %b : {p}
            %1 = stablehlo.or %a, %b : {p}
            %2 = stablehlo.xor %a, %b : {p}
            %3 = stablehlo.compare EQ, %a, %b, UNSIGNED : ({p}, {p}) -> {p}
            %4 = stablehlo.compare NE, %a, %b, UNSIGNED : ({p}, {p}) -> {p}
            %5 = stablehlo.select %0, %x, %y : {p}, {t}
            return %0, %1, %2, %3, %4, %5 : {p}, {p}, {p}, {p}, {p}, {t}
          }}
        }}""", a, b, x, y)
    for got, want, name in zip(outs[:5], (a & b, a | b, a ^ b, a == b, a != b), ("and", "or", "xor", "EQ", "NE"),
                               strict=True):
        assert np.array_equal(got, want), f"expected pred {name}"
    assert np.array_equal(outs[5], np.where(a & b, x, y)), "expected select by the predicate"


def c_div_rem(a: np.ndarray, b: int) -> tuple[np.ndarray, np.ndarray]:
    """C's truncating s32 quotient and remainder (XLA's: b == 0 gives -1 and a; INT_MIN / -1 gives
    INT_MIN and 0), computed in int64."""
    a64 = a.astype(np.int64)
    if b == 0:
        return np.full_like(a, -1), a.copy()
    q = np.abs(a64) // abs(b) * np.sign(a64) * np.sign(b)
    r = a64 - q * b
    return q.astype(np.int64).astype(np.uint32).view(np.int32), r.astype(np.int32)


# Beyond the kernel's edge cases, divisors whose multiply-high constants (the fused-loop JIT's
# method) differ in kind: powers of two, a negative magic multiplier (7), shifts of 0 (641) and
# large ones, |b| near 2^30 and 2^31.
@pytest.mark.parametrize("divisor", [1000, 49, -49, 3, 1, -1, 0, 2**31 - 1, -(2**31), -99991,
                                     2, -2, 7, -16, 641, 6700417, 2**30, -(2**30) - 1, 2**31 - 2])
def test_s32_divide_and_remainder_by_invariant_divisor(driver, tmp_path, divisor):  # noqa: F811
    """A divisor that is one value for the whole loop (a splat constant here, a broadcast scalar
    argument in the second program) takes the reciprocal-multiply kernel; every exact multiple
    of the divisor (for 49 about half of them come out one short before the correction), the
    extremes and an odd tail
    must give C's quotient and remainder at every ISA."""
    rng = np.random.default_rng(abs(divisor) % 1000)
    edges = np.array([0, 1, -1, 2**31 - 1, -(2**31), -(2**31) + 1, 2**30, -(2**30)], dtype=np.int64)
    if divisor not in (0,):
        k = rng.integers(-(2**31) // max(abs(divisor), 1), 2**31 // max(abs(divisor), 1), 3000)
        multiples = k * divisor
        near = np.concatenate([multiples - 1, multiples, multiples + 1])
        edges = np.concatenate([edges, near[(near >= -(2**31)) & (near < 2**31)]])
    a = np.concatenate([edges, rng.integers(-(2**31), 2**31, 20011)]).astype(np.int32)
    n = a.size
    t = f"tensor<{n}xi32>"
    q_want, r_want = c_div_rem(a, divisor)
    q, r = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}) -> ({t}, {t}) {{
            %c = stablehlo.constant dense<{divisor}> : {t}
            %0 = stablehlo.divide %a, %c : {t}
            %1 = stablehlo.remainder %a, %c : {t}
            return %0, %1 : {t}, {t}
          }}
        }}""", a)
    assert np.array_equal(q, q_want), "expected C's truncating quotient"
    assert np.array_equal(r, r_want), "expected the remainder with the dividend's sign"
    q2, r2 = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %s: tensor<i32>) -> ({t}, {t}) {{
            %b = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i32>) -> {t}
            %0 = stablehlo.divide %a, %b : {t}
            %1 = stablehlo.remainder %a, %b : {t}
            return %0, %1 : {t}, {t}
          }}
        }}""", a, np.array(divisor, dtype=np.int32))
    assert np.array_equal(q2, q_want) and np.array_equal(r2, r_want), "expected the same through a broadcast scalar"


def conv_reference(x: np.ndarray, w: np.ndarray, stride, pad, lhs_dil, rhs_dil, reverse, groups) -> np.ndarray:
    """float64 stablehlo.convolution of x [N, sp..., C] and w [k..., C / groups, O] by the spec's
    index arithmetic: output o, tap k read the lhs-dilated, padded input at o * stride + k' *
    rhs_dil - pad_low (k' = K - 1 - k when reversed), zero in padding and dilation holes; feature
    group g's outputs read its slice of the input features."""
    ns = x.ndim - 2
    ci, co = x.shape[-1] // groups, w.shape[-1] // groups
    ksp, insp = w.shape[:ns], x.shape[1:-1]
    out_sp = [((i - 1) * ld + 1 + lo + hi - ((k - 1) * rd + 1)) // s + 1
              for i, k, s, (lo, hi), ld, rd in zip(insp, ksp, stride, pad, lhs_dil, rhs_dil, strict=True)]
    y = np.zeros((x.shape[0], *out_sp, w.shape[-1]))
    xd, wd = x.astype(np.float64), w.astype(np.float64)
    for k in np.ndindex(*ksp):
        idx, ok = [], np.ones(out_sp, dtype=bool)
        for d in range(ns):
            kk = ksp[d] - 1 - k[d] if reverse[d] else k[d]
            q = np.arange(out_sp[d]) * stride[d] + kk * rhs_dil[d] - pad[d][0]
            valid = (q >= 0) & (q % lhs_dil[d] == 0) & (q // lhs_dil[d] < insp[d])
            shape = [1] * ns
            shape[d] = out_sp[d]
            ok = ok & valid.reshape(shape)
            idx.append(np.where(valid, q // lhs_dil[d], 0).reshape(shape))
        taps = xd[(slice(None), *idx, slice(None))] * ok[None, ..., None]
        for g in range(groups):
            y[..., g * co:(g + 1) * co] += taps[..., g * ci:(g + 1) * ci] @ wd[k][:, g * co:(g + 1) * co]
    return y


# (lhs, rhs, stride, pad, lhs_dilation, rhs_dilation, reverse, feature groups): every tiled
# dimension of both micro-kernels has a tail (output features not a multiple of 8 or 16 lanes,
# full blocks plus a masked or unmasked remainder; output pixels not a multiple of 6, 8 or 12
# per tile; input features split into slabs), with odd sizes, padding, strides, both dilations
# and feature groups.
DIRECT_CONVS = [
    ((2, 11, 7, 20), (3, 3, 20, 21), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (False, False), 1),
    ((1, 13, 10, 9), (3, 2, 9, 40), (2, 1), ((1, 2), (0, 1)), (1, 1), (2, 1), (False, True), 1),
    ((1, 5, 6, 12), (3, 3, 12, 24), (1, 1), ((2, 2), (2, 1)), (2, 2), (1, 1), (False, False), 1),
    ((2, 7, 9, 24), (3, 3, 8, 57), (1, 2), ((1, 1), (1, 1)), (1, 1), (1, 1), (False, False), 3),
    ((1, 4, 5, 600), (2, 2, 600, 17), (1, 1), ((0, 1), (1, 0)), (1, 1), (1, 1), (False, False), 1),
    ((3, 29, 7), (5, 7, 70), (2,), ((3, 4),), (1,), (2,), (True,), 1),
    ((1, 4, 5, 3, 5), (2, 3, 2, 5, 13), (1, 2, 1), ((1, 0), (1, 1), (0, 1)), (1, 1, 1), (1, 1, 1),
     (False, False, False), 1),
    # Long rows: most tiles lie inside one row and take their pointers one step apart, per
    # residue class of the lhs dilation here (its parts skip the holes).
    ((1, 5, 40, 8), (3, 3, 8, 16), (1, 1), ((1, 1), (2, 2)), (2, 2), (1, 1), (False, False), 1),
    # The micro-kernel's input-feature loop runs four features per step: tap rows of 38 and of
    # 18 (6 features, the last dim's 3 taps merged) features leave two over, and 1030 features
    # split into slabs (343 or 206 rows each, by the ISA's block width) leave three or two.
    ((2, 6, 9, 38), (3, 3, 38, 16), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (False, False), 1),
    ((1, 6, 9, 6), (3, 3, 6, 16), (1, 1), ((1, 1), (1, 1)), (1, 1), (1, 1), (False, False), 1),
    ((1, 3, 4, 1030), (2, 2, 1030, 17), (1, 1), ((0, 1), (1, 0)), (1, 1), (1, 1), (False, False), 1),
]


def test_direct_convolution_same_bits_at_avx512_and_avx2_and_matches_float64(driver, tmp_path):  # noqa: F811
    """The direct convolution's AVX-512 and AVX2 + FMA micro-kernels sum every output as one FMA
    chain in the same order, so they agree bit for bit; the baseline ISA takes im2col + GEMM,
    which rounds differently but within tolerance."""
    rng = np.random.default_rng(21)
    for n, (xs, ws, stride, pad, ld, rd, rev, groups) in enumerate(DIRECT_CONVS):
        ns = len(xs) - 2
        x = rng.uniform(-1, 1, xs).astype(np.float32)
        w = rng.uniform(-1, 1, ws).astype(np.float32)
        want = conv_reference(x, w, stride, pad, ld, rd, rev, groups)
        scale = conv_reference(np.abs(x), np.abs(w), stride, pad, ld, rd, rev, groups)
        sp = ", ".join(str(d) for d in range(ns))

        def ints(v):
            return "[" + ", ".join(str(int(e)) for e in v) + "]"

        def t(shape):
            return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"

        pads = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in pad) + "]"
        revs = "[" + ", ".join("true" if r else "false" for r in rev) + "]"
        prog = f"""
            {MOD}
              func.func public @main(%x: {t(xs)}, %w: {t(ws)}) -> {t(want.shape)} {{
                %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, {sp}, f]x[{sp}, i, o]->[b, {sp}, f], window = {{stride = {ints(stride)}, pad = {pads}, lhs_dilate = {ints(ld)}, rhs_dilate = {ints(rd)}, reverse = {revs}}} {{batch_group_count = 1 : i64, feature_group_count = {groups} : i64}} : ({t(xs)}, {t(ws)}) -> {t(want.shape)}
                return %0 : {t(want.shape)}
              }}
            }}"""
        outs = {isa: run_isa(driver, tmp_path, prog, isa, x, w)[0] for isa in ISAS}
        for isa, got in outs.items():
            err = np.abs(got.astype(np.float64) - want)
            assert np.all(err <= 1e-5 * scale + 1e-30), (
                f"conv {n} at ISA {isa or 'native'}: expected within 1e-5 * sum|x||w| of the float64 "
                f"reference, worst off by {err.max():.3g}")
        assert outs["avx2"].tobytes() == outs[""].tobytes(), (
            f"conv {n}: expected the AVX2 direct kernel to give the native (AVX-512) kernel's bits")


# (x, w, stride, pad, rhs dilation): a dilated 3x3 over 40 features (padding read through the row
# of zeros) and a 7x7 stride-2 stem over 3 features (last dim's taps merged over a copy of the
# input with that dim's padding written out, low and high pads unequal).
PADDED_CONVS = [
    ((2, 14, 13, 40), (3, 3, 40, 24), (1, 1), ((2, 2), (2, 2)), (2, 2)),
    ((2, 19, 23, 3), (7, 7, 3, 20), (2, 2), ((2, 3), (2, 3)), (1, 1)),
]


@pytest.mark.parametrize("case", range(len(PADDED_CONVS)))
def test_direct_convolution_padding_gives_the_bits_of_explicit_zeros(driver, tmp_path, case):  # noqa: F811
    """A padded convolution keeps the bits of the same convolution over its input padded by
    stablehlo.pad with a runtime zero (every tap then reads real zeros), at AVX2 and natively,
    and matches the float64 reference; a filter holding inf gives NaN exactly where the
    reference does (0 * inf where the inf weight meets padding)."""
    xs, ws, stride, pad, rd = PADDED_CONVS[case]
    rng = np.random.default_rng(31 + case)
    x = rng.uniform(-1, 1, xs).astype(np.float32)
    w = rng.uniform(-1, 1, ws).astype(np.float32)
    zero = np.zeros((), np.float32)
    want = conv_reference(x, w, stride, pad, (1, 1), rd, (False, False), 1)

    def t(shape):
        return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"

    ps = (xs[0], xs[1] + sum(pad[0]), xs[2] + sum(pad[1]), xs[3])
    dims = "[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]"
    win = f"stride = [{stride[0]}, {stride[1]}], lhs_dilate = [1, 1], rhs_dilate = [{rd[0]}, {rd[1]}], reverse = [false, false]"
    attrs = "{batch_group_count = 1 : i64, feature_group_count = 1 : i64}"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t(xs)}, %w: {t(ws)}, %z: tensor<f32>) -> ({t(want.shape)}, {t(want.shape)}) {{
            %0 = stablehlo.convolution(%x, %w) dim_numbers = {dims}, window = {{{win}, pad = [[{pad[0][0]}, {pad[0][1]}], [{pad[1][0]}, {pad[1][1]}]]}} {attrs} : ({t(xs)}, {t(ws)}) -> {t(want.shape)}
            %p = stablehlo.pad %x, %z, low = [0, {pad[0][0]}, {pad[1][0]}, 0], high = [0, {pad[0][1]}, {pad[1][1]}, 0], interior = [0, 0, 0, 0] : ({t(xs)}, tensor<f32>) -> {t(ps)}
            %1 = stablehlo.convolution(%p, %w) dim_numbers = {dims}, window = {{{win}, pad = [[0, 0], [0, 0]]}} {attrs} : ({t(ps)}, {t(ws)}) -> {t(want.shape)}
            return %0, %1 : {t(want.shape)}, {t(want.shape)}
          }}
        }}"""
    for isa in ("avx2", ""):
        padded, explicit = run_isa(driver, tmp_path, prog, isa, x, w, zero)
        assert np.abs(padded - want).max() < 1e-4, f"expected the float64 reference at ISA {isa or 'native'}"
        assert padded.tobytes() == explicit.tobytes(), (
            f"expected the padded convolution's bits to be those over explicit zeros at ISA {isa or 'native'}")
    w_inf = w.copy()
    w_inf[0, 0, 1, 5] = np.inf
    with np.errstate(invalid="ignore"):
        want_inf = conv_reference(x, w_inf, stride, pad, (1, 1), rd, (False, False), 1)
    for isa in ("avx2", ""):
        got = run_isa(driver, tmp_path, prog, isa, x, w_inf, zero)[0]
        assert np.isnan(want_inf).any() and np.array_equal(np.isnan(got), np.isnan(want_inf)), (
            f"expected NaN exactly where an inf weight meets padding at ISA {isa or 'native'}")


def test_f64_exp_vector_kernel_within_one_ulp_and_identical_across_isas(driver, tmp_path):  # noqa: F811
    """f64 exp runs as a vector kernel (range reduction by ln2/128, a table of 2^(j/128), a
    short Taylor series, exact power-of-two scaling): the same bits at every ISA, within 1 ulp of
    glibc's exp, inf past overflow, zero past underflow (flushed), NaN where NaN came in. Inputs:
    uniform over the whole range, normal around 0, every table entry's neighbourhood, the
    overflow, underflow and tail (n = 1 mod 8) edges, and blocks of eight whose first value is
    past -708: a register of such a block scales by two factors at AVX-512 while its last four
    lanes add 2^k to the exponent bits at AVX2 and the baseline, and must give the same bits."""
    rng = np.random.default_rng(3)
    ln2_128 = np.log(2.0) / 128
    steps = np.arange(-128 * 12, 128 * 12) * ln2_128
    edges = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, 709.78, 709.79, 709.782712893384,
                      np.nextafter(709.782712893384, 0), -708.3, -708.3964185322641, -708.39641853226,
                      -708.4, -745.1332191019411, -745.2, -746.0, -746.5, 710.0, 710.5, 1e-300, -1e-300,
                      0.5 * np.log(2.0), -0.5 * np.log(2.0), 0.5 * ln2_128, -0.5 * ln2_128, 1.0, -1.0, 2.0**-40])
    blocks = np.concatenate([np.full((1000, 1), -720.0), rng.uniform(-708.0, 709.0, (1000, 7))], axis=1).ravel()
    x = np.concatenate([rng.uniform(-750.0, 715.0, 40000), rng.uniform(-710.0, -700.0, 4000), blocks,
                        rng.standard_normal(39996) * 4, steps, np.nextafter(steps, np.inf),
                        np.nextafter(steps, -np.inf), steps + 0.5 * ln2_128, edges])
    n = x.size
    assert n % 8 == 1, "expected a tail of one lane"
    t = f"tensor<{n}xf64>"
    got = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}) -> {t} {{
            %0 = stablehlo.exponential %a : {t}
            return %0 : {t}
          }}
        }}""", x)[0]
    with np.errstate(over="ignore", under="ignore"):
        want = np.exp(x)
    want[np.abs(want) < np.finfo(np.float64).tiny] = 0.0  # FTZ
    assert np.array_equal(np.isnan(got), np.isnan(want)), "expected NaN exactly for NaN inputs"
    assert np.array_equal(got.view(np.uint64)[np.isnan(x)], x.view(np.uint64)[np.isnan(x)]), "expected NaN's bits back"
    ok = ~np.isnan(want)
    assert np.array_equal(np.isinf(got[ok]), np.isinf(want[ok])), "expected inf exactly past overflow"
    fin = ok & np.isfinite(want)
    ulps = np.abs(got[fin].view(np.int64) - want[fin].view(np.int64))
    assert ulps.max() <= 1, f"expected within 1 ulp of glibc, worst {ulps.max()} at x={x[fin][ulps.argmax()]!r}"
    assert np.mean(ulps == 0) > 0.9, f"expected glibc's bits on at least 90% of inputs, got {np.mean(ulps == 0):.4f}"


def test_f64_arithmetic_vector_kernels_same_bits_at_every_width_and_ieee(driver, tmp_path):  # noqa: F811
    """f64 add, subtract, multiply, divide and negate run as vector kernels: one register of
    doubles per step, a tail of 1-7 (n = 4099), IEEE-rounded like numpy wherever neither input
    nor result is subnormal (DAZ/FTZ flush those), NaN and inf where numpy has them."""
    rng = np.random.default_rng(8)
    n = 4099
    a = rng.standard_normal(n) * 10.0 ** rng.integers(-300, 300, n)
    b = rng.standard_normal(n) * 10.0 ** rng.integers(-300, 300, n)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 1e308, -1e308, 3.0])
    a[:100] = np.repeat(specials, 10)
    b[:100] = np.tile(specials, 10)
    t = f"tensor<{n}xf64>"
    outs = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}) -> ({t}, {t}, {t}, {t}, {t}) {{
            %0 = stablehlo.add %a, %b : {t}
            %1 = stablehlo.subtract %a, %b : {t}
            %2 = stablehlo.multiply %a, %b : {t}
            %3 = stablehlo.divide %a, %b : {t}
            %4 = stablehlo.negate %a : {t}
            return %0, %1, %2, %3, %4 : {t}, {t}, {t}, {t}, {t}
          }}
        }}""", a, b)
    tiny = np.finfo(np.float64).tiny
    with np.errstate(all="ignore"):
        wants = [a + b, a - b, a * b, a / b, -a]
    for name, got, want in zip(("add", "subtract", "multiply", "divide", "negate"), outs, wants, strict=True):
        normal = ~(np.abs(want) < tiny) | (want == 0)
        assert np.array_equal(got[normal], want[normal], equal_nan=True), f"expected IEEE f64 {name}"
        assert np.array_equal(np.signbit(got[normal & (want == 0)]), np.signbit(want[normal & (want == 0)])), name


@pytest.mark.parametrize("real", ["f32", "f64"])
def test_fft_batched_stages_same_bits_at_every_isa(driver, tmp_path, real):  # noqa: F811
    # The batched FFT stages (lanes across lines: 16 float or 8 double per 64 bytes) are built
    # per ISA without FMA contraction: every ISA rounds alike. Radix 4, 2, 3 and 5 (n = 360),
    # columns of a leading axis, and the real pair (half-length transform + split / merge).
    rng = np.random.default_rng(7)
    dt = np.float32 if real == "f32" else np.float64
    x = rng.standard_normal((5, 24, 360)).astype(dt)
    y = rng.standard_normal((5, 24, 360)).astype(dt)
    c, t, h = f"tensor<5x24x360xcomplex<{real}>>", f"tensor<5x24x360x{real}>", f"tensor<5x24x181xcomplex<{real}>>"
    f2, r1, back = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%x: {t}, %y: {t}) -> ({c}, {h}, {t}) {{
            %c = stablehlo.complex %x, %y : {c}
            %0 = stablehlo.fft %c, type = FFT, length = [24, 360] : ({c}) -> {c}
            %1 = stablehlo.fft %x, type = RFFT, length = [360] : ({t}) -> {h}
            %2 = stablehlo.fft %1, type = IRFFT, length = [360] : ({h}) -> {t}
            return %0, %1, %2 : {c}, {h}, {t}
          }}
        }}""", x, y)
    want = np.fft.fft2(x.astype(np.float64) + 1j * y)
    np.testing.assert_allclose(f2, want, atol=1e-3 if real == "f32" else 1e-9, err_msg="2-D FFT against numpy")
    np.testing.assert_allclose(r1, np.fft.rfft(x.astype(np.float64)), atol=1e-4 if real == "f32" else 1e-10,
                               err_msg="RFFT against numpy")
    np.testing.assert_allclose(back, x, atol=1e-5 if real == "f32" else 1e-12, err_msg="IRFFT(RFFT(x))")


def test_fused_loop_per_row_broadcasts_bound_as_scalars_same_bits(driver, tmp_path):  # noqa: F811
    """Fused loops whose broadcast inputs are per-row values (broadcast along the trailing dims:
    a row's mean and scale in a normalisation layer) run natively a row at a time with those
    values as scalars, bf16 ones and a true bf16 scalar included (held as their f32), and per-column
    rows (a layer norm's scale, broadcast along the leading dims) streamed per row. Rows of 1100
    elements (long enough to run a row at a time although they end inside an iteration) leave an
    interpreted tail per row; a [4, 6, 1100] loop has values per (i, j) and per i (the rows are
    the shorter run). Same bits as the interpreter at every width, and numpy's."""
    import ml_dtypes

    bf = ml_dtypes.bfloat16
    rng = np.random.default_rng(23)
    rows, cols = 24, 1100
    x = rng.standard_normal((rows, cols)).astype(bf)
    mean = rng.standard_normal(rows).astype(bf)
    scale = rng.standard_normal((rows, 1)).astype(bf)
    rs = rng.standard_normal(rows).astype(np.float32)
    gamma = rng.standard_normal(cols).astype(bf)
    s = np.array(rng.standard_normal(), dtype=bf)
    y = rng.standard_normal((4, 6, cols)).astype(np.float32)
    yij = rng.standard_normal((4, 6)).astype(np.float32)
    yi = rng.standard_normal(4).astype(np.float32)
    xt, ft, yt = f"tensor<{rows}x{cols}xbf16>", f"tensor<{rows}x{cols}xf32>", f"tensor<4x6x{cols}xf32>"
    mlir = f"""
        {MOD}
          func.func public @main(%x: {xt}, %mean: tensor<{rows}xbf16>, %scale: tensor<{rows}x1xbf16>,
                                 %rs: tensor<{rows}xf32>, %s: tensor<bf16>, %y: {yt}, %yij: tensor<4x6xf32>,
                                 %yi: tensor<4xf32>, %gamma: tensor<{cols}xbf16>) -> ({xt}, {ft}, {yt}) {{
            %m = stablehlo.broadcast_in_dim %mean, dims = [0] : (tensor<{rows}xbf16>) -> {xt}
            %c = stablehlo.broadcast_in_dim %scale, dims = [0, 1] : (tensor<{rows}x1xbf16>) -> {xt}
            %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<bf16>) -> {xt}
            %0 = stablehlo.subtract %x, %m : {xt}
            %1 = stablehlo.multiply %0, %c : {xt}
            %g = stablehlo.broadcast_in_dim %gamma, dims = [1] : (tensor<{cols}xbf16>) -> {xt}
            %1g = stablehlo.multiply %1, %g : {xt}
            %2 = stablehlo.add %1g, %sb : {xt}
            %r = stablehlo.broadcast_in_dim %rs, dims = [0] : (tensor<{rows}xf32>) -> {ft}
            %3 = stablehlo.convert %x : ({xt}) -> {ft}
            %4 = stablehlo.multiply %3, %r : {ft}
            %a = stablehlo.broadcast_in_dim %yij, dims = [0, 1] : (tensor<4x6xf32>) -> {yt}
            %b = stablehlo.broadcast_in_dim %yi, dims = [0] : (tensor<4xf32>) -> {yt}
            %5 = stablehlo.subtract %y, %a : {yt}
            %6 = stablehlo.multiply %5, %b : {yt}
            return %2, %4, %6 : {xt}, {ft}, {yt}
          }}
        }}"""
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, ["%2", "%4", "%6"], x, mean, scale, rs,
                                                       s, y, yij, yi, gamma, all_native=True)
    f = np.float32
    want2 = ((((x.astype(f) - mean.astype(f)[:, None]).astype(bf).astype(f) * scale.astype(f)).astype(bf).astype(f)
              * gamma.astype(f)).astype(bf).astype(f) + s.astype(f)).astype(bf)
    assert ref[0].tobytes() == want2.tobytes(), "expected (x - mean) * scale * gamma + s rounded to bf16 per op"
    assert ref[1].tobytes() == (x.astype(f) * rs[:, None]).tobytes(), "expected x * the row's f32"
    assert ref[2].tobytes() == ((y - yij[:, :, None]) * yi[:, None, None]).tobytes(), "expected (y - yij) * yi"
    err: list[str] = []
    run_isa(driver, tmp_path, mlir, "avx2", x, mean, scale, rs, s, y, yij, yi, gamma, stderr=err,
            extra_env={"JAXLIB_CPU_JIT_TRACE": "1"})
    lines = [line for line in err[0].splitlines() if "fused-loop jit" in line]
    assert any("(3 scalars)" in line and "native" in line for line in lines), f"expected the bf16 loop's 3 scalars: {lines}"
    assert any("(2 scalars)" in line and "native" in line for line in lines), f"expected the 3-D loop's 2 scalars: {lines}"


def _window_program(op: str, swapped: bool, init: str, t_in: str, t_out: str, attrs: str) -> str:
    """A one-op-body reduce_window of f32 `t_in` to `t_out` (the body's operands reversed when swapped)."""
    args = "%b, %a" if swapped else "%a, %b"
    return f"""
        {MOD}
          func.func public @main(%x: {t_in}) -> {t_out} {{
            %init = stablehlo.constant dense<{init}> : tensor<f32>
            %0 = "stablehlo.reduce_window"(%x, %init) <{{{attrs}}}> ({{
            ^bb0(%a: tensor<f32>, %b: tensor<f32>):
              %s = stablehlo.{op} {args} : tensor<f32>
              stablehlo.return %s : tensor<f32>
            }}) : ({t_in}, tensor<f32>) -> {t_out}
            return %0 : {t_out}
          }}
        }}"""


@pytest.mark.parametrize("op,swapped", [("add", False), ("maximum", False), ("minimum", True), ("multiply", True)])
def test_channels_last_whole_window_kernel_same_bits_at_every_isa(driver, tmp_path, op, swapped):  # noqa: F811
    # Channels-last windows fold every tap of an output in registers (window.cc TapsWindowRows,
    # vector_kernels.cc CombineTapsBody): 109 channels take the 8-, 4- and 1-vector blocks and a
    # tail at every width; padding on both sides of H and W, a stride and a dilation make edge
    # outputs with fewer taps. Against a fold in window order in f32 (add: the same roundings).
    rng = np.random.default_rng(5)
    x = (rng.standard_normal((2, 9, 13, 109)) * (0.5 if op == "multiply" else 1.0) + (1.0 if op == "multiply" else 0.0))
    x = x.astype(np.float32)
    pad, win, stride, wdil = ((0, 0), (2, 1), (1, 3), (0, 0)), (1, 3, 3, 1), (1, 2, 2, 1), (1, 1, 2, 1)
    n_h = (9 + 3 - 3) // 2 + 1
    n_w = (13 + 4 - 5) // 2 + 1
    init = {"add": "0.000000e+00", "maximum": "0xFF800000", "minimum": "0x7F800000", "multiply": "1.000000e+00"}[op]
    attrs = ("padding = dense<[[0, 0], [2, 1], [1, 3], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, "
             "window_strides = array<i64: 1, 2, 2, 1>, window_dilations = array<i64: 1, 1, 2, 1>")
    mlir = _window_program(op, swapped, init, "tensor<2x9x13x109xf32>", f"tensor<2x{n_h}x{n_w}x109xf32>", attrs)
    (out,) = run_every_isa(driver, tmp_path, mlir, x)
    fold = {"add": np.add, "maximum": np.maximum, "minimum": np.minimum, "multiply": np.multiply}[op]
    start = {"add": 0.0, "maximum": -np.inf, "minimum": np.inf, "multiply": 1.0}[op]
    want = np.full((2, n_h, n_w, 109), start, np.float32)
    for a in range(win[1]):
        for b in range(win[2]):
            for i in range(n_h):
                for j in range(n_w):
                    h = i * stride[1] + a * wdil[1] - pad[1][0]
                    w = j * stride[2] + b * wdil[2] - pad[2][0]
                    if 0 <= h < 9 and 0 <= w < 13:
                        want[:, i, j] = fold(x[:, h, w], want[:, i, j]) if swapped else fold(want[:, i, j], x[:, h, w])
    assert out.tobytes() == want.tobytes(), f"expected the window-order f32 fold of {op}"


def _nan_max_min_bits(a: np.ndarray, b: np.ndarray, is_max: bool) -> np.ndarray:
    """XLA's NaN-propagating max/min on f32 bit patterns (uint32): denormals flushed to signed
    zero, equal values (+0 / -0) combined by AND for max and OR for min, a NaN `a` before `b`."""
    def flush(u):
        return np.where((u & 0x7F800000) == 0, u & 0x80000000, u).astype(np.uint32)
    a, b = flush(a), flush(b)
    fa, fb = a.view(np.float32), b.view(np.float32)
    with np.errstate(invalid="ignore"):
        r = np.where(fa > fb if is_max else fa < fb, a, b)
        r = np.where(fa == fb, a & b if is_max else a | b, r)
    r = np.where(np.isnan(fb), b, r)
    return np.where(np.isnan(fa), a, r).astype(np.uint32)


@pytest.mark.parametrize("op,swapped", [("maximum", False), ("maximum", True), ("minimum", False), ("minimum", True)])
def test_channels_last_window_max_min_special_values(driver, tmp_path, op, swapped):  # noqa: F811
    # The whole-window fold of max/min uses the hardware max/min on a flushed accumulator
    # (vector_kernels.cc FoldStep): NaNs with payloads and signs, +-0, denormals (flushed), +-inf
    # and a denormal init must fold exactly as NanMax/NanMin tap by tap, at every ISA.
    rng = np.random.default_rng(9)
    specials = np.array([0x7FC00001, 0xFFC00002, 0x7FA00003, 0x00000000, 0x80000000, 0x00000001, 0x80400000,
                         0x007FFFFF, 0x7F800000, 0xFF800000, 0x3F800000, 0xBF800000], np.uint32)
    bits = rng.standard_normal((2, 6, 8, 75)).astype(np.float32).view(np.uint32)
    mask = rng.random(bits.shape) < 0.3
    bits = np.where(mask, specials[rng.integers(0, len(specials), bits.shape)], bits).astype(np.uint32)
    x = bits.view(np.float32)
    init_bits = 0x80000001  # a negative denormal: flushed to -0 before the first tap
    attrs = ("padding = dense<[[0, 0], [1, 0], [0, 1], [0, 0]]> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 3, 3, 1>, "
             "window_strides = array<i64: 1, 2, 2, 1>")
    mlir = _window_program(op, swapped, f"0x{init_bits:08X}", "tensor<2x6x8x75xf32>", "tensor<2x3x4x75xf32>", attrs)
    (out,) = run_every_isa(driver, tmp_path, mlir, x)
    want = np.full((2, 3, 4, 75), init_bits, np.uint32)
    for a in range(3):
        for b in range(3):
            for i in range(3):
                for j in range(4):
                    h, w = 2 * i + a - 1, 2 * j + b
                    if 0 <= h < 6 and 0 <= w < 8:
                        acc, v = want[:, i, j], bits[:, h, w]
                        want[:, i, j] = _nan_max_min_bits(v, acc, op == "maximum") if swapped else \
                            _nan_max_min_bits(acc, v, op == "maximum")
    got = out.view(np.uint32)
    assert np.array_equal(got, want), f"{op}: {np.count_nonzero(got != want)} elements differ from NanMax/NanMin folds"


@pytest.mark.parametrize("dtype,mlir", [(np.uint8, "ui8"), (np.int8, "i8"), (np.uint16, "ui16"), (np.int16, "i16")])
def test_narrow_integer_to_f32_converts_every_value_at_every_width(driver, tmp_path, dtype, mlir):  # noqa: F811
    """u8/s8/u16/s16 -> f32 widen with each ISA's own instructions: every value of the type, in a
    length that leaves a tail at every width, gives numpy's exact float at every ISA."""
    info = np.iinfo(dtype)
    x = np.concatenate([np.arange(info.min, info.max + 1, dtype=np.int64), [info.max, info.min, 0]]).astype(dtype)
    n = x.size
    (got,) = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: tensor<{n}x{mlir}>) -> tensor<{n}xf32> {{
            %0 = stablehlo.convert %a : (tensor<{n}x{mlir}>) -> tensor<{n}xf32>
            return %0 : tensor<{n}xf32>
          }}
        }}""", x)
    assert got.tobytes() == x.astype(np.float32).tobytes(), f"expected every {dtype.__name__} exactly as f32"


@pytest.mark.parametrize("out_type", ["bf16", "f16"])
@pytest.mark.parametrize("rows", [64, 4096])
def test_half_output_in_a_reused_f32_register_lands_at_its_own_stride(driver, tmp_path, out_type, rows):  # noqa: F811
    # negate's register is free when multiply's result is converted: the converted half takes a
    # register. It once took negate's f32 one and was stored at 4 bytes an element from each
    # row's start (rows with a per-row scalar run row by row), writing past the output: a crash
    # or wrong values. Every ISA must give the rounded products, row by row.
    cols = 512
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{rows}x{cols}xf32>, %s: tensor<{rows}x1xf32>) -> tensor<{rows}x{cols}x{out_type}> {{
        %sb = stablehlo.broadcast_in_dim %s, dims = [0, 1] : (tensor<{rows}x1xf32>) -> tensor<{rows}x{cols}xf32>
        %n = stablehlo.negate %x : tensor<{rows}x{cols}xf32>
        %p = stablehlo.multiply %n, %sb : tensor<{rows}x{cols}xf32>
        %o = stablehlo.convert %p : (tensor<{rows}x{cols}xf32>) -> tensor<{rows}x{cols}x{out_type}>
        return %o : tensor<{rows}x{cols}x{out_type}>
      }}
    }}"""
    rng = np.random.default_rng(5)
    x = rng.standard_normal((rows, cols)).astype(np.float32)
    s = rng.uniform(0.5, 2.0, (rows, 1)).astype(np.float32)
    prod = -x * s
    if out_type == "bf16":
        import ml_dtypes

        want = prod.astype(ml_dtypes.bfloat16).view(np.uint16)
    else:
        want = prod.astype(np.float16)
    for isa in ISAS:
        (got,) = run_isa(driver, tmp_path, mlir, isa, x, s)
        assert np.array_equal(got.view(want.dtype), want), f"{out_type} rows at ISA {isa or 'native'}"


@pytest.mark.parametrize("n", [7, 64, 1000, 4099, 100003])
def test_predicate_outputs_of_fused_loops_at_every_width(driver, tmp_path, n):  # noqa: F811
    # Compares and i1 logic stored as i1 arrays (masks JAX materialises: jnp.where conditions,
    # argmax over booleans): the JIT stores them a byte per lane, 1 or 0, tails by the
    # interpreter; every ISA must give numpy's booleans.
    mlir = f"""
    {MOD}
      func.func public @main(%x: tensor<{n}xf32>, %y: tensor<{n}xf32>, %b: tensor<{n}xi1>) -> (tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}xf32>) {{
        %lt = stablehlo.compare LT, %x, %y, FLOAT : (tensor<{n}xf32>, tensor<{n}xf32>) -> tensor<{n}xi1>
        %nb = stablehlo.not %b : tensor<{n}xi1>
        %m = stablehlo.and %lt, %nb : tensor<{n}xi1>
        %e = stablehlo.compare EQ, %x, %x, FLOAT : (tensor<{n}xf32>, tensor<{n}xf32>) -> tensor<{n}xi1>
        %s = stablehlo.select %m, %x, %y : tensor<{n}xi1>, tensor<{n}xf32>
        return %m, %e, %s : tensor<{n}xi1>, tensor<{n}xi1>, tensor<{n}xf32>
      }}
    }}"""
    rng = np.random.default_rng(n)
    x = rng.standard_normal(n).astype(np.float32)
    x[::13] = np.nan
    y = rng.standard_normal(n).astype(np.float32)
    b = rng.integers(0, 2, n).astype(np.bool_)
    want_m = (x < y) & ~b
    for isa in ISAS:
        m, e, s = run_isa(driver, tmp_path, mlir, isa, x, y, b)
        assert m.dtype == np.bool_ and m.view(np.uint8).max() <= 1, "i1 bytes are 0 or 1"
        assert np.array_equal(m, want_m), f"mask at ISA {isa or 'native'}"
        assert np.array_equal(e, x == x), f"NaN test at ISA {isa or 'native'}"
        assert np.array_equal(s, np.where(want_m, x, y), equal_nan=True)


def narrow_int_program(inputs: list[tuple[str, str]], body: list[str], results: list[tuple[str, str]]) -> str:
    """A program of named inputs (name, type) running `body` and returning (value, type) results."""
    args = ", ".join(f"%{name}: {t}" for name, t in inputs)
    return f"""
        {MOD}
          func.func public @main({args}) -> ({", ".join(t for _, t in results)}) {{
            {(chr(10) + "            ").join(body)}
            return {", ".join(v for v, _ in results)} : {", ".join(t for _, t in results)}
          }}
        }}"""


def test_fused_loop_jit_narrow_integers_widened_wrapped_and_stored(driver, tmp_path):  # noqa: F811
    """u8/i8/u16/i16 inputs widened by their signedness, converts to f32 and bf16, arithmetic
    wrapped to 8 and 16 bits, narrow compares and selects, i1 to f32, and narrow stores: native
    at AVX2 and AVX-512, the interpreter's bits, and numpy's values."""
    n = 4099 + 4096
    rng = np.random.default_rng(23)
    a = rng.integers(0, 256, n).astype(np.uint8)
    b = rng.integers(-128, 128, n).astype(np.int8)
    c = rng.integers(0, 65536, n).astype(np.uint16)
    d = rng.integers(-32768, 32768, n).astype(np.int16)
    a[:4], b[:4], c[:4], d[:4] = [0, 255, 128, 127], [-128, 127, -1, 0], [0, 65535, 32768, 1], [-32768, 32767, -1, 0]
    tu8, ti8, tu16, ti16 = (f"tensor<{n}x{s}>" for s in ("ui8", "i8", "ui16", "i16"))
    tf, tb, tp = f"tensor<{n}xf32>", f"tensor<{n}xbf16>", f"tensor<{n}xi1>"
    body = [f"%af = stablehlo.convert %a : ({tu8}) -> {tf}", f"%bf = stablehlo.convert %b : ({ti8}) -> {tf}",
            f"%cf = stablehlo.convert %c : ({tu16}) -> {tf}", f"%df = stablehlo.convert %d : ({ti16}) -> {tf}",
            f"%k128 = stablehlo.constant dense<128> : {tu8}",
            f"%p = stablehlo.compare GT, %a, %k128, UNSIGNED : ({tu8}, {tu8}) -> {tp}",
            f"%pf = stablehlo.convert %p : ({tp}) -> {tf}",
            f"%s0 = stablehlo.add %af, %bf : {tf}", f"%s1 = stablehlo.add %s0, %cf : {tf}",
            f"%s2 = stablehlo.add %s1, %df : {tf}", f"%sum = stablehlo.add %s2, %pf : {tf}",
            f"%ab = stablehlo.convert %a : ({tu8}) -> {tb}",
            f"%k200 = stablehlo.constant dense<200> : {tu8}", f"%a200 = stablehlo.add %a, %k200 : {tu8}",
            f"%bb = stablehlo.multiply %b, %b : {ti8}",
            f"%k1000 = stablehlo.constant dense<1000> : {ti16}", f"%d1000 = stablehlo.subtract %d, %k1000 : {ti16}",
            f"%na = stablehlo.not %a : {tu8}",
            f"%km5 = stablehlo.constant dense<-5> : {ti8}", f"%bm = stablehlo.maximum %b, %km5 : {ti8}",
            f"%k1 = stablehlo.constant dense<1> : {tu16}", f"%c1 = stablehlo.add %c, %k1 : {tu16}",
            f"%sel = stablehlo.select %p, %c, %c1 : {tp}, {tu16}"]
    results = [("%sum", tf), ("%ab", tb), ("%a200", tu8), ("%bb", ti8), ("%d1000", ti16), ("%na", tu8),
               ("%bm", ti8), ("%sel", tu16)]
    mlir = narrow_int_program([("a", tu8), ("b", ti8), ("c", tu16), ("d", ti16)], body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, [v for v, _ in results], a, b, c, d,
                                                       all_native=True)
    f = np.float32
    want_sum = a.astype(f) + b.astype(f) + c.astype(f) + d.astype(f) + (a > 128).astype(f)
    assert np.array_equal(ref[0], want_sum), "expected the narrow integers widened by signedness, and i1 as 1.0"
    assert np.array_equal(ref[1].view(np.uint16), (a.astype(f).view(np.uint32) >> 16).astype(np.uint16)), \
        "expected u8 -> bf16 exact"
    assert np.array_equal(ref[2], (a + np.uint8(200)).astype(np.uint8)), "expected u8 sums wrapped"
    assert np.array_equal(ref[3], (b.astype(np.int32) * b).astype(np.int8)), "expected i8 products wrapped"
    assert np.array_equal(ref[4], (d.astype(np.int32) - 1000).astype(np.int16)), "expected i16 differences wrapped"
    assert np.array_equal(ref[5], ~a), "expected u8 not"
    assert np.array_equal(ref[6], np.maximum(b, np.int8(-5))), "expected i8 maximum, signed"
    assert np.array_equal(ref[7], np.where(a > 128, c, c + np.uint16(1))), "expected the u16 select, wrapped at 65535"


def convert_value_reference(x: np.ndarray, dtype: type) -> np.ndarray:
    """scalar_math.h ConvertValue from f32: NaN to 0, saturating, truncating."""
    info = np.iinfo(dtype)
    x64 = x.astype(np.float64)
    clipped = np.clip(np.where(np.isnan(x64), 0.0, x64), float(info.min), float(info.max))
    return np.trunc(clipped).astype(dtype)


def test_fused_loop_jit_float_to_integer_and_32bit_converts(driver, tmp_path):  # noqa: F811
    """f32 to every integer type (NaN, infinities, ties, the saturation edges of each type),
    u32 and s32 to f32 (rounded to nearest even), and an s32 wrapped to i8 then sign-extended
    to u32: native at AVX2 and AVX-512, the interpreter's bits, ConvertValue's values."""
    n = 4099 + 4096
    rng = np.random.default_rng(29)
    edges = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-40, -1e-40, 0.5, -0.5, 0.99, -0.99, 127.5, 128.0,
             -128.5, -129.0, 255.9, 256.0, 32767.5, 32768.0, -32768.9, -32769.0, 65535.9, 65536.0, 2147483520.0,
             2147483648.0, -2147483648.0, -2147483904.0, 4294967040.0, 4294967296.0, 3e9, -3e9, 1e20, -1e20]
    x = np.concatenate([(rng.standard_normal(n // 2) * 300).astype(np.float32),
                        (rng.standard_normal(n - n // 2) * 3e9).astype(np.float32)])
    x[:len(edges)] = edges
    u = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    u[:6] = [0, 1, 2**32 - 1, 2**31, 16777217, 2**32 - 129]
    s = rng.integers(-(2**31), 2**31, n, dtype=np.int64).astype(np.int32)
    s[:6] = [-(2**31), 2**31 - 1, -1, 16777217, -16777217, 255]
    tf, tu, ts = f"tensor<{n}xf32>", f"tensor<{n}xui32>", f"tensor<{n}xi32>"
    kinds = [("ui8", np.uint8), ("i8", np.int8), ("ui16", np.uint16), ("i16", np.int16), ("i32", np.int32),
             ("ui32", np.uint32)]
    body = [f"%uf = stablehlo.convert %u : ({tu}) -> {tf}", f"%sf = stablehlo.convert %s : ({ts}) -> {tf}"]
    body += [f"%x{k} = stablehlo.convert %x : ({tf}) -> tensor<{n}x{name}>" for k, (name, _) in enumerate(kinds)]
    body += [f"%s8 = stablehlo.convert %s : ({ts}) -> tensor<{n}xi8>",
             f"%s8u = stablehlo.convert %s8 : (tensor<{n}xi8>) -> {tu}"]
    results = [("%uf", tf), ("%sf", tf)] + [(f"%x{k}", f"tensor<{n}x{name}>") for k, (name, _) in enumerate(kinds)]
    results.append(("%s8u", tu))
    mlir = narrow_int_program([("x", tf), ("u", tu), ("s", ts)], body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, [v for v, _ in results], x, u, s,
                                                       all_native=True)
    assert np.array_equal(ref[0], u.astype(np.float32)), "expected u32 -> f32 rounded once to nearest even"
    assert np.array_equal(ref[1], s.astype(np.float32)), "expected s32 -> f32 rounded to nearest even"
    for k, (name, dt) in enumerate(kinds):
        want = convert_value_reference(x, dt)
        bad = np.flatnonzero(ref[2 + k] != want)
        assert bad.size == 0, f"expected f32 -> {name} saturating, NaN to 0; first bad {x[bad[0]]!r}: {ref[2 + k][bad[0]]}"
    assert np.array_equal(ref[-1], s.astype(np.int8).astype(np.uint32)), "expected s32 -> i8 wrapped, then sign-extended"


@pytest.mark.parametrize("shape", [(5, 37, 41, 3), (2, 9, 1031, 5), (3, 64, 100)])
def test_fused_loop_periodic_inputs_gathered_once_per_run(driver, tmp_path, shape):  # noqa: F811
    """A u8 image normalised by per-channel mean and scale (inputs with a short period: 3, 5,
    or 100, whose multiples with the step exceed a tile): the native loop's tiles are a multiple
    of every period when that fits, each such input filled once per run; the bits at every
    width and numpy's f32 values."""
    rng = np.random.default_rng(31)
    x = rng.integers(0, 256, shape).astype(np.uint8)
    ch = shape[-1]
    mean = rng.uniform(0.3, 0.6, ch).astype(np.float32)
    std = rng.uniform(0.2, 0.3, ch).astype(np.float32)
    t = "tensor<" + "x".join(map(str, shape)) + "xf32>"
    tx, tc = t.replace("f32", "ui8"), f"tensor<{ch}xf32>"
    r = len(shape)
    mlir = narrow_int_program(
        [("x", tx), ("m", tc), ("s", tc)],
        [f"%xf = stablehlo.convert %x : ({tx}) -> {t}",
         f"%k = stablehlo.constant dense<2.550000e+02> : {t}",
         f"%y = stablehlo.divide %xf, %k : {t}",
         f"%mb = stablehlo.broadcast_in_dim %m, dims = [{r - 1}] : ({tc}) -> {t}",
         f"%sb = stablehlo.broadcast_in_dim %s, dims = [{r - 1}] : ({tc}) -> {t}",
         f"%z = stablehlo.subtract %y, %mb : {t}",
         f"%w = stablehlo.divide %z, %sb : {t}"],
        [("%w", t)])
    outs = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, ["%w"], x, mean, std, all_native=True)
    # (The simplifier divides by a constant or a broadcast as XLA does: times the reciprocal,
    # rounded to f32.)
    one = np.float32(1.0)
    want = (x.astype(np.float32) * (one / np.float32(255.0)) - mean) * (one / std)
    assert np.array_equal(outs[0], want), "expected (x * f32(1 / 255) - mean) * f32(1 / std) per channel in f32"


def test_fused_loop_jit_narrow_integer_scalars_rows_and_iotas(driver, tmp_path):  # noqa: F811
    """8- and 16-bit integers as a broadcast scalar, as per-row values (bound a row at a time),
    and as an iota, and converted to f16 (rounded, 65520 and above to infinity): the JIT's
    32-bit extensions of each, native at AVX2 and AVX-512 (packed f16 where the CPU has
    AVX512-FP16), with the interpreter's bits and numpy's values."""
    rows, cols = 37, 1024 + 3
    rng = np.random.default_rng(41)
    x = rng.integers(-128, 128, (rows, cols)).astype(np.int8)
    s = np.array(-3, dtype=np.int8)
    r = rng.integers(0, 65536, rows).astype(np.uint16)
    r[:4] = [65535, 65519, 65520, 2049]  # to infinity, down to 65504, to infinity, a tie
    f = rng.standard_normal((rows, cols)).astype(np.float32)
    t8, t16, tf, ti, th = (f"tensor<{rows}x{cols}x{e}>" for e in ("i8", "ui16", "f32", "ui8", "f16"))
    body = [f"%sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<i8>) -> {t8}",
            f"%xs = stablehlo.multiply %x, %sb : {t8}",
            f"%rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<{rows}xui16>) -> {t16}",
            f"%rf = stablehlo.convert %rb : ({t16}) -> {tf}",
            f"%xf = stablehlo.convert %xs : ({t8}) -> {tf}",
            f"%y0 = stablehlo.multiply %f, %rf : {tf}",
            f"%y = stablehlo.add %y0, %xf : {tf}",
            f"%i = stablehlo.iota dim = 1 : {ti}",
            f"%if = stablehlo.convert %i : ({ti}) -> {tf}",
            f"%z = stablehlo.add %f, %if : {tf}",
            f"%xh = stablehlo.convert %xs : ({t8}) -> {th}",
            f"%rh = stablehlo.convert %rb : ({t16}) -> {th}"]
    results = [("%y", tf), ("%xs", t8), ("%z", tf), ("%xh", th), ("%rh", th)]
    mlir = narrow_int_program([("x", t8), ("s", "tensor<i8>"), ("r", f"tensor<{rows}xui16>"), ("f", tf)], body,
                              results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, [v for v, _ in results], x, s, r, f,
                                                       all_native=True)
    xs = (x.astype(np.int32) * -3).astype(np.int8)
    assert np.array_equal(ref[1], xs), "expected i8 times a broadcast i8 scalar, wrapped"
    want = f * r.astype(np.float32)[:, None] + xs.astype(np.float32)
    assert np.array_equal(ref[0], want), "expected per-row u16 values widened and an i8 scalar's products"
    iota = (np.arange(cols) % 256).astype(np.float32)
    assert np.array_equal(ref[2], f + iota[None, :]), "expected a u8 iota along the rows, wrapped at 256"
    assert np.array_equal(ref[3], xs.astype(np.float16)), "expected i8 -> f16 exact"
    with np.errstate(over="ignore"):
        rh = np.broadcast_to(r.astype(np.float16)[:, None], (rows, cols))
    assert np.array_equal(ref[4].view(np.uint16), rh.view(np.uint16)), "expected u16 -> f16 rounded to nearest even"


@pytest.mark.parametrize("const", ["0.000000e+00", "-0.000000e+00", "1.500000e+00", "-2.550000e+02", "0x7F800000",
                                   "0xFF800000", "0x000116C2", "0x800116C2", "0x7FC00000"])
def test_fused_loop_jit_max_min_against_constants(driver, tmp_path, const):  # noqa: F811
    """f32 maximum and minimum against a constant in either operand order (relu, clip): the JIT
    folds a constant that is not a NaN into a shorter sequence; the interpreter's bits (NaN
    operands kept, +-0 ordered, denormal operands and constants flushed) at every width."""
    n = 4099 + 4096
    x = special_f32(n, 43)
    x[:8] = [0.0, -0.0, 1.5, -255.0, np.inf, -np.inf, 1e-40, -1e-40]
    t = f"tensor<{n}xf32>"
    body = [f"%c = stablehlo.constant dense<{const}> : {t}",
            f"%0 = stablehlo.maximum %x, %c : {t}", f"%1 = stablehlo.maximum %c, %x : {t}",
            f"%2 = stablehlo.minimum %x, %c : {t}", f"%3 = stablehlo.minimum %c, %x : {t}"]
    results = [(f"%{k}", t) for k in range(4)]
    mlir = narrow_int_program([("x", t)], body, results)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, [v for v, _ in results], x,
                                                       all_native=True)
    normal = np.isfinite(x) & ((np.abs(x) >= np.finfo(np.float32).tiny) | (x == 0))
    c = np.array([int(const, 16)], np.uint32).view(np.float32)[0] if const.startswith("0x") else np.float32(const)
    if np.isfinite(c) and abs(c) >= np.finfo(np.float32).tiny:  # (numpy orders neither zeros nor denormals)
        assert np.array_equal(ref[0][normal], np.maximum(x[normal], c)), "expected max against the constant"
        assert np.array_equal(ref[3][normal], np.minimum(c, x[normal])), "expected min against the constant"
    assert np.all(np.isnan(ref[0][np.isnan(x)])), "expected NaN operands kept"


def special_f64(n: int, seed: int) -> np.ndarray:
    """Normal values over many magnitudes mixed with NaN, +-inf, +-0, denormals and values at and
    past f64 exp's clamp and scaling edges."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 3, n)
    specials = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 5e-324, -5e-324, 1e-310, -1e-310, 2.2e-308,
                         708.9, 709.0, 709.5, 710.0, 800.0, -708.0, -708.5, -745.0, -746.0, -800.0, 1e300,
                         -1e300, 1.0, -1.0, 0.5])
    x[rng.choice(n, n // 10, replace=False)] = rng.choice(specials, n // 10)
    return x


def test_fused_loop_jit_f64_lanes_same_bits_as_interpreter_at_every_width(driver, tmp_path):  # noqa: F811
    """A fused loop of f64 and i1 values runs native (8 doubles a zmm, 4 a ymm) with the
    interpreter's bits: arithmetic, negate, abs, max/min (NaN first, -0 < +0, denormals flushed),
    compares and selects, sqrt, exp (the table method; the scaling path is picked per loop trip
    here and per register there: runs of eight around -708 and 709 mix both), an i1 converted to
    f64, an f64 scalar broadcast and constants. One NaN payload, and no op with NaNs of two
    payloads as operands (which survives then depends on the C++ compiler's operand order)."""
    n = 8192 + 4096 + 13  # native, plus a tail the interpreter runs
    t, s, p = f"tensor<{n}xf64>", "tensor<f64>", f"tensor<{n}xi1>"
    a, b = special_f64(n, 21), special_f64(n, 22)
    edge = np.repeat(np.array([-707.0, -720.0, 708.0, 712.0, -745.5, 1.0]), 8)
    a[4096:4096 + edge.size] = np.random.default_rng(5).permutation(edge)
    b[100:300] = a[100:300]  # equal pairs, so max/min order the zeros
    b[300:400] = -a[300:400]
    a[400:408] = [0.0, -0.0, 0.0, -0.0, 1e-310, -1e-310, -0.0, 5e-324]
    b[400:408] = [-0.0, 0.0, 0.0, -0.0, -0.0, 0.0, 1e-310, -0.0]
    results = ["%e0", "%mx", "%mn", "%r", "%q", "%g", "%x", "%e1"]
    mlir = f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}, %c: {s}) -> ({", ".join([t] * len(results))}) {{
            %cb = stablehlo.broadcast_in_dim %c, dims = [] : ({s}) -> {t}
            %k = stablehlo.constant dense<-2.500000e+00> : {t}
            %sq = stablehlo.multiply %a, %a : {t}
            %ng = stablehlo.negate %sq : {t}
            %e0 = stablehlo.exponential %ng : {t}
            %e1 = stablehlo.exponential %a : {t}
            %mx = stablehlo.maximum %a, %b : {t}
            %mn = stablehlo.minimum %b, %a : {t}
            %ab = stablehlo.abs %b : {t}
            %rt = stablehlo.sqrt %ab : {t}
            %gt = stablehlo.compare GT, %a, %b, FLOAT : ({t}, {t}) -> {p}
            %sel = stablehlo.select %gt, %rt, %e1 : {p}, {t}
            %d = stablehlo.divide %sel, %k : {t}
            %r = stablehlo.subtract %d, %cb : {t}
            %ne = stablehlo.compare NE, %a, %b, FLOAT : ({t}, {t}) -> {p}
            %le = stablehlo.compare LE, %b, %cb, FLOAT : ({t}, {t}) -> {p}
            %both = stablehlo.and %ne, %le : {p}
            %one = stablehlo.convert %both : ({p}) -> {t}
            %q = stablehlo.multiply %one, %mx : {t}
            %g = stablehlo.sqrt %a : {t}
            %x = stablehlo.maximum %a, %k : {t}
            return {", ".join(results)} : {", ".join([t] * len(results))}
          }}
        }}"""
    c = np.array(0.75)
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, c, all_native=True)
    with np.errstate(all="ignore"):
        want_mx = np.where(np.isnan(a) | np.isnan(b), np.nan, np.maximum(a, b))
    flushed = (np.abs(a) < 2.3e-308) | (np.abs(b) < 2.3e-308)
    assert np.array_equal(ref[1][~flushed], want_mx[~flushed], equal_nan=True), "expected NaN-propagating f64 max"
    mixed_zeros = (a == 0) & (b == 0) & (np.signbit(a) != np.signbit(b))
    assert mixed_zeros.any() and not np.signbit(ref[1][mixed_zeros]).any() and np.signbit(ref[2][mixed_zeros]).all(), \
        "expected max(-0, +0) = +0 and min(-0, +0) = -0"
    assert np.isnan(ref[5][a < -2.3e-308]).all(), "expected sqrt of a negative (normal) f64 to be NaN"
    with np.errstate(all="ignore"):
        want_exp = np.exp(a)
    ok = np.isfinite(want_exp) & (want_exp > 1e-300)
    ulps = np.abs(ref[7][ok].view(np.int64) - want_exp[ok].view(np.int64))
    assert ulps.max() <= 1, f"expected f64 exp within 1 ulp of numpy's, worst {ulps.max()}"


def test_fused_loop_jit_f64_loop_edges_convert_f32_and_s32_same_bits(driver, tmp_path):  # noqa: F811
    """f32 and s32 arrays and scalars widened into an f64 loop (exactly, as loaded), and f64
    results rounded to f32 (stored narrowed, or widened again): native at AVX2 and AVX-512 with
    the interpreter's bits, over f32 NaNs (a signalling one), infinities, denormals (DAZ reads
    them as zeros in both), f64 values past f32's range and below its smallest normal (FTZ), and
    s32's extremes."""
    rng = np.random.default_rng(31)
    n = 8192 + 11
    a = (rng.standard_normal(n) * rng.choice([1, 10, 100], n)).astype(np.float32)
    sp = np.array([np.nan, np.inf, -np.inf, 0, -0.0, 1e-40, -1e-40, 1e-45, 3e38, -3e38, 1.0], np.float32)
    a[rng.choice(n, 800, replace=False)] = rng.choice(sp, 800)
    a.view(np.uint32)[5] = 0x7F800001  # a signalling NaN
    b = rng.standard_normal(n) * rng.choice([1, 1e-300, 1e300, 1e-30], n)
    b[rng.choice(n, 500, replace=False)] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-310, 3.5e38, -3.5e38,
                                                       1e-46, 1.1754942e-38], 500)
    i = rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32)
    i[:4] = [-2**31, 2**31 - 1, 0, -1]
    tf, td, ti = f"tensor<{n}xf32>", f"tensor<{n}xf64>", f"tensor<{n}xi32>"
    results = ["%n", "%u", "%dn"]
    mlir = f"""
        {MOD}
          func.func public @main(%a: {tf}, %b: {td}, %i: {ti}, %s: tensor<f32>) -> ({tf}, {td}, {tf}) {{
            %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> {tf}
            %sw = stablehlo.convert %sb : ({tf}) -> {td}
            %aw = stablehlo.convert %a : ({tf}) -> {td}
            %iw = stablehlo.convert %i : ({ti}) -> {td}
            %m = stablehlo.multiply %aw, %b : {td}
            %e = stablehlo.exponential %m : {td}
            %n = stablehlo.convert %e : ({td}) -> {tf}
            %nw = stablehlo.convert %n : ({tf}) -> {td}
            %t = stablehlo.add %nw, %iw : {td}
            %u = stablehlo.subtract %t, %sw : {td}
            %d = stablehlo.divide %b, %aw : {td}
            %dn = stablehlo.convert %d : ({td}) -> {tf}
            return %n, %u, %dn : {tf}, {td}, {tf}
          }}
        }}"""
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, i,
                                                       np.array(1.5, np.float32), all_native=True)
    normal = (np.abs(a) > 1.2e-38) & np.isfinite(a) & (np.abs(b) > 1e-300) & np.isfinite(b)
    with np.errstate(all="ignore"):
        want = (b / a.astype(np.float64)).astype(np.float32)
    ok = normal & (np.abs(want) > 1.2e-38)
    assert np.array_equal(ref[2][ok], want[ok], equal_nan=True), "expected f64 / f32 rounded once to f32"
    assert ref[2].view(np.uint32)[5] == 0x7FC00001, "expected the signalling NaN's quiet f32 back"


def ordered_max_min_f64(x: np.ndarray, is_max: bool) -> np.ndarray:
    """Rows of x folded from -inf (max) or +inf (min) by scalar_math.h NanPropMax / NanPropMin:
    denormals as zeros of their sign, +0 over -0 for max (-0 for min), the first NaN's bits."""
    bits = x.view(np.uint64)
    flushed = np.where((bits & 0x7FF0000000000000) == 0, bits & 0x8000000000000000, bits).view(np.int64)
    keys = flushed ^ ((flushed >> 63) & 0x7FFFFFFFFFFFFFFF)
    k = keys.max(axis=1) if is_max else keys.min(axis=1)
    out = (k ^ ((k >> 63) & 0x7FFFFFFFFFFFFFFF)).view(np.float64).copy()
    nan = np.isnan(x)
    first = np.argmax(nan, axis=1)
    rows = nan.any(axis=1)
    out[rows] = x[rows, first[rows]]
    return out


@pytest.mark.parametrize("cols", [1, 7, 64, 1027])
def test_f64_row_max_min_order_free_without_nan_ordered_with(driver, tmp_path, cols):  # noqa: F811
    """f64 row max and min fold rows without a NaN in lanes of total-order keys (any order gives
    the ordered fold's bits: +0 over -0 for max, -0 over +0 for min, denormals flushed to zeros
    of their sign) and rows holding NaNs in order (the first NaN's payload wins); the same bits
    at every ISA and as that rule computed in numpy."""
    rng = np.random.default_rng(cols)
    rows = 96
    x = rng.standard_normal((rows, cols)) * 10.0 ** rng.integers(-5, 5, (rows, cols))
    specials = np.array([0.0, -0.0, 1e-310, -1e-310, 5e-324, -5e-324, np.inf, -np.inf])
    mask = rng.random((rows, cols)) < 0.2
    x[mask] = rng.choice(specials, int(mask.sum()))
    x[:8] = rng.choice(specials[:6], (8, cols))  # rows of zeros and denormals only
    nan_a = np.array([0x7FF8000000000001], np.uint64).view(np.float64)[0]
    nan_b = np.array([0xFFF8000000000002], np.uint64).view(np.float64)[0]
    for r in range(60, 70):  # two NaN payloads, either first
        x[r, rng.integers(0, cols)] = nan_a if r % 2 else nan_b
        x[r, rng.integers(0, cols)] = nan_b if r % 2 else nan_a
    t, o = f"tensor<{rows}x{cols}xf64>", f"tensor<{rows}xf64>"
    outs = run_every_isa(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%a: {t}) -> ({o}, {o}) {{
            %lo = stablehlo.constant dense<0xFFF0000000000000> : tensor<f64>
            %hi = stablehlo.constant dense<0x7FF0000000000000> : tensor<f64>
            %0 = stablehlo.reduce(%a init: %lo) applies stablehlo.maximum across dimensions = [1] : ({t}, tensor<f64>) -> {o}
            %1 = stablehlo.reduce(%a init: %hi) applies stablehlo.minimum across dimensions = [1] : ({t}, tensor<f64>) -> {o}
            return %0, %1 : {o}, {o}
          }}
        }}""", x)
    for got, is_max in zip(outs, (True, False), strict=True):
        want = ordered_max_min_f64(x, is_max)
        bad = np.flatnonzero(got.view(np.uint64) != want.view(np.uint64))
        assert bad.size == 0, (f"expected the ordered {'max' if is_max else 'min'} fold's bits; row {bad[0]}: "
                               f"{got[bad[0]]!r} vs {want[bad[0]]!r}")


def test_fused_loop_jit_f64_loop_reads_and_writes_i1_arrays(driver, tmp_path):  # noqa: F811
    """An f64 loop reads an i1 array (a byte an element widened to a 64-bit lane mask) and stores
    compares and i1 logic as bytes of 1 or 0: native at AVX2 and AVX-512, the interpreter's bits."""
    n = 8192 + 4096 + 13
    t, p = f"tensor<{n}xf64>", f"tensor<{n}xi1>"
    a, b = special_f64(n, 41), special_f64(n, 42)
    m = np.random.default_rng(43).random(n) < 0.5
    results = ["%e", "%c", "%x"]
    mlir = f"""
        {MOD}
          func.func public @main(%a: {t}, %b: {t}, %m: {p}) -> ({t}, {p}, {p}) {{
            %s = stablehlo.select %m, %a, %b : {p}, {t}
            %e = stablehlo.exponential %s : {t}
            %c = stablehlo.compare LT, %a, %b, FLOAT : ({t}, {t}) -> {p}
            %x = stablehlo.xor %c, %m : {p}
            return %e, %c, %x : {t}, {p}, {p}
          }}
        }}"""
    ref = same_bits_jit_and_interpreter_at_every_width(driver, tmp_path, mlir, results, a, b, m, all_native=True)
    with np.errstate(invalid="ignore"):
        lt = a < b
    flushed = (np.abs(a) < 2.3e-308) | (np.abs(b) < 2.3e-308)
    assert np.array_equal(ref[1][~flushed], lt[~flushed]), "expected f64 a < b"
    assert np.array_equal(ref[2], ref[1] ^ m), "expected the compare xor the mask"


@pytest.mark.parametrize("op", ["round_nearest_even", "round_nearest_afz", "floor", "ceil"])
def test_rounding_vector_kernels_match_the_scalar_definitions(driver, tmp_path, op):  # noqa: F811
    """f32 round / floor / ceil as vector kernels: denormals flushed to signed zero, then
    nearbyint, round-half-away, floor and ceil exactly (signed zeros, halves, 2^23 and above,
    infinities and NaN included), at every ISA."""
    rng = np.random.default_rng(len(op))
    x = np.concatenate([
        (rng.standard_normal(4000) * 10.0 ** rng.integers(-3, 9, 4000)).astype(np.float32),
        np.arange(-8, 8, 0.5, dtype=np.float32),
        np.array([0.0, -0.0, 0.49999997, -0.49999997, 8388607.5, 8388608.0, -8388609.0, 1.5e7, 3e38, -3e38,
                  np.inf, -np.inf, np.nan, 1e-40, -1e-40, 0.5, -0.5, 2.5, -2.5], np.float32)])
    x = np.tile(x, 25)  # long enough for the fused-loop JIT (VRNDSCALEPS / VROUNDPS) to run it
    n = x.size
    t = f"tensor<{n}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> {t} {{
            %0 = stablehlo.{op} %x : {t}
            return %0 : {t}
          }}
        }}"""
    flushed = np.where(np.abs(x) < np.float32(1.17549435e-38), np.copysign(np.float32(0), x), x)
    x64 = flushed.astype(np.float64)
    with np.errstate(invalid="ignore"):
        want = {"round_nearest_even": np.rint(flushed), "floor": np.floor(flushed), "ceil": np.ceil(flushed),
                "round_nearest_afz": np.copysign(np.trunc(np.abs(x64) + 0.5), x64).astype(np.float32)}[op]
    want = np.where(np.isnan(x), x, want).astype(np.float32)
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, prog, isa, x, extra_env={"JAXLIB_CPU_JIT_TRACE": "1"}, stderr=err)[0]
        ok = (got.view(np.uint32) == want.view(np.uint32)) | (np.isnan(got) & np.isnan(want))
        assert ok.all(), f"{op} at {isa or 'native'}: first mismatch at {x[~ok][:3]} -> {got[~ok][:3]} vs {want[~ok][:3]}"
        if isa != "baseline" and op != "round_nearest_afz":
            assert ": native" in err[0], f"{op} at {isa or 'native'}: expected the fused-loop JIT to run it"


@pytest.mark.parametrize("el, dt", [("i32", np.int32), ("ui32", np.uint32), ("i8", np.int8)])
def test_integer_sign_and_floor_division_in_fused_loops(driver, tmp_path, el, dt):  # noqa: F811
    """sign of integers (the fused-loop JIT clamps to [-1, 1]) and jnp.floor_divide's lowering
    (sign, truncating divide, remainder and selects): numpy's values at every ISA, extremes
    included, and the interpreter's bits (JAXLIB_CPU_DISABLE_JIT=1)."""
    n = 4099
    info = np.iinfo(dt)
    x = np.random.default_rng(11).integers(info.min, info.max, size=n, endpoint=True).astype(dt)
    x[:5] = [info.min, info.max, 0, 1, info.max - 1]
    if info.min < 0:
        x[5:7] = [-1, info.min + 1]
    t = f"tensor<{n}x{el}>"
    cmp = "SIGNED" if info.min < 0 else "UNSIGNED"
    text = f"""
        {MOD}
          func.func public @main(%x: {t}) -> ({t}, {t}) {{
            %s = stablehlo.sign %x : {t}
            %d = stablehlo.constant dense<7> : {t}
            %q = stablehlo.divide %x, %d : {t}
            %r = stablehlo.remainder %x, %d : {t}
            %z = stablehlo.constant dense<0> : {t}
            %neg = stablehlo.compare LT, %r, %z, {cmp} : ({t}, {t}) -> tensor<{n}xi1>
            %one = stablehlo.constant dense<1> : {t}
            %qm = stablehlo.subtract %q, %one : {t}
            %fq = stablehlo.select %neg, %qm, %q : tensor<{n}xi1>, {t}
            %f = stablehlo.add %fq, %s : {t}
            return %s, %f : {t}, {t}
          }}
        }}"""
    sign = np.sign(x.astype(np.int64))
    want_s = sign.astype(dt)
    want_f = ((x.astype(np.int64) // 7) + sign).astype(dt)
    got = run_every_isa(driver, tmp_path, text, x)
    assert (got[0] == want_s).all(), f"sign: first mismatches at {np.flatnonzero(got[0] != want_s)[:5]}"
    assert (got[1] == want_f).all(), f"floor division: first mismatches at {np.flatnonzero(got[1] != want_f)[:5]}"
    interp = run_isa(driver, tmp_path, text, "", x, extra_env={"JAXLIB_CPU_DISABLE_JIT": "1"})
    for g, r in zip(got, interp, strict=True):
        assert g.tobytes() == r.tobytes(), "expected the interpreter's bits"


@pytest.mark.parametrize("el, dt", [("i8", np.int8), ("ui8", np.uint8), ("i16", np.int16), ("ui16", np.uint16)])
def test_narrow_integer_shifts_in_fused_loops(driver, tmp_path, el, dt):  # noqa: F811
    """Shifts of 8- and 16-bit integers, which the fused-loop JIT runs in 32-bit lanes: every
    count from -3 to the width + 3 against extremes and random values, the interpreter's bits
    (JAXLIB_CPU_DISABLE_JIT=1) at every ISA and the type's own semantics (a count at or past the
    width, a negative one included, shifts every bit out: 0, or the sign for arithmetic)."""
    bits = np.iinfo(dt).bits
    info = np.iinfo(dt)
    counts = np.arange(-3, bits + 4)
    vals = np.concatenate([[info.min, info.max, 0, 1, -1 if info.min < 0 else 2],
                           np.random.default_rng(2).integers(info.min, info.max, 60, endpoint=True)])
    x = np.repeat(vals, counts.size).astype(dt)
    c = np.tile(counts, vals.size).astype(dt)
    n = x.size
    t = f"tensor<{n}x{el}>"
    text = f"""
        {MOD}
          func.func public @main(%x: {t}, %c: {t}) -> ({t}, {t}, {t}) {{
            %l = stablehlo.shift_left %x, %c : {t}
            %a = stablehlo.shift_right_arithmetic %x, %c : {t}
            %r = stablehlo.shift_right_logical %x, %c : {t}
            return %l, %a, %r : {t}, {t}, {t}
          }}
        }}"""
    got = run_every_isa(driver, tmp_path, text, x, c)
    interp = run_isa(driver, tmp_path, text, "", x, c, extra_env={"JAXLIB_CPU_DISABLE_JIT": "1"})
    for g, r in zip(got, interp, strict=True):
        assert g.tobytes() == r.tobytes(), "expected the interpreter's bits"
    u = x.astype(np.int64) & ((1 << bits) - 1)  # the bit pattern
    s = x.astype(np.int64) if info.min < 0 else np.where(u >> (bits - 1), u - (1 << bits), u)  # read as signed
    cu = c.astype(np.int64) & ((1 << bits) - 1)  # counts read as unsigned
    inside = cu < bits
    sh = np.where(inside, cu, 0)
    want_l = np.where(inside, (u << sh) & ((1 << bits) - 1), 0)
    want_a = np.where(inside, s >> sh, np.where(s < 0, -1, 0)) & ((1 << bits) - 1)
    want_r = np.where(inside, u >> sh, 0)
    for name, g, w in (("shift_left", got[0], want_l), ("arithmetic", got[1], want_a), ("logical", got[2], want_r)):
        gu = g.astype(np.int64) & ((1 << bits) - 1)
        bad = np.flatnonzero(gu != w)
        assert bad.size == 0, f"{name}: {bad.size} wrong, first x={x[bad[:3]]} c={c[bad[:3]]} got {g[bad[:3]]}"
