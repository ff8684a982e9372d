# SPDX-License-Identifier: Apache-2.0
"""A failure on one MPI rank ends every rank: promptly, with the message and the rank that raised
it, the documented exit code, and no results file.

Faults are injected on rank 1 of 2 and on rank 3 of 4 (the last process, which the block
partition gives the last nodes of the mesh, so trace rank 15):
- at set-up and after the run, and while the results are written, with WARPNET_TEST_FAULT
  (app/test_fault.hpp, for tests only): the error of one process, printed by it;
- mid-run, in an event handler, with a replay trace's `fault KIND` line (docs/workloads.md):
  the optimistic engine stops every rank with the error, which rank 0 prints once, naming the
  rank it came from.
Every run is under a timeout: a hang fails the test instead of stalling the suite.
"""
import os
import subprocess

import pytest

from mpi_support import MPI_ENV, MPIEXEC

TIMEOUT = 90
CODES = {"config": 2, "alloc": 1, "error": 1, "invariant": 3}
KINDS = {"config": "configuration error", "alloc": "out of memory", "error": "error",
         "invariant": "internal error (please report it)"}


def make_run(tmp_path, fault_line=None):
    traces = tmp_path / "traces"
    traces.mkdir()
    for rank in range(16):
        ops = ["compute 100", "barrier", f"send {(rank + 1) % 16} 0 64",
               f"recv {(rank - 1) % 16} 0 64", "compute 2000", "allreduce 8"]
        if rank == 15 and fault_line:
            ops.insert(4, fault_line)  # mid-run: after a barrier and a message exchange
        (traces / f"rank-{rank}.trace").write_text("\n".join(ops) + "\n")
    config = tmp_path / "replay.toml"
    config.write_text("""
[simulation]
model = "network"
end_time = 1000000.0
[network]
topology = "mesh"
dims = [4, 4]
[workload]
kind = "replay"
trace_dir = "traces"
""")
    out = tmp_path / "out"
    out.mkdir()
    return config, out


def mpi_run(warpnet, config, out, ranks, env=None):
    command = [MPIEXEC, "--tag-output", "-np", str(ranks), warpnet.binary, "run", str(config),
               "--engine", "optimistic", "--no-progress", "--output", str(out / "replay.h5")]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT,
                          env={**os.environ, **MPI_ENV, **(env or {})})


def no_results_file(out):
    return not (out / "replay.h5").exists()


def test_the_run_without_a_fault_finishes(warpnet, tmp_path):
    # The baseline of the cases below: the same run writes its file (so a missing file below
    # is the fault's doing).
    config, out = make_run(tmp_path)
    result = mpi_run(warpnet, config, out, 2)
    assert result.returncode == 0, result.stderr
    assert "16 of 16" in result.stdout
    assert (out / "replay.h5").exists()


PROCESS_FAULTS = [
    # (ranks, failing rank, phase, kind)
    (2, 1, "setup", "config"),
    (2, 1, "setup", "alloc"),
    (2, 1, "finish", "error"),
    (4, 3, "setup", "config"),
    (4, 3, "setup", "invariant"),
    (4, 3, "finish", "config"),
]


@pytest.mark.parametrize("ranks,rank,phase,kind", PROCESS_FAULTS,
                         ids=[f"{p}-{k}-rank{r}of{n}" for n, r, p, k in PROCESS_FAULTS])
def test_a_fault_on_one_process_ends_every_process(warpnet, tmp_path, ranks, rank, phase, kind):
    config, out = make_run(tmp_path)
    result = mpi_run(warpnet, config, out, ranks, {"WARPNET_TEST_FAULT": f"{phase}:{rank}:{kind}"})
    assert result.returncode == CODES[kind], result.stderr
    header = f"[1,{rank}]<stderr>:warpnet: {KINDS[kind]} on rank {rank}:"
    assert result.stderr.count("warpnet: ") == 1, result.stderr  # once, by the failing process
    assert header in result.stderr, result.stderr
    assert "MPI_ABORT" not in result.stderr  # every process left by itself
    assert result.stdout == ""
    assert no_results_file(out)


MID_RUN_FAULTS = [(2, 1, "config"), (2, 1, "alloc"), (2, 1, "invariant"), (4, 3, "config"),
                  (4, 3, "error")]


@pytest.mark.parametrize("ranks,rank,kind", MID_RUN_FAULTS,
                         ids=[f"{k}-rank{r}of{n}" for n, r, k in MID_RUN_FAULTS])
def test_a_model_failing_mid_run_on_one_rank_ends_every_rank(warpnet, tmp_path, ranks, rank, kind):
    config, out = make_run(tmp_path, f"fault {kind}")
    result = mpi_run(warpnet, config, out, ranks)
    assert result.returncode == CODES[kind], result.stderr
    # The engine carries the error to every rank; rank 0 prints it once, naming the rank and the
    # event it came from and the trace rank's operation.
    assert result.stderr.count("warpnet: ") == 1, result.stderr
    # (A failed allocation reaches the other ranks as a failure: "error", exit 1.)
    header = "error" if kind == "alloc" else KINDS[kind]
    assert f"[1,0]<stderr>:warpnet: {header}:" in result.stderr, result.stderr
    assert f"rank {rank}: LP " in result.stderr, result.stderr
    if kind == "alloc":
        assert "out of memory (std::bad_alloc)" in result.stderr
    else:
        assert "rank 15, operation 5: a fault the trace asks for" in result.stderr
    assert "MPI_ABORT" not in result.stderr
    assert result.stdout == ""
    assert no_results_file(out)


@pytest.mark.parametrize("ranks,rank,kind", [(2, 1, "config"), (4, 3, "alloc")])
def test_a_fault_while_writing_aborts_every_process(warpnet, tmp_path, ranks, rank, kind):
    # Collective HDF5 calls may be under way: the failing process prints its error and ends the
    # run with MPI_Abort and its exit code; the file never gets its final name.
    config, out = make_run(tmp_path)
    result = mpi_run(warpnet, config, out, ranks, {"WARPNET_TEST_FAULT": f"write:{rank}:{kind}"})
    assert result.returncode == CODES[kind], result.stderr
    assert f"[1,{rank}]<stderr>:warpnet: {KINDS[kind]} on rank {rank}:" in result.stderr
    assert no_results_file(out)


def test_a_fault_without_mpi_exits_with_its_code(warpnet, tmp_path):
    config, out = make_run(tmp_path, "fault config")
    result = warpnet("run", config)
    assert result.returncode == 2, result.stderr
    assert "workload.trace_dir: rank 15, operation 5: a fault the trace asks for" in result.stderr
    result = warpnet("run", config, env={"WARPNET_TEST_FAULT": "setup:0:alloc"})
    assert result.returncode == 1 and "warpnet: out of memory:" in result.stderr, result.stderr


def test_a_malformed_fault_is_refused(warpnet, tmp_path):
    config, _ = make_run(tmp_path)
    result = warpnet("run", config, env={"WARPNET_TEST_FAULT": "setup:one:config"})
    assert result.returncode == 2
    assert "WARPNET_TEST_FAULT" in result.stderr
