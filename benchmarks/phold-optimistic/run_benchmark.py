#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""PHOLD under the optimistic engine: medians of repeated runs, as Markdown tables.

  /usr/bin/python3 benchmarks/phold-optimistic/run_benchmark.py --build-dir build
  /usr/bin/python3 benchmarks/phold-optimistic/run_benchmark.py --build-dir build --state-saving

The default matrix is the one docs/performance.md reports: 1,024 LPs per rank, remote
fractions 10 %, 25 % and 100 %, the sequential engine and the optimistic engine on 1 and 2
ranks. --state-saving instead compares state saving periods on PHOLD and on a 4 KiB state.
Runs of the different configurations are interleaved (one of each, then again), so that the
machine's slow spells spread over all of them.
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
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--events-per-rank", default="10e6")
    p.add_argument("--lps-per-rank", default="1024")
    p.add_argument("--state-saving", action="store_true",
                   help="compare state saving periods instead of the default matrix")
    p.add_argument("--json", help="also write every run's statistics to this file")
    return p.parse_args()


def run(bench, ranks, args):
    command = ([bench] if ranks == 1 else ["mpirun", "-np", str(ranks), bench]) + args
    done = subprocess.run(command, env=ENV, capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def median(runs, key):
    return statistics.median(r[key] for r in runs)


def main():
    a = parse_args()
    bench = os.path.join(a.build_dir, "benchmarks", "phold-optimistic", "bench_phold_optimistic")
    common = ["--lps-per-rank", a.lps_per_rank, "--events-per-rank", a.events_per_rank]
    configs = []  # (label, ranks, args)
    if a.state_saving:
        for state in ["0", "4096"]:
            for remote in ["0.25", "1.0"]:
                base = common + ["--state-bytes", state, "--remote", remote]
                configs.append((f"state {state} B, {remote} remote, sequential", 1,
                                base + ["--engine", "sequential"]))
                for period in ["1", "4", "16"]:
                    configs.append((f"state {state} B, {remote} remote, 2 ranks, period {period}",
                                    2, base + ["--state-save-period", period]))
    else:
        for remote in ["0.10", "0.25", "1.0"]:
            base = common + ["--remote", remote]
            configs.append((f"{remote} remote, sequential", 1, base + ["--engine", "sequential"]))
            configs.append((f"{remote} remote, optimistic 1 rank", 1, base))
            configs.append((f"{remote} remote, optimistic 2 ranks", 2, base))

    results = {label: [] for label, _, _ in configs}
    for i in range(a.runs):
        for label, ranks, args in configs:
            r = run(bench, ranks, args)
            results[label].append(r)
            print(f"[{i + 1}/{a.runs}] {label}: {r['committed_per_second'] / 1e6:.2f} M/s, "
                  f"efficiency {r['efficiency']:.4f}", file=sys.stderr, flush=True)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)

    print(f"\nMedians of {a.runs} runs, {a.lps_per_rank} LPs and about "
          f"{float(a.events_per_rank) / 1e6:g} M committed events per rank.\n")
    print("| configuration | committed events/s | efficiency | rolled back | "
          "rollbacks (primary / secondary) | anti-messages | remote events | GVT rounds | "
          "peak RSS / rank |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for label, ranks, _ in configs:
        rs = results[label]
        print(f"| {label} | {median(rs, 'committed_per_second') / 1e6:.2f} M "
              f"| {100 * median(rs, 'efficiency'):.2f} % "
              f"| {median(rs, 'rolled_back'):,.0f} "
              f"| {median(rs, 'primary_rollbacks'):,.0f} / {median(rs, 'secondary_rollbacks'):,.0f} "
              f"| {median(rs, 'anti_messages'):,.0f} | {median(rs, 'remote_events'):,.0f} "
              f"| {median(rs, 'gvt_rounds'):,.0f} "
              f"| {median(rs, 'peak_rss_mib') / ranks:.0f} MiB |")
    if not a.state_saving:
        print("\n| remote | optimistic 1 rank / sequential | optimistic 2 ranks / 1 rank |")
        print("| --- | ---: | ---: |")
        for remote in ["0.10", "0.25", "1.0"]:
            seq = median(results[f"{remote} remote, sequential"], "committed_per_second")
            one = median(results[f"{remote} remote, optimistic 1 rank"], "committed_per_second")
            two = median(results[f"{remote} remote, optimistic 2 ranks"], "committed_per_second")
            print(f"| {remote} | {one / seq:.2f} | {two / one:.2f} |")


if __name__ == "__main__":
    main()
