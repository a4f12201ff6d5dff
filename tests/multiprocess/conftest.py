"""Multi-process jobs on 127.0.0.1, the full set: 2 and 4 processes x 2 CPU devices, under our
host (test_host_jobs.py, needs our jaxlib) and under real JAX (test_jax_jobs.py,
needs jax + Google's jaxlib), both with PyPI's mpich. `nox -s multiprocess` and
`nox -s multiprocess_jax` run them; elsewhere this directory is not collected (a fast subset
runs in the default sessions: tests/integration/test_multiprocess_smoke.py, tests/jax/).
"""

from __future__ import annotations

import importlib.util
import os

collect_ignore_glob: list[str] = []
if os.environ.get("JAXLIB_MULTIPROCESS_TESTS") != "1":
    collect_ignore_glob = ["test_*.py"]
else:
    try:
        import jaxlib.plugin_support as _ps

        _ours = hasattr(_ps, "register_plugin")
    except ImportError:
        _ours = None
    if _ours is not True:
        collect_ignore_glob.append("test_host_*.py")
    if _ours is not False or importlib.util.find_spec("jax") is None:
        collect_ignore_glob.append("test_jax_*.py")
