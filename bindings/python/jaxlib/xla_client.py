"""The jaxlib client API (``from jaxlib import xla_client``): clients, devices, memories,
arrays and executables over any PJRT C API plugin.

This module validates arguments and owns the Python object graph; the PJRT calls themselves
happen in ``jaxlib._jaxlib`` with the GIL released. It never loads a plugin on import.
"""

from __future__ import annotations

import contextlib
import enum
import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Protocol

import numpy as np

from jaxlib import _dtypes, _jaxlib, api_level, plugin_support
from jaxlib._mlir_signature import ParamType, main_parameter_types, module_counts

# Re-exported names (the `as` spelling marks them public for linters).
from jaxlib.hlo_sharding import HloSharding as HloSharding
from jaxlib.hlo_sharding import OpSharding as OpSharding
from jaxlib.layouts import Layout as Layout
from jaxlib.layouts import PjRtLayout as PjRtLayout
from jaxlib.layouts import default_layout
from jaxlib.shardings import GSPMDSharding as GSPMDSharding
from jaxlib.shardings import NamedSharding as NamedSharding
from jaxlib.shardings import Sharding as Sharding
from jaxlib.shardings import SingleDeviceSharding as SingleDeviceSharding
from jaxlib.shardings import check_and_canonicalize_memory_kind as check_and_canonicalize_memory_kind
from jaxlib.tracebacks import Frame as Frame
from jaxlib.tracebacks import Traceback as Traceback
from jaxlib.tracebacks import TracebackScope as TracebackScope

XlaRuntimeError: type[RuntimeError] = _jaxlib.XlaRuntimeError
PluginVersionError = plugin_support.PluginVersionError

logger = logging.getLogger(__name__)

#: The jaxlib release whose ``xla_client`` API this module matches, name for name.
API_COMPATIBILITY = api_level.XLA_CLIENT_API_VERSION


class UnsupportedApiError(XlaRuntimeError, NotImplementedError):  # type: ignore[misc,valid-type]
    """A name of jaxlib 0.10.2's ``xla_client`` that our design cannot give real behaviour
    (``UNIMPLEMENTED: <name>: <why>``); ``UNSUPPORTED_NAMES`` lists each with its reason."""


#: The public names that always raise UnsupportedApiError, and why.
UNSUPPORTED_NAMES: dict[str, str] = {
    "XlaComputation": "HLO module protos: our plugins compile StableHLO only and jaxlib carries no HLO builder "
                      "or parser; pass MLIR text or bytecode to Client.compile_and_load",
    "register_custom_call_partitioner": "custom SPMD partitioners plug into XLA's SPMD partitioner, which our "
                                        "compiler does not have (programs arrive partitioned or with Shardy "
                                        "shardings it lowers itself); no plugin offers the Custom_Partitioner "
                                        "extension to us",
    "register_custom_call_as_batch_partitionable": "batch partitioning of custom calls is a rule of XLA's SPMD "
                                                   "partitioner, which our compiler does not have",
    "encode_inspect_sharding_callback": "the InspectSharding custom call is resolved by XLA's sharding "
                                        "propagation, which our compiler does not run",
}


def _unsupported(name: str) -> UnsupportedApiError:
    return UnsupportedApiError(f"UNIMPLEMENTED: {name}: {UNSUPPORTED_NAMES[name]}")

__all__ = [
    # The 62 public names of jaxlib 0.10.2's xla_client (jaxlib.api_level).
    *api_level.XLA_CLIENT_NAMES,
    # Ours beyond 0.10.2.
    "API_COMPATIBILITY", "CompiledMemoryStats", "ExecutableBuildOptions", "ExecuteResults",
    "PluginVersionError", "UNSUPPORTED_NAMES", "UnsupportedApiError", "dlpack_managed_tensor_to_buffer",
    "get_execution_stream_id", "make_gpu_client",
]

#: Platform names as XLA's custom-call registry spells them ("gpu" means CUDA, as in jaxlib).
xla_platform_names: dict[str, str] = {"cpu": "Host", "gpu": "CUDA"}


def _error(code: str, message: str) -> RuntimeError:
    """An XlaRuntimeError carrying "CODE_NAME: message", like errors from the plugin."""
    return XlaRuntimeError(f"{code}: {message}")


# --------------------------------------------------------------------------- enums and types


class PrimitiveType(enum.IntEnum):
    """XLA element types, numbered like ``xla::PrimitiveType``."""

    PRIMITIVE_TYPE_INVALID = 0
    PRED = 1
    S8 = 2
    S16 = 3
    S32 = 4
    S64 = 5
    U8 = 6
    U16 = 7
    U32 = 8
    U64 = 9
    F16 = 10
    F32 = 11
    F64 = 12
    TUPLE = 13
    OPAQUE_TYPE = 14
    C64 = 15
    BF16 = 16
    TOKEN = 17
    C128 = 18
    F8E5M2 = 19
    F8E4M3FN = 20
    S4 = 21
    U4 = 22
    F8E4M3B11FNUZ = 23
    F8E5M2FNUZ = 24
    F8E4M3FNUZ = 25
    S2 = 26
    U2 = 27
    F8E4M3 = 28
    F8E3M4 = 29
    F4E2M1FN = 32
    F8E8M0FNU = 33


class HostBufferSemantics(enum.IntEnum):
    """How long the host memory given to ``buffer_from_pyval`` must stay valid and unchanged."""

    IMMUTABLE_ONLY_DURING_CALL = 0
    IMMUTABLE_UNTIL_TRANSFER_COMPLETES = 1
    ZERO_COPY = 2


class ArrayCopySemantics(enum.IntEnum):
    """Whether a copy between devices may reuse or donate the source."""

    ALWAYS_COPY = 0
    REUSE_INPUT = 1
    DONATE_INPUT = 2


class CustomCallTargetTraits(enum.IntFlag):
    """Traits of a registered custom-call target."""

    DEFAULT = 0
    COMMAND_BUFFER_COMPATIBLE = 1


class AutotuneCacheMode(enum.IntEnum):
    """How a GPU compiler uses its autotuning cache (recorded in compile options; our CPU
    compiler does not autotune)."""

    UNSPECIFIED = 0
    UPDATE = 1
    READ = 2


def dtype_to_etype(dtype: Any) -> PrimitiveType:
    """The PrimitiveType of a numpy dtype."""
    return PrimitiveType(_dtypes.from_numpy(dtype).xla)


def etype_to_dtype(etype: PrimitiveType | int) -> np.dtype[Any]:
    """The numpy dtype of a PrimitiveType."""
    row = _dtypes.BY_XLA.get(int(etype))
    if row is None:
        raise TypeError(f"PrimitiveType {etype!r} has no numpy dtype")
    return row.numpy


class Shape:
    """An array shape: element type and dimensions (tuples and layouts are not modelled)."""

    def __init__(self, s: str) -> None:
        """Parses ``"f32[2,3]"`` (the XLA shape string form)."""
        text = s.strip()
        name, _, rest = text.partition("[")
        row = _dtypes.BY_NAME.get(name.strip().lower())
        if row is None or not rest.endswith("]"):
            raise ValueError(f"cannot parse shape {s!r}; expected e.g. 'f32[2,3]'")
        body = rest[:-1].split("{")[0]
        self._dtype = row
        self._dims = tuple(int(d) for d in body.split(",") if d.strip())

    @staticmethod
    def array_shape(
        type: np.dtype[Any] | PrimitiveType | Any,
        dims_seq: Sequence[int] = (),
        layout_seq: Sequence[int] | None = None,
        dynamic_dimensions: list[bool] | None = None,
    ) -> Shape:
        """An array shape from a dtype (or PrimitiveType) and dimensions."""
        row = _dtypes.BY_XLA[int(type)] if isinstance(type, PrimitiveType) else _dtypes.from_numpy(type)
        shape = Shape.__new__(Shape)
        shape._dtype = row
        shape._dims = tuple(int(d) for d in dims_seq)
        return shape

    def dimensions(self) -> tuple[int, ...]:
        """The dimension sizes."""
        return self._dims

    def rank(self) -> int:
        """The number of dimensions."""
        return len(self._dims)

    def is_array(self) -> bool:
        """Always True: tuples are not modelled."""
        return True

    def is_tuple(self) -> bool:
        """Always False: tuples are not modelled."""
        return False

    def element_type(self) -> PrimitiveType:
        """The element type."""
        return PrimitiveType(self._dtype.xla)

    def numpy_dtype(self) -> np.dtype[Any]:
        """The element type as a numpy dtype."""
        return self._dtype.numpy

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shape) and (self._dtype, self._dims) == (other._dtype, other._dims)

    def __hash__(self) -> int:
        return hash((self._dtype.name, self._dims))

    def __repr__(self) -> str:
        return f"{self._dtype.name}[{','.join(map(str, self._dims))}]"

    __str__ = __repr__


class ProgramShape:
    """Parameter shapes and result shape of a program."""

    def __init__(self, parameter_shapes: Sequence[Shape], result_shape: Shape) -> None:
        self._parameters = list(parameter_shapes)
        self._result = result_shape

    def parameter_shapes(self) -> list[Shape]:
        """One shape per parameter."""
        return list(self._parameters)

    def result_shape(self) -> Shape:
        """The result's shape."""
        return self._result

    def __repr__(self) -> str:
        params = ", ".join(f"(unknown): {p}" for p in self._parameters)
        return f"({params}) -> {self._result}"

    __str__ = __repr__


class XlaComputation:
    """An HLO module (``HloModuleProto`` bytes). Always raises: see ``UNSUPPORTED_NAMES``."""

    def __init__(self, serialized_hlo_module_proto: bytes = b"") -> None:
        raise _unsupported("XlaComputation")


# --------------------------------------------------------------------------- compile options


class DeviceAssignment:
    """``replicas x computations`` device ids."""

    def __init__(self, array: Any) -> None:
        self._array = np.asarray(array, dtype=np.int64).reshape(np.shape(array))
        if self._array.ndim != 2:
            raise ValueError("a device assignment is a 2-D array [replica][computation] of device ids")

    @staticmethod
    def create(array: Any) -> DeviceAssignment:
        """From a 2-D array of device ids (rows: replicas, columns: computations)."""
        return DeviceAssignment(array)

    def replica_count(self) -> int:
        """Number of replicas."""
        return int(self._array.shape[0])

    def computation_count(self) -> int:
        """Number of computations (partitions)."""
        return int(self._array.shape[1])

    def tolist(self) -> list[list[int]]:
        """The ids as nested lists."""
        return [[int(x) for x in row] for row in self._array]

    def __repr__(self) -> str:
        return f"DeviceAssignment({self.tolist()})"


class ExecutableBuildOptions:
    """The executable_build_options part of CompileOptions."""

    def __init__(self) -> None:
        self.num_replicas: int = 1
        self.num_partitions: int = 1
        self.device_assignment: DeviceAssignment | None = None
        self.use_spmd_partitioning: bool = False
        self.use_auto_spmd_partitioning: bool = False
        self.device_ordinal: int = -1
        self.result_layout: Any = None
        self.debug_options: Any = None


class CompileOptions:
    """Options for ``Client.compile``; serialized as a CompileOptionsProto by the host."""

    def __init__(self) -> None:
        self.executable_build_options = ExecutableBuildOptions()
        self.compile_portable_executable: bool = False
        self.argument_layouts: Any = None
        self.parameter_is_tupled_arguments: bool = False
        self.tuple_arguments: bool = False
        self.num_replicas_override: int | None = None
        self.profile_version: int = 0
        self.env_option_overrides: list[tuple[str, Any]] = []

    @property
    def num_replicas(self) -> int:
        """Alias of executable_build_options.num_replicas."""
        return self.executable_build_options.num_replicas

    @num_replicas.setter
    def num_replicas(self, value: int) -> None:
        self.executable_build_options.num_replicas = int(value)

    @property
    def num_partitions(self) -> int:
        """Alias of executable_build_options.num_partitions."""
        return self.executable_build_options.num_partitions

    @num_partitions.setter
    def num_partitions(self, value: int) -> None:
        self.executable_build_options.num_partitions = int(value)

    @property
    def device_assignment(self) -> DeviceAssignment | None:
        """Alias of executable_build_options.device_assignment."""
        return self.executable_build_options.device_assignment

    @device_assignment.setter
    def device_assignment(self, value: Any) -> None:
        self.executable_build_options.device_assignment = _as_assignment(value)

    def _assignment_list(self) -> list[list[int]]:
        da = _as_assignment(self.executable_build_options.device_assignment)
        return da.tolist() if da is not None else []

    def SerializeAsString(self) -> bytes:  # noqa: N802 - the established spelling
        """The CompileOptionsProto bytes sent to the plugin."""
        b = self.executable_build_options
        return _jaxlib.serialize_compile_options(
            int(b.num_replicas),
            int(b.num_partitions),
            self._assignment_list(),
            bool(self.compile_portable_executable),
            bool(b.use_spmd_partitioning),
        )


def _as_assignment(value: Any) -> DeviceAssignment | None:
    if value is None or isinstance(value, DeviceAssignment):
        return value
    return DeviceAssignment(value)


# --------------------------------------------------------------------------- devices


class Memory:
    """A memory space of a device (kind "device", "pinned_host", ...)."""

    def __init__(self, client: Client, handle: Any) -> None:
        self._client = client
        self._handle = handle

    @property
    def client(self) -> Client:
        """The owning client."""
        return self._client

    @property
    def kind(self) -> str:
        """The memory kind ("device", "pinned_host", "unpinned_host", ...)."""
        return str(self._handle.kind)

    @property
    def id(self) -> int:
        """The memory's id within its client."""
        return int(self._handle.id)

    @property
    def platform(self) -> str:
        """The client's platform name."""
        return self._client.platform

    @property
    def process_index(self) -> int:
        """The process that owns this memory."""
        return self._client.process_index()

    def addressable_by_devices(self) -> list[Device]:
        """Devices that can address this memory."""
        return [self._client._device_for(d) for d in self._handle.addressable_by_devices()]

    def __repr__(self) -> str:
        return self._handle.to_string or f"Memory(id={self.id}, kind={self.kind!r})"

    def __str__(self) -> str:
        return self._handle.debug_string or self.kind


class Device:
    """One device of a client."""

    def __init__(self, client: Client, handle: Any) -> None:
        self._client = client
        self._handle = handle

    @property
    def id(self) -> int:
        """Global device id."""
        return int(self._handle.id)

    @property
    def process_index(self) -> int:
        """Index of the process that owns the device."""
        return int(self._handle.process_index)

    @property
    def host_id(self) -> int:
        """Deprecated alias of process_index."""
        return self.process_index

    @property
    def platform(self) -> str:
        """The client's platform name ("cpu", "cuda", ...)."""
        return self._client.platform

    @property
    def device_kind(self) -> str:
        """The plugin's device kind ("cpu", "NVIDIA H100", ...)."""
        return str(self._handle.kind)

    @property
    def client(self) -> Client:
        """The owning client."""
        return self._client

    @property
    def local_hardware_id(self) -> int | None:
        """Hardware id on this host, or None when the device is not addressable."""
        value = int(self._handle.local_hardware_id)
        return value if value >= 0 else None

    @property
    def attributes(self) -> dict[str, Any]:
        """The plugin's device-description attributes."""
        return dict(self._handle.attributes)

    def memory(self, kind: str) -> Memory:
        """The memory of this device with the given kind."""
        for m in self.addressable_memories():
            if m.kind == kind:
                return m
        kinds = ", ".join(repr(m.kind) for m in self.addressable_memories()) or "none"
        raise _error("INVALID_ARGUMENT", f"Could not find memory addressable by device {self!r} with kind {kind!r}; available kinds: {kinds}")

    def default_memory(self) -> Memory:
        """The device's default memory."""
        handle = self._handle.default_memory()
        if handle is None:
            raise _error("UNIMPLEMENTED", f"the plugin reports no default memory for {self!r}")
        return self._client._memory_for(handle)

    def addressable_memories(self) -> list[Memory]:
        """Every memory this device can address."""
        return [self._client._memory_for(m) for m in self._handle.memories()]

    def memory_stats(self) -> dict[str, int] | None:
        """Allocator statistics, or None when the plugin does not provide them."""
        self._client._check_open()
        try:
            return dict(self._handle.memory_stats())
        except XlaRuntimeError as e:
            if str(e).startswith("UNIMPLEMENTED"):
                return None
            raise

    def __repr__(self) -> str:
        return self._handle.to_string or f"Device(id={self.id})"

    def __str__(self) -> str:
        return self._handle.debug_string or repr(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other._client is self._client and other.id == self.id

    def __hash__(self) -> int:
        return hash((id(self._client), self.id))


class DeviceList:
    """An immutable, ordered list of devices (an executable's device assignment)."""

    def __init__(self, device_assignment: tuple[Device, ...] | Sequence[Device]) -> None:
        self._devices = tuple(device_assignment)
        if not all(isinstance(d, Device) for d in self._devices):
            raise TypeError("DeviceList holds Device objects only")

    def __len__(self) -> int:
        return len(self._devices)

    def __getitem__(self, index: Any) -> Any:
        return self._devices[index]

    def __iter__(self) -> Iterator[Device]:
        return iter(self._devices)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DeviceList) and self._devices == other._devices

    def __hash__(self) -> int:
        return hash(self._devices)

    def __repr__(self) -> str:
        return f"DeviceList({self._devices!r})"

    @property
    def is_fully_addressable(self) -> bool:
        """True when every device belongs to this process."""
        return all(d.local_hardware_id is not None for d in self._devices)

    @property
    def addressable_device_list(self) -> DeviceList:
        """The devices of this process."""
        return DeviceList(tuple(d for d in self._devices if d.local_hardware_id is not None))

    @property
    def process_indices(self) -> set[int]:
        """Processes that own these devices."""
        return {d.process_index for d in self._devices}

    @property
    def default_memory_kind(self) -> str | None:
        """The default memory kind of the first device."""
        if not self._devices:
            return None
        try:
            return self._devices[0].default_memory().kind
        except XlaRuntimeError:
            return None

    @property
    def memory_kinds(self) -> tuple[str, ...]:
        """Memory kinds addressable by the first device."""
        if not self._devices:
            return ()
        return tuple(m.kind for m in self._devices[0].addressable_memories())

    @property
    def device_kind(self) -> str:
        """The device kind shared by the devices."""
        return self._devices[0].device_kind if self._devices else ""


# --------------------------------------------------------------------------- arrays


class Array:
    """Base class of device arrays (``jax.Array`` registers as one under real JAX)."""

    __slots__ = ()


class ArrayImpl(Array):
    """A single-device array owned by a client."""

    __slots__ = ("__weakref__", "_client", "_dtype", "_handle", "_shape")

    def __init__(self, client: Client, handle: Any, dtype: _dtypes.DType | None = None) -> None:
        self._client = client
        self._handle = handle
        self._dtype = dtype if dtype is not None else _dtypes.from_pjrt(handle.element_type)
        self._shape = tuple(int(d) for d in handle.dims)

    @property
    def shape(self) -> tuple[int, ...]:
        """Dimensions."""
        return self._shape

    @property
    def dtype(self) -> np.dtype[Any]:
        """numpy dtype (ml_dtypes for bfloat16 and the float8 types)."""
        return self._dtype.numpy

    @property
    def ndim(self) -> int:
        """Number of dimensions."""
        return len(self._shape)

    @property
    def size(self) -> int:
        """Number of elements."""
        return int(np.prod(self._shape, dtype=np.int64))

    @property
    def nbytes(self) -> int:
        """Bytes on the host."""
        return self.size * self._dtype.numpy.itemsize

    @property
    def client(self) -> Client:
        """The owning client."""
        return self._client

    @property
    def device(self) -> Device:
        """The device holding the array."""
        handle = self._handle.device
        if handle is None:
            raise _error("INTERNAL", "the plugin did not report the array's device")
        return self._client._device_for(handle)

    def devices(self) -> set[Device]:
        """The set of devices holding the array (one)."""
        return {self.device}

    @property
    def memory(self) -> Memory | None:
        """The memory holding the array, when the plugin reports it."""
        handle = self._handle.memory
        return None if handle is None else self._client._memory_for(handle)

    def is_deleted(self) -> bool:
        """True after delete() (or after the client was closed)."""
        return bool(self._handle.is_deleted)

    def delete(self) -> None:
        """Frees the device memory now; later use raises XlaRuntimeError."""
        self._handle.delete()

    def block_until_ready(self) -> ArrayImpl:
        """Waits until the array's value is computed; raises the computation's error."""
        self._handle.block_until_ready()
        return self

    def on_device_size_in_bytes(self) -> int:
        """Bytes the array occupies on the device."""
        return int(self._handle.on_device_size_in_bytes())

    def copy_to_device(self, device: Device) -> ArrayImpl:
        """A copy of the array on another device of the same client."""
        if not isinstance(device, Device) or device.client is not self._client:
            raise _error("INVALID_ARGUMENT", "copy_to_device() needs a device of the same client")
        return ArrayImpl(self._client, self._handle.copy_to_device(device._handle), self._dtype)

    def copy_to_memory(self, memory: Memory) -> ArrayImpl:
        """A copy of the array in ``memory`` (e.g. ``device.memory("pinned_host")``)."""
        if not isinstance(memory, Memory) or memory.client is not self._client:
            raise _error("INVALID_ARGUMENT", "copy_to_memory() needs a memory of the same client")
        return ArrayImpl(self._client, self._handle.copy_to_memory(memory._handle), self._dtype)

    def _to_numpy(self) -> np.ndarray:
        out = np.empty(self._shape, dtype=self._dtype.numpy)
        # One byte-level path for every dtype, bfloat16 and bool included.
        self._handle.to_host(out.reshape(-1).view(np.uint8))
        return out

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray:
        value = self._to_numpy()
        return value if dtype is None else value.astype(dtype, copy=False)

    def __dlpack__(
        self, *, stream: Any = None, max_version: tuple[int, int] | None = None, dl_device: Any = None, copy: bool | None = None
    ) -> Any:
        """A DLPack capsule over this array's memory, without a copy (CPU arrays).

        The capsule holds a PJRT external reference: the memory stays valid until the consumer
        frees it, even if this array is deleted or its client closed first. ``copy=True`` hands
        out a fresh host copy instead; ``max_version >= (1, 0)`` gets a versioned capsule.
        """
        if dl_device is not None and tuple(dl_device) != (1, 0):
            raise BufferError(f"__dlpack__: cannot export to DLPack device {tuple(dl_device)}; this array is on (kDLCPU, 0)")
        self.__dlpack_device__()
        versioned = max_version is not None and tuple(max_version) >= (1, 0)
        if copy:
            value = self._to_numpy()
            return value.__dlpack__(max_version=max_version) if versioned else value.__dlpack__()
        code_bits = _dlpack_dtype(self._dtype)
        if code_bits is None:
            raise BufferError(f"__dlpack__: dtype {self.dtype} has no DLPack type code")
        self._client._check_open()
        return _jaxlib.buffer_to_dlpack(self._handle, code_bits[0], code_bits[1], versioned)

    def __dlpack_device__(self) -> tuple[int, int]:
        """(kDLCPU, 0) for arrays in host memory (every array of a CPU client)."""
        if self._client.platform != "cpu":
            raise BufferError(f"__dlpack__ is supported for CPU arrays only, not {self._client.platform}")
        return (1, 0)

    def unsafe_buffer_pointer(self) -> int:
        """The address of the array's memory (waits until it is ready; valid while it lives)."""
        return int(self._handle.unsafe_buffer_pointer())

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("len() of unsized object")
        return self._shape[0]

    def __repr__(self) -> str:
        if self.is_deleted():
            return f"ArrayImpl(<deleted>, shape={self._shape}, dtype={self.dtype})"
        return f"ArrayImpl({np.asarray(self)!r}, device={self._handle.device.to_string})"


class CompiledMemoryStats:
    """Sizes reported by PJRT_Executable_GetCompiledMemoryStats."""

    def __init__(self, values: dict[str, int]) -> None:
        self.generated_code_size_in_bytes = int(values.get("generated_code_size_in_bytes", 0))
        self.argument_size_in_bytes = int(values.get("argument_size_in_bytes", 0))
        self.output_size_in_bytes = int(values.get("output_size_in_bytes", 0))
        self.alias_size_in_bytes = int(values.get("alias_size_in_bytes", 0))
        self.temp_size_in_bytes = int(values.get("temp_size_in_bytes", 0))
        self.host_generated_code_size_in_bytes = int(values.get("host_generated_code_size_in_bytes", 0))
        self.host_argument_size_in_bytes = int(values.get("host_argument_size_in_bytes", 0))
        self.host_output_size_in_bytes = int(values.get("host_output_size_in_bytes", 0))
        self.host_alias_size_in_bytes = int(values.get("host_alias_size_in_bytes", 0))
        self.host_temp_size_in_bytes = int(values.get("host_temp_size_in_bytes", 0))
        self.peak_memory_in_bytes = int(values.get("peak_memory_in_bytes", 0))

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v}" for k, v in vars(self).items())
        return f"CompiledMemoryStats({fields})"


class ExecuteResults:
    """Outputs of ``execute_sharded``: per output, one array per device."""

    def __init__(self, per_device: list[list[ArrayImpl]]) -> None:
        self._per_device = per_device

    def __len__(self) -> int:
        return len(self._per_device[0]) if self._per_device else 0

    def disassemble_into_single_device_arrays(self) -> list[list[ArrayImpl]]:
        """``result[output][device]``."""
        if not self._per_device:
            return []
        return [list(outs) for outs in zip(*self._per_device, strict=True)]

    def disassemble_prefix_into_single_device_arrays(self, n: int) -> list[list[ArrayImpl]]:
        """The first ``n`` outputs of disassemble_into_single_device_arrays()."""
        return self.disassemble_into_single_device_arrays()[:n]

    def consume_token(self) -> ShardedToken:
        """The execution's completion token on every device (ready once the outputs are)."""
        outputs = [a for dev in self._per_device for a in dev]
        return ShardedToken([Token(outputs) for _ in range(max(len(self._per_device), 1))])


class Token:
    """Completion of one execution on one device: ``block_until_ready`` waits for its outputs."""

    def __init__(self, outputs: Sequence[ArrayImpl]) -> None:
        self._outputs = list(outputs)

    def block_until_ready(self) -> None:
        """Waits for the execution; raises its error."""
        for a in self._outputs:
            a.block_until_ready()


class ShardedToken:
    """One Token per device of an execution."""

    def __init__(self, tokens: Sequence[Token]) -> None:
        self._tokens = list(tokens)

    def get_token(self, device_index: int) -> Token:
        """The token of the ``device_index``-th device."""
        return self._tokens[device_index]

    def block_until_ready(self) -> None:
        """Waits on every device."""
        for t in self._tokens:
            t.block_until_ready()


class LoadedExecutable:
    """A compiled program loaded onto its devices."""

    def __init__(
        self, client: Client, handle: Any, program: str | bytes, devices: list[Device], host_callbacks: Sequence[Any] = ()
    ) -> None:
        self._client = client
        self._handle = handle
        self._program = program
        self._devices = devices
        # JAX's host callbacks: sent with every execution as FFI user data (see _host_user_data).
        self._host_callbacks = tuple(host_callbacks)
        self._host_table: Any = None
        self._params: list[ParamType] | None = main_parameter_types(program)
        # (dtype, shape) per output, read once from the executable's metadata so execute()
        # need not ask the plugin for every output's type and dims (dispatch latency).
        self._out_meta: list[tuple[_dtypes.DType, tuple[int, ...]]] | None = None
        # One device in all: @main's types are the arguments'. A multi-process program may have
        # one device here and others elsewhere; its arguments are shards.
        self._whole_program_here = len(devices) == 1 and int(handle.num_replicas) * int(handle.num_partitions) == 1
        if self._whole_program_here:
            # execute()'s path: the extension checks argument types itself and, with the output
            # metadata, builds the ArrayImpl outputs too.
            if self._params is not None:
                handle.set_parameters([(p.dtype.pjrt, list(p.dims)) for p in self._params])
            try:
                types = handle.output_element_types
                dims = handle.output_dimensions
                if len(types) == len(dims) == int(handle.num_outputs):
                    self._out_meta = [(_dtypes.from_pjrt(t), tuple(int(x) for x in d))
                                      for t, d in zip(types, dims, strict=True)]
            except Exception:  # plugin without output metadata: ask each output buffer
                self._out_meta = None
            if self._out_meta is not None:
                handle.set_output_wrapper(ArrayImpl, client, list(self._out_meta))

    @property
    def client(self) -> Client:
        """The owning client."""
        return self._client

    @property
    def name(self) -> str:
        """The executable's name (the module name)."""
        return str(self._handle.name)

    @property
    def fingerprint(self) -> bytes | None:
        """A stable identity of the compiled program, when the plugin provides one."""
        return self._handle.fingerprint

    @property
    def num_replicas(self) -> int:
        """Replica count."""
        return int(self._handle.num_replicas)

    @property
    def num_partitions(self) -> int:
        """Partition count."""
        return int(self._handle.num_partitions)

    def local_devices(self) -> list[Device]:
        """Devices the executable runs on, in argument-list order."""
        return list(self._devices)

    addressable_devices = local_devices

    def num_outputs(self) -> int:
        """Number of outputs."""
        return int(self._handle.num_outputs)

    def output_shapes(self) -> list[Shape]:
        """Output shapes from the executable's metadata."""
        types = self._handle.output_element_types
        dims = self._handle.output_dimensions
        if len(types) != self.num_outputs() or len(dims) != self.num_outputs():
            raise _error("UNIMPLEMENTED", f"the {self._client.plugin_name} plugin does not report output types and dimensions")
        return [Shape.array_shape(_dtypes.from_pjrt(t).numpy, d) for t, d in zip(types, dims, strict=True)]

    def program_text(self) -> str:
        """The program as given to compile (MLIR text; bytecode is shown as a repr)."""
        return self._program if isinstance(self._program, str) else repr(self._program)

    as_text = program_text

    def optimized_program(self) -> tuple[str, bytes]:
        """(format, bytes) of the plugin's optimized program (e.g. "hlo_with_config")."""
        fmt, code = self._handle.optimized_program()
        return str(fmt), bytes(code)

    def hlo_modules(self) -> list[Any]:
        """Not available through the PJRT C API in this jaxlib."""
        raise _error("UNIMPLEMENTED", "hlo_modules() needs an HLO parser; use optimized_program() instead")

    def get_output_memory_kinds(self) -> list[list[str]]:
        """The memory kind of each output, as one list (``[["device", "pinned_host"]]``)."""
        return [list(self._handle.output_memory_kinds())]

    def serialize(self) -> bytes:
        """Bytes that ``Client.deserialize_executable`` loads again, in this process or another."""
        return bytes(self._handle.serialize())

    def get_compiled_memory_stats(self) -> CompiledMemoryStats:
        """Memory sizes the compiler computed; XlaRuntimeError UNIMPLEMENTED where unsupported."""
        return CompiledMemoryStats(self._handle.compiled_memory_stats())

    def get_parameter_layouts(self) -> list[PjRtLayout]:
        """The layout of each parameter (our plugins: dense row-major)."""
        if self._params is None:
            raise _error("UNIMPLEMENTED", "parameter layouts need the program's text (the parameters of a bytecode "
                                          "program are not known to the host)")
        return [PjRtLayout(default_layout(len(p.dims))) for p in self._params]

    def get_output_layouts(self) -> list[PjRtLayout]:
        """The layout of each output (dense row-major)."""
        return [PjRtLayout(default_layout(len(d))) for d in self._handle.output_dimensions]

    def get_parameter_shardings(self) -> list[OpSharding] | None:
        """None: per-parameter shardings are not reported through PJRT C API 0.81."""
        return None

    def get_output_shardings(self) -> list[OpSharding] | None:
        """None: per-output shardings are not reported through PJRT C API 0.81."""
        return None

    def size_of_generated_code_in_bytes(self) -> int:
        """Bytes of generated code, as the compiled memory statistics report it."""
        try:
            return int(self.get_compiled_memory_stats().generated_code_size_in_bytes)
        except XlaRuntimeError:
            return -1

    def cost_analysis(self) -> dict[str, float]:
        """No cost model is offered through the C API here: an empty dict."""
        return {}

    def execute_with_token(self, arguments: Sequence[ArrayImpl], device: Any = None) -> tuple[list[ArrayImpl], Token]:
        """``execute`` plus a Token that is ready when the execution is done."""
        return LoadedExecutable_execute_with_token(self, arguments, device)

    def delete(self) -> None:
        """Unloads the executable."""
        self._handle.delete()

    def is_deleted(self) -> bool:
        """True after delete() or after the client was closed."""
        return bool(self._handle.is_deleted)

    def _validate(self, args: Sequence[Any], where: str) -> None:
        # On the dispatch path: one pass, attribute reads only, messages built only on error.
        params = self._params
        if params is not None and len(args) != len(params):
            for i, a in enumerate(args):
                self._check_argument(i, a, where)
            raise _error(
                "INVALID_ARGUMENT",
                f"{where}: executable '{self.name}' takes {len(params)} argument(s), got {len(args)}",
            )
        # Several devices: each gets its shard, whose shape @main's global types do not give
        # (shard_map); the plugin checks shards against its per-device parameters.
        check_shape = self._whole_program_here
        client = self._client
        for i, a in enumerate(args):
            if type(a) is not ArrayImpl or a._client is not client or a._handle.is_deleted:
                self._check_argument(i, a, where)
            if params is None:
                continue
            p = params[i]
            # DType rows are table singletons: identity first, the dataclass __eq__ is slow.
            if a._dtype is not p.dtype and a._dtype != p.dtype:
                raise _error(
                    "INVALID_ARGUMENT",
                    f"{where}: argument {i} has dtype {a.dtype} ({a._dtype.mlir}) but executable "
                    f"'{self.name}' expects {p.dtype.numpy} ({p.dtype.mlir})",
                )
            if check_shape and a._shape != p.dims:
                raise _error(
                    "INVALID_ARGUMENT",
                    f"{where}: argument {i} has shape {a.shape} but executable '{self.name}' expects {p.dims}",
                )

    def _check_argument(self, i: int, a: Any, where: str) -> None:
        """Raises the precise error for an argument that is not a live array of this client."""
        if not isinstance(a, ArrayImpl):
            raise _error("INVALID_ARGUMENT", f"{where}: argument {i} is a {type(a).__name__}, not an array; use client.buffer_from_pyval()")
        if a._client is not self._client:
            raise _error("INVALID_ARGUMENT", f"{where}: argument {i} belongs to another client")
        if a.is_deleted():
            raise _error("INVALID_ARGUMENT", f"{where}: argument {i} has been deleted")

    def _host_user_data(self) -> list[tuple[int, int]]:
        """(type id, address) of the FfiLoadedHostCallbacks table JAX's callback calls read.

        Like jaxlib: the table holds each callable's PyObject*, the executable keeps the
        callables alive, and the plugin gets the table through a PJRT_ExecuteContext.
        """
        import ctypes

        from jaxlib_cpu import python_callback

        if self._host_table is None:
            api = plugin_support.loaded_plugin(self._client.plugin_name)
            type_id = _host_callback_type_id(api)
            pointers = (ctypes.c_void_p * len(self._host_callbacks))(*[id(cb) for cb in self._host_callbacks])
            table = python_callback.FfiLoadedHostCallbacks(
                ctypes.cast(pointers, ctypes.POINTER(ctypes.c_void_p)), len(self._host_callbacks))
            self._host_table = (type_id, table, pointers)
        type_id, table, _ = self._host_table
        return [(type_id, ctypes.addressof(table))]

    def execute(self, arguments: Sequence[ArrayImpl]) -> list[ArrayImpl]:
        """Runs a single-device executable; returns its outputs."""
        if self._host_callbacks and len(self._devices) == 1:
            self._client._check_open()
            args = list(arguments)
            self._validate(args, "execute()")
            outs = self._handle.execute([[a._handle for a in args]], None, self._host_user_data())
            return [ArrayImpl(self._client, h) for h in outs[0]]
        if len(self._devices) != 1:
            self._client._check_open()
            if self.is_deleted():
                raise _error("FAILED_PRECONDITION", "execute(): the executable has been deleted")
            raise _error(
                "INVALID_ARGUMENT",
                f"execute() needs a single-device executable; '{self.name}' runs on {len(self._devices)} devices, use execute_sharded()",
            )
        # One crossing into the extension, which checks every argument's type and shape; on any
        # failure the Python checks run to name the problem precisely.
        try:
            outs = self._handle.execute1(arguments)
        except (TypeError, ValueError, XlaRuntimeError) as e:
            args = arguments if isinstance(arguments, (list, tuple)) else list(arguments)
            self._explain(args)
            if isinstance(e, XlaRuntimeError):
                raise
            outs = self._handle.execute1(args)  # e.g. a generator, now a list
        if self._out_meta is not None:
            return outs  # type: ignore[no-any-return]  # ArrayImpl already (set_output_wrapper)
        return [ArrayImpl(self._client, h) for h in outs]

    def _explain(self, args: Sequence[Any]) -> None:
        """Raises the precise error for arguments the fast path refused, if there is one."""
        self._client._check_open()
        if self.is_deleted():
            raise _error("FAILED_PRECONDITION", "execute(): the executable has been deleted")
        self._validate(args, "execute()")

    def execute_sharded(self, arguments: Sequence[Sequence[ArrayImpl]], with_tokens: bool = False) -> ExecuteResults:
        """Runs on every device: ``arguments[arg][device]``; results per output per device."""
        self._client._check_open()
        if self.is_deleted():
            raise _error("FAILED_PRECONDITION", "execute_sharded(): the executable has been deleted")
        n = len(self._devices)
        # An argument is its shards, one per device; a lone array stands for itself.
        per_arg = [[a] if isinstance(a, ArrayImpl) else list(a) for a in arguments]
        for i, shards in enumerate(per_arg):
            if len(shards) != n:
                raise _error(
                    "INVALID_ARGUMENT",
                    f"execute_sharded(): argument {i} has {len(shards)} shard(s), executable '{self.name}' runs on {n} device(s)",
                )
        per_device = [[per_arg[i][d] for i in range(len(per_arg))] for d in range(n)]
        for d, args in enumerate(per_device):
            self._validate(args, f"execute_sharded() device {d}")
        user_data = self._host_user_data() if self._host_callbacks else []
        outs = self._handle.execute([[a._handle for a in args] for args in per_device], None, user_data)
        return ExecuteResults([[ArrayImpl(self._client, h) for h in dev] for dev in outs])


def LoadedExecutable_execute(self: LoadedExecutable, arguments: Sequence[ArrayImpl], device: Any = None) -> list[ArrayImpl]:  # noqa: N802
    """Runs ``self`` on its first device through ``execute_sharded`` (jaxlib's module-level form)."""
    results = self.execute_sharded(arguments)
    return [x[0] for x in results.disassemble_into_single_device_arrays()]


def LoadedExecutable_execute_with_token(  # noqa: N802
    self: LoadedExecutable, arguments: Sequence[ArrayImpl], device: Any = None
) -> tuple[list[ArrayImpl], Token]:
    """``LoadedExecutable_execute`` plus the first device's completion Token."""
    results = self.execute_sharded(arguments, with_tokens=True)
    return [x[0] for x in results.disassemble_into_single_device_arrays()], results.consume_token().get_token(0)


class Executable:
    """A compiled program not loaded onto devices: what ``Client.compile`` returns.

    It holds the plugin's serialized executable and the program's metadata; ``load()`` (or
    ``client.deserialize_executable(exe.serialize(), devices)``) makes a LoadedExecutable.
    """

    def __init__(self, client: Client, loaded: LoadedExecutable, devices: Sequence[Device]) -> None:
        self._client = client
        self._devices = list(devices)
        self._name = loaded.name
        self._fingerprint = loaded.fingerprint
        self._program = loaded._program
        self._num_outputs = loaded.num_outputs()
        self._output_layouts = loaded.get_output_layouts()
        try:
            self._parameter_layouts: list[PjRtLayout] | None = loaded.get_parameter_layouts()
        except XlaRuntimeError:
            self._parameter_layouts = None
        self._memory_kinds = loaded.get_output_memory_kinds()
        try:
            self._stats: CompiledMemoryStats | None = loaded.get_compiled_memory_stats()
        except XlaRuntimeError:
            self._stats = None
        # The plugin's bytes are the unloaded form; a plugin that cannot serialize keeps the
        # loaded executable instead, and load() hands it out once.
        self._serialized: bytes | None
        try:
            self._serialized = loaded.serialize()
            self._loaded: LoadedExecutable | None = None
            loaded.delete()
        except XlaRuntimeError:
            self._serialized = None
            self._loaded = loaded

    @property
    def name(self) -> str:
        """The module's name."""
        return self._name

    @property
    def fingerprint(self) -> bytes | None:
        """The plugin's identity of the compiled program."""
        return self._fingerprint

    def serialize(self) -> bytes:
        """Bytes ``Client.deserialize_executable`` loads, here or in another process."""
        if self._serialized is None:
            raise _error("UNIMPLEMENTED", f"the {self._client.plugin_name} plugin cannot serialize executables")
        return self._serialized

    def load(self, executable_devices: DeviceList | Sequence[Device] | None = None) -> LoadedExecutable:
        """Loads the program onto ``executable_devices`` (default: the devices it was compiled for)."""
        devices = list(executable_devices) if executable_devices is not None else self._devices
        if self._serialized is not None:
            return self._client.deserialize_executable(self._serialized, devices)
        if self._loaded is None or devices != self._devices:
            raise _error("UNIMPLEMENTED", f"the {self._client.plugin_name} plugin cannot serialize executables, so "
                                          "this executable loads once, onto the devices it was compiled for")
        loaded, self._loaded = self._loaded, None
        return loaded

    def hlo_modules(self) -> list[Any]:
        """Not available: our plugins keep StableHLO, not HLO modules."""
        raise _error("UNIMPLEMENTED", "hlo_modules() needs HLO modules; our plugins compile StableHLO")

    def get_output_memory_kinds(self) -> list[list[str]]:
        """The memory kind of each output."""
        return [list(k) for k in self._memory_kinds]

    def get_output_layouts(self) -> list[PjRtLayout]:
        """The layout of each output."""
        return list(self._output_layouts)

    def get_parameter_layouts(self) -> list[PjRtLayout]:
        """The layout of each parameter."""
        if self._parameter_layouts is None:
            raise _error("UNIMPLEMENTED", "parameter layouts need the program's text")
        return list(self._parameter_layouts)

    def get_parameter_shardings(self) -> list[OpSharding] | None:
        """None (not reported through PJRT C API 0.81)."""
        return None

    def get_output_shardings(self) -> list[OpSharding] | None:
        """None (not reported through PJRT C API 0.81)."""
        return None

    def get_compiled_memory_stats(self) -> CompiledMemoryStats:
        """The compiler's memory sizes."""
        if self._stats is None:
            raise _error("UNIMPLEMENTED", f"the {self._client.plugin_name} plugin reports no compiled memory stats")
        return self._stats

    def cost_analysis(self) -> dict[str, float]:
        """No cost model is offered through the C API here: an empty dict."""
        return {}

    def __repr__(self) -> str:
        return f"<Executable {self._name!r} (unloaded, {len(self._devices)} device(s))>"


# --------------------------------------------------------------------------- client


class Client:
    """A PJRT client: one plugin's devices, memories, transfers and compiler."""

    def __init__(self, handle: Any, plugin_name: str) -> None:
        self._handle = handle
        self._plugin_name = plugin_name
        self._devices = {d.id: Device(self, d) for d in handle.devices()}
        self._memories = {m.id: Memory(self, m) for m in handle.addressable_memories()}
        self._local = [self._devices[d.id] for d in handle.addressable_devices()]

    # Lookup of the Python wrapper for a handle returned by the extension.
    def _device_for(self, handle: Any) -> Device:
        return self._devices[int(handle.id)]

    def _memory_for(self, handle: Any) -> Memory:
        mem = self._memories.get(int(handle.id))
        if mem is None:
            mem = self._memories[int(handle.id)] = Memory(self, handle)
        return mem

    def _check_open(self) -> None:
        if self._handle.closed:
            raise _error("FAILED_PRECONDITION", f"the {self.platform} client has been closed")

    @property
    def platform(self) -> str:
        """Platform name reported by the plugin ("cpu", "cuda", ...)."""
        return str(self._handle.platform_name)

    @property
    def platform_version(self) -> str:
        """Free-form platform version from the plugin."""
        return str(self._handle.platform_version)

    @property
    def runtime_type(self) -> str:
        """Always "pjrt_c_api": every backend is reached through the PJRT C API."""
        return "pjrt_c_api"

    @property
    def plugin_name(self) -> str:
        """The registered name of the plugin behind this client."""
        return self._plugin_name

    @property
    def pjrt_c_api_version(self) -> tuple[int, int]:
        """The plugin's PJRT C API (major, minor)."""
        return tuple(self._handle.plugin.api_version)  # type: ignore[return-value]

    def process_index(self) -> int:
        """This process's index."""
        return int(self._handle.process_index)

    def devices(self) -> list[Device]:
        """Every device, in every process."""
        return list(self._devices.values())

    def local_devices(self) -> list[Device]:
        """Devices addressable from this process."""
        return list(self._local)

    def device_count(self) -> int:
        """Number of devices."""
        return len(self._devices)

    def local_device_count(self) -> int:
        """Number of addressable devices."""
        return len(self._local)

    def addressable_memories(self) -> list[Memory]:
        """Every memory addressable from this process."""
        return [self._memory_for(m) for m in self._handle.addressable_memories()]

    def buffer_from_pyval(
        self,
        pyval: Any,
        device: Device | Memory | None = None,
        force_copy: bool = False,
        host_buffer_semantics: HostBufferSemantics = HostBufferSemantics.ZERO_COPY,
    ) -> ArrayImpl:
        """Copies (or, with ZERO_COPY on CPU, aliases) a host value onto a device.

        With ``ZERO_COPY`` the host array must not be modified while the device array lives;
        ``force_copy`` makes a copy during the call regardless.
        """
        self._check_open()
        memory: Memory | None = None
        if isinstance(device, Memory):
            memory, device = device, None
        if device is None and memory is None:
            if not self._local:
                raise _error("FAILED_PRECONDITION", "the client has no addressable devices")
            device = self._local[0]
        for target in (device, memory):
            if target is not None and target.client is not self:
                raise _error("INVALID_ARGUMENT", "buffer_from_pyval(): the target belongs to another client")
        value = np.asarray(pyval)
        row = _dtypes.from_numpy(value.dtype)
        api_minor = self.pjrt_c_api_version[1]
        if row.since_minor > api_minor:
            raise _error(
                "INVALID_ARGUMENT",
                f"dtype {row.numpy} needs PJRT C API 0.{row.since_minor}; the {self._plugin_name} plugin is 0.{api_minor}",
            )
        semantics = HostBufferSemantics(host_buffer_semantics)
        if force_copy:
            semantics = HostBufferSemantics.IMMUTABLE_ONLY_DURING_CALL
        if not value.flags.c_contiguous:  # (np.ascontiguousarray would turn 0-d into 1-d)
            value = value.copy(order="C")
        flat = value.reshape(-1).view(np.uint8)
        handle = _jaxlib.buffer_from_host(
            self._handle,
            flat,
            row.pjrt,
            list(value.shape),
            int(semantics),
            device._handle if device is not None else None,
            memory._handle if memory is not None else None,
        )
        return ArrayImpl(self, handle, row)

    def _executable_devices(self, executable_devices: DeviceList | Sequence[Device] | None) -> list[Device]:
        if executable_devices is None:
            return self._local[:1]
        devices = list(executable_devices)
        for d in devices:
            if not isinstance(d, Device) or d.client is not self:
                raise _error("INVALID_ARGUMENT", "compile(): executable_devices must be devices of this client")
        return devices

    def compile_and_load(
        self,
        computation: str | bytes,
        executable_devices: DeviceList | Sequence[Device] | None = None,
        compile_options: CompileOptions | None = None,
        host_callbacks: Sequence[Any] = (),
    ) -> LoadedExecutable:
        """Compiles StableHLO (MLIR text or bytecode) and loads it onto ``executable_devices``.

        Without an explicit device assignment in ``compile_options``, the devices are laid out
        as ``num_replicas x num_partitions``. Without ``compile_options`` the module's own
        ``mhlo.num_replicas`` / ``mhlo.num_partitions`` decide (read from the text here; for
        bytecode, from a first compile on one device, whose executable reports the counts the
        plugin read); a module that names neither, or 1 x 1, runs one replica per device.
        """
        self._check_open()
        for cb in host_callbacks:
            if not callable(cb):
                raise _error("INVALID_ARGUMENT", f"compile(): host callback {cb!r} is not callable")
        if host_callbacks:
            # The program's xla_ffi_python_cpu_callback calls need their handler at compile time.
            _host_callback_type_id(plugin_support.loaded_plugin(self._plugin_name))
        devices = self._executable_devices(executable_devices)
        options = compile_options if compile_options is not None else CompileOptions()
        build = options.executable_build_options
        code = computation.encode("utf-8") if isinstance(computation, str) else bytes(computation)
        source = "the module's attributes"
        if compile_options is None:
            counts = module_counts(computation)
            if counts is None and len(devices) > 1:
                counts = self._counts_from_plugin(code, devices[0])
            if counts is None or counts == (1, 1):
                counts, source = (len(devices), 1), "one replica per executable device"
            build.num_replicas, build.num_partitions = counts
        else:
            source = "compile_options"
        assignment = options._assignment_list()
        if not assignment and devices:
            r, p = int(build.num_replicas), int(build.num_partitions)
            if r * p != len(devices):
                raise _error(
                    "INVALID_ARGUMENT",
                    f"compile(): the program needs {r * p} devices ({r} replicas x {p} partitions, from "
                    f"{source}) but {len(devices)} executable device(s) were given",
                )
            ids = [d.id for d in devices]
            assignment = [ids[i * p : (i + 1) * p] for i in range(r)]
        handle = self._handle.compile(
            code,
            "mlir",
            int(build.num_replicas),
            int(build.num_partitions),
            assignment,
            bool(options.compile_portable_executable),
            bool(build.use_spmd_partitioning),
        )
        exec_devices = [self._device_for(d) for d in handle.addressable_devices()]
        return LoadedExecutable(self, handle, computation, exec_devices, host_callbacks)

    def _counts_from_plugin(self, code: bytes, device: Device) -> tuple[int, int] | None:
        """(num_replicas, num_partitions) the plugin reads from a bytecode module's attributes.

        The host has no bytecode reader, so it compiles once for one device and reads the
        executable's counts (our plugins report the module's when the options say 1 x 1).
        """
        probe = self._handle.compile(code, "mlir", 1, 1, [[device.id]], False, False)
        try:
            return int(probe.num_replicas), int(probe.num_partitions)
        finally:
            probe.delete()

    def compile(
        self,
        computation: str | bytes,
        executable_devices: DeviceList | Sequence[Device] | DeviceTopology | None = None,
        compile_options: CompileOptions | None = None,
        *,
        topology: DeviceTopology | None = None,
    ) -> Executable:
        """Compiles without loading: an Executable to ``serialize()`` or ``load()`` later.

        ``executable_devices`` (or a ``topology`` of this client's platform, meaning its devices)
        place the program as ``compile_and_load`` does. Through PJRT C API 0.81 the plugin
        compiles and loads in one call; the loaded form is serialized and released at once.
        """
        if isinstance(executable_devices, DeviceTopology):
            topology, executable_devices = executable_devices, None
        if topology is not None:
            if topology.platform != self.platform:
                raise _error("INVALID_ARGUMENT", f"compile(): a {topology.platform} topology cannot be compiled for by a "
                                                 f"{self.platform} client")
            if executable_devices is None:
                executable_devices = self.local_devices()[: max(len(topology._devices), 1)]
        loaded = self.compile_and_load(computation, executable_devices, compile_options)
        return Executable(self, loaded, loaded.local_devices())

    def get_default_layout(self, dtype: Any, shard_shape: Sequence[int], device: Device) -> PjRtLayout:
        """The layout arrays of ``dtype`` and ``shard_shape`` get on ``device``: dense row-major."""
        _dtypes.from_numpy(dtype)
        if not isinstance(device, Device) or device.client is not self:
            raise _error("INVALID_ARGUMENT", "get_default_layout() needs a device of this client")
        return PjRtLayout(default_layout(len(tuple(shard_shape))))

    def topology(self) -> DeviceTopology:
        """This client's topology (PJRT_Client_TopologyDescription)."""
        self._check_open()
        return DeviceTopology(self._handle.topology())

    def from_dlpack(self, external: Any, device: Device | Memory | None = None, *, copy: bool | None = None) -> ArrayImpl:
        """An array over a DLPack producer's host memory (an object with ``__dlpack__``, or a
        capsule). 64-byte aligned, compact row-major memory is wrapped without a copy
        (PJRT_Client_CreateViewOfDeviceBuffer) and the producer's memory is released only when
        the plugin lets go of it; other memory is copied, unless ``copy=False`` (BufferError).
        ``copy=True`` always copies.
        """
        self._check_open()
        memory: Memory | None = None
        if isinstance(device, Memory):
            memory, device = device, None
        if device is None and memory is None:
            device = self._local[0]
        capsule = external
        if hasattr(external, "__dlpack__"):
            try:
                capsule = external.__dlpack__(max_version=(1, 0))
            except TypeError:  # a producer that predates versioned capsules
                capsule = external.__dlpack__()
        try:
            handle, _zero_copy = _jaxlib.dlpack_to_buffer(
                self._handle, capsule, device._handle if device is not None else None,
                memory._handle if memory is not None else None, copy is not False, bool(copy))
        except BufferError:
            if copy is False or not hasattr(external, "__dlpack__"):
                raise
            # Strided producer memory: numpy makes it compact, then it is copied like any host value.
            return self.buffer_from_pyval(np.from_dlpack(external), device or memory, force_copy=True)
        return ArrayImpl(self, handle)

    def serialize_executable(self, executable: LoadedExecutable) -> bytes:
        """``executable.serialize()``, the spelling JAX's compilation cache also uses."""
        if not isinstance(executable, LoadedExecutable) or executable.client is not self:
            raise _error("INVALID_ARGUMENT", "serialize_executable() needs an executable of this client")
        return executable.serialize()

    def deserialize_executable(
        self,
        serialized: bytes,
        executable_devices: DeviceList | Sequence[Device] | None = None,
        compile_options: CompileOptions | None = None,
        host_callbacks: Sequence[Any] = (),
    ) -> LoadedExecutable:
        """Loads bytes from ``serialize()``; bytes from another plugin version or damaged bytes
        raise XlaRuntimeError (INVALID_ARGUMENT).

        With ``compile_options`` (or ``executable_devices``) the executable is placed as they say
        instead of as it was when serialized.
        """
        self._check_open()
        if host_callbacks:
            raise _error("UNIMPLEMENTED", "host callbacks are not supported by this jaxlib")
        data = bytes(serialized)
        if compile_options is None and executable_devices is None:
            handle = self._handle.deserialize_executable(data)
        else:
            devices = self._executable_devices(executable_devices)
            options = compile_options if compile_options is not None else CompileOptions()
            build = options.executable_build_options
            assignment = options._assignment_list()
            if not assignment and devices:
                r, p = int(build.num_replicas), int(build.num_partitions)
                if r * p != len(devices):
                    raise _error(
                        "INVALID_ARGUMENT",
                        f"deserialize_executable(): {len(devices)} executable device(s) do not match num_replicas={r} x num_partitions={p}",
                    )
                ids = [d.id for d in devices]
                assignment = [ids[i * p : (i + 1) * p] for i in range(r)]
            handle = self._handle.deserialize_executable(
                data, True, int(build.num_replicas), int(build.num_partitions), assignment,
                bool(options.compile_portable_executable), bool(build.use_spmd_partitioning),
            )
        exec_devices = [self._device_for(d) for d in handle.addressable_devices()]
        # The program is inside the plugin's bytes; its text (when it is text) gives the host
        # its argument checks back, as after compile().
        program: str | bytes = b""
        try:
            fmt, code = handle.optimized_program()
            if str(fmt) == "mlir":
                program = bytes(code).decode("utf-8")
        except (XlaRuntimeError, UnicodeDecodeError):
            program = b""
        return LoadedExecutable(self, handle, program, exec_devices)

    def live_executables(self) -> list[LoadedExecutable]:
        """Not tracked at the Python level; present for API compatibility."""
        return []

    def close(self) -> None:
        """Destroys every array and executable of this client, then the client.

        Later use of the client, its arrays or executables raises XlaRuntimeError
        (FAILED_PRECONDITION); closing twice is harmless.
        """
        self._handle.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        state = " closed" if self._handle.closed else ""
        return f"<jaxlib Client {self.platform} ({self._plugin_name}){state}: {len(self._devices)} device(s)>"


# --------------------------------------------------------------------------- topologies


class DeviceTopology:
    """A PJRT topology description: a platform's devices without (or besides) a client."""

    def __init__(self, handle: Any) -> None:
        self._handle = handle
        self._devices = list(handle.devices)

    @property
    def platform(self) -> str:
        """The platform name ("cpu", "cuda", ...)."""
        return str(self._handle.platform_name)

    @property
    def platform_version(self) -> str:
        """The plugin's free-form platform version."""
        return str(self._handle.platform_version)

    def serialize(self) -> bytes:
        """PJRT_TopologyDescription_Serialize's bytes."""
        return bytes(self._handle.serialize())

    def fingerprint(self) -> int:
        """A stable 64-bit identity of the serialized topology (FNV-1a)."""
        h = 0xCBF29CE484222325
        for b in self.serialize():
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        return h

    @property
    def attributes(self) -> dict[str, Any]:
        """PJRT_TopologyDescription_Attributes."""
        return dict(self._handle.attributes)

    def _make_compile_only_devices(self) -> list[dict[str, Any]]:
        """The topology's device descriptions (id, process_index, kind, debug_string, to_string)."""
        return [dict(d) for d in self._devices]

    def __repr__(self) -> str:
        return f"<DeviceTopology {self.platform}: {len(self._devices)} device(s)>"


def get_topology_for_devices(devices: Sequence[Device]) -> DeviceTopology:
    """The topology of the client the (non-empty) ``devices`` belong to."""
    devices = list(devices)
    if not devices:
        raise _error("INVALID_ARGUMENT", "get_topology_for_devices() needs at least one device")
    client = devices[0].client
    if any(d.client is not client for d in devices):
        raise _error("INVALID_ARGUMENT", "get_topology_for_devices(): the devices belong to different clients")
    return client.topology()


def _plugin_api(c_api: Any) -> Any:
    """The PluginApi behind a 'pjrt_c_api' capsule, a PluginApi, or a loaded plugin's name."""
    if isinstance(c_api, str):
        return plugin_support.loaded_plugin(c_api)
    if isinstance(c_api, _jaxlib.PluginApi):
        return c_api
    return _jaxlib.plugin_from_c_api(c_api)


def make_c_api_device_topology(c_api: Any, topology_name: str = "", **kwargs: Any) -> DeviceTopology:
    """The topology of the plugin ``c_api`` (a 'pjrt_c_api' capsule, as load_pjrt_plugin_dynamically
    returns, or a loaded plugin's name) for client options ``kwargs``.

    Asks the plugin for a client-free description (PJRT_TopologyDescription_Create). Plugins
    that have none (XLA's CPU plugin: "Topology not supported for CPU compilation") are
    described by a client made with the same options, which the topology keeps alive.
    """
    api = _plugin_api(c_api)
    try:
        return DeviceTopology(_jaxlib.create_topology(api, topology_name, dict(kwargs)))
    except XlaRuntimeError as e:
        if not str(e).startswith("UNIMPLEMENTED") or topology_name:
            raise
    api.initialize()
    client = _jaxlib.Client.create(api, dict(kwargs))
    return DeviceTopology(client.topology())


def make_tfrt_tpu_c_api_device_topology(topology_name: str = "", **kwargs: Any) -> DeviceTopology:
    """The topology of the loaded "tpu" plugin (Google's libtpu, through jaxlib-tpu)."""
    if not plugin_support.pjrt_plugin_loaded("tpu"):
        raise _error("FAILED_PRECONDITION", "the TPU PJRT plugin is not loaded: install jaxlib-tpu (it registers "
                                            "libtpu) on a TPU host, or load_pjrt_plugin_dynamically('tpu', path)")
    return make_c_api_device_topology("tpu", topology_name, **kwargs)


# --------------------------------------------------------------------------- plugins


def pjrt_plugin_loaded(plugin_name: str) -> bool:
    """True once a plugin of that name is loaded in this process."""
    return plugin_support.pjrt_plugin_loaded(plugin_name)


def load_pjrt_plugin_dynamically(plugin_name: str, library_path: str) -> Any:
    """Loads the PJRT plugin at ``library_path`` as ``plugin_name`` (with the version handshake);
    returns its PJRT_Api as a 'pjrt_c_api' capsule. A name loads once (ALREADY_EXISTS after)."""
    if plugin_support.pjrt_plugin_loaded(plugin_name):
        raise _error("ALREADY_EXISTS", f"PJRT_Api already exists for device type {plugin_name}")
    return plugin_support.load_pjrt_plugin_dynamically(plugin_name, library_path).c_api()


def load_pjrt_plugin_with_c_api(plugin_name: str, c_api: Any) -> None:
    """Registers a PJRT_Api that is already loaded (a 'pjrt_c_api' capsule) as ``plugin_name``."""
    if plugin_support.pjrt_plugin_loaded(plugin_name):
        raise _error("ALREADY_EXISTS", f"PJRT_Api already exists for device type {plugin_name}")
    plugin_support.register_loaded_plugin(plugin_name, _jaxlib.plugin_from_c_api(c_api))


def pjrt_plugin_initialized(plugin_name: str) -> bool:
    """True once PJRT_Plugin_Initialize ran for the loaded plugin (FAILED_PRECONDITION if not loaded)."""
    api = plugin_support.loaded_plugins().get(plugin_name)
    if api is None:
        raise _error("FAILED_PRECONDITION", f"PJRT_Api is not initialized: no plugin named '{plugin_name}' is loaded")
    return bool(api.initialized)


def initialize_pjrt_plugin(plugin_name: str) -> None:
    """PJRT_Plugin_Initialize for a loaded plugin (once; later calls do nothing)."""
    plugin_support.initialize_pjrt_plugin(plugin_name)


def generate_pjrt_gpu_plugin_options() -> dict[str, str | int | list[int] | float | bool]:
    """GPU client options from the environment, as jaxlib reads them: XLA_PYTHON_CLIENT_ALLOCATOR,
    XLA_CLIENT_MEM_FRACTION (or the deprecated XLA_PYTHON_CLIENT_MEM_FRACTION),
    XLA_PYTHON_CLIENT_PREALLOCATE, XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB,
    XLA_PYTHON_CLIENT_ABORT_COLLECTIVES_ON_FAILURE and XLA_PYTHON_CLIENT_USE_TFRT_GPU_CLIENT."""
    env = os.environ
    allocator = env.get("XLA_PYTHON_CLIENT_ALLOCATOR", "default").lower()
    if allocator not in ("default", "platform", "bfc", "cuda_async", "vmm"):
        raise ValueError(f'XLA_PYTHON_CLIENT_ALLOCATOR env var must be "default", "platform", "bfc", "cuda_async", '
                         f'or "vmm", got "{allocator}"')
    fraction = env.get("XLA_CLIENT_MEM_FRACTION", "")
    deprecated = env.get("XLA_PYTHON_CLIENT_MEM_FRACTION", "")
    if deprecated and fraction:
        raise ValueError("XLA_CLIENT_MEM_FRACTION is specified together with XLA_PYTHON_CLIENT_MEM_FRACTION. "
                         "Remove the latter one, it is deprecated.")
    fraction = fraction or deprecated
    options: dict[str, str | int | list[int] | float | bool] = {"platform_name": "cuda", "allocator": allocator}
    if fraction:
        options["memory_fraction"] = float(fraction)
    preallocate = env.get("XLA_PYTHON_CLIENT_PREALLOCATE", "")
    if preallocate:
        options["preallocate"] = preallocate not in ("false", "False", "0")
    collective_mb = env.get("XLA_PYTHON_CLIENT_COLLECTIVE_MEM_SIZE_MB", "")
    if collective_mb:
        options["collective_memory_size"] = int(collective_mb) << 20
    options["abort_collectives_on_failure"] = bool(int(env.get("XLA_PYTHON_CLIENT_ABORT_COLLECTIVES_ON_FAILURE", "0")))
    options["use_tfrt_gpu_client"] = bool(int(env.get("XLA_PYTHON_CLIENT_USE_TFRT_GPU_CLIENT", "0")))
    return options


# --------------------------------------------------------------------------- execution stream


_stream = threading.local()


def get_execution_stream_id() -> int:
    """The calling thread's execution stream id (0 unless inside execution_stream_id)."""
    return int(getattr(_stream, "id", 0))


@contextlib.contextmanager
def execution_stream_id(new_id: int) -> Iterator[None]:
    """Sets the calling thread's execution stream id for the block, then restores it.

    GPU plugins may use it to pick a stream; our CPU plugin runs every execution on its own
    thread pool, so there it only scopes the value ``get_execution_stream_id`` reports.
    """
    saved = get_execution_stream_id()
    _stream.id = int(new_id)
    try:
        yield
    finally:
        _stream.id = saved


# --------------------------------------------------------------------------- factories


def make_c_api_client(
    plugin_name: str,
    options: dict[str, str | int | list[int] | float | bool] | None = None,
    distributed_client: Any = None,
    transfer_server_factory: Any = None,
) -> Client:
    """A client of the registered (or dynamically loaded) PJRT plugin ``plugin_name``.

    ``options`` are merged over the ones the plugin registered and passed to
    PJRT_Client_Create with their Python types (bool, int, float, str, list of ints).
    """
    if transfer_server_factory is not None:
        raise _error("UNIMPLEMENTED", "cross-host transfer servers are not supported by this jaxlib")
    api = plugin_support.loaded_plugin(plugin_name)
    _apply_ffi_registrations(plugin_name, api)
    reg = plugin_support.registrations().get(plugin_name)
    merged: dict[str, Any] = dict(reg.options or {}) if reg is not None else {}
    merged.update(options or {})
    # A multi-process plugin bootstraps its job through the distributed client's key-value store.
    handle = _jaxlib.Client.create(api, merged, distributed_client)
    return Client(handle, plugin_name)


def make_cpu_client(
    asynchronous: bool = True,
    distributed_client: Any = None,
    node_id: int = 0,
    num_nodes: int = 1,
    collectives: Any = None,
    num_devices: int | None = None,
    get_local_topology_timeout_minutes: int | None = None,
    get_global_topology_timeout_minutes: int | None = None,
    transfer_server_factory: Any = None,
) -> Client:
    """A client of the registered "cpu" backend (``jaxlib-cpu``).

    Multi-process jobs: ``distributed_client`` (from ``jaxlib.distributed``, connected),
    ``node_id`` and ``num_nodes``; every process sees every device of the job and programs
    over them run their collectives on MPI (``pip install 'jaxlib-cpu[mpi]'``).
    """
    if collectives is not None:
        raise _error("UNIMPLEMENTED", "collectives= is not used: jaxlib-cpu runs cross-process collectives on MPI "
                     "(PyPI's mpich); pass collectives=None")
    options: dict[str, Any] = {}
    if num_nodes != 1 or distributed_client is not None:
        options.update(_cpu_job_options(distributed_client, node_id, num_nodes))
    if num_devices is not None:
        if int(num_devices) < 1:
            raise _error("INVALID_ARGUMENT", f"num_devices must be >= 1, got {num_devices}")
        options["cpu_device_count"] = int(num_devices)
    if not asynchronous:
        options["asynchronous"] = False
    targets = _cpu_custom_call_option()
    if targets:
        options["custom_call_targets"] = targets
    return make_c_api_client("cpu", options, distributed_client if num_nodes > 1 else None,
                             transfer_server_factory=transfer_server_factory)


def _cpu_job_options(distributed_client: Any, node_id: int, num_nodes: int) -> dict[str, Any]:
    # Checked here so that a wrong job shape fails before any process waits for another.
    if int(num_nodes) < 1:
        raise _error("INVALID_ARGUMENT", f"num_nodes must be >= 1, got {num_nodes}")
    if not 0 <= int(node_id) < int(num_nodes):
        raise _error("INVALID_ARGUMENT", f"node_id {node_id} is out of range for num_nodes={num_nodes}")
    if int(num_nodes) > 1 and distributed_client is None:
        raise _error("INVALID_ARGUMENT", f"num_nodes={num_nodes} needs a distributed_client (jaxlib.distributed) "
                     "to bootstrap the job")
    service_nodes = getattr(distributed_client, "num_nodes", None)
    if service_nodes is not None and int(service_nodes) != int(num_nodes):
        raise _error("INVALID_ARGUMENT", f"make_cpu_client(num_nodes={num_nodes}) but the distributed runtime service at "
                     f"{getattr(distributed_client, 'address', '?')} runs a job of {service_nodes} processes")
    client_node = getattr(distributed_client, "node_id", None)
    if client_node is not None and int(client_node) != int(node_id):
        raise _error("INVALID_ARGUMENT", f"make_cpu_client(node_id={node_id}) but the distributed client is process "
                     f"{client_node}'s")
    # The plugin's registration adds `mpi_library` (jaxlib_cpu.mpi_library_path()).
    return {"node_id": int(node_id), "num_nodes": int(num_nodes)}


def make_gpu_client(
    distributed_client: Any = None,
    node_id: int = 0,
    num_nodes: int = 1,
    platform_name: str | None = None,
    allowed_devices: set[int] | None = None,
    mock: bool | None = None,
    mock_gpu_topology: str | None = None,
) -> Client:
    """A client of the registered GPU backend ("cuda" or "rocm", or ``platform_name``)."""
    if distributed_client is not None or num_nodes != 1:
        raise _error("UNIMPLEMENTED", "multi-process GPU clients are not supported by this jaxlib yet")
    regs = plugin_support.registrations()
    if platform_name is not None:
        name = platform_name
    else:
        gpu = [n for n in ("cuda", "rocm") if n in regs]
        if not gpu:
            raise _error("NOT_FOUND", "no GPU backend is installed; pip install jaxlib-cuda12 (or jaxlib-cuda13, jaxlib-rocm)")
        name = gpu[0]
    options: dict[str, Any] = {"platform_name": name}
    if allowed_devices:
        options["visible_devices"] = sorted(int(d) for d in allowed_devices)
    if mock:
        options["enable_mock_nccl"] = True
    if mock_gpu_topology:
        options["mock_gpu_topology"] = mock_gpu_topology
    return make_c_api_client(name, options)


# --------------------------------------------------------------------------- batch helpers


def batched_device_put(
    aval: Any,
    sharding: Any,
    shards: Sequence[Any],
    devices: list[Device],
    committed: bool = True,
    force_copy: bool = False,
    host_buffer_semantics: HostBufferSemantics = HostBufferSemantics.ZERO_COPY,
) -> ArrayImpl:
    """Puts one shard per device. Single-device arrays only in this jaxlib."""
    if len(shards) != len(devices):
        raise _error("INVALID_ARGUMENT", f"batched_device_put(): {len(shards)} shards for {len(devices)} devices")
    if len(devices) != 1:
        raise _error("UNIMPLEMENTED", "multi-device arrays are not supported yet; put each shard with buffer_from_pyval()")
    device = devices[0]
    return device.client.buffer_from_pyval(shards[0], device, force_copy, host_buffer_semantics)


def batched_block_until_ready(x: Sequence[ArrayImpl]) -> None:
    """Waits for every array; raises the first error."""
    for a in x:
        a.block_until_ready()


def _single_device(sharding_or_devices: Any, where: str) -> Device:
    devices = list(sharding_or_devices._internal_device_list if isinstance(sharding_or_devices, Sharding)
                   else sharding_or_devices)
    if len(devices) != 1:
        raise _error("UNIMPLEMENTED", f"{where}: arrays span one device in this jaxlib; got {len(devices)} devices "
                                      "(use execute_sharded with one array per device)")
    return devices[0]


def _copy_with_semantics(x: ArrayImpl, device: Device, semantics: ArrayCopySemantics) -> ArrayImpl:
    semantics = ArrayCopySemantics(semantics)
    if device == x.device and semantics != ArrayCopySemantics.ALWAYS_COPY:
        return x
    out = x.copy_to_device(device)
    if semantics == ArrayCopySemantics.DONATE_INPUT:
        x.delete()
    return out


def batched_copy_array_to_devices_with_sharding(
    arrays: Sequence[ArrayImpl],
    devices: Sequence[DeviceList],
    sharding: Sequence[Any],
    array_copy_semantics: Sequence[ArrayCopySemantics],
) -> list[ArrayImpl]:
    """Copies each array to its device list (one device each), reusing, copying or donating the
    source as its ArrayCopySemantics says."""
    if not (len(arrays) == len(devices) == len(sharding) == len(array_copy_semantics)):
        raise _error("INVALID_ARGUMENT", "batched_copy_array_to_devices_with_sharding(): the four sequences differ in length")
    return [_copy_with_semantics(x, _single_device(d, "batched_copy_array_to_devices_with_sharding()"), s)
            for x, d, s in zip(arrays, devices, array_copy_semantics, strict=True)]


def reorder_shards(x: ArrayImpl, dst_sharding: Any, array_copy_semantics: ArrayCopySemantics) -> ArrayImpl:
    """``x`` laid out as ``dst_sharding`` (one device): the same array, a copy, or a donated move."""
    return _copy_with_semantics(x, _single_device(dst_sharding, "reorder_shards()"), array_copy_semantics)


class ResultHandler:
    """Builds the array of an execution's per-device outputs (what array_result_handler returns)."""

    def __init__(self, aval: Any, sharding: Any, committed: bool) -> None:
        self.aval, self.sharding, self.committed = aval, sharding, committed

    def wrap(self, arrays: Sequence[ArrayImpl]) -> ArrayImpl:
        """The array made of ``arrays`` (one per device of the sharding)."""
        _single_device(self.sharding, "array_result_handler")
        if len(arrays) != 1:
            raise _error("INVALID_ARGUMENT", f"array_result_handler: {len(arrays)} shards for a single-device sharding")
        a = arrays[0]
        shape = tuple(getattr(self.aval, "shape", a.shape))
        dtype = getattr(self.aval, "dtype", a.dtype)
        if tuple(a.shape) != shape or np.dtype(dtype) != a.dtype:
            raise _error("INVALID_ARGUMENT", f"array_result_handler: shard {a.dtype}{list(a.shape)} does not match "
                                             f"the aval {np.dtype(dtype)}{list(shape)}")
        return a

    __call__ = wrap


def array_result_handler(aval: Any, sharding: Any, committed: bool, _skip_checks: bool = False) -> ResultHandler:
    """A ResultHandler for arrays of ``aval`` (shape and dtype) laid out as ``sharding``."""
    return ResultHandler(aval, sharding, committed)


def dlpack_managed_tensor_to_buffer(tensor: Any, device: Device, stream: Any = None, copy: bool | None = None) -> ArrayImpl:
    """An array over a DLPack capsule's (or producer's) host memory on ``device``; see Client.from_dlpack."""
    if stream is not None:
        raise _error("INVALID_ARGUMENT", "dlpack_managed_tensor_to_buffer(): host tensors take no stream")
    return device.client.from_dlpack(tensor, device, copy=copy)


def _dlpack_dtype(row: _dtypes.DType) -> tuple[int, int] | None:
    """(DLPack type code, bits) of a dtype, None for types DLPack cannot name."""
    if row.name == "bf16":
        return (4, 16)
    kind = row.numpy.kind
    codes = {"b": 6, "i": 0, "u": 1, "f": 2, "c": 5}
    if kind not in codes or row.name.startswith(("f8", "f4", "s4", "u4", "s2", "u2")):
        return None
    return codes[kind], row.numpy.itemsize * 8


# --------------------------------------------------------------------------- custom calls

_custom_call_lock = threading.Lock()
_custom_call_targets: dict[str, dict[str, tuple[Any, int, CustomCallTargetTraits]]] = {}


class CustomCallHandler(Protocol):
    """Registers one custom-call target with a platform's runtime (see register_custom_call_handler)."""

    def __call__(self, name: str, fn: Any, platform: str, /, api_version: int = ...,
                 traits: CustomCallTargetTraits = ...) -> None: ...


class CustomTypeIdHandler(Protocol):
    """Registers one FFI type id with a platform's runtime (see register_custom_type_handler)."""

    def __call__(self, type_name: str, type_id: Any, /) -> None: ...


# User handlers per XLA platform name, and what was registered before a handler existed.
_call_handlers: dict[str, CustomCallHandler] = {}
_calls_waiting: dict[str, list[tuple[str, Any, int, CustomCallTargetTraits]]] = {}
_type_handlers: dict[str, CustomTypeIdHandler] = {}
_types_waiting: dict[str, list[tuple[str, Any]]] = {}


def _xla_platform(platform: str) -> str:
    return xla_platform_names.get(platform, platform)


def register_custom_call_handler(platform: str, handler: CustomCallHandler) -> None:
    """Installs ``handler`` for ``platform`` (once; later calls are ignored) and hands it every
    target registered for that platform so far. Our own plugins need no handler: their targets
    reach them through make_cpu_client and the PJRT FFI extension."""
    key = _xla_platform(platform)
    with _custom_call_lock:
        if key in _call_handlers:
            logger.debug("custom call handler for %s is already registered; keeping the first", key)
            return
        _call_handlers[key] = handler
        waiting = _calls_waiting.pop(key, [])
    for name, fn, api_version, traits in waiting:
        handler(name, fn, key, api_version, traits)


def register_custom_type_handler(platform: str, handler: CustomTypeIdHandler) -> None:
    """Installs ``handler`` for ``platform``'s FFI type ids (once) and replays earlier registrations."""
    key = _xla_platform(platform)
    with _custom_call_lock:
        if key in _type_handlers:
            logger.debug("custom type handler for %s is already registered; keeping the first", key)
            return
        _type_handlers[key] = handler
        waiting = _types_waiting.pop(key, [])
    for name, type_id in waiting:
        handler(name, type_id)


def register_custom_call_partitioner(
    name: str,
    prop_user_sharding: Callable[..., Any],
    partition: Callable[..., Any],
    infer_sharding_from_operands: Callable[..., Any],
    can_side_effecting_have_replicated_sharding: bool = False,
    c_api: Any = None,
) -> None:
    """Always raises UnsupportedApiError (see UNSUPPORTED_NAMES)."""
    raise _unsupported("register_custom_call_partitioner")


def register_custom_call_as_batch_partitionable(target_name: str, c_api: Any = None) -> None:
    """Always raises UnsupportedApiError (see UNSUPPORTED_NAMES)."""
    raise _unsupported("register_custom_call_as_batch_partitionable")


def encode_inspect_sharding_callback(callback: Any) -> bytes:
    """Always raises UnsupportedApiError (see UNSUPPORTED_NAMES)."""
    raise _unsupported("encode_inspect_sharding_callback")


def register_custom_call_target(
    name: str,
    fn: Any,
    platform: str = "cpu",
    api_version: int = 0,
    traits: CustomCallTargetTraits = CustomCallTargetTraits.DEFAULT,
) -> None:
    """Registers a native custom-call target for ``platform``.

    ``fn`` is a PyCapsule holding a C function pointer (or the address as an int). CPU
    clients created afterwards receive every registered target (as the client option
    ``custom_call_targets``); ``api_version=0`` targets follow XLA's untyped CPU ABI.
    """
    key = _custom_call_platform(platform)
    _custom_call_address(name, fn)  # validate now, not at the first client
    xla_key = _xla_platform(platform)
    with _custom_call_lock:
        _custom_call_targets.setdefault(key, {})[name] = (fn, int(api_version), CustomCallTargetTraits(traits))
        handler = _call_handlers.get(xla_key)
        if handler is None:
            _calls_waiting.setdefault(xla_key, []).append((name, fn, int(api_version), CustomCallTargetTraits(traits)))
    if handler is not None:
        handler(name, fn, xla_key, int(api_version), CustomCallTargetTraits(traits))
    if int(api_version) == 1:
        # Typed FFI handlers go into the plugin's FFI registry (PJRT FFI extension) at once
        # when the plugin is loaded, else when its first client is made.
        api = plugin_support.loaded_plugins().get(key)
        if api is not None:
            _register_ffi_handler(api, name, fn, traits)


_host_callback_type_ids: dict[str, int] = {}


def _host_callback_type_id(api: Any) -> int:
    """Installs the host-callback handlers in a plugin (once); the user-data type id it uses."""
    from jaxlib_cpu import python_callback
    from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension

    with _custom_call_lock:
        type_id = _host_callback_type_ids.get(api.path)
        if type_id is None:
            type_id = python_callback.install(PjrtFfiExtension.from_library(api.path))
            _host_callback_type_ids[api.path] = type_id
        return type_id


def _custom_call_platform(platform: str) -> str:
    p = platform.lower()
    if p in ("gpu", "cuda"):
        return "cuda"
    return "cpu" if p in ("host", "cpu") else p


def _register_ffi_handler(api: Any, name: str, fn: Any, traits: int) -> None:
    from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension

    address = _custom_call_address(name, fn)
    PjrtFfiExtension.from_library(api.path).register_handler(name, address, _ffi_platform(api), int(traits))


def _ffi_platform(api: Any) -> str:
    """The platform name a plugin's FFI registry files handlers under (XLA: "HOST" for CPU)."""
    attrs = api.attributes()
    backend = str(attrs.get("jaxlib_backend", ""))
    return "HOST" if backend in ("", "cpu") else backend.upper()


def _apply_ffi_registrations(plugin_name: str, api: Any) -> None:
    """Registers every typed (api_version=1) target of ``plugin_name`` through its FFI extension."""
    with _custom_call_lock:
        items = [(n, v) for n, v in _custom_call_targets.get(plugin_name, {}).items() if v[1] == 1]
    for name, (fn, _, traits) in items:
        _register_ffi_handler(api, name, fn, traits)


def register_custom_type(type_name: str, type_id: Any, platform: str = "cpu") -> None:
    """Registers an FFI type with the plugin of ``platform`` (loading it if needed).

    ``type_id`` is a PyCapsule (or address) of an ``XLA_FFI_TypeId`` whose value 0 asks the
    plugin for a fresh id; the assigned id is written back into it, as jaxlib does.
    """
    import ctypes

    from jaxlib_cpu.pjrt_ffi import PjrtFfiExtension

    xla_key = _xla_platform(platform)
    with _custom_call_lock:
        handler = _type_handlers.get(xla_key)
        if handler is None:
            _types_waiting.setdefault(xla_key, []).append((type_name, type_id))
    if handler is not None:
        handler(type_name, type_id)
    api = plugin_support.loaded_plugin(_custom_call_platform(platform))
    address = _custom_call_address(type_name, type_id)
    slot = ctypes.c_int64.from_address(address)
    slot.value = PjrtFfiExtension.from_library(api.path).register_type(type_name, int(slot.value))


def _custom_call_address(name: str, fn: Any) -> int:
    """The C function address behind ``fn`` (a PyCapsule or an int)."""
    import ctypes

    if isinstance(fn, int) and not isinstance(fn, bool):
        address = fn
    else:
        api = ctypes.pythonapi
        api.PyCapsule_IsValid.restype = ctypes.c_int
        api.PyCapsule_IsValid.argtypes = [ctypes.py_object, ctypes.c_char_p]
        api.PyCapsule_GetName.restype = ctypes.c_char_p
        api.PyCapsule_GetName.argtypes = [ctypes.py_object]
        api.PyCapsule_GetPointer.restype = ctypes.c_void_p
        api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
        if type(fn).__name__ != "PyCapsule":
            raise TypeError(f"custom call target {name!r}: expected a PyCapsule or an address, got {type(fn).__name__}")
        capsule_name = api.PyCapsule_GetName(fn)
        address = api.PyCapsule_GetPointer(fn, capsule_name) or 0
    if address <= 0:
        raise ValueError(f"custom call target {name!r}: NULL function pointer")
    if any(c in name for c in "=;") or not name:
        raise ValueError(f"custom call target name {name!r} must be non-empty without '=' or ';'")
    return address


def _cpu_custom_call_option() -> str:
    """`name=api_version:0xADDR;...` for the CPU plugin's `custom_call_targets` option."""
    with _custom_call_lock:
        items = list(_custom_call_targets.get("cpu", {}).items())
    return ";".join(f"{n}={v[1]}:{_custom_call_address(n, v[0]):#x}" for n, v in items)


def custom_call_targets(platform: str) -> dict[str, Any]:
    """Targets registered for ``platform``: name -> fn."""
    key = _custom_call_platform(platform)
    with _custom_call_lock:
        return {n: v[0] for n, v in _custom_call_targets.get(key, {}).items()}
