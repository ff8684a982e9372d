# SPDX-License-Identifier: Apache-2.0
"""DRB in the ICS'99 paper's own set-up (docs/reproduction/drb.md, "The paper's set-up").

The paper (Franco, Garcés, Luque, ICS'99, §4): wormhole flow control, 10 flits per packet, "Each
link was bi-directional and had associated only one flit buffer", exponential inter-arrival
times, DOR against DRB with three multi-step paths. Here: one-flit buffers per VC with the
fewest VCs DRB needs (6 on a torus: 3 phases x 2 datelines, the ACKs sharing them; 3 on a
hypercube), Poisson injection, and DOR as DRB of width 1 on the same VCs (bit for bit
`dimension_order`). Every point runs on several seeds; the tables give mean ± sample standard
deviation (ddof 1) over them.

    PYTHONPATH=analysis nice -n 10 /usr/bin/python3 notebooks/drb_seed_setup.py all --out /tmp/drb-seed
    PYTHONPATH=analysis nice -n 10 /usr/bin/python3 notebooks/drb_seed_setup.py all --setup full_rate \
        --out /tmp/drb-seed
    PYTHONPATH=analysis /usr/bin/python3 notebooks/drb_seed_setup.py uniform --seeds 1,2,3

Experiments: length (two run lengths, the steady-state check), uniform, hot (the link-bound hot
area, the ejection-bound hot spot, and the Fig. 9 latency map), perm (the permutations of the
page), small (the 16-node networks: the 4x4 torus and the 4D hypercube), tie
(network.torus_tie), supernode (Gravity Area against Subtopology). Each writes
<out>/<experiment>.csv and prints its tables; the page's numbers are these tables. The notebook
(notebooks/drb.ipynb, "The paper's set-up") imports BASE, HOT_AREA and config_text from here.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analysis"))
import warpnet_analysis as wa  # noqa: E402

REPO = Path(__file__).resolve().parent.parent

# The run length (measured by the `length` experiment): 20,000 cycles of which the first 4,000
# are warm-up, against the paper's 1,000,000 packets with the first 50,000 excluded.
RUN = {"simulation.end_time": 20000, "traffic.warmup_cycles": 4000}

BASE = """
[simulation]
name = "drb-seed-setup"
model = "network"
engine = "sequential"
seed = 1
end_time = 20000.0

[network]
{topology}
routing = "drb"

[router]
vcs = {vcs}                    # the fewest DRB needs: 3 phases (x 2 datelines on a torus)
buffer_depth = {depth}               # "only one flit buffer" (per VC here); see SETUPS
switching = "wormhole"         # "wormhole flow control"

[traffic]
pattern = "uniform"
load = 0.1
packet_size = 10               # "10 flits per packet"
injection = "poisson"          # "exponential distribution" of the inter-arrival time
warmup_cycles = 4000

[metrics]
window_cycles = 1000
packet_sample_every = 10       # the per-packet latency spread (uniformity)

[drb]
max_width = 3                  # "three Multi-Step Paths"
"""
TOPOLOGY = {
    "torus": ('topology = "torus"\ndims = [8, 8]\ntorus_tie = "balanced"', 6),
    "hypercube": ('topology = "hypercube"\nn = 6', 3),
}

# The link-bound hot area (docs/network-config.md, "The hot area"): on the 8x8 torus three flows
# eastwards through link (3,3)->(4,3) and three westwards through (4,4)->(3,4) under
# dimension-order routing; no two flows share a source or a destination; the other 58 nodes send
# uniform background traffic.
HOT_AREA = {"traffic.pattern": "hot_area",
            "traffic.hot_area.sources": [25, 26, 27, 38, 37, 36],
            "traffic.hot_area.destinations": [4, 53, 14, 59, 10, 49]}
# The ejection-bound hot spot of the page's earlier runs (Pfister and Norton): 10 % of the
# packets to the 2x2 block in the middle, the rest uniform.
HOT_SPOT = {"traffic.pattern": "hot_spot", "traffic.hot_spot.nodes": [27, 28, 35, 36],
            "traffic.hot_spot.fraction": 0.1}

FIGURES = ["offered_load", "accepted_load", "latency", "contention", "source_queue_latency",
           "network_latency", "mean_width", "noncanonical_fraction", "ack_share", "saturated"]


FIG9_LOAD = round(1 / 3, 4)  # "mean generation interval of 30 cycles", 10-flit packets

# Two readings of "only one flit buffer". `seed`: one flit per VC, literally. `full_rate`: the
# least buffer with which a VC streams one flit per cycle in warpnet's credit-based router, the
# credit round trip ST + L + SA + credit delay = 4 cycles (docs/router.md), as a one-flit link
# register does in a time-driven simulator that moves a flit every cycle. Both with the fewest
# VCs. The probe load (tie, supernode) is just past DOR's knee in each.
# One-flit buffers saturate every pattern near 0.2 (the source's injection channel streams one
# flit per round trip), so the seed set-up sweeps lower loads.
SETUPS = {"seed": {"depth": 1, "probe_load": 0.15, "length": [0.1, 0.2],
                   "uniform": [0.05, 0.1, 0.15, 0.2, 0.3], "uniform_hc": [0.05, 0.1, 0.2, 0.3],
                   "hot": [0.05, 0.1, 0.15, 0.2, 0.25, FIG9_LOAD],
                   "torus8": [0.05, 0.1, 0.15, 0.2, 0.3], "torus16": [0.05, 0.1, 0.15],
                   "hc6": [0.05, 0.1, 0.2, 0.4], "hc8": [0.05, 0.1, 0.2, 0.4],
                   "small": [0.05, 0.1, 0.15, 0.2]},
          "full_rate": {"depth": 4, "probe_load": 0.3, "length": [0.2, 0.25],
                        "uniform": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], "uniform_hc": [0.1, 0.3, 0.5, 0.7],
                        "hot": [0.1, 0.15, 0.2, 0.25, 0.3, FIG9_LOAD, 0.4],
                        "torus8": [0.1, 0.2, 0.25, 0.3, 0.4], "torus16": [0.05, 0.1, 0.15],
                        "hc6": [0.2, 0.4, 0.6, 0.8], "hc8": [0.1, 0.2, 0.4, 0.8],
                        "small": [0.2, 0.4, 0.6, 0.8]}}


def config_text(kind: str, setup: str = "seed") -> str:
    topology, vcs = TOPOLOGY[kind]
    return BASE.format(topology=topology, vcs=vcs, depth=SETUPS[setup]["depth"])


def toml_value(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(toml_value(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def sweep(args, name: str, kind: str, swept: dict, fixed: dict | None = None,
          run: dict | None = None) -> pd.DataFrame:
    """One `warpnet sweep` of the base configuration, seeds last; the raw runs, with the
    per-packet latency spread of each run (`latency_sd`, `latency_p99`, from the samples)."""
    config = args.out / f"base-{kind}.toml"
    config.write_text(config_text(kind, args.setup))
    directory = args.out / name
    cmd = [str(args.binary), "sweep", str(config), "--output-dir", str(directory), "--jobs",
           str(args.jobs), "--force"]
    for key, value in {**(run or RUN), **(fixed or {})}.items():
        cmd += ["--set", f"{key}={toml_value(value)}"]
    for key, values in {**swept, "simulation.seed": args.seeds}.items():
        cmd += ["--set", f"{key}={','.join(toml_value(v) for v in values)}"]
    start = time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}\nexit {done.returncode}\n{done.stderr[-3000:]}")
    runs = wa.load_runs(directory)
    spread = [packet_spread(path) for path in runs["path"]]
    runs["latency_sd"] = [s[0] for s in spread]
    runs["latency_p99"] = [s[1] for s in spread]
    print(f"{name}: {len(runs)} runs in {time.monotonic() - start:.0f} s", flush=True)
    return runs


def packet_spread(path) -> tuple[float, float]:
    """Standard deviation and 99th percentile of the sampled packets' latency (cycles), measured
    packets only (created after the warm-up)."""
    run = wa.load_run(path)
    try:
        samples = wa.packet_samples(run)
    except KeyError:
        return float("nan"), float("nan")
    if samples.empty:
        return float("nan"), float("nan")
    return float(samples["latency"].std()), float(samples["latency"].quantile(0.99))


def over_seeds(runs: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Mean, sample standard deviation (ddof 1), min and max over the seeds, per point, of
    FIGURES and the packets' latency spread."""
    return wa.over_seeds(runs, keys, FIGURES + ["latency_sd", "latency_p99"])


def pm(mean, sd, digits=1) -> str:
    return f"{mean:.{digits}f} ± {sd:.{digits}f}"


def compare(table: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """DOR (max width 1) against DRB (3) per point of `keys`: latency and waiting time
    (contention) mean ± sd, DRB's change of each and of the accepted load, DRB's width."""
    rows = []
    for point, group in table.groupby(keys if len(keys) > 1 else keys[0], sort=False):
        point = point if isinstance(point, tuple) else (point,)
        dor = group[group["drb.max_width"] == 1]
        drb = group[group["drb.max_width"] == 3]
        if dor.empty or drb.empty:
            continue
        d, b = dor.iloc[0], drb.iloc[0]
        rows.append({**dict(zip(keys, point)),
                     "DOR latency": pm(d.latency, d.latency_std),
                     "DRB latency": pm(b.latency, b.latency_std),
                     "latency %": 100 * (b.latency / d.latency - 1),
                     "DOR wait": pm(d.contention, d.contention_std, 2),
                     "DRB wait": pm(b.contention, b.contention_std, 2),
                     "wait %": 100 * (b.contention / d.contention - 1) if d.contention > 0
                     else float("nan"),
                     "DOR acc": pm(d.accepted_load, d.accepted_load_std, 3),
                     "DRB acc": pm(b.accepted_load, b.accepted_load_std, 3),
                     "accepted %": 100 * (b.accepted_load / d.accepted_load - 1),
                     "width": b.mean_width,
                     "sd DOR->DRB": f"{d.latency_sd:.0f} -> {b.latency_sd:.0f}",
                     "sat DOR/DRB": f"{d.saturated:.2f}/{b.saturated:.2f}"})
    return pd.DataFrame(rows)


def markdown(frame: pd.DataFrame) -> str:
    """A pipe table (the page's format): floats to 1 decimal, loads to 3 significant digits."""
    def cell(column, value):
        if isinstance(value, float):
            return f"{value:.3g}" if column == "traffic.load" else f"{value:.1f}"
        return str(value)
    lines = ["| " + " | ".join(map(str, frame.columns)) + " |",
             "|" + "---|" * len(frame.columns)]
    for _, row in frame.iterrows():
        lines.append("| " + " | ".join(cell(c, row[c]) for c in frame.columns) + " |")
    return "\n".join(lines)


def show(title: str, frame: pd.DataFrame) -> None:
    print(f"\n== {title}\n{markdown(frame)}", flush=True)


def experiment(args, name, kind, swept, fixed=None, run=None, keys=None):
    runs = sweep(args, name, kind, swept, fixed, run)
    table = over_seeds(runs, list(swept))
    table.to_csv(args.out / f"{name}.csv", index=False)
    keys = keys if keys is not None else [k for k in swept if k != "drb.max_width"]
    show(name, compare(table, keys))
    return runs, table


WIDTHS = {"drb.max_width": [1, 3]}


def run_length(args):
    # Steady state: the same points at 20,000 cycles (4,000 warm-up) and at 80,000 (16,000).
    for cycles in (20000, 80000):
        experiment(args, f"length-{cycles}", "torus",
                   {"traffic.pattern": ["uniform", "bit_reversal"],
                    "traffic.load": SETUPS[args.setup]["length"],
                    **WIDTHS},
                   run={"simulation.end_time": cycles, "traffic.warmup_cycles": cycles // 5})


def run_uniform(args):
    experiment(args, "uniform-torus", "torus",
               {"traffic.load": SETUPS[args.setup]["uniform"], **WIDTHS},
               {"traffic.pattern": "uniform"})
    experiment(args, "uniform-hypercube", "hypercube",
               {"traffic.load": SETUPS[args.setup]["uniform_hc"], **WIDTHS},
               {"traffic.pattern": "uniform"})


def latency_map(runs: pd.DataFrame, load: float) -> pd.DataFrame:
    """Fig. 9: per-router mean wait at the network output ports; peak, mean and spread across
    routers of each seed's map, then mean ± sd over the seeds."""
    rows = []
    for width, group in runs[np.isclose(runs["traffic.load"], load)].groupby("drb.max_width"):
        maps = [wa.router_latency(wa.load_run(p), include_terminal=False) for p in group["path"]]
        peak = np.array([m["mean_wait"].max() for m in maps])
        mean = np.array([m["mean_wait"].mean() for m in maps])
        spread = np.array([m["mean_wait"].std() for m in maps])
        rows.append({"routing": "DOR" if width == 1 else "DRB", "peak": pm(peak.mean(), peak.std(ddof=1), 2),
                     "mean": pm(mean.mean(), mean.std(ddof=1), 2),
                     "spread": pm(spread.mean(), spread.std(ddof=1), 2),
                     "peak_mean": peak.mean(), "mean_mean": mean.mean()})
    return pd.DataFrame(rows)


def run_hot(args):
    runs, _ = experiment(args, "hot-area", "torus",
                         {"traffic.load": SETUPS[args.setup]["hot"], **WIDTHS},
                         HOT_AREA)
    fig9 = latency_map(runs, FIG9_LOAD)
    fig9.to_csv(args.out / "hot-area-map.csv", index=False)
    show("Fig. 9 latency map, hot area at 1/3", fig9)
    runs, _ = experiment(args, "hot-spot", "torus",
                         {"traffic.load": [0.2, FIG9_LOAD], **WIDTHS}, HOT_SPOT)
    fig9 = latency_map(runs, FIG9_LOAD)
    fig9.to_csv(args.out / "hot-spot-map.csv", index=False)
    show("Fig. 9 latency map, hot spot at 1/3", fig9)


def run_perm(args):
    experiment(args, "perm-torus8", "torus",
               {"traffic.pattern": ["bit_reversal", "transpose", "butterfly", "perfect_shuffle"],
                "traffic.load": SETUPS[args.setup]["torus8"], **WIDTHS})
    experiment(args, "perm-torus16", "torus",
               {"traffic.pattern": ["transpose", "bit_reversal"],
                "traffic.load": SETUPS[args.setup]["torus16"], **WIDTHS},
               {"network.dims": [16, 16]})
    experiment(args, "perm-hypercube6", "hypercube",
               {"traffic.pattern": ["butterfly", "perfect_shuffle", "bit_reversal", "transpose"],
                "traffic.load": SETUPS[args.setup]["hc6"], **WIDTHS})
    experiment(args, "perm-hypercube8", "hypercube",
               {"traffic.pattern": ["transpose", "bit_reversal"],
                "traffic.load": SETUPS[args.setup]["hc8"], **WIDTHS},
               {"network.n": 8})


def run_small(args):
    # The 16-node networks of Figs. 3 and 6: the 4x4 torus and the 4D hypercube, every pattern.
    patterns = ["bit_reversal", "transpose", "butterfly", "perfect_shuffle"]
    experiment(args, "perm-torus4", "torus",
               {"traffic.pattern": patterns, "traffic.load": SETUPS[args.setup]["small"], **WIDTHS},
               {"network.dims": [4, 4]})
    experiment(args, "perm-hypercube4", "hypercube",
               {"traffic.pattern": patterns, "traffic.load": SETUPS[args.setup]["small"], **WIDTHS},
               {"network.n": 4})


def run_tie(args):
    experiment(args, "tie", "torus",
               {"traffic.pattern": ["butterfly", "bit_reversal", "transpose"],
                "network.torus_tie": ["plus", "balanced", "random"], **WIDTHS},
               {"traffic.load": SETUPS[args.setup]["probe_load"]})


def run_supernode(args):
    # Definition 1's two types at equal width (3): Gravity Area of radius 1 and 2 (5 and 13
    # routers on the 8x8 torus), Subtopology of radix 2 and 3 (2x2 and 3x3 blocks), both the
    # MeSA and the MeGA.
    supernodes = [("gravity_area", 1), ("gravity_area", 2), ("subtopology", 2), ("subtopology", 3)]
    for pattern, fixed in (("bit_reversal", {"traffic.pattern": "bit_reversal"}),
                           ("hot_area", HOT_AREA)):
        rows = []
        for kind, size in supernodes:
            runs = sweep(args, f"supernode-{pattern}-{kind}-{size}", "torus",
                         {"traffic.load": [SETUPS[args.setup]["probe_load"]]},
                         {**fixed, "drb.supernode": kind, "drb.source_size": size,
                          "drb.destination_size": size})
            t = over_seeds(runs, ["traffic.load"]).iloc[0]
            rows.append({"pattern": pattern, "supernode": kind, "size": size,
                         "latency": pm(t.latency, t.latency_std),
                         "wait": pm(t.contention, t.contention_std, 2),
                         "accepted": pm(t.accepted_load, t.accepted_load_std, 3),
                         "width": t.mean_width, "latency_mean": t.latency,
                         "wait_mean": t.contention})
        table = pd.DataFrame(rows)
        table.to_csv(args.out / f"supernode-{pattern}.csv", index=False)
        show(f"supernode types, {pattern}", table)


EXPERIMENTS = {"length": run_length, "uniform": run_uniform, "hot": run_hot, "perm": run_perm,
               "small": run_small, "tie": run_tie, "supernode": run_supernode}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("experiment", choices=[*EXPERIMENTS, "all"])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("WARPNET_JOBS", "1")))
    parser.add_argument("--out", type=Path, default=Path("/tmp/warpnet-drb-seed"))
    parser.add_argument("--setup", choices=list(SETUPS), default="seed")
    parser.add_argument("--binary", type=Path, default=None)
    args = parser.parse_args()
    args.out = args.out / args.setup
    args.seeds = [int(s) for s in args.seeds.split(",")]
    args.binary = wa.find_warpnet(args.binary or REPO / "build" / "app" / "warpnet")
    args.out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    for name in EXPERIMENTS if args.experiment == "all" else [args.experiment]:
        EXPERIMENTS[name](args)
    print(f"\ntotal: {time.monotonic() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
