"""Typed XLA FFI custom calls in the jaxlib-cpu plugin, through our host (jaxlib.xla_client).

Handlers in tests/integration/ffi_handlers/test_handlers.cc are compiled with g++ at test time
against the bare XLA FFI C ABI and registered through the plugin's PJRT FFI extension. The
programs are MLIR text of the shape JAX emits (api_version 1 + mhlo.backend_config, or
api_version 4 + a dictionary backend_config). Also JAX's host callbacks
(xla_ffi_python_cpu_callback) with tokens, fed the way jaxlib feeds them.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)

REPO = Path(__file__).resolve().parents[2]
SOURCE = Path(__file__).resolve().parent / "ffi_handlers" / "test_handlers.cc"


@pytest.fixture(scope="module")
def handlers(tmp_path_factory):
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("g++ is needed to build the test handlers")
    out = tmp_path_factory.mktemp("ffi") / "libtest_handlers.so"
    subprocess.run([compiler, "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{REPO}", str(SOURCE), "-o", str(out),
                    "-pthread"], check=True)
    return ctypes.CDLL(str(out))


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=2)
    yield c
    c.close()


def _capsule(address: int):
    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new_capsule(address, None, None)


def _register(handlers, name: str, target: str | None = None) -> None:
    address = ctypes.cast(getattr(handlers, name), ctypes.c_void_p).value
    xla_client.register_custom_call_target(target or name, _capsule(address), platform="cpu", api_version=1)


def _module(args: str, results: str, body: str) -> str:
    lines = [ln.strip() for ln in body.strip().splitlines()]
    return "\n".join(["module @m {", f"  func.func public @main({args}) -> ({results}) {{"]
                     + ["    " + ln for ln in lines] + ["  }", "}", ""])


def _run(client, text: str, *args, device: int = 0):
    dev = client.devices()[device]
    exe = client.compile_and_load(text, [dev])
    return [np.asarray(o) for o in exe.execute([client.buffer_from_pyval(a, device=dev) for a in args])]


def test_extension_is_advertised(client):
    """The PJRT_Api chain carries an FFI extension of XLA's 0.115 size (48 bytes)."""
    from jaxlib_cpu import library_path

    lib = ctypes.CDLL(library_path(), mode=ctypes.RTLD_LOCAL)
    lib.GetPjrtApi.restype = ctypes.c_void_p
    api = lib.GetPjrtApi()
    ext, seen = ctypes.c_void_p.from_address(api + 8).value, {}
    while ext:
        seen[ctypes.c_int.from_address(ext + 8).value] = ctypes.c_size_t.from_address(ext).value
        ext = ctypes.c_void_p.from_address(ext + 16).value
    assert seen.get(5) == 48, f"expected the FFI extension (type 5, 48 bytes), got {seen}"


def test_typed_handler_with_scalar_attributes(client, handlers):
    _register(handlers, "scale_add")
    text = _module("%arg0: tensor<2x3xf32>", "tensor<2x3xf32>", """
        %0 = stablehlo.custom_call @scale_add(%arg0) {backend_config = "", mhlo.backend_config = {a = 3 : i32, b = 2.500000e-01 : f32}, operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
        return %0 : tensor<2x3xf32>
    """)
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = _run(client, text, x)
    np.testing.assert_array_equal(out, x * 3 + 0.25)
    # The generic StableHLO spelling (api_version = 4, dictionary backend_config) works too.
    text4 = text.replace('backend_config = "", mhlo.backend_config = {', "api_version = 4 : i32, backend_config = {")
    (out4,) = _run(client, text4, x)
    np.testing.assert_array_equal(out4, x * 3 + 0.25)


def test_buffers_in_the_layouts_the_call_asks_for(client, handlers):
    """operand_layouts / result_layouts (minor_to_major) other than row-major: the handler gets
    and fills buffers in those layouts (LAPACK targets ask for column-major matrices)."""
    _register(handlers, "copy_memory")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)

    def call(in_layout: str, out_layout: str, out_shape: str, alias: str = ""):
        return _module("%arg0: tensor<2x3xf32>", out_shape, f"""
            %0 = stablehlo.custom_call @copy_memory(%arg0) {{backend_config = "", mhlo.backend_config = {{}}, operand_layouts = [dense<{in_layout}> : tensor<2xindex>], {alias}result_layouts = [dense<{out_layout}> : tensor<{out_shape.count('x')}xindex>]}} : (tensor<2x3xf32>) -> {out_shape}
            return %0 : {out_shape}
        """)

    # Column-major operand into a row-major result: the result reads x's columns in order.
    (out,) = _run(client, call("[0, 1]", "[1, 0]", "tensor<2x3xf32>"), x)
    np.testing.assert_array_equal(out, x.T.ravel().reshape(2, 3))
    # Row-major operand into a column-major result.
    (out,) = _run(client, call("[1, 0]", "[0, 1]", "tensor<2x3xf32>"), x)
    np.testing.assert_array_equal(out, x.ravel().reshape(3, 2).T)
    # Both column-major: the same values come back.
    (out,) = _run(client, call("[0, 1]", "[0, 1]", "tensor<2x3xf32>"), x)
    np.testing.assert_array_equal(out, x)
    # Rank 3 with a layout that is neither.
    x3 = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    text = _module("%arg0: tensor<2x3x4xf32>", "tensor<24xf32>", """
        %0 = stablehlo.custom_call @copy_memory(%arg0) {backend_config = "", mhlo.backend_config = {}, operand_layouts = [dense<[1, 2, 0]> : tensor<3xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<2x3x4xf32>) -> tensor<24xf32>
        return %0 : tensor<24xf32>
    """)
    (out,) = _run(client, text, x3)
    np.testing.assert_array_equal(out, x3.transpose(0, 2, 1).ravel())  # dim 1 fastest, then 2, then 0
    bad = call("[0, 0]", "[1, 0]", "tensor<2x3xf32>")
    with pytest.raises(Exception, match="not a permutation"):
        _run(client, bad, x)


def test_attribute_encoding_matches_xla(client, handlers):
    """Every attribute kind, sorted by name, with XLA's data types (signless ints are signed,
    untyped literals i64/f64, bool as PRED, dense and array<...> as arrays, nested dicts)."""
    _register(handlers, "attr_report")
    attrs = ('zeta = "hello", alpha = 7 : i8, beta = -3 : i16, gamma = 100000 : i64, u8v = 200 : ui8, '
             'u16v = 60000 : ui16, u32v = 4000000000 : ui32, u64v = 9 : ui64, flag = true, '
             'f = 1.500000e+00 : f32, d = 2.25 : f64, untyped_int = 5, untyped_float = 0.5, '
             'arr = dense<[1, 2, 3]> : tensor<3xi64>, farr = dense<[5.000000e-01, 1.000000e+00]> : tensor<2xf32>, '
             'iarr = array<i32: 4, 5>, empty = dense<> : tensor<0xi32>, '
             'nested = {inner = 4 : i32, name = "n", deeper = {x = 1.0 : f64}}')
    text = _module("", "tensor<1024xui8>", f"""
        %0 = stablehlo.custom_call @attr_report() {{mhlo.backend_config = {{{attrs}}}}} : () -> tensor<1024xui8>
        return %0 : tensor<1024xui8>
    """)
    (out,) = _run(client, text)
    report = bytes(out).split(b"\0", 1)[0].decode()
    expected = ";".join([
        "alpha=scalar2(7)", "arr=array5(1,2,3)", "beta=scalar3(-3)", "d=scalar12(2.25)", "empty=array4()",
        "f=scalar11(1.5)", "farr=array11(0.5,1)", "flag=scalar1(true)", "gamma=scalar5(100000)",
        "iarr=array4(4,5)", "nested=dict{deeper=dict{x=scalar12(1)};inner=scalar4(4);name=string(n)}",
        "u16v=scalar7(60000)", "u32v=scalar8(4000000000)", "u64v=scalar9(9)", "u8v=scalar6(200)",
        "untyped_float=scalar12(0.5)", "untyped_int=scalar5(5)", "zeta=string(hello)",
    ])
    assert report == expected, f"\n got: {report}\nwant: {expected}"


def test_handler_error_is_a_typed_execute_error(client, handlers):
    _register(handlers, "fail_always")
    text = _module("%arg0: tensor<4xf32>", "tensor<4xf32>", """
        %0 = stablehlo.custom_call @fail_always(%arg0) {mhlo.backend_config = {}} : (tensor<4xf32>) -> tensor<4xf32>
        return %0 : tensor<4xf32>
    """)
    with pytest.raises(xla_client.XlaRuntimeError) as info:
        _run(client, text, np.ones(4, np.float32))
    message = str(info.value)
    assert message.startswith("FAILED_PRECONDITION"), message
    assert "fail_always" in message and "input 7 is not allowed" in message, message
    # The client is still usable afterwards.
    _register(handlers, "scale_add")
    ok = text.replace("@fail_always", "@scale_add").replace("{}", "{a = 1 : i32, b = 0.0 : f32}")
    (out,) = _run(client, ok, np.ones(4, np.float32))
    np.testing.assert_array_equal(out, np.ones(4, np.float32))


def test_unregistered_typed_target_fails_at_compile(client):
    text = _module("%arg0: tensor<4xf32>", "tensor<4xf32>", """
        %0 = stablehlo.custom_call @nobody_registered_this(%arg0) {mhlo.backend_config = {}} : (tensor<4xf32>) -> tensor<4xf32>
        return %0 : tensor<4xf32>
    """)
    with pytest.raises(xla_client.XlaRuntimeError, match=r"NOT_FOUND.*nobody_registered_this"):
        client.compile_and_load(text, client.devices()[:1])


def test_wrong_attribute_type_is_reported_by_the_handler(client, handlers):
    _register(handlers, "scale_add")
    text = _module("%arg0: tensor<4xf32>", "tensor<4xf32>", """
        %0 = stablehlo.custom_call @scale_add(%arg0) {mhlo.backend_config = {a = 3 : i64, b = 1.0 : f32}} : (tensor<4xf32>) -> tensor<4xf32>
        return %0 : tensor<4xf32>
    """)
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT.*want a: s32 scalar"):
        _run(client, text, np.ones(4, np.float32))


def test_tokens_create_after_all_and_entry_tokens(client, handlers):
    """create_token, after_all, token operands/results of a typed call, token parameters and
    results of main (passed as bool[0] arrays, as JAX does)."""
    _register(handlers, "token_double")
    text = _module("%arg0: !stablehlo.token {jax.token = true}, %arg1: tensor<3xf32>",
                   "!stablehlo.token {jax.token = true}, tensor<3xf32>, !stablehlo.token", """
        %0:2 = stablehlo.custom_call @token_double(%arg0, %arg1) {has_side_effect = true, mhlo.backend_config = {}} : (!stablehlo.token, tensor<3xf32>) -> (!stablehlo.token, tensor<3xf32>)
        %1 = stablehlo.create_token : !stablehlo.token
        %2 = stablehlo.after_all %0#0, %1 : !stablehlo.token
        return %2, %0#1, %1 : !stablehlo.token, tensor<3xf32>, !stablehlo.token
    """)
    token = np.zeros(0, np.bool_)
    out_token, y, created = _run(client, text, token, np.array([1, 2, 3], np.float32))
    np.testing.assert_array_equal(y, [2, 4, 6])
    assert out_token.shape == (0,) and out_token.dtype == np.bool_
    assert created.shape == (0,) and created.dtype == np.bool_


def test_token_threaded_through_while(client, handlers):
    _register(handlers, "token_double")
    text = _module("%arg0: !stablehlo.token, %arg1: tensor<2xf32>", "!stablehlo.token, tensor<2xf32>", """
        %c = stablehlo.constant dense<0> : tensor<i32>
        %0:3 = stablehlo.while(%t = %arg0, %i = %c, %x = %arg1) : !stablehlo.token, tensor<i32>, tensor<2xf32>
        cond {
          %c3 = stablehlo.constant dense<3> : tensor<i32>
          %1 = stablehlo.compare LT, %i, %c3, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
          stablehlo.return %1 : tensor<i1>
        } do {
          %2:2 = stablehlo.custom_call @token_double(%t, %x) {has_side_effect = true, mhlo.backend_config = {}} : (!stablehlo.token, tensor<2xf32>) -> (!stablehlo.token, tensor<2xf32>)
          %c1 = stablehlo.constant dense<1> : tensor<i32>
          %3 = stablehlo.add %i, %c1 : tensor<i32>
          stablehlo.return %2#0, %3, %2#1 : !stablehlo.token, tensor<i32>, tensor<2xf32>
        }
        return %0#0, %0#2 : !stablehlo.token, tensor<2xf32>
    """)
    _, y = _run(client, text, np.zeros(0, np.bool_), np.array([1, -1], np.float32))
    np.testing.assert_array_equal(y, [8, -8])


def test_context_device_ordinal_and_run_id(client, handlers):
    _register(handlers, "context_info")
    text = _module("", "tensor<3xi64>", """
        %0 = stablehlo.custom_call @context_info() {mhlo.backend_config = {}} : () -> tensor<3xi64>
        return %0 : tensor<3xi64>
    """)
    (first,) = _run(client, text, device=1)
    (second,) = _run(client, text, device=1)
    assert first[0] == 1 and second[0] == 1, (first, second)
    assert first[1] != 0 and second[1] != first[1], "every execution gets its own run id"
    assert first[2] == 1


def test_user_data_from_the_execute_context(client, handlers):
    _register(handlers, "read_user_data")
    text = _module("", "tensor<1xi64>", """
        %0 = stablehlo.custom_call @read_user_data() {mhlo.backend_config = {}} : () -> tensor<1xi64>
        return %0 : tensor<1xi64>
    """)
    exe = client.compile_and_load(text, client.devices()[:1])
    value = ctypes.c_int64(123456789)
    (outs,) = exe._handle.execute([[]], None, [(4242, ctypes.addressof(value))])
    assert int(np.asarray(xla_client.ArrayImpl(client, outs[0]))[0]) == 123456789
    # Without the user data, the handler's lookup fails and so does the execution.
    with pytest.raises(xla_client.XlaRuntimeError, match=r"NOT_FOUND.*4242"):
        exe.execute([])


def test_stateful_handler_instantiate_state_and_deleter(client, handlers):
    """A bundle registered through XLA_FFI_Handler_Register: instantiate sets a state once per
    call site (type registered through XLA_FFI_Type_Register), executions share it, and the
    type's deleter runs when the executable goes away."""
    _register(handlers, "register_counter")
    boot = _module("", "tensor<1xi32>", """
        %0 = stablehlo.custom_call @register_counter() {has_side_effect = true, mhlo.backend_config = {}} : () -> tensor<1xi32>
        return %0 : tensor<1xi32>
    """)
    _run(client, boot)
    text = _module("", "tensor<1xi64>", """
        %0 = stablehlo.custom_call @test_counter() {has_side_effect = true, mhlo.backend_config = {}} : () -> tensor<1xi64>
        return %0 : tensor<1xi64>
    """)
    deleted_before = handlers.test_states_deleted()
    exe = client.compile_and_load(text, client.devices()[:1])
    counts = [int(np.asarray(exe.execute([])[0])[0]) for _ in range(3)]
    assert counts == [1, 2, 3]
    exe2 = client.compile_and_load(text, client.devices()[:1])
    assert int(np.asarray(exe2.execute([])[0])[0]) == 1, "a new executable has its own state"
    del exe, exe2
    import gc

    gc.collect()
    assert handlers.test_states_deleted() == deleted_before + 2


def test_asynchronous_handler_future(client, handlers):
    _register(handlers, "async_add_one")
    text = _module("%arg0: tensor<5xf32>", "tensor<5xf32>", """
        %0 = stablehlo.custom_call @async_add_one(%arg0) {mhlo.backend_config = {}} : (tensor<5xf32>) -> tensor<5xf32>
        return %0 : tensor<5xf32>
    """)
    (out,) = _run(client, text, np.arange(5, dtype=np.float32))
    np.testing.assert_array_equal(out, np.arange(5, dtype=np.float32) + 1)


def test_output_operand_alias_starts_from_the_operand(client, handlers):
    _register(handlers, "context_info")
    text = _module("%arg0: tensor<3xi64>", "tensor<3xi64>", """
        %0 = stablehlo.custom_call @context_info(%arg0) {mhlo.backend_config = {}, output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (tensor<3xi64>) -> tensor<3xi64>
        return %0 : tensor<3xi64>
    """)
    # context_info writes all three elements; the alias only has to compile and run.
    (out,) = _run(client, text, np.array([9, 9, 9], np.int64))
    assert out[0] == 0 and out[2] == 1


def test_host_callbacks_like_jax(client):
    """JAX's lowering of pure_callback / io_callback(ordered) / debug.print on CPU, with the
    Python callables passed as compile_and_load(host_callbacks=...)."""
    seen = []

    def pure(x):
        return (np.sin(x),)

    def io_ordered(token, x):
        seen.append(("io", x.tolist()))
        return (token, x * 2)

    def printer(token, x):
        seen.append(("print", x.tolist()))
        return (token,)

    text = _module("%arg0: !stablehlo.token {jax.token = true}, %arg1: tensor<4xf32>",
                   "!stablehlo.token {jax.token = true}, tensor<4xf32>, tensor<4xf32>", """
        %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg1) {backend_config = "", mhlo.backend_config = {index = 0 : ui64}, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<0> : tensor<1xindex>]} : (tensor<4xf32>) -> tensor<4xf32>
        %1:2 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0, %arg1) {backend_config = "", has_side_effect = true, mhlo.backend_config = {index = 1 : ui64}, operand_layouts = [dense<> : tensor<0xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<> : tensor<0xindex>, dense<0> : tensor<1xindex>]} : (!stablehlo.token, tensor<4xf32>) -> (!stablehlo.token, tensor<4xf32>)
        %2 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%1#0, %0) {backend_config = "", has_side_effect = true, mhlo.backend_config = {index = 2 : ui64}, operand_layouts = [dense<> : tensor<0xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<> : tensor<0xindex>]} : (!stablehlo.token, tensor<4xf32>) -> !stablehlo.token
        return %2, %0, %1#1 : !stablehlo.token, tensor<4xf32>, tensor<4xf32>
    """)
    dev = client.devices()[0]
    exe = client.compile_and_load(text, [dev], host_callbacks=[pure, io_ordered, printer])
    x = np.array([0.0, 0.5, 1.0, 2.0], np.float32)
    args = [client.buffer_from_pyval(np.zeros(0, np.bool_), device=dev), client.buffer_from_pyval(x, device=dev)]
    token, sines, doubled = (np.asarray(o) for o in exe.execute(args))
    np.testing.assert_allclose(sines, np.sin(x), rtol=1e-6)
    np.testing.assert_array_equal(doubled, x * 2)
    assert seen == [("io", x.tolist()), ("print", np.sin(x).astype(np.float32).tolist())]
    assert token.shape == (0,)


def test_host_callback_exception_surfaces(client):
    def boom(x):
        raise ValueError("callback exploded on purpose")

    text = _module("%arg0: tensor<2xf32>", "tensor<2xf32>", """
        %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0) {backend_config = "", mhlo.backend_config = {index = 0 : ui64}} : (tensor<2xf32>) -> tensor<2xf32>
        return %0 : tensor<2xf32>
    """)
    dev = client.devices()[0]
    exe = client.compile_and_load(text, [dev], host_callbacks=[boom])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INTERNAL.*callback exploded on purpose"):
        exe.execute([client.buffer_from_pyval(np.ones(2, np.float32), device=dev)])
    # Wrong result shape from a callback is an error too, not a crash.
    exe2 = client.compile_and_load(text, [dev], host_callbacks=[lambda x: (np.ones(3, np.float32),)])
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INTERNAL.*shape"):
        exe2.execute([client.buffer_from_pyval(np.ones(2, np.float32), device=dev)])


def _xla_ffi_include_dir() -> Path | None:
    """XLA's FFI headers: $XLA_FFI_INCLUDE_DIR, else the include/ of an installed Google jaxlib."""
    import os

    env = os.environ.get("XLA_FFI_INCLUDE_DIR")
    candidates = [Path(env)] if env else []
    for venv in sorted(Path("/tmp").glob("*venv*/lib/python3*/site-packages/jaxlib/include")):
        candidates.append(venv)
    for c in candidates:
        if (c / "xla" / "ffi" / "api" / "ffi.h").is_file():
            return c
    return None


def test_handler_built_with_xla_ffi_headers(client, tmp_path):
    """A handler compiled with XLA's header-only API (Attr<float/int64/string/Span/Dictionary>,
    Ctx<DeviceOrdinal>, Buffer/ResultBuffer, error codes) decodes our call frames."""
    include = _xla_ffi_include_dir()
    if include is None or shutil.which("g++") is None:
        pytest.skip("XLA's FFI headers (set XLA_FFI_INCLUDE_DIR) or g++ not available")
    out = tmp_path / "libxla_api_handler.so"
    subprocess.run(["g++", "-std=c++17", "-O1", "-shared", "-fPIC", "-w", f"-I{include}",
                    str(SOURCE.parent / "xla_api_handler.cc"), "-o", str(out)], check=True)
    lib = ctypes.CDLL(str(out))
    xla_client.register_custom_call_target("xla_api_axpy", _capsule(ctypes.cast(lib.XlaApiAxpy, ctypes.c_void_p).value),
                                           platform="cpu", api_version=1)
    attrs = ('alpha = 2.000000e+00 : f32, offset = 10 : i64, tag = "axpy", weights = array<i64: 1, 2, 3>, '
             "extra = {scale = 5.000000e-01 : f32}")
    text = _module("%arg0: tensor<4xf32>", "tensor<4xf32>", f"""
        %0 = stablehlo.custom_call @xla_api_axpy(%arg0) {{mhlo.backend_config = {{{attrs}}}}} : (tensor<4xf32>) -> tensor<4xf32>
        return %0 : tensor<4xf32>
    """)
    x = np.array([1, 2, 3, 4], np.float32)
    (y,) = _run(client, text, x, device=1)
    np.testing.assert_array_equal(y, 2 * x * 0.5 + (10 + 6 + 1))
    with pytest.raises(xla_client.XlaRuntimeError, match=r"OUT_OF_RANGE.*alpha must be non-negative"):
        _run(client, text.replace("alpha = 2.000000e+00", "alpha = -1.000000e+00"), x)
    # A missing attribute is caught by XLA's own decoder and reported, not a crash.
    with pytest.raises(xla_client.XlaRuntimeError, match=r"INVALID_ARGUMENT.*xla_api_axpy"):
        _run(client, text.replace('tag = "axpy", ', ""), x)


# Verbatim from jax 0.10.2 (jax.jit(f).lower(x).as_text()): jax.debug.print(x), and
# jax.debug.print(ordered=True) inside lax.scan (tokens through while and func.call).
JAX_DEBUG_PRINT = """module @jit_f1 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  sdy.mesh @maximal_mesh_0 = <[], device_ids=[0]> {stablehlo.mesh = {axes = [], device_ids = dense<0> : tensor<1xi64>}}
  func.func public @main(%arg0: tensor<4xf32>) -> (tensor<4xf32> {jax.result_info = "result"}) {
    stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0) {backend_config = "", has_side_effect = true, mhlo.backend_config = {index = 0 : ui64}, operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [], sdy.sharding = #sdy.sharding_per_value<[<@maximal_mesh_0, []>]>} : (tensor<4xf32>) -> ()
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %1 = stablehlo.add %arg0, %0 : tensor<4xf32>
    return %1 : tensor<4xf32>
  }
}"""
JAX_ORDERED_PRINT_IN_SCAN = """module @jit_g2 attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: !stablehlo.token {jax.token = true}, %arg1: tensor<2xf32>) -> (!stablehlo.token {jax.token = true}, tensor<2xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c, %iterArg_1 = %arg1) : !stablehlo.token, tensor<i32>, tensor<2xf32>
    cond {
      %c_2 = stablehlo.constant dense<2> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_0, %c_2, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_1) : (!stablehlo.token, tensor<2xf32>) -> (!stablehlo.token, tensor<2xf32>)
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %1#0, %2, %1#1 : !stablehlo.token, tensor<i32>, tensor<2xf32>
    }
    return %0#0, %0#2 : !stablehlo.token, tensor<2xf32>
  }
  func.func private @closed_call(%arg0: !stablehlo.token {jax.token = true}, %arg1: tensor<2xf32>) -> (!stablehlo.token {jax.token = true}, tensor<2xf32>) {
    %0 = stablehlo.custom_call @xla_ffi_python_cpu_callback(%arg0, %arg1) {backend_config = "", has_side_effect = true, mhlo.backend_config = {index = 0 : ui64}, operand_layouts = [dense<> : tensor<0xindex>, dense<0> : tensor<1xindex>], result_layouts = [dense<> : tensor<0xindex>]} : (!stablehlo.token, tensor<2xf32>) -> !stablehlo.token
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.add %arg1, %1 : tensor<2xf32>
    return %0, %2 : !stablehlo.token, tensor<2xf32>
  }
}"""


def test_jax_emitted_callbacks_verbatim(client):
    dev = client.devices()[0]
    seen = []
    exe = client.compile_and_load(JAX_DEBUG_PRINT, [dev], host_callbacks=[lambda a: (seen.append(a.tolist()), ())[1]])
    x = np.arange(4, dtype=np.float32)
    (out,) = exe.execute([client.buffer_from_pyval(x, device=dev)])
    np.testing.assert_array_equal(np.asarray(out), x + 1)
    assert seen == [x.tolist()]
    seen.clear()
    exe = client.compile_and_load(JAX_ORDERED_PRINT_IN_SCAN, [dev],
                                  host_callbacks=[lambda tok, a: (seen.append(a.tolist()), (tok,))[1]])
    token = client.buffer_from_pyval(np.zeros(0, np.bool_), device=dev)
    _, y = (np.asarray(o) for o in exe.execute([token, client.buffer_from_pyval(np.array([0, 1], np.float32), device=dev)]))
    np.testing.assert_array_equal(y, [2, 3])
    assert seen == [[0, 1], [1, 2]]
