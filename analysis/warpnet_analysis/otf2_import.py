# SPDX-License-Identifier: Apache-2.0
"""OTF2 traces (Score-P's format) into warpnet's logical traces (docs/workloads.md, "OTF2 import").

    /usr/bin/python3 -m warpnet_analysis.otf2_import ARCHIVE/traces.otf2 OUTDIR [--force]

writes OUTDIR/rank-<r>.trace for every MPI rank of the archive; `workload.kind = "replay"` with
`workload.trace_dir = OUTDIR` replays them. It reads the archive with the OTF2 library's own
Python bindings (Debian python3-otf2).

Used: the MPI locations (the COMM_LOCATIONS group gives each location its rank), the clock
resolution, the Enter/Leave of regions named MPI_* (they delimit the MPI calls: the time from
one call's Leave to the next call's Enter is a compute gap), and the MPI records: MpiSend,
MpiRecv, MpiIsend, MpiIsendComplete, MpiIrecvRequest, MpiIrecv, MpiCollectiveBegin and
MpiCollectiveEnd with BARRIER, BCAST, REDUCE, ALLREDUCE, ALLTOALL and ALLGATHER. Without MPI_*
regions, the gap between two MPI records is compute.
Ignored: other regions and records (metrics, I/O, OpenMP, RMA), MpiRequestTest.
Refused (exit 2, naming the archive, the rank and the record): a record on a communicator that
is not MPI_COMM_WORLD, another collective operation (gatherv, scan, alltoallv, ...), a
cancelled request, collectives that differ across ranks, an archive without MPI locations.

Collective sizes: the logical format gives one size per collective, so each rank's records are
combined: bcast the largest size received, reduce and allreduce the largest size sent, alltoall
and allgather the largest size sent or received divided by the number of ranks (per peer).
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

NO_ROOT = 0xFFFFFFFF


class ImportError_(Exception):
    """A record or archive the import refuses."""


def _mpi_ranks(definitions):
    """location -> rank, from the MPI paradigm's COMM_LOCATIONS group."""
    import otf2
    for group in definitions.groups:
        if group.group_type == otf2.GroupType.COMM_LOCATIONS and group.paradigm == otf2.Paradigm.MPI:
            return {location: rank for rank, location in enumerate(group.members)}
    raise ImportError_("no MPI locations (a COMM_LOCATIONS group of the MPI paradigm)")


def _world(definitions, ranks):
    for comm in definitions.comms:
        if len(list(comm.group.members)) == ranks:
            return comm
    raise ImportError_("no communicator holds all the ranks (MPI_COMM_WORLD)")


def _is_mpi_region(region):
    return getattr(region, "name", "").startswith("MPI_")


class _RankWriter:
    """One rank's operations, with the compute gaps between MPI calls."""

    def __init__(self, rank, ns_per_tick, start):
        self.rank = rank
        self.ns_per_tick = ns_per_tick
        self.ops = []
        self.last_end = start  # end of the previous MPI call (ticks)
        self.in_call = False
        self.requests = {}  # OTF2 request id -> trace request number
        self.next_request = 0

    def begin_call(self, time):
        if self.in_call:
            return
        gap = (time - self.last_end) * self.ns_per_tick
        if gap >= 1:
            self.ops.append(("compute", round(gap)))
        self.last_end = max(self.last_end, time)

    def end_call(self, time):
        if not self.in_call:
            self.last_end = time

    def request(self, otf2_id, new):
        if new:
            self.requests[otf2_id] = self.next_request
            self.next_request += 1
        return self.requests[otf2_id]


def convert(archive: Path, out: Path, force: bool = False) -> int:
    """Writes the logical traces of `archive` into `out`; returns the number of ranks."""
    import otf2
    archive = Path(archive)
    out = Path(out)
    if out.exists() and any(out.iterdir()) and not force:
        raise ImportError_(f"{out} is not empty (use --force to replace its traces)")
    with otf2.reader.open(str(archive)) as trace:
        definitions = trace.definitions
        rank_of = _mpi_ranks(definitions)
        ranks = len(rank_of)
        world = _world(definitions, ranks)
        ns_per_tick = 1e9 / definitions.clock_properties.timer_resolution
        events = [[] for _ in range(ranks)]
        for location, event in trace.events:
            if location in rank_of:
                events[rank_of[location]].append(event)
    start = min((e[0].time for e in events if e), default=0)
    writers = []
    collectives = []  # per rank: [(op, root, sent, received)]
    for rank in range(ranks):
        w = _RankWriter(rank, ns_per_tick, start)
        mine = []
        # The sender, tag and size of a non-blocking receive are known at its completion.
        pending_irecv = {}
        for index, event in enumerate(events[rank]):
            name = type(event).__name__
            if name == "MpiIrecv":
                pending_irecv.setdefault(event.request_id, []).append(event)
        for index, event in enumerate(events[rank]):
            name = type(event).__name__

            def refuse(what):
                raise ImportError_(f"{archive}: rank {rank}, record {index} ({name}): {what}")

            comm = getattr(event, "communicator", None)
            if comm is not None and comm != world:
                refuse(f"communicator '{comm.name}' is not MPI_COMM_WORLD; only the world "
                       "communicator is supported")
            if name == "Enter" and _is_mpi_region(event.region):
                w.begin_call(event.time)
                w.in_call = True
            elif name == "Leave" and _is_mpi_region(event.region):
                w.in_call = False
                w.last_end = event.time
            elif name == "MpiSend":
                w.begin_call(event.time)
                w.ops.append(("send", event.receiver, event.msg_tag, event.msg_length))
                w.end_call(event.time)
            elif name == "MpiIsend":
                w.begin_call(event.time)
                req = w.request(event.request_id, new=True)
                w.ops.append(("isend", event.receiver, event.msg_tag, event.msg_length, req))
                w.end_call(event.time)
            elif name == "MpiRecv":
                w.begin_call(event.time)
                w.ops.append(("recv", event.sender, event.msg_tag, event.msg_length))
                w.end_call(event.time)
            elif name == "MpiIrecvRequest":
                w.begin_call(event.time)
                done = pending_irecv.get(event.request_id)
                if not done:
                    refuse(f"request {event.request_id} is never completed by an MpiIrecv")
                match = done.pop(0)
                req = w.request(event.request_id, new=True)
                w.ops.append(("irecv", match.sender, match.msg_tag, match.msg_length, req))
                w.end_call(event.time)
            elif name in ("MpiIsendComplete", "MpiIrecv"):
                w.begin_call(event.time)
                if event.request_id not in w.requests:
                    refuse(f"request {event.request_id} completes without having started")
                w.ops.append(("wait", w.requests.pop(event.request_id)))
                w.end_call(event.time)
            elif name == "MpiRequestCancelled":
                refuse("cancelled requests are not supported")
            elif name == "MpiCollectiveBegin":
                w.begin_call(event.time)
            elif name == "MpiCollectiveEnd":
                op = str(event.collective_op).rsplit(".", 1)[-1].lower()  # CollectiveOp.BCAST
                if op not in ("barrier", "bcast", "reduce", "allreduce", "alltoall", "allgather"):
                    refuse(f"collective {op} is not supported (barrier, bcast, reduce, "
                           "allreduce, alltoall, allgather)")
                mine.append((op, event.root, event.size_sent, event.size_received))
                w.ops.append(("collective", len(mine) - 1))
                w.end_call(event.time)
        writers.append(w)
        collectives.append(mine)
    sizes = _collective_sizes(collectives, ranks, archive)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("rank-*.trace"):
        old.unlink()
    for w in writers:
        lines = [f"# rank {w.rank} of {ranks}, imported from {archive.name} (warpnet_analysis.otf2_import)"]
        for op in w.ops:
            if op[0] == "collective":
                kind, root, bytes_ = sizes[op[1]]
                if kind == "barrier":
                    lines.append("barrier")
                elif kind in ("bcast", "reduce"):
                    lines.append(f"{kind} {root} {bytes_}")
                else:
                    lines.append(f"{kind} {bytes_}")
            else:
                lines.append(" ".join(str(x) for x in op))
        (out / f"rank-{w.rank}.trace").write_text("\n".join(lines) + "\n")
    return ranks


def _collective_sizes(collectives, ranks, archive):
    """One (kind, root, bytes) per collective, the same on every rank."""
    count = len(collectives[0]) if collectives else 0
    for rank, mine in enumerate(collectives):
        if len(mine) != count:
            raise ImportError_(f"{archive}: rank {rank} calls {len(mine)} collectives, rank 0 "
                               f"{count}")
    sizes = []
    for i in range(count):
        calls = [mine[i] for mine in collectives]
        kind = calls[0][0]
        for rank, call in enumerate(calls):
            if call[0] != kind:
                raise ImportError_(f"{archive}: collective {i} is {kind} at rank 0 but "
                                   f"{call[0]} at rank {rank}")
        roots = {c[1] for c in calls}
        root = calls[0][1]
        if kind in ("bcast", "reduce") and (len(roots) != 1 or root == NO_ROOT or root >= ranks):
            raise ImportError_(f"{archive}: collective {i} ({kind}) has no common root")
        sent = max(c[2] for c in calls)
        received = max(c[3] for c in calls)
        if kind == "barrier":
            bytes_ = 0
        elif kind == "bcast":
            bytes_ = received or sent
        elif kind in ("reduce", "allreduce"):
            bytes_ = sent
        else:
            bytes_ = math.ceil(max(sent, received) / ranks)
        sizes.append((kind, root, bytes_))
    return sizes


def main(argv=None):
    parser = argparse.ArgumentParser(description="OTF2 archive -> warpnet logical traces")
    parser.add_argument("archive", type=Path, help="the archive's .otf2 anchor file")
    parser.add_argument("out", type=Path, help="the directory for rank-<r>.trace")
    parser.add_argument("--force", action="store_true", help="replace the traces in OUT")
    args = parser.parse_args(argv)
    if not args.archive.is_file():
        print(f"otf2_import: {args.archive} is not an OTF2 anchor file (ARCHIVE/traces.otf2)",
              file=sys.stderr)
        return 2
    try:
        ranks = convert(args.archive, args.out, args.force)
    except ImportError_ as e:
        print(f"otf2_import: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the OTF2 library's own errors: a damaged archive
        print(f"otf2_import: {args.archive}: cannot read the archive: {e}", file=sys.stderr)
        return 2
    print(f"{ranks} ranks written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
