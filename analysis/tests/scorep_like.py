# SPDX-License-Identifier: Apache-2.0
"""OTF2 archives shaped like the ones Score-P records from real MPI runs, written with the OTF2
library itself, for the import tests (test_otf2_import.py).

A real archive carries much more than the records a replay needs: every communicator MPI
created (world, self, the results of MPI_Comm_split, duplicates no record uses), groups of other
paradigms (an OpenMP thread team), several locations per process (OpenMP threads, accelerator
streams), user-code and OpenMP regions, metrics and I/O records, MPI_Init and MPI_Finalize,
MPI_Test and cancelled requests, collectives on sub-communicators and on MPI_COMM_SELF, a timer
that is no whole number of ns per tick, timestamps that start far from zero, and clock offsets
(the OTF2 library's ClockOffset definitions, which its reader applies).

`write_scorep_like(path)` writes 4 ranks doing, in ns from the first record (ticks of 0.5 ns
from 10^12):
  0     Enter main (user code)
  10    MPI_Init (until 1010)
  1020  a metric; 1100-1500 a user region; an OpenMP thread and an accelerator stream work
  1600  an I/O operation (until 1650)
  2000  MPI_Isend to r+1 (tag 5, 128 B); 2020 MPI_Irecv from r-1; 2040 MPI_Test;
        2100 MPI_Waitall (the isend completes at 2110, the irecv at 2200, leave 2210)
  2300  MPI_Irecv, cancelled in MPI_Cancel at 2320
  3000  MPI_Bcast on the split communicator of r's parity (ranks {0, 2} and {1, 3}), root 1
  3200  MPI_Barrier on MPI_COMM_SELF
  3300  MPI_Allreduce of 8 B on MPI_COMM_WORLD (until 3410)
  3500  on the split communicator, rank 0 sends 32 B (tag 9) to rank 1 (blocking)
  4000  MPI_Finalize (until 4500); 4600 Leave main
"""
from __future__ import annotations

import _otf2
import otf2
from otf2.enums import (CollectiveOp, GroupType, LocationGroupType, LocationType, Paradigm,
                        RegionRole)

NO_ROOT = 0xFFFFFFFF
RANKS = 4
RESOLUTION = 2_000_000_000  # ticks per second: 0.5 ns per tick
T0 = 10**12                 # the first timestamp


def tick(ns):
    return T0 + 2 * ns


# What the import must make of it, worked out by hand from the timeline above (rank r's clock
# 2r ns ahead, so its first gap, from the archive's first record, 2r ns longer): compute gaps
# between MPI calls (MPI_Init and MPI_Finalize included), the irecv where its request began,
# the cancelled irecv, MPI_Test and the barrier on MPI_COMM_SELF gone, the split communicators
# numbered 1 and 2, and the time after MPI_Finalize as a last compute.
def expected_ops(rank):
    right, left = (rank + 1) % RANKS, (rank - 1) % RANKS
    comm = 1 + rank % 2          # the split communicator's ID
    local = rank // 2            # the rank within it
    ops = [f"compute {10 + 2 * rank}", "compute 990", f"isend {right} 5 128 0", "compute 10",
           f"irecv {left} 5 128 1", "compute 10", "compute 50", "wait 0", "wait 1", "compute 90",
           "compute 10", "compute 670", f"bcast 1 64 comm={comm}", "compute 90", "compute 90",
           "allreduce 8", "compute 90"]
    if local == 0:
        ops += [f"send 1 9 32 comm={comm}", "compute 490"]
    else:
        ops += [f"recv 0 9 32 comm={comm}", "compute 390"]
    return ops + ["compute 100"]


def write_scorep_like(path, ranks=RANKS):
    with otf2.writer.open(str(path), timer_resolution=RESOLUTION) as trace:
        d = trace.definitions
        machine = d.system_tree_node("machine")
        node = d.system_tree_node("node 0", parent=machine)
        processes = [d.location_group(f"MPI Rank {r}", system_tree_parent=node) for r in range(ranks)]
        masters = [trace.event_writer(f"Master thread {r}", group=processes[r]) for r in range(ranks)]
        threads = [trace.event_writer(f"OMP thread 1 of rank {r}", group=processes[r],
                                      type=LocationType.CPU_THREAD) for r in range(ranks)]
        accelerators = [d.location_group(f"CUDA context {r}", system_tree_parent=node,
                                         location_group_type=LocationGroupType.ACCELERATOR,
                                         creating_location_group=processes[r])
                        for r in range(ranks)]
        streams = [trace.event_writer(f"CUDA stream {r}", group=accelerators[r],
                                      type=LocationType.ACCELERATOR_STREAM) for r in range(ranks)]
        # Groups and communicators of every kind.
        d.group("MPI locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.MPI,
                members=[m._location for m in masters])
        d.group("OpenMP locations", group_type=GroupType.COMM_LOCATIONS, paradigm=Paradigm.OPENMP,
                members=[x._location for pair in zip(masters, threads) for x in pair])
        d.group("all locations", group_type=GroupType.LOCATIONS,
                members=[x._location for x in masters + threads + streams])
        world = d.comm("MPI_COMM_WORLD", group=d.group(
            "world", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
            members=list(range(ranks))))
        split = [d.comm(f"MPI_COMM_WORLD split {parity}", parent=world, group=d.group(
            f"split {parity}", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
            members=list(range(parity, ranks, 2)))) for parity in (0, 1)]
        self_comm = d.comm("MPI_COMM_SELF", group=d.group(
            "self", group_type=GroupType.COMM_SELF, paradigm=Paradigm.MPI, members=[]))
        d.comm("OpenMP thread team", group=d.group(
            "team", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.OPENMP, members=[0, 1]))
        d.comm("unused", parent=world, group=d.group(
            "unused", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI, members=[1, 2]))
        d.comm("empty", group=d.group("empty", group_type=GroupType.COMM_GROUP,
                                      paradigm=Paradigm.MPI, members=[]))
        d.comm("MPI_COMM_WORLD dup", parent=world, group=d.group(
            "world dup", group_type=GroupType.COMM_GROUP, paradigm=Paradigm.MPI,
            members=list(range(ranks))))
        # Regions of several paradigms.
        region = {name: d.region(name, paradigm=Paradigm.MPI, region_role=RegionRole.FUNCTION)
                  for name in ("MPI_Init", "MPI_Finalize", "MPI_Isend", "MPI_Irecv", "MPI_Test",
                               "MPI_Waitall", "MPI_Cancel", "MPI_Bcast", "MPI_Barrier",
                               "MPI_Allreduce", "MPI_Send", "MPI_Recv")}
        main = d.region("main", paradigm=Paradigm.USER)
        kernel = d.region("compute_kernel", paradigm=Paradigm.COMPILER)
        parallel = d.region("!$omp parallel", paradigm=Paradigm.OPENMP,
                            region_role=RegionRole.PARALLEL)
        memcpy = d.region("cudaMemcpy", paradigm=Paradigm.CUDA,
                          region_role=RegionRole.DATA_TRANSFER)
        metric = d.metric("PAPI_TOT_INS", unit="instructions")
        io_paradigm = d.io_paradigm(identification="POSIX", name="POSIX I/O",
                                    io_paradigm_class=otf2.IoParadigmClass.SERIAL,
                                    io_paradigm_flags=otf2.IoParadigmFlag.NONE)
        io_file = d.io_regular_file("input.dat", scope=node)
        io_handle = d.io_handle("fd 3", file=io_file, io_paradigm=io_paradigm)

        for r in range(ranks):
            w, t, s = masters[r], threads[r], streams[r]
            c = split[r % 2]
            local = r // 2

            def call(name, enter, leave, body=()):
                w.enter(tick(enter), region[name])
                for f in body:
                    f()
                w.leave(tick(leave), region[name])

            w.enter(tick(0), main)
            call("MPI_Init", 10, 1010)
            w.metric(tick(1020), metric, 12345.0)
            w.enter(tick(1100), kernel)
            t.enter(tick(1100), parallel)
            s.enter(tick(1200), memcpy)
            s.leave(tick(1300), memcpy)
            t.metric(tick(1350), metric, 10.0)
            t.leave(tick(1400), parallel)
            w.leave(tick(1500), kernel)
            w.io_operation_begin(tick(1600), io_handle, otf2.IoOperationMode.READ,
                                 otf2.IoOperationFlag.NONE, 4096, 7)
            w.io_operation_complete(tick(1650), io_handle, 4096, 7)
            call("MPI_Isend", 2000, 2010,
                 [lambda: w.mpi_isend(tick(2001), (r + 1) % ranks, world, 5, 128, 1)])
            call("MPI_Irecv", 2020, 2030, [lambda: w.mpi_irecv_request(tick(2021), 2)])
            call("MPI_Test", 2040, 2050, [lambda: w.mpi_request_test(tick(2041), 1)])
            call("MPI_Waitall", 2100, 2210,
                 [lambda: w.mpi_isend_complete(tick(2110), 1),
                  lambda: w.mpi_irecv(tick(2200), (r - 1) % ranks, world, 5, 128, 2)])
            call("MPI_Irecv", 2300, 2310, [lambda: w.mpi_irecv_request(tick(2301), 3)])
            call("MPI_Cancel", 2320, 2330, [lambda: w.mpi_request_cancelled(tick(2321), 3)])
            root = local == 1
            call("MPI_Bcast", 3000, 3110,
                 [lambda: w.mpi_collective_begin(tick(3001)),
                  lambda: w.mpi_collective_end(tick(3100), CollectiveOp.BCAST, c, 1,
                                               64 if root else 0, 0 if root else 64)])
            call("MPI_Barrier", 3200, 3210,
                 [lambda: w.mpi_collective_begin(tick(3201)),
                  lambda: w.mpi_collective_end(tick(3202), CollectiveOp.BARRIER, self_comm,
                                               NO_ROOT, 0, 0)])
            call("MPI_Allreduce", 3300, 3410,
                 [lambda: w.mpi_collective_begin(tick(3301)),
                  lambda: w.mpi_collective_end(tick(3400), CollectiveOp.ALLREDUCE, world, NO_ROOT,
                                               8, 8)])
            if local == 0:
                call("MPI_Send", 3500, 3510, [lambda: w.mpi_send(tick(3501), 1, c, 9, 32)])
            else:
                call("MPI_Recv", 3500, 3610, [lambda: w.mpi_recv(tick(3600), 0, c, 9, 32)])
            call("MPI_Finalize", 4000, 4500)
            w.leave(tick(4600), main)
            # Score-P's clock synchronisation: offsets measured at MPI_Init and MPI_Finalize,
            # here 2r ns on rank r, which the OTF2 reader adds to the rank's timestamps.
            local = _otf2.Archive_GetDefWriter(trace._handle, w._location._ref)
            _otf2.DefWriter_WriteClockOffset(local, tick(10), 4 * r, 0.0)
            _otf2.DefWriter_WriteClockOffset(local, tick(4500), 4 * r, 0.0)
