"""Chains of reshapes, broadcasts and transposes that would copy more than once are composed into
one copy (runtime/compiler/compose_data_movement.cc), and broadcasts that repeat each element a
few times run as byte shuffles (memory/array_copy.cc): numpy's exact values at every ISA, for
every element size, and the plan holds one copying step where the chain had two or three.
Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa

DTYPES = {"f32": np.float32, "f64": np.float64, "i16": np.int16, "i8": np.int8}


def t(shape: tuple[int, ...], el: str) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{el}>"


def sample(shape: tuple[int, ...], el: str) -> np.ndarray:
    rng = np.random.default_rng(len(shape) * 31 + sum(shape))
    if el.startswith("f"):
        return rng.standard_normal(shape).astype(DTYPES[el])
    return rng.integers(-100, 100, size=shape).astype(DTYPES[el])


def copy_steps(plan: str) -> list[str]:
    """The plan's top-level steps that move bytes (not aliases)."""
    steps = [ln for ln in plan.splitlines() if ln.startswith("%")]
    return [ln for ln in steps if "@alias" not in ln and "@const" not in ln]


def run_checked(driver, tmp_path: Path, text: str, x: np.ndarray, want: np.ndarray, copies: int):  # noqa: F811
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
        assert got.shape == want.shape, f"shape {got.shape}, expected {want.shape}"
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"ISA {isa or 'native'}: {bad.size} wrong, first at {bad[:5]}"
        steps = copy_steps(err[0])
        assert len(steps) == copies, f"expected {copies} copying step(s), plan:\n{err[0]}"


@pytest.mark.parametrize("el", sorted(DTYPES))
@pytest.mark.parametrize("reps", [2, 3, 5])
def test_tile_then_repeat_is_one_copy(driver, tmp_path: Path, el: str, reps: int):  # noqa: F811
    """jnp.repeat(jnp.tile(x, (2, 1)), reps, axis=1), as JAX lowers it (odd row length)."""
    r, c = 37, 29
    x = sample((r, c), el)
    text = f"""module @tile_repeat {{
  func.func public @main(%x: {t((r, c), el)}) -> {t((2 * r, c * reps), el)} {{
    %0 = stablehlo.reshape %x : ({t((r, c), el)}) -> {t((1, r, 1, c), el)}
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2, 3] : ({t((1, r, 1, c), el)}) -> {t((2, r, 1, c), el)}
    %2 = stablehlo.reshape %1 : ({t((2, r, 1, c), el)}) -> {t((2 * r, c), el)}
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : ({t((2 * r, c), el)}) -> {t((2 * r, c, reps), el)}
    %4 = stablehlo.reshape %3 : ({t((2 * r, c, reps), el)}) -> {t((2 * r, c * reps), el)}
    return %4 : {t((2 * r, c * reps), el)}
  }}
}}
"""
    want = np.repeat(np.tile(x, (2, 1)), reps, axis=1)
    run_checked(driver, tmp_path, text, x, want, copies=1)


@pytest.mark.parametrize("el", ["f32", "i8"])
def test_transpose_of_broadcast_of_transpose_is_one_copy(driver, tmp_path: Path, el: str):  # noqa: F811
    """transpose(broadcast(transpose(x))): a permuting broadcast straight from x."""
    a, b, n = 6, 10, 4
    x = sample((a, b), el)
    text = f"""module @tbt {{
  func.func public @main(%x: {t((a, b), el)}) -> {t((b, n, a), el)} {{
    %0 = stablehlo.transpose %x, dims = [1, 0] : ({t((a, b), el)}) -> {t((b, a), el)}
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 2] : ({t((b, a), el)}) -> {t((b, n, a), el)}
    %2 = stablehlo.transpose %1, dims = [2, 1, 0] : ({t((b, n, a), el)}) -> {t((a, n, b), el)}
    %3 = stablehlo.transpose %2, dims = [2, 1, 0] : ({t((a, n, b), el)}) -> {t((b, n, a), el)}
    return %3 : {t((b, n, a), el)}
  }}
}}
"""
    want = np.broadcast_to(x.T[:, None, :], (b, n, a))
    run_checked(driver, tmp_path, text, x, want, copies=1)


def test_reshape_that_splits_a_broadcast_unevenly_keeps_both_copies(driver, tmp_path: Path):  # noqa: F811
    """broadcast x[6] to [4, 6], flatten, view as [3, 8] (rows cut through x), transpose: no
    strided view of x describes it, so the chain keeps its two copies and its values."""
    x = sample((6,), "f32")
    text = f"""module @uneven {{
  func.func public @main(%x: {t((6,), "f32")}) -> {t((8, 3), "f32")} {{
    %0 = stablehlo.broadcast_in_dim %x, dims = [1] : ({t((6,), "f32")}) -> {t((4, 6), "f32")}
    %1 = stablehlo.reshape %0 : ({t((4, 6), "f32")}) -> {t((3, 8), "f32")}
    %2 = stablehlo.transpose %1, dims = [1, 0] : ({t((3, 8), "f32")}) -> {t((8, 3), "f32")}
    return %2 : {t((8, 3), "f32")}
  }}
}}
"""
    want = np.broadcast_to(x, (4, 6)).reshape(3, 8).T
    run_checked(driver, tmp_path, text, x, want, copies=2)


def test_chain_feeding_elementwise_keeps_the_fused_broadcast(driver, tmp_path: Path):  # noqa: F811
    """broadcast(broadcast(x)) feeding a multiply: composed into one broadcast of x that the
    fusion reads in place (no copying step besides the fusion)."""
    n, m, k = 33, 7, 5
    x = sample((n,), "f32")
    text = f"""module @bb {{
  func.func public @main(%x: {t((n,), "f32")}) -> {t((k, m, n), "f32")} {{
    %0 = stablehlo.broadcast_in_dim %x, dims = [1] : ({t((n,), "f32")}) -> {t((m, n), "f32")}
    %1 = stablehlo.broadcast_in_dim %0, dims = [1, 2] : ({t((m, n), "f32")}) -> {t((k, m, n), "f32")}
    %2 = stablehlo.multiply %1, %1 : {t((k, m, n), "f32")}
    return %2 : {t((k, m, n), "f32")}
  }}
}}
"""
    want = np.broadcast_to(x * x, (k, m, n))
    run_checked(driver, tmp_path, text, x, want, copies=1)


def test_transpose_moving_only_unit_dims_is_an_alias(driver, tmp_path: Path):  # noqa: F811
    """[4, 9, 1, 7] -> [1, 4, 9, 7] keeps every non-unit dim in order: the same bytes, no copy."""
    x = sample((4, 9, 1, 7), "f32")
    text = f"""module @unit_transpose {{
  func.func public @main(%x: {t((4, 9, 1, 7), "f32")}) -> {t((1, 4, 9, 7), "f32")} {{
    %0 = stablehlo.transpose %x, dims = [2, 0, 1, 3] : ({t((4, 9, 1, 7), "f32")}) -> {t((1, 4, 9, 7), "f32")}
    %1 = stablehlo.add %0, %0 : {t((1, 4, 9, 7), "f32")}
    return %1 : {t((1, 4, 9, 7), "f32")}
  }}
}}
"""
    want = np.transpose(x, (2, 0, 1, 3)) * np.float32(2)
    run_checked(driver, tmp_path, text, x, want, copies=1)  # the add's fusion only


@pytest.mark.parametrize("el", ["f32", "f64", "i16"])
def test_statistic_per_group_broadcast_into_a_fused_loop(driver, tmp_path: Path, el: str):  # noqa: F811
    """x[n, h, w, g, c] * s[n, g] (a group norm's scale): the operand read in a fused loop as
    blocks of one period (c repeating each g) repeated along h and w, with tiles that start
    mid-period; numpy's exact values at every ISA."""
    n, h, w, g, c = 3, 5, 7, 6, 5
    x = sample((n, h, w, g, c), el)
    s = sample((n, 1, 1, g, 1), el)
    big, small = t((n, h, w, g, c), el), t((n, 1, 1, g, 1), el)
    text = f"""module @gn {{
  func.func public @main(%x: {big}, %s: {small}) -> {big} {{
    %0 = stablehlo.broadcast_in_dim %s, dims = [0, 1, 2, 3, 4] : ({small}) -> {big}
    %1 = stablehlo.multiply %x, %0 : {big}
    return %1 : {big}
  }}
}}
"""
    with np.errstate(over="ignore"):
        want = x * s
    for isa in ISAS:
        got = run_isa(driver, tmp_path, text, isa, x, s)[0]
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"ISA {isa or 'native'}: {bad.size} wrong, first at {bad[:5]}"
