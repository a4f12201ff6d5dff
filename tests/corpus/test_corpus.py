"""Run every corpus program through our jaxlib (``jaxlib.xla_client`` on the ``jaxlib-cpu``
plugin) and compare with XLA's outputs stored in tests/corpus/data/ (see README.md).

One test per case, id = case name, e.g.::

    pytest tests/corpus -k ew_float_arith_f32
    pytest tests/corpus -m "not multidevice"

Integers and bools must match bitwise; floats per dtype and tolerance class (corpus.py).

``JAXLIB_CORPUS_ISOLATE=1`` runs every case in its own subprocess, so a crash (segfault,
abort) fails that case only instead of ending the session.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import corpus  # noqa: E402

np = pytest.importorskip("numpy")
pytest.importorskip("ml_dtypes")

try:
    from jaxlib import xla_client
except Exception as exc:  # pragma: no cover - depends on the installed jaxlib
    pytest.skip(f"jaxlib.xla_client cannot be imported ({type(exc).__name__}: {exc})",
                allow_module_level=True)
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("jaxlib.xla_client has no make_cpu_client (not our jaxlib?)",
                allow_module_level=True)


def _params():
    out = []
    for name in corpus.list_cases():
        case = corpus.load_case(name)
        marks = [getattr(pytest.mark, "corpus_" + case.category)]
        if case.num_devices > 1:
            marks.append(pytest.mark.multidevice)
        if case.x64:
            marks.append(pytest.mark.x64)
        out.append(pytest.param(name, id=name, marks=marks))
    return out


_CLIENTS: dict = {}


def _client(num_devices: int):
    """One client per device count for the whole session."""
    c = _CLIENTS.get(num_devices)
    if c is None:
        try:
            c = xla_client.make_cpu_client(num_devices=num_devices)
        except TypeError:  # an API without num_devices
            if num_devices != 1:
                raise
            c = xla_client.make_cpu_client()
        _CLIENTS[num_devices] = c
    return c


@pytest.fixture(scope="module", autouse=True)
def _close_clients():
    yield
    for c in _CLIENTS.values():
        close = getattr(c, "close", None)
        if close is not None:
            try:
                close()
            except Exception:
                pass
    _CLIENTS.clear()


def _to_numpy(x):
    return np.asarray(x)


def _program(case, form: str):
    """The case's program as text (what jax prints) or bytecode (what jax sends a plugin)."""
    if form == "text":
        return case.program_text()
    blob = case.program_bytecode()
    if blob is None:
        pytest.fail(f"{case.name}: no program.mlirbc (run tests/corpus/generate_bytecode.py)")
    return blob


def _run_single(case, form):
    c = _client(1)
    dev = c.devices()[0]
    exe = c.compile_and_load(_program(case, form), c.devices()[:1])
    bufs = [c.buffer_from_pyval(x, device=dev) for x in case.inputs()]
    outs = exe.execute(bufs)
    return [_to_numpy(o) for o in outs]


def _per_output(results, num_outputs: int, num_devices: int):
    """Normalise execute_sharded's result to ``[output][device]``."""
    if hasattr(results, "disassemble_into_single_device_arrays"):
        return [list(o) for o in results.disassemble_into_single_device_arrays()]
    results = [list(r) for r in results]
    if (len(results) == num_devices and num_outputs != num_devices
            and all(len(r) == num_outputs for r in results)):
        return [list(col) for col in zip(*results, strict=False)]  # device-major -> output-major
    return results


def _run_sharded(case, form):
    n = case.num_devices
    c = _client(n)
    by_id = {d.id: d for d in c.devices()}
    assignment = case.meta.get("device_assignment", list(range(n)))
    if all(i in by_id for i in assignment):
        devs = [by_id[i] for i in assignment]
    else:
        devs = c.devices()[:n]
    if len(devs) < n:
        pytest.skip(f"client has {len(devs)} devices, case needs {n}")
    opts = xla_client.CompileOptions()
    build = opts.executable_build_options
    build.num_replicas = case.num_replicas
    build.num_partitions = case.num_partitions
    if case.num_partitions > 1 and hasattr(build, "use_spmd_partitioning"):
        build.use_spmd_partitioning = True
    exe = c.compile_and_load(_program(case, form), devs, opts)
    args = [[c.buffer_from_pyval(shard, device=devs[d]) for d, shard in enumerate(shards)]
            for shards in case.device_inputs()]
    results = exe.execute_sharded(args)
    per_out = _per_output(results, len(case.meta["outputs"]), n)
    return [[_to_numpy(x) for x in devs_] for devs_ in per_out]


def _run(case, form="text"):
    """Outputs as ``[out]`` (single device) or ``[out][device]`` lists of numpy arrays."""
    return _run_sharded(case, form) if case.num_devices > 1 else _run_single(case, form)


def _save_outputs(case, got, path):
    arrays = {}
    for j, g in enumerate(got):
        if case.num_devices > 1:
            for d, x in enumerate(g):
                arrays[f"out{j}_dev{d}"] = x
        else:
            arrays[f"out{j}"] = g
    # npz cannot hold ml_dtypes types: store same-width unsigned views + dtype names.
    names = {k: v.dtype.name for k, v in arrays.items()}
    stored = {k: (np.array(v, order="C", copy=True).view(f"u{v.dtype.itemsize}")
                  if v.dtype.kind == "V" or v.dtype.name == "bfloat16" else v)
              for k, v in arrays.items()}
    np.savez(path, __dtypes__=np.array(repr(names)), **stored)


def _load_outputs(case, path):
    import ast
    with np.load(path, allow_pickle=False) as z:
        names = ast.literal_eval(str(z["__dtypes__"]))
        arrays = {k: z[k] for k in z.files if k != "__dtypes__"}
    for k, dt in names.items():
        want = corpus.numpy_dtype(dt)
        if arrays[k].dtype != want:
            arrays[k] = arrays[k].view(want)
    n_out = len([k for k in arrays if "_dev" not in k or k.endswith("_dev0")])
    if case.num_devices > 1:
        return [[arrays[f"out{j}_dev{d}"] for d in range(case.num_devices)]
                for j in range(n_out)]
    return [arrays[f"out{j}"] for j in range(n_out)]


def _run_isolated(case, form):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "got.npz")
        proc = subprocess.run([sys.executable, os.path.abspath(__file__), case.name, path, form],
                              capture_output=True, text=True, timeout=900)
        if proc.returncode != 0:
            pytest.fail(f"{case.name}: subprocess exited with {proc.returncode}\n"
                        f"{proc.stderr[-4000:]}")
        return _load_outputs(case, path)


def _check(name, form):
    case = corpus.load_case(name)
    if os.environ.get("JAXLIB_CORPUS_ISOLATE") == "1":
        got = _run_isolated(case, form)
    else:
        got = _run(case, form)
    corpus.assert_outputs_match(case, got, per_device=case.num_devices > 1)


@pytest.mark.parametrize("name", _params())
def test_corpus_case(name):
    """The program as jax prints it (MLIR text)."""
    _check(name, "text")


@pytest.mark.parametrize("name", _params())
def test_corpus_case_bytecode(name):
    """The same program as jax sends it to a PJRT plugin (StableHLO portable artifact)."""
    _check(name, "bytecode")


if __name__ == "__main__":
    # Subprocess entry for JAXLIB_CORPUS_ISOLATE=1: run one case, save its outputs.
    _case = corpus.load_case(sys.argv[1])
    _save_outputs(_case, _run(_case, sys.argv[3] if len(sys.argv) > 3 else "text"), sys.argv[2])
