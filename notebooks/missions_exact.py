# SPDX-License-Identifier: Apache-2.0
"""Exact circuit-switched schedules of small missions against PA-LBF, for claim 22 of
docs/reproduction/missions.md ("PA-LBF within 7 % of CPS-OPT under CS"). Per seed and mission:
PA-LBF's makespan under CS, and the least makespan over every choice of minimal paths and every
schedule (warpnet_analysis.exact_circuits, a MILP solved by HiGHS; proven optimal or with its
proven bound); the run's CPS-OPT (our annealing + branch and bound) beside them.

    PYTHONPATH=analysis /usr/bin/python3 notebooks/missions_exact.py --n 3 --density 0.5 \
        --count 4 --seeds 1 2 3 --time-limit 60
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from warpnet_analysis.exact_circuits import solve_circuits

ROOT = Path(__file__).resolve().parents[1]


def run_warpnet(settings: dict, out: Path, warpnet: str) -> tuple[dict, Path]:
    config = ROOT / "examples" / "missions-q4.toml"
    name = "-".join(f"{k.split('.')[-1]}={v}" for k, v in sorted(settings.items()))
    h5 = out / f"{name}.h5"
    stats = out / f"{name}.json"
    cmd = [warpnet, "run", str(config), "--no-progress", "--output", str(h5), "--force",
           "--stats-json", str(stats)]
    for k, v in settings.items():
        cmd += ["--set", f"{k}={v}"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    figures = json.loads(stats.read_text())["figures"]
    return {k: v["value"] for k, v in figures.items()}, h5


def per_mission(h5: Path) -> dict[int, tuple[list, int]]:
    """The run's missions: per group, its messages (src, dst, length, release relative to the
    mission's first release; cycles) and its makespan (last arrival - first release)."""
    import h5py

    with h5py.File(h5, "r") as f:
        t = f["missions/messages"][()]
    missions: dict[int, list] = {}
    for row in t:
        missions.setdefault(int(row["group"]), []).append(
            (int(row["src"]), int(row["dst"]), int(row["length"]), int(row["created"]),
             int(row["delivered"])))
    out = {}
    for g, lst in missions.items():
        first = min(r[3] for r in lst)
        out[g] = (sorted((s, d, length, c - first) for s, d, length, c, _ in lst),
                  max(r[4] for r in lst) - first)
    return out


def run_pa_and_cps(n: int, density: float, count: int, seed: int, warpnet: str, out: Path,
                   cps_moves: int, cps_budget: int):
    """One seed's two circuit-switched runs on the same missions: PA-LBF, and CPS-OPT's search
    with the given budget. Returns (pa summary, pa file, cps summary, cps file)."""
    base = {"network.n": n, "mission.density": density, "mission.count": count,
            "mission.resolution": 100, "mission.period": 2000 if n <= 4 else 3000,
            "adapter.switching": "circuit", "adapter.policy": "lbf", "simulation.seed": seed}
    pa, pa_h5 = run_warpnet({**base, "adapter.routing": "pa"}, out, warpnet)
    cps, cps_h5 = run_warpnet({**base, "mission.cps_opt": "true",
                               "mission.cps_iterations": cps_moves,
                               "mission.opt_budget": cps_budget}, out, warpnet)
    return pa, pa_h5, cps, cps_h5


def study(n: int, density: float, count: int, seeds: list[int], time_limit: float,
          warpnet: str, out: Path, cps_moves: int = 1000, cps_budget: int = 500) -> list[dict]:
    """Per seed and mission: PA-LBF's makespan (CS), the CPS-OPT schedule found by our annealing
    and branch and bound, and the MILP's schedule and proven bound over all minimal paths."""
    results = []
    for seed in seeds:
        pa, pa_h5, cps, cps_h5 = run_pa_and_cps(n, density, count, seed, warpnet, out,
                                                cps_moves, cps_budget)
        missions = per_mission(cps_h5)
        pa_missions = per_mission(pa_h5)
        cps_h5.unlink()
        pa_h5.unlink()
        for g, (msgs, _) in sorted(missions.items()):
            assert pa_missions[g][0] == msgs, "PA and CPS-OPT runs see the same missions"
            exact = solve_circuits(msgs, n, pa_missions[g][1], time_limit)
            results.append({"seed": seed, "group": g, "pa_lbf": pa_missions[g][1] / 100,
                            "exact": exact["makespan"] / 100, "exact_lower": exact["lower"] / 100,
                            "optimal": exact["optimal"], "messages": exact["messages"],
                            "cps_opt_found_run_mean": cps["cps_opt_mean"],
                            "cps_opt_lower_run_mean": cps["cps_opt_lower_mean"]})
    return results


def found_study(n: int, density: float, count: int, seeds: list[int], warpnet: str, out: Path,
                cps_moves: int = 5000, cps_budget: int = 2000) -> list[dict]:
    """Per seed: PA-LBF's mean makespan under CS and the mean CPS-OPT schedule our annealing and
    branch and bound find (an upper bound on CPS-OPT on the annealed paths), no MILP."""
    rows = []
    for seed in seeds:
        pa, pa_h5, cps, cps_h5 = run_pa_and_cps(n, density, count, seed, warpnet, out,
                                                cps_moves, cps_budget)
        pa_h5.unlink()
        cps_h5.unlink()
        rows.append({"density": density, "seed": seed, "pa_lbf": pa["makespan_mean"],
                     "cps_opt_found": cps["cps_opt_mean"],
                     "cps_opt_lower": cps["cps_opt_lower_mean"],
                     "pa_over_found_%": 100 * (pa["makespan_mean"] / cps["cps_opt_mean"] - 1)})
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=3)
    ap.add_argument("--density", type=float, nargs="+", default=[0.5, 0.7, 0.95])
    ap.add_argument("--count", type=int, default=10)
    ap.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    ap.add_argument("--time-limit", type=float, default=60.0)
    ap.add_argument("--warpnet", default=os.environ.get("WARPNET_BIN",
                                                        str(ROOT / "build" / "app" / "warpnet")))
    ap.add_argument("--json", type=Path, help="write the per-mission rows here")
    ap.add_argument("--found-only", action="store_true",
                    help="PA-LBF against the CPS-OPT schedules found, no MILP")
    args = ap.parse_args(argv)
    import pandas as pd

    if args.found_only:
        with tempfile.TemporaryDirectory() as tmp:
            frame = pd.DataFrame([r for d in args.density for r in found_study(
                args.n, d, args.count, args.seeds, args.warpnet, Path(tmp))])
        print(frame.round(3).to_string())
        print(frame.groupby("density").agg(["mean", "std"]).round(3).to_string())
        return 0

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for d in args.density:
            for r in study(args.n, d, args.count, args.seeds, args.time_limit, args.warpnet,
                           Path(tmp)):
                rows.append({"density": d, **r})
                print(rows[-1], flush=True)
    frame = pd.DataFrame(rows)
    if args.json:
        args.json.write_text(frame.to_json(orient="records"))
    per_seed = frame.groupby(["density", "seed"]).agg(
        pa_lbf=("pa_lbf", "mean"), found=("cps_opt_found_run_mean", "first"),
        exact=("exact", "mean"),
        exact_lower=("exact_lower", "mean"), optimal=("optimal", "mean"))
    per_seed["pa_over_exact_%"] = 100 * (per_seed["pa_lbf"] / per_seed["exact"] - 1)
    per_seed["pa_over_lower_%"] = 100 * (per_seed["pa_lbf"] / per_seed["exact_lower"] - 1)
    per_seed["found_over_exact_%"] = 100 * (per_seed["found"] / per_seed["exact"] - 1)
    print(per_seed.round(3).to_string())
    print(per_seed.groupby("density").agg(["mean", "std"]).round(3).T.to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
