"""The CPU plugin's direct f32 convolution (backends/cpu/executor/linalg/direct_convolution.cc) against a
float64 numpy reference, through ``jaxlib.xla_client``: padding, strides, both dilations,
reversal, 1-D/2-D/3-D, feature-count tails, non-canonical layouts, NaN/inf propagation, at the
CPU's ISA and capped at AVX2 (``JAXLIB_CPU_ISA=avx2``: the AVX2 + FMA micro-kernel, which gives
the AVX-512 one's bits); and the dispatch: ``JAXLIB_CPU_DISABLE_DIRECT_CONV=1`` (and the baseline
ISA) keeps the im2col path, which agrees with the direct one within tolerance, and convolutions
the direct kernel does not take (narrow feature groups, f64) run identically either way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)


def _has_avx512f() -> bool:
    try:
        return " avx512f " in (" " + Path("/proc/cpuinfo").read_text().replace("\n", " ") + " ")
    except OSError:
        return False


HAS_AVX512F = _has_avx512f()


@dataclass
class Conv:
    """One convolution: lhs [N, spatial..., C] and rhs [kernel..., C, O] (or `layout`)."""

    lhs: tuple[int, ...]
    rhs: tuple[int, ...]
    stride: tuple[int, ...] | None = None
    pad: tuple[tuple[int, int], ...] | None = None
    lhs_dilate: tuple[int, ...] | None = None
    rhs_dilate: tuple[int, ...] | None = None
    reverse: tuple[bool, ...] | None = None
    layout: str = "nhwc"  # or "nchw": lhs [N, C, sp...], rhs [O, C, k...], out [N, O, sp...]
    groups: int = 1
    dtype: str = "f32"
    extra: dict = field(default_factory=dict)

    @property
    def ns(self) -> int:
        return len(self.lhs) - 2

    def canonical_shapes(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """(lhs, rhs) shapes in [N, sp..., C] / [k..., C, O] order."""
        if self.layout == "nhwc":
            return self.lhs, self.rhs
        n, c, *sp = self.lhs
        o, i, *k = self.rhs
        return (n, *sp, c), (*k, i, o)

    def window(self):
        ns = self.ns
        return (self.stride or (1,) * ns, self.pad or ((0, 0),) * ns, self.lhs_dilate or (1,) * ns,
                self.rhs_dilate or (1,) * ns, self.reverse or (False,) * ns)

    def out_canonical_shape(self) -> tuple[int, ...]:
        (n, *sp, _), (*k, _, o) = self.canonical_shapes()
        stride, pad, ld, rd, _ = self.window()
        out = []
        for d in range(self.ns):
            padded = (sp[d] - 1) * ld[d] + 1 + pad[d][0] + pad[d][1]
            span = (k[d] - 1) * rd[d] + 1
            out.append(max(0, (padded - span) // stride[d] + 1))
        return (n, *out, o)

    def out_shape(self) -> tuple[int, ...]:
        n, *sp, o = self.out_canonical_shape()
        return (n, *sp, o) if self.layout == "nhwc" else (n, o, *sp)

    def program(self) -> str:
        ns = self.ns
        sp = ", ".join(str(d) for d in range(ns))
        if self.layout == "nhwc":
            dims = f"[b, {sp}, f]x[{sp}, i, o]->[b, {sp}, f]"
        else:
            dims = f"[b, f, {sp}]x[o, i, {sp}]->[b, f, {sp}]"
        stride, pad, ld, rd, rev = self.window()

        def ints(v):
            return "[" + ", ".join(str(x) for x in v) + "]"

        pads = "[" + ", ".join(f"[{lo}, {hi}]" for lo, hi in pad) + "]"
        revs = "[" + ", ".join("true" if r else "false" for r in rev) + "]"

        def t(shape):
            return "tensor<" + "x".join(str(d) for d in shape) + f"x{self.dtype}>"

        lt, rt, ot = t(self.lhs), t(self.rhs), t(self.out_shape())
        return textwrap.dedent(f"""\
            module @conv {{
              func.func public @main(%arg0: {lt}, %arg1: {rt}) -> ({ot}) {{
                %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = {dims}, window = {{stride = {ints(stride)}, pad = {pads}, lhs_dilate = {ints(ld)}, rhs_dilate = {ints(rd)}, reverse = {revs}}} {{batch_group_count = 1 : i64, feature_group_count = {self.groups} : i64}} : ({lt}, {rt}) -> {ot}
                return %0 : {ot}
              }}
            }}
            """)


def reference(conv: Conv, x, w):
    """float64 convolution of canonical x [N, sp..., C] and w [k..., C / groups, O]: each feature
    group's output features from its slice of the input features."""
    ci, co = x.shape[-1] // conv.groups, w.shape[-1] // conv.groups
    return np.concatenate([_reference_one_group(conv, x[..., g * ci:(g + 1) * ci], w[..., g * co:(g + 1) * co])
                           for g in range(conv.groups)], axis=-1)


def _reference_one_group(conv: Conv, x, w):
    """float64 convolution of canonical x [N, sp..., C] and w [k..., C, O], one feature group:
    zero padding and dilation holes take part in the products, as in the stablehlo spec."""
    x = x.astype(np.float64)
    w = w.astype(np.float64)
    stride, pad, ld, rd, rev = conv.window()
    ns = conv.ns
    if any(d > 1 for d in ld):
        dil = np.zeros((x.shape[0], *[(s - 1) * d + 1 for s, d in zip(x.shape[1:-1], ld, strict=True)], x.shape[-1]))
        dil[(slice(None), *[slice(None, None, d) for d in ld], slice(None))] = x
        x = dil
    x = np.pad(x, [(0, 0), *[(max(lo, 0), max(hi, 0)) for lo, hi in pad], (0, 0)])
    x = x[(slice(None), *[slice(max(-lo, 0), x.shape[d + 1] - max(-hi, 0)) for d, (lo, hi) in enumerate(pad)],
           slice(None))]
    for d in range(ns):
        if rev[d]:
            w = np.flip(w, axis=d)
    out_sp = conv.out_canonical_shape()[1:-1]
    y = np.zeros((x.shape[0], *out_sp, w.shape[-1]))
    for k in np.ndindex(*w.shape[:ns]):
        window = x[(slice(None),
                    *[slice(k[d] * rd[d], k[d] * rd[d] + (out_sp[d] - 1) * stride[d] + 1, stride[d])
                      for d in range(ns)],
                    slice(None))]
        y += np.tensordot(window, w[k], axes=([window.ndim - 1], [0]))
    return y


def _inputs(conv: Conv, seed: int):
    rng = np.random.default_rng(seed)
    dt = np.float64 if conv.dtype == "f64" else np.float32
    x = rng.uniform(-1, 1, conv.lhs).astype(dt)
    w = rng.uniform(-1, 1, conv.rhs).astype(dt)
    return x, w


def _canonical(conv: Conv, x, w):
    if conv.layout == "nhwc":
        return x, w
    ns = conv.ns
    return (np.moveaxis(x, 1, -1), np.transpose(w, (*range(2, 2 + ns), 1, 0)))


def _from_canonical(conv: Conv, y):
    return y if conv.layout == "nhwc" else np.moveaxis(y, -1, 1)


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=1)
    yield c
    c.close()


def _run(client, conv: Conv, x, w):
    exe = client.compile_and_load(conv.program(), client.devices()[:1])
    dev = client.devices()[0]
    (y,) = exe.execute([client.buffer_from_pyval(x, device=dev), client.buffer_from_pyval(w, device=dev)])
    return np.asarray(y)


def assert_matches_reference(conv: Conv, got, x, w, what: str) -> None:
    """Same NaN/inf pattern as the float64 reference; finite values within float32 accumulation
    error, measured against the sum of |x| * |w| (so one missing or extra tap always fails)."""
    cx, cw = _canonical(conv, x, w)
    want = _from_canonical(conv, reference(conv, cx, cw))
    scale = _from_canonical(conv, reference(conv, np.abs(np.nan_to_num(cx, posinf=1, neginf=1)),
                                            np.abs(np.nan_to_num(cw, posinf=1, neginf=1))))
    assert got.shape == want.shape, f"{what}: expected shape {want.shape}, got {got.shape}"
    assert got.dtype == np.float32, f"{what}: expected float32, got {got.dtype}"
    nan_want, nan_got = np.isnan(want), np.isnan(got)
    assert np.array_equal(nan_want, nan_got), (
        f"{what}: expected NaN at {int(nan_want.sum())} positions, got {int(nan_got.sum())} "
        f"(first mismatch at {np.argwhere(nan_want != nan_got)[0].tolist()})")
    inf_want = np.isinf(want)
    assert np.array_equal(inf_want, np.isinf(got)) and np.array_equal(want[inf_want], got[inf_want]), (
        f"{what}: expected +-inf at the reference's {int(inf_want.sum())} positions")
    finite = ~(nan_want | inf_want)
    err = np.abs(got[finite] - want[finite])
    tol = 1e-5 * scale[finite] + 1e-30
    worst = int(np.argmax(err / tol)) if err.size else 0
    assert np.all(err <= tol), (
        f"{what}: expected |got - float64 reference| <= 1e-5 * sum|x||w|; worst element off by "
        f"{err[worst]:.3g} (allowed {tol[worst]:.3g}), got {got[finite][worst]!r} want {want[finite][worst]!r}")


# (id, convolution) pairs; ids name what each one exercises.
CASES = [
    ("3x3_same_cin64_cout64", Conv((2, 9, 11, 64), (3, 3, 64, 64), pad=((1, 1), (1, 1)))),
    ("3x3_valid_cin20_cout32", Conv((1, 8, 7, 20), (3, 3, 20, 32))),
    ("3x3_stride2_same_cout48", Conv((2, 11, 9, 24), (3, 3, 24, 48), stride=(2, 2), pad=((0, 1), (1, 1)))),
    ("1x1_cin40_cout80_tail", Conv((2, 7, 7, 40), (1, 1, 40, 80))),
    ("1x1_stride2_cout16", Conv((3, 9, 8, 16), (1, 1, 16, 16), stride=(2, 2))),
    ("5x5_same_cin8_cout16", Conv((1, 13, 12, 8), (5, 5, 8, 16), pad=((2, 2), (2, 2)))),
    ("3x3_rhs_dilation2", Conv((1, 12, 12, 16), (3, 3, 16, 64), pad=((2, 2), (2, 2)), rhs_dilate=(2, 2))),
    ("3x3_lhs_dilation_transposed", Conv((1, 5, 6, 12), (3, 3, 12, 16), pad=((2, 2), (2, 1)), lhs_dilate=(2, 2))),
    ("7x7_stride2_cin3_cout64", Conv((1, 23, 23, 3), (7, 7, 3, 64), stride=(2, 2), pad=((3, 3), (3, 3)))),
    ("batch1_odd_cin17_cout48", Conv((1, 15, 13, 17), (3, 3, 17, 48), pad=((1, 1), (1, 1)))),
    ("cout20_tail", Conv((2, 6, 7, 10), (3, 3, 10, 20), pad=((1, 1), (1, 1)))),
    ("cout37_tail", Conv((1, 7, 5, 9), (2, 3, 9, 37), pad=((0, 1), (1, 1)))),
    ("cout70_tail", Conv((1, 6, 6, 33), (3, 3, 33, 70), pad=((1, 1), (1, 1)))),
    ("cout130_two_blocks_tail", Conv((1, 5, 7, 19), (3, 3, 19, 130), pad=((1, 1), (1, 1)))),
    ("cin300_filter_split_into_slabs", Conv((1, 6, 5, 300), (3, 3, 300, 64), pad=((1, 1), (1, 1)))),
    ("long_1d_kernel_cin1_cout1", Conv((2, 300, 1), (100, 1, 1), pad=((99, 99),))),
    ("cout5_tiny", Conv((2, 10, 9, 3), (3, 3, 3, 5), stride=(2, 2), pad=((0, 1), (1, 1)))),
    ("fewer_pixels_than_a_tile", Conv((1, 2, 2, 4), (1, 1, 4, 16))),
    ("reversed_window", Conv((1, 7, 8, 16), (3, 2, 16, 32), pad=((1, 1), (0, 1)), reverse=(True, False))),
    ("negative_padding", Conv((1, 8, 8, 16), (3, 3, 16, 16), pad=((-1, 2), (1, -2)))),
    ("kernel_larger_than_input_with_pad", Conv((1, 2, 3, 8), (5, 5, 8, 16), pad=((2, 2), (2, 2)))),
    ("nchw_oihw_layout", Conv((2, 16, 9, 9), (32, 16, 3, 3), pad=((1, 1), (1, 1)), layout="nchw")),
    ("conv1d_stride2_rhs_dilation2", Conv((3, 50, 24), (5, 24, 32), stride=(2,), pad=((4, 3),), rhs_dilate=(2,))),
    ("conv3d_same", Conv((1, 5, 6, 7, 8), (3, 3, 3, 8, 16), pad=((1, 1), (1, 1), (1, 1)))),
    ("lhs_dilation3_stride2_odd", Conv((2, 7, 6, 10), (3, 4, 10, 24), stride=(2, 1), pad=((2, 3), (3, 1)),
                                       lhs_dilate=(3, 2))),
    ("lhs_dilation_1x1_zero_outputs", Conv((1, 5, 6, 8), (1, 1, 8, 16), lhs_dilate=(2, 2))),
    ("lhs_and_rhs_dilation_1d", Conv((2, 9, 12), (4, 12, 20), pad=((3, 2),), lhs_dilate=(2,), rhs_dilate=(3,))),
    ("lhs_dilation_3d_reversed", Conv((1, 3, 4, 3, 6), (2, 3, 2, 6, 9), pad=((1, 1), (2, 1), (1, 0)),
                                      lhs_dilate=(2, 2, 2), reverse=(True, False, True))),
    ("few_features_last_dim_cropped", Conv((1, 6, 9, 5), (2, 3, 5, 12), stride=(1, 2), pad=((0, 1), (-2, 3)))),
    ("few_features_padding_wider_than_input", Conv((2, 3, 2, 4), (2, 4, 4, 8), pad=((1, 0), (5, 6)))),
    ("groups8_cin16_cout16", Conv((2, 9, 7, 128), (3, 3, 16, 128), pad=((1, 1), (1, 1)), groups=8)),
    ("groups3_cout_tail_stride2", Conv((1, 11, 10, 15), (3, 3, 5, 27), stride=(2, 2), pad=((1, 1), (0, 1)), groups=3)),
    ("groups2_nchw_lhs_dilation", Conv((1, 8, 5, 6), (40, 4, 3, 3), pad=((2, 2), (1, 2)), lhs_dilate=(2, 2),
                                       layout="nchw", groups=2)),
]


@pytest.mark.parametrize("conv", [c for _, c in CASES], ids=[n for n, _ in CASES])
def test_f32_convolution_matches_float64_reference(client, conv: Conv) -> None:
    x, w = _inputs(conv, seed=len(conv.lhs) * 7 + sum(conv.rhs))
    got = _run(client, conv, x, w)
    assert_matches_reference(conv, got, x, w, conv.program().splitlines()[2].strip()[:60])


def test_nan_and_inf_propagate(client) -> None:
    conv = Conv((2, 6, 7, 19), (3, 3, 19, 32), pad=((1, 1), (1, 1)))
    x, w = _inputs(conv, seed=5)
    x[0, 2, 3, 4] = np.nan       # NaN spreads to every output whose window holds it
    x[1, 0, 0, 7] = np.inf       # +inf times weights of both signs: +-inf, or NaN where both meet
    x[1, 4, 5, 0] = -np.inf
    w[2, 2, 11, 3] = np.inf      # an infinite weight meets the zero padding: 0 * inf = NaN there
    got = _run(client, conv, x, w)
    assert np.isnan(got).any() and np.isinf(got).any(), "expected NaN and inf outputs in this case"
    with np.errstate(invalid="ignore"):
        assert_matches_reference(conv, got, x, w, "NaN/inf inputs")


def test_lhs_dilation_holes_meet_infinite_weights(client) -> None:
    """Dilation holes are zeros of the product: 0 * inf = NaN wherever an infinite weight's tap
    lands on a hole (the direct kernel skips holes only for finite filters)."""
    conv = Conv((1, 6, 5, 16), (3, 3, 16, 32), pad=((2, 2), (2, 1)), lhs_dilate=(2, 2))
    x, w = _inputs(conv, seed=6)
    w[1, 0, 5, 7] = np.inf
    w[2, 2, 0, 3] = -np.inf
    got = _run(client, conv, x, w)
    assert np.isnan(got).any(), "expected NaN where an infinite weight meets a dilation hole"
    with np.errstate(invalid="ignore"):
        assert_matches_reference(conv, got, x, w, "infinite weights with lhs dilation")


# ------------------------------------------------------------------------- dispatch (subprocesses)

_CHILD = textwrap.dedent("""\
    import json, sys
    import numpy as np
    from jaxlib import xla_client
    c = xla_client.make_cpu_client(num_devices=1)
    dev = c.devices()[0]
    for spec in json.loads(sys.argv[1]):
        exe = c.compile_and_load(spec["program"], c.devices()[:1])
        args = [np.load(p) for p in spec["inputs"]]
        (y,) = exe.execute([c.buffer_from_pyval(a, device=dev) for a in args])
        np.save(spec["out"], np.asarray(y))
    """)


def _run_children(tmp_path: Path, runs: list[tuple[Conv, object, object]], env_update: dict[str, str], tag: str):
    """Runs each (conv, x, w) in one child process with `env_update`; returns the outputs."""
    specs = []
    for k, (conv, x, w) in enumerate(runs):
        paths = [str(tmp_path / f"{tag}{k}_x.npy"), str(tmp_path / f"{tag}{k}_w.npy")]
        np.save(paths[0], x)
        np.save(paths[1], w)
        specs.append({"program": conv.program(), "inputs": paths, "out": str(tmp_path / f"{tag}{k}_y.npy")})
    env = {k: v for k, v in os.environ.items() if k not in ("JAXLIB_CPU_DISABLE_DIRECT_CONV", "JAXLIB_CPU_ISA")}
    env.update(env_update)
    r = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(specs)], env=env, capture_output=True, text=True,
                       timeout=600)
    assert r.returncode == 0, f"child with {env_update} failed:\n{r.stderr[-3000:]}"
    return [np.load(spec["out"]) for spec in specs]


def _run_child(tmp_path: Path, conv: Conv, x, w, env_update: dict[str, str], tag: str):
    return _run_children(tmp_path, [(conv, x, w)], env_update, tag)[0]


# K = 3 * 3 * 64 = 576 products per output: long enough that the direct kernel's summation order
# differs from the GEMM's in some output, which shows which path ran.
ELIGIBLE = Conv((2, 10, 12, 64), (3, 3, 64, 64), pad=((1, 1), (1, 1)))


def test_disable_env_var_selects_im2col_path_and_both_agree(tmp_path: Path) -> None:
    x, w = _inputs(ELIGIBLE, seed=11)
    direct = _run_child(tmp_path, ELIGIBLE, x, w, {}, "direct")
    im2col = _run_child(tmp_path, ELIGIBLE, x, w, {"JAXLIB_CPU_DISABLE_DIRECT_CONV": "1"}, "im2col")
    assert_matches_reference(ELIGIBLE, direct, x, w, "default path")
    assert_matches_reference(ELIGIBLE, im2col, x, w, "JAXLIB_CPU_DISABLE_DIRECT_CONV=1")
    np.testing.assert_allclose(direct, im2col, rtol=1e-4, atol=1e-4,
                               err_msg="expected the direct and im2col paths to agree")
    if HAS_AVX512F:
        assert not np.array_equal(direct, im2col), (
            "expected the default run to use the direct kernel (rounding differs from im2col + GEMM "
            "somewhere in 46080 sums of 576 products), but it matched the disabled run bit for bit")


def test_baseline_isa_keeps_im2col_path(tmp_path: Path) -> None:
    x, w = _inputs(ELIGIBLE, seed=12)
    capped = _run_child(tmp_path, ELIGIBLE, x, w, {"JAXLIB_CPU_ISA": "baseline"}, "capped")
    im2col = _run_child(tmp_path, ELIGIBLE, x, w, {"JAXLIB_CPU_DISABLE_DIRECT_CONV": "1"}, "im2col")
    assert np.array_equal(capped, im2col), "expected JAXLIB_CPU_ISA=baseline to run the im2col path bit for bit"


@pytest.mark.skipif(not HAS_AVX512F, reason="compares the AVX2 micro-kernel with the AVX-512 one")
def test_avx2_cap_runs_direct_kernel_with_avx512_bits(tmp_path: Path) -> None:
    """Every case (and the dispatch tests' one) capped at AVX2 matches the float64 reference and
    gives the bits of the AVX-512 kernel (one FMA chain per output, same order), not im2col's."""
    runs = [(conv, *_inputs(conv, seed=len(conv.lhs) * 7 + sum(conv.rhs))) for _, conv in CASES]
    runs.append((ELIGIBLE, *_inputs(ELIGIBLE, seed=12)))
    avx2 = _run_children(tmp_path, runs, {"JAXLIB_CPU_ISA": "avx2"}, "avx2")
    native = _run_children(tmp_path, runs, {}, "native")
    for (name, _), (conv, x, w), got, want in zip([*CASES, ("eligible", None)], runs, avx2, native, strict=True):
        assert_matches_reference(conv, got, x, w, f"{name} at JAXLIB_CPU_ISA=avx2")
        assert got.tobytes() == want.tobytes(), f"{name}: expected the AVX2 kernel to give the AVX-512 kernel's bits"
    im2col = _run_child(tmp_path, ELIGIBLE, runs[-1][1], runs[-1][2], {"JAXLIB_CPU_DISABLE_DIRECT_CONV": "1"}, "im")
    assert not np.array_equal(avx2[-1], im2col), "expected JAXLIB_CPU_ISA=avx2 to take the direct kernel, not im2col"


NOT_TAKEN = [
    ("narrow_groups", Conv((2, 9, 9, 32), (3, 3, 8, 16), pad=((1, 1), (1, 1)), groups=4)),
    ("depthwise", Conv((2, 9, 9, 32), (3, 3, 1, 32), pad=((1, 1), (1, 1)), groups=32)),
    ("f64", Conv((2, 9, 9, 32), (3, 3, 32, 64), pad=((1, 1), (1, 1)), dtype="f64")),
]


@pytest.mark.parametrize("conv", [c for _, c in NOT_TAKEN], ids=[n for n, _ in NOT_TAKEN])
def test_convolutions_the_direct_kernel_does_not_take_are_unchanged(tmp_path: Path, conv: Conv) -> None:
    x, w = _inputs(conv, seed=13)
    default = _run_child(tmp_path, conv, x, w, {}, "default")
    im2col = _run_child(tmp_path, conv, x, w, {"JAXLIB_CPU_DISABLE_DIRECT_CONV": "1"}, "im2col")
    assert np.array_equal(default, im2col), "expected the same im2col result with and without the env var"
