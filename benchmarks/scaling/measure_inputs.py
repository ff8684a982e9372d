#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The measured inputs of the scaling model (docs/scaling.md), written as one JSON file.

1. Instructions per committed event (callgrind, only inside Simulation::run, so set-up and
   MPI_Init are left out): the sequential engine, and the optimistic engine on 2 ranks with the
   block partition (few remote events) and the round-robin one (most events remote). Instruction
   counts do not depend on what else the machine runs, which is why they, and not wall time,
   are the costs: the two 2-rank runs give the optimistic engine's cost per event and the extra
   cost of a remote event by a two-point fit.
2. Rollback, remote-event and GVT-round rates of real runs on 2 and, oversubscribed, 4 and 8
   ranks, per partitioner (counts, not times).
3. Nanoseconds per instruction of the sequential engine on this machine (wall time of the
   sequential run without valgrind over its instruction count), to turn costs into time.

    /usr/bin/python3 benchmarks/scaling/measure_inputs.py --warpnet build/app/warpnet \
        --out benchmarks/scaling/inputs.json
Needs valgrind and mpirun. About 10 minutes on 2 busy cores.
"""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(ROOT, "examples", "mesh8x8.toml")
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def network(k, load, cycles):
    return ["--set", "network.topology=torus", "--set", f"network.dims=[{k},{k}]",
            "--set", f"traffic.load={load}", "--set", f"simulation.end_time={cycles}",
            "--set", "traffic.warmup_cycles=0"]


def run(args, stats, ranks=1, valgrind_out=None):
    """One warpnet run; its --stats-json totals (and per-rank list)."""
    cmd = []
    if ranks > 1 or valgrind_out:
        cmd = ["mpirun", "-np", str(ranks)]
    if valgrind_out:
        cmd += ["valgrind", "--tool=callgrind", "--toggle-collect=*Simulation::run*",
                f"--callgrind-out-file={valgrind_out}.%q{{OMPI_COMM_WORLD_RANK}}"]
    cmd += args + ["--no-output", "--no-progress", "--stats-json", stats]
    done = subprocess.run(cmd, capture_output=True, text=True, env=ENV)
    if done.returncode != 0:
        raise RuntimeError(" ".join(cmd) + "\n" + done.stderr[-2000:])
    return json.load(open(stats))


def instructions(prefix):
    """Ir summed over the callgrind files of one run (one per rank)."""
    total = 0
    for path in glob.glob(prefix + ".*"):
        for line in open(path):
            m = re.match(r"(summary|totals):\s+(\d+)", line)
            if m:
                total = total + int(m.group(2))
                break
    if total == 0:
        raise RuntimeError(f"no callgrind totals in {prefix}.*")
    return total


def rates(stats):
    t = stats["total"]
    committed = t["events_committed"]
    return {"committed": committed, "rolled_back_per_committed": t["events_rolled_back"] / committed,
            "remote_per_committed": t["remote_events"] / committed,
            "anti_per_committed": t["anti_messages"] / committed,
            "gvt_rounds": t["gvt_rounds"], "efficiency": t["efficiency"],
            "edge_cut": stats.get("edge_cut"), "load_imbalance": stats.get("load_imbalance")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpnet", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--k", type=int, default=32)
    ap.add_argument("--load", type=float, default=0.1)
    ap.add_argument("--cg-cycles", type=int, default=300, help="cycles of the callgrind runs")
    ap.add_argument("--cycles", type=int, default=2000, help="cycles of the rate runs")
    ap.add_argument("--runs", type=int, default=5, help="sequential wall-time runs (median)")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="scaling-")
    base = [args.warpnet, "run", CONFIG]
    cg = network(args.k, args.load, args.cg_cycles)
    out = {"network": f"torus {args.k}x{args.k}", "load": args.load,
           "callgrind_cycles": args.cg_cycles, "rate_cycles": args.cycles}

    # 1. instructions per committed event
    seq = run(base + cg, f"{work}/seq.json", valgrind_out=f"{work}/seq")
    i_seq = instructions(f"{work}/seq") / seq["total"]["events_committed"]
    fits = {}
    for part in ("block", "round-robin"):
        s = run(base + cg + ["--engine", "optimistic", "--set", f"simulation.partitioner={part}"],
                f"{work}/{part}.json", ranks=2, valgrind_out=f"{work}/{part}")
        fits[part] = {"instructions_per_committed": instructions(f"{work}/{part}") /
                      s["total"]["events_committed"], **rates(s)}
    b, r = fits["block"], fits["round-robin"]
    # I = a * (1 + rho) + c * remote: a rolled-back event costs about what a committed one does.
    a_b, a_r = 1 + b["rolled_back_per_committed"], 1 + r["rolled_back_per_committed"]
    s_b, s_r = b["remote_per_committed"], r["remote_per_committed"]
    c = (b["instructions_per_committed"] * a_r - r["instructions_per_committed"] * a_b) / \
        (s_b * a_r - s_r * a_b)
    a = (b["instructions_per_committed"] - c * s_b) / a_b
    out["instructions"] = {"sequential_per_event": i_seq, "optimistic_per_event": a,
                           "per_remote_event": c, "runs": fits}

    # 2. rates on 2, 4, 8 ranks
    rate_net = network(args.k, args.load, args.cycles)
    out["rates"] = []
    for ranks in (2, 4, 8):
        for part in ("block", "metis"):
            s = run(base + rate_net + ["--engine", "optimistic",
                                        "--set", f"simulation.partitioner={part}"],
                    f"{work}/r{ranks}{part}.json", ranks=ranks)
            out["rates"].append({"ranks": ranks, "partitioner": part, **rates(s)})

    # 3. ns per instruction of the sequential engine here, and the sequential wall time
    walls = []
    for _ in range(args.runs):
        s = run(base + rate_net, f"{work}/wall.json")
        walls.append(s["total"]["wall_seconds"] / s["total"]["events_committed"])
    out["sequential_ns_per_event"] = statistics.median(walls) * 1e9
    out["ns_per_instruction"] = out["sequential_ns_per_event"] / i_seq
    out["load_average"] = os.getloadavg()
    json.dump(out, open(args.out, "w"), indent=1)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
