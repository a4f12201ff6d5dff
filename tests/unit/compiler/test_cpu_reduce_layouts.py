"""f32 reductions over every axis layout, read in place (issue 12).

Reduced dims that are not one contiguous block are read where they lie (segments of the
trailing reduced dims fed into per-row partial states, kernels/reduce_segments.h), columns are
split across threads, and an elementwise producer of such a reduction is fused into it. Each
must give numpy's values and the bits of the contiguous-row reduction that a transpose to
[kept..., reduced...] followed by a last-axis reduce computes. Run through the standalone driver.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from test_compiler_driver import driver  # noqa: F401  (a fixture)
from test_cpu_isa_paths import run_isa

MOD = 'module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {'
INIT = {"add": "0.000000e+00", "maximum": "0xFF800000", "minimum": "0x7F800000"}
NUMPY = {"add": np.sum, "maximum": np.max, "minimum": np.min}


def tensor(shape: tuple[int, ...]) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + "f32>"


def reduce_line(name: str, src: str, shape: tuple[int, ...], dims: tuple[int, ...], op: str) -> tuple[str, str]:
    kept = tuple(d for k, d in enumerate(shape) if k not in dims)
    line = (f"%{name} = stablehlo.reduce(%{src} init: %init) applies stablehlo.{op} across dimensions = "
            f"[{', '.join(map(str, dims))}] : ({tensor(shape)}, tensor<f32>) -> {tensor(kept)}")
    return line, tensor(kept)


def layouts_program(shape: tuple[int, ...], op: str) -> tuple[str, list[tuple[int, ...]]]:
    """Every proper non-empty axis subset reduced in place, each followed by its reference: the
    input transposed to [kept..., reduced...], reshaped to [K, R] and reduced over the last axis."""
    rank = len(shape)
    subsets = [s for n in range(1, rank) for s in itertools.combinations(range(rank), n)]
    lines, results = [f"%init = stablehlo.constant dense<{INIT[op]}> : tensor<f32>"], []
    for i, dims in enumerate(subsets):
        line, t = reduce_line(f"r{i}", "x", shape, dims, op)
        lines.append(line)
        kept = [k for k in range(rank) if k not in dims]
        perm = kept + list(dims)
        k_n = int(np.prod([shape[k] for k in kept]))
        r_n = int(np.prod([shape[k] for k in dims]))
        pshape = tuple(shape[k] for k in perm)
        lines.append(f"%t{i} = stablehlo.transpose %x, dims = [{', '.join(map(str, perm))}] : "
                     f"({tensor(shape)}) -> {tensor(pshape)}")
        lines.append(f"%s{i} = stablehlo.reshape %t{i} : ({tensor(pshape)}) -> {tensor((k_n, r_n))}")
        ref, rt = reduce_line(f"q{i}", f"s{i}", (k_n, r_n), (1,), op)
        lines.append(ref)
        results += [(f"%r{i}", t), (f"%q{i}", rt)]
    body = "\n    ".join(lines)
    names = ", ".join(n for n, _ in results)
    types = ", ".join(t for _, t in results)
    text = f"""
    {MOD}
      func.func public @main(%x: {tensor(shape)}) -> ({types}) {{
        {body}
        return {names} : {types}
      }}
    }}"""
    return text, subsets


def is_column_block(shape: tuple[int, ...], dims: tuple[int, ...]) -> bool:
    """Whether the non-unit reduced dims are one contiguous block followed by a non-unit kept dim."""
    big = [k for k in range(len(shape)) if shape[k] > 1]
    red = [k for k in big if k in dims]
    if not red:
        return False
    block = [k for k in big if red[0] <= k <= red[-1]]
    return block == red and any(k > red[-1] for k in big)


# Shapes with trailing reduced runs of whole 64-element steps (read in place) and of other
# lengths (transposed), an outer kept dim around the segments, and long columns; every f32 sum
# has at least 4096 elements, where the vector reducers (not XLA's tree order) run.
SHAPES = [(5, 7, 128), (3, 6, 5, 64), (11, 3, 130), (2, 3, 4, 320)]


@pytest.mark.parametrize("op", ["add", "maximum", "minimum"])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("isa", ["avx2", ""])
def test_every_axis_subset_matches_numpy_and_the_contiguous_row_bits(driver, tmp_path, shape, op, isa):  # noqa: F811
    rng = np.random.default_rng(len(shape) * 100 + shape[-1])
    x = rng.standard_normal(shape).astype(np.float32)
    if op != "add":
        x.flat[rng.integers(0, x.size, 3)] = np.nan  # NaN wins the rows it is in
    text, subsets = layouts_program(shape, op)
    outs = run_isa(driver, tmp_path, text, isa, x)
    for i, dims in enumerate(subsets):
        got, ref = outs[2 * i], outs[2 * i + 1]
        if op == "add" and is_column_block(shape, dims):
            # One contiguous block of reduced dims with kept dims inside: each element folds
            # sequentially from init (float32 cumsum's order).
            kept = [k for k in range(len(shape)) if k not in dims]
            rows = np.transpose(x, kept + list(dims)).reshape(ref.size, -1)
            ref = np.cumsum(rows, axis=1, dtype=np.float32)[:, -1]
        assert got.ravel().tobytes() == ref.tobytes(), (
            f"expected reduce over {dims} of {shape} ({op}) to have the bits of the row or column reduce")
        want = NUMPY[op](x.astype(np.float64), axis=dims)
        if op == "add":
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-4,
                                       err_msg=f"sum over {dims} of {shape} differs from numpy")
        else:
            np.testing.assert_array_equal(got, want.astype(np.float32),
                                          err_msg=f"{op} over {dims} of {shape} differs from numpy")


def test_nan_and_inf_in_segmented_sums(driver, tmp_path):  # noqa: F811
    shape = (6, 9, 192)
    x = np.ones(shape, np.float32)
    x[2, 3, 100] = np.nan
    x[4, 5, 7] = np.inf
    x[1, 5, 8] = -np.inf  # inf - inf: NaN
    x[0, 7, 0] = np.inf
    text, subsets = layouts_program(shape, "add")
    outs = run_isa(driver, tmp_path, text, "", x)
    got = outs[2 * subsets.index((0, 2))]
    want = np.full(9, 6 * 192, np.float32)
    want[3] = np.nan
    want[5] = np.nan
    want[7] = np.inf
    np.testing.assert_array_equal(got, want, err_msg="expected NaN and inf to reach exactly their kept elements")


VAR = """
{mod}
  func.func public @main(%x: {t}) -> ({k}, {t}) {{
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %s = stablehlo.reduce(%x init: %zero) applies stablehlo.add across dimensions = [{dims}] : ({t}, tensor<f32>) -> {k}
    %n = stablehlo.constant dense<{n}> : {k}
    %m = stablehlo.divide %s, %n : {k}
    %b = stablehlo.broadcast_in_dim %m, dims = [{kept}] : ({k}) -> {t}
    %d = stablehlo.subtract %x, %b : {t}
    %q = stablehlo.multiply %d, %d : {t}
    %v = stablehlo.reduce(%q init: %zero) applies stablehlo.{op} across dimensions = [{dims}] : ({t}, tensor<f32>) -> {k}
    return %v, %q : {k}, {t}
  }}
}}"""


@pytest.mark.parametrize("shape,dims", [((16, 96, 128), (0, 2)), ((4, 6, 50, 130), (0, 3)),
                                        ((4, 33, 2, 256), (1, 3)), ((3, 40, 6, 5, 64), (0, 2, 3, 4))])
@pytest.mark.parametrize("op", ["add", "maximum"])
def test_fused_producer_matches_unfused_bits_and_numpy(driver, tmp_path, shape, dims, op):  # noqa: F811
    """A square(x - mean) producer fused into a reduction over non-trailing dims (the squares
    also returned): the result has the unfused program's bits."""
    x = np.random.default_rng(7).standard_normal(shape).astype(np.float32)
    kept = [k for k in range(len(shape)) if k not in dims]
    k_shape = tuple(shape[k] for k in kept)
    n = int(np.prod([shape[k] for k in dims]))
    text = VAR.format(mod=MOD, t=tensor(shape), k=tensor(k_shape), dims=", ".join(map(str, dims)),
                      kept=", ".join(map(str, kept)), n=f"{float(n):e}", op=op)
    fused, fused_q = run_isa(driver, tmp_path, text, "", x)
    unfused, unfused_q = run_isa(driver, tmp_path, text, "", x, extra_env={"JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    assert fused.tobytes() == unfused.tobytes(), f"expected the fused reduce over {dims} of {shape} to match unfused bits"
    # The fusion's other result (the squares) is written whole, once per element.
    assert fused_q.tobytes() == unfused_q.tobytes(), f"expected the fused squares over {shape} to match unfused bits"
    x64 = x.astype(np.float64)
    d = (x64 - x64.mean(axis=dims, keepdims=True)) ** 2
    want = d.sum(axis=dims) if op == "add" else d.max(axis=dims)
    np.testing.assert_allclose(fused, want, rtol=1e-4, atol=1e-4, err_msg=f"{op} of squares over {dims} of {shape}")


@pytest.mark.parametrize("shape", [(1000003,), (300, 7, 97), (70000,)])
@pytest.mark.parametrize("op", ["add", "maximum"])
def test_whole_reduction_of_a_producer_matches_unfused_bits(driver, tmp_path, shape, op):  # noqa: F811
    """Every dim reduced: a sum is fused into its producer and split over threads in the unfused
    reduce's chunks (lengths that are not multiples of 64 end chunks in tails); max stays unfused."""
    x = np.random.default_rng(11).standard_normal(shape).astype(np.float32)
    dims = tuple(range(len(shape)))
    text = VAR.format(mod=MOD, t=tensor(shape), k=tensor(()), dims=", ".join(map(str, dims)), kept="",
                      n=f"{float(x.size):e}", op=op)
    err: list[str] = []
    fused, fused_q = run_isa(driver, tmp_path, text, "", x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
    unfused, unfused_q = run_isa(driver, tmp_path, text, "", x, extra_env={"JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    top_reduces = [line for line in err[0].splitlines() if line.startswith("%") and "stablehlo.reduce(" in line]
    assert len(top_reduces) == (1 if op == "add" else 2), f"expected the {op} of squares fused only for add: {top_reduces}"
    assert fused.tobytes() == unfused.tobytes(), f"expected the fused whole {op} over {shape} to match unfused bits"
    assert fused_q.tobytes() == unfused_q.tobytes()
    d = (x.astype(np.float64) - x.astype(np.float64).mean()) ** 2
    want = d.sum() if op == "add" else d.max()
    np.testing.assert_allclose(fused, want, rtol=1e-4, err_msg=f"{op} of squares over {shape}")


@pytest.mark.parametrize("shape,dims", [((1000003,), (0,)), ((96, 2000), (1,)), ((3, 50, 1000), (1, 2))])
@pytest.mark.parametrize("op", ["add", "maximum"])
def test_f64_and_integer_reductions_of_a_producer_match_unfused_bits(driver, tmp_path, shape, dims, op):  # noqa: F811
    """f64 exp(-x*x) * y and an s32 count (x > 0.5 converted) reduced over trailing dims: fused
    into their producers (whole reductions only for add) with the unfused reduce's bits."""
    if op == "maximum" and len(dims) == len(shape):
        pytest.skip("a whole max stays unfused")
    rng = np.random.default_rng(5)
    x, y = rng.standard_normal(shape), rng.standard_normal(shape)
    t, ti = tensor(shape).replace("f32", "f64"), tensor(shape).replace("f32", "i32")
    kept = tuple(d for k, d in enumerate(shape) if k not in dims)
    k, ki = tensor(kept).replace("f32", "f64"), tensor(kept).replace("f32", "i32")
    d = ", ".join(map(str, dims))
    init = "0.0" if op == "add" else "0xFFF0000000000000"
    text = f"""
    {MOD}
      func.func public @main(%x: {t}, %y: {t}) -> ({k}, {ki}) {{
        %0 = stablehlo.multiply %x, %x : {t}
        %1 = stablehlo.negate %0 : {t}
        %2 = stablehlo.exponential %1 : {t}
        %3 = stablehlo.multiply %2, %y : {t}
        %z = stablehlo.constant dense<{init}> : tensor<f64>
        %4 = stablehlo.reduce(%3 init: %z) applies stablehlo.{op} across dimensions = [{d}] : ({t}, tensor<f64>) -> {k}
        %h = stablehlo.constant dense<0.5> : {t}
        %5 = stablehlo.compare GT, %x, %h : ({t}, {t}) -> {ti.replace("i32", "i1")}
        %6 = stablehlo.convert %5 : ({ti.replace("i32", "i1")}) -> {ti}
        %zi = stablehlo.constant dense<0> : tensor<i32>
        %7 = stablehlo.reduce(%6 init: %zi) applies stablehlo.{op} across dimensions = [{d}] : ({ti}, tensor<i32>) -> {ki}
        return %4, %7 : {k}, {ki}
      }}
    }}"""
    err: list[str] = []
    fused = run_isa(driver, tmp_path, text, "", x, y, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
    unfused = run_isa(driver, tmp_path, text, "", x, y, extra_env={"JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    top_reduces = [line for line in err[0].splitlines() if line.startswith("%") and "stablehlo.reduce(" in line]
    assert not top_reduces, f"expected both reductions fused into their producers: {top_reduces}"
    for got, ref in zip(fused, unfused, strict=True):
        assert got.tobytes() == ref.tobytes(), f"expected the fused {op} over {dims} of {shape} to match unfused bits"
    e = np.exp(-x * x) * y
    want = e.sum(axis=dims) if op == "add" else e.max(axis=dims)
    np.testing.assert_allclose(fused[0], want, rtol=1e-12, atol=1e-9)
    c = (x > 0.5).astype(np.int32)
    np.testing.assert_array_equal(fused[1], c.sum(axis=dims) if op == "add" else c.max(axis=dims))


@pytest.mark.parametrize("shape,axis", [((4099, 3), 0), ((2, 300, 40), 1), ((4096, 1000), 0)])
def test_columns_split_across_threads_fold_in_row_order(driver, tmp_path, shape, axis):  # noqa: F811
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
    kept = tuple(d for k, d in enumerate(shape) if k != axis)
    text = f"""
    {MOD}
      func.func public @main(%x: {tensor(shape)}) -> {tensor(kept)} {{
        %init = stablehlo.constant dense<0.000000e+00> : tensor<f32>
        {reduce_line("r", "x", shape, (axis,), "add")[0]}
        return %r : {tensor(kept)}
      }}
    }}"""
    got = run_isa(driver, tmp_path, text, "", x)[0]
    # Each column folds sequentially from init, in f32: numpy's cumulative sum is that order.
    want = np.cumsum(np.moveaxis(x, axis, 0), axis=0, dtype=np.float32)[-1]
    assert got.tobytes() == want.tobytes(), f"expected sequential f32 column sums over axis {axis} of {shape}"


@pytest.mark.parametrize("isa", ["baseline", "avx2", ""])
@pytest.mark.parametrize("strided", [False, True])
def test_take_along_axis_gather_clamps_like_stablehlo(driver, tmp_path, isa, strided):  # noqa: F811
    """One index component per output element, read straight from the index array (a vector
    gather per run): start indices clamp into [0, dim - 1] as StableHLO's gather says."""
    rows, cols, k = 37, 53, 21  # odd lengths: vector bodies and scalar tails
    rng = np.random.default_rng(11)
    idx = rng.integers(-80, 130, (rows, k)).astype(np.int32)
    idx[0, :4] = [np.iinfo(np.int32).min, np.iinfo(np.int32).max, -1, cols]
    if strided:  # out[m, j] = x[idx[m, j], m]: the indexed dim is the outer one (stride = rows)
        x = rng.standard_normal((cols, rows)).astype(np.float32)
        dnums = ("collapsed_slice_dims = [0], operand_batching_dims = [1], start_indices_batching_dims = [0], "
                 "start_index_map = [0], index_vector_dim = 2")
        want = x[np.clip(idx, 0, cols - 1), np.arange(rows)[:, None]]
    else:  # out[m, j] = x[m, idx[m, j]]: jnp.take_along_axis(x, idx, axis=1)
        x = rng.standard_normal((rows, cols)).astype(np.float32)
        dnums = ("collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], "
                 "start_index_map = [1], index_vector_dim = 2")
        want = np.take_along_axis(x, np.clip(idx, 0, cols - 1), axis=1)
    xt = tensor(x.shape)
    text = f"""
    {MOD}
      func.func public @main(%x: {xt}, %i: tensor<{rows}x{k}xi32>) -> tensor<{rows}x{k}xf32> {{
        %r = stablehlo.reshape %i : (tensor<{rows}x{k}xi32>) -> tensor<{rows}x{k}x1xi32>
        %g = "stablehlo.gather"(%x, %r) <{{dimension_numbers = #stablehlo.gather<{dnums}>,
             indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}}>
             : ({xt}, tensor<{rows}x{k}x1xi32>) -> tensor<{rows}x{k}xf32>
        return %g : tensor<{rows}x{k}xf32>
      }}
    }}"""
    got = run_isa(driver, tmp_path, text, isa, x, idx)[0]
    assert got.tobytes() == want.tobytes(), f"expected clamped take_along_axis values (strided={strided}, ISA {isa})"


@pytest.mark.parametrize("body", ["set", "add"])
def test_unique_index_scatter_across_threads_skips_out_of_bounds(driver, tmp_path, body):  # noqa: F811
    """unique_indices scatters are applied by several threads; out-of-bounds updates are skipped."""
    n, m = 300007, 100003
    rng = np.random.default_rng(5)
    x = rng.standard_normal(n).astype(np.float32)
    u = rng.standard_normal(m).astype(np.float32)
    idx = rng.permutation(n + 2000)[:m].astype(np.int32) - 1000  # unique, some below 0 or >= n
    region = ("stablehlo.return %b : tensor<f32>" if body == "set" else
              "%s = stablehlo.add %a, %b : tensor<f32>\n          stablehlo.return %s : tensor<f32>")
    text = f"""
    {MOD}
      func.func public @main(%x: tensor<{n}xf32>, %u: tensor<{m}xf32>, %i: tensor<{m}xi32>) -> tensor<{n}xf32> {{
        %r = stablehlo.reshape %i : (tensor<{m}xi32>) -> tensor<{m}x1xi32>
        %y = "stablehlo.scatter"(%x, %r, %u) <{{indices_are_sorted = false, scatter_dimension_numbers =
             #stablehlo.scatter<inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>,
             unique_indices = true}}> ({{
        ^bb0(%a: tensor<f32>, %b: tensor<f32>):
          {region}
        }}) : (tensor<{n}xf32>, tensor<{m}x1xi32>, tensor<{m}xf32>) -> tensor<{n}xf32>
        return %y : tensor<{n}xf32>
      }}
    }}"""
    got = run_isa(driver, tmp_path, text, "", x, u, idx)[0]
    want = x.copy()
    ok = (idx >= 0) & (idx < n)
    if body == "set":
        want[idx[ok]] = u[ok]
    else:
        want[idx[ok]] += u[ok]
    assert got.tobytes() == want.tobytes(), f"expected scatter-{body} with unique indices to match numpy"


@pytest.mark.parametrize("op,init,ufunc", [("add", "2.500000e+00", np.add), ("maximum", "0xFF800000", np.maximum),
                                           ("minimum", "1.000000e+00", np.minimum)])
def test_reduce_over_unit_dims_is_the_body_applied_once(driver, tmp_path, op, init, ufunc):  # noqa: F811
    """A reduce over size-1 dims becomes op(init, x), elementwise (and fused with its neighbours)."""
    x = np.random.default_rng(9).standard_normal((5, 1, 7, 1)).astype(np.float32)
    x[0, 0, :3, 0] = [np.nan, -0.0, np.inf]
    text = f"""
    {MOD}
      func.func public @main(%x: tensor<5x1x7x1xf32>) -> (tensor<5x7xf32>, tensor<5x7xi1>) {{
        %init = stablehlo.constant dense<{init}> : tensor<f32>
        %r = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [1, 3]
             : (tensor<5x1x7x1xf32>, tensor<f32>) -> tensor<5x7xf32>
        %zero = stablehlo.constant dense<0.000000e+00> : tensor<5x1x7x1xf32>
        %p = stablehlo.compare GT, %x, %zero, FLOAT : (tensor<5x1x7x1xf32>, tensor<5x1x7x1xf32>) -> tensor<5x1x7x1xi1>
        %t = stablehlo.constant dense<true> : tensor<i1>
        %a = stablehlo.reduce(%p init: %t) applies stablehlo.and across dimensions = [1, 3]
             : (tensor<5x1x7x1xi1>, tensor<i1>) -> tensor<5x7xi1>
        return %r, %a : tensor<5x7xf32>, tensor<5x7xi1>
      }}
    }}"""
    got, got_and = run_isa(driver, tmp_path, text, "", x)
    init_v = np.array([float.fromhex("-inf") if init == "0xFF800000" else float(init)], np.float32)[0]
    want = ufunc(init_v, x.reshape(5, 7))
    np.testing.assert_array_equal(got, want, err_msg=f"expected {op}(init, x) over the unit dims")
    assert np.signbit(got[0, 1]) == np.signbit(want[0, 1]), f"expected {op}(init, -0) to keep numpy's sign"
    np.testing.assert_array_equal(got_and.astype(bool), x.reshape(5, 7) > 0, err_msg="expected and(true, x > 0)")


# Reduced dims that are one block before a kept dim (columns): the producer is computed inside
# the column reduce (whole rows into per-column accumulators; with more threads than items,
# column blocks narrower than a row, each row piece one program run).
COLUMN_CASES = [((600, 300), (0,)), ((40, 30, 6, 64), (0, 1, 2)), ((8, 500, 40), (1,)),
                ((3, 1, 200, 1, 130), (2,)), ((5, 40, 30, 70), (1, 2)), ((70, 2000), (0,)), ((20, 9000), (0,))]


def top_level_reduces(plan: str) -> list[str]:
    return [line for line in plan.splitlines() if line.startswith("%") and "stablehlo.reduce(" in line]


@pytest.mark.parametrize("shape,dims", COLUMN_CASES)
@pytest.mark.parametrize("op", ["add", "maximum", "minimum"])
@pytest.mark.parametrize("threads", ["1", "4"])
def test_column_reduction_fuses_its_producer_with_unfused_bits(driver, tmp_path, shape, dims, op, threads):  # noqa: F811
    """square(x - mean) reduced over a block of leading or middle dims: fused (no top-level reduce
    of the squares in the plan), every column folded in order from init as the unfused column
    reduce does, at AVX-512 and AVX2 and at any thread count; NaNs reach only their columns."""
    rng = np.random.default_rng(sum(shape))
    x = rng.standard_normal(shape).astype(np.float32)
    if op != "add":
        x.flat[rng.integers(0, x.size, 3)] = np.nan
    kept = [k for k in range(len(shape)) if k not in dims]
    k_shape = tuple(shape[k] for k in kept)
    n = int(np.prod([shape[k] for k in dims]))
    text = VAR.format(mod=MOD, t=tensor(shape), k=tensor(k_shape), dims=", ".join(map(str, dims)),
                      kept=", ".join(map(str, kept)), n=f"{float(n):e}", op=op)
    env = {"JAXLIB_CPU_THREADS": threads}
    err: list[str] = []
    fused, fused_q = run_isa(driver, tmp_path, text, "", x, extra_env={**env, "JAXLIB_DUMP_PLAN": "1"}, stderr=err)
    assert len(top_level_reduces(err[0])) == 1, f"expected the {op} of squares over {dims} of {shape} fused: {err[0]}"
    avx2, avx2_q = run_isa(driver, tmp_path, text, "avx2", x, extra_env=env)
    unfused, unfused_q = run_isa(driver, tmp_path, text, "", x,
                                 extra_env={**env, "JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    for got, what in ((fused, "fused"), (avx2, "fused at AVX2")):
        assert got.tobytes() == unfused.tobytes(), (
            f"expected the {what} {op} over {dims} of {shape} to have the unfused column reduce's bits")
    assert fused_q.tobytes() == unfused_q.tobytes() == avx2_q.tobytes(), "expected the squares written unchanged"
    x64 = x.astype(np.float64)
    d = (x64 - x64.mean(axis=dims, keepdims=True)) ** 2
    if op == "add":
        # Sequential from init along the reduced elements of each column: float32 cumsum's order.
        rows = np.transpose(unfused_q, kept + list(dims)).reshape(fused.size, -1)
        want32 = np.cumsum(rows, axis=1, dtype=np.float32)[:, -1].reshape(k_shape)
        assert fused.tobytes() == want32.tobytes(), f"expected sequential column sums over {dims} of {shape}"
        np.testing.assert_allclose(fused, d.sum(axis=dims), rtol=1e-4, atol=1e-4, err_msg=f"sum over {dims}")
    else:
        # The init (zero) takes part: a min of squares from it is 0 wherever no NaN is.
        want = d.max(axis=dims) if op == "maximum" else np.minimum(d.min(axis=dims), 0.0)
        np.testing.assert_allclose(fused, want, rtol=1e-5, atol=1e-6, err_msg=f"{op} over {dims} of {shape}")


SOFTMAX0 = """
{mod}
  func.func public @main(%x: {t}) -> {t} {{
    %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [0] : ({t}, tensor<f32>) -> {k}
    %mb = stablehlo.broadcast_in_dim %m, dims = [1, 2] : ({k}) -> {t}
    %d = stablehlo.subtract %x, %mb : {t}
    %e = stablehlo.exponential %d : {t}
    %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [0] : ({t}, tensor<f32>) -> {k}
    %sb = stablehlo.broadcast_in_dim %s, dims = [1, 2] : ({k}) -> {t}
    %y = stablehlo.divide %e, %sb : {t}
    return %y : {t}
  }}
}}"""


@pytest.mark.parametrize("isa", ["avx2", ""])
def test_softmax_over_a_leading_axis_fuses_exp_into_the_column_sum(driver, tmp_path, isa):  # noqa: F811
    """jax.nn.softmax(x, axis=0): exp(x - max) is computed inside the column sum and again by the
    divide (never written), with the unfused program's bits and numpy's values."""
    shape = (700, 12, 16)
    x = np.random.default_rng(3).standard_normal(shape).astype(np.float32) * 4
    text = SOFTMAX0.format(mod=MOD, t=tensor(shape), k=tensor(shape[1:]))
    err: list[str] = []
    (fused,) = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_DUMP_PLAN": "1"}, stderr=err)
    (unfused,) = run_isa(driver, tmp_path, text, isa, x, extra_env={"JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    assert len(top_level_reduces(err[0])) == 1, f"expected only the max of x unfused: {err[0]}"
    assert fused.tobytes() == unfused.tobytes(), "expected the fused softmax over axis 0 to have the unfused bits"
    e = np.exp(x.astype(np.float64) - x.max(axis=0))
    np.testing.assert_allclose(fused, e / e.sum(axis=0), rtol=1e-5, atol=1e-7, err_msg="softmax over axis 0")


BROADCAST_BACK = """
{mod}
  func.func public @main(%x: {t}, %a: {at}, %b: {bt}) -> {t} {{
    %ab = stablehlo.broadcast_in_dim %a, dims = [{adims}] : ({at}) -> {t}
    %bb = stablehlo.broadcast_in_dim %b, dims = [{bdims}] : ({bt}) -> {t}
    %s = stablehlo.subtract %x, %ab : {t}
    %y = stablehlo.multiply %s, %bb : {t}
    return %y : {t}
  }}
}}"""


@pytest.mark.parametrize("shape,a_shape,b_shape", [
    ((64, 100, 64), (64, 1, 64), (64, 1, 64)),      # log_softmax over axis 1: blocks of whole tiles
    ((5, 37, 24), (5, 1, 24), (1, 37, 24)),          # blocks that end inside tiles
    ((3, 4, 50, 16), (1, 4, 1, 16), (3, 1, 50, 1)),  # a zero-stride dim outside the block too
    ((7, 300, 6, 10), (7, 1, 6, 10), (7, 300, 1, 1)),
])
@pytest.mark.parametrize("isa", ["avx2", ""])
def test_values_broadcast_back_along_a_middle_dim_are_gathered_exactly(driver, tmp_path, shape, a_shape, b_shape, isa):  # noqa: F811
    """(x - a) * b with a and b broadcast back along reduced middle dims (block-periodic tiles,
    filled once per block and reused while a call's tiles stay in it): numpy's bits."""
    rng = np.random.default_rng(len(shape) + shape[-1])
    x = rng.standard_normal(shape).astype(np.float32)
    a = rng.standard_normal(a_shape).astype(np.float32)
    b = rng.standard_normal(b_shape).astype(np.float32)
    # broadcast_in_dim keeps every dim (unit ones broadcast): dims are 0..rank-1.
    dims = ", ".join(map(str, range(len(shape))))
    text = BROADCAST_BACK.format(mod=MOD, t=tensor(shape), at=tensor(a_shape), bt=tensor(b_shape), adims=dims, bdims=dims)
    (got,) = run_isa(driver, tmp_path, text, isa, x, a, b)
    want = (x - a) * b
    assert got.tobytes() == want.tobytes(), f"expected (x - a) * b over {shape} with numpy's bits at {isa or 'native'}"


@pytest.mark.parametrize("winners", ["special", "normal"])
@pytest.mark.parametrize("op", ["maximum", "minimum"])
@pytest.mark.parametrize("isa", ["avx2", ""])
def test_column_max_min_of_special_values_match_the_row_bits(driver, tmp_path, op, isa, winners):  # noqa: F811
    """Column max/min take plain compares when no NaN is read and every result has a nonzero
    exponent, and the NaN-aware fold otherwise: signed zeros, denormals, infinities and NaNs in
    some columns give the bits of the row reduce of the transpose, whether they win (zeros and
    NaNs as results: the exact fold) or lose to normal numbers (the plain compares)."""
    shape = (37, 5, 48)
    rng = np.random.default_rng(17)
    x = rng.standard_normal(shape).astype(np.float32)
    if winners == "normal":
        # Specials that lose everywhere (the columns' winners are normal, or an infinity).
        lose = -1.0 if op == "maximum" else 1.0
        x[3, :, 1], x[7, :, 1], x[5, :, 3] = -0.0, 0.0, np.float32(1e-40)
        x[2, :, 4], x[6, :, 5] = lose * np.inf, -lose * np.inf
        outs = run_isa(driver, tmp_path, layouts_program(shape, op)[0], isa, x)
        for i, dims in enumerate(layouts_program(shape, op)[1]):
            assert outs[2 * i].ravel().tobytes() == outs[2 * i + 1].tobytes(), (
                f"expected the {op} over {dims} with losing specials to have the row reduce's bits")
        return
    sign = 1.0 if op == "minimum" else -1.0  # columns whose winners are the special values
    x[:, :, 0:6] = sign * np.abs(x[:, :, 0:6])
    x[3, :, 1], x[7, :, 1] = -0.0, 0.0
    x[:, :, 2] = 0.0
    x[4, 2, 2] = -0.0
    x[5, :, 3] = sign * np.float32(1e-40)  # a denormal (zero under DAZ)
    x[2, :, 4] = -sign * np.inf
    x[:, :, 5] = sign * np.inf
    x[9, 1, 6] = np.nan
    x[0, 0, 40] = np.float32(1e-41)
    text, subsets = layouts_program(shape, op)
    outs = run_isa(driver, tmp_path, text, isa, x)
    for i, dims in enumerate(subsets):
        got, ref = outs[2 * i], outs[2 * i + 1]
        assert got.ravel().tobytes() == ref.tobytes(), (
            f"expected the {op} over {dims} of special values to have the row reduce's bits")


NAN_INIT = """
{mod}
  func.func public @main(%x: {t}) -> ({k}, {k}) {{
    %nan = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %a = stablehlo.abs %x : {t}
    %m = stablehlo.reduce(%x init: %nan) applies stablehlo.{op} across dimensions = [0] : ({t}, tensor<f32>) -> {k}
    %f = stablehlo.reduce(%a init: %nan) applies stablehlo.{op} across dimensions = [0] : ({t}, tensor<f32>) -> {k}
    return %m, %f : {k}, {k}
  }}
}}"""


@pytest.mark.parametrize("op", ["maximum", "minimum"])
@pytest.mark.parametrize("isa", ["avx2", ""])
def test_column_max_min_from_a_nan_init_is_nan(driver, tmp_path, op, isa):  # noqa: F811
    """A NaN init wins every column of a max/min over axis 0, unfused and fused with abs (the
    plain compares, which would lose it, are not used)."""
    shape = (300, 400)
    x = np.random.default_rng(23).standard_normal(shape).astype(np.float32)
    text = NAN_INIT.format(mod=MOD, t=tensor(shape), k=tensor(shape[1:]), op=op)
    plain, fused = run_isa(driver, tmp_path, text, isa, x)
    assert np.isnan(plain).all() and np.isnan(fused).all(), f"expected a NaN init to win every column's {op}"


ABS_MAXMIN = """
{mod}
  func.func public @main(%x: {t}) -> {k} {{
    %init = stablehlo.constant dense<{init}> : tensor<f32>
    %a = stablehlo.abs %x : {t}
    %m = stablehlo.reduce(%a init: %init) applies stablehlo.{op} across dimensions = [0] : ({t}, tensor<f32>) -> {k}
    return %m : {k}
  }}
}}"""


@pytest.mark.parametrize("shape", [(600, 300), (5000, 64), (130, 4096)])
@pytest.mark.parametrize("op", ["maximum", "minimum"])
@pytest.mark.parametrize("threads", ["1", "4"])
@pytest.mark.parametrize("special", ["", "nan", "zero"])
def test_fused_column_max_min_split_by_rows_matches_the_ordered_fold(driver, tmp_path, shape, op, threads, special):  # noqa: F811
    """max/min of abs(x) over axis 0: with threads to spare, chunks of whole rows fold by plain
    compares and then together, kept only where that is exact; a NaN or a zero result (a column
    of zeros) falls back to the ordered NaN-aware fold. Unfused bits, numpy's values."""
    x = np.random.default_rng(shape[1]).standard_normal(shape).astype(np.float32)
    if special == "nan":
        x[shape[0] // 2, 7] = np.nan
    elif special == "zero":
        x[:, 5] = 0.0
        x[3, 5] = -0.0
    text = ABS_MAXMIN.format(mod=MOD, t=tensor(shape), k=tensor(shape[1:]), op=op, init=INIT[op])
    env = {"JAXLIB_CPU_THREADS": threads}
    (fused,) = run_isa(driver, tmp_path, text, "", x, extra_env=env)
    (unfused,) = run_isa(driver, tmp_path, text, "", x, extra_env={**env, "JAXLIB_CPU_DISABLE_FUSED_REDUCE": "1"})
    assert fused.tobytes() == unfused.tobytes(), f"expected the fused {op} of abs over axis 0 of {shape} to match unfused bits"
    want = NUMPY[op](np.abs(x), axis=0)
    np.testing.assert_array_equal(fused, want, err_msg=f"{op} of abs over axis 0 of {shape} ({special or 'plain'})")


@pytest.mark.parametrize("width", [3, 5, 17, 20])
@pytest.mark.parametrize("op", ["add", "maximum", "minimum"])
def test_narrow_columns_over_many_rows_fold_in_row_order(driver, tmp_path, width, op):  # noqa: F811
    """x.sum(0) / max(0) / min(0) of [5003, width] (coordinates, a few features): the last
    partial vector of columns is folded with whole-vector loads while they stay inside x. Each
    column folds in row order from init (the float32 running sum's last value), NaN propagates."""
    rows = 5003
    rng = np.random.default_rng(width)
    x = (rng.standard_normal((rows, width)) * 100).astype(np.float32)
    if op != "add":
        x[rng.integers(0, rows), rng.integers(0, width)] = np.nan
    t, r = f"tensor<{rows}x{width}xf32>", f"tensor<{width}xf32>"
    prog = f"""
        {MOD}
          func.func public @main(%x: {t}) -> {r} {{
            %init = stablehlo.constant dense<{INIT[op]}> : tensor<f32>
            %0 = stablehlo.reduce(%x init: %init) applies stablehlo.{op} across dimensions = [0] : ({t}, tensor<f32>) -> {r}
            return %0 : {r}
          }}
        }}"""
    if op == "add":
        want = np.add.accumulate(np.vstack([np.zeros((1, width), np.float32), x]), axis=0, dtype=np.float32)[-1]
    else:
        want = NUMPY[op](x, axis=0)
    for isa in ("", "avx2"):
        got = run_isa(driver, tmp_path, prog, isa, x)[0]
        assert np.array_equal(got, want, equal_nan=True) and (op != "add" or got.tobytes() == want.tobytes()), (
            f"{op} over {width} columns at {isa or 'native'}: expected each column folded in row order")
