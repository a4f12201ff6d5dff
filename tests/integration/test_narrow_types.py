"""Narrow element types (int4/uint4/int2/uint2, the f8 floats, f4E2M1FN) end to end through
our xla_client and the CPU plugin: conversions against ml_dtypes (JAX's reference for these
types) over every code and over values chosen at rounding ties, overflow and underflow;
integer arithmetic wrapping at the type's width; bitcasts that pack and unpack sub-byte
elements; the ops that only move bytes; contractions; constants; and a clear error for an op
with no rule for these types."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
ml_dtypes = pytest.importorskip("ml_dtypes")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

FLOATS = {
    "f8E5M2": ml_dtypes.float8_e5m2,
    "f8E4M3FN": ml_dtypes.float8_e4m3fn,
    "f8E4M3B11FNUZ": ml_dtypes.float8_e4m3b11fnuz,
    "f8E5M2FNUZ": ml_dtypes.float8_e5m2fnuz,
    "f8E4M3FNUZ": ml_dtypes.float8_e4m3fnuz,
    "f8E4M3": ml_dtypes.float8_e4m3,
    "f8E3M4": ml_dtypes.float8_e3m4,
    "f8E8M0FNU": ml_dtypes.float8_e8m0fnu,
    "f4E2M1FN": ml_dtypes.float4_e2m1fn,
}
INTS = {"i4": ml_dtypes.int4, "ui4": ml_dtypes.uint4, "i2": ml_dtypes.int2, "ui2": ml_dtypes.uint2}
NP_MLIR = {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.int32): "i32",
           np.dtype(np.int8): "i8", np.dtype(np.uint8): "ui8", np.dtype(np.float16): "f16",
           np.dtype(ml_dtypes.bfloat16): "bf16", np.dtype(np.bool_): "i1", np.dtype(np.int64): "i64"}
NP_MLIR.update({np.dtype(t): name for name, t in {**FLOATS, **INTS}.items()})


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=1)
    yield c
    c.close()


def _tensor(shape, dtype) -> str:
    return "tensor<" + "".join(f"{d}x" for d in shape) + NP_MLIR[np.dtype(dtype)] + ">"


def run(client, body: str, args, result_types):
    """Compiles @main(args) -> results with `body` (which names %arg0.. and returns) and runs it."""
    params = ", ".join(f"%arg{i}: {_tensor(a.shape, a.dtype)}" for i, a in enumerate(args))
    results = ", ".join(result_types)
    text = f"module @m {{\n  func.func public @main({params}) -> ({results}) {{\n{body}\n  }}\n}}"
    exe = client.compile_and_load(text, client.devices()[:1])
    dev = client.devices()[0]
    outs = exe.execute([client.buffer_from_pyval(a, device=dev) for a in args])
    return [np.asarray(o) for o in outs]


def convert(client, x, to):
    t_in, t_out = _tensor(x.shape, x.dtype), _tensor(x.shape, to)
    body = f"    %0 = stablehlo.convert %arg0 : ({t_in}) -> {t_out}\n    return %0 : {t_out}"
    (out,) = run(client, body, [x], [t_out])
    assert out.dtype == np.dtype(to)
    return out


def bits(a):
    return np.asarray(a).view(np.uint8)


def probe_values(dtype) -> np.ndarray:
    """Every finite value of the type, the midpoints between neighbours (ties), points just
    either side of them, values past the largest finite one and below the smallest
    subnormal, and the specials."""
    codes = np.arange(1 << ml_dtypes.finfo(dtype).bits, dtype=np.uint8)
    vals = codes.view(dtype) if ml_dtypes.finfo(dtype).bits == 8 else codes.astype(np.uint8).view(dtype)
    v = np.unique(vals.astype(np.float64))
    v = v[np.isfinite(v)]
    mids = (v[:-1] + v[1:]) / 2
    big = float(ml_dtypes.finfo(dtype).max)
    extra = [big * 1.03, big * 1.0625, big * 2, 1e30, -big * 1.5, 1e-30, -1e-30, 0.0, -0.0,
             np.inf, -np.inf, np.nan, float(ml_dtypes.finfo(dtype).smallest_subnormal) / 3]
    out = np.concatenate([v, mids, np.nextafter(mids, np.inf), np.nextafter(mids, -np.inf), extra])
    return out


@pytest.mark.parametrize("name", sorted(FLOATS))
def test_every_code_decodes_as_ml_dtypes_does(client, name):
    dtype = FLOATS[name]
    nbits = ml_dtypes.finfo(dtype).bits
    codes = np.arange(1 << nbits, dtype=np.uint8).view(dtype)
    got = convert(client, codes, np.float32)
    want = codes.astype(np.float32)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[~np.isnan(want)], want[~np.isnan(want)])
    np.testing.assert_array_equal(np.signbit(got[~np.isnan(want)]), np.signbit(want[~np.isnan(want)]))


@pytest.mark.parametrize("source", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(FLOATS))
def test_float_to_narrow_rounds_as_ml_dtypes_does(client, name, source):
    dtype = FLOATS[name]
    x = probe_values(dtype).astype(source)
    if source is np.float64:  # f64 goes through f32, whose subnormals flush to zero (as on XLA:CPU)
        x = x[~((np.abs(x) < np.finfo(np.float32).tiny) & (x != 0))]
    got = convert(client, x, dtype)
    want = x.astype(dtype)
    mismatch = np.nonzero(bits(got) != bits(want))[0]
    assert mismatch.size == 0, [(float(x[i]), hex(bits(got)[i]), hex(bits(want)[i])) for i in mismatch[:8]]


@pytest.mark.parametrize("source", [np.float16, ml_dtypes.bfloat16, np.int32, np.int8, np.bool_])
def test_other_sources_convert_to_f8(client, source):
    x = np.array([0, 1, -3, 7, 100, -448, 20000, 3], np.float64)
    x = x.astype(source)
    got = convert(client, x, ml_dtypes.float8_e4m3fn)
    want = x.astype(np.float32).astype(ml_dtypes.float8_e4m3fn)
    np.testing.assert_array_equal(bits(got), bits(want))


def test_narrow_float_to_narrow_float(client):
    codes = np.arange(256, dtype=np.uint8).view(ml_dtypes.float8_e4m3fn)
    got = convert(client, codes, ml_dtypes.float8_e5m2)
    want = codes.astype(np.float32).astype(ml_dtypes.float8_e5m2)
    np.testing.assert_array_equal(bits(got), bits(want))
    got = convert(client, codes, ml_dtypes.int4)
    want = np.clip(np.nan_to_num(codes.astype(np.float32)), -8, 7).astype(np.int32).astype(ml_dtypes.int4)
    np.testing.assert_array_equal(got.astype(np.int32), want.astype(np.int32))


def wrap(values, name):
    """values (wide ints) as the narrow type `name` holds them (two's complement wrap)."""
    width = {"i4": 4, "ui4": 4, "i2": 2, "ui2": 2}[name]
    v = np.asarray(values, np.int64) & ((1 << width) - 1)
    if not name.startswith("u"):
        v = np.where(v >= 1 << (width - 1), v - (1 << width), v)
    return v


def _all_pairs(name):
    dtype = INTS[name]
    info = ml_dtypes.iinfo(dtype)
    r = np.arange(int(info.min), int(info.max) + 1)
    a, b = np.meshgrid(r, r)
    return a.ravel().astype(dtype), b.ravel().astype(dtype)


@pytest.mark.parametrize("name", sorted(INTS))
@pytest.mark.parametrize("op,ref", [
    ("add", lambda a, b: a + b),
    ("subtract", lambda a, b: a - b),
    ("multiply", lambda a, b: a * b),
    ("maximum", np.maximum),
    ("minimum", np.minimum),
    ("and", np.bitwise_and),
    ("or", np.bitwise_or),
    ("xor", np.bitwise_xor),
])
def test_integer_binary_ops_wrap_at_the_width(client, name, op, ref):
    a, b = _all_pairs(name)
    t = _tensor(a.shape, a.dtype)
    (out,) = run(client, f"    %0 = stablehlo.{op} %arg0, %arg1 : {t}\n    return %0 : {t}", [a, b], [t])
    want = wrap(ref(a.astype(np.int64), b.astype(np.int64)), name)
    np.testing.assert_array_equal(out.astype(np.int64), want)


@pytest.mark.parametrize("name", sorted(INTS))
def test_integer_division_and_shifts(client, name):
    a, b = _all_pairs(name)
    width = {"i4": 4, "ui4": 4, "i2": 2, "ui2": 2}[name]
    signed = not name.startswith("u")
    t = _tensor(a.shape, a.dtype)
    body = "\n".join([
        f"    %0 = stablehlo.divide %arg0, %arg1 : {t}",
        f"    %1 = stablehlo.remainder %arg0, %arg1 : {t}",
        f"    %2 = stablehlo.shift_left %arg0, %arg1 : {t}",
        f"    %3 = stablehlo.shift_right_logical %arg0, %arg1 : {t}",
        f"    %4 = stablehlo.shift_right_arithmetic %arg0, %arg1 : {t}",
        f"    return %0, %1, %2, %3, %4 : {t}, {t}, {t}, {t}, {t}",
    ])
    div, rem, shl, shrl, shra = (o.astype(np.int64) for o in run(client, body, [a, b], [t] * 5))
    x, y = a.astype(np.int64), b.astype(np.int64)
    ubits_x = x & ((1 << width) - 1)  # the bit pattern
    amount = y & ((1 << width) - 1)   # shift amounts read unsigned
    nz = y != 0
    # Division truncates toward zero; x / 0 is all ones, x % 0 is x (XLA's rule).
    want_div = np.where(nz, np.trunc(x / np.where(nz, y, 1)).astype(np.int64), -1)
    want_rem = np.where(nz, x - np.trunc(x / np.where(nz, y, 1)).astype(np.int64) * y, x)
    np.testing.assert_array_equal(div, wrap(want_div, name))
    np.testing.assert_array_equal(rem, wrap(want_rem, name))
    np.testing.assert_array_equal(shl, wrap(np.where(amount < width, ubits_x << np.minimum(amount, width), 0), name))
    np.testing.assert_array_equal(shrl, wrap(np.where(amount < width, ubits_x >> np.minimum(amount, width), 0), name))
    sign_extended = np.where(ubits_x >= 1 << (width - 1), ubits_x - (1 << width), ubits_x)
    np.testing.assert_array_equal(shra, wrap(sign_extended >> np.minimum(amount, width - 1), name))
    del signed


@pytest.mark.parametrize("name", sorted(INTS))
def test_integer_unary_ops(client, name):
    dtype = INTS[name]
    width = {"i4": 4, "ui4": 4, "i2": 2, "ui2": 2}[name]
    info = ml_dtypes.iinfo(dtype)
    x = np.arange(int(info.min), int(info.max) + 1).astype(dtype)
    t = _tensor(x.shape, x.dtype)
    body = "\n".join([
        f"    %0 = stablehlo.negate %arg0 : {t}",
        f"    %1 = stablehlo.not %arg0 : {t}",
        f"    %2 = stablehlo.popcnt %arg0 : {t}",
        f"    %3 = stablehlo.count_leading_zeros %arg0 : {t}",
        f"    %4 = stablehlo.abs %arg0 : {t}",
        f"    return %0, %1, %2, %3, %4 : {t}, {t}, {t}, {t}, {t}",
    ])
    neg, inv, pop, clz, ab = (o.astype(np.int64) for o in run(client, body, [x], [t] * 5))
    v = x.astype(np.int64)
    pattern = v & ((1 << width) - 1)
    np.testing.assert_array_equal(neg, wrap(-v, name))
    np.testing.assert_array_equal(inv, wrap(~v, name))
    # Counts are of the type too: a 2-bit count of 2 is -2 in i2.
    np.testing.assert_array_equal(pop, wrap([bin(int(p)).count("1") for p in pattern], name))
    np.testing.assert_array_equal(clz, wrap([width - int(p).bit_length() for p in pattern], name))
    np.testing.assert_array_equal(ab, wrap(np.abs(v), name))


def test_integer_compare_and_convert(client):
    a, b = _all_pairs("i4")
    t = _tensor(a.shape, a.dtype)
    tp, ti = _tensor(a.shape, np.bool_), _tensor(a.shape, np.int32)
    body = "\n".join([
        f"    %0 = stablehlo.compare LT, %arg0, %arg1, SIGNED : ({t}, {t}) -> {tp}",
        f"    %1 = stablehlo.convert %arg0 : ({t}) -> {ti}",
        f"    return %0, %1 : {tp}, {ti}",
    ])
    lt, wide = run(client, body, [a, b], [tp, ti])
    np.testing.assert_array_equal(lt, a.astype(np.int32) < b.astype(np.int32))
    np.testing.assert_array_equal(wide, a.astype(np.int32))
    big = np.array([-100, -9, -8, 7, 8, 100, 3, 255], np.int32)
    np.testing.assert_array_equal(convert(client, big, ml_dtypes.int4).astype(np.int32), wrap(big, "i4"))
    f = np.array([-100.5, -8.5, -7.9, 6.9, 7.5, 100, np.nan, 0.4], np.float32)
    np.testing.assert_array_equal(convert(client, f, ml_dtypes.int4).astype(np.int32),
                                  [-8, -8, -7, 6, 7, 7, 0, 0])
    np.testing.assert_array_equal(convert(client, f, ml_dtypes.uint4).astype(np.int32),
                                  [0, 0, 0, 6, 7, 15, 0, 0])


@pytest.mark.parametrize("from_name,to_dtype,shape", [
    ("i4", np.int8, (3, 2)),
    ("ui4", np.int32, (2, 8)),
    ("i4", np.float32, (2, 8)),
    ("i2", np.uint8, (3, 4)),
    ("i2", "ui4", (5, 2)),
])
def test_bitcast_packs_sub_byte_elements_low_first(client, from_name, to_dtype, shape):
    dtype = INTS[from_name]
    to_dtype = INTS.get(to_dtype, to_dtype)
    width = ml_dtypes.iinfo(dtype).bits
    rng = np.random.default_rng(0)
    info = ml_dtypes.iinfo(dtype)
    x = rng.integers(int(info.min), int(info.max) + 1, size=shape).astype(dtype)
    t_in, t_out = _tensor(x.shape, x.dtype), _tensor(shape[:-1], to_dtype)
    (out,) = run(client, f"    %0 = stablehlo.bitcast_convert %arg0 : ({t_in}) -> {t_out}\n    return %0 : {t_out}",
                 [x], [t_out])
    pattern = x.astype(np.int64) & ((1 << width) - 1)
    packed = (pattern << (np.arange(shape[-1]) * width)).sum(axis=-1)
    out_bits = ml_dtypes.iinfo(to_dtype).bits if to_dtype in INTS.values() else np.dtype(to_dtype).itemsize * 8
    want_u = packed.astype(np.uint64)
    if out_bits >= 8:
        want = want_u.astype({8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[out_bits]).view(to_dtype)
        np.testing.assert_array_equal(out.view(np.uint8), want.view(np.uint8))
    else:
        np.testing.assert_array_equal(bits(out), want_u.astype(np.uint8))
    # And back: the wide value unpacks into the same elements.
    (back,) = run(client, f"    %0 = stablehlo.bitcast_convert %arg0 : ({t_out}) -> {t_in}\n    return %0 : {t_in}",
                  [out], [t_in])
    np.testing.assert_array_equal(back.astype(np.int64), x.astype(np.int64))


def test_f8_bitcasts_to_bytes_and_words(client):
    x = np.array([[1.5, -2.0, 448.0, 0.015625]], np.float32).astype(ml_dtypes.float8_e4m3fn)
    t = _tensor(x.shape, x.dtype)
    ts8, tf = _tensor(x.shape, np.int8), _tensor((1,), np.float32)
    body = "\n".join([
        f"    %0 = stablehlo.bitcast_convert %arg0 : ({t}) -> {ts8}",
        f"    %1 = stablehlo.bitcast_convert %arg0 : ({t}) -> {tf}",
        f"    return %0, %1 : {ts8}, {tf}",
    ])
    as_s8, as_f32 = run(client, body, [x], [ts8, tf])
    np.testing.assert_array_equal(as_s8, x.view(np.int8))
    np.testing.assert_array_equal(as_f32.view(np.uint32), x.view(np.uint32).ravel())


def test_moves_sorts_and_reductions_on_f8(client):
    rng = np.random.default_rng(1)
    x = rng.normal(size=(4, 6)).astype(np.float32).astype(ml_dtypes.float8_e5m2)
    t = _tensor(x.shape, x.dtype)
    tt = _tensor((6, 4), x.dtype)
    tc = _tensor((8, 6), x.dtype)
    tr = _tensor((4,), x.dtype)
    s = _tensor((), x.dtype)
    body = f"""
    %0 = stablehlo.transpose %arg0, dims = [1, 0] : ({t}) -> {tt}
    %1 = stablehlo.concatenate %arg0, %arg0, dim = 0 : ({t}, {t}) -> {tc}
    %init = stablehlo.constant dense<0xFC> : {s}
    %2 = stablehlo.reduce(%arg0 init: %init) applies stablehlo.maximum across dimensions = [1] : ({t}, {s}) -> {tr}
    %3 = "stablehlo.sort"(%arg0) ({{
      ^bb0(%a: {s}, %b: {s}):
        %c = stablehlo.compare LT, %a, %b, FLOAT : ({s}, {s}) -> tensor<i1>
        stablehlo.return %c : tensor<i1>
    }}) {{dimension = 1 : i64, is_stable = true}} : ({t}) -> {t}
    return %0, %1, %2, %3 : {tt}, {tc}, {tr}, {t}"""
    tr_, cat, mx, srt = run(client, body, [x], [tt, tc, tr, t])
    np.testing.assert_array_equal(bits(tr_), bits(x.T))
    np.testing.assert_array_equal(bits(cat), bits(np.concatenate([x, x])))
    np.testing.assert_array_equal(mx.astype(np.float32), x.astype(np.float32).max(axis=1))
    np.testing.assert_array_equal(srt.astype(np.float32), np.sort(x.astype(np.float32), axis=1))


def test_dots_of_narrow_operands(client):
    rng = np.random.default_rng(2)
    a = rng.normal(size=(3, 5)).astype(np.float32).astype(ml_dtypes.float8_e4m3fn)
    b = rng.normal(size=(5, 2)).astype(np.float32).astype(ml_dtypes.float8_e5m2)
    ta, tb, tf = _tensor(a.shape, a.dtype), _tensor(b.shape, b.dtype), _tensor((3, 2), np.float32)
    t8 = _tensor((3, 2), ml_dtypes.float8_e4m3fn)
    body = f"""
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : ({ta}, {tb}) -> {tf}
    %1 = stablehlo.convert %arg1 : ({tb}) -> {_tensor(b.shape, ml_dtypes.float8_e4m3fn)}
    %2 = stablehlo.dot_general %arg0, %1, contracting_dims = [1] x [0] : ({ta}, {_tensor(b.shape, ml_dtypes.float8_e4m3fn)}) -> {t8}
    return %0, %2 : {tf}, {t8}"""
    f32, f8 = run(client, body, [a, b], [tf, t8])
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(f32, want, rtol=1e-6)
    want8 = (a.astype(np.float32) @ b.astype(np.float32).astype(ml_dtypes.float8_e4m3fn).astype(np.float32))
    np.testing.assert_array_equal(bits(f8), bits(want8.astype(ml_dtypes.float8_e4m3fn)))
    i = rng.integers(-8, 8, size=(4, 3)).astype(ml_dtypes.int4)
    j = rng.integers(-8, 8, size=(3, 2)).astype(ml_dtypes.int4)
    ti, tj, to = _tensor(i.shape, i.dtype), _tensor(j.shape, j.dtype), _tensor((4, 2), np.int32)
    (out,) = run(client, f"    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : ({ti}, {tj}) -> {to}\n    return %0 : {to}",
                 [i, j], [to])
    np.testing.assert_array_equal(out, i.astype(np.int32) @ j.astype(np.int32))


def test_constants_iota_and_gather_indices(client):
    x = np.array([10, 20, 30, 40, 50, 60, 70, 80], np.int32)
    body = """
    %c = stablehlo.constant dense<[1.5, -2.0, 448.0, 1.0e+03]> : tensor<4xf8E4M3FN>
    %i = stablehlo.constant dense<[-1, 7, 3]> : tensor<3xi4>
    %io = stablehlo.iota dim = 0 : tensor<20xi4>
    %idx = stablehlo.constant dense<[[7], [2]]> : tensor<2x1xi4>
    %g = "stablehlo.gather"(%arg0, %idx) {dimension_numbers = #stablehlo.gather<offset_dims = [], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1>, indices_are_sorted = false} : (tensor<8xi32>, tensor<2x1xi4>) -> tensor<2xi32>
    return %c, %i, %io, %g : tensor<4xf8E4M3FN>, tensor<3xi4>, tensor<20xi4>, tensor<2xi32>"""
    c, i, io, g = run(client, body, [x], ["tensor<4xf8E4M3FN>", "tensor<3xi4>", "tensor<20xi4>", "tensor<2xi32>"])
    np.testing.assert_array_equal(bits(c), bits(np.array([1.5, -2.0, 448.0, 1000.0], np.float32).astype(ml_dtypes.float8_e4m3fn)))
    np.testing.assert_array_equal(i.astype(np.int32), [-1, 7, 3])
    np.testing.assert_array_equal(io.astype(np.int32), wrap(np.arange(20), "i4"))
    np.testing.assert_array_equal(g, [80, 30])


def test_buffers_round_trip_every_narrow_type(client):
    dev = client.devices()[0]
    for dtype in [*FLOATS.values(), *INTS.values()]:
        x = np.arange(12, dtype=np.uint8).reshape(3, 4).view(dtype) if np.dtype(dtype).itemsize == 1 else None
        if ml_dtypes.finfo(dtype).bits == 4 if dtype in FLOATS.values() else ml_dtypes.iinfo(dtype).bits < 8:
            x = (np.arange(12, dtype=np.uint8) % 4).reshape(3, 4).view(dtype)
        out = np.asarray(client.buffer_from_pyval(x, device=dev))
        assert out.dtype == np.dtype(dtype)
        np.testing.assert_array_equal(bits(out), bits(x))


def test_op_without_a_narrow_rule_is_a_clear_error(client):
    x = np.array([1.0, 2.0], np.float32).astype(ml_dtypes.float8_e4m3fn)
    t = _tensor(x.shape, x.dtype)
    with pytest.raises(Exception, match="(?i)unimplemented.*next_after.*f8E4M3FN"):
        run(client, f"    %0 = chlo.next_after %arg0, %arg0 : {t}, {t} -> {t}\n    return %0 : {t}", [x], [t])
