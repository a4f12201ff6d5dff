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
# The usual JAX parameter, `%arg0: tensor<8x16xf32>` with an optional attribute dictionary,
# read in one match; anything else takes the general path below.
_PLAIN_PARAM_RE = re.compile(r"\s*%[\w.$-]+\s*:\s*tensor<((?:[0-9]+x)*)([a-z][a-z0-9]*)>\s*(?:\{.*\})?\s*")


@dataclass(frozen=True)
class ParamType:
    """A statically shaped tensor parameter."""

    dims: tuple[int, ...]
    dtype: _dtypes.DType


# Only brackets and commas matter to the scanners below; finditer hops between them in C.
_BRACKETS_COMMAS_RE = re.compile(r"[<({\[>)}\],]")
_PARENS_RE = re.compile(r"[()]")


def _split_top_level(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for m in _BRACKETS_COMMAS_RE.finditer(text):
        ch = m.group()
        if ch in "<({[":
            depth += 1
        elif ch in ">)}]":
            depth -= 1
        elif depth == 0:
            parts.append(text[start : m.start()])
            start = m.end()
    tail = text[start:]
    if tail.strip():
        parts.append(tail)
    return parts


def _param_list(text: str) -> str | None:
    m = _MAIN_RE.search(text)
    if m is None:
        return None
    depth, begin = 1, m.end()
    for p in _PARENS_RE.finditer(text, begin):
        if p.group() == "(":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return text[begin : p.start()]
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
        plain = _PLAIN_PARAM_RE.fullmatch(arg)
        if plain is not None and (row := _dtypes.BY_MLIR.get(plain.group(2))) is not None:
            dims = plain.group(1)
            result.append(ParamType(tuple(int(d) for d in dims[:-1].split("x")) if dims else (), row))
            continue
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
    for m in _BRACKETS_COMMAS_RE.finditer(text):
        ch = m.group()
        if ch == char and depth == 0:
            return m.start()
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
    return None


_COUNT_RE = {
    "replicas": re.compile(r"\bmhlo\.num_replicas\s*=\s*([0-9]+)"),
    "partitions": re.compile(r"\bmhlo\.num_partitions\s*=\s*([0-9]+)"),
}


def module_counts(text: str | bytes) -> tuple[int, int] | None:
    """(num_replicas, num_partitions) from the module attributes of StableHLO text.

    Only the module carries these attributes, in the pretty form (``module @m attributes
    {...}``) and the generic one alike; a missing one counts as 1. None when the program is
    bytecode or names neither.
    """
    if not isinstance(text, str):
        return None
    found = {k: r.search(text) for k, r in _COUNT_RE.items()}
    if not any(found.values()):
        return None
    replicas, partitions = (int(m.group(1)) if m else 1 for m in (found["replicas"], found["partitions"]))
    return max(replicas, 1), max(partitions, 1)
