"""The sharding classes of ``jaxlib.xla_client``: ``Sharding`` and its ``SingleDeviceSharding``,
``NamedSharding`` and ``GSPMDSharding`` forms, each able to say which devices it uses and to
give its ``HloSharding``. Pure Python over our Device/DeviceList; no plugin calls.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from jaxlib.hlo_sharding import HloSharding, OpSharding

if TYPE_CHECKING:
    from jaxlib.xla_client import Device, DeviceList

__all__ = ["GSPMDSharding", "NamedSharding", "Sharding", "SingleDeviceSharding", "check_and_canonicalize_memory_kind"]


def _as_device_list(devices: Any) -> DeviceList:
    from jaxlib.xla_client import DeviceList

    return devices if isinstance(devices, DeviceList) else DeviceList(tuple(devices))


def check_and_canonicalize_memory_kind(memory_kind: str | None, device_list: DeviceList) -> str | None:
    """``memory_kind`` if the first device can address it (None: that device's default kind).

    Raises ValueError naming the kinds the device has, as jaxlib does.
    """
    devices = list(device_list)
    if not devices:
        return memory_kind
    device = devices[0]
    if memory_kind is None:
        return device.default_memory().kind
    kinds = [m.kind for m in device.addressable_memories()]
    if memory_kind in kinds:
        return memory_kind
    raise ValueError(
        f"Could not find memory addressable by device {device.device_kind}. Device {device.device_kind} can "
        f"address the following memory kinds: {', '.join(kinds)}. Got memory kind: {memory_kind}"
    )


class Sharding:
    """Base class: which devices hold which part of an array."""

    _internal_device_list: DeviceList
    _memory_kind: str | None

    @property
    def device_set(self) -> set[Device]:
        """The devices used."""
        return set(self._internal_device_list)

    @property
    def memory_kind(self) -> str | None:
        """The memory kind the shards live in."""
        return self._memory_kind

    @property
    def num_devices(self) -> int:
        """How many devices are used."""
        return len(self._internal_device_list)

    @property
    def is_fully_addressable(self) -> bool:
        """True when every device belongs to this process."""
        return self._internal_device_list.is_fully_addressable

    @property
    def _device_assignment(self) -> tuple[Device, ...]:
        return tuple(self._internal_device_list)

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        raise NotImplementedError

    @property
    def is_fully_replicated(self) -> bool:
        """True when every device holds the whole array."""
        return self._to_xla_hlo_sharding(1).is_replicated() or self.num_devices == 1

    def shard_shape(self, global_shape: Sequence[int]) -> tuple[int, ...]:
        """The shape of one shard of an array of ``global_shape``."""
        hlo = self._to_xla_hlo_sharding(len(global_shape))
        if not hlo.is_tiled():
            return tuple(int(d) for d in global_shape)
        tiles = hlo.tile_assignment_dimensions()
        return tuple(-(-int(d) // int(t)) for d, t in zip(global_shape, tiles, strict=False))

    def devices_indices_map(self, global_shape: Sequence[int]) -> dict[Device, tuple[slice, ...]]:
        """For each device, the index of its shard in the global array."""
        shape = tuple(int(d) for d in global_shape)
        hlo = self._to_xla_hlo_sharding(len(shape))
        devices = self._device_assignment
        full = tuple(slice(None) for _ in shape)
        if not hlo.is_tiled():
            return {d: full for d in devices}
        tiles = hlo.tile_assignment_dimensions()
        ids = hlo.tile_assignment_devices()
        shard = self.shard_shape(shape)
        out: dict[Device, tuple[slice, ...]] = {}
        for flat, logical in enumerate(ids):
            coords = []
            rem = flat
            for t in reversed(tiles):
                coords.append(rem % t)
                rem //= t
            coords.reverse()
            index = tuple(slice(c * s, min((c + 1) * s, d)) for c, s, d in zip(coords, shard, shape, strict=False))
            out[devices[logical]] = index
        return out

    def with_memory_kind(self, kind: str) -> Sharding:
        """The same sharding in another memory kind."""
        raise NotImplementedError


class SingleDeviceSharding(Sharding):
    """The whole array on one device."""

    def __init__(self, device: Device, *, memory_kind: str | None = None) -> None:
        self._device = device
        self._internal_device_list = _as_device_list([device])
        self._memory_kind = check_and_canonicalize_memory_kind(memory_kind, self._internal_device_list)

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        return HloSharding.replicate()

    def with_memory_kind(self, kind: str) -> SingleDeviceSharding:
        """The same device, another memory kind."""
        return SingleDeviceSharding(self._device, memory_kind=kind)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, SingleDeviceSharding) and other._device == self._device
                and other._memory_kind == self._memory_kind)

    def __hash__(self) -> int:
        return hash((self._device, self._memory_kind))

    def __repr__(self) -> str:
        return f"SingleDeviceSharding(device={self._device!r}, memory_kind={self._memory_kind})"


class GSPMDSharding(Sharding):
    """An HloSharding (or OpSharding) over an explicit device list."""

    def __init__(
        self,
        devices: Sequence[Device] | DeviceList,
        op_sharding: OpSharding | HloSharding,
        *,
        memory_kind: str | None = None,
        _device_list: DeviceList | None = None,
    ) -> None:
        self._devices = tuple(devices)
        self._internal_device_list = _device_list if _device_list is not None else _as_device_list(self._devices)
        self._hlo_sharding = op_sharding if isinstance(op_sharding, HloSharding) else HloSharding.from_proto(op_sharding)
        self._memory_kind = check_and_canonicalize_memory_kind(memory_kind, self._internal_device_list)
        if (self._hlo_sharding.is_tiled() and len(self._hlo_sharding.tuple_elements()) == 1
                and self._hlo_sharding.num_devices() > len(self._devices)):
            raise ValueError(f"{self._hlo_sharding} needs {self._hlo_sharding.num_devices()} devices; "
                             f"{len(self._devices)} given")

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        return self._hlo_sharding

    def with_memory_kind(self, kind: str) -> GSPMDSharding:
        """The same sharding, another memory kind."""
        return GSPMDSharding(self._devices, self._hlo_sharding, memory_kind=kind)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GSPMDSharding) and other._hlo_sharding == self._hlo_sharding
                and other._devices == self._devices and other._memory_kind == self._memory_kind)

    def __hash__(self) -> int:
        return hash((self._hlo_sharding, self._devices, self._memory_kind))

    def __repr__(self) -> str:
        return f"GSPMDSharding({self._hlo_sharding}, memory_kind={self._memory_kind})"


class NamedSharding(Sharding):
    """A PartitionSpec over a named device mesh.

    ``mesh`` needs ``devices`` (an ndarray of devices, one axis per mesh axis) and
    ``axis_names`` (JAX's ``Mesh`` has both); ``spec`` holds, per array dimension, None, a mesh
    axis name or a tuple of names (JAX's ``PartitionSpec`` is such a tuple).
    """

    def __init__(
        self,
        mesh: Any,
        spec: Any,
        *,
        memory_kind: str | None = None,
        _logical_device_ids: tuple[int, ...] | None = None,
    ) -> None:
        self.mesh = mesh
        self.spec = spec
        import numpy as np

        self._mesh_devices = np.asarray(mesh.devices, dtype=object)
        self._axis_names = tuple(mesh.axis_names)
        if self._mesh_devices.ndim != len(self._axis_names):
            raise ValueError(f"mesh has {self._mesh_devices.ndim} axes but {len(self._axis_names)} axis names")
        used: list[str] = []
        for entry in tuple(spec):
            for name in (entry if isinstance(entry, tuple) else (entry,)):
                if name is None:
                    continue
                if name not in self._axis_names:
                    raise ValueError(f"PartitionSpec names axis {name!r}, which the mesh {self._axis_names} lacks")
                if name in used:
                    raise ValueError(f"PartitionSpec uses mesh axis {name!r} twice")
                used.append(name)
        self._logical_device_ids = _logical_device_ids
        self._internal_device_list = _as_device_list(list(self._mesh_devices.flat))
        self._memory_kind = check_and_canonicalize_memory_kind(memory_kind, self._internal_device_list)

    def _to_xla_hlo_sharding(self, num_dimensions: int) -> HloSharding:
        sizes = dict(zip(self._axis_names, self._mesh_devices.shape, strict=True))
        entries = list(tuple(self.spec)) + [None] * max(0, num_dimensions - len(tuple(self.spec)))
        order: list[str] = []
        tiles: list[int] = []
        for entry in entries[:num_dimensions]:
            names = [n for n in (entry if isinstance(entry, tuple) else (entry,)) if n is not None]
            order += names
            tiles.append(math.prod(sizes[n] for n in names))
        unused = [n for n in self._axis_names if n not in order]
        replicated = math.prod(sizes[n] for n in unused)
        if all(t == 1 for t in tiles):
            return HloSharding.replicate()
        # Mesh axes in tile order (then the unused ones), flattened: the devices of each tile.
        perm = [self._axis_names.index(n) for n in order + unused]
        ids = (self._logical_device_ids if self._logical_device_ids is not None
               else [self._internal_device_list._devices.index(d) for d in self._mesh_devices.flat])
        import numpy as np

        arranged = np.asarray(ids).reshape(self._mesh_devices.shape).transpose(perm).reshape(-1)
        dims = tiles + ([replicated] if replicated > 1 else [])
        sharding = HloSharding.from_string("{devices=[" + ",".join(map(str, dims)) + "]" + ",".join(map(str, arranged))
                                           + (" last_tile_dim_replicate}" if replicated > 1 else "}"))
        return sharding

    def with_memory_kind(self, kind: str) -> NamedSharding:
        """The same mesh and spec, another memory kind."""
        return NamedSharding(self.mesh, self.spec, memory_kind=kind, _logical_device_ids=self._logical_device_ids)

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, NamedSharding) and tuple(other.spec) == tuple(self.spec)
                and other._axis_names == self._axis_names and other._memory_kind == self._memory_kind
                and list(other._mesh_devices.flat) == list(self._mesh_devices.flat))

    def __hash__(self) -> int:
        return hash((tuple(self.spec), self._axis_names, self._memory_kind))

    def __repr__(self) -> str:
        return f"NamedSharding(mesh={dict(zip(self._axis_names, self._mesh_devices.shape, strict=True))}, spec={self.spec})"
