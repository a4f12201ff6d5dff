"""A few interleaved streams (jnp.stack(..., axis=-1), a column of an [N, 3] array, points between
[N, 3] and [3, N]) move as vector permutes (memory/array_copy.cc), and a concatenate places the
operands its region computes straight into its result (buffer_plan.cc, in_place_concatenate):
numpy's exact values at every ISA, whatever the element size, stream count or odd length, and
concatenates whose operands must keep bytes of their own (parameters, operands read again after
an in-place update, the same operand twice) still copy them. Run through the standalone driver.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa

DTYPES = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i16": np.int16}
MOD = "module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {"


def t(shape: tuple[int, ...], el: str) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{el}>"


def sample(shape: tuple[int, ...], el: str, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed + len(shape) * 31 + sum(shape))
    if el.startswith("f"):
        return rng.standard_normal(shape).astype(DTYPES[el])
    return rng.integers(-30000, 30000, size=shape).astype(DTYPES[el])


def run_exact(driver, tmp_path: Path, text: str, inputs: list[np.ndarray], want: list[np.ndarray],  # noqa: F811
              plan: list[str] | None = None) -> None:
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, text, isa, *inputs, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
        assert len(got) == len(want)
        for k, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g.shape == w.shape, f"output {k}: shape {g.shape}, expected {w.shape}"
            bad = np.flatnonzero(g != w)
            assert bad.size == 0, f"ISA {isa or 'native'}, output {k}: {bad.size} wrong, first at {bad[:5]}"
        if plan is not None:
            plan[:] = [err[0]]


@pytest.mark.parametrize("el", sorted(DTYPES))
@pytest.mark.parametrize("n", [2, 3, 4, 7, 8, 9])
def test_few_streams_interleaved_and_apart(driver, tmp_path: Path, el: str, n: int):  # noqa: F811
    """[n, N] -> [N, n] and back, N odd (vector groups and a scalar tail); 9 streams stay scalar."""
    big = 1003
    a = sample((n, big), el)
    b = sample((big, n), el, seed=1)
    text = f"""{MOD}
  func.func public @main(%a: {t((n, big), el)}, %b: {t((big, n), el)}) -> ({t((big, n), el)}, {t((n, big), el)}) {{
    %0 = stablehlo.transpose %a, dims = [1, 0] : ({t((n, big), el)}) -> {t((big, n), el)}
    %1 = stablehlo.transpose %b, dims = [1, 0] : ({t((big, n), el)}) -> {t((n, big), el)}
    return %0, %1 : {t((big, n), el)}, {t((n, big), el)}
  }}
}}
"""
    run_exact(driver, tmp_path, text, [a, b], [a.T.copy(), b.T.copy()])


@pytest.mark.parametrize("el", ["f32", "f64", "i32"])
@pytest.mark.parametrize("n", [2, 3, 5, 8])
def test_columns_of_a_narrow_array(driver, tmp_path: Path, el: str, n: int):  # noqa: F811
    """x[:, 1] and x[:, n - 1] of an [N, n] array, read by a fusion and materialised by a slice."""
    rows = 4099
    x = sample((rows, n), el)
    col = t((rows, 1), el)
    vec = t((rows,), el)
    text = f"""{MOD}
  func.func public @main(%x: {t((rows, n), el)}) -> ({vec}, {col}) {{
    %0 = stablehlo.slice %x [0:{rows}, 1:2] : ({t((rows, n), el)}) -> {col}
    %1 = stablehlo.reshape %0 : ({col}) -> {vec}
    %2 = stablehlo.slice %x [0:{rows}, {n - 1}:{n}] : ({t((rows, n), el)}) -> {col}
    %3 = stablehlo.reshape %2 : ({col}) -> {vec}
    %4 = stablehlo.add %1, %3 : {vec}
    return %4, %2 : {vec}, {col}
  }}
}}
"""
    with np.errstate(over="ignore"):
        want = x[:, 1] + x[:, n - 1]
    run_exact(driver, tmp_path, text, [x], [want, x[:, n - 1:n].copy()])


def cross_text(rows: int) -> str:
    """jnp.cross as JAX lowers it: three column products, stacked and transposed."""
    v = t((rows, 3), "f32")
    c = t((rows, 1), "f32")
    s = t((rows,), "f32")
    r = t((1, rows), "f32")
    cols = []
    for k in range(3):
        cols.append(f"""    %a{k} = stablehlo.slice %a [0:{rows}, {k}:{k + 1}] : ({v}) -> {c}
    %ra{k} = stablehlo.reshape %a{k} : ({c}) -> {s}
    %b{k} = stablehlo.slice %b [0:{rows}, {k}:{k + 1}] : ({v}) -> {c}
    %rb{k} = stablehlo.reshape %b{k} : ({c}) -> {s}""")
    body = "\n".join(cols)
    prods = []
    for k, (i, j) in enumerate([(1, 2), (2, 0), (0, 1)]):
        prods.append(f"""    %p{k} = stablehlo.multiply %ra{i}, %rb{j} : {s}
    %q{k} = stablehlo.multiply %ra{j}, %rb{i} : {s}
    %d{k} = stablehlo.subtract %p{k}, %q{k} : {s}
    %e{k} = stablehlo.broadcast_in_dim %d{k}, dims = [1] : ({s}) -> {r}""")
    return f"""{MOD}
  func.func public @main(%a: {v}, %b: {v}) -> {v} {{
{body}
{chr(10).join(prods)}
    %cat = stablehlo.concatenate %e0, %e1, %e2, dim = 0 : ({r}, {r}, {r}) -> {t((3, rows), "f32")}
    %out = stablehlo.transpose %cat, dims = [1, 0] : ({t((3, rows), "f32")}) -> {v}
    return %out : {v}
  }}
}}
"""


def test_cross_product_computes_its_rows_in_place(driver, tmp_path: Path):  # noqa: F811
    rows = 5001
    a, b = sample((rows, 3), "f32"), sample((rows, 3), "f32", seed=2)
    plan: list[str] = []
    want = np.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1], a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                     a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], axis=-1)
    run_exact(driver, tmp_path, cross_text(rows), [a, b], [want], plan)
    # The fusion's three results sit at their rows of the concatenate's buffer.
    fusion = next(ln for ln in plan[0].splitlines() if "jaxlib.fusion" in ln)
    offsets = sorted(int(part.split("@")[1]) for part in fusion.split(" = ")[0].split(", "))
    concat = next(ln for ln in plan[0].splitlines() if "stablehlo.concatenate" in ln)
    base = int(concat.split(" = ")[0].split("@")[1])
    assert offsets == [base, base + 4 * rows, base + 8 * rows], plan[0]


def test_concatenate_result_holds_its_operands_and_copies_the_rest(driver, tmp_path: Path):  # noqa: F811
    """An entry result: computed operands in place (one at a nonzero offset), a parameter and an
    operand given twice copied; an operand read again after the concatenate keeps its value."""
    n = 777
    v = t((n,), "f32")
    out = t((5 * n,), "f32")
    x, y = sample((n,), "f32"), sample((n,), "f32", seed=3)
    text = f"""{MOD}
  func.func public @main(%x: {v}, %y: {v}) -> ({out}, {v}) {{
    %0 = stablehlo.exponential %x : {v}
    %1 = stablehlo.multiply %x, %y : {v}
    %2 = stablehlo.concatenate %y, %0, %1, %0, %1, dim = 0 : ({v}, {v}, {v}, {v}, {v}) -> {out}
    %3 = stablehlo.add %1, %0 : {v}
    return %2, %3 : {out}, {v}
  }}
}}
"""
    e = np.exp(x.astype(np.float64)).astype(np.float32)
    got = run_isa(driver, tmp_path, text, "", x, y)
    np.testing.assert_allclose(got[0][n:2 * n], e, rtol=1e-6)  # exp's own rounding: compare loosely
    e = got[0][n:2 * n]
    run_exact(driver, tmp_path, text, [x, y], [np.concatenate([y, e, x * y, e, x * y]), x * y + e])


def test_concatenate_in_a_loop_body_and_an_updated_operand(driver, tmp_path: Path):  # noqa: F811
    """A while body whose carry is a concatenate of values computed in it; and an operand that a
    dynamic_update_slice updates in place later keeps bytes of its own."""
    n = 64
    v = t((n,), "f32")
    w = t((2 * n,), "f32")
    x = sample((2 * n,), "f32")
    text = f"""{MOD}
  func.func public @main(%x: {w}) -> ({w}, {w}) {{
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %c3 = stablehlo.constant dense<3> : tensor<i32>
    %c1 = stablehlo.constant dense<1> : tensor<i32>
    %r:2 = stablehlo.while(%i = %c0, %s = %x) : tensor<i32>, {w}
     cond {{
      %lt = stablehlo.compare LT, %i, %c3 : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %lt : tensor<i1>
    }} do {{
      %lo = stablehlo.slice %s [0:{n}] : ({w}) -> {v}
      %hi = stablehlo.slice %s [{n}:{2 * n}] : ({w}) -> {v}
      %a = stablehlo.add %lo, %hi : {v}
      %b = stablehlo.subtract %lo, %hi : {v}
      %cat = stablehlo.concatenate %b, %a, dim = 0 : ({v}, {v}) -> {w}
      %j = stablehlo.add %i, %c1 : tensor<i32>
      stablehlo.return %j, %cat : tensor<i32>, {w}
    }}
    %h = stablehlo.slice %x [0:{n}] : ({w}) -> {v}
    %m = stablehlo.multiply %h, %h : {v}
    %cat2 = stablehlo.concatenate %m, %h, dim = 0 : ({v}, {v}) -> {w}
    %upd = stablehlo.dynamic_update_slice %m, %h, %c0 : ({v}, {v}, tensor<i32>) -> {v}
    %cat3 = stablehlo.concatenate %upd, %h, dim = 0 : ({v}, {v}) -> {w}
    %sum = stablehlo.add %cat2, %cat3 : {w}
    return %r#1, %sum : {w}, {w}
  }}
}}
"""
    s = x.copy()
    for _ in range(3):
        lo, hi = s[:n], s[n:]
        s = np.concatenate([lo - hi, lo + hi])
    h = x[:n]
    m = h * h
    want_sum = np.concatenate([m, h]) + np.concatenate([h, h])
    run_exact(driver, tmp_path, text, [x], [s, want_sum])


@pytest.mark.parametrize("el", ["f32", "f64", "i32", "i16"])
@pytest.mark.parametrize("dims", [[1], [0, 1], [0]])
def test_reverse_of_rows_any_length(driver, tmp_path: Path, el: str, dims: list[int]):  # noqa: F811
    """jnp.flip over the last dim (whole vectors loaded from the far end, lanes reversed), both
    dims and the outer one, rows of an odd length: numpy's values at every ISA."""
    shape = (37, 1003)
    x = sample(shape, el)
    text = f"""{MOD}
  func.func public @main(%x: {t(shape, el)}) -> {t(shape, el)} {{
    %0 = stablehlo.reverse %x, dims = {dims} : {t(shape, el)}
    return %0 : {t(shape, el)}
  }}
}}
"""
    run_exact(driver, tmp_path, text, [x], [np.flip(x, axis=tuple(dims)).copy()])


@pytest.mark.parametrize("dims", [[1], [0, 1]])
def test_reverse_read_in_place_by_a_fused_loop(driver, tmp_path: Path, dims: list[int]):  # noqa: F811
    """jnp.flip(x, axis) * 2 + y: the reverse of a parameter is read from the far end by the fused
    loop (negative strides), no copy step before it; numpy's values at every ISA."""
    shape = (41, 1003)
    x, y = sample(shape, "f32"), sample(shape, "f32", seed=4)
    f = t(shape, "f32")
    text = f"""{MOD}
  func.func public @main(%x: {f}, %y: {f}) -> {f} {{
    %0 = stablehlo.reverse %x, dims = {dims} : {f}
    %c = stablehlo.constant dense<2.000000e+00> : {f}
    %1 = stablehlo.multiply %0, %c : {f}
    %2 = stablehlo.add %1, %y : {f}
    return %2 : {f}
  }}
}}
"""
    plan: list[str] = []
    run_exact(driver, tmp_path, text, [x, y], [np.flip(x, axis=tuple(dims)) * np.float32(2) + y], plan)
    steps = [ln for ln in plan[0].splitlines() if ln.startswith("%") and "@const" not in ln]
    assert len(steps) == 1 and "jaxlib.fusion" in steps[0], f"expected one fused loop, plan:\n{plan[0]}"


def test_pad_reflect_chain_folds_to_two_concatenates(driver, tmp_path: Path):  # noqa: F811
    """jnp.pad(x, 2, mode="reflect") as JAX lowers it (each side a reversed slice of the array
    grown so far, concatenated on): slices that fall inside one operand read that operand, and a
    concatenate of a concatenate along the same dim is one concatenate, so two copies are left;
    numpy's values at every ISA (also with a strided slice that stays inside one operand)."""
    n, m = 37, 1029
    x = sample((n, m), "f32")
    f = lambda s: t(s, "f32")  # noqa: E731
    text = f"""{MOD}
  func.func public @main(%x: {f((n, m))}) -> ({f((n + 4, m + 4))}, {f((2, m))}) {{
    %0 = stablehlo.slice %x [1:3, 0:{m}] : ({f((n, m))}) -> {f((2, m))}
    %1 = stablehlo.reverse %0, dims = [0] : {f((2, m))}
    %2 = stablehlo.concatenate %1, %x, dim = 0 : ({f((2, m))}, {f((n, m))}) -> {f((n + 2, m))}
    %3 = stablehlo.slice %2 [{n - 1}:{n + 1}, 0:{m}] : ({f((n + 2, m))}) -> {f((2, m))}
    %4 = stablehlo.reverse %3, dims = [0] : {f((2, m))}
    %5 = stablehlo.concatenate %2, %4, dim = 0 : ({f((n + 2, m))}, {f((2, m))}) -> {f((n + 4, m))}
    %6 = stablehlo.slice %5 [0:{n + 4}, 1:3] : ({f((n + 4, m))}) -> {f((n + 4, 2))}
    %7 = stablehlo.reverse %6, dims = [1] : {f((n + 4, 2))}
    %8 = stablehlo.concatenate %7, %5, dim = 1 : ({f((n + 4, 2))}, {f((n + 4, m))}) -> {f((n + 4, m + 2))}
    %9 = stablehlo.slice %8 [0:{n + 4}, {m - 1}:{m + 1}] : ({f((n + 4, m + 2))}) -> {f((n + 4, 2))}
    %10 = stablehlo.reverse %9, dims = [1] : {f((n + 4, 2))}
    %11 = stablehlo.concatenate %8, %10, dim = 1 : ({f((n + 4, m + 2))}, {f((n + 4, 2))}) -> {f((n + 4, m + 4))}
    %12 = stablehlo.slice %2 [3:{n}:17, 0:{m}] : ({f((n + 2, m))}) -> {f((2, m))}
    return %11, %12 : {f((n + 4, m + 4))}, {f((2, m))}
  }}
}}
"""
    plan: list[str] = []
    run_exact(driver, tmp_path, text, [x], [np.pad(x, 2, mode="reflect"), x[1:n - 2:17]], plan)
    concats = [ln for ln in plan[0].splitlines() if "stablehlo.concatenate" in ln]
    assert len(concats) == 2, f"expected the four concatenates folded to two, plan:\n{plan[0]}"
