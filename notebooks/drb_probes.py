# SPDX-License-Identifier: Apache-2.0
"""Multi-seed DRB probes of issue 15 (docs/reproduction/drb.md, "Issue 15 probes").

Each probe is a `warpnet sweep` of the reproduction notebook's base configuration (8x8 torus,
wormhole, 10-flit packets, 8 VCs x 4 flits, Poisson) over its keys and `simulation.seed`, reduced
to the mean and the spread (standard deviation, and min..max) over the seeds.

    PYTHONPATH=analysis /usr/bin/python3 notebooks/drb_probes.py controller --seeds 1,2,3
    PYTHONPATH=analysis /usr/bin/python3 notebooks/drb_probes.py all --out /tmp/probes

Probes: controller (paper/step x message/metapath x Tol, uniform and bit-reversal), uniform (the
no-harm question: VCs, ACK path, ThL, controller), tie (network.torus_tie on DOR and DRB),
candidates (drb.candidate_tie on transpose / shuffle). Each writes <out>/<probe>.csv and prints
a table; the numbers in the page are these tables.
"""
from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analysis"))
import warpnet_analysis as wa  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
BASE = """
[simulation]
name = "probe"
model = "network"
engine = "sequential"
seed = 1
end_time = 12000.0

[network]
topology = "torus"
dims = [8, 8]
routing = "drb"
torus_tie = "balanced"

[router]
vcs = 8
buffer_depth = 4
switching = "wormhole"

[traffic]
pattern = "uniform"
load = 0.2
packet_size = 10
injection = "poisson"
warmup_cycles = 3000

[metrics]
window_cycles = 1000

[drb]
max_width = 3
# The issue-15 tables were measured before drb.ack_vcs = shared became the default; the probes
# keep that model unless they say otherwise (uniform-shared).
ack_vcs = "reserved"
"""
FIGURES = ["offered_load", "accepted_load", "latency", "contention", "mean_width",
           "noncanonical_fraction", "ack_share", "saturated"]


def toml_value(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(toml_value(v) for v in value) + "]"
    return str(value).lower() if isinstance(value, bool) else str(value)


def sweep(out: Path, name: str, swept: dict, fixed: dict, seeds: list[int], jobs: int,
          binary: Path) -> pd.DataFrame:
    """One `warpnet sweep` with `simulation.seed` as the last swept key; the raw runs."""
    config = out / "probe-base.toml"
    config.write_text(BASE)
    directory = out / name
    args = [str(binary), "sweep", str(config), "--output-dir", str(directory), "--jobs",
            str(jobs), "--force"]
    for key, value in fixed.items():
        args += ["--set", f"{key}={toml_value(value)}"]
    for key, values in {**swept, "simulation.seed": seeds}.items():
        args += ["--set", f"{key}={','.join(toml_value(v) for v in values)}"]
    start = time.monotonic()
    done = subprocess.run(args, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}\nexit {done.returncode}\n{done.stderr[-3000:]}")
    runs = wa.load_runs(directory)
    print(f"{name}: {len(runs)} runs in {time.monotonic() - start:.0f} s", flush=True)
    return runs


def over_seeds(runs: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Mean, standard deviation, min and max of FIGURES over the seeds, per point of `keys`."""
    return wa.over_seeds(runs, keys, FIGURES)


def show(table: pd.DataFrame, keys: list[str]) -> None:
    cols = keys + ["latency", "latency_std", "accepted_load", "accepted_load_std", "mean_width",
                   "contention", "saturated", "seeds"]
    with pd.option_context("display.width", 200, "display.max_rows", 500):
        print(table[[c for c in cols if c in table]].round(3).to_string(index=False), flush=True)


def probe(args, name, swept, fixed=None):
    runs = sweep(args.out, name, swept, fixed or {}, args.seeds, args.jobs, args.binary)
    keys = list(swept)
    table = over_seeds(runs, keys)
    table.to_csv(args.out / f"{name}.csv", index=False)
    show(table, keys)
    return table


# One load per pattern, where the question is decided: uniform between DRB's saturation (0.39)
# and DOR's (0.52); the permutations one step past DOR's knee (docs/reproduction/drb.md).
LOADS = {"uniform": 0.45, "bit_reversal": 0.25, "transpose": 0.25, "perfect_shuffle": 0.3}


def per_pattern(args, name, patterns, swept, fixed=None):
    """probe() once per pattern at its LOADS load; one table."""
    tables = []
    for pattern in patterns:
        table = probe(args, f"{name}-{pattern}", swept,
                      {**(fixed or {}), "traffic.pattern": pattern, "traffic.load": LOADS[pattern]})
        tables.append(table.assign(pattern=pattern, load=LOADS[pattern]))
    table = pd.concat(tables, ignore_index=True)
    table.to_csv(args.out / f"{name}.csv", index=False)
    return table


def run_controller(args):
    # Width rule x controller input (the theses' rule is step + metapath); then Tol around the
    # default 5 (ThL = 20, so Tol <= 20).
    per_pattern(args, "controller", ["uniform", "bit_reversal"],
                {"drb.controller": ["paper", "step"],
                 "drb.controller_input": ["message", "metapath"]})
    per_pattern(args, "tolerance", ["uniform", "bit_reversal"],
                {"drb.controller": ["paper", "step"], "drb.tolerance": [1, 10, 20]})


def run_uniform(args):
    # The no-harm question: which cost matters. ThL = 1e5 cycles never widens but keeps DRB's
    # VC classes and ACKs: the cost of the mechanism without any balancing.
    loads = {"traffic.load": [0.45, 0.5]}
    probe(args, "uniform-dor", loads, {"traffic.pattern": "uniform", "drb.max_width": 1})
    probe(args, "uniform-drb",
          {"drb.ack": ["network", "ideal"], "drb.threshold": [20, 100000], **loads},
          {"traffic.pattern": "uniform"})
    # The fix tried: network ACKs in the data classes (drb.ack_vcs = shared).
    probe(args, "uniform-shared",
          {"drb.threshold": [20, 100000], **loads},
          {"traffic.pattern": "uniform", "drb.ack_vcs": "shared"})
    # The fix on the pattern DRB balances, and at low load.
    probe(args, "shared-bitrev", {"drb.ack_vcs": ["reserved", "shared"],
                                  "traffic.load": [0.1, 0.25, 0.3]},
          {"traffic.pattern": "bit_reversal"})
    probe(args, "low-uniform", {"drb.max_width": [1, 3], "traffic.load": [0.1, 0.3]},
          {"traffic.pattern": "uniform", "drb.ack_vcs": "shared"})


def run_tie(args):
    per_pattern(args, "tie", list(LOADS),
                {"network.torus_tie": ["plus", "balanced"], "drb.max_width": [1, 3]})


def run_candidates(args):
    per_pattern(args, "candidates", ["transpose", "perfect_shuffle"],
                {"drb.candidate_tie": ["router_id", "hashed"]}, {"network.torus_tie": args.tie})


PROBES = {"controller": run_controller, "uniform": run_uniform, "tie": run_tie,
          "candidates": run_candidates}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("probe", choices=[*PROBES, "all"])
    parser.add_argument("--seeds", default="1,2,3")
    parser.add_argument("--jobs", type=int, default=int(os.environ.get("WARPNET_JOBS", "2")))
    parser.add_argument("--out", type=Path, default=Path("/tmp/warpnet-drb-probes"))
    parser.add_argument("--tie", default="balanced", help="network.torus_tie of the candidates probe")
    parser.add_argument("--binary", type=Path, default=None)
    args = parser.parse_args()
    args.seeds = [int(s) for s in args.seeds.split(",")]
    args.binary = wa.find_warpnet(args.binary or REPO / "build" / "app" / "warpnet")
    args.out.mkdir(parents=True, exist_ok=True)
    for name in PROBES if args.probe == "all" else [args.probe]:
        PROBES[name](args)


if __name__ == "__main__":
    main()
