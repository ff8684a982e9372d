# SPDX-License-Identifier: Apache-2.0
"""Prints the issue-28 tables of docs/reproduction/speculative.md ("The seed's set-up, settled")
from the summary that `speculative_sweeps.py --only fidelity_uniform fidelity_hot02
fidelity_hot05 fidelity_hot10` writes: per traffic, each variant's latency below saturation,
its accepted load (the peak over the loads, and at 0.2) and the link-load spread, as
mean ± sd over seeds 1-3.

    /usr/bin/python3 notebooks/speculative_fidelity.py [results/speculative/summary.csv]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(os.environ.get("WARPNET_SPECULATIVE_OUT", ROOT / "results" / "speculative"))
TRAFFIC = {"fidelity_uniform": "uniform", "fidelity_hot02": "hot spot 2 %",
           "fidelity_hot05": "hot spot 5 % (the page's)", "fidelity_hot10": "hot spot 10 %"}
LOW, HIGH = 0.08, 0.2  # below saturation in every traffic; past it in every traffic


def cell(row: pd.Series, column: str, fmt: str) -> str:
    return f"{row[column + '_mean']:{fmt}} ± {row[column + '_sd']:{fmt}}"


def table(frame: pd.DataFrame) -> str:
    lines = ["| variant | layout | latency at 0.08 | peak accepted (at load) | accepted at 0.2 "
             "| link CV at 0.08 | link CV at 0.2 | max/mean at 0.2 |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for variant, g in frame.groupby("variant", sort=False):
        name, _, layout = variant.rpartition("_")
        low = g[g["load"].round(3) == LOW].iloc[0]
        high = g[g["load"].round(3) == HIGH].iloc[0]
        peak = g.loc[g["accepted_load_mean"].idxmax()]
        lines.append(
            f"| {name} | {'4n-2' if layout == '4n2' else layout} | {cell(low, 'latency', '.0f')} "
            f"| {cell(peak, 'accepted_load', '.4f')} ({peak['load']:g}) "
            f"| {cell(high, 'accepted_load', '.4f')} | {cell(low, 'link_load_cv', '.3f')} "
            f"| {cell(high, 'link_load_cv', '.3f')} | {cell(high, 'link_load_max_mean', '.2f')} |")
    return "\n".join(lines)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT / "summary.csv"
    summary = pd.read_csv(path)
    for experiment, title in TRAFFIC.items():
        frame = summary[summary["experiment"] == experiment]
        if frame.empty:
            continue
        print(f"\n### {title}\n")
        print(table(frame))


if __name__ == "__main__":
    main()
