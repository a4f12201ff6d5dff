"""Reads the parameter types of `@main` from StableHLO text, so `execute` can reject a wrong
argument count, shape or dtype on the host with a precise message before the plugin sees it.

Best effort by design: anything it cannot read (bytecode, tuples, dynamic shapes, tokens)
yields None and validation is left to the plugin. Never raises.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from jaxlib import _dtypes

_MAIN_RE = re.compile(r"func\.func\s+(?:public\s+)?@main\s*\(")
_TENSOR_RE = re.compile(r"^tensor<(.*)>$")
_DIM_RE = re.compile(r"^\s*([0-9]+|\?)\s*x")


@dataclass(frozen=True)
class ParamType:
    """A statically shaped tensor parameter."""

    dims: tuple[int, ...]
    dtype: _dtypes.DType


def _split_top_level(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    tail = text[start:]
    if tail.strip():
        parts.append(tail)
    return parts


def _param_list(text: str) -> str | None:
    m = _MAIN_RE.search(text)
    if m is None:
        return None
    depth, begin = 1, m.end()
    for i in range(begin, len(text)):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return text[begin:i]
    return None


def _parse_type(type_text: str) -> ParamType | None:
    m = _TENSOR_RE.match(type_text.strip())
    if m is None:
        return None
    body = m.group(1)
    # Encodings (sharding, sparsity) follow a comma at depth 0; they do not change the shape.
    body = _split_top_level(body)[0].strip()
    dims: list[int] = []
    # Dimensions are a prefix of "<n>x" groups ("complex" itself contains an 'x').
    while True:
        m = _DIM_RE.match(body)
        if m is None:
            break
        if m.group(1) == "?":
            return None  # dynamic dimension
        dims.append(int(m.group(1)))
        body = body[m.end() :]
    row = _dtypes.BY_MLIR.get(body.strip())
    if row is None:
        return None
    return ParamType(tuple(dims), row)


def main_parameter_types(program: str | bytes) -> list[ParamType] | None:
    """Parameter types of @main, or None when they cannot be read reliably."""
    try:
        text = program.decode("utf-8") if isinstance(program, bytes) else program
    except UnicodeDecodeError:
        return None  # MLIR bytecode
    params = _param_list(text)
    if params is None:
        return None
    result: list[ParamType] = []
    for arg in _split_top_level(params):
        arg = arg.strip()
        if ":" not in arg:
            return None
        type_text = arg.split(":", 1)[1].strip()
        # Drop a trailing attribute dictionary ({jax.arg_info = ...}) and location.
        brace = _first_top_level(type_text, "{")
        if brace is not None:
            type_text = type_text[:brace]
        loc = type_text.find(" loc(")
        if loc >= 0:
            type_text = type_text[:loc]
        parsed = _parse_type(type_text)
        if parsed is None:
            return None
        result.append(parsed)
    return result


def _first_top_level(text: str, char: str) -> int | None:
    depth = 0
    for i, ch in enumerate(text):
        if ch == char and depth == 0:
            return i
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
    return None
