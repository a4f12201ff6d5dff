"""bf16 x bf16 dot_general on the AMX tile unit (issue 12), through the standalone driver.

Each dot (edges off the 16/32 tile grid, odd K, batch dims, transposed and interleaved operand
layouts, a large product, bf16 and f32 results) is checked against a float64 product of the
bf16 inputs within the error bound of f32 accumulation plus one rounding to the result type,
natively and with JAXLIB_CPU_DISABLE_AMX=1 (the f32 GEMM path); JAXLIB_CPU_DOT_TRACE=1 shows
which path ran (products under 4096 multiply-adds keep the f32 GEMM). The vector ISA cap must leave AMX on and give the same bits. AMX-only checks skip
where the CPU (or the OS) lacks it.
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

ml_dtypes = pytest.importorskip("ml_dtypes")

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'
AMX_TRACE = "amx bf16 tiles"
AMX_MIN_MACS = 4096  # kAmxMinMacs in backends/cpu/executor/kernels/dot.cc


def cpu_has_amx(*more: str) -> bool:
    """Whether /proc/cpuinfo lists amx_tile, amx_bf16 and the flags `more` (the OS may still
    refuse the tiles)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    try:
        flags = Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    return all(f" {f}" in flags for f in ("amx_tile", "amx_bf16", *more))


# name: (lhs shape, rhs shape, batching dims, contracting dims, numpy einsum, result dtype)
CASES = {
    "1x1x1": ((1, 1), (1, 1), ([], []), ([1], [0]), "mk,kn->mn", "bf16"),
    "odd_k": ((7, 33), (33, 50), ([], []), ([1], [0]), "mk,kn->mn", "bf16"),
    "17x33x65": ((17, 65), (65, 33), ([], []), ([1], [0]), "mk,kn->mn", "bf16"),
    "batched": ((3, 20, 41), (3, 41, 24), ([0], [0]), ([2], [1]), "bmk,bkn->bmn", "bf16"),
    "lhs_transposed": ((45, 19), (45, 30), ([], []), ([0], [0]), "km,kn->mn", "bf16"),
    "rhs_transposed": ((19, 45), (30, 45), ([], []), ([1], [1]), "mk,nk->mn", "bf16"),
    "both_transposed": ((64, 33), (40, 64), ([], []), ([0], [1]), "km,nk->mn", "bf16"),
    # attention's layout: [batch, seq, heads, dim], batched over batch and heads
    "interleaved_batch": ((2, 16, 3, 24), (2, 16, 3, 24), ([0, 2], [0, 2]), ([3], [3]), "bqhd,bkhd->bhqk", "bf16"),
    "f32_result": ((33, 96), (96, 50), ([], []), ([1], [0]), "mk,kn->mn", "f32"),
    "large": ((256, 520), (520, 300), ([], []), ([1], [0]), "mk,kn->mn", "bf16"),
}


def macs_per_product(name: str) -> int:
    """M * N * K of one product of the dot."""
    ls, rs, (lb, rb), (lc, rc), _, _ = CASES[name]
    k = int(np.prod([ls[d] for d in lc]))
    m = int(np.prod([ls[d] for d in range(len(ls)) if d not in lb and d not in lc]))
    n = int(np.prod([rs[d] for d in range(len(rs)) if d not in rb and d not in rc]))
    return m * n * k


def mlir_type(shape: tuple[int, ...], dtype: str) -> str:
    return "tensor<" + "x".join(str(d) for d in shape) + f"x{dtype}>"


def program(name: str) -> tuple[str, np.ndarray, np.ndarray]:
    """The dot's MLIR and its bf16 inputs (as uint16 bit patterns)."""
    ls, rs, (lb, rb), (lc, rc), spec, out_dtype = CASES[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    a = rng.standard_normal(ls).astype(ml_dtypes.bfloat16).view(np.uint16)
    b = rng.standard_normal(rs).astype(ml_dtypes.bfloat16).view(np.uint16)
    out_shape = np.einsum(spec, np.zeros(ls, np.float32), np.zeros(rs, np.float32)).shape
    batching = f"batching_dims = {lb} x {rb}, " if lb else ""
    lt, rt, ot = mlir_type(ls, "bf16"), mlir_type(rs, "bf16"), mlir_type(out_shape, out_dtype)
    mlir = f"""
        {MOD}
          func.func public @main(%a: {lt}, %b: {rt}) -> {ot} {{
            %0 = stablehlo.dot_general %a, %b, {batching}contracting_dims = {lc} x {rc} : ({lt}, {rt}) -> {ot}
            return %0 : {ot}
          }}
        }}"""
    return mlir, a, b


def run(driver: Path, tmp_path: Path, mlir: str, a: np.ndarray, b: np.ndarray,  # noqa: F811
        env: dict[str, str]) -> tuple[np.ndarray, str]:
    """Runs `mlir` on (a, b) with `env` added and JAXLIB_CPU_DOT_TRACE=1; returns (output, stderr)."""
    prog = tmp_path / "p.mlir"
    prog.write_text(textwrap.dedent(mlir))
    out = tmp_path / "out"
    out.mkdir(exist_ok=True)
    for f in out.glob("*.npy"):
        f.unlink()
    args = [str(driver), "--out", str(out), str(prog)]
    for i, x in enumerate((a, b)):
        np.save(tmp_path / f"in{i}.npy", np.ascontiguousarray(x))
        args.append(str(tmp_path / f"in{i}.npy"))
    full_env = {k: v for k, v in os.environ.items() if k not in ("JAXLIB_CPU_ISA", "JAXLIB_CPU_DISABLE_AMX")}
    full_env.update(env, JAXLIB_CPU_DOT_TRACE="1")
    r = subprocess.run(args, capture_output=True, text=True, timeout=300, env=full_env)
    assert r.returncode == 0, f"driver exited {r.returncode} with {env}: {r.stderr}"
    return np.load(out / "out0.npy"), r.stderr


def as_f64(x: np.ndarray, dtype: str) -> np.ndarray:
    return (x.view(ml_dtypes.bfloat16) if dtype == "bf16" else x).astype(np.float64)


def check_against_reference(name: str, got: np.ndarray, a: np.ndarray, b: np.ndarray, what: str) -> None:
    """|got - exact| <= f32 accumulation's bound over K terms, plus the result's own rounding."""
    ls, rs, _, (lc, _), spec, out_dtype = CASES[name]
    fa, fb = as_f64(a, "bf16"), as_f64(b, "bf16")
    exact = np.einsum(spec, fa, fb)
    magnitude = np.einsum(spec, np.abs(fa), np.abs(fb))
    k = int(np.prod([ls[d] for d in lc]))
    bound = (k + 1) * 2.0**-24 * magnitude
    if out_dtype == "bf16":
        bound = bound * (1 + 2.0**-8) + 2.0**-8 * np.abs(exact)
    # The bound is tight enough to see one term of K missing (what a dropped K edge would do).
    if k > 1:
        drop = [slice(None)] * len(ls)
        drop[lc[0]] = slice(0, ls[lc[0]] - 1)
        drop_b = [slice(None)] * len(rs)
        drop_b[CASES[name][3][1][0]] = slice(0, rs[CASES[name][3][1][0]] - 1)
        short = np.einsum(spec, fa[tuple(drop)], fb[tuple(drop_b)])
        assert np.any(np.abs(short - exact) > bound), f"{name}: expected the bound to catch a missing K term"
    g = as_f64(got, out_dtype)
    assert g.shape == exact.shape, f"{name} ({what}): expected shape {exact.shape}, got {g.shape}"
    err = np.abs(g - exact)
    worst = int(np.argmax(err - bound))
    assert np.all(err <= bound), (f"{name} ({what}): expected |got - exact| <= bound everywhere; element {worst}: "
                                  f"got {g.flat[worst]!r}, exact {exact.flat[worst]!r}, bound {bound.flat[worst]:.3g}")


@pytest.mark.parametrize("name", sorted(CASES))
def test_bf16_dot_matches_reference_on_both_paths(driver, tmp_path, name):  # noqa: F811
    mlir, a, b = program(name)
    got, trace = run(driver, tmp_path, mlir, a, b, {})
    check_against_reference(name, got, a, b, "native")
    old, old_trace = run(driver, tmp_path, mlir, a, b, {"JAXLIB_CPU_DISABLE_AMX": "1"})
    check_against_reference(name, old, a, b, "JAXLIB_CPU_DISABLE_AMX=1")
    assert "gemm f32" in old_trace and AMX_TRACE not in old_trace, \
        f"expected JAXLIB_CPU_DISABLE_AMX=1 to take the f32 GEMM path, trace: {old_trace}"
    if macs_per_product(name) < AMX_MIN_MACS:
        assert "gemm f32" in trace, f"expected a product this small to keep the f32 GEMM, trace: {trace}"
    elif cpu_has_amx():
        assert AMX_TRACE in trace, f"expected the AMX path on a CPU with amx_tile and amx_bf16, trace: {trace}"


def test_vector_isa_cap_keeps_amx_and_its_bits(driver, tmp_path):  # noqa: F811
    if not cpu_has_amx():
        pytest.skip("CPU lacks AMX-TILE/AMX-BF16")
    mlir, a, b = program("large")
    native, _ = run(driver, tmp_path, mlir, a, b, {})
    for isa in ("avx2", "baseline"):
        got, trace = run(driver, tmp_path, mlir, a, b, {"JAXLIB_CPU_ISA": isa})
        assert AMX_TRACE in trace, f"expected JAXLIB_CPU_ISA={isa} to leave AMX on, trace: {trace}"
        assert got.tobytes() == native.tobytes(), f"expected JAXLIB_CPU_ISA={isa} to give the native bits"


def test_amx_and_f32_gemm_paths_agree(driver, tmp_path):  # noqa: F811
    """Both paths accumulate in f32 and round once: f32 results agree to a few f32 ulps."""
    mlir, a, b = program("f32_result")
    got, _ = run(driver, tmp_path, mlir, a, b, {})
    old, _ = run(driver, tmp_path, mlir, a, b, {"JAXLIB_CPU_DISABLE_AMX": "1"})
    fa, fb = as_f64(a, "bf16"), as_f64(b, "bf16")
    magnitude = np.abs(fa) @ np.abs(fb)
    assert np.all(np.abs(got.astype(np.float64) - old) <= 2 * 97 * 2.0**-24 * magnitude), \
        "expected the AMX and f32 GEMM results within twice f32 accumulation's bound of each other"


def test_inf_and_nan_propagate_like_the_f32_path(driver, tmp_path):  # noqa: F811
    mlir, a, b = program("17x33x65")
    bf = a.view(ml_dtypes.bfloat16).copy()
    bf[0, 0] = np.inf
    bf[1, 3] = np.nan
    bf[2, 64] = -np.inf  # the last K element: in the zero-padded K block
    a = bf.view(np.uint16)
    got, _ = run(driver, tmp_path, mlir, a, b, {})
    old, _ = run(driver, tmp_path, mlir, a, b, {"JAXLIB_CPU_DISABLE_AMX": "1"})
    g, o = as_f64(got, "bf16"), as_f64(old, "bf16")
    assert np.all(np.isnan(g[1])), "expected a NaN in row 1 of A to make row 1 of the product NaN"
    assert np.array_equal(np.isnan(g), np.isnan(o)), "expected NaNs where the f32 GEMM path has them"
    assert np.array_equal(np.isinf(g), np.isinf(o)) and np.isinf(g[0]).all() and np.isinf(g[2]).all(), \
        "expected rows 0 and 2 infinite, as on the f32 GEMM path"
    assert np.array_equal(g[np.isinf(g)], o[np.isinf(o)]), "expected the infinities' signs of the f32 GEMM path"
