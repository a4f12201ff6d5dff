"""8-bit integer dot_general (quantized matmuls: lax.dot(..., preferred_element_type=jnp.int32))
on the AMX tile unit (linalg/amx_gemm.cc, TDPB[SU][SU]D), through the standalone driver.

Integer sums are exact modulo 2^32, so every path must give numpy's int64 product wrapped to 32
bits, to the bit: the tile path, the portable GEMM (JAXLIB_CPU_DISABLE_AMX=1) and every vector
ISA cap. Cases cover signed and unsigned operands, edges off the 32 x 32 x 64 block grid,
transposed operands, batches, 8-bit results and sums that wrap. JAXLIB_CPU_DOT_TRACE=1 shows
which path ran; tile-only checks skip where the CPU (or the OS) lacks AMX-INT8.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_bf16_dot import cpu_has_amx, run

MOD = "module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {"
TRACE = "amx int8 tiles"
NP = {"i8": np.int8, "ui8": np.uint8, "i32": np.int32, "ui32": np.uint32}


# name: (lhs (shape, type), rhs (shape, type), batching dims, contracting dims, einsum, result type)
CASES = {
    "s8_s8": (((64, 128), "i8"), ((128, 96), "i8"), ([], []), ([1], [0]), "mk,kn->mn", "i32"),
    "edges": (((33, 65), "i8"), ((65, 47), "i8"), ([], []), ([1], [0]), "mk,kn->mn", "i32"),
    "s8_u8": (((40, 70), "i8"), ((70, 36), "ui8"), ([], []), ([1], [0]), "mk,kn->mn", "i32"),
    "u8_s8": (((40, 70), "ui8"), ((70, 36), "i8"), ([], []), ([1], [0]), "mk,kn->mn", "i32"),
    "u8_u8": (((40, 70), "ui8"), ((70, 36), "ui8"), ([], []), ([1], [0]), "mk,kn->mn", "ui32"),
    "lhs_transposed": (((130, 45), "i8"), ((130, 30), "i8"), ([], []), ([0], [0]), "km,kn->mn", "i32"),
    "rhs_transposed": (((45, 130), "i8"), ((30, 130), "ui8"), ([], []), ([1], [1]), "mk,nk->mn", "i32"),
    "batched": (((3, 20, 200), "i8"), ((3, 200, 24), "i8"), ([0], [0]), ([2], [1]), "bmk,bkn->bmn", "i32"),
    "i8_result": (((48, 64), "i8"), ((64, 40), "i8"), ([], []), ([1], [0]), "mk,kn->mn", "i8"),
    "large": (((256, 1000), "i8"), ((1000, 200), "i8"), ([], []), ([1], [0]), "mk,kn->mn", "i32"),
}


def program(name: str) -> tuple[str, np.ndarray, np.ndarray, np.ndarray]:
    (ls, lt), (rs, rt), (lb, rb), (lc, rc), spec, ot = CASES[name]
    rng = np.random.default_rng(sum(map(ord, name)))

    def draw(shape, t):
        info = np.iinfo(NP[t])
        return rng.integers(info.min, info.max + 1, size=shape).astype(NP[t])

    a, b = draw(ls, lt), draw(rs, rt)
    exact = np.einsum(spec, a.astype(np.int64), b.astype(np.int64))
    want = (exact & 0xFFFFFFFF).astype(np.uint32).view(np.int32).astype(NP[ot]) if ot != "ui32" else \
        (exact & 0xFFFFFFFF).astype(np.uint32)
    out_shape = exact.shape

    def t(shape, el):
        return "tensor<" + "x".join(str(d) for d in shape) + f"x{el}>"

    batching = f"batching_dims = {lb} x {rb}, " if lb else ""
    ta, tb, to = t(ls, lt), t(rs, rt), t(out_shape, ot)
    mlir = f"""
        {MOD}
          func.func public @main(%a: {ta}, %b: {tb}) -> {to} {{
            %0 = stablehlo.dot_general %a, %b, {batching}contracting_dims = {lc} x {rc} : ({ta}, {tb}) -> {to}
            return %0 : {to}
          }}
        }}"""
    return mlir, a, b, want


@pytest.mark.parametrize("name", sorted(CASES))
def test_int8_dot_is_numpys_wrapped_product_on_every_path(driver, tmp_path, name):  # noqa: F811
    mlir, a, b, want = program(name)
    outs = {}
    for label, env in [("tiles", {}), ("portable", {"JAXLIB_CPU_DISABLE_AMX": "1"}), ("avx2", {"JAXLIB_CPU_ISA": "avx2"})]:
        got, err = run(driver, tmp_path, mlir, a, b, env)
        assert got.dtype == want.dtype and got.shape == want.shape, f"{name} ({label}): {got.dtype}{got.shape}"
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"{name} ({label}): {bad.size} elements differ from numpy, first at {bad[:5]}"
        outs[label] = err
    if cpu_has_amx("amx_int8", "avx512_vbmi"):
        assert TRACE in outs["tiles"], f"{name}: expected the tile path, trace: {outs['tiles']}"
        assert TRACE in outs["avx2"], f"{name}: the vector ISA cap must leave the tiles on: {outs['avx2']}"
    assert TRACE not in outs["portable"], f"{name}: JAXLIB_CPU_DISABLE_AMX=1 must keep the portable GEMM"


def test_int8_sums_that_wrap(driver, tmp_path):  # noqa: F811
    """K = 200000 products of (-128)^2: the int32 sum wraps, the same on the tiles as modulo 2^32."""
    k = 200_000
    a = np.full((32, k), -128, np.int8)
    b = np.full((k, 32), -128, np.int8)
    t = "tensor<{}x{}xi8>"
    mlir = f"""
        {MOD}
          func.func public @main(%a: {t.format(32, k)}, %b: {t.format(k, 32)}) -> tensor<32x32xi32> {{
            %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({t.format(32, k)}, {t.format(k, 32)}) -> tensor<32x32xi32>
            return %0 : tensor<32x32xi32>
          }}
        }}"""
    want = np.full((32, 32), np.uint32((128 * 128 * k) & 0xFFFFFFFF).view(np.int32), np.int32)
    assert int(want[0, 0]) != 128 * 128 * k, "expected the exact sum to overflow int32"
    for env in ({}, {"JAXLIB_CPU_DISABLE_AMX": "1"}):
        got, _ = run(driver, tmp_path, mlir, a, b, env)
        assert (got == want).all(), f"{env}: got {got[0, 0]}, want {want[0, 0]}"


@pytest.mark.parametrize("shape", [((67, 130), (130, 45)), ((3, 300), (300, 257))])
def test_int32_dot_wraps_like_numpy_at_every_isa(driver, tmp_path, shape):  # noqa: F811
    """s32 x s32 dots on the portable GEMM (8 lanes of 32-bit multiply-adds where the CPU has
    AVX2, any order giving the same wrapped sums): numpy's int64 product wrapped to 32 bits, at
    native, AVX2 and baseline ISAs, with products that overflow."""
    (ls, rs) = shape
    rng = np.random.default_rng(ls[0])
    a = rng.integers(-(2**31), 2**31 - 1, size=ls, dtype=np.int64).astype(np.int32)
    b = rng.integers(-(2**31), 2**31 - 1, size=rs, dtype=np.int64).astype(np.int32)
    want = ((a.astype(np.int64) @ b.astype(np.int64)) & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
    t = lambda s: "tensor<" + "x".join(map(str, s)) + "xi32>"  # noqa: E731
    out = (ls[0], rs[1])
    mlir = f"""
        {MOD}
          func.func public @main(%a: {t(ls)}, %b: {t(rs)}) -> {t(out)} {{
            %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : ({t(ls)}, {t(rs)}) -> {t(out)}
            return %0 : {t(out)}
          }}
        }}"""
    for isa in ("", "avx2", "baseline"):
        got, _ = run(driver, tmp_path, mlir, a, b, {"JAXLIB_CPU_ISA": isa} if isa else {})
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, f"ISA {isa or 'native'}: {bad.size} elements differ from numpy's wrapped product"
