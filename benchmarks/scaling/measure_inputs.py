#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The measured inputs of the scaling model (docs/scaling.md), written as one JSON file.

Uniform traffic at 0.1 on tori, 1-flit packets, dimension-order routing. Every figure is from
--runs runs (default 5), stored run by run; the model takes medians and prints the spread.

1. Wall time per committed event (wall_seconds, the time inside Simulation::run) on one rank,
   by network size (16x16 ... 64x64 routers), interleaved run by run:
   - the sequential engine (a_seq);
   - the optimistic engine on one rank, which runs every event as final (a_safe);
   - the same with kernel.forced_rollback_probability=1e-12, which turns the whole speculative
     machinery on (state saving, histories, fossil collection) without a single rollback
     (a_spec);
   the two optimistic ones also as two copies at once (*_pair): on a cluster node every core
   runs a rank, and the ranks share the last-level cache and the memory bandwidth.
2. Safe-event share f on 2 ranks by network size (block partition), and the run's wall time per
   cycle (the time a rank needs for one lookahead's worth of its events).
3. The latency of one GVT round on 2 ranks, by size: the same runs with kernel.gvt_interval=1
   (a round after every batch, so rounds run back to back): wall time / rounds.
4. The extra cost of a remote event, c: 2 ranks with the round-robin partition (a third of
   the events remote) and with block; the ranks' busy time (wall time less waiting) per
   committed event less what a_safe, a_spec, f and the rollbacks account for, over the remote
   events per committed event.
5. Remote-event, rollback, safe and GVT-round rates on 2, 4 and 8 ranks (4 and 8 oversubscribed
   on this 2-core machine), block and METIS, 32x32 and 64x64 tori; for block also the GVT
   round latency as in 3.
6. The validation runs: the sequential engine and 2 ranks, interleaved, --wall-runs times (5),
   32x32 torus over 6,000 cycles and 64x64 over 1,500 (as benchmarks/network/ab_runs.py
   --realtime does).
7. Out-of-sample checks of the safe share: 2 ranks at loads 0.05 and 0.2, and a fat tree,
   with their GVT round latency as in 3.
8. Events per cycle in steady state of each network of the model's tables (counts).
Step 1 also runs for the two fat trees of the tables ("fat").

--steps picks some of them (costs, fat, safe, remote, rates, wall, check,
events; safe includes 3); with --merge
the others are kept from the existing --out file.

Runs on 1 and 2 ranks go under SCHED_FIFO (chrt -f 10, as root) so that other jobs on a shared
machine take a core only in the 5 % the kernel keeps for them; oversubscribed runs at nice -20
(a FIFO rank that busy-polls could starve the ranks sharing its core). Hold the machine's
benchmark lock around the whole script:

    flock /tmp/warpnet-bench.lock /usr/bin/python3 benchmarks/scaling/measure_inputs.py \\
        --warpnet build/app/warpnet --out benchmarks/scaling/inputs.json
About 18 minutes on 2 cores (--runs 3: about 12).
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(ROOT, "examples", "mesh8x8.toml")
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
# (x, y, cycles): 5-20 M events each, and at least 5 packet latencies long (the network starts
# empty, and the first touch of its memory falls inside the run).
SIZES = [(16, 16, 8000), (32, 16, 3000), (32, 32, 1500), (64, 32, 1000), (64, 64, 1000)]
SPEC = ["--set", "kernel.forced_rollback_probability=1e-12"]
GVT1 = ["--set", "kernel.gvt_interval=1"]


def us_per_round(runs):
    return [r["wall_seconds"] / r["gvt_rounds"] * 1e6 for r in runs]


def network(x, y, cycles, load):
    return ["--set", "network.topology=torus", "--set", f"network.dims=[{x},{y}]",
            "--set", f"traffic.load={load}", "--set", f"simulation.end_time={cycles}",
            "--set", "traffic.warmup_cycles=0"]


def start(warpnet, args, ranks=0, extra=()):
    """Starts one run (ranks 0: the sequential engine); finish() waits for it."""
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        path = f.name
    cmd = [warpnet, "run", CONFIG, *args, *extra, "--no-output", "--no-progress",
           "--stats-json", path]
    if ranks > 0:
        cmd = ["mpirun", "-np", str(ranks), *cmd, "--engine", "optimistic"]
    if os.geteuid() == 0:
        cmd = (["chrt", "-f", "10"] if ranks <= 2 else ["nice", "-n", "-20"]) + cmd
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=ENV)
    return proc, cmd, path


def finish(started):
    """The figures the model uses, from a started run's --stats-json."""
    proc, cmd, path = started
    _, err = proc.communicate()
    if proc.returncode != 0:
        raise RuntimeError(" ".join(cmd) + "\n" + err[-2000:])
    with open(path) as f:
        stats = json.load(f)
    os.unlink(path)
    t = stats["total"]
    per_rank = stats.get("per_rank") or [t]
    committed = t["events_committed"]
    waits = ("wait_window_seconds", "wait_starved_seconds", "wait_throttled_seconds")
    busy = sum(r["wall_seconds"] - sum(r.get(k, 0.0) for k in waits) for r in per_rank)
    return {"committed": committed,
            "wall_seconds": max(r["wall_seconds"] for r in per_rank),
            "busy_ns_per_committed": busy / committed * 1e9,
            "safe": t.get("events_safe", 0) / committed,
            "rolled_back_per_committed": t["events_rolled_back"] / committed,
            "remote_per_committed": t["remote_events"] / committed,
            "gvt_rounds": t["gvt_rounds"],
            "wait_share": 1 - busy / sum(r["wall_seconds"] for r in per_rank),
            "digest": t["event_digest"]}


def run(warpnet, args, ranks=0, extra=()):
    return finish(start(warpnet, args, ranks, extra))


def ns_per_event(r):
    return r["wall_seconds"] / r["committed"] * 1e9


def cost_row(w, args, net, row):
    """Wall time per committed event of one network into `row`: the sequential engine, one
    optimistic rank (final), the same speculative; the optimistic ones also two at once."""
    for key in ("seq", "safe", "spec", "safe_pair", "spec_pair"):
        row[key] = []
    for _ in range(args.runs):
        for key, ranks, extra in (("seq", 0, ()), ("safe", 1, ()), ("spec", 1, SPEC)):
            r = run(w, net, ranks, extra)
            row[key].append(ns_per_event(r))
            row["committed"] = r["committed"]
            if ranks:
                pair = [finish(p) for p in [start(w, net, ranks, extra) for _ in range(2)]]
                row[key + "_pair"].append(statistics.mean(ns_per_event(r) for r in pair))
    print(f"{row.get('network') or row['dims']}: ns per event " + ", ".join(
        f"{k} {statistics.median(v):.1f}" for k, v in row.items()
        if k in ("seq", "safe", "spec", "safe_pair", "spec_pair")), flush=True)
    return row


def step_costs(w, args, out):
    """1. Wall time per committed event on one rank, by size: alone, and (the optimistic
    engine) two copies at once, as the ranks of a loaded node share its cache and memory."""
    out["costs"] = []
    for x, y, cycles in SIZES:
        row = {"dims": [x, y], "routers": x * y, "cycles": cycles}
        out["costs"].append(cost_row(w, args, network(x, y, cycles, args.load), row))


def step_fat(w, args, out):
    """1b. The same for the fat trees of the model's tables."""
    out["costs_fat"] = []
    for name, (overrides, cycles) in FAT_TREES.items():
        net = fat_tree(overrides, cycles, args.load)
        out["costs_fat"].append(cost_row(w, args, net, {"network": name, "cycles": cycles}))


def step_events(w, args, out):
    """8. Events per cycle of each network of the model's tables, in steady state: the
    sequential engine over C/2 and C cycles (the same events up to C/2), the difference over
    C/2. Counts, one run each."""
    out["events_per_cycle"] = {}
    for name, (net, cycles) in TABLE_NETWORKS.items():
        half, full = (run(w, net(cycles // 2, args.load))["committed"],
                      run(w, net(cycles, args.load))["committed"])
        out["events_per_cycle"][name] = {"cycles": cycles, "committed_half": half,
                                         "committed": full,
                                         "steady": (full - half) / (cycles - cycles // 2)}
        print(f"{name}: {out['events_per_cycle'][name]['steady']:.0f} events per cycle",
              flush=True)


def step_safe(w, args, out):
    """2 and 3. Safe share on 2 ranks by size (block), and the latency of a GVT round: the same
    runs with a round after every batch (kernel.gvt_interval=1, so rounds run back to back),
    wall time over rounds."""
    out["safe_share_2"] = []
    for x, y, cycles in SIZES:
        net = network(x, y, cycles, args.load)
        runs = [run(w, net, 2) for _ in range(args.runs)]
        rounds = [run(w, net, 2, GVT1) for _ in range(args.runs)]
        out["safe_share_2"].append({"dims": [x, y], "routers": x * y, "cycles": cycles,
                                    "runs": runs, "gvt_round_us": us_per_round(rounds)})
        print(f"{x}x{y} on 2 ranks: safe {[round(r['safe'], 3) for r in runs]}, GVT round "
              f"{[round(v, 1) for v in us_per_round(rounds)]} us", flush=True)


def step_remote(w, args, out):
    """4. Remote-event cost: round-robin and block on 2 ranks, interleaved."""
    net = network(32, 32, 1500, args.load)
    out["remote_2"] = {"dims": [32, 32], "cycles": 1500, "block": [], "round-robin": []}
    for _ in range(args.runs):
        for part in ("block", "round-robin"):
            out["remote_2"][part].append(
                run(w, net, 2, ("--set", f"simulation.partitioner={part}")))
    print("remote: round-robin busy ns "
          f"{[round(r['busy_ns_per_committed'], 1) for r in out['remote_2']['round-robin']]}",
          flush=True)


def step_rates(w, args, out):
    """5. Rates on 2, 4 and 8 ranks."""
    out["rates"] = []
    for spec in args.rate_cycles.split(","):
        k, cycles = (int(v) for v in spec.split(":"))
        net = network(k, k, cycles, args.load)
        for ranks in (2, 4, 8):
            for part in ("block", "metis"):
                runs = [run(w, net, ranks, ("--set", f"simulation.partitioner={part}"))
                        for _ in range(args.runs)]
                out["rates"].append({"network": f"torus {k}x{k}", "cycles": cycles,
                                     "ranks": ranks, "partitioner": part, "runs": runs})
                if part == "block":
                    out["rates"][-1]["gvt_round_us"] = us_per_round(
                        [run(w, net, ranks, GVT1) for _ in range(args.runs)])
                print(f"{k}x{k} {ranks} {part}: safe {[round(r['safe'], 3) for r in runs]} "
                      f"rolled back {[round(r['rolled_back_per_committed'], 4) for r in runs]}",
                      flush=True)


def step_wall(w, args, out):
    """6. Validation: the sequential engine and 2 ranks, interleaved."""
    out["wall_2"] = []
    for spec in args.wall.split(","):
        k, cycles = (int(v) for v in spec.split(":"))
        net = network(k, k, cycles, args.load)
        row = {"network": f"torus {k}x{k}", "cycles": cycles, "seq": [], "two": []}
        for _ in range(args.wall_runs):
            row["seq"].append(run(w, net, 0))
            row["two"].append(run(w, net, 2))
        out["wall_2"].append(row)
        print(f"{k}x{k} {cycles} cycles: sequential "
              f"{[round(r['wall_seconds'], 3) for r in row['seq']]} s, 2 ranks "
              f"{[round(r['wall_seconds'], 3) for r in row['two']]} s", flush=True)


FAT_TREES = {"fat tree 4-ary 5-tree": (["network.k=4", "network.n=5"], 2000),
             "fat tree 16-ary 3-tree": (["network.k=16", "network.n=3"], 1000)}


def fat_tree(overrides, cycles, load):
    net = ["--set", "network.topology=fat_tree", "--set", "network.dims=[]",
           "--set", "network.routing=nca"]
    for o in overrides:
        net += ["--set", o]
    return net + ["--set", f"traffic.load={load}", "--set", f"simulation.end_time={cycles}",
                  "--set", "traffic.warmup_cycles=0"]


TABLE_NETWORKS = {  # name (as in scaling_model.py): (network(cycles, load), cycles)
    "torus 32x32": (lambda c, l: network(32, 32, c, l), 2000),
    "torus 64x64": (lambda c, l: network(64, 64, c, l), 1500),
    "torus 128x128": (lambda c, l: network(128, 128, c, l), 1000),
    **{name: ((lambda o: lambda c, l: fat_tree(o, c, l))(o), c)
       for name, (o, c) in FAT_TREES.items()}}

# Out-of-sample checks of the safe-share curve: other loads, and a fat tree (METIS: block
# cuts a fat tree's locality order into unequal ranks).
CHECKS = [("torus 32x32 at 0.05", network(32, 32, 2000, 0.05), ()),
          ("torus 32x32 at 0.2", network(32, 32, 1000, 0.2), ()),
          ("torus 32x16 at 0.05", network(32, 16, 3000, 0.05), ()),
          ("torus 32x16 at 0.2", network(32, 16, 2000, 0.2), ()),
          ("fat tree 4-ary 5-tree at 0.1, METIS",
           ["--set", "network.topology=fat_tree", "--set", "network.k=4", "--set", "network.n=5",
            "--set", "network.dims=[]", "--set", "network.routing=nca", "--set",
            "traffic.load=0.1", "--set", "simulation.end_time=2000", "--set",
            "traffic.warmup_cycles=0"], ("--set", "simulation.partitioner=metis"))]


def step_check(w, args, out):
    """7. The safe share and GVT round latency on 2 ranks of CHECKS, as in 2 and 3."""
    out["safe_check_2"] = []
    for label, net, extra in CHECKS:
        cycles = int(next(a for a in net if a.startswith("simulation.end_time=")).split("=")[1])
        runs = [run(w, net, 2, extra) for _ in range(args.runs)]
        rounds = [run(w, net, 2, (*extra, *GVT1)) for _ in range(args.runs)]
        out["safe_check_2"].append({"label": label, "cycles": cycles, "runs": runs,
                                    "gvt_round_us": us_per_round(rounds)})
        print(f"{label} on 2 ranks: safe {[round(r['safe'], 3) for r in runs]}, GVT round "
              f"{[round(v, 1) for v in us_per_round(rounds)]} us", flush=True)


STEPS = {"costs": step_costs, "fat": step_fat, "safe": step_safe, "remote": step_remote,
         "rates": step_rates, "wall": step_wall, "check": step_check, "events": step_events}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpnet", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--load", type=float, default=0.1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rate-cycles", default="32:1500,64:500",
                    help="k:cycles of the 2/4/8-rank rate runs")
    ap.add_argument("--wall", default="32:6000,64:1500", help="k:cycles of the validation runs")
    ap.add_argument("--wall-runs", type=int, default=5)
    ap.add_argument("--steps", default=",".join(STEPS))
    ap.add_argument("--merge", action="store_true", help="keep the other steps from --out")
    args = ap.parse_args()
    out = {}
    if args.merge:
        with open(args.out) as f:
            out = json.load(f)
    out.update({"load": args.load, "runs": args.runs,
                "scheduling": "chrt -f 10 (1 and 2 ranks), nice -20 (4 and 8)"})
    if not isinstance(out.get("measured"), dict):  # a file of an earlier version
        out["measured"] = {s: out.get("measured") for s in STEPS}
    for step in args.steps.split(","):
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        out["measured"][step] = f"{now}, load average {os.getloadavg()[0]:.2f}"
        STEPS[step](args.warpnet, args, out)
    with open(args.out, "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
