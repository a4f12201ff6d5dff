"""Multi-process jobs under our host, the subset every test run gets (`nox -s tests`): 2 and 4
processes x 2 CPU devices on 127.0.0.1 run every collective against numpy (2 processes also a
gathered jit program and JAX's shard_map corpus against XLA's outputs), a killed process is an
error in the other, a wrong process count fails at start, and a job without MPI fails at once
with the install command. The full set is tests/multiprocess (`nox -s multiprocess`)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "multiprocess"))
from job_checks import assert_all_ok, assert_peer_death_reported, mpi_or_skip  # noqa: E402
from launch_loader import load_launch  # noqa: E402

xla_client = pytest.importorskip("jaxlib.xla_client")
if not hasattr(xla_client, "make_cpu_client"):  # pragma: no cover
    pytest.skip("not our jaxlib", allow_module_level=True)
mpi_or_skip(pytest.importorskip("jaxlib_cpu"))

launch = load_launch()


def host_job(n: int, scenario: str, *extra: str, env: dict[str, str] | None = None, timeout: float = 240.0):
    return launch.run_job("host_worker.py", n, lambda node, port: [str(port), str(node), str(n), "2", scenario, *extra],
                          env=env, timeout=timeout)


def test_two_processes_run_every_collective():
    results = assert_all_ok(launch, host_job(2, "all"), "collectives", 2)
    for r in results:
        assert {x["scenario"] for x in r} == {"collectives", "gathered", "corpus"}, r


def test_four_processes_run_every_collective():
    results = assert_all_ok(launch, host_job(4, "collectives"), "collectives", 4)
    seen = sorted(d for r in results for x in r for d in x["devices"])
    assert seen == list(range(8)), f"every device of the job checks its own results, got {seen}"


def test_killed_process_is_an_error_in_the_other():
    assert_peer_death_reported(launch, host_job(2, "kill", timeout=150), 2)


def test_wrong_process_count_fails_at_start():
    # Process 1 claims 3 processes; the bare store ("raw") leaves the check to the plugin.
    outcomes = launch.run_job("host_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", "2", "connect", "3" if node == 1 else "2", f"127.0.0.1:{port}", "raw"],
        env={"JAXLIB_CPU_DISTRIBUTED_TIMEOUT": "30"}, timeout=90)
    for o in outcomes:
        errors = [r.get("error", "") for r in o.results]
        assert errors and "multi-process job mismatch" in errors[0], launch.describe(outcomes)


def test_job_without_mpi_fails_at_once_naming_the_extra():
    # An empty JAXLIB_CPU_MPI_LIBRARY is "unset" for the package and the plugin alike.
    env = {"JAXLIB_TEST_HIDE_MPICH": "1", "JAXLIB_CPU_MPI_LIBRARY": "", "JAXLIB_CPU_DISTRIBUTED_TIMEOUT": "60"}
    outcomes = host_job(2, "connect", env=env, timeout=90)
    details = launch.describe(outcomes)
    for o in outcomes:
        errors = [r.get("error", "") for r in o.results]
        assert errors, f"process {o.node_id} reported nothing\n{details}"
        assert errors[0].startswith("XlaRuntimeError: FAILED_PRECONDITION:"), errors[0]
        assert "pip install 'jaxlib-cpu[mpi]'" in errors[0], errors[0]
        assert o.elapsed < 30, f"a missing MPI must not wait for the bootstrap timeout\n{details}"
