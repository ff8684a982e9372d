#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
"""DRB against the fat-tree NCA baselines on the PR-DRB thesis's permutations (docs/reproduction/
drb.md, "Fat trees"; seed 004 §4.6.3, Table 4.3).

Runs examples/drb-fattree.toml (4-ary 3-tree, VCT, 16-flit packets) with
  drb (max width 4; network ACKs, and ideal ACKs to separate DRB's paths from its feedback
  traffic and the VCs the ACK class holds) and nca with up_port = deterministic, random, cyclic
on
  transpose over all 64 nodes (the synthetic pattern), and
  perfect shuffle and bit reversal over 32 nodes, nodes 0..31 (the thesis does not say which
  32 leaves; ours are the first two 16-node sub-trees), as a message list: each of the 32 nodes
  releases one-packet messages to its fixed destination with exponential gaps (Poisson) at the
  offered load, ids on 5 bits,
for each seed and load, and prints mean and spread of the mean packet latency (cycles, packets
created after the warm-up) and the accepted load.

  nice -n 5 /usr/bin/python3 scripts/drb_fattree_compare.py --warpnet build/app/warpnet \
      --seeds 1 2 3 --loads 0.2 0.3 --jobs 2
Standard library only.
"""
import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFIG = os.path.join(ROOT, "examples", "drb-fattree.toml")
ROUTINGS = {
    "drb": ["network.routing=drb"],
    "drb, ideal ACKs": ["network.routing=drb", "drb.ack=ideal"],
    "nca deterministic": ["network.routing=nca", "nca.up_port=deterministic"],
    "nca random": ["network.routing=nca", "nca.up_port=random"],
    "nca cyclic": ["network.routing=nca", "nca.up_port=cyclic"],
}
PACKET = 16      # flits, examples/drb-fattree.toml
INJECT = 12000   # cycles of injection, as the example's end_time
WARMUP = 2000


def shuffle(s, bits):
    return ((s << 1) | (s >> (bits - 1))) & ((1 << bits) - 1)


def bit_reversal(s, bits):
    return int(format(s, f"0{bits}b")[::-1], 2)


def message_list(path, pattern, nodes, load, seed):
    """One-packet messages from each of `nodes` sources, Poisson at `load` flits/node/cycle."""
    bits = nodes.bit_length() - 1
    rng = random.Random(seed * 7919 + nodes)
    rate = load / PACKET  # packets per cycle
    lines = []
    for s in range(nodes):
        d = pattern(s, bits)
        t = 0.0
        while True:
            t += rng.expovariate(rate)
            if t >= INJECT:
                break
            lines.append((int(t) + 1, s, d))
    lines.sort()
    with open(path, "w") as f:
        f.write("# cycle src dst flits\n")
        for c, s, d in lines:
            f.write(f"{c} {s} {d} {PACKET}\n")


def run(warpnet, sets, stats):
    cmd = [warpnet, "run", CONFIG, "--stats-json", stats, "--no-progress", "--no-output"]
    for s in sets:
        cmd += ["--set", s]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(" ".join(cmd) + "\n" + p.stderr)
    figures = json.load(open(stats))["figures"]
    return {k: figures[k]["value"] for k in ("latency", "accepted_load", "offered_load")
            if k in figures and isinstance(figures[k].get("value"), (int, float))}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--warpnet", required=True)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--loads", type=float, nargs="+", default=[0.2, 0.3])
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json", help="also write every run's figures here")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="drb-fattree-")
    tasks = []
    for load in args.loads:
        for seed in args.seeds:
            for name, pattern in (("shuffle (32)", shuffle), ("bit reversal (32)", bit_reversal)):
                msgs = os.path.join(work, f"{name[:3]}-{load}-{seed}.txt")
                message_list(msgs, pattern, 32, load, seed)
                extra = ["workload.kind=message_list", f"workload.message_file={msgs}",
                         "simulation.end_time=60000"]
                for r, sets in ROUTINGS.items():
                    tasks.append((name, load, seed, r, sets + extra + [f"simulation.seed={seed}"]))
            for r, sets in ROUTINGS.items():
                tasks.append(("transpose (64)", load, seed, r,
                              sets + [f"traffic.load={load}", f"simulation.seed={seed}"]))

    def one(i_task):
        i, (pattern, load, seed, r, sets) = i_task
        out = run(args.warpnet, sets, os.path.join(work, f"run{i}.json"))
        print(f"{pattern:18} load {load} seed {seed} {r:18} {out}", file=sys.stderr, flush=True)
        return dict(pattern=pattern, load=load, seed=seed, routing=r, **out)

    with ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(one, enumerate(tasks)))
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)
    print("| pattern | load | " + " | ".join(ROUTINGS) + " |")
    print("|---|---|" + "---|" * len(ROUTINGS))
    for pattern in ("shuffle (32)", "bit reversal (32)", "transpose (64)"):
        for load in args.loads:
            cells = []
            for r in ROUTINGS:
                xs = [x["latency"] for x in rows
                      if x["pattern"] == pattern and x["load"] == load and x["routing"] == r]
                sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
                cells.append(f"{statistics.mean(xs):.1f} ± {sd:.1f} [{min(xs):.1f}–{max(xs):.1f}]")
            print(f"| {pattern} | {load} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
