"""Compile-time folding of elementwise ops over scalar and splat constants (simplify.cc
EvalIntegerSplat, EvalF32Splat, EvalSelectSplat): each folded value must be the bits the executor
computes for the same op on arrays, edge values included (INT_MIN / -1, division by zero, shifts
past the width, unsigned orders, narrowing converts, f32 results at the edge of the normal range),
and folding must leave no input-less scalar fusion behind. Run through the standalone driver.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver, run  # noqa: F401  (a fixture)

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'

I32_EDGES = [-(2**31), -(2**31) + 1, -7, -1, 0, 1, 2, 7, 31, 32, 33, 1000, 2**31 - 1]
U32_EDGES = [0, 1, 2, 7, 31, 32, 33, 2**31 - 1, 2**31, 2**32 - 1]
I8_EDGES = [-128, -127, -1, 0, 1, 7, 8, 9, 127]
F32_EDGES = [0.0, -0.0, 1.0, -1.0, 3.0, 1e-30, 1.5e-38, 1.1754944e-38, 3e38, -3e38, 1e38, 0.1, 1024.0]

BINARY = ["add", "subtract", "multiply", "divide", "remainder", "and", "or", "xor", "maximum", "minimum",
          "shift_left", "shift_right_logical", "shift_right_arithmetic"]
COMPARES = [(d, t) for d in ["EQ", "NE", "LT", "LE", "GT", "GE"] for t in ["SIGNED", "UNSIGNED"]]


def _plan_ops(driver: Path, tmp_path: Path, mlir: str) -> set[str]:  # noqa: F811
    """The op names in the execution plan of `mlir` (JAXLIB_DUMP_PLAN)."""
    prog = tmp_path / "plan.mlir"
    prog.write_text(textwrap.dedent(mlir))
    r = subprocess.run([str(driver), str(prog)], capture_output=True, text=True, timeout=120,
                       env=dict(os.environ, JAXLIB_DUMP_PLAN="1"))
    assert r.returncode == 0, r.stderr
    return {w.split("(")[0] for line in r.stderr.splitlines() for w in line.split() if w.startswith(("stablehlo.", "jaxlib."))}


def _folded_and_run(driver: Path, tmp_path: Path, ty: str, np_type: type, pairs: list[tuple], lines: list[str],  # noqa: F811
                    rtype: str, all_folded: bool = True) -> tuple[list[np.ndarray], np.ndarray]:
    """Each line (over %x, %y) once per pair as scalar constants (folded), and once over two
    parameter arrays holding every pair (run by the executor)."""
    folded_body, results = [], []
    for k, (a, b) in enumerate(pairs):
        folded_body.append(f"%x{k} = stablehlo.constant dense<{a}> : tensor<{ty}>")
        folded_body.append(f"%y{k} = stablehlo.constant dense<{b}> : tensor<{ty}>")
        for j, line in enumerate(lines):
            folded_body.append(line.replace("%x", f"%x{k}").replace("%y", f"%y{k}").replace("%r", f"%r{k}_{j}")
                               .replace("$S", f"tensor<{ty}>").replace("$R", f"tensor<{rtype}>"))
            results.append(f"%r{k}_{j}")
    rtypes = ", ".join([f"tensor<{rtype}>"] * len(results))
    folded_mlir = f"""
        {MOD}
          func.func public @main() -> ({rtypes}) {{
            {chr(10).join(folded_body)}
            return {", ".join(results)} : {rtypes}
          }}
        }}"""
    if all_folded:
        assert _plan_ops(driver, tmp_path, folded_mlir) == {"stablehlo.constant"}, "expected every value folded"
    folded = run(driver, tmp_path, folded_mlir)
    n = len(pairs)
    arr = f"tensor<{n}x{ty}>"
    body = [line.replace("%r", f"%r{j}").replace("$S", arr).replace("$R", f"tensor<{n}x{rtype}>")
            for j, line in enumerate(lines)]
    rts = ", ".join([f"tensor<{n}x{rtype}>"] * len(lines))
    xs = np.array([p[0] for p in pairs]).astype(np_type)
    ys = np.array([p[1] for p in pairs]).astype(np_type)
    ran = run(driver, tmp_path, f"""
        {MOD}
          func.func public @main(%x: {arr}, %y: {arr}) -> ({rts}) {{
            {chr(10).join(body)}
            return {", ".join(f"%r{j}" for j in range(len(lines)))} : {rts}
          }}
        }}""", xs, ys)
    return folded, np.stack(ran, axis=1).reshape(-1)


@pytest.mark.parametrize("ty,np_type,edges", [("i32", np.int32, I32_EDGES), ("ui32", np.uint32, U32_EDGES),
                                               ("i8", np.int8, I8_EDGES)])
def test_integer_folding_gives_the_executors_bits(driver, tmp_path, ty, np_type, edges):  # noqa: F811
    pairs = [(a, b) for a in edges for b in edges]
    lines = [f"%r = stablehlo.{op} %x, %y : $S" for op in BINARY] + ["%r = stablehlo.not %x : $S",
                                                                     "%r = stablehlo.negate %x : $S"]
    folded, ran = _folded_and_run(driver, tmp_path, ty, np_type, pairs, lines, ty)
    got = np.array([f.reshape(()) for f in folded]).astype(np_type)
    bad = np.flatnonzero(got.view(f"u{got.itemsize}") != ran.astype(np_type).view(f"u{got.itemsize}"))
    assert bad.size == 0, (f"{bad.size} folded values differ from the executor's, first: pair "
                           f"{pairs[bad[0] // len(lines)]} {lines[bad[0] % len(lines)]}: {got[bad[0]]} vs {ran[bad[0]]}")
    # A few values checked against C semantics directly.
    i = pairs.index((edges[0], -1)) * len(lines) if ty != "ui32" else None
    if i is not None:
        assert got[i + BINARY.index("divide")] == edges[0] and got[i + BINARY.index("remainder")] == 0, \
            "expected MIN / -1 = MIN and MIN % -1 = 0"
    j = pairs.index((edges[2], 0)) * len(lines)
    assert got[j + BINARY.index("divide")] == np_type(-1 if ty != "ui32" else 2**32 - 1), "expected x / 0 = all ones"
    assert got[j + BINARY.index("remainder")] == np_type(edges[2]), "expected x % 0 = x"


@pytest.mark.parametrize("ty,np_type,edges", [("i32", np.int32, I32_EDGES), ("ui32", np.uint32, U32_EDGES)])
def test_compare_select_and_convert_folding_gives_the_executors_bits(driver, tmp_path, ty, np_type, edges):  # noqa: F811
    pairs = [(a, b) for a in edges for b in edges]
    lines = [f"%r = stablehlo.compare {d}, %x, %y, {t} : ($S, $S) -> $R" for d, t in COMPARES]
    folded, ran = _folded_and_run(driver, tmp_path, ty, np_type, pairs, lines, "i1")
    got = np.array([f.reshape(()) for f in folded])
    assert np.array_equal(got, ran), "expected folded compares to match the executor's"
    want_lt_unsigned = np.array([np.uint32(np_type(a).astype(np.uint32)) < np.uint32(np_type(b).astype(np.uint32))
                                 for a, b in pairs])
    assert np.array_equal(got[COMPARES.index(("LT", "UNSIGNED"))::len(lines)], want_lt_unsigned), \
        "expected UNSIGNED to order by the unsigned bits"
    # Converts between widths, signedness and to f32 (2^24 + 1 is not exact in f32: left alone).
    lines2 = ["%r = stablehlo.convert %x : ($S) -> $R"]
    for rtype, np_r in [("i8", np.int8), ("i64", np.int64), ("ui16", np.uint16), ("f32", np.float32)]:
        f2, r2 = _folded_and_run(driver, tmp_path, ty, np_type, [(a, 0) for a in edges + [2**24 + 1]],
                                 lines2, rtype, all_folded=rtype != "f32")
        g2 = np.array([f.reshape(()) for f in f2]).astype(np_r)
        assert np.array_equal(g2.view(f"u{g2.itemsize}"), r2.astype(np_r).view(f"u{g2.itemsize}")), \
            f"expected folded converts to {rtype} to match the executor's"


def test_f32_folding_gives_the_executors_bits(driver, tmp_path):  # noqa: F811
    pairs = [(a, b) for a in F32_EDGES for b in F32_EDGES]
    fmt = [(f"{a:.9e}", f"{b:.9e}") for a, b in pairs]
    lines = [f"%r = stablehlo.{op} %x, %y : $S" for op in ["add", "subtract", "multiply", "divide"]]
    # Denormal, infinite and divide-by-zero results stay unfolded (the executor's MXCSR decides them).
    folded, ran = _folded_and_run(driver, tmp_path, "f32", np.float32, fmt, lines, "f32", all_folded=False)
    got = np.array([f.reshape(()) for f in folded]).astype(np.float32)
    bad = np.flatnonzero(got.view(np.uint32) != ran.astype(np.float32).view(np.uint32))
    assert bad.size == 0, f"{bad.size} folded f32 values differ from the executor's, first: {pairs[bad[0] // 4]}"
    safe = [(f"{a:.9e}", f"{b:.9e}") for a in [1.0, 3.0, 0.1, -2.5] for b in [1024.0, 0.1, -3.0]]
    _folded_and_run(driver, tmp_path, "f32", np.float32, safe, lines, "f32")  # asserts all folded
    cmp_lines = [f"%r = stablehlo.compare {d}, %x, %y, FLOAT : ($S, $S) -> $R" for d, _ in COMPARES[::2]]
    f3, r3 = _folded_and_run(driver, tmp_path, "f32", np.float32, fmt, cmp_lines, "i1")
    assert np.array_equal(np.array([f.reshape(()) for f in f3]), r3), "expected folded f32 compares to match"


def test_jnp_remainder_divisor_checks_fold_into_one_loop(driver, tmp_path):  # noqa: F811
    """jnp.remainder(x, 1000): the divisor's zero and sign checks are scalars of constants; once
    folded, the remainder and its floor fix are one fused loop (no input-less scalar fusion, no
    i1 array between two loops)."""
    n = 5000
    t, p, s = f"tensor<{n}xi32>", f"tensor<{n}xi1>", "tensor<i32>"
    mlir = textwrap.dedent(f"""
        {MOD}
          func.func public @main(%a: {t}) -> {t} {{
            %d = stablehlo.constant dense<1000> : {s}
            %z = stablehlo.constant dense<0> : {s}
            %dz = stablehlo.compare EQ, %d, %z, SIGNED : ({s}, {s}) -> tensor<i1>
            %one = stablehlo.constant dense<1> : {s}
            %dd = stablehlo.select %dz, %one, %d : tensor<i1>, {s}
            %db = stablehlo.broadcast_in_dim %dd, dims = [] : ({s}) -> {t}
            %r = stablehlo.remainder %a, %db : {t}
            %zb = stablehlo.constant dense<0> : {t}
            %ne = stablehlo.compare NE, %r, %zb, SIGNED : ({t}, {t}) -> {p}
            %lt = stablehlo.compare LT, %r, %zb, SIGNED : ({t}, {t}) -> {p}
            %dn = stablehlo.compare LT, %dd, %z, SIGNED : ({s}, {s}) -> tensor<i1>
            %dnb = stablehlo.broadcast_in_dim %dn, dims = [] : (tensor<i1>) -> {p}
            %fix = stablehlo.compare NE, %lt, %dnb, UNSIGNED : ({p}, {p}) -> {p}
            %m = stablehlo.and %fix, %ne : {p}
            %rd = stablehlo.add %r, %db : {t}
            %out = stablehlo.select %m, %rd, %r : {p}, {t}
            return %out : {t}
          }}
        }}""")
    prog = tmp_path / "rem.mlir"
    prog.write_text(mlir)
    a = np.random.default_rng(0).integers(-(2**31), 2**31, n).astype(np.int32)
    a[:4] = [-(2**31), -1, 0, 2**31 - 1]
    np.save(tmp_path / "a.npy", a)
    env = dict(os.environ, JAXLIB_DUMP_PLAN="1")
    r = subprocess.run([str(driver), "--out", str(tmp_path), str(prog), str(tmp_path / "a.npy")], capture_output=True,
                       text=True, timeout=120, env=env)
    assert r.returncode == 0, r.stderr
    fusions = [line for line in r.stderr.splitlines() if "jaxlib.fusion(" in line]
    assert len(fusions) == 1, f"expected one fused loop, the plan has {len(fusions)}:\n{r.stderr}"
    assert np.array_equal(np.load(tmp_path / "out0.npy"), np.mod(a.astype(np.int64), 1000)), "expected floor mod"
