"""Bad programs through ``jaxlib.xla_client`` on the jaxlib-cpu plugin (issue 4, DESIGN.md §9):
malformed text, unknown ops, type errors, shape mismatches and unsupported type combinations
each raise XlaRuntimeError with a precise message (op name and line:column), and the client
keeps working afterwards. Also the ops JAX does not emit on CPU but the spec has
(cholesky, triangular_solve), the run-time LAPACK contract and user custom-call targets.
"""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import textwrap

import pytest

np = pytest.importorskip("numpy")
xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)


@pytest.fixture(scope="module")
def client():
    c = xla_client.make_cpu_client(num_devices=1)
    yield c
    c.close()


def _program(body: str, args: str = "%arg0: tensor<2x3xf32>", results: str = "tensor<2x3xf32>") -> str:
    """A module whose body starts on line 3, column 5."""
    lines = [ln.strip() for ln in body.strip().splitlines()]
    return "\n".join(
        ["module @m {", f"  func.func public @main({args}) -> ({results}) {{"]
        + ["    " + ln for ln in lines]
        + ["  }", "}", ""]
    )


def _compile_error(client, text: str) -> str:
    with pytest.raises(xla_client.XlaRuntimeError) as info:
        client.compile_and_load(text, client.devices()[:1])
    return str(info.value)


def _run(client, text: str, *args):
    exe = client.compile_and_load(text, client.devices()[:1])
    dev = client.devices()[0]
    return [np.asarray(o) for o in exe.execute([client.buffer_from_pyval(a, device=dev) for a in args])]


VALID = _program(
    """
    %0 = stablehlo.add %arg0, %arg0 : tensor<2x3xf32>
    return %0 : tensor<2x3xf32>
    """
)

# (name, program, substrings the error must contain)
BAD_PROGRAMS = [
    ("empty", "", ["INVALID_ARGUMENT"]),
    ("not_mlir", "hello world", ["INVALID_ARGUMENT", "1:1"]),
    ("unterminated_module", "module @m {\n  func.func public @main(", ["INVALID_ARGUMENT", "2:"]),
    (
        "unknown_op",
        _program(
            """
            %0 = stablehlo.frobnicate %arg0 : tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        ),
        ["INVALID_ARGUMENT", "stablehlo.frobnicate", "3:10"],
    ),
    (
        "undefined_value",
        _program(
            """
            %0 = stablehlo.add %arg0, %nope : tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        ),
        ["INVALID_ARGUMENT", "nope", "3:"],
    ),
    (
        "operand_type_mismatch",
        _program(
            """
            %0 = stablehlo.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """,
            args="%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xi32>",
        ),
        ["INVALID_ARGUMENT", "stablehlo.add", "3:"],
    ),
    (
        "shape_mismatch",
        _program(
            """
            %0 = stablehlo.add %arg0, %arg1 : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """,
            args="%arg0: tensor<2x3xf32>, %arg1: tensor<3x2xf32>",
        ),
        ["INVALID_ARGUMENT", "stablehlo.add", "3:"],
    ),
    (
        "dot_contracting_mismatch",
        _program(
            """
            %0 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        ),
        ["INVALID_ARGUMENT", "stablehlo.dot_general", "3:"],
    ),
    (
        "unsupported_type_combination",
        _program(
            """
            %0 = stablehlo.sine %arg0 : tensor<2x3xi32>
            return %0 : tensor<2x3xi32>
            """,
            args="%arg0: tensor<2x3xi32>",
            results="tensor<2x3xi32>",
        ),
        ["stablehlo.sine", "3:"],
    ),
    (
        "return_type_mismatch",
        _program(
            """
            return %arg0 : tensor<2x3xf32>
            """,
            results="tensor<3x2xf32>",
        ),
        ["INVALID_ARGUMENT"],
    ),
    (
        "unknown_custom_call",
        _program(
            """
            %0 = stablehlo.custom_call @no_such_target(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        ),
        ["UNIMPLEMENTED", "no_such_target", "3:"],
    ),
    (
        "lapack_call_with_wrong_arity",
        _program(
            """
            %0 = stablehlo.custom_call @lapack_sgetrf_ffi(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        ),
        ["INVALID_ARGUMENT", "lapack_sgetrf_ffi", "expects 1 operands and 3 results"],
    ),
    (
        "ops_outside_manual_computation",
        textwrap.dedent(
            """\
            module @m attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
              sdy.mesh @mesh = <["x"=1]>
              func.func public @main(%arg0: tensor<4xf32>) -> tensor<4xf32> {
                %a = stablehlo.add %arg0, %arg0 : tensor<4xf32>
                %0 = sdy.manual_computation(%a) in_shardings=[<@mesh, [{"x"}]>] out_shardings=[<@mesh, [{"x"}]>] manual_axes={"x"} (%x: tensor<4xf32>) {
                  sdy.return %x : tensor<4xf32>
                } : (tensor<4xf32>) -> tensor<4xf32>
                return %0 : tensor<4xf32>
              }
            }
            """
        ),
        ["UNIMPLEMENTED", "sdy.manual_computation"],
    ),
]


@pytest.mark.parametrize("name,text,markers", BAD_PROGRAMS, ids=[b[0] for b in BAD_PROGRAMS])
def test_bad_program_raises_precise_error(client, name, text, markers):
    message = _compile_error(client, text)
    for m in markers:
        assert m in message, f"{name}: expected {m!r} in the error, got: {message}"
    # The client is still usable: a valid program compiles and runs.
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    (out,) = _run(client, VALID, x)
    np.testing.assert_array_equal(out, x + x)


def test_wrong_arguments_at_execute(client):
    exe = client.compile_and_load(VALID, client.devices()[:1])
    dev = client.devices()[0]
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT"):
        exe.execute([])
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT"):
        exe.execute([client.buffer_from_pyval(np.zeros((3, 2), np.float32), device=dev)])
    with pytest.raises(xla_client.XlaRuntimeError, match="INVALID_ARGUMENT"):
        exe.execute([client.buffer_from_pyval(np.zeros((2, 3), np.int32), device=dev)])
    (out,) = [np.asarray(o) for o in exe.execute([client.buffer_from_pyval(np.ones((2, 3), np.float32), device=dev)])]
    np.testing.assert_array_equal(out, np.full((2, 3), 2, np.float32))


def test_program_needing_more_devices_than_the_client(client):
    text = VALID.replace("module @m {", "module @m attributes {mhlo.num_partitions = 4 : i32} {")
    message = _compile_error(client, text)
    # Without options the module's counts decide, and the host sees they cannot fit first.
    assert "needs 4 devices (1 replicas x 4 partitions, from the module's attributes)" in message, message
    assert "1 executable device(s)" in message, message


# --------------------------------------------------------------------------- cholesky / triangular_solve


def _spd(n: int, rng) -> np.ndarray:
    a = rng.standard_normal((n, n))
    return a @ a.T + n * np.eye(n)


@pytest.mark.parametrize("dtype,mlir", [(np.float32, "f32"), (np.float64, "f64"), (np.complex64, "complex<f32>")])
@pytest.mark.parametrize("lower", [True, False])
def test_cholesky(client, dtype, mlir, lower):
    rng = np.random.default_rng(0)
    a = np.stack([_spd(4, rng), _spd(4, rng)]).astype(dtype)
    if np.iscomplexobj(a):
        a = a + 1j * (np.triu(np.ones((4, 4)), 1) - np.tril(np.ones((4, 4)), -1)).astype(dtype)
    t = f"tensor<2x4x4x{mlir}>"
    text = _program(
        f"""
        %0 = stablehlo.cholesky %arg0, lower = {str(lower).lower()} : {t}
        return %0 : {t}
        """,
        args=f"%arg0: {t}",
        results=t,
    )
    (out,) = _run(client, text, a)
    want = np.linalg.cholesky(a.astype(np.complex128 if np.iscomplexobj(a) else np.float64))
    if not lower:
        want = np.conj(np.swapaxes(want, -1, -2))
    tol = 1e-5 if dtype in (np.float32, np.complex64) else 1e-12
    np.testing.assert_allclose(out, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("left", [True, False])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("transpose", ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])
@pytest.mark.parametrize("unit", [False, True])
def test_triangular_solve(client, left, lower, transpose, unit):
    rng = np.random.default_rng(1)
    a = (rng.standard_normal((3, 3)) + 4 * np.eye(3)).astype(np.float64)
    b = rng.standard_normal((3, 2) if left else (2, 3)).astype(np.float64)
    text = _program(
        f"""
        %0 = "stablehlo.triangular_solve"(%arg0, %arg1) {{left_side = {str(left).lower()}, lower = {str(lower).lower()}, transpose_a = #stablehlo<transpose {transpose}>, unit_diagonal = {str(unit).lower()}}} : (tensor<3x3xf64>, {'tensor<3x2xf64>' if left else 'tensor<2x3xf64>'}) -> {'tensor<3x2xf64>' if left else 'tensor<2x3xf64>'}
        return %0 : {'tensor<3x2xf64>' if left else 'tensor<2x3xf64>'}
        """,
        args=f"%arg0: tensor<3x3xf64>, %arg1: {'tensor<3x2xf64>' if left else 'tensor<2x3xf64>'}",
        results="tensor<3x2xf64>" if left else "tensor<2x3xf64>",
    )
    (out,) = _run(client, text, a, b)
    m = np.tril(a) if lower else np.triu(a)
    if unit:
        np.fill_diagonal(m, 1.0)
    if transpose != "NO_TRANSPOSE":
        m = m.T
    want = np.linalg.solve(m, b) if left else np.linalg.solve(m.T, b.T).T
    np.testing.assert_allclose(out, want, rtol=1e-12, atol=1e-12)


# --------------------------------------------------------------------------- LAPACK contract


def test_missing_lapack_library_is_a_clear_error():
    code = textwrap.dedent(
        """
        import numpy as np
        from jaxlib import xla_client
        text = '''module @m {
          func.func public @main(%arg0: tensor<3x3xf32>) -> tensor<3x3xf32> {
            %0:2 = stablehlo.custom_call @lapack_spotrf_ffi(%arg0) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<i32>)
            return %0#0 : tensor<3x3xf32>
          }
        }'''
        c = xla_client.make_cpu_client(num_devices=1)
        try:
            c.compile_and_load(text, c.devices()[:1])
            print("COMPILED")
        except xla_client.XlaRuntimeError as e:
            print("RAISED", e)
        """
    )
    env = dict(os.environ, JAXLIB_CPU_LAPACK_LIBRARY="/nonexistent/liblapack.so")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = proc.stdout
    assert "RAISED FAILED_PRECONDITION" in out, out
    assert "lapack_library" in out and "JAXLIB_CPU_LAPACK_LIBRARY" in out and "/nonexistent/liblapack.so" in out, out


def _lapack_choice(tmp_path, *, scipy_libs: bool, override: str | None) -> str:
    # A scipy package with (or without) the OpenBLAS an auditwheel-repaired wheel keeps beside
    # it, found first on the path; the answer is read in a fresh interpreter.
    pkg = tmp_path / "scipy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("raise ImportError('only its files may be looked at')\n")
    bundled = tmp_path / "scipy.libs" / "libscipy_openblas-0123abcd.so"
    if scipy_libs:
        bundled.parent.mkdir()
        bundled.write_bytes(b"")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    env.pop("JAXLIB_CPU_LAPACK_LIBRARY", None)
    if override:
        env["JAXLIB_CPU_LAPACK_LIBRARY"] = override
    code = "import jaxlib_cpu; print(jaxlib_cpu.lapack_library_path())"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout.strip()


def test_lapack_library_prefers_scipys_openblas(tmp_path):
    # scipy's own OpenBLAS first: Schur vectors and eigenvectors then come out as in scipy.
    chosen = _lapack_choice(tmp_path, scipy_libs=True, override=None)
    assert chosen == str(tmp_path / "scipy.libs" / "libscipy_openblas-0123abcd.so"), chosen


def test_lapack_library_falls_back_to_the_dependency(tmp_path):
    chosen = _lapack_choice(tmp_path, scipy_libs=False, override=None)
    assert "scipy_openblas32" in chosen and os.path.isfile(chosen), chosen


def test_lapack_library_environment_override_wins(tmp_path):
    chosen = _lapack_choice(tmp_path, scipy_libs=True, override="/opt/lapack/liblapack.so")
    assert chosen == "/opt/lapack/liblapack.so", chosen


def test_lapack_potrf_matches_numpy(client):
    rng = np.random.default_rng(2)
    a = _spd(3, rng).astype(np.float64)
    text = textwrap.dedent(
        """\
        module @m {
          func.func public @main(%arg0: tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>) {
            %0:2 = stablehlo.custom_call @lapack_dpotrf_ffi(%arg0) {mhlo.backend_config = {uplo = 76 : ui8}, operand_layouts = [dense<[0, 1]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<> : tensor<0xindex>]} : (tensor<3x3xf64>) -> (tensor<3x3xf64>, tensor<i32>)
            return %0#0, %0#1 : tensor<3x3xf64>, tensor<i32>
          }
        }
        """
    )
    try:
        out, info = _run(client, text, a)
    except xla_client.XlaRuntimeError as e:  # pragma: no cover - depends on the environment
        if "FAILED_PRECONDITION" in str(e):
            pytest.skip(f"no LAPACK library available: {e}")
        raise
    assert int(info) == 0
    np.testing.assert_allclose(np.tril(out), np.linalg.cholesky(a), rtol=1e-12, atol=1e-12)


# --------------------------------------------------------------------------- user custom calls

_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p))


def test_user_custom_call_target_runs():
    """A C function registered by address (what register_custom_call_target's PyCapsule holds)
    passed to the plugin through the `custom_call_targets` client option."""

    def double_it(out, ins):
        src = ctypes.cast(ins[0], ctypes.POINTER(ctypes.c_float))
        dst = ctypes.cast(out, ctypes.POINTER(ctypes.c_float))
        for i in range(6):
            dst[i] = 2.0 * src[i] + 1.0

    fn = _CALLBACK(double_it)
    address = ctypes.cast(fn, ctypes.c_void_p).value
    c = xla_client.make_c_api_client("cpu", {"cpu_device_count": 1, "custom_call_targets": f"my_double=0:{address:#x}"})
    try:
        text = _program(
            """
            %0 = stablehlo.custom_call @my_double(%arg0) {api_version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        )
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        (out,) = _run(c, text, x)
        np.testing.assert_array_equal(out, 2 * x + 1)
        # A typed-FFI registration (xla_client api_version=1) called as an untyped custom call
        # (api_version 1, no attribute dictionary) is refused with a clear message.
        c2 = xla_client.make_c_api_client("cpu", {"cpu_device_count": 1, "custom_call_targets": f"my_double=1:{address:#x}"})
        try:
            message = _compile_error(c2, text)
            assert "INVALID_ARGUMENT" in message and "typed FFI handler" in message, message
        finally:
            c2.close()
    finally:
        c.close()


def test_register_custom_call_target_reaches_make_cpu_client():
    """The public path: a PyCapsule registered with xla_client, then a new CPU client runs it."""

    def add_one(out, ins):
        src = ctypes.cast(ins[0], ctypes.POINTER(ctypes.c_float))
        dst = ctypes.cast(out, ctypes.POINTER(ctypes.c_float))
        for i in range(6):
            dst[i] = src[i] + 1.0

    fn = _CALLBACK(add_one)
    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    capsule = new_capsule(ctypes.cast(fn, ctypes.c_void_p).value, b"xla._CUSTOM_CALL_TARGET", None)
    xla_client.register_custom_call_target("my_add_one", capsule, platform="cpu")
    c = xla_client.make_cpu_client(num_devices=1)
    try:
        text = _program(
            """
            %0 = stablehlo.custom_call @my_add_one(%arg0) {api_version = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
            return %0 : tensor<2x3xf32>
            """
        )
        x = np.arange(6, dtype=np.float32).reshape(2, 3)
        (out,) = _run(c, text, x)
        np.testing.assert_array_equal(out, x + 1)
    finally:
        c.close()


def test_malformed_custom_call_targets_option():
    with pytest.raises(xla_client.XlaRuntimeError, match="custom_call_targets"):
        xla_client.make_c_api_client("cpu", {"custom_call_targets": "nonsense"})
