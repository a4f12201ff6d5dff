"""The CPU backend's fused-loop JIT (backends/cpu/executor/jit/fused_loop_jit.cc): fused f32
elementwise loops as native AVX-512 or AVX2 code, against the tile interpreter it replaces.

Each program runs in two child processes through `jaxlib.xla_client`: one with the JIT, one with
JAXLIB_CPU_DISABLE_JIT=1 (read once per process); both once at the ISA the environment selects and
once more with JAXLIB_CPU_ISA=avx2, so an AVX-512 machine checks the AVX2 code too. Both set JAXLIB_CPU_JIT_TRACE=1, whose stderr
lines say which path each fused loop took. The tests assert that both paths agree bit for bit
(inputs are laced with NaN, infinities, signed zeros, denormals and the formulas' clamp and
cut-over points), that the results are close to float64 numpy, and that each loop took the path
expected of it. NaN inputs are all the same quiet NaN: when both operands of an op are NaNs with
different payloads, which one survives depends on operand order, which the C++ compiler may
swap in the interpreter's kernels.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from jit_traces import traces_by_case  # noqa: E402

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("jaxlib_cpu") is None or importlib.util.find_spec("jaxlib") is None,
    reason="our jaxlib + jaxlib-cpu are not installed",
)


def _cpu_flags() -> set[str]:
    if not (sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")):
        return set()
    try:
        return set(next(line for line in Path("/proc/cpuinfo").read_text().splitlines()
                        if line.startswith("flags")).split())
    except (OSError, StopIteration):
        return set()


_FLAGS = _cpu_flags()
_HAS_AVX512 = {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= _FLAGS
_HAS_AVX512_FP16 = "avx512_fp16" in _FLAGS
_ENV_ISA = os.environ.get("JAXLIB_CPU_ISA", "")

#: The ISAs each case runs at: "env" (what the environment selects) and "avx2" (capped there).
ISAS = ["env", "avx2"]


def native_isa(isa: str) -> str | None:
    """The JIT's instruction set in a child run at `isa` ("AVX-512", "AVX2"), None where it interprets."""
    cap = "avx2" if isa == "avx2" else _ENV_ISA
    if cap in ("", "avx512") and _HAS_AVX512:
        return "AVX-512"
    if cap in ("", "avx512", "avx2") and "avx2" in _FLAGS:
        return "AVX2"
    return None


#: Case.path of f16 arithmetic: native on packed halves where the JIT runs AVX-512 on a CPU with
#: AVX512-FP16, interpreted elsewhere (rounding through F16C per op is slower native).
F16_ARITHMETIC = "f16 arithmetic"


def resolved_path(case_path: str, isa: str) -> str:
    """The path a case takes at `isa`: F16_ARITHMETIC resolved for this CPU."""
    if case_path == F16_ARITHMETIC and native_isa(isa) == "AVX-512" and _HAS_AVX512_FP16:
        return "native"
    return case_path


F32 = np.float32
SPECIALS = np.array(
    [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40, 1.17549435e-38, -1.17549435e-38, 3.4e38, -3.4e38,
     1e30, -1e30, 88.7, 88.8, 88.9, 89.0, -103.9, -104.0, -104.1, -110.0, 7.9053111, 7.9054, -7.9054, 9.0, -9.0,
     0.0004, 0.00039, -0.00039, 4.0, -4.0, 4.1, -4.1, 0.5, -0.5, 2.0, 1e-20, -1e-20],
    dtype=F32)


def _tensor(shape: tuple[int, ...], dtype: str = "f32") -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def laced(seed: int, shape: tuple[int, ...], scale: float = 3.0) -> np.ndarray:
    """Normal values with every special value placed somewhere (and at the array's ends)."""
    rng = np.random.default_rng(seed)
    a = (rng.standard_normal(shape, dtype=F32) * F32(scale)).ravel()
    k = min(4 * SPECIALS.size, a.size // 2)
    pos = rng.choice(a.size, size=k, replace=False)
    a[pos] = np.resize(SPECIALS, k)
    # At the ends, each seed shifts the list by one more place, so arrays of neighbouring seeds
    # pair every special value with its neighbours (+0 with -0, 88.8 with 88.9, ...).
    h = min(SPECIALS.size, a.size // 3)
    a[:h] = np.roll(SPECIALS, seed)[:h]
    a[-h:] = np.roll(SPECIALS, seed)[::-1][-h:]
    return a.reshape(shape)


@dataclass
class Case:
    name: str
    shape: tuple[int, ...]
    #: lines of the body using %a, %b, ... (array args) and %s (a scalar arg, when scalar=True)
    body: list[str]
    results: list[str]
    num_arrays: int
    reference: Callable[..., list[np.ndarray]] | None = None
    #: "native", "native, fewer vectors" (native at any interleave), "any" (native or out of
    #: registers), "none" (no trace line: the loop is too short to try) or a reason substring
    path: str = "native"
    scalar: bool = False
    seed: int = 0
    #: extra absolute tolerance per element, from the float64 inputs (cancellation in the formula)
    slack: Callable[..., np.ndarray] | None = None
    #: the arrays, when not laced random values
    make_inputs: Callable[[], list[np.ndarray]] | None = None
    #: further f32 parameters (name, shape) after the arrays, laced like them
    extra_params: list[tuple[str, tuple[int, ...]]] | None = None
    #: share of elements the float64 comparison must cover (the rest: NaN, flushed, overflowed)
    coverage: float = 0.8
    #: relative tolerance against the reference (halves: the reference rounds per op too)
    rtol: float = 1e-5
    #: result types ($T: the f32 array type, $P: its i1 twin), when not all $T
    result_types: list[str] | None = None
    #: i1 parameters (name, shape) after all others, random
    pred_params: list[tuple[str, tuple[int, ...]]] | None = None
    #: the element type of $T and of the array parameters (f32, i32, ui32, bf16 or f16)
    dtype: str = "f32"
    #: fused loops the program compiles to (each takes `path`)
    loops: int = 1

    @property
    def mlir(self) -> str:
        t = _tensor(self.shape, self.dtype)
        params = [f"%{chr(ord('a') + i)}: {t}" for i in range(self.num_arrays)]
        for name, shape in self.extra_params or []:
            params.append(f"%{name}: {_tensor(shape)}")
        if self.scalar:
            params.append("%s: tensor<f32>")
        for name, shape in self.pred_params or []:
            params.append(f"%{name}: {_tensor(shape).replace('f32>', 'i1>')}")
        p = _tensor(self.shape, "i1")
        body = "\n".join("    " + line.replace("$T", t).replace("$P", p) for line in self.body)
        rtypes = ", ".join((r or "$T").replace("$T", t).replace("$P", p)
                           for r in (self.result_types or [None] * len(self.results)))
        return (f"module @{self.name} {{\n  func.func public @main({', '.join(params)}) -> ({rtypes}) {{\n{body}\n"
                f"    return {', '.join(self.results)} : {rtypes}\n  }}\n}}\n")

    def inputs(self) -> list[np.ndarray]:
        if self.make_inputs is not None:
            return self.make_inputs()
        arrays = [laced(1000 * self.seed + i, self.shape) for i in range(self.num_arrays)]
        arrays += [laced(1000 * self.seed + 100 + i, shape) for i, (_, shape) in enumerate(self.extra_params or [])]
        if self.scalar:
            arrays.append(np.array(0.75, dtype=F32))
        for i, (_, shape) in enumerate(self.pred_params or []):
            arrays.append(np.random.default_rng(1000 * self.seed + 200 + i).random(shape) < 0.5)
        return arrays


def _unary(op: str, fn: Callable[[np.ndarray], np.ndarray], n: int = 4096 + 64 + 7, coverage: float = 0.8) -> Case:
    return Case(f"unary_{op}", (n,), [f"%0 = stablehlo.{op} %a : $T"], ["%0"], 1, lambda a: [fn(a)], coverage=coverage)


def _binary(op: str, fn: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> Case:
    return Case(f"binary_{op}", (65, 67), [f"%0 = stablehlo.{op} %a, %b : $T"], ["%0"], 2, lambda a, b: [fn(a, b)])


def every_f32_between(lo: float, hi: float) -> np.ndarray:
    """Every f32 in [lo, hi] (same sign), in order."""
    a, b = np.array([lo, hi], dtype=F32).view(np.uint32)
    return np.arange(min(a, b), max(a, b) + 1, dtype=np.uint32).view(F32)


def _exp_edges() -> list[np.ndarray]:
    # Where exp's result leaves the normal range (flushed to zero below 2^-126, infinite above
    # 2^128), the scaling by 2^n is where a native form could round differently; near zero the
    # rounding of n to an integer can give a zero of either sign.
    # Then a million random bit patterns: every exponent, signed zeros, NaN payloads.
    noise = np.random.default_rng(99).integers(0, 2**32, size=1 << 20, dtype=np.uint32).view(F32)
    x = np.concatenate([every_f32_between(-85.0, -105.0), every_f32_between(87.0, 89.0),
                        np.array([0.0, -0.0, -0.3, 0.3, -0.7, 0.7], F32), noise])
    return [x]


def _erf(x: np.ndarray) -> np.ndarray:
    from math import erf

    return np.vectorize(erf, otypes=[np.float64])(x)


def _gelu(a: np.ndarray) -> np.ndarray:
    return 0.5 * a * (1 + np.tanh(0.7978845608 * (a + 0.044715 * a**3)))


GELU_BODY = [
    "%0 = stablehlo.multiply %a, %a : $T",
    "%1 = stablehlo.multiply %0, %a : $T",
    "%c0 = stablehlo.constant dense<4.471500e-02> : $T",
    "%2 = stablehlo.multiply %c0, %1 : $T",
    "%3 = stablehlo.add %a, %2 : $T",
    "%c1 = stablehlo.constant dense<0.797884583> : $T",
    "%4 = stablehlo.multiply %c1, %3 : $T",
    "%5 = stablehlo.tanh %4 : $T",
    "%c2 = stablehlo.constant dense<1.000000e+00> : $T",
    "%6 = stablehlo.add %c2, %5 : $T",
    "%c3 = stablehlo.constant dense<5.000000e-01> : $T",
    "%7 = stablehlo.multiply %c3, %6 : $T",
    "%8 = stablehlo.multiply %a, %7 : $T",
    "%9 = stablehlo.multiply %8, %b : $T",
    "%10 = stablehlo.add %9, %c : $T",
]

# Many values live at once: x * k for 26 constants k, all kept until a final sum.
PRESSURE_BODY = [f"%k{i} = stablehlo.constant dense<{1.0 + i / 8:.4f}> : $T" for i in range(26)]
PRESSURE_BODY += [f"%m{i} = stablehlo.multiply %a, %k{i} : $T" for i in range(26)]
PRESSURE_BODY += ["%s0 = stablehlo.add %m0, %m1 : $T"]
PRESSURE_BODY += [f"%s{i} = stablehlo.add %s{i - 1}, %m{i + 1} : $T" for i in range(1, 25)]

def _int_inputs(dtype: type, seed: int, n: int) -> Callable[[], list[np.ndarray]]:
    """Full-range integers, and shift counts: mostly 0..31, some 32..40 and (signed) negative."""
    def make() -> list[np.ndarray]:
        rng = np.random.default_rng(seed)
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True).astype(dtype)
        b = rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True).astype(dtype)
        a[:4] = [info.min, info.max, 0, 1]
        b[:4] = [info.max, info.min, 1, 0]
        counts = rng.integers(0, 32, n).astype(np.int64)
        counts[::7] = rng.integers(32, 41, (n + 6) // 7)
        if info.min < 0:
            counts[3::11] = -rng.integers(1, 40, (n + 7) // 11)
        return [a, b, counts.astype(dtype)]
    return make


def _shift(a: np.ndarray, c: np.ndarray, kind: str) -> np.ndarray:
    """XLA's shifts of 32-bit lanes: counts read as unsigned; 32 and above shift everything out."""
    u = c.view(np.uint32).astype(np.int64)
    big = u >= 32
    if kind == "left":
        r = (a.view(np.uint32).astype(np.int64) << (u & 31)) & 0xFFFFFFFF
        return np.where(big, 0, r).astype(np.uint32).view(a.dtype)
    if kind == "logical":
        return np.where(big, 0, a.view(np.uint32).astype(np.int64) >> (u & 31)).astype(np.uint32).view(a.dtype)
    s = a.view(np.int32).astype(np.int64) >> np.where(big, 31, u & 31)
    return s.astype(np.int32).view(a.dtype)


def _int_chain(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> list[np.ndarray]:
    """The reference of INT_BODY: wrapping arithmetic in the arrays' own type."""
    with np.errstate(over="ignore"):
        k = np.array(13, a.dtype)
        x = (a + b) ^ (_shift(a, np.full_like(a, k), "left") | _shift(a, np.full_like(a, 32 - k), "logical"))
        y = ~(x * b) - a
        z = np.minimum(np.maximum(_shift(y, c, "logical"), a), b)
        w = (_shift(z, c, "left") & y) + _shift(a, c, "arith")
    return [w, x]


BF16 = ml_dtypes.bfloat16
F16 = np.float16


def _as_float(a: np.ndarray) -> np.ndarray:
    """A float array of any width as float64 (bf16 arrives as raw 2-byte records from .npz)."""
    if a.dtype.kind == "V":
        a = a.view(BF16)
    with np.errstate(invalid="ignore"):  # signalling NaN payloads
        return a.astype(np.float64)


def _half_inputs(dtype: type, n: int, arrays: int, snan: bool = False) -> Callable[[], list[np.ndarray]]:
    """Laced f32 values rounded to the half, with the half's own edges: its subnormals, the
    largest finite value and what rounds to infinity, +-0, +-inf, NaN; `snan` adds signalling
    NaNs (only for arrays no other NaN meets in an operation, whose payload would then depend on
    operand order)."""
    def make() -> list[np.ndarray]:
        out = []
        for k in range(arrays):
            with np.errstate(over="ignore"):
                a = laced(700 + k, (n,)).astype(dtype)
            bits = a.view(np.uint16)
            if dtype is F16:
                edges = [0x0001, 0x8001, 0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x0000, 0x8000, 0x7E00]
            else:
                edges = [0x0001, 0x8001, 0x007F, 0x0080, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x0000, 0x8000, 0x7FC0]
            if snan:
                edges += [0x7C01, 0xFD55] if dtype is F16 else [0x7F81, 0xFFA5]
            pos = np.random.default_rng(k).choice(n, size=8 * len(edges), replace=False)
            bits[pos] = np.resize(np.array(edges, np.uint16), pos.size)
            bits[: len(edges)] = edges
            out.append(a)
        return out
    return make


def _row_sum_inputs() -> list[np.ndarray]:
    """bf16[48, 1024] normal values; rows 0-3 hold +inf, a NaN, +inf and -inf, and bf16
    denormals (flushed to zero by the executor's DAZ)."""
    a = (np.random.default_rng(8).standard_normal((48, 1024)) * 3).astype(F32).astype(BF16)
    bits = a.view(np.uint16)
    bits[0, 5], bits[1, 700], bits[2, 3], bits[2, 1000] = 0x7F80, 0x7FC0, 0x7F80, 0xFF80
    bits[3, ::7] = 0x0001
    return [a]


def _f32_rounding_ties(n: int) -> list[np.ndarray]:
    """f32 values exactly halfway between two bf16s and two f16s (both parities), just beside
    them, and overflowing or underflowing each half; then laced values."""
    rng = np.random.default_rng(5)
    hi = rng.integers(0, 1 << 16, 2000, dtype=np.uint32) << 16
    bf16_ties = np.concatenate([hi | 0x8000, hi | 0x7FFF, hi | 0x8001]).view(F32)
    f16 = rng.integers(0, 0x7C00, 2000).astype(np.uint16).view(F16).astype(F32)
    ulp = np.spacing(f16.astype(F16)).astype(F32)
    f16_ties = np.concatenate([f16 + ulp / 2, -(f16 + ulp / 2), f16 + ulp / 2 * F32(1.0001)])
    edges = np.array([65504.0, 65519.0, 65520.0, -65520.0, 3.4e38, 6e-8, 2.9e-8, 3.0e-8, 1e-40, -1e-40,
                      np.inf, -np.inf, np.nan, 0.0, -0.0], F32)
    x = np.concatenate([edges, bf16_ties, f16_ties, laced(9, (n,)).ravel()])[:n]
    return [x.astype(F32)]


def _ftz(x: np.ndarray) -> np.ndarray:
    """x with f32-denormal magnitudes flushed to a zero of their sign, as the executor's FTZ/DAZ
    does to each op's operands and result (bf16 shares f32's exponent range)."""
    return np.where(np.abs(x.astype(np.float64)) < 1.1754944e-38, x * 0, x).astype(x.dtype)


def _half_ref(dtype: type, fn: Callable[..., list[np.ndarray]]) -> Callable[..., list[np.ndarray]]:
    """fn evaluated on the inputs as the half type (ml_dtypes and numpy round each op to it)."""
    def ref(*args: np.ndarray) -> list[np.ndarray]:
        with np.errstate(all="ignore"):
            return [np.asarray(r).astype(np.float64) for r in fn(*[a.astype(dtype) for a in args])]
    return ref


def _f16_select_ref(a: np.ndarray, b: np.ndarray, p: np.ndarray) -> list[np.ndarray]:
    """f16_select_then_arithmetic's results, each op rounded to f16 (the compare in f32)."""
    with np.errstate(all="ignore"):
        m = np.where(p, a, b) * b
        return [m.astype(np.float64), (a / m).astype(np.float64)]


def _c_div_rem(a: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    """C's truncating s32 quotient and remainder with XLA's rules (x / 0 = -1, x % 0 = x,
    INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0), through int64."""
    a64 = a.astype(np.int64)
    if d == 0:
        return np.full_like(a, -1), a.copy()
    q = np.abs(a64) // abs(d) * np.sign(a64) * np.sign(d)
    return q.astype(np.uint32).view(np.int32), (a64 - q * d).astype(np.int32)


def _dividends(d: int, n: int) -> list[np.ndarray]:
    """Extremes, exact multiples of d and their neighbours (where the reciprocal comes out one
    short), then random s32; and a second random array."""
    rng = np.random.default_rng(abs(d) % 997)
    edges = np.array([0, 1, -1, 2**31 - 1, -(2**31), -(2**31) + 1, 2**30, -(2**30), d, -d], dtype=np.int64)
    if d != 0:
        k = rng.integers(-(2**31) // abs(d), 2**31 // abs(d), 600)
        near = np.concatenate([k * d - 1, k * d, k * d + 1])
        edges = np.concatenate([edges, near])
    edges = edges[(edges >= -(2**31)) & (edges < 2**31)]
    a = np.concatenate([edges, rng.integers(-(2**31), 2**31, n)])[:n].astype(np.int32)
    return [a, rng.integers(-(2**20), 2**20, n).astype(np.int32)]


def _compare_inputs(dtype: type, n: int, with_pred: bool = False) -> Callable[[], list[np.ndarray]]:
    """Pairs with many ties, both signs, and the extremes (where signed and unsigned orders differ)."""
    def make() -> list[np.ndarray]:
        rng = np.random.default_rng(n)
        info = np.iinfo(dtype)
        a = rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True)
        b = np.where(rng.random(n) < 0.3, a, rng.integers(info.min, info.max, n, dtype=np.int64, endpoint=True))
        ends = [info.min, info.max, 0, 1, -1 if info.min < 0 else 2**31, info.min + 1]
        a[:36] = np.repeat(ends, 6)
        b[:36] = np.tile(ends, 6)
        out = [a.astype(dtype), b.astype(dtype)]
        if with_pred:
            out.append(rng.random(n) < 0.5)
        return out
    return make


def _pred_logic(a: np.ndarray, b: np.ndarray, m: np.ndarray) -> list[np.ndarray]:
    """The reference of pred_logic_and_compares (m arrives as float64 0/1)."""
    m = m.astype(bool)
    p = a < b
    x = p ^ m
    o = x | True
    y = ~p & m
    e, lt, g, q = p == m, ~p & m, y >= p, x <= o
    r = e > lt
    z = np.where(x, lt, g)
    return [np.where(c, a, b) for c in (y, q, r, z)]


def _jnp_remainder_body(d: int) -> list[str]:
    """jnp.remainder(a, d) as JAX 0.10 emits it, inlined: C's remainder, then a floor-mod fix."""
    s = "tensor<i32>"
    return [
        f"%d = stablehlo.constant dense<{d}> : {s}", f"%z = stablehlo.constant dense<0> : {s}",
        f"%dz = stablehlo.compare EQ, %d, %z, SIGNED : ({s}, {s}) -> tensor<i1>",
        f"%one = stablehlo.constant dense<1> : {s}",
        f"%dd = stablehlo.select %dz, %one, %d : tensor<i1>, {s}",
        f"%db = stablehlo.broadcast_in_dim %dd, dims = [] : ({s}) -> $T",
        "%r = stablehlo.remainder %a, %db : $T",
        "%zb = stablehlo.constant dense<0> : $T",
        "%ne = stablehlo.compare NE, %r, %zb, SIGNED : ($T, $T) -> $P",
        "%lt = stablehlo.compare LT, %r, %zb, SIGNED : ($T, $T) -> $P",
        f"%dn = stablehlo.compare LT, %dd, %z, SIGNED : ({s}, {s}) -> tensor<i1>",
        "%dnb = stablehlo.broadcast_in_dim %dn, dims = [] : (tensor<i1>) -> $P",
        "%fix = stablehlo.compare NE, %lt, %dnb, UNSIGNED : ($P, $P) -> $P",
        "%m = stablehlo.and %fix, %ne : $P",
        "%rd = stablehlo.add %r, %db : $T",
        "%out = stablehlo.select %m, %rd, %r : $P, $T",
    ]


# A threefry-like mix of every integer op the JIT translates; shifts by constants and by
# per-element counts (past the width, and negative for i32).
INT_BODY = [
    "%0 = stablehlo.add %a, %b : $T",
    "%k = stablehlo.constant dense<13> : $T",
    "%k2 = stablehlo.constant dense<19> : $T",
    "%1 = stablehlo.shift_left %a, %k : $T",
    "%2 = stablehlo.shift_right_logical %a, %k2 : $T",
    "%3 = stablehlo.or %1, %2 : $T",
    "%x = stablehlo.xor %0, %3 : $T",
    "%4 = stablehlo.multiply %x, %b : $T",
    "%5 = stablehlo.not %4 : $T",
    "%y = stablehlo.subtract %5, %a : $T",
    "%6 = stablehlo.shift_right_logical %y, %c : $T",
    "%7 = stablehlo.maximum %6, %a : $T",
    "%z = stablehlo.minimum %7, %b : $T",
    "%8 = stablehlo.shift_left %z, %c : $T",
    "%9 = stablehlo.and %8, %y : $T",
    "%10 = stablehlo.shift_right_arithmetic %a, %c : $T",
    "%w = stablehlo.add %9, %10 : $T",
]

CASES: list[Case] = [
    _unary("tanh", np.tanh),
    _unary("exponential", np.exp),
    _unary("logistic", lambda a: 1 / (1 + np.exp(-a.astype(np.float64)))),
    Case("exp_every_f32_at_the_range_edges", (2883586 + 6 + (1 << 20),), ["%0 = stablehlo.exponential %a : $T"], ["%0"], 1,
         lambda a: [np.exp(a)], make_inputs=_exp_edges, coverage=0.1),  # mostly flushed or infinite
    Case("unary_erf", (4096 + 37,), ["%0 = chlo.erf %a : $T -> $T"], ["%0"], 1, lambda a: [_erf(a)]),
    _unary("negate", np.negative),
    _unary("sqrt", np.sqrt, coverage=0.4),  # half the inputs are negative: NaN
    _unary("rsqrt", lambda a: 1 / np.sqrt(a), coverage=0.4),
    _unary("abs", np.abs),
    _binary("add", np.add),
    _binary("subtract", np.subtract),
    _binary("multiply", np.multiply),
    _binary("divide", np.divide),
    _binary("maximum", np.maximum),
    _binary("minimum", np.minimum),
    # Evaluated in f32 by numpy too: x**3 overflows f32 for the huge inputs where float64 does not.
    # 1 + tanh(u) cancels for u < -4 (one f32 ulp of tanh there is 6e-8 of the sum), and y scales
    # that error: hence the slack.
    Case("gelu_times_y_plus_z", (8, 1031), GELU_BODY, ["%10"], 3,
         lambda a, b, c: [_gelu(a.astype(F32)) * b.astype(F32) + c.astype(F32)],
         slack=lambda a, b, c: 2e-7 * np.abs(a) * np.abs(b)),
    Case("scalar_operand", (5000,),
         ["%sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> $T",
          "%0 = stablehlo.subtract %sb, %a : $T", "%1 = stablehlo.divide %0, %sb : $T"],
         ["%1"], 1, lambda a, s: [(s - a) / s], scalar=True),
    Case("three_outputs_with_passthrough_and_constant", (4100,),
         ["%0 = stablehlo.exponential %a : $T", "%1 = stablehlo.multiply %0, %b : $T",
          "%c = stablehlo.constant dense<2.500000e+00> : $T"],
         ["%1", "%a", "%c"], 2,
         lambda a, b: [np.exp(a.astype(F32)) * b.astype(F32), a, np.full_like(a, 2.5)]),  # exp overflows in f32
    Case("value_used_twice_and_output_mid_chain", (4096,),
         ["%0 = stablehlo.logistic %a : $T", "%1 = stablehlo.multiply %0, %0 : $T",
          "%2 = stablehlo.maximum %1, %b : $T", "%3 = stablehlo.minimum %2, %0 : $T"],
         ["%0", "%3"], 2,
         lambda a, b: [1 / (1 + np.exp(-a.astype(np.float64))),
                       np.minimum(np.maximum((1 / (1 + np.exp(-a.astype(np.float64)))) ** 2, b),
                                  1 / (1 + np.exp(-a.astype(np.float64))))]),
    Case("register_pressure", (4096 + 16,), PRESSURE_BODY, ["%s24"], 1,
         lambda a: [a * sum(1.0 + i / 8 for i in range(26))], path="any"),
    # Gathered inputs (per-tile broadcasts of a row or column vector, an f32 iota), with rows
    # that straddle tiles and a last tile shorter than one iteration.
    Case("broadcast_rows_and_columns", (61, 129),
         ["%rb = stablehlo.broadcast_in_dim %r, dims = [0] : (tensor<61xf32>) -> $T",
          "%cb = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<129xf32>) -> $T",
          "%0 = stablehlo.subtract %a, %rb : $T", "%1 = stablehlo.multiply %0, %cb : $T",
          "%2 = stablehlo.tanh %1 : $T"],
         ["%2"], 1, lambda a, r, c: [np.tanh((a - r[:, None]) * c[None, :])],
         extra_params=[("r", (61,)), ("c", (129,))]),
    Case("iota_f32", (40, 130),
         ["%i = stablehlo.iota dim = 1 : $T", "%0 = stablehlo.multiply %a, %i : $T"], ["%0"], 1,
         lambda a: [a * np.arange(130, dtype=np.float64)[None, :]]),
    # Predicates: every comparison direction (NaN operands make the ordered/unordered choice
    # visible) feeding a select, and the relu gradient JAX emits.
    *[Case(f"compare_{d.lower()}_select", (4096 + 23,),
           [f"%p = stablehlo.compare {d}, %a, %b, FLOAT : ($T, $T) -> $P",
            "%0 = stablehlo.select %p, %a, %b : $P, $T"], ["%0"], 2,
           lambda a, b, fn=fn: [np.where(fn(a, b), a, b)])
      for d, fn in [("EQ", np.equal), ("NE", np.not_equal), ("LT", np.less), ("LE", np.less_equal),
                    ("GT", np.greater), ("GE", np.greater_equal)]],
    Case("relu_gradient", (64, 70),
         ["%z = stablehlo.constant dense<0.000000e+00> : $T",
          "%p = stablehlo.compare GT, %a, %z, FLOAT : ($T, $T) -> $P",
          "%0 = stablehlo.select %p, %b, %z : $P, $T"], ["%0"], 2,
         lambda a, b: [np.where(a > 0, b, 0.0)]),
    Case("predicate_input", (4096 + 40,), ["%0 = stablehlo.select %m, %a, %b : $P, $T"], ["%0"], 2,
         lambda a, b, m: [np.where(m, a, b)], pred_params=[("m", (4096 + 40,))]),
    # The causal-attention shape: an i1 mask broadcast over the leading dims, gathered per tile.
    Case("broadcast_predicate_input", (3, 40, 72),
         ["%mb = stablehlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<40x72xi1>) -> $P",
          "%k = stablehlo.constant dense<0xFF800000> : $T",
          "%0 = stablehlo.multiply %a, %a : $T", "%1 = stablehlo.select %mb, %0, %k : $P, $T"], ["%1"], 1,
         lambda a, m: [np.where(m[None], a * a, -np.inf)], pred_params=[("m", (40, 72))], coverage=0.4),
    Case("predicate_output", (4096,),
         ["%p = stablehlo.compare LT, %a, %b, FLOAT : ($T, $T) -> $P",
          "%0 = stablehlo.select %p, %a, %b : $P, $T"], ["%0", "%p"], 2,
         lambda a, b: [np.where(a < b, a, b), a < b], result_types=["$T", "$P"]),  # i1 stored a byte per lane
    # Streamed (non-temporal) stores: a fused output over 8 MiB.
    Case("streamed_output", (2 * 1024 * 1024 + 53,),
         ["%0 = stablehlo.tanh %a : $T", "%1 = stablehlo.multiply %0, %b : $T"], ["%1"], 2,
         lambda a, b: [np.tanh(a) * b]),
    # Integer lanes.
    *[Case(f"int_chain_{dt}", (4096 + 29,), INT_BODY, ["%w", "%x"], 3, _int_chain,
           make_inputs=_int_inputs(npt, 21 + k, 4096 + 29), dtype=dt)  # independent outputs: one loop (siblings)
      for k, (dt, npt) in enumerate([("i32", np.int32), ("ui32", np.uint32)])],
    Case("int_remainder_by_array", (4096,), ["%0 = stablehlo.remainder %a, %b : $T", "%1 = stablehlo.add %0, %c : $T"],
         ["%1"], 3, lambda a, b, c: [np.fmod(a, np.where(b == 0, 1, b)) + c],
         make_inputs=lambda: [np.arange(1, 4097, dtype=np.int32), np.full(4096, 7, np.int32),
                              np.ones(4096, np.int32)],
         dtype="i32", path="an integer division by a value that is not a constant"),
    # s32 division and remainder by constants: the reciprocal with its correction, and the
    # interpreter's rules for 0 and -1 (INT_MIN / -1).
    *[Case(f"int_divide_remainder_by_{str(d).replace('-', 'minus_')}", (4096 + 37,),
           [f"%k = stablehlo.constant dense<{d}> : $T", "%0 = stablehlo.divide %a, %k : $T",
            "%1 = stablehlo.remainder %a, %k : $T", "%2 = stablehlo.add %1, %b : $T"],
           ["%0", "%2"], 2, lambda a, b, d=d: [*_c_div_rem(a, d)[:1], _c_div_rem(a, d)[1] + b],
           make_inputs=lambda d=d: _dividends(d, 4096 + 37), dtype="i32")  # two outputs, one sibling-fused loop
      for d in [1000, 7, -7, 49, -49, 1, -1, 0, 2**31 - 1, -(2**31), 3, -99991]],
    # Every integer compare direction, signed and unsigned, on s32 and u32 lanes, into selects.
    *[Case(f"int_compare_{d.lower()}_{ct.lower()}_{dt}", (4096 + 9,),
           [f"%p = stablehlo.compare {d}, %a, %b, {ct} : ($T, $T) -> $P",
            "%0 = stablehlo.select %p, %a, %b : $P, $T"], ["%0"], 2,
           lambda a, b, fn=fn, ct=ct: [np.where(fn(a.view(np.int32 if ct == "SIGNED" else np.uint32),
                                                   b.view(np.int32 if ct == "SIGNED" else np.uint32)), a, b)],
           make_inputs=_compare_inputs(npt, 4096 + 9), dtype=dt)
      for d, fn in [("EQ", np.equal), ("NE", np.not_equal), ("LT", np.less), ("LE", np.less_equal),
                    ("GT", np.greater), ("GE", np.greater_equal)]
      for ct in ["SIGNED", "UNSIGNED"] for dt, npt in [("i32", np.int32), ("ui32", np.uint32)]],
    # i1 logic and i1 compares (false < true) between a compare's result, an i1 array and an i1
    # constant.
    Case("pred_logic_and_compares", (4096 + 3,),
         ["%p = stablehlo.compare LT, %a, %b, SIGNED : ($T, $T) -> $P",
          "%t = stablehlo.constant dense<true> : $P",
          "%x = stablehlo.xor %p, %m : $P", "%o = stablehlo.or %x, %t : $P", "%n = stablehlo.not %p : $P",
          "%y = stablehlo.and %n, %m : $P", "%e = stablehlo.compare EQ, %p, %m, UNSIGNED : ($P, $P) -> $P",
          "%l = stablehlo.compare LT, %p, %m, UNSIGNED : ($P, $P) -> $P",
          "%g = stablehlo.compare GE, %y, %p, UNSIGNED : ($P, $P) -> $P",
          "%q = stablehlo.compare LE, %x, %o, UNSIGNED : ($P, $P) -> $P",
          "%r = stablehlo.compare GT, %e, %l, UNSIGNED : ($P, $P) -> $P",
          "%z = stablehlo.select %x, %l, %g : $P, $P",
          "%0 = stablehlo.select %y, %a, %b : $P, $T", "%1 = stablehlo.select %q, %a, %b : $P, $T",
          "%2 = stablehlo.select %r, %a, %b : $P, $T", "%3 = stablehlo.select %z, %a, %b : $P, $T"],
         ["%0", "%1", "%2", "%3"], 2, _pred_logic, make_inputs=_compare_inputs(np.int32, 4096 + 3, with_pred=True),
         dtype="i32", pred_params=[("m", (4096 + 3,))], path="native, fewer vectors"),
    # jnp.remainder (floor semantics): the divisor's checks are scalar constants folded at compile
    # time, so the remainder, its sign fix and the select are one native loop.
    *[Case(f"jnp_remainder_by_{str(d).replace('-', 'minus_')}", (4096 + 11,), _jnp_remainder_body(d), ["%out"], 1,
           lambda a, d=d: [np.mod(a.astype(np.int64), d)], make_inputs=lambda d=d: _dividends(d, 4096 + 11)[:1],
           dtype="i32")
      for d in [1000, -7]],
    # Half precision: loads, stores, each op rounded to the half, converts from and to f32.
    *[Case(f"{dt}_arithmetic_chain", (4096 + 21,),
           ["%0 = stablehlo.subtract %a, %b : $T", "%1 = stablehlo.multiply %0, %b : $T",
            "%2 = stablehlo.divide %1, %a : $T", "%3 = stablehlo.add %2, %a : $T",
            f"%4 = stablehlo.convert %1 : ($T) -> {_tensor((4096 + 21,))}"],
           ["%3", "%4"], 2,
           _half_ref(npt, lambda a, b, z=_ftz: [z(z(z(z(a) - z(b)) * z(b)) / z(a)) + z(a), z(z(a) - z(b)) * z(b)]),
           make_inputs=_half_inputs(npt, 4096 + 21, 2), dtype=dt, rtol=1e-2 if dt == "bf16" else 1e-3,
           result_types=["$T", _tensor((4096 + 21,))], path="native" if dt == "bf16" else F16_ARITHMETIC)
      for dt, npt in [("bf16", BF16), ("f16", F16)]],
    *[Case(f"{dt}_from_f32_ties_and_back", (6000,),
           [f"%0 = stablehlo.convert %a : ({_tensor((6000,))}) -> $T",
            f"%1 = stablehlo.convert %0 : ($T) -> {_tensor((6000,))}",
            f"%k = stablehlo.constant dense<3.0> : {_tensor((6000,))}",
            f"%2 = stablehlo.multiply %1, %k : {_tensor((6000,))}"],
           ["%0", "%2"], 0,
           lambda a, npt=npt: [a.astype(F32).astype(npt).astype(np.float64),
                               a.astype(F32).astype(npt).astype(np.float64) * 3],
           make_inputs=lambda: _f32_rounding_ties(6000), dtype=dt, rtol=1e-2 if dt == "bf16" else 1e-3,
           result_types=["$T", _tensor((6000,))], coverage=0.3, extra_params=[("a", (6000,))])
      for dt, npt in [("bf16", BF16), ("f16", F16)]],
    # Unary ops on bf16 read the interpreter's table of 65536 results (a gather per vector):
    # every bit pattern, signalling NaNs included, then an op rounded to bf16. f16 arithmetic
    # stays interpreted (rounding through F16C per op is slower native).
    *[Case(f"{dt}_{op}_every_bit_pattern", (65536,),
           [f"%0 = stablehlo.{op} %a : $T", "%1 = stablehlo.multiply %0, %a : $T"], ["%0", "%1"], 1,
           _half_ref(npt, lambda a, fn=fn, npt=npt: [fn(a.astype(np.float64)).astype(npt),
                                                      _ftz(fn(a.astype(np.float64)).astype(npt) * a)]),
           make_inputs=lambda npt=npt: [np.arange(65536, dtype=np.uint32).astype(np.uint16).view(npt)], dtype=dt,
           rtol=1e-2 if dt == "bf16" else 2e-3, coverage=0.3, path="native" if dt == "bf16" else F16_ARITHMETIC)
      for dt, npt in [("bf16", BF16), ("f16", F16)] for op, fn in [("tanh", np.tanh), ("exponential", np.exp),
                                                                  ("negate", np.negative)]],
    # Signalling NaNs pass through a bf16 select and a widening unchanged (the interpreter copies
    # bits); a loaded f16 can only go out through a rounding op, which VCVTPS2PH is.
    Case("bf16_select_and_widen_keep_signalling_nan", (4096 + 5,),
         ["%p = stablehlo.compare LT, %c, %d, FLOAT : "
          f"({_tensor((4096 + 5,))}, {_tensor((4096 + 5,))}) -> $P",
          "%0 = stablehlo.select %p, %a, %b : $P, $T",
          f"%1 = stablehlo.convert %a : ($T) -> {_tensor((4096 + 5,))}"],
         ["%0", "%1", "%a"], 2,
         lambda a, b, c, d: [np.where(c < d, a, b), a, a],
         make_inputs=lambda: [*_half_inputs(BF16, 4096 + 5, 2, snan=True)(), laced(31, (4096 + 5,)), laced(32, (4096 + 5,))],
         extra_params=[("c", (4096 + 5,)), ("d", (4096 + 5,))], dtype="bf16", rtol=0,
         result_types=["$T", _tensor((4096 + 5,)), "$T"], loops=2),
    Case("f16_widen_keeps_signalling_nan", (4096 + 5,),
         [f"%0 = stablehlo.convert %a : ($T) -> {_tensor((4096 + 5,))}",
          f"%1 = stablehlo.multiply %0, %0 : {_tensor((4096 + 5,))}"],
         ["%0", "%1"], 1, lambda a: [a, a * a],
         make_inputs=lambda: _half_inputs(F16, 4096 + 5, 1, snan=True)(), dtype="f16", rtol=0,
         result_types=[_tensor((4096 + 5,)), _tensor((4096 + 5,))]),
    Case("f16_selected_output", (4096,), ["%1 = stablehlo.select %m, %b, %a : $P, $T"],
         ["%1"], 2, lambda a, b, m: [np.where(m != 0, b, a)],
         make_inputs=lambda: [*_half_inputs(F16, 4096, 2, snan=True)(), np.random.default_rng(3).random(4096) < 0.5],
         pred_params=[("m", (4096,))], dtype="f16", rtol=1e-3, path="an f16 output passed through unrounded"),
    # jax.nn.gelu's tanh form in f16: splat constants (pinned packed halves), each op rounded to
    # f16, tanh read from the interpreter's table by the packed halves' bits.
    Case("f16_gelu_tanh_form", (4096 + 13,),
         ["%0 = stablehlo.multiply %a, %a : $T", "%1 = stablehlo.multiply %0, %a : $T",
          "%c = stablehlo.constant dense<4.470830e-02> : $T", "%2 = stablehlo.multiply %c, %1 : $T",
          "%3 = stablehlo.add %a, %2 : $T", "%k = stablehlo.constant dense<7.978520e-01> : $T",
          "%4 = stablehlo.multiply %k, %3 : $T", "%5 = stablehlo.tanh %4 : $T",
          "%one = stablehlo.constant dense<1.0> : $T", "%6 = stablehlo.add %one, %5 : $T",
          "%h = stablehlo.constant dense<5.0e-01> : $T", "%7 = stablehlo.multiply %h, %6 : $T",
          "%8 = stablehlo.multiply %a, %7 : $T"],
         ["%8", "%5"], 1,
         _half_ref(F16, lambda a: [
             a * (F16(0.5) * (F16(1) + np.tanh((F16(0.79785) * (a + F16(0.044708) * (a * a * a))).astype(np.float64))
                              .astype(F16))),
             np.tanh((F16(0.79785) * (a + F16(0.044708) * (a * a * a))).astype(np.float64)).astype(F16)]),
         make_inputs=_half_inputs(F16, 4096 + 13, 1), dtype="f16", rtol=4e-3, coverage=0.5, path=F16_ARITHMETIC),
    # A selected f16 (an f32 form only) read by packed arithmetic, and an f16 divide by a
    # widened-and-narrowed value.
    Case("f16_select_then_arithmetic", (4096 + 7,),
         ["%p = stablehlo.compare LT, %c, %d, FLOAT : "
          f"({_tensor((4096 + 7,))}, {_tensor((4096 + 7,))}) -> $P",
          "%0 = stablehlo.select %p, %a, %b : $P, $T", "%1 = stablehlo.multiply %0, %b : $T",
          f"%w = stablehlo.convert %1 : ($T) -> {_tensor((4096 + 7,))}",
          f"%n = stablehlo.convert %w : ({_tensor((4096 + 7,))}) -> $T",
          "%2 = stablehlo.divide %a, %n : $T"],
         ["%1", "%2"], 2,
         lambda a, b, c, d: _f16_select_ref(a.astype(F16), b.astype(F16), c < d),
         make_inputs=lambda: [*_half_inputs(F16, 4096 + 7, 2)(), laced(41, (4096 + 7,)), laced(42, (4096 + 7,))],
         extra_params=[("c", (4096 + 7,)), ("d", (4096 + 7,))], dtype="f16", rtol=2e-3, coverage=0.5,
         path=F16_ARITHMETIC),
    # Half outputs of 8 MiB and more go out through non-temporal stores (narrowed into a register
    # first); a ragged tail is interpreted.
    *[Case(f"{dt}_streamed_output", ((1 << 22) + 37,),
           ["%0 = stablehlo.multiply %a, %b : $T", "%1 = stablehlo.add %0, %a : $T"], ["%1"], 2,
           _half_ref(npt, lambda a, b: [a * b + a]), make_inputs=_half_inputs(npt, (1 << 22) + 37, 2), dtype=dt,
           rtol=1e-2 if dt == "bf16" else 1e-3, path="native" if dt == "bf16" else F16_ARITHMETIC)
      for dt, npt in [("bf16", BF16), ("f16", F16)]],
    # Fused row sums (a convert's, a variance's; the plain sum has no fused loop): the loop adds
    # each 64-element step's vectors into the row reducer's partials (no buffer); for rows that
    # are not whole steps, and without the JIT, the loop fills a buffer that the reducer sums.
    # The same bits either way.
    Case("bf16_row_sums", (48, 1024),
         [f"%w = stablehlo.convert %a : ($T) -> {_tensor((48, 1024))}",
          "%z = stablehlo.constant dense<0.0> : tensor<f32>",
          "%0 = stablehlo.reduce(%w init: %z) applies stablehlo.add across dimensions = [1] : "
          f"({_tensor((48, 1024))}, tensor<f32>) -> {_tensor((48,))}"],
         ["%0"], 1, lambda a: [a.astype(np.float64).sum(axis=1)],
         make_inputs=_row_sum_inputs, dtype="bf16", rtol=1e-4,
         result_types=[_tensor((48,))]),
    *[Case(f"f32_row_variance_{n}", (40, n),
           ["%z = stablehlo.constant dense<0.0> : tensor<f32>",
            "%s = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : "
            f"($T, tensor<f32>) -> {_tensor((40,))}",
            f"%k = stablehlo.constant dense<{float(n)}> : {_tensor((40,))}",
            f"%m = stablehlo.divide %s, %k : {_tensor((40,))}",
            f"%b = stablehlo.broadcast_in_dim %m, dims = [0] : ({_tensor((40,))}) -> $T",
            "%d = stablehlo.subtract %a, %b : $T", "%q = stablehlo.multiply %d, %d : $T",
            "%v = stablehlo.reduce(%q init: %z) applies stablehlo.add across dimensions = [1] : "
            f"($T, tensor<f32>) -> {_tensor((40,))}"],
           ["%s", "%v"], 1,
           lambda a: [a.sum(axis=1), ((a - a.sum(axis=1, keepdims=True) / a.shape[1]) ** 2).sum(axis=1)],
           make_inputs=lambda n=n: [np.random.default_rng(5).standard_normal((40, n)).astype(F32)],
           rtol=1e-4, result_types=[_tensor((40,)), _tensor((40,))])
      for n in (1024, 1000)],
    # Fallbacks: an op without a native form, and a loop too short to be worth compiling.
    Case("unsupported_op_sine", (4096,),
         ["%p = stablehlo.abs %a : $T", "%0 = stablehlo.sine %p : $T", "%1 = stablehlo.multiply %0, %b : $T"],
         ["%1"], 2, lambda a, b: [np.sin(np.abs(a)) * b], path="no native form of stablehlo.sine"),
    Case("short_loop", (1000,), ["%0 = stablehlo.tanh %a : $T", "%1 = stablehlo.add %0, %b : $T"], ["%1"], 2,
         lambda a, b: [np.tanh(a) + b], path="none"),
]

_CHILD = r"""
import json, sys
import ml_dtypes
import numpy as np
from jaxlib import xla_client

cases = json.load(sys.stdin)
client = xla_client.make_cpu_client()
dev = client.devices()[0]
for case in cases:
    sys.stderr.write("@case " + case["name"] + "\n")
    sys.stderr.flush()
    exe = client.compile_and_load(case["mlir"], [dev])
    data = np.load(case["inputs"])
    args = [data[f"arg{i}"] for i in range(len(data.files))]
    args = [a.view(ml_dtypes.bfloat16) if a.dtype.kind == "V" else a for a in args]  # .npz keeps bf16 as raw records
    bufs = [client.buffer_from_pyval(a, device=dev) for a in args]
    outs = [np.asarray(o) for o in exe.execute(bufs)]
    np.savez(case["outputs"], **{f"out{i}": o for i, o in enumerate(outs)})
"""


@dataclass
class Outcome:
    outputs: dict[str, list[np.ndarray]]
    traces: dict[str, list[str]]


def _run_child(tmp: Path, disable_jit: bool, isa: str) -> Outcome:
    env = dict(os.environ, JAXLIB_CPU_JIT_TRACE="1")
    env.pop("JAXLIB_CPU_DISABLE_JIT", None)
    if disable_jit:
        env["JAXLIB_CPU_DISABLE_JIT"] = "1"
    if isa == "avx2":
        env["JAXLIB_CPU_ISA"] = "avx2"
    tag = ("interp" if disable_jit else "jit") + "." + isa
    payload = []
    for c in CASES:
        inputs = tmp / f"{c.name}.in.npz"
        if not inputs.exists():
            np.savez(inputs, **{f"arg{i}": a for i, a in enumerate(c.inputs())})
        payload.append({"name": c.name, "mlir": c.mlir, "inputs": str(inputs), "outputs": str(tmp / f"{c.name}.{tag}.npz")})
    r = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(payload), capture_output=True, text=True,
                       env=env, timeout=300)
    assert r.returncode == 0, f"child (disable_jit={disable_jit}) failed:\n{r.stderr[-4000:]}"
    traces = traces_by_case(r.stderr, "fused-loop jit")
    outputs = {}
    for c in CASES:
        with np.load(tmp / f"{c.name}.{tag}.npz") as z:
            outputs[c.name] = [z[f"out{i}"] for i in range(len(z.files))]
    return Outcome(outputs, traces)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fused_loop_jit")


@pytest.fixture(scope="module", params=ISAS)
def isa(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture(scope="module")
def jit(workdir: Path, isa: str) -> Outcome:
    return _run_child(workdir, disable_jit=False, isa=isa)


@pytest.fixture(scope="module")
def interpreter(workdir: Path, isa: str) -> Outcome:
    return _run_child(workdir, disable_jit=True, isa=isa)


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_jit_and_interpreter_agree_bitwise(case: Case, jit: Outcome, interpreter: Outcome) -> None:
    for k, (a, b) in enumerate(zip(jit.outputs[case.name], interpreter.outputs[case.name], strict=True)):
        assert a.dtype == b.dtype and a.shape == b.shape
        if a.dtype == np.bool_:
            assert np.array_equal(a, b), f"{case.name} output {k}: predicates differ"
            continue
        u = {2: np.uint16, 4: np.uint32}[a.dtype.itemsize]
        bad = np.flatnonzero(a.view(u).ravel() != b.view(u).ravel())
        assert bad.size == 0, (
            f"{case.name} output {k}: {bad.size} elements differ, first at flat index {bad[0]}: "
            f"JIT {a.view(u).ravel()[bad[0]]:#010x} vs interpreter {b.view(u).ravel()[bad[0]]:#010x}")


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_close_to_float64_numpy(case: Case, jit: Outcome, workdir: Path) -> None:
    """An error common to both paths would pass the bitwise test: check the values themselves."""
    with np.load(workdir / f"{case.name}.in.npz") as z:
        with np.errstate(invalid="ignore"):  # signalling NaN payloads
            args = [z[f"arg{i}"] if z[f"arg{i}"].dtype.kind in "iu" else _as_float(z[f"arg{i}"])
                    for i in range(len(z.files))]
    with np.errstate(all="ignore"):
        want = case.reference(*args)
    for k, (got, ref) in enumerate(zip(jit.outputs[case.name], want, strict=True)):
        if got.dtype == np.bool_:
            continue  # compared exactly by the bitwise test
        if got.dtype.kind in "iu":
            bad = np.flatnonzero(got.ravel() != np.asarray(ref).astype(got.dtype).ravel())
            assert bad.size == 0, f"{case.name} output {k}: {bad.size} integers differ from numpy's, first at {bad[0]}"
            continue
        ref = np.broadcast_to(np.asarray(ref, dtype=np.float64), got.shape)
        g = _as_float(got)
        # Lanes with a denormal input differ from float64 by design (the executor flushes
        # denormals to zero, like XLA): skip them. Elsewhere the NaN pattern must match, and the
        # value wherever the float64 result is an ordinary f32 number.
        valid = np.ones(got.shape, dtype=bool)
        for a in args:
            if a.ndim == 1 and got.ndim == 2 and a.shape != got.shape:  # a row or column vector
                a = a[:, None] if a.size == got.shape[0] else a[None, :]
            if a.ndim == got.ndim:
                valid &= np.broadcast_to(~((a != 0) & (np.abs(a) < 1.2e-38)), got.shape)
        assert np.array_equal(np.isnan(g)[valid], np.isnan(ref)[valid]), f"{case.name} output {k}: NaN pattern differs"
        normal = (np.abs(ref) >= 1.1754944e-38) & (np.abs(ref) < 3.4e38)
        ok_ref = valid & np.isfinite(ref) & (normal | (ref == 0))
        with np.errstate(invalid="ignore"):
            err = np.abs(g - ref)[ok_ref]
        with np.errstate(invalid="ignore"):  # rtol 0 times an infinite reference
            tol = case.rtol * np.abs(ref) + 1e-6
        if case.slack is not None:
            with np.errstate(all="ignore"):
                tol = tol + case.slack(*args)
        tol = tol[ok_ref]
        assert ok_ref.sum() > case.coverage * got.size
        worst = np.argmax(err - tol)
        assert (err <= tol).all(), f"{case.name} output {k}: |error| {err[worst]:.3g} > {tol[worst]:.3g}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_path_taken(case: Case, isa: str, jit: Outcome, interpreter: Outcome) -> None:
    lines = jit.traces.get(case.name, [])
    path = resolved_path(case.path, isa)
    if path == "none":
        assert lines == [], f"{case.name}: a short loop should not be considered for native code: {lines}"
        return
    assert len(lines) == case.loops, f"{case.name}: expected {case.loops} trace lines (fused loops), got {lines}"
    for line in lines:
        _check_path(case, path, isa, line)
    off = interpreter.traces.get(case.name, [])
    assert len(off) == case.loops and all(
        "JAXLIB_CPU_DISABLE_JIT" in line or ": interpreted: has " in line or (path != "native" and path in line)
        for line in off), off


def _check_path(case: Case, path: str, isa: str, line: str) -> None:
    native = native_isa(isa)
    if native is None and not path.startswith("has "):
        assert ": interpreted: no AVX2" in line or "no JIT for this platform" in line, line
    elif path == "native":
        # AVX-512 has registers for 4 interleaved vectors of every case; AVX2's 16 ymm registers
        # hold fewer copies of the longer formulas, but at least one.
        want = f": native {native}, " + ("4 vectors per iteration" if native == "AVX-512" else "")
        assert want in line, f"{case.name}: expected {want!r}, trace says {line!r}"
    elif path == "native, fewer vectors":  # many values live at once: fewer copies interleaved
        assert f": native {native}," in line, f"{case.name}: expected native code, trace says {line!r}"
    elif path == "any":
        assert f": native {native}," in line or "more live values than registers" in line, line
    else:
        assert ": interpreted: " in line and path in line, f"{case.name}: expected {path!r}: {line!r}"
