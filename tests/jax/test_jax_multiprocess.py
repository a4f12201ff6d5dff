"""Real JAX multi-process on our plugin, the subset `nox -s jax` runs: 2 and 4 processes with
jax.distributed.initialize on 127.0.0.1 and JAX_PLATFORMS=jaxlib_cpu, 2 CPU devices each, run
shard_map psum / all_gather / ppermute / psum_scatter / all_to_all / pmax and a data-parallel
gradient (every shard against numpy); a killed process is an error in the other. The full set
(more faults) is tests/multiprocess, run by `nox -s multiprocess_jax`."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "multiprocess"))
from job_checks import assert_all_ok, assert_peer_death_reported, mpi_or_skip  # noqa: E402
from launch_loader import load_launch  # noqa: E402

mpi_or_skip(pytest.importorskip("jaxlib_cpu"))

launch = load_launch()


@pytest.mark.parametrize("n", [2, 4])
def test_shard_map_collectives_and_data_parallel_gradient(n):
    outcomes = launch.run_job("jax_worker.py", n, lambda node, port: [str(port), str(node), str(n), "2", "programs"],
                              timeout=300)
    for r in assert_all_ok(launch, outcomes, "programs", n):
        assert r[0]["shards_checked"] == 16, f"every local shard of 8 results is checked: {r}"


def test_killed_process_is_an_error_in_the_other():
    outcomes = launch.run_job("jax_worker.py", 2, lambda node, port: [str(port), str(node), "2", "2", "kill"],
                              timeout=200)
    assert_peer_death_reported(launch, outcomes, 2)
