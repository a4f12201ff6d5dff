"""The CPU backend's scalar-loop JIT (backends/cpu/executor/jit/scalar_loop_jit.cc) against its
interpreter and against exact values computed here.

Every program is an all-scalar stablehlo.while: hand-written ones with exact expected values,
and seeded random ones (random_case) checked against the interpreter only. Two child processes
run them all through `jaxlib.xla_client` on our plugin: one with the JIT, one with
JAXLIB_CPU_DISABLE_JIT=1 (read once per process, so it must be set before the first compile).
Both also set JAXLIB_CPU_JIT_TRACE=1, whose stderr lines say which path each loop took. Tests
assert that the two paths agree bit for bit, that both give the exact values below, and that
each loop took the path expected of it (native, or the interpreter for the fallback cases).
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import struct
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from jit_traces import traces_by_case  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
#: Where the JIT exists; elsewhere every loop must report the interpreter.
X86_64_LINUX = sys.platform.startswith("linux") and platform.machine() in ("x86_64", "AMD64")
FORI_LOOP = REPO / "benchmarks" / "programs" / "fori_loop_scalar.mlir"

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("jaxlib_cpu") is None or importlib.util.find_spec("jaxlib") is None,
    reason="our jaxlib + jaxlib-cpu are not installed",
)

# ============================================================================ programs

MLIR_TYPES = {
    np.dtype(np.bool_): "i1", np.dtype(np.int8): "i8", np.dtype(np.int32): "i32", np.dtype(np.int64): "i64",
    np.dtype(np.uint32): "ui32", np.dtype(np.uint64): "ui64",
    np.dtype(np.float32): "f32", np.dtype(np.float64): "f64",
}


def t(dtype: type) -> str:
    """`tensor<...>` of a scalar dtype."""
    return f"tensor<{MLIR_TYPES[np.dtype(dtype)]}>"


def while_program(
    params: Sequence[tuple[str, type]],
    carries: Sequence[tuple[str, type, str]],
    cond: str,
    body: str,
    results: Sequence[str],
) -> str:
    """A module whose main runs one stablehlo.while and returns its carries.

    params: main's (name, dtype); carries: (name, dtype, initial value: a param name or a
    `dense<...>` literal); cond: lines ending in `stablehlo.return %x : tensor<i1>`; body:
    lines computing the new carries, named in `results`. Region lines may use the params
    (captured values) and the carries by name.
    """
    inits = []
    consts = []
    for k, (_, dtype, init) in enumerate(carries):
        if init.startswith("dense<"):
            consts.append(f"    %init{k} = stablehlo.constant {init} : {t(dtype)}")
            inits.append(f"%init{k}")
        else:
            inits.append(f"%{init}")
    types = ", ".join(t(d) for _, d, _ in carries)
    args = ", ".join(f"%{name} = {init}" for (name, _, _), init in zip(carries, inits, strict=True))
    sig = ", ".join(f"%{n}: {t(d)}" for n, d in params)
    outs = ", ".join(f"%w#{k}" for k in range(len(carries)))
    body_return = ", ".join(results)
    return f"""module @loop {{
  func.func public @main({sig}) -> ({types}) {{
{chr(10).join(consts)}
    %w:{len(carries)} = stablehlo.while({args}) : {types}
    cond {{
{cond}
    }} do {{
{body}
      stablehlo.return {body_return} : {types}
    }}
    return {outs} : {types}
  }}
}}
"""


def counted_loop(
    params: Sequence[tuple[str, type]],
    carries: Sequence[tuple[str, type, str]],
    body: str,
    results: Sequence[str],
) -> str:
    """while_program with an i32 counter %k from 0 while %k < %n (an i32 param named n)."""
    cond = f"""      %lt = stablehlo.compare LT, %k, %n, SIGNED : ({t(np.int32)}, {t(np.int32)}) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>"""
    body = f"""      %one_k = stablehlo.constant dense<1> : {t(np.int32)}
      %k1 = stablehlo.add %k, %one_k : {t(np.int32)}
{body}"""
    return while_program(params, [("k", np.int32, "dense<0>"), *carries], cond, body, ["%k1", *results])


# ============================================================================ cases


@dataclass
class Case:
    """One program, the inputs it runs on, and the exact outputs each must give."""

    name: str
    mlir: str
    inputs: list[tuple]
    expected: Callable[..., Sequence] | None  # inputs -> outputs (numpy scalars); None: no oracle
    path: str = "native"  # "native", "interpreted", or "any" (random programs)
    reason: str = ""  # a substring of the interpreter's trace reason
    marks: list = field(default_factory=list)


def f32(x: float) -> np.float32:
    return np.float32(x)


def f32_bits(b: int) -> np.float32:
    return np.frombuffer(struct.pack("<I", b), np.float32)[0]


def f64_bits(b: int) -> np.float64:
    return np.frombuffer(struct.pack("<Q", b), np.float64)[0]


def wrap(x: int, bits: int, signed: bool = True) -> int:
    x &= (1 << bits) - 1
    return x - (1 << bits) if signed and x >> (bits - 1) else x


NAN_PAYLOAD_F32 = f32_bits(0x7FC01234)
NAN_PAYLOAD_F64 = f64_bits(0x7FF8000000C0FFEE)

# ---------------------------------------------------------------- the benchmark's fori_loop


def fori_expected(x0: np.float32) -> list:
    x = np.float32(x0)
    a, b = np.float32(0.999899983), np.float32(9.99999974e-5)
    for j in range(10000):
        x = x * a + np.float32(j) * b
    return [x]


CASES: list[Case] = [
    Case("fori_loop_scalar_benchmark", FORI_LOOP.read_text(),
         [(f32(1.0),), (f32(-3.5),), (NAN_PAYLOAD_F32,), (f32(np.inf),)], fori_expected),
]

# ---------------------------------------------------------------- f64 recurrence, i64 counter

F64 = np.float64
CASES.append(Case(
    "f64_recurrence_i64_counter",
    while_program(
        [("x0", F64), ("n", np.int64)],
        [("i", np.int64, "dense<0>"), ("x", F64, "x0")],
        f"""      %lt = stablehlo.compare LT, %i, %n, SIGNED : ({t(np.int64)}, {t(np.int64)}) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>""",
        f"""      %one = stablehlo.constant dense<1> : {t(np.int64)}
      %three = stablehlo.constant dense<3.000000e+00> : {t(F64)}
      %eighth = stablehlo.constant dense<1.250000e-01> : {t(F64)}
      %i1 = stablehlo.add %i, %one : {t(np.int64)}
      %q = stablehlo.divide %x, %three : {t(F64)}
      %fi = stablehlo.convert %i : ({t(np.int64)}) -> {t(F64)}
      %s = stablehlo.multiply %fi, %eighth : {t(F64)}
      %x1 = stablehlo.subtract %q, %s : {t(F64)}""",
        ["%i1", "%x1"]),
    [(F64(1.0), np.int64(10000)), (F64(-2.5), np.int64(1)), (F64(7.0), np.int64(0)), (F64(7.0), np.int64(-5)),
     (NAN_PAYLOAD_F64, np.int64(3))],
    lambda x0, n: _f64_recurrence(x0, n),
))


def _f64_recurrence(x0: np.float64, n: np.int64) -> list:
    x, i = float(x0), 0
    while i < n:
        x = x * (1.0 / 3.0) - float(i) * 0.125  # a constant divisor is inverted, as XLA does
        i += 1
    return [np.int64(max(int(n), 0)), F64(x)]


# ---------------------------------------------------------------- integer wrap-around


def _lcg_expected(n: np.int32, a0: np.int64, b0: np.int64, h0: np.int32, u0: np.uint32) -> list:
    a, b, h, u = int(a0), int(b0), int(h0), int(u0)
    for _ in range(int(n)):
        a2 = wrap(a * 6364136223846793005 + 1442695040888963407, 64)
        b = wrap((b ^ a2) - (-a2), 64)
        a = a2
        h = wrap(h * 1103515245 + 12345, 32)
        u = wrap(u * 2654435761 + wrap(h, 32, signed=False), 32, signed=False)
        h = wrap(-h, 32)
    return [np.int32(max(int(n), 0)), np.int64(a), np.int64(b), np.int32(h), np.uint32(u)]


I32, I64, U32, U64 = np.int32, np.int64, np.uint32, np.uint64
CASES.append(Case(
    "integer_overflow_wraps",
    counted_loop(
        [("n", I32), ("a0", I64), ("b0", I64), ("h0", I32), ("u0", U32)],
        [("a", I64, "a0"), ("b", I64, "b0"), ("h", I32, "h0"), ("u", U32, "u0")],
        f"""      %m64 = stablehlo.constant dense<6364136223846793005> : {t(I64)}
      %c64 = stablehlo.constant dense<1442695040888963407> : {t(I64)}
      %m32 = stablehlo.constant dense<1103515245> : {t(I32)}
      %c32 = stablehlo.constant dense<12345> : {t(I32)}
      %mu = stablehlo.constant dense<2654435761> : {t(U32)}
      %am = stablehlo.multiply %a, %m64 : {t(I64)}
      %a1 = stablehlo.add %am, %c64 : {t(I64)}
      %bx = stablehlo.xor %b, %a1 : {t(I64)}
      %na = stablehlo.negate %a1 : {t(I64)}
      %b1 = stablehlo.subtract %bx, %na : {t(I64)}
      %hm = stablehlo.multiply %h, %m32 : {t(I32)}
      %h1 = stablehlo.add %hm, %c32 : {t(I32)}
      %hu = stablehlo.convert %h1 : ({t(I32)}) -> {t(U32)}
      %um = stablehlo.multiply %u, %mu : {t(U32)}
      %u1 = stablehlo.add %um, %hu : {t(U32)}
      %h2 = stablehlo.negate %h1 : {t(I32)}""",
        ["%a1", "%b1", "%h2", "%u1"]),
    [(I32(1000), I64(1), I64(-7), I32(2**31 - 1), U32(2**32 - 1)),
     (I32(1), I64(-(2**63)), I64(2**63 - 1), I32(-(2**31)), U32(0))],
    _lcg_expected,
))

# ---------------------------------------------------------------- compares: every direction


DIRS = ["EQ", "NE", "LT", "LE", "GT", "GE"]


def compare_program(dtype: type, compare_type: str) -> str:
    """bits = the six compares of (a, b), EQ first, as a 6-bit number (one loop pass)."""
    lines = [f"      %two = stablehlo.constant dense<2> : {t(I32)}"]
    acc = "%bits"
    for d in DIRS:
        lines += [
            f"      %c{d} = stablehlo.compare {d}, %a, %b, {compare_type} : ({t(dtype)}, {t(dtype)}) -> tensor<i1>",
            f"      %v{d} = stablehlo.convert %c{d} : (tensor<i1>) -> {t(I32)}",
            f"      %s{d} = stablehlo.multiply {acc}, %two : {t(I32)}",
            f"      %r{d} = stablehlo.add %s{d}, %v{d} : {t(I32)}",
        ]
        acc = f"%r{d}"
    return counted_loop([("n", I32), ("a", dtype), ("b", dtype)], [("bits", I32, "dense<0>")], "\n".join(lines), [acc])


def compare_expected(key: Callable) -> Callable:
    def expected(n, a, b) -> list:
        ka, kb = key(a), key(b)
        r = [ka == kb, ka != kb, ka < kb, ka <= kb, ka > kb, ka >= kb]
        return [np.int32(1), np.int32(int("".join("1" if x else "0" for x in r), 2))]

    return expected


FLOAT_PAIRS = [(1.0, 2.0), (2.0, 1.0), (1.0, 1.0), (0.0, -0.0), (np.nan, 1.0), (1.0, np.nan), (np.nan, np.nan),
               (np.inf, np.inf), (-np.inf, 1.0), (np.inf, np.nan)]
INT32_PAIRS = [(1, 2), (2, 1), (5, 5), (-1, 1), (1, -1), (-(2**31), 2**31 - 1), (0, -1)]
for dtype in (np.float32, np.float64):
    CASES.append(Case(
        f"compare_{np.dtype(dtype).name}", compare_program(dtype, "FLOAT"),
        [(I32(1), dtype(a), dtype(b)) for a, b in FLOAT_PAIRS] +
        [(I32(1), NAN_PAYLOAD_F32 if dtype is np.float32 else NAN_PAYLOAD_F64, dtype(0))],
        compare_expected(float)))
CASES.append(Case("compare_s32_signed", compare_program(I32, "SIGNED"),
                  [(I32(1), I32(a), I32(b)) for a, b in INT32_PAIRS], compare_expected(int)))
CASES.append(Case("compare_s32_as_unsigned", compare_program(I32, "UNSIGNED"),
                  [(I32(1), I32(a), I32(b)) for a, b in INT32_PAIRS], compare_expected(lambda v: int(v) & 0xFFFFFFFF)))
CASES.append(Case("compare_u32_unsigned", compare_program(U32, "UNSIGNED"),
                  [(I32(1), U32(a & 0xFFFFFFFF), U32(b & 0xFFFFFFFF)) for a, b in INT32_PAIRS],
                  compare_expected(int)))
CASES.append(Case("compare_s64_signed", compare_program(I64, "SIGNED"),
                  [(I32(1), I64(a), I64(b)) for a, b in [*INT32_PAIRS, (-(2**63), 2**63 - 1), (2**40, 2**40 + 1)]],
                  compare_expected(int)))
CASES.append(Case("compare_pred", compare_program(np.bool_, "UNSIGNED"),
                  [(I32(1), np.bool_(a), np.bool_(b)) for a in (False, True) for b in (False, True)],
                  compare_expected(bool)))

# ---------------------------------------------------------------- compares as the loop condition


def cond_program(dtype: type, direction: str, limit: str, step: str) -> str:
    """while (x DIR limit) { x += step; count += 1 }"""
    ctype = "FLOAT" if np.dtype(dtype).kind == "f" else "SIGNED"
    return while_program(
        [("x0", dtype)],
        [("x", dtype, "x0"), ("count", I32, "dense<0>")],
        f"""      %lim = stablehlo.constant dense<{limit}> : {t(dtype)}
      %c = stablehlo.compare {direction}, %x, %lim, {ctype} : ({t(dtype)}, {t(dtype)}) -> tensor<i1>
      stablehlo.return %c : tensor<i1>""",
        f"""      %step = stablehlo.constant dense<{step}> : {t(dtype)}
      %one = stablehlo.constant dense<1> : {t(I32)}
      %x1 = stablehlo.add %x, %step : {t(dtype)}
      %count1 = stablehlo.add %count, %one : {t(I32)}""",
        ["%x1", "%count1"])


def cond_expected(direction: str, limit: float, step: float, dtype: type) -> Callable:
    ops = {"LT": lambda a, b: a < b, "LE": lambda a, b: a <= b, "GT": lambda a, b: a > b,
           "GE": lambda a, b: a >= b, "EQ": lambda a, b: a == b, "NE": lambda a, b: a != b}

    def expected(x0) -> list:
        x, count = dtype(x0), 0
        with np.errstate(all="ignore"):
            while ops[direction](x, dtype(limit)):
                x = dtype(x + dtype(step))
                count += 1
        return [x, np.int32(count)]

    return expected


COND_CASES = [  # direction, limit, step, starts (all terminate)
    ("LT", "10", "1", [0, 10, 11, -5]),
    ("LE", "10", "1", [0, 10, 11]),
    ("GT", "0", "-1", [10, 0, -3]),
    ("GE", "0", "-1", [10, 0, -3]),
    ("EQ", "0", "1", [0, 1]),
    ("NE", "7", "1", [0, 7]),
]
for direction, limit, step, starts in COND_CASES:
    CASES.append(Case(f"cond_{direction}_s32", cond_program(I32, direction, limit, step),
                      [(I32(s),) for s in starts], cond_expected(direction, int(limit), int(step), I32)))
    if direction != "NE":  # NaN != 7 forever
        flimit, fstep = f"{float(limit):e}", f"{float(step):e}"
        for dtype in (np.float32, np.float64):
            CASES.append(Case(
                f"cond_{direction}_{np.dtype(dtype).name}", cond_program(dtype, direction, flimit, fstep),
                [(dtype(s),) for s in starts] + [(dtype(np.nan),), (dtype(-0.0),)],
                cond_expected(direction, float(limit), float(step), dtype)))

# ---------------------------------------------------------------- select, negate, NaN payloads, -0


def _select_expected(n, p0, nan_in, y0) -> list:
    p, x, y = bool(p0), np.float32(0), np.float32(y0)
    for _ in range(int(n)):
        p2 = not p
        x2 = nan_in if p2 else y
        y2 = -x
        p, x, y = p2, x2, y2
    return [np.int32(n), np.bool_(p), x, y]


CASES.append(Case(
    "select_negate_nan_payloads",
    counted_loop(
        [("n", I32), ("p0", np.bool_), ("nan_in", np.float32), ("y0", np.float32)],
        [("p", np.bool_, "p0"), ("x", np.float32, "dense<0.000000e+00>"), ("y", np.float32, "y0")],
        f"""      %p1 = stablehlo.not %p : tensor<i1>
      %x1 = stablehlo.select %p1, %nan_in, %y : tensor<i1>, {t(np.float32)}
      %y1 = stablehlo.negate %x : {t(np.float32)}""",
        ["%p1", "%x1", "%y1"]),
    [(I32(n), np.bool_(p), NAN_PAYLOAD_F32, f32(-0.0)) for n in range(5) for p in (False, True)],
    _select_expected,
))


def _negzero_expected(n, z0, w0) -> list:
    z, w = np.float32(z0), np.float64(w0)
    s = t_ = np.float32(0)
    for _ in range(int(n)):
        z = -z
        s = z + z
        t_ = z - z
        w = -w * np.float64(1.0)
    return [np.int32(n), z, s, t_, w]


CASES.append(Case(
    "negative_zero",
    counted_loop(
        [("n", I32), ("z0", np.float32), ("w0", F64)],
        [("z", np.float32, "z0"), ("s", np.float32, "dense<0.000000e+00>"), ("d", np.float32, "dense<0.000000e+00>"),
         ("w", F64, "w0")],
        f"""      %onef = stablehlo.constant dense<1.000000e+00> : {t(F64)}
      %z1 = stablehlo.negate %z : {t(np.float32)}
      %s1 = stablehlo.add %z1, %z1 : {t(np.float32)}
      %d1 = stablehlo.subtract %z1, %z1 : {t(np.float32)}
      %wn = stablehlo.negate %w : {t(F64)}
      %w1 = stablehlo.multiply %wn, %onef : {t(F64)}""",
        ["%z1", "%s1", "%d1", "%w1"]),
    [(I32(n), f32(0.0), F64(-0.0)) for n in range(4)],
    _negzero_expected,
))


def _inf_nan_expected(n, x0) -> list:
    x, y, r = np.float32(x0), np.float32(0), np.float64(0)
    with np.errstate(all="ignore"):
        for k in range(int(n)):
            x = x * np.float32(1e30)
            y = x - x
            r = r + np.float64(1.0) / np.float64(k)
    return [np.int32(n), x, y, r]


CASES.append(Case(
    "inf_nan_arithmetic",
    counted_loop(
        [("n", I32), ("x0", np.float32)],
        [("x", np.float32, "x0"), ("y", np.float32, "dense<0.000000e+00>"), ("r", F64, "dense<0.000000e+00>")],
        f"""      %big = stablehlo.constant dense<1.000000e+30> : {t(np.float32)}
      %onef = stablehlo.constant dense<1.000000e+00> : {t(F64)}
      %x1 = stablehlo.multiply %x, %big : {t(np.float32)}
      %y1 = stablehlo.subtract %x1, %x1 : {t(np.float32)}
      %fk = stablehlo.convert %k : ({t(I32)}) -> {t(F64)}
      %q = stablehlo.divide %onef, %fk : {t(F64)}
      %r1 = stablehlo.add %r, %q : {t(F64)}""",
        ["%x1", "%y1", "%r1"]),
    [(I32(n), f32(x)) for n in (1, 2, 3) for x in (3.0, -3.0)],
    _inf_nan_expected,
))



def _quiet(x: np.floating) -> np.floating:
    """x with the quiet bit set (the top fraction bit)."""
    bits = np.asarray(x).view(np.uint32 if x.dtype == np.float32 else np.uint64)
    quiet = 1 << (22 if x.dtype == np.float32 else 51)
    return (bits | bits.dtype.type(quiet)).view(x.dtype)[()]


def _two_nans_expected(n, a, b, c, d) -> list:
    # x86 SSE: with two NaN operands the result is the first source operand, quieted (SDM
    # vol. 1 table 4-7), so operand order shows in the bits. (numpy is no oracle here: its
    # loops may commute a + b.)
    return [I32(n), _quiet(a), _quiet(a), _quiet(a), _quiet(a), _quiet(b), _quiet(c), _quiet(c), _quiet(d)]


CASES.append(Case(
    "two_nans_keep_operand_order",
    counted_loop(
        [("n", I32), ("a", np.float32), ("b", np.float32), ("c", F64), ("d", F64)],
        [("s", np.float32, "dense<0.000000e+00>"), ("m", np.float32, "dense<0.000000e+00>"),
         ("p", np.float32, "dense<0.000000e+00>"), ("q", np.float32, "dense<0.000000e+00>"),
         ("r", np.float32, "dense<0.000000e+00>"), ("s64", F64, "dense<0.000000e+00>"),
         ("q64", F64, "dense<0.000000e+00>"), ("m64", F64, "dense<0.000000e+00>")],
        f"""      %s1 = stablehlo.add %a, %b : {t(np.float32)}
      %m1 = stablehlo.subtract %a, %b : {t(np.float32)}
      %p1 = stablehlo.multiply %a, %b : {t(np.float32)}
      %q1 = stablehlo.divide %a, %b : {t(np.float32)}
      %r1 = stablehlo.add %b, %a : {t(np.float32)}
      %s641 = stablehlo.add %c, %d : {t(F64)}
      %q641 = stablehlo.divide %c, %d : {t(F64)}
      %m641 = stablehlo.subtract %d, %c : {t(F64)}""",
        ["%s1", "%m1", "%p1", "%q1", "%r1", "%s641", "%q641", "%m641"]),
    [(I32(1), NAN_PAYLOAD_F32, f32_bits(0xFFC0BEEF), NAN_PAYLOAD_F64, f64_bits(0xFFF80000DEADBEEF)),
     (I32(1), f32_bits(0xFFC0BEEF), NAN_PAYLOAD_F32, f64_bits(0x7FF4000000000001), NAN_PAYLOAD_F64)],
    _two_nans_expected,
    marks=[pytest.mark.skipif(not X86_64_LINUX, reason="NaN operand rule of x86 SSE")],
))

# ---------------------------------------------------------------- zero trips, carried-slot swaps

CASES.append(Case(
    "zero_trip_keeps_inputs",
    counted_loop(
        [("n", I32), ("x0", np.float32), ("p0", np.bool_), ("q0", I64), ("d0", F64)],
        [("x", np.float32, "x0"), ("p", np.bool_, "p0"), ("q", I64, "q0"), ("d", F64, "d0")],
        f"""      %x1 = stablehlo.add %x, %x : {t(np.float32)}
      %p1 = stablehlo.not %p : tensor<i1>
      %q1 = stablehlo.add %q, %q : {t(I64)}
      %d1 = stablehlo.negate %d : {t(F64)}""",
        ["%x1", "%p1", "%q1", "%d1"]),
    [(I32(n), NAN_PAYLOAD_F32, np.bool_(True), I64(-(2**62) - 3), NAN_PAYLOAD_F64) for n in (0, -1, 1)],
    lambda n, x, p, q, d: ([I32(0), x, p, q, d] if n <= 0 else
                           [I32(1), x + x, np.bool_(not p), I64(wrap(2 * int(q), 64)), -d]),
))


def _rotate_expected(n, a, b, c, u, v, p, q, f0, f1) -> list:
    w = 0
    for _ in range(int(n)):
        a, b, c = b, c, a
        u, v = v, u
        p, q = q, p
        f0, f1 = f1, I64(wrap(int(f0) + int(f1), 64))
        w += 2 * int(n)
    return [I32(max(int(n), 0)), a, b, c, u, v, p, q, f0, f1, I32(w)]


CASES.append(Case(
    "carried_slots_swap_and_rotate",
    counted_loop(
        [("n", I32), ("a0", np.float32), ("b0", np.float32), ("c0", np.float32), ("u0", I32), ("v0", I32),
         ("p0", np.bool_), ("q0", np.bool_), ("f00", I64), ("f10", I64)],
        [("a", np.float32, "a0"), ("b", np.float32, "b0"), ("c", np.float32, "c0"), ("u", I32, "u0"),
         ("v", I32, "v0"), ("p", np.bool_, "p0"), ("q", np.bool_, "q0"), ("f0", I64, "f00"), ("f1", I64, "f10"),
         ("w", I32, "dense<0>")],
        # %nn needs a fresh register while every swapped carry still holds its old value.
        f"""      %fs = stablehlo.add %f0, %f1 : {t(I64)}
      %nn = stablehlo.add %n, %n : {t(I32)}
      %w1 = stablehlo.add %nn, %w : {t(I32)}""",
        ["%b", "%c", "%a", "%v", "%u", "%q", "%p", "%f1", "%fs", "%w1"]),
    [(I32(n), f32(1.5), f32(-2.5), NAN_PAYLOAD_F32, I32(7), I32(-9), np.bool_(True), np.bool_(False), I64(0),
      I64(1)) for n in (0, 1, 2, 3, 4, 100)],
    _rotate_expected,
))

# ---------------------------------------------------------------- conversions, pred logic, unsigned


def _convert_expected(n, a, b, u, f, d, p) -> dict:
    with np.errstate(all="ignore"):
        return {"a_f32": np.float32(a), "a_f64": F64(a), "b_f64": F64(b), "b_f32": np.float32(b),
                "u_f32": np.float32(u), "u_f64": F64(u), "f_f64": F64(f), "d_f32": np.float32(d),
                "p_f32": np.float32(p), "a_i64": I64(a), "u_u64": U64(u), "b_i32": I32(wrap(int(b), 32)),
                "a_i1": np.bool_(a != 0), "b_i1": np.bool_(b != 0), "p_i32": I32(p),
                "a_u32": U32(wrap(int(a), 32, signed=False)), "u_i64": I64(int(u))}


CONVERT_GROUPS = {  # (carry name, dtype, source param); several loops so each fits the registers
    "to_float": [("a_f32", np.float32, "a"), ("a_f64", F64, "a"), ("b_f64", F64, "b"), ("b_f32", np.float32, "b"),
                 ("u_f32", np.float32, "u"), ("u_f64", F64, "u"), ("f_f64", F64, "f"), ("d_f32", np.float32, "d"),
                 ("p_f32", np.float32, "p")],
    "widen": [("a_i64", I64, "a"), ("u_u64", U64, "u"), ("u_i64", I64, "u"), ("p_i32", I32, "p")],
    "narrow": [("b_i32", I32, "b"), ("a_i1", np.bool_, "a"), ("b_i1", np.bool_, "b"), ("a_u32", U32, "a")],
}
_CONVERT_PARAMS = {"a": I32, "b": I64, "u": U32, "f": np.float32, "d": F64, "p": np.bool_}
_CONVERT_INPUTS = [
    (I32(1), I32(-7), I64(2**53 + 1), U32(2**32 - 1), f32(0.1), F64(1e300), np.bool_(True)),
    (I32(1), I32(2**31 - 1), I64(-(2**62) - 1), U32(2**31 + 3), f32(-np.inf), F64(-1e-300), np.bool_(False)),
    (I32(1), I32(0), I64(2**32), U32(16777217), NAN_PAYLOAD_F32, NAN_PAYLOAD_F64, np.bool_(True)),
]
for group, converts in CONVERT_GROUPS.items():
    CASES.append(Case(
        f"conversions_{group}",
        counted_loop(
            [("n", I32), *_CONVERT_PARAMS.items()],
            [(name, dt, "dense<false>" if dt is np.bool_ else "dense<0>" if np.dtype(dt).kind in "iu" else
              "dense<0.000000e+00>") for name, dt, _ in converts],
            "\n".join(f"      %{name}1 = stablehlo.convert %{src} : ({t(_CONVERT_PARAMS[src])}) -> {t(dt)}"
                      for name, dt, src in converts),
            [f"%{name}1" for name, _, _ in converts]),
        _CONVERT_INPUTS,
        lambda *args, converts=converts: [I32(1), *(_convert_expected(*args)[name] for name, _, _ in converts)],
    ))


def _pred_expected(n, p, q, r) -> list:
    p, q, r = bool(p), bool(q), bool(r)
    for _ in range(int(n)):
        p1 = not p
        q1 = q != p
        r1 = (r and q) or p1
        p, q, r = p1, q1, r1
    return [I32(n), np.bool_(p), np.bool_(q), np.bool_(r)]


CASES.append(Case(
    "pred_logic",
    counted_loop(
        [("n", I32), ("p0", np.bool_), ("q0", np.bool_), ("r0", np.bool_)],
        [("p", np.bool_, "p0"), ("q", np.bool_, "q0"), ("r", np.bool_, "r0")],
        """      %p1 = stablehlo.not %p : tensor<i1>
      %q1 = stablehlo.xor %q, %p : tensor<i1>
      %rq = stablehlo.and %r, %q : tensor<i1>
      %r1 = stablehlo.or %rq, %p1 : tensor<i1>""",
        ["%p1", "%q1", "%r1"]),
    [(I32(n), np.bool_(a), np.bool_(b), np.bool_(c)) for n in (0, 1, 2, 5) for a in (False, True)
     for b in (False, True) for c in (False, True)],
    _pred_expected,
))


def unsigned_counter(dtype: type, start: int, direction: str, limit: int) -> Case:
    """while (i DIR limit, unsigned) { i += 1; count += 1 }: wraps at the top of the range."""
    bits = np.dtype(dtype).itemsize * 8

    def expected(i0) -> list:
        ops = {"NE": lambda a, b: a != b, "LT": lambda a, b: a < b}
        i, count = int(i0), 0
        while ops[direction](i, limit) and count < 100:
            i, count = wrap(i + 1, bits, signed=False), count + 1
        return [dtype(i), I32(count)]

    return Case(
        f"unsigned_counter_{np.dtype(dtype).name}_{direction}_{limit}_from_{start}",
        while_program(
            [("i0", dtype)], [("i", dtype, "i0"), ("count", I32, "dense<0>")],
            f"""      %lim = stablehlo.constant dense<{limit}> : {t(dtype)}
      %c = stablehlo.compare {direction}, %i, %lim, UNSIGNED : ({t(dtype)}, {t(dtype)}) -> tensor<i1>
      stablehlo.return %c : tensor<i1>""",
            f"""      %one = stablehlo.constant dense<1> : {t(dtype)}
      %one32 = stablehlo.constant dense<1> : {t(I32)}
      %i1 = stablehlo.add %i, %one : {t(dtype)}
      %count1 = stablehlo.add %count, %one32 : {t(I32)}""",
            ["%i1", "%count1"]),
        [(dtype(start),), (dtype(limit),)], expected)


CASES.append(unsigned_counter(U32, 2**32 - 5, "NE", 5))
CASES.append(unsigned_counter(U64, 2**64 - 2, "LT", 3))  # unsigned: 2^64-2 < 3 is false, zero trips
CASES.append(unsigned_counter(U64, 0, "LT", 3))

# ---------------------------------------------------------------- denormals: the executor flushes (FTZ/DAZ)

CASES.append(Case(
    "denormals_flush_like_interpreter",
    counted_loop(
        [("n", I32), ("x0", np.float32)],
        [("x", np.float32, "x0"), ("z", I32, "dense<0>")],
        f"""      %tiny = stablehlo.constant dense<1.000000e-10> : {t(np.float32)}
      %zero = stablehlo.constant dense<0.000000e+00> : {t(np.float32)}
      %x1 = stablehlo.multiply %x, %tiny : {t(np.float32)}
      %isz = stablehlo.compare EQ, %x0, %zero, FLOAT : ({t(np.float32)}, {t(np.float32)}) -> tensor<i1>
      %z1 = stablehlo.convert %isz : (tensor<i1>) -> {t(I32)}""",
        ["%x1", "%z1"]),
    # 1e-30 * 1e-10 is denormal: flushed to +0 (FTZ). A denormal input compares equal to 0 (DAZ).
    [(I32(1), f32(1e-30)), (I32(1), f32_bits(0x00000010))],
    lambda n, x0: [I32(1), f32(0.0), I32(1 if x0 == 0 or abs(x0) < np.finfo(np.float32).tiny else 0)],
))

# ---------------------------------------------------------------- fallbacks to the interpreter

_MANY = 20  # f32 carries: more than the 15 allocatable xmm registers


def _many_expected(n, *xs) -> list:
    xs = [np.float32(x) for x in xs]
    for _ in range(int(n)):
        xs = [xs[j] * np.float32(0.5) + xs[(j + 1) % _MANY] for j in range(_MANY)]
    return [I32(n), *xs]


CASES.append(Case(
    "too_many_live_values_falls_back",
    counted_loop(
        [("n", I32), *[(f"x{j}0", np.float32) for j in range(_MANY)]],
        [(f"x{j}", np.float32, f"x{j}0") for j in range(_MANY)],
        "\n".join([f"      %half = stablehlo.constant dense<5.000000e-01> : {t(np.float32)}"] + [
            f"      %h{j} = stablehlo.multiply %x{j}, %half : {t(np.float32)}\n"
            f"      %y{j} = stablehlo.add %h{j}, %x{(j + 1) % _MANY} : {t(np.float32)}" for j in range(_MANY)]),
        [f"%y{j}" for j in range(_MANY)]),
    [(I32(7), *[f32(j - 3.25) for j in range(_MANY)])],
    _many_expected,
    path="interpreted", reason="more live values than registers",
))

CASES.append(Case(
    # No inline pattern (XLA's integer division special cases): the native loop calls the
    # interpreter's own kernel for it.
    "op_without_pattern_calls_interpreter_kernel",
    counted_loop(
        [("n", I32), ("a0", I32)],
        [("a", I32, "a0")],
        f"""      %three = stablehlo.constant dense<3> : {t(I32)}
      %a1 = stablehlo.divide %a, %three : {t(I32)}""",
        ["%a1"]),
    [(I32(2), I32(-100))],
    lambda n, a: [I32(2), I32(-11)],  # C-style truncation: -100/3 = -33, -33/3 = -11
    path="native",
))

CASES.append(Case(
    "unsupported_type_falls_back",
    counted_loop(
        [("n", I32), ("a0", np.int8)],
        [("a", np.int8, "a0")],
        f"""      %three = stablehlo.constant dense<3> : {t(np.int8)}
      %a1 = stablehlo.add %a, %three : {t(np.int8)}""",
        ["%a1"]),
    [(I32(2), np.int8(-100))],
    lambda n, a: [I32(2), np.int8(-94)],
    path="interpreted", reason="element type i8",
))

# ---------------------------------------------------------------- random programs (differential only)

_RANDOM_TYPES = [np.float32, F64, I32, I64, U32, np.bool_]
_EDGES = {
    np.float32: [0.0, -0.0, 1.5, -2.25, 0.1, 3.0e38, -1e-30, np.inf, -np.inf, np.nan],
    F64: [0.0, -0.0, 1.5, -2.25, 0.1, 1.0e308, -1e-300, np.inf, -np.inf, np.nan],
    I32: [0, 1, -1, 7, -100, 2**31 - 1, -(2**31), 123456789],
    I64: [0, 1, -1, 7, -100, 2**63 - 1, -(2**63), 2**40 + 3],
    U32: [0, 1, 7, 2**31, 2**32 - 1, 123456789],
    np.bool_: [False, True],
}
N_RANDOM = 40


def _literal(dtype: type, value) -> str:
    if dtype is np.bool_:
        return "dense<true>" if value else "dense<false>"
    if np.dtype(dtype).kind == "f":
        bits = np.asarray(dtype(value)).view(np.uint32 if dtype is np.float32 else np.uint64)[()]
        return f"dense<0x{int(bits):0{np.dtype(dtype).itemsize * 2}X}>"
    return f"dense<{int(value)}>"


def random_case(seed: int) -> Case:
    """A random loop body over the supported ops and types; checked only JIT vs interpreter."""
    rng = np.random.default_rng(seed)

    def choice(seq):
        return seq[int(rng.integers(len(seq)))]

    carry_types = [choice(_RANDOM_TYPES) for _ in range(int(rng.integers(1, 7)))]
    extra_types = [choice(_RANDOM_TYPES) for _ in range(int(rng.integers(0, 3)))]
    pool: dict[type, list[str]] = {d: [] for d in _RANDOM_TYPES}
    for j, d in enumerate(carry_types):
        pool[d].append(f"%c{j}")
    for j, d in enumerate(extra_types):
        pool[d].append(f"%e{j}")
    lines: list[str] = []

    def new(dtype: type, text: str) -> str:
        name = f"%v{len(lines)}"
        lines.append(f"      {name} = {text}")
        pool[dtype].append(name)
        return name

    def pick(dtype: type) -> str:
        """Mostly a recent value (so ops chain up and survive dead-code removal)."""
        if not pool[dtype] or rng.random() < 0.1:
            return new(dtype, f"stablehlo.constant {_literal(dtype, choice(_EDGES[dtype]))} : {t(dtype)}")
        return choice(pool[dtype][-3:] if rng.random() < 0.6 else pool[dtype])

    def result(dtype: type) -> str:
        temps = [v for v in pool[dtype] if v.startswith("%v")]
        return choice(temps[-3:]) if temps and rng.random() < 0.85 else pick(dtype)

    for _ in range(int(rng.integers(3, 30))):
        d = choice(carry_types) if rng.random() < 0.6 else choice(_RANDOM_TYPES)
        kind = np.dtype(d).kind
        op = rng.random()
        if op < 0.12:
            new(d, f"stablehlo.select {pick(np.bool_)}, {pick(d)}, {pick(d)} : tensor<i1>, {t(d)}")
        elif op < 0.25 and d is not np.bool_:
            sources = [s for s in _RANDOM_TYPES if s is not d and (kind == "f" or np.dtype(s).kind != "f")]
            src = choice(sources)
            new(d, f"stablehlo.convert {pick(src)} : ({t(src)}) -> {t(d)}")
        elif op < 0.35:
            unary = "not" if kind in "bui" and (d is np.bool_ or rng.random() < 0.5) else "negate"
            new(d, f"stablehlo.{unary} {pick(d)} : {t(d)}")
        elif kind == "b":
            if rng.random() < 0.6:
                src = choice(_RANDOM_TYPES)
                ctype = {"f": "FLOAT", "b": "UNSIGNED"}.get(np.dtype(src).kind, choice(["SIGNED", "UNSIGNED"]))
                new(d, f"stablehlo.compare {choice(DIRS)}, {pick(src)}, {pick(src)}, {ctype} : "
                       f"({t(src)}, {t(src)}) -> tensor<i1>")
            else:
                new(d, f"stablehlo.{choice(['and', 'or', 'xor'])} {pick(d)}, {pick(d)} : tensor<i1>")
        else:
            ops = ["add", "subtract", "multiply"] + (["divide"] if kind == "f" else ["and", "or", "xor"])
            new(d, f"stablehlo.{choice(ops)} {pick(d)}, {pick(d)} : {t(d)}")
    results = [result(d) for d in carry_types]
    params = [("n", I32), *[(f"c{j}0", d) for j, d in enumerate(carry_types)],
              *[(f"e{j}", d) for j, d in enumerate(extra_types)]]
    mlir = counted_loop(params, [(f"c{j}", d, f"c{j}0") for j, d in enumerate(carry_types)], "\n".join(lines),
                        results)
    inputs = [(I32(n), *[d(choice(_EDGES[d])) for _, d in params[1:]]) for n in (0, 1, 6, 29)]
    return Case(f"random_{seed}", mlir, inputs, None, path="any")


CASES.extend(random_case(seed) for seed in range(N_RANDOM))

assert len({c.name for c in CASES}) == len(CASES), "case names must be unique (results are keyed by name)"

# ============================================================================ running

_CHILD = r"""
import json, sys
import numpy as np
from jaxlib import xla_client

cases = json.load(sys.stdin)
client = xla_client.make_cpu_client()
dev = client.devices()[0]
results = {}
for case in cases:
    sys.stderr.write("@case " + case["name"] + "\n")
    sys.stderr.flush()
    exe = client.compile_and_load(case["mlir"], [dev])
    runs = []
    for args in case["inputs"]:
        bufs = [client.buffer_from_pyval(np.frombuffer(bytes.fromhex(h), dtype=d).reshape(()), device=dev)
                for d, h in args]
        runs.append([[np.asarray(o).dtype.str, np.asarray(o).tobytes().hex()] for o in exe.execute(bufs)])
    results[case["name"]] = runs
json.dump(results, sys.stdout)
"""


CHILD_TIMEOUT_S = 120


def _encode(value) -> list[str]:
    a = np.asarray(value)
    return [a.dtype.str, a.tobytes().hex()]


@dataclass
class Outcome:
    outputs: dict[str, list]  # case -> per input: [[dtype, hex], ...]
    traces: dict[str, list[str]]  # case -> trace lines of its compile


def _run_child(disable_jit: bool) -> Outcome:
    env = dict(os.environ, JAXLIB_CPU_JIT_TRACE="1")
    env.pop("JAXLIB_CPU_DISABLE_JIT", None)
    if disable_jit:
        env["JAXLIB_CPU_DISABLE_JIT"] = "1"
    payload = [{"name": c.name, "mlir": c.mlir, "inputs": [[_encode(v) for v in args] for args in c.inputs]}
               for c in CASES]
    try:
        # The whole suite runs in about a second; a wrong loop condition would spin forever.
        r = subprocess.run([sys.executable, "-c", _CHILD], input=json.dumps(payload), capture_output=True,
                           text=True, env=env, timeout=CHILD_TIMEOUT_S)
    except subprocess.TimeoutExpired as e:
        partial = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
        pytest.fail(f"child (disable_jit={disable_jit}) ran over {CHILD_TIMEOUT_S} s: a loop that never ends? "
                    f"It was at:\n{partial[-2000:]}")
    assert r.returncode == 0, f"child (disable_jit={disable_jit}) failed:\n{r.stderr[-4000:]}"
    traces = traces_by_case(r.stderr, "scalar-loop jit")
    return Outcome(json.loads(r.stdout), traces)


@pytest.fixture(scope="module")
def jit() -> Outcome:
    return _run_child(disable_jit=False)


@pytest.fixture(scope="module")
def interpreter() -> Outcome:
    return _run_child(disable_jit=True)


def _case_params():
    return [pytest.param(c, id=c.name, marks=c.marks) for c in CASES]


@pytest.mark.parametrize("case", _case_params())
def test_jit_and_interpreter_agree_bitwise(case: Case, jit: Outcome, interpreter: Outcome) -> None:
    for args, a, b in zip(case.inputs, jit.outputs[case.name], interpreter.outputs[case.name], strict=True):
        assert a == b, f"{case.name}{tuple(args)}: JIT {a} != interpreter {b} (dtype, little-endian hex per output)"


@pytest.mark.parametrize("case", [p for p in _case_params() if p.values[0].expected is not None])
@pytest.mark.parametrize("mode", ["jit", "interpreter"])
def test_exact_values(case: Case, mode: str, jit: Outcome, interpreter: Outcome) -> None:
    """Cases with an independent oracle (the random programs have none: they are differential)."""
    outcome = jit if mode == "jit" else interpreter
    for args, got in zip(case.inputs, outcome.outputs[case.name], strict=True):
        want = [_encode(v) for v in case.expected(*args)]
        assert got == want, f"{case.name}{tuple(args)} ({mode}): expected {want}, got {got} (dtype, little-endian hex)"


@pytest.mark.parametrize("case", _case_params())
def test_path_taken(case: Case, jit: Outcome, interpreter: Outcome) -> None:
    lines = jit.traces.get(case.name, [])
    assert len(lines) == 1, f"{case.name}: expected one trace line for its while loop, got {lines}"
    if not X86_64_LINUX:
        assert "interpreted: no JIT for this platform" in lines[0], f"{case.name}: {lines[0]!r}"
    elif case.path == "any":
        assert ": native," in lines[0] or ": interpreted: more live values than registers" in lines[0], (
            f"{case.name}: every op of a random program is supported; trace says {lines[0]!r}")
    elif case.path == "native":
        assert ": native," in lines[0], f"{case.name}: expected native code, trace says {lines[0]!r}"
    else:
        assert ": interpreted: " in lines[0] and case.reason in lines[0], (
            f"{case.name}: expected the interpreter because of {case.reason!r}, trace says {lines[0]!r}")
    off = interpreter.traces.get(case.name, [])
    assert len(off) == 1 and "JAXLIB_CPU_DISABLE_JIT" in off[0], (
        f"{case.name}: with JAXLIB_CPU_DISABLE_JIT=1 expected the interpreter, trace says {off}")


def test_random_programs_mostly_native(jit: Outcome) -> None:
    """The random differential cases only test the JIT if it compiles them."""
    if not X86_64_LINUX:
        pytest.skip("the JIT is x86-64 Linux only")
    native = [c.name for c in CASES if c.path == "any" and ": native," in jit.traces[c.name][0]]
    assert len(native) >= 0.75 * N_RANDOM, f"only {len(native)} of {N_RANDOM} random programs compiled: {native}"


def test_benchmark_fori_loop_is_compiled(jit: Outcome) -> None:
    """The loop the benchmark times must be the native one (not a silent fallback)."""
    if not X86_64_LINUX:
        pytest.skip("the JIT is x86-64 Linux only")
    lines = jit.traces["fori_loop_scalar_benchmark"]
    assert lines and ": native," in lines[0], f"fori_loop_scalar.mlir was not compiled to native code: {lines}"
