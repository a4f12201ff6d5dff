"""Markers used by the corpus tests (so `-m` selection works without warnings)."""

from __future__ import annotations

_CATEGORIES = ("elementwise", "convert", "chlo", "scipy_special", "constant", "shape",
               "gather_scatter", "dot", "conv", "reduce", "sort", "control", "rng", "fft",
               "linalg", "model", "multidevice")


def pytest_configure(config):
    config.addinivalue_line("markers", "multidevice: corpus case needing several devices")
    config.addinivalue_line("markers", "x64: corpus case generated with jax_enable_x64")
    for cat in _CATEGORIES:
        config.addinivalue_line("markers", f"corpus_{cat}: corpus category {cat}")
