"""The CPU plugin's FFI under real JAX (jax + Google's jaxlib), in a separate interpreter.

Needs a Python with real JAX: $JAX_VENV_PYTHON (skipped without it). Runs
real_jax_ffi_check.py there with this jaxlib_cpu on its path; the end-to-end checks report
SKIP while the plugin cannot read the MLIR bytecode real JAX sends.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def test_ffi_under_real_jax(tmp_path):
    python = os.environ.get("JAX_VENV_PYTHON")
    if not python or shutil.which("g++") is None:
        pytest.skip("set JAX_VENV_PYTHON to a Python with jax + Google's jaxlib (and have g++)")
    jaxlib_cpu = pytest.importorskip("jaxlib_cpu")
    handlers = tmp_path / "libtest_handlers.so"
    subprocess.run(["g++", "-std=c++17", "-O1", "-shared", "-fPIC", f"-I{REPO}",
                    str(HERE / "ffi_handlers" / "test_handlers.cc"), "-o", str(handlers), "-pthread"], check=True)
    # Only jaxlib_cpu on the path: our jaxlib must not shadow Google's.
    path = tmp_path / "path"
    shutil.copytree(Path(jaxlib_cpu.__file__).parent, path / "jaxlib_cpu")
    env = dict(os.environ, PYTHONPATH=str(path), JAX_PLATFORMS="jaxlib_cpu,cpu")
    proc = subprocess.run([python, str(HERE / "real_jax_ffi_check.py"), str(handlers)], env=env,
                          capture_output=True, text=True, timeout=600)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    for check in ("plugin_loaded", "user_data_type_id", "register_ffi_target"):
        assert f"CHECK {check} ok" in out, out
    skipped = [line for line in out.splitlines() if line.startswith("SKIP")]
    if skipped:
        pytest.skip("; ".join(skipped))
    assert "CHECK ffi_call ok" in out and "CHECK host_callbacks ok" in out, out
