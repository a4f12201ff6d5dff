"""The one dtype table of the Python side: numpy dtype <-> PJRT_Buffer_Type <-> XLA
PrimitiveType <-> MLIR element type. Everything else in the package derives from it.

Must not import the extension module: plugin_support and the doctor use it too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import ml_dtypes
import numpy as np


@dataclass(frozen=True)
class DType:
    """One element type as every layer names it."""

    name: str  # XLA short name: "f32", "bf16", "pred", ...
    numpy: np.dtype[Any]
    pjrt: int  # PJRT_Buffer_Type (positional enum in pjrt_c_api.h)
    xla: int  # xla::PrimitiveType (xla_data.proto)
    mlir: str  # MLIR spelling inside tensor<...>
    since_minor: int = 0  # first PJRT C API minor whose plugins know this type


def _row(name: str, dt: Any, pjrt: int, xla: int, mlir: str, since: int = 0) -> DType:
    return DType(name, np.dtype(dt), pjrt, xla, mlir, since)


# PJRT numbering from pjrt_c_api.h (PJRT_NOTES §3); XLA numbering from xla_data.proto.
# Sub-byte types are one byte per element on the host, like ml_dtypes stores them.
DTYPES: tuple[DType, ...] = (
    _row("pred", np.bool_, 1, 1, "i1"),
    _row("s8", np.int8, 2, 2, "i8"),
    _row("s16", np.int16, 3, 3, "i16"),
    _row("s32", np.int32, 4, 4, "i32"),
    _row("s64", np.int64, 5, 5, "i64"),
    _row("u8", np.uint8, 6, 6, "ui8"),
    _row("u16", np.uint16, 7, 7, "ui16"),
    _row("u32", np.uint32, 8, 8, "ui32"),
    _row("u64", np.uint64, 9, 9, "ui64"),
    _row("f16", np.float16, 10, 10, "f16"),
    _row("f32", np.float32, 11, 11, "f32"),
    _row("f64", np.float64, 12, 12, "f64"),
    _row("bf16", ml_dtypes.bfloat16, 13, 16, "bf16"),
    _row("c64", np.complex64, 14, 15, "complex<f32>"),
    _row("c128", np.complex128, 15, 18, "complex<f64>"),
    _row("f8e5m2", ml_dtypes.float8_e5m2, 16, 19, "f8E5M2"),
    _row("f8e4m3fn", ml_dtypes.float8_e4m3fn, 17, 20, "f8E4M3FN"),
    _row("f8e4m3b11fnuz", ml_dtypes.float8_e4m3b11fnuz, 18, 23, "f8E4M3B11FNUZ"),
    _row("f8e5m2fnuz", ml_dtypes.float8_e5m2fnuz, 19, 24, "f8E5M2FNUZ"),
    _row("f8e4m3fnuz", ml_dtypes.float8_e4m3fnuz, 20, 25, "f8E4M3FNUZ"),
    _row("s4", ml_dtypes.int4, 21, 21, "i4"),
    _row("u4", ml_dtypes.uint4, 22, 22, "ui4"),
    _row("s2", ml_dtypes.int2, 24, 26, "i2", since=55),
    _row("u2", ml_dtypes.uint2, 25, 27, "ui2", since=55),
    _row("f8e4m3", ml_dtypes.float8_e4m3, 26, 28, "f8E4M3", since=55),
    _row("f8e3m4", ml_dtypes.float8_e3m4, 27, 29, "f8E3M4", since=55),
    _row("f8e8m0fnu", ml_dtypes.float8_e8m0fnu, 28, 33, "f8E8M0FNU", since=63),
    _row("f4e2m1fn", ml_dtypes.float4_e2m1fn, 29, 32, "f4E2M1FN", since=63),
)

BY_NUMPY: dict[np.dtype[Any], DType] = {d.numpy: d for d in DTYPES}
BY_PJRT: dict[int, DType] = {d.pjrt: d for d in DTYPES}
BY_XLA: dict[int, DType] = {d.xla: d for d in DTYPES}
BY_MLIR: dict[str, DType] = {d.mlir: d for d in DTYPES}
BY_NAME: dict[str, DType] = {d.name: d for d in DTYPES}


def from_numpy(dtype: Any) -> DType:
    """The row for a numpy dtype (or anything np.dtype() accepts); TypeError if unsupported."""
    dt = np.dtype(dtype)
    row = BY_NUMPY.get(dt)
    if row is None:
        supported = ", ".join(str(d.numpy) for d in DTYPES)
        raise TypeError(f"dtype {dt} is not supported by jaxlib arrays (supported: {supported})")
    return row


def from_pjrt(value: int) -> DType:
    """The row for a PJRT_Buffer_Type value; TypeError for types this jaxlib does not know."""
    row = BY_PJRT.get(int(value))
    if row is None:
        raise TypeError(f"PJRT buffer type {value} is not supported by this jaxlib")
    return row
