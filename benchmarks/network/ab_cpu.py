#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""CPU time per committed event of two bench_network binaries, A/B, interleaved.

On a shared 2-core machine wall times swing with other people's work; the CPU time a run's
processes consume (user + system, summed over the MPI ranks) is steadier. For each
configuration this runs A, B, A, B, ... one at a time and reports the medians of CPU
microseconds per committed event, and the optimistic engine's ratio to the sequential engine's
run of the same binary (issue 19's "CPU per committed event" target is <= 1.25x).

  /usr/bin/python3 benchmarks/network/ab_cpu.py --a /work/wt-engine-ref/build \\
      --b build --runs 5 --topology torus --k 32 --load 0.1 --cycles 600
"""
import argparse
import json
import os
import statistics
import subprocess
import sys


def run(binary, ranks, args):
    cmd = [binary] + args
    if ranks > 1:
        cmd = ["mpirun", "-np", str(ranks)] + cmd + ["--engine", "optimistic"]
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    out = proc.stdout.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    if status != 0:
        sys.exit(f"failed: {' '.join(cmd)}")
    result = json.loads(out.strip().splitlines()[-1])
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, result


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--a", required=True, help="build directory A (reference)")
    p.add_argument("--b", required=True, help="build directory B")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--ranks", type=int, default=2)
    p.add_argument("--topology", default="torus")
    p.add_argument("--k", default="32")
    p.add_argument("--load", default="0.1")
    p.add_argument("--cycles", default="600")
    p.add_argument("--extra", default="", help="more bench_network flags, for both")
    o = p.parse_args()
    args = ["--topology", o.topology, "--k", o.k, "--load", o.load, "--cycles", o.cycles]
    args += o.extra.split()
    samples = {}
    for _ in range(o.runs):
        for name, build in (("A", o.a), ("B", o.b)):
            binary = os.path.join(build, "benchmarks/network/bench_network")
            for ranks in (1, o.ranks):
                cpu, r = run(binary, ranks, args)
                us = 1e6 * cpu / r["events_committed"]
                samples.setdefault((name, ranks), []).append((us, r["wall_seconds"], r))
    print(f"# {' '.join(args)}; medians of {o.runs}, interleaved")
    print("| binary | ranks | CPU us / committed event | wall s | efficiency | opt / seq CPU |")
    print("|---|---|---|---|---|---|")
    for name in ("A", "B"):
        seq = statistics.median(s[0] for s in samples[(name, 1)])
        for ranks in (1, o.ranks):
            rows = samples[(name, ranks)]
            cpu = statistics.median(s[0] for s in rows)
            wall = statistics.median(s[1] for s in rows)
            eff = statistics.median(s[2]["efficiency"] for s in rows)
            ratio = f"{cpu / seq:.2f}" if ranks > 1 else "1"
            print(f"| {name} | {ranks} | {cpu:.3f} | {wall:.2f} | {100 * eff:.1f} % | {ratio} |")
    committed = {s[2]["events_committed"] for rows in samples.values() for s in rows}
    print(f"# committed events: {sorted(committed)}")


if __name__ == "__main__":
    main()
