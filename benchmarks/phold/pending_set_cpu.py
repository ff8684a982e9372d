#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CPU nanoseconds per committed PHOLD event, by pending set and LP count (issue 19, item 3).

Runs `warpnet run examples/phold.toml` (sequential engine, or --engine optimistic on one rank)
with 1,024 and 65,536 LPs and each `kernel.pending_set`, one at a time, configurations interleaved, and reports medians of the
process's CPU time (user + system, which a shared machine disturbs less than wall time) per
committed event, and the 65,536 / 1,024 ratio of each pending set.

  /usr/bin/python3 benchmarks/phold/pending_set_cpu.py --build-dir build --runs 5
  /usr/bin/python3 benchmarks/phold/pending_set_cpu.py --build-dir REF --sets heap   # old binary
  /usr/bin/python3 benchmarks/phold/pending_set_cpu.py --build-dir REF build         # A/B
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def run(warpnet, example, lps, pending_set, events, engine):
    # PHOLD commits about lps * start_events / (mean_delay + lookahead) events per time unit.
    end_time = events / (lps * 16 / 1.1)
    with tempfile.TemporaryDirectory(prefix="phold-cpu-") as tmp:
        stats = os.path.join(tmp, "stats.json")
        cmd = [warpnet, "run", example, "--no-output", "--stats-json", stats,
               "--set", f"phold.lps={lps}", "--set", f"simulation.end_time={end_time:.6f}",
               "--set", f"kernel.pending_set={pending_set}", "--set", "kernel.progress_interval=0",
               "--engine", engine]
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        err = proc.stderr.read().decode()
        _, status, usage = os.wait4(proc.pid, 0)
        if status != 0:
            sys.exit(f"failed: {' '.join(cmd)}\n{err}")
        with open(stats) as f:
            s = json.load(f)
    total = s.get("total", s)
    committed = total["events_committed"]
    return 1e9 * (usage.ru_utime + usage.ru_stime) / committed, committed, total["event_digest"]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--build-dir", nargs="+", default=["build"],
                   help="one or more build directories (A/B: their runs are interleaved too)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--events", type=float, default=4e6, help="committed events per run")
    p.add_argument("--sets", nargs="+", default=["heap", "calendar"])
    p.add_argument("--lps", nargs="+", type=int, default=[1024, 65536])
    p.add_argument("--engine", default="sequential", help="sequential, or optimistic (1 rank)")
    o = p.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    example = os.path.join(root, "examples", "phold.toml")
    load = os.getloadavg()[0]
    samples = {}
    for _ in range(o.runs):
        for lps in o.lps:
            for d in o.build_dir:
                warpnet = os.path.join(d, "app", "warpnet")
                for s in o.sets:
                    samples.setdefault((d, lps, s), []).append(
                        run(warpnet, example, lps, s, o.events, o.engine))
    print(f"# {o.engine} engine: medians of {o.runs} runs of about {o.events:.3g} committed "
          f"events; load average before: {load:.2f}, after: {os.getloadavg()[0]:.2f}")
    print("| build | LPs | pending set | CPU ns / committed event | vs 1,024 LPs | digest |")
    print("|---|---|---|---|---|---|")
    for d in o.build_dir:
        for s in o.sets:
            base = statistics.median(x[0] for x in samples[(d, o.lps[0], s)])
            for lps in o.lps:
                rows = samples[(d, lps, s)]
                ns = statistics.median(x[0] for x in rows)
                digests = sorted({x[2] for x in rows})
                print(f"| {d} | {lps:,} | {s} | {ns:.0f} | {ns / base:.2f} | {' '.join(digests)} |")


if __name__ == "__main__":
    main()
