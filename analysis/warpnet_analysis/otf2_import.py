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
Communicators: MPI_COMM_WORLD (the communicator of all ranks) is the default; every other
communicator the records use becomes a line of communicators.txt (its members' global ranks in
their order within it) and the records on it end with comm=ID; their peers and roots are
already counted within the communicator, in OTF2 as in the logical format.
Refused (exit 2, naming the archive, the rank and the record): another collective operation
(gatherv, scan, alltoallv, ...), a cancelled request, collectives that differ across a
communicator's ranks, an archive without MPI locations.

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


def _communicators(definitions, rank_of):
    """comm definition -> (ID, global ranks): 0 for the one of all ranks, 1, 2, ... for the
    others in definition order."""
    ranks = len(rank_of)
    ids = {}
    for comm in definitions.comms:
        members = [rank_of[location] for location in comm.group.members if location in rank_of]
        if len(members) == ranks and members == sorted(members) and 0 not in [i for i, _ in ids.values()]:
            ids[comm] = (0, members)
    if not any(i == 0 for i, _ in ids.values()):
        raise ImportError_("no communicator holds all the ranks (MPI_COMM_WORLD)")
    for comm in definitions.comms:
        if comm not in ids:
            members = [rank_of[location] for location in comm.group.members if location in rank_of]
            ids[comm] = (len(ids), members)
    return ids


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
        comms = _communicators(definitions, rank_of)
        ns_per_tick = 1e9 / definitions.clock_properties.timer_resolution
        events = [[] for _ in range(ranks)]
        for location, event in trace.events:
            if location in rank_of:
                events[rank_of[location]].append(event)
    start = min((e[0].time for e in events if e), default=0)
    writers = []
    collectives = {}  # (comm ID, n) -> {rank: (op, root, sent, received)}
    for rank in range(ranks):
        w = _RankWriter(rank, ns_per_tick, start)
        mine = {}  # comm ID -> collectives so far
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
            cid = comms[comm][0] if comm is not None else 0
            suffix = (f"comm={cid}",) if cid else ()
            if name == "Enter" and _is_mpi_region(event.region):
                w.begin_call(event.time)
                w.in_call = True
            elif name == "Leave" and _is_mpi_region(event.region):
                w.in_call = False
                w.last_end = event.time
            elif name == "MpiSend":
                w.begin_call(event.time)
                w.ops.append(("send", event.receiver, event.msg_tag, event.msg_length, *suffix))
                w.end_call(event.time)
            elif name == "MpiIsend":
                w.begin_call(event.time)
                req = w.request(event.request_id, new=True)
                w.ops.append(("isend", event.receiver, event.msg_tag, event.msg_length, req, *suffix))
                w.end_call(event.time)
            elif name == "MpiRecv":
                w.begin_call(event.time)
                w.ops.append(("recv", event.sender, event.msg_tag, event.msg_length, *suffix))
                w.end_call(event.time)
            elif name == "MpiIrecvRequest":
                w.begin_call(event.time)
                done = pending_irecv.get(event.request_id)
                if not done:
                    refuse(f"request {event.request_id} is never completed by an MpiIrecv")
                match = done.pop(0)
                req = w.request(event.request_id, new=True)
                mcid = comms[match.communicator][0]
                w.ops.append(("irecv", match.sender, match.msg_tag, match.msg_length, req,
                              *((f"comm={mcid}",) if mcid else ())))
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
                n = mine.get(cid, 0)
                mine[cid] = n + 1
                collectives.setdefault((cid, n), {})[rank] = (op, event.root, event.size_sent,
                                                              event.size_received)
                w.ops.append(("collective", (cid, n)))
                w.end_call(event.time)
        writers.append(w)
    members = {cid: m for cid, m in comms.values()}
    sizes = _collective_sizes(collectives, members, archive)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("rank-*.trace"):
        old.unlink()
    if len(members) > 1:
        (out / "communicators.txt").write_text(
            f"# communicators of {archive.name}: ID, then the global ranks in their order\n" +
            "".join(f"{cid} {' '.join(map(str, m))}\n" for cid, m in sorted(members.items()) if cid))
    elif (out / "communicators.txt").exists():
        (out / "communicators.txt").unlink()
    for w in writers:
        lines = [f"# rank {w.rank} of {ranks}, imported from {archive.name} (warpnet_analysis.otf2_import)"]
        for op in w.ops:
            if op[0] == "collective":
                kind, root, bytes_ = sizes[op[1]]
                cid = op[1][0]
                suffix = f" comm={cid}" if cid else ""
                if kind == "barrier":
                    lines.append("barrier" + suffix)
                elif kind in ("bcast", "reduce"):
                    lines.append(f"{kind} {root} {bytes_}{suffix}")
                else:
                    lines.append(f"{kind} {bytes_}{suffix}")
            else:
                lines.append(" ".join(str(x) for x in op))
        (out / f"rank-{w.rank}.trace").write_text("\n".join(lines) + "\n")
    return ranks


def _collective_sizes(collectives, members, archive):
    """One (kind, root, bytes) per collective (comm ID, n), the same on every member."""
    counts = {}
    for (cid, n), calls in collectives.items():
        counts[cid] = max(counts.get(cid, 0), n + 1)
    sizes = {}
    for (cid, n), calls in collectives.items():
        ranks = len(members[cid])
        missing = [r for r in members[cid] if r not in calls]
        if missing:
            raise ImportError_(f"{archive}: rank {missing[0]} makes fewer collectives on "
                               f"communicator {cid} than the others ({n + 1} needed)")
        kinds = {c[0] for c in calls.values()}
        kind = calls[members[cid][0]][0]
        if len(kinds) != 1:
            other = next(r for r, c in calls.items() if c[0] != kind)
            raise ImportError_(f"{archive}: collective {n} of communicator {cid} is {kind} at "
                               f"rank {members[cid][0]} but {calls[other][0]} at rank {other}")
        roots = {c[1] for c in calls.values()}
        root = next(iter(roots))
        if kind in ("bcast", "reduce") and (len(roots) != 1 or root == NO_ROOT or root >= ranks):
            raise ImportError_(f"{archive}: collective {n} ({kind}) of communicator {cid} has "
                               "no common root")
        sent = max(c[2] for c in calls.values())
        received = max(c[3] for c in calls.values())
        if kind == "barrier":
            bytes_ = 0
        elif kind == "bcast":
            bytes_ = received or sent
        elif kind in ("reduce", "allreduce"):
            bytes_ = sent
        else:
            bytes_ = math.ceil(max(sent, received) / ranks)
        sizes[(cid, n)] = (kind, root, bytes_)
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
