# SPDX-License-Identifier: Apache-2.0
"""The bad-trace corpus: broken logical traces, each of which must either stop the run with exit 2
and a message naming the file and the line, or replay and report a trace deadlock. Never a
crash, a hang (every run has a timeout) or a results file that looks finished.

Each case starts from four good ranks (`compute 10`, `barrier`) on a 2x2 mesh and replaces or
removes files. Bad OTF2 archives are in analysis/tests/test_otf2_bad_archives.py.
"""
import os
import random
import subprocess

import pytest

from mpi_support import MPI_ENV, MPIEXEC

GOOD = b"compute 10\nbarrier\n"
TIMEOUT = 60


def garbage(seed, n):
    return random.Random(seed).randbytes(n)


# (id, {file: bytes, or None to remove it}, what must be printed)
ERRORS = [
    ("unknown_operation", {"rank-1.trace": b"compute 10\nsendd 2 0 8\nbarrier\n"},
     "rank-1.trace:2: unknown operation 'sendd'"),
    ("peer_out_of_range", {"rank-1.trace": b"send 4 0 8\nbarrier\n"},
     "rank-1.trace:1: peer '4' is not a whole number in [0, 3]"),
    ("negative_size", {"rank-2.trace": b"compute 10\nsend 1 0 -8\nbarrier\n"},
     "rank-2.trace:2: bytes '-8' is not a whole number"),
    ("huge_size", {"rank-2.trace": b"send 1 0 99999999999999999999999\nbarrier\n"},
     "rank-2.trace:1: bytes '99999999999999999999999' is not a whole number"),
    ("huge_compute", {"rank-0.trace": b"compute 1e30\nbarrier\n"},
     "rank-0.trace:1: ns '1e30' is not a whole number"),
    ("huge_tag", {"rank-0.trace": b"send 1 99999999999 8\nbarrier\n"},
     "rank-0.trace:1: tag '99999999999' is not a whole number"),
    ("root_out_of_range", {"rank-3.trace": b"compute 10\nbarrier\nbcast 4 8\n"},
     "rank-3.trace:3: root '4' is not a whole number in [0, 3]"),
    ("missing_field", {"rank-1.trace": b"recv 2\nbarrier\n"},
     "rank-1.trace:1: expected 'recv peer|any tag|any bytes [comm=ID]', found 1 field"),
    ("extra_field", {"rank-1.trace": b"barrier now\n"},
     "rank-1.trace:1: expected 'barrier [comm=ID]', found 1 field"),
    ("truncated_mid_line", {"rank-1.trace": b"compute 10\nbarrier\nsend 2 0"},
     "rank-1.trace:3: expected 'send peer tag bytes [comm=ID]', found 2 fields"),
    ("truncated_mid_word", {"rank-3.trace": b"compute 10\nbarr"},
     "rank-3.trace:2: unknown operation 'barr'"),
    ("nul_byte", {"rank-2.trace": b"compute 10\nsend 1\x00 0 8\nbarrier\n"},
     "rank-2.trace:2: peer '1\\x00' is not a whole number"),
    ("binary_garbage", {"rank-1.trace": b"\x7fELF" + garbage(29, 400)},
     "rank-1.trace:1: unknown operation '\\x7fELF"),
    ("wait_never_begun", {"rank-1.trace": b"compute 10\nwait 3\nbarrier\n"},
     "rank-1.trace:2: wait for request 3, which no isend or irecv began"),
    ("request_reused_while_open",
     {"rank-0.trace": b"isend 1 0 8 1\nisend 2 0 8 1\nwaitall\nbarrier\n"},
     "rank-0.trace:2: request 1 is still open (begun on line 1)"),
    ("unknown_communicator", {"rank-1.trace": b"barrier comm=2\n"},
     "rank-1.trace:1: communicator '2' is not a whole number in [0, 0]"),
    ("not_a_member", {"communicators.txt": b"1 0 2\n", "rank-1.trace": b"barrier comm=1\n"},
     "rank-1.trace:1: rank 1 is not a member of communicator 1"),
    ("bad_communicators_file", {"communicators.txt": b"1 0 9\n"},
     "communicators.txt:1: member '9' is not a rank in [0, 3]"),
    ("communicators_out_of_order", {"communicators.txt": b"2 0 1\n"},
     "communicators.txt:1: communicator '2': IDs must run 1, 2, 3, ... in order"),
    ("compute_on_a_communicator", {"rank-0.trace": b"compute 10 comm=0\nbarrier\n"},
     "rank-0.trace:1: compute takes no communicator"),
    ("rank_file_missing", {"rank-2.trace": None},
     "holds 3 rank files but not rank-2.trace: ranks must be numbered 0 .. P-1"),
    ("no_rank_file", {f"rank-{r}.trace": None for r in range(4)},
     "holds no rank-<r>.trace file"),
]

# (id, files, what the deadlock report must say)
DEADLOCKS = [
    ("unmatched_collective", {"rank-3.trace": b"compute 10\n"},
     "3 ranks blocked with nothing in flight"),
    ("mismatched_collectives", {"rank-0.trace": b"compute 10\nallreduce 8\n"},
     "trace deadlock"),
    ("receive_never_sent", {"rank-1.trace": b"recv 2 0 8\nbarrier\n"},
     "rank 1 in recv from 2 tag 0"),
    ("truncated_partner", {"rank-1.trace": b"recv 2 7 8\nbarrier\n",
                           "rank-2.trace": b"compute 10\nsend 1 7"[:10]},
     "rank 1 in recv from 2 tag 7"),
    ("empty_rank_file", {"rank-2.trace": b""}, "3 ranks blocked"),
]


def make_traces(tmp_path, files):
    traces = tmp_path / "traces"
    traces.mkdir()
    for r in range(4):
        (traces / f"rank-{r}.trace").write_bytes(GOOD)
    for name, data in files.items():
        if data is None:
            (traces / name).unlink()
        else:
            (traces / name).write_bytes(data)
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
    out = tmp_path / "out"
    out.mkdir()
    return config, out


def run(warpnet, config, out, *extra):
    binary = warpnet.binary
    return subprocess.run([binary, "run", str(config), "--no-progress", "--output",
                           str(out / "replay.h5"), *extra],
                          capture_output=True, text=True, errors="replace", timeout=TIMEOUT)


@pytest.mark.parametrize("files,message", [c[1:] for c in ERRORS], ids=[c[0] for c in ERRORS])
def test_a_bad_trace_exits_2_naming_file_and_line(warpnet, tmp_path, files, message):
    config, out = make_traces(tmp_path, files)
    result = run(warpnet, config, out)
    assert result.returncode == 2, result.stderr
    assert "workload.trace_dir" in result.stderr
    assert message in result.stderr, result.stderr
    assert list(out.iterdir()) == []  # nothing written, not even a temporary file
    # `warpnet validate` reads every rank's file and finds the same line.
    checked = subprocess.run([warpnet.binary, "validate", str(config)], capture_output=True,
                             text=True, errors="replace", timeout=TIMEOUT)
    assert checked.returncode == 2 and message in checked.stderr, checked.stderr


@pytest.mark.parametrize("files,message", [c[1:] for c in DEADLOCKS],
                         ids=[c[0] for c in DEADLOCKS])
def test_a_trace_that_cannot_finish_reports_a_deadlock(warpnet, tmp_path, files, message):
    config, out = make_traces(tmp_path, files)
    result = run(warpnet, config, out)
    assert result.returncode == 0, result.stderr
    assert "trace deadlock" in result.stdout and message in result.stdout, result.stdout
    assert "ranks finished         4 of 4" not in result.stdout


@pytest.mark.parametrize("files,message", [DEADLOCKS[0][1:], DEADLOCKS[2][1:]],
                         ids=[DEADLOCKS[0][0], DEADLOCKS[2][0]])
def test_a_deadlock_is_reported_on_two_processes_too(warpnet, tmp_path, files, message):
    config, out = make_traces(tmp_path, files)
    result = subprocess.run([MPIEXEC, "-np", "2", warpnet.binary, "run", str(config),
                             "--engine", "optimistic", "--no-progress", "--no-output"],
                            capture_output=True, text=True, timeout=TIMEOUT,
                            env={**os.environ, **MPI_ENV})
    assert result.returncode == 0, result.stderr
    assert message in result.stdout, result.stdout


def test_a_bad_line_read_by_the_second_process_of_two(warpnet, tmp_path):
    # rank-3.trace is read by MPI process 1 only (block partition): it prints the file and
    # line, both processes exit 2 together, nothing is written.
    config, out = make_traces(tmp_path, {"rank-3.trace": b"compute 10\nbarrier\nsend 9 0 8\n"})
    result = subprocess.run([MPIEXEC, "--tag-output", "-np", "2", warpnet.binary, "run",
                             str(config), "--engine", "optimistic", "--no-progress", "--output",
                             str(out / "replay.h5")],
                            capture_output=True, text=True, timeout=TIMEOUT,
                            env={**os.environ, **MPI_ENV})
    assert result.returncode == 2, result.stderr
    assert "rank-3.trace:3: peer '9' is not a whole number in [0, 3]" in result.stderr
    assert list(out.iterdir()) == []
