"""Imports launch.py by path (the folder is not a package, and `multiprocess` is also the name
of a PyPI package), for the test files in tests/integration, tests/jax and here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_launch() -> ModuleType:
    if "jaxlib_mp_launch" in sys.modules:
        return sys.modules["jaxlib_mp_launch"]
    path = Path(__file__).resolve().parent / "launch.py"
    spec = importlib.util.spec_from_file_location("jaxlib_mp_launch", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["jaxlib_mp_launch"] = module  # dataclasses look their module up here
    spec.loader.exec_module(module)
    return module
