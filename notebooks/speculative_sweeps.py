# SPDX-License-Identifier: Apache-2.0
"""Runs and summarises the seed 002 reproduction (docs/reproduction/speculative.md).

    /usr/bin/python3 notebooks/speculative_sweeps.py [--only NAME ...] [--jobs 2] [--quick]

Each experiment is a list of variants (a name and --set overrides) swept over loads and
seeds 1, 2, 3 with `warpnet sweep` into results/speculative/<experiment>/<variant>/; the summary,
results/speculative/summary.csv, has one row per experiment, variant and load: the mean, min and
max over the seeds of the accepted load (flits/node/cycle), the latency (cycles) and the status
ages (cycles, speculative variants). --quick runs seed 1 only (for the notebook's smoke test).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import h5py
import pandas as pd

ROOT = Path(os.environ.get("WARPNET_SOURCE_DIR", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(ROOT / "analysis"))
from warpnet_analysis.runs import load_runs  # noqa: E402

WARPNET = os.environ.get("WARPNET_BIN", str(ROOT / "build" / "app" / "warpnet"))
OUT = Path(os.environ.get("WARPNET_SPECULATIVE_OUT", ROOT / "results" / "speculative"))
HOTSPOT = ROOT / "examples" / "speculative-hotspot.toml"
UNIFORM = ROOT / "examples" / "speculative-uniform.toml"
SEEDS = "1,2,3"

PAPER = {}  # the paper's own settings: speculative_2hop, D as written, 10 of 100 cycles
TURN = {"speculative.d_marks": "turn"}
FREE = {"speculative.handshake_cycles": "0", "speculative.data_cycles": "1"}


def variant(selection: str, **sets: str) -> dict[str, str]:
    return {"router.selection": selection, **sets}


HOT_LOADS = "0.02,0.04,0.06,0.08,0.1,0.12,0.14,0.16,0.18,0.2"
ABL_LOADS = "0.04,0.08,0.1,0.12,0.14,0.18"
PATTERN_LOADS = "0.05,0.1,0.15,0.2,0.25"

FIDELITY_RUN = {"simulation.end_time": "6000", "traffic.warmup_cycles": "1500"}
FIDELITY_LOADS = "0.04,0.08,0.1,0.12,0.14,0.16,0.2"
FIDELITY_TRAFFIC = {  # name -> (configuration, its sets)
    "uniform": (UNIFORM, {}),
    **{f"hot{int(round(f * 100)):02d}": (HOTSPOT, {"traffic.hot_spot.fraction": str(f)})
       for f in (0.02, 0.05, 0.10)},
}
FIDELITY_VARIANTS = {
    "straight": variant("straight"),
    "straight_charged": variant("straight_charged"),
    "ssr": variant("speculative_2hop"),
    "ssr_ideal": variant("speculative_2hop", **{"speculative.status_exchange": "ideal"}),
    "ssr_ideal_charged": variant("speculative_2hop",
                                 **{"speculative.status_exchange": "ideal_charged"}),
}
# Between the fidelity grid's loads on each side of the knees (0.12-0.14 uniform and hot spot
# 5 %, 0.08-0.10 hot spot 10 %, shared layout).
KNEE_LOADS = {"uniform": "0.11,0.12,0.125,0.13,0.135,0.14,0.15",
              "hot05": "0.105,0.11,0.115,0.12,0.125,0.13,0.14",
              "hot10": "0.08,0.085,0.09,0.095,0.1,0.105,0.11"}

# experiment -> (config, fixed sets, loads, {variant name: sets})
EXPERIMENTS: dict[str, tuple[Path, dict, str, dict[str, dict]]] = {
    "fig45": (HOTSPOT, {}, HOT_LOADS, {
        "straight": variant("straight"),
        "ssr": variant("speculative_2hop"),
    }),
    "ablation": (HOTSPOT, {}, ABL_LOADS, {
        "local_status": variant("local_status"),
        "local_status_turn": variant("local_status", **TURN),
        "ssr_1hop": variant("speculative_1hop"),
        "ssr_turn": variant("speculative_2hop", **TURN),
        "ssr_free": variant("speculative_2hop", **FREE),
        "ssr_turn_free": variant("speculative_2hop", **TURN, **FREE),
        "ssr_1hop_turn_free": variant("speculative_1hop", **TURN, **FREE),
        "max_credits": variant("max_credits"),
        "random": variant("random"),
    }),
    **{
        f"pattern_{pattern}": (UNIFORM, {"traffic.pattern": pattern}, PATTERN_LOADS, {
            "straight": variant("straight"),
            "local_status_turn": variant("local_status", **TURN),
            "ssr": variant("speculative_2hop"),
            "ssr_turn": variant("speculative_2hop", **TURN),
            "ssr_turn_free": variant("speculative_2hop", **TURN, **FREE),
        })
        for pattern in ("uniform", "transpose", "bit_reversal")
    },
    "period": (HOTSPOT, dict(TURN, **{"router.selection": "speculative_2hop"}), "0.1,0.14", {
        f"period_{p}": {"speculative.period_cycles": str(p)} for p in (50, 100, 200, 400, 800)
    }),
    # Opt-y is 2D-mesh only: the other networks use Duato's minimal adaptive routing (escape VC,
    # atomic VC allocation: `duato`; minimal_adaptive deadlocks here, routing/duato.hpp).
    **{
        f"net_{name}": (HOTSPOT, {"network.routing": "duato", "router.vcs": "2", **net},
                        loads, {
            "straight": variant("straight"),
            "ssr": variant("speculative_2hop"),
            "ssr_turn": variant("speculative_2hop", **TURN),
            "ssr_turn_free": variant("speculative_2hop", **TURN, **FREE),
        })
        for name, net, loads in (
            ("mesh16_duato", {}, "0.06,0.1,0.14,0.18"),
            ("mesh3d_8x8x4", {"network.dims": "[8,8,4]",
                              "traffic.hot_spot.nodes": "[155,156,163,164]"}, "0.1,0.2,0.3,0.4"),
            ("torus16", {"network.topology": "torus", "router.vcs": "3"},
             "0.1,0.15,0.2,0.25,0.3"),
        )
    },
    # Issue 28, the seed's set-up settled: both Opt-y channel layouts, the exchange's ablations
    # (straight charged with the exchange's link time; SSR with ideal, free and fresh status),
    # the seed's uniform traffic and three hot-spot strengths. Shortened to 6,000 cycles with a
    # 1,500-cycle warm-up so that the whole grid fits 2 shared cores.
    **{
        f"fidelity_{traffic}": (config, {**FIDELITY_RUN, **traffic_sets}, FIDELITY_LOADS, {
            f"{name}_{layout_name}": {**sets, "opt_y.vc_layout": layout}
            for layout_name, layout in (("shared", "shared"), ("4n2", "4n-2"))
            for name, sets in FIDELITY_VARIANTS.items()
        })
        for traffic, (config, traffic_sets) in FIDELITY_TRAFFIC.items()
    },
    # Issue 28, what was left: the balance measured over the measurement interval only (the
    # link-load spread counts flits from the end of the warm-up on), below and past the knee,
    # and a finer load grid around each knee; the fidelity runs' length, shared layout.
    **{
        f"balance_{traffic}": (FIDELITY_TRAFFIC[traffic][0],
                               {**FIDELITY_RUN, **FIDELITY_TRAFFIC[traffic][1]}, "0.08,0.14,0.2", {
            name: FIDELITY_VARIANTS[name] for name in ("straight", "ssr", "ssr_ideal")
        })
        for traffic in ("uniform", "hot05", "hot10")
    },
    # The notebook at CI size (seed 1): each verdict of the page's summary on a few loads of the
    # same 6,000-cycle runs (shared layout): below the knee, at it and past it.
    "ci_hot05": (HOTSPOT, {**FIDELITY_RUN, **FIDELITY_TRAFFIC["hot05"][1]}, "0.08,0.14,0.2", {
        name: FIDELITY_VARIANTS[name] for name in ("straight", "ssr", "ssr_ideal")
    }),
    "ci_uniform": (UNIFORM, FIDELITY_RUN, "0.08,0.14", {
        name: FIDELITY_VARIANTS[name] for name in ("straight", "ssr")
    }),
    "ci_hot10": (HOTSPOT, {**FIDELITY_RUN, **FIDELITY_TRAFFIC["hot10"][1]}, "0.08,0.1", {
        name: FIDELITY_VARIANTS[name] for name in ("straight", "ssr_ideal")
    }),
    **{
        f"knee_{traffic}": (FIDELITY_TRAFFIC[traffic][0],
                            {**FIDELITY_RUN, **FIDELITY_TRAFFIC[traffic][1]}, loads, {
            name: FIDELITY_VARIANTS[name] for name in ("straight", "ssr", "ssr_ideal")
        })
        for traffic, loads in (("uniform", KNEE_LOADS["uniform"]), ("hot05", KNEE_LOADS["hot05"]),
                               ("hot10", KNEE_LOADS["hot10"]))
    },
    "mesh64": (HOTSPOT, {"network.dims": "[64,64]", "simulation.end_time": "8000",
                         "traffic.warmup_cycles": "2000",
                         "traffic.hot_spot.nodes": "[2015,2016,2079,2080]"},
               # the hot nodes alone saturate at 1 / (4096 * 0.05 / 4 + 1) = 0.019
               "0.004,0.008,0.012,0.016", {
        "straight": variant("straight"),
        "ssr": variant("speculative_2hop"),
        "ssr_turn": variant("speculative_2hop", **TURN),
    }),
}


def run_sweep(directory: Path, config: Path, sets: dict[str, str], loads: str, seeds: str,
              jobs: int) -> None:
    if (directory / "index.csv").is_file():
        return
    args = [WARPNET, "sweep", str(config), "--set", f"traffic.load={loads}",
            "--set", f"simulation.seed={seeds}", "--jobs", str(jobs),
            "--output-dir", str(directory), "--force"]
    for key, value in sets.items():
        args += ["--set", f"{key}={value}"]
    subprocess.run(args, check=True, stdout=subprocess.DEVNULL)


def status_ages(file: Path) -> tuple[float, float]:
    """Mean 1-hop and 2-hop ages at use (cycles), NaN without an exchange."""
    with h5py.File(file, "r") as f:
        if "network/status_age" not in f:
            return float("nan"), float("nan")
        t = f["network/status_age"][()]
    result = []
    for hops in (1, 2):
        rows = t[t["hops"] == hops]
        uses = rows["uses"].sum()
        result.append(float(rows["age_sum"].sum()) / uses if uses else float("nan"))
    return result[0], result[1]


def summarise(experiment: str, name: str, directory: Path) -> pd.DataFrame:
    runs = load_runs(directory)
    ages = [status_ages(directory / f) for f in runs["file"]]
    runs["age_1hop"] = [a[0] for a in ages]
    runs["age_2hop"] = [a[1] for a in ages]
    runs["saturated_yes"] = [
        1.0 if v is True or str(v).lower().startswith(("yes", "true")) else 0.0
        for v in runs["saturated"]
    ]
    grouped = runs.groupby("traffic.load")
    rows = []
    for load, g in grouped:
        row = {"experiment": experiment, "variant": name, "load": load, "seeds": len(g)}
        for column in ("accepted_load", "latency", "age_1hop", "age_2hop", "saturated_yes",
                       "link_load_cv", "link_load_max_mean"):
            values = g[column] if column in g else pd.Series([float("nan")] * len(g))
            row[f"{column}_mean"] = values.mean()
            row[f"{column}_sd"] = values.std(ddof=1)
            row[f"{column}_min"] = values.min()
            row[f"{column}_max"] = values.max()
        rows.append(row)
    return pd.DataFrame(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="*", default=None, help="experiments to run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="seed 1 only")
    args = parser.parse_args()
    seeds = "1" if args.quick else SEEDS
    frames = []
    for experiment, (config, fixed, loads, variants) in EXPERIMENTS.items():
        if args.only is not None and experiment not in args.only:
            continue
        for name, sets in variants.items():
            directory = OUT / experiment / name
            run_sweep(directory, config, {**fixed, **sets}, loads, seeds, args.jobs)
            frames.append(summarise(experiment, name, directory))
            print(f"{experiment}/{name}: done", flush=True)
    summary = pd.concat(frames, ignore_index=True)
    path = OUT / ("summary-quick.csv" if args.quick else "summary.csv")
    if args.only is not None and path.is_file():
        old = pd.read_csv(path)
        old = old[~old["experiment"].isin(summary["experiment"].unique())]
        summary = pd.concat([old, summary], ignore_index=True)
    summary.to_csv(path, index=False)
    print(path)


if __name__ == "__main__":
    main()
