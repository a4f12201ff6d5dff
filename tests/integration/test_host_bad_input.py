"""Bad input to the PJRT host, each in a fresh subprocess so a crash fails the test instead of
killing the run: missing and non-library plugin files, a library without GetPjrtApi, wrong
execute arguments, use after delete, and a closed client. Each must be a clear Python error.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest


def run_python(code: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """Runs `code` in a new interpreter; returns the finished process (never raises on failure)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=timeout, check=False
    )


def assert_clean(proc: subprocess.CompletedProcess[str], *expected: str) -> None:
    assert proc.returncode == 0, f"subprocess died (rc={proc.returncode}); stderr:\n{proc.stderr[-3000:]}"
    for marker in expected:
        assert marker in proc.stdout, f"expected {marker!r} in output:\n{proc.stdout}\nstderr:\n{proc.stderr[-2000:]}"


def test_nonexistent_plugin_path(tmp_path: Path) -> None:
    proc = run_python(
        f"""
        from jaxlib import plugin_support, xla_client
        try:
            plugin_support.load_pjrt_plugin_dynamically("missing", {str(tmp_path / "nope.so")!r})
        except xla_client.XlaRuntimeError as e:
            print("RAISED", e)
        """
    )
    assert_clean(proc, "RAISED NOT_FOUND: PJRT plugin library not found", "nope.so")


def test_file_that_is_not_a_shared_library(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus_plugin.so"
    bogus.write_text("this is not an ELF file\n" * 10)
    proc = run_python(
        f"""
        from jaxlib import plugin_support, xla_client
        try:
            plugin_support.load_pjrt_plugin_dynamically("bogus", {str(bogus)!r})
        except xla_client.XlaRuntimeError as e:
            print("RAISED", e)
        """
    )
    # The loader's own message (e.g. "invalid ELF header") must be carried through.
    assert_clean(proc, "RAISED INVALID_ARGUMENT:", "is not a loadable shared library:", "bogus_plugin.so")
    assert "ELF" in proc.stdout or "too short" in proc.stdout, proc.stdout


def test_library_without_get_pjrt_api(tmp_path: Path) -> None:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        pytest.skip("no C compiler to build the test library")
    src = tmp_path / "not_a_plugin.c"
    src.write_text("int not_a_plugin_symbol(void) { return 42; }\n")
    lib = tmp_path / "libnot_a_plugin.so"
    subprocess.run([cc, "-shared", "-fPIC", "-o", str(lib), str(src)], check=True)
    proc = run_python(
        f"""
        from jaxlib import plugin_support, xla_client
        try:
            plugin_support.load_pjrt_plugin_dynamically("noapi", {str(lib)!r})
        except xla_client.XlaRuntimeError as e:
            print("RAISED", e)
        print("LOADED", plugin_support.pjrt_plugin_loaded("noapi"))
        """
    )
    assert_clean(proc, "RAISED INVALID_ARGUMENT:", "does not export GetPjrtApi", "LOADED False")


def _xla_plugin_path() -> str:
    spec = importlib.util.find_spec("lammps_jax_pjrt_cpu")
    if spec is None:
        pytest.skip("lammps-jax-pjrt-cpu (XLA's CPU plugin) is not installed")
    import lammps_jax_pjrt_cpu

    return str(lammps_jax_pjrt_cpu.PLUGIN_PATH)


PRELUDE = """
import numpy as np
from jaxlib import plugin_support, xla_client
plugin_support.load_pjrt_plugin_dynamically("xla_cpu", {path!r})
client = xla_client.make_c_api_client("xla_cpu", {{"cpu_device_count": 2}})
ADD = '''module @add {{ func.func public @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {{
  %0 = stablehlo.add %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32> }} }}'''
exe = client.compile_and_load(ADD, client.local_devices()[:1])
def attempt(label, fn):
    try:
        fn()
        print(label, "NO ERROR")
    except xla_client.XlaRuntimeError as e:
        print(label, "RAISED", e)
"""


def test_execute_with_wrong_arguments() -> None:
    proc = run_python(
        PRELUDE.format(path=_xla_plugin_path())
        + """
f4 = client.buffer_from_pyval(np.ones(4, np.float32))
attempt("count", lambda: exe.execute([f4]))
attempt("shape", lambda: exe.execute([f4, client.buffer_from_pyval(np.ones((2, 2), np.float32))]))
attempt("dtype", lambda: exe.execute([f4, client.buffer_from_pyval(np.ones(4, np.float64))]))
attempt("device", lambda: exe.execute([f4, client.buffer_from_pyval(np.ones(4, np.float32), client.devices()[1])]))
"""
    )
    assert_clean(
        proc,
        "count RAISED INVALID_ARGUMENT: execute(): executable 'add' takes 2 argument(s), got 1",
        "shape RAISED INVALID_ARGUMENT: execute(): argument 1 has shape (2, 2) but executable 'add' expects (4,)",
        "dtype RAISED INVALID_ARGUMENT: execute(): argument 1 has dtype float64 (f64) but executable 'add' expects float32 (f32)",
        "device RAISED",
    )


def test_use_after_delete_and_after_close() -> None:
    proc = run_python(
        PRELUDE.format(path=_xla_plugin_path())
        + """
a = client.buffer_from_pyval(np.ones(4, np.float32))
a.delete()
attempt("read", lambda: np.asarray(a))
attempt("exec", lambda: exe.execute([a, a]))
attempt("ready", lambda: a.block_until_ready())
b = client.buffer_from_pyval(np.ones(4, np.float32))
out = exe.execute([b, b])[0]
client.close()
attempt("closed-read", lambda: np.asarray(out))
attempt("closed-exec", lambda: exe.execute([b, b]))
attempt("closed-put", lambda: client.buffer_from_pyval(np.ones(1)))
attempt("closed-compile", lambda: client.compile_and_load(ADD, client.local_devices()[:1]))
print("DONE")
"""
    )
    assert_clean(
        proc,
        "read RAISED INVALID_ARGUMENT: reading the array: the array has been deleted",
        "exec RAISED INVALID_ARGUMENT: execute(): argument 0 has been deleted",
        "ready RAISED INVALID_ARGUMENT",
        "closed-read RAISED FAILED_PRECONDITION: the cpu client has been closed",
        "closed-exec RAISED FAILED_PRECONDITION: the cpu client has been closed",
        "closed-put RAISED FAILED_PRECONDITION",
        "closed-compile RAISED FAILED_PRECONDITION",
        "DONE",
    )


def test_malformed_program_and_options() -> None:
    proc = run_python(
        PRELUDE.format(path=_xla_plugin_path())
        + """
attempt("garbage", lambda: client.compile_and_load("not mlir at all", client.local_devices()[:1]))
opts = xla_client.CompileOptions()
opts.executable_build_options.num_replicas = 3
attempt("mismatch", lambda: client.compile_and_load(ADD, client.local_devices()[:1], opts))
attempt("unknown-option", lambda: xla_client.make_c_api_client("xla_cpu", {"no_such_option": 1}))
print("DONE")
"""
    )
    assert_clean(proc, "garbage RAISED", "mismatch RAISED INVALID_ARGUMENT", "unknown-option RAISED", "DONE")
    assert "garbage NO ERROR" not in proc.stdout


def test_interpreter_exit_with_live_buffers_and_callbacks() -> None:
    """Buffers, zero-copy keep-alives and pending callbacks alive at exit must not crash."""
    proc = run_python(
        PRELUDE.format(path=_xla_plugin_path())
        + """
keep = [client.buffer_from_pyval(np.ones(1 << 16, np.float32), host_buffer_semantics=s) for s in xla_client.HostBufferSemantics]
x4 = client.buffer_from_pyval(np.ones(4, np.float32))
out = exe.execute([x4, x4])[0]
out._handle.on_ready(lambda err: None)
print("EXITING")
"""
    )
    assert_clean(proc, "EXITING")
