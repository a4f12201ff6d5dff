"""Shared machinery for the corpus generator (see generate_corpus.py).

Only generate_corpus.py and the ``cases_*.py`` modules import this, inside the reference
venv that has real ``jax``/``jaxlib`` 0.10.2. Nothing here imports jax at module level, so
the case modules can be imported (to list cases) before the x64 flag is decided.

A case is registered with :func:`case` (decorator over a *builder*) or :func:`add`. The
builder is called lazily, after jax is configured, and returns ``(fn, args)``,
``(fn, args, in_specs)`` or ``(fn, args, in_specs, mesh)``: ``fn`` is the function that is
jitted, ``args`` a tuple of numpy arrays (or pytrees of them), ``in_specs`` (multi-device
cases only) one ``jax.sharding.PartitionSpec`` per flattened argument describing how the
argument is laid out across the mesh before lowering; ``mesh`` defaults to :func:`mesh4`
(4 devices, axis ``"x"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import numpy as np

# Tolerance classes understood by corpus.py (see corpus.TOLERANCES).
TOL_CLASSES = ("exact", "ulp", "transcendental", "special", "accum", "linalg", "loose")


@dataclasses.dataclass
class Case:
    name: str
    category: str
    build: Callable
    ops: Sequence[str] = ()
    tol: str = "ulp"
    x64: bool = False
    num_devices: int = 1
    note: str = ""
    keep_unused: bool = False
    # How program.mlir is printed: "as_text" (default: lowered.as_text()), "debug_info"
    # (lowered.as_text(debug_info=True): loc(...) everywhere) or "generic" (the same module
    # printed entirely in MLIR's generic op form).
    text_form: str = "as_text"


CASES: list[Case] = []
_NAMES: set[str] = set()


def add(name, category, build, *, ops=(), tol="ulp", x64=False, num_devices=1, note="",
        keep_unused=False, text_form="as_text"):
    if name in _NAMES:
        raise ValueError(f"duplicate case name {name!r}")
    if tol not in TOL_CLASSES:
        raise ValueError(f"case {name}: unknown tolerance class {tol!r}")
    if text_form not in ("as_text", "debug_info", "generic"):
        raise ValueError(f"case {name}: unknown text_form {text_form!r}")
    _NAMES.add(name)
    CASES.append(Case(name, category, build, tuple(ops), tol, x64, num_devices, note,
                      keep_unused, text_form))
    return build


def find(name: str) -> Case:
    for c in CASES:
        if c.name == name:
            return c
    raise KeyError(name)


def case(name, category, **kw):
    """Decorator form of :func:`add`."""
    def deco(build):
        return add(name, category, build, **kw)
    return deco


# ----------------------------------------------------------------------------- data helpers

def rng(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def np_dtype(name: str):
    """numpy dtype for an XLA-ish or numpy name; bfloat16 via ml_dtypes."""
    import ml_dtypes
    table = {
        "pred": np.bool_, "bool": np.bool_,
        "s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64,
        "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64,
        "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32, "f64": np.float64,
        "c64": np.complex64, "c128": np.complex128,
    }
    return np.dtype(table.get(name, name))


def is_float(dt) -> bool:
    dt = np.dtype(dt)
    return dt.kind == "f" or dt.name == "bfloat16"


def finfo(dt):
    import ml_dtypes
    dt = np.dtype(dt)
    if dt.name == "bfloat16":
        return ml_dtypes.finfo(dt)
    return np.finfo(dt)


def float_specials(dt) -> np.ndarray:
    """Special and ordinary values of a float dtype (nan, +-inf, -0.0, denormals, extremes,
    round-half cases)."""
    fi = finfo(dt)
    tiny = float(fi.tiny)
    sub = float(fi.smallest_subnormal)
    vals = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 0.1, -7.25, 100.0,
            float("nan"), float("inf"), float("-inf"), float(fi.max), -float(fi.max),
            tiny, -tiny, sub, -sub, sub * 3, float(fi.eps), 1.0 + float(fi.eps),
            1e-3, 42.0, -1000.5]
    return np.array(vals, dtype=np.float64).astype(dt)


def int_specials(dt) -> np.ndarray:
    ii = np.iinfo(dt)
    if ii.min < 0:
        vals = [0, 1, -1, 2, -2, 3, -3, 7, -7, 13, -100, ii.min, ii.min + 1, ii.max,
                ii.max - 1, ii.max // 2, ii.min // 2]
    else:
        vals = [0, 1, 2, 3, 7, 13, 100, ii.max, ii.max - 1, ii.max // 2, ii.max // 2 + 1]
    return np.array(vals, dtype=object).astype(dt)


def complex_specials(dt) -> np.ndarray:
    fdt = np.float32 if np.dtype(dt) == np.complex64 else np.float64
    re = np.array([0.0, -0.0, 1.0, -1.5, 2.0, 0.25, np.nan, np.inf, -np.inf, 3.0, 1e-3, -7.0],
                  dtype=fdt)
    im = np.array([0.0, 1.0, -0.0, 2.5, -1.0, 0.5, 0.0, 0.0, 1.0, np.nan, 4.0, -0.125],
                  dtype=fdt)
    return _mk_complex(re, im, dt)


def _mk_complex(re, im, dt):
    out = np.empty(re.shape, dtype=dt)
    out.real = re
    out.imag = im
    return out


def specials(dt) -> np.ndarray:
    dt = np.dtype(dt)
    if dt == np.bool_:
        return np.array([False, True], dtype=np.bool_)
    if dt.kind in "iu":
        return int_specials(dt)
    if dt.kind == "c":
        return complex_specials(dt)
    return float_specials(dt)


def grid(vals: np.ndarray):
    """All pairs of ``vals``: (x, y) with shape (n, n)."""
    n = len(vals)
    x = np.broadcast_to(vals[:, None], (n, n)).copy()
    y = np.broadcast_to(vals[None, :], (n, n)).copy()
    return x, y


def randn(seed, shape, dt=np.float32, scale=1.0):
    r = rng(seed)
    dt = np.dtype(dt)
    if dt.kind == "c":
        return _mk_complex((r.standard_normal(shape) * scale),
                           (r.standard_normal(shape) * scale), dt)
    return (r.standard_normal(shape) * scale).astype(dt)


def randint(seed, shape, lo, hi, dt=np.int32):
    return rng(seed).integers(lo, hi, size=shape).astype(dt)


def uniform(seed, shape, lo=0.0, hi=1.0, dt=np.float32):
    return rng(seed).uniform(lo, hi, size=shape).astype(dt)


def spd(seed, n, dt=np.float32, batch=()):
    """Well-conditioned symmetric/Hermitian positive definite matrices."""
    a = randn(seed, tuple(batch) + (n, n), dt)
    at = np.conj(np.swapaxes(a, -1, -2))
    return (a @ at / n + np.eye(n, dtype=dt) * 2).astype(dt)


def wellcond(seed, n, dt=np.float32, batch=()):
    a = randn(seed, tuple(batch) + (n, n), dt)
    return (a + np.eye(n, dtype=dt) * (n + 1)).astype(dt)


def mesh4():
    """The ("x",) mesh over the first 4 CPU devices used by every multi-device case."""
    import jax
    return jax.make_mesh((4,), ("x",))


def shard_map_fn():
    try:
        from jax import shard_map
    except ImportError:  # pragma: no cover - older jax
        from jax.experimental.shard_map import shard_map
    return shard_map
