#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Wall-clock A/B of `warpnet run` configurations on a network, interleaved, with 2-rank runs.

Issue 19's speed figures compare a sequential run with `mpirun -np 2 ... --engine optimistic`
of the same binary, and binaries with each other. Each configuration is LABEL=BUILD:RANKS or
LABEL=BUILD:RANKS:EXTRA, with RANKS 0 for the sequential engine and EXTRA a comma-separated
list of extra options ("--set kernel.state_save_period=16,--set kernel.uncommitted_limit=4096").
Runs every configuration once per round, one at a time, for --runs rounds, and prints each
run and then medians: the time is the largest rank's wall_seconds from --stats-json (the time
inside Simulation::run), with the digest (equal digests: the runs did the same work), the
efficiency, the ranks' waiting shares (window, no event, throttle; EngineStatistics), the GVT
rounds per simulated cycle and the share of committed events that ran safe. The
runs are started at nice -20 when allowed, which keeps other jobs from taking a core in the
middle of a 2-rank run; on a shared machine the figures are still noise, so measure on a quiet
one (load average under 1). With --realtime (root) they run under SCHED_FIFO instead (chrt -f
10): other jobs then get a core only in the 5 % of each second the kernel keeps for them
(sched_rt_runtime_us), which an idle rank's sched_yield no longer hands to them for a whole
tick. That makes 2-rank figures usable next to a busy job, a few per cent slower than on a
quiet machine; say which was used.

  /usr/bin/python3 benchmarks/network/ab_runs.py --topology torus --k 32 --load 0.1 \\
      --cycles 6000 --runs 5 seq=build:0 two=build:2 \\
      two-p4=build:2:"--set kernel.state_save_period=4"
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def parse_config(text):
    label, rest = text.split("=", 1)
    parts = rest.split(":", 2)
    if len(parts) < 2 or not parts[1].isdigit():
        sys.exit(f"ab_runs.py: bad configuration {text!r}: use LABEL=BUILD:RANKS[:EXTRA]")
    extra = []
    if len(parts) == 3 and parts[2]:
        for option in parts[2].split(","):
            extra.extend(option.split(" ", 1))
    return label, parts[0], int(parts[1]), extra


def run_once(build, ranks, extra, base, env, realtime=False, niceness=-20):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        stats_path = f.name
    try:
        cmd = [os.path.join(build, "app", "warpnet"), *base, *extra, "--stats-json", stats_path]
        if ranks > 0:
            cmd = ["mpirun", "-np", str(ranks), *cmd, "--engine", "optimistic"]
        if os.geteuid() != 0:
            nice = []
        else:
            nice = ["chrt", "-f", "10"] if realtime else ["nice", "-n", str(niceness)]
        proc = subprocess.Popen(nice + cmd, env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, text=True)
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit(f"ab_runs.py: {' '.join(cmd)} failed:\n{err[-2000:]}")
        with open(stats_path) as f:
            stats = json.load(f)
    finally:
        os.unlink(stats_path)
    ranks_stats = stats.get("per_rank") or [stats["total"]]
    wall = max(r["wall_seconds"] for r in ranks_stats)
    rank_time = sum(r["wall_seconds"] for r in ranks_stats) or 1.0
    waits = [sum(r.get(k, 0.0) for r in ranks_stats) / rank_time
             for k in ("wait_window_seconds", "wait_starved_seconds", "wait_throttled_seconds")]
    total = stats["total"]
    committed = total["events_committed"] or 1
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
            "events": total["events_committed"], "rss_kib": usage.ru_maxrss,
            "digest": total["event_digest"], "efficiency": total["efficiency"],
            "waits": waits, "rounds": total.get("gvt_rounds", 0),
            "safe": total.get("events_safe", 0) / committed}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--config", default=os.path.join(ROOT, "examples", "mesh8x8.toml"))
    p.add_argument("--topology", default="torus")
    p.add_argument("--k", type=int, default=32)
    p.add_argument("--dims", help="network.dims as X,Y (default: K,K)")
    p.add_argument("--load", type=float, default=0.1)
    p.add_argument("--cycles", type=int, default=2000)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--realtime", action="store_true",
                   help="run under SCHED_FIFO (chrt -f 10) instead of nice -20")
    p.add_argument("--niceness", type=int, default=-20,
                   help="nice value of the runs when started as root without --realtime (a "
                        "positive one leaves the cores to other jobs on a shared machine)")
    p.add_argument("--as-is", action="store_true",
                   help="run --config as it is: without this, --topology, --k/--dims, --load and "
                        "--cycles (with their defaults, a 32x32 torus at 0.1 for 2,000 cycles) and "
                        "no warm-up override the file's network, load and length")
    p.add_argument("configs", nargs="+", help="LABEL=BUILD:RANKS[:EXTRA]")
    a = p.parse_args()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    base = ["run", a.config, "--set", f"network.topology={a.topology}",
            "--set", f"network.dims=[{a.dims or f'{a.k},{a.k}'}]", "--set", f"traffic.load={a.load}",
            "--set", f"simulation.end_time={a.cycles}", "--set", "traffic.warmup_cycles=0",
            "--no-output", "--no-progress"]
    if a.as_is:
        base = ["run", a.config, "--no-output", "--no-progress"]
    configs = [parse_config(c) for c in a.configs]
    results = {label: [] for label, *_ in configs}
    for round_ in range(a.runs):
        for label, build, ranks, extra in configs:
            r = run_once(build, ranks, extra, base, env, a.realtime, a.niceness)
            results[label].append(r)
            w = r["waits"]
            print(f"run {round_} {label:14s} {r['wall']:8.3f} s  cpu {r['cpu']:8.3f} s  "
                  f"digest {r['digest']}  "
                  f"eff {r['efficiency']:.4f}  waits {w[0]:.3f} {w[1]:.3f} {w[2]:.3f}  "
                  f"rounds/cycle {r['rounds'] / a.cycles:.3f}  safe {100 * r['safe']:.1f} %  "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
    print("\nmedians (speed-up against the first configuration):")
    first = None
    for label, *_ in configs:
        runs = results[label]
        median = statistics.median(r["wall"] for r in runs)
        first = first or median
        waits = [statistics.median(r["waits"][i] for r in runs) for i in range(3)]
        print(f"{label:14s} {median:8.3f} s  (min {min(r['wall'] for r in runs):.3f}, max "
              f"{max(r['wall'] for r in runs):.3f}, n={len(runs)})  {first / median:.3f}x  "
              f"digests {sorted({r['digest'] for r in runs})}  efficiency "
              f"{statistics.median(r['efficiency'] for r in runs):.4f}  waiting (window, no "
              f"event, throttled) {waits[0]:.3f} {waits[1]:.3f} {waits[2]:.3f}  GVT rounds "
              f"per cycle {statistics.median(r['rounds'] for r in runs) / a.cycles:.3f}  safe "
              f"{100 * statistics.median(r['safe'] for r in runs):.1f} %")
    print("\nCPU time of the whole process (user + system, set-up included):")
    first = None
    for label, *_ in configs:
        runs = results[label]
        cpu = statistics.median(r["cpu"] for r in runs)
        first = first or cpu
        events = runs[0]["events"]
        wall = statistics.median(r["wall"] for r in runs)
        print(f"{label:14s} median {cpu:8.3f} s  min {min(r['cpu'] for r in runs):8.3f} s  "
              f"{first / cpu:.3f}x  events {events}  events per second of run (median wall) "
              f"{events / wall / 1e6:.2f} M  per CPU second (median) {events / cpu / 1e6:.2f} M"
              f"  peak RSS {max(r['rss_kib'] for r in runs) / 1024:.0f} MiB")


if __name__ == "__main__":
    main()
