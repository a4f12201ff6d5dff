"""Special values JAX's own accuracy tests probe (lax_test's testSuccessOnComplexPlane): complex
expm1 of a real number whose exponential overflows stays real (inf + 0j, not inf + NaN j), and
complex tan of an infinite real part is NaN + NaN j as XLA computes it. Also JAX's
lax.dce_sink custom call, which must compile and do nothing."""

from __future__ import annotations

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


def _unary(client, op: str, x):
    name = op if "." in op else f"stablehlo.{op}"
    text = f"""
module @m {{
  func.func public @main(%arg0: tensor<{x.size}xcomplex<f32>>) -> tensor<{x.size}xcomplex<f32>> {{
    %0 = {name} %arg0 : tensor<{x.size}xcomplex<f32>>
    return %0 : tensor<{x.size}xcomplex<f32>>
  }}
}}"""
    exe = client.compile_and_load(text, client.devices()[:1])
    (out,) = exe.execute([client.buffer_from_pyval(x, device=client.devices()[0])])
    return np.asarray(out)


def test_expm1_of_large_real_numbers_stays_real(client):
    x = np.array([89.0, 1e10, 3.4028235e38, 0.5, -1e30], np.complex64)
    out = _unary(client, "exponential_minus_one", x)
    assert np.isinf(out.real[:3]).all() and (out.imag == 0).all(), out
    np.testing.assert_allclose(out[3], np.expm1(np.float32(0.5)), rtol=1e-6)
    assert out[4] == -1, out


def test_tan_of_infinite_real_part_is_nan_nan(client):
    x = np.array([complex(-np.inf, 0), complex(np.inf, 1.5), complex(0.5, 0.25)], np.complex64)
    out = _unary(client, "tan", x)
    assert np.isnan(out[:2].real).all() and np.isnan(out[:2].imag).all(), out
    np.testing.assert_allclose(out[2], np.tan(np.complex64(0.5 + 0.25j)), rtol=1e-6)


_INF, _NAN = np.inf, np.nan


@pytest.mark.parametrize("op", ["chlo.cosh", "chlo.sinh"])
def test_hyperbolic_of_infinite_real_and_non_finite_imaginary_is_nan_nan(client, op):
    # XLA's exp-based formulas give NaN + NaN j where C's ccosh/csinh keep an infinite real part.
    x = np.array([complex(-_INF, _INF), complex(_INF, -_INF), complex(_INF, _NAN), complex(_INF, 0.5),
                  complex(0.5, 0.25)], np.complex64)
    out = _unary(client, op, x)
    assert np.isnan(out[:3].real).all() and np.isnan(out[:3].imag).all(), out
    assert np.isinf(out[3].real), out  # a finite imaginary part keeps the C99 answer
    ref = np.cosh(np.complex64(0.5 + 0.25j)) if op == "chlo.cosh" else np.sinh(np.complex64(0.5 + 0.25j))
    np.testing.assert_allclose(out[4], ref, rtol=1e-6)


def test_tanh_of_zero_real_and_non_finite_imaginary_is_nan_nan(client):
    x = np.array([complex(0.0, _INF), complex(-0.0, -_INF), complex(0.0, _NAN), complex(0.5, 0.25)], np.complex64)
    out = _unary(client, "tanh", x)
    assert np.isnan(out[:3].real).all() and np.isnan(out[:3].imag).all(), out
    np.testing.assert_allclose(out[3], np.tanh(np.complex64(0.5 + 0.25j)), rtol=1e-6)
    # tan(z) = -i tanh(iz): a NaN real part with a zero imaginary part is NaN + NaN j too.
    t = _unary(client, "chlo.tan", np.array([complex(_NAN, 0.0), complex(_NAN, -0.0)], np.complex64))
    assert np.isnan(t.real).all() and np.isnan(t.imag).all(), t


def test_dce_sink_compiles_and_does_nothing(client):
    text = """
module @m {
  func.func public @main(%arg0: tensor<f32>) -> tensor<f32> {
    %0 = stablehlo.add %arg0, %arg0 : tensor<f32>
    stablehlo.custom_call @dce_sink(%0) {has_side_effect = true} : (tensor<f32>) -> ()
    return %arg0 : tensor<f32>
  }
}"""
    exe = client.compile_and_load(text, client.devices()[:1])
    (out,) = exe.execute([client.buffer_from_pyval(np.float32(3.0), device=client.devices()[0])])
    assert np.asarray(out) == 3.0
