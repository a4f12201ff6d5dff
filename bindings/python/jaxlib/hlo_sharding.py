"""XLA's sharding descriptions in pure Python: ``OpSharding`` (the ``xla.OpSharding`` proto,
read and written byte for byte) and ``HloSharding`` (its canonical form, string syntax and
predicates), as ``jaxlib.xla_client`` exposes them. No plugin calls, no protobuf dependency.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["HloSharding", "OpSharding"]


# --------------------------------------------------------------------------- proto wire format


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64 values take ten bytes, as protobuf writes them
    out = bytearray()
    while value >= 0x80:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _tag(field: int, wire_type: int) -> bytes:
    return _varint((field << 3) | wire_type)


def _packed(field: int, values: Sequence[int]) -> bytes:
    if not values:
        return b""
    body = b"".join(_varint(int(v)) for v in values)
    return _tag(field, 2) + _varint(len(body)) + body


def _signed64(value: int) -> int:
    return value - (1 << 64) if value >= (1 << 63) else value


class _Reader:
    """Reads protobuf wire format; raises ValueError on malformed input."""

    def __init__(self, data: bytes) -> None:
        self._data = memoryview(data)
        self._pos = 0

    def done(self) -> bool:
        return self._pos >= len(self._data)

    def varint(self) -> int:
        result = shift = 0
        while True:
            if self._pos >= len(self._data) or shift > 63:
                raise ValueError("truncated or overlong varint")
            byte = self._data[self._pos]
            self._pos += 1
            result |= (byte & 0x7F) << shift
            if byte < 0x80:
                return result
            shift += 7

    def bytes_field(self) -> bytes:
        n = self.varint()
        if self._pos + n > len(self._data):
            raise ValueError("truncated length-delimited field")
        chunk = bytes(self._data[self._pos : self._pos + n])
        self._pos += n
        return chunk

    def skip(self, wire_type: int) -> None:
        if wire_type == 0:
            self.varint()
        elif wire_type == 1:
            self._pos += 8
        elif wire_type == 2:
            self.bytes_field()
        elif wire_type == 5:
            self._pos += 4
        else:
            raise ValueError(f"unsupported wire type {wire_type}")
        if self._pos > len(self._data):
            raise ValueError("truncated field")

    def repeated_ints(self, wire_type: int) -> list[int]:
        """A packed run (wire type 2) or one unpacked element (wire type 0)."""
        if wire_type == 0:
            return [_signed64(self.varint())]
        if wire_type != 2:
            raise ValueError(f"repeated integer field with wire type {wire_type}")
        inner = _Reader(self.bytes_field())
        values = []
        while not inner.done():
            values.append(_signed64(inner.varint()))
        return values


# --------------------------------------------------------------------------- OpSharding


class _OpShardingType(enum.IntEnum):
    REPLICATED = 0
    MAXIMAL = 1
    TUPLE = 2
    OTHER = 3
    MANUAL = 4
    UNKNOWN = 5
    UNREDUCED = 6


class _ShardGroupType(enum.IntEnum):
    AS = 0
    LIKE = 1


class OpSharding:
    """The ``xla.OpSharding`` message: plain attributes, ``SerializeToString`` and
    ``ParseFromString`` with the proto's field numbers (``tile_shape`` and ``metadata`` are
    skipped when read and never written)."""

    Type = _OpShardingType
    ShardGroupType = _ShardGroupType

    def __init__(self) -> None:
        self.type: _OpShardingType = _OpShardingType.REPLICATED
        self.tile_assignment_dimensions: list[int] = []
        self.tile_assignment_devices: list[int] = []
        self.tuple_shardings: list[OpSharding] = []
        self.replicate_on_last_tile_dim: bool = False
        self.last_tile_dims: list[_OpShardingType] = []
        self.iota_reshape_dims: list[int] = []
        self.iota_transpose_perm: list[int] = []
        self.is_shard_group: bool = False
        self.shard_group_id: int = 0
        self.shard_group_type: _ShardGroupType = _ShardGroupType.AS

    def SerializeToString(self) -> bytes:  # noqa: N802 - protobuf's spelling
        """The message in protobuf wire format (fields in number order, defaults omitted)."""
        out = bytearray()
        if int(self.type):
            out += _tag(1, 0) + _varint(int(self.type))
        out += _packed(3, self.tile_assignment_dimensions)
        out += _packed(4, self.tile_assignment_devices)
        for t in self.tuple_shardings:
            body = t.SerializeToString()
            out += _tag(5, 2) + _varint(len(body)) + body
        if self.replicate_on_last_tile_dim:
            out += _tag(6, 0) + b"\x01"
        out += _packed(8, [int(t) for t in self.last_tile_dims])
        out += _packed(9, self.iota_reshape_dims)
        out += _packed(10, self.iota_transpose_perm)
        if self.is_shard_group:
            out += _tag(11, 0) + b"\x01"
        if self.shard_group_id:
            out += _tag(12, 0) + _varint(self.shard_group_id)
        if int(self.shard_group_type):
            out += _tag(13, 0) + _varint(int(self.shard_group_type))
        return bytes(out)

    def ParseFromString(self, data: bytes) -> None:  # noqa: N802 - protobuf's spelling
        """Replaces this message with the one in ``data``; ValueError on malformed bytes."""
        fresh = OpSharding()
        r = _Reader(bytes(data))
        while not r.done():
            key = r.varint()
            field, wire = key >> 3, key & 7
            if field == 1 and wire == 0:
                fresh.type = _OpShardingType(r.varint())
            elif field == 3:
                fresh.tile_assignment_dimensions += r.repeated_ints(wire)
            elif field == 4:
                fresh.tile_assignment_devices += r.repeated_ints(wire)
            elif field == 5 and wire == 2:
                child = OpSharding()
                child.ParseFromString(r.bytes_field())
                fresh.tuple_shardings.append(child)
            elif field == 6 and wire == 0:
                fresh.replicate_on_last_tile_dim = r.varint() != 0
            elif field == 8:
                fresh.last_tile_dims += [_OpShardingType(v) for v in r.repeated_ints(wire)]
            elif field == 9:
                fresh.iota_reshape_dims += r.repeated_ints(wire)
            elif field == 10:
                fresh.iota_transpose_perm += r.repeated_ints(wire)
            elif field == 11 and wire == 0:
                fresh.is_shard_group = r.varint() != 0
            elif field == 12 and wire == 0:
                fresh.shard_group_id = _signed64(r.varint())
            elif field == 13 and wire == 0:
                fresh.shard_group_type = _ShardGroupType(r.varint())
            else:
                r.skip(wire)
        self.__dict__.update(fresh.__dict__)

    def clone(self) -> OpSharding:
        """A deep copy."""
        copy = OpSharding()
        copy.ParseFromString(self.SerializeToString())
        return copy

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OpSharding) and self.SerializeToString() == other.SerializeToString()

    def __hash__(self) -> int:
        return hash(self.SerializeToString())

    def __repr__(self) -> str:
        return f"OpSharding({HloSharding.from_proto(self)})"


# --------------------------------------------------------------------------- HloSharding


def _canonical_iota(reshape: Sequence[int], perm: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """XLA's canonical iota: size-1 dims dropped, dims that stay adjacent under the transpose
    merged; an identity transpose becomes one dimension."""
    dims = [int(d) for d in reshape]
    order = [int(p) for p in perm]
    keep = [i for i, d in enumerate(dims) if d != 1]
    remap = {old: new for new, old in enumerate(keep)}
    dims = [dims[i] for i in keep]
    order = [remap[p] for p in order if p in remap]
    merged = True
    while merged:
        merged = False
        for i in range(len(order) - 1):
            if order[i + 1] == order[i] + 1:
                a = order[i]
                dims[a] *= dims[a + 1]
                del dims[a + 1]
                del order[i + 1]
                order = [p - 1 if p > a else p for p in order]
                merged = True
                break
    if order == sorted(order):
        return (math.prod(dims),), (0,)
    return tuple(dims), tuple(order)


def _iota_devices(dims: Sequence[int], reshape: Sequence[int], perm: Sequence[int]) -> list[int]:
    """Device ids of ``iota(prod(reshape)).reshape(reshape).transpose(perm)``, flattened."""
    n = math.prod(reshape)
    strides = [math.prod(reshape[i + 1 :]) for i in range(len(reshape))]
    shape = [reshape[p] for p in perm]
    out = []
    for flat in range(n):
        rem, src = flat, 0
        for axis in reversed(range(len(shape))):
            idx = rem % shape[axis]
            rem //= shape[axis]
            src += idx * strides[perm[axis]]
        out.append(src)
    return out


_TYPE_NAMES = {_OpShardingType.MANUAL: "manual", _OpShardingType.REPLICATED: "replicated",
               _OpShardingType.UNREDUCED: "unreduced", _OpShardingType.MAXIMAL: "maximal"}


class HloSharding:
    """How an array is split over devices, in XLA's canonical form.

    Equality and hashing follow the canonical form, so a sharding read from proto bytes equals
    the one parsed from its string.
    """

    __slots__ = ("_devices", "_dims", "_elements", "_iota", "_kind", "_last_tile_dims", "_replicate_last")

    def __init__(self) -> None:
        raise TypeError("HloSharding has no public constructor; use replicate(), iota_tile(), from_string(), ...")

    @classmethod
    def _make(
        cls,
        kind: str,
        *,
        dims: Sequence[int] = (),
        devices: Sequence[int] | None = None,
        iota: tuple[Sequence[int], Sequence[int]] | None = None,
        replicate_last: bool = False,
        last_tile_dims: Sequence[int] = (),
        elements: Sequence[HloSharding] = (),
    ) -> HloSharding:
        self = object.__new__(cls)
        subgroups = [_OpShardingType(int(t)) for t in last_tile_dims]
        if kind == "tiled":
            # A lone REPLICATED subgroup is spelled replicate_on_last_tile_dim.
            if subgroups == [_OpShardingType.REPLICATED] and not replicate_last:
                subgroups, replicate_last = [], True
            tile_dims = list(dims[:-1]) if replicate_last else list(dims[: len(dims) - len(subgroups)])
            if replicate_last and all(d == 1 for d in tile_dims):
                kind, dims, devices, iota, replicate_last, subgroups = "replicated", (), None, None, False, []
        self._kind = kind
        self._dims = tuple(int(d) for d in dims)
        self._replicate_last = bool(replicate_last)
        self._last_tile_dims = tuple(subgroups)
        self._elements = tuple(elements)
        self._iota: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self._devices: tuple[int, ...] = ()
        if kind == "tiled":
            n = math.prod(self._dims)
            if iota is not None:
                self._iota = _canonical_iota(iota[0], iota[1])
                if math.prod(self._iota[0]) != n:
                    raise ValueError(f"iota of {math.prod(self._iota[0])} devices for a tile assignment of {n}")
                self._devices = tuple(_iota_devices(self._dims, self._iota[0], self._iota[1]))
            else:
                self._devices = tuple(int(d) for d in (devices or ()))
                if len(self._devices) != n:
                    raise ValueError(f"tile assignment {list(self._dims)} needs {n} devices, got {len(self._devices)}")
        elif kind == "maximal":
            self._devices = tuple(int(d) for d in (devices or ()))
        return self

    # ----- constructors

    @staticmethod
    def replicate() -> HloSharding:
        """Every device holds the whole array."""
        return HloSharding._make("replicated")

    @staticmethod
    def manual() -> HloSharding:
        """The program partitions this value itself (shard_map)."""
        return HloSharding._make("manual")

    @staticmethod
    def unknown() -> HloSharding:
        """Not yet decided."""
        return HloSharding._make("unknown")

    @staticmethod
    def unreduced() -> HloSharding:
        """Each device holds a partial value still to be reduced."""
        return HloSharding._make("unreduced")

    @staticmethod
    def maximal(device: int) -> HloSharding:
        """The whole array on one device."""
        return HloSharding._make("maximal", devices=[int(device)])

    @staticmethod
    def iota_tile(
        dims: Sequence[int],
        reshape_dims: Sequence[int] = (),
        transpose_perm: Sequence[int] = (),
        subgroup_types: Sequence[Any] = (),
    ) -> HloSharding:
        """Tiles ``dims`` over ``iota(n).reshape(reshape_dims).transpose(transpose_perm)``."""
        dims = [int(d) for d in dims]
        reshape = [int(d) for d in reshape_dims] or [math.prod(dims)]
        perm = [int(p) for p in transpose_perm] or list(range(len(reshape)))
        return HloSharding._make("tiled", dims=dims, iota=(reshape, perm), last_tile_dims=[int(t) for t in subgroup_types])

    @staticmethod
    def tuple_sharding(shape: Any, shardings: Sequence[HloSharding]) -> HloSharding:
        """One sharding per element of a tuple-shaped value."""
        return HloSharding._make("tuple", elements=list(shardings))

    @staticmethod
    def from_proto(proto: OpSharding) -> HloSharding:
        """The canonical sharding an OpSharding describes."""
        t = _OpShardingType(int(proto.type))
        if t == _OpShardingType.TUPLE:
            return HloSharding._make("tuple", elements=[HloSharding.from_proto(e) for e in proto.tuple_shardings])
        if t == _OpShardingType.MAXIMAL:
            if len(proto.tile_assignment_devices) != 1:
                raise ValueError("a MAXIMAL OpSharding names exactly one device")
            return HloSharding.maximal(proto.tile_assignment_devices[0])
        if t in (_OpShardingType.REPLICATED, _OpShardingType.MANUAL, _OpShardingType.UNKNOWN, _OpShardingType.UNREDUCED):
            return HloSharding._make(t.name.lower())
        dims = list(proto.tile_assignment_dimensions)
        if proto.iota_reshape_dims:
            perm = list(proto.iota_transpose_perm) or list(range(len(proto.iota_reshape_dims)))
            return HloSharding._make("tiled", dims=dims, iota=(list(proto.iota_reshape_dims), perm),
                                     replicate_last=proto.replicate_on_last_tile_dim, last_tile_dims=proto.last_tile_dims)
        return HloSharding._make("tiled", dims=dims, devices=list(proto.tile_assignment_devices),
                                 replicate_last=proto.replicate_on_last_tile_dim, last_tile_dims=proto.last_tile_dims)

    @staticmethod
    def from_string(text: str) -> HloSharding:
        """Parses XLA's sharding syntax (``{devices=[2,2]<=[4]}``, ``{replicated}``, ...)."""
        parser = _Parser(text)
        sharding = parser.sharding()
        parser.end()
        return sharding

    # ----- proto and string forms

    def to_proto(self) -> OpSharding:
        """The OpSharding message for this sharding."""
        p = OpSharding()
        if self._kind == "tuple":
            p.type = _OpShardingType.TUPLE
            p.tuple_shardings = [e.to_proto() for e in self._elements]
        elif self._kind == "maximal":
            p.type = _OpShardingType.MAXIMAL
            p.tile_assignment_devices = list(self._devices)
        elif self._kind == "tiled":
            p.type = _OpShardingType.OTHER
            p.tile_assignment_dimensions = list(self._dims)
            if self._iota is not None:
                p.iota_reshape_dims = list(self._iota[0])
                p.iota_transpose_perm = list(self._iota[1])
            else:
                p.tile_assignment_devices = list(self._devices)
            p.replicate_on_last_tile_dim = self._replicate_last
            p.last_tile_dims = list(self._last_tile_dims)
        else:
            p.type = _OpShardingType[self._kind.upper()]
        return p

    def __str__(self) -> str:
        return "{" + self._body() + "}"

    def _body(self) -> str:
        if self._kind == "tuple":
            return ", ".join(str(e) for e in self._elements)
        if self._kind == "maximal":
            return f"maximal device={self._devices[0]}"
        if self._kind != "tiled":
            return self._kind
        text = "devices=[" + ",".join(map(str, self._dims)) + "]"
        if self._iota is not None:
            reshape, perm = self._iota
            text += "<=[" + ",".join(map(str, reshape)) + "]"
            if list(perm) != list(range(len(perm))):
                text += "T(" + ",".join(map(str, perm)) + ")"
        else:
            text += ",".join(map(str, self._devices))
        if self._replicate_last:
            text += " last_tile_dim_replicate"
        elif self._last_tile_dims:
            text += " last_tile_dims={" + ", ".join(_TYPE_NAMES.get(t, t.name.lower()) for t in self._last_tile_dims) + "}"
        return text

    __repr__ = __str__

    def _key(self) -> tuple[Any, ...]:
        return (self._kind, self._dims, self._devices, self._replicate_last, self._last_tile_dims,
                tuple(e._key() for e in self._elements))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HloSharding) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # ----- predicates and queries

    def is_replicated(self) -> bool:
        """True when every device holds the whole value (a tuple: every element)."""
        if self._kind == "tuple":
            return all(e.is_replicated() for e in self._elements)
        return self._kind == "replicated"

    def is_manual(self) -> bool:
        """True for a manually partitioned value."""
        if self._kind == "tuple":
            return bool(self._elements) and all(e.is_manual() for e in self._elements)
        return self._kind == "manual"

    def is_maximal(self) -> bool:
        """True when each device holds the whole value (XLA's IsTileMaximal: replicated or maximal)."""
        return self._kind in ("maximal", "replicated")

    def is_unknown(self) -> bool:
        """True for an undecided sharding."""
        return self._kind == "unknown"

    def is_unreduced(self) -> bool:
        """True for a value that still has to be reduced across devices."""
        return self._kind == "unreduced"

    def is_tiled(self) -> bool:
        """True when the value is split into tiles (XLA: not maximal, manual, unknown or unreduced)."""
        if self._kind == "tuple":
            return True
        return self._kind == "tiled"

    def is_tile_assignment_iota(self) -> bool:
        """True when the devices are given as an iota (``<=[...]``)."""
        return self._iota is not None

    def _require_array(self, what: str) -> None:
        if self._kind == "tuple":
            raise ValueError(f"{what}() is not defined for a tuple sharding; use tuple_elements()")

    def num_devices(self) -> int:
        """Devices in the tile assignment (0 for replicated, manual and unknown shardings)."""
        self._require_array("num_devices")
        return len(self._devices)

    def num_dimensions(self) -> int:
        """Rank of the tile assignment (1 for shardings without one)."""
        self._require_array("num_dimensions")
        return len(self._dims) if self._kind == "tiled" else 1

    def tile_assignment_dimensions(self) -> list[int]:
        """The tile assignment's shape."""
        self._require_array("tile_assignment_dimensions")
        if self._kind == "tiled":
            return list(self._dims)
        return [1] if self._kind == "maximal" else [0]

    def tile_assignment_devices(self) -> list[int]:
        """The tile assignment's device ids, row-major."""
        self._require_array("tile_assignment_devices")
        return list(self._devices)

    def get_axis_sizes(self) -> list[int]:
        """The iota's reshape dimensions (the mesh axis sizes)."""
        if self._iota is None:
            raise ValueError("get_axis_sizes() needs an iota tile assignment")
        return list(self._iota[0])

    def replicate_on_last_tile_dim(self) -> bool:
        """True when the last tile dimension replicates."""
        return self._replicate_last

    def subgroup_types(self) -> list[OpSharding.Type]:
        """The kinds of the trailing subgroup dimensions."""
        return list(self._last_tile_dims)

    def tuple_elements(self) -> list[HloSharding]:
        """The element shardings of a tuple sharding (``[self]`` otherwise)."""
        return list(self._elements) if self._kind == "tuple" else [self]

    def with_devices(self, devices: Iterable[int]) -> HloSharding:
        """The same tiling over another device list (our helper for NamedSharding)."""
        return HloSharding._make("tiled", dims=self._dims, devices=list(devices),
                                 replicate_last=self._replicate_last, last_tile_dims=self._last_tile_dims)


# --------------------------------------------------------------------------- string parser


_TOKEN_RE = re.compile(r"\s*(<=|[{}\[\](),=]|[A-Za-z_][A-Za-z0-9_]*|-?\d+)")


class _Parser:
    def __init__(self, text: str) -> None:
        self._text = text
        self._tokens: list[str] = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN_RE.match(text, pos)
            if m is None:
                raise ValueError(f"cannot parse sharding {text!r} at offset {pos}")
            self._tokens.append(m.group(1))
            pos = m.end()
        self._i = 0

    def _peek(self) -> str | None:
        return self._tokens[self._i] if self._i < len(self._tokens) else None

    def _take(self, expected: str | None = None) -> str:
        tok = self._peek()
        if tok is None or (expected is not None and tok != expected):
            raise ValueError(f"cannot parse sharding {self._text!r}: expected {expected or 'more'}, got {tok!r}")
        self._i += 1
        return tok

    def end(self) -> None:
        if self._peek() is not None:
            raise ValueError(f"cannot parse sharding {self._text!r}: unexpected {self._peek()!r}")

    def _ints(self, close: str) -> list[int]:
        out: list[int] = []
        while self._peek() != close:
            out.append(int(self._take()))
            if self._peek() == ",":
                self._take(",")
        self._take(close)
        return out

    def sharding(self) -> HloSharding:
        self._take("{")
        if self._peek() == "{":
            elements = [self.sharding()]
            while self._peek() == ",":
                self._take(",")
                elements.append(self.sharding())
            self._take("}")
            return HloSharding._make("tuple", elements=elements)
        if self._peek() == "}":
            self._take("}")
            return HloSharding._make("tuple")
        word = self._take()
        if word in ("replicated", "manual", "unknown", "unreduced"):
            self._take("}")
            return HloSharding._make(word)
        if word == "maximal":
            self._take("device")
            self._take("=")
            device = int(self._take())
            self._take("}")
            return HloSharding.maximal(device)
        if word != "devices":
            raise ValueError(f"cannot parse sharding {self._text!r}: unknown kind {word!r}")
        self._take("=")
        self._take("[")
        dims = self._ints("]")
        iota: tuple[list[int], list[int]] | None = None
        devices: list[int] = []
        if self._peek() == "<=":
            self._take("<=")
            self._take("[")
            reshape = self._ints("]")
            perm = list(range(len(reshape)))
            if self._peek() == "T":
                self._take("T")
                self._take("(")
                perm = self._ints(")")
            iota = (reshape, perm)
        else:
            while self._peek() not in (None, "}", "last_tile_dim_replicate", "last_tile_dims"):
                devices.append(int(self._take()))
                if self._peek() == ",":
                    self._take(",")
        replicate_last = False
        subgroups: list[int] = []
        if self._peek() == "last_tile_dim_replicate":
            self._take()
            replicate_last = True
        elif self._peek() == "last_tile_dims":
            self._take()
            self._take("=")
            self._take("{")
            names = {v: k for k, v in _TYPE_NAMES.items()}
            while self._peek() != "}":
                name = self._take()
                if name not in names:
                    raise ValueError(f"cannot parse sharding {self._text!r}: unknown subgroup type {name!r}")
                subgroups.append(int(names[name]))
                if self._peek() == ",":
                    self._take(",")
            self._take("}")
        self._take("}")
        return HloSharding._make("tiled", dims=dims, devices=devices, iota=iota,
                                 replicate_last=replicate_last, last_tile_dims=subgroups)
