#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Delivered flits per second of two bench_network binaries, A/B, interleaved.

ab_cpu.py compares CPU per committed event; when B changes the event structure (fewer events
per flit-hop) that ratio no longer compares work done, so this one compares what the user
gets: delivered flits per CPU second (user + system of the run, steadier than wall time on a
shared machine; its minimum over the runs is the least disturbed) and per second of
simulation (bench_network's wall_seconds), with events per flit-hop and peak RSS per router.
Runs A, B, A, B, ... one at a time and prints minima and medians.

  /usr/bin/python3 benchmarks/network/ab_flits.py --a /work/main/build --b build \\
      --runs 5 --topology mesh --k 8 --load 0.3 --cycles 20000
"""
import argparse
import os
import statistics

from ab_cpu import run  # one bench_network run: (CPU seconds, its JSON line)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--a", required=True, help="build directory A (reference)")
    p.add_argument("--b", required=True, help="build directory B")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--ranks", type=int, default=1, help="1: sequential; N: optimistic on N")
    p.add_argument("--topology", default="mesh")
    p.add_argument("--k", default="8")
    p.add_argument("--load", default="0.3")
    p.add_argument("--cycles", default="20000")
    p.add_argument("--extra", default="", help="more bench_network flags, for both")
    o = p.parse_args()
    args = ["--topology", o.topology, "--k", o.k, "--load", o.load, "--cycles", o.cycles]
    args += o.extra.split()
    samples = {"A": [], "B": []}
    for _ in range(o.runs):
        for name, build in (("A", o.a), ("B", o.b)):
            binary = os.path.join(build, "benchmarks/network/bench_network")
            samples[name].append(run(binary, o.ranks, args))
    print(f"# {' '.join(args)}, {o.ranks} rank(s); {o.runs} runs each, interleaved; "
          f"load average {os.getloadavg()[0]:.2f}")
    print("| binary | CPU s min / median | flits / CPU s (median) | flits / s of simulation, "
          "best / median | events / flit-hop | peak RSS / router |")
    print("|---|---|---|---|---|---|")
    med = {}
    for name in ("A", "B"):
        rows = samples[name]
        cpu = [c for c, _ in rows]
        walls = [r["wall_seconds"] for _, r in rows]
        flits = rows[0][1]["flits"]
        r0 = rows[0][1]
        med[name] = statistics.median(r["flits"] / c for c, r in rows)
        print(f"| {name} | {min(cpu):.3f} / {statistics.median(cpu):.3f} | {med[name]:,.0f} | "
              f"{flits / min(walls):,.0f} / {flits / statistics.median(walls):,.0f} | "
              f"{r0['events_committed'] / r0['flit_hops']:.3f} | "
              f"{statistics.median(r['peak_rss_bytes_per_router'] for _, r in rows):,.0f} |")
    print(f"# B / A flits per CPU second (median): {med['B'] / med['A']:.3f}")


if __name__ == "__main__":
    main()
