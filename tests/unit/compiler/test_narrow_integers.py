"""64-bit integer counters narrowed to 32 bits (narrow_integers.cc NarrowWideIntegers): JAX's
random bits split a u64 counter (row iota * row length + column iota) into its low and high words.
The narrowed plan must hold no 64-bit value where the rewrite applies, keep them where it does not
(values that can exceed 2^32, 64-bit results), and give the same bits as numpy's u64 arithmetic.
Run through the standalone driver.
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from pathlib import Path

import numpy as np
from test_compiler_driver import driver, run  # noqa: F401  (a fixture)

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'


def _plan(driver: Path, tmp_path: Path, mlir: str, key: np.ndarray) -> str:  # noqa: F811
    """The execution plan of `mlir` (JAXLIB_DUMP_PLAN), compiled and run on the key."""
    prog = tmp_path / "plan.mlir"
    prog.write_text(textwrap.dedent(mlir))
    np.save(tmp_path / "key.npy", key)
    r = subprocess.run([str(driver), str(prog), str(tmp_path / "key.npy")], capture_output=True, text=True,
                       timeout=120, env=dict(os.environ, JAXLIB_DUMP_PLAN="1"))
    assert r.returncode == 0, r.stderr
    return r.stderr


def _counter_program(ty: str, rows: int, cols: int, scale: int, out_ty: str, extra_result: bool = False) -> str:
    t = f"tensor<{rows}x{cols}x{ty}>"
    o = f"tensor<{rows}x{cols}x{out_ty}>"
    results = ["%lo", "%hi"] + (["%x"] if extra_result else [])
    rtypes = [o, o] + ([t] if extra_result else [])
    return f"""
        {MOD}
          func.func public @main(%k: tensor<{out_ty}>) -> ({", ".join(rtypes)}) {{
            %r = stablehlo.iota dim = 0 : {t}
            %c = stablehlo.iota dim = 1 : {t}
            %s = stablehlo.constant dense<{scale}> : tensor<{ty}>
            %sb = stablehlo.broadcast_in_dim %s, dims = [] : (tensor<{ty}>) -> {t}
            %m = stablehlo.multiply %sb, %r : {t}
            %x = stablehlo.add %m, %c : {t}
            %n32 = stablehlo.constant dense<32> : tensor<{ty}>
            %nb = stablehlo.broadcast_in_dim %n32, dims = [] : (tensor<{ty}>) -> {t}
            %h = stablehlo.shift_right_logical %x, %nb : {t}
            %lo0 = stablehlo.convert %x : ({t}) -> {o}
            %hi0 = stablehlo.convert %h : ({t}) -> {o}
            %kb = stablehlo.broadcast_in_dim %k, dims = [] : (tensor<{out_ty}>) -> {o}
            %lo = stablehlo.add %lo0, %kb : {o}
            %hi = stablehlo.xor %hi0, %kb : {o}
            return {", ".join(results)} : {", ".join(rtypes)}
          }}
        }}"""


def _expected(rows: int, cols: int, scale: int, k: int, np_out: type) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    r = np.arange(rows, dtype=np.uint64)[:, None]
    c = np.arange(cols, dtype=np.uint64)[None, :]
    x = np.uint64(scale) * r + c
    lo = (x & np.uint64(0xFFFFFFFF)).astype(np.uint32)
    hi = (x >> np.uint64(32)).astype(np.uint32)
    kk = np.uint32(k)
    return (lo + kk).view(np_out), (hi ^ kk).view(np_out), x


def test_counter_halves_run_in_32_bits(driver, tmp_path):  # noqa: F811
    """JAX's threefry counters: the high word of a counter below 2^32 is zero, and the low word
    is computed in u32; no u64 value is left in the plan."""
    for ty, out_ty, np_out in [("ui64", "ui32", np.uint32), ("i64", "i32", np.int32)]:
        mlir = _counter_program(ty, 96, 80, 80, out_ty)
        k = np.array(0x9E3779B9, dtype=np.uint32).view(np_out)
        plan = _plan(driver, tmp_path, mlir, k)
        assert "ui64" not in plan and "xi64" not in plan, f"expected no 64-bit value left in the plan:\n{plan}"
        lo, hi = run(driver, tmp_path, mlir, k)
        want_lo, want_hi, _ = _expected(96, 80, 80, 0x9E3779B9, np_out)
        assert np.array_equal(lo, want_lo), f"expected the counters' low words (+ key) for {ty}"
        assert np.array_equal(hi, want_hi), f"expected high words of zero (^ key) for {ty}"


def test_wide_values_stay_64_bit(driver, tmp_path):  # noqa: F811
    """A counter that can exceed 2^32 keeps its shift (its high words are not zero), and a u64
    result keeps its u64 computation; both still give numpy's bits, low words wrapping."""
    scale = 3 << 30  # row 2 and above reach past 2^32
    mlir = _counter_program("ui64", 8, 16, scale, "ui32")
    plan = _plan(driver, tmp_path, mlir, np.array(5, dtype=np.uint32))
    assert "shift_right_logical" in plan, f"expected the shift of a wide counter kept:\n{plan}"
    lo, hi = run(driver, tmp_path, mlir, np.array(5, dtype=np.uint32))
    want_lo, want_hi, _ = _expected(8, 16, scale, 5, np.uint32)
    assert np.array_equal(lo, want_lo), "expected wrapped low words"
    assert np.array_equal(hi, want_hi), "expected the non-zero high words"
    assert hi.max() > 5, "expected some high word to be non-zero (the test's premise)"

    mlir = _counter_program("ui64", 8, 16, 16, "ui32", extra_result=True)
    plan = _plan(driver, tmp_path, mlir, np.array(7, dtype=np.uint32))
    assert "ui64" in plan, "expected the u64 result computed in 64 bits"
    lo, hi, x = run(driver, tmp_path, mlir, np.array(7, dtype=np.uint32))
    want_lo, want_hi, want_x = _expected(8, 16, 16, 7, np.uint32)
    assert x.dtype == np.uint64 and np.array_equal(x, want_x), "expected the u64 counters as numpy's"
    assert np.array_equal(lo, want_lo) and np.array_equal(hi, want_hi), "expected both words"
