"""Real JAX (``jax`` + Google's ``jaxlib`` from PyPI) driving our ``jaxlib-cpu`` plugin.

These tests need an environment that our own venv cannot be: Google's jaxlib and ours share
the import name. ``nox -s jax`` builds one (real JAX from PyPI, our plugin added with the
README's command); anywhere else, e.g. the ``tests`` session's venv with our jaxlib, this
directory is not collected. In-process, JAX runs both CPU backends side by side: ours
(``jaxlib_cpu``, the default) and JAX's own (``cpu``, the reference), 4 devices each.
"""

from __future__ import annotations

import importlib.util

import pytest


def _real_jax_here() -> str | None:
    """None when real JAX is importable with Google's jaxlib, else why not."""
    if importlib.util.find_spec("jax") is None:
        return "jax is not installed"
    try:
        import jaxlib.plugin_support as plugin_support
    except ImportError as e:
        return f"jaxlib cannot be imported: {e}"
    if hasattr(plugin_support, "register_plugin"):
        return "the installed jaxlib is ours, not Google's"
    return None


_WHY_NOT = _real_jax_here()
collect_ignore_glob = ["test_*.py"] if _WHY_NOT else []


def pytest_report_header(config: pytest.Config) -> str | None:
    if _WHY_NOT:
        return f"tests/jax: not collected ({_WHY_NOT}); run `nox -s jax`"
    import jax
    import jaxlib

    return f"tests/jax: jax {jax.__version__}, jaxlib {jaxlib.__version__} (Google's), plugin jaxlib_cpu"


if not _WHY_NOT:
    import jax
    from jax_backends import NUM_DEVICES, OURS, XLA

    # Before any backend exists: ours first (the default device), JAX's own CPU as reference.
    jax.config.update("jax_platforms", f"{OURS},{XLA}")
    jax.config.update("jax_num_cpu_devices", NUM_DEVICES)
