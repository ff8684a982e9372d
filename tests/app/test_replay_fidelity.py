# SPDX-License-Identifier: Apache-2.0
"""How faithful a replay is: the ideal network (workload.ideal_bandwidth) separates the network's
effects from compute. With an infinite bandwidth a replay's execution time is the trace's
compute critical path, worked out by hand here; with a bandwidth of B bytes/ns each message on
that path adds its size / B; the simulated network is slower than the ideal one; and the ideal
network is deterministic across engines and process counts."""
import os
import re
import subprocess

import pytest

from mpi_support import MPI_ENV, MPIEXEC

# Rank 0 computes 1000 ns and sends 4000 B to rank 1, which had computed 200 ns; rank 1 then
# computes 500 ns and answers with 8 B, and computes 50 ns more. Critical path: 1000 + 500 + 50.
PING = {0: "compute 1000\nsend 1 0 4000\ncompute 100\nrecv 1 1 8\n",
        1: "compute 200\nrecv 0 0 4000\ncompute 500\nsend 0 1 8\ncompute 50\n"}
# Four ranks: unequal compute, an allreduce, unequal compute, a barrier. The slowest rank before
# the allreduce (rank 2: 900) and after it (rank 0: 700) make the path: 900 + 700.
COLLECTIVE = {r: f"compute {c1}\nallreduce 64\ncompute {c2}\nbarrier\n"
              for r, (c1, c2) in enumerate([(100, 700), (300, 10), (900, 20), (400, 600)])}


def make(tmp_path, traces):
    d = tmp_path / "traces"
    d.mkdir(parents=True)
    for rank, text in traces.items():
        (d / f"rank-{rank}.trace").write_text(text)
    config = tmp_path / "replay.toml"
    config.write_text("""
[simulation]
model = "network"
end_time = 10000000.0
[network]
dims = [2, 2]
[workload]
kind = "replay"
trace_dir = "traces"
""")
    return config


def execution_time(result):
    assert result.returncode == 0, result.stderr
    assert re.search(r"ranks finished\s+(\d+) of \1\b", result.stdout), result.stdout
    return int(re.search(r"execution time\s+(\d+) ns", result.stdout).group(1))


def digest(result):
    return re.search(r"event digest\s+(\S+)", result.stdout).group(1)


@pytest.mark.parametrize("traces,path", [(PING, 1550), (COLLECTIVE, 1600)], ids=["ping", "collective"])
def test_an_infinite_ideal_bandwidth_gives_the_compute_critical_path(warpnet, tmp_path, traces, path):
    config = make(tmp_path, traces)
    ideal = execution_time(warpnet("run", config, "--set", "workload.ideal_bandwidth=inf"))
    assert ideal == path
    # compute_scale scales the path; the simulated network only adds to it.
    scaled = execution_time(warpnet("run", config, "--set", "workload.ideal_bandwidth=inf",
                                    "--set", "workload.compute_scale=2"))
    assert scaled == 2 * path
    assert execution_time(warpnet("run", config)) > path


def test_a_finite_ideal_bandwidth_adds_size_over_bandwidth(warpnet, tmp_path):
    config = make(tmp_path, PING)
    for bandwidth, expected in ((4, 1000 + 4000 // 4 + 500 + 50), (1, 1000 + 4000 + 500 + 50)):
        assert execution_time(warpnet("run", config, "--set",
                                      f"workload.ideal_bandwidth={bandwidth}")) == expected
    # Above the eager limit a send waits for its receiver's clear to send (one tick each way).
    big = make(tmp_path / "big", {0: "compute 1000\nsend 1 0 100000\n",
                                  1: "recv 0 0 100000\ncompute 50\n"})
    assert execution_time(warpnet("run", big, "--set", "workload.ideal_bandwidth=100")) == \
        1000 + 1000 + 50


def test_the_ideal_network_is_deterministic_on_one_two_and_four_processes(warpnet, tmp_path):
    config = make(tmp_path, COLLECTIVE)
    args = ["run", str(config), "--no-progress", "--no-output", "--set",
            "workload.ideal_bandwidth=2", "--engine", "optimistic"]
    digests = set()
    times = set()
    for n in (1, 2, 4):
        result = subprocess.run([MPIEXEC, "-np", str(n), warpnet.binary, *args],
                                capture_output=True, text=True, timeout=120,
                                env={**os.environ, **MPI_ENV})
        times.add(execution_time(result))
        digests.add(digest(result))
    sequential = warpnet("run", config, "--set", "workload.ideal_bandwidth=2")
    assert digests == {digest(sequential)} and times == {execution_time(sequential)}


def test_a_negative_bandwidth_is_refused(warpnet, tmp_path):
    result = warpnet("run", make(tmp_path, PING), "--set", "workload.ideal_bandwidth=-1")
    assert result.returncode == 2 and "workload.ideal_bandwidth" in result.stderr
