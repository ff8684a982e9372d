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
