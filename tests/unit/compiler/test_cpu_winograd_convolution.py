"""The CPU executor's Winograd F(2x2, 3x3) convolution (backends/cpu/executor/linalg/
winograd_convolution.cc), which takes f32 3x3 stride-1 convolutions of 16 or more input and
output features: within 1e-5 of sum |x||w| of a float64 reference, the same bits at AVX-512 and
AVX2, the direct kernel's bits ($JAXLIB_CPU_DISABLE_WINOGRAD=1) wherever an inf or NaN reaches an
output, and the direct kernel's own results for shapes it does not take. Run through the
standalone driver (tests/unit/compiler).
"""

from __future__ import annotations

import platform

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import MOD, conv_reference, run_isa

pytestmark = pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="x86-64 ISA variants")

# (x, w, pad, rhs dilation, reverse): odd output sizes (2x2 blocks past the edge), input features
# with a vector tail at both widths (20, 40) and split into several filter slabs (300), output
# features with tails (21, 72), VALID, asymmetric and negative padding, rhs dilations of 2 and 3
# with sizes that leave residue classes of unequal length, both reversals (the input gradient).
WINOGRAD_CONVS = [
    ((2, 11, 7, 20), (3, 3, 20, 21), ((1, 1), (1, 1)), (1, 1), (False, False)),
    ((1, 9, 13, 40), (3, 3, 40, 72), ((0, 0), (0, 0)), (1, 1), (True, True)),
    ((3, 10, 8, 16), (3, 3, 16, 16), ((2, 0), (-1, 3)), (1, 1), (False, True)),
    ((1, 15, 14, 24), (3, 3, 24, 40), ((2, 2), (2, 2)), (2, 2), (True, False)),
    ((2, 17, 11, 32), (3, 3, 32, 24), ((3, 3), (0, 1)), (3, 2), (False, False)),
    ((1, 6, 7, 300), (3, 3, 300, 33), ((1, 1), (1, 1)), (1, 1), (False, False)),
]


def conv_program(xs, ws, out_shape, pad, rd, rev) -> str:
    def t(shape):
        return "tensor<" + "x".join(str(d) for d in shape) + "xf32>"

    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in pad)
    revs = ", ".join("true" if r else "false" for r in rev)
    return f"""
        {MOD}
          func.func public @main(%x: {t(xs)}, %w: {t(ws)}) -> {t(out_shape)} {{
            %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [1, 1], pad = [{pads}], lhs_dilate = [1, 1], rhs_dilate = [{rd[0]}, {rd[1]}], reverse = [{revs}]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({t(xs)}, {t(ws)}) -> {t(out_shape)}
            return %0 : {t(out_shape)}
          }}
        }}"""


DIRECT = {"JAXLIB_CPU_DISABLE_WINOGRAD": "1"}


@pytest.mark.parametrize("case", range(len(WINOGRAD_CONVS)))
def test_winograd_matches_float64_and_gives_the_same_bits_at_avx512_and_avx2(driver, tmp_path, case):  # noqa: F811
    xs, ws, pad, rd, rev = WINOGRAD_CONVS[case]
    rng = np.random.default_rng(70 + case)
    x = rng.uniform(-1, 1, xs).astype(np.float32)
    w = rng.uniform(-1, 1, ws).astype(np.float32)
    args = ((1, 1), pad, (1, 1), rd, rev, 1)
    want = conv_reference(x, w, *args)
    scale = conv_reference(np.abs(x), np.abs(w), *args)
    prog = conv_program(xs, ws, want.shape, pad, rd, rev)
    native = run_isa(driver, tmp_path, prog, "", x, w)[0]
    avx2 = run_isa(driver, tmp_path, prog, "avx2", x, w)[0]
    direct = run_isa(driver, tmp_path, prog, "", x, w, extra_env=DIRECT)[0]
    for name, got in (("native", native), ("avx2", avx2), ("direct", direct)):
        err = np.abs(got.astype(np.float64) - want)
        assert np.all(err <= 1e-5 * scale + 1e-30), (
            f"case {case} ({name}): expected within 1e-5 * sum|x||w| of the float64 reference, "
            f"worst off by {err.max():.3g}")
    assert native.tobytes() == avx2.tobytes(), f"case {case}: expected the same bits at AVX-512 and AVX2"
    # The regrouped sums round differently from the direct kernel's chains: proof that the
    # Winograd path ran (the direct kernel agrees with itself at both ISAs).
    assert native.tobytes() != direct.tobytes(), f"case {case}: expected Winograd's bits, got the direct kernel's"


@pytest.mark.parametrize("poison", ["input_inf", "input_nan", "filter_inf", "overflow"])
def test_winograd_gives_the_direct_kernels_bits_when_an_output_is_not_finite(driver, tmp_path, poison):  # noqa: F811
    """inf - inf inside the transforms would turn an IEEE inf into NaN, so a convolution with any
    non-finite output is recomputed by the direct kernel: its bits, at both ISAs."""
    xs, ws, pad = (2, 9, 10, 24), (3, 3, 24, 32), ((1, 1), (1, 1))
    rng = np.random.default_rng(5)
    x = rng.uniform(-1, 1, xs).astype(np.float32)
    w = rng.uniform(-1, 1, ws).astype(np.float32)
    if poison == "input_inf":
        x[1, 4, 5, 3] = np.inf
    elif poison == "input_nan":
        x[0, 0, 9, 23] = np.nan
    elif poison == "filter_inf":
        w[1, 2, 7, 30] = -np.inf
    else:  # finite operands whose sums overflow
        x[0, 3, 3, :] = 3e37
        w[1, 1] = 5.0
    out_shape = (2, 9, 10, 32)
    prog = conv_program(xs, ws, out_shape, pad, (1, 1), (False, False))
    direct = run_isa(driver, tmp_path, prog, "", x, w, extra_env=DIRECT)[0]
    assert not np.isfinite(direct).all(), "expected the poisoned convolution to have a non-finite output"
    for isa in ("", "avx2"):
        got = run_isa(driver, tmp_path, prog, isa, x, w)[0]
        assert got.tobytes() == direct.tobytes(), (
            f"{poison} at ISA {isa or 'native'}: expected the direct kernel's bits (inf and NaN where IEEE sums put them)")


def test_shapes_winograd_does_not_take_keep_the_direct_kernels_bits(driver, tmp_path):  # noqa: F811
    """Stride 2, a 5x5 filter and 8 input features go to the direct kernel whatever the flag."""
    rng = np.random.default_rng(9)
    for xs, ws, stride in (((1, 12, 12, 32), (3, 3, 32, 32), (2, 2)), ((1, 12, 12, 32), (5, 5, 32, 32), (1, 1)),
                           ((1, 12, 12, 8), (3, 3, 8, 32), (1, 1))):
        x = rng.uniform(-1, 1, xs).astype(np.float32)
        w = rng.uniform(-1, 1, ws).astype(np.float32)
        k = ws[0]
        want = conv_reference(x, w, stride, ((k // 2, k // 2),) * 2, (1, 1), (1, 1), (False, False), 1)
        prog = conv_program(xs, ws, want.shape, ((k // 2, k // 2),) * 2, (1, 1), (False, False))
        prog = prog.replace("stride = [1, 1]", f"stride = [{stride[0]}, {stride[1]}]")
        got = run_isa(driver, tmp_path, prog, "", x, w)[0]
        direct = run_isa(driver, tmp_path, prog, "", x, w, extra_env=DIRECT)[0]
        assert got.tobytes() == direct.tobytes(), f"{xs} * {ws} stride {stride}: expected the direct kernel's bits"
        assert np.abs(got - want).max() < 1e-4, f"{xs} * {ws} stride {stride}: expected the float64 reference"


@pytest.mark.parametrize("types", [("bf16", "bf16", "bf16"), ("f16", "f16", "f16"), ("bf16", "bf16", "f32")])
@pytest.mark.parametrize("shape", [((2, 9, 10, 24), (3, 3, 24, 20)), ((1, 8, 8, 3), (5, 5, 3, 16))])
def test_half_precision_convolution_sums_in_f32(driver, tmp_path, types, shape):  # noqa: F811
    """bf16 and f16 convolutions (jax's default precision for half inputs) take the f32 direct and
    Winograd kernels on converted operands: within f32 accumulation of the half inputs' exact
    product, plus one rounding to the result type, and the same bits at every ISA."""
    ml_dtypes = pytest.importorskip("ml_dtypes")
    half = {"bf16": ml_dtypes.bfloat16, "f16": np.float16, "f32": np.float32}
    (xs, ws), (tx, tw, tr) = shape, types
    rng = np.random.default_rng(sum(xs) + len(tx))
    x = rng.standard_normal(xs).astype(half[tx])
    w = (rng.standard_normal(ws) * 0.2).astype(half[tw])
    pad = ((ws[0] // 2, ws[0] // 2), (ws[1] // 2, ws[1] // 2))
    exact = conv_reference(x.astype(np.float64), w.astype(np.float64), (1, 1), pad, (1, 1), (1, 1), (False, False), 1)
    magnitude = conv_reference(np.abs(x.astype(np.float64)), np.abs(w.astype(np.float64)), (1, 1), pad, (1, 1),
                               (1, 1), (False, False), 1)

    def t(s, el):
        return "tensor<" + "x".join(str(d) for d in s) + f"x{el}>"

    pads = ", ".join(f"[{lo}, {hi}]" for lo, hi in pad)
    text = f"""
        {MOD}
          func.func public @main(%x: {t(xs, tx)}, %w: {t(ws, tw)}) -> {t(exact.shape, tr)} {{
            %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {{stride = [1, 1], pad = [{pads}], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]}} {{batch_group_count = 1 : i64, feature_group_count = 1 : i64}} : ({t(xs, tx)}, {t(ws, tw)}) -> {t(exact.shape, tr)}
            return %0 : {t(exact.shape, tr)}
          }}
        }}"""
    as_bits = {"bf16": np.uint16, "f16": np.float16, "f32": np.float32}
    ref = None
    for isa in ("avx2", ""):
        got = run_isa(driver, tmp_path, text, isa, x.view(as_bits[tx]), w.view(as_bits[tw]))[0]
        if ref is None:
            ref = got
        assert got.tobytes() == ref.tobytes(), f"ISA {isa or 'native'}: expected the AVX2 run's bits"
    g = (ref.view(half[tr]) if tr == "bf16" else ref).astype(np.float64)
    unit = {"bf16": 2.0**-8, "f16": 2.0**-11, "f32": 2.0**-24}[tr]
    bound = 1e-5 * magnitude + unit * np.abs(exact) + 1e-30
    err = np.abs(g - exact)
    assert np.all(err <= bound), f"{types}: worst error {np.max(err - bound):.3g} over the bound"
