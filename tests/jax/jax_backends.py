"""Helpers for tests/jax: run one function on our plugin and on JAX's own CPU backend.

``run_both`` jits the function once per backend with every input committed to that backend's
first device, so the same StableHLO goes through our compiler and through XLA; results come
back as numpy pytrees. ``run_python`` starts a fresh interpreter for settings JAX only reads
once per process (platforms, device counts).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import Any

import jax
import numpy as np

OURS = "jaxlib_cpu"
XLA = "cpu"
#: Devices per CPU backend in the test process (the sharded tests need 4); set by conftest.py.
NUM_DEVICES = 4
#: The line our client puts in platform_version (JAX's own says "cpu").
OUR_PLATFORM_VERSION_PREFIX = "jaxlib-cpu "


def is_ours(device: Any) -> bool:
    """True when the device belongs to our plugin's client."""
    return OUR_PLATFORM_VERSION_PREFIX in device.client.platform_version


def on_backend(backend: str, f: Callable[..., Any], *args: Any, **jit_kwargs: Any) -> Any:
    """``jax.jit(f)(*args)`` with every array argument committed to ``backend``'s device 0
    (Python scalars are left alone: they may be static arguments)."""
    device = jax.devices(backend)[0]

    def place(a: Any) -> Any:
        return jax.device_put(a, device) if isinstance(a, (np.ndarray, np.generic, jax.Array)) else a

    placed = jax.tree.map(place, args)
    out = jax.jit(f, **jit_kwargs)(*placed)
    for leaf in jax.tree.leaves(out):
        if hasattr(leaf, "devices"):
            assert leaf.devices() == {device}, f"{backend}: result on {leaf.devices()}, expected {device}"
    return jax.tree.map(np.asarray, out)


def run_both(f: Callable[..., Any], *args: Any, **jit_kwargs: Any) -> tuple[Any, Any]:
    """(ours, XLA's): ``f`` jitted on our plugin and on JAX's own CPU backend, as numpy."""
    return on_backend(OURS, f, *args, **jit_kwargs), on_backend(XLA, f, *args, **jit_kwargs)


def assert_tree_close(actual: Any, expected: Any, *, rtol: float = 1e-5, atol: float = 1e-6,
                      what: str = "") -> None:
    """Same structure, shapes and dtypes, values within tolerance (exact for ints/bools)."""
    a_leaves, a_def = jax.tree.flatten(actual)
    e_leaves, e_def = jax.tree.flatten(expected)
    assert a_def == e_def, f"{what}: structure {a_def} != {e_def}"
    for i, (a, e) in enumerate(zip(a_leaves, e_leaves, strict=True)):
        a, e = np.asarray(a), np.asarray(e)
        label = f"{what} leaf {i}"
        assert a.shape == e.shape, f"{label}: shape {a.shape}, expected {e.shape}"
        assert a.dtype == e.dtype, f"{label}: dtype {a.dtype}, expected {e.dtype}"
        if a.dtype.kind in "biu" or a.dtype == np.dtype(bool):
            np.testing.assert_array_equal(a, e, err_msg=label)
        else:
            np.testing.assert_allclose(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                                       e.astype(np.complex128 if e.dtype.kind == "c" else np.float64),
                                       rtol=rtol, atol=atol, err_msg=label)


def run_python(code: str, env: Mapping[str, str | None] | None = None,
               timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Runs ``code`` in a fresh interpreter of this environment; ``None`` values unset a variable.

    JAX_PLATFORMS, JAX_NUM_CPU_DEVICES and XLA_FLAGS start unset unless given.
    """
    full = dict(os.environ)
    for name in ("JAX_PLATFORMS", "JAX_NUM_CPU_DEVICES", "XLA_FLAGS"):
        full.pop(name, None)
    for name, value in (env or {}).items():
        if value is None:
            full.pop(name, None)
        else:
            full[name] = value
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=full,
                          timeout=timeout)
