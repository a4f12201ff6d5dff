"""Run under real JAX (jax + Google's jaxlib) with jaxlib_cpu importable: exercises the FFI path
of our plugin end to end (test_ffi_real_jax.py drives it in a subprocess).

argv: <handler .so built from ffi_handlers/test_handlers.cc>. Prints one
"CHECK name ok|SKIP reason" line per check and exits non-zero on the first failure.
"""

from __future__ import annotations

import ctypes
import os
import sys

# JAX's own "cpu" backend too: jax.pure_callback places its arguments on a local CPU device.
# jaxlib_cpu has the higher priority, so it stays the default backend that runs the programs.
os.environ.setdefault("JAX_PLATFORMS", "jaxlib_cpu,cpu")
handlers_path = sys.argv[1]

from jax._src import xla_bridge  # noqa: E402
from jaxlib_cpu import library_path  # noqa: E402

plugin_path = library_path()

xla_bridge.register_plugin("jaxlib_cpu", priority=500, library_path=plugin_path, options=None)

from jaxlib_cpu import jax_ffi, python_callback  # noqa: E402

xla_bridge.register_plugin_callbacks(jax_ffi.install)

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.experimental import io_callback  # noqa: E402

backend = xla_bridge.get_backend()
assert "jaxlib-cpu" in backend.platform_version, backend.platform_version
print("CHECK plugin_loaded ok", backend.platform_version.splitlines()[-1], jax.devices())

# jaxlib's own id for FfiLoadedHostCallbacks is what our plugin files the handler's data under.
jaxlib_id = python_callback.jaxlib_user_data_type_id()
assert jaxlib_id and python_callback._type_id == jaxlib_id, (jaxlib_id, python_callback._type_id)
print("CHECK user_data_type_id ok", jaxlib_id)

lib = ctypes.CDLL(handlers_path)
jax.ffi.register_ffi_target("scale_add", jax.ffi.pycapsule(lib.scale_add), platform="cpu")
# It reached the plugin's registry: the same name with another function is refused there.
from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension  # noqa: E402

try:
    PjrtFfiExtension.from_library(plugin_path).register_handler(
        "scale_add", ctypes.cast(lib.fail_always, ctypes.c_void_p).value, "cpu")
except RuntimeError as e:
    assert "ALREADY_EXISTS" in str(e), e
else:
    raise AssertionError("jax.ffi.register_ffi_target did not reach the plugin's FFI registry")
print("CHECK register_ffi_target ok")


def run(name, fn):
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        if "unknown op 'ML'" in str(e) or "bytecode" in str(e).lower():
            print(f"SKIP {name}: the plugin cannot read MLIR bytecode yet ({str(e)[:80]})")
            return
        raise
    print(f"CHECK {name} ok")


def ffi_call():
    x = np.arange(6, dtype=np.float32)
    y = jax.ffi.ffi_call("scale_add", jax.ShapeDtypeStruct(x.shape, x.dtype))(x, a=np.int32(3), b=np.float32(0.5))
    np.testing.assert_array_equal(np.asarray(y), x * 3 + 0.5)


def callbacks():
    seen = []

    def f(x):
        y = jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        z = io_callback(lambda v: seen.append(v.tolist()) or v * 2, jax.ShapeDtypeStruct(x.shape, x.dtype), x,
                        ordered=True)
        jax.debug.print("x = {}", x)
        return y, z

    x = np.array([0.0, 1.0], np.float32)
    y, z = jax.jit(f)(x)
    np.testing.assert_allclose(np.asarray(y), np.sin(x), rtol=1e-6)
    np.testing.assert_array_equal(np.asarray(z), x * 2)
    jax.effects_barrier()
    assert seen == [x.tolist()], seen


run("ffi_call", ffi_call)
run("host_callbacks", callbacks)
