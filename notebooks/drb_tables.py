# SPDX-License-Identifier: Apache-2.0
"""The tables of docs/reproduction/drb.md from a full run of notebooks/drb.ipynb.

Reads the sweep directories that the notebook wrote under WARPNET_NOTEBOOK_OUT (run with
WARPNET_DRB_FULL=1) and prints, per point, the mean over the seeds, the sample standard
deviation (ddof 1) and min..max of the figures the page quotes. It runs nothing.

    PYTHONPATH=analysis /usr/bin/python3 notebooks/drb_tables.py /tmp/drbfull [/tmp/drbprobes]

The optional second directory holds the page's probe sweeps (why-dor, why-drb, tr-dor, tr-drb;
the commands are in docs/reproduction/drb.md).
"""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analysis"))
import warpnet_analysis as wa  # noqa: E402

FIGURES = ["offered_load", "accepted_load", "latency", "contention", "hops", "stretch",
           "mean_width", "noncanonical_fraction", "ack_share", "saturated", "wall_seconds"]


def agg(runs: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    runs = runs.copy()
    runs["saturated"] = runs["saturated"].fillna(False).astype(float)
    figs = [f for f in FIGURES if f in runs]
    grouped = runs.groupby(keys, sort=True, dropna=False)[figs]
    table = grouped.mean()
    for stat in ("std", "min", "max"):
        table = table.join(getattr(grouped, stat)().add_suffix("_" + stat))
    table["seeds"] = grouped.size()
    return table.reset_index()


def show(title: str, table: pd.DataFrame, cols: list[str]) -> None:
    print(f"\n=== {title}")
    with pd.option_context("display.width", 250, "display.max_rows", 1000, "display.max_columns", 50):
        print(table[[c for c in cols if c in table]].round(4).to_string(index=False), flush=True)


def load(out: Path, name: str) -> pd.DataFrame | None:
    directory = out / name
    if not directory.is_dir() or not any(directory.glob("*.h5")):
        print(f"\n=== {name}: missing")
        return None
    return wa.load_runs(directory)


MAIN = ["latency", "latency_std", "latency_min", "latency_max", "accepted_load", "accepted_load_std",
        "contention", "mean_width", "mean_width_std", "noncanonical_fraction", "stretch", "hops",
        "ack_share", "saturated", "seeds"]


def dor_drb(title: str, runs: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    table = agg(runs, keys + ["traffic.load", "drb.max_width"])
    show(title, table, keys + ["traffic.load", "drb.max_width"] + MAIN)
    # side by side: DRB against DOR
    dor = table[table["drb.max_width"] == 1].set_index(keys + ["traffic.load"])
    drb = table[table["drb.max_width"] == 3].set_index(keys + ["traffic.load"])
    side = pd.DataFrame({
        "DOR": dor["latency"], "DOR_sd": dor["latency_std"],
        "DRB": drb["latency"], "DRB_sd": drb["latency_std"],
        "lat_change_%": 100 * (drb["latency"] / dor["latency"] - 1),
        "DOR_acc": dor["accepted_load"], "DRB_acc": drb["accepted_load"],
        "acc_change_%": 100 * (drb["accepted_load"] / dor["accepted_load"] - 1),
        "DOR_cont": dor["contention"], "DRB_cont": drb["contention"],
        "width": drb["mean_width"], "width_sd": drb["mean_width_std"], "stretch_max": drb["stretch_max"],
        "DOR_sat": dor["saturated"], "DRB_sat": drb["saturated"]}).reset_index()
    show(title + " (DRB against DOR)", side, list(side.columns))
    return side


def summary(name: str, side: pd.DataFrame) -> None:
    """As the notebook's perm-summary.csv: per pattern, the load one step above DOR's highest
    unsaturated load (saturated = most seeds saturated) and the top load, with spreads."""
    rows = []
    for pattern, sub in side.groupby("traffic.pattern"):
        sub = sub.set_index("traffic.load").sort_index()
        loads = list(sub.index)
        ok = [l for l in loads if not sub.loc[l, "DOR_sat"] > 0.5]
        near = loads[min(len(loads) - 1, loads.index(ok[-1]) + 1)] if ok else loads[0]
        for tag, l in (("near", near), ("top", loads[-1])):
            rows.append({"pattern": pattern, "point": tag, "load": l, **sub.loc[l].to_dict()})
    show(name + " summary (near / top)", pd.DataFrame(rows),
         ["pattern", "point", "load", "DOR", "DOR_sd", "DRB", "DRB_sd", "lat_change_%", "DOR_acc",
          "DRB_acc", "acc_change_%", "DOR_cont", "DRB_cont", "width", "width_sd", "stretch_max"])


def main() -> None:
    out = Path(sys.argv[1])
    wall = 0.0
    runs_total = 0
    for directory in sorted(p for p in out.iterdir() if p.is_dir()):
        if any(directory.glob("*.h5")):
            r = wa.load_runs(directory)
            wall += r["wall_seconds"].sum()
            runs_total += len(r)
            print(f"{directory.name}: {len(r)} runs, {r['wall_seconds'].sum():.0f} s of run wall time")
    print(f"total: {runs_total} runs, {wall:.0f} s of run wall time")

    for name, label in (("uniform-torus", "uniform, torus 8x8"), ("uniform-hypercube", "uniform, hypercube 6D")):
        runs = load(out, name)
        if runs is not None:
            dor_drb(label, runs, [])

    for name in ("perm-torus-4x4", "perm-torus-8x8", "perm-torus-16x16", "perm-hypercube-4D",
                 "perm-hypercube-6D", "perm-hypercube-8D"):
        runs = load(out, name)
        if runs is not None:
            side = dor_drb(name, runs, ["traffic.pattern"])
            summary(name, side)

    for name in ("hotspot-torus-8x8", "hotspot-torus-4x4"):
        runs = load(out, name)
        if runs is not None:
            dor_drb(name, runs, [])

    runs = load(out, "threshold")
    if runs is not None:
        table = agg(runs, ["drb.controller_input", "traffic.load", "drb.threshold"])
        show("threshold", table, ["drb.controller_input", "traffic.load", "drb.threshold"] + MAIN)

    runs = load(out, "ack-ideal")
    if runs is not None:
        show("ack ideal", agg(runs, ["traffic.load"]), ["traffic.load"] + MAIN)

    for name in ("extreme-width1", "extreme-dor"):
        runs = load(out, name)
        if runs is not None:
            print(f"\n=== {name} digests")
            for _, r in runs.sort_values(["traffic.pattern", "traffic.load", "simulation.seed"]).iterrows():
                print(r["traffic.pattern"], r["traffic.load"], r["simulation.seed"],
                      wa.load_run(r["path"]).attrs["event_digest"], r["events_committed"], r["latency"])
    for name in ("valiant-drb", "valiant"):
        runs = load(out, name)
        if runs is not None:
            show(name, agg(runs, ["traffic.pattern", "traffic.load"]), ["traffic.pattern", "traffic.load"] + MAIN)

    runs = load(out, "phases")
    if runs is not None:
        print("\n=== phases (per seed: width / latency per phase; windows as the notebook)")
        rows = []
        for _, r in runs.iterrows():
            f = wa.window_frame(wa.load_run(r["path"]))
            delivered = f["packets_delivered"].where(f["packets_delivered"] > 0)
            f["width"] = f["width_sum"] / delivered
            phase = {"low1": (3000, 8000), "high": (10000, 16000), "low2": (20000, 24000)}
            row = {"width": r["drb.max_width"], "seed": r["simulation.seed"]}
            for tag, (a, b) in phase.items():
                sel = f[(f["start"] >= a) & (f["start"] < b)]
                row[f"width_{tag}"] = sel["width"].mean()
                row[f"latency_{tag}"] = sel["latency"].mean()
            rows.append(row)
        table = pd.DataFrame(rows).sort_values(["width", "seed"])
        show("phases per seed", table, list(table.columns))
        g = table.groupby("width")
        show("phases mean", g.mean().reset_index(), list(table.columns))
        show("phases sd", g.std().reset_index(), list(table.columns))

    # Target 7: hops of packets addressed to their source and of the others (network/pairs,
    # which metrics.latency_table = "auto" writes up to 256 nodes).
    for name in ("valiant-drb", "valiant"):
        runs = load(out, name)
        if runs is None:
            continue
        rows = []
        for _, r in runs[runs["traffic.pattern"] == "bit_reversal"].iterrows():
            pairs = wa.pair_latency(wa.load_run(r["path"]))
            self_ = pairs["src"] == pairs["dst"]
            rows.append({"load": r["traffic.load"], "seed": r["simulation.seed"],
                         "hops_other": pairs.loc[~self_, "hops_sum"].sum() / pairs.loc[~self_, "packets"].sum(),
                         "hops_self": pairs.loc[self_, "hops_sum"].sum() / pairs.loc[self_, "packets"].sum(),
                         "self_packet_share": pairs.loc[self_, "packets"].sum() / pairs["packets"].sum()})
        table = pd.DataFrame(rows).sort_values(["load", "seed"])
        show(f"{name}: bit-reversal hops by pair kind, per seed", table, list(table.columns))

    for name, keys in (("i15-tie", ["network.torus_tie"]), ("i15-rule", ["drb.controller"]),
                       ("i15-uniform", ["drb.max_width"])):
        runs = load(out, name)
        if runs is not None:
            show(name, agg(runs, keys), keys + MAIN)


def latency_maps(out: Path) -> None:
    """Target 5: per-router mean wait at the network output ports, per seed."""
    cases = {"bit-reversal 0.25": ("perm-torus-8x8", {"traffic.pattern": "bit_reversal"}, 0.25),
             "hot spot 1/3": ("hotspot-torus-8x8", {}, round(1 / 3, 4))}
    rows = []
    for case, (name, where, load_) in cases.items():
        runs = load(out, name)
        if runs is None:
            continue
        for key, value in where.items():
            runs = runs[runs[key] == value]
        runs = runs[np.isclose(runs["traffic.load"], load_)]
        for _, r in runs.iterrows():
            routers = wa.router_latency(wa.load_run(r["path"]), include_terminal=False)
            rows.append({"case": case, "routing": "DOR" if r["drb.max_width"] == 1 else "DRB",
                         "seed": r["simulation.seed"], "peak": routers["mean_wait"].max(),
                         "mean": routers["mean_wait"].mean(), "std": routers["mean_wait"].std(),
                         "peak_port": routers["max_port_wait"].max()})
    table = pd.DataFrame(rows)
    if table.empty:
        return
    show("latency map per seed", table.sort_values(["case", "routing", "seed"]), list(table.columns))
    g = table.groupby(["case", "routing"])[["peak", "mean", "std", "peak_port"]]
    show("latency map mean", g.mean().reset_index(), ["case", "routing", "peak", "mean", "std", "peak_port"])
    show("latency map sd", g.std().reset_index(), ["case", "routing", "peak", "mean", "std", "peak_port"])


def probes(out: Path) -> None:
    """The page's two VC/ACK probe tables (target 1 "Why", targets 2-3 transpose at 0.2): the
    `warpnet sweep` runs of docs/reproduction/drb.md in <out>/why-dor, why-drb, tr-dor, tr-drb."""
    cols = ["latency", "latency_std", "accepted_load", "accepted_load_std", "source_queue_latency",
            "contention", "mean_width", "mean_width_std", "saturated", "seeds"]
    for name, keys in (("why-dor", ["router.vcs", "traffic.load"]),
                       ("why-drb", ["router.vcs", "drb.ack", "traffic.load"]),
                       ("tr-dor", ["router.vcs"]), ("tr-drb", ["router.vcs", "drb.ack"])):
        runs = load(out, name)
        if runs is None:
            continue
        runs = runs.copy()
        table = agg(runs, keys)
        extra = runs.groupby(keys, sort=True)["source_queue_latency"].mean().reset_index(drop=True)
        table["source_queue_latency"] = extra
        show(name, table, keys + cols)


if __name__ == "__main__":
    main()
    latency_maps(Path(sys.argv[1]))
    if len(sys.argv) > 2:
        probes(Path(sys.argv[2]))
