"""Complex elementwise arithmetic over values built from real parts (runtime/compiler/
split_complex.cc) runs as f32 pairs in the fused loops: the plan holds no complex value when
nothing complex is read or returned, and the results are bit-identical, at every ISA, to XLA's
complex formulas (naive multiply, overflow-safe magnitude) evaluated in float32, special values
included. A complex result the program returns is still computed, with the same bits.
Run through the standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import ISAS, run_isa

N = 4099  # not a multiple of any vector width: the loops' tails run too


def program(n: int) -> str:
    """|complex(a, b) * complex(b, a)|, (z + w) * (2 - 1j) split into parts, -z's imaginary part,
    and z * w returned as complex<f32>."""
    f, c = f"tensor<{n}xf32>", f"tensor<{n}xcomplex<f32>>"
    return f"""module @cplx {{
  func.func public @main(%a: {f}, %b: {f}) -> ({f}, {f}, {f}, {f}, {c}) {{
    %z = stablehlo.complex %a, %b : {c}
    %w = stablehlo.complex %b, %a : {c}
    %p = stablehlo.multiply %z, %w : {c}
    %m = stablehlo.abs %p : ({c}) -> {f}
    %s = stablehlo.add %z, %w : {c}
    %k = stablehlo.constant dense<(2.000000e+00,-1.000000e+00)> : {c}
    %q = stablehlo.multiply %s, %k : {c}
    %d = stablehlo.subtract %q, %z : {c}
    %re = stablehlo.real %d : ({c}) -> {f}
    %im = stablehlo.imag %d : ({c}) -> {f}
    %n = stablehlo.negate %z : {c}
    %ni = stablehlo.imag %n : ({c}) -> {f}
    return %m, %re, %im, %ni, %p : {f}, {f}, {f}, {f}, {c}
  }}
}}
"""


def inputs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Normal values, and zeros, infinities, NaNs, equal magnitudes, values whose squares overflow
    f32 and values far apart in magnitude."""
    rng = np.random.default_rng(3)
    a = rng.standard_normal(n).astype(np.float32)
    b = rng.standard_normal(n).astype(np.float32)
    specials = [(0, 0), (0, -0.0), (np.inf, 1), (1, -np.inf), (np.nan, 1), (np.inf, np.nan), (3, 3), (-2, 2),
                (1e20, 3e19), (1e-18, 2e-19), (1e30, 1e-30), (5, 0), (-np.inf, -np.inf)]
    for k, (x, y) in enumerate(specials):
        a[7 * k + 1], b[7 * k + 1] = x, y
    return a, b


def xla_mul(ar, ai, br, bi):
    return ar * br - ai * bi, ar * bi + ai * br


def xla_abs(re: np.ndarray, im: np.ndarray) -> np.ndarray:
    """XLA's complex magnitude in float32: max * sqrt(2) for equal parts, else max * sqrt(1 + (min/max)^2)."""
    x, y = np.abs(re), np.abs(im)
    nan = np.isnan(x) | np.isnan(y)
    mx = np.where(nan, np.float32(np.nan), np.maximum(x, y))
    mn = np.where(nan, np.float32(np.nan), np.minimum(x, y))
    r = mn / mx
    general = mx * np.sqrt(np.float32(1) + r * r)
    return np.where(mn == mx, mx * np.sqrt(np.float32(2)), general).astype(np.float32)


def reference(a: np.ndarray, b: np.ndarray) -> list[np.ndarray]:
    with np.errstate(all="ignore"):
        pr, pi = xla_mul(a, b, b, a)
        sr, si = a + b, b + a
        qr, qi = xla_mul(sr, si, np.float32(2), np.float32(-1))
        p = np.empty(pr.shape, np.complex64)
        p.real, p.imag = pr, pi  # (pr + 1j * pi would turn an infinite imaginary part into a NaN real part)
        return [xla_abs(pr, pi), qr - a, qi - b, -b, p]


def same_bits(got: np.ndarray, want: np.ndarray) -> bool:
    if got.dtype == np.complex64:
        return same_bits(got.real.copy(), want.real.copy()) and same_bits(got.imag.copy(), want.imag.copy())
    g, w = got.view(np.uint32), want.view(np.uint32)
    both_nan = np.isnan(got) & np.isnan(want)  # NaN payloads are not specified
    return bool(np.all((g == w) | both_nan))


def test_complex_arithmetic_runs_as_real_pairs_with_xla_bits_at_every_isa(driver, tmp_path: Path):  # noqa: F811
    a, b = inputs(N)
    want = reference(a, b)
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, program(N), isa, a, b, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
        assert len(got) == 5, f"expected 5 outputs at ISA {isa or 'native'}, got {len(got)}"
        for k, (g, w) in enumerate(zip(got, want, strict=True)):
            assert g.dtype == w.dtype and g.shape == w.shape, f"output {k}: {g.dtype}{g.shape}, expected {w.dtype}{w.shape}"
            bad = np.flatnonzero(~((g == w) | (np.isnan(g) & np.isnan(w))))
            assert same_bits(g, w), f"output {k} at ISA {isa or 'native'}: first mismatches at {bad[:5]}: {g[bad[:5]]} vs {w[bad[:5]]}"
        # Only the returned product is still complex: one complex multiply, no complex abs/add.
        plan = err[0]
        assert plan.count("stablehlo.abs") >= 1 and "stablehlo.real" not in plan and "stablehlo.imag" not in plan, (
            f"expected real/imag read from the parts, plan:\n{plan}")


def test_complex_result_only_program_has_no_complex_values(driver, tmp_path: Path):  # noqa: F811
    """jnp.abs(lax.complex(a, b) * lax.complex(b, a)): nothing complex is left in the plan."""
    f, c = f"tensor<{N}xf32>", f"tensor<{N}xcomplex<f32>>"
    text = f"""module @m {{
  func.func public @main(%a: {f}, %b: {f}) -> {f} {{
    %z = stablehlo.complex %a, %b : {c}
    %w = stablehlo.complex %b, %a : {c}
    %p = stablehlo.multiply %z, %w : {c}
    %m = stablehlo.abs %p : ({c}) -> {f}
    return %m : {f}
  }}
}}
"""
    a, b = inputs(N)
    err: list[str] = []
    got = run_isa(driver, tmp_path, text, "", a, b, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)[0]
    assert same_bits(got, reference(a, b)[0]), "magnitude of the product differs from XLA's formula"
    assert "complex" not in err[0], f"expected no complex value in the plan:\n{err[0]}"
    # a*b and b*a (and |re|, |im|) read the same inputs: siblings in one loop, not several.
    steps = [ln for ln in err[0].splitlines() if ln.startswith("%")]
    assert len(steps) == 1 and "jaxlib.fusion" in steps[0], f"expected one fused loop, plan:\n{err[0]}"


@pytest.mark.parametrize("n", [4099, 300])  # 300: under the split's threshold (the scalar kernel)
def test_magnitude_of_a_complex_array_from_elsewhere_keeps_xla_bits(driver, tmp_path: Path, n: int):  # noqa: F811
    """|z| of a complex parameter (as of an FFT's output: not built from parts) reads z's real and
    imaginary parts out and runs the magnitude on real lanes: XLA's magnitude bit for bit at every
    ISA, over the same specials."""
    a, b = inputs(n)
    z = np.empty(n, np.complex64)
    z.real, z.imag = a, b
    prog = f"""module @mag {{
  func.func public @main(%z: tensor<{n}xcomplex<f32>>) -> tensor<{n}xf32> {{
    %0 = stablehlo.abs %z : (tensor<{n}xcomplex<f32>>) -> tensor<{n}xf32>
    return %0 : tensor<{n}xf32>
  }}
}}
"""
    with np.errstate(all="ignore"):
        want = xla_abs(a, b)
    for isa in ISAS:
        got = run_isa(driver, tmp_path, prog, isa, z)[0]
        assert same_bits(got, want), f"n={n} at {isa or 'native'}: expected XLA's magnitude bits"


def test_exp_of_a_real_array_made_complex(driver, tmp_path: Path):  # noqa: F811
    """|exp(1j * x) + 0.5| and Re(exp(x + 0j)), as JAX writes a phase factor: the convert and e^z
    split into parts too (e^a cos b, e^a sin b, the imaginary part b itself where b is 0), so
    nothing complex is left; the values are numpy's within float32 rounding of exp, cos and sin,
    and the same at every ISA (large and special arguments included)."""
    f, c = f"tensor<{N}xf32>", f"tensor<{N}xcomplex<f32>>"
    text = f"""module @m {{
  func.func public @main(%x: {f}) -> ({f}, {f}, {f}) {{
    %z = stablehlo.convert %x : ({f}) -> {c}
    %i = stablehlo.constant dense<(0.000000e+00,1.000000e+00)> : {c}
    %iz = stablehlo.multiply %i, %z : {c}
    %e = stablehlo.exponential %iz : {c}
    %h = stablehlo.constant dense<(5.000000e-01,0.000000e+00)> : {c}
    %s = stablehlo.add %e, %h : {c}
    %m = stablehlo.abs %s : ({c}) -> {f}
    %ez = stablehlo.exponential %z : {c}
    %re = stablehlo.real %ez : ({c}) -> {f}
    %im = stablehlo.imag %ez : ({c}) -> {f}
    return %m, %re, %im : {f}, {f}, {f}
  }}
}}
"""
    rng = np.random.default_rng(5)
    x = (rng.standard_normal(N) * 3).astype(np.float32)
    x[:6] = [0.0, -0.0, 1e4, -1e6, 89.0, -np.inf]  # e^89 overflows f32: +inf real, imaginary 0
    with np.errstate(all="ignore"):
        want_m = np.abs(np.exp(1j * x.astype(np.float64)) + 0.5)
        want_re = np.exp(x.astype(np.float64))
    ref = None
    for isa in ISAS:
        err: list[str] = []
        got = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
        assert "complex" not in err[0], f"expected no complex value in the plan:\n{err[0]}"
        if ref is None:
            ref = got
        for g, r in zip(got, ref, strict=True):
            assert same_bits(g, r), f"ISA {isa or 'native'} differs from the first ISA's bits"
    m, re, im = ref
    np.testing.assert_allclose(m, want_m, rtol=4e-6, atol=1e-6)
    with np.errstate(all="ignore"):
        np.testing.assert_allclose(re, want_re.astype(np.float32), rtol=4e-6)
    # b = 0 exactly: the imaginary part is that zero (not e^a * sin 0, NaN where e^a is inf).
    assert (im == 0).all() and not np.signbit(im[x == x]).any(), "expected +0 imaginary parts of e^(x + 0j)"
