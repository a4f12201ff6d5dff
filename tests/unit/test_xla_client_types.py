"""xla_client pieces that need no plugin: the CompileOptionsProto encoding, the dtype table,
Shape, enums, the @main signature reader, and the package version."""

from __future__ import annotations

import jaxlib
import ml_dtypes
import numpy as np
import pytest
from jaxlib import _dtypes, _jaxlib, xla_client
from jaxlib._mlir_signature import main_parameter_types


def test_minimal_compile_options_bytes() -> None:
    # executable_build_options (field 3) { num_replicas: 1 (4), num_partitions: 1 (5) }
    assert xla_client.CompileOptions().SerializeAsString() == bytes.fromhex("1a0420012801")


def test_compile_options_never_empty_or_zero() -> None:
    opts = xla_client.CompileOptions()
    opts.executable_build_options.num_replicas = 0
    opts.executable_build_options.num_partitions = 0
    assert opts.SerializeAsString() == bytes.fromhex("1a0420012801"), "zero counts abort XLA's plugin"


def test_compile_options_portable_and_assignment() -> None:
    opts = xla_client.CompileOptions()
    opts.compile_portable_executable = True
    assert opts.SerializeAsString() == bytes.fromhex("1a04200128012001")
    opts = xla_client.CompileOptions()
    opts.executable_build_options.num_replicas = 2
    opts.executable_build_options.device_assignment = xla_client.DeviceAssignment.create([[0], [3]])
    # 1a LEN { 20 02 28 01 4a LEN { 08 02 10 01 1a 04 { 0a 02 00 03 } } }
    assert opts.SerializeAsString() == bytes.fromhex("1a10200228014a0a080210011a040a020003")


def test_device_assignment_with_partitions() -> None:
    raw = _jaxlib.serialize_compile_options(1, 2, [[5, 7]], False, True)
    # num_partitions 2, use_spmd 1, assignment replica_count 1, computation_count 2,
    # computation 0 -> [5], computation 1 -> [7]
    assert raw == bytes.fromhex("1a16200128023001" + "4a0e" + "08011002" + "1a030a0105" + "1a030a0107")


def test_dtype_table_is_consistent() -> None:
    for table in (_dtypes.BY_NUMPY, _dtypes.BY_PJRT, _dtypes.BY_XLA, _dtypes.BY_MLIR, _dtypes.BY_NAME):
        assert len(table) == len(_dtypes.DTYPES), "every key of the dtype table must be unique"
    assert _dtypes.from_numpy(ml_dtypes.bfloat16).pjrt == 13
    assert _dtypes.from_numpy(np.float16).pjrt == 10
    assert _dtypes.from_numpy(np.bool_).pjrt == 1
    assert xla_client.dtype_to_etype(ml_dtypes.bfloat16) == xla_client.PrimitiveType.BF16 == 16
    assert xla_client.etype_to_dtype(xla_client.PrimitiveType.C64) == np.complex64
    for row in _dtypes.DTYPES:
        assert xla_client.PrimitiveType(row.xla).name.lower().replace("_", "") == row.name or row.name in ("pred",)
    with pytest.raises(TypeError, match="not supported"):
        _dtypes.from_numpy(np.dtype("U3"))


def test_shape() -> None:
    s = xla_client.Shape("f32[2,3]")
    assert s.dimensions() == (2, 3) and s.rank() == 2 and s.is_array() and not s.is_tuple()
    assert s.element_type() == xla_client.PrimitiveType.F32 and s.numpy_dtype() == np.float32
    assert s == xla_client.Shape.array_shape(np.float32, (2, 3))
    assert str(xla_client.Shape.array_shape(xla_client.PrimitiveType.BF16, ())) == "bf16[]"
    with pytest.raises(ValueError):
        xla_client.Shape("nonsense")


def test_enums_match_pjrt() -> None:
    assert [int(s) for s in xla_client.HostBufferSemantics] == [0, 1, 2]
    assert issubclass(xla_client.XlaRuntimeError, RuntimeError)
    assert issubclass(xla_client.PluginVersionError, xla_client.XlaRuntimeError)


def test_main_signature_reader() -> None:
    text = """
    module @jit_f attributes {mhlo.num_partitions = 1 : i32} {
      func.func public @main(%arg0: tensor<2x3xf32> {jax.arg_info = "x", mhlo.sharding = "{replicated}"},
                             %arg1: tensor<i32>, %arg2: tensor<4xcomplex<f64>>, %arg3: tensor<1x2xbf16>)
          -> (tensor<2x3xf32> {jax.result_info = ""}) {
        return %arg0 : tensor<2x3xf32>
      }
    }"""
    params = main_parameter_types(text)
    assert params is not None
    assert [(p.dims, p.dtype.name) for p in params] == [((2, 3), "f32"), ((), "s32"), ((4,), "c128"), ((1, 2), "bf16")]
    assert main_parameter_types("func.func public @main(%a: tensor<?xf32>) -> tensor<?xf32>") is None
    assert main_parameter_types(b"ML\xefR\x00bytecode") is None
    assert main_parameter_types("func.func @main() -> tensor<f32>") == []
    assert main_parameter_types("func.func public @main(%a: tensor<8x?xf32>) -> tensor<f32>") is None
    enc = main_parameter_types("func.func public @main(%a: tensor<3xf32, #enc>, %b: tensor<2x2xi1>) -> tensor<f32>")
    assert enc is not None and [(p.dims, p.dtype.name) for p in enc] == [((3,), "f32"), ((2, 2), "pred")]


def test_custom_call_registry() -> None:
    import ctypes

    new_capsule = ctypes.pythonapi.PyCapsule_New
    new_capsule.restype = ctypes.py_object
    new_capsule.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    libc_abs = ctypes.cast(ctypes.CDLL(None).abs, ctypes.c_void_p).value
    capsule = new_capsule(libc_abs, b"xla._CUSTOM_CALL_TARGET", None)
    xla_client.register_custom_call_target("my_target", capsule, platform="cpu")
    assert "my_target" in xla_client.custom_call_targets("cpu")
    assert "my_target" not in xla_client.custom_call_targets("cuda")
    assert f"my_target=0:{libc_abs:#x}" in xla_client._cpu_custom_call_option()
    with pytest.raises(TypeError, match="PyCapsule"):
        xla_client.register_custom_call_target("bad", object(), platform="cpu")
    with pytest.raises(ValueError, match="NULL"):
        xla_client.register_custom_call_target("null", 0, platform="cpu")


def test_package_version() -> None:
    assert jaxlib.__version__ == jaxlib.version
    assert jaxlib.__version__ == _jaxlib.build_version, "the wheel and its extension must carry one version"
