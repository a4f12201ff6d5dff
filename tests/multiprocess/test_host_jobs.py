"""Multi-process jobs under our own host: make_cpu_client(distributed_client=..., node_id,
num_nodes) with jaxlib.distributed's service in process 0, 2 and 4 processes x 2 CPU devices on
127.0.0.1. Each worker checks its devices' results against numpy (and, for JAX's shard_map
corpus, against XLA's outputs) and exits non-zero on any difference."""

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


def job(n: int, scenario: str, *extra: str, env: dict[str, str] | None = None, timeout: float = 240.0):
    return launch.run_job("host_worker.py", n, lambda node, port: [str(port), str(node), str(n), str(DEVICES),
                                                                    scenario, *extra], env=env, timeout=timeout)


@pytest.mark.parametrize("n", [2, 4])
@pytest.mark.parametrize("scenario", ["collectives", "gathered"])
def test_programs_match_numpy(n, scenario):
    results = assert_all_ok(launch, job(n, scenario), scenario, n)
    seen = sorted(d for r in results for x in r if x["scenario"] == scenario for d in x["devices"])
    assert seen == list(range(n * DEVICES)), f"every device of the job reports its own check, got {seen}"


def test_jax_shard_map_corpus_matches_xla_over_two_processes():
    results = assert_all_ok(launch, job(2, "corpus"), "corpus", 2)
    cases = results[0][0]["cases"]
    assert len(cases) >= 9, f"expected JAX's 4-device shard_map corpus cases, ran {cases}"


@pytest.mark.parametrize("n", [2, 4])
def test_killed_process_is_an_error_not_a_hang(n):
    outcomes = job(n, "kill", timeout=150)
    assert_peer_death_reported(launch, outcomes, n)
    for o in outcomes[:-1]:
        again = [r for r in o.results if r["scenario"] == "kill_again"]
        assert again and again[0]["seconds"] < 1.0, f"a later program must fail at once: {o.results}"


def test_wrong_process_count_fails_at_start_naming_it():
    # Process 1 claims 3 processes with a store that does not know the job's size: the plugin
    # finds the disagreement in the topology both processes publish.
    outcomes = launch.run_job("host_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", str(DEVICES), "connect", "3" if node == 1 else "2", f"127.0.0.1:{port}", "raw"],
        env={"JAXLIB_CPU_DISTRIBUTED_TIMEOUT": "30"}, timeout=90)
    details = launch.describe(outcomes)
    for o in outcomes:
        errors = [r.get("error", "") for r in o.results]
        assert errors and "multi-process job mismatch" in errors[0], f"process {o.node_id}: {errors}\n{details}"
        assert "for a job of 3 processes" in errors[0] or "(1) for 3" in errors[0], errors[0]
        assert o.elapsed < 30, f"the mismatch must be found without waiting out the timeout\n{details}"


def test_process_count_other_than_the_services_is_refused():
    outcomes = launch.run_job("host_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", str(DEVICES), "connect", "3" if node == 1 else "2", f"127.0.0.1:{port}"],
        env={"JAXLIB_CPU_DISTRIBUTED_TIMEOUT": "8"}, timeout=90)
    details = launch.describe(outcomes)
    claimer = outcomes[1].results[0].get("error", "")
    assert "make_cpu_client(num_nodes=3)" in claimer and "runs a job of 2 processes" in claimer, details
    waiter = outcomes[0].results[0].get("error", "")
    assert "DEADLINE_EXCEEDED" in waiter and "waited 8 s for process 1 to join" in waiter, details


def test_wrong_coordinator_address_fails_at_start_naming_it():
    outcomes = launch.run_job("host_worker.py", 2, lambda node, port: [
        str(port), str(node), "2", str(DEVICES), "connect", "2", f"127.0.0.1:{port + 1 if node == 1 else port}"],
        env={"JAXLIB_CPU_DISTRIBUTED_TIMEOUT": "8", "INIT_TIMEOUT": "3"}, timeout=90)
    details = launch.describe(outcomes)
    lost = outcomes[1].results[0].get("error", "")
    assert "could not reach a distributed runtime service at 127.0.0.1:" in lost, details
    assert "check the coordinator address" in lost, details
    waiter = outcomes[0].results[0].get("error", "")
    assert "waited 8 s for process 1 to join" in waiter, details
