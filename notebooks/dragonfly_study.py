# SPDX-License-Identifier: Apache-2.0
"""The dragonfly reproduction (docs/reproduction/dragonfly.md): throughput bounds, the load
sweeps' tables and figures.

Kim, Dally, Scott and Abts, "Technology-Driven, Highly-Scalable Dragonfly Topology" (ISCA 2008)
and Jiang, Kim and Dally, "Indirect Adaptive Routing on Large Scale Interconnection Networks"
(ISCA 2009). benchmarks/network/dragonfly_sweep.sh runs the sweeps (`warpnet sweep`, one
directory each); this module reads them and prints the page's tables:

    benchmarks/network/dragonfly_sweep.sh big   /tmp/dfly
    benchmarks/network/dragonfly_sweep.sh small /tmp/dfly
    benchmarks/network/dragonfly_sweep.sh drb   /tmp/dfly        # optional
    PYTHONPATH=analysis /usr/bin/python3 notebooks/dragonfly_study.py report /tmp/dfly \
        --figures docs/figures

notebooks/dragonfly.ipynb runs a CI-size subset and checks the page's verdicts.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Callable

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "analysis"))
import warpnet_analysis as wa  # noqa: E402

ROUTINGS = ["dragonfly_minimal", "dragonfly_valiant", "ugal_local", "ugal_global", "par",
            "drb", "prdrb"]
LABELS = {"dragonfly_minimal": "MIN", "dragonfly_valiant": "VAL", "ugal_local": "UGAL-L",
          "ugal_global": "UGAL-G", "par": "PAR", "drb": "DRB", "prdrb": "PR-DRB"}
PATTERNS = ["group_shift", "uniform"]
# The sweeps of the VC ablation (dragonfly_sweep.sh vcs, big-vcs), kept out of the curves.
ABLATION_DIRS = r"/(?:vcs-shift|big-vcs)/"


def bounds(p: int, a: int, h: int, g: int | None = None) -> dict[tuple[str, str], float]:
    """Throughput bounds in flits/node/cycle (every link carries 1 flit per cycle), for the
    dragonfly with one global link between every pair of groups (g = a*h + 1).

    Minimal, group shift: a group's a*p terminals share the one link to the next group.
    Valiant, group shift: the intermediate group is uniform over all g groups (one equal to the
      source or destination group makes the route minimal), so each of a group's a*h = g - 1
      global links carries 2/g of a group's traffic: a*p*lambda*2/g <= 1.
    Minimal, uniform: a pair's link carries a*p*lambda/g <= 1, i.e. lambda <= g/(a*p) >= 1; the
      terminal link (1 flit/cycle) binds first.
    Valiant, uniform: a packet leaving its group crosses 2 - 2/g global links on average; the
      g*(g-1) links share g*a*p*lambda*(g-1)/g*(2 - 2/g): lambda <= g^2 / (2*a*p*(g-1)).
    Local links carry less than the global ones in each case with a = 2h (docs page)."""
    if g is None:
        g = a * h + 1
    if g != a * h + 1:
        raise ValueError("the bounds assume g = a*h + 1 (one global link per pair of groups)")
    t = a * p  # terminals per group
    return {
        ("group_shift", "dragonfly_minimal"): min(1.0, 1.0 / t),
        ("group_shift", "dragonfly_valiant"): min(1.0, g / (2.0 * t)),
        ("uniform", "dragonfly_minimal"): min(1.0, g / t),
        ("uniform", "dragonfly_valiant"): min(1.0, g * g / (2.0 * t * (g - 1))),
    }


def reference_bound(pattern: str, routing: str, b: dict) -> float:
    """The bound a routing is measured against: its own for MIN and VAL; for the adaptive
    routings the better of the two (what UGAL-G, the ideal, should track)."""
    if (pattern, routing) in b:
        return b[(pattern, routing)]
    return max(b[(pattern, "dragonfly_minimal")], b[(pattern, "dragonfly_valiant")])


def load(out: str | Path) -> pd.DataFrame:
    """Every sweep directory under `out` (an index.csv each), one row per run."""
    frames = []
    for index in sorted(Path(out).glob("*/index.csv")):
        frames.append(wa.load_runs(index.parent))
    if not frames:
        raise FileNotFoundError(f"no sweep directories (*/index.csv) under {out}")
    runs = pd.concat(frames, ignore_index=True)
    runs["terminals"] = (runs["dragonfly.p"] * runs["dragonfly.a"]
                         * (runs["dragonfly.a"] * runs["dragonfly.h"] + 1)).astype(int)
    return runs


def over_seeds(runs: pd.DataFrame) -> pd.DataFrame:
    """Mean and sd over seeds of accepted load and latency per (size, pattern, routing, load)."""
    keys = ["terminals", "traffic.pattern", "network.routing", "traffic.load"]
    g = runs.groupby(keys)
    return pd.DataFrame({
        "accepted": g["accepted_load"].mean(), "accepted_sd": g["accepted_load"].std(),
        "latency": g["latency"].mean(), "latency_sd": g["latency"].std(),
        "hops": g["hops"].mean(), "network_latency": g["network_latency"].mean(),
        "saturated": g["saturated"].mean(), "seeds": g["simulation.seed"].nunique(),
    }).reset_index()


def markdown_by_load(summary: pd.DataFrame, terminals: int, pattern: str,
                     heading: Callable[[float], str], cell: Callable[[pd.Series], str]) -> str:
    """A table of one size and pattern: a row per routing, a column per offered load (titled
    heading(load)); cell(row) formats the summary row of a routing and load, left empty where
    that routing did not run at that load."""
    part = summary[(summary["terminals"] == terminals) & (summary["traffic.pattern"] == pattern)]
    loads = sorted(part["traffic.load"].unique())
    lines = ["| routing | " + " | ".join(heading(x) for x in loads) + " |",
             "|---|" + "---|" * len(loads)]
    for routing in ROUTINGS:
        rows = part[part["network.routing"] == routing].set_index("traffic.load")
        if rows.empty:
            continue
        cells = [cell(rows.loc[x]) if x in rows.index else "" for x in loads]
        lines.append(f"| {LABELS[routing]} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def markdown_hops(summary: pd.DataFrame, terminals: int, pattern: str) -> str:
    """Mean router hops (3 seeds) per routing and load: how often each routing went non-minimal."""
    return markdown_by_load(summary, terminals, pattern, lambda x: f"{x:g}",
                            lambda r: f"{r['hops']:.2f}")


def saturation(runs: pd.DataFrame) -> pd.DataFrame:
    """Saturation throughput: per seed the highest accepted load over the offered loads run
    (the loads reach past every routing's knee), then mean and sd over the seeds; with the
    bound the routing is measured against."""
    keys = ["terminals", "traffic.pattern", "network.routing"]
    best = runs.groupby(keys + ["simulation.seed"])["accepted_load"].max().reset_index()
    g = best.groupby(keys)["accepted_load"]
    table = pd.DataFrame({"saturation": g.mean(), "sd": g.std(), "seeds": g.count()}).reset_index()
    p = runs.groupby("terminals")[["dragonfly.p", "dragonfly.a", "dragonfly.h"]].first()
    table["bound"] = [
        reference_bound(row["traffic.pattern"], row["network.routing"],
                        bounds(*(int(v) for v in p.loc[row["terminals"]])))
        for _, row in table.iterrows()]
    table["of_bound"] = table["saturation"] / table["bound"]
    return table


def pm(mean: float, sd: float, digits: int) -> str:
    if sd is None or (isinstance(sd, float) and math.isnan(sd)):
        return f"{mean:.{digits}f}"
    return f"{mean:.{digits}f} ± {sd:.{digits}f}"


def markdown_curves(summary: pd.DataFrame, terminals: int, pattern: str) -> str:
    """Accepted load ± sd; latency ± sd per routing and offered load, `*` where at least half
    the seeds' runs say saturated."""
    def cell(r: pd.Series) -> str:
        star = " *" if r["saturated"] >= 0.5 else ""
        return (f"{pm(r['accepted'], r['accepted_sd'], 3)}; "
                f"{pm(r['latency'], r['latency_sd'], 0)}{star}")
    return markdown_by_load(summary, terminals, pattern, lambda x: f"offered {x:g}", cell)


def markdown_saturation(sat: pd.DataFrame, terminals: int) -> str:
    part = sat[sat["terminals"] == terminals]
    lines = ["| routing | pattern | saturation (flits/node/cycle) | bound | of bound |",
             "|---|---|---|---|---|"]
    for pattern in PATTERNS:
        for routing in ROUTINGS:
            rows = part[(part["traffic.pattern"] == pattern) & (part["network.routing"] == routing)]
            for _, r in rows.iterrows():
                lines.append(f"| {LABELS[routing]} | {pattern} | {pm(r['saturation'], r['sd'], 3)} "
                             f"| {r['bound']:.3f} | {100 * r['of_bound']:.0f} % |")
    return "\n".join(lines)


def plot(summary: pd.DataFrame, terminals: int, b: dict, path: str | Path) -> Path:
    """Latency (log) and accepted load against offered load, both patterns, bounds dashed."""
    figure = wa.new_figure(11, 8)
    axes = figure.subplots(2, 2)
    for row, pattern in enumerate(PATTERNS):
        part = summary[(summary["terminals"] == terminals)
                       & (summary["traffic.pattern"] == pattern)]
        lat_ax, acc_ax = axes[row]
        for routing in ROUTINGS:
            r = part[part["network.routing"] == routing].sort_values("traffic.load")
            if r.empty:
                continue
            lat_ax.errorbar(r["traffic.load"], r["latency"], yerr=r["latency_sd"], marker="o",
                            capsize=3, label=LABELS[routing])
            acc_ax.errorbar(r["traffic.load"], r["accepted"], yerr=r["accepted_sd"], marker="o",
                            capsize=3, label=LABELS[routing])
        for routing, style in (("dragonfly_minimal", ":"), ("dragonfly_valiant", "--")):
            value = b[(pattern, routing)]
            acc_ax.axhline(value, color="grey", linestyle=style, linewidth=1)
            acc_ax.text(0.01, value, f" {LABELS[routing]} bound {value:.3f}", color="grey",
                        va="bottom", fontsize=8, transform=acc_ax.get_yaxis_transform())
        top = part["traffic.load"].max() if not part.empty else 1.0
        acc_ax.plot([0, top], [0, top], color="lightgrey", linewidth=1)
        lat_ax.set_yscale("log")
        lat_ax.set_ylabel("latency (cycles)")
        acc_ax.set_ylabel("accepted (flits/node/cycle)")
        for ax in (lat_ax, acc_ax):
            ax.set_xlabel("offered (flits/node/cycle)")
            ax.set_title(f"{terminals} terminals, {pattern.replace('_', ' ')}")
            ax.grid(True, alpha=0.3)
        lat_ax.legend(fontsize=8)
    figure.tight_layout()
    return wa.save_figure(figure, path)


def markdown_vcs(runs: pd.DataFrame) -> str:
    """The VC ablation under the shift: accepted load per routing and VC count."""
    shift = runs[runs["traffic.pattern"] == "group_shift"]
    keys = ["terminals", "traffic.load", "network.routing", "router.vcs"]
    g = shift.groupby(keys)["accepted_load"]
    table = pd.DataFrame({"mean": g.mean(), "sd": g.std()}).reset_index()
    lines = ["| terminals | offered | routing | VCs | accepted |", "|---|---|---|---|---|"]
    for _, r in table.iterrows():
        lines.append(f"| {r['terminals']} | {r['traffic.load']:g} | {LABELS[r['network.routing']]} "
                     f"| {r['router.vcs']} | {pm(r['mean'], r['sd'], 3)} |")
    return "\n".join(lines)


def report(out: str, figures: str | None) -> None:
    everything = load(out)
    in_ablation = everything["path"].astype(str).str.contains(ABLATION_DIRS, regex=True)
    ablation = everything[in_ablation]
    if not ablation.empty:
        # big-vcs holds 4 VCs at 1,056 terminals; compare with big-shift's 12 at the same load.
        twelve = everything[(everything["terminals"] == 1056) & (everything["router.vcs"] == 12)
                            & (everything["traffic.load"] == 0.55)
                            & everything["network.routing"].isin(
                                ablation["network.routing"].unique())]
        print("\n## VC ablation (group shift)\n")
        print(markdown_vcs(pd.concat([ablation, twelve])))
    runs = everything[~in_ablation]
    summary = over_seeds(runs)
    sat = saturation(runs)
    for terminals in sorted(runs["terminals"].unique()):
        first = runs[runs["terminals"] == terminals].iloc[0]
        p, a, h = (int(first[k]) for k in ("dragonfly.p", "dragonfly.a", "dragonfly.h"))
        b = bounds(p, a, h)
        print(f"\n## {terminals} terminals (p = {p}, a = {a}, h = {h}, g = {a * h + 1})\n")
        print("bounds:", {f"{k[0]}/{LABELS[k[1]]}": round(v, 4) for k, v in b.items()})
        for pattern in PATTERNS:
            print(f"\n### {pattern}: accepted ± sd; latency ± sd (* saturated in most seeds)\n")
            print(markdown_curves(summary, terminals, pattern))
            print(f"\nhops ({pattern}):\n")
            print(markdown_hops(summary, terminals, pattern))
        print("\n### saturation\n")
        print(markdown_saturation(sat, terminals))
        if figures:
            print("wrote", plot(summary, terminals, b,
                                Path(figures) / f"dragonfly-{terminals}.png"))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("report", help="tables (markdown) and figures of the sweeps under OUT")
    rep.add_argument("out")
    rep.add_argument("--figures", help="directory for dragonfly-<terminals>.png")
    sub.add_parser("bounds", help="print the bounds of the two sizes")
    args = parser.parse_args(argv)
    if args.command == "report":
        report(args.out, args.figures)
    else:
        for p, a, h in ((4, 8, 4), (2, 4, 2)):
            print((p, a, h), {f"{k[0]}/{LABELS[k[1]]}": round(v, 4)
                              for k, v in bounds(p, a, h).items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
