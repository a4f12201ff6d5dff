"""Assertions shared by the multi-process test files: every process exited cleanly and
reported what its worker promised, or a fault case ended in the error it should."""

from __future__ import annotations


def assert_all_ok(launch, outcomes, scenario: str, num_processes: int) -> list[list[dict]]:
    details = launch.describe(outcomes)
    assert len(outcomes) == num_processes, f"expected {num_processes} processes\n{details}"
    for o in outcomes:
        assert o.returncode == 0, f"process {o.node_id} of {num_processes} ({scenario}) failed\n{details}"
        assert any(r.get("scenario") == scenario for r in o.results), \
            f"process {o.node_id} reported no {scenario!r} result\n{details}"
    return [o.results for o in outcomes]


def assert_peer_death_reported(launch, outcomes, num_processes: int, limit_s: float = 60.0) -> None:
    """The last process killed itself; every other one got a clear error within limit_s."""
    details = launch.describe(outcomes)
    victim = outcomes[-1]
    assert victim.returncode == -9, f"the victim should have died of SIGKILL\n{details}"
    for o in outcomes[:-1]:
        assert o.returncode == 0, f"survivor {o.node_id} failed instead of reporting the error\n{details}"
        kill = [r for r in o.results if r.get("scenario") == "kill"]
        assert kill, f"survivor {o.node_id} reported no error\n{details}"
        err, seconds = kill[0]["error"], kill[0]["seconds"]
        assert f"process {num_processes - 1} of the job exited or was killed" in err, \
            f"survivor {o.node_id}: unclear error {err!r}"
        assert "UNAVAILABLE" in err, f"survivor {o.node_id}: expected an UNAVAILABLE error, got {err!r}"
        assert seconds < limit_s, f"survivor {o.node_id} took {seconds:.1f} s to report the death (limit {limit_s} s)"


def mpi_or_skip(jaxlib_cpu) -> None:
    """Skips the calling module when no MPI library is installed, except inside a nox session,
    whose dependency groups install mpich: there a missing MPI is a failure, not a skip."""
    import os

    import pytest

    if jaxlib_cpu.mpi_library_path() is not None:
        return
    why = "no MPI library: pip install 'jaxlib-cpu[mpi]'"
    if os.environ.get("NOX_CURRENT_SESSION"):
        pytest.fail(f"{why} (the nox session should have installed mpich)", pytrace=False)
    pytest.skip(why, allow_module_level=True)
