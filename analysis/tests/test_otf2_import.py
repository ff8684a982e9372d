# SPDX-License-Identifier: Apache-2.0
"""OTF2 import: an archive written with the OTF2 library itself (python3-otf2, real files)
becomes the logical traces one would write by hand, replays with the same result as them, and
bad archives are refused naming the rank and the record."""
import os
import subprocess
from pathlib import Path

import otf2
import pytest
from otf2.enums import CollectiveOp, GroupType, Paradigm

from warpnet_analysis import otf2_import

NO_ROOT = 0xFFFFFFFF
HAND_WRITTEN = {
    0: ["compute 400", "send 1 7 64", "compute 80", "irecv 2 3 32 0", "compute 90", "wait 0",
        "compute 90", "allreduce 8", "compute 100", "bcast 1 16"],
    1: ["recv 0 7 64", "compute 190", "allreduce 8", "compute 50", "bcast 1 16"],
    2: ["compute 200", "isend 0 3 32 0", "compute 90", "wait 0", "compute 580", "allreduce 8",
        "compute 100", "bcast 1 16"],
}


def write_archive(path, other_comm=False, gatherv=False):
    """Three ranks, 1 ns ticks: blocking and non-blocking point to point inside MPI_* regions,
    an allreduce and a bcast between collective begin/end records."""
    with otf2.writer.open(str(path), timer_resolution=1_000_000_000) as trace:
        d = trace.definitions
        node = d.system_tree_node("machine")
        w = [trace.event_writer(f"rank {r} thread 0",
                                group=d.location_group(f"rank {r}", system_tree_parent=node))
             for r in range(3)]
        d.group("locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=[x._location for x in w])
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP,
                                                       paradigm=Paradigm.MPI, members=[0, 1, 2]))
        pair = d.comm("pair", group=d.group("pair", group_type=GroupType.COMM_GROUP,
                                            paradigm=Paradigm.MPI, members=[0, 1]))
        region = {n: d.region(n) for n in ("MPI_Send", "MPI_Recv", "MPI_Isend", "MPI_Irecv",
                                           "MPI_Wait")}
        r0, r1, r2 = w
        r0.enter(500, region["MPI_Send"])
        r0.mpi_send(510, 1, pair if other_comm else world, 7, 64)
        r0.leave(520, region["MPI_Send"])
        r0.enter(600, region["MPI_Irecv"])
        r0.mpi_irecv_request(605, 42)
        r0.leave(610, region["MPI_Irecv"])
        r0.enter(700, region["MPI_Wait"])
        r0.mpi_irecv(900, 2, world, 3, 32, 42)
        r0.leave(910, region["MPI_Wait"])
        r1.enter(100, region["MPI_Recv"])
        r1.mpi_recv(800, 0, pair if other_comm else world, 7, 64)
        r1.leave(810, region["MPI_Recv"])
        r2.enter(300, region["MPI_Isend"])
        r2.mpi_isend(305, 0, world, 3, 32, 5)
        r2.leave(310, region["MPI_Isend"])
        r2.enter(400, region["MPI_Wait"])
        r2.mpi_isend_complete(410, 5)
        r2.leave(420, region["MPI_Wait"])
        second = CollectiveOp.GATHERV if gatherv else CollectiveOp.BCAST
        for rank, x in enumerate(w):
            x.mpi_collective_begin(1000)
            x.mpi_collective_end(1100, CollectiveOp.ALLREDUCE, world, NO_ROOT, 8, 8)
            x.mpi_collective_begin(1150 if rank == 1 else 1200)
            x.mpi_collective_end(1300, second, world, 1, 32 if rank == 1 else 0,
                                 0 if rank == 1 else 16)


def ops(directory, rank):
    lines = (Path(directory) / f"rank-{rank}.trace").read_text().splitlines()
    return [l for l in lines if l and not l.startswith("#")]


def test_an_otf2_archive_becomes_the_hand_written_traces(tmp_path):
    write_archive(tmp_path / "arch")
    ranks = otf2_import.convert(tmp_path / "arch" / "traces.otf2", tmp_path / "out")
    assert ranks == 3
    for rank, expected in HAND_WRITTEN.items():
        assert ops(tmp_path / "out", rank) == expected


def run(binary, trace_dir, tmp_path):
    config = tmp_path / f"{trace_dir.name}.toml"
    config.write_text(f"""
[simulation]
model = "network"
end_time = 1000000.0
[network]
dims = [2, 2]
[traffic]
packet_size = 4
[workload]
kind = "replay"
trace_dir = "{trace_dir}"
""")
    r = subprocess.run([binary, "run", str(config), "--no-output"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return [l for l in r.stdout.splitlines()
            if l.startswith("  ") and not any(k in l for k in ("wall time", "event rate", "peak memory"))]


def test_the_import_replays_like_the_hand_written_trace(tmp_path):
    binary = os.environ.get("WARPNET_BIN")
    if not binary or not Path(binary).is_file():
        pytest.fail("WARPNET_BIN is not set to the warpnet binary (run through ctest)")
    write_archive(tmp_path / "arch")
    imported = tmp_path / "imported"
    otf2_import.convert(tmp_path / "arch" / "traces.otf2", imported)
    hand = tmp_path / "hand"
    hand.mkdir()
    for rank, lines in HAND_WRITTEN.items():
        (hand / f"rank-{rank}.trace").write_text("\n".join(lines) + "\n")
    a, b = run(binary, imported, tmp_path), run(binary, hand, tmp_path)
    assert any("ranks finished" in l and "3 of 3" in l for l in a)
    assert [l for l in a if "traffic" not in l] == [l for l in b if "traffic" not in l]


def test_other_communicators_become_communicators_txt(tmp_path):
    binary = os.environ.get("WARPNET_BIN")
    write_archive(tmp_path / "arch", other_comm=True)
    otf2_import.convert(tmp_path / "arch" / "traces.otf2", tmp_path / "out")
    assert (tmp_path / "out" / "communicators.txt").read_text().splitlines()[1:] == ["1 0 1"]
    assert ops(tmp_path / "out", 0)[1] == "send 1 7 64 comm=1"
    assert ops(tmp_path / "out", 1)[0] == "recv 0 7 64 comm=1"
    if not binary or not Path(binary).is_file():
        pytest.fail("WARPNET_BIN is not set to the warpnet binary (run through ctest)")
    assert any("3 of 3" in l for l in run(binary, tmp_path / "out", tmp_path))


@pytest.mark.parametrize("kind,message", [
    ("gatherv", "collective gatherv is not supported"),
])
def test_unsupported_records_are_refused_naming_rank_and_record(tmp_path, kind, message):
    write_archive(tmp_path / "arch", **{kind: True})
    r = subprocess.run(["/usr/bin/python3", "-m", "warpnet_analysis.otf2_import",
                        str(tmp_path / "arch" / "traces.otf2"), str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(Path(otf2_import.__file__).parents[1])})
    assert r.returncode == 2
    assert message in r.stderr
    assert not (tmp_path / "out").exists()


def test_a_damaged_archive_is_refused(tmp_path):
    write_archive(tmp_path / "arch")
    anchor = tmp_path / "arch" / "traces.otf2"
    anchor.write_bytes(anchor.read_bytes()[:20])
    assert otf2_import.main([str(anchor), str(tmp_path / "out")]) == 2


# --- archives shaped like Score-P's (scorep_like.py) ----------------------------------------

from scorep_like import RANKS, expected_ops, write_scorep_like  # noqa: E402


def test_a_scorep_like_archive_imports_every_definition_kind(tmp_path):
    write_scorep_like(tmp_path / "arch")
    assert otf2_import.main([str(tmp_path / "arch" / "traces.otf2"), str(tmp_path / "out"),
                             "--quiet"]) == 0
    for rank in range(RANKS):
        assert ops(tmp_path / "out", rank) == expected_ops(rank), rank
    # Only the communicators records use, numbered in definition order.
    assert (tmp_path / "out" / "communicators.txt").read_text().splitlines()[1:] == \
        ["1 0 2", "2 1 3"]
    report = (tmp_path / "out" / "import-report.txt").read_text()
    for name in ("MPI_COMM_SELF", "OpenMP thread team", "unused", "empty", "MPI_COMM_WORLD dup"):
        assert f"ignored definition communicator '{name}'" in report
    for what in ("Metric records", "IoOperationBegin records", "MpiRequestTest records",
                 "Enter/Leave of non-MPI regions", "cancelled requests",
                 "collectives on a one-rank communicator", "records on other locations"):
        assert what in report, what


def test_the_import_report_gives_the_traced_times(tmp_path, capsys):
    write_scorep_like(tmp_path / "arch")
    otf2_import.main([str(tmp_path / "arch" / "traces.otf2"), str(tmp_path / "out")])
    printed = capsys.readouterr().out
    assert "traced duration 4606 ns" in printed  # rank 3's clock is 6 ns ahead of rank 0's
    rows = {int(l.split()[0]): [int(x) for x in l.split()[1:]]
            for l in printed.splitlines() if len(l.split()) == 6 and l.replace(" ", "").isdigit()}
    # rank 0: MPI calls 1000 (init) + 10 + 10 + 10 + 110 + 10 + 10 + 110 + 10 + 110 + 10 + 500
    # (finalize) = 1900 ns of its 4600; waiting in the waitall, bcast, allreduce and send.
    assert rows[0] == [2700, 1900, 340, 1500, 3100]
    assert rows[3] == [2600, 2000, 440, 1500, 3106]  # a receiver: 100 ns more in MPI_Recv
    assert "traced duration without MPI_Init/MPI_Finalize 3106 ns" in printed
    assert "records/s" in printed


def test_a_scorep_like_archive_replays_to_the_end(tmp_path):
    binary = os.environ.get("WARPNET_BIN")
    if not binary or not Path(binary).is_file():
        pytest.fail("WARPNET_BIN is not set to the warpnet binary (run through ctest)")
    write_scorep_like(tmp_path / "arch")
    otf2_import.convert(tmp_path / "arch" / "traces.otf2", tmp_path / "out")
    summary = run(binary, tmp_path / "out", tmp_path)
    assert any("ranks finished" in l and f"{RANKS} of {RANKS}" in l for l in summary), summary


def test_an_empty_communicator_line_is_no_error(tmp_path):
    # What older imports wrote for MPI_COMM_SELF: an ID without members. Unused, it is ignored.
    binary = os.environ.get("WARPNET_BIN")
    if not binary or not Path(binary).is_file():
        pytest.fail("WARPNET_BIN is not set to the warpnet binary (run through ctest)")
    traces = tmp_path / "traces"
    traces.mkdir()
    (traces / "communicators.txt").write_text("1 0 1\n2\n3 1 0\n")
    # Communicator 3 is ranks 1 and 0, in that order: rank 0 is its rank 1.
    (traces / "rank-0.trace").write_text("send 0 0 64 comm=3\nbarrier comm=1\n")
    (traces / "rank-1.trace").write_text("recv 1 0 64 comm=3\nbarrier comm=1\n")
    assert any("2 of 2" in l for l in run(binary, traces, tmp_path))


def refusal(tmp_path, build):
    """Imports an archive `build(writer, definitions, world, ranks)` writes; returns stderr."""
    path = tmp_path / "arch"
    with otf2.writer.open(str(path), timer_resolution=1_000_000_000) as trace:
        d = trace.definitions
        node = d.system_tree_node("node")
        groups = [d.location_group(f"rank {r}", system_tree_parent=node) for r in range(2)]
        w = [trace.event_writer(f"master {r}", group=groups[r]) for r in range(2)]
        d.group("MPI", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=[x._location for x in w])
        world = d.comm("MPI_COMM_WORLD", group=d.group("world", group_type=GroupType.COMM_GROUP,
                                                       paradigm=Paradigm.MPI, members=[0, 1]))
        build(trace, d, w, world, groups)
    r = subprocess.run(["/usr/bin/python3", "-m", "warpnet_analysis.otf2_import",
                        str(path / "traces.otf2"), str(tmp_path / "out")],
                       capture_output=True, text=True, timeout=60,
                       env={**os.environ, "PYTHONPATH": str(Path(otf2_import.__file__).parents[1])})
    assert r.returncode == 2, r.stdout + r.stderr
    assert not (tmp_path / "out").exists()  # no half-written traces
    return r.stderr


def test_mpi_records_on_a_second_thread_are_refused(tmp_path):
    def build(trace, d, w, world, groups):
        thread = trace.event_writer("thread 1 of rank 1", group=groups[1])
        w[0].mpi_send(10, 1, world, 0, 8)
        thread.mpi_recv(20, 0, world, 0, 8)
    err = refusal(tmp_path, build)
    assert "rank 1, location 'thread 1 of rank 1', record 0 (MpiRecv)" in err


def test_point_to_point_on_the_self_communicator_is_refused(tmp_path):
    def build(trace, d, w, world, groups):
        me = d.comm("MPI_COMM_SELF", group=d.group("self", group_type=GroupType.COMM_SELF,
                                                   paradigm=Paradigm.MPI, members=[]))
        w[0].mpi_isend(10, 0, me, 0, 8, 1)
    assert "rank 0, record 0 (MpiIsend): point to point on the self communicator" in \
        refusal(tmp_path, build)


def test_an_irecv_never_completed_is_refused(tmp_path):
    def build(trace, d, w, world, groups):
        w[1].mpi_irecv_request(10, 4)
    assert "rank 1: request 4 (an irecv) is never completed" in refusal(tmp_path, build)


def test_a_collective_one_rank_skips_is_refused(tmp_path):
    def build(trace, d, w, world, groups):
        w[0].mpi_collective_begin(10)
        w[0].mpi_collective_end(20, CollectiveOp.BARRIER, world, NO_ROOT, 0, 0)
    assert "collective 0 (barrier) of communicator 'MPI_COMM_WORLD' is made by 1 of its 2" in \
        refusal(tmp_path, build)


def test_a_collective_on_an_empty_communicator_is_refused(tmp_path):
    def build(trace, d, w, world, groups):
        empty = d.comm("empty", group=d.group("empty", group_type=GroupType.COMM_GROUP,
                                              paradigm=Paradigm.MPI, members=[]))
        w[1].mpi_collective_begin(10)
        w[1].mpi_collective_end(20, CollectiveOp.BARRIER, empty, NO_ROOT, 0, 0)
    assert "rank 1, record 1 (MpiCollectiveEnd): communicator 'empty' (empty)" in \
        refusal(tmp_path, build)
