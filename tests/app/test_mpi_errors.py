# SPDX-License-Identifier: Apache-2.0
"""Bad options of an MPI run: a clear error printed once (by rank 0), exit code 2, no hang.

Every rank of `mpiexec -np N warpnet run ...` reads the same input, so every rank finds the same
error; only rank 0 prints it, and every rank leaves with exit code 2 (no MPI_Abort, whose
message would hide ours). Resource limits found by one rank during an optimistic run are
carried to every rank by the engine, and reported the same way. Input that each process reads
for itself (a replay's trace files) is reported by the process that read it, and every process
still exits 2 (app/collective_errors.hpp).
"""
import os
import subprocess

import pytest

from mpi_support import MPI_ENV, MPIEXEC


def mpi_run(warpnet, root, ranks, *args):
    env = dict(os.environ)
    env.update(MPI_ENV)
    command = [MPIEXEC, "-np", str(ranks), warpnet.binary, "run",
               str(root / "examples" / "phold.toml"), "--no-progress", "--no-output",
               *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120)


CASES = [
    # (id, ranks, extra arguments, text the error must contain)
    ("more_ranks_than_lps", 3, ["--engine", "optimistic", "--set", "phold.lps=2"],
     "the model has 2 LPs but 3 ranks were launched"),
    ("zero_optimism_window", 2, ["--engine", "optimistic", "--set", "kernel.optimism_window=0"],
     "kernel.optimism_window: value 0 is out of range"),
    ("unknown_engine", 2, ["--engine", "warp-speed"],
     'simulation.engine: value "warp-speed" is not a valid choice'),
    ("unknown_partitioner", 2, ["--engine", "optimistic", "--set",
                                "simulation.partitioner=metis-someday"],
     "simulation.partitioner"),
    ("event_memory_exhausted", 2, ["--engine", "optimistic", "--set", "kernel.event_memory_limit=1",
                                   "--set", "phold.start_events=4096"],
     "raise kernel.event_memory_limit"),
]


@pytest.mark.parametrize("ranks,args,expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_option_exits_2_with_one_message(warpnet, root, ranks, args, expected):
    result = mpi_run(warpnet, root, ranks, *args)
    assert result.returncode == 2, result.stderr
    assert expected in result.stderr
    # Printed once, by rank 0, not once per rank.
    assert result.stderr.count("warpnet: ") == 1, result.stderr
    assert "MPI_ABORT" not in result.stderr
    assert result.stdout == ""


def test_round_robin_partitioner_gives_the_block_digest(warpnet, root):
    digests = {}
    for partitioner in ("block", "round-robin"):
        result = mpi_run(warpnet, root, 2, "--engine", "optimistic", "--set",
                         "simulation.end_time=5", "--set",
                         f"simulation.partitioner={partitioner}")
        assert result.returncode == 0, result.stderr
        assert f"partitioner            {partitioner} (edge cut" in result.stdout
        digests[partitioner] = [line for line in result.stdout.splitlines()
                                if "event digest" in line]
    assert digests["block"] == digests["round-robin"]
    assert len(digests["block"]) == 1


def test_metis_gives_the_block_digest_on_the_network(warpnet, root):
    built = [line.split(";")[0] for line in warpnet("--version").stdout.splitlines()
             if line.startswith("partitioners:")]
    if not built or "metis" not in built[0]:   # WARPNET_WITH_METIS=OFF, or METIS not found
        pytest.skip("this warpnet was built without METIS")
    example = root / "examples" / "mesh8x8.toml"
    digests = {}
    for partitioner in ("block", "metis"):
        command = [MPIEXEC, "-np", "2", warpnet.binary, "run", str(example), "--no-progress",
                   "--no-output", "--engine", "optimistic", "--set", "simulation.end_time=1500",
                   "--set", "traffic.warmup_cycles=500", "--set",
                   f"simulation.partitioner={partitioner}"]
        result = subprocess.run(command, capture_output=True, text=True,
                                env={**os.environ, **MPI_ENV}, timeout=120)
        assert result.returncode == 0, result.stderr
        assert f"partitioner            {partitioner} (edge cut" in result.stdout
        digests[partitioner] = [line for line in result.stdout.splitlines()
                                if "event digest" in line]
    assert digests["block"] == digests["metis"] and len(digests["block"]) == 1


def test_bad_trace_owned_by_rank_1_exits_2_on_every_rank(warpnet, tmp_path):
    # Each process reads only the traces of the ranks it simulates: on 2 processes (block
    # partition) MPI rank 1 owns the last nodes of the 4x4 mesh, so only it reads rank-15.trace.
    # It prints the file and line; both processes leave with exit 2 (a collective check after
    # set-up), neither hangs, and no HDF5 file (nor its temporary) is left behind.
    traces = tmp_path / "traces"
    traces.mkdir()
    for rank in range(16):
        (traces / f"rank-{rank}.trace").write_text("compute 10\nbarrier\n")
    (traces / "rank-15.trace").write_text("compute 10\nbarrier\nsend 3 0 nine\n")
    config = tmp_path / "replay.toml"
    config.write_text("""
[simulation]
model = "network"
end_time = 100000.0
[network]
topology = "mesh"
dims = [4, 4]
[workload]
kind = "replay"
trace_dir = "traces"
""")
    out = tmp_path / "out"
    out.mkdir()
    command = [MPIEXEC, "--tag-output", "-np", "2", warpnet.binary, "run", str(config),
               "--engine", "optimistic", "--no-progress", "--output", str(out / "replay.h5")]
    result = subprocess.run(command, capture_output=True, text=True,
                            env={**os.environ, **MPI_ENV}, timeout=120)
    assert result.returncode == 2, result.stderr
    lines = [line for line in result.stderr.splitlines() if "rank-15.trace:3:" in line]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("[1,1]<stderr>:"), result.stderr  # printed by the process that read it
    assert "workload.trace_dir" in lines[0] and "bytes 'nine'" in lines[0]
    assert "MPI_ABORT" not in result.stderr
    assert result.stdout == ""
    assert list(out.iterdir()) == []
