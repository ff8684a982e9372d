# SPDX-License-Identifier: Apache-2.0
"""Mean ± sd over seeds 1-3 of the figures behind summary rows 6, 9, 11-19 and 21-23 of
docs/reproduction/missions.md: the CS best-to-worst spread in both orders (row 6), the makespan
by σ (row 9), LBF over the link-load bound by density (rows 11-12), LBF against FIFO at light
load (row 13), LBF against OPT and FIFO under hot-spot traffic (rows 14-16), PA-LBF against
EQ-FIFO and DFS-LBF against PA-LBF by density and by hot spots (rows 17-19), PA-LBF against the
CPS-OPT schedule found (rows 21-22), DFS under CS against MS (row 23).

Each figure is computed per seed (e.g. LBF / bound − 1 of one seed's run means), then its mean and
standard deviation over the seeds are printed. Runs: examples/missions-q4.toml, 1,000 missions
per run (300 with OPT or CPS-OPT), `mission.resolution = 100`, one run at a time. The runs are
cached in the output directory (a rerun only computes the missing ones).

    nice -n 10 /usr/bin/python3 notebooks/missions_spreads.py [--out DIR] [--missions 1000]
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
SEEDS = [1, 2, 3]
DENSITIES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0]
HOTS = [1, 2, 3, 4, 6, 8]


def grids(missions: int) -> list[dict]:
    g = []
    for sw in ("message", "circuit", "vct"):        # rows 11-13, 17: e-cube FIFO and LBF
        for p in ("fifo", "lbf"):
            g += [{"adapter.switching": sw, "adapter.policy": p, "mission.density": d}
                  for d in DENSITIES]
    for sw in ("message", "circuit", "vct"):        # rows 17, 18, 23: PA-LBF and DFS-LBF
        for r in ("pa", "dfs") if sw != "vct" else ("pa",):  # DFS under VCT is DFS under CS
            g += [{"adapter.switching": sw, "adapter.routing": r, "adapter.policy": "lbf",
                   "mission.density": d} for d in DENSITIES]
    for h in HOTS:                                   # rows 15, 16, 19
        for sw in ("message", "circuit"):
            g += [{"mission.hot_spots": h, "adapter.switching": sw, "adapter.policy": p}
                  for p in ("fifo", "lbf")]
            g += [{"mission.hot_spots": h, "adapter.switching": sw, "adapter.routing": r,
                   "adapter.policy": "lbf"} for r in ("pa", "dfs")]
    g += [{"mission.hot_spots": h, "adapter.policy": "lbf", "mission.opt": "true",   # row 14
           "mission.opt_budget": 2000, "mission.count": min(300, missions)} for h in HOTS]
    for sw, setup in (("message", None), ("vct", None), ("circuit", "source")):   # row 13
        for d in (0.05, 0.1):
            g += [{"adapter.switching": sw, "adapter.policy": p, "mission.density": d,
                   **({"adapter.circuit_setup": setup} if setup else {})} for p in ("fifo", "lbf")]
    for sigma in (0, 2, 8):                          # row 9 (σ = 5 is Table 1's)
        for sw in ("message", "vct"):
            g += [{"adapter.switching": sw, "adapter.policy": p, "mission.length_sigma": sigma}
                  for p in ("fifo", "lf", "ff", "lbf")]
    for setup in ("global", "source"):               # row 6: Table 1's CS column, both orders
        g += [{"adapter.switching": "circuit", "adapter.policy": p,
               **({"adapter.circuit_setup": setup} if setup != "global" else {})}
              for p in ("fifo", "lf", "sf", "ff", "nf", "lbf", "sbf")]
    g += [{"adapter.switching": sw, "adapter.policy": p} for sw in ("message", "vct")
          for p in ("fifo", "lf", "ff", "lbf")]
    for sw in ("message", "circuit", "vct"):         # rows 21-22: CPS-OPT and PA-LBF
        for d in (0.1, 0.95):
            g.append({"adapter.switching": sw, "adapter.policy": "lbf", "mission.density": d,
                      "mission.cps_opt": "true", "mission.cps_iterations": 5000,
                      "mission.opt_budget": 2000, "mission.count": min(300, missions)})
            g.append({"adapter.switching": sw, "adapter.routing": "pa", "adapter.policy": "lbf",
                      "mission.density": d, "mission.count": min(300, missions)})
    return [{"mission.count": missions, **x} for x in g]


def run_one(settings: dict, out: Path, warpnet: str) -> dict:
    s = {"mission.resolution": 100, "mission.period": 2000, **settings}
    name = "-".join(f"{k.split('.')[-1]}={v}" for k, v in sorted(s.items()))
    stats = out / f"{name}.json"
    if not stats.is_file():
        cmd = [warpnet, "run", str(ROOT / "examples" / "missions-q4.toml"), "--no-progress",
               "--output", str(out / f"{name}.h5"), "--force", "--stats-json", str(stats)]
        for k, v in s.items():
            cmd += ["--set", f"{k}={v}"]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        (out / f"{name}.h5").unlink()
    fig = json.loads(stats.read_text())["figures"]
    assert fig["overlapping_missions"]["value"] == 0
    row = {"switching": "message", "routing": "ecube", "hot": 0, "density": 0.95, "opt": False,
           "cps_opt": False, "length_sigma": 5.0, "circuit_setup": "global", "count": 0,
           **{k.split(".")[-1].replace("hot_spots", "hot"): v for k, v in settings.items()}}
    for key in ("makespan_mean", "bound_mean", "opt_mean", "opt_lower_mean", "cps_opt_mean"):
        if key in fig:
            row[key] = fig[key]["value"]
    return row


def pm(series: pd.Series, fmt: str = ".2f") -> str:
    return f"{series.mean():{fmt}} ± {series.std():{fmt}}"


def report_extra(df: pd.DataFrame) -> None:
    base = df[(df["hot"] == 0) & ~df["opt"] & ~df["cps_opt"] & (df["count"] == df["count"].max())]
    print("## Row 13: LBF vs FIFO at light load (%; CS in source order)")
    for sw in ("message", "vct", "circuit"):
        setup = "source" if sw == "circuit" else "global"
        for d in (0.05, 0.1):
            part = base[(base["switching"] == sw) & (base["density"] == d)
                        & (base["routing"] == "ecube")
                        & (base["circuit_setup"] == setup) & (base["length_sigma"] == 5.0)]
            m = part.pivot_table(index="seed", columns="policy", values="makespan_mean")
            print(f"{sw:8} {d}: FIFO {pm(m['fifo'])}  LBF {pm(m['lbf'])}  LBF vs FIFO "
                  f"{pm(100 * (m['lbf'] / m['fifo'] - 1))} %")
    print("## Row 9: makespan by σ (e-cube, density 0.95); the least growth per σ step, per seed")
    for sw in ("message", "vct"):
        part = base[(base["switching"] == sw) & (base["density"] == 0.95)
                    & (base["routing"] == "ecube")]
        m = part.pivot_table(index=["length_sigma", "seed"], columns="policy",
                             values="makespan_mean")
        for p in ("fifo", "lf", "ff", "lbf"):
            cells = "  ".join(f"σ={sg:g}: {pm(m.loc[sg][p])}" for sg in (0.0, 2.0, 5.0, 8.0))
            print(f"{sw:8} {p:4} {cells}")
    print("## Row 6: CS best - worst over the 7 policies (Table 1's CS column)")
    for setup in ("global", "source"):
        part = base[(base["switching"] == "circuit") & (base["density"] == 0.95)
                    & (base["routing"] == "ecube") & (base["circuit_setup"] == setup)
                    & (base["length_sigma"] == 5.0)]
        m = part.pivot_table(index="seed", columns="policy", values="makespan_mean")
        if m.shape[1] == 7:
            print(f"{setup}: spread {pm(m.max(axis=1) - m.min(axis=1))}  "
                  + "  ".join(f"{p} {pm(m[p])}" for p in m.columns))
    print("## Rows 21-22: PA-LBF over the CPS-OPT schedule found (%; 300 missions)")
    cps = df[df["cps_opt"]].set_index(["switching", "density", "seed"])["cps_opt_mean"]
    pa = df[(df["routing"] == "pa") & (df["count"] == 300) & (df["hot"] == 0)].set_index(
        ["switching", "density", "seed"])["makespan_mean"]
    for sw in ("message", "circuit", "vct"):
        for d in (0.1, 0.95):
            a, b = pa.sort_index().loc[(sw, d)], cps.sort_index().loc[(sw, d)]
            print(f"{sw:8} {d}: PA-LBF {pm(a)}  CPS-OPT found {pm(b)}  "
                  f"PA-LBF over it {pm(100 * (a / b - 1))} %")


def report(df: pd.DataFrame) -> None:
    df = df.copy()
    df["opt"] = df["opt"].astype(str) == "true"
    df["cps_opt"] = df["cps_opt"].astype(str) == "true"
    report_extra(df)
    df = df[~df["cps_opt"] & (df["length_sigma"] == 5.0) & (df["circuit_setup"] == "global")
            & ((df["count"] == df["count"].max()) | df["opt"])]
    dens = df[(df["hot"] == 0) & ~df["opt"]]
    m = dens.pivot_table(index=["switching", "density", "seed"], columns=["routing", "policy"],
                         values="makespan_mean")
    ecube = dens[dens["routing"] == "ecube"]
    b = ecube.groupby(["switching", "density", "seed"])["bound_mean"].first()
    print("## Rows 11-12: e-cube LBF over the link-load bound (%), and FIFO, LBF (time units)")
    for sw in ("message", "vct", "circuit"):
        for d in DENSITIES:
            lbf = m.loc[(sw, d), ("ecube", "lbf")]
            fifo = m.loc[(sw, d), ("ecube", "fifo")]
            over = 100 * (lbf / b.loc[(sw, d)] - 1)
            print(f"{sw:8} {d:4}: FIFO {pm(fifo)}  LBF {pm(lbf)}  LBF/bound {pm(over)} %  "
                  f"LBF vs FIFO {pm(100 * (lbf / fifo - 1))} %")
    print("## Rows 17, 18, 23: PA-LBF vs EQ-FIFO, DFS-LBF vs PA-LBF (%), DFS-LBF (time units)")
    for sw in ("message", "circuit", "vct"):
        for d in DENSITIES:
            row = m.loc[(sw, d)]
            pa, fifo = row[("pa", "lbf")], row[("ecube", "fifo")]
            dfs = row[("dfs", "lbf")] if sw != "vct" else m.loc[("circuit", d)][("dfs", "lbf")]
            print(f"{sw:8} {d:4}: EQ-FIFO {pm(fifo)}  PA-LBF {pm(pa)}  DFS-LBF {pm(dfs)}  "
                  f"PA vs EQ-FIFO {pm(100 * (pa / fifo - 1))} %  "
                  f"DFS vs PA {pm(100 * (dfs / pa - 1))} %")
    hot = df[(df["hot"] > 0) & ~df["opt"]]
    h = hot.pivot_table(index=["switching", "hot", "seed"], columns=["routing", "policy"],
                        values="makespan_mean")
    print("## Rows 15, 16, 19: hot spots (density 0.95)")
    for sw in ("message", "circuit"):
        for k in HOTS:
            row = h.loc[(sw, k)]
            fifo, lbf = row[("ecube", "fifo")], row[("ecube", "lbf")]
            pa, dfs = row[("pa", "lbf")], row[("dfs", "lbf")]
            print(f"{sw:8} h={k}: FIFO {pm(fifo)}  LBF {pm(lbf)}  LBF vs FIFO "
                  f"{pm(100 * (lbf / fifo - 1))} %  PA {pm(pa)}  DFS {pm(dfs)}  DFS vs PA "
                  f"{pm(100 * (dfs / pa - 1))} %")
    opt = df[df["opt"]].set_index(["hot", "seed"]).sort_index()
    print("## Row 14: MS LBF against OPT under hot spots (300 missions, 2,000 nodes)")
    for k in HOTS:
        row = opt.loc[k]
        print(f"h={k}: LBF {pm(row['makespan_mean'])}  OPT {pm(row['opt_mean'])}  lower "
              f"{pm(row['opt_lower_mean'])}  "
              f"LBF vs OPT {pm(100 * (row['makespan_mean'] / row['opt_mean'] - 1))} %"
              f"  LBF vs lower {pm(100 * (row['makespan_mean'] / row['opt_lower_mean'] - 1))} %")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "results" / "missions-spreads")
    ap.add_argument("--missions", type=int, default=1000)
    ap.add_argument("--warpnet", default=os.environ.get("WARPNET_BIN",
                                                        str(ROOT / "build" / "app" / "warpnet")))
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    rows = []
    jobs = [{**g, "simulation.seed": s} for g in grids(args.missions) for s in SEEDS]
    for i, job in enumerate(jobs):
        rows.append(run_one(job, args.out, args.warpnet))
        if i % 50 == 0:
            print(f"{i}/{len(jobs)} runs", file=sys.stderr, flush=True)
    df = pd.DataFrame(rows)
    df.to_csv(args.out / "runs.csv", index=False)
    report(df)
    return 0


if __name__ == "__main__":
    sys.exit(main())
