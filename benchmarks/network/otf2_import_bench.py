#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""A large OTF2 archive, its import speed and its replay on 1 and 2 processes.

    PYTHONPATH=analysis /usr/bin/python3 benchmarks/network/otf2_import_bench.py \\
        [--ranks 1024] [--iterations 10] [--dir DIR] [--replay]

writes an archive with the OTF2 library (`generate`: RANKS MPI ranks, each iteration 1 us of
compute plus 7 ns per rank index, a ring exchange isend/irecv/waitall of 1 KiB, an allreduce of
8 B, every call inside its MPI region: 14 records per rank and iteration), imports it with
warpnet_analysis.otf2_import and prints its speed in records per second; with --replay, replays
the traces on a mesh of at least RANKS nodes with the sequential engine and with the optimistic
engine on 2 processes, and prints both event digests (they must be equal). Measured figures are
in docs/workloads.md ("OTF2 import", "Memory"). tests/app/test_otf2_large.py runs it small.
"""
from __future__ import annotations

import argparse
import math
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

NO_ROOT = 0xFFFFFFFF
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_rmaps_base_oversubscribe": "1"}


def generate(path: Path, ranks: int, iterations: int) -> int:
    """Writes the archive; returns its number of records."""
    import otf2
    from otf2.enums import CollectiveOp, GroupType, Paradigm
    with otf2.writer.open(str(path), timer_resolution=1_000_000_000) as trace:
        d = trace.definitions
        node = d.system_tree_node("machine")
        w = [trace.event_writer(f"Master thread {r}",
                                group=d.location_group(f"MPI Rank {r}", system_tree_parent=node))
             for r in range(ranks)]
        d.group("MPI", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=[x._location for x in w])
        world = d.comm("MPI_COMM_WORLD", group=d.group(
            "world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
            members=list(range(ranks))))
        d.comm("MPI_COMM_SELF", group=d.group("self", group_type=GroupType.COMM_SELF,
                                              paradigm=Paradigm.MPI, members=[]))
        region = {n: d.region(n, paradigm=Paradigm.MPI)
                  for n in ("MPI_Isend", "MPI_Irecv", "MPI_Waitall", "MPI_Allreduce")}
        for r, x in enumerate(w):
            t = 0
            for i in range(iterations):
                t += 1000 + 7 * r
                x.enter(t, region["MPI_Isend"])
                x.mpi_isend(t + 1, (r + 1) % ranks, world, i, 1024, 1)
                x.leave(t + 2, region["MPI_Isend"])
                x.enter(t + 3, region["MPI_Irecv"])
                x.mpi_irecv_request(t + 4, 2)
                x.leave(t + 5, region["MPI_Irecv"])
                x.enter(t + 6, region["MPI_Waitall"])
                x.mpi_isend_complete(t + 7, 1)
                x.mpi_irecv(t + 8, (r - 1) % ranks, world, i, 1024, 2)
                x.leave(t + 9, region["MPI_Waitall"])
                x.enter(t + 10, region["MPI_Allreduce"])
                x.mpi_collective_begin(t + 11)
                x.mpi_collective_end(t + 12, CollectiveOp.ALLREDUCE, world, NO_ROOT, 8, 8)
                x.leave(t + 13, region["MPI_Allreduce"])
                t += 13
    return ranks * iterations * 14


def replay(binary: str, traces: Path, ranks: int, processes: int, work: Path) -> dict:
    """Replays `traces` on a square mesh of >= ranks nodes; returns the summary's figures."""
    side = math.ceil(math.sqrt(ranks))
    config = work / "replay.toml"
    config.write_text(f"""
[simulation]
model = "network"
end_time = 1000000000.0
[network]
topology = "mesh"
dims = [{side}, {side}]
[workload]
kind = "replay"
trace_dir = "{traces}"
""")
    command = [binary, "run", str(config), "--no-progress", "--no-output"]
    if processes > 1:
        command = ["mpiexec", "-np", str(processes), *command, "--engine", "optimistic"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800,
                          env={**os.environ, **MPI_ENV})
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr}")
    figures = {"digest": re.search(r"event digest\s+(\S+)", done.stdout).group(1),
               "finished": re.search(r"ranks finished\s+(\d+)", done.stdout).group(1),
               "execution_ns": re.search(r"execution time\s+(\d+)", done.stdout).group(1),
               "wall": re.search(r"wall time\s+(\S+)", done.stdout).group(1)}
    return figures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ranks", type=int, default=1024)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--dir", type=Path, default=Path("otf2-import-bench"))
    parser.add_argument("--replay", action="store_true", help="replay on 1 and 2 processes")
    parser.add_argument("--binary", default=os.environ.get("WARPNET_BIN", "build/app/warpnet"))
    args = parser.parse_args(argv)
    from warpnet_analysis import otf2_import

    archive, traces = args.dir / "archive", args.dir / "traces"
    shutil.rmtree(args.dir, ignore_errors=True)
    args.dir.mkdir(parents=True)
    began = time.perf_counter()
    records = generate(archive, args.ranks, args.iterations)
    print(f"archive: {args.ranks} ranks, {records} records, written in "
          f"{time.perf_counter() - began:.1f} s")
    report = otf2_import.ImportReport(str(archive))
    otf2_import.convert(archive / "traces.otf2", traces, report=report)
    assert report.records == records, (report.records, records)
    print(f"import: {report.records} records in {report.seconds:.2f} s, "
          f"{report.records / report.seconds:.0f} records/s")
    if args.replay:
        one = replay(args.binary, traces, args.ranks, 1, args.dir)
        two = replay(args.binary, traces, args.ranks, 2, args.dir)
        print(f"replay, sequential:      {one}")
        print(f"replay, 2 processes:     {two}")
        if one["digest"] != two["digest"] or one["execution_ns"] != two["execution_ns"]:
            print("the digests differ", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
