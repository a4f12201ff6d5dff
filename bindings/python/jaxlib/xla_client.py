"""The jaxlib client API (``from jaxlib import xla_client``): clients, devices, memories,
arrays and executables over any PJRT C API plugin.

This module validates arguments and owns the Python object graph; the PJRT calls themselves
happen in ``jaxlib._jaxlib`` with the GIL released. It never loads a plugin on import.
"""

from __future__ import annotations

import enum
import threading
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

from jaxlib import _dtypes, _jaxlib, plugin_support
from jaxlib._mlir_signature import ParamType, main_parameter_types

XlaRuntimeError: type[RuntimeError] = _jaxlib.XlaRuntimeError
PluginVersionError = plugin_support.PluginVersionError

__all__ = [
    "ArrayCopySemantics",
    "ArrayImpl",
    "Client",
    "CompileOptions",
    "CompiledMemoryStats",
    "CustomCallTargetTraits",
    "Device",
    "DeviceAssignment",
    "DeviceList",
    "ExecutableBuildOptions",
    "ExecuteResults",
    "HostBufferSemantics",
    "LoadedExecutable",
    "Memory",
    "PluginVersionError",
    "PrimitiveType",
    "Shape",
    "XlaRuntimeError",
    "batched_block_until_ready",
    "batched_device_put",
    "custom_call_targets",
    "make_c_api_client",
    "make_cpu_client",
    "make_gpu_client",
    "register_custom_call_target",
    "register_custom_type",
]


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


class ArrayImpl:
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

    def __dlpack__(self, *, stream: Any = None, max_version: Any = None, dl_device: Any = None, copy: Any = None) -> Any:
        """DLPack export of a host copy (CPU arrays only)."""
        if self._client.platform != "cpu":
            raise BufferError(f"__dlpack__ is supported for CPU arrays only, not {self._client.platform}")
        value = self._to_numpy()
        if max_version is None:
            return value.__dlpack__()
        return value.__dlpack__(max_version=max_version)

    def __dlpack_device__(self) -> tuple[int, int]:
        """(kDLCPU, 0) for CPU arrays."""
        if self._client.platform != "cpu":
            raise BufferError(f"__dlpack__ is supported for CPU arrays only, not {self._client.platform}")
        return (1, 0)

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

    def consume_token(self) -> None:
        """Tokens are not modelled; present for API compatibility."""
        return None


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
        if len(devices) == 1:
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
        check_shape = len(self._devices) == 1
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
        per_arg = [list(a) for a in arguments]
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
        as ``num_replicas x num_partitions`` (one replica per device when no options are given).
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
        if compile_options is None and len(devices) > 1:
            build.num_replicas = len(devices)
        assignment = options._assignment_list()
        if not assignment and devices:
            r, p = int(build.num_replicas), int(build.num_partitions)
            if r * p != len(devices):
                raise _error(
                    "INVALID_ARGUMENT",
                    f"compile(): {len(devices)} executable device(s) do not match num_replicas={r} x num_partitions={p}",
                )
            ids = [d.id for d in devices]
            assignment = [ids[i * p : (i + 1) * p] for i in range(r)]
        code = computation.encode("utf-8") if isinstance(computation, str) else bytes(computation)
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

    def compile(
        self,
        computation: str | bytes,
        executable_devices: DeviceList | Sequence[Device] | None = None,
        compile_options: CompileOptions | None = None,
    ) -> LoadedExecutable:
        """Compiles and loads (PJRT 0.81 has no unloaded executables); see compile_and_load."""
        return self.compile_and_load(computation, executable_devices, compile_options)

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


# --------------------------------------------------------------------------- custom calls

_custom_call_lock = threading.Lock()
_custom_call_targets: dict[str, dict[str, tuple[Any, int, CustomCallTargetTraits]]] = {}


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
    with _custom_call_lock:
        _custom_call_targets.setdefault(key, {})[name] = (fn, int(api_version), CustomCallTargetTraits(traits))
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
