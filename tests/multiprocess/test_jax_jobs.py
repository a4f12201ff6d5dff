"""Multi-process jobs under real JAX (jax + Google's jaxlib 0.10.2) on our jaxlib_cpu plugin:
jax.distributed.initialize(coordinator_address="127.0.0.1:PORT", num_processes=N, process_id=i)
with JAX_PLATFORMS=jaxlib_cpu, 2 and 4 processes x 2 CPU devices. Each worker checks every
shard it holds against numpy."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from job_checks import assert_all_ok, assert_peer_death_reported, mpi_or_skip  # noqa: E402
from launch_loader import load_launch  # noqa: E402

launch = load_launch()
mpi_or_skip(pytest.importorskip("jaxlib_cpu"))

DEVICES = 2


def job(n: int, scenario: str, *extra: str, env=None, timeout: float = 300.0):
    return launch.run_job("jax_worker.py", n, lambda node, port: [str(port), str(node), str(n), str(DEVICES),
                                                                   scenario, *extra], env=env, timeout=timeout)


@pytest.mark.parametrize("n", [2, 4])
def test_shard_map_collectives_and_data_parallel_gradient(n):
    results = assert_all_ok(launch, job(n, "programs"), "programs", n)
    for r in results:
        assert r[0]["shards_checked"] == 8 * DEVICES, f"every local shard of 8 results is checked: {r}"


@pytest.mark.parametrize("n", [2, 4])
def test_killed_process_is_an_error_not_a_hang(n):
    assert_peer_death_reported(launch, job(n, "kill", timeout=200), n)


def test_wrong_process_count_fails_at_start_naming_it():
    outcomes = launch.run_job("jax_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", str(DEVICES), "connect", "3" if node == 1 else "2", f"127.0.0.1:{port}"],
        timeout=120)
    details = launch.describe(outcomes)
    for o in outcomes:
        errors = [r.get("error", "") for r in o.results]
        assert errors and "multi-process job mismatch" in errors[0], f"process {o.node_id}: {errors}\n{details}"


def test_wrong_coordinator_address_ends_the_processes():
    # JAX's own coordination client owns this failure: after initialization_timeout it ends the
    # process with its DEADLINE_EXCEEDED message (before any backend, ours included, exists).
    outcomes = launch.run_job("jax_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", str(DEVICES), "connect", "2", f"127.0.0.1:{port + 1 if node == 1 else port}"],
        env={"INIT_TIMEOUT": "10"}, timeout=120)
    details = launch.describe(outcomes)
    for o in outcomes:
        assert o.returncode is not None, f"process {o.node_id} hung\n{details}"
        assert o.elapsed < 100, details
        reported = " ".join(r.get("error", "") for r in o.results) + o.stderr
        assert "DEADLINE_EXCEEDED" in reported or "Deadline" in reported, details
