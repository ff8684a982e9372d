#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""The network model's speed: medians of repeated bench_network runs, as a Markdown table.

  /usr/bin/python3 benchmarks/network/run_benchmark.py --build-dir build
  /usr/bin/python3 benchmarks/network/run_benchmark.py --sizes 8 16 --runs 5 --ranks 1

The default matrix is the one docs/performance.md reports: k x k meshes and tori for k = 8, 16,
32, 64, dimension-order routing, uniform traffic at offered loads 0.1 and 0.3 (below
saturation), single-flit packets, the sequential engine and the optimistic engine on 2 ranks,
medians of 3 runs. Each run simulates about --flits delivered flits (at least 500 cycles), so
that every size does a comparable amount of work. Runs are timed one at a time; configurations
are interleaved (one run of each, then again) so that slow spells of the machine spread.

The last column compares the wall time per flit-hop with the 8 x 8 network of the same kind:
the model's cost must grow with the work (flits x hops), not with idle routers or cycles.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--build-dir", default="build")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--sizes", type=int, nargs="+", default=[8, 16, 32, 64])
    p.add_argument("--loads", type=float, nargs="+", default=[0.1, 0.3])
    p.add_argument("--topologies", nargs="+", default=["mesh", "torus"])
    p.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    p.add_argument("--flits", type=float, default=4e5, help="delivered flits per run (about)")
    p.add_argument("--json", help="also write every run's figures to this file")
    return p.parse_args()


def run(bench, ranks, args):
    command = ([bench] if ranks == 1 else ["mpirun", "-np", str(ranks), bench]) + args
    done = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main():
    a = parse_args()
    bench = os.path.join(a.build_dir, "benchmarks", "network", "bench_network")
    configs = []
    for topology in a.topologies:
        for k in a.sizes:
            for load in a.loads:
                cycles = max(500, int(a.flits / (k * k * load)))
                for ranks in a.ranks:
                    engine = "sequential" if ranks == 1 else "optimistic"
                    configs.append((topology, k, load, ranks,
                                    ["--topology", topology, "--k", str(k), "--load", str(load),
                                     "--cycles", str(cycles), "--engine", engine]))
    results = {c[:4]: [] for c in configs}
    for _ in range(a.runs):
        for c in configs:
            r = run(bench, c[3], c[4])
            results[c[:4]].append(r)
            print(f"  {c[0]} {c[1]}x{c[1]} load {c[2]} ranks {c[3]}: "
                  f"{r['flits_per_second']:.0f} flits/s", file=sys.stderr)

    def med(key, runs):
        return statistics.median(r[key] for r in runs)

    print("| network | load | ranks | delivered flits/s | ns per flit-hop | vs 8x8 | mean hops "
          "| peak RSS | RSS per router | efficiency |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (topology, k, load, ranks), runs in results.items():
        base = results.get((topology, 8, load, ranks))
        ratio = med("ns_per_flit_hop", runs) / med("ns_per_flit_hop", base) if base else float("nan")
        print(f"| {topology} {k}x{k} | {load} | {ranks} | {med('flits_per_second', runs):,.0f} "
              f"| {med('ns_per_flit_hop', runs):.0f} | {ratio:.2f} | {med('mean_hops', runs):.2f} "
              f"| {med('peak_rss_mib', runs):.0f} MiB "
              f"| {med('peak_rss_bytes_per_router', runs) / 1024:.1f} KiB "
              f"| {med('efficiency', runs):.3f} |")
    if a.json:
        with open(a.json, "w") as f:
            json.dump([dict(r, runs=len(v)) for v in results.values() for r in v], f, indent=1)


if __name__ == "__main__":
    main()
