"""Python tracebacks as ``jaxlib.xla_client`` exposes them: ``Frame``, ``Traceback`` (the Python
frames of the calling thread, innermost first) and ``TracebackScope`` (frames outside the scope
are left out). Pure Python; never touches a plugin.
"""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["Frame", "Traceback", "TracebackScope"]

_scopes = threading.local()


@dataclass(frozen=True)
class Frame:
    """One Python frame: file, function, the function's first line and the current line."""

    file_name: str
    function_name: str
    function_start_line: int
    line_num: int

    def __repr__(self) -> str:
        return f"{self.function_name};{self.file_name}:{self.line_num}"


def _line_of(code: types.CodeType, lasti: int) -> int:
    for start, end, line in code.co_lines():
        if start <= lasti < end and line is not None:
            return line
    return code.co_firstlineno


class Traceback:
    """The Python stack of one thread at one moment, innermost frame first."""

    def __init__(self, codes: Sequence[types.CodeType] = (), lastis: Sequence[int] = ()) -> None:
        self._codes = tuple(codes)
        self._lastis = tuple(int(i) for i in lastis)
        if len(self._codes) != len(self._lastis):
            raise ValueError("Traceback needs one lasti per code object")

    @staticmethod
    def get_traceback() -> Traceback:
        """The calling thread's frames (stopping at the innermost TracebackScope, if any)."""
        stop = getattr(_scopes, "stack", None)
        boundary = stop[-1] if stop else None
        codes, lastis = [], []
        frame: types.FrameType | None = sys._getframe(1)
        while frame is not None and frame is not boundary:
            codes.append(frame.f_code)
            lastis.append(frame.f_lasti)
            frame = frame.f_back
        return Traceback(codes, lastis)

    @property
    def frames(self) -> list[Frame]:
        """The frames, innermost first."""
        return [Frame(c.co_filename, c.co_name, c.co_firstlineno, _line_of(c, i))
                for c, i in zip(self._codes, self._lastis, strict=True)]

    def raw_frames(self) -> tuple[list[types.CodeType], list[int]]:
        """(code objects, last instruction offsets), innermost first."""
        return list(self._codes), list(self._lastis)

    def as_python_traceback(self) -> types.TracebackType | None:
        """A ``types.TracebackType`` chain for these frames (outermost first, as Python links them)."""
        return Traceback.traceback_from_frames(self.frames)

    @staticmethod
    def traceback_from_frames(frames: Sequence[Frame]) -> types.TracebackType | None:
        """A traceback chain whose entries report ``frames`` (innermost first in the argument)."""
        tb: types.TracebackType | None = None
        for f in frames:
            code = compile("\n" * (f.line_num - 1) + "raise RuntimeError()", f.file_name, "exec")
            code = code.replace(co_name=f.function_name)
            try:
                exec(code, {})
            except RuntimeError:
                inner = sys.exc_info()[2]
                assert inner is not None and inner.tb_next is not None
                tb = types.TracebackType(tb, inner.tb_next.tb_frame, inner.tb_next.tb_lasti, f.line_num)
        return tb

    @staticmethod
    def code_addr2line(code: types.CodeType, lasti: int) -> int:
        """The source line of instruction offset ``lasti`` in ``code``."""
        return _line_of(code, int(lasti))

    @staticmethod
    def code_addr2location(code: types.CodeType, lasti: int) -> tuple[int, int, int, int]:
        """(line, end line, column, end column) of instruction offset ``lasti``."""
        for i, pos in enumerate(code.co_positions()):
            if 2 * i <= lasti < 2 * i + 2:
                line, end_line, col, end_col = pos
                return (line or -1, end_line or -1, -1 if col is None else col, -1 if end_col is None else end_col)
        return (-1, -1, -1, -1)

    def __str__(self) -> str:
        return "\n".join(f"{f.file_name}:{f.line_num} ({f.function_name})" for f in self.frames)

    def __repr__(self) -> str:
        return str(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Traceback) and (self._codes, self._lastis) == (other._codes, other._lastis)

    def __hash__(self) -> int:
        return hash((self._codes, self._lastis))


class TracebackScope:
    """Within ``with TracebackScope():`` tracebacks stop at the frame that entered the scope."""

    def __enter__(self) -> TracebackScope:
        stack = getattr(_scopes, "stack", None)
        if stack is None:
            stack = _scopes.stack = []
        stack.append(sys._getframe(1))
        return self

    def __exit__(self, *exc: Any) -> None:
        _scopes.stack.pop()
