# SPDX-License-Identifier: Apache-2.0
"""OTF2 traces (Score-P's format) into warpnet's logical traces (docs/workloads.md, "OTF2 import").

    /usr/bin/python3 -m warpnet_analysis.otf2_import ARCHIVE/traces.otf2 OUTDIR [--force]

writes OUTDIR/rank-<r>.trace for every MPI rank of the archive, communicators.txt when records
use communicators other than MPI_COMM_WORLD, and import-report.txt (also printed): the traced
run's duration, each rank's compute, MPI and wait time, and every definition and record the
import ignored. `workload.kind = "replay"` with `workload.trace_dir = OUTDIR` replays them. It
reads the archive with the OTF2 library's own Python bindings (Debian python3-otf2).

Used: the MPI locations (the MPI paradigm's COMM_LOCATIONS group gives each its rank), the clock
resolution, the Enter/Leave of MPI regions (paradigm MPI or a name MPI_*: they delimit the MPI
calls, and the time between two calls is a compute gap), and the MPI records: MpiSend, MpiRecv,
MpiIsend, MpiIsendComplete, MpiIrecvRequest, MpiIrecv, MpiRequestCancelled (the cancelled
request is dropped), MpiCollectiveBegin and MpiCollectiveEnd with BARRIER, BCAST, REDUCE,
ALLREDUCE, ALLTOALL and ALLGATHER, on any communicator.
Ignored, and counted in the report: other locations of a process (threads, accelerator
streams) and their records, other regions (user code, OpenMP, ...), metric, I/O, RMA, OpenMP
and thread records, MpiRequestTest, collectives on MPI_COMM_SELF (no communication), and
communicators no record uses (self, other paradigms', empty, unused ones).
Refused (exit 2, naming the archive, the rank, the record number and its type): another
collective operation (gatherv, scan, alltoallv, ...), MPI records on a location that is no MPI
rank, point-to-point records on MPI_COMM_SELF, a non-blocking receive that never completes,
collectives that differ across a communicator's ranks, an archive without MPI locations.

Collective sizes: the logical format gives one size per collective, so each rank's records are
combined: bcast the largest size received, reduce and allreduce the largest size sent, alltoall
and allgather the largest size sent or received divided by the number of ranks (per peer).

Memory: the archive is read a batch of locations at a time (--locations-at-once, 16 by
default), each batch in time order by a reader of its own, so the OTF2 library holds that many
event buffers, not one per location; each rank's operations are appended to its file as soon as
no open request precedes them, so what stays in memory is each rank's operations since its
oldest open request and one entry per collective. A second pass over the rank files fills in
the collectives' sizes, the communicators' IDs and each rank's first compute gap.
"""
from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

NO_ROOT = 0xFFFFFFFF
SUPPORTED_COLLECTIVES = ("barrier", "bcast", "reduce", "allreduce", "alltoall", "allgather")
INIT_CALLS = ("MPI_Init", "MPI_Init_thread", "MPI_Finalize")
# Records that complete a blocking wait: the MPI call they are in counts as waiting.
WAITING_RECORDS = ("MpiRecv", "MpiIrecv", "MpiIsendComplete", "MpiCollectiveEnd", "MpiSend")
FLUSH_LINES = 4096
# Locations read at once, each with a buffer of the OTF2 library (a chunk of its event file, 1 MiB
# by default): the import's memory is about this many buffers, whatever the archive's size.
LOCATIONS_AT_ONCE = 16


class ImportError_(Exception):
    """A record or archive the import refuses."""


@dataclass
class RankTimes:
    """What a rank did in the traced run, in ns."""
    first: float = math.inf
    last: float = -math.inf
    mpi: float = 0.0     # inside MPI calls (MPI_Init and MPI_Finalize included)
    wait: float = 0.0    # inside MPI calls that complete a receive, a wait, a send or a collective
    init: float = 0.0    # inside MPI_Init* and MPI_Finalize
    records: int = 0


@dataclass
class ImportReport:
    archive: str
    ranks: int = 0
    duration_ns: float = 0.0
    times: list = field(default_factory=list)  # RankTimes per rank
    used: dict = field(default_factory=dict)     # record type -> count
    ignored: dict = field(default_factory=dict)  # what -> count
    ignored_definitions: list = field(default_factory=list)
    communicators: list = field(default_factory=list)  # (ID, name, members)
    records: int = 0
    seconds: float = 0.0

    def ignore(self, what, n=1):
        self.ignored[what] = self.ignored.get(what, 0) + n

    def replayed_ns(self, rank):
        """What a replay of `rank` reproduces: from the archive's first record (where every
        rank's replay begins) to the rank's last, without MPI_Init and MPI_Finalize."""
        t = self.times[rank]
        start = min((x.first for x in self.times if x.records), default=0.0)
        return ((t.last - start) if t.records else 0.0) - t.init

    @property
    def replayed_duration_ns(self):
        """The traced run without MPI_Init and MPI_Finalize: the figure to compare with a
        replay's execution time (the replay has neither)."""
        return max((self.replayed_ns(r) for r in range(self.ranks)), default=0.0)

    def format(self):
        lines = [f"# import report of {self.archive}",
                 f"ranks {self.ranks}",
                 f"traced duration {self.duration_ns:.0f} ns",
                 f"traced duration without MPI_Init/MPI_Finalize {self.replayed_duration_ns:.0f} ns "
                 "(compare with the replay's execution time)",
                 f"records {self.records} read in {self.seconds:.3f} s "
                 f"({self.records / self.seconds if self.seconds > 0 else 0:.0f} records/s)",
                 "# per rank, ns: compute = the rank's span - MPI; MPI = inside MPI calls "
                 "(init/finalize included); wait = inside MPI calls that complete a receive, "
                 "wait, send or collective; replayed = from the first record of all to the rank's last, "
                 "- init/finalize",
                 "rank compute_ns mpi_ns wait_ns init_finalize_ns replayed_ns"]
        for rank, t in enumerate(self.times):
            span = (t.last - t.first) if t.records else 0.0
            lines.append(f"{rank} {span - t.mpi:.0f} {t.mpi:.0f} {t.wait:.0f} {t.init:.0f} "
                         f"{self.replayed_ns(rank):.0f}")
        for cid, name, members in self.communicators:
            lines.append(f"communicator {cid} '{name}': {len(members)} ranks")
        for what, n in sorted(self.used.items()):
            lines.append(f"used {n} {what}")
        for what, n in sorted(self.ignored.items()):
            lines.append(f"ignored {n} {what}")
        for what in self.ignored_definitions:
            lines.append(f"ignored definition {what}")
        return "\n".join(lines) + "\n"


def _is_mpi_paradigm(paradigm):
    import otf2
    return paradigm == otf2.Paradigm.MPI


def _mpi_ranks(definitions):
    """location -> rank, from the MPI paradigm's COMM_LOCATIONS group."""
    import otf2
    for group in definitions.groups:
        if group.group_type == otf2.GroupType.COMM_LOCATIONS and _is_mpi_paradigm(group.paradigm):
            return {location: rank for rank, location in enumerate(group.members)}
    raise ImportError_("no MPI locations (a COMM_LOCATIONS group of the MPI paradigm)")


@dataclass
class _Comm:
    name: str
    members: list | None  # global ranks in their order; None: not usable (reason)
    reason: str = ""
    world: bool = False
    self_comm: bool = False
    used: bool = False
    cid: int = 0


def _communicators(definitions, rank_of, report):
    """comm definition -> _Comm. MPI_COMM_WORLD is the first MPI communicator of every rank in
    rank order; others get their IDs when the second pass knows which ones records use."""
    import otf2
    ranks = len(rank_of)
    comms = {}
    world = None
    for comm in definitions.comms:
        group = comm.group
        c = _Comm(name=str(comm.name), members=None)
        if group.group_type == otf2.GroupType.COMM_SELF:
            c.self_comm = True
            c.reason = "a self communicator"
        elif not _is_mpi_paradigm(group.paradigm):
            c.reason = f"of paradigm {str(group.paradigm).rsplit('.', 1)[-1]}"
        elif any(location not in rank_of for location in group.members):
            c.reason = "with members that are no MPI rank"
        elif not group.members:
            c.reason = "empty"
        else:
            c.members = [rank_of[location] for location in group.members]
            if world is None and c.members == list(range(ranks)):
                c.world = True
                world = c
        comms[comm] = c
    if world is None:
        raise ImportError_("no communicator holds all the ranks (MPI_COMM_WORLD)")
    return comms


def _region_kind(region):
    """'init' (MPI_Init*/MPI_Finalize), 'mpi' (another MPI call) or None (not MPI)."""
    name = str(getattr(region, "name", ""))
    if name in INIT_CALLS:
        return "init"
    if _is_mpi_paradigm(getattr(region, "paradigm", None)) or name.startswith("MPI_"):
        return "mpi"
    return None


class _Rank:
    """One rank's operations: compute gaps between MPI calls, and the calls' operations. Lines
    are appended to rank-<r>.trace.part as soon as no open request precedes them."""

    def __init__(self, rank, part, ns_per_tick, start, times):
        self.rank = rank
        self.part = part
        self.ns_per_tick = ns_per_tick
        self.start = start
        self.times = times
        self.lines = []            # str, or a request's slot [line or None, kind, open]
        self.last_end = None       # end of the previous MPI call (ticks)
        self.depth = 0             # MPI regions entered and not left
        self.call_enter = 0
        self.call_kind = None
        self.call_waits = False
        self.requests = {}         # OTF2 request id -> (trace request number, line slot)
        self.next_request = 0
        self.collectives = {}      # comm reference -> collectives so far
        self.implicit_call = False  # a collective's begin and end outside an MPI region
        self.last_tick = 0
        part.write_text("")

    def gap_until(self, t):
        begin = self.start if self.last_end is None else self.last_end
        gap = (t - begin) * self.ns_per_tick
        if gap >= 1:
            self.lines.append(f"compute {round(gap)}")
        if self.last_end is None or t > self.last_end:
            self.last_end = t

    def enter(self, t, kind):
        if self.depth == 0:
            self.gap_until(t)
            self.call_enter = t
            self.call_kind = kind
            self.call_waits = False
        self.depth += 1

    def leave(self, t):
        if self.depth == 0:
            return
        self.depth -= 1
        if self.depth == 0:
            span = (t - self.call_enter) * self.ns_per_tick
            self.times.mpi += span
            if self.call_kind == "init":
                self.times.init += span
            elif self.call_waits:
                self.times.wait += span
            self.last_end = t

    def end_implicit_call(self, t):
        if self.implicit_call:
            self.call_waits = True
            self.leave(t)
            self.implicit_call = False

    def record(self, t, line, waits=False):
        """An MPI record's operation; outside an MPI region the record is the call."""
        if self.depth == 0:
            self.gap_until(t)
            self.lines.append(line)
            self.last_end = t
        else:
            self.lines.append(line)
            self.call_waits = self.call_waits or waits

    def open_request(self, t, otf2_id, kind, line):
        """A request's operation, held (with every later line) until the request completes or
        is cancelled: a cancelled request's operation is dropped."""
        number = self.next_request
        self.next_request += 1
        slot = [line.replace("{req}", str(number)), kind, True]
        self.record(t, slot)
        self.requests[otf2_id] = (number, slot)
        return number, slot

    def close_request(self, otf2_id):
        number, slot = self.requests.pop(otf2_id)
        slot[2] = False
        return number, slot

    def flush(self, final=False):
        if not final and len(self.lines) < FLUSH_LINES:
            return
        ready = []
        keep = len(self.lines)
        for i, line in enumerate(self.lines):
            if isinstance(line, list):
                if line[2] and not final:
                    keep = i
                    break
                if line[0] is None:
                    continue
                line = line[0]
            ready.append(line)
        with self.part.open("a") as f:
            f.writelines(line + "\n" for line in ready)
        del self.lines[:keep]


def convert(archive: Path, out: Path, force: bool = False, report: ImportReport | None = None,
            locations_at_once: int = LOCATIONS_AT_ONCE) -> int:
    """Writes the logical traces of `archive` into `out`; returns the number of ranks."""
    import otf2
    archive = Path(archive)
    out = Path(out)
    if out.exists() and any(out.iterdir()) and not force:
        raise ImportError_(f"{out} is not empty (use --force to replace its traces)")
    report = report if report is not None else ImportReport(str(archive))
    began = time.perf_counter()
    staging = out / ".import"
    with otf2.reader.open(str(archive)) as trace:
        definitions = trace.definitions
        rank_of_location = _mpi_ranks(definitions)
        ranks = len(rank_of_location)
        report.ranks = ranks
        report.times = [RankTimes() for _ in range(ranks)]
        comm_of_def = _communicators(definitions, rank_of_location, report)
        ns_per_tick = 1e9 / definitions.clock_properties.timer_resolution
        # Everything by definition reference: each batch of locations below has a reader (and
        # definition objects) of its own.
        rank_of = {location._ref: rank for location, rank in rank_of_location.items()}
        comms = {comm._ref: c for comm, c in comm_of_def.items()}
        # Processes (location groups) of the MPI ranks, to tell their other locations apart.
        rank_of_group = {location.group._ref: rank for location, rank in rank_of_location.items()}
        order = sorted(rank_of_location, key=rank_of_location.get)
        order += [location for location in definitions.locations if location._ref not in rank_of]
        batches = [[location._ref for location in order[i:i + locations_at_once]]
                   for i in range(0, len(order), max(1, locations_at_once))]
    out.mkdir(parents=True, exist_ok=True)
    staging.mkdir(exist_ok=True)
    collectives = {}  # (comm ref, n) -> [kind, root set, sent, received, ranks seen, first rank]
    first_tick = [None] * ranks
    for batch in batches:
        writers = {}  # rank -> _Rank, for this batch's ranks
        index = {}    # location ref -> records so far
        for location, event in _records(archive, batch, report):
            ref = location._ref
            n = index.get(ref, 0)
            index[ref] = n + 1
            report.records += 1
            name = type(event).__name__
            rank = rank_of.get(ref)
            if rank is None:
                owner = rank_of_group.get(location.group._ref)
                if name.startswith("Mpi"):
                    who = f"rank {owner}, location '{location.name}'" if owner is not None else \
                        f"location '{location.name}'"
                    raise ImportError_(f"{archive}: {who}, record {n} ({name}): MPI records on a "
                                       "location that is no MPI rank (a second thread of a "
                                       "process) are not supported")
                report.ignore(f"records on other locations ({str(location.type).rsplit('.', 1)[-1].lower()})")
                continue
            w = writers.get(rank)
            if w is None:
                w = writers[rank] = _Rank(rank, staging / f"rank-{rank}.trace.part", ns_per_tick,
                                          event.time, report.times[rank])
                first_tick[rank] = event.time
            t = event.time
            w.last_tick = t
            times = report.times[rank]
            times.records += 1
            times.first = min(times.first, t * ns_per_tick)
            times.last = max(times.last, t * ns_per_tick)

            def refuse(what):
                raise ImportError_(f"{archive}: rank {rank}, record {n} ({name}): {what}")

            def comm_of(otf2_comm):
                c = comms[otf2_comm._ref]
                if c.self_comm:
                    refuse(f"point to point on the self communicator '{c.name}' is not supported")
                if c.members is None:
                    refuse(f"communicator '{c.name}' ({c.reason}) cannot carry messages")
                c.used = True
                return f"comm=@{otf2_comm._ref}"

            if name in ("Enter", "Leave"):
                kind = _region_kind(event.region)
                if kind is None:
                    report.ignore("Enter/Leave of non-MPI regions")
                    continue
                report.used[f"{name} of MPI regions"] = report.used.get(f"{name} of MPI regions", 0) + 1
                if name == "Enter":
                    w.enter(t, kind)
                else:
                    w.leave(t)
                continue
            if name == "MpiSend":
                w.record(t, f"send {event.receiver} {event.msg_tag} {event.msg_length} "
                            f"{comm_of(event.communicator)}", waits=True)
            elif name == "MpiRecv":
                w.record(t, f"recv {event.sender} {event.msg_tag} {event.msg_length} "
                            f"{comm_of(event.communicator)}", waits=True)
            elif name == "MpiIsend":
                w.open_request(t, event.request_id, "isend",
                               f"isend {event.receiver} {event.msg_tag} {event.msg_length} {{req}} "
                               f"{comm_of(event.communicator)}")
            elif name == "MpiIrecvRequest":
                w.open_request(t, event.request_id, "irecv", "irecv ?")
            elif name in ("MpiIsendComplete", "MpiIrecv"):
                if event.request_id not in w.requests:
                    refuse(f"request {event.request_id} completes without having started")
                number, slot = w.close_request(event.request_id)
                if name == "MpiIrecv":
                    if slot[1] != "irecv":
                        refuse(f"request {event.request_id} is no receive")
                    slot[0] = (f"irecv {event.sender} {event.msg_tag} {event.msg_length} {number} "
                               f"{comm_of(event.communicator)}")
                w.record(t, f"wait {number}", waits=True)
            elif name == "MpiRequestCancelled":
                if event.request_id not in w.requests:
                    refuse(f"request {event.request_id} is cancelled without having started")
                _, slot = w.close_request(event.request_id)
                slot[0] = None
                report.ignore("cancelled requests (their isend or irecv dropped)")
            elif name == "MpiRequestTest":
                report.ignore("MpiRequestTest records")
                continue
            elif name == "MpiCollectiveBegin":
                if w.depth == 0:  # no MPI region around it: the begin and end are the call
                    w.enter(t, "mpi")
                    w.implicit_call = True
            elif name == "MpiCollectiveEnd":
                op = str(event.collective_op).rsplit(".", 1)[-1].lower()  # CollectiveOp.BCAST
                if op not in SUPPORTED_COLLECTIVES:
                    refuse(f"collective {op} is not supported (barrier, bcast, reduce, "
                           "allreduce, alltoall, allgather)")
                c = comms[event.communicator._ref]
                if c.self_comm or (c.members is not None and len(c.members) == 1):
                    report.ignore("collectives on a one-rank communicator (no communication)")
                    w.end_implicit_call(t)
                    continue
                if c.members is None:
                    refuse(f"communicator '{c.name}' ({c.reason}) cannot carry a collective")
                c.used = True
                k = w.collectives.get(event.communicator._ref, 0)
                w.collectives[event.communicator._ref] = k + 1
                key = (event.communicator._ref, k)
                agg = collectives.get(key)
                if agg is None:
                    agg = collectives[key] = [op, set(), 0, 0, 0, rank]
                elif agg[0] != op:
                    raise ImportError_(
                        f"{archive}: collective {k} of communicator '{c.name}' is {agg[0]} at "
                        f"rank {agg[5]} but {op} at rank {rank} (record {n})")
                agg[1].add(event.root)
                agg[2] = max(agg[2], event.size_sent)
                agg[3] = max(agg[3], event.size_received)
                agg[4] += 1
                w.record(t, f"@C {event.communicator._ref} {k}", waits=True)
                w.end_implicit_call(t)
            else:
                report.ignore(f"{name} records")
                continue
            report.used[name] = report.used.get(name, 0) + 1
            w.flush()
        # This batch's ranks are complete: the rest of their lines go to their files.
        for rank, w in writers.items():
            for otf2_id, (number, slot) in w.requests.items():
                if slot[1] == "irecv":
                    raise ImportError_(f"{archive}: rank {rank}: request {otf2_id} (an irecv) is "
                                       "never completed by an MpiIrecv")
            if w.depth == 0:  # the time after the last MPI call (after MPI_Finalize)
                w.gap_until(w.last_tick)
            w.flush(final=True)
    for rank in range(ranks):
        if first_tick[rank] is None:  # a rank without records
            (staging / f"rank-{rank}.trace.part").write_text("")
    duration_first = min((t.first for t in report.times if t.records), default=0.0)
    duration_last = max((t.last for t in report.times if t.records), default=0.0)
    report.duration_ns = max(0.0, duration_last - duration_first)
    start = min((t for t in first_tick if t is not None), default=0)
    offsets = [0.0 if t is None else (t - start) * ns_per_tick for t in first_tick]
    _check_collectives(collectives, comms, archive)
    _finish(archive, out, staging, comms, collectives, ranks, report, offsets)
    report.seconds = time.perf_counter() - began
    (out / "import-report.txt").write_text(report.format())
    return ranks


def _records(archive, refs, report):
    """The records of the locations `refs`, in time order, from a reader of their own: the
    OTF2 library holds a buffer per location read at once, so reading the archive a batch of
    locations at a time bounds the memory. A damaged event file is refused with the number of
    records read before it (the OTF2 library names the file on stderr)."""
    import otf2
    with otf2.reader.open(str(archive)) as trace:
        locations = [trace.definitions.locations[ref] for ref in refs]
        records = iter(trace.events(locations))
        while True:
            try:
                item = next(records)
            except StopIteration:
                return
            except Exception as e:  # the OTF2 library's errors
                raise ImportError_(f"{archive}: damaged event data after record {report.records} "
                                   f"of the archive: {e}") from e
            yield item


def _check_collectives(collectives, comms, archive):
    counts = {}
    for (comm, k) in collectives:
        counts[comm] = max(counts.get(comm, 0), k + 1)
    for (comm, k), agg in collectives.items():
        c = comms[comm]
        if agg[4] != len(c.members):
            raise ImportError_(f"{archive}: collective {k} ({agg[0]}) of communicator '{c.name}' "
                               f"is made by {agg[4]} of its {len(c.members)} ranks")
        roots = agg[1]
        root = next(iter(roots))
        if agg[0] in ("bcast", "reduce") and (len(roots) != 1 or root == NO_ROOT
                                              or root >= len(c.members)):
            raise ImportError_(f"{archive}: collective {k} ({agg[0]}) of communicator "
                               f"'{c.name}' has no common root")


def _collective_line(agg, members):
    kind, roots, sent, received = agg[0], agg[1], agg[2], agg[3]
    if kind == "barrier":
        return "barrier"
    if kind in ("bcast", "reduce"):
        size = (received or sent) if kind == "bcast" else sent
        return f"{kind} {next(iter(roots))} {size}"
    if kind == "allreduce":
        return f"allreduce {sent}"
    return f"{kind} {math.ceil(max(sent, received) / len(members))}"


def _finish(archive, out, staging, comms, collectives, ranks, report, offsets):
    """Second pass: communicator IDs (the used ones other than MPI_COMM_WORLD, 1, 2, ... in
    definition order), collective sizes and each rank's first compute gap (from the archive's
    first record, `offsets` ns before the rank's own) into the rank files."""
    by_ref = {}
    next_id = 1
    for comm_ref, c in comms.items():
        if c.world:
            c.used = True
        elif c.used:
            c.cid = next_id
            next_id += 1
            report.communicators.append((c.cid, c.name, c.members))
        else:
            why = c.reason or "no record uses it"
            if c.reason:
                why += ", no record uses it"
            report.ignored_definitions.append(f"communicator '{c.name}' ({why})")
        by_ref[str(comm_ref)] = (comm_ref, c)

    def suffix(ref):
        c = by_ref[ref][1]
        return f" comm={c.cid}" if c.cid else ""

    for old in out.glob("rank-*.trace"):
        old.unlink()
    header = f"# rank {{}} of {ranks}, imported from {archive.name} (warpnet_analysis.otf2_import)\n"
    for rank in range(ranks):
        part = staging / f"rank-{rank}.trace.part"
        with part.open() as src, (out / f"rank-{rank}.trace").open("w") as dst:
            dst.write(header.format(rank))
            first = src.readline()
            if first.startswith("compute "):
                dst.write(f"compute {round(int(first.split()[1]) + offsets[rank])}\n")
                first = ""
            elif round(offsets[rank]) >= 1:
                dst.write(f"compute {round(offsets[rank])}\n")
            for line in itertools.chain([first] if first else [], src):
                if line.startswith("@C "):
                    _, ref, k = line.split()
                    comm_ref, c = by_ref[ref]
                    dst.write(_collective_line(collectives[(comm_ref, int(k))], c.members) +
                              suffix(ref) + "\n")
                elif " comm=@" in line:
                    head, ref = line.rstrip("\n").rsplit(" comm=@", 1)
                    dst.write(head + suffix(ref) + "\n")
                else:
                    dst.write(line)
        part.unlink()
    staging.rmdir()
    if report.communicators:
        (out / "communicators.txt").write_text(
            f"# communicators of {archive.name}: ID, then the global ranks in their order\n" +
            "".join(f"{cid} {' '.join(map(str, m))}\n" for cid, _, m in report.communicators))
    elif (out / "communicators.txt").exists():
        (out / "communicators.txt").unlink()


def main(argv=None):
    parser = argparse.ArgumentParser(description="OTF2 archive -> warpnet logical traces")
    parser.add_argument("archive", type=Path, help="the archive's .otf2 anchor file")
    parser.add_argument("out", type=Path, help="the directory for rank-<r>.trace")
    parser.add_argument("--force", action="store_true", help="replace the traces in OUT")
    parser.add_argument("--quiet", action="store_true", help="do not print the import report")
    parser.add_argument("--locations-at-once", type=int, default=LOCATIONS_AT_ONCE, metavar="N",
                        help="read N locations at a time: memory is about N event buffers "
                             f"of the OTF2 library (default {LOCATIONS_AT_ONCE})")
    args = parser.parse_args(argv)
    if args.locations_at_once < 1:
        parser.error("--locations-at-once must be at least 1")
    if not args.archive.is_file():
        print(f"otf2_import: {args.archive} is not an OTF2 anchor file (ARCHIVE/traces.otf2)",
              file=sys.stderr)
        return 2
    report = ImportReport(str(args.archive))
    try:
        ranks = convert(args.archive, args.out, args.force, report, args.locations_at_once)
    except ImportError_ as e:
        _clean(args.out)
        print(f"otf2_import: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # the OTF2 library's own errors: a damaged archive
        _clean(args.out)
        print(f"otf2_import: {args.archive}: cannot read the archive: {e}", file=sys.stderr)
        return 2
    if not args.quiet:
        sys.stdout.write(report.format())
    print(f"{ranks} ranks written to {args.out}")
    return 0


def _clean(out):
    """After a refusal: no half-written traces that could be replayed."""
    staging = Path(out) / ".import"
    if staging.is_dir():
        for f in staging.iterdir():
            f.unlink()
        staging.rmdir()
    if Path(out).is_dir() and not any(Path(out).iterdir()):
        Path(out).rmdir()


if __name__ == "__main__":
    sys.exit(main())
