"""Array layouts as ``jaxlib.xla_client`` exposes them: ``Layout`` (XLA's minor-to-major order,
tiles and element size, with XLA's string form) and ``PjRtLayout`` (the layout of a device
array or executable parameter). Our plugins store arrays dense and row-major; that is the
default layout every query here reports.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["Layout", "PjRtLayout", "default_layout"]


class Layout:
    """An XLA layout: ``minor_to_major`` dimension order, optional tiles, element bits."""

    def __init__(
        self,
        minor_to_major: Sequence[int],
        tiling: Sequence[tuple[int, ...]] = (),
        element_size_in_bits: int = 0,
    ) -> None:
        self._minor_to_major = tuple(int(d) for d in minor_to_major)
        if sorted(self._minor_to_major) != list(range(len(self._minor_to_major))):
            raise ValueError(f"minor_to_major {list(self._minor_to_major)} is not a permutation")
        self._tiling = tuple(tuple(int(x) for x in t) for t in tiling)
        self._element_size_in_bits = int(element_size_in_bits)

    def minor_to_major(self) -> tuple[int, ...]:
        """Dimensions from fastest- to slowest-varying."""
        return self._minor_to_major

    def tiling(self) -> list[tuple[int, ...]]:
        """The tile shapes (empty: untiled)."""
        return list(self._tiling)

    def element_size_in_bits(self) -> int:
        """Bits per element (0: the element type's natural size)."""
        return self._element_size_in_bits

    def to_string(self) -> str:
        """XLA's form: ``{1,0}``, ``{0,1:T(8,128)E(32)}``."""
        text = ",".join(map(str, self._minor_to_major))
        extra = "".join("T(" + ",".join(map(str, t)) + ")" for t in self._tiling)
        if self._element_size_in_bits:
            extra += f"E({self._element_size_in_bits})"
        return "{" + text + (":" + extra if extra else "") + "}"

    __str__ = to_string
    __repr__ = to_string

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and str(self) == str(other)

    def __hash__(self) -> int:
        return hash(str(self))


def default_layout(rank: int) -> Layout:
    """The dense row-major layout of a rank-``rank`` array (minor_to_major ``rank-1 .. 0``)."""
    return Layout(tuple(range(rank - 1, -1, -1)))


class PjRtLayout:
    """The layout of a device array or executable parameter/result."""

    def __init__(self, layout: Layout) -> None:
        if not isinstance(layout, Layout):
            raise TypeError("PjRtLayout wraps a Layout")
        self._layout = layout

    def _xla_layout(self) -> Layout:
        return self._layout

    def __str__(self) -> str:
        return str(self._layout)

    __repr__ = __str__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PjRtLayout) and other._layout == self._layout

    def __hash__(self) -> int:
        return hash(self._layout)
